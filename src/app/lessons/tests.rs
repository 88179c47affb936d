//! The lesson data checked against the rules: every prepared position builds, every example
//! solution is legal and accepted task by task, every wrong example is refused, each goal
//! tells right from wrong, every scripted reply is legal whatever right action came before
//! it, and every text a step needs exists in both languages.

use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::app::clock::ManualTime;
use crate::app::computer::AiMode;
use crate::app::i18n::{I18n, Language};
use crate::app::session::Moment;
use crate::rules::{Action, Decision, Game, Side};

const STILL: Moment = Moment {
    ui_time: 0.0,
    animate: false,
    pace: 1.0,
};

fn every_step() -> impl Iterator<Item = (Course, usize, &'static Step)> {
    Course::ALL
        .into_iter()
        .flat_map(|c| c.steps().iter().enumerate().map(move |(i, s)| (c, i, s)))
}

fn build(course: Course, step: &Step) -> Game {
    step.position
        .build()
        .unwrap_or_else(|| panic!("{}/{}: the position does not build", course.id(), step.id))
}

/// The learner's actions at task `task` that the judge accepts, and those it refuses.
fn split(step: &Step, task: usize, game: &Game) -> (Vec<Action>, Vec<(Action, Why)>) {
    let mut accepted = Vec::new();
    let mut refused = Vec::new();
    for action in game.state().legal_vec() {
        match judge(step, task, game, action) {
            Ok(()) => accepted.push(action),
            Err(why) => refused.push((action, why)),
        }
    }
    (accepted, refused)
}

/// Whether the learner still owes captures in `game`.
fn owes(game: &Game, learner: Side) -> bool {
    game.state().to_act() == Some(learner)
        && matches!(game.state().decision(), Some(Decision::Capture { .. }))
}

#[test]
fn every_course_has_steps_with_distinct_ids() {
    for course in Course::ALL {
        let steps = course.steps();
        assert!(steps.len() >= 3, "{}", course.id());
        let mut ids: Vec<&str> = steps.iter().map(|s| s.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), steps.len(), "{}: repeated step ids", course.id());
        // Each game's course ends in a game against the computer.
        if course.game().is_some() {
            assert!(steps.last().is_some_and(Step::is_game), "{}", course.id());
        }
    }
}

#[test]
fn every_step_plays_through_its_solution_under_the_rules() {
    for (course, _, step) in every_step() {
        let name = format!("{}/{}", course.id(), step.id);
        let mut game = build(course, step);
        let learner = game.state().to_act().expect("someone to act");
        let mut solution = step.solution_actions().into_iter();
        let mut next_learner_action = |game: &Game, task: usize| {
            solution.next().unwrap_or_else(|| {
                split(step, task, game)
                    .0
                    .first()
                    .copied()
                    .unwrap_or_else(|| panic!("{name}: no right action at task {task}"))
            })
        };
        for (task, kind) in step.tasks.iter().enumerate() {
            match kind {
                Task::Act(goal) => {
                    let action = next_learner_action(&game, task);
                    if *goal != Goal::Timeout {
                        assert!(
                            game.state().check(action).is_ok(),
                            "{name}: {action} is not legal"
                        );
                    }
                    assert_eq!(judge(step, task, &game, action), Ok(()), "{name}: {action}");
                    game.apply(action).expect("legal");
                }
                Task::Captures => {
                    while owes(&game, learner) {
                        let action = next_learner_action(&game, task);
                        assert_eq!(judge(step, task, &game, action), Ok(()), "{name}: {action}");
                        game.apply(action).expect("legal");
                    }
                }
                Task::Reply(reply) => {
                    if game.status().is_over() {
                        continue;
                    }
                    let action = reply
                        .action(game.state())
                        .unwrap_or_else(|| panic!("{name}: no reply"));
                    game.apply(action)
                        .unwrap_or_else(|e| panic!("{name}: reply {action}: {e}"));
                }
                Task::PlayOut => {
                    let action = next_learner_action(&game, task);
                    assert!(game.state().check(action).is_ok(), "{name}: {action}");
                    assert!(!game.status().is_over(), "{name}: the game is already over");
                }
            }
        }
        if !step.is_game() {
            assert!(
                !owes(&game, learner),
                "{name}: the solution leaves captures owed"
            );
        }
    }
}

#[test]
fn wrong_examples_are_refused_and_goals_tell_right_from_wrong() {
    for (course, _, step) in every_step() {
        let name = format!("{}/{}", course.id(), step.id);
        let game = build(course, step);
        if !step.wrong.is_empty() {
            let wrong = step
                .wrong_action()
                .unwrap_or_else(|| panic!("{name}: the wrong example does not parse"));
            let why = judge(step, 0, &game, wrong).expect_err(&name);
            let legal = game.state().check(wrong).is_ok();
            assert_eq!(
                matches!(why, Why::Illegal(_)),
                !legal && wrong != Action::Timeout,
                "{name}: {why:?}"
            );
        }
        // Every goal that asks for something in particular refuses a legal action and
        // accepts another (the clock's step refuses every action: it waits).
        if let Some(Task::Act(goal)) = step.tasks.first() {
            let (accepted, refused) = split(step, 0, &game);
            match goal {
                Goal::Any => assert!(refused.is_empty(), "{name}: {refused:?}"),
                Goal::Timeout => assert!(accepted.is_empty(), "{name}"),
                _ => {
                    assert!(!accepted.is_empty(), "{name}: nothing is right");
                    assert!(!refused.is_empty(), "{name}: nothing is wrong");
                }
            }
            assert!(
                refused
                    .iter()
                    .all(|(_, why)| !matches!(why, Why::Illegal(_))),
                "{name}: a legal action judged illegal"
            );
        }
    }
}

