//! Where the app keeps its files, and how it writes them.
//!
//! One folder holds everything the app keeps between runs: the data folder of
//! [`crate::data_dir`] (the per-user data folder, or the one `SANQI_DATA_DIR` names). In it:
//!
//! - `settings.json`: [`Settings`];
//! - `game.json`: the game in progress ([`SavedGame`]), removed when the game ends;
//! - `stats.json`: [`Stats`];
//! - `lessons.json`: which lesson steps are done ([`LessonProgress`]);
//! - `history.json`: what the game history shows of each record, a cache
//!   ([`crate::app::history`]).
//! - `puzzles.json`: the puzzle ratings, the puzzles tried and the one under way
//!   ([`PuzzleProgress`]).
//!
//! Exported game records go to a folder of their own, [`Store::records_dir`].
//!
//! **Every file is versioned JSON written atomically**: the bytes go to a temporary file in
//! the same folder, which is flushed to disk and then renamed over the old file, so a file is
//! always either the old one or the new one, never half-written, even if the app is killed
//! or the machine loses power. **Two instances of the app may run at once: the last one to
//! write a file wins**, and neither ever sees a torn file.
//!
//! **Nothing the user owns is deleted.** A file that cannot be read or parsed (bad JSON, the
//! wrong shape, a newer version than this build reads, a saved game that no longer replays)
//! is renamed aside to `<name>.corrupt-<unix-seconds>.json`, the defaults are used, and a
//! [`StoreNotice::SetAside`] says so. A missing file simply means the defaults, with no
//! notice. If the folder cannot be created or written, the app still runs: loads give the
//! defaults, saves fail with a [`StoreError`], and [`Store::startup_notices`] holds one
//! [`StoreNotice::NotWritable`]. **Nothing that could not be read is written over**: a file
//! that could not be used and could not be renamed aside either stays as it is, and the
//! store refuses to save over it for as long as it runs ([`StoreError::LeftAsItIs`]).
//!
//! A file that is a symbolic link stays one: the file it leads to is the one replaced.

use std::collections::BTreeSet;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use web_time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::app::lessons::{LESSONS_VERSION, LessonProgress};
use crate::app::puzzles::{PUZZLES_VERSION, PuzzleProgress};
use crate::app::settings::{
    SAVED_GAME_VERSION, SETTINGS_VERSION, STATS_VERSION, SavedGame, SavedGameError, Settings, Stats,
};
use crate::data_dir;
use crate::echo::{one_line, quoted_path};
use crate::files::{
    self, IoFailure, NameProblem, NewFileError, ReadError, fs, read_regular_file, temp_path,
    write_new_file,
};
use crate::online::protocol::Token;
use crate::rules::Game;
use crate::rules::records::{self, MAX_DETAIL_CHARS, Record, RecordError};

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.json";
/// The name of the file of the game in progress.
pub const GAME_FILE: &str = "game.json";
/// The statistics file's name.
pub const STATS_FILE: &str = "stats.json";
/// The name of the file of the lessons' progress.
pub const LESSONS_FILE: &str = "lessons.json";
/// The name of the file of the puzzles' progress.
pub const PUZZLES_FILE: &str = "puzzles.json";
/// The seat of the online game under way: its room, secret token and server.
pub const ONLINE_FILE: &str = "online.json";
/// The online seat file's format version.
const ONLINE_VERSION: u32 = 1;
/// The largest file the store or [`read_record_file`] reads.
pub const MAX_FILE_SIZE: u64 = files::MAX_FILE_SIZE;

