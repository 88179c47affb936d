//! Alpha-beta search shared by the three games, in parts a reader can hold:
//!
//! - [`params`]: how each level searches;
//! - [`table`]: the transposition table, shared by the search threads;
//! - [`ordering`]: move ordering (table move, killers, history);
//! - [`quiescence`]: the capture-only search at the horizon;
//! - [`alpha_beta`]: the main principal-variation search;
//! - [`root`]: iterative deepening at the root, plain or noisy.
//!
//! With one thread and a node budget, results depend only on the seed. With more threads the
//! helpers search the same root on the shared table (lazy SMP) and the main thread answers.
//! Multi-action turns keep the sign: a child with the same side to act is searched with the
//! same window.

mod alpha_beta;
mod ordering;
pub(crate) mod params;
mod quiescence;
mod root;
mod table;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::eval::{Evaluate, Proof, SolveLimits};
use super::searcher::{Found, Search, Task};
use super::{AiError, Level};
use crate::rules::{Action, ActionList, Side};
use ordering::MoveOrder;
pub(crate) use params::Params;
pub(crate) use table::Table;

/// A won game, scored from the winner's side (minus the distance in plies).
pub(crate) const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
pub(crate) const MAX_PLY: usize = 128;
/// No removal just made (see [`Searcher::removed`]).
const NO_REMOVAL: u8 = u8::MAX;

/// The alpha-beta searcher of one level.
pub(crate) struct AlphaBeta {
    level: Level,
    params: Params,
    /// The table, with `params.table_bits`: kept from earlier decisions of the same player
    /// if it keeps one, otherwise renewed before each decision.
    table: Arc<Table>,
    /// Whether the table is new (no earlier generation to leave behind).
    fresh: bool,
}

impl AlphaBeta {
    pub fn new(level: Level, params: Params, table: Arc<Table>, fresh: bool) -> AlphaBeta {
        AlphaBeta {
            level,
            params,
            table,
            fresh,
        }
    }
}

impl<R: Evaluate> Search<R> for AlphaBeta {
    fn decide(&mut self, state: &R, task: &Task<'_>) -> Result<(Action, Found), AiError> {
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        let side = state.to_act().ok_or(AiError::GameOver)?;
        if list.is_empty() {
            return Err(AiError::GameOver);
        }
        let mut rng = StdRng::seed_from_u64(task.seed);
        let p = &self.params;
        if self.level == Level::Random || rng.random_range(0..1000) < p.blunder {
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
            scaled_contempt(base_contempt, state.evaluate())
        } else {
            base_contempt
        };
        // A game with an exact solver tries it first on half the budget; a proved win is
        // played at once, anything else leaves the rest to the search.
        let mut node_limit = task.nodes;
        if p.solve > 0 && p.noise == 0 {
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
                };
                return Ok((action, found));
            }
            node_limit = node_limit.saturating_sub(used).max(1);
        }
        let earlier: HashSet<u128> = task.history.iter().copied().collect();
        let shared = Shared {
            table,
            salt,
            earlier: &earlier,
            cancel: task.cancel,
            stop: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let searcher = |helper: usize| {
            Searcher::<R>::new(
                p,
                side,
                contempt,
                node_limit,
                task.deadline,
                &shared,
                helper,
            )
        };
        if p.noise > 0 || task.threads <= 1 {
            let mut main = searcher(0);
            return if p.noise > 0 {
                main.noisy_root(state, &list, p.max_depth, p.noise, &mut rng)
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

    fn expected_line(&self, state: &R, max: usize) -> Vec<Action> {
        self.line_in_table(state, max)
    }
}

impl AlphaBeta {
    /// The line from `state` read from the transposition table: each position's stored best
    /// action, while one is stored, legal, and leads to a position not seen on the line.
    fn line_in_table<R: Evaluate>(&self, state: &R, max: usize) -> Vec<Action> {
        let salt = self.table.salt();
        let mut current = *state;
        let mut seen = HashSet::new();
        let mut line = Vec::new();
        while line.len() < max && !current.status().is_over() && seen.insert(current.key()) {
            let Some(entry) = self.table.probe(table::hash(current.key()) ^ salt) else {
                break;
            };
            let mut list = ActionList::new();
            current.legal_actions(&mut list);
            let Some(&action) = list.iter().find(|&&a| ordering::code(a) == entry.best) else {
                break;
            };
            line.push(action);
            current.apply_unchecked(action);
        }
        line
    }
}

/// A draw's value for the searching side: it dislikes a draw more the better it stands, and
/// likes one when it is clearly behind.
fn scaled_contempt(base: i32, root_eval: i32) -> i32 {
    (base + root_eval / 4).clamp(-150, 150)
}

/// What the threads of one decision share.
struct Shared<'a> {
    table: &'a Table,
    /// Mixed into every hash (see `Table::renew`).
    salt: u64,
    /// Positions of the game before the root (a repetition of one is a draw).
    earlier: &'a HashSet<u128>,
    cancel: &'a AtomicBool,
    /// Set by the main thread when it has answered: the helpers stop.
    stop: AtomicBool,
    helper_nodes: AtomicU64,
}

/// One thread's search state.
struct Searcher<'a, R: Evaluate> {
    nodes: u64,
    node_limit: u64,
    /// When to look at the clock and the flags next.
    next_check: u64,
    deadline: Instant,
    shared: &'a Shared<'a>,
    /// 0 for the main thread; helpers start deeper to spread the work.
    helper: usize,
    /// Set when the budget, the clock or a flag stops the search; every value computed
    /// after that is meaningless and discarded.
    aborted: bool,
    order: MoveOrder,
    /// Positions from the root to the current node.
    path: Vec<u128>,
    /// For each ply, the point of the capture that led to it when the same side still owes
    /// another: further captures are searched in increasing point order only, since any
    /// order of the same captures reaches the same position.
    removed: [u8; MAX_PLY + 1],
    root_side: Side,
    contempt: i32,
    params: Params,
    _game: std::marker::PhantomData<R>,
}

impl<'a, R: Evaluate> Searcher<'a, R> {
    fn new(
        p: &Params,
        root_side: Side,
        contempt: i32,
        node_limit: u64,
        deadline: Instant,
        shared: &'a Shared<'a>,
        helper: usize,
    ) -> Self {
        Searcher {
            nodes: 0,
            node_limit: if helper == 0 { node_limit } else { u64::MAX },
            next_check: 1024,
            deadline,
            shared,
            helper,
            aborted: false,
            order: MoveOrder::new(),
            path: Vec::with_capacity(MAX_PLY),
            removed: [NO_REMOVAL; MAX_PLY + 1],
            root_side,
            contempt,
            params: *p,
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

    /// Counts a node and stops the search when a budget is spent or a flag is set.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if self.shared.cancel.load(Ordering::Relaxed)
                || self.shared.stop.load(Ordering::Relaxed)
                || Instant::now() >= self.deadline
            {
                self.aborted = true;
            }
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
    }

    fn cancelled(&self) -> Result<(), AiError> {
        if self.shared.cancel.load(Ordering::Relaxed) {
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
