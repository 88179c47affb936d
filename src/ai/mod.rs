//! The computer opponent: five levels for all three games, on top of the rules.
//!
//! [`Engine::plan`] (or [`choose`] for a one-off decision) plans the whole turn of the side to
//! act (in Neihuang a move together with the captures and the yield that follow it). Levels
//! differ in search budget and in deliberate imperfection. The lower levels and Expert are
//! budgeted in nodes, so a given seed always gives the same choice; Master plays on time, on
//! every core the caller gives it, unless a node budget is set. [`Worker`] runs the search
//! off the caller's thread.
//!
//! The search algorithms ([`search`] for alpha-beta, [`mcts`]) implement one trait
//! ([`searcher::Search`]); the turn planner here only picks one for the configuration.

pub mod analysis;
pub mod config;
mod eval;
mod mcts;
mod search;
mod searcher;
mod worker;
mod wudao;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::rules::{Action, ActionList, Decision, GameId, State};

pub use config::{Algorithm, Config, Tweaks};
pub use searcher::SearchStats;
pub use worker::{Reply, Request, Worker, app_config};

use searcher::{Search, Task};

/// How strongly the computer plays.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal actions (for testing and for measuring the other levels).
    Random,
    Easy,
    Medium,
    Hard,
    Expert,
    /// The strongest play: Expert's search with its refinements, on time and on every core.
    Master,
}

impl Level {
    /// The levels offered to players.
    pub const PLAYABLE: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Master,
    ];

    /// `random`, `easy`, `medium`, `hard`, `expert` or `master`.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        [
            Level::Random,
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Expert,
            Level::Master,
        ]
        .into_iter()
        .find(|l| l.id() == text)
    }

    /// The time a turn should take at most on a two-core machine (the median is far lower,
    /// except for Master, which uses [`Level::MASTER_TURN_TIME`] of it).
    pub const fn turn_budget(self) -> Duration {
        match self {
            Level::Random => Duration::from_millis(10),
            Level::Easy | Level::Medium => Duration::from_millis(300),
            Level::Hard => Duration::from_millis(1000),
            Level::Expert => Duration::from_millis(3000),
            Level::Master => Duration::from_millis(6000),
        }
    }

    /// Master's thinking time for a turn when nothing else is asked for.
    pub const MASTER_TURN_TIME: Duration = Duration::from_millis(2500);
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The computer's turn: the action to play now, then the rest of the same side's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The actions of the turn, in order; the first is for the position asked about. The
    /// others follow only while the same side keeps acting (captures, a yield).
    pub actions: Vec<Action>,
    /// The search's view of the position, from the mover's side (centipieces), if it
    /// searched.
    pub score: Option<i32>,
    /// Whether the oracle chose the turn (without searching).
    pub from_oracle: bool,
    pub stats: SearchStats,
    /// The continuation the search expects after the turn's actions (its principal
    /// variation), at most [`LINE_LENGTH`] actions; empty when the oracle chose or nothing
    /// was searched.
    pub line: Vec<Action>,
}

/// The most actions [`Plan::line`] holds.
pub const LINE_LENGTH: usize = 8;

/// Why no action came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The game is over: there is nothing to decide.
    GameOver,
    /// The request was cancelled (a new game, an undo, a level change).
    Cancelled,
    /// The search failed unexpectedly; the message says how.
    Failed(String),
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::GameOver => f.write_str("the game is over"),
            AiError::Cancelled => f.write_str("cancelled"),
            AiError::Failed(why) => write!(f, "the computer failed to choose: {why}"),
        }
    }
}

impl std::error::Error for AiError {}

/// What a search may see besides the position.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// Keys of the earlier positions of the game (for the repetition rule), oldest first.
    pub history: &'a [u128],
    /// Stops the search as soon as it is set.
    pub cancel: &'a AtomicBool,
    /// Multiplies the level's budgets, in nodes or time (1.0 in play; matches may scale all
    /// levels alike to measure the ladder faster).
    pub budget_scale: f64,
    /// Turns played in a row without a capture or a flip (what the 100-turn rule counts), for
    /// an oracle that must win inside the rule.
    pub quiet_turns: u16,
}

impl<'a> Context<'a> {
    /// A context with the given history and cancel flag, at full budget.
    pub fn new(history: &'a [u128], cancel: &'a AtomicBool) -> Context<'a> {
        Context {
            history,
            cancel,
            budget_scale: 1.0,
            quiet_turns: 0,
        }
    }

    /// The same context with `quiet_turns` turns played without a capture or a flip.
    pub fn with_quiet_turns(self, quiet_turns: u16) -> Context<'a> {
        Context {
            quiet_turns,
            ..self
        }
    }
}

