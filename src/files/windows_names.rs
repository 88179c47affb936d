//! File names that Windows cannot hold, told apart on any system so that the rules are tested
//! everywhere: a name such as `CON` or `nul.json` opens a device instead of a file (reading
//! `CON` waits for the keyboard, writing `NUL` throws the bytes away), a trailing dot or space
//! is silently dropped (so `game.` would become `game`), and `:` names a hidden stream of
//! another file. [`super::read_regular_file`] and [`super::write_atomic`] refuse such names
//! on Windows before touching the disk.

use std::ffi::OsStr;
use std::fmt;
use std::path::Path;

use crate::echo::quoted;

/// Why Windows cannot hold a file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    /// The name, without its extensions, is one that Windows keeps for a device: `CON`, `PRN`,
    /// `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9` (also with a superscript ¹, ² or ³),
    /// `CONIN$` or `CONOUT$`, in any case. Holds that part of the name as it was written.
    Device(String),
    /// The name ends in a dot or a space.
    TrailingDotOrSpace,
    /// The name holds a character that Windows forbids in names: a control character or one
    /// of `< > : " / \ | ? *`.
    Character(char),
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::Device(name) => write!(
                f,
                "{} is a name that Windows keeps for a device; choose another name",
                quoted(name)
            ),
            NameProblem::TrailingDotOrSpace => f.write_str(
                "Windows does not allow a file name that ends in a dot or a space; choose another name",
            ),
            NameProblem::Character(c) => write!(
                f,
                "Windows does not allow {} in a file name; choose another name",
                quoted(&c.to_string())
            ),
        }
    }
}

impl std::error::Error for NameProblem {}

impl NameProblem {
    /// The problem that an error of [`super::write_atomic`] holds, if the name was refused.
    pub fn of(error: &std::io::Error) -> Option<NameProblem> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<NameProblem>())
            .cloned()
    }
}

/// Why Windows cannot hold `name` (one file name, not a path), or `None` if it can.
pub fn windows_name_problem(name: &str) -> Option<NameProblem> {
    if let Some(c) = name.chars().find(|&c| {
        c.is_ascii_control() || matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*')
    }) {
        return Some(NameProblem::Character(c));
    }
    if name.ends_with(['.', ' ']) {
        return Some(NameProblem::TrailingDotOrSpace);
    }
    // Windows looks at the part before the first dot, without trailing spaces: `nul.tar.gz`
    // and `con .json` are devices too.
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ');
    is_device_name(stem).then(|| NameProblem::Device(stem.to_string()))
}

/// Why Windows cannot hold the last part of `path`, or `None` if it can (or the path has no
/// file name). The folders on the path are not looked at: an existing folder is fine, and
/// creating one with a bad name fails with the system's own message.
pub fn windows_path_problem(path: &Path) -> Option<NameProblem> {
    path.file_name()
        .map(OsStr::to_string_lossy)
        .and_then(|name| windows_name_problem(&name))
}

/// The problem with the last part of `path` on this system: [`windows_path_problem`] on
/// Windows, never anything elsewhere, where these names are ordinary.
pub fn path_problem_here(path: &Path) -> Option<NameProblem> {
    if cfg!(windows) {
        windows_path_problem(path)
    } else {
        None
    }
}

