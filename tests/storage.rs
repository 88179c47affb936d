//! The store: defaults, round trips, unusable files set aside (never deleted), a data folder
//! that cannot be written, atomic writes, exported records and reading record files.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use common::file_names;
#[cfg(unix)]
use common::{make_fifo, without_hanging};
use sanqi::ai::Level;
use sanqi::app::i18n::Language;
use sanqi::app::rating::Unrated;
use sanqi::app::settings::{
    ClockSetting, Opponent, Outcome, SETTINGS_VERSION, SavedGame, SavedGameError, Settings, Setup,
    SideChoice, Stats, Tally,
};
use sanqi::app::storage::{
    GAME_FILE, SETTINGS_FILE, STATS_FILE, Store, StoreError, StoreNotice, read_record_file,
    write_atomic,
};
use sanqi::files::ReadError;
use sanqi::rules::notation::parse_actions;
use sanqi::rules::records::{Metadata, Record, RecordError};
use sanqi::rules::{Action, Game, GameId, IllegalAction, Point, Side};

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn game_of(id: GameId, actions: &str) -> Game {
    let mut game = Game::new(id);
    for action in parse_actions(actions).expect("actions in the notation") {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action} is illegal: {e}"));
    }
    game
}

/// Checks that `notices` is one `SetAside` of `file` whose moved file holds `bytes`, and
/// that the original name is free again.
fn assert_set_aside(dir: &Path, notices: &[StoreNotice], file: &str, bytes: &[u8]) -> PathBuf {
    let [
        StoreNotice::SetAside {
            file: named,
            moved_to,
            reason,
        },
    ] = notices
    else {
        panic!("expected one SetAside notice, got {notices:?}");
    };
    assert_eq!(named, file);
    assert!(!reason.to_string().is_empty());
    assert_eq!(moved_to.parent(), Some(dir));
    let moved_name = moved_to
        .file_name()
        .expect("a file name")
        .to_string_lossy()
        .into_owned();
    let stem = file.trim_end_matches(".json");
    assert!(
        moved_name.starts_with(&format!("{stem}.corrupt-")) && moved_name.ends_with(".json"),
        "moved to {moved_name}"
    );
    assert_eq!(fs::read(moved_to).expect("the set-aside file"), bytes);
    assert!(!dir.join(file).exists(), "{file} should have been moved");
    moved_to.clone()
}

/// The names of the records the store lists, in its order.
fn listed_names(store: &Store) -> Vec<String> {
    file_names_of(&store.list_records())
}

/// The file names of some paths, in their order.
fn file_names_of(paths: &[std::path::PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn custom_settings() -> Settings {
    Settings {
        language: Some(Language::Chinese),
        animations: false,
        flip_board: true,
        show_coordinates: false,
        pause_in_background: false,
        last_setup: Setup {
            game: GameId::Wudao,
            opponent: Opponent::Watch {
                black: Level::Easy,
                white: Level::Expert,
            },
            clock: ClockSetting::Off,
        },
        window_size: Some([1024.0, 700.5]),
        ..Settings::default()
    }
}

#[test]
fn missing_files_give_defaults_without_notices() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    assert!(store.is_writable());
    assert_eq!(store.dir(), Some(dir.path()));
    assert!(store.startup_notices().is_empty());

    let settings = store.load_settings();
    assert_eq!(settings.value, Settings::default());
    assert!(settings.notices.is_empty());
    let game = store.load_game();
    assert_eq!(game.value, None);
    assert!(game.notices.is_empty());
    let stats = store.load_stats();
    assert_eq!(stats.value, Stats::default());
    assert!(stats.notices.is_empty());
    assert!(store.list_records().is_empty());
    // Opening leaves no probe file behind.
    assert!(
        file_names(dir.path()).is_empty(),
        "{:?}",
        file_names(dir.path())
    );
}

#[test]
fn defaults_are_as_documented() {
    let settings = Settings::default();
    assert_eq!(settings.version, SETTINGS_VERSION);
    assert_eq!(settings.language, None);
    assert!(settings.animations && !settings.flip_board && settings.show_coordinates);
    assert_eq!(
        settings.last_setup,
        Setup {
            game: GameId::Neihuang,
            opponent: Opponent::Computer {
                level: Level::Beginner,
                side: SideChoice::Black
            },
            clock: ClockSetting::S60,
        }
    );
    assert!(settings.levels.is_empty(), "no level played yet");
    assert_eq!(ClockSetting::default().seconds(), Some(60));
    assert_eq!(ClockSetting::Off.seconds(), None);
}

#[test]
fn settings_round_trip() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let settings = custom_settings();
    store.save_settings(&settings).expect("saved");
    let loaded = Store::at(dir.path()).load_settings();
    assert!(loaded.notices.is_empty());
    assert_eq!(loaded.value, settings);
    let json = fs::read_to_string(dir.path().join(SETTINGS_FILE)).expect("settings.json");
    assert!(json.contains("\"zh-CN\""), "{json}");
    assert!(json.contains("\"version\": 1"), "{json}");
    assert_eq!(file_names(dir.path()), [SETTINGS_FILE]);
}

