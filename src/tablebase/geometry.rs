//! An n×n Flying board (n = 3, 4 or 5) for the solver: neighbour tables, the eight symmetries
//! of the square, moves with their flips, and un-moves that restore flipped pieces.
//!
//! The rules layer knows only the 5×5 board; the solver generalises the size here so that it
//! can be checked against brute force on boards small enough to enumerate. Points are numbered
//! row by row from the bottom left, as in the rules (`a1` = 0), so on 5×5 the bit sets are the
//! rules' own.

/// Marks "no such point" in the step table.
pub const NONE: u8 = u8::MAX;

/// The largest board side the solver handles (bit sets are `u32`).
pub const MAX_SIZE: usize = 5;

/// A position with colours normalised: `own` are the pieces of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The points of the side to move's pieces.
    pub own: u32,
    /// The points of the other side's pieces.
    pub enemy: u32,
}

impl Pos {
    /// All occupied points.
    #[inline]
    pub fn occupied(self) -> u32 {
        self.own | self.enemy
    }
}

/// One move: a piece slides from `from` to `to`; `flipped` are the enemy pieces it turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The point the piece leaves.
    pub from: u8,
    /// The point it reaches.
    pub to: u8,
    /// The enemy pieces it turns over.
    pub flipped: u32,
}

/// The board's shape: its tables depend only on the side length.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    points: usize,
    full: u32,
    /// `step[p][d]`: the neighbour of `p` in direction `d` (+column, −column, +row, −row).
    step: [[u8; 4]; MAX_SIZE * MAX_SIZE],
    /// The orthogonal neighbours of each point.
    neighbours: [u32; MAX_SIZE * MAX_SIZE],
    /// `image[s][p]`: where symmetry `s` takes point `p`.
    image: [[u8; MAX_SIZE * MAX_SIZE]; 8],
    /// `by_byte[s][c][b]`: the image under symmetry `s` of the set whose byte `c` is `b` (and
    /// whose other bytes are empty), so that a set maps with four lookups.
    by_byte: Box<[[[u32; 256]; 4]; 8]>,
}

