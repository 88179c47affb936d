//! `bestmove` and `match` on the command line: budgets in time and nodes, threads, history,
//! match attribution and summaries, another build as a player, the SPRT stop, and errors.

mod common;

use std::sync::atomic::AtomicBool;

use common::{cli_err, cli_ok, run_cli, state_after};
use sanqi::ai::{Config, Context, Engine};
use sanqi::rules::notation::parse_actions;
use sanqi::rules::{GameId, State};

/// The action `bestmove` printed, checked to be legal after `moves`.
fn best(game: GameId, moves: &str, args: &[&str]) -> String {
    let mut all = vec!["bestmove", game.id(), "--moves", moves];
    all.extend_from_slice(args);
    let out = cli_ok(&all);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("info "), "{out}");
    let action = lines[1].to_string();
    let state = state_after(game, moves);
    let parsed = parse_actions(&action).expect("an action");
    assert!(
        state.legal_vec().contains(&parsed[0]),
        "{action} after {moves}"
    );
    action
}

#[test]
fn bestmove_on_time_and_threads_returns_a_legal_action() {
    for (game, moves) in [
        (GameId::Neihuang, "d4 a3 d2"),
        (GameId::Flying, "a1-a4"),
        (GameId::Wudao, "c3 b3"),
    ] {
        for args in [
            &["--level", "master", "--movetime", "30"][..],
            &["--level", "master", "--movetime", "30", "--threads", "2"],
            &["--level", "expert", "--movetime", "30"],
            &["--level", "mcts", "--movetime", "30", "--threads", "2"],
        ] {
            best(game, moves, args);
        }
    }
}

#[test]
fn bestmove_on_nodes_is_reproducible() {
    let args = ["--level", "master", "--nodes", "3000", "--seed", "9"];
    let strip_time = |out: String| {
        out.lines()
            .map(|l| l.split(" time ").next().unwrap_or(l).to_string())
            .collect::<Vec<_>>()
    };
    let mut all = vec!["bestmove", "wudao", "--moves", "c3 b3 d3"];
    all.extend_from_slice(&args);
    let first = strip_time(cli_ok(&all));
    assert_eq!(first, strip_time(cli_ok(&all)));
    assert!(first[0].contains("nodes "), "{first:?}");
}

/// What the library plans for the position after `moves`, with or without the positions
/// before it as history: the node count and the turn.
fn library_plan(moves: &str, with_history: bool) -> (u64, Vec<String>) {
    let actions = parse_actions(moves).expect("actions");
    let mut state = State::start(GameId::Flying);
    let mut history = Vec::new();
    for action in actions {
        history.push(state.key());
        state.apply(action).expect("legal");
    }
    let cancel = AtomicBool::new(false);
    let config = Config::parse("master:nodes=3000").expect("valid");
    let used: &[u128] = if with_history { &history } else { &[] };
    let plan = Engine::new()
        .plan(&state, &config, 1, Context::new(used, &cancel))
        .expect("a plan");
    (
        plan.stats.nodes,
        plan.actions.iter().map(|a| a.to_string()).collect(),
    )
}

#[test]
fn bestmove_searches_with_the_history_of_its_moves() {
    // Shuffling back and forth: the search meets earlier positions of the game, which it
    // scores as draws only if it knows them.
    let mut differs = 0;
    for moves in [
        "a1-a2 a5-a4 a2-a1",
        "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2",
        "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1",
    ] {
        let out = cli_ok(&[
            "bestmove", "flying", "--level", "master", "--nodes", "3000", "--seed", "1", "--moves",
            moves,
        ]);
        let info = out.lines().next().expect("an info line");
        let nodes: u64 = info
            .split_whitespace()
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("a node count");
        let turn: Vec<String> = info
            .split(" turn ")
            .nth(1)
            .expect("a turn")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let with = library_plan(moves, true);
        assert_eq!((nodes, turn), with, "after {moves}");
        differs += usize::from(library_plan(moves, false) != with);
    }
    assert!(
        differs > 0,
        "history changed no search: the check proves nothing"
    );
}

