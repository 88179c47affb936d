//! Self-play: a player against itself from seeded, varied openings, every searched position
//! kept with the search's score and the game's result (see [`super::data`]).
//!
//! Game `n` of a run depends only on the run's seed and `n`: a few random actions to open
//! (the match bench's openings), then the first turns chosen with a small random error among
//! near-equal actions (the `noise` setting: every action scored exactly, then misjudged by
//! up to that many centipieces), then the player's own play. Games run on several threads
//! at once and are written in their order, so a run gives the same file however many threads
//! play it, and a resumed run the same as one never stopped.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use web_time::Instant;

use super::data::{DECIDED, GameData, Outcome, Sample};
use crate::ai::{Config, Context, Engine, Weights};
use crate::arena::openings;
use crate::rules::{Game, GameId, Status};

/// The longest game kept: a game still going after this many actions counts as drawn.
pub const MAX_ACTIONS: usize = 600;

/// How a run plays its games.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The game played.
    pub game: GameId,
    /// The seed of the run.
    pub seed: u64,
    /// The player, with its node budget.
    pub player: Config,
    /// Pattern weights replacing the built-in ones, if the player evaluates with patterns.
    pub weights: Option<&'static Weights>,
    /// Random actions that open each game.
    pub opening_plies: usize,
    /// Turns after the opening played with `noise`.
    pub varied_turns: usize,
    /// Centipieces of random error in the varied turns.
    pub noise: i32,
}

impl Spec {
    /// The usual run: the match bench's openings, then eight varied turns with an error of
    /// up to a fifth of a piece.
    pub fn new(game: GameId, seed: u64, player: Config) -> Spec {
        Spec {
            game,
            seed,
            player,
            weights: None,
            opening_plies: openings::default_plies(game),
            varied_turns: 8,
            noise: 20,
        }
    }
}

/// The score kept for a search's value: centipieces, or ±[`DECIDED`] for a found win or loss.
fn stored_score(score: i32) -> i16 {
    const WON: i32 = 900_000;
    if score >= WON {
        DECIDED
    } else if score <= -WON {
        -DECIDED
    } else {
        score.clamp(-(DECIDED as i32) + 1, DECIDED as i32 - 1) as i16
    }
}

/// Plays game `number` of the run.
pub fn play(spec: &Spec, number: u32, cancel: &AtomicBool) -> Result<GameData, String> {
    let opening = openings::opening(spec.game, spec.seed, u64::from(number), spec.opening_plies);
    let mut game = Game::new(spec.game);
    for &action in &opening {
        game.apply(action)
            .map_err(|e| format!("opening action {action} is illegal: {e}"))?;
    }
    let mut engine = match spec.weights {
        Some(w) => Engine::new().with_weights(w),
        None => Engine::new(),
    };
    let varied = spec
        .player
        .with("noise", &spec.noise.to_string())
        .map_err(|e| format!("the varied player: {e}"))?;
    let game_seed = spec
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(number).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut history: Vec<u128> = (0..game.len()).map(|i| game.state_after(i).key()).collect();
    let mut samples = Vec::new();
    let mut turn = 0usize;
    while !game.status().is_over() && game.len() < MAX_ACTIONS {
        if cancel.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        let state = *game.state();
        let Some(side) = state.to_act() else { break };
        let config = if turn < spec.varied_turns && spec.noise > 0 {
            &varied
        } else {
            &spec.player
        };
        let context = Context::new(&history, cancel).with_quiet_turns(game.quiet_turns());
        let plan = engine
            .plan(&state, config, game_seed.wrapping_add(turn as u64), context)
            .map_err(|e| format!("the player failed: {e}"))?;
        for &action in &plan.actions {
            if game.status().is_over() || game.state().to_act() != Some(side) {
                break;
            }
            // Every position of the turn has the turn's value: the same side acts in all.
            if let Some(score) = plan.score {
                samples.push(Sample {
                    key: game.state().key(),
                    score: stored_score(score),
                    ply: game.len().min(u16::MAX as usize) as u16,
                });
            }
            history.push(game.state().key());
            game.apply(action)
                .map_err(|e| format!("the player chose an illegal action `{action}`: {e}"))?;
        }
        turn += 1;
    }
    let outcome = match game.status() {
        Status::Won { winner, .. } => Outcome::Won(winner),
        _ => Outcome::Drawn,
    };
    samples.truncate(u16::MAX as usize);
    Ok(GameData {
        number,
        outcome,
        samples,
    })
}

/// What a run reports while it plays.
pub trait Progress {
    /// Game `data` is finished and written; `done` of `total` are.
    fn game_done(&mut self, data: &GameData, done: u32, total: u32);
}

/// Plays games `first..total` of `spec` on `threads` threads, handing each finished game to
/// `write` in the order of their numbers.
pub fn run(
    spec: &Spec,
    first: u32,
    total: u32,
    threads: usize,
    cancel: &AtomicBool,
    mut write: impl FnMut(&GameData) -> Result<(), String>,
    progress: &mut dyn Progress,
) -> Result<(), String> {
    if first >= total {
        return Ok(());
    }
    let next = AtomicU64::new(u64::from(first));
    let (sender, receiver) = mpsc::channel::<Result<GameData, String>>();
    let started = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..threads.max(1).min((total - first) as usize) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= u64::from(total) || cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let result = play(spec, n as u32, cancel);
                    let failed = result.is_err();
                    if sender.send(result).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order: keep them until their turn to be written.
        let mut waiting: Vec<GameData> = Vec::new();
        let mut written = first;
        let outcome = (|| {
            for result in receiver.iter() {
                waiting.push(result?);
                while let Some(i) = waiting.iter().position(|g| g.number == written) {
                    let data = waiting.swap_remove(i);
                    write(&data)?;
                    written += 1;
                    progress.game_done(&data, written, total);
                }
            }
            Ok(())
        })();
        if outcome.is_err() {
            cancel.store(true, Ordering::Relaxed);
        }
        let _ = started;
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Quiet;
    impl Progress for Quiet {
        fn game_done(&mut self, _: &GameData, _: u32, _: u32) {}
    }

    #[test]
    fn a_run_gives_the_same_games_on_one_thread_or_two() {
        let player = Config::parse("expert:nodes=300").expect("a player");
        let spec = Spec::new(GameId::Wudao, 5, player);
        let cancel = AtomicBool::new(false);
        let collect = |threads: usize| {
            let mut games = Vec::new();
            run(
                &spec,
                0,
                4,
                threads,
                &cancel,
                |g| {
                    games.push(g.clone());
                    Ok(())
                },
                &mut Quiet,
            )
            .expect("a run");
            games
        };
        let one = collect(1);
        assert_eq!(one, collect(2));
        assert_eq!(
            one.iter().map(|g| g.number).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
        assert!(one.iter().all(|g| !g.samples.is_empty()));
        // The games differ: the openings and the varied turns see to it.
        assert_ne!(one[0].samples, one[1].samples);
        // A resumed run (games 2 and 3 alone) plays the same games.
        let mut resumed = Vec::new();
        run(
            &spec,
            2,
            4,
            1,
            &cancel,
            |g| {
                resumed.push(g.clone());
                Ok(())
            },
            &mut Quiet,
        )
        .expect("a run");
        assert_eq!(resumed, one[2..]);
    }
}
