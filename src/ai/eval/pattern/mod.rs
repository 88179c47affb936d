//! The pattern evaluation, learned from self-play: for each phase of the game (a *bucket*), a
//! table of weights per shape (rows, columns, diagonals, 2×2, 2×3 and 3×3 blocks, read in
//! every symmetric place) and a weight per scalar term (material, pieces in hand, mobility,
//! parity, threats, the captures waiting behind the pulls).
//!
//! A position's value for the side to act is the sum of the weights its features select:
//! a logistic model of the game's result whose unit is fixed by [`scale`]. The same code
//! lists the features for training ([`Features::visit`]) and sums them in play, so the two
//! can never disagree. Weights come from `sanqi train` and are embedded from `assets/eval`.

mod neihuang;
mod shape;
pub(crate) mod weights;
mod wudao;

use std::sync::OnceLock;

pub(crate) use shape::{Compiled, Shape};
pub use weights::{Weights, WeightsError};

use crate::rules::board::Bits;
use crate::rules::{GameId, GameRules};

/// Centipieces per unit of the model's logit in `game`: a score `s` means the side to act
/// wins with probability `1 / (1 + e^(−s / scale))`. The scales are those that best turn the
/// hand-written evaluation's centipieces into results in self-play (fitted by `sanqi train`
/// on the first generation's games), so that a learned score of 100 means about what one
/// piece ahead meant: in Wu Dao a piece decides more (a full board is won by one).
pub(crate) fn scale(game: GameId) -> f64 {
    match game {
        GameId::Wudao => 55.0,
        _ => 170.0,
    }
}

/// Stored weights are in this many parts of a centipiece.
pub(crate) const UNITS: i32 = 16;

/// The most scalar terms a game has.
pub(crate) const MAX_SCALARS: usize = 32;

/// The most places a game's shapes are read.
pub(crate) const MAX_IMAGES: usize = 64;

/// The most images that read one point.
const MAX_PER_POINT: usize = 32;

/// What a game's pattern evaluation is made of.
pub(crate) struct Layout {
    pub game: GameId,
    pub shapes: Vec<Compiled>,
    /// Where each shape's table starts inside a bucket.
    offsets: Vec<usize>,
    /// For each place a shape is read (all shapes' images in order), where its shape's
    /// table starts inside a bucket.
    image_offsets: Vec<u32>,
    /// For each point, the images that read it and the power of 3 its digit has there
    /// (the first `point_counts[p]` entries).
    point_images: [[(u8, u16); MAX_PER_POINT]; 25],
    point_counts: [u8; 25],
    /// Where the scalar weights start inside a bucket.
    scalar_offset: usize,
    /// The names of the scalar terms, in order.
    pub scalars: &'static [&'static str],
    /// The names of the buckets, in order.
    pub buckets: &'static [&'static str],
    /// Weights in one bucket.
    pub bucket_len: usize,
}

impl Layout {
    fn new(
        game: GameId,
        shapes: &[Shape],
        scalars: &'static [&'static str],
        buckets: &'static [&'static str],
    ) -> Layout {
        let shapes: Vec<Compiled> = shapes.iter().map(Compiled::new).collect();
        let mut offsets = Vec::with_capacity(shapes.len());
        let mut image_offsets = Vec::new();
        let mut point_images = [[(0u8, 0u16); MAX_PER_POINT]; 25];
        let mut point_counts = [0u8; 25];
        let mut at = 0;
        for shape in &shapes {
            offsets.push(at);
            for image in &shape.images {
                let id = image_offsets.len() as u8;
                image_offsets.push(at as u32);
                for (i, &p) in image.iter().enumerate() {
                    let p = p as usize;
                    let n = point_counts[p] as usize;
                    assert!(n < MAX_PER_POINT, "point {p} is read by too many images");
                    point_images[p][n] = (id, 3u16.pow(i as u32));
                    point_counts[p] += 1;
                }
            }
            at += shape.patterns;
        }
        assert!(image_offsets.len() <= MAX_IMAGES && scalars.len() <= MAX_SCALARS);
        Layout {
            game,
            shapes,
            offsets,
            image_offsets,
            point_images,
            point_counts,
            scalar_offset: at,
            scalars,
            buckets,
            bucket_len: at + scalars.len(),
        }
    }

    /// All the weights of the model.
    pub fn len(&self) -> usize {
        self.bucket_len * self.buckets.len()
    }

    /// A fingerprint of the layout (its shapes, scalars and buckets), kept in a weights file
    /// so that weights for another layout are refused.
    pub fn fingerprint(&self) -> u32 {
        let mut h = crc32fast::Hasher::new();
        h.update(self.game.id().as_bytes());
        for shape in &self.shapes {
            h.update(shape.name.as_bytes());
            h.update(&(shape.patterns as u32).to_le_bytes());
            h.update(&(shape.images.len() as u32).to_le_bytes());
        }
        for name in self.scalars.iter().chain(self.buckets) {
            h.update(name.as_bytes());
        }
        h.finalize()
    }

    /// The canonical weight index that `index` shares its weight with (the same index when
    /// it is a scalar).
    pub fn canonical(&self, index: usize) -> usize {
        let bucket = index / self.bucket_len;
        let within = index % self.bucket_len;
        if within >= self.scalar_offset {
            return index;
        }
        let shape = self.offsets.partition_point(|&o| o <= within) - 1;
        let base = self.offsets[shape];
        bucket * self.bucket_len + base + self.shapes[shape].canonical(within - base)
    }
}

