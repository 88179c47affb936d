//! What the puzzles keep between runs, in `puzzles.json` (versioned JSON written atomically,
//! set aside if it cannot be read): the solver's rating in each game with its history and
//! streak, the ratings the puzzles have reached here, which were tried and how, the puzzle on
//! the screen and how far it got, the game and theme chosen, and the puzzles made from the
//! player's own games.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::learn::puzzles::{Goal, Puzzle, Rating, Theme, Themes, embedded};
use crate::rules::{Action, GameId};

/// The version of `puzzles.json` this build writes and the newest it reads.
pub const PUZZLES_VERSION: u32 = 1;
/// The most ratings kept in a game's history.
pub const HISTORY_LEN: usize = 200;
/// The most puzzles kept from the player's own games.
pub const OWN_LIMIT: usize = 60;
/// The first number of a puzzle made from the player's own games (the shipped ones are
/// numbered below it).
pub const OWN_FIRST: u32 = 100_000;

/// The solver in one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Solver {
    /// The puzzle rating.
    pub rating: Rating,
    /// The rating after each rated puzzle, oldest first.
    pub history: Vec<f64>,
    /// Puzzles solved in a row at the first try.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Puzzles solved at the first try.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
}

/// The puzzle on the screen, as far as it got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Current {
    /// Its id.
    pub id: String,
    /// The actions of its line played so far.
    pub played: usize,
    /// Whether a wrong move was made (then the solution is being shown).
    pub failed: bool,
    /// Whether the solver is trying again after the miss (rather than being shown the
    /// solution).
    #[serde(default)]
    pub retry: bool,
}

/// A puzzle made from one of the player's games, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OwnPuzzle {
    /// Its number (from [`OWN_FIRST`]).
    pub number: u32,
    /// The game.
    pub game: GameId,
    /// The actions that reach it, in the notation.
    pub moves: Vec<String>,
    /// The solution, in the notation.
    pub line: Vec<String>,
    /// How many of its last actions are free.
    #[serde(default)]
    pub free: u8,
    /// The goal's id.
    pub goal: String,
    /// The themes' ids.
    #[serde(default)]
    pub themes: Vec<String>,
}

impl OwnPuzzle {
    /// The stored puzzle, as a puzzle (`None` if it does not parse).
    pub fn puzzle(&self) -> Option<Puzzle> {
        let parse = |v: &[String]| -> Option<Vec<Action>> {
            v.iter().map(|t| Action::parse(t).ok()).collect()
        };
        let mut themes = Themes::default();
        for t in self.themes.iter().filter_map(|t| Theme::parse(t)) {
            themes.insert(t);
        }
        let puzzle = Puzzle {
            number: self.number,
            game: self.game,
            moves: parse(&self.moves)?,
            line: parse(&self.line)?,
            free: self.free,
            goal: Goal::parse(&self.goal)?,
            themes,
            rating: Rating::default(),
        };
        puzzle.check_line().ok().map(|()| puzzle)
    }

    /// A puzzle to store.
    pub fn of(puzzle: &Puzzle) -> OwnPuzzle {
        OwnPuzzle {
            number: puzzle.number,
            game: puzzle.game,
            moves: puzzle.moves.iter().map(|a| a.to_string()).collect(),
            line: puzzle.line.iter().map(|a| a.to_string()).collect(),
            free: puzzle.free,
            goal: puzzle.goal.id().to_string(),
            themes: puzzle.themes.iter().map(|t| t.id().to_string()).collect(),
        }
    }
}

/// Everything the puzzles keep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// The file format version ([`PUZZLES_VERSION`]).
    pub version: u32,
    /// The game chosen.
    pub game: GameId,
    /// The theme chosen (its id), if one is.
    pub theme: Option<String>,
    /// The solver in each game, by the game's id.
    pub solvers: BTreeMap<String, Solver>,
    /// The ratings the puzzles have reached here, by id.
    pub ratings: BTreeMap<String, Rating>,
    /// The puzzles tried, by id: whether each was solved at the first try.
    pub tried: BTreeMap<String, bool>,
    /// The puzzle on the screen.
    pub current: Option<Current>,
    /// Puzzles made from the player's own games, newest last.
    pub own: Vec<OwnPuzzle>,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            version: PUZZLES_VERSION,
            game: GameId::Neihuang,
            theme: None,
            solvers: BTreeMap::new(),
            ratings: BTreeMap::new(),
            tried: BTreeMap::new(),
            current: None,
            own: Vec::new(),
        }
    }
}

impl PuzzleProgress {
    /// The solver in `game`.
    pub fn solver(&self, game: GameId) -> Solver {
        self.solvers.get(game.id()).cloned().unwrap_or_default()
    }

    /// The theme chosen, if it is one this build knows.
    pub fn theme(&self) -> Option<Theme> {
        self.theme.as_deref().and_then(Theme::parse)
    }

    /// The puzzle's rating here: where it has moved to, else its file's.
    pub fn rating_of(&self, puzzle: &Puzzle) -> Rating {
        self.ratings
            .get(&puzzle.id())
            .copied()
            .unwrap_or(puzzle.rating)
    }

