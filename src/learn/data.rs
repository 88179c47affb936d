//! The self-play data file: positions from whole games, each with the search's score and
//! the game's result, written a game at a time so that an interrupted run can resume.
//!
//! Little-endian throughout. The header: the 8 bytes `SQSELFPL`; the format version (u16,
//! now 2); the game (u8: 0 Neihuang, 1 Flying, 2 Wu Dao); a reserved 0 byte; the seed
//! (u64); the length of the player's text (u16) and the text (UTF-8, e.g.
//! `master:nodes=20000`), which together say how the games were played; then the CRC-32 of
//! all the header's bytes before it (u32). Then one block per game, in increasing order of
//! the games' numbers: the 4 bytes `GAME`; the game's number (u32, from 0); the number of
//! positions (u16); the result (u8: 0 Black won, 1 White won, 2 drawn); a reserved 0 byte;
//! the CRC-32 of the block's first 12 bytes followed by its positions (u32); then the
//! positions, 20 bytes each: the position's key (u128, see `Rules::key`), the search's score
//! for the side to act (i16, centipieces, ±32 000 for a win or loss found), and the number
//! of actions played before it (u16). So every byte of the file is under a checksum.
//!
//! Format 1, which older builds wrote, is read too: its header has no checksum and its
//! blocks' checksums cover the positions alone, so its numbers must follow one another from
//! 0 and its reserved bytes be 0. A run resumed on such a file goes on in format 1.
//!
//! Reading is strict ([`read`]): a damaged game anywhere, a game cut short at the end (a
//! run stopped while writing it) or bytes after the last game that are not one are each an
//! error naming the game, and nothing is ever dropped or cut off the file. [`salvage`] finds
//! every sound game of a damaged file, for `sanqi selfplay --repair` to copy into a new one.

use std::fmt;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::Path;

use crate::files::fs::File;
use crate::files::output::Planned;
use crate::files::{IoFailure, ReadError, open_regular, open_regular_to_update};
use crate::rules::{GameId, Side, State};

/// The first bytes of every self-play file.
pub const MAGIC: &[u8; 8] = b"SQSELFPL";
/// The format version this program writes.
pub const VERSION: u16 = 2;
/// The oldest format version this program reads.
pub const OLDEST_VERSION: u16 = 1;
const BLOCK_MAGIC: &[u8; 4] = b"GAME";
const BLOCK_HEADER: usize = 16;
const RECORD: usize = 20;
/// The fixed part of the header, before the player's text.
const FIXED_HEADER: usize = 22;
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

/// Where a file stops being sound, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The game after the sound ones before it is damaged (or missing), and sound games
    /// follow.
    Damaged,
    /// The last game is cut short: a run was stopped, or the disk was full, while writing it.
    Cut,
    /// Bytes after the last game that are not a game.
    Trailing {
        /// How many.
        bytes: u64,
    },
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
    /// The header does not match its checksum.
    HeaderDamaged,
    /// The file holds another game, seed or player than the run asks for.
    Mismatch(String),
    /// The file is not sound from game `game` on: `before` sound games precede the flaw and
    /// `after` follow it.
    Flawed {
        /// How.
        flaw: Flaw,
        /// The number the game at the flaw has (or should have).
        game: u32,
        /// Sound games before it.
        before: usize,
        /// Sound games after it.
        after: usize,
    },
}

impl DataError {
    /// Whether `sanqi selfplay --repair` can recover the sound games of the file.
    pub fn repairable(&self) -> bool {
        matches!(self, DataError::Flawed { .. } | DataError::HeaderDamaged)
    }
}

