//! Patterns: ordered lists of points whose contents (empty, own, enemy) index a table of
//! weights, read wherever the board's eight symmetries put them.
//!
//! A shape is given once, on one place of the board; its images under the symmetries are the
//! places it is read. Two images that cover the same points (a line read forwards and
//! backwards) are read once, and the weights of the orders they differ by are tied: the
//! table is indexed by the canonical order of a pattern ([`Compiled::canonical`]). The sum
//! of the weights is then the same for a position and every symmetric image of it.

use super::symmetry::{self, inverse, map};
use crate::rules::board::Bits;

/// A pattern's points in reading order (indices 0–24, `a1` = 0), and its name.
pub(crate) struct Shape {
    pub name: &'static str,
    pub points: &'static [u8],
}

/// The most points a shape may have (3^9 = 19 683 weights).
pub(crate) const MAX_POINTS: usize = 9;

/// A shape ready to read: the points of each of its distinct images, in reading order, and
/// the map to canonical patterns.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub name: &'static str,
    /// 3^points: the size of its weight table.
    pub patterns: usize,
    /// For each place it is read, its points in reading order.
    pub images: Vec<Vec<u8>>,
    /// The reorderings of the shape's points by the symmetries that keep its point set.
    reorderings: Vec<Vec<usize>>,
}

impl Compiled {
    /// Prepares `shape`.
    pub fn new(shape: &Shape) -> Compiled {
        let points = shape.points;
        assert!(
            !points.is_empty() && points.len() <= MAX_POINTS,
            "{}",
            shape.name
        );
        let moved = |g: usize| -> Vec<u8> {
            points
                .iter()
                .map(|&p| {
                    let (c, r) = map(g, p % 5, p / 5);
                    r * 5 + c
                })
                .collect()
        };
        let set_of = |list: &[u8]| -> Bits { list.iter().fold(0, |s, &p| s | 1 << p) };
        let base_set = set_of(points);
        let mut images: Vec<Vec<u8>> = Vec::new();
        let mut reorderings: Vec<Vec<usize>> = Vec::new();
        for g in 0..symmetry::COUNT {
            // Image g of a position reads g⁻¹ of the shape's points.
            let list = moved(inverse(g));
            if !images.iter().any(|seen| set_of(seen) == set_of(&list)) {
                images.push(list);
            }
            // A symmetry that keeps the point set reorders the points.
            let onto = moved(g);
            if set_of(&onto) == base_set {
                let order: Vec<usize> = onto
                    .iter()
                    .map(|q| points.iter().position(|p| p == q).unwrap_or(0))
                    .collect();
                if !reorderings.contains(&order) {
                    reorderings.push(order);
                }
            }
        }
        Compiled {
            name: shape.name,
            patterns: 3usize.pow(points.len() as u32),
            images,
            reorderings,
        }
    }

    /// The canonical form of pattern `index`: the least index among its reorderings by the
    /// symmetries that keep the shape's points. Weights of a pattern and its reorderings are
    /// one weight.
    pub fn canonical(&self, index: usize) -> usize {
        let mut digits = [0u8; MAX_POINTS];
        let mut rest = index;
        for d in digits.iter_mut() {
            *d = (rest % 3) as u8;
            rest /= 3;
        }
        self.reorderings
            .iter()
            .map(|order| {
                // Point i of the reordered reading holds what point order[i] held.
                order
                    .iter()
                    .rev()
                    .fold(0, |acc, &from| acc * 3 + digits[from] as usize)
            })
            .min()
            .unwrap_or(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EDGE: Shape = Shape {
        name: "edge",
        points: &[0, 1, 2, 3, 4],
    };
    const CORNER: Shape = Shape {
        name: "corner",
        points: &[0, 1, 5, 6],
    };

    #[test]
    fn an_edge_line_is_read_on_the_four_edges_and_its_reversal_is_one_pattern() {
        let edge = Compiled::new(&EDGE);
        assert_eq!(edge.images.len(), 4);
        assert_eq!(edge.images[0], [0, 1, 2, 3, 4]);
        assert!(
            edge.images.contains(&vec![0, 5, 10, 15, 20])
                || edge.images.contains(&vec![20, 15, 10, 5, 0])
        );
        assert_eq!(edge.patterns, 243);
        // Own on a1 only, and own on e1 only: the same pattern read backwards.
        assert_eq!(edge.canonical(1), edge.canonical(81));
        assert_ne!(edge.canonical(1), edge.canonical(3));
    }

    #[test]
    fn a_corner_square_is_read_in_the_four_corners() {
        let corner = Compiled::new(&CORNER);
        assert_eq!(corner.images.len(), 4);
        // The diagonal mirror keeps the corner square and swaps b1 and a2.
        assert_eq!(corner.canonical(3), corner.canonical(9));
    }
}
