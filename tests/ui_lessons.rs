//! The lessons driven through the window with egui_kittest: every step of every course,
//! in both languages, refuses a wrong try with a reason on the screen and accepts its right
//! moves, played by clicking the board; the lessons open from the home screen and the rules
//! window; the progress is kept between runs, and a corrupt progress file is set aside.

#[path = "common/window.rs"]
mod window;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sanqi::ai::{self, Level};
use sanqi::app::i18n::{I18n, Language};
use sanqi::app::lessons::{Course, Feedback, Step, Task, clicks, judge};
use sanqi::app::session::Note;
use sanqi::app::storage::{LESSONS_FILE, StoreNotice};
use sanqi::app::text::illegal;
use sanqi::app::{Banner, Command, SanqiApp, Screen};
use sanqi::rules::{Action, Point};
use window::{Opened, WindowSpec, apply, click_button, drag, has_text};

/// A window on a fresh data folder with a manual clock, in `language`, of `size`.
fn window(language: Language, size: [f32; 2]) -> Opened {
    spec(language, size).open()
}

/// The lessons' test window: seed 11, in `language`, of `size`.
fn spec(language: Language, size: [f32; 2]) -> WindowSpec {
    WindowSpec::default()
        .seed(11)
        .language(language)
        .size(size[0], size[1])
}

/// Plays an action by clicking its points on the board.
fn click_action(h: &mut Harness<'static, SanqiApp>, action: Action) {
    for p in clicks(action) {
        h.get_by_label(&p.to_string()).click();
        h.run();
    }
}

fn played(h: &Harness<'static, SanqiApp>) -> usize {
    h.state().lesson().map_or(0, |l| l.session().game().len())
}

/// The sentence the screen should show for the lesson's feedback.
fn feedback_text(h: &Harness<'static, SanqiApp>, i18n: &I18n) -> Option<String> {
    let lesson = h.state().lesson()?;
    Some(match lesson.feedback()? {
        Feedback::Refused(why) => {
            why.message(i18n, lesson.learner(), lesson.course(), lesson.step())
        }
        Feedback::Note(Note::Illegal(e)) => illegal(i18n, *e),
        Feedback::Note(Note::Message(key)) => i18n.t(key).to_string(),
        Feedback::Note(other) => panic!("unexpected note {other:?}"),
        Feedback::Done | Feedback::Lost(_) => return None,
    })
}

/// The wrong example of a step, or the first legal action the step refuses.
fn wrong_try(h: &Harness<'static, SanqiApp>, step: &Step) -> Action {
    if let Some(action) = step.wrong_action() {
        return action;
    }
    let lesson = h.state().lesson().expect("a lesson");
    let game = lesson.session().game();
    game.state()
        .legal_vec()
        .into_iter()
        .find(|a| judge(step, 0, game, *a).is_err())
        .expect("a refused action")
}

/// The learner's next right action: the example solution's, or for a game played out, the
/// computer's choice at Medium for the learner's side.
fn right_action(
    h: &Harness<'static, SanqiApp>,
    solution: &mut std::vec::IntoIter<Action>,
) -> Action {
    let lesson = h.state().lesson().expect("a lesson");
    if lesson.task() == Some(Task::PlayOut) {
        let state = *lesson.session().game().state();
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let history = lesson.session().search_input().1;
        let plan = ai::choose(
            &state,
            Level::Medium,
            3,
            ai::Context::new(&history, &cancel),
        );
        return plan.expect("a plan").actions[0];
    }
    solution
        .next()
        .or_else(|| lesson.suggestion())
        .expect("a right action")
}

