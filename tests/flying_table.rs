//! Master plays Flying from the table: the table's move through the engine's oracle, the quiet
//! turns passed on to it, the fallback to search on the command line when the table is
//! missing or damaged, the check of a table file that is done in full only once, and the
//! app's build of the table in the background.
//!
//! The game's table takes a quarter of an hour to build; these tests use a synthetic one of
//! the same size (sparse, all draws but for a few positions) and small boards.

mod common;
#[path = "common/synthetic_table.rs"]
mod synthetic_table;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::run_cli;
use sanqi::ai::{Config, Context, Engine, Level, Oracle, Request, Worker};
use sanqi::app::flying_table::{BuildState, TableBuild};
use sanqi::rules::{Action, GameId, State, flying};
use sanqi::tablebase::play::Source;
use sanqi::tablebase::{
    Board, BoardTable, BuildConfig, Check, Damage, Table, TableError, Value, build,
    checkpoint_path, position_of,
};

/// The start position and the synthetic table in `dir` in which its last legal move wins
/// (and so do the moves symmetric to it), with those winning moves.
fn table_with_a_winning_first_move(dir: &Path) -> (PathBuf, flying::State, Vec<Action>) {
    let State::Flying(start) = State::start(GameId::Flying) else {
        unreachable!("the start of Flying is a Flying position");
    };
    let winning = *State::Flying(start).legal_vec().last().expect("a move");
    let mut after = State::Flying(start);
    after.apply(winning).expect("legal");
    let State::Flying(after) = after else {
        unreachable!("Flying stays Flying");
    };
    let path = dir.join(sanqi::tablebase::FILE_NAME);
    // The move leaves the other side without a move: a win in 1 ply, and its flip distance.
    let indexer = Board::FLYING.indexer();
    synthetic_table::write(
        &path,
        &indexer,
        &[(start, Value::Win(1), 1), (after, Value::Loss(0), 0)],
    );
    let class = |s: &State| match s {
        State::Flying(s) => indexer.index(position_of(s)).0,
        _ => unreachable!("Flying stays Flying"),
    };
    let marked = class(&State::Flying(after));
    let winning = State::Flying(start)
        .legal_vec()
        .into_iter()
        .filter(|&a| {
            let mut s = State::Flying(start);
            s.apply(a).expect("legal");
            class(&s) == marked
        })
        .collect();
    (path, start, winning)
}

#[test]
fn master_plays_the_tables_move_and_expert_searches() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (path, start, winning) = table_with_a_winning_first_move(dir.path());
    let table = Arc::new(Table::open_with(&path, Check::Once).expect("a table"));
    // The table knows the move wins at once and every other move draws.
    let values = table.move_values(&start).expect("values");
    assert_eq!(values.len(), State::Flying(start).legal_vec().len());
    for (action, value) in &values {
        let expected = if winning.contains(action) {
            Value::Win(1)
        } else {
            Value::Draw
        };
        assert_eq!(*value, expected, "{action}");
    }
    let mut engine = Engine::with_oracle(table.clone());
    let cancel = AtomicBool::new(false);
    let state = State::Flying(start);
    for quiet in [0, 99] {
        let context = Context::new(&[], &cancel).with_quiet_turns(quiet);
        let plan = engine
            .plan(&state, &Config::new(Level::Master), 1, context)
            .expect("a plan");
        let best = table
            .best_move(&start, quiet)
            .expect("a probe")
            .expect("a move");
        assert!(winning.contains(&best), "{best}");
        assert_eq!(plan.actions, [best]);
        assert!(plan.from_oracle);
    }
    // Expert never asks the table.
    let mut expert = Config::new(Level::Expert);
    expert.set_nodes(300);
    let plan = engine
        .plan(&state, &expert, 1, Context::new(&[], &cancel))
        .expect("a plan");
    assert!(!plan.from_oracle);
    assert!(state.legal_vec().contains(&plan.actions[0]));

    // The command line plays it too, from the table named.
    let table = path.to_string_lossy();
    let (code, out, err) = run_cli(&[
        "bestmove",
        "flying",
        "--level",
        "master",
        "--movetime",
        "500",
        "--table",
        &table,
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains(" source table turn "), "{out}");
    let played = out.lines().last().expect("an action");
    assert!(winning.iter().any(|a| a.to_string() == played), "{played}");
}