/// The pattern index of every image of a position, for each side as the one to act
/// (`views[s]`: digit 1 for side `s`'s pieces, 2 for the other side's, 0 for empty).
///
/// The search keeps it up to date from one position to the next ([`Indices::update`]): an
/// action changes a few points, and each point is read by a few images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Indices {
    views: [[u16; MAX_IMAGES]; 2],
}

impl Indices {
    /// The indices of the position with these pieces (Black's, White's).
    pub fn of(layout: &Layout, boards: [Bits; 2]) -> Indices {
        let mut indices = Indices {
            views: [[0; MAX_IMAGES]; 2],
        };
        for (side, &pieces) in boards.iter().enumerate() {
            indices.add(layout, side, pieces);
        }
        indices
    }

    /// Adds the pieces `points` of side `side` (0 Black, 1 White).
    #[inline]
    fn add(&mut self, layout: &Layout, side: usize, points: Bits) {
        self.change::<true>(layout, side, points);
    }

    /// Removes the pieces `points` of side `side`.
    #[inline]
    fn remove(&mut self, layout: &Layout, side: usize, points: Bits) {
        self.change::<false>(layout, side, points);
    }

    /// Adds (`ADD`) or removes the pieces `points` of side `side` in every image through
    /// them: digit 1 where the side is the one to act, 2 where it is the other.
    #[inline]
    fn change<const ADD: bool>(&mut self, layout: &Layout, side: usize, points: Bits) {
        let mut rest = points;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = layout.point_counts[p] as usize;
            for &(image, power) in &layout.point_images[p][..n] {
                let i = image as usize;
                if ADD {
                    self.views[side][i] += power;
                    self.views[1 - side][i] += 2 * power;
                } else {
                    self.views[side][i] -= power;
                    self.views[1 - side][i] -= 2 * power;
                }
            }
        }
    }

    /// Follows the change of pieces from `before` to `after`.
    #[inline]
    pub fn update(&mut self, layout: &Layout, before: [Bits; 2], after: [Bits; 2]) {
        for side in 0..2 {
            let gone = before[side] & !after[side];
            if gone != 0 {
                self.remove(layout, side, gone);
            }
            let new = after[side] & !before[side];
            if new != 0 {
                self.add(layout, side, new);
            }
        }
    }
}

/// Where a feature's weight is, and how much of it counts.
pub(crate) trait Sink {
    /// A pattern feature: weight `index` counts once.
    fn pattern(&mut self, index: usize);
    /// A scalar feature: weight `index` counts `value` times.
    fn scalar(&mut self, index: usize, value: i32);
}

/// A game that has a pattern evaluation.
pub(crate) trait Features: GameRules {
    /// The game's layout.
    fn layout() -> &'static Layout;
    /// The bucket of this position.
    fn bucket(&self) -> usize;
    /// The scalar terms of this position, for the side to act; returns how many.
    fn scalars(&self, out: &mut [i32; MAX_SCALARS]) -> usize;

    /// Every feature of the position, for the side to act, with the position's `indices`.
    fn visit_with<S: Sink>(&self, indices: &Indices, sink: &mut S) {
        let layout = Self::layout();
        let Some(side) = self.to_act() else { return };
        let base = self.bucket() * layout.bucket_len;
        let view = &indices.views[side.index()];
        for (image, &offset) in layout.image_offsets.iter().enumerate() {
            sink.pattern(base + offset as usize + view[image] as usize);
        }
        let mut values = [0; MAX_SCALARS];
        let n = self.scalars(&mut values);
        let at = base + layout.scalar_offset;
        for (i, &v) in values[..n].iter().enumerate() {
            if v != 0 {
                sink.scalar(at + i, v);
            }
        }
    }

