//! Reading values off a table: the value of a position and of each move, the move to play,
//! and the check that a stored value follows from its successors'.
//!
//! Everything here works on the solver's own positions and boards, so the tests can run it on
//! small boards; [`super::Table`] wraps it for the 5×5 game.

use super::generate::{DRAW, NO_DTZ, UNUSED};
use super::geometry::{Move, Pos};
use super::index::Indexer;
use super::{Inconsistency, TableError, Value};

/// The two bytes stored for a class: its value and its distance to the next flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value's byte.
    pub value: u8,
    /// The flip distance's byte.
    pub dtz: u8,
}

impl Entry {
    /// The value for the side to move, or `None` for an unused entry.
    pub fn decode(self) -> Option<Value> {
        match self.value {
            DRAW => Some(Value::Draw),
            UNUSED => None,
            v => {
                let d = u32::from(v - 1);
                Some(if d % 2 == 1 {
                    Value::Win(d)
                } else {
                    Value::Loss(d)
                })
            }
        }
    }

    /// Plies to the next flip or the end under best play, for a won or lost position.
    pub fn dtz(self) -> Option<u32> {
        (self.dtz != NO_DTZ).then_some(u32::from(self.dtz))
    }
}

/// Anything that gives the entry of a class: a solution in memory or a table file.
pub trait Source {
    /// The numbering of the positions.
    fn indexer(&self) -> &Indexer;
    /// The entry of class `index`.
    fn entry(&self, index: u64) -> Result<Entry, TableError>;

    /// The value and flip distance of a position.
    fn lookup(&self, pos: Pos) -> Result<(Value, Option<u32>), TableError> {
        let entry = self.entry(self.indexer().index(pos).0)?;
        match entry.decode() {
            Some(value) => Ok((value, entry.dtz())),
            None => Err(TableError::Inconsistent(Inconsistency::UnusedEntry)),
        }
    }
}

/// A move with what the table says about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedMove {
    /// The move.
    pub play: Move,
    /// The value for the side that plays it.
    pub value: Value,
    /// Plies from this move to the next flip or the end, this move included, under best
    /// play, for a win or a loss (1 if the move itself flips or wins).
    pub to_zero: Option<u32>,
}

/// What a side's value becomes after it plays a move onto a position worth `child` to the
/// other side.
pub fn through_move(child: Value) -> Value {
    match child {
        Value::Win(d) => Value::Loss(d + 1),
        Value::Loss(d) => Value::Win(d + 1),
        Value::Draw => Value::Draw,
    }
}

/// Every move of the side to move with its value, in move order.
pub fn rate_moves(source: &dyn Source, pos: Pos) -> Result<Vec<RatedMove>, TableError> {
    let g = source.indexer().geometry();
    let mut rated = Vec::new();
    for play in g.moves(pos) {
        let (child, flipped) = g.child(pos, play.from as usize, play.to as usize);
        let (value, dtz) = source.lookup(child)?;
        let to_zero = match (value, dtz) {
            (Value::Draw, _) => None,
            (Value::Loss(0), _) => Some(1),
            _ if flipped != 0 => Some(1),
            (_, Some(z)) => Some(z + 1),
            (_, None) => {
                return Err(TableError::Inconsistent(
                    Inconsistency::DecidedWithoutDistance,
                ));
            }
        };
        rated.push(RatedMove {
            play,
            value: through_move(value),
            to_zero,
        });
    }
    Ok(rated)
}

/// Turns without a flip after which the game is drawn.
pub const QUIET_LIMIT: u32 = 100;

