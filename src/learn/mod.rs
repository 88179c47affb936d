//! Learning the evaluation from self-play: playing games and keeping their positions
//! ([`selfplay`], [`data`]), and fitting the pattern weights to them ([`train`]).
//!
//! It sits beside the match bench, on top of the AI: `sanqi selfplay` and `sanqi train` drive
//! it, and the weights it writes are what `assets/eval` embeds.

pub mod book;
pub mod data;
pub mod puzzles;
pub mod selfplay;
pub mod train;

use std::path::Path;

use crate::ai::Weights;
use crate::ai::eval::pattern::{self, Features, Sink};
use crate::ai::eval::{Evaluate, Knowledge};
use crate::rules::{GameId, neihuang, wudao};
use data::{DECIDED, DataError, GameData};
use train::{Epoch, Options, Samples};

/// One position ready for training.
struct Position<F> {
    state: F,
    result: f64,
    score: i16,
}

/// The positions of some games of one kind, as training samples.
struct Positions<F> {
    positions: Vec<Position<F>>,
    /// The scale that turns the data's scores into probabilities.
    scale: f64,
}

impl<F: Features> Samples for Positions<F> {
    fn features(&self, i: usize, out: &mut Vec<(usize, f64)>) {
        struct Collect<'a>(&'a mut Vec<(usize, f64)>);
        impl Sink for Collect<'_> {
            fn pattern(&mut self, index: usize) {
                self.0.push((index, 1.0));
            }
            fn scalar(&mut self, index: usize, value: i32) {
                self.0.push((index, f64::from(value)));
            }
        }
        out.clear();
        self.positions[i].state.visit(&mut Collect(out));
    }

    fn result(&self, i: usize) -> f64 {
        self.positions[i].result
    }

    fn expectation(&self, i: usize) -> Option<f64> {
        let score = self.positions[i].score;
        if score.abs() >= DECIDED {
            return Some(if score > 0 { 1.0 } else { 0.0 });
        }
        Some(1.0 / (1.0 + (-f64::from(score) / self.scale).exp()))
    }
}

/// What a training run found.
pub struct Trained {
    /// The weights fitted.
    pub weights: Weights,
    /// The losses after each epoch.
    pub epochs: Vec<Epoch>,
    /// Positions trained on and held out.
    pub train_positions: usize,
    /// See [`Trained::train_positions`].
    pub held_out_positions: usize,
    /// Games read.
    pub games: usize,
    /// The scale fitted to the data's scores (centipieces per logit).
    pub data_scale: f64,
    /// The loss of the search's own scores as predictions of the held-out results.
    pub search_loss: f64,
    /// The loss of the hand-written evaluation (with Master's knowledge) as a prediction of
    /// the held-out results, at the scale that suits it best: the yardstick for the fitted
    /// evaluation's loss against the results alone.
    pub hand_loss: f64,
}

/// Why training could not run.
#[derive(Debug)]
pub enum TrainError {
    /// A data file could not be read.
    Data {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        error: DataError,
    },
    /// A data file holds another game.
    OtherGame {
        /// The file.
        path: std::path::PathBuf,
        /// The game it holds.
        game: GameId,
    },
    /// The game has no pattern evaluation.
    NoPatterns(GameId),
    /// There are too few positions to train on: fewer than [`MIN_TRAINING`] for training,
    /// or none held out.
    TooFew {
        /// The games read.
        games: usize,
        /// Their positions for training.
        training: usize,
        /// Their positions held out.
        held_out: usize,
    },
}

impl std::fmt::Display for TrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::echo::quoted_path;
        match self {
            TrainError::Data { path, error } => write!(f, "{}: {error}", quoted_path(path)),
            TrainError::OtherGame { path, game } => {
                write!(f, "{} holds {game} games", quoted_path(path))
            }
            TrainError::NoPatterns(game) => write!(f, "{game} has no pattern evaluation"),
            TrainError::TooFew {
                games,
                training,
                held_out,
            } => write!(
                f,
                "too little data to train on: {training} positions for training and {held_out} \
                 held out, from {games} {}; training needs at least {MIN_TRAINING} and 1 (a tenth \
                 of the games is held out to measure the fit): play more games",
                if *games == 1 { "game" } else { "games" }
            ),
        }
    }
}

impl std::error::Error for TrainError {}

/// The fewest positions training runs on.
pub const MIN_TRAINING: usize = 100;

