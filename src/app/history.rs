//! The game history: every record in the records folder as the Records screen lists it (the
//! game, its date, players, result, length and final position), newest first.
//!
//! Reading a record means replaying it, so what the list shows of each file is kept in a cache
//! in the data folder (`history.json`), keyed by the file's name, size and time of change: a
//! long history lists at once, and only new or changed files are read, a few at a time
//! between frames ([`History::read_some`]). A file that cannot be read shows as such, in one
//! line, and never stops the others. The cache is only a copy of what the records say: one
//! that cannot be read is simply made again.
//!
//! Deleting a record can be undone: the file is first renamed aside to a hidden name in the
//! same folder (which the list does not show), and only removed once the undo is no longer
//! offered ([`History::purge_deleted`]). An undone file gets its old name back, or a
//! numbered one if another file took it meanwhile: nothing in the folder is replaced.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;
use web_time::{Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::storage::{StoreError, UtcTime, is_record_name, read_record_file, write_atomic};
use crate::files::{self, IoFailure, NewFileError, fs};
use crate::rules::records::{Player, Record};
use crate::rules::{Game, GameId, Point, Side};

/// The name of the cache file in the data folder.
pub const CACHE_FILE: &str = "history.json";
/// The version of the cache file this build writes and reads.
pub const CACHE_VERSION: u32 = 1;
/// The ending of the hidden name a deleted record waits under while its deletion can be
/// undone.
const DELETED_SUFFIX: &str = ".sanqi-deleted";

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Ending {
    /// `winner` won, by the rules or because the other side resigned.
    Won {
        /// The side that won.
        winner: Side,
        /// Whether the loser resigned.
        resigned: bool,
    },
    /// A draw.
    Drawn,
    /// The game was not finished.
    Unfinished,
}

/// What the list shows of one record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The game.
    pub game: GameId,
    /// When it was played, in UTC (ISO 8601, `2026-11-29T14:32:05Z`): as its record says,
    /// else when the file was last written.
    pub date: String,
    /// Who played Black, as the record says.
    pub black: Option<Player>,
    /// Who played White, as the record says.
    pub white: Option<Player>,
    /// How it ended.
    pub ending: Ending,
    /// The number of actions.
    pub actions: usize,
    /// The number of turns, as the move list numbers them.
    pub turns: usize,
    /// The final position, point by point from a1 to e5: `b`, `w` or `.`.
    pub board: String,
    /// The turn clock it was played with, as the record says (`60`, `off`).
    pub clock: Option<String>,
}

impl Summary {
    /// The summary of `record`, replayed as `game`; `written` is when its file was last
    /// written, the date when the record has none.
    pub fn of(record: &Record, game: &Game, written: SystemTime) -> Summary {
        let metadata = &record.metadata;
        let status = game.status();
        let ending = if let Some(winner) = status.winner() {
            Ending::Won {
                winner,
                resigned: false,
            }
        } else if status.is_over() {
            Ending::Drawn
        } else {
            match resigned_side(metadata.result.as_deref()) {
                Some(loser) => Ending::Won {
                    winner: loser.other(),
                    resigned: true,
                },
                None => Ending::Unfinished,
            }
        };
        let date = metadata
            .date
            .as_deref()
            .filter(|d| is_iso_date(d))
            .map_or_else(|| UtcTime::of(written).iso8601(), str::to_string);
        let state = game.state();
        let board = Point::ALL
            .iter()
            .map(|&p| match state.piece_at(p) {
                Some(Side::Black) => 'b',
                Some(Side::White) => 'w',
                None => '.',
            })
            .collect();
        Summary {
            game: game.id(),
            date,
            black: metadata.black.clone(),
            white: metadata.white.clone(),
            ending,
            actions: game.len(),
            turns: game.turns(),
            board,
            clock: metadata.clock.clone(),
        }
    }