    /// Every feature of the position, for the side to act.
    fn visit<S: Sink>(&self, sink: &mut S) {
        let indices = Indices::of(Self::layout(), self.boards());
        self.visit_with(&indices, sink);
    }

    /// The position's value for the side to act under `weights`, in centipieces, with its
    /// indices if they are at hand (computed otherwise). The same sum as [`Features::visit`]
    /// lists, written out for speed.
    fn pattern_value(&self, weights: &Weights, indices: Option<&Indices>) -> i32 {
        let layout = Self::layout();
        let Some(side) = self.to_act() else { return 0 };
        let computed;
        let indices = match indices {
            Some(indices) => indices,
            None => {
                computed = Indices::of(layout, self.boards());
                &computed
            }
        };
        let base = self.bucket() * layout.bucket_len;
        let bucket = &weights.values()[base..base + layout.bucket_len];
        let view = &indices.views[side.index()];
        let mut total: i32 = layout
            .image_offsets
            .iter()
            .zip(view)
            .map(|(&offset, &index)| i32::from(bucket[offset as usize + index as usize]))
            .sum();
        let mut values = [0; MAX_SCALARS];
        let n = self.scalars(&mut values);
        let scalar_weights = &bucket[layout.scalar_offset..];
        for (w, v) in scalar_weights.iter().zip(&values[..n]) {
            total += i32::from(*w) * v;
        }
        total / UNITS
    }
}

/// The layout of `game`, if it has a pattern evaluation.
pub(crate) fn layout(game: GameId) -> Option<&'static Layout> {
    match game {
        GameId::Neihuang => Some(<crate::rules::neihuang::State as Features>::layout()),
        GameId::Wudao => Some(<crate::rules::wudao::State as Features>::layout()),
        GameId::Flying => None,
    }
}

/// The weights built into the program for `game`, if it has them: checked when first asked
/// for (the build checks them too).
pub(crate) fn embedded(game: GameId) -> Option<&'static Weights> {
    static NEIHUANG: OnceLock<Option<Weights>> = OnceLock::new();
    static WUDAO: OnceLock<Option<Weights>> = OnceLock::new();
    let (cell, bytes): (&OnceLock<Option<Weights>>, &[u8]) = match game {
        GameId::Neihuang => (&NEIHUANG, weights::NEIHUANG),
        GameId::Wudao => (&WUDAO, weights::WUDAO),
        GameId::Flying => return None,
    };
    cell.get_or_init(|| Weights::parse(bytes).ok()).as_ref()
}

/// A layout's shapes from point names, for the per-game lists.
macro_rules! shape_of {
    ($name:literal: $($point:ident)+) => {
        Shape {
            name: $name,
            points: {
                const POINTS: &[u8] = &[$(shape_of!(@point $point)),+];
                POINTS
            },
        }
    };
    (@point $p:ident) => {{
        let text = stringify!($p).as_bytes();
        (text[1] - b'1') * 5 + (text[0] - b'a')
    }};
}

