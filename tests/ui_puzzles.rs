//! The puzzles driven through the window with egui_kittest: a right line solved by clicking
//! the board raises the rating; a wrong move is refuted on the board, taken back and the
//! solution shown step by step, and the rating falls; a restart in the middle of a puzzle
//! goes on where it stopped; the screen in both languages, from the home screen's card. A
//! wrong try says what it misses and can be tried again; a solved puzzle left without "Next
//! puzzle" comes back solved.

#[path = "common/window.rs"]
mod window;

use egui_kittest::kittest::Queryable;
use sanqi::app::i18n::{I18n, Language};
use sanqi::app::lessons::clicks;
use sanqi::app::puzzles::Phase;
use sanqi::app::screens::puzzle::{miss_text, task_text};
use sanqi::app::storage::PUZZLES_FILE;
use sanqi::app::{Command, Screen};
use sanqi::learn::puzzles::miss::RightDoes;
use sanqi::learn::puzzles::{Goal, Puzzle, embedded};
use sanqi::rules::{Action, GameId};
use window::{Window, WindowSpec, apply, click_button, has_text};

/// Clicks an action's points on the board.
fn click_action(h: &mut Window, action: Action) {
    for p in clicks(action) {
        h.get_by_label(&p.to_string()).click();
        h.run();
    }
}

/// The puzzle on the screen.
fn puzzle(h: &Window) -> Puzzle {
    h.state().puzzle().expect("a puzzle").puzzle().clone()
}

/// Plays the solver's next actions of the line by clicking, until the puzzle is solved or
/// `turns` solver turns are played; the opponent answers by itself.
fn play_line(h: &mut Window, turns: usize) {
    let mut turns_played = 0;
    for _ in 0..40 {
        let run = h.state().puzzle().expect("a puzzle");
        if run.phase() == Phase::Solved {
            return;
        }
        if !run.accepts_input() {
            h.run();
            continue;
        }
        if turns_played == turns && run.session().game().at_turn_start() {
            return;
        }
        let next = run.played();
        let action = run.puzzle().line[next];
        click_action(h, action);
        let run = h.state().puzzle().expect("a puzzle");
        assert!(run.played() > next, "{action} was not taken");
        if run.session().game().at_turn_start() {
            turns_played += 1;
        }
    }
    panic!("the puzzle did not end");
}

#[test]
fn a_right_line_is_solved_by_clicking_and_raises_the_rating() {
    for game in GameId::ALL {
        let (dir, _time, mut h) = WindowSpec::default().open();
        apply(&mut h, Command::OpenPuzzles(Some(game)));
        assert_eq!(h.state().screen(), Screen::Puzzles);
        let i18n = I18n::new(Language::English);
        let task = task_text(&i18n, h.state().puzzle().expect("a puzzle"));
        assert!(has_text(&h, &task), "{game}: {task:?} is not shown");
        let p = puzzle(&h);
        play_line(&mut h, usize::MAX);
        let run = h.state().puzzle().expect("a puzzle");
        assert_eq!(run.phase(), Phase::Solved, "{game}");
        assert!(!run.failed());
        assert!(has_text(&h, i18n.t("puzzle.solved")), "{game}");
        let solver = h.state().puzzle_progress().solver(game);
        assert!(solver.rating.rating > 1500.0, "{game}: {solver:?}");
        assert_eq!((solver.streak, solver.solved), (1, 1));
        let moved = h.state().puzzle_progress().ratings[&p.id()].rating;
        assert!(
            moved < p.rating.rating,
            "{game}: the puzzle's rating did not fall"
        );
        // Kept on disk, and the next puzzle is another one.
        let saved = std::fs::read_to_string(dir.path().join(PUZZLES_FILE)).expect("saved");
        assert!(saved.contains(&p.id()), "{saved}");
        click_button(&mut h, i18n.t("puzzle.next"));
        assert_ne!(puzzle(&h).id(), p.id());
    }
}

