//! Where the app keeps its files, and how it writes them.
//!
//! One folder holds everything the app keeps between runs: the per-user data folder of
//! `directories::ProjectDirs::from("org", "Sanqi", "Sanqi")` (on Linux
//! `~/.local/share/sanqi`, on macOS `~/Library/Application Support/org.Sanqi.Sanqi`, on
//! Windows `%APPDATA%\Sanqi\Sanqi\data`), or the folder named by the `SANQI_DATA_DIR`
//! environment variable when it is set. In it:
//!
//! - `settings.json`: [`Settings`];
//! - `game.json`: the game in progress ([`SavedGame`]), removed when the game ends;
//! - `stats.json`: [`Stats`].
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
//! [`StoreNotice::NotWritable`].

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::app::settings::{
    SAVED_GAME_VERSION, SETTINGS_VERSION, STATS_VERSION, SavedGame, Settings, Stats,
};
use crate::rules::Game;
use crate::rules::records::{self, Record};

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.json";
/// The name of the file of the game in progress.
pub const GAME_FILE: &str = "game.json";
/// The statistics file's name.
pub const STATS_FILE: &str = "stats.json";
/// The largest file the store or [`read_record_file`] reads.
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;
/// The environment variable that, when set, names the data folder instead of the usual one.
pub const DATA_DIR_VARIABLE: &str = "SANQI_DATA_DIR";

/// Something the user should be told about the app's files.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreNotice {
    /// A file could not be read or parsed; it was renamed aside (never deleted) and defaults
    /// were used. If even the rename failed, `moved_to` is the file's own path, where it was
    /// left, and `reason` says so.
    SetAside {
        /// The file's name, such as `settings.json`.
        file: String,
        moved_to: PathBuf,
        reason: String,
    },
    /// The data folder is missing or cannot be written: settings and games are not kept this
    /// session.
    NotWritable {
        dir: Option<PathBuf>,
        reason: String,
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
                moved_to.display()
            ),
            StoreNotice::NotWritable {
                dir: Some(dir),
                reason,
            } => write!(
                f,
                "the data folder {} cannot be written ({reason}): settings and games are not kept",
                dir.display()
            ),
            StoreNotice::NotWritable { dir: None, reason } => write!(
                f,
                "there is no data folder ({reason}): settings and games are not kept"
            ),
        }
    }
}

/// A value loaded from the store, with anything the user should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    pub value: T,
    pub notices: Vec<StoreNotice>,
}

/// Why a file could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
}

