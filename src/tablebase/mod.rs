//! Square Flying Chess solved: Sanqi's own retrograde solver, its table file and the probes
//! the engine and the app use.
//!
//! - [`build`] solves the 5×5 game (or a smaller board) in the background, with progress, a
//!   cancel flag and a checkpoint to resume from, and writes the table file atomically.
//! - [`Table`] opens a table file, checks it, and answers for any Flying position: its exact
//!   value ([`Table::probe`]), the value of each move ([`Table::move_values`]) and the move to
//!   play under the 100-turn rule ([`Table::best_move`]).
//! - [`solve`] does the same analysis in memory, for small boards and tests.
//!
//! Values ignore the repetition and 100-turn rules (like perft): a win in 37 is a win in 37
//! plies with best play by both sides. The flip distances stored beside them are what a
//! player needs to win inside the 100-turn rule. See `docs/FLYING.md` for the method, the
//! figures and the checks.
//!
//! The solver uses `rules` types for the 5×5 interface only; `rules` knows nothing of it.

mod build;
mod error;
mod file;
mod generate;
pub mod geometry;
pub mod index;
mod oracle;
pub mod play;
pub mod verify;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use crate::ai::exact::Value;
use crate::echo::quoted_path;
use crate::files::ReadError;
use crate::rules::{Action, Point, flying};
pub use build::{BuildConfig, BuildError, BuildReport, Phase, Progress, build, solve};
pub use error::{CheckpointError, Damage, Inconsistency};
pub use file::HEADER_LEN as TABLE_HEADER_LEN;
pub use file::{BLOCK_LEN as TABLE_BLOCK_LEN, TABLE_VERSION};
pub use file::{Check, checkpoint_path, legacy_verified_path};
use generate::Bytes;
pub use geometry::{Move, Pos};
pub use index::Indexer;
pub use play::{Entry, RatedMove, Source};

/// The file name of the 5×5 table in the data folder.
pub const FILE_NAME: &str = "flying-5x5.sanqi-table";

/// Where the table lives in a data folder.
pub fn path_in(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// A board to solve: its side and the number of pieces on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of points on a side.
    pub size: u8,
    /// The number of pieces on the board.
    pub pieces: u8,
}

impl Board {
    /// The game itself: ten pieces on 5×5.
    pub const FLYING: Board = Board {
        size: 5,
        pieces: 10,
    };

    /// A board of side 3 to 5 with 1 to 12 pieces that leave a point free.
    pub fn new(size: u8, pieces: u8) -> Option<Board> {
        ((3..=5).contains(&size) && (1..=12).contains(&pieces) && pieces < size * size)
            .then_some(Board { size, pieces })
    }

    fn of(indexer: &Indexer) -> Board {
        Board {
            size: indexer.geometry().size() as u8,
            pieces: indexer.pieces() as u8,
        }
    }

    /// The numbering of its positions.
    pub fn indexer(self) -> Indexer {
        Indexer::new(usize::from(self.size), u32::from(self.pieces))
    }

    /// The number of entries of its table: occupancy classes × 2^pieces, the classes counted
    /// by Burnside's lemma (the average number of occupied sets each symmetry fixes).
    pub fn entries(self) -> u64 {
        let g = geometry::Geometry::new(usize::from(self.size));
        let pieces = usize::from(self.pieces);
        let fixed: u64 = (0..8)
            .map(|s| {
                // A fixed set is a union of the symmetry's cycles: count those of `pieces`
                // points.
                let mut seen = vec![false; g.points()];
                let mut ways = vec![0u64; pieces + 1];
                ways[0] = 1;
                for start in 0..g.points() {
                    if seen[start] {
                        continue;
                    }
                    let mut length = 0;
                    let mut p = start;
                    while !seen[p] {
                        seen[p] = true;
                        length += 1;
                        p = g.image_of_point(s, p);
                    }
                    for n in (length..=pieces).rev() {
                        ways[n] += ways[n - length];
                    }
                }
                ways[pieces]
            })
            .sum();
        (fixed / 8) << self.pieces
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0} with {1} pieces", self.size, self.pieces)
    }
}

