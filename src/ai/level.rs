//! The levels of play: the two reference players (random and greedy) and the ten levels
//! offered to players, from Beginner to Master.

use std::fmt;

use crate::rules::GameId;

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

    /// The levels offered to players in some game, weakest first ([`Level::offered`] says
    /// which in each game).
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

    /// The levels offered in `game`, weakest first. Flying spans a narrower range of play
    /// than the other games (perfect play draws from the start, and the greedy player is
    /// stronger there), so it offers eight: with Casual and Advanced, neighbours would stand
    /// too close to each other.
    pub fn offered(game: GameId) -> &'static [Level] {
        const EIGHT: [Level; 8] = [
            Level::Beginner,
            Level::Novice,
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Expert,
            Level::Elite,
            Level::Master,
        ];
        match game {
            GameId::Flying => &EIGHT,
            GameId::Neihuang | GameId::Wudao => &Level::PLAYABLE,
        }
    }

    /// Whether the level is offered to players in some game (not a reference player).
    pub fn is_playable(self) -> bool {
        Level::PLAYABLE.contains(&self)
    }

    /// Whether the level is offered in `game`.
    pub fn is_offered(self, game: GameId) -> bool {
        Level::offered(game).contains(&self)
    }

    /// The level offered in `game` that stands for this one: itself, or for a level `game`
    /// does not offer, the strongest offered level below it (for a reference player, the
    /// weakest offered level).
    pub fn in_game(self, game: GameId) -> Level {
        let offered = Level::offered(game);
        offered
            .iter()
            .rev()
            .find(|&&l| l <= self)
            .or(offered.first())
            .copied()
            .unwrap_or(self)
    }

    /// The level offered in `game` one step stronger than this one's, if there is one.
    pub fn stronger(self, game: GameId) -> Option<Level> {
        let offered = Level::offered(game);
        let i = offered.iter().position(|&l| l == self.in_game(game))?;
        offered.get(i + 1).copied()
    }

    /// The level offered in `game` one step weaker than this one's, if there is one.
    pub fn weaker(self, game: GameId) -> Option<Level> {
        let offered = Level::offered(game);
        let i = offered.iter().position(|&l| l == self.in_game(game))?;
        i.checked_sub(1).map(|j| offered[j])
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
        for game in GameId::ALL {
            let offered = Level::offered(game);
            assert!(offered.len() >= 7, "{game}");
            assert_eq!(offered.first(), Some(&Level::Beginner));
            assert_eq!(offered.last(), Some(&Level::Master));
            assert_eq!(Level::Beginner.weaker(game), None);
            assert_eq!(Level::Master.stronger(game), None);
            let mut level = Level::Beginner;
            let mut climbed = vec![level];
            while let Some(next) = level.stronger(game) {
                assert_eq!(next.weaker(game), Some(level));
                climbed.push(next);
                level = next;
            }
            assert_eq!(climbed, offered);
            assert!(offered.windows(2).all(|w| w[0] < w[1]));
            for level in Level::ALL {
                let standing = level.in_game(game);
                assert!(standing.is_offered(game), "{level} in {game}");
                assert!(
                    standing <= level || level < Level::Beginner,
                    "{level} in {game}"
                );
            }
        }
        assert_eq!(Level::Casual.in_game(GameId::Flying), Level::Novice);
        assert_eq!(Level::Advanced.in_game(GameId::Flying), Level::Hard);
        assert_eq!(Level::Casual.in_game(GameId::Wudao), Level::Casual);
        assert_eq!(Level::Greedy.in_game(GameId::Wudao), Level::Beginner);
        assert_eq!(Level::Casual.stronger(GameId::Flying), Some(Level::Easy));
    }
}