#[test]
fn partial_and_older_settings_load_with_defaults() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    fs::write(
        dir.path().join(SETTINGS_FILE),
        r#"{"flip_board": true, "last_setup": {"game": "flying"}, "some_future_field": [1]}"#,
    )
    .expect("written");
    let loaded = store.load_settings();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert!(loaded.value.flip_board);
    assert!(loaded.value.animations);
    assert_eq!(loaded.value.last_setup.game, GameId::Flying);
    assert_eq!(loaded.value.last_setup.clock, ClockSetting::S60);
}

#[test]
fn saved_game_round_trip_replays_the_record() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let setup = Setup {
        game: GameId::Neihuang,
        opponent: Opponent::Computer {
            level: Level::Hard,
            side: SideChoice::Random,
        },
        clock: ClockSetting::S30,
    };
    let game = game_of(GameId::Neihuang, "c3 a1 b2 e5 d4");
    let redo = parse_actions("a5 b4").expect("actions");
    let saved = SavedGame::new(setup, Some(Side::White), &game, Some(12_345), &redo);
    assert_eq!(
        saved
            .record
            .metadata
            .black
            .as_ref()
            .and_then(|p| p.level.as_deref()),
        Some("hard")
    );
    store.save_game(&saved).expect("saved");

    let loaded = Store::at(dir.path()).load_game();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    let loaded = loaded.value.expect("a saved game");
    assert_eq!(loaded, saved);
    let (restored, restored_redo) = loaded.restore().expect("replays");
    assert_eq!(restored, game);
    assert_eq!(restored.state(), game.state());
    assert_eq!(restored_redo, redo);
    assert_eq!(loaded.human_side, Some(Side::White));
    assert_eq!(loaded.clock_remaining_ms, Some(12_345));

    store.clear_game().expect("cleared");
    assert_eq!(store.load_game().value, None);
    assert!(!dir.path().join(GAME_FILE).exists());
    store.clear_game().expect("clearing nothing is fine");
}

#[test]
fn stats_round_trip() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let mut stats = store.load_stats().value;
    stats.record(GameId::Flying, "expert", Outcome::Loss);
    stats.record(GameId::Flying, "expert", Outcome::Win);
    stats.record(GameId::Flying, Stats::HUMAN, Outcome::Draw);
    store.save_stats(&stats).expect("saved");
    let loaded = store.load_stats();
    assert!(loaded.notices.is_empty());
    assert_eq!(loaded.value, stats);
    assert_eq!(
        loaded.value.tally(GameId::Flying, "expert"),
        Tally {
            wins: 1,
            losses: 1,
            draws: 0
        }
    );
    // A hot-seat result that an older version counted survives the round trip, but is not
    // part of the person's record.
    assert_eq!(loaded.value.tally(GameId::Flying, Stats::HUMAN).draws, 1);
    assert_eq!(loaded.value.total(GameId::Flying).games(), 2);
    assert!(dir.path().join(STATS_FILE).exists());
}

