//! The root of a decision: iterative deepening over the legal actions, either plain (the
//! best action wins) or weighed (the best few actions scored exactly, then chosen among with
//! the player's weakness and noise).

use rand::{RngExt, rngs::StdRng};

use super::bounds::{INFINITY, MATE, MAX_PLY};
use super::ordering::decode;
use super::table::hash;
use super::thread::SearchThread;
use crate::ai::error::AiError;
use crate::ai::eval::Evaluate;
use crate::ai::strategy::Found;
use crate::rules::{Action, ActionList};

/// How a weighed root chooses among its candidates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Weighing {
    /// The deepest iteration.
    pub depth: i32,
    /// How many of the best actions are scored exactly.
    pub candidates: usize,
    /// The error of the choice, in percent of the candidates' spread.
    pub weakness: u32,
    /// A fixed random error up to this size added to every candidate (centipieces).
    pub noise: i32,
}

/// The largest spread of the candidates' scores that scales the weakness's random part: one
/// piece. A wider spread means a clear choice, which is misjudged no more than this.
const SPREAD_CAP: i64 = 100;

impl<R: Evaluate> SearchThread<'_, R> {
    /// Scores the best `weighing.candidates` root actions exactly (the others only shown to
    /// be worse), deepening up to `weighing.depth` while the budget lasts, and plays the one
    /// that looks best to a player of this weakness: a player who reads as far as the depth
    /// and misjudges close choices, never one who throws away a clear one at random.
    pub(super) fn weighed_root(
        &mut self,
        state: &R,
        list: &ActionList,
        weighing: Weighing,
        rng: &mut StdRng,
    ) -> Result<(Action, Found), AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        self.path.push(state.key());
        self.start_path(state);
        // A fixed error per action, drawn once so that it does not change between iterations.
        let jitter: Vec<i32> = list
            .iter()
            .map(|_| match weighing.noise {
                0 => 0,
                n => rng.random_range(-n..=n),
            })
            .collect();
        let wanted = weighing.candidates.clamp(1, list.len());
        // Root actions by index, ordered by the last iteration's scores (best first).
        let mut order: Vec<(usize, i32)> = list
            .iter()
            .enumerate()
            .map(|(i, &a)| (i, state.order_hint(a)))
            .collect();
        order.sort_by_key(|&(_, hint)| std::cmp::Reverse(hint));
        // The exact scores of the last completed iteration's candidates.
        let mut candidates: Vec<(usize, i32)> = Vec::new();
        let mut completed = 0;
        for depth in 1..=weighing.depth {
            let mut exact: Vec<(usize, i32)> = Vec::with_capacity(wanted + 1);
            for entry in order.iter_mut() {
                let mut child = *state;
                child.apply_unchecked(list[entry.0]);
                self.follow(state, &child, 1);
                self.note_removal(state, list[entry.0], &child, 1);
                let score = if exact.len() < wanted {
                    self.child_value(&child, me, depth - 1, -INFINITY, INFINITY, 1)
                } else {
                    // Only an action better than the worst candidate needs an exact score.
                    let floor = exact.iter().map(|&(_, s)| s).min().unwrap_or(-INFINITY);
                    let probe = self.child_value(&child, me, depth - 1, floor, floor + 1, 1);
                    if probe > floor && !self.aborted {
                        self.child_value(&child, me, depth - 1, -INFINITY, INFINITY, 1)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                entry.1 = score;
                let floor = exact.iter().map(|&(_, s)| s).min();
                if exact.len() < wanted {
                    exact.push((entry.0, score));
                } else if floor.is_some_and(|f| score > f) {
                    let worst = (0..exact.len())
                        .min_by_key(|&i| exact[i].1)
                        .unwrap_or_default();
                    exact[worst] = (entry.0, score);
                }
            }
            self.cancelled()?;
            if self.aborted {
                break;
            }
            candidates = exact;
            completed = depth;
            order.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        }
        let (best, score) = match candidates.is_empty() {
            // Not even the first iteration finished: the most promising action by its hint.
            true => (order[0].0, None),
            false => {
                let chosen = choose(&candidates, &jitter, weighing.weakness, rng);
                (chosen.0, Some(chosen.1))
            }
        };
        // The line after the choice, as the table holds it from the scoring of the candidates.
        let line = self.expected_line(state, list[best]);
        Ok((list[best], self.found(score, completed, line)))
    }

    /// Iterative deepening with alpha-beta until the budget runs out.
    pub(super) fn iterate(
        &mut self,
        state: &R,
        list: &ActionList,
        max_depth: i32,
    ) -> Result<(Action, Found), AiError> {
        self.path.push(state.key());
        self.start_path(state);
        let mut order: Vec<(Action, i32)> =
            list.iter().map(|&a| (a, state.order_hint(a))).collect();
        order.sort_by_key(|&(_, hint)| std::cmp::Reverse(hint));
        let mut best = (order[0].0, None);
        let mut completed = 0;
        // Helpers start one or two iterations deeper so that the threads spread out.
        let first = 1 + (self.helper % 3) as i32;
        for depth in first..=max_depth {
            let window = match best.1 {
                Some(score) if self.params.aspiration > 0 && depth >= 4 => {
                    let w = self.params.aspiration;
                    (score - w, score + w)
                }
                _ => (-INFINITY, INFINITY),
            };
            let mut outcome = self.root_iteration(state, &mut order, depth, window)?;
            if let Some((_, score)) = outcome
                && !self.aborted
                && window != (-INFINITY, INFINITY)
                && (score <= window.0 || score >= window.1)
            {
                // Outside the window: the value is only a bound; search again in full.
                outcome = self.root_iteration(state, &mut order, depth, (-INFINITY, INFINITY))?;
            }
            if let Some((action, score)) = outcome {
                // A partial iteration still counts when it finished its first action (the
                // previous best) and found something better.
                best = (action, Some(score));
                if !self.aborted {
                    completed = depth;
                }
            }
            if self.aborted {
                break;
            }
            // The best first next time; the others by their scores in this iteration.
            order.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            if best.1.is_some_and(|s| s.abs() >= MATE - MAX_PLY as i32) {
                break;
            }
        }
        let line = self.expected_line(state, best.0);
        Ok((best.0, self.found(best.1, completed, line)))
    }

    /// One iteration over the root actions within `(alpha, beta)`: the best action and its
    /// score, if the first action was searched before the budget ran out.
    fn root_iteration(
        &mut self,
        state: &R,
        order: &mut [(Action, i32)],
        depth: i32,
        (mut alpha, beta): (i32, i32),
    ) -> Result<Option<(Action, i32)>, AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        let floor = alpha;
        let mut iteration_best = None;
        for (i, entry) in order.iter_mut().enumerate() {
            let mut child = *state;
            child.apply_unchecked(entry.0);
            self.follow(state, &child, 1);
            self.note_removal(state, entry.0, &child, 1);
            let score = if i == 0 {
                self.child_value(&child, me, depth - 1, alpha, beta, 1)
            } else {
                // Null window first: most actions only need to be shown no better.
                let probe = self.child_value(&child, me, depth - 1, alpha, alpha + 1, 1);
                if probe > alpha && !self.aborted {
                    self.child_value(&child, me, depth - 1, alpha, beta, 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                break;
            }
            entry.1 = score;
            if i == 0 && score <= floor {
                // Failed low: every action is at most this; report the bound.
                iteration_best = Some((entry.0, score));
            }
            if score > alpha {
                alpha = score;
                iteration_best = Some((entry.0, score));
                if alpha >= beta {
                    break;
                }
            }
        }
        self.cancelled()?;
        Ok(iteration_best)
    }

    /// The line the search expects after `first` from `state`: `first`, then the best
    /// action the table holds for each position that follows, while it holds a legal one and
    /// the line does not come back to a position it passed.
    fn expected_line(&self, state: &R, first: Action) -> Vec<Action> {
        let mut line = vec![first];
        let mut current = *state;
        current.apply_unchecked(first);
        let mut seen = vec![state.key()];
        while line.len() < EXPECTED_LINE_MAX && current.to_act().is_some() {
            let key = current.key();
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(entry) = self.shared.table.probe(hash(key) ^ self.shared.salt) else {
                break;
            };
            let Some(action) = decode(entry.best) else {
                break;
            };
            let mut list = ActionList::new();
            current.legal_actions(&mut list);
            if !list.contains(action) {
                break;
            }
            line.push(action);
            current.apply_unchecked(action);
        }
        line
    }
}

/// The longest expected line reported.
const EXPECTED_LINE_MAX: usize = 16;

/// The candidate (root index and exact score) a player of `weakness` chooses, with each
/// action's fixed `jitter` added: each candidate is seen with a seeded error of up to
/// `weakness` percent of the candidates' spread (the best score less the worst, at most
/// [`SPREAD_CAP`]). Among close candidates the error is small but so are the gaps, so they
/// are often confused; a clear choice is missed only by a player whose error is many times the
/// gap; a position where everything is equal leaves nothing to get wrong.
fn choose(
    candidates: &[(usize, i32)],
    jitter: &[i32],
    weakness: u32,
    rng: &mut StdRng,
) -> (usize, i32) {
    let seen = |&(i, s): &(usize, i32)| i64::from(s) + i64::from(jitter[i]);
    let top = candidates.iter().map(seen).max().unwrap_or(0);
    let bottom = candidates.iter().map(seen).min().unwrap_or(0);
    let spread = (top - bottom).min(SPREAD_CAP);
    let mut best = candidates[0];
    let mut best_value = i64::MIN;
    for candidate in candidates {
        let error = match weakness {
            0 => 0,
            w => spread * rng.random_range(0..=i64::from(w)),
        };
        // In hundredths of a centipiece.
        let judged = 100 * seen(candidate) + error;
        if judged > best_value {
            best_value = judged;
            best = *candidate;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn share_of_best(candidates: &[(usize, i32)], weakness: u32) -> f64 {
        let jitter = vec![0; candidates.len()];
        let mut rng = StdRng::seed_from_u64(5);
        let picks = (0..2000)
            .filter(|_| choose(candidates, &jitter, weakness, &mut rng).0 == 0)
            .count();
        picks as f64 / 2000.0
    }

    #[test]
    fn a_weak_player_misjudges_close_choices_more_often_than_clear_ones() {
        // No weakness: always the best.
        assert_eq!(share_of_best(&[(0, 30), (1, 20), (2, -50)], 0), 1.0);
        let close = share_of_best(&[(0, 30), (1, 25), (2, 20)], 150);
        let clear = share_of_best(&[(0, 300), (1, 25), (2, 20)], 150);
        assert!(close < 0.8, "close: best chosen {close}");
        assert!(clear > close, "clear {clear} against close {close}");
        // A weaker player errs more on the same choice.
        let weaker = share_of_best(&[(0, 30), (1, 25), (2, 20)], 400);
        assert!(weaker < close, "weaker {weaker} against {close}");
        // A forced win is never given up.
        assert_eq!(share_of_best(&[(0, MATE - 3), (1, 90), (2, 80)], 5000), 1.0);
    }
}
