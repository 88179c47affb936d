//! A game room as a pure state machine over `rules`: two seats held by secret tokens, any
//! number of watchers, the game and its turn clock. An event (a hello, a connection gone, an
//! action, a tick of time) with the time it happened goes in; what to send to whom, what to
//! store before sending, and which connections to close come out. Nothing here reads a clock,
//! draws a random number or touches a socket or a file: the server (and a test) does that.
//!
//! The room is authoritative: a client proposes its action with the number it will have in the
//! game; the room checks the seat, the turn, the number and the rules, then stores it and tells
//! everyone. An action sent again (after a reconnection) with a number already used by the same
//! seat for the same action is acknowledged again, never applied twice.

use std::collections::BTreeSet;

use super::protocol::{
    CLAIM_AFTER, Presence, ProtocolError, Rejection, SeatView, ServerMessage, Token, clean_name,
};
use crate::rules::{Action, Game, GameId, Side};

/// A connection, as the server numbers them.
pub type Conn = u64;

/// How a room's game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSetup {
    /// The game.
    pub game: GameId,
    /// The turn's length in seconds, or `None` for no clock.
    pub clock: Option<u32>,
}

/// What a room asks to be kept, before anyone is told of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A seat was taken: its side, token and name.
    Seat {
        /// The side.
        side: Side,
        /// Its secret.
        token: Token,
        /// The player's name.
        name: String,
    },
    /// The game's action number `seq` (from 1) is `action`, played at `at` (milliseconds).
    Action {
        /// Its number.
        seq: u32,
        /// The action.
        action: Action,
        /// When it was applied.
        at: u64,
    },
    /// `side` resigned at `at` (milliseconds), or left (`left`: its opponent claimed the game).
    Resigned {
        /// The side.
        side: Side,
        /// When.
        at: u64,
        /// Whether it left rather than resigned.
        left: bool,
    },
}

/// What handling an event asks of the server: first store `stored` (in order), then send
/// `sends`, then close `close`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// To keep, in order, before anything is sent.
    pub stored: Vec<Stored>,
    /// The messages, each to its connection, in order.
    pub sends: Vec<(Conn, ServerMessage)>,
    /// The connections to close once their messages are sent.
    pub close: Vec<Conn>,
}

/// Something that happens to a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A connection's first frame: it takes the seat `token` holds, else the free seat (with
    /// the token `fresh`, which the server drew at random), else watches.
    Hello {
        /// The connection.
        conn: Conn,
        /// The seat's secret it gave, if any.
        token: Option<Token>,
        /// A new secret for a seat taken now.
        fresh: Token,
        /// The name it gave.
        name: String,
    },
    /// The connection closed.
    Gone {
        /// The connection.
        conn: Conn,
    },
    /// The connection proposes its game's action number `seq`.
    Act {
        /// The connection.
        conn: Conn,
        /// The action's number in the game, from 1.
        seq: u32,
        /// The action, as written.
        action: String,
    },
    /// The connection's player resigns.
    Resign {
        /// The connection.
        conn: Conn,
    },
    /// The connection's player claims the game from an opponent who left.
    Claim {
        /// The connection.
        conn: Conn,
    },
    /// Time passed: the turn clock may run out.
    Tick,
}

/// A seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Seat {
    /// Its secret, once taken.
    token: Option<Token>,
    /// The player's name.
    name: String,
    /// The connection playing it now.
    conn: Option<Conn>,
    /// Its turns in a row that the clock passed while it was away.
    missed: u8,
}

impl Seat {
    fn view(&self) -> SeatView {
        SeatView {
            name: self.name.clone(),
            presence: match (self.token, self.conn) {
                (None, _) => Presence::Empty,
                (Some(_), Some(_)) => Presence::Connected,
                (Some(_), None) => Presence::Away,
            },
            missed: self.missed,
        }
    }
}

