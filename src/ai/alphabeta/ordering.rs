//! Move ordering: the table's move first, then killers (actions that refuted a sibling), then
//! the game's own hint (captures, flips) and the history of cut-offs.

use super::bounds::MAX_PLY;
use crate::ai::eval::Evaluate;
use crate::rules::{Action, ActionList, MAX_ACTIONS, Point};

/// A compact number for an action, for the tables.
pub(crate) fn code(action: Action) -> u16 {
    match action {
        Action::Place(p) => p.index() as u16,
        Action::Move(from, to) => 25 + (from.index() * 25 + to.index()) as u16,
        Action::Remove(p) => 650 + p.index() as u16,
        Action::Timeout => 675,
    }
}

/// The action with this code, if it is one.
pub(crate) fn decode(code: u16) -> Option<Action> {
    let point = |i: u16| Point::from_index(i as u8);
    match code {
        0..25 => point(code).map(Action::Place),
        25..650 => {
            let c = code - 25;
            Some(Action::Move(point(c / 25)?, point(c % 25)?))
        }
        650..675 => point(code - 650).map(Action::Remove),
        675 => Some(Action::Timeout),
        _ => None,
    }
}

/// How many action codes there are.
pub(crate) const CODES: usize = 676;
/// No action (an empty table or killer slot).
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// An action with its ordering score and whether it is quiet (a candidate for reduction).
pub(crate) type Scored = (Action, i32, bool);

/// What the search learns about good actions as it goes.
pub(crate) struct MoveOrder {
    killers: [[u16; 2]; MAX_PLY],
    history: Vec<i32>,
}

impl MoveOrder {
    pub fn new() -> MoveOrder {
        MoveOrder {
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: vec![0; CODES],
        }
    }

    /// Writes the actions of `list` into `out`, best first; returns how many.
    pub fn sort<R: Evaluate>(
        &self,
        state: &R,
        list: &ActionList,
        tt_move: u16,
        ply: usize,
        out: &mut [Scored; MAX_ACTIONS],
    ) -> usize {
        let n = list.len();
        let mut hints = [0i32; MAX_ACTIONS];
        state.order_hints(list, &mut hints[..n]);
        for ((slot, &action), &hint) in out.iter_mut().zip(list.iter()).zip(&hints) {
            let c = code(action);
            let order = if c == tt_move {
                1 << 30
            } else if self.killers[ply].contains(&c) {
                1 << 20
            } else {
                0
            };
            let quiet = order == 0 && hint <= 0;
            *slot = (
                action,
                order + hint * 64 + self.history[c as usize] / 8,
                quiet,
            );
        }
        out[..n].sort_unstable_by_key(|&(_, s, _)| std::cmp::Reverse(s));
        n
    }

    /// Remembers an action that caused a beta cut-off at `ply`.
    pub fn cutoff(&mut self, action: Action, depth: i32, ply: usize) {
        let c = code(action);
        self.history[c as usize] += depth * depth;
        if self.killers[ply][0] != c {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_decodes_back_from_its_code() {
        let mut actions = vec![Action::Timeout];
        for p in Point::ALL {
            actions.push(Action::Place(p));
            actions.push(Action::Remove(p));
            for q in Point::ALL {
                actions.push(Action::Move(p, q));
            }
        }
        for action in actions {
            assert_eq!(decode(code(action)), Some(action));
        }
        assert_eq!(decode(NO_MOVE), None);
    }
}
