//! Where the server keeps its rooms: one small trait, and SQLite behind it (one file in the
//! data folder, in WAL mode). An action is written here before anyone is told of it, so a
//! crash loses nothing that was acknowledged.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use crate::online::protocol::Token;
use crate::online::room::{Room, RoomSetup, Stored};
use crate::rules::{Action, GameId, Side};

/// What went wrong with the store, in words.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(String);

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// A room as it is kept.
#[derive(Clone, Debug)]
pub struct KeptRoom {
    /// The room's name.
    pub id: String,
    /// Its game and clock.
    pub setup: RoomSetup,
    /// Black's and White's seats: token and name.
    pub seats: [Option<(Token, String)>; 2],
    /// Its actions, in order.
    pub actions: Vec<Action>,
    /// When the last action was applied (milliseconds since 1970).
    pub last_at: Option<u64>,
    /// The side that resigned, if one did, and whether it left rather than resigned.
    pub resigned: Option<(Side, bool)>,
}

impl KeptRoom {
    /// The room, replayed; `None` if its actions do not replay.
    pub fn room(&self) -> Option<Room> {
        Room::restore(
            &self.id,
            self.setup,
            self.seats.clone(),
            &self.actions,
            self.last_at,
            self.resigned,
        )
    }
}

/// Where rooms are kept.
pub trait RoomStore: Send {
    /// Keeps a new room.
    fn create(&mut self, id: &str, setup: RoomSetup, created: u64) -> Result<(), StoreError>;
    /// Keeps what a room asked to keep.
    fn save(&mut self, room: &str, stored: &[Stored]) -> Result<(), StoreError>;
    /// Every room kept, with its seats and actions.
    fn rooms(&self) -> Result<Vec<KeptRoom>, StoreError>;
}

/// The rooms in one SQLite file.
pub struct SqliteStore {
    db: Connection,
}

impl SqliteStore {
    /// Opens (or makes) the store in `file`.
    pub fn open(file: &Path) -> Result<SqliteStore, StoreError> {
        let db = Connection::open(file)?;
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS rooms (
                 id TEXT PRIMARY KEY, game TEXT NOT NULL, clock INTEGER, created INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS seats (
                 room TEXT NOT NULL, side TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL,
                 PRIMARY KEY (room, side));
             CREATE TABLE IF NOT EXISTS actions (
                 room TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL,
                 PRIMARY KEY (room, seq));
             CREATE TABLE IF NOT EXISTS endings (
                 room TEXT PRIMARY KEY, side TEXT NOT NULL, left INTEGER NOT NULL,
                 at INTEGER NOT NULL);",
        )?;
        Ok(SqliteStore { db })
    }
}

