//! The app's files at the edges: two instances of the app sharing one data folder (two
//! `Store`s on the same folder, each on its own thread, as two processes would be), and a
//! data folder that cannot exist, with the store and with the whole app on top of it.
//!
//! `tests/storage.rs` covers single writes, corrupt files and raw `write_atomic` races; these
//! tests drive the three real files (settings, the saved game, statistics) through the
//! `Store` API from two writers at once.

// Both helpers give every test process its own data folder through the same small module.
#![allow(clippy::duplicate_mod)]

mod common;
// `common` and `window` both bring the data folder's isolation; the second copy finds the
// folder the first named and uses it, so the two agree.
#[allow(clippy::duplicate_mod)]
#[path = "common/window.rs"]
mod window;

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

use common::file_names;
use egui_kittest::kittest::Queryable;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::{I18n, Language};
use sanqi::app::settings::{Outcome, SavedGame, Settings, Setup, Stats};
use sanqi::app::storage::{GAME_FILE, SETTINGS_FILE, STATS_FILE, Store, StoreNotice};
use sanqi::app::{Banner, Command, Screen};
use sanqi::rules::notation::parse_actions;
use sanqi::rules::{Game, GameId, Side};
use window::{WindowSpec, window_with};

/// How many times each writer saves each file.
const ROUNDS: u32 = 120;

// ----- What each writer writes: every version says who wrote it and when. -----

/// The settings of writer `w`'s round `n`: the window size carries both numbers.
fn settings_of(w: u32, n: u32) -> Settings {
    Settings {
        window_size: Some([1000.0 + w as f32, 600.0 + n as f32]),
        flip_board: w == 1,
        show_coordinates: n.is_multiple_of(2),
        ..Settings::default()
    }
}

/// Who wrote these settings, checking that they are one whole version.
fn settings_writer(settings: &Settings) -> (u32, u32) {
    let [width, height] = settings.window_size.expect("a window size");
    let (w, n) = ((width - 1000.0) as u32, (height - 600.0) as u32);
    assert!(w < 2 && n < ROUNDS, "an unknown version: {settings:?}");
    assert_eq!(settings, &settings_of(w, n), "a mixed version");
    (w, n)
}

/// A Square Flying Chess game a few moves in, the same for every version.
fn flying_game() -> Game {
    let mut game = Game::new(GameId::Flying);
    for action in parse_actions("a1-a3 e5-e2 b1-b3").expect("actions") {
        game.apply(action).expect("legal");
    }
    game
}

/// The saved game of writer `w`'s round `n`: the clock carries both numbers.
fn game_of(game: &Game, w: u32, n: u32) -> SavedGame {
    let setup = Setup {
        game: GameId::Flying,
        ..Setup::default()
    };
    let side = if w == 0 { Side::Black } else { Side::White };
    let clock = u64::from(w) * 1_000_000 + u64::from(n);
    SavedGame::new(setup, Some(side), game, Some(clock), &[])
}

fn game_writer(game: &Game, saved: &SavedGame) -> (u32, u32) {
    let clock = saved.clock_remaining_ms.expect("a clock");
    let (w, n) = ((clock / 1_000_000) as u32, (clock % 1_000_000) as u32);
    assert!(w < 2 && n < ROUNDS, "an unknown version: {saved:?}");
    assert_eq!(saved, &game_of(game, w, n), "a mixed version");
    (w, n)
}

/// The statistics of writer `w`'s round `n`: `n + 1` wins against the opponent `w<w>`.
fn stats_of(w: u32, n: u32) -> Stats {
    let mut stats = Stats::default();
    for _ in 0..=n {
        stats.record(GameId::Wudao, &format!("w{w}"), Outcome::Win);
    }
    stats.record(GameId::Neihuang, Stats::HUMAN, Outcome::Draw);
    stats
}

fn stats_writer(stats: &Stats) -> (u32, u32) {
    let found: Vec<(u32, u32)> = (0..2)
        .filter_map(|w| {
            let wins = stats.tally(GameId::Wudao, &format!("w{w}")).wins;
            (wins > 0).then(|| (w, wins - 1))
        })
        .collect();
    let [(w, n)] = found.as_slice() else {
        panic!("an unknown version: {stats:?}");
    };
    assert!(*n < ROUNDS, "an unknown version: {stats:?}");
    assert_eq!(stats, &stats_of(*w, *n), "a mixed version");
    (*w, *n)
}

