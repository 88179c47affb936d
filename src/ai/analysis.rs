//! Analysis of a game: every position evaluated, every action labelled by what it cost the
//! side that played it, and an accuracy figure for each side.
//!
//! [`analyse`] does the work on the caller's thread (the command line); [`Analyser`] runs it
//! on a thread of its own, with progress and a cancel that takes effect at once (the app).
//! Positions are searched by Master's search on a node budget (by default) or a time budget;
//! in Flying, an [`ExactValues`] source (the solved table) gives exact values instead, and the
//! labels then follow from the values alone.
//!
//! On a node budget an analysis is reproducible: one search thread, a seed fixed per
//! position, one engine whose tables are filled in the same order every time, and no clock
//! that could cut a search short on a busy machine. The same game gives the same figures.
//! A time budget gives what the machine managed in that time, which differs from run to run.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Mutex, PoisonError};
#[cfg(not(target_arch = "wasm32"))]
use std::thread::JoinHandle;
use std::time::Duration;

use super::alphabeta::{MATE, MAX_PLY};
use super::engine::{Context, Engine};
use super::error::AiError;
use super::exact::Value;
use super::level::Level;
use super::settings::Config;
use crate::rules::{Action, Game, GameId, Side, State, Status};

/// The labels' thresholds, in pieces the mover's evaluation loses against the engine's
/// preferred action. An action losing at most [`BEST_LOSS`] is best, at most [`GOOD_LOSS`]
/// good, at most [`INACCURACY_LOSS`] an inaccuracy, at most [`MISTAKE_LOSS`] a mistake, and
/// more a blunder.
pub const BEST_LOSS: f64 = 0.1;
/// See [`BEST_LOSS`].
pub const GOOD_LOSS: f64 = 0.5;
/// See [`BEST_LOSS`].
pub const INACCURACY_LOSS: f64 = 1.0;
/// See [`BEST_LOSS`].
pub const MISTAKE_LOSS: f64 = 2.0;
/// With exact values, a win slower (or a loss quicker) than the best by at most this many
/// plies is good; by more, an inaccuracy. A change of result is a blunder.
pub const EXACT_GOOD_PLIES: u32 = 4;
/// The evaluation, in pieces, that counts as a won game when losses are measured: a forced
/// win found by the search, or a game already won.
pub const DECIDED_PIECES: f64 = 20.0;
/// The spread, in pieces, of the logistic curve that turns an evaluation into an expected
/// result for the accuracy figure.
pub const ACCURACY_SCALE_PIECES: f64 = 2.0;

/// The power that turns the share of the expected result an action kept into its accuracy
/// (see [`action_accuracy`]).
pub const ACCURACY_POWER: i32 = 4;

/// How good an action was.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Label {
    /// The engine's choice, or as good within [`BEST_LOSS`].
    Best,
    /// Close to the best: within [`GOOD_LOSS`].
    Good,
    /// A small loss: within [`INACCURACY_LOSS`].
    Inaccuracy,
    /// A clear loss: within [`MISTAKE_LOSS`].
    Mistake,
    /// A loss beyond [`MISTAKE_LOSS`], or a result thrown away.
    Blunder,
}

