//! The `sanqi` binary: no arguments opens the window; a subcommand runs the command line.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        sanqi::app::run();
        return;
    }
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let code = sanqi::cli::run(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(code);
}
