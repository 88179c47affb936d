//! `sanqi serve`: the game server for online play. It serves the web build and the game's
//! protocol (docs/SERVER.md) on one origin: `GET /health`, `POST /api/rooms` to make a room,
//! `GET /api/ws` for the WebSocket, and the files of the web build for everything else (their
//! `.br` or `.gz` copies when the browser accepts them). The rooms' logic is `online::room`;
//! here are the sockets, the clock, the random tokens and the store. Native only.

mod hub;
pub mod store;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Json, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use serde::{Deserialize, Serialize};

use hub::{Hub, Outgoing};
use store::SqliteStore;

use crate::online::protocol::{
    CLOCKS, ClientMessage, MAX_FRAME, PROTOCOL_VERSION, ProtocolError, Token,
};
use crate::online::room::{Event, RoomSetup};
use crate::rules::{GameId, Side};

/// The store's file in the data folder.
pub const STORE_FILE: &str = "online.sqlite3";

/// How `sanqi serve` runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where it listens.
    pub listen: SocketAddr,
    /// The folder it keeps its rooms in (nothing is written outside it).
    pub data: PathBuf,
    /// The web build it serves, if any.
    pub web: Option<PathBuf>,
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The data folder or the store.
    #[error("the rooms' store in {path} cannot be used: {reason}")]
    Store {
        /// The folder.
        path: String,
        /// Why.
        reason: String,
    },
    /// The address.
    #[error("cannot listen on {address}: {reason}")]
    Listen {
        /// The address.
        address: String,
        /// Why.
        reason: String,
    },
}

/// What the handlers share.
struct Shared {
    hub: Mutex<Hub>,
    web: Option<PathBuf>,
}

impl Shared {
    fn hub(&self) -> MutexGuard<'_, Hub> {
        // A panic elsewhere leaves the rooms as they were: go on with them.
        self.hub.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The time, in milliseconds since 1970: rooms kept across a restart go on with their clocks.
fn now() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Runs the server until it is stopped; says where it listens on `said` first.
pub fn serve(options: &ServeOptions, said: &mut dyn std::io::Write) -> Result<(), ServeError> {
    let store_error = |reason: String| ServeError::Store {
        path: options.data.display().to_string(),
        reason,
    };
    std::fs::create_dir_all(&options.data).map_err(|e| store_error(e.to_string()))?;
    let store = SqliteStore::open(&options.data.join(STORE_FILE))
        .map_err(|e| store_error(e.to_string()))?;
    let hub = Hub::open(Box::new(store)).map_err(|e| store_error(e.to_string()))?;
    let rooms = hub.room_count();
    let shared = Arc::new(Shared {
        hub: Mutex::new(hub),
        web: options.web.clone(),
    });
    let listen_error = |e: std::io::Error| ServeError::Listen {
        address: options.listen.to_string(),
        reason: e.to_string(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(listen_error)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(listen_error)?;
        let address = listener.local_addr().map_err(listen_error)?;
        let _ = writeln!(
            said,
            "sanqi serve: listening on http://{address}/ ({rooms} rooms kept in {})",
            options.data.join(STORE_FILE).display()
        );
        let _ = said.flush();
        let ticking = shared.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_millis(250));
            loop {
                interval.tick().await;
                ticking.hub().tick(now());
            }
        });
        let app = Router::new()
            .route("/health", get(|| async { "ok" }))
            .route("/api/rooms", post(create_room))
            .route("/api/ws", get(upgrade))
            .fallback(get(web_file))
            .with_state(shared);
        axum::serve(listener, app).await.map_err(listen_error)
    })
}

/// What `POST /api/rooms` is sent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    game: String,
    /// `black`, `white` or `random` (the default).
    #[serde(default)]
    side: Option<String>,
    /// 30, 60 or 120 seconds, or none for no clock.
    #[serde(default)]
    clock: Option<u32>,
    #[serde(default)]
    name: String,
}

/// What `POST /api/rooms` answers.
#[derive(Debug, Serialize)]
struct CreateAnswer {
    room: String,
    token: String,
    side: Side,
}

/// The letters of a room's name: easy to read aloud and to type, none mistaken for another.
const ROOM_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new room's name: 8 of [`ROOM_LETTERS`].
fn room_name() -> String {
    let mut rng = rand::rng();
    (0..8)
        .map(|_| ROOM_LETTERS[rng.random_range(0..ROOM_LETTERS.len())] as char)
        .collect()
}

