//! Perft: the number of distinct sequences of legal actions (never `timeout`) of a given
//! length. No position is cached; the last level counts legal actions without playing them.

use super::{Action, ActionList, GameRules, GameVisitor, State};

/// Perft of a single game's position.
pub fn perft<R: GameRules>(state: &R, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return state.count_actions() as u64;
    }
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    let mut total = 0;
    for &action in list.as_slice() {
        let mut next = *state;
        next.apply_unchecked(action);
        total += perft(&next, depth - 1);
    }
    total
}

/// Perft of any game's position.
pub fn perft_state(state: &State, depth: u32) -> u64 {
    struct Perft(u32);
    impl GameVisitor for Perft {
        type Output = u64;
        fn visit<R: GameRules>(self, state: &R) -> u64 {
            perft(state, self.0)
        }
    }
    state.visit(Perft(depth))
}

/// Perft split by first action, in legal-action order.
pub fn divide(state: &State, depth: u32) -> Vec<(Action, u64)> {
    struct Divide(u32);
    impl GameVisitor for Divide {
        type Output = Vec<(Action, u64)>;
        fn visit<R: GameRules>(self, state: &R) -> Vec<(Action, u64)> {
            if self.0 == 0 {
                return Vec::new();
            }
            let mut list = ActionList::new();
            state.legal_actions(&mut list);
            list.iter()
                .map(|&action| {
                    let mut next = *state;
                    next.apply_unchecked(action);
                    (action, perft(&next, self.0 - 1))
                })
                .collect()
        }
    }
    state.visit(Divide(depth))
}
