//! Exact solving of the end of a game, where a game has a solver: what a solve proves and
//! how far it may go. It depends on the rules only.

mod wudao;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::rules::{Action, GameRules, flying, neihuang};

/// What an exact solve of the rest of the game found for the side to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// No win was proved: the budget ran out, the side may lose, or no solver applies.
    Unknown,
    /// This action wins against any defence.
    Won(Action),
}

/// How far an exact solve may go.
pub(crate) struct SolveLimits<'a> {
    pub nodes: u64,
    pub deadline: Instant,
    pub cancel: &'a AtomicBool,
}

/// A game's exact solver for its last actions.
pub(crate) trait Solve: GameRules {
    /// Solves the rest of the game exactly when at most `max_empty` points are empty, within
    /// `limits`: the proof and the nodes it took. Only games with a solver override it.
    fn solve(&self, _max_empty: u8, _limits: &SolveLimits<'_>) -> (Proof, u64) {
        (Proof::Unknown, 0)
    }
}

impl Solve for neihuang::State {}
impl Solve for flying::State {}
