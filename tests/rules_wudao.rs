//! Wu Dao Qi: every rule and example of RULES.md on hand-built positions.

mod common;

use common::{act, board, legal, names, play, pt, pts};
use sanqi::rules::wudao::State;
use sanqi::rules::{
    Bits, Decision, DrawReason, GameRules, IllegalAction, Point, RemovalKind, Rules, Side, Status,
    WinReason,
};

/// The point of a line of five: `along_row` puts it on row 3 (a3…e3), otherwise on column c
/// (c1…c5, read bottom to top).
fn line_point(i: usize, along_row: bool) -> Point {
    if along_row {
        Point::at(i as u8, 2).unwrap()
    } else {
        Point::at(2, i as u8).unwrap()
    }
}

/// Plays one line example: `pattern` is five characters `B`, `W`, `.` (a to e, or 1 to 5);
/// Black places the piece at position `n` (which the pattern shows as `B`) on an otherwise
/// empty board. Returns the captured points, as indices into the line.
fn line_example(pattern: &str, n: usize, along_row: bool) -> Vec<usize> {
    let cells: Vec<char> = pattern.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(cells.len(), 5);
    assert_eq!(cells[n], 'B', "{pattern}: N must be Black");
    let mut boards: [Bits; 2] = [0, 0];
    for (i, c) in cells.iter().enumerate() {
        let bit = 1 << line_point(i, along_row).index();
        match (c, i == n) {
            (_, true) | ('.', _) => {}
            ('B', _) => boards[0] |= bit,
            ('W', _) => boards[1] |= bit,
            _ => panic!("bad pattern {pattern}"),
        }
    }
    let mut s = State::from_parts(boards, Side::Black).unwrap();
    let hands_before = s.hands();
    let n_point = line_point(n, along_row);
    let e = play(&mut s, &n_point.to_string());
    let taken = e.removed;
    assert_eq!(boards[1] & taken, taken, "only White pieces are taken");
    assert_eq!(s.boards()[0], boards[0] | 1 << n_point.index());
    assert_eq!(s.boards()[1], boards[1] & !taken);
    let k = taken.count_ones() as u8;
    assert_eq!(s.hands(), [hands_before[0] - 1, hands_before[1] + k]);
    if k > 0 {
        assert_eq!(e.removal, Some(RemovalKind::ReturnToHand));
        assert_eq!(e.removed_owner, Some(Side::White));
    } else {
        assert_eq!(e.removal, None);
    }
    (0..5)
        .filter(|&i| taken & 1 << line_point(i, along_row).index() != 0)
        .collect()
}

