//! Master's search speed for each game and evaluation: `cargo bench --bench search`.
//!
//! Each line is the nodes searched per second by Master on one thread, at a fixed node
//! budget, over a few positions of each phase (the same positions and budget every run), for
//! the hand-written evaluation (`eval=hand`) and the learned pattern evaluation
//! (`eval=pattern`). The ratio is what the patterns cost or save.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use sanqi::ai::{Config, Context, Engine};
use sanqi::cli::replay_ignoring_draws;
use sanqi::rules::GameId;

const NODES: u64 = 400_000;

const POSITIONS: [(GameId, &str); 6] = [
    (GameId::Neihuang, ""),
    (GameId::Neihuang, "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4"),
    (
        GameId::Neihuang,
        "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2 xc2 xa3",
    ),
    (GameId::Wudao, ""),
    (GameId::Wudao, "b3 d5 d4 a5 c4 e5 e1 a3 a1 e4 b4"),
    (
        GameId::Wudao,
        "b3 d5 d4 a5 c4 e5 e1 a3 a1 e4 b4 c5 b2 b5 d2 e2 e3 d3 d1",
    ),
];

/// Nodes per second of `player` over the positions of `game`.
fn rate(game: GameId, player: &str) -> f64 {
    let config = Config::parse(player).expect("a player");
    let cancel = AtomicBool::new(false);
    let (mut nodes, mut seconds) = (0, 0.0);
    for (g, moves) in POSITIONS {
        if g != game {
            continue;
        }
        let state = replay_ignoring_draws(game, Some(moves)).expect("a position");
        let started = Instant::now();
        let plan = Engine::new()
            .plan(&state, &config, 1, Context::new(&[], &cancel))
            .expect("a plan");
        seconds += started.elapsed().as_secs_f64();
        nodes += plan.stats.nodes;
    }
    nodes as f64 / seconds
}

fn main() {
    if !std::env::args_os().any(|a| a == "--bench") {
        return;
    }
    for game in [GameId::Neihuang, GameId::Wudao] {
        let hand = rate(game, &format!("master:eval=hand,nodes={NODES},threads=1"));
        let pattern = rate(
            game,
            &format!("master:eval=pattern,nodes={NODES},threads=1"),
        );
        println!(
            "search {:<8}: hand {:>6.2} M nodes/s, pattern {:>6.2} M nodes/s ({:+.0}%)",
            game.id(),
            hand / 1e6,
            pattern / 1e6,
            (pattern / hand - 1.0) * 100.0
        );
    }
}
