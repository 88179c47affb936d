//! Neihuang Ge Fang Qi: every rule and example of RULES.md on hand-built positions.

mod common;

use common::{act, acts, board, names, pt, pts};
use sanqi::rules::board::bit;
use sanqi::rules::neihuang::{Phase, State};
use sanqi::rules::perft::perft;
use sanqi::rules::{
    Action, ActionList, Bits, Decision, Effects, GameRules, IllegalAction, Point, RemovalKind,
    Rules, Side, Status, WinReason,
};

const PLACEMENTS: &str = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 \
     c4 a5 c2";

/// A movement-phase position drawn as text (row 5 first), nothing in hand.
fn movement(rows: [&str; 5], to_act: Side) -> State {
    State::from_parts(board(rows), [0, 0], Phase::Movement, to_act).expect("valid position")
}

/// A full board at the start of the pull phase: a checkerboard with one Black 2×2 block
/// (a1 b1 a2 b2). Black 13, White 12.
fn full_board() -> State {
    let rows = [
        "W B W B W",
        "B W B W B",
        "W B W B W",
        "B B W B W",
        "B B W W B",
    ];
    State::from_parts(board(rows), [0, 0], Phase::Pull, Side::White).expect("valid position")
}

fn play(state: &mut State, text: &str) -> Effects {
    let action = act(text);
    state
        .apply(action)
        .unwrap_or_else(|e| panic!("{action} rejected: {e}"))
}

fn play_all(state: &mut State, text: &str) {
    for action in acts(text) {
        state
            .apply(action)
            .unwrap_or_else(|e| panic!("{action} rejected: {e}"));
    }
}

/// Plays a step that earns `owed` captures, and checks that the position now asks for them.
fn earns(state: &mut State, text: &str, owed: u8) -> Effects {
    let e = play(state, text);
    assert_eq!(e.owed, owed, "{text}");
    assert_eq!(state.decision(), Some(Decision::Capture { owed }), "{text}");
    e
}

/// Who acts after an action, and whether it ended the turn.
fn next(e: &Effects) -> (Option<Side>, bool) {
    (e.to_act, e.turn_over)
}

/// What a removal took: the points, whose they were and what kind of removal it was.
fn taken(e: &Effects) -> (Bits, Option<Side>, Option<RemovalKind>) {
    (e.removed, e.removed_owner, e.removal)
}

/// The refusal of an action of the wrong kind where the position asks for `expected`.
fn wrong_kind(expected: Decision) -> IllegalAction {
    IllegalAction::WrongKind { expected }
}

/// The legal actions, as sorted text.
fn legal(state: &State) -> Vec<String> {
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    let mut v: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

/// The removals of the points named, as sorted text.
fn removals(points: &str) -> Vec<String> {
    let mut v: Vec<String> = points.split_whitespace().map(|p| format!("x{p}")).collect();
    v.sort();
    v
}

fn err(state: &State, text: &str) -> IllegalAction {
    let before = *state;
    let mut copy = *state;
    let e = copy.apply(act(text)).expect_err(text);
    assert_eq!(copy, before, "a rejected action must change nothing");
    assert_eq!(state.check(act(text)), Err(e));
    e
}

// ---------------------------------------------------------------- placement

#[test]
fn start_position() {
    let s = State::start();
    assert_eq!(s.boards(), [0, 0]);
    assert_eq!(s.hands(), [13, 12]);
    assert_eq!(s.phase(), Phase::Placement);
    assert_eq!(s.to_act(), Some(Side::Black));
    assert_eq!(s.decision(), Some(Decision::Place));
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(legal(&s).len(), 25);
}

#[test]
fn placement_alternates_and_uses_the_hand() {
    let mut s = State::start();
    let e = play(&mut s, "c3");
    assert_eq!(e.actor, Side::Black);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.hands(), [12, 12]);
    assert_eq!(s.boards(), [pts("c3"), 0]);
    assert_eq!(err(&s, "c3"), IllegalAction::Occupied(pt("c3")));
    assert_eq!(err(&s, "c3-c4"), wrong_kind(Decision::Place));
    assert_eq!(err(&s, "xc3"), wrong_kind(Decision::Place));
    play(&mut s, "c4");
    assert_eq!(s.hands(), [12, 11]);
    assert_eq!(s.to_act(), Some(Side::Black));
    assert!(!legal(&s).contains(&"c4".to_string()));
}

