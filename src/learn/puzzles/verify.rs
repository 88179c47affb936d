//! Whether a position makes a puzzle, and its line.
//!
//! From the position, the solver's every decision must be unique: in Flying by the table's
//! exact values (only one move keeps the win, or only one holds the draw when all others
//! lose); in Wu Dao's last placements by the exact solver (only one placement wins);
//! elsewhere by Master's search, each legal action scored on a small budget, then the
//! contenders on a deep one with a margin of [`MARGIN`] over the second best, confirmed on a
//! larger one. The opponent answers with its best defence (the table's longest resistance, or
//! the deep search's turn). The line stops as soon as the solver has won material (more
//! pieces taken or turned than lost, a pull the opponent is still owed counted as lost) with
//! the position still clearly won, or the game is
//! won; it may take at most [`MAX_SOLVER_TURNS`] solver turns. In Neihuang a solver's turn is
//! the move with its captures and yield: each decision must be unique, except that the
//! captures of the last turn may be free when every choice is as good (any piece taken
//! leaves the opponent beaten).

use std::sync::atomic::AtomicBool;

use super::{Goal, Themes, quality, themes};
use crate::ai::analysis::ExactValues;
use crate::ai::exact::Value;
use crate::ai::solver::exact_winner;
use crate::ai::{Config, Context, Engine, Level};
use crate::rules::{Action, Game, GameId, Side, Status};

/// The margin, in centipieces, by which the solver's action must beat every other.
pub const MARGIN: i32 = 150;
/// The looser margin the first, small search must show before the deep ones are spent.
pub const CHEAP_MARGIN: i32 = 100;
/// Actions within this of the best on a smaller search are searched again on a larger one.
const CONTENDER: i32 = 400;
/// Choices of a turn's captures this close to each other are all as good.
const FREE_SPREAD: i32 = 30;
/// A won game, in centipieces (as the search scores one).
pub const WIN: i32 = 1_000_000;
/// The most solver turns a line may take.
pub const MAX_SOLVER_TURNS: usize = 5;
/// The solver's value at the end of a line won by search must be at least this.
pub const CLEAR_END: i32 = 100;

/// The search budgets of a verification, in nodes per scored action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// The first pass over every legal action.
    pub cheap: u64,
    /// The contenders, with the margin.
    pub deep: u64,
    /// The contenders again, to confirm; also the opponent's defence and the final value.
    pub confirm: u64,
}

impl Budgets {
    /// The budgets the shipped puzzles were made with.
    pub const DEFAULT: Budgets = Budgets {
        cheap: 4_000,
        deep: 40_000,
        confirm: 160_000,
    };

    /// Parses `CHEAP,DEEP,CONFIRM`.
    pub fn parse(text: &str) -> Option<Budgets> {
        let parts: Vec<u64> = text
            .split(',')
            .map(|p| {
                p.trim()
                    .parse()
                    .ok()
                    .filter(|&n| (1..=1 << 36).contains(&n))
            })
            .collect::<Option<_>>()?;
        match parts[..] {
            [cheap, deep, confirm] => Some(Budgets {
                cheap,
                deep,
                confirm,
            }),
            _ => None,
        }
    }
}

impl std::fmt::Display for Budgets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{},{}", self.cheap, self.deep, self.confirm)
    }
}

/// Why a position does not make a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// The game is over, or the solver has too few choices at its first decision.
    NoChoice,
    /// Two of the solver's actions are about as good.
    NotUnique,
    /// No clear gain within the turns allowed.
    NoGain,
    /// The line does not hold: the opponent escapes or wins.
    Escapes,
    /// The search was stopped.
    Cancelled,
}

/// A puzzle's line, as the verifier found it.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The actions, the solver's last action last.
    pub actions: Vec<Action>,
    /// How many of the last actions are free.
    pub free: u8,
    /// What the solver achieves.
    pub goal: Goal,
    /// What the solution does.
    pub themes: Themes,
}

impl Line {
    /// The puzzle this line makes from `start`, numbered `number`, with a newcomer's rating.
    pub fn into_puzzle(self, start: &Game, number: u32) -> super::Puzzle {
        super::Puzzle {
            number,
            game: start.id(),
            moves: start.action_list(),
            line: self.actions,
            free: self.free,
            goal: self.goal,
            themes: self.themes,
            rating: super::Rating::default(),
        }
    }
}