/// The move to play: it keeps the value (a win stays a win, a draw a draw), wins inside the
/// 100-turn rule when it can, and otherwise resists as long as possible.
///
/// `quiet_turns` is the number of turns in a row so far without a flip. The game is drawn
/// when it reaches 100, unless the move that reaches it wins, so a move whose stretch to the
/// next flip or the end is `z` plies keeps a win only if `z ≤ 100 − quiet_turns`.
///
/// - **Won:** the quickest win (fewest plies to the end), if it ends the game inside the
///   rule's budget or stays within it to the next flip; otherwise the move with the shortest
///   stretch to the next flip, which keeps the win from being drawn by the rule.
/// - **Drawn:** among the drawing moves, the one that leaves the opponent the most losing
///   replies (then the fewest drawing ones).
/// - **Lost:** a move whose stretch to the next flip outlasts the budget (a draw by the rule
///   if the winner cannot flip in time), else the slowest loss.
pub fn choose(
    source: &dyn Source,
    pos: Pos,
    quiet_turns: u32,
) -> Result<Option<RatedMove>, TableError> {
    let rated = rate_moves(source, pos)?;
    if rated.is_empty() {
        return Ok(None);
    }
    let budget = QUIET_LIMIT.saturating_sub(quiet_turns).max(1);
    let (value, _) = source.lookup(pos)?;
    let zero = |m: &RatedMove| m.to_zero.unwrap_or(u32::MAX);
    let pick = match value {
        Value::Win(plies) => {
            let wins: Vec<&RatedMove> = rated
                .iter()
                .filter(|m| matches!(m.value, Value::Win(_)))
                .collect();
            let distance = |m: &RatedMove| match m.value {
                Value::Win(d) => d,
                _ => u32::MAX,
            };
            let fastest = wins.iter().map(|m| distance(m)).min().unwrap_or(u32::MAX);
            let quickest = wins
                .iter()
                .filter(|m| distance(m) == fastest)
                .min_by_key(|m| zero(m))
                .copied();
            match quickest {
                Some(m) if plies <= budget || zero(m) <= budget => Some(*m),
                _ => wins
                    .iter()
                    .min_by_key(|m| (zero(m), distance(m)))
                    .map(|m| **m),
            }
        }
        Value::Loss(_) => {
            let distance = |m: &RatedMove| match m.value {
                Value::Loss(d) => d,
                _ => 0,
            };
            let outlasting = rated
                .iter()
                .filter(|m| zero(m) > budget)
                .max_by_key(|m| (zero(m), distance(m)));
            outlasting
                .or_else(|| rated.iter().max_by_key(|m| (distance(m), zero(m))))
                .copied()
        }
        Value::Draw => {
            let g = source.indexer().geometry();
            let mut best: Option<(RatedMove, (u32, u32))> = None;
            for m in rated.iter().filter(|m| m.value == Value::Draw) {
                let (child, _) = g.child(pos, m.play.from as usize, m.play.to as usize);
                let mut losing = 0;
                let mut drawing = 0;
                for reply in rate_moves(source, child)? {
                    match reply.value {
                        Value::Loss(_) => losing += 1,
                        Value::Draw => drawing += 1,
                        Value::Win(_) => {}
                    }
                }
                // Most losing replies, then fewest drawing ones; the first such move.
                let key = (losing, u32::MAX - drawing);
                if best.is_none_or(|(_, k)| key > k) {
                    best = Some((*m, key));
                }
            }
            best.map(|(m, _)| m)
        }
    };
    Ok(pick.or_else(|| rated.first().copied()))
}

/// Checks that the stored value and flip distance of `pos` are what its successors' stored
/// values give. Where every position passes, the table is exact: a win's distance can only
/// come from a loss one ply shorter, down to a position without a move.
pub fn check_position(source: &dyn Source, pos: Pos) -> Result<(), TableError> {
    let (stored, stored_dtz) = source.lookup(pos)?;
    let rated = rate_moves(source, pos)?;
    let (expected, expected_dtz) = if rated.is_empty() {
        (Value::Loss(0), Some(0))
    } else if rated.iter().any(|m| matches!(m.value, Value::Win(_))) {
        let wins = rated.iter().filter(|m| matches!(m.value, Value::Win(_)));
        let fastest = wins.clone().map(|m| m.value.plies()).min().unwrap_or(0);
        (Value::Win(fastest), wins.filter_map(|m| m.to_zero).min())
    } else if rated.iter().all(|m| matches!(m.value, Value::Loss(_))) {
        let slowest = rated.iter().map(|m| m.value.plies()).max().unwrap_or(0);
        (
            Value::Loss(slowest),
            rated.iter().filter_map(|m| m.to_zero).max(),
        )
    } else {
        (Value::Draw, None)
    };
    if stored != expected || stored_dtz != expected_dtz {
        return Err(TableError::Inconsistent(Inconsistency::Successors {
            pos,
            stored,
            stored_dtz,
            expected,
            expected_dtz,
        }));
    }
    Ok(())
}