/// Positions and classes of one kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions, each class counted by its size.
    pub positions: u64,
    /// Classes of positions alike by symmetry.
    pub classes: u64,
}

/// What a solve found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Entries in the table (classes and the few unused entries).
    pub entries: u64,
    /// All positions, C(points, pieces) × 2^pieces.
    pub positions: u64,
    /// Wins, losses and draws for the side to move; positions count each class by its size.
    pub wins: Tally,
    /// See [`Figures::wins`].
    pub losses: Tally,
    /// See [`Figures::wins`].
    pub draws: Tally,
    /// The longest win and the longest loss, in plies.
    pub longest_win: u32,
    /// See [`Figures::longest_win`].
    pub longest_loss: u32,
    /// The largest flip distances of won and of lost positions.
    pub max_dtz_win: u32,
    /// See [`Figures::max_dtz_win`].
    pub max_dtz_loss: u32,
    /// Won positions whose next flip is more than 100 plies away with best defence: under
    /// the 100-turn rule they are draws, even with no quiet turns played before.
    pub wins_past_limit: Tally,
    /// Lost positions the loser can keep from a flip for more than 100 plies (draws under
    /// the rule).
    pub losses_past_limit: Tally,
    /// Time spent solving, over all sessions of a resumed build.
    pub solve_time: Duration,
}

impl Figures {
    /// Classes in use.
    pub fn classes(&self) -> u64 {
        self.wins.classes + self.losses.classes + self.draws.classes
    }

    /// Counts the figures of a finished analysis.
    fn count(indexer: &Indexer, values: &Bytes, dtz: &Bytes) -> Result<Figures, Inconsistency> {
        let mut figures = Figures {
            entries: indexer.entries(),
            positions: indexer.positions(),
            ..Figures::default()
        };
        for i in 0..indexer.entries() {
            let entry = Entry {
                value: values.get(i),
                dtz: dtz.get(i),
            };
            let Some(value) = entry.decode() else {
                continue;
            };
            let class = (i >> indexer.pieces()) as usize;
            let orbit = if indexer.class_is_symmetric(class) {
                indexer.orbit(i).unwrap_or(8)
            } else {
                8
            };
            let tally = match value {
                Value::Win(d) => {
                    figures.longest_win = figures.longest_win.max(d);
                    &mut figures.wins
                }
                Value::Loss(d) => {
                    figures.longest_loss = figures.longest_loss.max(d);
                    &mut figures.losses
                }
                Value::Draw => &mut figures.draws,
            };
            tally.positions += u64::from(orbit);
            tally.classes += 1;
            let limit = play::QUIET_LIMIT;
            match (value, entry.dtz()) {
                (Value::Win(_), Some(z)) => {
                    figures.max_dtz_win = figures.max_dtz_win.max(z);
                    if z > limit {
                        figures.wins_past_limit.positions += u64::from(orbit);
                        figures.wins_past_limit.classes += 1;
                    }
                }
                (Value::Loss(_), Some(z)) => {
                    figures.max_dtz_loss = figures.max_dtz_loss.max(z);
                    // The loser's own quiet move comes first: more than 100 plies in all.
                    if z > limit {
                        figures.losses_past_limit.positions += u64::from(orbit);
                        figures.losses_past_limit.classes += 1;
                    }
                }
                (Value::Draw, None) => {}
                _ => return Err(Inconsistency::NoFlipDistance(i)),
            }
        }
        let counted = figures.wins.positions + figures.losses.positions + figures.draws.positions;
        if counted != figures.positions {
            return Err(Inconsistency::PositionCount {
                counted,
                expected: figures.positions,
            });
        }
        Ok(figures)
    }
}

