//! Building the opening book: every position of the first placements, up to the board's
//! symmetries, with every action scored by a search of the position it leads to.
//!
//! The positions are taken a ply at a time from the start. For each, the actions that lead
//! to the same position up to symmetry share one search; its value, for the side that acted,
//! is the action's score. A search keeps nothing from another (each starts a fresh table), so
//! the book is the same whatever the number of threads.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::ai::book::Book;
use crate::ai::{Config, Context, Engine, Weights};
use crate::rules::{Action, GameId, State, symmetry};

/// How to build a book.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The game (Neihuang or Wu Dao).
    pub game: GameId,
    /// Positions up to this many actions from the start get their actions scored.
    pub plies: usize,
    /// The player whose search scores the actions, with its budget.
    pub player: Config,
    /// Pattern weights replacing the built-in ones, for a player that evaluates with them.
    pub weights: Option<&'static Weights>,
    /// Searches run at once.
    pub threads: usize,
    /// The seed of the searches.
    pub seed: u64,
}

/// One search to make: the position after `action` from frontier position `parent`.
struct Job {
    parent: usize,
    child: State,
}

/// The score of `child` for the side to act in `parent`, by `player`'s search.
fn score(
    engine: &mut Engine,
    player: &Config,
    parent: &State,
    child: &State,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Option<i16>, String> {
    if child.to_act().is_none() {
        return Ok(None);
    }
    engine.forget();
    let plan = engine
        .plan(child, player, seed, Context::new(&[], cancel))
        .map_err(|e| format!("the search failed: {e}"))?;
    Ok(plan.score.map(|s| {
        let s = s.clamp(-30_000, 30_000) as i16;
        if child.to_act() == parent.to_act() {
            s
        } else {
            -s
        }
    }))
}

/// Builds the book of `spec`, reporting `(searches done, searches in this ply, ply)`.
pub fn build(spec: &Spec, mut progress: impl FnMut(usize, usize, usize)) -> Result<Book, String> {
    let mut player = spec.player;
    player = player
        .with("keep-table", "0")
        .and_then(|p| p.with("book", "0"))
        .map_err(|e| format!("the player: {e}"))?;
    player.set_threads(1);
    let mut book = Book::new(spec.game);
    let mut frontier = vec![State::start(spec.game)];
    let cancel = AtomicBool::new(false);
    for ply in 0..spec.plies {
        // The distinct positions each frontier position leads to, and which actions lead there.
        let mut jobs: Vec<Job> = Vec::new();
        let mut leads: Vec<Vec<(Action, usize)>> = Vec::with_capacity(frontier.len());
        for (parent, state) in frontier.iter().enumerate() {
            let mut seen: Vec<(u128, usize)> = Vec::new();
            let mut mine = Vec::new();
            for action in state.legal_vec() {
                let mut child = *state;
                child.apply_unchecked(action);
                let (key, _) = symmetry::canonical(child.key());
                let job = match seen.iter().find(|(k, _)| *k == key) {
                    Some(&(_, job)) => job,
                    None => {
                        jobs.push(Job { parent, child });
                        seen.push((key, jobs.len() - 1));
                        jobs.len() - 1
                    }
                };
                mine.push((action, job));
            }
            leads.push(mine);
        }
        let scores: Vec<Mutex<Option<i16>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let failure: Mutex<Option<String>> = Mutex::new(None);
        let total = jobs.len();
        let (finished, finishing) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|scope| {
            for _ in 0..spec.threads.max(1) {
                let finished = finished.clone();
                let (jobs, scores, next, failure, frontier, cancel) =
                    (&jobs, &scores, &next, &failure, &frontier, &cancel);
                scope.spawn(move || {
                    let mut engine = match spec.weights {
                        Some(w) => Engine::new().with_weights(w),
                        None => Engine::new(),
                    };
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total || cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        let job = &jobs[i];
                        let seed = spec.seed.wrapping_add(job.child.key() as u64);
                        match score(
                            &mut engine,
                            &player,
                            &frontier[job.parent],
                            &job.child,
                            seed,
                            cancel,
                        ) {
                            Ok(s) => {
                                if let Ok(mut slot) = scores[i].lock() {
                                    *slot = s;
                                }
                            }
                            Err(e) => {
                                if let Ok(mut f) = failure.lock() {
                                    f.get_or_insert(e);
                                }
                                cancel.store(true, Ordering::Relaxed);
                            }
                        }
                        if finished.send(()).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(finished);
            // Progress is told from here, as the searches finish.
            for (done, ()) in finishing.iter().enumerate() {
                progress(done + 1, total, ply);
            }
        });
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(e);
        }
        let scores: Vec<Option<i16>> = scores
            .into_iter()
            .map(|m| m.into_inner().ok().flatten())
            .collect();
        let mut children = Vec::new();
        let mut kept: HashSet<u128> = HashSet::new();
        for (state, mine) in frontier.iter().zip(&leads) {
            let actions: Vec<(Action, i16)> = mine
                .iter()
                .filter_map(|&(action, job)| scores[job].map(|s| (action, s)))
                .collect();
            if !actions.is_empty() {
                book.insert(state, &actions);
            }
        }
        for job in &jobs {
            let (key, _) = symmetry::canonical(job.child.key());
            if job.child.to_act().is_some() && kept.insert(key) {
                children.push(job.child);
            }
        }
        frontier = children;
    }
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_book_scores_every_first_action_and_is_the_same_on_two_threads() {
        let player = Config::parse("expert:nodes=200").expect("a player");
        let spec = |threads| Spec {
            game: GameId::Wudao,
            plies: 2,
            player,
            weights: None,
            threads,
            seed: 3,
        };
        let one = build(&spec(1), |_, _, _| {}).expect("a book");
        assert_eq!(one, build(&spec(2), |_, _, _| {}).expect("a book"));
        // The start and the six first placements up to symmetry.
        assert_eq!(one.len(), 7);
        let start = one
            .actions(&State::start(GameId::Wudao))
            .expect("the start");
        assert_eq!(start.len(), 25);
        // Symmetric first placements share their score.
        let score = |name: &str| {
            let p = Action::parse(name).expect("an action");
            start.iter().find(|(a, _)| *a == p).expect("scored").1
        };
        assert_eq!(score("a1"), score("e5"));
        assert_eq!(score("b1"), score("e4"));
    }
}
