//! The opening book: for the first placements of Neihuang and Wu Dao, every action scored by
//! a deep search, one entry per position up to the board's symmetries.
//!
//! A player whose `book` setting is on plays from it while the position is in it, choosing
//! among the actions within `book-margin` centipieces of the best (by the decision's seed,
//! so that games differ), and searches once the game leaves it.
//!
//! The file (little-endian): the 8 bytes `SQOPENBK`; the format version (u16, now 2); the
//! game (u8: 0 Neihuang, 1 Flying, 2 Wu Dao); a reserved 0 byte; the number of positions
//! (u32); the CRC-32 of the header's first 16 bytes followed by everything after the header
//! (u32), so that every byte is under it; then, for each position in
//! increasing order of key: its key (u128, the least of its symmetric images', see
//! `rules::symmetry::canonical`), the number of its actions (u8), and each action's code
//! (u16, `Action::code`, in the frame of that least image) and score for the side to act
//! (i16, centipieces). Built by `sanqi book build`, embedded from `assets/book`. Format 1,
//! which older builds wrote, is read too: its checksum covers what follows the header alone,
//! and each field of its header is checked on its own (the reserved byte must be 0).

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use rand::{RngExt, SeedableRng, rngs::StdRng};

use crate::rules::{Action, GameId, State, symmetry};

/// The first bytes of every book file.
pub const MAGIC: &[u8; 8] = b"SQOPENBK";
/// The format version this program writes.
pub const VERSION: u16 = 2;
/// The oldest format version this program reads.
pub const OLDEST_VERSION: u16 = 1;
const HEADER: usize = 20;

static NEIHUANG: &[u8] = include_bytes!("../../assets/book/neihuang.book");
static WUDAO: &[u8] = include_bytes!("../../assets/book/wudao.book");

/// An opening book for one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    game: Option<GameId>,
    /// By the least key of a position's images: its actions in that image's frame, with
    /// their scores for the side to act.
    entries: HashMap<u128, Vec<(Action, i16)>>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Shorter than it says.
    Truncated,
    /// Not a book file.
    NotBook,
    /// A version this program does not read.
    Version(u16),
    /// A book of another game.
    OtherGame,
    /// The contents do not match their checksum, or hold what is not a position or action.
    Damaged,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Truncated => f.write_str("the book file is cut short"),
            BookError::NotBook => f.write_str("this is not a Sanqi opening book"),
            BookError::Version(v) => write!(f, "book format version {v} is not supported"),
            BookError::OtherGame => f.write_str("the book is for another game"),
            BookError::Damaged => f.write_str("the book file is damaged"),
        }
    }
}

impl std::error::Error for BookError {}

fn game_code(game: GameId) -> u8 {
    match game {
        GameId::Neihuang => 0,
        GameId::Flying => 1,
        GameId::Wudao => 2,
    }
}

impl Book {
    /// An empty book for `game`.
    pub fn new(game: GameId) -> Book {
        Book {
            game: Some(game),
            entries: HashMap::new(),
        }
    }