/// Perfect play for the positions it knows, e.g. a solved game's table. Master consults it
/// before searching.
pub trait Oracle: Send + Sync {
    /// The best action in `state` after `quiet_turns` turns without a capture or a flip, if
    /// the oracle knows the position.
    fn best_move(&self, state: &State, quiet_turns: u16) -> Option<Action>;
}

/// Plans the turn of the side to act in `state` at `level`, with nothing kept from earlier
/// decisions.
pub fn choose(
    state: &State,
    level: Level,
    seed: u64,
    context: Context<'_>,
) -> Result<Plan, AiError> {
    Engine::new().plan(state, &Config::new(level), seed, context)
}

/// A computer player across the decisions of a game: what it keeps between them (the
/// transposition table, when its configuration keeps one) and the oracle it may consult.
#[derive(Default)]
pub struct Engine {
    /// One table per side, so that a player searching for both sides (a computer against
    /// itself) never reads scores seen from the other side's contempt.
    tables: [Option<Arc<search::Table>>; 2],
    /// A table to reuse for decisions that keep none, so that a large table is not
    /// allocated and freed (which takes a while) on the clock.
    spare: Option<Arc<search::Table>>,
    oracle: Option<Arc<dyn Oracle>>,
}

impl Engine {
    pub fn new() -> Engine {
        Engine::default()
    }

    /// An engine whose Master consults `oracle` first.
    pub fn with_oracle(oracle: Arc<dyn Oracle>) -> Engine {
        Engine {
            oracle: Some(oracle),
            ..Engine::default()
        }
    }

    /// Forgets what was kept from earlier decisions (for a new game).
    pub fn forget(&mut self) {
        self.tables = [None, None];
    }

    /// Plans the turn of the side to act in `state` as `config` plays.
    pub fn plan(
        &mut self,
        state: &State,
        config: &Config,
        seed: u64,
        context: Context<'_>,
    ) -> Result<Plan, AiError> {
        let started = Instant::now();
        if config.level == Level::Master
            && let Some(oracle) = &self.oracle
            && let Some(action) = oracle.best_move(state, context.quiet_turns)
        {
            return Ok(self.oracle_turn(
                state,
                action,
                oracle.as_ref(),
                context.quiet_turns,
                started,
            ));
        }
        // The one place that turns the game's state into its rules type.
        match state {
            State::Neihuang(s) => self.plan_game(s, config, seed, context, started),
            State::Flying(s) => self.plan_game(s, config, seed, context, started),
            State::Wudao(s) => self.plan_game(s, config, seed, context, started),
        }
    }

    /// The whole turn from the oracle (it knows every position it answered for).
    fn oracle_turn(
        &self,
        state: &State,
        first: Action,
        oracle: &dyn Oracle,
        quiet_turns: u16,
        started: Instant,
    ) -> Plan {
        let side = state.to_act();
        let mut current = *state;
        let mut actions = vec![first];
        current.apply_unchecked(first);
        while current.to_act() == side
            && matches!(
                current.decision(),
                Some(Decision::Capture { .. } | Decision::Yield)
            )
        {
            // The rest of the turn comes before its end is counted.
            let Some(next) = oracle.best_move(&current, quiet_turns) else {
                break;
            };
            actions.push(next);
            current.apply_unchecked(next);
        }
        Plan {
            actions,
            score: None,
            from_oracle: true,
            stats: SearchStats {
                elapsed: started.elapsed(),
                ..SearchStats::default()
            },
            line: Vec::new(),
        }
    }

    fn plan_game<R: eval::Evaluate>(
        &mut self,
        state: &R,
        config: &Config,
        seed: u64,
        context: Context<'_>,
        started: Instant,
    ) -> Result<Plan, AiError> {
        let side = state.to_act().ok_or(AiError::GameOver)?;
        let level = config.level;
        let params = search::params::tuned(level, R::ID, &config.tweaks);
        let bits = params.table_bits;
        let fits = |t: &Option<Arc<search::Table>>| t.as_ref().is_some_and(|t| t.bits() == bits);
        let slot = if params.keep_table {
            &mut self.tables[side.index()]
        } else {
            &mut self.spare
        };
        let fresh = !fits(slot);
        if fresh {
            *slot = Some(Arc::new(search::Table::new(bits)));
        }
        let table = slot
            .clone()
            .ok_or_else(|| AiError::Failed("no table".into()))?;
        let algorithm = config.tweaks.algorithm.unwrap_or(Algorithm::AlphaBeta);
        let mut alpha_beta = search::AlphaBeta::new(level, params, table, fresh);
        let mut tree = mcts::Mcts::new();
        let in_placement = state.hands().iter().any(|&h| h > 0);
        let searcher: &mut dyn Search<R> = match algorithm {
            Algorithm::Mcts => &mut tree,
            Algorithm::MctsPlacement if in_placement => &mut tree,
            _ => &mut alpha_beta,
        };
        let budget = TurnBudget::new(config, params.nodes, context.budget_scale, started);
        plan_turn(state, searcher, &budget, seed, context, started)
    }
}

