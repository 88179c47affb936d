//! The game history as a player meets it, driven through the window with egui_kittest:
//! every finished game is kept with its players and listed after a restart, newest first; the
//! list filters, reviews, analyses, exports and deletes (with undo); a damaged file is one
//! line; and a long history is listed at once from its cache.

#[path = "common/window.rs"]
mod window;

use std::path::{Path, PathBuf};

use egui_kittest::kittest::Queryable;
use sanqi::ai::Level;
use sanqi::app::Command;
use sanqi::app::history::{Ending, EntryState};
use sanqi::app::i18n::Language;
use sanqi::app::settings::{ClockSetting, Opponent, PlayerNames, SideChoice};
use sanqi::app::storage::{Store, read_record_file};
use sanqi::rules::Side;
use window::{Window, WindowSpec, apply, click, click_button, computer, has_text, type_into};

/// The records folder of the data folder `dir`.
fn records(dir: &Path) -> PathBuf {
    Store::at(dir).records_dir()
}

/// Writes a record of `game` with `actions` and `metadata` (JSON) as `name` in the records
/// folder of `dir`.
fn write_record(dir: &Path, name: &str, game: &str, actions: &[&str], metadata: &str) -> PathBuf {
    let folder = records(dir);
    std::fs::create_dir_all(&folder).expect("records folder");
    let actions: Vec<String> = actions.iter().map(|a| format!("\"{a}\"")).collect();
    let json = format!(
        r#"{{"format":"sanqi-record","version":1,"game":"{game}","actions":[{}],"metadata":{metadata}}}"#,
        actions.join(",")
    );
    let path = folder.join(name);
    std::fs::write(&path, json).expect("written");
    path
}

/// Against the computer at Easy, the person playing Black, on 2025-03-01.
const VS_EASY: &str = r#"{"black":{"name":"Player"},"white":{"name":"Computer","level":"easy"},
    "date":"2025-03-01T10:00:00Z"}"#;
/// Two people, named, on 2025-02-01.
const FRIENDS: &str = r#"{"black":{"name":"Ann"},"white":{"name":"Bo"},
    "date":"2025-02-01T10:00:00Z"}"#;
/// The computer against itself, on 2025-01-01.
const WATCHED: &str = r#"{"black":{"name":"Computer","level":"hard"},
    "white":{"name":"Computer","level":"easy"},"date":"2025-01-01T10:00:00Z"}"#;

/// Shows the history and runs frames until every record is read.
fn open_history(h: &mut Window) {
    apply(h, Command::OpenHistory);
    let mut guard = 0;
    while h.state().history().unread() > 0 {
        h.step();
        guard += 1;
        assert!(guard < 1000, "the records were never all read");
    }
    h.run();
}

/// The names of the records in the history, as it lists them.
fn listed(h: &Window) -> Vec<String> {
    h.state()
        .history()
        .entries()
        .iter()
        .map(|e| e.name.clone())
        .collect()
}

