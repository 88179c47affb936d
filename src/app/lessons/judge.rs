//! Whether an action does what a lesson's task asks, decided from what the action would do
//! under the rules (played on a copy of the game and explained by [`explain`]), and if not,
//! why not, in words ([`Why::message`]).

use std::fmt::Display;

use super::Course;
use super::step::{Goal, Step, Task};
use crate::app::i18n::I18n;
use crate::app::text::{illegal, side_name};
use crate::rules::explain::{Event, Shape, explain};
use crate::rules::{
    Action, Decision, DrawReason, Game, IllegalAction, Point, Side, Status, board, neihuang,
};

/// Why an action does not do what the task asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The rules do not allow it.
    Illegal(IllegalAction),
    /// Not on one of the points the step asks for (the step's own text says what is).
    NotAt,
    /// A placement that completes no 2×2 block.
    NoBlockPlaced,
    /// A step that completes no shape.
    NoShape,
    /// A step that completes a block where a line is asked for.
    BlockNotLine,
    /// A step that completes only one shape where two are asked for.
    OneShape,
    /// A slide shorter than asked.
    ShortSlide {
        /// The points it slid.
        points: u8,
        /// The points asked for.
        wanted: u8,
    },
    /// A move that flips nothing.
    NoFlip,
    /// A move that flips by insertion where a pincer is asked for.
    InsertionNotPincer,
    /// A move that flips by a pincer where an insertion is asked for.
    PincerNotInsertion,
    /// A move that does not flip the piece asked for.
    NotFlipped(Point),
    /// A placement that captures nothing.
    NothingTaken,
    /// A placement that captures fewer pieces than asked.
    TakesFewer {
        /// The pieces it takes.
        taken: u8,
        /// The pieces asked for.
        wanted: u8,
    },
    /// A flank where a counter-capture is asked for.
    FlankNotCounter,
    /// A counter-capture of two where one of four is asked for.
    CounterOfTwo,
    /// After the action the other side can still move.
    StillMoves {
        /// A move the other side still has.
        example: Action,
    },
    /// The other side's answer would capture, and the game would go on.
    AnswerTakes {
        /// The other side's answer.
        answer: Action,
        /// The pieces it would take.
        taken: u8,
    },
    /// The game would end without the learner winning.
    NoWin(Status),
    /// The game would go on without the learner winning (no better reason known).
    NotYet,
    /// The learner should let the clock run out.
    Wait,
    /// The move would bring a position back for the third time.
    Repeats,
    /// The move would be the 100th turn in a row without a capture or flip.
    QuietLimit,
}

