//! The two sides of a match: a configuration played by this build, or by another build of
//! Sanqi (a frozen baseline) run as a `bestmove` process for each turn.

use std::io::{self, Read};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, mpsc};
use std::time::Duration;
use web_time::Instant;

use crate::ai::book::Book;
use crate::ai::{Config, Context, Engine, Oracle, Weights};
use crate::echo::{MAX_QUOTED_CHARS, one_line, quoted_path};
use crate::files::{ReadError, read_bounded, size_text};
use crate::rules::notation::parse_actions;
use crate::rules::{Action, Game, GameId};

/// Who plays one side of a match.
#[derive(Clone, Debug)]
pub struct PlayerSpec {
    /// The level and settings it plays with.
    pub config: Config,
    /// Another Sanqi binary that plays `config` through its `bestmove` command.
    pub program: Option<PathBuf>,
    /// Pattern weights that replace this build's own (for a configuration that evaluates
    /// with patterns).
    pub weights: Option<&'static Weights>,
    /// An opening book that replaces this build's own (for a configuration that plays one).
    pub book: Option<&'static Book>,
}

impl PlayerSpec {
    /// The name the match prints.
    pub fn name(&self) -> String {
        match &self.program {
            None => self.config.to_string(),
            Some(path) => {
                let name = path
                    .file_name()
                    .unwrap_or_else(|| path.as_os_str())
                    .to_string_lossy();
                format!("{}@{}", self.config, one_line(&name, MAX_QUOTED_CHARS))
            }
        }
    }
}

/// A player during one game.
pub(crate) enum Player {
    /// This build; the engine keeps what the configuration keeps between decisions.
    Internal {
        config: Config,
        engine: Engine,
    },
    External {
        program: PathBuf,
        config: Config,
    },
}

impl Player {
    /// The player of `spec`; this build's Master consults `oracle` first.
    pub fn new(spec: &PlayerSpec, oracle: Option<&Arc<dyn Oracle>>) -> Player {
        match &spec.program {
            None => {
                let engine = match oracle {
                    Some(oracle) => Engine::with_oracle(oracle.clone()),
                    None => Engine::new(),
                };
                let engine = match spec.weights {
                    Some(weights) => engine.with_weights(weights),
                    None => engine,
                };
                Player::Internal {
                    config: spec.config,
                    engine: match spec.book {
                        Some(book) => engine.with_book(book),
                        None => engine,
                    },
                }
            }
            Some(program) => Player::External {
                program: program.clone(),
                config: spec.config,
            },
        }
    }

    /// The actions of the turn of the side to act in `game`, and the time it took.
    pub fn turn(
        &mut self,
        game: &Game,
        history: &[u128],
        seed: u64,
        budget_scale: f64,
        cancel: &AtomicBool,
    ) -> Result<(Vec<Action>, Duration), String> {
        let started = Instant::now();
        match self {
            Player::Internal { config, engine } => {
                let context = Context {
                    budget_scale,
                    ..Context::new(history, cancel).with_quiet_turns(game.quiet_turns())
                };
                let plan = engine
                    .plan(game.state(), config, seed, context)
                    .map_err(|e| format!("{config} failed: {e}"))?;
                Ok((plan.actions, plan.stats.elapsed))
            }
            Player::External { program, config } => {
                let actions = external_turn(program, config, game, seed)?;
                Ok((actions, started.elapsed()))
            }
        }
    }
}

/// The most an external engine may print on each of its outputs for one turn: a
/// `bestmove` answer is two short lines.
const MAX_ENGINE_OUTPUT: u64 = 64 * 1024;

/// How long an external engine may take for one turn before it is stopped: ten times its
/// time for a turn and ten seconds more (its start, its table, a busy machine), or on nodes
/// alone ten seconds and a second for every 5,000 positions (far slower than any build
/// searches).
fn engine_time_limit(config: &Config, game: GameId) -> Duration {
    let params = config.params(game);
    let budget = if params.movetime > 0 {
        Duration::from_millis(params.movetime).saturating_mul(10)
    } else {
        Duration::from_secs(params.nodes / 5_000)
    };
    budget.saturating_add(Duration::from_secs(10))
}

