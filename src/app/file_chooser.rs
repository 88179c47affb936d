//! The system's file chooser for records, on a thread of its own: the window keeps drawing
//! while it is open, and its answer arrives on a channel (waking the window). Where there is
//! no chooser (no desktop portal, no zenity) it answers "nothing chosen" at once; that answer,
//! too quick for a person, is told apart from a cancel, and the typed path remains.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;
use web_time::Instant;

/// An answer of "nothing chosen" sooner than this after the chooser was asked for cannot be
/// a person's: it means no chooser came up (a session bus without the portal, say).
const TOO_QUICK_FOR_A_PERSON: Duration = Duration::from_millis(1500);

/// What the chooser answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The file the user chose.
    Chosen(PathBuf),
    /// The user closed the chooser without choosing.
    Cancelled,
    /// No chooser came up.
    Unavailable,
}

/// Whether this system seems to have a file chooser the app can open: on Windows and macOS
/// always; elsewhere when there is a D-Bus session bus (for the desktop portal) or `zenity`
/// on the `PATH`. Without one (a bare X server, a remote shell) the chooser would answer
/// "nothing chosen" at once, and the records dialog says so and offers the typed path.
pub fn system_chooser_available() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    chooser_in_environment(
        std::env::var_os("DBUS_SESSION_BUS_ADDRESS"),
        std::env::var_os("XDG_RUNTIME_DIR"),
        std::env::var_os("PATH"),
        &|path| path.exists(),
    )
}

/// [`system_chooser_available`] on a Unix desktop, from the environment's values: the
/// session bus's address, the runtime folder (where the bus's socket usually is) and the
/// `PATH`; `exists` says whether a file is there.
fn chooser_in_environment(
    bus_address: Option<OsString>,
    runtime_dir: Option<OsString>,
    path: Option<OsString>,
    exists: &dyn Fn(&Path) -> bool,
) -> bool {
    let bus = bus_address.is_some_and(|a| !a.is_empty())
        || runtime_dir.is_some_and(|dir| !dir.is_empty() && exists(&Path::new(&dir).join("bus")));
    let zenity = path
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| exists(&dir.join("zenity"))));
    bus || zenity
}

/// What the chosen file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choosing {
    /// A record to open.
    Open,
    /// Where to save the game's record.
    Save,
}

/// What a chooser is asked: its title, the folder it starts in, the file-type filter's name
/// and, when saving, the name it suggests.
pub struct Request<'a> {
    /// The chooser's title.
    pub title: &'a str,
    /// The folder it starts in.
    pub folder: &'a Path,
    /// The name of its file-type filter.
    pub filter: &'a str,
    /// When saving, the file name it suggests.
    pub file_name: Option<String>,
}

/// A file chooser that may be open.
#[derive(Default)]
pub struct FileChooser {
    waiting: Option<(Choosing, Instant, Receiver<Option<PathBuf>>)>,
}

impl FileChooser {
    /// Whether the chooser is open (its answer has not come yet).
    pub fn is_open(&self) -> bool {
        self.waiting.is_some()
    }

    /// What the chooser is open for, if it is.
    pub fn purpose(&self) -> Option<Choosing> {
        self.waiting.as_ref().map(|(choosing, _, _)| *choosing)
    }

    /// Opens the chooser for `choosing`, unless it is open already. `ctx` is woken when the
    /// user has chosen.
    pub fn open(&mut self, ctx: &egui::Context, choosing: Choosing, request: Request) {
        if self.is_open() {
            return;
        }
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title(request.title)
            .add_filter(request.filter, &["json"])
            .set_directory(request.folder);
        if let Some(name) = request.file_name {
            dialog = dialog.set_file_name(name);
        }
        let (sender, receiver) = channel();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("file chooser".to_string())
            .spawn(move || {
                let chosen = pollster::block_on(async move {
                    match choosing {
                        Choosing::Open => dialog.pick_file().await,
                        Choosing::Save => dialog.save_file().await,
                    }
                });
                // The dialog may have been closed meanwhile; then nobody listens.
                let _ = sender.send(chosen.map(|file| file.path().to_path_buf()));
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.waiting = Some((choosing, Instant::now(), receiver));
        }
    }

    /// The user's answer, once: what the chooser was for and what came of it.
    pub fn answer(&mut self) -> Option<(Choosing, Answer)> {
        let (choosing, asked, receiver) = self.waiting.as_ref()?;
        let chosen = match receiver.try_recv() {
            Ok(path) => path,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        let answer = match chosen {
            Some(path) => Answer::Chosen(path),
            None if asked.elapsed() < TOO_QUICK_FOR_A_PERSON => Answer::Unavailable,
            None => Answer::Cancelled,
        };
        let choosing = *choosing;
        self.waiting = None;
        Some((choosing, answer))
    }
}

/// A chosen file name for saving, with `.json` added when it has no extension, so that the
/// record shows up among the records and opens with the chooser's filter.
pub fn with_json_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension("json")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chooser_needs_a_session_bus_or_zenity() {
        let none = |_: &Path| false;
        let bus_socket = |p: &Path| p == Path::new("/run/user/1000/bus");
        let zenity = |p: &Path| p == Path::new("/usr/bin/zenity");
        let os = |s: &str| Some(OsString::from(s));
        assert!(!chooser_in_environment(None, None, None, &none));
        assert!(!chooser_in_environment(
            os(""),
            os(""),
            os("/usr/bin"),
            &none
        ));
        assert!(chooser_in_environment(
            os("unix:path=/run/user/1000/bus"),
            None,
            None,
            &none
        ));
        assert!(chooser_in_environment(
            None,
            os("/run/user/1000"),
            None,
            &bus_socket
        ));
        assert!(!chooser_in_environment(
            None,
            os("/run/user/1000"),
            None,
            &none
        ));
        assert!(chooser_in_environment(
            None,
            None,
            os("/bin:/usr/bin"),
            &zenity
        ));
        assert!(!chooser_in_environment(
            None,
            None,
            os("/bin:/sbin"),
            &zenity
        ));
    }

    #[test]
    fn a_saved_record_gets_the_json_extension_only_when_it_has_none() {
        assert_eq!(
            with_json_extension(PathBuf::from("/tmp/game")),
            PathBuf::from("/tmp/game.json")
        );
        assert_eq!(
            with_json_extension(PathBuf::from("/tmp/game.txt")),
            PathBuf::from("/tmp/game.txt")
        );
    }
}