/// Decides whether `action`, by `learner` in `game`, does what task `task` of `step` asks.
/// For a win, the scripted replies right after the task are played on the copy too.
pub fn judge(step: &Step, task: usize, game: &Game, action: Action) -> Result<(), Why> {
    let Some(&current) = step.tasks.get(task) else {
        return Err(Why::NotYet);
    };
    let before = *game.state();
    let learner = before
        .to_act()
        .ok_or(Why::Illegal(IllegalAction::GameOver))?;
    let mut after = game.clone();
    let effects = after.apply(action).map_err(Why::Illegal)?;
    let goal = match current {
        Task::Act(goal) => goal,
        Task::Captures | Task::PlayOut => return Ok(()),
        Task::Reply(_) => return Err(Why::NotYet),
    };
    if goal == Goal::Timeout {
        return if action == Action::Timeout {
            Ok(())
        } else {
            Err(Why::Wait)
        };
    }
    if action == Action::Timeout {
        return Err(Why::NotYet);
    }
    let event = explain(&before, &effects);
    match goal {
        Goal::Any | Goal::Timeout => Ok(()),
        Goal::At(points) => {
            let target = match action {
                Action::Place(p) | Action::Move(_, p) | Action::Remove(p) => Some(p),
                Action::Timeout => None,
            };
            let on_target =
                target.is_some_and(|t| points.iter().any(|text| Point::parse(text) == Some(t)));
            if on_target { Ok(()) } else { Err(Why::NotAt) }
        }
        Goal::PlacesBlock => {
            let Action::Place(p) = action else {
                return Err(Why::NoBlockPlaced);
            };
            let own = before.boards()[learner.index()] | board::bit(p);
            if neihuang::State::shapes_at(own, p.index()) > 0 {
                Ok(())
            } else {
                Err(Why::NoBlockPlaced)
            }
        }
        Goal::Block | Goal::Line | Goal::Stacked => shape_goal(goal, &event),
        Goal::Slide(wanted) => {
            let Action::Move(from, to) = action else {
                return Err(Why::ShortSlide { points: 0, wanted });
            };
            let points = from.column().abs_diff(to.column()) + from.row().abs_diff(to.row());
            if points >= wanted {
                Ok(())
            } else {
                Err(Why::ShortSlide { points, wanted })
            }
        }
        Goal::Pincer | Goal::Insertion => flip_goal(goal, &event),
        Goal::Flips(point) => match Point::parse(point) {
            Some(p) if effects.flipped & board::bit(p) != 0 => Ok(()),
            Some(p) if effects.flipped != 0 => Err(Why::NotFlipped(p)),
            Some(_) => Err(Why::NoFlip),
            None => Err(Why::NotYet),
        },
        Goal::Takes(wanted) => {
            let taken = effects.removed.count_ones() as u8;
            match taken {
                0 => Err(Why::NothingTaken),
                n if n < wanted => Err(Why::TakesFewer { taken: n, wanted }),
                _ => Ok(()),
            }
        }
        Goal::Counter(wanted) => match &event {
            Event::Taken { counters, .. } if counters.len() * 2 >= usize::from(wanted) => Ok(()),
            Event::Taken { counters, .. } if !counters.is_empty() => Err(Why::CounterOfTwo),
            Event::Taken { .. } => Err(Why::FlankNotCounter),
            _ => Err(Why::NothingTaken),
        },
        Goal::Win => win_goal(step, task, after, learner),
        Goal::NoRepetition => match after.status() {
            Status::Drawn(DrawReason::Repetition) => Err(Why::Repeats),
            _ => Ok(()),
        },
        Goal::Material => {
            if effects.changed_material() {
                Ok(())
            } else if after.status() == Status::Drawn(DrawReason::NoCaptureLimit) {
                Err(Why::QuietLimit)
            } else {
                Err(Why::NoFlip)
            }
        }
    }
}

/// The Neihuang goals about shapes.
fn shape_goal(goal: Goal, event: &Event) -> Result<(), Why> {
    let shapes: &[Shape] = match event {
        Event::Shapes { shapes, .. } => shapes,
        _ => &[],
    };
    let lines = shapes
        .iter()
        .filter(|s| matches!(s, Shape::Line(_)))
        .count();
    match goal {
        _ if shapes.is_empty() => Err(Why::NoShape),
        Goal::Line if lines == 0 => Err(Why::BlockNotLine),
        Goal::Stacked if shapes.len() < 2 => Err(Why::OneShape),
        _ => Ok(()),
    }
}

/// The Flying goals about the kind of flip.
fn flip_goal(goal: Goal, event: &Event) -> Result<(), Why> {
    let Event::Flipped {
        pincers,
        insertions,
    } = event
    else {
        return Err(Why::NoFlip);
    };
    match goal {
        Goal::Pincer if pincers.is_empty() => Err(Why::InsertionNotPincer),
        Goal::Insertion if insertions.is_empty() => Err(Why::PincerNotInsertion),
        _ => Ok(()),
    }
}

