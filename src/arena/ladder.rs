//! The rated ladder of a game: which players it measures (the reference players and the
//! offered levels), which pairings it plays, their results, and the ratings fitted to all of
//! them at once ([`super::rating`]), anchored on the greedy player at 1000.
//!
//! A ladder is kept as a JSON file whose contents are covered by a checksum, so that a
//! measurement can be resumed and a damaged or foreign file is refused. The ratings the app and
//! `sanqi levels` show are the ladders in `assets/ladder/`, embedded in the program.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::rating::{self, PairResult, Rating};
use super::{Flow, MatchSpec, PlayerSpec};
use crate::ai::{Config, Level};
use crate::rules::GameId;

/// What a ladder file says it is.
const FORMAT: &str = "sanqi-ladder";
/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;
/// The player every rating is measured from, and its rating.
pub const ANCHOR: Level = Level::Greedy;
/// The anchor's rating.
pub const ANCHOR_RATING: f64 = 1000.0;
/// The most a ladder file may weigh.
pub const MAX_FILE_SIZE: u64 = 1 << 20;
/// The most games a pairing may plan (`sanqi ladder --games` and `--wide-games` go up to
/// this): a file's counts beyond it are damage, and their sums never overflow.
pub const MAX_PLANNED: u64 = 1_000_000;

/// A player of the ladder: a level's id and the configuration it plays with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderPlayer {
    /// The level (`greedy`, `beginner` …), as `--level` takes it.
    pub id: String,
    /// The configuration measured (the level itself, or Master on a stated node budget).
    pub config: String,
}

/// One pairing and its results, from `a`'s side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The first player's id.
    pub a: String,
    /// The second player's id.
    pub b: String,
    /// Games asked for.
    pub planned: u64,
    /// Every budget of both players is multiplied by this, in thousandths (Master's pairings
    /// are played at a stated fraction of the budgets, their ratio kept).
    #[serde(default = "full_scale")]
    pub scale: u32,
    /// `a`'s wins.
    pub wins: u64,
    /// Draws (unfinished games count as draws).
    pub draws: u64,
    /// `a`'s losses.
    pub losses: u64,
}

impl Pairing {
    /// Games played (the counts of a checked ladder are small; others never overflow here).
    pub fn games(&self) -> u64 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// Whether the counts hold together: at most [`MAX_PLANNED`] games planned, and the
    /// results, added without overflow, at most the games planned.
    fn sound(&self) -> bool {
        let played = self
            .wins
            .checked_add(self.draws)
            .and_then(|n| n.checked_add(self.losses));
        self.planned <= MAX_PLANNED && played.is_some_and(|n| n <= self.planned)
    }

    /// `a`'s score, from 0 to 1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (self.wins as f64 + self.draws as f64 / 2.0) / n as f64,
        }
    }

    /// Whether it has played all its games.
    pub fn done(&self) -> bool {
        self.games() >= self.planned
    }
}

/// A fitted rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderRating {
    /// The player's id.
    pub id: String,
    /// Elo on the game's scale (the anchor at 1000).
    pub rating: f64,
    /// The lower end of its 95% interval.
    pub low: f64,
    /// The upper end of its 95% interval.
    pub high: f64,
}

/// A game's ladder: its players, pairings and fitted ratings, and how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    /// The game's id.
    pub game: String,
    /// The seed of the openings and of the players' choices.
    pub seed: u64,
    /// The command that made it.
    pub command: String,
    /// The players, the anchor among them.
    pub players: Vec<LadderPlayer>,
    /// The pairings in the order they are played.
    pub pairings: Vec<Pairing>,
    /// The ratings fitted to the pairings played so far (empty before any).
    pub ratings: Vec<LadderRating>,
}

/// The file: the ladder, and a checksum of it.
#[derive(Serialize, Deserialize)]
struct LadderFile {
    format: String,
    version: u32,
    /// CRC-32 of the ladder written as compact JSON, ratings left out (see [`compact`]).
    checksum: u32,
    ladder: Ladder,
}

/// Why a ladder file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderError {
    /// It is not a ladder file at all.
    Foreign,
    /// A ladder file of a version this build does not read.
    Version(u32),
    /// Its contents do not match its checksum, or contradict themselves.
    Damaged,
    /// A ladder of another game than the one asked for.
    OtherGame(String),
}

