//! The messages of online play, as JSON text frames over a WebSocket: what a client may send
//! and what the server answers. docs/SERVER.md describes them for anyone writing a client.
//!
//! Every frame is one JSON object with a `type`. Actions are written in the game notation of
//! the records (`c3`, `b4-c4`, `xc1`, `timeout`); sides are `black` and `white`; games are
//! `neihuang`, `flying` and `wudao`. A frame the server cannot read is answered with an
//! [`ServerMessage::Error`] and the connection is closed.

use serde::{Deserialize, Serialize};

use crate::rules::{GameId, Side};

/// The protocol's version: a client says which it speaks, and one the server does not speak
/// is told so.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame a client may send, in bytes: far more than any message needs.
pub const MAX_FRAME: usize = 2048;

/// The longest name a player may give, in characters (longer ones are cut).
pub const MAX_NAME: usize = 24;

/// A seat's secret: 128 random bits, written as 32 lowercase hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token(pub u128);

impl Token {
    /// The token written as it travels.
    pub fn text(self) -> String {
        format!("{:032x}", self.0)
    }

    /// The token in `text`, if it is one (32 hexadecimal digits).
    pub fn parse(text: &str) -> Option<Token> {
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u128::from_str_radix(text, 16).ok().map(Token))
            .flatten()
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first frame of a connection: take a seat in `room` (the one `token` holds, else
    /// the free one, else watch), under `name`.
    Hello {
        /// The protocol's version the client speaks.
        version: u32,
        /// The room, from the invitation.
        room: String,
        /// The seat's secret, from an earlier welcome (kept in the player's storage).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The name the player gives (may be empty).
        #[serde(default)]
        name: String,
    },
    /// The first frame of a connection that makes a room: a new room for `game`, its maker
    /// seated on `side` (none: drawn at random), with a turn clock of `clock` seconds (30, 60
    /// or 120; none for no clock). Answered as a hello with the new seat's token.
    Create {
        /// The protocol's version the client speaks.
        version: u32,
        /// The game.
        game: GameId,
        /// The maker's side; none for a random one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
        /// The turn's length in seconds; none for no clock.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
        /// The maker's name (may be empty).
        #[serde(default)]
        name: String,
    },
    /// Resign the game (a seated player, while the game goes on).
    Resign {},
    /// Claim the game: the opponent is away and the clock has passed [`CLAIM_AFTER`] of its
    /// turns in a row.
    Claim {},
    /// Play `action` as the game's action number `seq` (counted from 1). Sent again after a
    /// reconnection until acknowledged; the server applies it at most once.
    Act {
        /// The action's number in the game.
        seq: u32,
        /// The action, in the game notation.
        action: String,
    },
}

/// How a seat's player is connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Nobody has taken the seat yet.
    Empty,
    /// Connected now.
    Connected,
    /// Gone for now: the seat is kept.
    Away,
}

/// A seat as the server tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The player's name (empty for none, or for an empty seat).
    pub name: String,
    /// Whether the player is there.
    pub presence: Presence,
    /// How many of its turns in a row the clock has passed while the player was away (the
    /// opponent may claim the game from two).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub missed: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// How many turns in a row an away player's clock must pass before the opponent may claim
/// the game.
pub const CLAIM_AFTER: u8 = 2;

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to a hello: the room as it stands.
    Welcome {
        /// The room.
        room: String,
        /// The game played in it.
        game: GameId,
        /// The side this connection plays, or none for a watcher.
        #[serde(skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
        /// The seat's secret, to keep and send again in the next hello.
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Black's and White's seats.
        seats: [SeatView; 2],
        /// Every action of the game so far, in order (action `n` is at index `n - 1`).
        actions: Vec<String>,
        /// The turn's length in seconds, or none when there is no clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
        /// How long the current turn has run, in milliseconds.
        turn_ms: u64,
        /// The side that resigned, if one did (the game is then over).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resigned: Option<Side>,
        /// Whether that side did not resign itself but left: the opponent claimed the game.
        #[serde(default, skip_serializing_if = "is_false")]
        left: bool,
    },
    /// `side` resigned, or left and its opponent claimed the game (`left`): the game is over.
    Resigned {
        /// The side that lost so.
        side: Side,
        /// Whether it left rather than resigned.
        #[serde(default, skip_serializing_if = "is_false")]
        left: bool,
    },
    /// A seat's player arrived, left for now, or came back.
    Seat {
        /// The seat.
        side: Side,
        /// Its player, as now.
        seat: SeatView,
    },
    /// The game's action number `seq` is `action`, by `side`: sent to everyone in the room,
    /// and again to a client that resends an action already applied.
    Applied {
        /// The action's number in the game.
        seq: u32,
        /// The action, in the game notation.
        action: String,
        /// Who played it.
        side: Side,
    },
    /// The client's action number `seq` was not applied, and why.
    Rejected {
        /// The number the client gave.
        seq: u32,
        /// Why.
        reason: Rejection,
    },
    /// The frame could not be taken: the connection is closed after it.
    Error {
        /// What was wrong.
        error: ProtocolError,
    },
}

