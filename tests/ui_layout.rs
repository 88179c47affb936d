//! How the window is laid out, driven with egui_kittest at the sizes people use: Home shows
//! every game in the smallest window, dialogs keep their buttons in place while their options
//! change, saving a record to a typed path, and the side panel growing with a large window
//! (its evaluation graph reading out the position under the pointer, the review's move list
//! opening at the first move).

#[path = "common/window.rs"]
mod window;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sanqi::ai::Level;
use sanqi::app::settings::{ClockSetting, Opponent, SideChoice};
use sanqi::app::storage::{Store, read_record_file};
use sanqi::app::{Command, Screen};
use sanqi::rules::GameId;
use window::{
    Opened, Window, WindowSpec, apply, button_rect, click_button, click_points, computer, has_text,
    open_record, type_into, wait_for_report,
};

const SMALL: [f32; 2] = [760.0, 560.0];
const LARGE: [f32; 2] = [1920.0, 1080.0];

/// A window of `size` on a fresh data folder.
fn sized(size: [f32; 2]) -> WindowSpec {
    WindowSpec::default().size(size[0], size[1])
}

/// A game of `game` against `opponent` with no clock, in the smallest window.
fn small_game(game: GameId, opponent: Opponent) -> Opened {
    sized(SMALL).game(game, opponent, ClockSetting::Off)
}

#[test]
fn home_in_the_smallest_window_shows_every_game_and_a_scroll_bar() {
    // With a game in progress, as after a restart: its card comes first.
    let (_dir, _time, mut h) = small_game(GameId::Flying, Opponent::Human);
    click_points(&mut h, "a1 a3");
    apply(&mut h, Command::GoHome);
    assert!(has_text(&h, "Game in progress"));
    for game in ["Neihuang Ge Fang Qi", "Square Flying Chess", "Wu Dao Qi"] {
        let play = h.get_by_label(&format!("Play {game}")).rect();
        assert!(
            play.bottom() <= SMALL[1],
            "{game}'s Play is below the fold: {play:?}"
        );
    }
    // What lies below the fold has a scroll bar that shows before any scrolling.
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        assert!(!h.ctx.style_of(theme).spacing.scroll.floating);
    }
}

#[test]
fn home_uses_a_large_window() {
    let (_dir, _time, h) = sized(LARGE).open();
    let plays: Vec<egui::Rect> = h
        .query_all_by_label_contains("Play ")
        .map(|n| n.rect())
        .collect();
    assert_eq!(plays.len(), 3, "a card for each game");
    let left = plays.iter().map(|r| r.left()).fold(f32::MAX, f32::min);
    let right = plays.iter().map(|r| r.left()).fold(f32::MIN, f32::max);
    // The cards spread over most of the width (three small ones filled less than half).
    assert!(right - left >= 0.5 * LARGE[0], "{left}–{right}");
    // And grow down it: the buttons sit well below a small card's.
    assert!(plays[0].top() >= 0.45 * LARGE[1], "{:?}", plays[0]);
    assert!(plays[0].bottom() <= LARGE[1]);
}

#[test]
fn the_new_game_dialog_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let (_dir, _time, mut h) = sized(SMALL).open();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let start = button_rect(&h, "Start game");
    for opponent in [
        "A friend on this computer",
        "Computer against computer (watch)",
        "The computer",
        "A friend on this computer",
    ] {
        click_button(&mut h, opponent);
        assert_eq!(button_rect(&h, "Start game"), start, "after {opponent}");
    }
}

#[test]
fn playing_on_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let easy = computer(Level::Easy, SideChoice::Black);
    let (_dir, _time, mut h) = small_game(GameId::Wudao, easy);
    click_points(&mut h, "c3");
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    click_button(&mut h, "Continue from here");
    let play_on = button_rect(&h, "Play on");
    click_button(&mut h, "A friend on this computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
    click_button(&mut h, "The computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
}

#[test]
fn the_records_dialog_keeps_its_place_when_a_message_comes() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Records");
    let buttons = |h: &Window| ["Export game", "Open", "Close"].map(|label| button_rect(h, label));
    let before = buttons(&h);
    click_button(&mut h, "Export game");
    assert!(has_text(&h, "Saved to"));
    assert_eq!(buttons(&h), before, "after the export");
    type_into(&mut h, "File:", "/no/such/record.json");
    click_button(&mut h, "Open");
    assert!(has_text(&h, "Could not open the record"));
    assert_eq!(buttons(&h), before, "after an error");
    click_button(&mut h, "Browse…");
    assert!(has_text(&h, "No system file chooser is available here"));
    assert_eq!(buttons(&h), before, "after asking for a chooser");
}

#[test]
fn the_records_dialog_says_its_messages_whole() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Records");
    click_button(&mut h, "Save as…");
    let message = h.get_by_label_contains("No system file chooser is available here");
    // Longer than a line of the dialog: wrapped over two, not cut short.
    let line = 2.0 * egui::TextStyle::Body.resolve(&egui::Style::default()).size;
    assert!(message.rect().height() > line, "{:?}", message.rect());
}

#[test]
fn a_hint_moves_neither_the_clock_nor_the_buttons_and_says_how_to_read_its_arrows() {
    let (_dir, _time, mut h) = sized(SMALL).game(GameId::Wudao, Opponent::Human, ClockSetting::S60);
    click_points(&mut h, "e3 c2 c3 a3");
    let place = |h: &Window| ["Undo", "Hint", "Pause"].map(|label| button_rect(h, label));
    let clock = h.get_by_label("1:00").rect();
    let before = place(&h);
    h.key_press(egui::Key::H);
    h.run();
    let s = h.state().session().expect("a game");
    assert!(s.hint().is_some());
    assert!(!s.drawn_hint_line().is_empty(), "a line to read");
    assert!(has_text(&h, "1 is the hint (blue)"));
    assert_eq!(place(&h), before, "the buttons stay");
    assert_eq!(h.get_by_label("1:00").rect(), clock, "the clock stays");
}

