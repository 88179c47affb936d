//! Wu Dao Qi's exact solver for the last placements.
//!
//! The game is won or lost by the sign of the board's final margin alone (25 points: no draw
//! on a full board), so near the end a win/loss search over the remaining placements decides
//! the game.

use super::{Proof, Solve, SolveLimits};
use crate::rules::board::{Bits, FULL, points};
use crate::rules::{Action, Point, Rules, wudao};

impl Solve for wudao::State {
    fn solve(&self, max_empty: u8, limits: &SolveLimits<'_>) -> (Proof, u64) {
        solve(self, max_empty, limits)
    }
}

/// log2 of the solver's table entries (8 MB, allocated zeroed, touched only where used).
const TABLE_BITS: u32 = 20;
/// Plies the solver looks beyond the filling of the board: captures reopen points, and
/// without a horizon a run of captures and recaptures could go on for ever.
const SLACK: u32 = 8;
/// A table entry: the position (51 bits), the plies left when it was searched (6 bits),
/// whether the root side won, and whether the entry is used.
const KEY_BITS: u32 = 51;
const LEFT_SHIFT: u32 = KEY_BITS;
const WIN: u64 = 1 << 57;
const VALID: u64 = 1 << 58;

/// Tries to prove that the side to act in `state` wins, when at most `max_empty` points are
/// empty: a win/loss search to the full board, with a horizon of the empty points plus
/// [`SLACK`] plies. A proved win is a forced win in that many plies (repetitions aside).
fn solve(state: &wudao::State, max_empty: u8, limits: &SolveLimits<'_>) -> (Proof, u64) {
    prove(state, max_empty, SLACK, limits)
}

/// [`solve`] with a horizon of the empty points plus `slack` plies.
fn prove(
    state: &wudao::State,
    max_empty: u8,
    slack: u32,
    limits: &SolveLimits<'_>,
) -> (Proof, u64) {
    let Some(side) = state.to_act() else {
        return (Proof::Unknown, 0);
    };
    let boards = state.boards();
    let (own, enemy) = (boards[side.index()], boards[1 - side.index()]);
    let empty = (FULL & !(own | enemy)).count_ones();
    if empty > u32::from(max_empty) {
        return (Proof::Unknown, 0);
    }
    let mut solver = Solver {
        table: vec![0; 1 << TABLE_BITS],
        nodes: 0,
        next_check: 1024,
        limits,
        aborted: false,
    };
    let mut moves = Moves::new();
    order(own, enemy, &mut moves);
    // Short wins first: each horizon's table entries stay valid for the longer ones.
    for left in (empty..=empty + slack).step_by(2) {
        for &(point, _) in moves.as_slice() {
            let (mine, theirs, over) = place(own, enemy, point);
            let won = match over {
                Some(won) => won,
                None => solver.root_wins(mine, theirs, false, left - 1),
            };
            if solver.aborted {
                return (Proof::Unknown, solver.nodes);
            }
            if won {
                let p = Point::from_index_unchecked(point);
                return (Proof::Won(Action::Place(p)), solver.nodes);
            }
        }
    }
    (Proof::Unknown, solver.nodes)
}

/// The boards after the side owning `own` places on `point`, from that side's view, and
/// whether that ends the game (with whether it won).
#[inline]
fn place(own: Bits, enemy: Bits, point: u8) -> (Bits, Bits, Option<bool>) {
    let mine = own | 1 << point;
    let theirs = enemy & !wudao::State::captures(mine, enemy, point as usize);
    let over = (mine | theirs == FULL).then(|| mine.count_ones() > theirs.count_ones());
    (mine, theirs, over)
}

/// The placements of one node with their ordering scores.
struct Moves {
    list: [(u8, i32); 25],
    len: usize,
}

impl Moves {
    fn new() -> Moves {
        Moves {
            list: [(0, 0); 25],
            len: 0,
        }
    }

    fn as_slice(&self) -> &[(u8, i32)] {
        &self.list[..self.len]
    }
}

/// The placements of the side holding `own`, most promising first: the largest captures,
/// then those that take a point where the enemy would capture.
fn order(own: Bits, enemy: Bits, out: &mut Moves) {
    out.len = 0;
    let taken = wudao::State::capture_counts(own, enemy);
    let blocked = wudao::State::capture_counts(enemy, own);
    for q in points(FULL & !(own | enemy)) {
        let i = q.index();
        out.list[out.len] = (
            i as u8,
            i32::from(taken[i]) * 100 + i32::from(blocked[i]) * 40,
        );
        out.len += 1;
    }
    out.list[..out.len].sort_unstable_by_key(|&(_, score)| std::cmp::Reverse(score));
}

/// A search for a forced win of the root side, with its own table.
struct Solver<'a> {
    table: Vec<u64>,
    nodes: u64,
    next_check: u64,
    limits: &'a SolveLimits<'a>,
    aborted: bool,
}