/// Runs `command` with each case's extra arguments; each must fail with a message that starts
/// as the case says.
fn refuses(command: &[&str], cases: &[(&[&str], &str)]) {
    for (args, expected) in cases {
        let mut all = command.to_vec();
        all.extend_from_slice(args);
        let message = cli_err(&all);
        assert!(message.starts_with(expected), "{args:?}: {message}");
    }
}

#[test]
fn bestmove_refuses_bad_budgets() {
    refuses(
        &["bestmove", "flying", "--level", "master"],
        &[
            (
                &["--movetime", "0"],
                "--movetime must be a whole number from 1",
            ),
            (&["--movetime", "soon"], "--movetime must be a whole number"),
            (&["--nodes", "0"], "--nodes must be a whole number from 1"),
            (
                &["--threads", "999"],
                "--threads must be a whole number from 1 to 256",
            ),
        ],
    );
    let message = cli_err(&["bestmove", "flying", "--level", "master:width=3"]);
    assert!(message.contains("unknown setting `width`"), "{message}");
    let message = cli_err(&["bestmove", "flying", "--level", "grandmaster"]);
    assert!(message.contains("unknown level `grandmaster`"), "{message}");
}

#[test]
fn the_usage_lists_every_match_option() {
    let usage = cli_ok(&["help"]);
    for option in [
        "--max-actions",
        "--movetime",
        "--nodes",
        "--threads",
        "--openings",
        "--sprt",
        "--black-engine",
        "--white-engine",
        "--budget-scale",
        "--records",
    ] {
        assert!(usage.contains(option), "usage lacks {option}");
    }
}

/// The game lines of a match: (who had Black, A's result, the winner's colour if any).
fn game_lines(out: &str) -> Vec<(String, String, Option<String>)> {
    out.lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let black_player = words[3].to_string();
            let points = words
                .iter()
                .find(|w| ["1-0", "0-1", "½-½"].contains(w))
                .expect("a result")
                .to_string();
            let winner = l
                .split("result: ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .filter(|w| *w == "black" || *w == "white")
                .map(str::to_string);
            (black_player, points, winner)
        })
        .collect()
}

#[test]
fn a_match_of_one_level_against_itself_credits_the_player_not_the_level() {
    let out = cli_ok(&[
        "match", "wudao", "--black", "easy", "--white", "easy", "--games", "6", "--swap",
    ]);
    let lines = game_lines(&out);
    assert_eq!(lines.len(), 6, "{out}");
    let mut a_wins = 0;
    for (black, points, winner) in &lines {
        // A's result follows from who had Black and which colour won.
        let expected = match winner.as_deref() {
            Some(colour) if (colour == "black") == (black == "A") => "1-0",
            Some(_) => "0-1",
            None => "½-½",
        };
        assert_eq!(points, expected, "{out}");
        a_wins += usize::from(points == "1-0");
    }
    assert!(
        out.contains(&format!("A easy: {a_wins} wins,")),
        "the summary disagrees with the games:\n{out}"
    );
    // Colours alternate.
    assert_eq!(lines[0].0, "A");
    assert_eq!(lines[1].0, "B");
}

/// A Wu Dao match of Easy (A) against the random player, with more arguments.
fn easy_against_random<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["match", "wudao", "--black", "easy", "--white", "random"];
    args.extend_from_slice(more);
    args
}

#[test]
fn the_summary_names_endings_and_gives_an_elo_interval() {
    let out = cli_ok(&easy_against_random(&["--games", "4", "--openings"]));
    let endings = out
        .lines()
        .find(|l| l.starts_with("endings: "))
        .expect("an endings line");
    assert!(endings.starts_with("endings: board-full"), "{endings}");
    assert!(
        !endings.contains('{') && !endings.contains("BoardFull"),
        "{endings}"
    );
    assert!(out.lines().any(|l| l.starts_with("elo ")), "{out}");
    assert!(out.contains("pairs (A's points 0, ½, 1, 1½, 2): "), "{out}");
}

