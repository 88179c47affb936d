//! The turn planner: a computer player across the decisions of a game ([`Engine`]), the
//! budget of a turn, and the plan it answers with.
//!
//! [`Engine::plan`] asks the configured strategy for one decision after another while the
//! same side acts (in Neihuang a move together with the captures and the yield that follow
//! it). It never names an algorithm beyond choosing one for the configuration.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

use super::alphabeta::{AlphaBeta, TranspositionTable};
use super::book::{self, Book};
use super::error::AiError;
use super::eval::Evaluate;
use super::eval::pattern::{self, Weights};
use super::greedy::Greedy;
use super::level::Level;
use super::mcts::Mcts;
use super::settings::{Algorithm, Config, EvalKind, Params};
use super::solver::Solve;
use super::strategy::{Found, SearchStats, Strategy, Task};
use crate::rules::{Action, ActionList, Decision, GameId, State};

/// The computer's turn: the action to play now, then the rest of the same side's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The actions of the turn, in order; the first is for the position asked about. The
    /// others follow only while the same side keeps acting (captures, a yield).
    pub actions: Vec<Action>,
    /// The search's view of the position, from the mover's side (centipieces), if it
    /// searched.
    pub score: Option<i32>,
    /// What the search expects to follow the turn (its principal variation after the
    /// turn's last action), as far as it can tell; empty when it did not search.
    pub line: Vec<Action>,
    /// Whether the oracle chose the turn (without searching).
    pub from_oracle: bool,
    /// Whether the opening book chose the turn (without searching).
    pub from_book: bool,
    /// What the search cost.
    pub stats: SearchStats,
}

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
    /// The threads the caller offers a level that takes every thread it is offered (the
    /// `threads` setting at 0): the app offers every core, the command line one.
    pub threads_offered: usize,
}

impl<'a> Context<'a> {
    /// A context with the given history and cancel flag, at full budget, offering one
    /// thread.
    pub fn new(history: &'a [u128], cancel: &'a AtomicBool) -> Context<'a> {
        Context {
            history,
            cancel,
            budget_scale: 1.0,
            quiet_turns: 0,
            threads_offered: 1,
        }
    }

    /// The same context with `quiet_turns` turns played without a capture or a flip.
    pub fn with_quiet_turns(self, quiet_turns: u16) -> Context<'a> {
        Context {
            quiet_turns,
            ..self
        }
    }

    /// The same context offering `threads` threads.
    pub fn offering_threads(self, threads: usize) -> Context<'a> {
        Context {
            threads_offered: threads.max(1),
            ..self
        }
    }
}

/// Perfect play for the positions it knows, e.g. a solved game's table. A player whose
/// `oracle` setting is on consults it before searching.
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
    tables: [Option<Arc<TranspositionTable>>; 2],
    /// A table to reuse for decisions that keep none, so that a large table is not
    /// allocated and freed (which takes a while) on the clock.
    spare: Option<Arc<TranspositionTable>>,
    oracle: Option<Arc<dyn Oracle>>,
    /// Pattern weights that replace the built-in ones of their game.
    weights: Option<&'static Weights>,
    /// An opening book that replaces the built-in one of its game.
    book: Option<&'static Book>,
}

impl Engine {
    /// An engine with nothing kept and no oracle.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// An engine that consults `oracle` first, for the players whose `oracle` setting is on.
    pub fn with_oracle(oracle: Arc<dyn Oracle>) -> Engine {
        Engine {
            oracle: Some(oracle),
            ..Engine::default()
        }
    }

    /// The same engine with `weights` replacing the built-in pattern weights of their game
    /// (for players whose `eval` setting is `pattern`).
    pub fn with_weights(self, weights: &'static Weights) -> Engine {
        Engine {
            weights: Some(weights),
            ..self
        }
    }

    /// The same engine with `book` replacing the built-in opening book of its game (for
    /// players whose `book` setting is on).
    pub fn with_book(self, book: &'static Book) -> Engine {
        Engine {
            book: Some(book),
            ..self
        }
    }