#[test]
fn finished_games_are_kept_with_their_players_and_listed_newest_first_after_a_restart() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    // Two friends, named, resign a Wu Dao game…
    let names = PlayerNames {
        black: "Ann".into(),
        white: "Bo".into(),
        ..PlayerNames::default()
    };
    apply(&mut h, Command::SetPlayerNames(names));
    window::start(
        &mut h,
        sanqi::rules::GameId::Wudao,
        Opponent::Human,
        ClockSetting::Off,
    );
    window::click_points(&mut h, "a1 c1 b1");
    apply(&mut h, Command::Resign);
    assert!(has_text(&h, "The game is kept in your game history."));
    let kept = Store::at(dir.path()).list_records();
    assert_eq!(kept.len(), 1);
    let (record, _) = read_record_file(&kept[0]).expect("a record");
    let name = |p: &Option<sanqi::rules::records::Player>| p.clone().and_then(|p| p.name);
    assert_eq!(name(&record.metadata.black).as_deref(), Some("Ann"));
    assert_eq!(name(&record.metadata.white).as_deref(), Some("Bo"));
    assert_eq!(record.metadata.result.as_deref(), Some("white resigned"));
    assert_eq!(record.metadata.clock.as_deref(), Some("off"));
    assert!(record.metadata.date.is_some());
    // …then the person loses a Flying game to the computer at Easy by resigning.
    window::start(
        &mut h,
        sanqi::rules::GameId::Flying,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S30,
    );
    window::click_points(&mut h, "a1 a3");
    apply(&mut h, Command::Resign);
    assert_eq!(Store::at(dir.path()).list_records().len(), 2);
    drop(h);

    // After a restart both are in the history, the newer first.
    let mut h = window::window(dir.path(), Language::English);
    open_history(&mut h);
    let entries = h.state().history().entries();
    assert_eq!(entries.len(), 2);
    let summaries: Vec<_> = entries.iter().filter_map(|e| e.summary()).collect();
    assert_eq!(summaries[0].game, sanqi::rules::GameId::Flying);
    assert_eq!(
        summaries[0].ending,
        Ending::Won {
            winner: Side::White,
            resigned: true
        }
    );
    assert_eq!(summaries[1].game, sanqi::rules::GameId::Wudao);
    assert!(has_text(&h, "You (Black) against Computer · Easy"));
    assert!(has_text(&h, "You resigned"));
    assert!(has_text(&h, "Ann (Black) against Bo (White)"));
    assert!(has_text(&h, "White resigned"));
    assert!(has_text(&h, "2 games"));
}

#[test]
fn a_file_that_cannot_be_read_is_one_line_and_the_others_are_listed() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    write_record(dir.path(), "good.json", "wudao", &["c3", "d4"], VS_EASY);
    write_record(dir.path(), "illegal.json", "wudao", &["c3", "c3"], FRIENDS);
    std::fs::write(records(dir.path()).join("broken.json"), b"{ not json").expect("write");
    open_history(&mut h);
    assert_eq!(listed(&h).len(), 3);
    assert!(has_text(
        &h,
        "Cannot be read: it is not a valid game record"
    ));
    assert!(has_text(&h, "Cannot be read: action 2"));
    assert!(has_text(&h, "You (Black) against Computer · Easy"));
    // A file that cannot be read can still be deleted, but not opened.
    assert!(has_text(&h, "Delete · broken.json"));
    assert!(!has_text(&h, "Review · broken.json"));
    assert!(has_text(&h, "Review · good.json"));
}

#[test]
fn the_filters_keep_one_game_or_one_opponent() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    write_record(dir.path(), "easy.json", "wudao", &["c3"], VS_EASY);
    write_record(dir.path(), "friends.json", "flying", &["a1-a3"], FRIENDS);
    write_record(dir.path(), "watched.json", "neihuang", &["c3"], WATCHED);
    open_history(&mut h);
    // Newest first, by the dates the records give.
    assert_eq!(listed(&h), ["easy.json", "friends.json", "watched.json"]);
    assert!(has_text(&h, "3 games"));
    click_button(&mut h, "Square Flying Chess");
    assert!(has_text(&h, "1 game") && !has_text(&h, "1 games"));
    assert!(has_text(&h, "Review · friends.json"));
    assert!(!has_text(&h, "Review · easy.json"));
    click_button(&mut h, "All");
    // The opponents offered are those in the history.
    h.get_by_label("Opponent:").click();
    h.run();
    click_button(&mut h, "Computer · Easy");
    assert!(has_text(&h, "1 game") && !has_text(&h, "1 games"));
    assert!(has_text(&h, "Review · easy.json"));
    assert!(!has_text(&h, "Review · watched.json"));
}