/// Remembers the quiet turns it was asked with, and answers the first legal action.
#[derive(Default)]
struct Recorder(Mutex<Vec<u16>>);

impl Oracle for Recorder {
    fn best_move(&self, state: &State, quiet_turns: u16) -> Option<Action> {
        self.0.lock().expect("a lock").push(quiet_turns);
        state.legal_vec().first().copied()
    }
}

#[test]
fn the_quiet_turns_reach_the_oracle_from_the_engine_and_the_worker() {
    let recorder = Arc::new(Recorder::default());
    let cancel = AtomicBool::new(false);
    let start = State::start(GameId::Flying);
    let mut engine = Engine::with_oracle(recorder.clone());
    engine
        .plan(
            &start,
            &Config::new(Level::Master),
            1,
            Context::new(&[], &cancel).with_quiet_turns(37),
        )
        .expect("a plan");
    let worker = Worker::spawn_with(Engine::with_oracle(recorder.clone()), || {});
    worker
        .request(Request {
            state: start,
            history: Vec::new(),
            config: sanqi::ai::Config::new(Level::Master),
            seed: 1,
            quiet_turns: 12,
            generation: 1,
        })
        .expect("sent");
    let reply = worker.wait_reply().expect("a reply");
    assert!(reply.result.expect("a plan").from_oracle);
    assert_eq!(*recorder.0.lock().expect("a lock"), [37, 12]);
}

/// A 4×4 table of five pieces in `dir`.
fn small_table(dir: &Path) -> PathBuf {
    let out = dir.join("small.sanqi-table");
    let config = BuildConfig {
        board: Board::new(4, 5).expect("a valid board"),
        ..BuildConfig::flying(out.clone())
    };
    build(&config, 2, &mut |_| {}, &AtomicBool::new(false)).expect("a build");
    out
}

/// Every class of `table`'s board with its position, probed in the order given.
fn probe_all(table: &BoardTable, order: &[u64]) -> Vec<(u64, Result<Value, TableError>)> {
    let indexer = table.board().indexer();
    order
        .iter()
        .map(|&i| (i, table.lookup(indexer.position(i)).map(|(v, _)| v)))
        .collect()
}

#[test]
fn a_damaged_block_is_never_served_whatever_its_size_and_time() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = small_table(dir.path());
    let good = std::fs::read(&path).expect("the table");
    let modified = std::fs::metadata(&path)
        .expect("metadata")
        .modified()
        .expect("a time");
    let reference = BoardTable::open(&path).expect("a table");
    let indexer = reference.board().indexer();
    let classes: Vec<u64> = (0..indexer.entries())
        .filter(|&i| indexer.orbit(i).is_some())
        .collect();
    let truth: Vec<Value> = probe_all(&reference, &classes)
        .into_iter()
        .map(|(_, v)| v.expect("a value"))
        .collect();
    drop(reference);
    let data_end = (sanqi::tablebase::TABLE_HEADER_LEN + 2 * indexer.entries()) as usize;
    assert_eq!(
        good.len(),
        data_end + 4 * (data_end - 256).div_ceil(sanqi::tablebase::TABLE_BLOCK_LEN as usize)
    );
    let mut rng = common::Rng::new(7);
    let mut found = 0;
    // Damage one byte (in the data, or in the checksums after it) in place, keeping the
    // file's size and time, as bit rot or a restore that keeps times would.
    for round in 0..40 {
        let mut bytes = good.clone();
        let at = if round % 4 == 3 {
            data_end + rng.below(good.len() - data_end)
        } else {
            256 + rng.below(data_end - 256)
        };
        bytes[at] ^= 1 << rng.below(8);
        std::fs::write(&path, &bytes).expect("a write");
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(modified))
            .expect("the old time");
        // The quick open reads the header only: it cannot know yet.
        let table = BoardTable::open_with(&path, Check::Once).expect("a table");
        let mut order = classes.clone();
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k + 1));
        }
        let mut stopped = None;
        for (i, probed) in probe_all(&table, &order) {
            match probed {
                Ok(value) => {
                    let k = classes.binary_search(&i).expect("a class");
                    assert_eq!(value, truth[k], "round {round}: class {i} served wrong");
                    assert!(stopped.is_none(), "round {round}: a value after the damage");
                }
                Err(e) => {
                    // The first error names the damaged block; later ones repeat it.
                    let expected = stopped.get_or_insert_with(|| e.clone());
                    assert_eq!(&e, expected);
                }
            }
        }
        // Unless the damage lies in bytes no class uses, the probes found it.
        if let Some(TableError::Corrupt { reason, .. }) = &stopped {
            found += 1;
            assert!(matches!(reason, Damage::BlockChecksum { .. }), "{reason}");
            assert!(reason.to_string().contains("does not match its checksum"));
            assert_eq!(table.failure(), stopped.as_ref());
        } else {
            assert_eq!(stopped, None, "round {round}");
        }
        // The full check finds it at once, wherever it is.
        match BoardTable::open(&path) {
            Err(TableError::Corrupt { reason, .. }) => {
                assert!(matches!(reason, Damage::BlockChecksum { .. }), "{reason}");
            }
            other => panic!("round {round}: {:?}", other.err()),
        }
    }
    // Nearly every block holds classes in use.
    assert!(found >= 30, "{found}");
}

