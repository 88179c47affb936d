//! A player's side of online play as a pure state machine over `rules`: the game as the
//! server has confirmed it, the player's own actions sent and not yet confirmed, the seats and
//! the clock. Frames from the server go in, frames to send and what changed come out. Nothing
//! here touches a socket or reads a clock: the app's connection does that.
//!
//! The player's own action is shown at once (the position is the confirmed game with the
//! unconfirmed actions after it) and sent with the number it will have in the game. When the
//! server confirms it, it moves to the confirmed game; when the server applies something else
//! under that number (the clock passed the turn first) or refuses it, the unconfirmed actions
//! are dropped and the position is the server's again. After a reconnection the welcome brings
//! the whole game, and what is still unconfirmed is sent again under the same numbers: the
//! server applies each at most once.

use super::protocol::{
    CLAIM_AFTER, ClientMessage, PROTOCOL_VERSION, Presence, ProtocolError, Rejection, SeatView,
    ServerMessage, Token,
};
use crate::rules::{Action, Game, GameId, Side};

/// How a connection starts: making a room, or entering one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Make a room for `game`, seated on `side` (none: at random), with a turn of `clock`
    /// seconds (none: no clock).
    Create {
        /// The game.
        game: GameId,
        /// The maker's side, if chosen.
        side: Option<Side>,
        /// The turn's length in seconds.
        clock: Option<u32>,
    },
    /// Enter room `room` (with the seat's token once there is one).
    Join {
        /// The room's name.
        room: String,
    },
}

/// What a frame from the server changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// The room as it stands, after a hello: the position may have changed entirely.
    Welcomed,
    /// The opponent's action (or the clock's), applied after the position as it was shown.
    Played {
        /// The action.
        action: Action,
        /// Who played it.
        side: Side,
    },
    /// The player's own action was confirmed (the position does not change).
    Confirmed,
    /// The position shown was not the server's (an action refused, or overtaken): it is
    /// the confirmed game now.
    Resynced(Option<Rejection>),
    /// A seat's player arrived, left for now or came back.
    Seat(Side),
    /// `side` resigned, or left and the game was claimed ([`Client::left`]): it is over.
    Resigned(Side),
    /// The server refused the connection; it is closed.
    Failed(ProtocolError),
    /// The server sent what a sound server never sends: connect again for a fresh welcome.
    Lost,
}

/// One player's online game.
#[derive(Clone, Debug)]
pub struct Client {
    entry: Entry,
    name: String,
    /// The room's name, once known.
    room: Option<String>,
    /// The seat's secret, once given.
    token: Option<Token>,
    /// The side played, or none while watching (or before the welcome).
    side: Option<Side>,
    /// The game as the server confirmed it.
    confirmed: Game,
    /// The player's actions sent and not confirmed yet, in order, after the confirmed game.
    unconfirmed: Vec<Action>,
    seats: [SeatView; 2],
    clock: Option<u32>,
    /// How long the current turn had run when the welcome came, in milliseconds.
    turn_ms: u64,
    welcomed: bool,
    /// The side that resigned, if one did.
    resigned: Option<Side>,
    /// Whether that side left rather than resigned (its opponent claimed the game).
    left: bool,
}

impl Client {
    /// A client that enters as `entry` under `name`; with `token`, the seat it held before
    /// (kept in the player's storage).
    pub fn new(entry: Entry, name: &str, token: Option<Token>) -> Client {
        let (game, room) = match &entry {
            Entry::Create { game, .. } => (*game, None),
            // The game is known from the welcome; until then any will do.
            Entry::Join { room } => (GameId::Wudao, Some(room.clone())),
        };
        let empty = SeatView {
            name: String::new(),
            presence: Presence::Empty,
            missed: 0,
        };
        Client {
            entry,
            name: name.to_string(),
            room,
            token,
            side: None,
            confirmed: Game::new(game),
            unconfirmed: Vec::new(),
            seats: [empty.clone(), empty],
            clock: None,
            turn_ms: 0,
            welcomed: false,
            resigned: None,
            left: false,
        }
    }

