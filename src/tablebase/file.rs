//! The table file and the checkpoint file: their formats, atomic writing, verification, and
//! positional reads for probing.
//!
//! **Table** (`flying-5x5.sanqi-table`): a 256-byte header, then two bytes per class in
//! class order, the value byte and the flip-distance byte (see [`super::generate`]). The
//! header holds a magic string, the format version, the board size and piece count, the
//! number of classes, the figures of the solve and the CRC-32 of the data; its last four
//! bytes are the CRC-32 of the rest of the header. Opening a table checks all of it, reading
//! the whole file once; probing then reads two bytes at a time at their offset, so the table
//! never has to be in memory (the system's file cache keeps the parts in use).
//!
//! **Checkpoint** (the table's name plus `.partial`, in the same folder): a header with the
//! step of the analysis, how far it got and the time spent, then the working bytes, then the
//! CRC-32 of everything before it.
//!
//! Both are written to a temporary file in the same folder, flushed, and renamed over the
//! target, so a reader never sees half a file.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::generate::{Bytes, Mark, Solver, Step};
use super::index::Indexer;
use super::play::Entry;
use super::{Board, CheckpointError, Damage, Figures, Inconsistency, TableError};
use crate::files::{ReadError, open_regular, read_regular_file, write_atomic_with};

const TABLE_MAGIC: &[u8; 8] = b"SANQI-TB";
const CHECKPOINT_MAGIC: &[u8; 8] = b"SANQI-CP";
/// The table format this build writes and reads.
pub const TABLE_VERSION: u32 = 1;
const CHECKPOINT_VERSION: u32 = 1;
/// Bytes before the first class.
pub const HEADER_LEN: u64 = 256;
const CHECKPOINT_HEADER_LEN: usize = 64;
/// More than the largest table (5×5 with 12 pieces) holds.
const MAX_TABLE_LENGTH: u64 = 1 << 33;
/// More than the largest checkpoint (three bytes a class) holds.
const MAX_CHECKPOINT_LENGTH: u64 = 1 << 35;
/// Bytes written or hashed at a time.
const BLOCK: usize = 1 << 22;

/// A little-endian field writer for headers.
struct Fields(Vec<u8>);

impl Fields {
    fn put(&mut self, bytes: &[u8]) -> &mut Fields {
        self.0.extend_from_slice(bytes);
        self
    }
    fn u64(&mut self, v: u64) -> &mut Fields {
        self.put(&v.to_le_bytes())
    }
    fn u32(&mut self, v: u32) -> &mut Fields {
        self.put(&v.to_le_bytes())
    }
}

/// A little-endian field reader for headers; past the end it reads zeros (the callers check
/// the length first).
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let (head, rest) = self.0.split_at(n.min(self.0.len()));
        self.0 = rest;
        head
    }
    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut b = [0; N];
        let head = self.take(N);
        b[..head.len()].copy_from_slice(head);
        b
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.bytes())
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.bytes())
    }
    fn u8(&mut self) -> u8 {
        self.bytes::<1>()[0]
    }
}

/// The header of a table, without its checksum.
fn table_header(board: Board, figures: &Figures, data_crc: u32) -> Vec<u8> {
    let mut f = Fields(Vec::with_capacity(HEADER_LEN as usize));
    f.put(TABLE_MAGIC)
        .u32(TABLE_VERSION)
        .put(&[board.size, board.pieces, 0, 0])
        .u64(figures.entries)
        .u64(figures.positions)
        .u64(figures.wins.positions)
        .u64(figures.losses.positions)
        .u64(figures.draws.positions)
        .u64(figures.wins.classes)
        .u64(figures.losses.classes)
        .u64(figures.draws.classes)
        .u32(figures.longest_win)
        .u32(figures.longest_loss)
        .u32(figures.max_dtz_win)
        .u32(figures.max_dtz_loss)
        .u64(figures.solve_time.as_millis() as u64)
        .u32(data_crc)
        .u64(figures.wins_past_limit.positions)
        .u64(figures.wins_past_limit.classes)
        .u64(figures.losses_past_limit.positions)
        .u64(figures.losses_past_limit.classes);
    debug_assert!(f.0.len() <= HEADER_LEN as usize - 4);
    f.0.resize(HEADER_LEN as usize - 4, 0);
    f.0
}

