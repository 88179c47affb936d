//! The outputs of a command, checked before it does any work and then written: the one way a
//! command writes a file it was asked to write (weights, a curve, a book, self-play data, the
//! Flying table and its checkpoint, records).
//!
//! [`plan`] looks at every output a command names, with the inputs it reads, and refuses at
//! once, in one [`OutputError`]:
//! - anything at an output's path that is not a regular file or absent: a folder, a FIFO, a
//!   device (`/dev/null` is never replaced), a socket, a link that leads nowhere or round in
//!   a loop. A link to a regular file is followed: the file it leads to is written, and the
//!   link stays;
//! - an output that is one of the inputs, or another output: the same file by device and
//!   inode (a hard link or another spelling of the path counts), or by path when absent;
//! - a folder that cannot be written: a file is created there and removed, which is the only
//!   sure test (the rights, a read-only file system, an ACL …);
//! - a name that names no file (`..`, `/`), or one Windows cannot hold.
//!
//! Each [`Planned`] output is then written in one atomic step ([`super::write_atomic`],
//! [`super::write_new`] or [`super::write_new_numbered`]): a full disk or a kill leaves the
//! old file or none, and never a torn one.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use super::{
    IoFailure, NameProblem, NewFileError, folder_of, path_problem_here, temp_path, write_atomic,
    write_atomic_with, write_new, write_new_numbered,
};
use crate::echo::quoted_path;

/// How a command means to write one output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Replaces the file at the path, or creates it.
    Replace,
    /// Creates a file that must not exist yet.
    New,
    /// Goes on with the file at the path (a self-play run resumed); creates it if absent.
    Continue,
    /// Writes a new file of that name, or if it is taken the first free `NAME-2.EXT`,
    /// `NAME-3.EXT` …: never an existing file.
    Numbered,
    /// A folder that new numbered files go into, made if missing.
    Folder,
}

/// One output a command names: what it is called on the command line, its path and how it
/// is written.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// What the command calls it (`--out`, `--curve`, `the checkpoint`), for messages.
    pub role: &'a str,
    /// Its path, as given.
    pub path: &'a Path,
    /// How it is written.
    pub kind: Kind,
    /// Whether the folder it goes into is made if missing (else a missing one is refused).
    pub make_folder: bool,
}

impl<'a> Output<'a> {
    /// An output of that kind whose folder must exist.
    pub fn new(role: &'a str, path: &'a Path, kind: Kind) -> Output<'a> {
        Output {
            role,
            path,
            kind,
            make_folder: false,
        }
    }

    /// The same output, its folder made if missing.
    pub fn making_folder(self) -> Output<'a> {
        Output {
            make_folder: true,
            ..self
        }
    }
}

/// One input a command reads, to be kept apart from its outputs.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// What the command calls it (`--data`, `--weights`).
    pub role: &'a str,
    /// Its path, as given.
    pub path: &'a Path,
}

