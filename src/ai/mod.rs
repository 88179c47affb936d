//! The computer opponent: four levels for all three games, on top of the rules.
//!
//! [`choose`] plans the whole turn of the side to act (in Neihuang a move together with the
//! captures and the yield that follow it). Levels differ in search budget and in deliberate
//! imperfection; budgets are counted in nodes, so a given seed always gives the same choice.
//! [`Worker`] runs the search off the caller's thread.

mod eval;
mod search;
mod worker;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::rules::{Action, State};

pub use search::SearchStats;
pub use worker::{Reply, Request, Worker};

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
}

impl Level {
    /// The four levels offered to players.
    pub const PLAYABLE: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// `random`, `easy`, `medium`, `hard` or `expert`.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        [
            Level::Random,
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Expert,
        ]
        .into_iter()
        .find(|l| l.id() == text)
    }

    /// The time a turn should take at most on a two-core machine (the median is far lower).
    pub const fn turn_budget(self) -> Duration {
        match self {
            Level::Random => Duration::from_millis(10),
            Level::Easy | Level::Medium => Duration::from_millis(300),
            Level::Hard => Duration::from_millis(1000),
            Level::Expert => Duration::from_millis(3000),
        }
    }
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
    pub stats: SearchStats,
}

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
    /// Multiplies the level's node budgets (1.0 in play; matches may scale all levels alike
    /// to measure the ladder faster).
    pub budget_scale: f64,
}

impl<'a> Context<'a> {
    /// A context with the given history and cancel flag, at full budget.
    pub fn new(history: &'a [u128], cancel: &'a AtomicBool) -> Context<'a> {
        Context {
            history,
            cancel,
            budget_scale: 1.0,
        }
    }
}

/// Plans the turn of the side to act in `state`.
pub fn choose(
    state: &State,
    level: Level,
    seed: u64,
    context: Context<'_>,
) -> Result<Plan, AiError> {
    match state {
        State::Neihuang(s) => plan_turn(s, level, seed, context),
        State::Flying(s) => plan_turn(s, level, seed, context),
        State::Wudao(s) => plan_turn(s, level, seed, context),
    }
}

fn plan_turn<R: eval::Evaluate>(
    state: &R,
    level: Level,
    seed: u64,
    context: Context<'_>,
) -> Result<Plan, AiError> {
    let side = state.to_act().ok_or(AiError::GameOver)?;
    let started = Instant::now();
    let mut history: Vec<u128> = context.history.to_vec();
    let mut current = *state;
    let mut actions = Vec::new();
    let mut stats = SearchStats::default();
    let mut score = None;
    // The first decision gets the full budget; the captures and the yield that finish the
    // turn are searched with a small share of it, so they come at once.
    // A safety net only: budgets are in nodes, which take far less time than this.
    let deadline = started + level.turn_budget().mul_f64(1.8);
    let mut share = context.budget_scale;
    while actions.is_empty() || !current.turn_over_after(side) {
        if context.cancel.load(Ordering::Relaxed) {
            return Err(AiError::Cancelled);
        }
        let decision_seed = seed.wrapping_add(actions.len() as u64 * 0x9E37_79B9);
        let (action, found) = search::decide(
            &current,
            level,
            decision_seed,
            share,
            deadline,
            &history,
            context.cancel,
        )?;
        stats.add(&found);
        if score.is_none() {
            score = found.score;
        }
        actions.push(action);
        history.push(current.key());
        current.apply_unchecked(action);
        share = 0.1 * context.budget_scale;
    }
    stats.elapsed = started.elapsed();
    Ok(Plan {
        actions,
        score,
        stats,
    })
}
