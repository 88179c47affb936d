//! The self-play data file: positions from whole games, each with the search's score and
//! the game's result, written a game at a time so that an interrupted run can resume.
//!
//! Little-endian throughout. The header: the 8 bytes `SQSELFPL`; the format version (u16,
//! now 1); the game (u8: 0 Neihuang, 1 Flying, 2 Wu Dao); a reserved 0 byte; the seed
//! (u64); the length of the player's text (u16) and the text (UTF-8, e.g.
//! `master:nodes=20000`), which together say how the games were played. Then one block per
//! game, in the order of the games' numbers: the 4 bytes `GAME`; the game's number (u32,
//! from 0); the number of positions (u16); the result (u8: 0 Black won, 1 White won,
//! 2 drawn); a reserved 0 byte; the CRC-32 of the positions' bytes (u32); then the positions,
//! 20 bytes each: the position's key (u128, see `Rules::key`), the search's score for the
//! side to act (i16, centipieces, ±32 000 for a win or loss found), and the number of actions
//! played before it (u16). A block cut short or damaged at the end of the file (an
//! interrupted write) is dropped when the run resumes.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::files::{IoFailure, ReadError, open_regular, open_regular_to_update};
use crate::rules::{GameId, Side, State};

/// The first bytes of every self-play file.
pub const MAGIC: &[u8; 8] = b"SQSELFPL";
/// The format version this program reads and writes.
pub const VERSION: u16 = 1;
const BLOCK_MAGIC: &[u8; 4] = b"GAME";
const BLOCK_HEADER: usize = 16;
const RECORD: usize = 20;
/// The largest self-play file read: far more than any run writes.
pub const MAX_FILE_LENGTH: u64 = 1 << 32;
/// The score written for a position the search found won (minus for lost).
pub const DECIDED: i16 = 32_000;

/// How a self-play game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A side won.
    Won(Side),
    /// A draw.
    Drawn,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Won(Side::Black) => 0,
            Outcome::Won(Side::White) => 1,
            Outcome::Drawn => 2,
        }
    }

    fn from_code(code: u8) -> Option<Outcome> {
        match code {
            0 => Some(Outcome::Won(Side::Black)),
            1 => Some(Outcome::Won(Side::White)),
            2 => Some(Outcome::Drawn),
            _ => None,
        }
    }

    /// The result for `side`: 1 a win, ½ a draw, 0 a loss.
    pub fn score_for(self, side: Side) -> f64 {
        match self {
            Outcome::Won(winner) if winner == side => 1.0,
            Outcome::Won(_) => 0.0,
            Outcome::Drawn => 0.5,
        }
    }
}

/// One position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position's key.
    pub key: u128,
    /// The search's score for the side to act, centipieces.
    pub score: i16,
    /// Actions played before it.
    pub ply: u16,
}

/// One game's positions and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameData {
    /// Its number in the run.
    pub number: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// Its positions, in order.
    pub samples: Vec<Sample>,
}

/// What a file says about how its games were played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game played.
    pub game: GameId,
    /// The seed of the run.
    pub seed: u64,
    /// The player's text.
    pub player: String,
}

/// Why a self-play file could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// The file could not be read or written.
    Io(IoFailure),
    /// Not a self-play file.
    NotData,
    /// A format version this program does not read.
    Version(u16),
    /// The file holds another game, seed or player than the run asks for.
    Mismatch(String),
    /// A block in the middle of the file is damaged.
    Damaged {
        /// The game whose block is damaged.
        game: u32,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => e.fmt(f),
            DataError::NotData => f.write_str("this is not a Sanqi self-play file"),
            DataError::Version(v) => write!(f, "self-play format version {v} is not supported"),
            DataError::Mismatch(what) => write!(f, "the file holds other games: {what}"),
            DataError::Damaged { game } => write!(f, "the data of game {game} is damaged"),
        }
    }
}

impl std::error::Error for DataError {}

impl From<io::Error> for DataError {
    fn from(e: io::Error) -> DataError {
        DataError::Io(e.into())
    }
}

impl From<ReadError> for DataError {
    fn from(e: ReadError) -> DataError {
        let kind = match &e {
            ReadError::Io(failure) => return DataError::Io(failure.clone()),
            ReadError::NotFound => io::ErrorKind::NotFound,
            ReadError::Folder => io::ErrorKind::IsADirectory,
            ReadError::TooLarge { .. } => io::ErrorKind::FileTooLarge,
            ReadError::BadName(_) => io::ErrorKind::InvalidFilename,
            ReadError::NotRegular => io::ErrorKind::InvalidInput,
        };
        DataError::Io(IoFailure {
            kind,
            message: e.to_string(),
        })
    }
}

fn game_code(game: GameId) -> u8 {
    match game {
        GameId::Neihuang => 0,
        GameId::Flying => 1,
        GameId::Wudao => 2,
    }
}

