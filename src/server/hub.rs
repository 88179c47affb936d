//! The rooms in play and the connections in them: every event goes through here, is handed to
//! its room, what the room asks to keep is written to the store, and only then are its
//! messages queued for the connections.

use std::collections::HashMap;

use tokio::sync::mpsc::UnboundedSender;

use super::store::{RoomStore, StoreError};
use crate::online::protocol::{ProtocolError, ServerMessage, Token};
use crate::online::room::{Conn, Event, Room, RoomSetup};
use crate::rules::Side;

/// What a connection's writer is given: a frame to send, or the word to close.
#[derive(Debug)]
pub enum Outgoing {
    /// A text frame.
    Frame(String),
    /// Close the connection.
    Close,
}

/// The rooms and the connections.
pub struct Hub {
    store: Box<dyn RoomStore>,
    rooms: HashMap<String, Room>,
    /// Each connection's room (once it said hello) and its writer.
    conns: HashMap<Conn, (Option<String>, UnboundedSender<Outgoing>)>,
    next_conn: Conn,
}

impl Hub {
    /// The hub over `store`, with every room it keeps.
    pub fn open(store: Box<dyn RoomStore>) -> Result<Hub, StoreError> {
        let mut rooms = HashMap::new();
        for kept in store.rooms()? {
            if let Some(room) = kept.room() {
                rooms.insert(kept.id.clone(), room);
            }
        }
        Ok(Hub {
            store,
            rooms,
            conns: HashMap::new(),
            next_conn: 1,
        })
    }

    /// How many rooms there are.
    pub fn room_count(&self) -> usize {
        self.rooms.len()
    }

    /// Makes a room `id` for `setup` with its creator seated on `side`; returns the seat's
    /// token.
    pub fn create(
        &mut self,
        id: &str,
        setup: RoomSetup,
        side: Side,
        token: Token,
        name: &str,
        now: u64,
    ) -> Result<(), StoreError> {
        let room = Room::new(id, setup, side, token, name);
        self.store.create(id, setup, now)?;
        self.store.save(
            id,
            &[crate::online::room::Stored::Seat {
                side,
                token,
                name: crate::online::protocol::clean_name(name),
            }],
        )?;
        self.rooms.insert(id.to_string(), room);
        Ok(())
    }

    /// Whether a room of this name exists.
    pub fn has_room(&self, id: &str) -> bool {
        self.rooms.contains_key(id)
    }

    /// A new connection, writing through `writer`.
    pub fn connect(&mut self, writer: UnboundedSender<Outgoing>) -> Conn {
        let conn = self.next_conn;
        self.next_conn += 1;
        self.conns.insert(conn, (None, writer));
        conn
    }

    /// The connection said hello to `room`.
    pub fn join(&mut self, conn: Conn, room: &str, event: Event, now: u64) {
        if !self.rooms.contains_key(room) {
            self.fail(conn, ProtocolError::NoRoom);
            return;
        }
        if let Some(entry) = self.conns.get_mut(&conn) {
            entry.0 = Some(room.to_string());
        }
        self.handle(room, event, now);
    }

    /// Hands `event` to the connection's room.
    pub fn event(&mut self, conn: Conn, event: Event, now: u64) {
        if let Some(room) = self.conns.get(&conn).and_then(|(r, _)| r.clone()) {
            self.handle(&room, event, now);
        }
    }

    /// The connection closed.
    pub fn disconnect(&mut self, conn: Conn, now: u64) {
        if let Some((Some(room), _)) = self.conns.remove(&conn) {
            self.handle(&room, Event::Gone { conn }, now);
        }
    }

    /// Tells the connection what was wrong and closes it.
    pub fn fail(&mut self, conn: Conn, error: ProtocolError) {
        if let Some((_, writer)) = self.conns.get(&conn) {
            let _ = writer.send(Outgoing::Frame(ServerMessage::Error { error }.frame()));
            let _ = writer.send(Outgoing::Close);
        }
    }

    /// Time passed: every room with a clock may pass a turn.
    pub fn tick(&mut self, now: u64) {
        let ids: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, r)| r.setup().clock.is_some() && !r.is_over())
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            self.handle(&id, Event::Tick, now);
        }
    }

    fn handle(&mut self, id: &str, event: Event, now: u64) {
        let Some(room) = self.rooms.get_mut(id) else {
            return;
        };
        let out = room.handle(event, now);
        // Kept first: nobody hears of what a crash could lose.
        if let Err(e) = self.store.save(id, &out.stored) {
            eprintln!(
                "sanqi serve: room {id} could not be saved ({e}); its players are disconnected"
            );
            // The room in memory is ahead of the store: it is read again from the store.
            let closing: Vec<Conn> = self
                .conns
                .iter()
                .filter(|(_, (r, _))| r.as_deref() == Some(id))
                .map(|(c, _)| *c)
                .collect();
            for conn in closing {
                if let Some((_, writer)) = self.conns.get(&conn) {
                    let _ = writer.send(Outgoing::Close);
                }
            }
            self.reload(id);
            return;
        }
        for (conn, message) in out.sends {
            if let Some((_, writer)) = self.conns.get(&conn) {
                let _ = writer.send(Outgoing::Frame(message.frame()));
            }
        }
        for conn in out.close {
            if let Some((_, writer)) = self.conns.get(&conn) {
                let _ = writer.send(Outgoing::Close);
            }
        }
    }

    /// Reads room `id` again from the store.
    fn reload(&mut self, id: &str) {
        let kept = self.store.rooms().ok().and_then(|rooms| {
            rooms
                .into_iter()
                .find(|r| r.id == id)
                .and_then(|r| r.room())
        });
        match kept {
            Some(room) => {
                self.rooms.insert(id.to_string(), room);
            }
            None => {
                self.rooms.remove(id);
            }
        }
    }
}