#[test]
fn a_deleted_record_comes_back_with_undo_and_is_gone_once_the_history_is_left() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let path = write_record(dir.path(), "mine.json", "wudao", &["c3", "d4"], VS_EASY);
    let bytes = std::fs::read(&path).expect("read");
    open_history(&mut h);
    click(&mut h, "Delete · mine.json");
    assert!(!path.exists());
    assert!(listed(&h).is_empty());
    assert!(has_text(&h, "Deleted mine.json."));
    click_button(&mut h, "Undo");
    assert_eq!(std::fs::read(&path).expect("back"), bytes, "as it was");
    assert_eq!(listed(&h), ["mine.json"]);
    // Deleted again and the history left: nothing is left in the folder, hidden or not.
    click(&mut h, "Delete · mine.json");
    apply(&mut h, Command::GoHome);
    let left: Vec<_> = std::fs::read_dir(records(dir.path()))
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn an_undone_deletion_never_replaces_a_file_that_took_the_name() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let path = write_record(dir.path(), "mine.json", "wudao", &["c3"], VS_EASY);
    open_history(&mut h);
    click(&mut h, "Delete · mine.json");
    // Meanwhile another record takes the name.
    write_record(dir.path(), "mine.json", "flying", &["a1-a3"], FRIENDS);
    click_button(&mut h, "Undo");
    let (record, _) = read_record_file(&path).expect("the newcomer");
    assert_eq!(record.game, "flying");
    let (record, _) = read_record_file(&records(dir.path()).join("mine-2.json")).expect("back");
    assert_eq!(record.game, "wudao");
}

#[test]
fn review_analyse_and_export_from_the_history() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let path = write_record(
        dir.path(),
        "easy.json",
        "wudao",
        &["c3", "d4", "b2"],
        VS_EASY,
    );
    open_history(&mut h);
    click(&mut h, "Review · easy.json");
    let s = h.state().session().expect("the record");
    assert!(s.is_from_record());
    assert_eq!(s.review(), Some(3), "where it ended");
    // The plates name the record's players.
    assert!(has_text(&h, "White · Computer · Easy"));
    // Analysed from the list.
    open_history(&mut h);
    click(&mut h, "Analyse · easy.json");
    assert!(h.state().analysis().is_some(), "the analysis started");
    // Exported, as a copy that keeps what the record says.
    open_history(&mut h);
    click(&mut h, "Export… · easy.json");
    type_into(&mut h, "Save to:", "copy");
    click_button(&mut h, "Save");
    let copy = records(dir.path()).join("copy.json");
    let (original, _) = read_record_file(&path).expect("original");
    let (exported, _) = read_record_file(&copy).expect("the copy");
    assert_eq!(exported.metadata, original.metadata);
    assert_eq!(exported.actions, original.actions);
    assert!(has_text(&h, "Saved to"));
    click_button(&mut h, "Close");
    // A copy saved outside the records folder is not part of the history.
    let elsewhere = dir.path().join("elsewhere.json");
    apply(&mut h, Command::ExportFileTo(path, elsewhere.clone()));
    assert!(elsewhere.exists());
    open_history(&mut h);
    assert_eq!(listed(&h), ["copy.json", "easy.json"]);
}

#[test]
fn a_reviewed_record_exported_again_keeps_its_players_and_date() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let path = write_record(dir.path(), "easy.json", "wudao", &["c3", "d4"], VS_EASY);
    apply(&mut h, Command::OpenRecord(path.clone()));
    let out = dir.path().join("again.json");
    apply(&mut h, Command::ExportRecordTo(out.clone()));
    let (record, _) = read_record_file(&out).expect("exported");
    let (original, _) = read_record_file(&path).expect("original");
    assert_eq!(record.metadata.white, original.metadata.white);
    assert_eq!(record.metadata.black, original.metadata.black);
    assert_eq!(
        record.metadata.date.as_deref(),
        Some("2025-03-01T10:00:00Z")
    );
}