/// "1 game", "3 games".
fn games_text(n: usize) -> String {
    if n == 1 {
        "1 game".to_string()
    } else {
        format!("{n} games")
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => e.fmt(f),
            DataError::NotData => f.write_str("this is not a Sanqi self-play file"),
            DataError::Version(v) => write!(f, "self-play format version {v} is not supported"),
            DataError::HeaderDamaged => f.write_str(
                "the file's header (its game, seed and player) is damaged: its checksum does not match",
            ),
            DataError::Mismatch(what) => write!(f, "the file holds other games: {what}"),
            DataError::Flawed {
                flaw,
                game,
                before,
                after,
            } => match flaw {
                Flaw::Damaged => write!(
                    f,
                    "the data of game {game} is damaged; {} before it and {} after it are sound",
                    games_text(*before),
                    games_text(*after)
                ),
                Flaw::Cut => write!(
                    f,
                    "game {game}, the last, is cut short (a run stopped while writing it); {} \
                     before it are sound",
                    games_text(*before)
                ),
                Flaw::Trailing { bytes } if *before == 0 => {
                    write!(f, "the {bytes} bytes after the header are not a game")
                }
                Flaw::Trailing { bytes } => write!(
                    f,
                    "the {bytes} bytes after game {}, the last, are not a game; the {} before \
                     them are sound",
                    game.saturating_sub(1),
                    games_text(*before)
                ),
            },
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

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl Header {
    /// The header's bytes in the current format.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.fields(VERSION);
        out.extend_from_slice(&crc32fast::hash(&out).to_le_bytes());
        out
    }

    /// The header's fields in format `version`, without a checksum.
    fn fields(&self, version: u16) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.push(game_code(self.game));
        out.push(0);
        out.extend_from_slice(&self.seed.to_le_bytes());
        let text = self.player.as_bytes();
        let len = text.len().min(u16::MAX as usize);
        out.extend_from_slice(&(len as u16).to_le_bytes());
        out.extend_from_slice(&text[..len]);
        out
    }

    /// Reads the header at the start of `bytes`: the header, the format version and the
    /// header's length.
    fn parse(bytes: &[u8]) -> Result<(Header, u16, usize), DataError> {
        if bytes.len() < 10 || &bytes[..8] != MAGIC {
            return Err(DataError::NotData);
        }
        let version = u16_at(bytes, 8);
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(DataError::Version(version));
        }
        let damaged = if version == 1 {
            DataError::NotData
        } else {
            DataError::HeaderDamaged
        };
        if bytes.len() < FIXED_HEADER {
            return Err(damaged);
        }
        let text_len = u16_at(bytes, 20) as usize;
        let fields = FIXED_HEADER + text_len;
        let len = fields + if version == 1 { 0 } else { 4 };
        if bytes.len() < len {
            return Err(damaged);
        }
        if version >= 2 && crc32fast::hash(&bytes[..fields]) != u32_at(bytes, fields) {
            return Err(damaged);
        }
        let game = game_from_code(bytes[10]).ok_or(damaged.clone())?;
        if bytes[11] != 0 {
            return Err(damaged);
        }
        let seed = u64::from_le_bytes(bytes[12..20].try_into().unwrap_or_default());
        let player =
            String::from_utf8(bytes[FIXED_HEADER..fields].to_vec()).map_err(|_| damaged)?;
        Ok((Header { game, seed, player }, version, len))
    }
}

impl GameData {
    /// The game's block in format `version`.
    fn to_bytes(&self, version: u16) -> Vec<u8> {
        let count = self.samples.len().min(u16::MAX as usize);
        let mut out = Vec::with_capacity(BLOCK_HEADER + count * RECORD);
        out.extend_from_slice(BLOCK_MAGIC);
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&(count as u16).to_le_bytes());
        out.push(self.outcome.code());
        out.push(0);
        out.extend_from_slice(&[0; 4]);
        for s in &self.samples[..count] {
            out.extend_from_slice(&s.key.to_le_bytes());
            out.extend_from_slice(&s.score.to_le_bytes());
            out.extend_from_slice(&s.ply.to_le_bytes());
        }
        let crc = block_crc(version, &out[..12], &out[BLOCK_HEADER..]);
        out[12..16].copy_from_slice(&crc.to_le_bytes());
        out
    }
}