fn game_from_code(code: u8) -> Option<GameId> {
    match code {
        0 => Some(GameId::Neihuang),
        1 => Some(GameId::Flying),
        2 => Some(GameId::Wudao),
        _ => None,
    }
}

impl Header {
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(game_code(self.game));
        out.push(0);
        out.extend_from_slice(&self.seed.to_le_bytes());
        let text = self.player.as_bytes();
        out.extend_from_slice(&(text.len().min(u16::MAX as usize) as u16).to_le_bytes());
        out.extend_from_slice(&text[..text.len().min(u16::MAX as usize)]);
        out
    }

    fn read(reader: &mut impl Read) -> Result<Header, DataError> {
        let mut fixed = [0u8; 22];
        read_exact_or(reader, &mut fixed, DataError::NotData)?;
        if &fixed[..8] != MAGIC {
            return Err(DataError::NotData);
        }
        let version = u16::from_le_bytes([fixed[8], fixed[9]]);
        if version != VERSION {
            return Err(DataError::Version(version));
        }
        let game = game_from_code(fixed[10]).ok_or(DataError::NotData)?;
        let seed = u64::from_le_bytes(fixed[12..20].try_into().unwrap_or_default());
        let len = u16::from_le_bytes([fixed[20], fixed[21]]) as usize;
        let mut text = vec![0u8; len];
        read_exact_or(reader, &mut text, DataError::NotData)?;
        let player = String::from_utf8(text).map_err(|_| DataError::NotData)?;
        Ok(Header { game, seed, player })
    }

    fn len(&self) -> u64 {
        22 + self.player.len().min(u16::MAX as usize) as u64
    }
}

fn read_exact_or(
    reader: &mut impl Read,
    buf: &mut [u8],
    error: DataError,
) -> Result<(), DataError> {
    reader.read_exact(buf).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            error
        } else {
            e.into()
        }
    })
}

impl GameData {
    fn to_bytes(&self) -> Vec<u8> {
        let mut records = Vec::with_capacity(self.samples.len() * RECORD);
        for s in &self.samples {
            records.extend_from_slice(&s.key.to_le_bytes());
            records.extend_from_slice(&s.score.to_le_bytes());
            records.extend_from_slice(&s.ply.to_le_bytes());
        }
        let mut out = Vec::with_capacity(BLOCK_HEADER + records.len());
        out.extend_from_slice(BLOCK_MAGIC);
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&(self.samples.len() as u16).to_le_bytes());
        out.push(self.outcome.code());
        out.push(0);
        out.extend_from_slice(&crc32fast::hash(&records).to_le_bytes());
        out.extend_from_slice(&records);
        out
    }
}

/// Reads the blocks of a file after its header: the whole games, and the offset where the
/// readable part ends (a damaged or cut block at the end is left out).
fn read_blocks(
    reader: &mut impl Read,
    game: GameId,
    start: u64,
) -> Result<(Vec<GameData>, u64, bool), DataError> {
    let mut games = Vec::new();
    let mut end = start;
    loop {
        let mut head = [0u8; BLOCK_HEADER];
        match reader.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok((games, end, false)),
            Err(e) => return Err(e.into()),
        }
        let number = u32::from_le_bytes(head[4..8].try_into().unwrap_or_default());
        let count = u16::from_le_bytes([head[8], head[9]]) as usize;
        let outcome = Outcome::from_code(head[10]);
        let crc = u32::from_le_bytes(head[12..16].try_into().unwrap_or_default());
        if &head[..4] != BLOCK_MAGIC || outcome.is_none() || number as usize != games.len() {
            return Ok((games, end, true));
        }
        let mut records = vec![0u8; count * RECORD];
        match reader.read_exact(&mut records) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok((games, end, true)),
            Err(e) => return Err(e.into()),
        }
        if crc32fast::hash(&records) != crc {
            return Ok((games, end, true));
        }
        let mut samples = Vec::with_capacity(count);
        for r in records.chunks_exact(RECORD) {
            let key = u128::from_le_bytes(r[..16].try_into().unwrap_or_default());
            if State::from_key(game, key).is_none() {
                return Err(DataError::Damaged { game: number });
            }
            samples.push(Sample {
                key,
                score: i16::from_le_bytes([r[16], r[17]]),
                ply: u16::from_le_bytes([r[18], r[19]]),
            });
        }
        games.push(GameData {
            number,
            outcome: outcome.unwrap_or(Outcome::Drawn),
            samples,
        });
        end += (BLOCK_HEADER + count * RECORD) as u64;
    }
}

/// Reads a whole self-play file. A damaged or cut last block is left out (it is the one an
/// interrupted run was writing); damage anywhere else is an error.
pub fn read(path: &Path) -> Result<(Header, Vec<GameData>), DataError> {
    let mut reader = BufReader::new(open_regular(path, MAX_FILE_LENGTH)?.reader());
    let header = Header::read(&mut reader)?;
    let (games, _, broken) = read_blocks(&mut reader, header.game, header.len())?;
    if broken {
        // Only the last block may be broken (an interrupted write): nothing may follow it.
        let mut rest = [0u8; 1];
        if reader.read(&mut rest)? > 0 {
            return Err(DataError::Damaged {
                game: games.len() as u32,
            });
        }
    }
    Ok((header, games))
}

