//! The file system of the web build: the few calls of `std::fs` that Sanqi makes, over the
//! browser's local storage, where the standard library has no files at all.
//!
//! Every file is one entry of the storage, keyed by its path (`sanqi-file:/sanqi/settings.json`),
//! its value the time it was written and its bytes. Writing an entry is all or nothing, so
//! each write of a file is atomic by itself; a write the browser refuses (the storage is full,
//! or the person forbade it) is an [`io::ErrorKind::StorageFull`] or
//! [`io::ErrorKind::PermissionDenied`] error, and the entry keeps what it held. Folders are
//! entries of their own, made by [`create_dir_all`]; a folder that holds a file exists too.
//!
//! The temporary files of the atomic writers (`super::temp_path`) never reach the storage:
//! they live in memory until they are renamed or linked to their final name, which then is
//! one write of the storage. So a file takes its room in the storage once, never twice. The
//! files under [`super::IN_MEMORY`] (records the person uploaded) live in memory too, and a
//! file written under [`super::DOWNLOADS`] is handed to the person as a download.
//!
//! Where the entries live is a [`Shelf`]: the browser's `localStorage` in the web build, and
//! a map in memory for the tests, which may give it a size limit to play a full storage.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::{SystemTime, UNIX_EPOCH};

/// The start of the key of every file.
const FILE_KEY: &str = "sanqi-file:";
/// The start of the key of every folder made by [`create_dir_all`].
const FOLDER_KEY: &str = "sanqi-folder:";

/// Where the entries live: string keys with string values, as `localStorage` keeps them.
pub trait Shelf {
    /// The value of `key`, if there is one.
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError>;
    /// Sets `key` to `value`; on failure the key keeps its old value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ShelfError>;
    /// Removes `key`; no such key is fine.
    fn remove(&mut self, key: &str) -> Result<(), ShelfError>;
    /// Every key.
    fn keys(&self) -> Result<Vec<String>, ShelfError>;
}

/// Why the shelf refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShelfError {
    /// There is no room left.
    Full,
    /// The browser gives this page no storage (it was forbidden, or it is not a page).
    Refused(String),
}

impl From<ShelfError> for io::Error {
    fn from(e: ShelfError) -> io::Error {
        match e {
            ShelfError::Full => io::Error::new(
                io::ErrorKind::StorageFull,
                "the browser's storage for this page is full",
            ),
            ShelfError::Refused(why) => io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("the browser gives this page no storage ({why})"),
            ),
        }
    }
}

/// A shelf in memory with an optional limit on the characters it holds (keys and values),
/// as the browser's storage has one.
#[derive(Clone, Debug, Default)]
pub struct MemoryShelf {
    entries: BTreeMap<String, String>,
    limit: Option<usize>,
}

impl MemoryShelf {
    /// An empty shelf that holds at most `limit` characters, or any number.
    pub fn new(limit: Option<usize>) -> MemoryShelf {
        MemoryShelf {
            entries: BTreeMap::new(),
            limit,
        }
    }

    fn size(&self) -> usize {
        self.entries
            .iter()
            .map(|(k, v)| k.chars().count() + v.chars().count())
            .sum()
    }
}

impl Shelf for MemoryShelf {
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError> {
        Ok(self.entries.get(key).cloned())
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ShelfError> {
        if let Some(limit) = self.limit {
            let old = self
                .entries
                .get(key)
                .map_or(0, |v| key.chars().count() + v.chars().count());
            if self.size() - old + key.chars().count() + value.chars().count() > limit {
                return Err(ShelfError::Full);
            }
        }
        self.entries.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&mut self, key: &str) -> Result<(), ShelfError> {
        self.entries.remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, ShelfError> {
        Ok(self.entries.keys().cloned().collect())
    }
}

/// The browser's `localStorage`.
#[cfg(target_arch = "wasm32")]
struct LocalStorage;

#[cfg(target_arch = "wasm32")]
impl LocalStorage {
    fn storage() -> Result<web_sys::Storage, ShelfError> {
        let window = web_sys::window().ok_or_else(|| ShelfError::Refused("no window".into()))?;
        match window.local_storage() {
            Ok(Some(storage)) => Ok(storage),
            Ok(None) => Err(ShelfError::Refused("no local storage".into())),
            Err(e) => Err(ShelfError::Refused(js_text(&e))),
        }
    }
}

/// What a JavaScript error says of itself.
#[cfg(target_arch = "wasm32")]
fn js_text(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    match e.dyn_ref::<js_sys::Error>() {
        Some(error) => String::from(error.message()),
        None => e.as_string().unwrap_or_else(|| format!("{e:?}")),
    }
}

/// A refused write, told apart: a full storage, or another refusal.
#[cfg(target_arch = "wasm32")]
fn write_refusal(e: &wasm_bindgen::JsValue) -> ShelfError {
    use wasm_bindgen::JsCast;
    let name = e
        .dyn_ref::<web_sys::DomException>()
        .map(|d| d.name())
        .unwrap_or_default();
    if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
        ShelfError::Full
    } else {
        ShelfError::Refused(js_text(e))
    }
}

#[cfg(target_arch = "wasm32")]
impl Shelf for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError> {
        LocalStorage::storage()?
            .get_item(key)
            .map_err(|e| ShelfError::Refused(js_text(&e)))
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ShelfError> {
        LocalStorage::storage()?
            .set_item(key, value)
            .map_err(|e| write_refusal(&e))
    }