async fn create_room(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<CreateRequest>,
) -> Response {
    let bad = |what: &str| (StatusCode::BAD_REQUEST, what.to_string()).into_response();
    let Some(game) = GameId::parse(&request.game) else {
        return bad("no such game");
    };
    if request.clock.is_some_and(|c| !CLOCKS.contains(&c)) {
        return bad("the clock is 30, 60 or 120 seconds, or none");
    }
    let side = match request.side.as_deref() {
        Some("black") => Some(Side::Black),
        Some("white") => Some(Side::White),
        None | Some("random") => None,
        Some(_) => return bad("the side is black, white or random"),
    };
    match new_room(&shared, game, side, request.clock, &request.name) {
        Ok((room, token, side)) => Json(CreateAnswer {
            room,
            token: token.text(),
            side,
        })
        .into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, e.to_string()).into_response(),
    }
}

/// Makes a room for `game` with its maker seated on `side` (none: drawn at random): its name,
/// the maker's token and side.
fn new_room(
    shared: &Shared,
    game: GameId,
    side: Option<Side>,
    clock: Option<u32>,
    name: &str,
) -> Result<(String, Token, Side), store::StoreError> {
    let mut rng = rand::rng();
    let side = side.unwrap_or(Side::BOTH[rng.random_range(0..2)]);
    let token = Token(rng.random());
    let setup = RoomSetup { game, clock };
    let mut hub = shared.hub();
    let mut room = room_name();
    while hub.has_room(&room) {
        room = room_name();
    }
    hub.create(&room, setup, side, token, name, now())?;
    Ok((room, token, side))
}

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    socket: WebSocketUpgrade,
) -> Response {
    // A page of another site may not open games here in its visitors' names.
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "another site's page").into_response();
    }
    socket
        .max_message_size(MAX_FRAME * 2)
        .max_frame_size(MAX_FRAME * 2)
        .on_upgrade(move |socket| connection(socket, shared))
}

/// Whether the request's `Origin` (sent by every browser) names the host it was sent to;
/// a request without one (not from a page) is let through.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host)
}

/// How many frames a connection may send in a burst, and how many a second after it.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 10.0;

async fn connection(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (writer, mut outgoing) = tokio::sync::mpsc::unbounded_channel();
    let conn = shared.hub().connect(writer);
    let writing = tokio::spawn(async move {
        while let Some(next) = outgoing.recv().await {
            match next {
                Outgoing::Frame(frame) => {
                    if sink.send(Message::Text(frame.into())).await.is_err() {
                        break;
                    }
                }
                Outgoing::Close => {
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
            }
        }
    });
    let mut welcomed = false;
    let mut allowance = BURST;
    let mut last = tokio::time::Instant::now();
    loop {
        // The first frame must come soon; later ones whenever the player acts.
        let next = if welcomed {
            stream.next().await
        } else {
            match tokio::time::timeout(Duration::from_secs(10), stream.next()).await {
                Ok(next) => next,
                Err(_) => {
                    shared.hub().fail(conn, ProtocolError::Sequence);
                    break;
                }
            }
        };
        let Some(Ok(message)) = next else {
            break;
        };
        let at = tokio::time::Instant::now();
        allowance = (allowance + at.duration_since(last).as_secs_f64() * PER_SECOND).min(BURST);
        last = at;
        if allowance < 1.0 {
            shared.hub().fail(conn, ProtocolError::TooFast);
            break;
        }
        allowance -= 1.0;
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                shared.hub().fail(conn, ProtocolError::Malformed);
                break;
            }
        };
        let failure = match ClientMessage::parse(text.as_str()) {
            Err(error) => Some(error),
            Ok(ClientMessage::Hello { .. }) if welcomed => Some(ProtocolError::Sequence),
            Ok(ClientMessage::Hello { version, .. }) if version != PROTOCOL_VERSION => {
                Some(ProtocolError::Version)
            }
            Ok(ClientMessage::Hello {
                room, token, name, ..
            }) => match token.as_deref().map(Token::parse) {
                Some(None) => Some(ProtocolError::Stranger),
                token => {
                    welcomed = true;
                    let fresh = Token(rand::rng().random());
                    let token = token.flatten();
                    let event = Event::Hello {
                        conn,
                        token,
                        fresh,
                        name,
                    };
                    shared.hub().join(conn, &room, event, now());
                    None
                }
            },
            Ok(ClientMessage::Create { .. }) if welcomed => Some(ProtocolError::Sequence),
            Ok(ClientMessage::Create { version, .. }) if version != PROTOCOL_VERSION => {
                Some(ProtocolError::Version)
            }
            Ok(ClientMessage::Create { clock: Some(c), .. }) if !CLOCKS.contains(&c) => {
                Some(ProtocolError::Setup)
            }
            Ok(ClientMessage::Create {
                game,
                side,
                clock,
                name,
                ..
            }) => match new_room(&shared, game, side, clock, &name) {
                Ok((room, token, _)) => {
                    // The maker is then seated as by a hello with the new seat's token.
                    welcomed = true;
                    let event = Event::Hello {
                        conn,
                        token: Some(token),
                        fresh: token,
                        name,
                    };
                    shared.hub().join(conn, &room, event, now());
                    None
                }
                Err(e) => {
                    eprintln!("sanqi serve: a room could not be made ({e})");
                    Some(ProtocolError::Unavailable)
                }
            },
            Ok(ClientMessage::Claim {}) if !welcomed => Some(ProtocolError::Sequence),
            Ok(ClientMessage::Claim {}) => {
                shared.hub().event(conn, Event::Claim { conn }, now());
                None
            }
            Ok(ClientMessage::Resign {}) if !welcomed => Some(ProtocolError::Sequence),
            Ok(ClientMessage::Resign {}) => {
                shared.hub().event(conn, Event::Resign { conn }, now());
                None
            }
            Ok(ClientMessage::Act { .. }) if !welcomed => Some(ProtocolError::Sequence),
            Ok(ClientMessage::Act { seq, action }) => {
                shared
                    .hub()
                    .event(conn, Event::Act { conn, seq, action }, now());
                None
            }
        };
        if let Some(error) = failure {
            shared.hub().fail(conn, error);
            break;
        }
    }
    shared.hub().disconnect(conn, now());
    let _ = writing.await;
}