    /// The first frame of a connection: the room made, or entered (with the seat's token
    /// once the room is known: a reconnection takes the same seat).
    pub fn hello(&mut self) -> ClientMessage {
        self.welcomed = false;
        match (&self.room, &self.entry) {
            (Some(room), _) => ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: room.clone(),
                token: self.token.map(Token::text),
                name: self.name.clone(),
            },
            (None, Entry::Create { game, side, clock }) => ClientMessage::Create {
                version: PROTOCOL_VERSION,
                game: *game,
                side: *side,
                clock: *clock,
                name: self.name.clone(),
            },
            (None, Entry::Join { room }) => ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: room.clone(),
                token: None,
                name: self.name.clone(),
            },
        }
    }

    /// Takes a frame from the server: what changed, and the frames to send now (the
    /// unconfirmed actions again, after a welcome).
    pub fn receive(&mut self, frame: &str) -> (Update, Vec<ClientMessage>) {
        let Some(message) = ServerMessage::parse(frame) else {
            return (Update::Lost, Vec::new());
        };
        match message {
            ServerMessage::Welcome {
                room,
                game,
                side,
                token,
                seats,
                actions,
                clock,
                turn_ms,
                resigned,
                left,
            } => {
                let mut confirmed = Game::new(game);
                for text in &actions {
                    match Action::parse(text) {
                        Ok(action) if confirmed.apply(action).is_ok() => {}
                        _ => return (Update::Lost, Vec::new()),
                    }
                }
                // What the server already has of the unconfirmed actions is confirmed now;
                // the rest goes again, unless the game went another way.
                let mine = self.confirmed.len();
                let mut unconfirmed = std::mem::take(&mut self.unconfirmed);
                let known = actions.len().saturating_sub(mine).min(unconfirmed.len());
                let same = (0..known)
                    .all(|i| Action::parse(&actions[mine + i]).ok() == Some(unconfirmed[i]))
                    && mine <= actions.len()
                    && self.confirmed.id() == game;
                unconfirmed = if same {
                    unconfirmed.split_off(known)
                } else {
                    Vec::new()
                };
                self.room = Some(room);
                self.token = token.as_deref().and_then(Token::parse).or(self.token);
                self.side = side;
                self.confirmed = confirmed;
                self.seats = seats;
                self.clock = clock;
                self.turn_ms = turn_ms;
                self.welcomed = true;
                self.resigned = resigned;
                self.left = left;
                // Sent again only while they still follow the confirmed game.
                self.unconfirmed = Vec::new();
                for action in unconfirmed {
                    if self.position().apply(action).is_err() || !self.my_turn() {
                        break;
                    }
                    self.unconfirmed.push(action);
                }
                let resend = self
                    .unconfirmed
                    .iter()
                    .enumerate()
                    .map(|(i, a)| ClientMessage::Act {
                        seq: (self.confirmed.len() + i + 1) as u32,
                        action: a.to_string(),
                    })
                    .collect::<Vec<_>>();
                // The resent actions were checked one by one above, each on its own turn.
                (Update::Welcomed, resend)
            }
            ServerMessage::Seat { side, seat } => {
                self.seats[side.index()] = seat;
                (Update::Seat(side), Vec::new())
            }
            ServerMessage::Applied { seq, action, side } => {
                let played = self.confirmed.len();
                let seq = seq as usize;
                if seq <= played {
                    // Confirmed before (an acknowledgement sent again).
                    return (Update::Confirmed, Vec::new());
                }
                let Ok(action) = Action::parse(&action) else {
                    return (Update::Lost, Vec::new());
                };
                if seq != played + 1 || self.confirmed.apply(action).is_err() {
                    return (Update::Lost, Vec::new());
                }
                match self.unconfirmed.first() {
                    None => (Update::Played { action, side }, Vec::new()),
                    Some(&first) if first == action && Some(side) == self.side => {
                        self.unconfirmed.remove(0);
                        (Update::Confirmed, Vec::new())
                    }
                    Some(_) => {
                        self.unconfirmed.clear();
                        (Update::Resynced(None), Vec::new())
                    }
                }
            }
            ServerMessage::Rejected { seq, reason } => {
                let first = self.confirmed.len() + 1;
                if (seq as usize) < first || self.unconfirmed.is_empty() {
                    return (Update::Confirmed, Vec::new());
                }
                self.unconfirmed.clear();
                (Update::Resynced(Some(reason)), Vec::new())
            }
            ServerMessage::Resigned { side, left } => {
                self.resigned = Some(side);
                self.left = left;
                self.unconfirmed.clear();
                (Update::Resigned(side), Vec::new())
            }
            ServerMessage::Error { error } => (Update::Failed(error), Vec::new()),
        }
    }

    /// Plays the player's `action` on the position shown: the frame to send, or `None` if
    /// it is not this player's turn (or not legal there). Played while the connection is
    /// down, it is kept and goes with the next welcome.
    pub fn act(&mut self, action: Action) -> Option<ClientMessage> {
        if !self.my_turn() || self.position().apply(action).is_err() {
            return None;
        }
        self.unconfirmed.push(action);
        Some(ClientMessage::Act {
            seq: (self.confirmed.len() + self.unconfirmed.len()) as u32,
            action: action.to_string(),
        })
    }

    /// The frame that resigns the game, if this player may (seated, the game going on).
    pub fn resign(&self) -> Option<ClientMessage> {
        (self.side.is_some()
            && self.both_seated()
            && self.resigned.is_none()
            && !self.confirmed.status().is_over())
        .then_some(ClientMessage::Resign {})
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// Whether the side that lost so left rather than resigned.
    pub fn left(&self) -> bool {
        self.left
    }

    /// Whether this player may claim the game: the opponent is away and the clock has passed
    /// [`CLAIM_AFTER`] of its turns in a row.
    pub fn can_claim(&self) -> bool {
        let Some(side) = self.side else {
            return false;
        };
        let other = &self.seats[side.other().index()];
        self.resigned.is_none()
            && !self.confirmed.status().is_over()
            && other.presence == Presence::Away
            && other.missed >= CLAIM_AFTER
    }

    /// The frame that claims the game, if this player may.
    pub fn claim(&self) -> Option<ClientMessage> {
        self.can_claim().then_some(ClientMessage::Claim {})
    }

    /// The position shown: the confirmed game, then the player's unconfirmed actions.
    pub fn position(&self) -> Game {
        let mut game = self.confirmed.clone();
        for &action in &self.unconfirmed {
            if game.apply(action).is_err() {
                break;
            }
        }
        game
    }

    /// The game as the server confirmed it.
    pub fn confirmed(&self) -> &Game {
        &self.confirmed
    }

    /// Whether the player's actions wait for the server.
    pub fn waiting_for_server(&self) -> bool {
        !self.unconfirmed.is_empty()
    }

    /// Whether it is this player's turn on the position shown.
    pub fn my_turn(&self) -> bool {
        let position = self.position();
        self.side.is_some()
            && self.resigned.is_none()
            && !position.status().is_over()
            && position.state().to_act() == self.side
            && self.both_seated()
    }

    /// Whether both seats are taken (the game has started).
    pub fn both_seated(&self) -> bool {
        self.seats.iter().all(|s| s.presence != Presence::Empty)
    }

    /// The room's name, once known.
    pub fn room(&self) -> Option<&str> {
        self.room.as_deref()
    }

    /// The seat's secret, once given.
    pub fn token(&self) -> Option<Token> {
        self.token
    }

    /// The side played, if seated.
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// The game played in the room.
    pub fn game(&self) -> GameId {
        self.confirmed.id()
    }

    /// Black's and White's seats.
    pub fn seats(&self) -> &[SeatView; 2] {
        &self.seats
    }

    /// The turn's length in seconds, if the room has a clock.
    pub fn clock(&self) -> Option<u32> {
        self.clock
    }

    /// How long the current turn had run when the welcome came, in milliseconds.
    pub fn turn_ms(&self) -> u64 {
        self.turn_ms
    }

    /// Whether the room's welcome has come on this connection.
    pub fn is_welcomed(&self) -> bool {
        self.welcomed
    }

    /// The name the player gives.
    pub fn name(&self) -> &str {
        &self.name
    }
}