/// Loads all three files: each must parse (no notice, nothing set aside) and be one whole
/// version written by one of the writers. Gives who wrote each.
fn load_all(store: &Store, game: &Game) -> [(u32, u32); 3] {
    let settings = store.load_settings();
    assert!(settings.notices.is_empty(), "{:?}", settings.notices);
    let saved = store.load_game();
    assert!(saved.notices.is_empty(), "{:?}", saved.notices);
    let stats = store.load_stats();
    assert!(stats.notices.is_empty(), "{:?}", stats.notices);
    [
        settings_writer(&settings.value),
        game_writer(game, &saved.value.expect("a saved game")),
        stats_writer(&stats.value),
    ]
}

fn save_all(store: &Store, game: &Game, w: u32, n: u32) {
    store.save_settings(&settings_of(w, n)).expect("saved");
    store.save_game(&game_of(game, w, n)).expect("saved");
    store.save_stats(&stats_of(w, n)).expect("saved");
}

/// The folder holds exactly the three files: no temporary file left, nothing set aside.
fn assert_only_the_three_files(dir: &Path) {
    let names = file_names(dir);
    assert_eq!(names, [GAME_FILE, SETTINGS_FILE, STATS_FILE]);
}

#[test]
fn two_instances_saving_at_once_never_leave_a_torn_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let game = flying_game();
    save_all(&Store::at(dir.path()), &game, 0, 0);
    let done = AtomicBool::new(false);
    let last = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..2u32)
            .map(|w| {
                let (dir, game) = (dir.path(), &game);
                scope.spawn(move || {
                    // Each writer is its own instance: its own store on the shared folder.
                    let store = Store::at(dir);
                    assert!(store.is_writable());
                    for n in 0..ROUNDS {
                        save_all(&store, game, w, n);
                        // What it reads back may already be the other writer's.
                        load_all(&store, game);
                    }
                })
            })
            .collect();
        // A third instance that only reads while the two write.
        let reader = scope.spawn(|| {
            let store = Store::at(dir.path());
            let mut reads = 0u32;
            while !done.load(Ordering::Relaxed) || reads == 0 {
                load_all(&store, &game);
                reads += 1;
            }
            reads
        });
        for writer in writers {
            writer.join().expect("the writer did not panic");
        }
        done.store(true, Ordering::Relaxed);
        assert!(reader.join().expect("the reader did not panic") > 0);
        load_all(&Store::at(dir.path()), &game)
    });
    // Each file ends as the last version one of the writers saved.
    for (w, n) in last {
        assert!(w < 2);
        assert_eq!(n, ROUNDS - 1);
    }
    assert_only_the_three_files(dir.path());
}

/// Two instances take turns (each on its own thread); before each turn, the instance checks
/// that it reads exactly what the other saved last.
#[test]
fn two_instances_taking_turns_the_last_writer_wins() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let game = flying_game();
    // (turn, what was last saved) shared by the two threads.
    let turn = Mutex::new((0u32, None::<(u32, u32)>));
    let changed = Condvar::new();
    std::thread::scope(|scope| {
        for w in 0..2u32 {
            let (dir, game, turn, changed) = (dir.path(), &game, &turn, &changed);
            scope.spawn(move || {
                let store = Store::at(dir);
                for n in 0..ROUNDS {
                    let mut state = changed
                        .wait_while(turn.lock().expect("the lock"), |(t, _)| *t % 2 != w)
                        .expect("the lock");
                    match state.1 {
                        None => {
                            assert_eq!(store.load_settings().value, Settings::default());
                            assert_eq!(store.load_game().value, None);
                            assert_eq!(store.load_stats().value, Stats::default());
                        }
                        Some(last) => assert_eq!(load_all(&store, game), [last; 3]),
                    }
                    // Odd rounds save the three files in another order.
                    if n.is_multiple_of(2) {
                        save_all(&store, game, w, n);
                    } else {
                        store.save_stats(&stats_of(w, n)).expect("saved");
                        store.save_game(&game_of(game, w, n)).expect("saved");
                        store.save_settings(&settings_of(w, n)).expect("saved");
                    }
                    assert_eq!(load_all(&store, game), [(w, n); 3]);
                    *state = (state.0 + 1, Some((w, n)));
                    changed.notify_all();
                }
            });
        }
    });
    assert_eq!(turn.lock().expect("the lock").0, 2 * ROUNDS);
    assert_eq!(
        load_all(&Store::at(dir.path()), &game),
        [(1, ROUNDS - 1); 3]
    );
    assert_only_the_three_files(dir.path());
}

