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

use sanqi::ai::{Config, Context, Engine, Level, Oracle, Request, Worker};
use sanqi::app::flying_table::{BuildState, TableBuild};
use sanqi::cli;
use sanqi::rules::{Action, GameId, State, flying};
use sanqi::tablebase::{
    Board, BuildConfig, Check, Table, TableError, TableFile, Value, build, checkpoint_path,
    position_of, verified_path,
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
    let (code, out, err) = run(&[
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
            level: Level::Master,
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

#[test]
fn a_table_is_read_in_full_once_and_again_when_it_changes() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = small_table(dir.path());
    let record = verified_path(&path);
    let open = |check| TableFile::open_with(&path, check).map(|_| ());
    // A full check leaves no record; the first check-once writes one.
    open(Check::Full).expect("a table");
    assert!(!record.exists());
    open(Check::Once).expect("a table");
    let kept = std::fs::read_to_string(&record).expect("a record");
    assert!(kept.starts_with("sanqi-table-verified 1 length "), "{kept}");

    // Damage the data but keep the size and the time: the record is trusted (the file is
    // not read again); a full check still finds the damage.
    let modified = std::fs::metadata(&path)
        .expect("metadata")
        .modified()
        .expect("a time");
    let mut bytes = std::fs::read(&path).expect("the table");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    let rewrite = |bytes: &[u8], time| {
        std::fs::write(&path, bytes).expect("a write");
        let file = std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("the table");
        file.set_modified(time).expect("a time");
    };
    rewrite(&bytes, modified);
    assert!(open(Check::Once).is_ok());
    assert!(matches!(open(Check::Full), Err(TableError::Corrupt { .. })));
    // Once the time changes, the next open reads it all, refuses it and drops the record.
    rewrite(&bytes, modified + Duration::from_secs(5));
    match open(Check::Once) {
        Err(TableError::Corrupt { reason, .. }) => assert!(reason.contains("checksum")),
        other => panic!("{:?}", other.err()),
    }
    assert!(!record.exists());
    // A damaged header is found at every open, whatever the record says.
    bytes[last] ^= 0x40;
    bytes[40] ^= 1;
    rewrite(&bytes, modified);
    std::fs::write(&record, &kept).expect("the old record");
    assert!(matches!(open(Check::Once), Err(TableError::Corrupt { .. })));
    // So is a file cut short.
    bytes[40] ^= 1;
    rewrite(&bytes[..last], modified);
    assert!(matches!(open(Check::Once), Err(TableError::Corrupt { .. })));
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
    assert!(TableFile::open(&out).is_ok());
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

/// Runs the command line; returns (exit status, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = cli::run(&args, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("UTF-8"),
        String::from_utf8(err).expect("UTF-8"),
    )
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
        let (code, out, err) = run(&[
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
        let (code, _, err) = run(&[
            "bestmove", "flying", "--level", "expert", "--nodes", "400", "--table", &table,
        ]);
        assert_eq!((code, err.as_str()), (0, ""));
        // A match says so once, then plays.
        let (code, out, err) = run(&[
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