#[test]
fn placement_never_captures_blocks_or_lines() {
    // Black completes a 2×2 block and White a line of five: nothing is captured.
    let rows = [
        "W W W W .",
        ". . . . .",
        ". . . . .",
        "B B . . .",
        "B . . . .",
    ];
    let mut s = State::from_parts(board(rows), [10, 8], Phase::Placement, Side::Black).unwrap();
    let e = play(&mut s, "b1");
    assert_eq!(e.removed, 0);
    assert_eq!(e.owed, 0);
    assert!(e.turn_over);
    assert_eq!(s.decision(), Some(Decision::Place));
    assert_eq!(s.to_act(), Some(Side::White));
    let e = play(&mut s, "e5");
    assert_eq!(e.removed, 0);
    assert_eq!(e.owed, 0);
    assert_eq!(s.decision(), Some(Decision::Place));
    assert_eq!(s.to_act(), Some(Side::Black));
    assert_eq!(s.boards(), [pts("a1 b1 a2 b2"), pts("a5 b5 c5 d5 e5")]);
}

#[test]
fn side_with_empty_hand_is_passed_over() {
    let mut s = State::start();
    // Black times out twelve times while White places all of its pieces.
    for (i, p) in [
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3",
    ]
    .iter()
    .enumerate()
    {
        let e = play(&mut s, "timeout");
        assert_eq!(e.to_act, Some(Side::White));
        assert_eq!(s.hands(), [13, 12 - i as u8], "the piece stays in hand");
        play(&mut s, p);
    }
    assert_eq!(s.hands(), [13, 0]);
    assert_eq!(s.to_act(), Some(Side::Black));
    // White has nothing to place: Black places again and again.
    let e = play(&mut s, "c3");
    assert_eq!(
        next(&e),
        (Some(Side::Black), true),
        "a placement is a whole turn"
    );
    play(&mut s, "d3");
    assert_eq!(s.to_act(), Some(Side::Black));
    // A timeout leaves the piece in hand, and with White's hand empty Black places next.
    let e = play(&mut s, "timeout");
    assert_eq!(e.to_act, Some(Side::Black));
    assert_eq!(s.hands(), [11, 0]);
    assert_eq!(s.decision(), Some(Decision::Place));
}

#[test]
fn full_board_starts_the_pull_with_white() {
    // Black makes the last placement (the usual order).
    let mut s = State::start();
    play_all(&mut s, PLACEMENTS);
    assert_eq!(s.hands(), [0, 0]);
    assert_eq!(s.phase(), Phase::Pull);
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(s.decision(), Some(Decision::Pull));

    // White makes the last placement: White still pulls first.
    let [b, w] = full_board().boards();
    let mut s =
        State::from_parts([b, w & !pts("c1")], [0, 1], Phase::Placement, Side::White).unwrap();
    assert_eq!(s.decision(), Some(Decision::Place));
    let e = play(&mut s, "c1");
    assert_eq!(e.actor, Side::White);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.phase(), Phase::Pull);
    assert_eq!(s.decision(), Some(Decision::Pull));
    assert_eq!(s.to_act(), Some(Side::White));
}

// ---------------------------------------------------------------- pull