/// A self-play file open for appending whole games.
pub struct Writer {
    file: File,
    /// The number the next game must have.
    pub next: u32,
}

impl Writer {
    /// Creates `path` (replacing nothing: it must not exist), or with `resume` opens it,
    /// checks that it holds the same game, seed and player, drops a cut last block and
    /// continues after the last whole game.
    pub fn open(path: &Path, header: &Header, resume: bool) -> Result<Writer, DataError> {
        if resume && path.exists() {
            let mut file = open_regular_to_update(path, MAX_FILE_LENGTH)?.into_file();
            let found = Header::read(&mut BufReader::new(&mut file))?;
            if found != *header {
                return Err(DataError::Mismatch(format!(
                    "{} with seed {} by {}, not {} with seed {} by {}",
                    found.game, found.seed, found.player, header.game, header.seed, header.player
                )));
            }
            file.seek(SeekFrom::Start(found.len()))?;
            let (games, end, _) =
                read_blocks(&mut BufReader::new(&mut file), header.game, found.len())?;
            file.set_len(end)?;
            file.seek(SeekFrom::Start(end))?;
            return Ok(Writer {
                file,
                next: games.len() as u32,
            });
        }
        let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
        file.write_all(&header.to_bytes())?;
        file.sync_data()?;
        Ok(Writer { file, next: 0 })
    }

    /// Appends a game (it must be the next by number) and flushes it to disk.
    pub fn append(&mut self, game: &GameData) -> Result<(), DataError> {
        debug_assert_eq!(game.number, self.next);
        self.file.write_all(&game.to_bytes())?;
        self.file.sync_data()?;
        self.next += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_game(number: u32, n: usize) -> GameData {
        let mut state = State::start(GameId::Wudao);
        let mut samples = Vec::new();
        for ply in 0..n {
            samples.push(Sample {
                key: state.key(),
                score: ply as i16 * 3 - 10,
                ply: ply as u16,
            });
            let action = state.legal_vec()[ply % 5];
            state.apply(action).expect("legal");
        }
        GameData {
            number,
            outcome: if number.is_multiple_of(2) {
                Outcome::Won(Side::Black)
            } else {
                Outcome::Drawn
            },
            samples,
        }
    }

    #[test]
    fn games_come_back_and_a_cut_tail_is_dropped_on_resume() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.selfplay");
        let header = Header {
            game: GameId::Wudao,
            seed: 9,
            player: "master:nodes=100".into(),
        };
        let mut writer = Writer::open(&path, &header, false).expect("new");
        let games: Vec<GameData> = (0..3).map(|i| sample_game(i, 5 + i as usize)).collect();
        for g in &games {
            writer.append(g).expect("append");
        }
        drop(writer);
        assert_eq!(read(&path).expect("read"), (header.clone(), games.clone()));
        // A new run refuses to overwrite; another seed refuses to resume.
        assert!(Writer::open(&path, &header, false).is_err());
        let other = Header {
            seed: 10,
            ..header.clone()
        };
        assert!(matches!(
            Writer::open(&path, &other, true),
            Err(DataError::Mismatch(_))
        ));
        // Cut the last game in the middle, as an interrupted write would.
        let len = std::fs::metadata(&path).expect("meta").len();
        let file = OpenOptions::new().write(true).open(&path).expect("open");
        file.set_len(len - 7).expect("cut");
        drop(file);
        assert_eq!(read(&path).expect("read").1, games[..2]);
        let mut writer = Writer::open(&path, &header, true).expect("resume");
        assert_eq!(writer.next, 2);
        writer.append(&games[2]).expect("append");
        drop(writer);
        assert_eq!(read(&path).expect("read").1, games);
    }

    #[test]
    fn damage_in_the_middle_and_foreign_files_are_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.selfplay");
        let header = Header {
            game: GameId::Wudao,
            seed: 1,
            player: "master".into(),
        };
        let mut writer = Writer::open(&path, &header, false).expect("new");
        for i in 0..12 {
            writer.append(&sample_game(i, 20)).expect("append");
        }
        drop(writer);
        let mut bytes = std::fs::read(&path).expect("bytes");
        let at = header.len() as usize + BLOCK_HEADER + 5;
        bytes[at] ^= 0x40;
        std::fs::write(&path, &bytes).expect("write");
        assert!(matches!(read(&path), Err(DataError::Damaged { game: 0 })));
        std::fs::write(&path, b"SQWEIGHT and more").expect("write");
        assert_eq!(read(&path), Err(DataError::NotData));
    }
}
