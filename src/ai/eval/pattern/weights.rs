//! The weights file of a pattern evaluation, as `sanqi train` writes it and the program
//! embeds it (`assets/eval/GAME.weights`).
//!
//! Little-endian throughout: the 8 bytes `SQWEIGHT`; the format version (u16, now 2); the
//! game (u8: 0 Neihuang, 2 Wu Dao); a reserved 0 byte; the layout's fingerprint (u32, see
//! `Layout::fingerprint`); the number of weights (u32); the CRC-32 of the header's first 20
//! bytes followed by the weights' bytes (u32); then the weights, i16 each in
//! [`super::UNITS`] parts of a centipiece, bucket by bucket as the layout orders them. So
//! every byte is under the checksum. Format 1, which older builds wrote, is read too: its
//! checksum covers the weights alone, and each field of its header is checked on its own
//! (the reserved byte must be 0). The build checks the embedded files' header and checksum,
//! and loading checks them again together with the layout.

use std::fmt;

use super::Layout;
use crate::rules::GameId;

/// The weights built into the program.
pub(crate) static NEIHUANG: &[u8] = include_bytes!("../../../../assets/eval/neihuang.weights");
/// The weights built into the program.
pub(crate) static WUDAO: &[u8] = include_bytes!("../../../../assets/eval/wudao.weights");

/// The first bytes of every weights file.
pub(crate) const MAGIC: &[u8; 8] = b"SQWEIGHT";
/// The format version this program writes.
pub(crate) const VERSION: u16 = 2;
/// The oldest format version this program reads.
pub(crate) const OLDEST_VERSION: u16 = 1;
const HEADER: usize = 24;