/// A block's checksum: of its first 12 bytes and its positions (format 2), or of its
/// positions alone (format 1).
fn block_crc(version: u16, head: &[u8], records: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    if version >= 2 {
        hasher.update(head);
    }
    hasher.update(records);
    hasher.finalize()
}

/// Why no sound block starts at an offset.
enum NoBlock {
    /// The file ends inside what starts as a block.
    Cut,
    /// It is not a sound block.
    Unsound,
}

/// Reads the block at `at`, which must be sound and numbered after `last` (with
/// `consecutive`, right after it, and 0 if it is the first): the game and the offset after
/// it.
fn parse_block(
    bytes: &[u8],
    at: usize,
    version: u16,
    game: GameId,
    last: Option<u32>,
    consecutive: bool,
) -> Result<(GameData, usize), NoBlock> {
    let rest = &bytes[at..];
    if rest.len() < BLOCK_HEADER {
        let shown = rest.len().min(BLOCK_MAGIC.len());
        return Err(if rest[..shown] == BLOCK_MAGIC[..shown] {
            NoBlock::Cut
        } else {
            NoBlock::Unsound
        });
    }
    if &rest[..4] != BLOCK_MAGIC {
        return Err(NoBlock::Unsound);
    }
    let number = u32_at(rest, 4);
    let count = u16_at(rest, 8) as usize;
    let end = BLOCK_HEADER + count * RECORD;
    if rest.len() < end {
        return Err(NoBlock::Cut);
    }
    let records = &rest[BLOCK_HEADER..end];
    if block_crc(version, &rest[..12], records) != u32_at(rest, 12) || rest[11] != 0 {
        return Err(NoBlock::Unsound);
    }
    let in_order = match (consecutive, last) {
        (true, None) => number == 0,
        (true, Some(last)) => Some(number) == last.checked_add(1),
        (false, None) => true,
        (false, Some(last)) => number > last,
    };
    let outcome = Outcome::from_code(rest[10]).ok_or(NoBlock::Unsound)?;
    if !in_order {
        return Err(NoBlock::Unsound);
    }
    let mut samples = Vec::with_capacity(count);
    for r in records.chunks_exact(RECORD) {
        let key = u128::from_le_bytes(r[..16].try_into().unwrap_or_default());
        if State::from_key(game, key).is_none() {
            return Err(NoBlock::Unsound);
        }
        samples.push(Sample {
            key,
            score: i16::from_le_bytes([r[16], r[17]]),
            ply: u16::from_le_bytes([r[18], r[19]]),
        });
    }
    Ok((
        GameData {
            number,
            outcome,
            samples,
        },
        at + end,
    ))
}

/// A file's games as far as they are sound, and where and how it stops being sound.
struct Scan {
    games: Vec<GameData>,
    /// The first flaw, with the number of the game there and the sound games before it.
    flaw: Option<(Flaw, u32, usize)>,
    /// Sound games found after the first flaw.
    after: Vec<GameData>,
    /// Whether the last flaw runs to the end of the file.
    end_dropped: bool,
}