#[test]
fn corrupt_settings_are_set_aside_and_the_next_save_works() {
    let cases: [(&str, &[u8]); 6] = [
        ("garbage bytes", b"\xff\xfe\x00garbage{{{"),
        ("truncated JSON", b"{\"animations\": tr"),
        ("wrong JSON shape", b"[1, 2, 3]"),
        ("wrong field type", br#"{"animations": "yes"}"#),
        ("unknown language", br#"{"language": "klingon"}"#),
        ("a newer version", br#"{"version": 2, "animations": false}"#),
    ];
    for (what, bytes) in cases {
        let dir = temp_dir();
        let store = Store::at(dir.path());
        fs::write(dir.path().join(SETTINGS_FILE), bytes).expect("written");
        let loaded = store.load_settings();
        assert_eq!(loaded.value, Settings::default(), "{what}");
        let moved = assert_set_aside(dir.path(), &loaded.notices, SETTINGS_FILE, bytes);
        if what == "a newer version" {
            let StoreNotice::SetAside { reason, .. } = &loaded.notices[0] else {
                unreachable!()
            };
            assert_eq!(reason, &StoreError::NewerVersion { found: 2, known: 1 });
            assert!(reason.to_string().contains("newer"), "{reason}");
        }

        // The next save works and the set-aside file stays.
        let settings = custom_settings();
        store
            .save_settings(&settings)
            .expect("saved after setting aside");
        let again = store.load_settings();
        assert!(again.notices.is_empty(), "{what}: {:?}", again.notices);
        assert_eq!(again.value, settings, "{what}");
        assert!(moved.exists(), "{what}");
    }
}

#[test]
fn setting_aside_twice_keeps_both_files() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    fs::write(dir.path().join(SETTINGS_FILE), b"first").expect("written");
    let first = store.load_settings();
    fs::write(dir.path().join(SETTINGS_FILE), b"second").expect("written");
    let second = store.load_settings();
    let a = assert_set_aside(dir.path(), &first.notices, SETTINGS_FILE, b"first");
    let b = assert_set_aside(dir.path(), &second.notices, SETTINGS_FILE, b"second");
    assert_ne!(a, b);
    assert_eq!(file_names(dir.path()).len(), 2);
}

#[test]
fn an_unreadable_settings_file_is_set_aside() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    // A folder where the file should be cannot be read as a file.
    fs::create_dir(dir.path().join(SETTINGS_FILE)).expect("created");
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    let [StoreNotice::SetAside { moved_to, .. }] = loaded.notices.as_slice() else {
        panic!("expected one SetAside notice, got {:?}", loaded.notices);
    };
    assert!(moved_to.is_dir());
    store.save_settings(&custom_settings()).expect("saved");
    assert_eq!(store.load_settings().value, custom_settings());
}

#[test]
fn a_saved_game_that_does_not_replay_is_set_aside() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let game = game_of(GameId::Neihuang, "c3 a1");
    let mut saved = SavedGame::new(Setup::default(), Some(Side::Black), &game, None, &[]);
    // Valid JSON of the right shape, but the third action places on an occupied point.
    saved.record.actions.push("c3".to_string());
    let bytes = serde_json::to_vec_pretty(&saved).expect("encoded");
    fs::write(dir.path().join(GAME_FILE), &bytes).expect("written");

    let loaded = store.load_game();
    assert_eq!(loaded.value, None);
    assert_set_aside(dir.path(), &loaded.notices, GAME_FILE, &bytes);
    let StoreNotice::SetAside { reason, .. } = &loaded.notices[0] else {
        unreachable!()
    };
    assert_eq!(
        reason,
        &StoreError::SavedGame(SavedGameError::Record(RecordError::Illegal {
            index: 3,
            action: Action::Place(Point::parse("c3").expect("a point")),
            reason: IllegalAction::Occupied(Point::parse("c3").expect("a point")),
        }))
    );
    assert_eq!(reason.to_string(), "action 3 `c3`: c3 is occupied");

    // Other unusable saved games: a record of another game than the setup's, a bad redo
    // entry, a missing record.
    let mut other_game = SavedGame::new(Setup::default(), None, &game, None, &[]);
    other_game.setup.game = GameId::Flying;
    let mut bad_redo = SavedGame::new(Setup::default(), None, &game, None, &[]);
    bad_redo.redo.push("z9".to_string());
    let cases = [
        serde_json::to_vec(&other_game).expect("encoded"),
        serde_json::to_vec(&bad_redo).expect("encoded"),
        br#"{"version": 1, "setup": {}}"#.to_vec(),
    ];
    for bytes in cases {
        let dir = temp_dir();
        let store = Store::at(dir.path());
        fs::write(dir.path().join(GAME_FILE), &bytes).expect("written");
        let loaded = store.load_game();
        assert_eq!(loaded.value, None);
        assert_set_aside(dir.path(), &loaded.notices, GAME_FILE, &bytes);
    }
}

