//! The puzzles' Glicko-2 ratings: puzzles and their solvers are rated alike, as lichess does (a
//! solved puzzle is a game the solver won against the puzzle), by the program's one Glicko-2
//! ([`crate::arena::glicko`]), on Glicko's own scale where someone new starts at 1500.

pub use crate::arena::glicko::{Game, Glicko as Rating, START_RATING};
