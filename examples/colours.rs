//! How much the colour decides in Wu Dao, measured on self-play games: for each game, the
//! first position (counting from the start) whose winner the exact solver proves within a
//! budget, how many points were still empty there, and whether it was already the game's
//! winner.
//!
//! `cargo run --profile fast-release --example colours -- FILE.sp [GAMES] [NODES]`
//! (a Wu Dao self-play file from `sanqi selfplay`; 300 games and 400 000 nodes by default).

use std::collections::BTreeMap;
use std::path::Path;

use sanqi::ai::solver::exact_winner;
use sanqi::learn::data::{self, Outcome};
use sanqi::rules::{GameId, Side, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: colours FILE.sp [GAMES] [NODES]");
        std::process::exit(2);
    };
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let nodes: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(400_000);
    let (header, all) = match data::read(Path::new(path)) {
        Ok(read) => (read.header, read.games),
        Err(e) => {
            eprintln!("colours: {path}: {e}");
            std::process::exit(2);
        }
    };
    if header.game != GameId::Wudao {
        eprintln!("colours: {path} holds {} games, not wudao", header.game);
        std::process::exit(2);
    }
    // By empty points at the first proof: games, proofs that named the game's winner, and
    // the proved winners by colour.
    let mut first: BTreeMap<u32, (u32, u32, [u32; 2])> = BTreeMap::new();
    let (mut unproved, mut results) = (0, [0u32; 3]);
    for game in all.iter().take(games) {
        results[match game.outcome {
            Outcome::Won(Side::Black) => 0,
            Outcome::Won(Side::White) => 1,
            Outcome::Drawn => 2,
        }] += 1;
        let proof = game.samples.iter().find_map(|sample| {
            let state = State::from_key(GameId::Wudao, sample.key)?;
            let [b, w] = state.boards();
            let empty = 25 - (b | w).count_ones();
            if empty > 14 {
                return None;
            }
            exact_winner(&state, nodes).map(|winner| (empty, winner))
        });
        match proof {
            Some((empty, winner)) => {
                let entry = first.entry(empty).or_default();
                entry.0 += 1;
                if game.outcome == Outcome::Won(winner) {
                    entry.1 += 1;
                }
                entry.2[winner.index()] += 1;
            }
            None => unproved += 1,
        }
    }
    let n = games.min(all.len());
    println!(
        "{n} games of {path} ({}): Black won {}, White {}, drawn {}",
        header.player, results[0], results[1], results[2]
    );
    println!("empty points at the first proof | games | the game's winner | Black | White");
    for (empty, (count, agreed, by_colour)) in &first {
        println!(
            "{empty:>2} | {count} | {agreed} | {} | {}",
            by_colour[0], by_colour[1]
        );
    }
    println!("never proved (up to 14 empty points, {nodes} nodes a position): {unproved}");
}