#[test]
fn corrupt_stats_are_set_aside() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let bytes = br#"{"tallies": {"flying/easy": {"wins": -1}}}"#;
    fs::write(dir.path().join(STATS_FILE), bytes).expect("written");
    let loaded = store.load_stats();
    assert_eq!(loaded.value, Stats::default());
    assert_set_aside(dir.path(), &loaded.notices, STATS_FILE, bytes);
}

/// Checks a store that cannot keep anything: the app can still run.
fn assert_keeps_nothing(store: &Store) {
    assert!(!store.is_writable());
    let notices = store.startup_notices();
    assert!(
        matches!(notices.as_slice(), [StoreNotice::NotWritable { .. }]),
        "{notices:?}"
    );
    let settings = store.load_settings();
    assert_eq!(settings.value, Settings::default());
    assert!(settings.notices.is_empty(), "{:?}", settings.notices);
    assert_eq!(store.load_game().value, None);
    assert_eq!(store.load_stats().value, Stats::default());
    assert!(store.save_settings(&Settings::default()).is_err());
    let game = Game::new(GameId::Flying);
    let saved = SavedGame::new(Setup::default(), None, &game, None, &[]);
    let error = store.save_game(&saved).expect_err("not kept");
    assert!(!error.to_string().is_empty());
    assert!(store.save_stats(&Stats::default()).is_err());
    assert!(store.clear_game().is_err());
}

#[test]
fn a_data_folder_that_cannot_exist_keeps_nothing() {
    let dir = temp_dir();
    let file = dir.path().join("a-file");
    fs::write(&file, b"not a folder").expect("written");
    let store = Store::at(file.join("data"));
    assert_keeps_nothing(&store);
    let notices = store.startup_notices();
    let [
        StoreNotice::NotWritable {
            dir: Some(named), ..
        },
    ] = notices.as_slice()
    else {
        panic!("expected NotWritable with the folder");
    };
    assert_eq!(named, &file.join("data"));
    let record = Record::of_game(&Game::new(GameId::Wudao), Metadata::default());
    assert!(store.export_record(&record).is_err());
    assert!(store.list_records().is_empty());
    assert_eq!(fs::read(&file).expect("still there"), b"not a folder");
}

#[cfg(unix)]
#[test]
fn a_read_only_data_folder_keeps_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let data = dir.path().join("data");
    fs::create_dir(&data).expect("created");
    fs::write(data.join(SETTINGS_FILE), b"{\"flip_board\": true}").expect("written");
    fs::set_permissions(&data, fs::Permissions::from_mode(0o555)).expect("chmod");
    // Root (as in CI) writes anywhere: the permission bits cannot be tested there.
    let enforced = fs::write(data.join("probe"), b"x").is_err();
    if enforced {
        let store = Store::at(&data);
        assert!(!store.is_writable());
        assert!(matches!(
            store.startup_notices().as_slice(),
            [StoreNotice::NotWritable { .. }]
        ));
        // What is there can still be read.
        assert!(store.load_settings().value.flip_board);
        assert!(store.save_settings(&Settings::default()).is_err());
        assert!(store.save_stats(&Stats::default()).is_err());
        assert_eq!(file_names(&data), [SETTINGS_FILE]);
    } else {
        let _ = fs::remove_file(data.join("probe"));
        println!("note: permission bits are not enforced for this user (root?); skipped");
    }
    fs::set_permissions(&data, fs::Permissions::from_mode(0o755)).expect("chmod back");
}

