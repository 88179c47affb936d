//! The Flying solver: its moves against the rules, consistency of whole small tables, the
//! table player, the table file (checks, damage, resumed builds) and the `solve` and `probe`
//! commands. The comparison with brute force is in `tablebase_brute.rs`.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{Rng, cli_err, run_cli};
use sanqi::rules::{Action, Point, Rules, Side, State, flying};
use sanqi::tablebase::geometry::Geometry;
use sanqi::tablebase::play::{self, Source};
use sanqi::tablebase::{
    Board, BoardTable, BuildConfig, BuildError, Damage, Phase, Pos, Solution, TABLE_HEADER_LEN,
    Table, TableError, Value, build, position_of, solve, verify,
};

fn solved(size: u8, pieces: u8) -> Solution {
    let board = Board::new(size, pieces).expect("a valid board");
    solve(board, 2).unwrap_or_else(|e| panic!("{board}: {e}"))
}

/// A random Flying position: ten pieces of random colours, either side to move.
fn random_state(rng: &mut Rng) -> flying::State {
    let mut boards = [0u32; 2];
    let mut placed = 0;
    while placed < 10 {
        let p = rng.below(25);
        if (boards[0] | boards[1]) & (1 << p) == 0 {
            boards[rng.below(2)] |= 1 << p;
            placed += 1;
        }
    }
    let side = if rng.chance(50) {
        Side::Black
    } else {
        Side::White
    };
    flying::State::from_parts(boards, side).expect("ten pieces")
}

#[test]
fn solver_moves_match_the_rules() {
    let g = Geometry::new(5);
    let mut rng = Rng::new(11);
    let mut flips = 0;
    for _ in 0..3000 {
        let state = random_state(&mut rng);
        let pos = position_of(&state);
        let side = state.side_to_move();
        assert_eq!(g.has_move(pos), state.to_act().is_some());
        let mut by_rules: Vec<(Action, Pos)> = State::Flying(state)
            .legal_vec()
            .into_iter()
            .map(|a| {
                let mut next = state;
                next.apply_unchecked(a);
                let b = next.boards();
                let child = Pos {
                    own: b[side.other().index()],
                    enemy: b[side.index()],
                };
                (a, child)
            })
            .collect();
        let mut by_solver: Vec<(Action, Pos)> = g
            .moves(pos)
            .into_iter()
            .map(|m| {
                let from = Point::from_index(m.from).expect("a point");
                let to = Point::from_index(m.to).expect("a point");
                let (child, flipped) = g.child(pos, m.from as usize, m.to as usize);
                assert_eq!(flipped, m.flipped);
                flips += usize::from(flipped != 0);
                (Action::Move(from, to), child)
            })
            .collect();
        by_rules.sort();
        by_solver.sort();
        assert_eq!(by_solver, by_rules, "{state:?}");
        // Every child lists this position among its predecessors.
        for (_, child) in &by_solver {
            let mut found = false;
            g.for_each_predecessor(*child, false, |parent, _| found |= parent == pos);
            assert!(found, "{child:?} does not lead back to {pos:?}");
        }
    }
    assert!(flips > 1000, "the sample has too few flips ({flips})");
}

#[test]
fn small_tables_follow_from_their_successors() {
    for (size, pieces) in [(3, 5), (3, 6), (4, 4), (4, 6), (5, 3)] {
        let solution = solved(size, pieces);
        let checked = verify::sample_consistency(&solution, u64::MAX, 0)
            .unwrap_or_else(|e| panic!("{size}x{size} {pieces}: {e}"));
        assert_eq!(checked, solution.figures().classes());
    }
}

/// The value of each class's representative and its position.
fn classes(solution: &Solution) -> Vec<(Pos, Value)> {
    let indexer = solution.indexer();
    (0..indexer.entries())
        .filter(|&i| indexer.orbit(i).is_some())
        .map(|i| {
            let pos = indexer.position(i);
            (pos, solution.lookup(pos).0)
        })
        .collect()
}