impl Geometry {
    /// The tables for an `size`×`size` board; `size` must be 3, 4 or 5.
    pub fn new(size: usize) -> Geometry {
        assert!((3..=MAX_SIZE).contains(&size), "board side {size}");
        let points = size * size;
        let mut step = [[NONE; 4]; MAX_SIZE * MAX_SIZE];
        let mut neighbours = [0; MAX_SIZE * MAX_SIZE];
        for p in 0..points {
            let (c, r) = ((p % size) as isize, (p / size) as isize);
            for (d, (dc, dr)) in [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().enumerate() {
                let (nc, nr) = (c + dc, r + dr);
                if (0..size as isize).contains(&nc) && (0..size as isize).contains(&nr) {
                    let q = (nr as usize) * size + nc as usize;
                    step[p][d] = q as u8;
                    neighbours[p] |= 1 << q;
                }
            }
        }
        let mut image = [[0; MAX_SIZE * MAX_SIZE]; 8];
        let last = size - 1;
        for (s, table) in image.iter_mut().enumerate() {
            for (p, target) in table.iter_mut().enumerate().take(points) {
                let (c, r) = (p % size, p / size);
                // The eight symmetries of the square: reflections in the middle column, the
                // middle row and the main diagonal, and their products.
                let (c, r) = if s & 4 != 0 { (r, c) } else { (c, r) };
                let c = if s & 1 != 0 { last - c } else { c };
                let r = if s & 2 != 0 { last - r } else { r };
                *target = (r * size + c) as u8;
            }
        }
        let mut by_byte = Box::new([[[0u32; 256]; 4]; 8]);
        for s in 0..8 {
            for c in 0..4 {
                for b in 0..256usize {
                    let mut set = 0u32;
                    for bit in 0..8 {
                        let p = c * 8 + bit;
                        if b & (1 << bit) != 0 && p < points {
                            set |= 1 << image[s][p];
                        }
                    }
                    by_byte[s][c][b] = set;
                }
            }
        }
        Geometry {
            size,
            points,
            full: if points == 32 {
                u32::MAX
            } else {
                (1 << points) - 1
            },
            step,
            neighbours,
            image,
            by_byte,
        }
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of points, `size²`.
    pub fn points(&self) -> usize {
        self.points
    }

    /// All points as a set.
    pub fn full(&self) -> u32 {
        self.full
    }

    /// The neighbour of `p` in direction `d`, or [`NONE`].
    #[inline]
    pub fn step(&self, p: usize, d: usize) -> u8 {
        self.step[p][d]
    }

    /// The image of point `p` under symmetry `s` (0 is the identity).
    pub fn image_of_point(&self, s: usize, p: usize) -> usize {
        self.image[s][p] as usize
    }

    /// The image of a set of points under symmetry `s`.
    #[inline]
    pub fn transform(&self, s: usize, set: u32) -> u32 {
        let t = &self.by_byte[s];
        t[0][(set & 0xff) as usize]
            | t[1][((set >> 8) & 0xff) as usize]
            | t[2][((set >> 16) & 0xff) as usize]
            | t[3][(set >> 24) as usize]
    }

    /// The enemy pieces that a piece of the mover, just arrived on `q`, flips: `mover` and
    /// `other` are the board just after the move (`mover` includes `q`).
    #[inline]
    pub fn flips(&self, mover: u32, other: u32, q: usize) -> u32 {
        let step = &self.step[q];
        let mut flips = 0;
        // Pincer: an enemy neighbour with one of the mover's pieces right behind it.
        for (d, &n1) in step.iter().enumerate() {
            if n1 != NONE && other & (1 << n1) != 0 {
                let n2 = self.step[n1 as usize][d];
                if n2 != NONE && mover & (1 << n2) != 0 {
                    flips |= 1 << n1;
                }
            }
        }
        // Insertion: both neighbours along the row, or both along the column, are enemies.
        for (a, b) in [(step[0], step[1]), (step[2], step[3])] {
            if a != NONE && b != NONE && other & (1 << a) != 0 && other & (1 << b) != 0 {
                flips |= (1 << a) | (1 << b);
            }
        }
        flips
    }

    /// Whether the side to move has a move (a piece with an empty neighbour).
    #[inline]
    pub fn has_move(&self, pos: Pos) -> bool {
        let empty = self.full & !pos.occupied();
        let mut own = pos.own;
        while own != 0 {
            let p = own.trailing_zeros() as usize;
            own &= own - 1;
            if self.neighbours[p] & empty != 0 {
                return true;
            }
        }
        false
    }

    /// The position after a move, seen from the other side (who moves next).
    #[inline]
    pub fn child(&self, pos: Pos, from: usize, to: usize) -> (Pos, u32) {
        let mover = pos.own ^ (1 << from) ^ (1 << to);
        let flipped = self.flips(mover, pos.enemy, to);
        (
            Pos {
                own: pos.enemy & !flipped,
                enemy: mover | flipped,
            },
            flipped,
        )
    }

    /// Calls `visit` with every move of the side to move: lowest `from` first, then by
    /// direction and distance. Only the destination is computed; [`Geometry::child`] gives
    /// the position after it.
    #[inline]
    pub fn for_each_destination(&self, pos: Pos, mut visit: impl FnMut(usize, usize)) {
        let occupied = pos.occupied();
        let mut own = pos.own;
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            for d in 0..4 {
                let mut q = self.step[from][d];
                while q != NONE && occupied & (1 << q) == 0 {
                    visit(from, q as usize);
                    q = self.step[q as usize][d];
                }
            }
        }
    }

    /// Every move of the side to move, with its flips.
    pub fn moves(&self, pos: Pos) -> Vec<Move> {
        let mut moves = Vec::new();
        self.for_each_destination(pos, |from, to| {
            let (_, flipped) = self.child(pos, from, to);
            moves.push(Move {
                from: from as u8,
                to: to as u8,
                flipped,
            });
        });
        moves
    }

    /// Calls `visit(parent, flipped)` for every position from which a move leads to `pos`,
    /// with the pieces that move flipped; with `quiet_only`, only moves that flip nothing.
    ///
    /// The piece that moved last is one of `pos.enemy`, on some point `q`. The pieces it
    /// flipped are among its enemy-coloured neighbours; each candidate set is checked by
    /// computing the flips forward on the board just after the move, which does not depend on
    /// where the piece came from. The piece came from an empty point in a straight line
    /// through empty points.
    #[inline]
    pub fn for_each_predecessor(
        &self,
        pos: Pos,
        quiet_only: bool,
        mut visit: impl FnMut(Pos, u32),
    ) {
        let empty = self.full & !pos.occupied();
        let mut arrived = pos.enemy;
        while arrived != 0 {
            let q = arrived.trailing_zeros() as usize;
            arrived &= arrived - 1;
            // Without an empty neighbour the piece cannot have slid onto q.
            if self.neighbours[q] & empty == 0 {
                continue;
            }
            let candidates = if quiet_only {
                0
            } else {
                self.neighbours[q] & pos.enemy
            };
            // Every subset of the candidates, the empty set first.
            let mut subset: u32 = 0;
            loop {
                let mover = pos.enemy & !subset;
                let other = pos.own | subset;
                if self.flips(mover, other, q) == subset {
                    let base = Pos {
                        own: mover & !(1 << q),
                        enemy: other,
                    };
                    for d in 0..4 {
                        let mut from = self.step[q][d];
                        while from != NONE && empty & (1 << from) != 0 {
                            visit(
                                Pos {
                                    own: base.own | (1 << from),
                                    enemy: base.enemy,
                                },
                                subset,
                            );
                            from = self.step[from as usize][d];
                        }
                    }
                }
                if subset == candidates {
                    break;
                }
                subset = (subset.wrapping_sub(candidates)) & candidates;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_the_eight_of_the_square() {
        for size in 3..=5 {
            let g = Geometry::new(size);
            let mut seen = std::collections::HashSet::new();
            for s in 0..8 {
                let perm: Vec<usize> = (0..g.points()).map(|p| g.image_of_point(s, p)).collect();
                // A permutation that keeps neighbours neighbours.
                let mut sorted = perm.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..g.points()).collect::<Vec<_>>());
                for p in 0..g.points() {
                    for d in 0..4 {
                        let q = g.step(p, d);
                        if q != NONE {
                            let (a, b) = (perm[p], perm[q as usize]);
                            assert_ne!(g.neighbours[a] & (1 << b), 0);
                        }
                    }
                }
                assert!(seen.insert(perm));
            }
            let set = 0b1_0110_1101_u32 & g.full();
            for s in 0..8 {
                let by_points = (0..g.points())
                    .filter(|p| set & (1 << p) != 0)
                    .fold(0, |acc, p| acc | 1 << g.image_of_point(s, p));
                assert_eq!(g.transform(s, set), by_points);
            }
        }
    }

    #[test]
    fn predecessors_lead_back() {
        // Every move's result lists the position before it among its predecessors, with the
        // same flips, and every predecessor really moves there.
        let g = Geometry::new(4);
        let positions = [
            Pos {
                own: 0b0000_0110_0001_0000,
                enemy: 0b0001_1001_0100_0010,
            },
            Pos {
                own: 0b0110_0000_0000_0110,
                enemy: 0b0000_0110_0110_0000,
            },
        ];
        for pos in positions {
            for m in g.moves(pos) {
                let (child, flipped) = g.child(pos, m.from as usize, m.to as usize);
                let mut found = Vec::new();
                g.for_each_predecessor(child, false, |parent, f| found.push((parent, f)));
                assert!(found.contains(&(pos, flipped)), "{pos:?} {m:?}");
                for (parent, f) in found {
                    let ok = g
                        .moves(parent)
                        .iter()
                        .any(|pm| g.child(parent, pm.from as usize, pm.to as usize) == (child, f));
                    assert!(ok, "{parent:?} does not lead to {child:?}");
                }
            }
        }
    }
}
