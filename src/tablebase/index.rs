//! Numbering the positions: colour-normalised, one number per symmetry class.
//!
//! A position is `k` pieces on the `n²` points, each either the mover's ("own") or not. The
//! eight symmetries of the square act on positions; positions related by one have the same
//! value, so the table keeps one entry per class.
//!
//! The occupied set is ranked with the combinatorial number system (the `i`-th occupied
//! point `p_i`, lowest first, contributes `C(p_i, i + 1)`), which numbers the `C(n², k)`
//! sets in increasing order of their bit patterns. A table built once maps each rank to its
//! occupancy class (the orbit of the set under the symmetries, represented by its smallest
//! member) and to a symmetry taking the set onto that representative. The colours are then
//! `k` bits, one per occupied point of the representative in increasing order, set for the
//! mover's pieces. The entry number is `class × 2^k + colours`.
//!
//! A few occupied sets are symmetric themselves (on 5×5 with ten pieces, 3,130 of the
//! 410,170 classes). For those, several symmetries reach the representative and the colours are
//! taken as the smallest pattern any of them gives; the other patterns of such a class are
//! unused entries. Every other class has all `2^k` entries in use.

use super::geometry::{Geometry, Pos};

/// Where a rank's set goes: its class and a symmetry taking it to the representative.
#[derive(Clone, Copy, Debug)]
pub struct RankEntry(u32);

impl RankEntry {
    const SYMMETRIC: u32 = 1;

    fn new(class: u32, symmetry: usize, symmetric: bool) -> RankEntry {
        RankEntry(class << 4 | (symmetry as u32) << 1 | u32::from(symmetric))
    }
    fn class(self) -> u32 {
        self.0 >> 4
    }
    fn symmetry(self) -> usize {
        ((self.0 >> 1) & 7) as usize
    }
    /// Whether the class's representative is mapped onto itself by some symmetry other than
    /// the identity.
    fn symmetric(self) -> bool {
        self.0 & RankEntry::SYMMETRIC != 0
    }
}

/// The numbering for one board size and piece count.
#[derive(Clone, Debug)]
pub struct Indexer {
    geometry: Geometry,
    pieces: u32,
    /// `rank_bytes[c * (pieces + 1) + m][b]`: what byte `c` of a set adds to its rank when it
    /// is `b` and `m` points of the set lie below it (the sum of C(p, i + 1) over its points
    /// `p`, each the `i`-th of the set). Four lookups rank a set.
    rank_bytes: Vec<[u32; 256]>,
    ranks: Vec<RankEntry>,
    /// The representative (smallest) occupied set of each class.
    class_sets: Vec<u32>,
    /// One bit per occupied set (indexed by the set itself): whether its class is symmetric.
    symmetric_sets: Vec<u64>,
}