#[test]
fn a_wrong_move_is_refuted_then_the_solution_is_shown_step_by_step() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    apply(&mut h, Command::OpenPuzzles(Some(GameId::Flying)));
    let p = puzzle(&h);
    let start = p.start().expect("a position");
    let wrong = start
        .state()
        .legal_vec()
        .into_iter()
        .find(|&a| a != p.line[0])
        .expect("another move");
    click_action(&mut h, wrong);
    for _ in 0..20 {
        if matches!(
            h.state().puzzle().map(|r| r.phase()),
            Some(Phase::Refuted { .. })
        ) {
            break;
        }
        h.run();
    }
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.phase(), Phase::Refuted { wrong });
    // The wrong move and the opponent's answer are on the board, and said in the panel.
    assert_eq!(run.session().game().len(), start.len() + 2);
    let i18n = I18n::new(Language::English);
    assert!(has_text(&h, i18n.t("puzzle.wrong")));
    assert!(has_text(&h, &format!("{wrong} does not work.")));
    let solver = h.state().puzzle_progress().solver(GameId::Flying);
    assert!(solver.rating.rating < 1500.0, "{solver:?}");
    assert_eq!((solver.streak, solver.failed), (0, 1));

    click_button(&mut h, i18n.t("puzzle.show_solution"));
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.phase(), Phase::Solution);
    assert_eq!(
        run.session().game().len(),
        start.len(),
        "the try was taken back"
    );
    for step in 0..p.line.len() {
        assert!(has_text(&h, i18n.t("puzzle.next_step")), "step {step}");
        click_button(&mut h, i18n.t("puzzle.next_step"));
    }
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.phase(), Phase::Solved);
    assert_eq!(
        run.session().game().action_list()[start.len()..],
        p.line[..]
    );
    assert!(has_text(&h, i18n.t("puzzle.solution_shown")));
    // Shown, not solved: the rating stays where the wrong move put it.
    let after = h.state().puzzle_progress().solver(GameId::Flying);
    assert_eq!(after.rating, solver.rating);
}

#[test]
fn a_restart_in_the_middle_of_a_puzzle_goes_on_where_it_stopped() {
    let spec = WindowSpec::default();
    let (dir, time, mut h) = spec.open();
    // A puzzle of two solver turns or more.
    let long = embedded(GameId::Flying)
        .puzzles
        .iter()
        .find(|p| p.line.len() >= 3)
        .expect("a longer puzzle")
        .clone();
    // Make it the next one: the others of the game count as tried.
    {
        let mut progress = h.state().puzzle_progress().clone();
        for p in &embedded(GameId::Flying).puzzles {
            if p.id() != long.id() {
                progress.tried.insert(p.id(), true);
            }
        }
        progress.game = GameId::Flying;
        let json = serde_json::to_string(&progress).expect("json");
        drop(h);
        std::fs::write(dir.path().join(PUZZLES_FILE), json).expect("written");
        h = spec.window_at(dir.path(), &time);
    }
    apply(&mut h, Command::OpenPuzzles(None));
    assert_eq!(puzzle(&h).id(), long.id());
    play_line(&mut h, 1);
    let played = h.state().puzzle().expect("a puzzle").played();
    assert!(played >= 2 && played < long.line.len(), "{played}");
    drop(h);

    let mut h = spec.window_at(dir.path(), &time);
    let i18n = I18n::new(Language::English);
    click_button(&mut h, i18n.t("puzzle.continue"));
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.puzzle().id(), long.id());
    assert_eq!(run.played(), played);
    play_line(&mut h, usize::MAX);
    assert_eq!(h.state().puzzle().map(|r| r.phase()), Some(Phase::Solved));
}

#[test]
fn the_puzzles_open_from_home_in_chinese_in_a_small_window() {
    let (_dir, _time, mut h) = WindowSpec::default()
        .language(Language::Chinese)
        .size(760.0, 560.0)
        .open();
    let i18n = I18n::new(Language::Chinese);
    click_button(&mut h, i18n.t("puzzle.solve"));
    assert_eq!(h.state().screen(), Screen::Puzzles);
    let task = task_text(&i18n, h.state().puzzle().expect("a puzzle"));
    assert!(has_text(&h, &task), "{task:?}");
    assert!(has_text(&h, i18n.t("puzzle.your_rating")));
    // The board is reachable by its points.
    assert!(h.query_by_label("c3").is_some());
}

