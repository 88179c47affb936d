//! The app's side of online play: the player's [`Client`] over a WebSocket to the server (a
//! thread's on the desktop, the page's in the browser), connected again by itself after a
//! drop, with the invitation to send a friend. The game on the screen follows the client's
//! position ([`crate::app::session::Session::follow_online`]).

#[cfg(not(target_arch = "wasm32"))]
mod connection;
#[cfg(target_arch = "wasm32")]
mod web_connection;

#[cfg(not(target_arch = "wasm32"))]
use connection::Connection;
#[cfg(target_arch = "wasm32")]
use web_connection::Connection;

use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use crate::app::clock::TimeSource;
use crate::online::client::{Client, Entry, Update};
use crate::online::protocol::{ProtocolError, Token};
use crate::rules::Action;

/// What a connection reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// It is open: the first frame may go.
    Open,
    /// A text frame from the server.
    Frame(String),
    /// It closed, or could not open (and why, if known).
    Closed(String),
}

/// How the connection to the server stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Connecting (for the first time, or again after a drop).
    Connecting,
    /// Connected, and the room's welcome has come.
    Connected,
    /// Lost: trying again in a moment (`attempt` tries so far), after `why`.
    Reconnecting {
        /// Tries since the connection was last up.
        attempt: u32,
        /// What went wrong, as the system said it.
        why: String,
    },
    /// The server refused the connection: no point trying again.
    Refused(ProtocolError),
}

/// The server the desktop app reaches unless another is typed: `sanqi serve` as it starts
/// with no options, on this computer.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// The longest wait between two tries to connect again.
const MOST_WAIT: Duration = Duration::from_secs(10);

/// Why a server address cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAddress(pub String);

/// The WebSocket address of the server at `address` (`http://host:port`, `https://host`, or
/// `host:port`): `ws://host:port/api/ws`, `wss://host/api/ws`.
pub fn socket_url(address: &str) -> Result<String, BadAddress> {
    let base = page_base(address)?;
    let (scheme, rest) = base.split_once("://").unwrap_or(("http", &base));
    let ws = if scheme == "https" { "wss" } else { "ws" };
    Ok(format!("{ws}://{rest}/api/ws"))
}

/// The server's page at `address`, as an invitation starts: `http://host:port`, without a
/// path or a trailing `/`.
pub fn page_base(address: &str) -> Result<String, BadAddress> {
    let text = address.trim();
    let bad = || BadAddress(text.to_string());
    let (scheme, rest) = match text.split_once("://") {
        Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
        None => ("http".to_string(), text),
    };
    if scheme != "http" && scheme != "https" {
        return Err(bad());
    }
    let host = rest.split(['/', '#', '?']).next().unwrap_or_default();
    let fine = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    if !fine {
        return Err(bad());
    }
    Ok(format!("{scheme}://{host}"))
}

/// A room's name as it is read aloud or typed: two groups of four, `k3xq 9m2a`.
pub fn spoken_code(room: &str) -> String {
    if room.len() == 8 && room.is_ascii() {
        format!("{} {}", &room[..4], &room[4..])
    } else {
        room.to_string()
    }
}

/// A room's name from what a person typed (any case, spaces or dashes between the groups),
/// if it can be one.
pub fn typed_code(text: &str) -> Option<String> {
    let code: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase();
    (code.len() == 8 && code.chars().all(|c| c.is_ascii_alphanumeric())).then_some(code)
}

/// An online game's connection and client.
pub struct OnlinePlay {
    client: Client,
    url: String,
    base: String,
    connection: Option<Connection>,
    state: LinkState,
    /// When to try to connect again.
    retry_at: Option<Instant>,
    attempts: u32,
    time: TimeSource,
    notify: Arc<dyn Fn() + Send + Sync>,
    /// Whether the seat is kept in the person's storage (for a reload or a restart).
    kept: bool,
}

impl OnlinePlay {
    /// Connects to the server at `address` and enters as `entry` under `name` (with the
    /// seat's `token` from before, if any).
    pub fn start(
        entry: Entry,
        address: &str,
        name: &str,
        token: Option<Token>,
        time: TimeSource,
        notify: Arc<dyn Fn() + Send + Sync>,
    ) -> Result<OnlinePlay, BadAddress> {
        let url = socket_url(address)?;
        let base = page_base(address)?;
        let mut play = OnlinePlay {
            client: Client::new(entry, name, token),
            url,
            base,
            connection: None,
            state: LinkState::Connecting,
            retry_at: None,
            attempts: 0,
            time,
            notify,
            kept: false,
        };
        play.connect();
        Ok(play)
    }

    fn connect(&mut self) {
        self.retry_at = None;
        self.connection = Some(Connection::open(&self.url, self.notify.clone()));
    }