impl fmt::Display for LadderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LadderError::Foreign => f.write_str("not a Sanqi ladder file"),
            LadderError::Version(v) => write!(
                f,
                "a ladder file of version {v}, which this version of Sanqi does not read (it reads {VERSION})"
            ),
            LadderError::Damaged => f.write_str("the ladder file is damaged"),
            LadderError::OtherGame(g) => write!(
                f,
                "the ladder file is for another game ({})",
                crate::echo::quoted(g)
            ),
        }
    }
}

impl Ladder {
    /// A new ladder of `game` with `players` and `pairings` (indices into the players, the
    /// games each plays and the scale of its budgets), nothing played yet.
    pub fn new(
        game: GameId,
        seed: u64,
        command: String,
        players: Vec<LadderPlayer>,
        pairings: &[PlannedPairing],
    ) -> Ladder {
        let pairings = pairings
            .iter()
            // Whole pairs of games: each opening with both colours.
            .map(
                |&PlannedPairing {
                     a,
                     b,
                     games: planned,
                     scale,
                 }| Pairing {
                    a: players[a].id.clone(),
                    b: players[b].id.clone(),
                    scale,
                    planned: planned + planned % 2,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                },
            )
            .collect();
        Ladder {
            game: game.id().to_string(),
            seed,
            command,
            players,
            pairings,
            ratings: Vec::new(),
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let checksum = crc32fast::hash(&compact(self));
        let file = LadderFile {
            format: FORMAT.to_string(),
            version: VERSION,
            checksum,
            ladder: self.clone(),
        };
        let mut bytes = serde_json::to_vec_pretty(&file).unwrap_or_default();
        bytes.push(b'\n');
        bytes
    }

    /// The most the file of this ladder can weigh however its pairings go: every count at
    /// its largest and every rating written at its longest. A ladder whose largest file
    /// passes [`MAX_FILE_SIZE`] could be written and then not read back.
    pub fn largest_file_size(&self) -> u64 {
        let mut largest = self.clone();
        for p in &mut largest.pairings {
            (p.wins, p.draws, p.losses) = (p.planned, p.planned, p.planned);
        }
        // The longest number JSON writes, as the ratings' text could be at most.
        let longest = -2.225_073_858_507_201_4e-308;
        largest.ratings = self
            .players
            .iter()
            .map(|p| LadderRating {
                id: p.id.clone(),
                rating: longest,
                low: longest,
                high: longest,
            })
            .collect();
        largest.to_bytes().len() as u64
    }

    /// The ladder in `bytes`, checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Ladder, LadderError> {
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|_| LadderError::Foreign)?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(LadderError::Foreign);
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => return Err(LadderError::Version(v.min(u64::from(u32::MAX)) as u32)),
            None => return Err(LadderError::Damaged),
        }
        let file: LadderFile = serde_json::from_value(value).map_err(|_| LadderError::Damaged)?;
        if crc32fast::hash(&compact(&file.ladder)) != file.checksum {
            return Err(LadderError::Damaged);
        }
        let mut ladder = file.ladder;
        ladder.check()?;
        ladder.refit();
        Ok(ladder)
    }

    /// Whether the ladder holds together: a known game, known and distinct players, pairings
    /// of its players with results within their plan, ratings of its players.
    fn check(&self) -> Result<(), LadderError> {
        let known = |id: &str| self.players.iter().any(|p| p.id == id);
        let distinct = self
            .players
            .iter()
            .enumerate()
            .all(|(i, p)| self.players[..i].iter().all(|q| q.id != p.id));
        let sound = GameId::parse(&self.game).is_some()
            && distinct
            && self
                .players
                .iter()
                .all(|p| Level::parse(&p.id).is_some() && Config::parse(&p.config).is_ok())
            && self
                .pairings
                .iter()
                .all(|p| known(&p.a) && known(&p.b) && p.a != p.b && p.sound())
            && self
                .ratings
                .iter()
                .all(|r| known(&r.id) && r.low <= r.rating && r.rating <= r.high);
        if sound {
            Ok(())
        } else {
            Err(LadderError::Damaged)
        }
    }

    /// The game, if the ladder names one this build knows.
    pub fn game_id(&self) -> Option<GameId> {
        GameId::parse(&self.game)
    }

    fn index_of(&self, id: &str) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// Fits the ratings to the pairings played so far (none if a player is not yet linked to
    /// the anchor).
    pub fn refit(&mut self) {
        let results: Vec<PairResult> = self
            .pairings
            .iter()
            .filter_map(|p| {
                Some(PairResult {
                    a: self.index_of(&p.a)?,
                    b: self.index_of(&p.b)?,
                    games: p.games(),
                    points: p.wins as f64 + p.draws as f64 / 2.0,
                })
            })
            .collect();
        let fitted = self
            .index_of(ANCHOR.id())
            .and_then(|anchor| rating::fit(self.players.len(), &results, anchor, ANCHOR_RATING));
        self.ratings = match fitted {
            Some(ratings) => self
                .players
                .iter()
                .zip(ratings)
                .map(|(p, r)| LadderRating {
                    id: p.id.clone(),
                    rating: r.value,
                    low: r.value - r.margin,
                    high: r.value + r.margin,
                })
                .collect(),
            None => Vec::new(),
        };
    }

    /// The fitted rating of `level`, if the ladder has one.
    pub fn rating(&self, level: Level) -> Option<&LadderRating> {
        self.ratings.iter().find(|r| r.id == level.id())
    }

    /// The score the fitted ratings predict for `pairing`'s first player.
    pub fn predicted(&self, pairing: &Pairing) -> Option<f64> {
        let rating = |id: &str| self.ratings.iter().find(|r| r.id == id).map(|r| r.rating);
        Some(rating::expected_score(
            rating(&pairing.a)? - rating(&pairing.b)?,
        ))
    }

    /// Whether `other` is a measurement of the same ladder (game, seed, players and plan), so
    /// that it can be resumed.
    pub fn same_plan(&self, other: &Ladder) -> bool {
        let plan = |l: &Ladder| -> Vec<(String, String, u64, u64)> {
            l.pairings
                .iter()
                .map(|p| (p.a.clone(), p.b.clone(), p.planned, u64::from(p.scale)))
                .collect()
        };
        self.game == other.game
            && self.seed == other.seed
            && self.players == other.players
            && plan(self) == plan(other)
    }
}

