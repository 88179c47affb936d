//! The sound check against a real PulseAudio server: `scripts/test-sound.sh` starts a
//! private headless server with a null sink, records it while the built `sanqi` plays a
//! capture, and checks that it is heard, and that at volume 0 nothing is. Where there is no
//! `pulseaudio` the check is skipped with a line, as the script itself does.

use std::path::Path;
use std::process::Command;

/// Whether `program` is on the `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

#[test]
fn a_capture_is_heard_and_volume_zero_is_silent() {
    if !on_path("pulseaudio") || !on_path("parec") {
        println!("sound check skipped: no pulseaudio here");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/test-sound.sh");
    let output = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_sanqi"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("sound check passed") || stdout.contains("sound check skipped"),
        "{stdout}"
    );
}