    fn remove(&mut self, key: &str) -> Result<(), ShelfError> {
        LocalStorage::storage()?
            .remove_item(key)
            .map_err(|e| ShelfError::Refused(js_text(&e)))
    }

    fn keys(&self) -> Result<Vec<String>, ShelfError> {
        let storage = LocalStorage::storage()?;
        let length = storage
            .length()
            .map_err(|e| ShelfError::Refused(js_text(&e)))?;
        Ok((0..length)
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect())
    }
}

thread_local! {
    /// The shelf of this thread: the browser's storage on the web, none elsewhere until a
    /// test gives one.
    static SHELF: RefCell<Option<Box<dyn Shelf>>> = RefCell::new(default_shelf());
    /// The temporary files being written, by path.
    static TEMPORARY: RefCell<HashMap<PathBuf, Entry>> = RefCell::new(HashMap::new());
}

fn default_shelf() -> Option<Box<dyn Shelf>> {
    #[cfg(target_arch = "wasm32")]
    return Some(Box::new(LocalStorage));
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Puts the files of this thread on `shelf` (tests), dropping the temporary files.
pub fn use_shelf(shelf: Box<dyn Shelf>) {
    SHELF.with(|s| *s.borrow_mut() = Some(shelf));
    TEMPORARY.with(|t| t.borrow_mut().clear());
}

fn with_shelf<T>(f: impl FnOnce(&mut dyn Shelf) -> Result<T, ShelfError>) -> io::Result<T> {
    SHELF.with(|s| match s.borrow_mut().as_mut() {
        Some(shelf) => f(shelf.as_mut()).map_err(io::Error::from),
        None => Err(ShelfError::Refused("no storage".into()).into()),
    })
}

/// A file's content and the time it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    bytes: Vec<u8>,
    modified: SystemTime,
}

impl Entry {
    /// The stored value: `t` for text or `x` for hexadecimal bytes, the milliseconds since
    /// 1970, a space, the content.
    fn encode(&self) -> String {
        let millis = self
            .modified
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => format!("t{millis} {text}"),
            Err(_) => {
                let hex: String = self.bytes.iter().map(|b| format!("{b:02x}")).collect();
                format!("x{millis} {hex}")
            }
        }
    }

    fn decode(value: &str) -> Option<Entry> {
        let kind = value.chars().next()?;
        let (millis, content) = value[1..].split_once(' ')?;
        let modified = UNIX_EPOCH + Duration::from_millis(millis.parse().ok()?);
        let bytes = match kind {
            't' => content.as_bytes().to_vec(),
            'x' => (0..content.len() / 2)
                .map(|i| u8::from_str_radix(content.get(2 * i..2 * i + 2)?, 16).ok())
                .collect::<Option<Vec<u8>>>()?,
            _ => return None,
        };
        Some(Entry { bytes, modified })
    }
}

/// `path` as a key: absolute, with `.` and `..` resolved, separated by `/`.
fn normal(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop();
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    format!("/{}", parts.join("/"))
}

/// Whether `path` names a file kept in memory: one of the atomic writers' temporary files,
/// or one under [`super::IN_MEMORY`].
fn is_temporary(path: &Path) -> bool {
    let temporary = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(super::temp_writer)
        .is_some();
    temporary || Path::new(&normal(path)).starts_with(super::IN_MEMORY)
}

fn not_found() -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, "there is no such file")
}

