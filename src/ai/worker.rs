//! The AI off the caller's thread: requests go in with a generation number, replies come
//! back over a channel, and a new request or [`Worker::cancel`] stops the search in progress
//! at once.
//!
//! On the desktop the worker is a thread of its own ([`thread`]); in the web build, where the
//! page has one thread, it is a Web Worker running this same program, reached through the
//! text of [`wire`] (`web`). Either keeps one [`Engine`](super::Engine) for its whole life,
//! so a level that keeps its table between decisions does so across the requests of a game.

use super::engine::Plan;
use super::error::AiError;
use super::settings::Config;
use crate::rules::State;

#[cfg(not(target_arch = "wasm32"))]
mod thread;
#[cfg(target_arch = "wasm32")]
mod web;
pub mod wire;

#[cfg(not(target_arch = "wasm32"))]
pub use thread::Worker;
#[cfg(target_arch = "wasm32")]
pub use web::{JOB, Worker, serve_in_worker};

/// A position to decide, with what the search may know.
#[derive(Clone, Debug)]
pub struct Request {
    /// The position to plan a turn for.
    pub state: State,
    /// Keys of the earlier positions of the game, for the repetition rule.
    pub history: Vec<u128>,
    /// The player to plan it as: a level, with any settings changed.
    pub config: Config,
    /// The seed of the player's random choices.
    pub seed: u64,
    /// Turns played in a row without a capture or a flip, for the 100-turn rule.
    pub quiet_turns: u16,
    /// Echoed in the reply so that stale answers can be dropped.
    pub generation: u64,
}

/// The answer to a request.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The generation of the request it answers.
    pub generation: u64,
    /// The planned turn, or why there is none.
    pub result: Result<Plan, AiError>,
}
