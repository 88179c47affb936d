//! Building a table: the background solve with progress, cancellation and checkpoints, and
//! the same solve in memory.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

use super::generate::{Bytes, Mark, Monitor, Solver, Step, Stop};
use super::index::Indexer;
use super::{Board, CheckpointError, Figures, Inconsistency, Solution, file};
use crate::echo::quoted_path;
use crate::files::IoFailure;
use crate::files::output::{Kind, Output, OutputError, plan};

/// What a build is doing, for a progress line or bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Numbering the positions (symmetry tables).
    Preparing,
    /// Reading the checkpoint of an earlier build.
    Resuming,
    /// Finding the positions without a move and counting every position's moves.
    CountingMoves,
    /// Finding the positions won or lost in this many plies.
    Distance(u32),
    /// Finding the positions this many plies from the next flip.
    FlipDistance(u32),
    /// Saving the state so that the build can be resumed.
    Checkpointing,
    /// Writing the table file.
    Writing,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Preparing => f.write_str("numbering the positions"),
            Phase::Resuming => f.write_str("reading the checkpoint"),
            Phase::CountingMoves => f.write_str("counting moves"),
            Phase::Distance(d) => write!(f, "results in {d} {}", plies(*d)),
            Phase::FlipDistance(d) => write!(f, "flips in {d} {}", plies(*d)),
            Phase::Checkpointing => f.write_str("saving a checkpoint"),
            Phase::Writing => f.write_str("writing the table"),
        }
    }
}

fn plies(n: u32) -> &'static str {
    if n == 1 { "ply" } else { "plies" }
}

/// A progress report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// What the build is doing.
    pub phase: Phase,
    /// An estimate of the share of the whole build done, from 0 to 1.
    pub fraction: f32,
    /// Time spent, including earlier sessions of a resumed build.
    pub elapsed: Duration,
}

/// How to build a table.
#[derive(Clone, Debug)]
pub struct BuildConfig {
    /// The board to solve.
    pub board: Board,
    /// The table file to write; the checkpoint goes beside it.
    pub out: PathBuf,
    /// How often to save a checkpoint (at the end of a step, once this much time has passed
    /// since the last one). A cancelled build always saves one.
    pub checkpoint_every: Duration,
    /// How often to report progress within a step (it is also reported at every step's end).
    pub progress_every: Duration,
}

impl BuildConfig {
    /// The 5×5 table at `out`, with a checkpoint every ten minutes.
    pub fn flying(out: PathBuf) -> BuildConfig {
        BuildConfig {
            board: Board::FLYING,
            out,
            checkpoint_every: Duration::from_secs(600),
            progress_every: Duration::from_millis(200),
        }
    }
}

/// How a build went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// What the solve found.
    pub figures: Figures,
    /// Whether it continued from a checkpoint.
    pub resumed: bool,
    /// A checkpoint that could not be used (and was removed), with the reason.
    pub discarded_checkpoint: Option<CheckpointError>,
}

/// Why a build did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The cancel flag stopped it; its state is saved in the checkpoint (if `saved`).
    #[error("{}", if *saved {
        "the build was cancelled; it resumes from its checkpoint"
    } else {
        "the build was cancelled and its checkpoint could not be saved"
    })]
    Cancelled {
        /// Whether its state is in the checkpoint.
        saved: bool,
    },
    /// The table or its checkpoint cannot be written where they go (found before the solve).
    #[error("{0}")]
    Output(OutputError),
    /// The table's folder could not be created.
    #[error("could not create {}: {error}", quoted_path(path))]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// The table could not be written.
    #[error("could not write {}: {error}", quoted_path(path))]
    Write {
        /// The table file.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// A checkpoint could not be saved.
    #[error("could not save the checkpoint {}: {error}", quoted_path(path))]
    Checkpoint {
        /// The checkpoint file.
        path: PathBuf,
        /// What the system said.
        error: IoFailure,
    },
    /// The analysis hit a limit or found itself inconsistent.
    #[error("the solve failed: {0}")]
    Failed(Inconsistency),
}

