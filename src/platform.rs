//! What the binary needs from the operating system beyond the standard library.
//!
//! On Windows a release build of `sanqi` is a GUI program (`windows_subsystem = "windows"`
//! in `main.rs`), so double-clicking it opens no console window. Such a program has no
//! console of its own either, so when it is started from a terminal with a subcommand
//! (`sanqi perft flying 3`), the command line calls [`attach_console`] before printing, and
//! its output goes to the terminal it was started from. For the same reason an error that
//! stops the window from opening is also shown in a message box ([`report_fatal_error`]).
//!
//! In the web build, [`web`] holds what the page needs from the browser: Web Workers running
//! this module, downloads, uploads and the page's address.

#[cfg(target_arch = "wasm32")]
pub mod web;

/// Sends stdout and stderr to the console of the process that started this one (the
/// terminal), if there is one, leaving alone a stream that already goes to a file or a pipe.
///
/// On Windows: when both streams are redirected (`sanqi … > out.txt 2>&1`, `sanqi … | more`)
/// nothing is done; otherwise `AttachConsole(ATTACH_PARENT_PROCESS)`, which does nothing when
/// started from Explorer, and a redirected stream is pointed back at its file or pipe (see
/// [`attach_plan`]). Elsewhere this does nothing at all.
///
/// A GUI program started from `cmd.exe` or PowerShell does not make the prompt wait for it:
/// the prompt may be printed before the output. `start /wait sanqi …` in `cmd.exe`, or a pipe
/// (`sanqi … | more`), keeps them in order.
pub fn attach_console() {
    #[cfg(windows)]
    windows::attach_console();
}

/// Where a standard stream goes when the program starts, as far as attaching to a console is
/// concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(windows), allow(dead_code))]
enum StreamTarget {
    /// A file or a pipe: the output already reaches its reader.
    Redirected,
    /// No handle, a character device or anything else: the output would be lost.
    Unconnected,
}

/// What [`attach_console`] does, given where stdout and stderr go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(windows), allow(dead_code))]
struct AttachPlan {
    /// Whether to attach to the parent's console at all.
    attach: bool,
    /// Whether stdout, then stderr, must be pointed back at their redirection after
    /// attaching (which points every standard handle at the console).
    restore_stdout: bool,
    restore_stderr: bool,
}

/// Attach only when some of the output would otherwise be lost, and keep each redirection.
#[cfg_attr(not(windows), allow(dead_code))]
fn attach_plan(stdout: StreamTarget, stderr: StreamTarget) -> AttachPlan {
    let redirected = |target| target == StreamTarget::Redirected;
    let attach = !(redirected(stdout) && redirected(stderr));
    AttachPlan {
        attach,
        restore_stdout: attach && redirected(stdout),
        restore_stderr: attach && redirected(stderr),
    }
}

/// Tells the person that the app cannot go on (say, no graphics renderer works): on stderr
/// and, on Windows, also in a message box, since a program started from Explorer has no
/// terminal where stderr would show.
pub fn report_fatal_error(message: &str) {
    write_fatal_error(&mut std::io::stderr().lock(), message);
    #[cfg(windows)]
    windows::error_box("Sanqi", message);
}

/// Writes the message as one line; a failure to write is ignored, as there is nowhere left to
/// report it.
fn write_fatal_error(out: &mut dyn std::io::Write, message: &str) {
    let _ = writeln!(out, "{}", crate::echo::one_line(message, usize::MAX));
}

