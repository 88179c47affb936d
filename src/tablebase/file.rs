//! The table file and the checkpoint file: their formats, atomic writing, verification, and
//! positional reads for probing.
//!
//! **Table** (`flying-5x5.sanqi-table`, format 2): a 256-byte header, then two bytes per
//! class in class order, the value byte and the flip-distance byte (see
//! [`super::generate`]), then the CRC-32 of each block of [`BLOCK_LEN`] of those bytes (the
//! last block may be shorter), four bytes each. The header holds a magic string, the format
//! version, the board size and piece count, the number of classes, the figures of the solve
//! and the block length; its last four bytes are the CRC-32 of the rest of the header.
//!
//! Opening a table reads its header only and checks it and the file's length, so it takes
//! moments whatever the table's size ([`Check::Full`] checks every block at once too).
//! Probing reads two bytes at their offset, so the table never has to be in memory (the
//! system's file cache keeps the parts in use); the first read in a block reads the whole
//! block and checks it against its checksum, so that a damaged block is never served. The
//! first damage found, or a failed read, stops the table: every later read gives the same
//! error ([`TableFile::failure`]).
//!
//! **Checkpoint** (the table's name plus `.partial`, in the same folder): a header with the
//! step of the analysis, how far it got and the time spent, then the working bytes, then the
//! CRC-32 of everything before it.
//!
//! Both are written to a temporary file in the same folder, flushed, and renamed over the
//! target, so a reader never sees half a file.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::generate::{Bytes, Mark, Solver, Step};
use super::index::Indexer;
use super::play::Entry;
use super::{Board, CheckpointError, Damage, Figures, Inconsistency, TableError};
use crate::files::fs::File;
use crate::files::{ReadError, open_regular, write_atomic_with};

const TABLE_MAGIC: &[u8; 8] = b"SANQI-TB";
const CHECKPOINT_MAGIC: &[u8; 8] = b"SANQI-CP";
/// The table format this build writes and reads: 2, with a checksum per block (format 1 had
/// one checksum for all the data).
pub const TABLE_VERSION: u32 = 2;
const CHECKPOINT_VERSION: u32 = 1;
/// Bytes before the first class.
pub const HEADER_LEN: u64 = 256;
/// Bytes of data per checksum: 2,048 classes. A probe's first read in a block reads and
/// checks this much, about what the system reads from a disk for two bytes anyway.
pub const BLOCK_LEN: u64 = 4096;
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
fn table_header(board: Board, figures: &Figures) -> Vec<u8> {
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
        .u32(BLOCK_LEN as u32)
        .u64(figures.wins_past_limit.positions)
        .u64(figures.wins_past_limit.classes)
        .u64(figures.losses_past_limit.positions)
        .u64(figures.losses_past_limit.classes);
    debug_assert!(f.0.len() <= HEADER_LEN as usize - 4);
    f.0.resize(HEADER_LEN as usize - 4, 0);
    f.0
}

