//! The screens that fill the window: [`home::HomeScreen`] and [`game::GameScreen`] (playing
//! and reviewing). Each keeps its own layout state, draws from a [`View`](super::view::View)
//! and returns the user's commands; [`Screen`] says which one is shown.

pub mod game;
pub mod home;
mod side_panel;

/// Which screen fills the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Game,
}
