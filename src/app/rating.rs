//! The person's own rating in each game, on the scale of the levels' ratings (the ladder's,
//! where the greedy player is 1000), and the level it suggests next.
//!
//! Only games the person played alone against the computer and finished count: a hot-seat
//! game is two people's, a watched one nobody's, an abandoned one unfinished, and a game with a
//! hint, a take-back or a change of level mid-game is not the person's own play against one
//! level (it still counts in the tallies, not in the rating). Each game is a Glicko-2 rating
//! period against the level's rating, whose uncertainty is the ladder's interval.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::arena::glicko::Glicko;
use crate::arena::ladder;
use crate::rules::GameId;

/// Where a new player's rating starts: about the greedy player, as someone who has just
/// learned the rules plays.
pub const START: f64 = 1000.0;

/// The most rating points kept for the graph.
pub const HISTORY_LEN: usize = 500;

/// The smallest deviation a level's rating is taken with, whatever its measured interval.
const LEVEL_DEVIATION: f64 = 30.0;

/// One point of the rating's history.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When the game ended, in seconds since 1970 (UTC).
    pub time: u64,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation after it.
    pub deviation: f64,
}

/// The person's rating in one game, with its history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The rating now.
    pub now: Glicko,
    /// Games rated.
    pub games: u32,
    /// The rating after each game, oldest first (the last [`HISTORY_LEN`]).
    pub history: Vec<RatingPoint>,
}

impl Default for PlayerRating {
    fn default() -> Self {
        PlayerRating {
            now: Glicko::new(START),
            games: 0,
            history: Vec::new(),
        }
    }
}

impl PlayerRating {
    /// Whether every number in it makes sense (one read from a file may not).
    pub fn is_sound(&self) -> bool {
        self.now.is_sound()
            && self.history.len() <= HISTORY_LEN
            && self.history.iter().all(|p| {
                Glicko {
                    rating: p.rating,
                    deviation: p.deviation,
                    volatility: self.now.volatility,
                }
                .is_sound()
            })
    }

    /// The rating after a finished game against `level` in `game` that scored `score` (1 a
    /// win, 0.5 a draw, 0 a loss), at `time`. A level without a rating (none is missing in a
    /// built program) leaves it as it was.
    pub fn rate(&mut self, game: GameId, level: Level, score: f64, time: u64) {
        let Some(opponent) = level_rating(game, level) else {
            return;
        };
        self.now = self.now.after(&opponent, score);
        self.games = self.games.saturating_add(1);
        self.history.push(RatingPoint {
            time,
            rating: self.now.rating,
            deviation: self.now.deviation,
        });
        if self.history.len() > HISTORY_LEN {
            let extra = self.history.len() - HISTORY_LEN;
            self.history.drain(..extra);
        }
    }

    /// The level to offer next after a game against `level` in `game`: one step up when the
    /// person is clearly above it (an expected score of 70% or more, and the rating less its
    /// deviation above the level's), one step down when clearly below; none otherwise.
    pub fn suggestion(&self, game: GameId, level: Level) -> Option<Suggestion> {
        let opponent = level_rating(game, level)?;
        let expected = self.now.expected(&opponent);
        if expected >= 0.70 && self.now.rating - self.now.deviation > opponent.rating {
            level.stronger(game).map(Suggestion::Up)
        } else if expected <= 0.30 && self.now.rating + self.now.deviation < opponent.rating {
            level.weaker(game).map(Suggestion::Down)
        } else {
            None
        }
    }
}

/// What a rated game did, for the result to say: the rating before and after, and the level
/// to offer next, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AfterGame {
    /// The game.
    pub game: GameId,
    /// The level played.
    pub level: Level,
    /// The rating before the game (`None` for a first rated game).
    pub before: Option<Glicko>,
    /// The rating after it.
    pub after: Glicko,
    /// The level offered next.
    pub suggestion: Option<Suggestion>,
}

/// A level offered after a game, never chosen for the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// The next level up: the person is clearly above the last one.
    Up(Level),
    /// The next level down: the last one is clearly too strong for now.
    Down(Level),
}

impl Suggestion {
    /// The level offered.
    pub fn level(self) -> Level {
        match self {
            Suggestion::Up(l) | Suggestion::Down(l) => l,
        }
    }
}

/// Seconds since 1970 now (UTC), as the rating's history keeps times.
pub fn unix_seconds() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `level`'s rating in `game` as an opponent: the ladder's fit, its deviation from the 95%
/// interval.
pub fn level_rating(game: GameId, level: Level) -> Option<Glicko> {
    let rated = ladder::interval_of(game, level)?;
    Some(Glicko {
        rating: rated.value,
        deviation: (rated.margin / 1.96).max(LEVEL_DEVIATION),
        volatility: crate::arena::glicko::NEW_VOLATILITY,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_raise_the_rating_and_a_clear_edge_suggests_the_next_level() {
        let game = GameId::Wudao;
        let mut me = PlayerRating::default();
        assert_eq!(
            me.suggestion(game, Level::Beginner),
            None,
            "one game tells nothing"
        );
        for i in 0..6 {
            me.rate(game, Level::Beginner, 1.0, 100 + i);
        }
        assert_eq!(me.games, 6);
        assert_eq!(me.history.len(), 6);
        assert!(me.history.windows(2).all(|w| w[1].rating > w[0].rating));
        assert_eq!(
            me.suggestion(game, Level::Beginner),
            Some(Suggestion::Up(Level::Novice))
        );
        // Losing again and again to Master suggests the level below it.
        let mut weak = PlayerRating::default();
        for i in 0..6 {
            weak.rate(game, Level::Master, 0.0, i);
        }
        assert_eq!(
            weak.suggestion(game, Level::Master),
            Some(Suggestion::Down(Level::Elite))
        );
        // Even results against a level suggest nothing.
        let mut even = PlayerRating::default();
        for i in 0..10 {
            even.rate(game, Level::Easy, if i % 2 == 0 { 1.0 } else { 0.0 }, i);
        }
        assert_eq!(even.suggestion(game, Level::Easy), None);
        assert!(even.is_sound());
    }

    #[test]
    fn the_history_keeps_its_newest_points() {
        let mut me = PlayerRating::default();
        for i in 0..(HISTORY_LEN as u64 + 20) {
            me.rate(GameId::Flying, Level::Easy, 0.5, i);
        }
        assert_eq!(me.history.len(), HISTORY_LEN);
        assert_eq!(
            me.history.last().map(|p| p.time),
            Some(HISTORY_LEN as u64 + 19)
        );
        assert_eq!(me.games as usize, HISTORY_LEN + 20);
    }
}