#[cfg(windows)]
mod windows {
    use windows_sys::Win32::Foundation::HANDLE;
    use windows_sys::Win32::Storage::FileSystem::{FILE_TYPE_DISK, FILE_TYPE_PIPE, GetFileType};
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_HANDLE,
        STD_OUTPUT_HANDLE, SetStdHandle,
    };
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};

    use super::{StreamTarget, attach_plan};

    /// Shows `text` in a modal error box and waits until it is closed.
    pub(super) fn error_box(caption: &str, text: &str) {
        let wide = |s: &str| s.encode_utf16().chain([0]).collect::<Vec<u16>>();
        let (caption, text) = (wide(caption), wide(text));
        // SAFETY: both strings are NUL-terminated UTF-16 that outlive the call; a null owner
        // window is allowed.
        unsafe {
            MessageBoxW(
                std::ptr::null_mut(),
                text.as_ptr(),
                caption.as_ptr(),
                MB_OK | MB_ICONERROR,
            );
        }
    }

    /// A standard handle and where it goes.
    fn standard(which: STD_HANDLE) -> (HANDLE, StreamTarget) {
        // SAFETY: GetStdHandle takes one of the standard-device constants and returns a
        // handle, null or INVALID_HANDLE_VALUE; GetFileType accepts any of these and answers
        // FILE_TYPE_UNKNOWN for the last two.
        let (handle, file_type) = unsafe {
            let handle = GetStdHandle(which);
            (handle, GetFileType(handle))
        };
        let target = if matches!(file_type, FILE_TYPE_DISK | FILE_TYPE_PIPE) {
            StreamTarget::Redirected
        } else {
            StreamTarget::Unconnected
        };
        (handle, target)
    }

    pub(super) fn attach_console() {
        let (stdout, stdout_target) = standard(STD_OUTPUT_HANDLE);
        let (stderr, stderr_target) = standard(STD_ERROR_HANDLE);
        let plan = attach_plan(stdout_target, stderr_target);
        // SAFETY: ATTACH_PARENT_PROCESS is a valid argument; the call fails harmlessly when
        // the parent has no console or this process already has one.
        if !plan.attach || unsafe { AttachConsole(ATTACH_PARENT_PROCESS) } == 0 {
            return;
        }
        // SAFETY: the handles are the ones this process was started with, still open.
        unsafe {
            if plan.restore_stdout {
                SetStdHandle(STD_OUTPUT_HANDLE, stdout);
            }
            if plan.restore_stderr {
                SetStdHandle(STD_ERROR_HANDLE, stderr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_fatal_error_is_one_line() {
        let mut out = Vec::new();
        super::write_fatal_error(&mut out, "sanqi: no renderer works");
        assert_eq!(out, b"sanqi: no renderer works\n");
        let mut out = Vec::new();
        super::write_fatal_error(&mut out, "first\nsecond\r\u{1b}[2J");
        assert_eq!(
            String::from_utf8(out).unwrap_or_default(),
            "first\\nsecond\\r\\u{1b}[2J\n"
        );
    }

    /// Where there is no console to attach to, attaching leaves stdout and stderr going
    /// where they went.
    #[cfg(unix)]
    #[test]
    fn attaching_leaves_the_standard_streams_alone() {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        fn identity(stream: std::os::fd::BorrowedFd<'_>) -> (u64, u64) {
            let fd = stream.try_clone_to_owned().expect("a standard stream");
            let metadata = std::fs::File::from(fd).metadata().expect("its metadata");
            (metadata.dev(), metadata.ino())
        }
        let streams = || {
            (
                identity(std::io::stdout().as_fd()),
                identity(std::io::stderr().as_fd()),
            )
        };
        let before = streams();
        super::attach_console();
        super::attach_console();
        assert_eq!(streams(), before);
    }

    #[test]
    fn a_file_or_a_pipe_keeps_the_output_and_only_lost_output_goes_to_the_console() {
        use super::StreamTarget::{Redirected, Unconnected};
        use super::{AttachPlan, attach_plan};
        // `sanqi … > out.txt 2>&1`, `sanqi … 2>&1 | more`: nothing to do.
        assert!(!attach_plan(Redirected, Redirected).attach);
        // Started from a terminal: both go to its console.
        assert_eq!(
            attach_plan(Unconnected, Unconnected),
            AttachPlan {
                attach: true,
                restore_stdout: false,
                restore_stderr: false
            }
        );
        // `sanqi … > out.txt`: the errors still reach the terminal, the output its file.
        assert_eq!(
            attach_plan(Redirected, Unconnected),
            AttachPlan {
                attach: true,
                restore_stdout: true,
                restore_stderr: false
            }
        );
        // `sanqi … 2> errors.txt`.
        assert_eq!(
            attach_plan(Unconnected, Redirected),
            AttachPlan {
                attach: true,
                restore_stdout: false,
                restore_stderr: true
            }
        );
    }
}