fn parse_table_header(bytes: &[u8]) -> Result<(Board, Figures, u32), Damage> {
    if bytes.len() < HEADER_LEN as usize || &bytes[..8] != TABLE_MAGIC {
        return Err(Damage::NotATable);
    }
    let (body, crc) = bytes[..HEADER_LEN as usize].split_at(HEADER_LEN as usize - 4);
    let mut r = Reader(&bytes[8..]);
    let version = r.u32();
    if version > TABLE_VERSION {
        return Err(Damage::NewerVersion {
            found: version,
            known: TABLE_VERSION,
        });
    }
    let mut c = [0; 4];
    c.copy_from_slice(crc);
    if crc32fast::hash(body) != u32::from_le_bytes(c) {
        return Err(Damage::HeaderChecksum);
    }
    let size = r.u8();
    let pieces = r.u8();
    r.take(2);
    let board = Board::new(size, pieces).ok_or(Damage::UnknownBoard)?;
    let mut figures = Figures {
        entries: r.u64(),
        positions: r.u64(),
        ..Figures::default()
    };
    figures.wins.positions = r.u64();
    figures.losses.positions = r.u64();
    figures.draws.positions = r.u64();
    figures.wins.classes = r.u64();
    figures.losses.classes = r.u64();
    figures.draws.classes = r.u64();
    figures.longest_win = r.u32();
    figures.longest_loss = r.u32();
    figures.max_dtz_win = r.u32();
    figures.max_dtz_loss = r.u32();
    figures.solve_time = Duration::from_millis(r.u64());
    let data_crc = r.u32();
    figures.wins_past_limit.positions = r.u64();
    figures.wins_past_limit.classes = r.u64();
    figures.losses_past_limit.positions = r.u64();
    figures.losses_past_limit.classes = r.u64();
    Ok((board, figures, data_crc))
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Hashing<'a> {
    inner: &'a mut dyn Write,
    hasher: crc32fast::Hasher,
}

impl Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the finished table: header and data, in one atomic step.
pub fn write_table(
    path: &Path,
    board: Board,
    figures: &Figures,
    values: &Bytes,
    dtz: &Bytes,
) -> io::Result<()> {
    // The data's checksum goes in the header, before the data: compute it first.
    let mut hasher = crc32fast::Hasher::new();
    let mut block = Vec::with_capacity(BLOCK);
    for_each_data_block(values, dtz, &mut block, |b| {
        hasher.update(b);
        Ok(())
    })?;
    let data_crc = hasher.finalize();
    let mut header = table_header(board, figures, data_crc);
    let header_crc = crc32fast::hash(&header);
    header.extend_from_slice(&header_crc.to_le_bytes());
    write_atomic_with(path, |out| {
        out.write_all(&header)?;
        for_each_data_block(values, dtz, &mut block, |b| out.write_all(b))
    })
}

/// The table's data (value and flip distance of each class, interleaved) in blocks.
fn for_each_data_block(
    values: &Bytes,
    dtz: &Bytes,
    block: &mut Vec<u8>,
    mut visit: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let len = values.len() as usize;
    let mut done = 0;
    for w in 0..values.word_count() {
        let (v, z) = (values.word(w).to_le_bytes(), dtz.word(w).to_le_bytes());
        for b in 0..8 {
            if done == len {
                break;
            }
            block.push(v[b]);
            block.push(z[b]);
            done += 1;
        }
        if block.len() >= BLOCK {
            visit(block)?;
            block.clear();
        }
    }
    if !block.is_empty() {
        visit(block)?;
        block.clear();
    }
    Ok(())
}

/// How much of a table to check when opening it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The header, the length and the checksum of all the data (one read of the whole file).
    Full,
    /// The header and the length, and the data's checksum only if no record beside the table
    /// says it was verified at this size and modification time (see [`verified_path`]). A
    /// full check writes that record.
    Once,
}

/// The record of a table's verified checksum: the table's name plus `.verified`, in the
/// folder of the path the table was opened by (so a link to a read-only table keeps its
/// record beside the link).
pub fn verified_path(table: &Path) -> PathBuf {
    let mut name = table
        .file_name()
        .map_or_else(|| "table".into(), |n| n.to_os_string());
    name.push(".verified");
    table.with_file_name(name)
}

const VERIFIED_MAGIC: &str = "sanqi-table-verified 1";
/// More than a record of a verified table ever holds.
const VERIFIED_MAX_LENGTH: u64 = 256;

/// What the record says about a verified table: its length, its modification time in
/// nanoseconds since 1970 and the checksum of its data.
fn verified_record(length: u64, modified: u128, data_crc: u32) -> String {
    format!("{VERIFIED_MAGIC} length {length} modified {modified} data-crc {data_crc:08x}\n")
}

fn modified_nanos(metadata: &fs::Metadata) -> Option<u128> {
    let modified = metadata.modified().ok()?;
    Some(
        modified
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_nanos(),
    )
}

/// An open, verified table file.
pub struct TableFile {
    file: File,
    path: PathBuf,
    board: Board,
    figures: Figures,
    entries: u64,
}

