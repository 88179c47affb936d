//! One thread's search state, and what the threads of one decision share. The search
//! itself is written over it in `pvs`, `quiescence` and `root`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use web_time::Instant;

use super::bounds::{MAX_PLY, NO_REMOVAL};
use super::ordering::MoveOrder;
use super::table::{KeySet, TranspositionTable};
use crate::ai::error::AiError;
use crate::ai::eval::pattern::{Indices, Layout};
use crate::ai::eval::{Evaluate, Knowledge};
use crate::ai::settings::Params;
use crate::ai::strategy::Found;
use crate::rules::{Action, Side};

/// What the threads of one decision share.
pub(super) struct Shared<'a> {
    /// What the evaluation knows, from the player's settings.
    pub(super) knowledge: Knowledge,
    pub(super) table: &'a TranspositionTable,
    /// Mixed into every hash (see `TranspositionTable::renew`).
    pub(super) salt: u64,
    /// Positions of the game before the root (a repetition of one is a draw).
    pub(super) earlier: &'a KeySet,
    pub(super) cancel: &'a AtomicBool,
    /// Set by the main thread when it has answered: the helpers stop.
    pub(super) stop: AtomicBool,
    pub(super) helper_nodes: AtomicU64,
}

/// One thread's search state.
pub(super) struct SearchThread<'a, R: Evaluate> {
    pub(super) nodes: u64,
    pub(super) node_limit: u64,
    /// When to look at the clock and the flags next.
    pub(super) next_check: u64,
    pub(super) deadline: Instant,
    pub(super) shared: &'a Shared<'a>,
    /// 0 for the main thread; helpers start deeper to spread the work.
    pub(super) helper: usize,
    /// Set when the budget, the clock or a flag stops the search; every value computed
    /// after that is meaningless and discarded.
    pub(super) aborted: bool,
    pub(super) order: MoveOrder,
    /// Positions from the root to the current node.
    pub(super) path: Vec<u128>,
    /// For each ply, the point of the capture that led to it when the same side still owes
    /// another: further captures are searched in increasing point order only, since any
    /// order of the same captures reaches the same position.
    pub(super) removed: [u8; MAX_PLY + 1],
    pub(super) root_side: Side,
    pub(super) contempt: i32,
    pub(super) params: Params,
    /// The evaluation's knowledge, from `params`.
    pub(super) knowledge: Knowledge,
    /// The pattern layout, when the evaluation uses patterns: `indices[ply]` are then those
    /// of the position at `ply` on the current path.
    pub(super) layout: Option<&'static Layout>,
    pub(super) indices: Vec<Indices>,
    pub(super) _game: std::marker::PhantomData<R>,
}

impl<'a, R: Evaluate> SearchThread<'a, R> {
    pub(super) fn new(
        p: &Params,
        root_side: Side,
        contempt: i32,
        node_limit: u64,
        deadline: Instant,
        shared: &'a Shared<'a>,
        helper: usize,
    ) -> Self {
        SearchThread {
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
            knowledge: shared.knowledge,
            layout: shared.knowledge.patterns.and_then(|_| R::pattern_layout()),
            indices: Vec::new(),
            _game: std::marker::PhantomData,
        }
    }

    /// A draw as `pov` sees it: the searching side slightly dislikes it.
    #[inline]
    pub(super) fn draw_score(&self, pov: Side) -> i32 {
        if pov == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Counts a node and stops the search when a budget is spent or a flag is set.
    #[inline]
    pub(super) fn count_node(&mut self) {
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

    /// Starts the path at `root`: its pattern indices, if the evaluation uses them.
    pub(super) fn start_path(&mut self, root: &R) {
        if let Some(layout) = self.layout {
            self.indices = vec![Indices::of(layout, root.boards()); MAX_PLY + 2];
        }
    }

    /// Steps the path from `parent` (at `ply − 1`) to `child` (at `ply`).
    #[inline]
    pub(super) fn follow(&mut self, parent: &R, child: &R, ply: usize) {
        if let Some(layout) = self.layout
            && ply < self.indices.len()
        {
            let mut indices = self.indices[ply - 1];
            indices.update(layout, parent.boards(), child.boards());
            self.indices[ply] = indices;
        }
    }

    /// The static value of `state`, at `ply` on the path, for the side to act.
    #[inline]
    pub(super) fn evaluate(&self, state: &R, ply: usize) -> i32 {
        state.evaluate(&self.knowledge, self.indices.get(ply))
    }

    pub(super) fn cancelled(&self) -> Result<(), AiError> {
        if self.shared.cancel.load(Ordering::Relaxed) {
            Err(AiError::Cancelled)
        } else {
            Ok(())
        }
    }

    pub(super) fn found(&self, score: Option<i32>, depth: i32, line: Vec<Action>) -> Found {
        Found {
            score,
            nodes: self.nodes,
            depth: depth.clamp(0, 255) as u8,
            line,
        }
    }
}
