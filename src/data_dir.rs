//! The data folder: the one folder where Sanqi keeps what lasts between runs (the app's
//! settings, games and statistics, and the Flying table), shared by the app and the command
//! line.
//!
//! It is the folder named by the `SANQI_DATA_DIR` environment variable when that is set and
//! not empty, else the per-user data folder of
//! `directories::ProjectDirs::from("org", "Sanqi", "Sanqi")`: on Linux
//! `~/.local/share/sanqi`, on macOS `~/Library/Application Support/org.Sanqi.Sanqi`, on
//! Windows `%APPDATA%\Sanqi\Sanqi\data`. Nothing here creates it.

use std::path::PathBuf;

/// The environment variable that, when set, names the data folder instead of the usual one.
pub const VARIABLE: &str = "SANQI_DATA_DIR";

/// The data folder: [`from_environment`] when it is set, else [`per_user`], or `None` if
/// there is no home folder either.
pub fn path() -> Option<PathBuf> {
    from_environment().or_else(per_user)
}

/// The folder named by [`VARIABLE`], if it is set and not empty.
pub fn from_environment() -> Option<PathBuf> {
    std::env::var_os(VARIABLE)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The per-user data folder, if the system has a home folder for the user.
pub fn per_user() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "Sanqi", "Sanqi").map(|p| p.data_dir().to_path_buf())
}