#[test]
fn learn_from_your_mistakes_looks_at_the_analysed_game() {
    // White's d5-d3 loses about four pieces: the position before it is a candidate.
    const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
        "actions":["c1-c3","d5-d3","e1-e3"]}"#;
    let (dir, _time, mut h) = WindowSpec::default().open();
    window::open_record(&mut h, dir.path(), BLUNDER);
    apply(&mut h, Command::Analyse);
    window::wait_for_report(&mut h);
    let i18n = I18n::new(Language::English);
    click_button(&mut h, i18n.t("analysis.learn"));
    for _ in 0..50 {
        if !h.state().looking_for_mistakes() {
            break;
        }
        h.run();
    }
    assert!(!h.state().looking_for_mistakes(), "the search did not end");
    // Either the mistake made a puzzle, now on the screen as one of the player's own, or
    // the panel says that none did.
    match h.state().puzzle() {
        Some(run) => {
            assert_eq!(h.state().screen(), Screen::Puzzles);
            assert!(run.puzzle().number >= 100_000);
            assert_eq!(run.puzzle().moves.len(), 1, "the position before d5-d3");
        }
        None => assert!(has_text(&h, i18n.t("analysis.learn_none"))),
    }
}

/// Plays a wrong first try and waits for its refutation on the board.
fn refute_a_wrong_try(h: &mut Window) -> Action {
    let p = puzzle(h);
    let start = p.start().expect("a position");
    let wrong = start
        .state()
        .legal_vec()
        .into_iter()
        .find(|&a| a != p.line[0])
        .expect("another move");
    click_action(h, wrong);
    for _ in 0..20 {
        if matches!(
            h.state().puzzle().map(|r| r.phase()),
            Some(Phase::Refuted { .. })
        ) {
            break;
        }
        h.run();
    }
    assert_eq!(
        h.state().puzzle().map(|r| r.phase()),
        Some(Phase::Refuted { wrong })
    );
    wrong
}

#[test]
fn a_wrong_try_says_what_it_misses_in_both_languages() {
    for language in [Language::English, Language::Chinese] {
        for game in GameId::ALL {
            let (_dir, _time, mut h) = WindowSpec::default().language(language).open();
            apply(&mut h, Command::OpenPuzzles(Some(game)));
            refute_a_wrong_try(&mut h);
            let i18n = I18n::new(language);
            let run = h.state().puzzle().expect("a puzzle");
            let miss = run.miss().expect("the refutation's reasons");
            let text = miss_text(&i18n, game, &miss);
            assert!(has_text(&h, &text), "{game}: {text:?} is not shown");
            // It names what the right action does, what the line wins (unless the right
            // action alone takes that much), and the capture the try allowed if any.
            let does = |key: &str| {
                let t = i18n.t(key);
                text.contains(t.split('{').next().unwrap_or(t))
            };
            let right = [
                "puzzle.miss.square",
                "puzzle.miss.line",
                "puzzle.miss.capture",
                "puzzle.miss.pull",
                "puzzle.miss.yield",
                "puzzle.miss.pincer",
                "puzzle.miss.insertion",
                "puzzle.miss.flank",
                "puzzle.miss.counter",
                "puzzle.miss.defence",
                "puzzle.miss.quiet",
            ];
            assert!(right.iter().any(|k| does(k)), "{game}: {text:?}");
            let wins = match run.puzzle().goal {
                Goal::Material => "puzzle.miss.line_wins",
                Goal::Win => "puzzle.miss.line_wins_game",
                Goal::Draw => "puzzle.miss.only_draw",
            };
            let taken = match miss.right {
                RightDoes::Flip { pieces, .. } | RightDoes::Take { pieces, .. } => {
                    Some(i64::from(pieces))
                }
                _ => None,
            };
            let said = run.puzzle().goal == Goal::Material && taken == Some(miss.line_wins.into());
            assert!(said || does(wins), "{game}: {text:?}");
            if miss.allowed > 0 {
                let allows = i18n.t("puzzle.miss.allows_take");
                let allows_flip = i18n.t("puzzle.miss.allows_flip");
                let heads = [allows, allows_flip].map(|t| t.split('{').next().unwrap_or(t));
                assert!(heads.iter().any(|h| text.contains(h)), "{text:?}");
            }
        }
    }
}

