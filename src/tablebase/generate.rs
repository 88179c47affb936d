//! Retrograde analysis: the exact value of every class, then the distance to the next flip.
//!
//! **Values.** One byte per class: 0 while unknown (and at the end for a draw), `d + 1` once
//! the side to move is known to win (`d` odd) or lose (`d` even) in `d` plies, 255 for an
//! unused entry. A second byte per class counts the moves not yet known to lose. The first
//! pass finds the positions without a move (lost in 0) and sets every counter. Then, ply by
//! ply: every predecessor of a position lost in `d` that is still unknown wins in `d + 1`;
//! every predecessor of a position won in `d + 1` loses one from its counter, and when the
//! counter reaches zero all its moves lose, so it is lost in `d + 2`. What remains unknown
//! when a ply finds no new loss is a draw.
//!
//! **Distance to the next flip (DTZ).** Under the 100-turn rule a win must keep flipping.
//! For a won position, the fewest plies, playing only moves that keep the win, until a move
//! flips something or wins; for a lost position, the most plies the loser can stretch that to
//! (a flip by either side ends the count). Won positions with a winning flip or a winning
//! move are at 1; lost positions at 0 (no move) or 1 (every move flips); the rest follow by
//! the same retrograde scheme, over moves that flip nothing, with the counters reset to the
//! number of such moves of each lost position.
//!
//! **Symmetry and the counters.** Un-moves are generated from each class's representative
//! only. A predecessor found that way stands for one member of its class moving onto the
//! representative, so a class's counter starts at the number of members of its orbit that move
//! onto each successor class's representative. That is the number of moves weighted by
//! |stabiliser(successor)| / |stabiliser(position)| (1 but for a few symmetric positions).
//!
//! **Work and memory.** Each ply is a pass over the classes in chunks; threads take chunks
//! from a shared counter and update the bytes with atomic operations on 64-bit words. The
//! work of a pass is split into chunks so that a stop leaves a clean state: every chunk below
//! a mark is done, none above it is started, and the pass can continue from the mark. The
//! values, counters and flip distances take three bytes per class.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

use super::Inconsistency;
use super::geometry::Pos;
use super::index::Indexer;
use crate::files::IoFailure;

/// The most classes in a chunk of work.
pub const MAX_CHUNK: u64 = 1 << 16;

/// Classes per chunk for a table of `entries`: a multiple of 64, so that chunks never share
/// a word, and small enough on small boards that a stop is quick.
pub fn chunk_size(entries: u64) -> u64 {
    (entries / 256 / 64 * 64).clamp(64, MAX_CHUNK)
}

/// The value byte of an unused entry.
pub const UNUSED: u8 = u8::MAX;
/// The value byte of a draw (and of a class not yet known).
pub const DRAW: u8 = 0;
/// The flip-distance byte of a draw, an unused entry, or a class not yet known.
pub const NO_DTZ: u8 = u8::MAX;
/// The largest distance a value byte can hold.
pub const MAX_DISTANCE: u32 = 253;

/// Whether a value byte is a loss for the side to move.
#[inline]
pub fn is_loss(value: u8) -> bool {
    value != DRAW && value != UNUSED && (value - 1).is_multiple_of(2)
}

/// Whether a value byte is a win for the side to move.
#[inline]
pub fn is_win(value: u8) -> bool {
    value != DRAW && value != UNUSED && (value - 1) % 2 == 1
}

/// A byte per class, updated by several threads at once through 64-bit atomic words.
pub struct Bytes {
    words: Vec<AtomicU64>,
    len: u64,
}

const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

impl Bytes {
    /// `len` bytes, all `fill`.
    pub fn new(len: u64, fill: u8) -> Bytes {
        let word = LOW_BYTES * u64::from(fill);
        let words = (0..len.div_ceil(8)).map(|_| AtomicU64::new(word)).collect();
        Bytes { words, len }
    }