fn read_entry(path: &Path) -> io::Result<Option<Entry>> {
    if is_temporary(path) {
        return Ok(TEMPORARY.with(|t| t.borrow().get(path).cloned()));
    }
    let key = format!("{FILE_KEY}{}", normal(path));
    let value = with_shelf(|shelf| shelf.get(&key))?;
    Ok(value.and_then(|v| Entry::decode(&v)))
}

fn write_entry(path: &Path, entry: Entry) -> io::Result<()> {
    if is_temporary(path) {
        TEMPORARY.with(|t| t.borrow_mut().insert(path.to_path_buf(), entry));
        return Ok(());
    }
    #[cfg(target_arch = "wasm32")]
    if let Ok(name) = Path::new(&normal(path)).strip_prefix(super::DOWNLOADS) {
        return crate::platform::web::download(
            &name.to_string_lossy(),
            &entry.bytes,
            "application/json",
        )
        .map_err(|why| io::Error::other(format!("the browser refused the download ({why})")));
    }
    if metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder, not a file",
        ));
    }
    let key = format!("{FILE_KEY}{}", normal(path));
    with_shelf(|shelf| shelf.set(&key, &entry.encode()))
}

fn remove_entry(path: &Path) -> io::Result<()> {
    if is_temporary(path) {
        return match TEMPORARY.with(|t| t.borrow_mut().remove(path)) {
            Some(_) => Ok(()),
            None => Err(not_found()),
        };
    }
    if read_entry(path)?.is_none() {
        return Err(not_found());
    }
    let key = format!("{FILE_KEY}{}", normal(path));
    with_shelf(|shelf| shelf.remove(&key))
}

/// What is known of a file or a folder.
#[derive(Clone, Debug)]
pub struct Metadata {
    folder: bool,
    len: u64,
    modified: SystemTime,
}

impl Metadata {
    /// Whether it is a folder.
    pub fn is_dir(&self) -> bool {
        self.folder
    }

    /// Whether it is a file.
    pub fn is_file(&self) -> bool {
        !self.folder
    }

    /// Its length in bytes (0 for a folder).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// When it was last written.
    pub fn modified(&self) -> io::Result<SystemTime> {
        Ok(self.modified)
    }
}

/// What is at `path`.
pub fn metadata(path: impl AsRef<Path>) -> io::Result<Metadata> {
    let path = path.as_ref();
    if let Some(entry) = read_entry(path)? {
        return Ok(Metadata {
            folder: false,
            len: entry.bytes.len() as u64,
            modified: entry.modified,
        });
    }
    let folder = normal(path);
    let marker = format!("{FOLDER_KEY}{folder}");
    let inside = if folder == "/" {
        FILE_KEY.to_string()
    } else {
        format!("{FILE_KEY}{folder}/")
    };
    let exists = folder == "/"
        || with_shelf(|shelf| {
            Ok(shelf.get(&marker)?.is_some()
                || shelf.keys()?.iter().any(|k| k.starts_with(&inside)))
        })?;
    if exists {
        Ok(Metadata {
            folder: true,
            len: 0,
            modified: UNIX_EPOCH,
        })
    } else {
        Err(not_found())
    }
}

/// The same as [`metadata`]: there are no links here.
pub fn symlink_metadata(path: impl AsRef<Path>) -> io::Result<Metadata> {
    let path = path.as_ref();
    metadata(path)
}

/// Makes the folder `path` and the folders above it.
pub fn create_dir_all(path: impl AsRef<Path>) -> io::Result<()> {
    let path = path.as_ref();
    let mut folder = PathBuf::from("/");
    for component in Path::new(&normal(path)).components().skip(1) {
        folder.push(component);
        match metadata(&folder) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    "a file is in the way",
                ));
            }
            Err(_) => {
                let key = format!("{FOLDER_KEY}{}", normal(&folder));
                with_shelf(|shelf| shelf.set(&key, ""))?;
            }
        }
    }
    Ok(())
}

/// Makes the folder `path`, whose parent must exist.
pub fn create_dir(path: impl AsRef<Path>) -> io::Result<()> {
    let path = path.as_ref();
    if metadata(path).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "it exists already",
        ));
    }
    create_dir_all(path)
}

/// The whole file at `path`.
pub fn read(path: impl AsRef<Path>) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    read_entry(path)?.map(|e| e.bytes).ok_or_else(not_found)
}

