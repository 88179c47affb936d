//! The puzzle file: every puzzle of one game, versioned and checksummed.
//!
//! Little-endian throughout. The header: the 8 bytes `SQPUZZLE`; the format version (u16,
//! now 1); the game (u8: 0 Neihuang, 1 Flying, 2 Wu Dao); a reserved 0 byte; the number of
//! puzzles (u32); the CRC-32 of everything after the header (u32). Then each puzzle: its
//! number (u32); its goal (u8: 0 material, 1 win, 2 draw); how many of its last actions are
//! free (u8); its themes (u16, one bit each in the order of `Theme::ALL`); its rating, rating
//! deviation and volatility (three f32); the number of moves that reach its position (u16)
//! and of the actions of its line (u16); then the moves' and the line's action codes (u16
//! each, `Action::code`).
//!
//! A file whose header or checksum is wrong is refused whole; a puzzle whose actions are not
//! legal is set aside and named, and the others are kept.

use std::fmt;

use super::{Goal, LineError, Puzzle, Rating, Themes};
use crate::rules::{Action, GameId};

/// The first bytes of every puzzle file.
pub const MAGIC: &[u8; 8] = b"SQPUZZLE";
/// The format version this program reads and writes.
pub const VERSION: u16 = 1;
/// The header's length.
pub const HEADER: usize = 20;

/// Why a puzzle file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFileError {
    /// Shorter than its header, or than it says.
    Truncated,
    /// Not a puzzle file.
    NotPuzzles,
    /// A version this program does not read.
    Version(u16),
    /// A file of another game.
    OtherGame(GameId),
    /// The contents do not match their checksum, or hold what is not a puzzle.
    Damaged,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleFileError::Truncated => f.write_str("the puzzle file is cut short"),
            PuzzleFileError::NotPuzzles => f.write_str("this is not a Sanqi puzzle file"),
            PuzzleFileError::Version(v) => write!(f, "puzzle format version {v} is not supported"),
            PuzzleFileError::OtherGame(g) => write!(f, "the puzzles are for {g}"),
            PuzzleFileError::Damaged => f.write_str("the puzzle file is damaged"),
        }
    }
}

impl std::error::Error for PuzzleFileError {}

fn game_code(game: GameId) -> u8 {
    match game {
        GameId::Neihuang => 0,
        GameId::Flying => 1,
        GameId::Wudao => 2,
    }
}

fn game_of(code: u8) -> Option<GameId> {
    GameId::ALL.into_iter().find(|&g| game_code(g) == code)
}

/// The puzzles of one game, as read from a file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collection {
    /// The game (none for an empty collection that came from no file).
    pub game: Option<GameId>,
    /// The puzzles whose lines are legal, in the file's order.
    pub puzzles: Vec<Puzzle>,
    /// The puzzles set aside: their ids and what is wrong with them.
    pub set_aside: Vec<(String, LineError)>,
    /// Why the whole file was refused, when it was (then there are no puzzles).
    pub problem: Option<PuzzleFileError>,
}

impl Collection {
    /// An empty collection of `game`.
    pub fn new(game: GameId) -> Collection {
        Collection {
            game: Some(game),
            ..Collection::default()
        }
    }

    /// Reads a file of `game` (any game if `None`); a damaged file is an error.
    pub fn read(game: Option<GameId>, bytes: &[u8]) -> Result<Collection, PuzzleFileError> {
        let (found, raw) = parse(bytes)?;
        if let Some(g) = game
            && g != found
        {
            return Err(PuzzleFileError::OtherGame(found));
        }
        let mut collection = Collection::new(found);
        for puzzle in raw {
            match puzzle.check_line() {
                Ok(()) => collection.puzzles.push(puzzle),
                Err(e) => collection.set_aside.push((puzzle.id(), e)),
            }
        }
        Ok(collection)
    }

    /// Reads a file of `game`; a damaged file gives an empty collection that says why.
    pub fn read_lenient(game: GameId, bytes: &[u8]) -> Collection {
        Collection::read(Some(game), bytes).unwrap_or_else(|e| Collection {
            problem: Some(e),
            ..Collection::new(game)
        })
    }

    /// The puzzle with this id.
    pub fn find(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id() == id)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for p in &self.puzzles {
            body.extend_from_slice(&p.number.to_le_bytes());
            body.push(p.goal.code());
            body.push(p.free);
            body.extend_from_slice(&p.themes.bits().to_le_bytes());
            for x in [p.rating.rating, p.rating.deviation, p.rating.volatility] {
                body.extend_from_slice(&(x as f32).to_le_bytes());
            }
            body.extend_from_slice(&(p.moves.len() as u16).to_le_bytes());
            body.extend_from_slice(&(p.line.len() as u16).to_le_bytes());
            for a in p.moves.iter().chain(&p.line) {
                body.extend_from_slice(&a.code().to_le_bytes());
            }
        }
        let mut bytes = Vec::with_capacity(HEADER + body.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(self.game.map_or(0, game_code));
        bytes.push(0);
        bytes.extend_from_slice(&(self.puzzles.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }
}

/// A little-endian reader that fails with [`PuzzleFileError::Damaged`] at the end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], PuzzleFileError> {
        let (head, rest) = self
            .bytes
            .split_first_chunk::<N>()
            .ok_or(PuzzleFileError::Damaged)?;
        self.bytes = rest;
        Ok(*head)
    }

