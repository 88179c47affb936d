//! The WebSocket to the server on the desktop: a thread of its own connects, writes the
//! frames it is given and reads the server's, handing each to the app (and waking the window)
//! as it comes.

use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;

use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::NetEvent;

/// How long the thread waits for a frame before it looks for one to write.
const READ_WAIT: Duration = Duration::from_millis(40);
/// How long connecting may take.
const CONNECT_WAIT: Duration = Duration::from_secs(8);

/// A connection to the server, open or opening; closed when dropped.
pub struct Connection {
    outgoing: Sender<String>,
    incoming: Receiver<NetEvent>,
    stop: Arc<AtomicBool>,
}

impl Connection {
    /// Opens a connection to `url` (`ws://host:port/api/ws`); `notify` wakes the window when
    /// something comes.
    pub fn open(url: &str, notify: Arc<dyn Fn() + Send + Sync>) -> Connection {
        let (outgoing, to_write) = channel::<String>();
        let (tell, incoming) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let url = url.to_string();
        let stopping = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("sanqi-online".into())
            .spawn(move || {
                let event = run(&url, &to_write, &tell, &notify, &stopping);
                let _ = tell.send(event);
                notify();
            });
        if let Err(e) = spawned {
            let (tell, incoming) = channel();
            let _ = tell.send(NetEvent::Closed(e.to_string()));
            return Connection {
                outgoing,
                incoming,
                stop,
            };
        }
        Connection {
            outgoing,
            incoming,
            stop,
        }
    }

    /// Sends a text frame (dropped if the connection is gone: the client sends again).
    pub fn send(&self, frame: String) {
        let _ = self.outgoing.send(frame);
    }

    /// What came, if anything.
    pub fn poll(&self) -> Option<NetEvent> {
        match self.incoming.try_recv() {
            Ok(event) => Some(event),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(NetEvent::Closed(String::new())),
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The connection's life: connects, then reads and writes until it closes; returns how it
/// ended.
fn run(
    url: &str,
    to_write: &Receiver<String>,
    tell: &Sender<NetEvent>,
    notify: &Arc<dyn Fn() + Send + Sync>,
    stop: &AtomicBool,
) -> NetEvent {
    let mut socket = match connect(url) {
        Ok(socket) => socket,
        Err(why) => return NetEvent::Closed(why),
    };
    let _ = tell.send(NetEvent::Open);
    notify();
    loop {
        if stop.load(Ordering::Relaxed) {
            let _ = socket.close(None);
            let _ = socket.flush();
            return NetEvent::Closed(String::new());
        }
        loop {
            match to_write.try_recv() {
                Ok(frame) => {
                    if let Err(e) = socket.send(Message::text(frame)) {
                        return NetEvent::Closed(e.to_string());
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = socket.close(None);
                    return NetEvent::Closed(String::new());
                }
            }
        }
        match socket.read() {
            Ok(Message::Text(text)) => {
                let _ = tell.send(NetEvent::Frame(text.to_string()));
                notify();
            }
            Ok(Message::Close(_)) => return NetEvent::Closed(String::new()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => return NetEvent::Closed(e.to_string()),
        }
    }
}

/// Connects to `url` with a time limit, then reads with a short wait so that frames to write
/// go out promptly.
fn connect(url: &str) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
    let request = tungstenite::client::IntoClientRequest::into_client_request(url)
        .map_err(|e| e.to_string())?;
    let uri = request.uri();
    if uri.scheme_str() != Some("ws") {
        return Err(format!(
            "{url}: only ws:// addresses can be reached from here"
        ));
    }
    let host = uri.host().unwrap_or_default().to_string();
    let port = uri.port_u16().unwrap_or(80);
    let address = std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), port))
        .map_err(|e| e.to_string())?
        .next()
        .ok_or_else(|| format!("{host}: no such host"))?;
    let stream = TcpStream::connect_timeout(&address, CONNECT_WAIT).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(CONNECT_WAIT))
        .map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    let (socket, _) = tungstenite::client::client(request, MaybeTlsStream::Plain(stream))
        .map_err(|e| e.to_string())?;
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        stream
            .set_read_timeout(Some(READ_WAIT))
            .map_err(|e| e.to_string())?;
    }
    Ok(socket)
}