fn side_text(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

impl RoomStore for SqliteStore {
    fn create(&mut self, id: &str, setup: RoomSetup, created: u64) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO rooms (id, game, clock, created) VALUES (?1, ?2, ?3, ?4)",
            params![id, setup.game.id(), setup.clock, created as i64],
        )?;
        Ok(())
    }

    fn save(&mut self, room: &str, stored: &[Stored]) -> Result<(), StoreError> {
        if stored.is_empty() {
            return Ok(());
        }
        let tx = self.db.transaction()?;
        for item in stored {
            match item {
                Stored::Seat { side, token, name } => {
                    tx.execute(
                        "INSERT OR REPLACE INTO seats (room, side, token, name) VALUES (?1, ?2, ?3, ?4)",
                        params![room, side_text(*side), token.text(), name],
                    )?;
                }
                Stored::Action { seq, action, at } => {
                    tx.execute(
                        "INSERT INTO actions (room, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
                        params![room, seq, action.to_string(), *at as i64],
                    )?;
                }
                Stored::Resigned { side, at, left } => {
                    tx.execute(
                        "INSERT INTO endings (room, side, left, at) VALUES (?1, ?2, ?3, ?4)",
                        params![room, side_text(*side), *left, *at as i64],
                    )?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn rooms(&self) -> Result<Vec<KeptRoom>, StoreError> {
        let mut rooms = Vec::new();
        let mut query = self
            .db
            .prepare("SELECT id, game, clock FROM rooms ORDER BY created")?;
        let rows = query.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, Option<u32>>(2)?,
            ))
        })?;
        for row in rows {
            let (id, game, clock) = row?;
            let Some(game) = GameId::parse(&game) else {
                continue;
            };
            let mut seats = [None, None];
            for side in Side::BOTH {
                let seat: Option<(String, String)> = self
                    .db
                    .query_row(
                        "SELECT token, name FROM seats WHERE room = ?1 AND side = ?2",
                        params![id, side_text(side)],
                        |row| Ok((row.get(0)?, row.get(1)?)),
                    )
                    .optional()?;
                seats[side.index()] =
                    seat.and_then(|(token, name)| Token::parse(&token).map(|t| (t, name)));
            }
            let mut actions = Vec::new();
            let mut last_at = None;
            let mut query = self
                .db
                .prepare("SELECT action, at FROM actions WHERE room = ?1 ORDER BY seq")?;
            let rows = query.query_map(params![id], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })?;
            for row in rows {
                let (text, at) = row?;
                let Ok(action) = Action::parse(&text) else {
                    break;
                };
                actions.push(action);
                last_at = Some(at.max(0) as u64);
            }
            let ending: Option<(String, bool)> = self
                .db
                .query_row(
                    "SELECT side, left FROM endings WHERE room = ?1",
                    params![id],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?;
            let resigned = ending.and_then(|(side, left)| {
                Side::BOTH
                    .into_iter()
                    .find(|s| side_text(*s) == side)
                    .map(|side| (side, left))
            });
            rooms.push(KeptRoom {
                id,
                setup: RoomSetup { game, clock },
                seats,
                actions,
                last_at,
                resigned,
            });
        }
        Ok(rooms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_kept_comes_back_as_it_was() {
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join("rooms.sqlite3");
        let setup = RoomSetup {
            game: GameId::Wudao,
            clock: Some(60),
        };
        {
            let mut store = SqliteStore::open(&file).expect("opens");
            store.create("abcd", setup, 1).expect("created");
            let c3 = Action::parse("c3").expect("an action");
            store
                .save(
                    "abcd",
                    &[
                        Stored::Seat {
                            side: Side::Black,
                            token: Token(5),
                            name: "Ann".into(),
                        },
                        Stored::Action {
                            seq: 1,
                            action: c3,
                            at: 77,
                        },
                    ],
                )
                .expect("saved");
            // The same number twice is refused: nothing is applied twice.
            assert!(
                store
                    .save(
                        "abcd",
                        &[Stored::Action {
                            seq: 1,
                            action: c3,
                            at: 78
                        }]
                    )
                    .is_err()
            );
        }
        let store = SqliteStore::open(&file).expect("opens again");
        let rooms = store.rooms().expect("read");
        assert_eq!(rooms.len(), 1);
        let kept = &rooms[0];
        assert_eq!(kept.setup, setup);
        assert_eq!(kept.seats[0], Some((Token(5), "Ann".to_string())));
        assert_eq!(kept.seats[1], None);
        assert_eq!(kept.actions.len(), 1);
        assert_eq!(kept.last_at, Some(77));
        assert_eq!(kept.room().expect("replays").game().len(), 1);
        assert_eq!(kept.resigned, None);
        // A resignation is kept too.
        let mut store = store;
        store
            .save(
                "abcd",
                &[Stored::Resigned {
                    side: Side::White,
                    at: 90,
                    left: true,
                }],
            )
            .expect("saved");
        let rooms = store.rooms().expect("read");
        assert_eq!(rooms[0].resigned, Some((Side::White, true)));
        assert!(rooms[0].room().expect("replays").is_over());
    }
}
