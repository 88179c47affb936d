//! The person's own rating in each game, on the scale of the levels' ratings (the ladder's,
//! where the greedy player is 1000), and the level it suggests next.
//!
//! Only games the person played alone against the computer and finished count: a hot-seat
//! game is two people's, a watched one nobody's, an abandoned one unfinished. A game against
//! the computer is rated unless one of these happened in it ([`Unrated`], the first one is
//! kept and said): a hint; a take-back; the level changed once an action was played; the turn
//! clock changed once an action was played; the person's clock ran out on two of their turns
//! in a row (the game then stops and asks whether they are still there); play went on from a
//! reviewed position after some actions. Such a game is not the person's own play against one
//! level on one clock: it still counts in the tallies, not in the rating. Each rated game is a
//! Glicko-2 rating period against the level's rating, whose uncertainty is the ladder's
//! interval.
//!
//! After a rated game the result may offer another level ([`PlayerRating::suggestion`]), from
//! the rating and the game's result, never more than [`REACH`] points above the rating.

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

/// How far above the person's rating a level offered next may be: about a 24% expected
/// score, a hard game still worth playing.
pub const REACH: f64 = 200.0;

/// Why a game against the computer is not rated: the first thing that happened in it that
/// makes it more than the person's own play against one level on one clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unrated {
    /// The person asked for a hint.
    Hint,
    /// The person took back an action.
    TakeBack,
    /// The computer's level changed once the game was under way.
    LevelChanged,
    /// The turn clock changed once the game was under way.
    ClockChanged,
    /// The person's clock ran out on two of their turns in a row: the game was not theirs.
    Away,
    /// Play went on from a reviewed position, after actions the person may not have played.
    PlayedOn,
    /// Help of some kind, as a game saved by an earlier version says without saying which.
    Help,
}

impl Unrated {
    /// The locale key of the reason, as "Unrated: …" and "This game is not rated: …" end.
    pub fn key(self) -> &'static str {
        match self {
            Unrated::Hint => "unrated.hint",
            Unrated::TakeBack => "unrated.take_back",
            Unrated::LevelChanged => "unrated.level",
            Unrated::ClockChanged => "unrated.clock",
            Unrated::Away => "unrated.away",
            Unrated::PlayedOn => "unrated.played_on",
            Unrated::Help => "unrated.help",
        }
    }
}

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

    /// The level to offer next after a game against `level` in `game` that scored `score` (1
    /// a win, 0.5 a draw, 0 a loss), the rating already moved by it:
    ///
    /// - after a win, up: the next level, if its rating is within [`REACH`] of the person's;
    ///   once the rating is no longer provisional, the level nearest the rating instead when
    ///   that is further up (a strong player starting low is not walked up one step a game);
    /// - after a loss, down: when the level is more than [`REACH`] above the rating, the level
    ///   nearest the rating (never a level above it by more than [`REACH`]);
    /// - nothing after a draw, or otherwise.
    ///
    /// A provisional rating goes up one step at a time: a few results say little. Down, it
    /// goes where the rating is, as a loss far above it says enough.
    pub fn suggestion(&self, game: GameId, level: Level, score: f64) -> Option<Suggestion> {
        let rating = self.now.rating;
        let within_reach = |l: Level| rating_of(game, l).is_some_and(|r| r <= rating + REACH);
        let nearest = nearest_level(game, rating);
        if score > 0.5 {
            let next = level.stronger(game).filter(|&l| within_reach(l))?;
            let up = match nearest {
                Some(n) if !self.now.is_provisional() && n > next => n,
                _ => next,
            };
            Some(Suggestion::Up(up))
        } else if score < 0.5 && !within_reach(level) {
            nearest
                .filter(|&n| n < level.in_game(game))
                .map(Suggestion::Down)
        } else {
            None
        }
    }
}

/// The level of `game` whose rating is nearest `rating` among those at most [`REACH`] above
/// it (the weakest level when every one is further up).
pub fn nearest_level(game: GameId, rating: f64) -> Option<Level> {
    let rated = || {
        Level::offered(game)
            .iter()
            .filter_map(|&l| rating_of(game, l).map(|r| (l, r)))
    };
    rated()
        .filter(|&(_, r)| r <= rating + REACH)
        .min_by(|a, b| (a.1 - rating).abs().total_cmp(&(b.1 - rating).abs()))
        .or_else(|| rated().next())
        .map(|(l, _)| l)
}