#[test]
fn a_missed_puzzle_can_be_tried_again_and_stays_missed() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    apply(&mut h, Command::OpenPuzzles(Some(GameId::Wudao)));
    let p = puzzle(&h);
    let start = p.start().expect("a position");
    refute_a_wrong_try(&mut h);
    let missed = h.state().puzzle_progress().solver(GameId::Wudao);
    assert_eq!(missed.failed, 1);
    let i18n = I18n::new(Language::English);
    click_button(&mut h, i18n.t("puzzle.try_again"));
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.phase(), Phase::Solving);
    assert_eq!(
        run.session().game().len(),
        start.len(),
        "the try was taken back"
    );
    assert!(run.accepts_input());
    play_line(&mut h, usize::MAX);
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.phase(), Phase::Solved);
    assert!(
        run.failed(),
        "a puzzle solved on the second try stays missed"
    );
    assert_eq!(h.state().puzzle_progress().solver(GameId::Wudao), missed);
    // Once solved after the miss, it can be tried again from its start.
    click_button(&mut h, i18n.t("puzzle.try_again_start"));
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!((run.phase(), run.played()), (Phase::Solving, 0));
}

#[test]
fn a_solved_puzzle_left_without_next_comes_back_solved() {
    let spec = WindowSpec::default();
    let (dir, time, mut h) = spec.open();
    apply(&mut h, Command::OpenPuzzles(Some(GameId::Neihuang)));
    let p = puzzle(&h);
    play_line(&mut h, usize::MAX);
    assert_eq!(h.state().puzzle().map(|r| r.phase()), Some(Phase::Solved));
    let solver = h.state().puzzle_progress().solver(GameId::Neihuang);
    drop(h);

    let mut h = spec.window_at(dir.path(), &time);
    let i18n = I18n::new(Language::English);
    click_button(&mut h, i18n.t("puzzle.continue"));
    let run = h.state().puzzle().expect("a puzzle");
    assert_eq!(run.puzzle().id(), p.id());
    assert_eq!(run.phase(), Phase::Solved, "it came back unsolved");
    assert_eq!(run.played(), p.line.len());
    assert!(has_text(&h, i18n.t("puzzle.solved")));
    assert!(has_text(&h, i18n.t("puzzle.next")));
    assert_eq!(h.state().puzzle_progress().solver(GameId::Neihuang), solver);
}

/// Makes `id` the next puzzle of `game`: the others count as tried.
fn next_is(
    h: Window,
    dir: &std::path::Path,
    spec: &WindowSpec,
    time: &sanqi::app::clock::ManualTime,
    game: GameId,
    id: &str,
) -> Window {
    let mut progress = h.state().puzzle_progress().clone();
    for p in &embedded(game).puzzles {
        if p.id() != id {
            progress.tried.insert(p.id(), true);
        }
    }
    progress.game = game;
    let json = serde_json::to_string(&progress).expect("json");
    drop(h);
    std::fs::write(dir.join(PUZZLES_FILE), json).expect("written");
    spec.window_at(dir, time)
}

#[test]
fn a_solved_pull_shows_what_follows_it() {
    for (language, id) in [
        (Language::English, "N0027"),
        (Language::Chinese, "N0009"),
        (Language::English, "N0068"),
    ] {
        let spec = WindowSpec::default().language(language);
        let (dir, time, h) = spec.open();
        let mut h = next_is(h, dir.path(), &spec, &time, GameId::Neihuang, id);
        apply(&mut h, Command::OpenPuzzles(None));
        assert_eq!(puzzle(&h).id(), id);
        play_line(&mut h, usize::MAX);
        for _ in 0..20 {
            h.run();
        }
        let run = h.state().puzzle().expect("a puzzle");
        assert_eq!(run.phase(), Phase::Solved);
        let f = run.followup().expect("what follows is known");
        let i18n = I18n::new(language);
        let text = sanqi::app::hint::followup_text(&i18n, f, run.solver()).expect("a sentence");
        assert!(has_text(&h, &text), "{text:?} is not shown");
    }
}