/// The whole file at `path`, as text.
pub fn read_to_string(path: impl AsRef<Path>) -> io::Result<String> {
    let path = path.as_ref();
    String::from_utf8(read(path)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// Writes the whole file at `path`, in one write of the storage.
pub fn write(path: impl AsRef<Path>, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let path = path.as_ref();
    write_entry(
        path,
        Entry {
            bytes: bytes.as_ref().to_vec(),
            modified: SystemTime::now(),
        },
    )
}

/// Removes the file at `path`.
pub fn remove_file(path: impl AsRef<Path>) -> io::Result<()> {
    let path = path.as_ref();
    remove_entry(path)
}

/// Gives the file at `from` the name `to`, replacing a file there: one write of the storage,
/// then the old name is removed.
pub fn rename(from: impl AsRef<Path>, to: impl AsRef<Path>) -> io::Result<()> {
    let (from, to) = (from.as_ref(), to.as_ref());
    let entry = read_entry(from)?.ok_or_else(not_found)?;
    write_entry(to, entry)?;
    remove_entry(from)
}

/// Makes the file at `from` appear at `to` too, unless something is there already
/// ([`io::ErrorKind::AlreadyExists`]): a copy, as the storage has no links.
pub fn hard_link(from: impl AsRef<Path>, to: impl AsRef<Path>) -> io::Result<()> {
    let (from, to) = (from.as_ref(), to.as_ref());
    if metadata(to).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "the name is taken",
        ));
    }
    let entry = read_entry(from)?.ok_or_else(not_found)?;
    write_entry(to, entry)
}

/// One file or folder of a folder.
#[derive(Clone, Debug)]
pub struct DirEntry {
    path: PathBuf,
}

impl DirEntry {
    /// Its path.
    pub fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// Its name.
    pub fn file_name(&self) -> OsString {
        self.path
            .file_name()
            .map(OsString::from)
            .unwrap_or_default()
    }

    /// What is known of it.
    pub fn metadata(&self) -> io::Result<Metadata> {
        metadata(&self.path)
    }
}

/// The files and folders of a folder.
pub type ReadDir = std::vec::IntoIter<io::Result<DirEntry>>;

/// The files and folders in the folder `path`, in no particular order.
pub fn read_dir(path: impl AsRef<Path>) -> io::Result<ReadDir> {
    let path = path.as_ref();
    if !metadata(path)?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotADirectory,
            "it is a file, not a folder",
        ));
    }
    let folder = normal(path);
    let base = if folder == "/" { String::new() } else { folder };
    let mut names: Vec<String> = Vec::new();
    for key in with_shelf(|shelf| shelf.keys())? {
        let rest = key
            .strip_prefix(FILE_KEY)
            .or_else(|| key.strip_prefix(FOLDER_KEY))
            .and_then(|p| p.strip_prefix(&base))
            .and_then(|p| p.strip_prefix('/'));
        if let Some(name) = rest.and_then(|r| r.split('/').next())
            && !name.is_empty()
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_string());
        }
    }
    Ok(names
        .into_iter()
        .map(|name| {
            Ok(DirEntry {
                path: Path::new(&base).join(name),
            })
        })
        .collect::<Vec<_>>()
        .into_iter())
}

/// How a file is opened.
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    read: bool,
    write: bool,
    create: bool,
    create_new: bool,
    truncate: bool,
}

impl OpenOptions {
    /// Nothing allowed yet.
    pub fn new() -> OpenOptions {
        OpenOptions::default()
    }

    /// To read.
    pub fn read(&mut self, read: bool) -> &mut OpenOptions {
        self.read = read;
        self
    }

    /// To write.
    pub fn write(&mut self, write: bool) -> &mut OpenOptions {
        self.write = write;
        self
    }

    /// Made if missing.
    pub fn create(&mut self, create: bool) -> &mut OpenOptions {
        self.create = create;
        self
    }

    /// Made, and it must be missing.
    pub fn create_new(&mut self, create_new: bool) -> &mut OpenOptions {
        self.create_new = create_new;
        self
    }

    /// Emptied first.
    pub fn truncate(&mut self, truncate: bool) -> &mut OpenOptions {
        self.truncate = truncate;
        self
    }

