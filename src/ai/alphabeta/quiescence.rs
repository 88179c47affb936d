//! Capture-only search at the horizon: the side to act may stand on the static value or
//! play an action that captures or flips, for a few more plies.

use super::bounds::{MATE, MAX_PLY};
use super::thread::SearchThread;
use crate::ai::eval::Evaluate;
use crate::rules::{ActionList, Side, Status};

impl<R: Evaluate> SearchThread<'_, R> {
    /// The value of `state` for `pov` after at most `left` plies of captures and flips.
    pub(super) fn quiesce(
        &mut self,
        state: &R,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pov: Side,
        left: u8,
    ) -> i32 {
        self.nodes += 1;
        let stand = self.evaluate(state, ply);
        if left == 0 || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = ActionList::new();
        state.noisy_actions(&mut list);
        let mut best = stand;
        for &action in list.iter() {
            let mut child = *state;
            child.apply_unchecked(action);
            self.follow(state, &child, ply + 1);
            let score = match child.status() {
                Status::Won { winner, .. } => {
                    let s = MATE - ply as i32 - 1;
                    if winner == pov { s } else { -s }
                }
                Status::Drawn(_) => self.draw_score(pov),
                Status::Ongoing => match child.to_act() {
                    Some(side) if side != pov => {
                        -self.quiesce(&child, -beta, -alpha, ply + 1, side, left - 1)
                    }
                    _ => self.quiesce(&child, alpha, beta, ply + 1, pov, left - 1),
                },
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