#[test]
fn games_start_with_nothing_for_the_computer_to_take() {
    for (course, _, step) in every_step().filter(|(_, _, s)| s.is_game()) {
        let game = build(course, step);
        let learner = game.state().to_act().expect("someone to act");
        // The same board with the computer to move: none of its actions may capture, flip
        // or earn a capture.
        let Some(theirs) = step::with_side_to_act(&step.position, learner.other()) else {
            panic!("{}/{}: the position does not build", course.id(), step.id);
        };
        for action in theirs.legal_vec() {
            let mut after = theirs;
            let effects = after.apply(action).expect("legal");
            assert!(
                !effects.changed_material() && effects.owed == 0,
                "{}/{}: the computer could start with {action}",
                course.id(),
                step.id
            );
        }
    }
}

#[test]
fn scripted_replies_are_legal_after_every_right_action() {
    for (course, _, step) in every_step() {
        let name = format!("{}/{}", course.id(), step.id);
        let game = build(course, step);
        for (task, kind) in step.tasks.iter().enumerate() {
            let Some(Task::Reply(reply)) = step.tasks.get(task + 1) else {
                continue;
            };
            // Only the first task's alternatives are known without playing the earlier ones.
            if task != 0 || !matches!(kind, Task::Act(_)) {
                continue;
            }
            for action in split(step, task, &game).0 {
                let mut after = game.clone();
                after.apply(action).expect("legal");
                if after.status().is_over() {
                    continue;
                }
                let answer = reply
                    .action(after.state())
                    .unwrap_or_else(|| panic!("{name}: no reply after {action}"));
                assert!(
                    after.state().check(answer).is_ok(),
                    "{name}: {answer} after {action}"
                );
            }
        }
    }
}

#[test]
fn every_step_has_its_texts_in_both_languages() {
    for language in Language::ALL {
        let i18n = I18n::new(language);
        for course in Course::ALL {
            let key = course.name_key();
            assert_ne!(i18n.t(&key), key, "{language:?}");
            for step in course.steps() {
                for part in super::text_parts(step) {
                    let key = course.key(step, part);
                    let text = i18n.t(&key);
                    assert!(
                        text != key && !text.trim().is_empty(),
                        "{language:?}: no text for {key}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_refusal_has_a_sentence_in_both_languages() {
    for (course, _, step) in every_step() {
        let game = build(course, step);
        let learner = game.state().to_act().expect("someone to act");
        let mut whys: Vec<Why> = split(step, 0, &game)
            .1
            .into_iter()
            .map(|(_, w)| w)
            .collect();
        if let Some(Err(why)) = step.wrong_action().map(|w| judge(step, 0, &game, w)) {
            whys.push(why);
        }
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for why in &whys {
                let text = why.message(&i18n, learner, course, step);
                assert!(
                    !text.is_empty() && !text.starts_with("lesson.") && !text.contains('{'),
                    "{language:?} {}/{}: {why:?} gives {text:?}",
                    course.id(),
                    step.id
                );
            }
        }
    }
}

fn env(time: &ManualTime) -> LessonEnv {
    LessonEnv {
        time: time.source(),
        ai: AiMode::Inline,
        seed: 7,
        reply_delay: Duration::ZERO,
        notify: Arc::new(|| {}),
    }
}

#[test]
fn the_runner_completes_each_step_on_its_solution() {
    let time = ManualTime::new();
    for (course, index, step) in every_step() {
        if step.is_game() {
            continue;
        }
        let name = format!("{}/{}", course.id(), step.id);
        let mut lesson = Lesson::new(course, index, env(&time)).expect(&name);
        let mut completed = false;
        if step.waits_for_clock() {
            // A try before the clock runs out is refused; then the clock runs out.
            lesson.start_clock();
            let wrong = step.wrong_action().expect("a wrong example");
            let _ = lesson.try_action(wrong, STILL);
            assert!(
                matches!(lesson.feedback(), Some(Feedback::Refused(Why::Wait))),
                "{name}"
            );
            time.advance(Duration::from_secs(step.clock.unwrap_or(0) + 1));
            completed |= lesson.advance(STILL).completed;
        }
        let mut guard = 0;
        while !lesson.is_done() {
            guard += 1;
            assert!(guard < 40, "{name}: the step does not end");
            completed |= lesson.advance(STILL).completed;
            if lesson.accepts_input() {
                let action = lesson.suggestion().expect(&name);
                completed |= lesson.try_action(action, STILL).completed;
            }
        }
        assert!(completed, "{name}: completion was not reported");
        assert_eq!(lesson.feedback(), Some(&Feedback::Done), "{name}");
    }
}

#[test]
fn a_hundred_quiet_turns_are_found_and_stay_the_same() {
    let game = house::quiet_game().expect("the quiet game is found");
    assert_eq!(game.quiet_turns(), 99);
    assert_eq!(game.state().to_act(), Some(Side::Black));
    let again = house::quiet_game().expect("found again");
    assert_eq!(game.action_list(), again.action_list());
}