#[test]
fn atomic_writes_leave_no_temporary_files() {
    let dir = temp_dir();
    let path = dir.path().join("file.json");
    for i in 0..50 {
        write_atomic(&path, format!("{{\"n\": {i}}}").as_bytes()).expect("written");
    }
    assert_eq!(fs::read_to_string(&path).expect("read"), "{\"n\": 49}");
    assert_eq!(file_names(dir.path()), ["file.json"]);

    // A write that fails leaves neither a temporary file nor a changed target.
    let blocked = dir.path().join("blocked.json");
    fs::create_dir(&blocked).expect("created");
    fs::write(blocked.join("inside"), b"x").expect("written");
    assert!(write_atomic(&blocked, b"data").is_err());
    assert!(blocked.is_dir());
    assert_eq!(file_names(dir.path()), ["blocked.json", "file.json"]);
    assert!(write_atomic(&dir.path().join("no-such-folder/f.json"), b"x").is_err());
    assert_eq!(file_names(dir.path()), ["blocked.json", "file.json"]);
}

#[test]
fn readers_never_see_a_partial_file() {
    let dir = temp_dir();
    let path = dir.path().join("shared.json");
    // Two writers (as two instances of the app would) and a reader: every read is one of
    // the complete versions.
    let versions: Vec<Vec<u8>> = (0..4u8)
        .map(|v| vec![b'a' + v; 256 * 1024 + usize::from(v) * 4096])
        .collect();
    write_atomic(&path, &versions[0]).expect("written");
    std::thread::scope(|scope| {
        for writer in 0..2 {
            let (path, versions) = (&path, &versions);
            scope.spawn(move || {
                for i in 0..40 {
                    write_atomic(path, &versions[(writer + i) % versions.len()]).expect("written");
                }
            });
        }
        for _ in 0..200 {
            let bytes = fs::read(&path).expect("read");
            assert!(
                versions.contains(&bytes),
                "a torn file of {} bytes",
                bytes.len()
            );
        }
    });
    assert_eq!(file_names(dir.path()), ["shared.json"]);
}

#[test]
fn two_stores_in_one_folder_last_writer_wins() {
    let dir = temp_dir();
    let first = Store::at(dir.path());
    let second = Store::at(dir.path());
    first.save_settings(&custom_settings()).expect("saved");
    second.save_settings(&Settings::default()).expect("saved");
    assert_eq!(first.load_settings().value, Settings::default());
}

#[test]
fn exported_records_never_overwrite_and_reopen() {
    let dir = temp_dir();
    let store = Store::at(dir.path().join("data")).with_records_dir(dir.path().join("records"));
    assert_eq!(store.records_dir(), dir.path().join("records"));
    let game = game_of(GameId::Flying, "a1-a2 b5-b4");
    let record = Record::of_game(&game, Setup::default().players(Some(Side::Black)));
    let mut paths = Vec::new();
    for _ in 0..3 {
        paths.push(store.export_record(&record).expect("exported"));
    }
    let names = file_names_of(&paths);
    for name in &names {
        assert!(
            name.starts_with("sanqi-flying-") && name.ends_with(".json"),
            "{name}"
        );
    }
    assert_ne!(names[0], names[1]);
    assert_ne!(names[1], names[2]);
    assert_ne!(names[0], names[2]);
    if names[0].len() == "sanqi-flying-2026-11-29-1432.json".len()
        && names[1].len() > names[0].len()
    {
        assert!(names[1].ends_with("-2.json"), "{names:?}");
    }
    for path in &paths {
        let (read, replayed) = read_record_file(path).expect("reopens");
        assert_eq!(read, record);
        assert_eq!(replayed, game);
    }
    // No temporary files, and the listing has all three.
    let mut listed = store.list_records();
    assert_eq!(listed.len(), 3);
    listed.sort();
    let mut expected = paths.clone();
    expected.sort();
    assert_eq!(listed, expected);
    assert_eq!(file_names(&dir.path().join("records")).len(), 3);
}

#[test]
fn store_at_exports_into_its_own_folder() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    assert_eq!(store.records_dir(), dir.path().join("records"));
    let record = Record::of_game(&Game::new(GameId::Wudao), Metadata::default());
    let path = store.export_record(&record).expect("exported");
    assert!(path.starts_with(dir.path().join("records")));
}

#[test]
fn records_are_listed_newest_first() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let records = store.records_dir();
    fs::create_dir_all(&records).expect("created");
    let now = SystemTime::now();
    for (name, age) in [("old.json", 300), ("newest.json", 0), ("middle.json", 100)] {
        let path = records.join(name);
        fs::write(&path, b"{}").expect("written");
        let file = fs::File::options().write(true).open(&path).expect("opened");
        file.set_modified(now - Duration::from_secs(age))
            .expect("set time");
    }
    fs::write(records.join("notes.txt"), b"not a record").expect("written");
    fs::create_dir(records.join("folder.json")).expect("created");
    let listed = listed_names(&store);
    assert_eq!(listed, ["newest.json", "middle.json", "old.json"]);
}

