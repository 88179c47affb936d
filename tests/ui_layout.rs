//! How the window is laid out, driven with egui_kittest at the sizes people use: Home shows
//! every game in the smallest window, dialogs keep their buttons in place while their options
//! change, saving a record to a typed path, and the side panel growing with a large window
//! (its evaluation graph reading out the position under the pointer, the review's move list
//! opening at the first move).

use std::path::Path;
use std::time::{Duration, Instant};

use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sanqi::ai::Level;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::Language;
use sanqi::app::settings::{ClockSetting, Opponent, Setup, SideChoice};
use sanqi::app::storage::{Store, read_record_file};
use sanqi::app::{AiMode, AppOptions, Command, SanqiApp, Screen};
use sanqi::rules::GameId;

/// The app in a window of `size` on the data folder `dir`: English, the computer answering at
/// once on the test's thread, a clock that only moves when told, no system file chooser.
fn window(dir: &Path, size: [f32; 2]) -> Harness<'static, SanqiApp> {
    let time = ManualTime::new();
    let options = AppOptions {
        time: time.source(),
        ai: AiMode::Inline,
        ai_step_delay: Duration::ZERO,
        seed: Some(7),
        demo: None,
        language: Some(Language::English),
        file_chooser: false,
    };
    let store = Store::at(dir);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(size[0], size[1]))
        .with_max_steps(400)
        .build_eframe(move |cc| SanqiApp::new(&cc.egui_ctx, store, options));
    harness.run();
    harness
}

const SMALL: [f32; 2] = [760.0, 560.0];
const LARGE: [f32; 2] = [1920.0, 1080.0];

fn apply(h: &mut Harness<'static, SanqiApp>, command: Command) {
    let done = h.state_mut().apply(command);
    assert!(done.is_ok(), "{done:?}");
    h.run();
}

fn start(h: &mut Harness<'static, SanqiApp>, game: GameId, opponent: Opponent) {
    let setup = Setup {
        game,
        opponent,
        clock: ClockSetting::Off,
    };
    apply(h, Command::StartGame(setup));
}

fn has_text(h: &Harness<'static, SanqiApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The button (or selectable label) with this text, not a plain label that says the same.
fn button_rect(h: &Harness<'static, SanqiApp>, label: &str) -> Rect {
    h.get_by(|n| n.label().as_deref() == Some(label) && n.role() != egui::accesskit::Role::Label)
        .rect()
}

fn click(h: &mut Harness<'static, SanqiApp>, label: &str) {
    h.get_by(|n| n.label().as_deref() == Some(label) && n.role() != egui::accesskit::Role::Label)
        .click();
    h.run();
}

fn click_points(h: &mut Harness<'static, SanqiApp>, points: &str) {
    for p in points.split_whitespace() {
        click(h, p);
    }
}

/// Types `text` into the text field labelled `label`.
fn type_into(h: &mut Harness<'static, SanqiApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn home_in_the_smallest_window_shows_every_game_and_a_scroll_bar() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    // With a game in progress, as after a restart: its card comes first.
    start(&mut h, GameId::Flying, Opponent::Human);
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
fn the_new_game_dialog_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let start = button_rect(&h, "Start game");
    for opponent in [
        "A friend on this computer",
        "Computer against computer (watch)",
        "The computer",
        "A friend on this computer",
    ] {
        click(&mut h, opponent);
        assert_eq!(button_rect(&h, "Start game"), start, "after {opponent}");
    }
}

#[test]
fn playing_on_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    let easy = Opponent::Computer {
        level: Level::Easy,
        side: SideChoice::Black,
    };
    start(&mut h, GameId::Wudao, easy);
    click_points(&mut h, "c3");
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    click(&mut h, "Continue from here");
    let play_on = button_rect(&h, "Play on");
    click(&mut h, "A friend on this computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
    click(&mut h, "The computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
}

#[test]
fn the_records_dialog_keeps_its_place_when_a_message_comes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    start(&mut h, GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click(&mut h, "Records");
    let buttons = |h: &Harness<'static, SanqiApp>| {
        ["Export game", "Open", "Close"].map(|label| button_rect(h, label))
    };
    let before = buttons(&h);
    click(&mut h, "Export game");
    assert!(has_text(&h, "Saved to"));
    assert_eq!(buttons(&h), before, "after the export");
    type_into(&mut h, "File:", "/no/such/record.json");
    click(&mut h, "Open");
    assert!(has_text(&h, "Could not open the record"));
    assert_eq!(buttons(&h), before, "after an error");
    click(&mut h, "Browse…");
    assert!(has_text(&h, "No system file chooser is available here"));
    assert_eq!(buttons(&h), before, "after asking for a chooser");
}

#[test]
fn without_a_file_chooser_a_record_is_saved_to_a_typed_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    start(&mut h, GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click(&mut h, "Records");
    click(&mut h, "Save as…");
    assert!(has_text(&h, "type where to save next to Save to"));
    // A bare name goes into the records folder, as a .json record.
    type_into(&mut h, "Save to:", "my game");
    click(&mut h, "Save");
    let saved = Store::at(dir.path()).records_dir().join("my game.json");
    let (record, _) = read_record_file(&saved).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4"]);
    // A path anywhere; a file already there is replaced only once the user says yes.
    let elsewhere = dir.path().join("elsewhere.json");
    std::fs::write(&elsewhere, b"keep me").expect("write");
    click(&mut h, "Close");
    click_points(&mut h, "b2");
    click(&mut h, "Records");
    type_into(&mut h, "Save to:", &elsewhere.display().to_string());
    click(&mut h, "Save");
    assert!(has_text(&h, "is already there. Replace it?"));
    assert_eq!(std::fs::read(&elsewhere).expect("read"), b"keep me");
    click(&mut h, "Replace");
    let (record, _) = read_record_file(&elsewhere).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4", "b2"]);
}

/// Black's first move, then White's `d5-d3`, a blunder.
const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
    "actions":["c1-c3","d5-d3","e1-e3"]}"#;