    /// Opens `path`.
    pub fn open(&self, path: impl AsRef<Path>) -> io::Result<File> {
        let path = path.as_ref();
        let found = read_entry(path)?;
        if found.is_none() && metadata(path).is_ok_and(|m| m.is_dir()) {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a folder, not a file",
            ));
        }
        let entry = match found {
            Some(_) if self.create_new => {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "the name is taken",
                ));
            }
            Some(entry) if self.truncate => Entry {
                bytes: Vec::new(),
                modified: entry.modified,
            },
            Some(entry) => entry,
            None if self.write && (self.create || self.create_new) => {
                let entry = Entry {
                    bytes: Vec::new(),
                    modified: SystemTime::now(),
                };
                write_entry(path, entry.clone())?;
                entry
            }
            None => return Err(not_found()),
        };
        Ok(File {
            path: path.to_path_buf(),
            entry: Mutex::new(entry),
            position: 0,
            writable: self.write,
            changed: AtomicBool::new(false),
        })
    }
}

/// An open file: its bytes are read whole when it opens and written back whole when it is
/// flushed or closed.
#[derive(Debug)]
pub struct File {
    path: PathBuf,
    entry: Mutex<Entry>,
    position: usize,
    writable: bool,
    /// Whether it was written since it was last written back.
    changed: AtomicBool,
}

impl File {
    /// Its bytes and time, as written so far.
    fn entry(&self) -> std::sync::MutexGuard<'_, Entry> {
        self.entry.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens `path` to read.
    pub fn open(path: impl AsRef<Path>) -> io::Result<File> {
        OpenOptions::new().read(true).open(path)
    }

    /// Creates `path` to write, emptied if it was there.
    pub fn create(path: impl AsRef<Path>) -> io::Result<File> {
        OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
    }

    /// What is known of it.
    pub fn metadata(&self) -> io::Result<Metadata> {
        let entry = self.entry();
        Ok(Metadata {
            folder: false,
            len: entry.bytes.len() as u64,
            modified: entry.modified,
        })
    }

    /// Writes what was written back to the storage.
    pub fn sync_all(&self) -> io::Result<()> {
        if self.changed.load(Ordering::Relaxed) {
            let entry = Entry {
                bytes: self.entry().bytes.clone(),
                modified: SystemTime::now(),
            };
            write_entry(&self.path, entry)?;
            self.changed.store(false, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Writes what was written back to the storage.
    pub fn sync_data(&self) -> io::Result<()> {
        self.sync_all()
    }

    /// A lock: nothing else in the page writes the same file meanwhile, so it is always
    /// taken.
    pub fn try_lock(&self) -> io::Result<()> {
        Ok(())
    }

    /// Cuts or lengthens it to `len` bytes.
    pub fn set_len(&self, len: u64) -> io::Result<()> {
        let len = usize::try_from(len)
            .map_err(|_| io::Error::new(io::ErrorKind::FileTooLarge, "too long"))?;
        self.entry().bytes.resize(len, 0);
        self.changed.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Another handle on the same file as it is now.
    pub fn try_clone(&self) -> io::Result<File> {
        self.sync_all()?;
        Ok(File {
            path: self.path.clone(),
            entry: Mutex::new(self.entry().clone()),
            position: self.position,
            writable: self.writable,
            changed: AtomicBool::new(false),
        })
    }
}

impl Read for File {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let entry = self.entry();
        let rest = entry.bytes.get(self.position..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        drop(entry);
        self.position += n;
        Ok(n)
    }
}

impl Write for File {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.writable {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "the file was opened to read",
            ));
        }
        let end = self.position + buf.len();
        let mut entry = self.entry();
        if entry.bytes.len() < end {
            entry.bytes.resize(end, 0);
        }
        entry.bytes[self.position..end].copy_from_slice(buf);
        drop(entry);
        self.position = end;
        self.changed.store(true, Ordering::Relaxed);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sync_all()
    }
}

impl io::Seek for File {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        let length = self.entry().bytes.len() as i128;
        let target = match to {
            io::SeekFrom::Start(n) => i128::from(n),
            io::SeekFrom::End(n) => length + i128::from(n),
            io::SeekFrom::Current(n) => self.position as i128 + i128::from(n),
        };
        self.position = usize::try_from(target)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "before the start"))?;
        Ok(self.position as u64)
    }
}