fn is_device_name(stem: &str) -> bool {
    let upper = stem.to_ascii_uppercase();
    if matches!(
        upper.as_str(),
        "CON" | "PRN" | "AUX" | "NUL" | "CONIN$" | "CONOUT$"
    ) {
        return true;
    }
    let mut chars = upper.chars();
    let prefix: String = chars.by_ref().take(3).collect();
    let rest: Vec<char> = chars.collect();
    matches!(prefix.as_str(), "COM" | "LPT")
        && matches!(rest.as_slice(), [c] if c.is_ascii_digit() || matches!(c, '¹' | '²' | '³'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_names_are_refused_in_any_case_and_with_any_extension() {
        for name in [
            "CON",
            "con",
            "Prn",
            "aux",
            "NUL",
            "nul.json",
            "nul.tar.gz",
            "com1",
            "COM9.json",
            "lpt0",
            "LPT3.txt",
            "COM¹",
            "lpt².json",
            "CONIN$",
            "conout$.json",
            "con .json",
        ] {
            let expected = name.split('.').next().unwrap_or(name).trim_end();
            assert_eq!(
                windows_name_problem(name),
                Some(NameProblem::Device(expected.to_string())),
                "{name}"
            );
        }
    }

    #[test]
    fn names_that_only_look_like_devices_are_allowed() {
        for name in [
            "CONSOLE",
            "con1",
            "contest.json",
            "NULL",
            "COM",
            "COM10",
            "LPT",
            "LPTX",
            "auxiliary",
            "my con.json",
            "xcon",
            ".con",
            "sanqi-flying-2026-11-29-1432.json",
            "棋谱.json",
            "张伟",
            "CON_game",
            "COM٣",
        ] {
            assert_eq!(windows_name_problem(name), None, "{name}");
        }
    }

    #[test]
    fn a_trailing_dot_or_space_is_refused() {
        for name in ["game.", "game ", "game.json.", "game.json ", "...", "棋谱 "] {
            assert_eq!(
                windows_name_problem(name),
                Some(NameProblem::TrailingDotOrSpace),
                "{name}"
            );
        }
        // Inside a name, dots and spaces are fine.
        assert_eq!(windows_name_problem("my game. v2.json"), None);
    }

    #[test]
    fn forbidden_characters_are_named() {
        for c in [
            '<', '>', ':', '"', '/', '\\', '|', '?', '*', '\u{7}', '\0', '\u{1f}',
        ] {
            assert_eq!(
                windows_name_problem(&format!("game{c}json")),
                Some(NameProblem::Character(c)),
                "{c:?}"
            );
        }
        // `:` names a stream of another file: refused before the device rule is looked at.
        assert_eq!(
            windows_name_problem("con:x"),
            Some(NameProblem::Character(':'))
        );
    }

    #[test]
    fn only_the_last_part_of_a_path_is_looked_at() {
        assert_eq!(
            windows_path_problem(Path::new("records/nul.json")),
            Some(NameProblem::Device("nul".to_string()))
        );
        assert_eq!(
            windows_path_problem(Path::new("records/game.")),
            Some(NameProblem::TrailingDotOrSpace)
        );
        assert_eq!(windows_path_problem(Path::new("con/game.json")), None);
        assert_eq!(windows_path_problem(Path::new("张伟/棋谱.json")), None);
        assert_eq!(windows_path_problem(Path::new("/")), None);
    }

    #[test]
    fn elsewhere_than_windows_every_name_is_ordinary() {
        let problem = path_problem_here(Path::new("records/CON"));
        if cfg!(windows) {
            assert_eq!(problem, Some(NameProblem::Device("CON".to_string())));
        } else {
            assert_eq!(problem, None);
        }
    }

    #[test]
    fn a_refused_name_is_found_again_in_the_write_error() {
        let problem = NameProblem::Device("PRN".to_string());
        let error = std::io::Error::new(std::io::ErrorKind::InvalidFilename, problem.clone());
        assert_eq!(NameProblem::of(&error), Some(problem));
        assert_eq!(
            NameProblem::of(&std::io::Error::from(std::io::ErrorKind::PermissionDenied)),
            None
        );
    }

    #[test]
    fn each_problem_reads_as_one_line() {
        assert_eq!(
            NameProblem::Device("con".to_string()).to_string(),
            "`con` is a name that Windows keeps for a device; choose another name"
        );
        assert_eq!(
            NameProblem::Character('|').to_string(),
            "Windows does not allow `|` in a file name; choose another name"
        );
        assert!(!NameProblem::TrailingDotOrSpace.to_string().contains('\n'));
    }
}