    /// Reads what came from the server and connects again when it is time: what changed.
    pub fn poll(&mut self) -> Vec<Update> {
        let mut updates = Vec::new();
        if let Some(at) = self.retry_at
            && (self.time)() >= at
        {
            self.connect();
        }
        while let Some(event) = self.connection.as_ref().and_then(Connection::poll) {
            match event {
                NetEvent::Open => {
                    let hello = self.client.hello();
                    self.send(hello.frame());
                }
                NetEvent::Frame(frame) => {
                    let (update, sends) = self.client.receive(&frame);
                    for message in sends {
                        self.send(message.frame());
                    }
                    match &update {
                        Update::Welcomed => {
                            self.state = LinkState::Connected;
                            self.attempts = 0;
                        }
                        Update::Failed(error) => {
                            self.state = LinkState::Refused(*error);
                            self.connection = None;
                        }
                        // The server's word is read again from a fresh welcome.
                        Update::Lost => self.lost(String::new()),
                        _ => {}
                    }
                    updates.push(update);
                }
                NetEvent::Closed(why) => {
                    if !matches!(self.state, LinkState::Refused(_)) {
                        self.lost(why);
                    }
                }
            }
        }
        updates
    }

    /// The connection is gone: try again after a wait that grows with each try.
    fn lost(&mut self, why: String) {
        self.connection = None;
        self.attempts += 1;
        let wait = Duration::from_millis(500 << self.attempts.min(5)).min(MOST_WAIT);
        self.retry_at = Some((self.time)() + wait);
        self.state = LinkState::Reconnecting {
            attempt: self.attempts,
            why,
        };
    }

    /// Tries to connect again now (the person asked).
    pub fn retry_now(&mut self) {
        if !matches!(self.state, LinkState::Refused(_)) {
            self.connect();
        }
    }

    fn send(&self, frame: String) {
        if let Some(connection) = &self.connection {
            connection.send(frame);
        }
    }

    /// Plays the person's `action`: shown at once, sent now if connected (else with the next
    /// welcome). Whether it was taken (the person's turn, and legal).
    pub fn act(&mut self, action: Action) -> bool {
        let Some(message) = self.client.act(action) else {
            return false;
        };
        if self.state == LinkState::Connected {
            self.send(message.frame());
        }
        true
    }

    /// Resigns the game (sent now if connected; else the person tries again once back).
    /// Whether it went.
    pub fn resign(&mut self) -> bool {
        let message = self.client.resign();
        self.send_now(message)
    }

    /// Claims the game from an opponent who left (sent if connected). Whether it went.
    pub fn claim(&mut self) -> bool {
        let message = self.client.claim();
        self.send_now(message)
    }

    /// Sends `message`, if there is one, while connected; whether it went.
    fn send_now(&self, message: Option<crate::online::protocol::ClientMessage>) -> bool {
        match message {
            Some(message) if self.state == LinkState::Connected => {
                self.send(message.frame());
                true
            }
            _ => false,
        }
    }

    /// The client: the position, the seats, the room.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// How the connection stands.
    pub fn state(&self) -> &LinkState {
        &self.state
    }

    /// How long until the next try to connect, if one is planned.
    pub fn next_try(&self) -> Option<Duration> {
        self.retry_at
            .map(|at| at.saturating_duration_since((self.time)()))
    }

    /// The invitation's link: the server's page with the room in its fragment.
    pub fn invitation(&self) -> Option<String> {
        self.client
            .room()
            .map(|room| format!("{}/#join:{room}", self.base))
    }

    /// The server's page.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Whether the seat is kept in the person's storage.
    pub fn is_kept(&self) -> bool {
        self.kept
    }

    /// Notes whether the seat is kept in the person's storage.
    pub fn set_kept(&mut self, kept: bool) {
        self.kept = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_become_the_socket_and_the_page() {
        assert_eq!(
            socket_url("http://127.0.0.1:8080/").as_deref(),
            Ok("ws://127.0.0.1:8080/api/ws")
        );
        assert_eq!(
            socket_url("HTTPS://sanqi.example.org/#join:abc").as_deref(),
            Ok("wss://sanqi.example.org/api/ws")
        );
        assert_eq!(
            page_base(" 192.168.1.20:8080 ").as_deref(),
            Ok("http://192.168.1.20:8080")
        );
        for bad in [
            "",
            "ftp://x",
            "http://",
            "http://a b",
            "javascript:alert(1)",
        ] {
            assert!(socket_url(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn codes_are_read_aloud_in_two_groups_and_typed_any_way() {
        assert_eq!(spoken_code("k3xq9m2a"), "k3xq 9m2a");
        assert_eq!(typed_code(" K3XQ-9m2a ").as_deref(), Some("k3xq9m2a"));
        assert_eq!(typed_code("k3xq 9m2"), None);
        assert_eq!(typed_code("k3xq 9m2a!"), None);
    }
}
