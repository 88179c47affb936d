//! `sanqi serve` as a real process on 127.0.0.1, in a folder of its own: two clients make a
//! room and play a game to its end over real WebSockets; the server is killed (SIGKILL) in the
//! middle and started again, and both go on from the same position with their tokens; a
//! stranger's token is refused and a third comer watches; bad frames of every kind are
//! answered and closed without bringing the server down.

#[path = "common/server.rs"]
mod server;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use sanqi::online::protocol::{ClientMessage, PROTOCOL_VERSION, ProtocolError, ServerMessage};
use sanqi::rules::{Action, Game, GameId, Side};
use server::start;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// An HTTP request to the server: its status and body.
fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(port: u16) -> Socket {
    let (socket, _) =
        tungstenite::connect(format!("ws://127.0.0.1:{port}/api/ws")).expect("a WebSocket");
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a timeout");
    }
    socket
}

fn send(socket: &mut Socket, message: &ClientMessage) {
    socket.send(Message::text(message.frame())).expect("sent");
}

/// The next message from the server (`None` once it closed the connection).
fn receive(socket: &mut Socket) -> Option<ServerMessage> {
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                return Some(ServerMessage::parse(&text).expect("a server message"));
            }
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

fn hello(room: &str, token: Option<&str>, name: &str) -> ClientMessage {
    ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        room: room.to_string(),
        token: token.map(str::to_string),
        name: name.to_string(),
    }
}

/// A player: its socket, side, token and the game as it was told.
struct Player {
    socket: Socket,
    side: Side,
    token: String,
    game: Game,
}

/// Says hello and reads the welcome.
fn join(port: u16, room: &str, token: Option<&str>, name: &str) -> Player {
    let mut socket = connect(port);
    send(&mut socket, &hello(room, token, name));
    match receive(&mut socket) {
        Some(ServerMessage::Welcome {
            side: Some(side),
            token: Some(token),
            actions,
            game,
            ..
        }) => {
            let mut replica = Game::new(game);
            for a in actions {
                replica
                    .apply(Action::parse(&a).expect("an action"))
                    .expect("legal");
            }
            Player {
                socket,
                side,
                token,
                game: replica,
            }
        }
        other => panic!("no seat: {other:?}"),
    }
}

/// Reads `player`'s messages until action number `seq` has come.
fn wait_for(player: &mut Player, seq: u32) {
    while (player.game.len() as u32) < seq {
        match receive(&mut player.socket) {
            Some(ServerMessage::Applied { seq: n, action, .. }) => {
                if n as usize == player.game.len() + 1 {
                    player
                        .game
                        .apply(Action::parse(&action).expect("an action"))
                        .expect("legal");
                }
            }
            Some(ServerMessage::Seat { .. }) => {}
            other => panic!("unexpected: {other:?}"),
        }
    }
}

/// Plays `turns` actions (or to the end): each side picks its first legal action.
fn play(players: &mut [Player; 2], turns: usize) {
    for _ in 0..turns {
        let game = &players[0].game;
        if game.status().is_over() {
            return;
        }
        let side = game.state().to_act().expect("a side to act");
        let mover = players.iter().position(|p| p.side == side).expect("seated");
        let action = players[mover].game.state().legal_vec()[0];
        let seq = players[mover].game.len() as u32 + 1;
        send(
            &mut players[mover].socket,
            &ClientMessage::Act {
                seq,
                action: action.to_string(),
            },
        );
        for p in players.iter_mut() {
            wait_for(p, seq);
        }
    }
}

#[test]
fn two_clients_play_through_a_server_that_is_killed_and_started_again() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut server = start(dir.path());
    assert_eq!(
        http(server.port, "GET", "/health", ""),
        (200, "ok".to_string())
    );
    let (status, body) = http(
        server.port,
        "POST",
        "/api/rooms",
        r#"{"game":"wudao","side":"black","name":"Ann"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let room = answer["room"].as_str().expect("a room").to_string();
    let token = answer["token"].as_str().expect("a token").to_string();
    assert_eq!(answer["side"], "black");
    let host = join(server.port, &room, Some(&token), "Ann");
    assert_eq!(host.side, Side::Black);
    let guest = join(server.port, &room, None, "Bo");
    assert_eq!(guest.side, Side::White);
    let mut players = [host, guest];
    play(&mut players, 10);
    assert_eq!(players[0].game.len(), 10);
    // A third who opens the link watches; a token that holds no seat is refused.
    let mut watcher = connect(server.port);
    send(&mut watcher, &hello(&room, None, "Cy"));
    assert!(matches!(
        receive(&mut watcher),
        Some(ServerMessage::Welcome {
            side: None,
            token: None,
            ..
        })
    ));
    let mut stranger = connect(server.port);
    send(&mut stranger, &hello(&room, Some(&"f".repeat(32)), "Eve"));
    assert_eq!(
        receive(&mut stranger),
        Some(ServerMessage::Error {
            error: ProtocolError::Stranger
        })
    );
    // Killed in the middle of the game, and started again on the same folder.
    server.child.kill().expect("killed");
    server.child.wait().expect("gone");
    let server = start(dir.path());
    let tokens = players.each_ref().map(|p| p.token.clone());
    let mut players = [
        join(server.port, &room, Some(&tokens[0]), "Ann"),
        join(server.port, &room, Some(&tokens[1]), "Bo"),
    ];
    for p in &players {
        assert_eq!(p.game.len(), 10, "the game goes on where it was");
    }
    play(&mut players, 200);
    assert!(players[0].game.status().is_over(), "played to its end");
    assert_eq!(players[0].game.action_list(), players[1].game.action_list());
    assert_eq!(players[0].game.id(), GameId::Wudao);
}