/// What is wrong with an output (or with the inputs, for [`distinct_inputs`]), found before
/// any work was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputError {
    /// The path names no file: empty, `..`, `/`.
    NoName {
        /// The output's role.
        role: String,
        /// The path as given.
        path: PathBuf,
    },
    /// A name that this system cannot hold (Windows: `CON`, `game.`).
    BadName {
        /// The path as given.
        path: PathBuf,
        /// Why.
        problem: NameProblem,
    },
    /// Something other than a regular file is at the path (`what` names it: a folder, a
    /// FIFO, a device …).
    NotAFile {
        /// The path as given.
        path: PathBuf,
        /// What is there.
        what: &'static str,
    },
    /// A folder output's path holds something that is not a folder.
    NotAFolder {
        /// The path as given.
        path: PathBuf,
    },
    /// The path is a link that leads round in a loop.
    LinkLoop {
        /// The path as given.
        path: PathBuf,
    },
    /// The path is a link to something that does not exist.
    DanglingLink {
        /// The path as given.
        path: PathBuf,
    },
    /// A file that must be new exists.
    Exists {
        /// The output's role.
        role: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The folder an output goes into does not exist.
    NoFolder {
        /// The path as given.
        path: PathBuf,
        /// The missing folder.
        folder: PathBuf,
    },
    /// The folder an output goes into cannot be written (or made).
    Unwritable {
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// An output is one of the inputs.
    IsInput {
        /// The output's role.
        role: String,
        /// The input's role.
        input: String,
        /// The output's path as given.
        path: PathBuf,
    },
    /// Two outputs are the same file.
    SameOutput {
        /// The first output's role.
        first: String,
        /// The second output's role.
        second: String,
        /// The second output's path as given.
        path: PathBuf,
    },
    /// One input is given twice (under two names, perhaps).
    SameInput {
        /// The input's role.
        role: String,
        /// The second naming of it.
        path: PathBuf,
        /// The first naming of it.
        first: PathBuf,
    },
    /// The path could not be looked at.
    Io {
        /// The path as given.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cannot = |f: &mut fmt::Formatter<'_>, path: &Path| {
            write!(f, "cannot write {}: ", quoted_path(path))
        };
        match self {
            OutputError::NoName { role, path } => write!(
                f,
                "{role} {} names no file; give a file name",
                quoted_path(path)
            ),
            OutputError::BadName { path, problem } => {
                cannot(f, path)?;
                problem.fmt(f)
            }
            OutputError::NotAFile { path, what } => {
                cannot(f, path)?;
                write!(f, "it is {what}, not a regular file; name a file")
            }
            OutputError::NotAFolder { path } => {
                cannot(f, path)?;
                f.write_str("it is not a folder")
            }
            OutputError::LinkLoop { path } => {
                cannot(f, path)?;
                f.write_str("it is a link that leads round in a loop")
            }
            OutputError::DanglingLink { path } => {
                cannot(f, path)?;
                f.write_str("it is a link to a file that does not exist")
            }
            OutputError::Exists { role, path } => {
                write!(f, "{role} {} exists already", quoted_path(path))
            }
            OutputError::NoFolder { path, folder } => {
                cannot(f, path)?;
                write!(f, "there is no folder {}", quoted_path(folder))
            }
            OutputError::Unwritable { folder, error } => {
                write!(f, "cannot write into {}: {error}", quoted_path(folder))
            }
            OutputError::IsInput { role, input, path } => write!(
                f,
                "{role} {} is the {input} file it reads; name another file",
                quoted_path(path)
            ),
            OutputError::SameOutput {
                first,
                second,
                path,
            } => write!(
                f,
                "{first} and {second} name the same file {}; name two files",
                quoted_path(path)
            ),
            OutputError::SameInput { role, path, first } => {
                if path == first {
                    write!(f, "{role} {} is given twice", quoted_path(path))
                } else {
                    write!(
                        f,
                        "{role} {} is the same file as {}, given twice",
                        quoted_path(path),
                        quoted_path(first)
                    )
                }
            }
            OutputError::Io { path, error } => {
                cannot(f, path)?;
                error.fmt(f)
            }
        }
    }
}

impl std::error::Error for OutputError {}

/// An output that passed [`plan`]: where it goes, ready to be written.
#[derive(Clone, Debug)]
pub struct Planned {
    kind: Kind,
    /// The path as given.
    given: PathBuf,
    /// Where the bytes go: the given path, or the file a link there leads to.
    destination: PathBuf,
}

impl Planned {
    /// The path as the command was given it, for messages.
    pub fn given(&self) -> &Path {
        &self.given
    }

    /// Where the bytes go: the given path, or the file that a link there leads to.
    pub fn destination(&self) -> &Path {
        &self.destination
    }

    /// Checks again, just before writing, that nothing but a regular file has taken the
    /// destination's place since [`plan`] looked.
    pub fn recheck(&self) -> Result<(), OutputError> {
        if self.kind == Kind::Folder || self.kind == Kind::Numbered {
            return Ok(());
        }
        match fs::symlink_metadata(&self.destination) {
            Ok(metadata) if !metadata.is_file() => Err(not_a_file(&self.given, &metadata)),
            _ => Ok(()),
        }
    }

