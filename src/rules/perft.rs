//! Perft: the number of distinct sequences of legal actions (never `timeout`) of a given
//! length. No position is cached; the last level counts legal actions without playing them.

use super::{ActionList, Rules, State};

/// Perft of a single game's position.
pub fn perft<R: Rules>(state: &R, depth: u32) -> u64 {
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
    match state {
        State::Neihuang(s) => perft(s, depth),
        State::Flying(s) => perft(s, depth),
        State::Wudao(s) => perft(s, depth),
    }
}

/// Perft split by first action, in legal-action order.
pub fn divide(state: &State, depth: u32) -> Vec<(super::Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    state
        .legal_vec()
        .into_iter()
        .map(|action| {
            let mut next = *state;
            next.apply_unchecked(action);
            (action, perft_state(&next, depth - 1))
        })
        .collect()
}
