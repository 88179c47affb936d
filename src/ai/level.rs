//! The levels of play, from random to Master.

use std::fmt;

/// How strongly the computer plays.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal actions (for testing and for measuring the other levels).
    Random,
    Easy,
    Medium,
    Hard,
    Expert,
    /// The strongest play: Expert's search with its refinements and knowledge, on time and
    /// on every core it is offered.
    Master,
}

impl Level {
    /// The levels offered to players.
    pub const PLAYABLE: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Master,
    ];

    /// `random`, `easy`, `medium`, `hard`, `expert` or `master`.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        [
            Level::Random,
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Expert,
            Level::Master,
        ]
        .into_iter()
        .find(|l| l.id() == text)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
