//! Reading and writing the user's files safely, for the app's store and the command line
//! alike.
//!
//! - [`open_regular`] is the one way Sanqi opens a file it reads: records, settings, the
//!   Flying table and its checkpoint, self-play data, weights and books. It refuses anything
//!   but a regular file, on the open handle itself, and a file over a size limit, so that a
//!   FIFO, a device (`/dev/zero`), a kernel file that waits for data (`/proc/kmsg`), a folder
//!   or a huge file can neither hang the program nor fill its memory: each is a
//!   [`ReadError`]. [`read_regular_file`] reads such a file whole, and [`read_bounded`] reads
//!   any stream (another program's output) up to a limit.
//! - [`write_atomic`] (and [`write_atomic_with`], for a file written in pieces) writes a whole
//!   file or nothing: the bytes go to a temporary file in the same folder, which is flushed
//!   to disk and renamed over the old one, so a reader sees the old file or the new one,
//!   never a torn one. It never opens the old file, so a FIFO left where the file should be
//!   is simply replaced. A symbolic link is followed: the file it leads to is replaced and
//!   the link stays ([`link_destination`]). Every file Sanqi writes goes through it: the
//!   app's store, records, the Flying table and its checkpoints. On Windows, too,
//!   `fs::rename` replaces the old file (`SetFileInformationByHandle` with POSIX semantics
//!   on Windows 10 1607 and later, else `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING`).
//! - [`write_new`] and [`write_new_numbered`] write a whole file under a name that must be
//!   free, never replacing one.
//! - [`output`] is how a command writes what it was asked to write: its outputs are checked
//!   before it does any work (no special file, no input, no other output, a folder that takes
//!   files) and then written by the writers above.
//! - [`interrupt`]: a command interrupted in the middle of one of these writes finishes it
//!   first, so that no temporary file is left behind.
//! - On Windows all of them refuse a file name that Windows cannot hold, such as `CON` or
//!   `game.` ([`windows_names`]), before touching the disk.

use std::fmt;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use web_time::SystemTime;

#[cfg(any(target_arch = "wasm32", test))]
pub mod browser;
pub mod interrupt;
pub mod output;
#[cfg(target_arch = "wasm32")]
pub use browser as fs;
use fs::{File, OpenOptions};
/// The file system: the standard library's, or in the browser the one kept in the page's
/// storage ([`browser`]), which has the same calls for what Sanqi does with files.
#[cfg(not(target_arch = "wasm32"))]
pub use std::fs;
pub mod windows_names;
use interrupt::Writing;
pub use windows_names::NameProblem;
use windows_names::path_problem_here;

/// In the web build, the folder whose files live in memory while the page is open (records
/// uploaded or dropped on the page), never in the page's storage.
pub const IN_MEMORY: &str = "/opened";
/// In the web build, the folder whose files are handed to the person as downloads.
pub const DOWNLOADS: &str = "/downloads";

/// The largest file Sanqi reads: far more than any record or settings file needs.
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// An I/O failure as the system described it, kept as plain data so that errors holding one
/// can be compared and cloned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoFailure {
    /// The kind of failure.
    pub kind: io::ErrorKind,
    /// The system's description, such as "Permission denied (os error 13)".
    pub message: String,
}

