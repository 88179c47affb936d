//! The bounds of the search's scores and depth.

/// A won game, scored from the winner's side (minus the distance in plies).
pub(crate) const MATE: i32 = 1_000_000;
/// Above every score.
pub(crate) const INFINITY: i32 = 2 * MATE;
/// The deepest ply a search reaches.
pub(crate) const MAX_PLY: usize = 128;
/// No removal just made (see `SearchThread::removed`).
pub(crate) const NO_REMOVAL: u8 = u8::MAX;
