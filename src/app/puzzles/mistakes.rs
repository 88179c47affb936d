//! "Learn from your mistakes": after an analysis, the player's own blunders that make a
//! puzzle by the same test as the shipped ones (the position before the blunder, where one
//! continuation is clearly best at every step and ends in a clear gain), found on a thread
//! of their own while the window goes on (in the web build, in a Web Worker of their own,
//! asked and answered through [`encode_job`] and [`serve`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::ai::analysis::{ExactValues, Label, Report};
use crate::app::computer::AiMode;
use crate::learn::puzzles::Puzzle;
use crate::learn::puzzles::file::Collection;
use crate::learn::puzzles::verify::{Budgets, Verifier};
use crate::rules::{Action, Game, GameId, Side};

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
    /// In the web build, the Web Worker that looks (dropping it ends the search).
    #[cfg(target_arch = "wasm32")]
    worker: Option<crate::platform::web::Worker>,
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
        #[cfg(target_arch = "wasm32")]
        if mode == AiMode::Thread {
            return MistakeSearch::in_worker(&starts, wake, result, cancel);
        }
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
        MistakeSearch {
            result,
            cancel,
            #[cfg(target_arch = "wasm32")]
            worker: None,
        }
    }

    /// The web build's search: in a Web Worker of its own (there is no table there).
    #[cfg(target_arch = "wasm32")]
    fn in_worker(
        starts: &[Game],
        wake: impl Fn() + Send + 'static,
        result: Arc<Mutex<Option<Vec<Puzzle>>>>,
        cancel: Arc<AtomicBool>,
    ) -> MistakeSearch {
        let job = format!("{JOB}\n{}", encode_job(starts));
        let worker = crate::platform::web::Worker::start(std::rc::Rc::new(wake))
            .and_then(|worker| worker.post(&job).map(|()| worker))
            .ok();
        if worker.is_none() {
            // Without a worker there is nothing to look with: the search finds none.
            *result.lock().unwrap_or_else(PoisonError::into_inner) = Some(Vec::new());
        }
        MistakeSearch {
            result,
            cancel,
            worker,
        }
    }

    /// The puzzles found, once it is done (taken: later calls give `None`).
    pub fn take(&self) -> Option<Vec<Puzzle>> {
        #[cfg(target_arch = "wasm32")]
        if let Some(message) = self.worker.as_ref().and_then(|w| w.take()) {
            let found = match message {
                crate::platform::web::Message::Text(text) => decode_found(&text),
                crate::platform::web::Message::Failed(_) => Vec::new(),
            };
            *self.result.lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
        }
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

/// The kind of job a Web Worker is asked for: the search for puzzles among mistakes.
pub const JOB: &str = "mistakes";

/// The positions to check, as text: each a game from the start, by its actions' codes.
pub fn encode_job(starts: &[Game]) -> String {
    let starts: Vec<(GameId, Vec<u16>)> = starts
        .iter()
        .map(|g| (g.id(), g.actions().map(Action::code).collect()))
        .collect();
    serde_json::to_string(&starts).unwrap_or_default()
}

/// The positions of the job in `text`; a game that does not replay is left out.
pub fn decode_job(text: &str) -> Vec<Game> {
    let starts: Vec<(GameId, Vec<u16>)> = serde_json::from_str(text).unwrap_or_default();
    starts
        .into_iter()
        .filter_map(|(id, codes)| {
            let mut game = Game::new(id);
            codes
                .into_iter()
                .all(|c| Action::from_code(c).is_some_and(|a| game.apply(a).is_ok()))
                .then_some(game)
        })
        .collect()
}

/// The puzzles found, as text: a puzzle file's bytes in hexadecimal.
pub fn encode_found(found: &[Puzzle]) -> String {
    let Some(game) = found.first().map(|p| p.game) else {
        return String::new();
    };
    let collection = Collection {
        puzzles: found.to_vec(),
        ..Collection::new(game)
    };
    collection
        .to_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The puzzles in `text` (none if it holds none, or is not what [`encode_found`] makes).
pub fn decode_found(text: &str) -> Vec<Puzzle> {
    let bytes: Option<Vec<u8>> = (0..text.len() / 2)
        .map(|i| u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    bytes
        .and_then(|b| Collection::read(None, &b).ok())
        .map(|c| c.puzzles)
        .unwrap_or_default()
}

/// What a Web Worker does with the job in `text`: looks, and answers the puzzles found.
pub fn serve(text: &str) -> String {
    let cancel = AtomicBool::new(false);
    encode_found(&find(&decode_job(text), None, &cancel))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search asked of a worker through text finds what the search here finds.
    #[test]
    fn the_worker_finds_the_same_puzzles() {
        let collection = Collection::read_lenient(
            GameId::Wudao,
            include_bytes!("../../../assets/puzzles/wudao.puzzles"),
        );
        let starts: Vec<Game> = collection
            .puzzles
            .iter()
            .take(2)
            .filter_map(|p| p.start().ok())
            .collect();
        assert_eq!(starts.len(), 2);
        let back = decode_job(&encode_job(&starts));
        assert_eq!(
            back.iter().map(Game::action_list).collect::<Vec<_>>(),
            starts.iter().map(Game::action_list).collect::<Vec<_>>()
        );
        let cancel = AtomicBool::new(false);
        let here = find(&starts, None, &cancel);
        let there = decode_found(&serve(&encode_job(&starts)));
        assert_eq!(
            there
                .iter()
                .map(|p| (&p.moves, &p.line, p.goal))
                .collect::<Vec<_>>(),
            here.iter()
                .map(|p| (&p.moves, &p.line, p.goal))
                .collect::<Vec<_>>()
        );
        assert!(decode_found("").is_empty());
        assert!(decode_found("zz").is_empty());
    }
}