/// Every step of every course: a wrong try is refused with its reason shown and the board
/// unchanged, then the right actions complete the step and it is kept as done.
fn every_step_in(language: Language) {
    let (dir, time, mut h) = window(language, [1100.0, 760.0]);
    let i18n = I18n::new(language);
    for course in Course::ALL {
        for (index, step) in course.steps().iter().enumerate() {
            let name = format!("{}/{}", course.id(), step.id);
            apply(&mut h, Command::OpenLessonStep(course, index));
            assert_eq!(h.state().screen(), Screen::Learn, "{name}");
            let title = i18n.t(&course.key(step, "title")).to_string();
            assert!(has_text(&h, &title), "{name}: no title {title:?}");
            if step.waits_for_clock() {
                click_button(&mut h, i18n.t("lesson.start_clock"));
            }

            // A wrong try: refused, with its reason on the screen.
            let before = played(&h);
            let wrong = wrong_try(&h, step);
            click_action(&mut h, wrong);
            assert_eq!(played(&h), before, "{name}: the wrong try was played");
            let text = feedback_text(&h, &i18n).unwrap_or_else(|| panic!("{name}: no reason"));
            assert!(!text.is_empty(), "{name}");
            assert!(has_text(&h, &text), "{name}: {text:?} is not shown");

            // The right actions.
            let mut solution = step.solution_actions().into_iter();
            let mut guard = 0;
            while !h.state().lesson().is_some_and(|l| l.is_done()) {
                guard += 1;
                assert!(guard < 80, "{name}: the step does not end");
                let lesson = h.state().lesson().expect("a lesson");
                if step.waits_for_clock() {
                    time.advance(Duration::from_secs(step.clock.unwrap_or(0) + 1));
                    h.run();
                    continue;
                }
                if !lesson.accepts_input() {
                    h.run();
                    continue;
                }
                let action = right_action(&h, &mut solution);
                let before = played(&h);
                click_action(&mut h, action);
                assert!(played(&h) > before, "{name}: {action} was not played");
            }
            assert!(
                h.state().lesson_progress().is_done(course, index),
                "{name}: not kept as done"
            );
            assert!(has_text(&h, i18n.t("lesson.well_done")), "{name}");
            let done = i18n.t(&course.key(step, "done")).to_string();
            assert!(has_text(&h, &done), "{name}: {done:?} is not shown");
        }
    }
    // Everything done was written to the progress file.
    let saved = std::fs::read_to_string(dir.path().join(LESSONS_FILE)).expect("lessons.json");
    for course in Course::ALL {
        for step in course.steps() {
            assert!(saved.contains(&format!("\"{}\"", step.id)), "{saved}");
        }
    }
}

#[test]
fn every_step_refuses_a_wrong_try_and_accepts_the_right_moves_in_english() {
    every_step_in(Language::English);
}

#[test]
fn every_step_refuses_a_wrong_try_and_accepts_the_right_moves_in_chinese() {
    every_step_in(Language::Chinese);
}

#[test]
fn lessons_open_from_the_home_screen_and_the_rules_window() {
    let (_dir, _time, mut h) = window(Language::English, [760.0, 560.0]);
    h.get_by_label("Learn Square Flying Chess").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Learn);
    let lesson = h.state().lesson().expect("a lesson");
    assert_eq!((lesson.course(), lesson.index()), (Course::Flying, 0));
    // The courses are tabs of the lesson screen.
    click_button(&mut h, "House rules");
    assert_eq!(
        h.state().lesson().map(|l| l.course()),
        Some(Course::HouseRules)
    );
    click_button(&mut h, "← Home");
    assert_eq!(h.state().screen(), Screen::Home);
    assert!(h.state().lesson().is_none());
    // From the header, and from the rules window.
    click_button(&mut h, "Learn");
    assert_eq!(
        h.state().lesson().map(|l| l.course()),
        Some(Course::Neihuang)
    );
    click_button(&mut h, "Rules");
    click_button(&mut h, "Wu Dao Qi");
    click_button(&mut h, "Learn it on the board");
    assert_eq!(h.state().lesson().map(|l| l.course()), Some(Course::Wudao));
    // The lesson takes the rules window's place.
    assert!(!has_text(&h, "Learn it on the board"));
}

#[test]
fn a_game_in_progress_waits_paused_while_learning() {
    let (_dir, time, mut h) = window(Language::English, [1100.0, 760.0]);
    apply(
        &mut h,
        Command::StartGame(sanqi::app::settings::Setup {
            game: sanqi::rules::GameId::Wudao,
            opponent: sanqi::app::settings::Opponent::Human,
            clock: sanqi::app::settings::ClockSetting::S30,
        }),
    );
    h.get_by_label("c3").click();
    h.run();
    apply(&mut h, Command::OpenLessons(Course::Wudao));
    time.advance(Duration::from_secs(120));
    h.run();
    let s = h.state().session().expect("the game is kept");
    assert!(s.is_paused());
    assert_eq!(s.game().len(), 1, "the clock ran while learning");
    apply(&mut h, Command::GoHome);
    apply(&mut h, Command::ContinueGame);
    assert_eq!(h.state().screen(), Screen::Game);
    assert!(!h.state().session().expect("a game").is_paused());
}