/// Reads the blocks from `at` on, the first numbered after `last`. Format 1 numbers its
/// games one after another from 0. After the first flaw the next sound block is looked for
/// at every later `GAME` (its checksum tells a real block from chance bytes); with
/// `past_flaws` its games are kept and every later flaw skipped the same way, else they are
/// only counted.
fn scan(
    bytes: &[u8],
    mut at: usize,
    version: u16,
    game: GameId,
    mut last: Option<u32>,
    past_flaws: bool,
) -> Scan {
    let mut result = Scan {
        games: Vec::new(),
        flaw: None,
        after: Vec::new(),
        end_dropped: false,
    };
    // Numbers run on one after another in format 1, until a flaw leaves a gap.
    let mut consecutive = version == 1 && last.is_none();
    while at < bytes.len() {
        match parse_block(bytes, at, version, game, last, consecutive) {
            Ok((data, next)) => {
                last = Some(data.number);
                if result.flaw.is_none() {
                    result.games.push(data);
                } else {
                    result.after.push(data);
                }
                at = next;
            }
            Err(why) => {
                let number = last.map_or(0, |n| n.saturating_add(1));
                let next = next_sound_block(bytes, at, version, game, last);
                let flaw = match (why, next) {
                    (_, Some(_)) => Flaw::Damaged,
                    (NoBlock::Cut, None) => Flaw::Cut,
                    (NoBlock::Unsound, None) => Flaw::Trailing {
                        bytes: (bytes.len() - at) as u64,
                    },
                };
                if result.flaw.is_none() {
                    result.flaw = Some((flaw, number, result.games.len()));
                }
                match next {
                    Some(n) => at = n,
                    None => {
                        result.end_dropped = true;
                        break;
                    }
                }
                consecutive = false;
                if !past_flaws {
                    // Counts what follows without keeping it.
                    let rest = scan(bytes, at, version, game, last, true);
                    result.after = rest.games;
                    result.after.extend(rest.after);
                    result.end_dropped = rest.end_dropped;
                    break;
                }
            }
        }
    }
    result
}

