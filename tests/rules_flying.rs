//! Square Flying Chess: every rule and example of RULES.md on hand-built positions.

mod common;

use common::{act, board, legal, names, play, pt, pts};
use sanqi::rules::flying::State;
use sanqi::rules::{Decision, Effects, GameRules, IllegalAction, Rules, Side, Status, WinReason};

fn position(rows: [&str; 5], to_act: Side) -> State {
    State::from_parts(board(rows), to_act).expect("ten pieces, no overlap")
}

fn err(state: &State, text: &str) -> IllegalAction {
    let mut copy = *state;
    let e = copy.apply(act(text)).expect_err(text);
    assert_eq!(copy, *state, "a rejected action changes nothing");
    assert_eq!(state.check(act(text)), Err(e));
    e
}

/// Black plays `mv` in `before`; the board must become `after`, and the pieces that changed
/// colour must be reported as flipped.
fn scenario(before: [&str; 5], mv: &str, after: [&str; 5]) -> Effects {
    let mut s = position(before, Side::Black);
    let e = play(&mut s, mv);
    let expected = board(after);
    assert_eq!(
        s.boards(),
        expected,
        "{mv}: black {} / white {}",
        names(s.boards()[0]),
        names(s.boards()[1])
    );
    let [b0, w0] = board(before);
    assert_eq!(e.flipped, w0 & expected[0], "{mv}: flipped");
    assert_eq!(
        b0 & expected[1],
        0,
        "{mv}: Black never loses a piece on its own move"
    );
    assert_eq!(e.removed, 0);
    assert_eq!(e.actor, Side::Black);
    assert_eq!(s.boards()[0].count_ones() + s.boards()[1].count_ones(), 10);
    e
}

