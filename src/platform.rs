//! What the binary needs from the operating system beyond the standard library.
//!
//! On Windows a release build of `sanqi` is a GUI program (`windows_subsystem = "windows"`
//! in `main.rs`), so double-clicking it opens no console window. Such a program has no
//! console of its own either, so when it is started from a terminal with a subcommand
//! (`sanqi perft flying 3`), the command line calls [`attach_console`] before printing, and
//! its output goes to the terminal it was started from. For the same reason an error that
//! stops the window from opening is also shown in a message box ([`report_fatal_error`]).

/// Sends stdout and stderr to the console of the process that started this one (the
/// terminal), if there is one and the output is not already going somewhere else.
///
/// On Windows: when stdout is a file or a pipe (`sanqi … > out.txt`, `sanqi … | more`), the
/// handles are already right and nothing is done, as attaching would bypass the
/// redirection; otherwise `AttachConsole(ATTACH_PARENT_PROCESS)`, which does nothing when
/// started from Explorer. Elsewhere this does nothing at all.
///
/// A GUI program started from `cmd.exe` does not make the prompt wait for it: the prompt may
/// be printed before the output. `start /wait sanqi …`, or a pipe, keeps them in order.
pub fn attach_console() {
    #[cfg(windows)]
    windows::attach_console();
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
    use windows_sys::Win32::Storage::FileSystem::{FILE_TYPE_DISK, FILE_TYPE_PIPE, GetFileType};
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_OUTPUT_HANDLE,
    };
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};

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

    /// Whether to attach to the parent's console, given the type of the stdout handle: not
    /// when the output already goes to a file or a pipe.
    pub(super) fn should_attach(stdout_type: u32) -> bool {
        !matches!(stdout_type, FILE_TYPE_DISK | FILE_TYPE_PIPE)
    }

    pub(super) fn attach_console() {
        // SAFETY: GetStdHandle takes one of the standard-device constants and returns a
        // handle, null or INVALID_HANDLE_VALUE; GetFileType accepts any of these and answers
        // FILE_TYPE_UNKNOWN for the last two.
        let stdout_type = unsafe { GetFileType(GetStdHandle(STD_OUTPUT_HANDLE)) };
        if should_attach(stdout_type) {
            // SAFETY: ATTACH_PARENT_PROCESS is a valid argument; the call fails harmlessly
            // when the parent has no console or this process already has one.
            unsafe {
                AttachConsole(ATTACH_PARENT_PROCESS);
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

    #[cfg(windows)]
    #[test]
    fn output_to_a_file_or_a_pipe_is_never_redirected_to_the_console() {
        use windows_sys::Win32::Storage::FileSystem::{
            FILE_TYPE_CHAR, FILE_TYPE_DISK, FILE_TYPE_PIPE, FILE_TYPE_UNKNOWN,
        };
        assert!(!super::windows::should_attach(FILE_TYPE_DISK));
        assert!(!super::windows::should_attach(FILE_TYPE_PIPE));
        assert!(super::windows::should_attach(FILE_TYPE_CHAR));
        assert!(super::windows::should_attach(FILE_TYPE_UNKNOWN));
    }
}