    /// The game it is for (none for a book that came from no file).
    pub fn game(&self) -> Option<GameId> {
        self.game
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds (or replaces) `state`'s actions with their scores for the side to act.
    pub fn insert(&mut self, state: &State, actions: &[(Action, i16)]) {
        let (key, g) = symmetry::canonical(state.key());
        let moved = actions
            .iter()
            .map(|&(a, s)| (symmetry::action(g, a), s))
            .collect();
        self.entries.insert(key, moved);
    }

    /// The book's actions for `state` with their scores, best first, if it holds the
    /// position.
    pub fn actions(&self, state: &State) -> Option<Vec<(Action, i16)>> {
        let (key, g) = symmetry::canonical(state.key());
        let stored = self.entries.get(&key)?;
        let back = symmetry::inverse(g);
        let mut actions: Vec<(Action, i16)> = stored
            .iter()
            .map(|&(a, s)| (symmetry::action(back, a), s))
            .collect();
        actions.sort_by_key(|&(a, s)| (std::cmp::Reverse(s), a));
        Some(actions)
    }

    /// An action for `state` among those within `margin` centipieces of the best, chosen by
    /// `seed`, with its score; `None` when the position is not in the book.
    pub fn choose(&self, state: &State, seed: u64, margin: i32) -> Option<(Action, i16)> {
        let actions = self.actions(state)?;
        let best = i32::from(actions.first()?.1);
        let near: Vec<(Action, i16)> = actions
            .into_iter()
            .filter(|&(_, s)| i32::from(s) >= best - margin)
            .collect();
        let mut rng = StdRng::seed_from_u64(seed ^ 0xB00C);
        near.get(rng.random_range(0..near.len())).copied()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut keys: Vec<&u128> = self.entries.keys().collect();
        keys.sort_unstable();
        let mut body = Vec::new();
        for key in keys {
            let actions = &self.entries[key];
            body.extend_from_slice(&key.to_le_bytes());
            body.push(actions.len().min(255) as u8);
            for &(action, score) in actions.iter().take(255) {
                body.extend_from_slice(&action.code().to_le_bytes());
                body.extend_from_slice(&score.to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.game.map_or(255, game_code));
        out.push(0);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        let crc = checksum(VERSION, &out, &body);
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file that must be for `game`.
    pub fn parse(game: GameId, bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER {
            return Err(if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) {
                BookError::Truncated
            } else {
                BookError::NotBook
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(BookError::NotBook);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(BookError::Version(version));
        }
        if bytes[10] != game_code(game) {
            return Err(BookError::OtherGame);
        }
        let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        let crc = u32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
        let body = &bytes[HEADER..];
        if checksum(version, bytes, body) != crc || bytes[11] != 0 {
            return Err(BookError::Damaged);
        }
        let mut entries = HashMap::with_capacity(count.min(body.len() / 17));
        let mut at = 0;
        let take = |at: &mut usize, n: usize| -> Result<&[u8], BookError> {
            let slice = body.get(*at..*at + n).ok_or(BookError::Truncated)?;
            *at += n;
            Ok(slice)
        };
        for _ in 0..count {
            let key = u128::from_le_bytes(
                take(&mut at, 16)?
                    .try_into()
                    .map_err(|_| BookError::Damaged)?,
            );
            if State::from_key(game, key).is_none() {
                return Err(BookError::Damaged);
            }
            let n = take(&mut at, 1)?[0] as usize;
            let mut actions = Vec::with_capacity(n);
            for _ in 0..n {
                let item = take(&mut at, 4)?;
                let action = Action::from_code(u16::from_le_bytes([item[0], item[1]]))
                    .ok_or(BookError::Damaged)?;
                actions.push((action, i16::from_le_bytes([item[2], item[3]])));
            }
            entries.insert(key, actions);
        }
        if at != body.len() {
            return Err(BookError::Damaged);
        }
        Ok(Book {
            game: Some(game),
            entries,
        })
    }
}

/// The checksum of a book file of format `version`: of the header's first 16 bytes and what
/// follows the header (format 2), or of what follows the header alone (format 1).
fn checksum(version: u16, head: &[u8], body: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    if version >= 2 {
        hasher.update(&head[..HEADER - 4]);
    }
    hasher.update(body);
    hasher.finalize()
}

/// The book built into the program for `game` (empty where there is none).
pub(crate) fn embedded(game: GameId) -> &'static Book {
    static NEIHUANG_BOOK: OnceLock<Book> = OnceLock::new();
    static WUDAO_BOOK: OnceLock<Book> = OnceLock::new();
    static NONE: OnceLock<Book> = OnceLock::new();
    let (cell, bytes): (&OnceLock<Book>, &[u8]) = match game {
        GameId::Neihuang => (&NEIHUANG_BOOK, NEIHUANG),
        GameId::Wudao => (&WUDAO_BOOK, WUDAO),
        GameId::Flying => return NONE.get_or_init(Book::default),
    };
    cell.get_or_init(|| Book::parse(game, bytes).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    fn place(name: &str) -> Action {
        Action::Place(Point::parse(name).expect("a point"))
    }

    fn after(game: GameId, moves: &[&str]) -> State {
        let mut state = State::start(game);
        for m in moves {
            state
                .apply(Action::parse(m).expect("notation"))
                .expect("legal");
        }
        state
    }

    #[test]
    fn a_position_is_found_in_every_symmetric_image_with_its_actions_moved_along() {
        let mut book = Book::new(GameId::Wudao);
        let state = after(GameId::Wudao, &["a1"]);
        book.insert(&state, &[(place("b2"), 40), (place("e5"), -10)]);
        // The same position mirrored: Black on e1 (a1 mirrored left to right).
        let mirrored = after(GameId::Wudao, &["e1"]);
        let actions = book.actions(&mirrored).expect("in the book");
        assert_eq!(actions, [(place("d2"), 40), (place("a5"), -10)]);
        assert!(book.actions(&after(GameId::Wudao, &["c3"])).is_none());
        // Within a margin of 60 both are candidates; within 10, only the best.
        assert_eq!(book.choose(&state, 1, 10), Some((place("b2"), 40)));
        let chosen: std::collections::HashSet<Action> = (0..40)
            .filter_map(|s| book.choose(&state, s, 60))
            .map(|c| c.0)
            .collect();
        assert_eq!(chosen.len(), 2);
    }

    #[test]
    fn a_book_comes_back_from_its_bytes_and_damage_is_refused() {
        let mut book = Book::new(GameId::Neihuang);
        book.insert(
            &State::start(GameId::Neihuang),
            &[(place("c3"), 12), (place("b2"), 3)],
        );
        book.insert(&after(GameId::Neihuang, &["c3"]), &[(place("b3"), -7)]);
        let bytes = book.to_bytes();
        assert_eq!(Book::parse(GameId::Neihuang, &bytes), Ok(book));
        assert_eq!(
            Book::parse(GameId::Wudao, &bytes),
            Err(BookError::OtherGame)
        );
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert_eq!(
            Book::parse(GameId::Neihuang, &flipped),
            Err(BookError::Damaged)
        );
        assert_eq!(
            Book::parse(GameId::Neihuang, &bytes[..5]),
            Err(BookError::Truncated)
        );
        assert_eq!(
            Book::parse(GameId::Neihuang, b"SQWEIGHT............"),
            Err(BookError::NotBook)
        );
        // Every byte of the header is under the checksum, the reserved one too.
        for at in [11, 12] {
            let mut changed = bytes.clone();
            changed[at] ^= 1;
            assert_eq!(
                Book::parse(GameId::Neihuang, &changed),
                Err(BookError::Damaged),
                "byte {at}"
            );
        }
        // Format 1: the checksum of the positions alone.
        let mut old = bytes.clone();
        old[8] = 1;
        let crc = crc32fast::hash(&old[HEADER..]);
        old[16..20].copy_from_slice(&crc.to_le_bytes());
        assert!(Book::parse(GameId::Neihuang, &old).is_ok());
        old[11] = 1;
        assert_eq!(Book::parse(GameId::Neihuang, &old), Err(BookError::Damaged));
    }

    #[test]
    fn the_embedded_books_are_sound() {
        for game in [GameId::Neihuang, GameId::Wudao] {
            let bytes = if game == GameId::Neihuang {
                NEIHUANG
            } else {
                WUDAO
            };
            let book = Book::parse(game, bytes).expect("a sound book");
            // Built to three plies: the start, and every position after one and two actions.
            let start = State::start(game);
            let first = book.actions(&start).expect("the start is in the book");
            let mut legal = crate::rules::ActionList::new();
            start.legal_actions(&mut legal);
            assert_eq!(first.len(), legal.len(), "{game}");
            for (action, _) in first {
                let mut next = start;
                next.apply(action).expect("a legal action");
                assert!(book.actions(&next).is_some(), "{game} after {action}");
            }
        }
    }
}
