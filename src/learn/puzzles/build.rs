//! The generator: candidate positions from recorded games, each checked by the
//! [`Verifier`](super::verify::Verifier), kept when it makes a puzzle not already kept (up
//! to the board's symmetries), rated, and written to the puzzle file as the run goes so that
//! a stopped run can resume.
//!
//! A candidate is the position at the start of a side's turn right after the opponent's
//! mistake: a small search (or, in Flying, the table) scores every turn's start for the side
//! to act, and the opponent's turn must have lost at least [`MISTAKE`] centipieces, leaving
//! the side to act at least [`AHEAD`] (in Flying: a win, or a draw where the opponent had a
//! win); the position must offer at least [`quality::MIN_CHOICES`] legal actions. Only
//! those get the verifier's deep searches; a verified puzzle is kept when it is worth solving
//! ([`quality::assess`]). The sources are shuffled by the seed, so a run cut short still has puzzles from all of them; games are checked on several
//! threads and their puzzles kept in the sources' order, so the file is the same on any
//! number of threads.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use rand::{SeedableRng, rngs::StdRng, seq::SliceRandom};

use super::quality;
use super::rate::{Ladder, rate};
use super::verify::{Budgets, Rejection, Verifier, WIN};
use super::{Collection, Puzzle, Theme};
use crate::ai::analysis::ExactValues;
use crate::ai::{Config, Context, Engine, Level};
use crate::files::{MAX_FILE_SIZE, read_regular_file};
use crate::rules::records;
use crate::rules::{Game, GameId, symmetry};

/// The least the opponent's turn must have lost, in centipieces, for a candidate.
pub const MISTAKE: i32 = 150;
/// The least the side to act must then stand, in centipieces.
pub const AHEAD: i32 = 100;
/// The budget of the scan that finds candidates, in nodes per position.
pub const SCAN_NODES: u64 = 3_000;

/// How a run is made.
pub struct Spec<'a> {
    /// The game.
    pub game: GameId,
    /// The record files to draw candidates from, in any order (the seed shuffles them).
    pub sources: Vec<PathBuf>,
    /// Stop once at least this many puzzles are kept (the puzzles of the game that reaches
    /// the count are all kept, so that a resumed run is the run that was stopped).
    pub count: usize,
    /// Shuffles the sources and seeds the searches.
    pub seed: u64,
    /// The verifier's budgets.
    pub budgets: Budgets,
    /// The Flying table, if there is one.
    pub table: Option<&'a dyn ExactValues>,
    /// The rated levels that give each puzzle its starting rating.
    pub ladder: &'a dyn Ladder,
    /// Games checked at once.
    pub threads: usize,
    /// The tries each level gets at each puzzle when it is rated.
    pub tries: u32,
    /// Only positions that can start a puzzle of this theme (one of [`ONLY_THEMES`]).
    pub only: Option<Theme>,
}

/// The themes a run can be limited to: those a position shows before any search (Neihuang's
/// pull, Wu Dao's last placements).
pub const ONLY_THEMES: [Theme; 2] = [Theme::Pull, Theme::Parity];

/// Whether a puzzle of `theme` can start at `state`: the pull to make, or Wu Dao with at most
/// [`SOLVE_EMPTY`](super::verify::SOLVE_EMPTY) empty points; any position for another theme.
pub fn theme_can_start(theme: Theme, state: &crate::rules::State) -> bool {
    match theme {
        Theme::Pull => state.decision() == Some(crate::rules::Decision::Pull),
        Theme::Parity => {
            let [b, w] = state.boards();
            state.game() == GameId::Wudao && 25 - (b | w).count_ones() <= super::verify::SOLVE_EMPTY
        }
        _ => true,
    }
}

/// Where a run stands: what it has kept and how far through its sources it is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    /// The puzzles kept.
    pub puzzles: Collection,
    /// How many of the shuffled sources are done.
    pub sources_done: usize,
    /// Candidates checked so far, and why those refused were refused.
    pub tally: Tally,
}

/// What a run has found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Candidates checked by the verifier.
    pub candidates: usize,
    /// Kept.
    pub kept: usize,
    /// Refused because two solver actions were about as good.
    pub not_unique: usize,
    /// Refused for no clear gain in time.
    pub no_gain: usize,
    /// Refused because the opponent escapes, or for no choice.
    pub other: usize,
    /// The same position as one kept, up to symmetry.
    pub duplicates: usize,
    /// Verified, but not worth solving (no tempting wrong action, or no gain on the board).
    pub dull: usize,
}

