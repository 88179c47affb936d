//! The root of a decision: iterative deepening over the legal actions, either plain
//! (the best action wins) or noisy (every action scored exactly, then misjudged a little).

use rand::{RngExt, rngs::StdRng};

use super::bounds::{INFINITY, MATE, MAX_PLY};
use super::ordering::decode;
use super::table::hash;
use super::thread::SearchThread;
use crate::ai::error::AiError;
use crate::ai::eval::Evaluate;
use crate::ai::strategy::Found;
use crate::rules::{Action, ActionList};

impl<R: Evaluate> SearchThread<'_, R> {
    /// Scores every root action exactly, deepening up to `depth` while the budget lasts,
    /// adds a fixed random amount to each, and plays the best: a player who sees well but
    /// misjudges close choices.
    pub(super) fn noisy_root(
        &mut self,
        state: &R,
        list: &ActionList,
        depth: i32,
        noise: i32,
        rng: &mut StdRng,
    ) -> Result<(Action, Found), AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        self.path.push(state.key());
        self.start_path(state);
        let jitter: Vec<i32> = list
            .iter()
            .map(|_| rng.random_range(-noise..=noise))
            .collect();
        let mut scores: Vec<i32> = list.iter().map(|&a| state.order_hint(a)).collect();
        let mut completed = 0;
        for d in 1..=depth {
            let mut current = Vec::with_capacity(list.len());
            for &action in list.iter() {
                let mut child = *state;
                child.apply_unchecked(action);
                self.follow(state, &child, 1);
                self.note_removal(state, action, &child, 1);
                let score = self.child_value(&child, me, d - 1, -INFINITY, INFINITY, 1);
                if self.aborted {
                    break;
                }
                current.push(score);
            }
            self.cancelled()?;
            if self.aborted {
                break;
            }
            scores = current;
            completed = d;
        }
        let (best, _) = scores
            .iter()
            .zip(&jitter)
            .enumerate()
            .max_by_key(|&(_, (score, jitter))| score.saturating_add(*jitter))
            .map_or((0, 0), |(i, (score, _))| (i, *score));
        let score = (completed > 0).then_some(scores[best]);
        // The line after the choice, as the table holds it from the scoring of every action.
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