#[test]
fn a_quiet_match_prints_only_its_summary() {
    let (code, out, err) = run_cli(&easy_against_random(&["--games", "2", "--quiet"]));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("summary wudao: "), "{out}");
    // Without --quiet, a line per game and a counter on stderr.
    let (code, out, err) = run_cli(&easy_against_random(&["--games", "2"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("game    1: "), "{out}");
    assert_eq!(err, "\r[1/2]\r[2/2]\n");
}

#[test]
fn huge_game_counts_run_until_the_sprt_decides() {
    // Easy is far stronger than random: the test accepts within a few hundred games, and the
    // results are never allocated up front.
    for games in ["18446744073709551615", "4294967296"] {
        let out = cli_ok(&easy_against_random(&[
            "--games",
            games,
            "--sprt",
            "0,50",
            "--quiet",
            "--threads",
            "2",
        ]));
        let verdict = out
            .lines()
            .find(|l| l.starts_with("sprt elo0 "))
            .expect("an sprt line");
        assert!(verdict.contains("H1 accepted"), "{verdict}");
        assert!(verdict.contains("bounds -2.94, 2.94"), "{verdict}");
    }
}

#[test]
fn another_build_can_play_through_bestmove() {
    let program = env!("CARGO_BIN_EXE_sanqi");
    let out = cli_ok(&[
        "match",
        "wudao",
        "--black",
        "easy",
        "--white",
        "medium",
        "--white-engine",
        program,
        "--games",
        "2",
        "--openings",
    ]);
    assert_eq!(game_lines(&out).len(), 2, "{out}");
    assert!(out.contains("B medium@sanqi"), "{out}");
    let message = cli_err(&[
        "match",
        "wudao",
        "--black",
        "easy",
        "--white",
        "easy",
        "--white-engine",
        "/nonexistent/sanqi",
        "--games",
        "2",
    ]);
    assert!(
        message.starts_with("cannot run `/nonexistent/sanqi`"),
        "{message}"
    );
}

/// A script in `dir` that plays the part of another build of sanqi.
#[cfg(unix)]
fn fake_engine(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("a script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("runnable");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// A Wu Dao match of Easy against `engine` as White, on a time budget of 50 ms a turn, that
/// must end: (exit status, stdout, stderr).
#[cfg(unix)]
fn against(engine: &str) -> (i32, String, String) {
    let args = [
        "match",
        "wudao",
        "--black",
        "easy",
        "--white",
        "easy",
        "--white-engine",
        engine,
        "--games",
        "1",
        "--movetime",
        "50",
    ]
    .map(String::from);
    common::without_hanging(&format!("a match against {engine}"), move || {
        run_cli(&args.each_ref().map(String::as_str))
    })
}

#[cfg(unix)]
#[test]
fn an_engine_that_sleeps_is_stopped_after_its_time_limit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // The script waits on a command of its own, which must be stopped with it.
    let started = dir.path().join("sleeper.pid");
    let engine = fake_engine(
        dir.path(),
        "sleeper",
        &format!("sleep 600 &\necho $! > '{}'\nwait", started.display()),
    );
    let (code, out, err) = against(&engine);
    assert_eq!((code, out.as_str()), (2, ""));
    // Ten times 50 ms and ten seconds more.
    assert_eq!(
        err,
        format!("sanqi: `{engine}` did not answer within 10.5 s and was stopped\n")
    );
    let sleeper = std::fs::read_to_string(&started).expect("the sleeper's number");
    let stat = std::path::Path::new("/proc")
        .join(sleeper.trim())
        .join("stat");
    // Killed with its script: gone, or ended and not yet collected, once the signal has
    // done its work.
    let ended = || {
        std::fs::read_to_string(&stat).map_or(true, |stat| {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            state.starts_with('Z') || state.starts_with('X')
        })
    };
    let since = std::time::Instant::now();
    while !ended() && since.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(ended(), "the script's own command still runs");
}

#[cfg(unix)]
#[test]
fn an_engine_that_prints_without_end_is_stopped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let engine = fake_engine(dir.path(), "talker", "yes 'info level easy'");
    let (code, out, err) = against(&engine);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!("sanqi: `{engine}` printed more than 64 KiB for one turn and was stopped\n")
    );
    // One that fails says why on one line, whatever it printed.
    let engine = fake_engine(
        dir.path(),
        "failer",
        "printf 'bad\\033[31m news\\nsecond line\\n' >&2\nexit 3",
    );
    let (code, _, err) = against(&engine);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("sanqi: `{engine}` exited with status 3: bad\\u{{1b}}[31m news\n")
    );
}

