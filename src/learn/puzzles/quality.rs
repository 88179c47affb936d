//! What makes a verified puzzle worth solving: a real choice and a real gain.
//!
//! - **A real choice:** the first decision offers at least [`MIN_CHOICES`] legal actions, so
//!   that the answer is not a coin flip, on a board with at least [`MIN_PIECES`] pieces (on
//!   a nearly empty board a single capture is seen at a glance).
//! - **A tempting wrong action** there: one that the greedy player (one action of look-ahead)
//!   would surely play, or that takes as much at once as the right action does; or one that
//!   the level [`TEMPTER_STEPS`] steps below the puzzle's rating plays in one of its tries.
//! - **The gain on the board:** a line won on material ends with more pieces won (taken or
//!   turned over) than lost, once the pull the opponent is still owed is counted: a Neihuang
//!   line that ends with the solver's pull has won nothing, because the opponent pulls back at
//!   once.
//!
//! The generator keeps only puzzles that pass, and `sanqi puzzles check` refuses a file with
//! one that does not.

use std::sync::atomic::AtomicBool;

use super::rate::Ladder;
use super::{Goal, Puzzle};
use crate::ai::greedy;
use crate::ai::{Config, Context, Engine, Level};
use crate::rules::{Action, Decision, Game, Side};

/// The fewest legal actions the first decision may offer.
pub const MIN_CHOICES: usize = 4;
/// The fewest pieces on the board at the puzzle's start.
pub const MIN_PIECES: u8 = 6;
/// How many of the ladder's steps below the puzzle's rating the tempted level stands.
pub const TEMPTER_STEPS: usize = 2;
/// The tries the tempted level gets at the first decision.
pub const TEMPTER_TRIES: u64 = 2;

/// Why a verified puzzle is not worth solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The position does not build, or nobody is to act.
    Unplayable,
    /// The first decision offers only this many legal actions.
    FewChoices(usize),
    /// Only this many pieces are on the board at the start.
    FewPieces(u8),
    /// No wrong action at the first decision tempts the greedy player or the weaker level.
    NoTemptation,
    /// The line ends with only this many pieces won, once the opponent's owed pull is counted.
    NoGainOnBoard(i32),
}

impl std::fmt::Display for Flaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Flaw::Unplayable => f.write_str("its position cannot be played"),
            Flaw::FewChoices(n) => write!(
                f,
                "the first decision has only {n} legal actions (at least {MIN_CHOICES} are needed)"
            ),
            Flaw::FewPieces(n) => write!(
                f,
                "only {n} pieces are on the board (at least {MIN_PIECES} are needed)"
            ),
            Flaw::NoTemptation => f.write_str(
                "no wrong action at the first decision tempts the greedy player or the level two steps below",
            ),
            Flaw::NoGainOnBoard(n) => write!(
                f,
                "the line ends with {n} pieces won on the board (at least 1 is needed)"
            ),
        }
    }
}

/// Who is tempted by a wrong action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tempter {
    /// The greedy player.
    Greedy,
    /// A level of the ladder.
    Level(Level),
}

/// The number of legal actions at the puzzle's first decision.
pub fn choices(start: &Game) -> usize {
    start.state().legal_vec().len()
}

/// The pieces the solver of `start` wins along `line`: taken or turned over, less those lost,
/// less one for a pull the opponent is still owed when the line ends (it takes one back at
/// once). `None` if the line is not legal from `start`.
pub fn material_won(start: &Game, line: &[Action]) -> Option<i32> {
    let solver = start.state().to_act()?;
    let mut game = start.clone();
    let mut won = 0;
    for &action in line {
        let effects = game.apply(action).ok()?;
        won += pieces_won(&effects, solver);
    }
    if owes_pull(&game, solver.other()) {
        won -= 1;
    }
    Some(won)
}

/// What one action's effects won for `solver`: pieces removed from the opponent or turned to
/// the solver's colour, less the solver's own removed or turned.
pub fn pieces_won(effects: &crate::rules::Effects, solver: Side) -> i32 {
    let removed = effects.removed.count_ones() as i32;
    let flipped = effects.flipped.count_ones() as i32;
    let taken = if effects.removed_owner == Some(solver) {
        -removed
    } else {
        removed
    };
    let turned = if effects.actor == solver {
        flipped
    } else {
        -flipped
    };
    taken + turned
}

/// Whether `side` is to pull next in `game` (Neihuang's pull phase).
pub fn owes_pull(game: &Game, side: Side) -> bool {
    !game.status().is_over()
        && game.state().to_act() == Some(side)
        && game.state().decision() == Some(Decision::Pull)
}

/// A wrong action at the first decision that the greedy player would play instead of
/// `right`: one it surely plays (the right action gains less at once than the most any action
/// gains), or one that takes as much at once as the right action and more than nothing.
pub fn greedy_temptation(start: &Game, right: Action) -> Option<Action> {
    let state = start.state();
    let legal = state.legal_vec();
    let gains: Vec<(Action, i32)> = legal.iter().map(|&a| (a, greedy::gain(state, a))).collect();
    let most = gains.iter().map(|&(_, g)| g).max()?;
    let right_gain = gains.iter().find(|&&(a, _)| a == right)?.1;
    gains
        .iter()
        .filter(|&&(a, g)| a != right && g == most && (right_gain < most || most > 0))
        .map(|&(a, _)| a)
        .min()
}

/// The level `TEMPTER_STEPS` steps of `ladder` below the one whose rating is nearest `rating`
/// in `game`, if there is one.
pub fn level_below(ladder: &dyn Ladder, game: crate::rules::GameId, rating: f64) -> Option<Config> {
    let levels = ladder.levels(game);
    let nearest = levels
        .iter()
        .enumerate()
        .min_by(|a, b| (a.1.1 - rating).abs().total_cmp(&(b.1.1 - rating).abs()))?
        .0;
    let below = nearest.checked_sub(TEMPTER_STEPS)?;
    levels.get(below).map(|(config, _)| *config)
}

