//! The Flying table as the app holds it: one handle, shared by the computer's worker (as
//! Master's oracle), the hint and the analysis, that opens the table file off the UI thread
//! and says what became of it.
//!
//! The handle is cheap to clone; every clone sees the same table. After a build the app asks
//! it to open the new file, and every holder sees the new table from its next probe on.
//!
//! [`TableBuild`] builds the table in the background for the settings window: progress, a
//! cancel that keeps the checkpoint, and a resume from it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::thread;
use std::time::Duration;
use web_time::SystemTime;

use crate::ai::Oracle;
use crate::rules::{Action, State, flying};
use crate::tablebase::{
    self, BuildConfig, BuildError, Check, Phase, Progress, Table, TableError, Value, build,
};

/// What the app knows of the table file.
#[derive(Clone)]
pub enum TableState {
    /// Being opened and checked (its header: a moment).
    Opening,
    /// There is no table file: it has not been built.
    Missing,
    /// The file cannot be used; the reason says why (in English, from the table's check).
    Damaged(String),
    /// There is no data folder to keep a table in.
    NoFolder,
    /// The web build has no table: it is far too large for a page, so Master searches.
    DesktopOnly,
    /// Open and checked.
    Ready(ReadyTable),
}

/// An open table with what the settings show of its file.
#[derive(Clone)]
pub struct ReadyTable {
    /// The table.
    pub table: Arc<Table>,
    /// The file's size in bytes.
    pub bytes: u64,
    /// When the file was written, if the system says.
    pub written: Option<SystemTime>,
}

struct Inner {
    path: Option<PathBuf>,
    state: RwLock<TableState>,
}

/// The app's Flying table: a shared handle on its state and, once opened, the table itself.
#[derive(Clone)]
pub struct FlyingTable {
    inner: Arc<Inner>,
}

impl FlyingTable {
    /// A handle on the table in `data_dir` (`None`: no data folder, so no table), not yet
    /// opened.
    pub fn in_folder(data_dir: Option<&Path>) -> FlyingTable {
        let path = data_dir.map(tablebase::path_in);
        let state = if cfg!(target_arch = "wasm32") {
            TableState::DesktopOnly
        } else if path.is_some() {
            TableState::Opening
        } else {
            TableState::NoFolder
        };
        FlyingTable {
            inner: Arc::new(Inner {
                path,
                state: RwLock::new(state),
            }),
        }
    }

    /// Where the table file is (or would be).
    pub fn path(&self) -> Option<&Path> {
        self.inner.path.as_deref()
    }

    /// Opens the file on a thread of its own; `notify` is called when it is done (to wake
    /// the window).
    pub fn open_in_background(&self, notify: impl Fn() + Send + 'static) {
        if cfg!(target_arch = "wasm32") {
            self.open_now();
            return;
        }
        let handle = self.clone();
        handle.set(TableState::Opening);
        let spawned = thread::Builder::new()
            .name("sanqi-table".into())
            .spawn(move || {
                handle.open_now();
                notify();
            });
        if let Err(e) = spawned {
            self.set(TableState::Damaged(e.to_string()));
        }
    }

    /// Opens the file on this thread (tests, and a computer that searches inline).
    pub fn open_now(&self) {
        let state = match &self.inner.path {
            _ if cfg!(target_arch = "wasm32") => TableState::DesktopOnly,
            None => TableState::NoFolder,
            Some(path) => open_state(path),
        };
        self.set(state);
    }

    /// Forgets the open table (before a build replaces the file).
    pub fn close(&self, state: TableState) {
        self.set(state);
    }

    fn set(&self, state: TableState) {
        *self.inner.state.write().unwrap_or_else(|e| e.into_inner()) = state;
    }

    /// What is known of the table now: damage found by a probe makes an open table
    /// [`TableState::Damaged`].
    pub fn state(&self) -> TableState {
        match &*self.inner.state.read().unwrap_or_else(|e| e.into_inner()) {
            TableState::Ready(ready) => match ready.table.failure() {
                Some(failure) => closed_state(failure),
                None => TableState::Ready(ready.clone()),
            },
            other => other.clone(),
        }
    }

    /// The table, if it is open and no probe has found it damaged.
    pub fn table(&self) -> Option<Arc<Table>> {
        match &*self.inner.state.read().unwrap_or_else(|e| e.into_inner()) {
            TableState::Ready(ready) if ready.table.failure().is_none() => {
                Some(ready.table.clone())
            }
            _ => None,
        }
    }

