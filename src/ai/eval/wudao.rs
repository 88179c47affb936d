//! Wu Dao Qi: material, the best capture each side has ready, and the parity of the empty
//! points.
//!
//! When no more pieces are captured, the empty points are filled alternately, starting with
//! the side to act, so with an odd number of them the side to act places one piece more than
//! the other: the board's final margin is the material plus that piece.

use super::pattern::{Features, Indices, Layout};
use super::terms::wudao_threat;
use super::{Evaluate, Knowledge};
use crate::rules::board::FULL;
use crate::rules::{Action, ActionList, Point, Rules, wudao};

impl Evaluate for wudao::State {
    fn evaluate(&self, knowledge: &Knowledge, indices: Option<&Indices>) -> i32 {
        if let Some(weights) = knowledge.patterns {
            return self.pattern_value(weights, indices);
        }
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let material = own.count_ones() as i32 - enemy.count_ones() as i32;
        let plain = material * 100 + wudao_threat(own, enemy) * 80 - wudao_threat(enemy, own) * 35;
        let empty = (FULL & !(own | enemy)).count_ones();
        if empty % 2 == 1 {
            plain + knowledge.parity
        } else {
            plain
        }
    }

    fn pattern_layout() -> Option<&'static Layout> {
        Some(<Self as Features>::layout())
    }

    fn order_hint(&self, action: Action) -> i32 {
        let Action::Place(p) = action else {
            return 0;
        };
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let own = boards[me] | 1 << p.index();
        let taken = wudao::State::captures(own, boards[1 - me], p.index()).count_ones() as i32;
        // Then placements that stop the other side's best capture.
        let theirs = wudao::State::captures(boards[1 - me] | 1 << p.index(), boards[me], p.index())
            .count_ones() as i32;
        taken * 100 + theirs * 40
    }

    fn order_hints(&self, actions: &[Action], out: &mut [i32]) {
        // The same values as `order_hint`, from the whole board's capture counts at once.
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let taken = wudao::State::capture_counts(boards[me], boards[1 - me]);
        let theirs = wudao::State::capture_counts(boards[1 - me], boards[me]);
        for (hint, action) in out.iter_mut().zip(actions) {
            *hint = match *action {
                Action::Place(p) => {
                    i32::from(taken[p.index()]) * 100 + i32::from(theirs[p.index()]) * 40
                }
                _ => 0,
            };
        }
    }

    fn noisy_actions(&self, out: &mut ActionList) {
        out.clear();
        let Some(side) = self.to_act() else { return };
        let me = side.index();
        let boards = self.boards();
        if self.hands()[me] == 0 {
            return;
        }
        let counts = wudao::State::capture_counts(boards[me], boards[1 - me]);
        for (p, &n) in counts.iter().enumerate() {
            if n > 0 {
                out.push(Action::Place(Point::ALL[p]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> wudao::State {
        crate::rules::played(moves)
    }

    #[test]
    fn parity_counts_for_the_side_to_act_only_with_an_odd_number_of_empty_points() {
        let parity = Knowledge {
            parity: 90,
            ..Knowledge::PLAIN
        };
        let odd = after(&["c3", "b2"]); // 23 empty
        let even = after(&["c3"]); // 24 empty
        assert_eq!(
            odd.evaluate(&parity, None),
            odd.evaluate(&Knowledge::PLAIN, None) + 90
        );
        assert_eq!(
            even.evaluate(&parity, None),
            even.evaluate(&Knowledge::PLAIN, None)
        );
    }
}