/// A wrong action at the first decision that `config` plays in one of its tries.
pub fn level_temptation(start: &Game, right: Action, config: &Config, seed: u64) -> Option<Action> {
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::new();
    let history: Vec<u128> = (0..start.len())
        .map(|i| start.state_after(i).key())
        .collect();
    (0..TEMPTER_TRIES).find_map(|t| {
        let context = Context::new(&history, &cancel).with_quiet_turns(start.quiet_turns());
        let plan = engine
            .plan(start.state(), config, seed.wrapping_add(t * 7919), context)
            .ok()?;
        plan.actions.first().copied().filter(|&a| a != right)
    })
}

/// The wrong action at the first decision that tempts, and who it tempts: the greedy player
/// first, else the level two steps below the puzzle's rating on `ladder`.
pub fn temptation(puzzle: &Puzzle, ladder: &dyn Ladder) -> Option<(Action, Tempter)> {
    let start = puzzle.start().ok()?;
    let seed = seed_of(&start);
    let right = *puzzle.line.first()?;
    if let Some(a) = greedy_temptation(&start, right) {
        return Some((a, Tempter::Greedy));
    }
    let config = level_below(ladder, puzzle.game, puzzle.rating.rating)?;
    let level = config.level;
    level_temptation(&start, right, &config, seed).map(|a| (a, Tempter::Level(level)))
}

/// Whether `puzzle` is worth solving; the first flaw found if not. The search for a tempted
/// level runs only when the cheaper rules pass.
pub fn assess(puzzle: &Puzzle, ladder: &dyn Ladder) -> Result<Tempter, Flaw> {
    let start = puzzle.start().map_err(|_| Flaw::Unplayable)?;
    if start.state().to_act().is_none() {
        return Err(Flaw::Unplayable);
    }
    let n = choices(&start);
    if n < MIN_CHOICES {
        return Err(Flaw::FewChoices(n));
    }
    let [black, white] = start.state().counts();
    if black + white < MIN_PIECES {
        return Err(Flaw::FewPieces(black + white));
    }
    if puzzle.goal == Goal::Material {
        let won = material_won(&start, &puzzle.line).ok_or(Flaw::Unplayable)?;
        if won < 1 {
            return Err(Flaw::NoGainOnBoard(won));
        }
    }
    temptation(puzzle, ladder)
        .map(|(_, who)| who)
        .ok_or(Flaw::NoTemptation)
}

/// The seed the weaker level tries a position with: from the position itself, so that the
/// build and the check agree whatever the puzzle's number.
fn seed_of(start: &Game) -> u64 {
    let key = start.state().key();
    (key as u64) ^ ((key >> 64) as u64) ^ 0x7E47_7A7E
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;
    use crate::rules::notation::parse_actions;

    fn game(id: GameId, moves: &str) -> Game {
        let mut game = Game::new(id);
        for a in parse_actions(moves).unwrap_or_default() {
            assert!(game.apply(a).is_ok(), "{a}");
        }
        game
    }

    #[test]
    fn a_pull_the_opponent_still_owes_takes_the_gain_back() {
        // White places, Black fills the board, White pulls: Black's pull is owed.
        let start = game(
            GameId::Neihuang,
            "c2 b3 c4 a1 b4 c3 d2 d4 d3 b2 a3 c1 e4 d5 a4 a2 b5 d1 e3 e5 a5 e1 e2",
        );
        let line = parse_actions("b1 c5 xc2").unwrap_or_default();
        assert_eq!(material_won(&start, &line), Some(0));
        // Black's pull answered in the line: it is counted as played, not as owed.
        let longer = parse_actions("b1 c5 xc2 xb1").unwrap_or_default();
        assert_eq!(material_won(&start, &longer), Some(0));
        // A Wu Dao counter-capture takes two.
        let start = game(GameId::Wudao, "b4 d3 e1 d1");
        let line = parse_actions("d2").unwrap_or_default();
        assert_eq!(material_won(&start, &line), Some(2));
    }

    #[test]
    fn the_greedy_player_is_tempted_by_a_capture_the_right_action_does_not_make() {
        let start = game(GameId::Wudao, "b4 d3 e1 d1");
        let d2 = parse_actions("d2").unwrap_or_default()[0];
        let c5 = parse_actions("c5").unwrap_or_default()[0];
        // The counter-capture is the only capture: greedy plays it, nothing else tempts.
        assert_eq!(greedy_temptation(&start, d2), None);
        // Were a quiet placement right, the capture would tempt the greedy player.
        assert_eq!(greedy_temptation(&start, c5), Some(d2));
        assert_eq!(choices(&start), 21);
    }

    #[test]
    fn a_nearly_empty_board_is_no_puzzle() {
        let ladder = super::super::rate::Rated;
        let puzzle = |moves: &str, answer: &str| Puzzle {
            moves: parse_actions(moves).unwrap_or_default(),
            line: parse_actions(answer).unwrap_or_default(),
            ..super::super::embedded(GameId::Wudao).puzzles[0].clone()
        };
        // Four stones and one counter-capture: seen at a glance.
        let early = puzzle("b4 d3 e1 d1", "d2");
        assert_eq!(assess(&early, &ladder), Err(Flaw::FewPieces(4)));
        // The same capture with two more stones placed is judged on the other rules.
        let later = puzzle("b4 d3 e1 d1 a5 c5", "d2");
        assert!(!matches!(assess(&later, &ladder), Err(Flaw::FewPieces(_))));
    }
}
