//! Game records: the game's id and its actions in the notation, as versioned JSON, with
//! optional metadata. Loading replays every action under the full rules.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Action, Game, GameId, IllegalAction};
use crate::echo::{one_line, quoted};

/// The `format` field of every record.
pub const FORMAT: &str = "sanqi-record";
/// The record version this build writes and reads.
pub const VERSION: u32 = 1;

/// The UTF-8 byte-order mark, which some editors put at the start of a file.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Who played one side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// A display name: the person's own, or "Player" when none was given; "Computer".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The computer's level (`beginner` … `master`), if the computer played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The computer's rating at that level on the game's scale (`sanqi levels GAME`), when
    /// the game was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
}

/// Optional facts about a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Who played Black.
    pub black: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Who played White.
    pub white: Option<Player>,
    /// When the game was played (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The result as `replay` prints it (informative; the actions decide).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The turn clock it was played with: seconds a turn (`60`), or `off`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
}

/// A record as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The game's id: `neihuang`, `flying` or `wudao`.
    pub game: String,
    /// The actions from the start, in the notation.
    pub actions: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    /// Optional facts about the game.
    pub metadata: Metadata,
}

fn is_default(m: &Metadata) -> bool {
    *m == Metadata::default()
}

/// The most characters of a JSON parser's description of a problem that a message shows: it
/// may quote the file.
pub const MAX_DETAIL_CHARS: usize = 160;

/// Why a record could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The bytes are not a JSON record.
    Malformed(String),
    /// The `format` field is not a Sanqi record.
    NotARecord(String),
    /// A version this build does not read.
    UnsupportedVersion(u32),
    /// An unknown game id.
    UnknownGame(String),
    /// Action `index` (from 1) is not in the notation.
    Unparsable {
        /// Its place, from 1.
        index: usize,
        /// What it says.
        text: String,
    },
    /// Action `index` (from 1) breaks the rules.
    Illegal {
        /// Its place, from 1.
        index: usize,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
        reason: IllegalAction,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(why) => {
                write!(
                    f,
                    "not a valid game record: {}",
                    one_line(why, MAX_DETAIL_CHARS)
                )
            }
            RecordError::NotARecord(format) => {
                write!(f, "not a Sanqi game record (format {})", quoted(format))
            }
            RecordError::UnsupportedVersion(v) => write!(
                f,
                "record version {v} is not supported (this version reads {VERSION})"
            ),
            RecordError::UnknownGame(id) => write!(
                f,
                "unknown game {} (expected neihuang, flying or wudao)",
                quoted(id)
            ),
            RecordError::Unparsable { index, text } => {
                write!(
                    f,
                    "action {index} {}: not an action in the notation",
                    quoted(text)
                )
            }
            RecordError::Illegal {
                index,
                action,
                reason,
            } => write!(f, "action {index} `{action}`: {reason}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// The record of a game, with metadata.
    pub fn of_game(game: &Game, mut metadata: Metadata) -> Record {
        let status = game.status();
        if status.is_over() {
            metadata.result = Some(status.summary());
        }
        Record {
            format: FORMAT.to_string(),
            version: VERSION,
            game: game.id().id().to_string(),
            actions: game.actions().map(|a| a.to_string()).collect(),
            metadata,
        }
    }

    /// Reads a record from bytes, without replaying it. A UTF-8 byte-order mark at the start,
    /// which some editors write, is allowed.
    pub fn from_json(bytes: &[u8]) -> Result<Record, RecordError> {
        let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
        let record: Record =
            serde_json::from_slice(bytes).map_err(|e| RecordError::Malformed(e.to_string()))?;
        record.check_header()?;
        Ok(record)
    }

    /// Checks that this is a Sanqi record of the version this build reads.
    pub fn check_header(&self) -> Result<(), RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::NotARecord(self.format.clone()));
        }
        if self.version != VERSION {
            return Err(RecordError::UnsupportedVersion(self.version));
        }
        Ok(())
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A record is plain strings and numbers: serialising it cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Replays the actions under the full rules, draws included.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let id =
            GameId::parse(&self.game).ok_or_else(|| RecordError::UnknownGame(self.game.clone()))?;
        let mut game = Game::new(id);
        for (i, text) in self.actions.iter().enumerate() {
            let action = Action::parse(text).map_err(|_| RecordError::Unparsable {
                index: i + 1,
                text: text.clone(),
            })?;
            game.apply(action).map_err(|reason| RecordError::Illegal {
                index: i + 1,
                action,
                reason,
            })?;
        }
        Ok(game)
    }
}

/// Reads and replays a record.
///
/// A record written and read back:
///
/// ```
/// use sanqi::rules::records::{self, Metadata, Record};
/// use sanqi::rules::{Action, Game, GameId, Point};
///
/// let mut game = Game::new(GameId::Wudao);
/// for name in ["c3", "b2", "d4"] {
///     let point = Point::parse(name).expect("a point");
///     game.apply(Action::Place(point))?;
/// }
/// let json = Record::of_game(&game, Metadata::default()).to_json();
/// let (record, replayed) = records::load(json.as_bytes())?;
/// assert_eq!(record.actions, ["c3", "b2", "d4"]);
/// assert_eq!(replayed, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load(bytes: &[u8]) -> Result<(Record, Game), RecordError> {
    let record = Record::from_json(bytes)?;
    let game = record.replay()?;
    Ok((record, game))
}