/// How much a turn may spend.
struct TurnBudget {
    /// Nodes for the turn's first decision.
    nodes: u64,
    /// Nodes for each of the captures and the yield that finish the turn.
    follow_up_nodes: u64,
    /// Time for the whole turn, when it plays on time.
    movetime: Option<Duration>,
    /// The turn stops here at the latest.
    deadline: Instant,
    threads: usize,
}

impl TurnBudget {
    fn new(config: &Config, level_nodes: u64, scale: f64, started: Instant) -> TurnBudget {
        let level = config.level;
        // Master plays on time unless given nodes; the others on nodes unless given time.
        let movetime = match (config.movetime, config.nodes) {
            (Some(t), _) => Some(t),
            (None, None) if level == Level::Master => Some(Level::MASTER_TURN_TIME.mul_f64(scale)),
            _ => None,
        };
        let share = |fraction: f64| ((level_nodes as f64 * fraction) as u64).max(1_000);
        let (nodes, follow_up_nodes) = match (config.nodes, movetime) {
            (Some(n), _) => (n, (n / 10).max(1)),
            (None, Some(_)) => (u64::MAX, u64::MAX),
            (None, None) => (share(scale), share(0.1 * scale)),
        };
        // Without a time limit, a safety net only: node budgets take far less than this.
        let deadline = started + movetime.unwrap_or(level.turn_budget().mul_f64(1.8));
        TurnBudget {
            nodes,
            follow_up_nodes,
            movetime,
            deadline,
            threads: config.threads.unwrap_or(1).max(1),
        }
    }
}

/// Plans a whole turn with `searcher`, one decision after another while the same side acts.
fn plan_turn<R: eval::Evaluate>(
    state: &R,
    searcher: &mut dyn Search<R>,
    budget: &TurnBudget,
    seed: u64,
    context: Context<'_>,
    started: Instant,
) -> Result<Plan, AiError> {
    let side = state.to_act().ok_or(AiError::GameOver)?;
    let mut history: Vec<u128> = context.history.to_vec();
    let mut current = *state;
    let mut actions = Vec::new();
    let mut stats = SearchStats::default();
    let mut score = None;
    while actions.is_empty() || !current.turn_over_after(side) {
        if context.cancel.load(Ordering::Relaxed) {
            return Err(AiError::Cancelled);
        }
        let first = actions.is_empty();
        let decision_seed = seed.wrapping_add(actions.len() as u64 * 0x9E37_79B9);
        // The first decision gets the budget; the captures and the yield that finish the
        // turn get a small share of it, so they come at once.
        let (nodes, deadline) = match budget.movetime {
            Some(t)
                if first
                    && R::ID == GameId::Neihuang
                    && current.decision() == Some(Decision::Move) =>
            {
                // A Neihuang move may be followed by captures: leave them a quarter.
                (
                    budget.nodes,
                    (started + t.mul_f64(0.75)).min(budget.deadline),
                )
            }
            Some(t) if first => (budget.nodes, started + t),
            Some(t) => (
                budget.follow_up_nodes,
                (Instant::now() + t / 10).min(budget.deadline),
            ),
            None if first => (budget.nodes, budget.deadline),
            None => (budget.follow_up_nodes, budget.deadline),
        };
        let mut list = ActionList::new();
        current.legal_actions(&mut list);
        let (action, found) = match list.len() {
            0 => return Err(AiError::GameOver),
            1 => (list[0], searcher::Found::default()),
            _ => searcher.decide(
                &current,
                &Task {
                    seed: decision_seed,
                    history: &history,
                    cancel: context.cancel,
                    nodes,
                    deadline,
                    threads: budget.threads,
                },
            )?,
        };
        stats.add(&found);
        if score.is_none() {
            score = found.score;
        }
        actions.push(action);
        history.push(current.key());
        current.apply_unchecked(action);
    }
    stats.elapsed = started.elapsed();
    let line = searcher.expected_line(&current, LINE_LENGTH);
    Ok(Plan {
        actions,
        score,
        from_oracle: false,
        stats,
        line,
    })
}
