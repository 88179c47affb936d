//! The levels of play: the two reference players (random and greedy) and the ten levels
//! offered to players, from Beginner to Master.

use std::fmt;

/// How strongly the computer plays.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal actions (a reference for measuring the levels).
    Random,
    /// One action of look-ahead: the action that gains the most material at once, ties
    /// broken by the seed; about how someone plays who has just learned the rules. The
    /// anchor of every game's rating scale (1000).
    Greedy,
    /// The first level offered: sees its own captures, little of the opponent's, and
    /// misjudges close choices often; about as strong as the greedy player.
    Beginner,
    /// The second level offered.
    Novice,
    /// The third level offered.
    Casual,
    /// The fourth level offered.
    Easy,
    /// The fifth level offered.
    Medium,
    /// The sixth level offered.
    Hard,
    /// The seventh level offered.
    Advanced,
    /// The eighth level offered.
    Expert,
    /// The ninth level offered: the full search on a node budget, now and then choosing the
    /// second-best of close actions.
    Elite,
    /// The strongest play: the full search with its refinements and knowledge, on time and on
    /// every core it is offered.
    Master,
}

impl Level {
    /// Every level, the reference players first.
    pub const ALL: [Level; 12] = [
        Level::Random,
        Level::Greedy,
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Advanced,
        Level::Expert,
        Level::Elite,
        Level::Master,
    ];

    /// The levels offered to players, weakest first.
    pub const PLAYABLE: [Level; 10] = [
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Advanced,
        Level::Expert,
        Level::Elite,
        Level::Master,
    ];

    /// `random`, `greedy`, `beginner`, `novice`, `casual`, `easy`, `medium`, `hard`,
    /// `advanced`, `expert`, `elite` or `master`.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::Elite => "elite",
            Level::Master => "master",
        }
    }

    /// The level named by its id (`beginner`, `master` …), if there is one.
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == text)
    }

    /// Whether the level is offered to players (not a reference player).
    pub fn is_playable(self) -> bool {
        Level::PLAYABLE.contains(&self)
    }

    /// The offered level one step stronger, if there is one.
    pub fn stronger(self) -> Option<Level> {
        let i = Level::PLAYABLE.iter().position(|&l| l == self)?;
        Level::PLAYABLE.get(i + 1).copied()
    }

    /// The offered level one step weaker, if there is one.
    pub fn weaker(self) -> Option<Level> {
        let i = Level::PLAYABLE.iter().position(|&l| l == self)?;
        i.checked_sub(1).map(|j| Level::PLAYABLE[j])
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_the_offered_levels_climb_one_step_at_a_time() {
        for level in Level::ALL {
            assert_eq!(Level::parse(level.id()), Some(level));
        }
        assert_eq!(Level::parse("grandmaster"), None);
        // The ids of earlier versions still name levels.
        for old in ["easy", "medium", "hard", "expert", "master", "random"] {
            assert!(Level::parse(old).is_some(), "{old}");
        }
        assert_eq!(Level::Beginner.weaker(), None);
        assert_eq!(Level::Master.stronger(), None);
        assert_eq!(Level::Greedy.stronger(), None);
        let mut level = Level::Beginner;
        let mut climbed = vec![level];
        while let Some(next) = level.stronger() {
            assert_eq!(next.weaker(), Some(level));
            climbed.push(next);
            level = next;
        }
        assert_eq!(climbed, Level::PLAYABLE);
        assert!(Level::PLAYABLE.windows(2).all(|w| w[0] < w[1]));
    }
}