fn parse_table_header(bytes: &[u8]) -> Result<(Board, Figures), Damage> {
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
    if version < TABLE_VERSION {
        return Err(Damage::OlderVersion {
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
    let block_len = r.u32();
    if u64::from(block_len) != BLOCK_LEN {
        return Err(Damage::BlockLength(block_len));
    }
    figures.wins_past_limit.positions = r.u64();
    figures.wins_past_limit.classes = r.u64();
    figures.losses_past_limit.positions = r.u64();
    figures.losses_past_limit.classes = r.u64();
    Ok((board, figures))
}

/// The number of checksummed blocks of a table of `entries` classes.
fn block_count(entries: u64) -> u64 {
    (2 * entries).div_ceil(BLOCK_LEN)
}

/// The length of the file of a table of `entries` classes.
fn table_length(entries: u64) -> u64 {
    HEADER_LEN + 2 * entries + 4 * block_count(entries)
}

/// The checksums of consecutive blocks of [`BLOCK_LEN`] bytes of a stream given in pieces
/// of any length.
struct BlockSums {
    sums: Vec<u32>,
    hasher: crc32fast::Hasher,
    filled: u64,
}

impl BlockSums {
    fn new(blocks: u64) -> BlockSums {
        BlockSums {
            sums: Vec::with_capacity(usize::try_from(blocks).unwrap_or(0)),
            hasher: crc32fast::Hasher::new(),
            filled: 0,
        }
    }

    fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let take = (BLOCK_LEN - self.filled).min(bytes.len() as u64) as usize;
            self.hasher.update(&bytes[..take]);
            self.filled += take as u64;
            bytes = &bytes[take..];
            if self.filled == BLOCK_LEN {
                let hasher = std::mem::take(&mut self.hasher);
                self.sums.push(hasher.finalize());
                self.filled = 0;
            }
        }
    }

    /// The checksums, the last block's too if it is short.
    fn finish(mut self) -> Vec<u32> {
        if self.filled > 0 {
            self.sums.push(self.hasher.finalize());
        }
        self.sums
    }
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

/// Writes the finished table: header, data and the blocks' checksums, in one atomic step.
pub fn write_table(
    path: &Path,
    board: Board,
    figures: &Figures,
    values: &Bytes,
    dtz: &Bytes,
) -> io::Result<()> {
    let mut header = table_header(board, figures);
    let header_crc = crc32fast::hash(&header);
    header.extend_from_slice(&header_crc.to_le_bytes());
    let mut block = Vec::with_capacity(BLOCK);
    write_atomic_with(path, |out| {
        out.write_all(&header)?;
        let mut sums = BlockSums::new(block_count(values.len()));
        for_each_data_block(values, dtz, &mut block, |b| {
            sums.update(b);
            out.write_all(b)
        })?;
        for sum in sums.finish() {
            out.write_all(&sum.to_le_bytes())?;
        }
        Ok(())
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
    /// The header, the length and every block against its checksum (one read of the whole
    /// file).
    Full,
    /// The header and the length; each block is checked once, the first time it is read.
    Once,
}

/// The file an older build kept beside the table, the table's name plus `.verified`: the
/// record of a full check, which format 2's checksums per block made needless. A new build
/// of the table removes it; nothing reads it.
pub fn legacy_verified_path(table: &Path) -> PathBuf {
    let mut name = table
        .file_name()
        .map_or_else(|| "table".into(), |n| n.to_os_string());
    name.push(".verified");
    table.with_file_name(name)
}

/// An open table file whose header has been checked.
pub struct TableFile {
    file: File,
    path: PathBuf,
    board: Board,
    figures: Figures,
    entries: u64,
    /// One bit per block: set once the block has been read and found to match its checksum.
    checked: Box<[AtomicU64]>,
    /// The first damage or failed read found; the table answers nothing after it.
    failure: OnceLock<TableError>,
}

impl TableFile {
    /// Opens a table: its header and its length, and with [`Check::Full`] every block
    /// against its checksum.
    pub fn open_with(path: &Path, check: Check) -> Result<TableFile, TableError> {
        let corrupt = |reason: Damage| TableError::Corrupt {
            path: path.to_path_buf(),
            reason,
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
        let length = opened.length();
        let mut header = Vec::with_capacity(HEADER_LEN as usize);
        let mut reader = opened.reader();
        (&mut reader)
            .take(HEADER_LEN)
            .read_to_end(&mut header)
            .map_err(|e| TableError::Io {
                path: path.to_path_buf(),
                reason: e.into(),
            })?;
        let file = reader.into_inner();
        if !header.starts_with(TABLE_MAGIC) {
            return Err(corrupt(Damage::NotATable));
        }
        if header.len() < HEADER_LEN as usize {
            return Err(corrupt(Damage::TooShort));
        }
        let (board, figures) = parse_table_header(&header).map_err(corrupt)?;
        let entries = figures.entries;
        if entries != board.entries() {
            return Err(corrupt(Damage::HeaderBoard));
        }
        let expected = table_length(entries);
        if length != expected {
            return Err(corrupt(Damage::Length { length, expected }));
        }
        let words = block_count(entries).div_ceil(64) as usize;
        let table = TableFile {
            file,
            path: path.to_path_buf(),
            board,
            figures,
            entries,
            checked: (0..words).map(|_| AtomicU64::new(0)).collect(),
            failure: OnceLock::new(),
        };
        if check == Check::Full {
            table.check_all()?;
        }
        Ok(table)
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

    /// The damage or failed read that stopped the table, if one did.
    pub fn failure(&self) -> Option<&TableError> {
        self.failure.get()
    }

    /// Stops the table with `error` (unless it was stopped already) and returns the error
    /// that stopped it.
    pub fn fail(&self, error: TableError) -> TableError {
        self.failure.get_or_init(|| error).clone()
    }

    /// The entry of a class, read from the file; its block is checked first if it has not
    /// been yet.
    pub fn entry(&self, index: u64) -> Result<Entry, TableError> {
        if index >= self.entries {
            return Err(TableError::Inconsistent(Inconsistency::OutsideTable(index)));
        }
        if let Some(failure) = self.failure() {
            return Err(failure.clone());
        }
        let offset = 2 * index;
        let block = offset / BLOCK_LEN;
        let mut pair = [0; 2];
        if self.is_checked(block) {
            read_exact_at(&self.file, &mut pair, HEADER_LEN + offset)
                .map_err(|e| self.read_failure(e))?;
        } else {
            let mut bytes = [0; BLOCK_LEN as usize];
            let at = (offset - block * BLOCK_LEN) as usize;
            let data = self.check_block(block, &mut bytes)?;
            pair.copy_from_slice(&data[at..at + 2]);
        }
        Ok(Entry {
            value: pair[0],
            dtz: pair[1],
        })
    }

    fn is_checked(&self, block: u64) -> bool {
        let (word, bit) = ((block / 64) as usize, block % 64);
        self.checked[word].load(Ordering::Relaxed) & (1 << bit) != 0
    }

    fn set_checked(&self, block: u64) {
        let (word, bit) = ((block / 64) as usize, block % 64);
        self.checked[word].fetch_or(1 << bit, Ordering::Relaxed);
    }

    /// The length of a block's data: [`BLOCK_LEN`], or less for the last.
    fn block_len(&self, block: u64) -> usize {
        (2 * self.entries - block * BLOCK_LEN).min(BLOCK_LEN) as usize
    }

    /// Where the checksum of `block` is.
    fn checksum_offset(&self, block: u64) -> u64 {
        HEADER_LEN + 2 * self.entries + 4 * block
    }

    /// Reads `block` into `bytes` and checks it against its checksum; returns its data.
    fn check_block<'b>(
        &self,
        block: u64,
        bytes: &'b mut [u8; BLOCK_LEN as usize],
    ) -> Result<&'b [u8], TableError> {
        let data = &mut bytes[..self.block_len(block)];
        let mut sum = [0; 4];
        read_exact_at(&self.file, data, HEADER_LEN + block * BLOCK_LEN)
            .and_then(|()| read_exact_at(&self.file, &mut sum, self.checksum_offset(block)))
            .map_err(|e| self.read_failure(e))?;
        if crc32fast::hash(data) != u32::from_le_bytes(sum) {
            return Err(self.damaged(block));
        }
        self.set_checked(block);
        Ok(data)
    }

    /// Checks every block, reading the file in large pieces.
    fn check_all(&self) -> Result<(), TableError> {
        let blocks = block_count(self.entries);
        let per_piece = (BLOCK as u64) / BLOCK_LEN;
        let mut data = vec![0; BLOCK];
        let mut sums = vec![0; 4 * per_piece as usize];
        let mut first = 0;
        while first < blocks {
            let count = per_piece.min(blocks - first);
            let start = first * BLOCK_LEN;
            let length = (2 * self.entries - start).min(count * BLOCK_LEN) as usize;
            let sums = &mut sums[..4 * count as usize];
            read_exact_at(&self.file, &mut data[..length], HEADER_LEN + start)
                .and_then(|()| read_exact_at(&self.file, sums, self.checksum_offset(first)))
                .map_err(|e| self.read_failure(e))?;
            for (k, (piece, sum)) in data[..length]
                .chunks(BLOCK_LEN as usize)
                .zip(sums.chunks_exact(4))
                .enumerate()
            {
                let block = first + k as u64;
                if crc32fast::hash(piece).to_le_bytes() != sum {
                    return Err(self.damaged(block));
                }
                self.set_checked(block);
            }
            first += count;
        }
        Ok(())
    }

    fn damaged(&self, block: u64) -> TableError {
        self.fail(TableError::Corrupt {
            path: self.path.clone(),
            reason: Damage::BlockChecksum { block },
        })
    }

    fn read_failure(&self, e: io::Error) -> TableError {
        self.fail(TableError::Io {
            path: self.path.clone(),
            reason: e.into(),
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
