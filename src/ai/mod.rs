//! The computer opponent: the levels for all three games, on top of the rules.
//!
//! [`Engine::plan`] (or [`choose`] for a one-off decision) plans the whole turn of the side to
//! act (in Neihuang a move together with the captures and the yield that follow it). A player
//! is a [`Config`]: a level and the settings changed from its defaults, all declared in one
//! table ([`settings`]). Levels differ in search budget, knowledge and deliberate
//! imperfection. [`Worker`] runs the search off the caller's thread.
//!
//! Inside, knowledge flows one way: the rules below everything; the evaluation ([`eval`]),
//! the exact solver ([`solver`]), the settings and the levels beside each other; the
//! [`strategy`] trait above them, implemented by alpha-beta ([`alphabeta`]) and MCTS
//! ([`mcts`]); the turn planner ([`engine`]) above those; the worker and the analysis on
//! top.

mod alphabeta;
pub mod analysis;
pub mod book;
mod engine;
mod error;
pub(crate) mod eval;
pub mod exact;
pub(crate) mod greedy;
mod level;
mod mcts;
pub mod settings;
pub mod solver;
mod strategy;
mod worker;

pub use engine::{Context, Engine, Oracle, Plan, choose};
pub use error::AiError;
pub use eval::pattern::{Weights, WeightsError};
pub use level::Level;
pub use settings::{Algorithm, Config, EvalKind, Params};
pub use strategy::SearchStats;
#[cfg(target_arch = "wasm32")]
pub use worker::{JOB as SEARCH_JOB, serve_in_worker as serve_search};
pub use worker::{Reply, Request, Worker, wire};
