//! Engine matches: two players (configurations of this build, or another build) over many
//! games, on several threads, with results streamed as they finish, seeded openings played
//! with both colours, and the statistics to accept or reject a change ([`sprt`]).

pub mod glicko;
pub mod ladder;
pub mod openings;
mod player;
pub mod rating;
pub mod sprt;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use crate::ai::Oracle;
use crate::rules::records::{Metadata, Player as RecordPlayer, Record};
use crate::rules::{Action, DrawReason, Game, GameId, Side, Status, WinReason};
use player::Player;
pub use player::PlayerSpec;

/// What to play.
#[derive(Clone)]
pub struct MatchSpec {
    /// The game played.
    pub game: GameId,
    /// Player A (Black in the first game).
    pub first: PlayerSpec,
    /// Player B.
    pub second: PlayerSpec,
    /// Games to play at most.
    pub games: u64,
    /// The number of the first game (0, or the games a resumed match played before): a
    /// game's opening and seeds follow from its number, so that a match played in parts
    /// plays the same games as one played at once.
    pub first_game: u64,
    /// The seed of the openings and of the players' random choices.
    pub seed: u64,
    /// Alternate colours from game to game (always so with openings).
    pub swap: bool,
    /// Random actions of each opening; `None` plays from the start.
    pub opening_plies: Option<usize>,
    /// A game still going after this many actions counts as unfinished (a draw).
    pub max_actions: usize,
    /// Multiplies the budgets of this build's players.
    pub budget_scale: f64,
    /// Games played at once.
    pub threads: usize,
    /// What this build's Master consults before searching (the Flying table), if any.
    pub oracle: Option<Arc<dyn Oracle>>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// From 0, in the order the games were dealt.
    pub index: u64,
    /// Whether player A had Black.
    pub first_is_black: bool,
    /// How it ended.
    pub status: Status,
    /// How many actions it lasted.
    pub actions: usize,
    /// The opening the game started from.
    pub opening: Vec<Action>,
    /// The game as a record (JSON).
    pub record: String,
    /// Time of each of A's and B's turns.
    pub times: [Vec<Duration>; 2],
}

