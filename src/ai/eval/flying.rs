//! Square Flying Chess: material, the best flip each side has ready, mobility, and the danger
//! of running out of moves.

use super::pattern::Indices;
use super::{Evaluate, Knowledge};
use crate::rules::board::{Bits, FILE_A, FILE_E, FULL, points};
use crate::rules::{Action, ActionList, Rules, flying};

#[inline]
fn east(x: Bits) -> Bits {
    (x << 1) & !FILE_A & FULL
}
#[inline]
fn west(x: Bits) -> Bits {
    (x >> 1) & !FILE_E
}
#[inline]
fn north(x: Bits) -> Bits {
    (x << 5) & FULL
}
#[inline]
fn south(x: Bits) -> Bits {
    x >> 5
}

/// Points where a Flying piece of `own` arriving would flip something (ignoring that the
/// move empties its starting point): a cheap filter before the exact count.
#[inline]
fn flip_candidates(own: Bits, enemy: Bits) -> Bits {
    let pincers = west(enemy & west(own))
        | east(enemy & east(own))
        | south(enemy & south(own))
        | north(enemy & north(own));
    let insertions = (west(enemy) & east(enemy)) | (south(enemy) & north(enemy));
    pincers | insertions
}

impl Evaluate for flying::State {
    fn evaluate(&self, _knowledge: &Knowledge, _indices: Option<&Indices>) -> i32 {
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let empty = FULL & !(own | enemy);
        let (own_reach, own_moves) = flying::slides(own, empty);
        let (enemy_reach, enemy_moves) = flying::slides(enemy, empty);
        let best_flip = |mine: Bits, theirs: Bits, reach: Bits| {
            points(reach & flip_candidates(mine, theirs))
                .map(|q| flying::State::flips(mine, theirs, q.index()).count_ones())
                .max()
                .unwrap_or(0) as i32
        };
        let material = own.count_ones() as i32 - enemy.count_ones() as i32;
        let my_threat = best_flip(own, enemy, own_reach);
        let their_threat = best_flip(enemy, own, enemy_reach);
        // A side with few moves is close to losing by having none.
        let cramped = |moves: u32| if moves <= 2 { 60 } else { 0 };
        material * 200 + my_threat * 120 - their_threat * 60
            + (own_moves as i32 - enemy_moves as i32) * 4
            - cramped(own_moves)
            + cramped(enemy_moves)
    }

    fn order_hint(&self, action: Action) -> i32 {
        let Action::Move(from, to) = action else {
            return 0;
        };
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let own = boards[me] & !(1 << from.index()) | 1 << to.index();
        flying::State::flips(own, boards[1 - me], to.index()).count_ones() as i32 * 100
    }

    fn noisy_actions(&self, out: &mut ActionList) {
        let mut all = ActionList::new();
        self.legal_actions(&mut all);
        out.clear();
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let candidates = flip_candidates(boards[me], boards[1 - me]);
        for &action in all.iter() {
            if let Action::Move(_, to) = action
                && candidates & 1 << to.index() != 0
                && self.order_hint(action) > 0
            {
                out.push(action);
            }
        }
    }
}
