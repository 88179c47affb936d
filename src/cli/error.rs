//! [`CliError`]: everything that can stop a command, each printed as one line by
//! [`super::run`].

use std::ffi::OsStr;
use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::ai::{AiError, Level};
use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::echo::{one_line, quoted, quoted_path};
use crate::files::ReadError;
use crate::files::output::{OutputError, WriteError};
use crate::rules::notation::ParseActionError;
use crate::rules::records::RecordError;
use crate::rules::{Action, GameId, IllegalAction};
use crate::sound::SoundError;
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
        /// Its place in `--moves`, from 1.
        index: usize,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
        reason: IllegalAction,
    },
    /// A record file could not be read (`replay FILE.json`).
    ReadRecord {
        /// The file.
        path: PathBuf,
        /// Why it could not be read.
        error: ReadError,
    },
    /// A record file was read but is not a record that replays.
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: RecordError,
    },
    /// A file or folder could not be created or written.
    File {
        /// What was being done.
        task: FileTask,
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// An output file cannot be written where it was named (found before any work).
    OutputFile(OutputError),
    /// Printing the output failed for another reason than a closed pipe.
    Output(io::Error),
    /// The reader of the output went away (`sanqi … | head`): the command stops quietly.
    BrokenPipe,
    /// The computer could not choose (`level` is the level that was asked, if one was).
    Computer {
        /// The level asked for, if one was.
        level: Option<Level>,
        /// Why it failed.
        error: AiError,
    },
    /// The computer returned no action for a position that has one.
    NoAction {
        /// The level asked for.
        level: Level,
    },
    /// A match could not go on (a player failed or chose an illegal action); the message
    /// names the player.
    Match(String),
    /// The computer chose an action the rules refuse.
    ComputerIllegal {
        /// The level that chose it.
        level: Level,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
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
    /// A ladder could not be measured or its file used; the message says why.
    Ladder(String),
    /// A sound could not be played (`sound`).
    Sound(SoundError),
    /// The game server could not run (`serve`); the message says why.
    Serve(String),
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
    NotUnicode {
        /// Its place among the arguments, from 1.
        position: usize,
        /// The argument, its bad bytes replaced.
        lossy: String,
    },
    /// The command is not one of `sanqi help`; `suggestion` is a command of a similar name.
    UnknownCommand {
        /// The command given.
        command: String,
        /// A command of a similar name, if there is one.
        suggestion: Option<String>,
    },
    /// A required argument (`GAME`, `DEPTH`, `--level PLAYER` …) is missing.
    Missing(String),
    /// `--name` was given without its value.
    MissingValue(String),
    /// `--name` was given more than once.
    Repeated(String),
    /// `--name` was followed by another option instead of its value (`--out --quiet`): the
    /// option is not taken as a file's name.
    OptionAsValue {
        /// The option that needs a value.
        option: String,
        /// What followed it.
        value: String,
    },
    /// An argument the command does not take; `suggestion` is an option of a similar name.
    Unexpected {
        /// The argument.
        argument: String,
        /// An option of a similar name, if there is one.
        suggestion: Option<String>,
    },
    /// Not `neihuang`, `flying` or `wudao`.
    UnknownGame(String),
    /// A player's configuration (`LEVEL[:KEY=VALUE,...]`) that does not parse; the reason
    /// says why.
    BadPlayer {
        /// The option.
        name: &'static str,
        /// Why it does not parse.
        reason: String,
    },
    /// An option that cannot be combined with another.
    NotWith {
        /// The option.
        name: &'static str,
        /// What it does not go with.
        other: &'static str,
    },
    /// A value of the wrong form or out of range; `expected` says what is accepted.
    Invalid {
        /// The argument's name.
        name: &'static str,
        /// Its value.
        value: String,
        /// What it must be.
        expected: String,
    },
    /// `perft` would count about `estimate` sequences, far too many to finish; `deepest` is
    /// the greatest depth it would accept from the same position.
    TooDeep {
        /// The game.
        game: GameId,
        /// The depth asked for.
        depth: u32,
        /// The action sequences it would count.
        estimate: f64,
        /// The greatest depth accepted from the position.
        deepest: u32,
    },
    /// `--moves` was given with a record file.
    MovesWithFile,
    /// Another mistake the parser found, in its own words.
    Other(String),
}

impl ArgumentError {
    /// The mistake clap found in `args` (the arguments after the program's name), in the
    /// command line's own words.
    pub(crate) fn from_clap<A: AsRef<OsStr>>(e: &clap::Error, args: &[A]) -> ArgumentError {
        let first = |kind| match e.get(kind) {
            Some(ContextValue::String(s)) => Some(s.clone()),
            Some(ContextValue::Strings(v)) => v.first().cloned(),
            _ => None,
        };
        // `--moves <"…">` is written `--moves "…"`, `<GAME|FILE.json>` as `GAME or FILE.json`.
        let plain = |arg: String| {
            arg.replace(['<', '>'], "")
                .replace('|', " or ")
                .trim()
                .to_string()
        };
        let flag = |arg: String| arg.split(' ').next().unwrap_or_default().to_string();
        let invalid = first(ContextKind::InvalidArg).unwrap_or_default();
        match e.kind() {
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                ArgumentError::NoCommand
            }
            ErrorKind::InvalidSubcommand => ArgumentError::UnknownCommand {
                command: first(ContextKind::InvalidSubcommand).unwrap_or_default(),
                suggestion: first(ContextKind::SuggestedSubcommand),
            },
            ErrorKind::UnknownArgument => ArgumentError::Unexpected {
                argument: invalid,
                suggestion: first(ContextKind::SuggestedArg),
            },
            ErrorKind::MissingRequiredArgument => ArgumentError::Missing(plain(invalid)),
            ErrorKind::InvalidValue
                if first(ContextKind::InvalidValue).is_none_or(|v| v.is_empty()) =>
            {
                ArgumentError::MissingValue(flag(invalid))
            }
            ErrorKind::ArgumentConflict
                if first(ContextKind::PriorArg).is_some_and(|prior| prior == invalid) =>
            {
                ArgumentError::Repeated(flag(invalid))
            }
            ErrorKind::InvalidUtf8 => {
                let lossy = args
                    .iter()
                    .map(AsRef::as_ref)
                    .find(|a| a.to_str().is_none())
                    .map(|a| a.to_string_lossy().into_owned())
                    .unwrap_or_default();
                ArgumentError::NotUnicode { position: 0, lossy }
            }
            _ => {
                let message = e.to_string();
                let line = message.lines().next().unwrap_or_default();
                ArgumentError::Other(line.strip_prefix("error: ").unwrap_or(line).to_string())
            }
        }
    }
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
            CliError::OutputFile(e) => e.fmt(f),
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
            CliError::Learn(why) | CliError::Ladder(why) | CliError::Serve(why) => f.write_str(why),
            CliError::Sound(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CliError {}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentError::NoCommand => f.write_str("no command given (try `sanqi help`)"),
            ArgumentError::UnknownCommand {
                command,
                suggestion,
            } => {
                write!(f, "unknown command {}", quoted(command))?;
                match suggestion {
                    Some(s) => write!(f, " (did you mean {}?)", quoted(s)),
                    None => f.write_str(" (try `sanqi help`)"),
                }
            }
            ArgumentError::NotUnicode { position, lossy } => write!(
                f,
                "argument {position} is not valid Unicode: {}",
                quoted(lossy)
            ),
            ArgumentError::Missing(what) => write!(f, "missing {what}"),
            ArgumentError::MissingValue(name) => write!(f, "{name} needs a value"),
            ArgumentError::Repeated(name) => write!(f, "{name} is given more than once"),
            ArgumentError::OptionAsValue { option, value } => write!(
                f,
                "{option} needs a value, and {} is an option: for a value of that name write \
                 {option}={value} or {option} ./{value}",
                quoted(value)
            ),
            ArgumentError::Unexpected {
                argument,
                suggestion,
            } => {
                write!(f, "unexpected argument {}", quoted(argument))?;
                match suggestion {
                    Some(s) => write!(f, " (did you mean {}?)", quoted(s)),
                    None => Ok(()),
                }
            }
            ArgumentError::UnknownGame(game) => write!(
                f,
                "unknown game {} (expected neihuang, flying or wudao)",
                quoted(game)
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
            ArgumentError::Other(message) => f.write_str(&one_line(message, 200)),
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

impl From<OutputError> for CliError {
    fn from(e: OutputError) -> CliError {
        CliError::OutputFile(e)
    }
}

impl From<WriteError> for CliError {
    fn from(e: WriteError) -> CliError {
        match e {
            WriteError::Refused(e) => CliError::OutputFile(e),
            WriteError::Io { path, error } => CliError::File {
                task: FileTask::Write,
                path,
                error,
            },
        }
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
