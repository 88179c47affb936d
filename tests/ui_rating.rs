//! The person's rating in the app: a finished game against the computer moves it, a game with
//! help does not (the panel says so before and after, the result says why), a game the person
//! was away from is not rated and stops to ask whether they are still there, Home shows the
//! rating with its graph, a win offers the next level within reach and a loss far above the
//! rating the level nearest it (one click starts it, nothing changes by itself), the new-game
//! dialog starts a newcomer at Beginner and then keeps the level last played in each game,
//! and an impossible rating in the statistics file starts again with one line while the
//! results are kept.

#[path = "common/window.rs"]
mod window;

use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sanqi::ai;
use sanqi::ai::Level;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::Language;
use sanqi::app::settings::{ClockSetting, Opponent, Setup, SideChoice, Stats};
use sanqi::app::storage::{STATS_FILE, Store};
use sanqi::app::{Command, Screen};
use sanqi::arena::ladder;
use sanqi::rules::{Action, GameId};
use window::{WindowSpec, apply, click, click_button, computer, has_text, rated};

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
    // Before: the game is rated, and the hint's button says what it would do.
    assert!(has_text(&h, "Rated game: a hint, a take-back"));
    h.get_by_label("Hint").hover();
    h.run();
    assert!(has_text(&h, "This game will then no longer be rated."));
    apply(&mut h, Command::Hint);
    h.run();
    // Where it happens: the panel says the game is no longer rated, and why.
    assert!(has_text(&h, "Not rated: you asked for a hint."));
    assert!(!has_text(&h, "Rated game:"));
    play_and_resign(&mut h);
    // And the result: no rating, the reason.
    assert!(has_text(&h, "Unrated: you asked for a hint."));
    assert!(h.query_by_label_contains("rated game").is_none());
    assert!(h.query_by_label_contains("Your rating").is_none());
    let stats = stats_in(dir.path());
    assert_eq!(stats.rating(GameId::Wudao), None);
    assert_eq!(stats.tally(GameId::Wudao, "beginner").losses, 1);
}

/// Plays the person's turns with the computer's choice at Medium until the game ends (the
/// computer on the other side replies at once).
fn play_out_at_medium(h: &mut window::Window) {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    for _ in 0..400 {
        let Some(s) = h.state().session().filter(|s| s.is_live()) else {
            return;
        };
        assert!(s.human_to_act(), "the person's turn");
        let (state, history, quiet) = s.search_input();
        let context = ai::Context::new(&history, &cancel).with_quiet_turns(quiet);
        let plan = ai::choose(&state, Level::Medium, 3, context).expect("a plan");
        let action = plan.actions[0];
        let command = match action {
            Action::Move(from, to) => Command::DragMove(from, to),
            Action::Place(p) | Action::Remove(p) => Command::Click(p),
            Action::Timeout => panic!("the computer chose a timeout"),
        };
        apply(h, command);
    }
    panic!("the game did not end");
}

#[test]
fn a_win_offers_the_level_the_rating_reaches_and_one_click_starts_it() {
    // A player far above Beginner, sure of it, beats it.
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
    play_out_at_medium(&mut h);
    assert!(has_text(&h, "You win"));
    // Not one step up to Novice: Medium, the level nearest the rating (1806 for 1900+).
    let medium = ladder::rating_of(GameId::Wudao, Level::Medium).expect("rated");
    assert!(has_text(
        &h,
        &format!("You won against Beginner: Medium ({medium}) is nearer your rating.")
    ));
    // Nothing changed by itself: the game on the screen is still against Beginner.
    assert!(h.query_by_label_contains("Play Medium").is_some());
    window::click_button(&mut h, &format!("Play Medium · {medium}"));
    // A new game against Medium, the same side, and no actions yet.
    assert!(!has_text(&h, "is nearer your rating"));
    let session = h.state().session().expect("a game");
    assert_eq!(
        session.setup().opponent,
        computer(Level::Medium, SideChoice::Black)
    );
    assert!(window::actions(&h).is_empty());
    assert!(has_text(&h, "Computer · Medium"));
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

/// A Wu Dao game against Easy, the person playing Black on a 30-second clock.
fn timed_game() -> window::Opened {
    WindowSpec::default().game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S30,
    )
}