    /// The puzzle with this id: a shipped one, or one of the player's own.
    pub fn find(&self, id: &str) -> Option<Puzzle> {
        GameId::ALL
            .iter()
            .find_map(|&g| embedded(g).find(id).cloned())
            .or_else(|| {
                self.own
                    .iter()
                    .filter_map(OwnPuzzle::puzzle)
                    .find(|p| p.id() == id)
            })
    }

    /// The next puzzle of the chosen game and theme: one not tried yet whose rating is
    /// nearest the solver's (any, if all were tried).
    pub fn next_puzzle(&self) -> Option<Puzzle> {
        let game = self.game;
        let theme = self.theme();
        let target = self.solver(game).rating.rating;
        let candidates = embedded(game)
            .puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.themes.contains(t)));
        let fresh = candidates
            .clone()
            .filter(|p| !self.tried.contains_key(&p.id()));
        let nearest = |it: &mut dyn Iterator<Item = &Puzzle>| -> Option<Puzzle> {
            it.min_by(|a, b| {
                let da = (self.rating_of(a).rating - target).abs();
                let db = (self.rating_of(b).rating - target).abs();
                da.total_cmp(&db).then(a.number.cmp(&b.number))
            })
            .cloned()
        };
        nearest(&mut fresh.into_iter()).or_else(|| nearest(&mut candidates.into_iter()))
    }

    /// The next of the player's own puzzles not tried yet, of any game.
    pub fn next_own(&self) -> Option<Puzzle> {
        self.own
            .iter()
            .filter_map(OwnPuzzle::puzzle)
            .find(|p| !self.tried.contains_key(&p.id()))
    }

    /// How many of the player's own puzzles are still to try.
    pub fn own_left(&self) -> usize {
        self.own
            .iter()
            .filter(|p| {
                !self
                    .tried
                    .contains_key(&crate::learn::puzzles::id_of(p.game, p.number))
            })
            .count()
    }

    /// Counts the first result of `puzzle`: the solver's and the puzzle's ratings move (a
    /// puzzle of the player's own games is not rated), the history and the streak follow.
    /// A puzzle tried before changes nothing. Returns whether anything changed.
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool) -> bool {
        let id = puzzle.id();
        if self.tried.contains_key(&id) {
            return false;
        }
        self.tried.insert(id.clone(), solved);
        let own = puzzle.number >= OWN_FIRST;
        let solver = self
            .solvers
            .entry(puzzle.game.id().to_string())
            .or_default();
        if solved {
            solver.solved += 1;
            solver.streak += 1;
            solver.best_streak = solver.best_streak.max(solver.streak);
        } else {
            solver.failed += 1;
            solver.streak = 0;
        }
        if own {
            return true;
        }
        let theirs = self.ratings.get(&id).copied().unwrap_or(puzzle.rating);
        let mine = solver.rating;
        let score = if solved { 1.0 } else { 0.0 };
        solver.rating = mine.after(&theirs, score);
        solver.history.push(solver.rating.rating);
        if solver.history.len() > HISTORY_LEN {
            let extra = solver.history.len() - HISTORY_LEN;
            solver.history.drain(..extra);
        }
        self.ratings.insert(id, theirs.after(&mine, 1.0 - score));
        true
    }

    /// Keeps puzzles made from one of the player's games (numbered after the last kept),
    /// dropping the oldest beyond [`OWN_LIMIT`]; returns how many were new.
    pub fn add_own(&mut self, puzzles: &[Puzzle]) -> usize {
        let mut next = self
            .own
            .iter()
            .map(|p| p.number + 1)
            .max()
            .unwrap_or(OWN_FIRST);
        let mut added = 0;
        for p in puzzles {
            let same = self.own.iter().any(|o| {
                o.game == p.game
                    && o.moves.len() == p.moves.len()
                    && o.puzzle().is_some_and(|q| q.moves == p.moves)
            });
            if same {
                continue;
            }
            let mut p = p.clone();
            p.number = next;
            next += 1;
            self.own.push(OwnPuzzle::of(&p));
            added += 1;
        }
        if self.own.len() > OWN_LIMIT {
            let extra = self.own.len() - OWN_LIMIT;
            self.own.drain(..extra);
        }
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(number: u32, rating: f64) -> Puzzle {
        Puzzle {
            number,
            game: GameId::Flying,
            moves: vec![],
            line: vec![],
            free: 0,
            goal: Goal::Material,
            themes: Themes::default(),
            rating: Rating::with_deviation(rating, 80.0),
        }
    }

    #[test]
    fn a_first_result_moves_both_ratings_once() {
        let mut progress = PuzzleProgress::default();
        let p = puzzle(3, 1700.0);
        assert!(progress.record(&p, true));
        let solver = progress.solver(GameId::Flying);
        assert!(solver.rating.rating > 1500.0);
        assert_eq!(solver.history.len(), 1);
        assert_eq!(solver.streak, 1);
        assert!(progress.ratings["F0003"].rating < 1700.0);
        // A second try of the same puzzle is not counted again.
        assert!(!progress.record(&p, false));
        assert_eq!(progress.solver(GameId::Flying).streak, 1);
        assert!(progress.record(&puzzle(4, 1500.0), false));
        let solver = progress.solver(GameId::Flying);
        assert_eq!(
            (solver.streak, solver.best_streak, solver.failed),
            (0, 1, 1)
        );
    }
}
