//! Puzzles in the app: [`PuzzleRun`] plays one puzzle on the screen, [`PuzzleProgress`] is
//! what is kept between runs (the solver's rating, its history and streak, the puzzles
//! tried, the puzzle under way and the puzzles made from the player's own games). The
//! puzzles themselves, their verification and the rating system are `learn::puzzles`.

pub mod mistakes;
pub mod progress;
pub mod runner;

pub use progress::{Current, OWN_FIRST, OwnPuzzle, PUZZLES_VERSION, PuzzleProgress, Solver};
pub use runner::{Phase, PuzzleChanged, PuzzleEnv, PuzzleRun};
