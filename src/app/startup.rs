//! Start-up timing: how long the window takes from launch to its first drawn frame, and how
//! much memory the process holds then.
//!
//! Two calls wire it in:
//!
//! - [`process_start`] first thing in `main`, to note the moment the program started;
//! - [`first_frame_drawn`] at the end of the first `eframe::App::ui` (later calls do nothing).
//!
//! Both cost next to nothing and say nothing unless asked to by the environment:
//!
//! - `SANQI_STARTUP_TIMING=1` prints one line to stderr when the first frame has been laid
//!   out, such as `startup: first frame 183.4 ms, rss 61.2 MiB` (the resident memory, VmRSS,
//!   is read from `/proc/self/status` on Linux and left out elsewhere);
//! - `SANQI_EXIT_AFTER_FIRST_FRAME=1` then ends the process with status 0, so that a script
//!   can start the app many times in a row (`scripts/startup.sh` does, under Xvfb).
//!
//! The time is measured from [`process_start`] (so it leaves out the few milliseconds the
//! system spends loading the program before `main`) to the end of the first `ui` call (so it
//! leaves out painting that first frame, which follows at once). `scripts/startup.sh` also
//! reports the wall-clock time from launch to exit, which includes both.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// Set to `1` to print the start-up line on stderr.
pub const TIMING_VARIABLE: &str = "SANQI_STARTUP_TIMING";
/// Set to `1` to exit (status 0) right after the first frame.
pub const EXIT_VARIABLE: &str = "SANQI_EXIT_AFTER_FIRST_FRAME";

static START: OnceLock<Instant> = OnceLock::new();
static FIRST_FRAME_SEEN: AtomicBool = AtomicBool::new(false);

/// Notes the moment the program started. Call it first thing in `main`; later calls keep the
/// first moment.
pub fn process_start() {
    START.get_or_init(Instant::now);
}

/// Call at the end of the first `App::ui`. The first call prints the start-up line and exits
/// if the environment asks for it (see the module documentation); later calls return at once.
pub fn first_frame_drawn() {
    if FIRST_FRAME_SEEN.swap(true, Ordering::Relaxed) {
        return;
    }
    let timing = is_set(TIMING_VARIABLE);
    let exit = is_set(EXIT_VARIABLE);
    if !timing && !exit {
        return;
    }
    if timing {
        let elapsed = START.get().map(Instant::elapsed);
        eprintln!("{}", report_line(elapsed, resident_memory_kib()));
    }
    if exit {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        std::process::exit(0);
    }
}

/// Whether an environment variable is set to `1`.
fn is_set(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| v == "1")
}

/// The line [`first_frame_drawn`] prints: `startup: first frame 183.4 ms, rss 61.2 MiB`.
/// Without a start time (if [`process_start`] was never called) the time is `unknown`.
pub fn report_line(elapsed: Option<Duration>, rss_kib: Option<u64>) -> String {
    let time = elapsed.map_or_else(
        || "unknown".to_string(),
        |d| format!("{:.1} ms", d.as_secs_f64() * 1000.0),
    );
    match rss_kib {
        Some(kib) => format!(
            "startup: first frame {time}, rss {:.1} MiB",
            kib as f64 / 1024.0
        ),
        None => format!("startup: first frame {time}"),
    }
}

/// The process's resident memory in KiB, where the system tells it.
fn resident_memory_kib() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        vm_rss_kib(&status)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The `VmRSS:` figure of a `/proc/<pid>/status` text, in KiB.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn vm_rss_kib(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut words = line["VmRSS:".len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => Some(value),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_the_documented_shape() {
        assert_eq!(
            report_line(Some(Duration::from_micros(183_420)), Some(62_669)),
            "startup: first frame 183.4 ms, rss 61.2 MiB"
        );
        assert_eq!(
            report_line(Some(Duration::from_millis(90)), None),
            "startup: first frame 90.0 ms"
        );
        assert_eq!(report_line(None, None), "startup: first frame unknown");
    }

    #[test]
    fn vm_rss_is_read_from_the_status_text() {
        let status = "Name:\tsanqi\nVmPeak:\t  300000 kB\nVmRSS:\t   62669 kB\nThreads:\t9\n";
        assert_eq!(vm_rss_kib(status), Some(62_669));
        assert_eq!(vm_rss_kib("Name:\tsanqi\n"), None);
        assert_eq!(vm_rss_kib("VmRSS:\t12 MB\n"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_resident_memory() {
        assert!(resident_memory_kib().is_some_and(|kib| kib > 0));
    }

    #[test]
    fn the_start_is_kept_once() {
        process_start();
        let first = *START.get().expect("set");
        process_start();
        assert_eq!(*START.get().expect("set"), first);
    }
}