    /// Writes `bytes` as the output, in one atomic step, and returns the path written (for a
    /// numbered output, the name it took; else the path as given).
    pub fn write(&self, bytes: &[u8]) -> Result<PathBuf, WriteError> {
        self.recheck().map_err(WriteError::Refused)?;
        let failed = |path: &Path, error| WriteError::Io {
            path: path.to_path_buf(),
            error,
        };
        match self.kind {
            Kind::Replace => write_atomic(&self.destination, bytes)
                .map(|()| self.given.clone())
                .map_err(|e| failed(&self.given, e)),
            // A file to go on with is written whole only when it is new.
            Kind::New | Kind::Continue => write_new(&self.destination, bytes)
                .map(|()| self.given.clone())
                .map_err(|e| failed(&self.given, e)),
            Kind::Numbered => {
                let (folder, stem, extension) = numbered_parts(&self.destination);
                let written = write_new_numbered(&folder, &stem, &extension, bytes);
                // Named as the path was given (`w-2.svg`, not `./w-2.svg`).
                let written = written.map(|p| match p.file_name() {
                    Some(name) => self.given.with_file_name(name),
                    None => p,
                });
                written.map_err(|e| match e {
                    NewFileError::Write { path, error } => failed(&path, error),
                    NewFileError::NoFreeName => failed(
                        &self.given,
                        io::Error::new(
                            io::ErrorKind::AlreadyExists,
                            format!(
                                "it and every numbered name after it up to {} are taken",
                                super::MAX_NUMBERED_NAMES
                            ),
                        ),
                    ),
                })
            }
            Kind::Folder => Err(failed(
                &self.given,
                io::Error::new(io::ErrorKind::IsADirectory, "it is a folder"),
            )),
        }
    }

    /// Writes the output as [`Planned::write`] does, its bytes written by `fill` (a large
    /// file in pieces). Only for outputs that replace a file.
    pub fn write_with(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), WriteError> {
        self.recheck().map_err(WriteError::Refused)?;
        write_atomic_with(&self.destination, fill).map_err(|error| WriteError::Io {
            path: self.given.clone(),
            error,
        })
    }
}

/// Why writing a planned output failed.
#[derive(Debug)]
pub enum WriteError {
    /// Something not a file took its place since it was planned.
    Refused(OutputError),
    /// The system failed the write (a full disk …); nothing was left behind.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Refused(e) => e.fmt(f),
            WriteError::Io { path, error } => {
                write!(f, "cannot write {}: {error}", quoted_path(path))
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// The folder, stem and extension of a numbered output's first name (`w.svg` → `.`, `w`,
/// `svg`; a name without an extension keeps an empty one, written without its dot).
fn numbered_parts(path: &Path) -> (PathBuf, String, String) {
    let folder = folder_of(path).to_path_buf();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match split_extension(&name) {
        Some((stem, extension)) => (folder, stem.to_string(), extension.to_string()),
        None => (folder, name, String::new()),
    }
}

/// A file name's stem and extension, if it has one: the part after the last dot, when that
/// dot is neither the name's first character nor its last, and the stem is more than dots
/// (`..9` and `.hidden` have none).
pub fn split_extension(name: &str) -> Option<(&str, &str)> {
    let (stem, extension) = name.rsplit_once('.')?;
    if extension.is_empty() || stem.is_empty() || stem.chars().all(|c| c == '.') {
        return None;
    }
    Some((stem, extension))
}

/// `path` with its file name's extension replaced by `extension`, or `extension` added to a
/// name that has none (`w.weights` → `w.svg`, `..9` → `..9.svg`).
pub fn with_extension(path: &Path, extension: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = split_extension(&name).map_or(name.as_str(), |(stem, _)| stem);
    path.with_file_name(format!("{stem}.{extension}"))
}

/// What a file's identity is for comparing outputs and inputs: its device and inode where the
/// system has them, else its full path.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

/// The identity of an existing file (links followed), if it exists.
fn existing_identity(path: &Path) -> Option<Identity> {
    let metadata = fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Identity::Inode(metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        fs::canonicalize(path)
            .ok()
            .map(|p| Identity::Path(fold_case(p)))
    }
}

/// On systems whose names ignore case, a path compared without it.
fn fold_case(path: PathBuf) -> PathBuf {
    if cfg!(any(windows, target_os = "macos")) {
        PathBuf::from(path.to_string_lossy().to_lowercase())
    } else {
        path
    }
}

/// The identity of an absent file: its folder's full path and its name.
fn absent_identity(path: &Path) -> Identity {
    let folder = folder_of(path);
    let full = fs::canonicalize(folder)
        .or_else(|_| std::path::absolute(folder))
        .unwrap_or_else(|_| folder.to_path_buf());
    let name = path.file_name().unwrap_or_default();
    Identity::Path(fold_case(full.join(name)))
}

/// The identity of a path: the file's if it exists, else the path's.
fn identity(path: &Path) -> Identity {
    existing_identity(path).unwrap_or_else(|| absent_identity(path))
}

/// What a non-regular thing at a path is, for a message.
fn what_it_is(metadata: &fs::Metadata) -> &'static str {
    if metadata.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = metadata.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

fn not_a_file(given: &Path, metadata: &fs::Metadata) -> OutputError {
    OutputError::NotAFile {
        path: given.to_path_buf(),
        what: what_it_is(metadata),
    }
}

/// Whether an error says that a link leads round in a loop.
fn is_loop(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        // ERROR_CANT_RESOLVE_FILENAME
        e.raw_os_error() == Some(1921)
    }
}

/// Whether a path ends in a name (not `..`, `.`, a root or nothing).
fn names_a_file(path: &Path) -> bool {
    matches!(path.components().next_back(), Some(Component::Normal(_)))
        && !path.as_os_str().to_string_lossy().ends_with(['/', '\\'])
}

/// Looks at one output: what is at its path, where its bytes would go.
fn look(output: &Output) -> Result<Planned, OutputError> {
    let given = output.path.to_path_buf();
    if output.kind != Kind::Folder && !names_a_file(output.path) {
        return Err(OutputError::NoName {
            role: output.role.to_string(),
            path: given,
        });
    }
    if output.path.as_os_str().is_empty() {
        return Err(OutputError::NoName {
            role: output.role.to_string(),
            path: given,
        });
    }
    if output.kind != Kind::Folder
        && let Some(problem) = path_problem_here(output.path)
    {
        return Err(OutputError::BadName {
            path: given,
            problem,
        });
    }
    let planned = |destination: PathBuf| Planned {
        kind: output.kind,
        given: given.clone(),
        destination,
    };
    let io_error = |error: io::Error| OutputError::Io {
        path: given.clone(),
        error: error.into(),
    };
    let link = match fs::symlink_metadata(output.path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(planned(given.clone()));
        }
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => {
            return Err(OutputError::NoFolder {
                path: given.clone(),
                folder: folder_of(output.path).to_path_buf(),
            });
        }
        Err(e) => return Err(io_error(e)),
        Ok(metadata) => metadata,
    };
    let metadata = if link.file_type().is_symlink() {
        match fs::metadata(output.path) {
            Ok(metadata) => metadata,
            Err(e) if is_loop(&e) => return Err(OutputError::LinkLoop { path: given }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(OutputError::DanglingLink { path: given });
            }
            Err(e) => return Err(io_error(e)),
        }
    } else {
        link.clone()
    };
    if output.kind == Kind::Folder {
        return if metadata.is_dir() {
            Ok(planned(given.clone()))
        } else {
            Err(OutputError::NotAFolder { path: given })
        };
    }
    if !metadata.is_file() {
        return Err(not_a_file(&given, &metadata));
    }
    if link.file_type().is_symlink() {
        let target = fs::canonicalize(output.path).map_err(io_error)?;
        return Ok(planned(target));
    }
    Ok(planned(given.clone()))
}

