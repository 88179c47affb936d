//! The locale keys that are built from parts, all in this one place; every other key is
//! written out whole where it is used. `tests/locales.rs` enumerates each family here with
//! every value its parts take, checks them against both locales, and fails on a key built
//! anywhere else.

use crate::ai::Level;
use crate::ai::analysis::Label;
use crate::learn::puzzles::{Goal, Theme};

/// `level.<id>`: a level's name.
pub fn level(level: Level) -> String {
    format!("level.{}", level.id())
}

/// `analysis.label.<id>`: an analysis label's name.
pub fn label(label: Label) -> String {
    format!("analysis.label.{}", label.id())
}

/// `hint.<whose>.<kind>`: a gain in a hint's sentence. `whose` says whose it is and when (the
/// side's own now, the opponent's stopped, either side's along the line, the opponent's
/// allowed), one of [`crate::app::hint::Whose::id`]; `kind` is one of
/// [`crate::app::hint::GAIN_KINDS`].
pub fn gain(whose: &str, kind: &str) -> String {
    format!("hint.{whose}.{kind}")
}

/// `lesson.course.<course>`: a course's short name.
pub fn course(course: &str) -> String {
    format!("lesson.course.{course}")
}

/// `lesson.<course>.<step>.<part>`: a text of a lesson's step; `part` is one of
/// [`crate::app::lessons::text_parts`].
pub fn lesson_step(course: &str, step: &str, part: &str) -> String {
    format!("lesson.{course}.{step}.{part}")
}

/// `puzzle.theme.<id>`: a puzzle theme's name.
pub fn puzzle_theme(theme: Theme) -> String {
    format!("puzzle.theme.{}", theme.id())
}

/// `puzzle.idea.<id>`: a puzzle theme's idea, in a sentence.
pub fn puzzle_idea(theme: Theme) -> String {
    format!("puzzle.idea.{}", theme.id())
}

/// `puzzle.goal_idea.<id>`: what reaching a puzzle's goal came to, in a sentence.
pub fn puzzle_goal_idea(goal: Goal) -> String {
    format!("puzzle.goal_idea.{}", goal.id())
}

/// Why the server refused an online game's connection, as a locale key.
pub fn protocol_error(error: crate::online::protocol::ProtocolError) -> &'static str {
    use crate::online::protocol::ProtocolError as E;
    match error {
        E::TooLarge | E::Malformed | E::Sequence => "online.error.protocol",
        E::Version => "online.error.version",
        E::NoRoom => "online.error.no_room",
        E::Stranger => "online.error.stranger",
        E::TooFast => "online.error.too_fast",
        E::Setup => "online.error.setup",
        E::Unavailable => "online.error.unavailable",
    }
}
