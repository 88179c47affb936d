//! The players' client (`online::client`) against the game room, without a network: two
//! clients connect, drop (losing what was in flight), come back, play (also while offline),
//! and the clock runs, in any order. However it goes, once both are back every client shows
//! the room's game, nothing it played is lost or applied twice, and its own actions show at
//! once.

use proptest::prelude::*;
use sanqi::online::client::{Client, Entry, Update};
use sanqi::online::protocol::{ClientMessage, Token};
use sanqi::online::room::{Conn, Event, Output, Room, RoomSetup};
use sanqi::rules::{Game, GameId, Side};

const ROOM: &str = "k3xq9m2a";

struct World {
    room: Room,
    clients: [Client; 2],
    /// Each client's connection, while connected.
    conns: [Option<Conn>; 2],
    next_conn: Conn,
    now: u64,
    /// Frames on their way to the room, with the connection they came on.
    to_room: Vec<(Conn, ClientMessage)>,
    /// Frames on their way to each client.
    to_client: [Vec<String>; 2],
}

impl World {
    fn new(game: GameId, clock: Option<u32>) -> World {
        let maker = Token(7);
        let room = Room::new(ROOM, RoomSetup { game, clock }, Side::Black, maker, "Ann");
        let join = || Entry::Join {
            room: ROOM.to_string(),
        };
        World {
            room,
            clients: [
                Client::new(join(), "Ann", Some(maker)),
                Client::new(join(), "Bo", None),
            ],
            conns: [None, None],
            next_conn: 1,
            now: 0,
            to_room: Vec::new(),
            to_client: [Vec::new(), Vec::new()],
        }
    }

    fn index_of(&self, conn: Conn) -> Option<usize> {
        self.conns.iter().position(|&c| c == Some(conn))
    }

    fn take(&mut self, out: Output) {
        for (conn, message) in out.sends {
            if let Some(i) = self.index_of(conn) {
                self.to_client[i].push(message.frame());
            }
        }
        for conn in out.close {
            if let Some(i) = self.index_of(conn) {
                self.drop_connection(i);
            }
        }
    }

    fn connect(&mut self, i: usize) {
        if self.conns[i].is_some() {
            return;
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        self.conns[i] = Some(conn);
        let hello = self.clients[i].hello();
        self.to_room.push((conn, hello));
    }

    /// The connection drops: what was in flight either way is lost.
    fn drop_connection(&mut self, i: usize) {
        if let Some(conn) = self.conns[i].take() {
            self.to_room.retain(|(c, _)| *c != conn);
            self.to_client[i].clear();
            let out = self.room.handle(Event::Gone { conn }, self.now);
            self.take(out);
        }
    }

    /// Client `i` plays its `pick`-th legal action, if it is its turn on what it shows.
    fn play(&mut self, i: usize, pick: usize) {
        let client = &mut self.clients[i];
        let before = client.position().len();
        let legal = client.position().state().legal_vec();
        if legal.is_empty() {
            return;
        }
        let action = legal[pick % legal.len()];
        if let Some(frame) = client.act(action) {
            // Shown at once.
            assert_eq!(client.position().len(), before + 1);
            if let Some(conn) = self.conns[i] {
                self.to_room.push((conn, frame));
            }
        }
    }

    /// Delivers everything in flight until nothing is.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            if let Some((conn, message)) =
                (!self.to_room.is_empty()).then(|| self.to_room.remove(0))
            {
                let event = match message {
                    ClientMessage::Hello { token, name, .. } => Event::Hello {
                        conn,
                        token: token.as_deref().and_then(Token::parse),
                        fresh: Token(100 + conn as u128),
                        name,
                    },
                    ClientMessage::Act { seq, action } => Event::Act { conn, seq, action },
                    ClientMessage::Create { .. } => panic!("the room is made already"),
                    ClientMessage::Resign {} => Event::Resign { conn },
                    ClientMessage::Claim {} => Event::Claim { conn },
                };
                let out = self.room.handle(event, self.now);
                self.take(out);
                continue;
            }
            let Some(i) = (0..2).find(|&i| !self.to_client[i].is_empty()) else {
                return;
            };
            let frame = self.to_client[i].remove(0);
            let (update, send) = self.clients[i].receive(&frame);
            assert!(
                !matches!(update, Update::Lost | Update::Failed(_)),
                "{update:?} from {frame}"
            );
            if let Some(conn) = self.conns[i] {
                for message in send {
                    self.to_room.push((conn, message));
                }
            }
        }
        panic!("the frames never settle");
    }

    fn tick(&mut self, ms: u64) {
        self.now += ms;
        let out = self.room.handle(Event::Tick, self.now);
        self.take(out);
    }

    /// Both back, everything delivered: everyone shows the room's game.
    fn check(&mut self) {
        self.connect(0);
        self.connect(1);
        self.settle();
        let room: Vec<_> = self.room.game().action_list();
        for (i, client) in self.clients.iter().enumerate() {
            assert_eq!(client.confirmed().action_list(), room, "client {i}");
            assert_eq!(client.position().action_list(), room, "client {i}");
            assert!(!client.waiting_for_server(), "client {i}");
        }
    }
}