impl From<io::Error> for IoFailure {
    fn from(e: io::Error) -> IoFailure {
        IoFailure {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

impl fmt::Display for IoFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// There is no such file (or a folder on its path is missing or is a file).
    NotFound,
    /// The path names a folder.
    Folder,
    /// The path names something other than a regular file or a folder: a FIFO, a socket, a
    /// device. Such a thing is never opened, as opening or reading it may never end.
    NotRegular,
    /// The file is larger than `limit` bytes.
    TooLarge {
        /// The largest size read, in bytes.
        limit: u64,
    },
    /// The file's name is one that this system cannot hold as a file (on Windows, `CON` or
    /// `game.`), so it is not opened.
    BadName(NameProblem),
    /// The system refused (permissions, an I/O error …).
    Io(IoFailure),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotFound => f.write_str("there is no such file"),
            ReadError::Folder => f.write_str("it is a folder, not a file"),
            ReadError::NotRegular => f.write_str("it is not a regular file"),
            ReadError::TooLarge { limit } => {
                write!(f, "the file is larger than {}", size_text(*limit))
            }
            ReadError::BadName(problem) => problem.fmt(f),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        match e.kind() {
            io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => ReadError::NotFound,
            io::ErrorKind::IsADirectory => ReadError::Folder,
            _ => ReadError::Io(e.into()),
        }
    }
}

/// A size in bytes for a message: `16 MiB`, `300 KiB` or `12 bytes`.
pub fn size_text(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// A regular file opened for reading by [`open_regular`], with what its handle said of it
/// when it was checked.
#[derive(Debug)]
pub struct RegularFile {
    file: File,
    metadata: fs::Metadata,
}

impl RegularFile {
    /// Its length in bytes when it was opened.
    pub fn length(&self) -> u64 {
        self.metadata.len()
    }

    /// What the system said of it when it was opened (its time of change, say).
    pub fn metadata(&self) -> &fs::Metadata {
        &self.metadata
    }

    /// The open file, for positional reads.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// The open file, to read and write as it is (a file opened by
    /// [`open_regular_to_update`]).
    pub fn into_file(self) -> File {
        self.file
    }

    /// A reader of the file from its start that stops at the length it had when it was
    /// opened.
    pub fn reader(self) -> io::Take<File> {
        let length = self.length();
        self.into_file().take(length)
    }

    /// Reads the whole file, never more than the length it had when it was opened: a file
    /// that grows meanwhile is read only that far.
    pub fn read_all(self) -> Result<Vec<u8>, ReadError> {
        let mut bytes = Vec::with_capacity(usize::try_from(self.length()).unwrap_or(0));
        self.reader().read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// Opens `path` for reading as a regular file of at most `limit` bytes: the one way Sanqi
/// opens a file it reads.
///
/// - Anything else at `path` is refused before it is opened (opening some devices does
///   something of its own); a symbolic link counts as what it points to.
/// - It is opened without waiting (on Unix with `O_NONBLOCK`, so that a FIFO put there in
///   the meantime cannot hold the open, and `O_NOCTTY`), then checked again on the open
///   handle, which nothing can swap. Only then are reads made to wait again as usual.
/// - On Linux, a file of the kernel's own file systems (`/proc`, `/sys` …) is refused too:
///   such a file calls itself regular, yet a read of `/proc/kmsg` waits for ever.
pub fn open_regular(path: &Path, limit: u64) -> Result<RegularFile, ReadError> {
    open_checked(path, limit, false)
}

/// Opens `path` as [`open_regular`] does, for reading and writing: a file that is read, then
/// continued (a self-play file resumed).
pub fn open_regular_to_update(path: &Path, limit: u64) -> Result<RegularFile, ReadError> {
    open_checked(path, limit, true)
}

fn open_checked(path: &Path, limit: u64, write: bool) -> Result<RegularFile, ReadError> {
    if let Some(problem) = path_problem_here(path) {
        return Err(ReadError::BadName(problem));
    }
    check_regular(&fs::metadata(path)?, limit)?;
    open_handle(path, limit, write)
}

/// The open and the checks on the handle of [`open_checked`].
fn open_handle(path: &Path, limit: u64, write: bool) -> Result<RegularFile, ReadError> {
    let file = open_without_waiting(path, write)?;
    // Checked again on what was opened, in case the path changed in between.
    let metadata = file.metadata()?;
    check_regular(&metadata, limit)?;
    #[cfg(target_os = "linux")]
    if on_kernel_file_system(&file) {
        return Err(ReadError::NotRegular);
    }
    #[cfg(unix)]
    wait_on_reads(&file)?;
    Ok(RegularFile { file, metadata })
}

/// Opens a file for reading (and writing) without waiting for a FIFO's other end (on Unix;
/// elsewhere as usual), nor making a terminal the program's own.
fn open_without_waiting(path: &Path, write: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(write);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// Reads a whole regular file of at most `limit` bytes (see [`open_regular`]).
pub fn read_regular_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    open_regular(path, limit)?.read_all()
}

/// Reads `reader` to its end, or fails with [`ReadError::TooLarge`] as soon as it holds more
/// than `limit` bytes (what is left is not read).
pub fn read_bounded(reader: impl Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

fn check_regular(metadata: &fs::Metadata, limit: u64) -> Result<(), ReadError> {
    if metadata.is_dir() {
        Err(ReadError::Folder)
    } else if !metadata.is_file() {
        Err(ReadError::NotRegular)
    } else if metadata.len() > limit {
        Err(ReadError::TooLarge { limit })
    } else {
        Ok(())
    }
}

/// Whether an open file lives on one of the kernel's own file systems, whose "regular"
/// files are windows on the kernel: some wait for events, some never end.
#[cfg(target_os = "linux")]
fn on_kernel_file_system(file: &File) -> bool {
    use std::os::fd::AsRawFd;
    // The magic numbers of `statfs(2)`: proc, sysfs, debugfs, tracefs, securityfs, configfs,
    // efivarfs, pstore, bpf, cgroup and cgroup2.
    const KERNEL: [u32; 11] = [
        0x9fa0,
        0x6265_6572,
        0x6462_6720,
        0x7472_6163,
        0x7363_6673,
        0x6265_6570,
        0xde5e_81e4,
        0x6165_676c,
        0xcafe_4a11,
        0x0027_e0eb,
        0x6367_7270,
    ];
    let mut stat = std::mem::MaybeUninit::<libc::statfs>::uninit();
    // SAFETY: the descriptor is open for as long as `file` is borrowed, and `stat` is a
    // buffer of the type `fstatfs` fills.
    let filled = unsafe { libc::fstatfs(file.as_raw_fd(), stat.as_mut_ptr()) } == 0;
    if !filled {
        return false;
    }
    // SAFETY: `fstatfs` succeeded, so it filled `stat`.
    let stat = unsafe { stat.assume_init() };
    // The type's width differs between systems; the magic numbers are 32 bits.
    KERNEL.contains(&((stat.f_type as u64 & 0xffff_ffff) as u32))
}

/// Clears `O_NONBLOCK` on an open regular file, so that its reads wait as usual.
#[cfg(unix)]
fn wait_on_reads(file: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: `fd` is open for as long as `file` is borrowed; F_GETFL and F_SETFL only read
    // and set its status flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags == -1 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: to a temporary file in the same folder (named with
/// the process id and a counter, so concurrent writers never share one), flushed to disk,
/// then renamed over `path`. On failure the temporary file is removed and `path` is left as
/// it was. A name that this system cannot hold is an [`io::ErrorKind::InvalidFilename`]
/// error holding its [`NameProblem`]. The first write into a folder sweeps it of the
/// temporary files that writers killed mid-write left there ([`sweep_stale_temporaries`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Writes a file atomically as [`write_atomic`] does, its bytes written by `fill` (a large
/// file in pieces, without holding it all in memory). If `fill` fails, nothing is renamed.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    if let Some(problem) = path_problem_here(path) {
        return Err(io::Error::new(io::ErrorKind::InvalidFilename, problem));
    }
    // A link stays a link: the file it leads to is the one replaced.
    let destination = link_destination(path)?;
    let path = destination.as_path();
    let dir = folder_of(path);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    sweep_once(dir);
    // An interruption waits until the temporary file has its final name or is gone.
    let _writing = Writing::begin()?;
    let temp = temp_path(dir, &name);
    // The temporary file stays open, and so locked, until it has its final name.
    let result = write_new_file_with(&temp, fill).and_then(|file| {
        fs::rename(&temp, path)?;
        drop(file);
        Ok(())
    });
    match result {
        Ok(()) => {
            sync_dir(dir);
            Ok(())
        }
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// How many links [`link_destination`] follows before it calls them a loop (Linux's own
/// limit).
#[cfg(not(target_arch = "wasm32"))]
const MAX_LINKS: usize = 40;

/// Where a write to `path` lands: the page's storage has no links, so `path` itself.
#[cfg(target_arch = "wasm32")]
pub fn link_destination(path: &Path) -> io::Result<PathBuf> {
    Ok(path.to_path_buf())
}

/// Where a write to `path` lands: `path` itself, or, if it is a symbolic link, the path it
/// leads to (through every link of a chain, each relative to the folder of the link that
/// names it), whether or not a file is there yet. A chain that goes round in a loop is an
/// error. Only the last part of the path is followed: the folders above it are the
/// system's to resolve.
#[cfg(not(target_arch = "wasm32"))]
pub fn link_destination(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = if target.is_absolute() {
                    target
                } else {
                    folder_of(&current).join(target)
                };
            }
            _ => return Ok(current),
        }
    }
    // The system's own error for a loop, as opening the path would give it.
    #[cfg(unix)]
    let code = libc::ELOOP;
    // ERROR_CANT_RESOLVE_FILENAME
    #[cfg(not(unix))]
    let code = 1921;
    Err(io::Error::from_raw_os_error(code))
}

/// The folder a file is in: `.` for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Why [`write_new_numbered`] wrote nothing.
#[derive(Debug)]
pub enum NewFileError {
    /// Every name it may take is taken.
    NoFreeName,
    /// Writing failed.
    Write {
        /// The file it was writing.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
}

/// How many names [`write_new_numbered`] tries: `base.ext`, then `base-2.ext` up to this.
pub const MAX_NUMBERED_NAMES: u32 = 10_000;

/// Writes `bytes` to a new file at `path`, which must not exist yet: the complete file is
/// written under a temporary name and then linked to `path` (a hard link fails if the name
/// exists; where the file system has none, `path` is created exclusively and written
/// there). An existing file is never replaced, and a failure (a full disk) leaves nothing
/// behind. Like [`write_atomic`], the first write into a folder sweeps it of stale
/// temporary files.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(problem) = path_problem_here(path) {
        return Err(io::Error::new(io::ErrorKind::InvalidFilename, problem));
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    let dir = folder_of(path);
    via_temporary(dir, &name, bytes, |temp| link_new(temp, path, bytes))?
}

/// Writes `bytes` to a temporary file in `dir` standing in for `name`, flushed to disk, then
/// lets `place` give it its final name (or names) while it is still open and locked, and
/// removes the temporary name. The folder's entries are flushed to disk after `place`.
fn via_temporary<T>(
    dir: &Path,
    name: &str,
    bytes: &[u8],
    place: impl FnOnce(&Path) -> T,
) -> io::Result<T> {
    sweep_once(dir);
    // An interruption waits until the temporary name is removed.
    let _writing = Writing::begin()?;
    let temp = temp_path(dir, name);
    let file = write_new_file_with(&temp, |out| out.write_all(bytes)).inspect_err(|_| {
        let _ = fs::remove_file(&temp);
    })?;
    let placed = place(&temp);
    drop(file);
    let _ = fs::remove_file(&temp);
    sync_dir(dir);
    Ok(placed)
}

/// Writes `bytes` to a new file in `dir` named `{base}.{extension}`, or if that is taken
/// `{base}-2.{extension}`, `{base}-3.{extension}` …, and returns its path (an empty
/// `extension` names the files without one). An existing file is never replaced, whoever
/// else writes into `dir` at the same time: the complete file is written under a temporary
/// name and then linked to the first free name, as [`write_new`] does.
pub fn write_new_numbered(
    dir: &Path,
    base: &str,
    extension: &str,
    bytes: &[u8],
) -> Result<PathBuf, NewFileError> {
    let named = |n: u32| {
        let base = if n == 1 {
            base.to_string()
        } else {
            format!("{base}-{n}")
        };
        if extension.is_empty() {
            dir.join(base)
        } else {
            dir.join(format!("{base}.{extension}"))
        }
    };
    let first = named(1);
    let failed = |path: &Path, error: io::Error| NewFileError::Write {
        path: path.to_path_buf(),
        error,
    };
    if let Some(problem) = path_problem_here(&first) {
        return Err(failed(
            &first,
            io::Error::new(io::ErrorKind::InvalidFilename, problem),
        ));
    }
    let name = first
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    via_temporary(dir, &name, bytes, |temp| {
        (1..=MAX_NUMBERED_NAMES)
            .find_map(|n| {
                let target = named(n);
                match link_new(temp, &target, bytes) {
                    Ok(()) => Some(Ok(target)),
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => None,
                    Err(e) => Some(Err(failed(&target, e))),
                }
            })
            .unwrap_or(Err(NewFileError::NoFreeName))
    })
    .map_err(|e| failed(&first, e))?
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

/// The end of every temporary file's name.
const TEMP_SUFFIX: &str = ".tmp";

/// A temporary file name in `dir` that no other write uses: hidden, named after the file it
/// stands in for, the process and a counter, ending in `.tmp`.
pub(crate) fn temp_path(dir: &Path, name: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}.{}-{n}{TEMP_SUFFIX}", process_id()))
}

/// This process's number; the web page has none (its files are its own), so 0 there.
fn process_id() -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    return std::process::id();
    #[cfg(target_arch = "wasm32")]
    0
}

/// The process that wrote a temporary file, if `name` is one of [`temp_path`]'s names:
/// `.{name}.{process}-{counter}.tmp`.
fn temp_writer(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(TEMP_SUFFIX)?;
    let (stands_for, numbers) = inner.rsplit_once('.')?;
    let (process, counter) = numbers.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if stands_for.is_empty() || !digits(process) || !digits(counter) {
        return None;
    }
    process.parse().ok()
}

/// How long a temporary file whose writer is gone stays untouched before it is swept: far
/// longer than the moment between its creation and its lock.
const STALE_WRITER_GONE: Duration = Duration::from_secs(2);
/// How long any unlocked temporary file stays untouched before it is swept, its writer's
/// number taken by another process or unknown.
const STALE_ANYWAY: Duration = Duration::from_secs(3600);

/// Removes the temporary files in `dir` that writers killed mid-write left behind, and
/// returns how many. Only files named as [`temp_path`] names them are looked at, and one is
/// removed only if nothing writes it: no process holds its lock (a writer locks its
/// temporary file from its creation until it has its final name), and either the process
/// that made it is gone and it has been untouched for [`STALE_WRITER_GONE`], or it has been
/// untouched for [`STALE_ANYWAY`]. Anything that cannot be checked is left alone.
pub fn sweep_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut swept = 0;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(writer) = name.to_str().and_then(temp_writer) else {
            continue;
        };
        // Not followed: a link is never one of ours.
        let Ok(metadata) = entry.metadata() else {
            continue;
        };
        let Some(untouched) = metadata
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
        else {
            continue;
        };
        let stale = untouched >= STALE_ANYWAY
            || (untouched >= STALE_WRITER_GONE && process_is_gone(writer));
        if !metadata.is_file() || !stale {
            continue;
        }
        let path = entry.path();
        let Ok(file) = open_without_waiting(&path, false) else {
            continue;
        };
        if file.try_lock().is_ok() && fs::remove_file(&path).is_ok() {
            swept += 1;
        }
    }
    swept
}