#[test]
fn pull_takes_any_enemy_piece_white_first() {
    let mut s = full_board();
    let [black, white] = s.boards();
    assert_eq!(legal(&s), removals(&names(black)));
    assert_eq!(err(&s, "xc1"), IllegalAction::NotEnemyPiece(pt("c1")));
    assert_eq!(err(&s, "c1-c2"), wrong_kind(Decision::Pull));
    // A piece of the block is as good as any other.
    let e = play(&mut s, "xb2");
    assert_eq!(
        taken(&e),
        (pts("b2"), Some(Side::Black), Some(RemovalKind::Pull))
    );
    assert_eq!(next(&e), (Some(Side::Black), true));
    assert_eq!(s.phase(), Phase::Pull);
    // Black pulls any White piece.
    assert_eq!(legal(&s), removals(&names(white)));
    assert_eq!(err(&s, "xa1"), IllegalAction::NotEnemyPiece(pt("a1")));
    assert_eq!(err(&s, "xb2"), IllegalAction::NotEnemyPiece(pt("b2")));
    let e = play(&mut s, "xc3");
    assert_eq!(e.removal, Some(RemovalKind::Pull));
    assert_eq!(e.removed_owner, Some(Side::White));
    // Then the movement phase, White first.
    assert_eq!(s.phase(), Phase::Movement);
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(s.decision(), Some(Decision::Move));
    assert_eq!(legal(&s), vec!["c2-b2", "c2-c3"]);
}

#[test]
fn white_moves_first_in_the_published_game() {
    let mut s = State::start();
    play_all(&mut s, PLACEMENTS);
    play_all(&mut s, "xc2 xa3");
    assert_eq!(s.phase(), Phase::Movement);
    assert_eq!(s.to_act(), Some(Side::White));
    assert!(legal(&s).contains(&"c3-c2".to_string()));
    play(&mut s, "c3-c2");
    assert_eq!(s.to_act(), Some(Side::Black));
}

// ---------------------------------------------------------------- moves

#[test]
fn a_move_is_one_orthogonal_step_to_an_empty_point() {
    let s = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . . . .",
            "B B . . .",
            "B . B . .",
        ],
        Side::Black,
    );
    assert_eq!(
        legal(&s),
        vec![
            "a1-b1", "a2-a3", "b2-b1", "b2-b3", "b2-c2", "c1-b1", "c1-c2", "c1-d1"
        ]
    );
    assert_eq!(err(&s, "c1-e1"), IllegalAction::NotAStep);
    assert_eq!(err(&s, "b2-c3"), IllegalAction::NotAStep, "no diagonals");
    assert_eq!(
        err(&s, "a1-a2"),
        IllegalAction::DestinationOccupied(pt("a2"))
    );
    assert_eq!(err(&s, "c2-c3"), IllegalAction::NoPiece(pt("c2")));
    assert_eq!(err(&s, "a4-a3"), IllegalAction::NotYourPiece(pt("a4")));
    assert_eq!(err(&s, "c1-c1"), IllegalAction::SamePoint);
    for text in ["c2", "xa4"] {
        assert_eq!(err(&s, text), wrong_kind(Decision::Move));
    }
    let mut s2 = s;
    let e = play(&mut s2, "c1-d1");
    assert_eq!(e.owed, 0);
    assert_eq!(e.removed, 0);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s2.boards()[0], pts("a1 d1 a2 b2"));
}

// ---------------------------------------------------------------- shapes and captures

#[test]
fn a_block_earns_one_capture_of_any_enemy_piece() {
    let mut s = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . . . .",
            "B B . . .",
            "B . B . .",
        ],
        Side::Black,
    );
    let e = play(&mut s, "c1-b1");
    assert_eq!(e.owed, 1);
    assert_eq!(e.removed, 0);
    assert_eq!(next(&e), (Some(Side::Black), false));
    assert_eq!(s.decision(), Some(Decision::Capture { owed: 1 }));
    assert_eq!(s.owed(), 1);
    // Compulsory: no move, no own piece; any enemy piece, even one inside White's own block.
    assert_eq!(legal(&s), removals("a4 b4 e4 a5 b5 e5"));
    assert_eq!(
        err(&s, "b2-c2"),
        IllegalAction::WrongKind {
            expected: Decision::Capture { owed: 1 }
        }
    );
    assert_eq!(err(&s, "xa1"), IllegalAction::NotEnemyPiece(pt("a1")));
    assert_eq!(err(&s, "xc3"), IllegalAction::NotEnemyPiece(pt("c3")));
    let e = play(&mut s, "xa4");
    assert_eq!(
        taken(&e),
        (pts("a4"), Some(Side::White), Some(RemovalKind::Capture))
    );
    assert_eq!(e.owed, 0);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.decision(), Some(Decision::Move));
}