/// Something the user should be told about the app's files.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreNotice {
    /// A file could not be read or parsed; it was renamed aside (never deleted) and defaults
    /// were used. If even the rename failed, `moved_to` is the file's own path, where it was
    /// left, and `reason` says so.
    SetAside {
        /// The file's name, such as `settings.json`.
        file: String,
        /// Where it is now.
        moved_to: PathBuf,
        /// Why it could not be used.
        reason: StoreError,
    },
    /// The person's rating in some games could not be right; those ratings start again and
    /// the rest of the file was kept, the file as it was copied to `kept_as` first.
    RatingReset {
        /// The ids of the games whose rating starts again.
        games: Vec<String>,
        /// The copy of the file as it was.
        kept_as: PathBuf,
    },
    /// The data folder is missing or cannot be written: settings and games are not kept this
    /// session.
    NotWritable {
        /// The data folder, if there is one.
        dir: Option<PathBuf>,
        /// Why it cannot be used.
        reason: StoreError,
    },
}

impl fmt::Display for StoreNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreNotice::SetAside {
                file,
                moved_to,
                reason,
            } => write!(
                f,
                "{file} could not be used ({reason}); it was kept as {}",
                quoted_path(moved_to)
            ),
            StoreNotice::NotWritable {
                dir: Some(dir),
                reason,
            } => write!(
                f,
                "the data folder {} cannot be written ({reason}): settings and games are not kept",
                quoted_path(dir)
            ),
            StoreNotice::NotWritable { dir: None, reason } => write!(
                f,
                "there is no data folder ({reason}): settings and games are not kept"
            ),
            StoreNotice::RatingReset { games, kept_as } => write!(
                f,
                "the rating in {} could not be right and starts again; the file was kept as {}",
                games.join(", "),
                quoted_path(kept_as)
            ),
        }
    }
}

/// A value loaded from the store, with anything the user should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    /// The value, or the defaults.
    pub value: T,
    /// What the user should be told.
    pub notices: Vec<StoreNotice>,
}

/// The seat of an online game, kept so that a reload or a restart takes it again at once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeptSeat {
    /// The file format version.
    pub version: u32,
    /// The room.
    pub room: String,
    /// The seat's secret, as it travels (32 hexadecimal digits).
    pub token: String,
    /// The server's address, as the person typed it (empty: the usual one).
    pub server: String,
    /// The person's name.
    pub name: String,
}