/// What the solver may do at one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The only legal action.
    Forced(Action),
    /// Clearly better than every other.
    Unique(Action),
    /// Every legal action is as good (this one is recorded).
    Free(Action),
}

impl Choice {
    fn action(self) -> Action {
        match self {
            Choice::Forced(a) | Choice::Unique(a) | Choice::Free(a) => a,
        }
    }
}

/// Decides puzzles: an engine for the searches, and the exact values of the games that
/// have them.
pub struct Verifier<'a> {
    budgets: Budgets,
    table: Option<&'a dyn ExactValues>,
    /// Wu Dao positions with at most this many empty points are decided by the solver.
    solve_empty: u32,
    engine: Engine,
    seed: u64,
    cancel: &'a AtomicBool,
}

/// Wu Dao positions with at most this many empty points are decided exactly.
pub const SOLVE_EMPTY: u32 = 7;
/// The solver's budget for each action so decided.
const SOLVE_NODES: u64 = 400_000;

impl<'a> Verifier<'a> {
    /// A verifier with these budgets, the Flying table if there is one, a seed for the
    /// searches and a cancel flag.
    pub fn new(
        budgets: Budgets,
        table: Option<&'a dyn ExactValues>,
        seed: u64,
        cancel: &'a AtomicBool,
    ) -> Verifier<'a> {
        Verifier {
            budgets,
            table,
            solve_empty: SOLVE_EMPTY,
            engine: Engine::new(),
            seed,
            cancel,
        }
    }

    /// The puzzle starting at `start`, if it makes one.
    pub fn verify(&mut self, start: &Game) -> Result<Line, Rejection> {
        self.walk(start, None)
    }

    /// Checks a stored line: every solver decision must be what the verifier finds (the
    /// opponent's replies are the stored ones).
    pub fn recheck(&mut self, start: &Game, line: &[Action], free: u8) -> Result<(), Rejection> {
        let found = self.walk(start, Some(line))?;
        if found.actions == line && found.free == free {
            Ok(())
        } else {
            Err(Rejection::NotUnique)
        }
    }

    /// Walks the line from `start`: the solver's unique decisions and the opponent's best
    /// defence, or the stored line's replies when one is given.
    fn walk(&mut self, start: &Game, stored: Option<&[Action]>) -> Result<Line, Rejection> {
        let solver = start.state().to_act().ok_or(Rejection::NoChoice)?;
        if start.status().is_over() {
            return Err(Rejection::NoChoice);
        }
        let mut game = start.clone();
        let mut actions = Vec::new();
        let mut gain = 0i32;
        let mut exact_end = false;
        let saves = self.exact_values(&game, solver).is_some_and(|v| {
            let best = v.iter().map(|&(_, s)| s).max().unwrap_or(-WIN);
            best == 0 && start.id() == GameId::Flying
        });
        for turn in 0..MAX_SOLVER_TURNS {
            let mut first = true;
            let mut free = 0u8;
            loop {
                if first && turn == 0 && game.state().legal_vec().len() < quality::MIN_CHOICES {
                    // Too few choices to be a puzzle: no search is spent on it.
                    return Err(Rejection::NoChoice);
                }
                let choice = self.decide(&game, solver, first)?;
                if first && turn == 0 && matches!(choice, Choice::Forced(_)) {
                    return Err(Rejection::NoChoice);
                }
                match choice {
                    Choice::Free(_) => free += 1,
                    _ if free > 0 => return Err(Rejection::NotUnique),
                    _ => {}
                }
                if self.game_is_wudao_endgame(&game) {
                    exact_end = true;
                }
                let action = choice.action();
                gain += self.play(&mut game, action, solver)?;
                actions.push(action);
                first = false;
                if game.status().is_over() || game.state().to_act() != Some(solver) {
                    break;
                }
            }
            let themes = |actions: &[Action]| themes::of_line(start, actions, exact_end, saves);
            match game.status() {
                Status::Won { winner, .. } if winner == solver => {
                    return Ok(Line {
                        themes: themes(&actions),
                        actions,
                        free,
                        goal: Goal::Win,
                    });
                }
                Status::Ongoing => {}
                _ => return Err(Rejection::Escapes),
            }
            if saves {
                // Holding the draw: the one move that does not lose is the puzzle.
                if free > 0 {
                    return Err(Rejection::NotUnique);
                }
                return Ok(Line {
                    themes: themes(&actions),
                    actions,
                    free,
                    goal: Goal::Draw,
                });
            }
            // A pull the opponent is still owed takes a piece back at once: the gain must
            // stand on the board.
            let settled = gain - i32::from(quality::owes_pull(&game, solver.other()));
            if settled >= 1 && self.clearly_won(&game, solver)? {
                return Ok(Line {
                    themes: themes(&actions),
                    actions,
                    free,
                    goal: Goal::Material,
                });
            }
            if free > 0 || turn + 1 == MAX_SOLVER_TURNS {
                return Err(Rejection::NoGain);
            }
            // The opponent's turn: its best defence, or the stored reply.
            let reply = match stored {
                Some(line) => {
                    let rest = line.get(actions.len()..).unwrap_or_default();
                    let mut probe = game.clone();
                    let mut turn = Vec::new();
                    for &a in rest {
                        if probe.state().to_act() != Some(solver.other()) {
                            break;
                        }
                        probe.apply(a).map_err(|_| Rejection::Escapes)?;
                        turn.push(a);
                    }
                    turn
                }
                None => self.defence(&game, solver.other())?,
            };
            if reply.is_empty() {
                return Err(Rejection::Escapes);
            }
            for a in reply {
                gain += self.play(&mut game, a, solver)?;
                actions.push(a);
            }
            if game.status().is_over() || game.state().to_act() != Some(solver) {
                return Err(Rejection::Escapes);
            }
        }
        Err(Rejection::NoGain)
    }

    /// Plays `action`; returns the pieces it won for the solver (taken or turned over), less
    /// those it lost.
    fn play(&mut self, game: &mut Game, action: Action, solver: Side) -> Result<i32, Rejection> {
        let effects = game.apply(action).map_err(|_| Rejection::Escapes)?;
        Ok(quality::pieces_won(&effects, solver))
    }

    fn game_is_wudao_endgame(&self, game: &Game) -> bool {
        game.id() == GameId::Wudao && empty_points(game) <= self.solve_empty
    }

    /// The solver's choice at the decision in `game` (its first of the turn if `first`).
    fn decide(&mut self, game: &Game, solver: Side, first: bool) -> Result<Choice, Rejection> {
        let legal = game.state().legal_vec();
        match legal.len() {
            0 => return Err(Rejection::NoChoice),
            1 => return Ok(Choice::Forced(legal[0])),
            _ => {}
        }
        if let Some(mut values) = self.exact_values(game, solver) {
            values.sort_by_key(|&(a, v)| (std::cmp::Reverse(v), a));
            return judge(&values, first);
        }
        let b = self.budgets;
        let mut cheap = self.scores(game, &legal, solver, b.cheap, 1)?;
        if !first
            && let (Some(&(best, top)), Some(&(worst, bottom))) = (cheap.first(), cheap.last())
            && bottom >= top - FREE_SPREAD
        {
            // Every capture as good: the deep search must agree on the best and the worst.
            let deep = self.scores(game, &[best, worst], solver, b.deep, 2)?;
            let spread = deep.first().map_or(0, |d| d.1) - deep.last().map_or(0, |d| d.1);
            return if spread <= FREE_SPREAD {
                Ok(Choice::Free(best))
            } else {
                Err(Rejection::NotUnique)
            };
        }
        if cheap.len() >= 2 && cheap[0].1 - cheap[1].1 < CHEAP_MARGIN {
            return Err(Rejection::NotUnique);
        }
        for (budget, salt) in [(b.deep, 3), (b.confirm, 4)] {
            let top = cheap[0].1;
            let contenders: Vec<Action> = cheap
                .iter()
                .enumerate()
                .filter(|&(i, &(_, s))| i < 2 || s >= top - CONTENDER)
                .map(|(_, &(a, _))| a)
                .collect();
            let scored = self.scores(game, &contenders, solver, budget, salt)?;
            if scored[0].0 != cheap[0].0 || scored[0].1 - scored[1].1 < MARGIN {
                return Err(Rejection::NotUnique);
            }
            cheap = scored;
        }
        Ok(Choice::Unique(cheap[0].0))
    }

    /// Each of `actions` with its value for the solver at `nodes`, best first.
    fn scores(
        &mut self,
        game: &Game,
        actions: &[Action],
        solver: Side,
        nodes: u64,
        salt: u64,
    ) -> Result<Vec<(Action, i32)>, Rejection> {
        let mut scored = Vec::with_capacity(actions.len());
        for (i, &a) in actions.iter().enumerate() {
            let mut child = game.clone();
            child.apply(a).map_err(|_| Rejection::Escapes)?;
            let seed = self.seed ^ salt.wrapping_mul(0x9E37_79B9) ^ i as u64;
            scored.push((a, self.value(&child, solver, nodes, seed)?));
        }
        scored.sort_by_key(|&(a, v)| (std::cmp::Reverse(v), a));
        Ok(scored)
    }

    /// The value of `game` for `solver` by Master's search on `nodes`.
    fn value(
        &mut self,
        game: &Game,
        solver: Side,
        nodes: u64,
        seed: u64,
    ) -> Result<i32, Rejection> {
        match game.status() {
            Status::Won { winner, .. } => return Ok(if winner == solver { WIN } else { -WIN }),
            Status::Drawn(_) => return Ok(0),
            Status::Ongoing => {}
        }
        let state = *game.state();
        let Some(side) = state.to_act() else {
            return Ok(0);
        };
        let legal = state.legal_vec();
        if legal.len() == 1 {
            // Nothing to search: the position is worth what its only action leads to.
            let mut next = game.clone();
            next.apply(legal[0]).map_err(|_| Rejection::Escapes)?;
            let v = self.value(&next, solver, nodes, seed)?;
            // A win one ply further off is worth a little less.
            return Ok(v - v.signum());
        }
        let history: Vec<u128> = (0..game.len()).map(|i| game.state_after(i).key()).collect();
        let context = Context::new(&history, self.cancel).with_quiet_turns(game.quiet_turns());
        let plan = self
            .engine
            .plan(&state, &search_config(nodes), seed, context)
            .map_err(|_| Rejection::Cancelled)?;
        let score = plan.score.unwrap_or(0);
        Ok(if side == solver { score } else { -score })
    }

    /// Whether the solver still stands clearly won at the end of the line.
    fn clearly_won(&mut self, game: &Game, solver: Side) -> Result<bool, Rejection> {
        if let Some(values) = self.exact_values_any(game) {
            // From the table or the solver: the solver must still win.
            let side = game.state().to_act();
            let best = values.iter().map(|&(_, v)| v).max().unwrap_or(-WIN);
            let for_solver = if side == Some(solver) { best } else { -best };
            return Ok(for_solver > 0);
        }
        let v = self.value(game, solver, self.budgets.confirm, self.seed ^ 0xE4D)?;
        Ok(v >= CLEAR_END)
    }

    /// The opponent's best defence: its whole turn.
    fn defence(&mut self, game: &Game, opponent: Side) -> Result<Vec<Action>, Rejection> {
        let mut probe = game.clone();
        let mut turn = Vec::new();
        while probe.state().to_act() == Some(opponent) && !probe.status().is_over() {
            let action = if let Some(table) = self.table.filter(|_| probe.id() == GameId::Flying) {
                let values = table.move_values(probe.state()).ok_or(Rejection::Escapes)?;
                values
                    .iter()
                    .max_by_key(|&&(a, v)| (encode_value(v), std::cmp::Reverse(a)))
                    .map(|&(a, _)| a)
                    .ok_or(Rejection::Escapes)?
            } else {
                let history: Vec<u128> = (0..probe.len())
                    .map(|i| probe.state_after(i).key())
                    .collect();
                let context =
                    Context::new(&history, self.cancel).with_quiet_turns(probe.quiet_turns());
                let plan = self
                    .engine
                    .plan(
                        probe.state(),
                        &search_config(self.budgets.confirm),
                        self.seed ^ 0xDEF,
                        context,
                    )
                    .map_err(|_| Rejection::Cancelled)?;
                let mut last = None;
                for &a in &plan.actions {
                    if probe.state().to_act() != Some(opponent) {
                        break;
                    }
                    probe.apply(a).map_err(|_| Rejection::Escapes)?;
                    turn.push(a);
                    last = Some(a);
                }
                if last.is_none() {
                    return Err(Rejection::Escapes);
                }
                continue;
            };
            probe.apply(action).map_err(|_| Rejection::Escapes)?;
            turn.push(action);
        }
        Ok(turn)
    }

    /// Every legal action's exact value for the solver, if the game has them here.
    fn exact_values(&self, game: &Game, solver: Side) -> Option<Vec<(Action, i32)>> {
        if game.state().to_act() != Some(solver) {
            return None;
        }
        self.exact_values_any(game)
    }

    /// Every legal action's exact value for the side to act, if the game has them here.
    fn exact_values_any(&self, game: &Game) -> Option<Vec<(Action, i32)>> {
        let state = game.state();
        let side = state.to_act()?;
        match game.id() {
            GameId::Flying => {
                let values = self.table?.move_values(state)?;
                Some(
                    values
                        .into_iter()
                        .map(|(a, v)| (a, encode_value(v)))
                        .collect(),
                )
            }
            GameId::Wudao if empty_points(game) <= self.solve_empty => state
                .legal_vec()
                .into_iter()
                .map(|a| {
                    let mut child = *state;
                    child.apply(a).ok()?;
                    let winner = match child.status() {
                        Status::Won { winner, .. } => Some(winner),
                        Status::Drawn(_) => return Some((a, 0)),
                        Status::Ongoing => exact_winner(&child, SOLVE_NODES),
                    }?;
                    Some((a, if winner == side { WIN } else { -WIN }))
                })
                .collect(),
            _ => None,
        }
    }
}

