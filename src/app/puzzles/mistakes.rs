//! "Learn from your mistakes": after an analysis, the player's own blunders that make a
//! puzzle by the same test as the shipped ones (the position before the blunder, where one
//! continuation is clearly best at every step and ends in a clear gain), found on a thread
//! of their own while the window goes on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::ai::analysis::{ExactValues, Label, Report};
use crate::app::computer::AiMode;
use crate::learn::puzzles::Puzzle;
use crate::learn::puzzles::verify::{Budgets, Verifier};
use crate::rules::{Game, Side};

/// The searches' budgets: smaller than the shipped puzzles', so that a game's mistakes are
/// checked in seconds.
pub const BUDGETS: Budgets = Budgets {
    cheap: 2_000,
    deep: 16_000,
    confirm: 48_000,
};
/// The most mistakes of a game checked.
const MOST: usize = 8;

/// The positions before the blunders and mistakes of `sides` in `game`, as games (their
/// history included), at most [`MOST`].
pub fn candidates(game: &Game, report: &Report, sides: &[Side]) -> Vec<Game> {
    let mut starts = Vec::new();
    for action in &report.actions {
        if starts.len() >= MOST {
            break;
        }
        let at_turn_start = action.index == 0
            || game
                .effects()
                .nth(action.index - 1)
                .is_some_and(|e| e.turn_over);
        if !sides.contains(&action.side)
            || !at_turn_start
            || !action.had_choice
            || action.label < Label::Mistake
        {
            continue;
        }
        let mut start = Game::new(game.id());
        if game
            .actions()
            .take(action.index)
            .all(|a| start.apply(a).is_ok())
        {
            starts.push(start);
        }
    }
    starts
}

/// The puzzles among `starts`, numbered from 1 (the progress numbers them again).
pub fn find(starts: &[Game], table: Option<&dyn ExactValues>, cancel: &AtomicBool) -> Vec<Puzzle> {
    let mut found = Vec::new();
    for (i, start) in starts.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let mut verifier = Verifier::new(BUDGETS, table, 0x0DD5 + i as u64, cancel);
        if let Ok(line) = verifier.verify(start) {
            found.push(line.into_puzzle(start, found.len() as u32 + 1));
        }
    }
    found
}

/// The search for puzzles among a game's mistakes, on a thread of its own (or at once, in
/// tests). Dropping it stops it.
pub struct MistakeSearch {
    result: Arc<Mutex<Option<Vec<Puzzle>>>>,
    cancel: Arc<AtomicBool>,
}

impl MistakeSearch {
    /// Starts checking `starts`; `wake` asks for a frame when it is done.
    pub fn start(
        starts: Vec<Game>,
        table: Option<Arc<dyn ExactValues>>,
        mode: AiMode,
        wake: impl Fn() + Send + 'static,
    ) -> MistakeSearch {
        let result = Arc::new(Mutex::new(None));
        let cancel = Arc::new(AtomicBool::new(false));
        let (r, c) = (Arc::clone(&result), Arc::clone(&cancel));
        let work = move || {
            let found = find(&starts, table.as_deref(), &c);
            *r.lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
            wake();
        };
        match mode {
            AiMode::Inline => work(),
            AiMode::Thread => {
                let spawned = std::thread::Builder::new()
                    .name("sanqi-mistakes".into())
                    .spawn(work);
                if spawned.is_err() {
                    // Without a thread there is nothing to look with: the search finds none.
                    *result.lock().unwrap_or_else(PoisonError::into_inner) = Some(Vec::new());
                }
            }
        }
        MistakeSearch { result, cancel }
    }

    /// The puzzles found, once it is done (taken: later calls give `None`).
    pub fn take(&self) -> Option<Vec<Puzzle>> {
        self.result
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

impl Drop for MistakeSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
