//! The lessons: for each game, and for the rules all three share, a course of short steps on
//! prepared positions, one rule per step.
//!
//! - [`step`] says what a step is: a prepared position ([`Position`]), the tasks that make it
//!   up ([`Task`]: an action of the learner's checked against a [`Goal`], a scripted reply, the
//!   captures still owed, a game played out against the computer) and an example solution.
//! - The courses themselves are data, one file each ([`Course::steps`]); their texts are the
//!   locale keys `lesson.<course>.<step>.*`.
//! - [`judge`] decides whether an action does what a task asks and, if not, says why
//!   ([`Why`]), from what the action would do under the rules.
//! - [`runner`] runs a step on the screen: [`Lesson`] holds the step's game in a
//!   [`Session`](crate::app::session::Session) (so the board, the clicks, the animations and
//!   the clock work as in a game) and moves through the tasks.
//! - [`progress`] is what is kept between runs: which steps are done.
//!
//! The steps are checked by tests: every prepared position builds, every example solution is
//! accepted and completes its step, every wrong example is refused with a reason.

mod flying;
mod house;
pub mod judge;
mod neihuang;
pub mod progress;
pub mod runner;
pub mod step;
#[cfg(test)]
mod tests;
mod wudao;

pub use judge::{Why, judge};
pub use progress::{LESSONS_VERSION, LessonProgress};
pub use runner::{Feedback, Lesson, LessonEnv, StepChanged};
pub use step::{Goal, Position, Reply, Step, Task, clicks};

use crate::app::keys;
use crate::rules::GameId;

/// A course of lessons: one per game, and one for the house rules the three share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Course {
    /// Neihuang Ge Fang Qi.
    Neihuang,
    /// Square Flying Chess.
    Flying,
    /// Wu Dao Qi.
    Wudao,
    /// The clock, repetition and the 100-turn limit.
    HouseRules,
}

impl Course {
    /// Every course, in the order the lessons offer them.
    pub const ALL: [Course; 4] = [
        Course::Neihuang,
        Course::Flying,
        Course::Wudao,
        Course::HouseRules,
    ];

    /// The course's id, in the progress file and the locale keys.
    pub const fn id(self) -> &'static str {
        match self {
            Course::Neihuang => "neihuang",
            Course::Flying => "flying",
            Course::Wudao => "wudao",
            Course::HouseRules => "house",
        }
    }

    /// The course that teaches a game.
    pub const fn of_game(game: GameId) -> Course {
        match game {
            GameId::Neihuang => Course::Neihuang,
            GameId::Flying => Course::Flying,
            GameId::Wudao => Course::Wudao,
        }
    }

    /// The game a course teaches (`None` for the house rules, which use all three).
    pub const fn game(self) -> Option<GameId> {
        match self {
            Course::Neihuang => Some(GameId::Neihuang),
            Course::Flying => Some(GameId::Flying),
            Course::Wudao => Some(GameId::Wudao),
            Course::HouseRules => None,
        }
    }

    /// The course's steps, in order.
    pub fn steps(self) -> &'static [Step] {
        match self {
            Course::Neihuang => neihuang::STEPS,
            Course::Flying => flying::STEPS,
            Course::Wudao => wudao::STEPS,
            Course::HouseRules => house::STEPS,
        }
    }

    /// The locale key of a text of one of the course's steps: `lesson.<course>.<step>.<part>`.
    pub fn key(self, step: &Step, part: &str) -> String {
        keys::lesson_step(self.id(), step.id, part)
    }

    /// The locale key of the course's short name.
    pub fn name_key(self) -> String {
        keys::course(self.id())
    }
}

/// The texts a step has, by the last part of their locale keys ([`Course::key`]): a title,
/// the lesson, the task and the praise when it is done, and for a step that asks for given
/// points what to say when an action misses them.
pub fn text_parts(step: &Step) -> Vec<&'static str> {
    let mut parts = vec!["title", "text", "task", "done"];
    if step
        .tasks
        .iter()
        .any(|t| matches!(t, Task::Act(Goal::At(_))))
    {
        parts.push("miss");
    }
    parts
}
