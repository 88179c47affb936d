//! Alpha-beta search shared by the three games, in parts a reader can hold:
//!
//! - [`params`]: how each level searches;
//! - [`table`]: the transposition table;
//! - [`ordering`]: move ordering (table move, killers, history);
//! - [`quiescence`]: the capture-only search at the horizon;
//! - [`alpha_beta`]: the main principal-variation search;
//! - [`root`]: iterative deepening at the root, plain or noisy.
//!
//! Budgets are in nodes, so results depend only on the seed. Multi-action turns keep the
//! sign: a child with the same side to act is searched with the same window.

mod alpha_beta;
mod ordering;
pub(crate) mod params;
mod quiescence;
mod root;
mod table;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::eval::Evaluate;
use super::{AiError, Level};
use crate::rules::{Action, ActionList, Side};
use ordering::MoveOrder;
use params::{Params, params};
use table::Table;

/// A won game, scored from the winner's side (minus the distance in plies).
pub(crate) const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
const MAX_PLY: usize = 128;

/// What searching cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub nodes: u64,
    /// The deepest completed iteration of the turn's first decision.
    pub depth: u8,
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

/// The result of one decision's search.
pub(crate) struct Found {
    pub score: Option<i32>,
    pub nodes: u64,
    pub depth: u8,
}

/// Chooses one action for the side to act.
pub(crate) fn decide<R: Evaluate>(
    state: &R,
    level: Level,
    seed: u64,
    share: f64,
    deadline: Instant,
    history: &[u128],
    cancel: &AtomicBool,
) -> Result<(Action, Found), AiError> {
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    if list.is_empty() || state.to_act().is_none() {
        return Err(AiError::GameOver);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let found = |score, nodes, depth| Found {
        score,
        nodes,
        depth,
    };
    if list.len() == 1 {
        return Ok((list[0], found(None, 0, 0)));
    }
    let p = params(level, R::ID);
    if level == Level::Random || rng.random_range(0..1000) < p.blunder {
        return Ok((list[rng.random_range(0..list.len())], found(None, 0, 0)));
    }
    // Shuffle so that equal scores are broken by the seed, not by generation order.
    let actions = list.as_mut_slice();
    for i in (1..actions.len()).rev() {
        actions.swap(i, rng.random_range(0..=i));
    }
    let budget = ((p.nodes as f64 * share) as u64).max(1_000);
    let side = state.to_act().ok_or(AiError::GameOver)?;
    let mut searcher = Searcher::<R>::new(&p, side, budget, deadline, history, cancel);
    if p.noise > 0 {
        searcher.noisy_root(state, &list, p.max_depth, p.noise, &mut rng)
    } else {
        searcher.iterate(state, &list, p.max_depth)
    }
}

/// One decision's search state.
struct Searcher<'a, R: Evaluate> {
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    cancel: &'a AtomicBool,
    /// Set when the budget, the clock or the cancel flag stops the search; every value
    /// computed after that is meaningless and discarded.
    aborted: bool,
    table: Table,
    order: MoveOrder,
    /// Positions of the game before the root (a repetition of one is a draw).
    earlier: HashSet<u128>,
    /// Positions from the root to the current node.
    path: Vec<u128>,
    root_side: Side,
    contempt: i32,
    quiescence: u8,
    _game: std::marker::PhantomData<R>,
}

impl<'a, R: Evaluate> Searcher<'a, R> {
    fn new(
        p: &Params,
        root_side: Side,
        node_limit: u64,
        deadline: Instant,
        history: &[u128],
        cancel: &'a AtomicBool,
    ) -> Self {
        Searcher {
            nodes: 0,
            node_limit,
            deadline,
            cancel,
            aborted: false,
            table: Table::new(p.table_bits),
            order: MoveOrder::new(),
            earlier: history.iter().copied().collect(),
            path: Vec::with_capacity(MAX_PLY),
            root_side,
            contempt: p.contempt,
            quiescence: p.quiescence,
            _game: std::marker::PhantomData,
        }
    }

    /// A draw as `pov` sees it: the searching side slightly dislikes it.
    #[inline]
    fn draw_score(&self, pov: Side) -> i32 {
        if pov == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    fn cancelled(&self) -> Result<(), AiError> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(AiError::Cancelled)
        } else {
            Ok(())
        }
    }

    fn found(&self, score: Option<i32>, depth: i32) -> Found {
        Found {
            score,
            nodes: self.nodes,
            depth: depth.clamp(0, 255) as u8,
        }
    }
}