/// Runs frames until the analysis has finished.
fn wait_for_report(h: &mut Harness<'static, SanqiApp>) {
    let started = Instant::now();
    while h.state().analysis().and_then(|a| a.report()).is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the analysis did not finish"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run();
}

#[test]
fn in_a_large_window_the_panel_and_its_graph_grow_and_the_graph_reads_out_a_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), LARGE);
    let record = dir.path().join("game.json");
    std::fs::write(&record, BLUNDER).expect("write");
    apply(&mut h, Command::OpenRecord(record));
    click(&mut h, "Analyse the game");
    wait_for_report(&mut h);
    let graph = h.get_by_label_contains("Evaluation over the game").rect();
    // About a third of the width, and a graph that is a graph.
    assert!(graph.width() >= 0.27 * LARGE[0], "{graph:?}");
    assert!(graph.height() >= 150.0, "{graph:?}");
    // The value and the move under the pointer: White's blunder, after two actions of three.
    let x = graph.left() + graph.width() * 2.0 / 3.0;
    h.hover_at(egui::pos2(x, graph.center().y));
    h.run();
    assert!(
        has_text(&h, "At 2. d5-d3??: Black is about"),
        "the read-out"
    );
    h.remove_cursor();
    h.run();
    assert!(has_text(&h, "Here: "));
}

#[test]
fn review_opens_its_move_list_at_the_first_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    start(&mut h, GameId::Wudao, Opponent::Human);
    // Enough placements to fill the list, which follows the last one while playing.
    click_points(
        &mut h,
        "a1 e5 a2 e4 a3 e3 b1 d5 b2 d4 b3 d3 c5 c1 b5 d1 a5 e1",
    );
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
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
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = window(dir.path(), SMALL);
    let master = Opponent::Computer {
        level: Level::Master,
        side: SideChoice::Black,
    };
    start(&mut h, GameId::Flying, master);
    if has_text(&h, "Build it now?") {
        click(&mut h, "Not now");
    }
    let searching = "Master plays Flying by searching";
    assert!(has_text(&h, searching));
    assert!(h.state().banners().is_empty(), "{:?}", h.state().banners());
    apply(&mut h, Command::GoHome);
    assert_eq!(h.state().screen(), Screen::Home);
    assert!(!has_text(&h, searching));
}