/// Estimates the share of a build done at a mark (the distances in plies are not known in
/// advance; for the 5×5 game they are, from the solve itself).
fn fraction_done(board: Board, mark: &Mark, chunks: u64) -> f32 {
    let (plies, flips) = if board == Board::FLYING {
        (121.0, 121.0)
    } else {
        (40.0, 40.0)
    };
    let within = mark.chunks_done as f32 / chunks.max(1) as f32;
    // Shares measured on the 5×5 solve: counting moves, the values, the flip distances.
    let (init, values, flip_start) = (0.12, 0.58, 0.05);
    let done = match mark.step {
        Step::Init => init * within,
        Step::Losses(d) | Step::Wins(d) => {
            let step = if matches!(mark.step, Step::Wins(_)) {
                0.5
            } else {
                0.0
            };
            init + values * ((d as f32 + step + within * 0.5) / plies).min(0.99)
        }
        Step::DtzStart => init + values + flip_start * within,
        Step::DtzLevel(d) => {
            let rest = 1.0 - init - values - flip_start - 0.03;
            init + values + flip_start + rest * ((d as f32 + within) / flips).min(0.99)
        }
        Step::Done => 0.97,
    };
    done.clamp(0.0, 1.0)
}

fn phase_of(step: Step) -> Phase {
    match step {
        Step::Init => Phase::CountingMoves,
        Step::Losses(d) | Step::Wins(d) => Phase::Distance(d + 1),
        Step::DtzStart => Phase::FlipDistance(1),
        Step::DtzLevel(d) => Phase::FlipDistance(d + 1),
        Step::Done => Phase::Writing,
    }
}

/// The monitor of a build: progress, cancellation and checkpoints.
struct BuildMonitor<'a> {
    board: Board,
    progress: &'a mut dyn FnMut(&Progress),
    cancel: &'a AtomicBool,
    started: Instant,
    earlier: Duration,
    checkpoint: Option<(PathBuf, Duration)>,
    last_checkpoint: Instant,
    progress_every: Duration,
}

impl BuildMonitor<'_> {
    fn elapsed(&self) -> Duration {
        self.earlier + self.started.elapsed()
    }

    fn report(&mut self, phase: Phase, fraction: f32) {
        let progress = Progress {
            phase,
            fraction,
            elapsed: self.elapsed(),
        };
        (self.progress)(&progress);
    }
}

impl Monitor for BuildMonitor<'_> {
    fn tick(&mut self, mark: &Mark, chunks: u64) {
        let fraction = fraction_done(self.board, mark, chunks);
        self.report(phase_of(mark.step), fraction);
    }

    fn tick_every(&self) -> Duration {
        self.progress_every
    }

    fn step_boundary(&mut self, solver: &Solver) -> Result<(), Stop> {
        let Some((path, every)) = self.checkpoint.clone() else {
            return Ok(());
        };
        if self.last_checkpoint.elapsed() < every {
            return Ok(());
        }
        let fraction = fraction_done(self.board, &solver.mark, solver.chunks());
        self.report(Phase::Checkpointing, fraction);
        file::write_checkpoint(&path, solver, self.elapsed()).map_err(|e| Stop::Checkpoint {
            path: path.clone(),
            error: e.into(),
        })?;
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Solves a board in memory (for small boards and tests).
pub fn solve(board: Board, threads: usize) -> Result<Solution, BuildError> {
    let indexer = Arc::new(board.indexer());
    let mut solver = Solver::new(indexer.clone());
    let never = AtomicBool::new(false);
    let mut quiet = |_: &Progress| {};
    let mut monitor = BuildMonitor {
        board,
        progress: &mut quiet,
        cancel: &never,
        started: Instant::now(),
        earlier: Duration::ZERO,
        checkpoint: None,
        last_checkpoint: Instant::now(),
        progress_every: Duration::from_secs(3600),
    };
    run_solver(&mut solver, threads, &mut monitor)?;
    let (figures, dtz) = figures_of(&solver, &indexer, &monitor)?;
    Ok(Solution {
        values: solver.values.to_vec(),
        dtz: dtz.to_vec(),
        indexer,
        figures,
    })
}

/// The figures of a finished solve, with its flip distances.
fn figures_of<'s>(
    solver: &'s Solver,
    indexer: &Indexer,
    monitor: &BuildMonitor,
) -> Result<(Figures, &'s Bytes), BuildError> {
    let dtz = solver
        .dtz
        .as_ref()
        .ok_or(BuildError::Failed(Inconsistency::NoFlipDistances))?;
    let mut figures = Figures::count(indexer, &solver.values, dtz).map_err(BuildError::Failed)?;
    figures.solve_time = monitor.elapsed();
    Ok((figures, dtz))
}