impl Store {
    /// The store in the user's data folder (see the module documentation), created if
    /// needed. If there is no such folder, or it cannot be created or written, the store
    /// keeps nothing and [`Store::startup_notices`] says so.
    pub fn open_default() -> Store {
        if let Some(dir) = data_dir_from_environment() {
            return Store::at(dir);
        }
        match per_user_data_dir() {
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
                    reason: "no home folder was found".to_string(),
                }],
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
            },
            Err(e) => Store {
                startup: vec![StoreNotice::NotWritable {
                    dir: Some(dir.clone()),
                    reason: e.to_string(),
                }],
                dir: Some(dir),
                writable: false,
                records,
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
            saved.restore().map(|_| ())
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
        let path = self.writable_path(GAME_FILE)?;
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError(format!(
                "could not remove {}: {e}",
                path.display()
            ))),
        }
    }

    /// The statistics, or empty ones if there are none or they cannot be used.
    pub fn load_stats(&self) -> Loaded<Stats> {
        let (value, notices) = self.load(STATS_FILE, STATS_VERSION, |_: &Stats| Ok(()));
        Loaded {
            value: value.unwrap_or_default(),
            notices,
        }
    }

    /// Saves the statistics.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        let mut stats = stats.clone();
        stats.version = STATS_VERSION;
        self.save(STATS_FILE, &stats)
    }

    /// Where exported records go. For [`Store::open_default`]: `Sanqi` in the user's
    /// documents folder, else `records` in the data folder, else the current folder. For
    /// [`Store::at`]: `records` in the store's folder. [`Store::with_records_dir`] changes
    /// it.
    pub fn records_dir(&self) -> PathBuf {
        self.records.clone()
    }

    /// Writes a record to a new file in [`Store::records_dir`] (created if needed), named
    /// after the game and the current UTC time, like `sanqi-flying-2026-11-29-1432.json`.
    /// An existing file is never overwritten: the name gets `-2`, `-3` … instead.
    pub fn export_record(&self, record: &Record) -> Result<PathBuf, StoreError> {
        let dir = self.records_dir();
        fs::create_dir_all(&dir)
            .map_err(|e| StoreError(format!("could not create {}: {e}", dir.display())))?;
        let game: String = record
            .game
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(32)
            .collect();
        let base = format!("sanqi-{game}-{}", UtcTime::now().file_stamp());
        let mut bytes = record.to_json().into_bytes();
        bytes.push(b'\n');
        let temp = temp_path(&dir, &format!("{base}.json"));
        let result = write_new_file(&temp, &bytes).and_then(|()| {
            for n in 1..=1000u32 {
                let name = if n == 1 {
                    format!("{base}.json")
                } else {
                    format!("{base}-{n}.json")
                };
                let target = dir.join(name);
                match link_new(&temp, &target, &bytes) {
                    Ok(()) => {
                        sync_dir(&dir);
                        return Ok(target);
                    }
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                    Err(e) => return Err(e),
                }
            }
            Err(io::Error::other("too many files with the same name"))
        });
        let _ = fs::remove_file(&temp);
        result.map_err(|e| StoreError(format!("could not export to {}: {e}", dir.display())))
    }

    /// The `*.json` files in [`Store::records_dir`], newest first.
    pub fn list_records(&self) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(self.records_dir()) else {
            return Vec::new();
        };
        let mut files: Vec<(SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                !name.starts_with('.')
                    && name.len() > 5
                    && name[name.len() - 5..].eq_ignore_ascii_case(".json")
            })
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
            Some(dir) => Err(StoreError(format!(
                "{name} was not saved: the data folder {} cannot be written",
                dir.display()
            ))),
            None => Err(StoreError(format!(
                "{name} was not saved: there is no data folder"
            ))),
        }
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.writable_path(name)?;
        let mut bytes = serde_json::to_vec_pretty(value)
            .map_err(|e| StoreError(format!("could not encode {name}: {e}")))?;
        bytes.push(b'\n');
        write_atomic(&path, &bytes)
    }

    /// Reads and parses `name`; `check` may refuse what parsed. Anything unusable is set
    /// aside.
    fn load<T: DeserializeOwned>(
        &self,
        name: &str,
        known_version: u32,
        check: impl Fn(&T) -> Result<(), String>,
    ) -> (Option<T>, Vec<StoreNotice>) {
        let Some(dir) = &self.dir else {
            return (None, Vec::new());
        };
        let path = dir.join(name);
        let bytes = match read_limited(&path) {
            Ok(bytes) => bytes,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return (None, Vec::new());
            }
            // The startup notice already says that nothing is kept.
            Err(_) if !self.writable && !path.exists() => return (None, Vec::new()),
            Err(e) => return (None, vec![self.set_aside(dir, name, e.to_string())]),
        };
        match parse_versioned::<T>(&bytes, known_version).and_then(|value| {
            check(&value)?;
            Ok(value)
        }) {
            Ok(value) => (Some(value), Vec::new()),
            Err(reason) => (None, vec![self.set_aside(dir, name, reason)]),
        }
    }

    /// Renames `dir/name` to `dir/<stem>.corrupt-<unix-seconds>.json`.
    fn set_aside(&self, dir: &Path, name: &str, reason: String) -> StoreNotice {
        let from = dir.join(name);
        let stem = name.strip_suffix(".json").unwrap_or(name);
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut last_error = None;
        for n in 1..=100u32 {
            let aside = if n == 1 {
                format!("{stem}.corrupt-{seconds}.json")
            } else {
                format!("{stem}.corrupt-{seconds}-{n}.json")
            };
            let to = dir.join(aside);
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
        let why = last_error.map_or_else(|| "no free name".to_string(), |e| e.to_string());
        StoreNotice::SetAside {
            file: name.to_string(),
            moved_to: from,
            reason: format!(
                "{reason}; it could not be renamed aside ({why}) and was left as it is"
            ),
        }
    }
}

/// The data folder: `SANQI_DATA_DIR` when it is set, else the per-user data folder (see the
/// module documentation), or `None` if there is no home folder. Nothing is created.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from_environment().or_else(per_user_data_dir)
}

/// The folder named by `SANQI_DATA_DIR`, if it is set and not empty.
fn data_dir_from_environment() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_VARIABLE)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The per-user data folder of `ProjectDirs`.
fn per_user_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "Sanqi", "Sanqi").map(|p| p.data_dir().to_path_buf())
}