/// Master's search on `nodes`, on one thread.
fn search_config(nodes: u64) -> Config {
    let mut config = Config::new(Level::Master);
    config.set_nodes(nodes);
    config.set_threads(1);
    config
}

/// An exact value as a score for the side that plays: a quicker win scores higher, a
/// slower loss too.
pub fn encode_value(value: Value) -> i32 {
    match value {
        Value::Win(n) => WIN - n.min(10_000) as i32,
        Value::Loss(n) => -WIN + n.min(10_000) as i32,
        Value::Draw => 0,
    }
}

/// The choice among exact values (sorted best first): unique when the best beats the second
/// by the margin (only one keeps the win, or only one draws); free when all are as good.
fn judge(values: &[(Action, i32)], first: bool) -> Result<Choice, Rejection> {
    let (best, top) = *values.first().ok_or(Rejection::NoChoice)?;
    let second = values.get(1).map_or(-WIN * 2, |v| v.1);
    let bottom = values.last().map_or(top, |v| v.1);
    let won = |v: i32| v > WIN / 2;
    if !first && (bottom >= top - FREE_SPREAD || (won(top) && won(bottom))) {
        return Ok(Choice::Free(best));
    }
    // Wins of any length count alike: two winning moves are two solutions.
    if won(top) && won(second) {
        return Err(Rejection::NotUnique);
    }
    if top - second >= MARGIN {
        Ok(Choice::Unique(best))
    } else {
        Err(Rejection::NotUnique)
    }
}

/// The empty points of the board.
fn empty_points(game: &Game) -> u32 {
    let [b, w] = game.state().boards();
    25 - (b | w).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_choices_are_unique_free_or_refused() {
        let a = Action::Timeout;
        let b = Action::Place(crate::rules::Point::ALL[0]);
        assert_eq!(judge(&[(a, WIN - 3), (b, 0)], true), Ok(Choice::Unique(a)));
        assert_eq!(
            judge(&[(a, WIN - 3), (b, WIN - 9)], true),
            Err(Rejection::NotUnique)
        );
        assert_eq!(judge(&[(a, 0), (b, -WIN + 8)], true), Ok(Choice::Unique(a)));
        assert_eq!(
            judge(&[(a, WIN - 1), (b, WIN - 1)], false),
            Ok(Choice::Free(a))
        );
        assert_eq!(judge(&[(a, 40), (b, 0)], true), Err(Rejection::NotUnique));
    }

    #[test]
    fn budgets_parse_as_written() {
        let b = Budgets::parse("1000,20000,80000").expect("budgets");
        assert_eq!(b.to_string(), "1000,20000,80000");
        assert_eq!(Budgets::parse("1000,20000"), None);
        assert_eq!(Budgets::parse("0,1,2"), None);
    }
}