#[test]
fn the_table_player_keeps_every_value() {
    let solution = solved(4, 6);
    let g = solution.indexer().geometry();
    let mut seen = [0; 3];
    for (pos, value) in classes(&solution) {
        let Some(chosen) = play::choose(&solution, pos, 0).expect("a probe") else {
            assert_eq!(value, Value::Loss(0));
            continue;
        };
        let rated = play::rate_moves(&solution, pos).expect("a probe");
        match value {
            // Well inside the 100-turn rule: the quickest win, the slowest loss.
            Value::Win(d) => {
                seen[0] += 1;
                assert_eq!(chosen.value, Value::Win(d), "{pos:?}");
            }
            Value::Loss(d) => {
                seen[1] += 1;
                assert_eq!(chosen.value, Value::Loss(d), "{pos:?}");
            }
            Value::Draw => {
                seen[2] += 1;
                assert_eq!(chosen.value, Value::Draw, "{pos:?}");
                // No drawing move leaves more losing replies.
                let losing_replies = |m: &play::RatedMove| {
                    let (child, _) = g.child(pos, m.play.from as usize, m.play.to as usize);
                    play::rate_moves(&solution, child)
                        .expect("a probe")
                        .iter()
                        .filter(|r| matches!(r.value, Value::Loss(_)))
                        .count()
                };
                let most = rated
                    .iter()
                    .filter(|m| m.value == Value::Draw)
                    .map(losing_replies)
                    .max();
                assert_eq!(Some(losing_replies(&chosen)), most, "{pos:?}");
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
}

/// Plays a won position out under a 100-turn rule and threefold repetition, starting with
/// `quiet` turns without a flip already played: the table player against a random or a
/// resisting defence. Returns whether the winner won.
fn play_out(solution: &Solution, start: Pos, quiet: u32, resist: bool, rng: &mut Rng) -> bool {
    let g = solution.indexer().geometry();
    let mut pos = start;
    let mut quiet = quiet;
    let mut winner_to_move = true;
    let mut seen: HashMap<(Pos, bool), u32> = HashMap::new();
    loop {
        let count = seen.entry((pos, winner_to_move)).or_insert(0);
        *count += 1;
        if *count >= 3 {
            return false;
        }
        let moves = g.moves(pos);
        if moves.is_empty() {
            return !winner_to_move;
        }
        if quiet >= play::QUIET_LIMIT {
            return false;
        }
        let m = if winner_to_move || resist {
            play::choose(solution, pos, quiet)
                .expect("a probe")
                .expect("a move")
                .play
        } else {
            moves[rng.below(moves.len())]
        };
        let (child, flipped) = g.child(pos, m.from as usize, m.to as usize);
        quiet = if flipped != 0 { 0 } else { quiet + 1 };
        pos = child;
        winner_to_move = !winner_to_move;
        // A win on the move that reaches the limit still counts: checked at the top.
        if quiet >= play::QUIET_LIMIT && g.has_move(pos) {
            return false;
        }
    }
}

#[test]
fn wins_are_converted_inside_the_quiet_limit() {
    let solution = solved(4, 6);
    let mut rng = Rng::new(5);
    let wins: Vec<(Pos, u32)> = classes(&solution)
        .into_iter()
        .filter_map(|(pos, v)| match (v, solution.lookup(pos).1) {
            (Value::Win(_), Some(z)) => Some((pos, z)),
            _ => None,
        })
        .collect();
    let mut tight_long = 0;
    for game in 0..600 {
        let (pos, dtz) = wins[rng.below(wins.len())];
        let most = play::QUIET_LIMIT - dtz;
        // Half the games start at the tightest count that still leaves the win.
        let quiet = if game % 2 == 0 {
            most
        } else {
            rng.below(most as usize + 1) as u32
        };
        if quiet == most && solution.lookup(pos).0.plies() > dtz {
            tight_long += 1;
        }
        let resist = game % 3 == 0;
        assert!(
            play_out(&solution, pos, quiet, resist, &mut rng),
            "{pos:?} after {quiet} quiet turns ({})",
            if resist { "resisting" } else { "random" }
        );
    }
    // Many games needed the flip distance: the quickest win would take too long.
    assert!(tight_long > 100, "{tight_long}");
}

/// A 4×4 table with `pieces` pieces built into `dir`; returns its path.
fn build_small(dir: &Path, pieces: u8, name: &str) -> std::path::PathBuf {
    let out = dir.join(name);
    let config = BuildConfig {
        board: Board::new(4, pieces).expect("a valid board"),
        ..BuildConfig::flying(out.clone())
    };
    build(&config, 2, &mut |_| {}, &AtomicBool::new(false)).expect("a build");
    out
}

#[test]
fn tables_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Table>();
    shared::<BoardTable>();
}

#[test]
fn table_files_hold_the_solution_and_refuse_damage() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = build_small(dir.path(), 5, "t.sanqi-table");
    let solution = solved(4, 5);
    let file = BoardTable::open(&path).expect("a valid table");
    assert_eq!(file.figures().positions, solution.figures().positions);
    assert_eq!(file.figures().wins, solution.figures().wins);
    for (pos, value) in classes(&solution) {
        assert_eq!(file.lookup(pos).expect("a probe"), solution.lookup(pos));
        assert_eq!(file.lookup(pos).expect("a probe").0, value);
    }
    drop(file);
    // No temporary files are left behind.
    assert_eq!(common::file_names(dir.path()), ["t.sanqi-table"]);

    let bytes = std::fs::read(&path).expect("the table");
    let damaged = |name: &str, bytes: &[u8]| -> String {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).expect("a write");
        match BoardTable::open(&p) {
            Err(TableError::Corrupt { reason, .. }) => reason.to_string(),
            Err(e) => panic!("{name}: {e}"),
            Ok(_) => panic!("{name} was accepted"),
        }
    };
    let mut data = bytes.clone();
    data[1000] ^= 1;
    assert!(damaged("data", &data).contains("checksum"));
    let mut header = bytes.clone();
    header[40] ^= 1;
    assert!(damaged("header", &header).contains("checksum"));
    assert!(damaged("short", &bytes[..bytes.len() - 2]).contains("bytes"));
    assert!(damaged("tiny", &bytes[..10]).contains("too short"));
    assert!(damaged("empty", b"").contains("not a Sanqi table"));
    assert!(damaged("other", b"{\"version\": 1}").contains("not a Sanqi table"));
    let mut newer = bytes.clone();
    newer[8] = 9;
    assert!(damaged("newer", &newer).contains("newer version"));
    let mut older = bytes.clone();
    older[8] = 1;
    assert!(damaged("older", &older).contains("older format (format 1;"));
    // The checksums after the data are checked too.
    let mut sums = bytes.clone();
    let last = sums.len() - 1;
    sums[last] ^= 0x10;
    assert!(damaged("sums", &sums).contains("does not match its checksum"));
    match BoardTable::open(&dir.path().join("none")) {
        Err(TableError::Missing { .. }) => {}
        other => panic!("{:?}", other.err()),
    }
    // The game's table must be the 5×5 one.
    match Table::open(&path) {
        Err(TableError::Corrupt { reason, .. }) => {
            assert!(matches!(reason, Damage::OtherBoard(_)));
            assert!(reason.to_string().contains("not the 5×5 game"));
        }
        other => panic!("{:?}", other.err()),
    }
}