#[test]
fn a_table_of_the_older_format_is_refused_with_a_word_to_rebuild_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(sanqi::tablebase::FILE_NAME);
    let indexer = Board::FLYING.indexer();
    synthetic_table::write_version(&path, &indexer, &[], 1);
    let table = path.to_string_lossy();
    let (code, out, err) = run_cli(&["probe", "flying", "--table", &table]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "sanqi: the Flying table `{table}` cannot be used: it is in an older format \
             (format 1; this version of Sanqi reads format 2) (rebuild it with \
             `sanqi solve flying`)\n"
        )
    );
    let (code, out, err) = run_cli(&[
        "bestmove", "flying", "--level", "master", "--nodes", "300", "--table", &table,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("older format") && err.ends_with("; Master searches instead\n"));
    assert!(out.contains(" source search "), "{out}");
}

/// The start position, the synthetic table in `dir` in which it is won by its last legal
/// move, and that table with the entry of the start position damaged in place.
fn damaged_start(dir: &Path) -> (PathBuf, flying::State) {
    let (path, start, _) = table_with_a_winning_first_move(dir);
    let indexer = Board::FLYING.indexer();
    // "Win in 249": the value byte of the start position rewritten.
    synthetic_table::damage_in_place(&path, synthetic_table::offset_of(&indexer, &start), &[250]);
    (path, start)
}

#[test]
fn damage_found_in_play_gives_no_wrong_value_and_master_searches() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (path, start) = damaged_start(dir.path());
    let table = Table::open_with(&path, Check::Once).expect("the header is sound");
    assert!(matches!(
        table.probe(&start),
        Err(TableError::Corrupt {
            reason: Damage::BlockChecksum { .. },
            ..
        })
    ));
    // Stopped: nothing is served after the damage, not even from sound blocks.
    assert!(table.failure().is_some());
    assert!(table.move_values(&start).is_err());
    let table = Arc::new(Table::open_with(&path, Check::Once).expect("a table"));
    let mut engine = Engine::with_oracle(table.clone());
    let cancel = AtomicBool::new(false);
    let mut config = Config::new(Level::Master);
    config.set_nodes(300);
    let plan = engine
        .plan(
            &State::Flying(start),
            &config,
            1,
            Context::new(&[], &cancel),
        )
        .expect("a plan");
    assert!(!plan.from_oracle);
    assert!(table.failure().is_some());

    let table = path.to_string_lossy();
    let damage = format!("the Flying table `{table}` cannot be used: its data is damaged (block ");
    // probe: one line, no value at all.
    let (code, out, err) = run_cli(&["probe", "flying", "--table", &table]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("sanqi: {damage}")), "{err}");
    assert!(
        err.ends_with("(rebuild it with `sanqi solve flying`)\n"),
        "{err}"
    );
    // bestmove: the same line, and the search's move.
    let (code, out, err) = run_cli(&[
        "bestmove", "flying", "--level", "master", "--nodes", "300", "--table", &table,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&damage) && err.ends_with("; Master searches instead\n"),
        "{err}"
    );
    assert!(out.contains(" source search "), "{out}");
    // match: said once, and the games are played.
    let (code, out, err) = run_cli(&[
        "match",
        "flying",
        "--black",
        "master",
        "--white",
        "easy",
        "--games",
        "2",
        "--nodes",
        "200",
        "--max-actions",
        "6",
        "--quiet",
        "--table",
        &table,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches("Master searches instead").count(), 1, "{err}");
    assert!(err.contains(&damage), "{err}");
    assert!(out.contains("summary flying"), "{out}");
    // analyse: said, and the values are the search's.
    let record = dir.path().join("game.json");
    let mut game = sanqi::rules::Game::new(GameId::Flying);
    game.apply(Action::parse("a1-a4").expect("an action"))
        .expect("legal");
    std::fs::write(
        &record,
        sanqi::rules::records::Record::of_game(&game, Default::default()).to_json(),
    )
    .expect("a record");
    let (code, out, err) = run_cli(&[
        "analyse",
        &record.to_string_lossy(),
        "--nodes",
        "200",
        "--table",
        &table,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&damage), "{err}");
    assert!(!out.contains("249"), "{out}");
}