    fn u16(&mut self) -> Result<u16, PuzzleFileError> {
        self.take::<2>().map(u16::from_le_bytes)
    }

    fn f32(&mut self) -> Result<f64, PuzzleFileError> {
        let x = f32::from_le_bytes(self.take::<4>()?);
        if x.is_finite() {
            Ok(f64::from(x))
        } else {
            Err(PuzzleFileError::Damaged)
        }
    }

    fn actions(&mut self, n: u16) -> Result<Vec<Action>, PuzzleFileError> {
        (0..n)
            .map(|_| Action::from_code(self.u16()?).ok_or(PuzzleFileError::Damaged))
            .collect()
    }
}

/// The game and the puzzles of a file, unchecked against the rules.
fn parse(bytes: &[u8]) -> Result<(GameId, Vec<Puzzle>), PuzzleFileError> {
    if bytes.len() < HEADER {
        return if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) {
            Err(PuzzleFileError::Truncated)
        } else {
            Err(PuzzleFileError::NotPuzzles)
        };
    }
    if &bytes[..8] != MAGIC {
        return Err(PuzzleFileError::NotPuzzles);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(PuzzleFileError::Version(version));
    }
    let game = game_of(bytes[10]).ok_or(PuzzleFileError::Damaged)?;
    let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]);
    let crc = u32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    let body = &bytes[HEADER..];
    if crc32fast::hash(body) != crc {
        return Err(PuzzleFileError::Damaged);
    }
    let mut reader = Reader { bytes: body };
    // Each puzzle takes at least 24 bytes: a count beyond that is damage, not a reason to
    // reserve memory.
    let mut puzzles = Vec::with_capacity((count as usize).min(body.len() / 24));
    for _ in 0..count {
        let number = u32::from_le_bytes(reader.take::<4>()?);
        let goal = Goal::from_code(reader.take::<1>()?[0]).ok_or(PuzzleFileError::Damaged)?;
        let free = reader.take::<1>()?[0];
        let themes = Themes::from_bits(reader.u16()?);
        let rating = Rating {
            rating: reader.f32()?,
            deviation: reader.f32()?,
            volatility: reader.f32()?,
        };
        let moves = reader.u16()?;
        let line = reader.u16()?;
        puzzles.push(Puzzle {
            number,
            game,
            moves: reader.actions(moves)?,
            line: reader.actions(line)?,
            free,
            goal,
            themes,
            rating,
        });
    }
    if !reader.bytes.is_empty() {
        return Err(PuzzleFileError::Damaged);
    }
    let mut ids: Vec<u32> = puzzles.iter().map(|p| p.number).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(PuzzleFileError::Damaged);
    }
    Ok((game, puzzles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_actions;

    fn sample() -> Collection {
        let mut c = Collection::new(GameId::Flying);
        c.puzzles.push(Puzzle {
            number: 1,
            game: GameId::Flying,
            moves: parse_actions("a1-a4 e5-e2").unwrap_or_default(),
            line: parse_actions("b1-b2").unwrap_or_default(),
            free: 0,
            goal: Goal::Material,
            themes: Themes::default(),
            rating: Rating::default(),
        });
        c
    }

    #[test]
    fn a_file_reads_back_and_damage_is_refused() {
        let c = sample();
        let bytes = c.to_bytes();
        // Ratings are kept as f32: what is read back writes the same bytes.
        let read = Collection::read(Some(GameId::Flying), &bytes).expect("a sound file");
        assert_eq!(read.puzzles[0].moves, c.puzzles[0].moves);
        assert_eq!(read.puzzles[0].line, c.puzzles[0].line);
        assert_eq!(read.to_bytes(), bytes);
        let mut bad = bytes.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        assert_eq!(Collection::read(None, &bad), Err(PuzzleFileError::Damaged));
        assert_eq!(
            Collection::read(None, &bytes[..10]),
            Err(PuzzleFileError::Truncated)
        );
        assert_eq!(
            Collection::read(Some(GameId::Wudao), &bytes),
            Err(PuzzleFileError::OtherGame(GameId::Flying))
        );
        assert_eq!(
            Collection::read(None, b"{\"not\": \"puzzles\"} and more"),
            Err(PuzzleFileError::NotPuzzles)
        );
    }

    #[test]
    fn an_illegal_line_sets_that_puzzle_aside_and_keeps_the_rest() {
        let mut c = sample();
        let mut bad = c.puzzles[0].clone();
        bad.number = 2;
        bad.line = parse_actions("b1-b5").unwrap_or_default();
        c.puzzles.push(bad);
        let read = Collection::read(None, &c.to_bytes()).expect("a sound file");
        assert_eq!(read.puzzles.len(), 1);
        assert_eq!(read.set_aside.len(), 1);
        assert_eq!(read.set_aside[0].0, "F0002");
    }
}
