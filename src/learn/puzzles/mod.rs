//! Puzzles: positions from real games where one continuation is clearly best at every step
//! of the side to act, with the opponent's best defence between, ending in a clear gain.
//!
//! - [`verify`] decides whether a position makes a puzzle and finds its line: by the Flying
//!   table's exact values, by Wu Dao's exact solver near the end, elsewhere by a deep search
//!   with a margin, confirmed by a larger one.
//! - [`themes`] names what the solution does, from `rules::explain`.
//! - [`build`] finds candidates in recorded games (a position right after a mistake) and
//!   keeps the ones that pass; [`rate`] gives each a starting rating from how the rated
//!   levels fare on it; [`glicko`] is the rating system of puzzles and solvers.
//! - [`quality`] says whether a verified puzzle is worth solving (a real choice, a tempting
//!   wrong action, the gain on the board); [`miss`] why a wrong try fails.
//! - [`file`] is the puzzle file: versioned and checksummed, embedded from
//!   `assets/puzzles` for the app.

pub mod build;
pub mod file;
pub mod glicko;
pub mod miss;
pub mod quality;
pub mod rate;
pub mod themes;
pub mod verify;

use std::sync::OnceLock;

use crate::rules::{Action, Game, GameId, IllegalAction, Side, State};
pub use file::{Collection, PuzzleFileError};
pub use glicko::Rating;
pub use themes::{Theme, Themes};

/// What the solver must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// Win material: more pieces taken (or turned) than lost along the line.
    Material,
    /// Win the game: the line ends it, or (Flying) keeps the only won continuation.
    Win,
    /// Flying: hold the draw with the only move that does not lose.
    Draw,
}

impl Goal {
    /// Every goal.
    pub const ALL: [Goal; 3] = [Goal::Material, Goal::Win, Goal::Draw];

    /// `material`, `win` or `draw` (also the locale key's last part).
    pub const fn id(self) -> &'static str {
        match self {
            Goal::Material => "material",
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }

    fn code(self) -> u8 {
        match self {
            Goal::Material => 0,
            Goal::Win => 1,
            Goal::Draw => 2,
        }
    }

    fn from_code(code: u8) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.code() == code)
    }

    /// Parses an id.
    pub fn parse(text: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.id() == text)
    }
}

/// One puzzle: the game that leads to its position, and the line that solves it.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its number in its file (the id is made from it and the game).
    pub number: u32,
    /// The game.
    pub game: GameId,
    /// The actions from the start that reach the position.
    pub moves: Vec<Action>,
    /// The solution: the solver's turns and the opponent's replies, in order; it ends with
    /// the solver's last action.
    pub line: Vec<Action>,
    /// How many of the line's last actions are free: the rest of the solver's last turn,
    /// where every legal action is as good (any capture that leaves the opponent beaten).
    pub free: u8,
    /// What the solver must achieve.
    pub goal: Goal,
    /// What the solution does.
    pub themes: Themes,
    /// Its rating.
    pub rating: Rating,
}

impl Puzzle {
    /// The id, as files and the app name it: a letter for the game and the number, `N0042`.
    pub fn id(&self) -> String {
        id_of(self.game, self.number)
    }

    /// The position to solve, with its history.
    pub fn start(&self) -> Result<Game, (usize, IllegalAction)> {
        let mut game = Game::new(self.game);
        for (i, &action) in self.moves.iter().enumerate() {
            game.apply(action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The side that solves it.
    pub fn solver(&self) -> Option<Side> {
        let mut state = State::start(self.game);
        for &action in &self.moves {
            state.apply(action).ok()?;
        }
        state.to_act()
    }

    /// Checks that the moves and the whole line are legal, that the line starts and ends
    /// with the solver and alternates by turn, and that the game does not end before the
    /// line does.
    pub fn check_line(&self) -> Result<(), LineError> {
        let mut game = self.start().map_err(|(i, e)| LineError::Moves(i, e))?;
        let solver = game.state().to_act().ok_or(LineError::Over)?;
        if self.line.is_empty() || usize::from(self.free) >= self.line.len() {
            return Err(LineError::Empty);
        }
        for (i, &action) in self.line.iter().enumerate() {
            if game.status().is_over() {
                return Err(LineError::Over);
            }
            game.apply(action).map_err(|e| LineError::Line(i, e))?;
        }
        let last = game.effects().last().map(|e| e.actor);
        if last != Some(solver) {
            return Err(LineError::EndsWithOpponent);
        }
        Ok(())
    }

    /// Whether the solver's action `index` of the line is free (any legal action will do).
    pub fn is_free(&self, index: usize) -> bool {
        index + usize::from(self.free) >= self.line.len()
    }
}

/// The id of puzzle `number` of `game`.
pub fn id_of(game: GameId, number: u32) -> String {
    let letter = match game {
        GameId::Neihuang => 'N',
        GameId::Flying => 'F',
        GameId::Wudao => 'W',
    };
    format!("{letter}{number:04}")
}

/// Why a puzzle's actions do not make a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Action `n` (from 0) of the moves that reach the position is illegal.
    Moves(usize, IllegalAction),
    /// Action `n` (from 0) of the line is illegal.
    Line(usize, IllegalAction),
    /// The line is empty, or only free actions.
    Empty,
    /// The game is over before the line is.
    Over,
    /// The line ends with the opponent's action.
    EndsWithOpponent,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::Moves(i, e) => write!(f, "move {} is illegal: {e}", i + 1),
            LineError::Line(i, e) => write!(f, "action {} of the solution is illegal: {e}", i + 1),
            LineError::Empty => f.write_str("the solution is empty"),
            LineError::Over => f.write_str("the game is over before the solution ends"),
            LineError::EndsWithOpponent => {
                f.write_str("the solution ends with the opponent's action")
            }
        }
    }
}

static NEIHUANG: &[u8] = include_bytes!("../../../assets/puzzles/neihuang.puzzles");
static FLYING: &[u8] = include_bytes!("../../../assets/puzzles/flying.puzzles");
static WUDAO: &[u8] = include_bytes!("../../../assets/puzzles/wudao.puzzles");

/// The puzzles built into the program for `game`, read once. A damaged file gives none, and
/// [`Collection::problem`] says why; a puzzle whose line is illegal is left out and named.
pub fn embedded(game: GameId) -> &'static Collection {
    static CACHE: [OnceLock<Collection>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (slot, bytes) = match game {
        GameId::Neihuang => (&CACHE[0], NEIHUANG),
        GameId::Flying => (&CACHE[1], FLYING),
        GameId::Wudao => (&CACHE[2], WUDAO),
    };
    slot.get_or_init(|| Collection::read_lenient(game, bytes))
}
