//! The Neihuang course: placement, the two pulls, stepping, the 2×2 block (一方), the line of
//! five (一走), stacked captures, no protection, the yield, winning, and a short game.

use super::step::{Goal, Position, Reply, Step, Task};
use crate::rules::Side;
use crate::rules::neihuang::Phase;

/// The steps, in order.
pub const STEPS: &[Step] = &[
    // Placing completes a block at a1–b2, and nothing is captured.
    Step::new(
        "placement",
        Position::neihuang(
            [".....", "...W.", "..W..", "B...W", "BB..."],
            Phase::Placement,
            Side::Black,
            "",
        ),
        &[
            Task::Act(Goal::PlacesBlock),
            Task::Reply(Reply::Prefer(&["c4"])),
        ],
        "b2",
        "c1",
    ),
    // The board is full: White pulls any black piece, then Black pulls a white one.
    Step::new(
        "pulls",
        Position::neihuang(
            ["BWBWB", "WBWBW", "BWBWB", "WBWBW", "BWBWB"],
            Phase::Pull,
            Side::White,
            "",
        ),
        &[Task::Act(Goal::Any), Task::Reply(Reply::Prefer(&["xd3"]))],
        "xc3",
        "xd3",
    ),
    // White steps into the only point it can reach; a diagonal is refused.
    Step::new(
        "stepping",
        Position::neihuang(
            ["BWBWB", "WBWB.", "BW.WB", "WBWBW", "BWBWB"],
            Phase::Movement,
            Side::White,
            "",
        ),
        &[Task::Act(Goal::Any)],
        "d3-c3",
        "d3-e4",
    ),
    // b5-c5 completes the block c4 d4 c5 d5.
    Step::new(
        "block",
        Position::neihuang(
            ["BB.BW", "WWBBW", "B.WBW", "WB.WB", "BWB.W"],
            Phase::Movement,
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Block), Task::Captures],
        "b5-c5 xe5",
        "a3-b3",
    ),
    // b3-c3 (or d3-c3) completes column c; c4-d4 would only make a block.
    Step::new(
        "line",
        Position::neihuang(
            ["WBBWW", "BWB.B", "WB.BB", "WWBWW", "BWBW."],
            Phase::Movement,
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Line), Task::Captures],
        "b3-c3 xa5 xd5 xe5",
        "c4-d4",
    ),
    // b3-c3 completes column c and the block c3 d3 c4 d4: four captures.
    Step::new(
        "stacked",
        Position::neihuang(
            ["WWBWB", "BWBBW", "WB.BW", "BWBW.", "WBBWB"],
            Phase::Movement,
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Stacked), Task::Captures],
        "b3-c3 xa5 xb5 xd5 xb4",
        "d3-c3",
    ),
    // Black has just made a block; the capture may come out of White's own block.
    Step::new(
        "protection",
        Position::neihuang(
            ["BB.WW", "B.BWW", "WWBBW", "BW.WB", "WBBW."],
            Phase::Movement,
            Side::Black,
            "c4-b4",
        ),
        &[Task::Act(Goal::At(&["d4", "e4", "d5", "e5"]))],
        "xe5",
        "xa3",
    ),
    // After e4-e5 White cannot move: Black gives up a piece next to a white one.
    Step::new(
        "yield",
        Position::neihuang(
            ["WBWW.", "WWBBB", "BWWBB", "BWBWB", ".BWBW"],
            Phase::Movement,
            Side::Black,
            "e4-e5",
        ),
        &[Task::Act(Goal::Any), Task::Reply(Reply::Prefer(&["d5-e5"]))],
        "xe5",
        "xe3",
    ),
    // White has four pieces: one capture wins.
    Step::new(
        "winning",
        Position::neihuang(
            ["..W..", "BB..W", "B.B..", "..BW.", "B...W"],
            Phase::Movement,
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Block), Task::Captures],
        "c3-b3 xc5",
        "a1-b1",
    ),
    // Eight pieces against five, played out against the computer; White has no shape to
    // make at once.
    Step::new(
        "game",
        Position::neihuang(
            ["B..B.", "WBBB.", "WB.B.", ".WWB.", ".W..."],
            Phase::Movement,
            Side::Black,
            "",
        ),
        &[Task::PlayOut],
        "b3-c3",
        "d3-e4",
    ),
];