#[test]
fn without_a_file_chooser_a_record_is_saved_to_a_typed_path() {
    let (dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Records");
    click_button(&mut h, "Save as…");
    assert!(has_text(&h, "type where to save next to Save to"));
    // A bare name goes into the records folder, as a .json record.
    type_into(&mut h, "Save to:", "my game");
    click_button(&mut h, "Save");
    let saved = Store::at(dir.path()).records_dir().join("my game.json");
    let (record, _) = read_record_file(&saved).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4"]);
    // A path anywhere; a file already there is replaced only once the user says yes.
    let elsewhere = dir.path().join("elsewhere.json");
    std::fs::write(&elsewhere, b"keep me").expect("write");
    click_button(&mut h, "Close");
    click_points(&mut h, "b2");
    click_button(&mut h, "Records");
    type_into(&mut h, "Save to:", &elsewhere.display().to_string());
    click_button(&mut h, "Save");
    assert!(has_text(&h, "is already there. Replace it?"));
    assert_eq!(std::fs::read(&elsewhere).expect("read"), b"keep me");
    click_button(&mut h, "Replace");
    let (record, _) = read_record_file(&elsewhere).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4", "b2"]);
}

/// Black's first move, then White's `d5-d3`, a blunder.
const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
    "actions":["c1-c3","d5-d3","e1-e3"]}"#;

#[test]
fn in_a_large_window_the_panel_and_its_graph_grow_and_the_graph_reads_out_a_position() {
    let (dir, _time, mut h) = sized(LARGE).open();
    open_record(&mut h, dir.path(), BLUNDER);
    click_button(&mut h, "Analyse the game");
    wait_for_report(&mut h);
    let graph = h
        .get_by_label_contains("winning chances over the game")
        .rect();
    // About a third of the width, and a graph that is a graph.
    assert!(graph.width() >= 0.27 * LARGE[0], "{graph:?}");
    assert!(graph.height() >= 150.0, "{graph:?}");
    // The value and the move under the pointer: White's blunder, after two actions of three.
    let x = graph.left() + graph.width() * 2.0 / 3.0;
    h.hover_at(egui::pos2(x, graph.center().y));
    h.run();
    assert!(
        has_text(&h, "At 2. d5-d3??: Black is winning"),
        "the read-out"
    );
    h.remove_cursor();
    h.run();
    assert!(has_text(&h, "Here: "));
}

#[test]
fn review_opens_where_the_game_ended_with_its_last_move_in_sight() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    // Enough placements to fill the list.
    click_points(
        &mut h,
        "a1 e5 a2 e4 a3 e3 b1 d5 b2 d4 b3 d3 c5 c1 b5 d1 a5 e1",
    );
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(18));
    assert!(has_text(&h, "Move 18 of 18"));
    let moves = h.get_by_label("Moves").rect();
    let last = h.get_by_label_contains("18.  e1").rect();
    assert!(
        last.top() >= moves.bottom() && last.bottom() <= SMALL[1],
        "the last move is out of sight: {last:?} under {moves:?}"
    );
    // Back at the start, the list follows to the first move.
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(0));
    let moves = h.get_by_label("Moves").rect();
    let first = h.get_by_label_contains("1.  a1").rect();
    assert!(
        first.top() >= moves.bottom() && first.bottom() <= SMALL[1],
        "the first move is out of sight: {first:?} under {moves:?}"
    );
}

#[test]
fn master_without_the_table_is_said_in_the_panel_not_across_every_screen() {
    let master = computer(Level::Master, SideChoice::Black);
    let (_dir, _time, mut h) = small_game(GameId::Flying, master);
    if has_text(&h, "Build it now?") {
        click_button(&mut h, "Not now");
    }
    let searching = "Master plays Flying by searching";
    assert!(has_text(&h, searching));
    assert!(h.state().banners().is_empty(), "{:?}", h.state().banners());
    apply(&mut h, Command::GoHome);
    assert_eq!(h.state().screen(), Screen::Home);
    assert!(!has_text(&h, searching));
}

/// A phone held upright and touched by fingers (360×740 and 390×844): the board takes the
/// screen's width with the panel under it, every control of the game screen is at least 40
/// points high, and a tap plays a point.
#[test]
fn on_a_phone_the_board_takes_the_width_and_every_control_fits_a_finger() {
    for size in [[360.0, 740.0], [390.0, 844.0]] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let time = sanqi::app::clock::ManualTime::new();
        let mut options = sized(size).options(&time);
        options.touch = true;
        let mut h = window::window_with(dir.path(), options, size);
        window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
        let board = h
            .get_by_label("a1")
            .rect()
            .union(h.get_by_label("e5").rect());
        assert!(
            board.width() >= 0.8 * size[0] && board.right() <= size[0],
            "{size:?}: the board is {board:?}"
        );
        let buttons: Vec<(String, egui::Rect)> = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
            .collect();
        let mut below = 0;
        for (label, rect) in &buttons {
            // The board's points are its own cells, a fifth of its width each.
            if sanqi::rules::Point::parse(label).is_some() {
                continue;
            }
            assert!(
                rect.height() >= 40.0 - 0.5,
                "{size:?}: {label} is {} high",
                rect.height()
            );
            below += usize::from(rect.top() >= board.bottom());
        }
        assert!(
            below > 0,
            "{size:?}: no control under the board: {buttons:?}"
        );
        click_points(&mut h, "c3");
        assert_eq!(h.state().session().map(|s| s.game().len()), Some(1));
    }
}
