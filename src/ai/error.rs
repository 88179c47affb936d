//! Why the computer gave no action.

use std::fmt;

/// Why no action came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The game is over: there is nothing to decide.
    GameOver,
    /// The request was cancelled (a new game, an undo, a level change).
    Cancelled,
    /// The search failed unexpectedly; the message says how.
    Failed(String),
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::GameOver => f.write_str("the game is over"),
            AiError::Cancelled => f.write_str("cancelled"),
            AiError::Failed(why) => write!(f, "the computer failed to choose: {why}"),
        }
    }
}

impl std::error::Error for AiError {}