/// Why a table cannot be used. Callers fall back to search and say so.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// There is no table file (it has not been built).
    #[error(
        "there is no Flying table at {} (build it with `sanqi solve flying`)",
        quoted_path(path)
    )]
    Missing {
        /// Where it was looked for.
        path: PathBuf,
    },
    /// The file is not a usable table: damaged, cut short, of another version or board.
    #[error(
        "the Flying table {} cannot be used: {reason} (rebuild it with `sanqi solve flying`)",
        quoted_path(path)
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: Damage,
    },
    /// The file could not be opened or read: not a regular file, too large, refused by the
    /// system …
    #[error("cannot read the Flying table {}: {reason}", quoted_path(path))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: ReadError,
    },
    /// There is no data folder to keep a table in.
    #[error("there is no data folder to keep the Flying table in")]
    NoDataFolder,
    /// A probe found something the table cannot hold: a damaged table that passed its checks.
    #[error("the Flying table is inconsistent: {0}")]
    Inconsistent(Inconsistency),
}

/// A finished analysis in memory.
pub struct Solution {
    indexer: Arc<Indexer>,
    values: Vec<u8>,
    dtz: Vec<u8>,
    figures: Figures,
}

impl Solution {
    /// What the solve found.
    pub fn figures(&self) -> &Figures {
        &self.figures
    }

    /// The value and flip distance of a position.
    pub fn lookup(&self, pos: Pos) -> (Value, Option<u32>) {
        let entry = self.entry_at(self.indexer.index(pos).0);
        (entry.decode().unwrap_or(Value::Draw), entry.dtz())
    }

    fn entry_at(&self, index: u64) -> Entry {
        Entry {
            value: self.values[index as usize],
            dtz: self.dtz[index as usize],
        }
    }
}

impl Source for Solution {
    fn indexer(&self) -> &Indexer {
        &self.indexer
    }
    fn entry(&self, index: u64) -> Result<Entry, TableError> {
        Ok(self.entry_at(index))
    }
}

/// The table of any board, read from its file and probed by position (the 5×5 game's is
/// [`Table`]).
pub struct BoardTable {
    file: file::TableFile,
    indexer: Indexer,
}

impl BoardTable {
    /// Opens and verifies a table file (its header, and every block against its checksum).
    pub fn open(path: &Path) -> Result<BoardTable, TableError> {
        BoardTable::open_with(path, Check::Full)
    }

    /// Opens a table file with the given check.
    pub fn open_with(path: &Path, check: Check) -> Result<BoardTable, TableError> {
        let file = file::TableFile::open_with(path, check)?;
        let indexer = file.board().indexer();
        Ok(BoardTable { file, indexer })
    }

    /// The damage (a block that does not match its checksum, a value the table cannot hold)
    /// or the failed read that stopped the table, if one did: from then on every probe
    /// fails with it, so that callers fall back to search as for a missing table.
    pub fn failure(&self) -> Option<&TableError> {
        self.file.failure()
    }

    /// `result`, after stopping the table if it is an error: a table found inconsistent is
    /// no more trusted than a damaged one.
    fn stop_on_error<T>(&self, result: Result<T, TableError>) -> Result<T, TableError> {
        result.map_err(|e| self.file.fail(e))
    }

    /// The board it is for.
    pub fn board(&self) -> Board {
        self.file.board()
    }

    /// What the solve found, from the file's header.
    pub fn figures(&self) -> &Figures {
        self.file.figures()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.file.path()
    }
}

impl Source for BoardTable {
    fn indexer(&self) -> &Indexer {
        &self.indexer
    }
    fn entry(&self, index: u64) -> Result<Entry, TableError> {
        self.file.entry(index)
    }
}

/// The 5×5 table, answering for [`flying::State`]s.
pub struct Table {
    inner: BoardTable,
}