#[test]
fn match_refuses_bad_arguments() {
    refuses(
        &["match", "wudao", "--black", "easy", "--white", "easy"],
        &[
            (&["--games", "0"], "--games must be a whole number from 1"),
            (
                &["--games", "1", "--sprt", "10,0"],
                "--sprt must be ELO0,ELO1",
            ),
            (
                &["--games", "1", "--openings"],
                "--games must be at least 2 with openings",
            ),
            (
                &["--games", "2", "--max-actions", "0"],
                "--max-actions must be a whole number from 1",
            ),
        ],
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_fails_says_how_it_ended() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, body, said) in [
        (
            "killed",
            "kill -9 $$",
            "was killed by signal 9 (SIGKILL) and printed no message",
        ),
        (
            "answered",
            "echo 'info level easy turn c3'\necho c3\nexit 1",
            "exited with status 1 and printed no message",
        ),
        (
            "said",
            "echo 'out of cheese' >&2\nexit 3",
            "exited with status 3: out of cheese",
        ),
    ] {
        let engine = fake_engine(dir.path(), name, body);
        let (code, out, err) = against(&engine);
        assert_eq!((code, out.as_str()), (2, ""));
        assert_eq!(err, format!("sanqi: `{engine}` {said}\n"));
    }
}

#[test]
fn an_option_followed_by_another_option_is_refused_not_taken_as_its_value() {
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("w.json");
    let out = out.to_str().expect("a path");
    for (args, option, value) in [
        (
            vec!["train", "wudao", "--data", "sp.bin", "--out", "--quiet"],
            "--out",
            "--quiet",
        ),
        (
            vec!["solve", "flying", "--board", "3x2", "--out", "--verify"],
            "--out",
            "--verify",
        ),
        (
            vec!["ladder", "wudao", "--out", "--resume"],
            "--out",
            "--resume",
        ),
        (
            vec![
                "train", "wudao", "--data", "x", "--out", out, "--curve", "--help",
            ],
            "--curve",
            "--help",
        ),
        (
            vec![
                "puzzles", "build", "wudao", "--out", "--resume", "--from", "r",
            ],
            "--out",
            "--resume",
        ),
    ] {
        let said = cli_err(&args);
        assert_eq!(
            said,
            format!(
                "{option} needs a value, and `{value}` is an option: for a value of that name \
                 write {option}={value} or {option} ./{value}"
            ),
            "{args:?}"
        );
    }
    // Nothing was written under an option's name.
    for name in ["--quiet", "--verify", "--resume", "--help"] {
        assert!(!std::path::Path::new(name).exists(), "{name} was written");
    }
    // A single dash, a negative number or a value given with `=` are values as before.
    let said = cli_err(&["perft", "wudao", "-1"]);
    assert!(said.contains("DEPTH"), "{said}");
    let said = cli_err(&["train", "wudao", "--data=--odd", "--out", out]);
    assert!(!said.contains("is an option"), "{said}");
}