fn run_solver(
    solver: &mut Solver,
    threads: usize,
    monitor: &mut BuildMonitor,
) -> Result<(), BuildError> {
    match solver.run(threads, monitor) {
        Ok(()) => Ok(()),
        Err(Stop::Failed(reason)) => Err(BuildError::Failed(reason)),
        Err(Stop::Checkpoint { path, error }) => Err(BuildError::Checkpoint { path, error }),
        Err(Stop::Cancelled) => {
            let Some((path, _)) = monitor.checkpoint.clone() else {
                return Err(BuildError::Cancelled { saved: false });
            };
            let fraction = fraction_done(monitor.board, &solver.mark, solver.chunks());
            monitor.report(Phase::Checkpointing, fraction);
            let saved = file::write_checkpoint(&path, solver, monitor.elapsed()).is_ok();
            Err(BuildError::Cancelled { saved })
        }
    }
}

/// Builds a table file: solves the board on `threads` threads, reporting progress, and writes
/// the table atomically to `config.out` (creating its folder). Before anything else, the
/// table's path and its checkpoint's are checked as outputs (`files::output::plan`): a
/// folder, a device or a FIFO there, or a folder that cannot be written, stops the build at
/// once.
///
/// The work is saved now and then to a checkpoint beside the table, and always when `cancel`
/// is raised; a later build with the same output continues from it. The checkpoint is removed
/// once the table is written. Memory: three bytes per class (about 1.3 GB for 5×5) and 20 MB
/// of numbering tables.
pub fn build(
    config: &BuildConfig,
    threads: usize,
    progress: &mut dyn FnMut(&Progress),
    cancel: &AtomicBool,
) -> Result<BuildReport, BuildError> {
    let started = Instant::now();
    if let Some(dir) = config.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| BuildError::CreateFolder {
            path: dir.to_path_buf(),
            error: e.into(),
        })?;
    }
    let checkpoint = file::checkpoint_path(&config.out);
    let planned = plan(
        &[],
        &[
            Output::new("the table", &config.out, Kind::Replace),
            Output::new("its checkpoint", &checkpoint, Kind::Replace),
        ],
    )
    .map_err(BuildError::Output)?;
    progress(&Progress {
        phase: Phase::Preparing,
        fraction: 0.0,
        elapsed: Duration::ZERO,
    });
    let indexer = Arc::new(config.board.indexer());
    let mut discarded = None;
    let mut resumed = false;
    let (mut solver, earlier) = if checkpoint.exists() {
        progress(&Progress {
            phase: Phase::Resuming,
            fraction: 0.0,
            elapsed: started.elapsed(),
        });
        match file::read_checkpoint(&checkpoint, indexer.clone()) {
            Ok((solver, earlier)) => {
                resumed = true;
                (solver, earlier)
            }
            Err(reason) => {
                let _ = std::fs::remove_file(&checkpoint);
                discarded = Some(reason);
                (Solver::new(indexer.clone()), Duration::ZERO)
            }
        }
    } else {
        (Solver::new(indexer.clone()), Duration::ZERO)
    };
    let mut monitor = BuildMonitor {
        board: config.board,
        progress,
        cancel,
        started,
        earlier,
        checkpoint: Some((checkpoint.clone(), config.checkpoint_every)),
        last_checkpoint: Instant::now(),
        progress_every: config.progress_every,
    };
    run_solver(&mut solver, threads, &mut monitor)?;
    monitor.report(Phase::Writing, 0.97);
    let (figures, dtz) = figures_of(&solver, &indexer, &monitor)?;
    planned[0].recheck().map_err(BuildError::Output)?;
    file::write_table(
        planned[0].destination(),
        config.board,
        &figures,
        &solver.values,
        dtz,
    )
    .map_err(|e| BuildError::Write {
        path: config.out.clone(),
        error: e.into(),
    })?;
    let _ = std::fs::remove_file(&checkpoint);
    // The record an older build kept of its check, now needless.
    let _ = std::fs::remove_file(file::legacy_verified_path(&config.out));
    monitor.report(Phase::Writing, 1.0);
    Ok(BuildReport {
        figures,
        resumed,
        discarded_checkpoint: discarded,
    })
}
