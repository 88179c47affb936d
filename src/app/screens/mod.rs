//! The screens that fill the window: [`home::HomeScreen`], [`game::GameScreen`] (playing
//! and reviewing), [`lesson::LessonScreen`], [`history::HistoryScreen`] (the records
//! kept), [`puzzle::PuzzleScreen`] and [`stats::StatsScreen`]. Each keeps its own layout state, draws from a
//! [`View`](super::view::View) and returns the user's commands; [`Screen`] says which one is
//! shown.

mod analysis_panel;
pub mod game;
pub mod history;
pub mod home;
mod layout;
pub mod lesson;
pub mod puzzle;
mod side_panel;
pub mod stats;

/// Which screen fills the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The home screen.
    Home,
    /// A game.
    Game,
    /// A lesson step.
    Learn,
    /// The game history: the records kept.
    Records,
    /// Puzzles.
    Puzzles,
    /// A game's statistics: results, rating and puzzles.
    Stats,
}
