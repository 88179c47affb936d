//! A command interrupted (Ctrl+C, `kill`, a closed terminal) while it writes a file finishes
//! that write first, so that it never leaves a temporary file behind, then ends as the
//! interruption asked.
//!
//! [`finish_writes_first`] installs the handlers, once, for the command line. Each writer of
//! this module holds a [`Writing`] from before its temporary file exists until the file has its
//! final name or is removed. An interruption outside any write ends the process at once, as
//! it would have without the handlers; one during a write is held until the last write
//! under way is done. A write asked for once an interruption is pending does not begin. A
//! second interruption ends the process at once, whatever it was writing (the next write
//! into that folder sweeps what it leaves).
//!
//! On Unix the interruption is SIGINT, SIGTERM or SIGHUP (one the parent ignores, as `nohup`
//! does, stays ignored), and the process ends by the same signal, so that its parent sees
//! what ended it. On Windows it is the console's Ctrl+C, Ctrl+Break or close, whose handler
//! runs on a thread of its own and lets the system end the process once the writes are done.
//! A process killed outright (SIGKILL, the task manager) cannot be asked: what it leaves is
//! swept by the next write into the folder ([`super::sweep_stale_temporaries`]).

use std::io;
use std::sync::Once;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

/// Writes under way.
static WRITERS: AtomicUsize = AtomicUsize::new(0);
/// The interruption waiting for the writes to end (a signal's number on Unix; on Windows the
/// console event plus one), or 0.
static PENDING: AtomicI32 = AtomicI32::new(0);

/// A write under way: while one is held, an interruption waits for it.
#[must_use = "the write is guarded only while this is held"]
pub struct Writing(());

impl Writing {
    /// Notes a write beginning. Once an interruption is pending no write begins: the process
    /// ends here if nothing else is being written, else this write is refused and the last
    /// one under way ends it.
    pub fn begin() -> io::Result<Writing> {
        WRITERS.fetch_add(1, Ordering::SeqCst);
        let writing = Writing(());
        if PENDING.load(Ordering::SeqCst) != 0 {
            drop(writing);
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the command was interrupted",
            ));
        }
        Ok(writing)
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        let left = WRITERS.fetch_sub(1, Ordering::SeqCst) - 1;
        let pending = PENDING.load(Ordering::SeqCst);
        if left == 0 && pending != 0 {
            end(pending);
        }
    }
}

/// Makes interruptions wait for the writes under way (see the module's documentation). Called
/// again, it does nothing.
pub fn finish_writes_first() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(install);
}

#[cfg(unix)]
fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: `sigaction` with a zeroed, then filled, structure; the handler only touches
        // atomics and calls async-signal-safe functions (`signal`, `raise`).
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal handler: ends the process now, unless a write is under way and this is the
/// first interruption.
#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    let before = PENDING.swap(signal, Ordering::SeqCst);
    if before != 0 || WRITERS.load(Ordering::SeqCst) == 0 {
        end(signal);
    }
}

/// Ends the process by `signal`, as it would have ended without the handler.
#[cfg(unix)]
fn end(signal: i32) {
    // SAFETY: both are async-signal-safe; with the default action back, the signal raised
    // ends the process.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

#[cfg(windows)]
fn install() {
    use windows_sys::Win32::System::Console::SetConsoleCtrlHandler;
    // SAFETY: the handler is a plain function that lives as long as the process.
    unsafe {
        SetConsoleCtrlHandler(Some(on_console_event), 1);
    }
}

/// The console's handler, on a thread of its own: waits for the writes under way, then lets
/// the system's own handler end the process.
#[cfg(windows)]
unsafe extern "system" fn on_console_event(event: u32) -> windows_sys::core::BOOL {
    let before = PENDING.swap(event as i32 + 1, Ordering::SeqCst);
    while before == 0 && WRITERS.load(Ordering::SeqCst) > 0 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    0
}

/// On Windows the handler's thread ends the process once the writes are done: the writer
/// that finished last has nothing more to do.
#[cfg(windows)]
fn end(_event: i32) {}

#[cfg(not(any(unix, windows)))]
fn install() {}

#[cfg(not(any(unix, windows)))]
fn end(_pending: i32) {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Write;
    use std::path::PathBuf;
    use std::process::{Command, Stdio};

    /// The variable that makes the test binary, started again by the test below, the process
    /// that is interrupted in the middle of a write.
    const CHILD: &str = "SANQI_TEST_INTERRUPTED_WRITER";

    /// In the child: writes `file` atomically, and in the middle of it says so on stdout and
    /// waits for a line on stdin (the parent sends SIGTERM meanwhile, then the line).
    fn interrupted_writer(file: PathBuf) {
        finish_writes_first();
        let result = super::super::write_atomic_with(&file, |out| {
            out.write_all(b"new ")?;
            println!("writing");
            io::stdout().flush()?;
            let mut line = String::new();
            io::stdin().read_line(&mut line)?;
            out.write_all(b"contents")
        });
        // Not reached when the signal ends the process as the write ends.
        println!("written: {result:?}");
    }

    #[test]
    fn an_interruption_during_a_write_waits_for_it_and_leaves_no_temporary_file() {
        if let Some(file) = std::env::var_os(CHILD) {
            interrupted_writer(PathBuf::from(file));
            return;
        }
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join("kept.json");
        std::fs::write(&file, b"old").expect("written");
        let mut child = Command::new(std::env::current_exe().expect("the test binary"))
            .args([
                "--exact",
                "files::interrupt::tests::an_interruption_during_a_write_waits_for_it_and_leaves_no_temporary_file",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(CHILD, &file)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the child runs");
        let mut stdout = io::BufReader::new(child.stdout.take().expect("its output"));
        let mut line = String::new();
        while !line.contains("writing") {
            line.clear();
            let read = io::BufRead::read_line(&mut stdout, &mut line).expect("its output");
            assert!(read > 0, "the child ended before writing");
        }
        // The temporary file is there, half written, when the signal comes.
        let pid = libc::pid_t::try_from(child.id()).expect("a process id");
        // SAFETY: sends SIGTERM to the child this test started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let mut stdin = child.stdin.take().expect("its input");
        // The child may already be gone (without the handlers): a closed pipe is fine.
        let _ = stdin.write_all(b"go on\n");
        drop(stdin);
        let status = child.wait().expect("it ends");
        let mut rest = String::new();
        let _ = io::Read::read_to_string(&mut stdout, &mut rest);
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?} {rest}");
        assert!(!rest.contains("written"), "{rest}");
        // The write was finished, and nothing else is left in the folder.
        assert_eq!(std::fs::read(&file).expect("the file"), b"new contents");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("the folder")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(names, ["kept.json"]);
    }
}
