//! The system's file chooser for records, on a thread of its own: the window keeps drawing
//! while it is open, and its answer arrives on a channel (waking the window). Where there is
//! no chooser (no desktop portal, no zenity) it answers "nothing chosen" at once; that answer,
//! too quick for a person, is told apart from a cancel, and the typed path remains.
//!
//! In the browser there are no paths to type ([`typed_paths`]): a record to open is uploaded
//! through the browser's own chooser, or dropped on the page ([`dropped_record`]), and kept in
//! memory under [`OPENED`] while the page is open; a record saved is downloaded (written under
//! [`DOWNLOADS`], which the page's file system hands to the browser as a download).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::channel;
use std::sync::mpsc::{Receiver, TryRecvError};
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
    if cfg!(any(
        target_os = "windows",
        target_os = "macos",
        target_arch = "wasm32"
    )) {
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

/// Whether records are opened and saved by a typed path (not in the browser, which has no
/// paths: there the records dialog takes a shared game's link, uploads and downloads).
pub fn typed_paths() -> bool {
    !cfg!(target_arch = "wasm32")
}

/// The folder, in the page's file system, of the records uploaded or dropped on the page:
/// they stay in memory while the page is open.
pub const OPENED: &str = crate::files::IN_MEMORY;
/// Where a record saved in the browser is written: it becomes a download.
pub const DOWNLOADS: &str = crate::files::DOWNLOADS;

/// A record file dropped on the window or the page, if one is ready: its path on the
/// desktop; in the browser, where a dropped file's bytes are read in the background, where
/// they were put once read (under [`OPENED`]).
pub fn dropped_record(ctx: &egui::Context) -> Option<PathBuf> {
    let dropped = ctx.input(|i| i.raw.dropped_files.first().cloned());
    #[cfg(not(target_arch = "wasm32"))]
    return dropped.map(|file| file.path().to_path_buf());
    #[cfg(target_arch = "wasm32")]
    {
        thread_local! {
            static READ: std::cell::RefCell<Vec<PathBuf>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        if let Some(file) = dropped {
            let ctx = ctx.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.path().to_string_lossy().into_owned();
                if let Ok(bytes) = file.bytes_async().await
                    && let Some(path) = keep_opened(&name, &bytes)
                {
                    READ.with(|r| r.borrow_mut().push(path));
                    ctx.request_repaint();
                }
            });
        }
        READ.with(|r| r.borrow_mut().pop())
    }
}

/// Keeps an uploaded or dropped record named `name` in memory; returns its path there.
#[cfg(target_arch = "wasm32")]
fn keep_opened(name: &str, bytes: &[u8]) -> Option<PathBuf> {
    let name: String = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "record.json".to_string());
    let path = Path::new(OPENED).join(name);
    crate::files::fs::create_dir_all(Path::new(OPENED)).ok()?;
    crate::files::fs::write(&path, bytes).ok()?;
    Some(path)
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
        #[cfg(target_arch = "wasm32")]
        self.open_in_browser(ctx, choosing, request);
        #[cfg(not(target_arch = "wasm32"))]
        self.open_system(ctx, choosing, request);
    }

    /// The browser's own chooser to open a file (its bytes kept in memory), or at once, for a
    /// file to save, the name it is downloaded under.
    #[cfg(target_arch = "wasm32")]
    fn open_in_browser(&mut self, ctx: &egui::Context, choosing: Choosing, request: Request) {
        let (sender, receiver) = std::sync::mpsc::channel();
        match choosing {
            Choosing::Save => {
                let name = request
                    .file_name
                    .unwrap_or_else(|| "sanqi.json".to_string());
                let _ = sender.send(Some(Path::new(DOWNLOADS).join(name)));
            }
            Choosing::Open => {
                let ctx = ctx.clone();
                let picked =
                    crate::platform::web::pick_file(".json,application/json", move |file| {
                        let kept = file.and_then(|(name, bytes)| keep_opened(&name, &bytes));
                        let _ = sender.send(kept);
                        ctx.request_repaint();
                    });
                if picked.is_err() {
                    return;
                }
            }
        }
        self.waiting = Some((choosing, Instant::now(), receiver));
    }

    /// The system's chooser, on a thread of its own.
    #[cfg(not(target_arch = "wasm32"))]
    fn open_system(&mut self, ctx: &egui::Context, choosing: Choosing, request: Request) {
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
            None if asked.elapsed() < TOO_QUICK_FOR_A_PERSON && typed_paths() => {
                Answer::Unavailable
            }
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