/// The shapes both games read.
pub(crate) fn common_shapes() -> Vec<Shape> {
    vec![
        shape_of!("edge line": a1 b1 c1 d1 e1),
        shape_of!("second line": a2 b2 c2 d2 e2),
        shape_of!("middle line": a3 b3 c3 d3 e3),
        shape_of!("long diagonal": a1 b2 c3 d4 e5),
        shape_of!("diagonal of four": b1 c2 d3 e4),
        shape_of!("diagonal of three": c1 d2 e3),
        shape_of!("corner square": a1 b1 a2 b2),
        shape_of!("edge square": b1 c1 b2 c2),
        shape_of!("inner square": b2 c2 b3 c3),
        shape_of!("corner block": a1 b1 c1 a2 b2 c2),
        shape_of!("edge block": b1 c1 d1 b2 c2 d2),
        shape_of!("side block": a2 b2 c2 a3 b3 c3),
        shape_of!("centre block": b2 c2 d2 b3 c3 d3),
        shape_of!("corner region": a1 b1 c1 a2 b2 c2 a3 b3 c3),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_names_become_points() {
        let s = shape_of!("t": a1 e5 c3);
        assert_eq!(s.points, &[0, 24, 12]);
    }

    /// Weights with a random value for each canonical index (as training makes them).
    fn random_weights(game: GameId, seed: u64) -> Weights {
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let layout = layout(game).expect("a layout");
        let mut rng = StdRng::seed_from_u64(seed);
        let canonical: Vec<f64> = (0..layout.len())
            .map(|_| rng.random_range(-50.0..50.0))
            .collect();
        let values: Vec<f64> = (0..layout.len())
            .map(|i| canonical[layout.canonical(i)])
            .collect();
        Weights::from_centipieces(layout, &values)
    }

    /// Positions along seeded random games.
    fn positions<R: GameRules>(seed: u64, games: usize) -> Vec<R> {
        use crate::rules::ActionList;
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut state = R::start();
            let mut list = ActionList::new();
            for _ in 0..120 {
                state.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                out.push(state);
                state.apply_unchecked(list[rng.random_range(0..list.len())]);
            }
        }
        out
    }

    #[test]
    fn a_position_and_its_eight_symmetric_images_are_worth_the_same() {
        use crate::rules::symmetry::{COUNT, transform};
        use crate::rules::{Rules, neihuang, wudao};
        let weights = random_weights(GameId::Wudao, 1);
        for state in positions::<wudao::State>(2, 6) {
            let value = state.pattern_value(&weights, None);
            let [b, w] = state.boards();
            let side = state.to_act().expect("ongoing");
            for g in 0..COUNT {
                let image = wudao::State::from_parts([transform(g, b), transform(g, w)], side)
                    .expect("a position");
                assert_eq!(image.pattern_value(&weights, None), value, "g{g} {state:?}");
            }
        }
        let weights = random_weights(GameId::Neihuang, 3);
        let mut checked = 0;
        for state in positions::<neihuang::State>(4, 6) {
            // Positions in the middle of a turn keep their owed captures, which the images
            // built from parts leave out.
            if state.decision() != Some(crate::rules::Decision::Place)
                && state.decision() != Some(crate::rules::Decision::Move)
            {
                continue;
            }
            let value = state.pattern_value(&weights, None);
            let [b, w] = state.boards();
            let side = state.to_act().expect("ongoing");
            for g in 0..COUNT {
                let image = neihuang::State::from_parts(
                    [transform(g, b), transform(g, w)],
                    state.hands(),
                    state.phase(),
                    side,
                )
                .expect("a position");
                assert_eq!(image.pattern_value(&weights, None), value, "g{g} {state:?}");
            }
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }

    /// Follows seeded random games, keeping the indices from action to action as the search
    /// does, and checks them and the value against a computation from scratch.
    fn incremental_agrees_with_full<R: Features>(weights: &Weights, seed: u64) -> usize {
        use crate::rules::ActionList;
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let layout = R::layout();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut checked = 0;
        for _ in 0..8 {
            let mut state = R::start();
            let mut indices = Indices::of(layout, state.boards());
            let mut list = ActionList::new();
            for _ in 0..200 {
                state.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                let before = state.boards();
                state.apply_unchecked(list[rng.random_range(0..list.len())]);
                indices.update(layout, before, state.boards());
                assert_eq!(indices, Indices::of(layout, state.boards()), "{state:?}");
                assert_eq!(
                    state.pattern_value(weights, Some(&indices)),
                    state.pattern_value(weights, None)
                );
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn indices_kept_along_a_game_agree_with_indices_computed_afresh() {
        use crate::rules::{neihuang, wudao};
        let weights = random_weights(GameId::Wudao, 5);
        assert!(incremental_agrees_with_full::<wudao::State>(&weights, 6) > 100);
        // Neihuang's games go through placements, pulls, steps and captures.
        let weights = random_weights(GameId::Neihuang, 7);
        assert!(incremental_agrees_with_full::<neihuang::State>(&weights, 8) > 400);
    }

    #[test]
    fn canonical_indices_stay_in_their_bucket_and_shape() {
        for game in [GameId::Neihuang, GameId::Wudao] {
            let layout = layout(game).expect("a layout");
            let bucket_len = layout.bucket_len;
            for index in (0..layout.len()).step_by(97) {
                let c = layout.canonical(index);
                assert_eq!(c / bucket_len, index / bucket_len);
                assert!(c <= index);
                assert_eq!(layout.canonical(c), c);
            }
        }
    }
}