impl Label {
    /// Every label, best first.
    pub const ALL: [Label; 5] = [
        Label::Best,
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];

    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder` (also the locale key's last part).
    pub const fn id(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// The label of an action that lost `pieces` of evaluation.
    pub fn of_loss(pieces: f64) -> Label {
        if pieces <= BEST_LOSS {
            Label::Best
        } else if pieces <= GOOD_LOSS {
            Label::Good
        } else if pieces <= INACCURACY_LOSS {
            Label::Inaccuracy
        } else if pieces <= MISTAKE_LOSS {
            Label::Mistake
        } else {
            Label::Blunder
        }
    }

    /// The label of an action of exact value `played` where `best` was possible.
    pub fn of_exact(best: Value, played: Value) -> Label {
        let rank = |v: Value| match v {
            Value::Win(_) => 2,
            Value::Draw => 1,
            Value::Loss(_) => 0,
        };
        if rank(played) < rank(best) {
            return Label::Blunder;
        }
        let slower = match (best, played) {
            (Value::Win(b), Value::Win(p)) => p.saturating_sub(b),
            (Value::Loss(b), Value::Loss(p)) => b.saturating_sub(p),
            _ => 0,
        };
        match slower {
            0 => Label::Best,
            s if s <= EXACT_GOOD_PLIES => Label::Good,
            _ => Label::Inaccuracy,
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What a position is worth, from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Evaluation {
    /// The search's score, in centipieces.
    Score(i32),
    /// A forced win in this many plies (exact from the table, or found by the search; 0 for a
    /// game already won).
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// A draw: exact from the table, or a game already drawn.
    Draw,
}

impl Evaluation {
    /// The same position seen from the other side.
    pub fn flipped(self) -> Evaluation {
        match self {
            Evaluation::Score(s) => Evaluation::Score(-s),
            Evaluation::Win(n) => Evaluation::Loss(n),
            Evaluation::Loss(n) => Evaluation::Win(n),
            Evaluation::Draw => Evaluation::Draw,
        }
    }

    /// Seen by `side`, given that it is seen by `from`.
    pub fn for_side(self, from: Side, side: Side) -> Evaluation {
        if from == side { self } else { self.flipped() }
    }

    /// A search score (centipieces, mates near ±[`MATE`]).
    pub fn of_score(score: i32) -> Evaluation {
        let bound = MATE - MAX_PLY as i32;
        // A win in 0 is a finished game; the search's are at least a ply away.
        if score >= bound {
            Evaluation::Win((MATE - score).max(1) as u32)
        } else if score <= -bound {
            Evaluation::Loss((MATE + score).max(1) as u32)
        } else {
            Evaluation::Score(score)
        }
    }

    /// An exact value from the Flying table, for the side to act.
    pub fn of_value(value: Value) -> Evaluation {
        match value {
            Value::Win(n) => Evaluation::Win(n),
            Value::Loss(n) => Evaluation::Loss(n),
            Value::Draw => Evaluation::Draw,
        }
    }

    /// In pieces, a decided game counting as ±[`DECIDED_PIECES`].
    pub fn pieces(self) -> f64 {
        match self {
            Evaluation::Score(s) => (f64::from(s) / 100.0).clamp(-DECIDED_PIECES, DECIDED_PIECES),
            Evaluation::Win(_) => DECIDED_PIECES,
            Evaluation::Loss(_) => -DECIDED_PIECES,
            Evaluation::Draw => 0.0,
        }
    }

    /// The winning chances in `game`, 0 to 1, for the side it is seen from (a draw counting
    /// half): a score read through the logistic curve its evaluation was fitted with, so
    /// that a score says what it means in results, not in pieces; a decided game 1, ½ or 0.
    pub fn winning_chances(self, game: GameId) -> f64 {
        match self {
            Evaluation::Score(s) => {
                1.0 / (1.0 + (-f64::from(s) / super::eval::pattern::scale(game)).exp())
            }
            Evaluation::Win(_) => 1.0,
            Evaluation::Loss(_) => 0.0,
            Evaluation::Draw => 0.5,
        }
    }

    /// The expected result, 0 (lost) to 1 (won), through a logistic curve for scores.
    pub fn expected(self) -> f64 {
        match self {
            Evaluation::Score(_) => 1.0 / (1.0 + (-self.pieces() / ACCURACY_SCALE_PIECES).exp()),
            Evaluation::Win(_) => 1.0,
            Evaluation::Loss(_) => 0.0,
            Evaluation::Draw => 0.5,
        }
    }
}

impl fmt::Display for Evaluation {
    /// `+1.25`, `wins in 19`, `loses in 22`, `draw` (for the side it is seen from).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evaluation::Score(s) => write!(f, "{:+.2}", f64::from(*s) / 100.0),
            Evaluation::Win(n) => write!(f, "wins in {n}"),
            Evaluation::Loss(n) => write!(f, "loses in {n}"),
            Evaluation::Draw => f.write_str("draw"),
        }
    }
}

/// Exact values of Flying positions: the solved table, behind a seam so that tests can give
/// a small one.
pub trait ExactValues: Send + Sync {
    /// The value of `state` for the side to move, if known.
    fn value(&self, state: &State) -> Option<Value>;
    /// Each legal action of `state` with its value for the side that plays it, if known.
    fn move_values(&self, state: &State) -> Option<Vec<(Action, Value)>>;
}

/// How much each position may be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Budget {
    /// Time per position.
    Time(Duration),
    /// Nodes per position (reproducible on any machine).
    Nodes(u64),
}

impl Budget {
    /// The budget used when none is asked for, by the app and the command line: half a
    /// million nodes a position, which labels a game within an action or so of a million
    /// (what a third of a second gives a fast machine; docs/AI.md, "Analysis of a game"),
    /// the same on every machine and in every run.
    pub const DEFAULT: Budget = Budget::Nodes(500_000);

    /// The configuration of the search: Master on one thread.
    pub fn config(self) -> Config {
        let mut config = Config::new(Level::Master);
        match self {
            Budget::Time(t) => config.set_movetime(t),
            Budget::Nodes(n) => {
                config.set_nodes(n);
                // No clock: the nodes alone end the search, however busy the machine, or
                // its figures would depend on the load (a cancel still stops it at once).
                config.set_limit(Duration::from_secs(3600));
            }
        }
        config.set_threads(1);
        config
    }
}

/// One analysed action.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionReport {
    /// Its index in the game's actions (from 0).
    pub index: usize,
    /// The number the move list gives its turn (from 1).
    pub turn: usize,
    /// The side that played it.
    pub side: Side,
    /// The action.
    pub action: Action,
    /// The position after it, from Black's side.
    pub after: Evaluation,
    /// What the position before it was worth to its side with the engine's choice.
    pub before: Evaluation,
    /// The evaluation the side lost by it, in pieces (0 for the best action).
    pub loss: f64,
    /// How good it was.
    pub label: Label,
    /// The engine's choice, when it differs from the action played.
    pub preferred: Option<Action>,
    /// Whether the side had a choice (more than one legal action).
    pub had_choice: bool,
}

/// A side's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// How many of its actions got each label, in the order of [`Label::ALL`].
    pub counts: [usize; 5],
    /// 0 to 100: the average [`action_accuracy`] of its actions with a choice.
    pub accuracy: f64,
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The evaluation of every position from Black's side, the start first (one more than
    /// the actions).
    pub positions: Vec<Evaluation>,
    /// Every action of the game, in order.
    pub actions: Vec<ActionReport>,
    /// Black's, then White's.
    pub summary: [SideSummary; 2],
    /// Whether the values are exact (every position from the table).
    pub exact: bool,
}

/// Positions done out of the total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Positions analysed so far.
    pub done: usize,
    /// Positions to analyse in all.
    pub total: usize,
}

/// What one position's evaluation gives.
#[derive(Clone, Copy, Debug)]
struct Assessed {
    /// For the side to act (or for Black once the game is over).
    value: Option<Evaluation>,
    /// The engine's choice.
    best: Option<Action>,
    /// Legal actions.
    choices: usize,
}

/// The turn number of each action, as the move list numbers them.
fn turn_numbers(game: &Game) -> Vec<usize> {
    let mut numbers = Vec::with_capacity(game.len());
    let mut turn = 0;
    let mut starts_turn = true;
    for effects in game.effects() {
        if starts_turn {
            turn += 1;
        }
        numbers.push(turn);
        starts_turn = effects.turn_over;
    }
    numbers
}

/// The value of a finished game for `side`.
fn finished(status: Status, side: Side) -> Evaluation {
    match status.winner() {
        Some(w) if w == side => Evaluation::Win(0),
        Some(_) => Evaluation::Loss(0),
        None => Evaluation::Draw,
    }
}

/// Analyses every position of `game`, calling `progress` after each. Stops with
/// [`AiError::Cancelled`] as soon as `cancel` is set.
pub fn analyse(
    game: &Game,
    budget: Budget,
    exact: Option<&dyn ExactValues>,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Report, AiError> {
    let config = budget.config();
    let mut engine = Engine::new();
    let total = game.len() + 1;
    let keys: Vec<u128> = (0..total).map(|i| game.state_after(i).key()).collect();
    let mut points = Vec::with_capacity(total);
    let mut all_exact = true;
    for i in 0..total {
        if cancel.load(Ordering::Relaxed) {
            return Err(AiError::Cancelled);
        }
        let state = game.state_after(i);
        // The game's end, draws by rule included, is known without searching.
        let status = if i == game.len() {
            game.status()
        } else {
            state.status()
        };
        let assessed = if status.is_over() || state.to_act().is_none() {
            Assessed {
                value: Some(finished(status, Side::Black)),
                best: None,
                choices: 0,
            }
        } else if let Some((values, value)) = exact.and_then(|e| {
            let moves = e.move_values(state)?;
            Some((moves, e.value(state)?))
        }) {
            let best = values.iter().find(|(_, v)| *v == value).map(|(a, _)| *a);
            Assessed {
                value: Some(Evaluation::of_value(value)),
                best,
                choices: values.len(),
            }
        } else {
            all_exact = false;
            let choices = state.legal_vec().len();
            let context = Context::new(&keys[..i], cancel);
            let plan = engine.plan(state, &config, 0x5A17 + i as u64, context)?;
            Assessed {
                value: plan.score.map(Evaluation::of_score),
                best: plan.actions.first().copied(),
                choices,
            }
        };
        points.push(assessed);
        progress(Progress { done: i + 1, total });
    }
    Ok(report(game, &mut points, all_exact))
}

/// Labels the actions from the positions' values.
fn report(game: &Game, points: &mut [Assessed], exact: bool) -> Report {
    let n = game.len();
    // Whose view each position's value is from: the side to act, Black once the game is over.
    let view = |i: usize| match game.state_after(i).to_act() {
        Some(side) if !(i == n && game.status().is_over()) => side,
        _ => Side::Black,
    };
    // A forced action was not searched: its position is worth what the next one is.
    for i in (0..n).rev() {
        if points[i].value.is_none() {
            points[i].value = points[i + 1]
                .value
                .map(|v| v.for_side(view(i + 1), view(i)));
        }
    }
    let positions: Vec<Evaluation> = (0..=n)
        .map(|i| {
            points[i]
                .value
                .unwrap_or(Evaluation::Score(0))
                .for_side(view(i), Side::Black)
        })
        .collect();
    let numbers = turn_numbers(game);
    let mut actions = Vec::with_capacity(n);
    let mut kept = [(0.0, 0usize); 2];
    let mut counts = [[0usize; 5]; 2];
    for (i, action) in game.actions().enumerate() {
        let Some(side) = game.state_after(i).to_act() else {
            continue;
        };
        let before = positions[i].for_side(Side::Black, side);
        let after = positions[i + 1];
        let played = after.for_side(Side::Black, side);
        let mut preferred = points[i].best.filter(|&b| b != action);
        let (loss, label) = if preferred.is_none() {
            (0.0, Label::Best)
        } else if let (Some(b), Some(p)) = (value_of(before), value_of(played)) {
            let label = Label::of_exact(b, p);
            // Exact values: an action as good as the engine's is not worse for being another.
            if label == Label::Best {
                preferred = None;
            }
            ((before.pieces() - played.pieces()).max(0.0), label)
        } else {
            let loss = (before.pieces() - played.pieces()).max(0.0);
            (loss, Label::of_loss(loss))
        };
        let had_choice = points[i].choices > 1;
        if had_choice {
            kept[side.index()].0 += if preferred.is_none() {
                1.0
            } else {
                action_accuracy(before, played)
            };
            kept[side.index()].1 += 1;
        }
        counts[side.index()][label as usize] += 1;
        actions.push(ActionReport {
            index: i,
            turn: numbers[i],
            side,
            action,
            after,
            before,
            loss,
            label,
            preferred,
            had_choice,
        });
    }
    let summary = [0, 1].map(|s| SideSummary {
        counts: counts[s],
        accuracy: if kept[s].1 == 0 {
            100.0
        } else {
            100.0 * kept[s].0 / kept[s].1 as f64
        },
    });
    Report {
        positions,
        actions,
        summary,
        exact,
    }
}

/// The share, 0 to 1, an action keeps: (1 − the expected result lost)^[`ACCURACY_POWER`], so
/// that a quarter of the result thrown away counts as about a third kept, not three quarters.
pub fn action_accuracy(before: Evaluation, played: Evaluation) -> f64 {
    let lost = (before.expected() - played.expected()).clamp(0.0, 1.0);
    (1.0 - lost).powi(ACCURACY_POWER)
}

/// An exact evaluation as a table value (search mates and finished games count too).
fn value_of(e: Evaluation) -> Option<Value> {
    match e {
        Evaluation::Win(n) => Some(Value::Win(n)),
        Evaluation::Loss(n) => Some(Value::Loss(n)),
        Evaluation::Draw => Some(Value::Draw),
        Evaluation::Score(_) => None,
    }
}

/// Gives the exact values an analysis thread uses, if any.
/// It is given the analysis's cancel flag, so that it can stop waiting for a table.
pub type ExactLoader = Box<dyn FnOnce(&AtomicBool) -> Option<Arc<dyn ExactValues>> + Send>;

#[cfg(target_arch = "wasm32")]
mod web;
pub mod wire;
#[cfg(target_arch = "wasm32")]
pub use web::{Analyser, JOB, serve_in_worker};

/// What the analysis thread shares with its owner.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Default)]
struct Shared {
    progress: Progress,
    result: Option<Result<Report, AiError>>,
}

/// An analysis running on its own thread (in the web build, in a Web Worker: `web.rs`).
/// Dropping it cancels it.
#[cfg(not(target_arch = "wasm32"))]
pub struct Analyser {
    shared: Arc<Mutex<Shared>>,
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Analyser {
    /// Starts analysing a copy of `game`. `exact` is called first, on the analysis thread,
    /// for the exact values to use if any (opening a table takes a while); `wake` is called
    /// after each position (e.g. to repaint a window).
    pub fn start(
        game: &Game,
        budget: Budget,
        exact: ExactLoader,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Analyser, AiError> {
        let game = game.clone();
        let shared = Arc::new(Mutex::new(Shared {
            progress: Progress {
                done: 0,
                total: game.len() + 1,
            },
            result: None,
        }));
        let cancel = Arc::new(AtomicBool::new(false));
        let (s, c) = (Arc::clone(&shared), Arc::clone(&cancel));
        let thread = std::thread::Builder::new()
            .name("sanqi-analysis".into())
            .spawn(move || {
                let exact = exact(&c);
                let result = analyse(&game, budget, exact.as_deref(), &c, &mut |p| {
                    s.lock().unwrap_or_else(PoisonError::into_inner).progress = p;
                    wake();
                });
                s.lock().unwrap_or_else(PoisonError::into_inner).result = Some(result);
                wake();
            })
            .map_err(|e| AiError::Failed(format!("cannot start the analysis: {e}")))?;
        Ok(Analyser {
            shared,
            cancel,
            thread: Some(thread),
        })
    }

    /// Positions done so far.
    pub fn progress(&self) -> Progress {
        self.lock().progress
    }

    /// The result, once finished (taken: later calls give `None`).
    pub fn take_result(&self) -> Option<Result<Report, AiError>> {
        self.lock().result.take()
    }

    /// Asks the thread to stop; it does so within a millisecond or two.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Analyser {
    fn drop(&mut self) {
        self.cancel();
        // Not joined: the thread ends by itself within a search's check interval, and the
        // owner (the window) must not wait for it.
        self.thread.take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn losses_map_to_labels_at_the_stated_thresholds() {
        assert_eq!(Label::of_loss(0.0), Label::Best);
        assert_eq!(Label::of_loss(0.3), Label::Good);
        assert_eq!(Label::of_loss(0.8), Label::Inaccuracy);
        assert_eq!(Label::of_loss(1.5), Label::Mistake);
        assert_eq!(Label::of_loss(2.5), Label::Blunder);
    }

    #[test]
    fn exact_labels_follow_the_change_of_value() {
        use Value::*;
        assert_eq!(Label::of_exact(Win(9), Draw), Label::Blunder);
        assert_eq!(Label::of_exact(Win(9), Loss(4)), Label::Blunder);
        assert_eq!(Label::of_exact(Draw, Loss(30)), Label::Blunder);
        assert_eq!(Label::of_exact(Win(9), Win(11)), Label::Good);
        assert_eq!(Label::of_exact(Win(9), Win(31)), Label::Inaccuracy);
        assert_eq!(Label::of_exact(Draw, Draw), Label::Best);
        assert_eq!(Label::of_exact(Loss(20), Loss(10)), Label::Inaccuracy);
    }

    #[test]
    fn search_mates_read_as_wins_and_losses() {
        assert_eq!(Evaluation::of_score(MATE - 7), Evaluation::Win(7));
        assert_eq!(Evaluation::of_score(-(MATE - 4)), Evaluation::Loss(4));
        assert_eq!(Evaluation::of_score(125), Evaluation::Score(125));
        assert_eq!(Evaluation::Score(125).to_string(), "+1.25");
        assert_eq!(Evaluation::Win(3).flipped().to_string(), "loses in 3");
    }

    /// Exact values where every Flying position is a draw except those reached by
    /// `losing`, which the side to move then wins in 5.
    struct OneLosingMove {
        won: std::collections::HashSet<u128>,
    }

    impl OneLosingMove {
        fn new(game: &Game, before: usize, losing: Action) -> OneLosingMove {
            let mut after = *game.state_after(before);
            after.apply_unchecked(losing);
            OneLosingMove {
                won: [after.key()].into_iter().collect(),
            }
        }
    }

    impl ExactValues for OneLosingMove {
        fn value(&self, state: &State) -> Option<Value> {
            Some(if self.won.contains(&state.key()) {
                Value::Win(5)
            } else {
                Value::Draw
            })
        }
        fn move_values(&self, state: &State) -> Option<Vec<(Action, Value)>> {
            state
                .legal_vec()
                .into_iter()
                .map(|a| {
                    let mut next = *state;
                    next.apply_unchecked(a);
                    match self.value(&next)? {
                        Value::Win(n) => Some((a, Value::Loss(n + 1))),
                        v => Some((a, v)),
                    }
                })
                .collect()
        }
    }

    fn flying_game(moves: &str) -> Game {
        let mut game = Game::new(GameId::Flying);
        for action in crate::rules::notation::parse_actions(moves).expect("notation") {
            game.apply(action).expect("legal");
        }
        game
    }

    #[test]
    fn exact_values_make_a_value_losing_move_a_blunder_and_the_others_best() {
        let game = flying_game("c1-c3 d5-d3 e1-e3");
        let losing = game.action_list()[1];
        let table = OneLosingMove::new(&game, 1, losing);
        let cancel = AtomicBool::new(false);
        let mut seen = Vec::new();
        let report = analyse(&game, Budget::Nodes(1), Some(&table), &cancel, &mut |p| {
            seen.push(p)
        })
        .expect("analysed");
        assert!(report.exact);
        assert_eq!(seen.last(), Some(&Progress { done: 4, total: 4 }));
        let labels: Vec<Label> = report.actions.iter().map(|a| a.label).collect();
        assert_eq!(labels, [Label::Best, Label::Blunder, Label::Best]);
        // Another drawing move is as good as the engine's: no alternative is offered.
        assert_eq!(report.actions[0].preferred, None);
        let white = &report.actions[1];
        assert_eq!(white.side, Side::White);
        assert!(white.preferred.is_some_and(|p| p != losing));
        assert_eq!(white.after, Evaluation::Win(5), "from Black's side");
        assert_eq!(report.summary[0].accuracy, 100.0);
        assert_eq!(report.summary[1].counts[Label::Blunder as usize], 1);
        // Half the expected result lost: (1 − ½)⁴ of it kept.
        assert!((report.summary[1].accuracy - 6.25).abs() < 1e-9);
    }

    #[test]
    fn the_default_budget_is_nodes_that_no_clock_cuts_short() {
        assert!(matches!(Budget::DEFAULT, Budget::Nodes(_)));
        for game in GameId::ALL {
            let params = Budget::DEFAULT.config().params(game);
            assert_eq!(params.movetime, 0, "{game}");
            assert!(params.limit >= 3_600_000, "{game}: {}", params.limit);
            assert_eq!(params.threads, 1, "{game}");
        }
    }

    #[test]
    fn a_game_analysed_twice_gives_the_same_report() {
        let mut game = Game::new(GameId::Neihuang);
        let moves = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4";
        for action in crate::rules::notation::parse_actions(moves).expect("notation") {
            game.apply(action).expect("legal");
        }
        let cancel = AtomicBool::new(false);
        let run = || analyse(&game, Budget::Nodes(3_000), None, &cancel, &mut |_| {});
        let first = run().expect("analysed");
        assert_eq!(first.positions.len(), game.len() + 1);
        assert_eq!(run().expect("analysed"), first);
    }

    #[test]
    fn a_cancelled_analysis_stops_at_once() {
        let game = Game::new(GameId::Wudao);
        let cancel = AtomicBool::new(true);
        let result = analyse(&game, Budget::Nodes(1000), None, &cancel, &mut |_| {});
        assert_eq!(result, Err(AiError::Cancelled));
    }

    #[test]
    fn turn_numbers_follow_the_move_list() {
        let mut game = Game::new(GameId::Flying);
        for a in ["a1-a4", "e5-e2", "b1-a1"] {
            let action = crate::rules::notation::parse_actions(a).expect("notation")[0];
            game.apply(action).expect("legal");
        }
        assert_eq!(turn_numbers(&game), vec![1, 2, 3]);
    }
}