/// The ladder written as compact JSON without its ratings: what the checksum covers. The
/// ratings are written for people to read and fitted again when the file is read.
fn compact(ladder: &Ladder) -> Vec<u8> {
    let measured = Ladder {
        ratings: Vec::new(),
        ..ladder.clone()
    };
    serde_json::to_vec(&measured).unwrap_or_default()
}

/// The budget scale of a pairing played in full, in thousandths.
fn full_scale() -> u32 {
    1000
}

/// A pairing to play: two players (indices, the stronger first), its games and the scale of
/// both players' budgets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlannedPairing {
    /// The first player.
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// Games to play.
    pub games: u64,
    /// The scale of both players' budgets, in thousandths.
    pub scale: u32,
}

/// The ladder's players in `game`, weakest first: the reference players, then every level
/// offered there, Master on `master_nodes` nodes of one thread (a node budget, so that its
/// games are the same on any machine).
pub fn default_players(game: GameId, master_nodes: u64) -> Vec<LadderPlayer> {
    let mut players: Vec<LadderPlayer> = [Level::Random, Level::Greedy]
        .into_iter()
        .chain(Level::offered(game).iter().copied())
        .map(|level| LadderPlayer {
            id: level.id().to_string(),
            config: level.id().to_string(),
        })
        .collect();
    if let Some(master) = players.iter_mut().find(|p| p.id == Level::Master.id()) {
        master.config = format!("master:nodes={master_nodes},threads=1");
    }
    players
}

/// The pairings of a ladder of `players` (weakest first): each player against the next with
/// `games` games, and the offered levels (and the anchor) against those two and three steps
/// up with `wide_games` (0 leaves them out). Master's pairings are played at `top_scale`
/// thousandths of both players' budgets.
pub fn default_pairings(
    players: &[LadderPlayer],
    games: u64,
    wide_games: u64,
    top_scale: u32,
) -> Vec<PlannedPairing> {
    let n = players.len();
    let top = |i: usize| players[i].id == Level::Master.id();
    let planned = |a: usize, b: usize, games: u64| PlannedPairing {
        a,
        b,
        games,
        scale: if top(a) || top(b) { top_scale } else { 1000 },
    };
    let mut pairings: Vec<PlannedPairing> = (1..n).map(|i| planned(i, i - 1, games)).collect();
    if wide_games > 0 {
        let offered: Vec<usize> = (0..n)
            .filter(|&i| {
                Level::parse(&players[i].id).is_some_and(|l| l.is_playable() || l == ANCHOR)
            })
            .collect();
        for step in [2, 3] {
            for w in offered.windows(step + 1) {
                pairings.push(planned(w[step], w[0], wide_games));
            }
        }
    }
    pairings
}