impl TableFile {
    /// Opens a table with the given check: its header and its length, and the checksum of
    /// all its data unless [`Check::Once`] finds it verified already.
    pub fn open_with(path: &Path, check: Check) -> Result<TableFile, TableError> {
        let corrupt = |reason: Damage| TableError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let io_error = |e: io::Error| TableError::Io {
            path: path.to_path_buf(),
            reason: e.into(),
        };
        let opened = match open_regular(path, MAX_TABLE_LENGTH) {
            Ok(opened) => opened,
            Err(ReadError::NotFound) => {
                return Err(TableError::Missing {
                    path: path.to_path_buf(),
                });
            }
            Err(reason) => {
                return Err(TableError::Io {
                    path: path.to_path_buf(),
                    reason,
                });
            }
        };
        let metadata = opened.metadata().clone();
        let mut file = opened.reader().into_inner();
        let length = metadata.len();
        let mut header = Vec::with_capacity(HEADER_LEN as usize);
        (&mut file)
            .take(HEADER_LEN)
            .read_to_end(&mut header)
            .map_err(io_error)?;
        if !header.starts_with(TABLE_MAGIC) {
            return Err(corrupt(Damage::NotATable));
        }
        if length < HEADER_LEN || header.len() < HEADER_LEN as usize {
            return Err(corrupt(Damage::TooShort));
        }
        let (board, figures, data_crc) = parse_table_header(&header).map_err(corrupt)?;
        let entries = figures.entries;
        if entries != board.entries() {
            return Err(corrupt(Damage::HeaderBoard));
        }
        if length != HEADER_LEN + 2 * entries {
            return Err(corrupt(Damage::Length {
                length,
                expected: HEADER_LEN + 2 * entries,
            }));
        }
        let record = modified_nanos(&metadata).map(|m| verified_record(length, m, data_crc));
        let trusted = check == Check::Once
            && record.as_ref().is_some_and(|record| {
                read_regular_file(&verified_path(path), VERIFIED_MAX_LENGTH)
                    .is_ok_and(|kept| kept == record.as_bytes())
            });
        if !trusted {
            let mut hasher = crc32fast::Hasher::new();
            let mut block = vec![0; BLOCK];
            loop {
                let n = file.read(&mut block).map_err(io_error)?;
                if n == 0 {
                    break;
                }
                hasher.update(&block[..n]);
            }
            if hasher.finalize() != data_crc {
                // A record of an earlier check must not outlive the damage.
                let _ = fs::remove_file(verified_path(path));
                return Err(corrupt(Damage::DataChecksum));
            }
            if check == Check::Once
                && let Some(record) = record
            {
                // Without the record the next open checks everything again: no harm.
                let _ =
                    write_atomic_with(&verified_path(path), |out| out.write_all(record.as_bytes()));
            }
        }
        Ok(TableFile {
            file,
            path: path.to_path_buf(),
            board,
            figures,
            entries,
        })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn figures(&self) -> &Figures {
        &self.figures
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The entry of a class, read from the file.
    pub fn entry(&self, index: u64) -> Result<Entry, TableError> {
        if index >= self.entries {
            return Err(TableError::Inconsistent(Inconsistency::OutsideTable(index)));
        }
        let mut pair = [0; 2];
        read_exact_at(&self.file, &mut pair, HEADER_LEN + 2 * index).map_err(|e| {
            TableError::Io {
                path: self.path.clone(),
                reason: e.into(),
            }
        })?;
        Ok(Entry {
            value: pair[0],
            dtz: pair[1],
        })
    }
}

/// Reads exactly `buf.len()` bytes at `offset` without moving a shared cursor.
#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

/// Reads exactly `buf.len()` bytes at `offset` without moving a shared cursor.
#[cfg(windows)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    let mut done = 0;
    while done < buf.len() {
        let n =
            std::os::windows::fs::FileExt::seek_read(file, &mut buf[done..], offset + done as u64)?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        done += n;
    }
    Ok(())
}

/// Reads exactly `buf.len()` bytes at `offset` (a fresh handle, so no cursor is shared).
#[cfg(not(any(unix, windows)))]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let mut file = file.try_clone()?;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

/// The checkpoint's path for a table path: the same name with `.partial` added.
pub fn checkpoint_path(table: &Path) -> PathBuf {
    let mut name = table
        .file_name()
        .map_or_else(|| "table".into(), |n| n.to_os_string());
    name.push(".partial");
    table.with_file_name(name)
}

/// Saves the working state of an analysis, with the time spent on it so far.
pub fn write_checkpoint(path: &Path, solver: &Solver, elapsed: Duration) -> io::Result<()> {
    let board = Board::of(&solver.indexer);
    let (kind, d) = solver.mark.step.code();
    let mut f = Fields(Vec::with_capacity(CHECKPOINT_HEADER_LEN));
    f.put(CHECKPOINT_MAGIC)
        .u32(CHECKPOINT_VERSION)
        .put(&[board.size, board.pieces, u8::from(solver.dtz.is_some()), 0])
        .u64(solver.indexer.entries())
        .u32(kind)
        .u32(d)
        .u64(solver.mark.chunks_done)
        .u64(solver.mark.found)
        .u64(elapsed.as_millis() as u64);
    debug_assert!(f.0.len() <= CHECKPOINT_HEADER_LEN);
    f.0.resize(CHECKPOINT_HEADER_LEN, 0);
    write_atomic_with(path, |out| {
        let mut out = Hashing {
            inner: out,
            hasher: crc32fast::Hasher::new(),
        };
        out.write_all(&f.0)?;
        let mut arrays = vec![&solver.values, &solver.counters];
        if let Some(dtz) = &solver.dtz {
            arrays.push(dtz);
        }
        let mut block = Vec::with_capacity(BLOCK);
        for bytes in arrays {
            for w in 0..bytes.word_count() {
                block.extend_from_slice(&bytes.word(w).to_le_bytes());
                if block.len() >= BLOCK {
                    out.write_all(&block)?;
                    block.clear();
                }
            }
            out.write_all(&block)?;
            block.clear();
        }
        let crc = out.hasher.clone().finalize();
        out.inner.write_all(&crc.to_le_bytes())
    })
}

/// Reads a checkpoint for `indexer`'s board: the working state and the time already spent.
/// Any problem (another board, a damaged file) is an error naming it.
pub fn read_checkpoint(
    path: &Path,
    indexer: std::sync::Arc<Indexer>,
) -> Result<(Solver, Duration), CheckpointError> {
    let io = |e: io::Error| CheckpointError::Io(ReadError::from(e));
    let mut file = open_regular(path, MAX_CHECKPOINT_LENGTH)
        .map_err(CheckpointError::Io)?
        .reader();
    let mut hasher = crc32fast::Hasher::new();
    let mut header = [0u8; CHECKPOINT_HEADER_LEN];
    file.read_exact(&mut header)
        .map_err(|_| CheckpointError::TooShort)?;
    hasher.update(&header);
    if &header[..8] != CHECKPOINT_MAGIC {
        return Err(CheckpointError::NotACheckpoint);
    }
    let mut r = Reader(&header[8..]);
    if r.u32() != CHECKPOINT_VERSION {
        return Err(CheckpointError::OtherFormat);
    }
    let (size, pieces, has_dtz) = (r.u8(), r.u8(), r.u8() != 0);
    r.take(1);
    let board = Board::of(&indexer);
    if (size, pieces) != (board.size, board.pieces) || r.u64() != indexer.entries() {
        return Err(CheckpointError::OtherBoard);
    }
    let step = Step::from_code(r.u32(), r.u32()).ok_or(CheckpointError::UnknownStep)?;
    let mark = Mark {
        step,
        chunks_done: r.u64(),
        found: r.u64(),
    };
    let elapsed = Duration::from_millis(r.u64());
    // The flip distances exist from the first chunk of their first step on.
    let dtz_expected = step.has_dtz() && !(step == Step::DtzStart && mark.chunks_done == 0);
    if has_dtz != dtz_expected {
        return Err(CheckpointError::StepMismatch);
    }
    let entries = indexer.entries();
    let words = entries.div_ceil(8) as usize;
    let mut read_array = |hasher: &mut crc32fast::Hasher| -> Result<Bytes, CheckpointError> {
        let mut out = Vec::with_capacity(words);
        let mut block = vec![0u8; BLOCK];
        while out.len() < words {
            let want = ((words - out.len()) * 8).min(BLOCK);
            file.read_exact(&mut block[..want])
                .map_err(|_| CheckpointError::CutShort)?;
            hasher.update(&block[..want]);
            out.extend(block[..want].chunks_exact(8).map(|c| {
                let mut w = [0; 8];
                w.copy_from_slice(c);
                u64::from_le_bytes(w)
            }));
        }
        Ok(Bytes::from_words(out, entries))
    };
    let values = read_array(&mut hasher)?;
    let counters = read_array(&mut hasher)?;
    let dtz = if has_dtz {
        Some(read_array(&mut hasher)?)
    } else {
        None
    };
    let mut crc = [0u8; 4];
    file.read_exact(&mut crc)
        .map_err(|_| CheckpointError::CutShort)?;
    if hasher.finalize() != u32::from_le_bytes(crc) {
        return Err(CheckpointError::Checksum);
    }
    let mut rest = [0u8; 1];
    if file.read(&mut rest).map_err(io)? != 0 {
        return Err(CheckpointError::TooLong);
    }
    Ok((
        Solver {
            indexer,
            values,
            counters,
            dtz,
            mark,
        },
        elapsed,
    ))
}
