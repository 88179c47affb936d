//! Alpha-beta search shared by the three games, in parts a reader can hold:
//!
//! - [`table`]: the transposition table, shared by the search threads;
//! - [`ordering`]: move ordering (table move, killers, history);
//! - [`quiescence`]: the capture-only search at the horizon;
//! - [`pvs`]: the main principal-variation search;
//! - [`root`]: iterative deepening at the root, plain or noisy, and the expected line.
//!
//! How it searches (depth, budget, refinements, imperfection) is the player's
//! [`Params`], from the settings table.
//!
//! With one thread and a node budget, results depend only on the seed. With more threads the
//! helpers search the same root on the shared table (lazy SMP) and the main thread answers.
//! Multi-action turns keep the sign: a child with the same side to act is searched with the
//! same window.

mod bounds;
mod ordering;
mod pvs;
mod quiescence;
mod resist;
mod root;
mod table;
mod thread;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use web_time::Instant;

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::error::AiError;
use super::eval::pattern::Weights;
use super::eval::{Evaluate, Knowledge};
use super::settings::Params;
use super::solver::{Proof, Solve, SolveLimits};
use super::strategy::{Found, Strategy, Task};
use crate::rules::{Action, ActionList, Side};
pub(crate) use bounds::{MATE, MAX_PLY};
use root::Weighing;
use table::KeySet;
pub(crate) use table::TranspositionTable;
use thread::{SearchThread, Shared};

/// The alpha-beta strategy of one player.
pub(crate) struct AlphaBeta {
    params: Params,
    /// The table, with `params.table_bits`: kept from earlier decisions of the same player
    /// if it keeps one, otherwise renewed before each decision.
    table: Arc<TranspositionTable>,
    /// Whether the table is new (no earlier generation to leave behind).
    fresh: bool,
    /// The pattern weights to evaluate with, if the player uses them.
    patterns: Option<&'static Weights>,
}

impl AlphaBeta {
    pub fn new(
        params: Params,
        table: Arc<TranspositionTable>,
        fresh: bool,
        patterns: Option<&'static Weights>,
    ) -> AlphaBeta {
        AlphaBeta {
            params,
            table,
            fresh,
            patterns,
        }
    }
}

impl<R: Evaluate + Solve> Strategy<R> for AlphaBeta {
    fn decide(&mut self, state: &R, task: &Task<'_>) -> Result<(Action, Found), AiError> {
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        let side = state.to_act().ok_or(AiError::GameOver)?;
        if list.is_empty() {
            return Err(AiError::GameOver);
        }
        let mut rng = StdRng::seed_from_u64(task.seed);
        let p = &self.params;
        // A player who always blunders (the random level) draws no number for it.
        if p.blunder >= 1000 || rng.random_range(0..1000) < p.blunder {
            return Ok((list[rng.random_range(0..list.len())], Found::default()));
        }
        // Shuffle so that equal scores are broken by the seed, not by generation order.
        let actions = list.as_mut_slice();
        for i in (1..actions.len()).rev() {
            actions.swap(i, rng.random_range(0..=i));
        }
        // A decision that keeps nothing from the last one starts a new generation.
        let salt = if !p.keep_table && !self.fresh {
            self.table.renew()
        } else {
            self.table.salt()
        };
        self.fresh = false;
        let table = &self.table;
        let base_contempt = match (side, p.white_contempt) {
            (Side::White, Some(c)) => c,
            _ => p.contempt,
        };
        let contempt = if p.scaled_contempt {
            scaled_contempt(base_contempt, state.evaluate(&Knowledge::PLAIN, None))
        } else {
            base_contempt
        };
        // A game with an exact solver tries it first on half the budget; a proved win is
        // played at once, anything else leaves the rest to the search.
        let mut node_limit = task.nodes;
        if p.solve > 0 && !weighed_player(p) {
            let now = Instant::now();
            let limits = SolveLimits {
                nodes: task.nodes / 2,
                deadline: now + task.deadline.saturating_duration_since(now) / 2,
                cancel: task.cancel,
            };
            let (proof, used) = state.solve(p.solve, &limits);
            if let Proof::Won(action) = proof {
                let found = Found {
                    score: Some(MATE - 1),
                    nodes: used,
                    depth: 0,
                    line: vec![action],
                };
                return Ok((action, found));
            }
            node_limit = node_limit.saturating_sub(used).max(1);
        }
        let earlier: KeySet = task.history.iter().copied().collect();
        let shared = Shared {
            knowledge: Knowledge {
                pulls: p.knowledge,
                parity: p.parity,
                patterns: self.patterns,
            },
            table,
            salt,
            earlier: &earlier,
            cancel: task.cancel,
            stop: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let searcher = |helper: usize| {
            SearchThread::<R>::new(
                p,
                side,
                contempt,
                node_limit,
                task.deadline,
                &shared,
                helper,
            )
        };
        let weighed = weighed_player(p);
        if weighed || task.threads <= 1 {
            let mut main = searcher(0);
            return if weighed {
                let weighing = Weighing {
                    depth: p.max_depth,
                    // A noisy player scores every action.
                    candidates: if p.noise > 0 {
                        list.len()
                    } else {
                        usize::from(p.candidates)
                    },
                    weakness: p.weakness,
                    noise: p.noise,
                };
                main.weighed_root(state, &list, weighing, &mut rng)
            } else if p.resist > 0 {
                main.resisting(state, &list, p.max_depth, p.resist)
            } else {
                main.iterate(state, &list, p.max_depth)
            };
        }
        std::thread::scope(|scope| {
            for helper in 1..task.threads {
                let mut helper_searcher = searcher(helper);
                let list = &list;
                let shared = &shared;
                let root = *state;
                scope.spawn(move || {
                    // Helpers only fill the table; their answers are not used.
                    let _ = helper_searcher.iterate(&root, list, p.max_depth);
                    shared
                        .helper_nodes
                        .fetch_add(helper_searcher.nodes, Ordering::Relaxed);
                });
            }
            let mut main = searcher(0);
            let result = main.iterate(state, &list, p.max_depth);
            shared.stop.store(true, Ordering::Relaxed);
            result
        })
        .map(|(action, mut found)| {
            found.nodes += shared.helper_nodes.load(Ordering::Relaxed);
            (action, found)
        })
    }
}

/// Whether a player weighs several root actions against each other (and may err among
/// them) rather than playing the search's best.
fn weighed_player(p: &Params) -> bool {
    p.noise > 0 || p.candidates > 1
}

/// A draw's value for the searching side: it dislikes a draw more the better it stands, and
/// likes one when it is clearly behind.
fn scaled_contempt(base: i32, root_eval: i32) -> i32 {
    (base + root_eval / 4).clamp(-150, 150)
}
