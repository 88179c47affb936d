//! Solver throughput: `cargo bench --bench tablebase [-- SIZExPIECES …] [--threads N]`.
//!
//! Solves each board in memory (default: 4×4 with 6 pieces and 5×5 with 5 to 7 pieces) and
//! prints the classes, the figures and the time, so the rate can be extrapolated to the full
//! 5×5 game before running it (`sanqi solve flying`, or `scripts/solve-flying.sh`).
//!
//! Reading the table: `cargo bench --bench tablebase -- probe [--positions N]`. Writes a
//! table file of the game's full size (sparse: every position a draw), then times its open,
//! a probe and a Master move from it at random positions of real games: the first time each
//! is asked in a process (as `sanqi bestmove` asks, once), and again (as the app asks, all
//! game long). The file's pages are in the system's cache, as in play.

#[path = "../tests/common/synthetic_table.rs"]
mod synthetic_table;

use std::time::{Duration, Instant};

use sanqi::rules::{GameId, State, flying};
use sanqi::tablebase::{Board, Check, Table, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test` runs benches with --bench absent; only measure under `cargo bench`.
    if !args.iter().any(|a| a == "--bench") {
        return;
    }
    if args.iter().any(|a| a == "probe") {
        let positions = args
            .iter()
            .position(|a| a == "--positions")
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(2000);
        probe_bench(positions);
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

/// `n` Flying positions with a move to play, from random games (seeded).
fn random_positions(n: usize) -> Vec<flying::State> {
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut state = State::start(GameId::Flying);
        for _ in 0..200 {
            let legal = state.legal_vec();
            if legal.is_empty() || state.status().is_over() || out.len() == n {
                break;
            }
            if let State::Flying(s) = state {
                out.push(s);
            }
            let action = legal[(next() % legal.len() as u64) as usize];
            if state.apply(action).is_err() {
                break;
            }
        }
    }
    out
}

/// The time per call of `f` over `items`, in microseconds.
fn per_call<T>(items: &[T], mut f: impl FnMut(&T)) -> f64 {
    let started = Instant::now();
    for item in items {
        f(item);
    }
    started.elapsed().as_secs_f64() * 1e6 / items.len().max(1) as f64
}

fn probe_bench(count: usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("flying-5x5.sanqi-table");
    let started = Instant::now();
    let indexer = Board::FLYING.indexer();
    synthetic_table::write(&path, &indexer, &[]);
    println!(
        "table of {} bytes written in {:.1} s",
        std::fs::metadata(&path).map_or(0, |m| m.len()),
        started.elapsed().as_secs_f64()
    );
    let positions = random_positions(count);
    let open = || Table::open_with(&path, Check::Once).expect("the table");
    // Read the file once so that every figure below has it in the system's cache.
    let table = open();
    for s in &positions {
        let _ = table.probe(s);
        let _ = table.best_move(s, 0);
    }
    drop(table);
    let mut opens = Vec::new();
    for _ in 0..20 {
        let started = Instant::now();
        let table = open();
        opens.push(started.elapsed());
        drop(table);
    }
    opens.sort();
    let median = |d: &[Duration]| d[d.len() / 2].as_secs_f64() * 1e6;
    println!("open: median {:.0} µs over {}", median(&opens), opens.len());

    let table = open();
    let first = per_call(&positions, |s| {
        table.probe(s).expect("a value");
    });
    let again = per_call(&positions, |s| {
        table.probe(s).expect("a value");
    });
    println!("probe: {first:.2} µs the first time, {again:.2} µs again ({count} positions)");
    let moves = &positions[..positions.len().min(200)];
    let table = open();
    let first = per_call(moves, |s| {
        table.best_move(s, 0).expect("a move");
    });
    let again = per_call(moves, |s| {
        table.best_move(s, 0).expect("a move");
    });
    println!(
        "Master move from the table: {:.0} µs the first time, {:.0} µs again ({} positions)",
        first,
        again,
        moves.len()
    );
}