#[test]
fn start_position() {
    let s = State::start();
    assert_eq!(s.boards(), [pts("a1 b1 c1 d1 e1"), pts("a5 b5 c5 d5 e5")]);
    assert_eq!(s.to_act(), Some(Side::Black));
    assert_eq!(s.decision(), Some(Decision::Move));
    assert_eq!(s.hands(), [0, 0]);
    assert_eq!(s.status(), Status::Ongoing);
    let moves = legal(&s);
    assert_eq!(moves.len(), 15);
    for m in ["a1-a2", "a1-a3", "a1-a4", "c1-c4", "e1-e4"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn pieces_slide_and_stop_anywhere_but_never_jump_or_turn() {
    let s = position(
        [
            "W W W . W",
            ". . . . .",
            "W . B . .",
            ". . . . .",
            "B B B . B",
        ],
        Side::Black,
    );
    let from_c3: Vec<String> = legal(&s)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    assert_eq!(from_c3, vec!["c3-b3", "c3-c2", "c3-c4", "c3-d3", "c3-e3"]);
    let from_e1: Vec<String> = legal(&s)
        .into_iter()
        .filter(|m| m.starts_with("e1"))
        .collect();
    // Up to the last point before White's e5; left through d1 to the blocking c1.
    assert_eq!(from_e1, vec!["e1-d1", "e1-e2", "e1-e3", "e1-e4"]);
    assert_eq!(
        err(&s, "c3-a3"),
        IllegalAction::DestinationOccupied(pt("a3"))
    );
    assert_eq!(err(&s, "a1-a4"), IllegalAction::PathBlocked(pt("a3")));
    assert_eq!(err(&s, "c1-c4"), IllegalAction::PathBlocked(pt("c3")));
    assert_eq!(err(&s, "c3-d4"), IllegalAction::NotStraight);
    assert_eq!(err(&s, "e1-d2"), IllegalAction::NotStraight);
    assert_eq!(err(&s, "c3-c3"), IllegalAction::SamePoint);
    assert_eq!(err(&s, "b3-b4"), IllegalAction::NoPiece(pt("b3")));
    assert_eq!(err(&s, "a3-a4"), IllegalAction::NotYourPiece(pt("a3")));
    for text in ["c2", "xa3"] {
        assert_eq!(
            err(&s, text),
            IllegalAction::WrongKind {
                expected: Decision::Move
            }
        );
    }
    // A long slide moves the piece and nothing else.
    let mut t = s;
    let e = play(&mut t, "e1-e4");
    assert_eq!(e.flipped, 0);
    assert_eq!(e.to_act, Some(Side::White));
    assert!(e.turn_over);
    assert_eq!(t.boards()[0], pts("a1 b1 c1 c3 e4"));
}

#[test]
fn pincer_in_each_direction_flips_exactly_one() {
    // East: b1-b3, c3 held against d3.
    scenario(
        [
            "W W W . .",
            ". . . . W",
            ". . W B .",
            ". . . . .",
            "B B . B B",
        ],
        "b1-b3",
        [
            "W W W . .",
            ". . . . W",
            ". B B B .",
            ". . . . .",
            "B . . B B",
        ],
    );
    // West: d1-d3, c3 held against b3.
    scenario(
        [
            ". . W W W",
            "W . . . .",
            ". B W . .",
            ". . . . .",
            "B B . B B",
        ],
        "d1-d3",
        [
            ". . W W W",
            "W . . . .",
            ". B B B .",
            ". . . . .",
            "B B . . B",
        ],
    );
    // North: a2-c2, c3 held against c4.
    scenario(
        [
            "W W . W W",
            ". . B . .",
            ". . W . .",
            "B . . . .",
            "B . . B B",
        ],
        "a2-c2",
        [
            "W W . W W",
            ". . B . .",
            ". . B . .",
            ". . B . .",
            "B . . B B",
        ],
    );
    // South: e4-c4, c3 held against c2.
    scenario(
        [
            "W . . . W",
            ". . . . B",
            ". . W . .",
            ". . B B .",
            "W W . B B",
        ],
        "e4-c4",
        [
            "W . . . W",
            ". . B . .",
            ". . B . .",
            ". . B B .",
            "W W . B B",
        ],
    );
}

#[test]
fn no_othello_runs() {
    // `B W W B`: nothing flips.
    let e = scenario(
        [
            "W W . . W",
            ". . . . .",
            ". W W B .",
            ". . . . .",
            "B . B B B",
        ],
        "a1-a3",
        [
            "W W . . W",
            ". . . . .",
            "B W W B .",
            ". . . . .",
            ". . B B B",
        ],
    );
    assert_eq!(e.flipped, 0);
}

#[test]
fn insertion_along_the_row_only() {
    // b3 and d3 flip; c4 has White behind it (no pincer) and c2 is empty (no insertion).
    scenario(
        [
            ". . W . W",
            ". . W . .",
            ". W . W .",
            ". . . . .",
            "B B B B B",
        ],
        "c1-c3",
        [
            ". . W . W",
            ". . W . .",
            ". B B B .",
            ". . . . .",
            "B B . B B",
        ],
    );
}

#[test]
fn insertion_along_the_column_only() {
    // c4 and c2 flip; d3 has White behind it and b3 is empty.
    scenario(
        [
            "W . . . .",
            ". . W . .",
            "B . . W W",
            ". . W . .",
            "B B . B B",
        ],
        "a3-c3",
        [
            "W . . . .",
            ". . B . .",
            ". . B W W",
            ". . B . .",
            "B B . B B",
        ],
    );
}

#[test]
fn pincer_and_insertion_take_effect_together() {
    // Insertion along the row (b3, d3) and a pincer down the column (c2 against c1).
    let e = scenario(
        [
            "W . B . W",
            ". . . . .",
            ". W . W .",
            ". . W . .",
            "B B B . B",
        ],
        "c5-c3",
        [
            "W . . . W",
            ". . . . .",
            ". B B B .",
            ". . B . .",
            "B B B . B",
        ],
    );
    assert_eq!(e.flipped, pts("c2 b3 d3"));
}

#[test]
fn rules_example_row_a3_e3() {
    // `. W B W B` just after Black moved to c3 from the c-file: d3 flips by pincer with e3,
    // b3 and d3 by insertion. From below (c1) and from above (c5).
    let after_from_below = [
        "W . . . W",
        ". . . . .",
        ". B B B B",
        ". . . . .",
        "B B . B W",
    ];
    scenario(
        [
            "W . . . W",
            ". . . . .",
            ". W . W B",
            ". . . . .",
            "B B B B W",
        ],
        "c1-c3",
        after_from_below,
    );
    scenario(
        [
            "W . B . W",
            ". . . . .",
            ". W . W B",
            ". . . . .",
            "B B . B W",
        ],
        "c5-c3",
        [
            "W . . . W",
            ". . . . .",
            ". B B B B",
            ". . . . .",
            "B B . B W",
        ],
    );
}

#[test]
fn no_chain_reactions() {
    // c3 flips (pincer with d3); the new Black c3 would pincer c4 against c5, but only the
    // moved piece captures.
    scenario(
        [
            "W W B . .",
            ". . W . .",
            ". . W B .",
            ". . . . B",
            "B B . . W",
        ],
        "b1-b3",
        [
            "W W B . .",
            ". . W . .",
            ". B B B .",
            ". . . . B",
            "B . . . W",
        ],
    );
}

#[test]
fn a_piece_moving_between_two_enemies_is_not_captured() {
    // W W _ W W: Black slides into the gap. It is not flipped; instead b3 and d3 flip by
    // insertion (a3 and e3 stay: no pincer through White's own pieces).
    scenario(
        [
            ". . . . W",
            ". . . . .",
            "W W . W W",
            ". . . . .",
            "B B B B B",
        ],
        "c1-c3",
        [
            ". . . . W",
            ". . . . .",
            "W B B B W",
            ". . . . .",
            "B B . B B",
        ],
    );
    // And the mirror image for White: White slides between two Black pieces and stays White.
    let mut s = position(
        [
            "W W W W W",
            ". . . . .",
            "B B . B B",
            ". . . . .",
            ". . . . B",
        ],
        Side::White,
    );
    let e = play(&mut s, "c5-c3");
    assert_eq!(e.flipped, pts("b3 d3"));
    assert_eq!(s.boards()[1] & pts("c3"), pts("c3"));
    assert_eq!(s.boards()[0], pts("e1 a3 e3"));
}

#[test]
fn win_when_the_other_side_has_no_pieces() {
    let mut s = position(
        [
            "B B B . .",
            ". . . . .",
            ". W . W .",
            ". . . . .",
            "B B B B B",
        ],
        Side::Black,
    );
    let e = play(&mut s, "c1-c3");
    assert_eq!(e.flipped, pts("b3 d3"));
    let won = Status::Won {
        winner: Side::Black,
        reason: WinReason::NoPieces,
    };
    assert_eq!(e.status, won);
    assert_eq!(e.to_act, None);
    assert_eq!(s.status(), won);
    assert_eq!(s.to_act(), None);
    assert_eq!(s.decision(), None);
    assert!(legal(&s).is_empty());
    assert_eq!(err(&s, "a1-a2"), IllegalAction::GameOver);
    assert_eq!(err(&s, "timeout"), IllegalAction::GameOver);
    assert_eq!(won.summary(), "black White has no pieces");
}

const WALLED_IN: [&str; 5] = [
    "W W B . .",
    "W W B . .",
    "B B . . .",
    ". . . . B",
    ". . . . B",
];

#[test]
fn win_when_the_other_side_has_no_move() {
    let mut s = position(
        [
            "W W B . .",
            "W W B . .",
            "B . . . .",
            ". . . . B",
            ". B . . B",
        ],
        Side::Black,
    );
    let e = play(&mut s, "b1-b3");
    assert_eq!(e.flipped, 0);
    assert_eq!(s.boards(), board(WALLED_IN));
    let won = Status::Won {
        winner: Side::Black,
        reason: WinReason::NoMoves,
    };
    assert_eq!(e.status, won);
    assert_eq!(s.to_act(), None);
    assert!(legal(&s).is_empty());
    assert_eq!(won.summary(), "black White has no legal move");
}

#[test]
fn the_win_is_checked_after_a_timeout_too() {
    // White is walled in but Black is to move: Black times out, and White cannot move.
    let mut s = position(WALLED_IN, Side::Black);
    assert_eq!(s.status(), Status::Ongoing);
    let e = play(&mut s, "timeout");
    assert_eq!(
        e.status,
        Status::Won {
            winner: Side::Black,
            reason: WinReason::NoMoves
        }
    );
    assert_eq!(s.boards(), board(WALLED_IN));
    // The same position with White to move is already over.
    let over = position(WALLED_IN, Side::White);
    assert!(over.status().is_over());
    assert_eq!(over.to_act(), None);
}

#[test]
fn timeout_makes_no_move_and_passes_the_turn() {
    let mut s = State::start();
    let e = play(&mut s, "timeout");
    assert_eq!(e.actor, Side::Black);
    assert_eq!(e.to_act, Some(Side::White));
    assert_eq!(e.flipped, 0);
    assert_eq!(e.removed, 0);
    assert!(e.turn_over);
    assert_eq!(s.boards(), State::start().boards());
    assert_eq!(s.to_act(), Some(Side::White));
    assert!(legal(&s).contains(&"a5-a2".to_string()));
}

#[test]
fn from_parts_wants_ten_pieces() {
    assert!(State::from_parts([pts("a1 b1 c1 d1"), pts("a5 b5 c5 d5 e5")], Side::Black).is_none());
    assert!(
        State::from_parts(
            [pts("a1 b1 c1 d1 e1 a2"), pts("a5 b5 c5 d5 e5")],
            Side::Black
        )
        .is_none()
    );
    assert!(
        State::from_parts([pts("a1 b1 c1 d1 e1"), pts("a1 b5 c5 d5 e5")], Side::Black).is_none()
    );
    // Any split of ten is fine.
    assert!(
        State::from_parts([pts("a1 b1 c1 d1 e1 a2 b2 c2 d2"), pts("e5")], Side::White).is_some()
    );
}
