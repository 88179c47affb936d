//! The transposition table: one entry per slot, replaced always, keyed by a 64-bit hash of
//! the position's 128-bit key. Mate scores are stored relative to the node, not the root.
//!
//! Several search threads share one table without locks: each slot is a pair of atomics
//! holding `hash ^ data` and `data`, so a slot torn by two writers fails its check and reads
//! as empty instead of giving one position another's result.
//!
//! A search that must not see an earlier one's results does not clear the table (a large one
//! takes milliseconds to clear): it salts its hashes with a new generation, so that the old
//! entries no longer match and are simply overwritten.

use std::sync::atomic::{AtomicU64, Ordering};

use super::bounds::{MATE, MAX_PLY};

/// What a stored score says about the true value.
pub(crate) const EXACT: u8 = 1;
pub(crate) const LOWER: u8 = 2;
pub(crate) const UPPER: u8 = 3;

/// One stored search result.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub check: u64,
    pub score: i32,
    pub best: u16,
    pub depth: i8,
    pub bound: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.best) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.bound) << 56
    }

    fn unpack(check: u64, data: u64) -> Entry {
        Entry {
            check,
            score: data as u32 as i32,
            best: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            bound: (data >> 56) as u8,
        }
    }
}

/// A table of `2^bits` entries, shared by the threads of a search.
pub(crate) struct TranspositionTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    generation: AtomicU64,
}

impl TranspositionTable {
    pub fn new(bits: u32) -> TranspositionTable {
        TranspositionTable {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: (1 << bits) - 1,
            generation: AtomicU64::new(0),
        }
    }

    /// log2 of the number of entries.
    pub fn bits(&self) -> u32 {
        (self.mask + 1).trailing_zeros()
    }

    /// Starts a new generation: returns the salt that makes every earlier entry miss.
    pub fn renew(&self) -> u64 {
        let generation = self.generation.fetch_add(1, Ordering::Relaxed) + 1;
        salt(generation)
    }

    /// The salt of the current generation (0 for a new table).
    pub fn salt(&self) -> u64 {
        salt(self.generation.load(Ordering::Relaxed))
    }

    /// The entry stored for hash `h`, if its check matches.
    #[inline]
    pub fn probe(&self, h: u64) -> Option<Entry> {
        let slot = &self.slots[h as usize & self.mask];
        let mixed = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (mixed ^ data == h).then(|| Entry::unpack(h, data))
    }

    #[inline]
    pub fn store(&self, entry: Entry) {
        let slot = &self.slots[entry.check as usize & self.mask];
        let data = entry.pack();
        slot[0].store(entry.check ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

fn salt(generation: u64) -> u64 {
    if generation == 0 {
        0
    } else {
        hash(u128::from(generation) << 64 | 0x5A17)
    }
}

/// Spreads a position key over 64 bits.
pub(crate) fn hash(key: u128) -> u64 {
    let mut x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A score as stored: mates counted from the node.
pub(crate) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen from the root.
pub(crate) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_stored_and_other_hashes_miss() {
        let table = TranspositionTable::new(4);
        let entry = Entry {
            check: 0xDEAD_BEEF_0000_0003,
            score: -123_456,
            best: 675,
            depth: -1,
            bound: UPPER,
        };
        table.store(entry);
        assert_eq!(table.probe(entry.check), Some(entry));
        // Same slot, different position.
        assert_eq!(table.probe(0x1234_0000_0000_0003), None);
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let table = TranspositionTable::new(2);
        let a = Entry {
            check: 0x10,
            score: 5,
            best: 1,
            depth: 3,
            bound: EXACT,
        };
        let b = Entry {
            check: 0x20,
            score: -9,
            best: 2,
            depth: 7,
            bound: LOWER,
        };
        table.store(a);
        // Half of b's write lands: the check no longer matches either position.
        table.slots[0][1].store(b.pack(), Ordering::Relaxed);
        assert_eq!(table.probe(a.check), None);
        assert_eq!(table.probe(b.check), None);
    }

    #[test]
    fn a_new_generation_misses_the_old_entries() {
        let table = TranspositionTable::new(4);
        assert_eq!(table.salt(), 0);
        let entry = Entry {
            check: hash(77),
            score: 1,
            best: 2,
            depth: 3,
            bound: EXACT,
        };
        table.store(entry);
        let salt = table.renew();
        assert_ne!(salt, 0);
        assert_eq!(table.salt(), salt);
        assert_eq!(table.probe(hash(77) ^ salt), None);
    }
}