/// C(n, r) in `u64`.
pub fn binomial(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    (0..r).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The next larger set with the same number of points (Gosper's hack).
#[inline]
fn next_combination(v: u32) -> u32 {
    let t = v | (v - 1);
    let low = !t & (!t).wrapping_neg();
    (t + 1) | ((low - 1) >> (v.trailing_zeros() + 1))
}

/// The `k` bits of `set` selected by `mask`, packed (a portable "parallel extract").
#[inline]
pub fn extract(set: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut bit = 1;
    let mut m = mask;
    while m != 0 {
        if set & m & m.wrapping_neg() != 0 {
            out |= bit;
        }
        bit <<= 1;
        m &= m - 1;
    }
    out
}

/// Spreads the low bits of `bits` onto the points of `mask`, lowest first (a "parallel
/// deposit").
#[inline]
pub fn deposit(bits: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut m = mask;
    let mut b = bits;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if b & 1 != 0 {
            out |= low;
        }
        b >>= 1;
        m &= m - 1;
    }
    out
}

impl Indexer {
    /// The numbering of `pieces` pieces on an `size`×`size` board.
    pub fn new(size: usize, pieces: u32) -> Indexer {
        let geometry = Geometry::new(size);
        let points = geometry.points() as u32;
        assert!(pieces >= 1 && pieces < points && pieces <= 12);
        let mut rank_bytes = vec![[0u32; 256]; 4 * (pieces as usize + 1)];
        for c in 0..4 {
            for m in 0..=pieces {
                for b in 0..256u32 {
                    let mut sum = 0;
                    let mut i = m;
                    for bit in 0..8 {
                        let p = c * 8 + bit;
                        if b & (1 << bit) != 0 && p < points && i < pieces {
                            sum += self::binomial(u64::from(p), u64::from(i) + 1) as u32;
                            i += 1;
                        }
                    }
                    rank_bytes[(c * (pieces + 1) + m) as usize][b as usize] = sum;
                }
            }
        }
        let count = self::binomial(u64::from(points), u64::from(pieces)) as usize;
        let mut indexer = Indexer {
            geometry,
            pieces,
            rank_bytes,
            ranks: Vec::with_capacity(count),
            class_sets: Vec::new(),
            symmetric_sets: vec![0; (1usize << points).div_ceil(64)],
        };
        // Sets in increasing order are ranks 0, 1, 2, …; a class's representative, its
        // smallest member, comes before the rest of its orbit.
        let mut set: u32 = (1 << pieces) - 1;
        for rank in 0..count {
            let images: [u32; 8] = std::array::from_fn(|s| indexer.geometry.transform(s, set));
            let smallest = images.iter().copied().min().unwrap_or(set);
            let symmetry = images.iter().position(|&i| i == smallest).unwrap_or(0);
            let entry = if smallest == set {
                let symmetric = images[1..].contains(&set);
                let class = indexer.class_sets.len() as u32;
                indexer.class_sets.push(set);
                RankEntry::new(class, 0, symmetric)
            } else {
                let representative = indexer.ranks[indexer.rank(smallest) as usize];
                RankEntry::new(representative.class(), symmetry, representative.symmetric())
            };
            if entry.symmetric() {
                indexer.symmetric_sets[set as usize / 64] |= 1 << (set % 64);
            }
            indexer.ranks.push(entry);
            if rank + 1 < count {
                set = next_combination(set);
            }
        }
        indexer
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The number of pieces.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The number of occupancy classes.
    pub fn classes(&self) -> usize {
        self.class_sets.len()
    }

    /// The number of entries: classes × 2^pieces (a few unused, see the module notes).
    pub fn entries(&self) -> u64 {
        (self.class_sets.len() as u64) << self.pieces
    }

    /// The number of positions: C(points, pieces) × 2^pieces.
    pub fn positions(&self) -> u64 {
        (self.ranks.len() as u64) << self.pieces
    }

    /// The rank of an occupied set among all sets of as many points.
    #[inline]
    pub fn rank(&self, set: u32) -> u32 {
        let row = self.pieces as usize + 1;
        let mut below = 0;
        let mut rank = 0;
        for c in 0..4 {
            let byte = (set >> (8 * c)) & 0xff;
            rank += self.rank_bytes[c * row + below][byte as usize];
            below += byte.count_ones() as usize;
            if below > self.pieces as usize {
                break;
            }
        }
        rank
    }

    /// Whether the class of this occupied set is symmetric (then the positions on it may
    /// have symmetries of their own).
    #[inline]
    pub fn is_symmetric_set(&self, set: u32) -> bool {
        self.symmetric_sets[set as usize / 64] & (1 << (set % 64)) != 0
    }

    /// Where an occupied set goes (the first half of [`Indexer::index`], which reads a large
    /// table: the solver does it for many positions at once so the reads overlap).
    #[inline]
    pub fn locate(&self, set: u32) -> RankEntry {
        self.ranks[self.rank(set) as usize]
    }

    /// The entry of a position, and the number of symmetries that map it onto itself (1 for
    /// all but a few).
    #[inline]
    pub fn index(&self, pos: Pos) -> (u64, u32) {
        self.index_located(self.locate(pos.occupied()), pos)
    }

    /// [`Indexer::index`] with the occupied set already located.
    #[inline]
    pub fn index_located(&self, entry: RankEntry, pos: Pos) -> (u64, u32) {
        let set = pos.occupied();
        let class = entry.class();
        let base = u64::from(class) << self.pieces;
        if !entry.symmetric() {
            // The symmetry takes the set onto its class's representative.
            let s = entry.symmetry();
            let representative = self.geometry.transform(s, set);
            let own = self.geometry.transform(s, pos.own);
            return (base | u64::from(extract(own, representative)), 1);
        }
        let representative = self.class_sets[class as usize];
        let mut best = u32::MAX;
        let mut stabiliser = 0;
        for s in 0..8 {
            if self.geometry.transform(s, set) != representative {
                continue;
            }
            let colours = extract(self.geometry.transform(s, pos.own), representative);
            if colours < best {
                best = colours;
                stabiliser = 1;
            } else if colours == best {
                stabiliser += 1;
            }
        }
        (base | u64::from(best), stabiliser)
    }

    /// The number of symmetries that map a position onto itself.
    #[inline]
    pub fn stabiliser(&self, pos: Pos) -> u32 {
        if self.is_symmetric_set(pos.occupied()) {
            self.index(pos).1
        } else {
            1
        }
    }

    /// The representative position of an entry (whether or not the entry is in use).
    #[inline]
    pub fn position(&self, index: u64) -> Pos {
        let class = (index >> self.pieces) as usize;
        let colours = (index & ((1 << self.pieces) - 1)) as u32;
        let set = self.class_sets[class];
        let own = deposit(colours, set);
        Pos {
            own,
            enemy: set & !own,
        }
    }

    /// Whether the entries of this class can include unused ones.
    #[inline]
    pub fn class_is_symmetric(&self, class: usize) -> bool {
        self.is_symmetric_set(self.class_sets[class])
    }

    /// Whether an entry stands for a class of positions (the representative numbers back to
    /// it), and if so how many positions the class has.
    pub fn orbit(&self, index: u64) -> Option<u32> {
        let class = (index >> self.pieces) as usize;
        if !self.class_is_symmetric(class) {
            return Some(8);
        }
        let (back, stabiliser) = self.index(self.position(index));
        (back == index).then_some(8 / stabiliser)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_sets_in_order() {
        let indexer = Indexer::new(4, 3);
        let mut set: u32 = 0b111;
        for rank in 0..binomial(16, 3) as u32 {
            assert_eq!(indexer.rank(set), rank);
            set = next_combination(set);
        }
    }

    #[test]
    fn extract_and_deposit_are_inverse() {
        let mask: u32 = 0b1011_0010_1100_0001;
        for bits in 0..(1 << mask.count_ones()) {
            assert_eq!(extract(deposit(bits, mask), mask), bits);
        }
    }

    #[test]
    fn classes_cover_every_position_once() {
        // Burnside: the orbits' sizes add up to all positions, and every position numbers to
        // an entry whose representative is one of its images.
        for (size, pieces) in [(3, 4), (4, 5), (5, 3)] {
            let indexer = Indexer::new(size, pieces);
            let total: u64 = (0..indexer.entries())
                .filter_map(|i| indexer.orbit(i))
                .map(u64::from)
                .sum();
            assert_eq!(total, indexer.positions(), "{size}x{size}, {pieces} pieces");
            let g = indexer.geometry();
            let mut set: u32 = (1 << pieces) - 1;
            for _ in 0..binomial(g.points() as u64, u64::from(pieces)) {
                for colours in 0..(1u32 << pieces) {
                    let own = deposit(colours, set);
                    let pos = Pos {
                        own,
                        enemy: set & !own,
                    };
                    let (index, stabiliser) = indexer.index(pos);
                    let rep = indexer.position(index);
                    let images = (0..8)
                        .filter(|&s| {
                            g.transform(s, pos.own) == rep.own
                                && g.transform(s, pos.enemy) == rep.enemy
                        })
                        .count();
                    assert_eq!(images as u32, stabiliser);
                    assert_eq!(indexer.orbit(index), Some(8 / stabiliser));
                }
                set = next_combination(set);
            }
        }
    }
}