impl Drop for File {
    fn drop(&mut self) {
        let _ = self.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(limit: Option<usize>) {
        use_shelf(Box::new(MemoryShelf::new(limit)));
    }

    #[test]
    fn files_are_written_read_listed_renamed_and_removed() {
        fresh(None);
        let dir = Path::new("/sanqi/records");
        assert!(metadata(dir).is_err());
        create_dir_all(dir).expect("made");
        assert!(metadata(dir).expect("there").is_dir());
        assert!(metadata(Path::new("/sanqi")).expect("there").is_dir());
        write(dir.join("a.json"), b"{}").expect("written");
        write(Path::new("/sanqi/settings.json"), "{\"version\":1}").expect("written");
        assert_eq!(read(dir.join("a.json")).expect("read"), b"{}");
        let m = metadata(dir.join("a.json")).expect("there");
        assert!(m.is_file() && m.len() == 2);
        let mut names: Vec<_> = read_dir(Path::new("/sanqi"))
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["records", "settings.json"]);
        rename(dir.join("a.json"), dir.join("b.json")).expect("renamed");
        assert_eq!(
            read(dir.join("a.json")).map_err(|e| e.kind()),
            Err(io::ErrorKind::NotFound)
        );
        assert_eq!(read(dir.join("b.json")).expect("read"), b"{}");
        assert_eq!(
            hard_link(dir.join("b.json"), Path::new("/sanqi/settings.json")).map_err(|e| e.kind()),
            Err(io::ErrorKind::AlreadyExists)
        );
        remove_file(dir.join("b.json")).expect("removed");
        assert_eq!(read_dir(dir).expect("listed").count(), 0);
        // Bytes that are not text come back as they went.
        let odd = [0u8, 255, 128, 10];
        write(Path::new("/sanqi/odd"), odd).expect("written");
        assert_eq!(read(Path::new("/sanqi/odd")).expect("read"), odd);
    }

    #[test]
    fn an_open_file_reads_and_writes_back_on_flush() {
        fresh(None);
        create_dir_all(Path::new("/d")).expect("made");
        let path = Path::new("/d/f.txt");
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .expect("created");
        assert_eq!(
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .map(drop)
                .map_err(|e| e.kind()),
            Err(io::ErrorKind::AlreadyExists)
        );
        file.write_all(b"hello ").expect("written");
        file.write_all(b"world").expect("written");
        file.sync_all().expect("flushed");
        let mut text = String::new();
        File::open(path)
            .expect("opened")
            .read_to_string(&mut text)
            .expect("read");
        assert_eq!(text, "hello world");
    }

    /// What the atomic writer does (`super::write_atomic`): the bytes to a new temporary
    /// file in the same folder, flushed, then renamed over the file.
    fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let temp = crate::files::temp_path(path.parent().unwrap_or(Path::new("/")), "f");
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        drop(file);
        let result = written.and_then(|()| rename(&temp, path));
        if result.is_err() {
            let _ = remove_file(&temp);
        }
        result
    }

    /// The atomic writer's temporary file stays in memory: a file takes its room once.
    #[test]
    fn temporaries_never_reach_the_storage() {
        fresh(Some(200));
        let dir = Path::new("/sanqi");
        create_dir_all(dir).expect("made");
        let big = "x".repeat(120);
        write_atomic(&dir.join("settings.json"), big.as_bytes())
            .expect("written in one go, though two copies would not fit");
        assert_eq!(
            read(dir.join("settings.json")).expect("read"),
            big.as_bytes()
        );
        let names: Vec<_> = read_dir(dir)
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(names, ["settings.json"]);
        assert!(TEMPORARY.with(|t| t.borrow().is_empty()));
    }

    /// A full storage refuses the write and keeps what it held.
    #[test]
    fn a_full_storage_says_so_and_loses_nothing() {
        fresh(Some(300));
        let dir = Path::new("/sanqi");
        create_dir_all(dir).expect("made");
        let path = dir.join("history.json");
        let old = "h".repeat(150);
        write_atomic(&path, old.as_bytes()).expect("written");
        let error = write_atomic(&path, "y".repeat(400).as_bytes()).expect_err("no room");
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(read(&path).expect("still there"), old.as_bytes());
        let error = hard_link(&path, dir.join("copy.json")).expect_err("no room");
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        let names: Vec<_> = read_dir(dir)
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(names, ["history.json"]);
        assert!(TEMPORARY.with(|t| t.borrow().is_empty()));
    }

    #[test]
    fn no_storage_is_an_error_not_a_panic() {
        SHELF.with(|s| *s.borrow_mut() = None);
        let error = write(Path::new("/sanqi/x"), b"x").expect_err("nowhere to write");
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        assert!(metadata(Path::new("/sanqi/x")).is_err());
    }
}