#[test]
fn the_apps_build_finishes_or_stops_and_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("built.sanqi-table");
    let config = BuildConfig {
        board: Board::new(4, 6).expect("a valid board"),
        ..BuildConfig::flying(out.clone())
    };
    // Cancelled at once: it stops with its checkpoint saved, and no table.
    let build = TableBuild::start(config.clone(), 1, || {});
    build.cancel();
    let wait = |build: &TableBuild| {
        while build.is_running() {
            std::thread::sleep(Duration::from_millis(5));
        }
        build.state()
    };
    assert_eq!(wait(&build), (BuildState::Cancelled, None));
    assert!(checkpoint_path(&out).exists());
    assert!(!out.exists());
    // Started again, it finishes: the table is written and the checkpoint removed.
    let build = TableBuild::start(config, 1, || {});
    let (state, why) = wait(&build);
    assert!(
        matches!(state, BuildState::Finished(_)),
        "{state:?} {why:?}"
    );
    assert!(!checkpoint_path(&out).exists());
    assert!(BoardTable::open(&out).is_ok());
    // A build that cannot write its file (its folder would be inside a file) fails with a
    // reason.
    let nowhere = BuildConfig {
        board: Board::new(3, 4).expect("a valid board"),
        ..BuildConfig::flying(out.join("t"))
    };
    let build = TableBuild::start(nowhere, 1, || {});
    let (state, why) = wait(&build);
    assert_eq!(state, BuildState::Failed);
    assert!(why.is_some());
}

#[test]
fn bestmove_and_match_search_when_the_table_is_missing_or_damaged() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let missing = dir.path().join("none.sanqi-table");
    let damaged = dir.path().join("damaged.sanqi-table");
    std::fs::write(&damaged, b"SANQI-TB and nothing else").expect("a write");
    let start = State::start(GameId::Flying);
    for (table, says) in [
        (&missing, "there is no Flying table"),
        (&damaged, "cannot be used"),
    ] {
        let table = table.to_string_lossy();
        let (code, out, err) = run_cli(&[
            "bestmove", "flying", "--level", "master", "--nodes", "400", "--table", &table,
            "--moves", "a1-a4",
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(says) && err.contains("Master searches instead"),
            "{err}"
        );
        assert!(out.contains(" source search turn "), "{out}");
        let answer = out.lines().last().expect("an action");
        let mut after = start;
        after
            .apply(Action::parse("a1-a4").expect("an action"))
            .expect("legal");
        assert!(
            after.legal_vec().iter().any(|a| a.to_string() == answer),
            "{answer}"
        );
        // Other levels do not look for the table.
        let (code, _, err) = run_cli(&[
            "bestmove", "flying", "--level", "expert", "--nodes", "400", "--table", &table,
        ]);
        assert_eq!((code, err.as_str()), (0, ""));
        // A match says so once, then plays.
        let (code, out, err) = run_cli(&[
            "match",
            "flying",
            "--black",
            "master",
            "--white",
            "easy",
            "--games",
            "1",
            "--nodes",
            "300",
            "--max-actions",
            "6",
            "--table",
            &table,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.matches("Master searches instead").count(), 1, "{err}");
        assert!(out.contains("summary flying"), "{out}");
    }
}
