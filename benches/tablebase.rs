//! Solver throughput: `cargo bench --bench tablebase [-- SIZExPIECES …] [--threads N]`.
//!
//! Solves each board in memory (default: 4×4 with 6 pieces and 5×5 with 5 to 7 pieces) and
//! prints the classes, the figures and the time, so the rate can be extrapolated to the full
//! 5×5 game before running it (`sanqi solve flying`, or `scripts/solve-flying.sh`).

use std::time::Instant;

use sanqi::tablebase::{Board, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test` runs benches with --bench absent; only measure under `cargo bench`.
    if !args.iter().any(|a| a == "--bench") {
        return;
    }
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let mut boards: Vec<Board> = args
        .iter()
        .filter_map(|a| {
            let (size, pieces) = a.split_once('x')?;
            Board::new(size.parse().ok()?, pieces.parse().ok()?)
        })
        .collect();
    if boards.is_empty() {
        boards = [(4, 6), (5, 5), (5, 6), (5, 7)]
            .into_iter()
            .filter_map(|(s, p)| Board::new(s, p))
            .collect();
    }
    for board in boards {
        let started = Instant::now();
        let solution = match solve(board, threads) {
            Ok(solution) => solution,
            Err(e) => {
                eprintln!("{board}: {e}");
                std::process::exit(2);
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        let f = solution.figures();
        let share = |n: u64| 100.0 * n as f64 / f.positions as f64;
        println!(
            "{board}: {} positions, {} classes in {seconds:.2} s ({:.2} M classes/s, {threads} thread(s)); \
             wins {:.1}% losses {:.1}% draws {:.1}%; longest {} plies; max flip distance {}/{}",
            f.positions,
            f.classes(),
            f.classes() as f64 / seconds / 1e6,
            share(f.wins.positions),
            share(f.losses.positions),
            share(f.draws.positions),
            f.longest_win.max(f.longest_loss),
            f.max_dtz_win,
            f.max_dtz_loss,
        );
    }
}