#[test]
fn each_file_has_its_own_last_writer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let game = flying_game();
    let (first, second) = (Store::at(dir.path()), Store::at(dir.path()));
    first.save_settings(&settings_of(0, 1)).expect("saved");
    second.save_game(&game_of(&game, 1, 2)).expect("saved");
    first.save_stats(&stats_of(0, 3)).expect("saved");
    second.save_settings(&settings_of(1, 4)).expect("saved");
    first.save_game(&game_of(&game, 0, 5)).expect("saved");
    for store in [&first, &second] {
        assert_eq!(load_all(store, &game), [(1, 4), (0, 5), (0, 3)]);
    }
    // One instance ends the game while the other still shows it: the saved game is gone for
    // both, and a later save by the other brings it back.
    first.clear_game().expect("cleared");
    assert_eq!(second.load_game().value, None);
    second.save_game(&game_of(&game, 1, 6)).expect("saved");
    assert_eq!(
        first.load_game().value.map(|g| game_writer(&game, &g)),
        Some((1, 6))
    );
    assert_only_the_three_files(dir.path());
}

// ----- A data folder that cannot be created -----

/// Checks a store that keeps nothing, without panicking anywhere.
fn assert_usable_but_keeps_nothing(store: &Store) {
    assert!(!store.is_writable());
    assert!(
        matches!(
            store.startup_notices().as_slice(),
            [StoreNotice::NotWritable { dir: Some(_), .. }]
        ),
        "{:?}",
        store.startup_notices()
    );
    let settings = store.load_settings();
    assert_eq!(settings.value, Settings::default());
    assert!(settings.notices.is_empty(), "{:?}", settings.notices);
    let saved = store.load_game();
    assert_eq!(saved.value, None);
    assert!(saved.notices.is_empty(), "{:?}", saved.notices);
    let stats = store.load_stats();
    assert_eq!(stats.value, Stats::default());
    assert!(stats.notices.is_empty(), "{:?}", stats.notices);
    let game = flying_game();
    for result in [
        store.save_settings(&settings_of(0, 0)),
        store.save_game(&game_of(&game, 0, 0)),
        store.save_stats(&stats_of(0, 0)),
        store.clear_game(),
    ] {
        let error = result.expect_err("nothing can be saved");
        assert!(!error.to_string().is_empty());
    }
    assert!(store.list_records().is_empty());
}

#[test]
fn a_data_folder_that_is_a_file_keeps_nothing_and_harms_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("sanqi");
    fs::write(&file, b"a file where the data folder should be").expect("written");
    // The folder itself is a file, and a folder below a file: neither can be created.
    for path in [file.clone(), file.join("data")] {
        let store = Store::at(&path);
        assert_usable_but_keeps_nothing(&store);
        assert_eq!(store.dir(), Some(path.as_path()));
        // Opening it again (a second instance) says the same.
        assert_usable_but_keeps_nothing(&Store::at(&path));
    }
    assert_eq!(
        fs::read(&file).expect("still there"),
        b"a file where the data folder should be"
    );
    let mut names: Vec<_> = fs::read_dir(dir.path())
        .expect("readable")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["sanqi"]);
}

/// The whole app on a data folder that cannot exist: it opens, says once that nothing is
/// kept, and plays on without panicking or repeating the notice at every failed save.
#[test]
fn the_app_runs_on_a_data_folder_that_cannot_exist() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("not-a-folder");
    fs::write(&file, b"x").expect("written");
    let store = Store::at(file.join("data"));
    let [notice] = store.startup_notices().try_into().expect("one notice");
    let expected = sanqi::app::error::store_notice(&I18n::new(Language::English), &notice);

    let time = ManualTime::new();
    let spec = WindowSpec::default().seed(11);
    drop(store);
    let mut harness = window_with(&file.join("data"), spec.options(&time), spec.size);
    assert_eq!(harness.state().banners(), [Banner::Store(notice.clone())]);
    assert!(
        harness
            .query_all_by_label_contains(&expected)
            .next()
            .is_some(),
        "the notice is shown: {expected}"
    );

    // A game starts, ends, is exported and the language changes: every save fails.
    let started = harness.state_mut().apply(Command::StartGame(Setup {
        game: GameId::Flying,
        ..Setup::default()
    }));
    assert!(started.is_ok());
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Game);
    assert!(harness.state().session().is_some());
    assert!(harness.state_mut().apply(Command::Resign).is_ok());
    harness.run();
    // The export fails in the records dialog, not as another banner.
    assert!(
        harness
            .state_mut()
            .apply(Command::Open(sanqi::app::command::Open::Records))
            .is_ok()
    );
    assert!(harness.state_mut().apply(Command::ExportRecord).is_err());
    assert!(harness.state_mut().apply(Command::Back).is_ok());
    let language = harness
        .state_mut()
        .apply(Command::SetLanguage(Language::Chinese));
    assert!(language.is_ok());
    harness.run();
    assert_eq!(harness.state().language(), Language::Chinese);
    // Nothing was saved, and the one notice at the start stays the only one: failed saves
    // are not announced again and again.
    assert_eq!(harness.state().banners(), [Banner::Store(notice)]);
    assert_eq!(fs::read(&file).expect("untouched"), b"x");
}
