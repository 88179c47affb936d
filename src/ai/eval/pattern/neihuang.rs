//! Neihuang's pattern features: the shapes, the phase buckets and the scalar terms.
//!
//! The buckets follow the game's course: five while the board fills (by pieces placed), the
//! pulls, then four in the movement phase by the pieces left on the board. The squares and
//! lines each side has made or nearly made are the patterns' business; the scalar terms are
//! what patterns cannot see: material and hands, mobility, what a step or a pull would
//! capture, what is owed.

use std::sync::OnceLock;

use super::{Features, Layout, MAX_SCALARS, common_shapes};
use crate::ai::eval::neihuang::{best_step, mobility};
use crate::ai::eval::pulls::waiting_captures;
use crate::rules::neihuang::{Phase, State};
use crate::rules::{Decision, GameId, Rules, Side};

const BUCKETS: &[&str] = &[
    "placed 0-4",
    "placed 5-9",
    "placed 10-14",
    "placed 15-19",
    "placed 20-24",
    "pulls",
    "moving, 20 or more on the board",
    "moving, 16-19 on the board",
    "moving, 12-15 on the board",
    "moving, 11 or fewer on the board",
];

const SCALARS: &[&str] = &[
    "bias",
    "white to act",
    "material",
    "hand",
    "own best step",
    "enemy best step",
    "own mobility",
    "enemy mobility",
    "captures owed",
    "yield owed",
    "own waiting capture",
    "own second waiting capture",
    "enemy waiting capture",
    "enemy second waiting capture",
    "own pieces above three",
    "enemy pieces above three",
];

impl Features for State {
    fn layout() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout::new(GameId::Neihuang, &common_shapes(), SCALARS, BUCKETS))
    }

    fn bucket(&self) -> usize {
        let boards = self.boards();
        let on_board = (boards[0] | boards[1]).count_ones() as usize;
        match self.phase() {
            Phase::Placement => on_board.min(24) / 5,
            Phase::Pull => 5,
            Phase::Movement => match on_board {
                20.. => 6,
                16..=19 => 7,
                12..=15 => 8,
                _ => 9,
            },
        }
    }

    fn scalars(&self, out: &mut [i32; MAX_SCALARS]) -> usize {
        let Some(side) = self.to_act() else { return 0 };
        let me = side.index();
        let boards = self.boards();
        let hands = self.hands();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let moving = self.phase() == Phase::Movement;
        let placing = !moving;
        let (own_n, enemy_n) = (own.count_ones() as i32, enemy.count_ones() as i32);
        let hand = i32::from(hands[me]) - i32::from(hands[1 - me]);
        let (own_wait, enemy_wait) = if placing {
            (waiting_captures(own, enemy), waiting_captures(enemy, own))
        } else {
            ((0, 0), (0, 0))
        };
        let decision = self.decision();
        let stepping = moving && decision == Some(Decision::Move);
        let values = [
            1,
            i32::from(side == Side::White),
            own_n - enemy_n + hand,
            hand,
            if stepping { best_step(own, enemy) } else { 0 },
            if stepping { best_step(enemy, own) } else { 0 },
            if moving { mobility(own, enemy) } else { 0 },
            if moving { mobility(enemy, own) } else { 0 },
            match decision {
                Some(Decision::Capture { owed }) => i32::from(owed),
                _ => 0,
            },
            i32::from(decision == Some(Decision::Yield)),
            own_wait.0,
            own_wait.1,
            enemy_wait.0,
            enemy_wait.1,
            if moving { own_n - 3 } else { 0 },
            if moving { enemy_n - 3 } else { 0 },
        ];
        debug_assert_eq!(values.len(), SCALARS.len());
        out[..values.len()].copy_from_slice(&values);
        values.len()
    }
}