/// A win, once the scripted replies right after the task have been played on `after`.
fn win_goal(step: &Step, task: usize, mut after: Game, learner: Side) -> Result<(), Why> {
    let mut answer = None;
    for next in step.tasks.iter().skip(task + 1) {
        let Task::Reply(reply) = next else { break };
        let Some(action) = reply.action(after.state()) else {
            break;
        };
        match after.apply(action) {
            Ok(effects) => answer = Some((action, effects)),
            Err(_) => break,
        }
    }
    match after.status() {
        Status::Won { winner, .. } if winner == learner => Ok(()),
        Status::Ongoing => {
            if let Some((action, effects)) = answer
                && effects.removed_owner == Some(learner)
            {
                return Err(Why::AnswerTakes {
                    answer: action,
                    taken: effects.removed.count_ones() as u8,
                });
            }
            let state = after.state();
            match (state.to_act(), state.decision(), state.legal_vec().first()) {
                (Some(side), Some(Decision::Move), Some(&example)) if side != learner => {
                    Err(Why::StillMoves { example })
                }
                _ => Err(Why::NotYet),
            }
        }
        status => Err(Why::NoWin(status)),
    }
}

impl Why {
    /// The reason in one or two sentences; `learner` is the side the learner plays, and the
    /// step's own text is used where only the step can say what it asks.
    pub fn message(&self, i18n: &I18n, learner: Side, course: Course, step: &Step) -> String {
        let enemy = side_name(i18n, learner.other());
        let you = side_name(i18n, learner);
        let with = |key: &str, args: &[(&str, &dyn Display)]| {
            let mut all: Vec<(&str, &dyn Display)> = vec![("enemy", &enemy), ("side", &you)];
            all.extend_from_slice(args);
            i18n.format(key, &all)
        };
        match self {
            Why::Illegal(e) => illegal(i18n, *e),
            Why::NotAt => i18n.t(&course.key(step, "miss")).to_string(),
            Why::NoBlockPlaced => with("lesson.why.no_block_placed", &[]),
            Why::NoShape => with("lesson.why.no_shape", &[]),
            Why::BlockNotLine => with("lesson.why.block_not_line", &[]),
            Why::OneShape => with("lesson.why.one_shape", &[]),
            Why::ShortSlide { points, wanted } => {
                let key = if *points == 1 {
                    "lesson.why.short_slide_one"
                } else {
                    "lesson.why.short_slide"
                };
                with(key, &[("n", points), ("wanted", wanted)])
            }
            Why::NoFlip => with("lesson.why.no_flip", &[]),
            Why::InsertionNotPincer => with("lesson.why.insertion_not_pincer", &[]),
            Why::PincerNotInsertion => with("lesson.why.pincer_not_insertion", &[]),
            Why::NotFlipped(p) => with("lesson.why.not_flipped", &[("point", p)]),
            Why::NothingTaken => with("lesson.why.nothing_taken", &[]),
            Why::TakesFewer { taken, wanted } => {
                let key = if *taken == 1 {
                    "lesson.why.takes_one"
                } else {
                    "lesson.why.takes_fewer"
                };
                with(key, &[("n", taken), ("wanted", wanted)])
            }
            Why::FlankNotCounter => with("lesson.why.flank_not_counter", &[]),
            Why::CounterOfTwo => with("lesson.why.counter_of_two", &[]),
            Why::StillMoves { example } => with("lesson.why.still_moves", &[("action", example)]),
            Why::AnswerTakes { answer, taken } => with(
                "lesson.why.answer_takes",
                &[("action", answer), ("n", taken)],
            ),
            Why::NoWin(status) => {
                let reason = crate::app::text::result_reason(i18n, *status, None);
                with("lesson.why.no_win", &[("reason", &reason)])
            }
            Why::NotYet => with("lesson.why.not_yet", &[]),
            Why::Wait => with("lesson.why.wait", &[]),
            Why::Repeats => with("lesson.why.repeats", &[]),
            Why::QuietLimit => with("lesson.why.quiet_limit", &[]),
        }
    }
}