impl std::fmt::Display for Tally {
    /// `12 candidates checked: 9 not unique, 1 without a clear gain, 0 other, 0 repeats,
    /// 1 not worth solving`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} candidates checked: {} not unique, {} without a clear gain, {} other, {} repeats, {} not worth solving",
            self.candidates, self.not_unique, self.no_gain, self.other, self.duplicates, self.dull
        )
    }
}

/// The sources of a run: every `*.json` file in the folders given and the files given, in
/// a fixed order.
pub fn list_sources(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| {
                format!(
                    "cannot read the folder {}: {e}",
                    crate::echo::quoted_path(path)
                )
            })?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
                .collect();
            files.sort();
            found.extend(files);
        } else {
            found.push(path.clone());
        }
    }
    Ok(found)
}

/// The sources in the run's order: shuffled by the seed.
pub fn shuffled(mut sources: Vec<PathBuf>, seed: u64) -> Vec<PathBuf> {
    sources.sort();
    sources.dedup();
    sources.shuffle(&mut StdRng::seed_from_u64(seed ^ 0x5055_5A5A));
    sources
}

/// The position's key up to the board's symmetries.
pub fn canonical_key(game: &Game) -> u128 {
    symmetry::canonical(game.state().key()).0
}

/// Runs the generator from `state` (empty, or resumed) until `spec.count` puzzles are kept
/// or the sources run out; `save` is called after each source with the state so far, and
/// `progress` with a line to show.
pub fn run(
    spec: &Spec<'_>,
    state: &mut State,
    cancel: &AtomicBool,
    save: &mut dyn FnMut(&State) -> Result<(), String>,
    progress: &mut dyn FnMut(&State, usize),
) -> Result<(), String> {
    let sources = shuffled(spec.sources.clone(), spec.seed);
    let mut seen: HashSet<u128> = state
        .puzzles
        .puzzles
        .iter()
        .filter_map(|p| p.start().ok())
        .map(|g| canonical_key(&g))
        .collect();
    if state.puzzles.puzzles.len() >= spec.count || state.sources_done >= sources.len() {
        return Ok(());
    }
    let next = AtomicUsize::new(state.sources_done);
    let (sender, receiver) = mpsc::channel::<(usize, Found)>();
    let total = sources.len();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..spec.threads.max(1) {
            let sender = sender.clone();
            let (next, sources) = (&next, &sources);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= sources.len() || cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let found = check_source(spec, &sources[i], i, cancel);
                    if sender.send((i, found)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting: Vec<(usize, Found)> = Vec::new();
        for item in receiver.iter() {
            if state.puzzles.puzzles.len() >= spec.count {
                // Done: the games checked beyond the count are not kept.
                continue;
            }
            waiting.push(item);
            while let Some(k) = waiting.iter().position(|(i, _)| *i == state.sources_done) {
                let (_, found) = waiting.swap_remove(k);
                state.tally.candidates += found.tally.candidates;
                state.tally.not_unique += found.tally.not_unique;
                state.tally.no_gain += found.tally.no_gain;
                state.tally.other += found.tally.other;
                state.tally.dull += found.tally.dull;
                for mut puzzle in found.puzzles {
                    let Ok(start) = puzzle.start() else { continue };
                    if !seen.insert(canonical_key(&start)) {
                        state.tally.duplicates += 1;
                        continue;
                    }
                    // After the highest number kept: puzzles kept from a base file keep theirs.
                    puzzle.number = state
                        .puzzles
                        .puzzles
                        .iter()
                        .map(|p| p.number)
                        .max()
                        .unwrap_or(0)
                        + 1;
                    state.puzzles.puzzles.push(puzzle);
                    state.tally.kept += 1;
                }
                state.sources_done += 1;
                save(state)?;
                progress(state, total);
                if state.puzzles.puzzles.len() >= spec.count {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        }
        Ok(())
    })
}

/// What one source gave.
#[derive(Default)]
struct Found {
    puzzles: Vec<Puzzle>,
    tally: Tally,
}

/// The puzzles of one recorded game (unread, another game's, or unplayable: none).
fn check_source(spec: &Spec<'_>, path: &Path, index: usize, cancel: &AtomicBool) -> Found {
    let mut found = Found::default();
    let Ok(bytes) = read_regular_file(path, MAX_FILE_SIZE) else {
        return found;
    };
    let Ok((_, game)) = records::load(&bytes) else {
        return found;
    };
    if game.id() != spec.game {
        return found;
    }
    let seed = spec.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for start in candidates(spec, &game, seed, cancel) {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        found.tally.candidates += 1;
        let mut verifier = Verifier::new(spec.budgets, spec.table, seed, cancel);
        match verifier.verify(&start) {
            Ok(line) => {
                let mut puzzle = line.into_puzzle(&start, 0);
                puzzle.rating = rate(&puzzle, spec.ladder, spec.tries, seed);
                match quality::assess(&puzzle, spec.ladder) {
                    Ok(_) => found.puzzles.push(puzzle),
                    Err(_) => found.tally.dull += 1,
                }
            }
            Err(Rejection::NotUnique) => found.tally.not_unique += 1,
            Err(Rejection::NoGain) => found.tally.no_gain += 1,
            Err(_) => found.tally.other += 1,
        }
    }
    found
}

/// The candidate positions of `game`: the starts of turns right after the opponent's
/// mistake, as games (their history included).
fn candidates(spec: &Spec<'_>, game: &Game, seed: u64, cancel: &AtomicBool) -> Vec<Game> {
    let mut engine = Engine::new();
    let mut config = Config::new(Level::Master);
    config.set_nodes(SCAN_NODES);
    config.set_threads(1);
    let keys: Vec<u128> = (0..=game.len())
        .map(|i| game.state_after(i).key())
        .collect();
    let turn_starts: Vec<usize> = std::iter::once(0)
        .chain(game.turn_ends().map(|i| i + 1))
        .filter(|&i| i < game.len())
        .collect();
    // Only the positions that can start a puzzle of the theme asked for, and the turn
    // starts just before them, are scored.
    let in_zone = |i: usize| {
        spec.only
            .is_none_or(|t| theme_can_start(t, game.state_after(i)))
    };
    let mut values: Vec<(usize, i32)> = Vec::new();
    for (k, &i) in turn_starts.iter().enumerate() {
        let state = game.state_after(i);
        if state.to_act().is_none() || state.legal_vec().len() < 2 {
            continue;
        }
        let next_in_zone = turn_starts.get(k + 1).is_some_and(|&n| in_zone(n));
        if !in_zone(i) && !next_in_zone {
            continue;
        }
        let value = match (spec.table, state) {
            (Some(t), crate::rules::State::Flying(_)) => {
                t.value(state).map(super::verify::encode_value)
            }
            _ => {
                let context = Context::new(&keys[..i], cancel);
                engine
                    .plan(state, &config, seed ^ i as u64, context)
                    .ok()
                    .and_then(|p| p.score)
            }
        };
        if let Some(v) = value {
            values.push((i, v));
        }
    }
    let exact = spec.table.is_some() && spec.game == GameId::Flying;
    let mut starts = Vec::new();
    for pair in values.windows(2) {
        let ((j, before), (i, now)) = (pair[0], pair[1]);
        let (a, b) = (game.state_after(j).to_act(), game.state_after(i).to_act());
        if a.is_none() || a == b {
            continue;
        }
        // The opponent's turn lost `before + now` of its value.
        let lost = i64::from(before) + i64::from(now);
        let ahead = if exact { now >= 0 } else { now >= AHEAD };
        let decided_already = !exact && before <= -WIN / 2;
        let choices = game.state_after(i).legal_vec().len();
        if lost >= i64::from(MISTAKE)
            && in_zone(i)
            && ahead
            && !decided_already
            && choices >= quality::MIN_CHOICES
        {
            let mut start = Game::new(game.id());
            if game.actions().take(i).all(|a| start.apply(a).is_ok()) {
                starts.push(start);
            }
        }
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_actions;

    #[test]
    fn a_theme_limits_the_positions_that_can_start_a_puzzle() {
        let mut game = Game::new(GameId::Neihuang);
        let moves = "d3 e3 b1 b4 c3 c4 d4 d5 b3 a2 b2 b5 e4 d2 e5 a4 e2 a1 c1 a3 c2 c5 d1 e1";
        for a in parse_actions(moves).unwrap_or_default() {
            assert!(game.apply(a).is_ok());
        }
        assert!(!theme_can_start(Theme::Pull, game.state()));
        let a5 = parse_actions("a5").unwrap_or_default();
        assert!(game.apply(a5[0]).is_ok());
        assert!(theme_can_start(Theme::Pull, game.state()));
        assert!(!theme_can_start(Theme::Parity, game.state()));
        // Wu Dao: the last placements start at seven empty points.
        let mut game = Game::new(GameId::Wudao);
        while game.state().legal_vec().len() > 8 {
            let a = game.state().legal_vec()[0];
            assert!(game.apply(a).is_ok());
        }
        assert!(!theme_can_start(Theme::Parity, game.state()));
        let a = game.state().legal_vec()[0];
        assert!(game.apply(a).is_ok());
        assert!(theme_can_start(Theme::Parity, game.state()));
    }
}