/// The offset of the next sound block after `at` numbered after `last`, if there is one.
fn next_sound_block(
    bytes: &[u8],
    at: usize,
    version: u16,
    game: GameId,
    last: Option<u32>,
) -> Option<usize> {
    let mut from = at + 1;
    while from + BLOCK_HEADER <= bytes.len() {
        let found = bytes[from..]
            .windows(BLOCK_MAGIC.len())
            .position(|w| w == BLOCK_MAGIC)?;
        let start = from + found;
        if parse_block(bytes, start, version, game, last, false).is_ok() {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

/// A self-play file read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    /// How its games were played.
    pub header: Header,
    /// Its format version.
    pub version: u16,
    /// Its games, in order.
    pub games: Vec<GameData>,
}

/// Reads a whole self-play file, which must be sound to its last byte (see the module's
/// notes): any flaw is an error naming the game.
pub fn read(path: &Path) -> Result<Contents, DataError> {
    let bytes = open_regular(path, MAX_FILE_LENGTH)?.read_all()?;
    parse(&bytes)
}

/// Reads a whole self-play file from its bytes, as [`read`] does.
pub fn parse(bytes: &[u8]) -> Result<Contents, DataError> {
    let (header, version, start) = Header::parse(bytes)?;
    let scanned = scan(bytes, start, version, header.game, None, false);
    if let Some((flaw, game, before)) = scanned.flaw {
        return Err(DataError::Flawed {
            flaw,
            game,
            before,
            after: scanned.after.len(),
        });
    }
    Ok(Contents {
        header,
        version,
        games: scanned.games,
    })
}

/// What [`salvage`] found in a damaged file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Salvaged {
    /// The file's header, or the one given for a file whose header is damaged.
    pub header: Header,
    /// Whether the file's own header was damaged (and `header` the one given).
    pub header_damaged: bool,
    /// Every sound game, in order.
    pub games: Vec<GameData>,
    /// Whether the file ended in something that is not a sound game (a game cut short, or
    /// bytes that are no game), which was left out.
    pub end_dropped: bool,
}

/// Finds every sound game of a self-play file, whatever is damaged around them. A file
/// whose header is damaged is read as holding `fallback`'s game, and gets `fallback` as its
/// header.
pub fn salvage(path: &Path, fallback: &Header) -> Result<Salvaged, DataError> {
    let bytes = open_regular(path, MAX_FILE_LENGTH)?.read_all()?;
    salvage_bytes(&bytes, fallback)
}

/// [`salvage`] on a file's bytes.
pub fn salvage_bytes(bytes: &[u8], fallback: &Header) -> Result<Salvaged, DataError> {
    let (header, version, start, header_damaged) = match Header::parse(bytes) {
        Ok((header, version, start)) => (header, version, start, false),
        Err(DataError::HeaderDamaged) => {
            let version = u16_at(bytes, 8);
            (
                fallback.clone(),
                version,
                FIXED_HEADER.min(bytes.len()),
                true,
            )
        }
        Err(e) => return Err(e),
    };
    let at = if header_damaged {
        // The games start at the first sound block after the header's fixed fields.
        next_sound_block(bytes, start.saturating_sub(1), version, header.game, None)
            .unwrap_or(bytes.len())
    } else {
        start
    };
    let scanned = scan(bytes, at, version, header.game, None, true);
    let mut games = scanned.games;
    games.extend(scanned.after);
    Ok(Salvaged {
        header,
        header_damaged,
        games,
        end_dropped: scanned.end_dropped,
    })
}

/// A whole self-play file's bytes in the current format: its header and games.
pub fn file_bytes(header: &Header, games: &[GameData]) -> Vec<u8> {
    let mut out = header.to_bytes();
    for g in games {
        out.extend_from_slice(&g.to_bytes(VERSION));
    }
    out
}

/// What a [`Writer`] appends to: the data file (or, in tests, one that fills up).
trait Storage: Write + Seek + Send {
    /// Cuts it to `len` bytes.
    fn set_len(&self, len: u64) -> io::Result<()>;
    /// Flushes its data to the disk.
    fn sync_data(&self) -> io::Result<()>;
}

impl Storage for File {
    fn set_len(&self, len: u64) -> io::Result<()> {
        File::set_len(self, len)
    }
    fn sync_data(&self) -> io::Result<()> {
        File::sync_data(self)
    }
}

/// A self-play file open for appending whole games.
pub struct Writer {
    file: Box<dyn Storage>,
    version: u16,
    /// The length of the file's sound part: where the next game goes.
    end: u64,
    /// The number the next game must have.
    pub next: u32,
}

impl Writer {
    /// Creates the planned file with `header` and no game, in one step that never replaces
    /// a file (a full disk leaves nothing), and opens it to append games.
    pub fn create(output: &Planned, header: &Header) -> Result<Writer, CreateError> {
        output
            .write(&header.to_bytes())
            .map_err(CreateError::Write)?;
        let mut file = open_regular_to_update(output.destination(), MAX_FILE_LENGTH)
            .map_err(|e| CreateError::Data(e.into()))?
            .into_file();
        let end = header.to_bytes().len() as u64;
        file.seek(SeekFrom::Start(end))
            .map_err(|e| CreateError::Data(e.into()))?;
        Ok(Writer {
            file: Box::new(file),
            version: VERSION,
            end,
            next: 0,
        })
    }

    /// Opens `path` to go on with its games: it must be sound to its last byte and hold the
    /// same game, seed and player as `header`. The next game is numbered after its last.
    /// Nothing of the file is changed.
    pub fn resume(path: &Path, header: &Header) -> Result<Writer, DataError> {
        let opened = open_regular_to_update(path, MAX_FILE_LENGTH)?;
        let length = opened.length();
        let mut file = opened.into_file();
        let mut bytes = Vec::with_capacity(usize::try_from(length).unwrap_or(0));
        io::Read::read_to_end(&mut io::Read::take(&mut file, length), &mut bytes)?;
        let contents = parse(&bytes)?;
        if contents.header != *header {
            let found = &contents.header;
            return Err(DataError::Mismatch(format!(
                "{} with seed {} by {}, not {} with seed {} by {}",
                found.game, found.seed, found.player, header.game, header.seed, header.player
            )));
        }
        let end = bytes.len() as u64;
        file.seek(SeekFrom::Start(end))?;
        let next = contents
            .games
            .last()
            .map_or(0, |g| g.number.saturating_add(1));
        Ok(Writer {
            file: Box::new(file),
            version: contents.version,
            end,
            next,
        })
    }

    /// Appends a game (numbered `next`) and flushes it to disk. If the write fails (a full
    /// disk), the bytes it added are taken off again, so the file stays sound and resumable.
    pub fn append(&mut self, game: &GameData) -> Result<(), DataError> {
        debug_assert_eq!(game.number, self.next);
        let bytes = game.to_bytes(self.version);
        let written = self
            .file
            .write_all(&bytes)
            .and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            // Only this write's own bytes go: the file as it was before it.
            let _ = self
                .file
                .set_len(self.end)
                .and_then(|()| self.file.seek(SeekFrom::Start(self.end)).map(drop));
            return Err(e.into());
        }
        self.end += bytes.len() as u64;
        self.next += 1;
        Ok(())
    }
}

