//! The game room without a network: two simulated clients connect, drop, come back, play
//! (also while offline, to resend later), resend what was not acknowledged, and let the clock
//! run, in any order. Whatever the order, every connected client sees the room's game, a
//! client back from an absence catches up at once, and no action is ever applied twice.

use proptest::prelude::*;
use sanqi::online::protocol::{ServerMessage, Token};
use sanqi::online::room::{Conn, Event, Output, Room, RoomSetup, Stored};
use sanqi::rules::{Action, Game, GameId, Side};

/// A client as the room's messages leave it.
struct Client {
    /// Its connection, while connected.
    conn: Option<Conn>,
    /// Its seat's secret, once welcomed (the host's from the start).
    token: Option<Token>,
    /// The game's actions as it knows them.
    view: Vec<String>,
    /// Actions it played that are not acknowledged yet: their number and text.
    pending: Vec<(u32, String)>,
    /// Whether its view was ever complete (a welcome reached it).
    welcomed: bool,
}

impl Client {
    fn new(token: Option<Token>) -> Client {
        Client {
            conn: None,
            token,
            view: Vec::new(),
            pending: Vec::new(),
            welcomed: false,
        }
    }

    /// The game as it knows it.
    fn game(&self, id: GameId) -> Game {
        let mut game = Game::new(id);
        for a in &self.view {
            game.apply(Action::parse(a).expect("the room sends actions"))
                .expect("the room sends legal actions");
        }
        game
    }
}

/// The whole world: the room, its clients, the time, and every action the room stored.
struct World {
    room: Room,
    clients: [Client; 2],
    sides: [Option<Side>; 2],
    now: u64,
    next_conn: Conn,
    stored: Vec<u32>,
}

const GAME: GameId = GameId::Wudao;

impl World {
    fn new(clock: Option<u32>) -> World {
        let setup = RoomSetup { game: GAME, clock };
        World {
            room: Room::new("room", setup, Side::Black, Token(1), "host"),
            clients: [Client::new(Some(Token(1))), Client::new(None)],
            sides: [None, None],
            now: 0,
            next_conn: 100,
            stored: Vec::new(),
        }
    }

    /// Hands `event` to the room and delivers what it says.
    fn send(&mut self, event: Event) {
        let out = self.room.handle(event, self.now);
        self.deliver(out);
    }

    fn deliver(&mut self, out: Output) {
        for stored in &out.stored {
            if let Stored::Action { seq, .. } = stored {
                // Each number once, in order: nothing is applied twice.
                assert_eq!(*seq as usize, self.stored.len() + 1, "stored out of order");
                self.stored.push(*seq);
            }
        }
        let mut resend = Vec::new();
        for (conn, message) in out.sends {
            let Some(i) = (0..2).find(|&i| self.clients[i].conn == Some(conn)) else {
                continue;
            };
            let client = &mut self.clients[i];
            match message {
                ServerMessage::Welcome {
                    side,
                    token,
                    actions,
                    ..
                } => {
                    client.view = actions;
                    client.welcomed = true;
                    if let Some(token) = token {
                        client.token = Token::parse(&token);
                    }
                    self.sides[i] = side;
                    // What was not acknowledged goes again.
                    resend.push(i);
                }
                ServerMessage::Applied { seq, action, .. } => {
                    let n = seq as usize;
                    if n <= client.view.len() {
                        assert_eq!(client.view[n - 1], action, "an action changed");
                    } else {
                        assert_eq!(n, client.view.len() + 1, "a gap in what a client was told");
                        client.view.push(action);
                    }
                    client.pending.retain(|(s, _)| *s != seq);
                }
                ServerMessage::Rejected { seq, .. } => {
                    client.pending.retain(|(s, _)| *s != seq);
                }
                ServerMessage::Seat { .. } => {}
                ServerMessage::Resigned { .. } => panic!("nobody resigns here"),
                ServerMessage::Error { error } => panic!("error to a client: {error:?}"),
            }
        }
        for conn in out.close {
            for client in &mut self.clients {
                if client.conn == Some(conn) {
                    client.conn = None;
                }
            }
        }
        for i in resend {
            let (conn, pending) = (self.clients[i].conn, self.clients[i].pending.clone());
            if let Some(conn) = conn {
                for (seq, action) in pending {
                    self.send(Event::Act { conn, seq, action });
                }
            }
        }
    }