/// Lets the person's turn run out (the computer replies at once).
fn let_time_run_out(time: &ManualTime, h: &mut window::Window) {
    time.advance(Duration::from_secs(31));
    h.run();
}

#[test]
fn two_timeouts_in_a_row_stop_the_game_to_ask_and_leave_it_unrated() {
    let (dir, time, mut h) = timed_game();
    let_time_run_out(&time, &mut h);
    assert_eq!(
        window::actions(&h).len(),
        2,
        "the timeout and the computer's reply"
    );
    assert!(!has_text(&h, "Are you still there?"));
    let_time_run_out(&time, &mut h);
    // The computer does not play on alone: the game stops and asks.
    assert!(has_text(&h, "Are you still there?"));
    let played = window::actions(&h);
    assert_eq!(
        (played.len(), &played[0], &played[2]),
        (3, &"timeout".to_string(), &"timeout".to_string())
    );
    let session = h.state().session().expect("the game");
    assert!(session.is_paused());
    time.advance(Duration::from_secs(600));
    h.run();
    assert_eq!(
        window::actions(&h).len(),
        3,
        "nothing more while nobody answers"
    );
    // Back: the game goes on, the computer plays, and the panel says why it is not rated.
    click_button(&mut h, "I'm here: play on");
    assert!(!has_text(&h, "Are you still there?"));
    assert_eq!(window::actions(&h).len(), 4);
    assert!(has_text(
        &h,
        "Not rated: your clock ran out on two of your turns in a row."
    ));
    let free = window::actions(&h);
    let point = ["a1", "a2", "a3", "a4", "a5"]
        .into_iter()
        .find(|p| !free.iter().any(|a| a == p))
        .expect("a free point");
    click(&mut h, point);
    apply(&mut h, Command::Resign);
    assert!(has_text(
        &h,
        "Unrated: your clock ran out on two of your turns in a row."
    ));
    let stats = stats_in(dir.path());
    assert_eq!(stats.rating(GameId::Wudao), None, "not rated");
    assert_eq!(
        stats.tally(GameId::Wudao, "easy").losses,
        1,
        "still counted"
    );
}

#[test]
fn someone_who_is_not_staying_leaves_the_stopped_game_for_later() {
    let (_dir, time, mut h) = timed_game();
    let_time_run_out(&time, &mut h);
    let_time_run_out(&time, &mut h);
    click_button(&mut h, "Leave it for later");
    assert_eq!(h.state().screen(), Screen::Home);
    assert!(has_text(&h, "Continue"));
    // Continuing picks it up where it stopped, the computer to play.
    apply(&mut h, Command::ContinueGame);
    assert_eq!(window::actions(&h).len(), 4);
}

#[test]
fn a_clock_changed_mid_game_is_said_before_and_on_the_result() {
    let (dir, _time, mut h) = timed_game();
    click(&mut h, "c3");
    click(&mut h, "Settings");
    assert!(has_text(
        &h,
        "Changing the clock or the level now means this game is no longer rated."
    ));
    h.key_press(Key::Escape);
    h.run();
    apply(&mut h, Command::SetClock(ClockSetting::S120));
    assert!(has_text(
        &h,
        "Not rated: the turn clock was changed during the game."
    ));
    apply(&mut h, Command::Resign);
    assert!(has_text(
        &h,
        "Unrated: the turn clock was changed during the game."
    ));
    assert_eq!(stats_in(dir.path()).rating(GameId::Wudao), None);
}

#[test]
fn a_loss_to_master_at_1212_offers_the_level_nearest_the_rating_not_elite() {
    let player = r#"{"version":1,"tallies":{},"ratings":{"neihuang":{"now":{"rating":1212.0,"deviation":150.0,"volatility":0.06},"games":12,"history":[]}}}"#;
    let (_dir, _time, mut h) = WindowSpec::default().open_after(|dir| {
        std::fs::write(dir.join(STATS_FILE), player).expect("written");
    });
    window::start(
        &mut h,
        GameId::Neihuang,
        computer(Level::Master, SideChoice::Black),
        ClockSetting::Off,
    );
    click(&mut h, "c3");
    apply(&mut h, Command::Resign);
    let novice = ladder::rating_of(GameId::Neihuang, Level::Novice).expect("rated");
    assert!(novice as f64 <= 1212.0 + sanqi::app::rating::REACH);
    assert!(has_text(
        &h,
        &format!("Master is far above your rating for now: Novice ({novice}) is nearer it")
    ));
    assert!(!has_text(&h, "Elite"));
    assert!(h.query_by_label_contains("Play Novice").is_some());
}