    /// The bytes of `words` (little-endian words, byte `i` of the array in word `i / 8`).
    pub fn from_words(words: Vec<u64>, len: u64) -> Bytes {
        Bytes {
            words: words.into_iter().map(AtomicU64::new).collect(),
            len,
        }
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    /// The number of 64-bit words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Word `w` (bytes `8w` to `8w + 7`).
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w].load(Ordering::Relaxed)
    }

    /// Replaces word `w`; only for a thread that owns every byte of it in the current pass.
    #[inline]
    pub fn store_word(&self, w: usize, value: u64) {
        self.words[w].store(value, Ordering::Relaxed);
    }

    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        (self.words[(i >> 3) as usize].load(Ordering::Relaxed) >> ((i & 7) * 8)) as u8
    }

    /// Sets a byte that is 0 (or already `value`) to `value`.
    #[inline]
    pub fn set_from_zero(&self, i: u64, value: u8) {
        self.words[(i >> 3) as usize]
            .fetch_or(u64::from(value) << ((i & 7) * 8), Ordering::Relaxed);
    }

    /// Sets a byte that is 255 (or already `value`) to `value`.
    #[inline]
    pub fn set_from_full(&self, i: u64, value: u8) {
        let shift = (i & 7) * 8;
        let mask = !(0xff << shift) | (u64::from(value) << shift);
        self.words[(i >> 3) as usize].fetch_and(mask, Ordering::Relaxed);
    }

    /// Lowers a byte that is not 0 by one; returns what it was.
    #[inline]
    pub fn decrement(&self, i: u64) -> u8 {
        let shift = (i & 7) * 8;
        (self.words[(i >> 3) as usize].fetch_sub(1 << shift, Ordering::Relaxed) >> shift) as u8
    }

    /// Calls `visit(i)` for each `i` in `range` whose byte is `byte`.
    #[inline]
    pub fn scan(&self, start: u64, end: u64, byte: u8, mut visit: impl FnMut(u64)) {
        let pattern = LOW_BYTES * u64::from(byte);
        for w in (start / 8) as usize..end.div_ceil(8) as usize {
            let x = self.words[w].load(Ordering::Relaxed) ^ pattern;
            // Some byte of x is zero (the test can over-report above a zero byte, so each is
            // checked).
            if x.wrapping_sub(LOW_BYTES) & !x & HIGH_BITS == 0 {
                continue;
            }
            for b in 0..8u64 {
                let i = w as u64 * 8 + b;
                if (x >> (b * 8)) & 0xff == 0 && i >= start && i < end {
                    visit(i);
                }
            }
        }
    }

    /// The bytes as a plain vector.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len as usize);
        for w in &self.words {
            out.extend_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
        }
        out.truncate(self.len as usize);
        out
    }
}

/// One pass of the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Mark unused entries and positions without a move; set the counters.
    Init,
    /// Predecessors of the positions lost in `d` win in `d + 1`.
    Losses(u32),
    /// Predecessors of the positions won in `d` lose a counter; at zero, lost in `d + 1`.
    Wins(u32),
    /// Flip distances 0 and 1, and the counters of quiet moves of the lost positions.
    DtzStart,
    /// Quiet predecessors of the positions at flip distance `d`.
    DtzLevel(u32),
    /// Everything is known.
    Done,
}

impl Step {
    /// A number for the checkpoint file.
    pub fn code(self) -> (u32, u32) {
        match self {
            Step::Init => (0, 0),
            Step::Losses(d) => (1, d),
            Step::Wins(d) => (2, d),
            Step::DtzStart => (3, 0),
            Step::DtzLevel(d) => (4, d),
            Step::Done => (5, 0),
        }
    }

    /// The step a checkpoint number stands for.
    pub fn from_code(kind: u32, d: u32) -> Option<Step> {
        Some(match kind {
            0 => Step::Init,
            1 => Step::Losses(d),
            2 => Step::Wins(d),
            3 => Step::DtzStart,
            4 => Step::DtzLevel(d),
            5 => Step::Done,
            _ => return None,
        })
    }

    /// Whether the flip-distance bytes exist during this step.
    pub fn has_dtz(self) -> bool {
        matches!(self, Step::DtzStart | Step::DtzLevel(_) | Step::Done)
    }
}

/// Where an interrupted analysis stands: the step, how many of its chunks are done and how
/// many classes it has found so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub step: Step,
    pub chunks_done: u64,
    pub found: u64,
}

