//! Perft: the number of distinct sequences of legal actions (never `timeout`) of a given
//! length. No position is cached; the last level counts legal actions without playing them.
//! [`Growth`] tells beforehand roughly how large a count will be, so that a depth that could
//! not finish in any reasonable time can be refused.

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
///
/// ```
/// use sanqi::rules::perft::perft_state;
/// use sanqi::rules::{GameId, State};
///
/// // Wu Dao Qi opens with placements on the 25 empty points.
/// let start = State::start(GameId::Wudao);
/// assert_eq!(perft_state(&start, 1), 25);
/// assert_eq!(perft_state(&start, 2), 600);
/// ```
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

/// Counts up to this size are measured by [`Growth::of`]; larger ones are extrapolated.
const MEASURED_UP_TO: u64 = 100_000;

/// How perft grows with depth from one position: measured exactly for the first depths
/// (while the counts stay small, which takes a few milliseconds), then extrapolated with the
/// ratio of the last two counts. Good to a small factor where the number of legal actions
/// changes slowly, which is enough to tell a count of seconds from one of years.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    /// perft(0), perft(1) … as far as measured.
    measured: Vec<u64>,
    /// The ratio of the last two measured counts.
    branching: f64,
}

impl Growth {
    /// Measures the growth from `state`, looking no deeper than `max_depth`.
    pub fn of(state: &State, max_depth: u32) -> Growth {
        let mut measured = vec![1];
        while let Some(&last) = measured.last() {
            let depth = measured.len() as u32;
            if depth > max_depth || last == 0 || last >= MEASURED_UP_TO {
                break;
            }
            measured.push(perft_state(state, depth));
        }
        let branching = match measured.as_slice() {
            [.., before, last] if *before > 0 => *last as f64 / *before as f64,
            _ => 0.0,
        };
        Growth {
            measured,
            branching,
        }
    }

    /// perft(`depth`): exact where measured, otherwise an estimate.
    pub fn estimate(&self, depth: u32) -> f64 {
        let depth = depth as usize;
        if let Some(&count) = self.measured.get(depth) {
            return count as f64;
        }
        let last = self.measured.len() - 1;
        let beyond = i32::try_from(depth - last).unwrap_or(i32::MAX);
        self.measured[last] as f64 * self.branching.powi(beyond)
    }

    /// The greatest depth up to `max_depth` whose count is estimated at `limit` or less.
    pub fn deepest_within(&self, limit: f64, max_depth: u32) -> u32 {
        (0..=max_depth)
            .take_while(|&d| self.estimate(d) <= limit)
            .last()
            .unwrap_or(0)
    }
}
