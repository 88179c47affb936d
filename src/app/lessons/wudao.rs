//! The Wu Dao Qi course: placement, 二打一, 二打二, runs that capture nothing, the
//! counter-capture of two and of four, pieces back to hand, skipped turns, the full board, and
//! a short game.

use super::step::{Goal, Position, Reply, Step, Task};
use crate::rules::Side;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    // Any empty point; White answers.
    Step::new(
        "placement",
        Position::wudao(
            [".....", "...W.", "..B..", ".....", "....."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Any), Task::Reply(Reply::Prefer(&["b2"]))],
        "d3",
        "c3",
    ),
    // c3 makes b3 c3 d3 (or b2 makes b2 b3 b4): own, own, enemy.
    Step::new(
        "two-on-one",
        Position::wudao(
            [".....", ".W...", ".B.W.", ".....", "....."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Takes(1))],
        "c3",
        "a3",
    ),
    // b4 makes a4 b4 c4 d4: own, own, enemy, enemy. c1 would take one.
    Step::new(
        "two-on-two",
        Position::wudao(
            [".....", "B.WW.", ".....", ".....", ".B.W."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Takes(2))],
        "b4",
        "c1",
    ),
    // c5 makes b5–e5 black, black, white, black: nothing. c2 takes d2.
    Step::new(
        "closed-runs",
        Position::wudao(
            [".B.WB", ".....", ".....", ".B.W.", "....."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Takes(1))],
        "c2",
        "c5",
    ),
    // c3 lands between b3 and d3.
    Step::new(
        "counter-two",
        Position::wudao(
            [".....", "..W..", ".W.W.", ".....", "B...."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Counter(2))],
        "c3",
        "a3",
    ),
    // c3 has white on all four sides; b1 would take only two.
    Step::new(
        "counter-four",
        Position::wudao(
            ["....B", "..W..", ".W.W.", "..W..", "W.W.."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Counter(4))],
        "c3",
        "b1",
    ),
    // b1 takes c1 and d1 back into White's hand; White places one of them again.
    Step::new(
        "back-to-hand",
        Position::wudao(
            ["..W..", ".....", "..B..", ".....", "B.WW."],
            Side::Black,
            "",
        ),
        &[
            Task::Act(Goal::Takes(1)),
            Task::Reply(Reply::Prefer(&["c1", "c5"])),
        ],
        "b1",
        "e3",
    ),
    // Black starts a pair beside d3, White's clock runs out, Black completes it.
    Step::new(
        "skipped-turn",
        Position::wudao(
            [".....", "B....", "...W.", ".W...", "....."],
            Side::Black,
            "",
        ),
        &[
            Task::Act(Goal::At(&["b3", "c3"])),
            Task::Reply(Reply::Timeout),
            Task::Act(Goal::Takes(1)),
        ],
        "c3 b3",
        "a1",
    ),
    // Two points left: c3 wins 13–12 once White fills e5; e5 would let White take two.
    Step::new(
        "full-board",
        Position::wudao(
            ["BWWB.", "WBWBW", "WB.BW", "BWBWB", "BBWWB"],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Win), Task::Reply(Reply::Prefer(&[]))],
        "c3",
        "e5",
    ),
    // Eight pieces against five with twelve points to fill, against the computer; White
    // has nothing to capture at once.
    Step::new(
        "game",
        Position::wudao(
            ["W..B.", "BW.BW", "...BB", ".BW.B", ".W..B"],
            Side::Black,
            "",
        ),
        &[Task::PlayOut],
        "a3",
        "d5",
    ),
];