    /// The piece on `p` in the final position.
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        match self.board.as_bytes().get(p.index()) {
            Some(b'b') => Some(Side::Black),
            Some(b'w') => Some(Side::White),
            _ => None,
        }
    }

    /// Who played the game, as the list's filter sorts them.
    pub fn opponents(&self) -> Opponents {
        let level = |p: &Option<Player>| p.as_ref().and_then(|p| p.level.clone());
        match (level(&self.black), level(&self.white)) {
            (Some(_), Some(_)) => Opponents::Watch,
            (Some(level), None) | (None, Some(level)) => Opponents::Computer(level),
            (None, None) if self.black.is_some() && self.white.is_some() => Opponents::Friends,
            (None, None) => Opponents::Unknown,
        }
    }

    /// The side a person played against the computer, if the record says so.
    pub fn person_side(&self) -> Option<Side> {
        let level = |p: &Option<Player>| p.as_ref().is_some_and(|p| p.level.is_some());
        match (level(&self.black), level(&self.white)) {
            (false, true) if self.black.is_some() => Some(Side::Black),
            (true, false) if self.white.is_some() => Some(Side::White),
            _ => None,
        }
    }
}

/// Who played a recorded game, as the list's filter sorts them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Opponents {
    /// Two people at one computer.
    Friends,
    /// A person against the computer at this level (its id).
    Computer(String),
    /// The computer against itself.
    Watch,
    /// The record does not say.
    Unknown,
}

/// The side a record's result says resigned (`Black resigned`, as the app writes it).
fn resigned_side(result: Option<&str>) -> Option<Side> {
    let side = result?.strip_suffix(" resigned")?;
    Side::BOTH
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(side))
}

/// Whether `text` looks like the ISO 8601 dates records hold: `2026-11-29T14:32:05Z`.
fn is_iso_date(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| b[range].iter().all(u8::is_ascii_digit);
    b.len() == 20
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && b[19] == b'Z'
}

/// A record's file as it was when it was read: its size and when it was last written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Stamp {
    size: u64,
    /// Nanoseconds since 1970.
    modified: u128,
}

impl Stamp {
    fn of(metadata: &fs::Metadata) -> Stamp {
        Stamp {
            size: metadata.len(),
            modified: metadata
                .modified()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos()),
        }
    }

    fn written(self) -> SystemTime {
        let nanos = u64::try_from(self.modified).unwrap_or(u64::MAX);
        UNIX_EPOCH + Duration::from_nanos(nanos)
    }
}

/// What is known of one record.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryState {
    /// Not read yet.
    Unread,
    /// Read: what the list shows.
    Ready(Summary),
    /// It cannot be read or replayed, and why.
    Damaged(StoreError),
}

/// One record in the records folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its name, as the list shows it.
    pub name: String,
    stamp: Stamp,
    /// What is known of it.
    pub state: EntryState,
}

impl Entry {
    /// What the list shows of it, once read.
    pub fn summary(&self) -> Option<&Summary> {
        match &self.state {
            EntryState::Ready(summary) => Some(summary),
            _ => None,
        }
    }

    /// The date it is sorted by: its record's, else when the file was last written.
    fn sort_date(&self) -> String {
        match &self.state {
            EntryState::Ready(summary) => summary.date.clone(),
            _ => UtcTime::of(self.stamp.written()).iso8601(),
        }
    }
}

/// What the cache holds of one file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Cached {
    stamp: Stamp,
    summary: Summary,
}

/// The cache file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct CacheFile {
    version: u32,
    /// The records folder it describes.
    folder: PathBuf,
    /// By file name.
    records: BTreeMap<String, Cached>,
}

/// A deleted record waiting under a hidden name while its deletion can be undone.
#[derive(Clone, Debug, PartialEq)]
struct Deleted {
    entry: Entry,
    aside: PathBuf,
}