/// Makes sure that files can be created in `folder` (made first if `make` and missing): a
/// file is created there and removed.
fn check_folder(given: &Path, folder: &Path, make: bool) -> Result<(), OutputError> {
    let unwritable = |error: io::Error| OutputError::Unwritable {
        folder: folder.to_path_buf(),
        error: error.into(),
    };
    match fs::metadata(folder) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(OutputError::NoFolder {
                path: given.to_path_buf(),
                folder: folder.to_path_buf(),
            });
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound && make => {
            fs::create_dir_all(folder).map_err(unwritable)?;
        }
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return Err(OutputError::NoFolder {
                path: given.to_path_buf(),
                folder: folder.to_path_buf(),
            });
        }
        Err(e) => return Err(unwritable(e)),
    }
    let probe = temp_path(folder, "write-check");
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(unwritable)?;
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// Checks a command's outputs against what is at their paths, its inputs and each other,
/// and that their folders can be written (making those that `make_folder` asks for), before
/// the command does any work. Returns each output, in order, ready to be written.
pub fn plan(inputs: &[Input], outputs: &[Output]) -> Result<Vec<Planned>, OutputError> {
    let mut planned = Vec::with_capacity(outputs.len());
    for output in outputs {
        planned.push(look(output)?);
    }
    let inputs: Vec<(&Input, Identity)> = inputs
        .iter()
        .filter_map(|i| existing_identity(i.path).map(|id| (i, id)))
        .collect();
    let mut seen: Vec<(&Output, Identity)> = Vec::new();
    for (output, p) in outputs.iter().zip(&planned) {
        // A numbered output never takes an existing name, nor does a folder's content.
        if matches!(output.kind, Kind::Numbered | Kind::Folder) {
            continue;
        }
        let id = identity(&p.destination);
        if let Some((input, _)) = inputs.iter().find(|(_, i)| *i == id) {
            return Err(OutputError::IsInput {
                role: output.role.to_string(),
                input: input.role.to_string(),
                path: p.given.clone(),
            });
        }
        if let Some((first, _)) = seen.iter().find(|(_, i)| *i == id) {
            return Err(OutputError::SameOutput {
                first: first.role.to_string(),
                second: output.role.to_string(),
                path: p.given.clone(),
            });
        }
        seen.push((output, id));
    }
    // A file that must be new, named after the checks that say more about it.
    if let Some((output, _)) = outputs
        .iter()
        .zip(&planned)
        .find(|(o, p)| o.kind == Kind::New && fs::metadata(&p.destination).is_ok())
    {
        return Err(OutputError::Exists {
            role: output.role.to_string(),
            path: output.path.to_path_buf(),
        });
    }
    let mut checked: Vec<PathBuf> = Vec::new();
    for (output, p) in outputs.iter().zip(&planned) {
        let folder = if output.kind == Kind::Folder {
            p.destination.clone()
        } else {
            folder_of(&p.destination).to_path_buf()
        };
        if checked.contains(&folder) {
            continue;
        }
        check_folder(
            &p.given,
            &folder,
            output.make_folder || output.kind == Kind::Folder,
        )?;
        checked.push(folder);
    }
    Ok(planned)
}

