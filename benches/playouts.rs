//! Random playouts per second for each game: `cargo bench --bench playouts`.
//!
//! Each playout plays uniformly random legal actions from the start until the game ends
//! (the game's own rules only, capped at 1 000 actions for the rare endless Neihuang or
//! Flying game), using the allocation-free search interface.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng, rngs::StdRng};
use sanqi::rules::{ActionList, GameRules, flying, neihuang, wudao};

fn playouts<R: GameRules>(budget: Duration, rng: &mut StdRng) -> (u64, u64) {
    let started = Instant::now();
    let mut list = ActionList::new();
    let (mut games, mut actions) = (0, 0);
    while started.elapsed() < budget {
        for _ in 0..100 {
            let mut state = R::start();
            for _ in 0..1000 {
                state.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                state.apply_unchecked(list[rng.random_range(0..list.len())]);
                actions += 1;
            }
            games += 1;
        }
    }
    (games, actions)
}

fn report<R: GameRules>(rng: &mut StdRng) {
    let budget = Duration::from_secs(2);
    let started = Instant::now();
    let (games, actions) = playouts::<R>(budget, rng);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "playouts {:<8}: {:>9.0} games/s, {:>6.1} M actions/s, {:.1} actions per game",
        R::ID.id(),
        games as f64 / seconds,
        actions as f64 / seconds / 1e6,
        actions as f64 / games as f64
    );
}

fn main() {
    if !std::env::args_os().any(|a| a == "--bench") {
        return;
    }
    let mut rng = StdRng::seed_from_u64(7);
    report::<neihuang::State>(&mut rng);
    report::<flying::State>(&mut rng);
    report::<wudao::State>(&mut rng);
}