/// Asks `program bestmove` for the turn. The budget goes as `--movetime`, `--nodes` and
/// `--threads` only when the configuration sets it, so that a build that knows only
/// `--level --moves --seed` can play with its own budgets. A program that takes longer
/// than [`engine_time_limit`] or prints more than [`MAX_ENGINE_OUTPUT`] is stopped (on Unix
/// with everything it started) and the turn fails with one line that says so.
fn external_turn(
    program: &PathBuf,
    config: &Config,
    game: &Game,
    seed: u64,
) -> Result<Vec<Action>, String> {
    let moves: Vec<String> = game.actions().map(|a| a.to_string()).collect();
    let level = config.without_budgets();
    let mut command = Command::new(program);
    command
        .arg("bestmove")
        .arg(game.id().id())
        .arg("--level")
        .arg(level.to_string())
        .arg("--moves")
        .arg(moves.join(" "))
        .arg("--seed")
        .arg(seed.to_string());
    // A folder named for this process (the tests name their own) is the other build's too.
    if let Some(dir) = crate::data_dir::for_process() {
        command.env(crate::data_dir::VARIABLE, dir);
    }
    if let Some(t) = config.movetime() {
        command.arg("--movetime").arg(t.as_millis().to_string());
    }
    if let Some(n) = config.nodes() {
        command.arg("--nodes").arg(n.to_string());
    }
    if let Some(n) = config.threads() {
        command.arg("--threads").arg(n.to_string());
    }
    let limit = engine_time_limit(config, game.id());
    let name = quoted_path(program);
    let output = run_bounded(command, limit, MAX_ENGINE_OUTPUT).map_err(|e| match e {
        RunError::Start(e) => format!("cannot run {name}: {e}"),
        RunError::TooSlow => format!(
            "{name} did not answer within {:.1} s and was stopped",
            limit.as_secs_f64()
        ),
        RunError::TooMuch => format!(
            "{name} printed more than {} for one turn and was stopped",
            size_text(MAX_ENGINE_OUTPUT)
        ),
        RunError::Read(e) => format!("cannot read the answer of {name}: {e}"),
    })?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let said = match stderr.lines().find(|l| !l.trim().is_empty()) {
            Some(line) => format!(": {}", one_line(line, 200)),
            None => " and printed no message".to_string(),
        };
        return Err(format!("{name} {}{said}", how_it_ended(output.status)));
    }
    // The info line carries the whole turn; the last line is its first action.
    let turn = stdout.lines().find_map(|line| {
        line.strip_prefix("info ")?
            .split_once(" turn ")
            .map(|(_, t)| t)
    });
    let text = match turn {
        Some(t) => t,
        None => stdout.lines().last().unwrap_or(""),
    };
    let actions = parse_actions(text).map_err(|e| format!("{name}: {e}"))?;
    if actions.is_empty() {
        return Err(format!("{name} answered no action"));
    }
    Ok(actions)
}

/// How a program that failed ended, in words: "exited with status 1", "was killed by signal
/// 9 (SIGKILL)".
fn how_it_ended(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                1 => " (SIGHUP)",
                2 => " (SIGINT)",
                3 => " (SIGQUIT)",
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                13 => " (SIGPIPE)",
                14 => " (SIGALRM)",
                15 => " (SIGTERM)",
                _ => "",
            };
            let core = if status.core_dumped() {
                ", leaving a core dump"
            } else {
                ""
            };
            return format!("was killed by signal {signal}{name}{core}");
        }
    }
    format!("ended unsuccessfully ({status})")
}

/// What a program that ran to its end left.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Why [`run_bounded`] has no answer.
enum RunError {
    /// The program could not be started.
    Start(io::Error),
    /// It ran out of time.
    TooSlow,
    /// It printed more than the limit.
    TooMuch,
    /// Its output could not be read.
    Read(ReadError),
}

/// Runs `command` with no input, reading each of its outputs up to `most` bytes, and stops
/// it (with the processes it started, on Unix) if it is not done within `time` or prints
/// more.
fn run_bounded(mut command: Command, time: Duration, most: u64) -> Result<Finished, RunError> {
    let started = Instant::now();
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // A group of its own, so that a stop reaches what it started too (a script's commands).
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(RunError::Start)?;
    let (tx, rx) = mpsc::channel();
    let streams: [Option<Box<dyn Read + Send>>; 2] = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ];
    for (which, stream) in streams.into_iter().enumerate() {
        let tx = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("sanqi-engine-output".into())
            .spawn(move || {
                let read = stream.map_or_else(|| Ok(Vec::new()), |s| read_bounded(s, most));
                let _ = tx.send((which, read));
            });
        if let Err(e) = spawned {
            stop(&mut child);
            return Err(RunError::Start(e));
        }
    }
    drop(tx);
    // Both outputs end when the program (and all it started) is done.
    let mut outputs: [Option<Vec<u8>>; 2] = [None, None];
    while outputs.iter().any(Option::is_none) {
        let Some(left) = time.checked_sub(started.elapsed()) else {
            stop(&mut child);
            return Err(RunError::TooSlow);
        };
        match rx.recv_timeout(left) {
            Ok((which, Ok(bytes))) => outputs[which] = Some(bytes),
            Ok((_, Err(ReadError::TooLarge { .. }))) => {
                stop(&mut child);
                return Err(RunError::TooMuch);
            }
            Ok((_, Err(e))) => {
                stop(&mut child);
                return Err(RunError::Read(e));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    // Its outputs are closed: it has ended, or is about to.
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < time => std::thread::sleep(Duration::from_millis(1)),
            Ok(None) => {
                stop(&mut child);
                return Err(RunError::TooSlow);
            }
            Err(e) => {
                stop(&mut child);
                return Err(RunError::Read(e.into()));
            }
        }
    };
    let [stdout, stderr] = outputs.map(Option::unwrap_or_default);
    Ok(Finished {
        status,
        stdout,
        stderr,
    })
}

/// Kills a program and what it started (its process group, on Unix), and waits for it.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: a signal to the group the child leads (made by `process_group(0)`); no
        // memory is involved.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
