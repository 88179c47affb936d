//! The evaluation of each game: a position's value for the side to act, in centipieces, and
//! the cheap hints the search orders its actions by.
//!
//! It depends on the rules and on its own knowledge only: the search says which knowledge to
//! use through [`Knowledge`], built from the player's settings.

mod flying;
mod neihuang;
pub(crate) mod pattern;
mod pulls;
mod wudao;

use crate::rules::{Action, ActionList, GameRules};
use pattern::{Indices, Layout, Weights};

/// Which game knowledge the evaluation adds to its plain terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Knowledge {
    /// Neihuang: percent weight of the captures waiting behind the pulls (0: left out).
    pub pulls: i32,
    /// Wu Dao: centipieces for the side to act when the number of empty points is odd.
    pub parity: i32,
    /// The learned pattern evaluation, which replaces the hand-written terms (and the
    /// knowledge above, which it has learned) where the game has one.
    pub patterns: Option<&'static Weights>,
}

impl Knowledge {
    /// The plain evaluation, without extra knowledge.
    pub const PLAIN: Knowledge = Knowledge {
        pulls: 0,
        parity: 0,
        patterns: None,
    };
}

/// What the search needs from a game beyond its rules.
pub(crate) trait Evaluate: GameRules {
    /// The position's value for the side to act (the game must be ongoing), with the game
    /// knowledge `knowledge` switches on. A pattern evaluation uses `indices` when the
    /// search keeps them ([`Evaluate::pattern_layout`]), and computes them otherwise.
    fn evaluate(&self, knowledge: &Knowledge, indices: Option<&Indices>) -> i32;
    /// The layout of the game's pattern evaluation, if it has one: the search then keeps
    /// the pattern indices up to date along its path.
    fn pattern_layout() -> Option<&'static Layout> {
        None
    }
    /// A cheap guess at how promising an action is, for ordering (higher first).
    fn order_hint(&self, action: Action) -> i32;
    /// [`Evaluate::order_hint`] of each of `actions`, into `out`; a game may compute them
    /// together faster.
    fn order_hints(&self, actions: &[Action], out: &mut [i32]) {
        for (hint, &action) in out.iter_mut().zip(actions) {
            *hint = self.order_hint(action);
        }
    }
    /// The actions that capture or flip, for the quiescence search.
    fn noisy_actions(&self, out: &mut ActionList);
}