/// Whether game `number` of file `file` is held out (a tenth of the games, by a hash).
fn held_out(seed: u64, file: usize, number: u32) -> bool {
    let mut x = seed ^ (file as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(number);
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x.is_multiple_of(10)
}

/// Reads the data files for `game`.
fn read_all(game: GameId, paths: &[&Path]) -> Result<Vec<(usize, GameData)>, TrainError> {
    let mut all = Vec::new();
    for (file, path) in paths.iter().enumerate() {
        let contents = data::read(path).map_err(|error| TrainError::Data {
            path: path.to_path_buf(),
            error,
        })?;
        if contents.header.game != game {
            return Err(TrainError::OtherGame {
                path: path.to_path_buf(),
                game: contents.header.game,
            });
        }
        all.extend(contents.games.into_iter().map(|g| (file, g)));
    }
    Ok(all)
}

/// Trains `game`'s pattern evaluation on the games in `paths`, reporting each epoch.
pub fn train(
    game: GameId,
    paths: &[&Path],
    options: &Options,
    report: impl FnMut(&Epoch),
) -> Result<Trained, TrainError> {
    match game {
        GameId::Neihuang => train_for(game, paths, options, neihuang::State::from_key, report),
        GameId::Wudao => train_for(game, paths, options, wudao::State::from_key, report),
        GameId::Flying => Err(TrainError::NoPatterns(game)),
    }
}

fn train_for<F: Features + Evaluate>(
    game: GameId,
    paths: &[&Path],
    options: &Options,
    decode: fn(u128) -> Option<F>,
    report: impl FnMut(&Epoch),
) -> Result<Trained, TrainError> {
    let layout = pattern::layout(game).ok_or(TrainError::NoPatterns(game))?;
    let games = read_all(game, paths)?;
    let mut positions = Vec::new();
    let (mut train_set, mut held_set) = (Vec::new(), Vec::new());
    for (file, data) in &games {
        let hold = held_out(options.seed, *file, data.number);
        for sample in &data.samples {
            let Some(state) = decode(sample.key) else {
                continue;
            };
            let Some(side) = state.to_act() else { continue };
            let index = positions.len();
            positions.push(Position {
                state,
                result: data.outcome.score_for(side),
                score: sample.score,
            });
            if hold {
                held_set.push(index);
            } else {
                train_set.push(index);
            }
        }
    }
    if train_set.len() < MIN_TRAINING || held_set.is_empty() {
        return Err(TrainError::TooFew {
            games: games.len(),
            training: train_set.len(),
            held_out: held_set.len(),
        });
    }
    let pairs: Vec<(f64, f64)> = train_set
        .iter()
        .map(|&i| &positions[i])
        .filter(|p| p.score.abs() < DECIDED)
        .map(|p| (f64::from(p.score), p.result))
        .collect();
    let data_scale = train::fit_scale(&pairs);
    let search_loss = held_set
        .iter()
        .map(|&i| &positions[i])
        .map(|p| {
            let expected = if p.score.abs() >= DECIDED {
                if p.score > 0 { 1.0 } else { 0.0 }
            } else {
                1.0 / (1.0 + (-f64::from(p.score) / data_scale).exp())
            };
            train::cross_entropy(expected, p.result)
        })
        .sum::<f64>()
        / held_set.len() as f64;
    let hand_loss = {
        let knowledge = Knowledge {
            pulls: 100,
            parity: 100,
            patterns: None,
        };
        let pairs_of = |set: &[usize]| -> Vec<(f64, f64)> {
            set.iter()
                .map(|&i| &positions[i])
                .map(|p| (f64::from(p.state.evaluate(&knowledge, None)), p.result))
                .collect()
        };
        let scale = train::fit_scale(&pairs_of(&train_set));
        let held = pairs_of(&held_set);
        held.iter()
            .map(|&(v, r)| train::cross_entropy(1.0 / (1.0 + (-v / scale).exp()), r))
            .sum::<f64>()
            / held.len() as f64
    };
    let samples = Positions {
        positions,
        scale: data_scale,
    };
    let canonical = |j: usize| layout.canonical(j);
    let (logits, epochs) = train::fit(
        &samples,
        &train_set,
        &held_set,
        layout.len(),
        &canonical,
        options,
        report,
    );
    let centipieces: Vec<f64> = logits.iter().map(|w| w * pattern::scale(game)).collect();
    Ok(Trained {
        weights: Weights::from_centipieces(layout, &centipieces),
        epochs,
        train_positions: train_set.len(),
        held_out_positions: held_set.len(),
        games: games.len(),
        data_scale,
        search_loss,
        hand_loss,
    })
}
