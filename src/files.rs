//! Reading and writing the user's files safely, for the app's store and the command line
//! alike.
//!
//! - [`read_regular_file`] opens only regular files and never reads more than a limit, so a
//!   FIFO, a device (`/dev/zero`), a folder or a huge file can neither hang the program nor
//!   fill its memory: each is a [`ReadError`].
//! - [`write_atomic`] writes a whole file or nothing: the bytes go to a temporary file in the
//!   same folder, which is flushed to disk and renamed over the old one, so a reader sees the
//!   old file or the new one, never a torn one. It never opens the old file, so a FIFO left
//!   where the file should be is simply replaced. On Windows, too, `fs::rename` replaces the
//!   old file (`SetFileInformationByHandle` with POSIX semantics on Windows 10 1607 and later,
//!   else `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING`).
//! - On Windows both refuse a file name that Windows cannot hold, such as `CON` or `game.`
//!   ([`windows_names`]), before touching the disk.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub mod windows_names;
pub use windows_names::NameProblem;
use windows_names::path_problem_here;

/// The largest file Sanqi reads: far more than any record or settings file needs.
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// An I/O failure as the system described it, kept as plain data so that errors holding one
/// can be compared and cloned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoFailure {
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
    TooLarge { limit: u64 },
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

/// Reads a whole regular file of at most `limit` bytes. Anything else at `path` is refused
/// before it is opened (a symbolic link counts as what it points to).
pub fn read_regular_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    if let Some(problem) = path_problem_here(path) {
        return Err(ReadError::BadName(problem));
    }
    check_regular(&fs::metadata(path)?, limit)?;
    let file = File::open(path)?;
    // Checked again on what was opened, in case the path changed in between.
    let metadata = file.metadata()?;
    check_regular(&metadata, limit)?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    // The file may grow while it is read: never take more than the limit.
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
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

/// Writes `bytes` to `path` atomically: to a temporary file in the same folder (named with
/// the process id and a counter, so concurrent writers never share one), flushed to disk,
/// then renamed over `path`. On failure the temporary file is removed and `path` is left as
/// it was. A name that this system cannot hold is an [`io::ErrorKind::InvalidFilename`]
/// error holding its [`NameProblem`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(problem) = path_problem_here(path) {
        return Err(io::Error::new(io::ErrorKind::InvalidFilename, problem));
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
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
            Err(e)
        }
    }
}

/// A temporary file name in `dir` that no other write uses: hidden, named after the file it
/// stands in for, the process and a counter, ending in `.tmp`.
pub(crate) fn temp_path(dir: &Path, name: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// Creates a file that must not exist yet, writes `bytes` and flushes them to disk. A file
/// left incomplete by an error is removed.
pub(crate) fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    let result = file.write_all(bytes).and_then(|()| file.sync_all());
    if result.is_err() {
        drop(file);
        let _ = fs::remove_file(path);
    }
    result
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
}
