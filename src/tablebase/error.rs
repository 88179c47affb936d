//! What can go wrong with the Flying table, each as a type: a file that cannot be used
//! ([`Damage`]), a checkpoint that cannot be resumed from ([`CheckpointError`]), and a table or
//! a solve that contradicts itself ([`Inconsistency`]).

use thiserror::Error;

use super::geometry::Pos;
use super::{Board, Value};
use crate::files::ReadError;

/// What makes a table file unusable.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Damage {
    /// It does not start as a table file does.
    #[error("not a Sanqi table file")]
    NotATable,
    /// It ends before its header does.
    #[error("the file is too short to be a table")]
    TooShort,
    /// A later version of the format.
    #[error("written by a newer version of Sanqi (format {found}; this version reads {known})")]
    NewerVersion {
        /// The file's format version.
        found: u32,
        /// The newest this build reads.
        known: u32,
    },
    /// An earlier version of the format, which this build no longer reads: the table must
    /// be built again.
    #[error(
        "it is in an older format (format {found}; this version of Sanqi reads format {known})"
    )]
    OlderVersion {
        /// The file's format version.
        found: u32,
        /// The one this build reads.
        known: u32,
    },
    /// The header's checksum does not match it.
    #[error("its header is damaged (checksum mismatch)")]
    HeaderChecksum,
    /// The header names no board a table can be built for.
    #[error("an unknown board in its header")]
    UnknownBoard,
    /// The header's number of entries is not its board's.
    #[error("its header does not match its board")]
    HeaderBoard,
    /// The file's length is not the one its header gives.
    #[error("the file has {length} bytes where its header says {expected}")]
    Length {
        /// The file's length.
        length: u64,
        /// The length its header gives.
        expected: u64,
    },
    /// The header's block length is not the format's.
    #[error("an unknown block length ({0} bytes) in its header")]
    BlockLength(u32),
    /// A block of the data does not match its checksum.
    #[error("its data is damaged (block {block} does not match its checksum)")]
    BlockChecksum {
        /// The block, from 0.
        block: u64,
    },
    /// A table of another board where the 5×5 game's was wanted.
    #[error("it is for {0}, not the 5×5 game")]
    OtherBoard(Board),
}

/// Why a checkpoint cannot be resumed from (it is then removed and the solve starts afresh).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckpointError {
    /// It could not be opened or read.
    #[error("{0}")]
    Io(ReadError),
    /// It ends inside its header.
    #[error("the file is too short")]
    TooShort,
    /// It does not start as a checkpoint does.
    #[error("not a Sanqi checkpoint")]
    NotACheckpoint,
    /// Another version of the format.
    #[error("another checkpoint format")]
    OtherFormat,
    /// It is the checkpoint of another board's solve.
    #[error("it belongs to another board")]
    OtherBoard,
    /// Its step is not one the solver has.
    #[error("an unknown step")]
    UnknownStep,
    /// What it holds is not what its step needs.
    #[error("its contents do not match its step")]
    StepMismatch,
    /// It ends before its data does.
    #[error("the file is cut short")]
    CutShort,
    /// Its checksum does not match it.
    #[error("it is damaged (checksum mismatch)")]
    Checksum,
    /// There is more after its data.
    #[error("it is longer than it should be")]
    TooLong,
}

/// A table, or a solve in progress, that contradicts itself or outgrows its encoding.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// A decided class without a flip distance.
    #[error("class {0} has no flip distance")]
    NoFlipDistance(u64),
    /// The classes' sizes do not add up to every position.
    #[error("the classes hold {counted} positions instead of {expected}")]
    PositionCount {
        /// The positions the classes hold.
        counted: u64,
        /// Every position of the board.
        expected: u64,
    },
    /// A position's moves weigh differently by symmetry than they should.
    #[error("inconsistent symmetry weights for {0:?}")]
    SymmetryWeights(Pos),
    /// A position with more moves than a counter holds.
    #[error("{moves} moves do not fit a counter ({pos:?})")]
    CounterOverflow {
        /// Its number of moves.
        moves: u32,
        /// The position.
        pos: Pos,
    },
    /// A counter of moves not yet known to lose went below zero.
    #[error("a move counter went below zero")]
    CounterUnderflow,
    /// A counter of quiet moves went below zero.
    #[error("a quiet-move counter went below zero")]
    QuietCounterUnderflow,
    /// A step that needs the flip distances ran before they were made.
    #[error("no flip distances")]
    NoFlipDistances,
    /// A distance longer than the table's bytes can hold.
    #[error("a distance of more than {0} plies does not fit the table")]
    TooDeep(u32),
    /// A class number past the table's end.
    #[error("class {0} is outside the table")]
    OutsideTable(u64),
    /// A position whose number is an entry no class uses.
    #[error("a position numbers to an unused entry")]
    UnusedEntry,
    /// A won or lost position without a flip distance.
    #[error("a decided position has no flip distance")]
    DecidedWithoutDistance,
    /// A position's stored value is not what its successors' values give.
    #[error(
        "position {pos:?}: stored {stored} (flip distance {stored_dtz:?}), successors give \
         {expected} (flip distance {expected_dtz:?})"
    )]
    Successors {
        /// The position.
        pos: Pos,
        /// Its stored value.
        stored: Value,
        /// Its stored flip distance.
        stored_dtz: Option<u32>,
        /// The value its successors give.
        expected: Value,
        /// The flip distance its successors give.
        expected_dtz: Option<u32>,
    },
    /// A position of another game where a Flying one was wanted.
    #[error("not a Flying position")]
    NotFlying,
}
