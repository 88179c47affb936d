//! Writes the app icon, as drawn by `sanqi::app::icon::rgba`, as raw RGBA files, one per
//! size: `DIR/sanqi-<N>.rgba` holds N×N pixels of 8-bit straight (not premultiplied) RGBA.
//! `scripts/make-icons.sh` runs it and turns the files into the PNG, ICO and ICNS icons of
//! `packaging/`, so the window, the desktop files and the installers share one drawing.
//!
//! Usage: `cargo run --example export_icons -- DIR [SIZE...]` (the sizes default to 16, 24,
//! 32, 48, 64, 128, 256, 512 and 1024).

use std::path::PathBuf;
use std::process::ExitCode;

const DEFAULT_SIZES: [u32; 9] = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: export_icons DIR [SIZE...]");
        return ExitCode::from(2);
    };
    let mut sizes = Vec::new();
    for arg in args {
        match arg.to_str().and_then(|a| a.parse::<u32>().ok()) {
            Some(size) if (1..=4096).contains(&size) => sizes.push(size),
            _ => {
                let arg = sanqi::echo::quoted(&arg.to_string_lossy());
                eprintln!("export_icons: {arg} is not a size from 1 to 4096");
                return ExitCode::from(2);
            }
        }
    }
    if sizes.is_empty() {
        sizes = DEFAULT_SIZES.to_vec();
    }
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("export_icons: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for size in sizes {
        let pixels = sanqi::app::icon::rgba(size);
        assert_eq!(pixels.len(), (size * size * 4) as usize);
        let path = dir.join(format!("sanqi-{size}.rgba"));
        if let Err(e) = std::fs::write(&path, &pixels) {
            eprintln!("export_icons: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("{}", path.display());
    }
    ExitCode::SUCCESS
}
