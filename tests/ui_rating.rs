//! The person's rating in the app: a finished game against the computer moves it, a game with
//! help does not, Home shows it with its graph, a clear edge over a level offers the next one
//! (one click starts it, nothing changes by itself), and an impossible rating in the
//! statistics file starts again with one line while the results are kept.

#[path = "common/window.rs"]
mod window;

use egui_kittest::kittest::{NodeT, Queryable};
use sanqi::ai::Level;
use sanqi::app::Command;
use sanqi::app::settings::{ClockSetting, SideChoice, Stats};
use sanqi::app::storage::{STATS_FILE, Store};
use sanqi::arena::ladder;
use sanqi::rules::GameId;
use window::{WindowSpec, apply, click, computer, has_text};

/// Plays a placement as Black, then resigns against the computer.
fn play_and_resign(h: &mut window::Window) {
    click(h, "c3");
    apply(h, Command::Resign);
}

fn stats_in(dir: &std::path::Path) -> Stats {
    Store::at(dir).load_stats().value
}

#[test]
fn a_finished_game_against_the_computer_is_rated_and_home_shows_it() {
    let beginner = computer(Level::Beginner, SideChoice::Black);
    let (dir, _time, mut h) =
        WindowSpec::default().game(GameId::Wudao, beginner, ClockSetting::Off);
    play_and_resign(&mut h);
    assert!(has_text(&h, "You lose") || has_text(&h, "wins"));
    let label = h.get_by_label_contains("Your first rated game:");
    // A plain label keeps its text as the node's value.
    let node = label.accesskit_node();
    let shown = node.label().or_else(|| node.value()).unwrap_or_default();
    // A loss against Beginner from the start: below where a new player starts, provisional.
    let points: i64 = shown
        .trim_start_matches("Your first rated game: ")
        .trim_end_matches('?')
        .parse()
        .unwrap_or_else(|_| panic!("{shown}"));
    assert!(points < 1000, "{shown}");
    assert!(shown.ends_with('?'), "provisional: {shown}");
    let stats = stats_in(dir.path());
    let rating = stats.rating(GameId::Wudao).expect("a rating");
    assert_eq!(rating.games, 1);
    assert_eq!(rating.history.len(), 1);
    // Home says it, with its margin, and draws nothing before a second game.
    apply(&mut h, Command::GoHome);
    assert!(has_text(&h, &format!("Your rating: {points} ±")));
    assert!(has_text(&h, "(1 rated game)"), "one game, in the singular");
    assert!(h.query_by_label_contains("Your rating over").is_none());
    // A second game: the graph appears, and the rating's change is said.
    apply(
        &mut h,
        Command::StartGame(sanqi::app::settings::Setup {
            game: GameId::Wudao,
            opponent: beginner,
            clock: ClockSetting::Off,
        }),
    );
    play_and_resign(&mut h);
    assert!(h.query_by_label_contains("Your rating: ").is_some());
    apply(&mut h, Command::GoHome);
    assert!(
        h.query_by_label_contains("Your rating over 2 rated games")
            .is_some()
    );
    assert_eq!(
        stats_in(dir.path()).rating(GameId::Wudao).map(|r| r.games),
        Some(2)
    );
}

#[test]
fn help_keeps_a_game_out_of_the_rating_but_not_out_of_the_results() {
    let (dir, _time, mut h) = WindowSpec::default().game(
        GameId::Wudao,
        computer(Level::Beginner, SideChoice::Black),
        ClockSetting::Off,
    );
    apply(&mut h, Command::Hint);
    h.run();
    play_and_resign(&mut h);
    assert!(h.query_by_label_contains("rated game").is_none());
    assert!(h.query_by_label_contains("Your rating").is_none());
    let stats = stats_in(dir.path());
    assert_eq!(stats.rating(GameId::Wudao), None);
    assert_eq!(stats.tally(GameId::Wudao, "beginner").losses, 1);
}

#[test]
fn a_clear_edge_offers_the_next_level_and_one_click_starts_it() {
    // A player far above Beginner, sure of it.
    let strong = r#"{"version":1,"tallies":{},"ratings":{"wudao":{"now":{"rating":1900.0,"deviation":60.0,"volatility":0.06},"games":40,"history":[]}}}"#;
    let (_dir, _time, mut h) = WindowSpec::default().open_after(|dir| {
        std::fs::write(dir.join(STATS_FILE), strong).expect("written");
    });
    window::start(
        &mut h,
        GameId::Wudao,
        computer(Level::Beginner, SideChoice::Black),
        ClockSetting::Off,
    );
    play_and_resign(&mut h);
    let novice = ladder::rating_of(GameId::Wudao, Level::Novice).expect("rated");
    assert!(has_text(
        &h,
        &format!("Novice ({novice}) is the next step up")
    ));
    // Nothing changed by itself: the game on the screen is still against Beginner.
    assert!(h.query_by_label_contains("Play Novice").is_some());
    window::click_button(&mut h, &format!("Play Novice · {novice}"));
    // A new game against Novice, the same side, and no actions yet.
    assert!(!has_text(&h, "is the next step up"));
    let session = h.state().session().expect("a game");
    assert_eq!(
        session.setup().opponent,
        computer(Level::Novice, SideChoice::Black)
    );
    assert!(window::actions(&h).is_empty());
    assert!(has_text(&h, "Computer · Novice"));
}

#[test]
fn an_impossible_rating_starts_again_with_one_line_and_the_results_stay() {
    let broken = r#"{"version":1,"tallies":{"wudao/easy":{"wins":3,"losses":1,"draws":0}},"ratings":{"wudao":{"now":{"rating":1200.0,"deviation":-7.0,"volatility":0.06},"games":4,"history":[]},"flying":{"now":{"rating":1100.0,"deviation":80.0,"volatility":0.06},"games":9,"history":[]}}}"#;
    let (dir, _time, h) = WindowSpec::default().open_after(|dir| {
        std::fs::write(dir.join(STATS_FILE), broken).expect("written");
    });
    assert!(has_text(&h, "Your rating in Wu Dao Qi could not be right"));
    let stats = stats_in(dir.path());
    assert_eq!(stats.rating(GameId::Wudao), None);
    assert_eq!(stats.rating(GameId::Flying).map(|r| r.games), Some(9));
    assert_eq!(stats.tally(GameId::Wudao, "easy").wins, 3);
    // The file as it was is kept beside.
    let kept = std::fs::read_dir(dir.path())
        .expect("the folder")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("stats.corrupt-")
        })
        .count();
    assert_eq!(kept, 1);
}