    /// The opening book of `game`.
    fn book(&self, game: GameId) -> &'static Book {
        match self.book {
            Some(b) if b.game() == Some(game) => b,
            _ => book::embedded(game),
        }
    }

    /// The pattern weights a player of `params` evaluates `game` with, if any.
    fn patterns(&self, params: &Params, game: GameId) -> Option<&'static Weights> {
        if params.eval != EvalKind::Pattern {
            return None;
        }
        match self.weights {
            Some(w) if w.game() == game => Some(w),
            _ => pattern::embedded(game),
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
        let params = config.params(state.game());
        if params.oracle
            && let Some(oracle) = &self.oracle
            && let Some(action) = oracle.best_move(state, context.quiet_turns)
        {
            return Ok(oracle_turn(
                state,
                action,
                oracle.as_ref(),
                context.quiet_turns,
                started,
            ));
        }
        if params.book
            && let Some((action, score)) =
                self.book(state.game())
                    .choose(state, seed, params.book_margin)
        {
            return Ok(Plan {
                actions: vec![action],
                score: Some(i32::from(score)),
                line: Vec::new(),
                from_oracle: false,
                from_book: true,
                stats: SearchStats {
                    elapsed: started.elapsed(),
                    ..SearchStats::default()
                },
            });
        }
        let budget = TurnBudget::new(config, &params, &context, started);
        // The one place that turns the game's state into its rules type.
        match state {
            State::Neihuang(s) => self.plan_game(s, &params, &budget, seed, context, started),
            State::Flying(s) => self.plan_game(s, &params, &budget, seed, context, started),
            State::Wudao(s) => self.plan_game(s, &params, &budget, seed, context, started),
        }
    }

    fn plan_game<R: Evaluate + Solve>(
        &mut self,
        state: &R,
        params: &Params,
        budget: &TurnBudget,
        seed: u64,
        context: Context<'_>,
        started: Instant,
    ) -> Result<Plan, AiError> {
        let side = state.to_act().ok_or(AiError::GameOver)?;
        let bits = params.table_bits;
        let fits =
            |t: &Option<Arc<TranspositionTable>>| t.as_ref().is_some_and(|t| t.bits() == bits);
        let slot = if params.keep_table {
            &mut self.tables[side.index()]
        } else {
            &mut self.spare
        };
        let fresh = !fits(slot);
        if fresh {
            *slot = Some(Arc::new(TranspositionTable::new(bits)));
        }
        let table = slot
            .clone()
            .ok_or_else(|| AiError::Failed("no table".into()))?;
        let patterns = self.patterns(params, R::ID);
        let mut alpha_beta = AlphaBeta::new(*params, table, fresh, patterns);
        let mut tree = Mcts::new();
        let in_placement = state.hands().iter().any(|&h| h > 0);
        let mut greedy = Greedy;
        let strategy: &mut dyn Strategy<R> = match params.algorithm {
            Algorithm::Greedy => &mut greedy,
            Algorithm::Mcts => &mut tree,
            Algorithm::MctsPlacement if in_placement => &mut tree,
            _ => &mut alpha_beta,
        };
        plan_turn(state, strategy, budget, seed, context, started)
    }
}

/// The whole turn from the oracle (it knows every position it answered for).
fn oracle_turn(
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
        line: Vec::new(),
        from_oracle: true,
        from_book: false,
        stats: SearchStats {
            elapsed: started.elapsed(),
            ..SearchStats::default()
        },
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
    /// The share of a timed turn for a Neihuang move that captures or a yield may follow.
    move_share: f64,
    /// Whether the player keeps its table between decisions, so that a move searched again
    /// with more time goes on from where it stopped.
    keep_table: bool,
}