/// Why the analysis stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The cancel flag was raised; the state is clean at the mark.
    Cancelled,
    /// A limit of the byte encoding was reached, or the analysis found itself inconsistent.
    Failed(Inconsistency),
    /// The monitor could not save a checkpoint at a step's start.
    Checkpoint { path: PathBuf, error: IoFailure },
}

/// What to do to a predecessor found by an un-move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Update {
    /// If still unknown, it wins: set this value byte.
    Win(u8),
    /// If still unknown, one more of its moves loses: count it down; at zero, set this value
    /// byte (a loss).
    Count(u8),
    /// Found from a lost position: if its flip distance is unknown, set it to this. (Resolved
    /// to [`Update::FlipCount`] for a position found from a won one.)
    FlipFrom(u8),
    /// Found from a won position: if it is lost and its flip distance unknown, count its quiet
    /// moves down; at zero, set its flip distance to this.
    FlipCount(u8),
}

/// Predecessors waiting to be updated.
const BATCH: usize = 128;

struct Batch {
    items: [(Pos, Update); BATCH],
    len: usize,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            items: [(Pos { own: 0, enemy: 0 }, Update::Win(0)); BATCH],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, parent: Pos, update: Update) {
        self.items[self.len] = (parent, update);
        self.len += 1;
    }
    #[inline]
    fn is_full(&self) -> bool {
        self.len == BATCH
    }
    fn items(&self) -> &[(Pos, Update)] {
        &self.items[..self.len]
    }
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The working state of an analysis.
pub struct Solver {
    pub indexer: Arc<Indexer>,
    pub values: Bytes,
    pub counters: Bytes,
    pub dtz: Option<Bytes>,
    pub mark: Mark,
}

/// What the driver of an analysis is told between chunks, and may answer with a stop.
pub trait Monitor {
    /// Called now and then from the thread that runs the analysis (never concurrently), and
    /// at the end of every step.
    fn tick(&mut self, mark: &Mark, chunks: u64);
    /// How long to wait between ticks within a step.
    fn tick_every(&self) -> Duration;
    /// Called at the start of each step, before any of its chunks; returning an error stops
    /// the analysis there.
    fn step_boundary(&mut self, solver: &Solver) -> Result<(), Stop>;
    /// Whether to stop.
    fn cancelled(&self) -> bool;
}

impl Solver {
    /// A fresh analysis.
    pub fn new(indexer: Arc<Indexer>) -> Solver {
        let entries = indexer.entries();
        Solver {
            values: Bytes::new(entries, DRAW),
            counters: Bytes::new(entries, 0),
            dtz: None,
            indexer,
            mark: Mark {
                step: Step::Init,
                chunks_done: 0,
                found: 0,
            },
        }
    }

    /// The number of chunks in a pass.
    pub fn chunks(&self) -> u64 {
        self.indexer
            .entries()
            .div_ceil(chunk_size(self.indexer.entries()))
    }

    /// Runs the analysis from its mark to the end (or a stop), on `threads` threads.
    pub fn run(&mut self, threads: usize, monitor: &mut dyn Monitor) -> Result<(), Stop> {
        let threads = threads.max(1);
        while self.mark.step != Step::Done {
            if self.mark.chunks_done == 0 {
                if monitor.cancelled() {
                    return Err(Stop::Cancelled);
                }
                monitor.step_boundary(self)?;
                if self.mark.step.has_dtz() && self.dtz.is_none() {
                    self.dtz = Some(Bytes::new(self.indexer.entries(), NO_DTZ));
                }
            }
            self.run_step(threads, monitor)?;
            self.mark = Mark {
                step: self.next_step()?,
                chunks_done: 0,
                found: 0,
            };
        }
        Ok(())
    }