/// A game room.
#[derive(Clone, Debug)]
pub struct Room {
    id: String,
    setup: RoomSetup,
    game: Game,
    /// Who played each action of the game.
    sides: Vec<Side>,
    seats: [Seat; 2],
    watchers: BTreeSet<Conn>,
    /// When the current turn started (its clock runs from there), once both seats are taken.
    turn_started: Option<u64>,
    /// The side that resigned, if one did.
    resigned: Option<Side>,
    /// Whether it left rather than resigned (the opponent claimed the game).
    left: bool,
}

impl Room {
    /// A new room `id` for `setup`, its creator seated on `side` under `token` and `name`.
    pub fn new(id: &str, setup: RoomSetup, side: Side, token: Token, name: &str) -> Room {
        let mut seats = [Seat::default(), Seat::default()];
        seats[side.index()] = Seat {
            token: Some(token),
            name: clean_name(name),
            conn: None,
            missed: 0,
        };
        Room {
            id: id.to_string(),
            setup,
            game: Game::new(setup.game),
            sides: Vec::new(),
            seats,
            watchers: BTreeSet::new(),
            turn_started: None,
            resigned: None,
            left: false,
        }
    }

    /// The room as it was kept: its seats (token and name), its actions with the time of the
    /// last one, and the side that resigned (and whether it left), replayed; `None` if the
    /// actions do not replay.
    pub fn restore(
        id: &str,
        setup: RoomSetup,
        seats: [Option<(Token, String)>; 2],
        actions: &[Action],
        last_at: Option<u64>,
        resigned: Option<(Side, bool)>,
    ) -> Option<Room> {
        let mut game = Game::new(setup.game);
        let mut sides = Vec::with_capacity(actions.len());
        for &action in actions {
            sides.push(game.state().to_act()?);
            game.apply(action).ok()?;
        }
        let seats = seats.map(|seat| match seat {
            Some((token, name)) => Seat {
                token: Some(token),
                name,
                conn: None,
                missed: 0,
            },
            None => Seat::default(),
        });
        let both = seats.iter().all(|s| s.token.is_some());
        Some(Room {
            id: id.to_string(),
            setup,
            game,
            sides,
            seats,
            watchers: BTreeSet::new(),
            // The turn's clock goes on from the last action kept (docs/SERVER.md).
            turn_started: both.then_some(last_at.unwrap_or(0)),
            resigned: resigned.map(|(side, _)| side),
            left: resigned.is_some_and(|(_, left)| left),
        })
    }

    /// The room's name.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The room's setup.
    pub fn setup(&self) -> RoomSetup {
        self.setup
    }

    /// Whether the game is over: by the rules, or by a resignation.
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.status().is_over()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// Whether nobody is connected to the room.
    pub fn is_empty(&self) -> bool {
        self.watchers.is_empty() && self.seats.iter().all(|s| s.conn.is_none())
    }

    /// Handles `event`, which happened at `now` (milliseconds, from any fixed start).
    pub fn handle(&mut self, event: Event, now: u64) -> Output {
        let mut out = Output::default();
        match event {
            Event::Hello {
                conn,
                token,
                fresh,
                name,
            } => self.hello(conn, token, fresh, &name, now, &mut out),
            Event::Gone { conn } => self.gone(conn, &mut out),
            Event::Act { conn, seq, action } => self.act(conn, seq, &action, now, &mut out),
            Event::Resign { conn } => self.resign(conn, now, &mut out),
            Event::Claim { conn } => self.claim(conn, now, &mut out),
            Event::Tick => self.tick(now, &mut out),
        }
        out
    }

