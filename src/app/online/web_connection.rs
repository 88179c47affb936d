//! The WebSocket to the server in the browser: the page's own `WebSocket`, whose events are
//! queued for the app (and wake it) as they come.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

use super::NetEvent;

type Queue = Rc<RefCell<VecDeque<NetEvent>>>;

/// A connection to the server, open or opening; closed when dropped.
pub struct Connection {
    socket: Option<WebSocket>,
    queue: Queue,
    _handlers: Vec<Closure<dyn FnMut(JsEvent)>>,
}

/// What the page hands a handler.
type JsEvent = wasm_bindgen::JsValue;

impl Connection {
    /// Opens a connection to `url` (`ws://` or `wss://…/api/ws`); `notify` wakes the app when
    /// something comes.
    pub fn open(url: &str, notify: Arc<dyn Fn() + Send + Sync>) -> Connection {
        let queue: Queue = Rc::new(RefCell::new(VecDeque::new()));
        let socket = match WebSocket::new(url) {
            Ok(socket) => socket,
            Err(e) => {
                let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                queue.borrow_mut().push_back(NetEvent::Closed(why));
                return Connection {
                    socket: None,
                    queue,
                    _handlers: Vec::new(),
                };
            }
        };
        let handler = |make: fn(JsEvent) -> Option<NetEvent>| {
            let queue = queue.clone();
            let notify = notify.clone();
            Closure::wrap(Box::new(move |event: JsEvent| {
                if let Some(e) = make(event) {
                    queue.borrow_mut().push_back(e);
                    notify();
                }
            }) as Box<dyn FnMut(JsEvent)>)
        };
        let on_open = handler(|_| Some(NetEvent::Open));
        let on_message = handler(|event| {
            let text = event.dyn_into::<MessageEvent>().ok()?.data().as_string()?;
            Some(NetEvent::Frame(text))
        });
        let on_close = handler(|event| {
            let reason = event
                .dyn_into::<CloseEvent>()
                .map(|e| e.reason())
                .unwrap_or_default();
            Some(NetEvent::Closed(reason))
        });
        // An error is followed by the close, which says it.
        let on_error = handler(|event| {
            let _ = event.dyn_into::<Event>();
            None
        });
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        socket.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Connection {
            socket: Some(socket),
            queue,
            _handlers: vec![on_open, on_message, on_close, on_error],
        }
    }

    /// Sends a text frame (dropped if the connection is not open: the client sends again).
    pub fn send(&self, frame: String) {
        if let Some(socket) = &self.socket
            && socket.ready_state() == WebSocket::OPEN
        {
            let _ = socket.send_with_str(&frame);
        }
    }

    /// What came, if anything.
    pub fn poll(&self) -> Option<NetEvent> {
        self.queue.borrow_mut().pop_front()
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(socket) = &self.socket {
            socket.set_onopen(None);
            socket.set_onmessage(None);
            socket.set_onclose(None);
            socket.set_onerror(None);
            let _ = socket.close();
        }
    }
}