#[test]
fn a_long_history_is_listed_at_once_from_its_cache_and_only_its_rows_in_sight_are_drawn() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let total = 300;
    for i in 0..total {
        let date = format!(
            r#"{{"black":{{"name":"Player"}},"white":{{"name":"Computer","level":"easy"}},
            "date":"2025-01-01T{:02}:{:02}:00Z"}}"#,
            i / 60,
            i % 60
        );
        write_record(
            dir.path(),
            &format!("game-{i:03}.json"),
            "wudao",
            &["c3", "d4"],
            &date,
        );
    }
    open_history(&mut h);
    assert_eq!(listed(&h).len(), total);
    assert_eq!(listed(&h)[0], "game-299.json", "newest first");
    // Only the rows in sight are drawn.
    let drawn = h.query_all_by_label_contains("Review · game-").count();
    assert!(drawn > 0 && drawn < 20, "{drawn} rows drawn");
    drop(h);
    // After a restart, the list is whole as soon as it is shown: nothing is read again.
    let mut h = window::window(dir.path(), Language::English);
    h.state_mut().apply(Command::OpenHistory).expect("shown");
    assert_eq!(h.state().history().unread(), 0);
    assert_eq!(listed(&h).len(), total);
    // A changed file is read again, the others not.
    let changed = write_record(
        dir.path(),
        "game-000.json",
        "flying",
        &["a1-a3", "e5-e2"],
        VS_EASY,
    );
    drop(h);
    let mut h = window::window(dir.path(), Language::English);
    h.state_mut().apply(Command::OpenHistory).expect("shown");
    assert_eq!(h.state().history().unread(), 1);
    open_history(&mut h);
    let entry = h
        .state()
        .history()
        .entries()
        .iter()
        .find(|e| e.path == changed)
        .map(|e| e.state.clone());
    match entry {
        Some(EntryState::Ready(summary)) => assert_eq!(summary.actions, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_records_folder_that_cannot_be_read_says_so_instead_of_no_games() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    // A file where the records folder should be: even the superuser cannot list it.
    std::fs::write(records(dir.path()), b"not a folder").expect("written");
    open_history(&mut h);
    assert!(h.state().history().unreadable().is_some());
    assert!(has_text(&h, "The game history cannot be read"), "said");
    assert!(!has_text(&h, "No games yet"));
    assert!(
        !has_text(&h, "0 games"),
        "no count of records that are not known"
    );
    // Once it is a folder again, the history is simply empty.
    std::fs::remove_file(records(dir.path())).expect("removed");
    std::fs::create_dir(records(dir.path())).expect("a folder");
    open_history(&mut h);
    assert!(h.state().history().unreadable().is_none());
    assert!(has_text(&h, "No games yet"));
}

#[cfg(unix)]
#[test]
fn a_records_folder_without_the_right_to_read_it_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, _time, mut h) = WindowSpec::default().open();
    let folder = records(dir.path());
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o000)).expect("mode 000");
    if std::fs::read_dir(&folder).is_ok() {
        // The superuser reads any folder: the folder that is a file tests the same path.
        eprintln!("a folder of mode 000 is readable here (superuser): skipped");
    } else {
        open_history(&mut h);
        assert!(has_text(&h, "The game history cannot be read"), "said");
        assert!(!has_text(&h, "No games yet"));
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).expect("mode 755");
}

#[test]
fn dates_are_shown_in_local_time_and_counts_in_the_singular_for_one() {
    // The test window's zone is eight hours ahead of UTC.
    let (dir, _time, mut h) = WindowSpec::default().open();
    write_record(dir.path(), "easy.json", "wudao", &["c3"], VS_EASY);
    open_history(&mut h);
    assert!(has_text(&h, "2025-03-01 18:00"), "local time");
    assert!(!has_text(&h, "UTC"));
    assert!(has_text(&h, "1 game"));
    assert!(!has_text(&h, "1 games"));
    assert!(has_text(&h, "1 move"));
    assert!(!has_text(&h, "1 moves"));
}

#[test]
fn a_record_of_the_computers_greedy_player_names_its_level() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let greedy = r#"{"black":{"name":"Player"},"white":{"name":"Computer","level":"greedy"},
        "date":"2025-03-01T10:00:00Z"}"#;
    write_record(dir.path(), "greedy.json", "wudao", &["c3", "d4"], greedy);
    open_history(&mut h);
    assert!(has_text(&h, "You (Black) against Computer · Greedy"));
}