/// Every record in the records folder, newest first, with the cache of what they show.
#[derive(Debug)]
pub struct History {
    folder: PathBuf,
    cache_path: Option<PathBuf>,
    cache: BTreeMap<String, Cached>,
    cache_loaded: bool,
    cache_changed: bool,
    entries: Vec<Entry>,
    deleted: Option<Deleted>,
    /// Whether the folder has been listed since the history was made.
    listed: bool,
    /// Why the folder could not be listed the last time, if it could not (a folder that is
    /// not there yet simply holds no records).
    unreadable: Option<IoFailure>,
}

impl History {
    /// The history of the records in `folder`, its cache kept at `cache_path` (none: read
    /// every time). Nothing is read until [`History::refresh`].
    pub fn new(folder: PathBuf, cache_path: Option<PathBuf>) -> History {
        History {
            folder,
            cache_path,
            cache: BTreeMap::new(),
            cache_loaded: false,
            cache_changed: false,
            entries: Vec::new(),
            deleted: None,
            listed: false,
            unreadable: None,
        }
    }

    /// The records, newest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The record in `path`, if the list has it.
    pub fn entry(&self, path: &Path) -> Option<&Entry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// Whether the folder was listed (the list is not just empty because nobody looked).
    pub fn is_listed(&self) -> bool {
        self.listed
    }

    /// Why the records folder could not be listed, if it could not: its records are not
    /// known, which is not the same as there being none.
    pub fn unreadable(&self) -> Option<&IoFailure> {
        self.unreadable.as_ref()
    }