/// Sweeps `dir` ([`sweep_stale_temporaries`]) the first time this process writes into it.
fn sweep_once(dir: &Path) {
    static SWEPT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let mut swept = SWEPT.lock().unwrap_or_else(|e| e.into_inner());
    if swept.iter().any(|d| d == dir) {
        return;
    }
    swept.push(dir.to_path_buf());
    drop(swept);
    sweep_stale_temporaries(dir);
}

/// Whether process `id` is known to be gone from this system.
fn process_is_gone(id: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(id) = libc::pid_t::try_from(id) else {
            return false;
        };
        if id <= 0 {
            return false;
        }
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let answer = unsafe { libc::kill(id, 0) };
        answer == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = id;
        false
    }
}

/// Creates a file that must not exist yet, writes `bytes` and flushes them to disk. A file
/// left incomplete by an error is removed.
pub(crate) fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // An interruption waits until the file is whole, or removed.
    let _writing = Writing::begin()?;
    write_new_file_with(path, |out| out.write_all(bytes)).map(drop)
}

/// The size of the buffer between a writer's `fill` and the file: large writes pass through
/// it at once.
const WRITE_BUFFER: usize = 1 << 16;

/// Creates a file that must not exist yet, locks it (so that no sweep takes it for a stale
/// one), lets `fill` write it and flushes it to disk; returns it, still open and locked. A
/// file left incomplete by an error is removed.
fn write_new_file_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<File> {
    let file = OpenOptions::new().write(true).create_new(true).open(path)?;
    // A system without locks still writes; only the sweep is less sure then.
    let _ = file.try_lock();
    let mut writer = BufWriter::with_capacity(WRITE_BUFFER, file);
    let result = fill(&mut writer)
        .and_then(|()| writer.flush())
        .and_then(|()| writer.get_ref().sync_all());
    match result {
        Ok(()) => writer.into_inner().map_err(io::IntoInnerError::into_error),
        Err(e) => {
            drop(writer);
            let _ = fs::remove_file(path);
            Err(e)
        }
    }
}

