//! Build script. On Windows targets it gives `sanqi.exe` its icon
//! (`packaging/windows/sanqi.ico`, made by `scripts/make-icons.sh`) and its version
//! information; on every other target it does nothing.
//!
//! The resource compiler is the Windows SDK's `rc.exe` for MSVC targets (`llvm-rc` when
//! cross-compiling from Unix) and `windres` for GNU targets. If it cannot be run, the build
//! goes on with a warning and the program simply has the default icon.
//!
//! On every target it first checks the evaluation weights, opening books and puzzles embedded
//! from `assets/eval`, `assets/book` and `assets/puzzles`: a file whose header, length or checksum is wrong stops the
//! build (the program checks them again, more closely, when it loads them).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    check_embedded_data();
    println!("cargo:rerun-if-changed=packaging/windows/sanqi.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let icon = std::path::Path::new(&manifest_dir).join("packaging/windows/sanqi.ico");
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon(&icon.to_string_lossy())
        .set("ProductName", "Sanqi")
        .set("FileDescription", "Sanqi 三棋")
        .set("OriginalFilename", "sanqi.exe")
        .set("InternalName", "sanqi");
    if let Err(e) = resource.compile_for("sanqi") {
        println!("cargo:warning=sanqi.exe gets no icon: the resource compiler failed: {e}");
    }
}

/// Fails the build if an embedded weights file, book or puzzle file is damaged. Weights: the
/// header `SQWEIGHT`, a weight count that matches the length; books and puzzles: the header
/// `SQOPENBK` or `SQPUZZLE`. All: a reserved byte of 0 and the CRC-32 of the header before it
/// and what follows the header (format 2), or of what follows the header alone (format 1,
/// which the program reads too).
fn check_embedded_data() {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let puzzles = ["neihuang", "flying", "wudao"].map(|game| {
        (
            format!("assets/puzzles/{game}.puzzles"),
            b"SQPUZZLE",
            20,
            "sanqi puzzles build",
        )
    });
    let learned = ["neihuang", "wudao"].into_iter().flat_map(|game| {
        [
            (
                format!("assets/eval/{game}.weights"),
                b"SQWEIGHT",
                24,
                "sanqi train",
            ),
            (
                format!("assets/book/{game}.book"),
                b"SQOPENBK",
                20,
                "sanqi book build",
            ),
        ]
    });
    for (file, magic, header, remake) in learned.chain(puzzles) {
        let path = std::path::Path::new(&manifest_dir).join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => panic!("cannot read {}: {e}", path.display()),
        };
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let sound = bytes.len() >= header && &bytes[..8] == magic && bytes[11] == 0 && {
            let body = &bytes[header..];
            let crc = match bytes[8..10] {
                [1, 0] => Some(crc32(body)),
                [2, 0] => Some(crc32(&[&bytes[..header - 4], body].concat())),
                _ => None,
            };
            crc == Some(u32_at(header - 4))
                && (magic != b"SQWEIGHT" || body.len() == 2 * u32_at(16) as usize)
        };
        assert!(
            sound,
            "{} is damaged: make it again with `{remake}`",
            path.display()
        );
    }
}

/// The CRC-32 (IEEE) of `data`, bit by bit: the build script has no dependencies to spare.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