/// `level`'s rating in `game`, the ladder's fit.
fn rating_of(game: GameId, level: Level) -> Option<f64> {
    ladder::interval_of(game, level).map(|r| r.value)
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

    /// A rating of `rating`, provisional or sure of itself.
    fn rated_at(rating: f64, deviation: f64) -> PlayerRating {
        PlayerRating {
            now: Glicko::with_deviation(rating, deviation),
            games: 30,
            history: Vec::new(),
        }
    }

    fn ladder(game: GameId, level: Level) -> f64 {
        rating_of(game, level).unwrap_or(f64::NAN)
    }

    #[test]
    fn a_win_offers_the_next_level_within_reach_and_a_loss_far_above_offers_the_rating() {
        let game = GameId::Wudao;
        let mut me = PlayerRating::default();
        // A newcomer's first win against Beginner offers Novice, as the new-game dialog says.
        me.rate(game, Level::Beginner, 1.0, 100);
        assert_eq!(
            me.suggestion(game, Level::Beginner, 1.0),
            Some(Suggestion::Up(Level::Novice))
        );
        // Not a loss or a draw.
        assert_eq!(me.suggestion(game, Level::Beginner, 0.0), None);
        assert_eq!(me.suggestion(game, Level::Beginner, 0.5), None);
        let mut wins = PlayerRating::default();
        for i in 0..6 {
            wins.rate(game, Level::Beginner, 1.0, 100 + i);
        }
        assert_eq!(wins.games, 6);
        assert!(wins.history.windows(2).all(|w| w[1].rating > w[0].rating));
        // Losing again and again to Master: the level nearest the rating, far below Master.
        let mut weak = PlayerRating::default();
        for i in 0..6 {
            weak.rate(game, Level::Master, 0.0, i);
        }
        assert_eq!(
            weak.suggestion(game, Level::Master, 0.0),
            Some(Suggestion::Down(Level::Beginner))
        );
        // Even results against a level suggest nothing after a loss.
        let mut even = PlayerRating::default();
        for i in 0..10 {
            even.rate(game, Level::Easy, if i % 2 == 0 { 1.0 } else { 0.0 }, i);
        }
        assert_eq!(even.suggestion(game, Level::Easy, 0.0), None);
        assert!(even.is_sound());
    }

    #[test]
    fn a_loss_to_master_at_1212_offers_the_level_of_1212_not_elite() {
        // Neihuang: Beginner 1067, Novice 1317 … Elite 2699, Master 2945.
        let game = GameId::Neihuang;
        let me = rated_at(1212.0, 150.0);
        let offered = me.suggestion(game, Level::Master, 0.0);
        assert_eq!(offered, Some(Suggestion::Down(Level::Novice)));
        let next = offered.map_or(f64::NAN, |s| ladder(game, s.level()));
        assert!(next <= 1212.0 + REACH, "{next}");
        // Nor does a win against Beginner at 1212 reach past Novice.
        assert_eq!(
            me.suggestion(game, Level::Beginner, 1.0),
            Some(Suggestion::Up(Level::Novice))
        );
    }

    #[test]
    fn nothing_offered_is_more_than_the_reach_above_the_rating_nor_far_below_it() {
        for game in GameId::ALL {
            let offered = Level::offered(game);
            for rating in (700..=3200).step_by(25) {
                let rating = f64::from(rating);
                for deviation in [60.0, 200.0] {
                    let me = rated_at(rating, deviation);
                    for &level in offered {
                        for score in [0.0, 0.5, 1.0] {
                            let Some(s) = me.suggestion(game, level, score) else {
                                continue;
                            };
                            let next = ladder(game, s.level());
                            let at = format!("{game:?} {rating}±{deviation} {level:?} {score}");
                            // Beginner is as low as it goes, whatever the rating.
                            let floor = s.level() == offered[0];
                            assert!(next <= rating + REACH || floor, "{at}: {s:?} at {next}");
                            match s {
                                Suggestion::Up(l) => {
                                    assert!(l > level && score == 1.0, "{at}: {s:?}");
                                }
                                Suggestion::Down(l) => {
                                    assert!(l < level && score == 0.0, "{at}: {s:?}");
                                    // Down to where the rating is: no level nearer it.
                                    let gap = (next - rating).abs();
                                    assert!(
                                        offered.iter().all(|&o| {
                                            let r = ladder(game, o);
                                            r > rating + REACH || (r - rating).abs() >= gap
                                        }),
                                        "{at}: {s:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_provisional_rating_goes_up_one_step_and_a_sure_one_to_where_it_is() {
        let game = GameId::Neihuang;
        // Beating Beginner at a rating near Medium's (2063).
        let sure = rated_at(2050.0, 60.0);
        assert_eq!(
            sure.suggestion(game, Level::Beginner, 1.0),
            Some(Suggestion::Up(Level::Medium))
        );
        let unsure = rated_at(2050.0, 200.0);
        assert_eq!(
            unsure.suggestion(game, Level::Beginner, 1.0),
            Some(Suggestion::Up(Level::Novice))
        );
        // Beating a level near the rating: the next one is within reach (Hard, 2187), the
        // one after it is not (Advanced, 2367).
        assert_eq!(
            sure.suggestion(game, Level::Medium, 1.0),
            Some(Suggestion::Up(Level::Hard))
        );
        assert_eq!(sure.suggestion(game, Level::Hard, 1.0), None);
        assert_eq!(nearest_level(game, 500.0), Some(Level::Beginner));
        assert_eq!(nearest_level(game, 5000.0), Some(Level::Master));
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