#[test]
fn a_line_of_five_earns_three_captures() {
    let mut s = movement(
        [
            "W W W . W",
            "W W . . W",
            ". . . . .",
            ". . . . B",
            "B B B B .",
        ],
        Side::Black,
    );
    let e = play(&mut s, "e2-e1");
    assert_eq!(e.owed, 3);
    for (capture, owed) in [("xa5", 2), ("xb5", 1)] {
        let e = play(&mut s, capture);
        assert_eq!(e.owed, owed);
        assert!(!e.turn_over);
        assert_eq!(s.decision(), Some(Decision::Capture { owed }));
    }
    let e = play(&mut s, "xc5");
    assert!(e.turn_over);
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(s.boards()[1].count_ones(), 4);
    // A column counts as well: White completes column e.
    let mut s = movement(
        [
            "W B B . W",
            "B B . . W",
            ". . . W .",
            "B . . . W",
            "B B . . W",
        ],
        Side::White,
    );
    assert_eq!(play(&mut s, "d3-e3").owed, 3);
}

#[test]
fn two_blocks_earn_two() {
    let mut s = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . B . .",
            ". B . B .",
            ". B B B .",
        ],
        Side::Black,
    );
    earns(&mut s, "c3-c2", 2);
}

#[test]
fn two_blocks_and_a_line_earn_five() {
    let mut s = movement(
        [
            "W . B . W",
            "W . B B W",
            ". B . B W",
            "W . B B W",
            "W . B . W",
        ],
        Side::Black,
    );
    let e = play(&mut s, "b3-c3");
    assert_eq!(e.owed, 5);
    for (capture, owed) in [("xa1", 4), ("xa2", 3), ("xa4", 2), ("xa5", 1)] {
        assert_eq!(s.decision(), Some(Decision::Capture { owed: owed + 1 }));
        assert_eq!(play(&mut s, capture).owed, owed);
    }
    let e = play(&mut s, "xe1");
    assert_eq!(e.owed, 0);
    assert!(e.turn_over);
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(s.boards()[1], pts("e2 e3 e4 e5"));
    assert_eq!(s.status(), Status::Ongoing);
}

#[test]
fn stepping_out_of_a_block_and_back_captures_again() {
    let mut s = movement(
        [
            "W W . . .",
            "W W . . .",
            ". . . . .",
            "B B . . .",
            "B B . . W",
        ],
        Side::Black,
    );
    // Leaving the block captures nothing, and White's own block is old news too.
    assert_eq!(play(&mut s, "b2-c2").owed, 0);
    assert_eq!(play(&mut s, "e1-e2").owed, 0);
    assert_eq!(s.to_act(), Some(Side::Black));
    // Stepping back in completes the block again.
    assert_eq!(play(&mut s, "c2-b2").owed, 1);
}

#[test]
fn a_block_left_over_from_placement_captures_when_a_piece_steps_into_it() {
    let mut s = full_board();
    // White pulls a piece of Black's block, Black pulls c3, White moves.
    play_all(&mut s, "xb2 xc3 c2-c3");
    assert_eq!(s.to_act(), Some(Side::Black));
    earns(&mut s, "b3-b2", 1);
}

#[test]
fn only_shapes_through_the_destination_count() {
    // Black already has a full block at a1; moving elsewhere earns nothing.
    let mut s = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . . . .",
            "B B . . B",
            "B B . . .",
        ],
        Side::Black,
    );
    assert_eq!(play(&mut s, "e2-e1").owed, 0);
    assert_eq!(s.to_act(), Some(Side::White));
}

#[test]
fn the_same_captures_in_another_order_are_different_sequences() {
    let mut s = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . B . .",
            ". B . B .",
            ". B B B .",
        ],
        Side::Black,
    );
    play(&mut s, "c3-c2");
    assert_eq!(perft(&s, 1), 6);
    assert_eq!(perft(&s, 2), 30, "xa5 xb5 and xb5 xa5 are both counted");
    let mut one = s;
    let mut two = s;
    play_all(&mut one, "xa5 xb5");
    play_all(&mut two, "xb5 xa5");
    assert_eq!(one, two);
}

