//! Neihuang Ge Fang Qi: material (pieces in hand count while placing), the 2×2 squares and
//! lines each side has made or nearly made, the best capture a step earns, mobility, and
//! (as knowledge) the captures waiting behind the pulls.

use super::pattern::{Features, Indices, Layout};
use super::{Evaluate, Knowledge, pulls};
use crate::rules::board::{Bits, COLUMN, FULL, ROW, neighbours, points};
use crate::rules::neihuang::{self, Phase};
use crate::rules::{Action, ActionList, Decision, Rules};

/// Counts of 2×2 blocks and lines by how close they are to being a side's shape.
pub(super) struct Shapes {
    /// Blocks wholly own.
    pub(super) full_blocks: i32,
    /// Blocks with three own pieces and one empty point.
    pub(super) open_blocks: i32,
    /// Blocks with three own pieces and one enemy piece (a pull or capture opens them).
    pub(super) blocked_blocks: i32,
    /// Lines with four own pieces and one empty point.
    pub(super) open_lines: i32,
}

/// The anchors of the 2×2 blocks (their lower left points): columns a–d of rows 1–4.
const ANCHORS: Bits = 0b01111_01111_01111_01111;

/// For each block, by its anchor, whether each of its four points is in `set`: lower left,
/// lower right, upper left, upper right.
#[inline]
fn corners(set: Bits) -> [Bits; 4] {
    [
        set & ANCHORS,
        (set >> 1) & ANCHORS,
        (set >> 5) & ANCHORS,
        (set >> 6) & ANCHORS,
    ]
}

/// The anchors of the blocks with exactly three points in `set`.
#[inline]
fn three_of_four([a, b, c, d]: [Bits; 4]) -> Bits {
    (a & b & c & !d) | (a & b & !c & d) | (a & !b & c & d) | (!a & b & c & d)
}

/// The five points of column `i` of `set`, as bits 0–4.
#[inline]
fn column_bits(set: Bits, i: usize) -> u32 {
    let s = (set >> i) & COLUMN[0];
    (s & 1) | ((s >> 4) & 2) | ((s >> 8) & 4) | ((s >> 12) & 8) | ((s >> 16) & 16)
}

pub(super) fn shapes(own: Bits, enemy: Bits) -> Shapes {
    let empty = FULL & !(own | enemy);
    // Every block at once, a bit per block.
    let mine = corners(own);
    let holes = corners(empty);
    let three = three_of_four(mine);
    let open = holes[0] | holes[1] | holes[2] | holes[3];
    let mut open_lines = 0;
    for i in 0..5 {
        let row = (own >> (i * 5)) & 31;
        if row.count_ones() == 4 && (empty >> (i * 5)) & 31 != 0 {
            open_lines += 1;
        }
        if column_bits(own, i).count_ones() == 4 && column_bits(empty, i) != 0 {
            open_lines += 1;
        }
    }
    Shapes {
        full_blocks: (mine[0] & mine[1] & mine[2] & mine[3]).count_ones() as i32,
        open_blocks: (three & open).count_ones() as i32,
        blocked_blocks: (three & !open).count_ones() as i32,
        open_lines,
    }
}

/// The empty points that would complete a block or a line of `own` (the one empty point of
/// a block or line whose other points are all `own`).
fn holes(own: Bits, empty: Bits) -> Bits {
    let [ea, eb, ec, ed] = corners(empty);
    let three = three_of_four(corners(own));
    let mut holes = (three & ea) | (three & eb) << 1 | (three & ec) << 5 | (three & ed) << 6;
    for i in 0..5 {
        if (own & ROW[i * 5]).count_ones() == 4 {
            holes |= empty & ROW[i * 5];
        }
        if (own & COLUMN[i]).count_ones() == 4 {
            holes |= empty & COLUMN[i];
        }
    }
    holes
}

/// The most captures one step of `own` can earn.
pub(super) fn best_step(own: Bits, enemy: Bits) -> i32 {
    let empty = FULL & !(own | enemy);
    let mut best = 0;
    // A step captures only into the hole of a block or line.
    for to in points(holes(own, empty) & neighbours(own)) {
        for from in points(own & neighbours(1 << to.index())) {
            let after = own & !(1 << from.index()) | 1 << to.index();
            let n = neihuang::State::shapes_at(after, to.index()) as i32;
            best = best.max(n);
        }
    }
    best
}

pub(super) fn mobility(own: Bits, enemy: Bits) -> i32 {
    let empty = FULL & !(own | enemy);
    (neighbours(empty) & own).count_ones() as i32
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng, rngs::StdRng};

    /// Block by block and line by line, as the rules state them.
    fn shapes_one_by_one(own: Bits, enemy: Bits) -> [i32; 4] {
        let empty = FULL & !(own | enemy);
        let mut counts = [0; 4];
        for base in [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18] {
            let block: Bits = (0b11 | 0b11 << 5) << base;
            match (own & block).count_ones() {
                4 => counts[0] += 1,
                3 if empty & block != 0 => counts[1] += 1,
                3 => counts[2] += 1,
                _ => {}
            }
        }
        for i in 0..5 {
            for line in [ROW[i * 5], COLUMN[i]] {
                if (own & line).count_ones() == 4 && empty & line != 0 {
                    counts[3] += 1;
                }
            }
        }
        counts
    }

    /// Every step of every piece.
    fn best_step_of_every_step(own: Bits, enemy: Bits) -> i32 {
        let empty = FULL & !(own | enemy);
        let mut best = 0;
        for to in points(empty & neighbours(own)) {
            for from in points(own & neighbours(1 << to.index())) {
                let after = own & !(1 << from.index()) | 1 << to.index();
                best = best.max(neihuang::State::shapes_at(after, to.index()) as i32);
            }
        }
        best
    }

    #[test]
    fn shapes_and_steps_counted_all_at_once_agree_with_one_by_one() {
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..20_000 {
            let (mut own, mut enemy) = (0, 0);
            let fill = rng.random_range(30..95);
            for p in 0..25 {
                if rng.random_range(0..100) < fill {
                    if rng.random_bool(0.55) {
                        own |= 1 << p;
                    } else {
                        enemy |= 1 << p;
                    }
                }
            }
            let s = shapes(own, enemy);
            assert_eq!(
                [s.full_blocks, s.open_blocks, s.blocked_blocks, s.open_lines],
                shapes_one_by_one(own, enemy),
                "{own:025b} {enemy:025b}"
            );
            assert_eq!(best_step(own, enemy), best_step_of_every_step(own, enemy));
        }
    }
}
