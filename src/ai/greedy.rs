//! The greedy reference player: one action of look-ahead. It plays an action that wins at
//! once if there is one, else the one that takes the most enemy material at once (pieces
//! captured, pulled or flipped, and captures owed to it after a Neihuang move), else any,
//! ties broken by the seed. About how someone plays who has just learned the rules; every
//! game's rating scale is anchored on it.

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::error::AiError;
use super::eval::Evaluate;
use super::solver::Solve;
use super::strategy::{Found, Strategy, Task};
use crate::rules::{Action, ActionList, Decision, Rules, Status};

/// The greedy strategy.
pub(crate) struct Greedy;

/// What one action gains its side at once: a win, or enemy material taken and owed, minus
/// its own material given up. The greedy player plays an action of the largest gain; the
/// puzzles ask it which wrong actions tempt (`learn::puzzles::quality`).
pub fn gain<R: Rules>(state: &R, action: Action) -> i32 {
    let Some(me) = state.to_act() else {
        return 0;
    };
    let mut after = *state;
    after.apply_unchecked(action);
    match after.status() {
        Status::Won { winner, .. } if winner == me => return 1000,
        Status::Won { .. } => return -1000,
        _ => {}
    }
    let count = |s: &R, i: usize| s.boards()[i].count_ones() as i32;
    let (mine, theirs) = (me.index(), 1 - me.index());
    let taken = count(state, theirs) - count(&after, theirs);
    let given = (count(state, mine) - count(&after, mine)).max(0);
    let owed = match after.decision() {
        Some(Decision::Capture { .. }) if after.to_act() == Some(me) => i32::from(after.owed()),
        _ => 0,
    };
    taken + owed - given
}

impl<R: Evaluate + Solve> Strategy<R> for Greedy {
    fn decide(&mut self, state: &R, task: &Task<'_>) -> Result<(Action, Found), AiError> {
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        if list.is_empty() {
            return Err(AiError::GameOver);
        }
        let mut rng = StdRng::seed_from_u64(task.seed);
        let gains: Vec<i32> = list.iter().map(|&a| gain(state, a)).collect();
        let most = gains.iter().copied().max().unwrap_or(0);
        let best: Vec<Action> = list
            .iter()
            .zip(&gains)
            .filter(|&(_, &g)| g == most)
            .map(|(&a, _)| a)
            .collect();
        let action = best[rng.random_range(0..best.len())];
        Ok((
            action,
            Found {
                score: Some(100 * most),
                line: vec![action],
                nodes: list.len() as u64,
                depth: 1,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameRules, flying, neihuang, played, wudao};
    use std::sync::atomic::AtomicBool;
    use web_time::Instant;

    fn greedy_choice<R: Evaluate + Solve>(state: &R, seed: u64) -> Action {
        let cancel = AtomicBool::new(false);
        let task = Task {
            seed,
            history: &[],
            cancel: &cancel,
            nodes: 1,
            deadline: Instant::now(),
            threads: 1,
        };
        Greedy.decide(state, &task).expect("a choice").0
    }

    #[test]
    fn it_takes_what_it_sees_and_otherwise_plays_by_the_seed() {
        // Wu Dao: b1 makes `B B W .` along row 1 (a1 b1 c1): the flank captures c1.
        let w: wudao::State = played(&["a1", "c1", "e5", "e4"]);
        for seed in 0..8 {
            assert_eq!(
                greedy_choice(&w, seed),
                Action::parse("b1").expect("notation")
            );
        }
        // Flying: nothing to take at the start, so the seed decides among all 15 moves.
        let f = flying::State::start();
        let chosen: std::collections::BTreeSet<String> = (0..40)
            .map(|seed| greedy_choice(&f, seed).to_string())
            .collect();
        assert!(chosen.len() > 5, "{chosen:?}");
        // Neihuang: the same seed always gives the same placement.
        let n = neihuang::State::start();
        assert_eq!(greedy_choice(&n, 3), greedy_choice(&n, 3));
    }
}