    fn hello(
        &mut self,
        conn: Conn,
        token: Option<Token>,
        fresh: Token,
        name: &str,
        now: u64,
        out: &mut Output,
    ) {
        let side = match token {
            Some(token) => {
                let Some(side) = Side::BOTH
                    .into_iter()
                    .find(|s| self.seats[s.index()].token == Some(token))
                else {
                    out.sends.push((
                        conn,
                        ServerMessage::Error {
                            error: ProtocolError::Stranger,
                        },
                    ));
                    out.close.push(conn);
                    return;
                };
                // The same seat from a new connection (a reload, another device): the old
                // one is closed.
                let seat = &mut self.seats[side.index()];
                // Back: nobody may claim the game from this player now.
                seat.missed = 0;
                if let Some(old) = seat.conn.replace(conn)
                    && old != conn
                {
                    out.close.push(old);
                }
                Some(side)
            }
            None => match Side::BOTH
                .into_iter()
                .find(|s| self.seats[s.index()].token.is_none())
            {
                // The invitation's seat: taken once, by the first who comes.
                Some(side) => {
                    let name = clean_name(name);
                    self.seats[side.index()] = Seat {
                        token: Some(fresh),
                        name: name.clone(),
                        conn: Some(conn),
                        missed: 0,
                    };
                    out.stored.push(Stored::Seat {
                        side,
                        token: fresh,
                        name,
                    });
                    // Both seats are taken: the game and its clock start.
                    self.turn_started.get_or_insert(now);
                    Some(side)
                }
                None => {
                    self.watchers.insert(conn);
                    None
                }
            },
        };
        out.sends.push((
            conn,
            ServerMessage::Welcome {
                room: self.id.clone(),
                game: self.setup.game,
                side,
                token: side.and_then(|s| self.seats[s.index()].token.map(Token::text)),
                seats: [self.seats[0].view(), self.seats[1].view()],
                actions: self.game.actions().map(|a| a.to_string()).collect(),
                clock: self.setup.clock,
                turn_ms: self.turn_started.map_or(0, |t| now.saturating_sub(t)),
                resigned: self.resigned,
                left: self.left,
            },
        ));
        if let Some(side) = side {
            self.tell_seat(side, Some(conn), out);
        }
    }

    fn gone(&mut self, conn: Conn, out: &mut Output) {
        self.watchers.remove(&conn);
        if let Some(side) = self.seat_of(conn) {
            self.seats[side.index()].conn = None;
            self.tell_seat(side, None, out);
        }
    }

    fn act(&mut self, conn: Conn, seq: u32, text: &str, now: u64, out: &mut Output) {
        let reject = |out: &mut Output, reason| {
            out.sends
                .push((conn, ServerMessage::Rejected { seq, reason }));
        };
        let Some(side) = self.seat_of(conn) else {
            return reject(out, Rejection::NotSeated);
        };
        let Ok(action) = Action::parse(&text.trim().to_ascii_lowercase()) else {
            return reject(out, Rejection::Unreadable);
        };
        let played = self.game.len();
        let index = (seq as usize).wrapping_sub(1);
        // Sent again: acknowledged again if it is what this seat played under that number.
        if seq >= 1 && index < played {
            if self.game.action_list()[index] == action && self.sides[index] == side {
                out.sends.push((
                    conn,
                    ServerMessage::Applied {
                        seq,
                        action: action.to_string(),
                        side,
                    },
                ));
            } else {
                reject(out, Rejection::OutOfOrder);
            }
            return;
        }
        if index != played {
            return reject(out, Rejection::OutOfOrder);
        }
        if self.is_over() {
            return reject(out, Rejection::GameOver);
        }
        if self.seats.iter().any(|s| s.token.is_none()) {
            return reject(out, Rejection::Waiting);
        }
        if self.game.state().to_act() != Some(side) {
            return reject(out, Rejection::NotYourTurn);
        }
        // The clock's timeout is the room's to play, never a client's.
        if action == Action::Timeout {
            return reject(out, Rejection::Illegal);
        }
        if self.play(side, action, now, out).is_err() {
            reject(out, Rejection::Illegal);
        }
    }

