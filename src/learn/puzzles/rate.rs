//! A puzzle's starting rating, from how the rated levels fare on it: each level plays the
//! puzzle as the solver (a few times, with different seeds), each try counts as a game
//! between the level and the puzzle, and the puzzle's Glicko-2 rating is fitted to those
//! games in one period from a newcomer's rating. The levels and their ratings come through
//! [`Ladder`], so that the step can be run again on an existing file when the ladder changes.

use std::sync::atomic::AtomicBool;

use super::Puzzle;
use super::glicko::{Game as Played, Rating};
use crate::ai::{Config, Context, Engine, Level};
use crate::rules::GameId;

/// The rated levels of a game: the levels offered, each with its rating.
pub trait Ladder: Sync {
    /// The levels and their ratings in `game`, weakest first.
    fn levels(&self, game: GameId) -> Vec<(Config, f64)>;
}

/// The levels each game offers, with the ratings their ladder measured (`sanqi ladder`,
/// embedded from `assets/ladder/`): a puzzle's rating is then on the scale the player's
/// rating and the levels' are.
pub struct Rated;

impl Ladder for Rated {
    fn levels(&self, game: GameId) -> Vec<(Config, f64)> {
        Level::offered(game)
            .iter()
            .filter_map(|&level| {
                let rating = crate::arena::ladder::rating_of(game, level)?;
                Some((level_config(level), f64::from(rating)))
            })
            .collect()
    }
}

/// A level as it plays a puzzle: its own settings, on one thread, and (Master plays on
/// time) on a node budget, so that a rating does not depend on the machine.
pub fn level_config(level: Level) -> Config {
    let mut config = Config::new(level);
    if level == Level::Master {
        config.set_nodes(300_000);
    }
    config.set_threads(1);
    config
}

/// The tries each level gets at a puzzle unless told.
pub const RATING_TRIES_DEFAULT: u32 = 2;

/// How sure a level's rating is taken to be.
const LEVEL_DEVIATION: f64 = 60.0;
/// The lowest and highest starting rating a puzzle gets.
const FLOOR: f64 = 400.0;
const CEILING: f64 = 3200.0;

/// Whether `config` solves `puzzle`: it plays every solver action of the line (any action
/// where the line is free), the opponent answering along the line.
pub fn solves(puzzle: &Puzzle, config: &Config, seed: u64) -> bool {
    let Ok(mut game) = puzzle.start() else {
        return false;
    };
    let Some(solver) = game.state().to_act() else {
        return false;
    };
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::new();
    let mut i = 0;
    while i < puzzle.line.len() {
        if game.state().to_act() != Some(solver) {
            if game.apply(puzzle.line[i]).is_err() {
                return false;
            }
            i += 1;
            continue;
        }
        let history: Vec<u128> = (0..game.len()).map(|k| game.state_after(k).key()).collect();
        let context = Context::new(&history, &cancel).with_quiet_turns(game.quiet_turns());
        let Ok(plan) = engine.plan(game.state(), config, seed ^ i as u64, context) else {
            return false;
        };
        for action in plan.actions {
            if i >= puzzle.line.len() || game.state().to_act() != Some(solver) {
                break;
            }
            if action != puzzle.line[i] && !puzzle.is_free(i) {
                return false;
            }
            if game.apply(action).is_err() {
                return false;
            }
            i += 1;
        }
    }
    true
}

/// The puzzle's starting rating: every level of `ladder` tries it `tries` times.
pub fn rate(puzzle: &Puzzle, ladder: &dyn Ladder, tries: u32, seed: u64) -> Rating {
    let mut games = Vec::new();
    for (config, rating) in ladder.levels(puzzle.game) {
        for t in 0..tries {
            let solved = solves(puzzle, &config, seed.wrapping_add(u64::from(t) * 7919));
            games.push(Played {
                opponent: Rating::with_deviation(rating, LEVEL_DEVIATION),
                // The puzzle wins when the level fails.
                score: if solved { 0.0 } else { 1.0 },
            });
        }
    }
    let mut rated = Rating::default().after_period(&games);
    rated.rating = rated.rating.clamp(FLOOR, CEILING);
    rated
}