#[derive(Clone, Debug)]
enum Step {
    Connect(usize),
    Drop(usize),
    Play(usize, usize),
    Settle,
    Tick(u64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => (0..2usize).prop_map(Step::Connect),
        1 => (0..2usize).prop_map(Step::Drop),
        4 => (0..2usize, 0..64usize).prop_map(|(i, p)| Step::Play(i, p)),
        2 => Just(Step::Settle),
        1 => (0..90_000u64).prop_map(Step::Tick),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_order_of_drops_and_actions_leaves_both_clients_with_the_room_s_game(
        steps in prop::collection::vec(step(), 1..120),
        game in 0..3usize,
        clock in prop::option::of(Just(60u32)),
    ) {
        let mut world = World::new(GameId::ALL[game], clock);
        for step in steps {
            match step {
                Step::Connect(i) => world.connect(i),
                Step::Drop(i) => world.drop_connection(i),
                Step::Play(i, pick) => world.play(i, pick),
                Step::Settle => world.settle(),
                Step::Tick(ms) => world.tick(ms),
            }
        }
        world.check();
    }
}

#[test]
fn an_action_played_offline_goes_with_the_next_welcome_and_counts_once() {
    let mut world = World::new(GameId::Wudao, None);
    world.connect(0);
    world.connect(1);
    world.settle();
    assert_eq!(world.clients[1].side(), Some(Side::White));
    // Black plays offline: shown at once, sent after the reconnection.
    world.drop_connection(0);
    world.play(0, 0);
    assert!(world.clients[0].waiting_for_server());
    assert_eq!(world.room.game().len(), 0);
    world.connect(0);
    world.settle();
    assert_eq!(world.room.game().len(), 1);
    assert_eq!(world.clients[1].position().len(), 1);
    // The answer is lost on the way: sent again, acknowledged again, applied once.
    world.play(1, 3);
    world.to_client[1].clear();
    assert!(world.clients[1].waiting_for_server());
    world.drop_connection(1);
    world.check();
    assert_eq!(world.room.game().len(), 2);
}

#[test]
fn the_clock_overtaking_an_action_drops_it_and_shows_the_room_s_game() {
    let mut world = World::new(GameId::Neihuang, Some(30));
    world.connect(0);
    world.connect(1);
    world.settle();
    // Black acts while the room passes its turn: the timeout wins, the action is dropped.
    world.play(0, 0);
    world.to_room.clear();
    world.tick(30_000);
    world.settle();
    let client: &Client = &world.clients[0];
    assert!(!client.waiting_for_server());
    let timeout = Game::new(GameId::Neihuang);
    assert_eq!(client.position().len(), timeout.len() + 1);
    assert_eq!(
        client.position().action_list(),
        world.room.game().action_list()
    );
    assert_eq!(client.position().state().to_act(), Some(Side::White));
}

#[test]
fn a_friend_gone_for_two_turns_of_the_clock_can_be_claimed_from() {
    let mut world = World::new(GameId::Wudao, Some(30));
    world.connect(0);
    world.connect(1);
    world.settle();
    world.play(0, 0);
    world.settle();
    // White's app closes; the clock passes its turn once: nothing to claim yet.
    world.drop_connection(1);
    world.tick(30_000);
    world.settle();
    assert!(!world.clients[0].can_claim());
    world.play(0, 0);
    world.settle();
    world.tick(30_000);
    world.settle();
    let claim = world.clients[0].claim().expect("Black may claim");
    let conn = world.conns[0].expect("connected");
    world.to_room.push((conn, claim));
    world.settle();
    assert_eq!(world.clients[0].resigned(), Some(Side::White));
    assert!(world.clients[0].left());
    assert!(world.room.is_over());
    // White, back, is told how it ended.
    world.connect(1);
    world.settle();
    assert_eq!(world.clients[1].resigned(), Some(Side::White));
    assert!(world.clients[1].left());
    assert!(!world.clients[1].my_turn());
}