    fn tick(&mut self, now: u64, out: &mut Output) {
        let (Some(seconds), Some(started)) = (self.setup.clock, self.turn_started) else {
            return;
        };
        let budget = u64::from(seconds) * 1000;
        if self.is_over() || now < started.saturating_add(budget) {
            return;
        }
        let Some(side) = self.game.state().to_act() else {
            return;
        };
        // The turn passes at the moment it ran out, so that a late tick does not give the
        // next turn less time.
        let deadline = started.saturating_add(budget);
        if self.play(side, Action::Timeout, deadline, out).is_ok() {
            self.turn_started = Some(deadline.max(now.saturating_sub(budget)));
            // A turn passed while its player is away counts towards a claim.
            if self.seats[side.index()].conn.is_none() {
                let seat = &mut self.seats[side.index()];
                seat.missed = seat.missed.saturating_add(1);
                self.tell_seat(side, None, out);
            }
        }
    }

    /// A seated player resigns a game that goes on (both seats taken): kept, then told to
    /// everyone. Anything else (a watcher, a game over or not started) changes nothing.
    fn resign(&mut self, conn: Conn, now: u64, out: &mut Output) {
        let Some(side) = self.seat_of(conn) else {
            return;
        };
        if self.is_over() || self.seats.iter().any(|s| s.token.is_none()) {
            return;
        }
        self.end(side, false, now, out);
    }

    /// A seated player claims the game from an opponent who is away and whose clock has
    /// passed [`CLAIM_AFTER`] turns in a row: the opponent loses, as having left. Anything
    /// else changes nothing (the player may also wait).
    fn claim(&mut self, conn: Conn, now: u64, out: &mut Output) {
        let Some(side) = self.seat_of(conn) else {
            return;
        };
        let other = &self.seats[side.other().index()];
        if self.is_over() || other.conn.is_some() || other.missed < CLAIM_AFTER {
            return;
        }
        self.end(side.other(), true, now, out);
    }

    /// `side` loses by resigning, or by leaving: kept, then told to everyone.
    fn end(&mut self, side: Side, left: bool, now: u64, out: &mut Output) {
        self.resigned = Some(side);
        self.left = left;
        out.stored.push(Stored::Resigned {
            side,
            at: now,
            left,
        });
        for conn in self.connections() {
            out.sends
                .push((conn, ServerMessage::Resigned { side, left }));
        }
    }

    /// Applies `action` for `side` at `now`: stores it, then tells everyone in the room.
    fn play(&mut self, side: Side, action: Action, now: u64, out: &mut Output) -> Result<(), ()> {
        let effects = self.game.apply(action).map_err(|_| ())?;
        if action != Action::Timeout && self.seats[side.index()].missed > 0 {
            self.seats[side.index()].missed = 0;
            self.tell_seat(side, None, out);
        }
        self.sides.push(side);
        let seq = self.game.len() as u32;
        out.stored.push(Stored::Action {
            seq,
            action,
            at: now,
        });
        if effects.turn_over {
            self.turn_started = Some(now);
        }
        let message = ServerMessage::Applied {
            seq,
            action: action.to_string(),
            side,
        };
        for conn in self.connections() {
            out.sends.push((conn, message.clone()));
        }
        Ok(())
    }

    /// Tells everyone but `except` how `side`'s seat stands now.
    fn tell_seat(&self, side: Side, except: Option<Conn>, out: &mut Output) {
        let message = ServerMessage::Seat {
            side,
            seat: self.seats[side.index()].view(),
        };
        for conn in self.connections().filter(|&c| Some(c) != except) {
            out.sends.push((conn, message.clone()));
        }
    }

