//! The 5×5 board as 25-bit bitboards (`u32`), with the neighbour, line and block tables that
//! all three games share.

use super::Point;

/// A set of points: bit `i` is point `i` (`a1` = 0, `e5` = 24).
pub type Bits = u32;

/// All 25 points.
pub const FULL: Bits = (1 << 25) - 1;
/// Column `a` (the left edge).
pub const FILE_A: Bits = 0b00001_00001_00001_00001_00001;
/// Column `e` (the right edge).
pub const FILE_E: Bits = FILE_A << 4;

/// The single point `p` as a set.
#[inline]
pub const fn bit(p: Point) -> Bits {
    1 << p.index()
}

/// The points orthogonally adjacent to any point of `set`.
#[inline]
pub const fn neighbours(set: Bits) -> Bits {
    (((set << 1) & !FILE_A) | ((set >> 1) & !FILE_E) | (set << 5) | (set >> 5)) & FULL
}

/// Iterates over the points of a set, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Iter(Bits);

impl Iterator for Iter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Point::from_index_unchecked(i as u8))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

/// The points of `set`, lowest index first.
#[inline]
pub const fn points(set: Bits) -> Iter {
    Iter(set)
}

/// The four directions along lines: +column, −column, +row, −row.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// `STEP[p][d]`: the neighbour of `p` in direction `d`, or `NONE`.
pub const STEP: [[u8; 4]; 25] = {
    let mut t = [[NONE; 4]; 25];
    let mut p = 0;
    while p < 25 {
        let (c, r) = ((p % 5) as i8, (p / 5) as i8);
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = DIRECTIONS[d];
            let (nc, nr) = (c + dc, r + dr);
            if nc >= 0 && nc < 5 && nr >= 0 && nr < 5 {
                t[p][d] = (nr * 5 + nc) as u8;
            }
            d += 1;
        }
        p += 1;
    }
    t
};

/// Marks "no such point" in the tables.
pub const NONE: u8 = u8::MAX;

/// The row through each point.
pub const ROW: [Bits; 25] = {
    let mut t = [0; 25];
    let mut p = 0;
    while p < 25 {
        t[p] = 0b11111 << (p / 5 * 5);
        p += 1;
    }
    t
};

/// The column through each point.
pub const COLUMN: [Bits; 25] = {
    let mut t = [0; 25];
    let mut p = 0;
    while p < 25 {
        t[p] = FILE_A << (p % 5);
        p += 1;
    }
    t
};

/// The 2×2 blocks containing each point (up to four; unused slots are 0).
pub const BLOCKS: [[Bits; 4]; 25] = {
    let mut t = [[0; 4]; 25];
    let mut p = 0;
    while p < 25 {
        let (c, r) = ((p % 5) as i32, (p / 5) as i32);
        let mut n = 0;
        let mut dc = -1;
        while dc <= 0 {
            let mut dr = -1;
            while dr <= 0 {
                let (c0, r0) = (c + dc, r + dr);
                if c0 >= 0 && c0 + 1 < 5 && r0 >= 0 && r0 + 1 < 5 {
                    let base = (r0 * 5 + c0) as u32;
                    t[p][n] = (0b11 << base) | (0b11 << (base + 5));
                    n += 1;
                }
                dr += 1;
            }
            dc += 1;
        }
        p += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_respect_edges() {
        let a1 = bit(Point::parse("a1").unwrap());
        assert_eq!(
            neighbours(a1),
            bit(Point::parse("b1").unwrap()) | bit(Point::parse("a2").unwrap())
        );
        let e3 = bit(Point::parse("e3").unwrap());
        let expected = ["d3", "e2", "e4"]
            .iter()
            .fold(0, |acc, s| acc | bit(Point::parse(s).unwrap()));
        assert_eq!(neighbours(e3), expected);
        let c3 = Point::parse("c3").unwrap();
        assert_eq!(neighbours(bit(c3)).count_ones(), 4);
    }

    #[test]
    fn block_tables_count_blocks() {
        let counts: Vec<usize> = (0..25)
            .map(|p| BLOCKS[p].iter().filter(|&&b| b != 0).count())
            .collect();
        assert_eq!(counts[0], 1);
        assert_eq!(counts[2], 2);
        assert_eq!(counts[12], 4);
        assert!(
            BLOCKS
                .iter()
                .flatten()
                .all(|b| b.count_ones() == 4 || *b == 0)
        );
    }

    #[test]
    fn step_table_matches_neighbours() {
        for p in 0..25u8 {
            let from_table = STEP[p as usize]
                .iter()
                .filter(|&&q| q != NONE)
                .fold(0, |acc, &q| acc | (1 << q));
            assert_eq!(from_table, neighbours(1 << p));
        }
    }
}