/// Refuses an input given twice, under the same name or another (a link, another spelling).
pub fn distinct_inputs(inputs: &[Input]) -> Result<(), OutputError> {
    let mut seen: Vec<(&Input, Identity)> = Vec::new();
    for input in inputs {
        let Some(id) = existing_identity(input.path) else {
            continue;
        };
        if let Some((first, _)) = seen.iter().find(|(_, i)| *i == id) {
            return Err(OutputError::SameInput {
                role: input.role.to_string(),
                path: input.path.to_path_buf(),
                first: first.path.to_path_buf(),
            });
        }
        seen.push((input, id));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("a folder")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn extensions_are_replaced_only_where_there_is_one() {
        assert_eq!(
            with_extension(Path::new("w.weights"), "svg"),
            Path::new("w.svg")
        );
        assert_eq!(
            with_extension(Path::new("..9"), "svg"),
            Path::new("..9.svg")
        );
        assert_eq!(
            with_extension(Path::new("d/.hidden"), "svg"),
            Path::new("d/.hidden.svg")
        );
        assert_eq!(
            with_extension(Path::new("a.b.c"), "svg"),
            Path::new("a.b.svg")
        );
        assert_eq!(with_extension(Path::new("w."), "svg"), Path::new("w..svg"));
    }

    #[test]
    fn names_that_name_no_file_are_refused() {
        for path in ["..", ".", "/", "", "some/folder/"] {
            let refused = plan(&[], &[Output::new("--out", Path::new(path), Kind::Replace)]);
            assert!(
                matches!(refused, Err(OutputError::NoName { .. })),
                "{path}: {refused:?}"
            );
        }
    }

    #[test]
    fn outputs_are_kept_apart_from_inputs_and_from_each_other() {
        let dir = tempfile::tempdir().expect("a folder");
        let data = dir.path().join("d.sp");
        fs::write(&data, b"data").expect("written");
        let input = [Input {
            role: "--data",
            path: &data,
        }];
        // The same file under another spelling is still the input.
        let other_spelling = dir.path().join(".").join("d.sp");
        let refused = plan(
            &input,
            &[Output::new("--out", &other_spelling, Kind::Replace)],
        );
        assert!(
            matches!(refused, Err(OutputError::IsInput { .. })),
            "{refused:?}"
        );
        // Two outputs that are one absent file.
        let w = dir.path().join("w.svg");
        let refused = plan(
            &input,
            &[
                Output::new("--out", &w, Kind::Replace),
                Output::new("--curve", &dir.path().join("./w.svg"), Kind::Replace),
            ],
        );
        assert_eq!(
            refused.err().map(|e| e.to_string()),
            Some(format!(
                "--out and --curve name the same file `{}`; name two files",
                dir.path().join("./w.svg").display()
            ))
        );
        // A numbered output never clashes: it takes another name.
        let planned = plan(
            &input,
            &[
                Output::new("--out", &w, Kind::Replace),
                Output::new("the curve", &w, Kind::Numbered),
            ],
        )
        .expect("planned");
        assert_eq!(planned[0].write(b"weights").expect("written"), w);
        assert_eq!(
            planned[1].write(b"curve").expect("written"),
            dir.path().join("w-2.svg")
        );
        assert_eq!(fs::read(&w).expect("read"), b"weights");
        // An input given twice, by a hard link.
        let link = dir.path().join("again.sp");
        fs::hard_link(&data, &link).expect("a link");
        let twice = [
            input[0],
            Input {
                role: "--data",
                path: &link,
            },
        ];
        assert!(matches!(
            distinct_inputs(&twice),
            Err(OutputError::SameInput { .. })
        ));
        assert_eq!(names(dir.path()), ["again.sp", "d.sp", "w-2.svg", "w.svg"]);
    }

    #[cfg(unix)]
    #[test]
    fn special_files_and_broken_links_are_refused_and_links_to_files_followed() {
        let dir = tempfile::tempdir().expect("a folder");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let refused = |path: &Path| {
            plan(&[], &[Output::new("--out", path, Kind::Replace)])
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(refused(&fifo).ends_with("it is a FIFO, not a regular file; name a file"));
        assert!(
            refused(Path::new("/dev/null"))
                .ends_with("it is a device, not a regular file; name a file")
        );
        assert!(refused(dir.path()).ends_with("it is a folder, not a regular file; name a file"));
        let looping = dir.path().join("loop");
        std::os::unix::fs::symlink(&looping, &looping).expect("a link");
        assert!(refused(&looping).ends_with("it is a link that leads round in a loop"));
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("none"), &dangling).expect("a link");
        assert!(refused(&dangling).ends_with("it is a link to a file that does not exist"));
        assert!(
            refused(&dir.path().join("none").join("w")).contains("there is no folder"),
            "{}",
            refused(&dir.path().join("none").join("w"))
        );
        // A link to a regular file: the file is written, the link stays.
        let real = dir.path().join("real");
        fs::write(&real, b"old").expect("written");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).expect("a link");
        let planned = plan(&[], &[Output::new("--out", &link, Kind::Replace)]).expect("planned");
        planned[0].write(b"new").expect("written");
        assert!(
            fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).expect("read"), b"new");
        // A FIFO put in the file's place after the plan is refused at the write.
        let later = dir.path().join("later");
        let planned = plan(&[], &[Output::new("--out", &later, Kind::Replace)]).expect("planned");
        std::process::Command::new("mkfifo")
            .arg(&later)
            .status()
            .expect("mkfifo runs");
        assert!(matches!(
            planned[0].write(b"x"),
            Err(WriteError::Refused(OutputError::NotAFile { .. }))
        ));
        // A folder output in place of a file.
        assert!(matches!(
            plan(&[], &[Output::new("--records", &real, Kind::Folder)]),
            Err(OutputError::NotAFolder { .. })
        ));
        // A new file refuses an existing one, and a folder is made when asked.
        assert!(matches!(
            plan(&[], &[Output::new("--out", &real, Kind::New)]),
            Err(OutputError::Exists { .. })
        ));
        let deep = dir.path().join("a").join("b").join("t");
        plan(
            &[],
            &[Output::new("--out", &deep, Kind::Replace).making_folder()],
        )
        .expect("planned");
        assert!(dir.path().join("a").join("b").is_dir());
        // The checks leave nothing of their own behind.
        assert!(names(dir.path()).iter().all(|n| !n.ends_with(".tmp")));
    }

    #[test]
    fn a_write_that_fills_the_disk_leaves_the_old_file_and_nothing_else() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.weights");
        fs::write(&path, b"old").expect("written");
        let planned = plan(&[], &[Output::new("--out", &path, Kind::Replace)]).expect("planned");
        let failed = planned[0].write_with(|out| {
            out.write_all(&[7; 100_000])?;
            Err(io::Error::from(io::ErrorKind::StorageFull))
        });
        assert!(matches!(
            failed,
            Err(WriteError::Io { ref error, .. }) if error.kind() == io::ErrorKind::StorageFull
        ));
        assert_eq!(fs::read(&path).expect("read"), b"old");
        assert_eq!(names(dir.path()), ["w.weights"]);
    }
}