#[test]
fn reading_a_bad_record_file_names_the_problem() {
    let dir = temp_dir();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        fs::write(&path, bytes).expect("written");
        path
    };
    let garbage = write("garbage.json", b"\x00\x01\xffnot json at all");
    let error = read_record_file(&garbage).expect_err("garbage");
    assert!(
        matches!(error, StoreError::Record(RecordError::Malformed(_))),
        "{error:?}"
    );
    assert!(
        error.to_string().starts_with("not a valid game record"),
        "{error}"
    );

    let other = write(
        "other.json",
        br#"{"format": "chess", "version": 1, "game": "x", "actions": []}"#,
    );
    let error = read_record_file(&other).expect_err("not a record");
    assert_eq!(
        error,
        StoreError::Record(RecordError::NotARecord("chess".to_string()))
    );

    let mut record = Record::of_game(&game_of(GameId::Flying, "a1-a2"), Metadata::default());
    record.actions.push("b5-b3".to_string());
    record.actions.push("a2-c4".to_string());
    let illegal = write("illegal.json", record.to_json().as_bytes());
    let error = read_record_file(&illegal).expect_err("illegal");
    assert!(
        error.to_string().starts_with("action 3 `a2-c4`: "),
        "{error}"
    );

    record.actions[1] = "b5~b3".to_string();
    let unparsable = write("unparsable.json", record.to_json().as_bytes());
    let error = read_record_file(&unparsable).expect_err("unparsable");
    assert_eq!(
        error,
        StoreError::Record(RecordError::Unparsable {
            index: 2,
            text: "b5~b3".to_string()
        })
    );

    let error = read_record_file(&dir.path().join("missing.json")).expect_err("missing");
    assert_eq!(error, StoreError::Read(ReadError::NotFound));

    let huge = dir.path().join("huge.json");
    let file = fs::File::create(&huge).expect("created");
    file.set_len(16 * 1024 * 1024 + 1).expect("sized");
    let error = read_record_file(&huge).expect_err("too large");
    assert_eq!(
        error,
        StoreError::Read(ReadError::TooLarge {
            limit: 16 * 1024 * 1024
        })
    );
    assert_eq!(error.to_string(), "the file is larger than 16 MiB");

    // Random bytes never panic.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for i in 0..200 {
        let len = (i * 7) % 300;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 24) as u8
            })
            .collect();
        let path = write("random.json", &bytes);
        assert!(read_record_file(&path).is_err());
    }
}

#[test]
fn saving_writes_the_current_version() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let settings = Settings {
        version: 0,
        ..Settings::default()
    };
    store.save_settings(&settings).expect("saved");
    let json: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join(SETTINGS_FILE)).expect("read"))
            .expect("JSON");
    assert_eq!(json["version"], SETTINGS_VERSION);
    assert_eq!(json["last_setup"]["clock"], "60");
    assert_eq!(json["last_setup"]["opponent"]["kind"], "computer");
}

#[test]
fn redo_actions_keep_their_order() {
    let game = game_of(GameId::Wudao, "c3");
    let redo: Vec<Action> = parse_actions("d4 b2 timeout").expect("actions");
    let setup = Setup {
        game: GameId::Wudao,
        opponent: Opponent::Human,
        clock: ClockSetting::S120,
    };
    let saved = SavedGame::new(setup, None, &game, None, &redo);
    assert_eq!(saved.redo, ["d4", "b2", "timeout"]);
    let (restored, restored_redo) = saved.restore().expect("replays");
    assert_eq!(restored, game);
    assert_eq!(restored_redo, redo);
}