#[test]
fn show_me_marks_a_right_move_and_start_again_resets_the_step() {
    let (_dir, _time, mut h) = window(Language::English, [1100.0, 760.0]);
    apply(&mut h, Command::OpenLessonStep(Course::Neihuang, 5));
    click_button(&mut h, "Show me");
    let lesson = h.state().lesson().expect("a lesson");
    let shown = lesson.shown().expect("a move is shown");
    assert_eq!(
        judge(lesson.step(), 0, lesson.session().game(), shown),
        Ok(())
    );
    click_action(&mut h, shown);
    assert_eq!(played(&h), 1);
    click_button(&mut h, "Start again");
    assert_eq!(played(&h), 0);
    assert_eq!(h.state().lesson().map(|l| l.index()), Some(5));
}

#[test]
fn progress_is_kept_between_runs() {
    let (dir, time, mut h) = window(Language::English, [1100.0, 760.0]);
    apply(&mut h, Command::OpenLessonStep(Course::Wudao, 0));
    click_action(&mut h, Action::Place(Point::parse("a1").expect("a point")));
    h.run();
    assert!(h.state().lesson_progress().is_done(Course::Wudao, 0));
    drop(h);
    let mut h = spec(Language::English, [1100.0, 760.0]).window_at(dir.path(), &time);
    assert!(h.state().lesson_progress().is_done(Course::Wudao, 0));
    let total = Course::Wudao.steps().len();
    let label = format!("Learn Wu Dao Qi (1 of {total} steps done)");
    assert!(has_text(&h, &label));
    // The course opens at its first step not done yet.
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(h.state().lesson().map(|l| l.index()), Some(1));
}

#[test]
fn a_corrupt_progress_file_is_set_aside_with_a_notice() {
    let bytes = b"{\"version\": 1, \"done\": [1, 2";
    let (dir, _time, h) = spec(Language::English, [1100.0, 760.0])
        .open_after(|dir| std::fs::write(dir.join(LESSONS_FILE), bytes).expect("written"));
    assert_eq!(h.state().lesson_progress().done_count(Course::Neihuang), 0);
    let notices: Vec<&StoreNotice> = h
        .state()
        .banners()
        .iter()
        .filter_map(|b| match b {
            Banner::Store(n) => Some(n),
            _ => None,
        })
        .collect();
    let [StoreNotice::SetAside { file, moved_to, .. }] = notices.as_slice() else {
        panic!("{notices:?}");
    };
    assert_eq!(file, LESSONS_FILE);
    assert_eq!(std::fs::read(moved_to).expect("kept"), bytes);
    assert!(!dir.path().join(LESSONS_FILE).exists());
}

#[test]
fn a_wrong_try_in_a_game_played_out_is_refused_by_the_rules() {
    let (_dir, _time, mut h) = window(Language::English, [760.0, 560.0]);
    let last = Course::Flying.steps().len() - 1;
    apply(&mut h, Command::OpenLessonStep(Course::Flying, last));
    let step = &Course::Flying.steps()[last];
    click_action(&mut h, step.wrong_action().expect("a wrong try"));
    let lesson = h.state().lesson().expect("a lesson");
    assert!(matches!(
        lesson.feedback(),
        Some(Feedback::Note(Note::Illegal(_)))
    ));
    assert_eq!(played(&h), 0);
    // A legal move is answered by the computer.
    click_action(&mut h, step.solution_actions()[0]);
    assert!(played(&h) >= 2, "the computer did not answer");
}

#[test]
fn f1_on_a_lesson_opens_the_rules_it_teaches() {
    let (_dir, _time, mut h) = window(Language::English, [760.0, 560.0]);
    apply(&mut h, Command::OpenLessons(Course::HouseRules));
    // The house rules' page (draws, the clock, the notation), not a game's key points.
    assert!(!has_text(&h, "Notation"));
    h.key_press(egui::Key::F1);
    h.run();
    assert!(has_text(&h, "Notation"));
}

#[test]
fn a_lesson_takes_a_dragged_move() {
    let (_dir, _time, mut h) = window(Language::English, [1100.0, 760.0]);
    apply(&mut h, Command::OpenLessons(Course::Flying));
    let lesson = h.state().lesson().expect("a lesson");
    let Some(Action::Move(from, to)) = lesson.suggestion() else {
        panic!("the first Flying step asks for a move");
    };
    drag(&mut h, &from.to_string(), &to.to_string());
    let lesson = h.state().lesson().expect("a lesson");
    // Judged and played like the same move made by two clicks.
    assert!(
        lesson
            .session()
            .game()
            .action_list()
            .contains(&Action::Move(from, to))
    );
}
