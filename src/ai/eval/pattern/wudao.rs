//! Wu Dao's pattern features: the shapes, the buckets by empty points and the scalar terms.

use std::sync::OnceLock;

use super::{Features, Layout, MAX_SCALARS, common_shapes};
use crate::ai::eval::wudao::threats;
use crate::rules::board::FULL;
use crate::rules::wudao::State;
use crate::rules::{GameId, Rules, Side};

const BUCKETS: &[&str] = &[
    "0-4 empty",
    "5-9 empty",
    "10-14 empty",
    "15-19 empty",
    "20-25 empty",
];

const SCALARS: &[&str] = &[
    "bias",
    "white to act",
    "material",
    "odd empty points",
    "own best capture",
    "enemy best capture",
    "own capturing points",
    "enemy capturing points",
];

impl Features for State {
    fn layout() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout::new(GameId::Wudao, &common_shapes(), SCALARS, BUCKETS))
    }

    fn bucket(&self) -> usize {
        let boards = self.boards();
        let empty = (FULL & !(boards[0] | boards[1])).count_ones() as usize;
        (empty / 5).min(4)
    }

    fn scalars(&self, out: &mut [i32; MAX_SCALARS]) -> usize {
        let Some(side) = self.to_act() else { return 0 };
        let me = side.index();
        let boards = self.boards();
        let (own, enemy) = (boards[me], boards[1 - me]);
        let empty = (FULL & !(own | enemy)).count_ones() as i32;
        let (own_best, own_points) = threats(own, enemy);
        let (enemy_best, enemy_points) = threats(enemy, own);
        let values = [
            1,
            i32::from(side == Side::White),
            own.count_ones() as i32 - enemy.count_ones() as i32,
            empty % 2,
            own_best,
            enemy_best,
            own_points,
            enemy_points,
        ];
        out[..values.len()].copy_from_slice(&values);
        values.len()
    }
}