/// Why an action was not applied (the connection stays open).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    /// A watcher cannot play.
    NotSeated,
    /// It is not this seat's turn.
    NotYourTurn,
    /// The number is not the next action's, nor an action already applied by this seat.
    OutOfOrder,
    /// Not written in the game notation.
    Unreadable,
    /// Not legal in the position.
    Illegal,
    /// The game is over.
    GameOver,
    /// Both seats are not taken yet.
    Waiting,
}

/// Why a frame could not be taken (the connection is then closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProtocolError {
    /// Larger than [`MAX_FRAME`].
    TooLarge,
    /// Not one of the messages, or not JSON.
    Malformed,
    /// A protocol version the server does not speak.
    Version,
    /// The first frame was not a hello, or a second hello came.
    Sequence,
    /// No such room.
    NoRoom,
    /// A token that holds no seat in the room.
    Stranger,
    /// Too many frames too fast.
    TooFast,
    /// A room asked for with a clock the server does not offer.
    Setup,
    /// The server cannot keep a new room now (its store failed).
    Unavailable,
}

/// The turn clocks a room may have, in seconds (or none).
pub const CLOCKS: [u32; 3] = [30, 60, 120];

impl ClientMessage {
    /// Reads a client's frame: one message, within [`MAX_FRAME`].
    pub fn parse(frame: &str) -> Result<ClientMessage, ProtocolError> {
        if frame.len() > MAX_FRAME {
            return Err(ProtocolError::TooLarge);
        }
        serde_json::from_str(frame).map_err(|_| ProtocolError::Malformed)
    }

    /// The frame that carries this message.
    pub fn frame(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMessage {
    /// The frame that carries this message.
    pub fn frame(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a server's frame.
    pub fn parse(frame: &str) -> Option<ServerMessage> {
        serde_json::from_str(frame).ok()
    }
}

/// `name` as a seat keeps it: one line, at most [`MAX_NAME`] characters, trimmed.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_travel_as_32_hex_digits() {
        let token = Token(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        assert_eq!(token.text(), "0123456789abcdef0011223344556677");
        assert_eq!(Token::parse(&token.text()), Some(token));
        for odd in [
            "",
            "xyz",
            "0123456789abcdef001122334455667",
            "+123456789abcdef0011223344556677",
        ] {
            assert_eq!(Token::parse(odd), None, "{odd:?}");
        }
    }

    #[test]
    fn frames_read_back_and_bad_ones_are_named() {
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: "k3x9".into(),
            token: None,
            name: "Ann".into(),
        };
        assert_eq!(ClientMessage::parse(&hello.frame()), Ok(hello));
        let create = ClientMessage::Create {
            version: PROTOCOL_VERSION,
            game: GameId::Wudao,
            side: None,
            clock: Some(60),
            name: "Ann".into(),
        };
        assert_eq!(
            create.frame(),
            r#"{"type":"create","version":1,"game":"wudao","clock":60,"name":"Ann"}"#
        );
        assert_eq!(ClientMessage::parse(&create.frame()), Ok(create));
        assert_eq!(
            ClientMessage::parse(r#"{"type":"resign"}"#),
            Ok(ClientMessage::Resign {})
        );
        assert_eq!(
            ClientMessage::parse(r#"{"type":"act","seq":3,"action":"c3"}"#),
            Ok(ClientMessage::Act {
                seq: 3,
                action: "c3".into()
            })
        );
        for bad in [
            "",
            "{}",
            "[1]",
            r#"{"type":"act","seq":-1,"action":"c3"}"#,
            r#"{"type":"act","seq":1,"action":"c3","more":1}"#,
            r#"{"type":"shout"}"#,
            r#"{"type":"create","version":1,"game":"chess"}"#,
            r#"{"type":"resign","side":"black"}"#,
        ] {
            assert_eq!(
                ClientMessage::parse(bad),
                Err(ProtocolError::Malformed),
                "{bad}"
            );
        }
        let big = format!(
            r#"{{"type":"hello","version":1,"room":"{}"}}"#,
            "r".repeat(MAX_FRAME)
        );
        assert_eq!(ClientMessage::parse(&big), Err(ProtocolError::TooLarge));
        let applied = ServerMessage::Applied {
            seq: 1,
            action: "c3".into(),
            side: Side::Black,
        };
        assert_eq!(
            applied.frame(),
            r#"{"type":"applied","seq":1,"action":"c3","side":"black"}"#
        );
        assert_eq!(ServerMessage::parse(&applied.frame()), Some(applied));
    }

    #[test]
    fn names_are_one_short_line() {
        assert_eq!(clean_name("  Ann\n\u{7}  "), "Ann");
        assert_eq!(clean_name(&"长".repeat(40)).chars().count(), MAX_NAME);
    }
}