async fn web_file(State(shared): State<Arc<Shared>>, uri: Uri, headers: HeaderMap) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "not found").into_response();
    let Some(root) = shared.web.as_deref() else {
        return not_found();
    };
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    // Only files of the web build: no way up, no hidden files.
    if path
        .split('/')
        .any(|part| part.is_empty() || part.starts_with('.'))
    {
        return not_found();
    }
    let file = root.join(path);
    let accepted = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|a| a.to_str().ok())
        .unwrap_or_default();
    let accepts = |coding: &str| {
        accepted
            .split(',')
            .any(|part| part.split(';').next().is_some_and(|c| c.trim() == coding))
    };
    for (coding, extension) in [("br", "br"), ("gzip", "gz")] {
        if accepts(coding) {
            let compressed = with_extension(&file, extension);
            if let Ok(bytes) = tokio::fs::read(&compressed).await {
                return file_response(&file, bytes, Some(coding));
            }
        }
    }
    match tokio::fs::read(&file).await {
        Ok(bytes) => file_response(&file, bytes, None),
        Err(_) => not_found(),
    }
}

/// `file` with `.extension` added to its name.
fn with_extension(file: &Path, extension: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".");
    name.push(extension);
    PathBuf::from(name)
}

fn file_response(file: &Path, bytes: Vec<u8>, coding: Option<&str>) -> Response {
    let kind = match file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
    {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "webmanifest" => "application/json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Some(coding) = coding.and_then(|c| HeaderValue::from_str(c).ok()) {
        headers.insert(header::CONTENT_ENCODING, coding);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_page_of_the_same_host_may_open_a_socket() {
        let headers = |origin: Option<&str>| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
            if let Some(o) = origin {
                h.insert(header::ORIGIN, HeaderValue::from_str(o).expect("a header"));
            }
            h
        };
        assert!(same_origin(&headers(None)));
        assert!(same_origin(&headers(Some("http://127.0.0.1:8080"))));
        assert!(!same_origin(&headers(Some("https://evil.example"))));
        assert!(!same_origin(&headers(Some("http://127.0.0.1:8081"))));
    }

    #[test]
    fn room_names_are_eight_letters_read_aloud_without_confusion() {
        let name = room_name();
        assert_eq!(name.len(), 8);
        assert!(name.bytes().all(|b| ROOM_LETTERS.contains(&b)));
        assert!(!name.contains(['0', 'o', '1', 'l', 'i']));
    }
}
