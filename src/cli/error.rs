//! [`CliError`]: everything that can stop a command, each printed as one line by
//! [`super::run`].

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::ai::{AiError, Level};
use crate::echo::{quoted, quoted_path};
use crate::files::ReadError;
use crate::rules::notation::ParseActionError;
use crate::rules::records::RecordError;
use crate::rules::{Action, GameId, IllegalAction};
use crate::tablebase::{BuildError, TableError};

/// Why a command could not run or did not finish. [`super::run`] prints it as one line
/// (`sanqi: …`) with exit status 2, except [`CliError::BrokenPipe`], which ends quietly.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong.
    Argument(ArgumentError),
    /// Some of the `--moves` text is not an action in the notation.
    Notation(ParseActionError),
    /// Action `index` (from 1) of `--moves` breaks the rules.
    IllegalMove {
        index: usize,
        action: Action,
        reason: IllegalAction,
    },
    /// A record file could not be read (`replay FILE.json`).
    ReadRecord { path: PathBuf, error: ReadError },
    /// A record file was read but is not a record that replays.
    Record { path: PathBuf, error: RecordError },
    /// A file or folder could not be created or written.
    File {
        task: FileTask,
        path: PathBuf,
        error: io::Error,
    },
    /// Printing the output failed for another reason than a closed pipe.
    Output(io::Error),
    /// The reader of the output went away (`sanqi … | head`): the command stops quietly.
    BrokenPipe,
    /// The computer could not choose (`level` is the level that was asked, if one was).
    Computer {
        level: Option<Level>,
        error: AiError,
    },
    /// The computer returned no action for a position that has one.
    NoAction { level: Level },
    /// A match could not go on (a player failed or chose an illegal action); the message
    /// names the player.
    Match(String),
    /// The computer chose an action the rules refuse.
    ComputerIllegal {
        level: Level,
        action: Action,
        reason: IllegalAction,
    },
    /// The Flying table is missing, damaged or unreadable, or could not be built.
    Table(TableError),
    /// Building the Flying table failed or was stopped.
    Build(BuildError),
    /// `solve --verify` found the table wrong; the message says where.
    Verify(String),
    /// Self-play, training or a weights file failed; the message says how.
    Learn(String),
}

/// What was being done with a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Creating a folder.
    CreateFolder,
    /// Writing a file.
    Write,
}