impl GameResult {
    /// Player A's points: 1, ½ or 0.
    pub fn first_points(&self) -> f64 {
        match self.status.winner() {
            Some(w) if (w == Side::Black) == self.first_is_black => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// What the caller wants after each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Play on.
    Continue,
    /// Stop the match: no game is started after this one.
    Stop,
}

/// How a game ended, as a short name for summaries.
pub fn ending_name(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "unfinished",
        Status::Won { reason, .. } => match reason {
            WinReason::Reduced { .. } => "reduced",
            WinReason::NoPieces => "no-pieces",
            WinReason::NoMoves => "no-moves",
            WinReason::BoardFull { .. } => "board-full",
        },
        Status::Drawn(reason) => match reason {
            DrawReason::Repetition => "repetition",
            DrawReason::NoCaptureLimit => "no-capture-limit",
            DrawReason::BoardFullEqual => "board-full-equal",
        },
    }
}

/// Plays the match, giving each game to `sink` in order as soon as it and all before it are
/// done. Nothing is kept per game here, so the number of games is bounded only by time. The
/// games of an opening are played one after the other by the same thread.
pub fn run(spec: &MatchSpec, mut sink: impl FnMut(GameResult) -> Flow) -> Result<(), String> {
    let per_unit: u64 = if spec.opening_plies.is_some() { 2 } else { 1 };
    let units = spec.games.div_ceil(per_unit);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<GameResult, String>>();
    let threads = spec.threads.max(1).min(units.min(256) as usize).max(1);
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let unit = next.fetch_add(1, Ordering::Relaxed);
                    if unit >= units {
                        break;
                    }
                    for k in 0..per_unit {
                        let index = spec.first_game + unit * per_unit + k;
                        if index >= spec.first_game + spec.games {
                            break;
                        }
                        match play_game(spec, index, stop) {
                            Ok(Some(result)) => {
                                if tx.send(Ok(result)).is_err() {
                                    return;
                                }
                            }
                            Ok(None) => return,
                            Err(e) => {
                                let _ = tx.send(Err(e));
                                return;
                            }
                        }
                    }
                }
            });
        }
        drop(tx);
        // Finished games wait here until the ones before them are in.
        let mut waiting: BTreeMap<u64, GameResult> = BTreeMap::new();
        let mut due = spec.first_game;
        for message in rx {
            match message {
                Ok(result) => {
                    waiting.insert(result.index, result);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            }
            while let Some(result) = waiting.remove(&due) {
                due += 1;
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                if sink(result) == Flow::Stop {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    failure.map_or(Ok(()), Err)
}

/// Plays game `index`, or `None` if the match stopped meanwhile.
fn play_game(
    spec: &MatchSpec,
    index: u64,
    stop: &AtomicBool,
) -> Result<Option<GameResult>, String> {
    let (opening, first_is_black) = match spec.opening_plies {
        Some(plies) => (
            openings::opening(spec.game, spec.seed, index / 2, plies),
            index.is_multiple_of(2),
        ),
        None => (Vec::new(), !(spec.swap && index % 2 == 1)),
    };
    let mut game = Game::new(spec.game);
    for &action in &opening {
        game.apply(action)
            .map_err(|e| format!("opening action {action} is illegal: {e}"))?;
    }
    let (black_spec, white_spec) = if first_is_black {
        (&spec.first, &spec.second)
    } else {
        (&spec.second, &spec.first)
    };
    let oracle = spec.oracle.as_ref();
    let mut players = [
        Player::new(black_spec, oracle),
        Player::new(white_spec, oracle),
    ];
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut history: Vec<u128> = (0..game.len()).map(|i| game.state_after(i).key()).collect();
    // Both games of an opening use the same seeds, so that only the colours differ.
    let game_seed = match spec.opening_plies {
        Some(_) => spec.seed.wrapping_add(index / 2),
        None => spec.seed.wrapping_add(index),
    };
    let mut turn = 0u64;
    let cancel = AtomicBool::new(false);
    while !game.status().is_over() && game.len() < spec.max_actions {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let Some(side) = game.state().to_act() else {
            break;
        };
        let seed = game_seed
            .wrapping_mul(0x2545_F491_4F6C_DD1D)
            .wrapping_add(turn);
        let (actions, took) =
            players[side.index()].turn(&game, &history, seed, spec.budget_scale, &cancel)?;
        let player_index = usize::from((side == Side::Black) != first_is_black);
        times[player_index].push(took);
        let name = if player_index == 0 { "A" } else { "B" };
        for action in actions {
            if game.status().is_over() || game.state().to_act() != Some(side) {
                break;
            }
            history.push(game.state().key());
            game.apply(action)
                .map_err(|e| format!("player {name} chose an illegal action `{action}`: {e}"))?;
        }
        turn += 1;
    }
    // A level played as it is offered carries its rating; a configuration does not.
    let record_player = |p: &PlayerSpec| RecordPlayer {
        name: Some("Computer".into()),
        level: Some(p.name()),
        rating: (p.program.is_none() && p.name() == p.config.level.id())
            .then(|| ladder::rating_of(spec.game, p.config.level))
            .flatten(),
    };
    let metadata = Metadata {
        black: Some(record_player(black_spec)),
        white: Some(record_player(white_spec)),
        ..Default::default()
    };
    Ok(Some(GameResult {
        index,
        first_is_black,
        status: game.status(),
        actions: game.len(),
        opening,
        record: Record::of_game(&game, metadata).to_json(),
        times,
    }))
}

/// Turn times in bounded memory: a histogram with bins 1% wide, so a median is within 1%.
#[derive(Clone, Debug, Default)]
pub struct TimeStats {
    bins: HashMap<u32, u64>,
    count: u64,
    max: Duration,
}

const BIN_RATIO: f64 = 1.01;

impl TimeStats {
    /// Counts one turn's time.
    pub fn add(&mut self, t: Duration) {
        let micros = t.as_secs_f64() * 1e6;
        let bin = ((micros + 1.0).ln() / BIN_RATIO.ln()) as u32;
        *self.bins.entry(bin).or_default() += 1;
        self.count += 1;
        self.max = self.max.max(t);
    }

    /// The turns counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The longest turn.
    pub fn max(&self) -> Duration {
        self.max
    }

    /// The median (the middle of its bin).
    pub fn median(&self) -> Duration {
        if self.count == 0 {
            return Duration::ZERO;
        }
        let mut bins: Vec<(&u32, &u64)> = self.bins.iter().collect();
        bins.sort();
        let half = self.count.div_ceil(2);
        let mut seen = 0;
        for (&bin, &n) in bins {
            seen += n;
            if seen >= half {
                let micros = BIN_RATIO.powf(f64::from(bin) + 0.5) - 1.0;
                return Duration::from_secs_f64(micros.max(0.0) / 1e6).min(self.max);
            }
        }
        self.max
    }
}

/// Running totals of a match, from player A's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games A won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
    /// Pairs by A's points out of 2: 0, ½, 1, 1½, 2.
    pub pairs: [u64; 5],
    /// A's wins, draws and losses with Black (0) and with White (1).
    pub by_colour: [[u64; 3]; 2],
    /// Games by how they ended.
    pub endings: BTreeMap<&'static str, u64>,
    /// The turns' times of A and of B.
    pub times: [TimeStats; 2],
    /// A's points in the first game of an unfinished pair.
    pending: HashMap<u64, f64>,
}

impl Tally {
    /// Counts a finished game; with `paired`, games `2k` and `2k + 1` are a pair.
    pub fn add(&mut self, result: &GameResult, paired: bool) {
        let points = result.first_points();
        let colour = usize::from(!result.first_is_black);
        match points {
            p if p > 0.75 => {
                self.wins += 1;
                self.by_colour[colour][0] += 1;
            }
            p if p < 0.25 => {
                self.losses += 1;
                self.by_colour[colour][2] += 1;
            }
            _ => {
                self.draws += 1;
                self.by_colour[colour][1] += 1;
            }
        }
        *self.endings.entry(ending_name(result.status)).or_default() += 1;
        for (stats, times) in self.times.iter_mut().zip(&result.times) {
            for &t in times {
                stats.add(t);
            }
        }
        if paired {
            let pair = result.index / 2;
            match self.pending.remove(&pair) {
                Some(first) => self.pairs[((first + points) * 2.0).round() as usize] += 1,
                None => {
                    self.pending.insert(pair, points);
                }
            }
        }
    }

    /// The games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's score per game, 0..=1.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// A's line with each colour: `A as Black 12 W 1 D 3 L (78.1%), as White …`.
    pub fn colours_line(&self) -> String {
        let part = |[w, d, l]: [u64; 3]| {
            let n = (w + d + l).max(1) as f64;
            format!(
                "{w} W {d} D {l} L ({:.1}%)",
                (w as f64 + d as f64 / 2.0) / n * 100.0
            )
        };
        format!(
            "A as Black {}, as White {}",
            part(self.by_colour[0]),
            part(self.by_colour[1])
        )
    }

    /// The pairs by A's points (0, ½, 1, 1½, 2), for the statistics.
    pub fn pair_counts(&self) -> [f64; 5] {
        self.pairs.map(|n| n as f64)
    }

    /// The games by A's result (loss, draw, win), for the statistics.
    pub fn game_counts(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_turn_times_is_within_a_percent() {
        let mut stats = TimeStats::default();
        for ms in [5u64, 10, 200, 300, 2000] {
            stats.add(Duration::from_millis(ms));
        }
        let median = stats.median().as_secs_f64();
        assert!((median - 0.2).abs() < 0.002, "{median}");
        assert_eq!(stats.max(), Duration::from_millis(2000));
        assert_eq!(stats.count(), 5);
    }
}
