//! Static evaluation and move-ordering hints for each game, in centipieces from the side to
//! act's point of view.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::search::Params;
use crate::rules::board::{Bits, COLUMN, FILE_A, FILE_E, FULL, ROW, neighbours, points};
use crate::rules::neihuang::Phase;
use crate::rules::{Action, ActionList, Decision, GameRules, Rules, flying, neihuang, wudao};

mod pulls;
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

/// What the search needs from a game beyond its rules.
pub(crate) trait Evaluate: GameRules {
    /// The position's value for the side to act (the game must be ongoing).
    fn evaluate(&self) -> i32;
    /// The value with the game knowledge that `params` switches on; by default the plain
    /// evaluation.
    fn evaluate_with(&self, _params: &Params) -> i32 {
        self.evaluate()
    }
    /// Solves the rest of the game exactly when at most `max_empty` points are empty, within
    /// `limits`: the proof and the nodes it took. Only games with such a solver override it.
    fn solve(&self, _max_empty: u8, _limits: &SolveLimits<'_>) -> (Proof, u64) {
        (Proof::Unknown, 0)
    }
    /// A cheap guess at how promising an action is, for ordering (higher first).
    fn order_hint(&self, action: Action) -> i32;
    /// The actions that capture or flip, for the quiescence search.
    fn noisy_actions(&self, out: &mut ActionList);
}

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
    fn evaluate(&self) -> i32 {
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

/// The best number of pieces `own` could capture with one placement.
fn wudao_threat(own: Bits, enemy: Bits) -> i32 {
    let empty = FULL & !(own | enemy);
    // Only points next to a piece can capture.
    points(empty & neighbours(own | enemy))
        .map(|q| wudao::State::captures(own | 1 << q.index(), enemy, q.index()).count_ones())
        .max()
        .unwrap_or(0) as i32
}

impl Evaluate for wudao::State {
    fn evaluate(&self) -> i32 {
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let material = own.count_ones() as i32 - enemy.count_ones() as i32;
        material * 100 + wudao_threat(own, enemy) * 80 - wudao_threat(enemy, own) * 35
    }

    fn evaluate_with(&self, params: &Params) -> i32 {
        super::wudao::evaluate(self, params)
    }

    fn solve(&self, max_empty: u8, limits: &SolveLimits<'_>) -> (Proof, u64) {
        super::wudao::solve(self, max_empty, limits)
    }

    fn order_hint(&self, action: Action) -> i32 {
        let Action::Place(p) = action else {
            return 0;
        };
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let own = boards[me] | 1 << p.index();
        let taken = wudao::State::captures(own, boards[1 - me], p.index()).count_ones() as i32;
        // Then placements that stop the other side's best capture.
        let theirs = wudao::State::captures(boards[1 - me] | 1 << p.index(), boards[me], p.index())
            .count_ones() as i32;
        taken * 100 + theirs * 40
    }

    fn noisy_actions(&self, out: &mut ActionList) {
        out.clear();
        let Some(side) = self.to_act() else { return };
        let me = side.index();
        let boards = self.boards();
        if self.hands()[me] == 0 {
            return;
        }
        let (own, enemy) = (boards[me], boards[1 - me]);
        let empty = FULL & !(own | enemy);
        for q in points(empty & neighbours(enemy | (own & neighbours(enemy)))) {
            if wudao::State::captures(own | 1 << q.index(), enemy, q.index()) != 0 {
                out.push(Action::Place(q));
            }
        }
    }
}

/// Counts of 2×2 blocks and lines by how close they are to being a side's shape.
struct Shapes {
    /// Blocks wholly own.
    full_blocks: i32,
    /// Blocks with three own pieces and one empty point.
    open_blocks: i32,
    /// Blocks with three own pieces and one enemy piece (a pull or capture opens them).
    blocked_blocks: i32,
    /// Lines with four own pieces and one empty point.
    open_lines: i32,
}

fn shapes(own: Bits, enemy: Bits) -> Shapes {
    let empty = FULL & !(own | enemy);
    let mut s = Shapes {
        full_blocks: 0,
        open_blocks: 0,
        blocked_blocks: 0,
        open_lines: 0,
    };
    for base in [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18] {
        let block: Bits = (0b11 | 0b11 << 5) << base;
        let mine = (own & block).count_ones();
        if mine == 4 {
            s.full_blocks += 1;
        } else if mine == 3 {
            if empty & block != 0 {
                s.open_blocks += 1;
            } else {
                s.blocked_blocks += 1;
            }
        }
    }
    for i in 0..5 {
        for line in [ROW[i * 5], COLUMN[i]] {
            if (own & line).count_ones() == 4 && empty & line != 0 {
                s.open_lines += 1;
            }
        }
    }
    s
}

/// The most captures one step of `own` can earn.
fn best_step(own: Bits, enemy: Bits) -> i32 {
    let empty = FULL & !(own | enemy);
    let mut best = 0;
    for to in points(empty & neighbours(own)) {
        for from in points(own & neighbours(1 << to.index())) {
            let after = own & !(1 << from.index()) | 1 << to.index();
            let n = neihuang::State::shapes_at(after, to.index()) as i32;
            best = best.max(n);
        }
    }
    best
}

fn mobility(own: Bits, enemy: Bits) -> i32 {
    let empty = FULL & !(own | enemy);
    (neighbours(empty) & own).count_ones() as i32
}

impl Evaluate for neihuang::State {
    fn evaluate_with(&self, params: &Params) -> i32 {
        let knowledge = params.knowledge;
        let outlook = if knowledge != 0 {
            pulls::pull_outlook(self) * knowledge / 100
        } else {
            0
        };
        self.evaluate() + outlook
    }

    fn evaluate(&self) -> i32 {
        let me = self.to_act().map_or(0, |s| s.index());
        let boards = self.boards();
        let hands = self.hands();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let mine = shapes(own, enemy);
        let theirs = shapes(enemy, own);
        let structure = |s: &Shapes| {
            s.full_blocks * 30 + s.open_blocks * 25 + s.blocked_blocks * 12 + s.open_lines * 40
        };
        match self.phase() {
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
                match self.decision() {
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