    /// The step after the current one, which has just finished.
    fn next_step(&self) -> Result<Step, Stop> {
        let too_deep = |d: u32| {
            if d > MAX_DISTANCE {
                Err(Stop::Failed(Inconsistency::TooDeep(MAX_DISTANCE)))
            } else {
                Ok(())
            }
        };
        Ok(match self.mark.step {
            Step::Init => Step::Losses(0),
            Step::Losses(d) if self.mark.found == 0 => {
                let _ = d;
                Step::DtzStart
            }
            Step::Losses(d) => {
                too_deep(d + 2)?;
                Step::Wins(d + 1)
            }
            Step::Wins(d) => Step::Losses(d + 1),
            Step::DtzStart => Step::DtzLevel(1),
            Step::DtzLevel(_) if self.mark.found == 0 => Step::Done,
            Step::DtzLevel(d) => {
                too_deep(d + 1)?;
                Step::DtzLevel(d + 1)
            }
            Step::Done => Step::Done,
        })
    }

    /// Runs the chunks of the current step from the mark.
    fn run_step(&mut self, threads: usize, monitor: &mut dyn Monitor) -> Result<(), Stop> {
        let chunks = self.chunks();
        let step = self.mark.step;
        let start = self.mark.chunks_done;
        let next = AtomicU64::new(start);
        let found = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let failure: Mutex<Option<Inconsistency>> = Mutex::new(None);
        let this = &*self;
        // Takes chunks until there are none left or the work stops.
        let work = |on_chunk: &mut dyn FnMut()| {
            while !stop.load(Ordering::Relaxed) {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                match this.chunk(step, chunk) {
                    Ok(n) => {
                        found.fetch_add(n, Ordering::Relaxed);
                    }
                    Err(e) => {
                        if let Ok(mut slot) = failure.lock() {
                            slot.get_or_insert(e);
                        }
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                on_chunk();
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|| work(&mut || {}));
            }
            // This thread works too, and between its chunks reports and watches the flag.
            let mut last_tick = Instant::now();
            let every = monitor.tick_every();
            work(&mut || {
                if last_tick.elapsed() >= every {
                    let mark = Mark {
                        step,
                        chunks_done: next.load(Ordering::Relaxed).min(chunks),
                        found: this.mark.found + found.load(Ordering::Relaxed),
                    };
                    monitor.tick(&mark, chunks);
                    last_tick = Instant::now();
                }
                if monitor.cancelled() {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        });
        // Every chunk handed out was finished: the chunks below `next` are done.
        self.mark.chunks_done = next.load(Ordering::Relaxed).min(chunks);
        self.mark.found += found.load(Ordering::Relaxed);
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(Stop::Failed(e));
        }
        if self.mark.chunks_done < chunks {
            return Err(Stop::Cancelled);
        }
        monitor.tick(&self.mark, chunks);
        Ok(())
    }

    /// Does one chunk of a step; returns how many classes it found at the step's distance.
    fn chunk(&self, step: Step, chunk: u64) -> Result<u64, Inconsistency> {
        let size = chunk_size(self.indexer.entries());
        let start = chunk * size;
        let end = (start + size).min(self.indexer.entries());
        match step {
            Step::Init => self.init_chunk(start, end),
            Step::Losses(d) => Ok(self.losses_chunk(start, end, d)),
            Step::Wins(d) => self.wins_chunk(start, end, d),
            Step::DtzStart => self.dtz_start_chunk(start, end),
            Step::DtzLevel(d) => self.dtz_level_chunk(start, end, d),
            Step::Done => Ok(0),
        }
    }

    /// The counter of a position: its moves weighted by the symmetries (module notes), and
    /// the number of moves. With `quiet_only`, only moves that flip nothing.
    #[inline]
    fn weighted_moves(&self, pos: Pos, quiet_only: bool) -> Result<(u32, u32), Inconsistency> {
        let indexer = &*self.indexer;
        let g = indexer.geometry();
        let occupied = pos.occupied();
        let mut weighted = 0;
        let mut moves = 0;
        g.for_each_destination(pos, |from, to| {
            let after = occupied ^ (1 << from) ^ (1 << to);
            let symmetric = indexer.is_symmetric_set(after);
            if !quiet_only && !symmetric {
                moves += 1;
                weighted += 1;
                return;
            }
            let (child, flipped) = g.child(pos, from, to);
            if quiet_only && flipped != 0 {
                return;
            }
            moves += 1;
            weighted += if symmetric {
                indexer.stabiliser(child)
            } else {
                1
            };
        });
        if moves == 0 {
            return Ok((0, 0));
        }
        let own = indexer.stabiliser(pos);
        if weighted % own != 0 {
            return Err(Inconsistency::SymmetryWeights(pos));
        }
        let counter = weighted / own;
        if counter > 255 {
            return Err(Inconsistency::CounterOverflow {
                moves: counter,
                pos,
            });
        }
        Ok((counter, moves))
    }

    fn init_chunk(&self, start: u64, end: u64) -> Result<u64, Inconsistency> {
        let indexer = &*self.indexer;
        let g = indexer.geometry();
        let mut found = 0;
        let mut w = start;
        while w < end {
            let mut values = 0u64;
            let mut counters = 0u64;
            for b in 0..8 {
                let i = w + b;
                if i >= end {
                    break;
                }
                let class = (i >> indexer.pieces()) as usize;
                let (value, counter) =
                    if indexer.class_is_symmetric(class) && indexer.orbit(i).is_none() {
                        (UNUSED, 0)
                    } else {
                        let pos = indexer.position(i);
                        if g.has_move(pos) {
                            (DRAW, self.weighted_moves(pos, false)?.0 as u8)
                        } else {
                            found += 1;
                            (1, 0)
                        }
                    };
                values |= u64::from(value) << (b * 8);
                counters |= u64::from(counter) << (b * 8);
            }
            self.values.store_word((w / 8) as usize, values);
            self.counters.store_word((w / 8) as usize, counters);
            w += 8;
        }
        Ok(found)
    }

    /// Predecessors of the positions lost in `d`, still unknown, win in `d + 1`.
    fn losses_chunk(&self, start: u64, end: u64, d: u32) -> u64 {
        self.scan_predecessors(
            &self.values,
            start,
            end,
            (d + 1) as u8,
            false,
            Update::Win((d + 2) as u8),
        )
        .0
    }

    /// Predecessors of the positions won in `d`, still unknown, lose a counter.
    fn wins_chunk(&self, start: u64, end: u64, d: u32) -> Result<u64, Inconsistency> {
        let (found, broken) = self.scan_predecessors(
            &self.values,
            start,
            end,
            (d + 1) as u8,
            false,
            Update::Count((d + 2) as u8),
        );
        if broken {
            return Err(Inconsistency::CounterUnderflow);
        }
        Ok(found)
    }

    /// For each class in `start..end` whose byte in `scanned` is `byte`, applies `update` to
    /// its predecessors (only those by quiet moves with `quiet_only`). Returns how many
    /// classes it found, and whether a counter went below zero.
    ///
    /// The predecessors' entries are scattered over the table, so nearly every update misses
    /// the cache. They are collected in batches and their words loaded in a row first, so that
    /// the processor fetches many at once instead of waiting for each in turn.
    fn scan_predecessors(
        &self,
        scanned: &Bytes,
        start: u64,
        end: u64,
        byte: u8,
        quiet_only: bool,
        update: Update,
    ) -> (u64, bool) {
        let indexer = &*self.indexer;
        let g = indexer.geometry();
        let mut batch = Batch::new();
        let mut found = 0;
        let mut broken = false;
        scanned.scan(start, end, byte, |i| {
            found += 1;
            // For flip distances the update depends on the position found.
            let update = match update {
                Update::FlipFrom(next) if is_win(self.values.get(i)) => Update::FlipCount(next),
                other => other,
            };
            g.for_each_predecessor(indexer.position(i), quiet_only, |parent, _| {
                batch.push(parent, update);
                if batch.is_full() {
                    broken |= self.apply(&mut batch);
                }
            });
        });
        broken |= self.apply(&mut batch);
        (found, broken)
    }

    /// Applies and empties a batch; returns whether a counter went below zero.
    ///
    /// In rounds, so that the reads of each round are independent of one another and overlap:
    /// locate every parent's occupied set (a 13 MB table on 5×5), number the parents, touch
    /// the words their updates will read, then update.
    fn apply(&self, batch: &mut Batch) -> bool {
        let indexer = &*self.indexer;
        let items = batch.items();
        let mut located = [indexer.locate(0); BATCH];
        for (slot, (parent, _)) in located.iter_mut().zip(items) {
            *slot = indexer.locate(parent.occupied());
        }
        let mut numbers = [0u64; BATCH];
        for (j, (parent, _)) in items.iter().enumerate() {
            numbers[j] = indexer.index_located(located[j], *parent).0;
        }
        let mut seen = [0u64; BATCH];
        let dtz = self.dtz.as_ref();
        for (j, (_, update)) in items.iter().enumerate() {
            let w = (numbers[j] >> 3) as usize;
            seen[j] = match (update, dtz) {
                (Update::Win(_), _) => self.values.word(w),
                (Update::Count(_), _) => self.values.word(w) ^ self.counters.word(w),
                (Update::FlipFrom(_), Some(dtz)) => dtz.word(w),
                (Update::FlipCount(_), Some(dtz)) => {
                    dtz.word(w) ^ self.values.word(w) ^ self.counters.word(w)
                }
                (_, None) => 0,
            };
        }
        std::hint::black_box(&seen);
        let mut broken = false;
        for (j, &(_, update)) in items.iter().enumerate() {
            let p = numbers[j];
            match update {
                Update::Win(win) => {
                    if self.values.get(p) == DRAW {
                        self.values.set_from_zero(p, win);
                    }
                }
                Update::Count(loss) => {
                    if self.values.get(p) == DRAW {
                        match self.counters.decrement(p) {
                            1 => self.values.set_from_zero(p, loss),
                            0 => broken = true,
                            _ => {}
                        }
                    }
                }
                Update::FlipFrom(next) | Update::FlipCount(next) => {
                    let Some(dtz) = &self.dtz else {
                        broken = true;
                        continue;
                    };
                    if dtz.get(p) != NO_DTZ {
                        continue;
                    }
                    if matches!(update, Update::FlipFrom(_)) {
                        dtz.set_from_full(p, next);
                    } else if is_loss(self.values.get(p)) {
                        match self.counters.decrement(p) {
                            1 => dtz.set_from_full(p, next),
                            0 => broken = true,
                            _ => {}
                        }
                    }
                }
            }
        }
        batch.clear();
        broken
    }

    fn dtz_start_chunk(&self, start: u64, end: u64) -> Result<u64, Inconsistency> {
        let indexer = &*self.indexer;
        let g = indexer.geometry();
        let Some(dtz) = &self.dtz else {
            return Err(Inconsistency::NoFlipDistances);
        };
        let mut found = 0;
        let mut w = start;
        while w < end {
            let mut counters = self.counters.word((w / 8) as usize);
            for b in 0..8 {
                let i = w + b;
                if i >= end || !is_loss(self.values.get(i)) {
                    continue;
                }
                let pos = indexer.position(i);
                let terminal = self.values.get(i) == 1;
                if terminal {
                    dtz.set_from_full(i, 0);
                } else {
                    let (quiet, _) = self.weighted_moves(pos, true)?;
                    if quiet == 0 {
                        dtz.set_from_full(i, 1);
                        found += 1;
                    }
                    counters = counters & !(0xff << (b * 8)) | u64::from(quiet) << (b * 8);
                }
                // A move onto a lost position that flips, or any move onto a position without
                // a move, ends a quiet stretch at once.
                g.for_each_predecessor(pos, false, |parent, flipped| {
                    if flipped != 0 || terminal {
                        let p = indexer.index(parent).0;
                        if dtz.get(p) == NO_DTZ {
                            dtz.set_from_full(p, 1);
                        }
                    }
                });
            }
            self.counters.store_word((w / 8) as usize, counters);
            w += 8;
        }
        Ok(found)
    }

    fn dtz_level_chunk(&self, start: u64, end: u64, d: u32) -> Result<u64, Inconsistency> {
        let Some(dtz) = &self.dtz else {
            return Err(Inconsistency::NoFlipDistances);
        };
        let (found, broken) = self.scan_predecessors(
            dtz,
            start,
            end,
            d as u8,
            true,
            Update::FlipFrom((d + 1) as u8),
        );
        if broken {
            return Err(Inconsistency::QuietCounterUnderflow);
        }
        Ok(found)
    }
}