    /// Whether a probe has just found the open table damaged (a block that does not match
    /// its checksum, a read that failed): the table is then closed as
    /// [`TableState::Damaged`], and this says so once.
    pub fn found_damage(&self) -> bool {
        let failure = match &*self.inner.state.read().unwrap_or_else(|e| e.into_inner()) {
            TableState::Ready(ready) => ready.table.failure(),
            _ => None,
        };
        let Some(failure) = failure else {
            return false;
        };
        let mut state = self.inner.state.write().unwrap_or_else(|e| e.into_inner());
        // Another holder may have closed it meanwhile.
        if !matches!(&*state, TableState::Ready(_)) {
            return false;
        }
        *state = closed_state(failure);
        true
    }

    /// Each legal action of `state` with its exact value for the side that plays it, if the
    /// table is open.
    pub fn move_values(&self, state: &flying::State) -> Option<Vec<(Action, Value)>> {
        self.table()?.move_values(state).ok()
    }
}

/// Opens the table at `path` and checks its header (each block is checked when first read).
fn open_state(path: &Path) -> TableState {
    match Table::open_with(path, Check::Once) {
        Ok(table) => {
            let metadata = crate::files::fs::metadata(path).ok();
            TableState::Ready(ReadyTable {
                table: Arc::new(table),
                bytes: metadata.as_ref().map_or(0, |m| m.len()),
                written: metadata.and_then(|m| m.modified().ok()),
            })
        }
        Err(error) => closed_state(error),
    }
}

/// What the app knows of a table that cannot be used, and why.
fn closed_state(error: TableError) -> TableState {
    match error {
        TableError::Missing { .. } => TableState::Missing,
        TableError::NoDataFolder => TableState::NoFolder,
        TableError::Corrupt { reason, .. } => TableState::Damaged(reason.to_string()),
        TableError::Io { reason, .. } => TableState::Damaged(reason.to_string()),
        TableError::Inconsistent(reason) => TableState::Damaged(reason.to_string()),
    }
}

impl Oracle for FlyingTable {
    fn best_move(&self, state: &State, quiet_turns: u16) -> Option<Action> {
        self.table()?.as_ref().best_move_for(state, quiet_turns)
    }
}

/// Where a build of the table stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BuildState {
    /// Working; the last progress report.
    Running(Progress),
    /// Written; the time it took over all its sessions.
    Finished(Duration),
    /// Stopped by the user; it resumes from its checkpoint.
    Cancelled,
    /// It failed (a file could not be written, say).
    Failed,
}

/// A build of the table on a thread of its own, with its progress and a cancel flag.
/// Dropping it cancels the build and waits for its checkpoint to be saved.
pub struct TableBuild {
    cancel: Arc<AtomicBool>,
    state: Arc<Mutex<(BuildState, Option<String>)>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl TableBuild {
    /// Starts (or resumes, from a checkpoint beside it) the build of the table at `out` on
    /// `threads` threads; `notify` is called at each progress report and at the end.
    pub fn start(
        config: BuildConfig,
        threads: usize,
        notify: impl Fn() + Send + 'static,
    ) -> TableBuild {
        let cancel = Arc::new(AtomicBool::new(false));
        let start = Progress {
            phase: Phase::Preparing,
            fraction: 0.0,
            elapsed: Duration::ZERO,
        };
        let state = Arc::new(Mutex::new((BuildState::Running(start), None)));
        let (flag, shared) = (cancel.clone(), state.clone());
        let set = move |shared: &Mutex<(BuildState, Option<String>)>, value, why| {
            *shared.lock().unwrap_or_else(|e| e.into_inner()) = (value, why);
        };
        let thread = thread::Builder::new()
            .name("sanqi-table-build".into())
            .spawn(move || {
                let mut report = |p: &Progress| {
                    set(&shared, BuildState::Running(*p), None);
                    notify();
                };
                let end = match build(&config, threads, &mut report, &flag) {
                    Ok(done) => (BuildState::Finished(done.figures.solve_time), None),
                    Err(BuildError::Cancelled { saved: true }) => (BuildState::Cancelled, None),
                    Err(e) => (BuildState::Failed, Some(e.to_string())),
                };
                set(&shared, end.0, end.1);
                notify();
            });
        let thread = match thread {
            Ok(thread) => Some(thread),
            Err(e) => {
                *state.lock().unwrap_or_else(|e| e.into_inner()) =
                    (BuildState::Failed, Some(e.to_string()));
                None
            }
        };
        TableBuild {
            cancel,
            state,
            thread,
        }
    }

    /// Where it stands now, and why it failed if it did.
    pub fn state(&self) -> (BuildState, Option<String>) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Whether it is still working.
    pub fn is_running(&self) -> bool {
        matches!(self.state().0, BuildState::Running(_))
    }

    /// Asks it to stop soon; it saves its checkpoint and ends as [`BuildState::Cancelled`].
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for TableBuild {
    fn drop(&mut self) {
        self.cancel();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
