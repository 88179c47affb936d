//! The Flying table in the window: Master without a table searches, says so once and offers
//! the build (and "not now" is remembered); a damaged table says so; with the table Master
//! plays its move, the hint gives every move's exact value, and the settings show its state.
//!
//! The table here is synthetic (see `common/synthetic_table.rs`): the game's real one takes a
//! quarter of an hour to build.

#[path = "common/window.rs"]
mod window;

#[path = "common/synthetic_table.rs"]
mod synthetic_table;

use egui_kittest::kittest::Queryable;
use sanqi::ai::Level;
use sanqi::app::Command;
use sanqi::app::command::Open;
use sanqi::app::i18n::Language;
use sanqi::app::settings::{ClockSetting, SideChoice};
use sanqi::rules::{GameId, State};
use sanqi::tablebase::{Board, FILE_NAME, Value};
use window::{Window, computer, has_text, start, window};

/// A Flying game against Master, the person playing `side`.
fn play_master(harness: &mut Window, side: SideChoice) {
    start(
        harness,
        GameId::Flying,
        computer(Level::Master, side),
        ClockSetting::Off,
    );
}

const MISSING: &str = "Master plays Flying by searching: the Flying table is not built.";

#[test]
fn without_a_table_master_searches_says_so_once_and_offers_the_build() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut h = window(dir.path(), Language::English);
    // The person plays White: Master moves first, by searching.
    play_master(&mut h, SideChoice::White);
    assert!(has_text(&h, MISSING));
    assert!(has_text(&h, "Build it now?"));
    // Master waits while the question is open, as behind any dialog.
    assert_eq!(h.state().session().expect("a game").game().len(), 0);
    h.get_by_label("Not now").click();
    h.run();
    assert!(!has_text(&h, "Build it now?"));
    assert_eq!(h.state().session().expect("a game").game().len(), 1);
    assert!(h.state().settings().table_offer_declined);
    // Remembered in the settings file: the next run does not ask.
    let saved = std::fs::read_to_string(dir.path().join("settings.json")).expect("settings");
    assert!(saved.contains("\"table_offer_declined\": true"), "{saved}");
    // The settings say the table is not built and offer the build.
    assert!(h.state_mut().apply(Command::Open(Open::Settings)).is_ok());
    h.run();
    assert!(has_text(&h, "Not built. Master plays Flying by searching."));
    assert!(has_text(&h, "Build the table"));
    drop(h);
    let mut h = window(dir.path(), Language::Chinese);
    play_master(&mut h, SideChoice::White);
    assert!(has_text(&h, "大师级下飞棋时改用搜索"));
    assert!(!has_text(&h, "现在生成吗"));
}

#[test]
fn a_damaged_table_is_not_used_and_the_app_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join(FILE_NAME), b"SANQI-TB, but nothing else").expect("a write");
    let mut h = window(dir.path(), Language::English);
    play_master(&mut h, SideChoice::White);
    assert!(has_text(
        &h,
        "Master plays Flying by searching: the Flying table file is damaged."
    ));
    h.get_by_label("Not now").click();
    h.run();
    assert_eq!(h.state().session().expect("a game").game().len(), 1);
    assert!(h.state_mut().apply(Command::Open(Open::Settings)).is_ok());
    h.run();
    assert!(has_text(&h, "Damaged: the table file cannot be used"));
}

#[test]
fn damage_found_in_play_closes_the_table_and_the_app_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let start = State::start(GameId::Flying);
    let State::Flying(position) = start else {
        unreachable!("the start of Flying is a Flying position");
    };
    let path = dir.path().join(FILE_NAME);
    let indexer = Board::FLYING.indexer();
    synthetic_table::write(&path, &indexer, &[(position, Value::Win(1), 1)]);
    // The start position's value rewritten in place, the file's time kept: the table opens
    // (its header is sound), and the first probe of that block finds the damage.
    synthetic_table::damage_in_place(
        &path,
        synthetic_table::offset_of(&indexer, &position),
        &[250],
    );
    let mut h = window(dir.path(), Language::English);
    play_master(&mut h, SideChoice::White);
    h.run();
    // Master searched instead, and the notice says why, as for a damaged file at the start.
    assert_eq!(h.state().session().expect("a game").game().len(), 1);
    assert!(has_text(
        &h,
        "Master plays Flying by searching: the Flying table file is damaged."
    ));
    // The hint searches too.
    assert!(h.state_mut().apply(Command::Hint).is_ok());
    h.run();
    assert!(h.state().session().expect("a game").hint_values().is_none());
    assert!(h.state_mut().apply(Command::Open(Open::Settings)).is_ok());
    h.run();
    assert!(has_text(&h, "Damaged: the table file cannot be used"));
}

#[test]
fn with_the_table_master_plays_its_move_and_the_hint_gives_exact_values() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let start = State::start(GameId::Flying);
    let State::Flying(position) = start else {
        unreachable!("the start of Flying is a Flying position");
    };
    let winning = *start.legal_vec().last().expect("a move");
    let mut after = start;
    after.apply(winning).expect("legal");
    let State::Flying(after) = after else {
        unreachable!("Flying stays Flying");
    };
    let indexer = Board::FLYING.indexer();
    synthetic_table::write(
        &dir.path().join(FILE_NAME),
        &indexer,
        &[(position, Value::Win(1), 1), (after, Value::Loss(0), 0)],
    );
    // Master (Black) plays a winning move at once, from the table.
    let mut h = window(dir.path(), Language::English);
    play_master(&mut h, SideChoice::White);
    let s = h.state().session().expect("a game");
    let first = s.game().actions().next().expect("Master's move");
    let mut reached = start;
    reached.apply(first).expect("legal");
    let State::Flying(reached) = reached else {
        unreachable!("Flying stays Flying");
    };
    let class = |s| indexer.index(sanqi::tablebase::position_of(&s)).0;
    assert_eq!(class(reached), class(after), "{first}");
    assert!(!has_text(&h, "Master plays Flying by searching"));
    // The settings say it is built.
    assert!(h.state_mut().apply(Command::Open(Open::Settings)).is_ok());
    h.run();
    assert!(has_text(&h, "Built: 841 MB"));
    drop(h);

    // The person plays Black: the hint is the table's, with every move's value.
    let mut h = window(dir.path(), Language::English);
    play_master(&mut h, SideChoice::Black);
    assert!(h.state_mut().apply(Command::Hint).is_ok());
    h.run();
    let s = h.state().session().expect("a game");
    let hint = s.hint().expect("a hint");
    let values = s.hint_values().expect("exact values");
    assert_eq!(values.len(), start.legal_vec().len());
    assert!(values.contains(&(hint, Value::Win(1))));
    assert!(has_text(&h, &format!("Hint: {hint}")));
    assert!(has_text(&h, "Black wins in 1."));
    drop(h);
    let mut h = window(dir.path(), Language::Chinese);
    play_master(&mut h, SideChoice::Black);
    assert!(h.state_mut().apply(Command::Hint).is_ok());
    h.run();
    assert!(has_text(&h, "黑方 1 步内必胜"));
}