#[test]
fn records_with_names_in_any_script_are_listed() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let records = store.records_dir();
    fs::create_dir_all(records.join("棋谱记录")).expect("created");
    fs::write(records.join("我的棋局.txt"), b"not a record").expect("written");
    fs::write(records.join("é.json"), b"{}").expect("written");
    fs::write(records.join("对局.json"), b"{}").expect("written");
    fs::write(records.join("记录.JSON"), b"{}").expect("written");
    fs::write(records.join("棋.json.bak"), b"{}").expect("written");
    let mut listed = listed_names(&store);
    listed.sort();
    assert_eq!(listed, ["é.json", "对局.json", "记录.JSON"]);

    // A name that is not even valid UTF-8 is listed too.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"\xff\xfe.json");
        fs::write(records.join(name), b"{}").expect("written");
        assert!(store.list_records().contains(&records.join(name)));
    }
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_never_opened() {
    for file in [SETTINGS_FILE, STATS_FILE, GAME_FILE] {
        let dir = temp_dir();
        make_fifo(&dir.path().join(file));
        let path = dir.path().to_path_buf();
        let notices = without_hanging(file, move || {
            let store = Store::at(&path);
            match file {
                SETTINGS_FILE => store.load_settings().notices,
                STATS_FILE => store.load_stats().notices,
                _ => store.load_game().notices,
            }
        });
        // Set aside like any file that cannot be used; the next save works.
        let [StoreNotice::SetAside { moved_to, .. }] = notices.as_slice() else {
            panic!("{file}: expected one SetAside notice, got {notices:?}");
        };
        assert!(!dir.path().join(file).exists());
        assert!(fs::symlink_metadata(moved_to).is_ok(), "{file}");
        let store = Store::at(dir.path());
        store.save_settings(&custom_settings()).expect("saved");
        assert_eq!(store.load_settings().value, custom_settings());
    }
    // A record file that is a FIFO or a device.
    let dir = temp_dir();
    let fifo = dir.path().join("record.json");
    make_fifo(&fifo);
    for path in [fifo, PathBuf::from("/dev/zero")] {
        let shown = path.clone();
        let error = without_hanging("reading a record", move || read_record_file(&path))
            .expect_err("not a record");
        assert!(
            error.to_string().contains("not a regular file"),
            "{}: {error}",
            shown.display()
        );
    }
}

#[test]
fn a_byte_order_mark_before_a_data_file_is_allowed() {
    let dir = temp_dir();
    let store = Store::at(dir.path());
    fs::write(
        dir.path().join(SETTINGS_FILE),
        b"\xEF\xBB\xBF{\"flip_board\": true}",
    )
    .expect("written");
    let loaded = store.load_settings();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert!(loaded.value.flip_board);
}

#[test]
fn a_saved_game_must_be_a_current_record_of_a_game_in_progress() {
    let setup = Setup {
        game: GameId::Flying,
        ..Setup::default()
    };
    let game = game_of(GameId::Flying, "a1-a2 e5-e4");
    let valid = SavedGame::new(setup, None, &game, None, &[]);
    assert!(valid.restore().is_ok());
    let mut wrong_format = valid.clone();
    wrong_format.record.format = "chess-record".to_string();
    let mut wrong_version = valid.clone();
    wrong_version.record.version = 7;
    let over = game_of(
        GameId::Flying,
        "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1 a4-a5",
    );
    assert!(over.status().is_over());
    let finished = SavedGame::new(setup, None, &over, None, &[]);
    for (what, saved) in [
        ("wrong format", wrong_format),
        ("wrong version", wrong_version),
        ("finished game", finished),
    ] {
        assert!(saved.restore().is_err(), "{what} restores");
        let dir = temp_dir();
        let store = Store::at(dir.path());
        let bytes = serde_json::to_vec(&saved).expect("encoded");
        fs::write(dir.path().join(GAME_FILE), &bytes).expect("written");
        let loaded = store.load_game();
        assert_eq!(loaded.value, None, "{what}");
        assert_set_aside(dir.path(), &loaded.notices, GAME_FILE, &bytes);
    }
}