/// Plays the rest of `pairing` (paired seeded openings, each with both colours), adding the
/// results as they come. `after_pair` hears of the pairing after each pair of games (when it
/// can be kept and resumed from) and may stop it. A pairing that stopped between the games
/// of a pair (which is never kept) plays that pair again.
pub fn play(
    game: GameId,
    players: (&PlayerSpec, &PlayerSpec),
    seed: u64,
    threads: usize,
    oracle: Option<std::sync::Arc<dyn crate::ai::Oracle>>,
    pairing: &mut Pairing,
    mut after_pair: impl FnMut(&Pairing) -> Flow,
) -> Result<(), String> {
    let played = pairing.games();
    let remaining = pairing.planned.saturating_sub(played);
    if remaining == 0 {
        return Ok(());
    }
    // The same openings and seeds as a pairing played at once.
    let spec = MatchSpec {
        game,
        first: players.0.clone(),
        second: players.1.clone(),
        games: remaining,
        first_game: played,
        seed: pairing_seed(seed, &pairing.a, &pairing.b),
        swap: true,
        opening_plies: Some(super::openings::default_plies(game)),
        max_actions: 20_000,
        budget_scale: f64::from(pairing.scale) / 1000.0,
        threads,
        oracle,
    };
    super::run(&spec, |result| {
        match result.first_points() {
            p if p >= 1.0 => pairing.wins += 1,
            p if p <= 0.0 => pairing.losses += 1,
            _ => pairing.draws += 1,
        }
        if pairing.done() {
            return Flow::Stop;
        }
        match pairing.games() % 2 {
            0 => after_pair(pairing),
            _ => Flow::Continue,
        }
    })
}

/// The seed of a pairing's openings and choices: the ladder's seed and the two players.
fn pairing_seed(seed: u64, a: &str, b: &str) -> u64 {
    let mut h = crc32fast::Hasher::new();
    h.update(a.as_bytes());
    h.update(&[0]);
    h.update(b.as_bytes());
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(h.finalize()) << 20)
}

/// The ladder embedded for `game` (from `assets/ladder/`).
pub fn embedded(game: GameId) -> &'static Ladder {
    static LADDERS: OnceLock<[Ladder; 3]> = OnceLock::new();
    let ladders = LADDERS.get_or_init(|| {
        let read = |bytes: &[u8], game: GameId| {
            Ladder::from_bytes(bytes).unwrap_or_else(|_| {
                // A test checks the embedded files: an empty ladder rates nothing.
                Ladder::new(game, 0, String::new(), Vec::new(), &[])
            })
        };
        [
            read(
                include_bytes!("../../assets/ladder/neihuang.json"),
                GameId::Neihuang,
            ),
            read(
                include_bytes!("../../assets/ladder/flying.json"),
                GameId::Flying,
            ),
            read(
                include_bytes!("../../assets/ladder/wudao.json"),
                GameId::Wudao,
            ),
        ]
    });
    match game {
        GameId::Neihuang => &ladders[0],
        GameId::Flying => &ladders[1],
        GameId::Wudao => &ladders[2],
    }
}

/// The rating `level` has in `game` on the embedded ladder, rounded as players are shown it.
pub fn rating_of(game: GameId, level: Level) -> Option<i32> {
    embedded(game)
        .rating(level)
        .map(|r| r.rating.round() as i32)
}

