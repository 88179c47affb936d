//! Build script. On Windows targets it gives `sanqi.exe` its icon
//! (`packaging/windows/sanqi.ico`, made by `scripts/make-icons.sh`) and its version
//! information; on every other target it does nothing.
//!
//! The resource compiler is the Windows SDK's `rc.exe` for MSVC targets (`llvm-rc` when
//! cross-compiling from Unix) and `windres` for GNU targets. If it cannot be run, the build
//! goes on with a warning and the program simply has the default icon.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
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