    /// The side whose seat `conn` plays.
    fn seat_of(&self, conn: Conn) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()].conn == Some(conn))
    }

    /// Every connection in the room: the seats', then the watchers'.
    fn connections(&self) -> impl Iterator<Item = Conn> + '_ {
        self.seats
            .iter()
            .filter_map(|s| s.conn)
            .chain(self.watchers.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: Token = Token(1);
    const GUEST: Token = Token(2);

    fn room(clock: Option<u32>) -> Room {
        let setup = RoomSetup {
            game: GameId::Wudao,
            clock,
        };
        Room::new("r1", setup, Side::Black, HOST, "Ann")
    }

    fn hello(conn: Conn, token: Option<Token>, fresh: Token) -> Event {
        Event::Hello {
            conn,
            token,
            fresh,
            name: format!("p{conn}"),
        }
    }

    fn act(conn: Conn, seq: u32, action: &str) -> Event {
        Event::Act {
            conn,
            seq,
            action: action.into(),
        }
    }

    fn applied_to(out: &Output, conn: Conn) -> Vec<(u32, String)> {
        out.sends
            .iter()
            .filter_map(|(c, m)| match m {
                ServerMessage::Applied { seq, action, .. } if *c == conn => {
                    Some((*seq, action.clone()))
                }
                _ => None,
            })
            .collect()
    }

    fn rejected(out: &Output) -> Option<Rejection> {
        out.sends.iter().find_map(|(_, m)| match m {
            ServerMessage::Rejected { reason, .. } => Some(*reason),
            _ => None,
        })
    }

    #[test]
    fn the_invitation_seats_one_guest_and_a_third_watches() {
        let mut r = room(None);
        let out = r.handle(hello(1, Some(HOST), Token(99)), 0);
        assert!(matches!(
            &out.sends[0].1,
            ServerMessage::Welcome { side: Some(Side::Black), seats, .. }
                if seats[1].presence == Presence::Empty
        ));
        let out = r.handle(hello(2, None, GUEST), 10);
        assert_eq!(
            out.stored,
            [Stored::Seat {
                side: Side::White,
                token: GUEST,
                name: "p2".into()
            }]
        );
        // The host hears that the guest came.
        assert!(out.sends.iter().any(|(c, m)| *c == 1
            && matches!(m, ServerMessage::Seat { side: Side::White, seat } if seat.presence == Presence::Connected)));
        let out = r.handle(hello(3, None, Token(3)), 20);
        assert!(out.stored.is_empty());
        assert!(matches!(
            &out.sends[0].1,
            ServerMessage::Welcome {
                side: None,
                token: None,
                ..
            }
        ));
        assert_eq!(
            rejected(&r.handle(act(3, 1, "c3"), 30)),
            Some(Rejection::NotSeated)
        );
        // A token that holds no seat is refused and its connection closed.
        let out = r.handle(hello(4, Some(Token(77)), Token(4)), 40);
        assert_eq!(out.close, [4]);
        assert!(matches!(
            out.sends[0].1,
            ServerMessage::Error {
                error: ProtocolError::Stranger
            }
        ));
    }

    #[test]
    fn a_seated_player_resigns_once_and_the_game_is_over_for_everyone() {
        let mut r = room(Some(60));
        r.handle(hello(1, Some(HOST), Token(99)), 0);
        // Not before the friend comes.
        assert_eq!(r.handle(Event::Resign { conn: 1 }, 5), Output::default());
        r.handle(hello(2, None, GUEST), 10);
        r.handle(hello(3, None, Token(3)), 20);
        // A watcher cannot resign for anyone.
        assert_eq!(r.handle(Event::Resign { conn: 3 }, 25), Output::default());
        r.handle(act(1, 1, "c3"), 30);
        let out = r.handle(Event::Resign { conn: 2 }, 40);
        assert_eq!(
            out.stored,
            [Stored::Resigned {
                side: Side::White,
                at: 40,
                left: false
            }]
        );
        for conn in [1, 2, 3] {
            assert!(
                out.sends.contains(&(
                    conn,
                    ServerMessage::Resigned {
                        side: Side::White,
                        left: false
                    }
                )),
                "{conn}"
            );
        }
        assert!(r.is_over());
        // Nothing more: no second resignation, no action, no clock.
        assert_eq!(r.handle(Event::Resign { conn: 1 }, 50), Output::default());
        assert_eq!(
            rejected(&r.handle(act(2, 2, "b2"), 60)),
            Some(Rejection::GameOver)
        );
        assert!(r.handle(Event::Tick, 1_000_000).stored.is_empty());
        // A comer is told.
        let out = r.handle(hello(4, Some(HOST), Token(4)), 70);
        assert!(matches!(
            &out.sends[0].1,
            ServerMessage::Welcome {
                resigned: Some(Side::White),
                ..
            }
        ));
    }

    #[test]
    fn a_game_may_be_claimed_once_an_away_player_has_missed_two_turns_in_a_row() {
        let mut r = room(Some(30));
        r.handle(hello(1, Some(HOST), Token(99)), 0);
        r.handle(hello(2, None, GUEST), 0);
        r.handle(act(1, 1, "c3"), 1_000);
        // White leaves; its clock passes one turn: too early to claim.
        r.handle(Event::Gone { conn: 2 }, 2_000);
        let out = r.handle(Event::Tick, 31_000);
        assert!(out.sends.iter().any(|(c, m)| *c == 1
            && matches!(m, ServerMessage::Seat { side: Side::White, seat } if seat.missed == 1)));
        assert_eq!(
            r.handle(Event::Claim { conn: 1 }, 31_500),
            Output::default()
        );
        // Black plays on; White's clock passes a second turn: now Black may claim.
        r.handle(act(1, 3, "b2"), 32_000);
        r.handle(Event::Tick, 62_000);
        let out = r.handle(Event::Claim { conn: 1 }, 63_000);
        assert_eq!(
            out.stored,
            [Stored::Resigned {
                side: Side::White,
                at: 63_000,
                left: true
            }]
        );
        assert!(out.sends.contains(&(
            1,
            ServerMessage::Resigned {
                side: Side::White,
                left: true
            }
        )));
        assert!(r.is_over());
        // Back, White hears how the game ended.
        let out = r.handle(hello(3, Some(GUEST), Token(5)), 64_000);
        assert!(matches!(
            &out.sends[0].1,
            ServerMessage::Welcome {
                resigned: Some(Side::White),
                left: true,
                ..
            }
        ));
    }

    #[test]
    fn a_player_back_in_time_cannot_be_claimed_from() {
        let mut r = room(Some(30));
        r.handle(hello(1, Some(HOST), Token(99)), 0);
        r.handle(hello(2, None, GUEST), 0);
        r.handle(act(1, 1, "c3"), 0);
        r.handle(Event::Gone { conn: 2 }, 0);
        r.handle(Event::Tick, 30_000);
        r.handle(act(1, 3, "b2"), 30_000);
        r.handle(Event::Tick, 60_000);
        // White comes back before Black claims: the count starts again.
        r.handle(hello(3, Some(GUEST), Token(5)), 61_000);
        assert_eq!(
            r.handle(Event::Claim { conn: 1 }, 62_000),
            Output::default()
        );
        assert!(!r.is_over());
    }

    #[test]
    fn actions_are_checked_stored_then_told_to_everyone_once() {
        let mut r = room(None);
        r.handle(hello(1, Some(HOST), Token(9)), 0);
        assert_eq!(
            rejected(&r.handle(act(1, 1, "c3"), 1)),
            Some(Rejection::Waiting)
        );
        r.handle(hello(2, None, GUEST), 2);
        r.handle(hello(3, None, Token(3)), 3);
        assert_eq!(
            rejected(&r.handle(act(2, 1, "c3"), 4)),
            Some(Rejection::NotYourTurn)
        );
        assert_eq!(
            rejected(&r.handle(act(1, 2, "c3"), 4)),
            Some(Rejection::OutOfOrder)
        );
        assert_eq!(
            rejected(&r.handle(act(1, 1, "z9"), 4)),
            Some(Rejection::Unreadable)
        );
        assert_eq!(
            rejected(&r.handle(act(1, 1, "timeout"), 4)),
            Some(Rejection::Illegal)
        );
        let out = r.handle(act(1, 1, "C3"), 5);
        assert_eq!(
            out.stored,
            [Stored::Action {
                seq: 1,
                action: Action::parse("c3").expect("an action"),
                at: 5
            }]
        );
        for conn in [1, 2, 3] {
            assert_eq!(applied_to(&out, conn), [(1, "c3".to_string())], "to {conn}");
        }
        assert_eq!(
            rejected(&r.handle(act(2, 2, "c3"), 6)),
            Some(Rejection::Illegal)
        );
        // Sent again after a reconnection: acknowledged to the sender alone, not applied.
        let out = r.handle(act(1, 1, "c3"), 7);
        assert!(out.stored.is_empty());
        assert_eq!(applied_to(&out, 1), [(1, "c3".to_string())]);
        assert!(applied_to(&out, 2).is_empty());
        assert_eq!(r.game().len(), 1);
        // Not what this seat played under that number.
        assert_eq!(
            rejected(&r.handle(act(2, 1, "c3"), 8)),
            Some(Rejection::OutOfOrder)
        );
    }

    #[test]
    fn a_seat_comes_back_with_its_token_and_the_others_are_told() {
        let mut r = room(None);
        r.handle(hello(1, Some(HOST), Token(9)), 0);
        r.handle(hello(2, None, GUEST), 0);
        r.handle(act(1, 1, "c3"), 1);
        let out = r.handle(Event::Gone { conn: 2 }, 2);
        assert!(out.sends.iter().any(|(c, m)| *c == 1
            && matches!(m, ServerMessage::Seat { seat, .. } if seat.presence == Presence::Away)));
        let out = r.handle(hello(5, Some(GUEST), Token(55)), 3);
        match &out.sends[0].1 {
            ServerMessage::Welcome {
                side,
                token,
                actions,
                ..
            } => {
                assert_eq!(*side, Some(Side::White));
                assert_eq!(token.as_deref(), Some(GUEST.text().as_str()));
                assert_eq!(actions, &["c3"]);
            }
            other => panic!("{other:?}"),
        }
        // The same seat from yet another connection: the older one is closed.
        let out = r.handle(hello(6, Some(GUEST), Token(66)), 4);
        assert_eq!(out.close, [5]);
        assert_eq!(applied_to(&r.handle(act(6, 2, "b2"), 5), 1).len(), 1);
    }

    #[test]
    fn the_clock_passes_the_turn_from_the_moment_it_ran_out() {
        let mut r = room(Some(60));
        r.handle(hello(1, Some(HOST), Token(9)), 0);
        r.handle(hello(2, None, GUEST), 1_000);
        assert!(r.handle(Event::Tick, 60_999).stored.is_empty());
        let out = r.handle(Event::Tick, 61_000);
        assert_eq!(
            out.stored,
            [Stored::Action {
                seq: 1,
                action: Action::Timeout,
                at: 61_000
            }]
        );
        assert_eq!(r.game().state().to_act(), Some(Side::White));
        // White's turn runs from 61 s, however late the tick that saw Black's run out.
        assert!(r.handle(Event::Tick, 120_999).stored.is_empty());
        assert_eq!(r.handle(Event::Tick, 121_000).stored.len(), 1);
        // Without a clock, time passes and nothing happens.
        let mut r = room(None);
        r.handle(hello(2, None, GUEST), 0);
        assert!(r.handle(Event::Tick, 10_000_000).stored.is_empty());
    }

    #[test]
    fn a_kept_room_replays_and_goes_on() {
        let actions: Vec<Action> = ["c3", "b2"]
            .iter()
            .map(|a| Action::parse(a).expect("an action"))
            .collect();
        let setup = RoomSetup {
            game: GameId::Wudao,
            clock: Some(30),
        };
        let seats = [Some((HOST, "Ann".into())), Some((GUEST, "Bo".into()))];
        let mut r = Room::restore("r1", setup, seats.clone(), &actions, Some(5_000), None)
            .expect("replays");
        assert_eq!(r.game().len(), 2);
        r.handle(hello(1, Some(HOST), Token(9)), 6_000);
        assert_eq!(
            applied_to(&r.handle(act(1, 3, "d4"), 7_000), 1),
            [(3, "d4".to_string())]
        );
        let bad = [Action::parse("c3").expect("an action"); 2];
        assert!(Room::restore("r1", setup, seats, &bad, None, None).is_none());
    }
}