/// Checks an example along row 3 and along column c.
fn example(pattern: &str, n_on: &[usize], captured: &[usize]) {
    for &n in n_on {
        for along_row in [true, false] {
            assert_eq!(
                line_example(pattern, n, along_row),
                captured,
                "`{pattern}` with N on {} ({})",
                ["a", "b", "c", "d", "e"][n],
                if along_row { "row" } else { "column" }
            );
        }
    }
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;
const E: usize = 4;

#[test]
fn start_position() {
    let s = State::start();
    assert_eq!(s.hands(), [25, 25]);
    assert_eq!(s.boards(), [0, 0]);
    assert_eq!(s.to_act(), Some(Side::Black));
    assert_eq!(s.decision(), Some(Decision::Place));
    assert_eq!(legal(&s).len(), 25);
}

#[test]
fn placement_alternates_and_rejects_wrong_actions() {
    let mut s = State::start();
    let e = play(&mut s, "c3");
    assert_eq!(e.to_act, Some(Side::White));
    assert!(e.turn_over);
    assert_eq!(s.hands(), [24, 25]);
    let mut copy = s;
    let e = copy.apply(act("c3")).unwrap_err();
    assert_eq!(copy, s);
    assert_eq!(e, IllegalAction::Occupied(pt("c3")));
    for text in ["c3-c4", "xc3"] {
        assert_eq!(
            s.check(act(text)),
            Err(IllegalAction::WrongKind {
                expected: Decision::Place
            })
        );
    }
    assert_eq!(legal(&s).len(), 24);
}

#[test]
fn flank_own_own_enemy() {
    // `. B B W .` with N on b or c: the W is captured.
    example(". B B W .", &[B, C], &[D]);
    // Read from the other end as well.
    example(". W B B .", &[C, D], &[B]);
    // The edge is an end of the run too.
    example("B B W . .", &[A, B], &[C]);
    example(". . B B W", &[C, D], &[E]);
}

#[test]
fn flank_own_own_enemy_enemy() {
    // `B B W W .` with N on a or b: both W.
    example("B B W W .", &[A, B], &[C, D]);
    example(". B B W W", &[B, C], &[D, E]);
    example(". W W B B", &[D, E], &[B, C]);
}

#[test]
fn flank_needs_both_run_ends_empty_or_the_edge() {
    // `. B B W B`: the run does not end after the enemy.
    example(". B B W B", &[B, C, E], &[]);
    // `W B B W .`: other order.
    example("W B B W .", &[B, C], &[]);
    // Runs that are too long or in another order.
    example("B B W W W", &[A, B], &[]);
    example(". B B B W", &[B, C, D], &[]);
    example("B B B W .", &[A, B, C], &[]);
    example(". B W . .", &[B], &[]);
    example(". B W W .", &[B], &[]);
    example("B . B W .", &[A, C], &[]);
}

#[test]
fn counter_capture_whatever_lies_beyond() {
    // `. W B W .` or `W W B W W` with N on c: b and d.
    example(". W B W .", &[C], &[B, D]);
    example("W W B W W", &[C], &[B, D]);
    example("B W B W B", &[C], &[B, D]);
    example("W W B W .", &[C], &[B, D]);
    example(". W B W W", &[C], &[B, D]);
}

#[test]
fn counter_capture_on_four_sides() {
    let rows = [
        ". . . . .",
        ". . W . .",
        ". W . W .",
        ". . W . .",
        ". . . . .",
    ];
    let mut s = State::from_parts(board(rows), Side::Black).unwrap();
    assert_eq!(s.hands(), [25, 21]);
    let e = play(&mut s, "c3");
    assert_eq!(e.removed, pts("c2 b3 d3 c4"));
    assert_eq!(s.boards(), [pts("c3"), 0]);
    assert_eq!(s.hands(), [24, 25]);
}

#[test]
fn row_and_column_are_decided_separately_and_together() {
    // Along the row a flank (d3), along the column a counter-capture (c2, c4).
    let rows = [
        ". . . . .",
        ". . W . .",
        ". B . W .",
        ". . W . .",
        ". . . . .",
    ];
    let mut s = State::from_parts(board(rows), Side::Black).unwrap();
    let e = play(&mut s, "c3");
    assert_eq!(names(e.removed), "c2 d3 c4");
}

#[test]
fn placing_into_a_would_be_enemy_pattern_is_safe() {
    // Black on d in `. W W B .` loses nothing (and takes nothing).
    example(". W W B .", &[D], &[]);
    // Between two White pieces flanked by White, Black captures instead of being captured.
    let rows = [
        ". . . . .",
        ". . . . .",
        "W W . W W",
        ". . . . .",
        ". . . . .",
    ];
    let mut s = State::from_parts(board(rows), Side::Black).unwrap();
    play(&mut s, "c3");
    assert_eq!(s.boards(), [pts("c3"), pts("a3 e3")]);
}

#[test]
fn only_the_placing_side_captures() {
    // White places a3 in front of `B B W`: Black's pattern is no capture for White, and
    // `W B B W .` takes nothing. (On e3 instead, `W W` against `B B` would capture.)
    let rows = [
        ". . . . .",
        ". . . . .",
        ". B B W .",
        ". . . . .",
        ". . . . .",
    ];
    let mut s = State::from_parts(board(rows), Side::White).unwrap();
    let mut on_e3 = s;
    let e = play(&mut s, "a3");
    assert_eq!(e.removed, 0);
    assert_eq!(s.boards(), [pts("b3 c3"), pts("a3 d3")]);
    assert_eq!(play(&mut on_e3, "e3").removed, pts("b3 c3"));
}

#[test]
fn captured_pieces_go_back_to_hand_and_can_be_placed_again() {
    let mut s = State::from_parts(
        board([
            ". . . . .",
            ". . . . .",
            ". B . W .",
            ". . . . .",
            ". . . . .",
        ]),
        Side::Black,
    )
    .unwrap();
    assert_eq!(s.hands(), [24, 24]);
    let e = play(&mut s, "c3");
    assert_eq!(e.removed, pts("d3"));
    assert_eq!(s.hands(), [23, 25]);
    assert_eq!(s.to_act(), Some(Side::White));
    // White places again, on the very point it lost.
    assert!(legal(&s).contains(&"d3".to_string()));
    play(&mut s, "d3");
    assert_eq!(s.hands(), [23, 24]);
    for side in Side::BOTH {
        let i = side.index();
        assert_eq!(s.hands()[i] as u32 + s.boards()[i].count_ones(), 25);
    }
}

/// A full board but for the corner e5 (no placement there can capture: both runs through it
/// are whole lines, and a corner has one neighbour per line). Black 12, White 12.
const ALMOST_FULL: [&str; 5] = [
    "W W W W .",
    "W W W W W",
    "B B W W W",
    "B B B B B",
    "B B B B B",
];

#[test]
fn full_board_ends_the_game_and_more_pieces_win() {
    let mut s = State::from_parts(board(ALMOST_FULL), Side::Black).unwrap();
    assert_eq!(s.hands(), [13, 13]);
    let e = play(&mut s, "e5");
    let won = Status::Won {
        winner: Side::Black,
        reason: WinReason::BoardFull {
            black: 13,
            white: 12,
        },
    };
    assert_eq!(e.status, won);
    assert_eq!(e.to_act, None);
    assert_eq!(s.to_act(), None);
    assert_eq!(s.decision(), None);
    assert!(legal(&s).is_empty());
    assert_eq!(s.check(act("timeout")), Err(IllegalAction::GameOver));
    assert_eq!(won.summary(), "black board full 13-12");

    let mut s = State::from_parts(board(ALMOST_FULL), Side::White).unwrap();
    play(&mut s, "e5");
    assert_eq!(
        s.status(),
        Status::Won {
            winner: Side::White,
            reason: WinReason::BoardFull {
                black: 12,
                white: 13
            }
        }
    );
    // Equal counts would draw (not reachable on 25 points, but the summary exists).
    assert_eq!(
        Status::Drawn(DrawReason::BoardFullEqual).summary(),
        "draw board full"
    );
}

#[test]
fn a_capture_on_the_last_empty_point_does_not_end_the_game() {
    let rows = [
        "W W B W W",
        "W W B W W",
        "B W . W B",
        "B B B B B",
        "B B B B W",
    ];
    let mut s = State::from_parts(board(rows), Side::Black).unwrap();
    let e = play(&mut s, "c3");
    assert_eq!(e.removed, pts("b3 d3"));
    assert_eq!(e.status, Status::Ongoing);
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(s.to_act(), Some(Side::White));
    assert_eq!(legal(&s), vec!["b3", "d3"]);
}

#[test]
fn timeout_places_nothing_and_passes() {
    let mut s = State::from_parts(board(ALMOST_FULL), Side::Black).unwrap();
    let e = play(&mut s, "timeout");
    assert_eq!(e.to_act, Some(Side::White));
    assert_eq!(e.removed, 0);
    assert!(e.turn_over);
    assert_eq!(s.boards(), board(ALMOST_FULL));
    assert_eq!(s.hands(), [13, 13]);
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(legal(&s), vec!["e5"]);
}

#[test]
fn from_parts_fills_the_hands() {
    let s = State::from_parts([pts("a1 b1"), pts("e5")], Side::White).unwrap();
    assert_eq!(s.hands(), [23, 24]);
    assert_eq!(s.to_act(), Some(Side::White));
    assert!(State::from_parts([pts("a1"), pts("a1")], Side::Black).is_none());
    assert!(State::from_parts([1 << 25, 0], Side::Black).is_none());
}