/// The solver's view of a game position: the side to move's pieces are "own".
pub fn position_of(state: &flying::State) -> Pos {
    let boards = crate::rules::Rules::boards(state);
    let side = state.side_to_move();
    Pos {
        own: boards[side.index()],
        enemy: boards[side.other().index()],
    }
}

fn action_of(m: Move) -> Action {
    match (Point::from_index(m.from), Point::from_index(m.to)) {
        (Some(from), Some(to)) => Action::Move(from, to),
        // The 5×5 board's points are all valid; this cannot be reached.
        _ => Action::Timeout,
    }
}

impl Table {
    /// Opens and verifies the 5×5 table at `path`, reading all of it.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        Table::open_with(path, Check::Full)
    }

    /// Opens the 5×5 table at `path` with the given check: with [`Check::Once`] it reads the
    /// header only and checks each block the first time a probe reads it, so that a process
    /// that opens the table for one decision starts in milliseconds.
    pub fn open_with(path: &Path, check: Check) -> Result<Table, TableError> {
        let inner = BoardTable::open_with(path, check)?;
        if inner.board() != Board::FLYING {
            return Err(TableError::Corrupt {
                path: path.to_path_buf(),
                reason: Damage::OtherBoard(inner.board()),
            });
        }
        Ok(Table { inner })
    }

    /// The figures of the solve, from the file's header.
    pub fn figures(&self) -> &Figures {
        self.inner.figures()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.inner.path()
    }

    /// The damage or failed read that stopped the table, if one did (see
    /// [`BoardTable::failure`]). Every probe fails from then on: the engine's oracle and the
    /// analysis's exact values fall back to search, and their callers say why with this.
    pub fn failure(&self) -> Option<TableError> {
        self.inner.failure().cloned()
    }

    /// The value of a position for the side to move.
    pub fn probe(&self, state: &flying::State) -> Result<Value, TableError> {
        let found = self.inner.lookup(position_of(state));
        Ok(self.inner.stop_on_error(found)?.0)
    }

    /// Each legal action with its value for the side that plays it, in the order of
    /// [`crate::rules::Rules::legal_actions`].
    pub fn move_values(&self, state: &flying::State) -> Result<Vec<(Action, Value)>, TableError> {
        let rated = play::rate_moves(&self.inner, position_of(state));
        Ok(self
            .inner
            .stop_on_error(rated)?
            .into_iter()
            .map(|m| (action_of(m.play), m.value))
            .collect())
    }

    /// The action to play with `quiet_turns` turns in a row without a flip so far (see
    /// [`play::choose`]): never a draw turned into a loss or a win into a draw, wins converted
    /// inside the 100-turn rule, and in a draw the drawing move that leaves the opponent the
    /// most losing replies. `None` if the side to move has no move.
    pub fn best_move(
        &self,
        state: &flying::State,
        quiet_turns: u16,
    ) -> Result<Option<Action>, TableError> {
        let chosen = play::choose(&self.inner, position_of(state), u32::from(quiet_turns));
        Ok(self.inner.stop_on_error(chosen)?.map(|m| action_of(m.play)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burnside_counts_the_numbering_entries() {
        for (size, pieces) in [(3, 2), (3, 5), (4, 4), (4, 7), (5, 3)] {
            let board = Board::new(size, pieces).expect("a valid board");
            assert_eq!(board.entries(), board.indexer().entries(), "{board}");
        }
        // (C(25, 10) + C(12, 5) + 4 × 2952) / 8 occupancy classes: the half-turn fixes the
        // sets made of 5 of its 12 point pairs, each reflection 2952 sets.
        assert_eq!(Board::FLYING.entries(), 410_170 << 10);
    }

    #[test]
    fn phases_read_as_the_command_line_prints_them() {
        assert_eq!(Phase::Distance(1).to_string(), "results in 1 ply");
        assert_eq!(Phase::FlipDistance(7).to_string(), "flips in 7 plies");
    }
}
