//! The rules common to all three games (RULES.md, "End of game, for all three"): repetition,
//! the 100-turn no-capture limit, their priority, and exact undo.

mod common;

use std::collections::HashMap;

use common::{Rng, act, acts, board, game_after};
use sanqi::rules::neihuang::{self, Phase};
use sanqi::rules::{
    Action, DrawReason, Game, GameId, IllegalAction, NO_CAPTURE_LIMIT, Side, State, Status,
    WinReason,
};

fn apply(game: &mut Game, text: &str) {
    let action = act(text);
    game.apply(action)
        .unwrap_or_else(|e| panic!("{action} rejected: {e}"));
}

/// Everything observable about a game, for exact comparisons around undo.
fn snapshot(game: &Game) -> (Game, State, Status, u16, u8, usize, bool) {
    (
        game.clone(),
        *game.state(),
        game.status(),
        game.quiet_turns(),
        game.repetitions(),
        game.len(),
        game.at_turn_start(),
    )
}

/// A Neihuang movement-phase position drawn as text (row 5 first), Black to move.
fn movement(rows: [&str; 5]) -> State {
    let s = neihuang::State::from_parts(board(rows), [0, 0], Phase::Movement, Side::Black);
    State::Neihuang(s.expect("a valid position"))
}

/// Neihuang with White's block in the corner and Black one step from completing its own.
fn corners() -> State {
    movement([
        "W W . . W",
        "W W . . W",
        ". . . . .",
        "B B . . .",
        "B . B . .",
    ])
}

#[test]
fn third_occurrence_of_a_position_draws() {
    let mut game = Game::new(GameId::Flying);
    assert_eq!(game.repetitions(), 1, "the start position counts");
    let shuffle = acts("a1-a2 a5-a4 a2-a1 a4-a5");
    for (i, &action) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(game.status(), Status::Ongoing, "before action {}", i + 1);
        game.apply(action).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
    assert_eq!(game.status().summary(), "draw repetition");
    assert_eq!(game.apply(act("b1-b2")), Err(IllegalAction::GameOver));
    assert_eq!(game.apply(Action::Timeout), Err(IllegalAction::GameOver));
    // The game's own state knows nothing of the draw.
    assert_eq!(game.state().status(), Status::Ongoing);
}

#[test]
fn the_side_to_act_is_part_of_the_position() {
    let mut game = Game::new(GameId::Flying);
    // The board stays the same; only the side to act changes.
    for n in 1..=3 {
        apply(&mut game, "timeout");
        assert_eq!(game.status(), Status::Ongoing, "after {n} timeouts");
    }
    assert_eq!(game.repetitions(), 2);
    apply(&mut game, "timeout");
    assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
}

#[test]
fn the_phase_and_captures_owed_are_part_of_the_position() {
    // Neihuang: Black forms a block and owes a capture; the same board with nothing owed is
    // another position, and so is the same board in another phase.
    let mut owing = corners();
    owing.apply(act("c1-b1")).unwrap();
    let plain = State::Neihuang(
        neihuang::State::from_parts(owing.boards(), [0, 0], Phase::Movement, Side::Black).unwrap(),
    );
    let pull = State::Neihuang(
        neihuang::State::from_parts(owing.boards(), [0, 0], Phase::Pull, Side::Black).unwrap(),
    );
    assert_eq!(owing.boards(), plain.boards());
    let keys = [owing.key(), plain.key(), pull.key()];
    assert_ne!(keys[0], keys[1]);
    assert_ne!(keys[0], keys[2]);
    assert_ne!(keys[1], keys[2]);
    // Hands count too.
    let in_hand = State::Neihuang(
        neihuang::State::from_parts(owing.boards(), [1, 0], Phase::Movement, Side::Black).unwrap(),
    );
    assert_ne!(in_hand.key(), plain.key());
}

#[test]
fn repetition_in_neihuang_movement() {
    let mut game = Game::from_state(corners());
    for _ in 0..2 {
        for text in ["c1-d1", "e5-d5", "d1-c1", "d5-e5"] {
            assert_eq!(game.status(), Status::Ongoing);
            apply(&mut game, text);
        }
    }
    assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
    assert_eq!(game.quiet_turns(), 8);
}

