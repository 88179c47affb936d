//! Neihuang Ge Fang Qi: material (pieces in hand count while placing), the 2×2 squares and
//! lines each side has made or nearly made, the best capture a step earns, mobility, and
//! (as knowledge) the captures waiting behind the pulls.

use super::pattern::{Features, Indices, Layout};
use super::terms::{Shapes, best_step, mobility, shapes};
use super::{Evaluate, Knowledge, pulls};
use crate::rules::board::neighbours;
use crate::rules::neihuang::{self, Phase};
use crate::rules::{Action, ActionList, Decision, Rules};

/// The hand-written terms, for the side to act.
fn plain(state: &neihuang::State) -> i32 {
    let me = state.to_act().map_or(0, |s| s.index());
    let boards = state.boards();
    let hands = state.hands();
    let (own, enemy) = (boards[me], boards[1 - me]);
    let mine = shapes(own, enemy);
    let theirs = shapes(enemy, own);
    let structure = |s: &Shapes| {
        s.full_blocks * 30 + s.open_blocks * 25 + s.blocked_blocks * 12 + s.open_lines * 40
    };
    match state.phase() {
        Phase::Placement | Phase::Pull => {
            let material = (own.count_ones() as i32 + hands[me] as i32)
                - (enemy.count_ones() as i32 + hands[1 - me] as i32);
            material * 100 + structure(&mine) - structure(&theirs)
        }
        Phase::Movement => {
            let (mine_n, theirs_n) = (own.count_ones() as i32, enemy.count_ones() as i32);
            let mut score = (mine_n - theirs_n) * 100;
            // Each piece matters more as a side nears the losing count of three.
            score += (12 - theirs_n).max(0) * 15 - (12 - mine_n).max(0) * 15;
            match state.decision() {
                Some(Decision::Capture { owed }) => score += owed as i32 * 100,
                Some(Decision::Yield) => score -= 90,
                _ => {
                    score += best_step(own, enemy) * 70;
                    score -= best_step(enemy, own) * 35;
                }
            }
            score
                + (structure(&mine) - structure(&theirs)) / 2
                + (mobility(own, enemy) - mobility(enemy, own)) * 3
        }
    }
}

impl Evaluate for neihuang::State {
    fn evaluate(&self, knowledge: &Knowledge, indices: Option<&Indices>) -> i32 {
        if let Some(weights) = knowledge.patterns {
            return self.pattern_value(weights, indices);
        }
        let outlook = if knowledge.pulls != 0 {
            pulls::pull_outlook(self) * knowledge.pulls / 100
        } else {
            0
        };
        plain(self) + outlook
    }

    fn pattern_layout() -> Option<&'static Layout> {
        Some(<Self as Features>::layout())
    }

    fn order_hint(&self, action: Action) -> i32 {
        let Some(side) = self.to_act() else {
            return 0;
        };
        let me = side.index();
        let boards = self.boards();
        let (own, enemy) = (boards[me], boards[1 - me]);
        match action {
            Action::Move(from, to) => {
                let after = own & !(1 << from.index()) | 1 << to.index();
                neihuang::State::shapes_at(after, to.index()) as i32 * 100
            }
            Action::Place(p) => (neighbours(1 << p.index()) & own).count_ones() as i32,
            Action::Remove(p) if enemy & 1 << p.index() != 0 => {
                // Take the piece that takes part in most of the enemy's shapes.
                let without = enemy & !(1 << p.index());
                let before = shapes(enemy, own);
                let after = shapes(without, own);
                (before.open_blocks + before.full_blocks + before.open_lines
                    - after.open_blocks
                    - after.full_blocks
                    - after.open_lines)
                    * 10
                    + best_step(enemy, own) * 10
                    - best_step(without, own) * 10
            }
            Action::Remove(p) => {
                // Yield the piece worth least to our own shapes.
                let without = own & !(1 << p.index());
                let s = shapes(without, enemy);
                s.open_blocks + s.full_blocks + s.open_lines
            }
            Action::Timeout => 0,
        }
    }

    fn noisy_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.decision() != Some(Decision::Move) {
            return;
        }
        let mut all = ActionList::new();
        self.legal_actions(&mut all);
        for &action in all.iter() {
            if self.order_hint(action) > 0 {
                out.push(action);
            }
        }
    }
}