#[test]
fn a_game_played_as_white_is_reviewed_from_whites_side() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let as_white = r#"{"black":{"name":"Computer","level":"easy"},"white":{"name":"Player"},
        "date":"2025-03-01T10:00:00Z"}"#;
    let below = |h: &Window, low: &str, high: &str| {
        h.get_by_label(low).rect().center().y > h.get_by_label(high).rect().center().y
    };
    let path = write_record(dir.path(), "white.json", "wudao", &["c3", "d4"], as_white);
    apply(&mut h, Command::OpenRecord(path));
    assert!(
        below(&h, "e5", "a1"),
        "White's side (row 5) is below, as it was played"
    );
    // A game played as Black stays as it was.
    let path = write_record(dir.path(), "black.json", "wudao", &["c3", "d4"], VS_EASY);
    apply(&mut h, Command::OpenRecord(path));
    assert!(below(&h, "a1", "e5"));
}

/// Against the computer at Easy, the person playing Black, on `date`, ended by `result` if
/// any (`"white resigned"`).
fn vs_easy(date: &str, result: Option<&str>) -> String {
    let result = result.map_or(String::new(), |r| format!(r#","result":"{r}""#));
    format!(
        r#"{{"black":{{"name":"Player"}},"white":{{"name":"Computer","level":"easy"}},
        "date":"{date}"{result}}}"#
    )
}

#[test]
fn the_history_filters_by_result() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    let won = vs_easy("2025-03-04T10:00:00Z", Some("white resigned"));
    let lost = vs_easy("2025-03-03T10:00:00Z", Some("black resigned"));
    let unfinished = vs_easy("2025-03-02T10:00:00Z", None);
    write_record(dir.path(), "won.json", "wudao", &["c3"], &won);
    write_record(dir.path(), "lost.json", "wudao", &["c3"], &lost);
    write_record(dir.path(), "unfinished.json", "wudao", &["c3"], &unfinished);
    // Two friends' game that White resigned: nobody's win against the computer.
    let friends = FRIENDS.replacen(r#""date""#, r#""result":"white resigned","date""#, 1);
    write_record(dir.path(), "friends.json", "flying", &["a1-a3"], &friends);
    open_history(&mut h);
    assert!(has_text(&h, "4 games"));
    let choose = |h: &mut Window, result: &str| {
        h.get_by_label("Result:").click();
        h.run();
        click_button(h, result);
    };
    let shown = |h: &Window| -> Vec<&str> {
        ["won.json", "lost.json", "unfinished.json", "friends.json"]
            .into_iter()
            .filter(|name| has_text(h, &format!("Review · {name}")))
            .collect()
    };
    choose(&mut h, "Won");
    assert_eq!(shown(&h), ["won.json"]);
    assert!(has_text(&h, "1 game"));
    choose(&mut h, "Lost");
    assert_eq!(shown(&h), ["lost.json"]);
    choose(&mut h, "Unfinished");
    assert_eq!(shown(&h), ["unfinished.json"]);
    choose(&mut h, "Drawn");
    assert!(shown(&h).is_empty());
    assert!(has_text(&h, "No game matches these filters."));
    // With the game's filter: the won games of Wu Dao, none of Flying.
    choose(&mut h, "Won");
    click_button(&mut h, "Square Flying Chess");
    assert!(shown(&h).is_empty());
    click_button(&mut h, "Wu Dao Qi");
    assert_eq!(shown(&h), ["won.json"]);
    // All results again (the list's own All, under the filter, not the game's).
    h.get_by_label("Result:").click();
    h.run();
    let below = h.get_by_label("Result:").rect().bottom();
    let all = h
        .query_all_by_label("All")
        .find(|n| n.rect().top() > below)
        .expect("the results' All");
    all.click();
    h.run();
    assert_eq!(shown(&h), ["won.json", "lost.json", "unfinished.json"]);
}

#[test]
fn ctrl_n_opens_a_new_game_from_the_history_as_from_every_page() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    open_history(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(has_text(&h, "Start game"), "the new-game dialog opened");
}

#[test]
fn a_game_between_two_unnamed_people_is_black_against_white() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    window::start(
        &mut h,
        sanqi::rules::GameId::Wudao,
        sanqi::app::settings::Opponent::Human,
        ClockSetting::Off,
    );
    click(&mut h, "c3");
    apply(&mut h, Command::Resign);
    open_history(&mut h);
    assert!(has_text(&h, "Black against White"));
    assert!(!has_text(&h, "(Black)"));
}