/// A mistake in the command line itself.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgumentError {
    /// No command was given.
    NoCommand,
    /// Argument `position` (from 1) is not valid Unicode; `lossy` shows it with the bad
    /// bytes replaced.
    NotUnicode { position: usize, lossy: String },
    /// The command is not one of `sanqi help`.
    UnknownCommand(String),
    /// A positional argument (`GAME`, `DEPTH` …) is missing.
    Missing(&'static str),
    /// `--name` was given without its value.
    MissingValue(&'static str),
    /// An option that has no default was not given; `expected` says what it takes.
    Required {
        name: &'static str,
        expected: &'static str,
    },
    /// An argument left over once the command read its own.
    Unexpected(String),
    /// Not `neihuang`, `flying` or `wudao`.
    UnknownGame(String),
    /// Not one of the computer's levels.
    UnknownLevel(String),
    /// A player's configuration (`LEVEL[:KEY=VALUE,...]`) that does not parse; the reason
    /// says why.
    BadPlayer { name: &'static str, reason: String },
    /// An option that cannot be combined with another.
    NotWith {
        name: &'static str,
        other: &'static str,
    },
    /// A value of the wrong form or out of range; `expected` says what is accepted.
    Invalid {
        name: &'static str,
        value: String,
        expected: String,
    },
    /// `perft` would count about `estimate` sequences, far too many to finish; `deepest` is
    /// the greatest depth it would accept from the same position.
    TooDeep {
        game: GameId,
        depth: u32,
        estimate: f64,
        deepest: u32,
    },
    /// `--moves` was given with a record file.
    MovesWithFile,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Argument(e) => e.fmt(f),
            CliError::Notation(e) => e.fmt(f),
            CliError::IllegalMove {
                index,
                action,
                reason,
            } => write!(f, "action {index} `{action}`: {reason}"),
            CliError::ReadRecord { path, error } => {
                // Not a game id either: the person may have meant one.
                let what = if path.extension().is_some_and(|e| e == "json") {
                    "record file"
                } else {
                    "game or record file"
                };
                write!(f, "cannot read {what} {}: {error}", quoted_path(path))
            }
            CliError::Record { path, error } => write!(f, "{}: {error}", quoted_path(path)),
            CliError::File { task, path, error } => {
                let doing = match task {
                    FileTask::CreateFolder => "create",
                    FileTask::Write => "write",
                };
                write!(f, "cannot {doing} {}: {error}", quoted_path(path))
            }
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
            CliError::BrokenPipe => f.write_str("the output was closed"),
            CliError::Computer {
                level: Some(level),
                error,
            } => write!(f, "{level} failed: {error}"),
            CliError::Computer { level: None, error } => error.fmt(f),
            CliError::NoAction { level } => write!(f, "{level} found no action"),
            CliError::Match(why) => f.write_str(why),
            CliError::ComputerIllegal {
                level,
                action,
                reason,
            } => write!(f, "{level} chose an illegal action `{action}`: {reason}"),
            CliError::Table(e) => e.fmt(f),
            CliError::Build(e) => e.fmt(f),
            CliError::Verify(why) => write!(f, "the table failed its check: {why}"),
            CliError::Learn(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for CliError {}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentError::NoCommand => f.write_str("no command given (try `sanqi help`)"),
            ArgumentError::UnknownCommand(command) => {
                write!(f, "unknown command {} (try `sanqi help`)", quoted(command))
            }
            ArgumentError::NotUnicode { position, lossy } => write!(
                f,
                "argument {position} is not valid Unicode: {}",
                quoted(lossy)
            ),
            ArgumentError::Missing(what) => write!(f, "missing {what}"),
            ArgumentError::MissingValue(name) => write!(f, "{name} needs a value"),
            ArgumentError::Required { name, expected } => {
                write!(f, "{name} is required ({expected})")
            }
            ArgumentError::Unexpected(extra) => {
                write!(f, "unexpected argument {}", quoted(extra))
            }
            ArgumentError::UnknownGame(game) => write!(
                f,
                "unknown game {} (expected neihuang, flying or wudao)",
                quoted(game)
            ),
            ArgumentError::UnknownLevel(level) => write!(
                f,
                "unknown level {} (expected easy, medium, hard, expert, master or random)",
                quoted(level)
            ),
            ArgumentError::BadPlayer { name, reason } => write!(f, "{name}: {reason}"),
            ArgumentError::NotWith { name, other } => write!(f, "{name} does not go with {other}"),
            ArgumentError::Invalid {
                name,
                value,
                expected,
            } => write!(f, "{name} must be {expected}, not {}", quoted(value)),
            ArgumentError::TooDeep {
                game,
                depth,
                estimate,
                deepest,
            } => write!(
                f,
                "perft {game} {depth} would count about {estimate:.1e} action sequences from this \
                 position, too many to finish in reasonable time; choose a DEPTH of at most \
                 {deepest}"
            ),
            ArgumentError::MovesWithFile => {
                f.write_str("--moves goes with a game id, not with a record file")
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

impl From<ArgumentError> for CliError {
    fn from(e: ArgumentError) -> CliError {
        CliError::Argument(e)
    }
}

impl From<BuildError> for CliError {
    fn from(e: BuildError) -> CliError {
        CliError::Build(e)
    }
}

impl From<TableError> for CliError {
    fn from(e: TableError) -> CliError {
        CliError::Table(e)
    }
}

impl From<ParseActionError> for CliError {
    fn from(e: ParseActionError) -> CliError {
        CliError::Notation(e)
    }
}

impl CliError {
    /// The error for a failed write of the output: quiet for a closed pipe.
    pub fn output(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Output(e)
        }
    }
}
