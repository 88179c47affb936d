//! The root of a decision: iterative deepening over the legal actions, either plain
//! (the best action wins) or noisy (every action scored exactly, then misjudged a little).

use rand::{RngExt, rngs::StdRng};

use super::super::AiError;
use super::super::eval::Evaluate;
use super::{Found, INFINITY, MATE, MAX_PLY, Searcher};
use crate::rules::{Action, ActionList};

impl<R: Evaluate> Searcher<'_, R> {
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
        Ok((list[best], self.found(score, completed)))
    }

    /// Iterative deepening with alpha-beta until the node budget runs out.
    pub(super) fn iterate(
        &mut self,
        state: &R,
        list: &ActionList,
        max_depth: i32,
    ) -> Result<(Action, Found), AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        self.path.push(state.key());
        let mut order: Vec<(Action, i32)> =
            list.iter().map(|&a| (a, state.order_hint(a))).collect();
        order.sort_by_key(|&(_, hint)| std::cmp::Reverse(hint));
        let mut best = (order[0].0, None);
        let mut completed = 0;
        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let mut iteration_best = None;
            for (i, entry) in order.iter_mut().enumerate() {
                let mut child = *state;
                child.apply_unchecked(entry.0);
                let score = if i == 0 {
                    self.child_value(&child, me, depth - 1, alpha, INFINITY, 1)
                } else {
                    // Null window first: most actions only need to be shown no better.
                    let probe = self.child_value(&child, me, depth - 1, alpha, alpha + 1, 1);
                    if probe > alpha && !self.aborted {
                        self.child_value(&child, me, depth - 1, alpha, INFINITY, 1)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                entry.1 = score;
                if score > alpha {
                    alpha = score;
                    iteration_best = Some((entry.0, score));
                }
            }
            self.cancelled()?;
            if let Some((action, score)) = iteration_best {
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
            if alpha.abs() >= MATE - MAX_PLY as i32 {
                break;
            }
        }
        Ok((best.0, self.found(best.1, completed)))
    }
}
