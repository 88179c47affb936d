//! The statistics page as a player meets it, driven through the window with egui_kittest:
//! reached from Home, it shows a game's results against the computer by level and by
//! colour, the rating after each rated game and the puzzle rating after each puzzle, each
//! point's value read out under the pointer; a finished game is counted by the colour played.

#[path = "common/window.rs"]
mod window;

use std::path::Path;

use egui_kittest::kittest::Queryable;
use sanqi::ai::Level;
use sanqi::app::puzzles::{PuzzleProgress, Solver};
use sanqi::app::settings::{ClockSetting, Outcome, SideChoice, Stats};
use sanqi::app::storage::Store;
use sanqi::app::{Command, Screen};
use sanqi::rules::{GameId, Side};
use window::{Window, WindowSpec, apply, click_button, computer, has_text, rated};

/// 1 November 2026 (UTC).
const NOVEMBER_1ST: u64 = 1_793_491_200;

/// Flying results and ratings, and Flying puzzles, in the data folder `dir`.
fn some_results(dir: &Path) {
    let store = Store::at(dir);
    let mut stats = Stats::default();
    for (level, side, outcome) in [
        ("easy", Side::Black, Outcome::Win),
        ("easy", Side::Black, Outcome::Win),
        ("easy", Side::White, Outcome::Loss),
        ("medium", Side::White, Outcome::Draw),
    ] {
        stats.record(GameId::Flying, level, outcome);
        stats.record_side(GameId::Flying, side, outcome);
    }
    // A game counted before games were counted by colour.
    stats.record(GameId::Flying, "easy", Outcome::Loss);
    for (day, outcome) in [Outcome::Win, Outcome::Win, Outcome::Loss]
        .into_iter()
        .enumerate()
    {
        let time = NOVEMBER_1ST + day as u64 * 86_400;
        stats.rate(GameId::Flying, Level::Easy, outcome, time);
    }
    store.save_stats(&stats).expect("saved");
    let mut solver = Solver {
        history: vec![1560.0, 1610.0],
        solved: 2,
        best_streak: 2,
        streak: 2,
        ..Solver::default()
    };
    solver.rating.rating = 1610.0;
    let mut puzzles = PuzzleProgress::default();
    puzzles.solvers.insert("flying".to_string(), solver);
    store.save_puzzles(&puzzles).expect("saved");
}

/// Which of `wanted` are read out at some point while the pointer crosses the graph named
/// `name`, left to right.
fn read_out<'w>(h: &mut Window, name: &str, wanted: &[&'w str]) -> Vec<&'w str> {
    let graph = h.get_by_label_contains(name).rect();
    let mut seen = Vec::new();
    let mut x = graph.left();
    while x < graph.right() {
        h.hover_at(egui::pos2(x, graph.center().y));
        h.run();
        for &text in wanted {
            if !seen.contains(&text) && has_text(h, text) {
                seen.push(text);
            }
        }
        x += 8.0;
    }
    seen
}