/// Why one of the app's files could not be read, used or written, or a record file opened.
/// `Display` says it in plain English; the app shows it translated
/// (`crate::app::errors`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No home folder was found, so there is no data folder.
    NoHomeFolder,
    /// There is no data folder: nothing is kept.
    NoDataFolder,
    /// The data folder could not be written when the store was opened.
    NotWritable {
        /// The data folder.
        dir: PathBuf,
    },
    /// The system refused to create or write the data folder.
    Io(IoFailure),
    /// A file could not be read.
    Read(ReadError),
    /// A file is not JSON; the parser's description.
    NotJson(String),
    /// A file is JSON, but not an object.
    NotAnObject,
    /// A file was written by a newer version of Sanqi.
    NewerVersion {
        /// The file's version.
        found: u64,
        /// The newest this build reads.
        known: u32,
    },
    /// A file's `version` is not a whole number.
    BadVersion,
    /// A file is a JSON object of the wrong shape; the parser's description.
    UnexpectedContent(String),
    /// The saved game cannot be resumed.
    SavedGame(SavedGameError),
    /// A record file is not a record that replays.
    Record(RecordError),
    /// Writing a file failed.
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// A file was not written because this system cannot hold its name (on Windows, `CON`
    /// or `game.`).
    BadName {
        /// The file.
        path: PathBuf,
        /// Why the system cannot hold its name.
        problem: NameProblem,
    },
    /// Removing a file failed.
    Remove {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// Creating a folder failed.
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// Every name tried for a new file in `dir` is taken.
    NoFreeName {
        /// The folder.
        dir: PathBuf,
    },
    /// The data could not be encoded as JSON; the encoder's description.
    Encode(String),
    /// A file was not written (or removed) because the one already there could not be used,
    /// nor renamed aside, and was left as it is: writing would lose it.
    LeftAsItIs {
        /// The file.
        path: PathBuf,
    },
    /// An unusable file could not be renamed aside and was left where it was.
    NotSetAside {
        /// Why it could not be used.
        reason: Box<StoreError>,
        /// Why the rename failed, if the system said.
        error: Option<IoFailure>,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let detail = |text: &str| one_line(text, MAX_DETAIL_CHARS);
        match self {
            StoreError::NoHomeFolder => f.write_str("no home folder was found"),
            StoreError::NoDataFolder => f.write_str("there is no data folder"),
            StoreError::NotWritable { dir } => {
                write!(f, "the data folder {} cannot be written", quoted_path(dir))
            }
            StoreError::Io(e) => e.fmt(f),
            StoreError::Read(e) => e.fmt(f),
            StoreError::NotJson(why) => write!(f, "not valid JSON: {}", detail(why)),
            StoreError::NotAnObject => f.write_str("not a JSON object"),
            StoreError::NewerVersion { found, known } => write!(
                f,
                "written by a newer version of Sanqi (file version {found}; this version reads up to {known})"
            ),
            StoreError::BadVersion => f.write_str("its `version` is not a number"),
            StoreError::UnexpectedContent(why) => {
                write!(f, "unexpected content: {}", detail(why))
            }
            StoreError::SavedGame(e) => e.fmt(f),
            StoreError::Record(e) => e.fmt(f),
            StoreError::Write { path, error } => {
                write!(f, "could not write {}: {error}", quoted_path(path))
            }
            StoreError::BadName { path, problem } => {
                write!(f, "could not write {}: {problem}", quoted_path(path))
            }
            StoreError::Remove { path, error } => {
                write!(f, "could not remove {}: {error}", quoted_path(path))
            }
            StoreError::CreateFolder { path, error } => {
                write!(f, "could not create {}: {error}", quoted_path(path))
            }
            StoreError::NoFreeName { dir } => {
                write!(
                    f,
                    "every name for a new file in {} is taken",
                    quoted_path(dir)
                )
            }
            StoreError::Encode(why) => write!(f, "could not encode the data: {}", detail(why)),
            StoreError::LeftAsItIs { path } => write!(
                f,
                "{} could not be used, so it is left as it is and not written over",
                quoted_path(path)
            ),
            StoreError::NotSetAside { reason, error } => {
                write!(f, "{reason}; it could not be renamed aside (")?;
                match error {
                    Some(error) => error.fmt(f)?,
                    None => f.write_str("no free name")?,
                }
                f.write_str("), so it is left as it is and nothing is saved over it")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The app's files: settings, the game in progress, statistics and exported records.
#[derive(Clone, Debug)]
pub struct Store {
    /// The data folder, if there is one.
    dir: Option<PathBuf>,
    /// Whether the data folder could be written when the store was opened.
    writable: bool,
    records: PathBuf,
    startup: Vec<StoreNotice>,
    /// The names of the files that could not be used and were left where they are: never
    /// written over (shared by the store's clones).
    left_as_it_is: Arc<Mutex<BTreeSet<String>>>,
}

impl Store {
    /// The store in the user's data folder (see the module documentation), created if
    /// needed. If there is no such folder, or it cannot be created or written, the store
    /// keeps nothing and [`Store::startup_notices`] says so.
    pub fn open_default() -> Store {
        if let Some(dir) = data_dir::named() {
            return Store::at(dir);
        }
        match data_dir::per_user() {
            Some(dir) => {
                let records = default_records_dir(Some(&dir));
                Store::open(dir, records)
            }
            None => Store {
                dir: None,
                writable: false,
                records: default_records_dir(None),
                startup: vec![StoreNotice::NotWritable {
                    dir: None,
                    reason: StoreError::NoHomeFolder,
                }],
                left_as_it_is: Arc::default(),
            },
        }
    }

    /// The store in `dir`, created if needed. Its exported records go to `dir/records`.
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        let dir = dir.into();
        let records = dir.join("records");
        Store::open(dir, records)
    }

    /// The same store with exported records going to `dir`.
    pub fn with_records_dir(mut self, dir: impl Into<PathBuf>) -> Store {
        self.records = dir.into();
        self
    }

    fn open(dir: PathBuf, records: PathBuf) -> Store {
        match fs::create_dir_all(&dir).and_then(|()| probe(&dir)) {
            Ok(()) => Store {
                dir: Some(dir),
                writable: true,
                records,
                startup: Vec::new(),
                left_as_it_is: Arc::default(),
            },
            Err(e) => Store {
                startup: vec![StoreNotice::NotWritable {
                    dir: Some(dir.clone()),
                    reason: StoreError::Io(e.into()),
                }],
                dir: Some(dir),
                writable: false,
                records,
                left_as_it_is: Arc::default(),
            },
        }
    }

    /// The data folder, if there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Whether a file could be written in the data folder when the store was opened.
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// What the user should be told when the app starts: a [`StoreNotice::NotWritable`] if
    /// nothing will be kept.
    pub fn startup_notices(&self) -> Vec<StoreNotice> {
        self.startup.clone()
    }

    /// The settings, or the defaults if there are none or they cannot be used.
    pub fn load_settings(&self) -> Loaded<Settings> {
        let (value, notices) = self.load(SETTINGS_FILE, SETTINGS_VERSION, |_: &Settings| Ok(()));
        Loaded {
            value: value.unwrap_or_default(),
            notices,
        }
    }

    /// Saves the settings.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StoreError> {
        let mut settings = settings.clone();
        settings.version = SETTINGS_VERSION;
        self.save(SETTINGS_FILE, &settings)
    }

    /// The game in progress, if one was saved and it still replays. A saved game whose
    /// record no longer replays is set aside like any unusable file.
    pub fn load_game(&self) -> Loaded<Option<SavedGame>> {
        let (value, notices) = self.load(GAME_FILE, SAVED_GAME_VERSION, |saved: &SavedGame| {
            saved.restore().map(|_| ()).map_err(StoreError::SavedGame)
        });
        Loaded { value, notices }
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        let mut game = game.clone();
        game.version = SAVED_GAME_VERSION;
        self.save(GAME_FILE, &game)
    }

    /// Removes the saved game (when a game ends or is abandoned). No saved game is fine.
    pub fn clear_game(&self) -> Result<(), StoreError> {
        self.remove(GAME_FILE)
    }

    /// The seat of the online game under way, if one is kept and usable.
    pub fn load_online(&self) -> Loaded<Option<KeptSeat>> {
        let (value, notices) = self.load(ONLINE_FILE, ONLINE_VERSION, |seat: &KeptSeat| {
            if Token::parse(&seat.token).is_some() && !seat.room.is_empty() {
                Ok(())
            } else {
                Err(StoreError::UnexpectedContent(
                    "no room or no token".to_string(),
                ))
            }
        });
        Loaded { value, notices }
    }

    /// Keeps the seat of the online game under way.
    pub fn save_online(&self, seat: &KeptSeat) -> Result<(), StoreError> {
        let mut seat = seat.clone();
        seat.version = ONLINE_VERSION;
        self.save(ONLINE_FILE, &seat)
    }

    /// Forgets the online game's seat (the game ended, or was left). None kept is fine.
    pub fn clear_online(&self) -> Result<(), StoreError> {
        self.remove(ONLINE_FILE)
    }

    /// Removes one of the app's files; none there is fine.
    fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.writable_path(name)?;
        if self.is_left_as_it_is(name) {
            return Err(StoreError::LeftAsItIs { path });
        }
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::Remove {
                path,
                error: e.into(),
            }),
        }
    }

    /// The statistics, or empty ones if there are none or they cannot be used.
    pub fn load_stats(&self) -> Loaded<Stats> {
        let (value, mut notices) = self.load(STATS_FILE, STATS_VERSION, |_: &Stats| Ok(()));
        let mut stats = value.unwrap_or_default();
        // A rating that cannot be right starts again; the tallies stay, and the file as it
        // was is copied aside first, so that nothing is lost.
        let dropped = stats.drop_unsound_ratings();
        if !dropped.is_empty()
            && let Some(dir) = &self.dir
        {
            let kept_as = self.copy_aside(dir, STATS_FILE);
            // The file is mended at once, so that the next start says nothing more.
            if kept_as != dir.join(STATS_FILE) {
                let _ = self.save_stats(&stats);
            }
            notices.push(StoreNotice::RatingReset {
                games: dropped,
                kept_as,
            });
        }
        Loaded {
            value: stats,
            notices,
        }
    }

    /// Saves the statistics.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        let mut stats = stats.clone();
        stats.version = STATS_VERSION;
        self.save(STATS_FILE, &stats)
    }

    /// The lessons' progress, or none if there is none or it cannot be used.
    pub fn load_lessons(&self) -> Loaded<LessonProgress> {
        let (value, notices) =
            self.load(LESSONS_FILE, LESSONS_VERSION, |_: &LessonProgress| Ok(()));
        Loaded {
            value: value.unwrap_or_default(),
            notices,
        }
    }

    /// Saves the lessons' progress.
    pub fn save_lessons(&self, progress: &LessonProgress) -> Result<(), StoreError> {
        let mut progress = progress.clone();
        progress.version = LESSONS_VERSION;
        self.save(LESSONS_FILE, &progress)
    }

    /// The puzzles' progress, or none if there is none or it cannot be used.
    pub fn load_puzzles(&self) -> Loaded<PuzzleProgress> {
        let (value, notices) =
            self.load(PUZZLES_FILE, PUZZLES_VERSION, |_: &PuzzleProgress| Ok(()));
        Loaded {
            value: value.unwrap_or_default(),
            notices,
        }
    }

    /// Saves the puzzles' progress.
    pub fn save_puzzles(&self, progress: &PuzzleProgress) -> Result<(), StoreError> {
        let mut progress = progress.clone();
        progress.version = PUZZLES_VERSION;
        self.save(PUZZLES_FILE, &progress)
    }

    /// Where exported records go. For [`Store::open_default`]: `Sanqi` in the user's
    /// documents folder, else `records` in the data folder, else the current folder. For
    /// [`Store::at`]: `records` in the store's folder. [`Store::with_records_dir`] changes
    /// it.
    pub fn records_dir(&self) -> PathBuf {
        self.records.clone()
    }

    /// Creates [`Store::records_dir`] if it is not there yet; returns it.
    pub fn create_records_dir(&self) -> Result<PathBuf, StoreError> {
        let dir = self.records_dir();
        fs::create_dir_all(&dir).map_err(|e| StoreError::CreateFolder {
            path: dir.clone(),
            error: e.into(),
        })?;
        Ok(dir)
    }

    /// Writes a record to a new file in [`Store::records_dir`] (created if needed), named
    /// after the game and the current UTC time, like `sanqi-flying-2026-11-29-1432.json`.
    /// An existing file is never overwritten: the name gets `-2`, `-3` … instead.
    pub fn export_record(&self, record: &Record) -> Result<PathBuf, StoreError> {
        let dir = self.create_records_dir()?;
        let game: String = record
            .game
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(32)
            .collect();
        let base = format!("sanqi-{game}-{}", UtcTime::now().file_stamp());
        let mut bytes = record.to_json().into_bytes();
        bytes.push(b'\n');
        files::write_new_numbered(&dir, &base, "json", &bytes).map_err(|e| match e {
            NewFileError::NoFreeName => StoreError::NoFreeName { dir },
            NewFileError::Write { path, error } => write_error(&path, error),
        })
    }

    /// The `*.json` files in [`Store::records_dir`], newest first.
    pub fn list_records(&self) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(self.records_dir()) else {
            return Vec::new();
        };
        let mut files: Vec<(SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|entry| is_record_name(&entry.file_name()))
            .filter_map(|entry| {
                let metadata = entry.metadata().ok()?;
                metadata.is_file().then(|| {
                    let modified = metadata.modified().unwrap_or(UNIX_EPOCH);
                    (modified, entry.path())
                })
            })
            .collect();
        files.sort_by(|a, b| b.cmp(a));
        files.into_iter().map(|(_, path)| path).collect()
    }

    /// The path of a file in the data folder, if the store can write there.
    fn writable_path(&self, name: &str) -> Result<PathBuf, StoreError> {
        match &self.dir {
            Some(dir) if self.writable => Ok(dir.join(name)),
            Some(dir) => Err(StoreError::NotWritable { dir: dir.clone() }),
            None => Err(StoreError::NoDataFolder),
        }
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.writable_path(name)?;
        if self.is_left_as_it_is(name) {
            return Err(StoreError::LeftAsItIs { path });
        }
        let mut bytes =
            serde_json::to_vec_pretty(value).map_err(|e| StoreError::Encode(e.to_string()))?;
        bytes.push(b'\n');
        write_atomic(&path, &bytes)
    }

    /// Reads and parses `name`; `check` may refuse what parsed. Anything unusable is set
    /// aside.
    fn load<T: DeserializeOwned>(
        &self,
        name: &str,
        known_version: u32,
        check: impl Fn(&T) -> Result<(), StoreError>,
    ) -> (Option<T>, Vec<StoreNotice>) {
        let Some(dir) = &self.dir else {
            return (None, Vec::new());
        };
        let path = dir.join(name);
        let bytes = match read_regular_file(&path, MAX_FILE_SIZE) {
            Ok(bytes) => bytes,
            Err(ReadError::NotFound) => return (None, Vec::new()),
            // The startup notice already says that nothing is kept.
            Err(_) if !self.writable && fs::metadata(&path).is_err() => {
                return (None, Vec::new());
            }
            Err(e) => return (None, vec![self.set_aside(dir, name, StoreError::Read(e))]),
        };
        match parse_versioned::<T>(&bytes, known_version).and_then(|value| {
            check(&value)?;
            Ok(value)
        }) {
            Ok(value) => (Some(value), Vec::new()),
            Err(reason) => (None, vec![self.set_aside(dir, name, reason)]),
        }
    }

    /// Copies `dir/name` to a free `dir/<stem>.corrupt-<unix-seconds>[-N].json`, never
    /// replacing a file; returns the copy's path (the file's own if it could not be copied).
    fn copy_aside(&self, dir: &Path, name: &str) -> PathBuf {
        let from = dir.join(name);
        for to in aside_names(dir, name) {
            if fs::symlink_metadata(&to).is_ok() {
                continue;
            }
            let copied = fs::read(&from).and_then(|bytes| {
                fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&to)
                    .and_then(|mut f| std::io::Write::write_all(&mut f, &bytes))
            });
            return if copied.is_ok() { to } else { from };
        }
        from
    }

    /// Whether `name` could not be used nor set aside, and so is never written over.
    fn is_left_as_it_is(&self, name: &str) -> bool {
        self.left_as_it_is
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(name)
    }

    /// Renames `dir/name` to `dir/<stem>.corrupt-<unix-seconds>.json`. If that fails, the
    /// file stays where it is and is never written over.
    fn set_aside(&self, dir: &Path, name: &str, reason: StoreError) -> StoreNotice {
        let from = dir.join(name);
        let mut last_error = None;
        for to in aside_names(dir, name) {
            if fs::symlink_metadata(&to).is_ok() {
                continue;
            }
            match fs::rename(&from, &to) {
                Ok(()) => {
                    return StoreNotice::SetAside {
                        file: name.to_string(),
                        moved_to: to,
                        reason,
                    };
                }
                Err(e) => {
                    last_error = Some(e);
                    break;
                }
            }
        }
        self.left_as_it_is
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(name.to_string());
        StoreNotice::SetAside {
            file: name.to_string(),
            moved_to: from,
            reason: StoreError::NotSetAside {
                reason: Box::new(reason),
                error: last_error.map(IoFailure::from),
            },
        }
    }
}

