//! How each level searches: depth, node budget, deliberate imperfection, table size,
//! contempt and quiescence depth.

use crate::ai::Level;
use crate::rules::GameId;

/// The settings of one level's alpha-beta search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Deepest iteration.
    pub max_depth: i32,
    /// Node budget for a decision.
    pub nodes: u64,
    /// Scores every root action exactly and adds noise of this size (0: plain alpha-beta).
    pub noise: i32,
    /// Chance in a thousand of playing a random action instead.
    pub blunder: u32,
    /// Transposition table size (log2 of entries).
    pub table_bits: u32,
    /// How much the searching side dislikes a draw.
    pub contempt: i32,
    /// Plies of capture-only search after the main depth.
    pub quiescence: u8,
}

/// The parameters of `level` in `game`.
pub(crate) fn params(level: Level, game: GameId) -> Params {
    let long_game = game == GameId::Neihuang;
    match level {
        Level::Random | Level::Easy => Params {
            max_depth: 1,
            nodes: 10_000,
            // Neihuang is long and a single capture decides much of it: fewer slips there.
            noise: if long_game { 70 } else { 150 },
            blunder: if long_game { 60 } else { 100 },
            table_bits: 10,
            contempt: 0,
            quiescence: 0,
        },
        Level::Medium => Params {
            max_depth: 2,
            nodes: 60_000,
            noise: 30,
            blunder: 20,
            table_bits: 14,
            contempt: 0,
            quiescence: 2,
        },
        Level::Hard => Params {
            max_depth: 5,
            nodes: 150_000,
            noise: 12,
            blunder: 0,
            table_bits: 18,
            contempt: 10,
            quiescence: 4,
        },
        Level::Expert => Params {
            max_depth: 64,
            nodes: 2_500_000,
            noise: 0,
            blunder: 0,
            table_bits: 21,
            contempt: 25,
            quiescence: 6,
        },
    }
}