/// The default folder of exported records: `Sanqi` in the documents folder, else `records`
/// in the data folder, else the current folder.
fn default_records_dir(data: Option<&Path>) -> PathBuf {
    if let Some(documents) = directories::UserDirs::new()
        .as_ref()
        .and_then(directories::UserDirs::document_dir)
    {
        return documents.join("Sanqi");
    }
    if let Some(data) = data {
        return data.join("records");
    }
    std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
}

/// Parses versioned JSON: an object whose `version`, if present, is at most `known`.
fn parse_versioned<T: DeserializeOwned>(bytes: &[u8], known: u32) -> Result<T, String> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| format!("not valid JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or_else(|| "not a JSON object".to_string())?;
    if let Some(version) = object.get("version") {
        match version.as_u64() {
            Some(v) if v > u64::from(known) => {
                return Err(format!(
                    "written by a newer version of Sanqi (file version {v}; this version reads up to {known})"
                ));
            }
            Some(_) => {}
            None => return Err("its `version` is not a number".to_string()),
        }
    }
    T::deserialize(value).map_err(|e| format!("unexpected content: {e}"))
}

/// Reads a whole file of at most [`MAX_FILE_SIZE`] bytes.
fn read_limited(path: &Path) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    let too_large = || {
        io::Error::other(format!(
            "the file is larger than {} MiB",
            MAX_FILE_SIZE / (1024 * 1024)
        ))
    };
    let length = file.metadata()?.len();
    if length > MAX_FILE_SIZE {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(length).unwrap_or(0));
    // The file may grow while it is read: never take more than the limit.
    file.take(MAX_FILE_SIZE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Writes a scratch file in `dir` and removes it again.
fn probe(dir: &Path) -> io::Result<()> {
    let path = temp_path(dir, "probe");
    let result = write_new_file(&path, b"probe");
    let removed = fs::remove_file(&path);
    result.and(removed)
}

/// A temporary file name in `dir` that no other write uses: hidden, named after the file it
/// stands in for, the process and a counter, ending in `.tmp`.
fn temp_path(dir: &Path, name: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// Creates a file that must not exist yet, writes `bytes` and flushes them to disk. A file
/// left incomplete by an error is removed.
fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    let result = file.write_all(bytes).and_then(|()| file.sync_all());
    if result.is_err() {
        drop(file);
        let _ = fs::remove_file(path);
    }
    result
}

/// Makes the complete file `temp` appear as `target` if `target` does not exist, failing
/// with `AlreadyExists` otherwise. A hard link does both at once; where the file system has
/// no hard links, `target` is created exclusively and written directly.
fn link_new(temp: &Path, target: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::hard_link(temp, target) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => write_new_file(target, bytes),
    }
}

/// Flushes a folder's entries (a rename) to disk where the system allows it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Writes `bytes` to `path` atomically: to a temporary file in the same folder (named with
/// the process id and a counter, so concurrent writers never share one), flushed to disk,
/// then renamed over `path`. On failure the temporary file is removed and `path` is left as
/// it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| StoreError(format!("{} is not a file name", path.display())))?
        .to_string_lossy()
        .into_owned();
    let temp = temp_path(dir, &name);
    let result = write_new_file(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    match result {
        Ok(()) => {
            sync_dir(dir);
            Ok(())
        }
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(StoreError(format!(
                "could not write {}: {e}",
                path.display()
            )))
        }
    }
}

/// Reads and replays a game record file. Any bytes are accepted; the error message names the
/// file and the problem, such as "game.json: action 31 `b2-b4`: the piece on b2 is not
/// yours". Files over [`MAX_FILE_SIZE`] are refused unread.
pub fn read_record_file(path: &Path) -> Result<(Record, Game), String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let bytes = read_limited(path).map_err(|e| format!("{name}: {e}"))?;
    records::load(&bytes).map_err(|e| format!("{name}: {e}"))
}

/// A moment in UTC, to the second, computed from the system clock without a time zone
/// database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct UtcTime {
    pub year: i64,
    /// 1–12.
    pub month: u8,
    /// 1–31.
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
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
    fn versions_are_checked() {
        let newer = parse_versioned::<Settings>(br#"{"version": 99}"#, 1);
        assert!(newer.is_err_and(|e| e.contains("newer")));
        let odd = parse_versioned::<Settings>(br#"{"version": "one"}"#, 1);
        assert!(odd.is_err());
        let fine = parse_versioned::<Settings>(br#"{"version": 1}"#, 1);
        assert_eq!(fine, Ok(Settings::default()));
    }
}