// ---------------------------------------------------------------- winning

#[test]
fn three_pieces_left_loses_at_once_and_owed_captures_are_dropped() {
    let mut s = movement(
        [
            "W W . . W",
            "W W . . .",
            ". . . . .",
            ". . . . B",
            "B B B B .",
        ],
        Side::Black,
    );
    assert_eq!(play(&mut s, "e2-e1").owed, 3);
    let e = play(&mut s, "xe5");
    assert_eq!(e.status, Status::Ongoing);
    assert_eq!(e.owed, 2);
    let e = play(&mut s, "xa5");
    let won = Status::Won {
        winner: Side::Black,
        reason: WinReason::Reduced { pieces: 3 },
    };
    assert_eq!(e.status, won);
    assert_eq!(e.owed, 0);
    assert_eq!(e.to_act, None);
    assert_eq!(s.status(), won);
    assert_eq!(s.to_act(), None);
    assert_eq!(s.decision(), None);
    assert_eq!(s.owed(), 0);
    assert!(legal(&s).is_empty());
    assert_eq!(err(&s, "xb5"), IllegalAction::GameOver);
    assert_eq!(s.apply(Action::Timeout), Err(IllegalAction::GameOver));
    assert_eq!(Status::summary(won), "black White has 3 pieces left");
}

// ---------------------------------------------------------------- yield

/// Black has just made room at b1 only if it moves c1-b1; White's pieces (rows 4–5 and e1)
/// have no move.
fn cramped() -> State {
    movement(
        [
            "W W W W W",
            "W W W W W",
            "B B B B B",
            "B B B B B",
            "B . B B W",
        ],
        Side::Black,
    )
}

#[test]
fn yield_comes_after_all_captures() {
    let mut s = cramped();
    let e = play(&mut s, "c1-b1");
    // White has no move now, but the capture comes first.
    assert_eq!(e.owed, 1);
    assert_eq!(s.decision(), Some(Decision::Capture { owed: 1 }));
    assert_eq!(s.to_act(), Some(Side::Black));

    // Capturing the lone e1 leaves White without a move: Black must yield.
    let mut a = s;
    let e = play(&mut a, "xe1");
    assert_eq!(
        next(&e),
        (Some(Side::Black), false),
        "the yield belongs to Black's turn"
    );
    assert_eq!(a.decision(), Some(Decision::Yield));
    assert_eq!(legal(&a), removals("a3 b3 c3 d3 e3"));
    assert_eq!(err(&a, "xa1"), IllegalAction::CannotYield(pt("a1")));
    assert_eq!(err(&a, "xc1"), IllegalAction::CannotYield(pt("c1")));
    assert_eq!(err(&a, "xc4"), IllegalAction::CannotYield(pt("c4")));
    assert_eq!(err(&a, "a3-a4"), wrong_kind(Decision::Yield));
    let e = play(&mut a, "xc3");
    assert_eq!(
        taken(&e),
        (pts("c3"), Some(Side::Black), Some(RemovalKind::Yield))
    );
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(legal(&a), vec!["c4-c3"]);

    // Capturing a piece next to other White pieces gives White a move: no yield.
    let mut b = s;
    let e = play(&mut b, "xa4");
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(b.decision(), Some(Decision::Move));
    assert_eq!(legal(&b), vec!["a5-a4", "b4-a4"]);
}

