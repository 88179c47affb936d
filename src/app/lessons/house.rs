//! The course on the rules the three games share (house rules): the turn clock, repetition
//! and the limit of 100 turns without a capture.

use std::collections::HashSet;

use super::step::{Goal, Position, Step, Task};
use crate::rules::neihuang::Phase;
use crate::rules::{Action, Game, NO_CAPTURE_LIMIT, Side, State, flying};

/// The steps, in order.
pub const STEPS: &[Step] = &[
    // Black has just completed column c and owes three captures; the clock runs out.
    Step::new(
        "timeout",
        Position::neihuang(
            ["WBBWW", "BWB.B", "WB.BB", "WWBWW", "BWBW."],
            Phase::Movement,
            Side::Black,
            "b3-c3",
        ),
        &[Task::Act(Goal::Timeout)],
        "timeout",
        "xa5",
    )
    .with_clock(10),
    // Both sides have shuffled a piece back and forth: a2-a1 would repeat the start a
    // third time.
    Step::new(
        "repetition",
        Position::flying(
            ["WWWWW", ".....", ".....", ".....", "BBBBB"],
            Side::White,
            "e5-e4 a1-a2 e4-e5 a2-a1 e5-e4 a1-a2 e4-e5",
        ),
        &[Task::Act(Goal::NoRepetition)],
        "b1-b3",
        "a2-a1",
    ),
    // 99 turns without a flip: only a flip keeps the game going.
    Step::new(
        "hundred-turns",
        Position::Built(quiet_game),
        &[Task::Act(Goal::Material)],
        "",
        "",
    ),
];

/// The position the 99 quiet turns start from, White to move.
const QUIET_START: [&str; 5] = ["W.W.W", ".W.W.", ".....", ".B.B.", "B.B.B"];

/// A Flying game of 99 turns without a flip from [`QUIET_START`], no position occurring
/// twice, that ends with Black to move and a flip on offer. Found by a search in a fixed
/// order, so it is the same game every time.
pub fn quiet_game() -> Option<Game> {
    let boards = super::step::boards_of(&QUIET_START)?;
    let start = State::Flying(flying::State::from_parts(boards, Side::White)?);
    let mut game = Game::from_state(start);
    let mut seen = HashSet::from([start.key()]);
    let turns = usize::from(NO_CAPTURE_LIMIT) - 1;
    extend_quietly(&mut game, &mut seen, turns, &mut 0).then_some(game)
}

/// Depth-first: plays `left` more quiet moves on `game`, backtracking from dead ends; gives
/// up after a bounded number of tries.
fn extend_quietly(game: &mut Game, seen: &mut HashSet<u128>, left: usize, tries: &mut u32) -> bool {
    let state = *game.state();
    if left == 0 {
        return has_flip(&state);
    }
    *tries += 1;
    if *tries > 20_000 {
        return false;
    }
    let mut moves = state.legal_vec();
    // A fixed shuffle, so the pieces wander instead of sliding in index order.
    let n = moves.len();
    for i in 0..n {
        let j = (i * 7 + left * 13) % n;
        moves.swap(i, j);
    }
    for action in moves {
        let mut next = state;
        let Ok(effects) = next.apply(action) else {
            continue;
        };
        if effects.changed_material() || next.status().is_over() || !seen.insert(next.key()) {
            continue;
        }
        if game.apply(action).is_err() {
            seen.remove(&next.key());
            continue;
        }
        if extend_quietly(game, seen, left - 1, tries) {
            return true;
        }
        game.undo();
        seen.remove(&next.key());
    }
    false
}

/// Whether the side to act can flip a piece.
fn has_flip(state: &State) -> bool {
    state.legal_vec().into_iter().any(|action: Action| {
        let mut next = *state;
        next.apply(action).is_ok_and(|e| e.flipped != 0)
    })
}
