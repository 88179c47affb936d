//! Sanqi (三棋): three Chinese folk board games on a 5×5 grid — Neihuang Ge Fang Qi, Square
//! Flying Chess and Wu Dao Qi — with a computer opponent, a command line and a desktop app.

pub mod ai;
pub mod app;
pub mod arena;
pub mod cli;
pub mod data_dir;
pub mod echo;
pub mod files;
pub mod learn;
pub mod online;
pub mod platform;
pub mod rules;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
pub mod sound;
pub mod tablebase;