/// The names a file `name` in `dir` may be set aside under, in the order they are tried:
/// `<stem>.corrupt-<unix-seconds>.json`, then `-2` … `-100` before `.json`.
fn aside_names(dir: &Path, name: &str) -> impl Iterator<Item = PathBuf> {
    let stem = name.strip_suffix(".json").unwrap_or(name).to_string();
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let dir = dir.to_path_buf();
    (1..=100u32).map(move |n| {
        dir.join(if n == 1 {
            format!("{stem}.corrupt-{seconds}.json")
        } else {
            format!("{stem}.corrupt-{seconds}-{n}.json")
        })
    })
}

/// Whether a file name looks like a record: not hidden, ending in `.json` in any case. The
/// name is compared as bytes, so it may be in any script or not even valid Unicode.
pub fn is_record_name(name: &std::ffi::OsStr) -> bool {
    let name = name.as_encoded_bytes();
    let suffix = b".json";
    !name.starts_with(b".")
        && name.len() > suffix.len()
        && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// The default folder of exported records: `Sanqi` in the documents folder, else `records`
/// in the data folder, else the current folder.
fn default_records_dir(data: Option<&Path>) -> PathBuf {
    if let Some(documents) = data_dir::documents() {
        return documents.join("Sanqi");
    }
    if let Some(data) = data {
        return data.join("records");
    }
    std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
}

/// Parses versioned JSON: an object whose `version`, if present, is at most `known`. A UTF-8
/// byte-order mark at the start is allowed.
fn parse_versioned<T: DeserializeOwned>(bytes: &[u8], known: u32) -> Result<T, StoreError> {
    let bytes = bytes.strip_prefix(records::UTF8_BOM).unwrap_or(bytes);
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| StoreError::NotJson(e.to_string()))?;
    let object = value.as_object().ok_or(StoreError::NotAnObject)?;
    if let Some(version) = object.get("version") {
        match version.as_u64() {
            Some(v) if v > u64::from(known) => {
                return Err(StoreError::NewerVersion { found: v, known });
            }
            Some(_) => {}
            None => return Err(StoreError::BadVersion),
        }
    }
    T::deserialize(value).map_err(|e| StoreError::UnexpectedContent(e.to_string()))
}