/// The level button of `name` in `game` in the new-game dialog, if it is shown.
fn level_shown(h: &window::Window, name: &str, game: GameId, level: Level) -> Option<bool> {
    let label = rated(name, game, level);
    h.query_by(|n| {
        n.label().as_deref() == Some(label.as_str()) && n.role() != egui::accesskit::Role::Label
    })
    .map(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
}

fn open_new_game(h: &mut window::Window, game: &str) {
    click(h, &format!("Play {game}"));
}

#[test]
fn a_newcomer_starts_at_beginner_and_then_the_last_level_played_is_kept_per_game() {
    let (dir, _time, mut h) = window::home();
    open_new_game(&mut h, "Wu Dao Qi");
    assert_eq!(
        level_shown(&h, "Beginner", GameId::Wudao, Level::Beginner),
        Some(true),
        "a newcomer starts at Beginner"
    );
    assert!(has_text(&h, "New to this game? Start with Beginner"));
    // Easy, played.
    click_button(&mut h, &rated("Easy", GameId::Wudao, Level::Easy));
    click_button(&mut h, "Start game");
    assert_eq!(
        h.state().session().map(|s| s.setup().opponent),
        Some(computer(Level::Easy, SideChoice::Black))
    );
    // Then a game between two people: the levels are not shown at all.
    apply(&mut h, Command::GoHome);
    open_new_game(&mut h, "Wu Dao Qi");
    assert!(!has_text(&h, "New to this game"));
    click_button(&mut h, "A friend on this computer");
    assert_eq!(level_shown(&h, "Easy", GameId::Wudao, Level::Easy), None);
    assert!(h.query_by_label("Level").is_none());
    click_button(&mut h, "Start game");
    assert_eq!(
        h.state().session().map(|s| s.setup().opponent),
        Some(Opponent::Human)
    );
    // Easy again for Wu Dao, even after the game between two people, and after a restart.
    apply(&mut h, Command::GoHome);
    open_new_game(&mut h, "Wu Dao Qi");
    click_button(&mut h, "The computer");
    assert_eq!(
        level_shown(&h, "Easy", GameId::Wudao, Level::Easy),
        Some(true)
    );
    // Another game has its own: this one is new.
    click_button(&mut h, "Neihuang Ge Fang Qi");
    assert_eq!(
        level_shown(&h, "Beginner", GameId::Neihuang, Level::Beginner),
        Some(true)
    );
    assert!(has_text(&h, "New to this game?"));
    drop(h);
    let mut h = window::window(dir.path(), Language::English);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    click_button(&mut h, "Wu Dao Qi");
    click_button(&mut h, "The computer");
    assert_eq!(
        level_shown(&h, "Easy", GameId::Wudao, Level::Easy),
        Some(true)
    );
}

#[test]
fn a_watched_game_is_offered_no_clock_and_keeps_the_last_one_for_the_next_game() {
    let (_dir, _time, mut h) = window::home();
    window::start(
        &mut h,
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S120,
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(has_text(&h, "Turn clock"));
    click_button(&mut h, "Computer against computer (watch)");
    assert!(!has_text(&h, "Turn clock"));
    assert!(h.query_by_label("120 s").is_none() && h.query_by_label("30 s").is_none());
    click_button(&mut h, "Start game");
    let session = h.state().session().expect("a watched game");
    assert!(session.is_watched());
    assert_eq!(session.setup().clock, ClockSetting::Off);
    // Its settings offer no clock either; the next game against the computer has the last one.
    click(&mut h, "Settings");
    assert!(h.query_by_label("120 s").is_none() && h.query_by_label("30 s").is_none());
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().settings().last_setup.clock, ClockSetting::S120);
    let clock = h.state().settings().last_setup.clock;
    apply(
        &mut h,
        Command::StartGame(Setup {
            game: GameId::Wudao,
            opponent: computer(Level::Easy, SideChoice::Black),
            clock,
        }),
    );
    assert_eq!(
        h.state().session().map(|s| s.setup().clock),
        Some(ClockSetting::S120)
    );
}