/// A Flying game of `turns` quiet turns (no flips, some timeouts) in which no position occurs
/// a third time and nobody wins, chosen by a seeded random walk.
fn quiet_flying_game(turns: usize, seed: u64) -> Vec<Action> {
    let mut rng = Rng::new(seed);
    let mut state = State::start(GameId::Flying);
    let mut seen: HashMap<u128, u8> = HashMap::from([(state.key(), 1)]);
    let mut actions = Vec::new();
    while actions.len() < turns {
        let mut candidates = state.legal_vec();
        candidates.push(Action::Timeout);
        let mut found = None;
        for _ in 0..200 {
            let action = if rng.chance(15) {
                Action::Timeout
            } else {
                candidates[rng.below(candidates.len())]
            };
            let mut next = state;
            let effects = next.apply(action).unwrap();
            if effects.flipped == 0
                && next.status() == Status::Ongoing
                && seen.get(&next.key()).copied().unwrap_or(0) < 2
            {
                found = Some((action, next));
                break;
            }
        }
        let (action, next) = found.expect("the random walk found a quiet action");
        *seen.entry(next.key()).or_insert(0) += 1;
        actions.push(action);
        state = next;
    }
    assert!(actions.contains(&Action::Timeout));
    actions
}

#[test]
fn hundred_quiet_turns_draw_and_undo_redo_restores_it() {
    let actions = quiet_flying_game(NO_CAPTURE_LIMIT as usize, 7);
    let mut game = Game::new(GameId::Flying);
    for (i, &action) in actions.iter().enumerate() {
        assert_eq!(game.status(), Status::Ongoing, "before turn {}", i + 1);
        assert_eq!(game.quiet_turns() as usize, i);
        let effects = game.apply(action).unwrap();
        assert!(effects.turn_over);
    }
    assert_eq!(game.quiet_turns(), 100);
    assert_eq!(game.status(), Status::Drawn(DrawReason::NoCaptureLimit));
    assert_eq!(game.status().summary(), "draw no-capture limit");
    let at_draw = snapshot(&game);
    // Undo the 100th turn: the game goes on again, with 99 quiet turns.
    assert_eq!(game.undo(), Some(actions[99]));
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.quiet_turns(), 99);
    // Redo it: the draw is back, exactly.
    game.apply(actions[99]).unwrap();
    assert_eq!(snapshot(&game), at_draw);
}

#[test]
fn a_flip_resets_the_count() {
    let mut game = Game::new(GameId::Flying);
    for text in ["a1-a3", "timeout", "b1-b4", "c5-c4"] {
        apply(&mut game, text);
    }
    assert_eq!(game.quiet_turns(), 4);
    // White's c4 now stands next to Black's b4: Black d1-d4 flips it by pincer.
    let effects = game.apply(act("d1-d4")).unwrap();
    assert_ne!(effects.flipped, 0);
    assert_eq!(game.quiet_turns(), 0);
    apply(&mut game, "timeout");
    assert_eq!(game.quiet_turns(), 1);
}

#[test]
fn neihuang_count_carries_across_phases_and_resets_on_pull_capture_and_yield() {
    let mut game = game_after(
        GameId::Neihuang,
        "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2",
    );
    assert_eq!(game.quiet_turns(), 25, "placements are quiet turns");
    apply(&mut game, "timeout");
    assert_eq!(game.state().decision(), Some(sanqi::rules::Decision::Pull));
    assert_eq!(
        game.quiet_turns(),
        26,
        "the count carries into the pull phase"
    );
    apply(&mut game, "xa3");
    assert_eq!(game.quiet_turns(), 0, "a pull resets it");
    // Movement: the count goes on.
    apply(&mut game, "a4-a3");
    assert_eq!(game.quiet_turns(), 1);
}

#[test]
fn neihuang_capture_turn_is_not_quiet() {
    let mut game = Game::from_state(corners());
    apply(&mut game, "timeout");
    apply(&mut game, "e4-e3");
    assert_eq!(game.quiet_turns(), 2);
    apply(&mut game, "c1-b1");
    assert!(!game.at_turn_start(), "the capture is still owed");
    assert_eq!(game.quiet_turns(), 2, "the turn is not over yet");
    apply(&mut game, "xe3");
    assert!(game.at_turn_start());
    assert_eq!(game.quiet_turns(), 0);
    apply(&mut game, "a4-a3");
    assert_eq!(game.quiet_turns(), 1);
    // A yield resets the count as well: White cannot move, Black times out and the engine
    // yields for Black.
    let cramped = [
        "W W W W W",
        "W W W W W",
        "B B B B B",
        "B B B B B",
        "B . B B W",
    ];
    let s =
        neihuang::State::from_parts(board(cramped), [0, 0], Phase::Movement, Side::Black).unwrap();
    let mut game = Game::from_state(State::Neihuang(s));
    let effects = game.apply(Action::Timeout).unwrap();
    assert_ne!(effects.removed, 0);
    assert_eq!(game.quiet_turns(), 0);
}

/// Wu Dao: White places its pieces a1, b1, … in index order, with three timeouts before each
/// placement (Black, White, Black), so each board occurs at most twice with each side to act
/// and nothing is ever captured. Returns the game after `boards` such rounds.
fn wudao_slow_fill(boards: usize) -> Game {
    let mut game = Game::new(GameId::Wudao);
    for p in 0..boards {
        for _ in 0..3 {
            game.apply(Action::Timeout).unwrap();
        }
        let point = sanqi::rules::Point::from_index(p as u8).unwrap();
        game.apply(Action::Place(point)).unwrap();
        assert_eq!(game.status(), Status::Ongoing);
    }
    game
}