impl Solver<'_> {
    /// Whether the root side, holding `root`, wins within `left` plies against any defence
    /// (`root_to_act`: whose turn it is).
    fn root_wins(&mut self, root: Bits, other: Bits, root_to_act: bool, left: u32) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if self
                .limits
                .cancel
                .load(std::sync::atomic::Ordering::Relaxed)
                || web_time::Instant::now() >= self.limits.deadline
            {
                self.aborted = true;
            }
        }
        if self.nodes >= self.limits.nodes {
            self.aborted = true;
        }
        if self.aborted || left == 0 {
            return false;
        }
        let key = root as u64 | (other as u64) << 25 | u64::from(root_to_act) << 50;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        if entry & VALID != 0 && entry & ((1 << KEY_BITS) - 1) == key {
            let stored = ((entry >> LEFT_SHIFT) & 63) as u32;
            // A win in fewer plies is a win with more; no win with more plies is none with
            // fewer.
            if entry & WIN != 0 && stored <= left {
                return true;
            }
            if entry & WIN == 0 && stored >= left {
                return false;
            }
        }
        let (mover, waiter) = if root_to_act {
            (root, other)
        } else {
            (other, root)
        };
        let mut moves = Moves::new();
        order(mover, waiter, &mut moves);
        // The root side needs one winning placement; the other side one that avoids a loss.
        let mut won = !root_to_act;
        for &(point, _) in moves.as_slice() {
            let (moved, waited, over) = place(mover, waiter, point);
            let this = match over {
                Some(mover_won) => mover_won == root_to_act,
                None if root_to_act => self.root_wins(moved, waited, false, left - 1),
                None => self.root_wins(waited, moved, true, left - 1),
            };
            if self.aborted {
                return false;
            }
            if this == root_to_act {
                won = this;
                break;
            }
        }
        self.table[slot] =
            key | u64::from(left.min(63)) << LEFT_SHIFT | VALID | if won { WIN } else { 0 };
        won
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Side, Status};
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    use web_time::Instant;

    /// Whether `side` wins from `state` within `left` plies against any defence, by plain
    /// minimax over every placement.
    fn wins_within(state: &wudao::State, side: Side, left: u32) -> bool {
        match state.status() {
            Status::Won { winner, .. } => return winner == side,
            Status::Drawn(_) => return false,
            Status::Ongoing if left == 0 => return false,
            Status::Ongoing => {}
        }
        let mut list = crate::rules::ActionList::new();
        state.legal_actions(&mut list);
        let mut outcomes = list.iter().map(|&action| {
            let mut child = *state;
            child.apply_unchecked(action);
            wins_within(&child, side, left - 1)
        });
        if state.to_act() == Some(side) {
            outcomes.any(|w| w)
        } else {
            outcomes.all(|w| w)
        }
    }

    fn after(moves: &[&str]) -> wudao::State {
        crate::rules::played(moves)
    }

    #[test]
    fn the_solver_agrees_with_minimax_and_its_winning_moves_win() {
        let cancel = AtomicBool::new(false);
        let limits = SolveLimits {
            nodes: u64::MAX,
            deadline: Instant::now() + Duration::from_secs(60),
            cancel: &cancel,
        };
        // Seeded random boards with four empty points, either side to act: captures are
        // still possible in many of them.
        let mut rng = StdRng::seed_from_u64(7);
        let (mut checked, mut won) = (0, 0);
        for _ in 0..60 {
            let mut boards: [Bits; 2] = [0, 0];
            let empty: Bits = (0..4).fold(0, |e, _| e | 1 << rng.random_range(0..25));
            for i in 0..25 {
                if empty & 1 << i == 0 {
                    boards[rng.random_range(0..2)] |= 1 << i;
                }
            }
            let side = if rng.random_bool(0.5) {
                Side::Black
            } else {
                Side::White
            };
            let Some(state) = wudao::State::from_parts(boards, side) else {
                continue;
            };
            // A short horizon keeps the plain minimax it is checked against quick.
            let (proof, _) = prove(&state, 25, 2, &limits);
            let horizon = empty.count_ones() + 2;
            let winnable = wins_within(&state, side, horizon);
            match proof {
                Proof::Won(action) => {
                    assert!(winnable, "{state:?}");
                    let mut child = state;
                    child.apply_unchecked(action);
                    assert!(
                        wins_within(&child, side, horizon - 1),
                        "{action} in {state:?}"
                    );
                    won += 1;
                }
                Proof::Unknown => assert!(!winnable, "{state:?}"),
            }
            checked += 1;
        }
        assert!(
            checked >= 50 && won > 0 && won < checked,
            "{won} won of {checked}"
        );
    }

    #[test]
    fn the_solver_keeps_out_of_positions_with_too_many_empty_points_and_stops_on_cancel() {
        let cancel = AtomicBool::new(false);
        let limits = SolveLimits {
            nodes: u64::MAX,
            deadline: Instant::now() + Duration::from_secs(60),
            cancel: &cancel,
        };
        let state = after(&["c3", "b2"]);
        assert_eq!(solve(&state, 12, &limits), (Proof::Unknown, 0));
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        let (proof, nodes) = solve(&state, 25, &limits);
        assert_eq!(proof, Proof::Unknown);
        assert!(nodes <= 2048, "{nodes} nodes after the cancel");
    }
}
