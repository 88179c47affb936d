//! The main search: principal-variation alpha-beta with a transposition table, late-move
//! reductions and repetition detection. A child whose side to act is the same as its
//! parent's (a capture or a yield that continues the turn) keeps the sign and the window.

use super::bounds::{INFINITY, MATE, MAX_PLY, NO_REMOVAL};
use super::ordering::{NO_MOVE, Scored, code};
use super::table::{EXACT, Entry, LOWER, UPPER, from_table, hash, to_table};
use super::thread::SearchThread;
use crate::ai::eval::Evaluate;
use crate::rules::{Action, ActionList, Decision, MAX_ACTIONS, Side, Status};

impl<R: Evaluate> SearchThread<'_, R> {
    /// The value of `child` for `me`, searching it with the right window.
    pub(super) fn child_value(
        &mut self,
        child: &R,
        me: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        match child.to_act() {
            Some(side) if side != me => -self.search(child, depth, -beta, -alpha, ply, side),
            _ => self.search(child, depth, alpha, beta, ply, me),
        }
    }

    /// Notes, before searching `child` at `ply`, whether it continues a run of captures
    /// made by `action` (see `SearchThread::removed`).
    #[inline]
    pub(super) fn note_removal(&mut self, state: &R, action: Action, child: &R, ply: usize) {
        if ply > MAX_PLY {
            return;
        }
        self.removed[ply] = match action {
            Action::Remove(p)
                if self.params.merge_removals
                    && matches!(state.decision(), Some(Decision::Capture { .. }))
                    && matches!(child.decision(), Some(Decision::Capture { .. }))
                    && child.to_act() == state.to_act() =>
            {
                p.index() as u8
            }
            _ => NO_REMOVAL,
        };
    }

    /// The value of `state` for `pov`, the side to act, searched `depth` plies deep.
    fn search(
        &mut self,
        state: &R,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pov: Side,
    ) -> i32 {
        match state.status() {
            Status::Ongoing => {}
            Status::Won { winner, .. } => {
                let score = MATE - ply as i32;
                return if winner == pov { score } else { -score };
            }
            Status::Drawn(_) => return self.draw_score(pov),
        }
        let key = state.key();
        if self.shared.earlier.contains(&key) || self.path.contains(&key) {
            return self.draw_score(pov);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(state, alpha, beta, ply, pov, self.params.quiescence);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }

        let h = hash(key) ^ self.shared.salt;
        let mut tt_move = NO_MOVE;
        if let Some(entry) = self.shared.table.probe(h) {
            tt_move = entry.best;
            if entry.depth as i32 >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        // Captures after an earlier capture of the same run: only those in increasing point
        // order, the others reach positions searched already. The value then depends on the
        // path, so it is not stored.
        let after = self.removed[ply];
        let restricted = after != NO_REMOVAL;
        if restricted {
            let all = list;
            list.clear();
            for &a in all.iter() {
                if matches!(a, Action::Remove(p) if p.index() as u8 > after) {
                    list.push(a);
                }
            }
            if list.is_empty() {
                // Every capture left was searched in another order: this order adds nothing.
                return -INFINITY;
            }
        }
        let mut scored: [Scored; MAX_ACTIONS] = [(Action::Timeout, 0, false); MAX_ACTIONS];
        let n = self.order.sort(state, &list, tt_move, ply, &mut scored);
        let scored = &scored[..n];

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = NO_MOVE;
        self.path.push(key);
        for (i, &(action, _, quiet)) in scored.iter().enumerate() {
            let mut child = *state;
            child.apply_unchecked(action);
            self.follow(state, &child, ply + 1);
            self.note_removal(state, action, &child, ply + 1);
            let score = if i == 0 {
                self.child_value(&child, pov, depth - 1, alpha, beta, ply + 1)
            } else {
                let reduction = self.reduction(quiet, depth, i);
                let mut probe = self.child_value(
                    &child,
                    pov,
                    depth - 1 - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                );
                if probe > alpha && reduction > 0 && !self.aborted {
                    probe = self.child_value(&child, pov, depth - 1, alpha, alpha + 1, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    self.child_value(&child, pov, depth - 1, alpha, beta, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = code(action);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.order.cutoff(action, depth, ply);
                        break;
                    }
                }
            }
        }
        self.path.pop();
        if restricted {
            return best_score;
        }
        let bound = if best_score >= beta {
            LOWER
        } else if best_score > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.shared.table.store(Entry {
            check: h,
            score: to_table(best_score, ply),
            best: best_move,
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        });
        best_score
    }

    /// How many plies shallower the `i`-th action (from 0) is first searched.
    #[inline]
    fn reduction(&self, quiet: bool, depth: i32, i: usize) -> i32 {
        if !quiet || depth < 3 || i < 4 {
            return 0;
        }
        match self.params.reductions {
            0 => 0,
            1 => 1,
            // Deeper for later actions at greater depth, never into the quiescence search.
            _ => {
                let r = 1 + i32::from(i >= 10) + i32::from(depth >= 7 && i >= 16);
                r.min(depth - 2)
            }
        }
    }
}