/// A pattern evaluation's weights for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    game: GameId,
    values: Vec<i16>,
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Shorter than its header says.
    Truncated,
    /// Not a weights file.
    NotWeights,
    /// A version this program does not read.
    Version(u16),
    /// Weights of another game.
    OtherGame,
    /// Weights for another set of patterns (another version of the program).
    OtherLayout,
    /// The weights do not match their checksum: the file is damaged.
    Damaged,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Truncated => f.write_str("the weights file is cut short"),
            WeightsError::NotWeights => f.write_str("this is not a Sanqi weights file"),
            WeightsError::Version(v) => write!(f, "weights format version {v} is not supported"),
            WeightsError::OtherGame => f.write_str("the weights are for another game"),
            WeightsError::OtherLayout => f.write_str("the weights are for another set of patterns"),
            WeightsError::Damaged => {
                f.write_str("the weights file is damaged (its checksum does not match)")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

fn game_code(game: GameId) -> u8 {
    match game {
        GameId::Neihuang => 0,
        GameId::Flying => 1,
        GameId::Wudao => 2,
    }
}

impl Weights {
    /// Weights from values in centipieces (rounded to the stored unit, clamped to its
    /// range), for `layout`.
    pub(crate) fn from_centipieces(layout: &Layout, values: &[f64]) -> Weights {
        let units = f64::from(super::UNITS);
        Weights {
            game: layout.game,
            values: values
                .iter()
                .map(|v| {
                    (v * units)
                        .round()
                        .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
                })
                .collect(),
        }
    }

    /// The game they are for.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// The stored weights, in [`super::UNITS`] parts of a centipiece.
    pub fn values(&self) -> &[i16] {
        &self.values
    }

    /// Reads a weights file, checking it against the game's layout.
    pub fn parse(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let header = check_header(bytes)?;
        let game = match header.game {
            0 => GameId::Neihuang,
            2 => GameId::Wudao,
            _ => return Err(WeightsError::OtherGame),
        };
        let layout = super::layout(game).ok_or(WeightsError::OtherGame)?;
        if header.fingerprint != layout.fingerprint() || header.count as usize != layout.len() {
            return Err(WeightsError::OtherLayout);
        }
        let values = bytes[HEADER..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Weights { game, values })
    }

    /// Reads a weights file that must be for `game`.
    pub fn parse_for(game: GameId, bytes: &[u8]) -> Result<Weights, WeightsError> {
        let weights = Weights::parse(bytes)?;
        if weights.game != game {
            return Err(WeightsError::OtherGame);
        }
        Ok(weights)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let layout = super::layout(self.game);
        let fingerprint = layout.map_or(0, Layout::fingerprint);
        let mut data = Vec::with_capacity(self.values.len() * 2);
        for v in &self.values {
            data.extend_from_slice(&v.to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER + data.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(game_code(self.game));
        out.push(0);
        out.extend_from_slice(&fingerprint.to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u32).to_le_bytes());
        let crc = checksum(VERSION, &out, &data);
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&data);
        out
    }
}

/// The checksum of a weights file of format `version`: of the header's first 20 bytes and
/// the weights (format 2), or of the weights alone (format 1).
fn checksum(version: u16, head: &[u8], data: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    if version >= 2 {
        hasher.update(&head[..HEADER - 4]);
    }
    hasher.update(data);
    hasher.finalize()
}

/// What a weights file's header says.
pub(crate) struct Header {
    pub game: u8,
    pub fingerprint: u32,
    pub count: u32,
}

/// Checks a weights file's header, length and checksum (what the build checks too).
pub(crate) fn check_header(bytes: &[u8]) -> Result<Header, WeightsError> {
    if bytes.len() < HEADER {
        return Err(if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) {
            WeightsError::Truncated
        } else {
            WeightsError::NotWeights
        });
    }
    if &bytes[..8] != MAGIC {
        return Err(WeightsError::NotWeights);
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let version = u16_at(8);
    if !(OLDEST_VERSION..=VERSION).contains(&version) {
        return Err(WeightsError::Version(version));
    }
    let header = Header {
        game: bytes[10],
        fingerprint: u32_at(12),
        count: u32_at(16),
    };
    let data = &bytes[HEADER..];
    if data.len() != header.count as usize * 2 {
        return Err(if data.len() < header.count as usize * 2 {
            WeightsError::Truncated
        } else {
            WeightsError::Damaged
        });
    }
    if checksum(version, bytes, data) != u32_at(20) || bytes[11] != 0 {
        return Err(WeightsError::Damaged);
    }
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_come_back_from_their_bytes_and_damage_is_refused() {
        let layout = super::super::layout(GameId::Wudao).expect("a layout");
        let mut values = vec![0.0; layout.len()];
        values[7] = 12.5;
        values[layout.len() - 1] = -3.0;
        let weights = Weights::from_centipieces(layout, &values);
        let bytes = weights.to_bytes();
        assert_eq!(Weights::parse(&bytes), Ok(weights.clone()));
        assert_eq!(
            Weights::parse_for(GameId::Neihuang, &bytes),
            Err(WeightsError::OtherGame)
        );
        // One flipped bit in the weights, the header or the length.
        let mut flipped = bytes.clone();
        flipped[HEADER + 14] ^= 4;
        assert_eq!(Weights::parse(&flipped), Err(WeightsError::Damaged));
        assert_eq!(
            Weights::parse(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Truncated)
        );
        assert_eq!(Weights::parse(&bytes[..10]), Err(WeightsError::Truncated));
        assert_eq!(
            Weights::parse(b"not weights at all, sorry"),
            Err(WeightsError::NotWeights)
        );
        let mut other = bytes.clone();
        other[12] ^= 1;
        let crc = checksum(VERSION, &other, &other[HEADER..]);
        other[20..24].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(Weights::parse(&other), Err(WeightsError::OtherLayout));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Weights::parse(&version), Err(WeightsError::Version(9)));
        // Every byte of the header is under the checksum, the reserved one too.
        for at in [10, 11, 13, 17] {
            let mut changed = bytes.clone();
            changed[at] ^= 2;
            assert!(Weights::parse(&changed).is_err(), "byte {at}");
        }
    }

    #[test]
    fn format_1_weights_are_still_read() {
        let layout = super::super::layout(GameId::Neihuang).expect("a layout");
        let weights = Weights::from_centipieces(layout, &vec![1.5; layout.len()]);
        let mut old = weights.to_bytes();
        old[8] = 1;
        let crc = crc32fast::hash(&old[HEADER..]);
        old[20..24].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(Weights::parse(&old), Ok(weights));
        old[11] = 1;
        assert_eq!(Weights::parse(&old), Err(WeightsError::Damaged));
    }

    #[test]
    fn the_embedded_weights_are_sound() {
        for (game, bytes) in [(GameId::Neihuang, NEIHUANG), (GameId::Wudao, WUDAO)] {
            let weights = Weights::parse(bytes).expect("embedded weights");
            assert_eq!(weights.game(), game);
        }
    }
}
