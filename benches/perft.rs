//! Perft throughput for each game: `cargo bench --bench perft`.
//!
//! Prints the count, the time and the rate (legal action sequences per second) for the
//! published perft positions, single-threaded.

use std::time::Instant;

use sanqi::cli::{DrawRules, Replayed};
use sanqi::rules::GameId;
use sanqi::rules::perft::perft_state;

const CASES: [(GameId, &str, u32); 4] = [
    (GameId::Neihuang, "", 6),
    (
        GameId::Neihuang,
        "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2 xc2 xa3 \
         c3-c2 c4-c3 c5-c4 b3-a3 d5-c5 a3-b3 a4-a3 e5-d5 a5-a4 d5-e5 a4-a5 e5-d5 a3-a4 d5-e5 \
         c5-d5 a2-a3 a1-a2",
        8,
    ),
    (GameId::Flying, "", 7),
    (GameId::Wudao, "", 6),
];

fn main() {
    // `cargo test` runs benches with --bench absent; only measure under `cargo bench`.
    if !std::env::args_os().any(|a| a == "--bench") {
        return;
    }
    for (game, moves, depth) in CASES {
        let state = match Replayed::new(game, Some(moves), DrawRules::Ignore) {
            Ok(replayed) => *replayed.state(),
            Err(e) => {
                eprintln!("{game}: {e}");
                std::process::exit(2);
            }
        };
        let started = Instant::now();
        let count = perft_state(&state, depth);
        let seconds = started.elapsed().as_secs_f64();
        let from = if moves.is_empty() {
            "start"
        } else {
            "mid-game"
        };
        println!(
            "perft {game:<8} {from:<8} depth {depth}: {count:>11} in {seconds:6.3} s = {:6.1} M/s",
            count as f64 / seconds / 1e6
        );
    }
}