#[test]
fn the_statistics_show_results_by_level_and_colour_and_the_ratings_after_each_game() {
    let (_dir, _time, mut h) = WindowSpec::default().open_after(some_results);
    click_button(&mut h, "Statistics");
    assert_eq!(h.state().screen(), Screen::Stats);
    click_button(&mut h, "Square Flying Chess");
    // By level: Easy 2 W 2 L (50%), Medium one draw (50%).
    assert!(has_text(&h, "Your record: 2 W · 2 L · 1 D"));
    assert!(has_text(&h, &rated("Easy", GameId::Flying, Level::Easy)));
    assert!(has_text(
        &h,
        &rated("Medium", GameId::Flying, Level::Medium)
    ));
    assert!(!has_text(&h, &rated("Hard", GameId::Flying, Level::Hard)));
    // By colour: Black won both (100%), White lost one and drew one (25%); the game counted
    // before colours were is said.
    assert!(has_text(&h, "Your colour"));
    assert!(has_text(&h, "100%"));
    assert!(has_text(&h, "25%"));
    assert!(has_text(
        &h,
        "Not in the colour table: 1, finished before colours were counted."
    ));
    // The rating: each game's value under the pointer, with its date.
    let wanted = [
        "Start: 1000",
        "Game 1, 2026-11-01: ",
        "Game 3, 2026-11-03: ",
    ];
    let seen = read_out(&mut h, "Your rating over 3 rated games", &wanted);
    assert_eq!(seen, wanted);
    // The puzzle rating after each puzzle.
    let wanted = ["Start: 1500", "Puzzle 1: 1560", "Puzzle 2: 1610"];
    let seen = read_out(&mut h, "Your puzzle rating over 2 puzzles", &wanted);
    assert_eq!(seen, wanted);
    assert!(has_text(&h, "solved at the first try: 2"));
    // A game with nothing yet says so.
    click_button(&mut h, "Wu Dao Qi");
    assert!(has_text(
        &h,
        "No game of Wu Dao Qi finished against the computer yet."
    ));
    assert!(has_text(&h, "No rated game yet."));
    assert!(has_text(&h, "No puzzle of Wu Dao Qi rated yet."));
    click_button(&mut h, "← Home");
    assert_eq!(h.state().screen(), Screen::Home);
}

#[test]
fn a_finished_game_is_counted_by_the_colour_played() {
    let (dir, _time, mut h) = WindowSpec::default().game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::White),
        ClockSetting::Off,
    );
    apply(&mut h, Command::Resign);
    let stats = h.state().stats();
    assert_eq!(stats.side_tally(GameId::Wudao, Side::White).losses, 1);
    assert_eq!(stats.side_tally(GameId::Wudao, Side::Black).games(), 0);
    let saved = Store::at(dir.path()).load_stats().value;
    assert_eq!(saved.side_tally(GameId::Wudao, Side::White).losses, 1);
    // And the page shows it, from the last game played.
    apply(&mut h, Command::OpenStats(None));
    assert!(has_text(&h, "Your colour"));
    assert!(!has_text(&h, "Not in the colour table"));
}

#[test]
fn one_rated_game_is_one_game_and_play_again_starts_it_again_in_one_click() {
    let setup = computer(Level::Easy, SideChoice::White);
    let (_dir, _time, mut h) = WindowSpec::default().game(GameId::Wudao, setup, ClockSetting::Off);
    apply(&mut h, Command::Resign);
    assert!(h.state().stats().rating(GameId::Wudao).is_some(), "rated");
    apply(&mut h, Command::OpenStats(Some(GameId::Wudao)));
    assert!(has_text(&h, "(1 rated game)"));
    assert!(!has_text(&h, "rated games)"));
    // Home: the card of the game played offers it again; the others do not.
    click_button(&mut h, "← Home");
    let again = |h: &Window| h.query_all_by_label_contains("again:").count();
    assert_eq!(again(&h), 1, "only Wu Dao Qi has been played");
    h.get_by_label_contains("Play Wu Dao Qi again: against the computer (Easy")
        .click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Game);
    let s = h.state().session().expect("a new game");
    assert_eq!(s.setup().game, GameId::Wudao);
    assert_eq!(s.setup().opponent, setup);
    assert_eq!(s.setup().clock, ClockSetting::Off);
    assert_eq!(s.human_side(), Some(Side::White));
    assert!(!s.is_over(), "a new game, not the old one");
}

#[test]
fn after_a_game_between_two_people_the_computer_is_offered_with_the_side_last_taken() {
    let (_dir, _time, mut h) = WindowSpec::default().game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::White),
        ClockSetting::Off,
    );
    apply(&mut h, Command::Resign);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    click_button(&mut h, "A friend on this computer");
    click_button(&mut h, "Start game");
    assert_eq!(
        h.state().session().expect("a game").setup().opponent,
        sanqi::app::settings::Opponent::Human
    );
    apply(&mut h, Command::Resign);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    click_button(&mut h, "The computer");
    click_button(&mut h, "Start game");
    let s = h.state().session().expect("a game");
    assert_eq!(
        s.human_side(),
        Some(Side::White),
        "the side last taken, not Black"
    );
}