/// The data of a table file (its header holds the solve time, which differs between builds).
fn table_data(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the table")[TABLE_HEADER_LEN as usize..].to_vec()
}

#[test]
fn a_cancelled_build_resumes_to_the_same_table() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let reference = build_small(dir.path(), 6, "reference");
    let out = dir.path().join("resumed");
    let partial = dir.path().join("resumed.partial");
    let config = BuildConfig {
        board: Board::new(4, 6).expect("a valid board"),
        progress_every: Duration::ZERO,
        ..BuildConfig::flying(out.clone())
    };
    // Stop in the middle of a step, three times: while finding values, while finding flip
    // distances, and at once after resuming.
    for stop_at in [Phase::Distance(9), Phase::FlipDistance(4), Phase::Resuming] {
        let cancel = AtomicBool::new(false);
        let mut ticks = 0;
        let result = build(
            &config,
            1,
            &mut |p| {
                if p.phase == stop_at {
                    ticks += 1;
                    if ticks == 3 || stop_at == Phase::Resuming {
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
            },
            &cancel,
        );
        assert_eq!(
            result,
            Err(BuildError::Cancelled { saved: true }),
            "{stop_at:?}"
        );
        assert!(partial.exists());
        assert!(!out.exists());
    }
    let report = build(&config, 2, &mut |_| {}, &AtomicBool::new(false)).expect("a build");
    assert!(report.resumed);
    assert!(!partial.exists());
    assert_eq!(table_data(&out), table_data(&reference));

    // A damaged checkpoint is dropped and the build starts over.
    std::fs::remove_file(&out).expect("a removal");
    std::fs::write(&partial, b"SANQI-CP and then nothing useful").expect("a write");
    let report = build(&config, 2, &mut |_| {}, &AtomicBool::new(false)).expect("a build");
    assert!(!report.resumed);
    assert!(report.discarded_checkpoint.is_some());
    assert_eq!(table_data(&out), table_data(&reference));
}

#[test]
fn solve_and_probe_commands() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let small = dir.path().join("small");
    let small = small.to_string_lossy();
    let (code, out, _) = run_cli(&["solve", "flying", "--board", "3x4", "--out", &small]);
    assert_eq!(code, 0);
    assert!(out.contains("positions: 2016 in 298 classes"), "{out}");
    assert!(out.contains("wins: 936 positions (46.43%)"), "{out}");
    let (code, out, err) = run_cli(&[
        "solve", "flying", "--board", "3x4", "--out", &small, "--verify",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("consistency: 298 classes follow"), "{out}");

    let missing = dir.path().join("missing").to_string_lossy().into_owned();
    let e = cli_err(&["probe", "flying", "--table", &missing]);
    assert!(e.starts_with("there is no Flying table at "), "{e}");
    assert!(e.contains("sanqi solve flying"), "{e}");
    let e = cli_err(&["probe", "flying", "--table", &small]);
    assert!(
        e.contains("cannot be used: it is for 3×3 with 4 pieces"),
        "{e}"
    );
    let e = cli_err(&["probe", "flying", "--moves", "a1-a6", "--table", &missing]);
    assert!(e.contains("a1-a6"), "{e}");
    let e = cli_err(&["solve", "wudao"]);
    assert!(e.contains("flying, the only game with a table"), "{e}");
    let e = cli_err(&["solve", "flying", "--threads", "0"]);
    assert!(e.contains("--threads"), "{e}");
    let e = cli_err(&["solve", "flying", "--board", "6x3"]);
    assert!(e.contains("--board"), "{e}");
    let e = cli_err(&["solve", "flying", "--verify", "--out", &missing]);
    assert!(e.contains("there is no Flying table"), "{e}");
}

#[test]
fn table_errors_show_the_path_on_one_line_without_control_characters() {
    for (path, shown) in [
        ("/tmp/no\nsuch", "`/tmp/no\\nsuch`"),
        ("/tmp/\u{1b}[31mred\u{7}", "`/tmp/\\u{1b}[31mred\\u{7}`"),
    ] {
        let (code, out, err) = run_cli(&["probe", "flying", "--table", path]);
        assert_eq!((code, out.as_str()), (2, ""));
        assert_eq!(
            err,
            format!(
                "sanqi: there is no Flying table at {shown} (build it with `sanqi solve flying`)\n"
            )
        );
        // Master says the same, then searches.
        let (code, _, err) = run_cli(&[
            "bestmove", "flying", "--level", "master", "--nodes", "100", "--table", path,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(shown), "{err}");
        assert!(!err.trim_end().chars().any(char::is_control), "{err:?}");
    }
}