    /// How many records are still to be read.
    pub fn unread(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| e.state == EntryState::Unread)
            .count()
    }

    /// The name of the record whose deletion can be undone, if any.
    pub fn deleted_name(&self) -> Option<&str> {
        self.deleted.as_ref().map(|d| d.entry.name.as_str())
    }

    /// Lists the folder again: new and changed files are to be read (from the cache when it
    /// has them as they are), files gone leave the list.
    pub fn refresh(&mut self) {
        self.load_cache();
        self.listed = true;
        let listing = match fs::read_dir(&self.folder) {
            Ok(listing) => listing,
            Err(e) => {
                self.unreadable = (e.kind() != io::ErrorKind::NotFound).then(|| e.into());
                self.entries.clear();
                return;
            }
        };
        self.unreadable = None;
        let mut entries = Vec::new();
        for item in listing.filter_map(Result::ok) {
            let file_name = item.file_name();
            if !is_record_name(&file_name) {
                continue;
            }
            let Ok(metadata) = item.metadata() else {
                continue;
            };
            if !metadata.is_file() {
                continue;
            }
            let stamp = Stamp::of(&metadata);
            let name = file_name.to_string_lossy().to_string();
            let path = item.path();
            let known = self
                .entries
                .iter()
                .find(|e| e.path == path && e.stamp == stamp)
                .map(|e| e.state.clone());
            let state = match known {
                Some(state) => state,
                None => match self.cache.get(&name) {
                    Some(cached) if cached.stamp == stamp => {
                        EntryState::Ready(cached.summary.clone())
                    }
                    _ => EntryState::Unread,
                },
            };
            entries.push(Entry {
                path,
                name,
                stamp,
                state,
            });
        }
        self.entries = entries;
        self.sort();
    }

    /// Reads records not read yet, for about `budget` (at least one); the cache is written
    /// once they are all read. Returns whether some are left.
    pub fn read_some(&mut self, budget: Duration) -> bool {
        let started = Instant::now();
        let mut read_any = false;
        for entry in &mut self.entries {
            if entry.state != EntryState::Unread {
                continue;
            }
            if read_any && started.elapsed() >= budget {
                return true;
            }
            entry.state = match read_record_file(&entry.path) {
                Ok((record, game)) => {
                    let summary = Summary::of(&record, &game, entry.stamp.written());
                    self.cache.insert(
                        entry.name.clone(),
                        Cached {
                            stamp: entry.stamp,
                            summary: summary.clone(),
                        },
                    );
                    self.cache_changed = true;
                    EntryState::Ready(summary)
                }
                Err(e) => EntryState::Damaged(e),
            };
            read_any = true;
        }
        if read_any {
            self.sort();
        }
        self.save_cache();
        false
    }

    /// Adds a record the app has just written to `path` (its game replayed as `game`), with
    /// no need to read it again. A file outside the records folder is not part of the list.
    pub fn add(&mut self, path: &Path, record: &Record, game: &Game) {
        if path.parent() != Some(self.folder.as_path()) {
            return;
        }
        let Ok(metadata) = fs::metadata(path) else {
            return;
        };
        let stamp = Stamp::of(&metadata);
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().to_string());
        let summary = Summary::of(record, game, stamp.written());
        self.cache.insert(
            name.clone(),
            Cached {
                stamp,
                summary: summary.clone(),
            },
        );
        self.cache_changed = true;
        self.entries.retain(|e| e.path != path);
        self.entries.push(Entry {
            path: path.to_path_buf(),
            name,
            stamp,
            state: EntryState::Ready(summary),
        });
        self.sort();
        self.save_cache();
    }

    /// Deletes the record in `path`, so that it can be undone: the file waits under a hidden
    /// name until [`History::purge_deleted`]. A record deleted before is then gone for good.
    pub fn delete(&mut self, path: &Path) -> Result<(), StoreError> {
        let Some(index) = self.entries.iter().position(|e| e.path == path) else {
            return Ok(());
        };
        self.purge_deleted();
        let entry = self.entries[index].clone();
        let aside = hidden_name(&self.folder, &entry.name);
        fs::rename(&entry.path, &aside).map_err(|e| StoreError::Remove {
            path: entry.path.clone(),
            error: e.into(),
        })?;
        self.entries.remove(index);
        self.deleted = Some(Deleted { entry, aside });
        Ok(())
    }

    /// Brings back the record deleted last, under its own name if it is free (else a
    /// numbered one); returns where it is.
    pub fn undo_delete(&mut self) -> Result<Option<PathBuf>, StoreError> {
        let Some(deleted) = self.deleted.take() else {
            return Ok(None);
        };
        let bytes = match files::read_regular_file(&deleted.aside, files::MAX_FILE_SIZE) {
            Ok(bytes) => bytes,
            Err(e) => {
                self.deleted = Some(deleted);
                return Err(StoreError::Read(e));
            }
        };
        let (base, extension) = match deleted.entry.name.rsplit_once('.') {
            Some((base, extension)) => (base.to_string(), extension.to_string()),
            None => (deleted.entry.name.clone(), "json".to_string()),
        };
        // A new file, never over one that took the name meanwhile.
        let path = match files::write_new_numbered(&self.folder, &base, &extension, &bytes) {
            Ok(path) => path,
            Err(e) => {
                let error = match e {
                    NewFileError::NoFreeName => StoreError::NoFreeName {
                        dir: self.folder.clone(),
                    },
                    NewFileError::Write { path, error } => StoreError::Write {
                        path,
                        error: error.into(),
                    },
                };
                self.deleted = Some(deleted);
                return Err(error);
            }
        };
        let _ = fs::remove_file(&deleted.aside);
        self.refresh();
        Ok(Some(path))
    }

    /// Removes for good the record whose deletion could be undone until now.
    pub fn purge_deleted(&mut self) {
        if let Some(deleted) = self.deleted.take() {
            let _ = fs::remove_file(&deleted.aside);
        }
    }

    /// Removes the deleted records that an earlier run left waiting (it was closed before it
    /// could), as their deletion can no longer be undone.
    pub fn purge_leftovers(&self) {
        let Ok(listing) = fs::read_dir(&self.folder) else {
            return;
        };
        for item in listing.filter_map(Result::ok) {
            let name = item.file_name();
            let name = name.to_string_lossy();
            let waiting = self
                .deleted
                .as_ref()
                .is_some_and(|d| d.aside == item.path());
            if name.starts_with('.') && name.ends_with(DELETED_SUFFIX) && !waiting {
                let _ = fs::remove_file(item.path());
            }
        }
    }

    fn sort(&mut self) {
        // Newest first: by date, then (games kept within the same second) by when the file
        // was written, then by name, so that the order never flickers.
        self.entries.sort_by_cached_key(|e| {
            std::cmp::Reverse((e.sort_date(), e.stamp.modified, e.name.clone()))
        });
    }

    fn load_cache(&mut self) {
        if self.cache_loaded {
            return;
        }
        self.cache_loaded = true;
        let Some(path) = &self.cache_path else {
            return;
        };
        let Ok(bytes) = files::read_regular_file(path, files::MAX_FILE_SIZE) else {
            return;
        };
        // A cache that cannot be used is made again from the records.
        if let Ok(cache) = serde_json::from_slice::<CacheFile>(&bytes)
            && cache.version == CACHE_VERSION
            && cache.folder == self.folder
        {
            self.cache = cache.records;
        }
    }

    /// Writes the cache, if it changed, with only the files still in the folder.
    fn save_cache(&mut self) {
        if !self.cache_changed {
            return;
        }
        let Some(path) = &self.cache_path else {
            return;
        };
        let present: std::collections::BTreeSet<&str> =
            self.entries.iter().map(|e| e.name.as_str()).collect();
        self.cache.retain(|name, _| present.contains(name.as_str()));
        let file = CacheFile {
            version: CACHE_VERSION,
            folder: self.folder.clone(),
            records: self.cache.clone(),
        };
        let Ok(mut bytes) = serde_json::to_vec(&file) else {
            return;
        };
        bytes.push(b'\n');
        // A cache that cannot be written is only slower next time.
        if write_atomic(path, &bytes).is_ok() {
            self.cache_changed = false;
        }
    }
}