/// Flushes a folder's entries (a rename) to disk where the system allows it.
pub(crate) fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_text(MAX_FILE_SIZE), "16 MiB");
        assert_eq!(size_text(300 * 1024), "300 KiB");
        assert_eq!(size_text(1000), "1000 bytes");
    }

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("f");
        assert_eq!(read_regular_file(&path, 10), Err(ReadError::NotFound));
        assert_eq!(
            read_regular_file(&path.join("below"), 10),
            Err(ReadError::NotFound)
        );
        fs::write(&path, b"0123456789").expect("written");
        assert_eq!(read_regular_file(&path, 10), Ok(b"0123456789".to_vec()));
        assert_eq!(
            read_regular_file(&path, 9),
            Err(ReadError::TooLarge { limit: 9 })
        );
        assert_eq!(read_regular_file(dir.path(), 10), Err(ReadError::Folder));
        #[cfg(unix)]
        assert_eq!(
            read_regular_file(Path::new("/dev/null"), 10),
            Err(ReadError::NotRegular)
        );
    }

    /// Runs `f` on a thread of its own, failing if it has not finished after a generous time:
    /// what it guards against is a hang.
    #[cfg(unix)]
    fn without_hanging<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(std::time::Duration::from_secs(20))
            .expect("it hangs")
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused_on_its_handle_without_waiting() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        // The open itself, as if the FIFO had taken the file's place after the first check:
        // without a writer, a plain open would wait for one.
        let opened = without_hanging(move || open_handle(&fifo, 10, false).map(|_| ()));
        assert_eq!(opened, Err(ReadError::NotRegular));
        // A link to a device counts as the device, and is refused before it is opened.
        let zero = dir.path().join("zero.verified");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link");
        assert_eq!(
            without_hanging(move || read_regular_file(&zero, 1 << 20)),
            Err(ReadError::NotRegular)
        );
        assert_eq!(
            without_hanging(|| open_handle(Path::new("/dev/zero"), 1 << 20, false).map(|_| ())),
            Err(ReadError::NotRegular)
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn kernel_files_are_refused_though_they_call_themselves_regular() {
        let status = Path::new("/proc/self/status");
        if !fs::metadata(status).is_ok_and(|m| m.is_file()) {
            eprintln!("no /proc here: skipped");
            return;
        }
        assert_eq!(
            read_regular_file(status, 1 << 20),
            Err(ReadError::NotRegular)
        );
        // `/proc/kmsg` waits for the kernel's next message; without the right to read it,
        // its open fails at once.
        if Path::new("/proc/kmsg").exists() {
            let read = without_hanging(|| read_regular_file(Path::new("/proc/kmsg"), 1 << 20));
            assert!(
                matches!(read, Err(ReadError::NotRegular | ReadError::Io(_))),
                "{read:?}"
            );
        }
    }

    #[test]
    fn a_file_is_read_only_as_far_as_its_length_when_opened() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("growing");
        fs::write(&path, b"0123").expect("written");
        let opened = open_regular(&path, 10).expect("opened");
        assert_eq!(opened.length(), 4);
        fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(b"456789abcdef"))
            .expect("appended");
        assert_eq!(opened.read_all(), Ok(b"0123".to_vec()));
    }

    /// A temporary file as [`temp_path`] names them, written by process `writer` and last
    /// changed `age` ago.
    fn temporary(dir: &Path, writer: u32, age: Duration) -> PathBuf {
        let path = dir.join(format!(".play.json.{writer}-7{TEMP_SUFFIX}"));
        let file = File::create(&path).expect("created");
        file.set_modified(SystemTime::now() - age).expect("a time");
        path
    }

    /// The number of a process that has ended.
    fn ended_process() -> u32 {
        let mut child = std::process::Command::new(std::env::current_exe().expect("this test"))
            .arg("--list")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("a process");
        let id = child.id();
        child.wait().expect("it ends");
        id
    }

    #[test]
    fn temporary_names_are_told_apart_from_other_names() {
        assert_eq!(temp_writer(".play.json.123-4.tmp"), Some(123));
        assert_eq!(temp_writer(".a.b.c.9-0.tmp"), Some(9));
        let dir = Path::new("folder");
        let made = temp_path(dir, "x.json");
        let name = made.file_name().and_then(|n| n.to_str()).expect("a name");
        assert_eq!(temp_writer(name), Some(std::process::id()));
        for other in [
            "play.json.123-4.tmp",
            ".play.json.123-4.tmp~",
            "..123-4.tmp",
            ".play.json.12a-4.tmp",
            ".play.json.123-.tmp",
            ".play.json.123.tmp",
            ".notes.tmp",
        ] {
            assert_eq!(temp_writer(other), None, "{other}");
        }
    }

    #[test]
    fn only_stale_temporary_files_nobody_writes_are_swept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let here = std::process::id();
        let gone = ended_process();
        let minute = Duration::from_secs(60);
        let day = Duration::from_secs(86_400);
        // Its writer is gone: swept.
        let orphan = temporary(dir.path(), gone, minute);
        // Its writer is gone, but it changed a moment ago: perhaps a writer elsewhere.
        fs::create_dir(dir.path().join("fresh")).expect("a folder");
        let fresh = temporary(&dir.path().join("fresh"), gone, Duration::ZERO);
        // Its writer lives (this process) and it is recent: kept.
        let dir2 = tempfile::tempdir().expect("a temporary folder");
        let live = temporary(dir2.path(), here, minute);
        // Untouched for a day and nobody holds it: swept, whoever made it.
        let forgotten = dir.path().join(format!(".old.json.{here}-1{TEMP_SUFFIX}"));
        File::create(&forgotten)
            .and_then(|f| f.set_modified(SystemTime::now() - day))
            .expect("written");
        // Untouched for a day but locked by a writer: kept.
        let held = dir.path().join(format!(".held.json.{here}-2{TEMP_SUFFIX}"));
        let holder = File::create(&held).expect("created");
        holder
            .set_modified(SystemTime::now() - day)
            .expect("a time");
        holder.try_lock().expect("locked");
        // Not one of ours, however old.
        let other = dir.path().join(".notes.tmp");
        File::create(&other)
            .and_then(|f| f.set_modified(SystemTime::now() - day))
            .expect("written");
        #[cfg(unix)]
        let link = {
            let link = dir
                .path()
                .join(format!(".linked.json.{gone}-3{TEMP_SUFFIX}"));
            std::os::unix::fs::symlink(&other, &link).expect("a link");
            link
        };
        assert_eq!(sweep_stale_temporaries(dir.path()), 2);
        assert!(!orphan.exists() && !forgotten.exists());
        assert!(held.exists() && other.exists());
        #[cfg(unix)]
        assert!(fs::symlink_metadata(&link).is_ok());
        drop(holder);
        assert_eq!(sweep_stale_temporaries(dir.path()), 1);
        assert!(!held.exists());
        // Elsewhere: a recent file of a gone writer, or of a living one, stays.
        assert_eq!(sweep_stale_temporaries(&dir.path().join("fresh")), 0);
        assert!(fresh.exists());
        assert_eq!(sweep_stale_temporaries(dir2.path()), 0);
        assert!(live.exists());
    }

    #[test]
    fn numbered_files_never_replace_one_another() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let stale = temporary(dir.path(), ended_process(), Duration::from_secs(60));
        fs::write(dir.path().join("game-0001.json"), b"mine").expect("written");
        let written = write_new_numbered(dir.path(), "game-0001", "json", b"new").expect("written");
        assert_eq!(written, dir.path().join("game-0001-2.json"));
        assert_eq!(
            fs::read(dir.path().join("game-0001.json")).expect("read"),
            b"mine"
        );
        assert_eq!(fs::read(&written).expect("read"), b"new");
        // The first write into the folder swept it; no temporary file of its own is left.
        assert!(!stale.exists());
        let threads: Vec<_> = (0..8)
            .map(|i| {
                let dir = dir.path().to_path_buf();
                std::thread::spawn(move || {
                    write_new_numbered(&dir, "game-0001", "json", format!("{i}").as_bytes())
                        .expect("written")
                })
            })
            .collect();
        let mut names: Vec<PathBuf> = threads
            .into_iter()
            .map(|t| t.join().expect("a thread"))
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 8);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .expect("a folder")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        left.sort();
        assert_eq!(left.len(), 10, "{left:?}");
        assert!(left.iter().all(|n| !n.ends_with(TEMP_SUFFIX)), "{left:?}");
    }

    #[test]
    fn a_stream_is_read_up_to_its_limit() {
        assert_eq!(read_bounded(&b"12345"[..], 5), Ok(b"12345".to_vec()));
        assert_eq!(
            read_bounded(io::repeat(b'y'), 1000),
            Err(ReadError::TooLarge { limit: 1000 })
        );
    }
}
