//! Exact solving of the end of a game, where a game has a solver: what a solve proves and
//! how far it may go. It depends on the rules only.

mod wudao;

use std::sync::atomic::AtomicBool;
use web_time::Instant;

use crate::rules::{Action, GameRules, Rules, Side, State, flying, neihuang};

/// What an exact solve of the rest of the game found for the side to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// No win was proved: the budget ran out, the side may lose, or no solver applies.
    Unknown,
    /// This action wins against any defence.
    Won(Action),
}

/// How far an exact solve may go.
pub(crate) struct SolveLimits<'a> {
    pub nodes: u64,
    pub deadline: Instant,
    pub cancel: &'a AtomicBool,
}

/// A game's exact solver for its last actions.
pub(crate) trait Solve: GameRules {
    /// Solves the rest of the game exactly when at most `max_empty` points are empty, within
    /// `limits`: the proof and the nodes it took. Only games with a solver override it.
    fn solve(&self, _max_empty: u8, _limits: &SolveLimits<'_>) -> (Proof, u64) {
        (Proof::Unknown, 0)
    }
}

impl Solve for neihuang::State {}
impl Solve for flying::State {}

/// The winner of `state` with best play, when a search of at most `nodes` nodes proves it:
/// a forced win of the side to act, or a forced win of the other side after every action of
/// the side to act. Only Wu Dao has a solver; elsewhere, and when the budget runs out, `None`.
/// (A proof holds to the full board, repetitions aside: see `wudao::solve`.)
pub fn exact_winner(state: &State, nodes: u64) -> Option<Side> {
    let State::Wudao(s) = state else { return None };
    let side = s.to_act()?;
    let cancel = AtomicBool::new(false);
    let limits = |nodes| SolveLimits {
        nodes,
        deadline: Instant::now() + std::time::Duration::from_secs(3600),
        cancel: &cancel,
    };
    let (proof, used) = s.solve(25, &limits(nodes / 2));
    if let Proof::Won(_) = proof {
        return Some(side);
    }
    let mut left = nodes.saturating_sub(used);
    let mut list = crate::rules::ActionList::new();
    s.legal_actions(&mut list);
    let share = left / list.len().max(1) as u64;
    for &action in list.iter() {
        let mut child = *s;
        child.apply_unchecked(action);
        let won_by_other = match child.to_act() {
            None => child.status().winner() == Some(side.other()),
            Some(next) if next == side.other() => {
                let (proof, used) = child.solve(25, &limits(share.min(left)));
                left = left.saturating_sub(used);
                matches!(proof, Proof::Won(_))
            }
            Some(_) => false,
        };
        if !won_by_other {
            return None;
        }
    }
    Some(side.other())
}