/// The fitted rating with its 95% interval, as [`rating::Rating`].
pub fn interval_of(game: GameId, level: Level) -> Option<Rating> {
    embedded(game).rating(level).map(|r| Rating {
        value: r.rating,
        margin: (r.high - r.low) / 2.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Ladder {
        let players = default_players(GameId::Wudao, 100_000);
        let pairings = default_pairings(&players, 20, 10, 500);
        let mut ladder = Ladder::new(
            GameId::Wudao,
            3,
            "sanqi ladder wudao".into(),
            players,
            &pairings,
        );
        for (i, p) in ladder.pairings.iter_mut().enumerate() {
            p.wins = p.planned / 2 + i as u64 % 3;
            p.draws = 2;
            p.losses = p.planned - p.wins - p.draws;
        }
        ladder.refit();
        ladder
    }

    #[test]
    fn a_ladder_reads_back_and_any_changed_byte_is_refused_or_harmless() {
        let ladder = sample();
        assert_eq!(ladder.ratings.len(), ladder.players.len());
        let bytes = ladder.to_bytes();
        assert_eq!(Ladder::from_bytes(&bytes), Ok(ladder.clone()));
        for i in (0..bytes.len()).step_by(7) {
            let mut changed = bytes.clone();
            changed[i] ^= 0x04;
            if let Ok(read) = Ladder::from_bytes(&changed) {
                // Only a change of layout (white space, a letter's case in `true`…) may pass.
                assert_eq!(read, ladder, "byte {i}");
            }
        }
        assert_eq!(Ladder::from_bytes(b"{}"), Err(LadderError::Foreign));
        assert_eq!(Ladder::from_bytes(b"\x00\x01"), Err(LadderError::Foreign));
        let newer = String::from_utf8(bytes)
            .unwrap()
            .replace("\"version\": 1", "\"version\": 9");
        assert_eq!(
            Ladder::from_bytes(newer.as_bytes()),
            Err(LadderError::Version(9))
        );
    }

    #[test]
    fn counts_that_would_overflow_or_pass_the_plan_are_damage() {
        let mut ladder = sample();
        // Sums that wrap round to a small number of games.
        let half = 1 << 63;
        (
            ladder.pairings[0].wins,
            ladder.pairings[0].draws,
            ladder.pairings[0].losses,
        ) = (half, half, 2);
        assert_eq!(ladder.pairings[0].games(), u64::MAX);
        assert_eq!(
            Ladder::from_bytes(&ladder.to_bytes()),
            Err(LadderError::Damaged)
        );
        let mut ladder = sample();
        ladder.pairings[1].planned = MAX_PLANNED + 2;
        assert_eq!(
            Ladder::from_bytes(&ladder.to_bytes()),
            Err(LadderError::Damaged)
        );
    }

    #[test]
    fn the_largest_file_is_never_smaller_than_the_file_at_the_end() {
        let ladder = sample();
        let mut ended = ladder.clone();
        for p in &mut ended.pairings {
            (p.wins, p.draws, p.losses) = (p.planned, 0, 0);
        }
        ended.refit();
        assert!(ladder.largest_file_size() >= ended.to_bytes().len() as u64);
        assert!(ladder.largest_file_size() < MAX_FILE_SIZE);
    }

    #[test]
    fn the_default_plan_climbs_one_step_and_reaches_two_and_three_steps() {
        let flying = default_players(GameId::Flying, 1);
        assert_eq!(flying.len(), 2 + Level::offered(GameId::Flying).len());
        let players = default_players(GameId::Neihuang, 1);
        let ids: Vec<&str> = players.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids[..2], ["random", "greedy"]);
        assert_eq!(ids.len(), 2 + Level::offered(GameId::Neihuang).len());
        let pairings = default_pairings(&players, 200, 100, 250);
        let named = |a: &str, b: &str| pairings.iter().any(|p| ids[p.a] == a && ids[p.b] == b);
        assert!(named("greedy", "random") && named("beginner", "greedy"));
        assert!(named("master", "elite") && named("casual", "greedy") && named("hard", "casual"));
        assert!(!named("beginner", "random"));
        assert!(pairings.iter().all(|p| p.a > p.b));
        // Master's pairings, and only they, are played at the top scale.
        for p in &pairings {
            let top = ids[p.a] == "master" || ids[p.b] == "master";
            assert_eq!(p.scale, if top { 250 } else { 1000 }, "{p:?}");
        }
    }

    #[test]
    fn the_embedded_ladders_rate_every_offered_level() {
        for game in GameId::ALL {
            let ladder = embedded(game);
            assert_eq!(ladder.game_id(), Some(game));
            assert_eq!(rating_of(game, ANCHOR), Some(1000));
            let mut last = f64::MIN;
            for &level in Level::offered(game) {
                let r = ladder
                    .rating(level)
                    .unwrap_or_else(|| panic!("{level} in {game}"));
                assert!(
                    r.rating > last,
                    "{level} in {game} is not above the level below"
                );
                last = r.rating;
            }
        }
    }
}