impl TurnBudget {
    /// The budget of `params`; the context's scale applies to the level's own budgets, not
    /// to those the configuration sets.
    fn new(config: &Config, params: &Params, context: &Context<'_>, started: Instant) -> Self {
        let scale = context.budget_scale;
        let movetime = match config.movetime() {
            Some(t) => Some(t),
            None if params.movetime > 0 => {
                Some(Duration::from_millis(params.movetime).mul_f64(scale))
            }
            None => None,
        };
        let share = |fraction: f64| ((params.nodes as f64 * fraction) as u64).max(1_000);
        let (nodes, follow_up_nodes) = match (config.nodes(), movetime) {
            (Some(n), _) => (n, (n / 10).max(1)),
            (None, Some(_)) => (u64::MAX, u64::MAX),
            (None, None) => (share(scale), share(0.1 * scale)),
        };
        // Without a time limit, a safety net only: node budgets take far less than this.
        let deadline = started + movetime.unwrap_or(Duration::from_millis(params.limit));
        let threads = match params.threads {
            0 => context.threads_offered,
            n => n,
        };
        TurnBudget {
            nodes,
            follow_up_nodes,
            movetime,
            deadline,
            threads: threads.max(1),
            move_share: f64::from(params.move_share) / 100.0,
            keep_table: params.keep_table,
        }
    }
}

/// Plans a whole turn with `strategy`, one decision after another while the same side acts.
fn plan_turn<R: Evaluate + Solve>(
    state: &R,
    strategy: &mut dyn Strategy<R>,
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
    let mut line = Vec::new();
    while actions.is_empty() || !current.turn_over_after(side) {
        if context.cancel.load(Ordering::Relaxed) {
            return Err(AiError::Cancelled);
        }
        let first = actions.is_empty();
        let decision_seed = seed.wrapping_add(actions.len() as u64 * 0x9E37_79B9);
        let mut list = ActionList::new();
        current.legal_actions(&mut list);
        // A timed Neihuang move, and whether captures or a yield may follow it: only then
        // does it leave the rest of the turn's time to them.
        let timed_move = budget.movetime.filter(|_| {
            first && R::ID == GameId::Neihuang && current.decision() == Some(Decision::Move)
        });
        let may_follow = timed_move.is_some()
            && list.iter().any(|&a| {
                let mut after = current;
                after.apply_unchecked(a);
                !after.turn_over_after(side)
            });
        // The first decision gets the budget; the captures and the yield that finish the
        // turn get a small share of it, so they come at once.
        let (nodes, deadline) = match budget.movetime {
            Some(t) if may_follow => (
                budget.nodes,
                (started + t.mul_f64(budget.move_share)).min(budget.deadline),
            ),
            Some(t) if first => (budget.nodes, started + t),
            Some(t) => (
                budget.follow_up_nodes,
                (Instant::now() + t / 10).min(budget.deadline),
            ),
            None if first => (budget.nodes, budget.deadline),
            None => (budget.follow_up_nodes, budget.deadline),
        };
        let task = |deadline| Task {
            seed: decision_seed,
            history: &history,
            cancel: context.cancel,
            nodes,
            deadline,
            threads: budget.threads,
        };
        let (mut action, mut found) = match list.len() {
            0 => return Err(AiError::GameOver),
            1 => (list[0], Found::default()),
            _ => strategy.decide(&current, &task(deadline))?,
        };
        // A move that captures nothing ends the turn: the share kept for captures is given
        // back to the move, searched on from the kept table (all but a tenth of the turn,
        // in case the move it then prefers captures).
        if let Some(t) = timed_move
            && may_follow
            && budget.keep_table
            && list.len() > 1
        {
            let mut after = current;
            after.apply_unchecked(action);
            let until = (started + t.mul_f64(0.9)).min(budget.deadline);
            if after.turn_over_after(side) && until > Instant::now() + t / 20 {
                let spent = found.nodes;
                let (again, more) = strategy.decide(&current, &task(until))?;
                action = again;
                found = Found {
                    nodes: spent + more.nodes,
                    ..more
                };
            }
        }
        stats.add(&found);
        if score.is_none() {
            score = found.score;
        }
        // The expected line after this action; a later decision of the turn replaces it.
        line = match found.line.split_first() {
            Some((&head, rest)) if head == action => rest.to_vec(),
            _ => Vec::new(),
        };
        actions.push(action);
        history.push(current.key());
        current.apply_unchecked(action);
    }
    stats.elapsed = started.elapsed();
    Ok(Plan {
        actions,
        score,
        line,
        from_oracle: false,
        from_book: false,
        stats,
    })
}