/// A hidden name in `folder` for the deleted record `name`, taken by no file.
fn hidden_name(folder: &Path, name: &str) -> PathBuf {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    (1u32..)
        .map(|n| folder.join(format!(".{name}.{seconds}-{n}{DELETED_SUFFIX}")))
        .find(|p| fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| folder.join(format!(".{name}{DELETED_SUFFIX}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation;
    use crate::rules::records::Metadata;

    fn game_of(id: GameId, moves: &str) -> Game {
        let mut game = Game::new(id);
        for action in notation::parse_actions(moves).unwrap_or_default() {
            let _ = game.apply(action);
        }
        game
    }

    #[test]
    fn a_summary_says_how_the_game_ended_and_shows_its_last_position() {
        let game = game_of(GameId::Wudao, "a1 c1 b1");
        let mut metadata = Metadata {
            date: Some("2026-11-29T14:32:05Z".into()),
            ..Metadata::default()
        };
        let record = Record::of_game(&game, metadata.clone());
        let summary = Summary::of(&record, &game, UNIX_EPOCH);
        assert_eq!(summary.ending, Ending::Unfinished);
        assert_eq!(summary.date, "2026-11-29T14:32:05Z");
        assert_eq!((summary.actions, summary.turns), (3, 3));
        assert_eq!(summary.piece_at(Point::ALL[0]), Some(Side::Black));
        assert_eq!(
            summary.piece_at(Point::ALL[2]),
            None,
            "c1 went back to hand"
        );
        assert_eq!(summary.opponents(), Opponents::Unknown);
        // A resignation, and a date that is not one.
        metadata.result = Some("White resigned".into());
        metadata.date = Some("yesterday".into());
        let record = Record::of_game(&game, metadata);
        let summary = Summary::of(&record, &game, UNIX_EPOCH);
        assert_eq!(
            summary.ending,
            Ending::Won {
                winner: Side::Black,
                resigned: true
            }
        );
        assert_eq!(summary.date, "1970-01-01T00:00:00Z");
    }
}