/// Writes a scratch file in `dir` and removes it again.
fn probe(dir: &Path) -> io::Result<()> {
    let path = temp_path(dir, "probe");
    let result = write_new_file(&path, b"probe");
    let removed = fs::remove_file(&path);
    result.and(removed)
}

/// Writes `bytes` to `path` atomically: to a temporary file in the same folder (named with
/// the process id and a counter, so concurrent writers never share one), flushed to disk,
/// then renamed over `path`. On failure the temporary file is removed and `path` is left as
/// it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    files::write_atomic(path, bytes).map_err(|e| write_error(path, e))
}

/// A failed write as a [`StoreError`]: [`StoreError::BadName`] when the name was refused, so
/// that the app can say why in the user's language.
fn write_error(path: &Path, error: io::Error) -> StoreError {
    match NameProblem::of(&error) {
        Some(problem) => StoreError::BadName {
            path: path.to_path_buf(),
            problem,
        },
        None => StoreError::Write {
            path: path.to_path_buf(),
            error: error.into(),
        },
    }
}

/// Writes a record to a file the user chose, atomically. A file already there is replaced:
/// the system's file chooser has asked about it.
pub fn write_record_file(path: &Path, record: &Record) -> Result<(), StoreError> {
    let mut bytes = record.to_json().into_bytes();
    bytes.push(b'\n');
    write_atomic(path, &bytes)
}