#[test]
fn bad_frames_are_answered_and_closed_and_the_server_goes_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let server = start(dir.path());
    let frames: Vec<Message> = vec![
        Message::text("not json"),
        Message::text("{}"),
        Message::text(r#"{"type":"act","seq":1,"action":"c3"}"#),
        Message::text(r#"{"type":"hello","version":99,"room":"x"}"#),
        Message::text(r#"{"type":"hello","version":1,"room":"nosuchroom"}"#),
        Message::text(r#"{"type":"hello","version":1,"room":"x","token":"zz"}"#),
        Message::text("x".repeat(3000)),
        Message::binary(vec![0u8, 159, 146, 150]),
        Message::text(r#"{"type":"create","version":1,"game":"wudao","clock":45}"#),
        Message::text(r#"{"type":"create","version":2,"game":"wudao"}"#),
    ];
    let expected = [
        ProtocolError::Malformed,
        ProtocolError::Malformed,
        ProtocolError::Sequence,
        ProtocolError::Version,
        ProtocolError::NoRoom,
        ProtocolError::Stranger,
        ProtocolError::TooLarge,
        ProtocolError::Malformed,
        ProtocolError::Setup,
        ProtocolError::Version,
    ];
    for round in 0..40 {
        for (frame, error) in frames.iter().zip(expected) {
            let mut socket = connect(server.port);
            socket.send(frame.clone()).expect("sent");
            match receive(&mut socket) {
                Some(ServerMessage::Error { error: said }) => {
                    assert_eq!(said, error, "round {round}, {frame:?}");
                }
                // A frame past the socket's own limit is cut off by it.
                None if error == ProtocolError::TooLarge => {}
                other => panic!("{frame:?}: {other:?}"),
            }
            assert_eq!(receive(&mut socket), None, "closed after {frame:?}");
        }
    }
    // Still serving, and a room still plays.
    assert_eq!(
        http(server.port, "GET", "/health", ""),
        (200, "ok".to_string())
    );
    let (status, _) = http(server.port, "POST", "/api/rooms", r#"{"game":"chess"}"#);
    assert_eq!(status, 400);
    let (status, body) = http(server.port, "POST", "/api/rooms", r#"{"game":"flying"}"#);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_room_made_over_the_socket_seats_its_maker_and_then_the_friend() {
    let dir = tempfile::tempdir().expect("a folder");
    let server = start(dir.path());
    let mut maker = connect(server.port);
    send(
        &mut maker,
        &ClientMessage::Create {
            version: PROTOCOL_VERSION,
            game: GameId::Flying,
            side: Some(Side::White),
            clock: Some(30),
            name: "Ann".into(),
        },
    );
    let (room, token) = match receive(&mut maker) {
        Some(ServerMessage::Welcome {
            room,
            game: GameId::Flying,
            side: Some(Side::White),
            token: Some(token),
            seats,
            actions,
            clock: Some(30),
            ..
        }) => {
            assert_eq!(seats[1].name, "Ann");
            assert!(actions.is_empty());
            (room, token)
        }
        other => panic!("no room: {other:?}"),
    };
    assert_eq!(room.len(), 8);
    // A second frame that makes a room is out of sequence.
    send(
        &mut maker,
        &ClientMessage::Create {
            version: PROTOCOL_VERSION,
            game: GameId::Wudao,
            side: None,
            clock: None,
            name: String::new(),
        },
    );
    assert_eq!(
        receive(&mut maker),
        Some(ServerMessage::Error {
            error: ProtocolError::Sequence
        })
    );
    // The friend takes the other seat; the maker comes back with its token.
    let friend = join(server.port, &room, None, "Bo");
    assert_eq!(friend.side, Side::Black);
    let back = join(server.port, &room, Some(&token), "");
    assert_eq!(back.side, Side::White);
    assert_eq!(back.token, token);
}
