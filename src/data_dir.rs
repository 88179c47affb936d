//! The data folder: the one folder where Sanqi keeps what lasts between runs (the app's
//! settings, games and statistics, and the Flying table), shared by the app and the command
//! line.
//!
//! It is the folder named for the process by [`set_for_process`] when one was, else the
//! folder named by the `SANQI_DATA_DIR` environment variable when that is set and not empty,
//! else the per-user data folder of `directories::ProjectDirs::from("org", "Sanqi", "Sanqi")`:
//! on Linux `~/.local/share/sanqi`, on macOS `~/Library/Application Support/org.Sanqi.Sanqi`,
//! on Windows `%APPDATA%\Sanqi\Sanqi\data`. Nothing here creates it.
//!
//! In the web build the data folder is [`WEB_FOLDER`] of the file system kept in the page's
//! storage (`crate::files::browser`), and there is no documents folder.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The environment variable that, when set, names the data folder instead of the usual one.
pub const VARIABLE: &str = "SANQI_DATA_DIR";

/// The folder named for this process, if one was.
static FOR_PROCESS: OnceLock<PathBuf> = OnceLock::new();

/// Names `dir` as the data folder for the rest of this process, ahead of the environment and
/// the per-user folder; the programs this process starts (another build in a match) are told
/// it too. Only the first call counts: returns whether it was this one. A process that hosts
/// the library for tests calls it first, so that nothing reaches the user's own folder.
pub fn set_for_process(dir: PathBuf) -> bool {
    FOR_PROCESS.set(dir).is_ok()
}

/// The folder named for this process by [`set_for_process`], if one was.
pub fn for_process() -> Option<PathBuf> {
    FOR_PROCESS.get().cloned()
}

/// The data folder: [`named`] when a folder is named, else [`per_user`], or `None` if there
/// is no home folder either.
pub fn path() -> Option<PathBuf> {
    named().or_else(per_user)
}

/// The folder named for the process ([`set_for_process`]) or by [`VARIABLE`], if either is.
pub fn named() -> Option<PathBuf> {
    for_process().or_else(|| {
        std::env::var_os(VARIABLE)
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    })
}

/// The data folder of the web build, in the page's storage.
pub const WEB_FOLDER: &str = "/sanqi";

/// The per-user data folder, if the system has a home folder for the user.
pub fn per_user() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return directories::ProjectDirs::from("org", "Sanqi", "Sanqi")
        .map(|p| p.data_dir().to_path_buf());
    #[cfg(target_arch = "wasm32")]
    Some(PathBuf::from(WEB_FOLDER))
}

/// The user's documents folder, if the system has one.
pub fn documents() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return directories::UserDirs::new()
        .as_ref()
        .and_then(directories::UserDirs::document_dir)
        .map(PathBuf::from);
    #[cfg(target_arch = "wasm32")]
    None
}