    fn connect(&mut self, i: usize) {
        if self.clients[i].conn.is_some() {
            return;
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        self.clients[i].conn = Some(conn);
        let token = self.clients[i].token;
        self.send(Event::Hello {
            conn,
            token,
            fresh: Token(1000 + conn as u128),
            name: format!("c{i}"),
        });
    }

    fn drop_connection(&mut self, i: usize) {
        if let Some(conn) = self.clients[i].conn.take() {
            self.send(Event::Gone { conn });
        }
    }

    /// Client `i` plays its `pick`-th legal action if its view says it is its turn; online it
    /// sends it at once, offline it keeps it for its return.
    fn play(&mut self, i: usize, pick: usize) {
        let client = &self.clients[i];
        if !client.welcomed || !client.pending.is_empty() {
            return;
        }
        let game = client.game(GAME);
        if game.status().is_over() || game.state().to_act() != self.sides[i] {
            return;
        }
        let legal: Vec<Action> = game
            .state()
            .legal_vec()
            .into_iter()
            .filter(|a| *a != Action::Timeout)
            .collect();
        if legal.is_empty() {
            return;
        }
        let action = legal[pick % legal.len()].to_string();
        let seq = client.view.len() as u32 + 1;
        self.clients[i].pending.push((seq, action.clone()));
        if let Some(conn) = self.clients[i].conn {
            self.send(Event::Act { conn, seq, action });
        }
    }

    /// Client `i` sends again what was not acknowledged.
    fn resend(&mut self, i: usize) {
        if let Some(conn) = self.clients[i].conn {
            for (seq, action) in self.clients[i].pending.clone() {
                self.send(Event::Act { conn, seq, action });
            }
        }
    }

    /// Every connected client that was welcomed knows the room's whole game.
    fn check(&self) {
        let room: Vec<String> = self.room.game().actions().map(|a| a.to_string()).collect();
        for client in &self.clients {
            if client.conn.is_some() && client.welcomed {
                assert_eq!(client.view, room, "a connected client is behind");
            }
        }
        assert_eq!(self.stored.len(), room.len(), "stored and applied differ");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_order_of_connections_actions_and_resends_leaves_everyone_with_the_room_s_game(
        clock in prop::option::of(1u32..5),
        ops in prop::collection::vec((0u8..10, any::<u8>()), 0..300),
    ) {
        let mut world = World::new(clock);
        for (op, arg) in ops {
            let i = usize::from(arg % 2);
            match op {
                0 | 1 => world.connect(i),
                2 => world.drop_connection(i),
                3..=6 => world.play(i, usize::from(arg / 2)),
                7 => world.resend(i),
                8 => {
                    world.now += u64::from(arg) * 50;
                    world.send(Event::Tick);
                }
                _ => world.now += 10,
            }
            world.check();
        }
        // Both come back: both see the game the room holds.
        world.connect(0);
        world.connect(1);
        world.check();
        prop_assert!(world.clients.iter().all(|c| c.conn.is_some()));
    }
}

#[test]
fn a_game_is_played_to_its_end_through_the_room() {
    let mut world = World::new(None);
    world.connect(0);
    world.connect(1);
    let mut guard = 0;
    while !world.room.game().status().is_over() {
        world.play(0, guard * 7);
        world.play(1, guard * 5);
        world.check();
        guard += 1;
        assert!(guard < 2_000, "the game never ended");
    }
    assert_eq!(world.clients[0].view, world.clients[1].view);
    assert!(world.clients[0].game(GAME).status().is_over());
}