#[test]
fn black_yields_after_its_pull_when_white_cannot_move() {
    let mut s = full_board();
    // a1 and a5 have no White neighbour.
    play(&mut s, "xa1");
    let e = play(&mut s, "xa5");
    assert_eq!(next(&e), (Some(Side::Black), false));
    assert_eq!(s.phase(), Phase::Movement);
    assert_eq!(s.decision(), Some(Decision::Yield));
    let [black, white] = s.boards();
    let next_to_white = |p: &Point| {
        Point::ALL
            .iter()
            .any(|q| white & bit(*q) != 0 && p.is_adjacent(*q))
    };
    let expected: Vec<String> = Point::ALL
        .iter()
        .filter(|p| black & bit(**p) != 0 && next_to_white(p))
        .map(|p| p.to_string())
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(legal(&s), removals(&expected.join(" ")));
    assert_eq!(err(&s, "xa1"), IllegalAction::CannotYield(pt("a1")));
    assert_eq!(err(&s, "xa3"), IllegalAction::CannotYield(pt("a3")));
    play(&mut s, "xb1");
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(legal(&s), vec!["c1-b1"]);
}

#[test]
fn a_yield_down_to_three_pieces_loses() {
    let mut s = movement(
        [
            "W W B . .",
            "W W B . .",
            "B . . . .",
            ". B . . .",
            ". . . . .",
        ],
        Side::Black,
    );
    let e = play(&mut s, "b2-b3");
    assert_eq!(e.owed, 0);
    assert_eq!(s.decision(), Some(Decision::Yield));
    assert_eq!(legal(&s), removals("a3 b3 c4 c5"));
    let lost = Status::Won {
        winner: Side::White,
        reason: WinReason::Reduced { pieces: 3 },
    };
    let mut by_hand = s;
    let e = play(&mut by_hand, "xc5");
    assert_eq!(e.status, lost);
    assert_eq!(e.removal, Some(RemovalKind::Yield));
    assert_eq!(by_hand.to_act(), None);
    // The engine's yield after a timeout loses just the same (lowest index: a3).
    let mut by_engine = s;
    let e = play(&mut by_engine, "timeout");
    assert_eq!(e.removed, pts("a3"));
    assert_eq!(e.status, lost);
}

// ---------------------------------------------------------------- timeouts

#[test]
fn timeout_in_placement_keeps_the_piece_in_hand() {
    let mut s = State::start();
    let e = play(&mut s, "timeout");
    assert_eq!(e.actor, Side::Black);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(e.removed, 0);
    assert_eq!(e.forfeited, 0);
    assert_eq!(s.hands(), [13, 12]);
    assert_eq!(s.boards(), [0, 0]);
    assert_eq!(s.decision(), Some(Decision::Place));
}

#[test]
fn timeout_in_the_pull_forfeits_it() {
    // White's pull forfeited: Black pulls next.
    let mut s = full_board();
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, 0);
    assert_eq!(e.to_act, Some(Side::Black));
    assert_eq!(s.decision(), Some(Decision::Pull));
    assert_eq!(s.boards(), full_board().boards());
    // Black's pull forfeited as well: the board is full, so White cannot move and the engine
    // yields for Black at the lowest eligible index (b1: a1 has no White neighbour).
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, pts("b1"));
    assert_eq!(e.removal, Some(RemovalKind::Yield));
    assert_eq!(e.removed_owner, Some(Side::Black));
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.phase(), Phase::Movement);
    assert_eq!(legal(&s), vec!["c1-b1"]);

    // Black's pull forfeited after White's pull: White moves first.
    let mut s = full_board();
    play(&mut s, "xb2");
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, 0);
    assert_eq!(e.to_act, Some(Side::White));
    assert_eq!(s.phase(), Phase::Movement);
    assert_eq!(s.decision(), Some(Decision::Move));
    assert_eq!(legal(&s), vec!["c2-b2"]);
}

#[test]
fn timeout_in_movement_makes_no_move() {
    let start = movement(
        [
            "W W . . W",
            "W W . . W",
            ". . . . .",
            "B B . . .",
            "B . B . .",
        ],
        Side::Black,
    );
    let mut s = start;
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, 0);
    assert_eq!(e.forfeited, 0);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.boards(), start.boards());
    assert_eq!(s.decision(), Some(Decision::Move));
}

#[test]
fn timeout_in_movement_when_the_other_side_cannot_move_yields_lowest_index() {
    // White has no move already; Black times out: the engine yields d1 (next to e1), the
    // lowest eligible index.
    let mut s = cramped();
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, pts("d1"));
    assert_eq!(e.removal, Some(RemovalKind::Yield));
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(legal(&s), vec!["e1-d1"]);
}