#[test]
fn notices_stay_on_one_line_whatever_the_file_holds() {
    use sanqi::app::error::store_notice;
    use sanqi::app::i18n::I18n;
    let dir = temp_dir();
    let store = Store::at(dir.path());
    let hostile = format!(
        "{{\"language\": \"x\\ny\\r\\u001b[2J{}\"}}",
        "z".repeat(100_000)
    );
    fs::write(dir.path().join(SETTINGS_FILE), hostile).expect("written");
    let loaded = store.load_settings();
    let [notice] = loaded.notices.as_slice() else {
        panic!("expected one notice, got {:?}", loaded.notices);
    };
    let texts = [
        notice.to_string(),
        store_notice(&I18n::new(Language::English), notice),
        store_notice(&I18n::new(Language::Chinese), notice),
    ];
    for text in texts {
        assert!(
            !text.contains(['\n', '\r', '\u{1b}']) && text.len() < 600,
            "{} bytes: {text:?}",
            text.len()
        );
        assert!(text.contains("x\\ny\\r\\u{1b}[2J"), "{text}");
    }
}

#[cfg(unix)]
#[test]
fn files_that_are_links_stay_links_and_their_targets_are_written() {
    let dir = temp_dir();
    let elsewhere = temp_dir();
    let store = Store::at(dir.path());
    let settings_target = elsewhere.path().join("my-settings.json");
    fs::write(&settings_target, b"{}").expect("written");
    let settings_link = dir.path().join(SETTINGS_FILE);
    std::os::unix::fs::symlink(&settings_target, &settings_link).expect("a link");
    // A link that leads to another link, relative to its folder, and one to no file yet.
    let puzzles_target = elsewhere.path().join("puzzles-real.json");
    let middle = elsewhere.path().join("puzzles-middle.json");
    std::os::unix::fs::symlink("puzzles-real.json", &middle).expect("a link");
    let puzzles_link = dir.path().join("puzzles.json");
    std::os::unix::fs::symlink(&middle, &puzzles_link).expect("a link");

    let settings = custom_settings();
    store.save_settings(&settings).expect("saved");
    store
        .save_puzzles(&sanqi::app::puzzles::PuzzleProgress::default())
        .expect("saved");

    for link in [&settings_link, &puzzles_link, &middle] {
        let kind = fs::symlink_metadata(link).expect("still there").file_type();
        assert!(kind.is_symlink(), "{} is still a link", link.display());
    }
    assert_eq!(store.load_settings().value, settings);
    assert!(
        fs::read_to_string(&settings_target)
            .expect("the target")
            .contains("\"version\"")
    );
    assert!(
        fs::symlink_metadata(&puzzles_target)
            .expect("written")
            .is_file()
    );
    // Nothing was left beside the links or their targets.
    for folder in [dir.path(), elsewhere.path()] {
        let names = file_names(folder);
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    }
}

#[test]
fn the_levels_played_are_kept_per_game_and_a_strange_entry_is_left_out() {
    let mut settings = Settings::default();
    settings.remember_level(GameId::Wudao, Level::Easy);
    settings.remember_level(GameId::Flying, Level::Casual);
    let json = serde_json::to_string(&settings).expect("written");
    assert!(json.contains(r#""levels":{"wudao":"easy"}"#), "{json}");
    let back: Settings = serde_json::from_str(&json).expect("read");
    assert_eq!(back, settings);
    // A game or a level this version does not know, or a level its game does not offer.
    let odd = r#"{"version":1,"levels":{"wudao":"hard","chess":"easy","flying":"casual","neihuang":"grandmaster"}}"#;
    let read: Settings = serde_json::from_str(odd).expect("read");
    assert_eq!(
        read.levels.into_iter().collect::<Vec<_>>(),
        [(GameId::Wudao, Level::Hard)]
    );
}

#[test]
fn a_saved_game_keeps_why_it_is_not_rated_and_reads_a_reason_it_does_not_know() {
    let saved = SavedGame::new(
        Setup::default(),
        Some(Side::Black),
        &Game::new(GameId::Neihuang),
        None,
        &[],
    )
    .unrated(Some(Unrated::ClockChanged));
    let json = serde_json::to_string(&saved).expect("written");
    assert!(json.contains(r#""unrated":"clock_changed""#), "{json}");
    assert!(json.contains(r#""assisted":true"#), "{json}");
    let back: SavedGame = serde_json::from_str(&json).expect("read");
    assert_eq!(back.unrated_reason(), Some(Unrated::ClockChanged));
    let later = json.replace("clock_changed", "moon_phase");
    let back: SavedGame = serde_json::from_str(&later).expect("still read");
    assert_eq!(back.unrated_reason(), Some(Unrated::Help));
}
