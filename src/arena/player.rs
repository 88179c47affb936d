//! The two sides of a match: a configuration played by this build, or by another build of
//! Sanqi (a frozen baseline) run as a `bestmove` process for each turn.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::book::Book;
use crate::ai::{Config, Context, Engine, Oracle, Weights};
use crate::echo::{MAX_QUOTED_CHARS, one_line, quoted_path};
use crate::rules::notation::parse_actions;
use crate::rules::{Action, Game};

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
                    .map_or_else(|| path.as_os_str(), |n| n)
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

/// Asks `program bestmove` for the turn. The budget goes as `--movetime`, `--nodes` and
/// `--threads` only when the configuration sets it, so that a build that knows only
/// `--level --moves --seed` can play with its own budgets.
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
    if let Some(t) = config.movetime() {
        command.arg("--movetime").arg(t.as_millis().to_string());
    }
    if let Some(n) = config.nodes() {
        command.arg("--nodes").arg(n.to_string());
    }
    if let Some(n) = config.threads() {
        command.arg("--threads").arg(n.to_string());
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", quoted_path(program)))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "{} failed: {}",
            quoted_path(program),
            stderr.lines().next().unwrap_or("no message")
        ));
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
    let actions = parse_actions(text).map_err(|e| format!("{}: {e}", quoted_path(program)))?;
    if actions.is_empty() {
        return Err(format!("{} answered no action", quoted_path(program)));
    }
    Ok(actions)
}