#[test]
fn timeout_during_captures_forfeits_the_rest() {
    let mut s = movement(
        [
            "W W W . W",
            "W W . . W",
            ". . . . .",
            ". . . . B",
            "B B B B .",
        ],
        Side::Black,
    );
    play_all(&mut s, "e2-e1 xa5");
    let e = play(&mut s, "timeout");
    assert_eq!(e.forfeited, 2);
    assert_eq!(e.owed, 0);
    assert_eq!(e.removed, 0);
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(s.decision(), Some(Decision::Move));
    assert_eq!(s.boards()[1].count_ones(), 6);

    // With White unable to move, the forfeit is followed by the engine's yield (d1).
    let mut s = cramped();
    play(&mut s, "c1-b1");
    let e = play(&mut s, "timeout");
    assert_eq!(e.forfeited, 1);
    assert_eq!(e.removed, pts("d1"));
    assert_eq!(e.removal, Some(RemovalKind::Yield));
    assert_eq!(e.to_act, Some(Side::White));
}

#[test]
fn timeout_with_a_yield_pending_lets_the_engine_yield_lowest_index() {
    let mut s = cramped();
    play_all(&mut s, "c1-b1 xe1");
    assert_eq!(s.decision(), Some(Decision::Yield));
    let e = play(&mut s, "timeout");
    assert_eq!(e.removed, pts("a3"));
    assert_eq!(e.removal, Some(RemovalKind::Yield));
    assert_eq!(e.removed_owner, Some(Side::Black));
    assert_eq!(next(&e), (Some(Side::White), true));
    assert_eq!(legal(&s), vec!["a4-a3"]);
}

// ---------------------------------------------------------------- positions

#[test]
fn from_parts_rejects_impossible_positions() {
    assert!(
        State::from_parts([pts("a1"), pts("a1")], [0, 0], Phase::Movement, Side::Black).is_none()
    );
    assert!(State::from_parts([pts("a1"), 0], [13, 0], Phase::Placement, Side::Black).is_none());
    assert!(State::from_parts([0, pts("a1")], [0, 12], Phase::Placement, Side::Black).is_none());
    assert!(State::from_parts([1 << 25, 0], [0, 0], Phase::Movement, Side::Black).is_none());
    assert!(State::from_parts([0, 0], [13, 12], Phase::Placement, Side::Black).is_some());
}

#[test]
fn the_position_key_covers_board_hands_side_phase_and_owed() {
    let rows = [
        "W W . . W",
        "W W . . W",
        ". . B . .",
        ". B . B .",
        ". B B B .",
    ];
    let b = board(rows);
    let base = State::from_parts(b, [0, 0], Phase::Movement, Side::Black).unwrap();
    let other_side = State::from_parts(b, [0, 0], Phase::Movement, Side::White).unwrap();
    let other_phase = State::from_parts(b, [0, 0], Phase::Placement, Side::Black).unwrap();
    let other_hands = State::from_parts(b, [1, 0], Phase::Movement, Side::Black).unwrap();
    let other_board = State::from_parts(
        [b[0], b[1] & !pts("e4")],
        [0, 0],
        Phase::Movement,
        Side::Black,
    )
    .unwrap();
    for other in [other_side, other_phase, other_hands, other_board] {
        assert_ne!(base.key(), other.key(), "{other:?}");
    }
    // Owing captures: c3-c2 then xe4 leaves one capture owed; the same board with the same
    // side to move (White's e4 gone, Black's piece on c2) and nothing owed is another
    // position.
    let mut owing = base;
    play_all(&mut owing, "c3-c2 xe4");
    assert_eq!(owing.owed(), 1);
    let [ob, ow] = owing.boards();
    let plain = State::from_parts([ob, ow], [0, 0], Phase::Movement, Side::Black).unwrap();
    assert_eq!(plain.boards(), owing.boards());
    assert_ne!(plain.key(), owing.key());
}