#[test]
fn the_games_own_result_beats_the_no_capture_limit() {
    let mut game = wudao_slow_fill(24);
    assert_eq!(game.quiet_turns(), 96);
    for _ in 0..3 {
        game.apply(Action::Timeout).unwrap();
    }
    assert_eq!(game.quiet_turns(), 99);
    assert_eq!(game.status(), Status::Ongoing);
    // The 100th quiet turn fills the board.
    game.apply(act("e5")).unwrap();
    assert_eq!(game.quiet_turns(), 100);
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Side::White,
            reason: WinReason::BoardFull {
                black: 0,
                white: 25
            }
        }
    );
}

#[test]
fn both_draw_rules_at_once_give_repetition() {
    let mut game = wudao_slow_fill(24);
    for _ in 0..3 {
        game.apply(Action::Timeout).unwrap();
        assert_eq!(game.status(), Status::Ongoing);
    }
    // The 100th quiet turn also brings the third occurrence.
    game.apply(Action::Timeout).unwrap();
    assert_eq!(game.quiet_turns(), 100);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
}

#[test]
fn undo_of_a_third_repetition_and_of_every_action_is_exact() {
    let mut game = Game::new(GameId::Flying);
    let mut history = vec![snapshot(&game)];
    for text in [
        "a1-a2", "a5-a4", "a2-a1", "a4-a5", "a1-a2", "a5-a4", "a2-a1", "a4-a5",
    ] {
        apply(&mut game, text);
        history.push(snapshot(&game));
    }
    assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
    // Undo the third occurrence: the game goes on, and a different action is allowed.
    game.undo().unwrap();
    assert_eq!(snapshot(&game), history[7]);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(
        game.repetitions(),
        2,
        "the position after a2-a1 was seen after action 3"
    );
    let mut branch = game.clone();
    apply(&mut branch, "b5-b4");
    assert_eq!(branch.status(), Status::Ongoing);
    // Redo: the draw again.
    apply(&mut game, "a4-a5");
    assert_eq!(snapshot(&game), history[8]);
    // Undo all the way back, checking every step.
    for expected in history.iter().rev().skip(1) {
        assert!(game.undo().is_some());
        assert_eq!(&snapshot(&game), expected);
    }
    assert_eq!(game.undo(), None);
    assert!(game.is_empty());
}

#[test]
fn turn_boundaries_follow_the_turns() {
    let mut game = Game::from_state(movement([
        "W W . . W",
        "W W . . W",
        ". . B . .",
        ". B . B .",
        ". B B B .",
    ]));
    for text in ["c3-c2", "xa5", "xb5", "e5-d5", "timeout"] {
        apply(&mut game, text);
    }
    assert_eq!(game.turn_ends().collect::<Vec<_>>(), vec![2, 3, 4]);
    assert_eq!(game.action_list(), acts("c3-c2 xa5 xb5 e5-d5 timeout"));
    assert_eq!(game.effects().len(), 5);
    assert_eq!(game.state_after(0), game.start_state());
    assert_eq!(game.state_after(5), game.state());
}

#[test]
fn state_after_any_count_of_any_game() {
    let game = Game::new(GameId::Wudao);
    for n in [0, 1, 5, usize::MAX] {
        assert_eq!(game.state_after(n), game.start_state(), "state_after({n})");
    }
    let game = game_after(GameId::Wudao, "c3 d4");
    assert_eq!(
        game.state_after(1),
        &common::state_after(GameId::Wudao, "c3")
    );
    assert_eq!(game.state_after(usize::MAX), game.state());
}

#[test]
fn a_pending_yield_is_part_of_the_position() {
    // Black steps d4-c4 and leaves White no move: Black must yield. The same board with
    // Black simply to move is a different position (RULES.md, "Repetition").
    let mut yielding = movement([
        "W W B . .",
        "W W . B .",
        "B B . . .",
        ". . . . .",
        ". . . . .",
    ]);
    yielding.apply(act("d4-c4")).unwrap();
    assert_eq!(yielding.decision(), Some(sanqi::rules::Decision::Yield));
    assert_eq!(yielding.to_act(), Some(Side::Black));
    let moving = State::Neihuang(
        neihuang::State::from_parts(yielding.boards(), [0, 0], Phase::Movement, Side::Black)
            .unwrap(),
    );
    assert_eq!(moving.decision(), Some(sanqi::rules::Decision::Move));
    assert_eq!(moving.boards(), yielding.boards());
    assert_eq!(moving.hands(), yielding.hands());
    assert_ne!(moving.key(), yielding.key());
}
