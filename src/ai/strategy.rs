//! What every search algorithm offers the turn planner: one decision for the side to act,
//! under a budget of nodes and a deadline, with the game's history and a cancel flag.
//!
//! Alpha-beta ([`super::alphabeta`]) and Monte Carlo tree search ([`super::mcts`]) both
//! implement [`Strategy`]; the turn planner and the worker only see the trait.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

use super::error::AiError;
use super::eval::Evaluate;
use super::solver::Solve;
use crate::rules::Action;

/// One decision to make.
pub(crate) struct Task<'a> {
    /// Breaks ties and drives any randomness, so that a budget in nodes gives one answer.
    pub seed: u64,
    /// Keys of the positions before this one, oldest first (the root is not included).
    pub history: &'a [u128],
    /// Stops the search as soon as it is set; the decision then fails with `Cancelled`.
    pub cancel: &'a AtomicBool,
    /// Node budget (playouts for MCTS).
    pub nodes: u64,
    /// The search stops here at the latest and answers with what it has.
    pub deadline: Instant,
    /// Threads to search with.
    pub threads: usize,
}

/// A search algorithm.
pub(crate) trait Strategy<R: Evaluate + Solve> {
    /// Chooses one action for the side to act in `state` (ongoing, with at least two legal
    /// actions).
    fn decide(&mut self, state: &R, task: &Task<'_>) -> Result<(Action, Found), AiError>;
}

/// The result of one decision's search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// The search's value of the position for the side to act, if it computed one.
    pub score: Option<i32>,
    /// The line the search expects, starting with its choice (may be empty).
    pub line: Vec<Action>,
    pub nodes: u64,
    /// The deepest completed iteration (alpha-beta) or the tree's depth (MCTS).
    pub depth: u8,
}

/// What searching cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// The deepest completed iteration of the turn's first decision.
    pub depth: u8,
    /// Time spent.
    pub elapsed: Duration,
}

impl SearchStats {
    pub(crate) fn add(&mut self, found: &Found) {
        if self.nodes == 0 {
            self.depth = found.depth;
        }
        self.nodes += found.nodes;
    }
}
