//! The `sanqi` binary: no arguments opens the window; a subcommand runs the command line.

// A Windows release build is a GUI program: double-clicking it opens no console window.
// The command line still prints when started from a terminal (sanqi::platform).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    sanqi::app::startup::process_start();
    // Arguments as the system gives them: one that is not valid Unicode becomes an error
    // message in the command line, not a panic here.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.is_empty() {
        sanqi::app::run();
        return;
    }
    sanqi::platform::attach_console();
    // Ctrl+C or `kill` in the middle of writing a file waits for the write to end.
    sanqi::files::interrupt::finish_writes_first();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let code = sanqi::cli::run(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(code);
}

/// In the browser the page starts the app through the library's `start` (`sanqi::app::web`),
/// and a Web Worker the searches through its `worker_job`: the program itself does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}
