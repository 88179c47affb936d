//! The Square Flying Chess course: sliding, blocked paths, the pincer, the insertion, no chain
//! reactions, winning by flips and by blocking, and a short game.

use super::step::{Goal, Position, Step, Task};
use crate::rules::{GameId, Side};

/// The steps, in order.
pub const STEPS: &[Step] = &[
    // From the start: a slide of three points or more.
    Step::new(
        "sliding",
        Position::Start {
            game: GameId::Flying,
            then: "",
        },
        &[Task::Act(Goal::Slide(3))],
        "c1-c4",
        "a1-a2",
    ),
    // e3 is reached from e1; the way from a3 is blocked at c3.
    Step::new(
        "blocked",
        Position::flying(
            ["WW.W.", "....W", "B.W..", ".....", "BB.BB"],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::At(&["e3"]))],
        "e1-e3",
        "a3-e3",
    ),
    // a4-b4 catches b3 against b2.
    Step::new(
        "pincer",
        Position::flying(
            ["W..WW", "B....", ".W..W", ".B...", "B.BB."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Pincer)],
        "a4-b4",
        "a4-a3",
    ),
    // c1-c3 lands between b3 and d3; b1-b2 would only be a pincer.
    Step::new(
        "insertion",
        Position::flying(
            ["W..WW", ".B...", ".W.W.", "B....", ".BB.B"],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Insertion)],
        "c1-c3",
        "b1-b2",
    ),
    // b1-b3 flips c3; c4, now between two black pieces, stays white.
    Step::new(
        "no-chain",
        Position::flying(
            ["W.B.W", "..W..", "..WB.", "....W", "BB.B."],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Flips("c3"))],
        "b1-b3",
        "a1-a3",
    ),
    // White's last piece is caught on c3.
    Step::new(
        "win-flips",
        Position::flying(
            ["BB.BB", ".....", "..WB.", ".....", "BB.BB"],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Win)],
        "b1-b3",
        "a1-a2",
    ),
    // White's three pieces in the corner have one way out, down the a file.
    Step::new(
        "win-blocking",
        Position::flying(
            ["WWB..", "WB...", "....B", ".....", "BB.BB"],
            Side::Black,
            "",
        ),
        &[Task::Act(Goal::Win)],
        "e3-a3",
        "e3-e4",
    ),
    // Seven pieces against three, played out against the computer; White has nothing to
    // flip at once.
    Step::new(
        "game",
        Position::flying(
            [".BBB.", ".W...", ".W.W.", "B...B", "..BB."],
            Side::Black,
            "",
        ),
        &[Task::PlayOut],
        "c1-c3",
        "a2-b1",
    ),
];