/// Why a new self-play file could not be created.
#[derive(Debug)]
pub enum CreateError {
    /// Writing its header failed (nothing is left behind).
    Write(crate::files::output::WriteError),
    /// It was written but could not be opened again.
    Data(DataError),
}

impl fmt::Display for CreateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreateError::Write(e) => e.fmt(f),
            CreateError::Data(e) => e.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::output::{Kind, Output, plan};

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

    fn header(seed: u64) -> Header {
        Header {
            game: GameId::Wudao,
            seed,
            player: "master:nodes=100".into(),
        }
    }

    fn new_file(path: &Path, header: &Header) -> Writer {
        let planned = plan(&[], &[Output::new("--out", path, Kind::New)]).expect("planned");
        Writer::create(&planned[0], header).expect("created")
    }

    #[test]
    fn games_come_back_and_a_resumed_run_goes_on_after_the_last() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.selfplay");
        let header = header(9);
        let mut writer = new_file(&path, &header);
        let games: Vec<GameData> = (0..3).map(|i| sample_game(i, 5 + i as usize)).collect();
        for g in &games[..2] {
            writer.append(g).expect("append");
        }
        drop(writer);
        let read_back = read(&path).expect("read");
        assert_eq!(
            (read_back.header, read_back.games),
            (header.clone(), games[..2].to_vec())
        );
        // Another seed refuses to resume.
        assert!(matches!(
            Writer::resume(
                &path,
                &Header {
                    seed: 10,
                    ..header.clone()
                }
            ),
            Err(DataError::Mismatch(_))
        ));
        let mut writer = Writer::resume(&path, &header).expect("resume");
        assert_eq!(writer.next, 2);
        writer.append(&games[2]).expect("append");
        drop(writer);
        assert_eq!(read(&path).expect("read").games, games);
    }

    /// A disk that holds `room` bytes: writes past it fail as a full disk does, after
    /// writing what fits.
    struct SmallDisk {
        bytes: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
        at: u64,
        room: usize,
    }

    impl Write for SmallDisk {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut bytes = self.bytes.lock().expect("the disk");
            let at = self.at as usize;
            let fits = self.room.saturating_sub(at).min(buf.len());
            if fits == 0 && !buf.is_empty() {
                return Err(io::Error::from(io::ErrorKind::StorageFull));
            }
            bytes.truncate(at);
            bytes.extend_from_slice(&buf[..fits]);
            self.at += fits as u64;
            Ok(fits)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Seek for SmallDisk {
        fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
            if let SeekFrom::Start(at) = to {
                self.at = at;
            }
            Ok(self.at)
        }
    }

    impl Storage for SmallDisk {
        fn set_len(&self, len: u64) -> io::Result<()> {
            self.bytes.lock().expect("the disk").truncate(len as usize);
            Ok(())
        }
        fn sync_data(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_takes_off_the_game_it_could_not_write() {
        let header = header(2);
        let start = header.to_bytes();
        let bytes = std::sync::Arc::new(std::sync::Mutex::new(start.clone()));
        let games: Vec<GameData> = (0..3).map(|i| sample_game(i, 6)).collect();
        let block = games[0].to_bytes(VERSION).len();
        let mut writer = Writer {
            file: Box::new(SmallDisk {
                bytes: bytes.clone(),
                at: start.len() as u64,
                room: start.len() + block + block / 2,
            }),
            version: VERSION,
            end: start.len() as u64,
            next: 0,
        };
        writer.append(&games[0]).expect("room for one game");
        let full = writer.append(&games[1]);
        assert!(
            matches!(&full, Err(DataError::Io(e)) if e.kind == io::ErrorKind::StorageFull),
            "{full:?}"
        );
        // The half-written game is gone: the file is sound, with the game that fitted.
        let left = bytes.lock().expect("the disk").clone();
        assert_eq!(parse(&left).expect("sound").games, games[..1]);
        assert_eq!(writer.next, 1);
    }

    #[test]
    fn a_cut_last_game_is_an_error_and_resuming_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.selfplay");
        let header = header(1);
        let mut writer = new_file(&path, &header);
        for i in 0..3 {
            writer.append(&sample_game(i, 6)).expect("append");
        }
        drop(writer);
        let bytes = std::fs::read(&path).expect("bytes");
        std::fs::write(&path, &bytes[..bytes.len() - 7]).expect("cut");
        let cut = DataError::Flawed {
            flaw: Flaw::Cut,
            game: 2,
            before: 2,
            after: 0,
        };
        assert_eq!(read(&path), Err(cut.clone()));
        assert_eq!(Writer::resume(&path, &header).err(), Some(cut));
        assert_eq!(
            std::fs::read(&path).expect("bytes"),
            bytes[..bytes.len() - 7]
        );
    }

    #[test]
    fn damage_in_the_middle_names_the_game_and_salvage_keeps_the_rest() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("w.selfplay");
        let header = header(1);
        let mut writer = new_file(&path, &header);
        let games: Vec<GameData> = (0..12).map(|i| sample_game(i, 20)).collect();
        for g in &games {
            writer.append(g).expect("append");
        }
        drop(writer);
        let mut bytes = std::fs::read(&path).expect("bytes");
        let block = BLOCK_HEADER + 20 * RECORD;
        let at = header.to_bytes().len() + 3 * block + BLOCK_HEADER + 5;
        bytes[at] ^= 0x40;
        std::fs::write(&path, &bytes).expect("write");
        assert_eq!(
            read(&path),
            Err(DataError::Flawed {
                flaw: Flaw::Damaged,
                game: 3,
                before: 3,
                after: 8
            })
        );
        let salvaged = salvage(&path, &header).expect("salvaged");
        let mut sound = games.clone();
        sound.remove(3);
        assert_eq!(salvaged.games, sound);
        assert!(!salvaged.header_damaged);
        // Garbage after the last game.
        let mut longer = file_bytes(&header, &games);
        longer.extend_from_slice(b"junk");
        assert!(matches!(
            parse(&longer),
            Err(DataError::Flawed {
                flaw: Flaw::Trailing { bytes: 4 },
                game: 12,
                ..
            })
        ));
        std::fs::write(&path, b"SQWEIGHT and more").expect("write");
        assert_eq!(read(&path), Err(DataError::NotData));
    }

    #[test]
    fn a_damaged_header_is_named_and_salvage_takes_the_header_given() {
        let header = header(4);
        let games: Vec<GameData> = (0..3).map(|i| sample_game(i, 4)).collect();
        let mut bytes = file_bytes(&header, &games);
        bytes[14] ^= 1;
        assert_eq!(parse(&bytes), Err(DataError::HeaderDamaged));
        let salvaged = salvage_bytes(&bytes, &header).expect("salvaged");
        assert!(salvaged.header_damaged);
        assert_eq!((salvaged.header, salvaged.games), (header, games));
    }

    #[test]
    fn format_1_files_are_still_read() {
        let header = header(3);
        let games: Vec<GameData> = (0..3).map(|i| sample_game(i, 4)).collect();
        let mut bytes = header.fields(1);
        for g in &games {
            bytes.extend_from_slice(&g.to_bytes(1));
        }
        let contents = parse(&bytes).expect("read");
        assert_eq!((contents.version, contents.games), (1, games));
        // Its reserved byte must be 0.
        let mut odd = bytes.clone();
        odd[11] = 1;
        assert_eq!(parse(&odd), Err(DataError::NotData));
    }
}