/// Reads and replays a game record file. Any bytes are accepted: the error is
/// [`StoreError::Read`] for a file that cannot be read (files over [`MAX_FILE_SIZE`],
/// folders, FIFOs and devices are refused unread) or [`StoreError::Record`] for one that is
/// not a record that replays, such as "action 31 `b2-b4`: not a step to an adjacent point".
pub fn read_record_file(path: &Path) -> Result<(Record, Game), StoreError> {
    let bytes = read_regular_file(path, MAX_FILE_SIZE).map_err(StoreError::Read)?;
    records::load(&bytes).map_err(StoreError::Record)
}

/// A moment in UTC, to the second, computed from the system clock without a time zone
/// database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct UtcTime {
    /// The year.
    pub year: i64,
    /// 1–12.
    pub month: u8,
    /// 1–31.
    pub day: u8,
    /// 0–23.
    pub hour: u8,
    /// 0–59.
    pub minute: u8,
    /// 0–59.
    pub second: u8,
}

impl UtcTime {
    /// The time `seconds` after 1970-01-01 00:00:00 UTC (before it if negative).
    pub fn from_unix_seconds(seconds: i64) -> UtcTime {
        let days = seconds.div_euclid(86_400);
        let rest = seconds.rem_euclid(86_400);
        // Howard Hinnant's `civil_from_days`.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        UtcTime {
            year,
            month: month as u8,
            day: day as u8,
            hour: (rest / 3600) as u8,
            minute: (rest % 3600 / 60) as u8,
            second: (rest % 60) as u8,
        }
    }

    /// The given moment.
    pub fn of(time: SystemTime) -> UtcTime {
        let seconds = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
            Err(before) => {
                let secs = before.duration().as_secs_f64().ceil();
                -(secs.min(i64::MAX as f64) as i64)
            }
        };
        UtcTime::from_unix_seconds(seconds)
    }

    /// Now.
    pub fn now() -> UtcTime {
        UtcTime::of(SystemTime::now())
    }

    /// ISO 8601, as record metadata has it: `2026-11-29T14:32:05Z`.
    pub fn iso8601(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// For file names: `2026-11-29-1432`.
    pub fn file_stamp(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}-{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_700_000_000, "2023-11-14T22:13:20Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
        ];
        for (seconds, expected) in cases {
            assert_eq!(UtcTime::from_unix_seconds(seconds).iso8601(), expected);
        }
        assert_eq!(
            UtcTime::from_unix_seconds(1_700_000_000).file_stamp(),
            "2023-11-14-2213"
        );
    }

    #[test]
    fn an_online_seat_is_kept_read_back_and_forgotten_and_a_bad_one_set_aside() {
        let dir = tempfile::tempdir().expect("a folder");
        let store = Store::at(dir.path());
        assert_eq!(store.load_online().value, None);
        let seat = KeptSeat {
            version: 0,
            room: "k3xq9m2a".into(),
            token: "0123456789abcdef0123456789abcdef".into(),
            server: "http://127.0.0.1:8080".into(),
            name: "Ann".into(),
        };
        store.save_online(&seat).expect("kept");
        let back = store.load_online();
        assert_eq!(back.value.map(|s| s.token), Some(seat.token.clone()));
        store.clear_online().expect("forgotten");
        store.clear_online().expect("none to forget is fine");
        assert_eq!(store.load_online().value, None);
        // A seat without a usable token is set aside and said, never used.
        std::fs::write(
            dir.path().join(ONLINE_FILE),
            r#"{"version":1,"room":"k3xq9m2a","token":"zz"}"#,
        )
        .expect("written");
        let bad = store.load_online();
        assert_eq!(bad.value, None);
        assert_eq!(bad.notices.len(), 1);
    }

    #[test]
    fn versions_are_checked() {
        let newer = parse_versioned::<Settings>(br#"{"version": 99}"#, 1);
        assert_eq!(
            newer,
            Err(StoreError::NewerVersion {
                found: 99,
                known: 1
            })
        );
        let odd = parse_versioned::<Settings>(br#"{"version": "one"}"#, 1);
        assert_eq!(odd, Err(StoreError::BadVersion));
        let fine = parse_versioned::<Settings>(br#"{"version": 1}"#, 1);
        assert_eq!(fine, Ok(Settings::default()));
    }
}
