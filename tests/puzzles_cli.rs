//! `sanqi puzzles`: the built-in puzzles exported as JSON (at least 300 a game, every line
//! legal, the first solver move of each unique), a file checked and its damage named in one
//! line, a bad puzzle named by its id, and a small build that gives the same file on one or
//! two threads and when resumed.

mod common;

use common::{cli_err, cli_ok};
use sanqi::learn::puzzles::{Collection, Goal, Puzzle, Rating, Themes, embedded};
use sanqi::rules::notation::parse_actions;
use sanqi::rules::{Action, Game, GameId};

fn asset(game: GameId) -> String {
    format!(
        "{}/assets/puzzles/{}.puzzles",
        env!("CARGO_MANIFEST_DIR"),
        game.id()
    )
}

#[test]
fn the_built_in_puzzles_export_as_json_with_legal_lines() {
    for game in GameId::ALL {
        let out = cli_ok(&["puzzles", "export", game.id()]);
        let list: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let list = list.as_array().expect("an array");
        assert!(list.len() >= 300, "{game}: {} puzzles", list.len());
        // One object a line, between the brackets.
        assert_eq!(out.lines().count(), list.len() + 2);
        for p in list {
            let id = p["id"].as_str().expect("an id");
            assert_eq!(p["game"], game.id(), "{id}");
            let strings = |key: &str| -> Vec<Action> {
                p[key]
                    .as_array()
                    .expect("a list")
                    .iter()
                    .map(|a| Action::parse(a.as_str().expect("text")).expect("notation"))
                    .collect()
            };
            let mut replay = Game::new(game);
            for a in strings("moves").into_iter().chain(strings("solution")) {
                replay.apply(a).unwrap_or_else(|e| panic!("{id}: {a}: {e}"));
            }
            assert!(p["rating"].as_i64().is_some(), "{id}");
            assert!(p["themes"].is_array(), "{id}");
        }
    }
}

#[test]
fn the_shipped_files_pass_the_quick_check_and_repeat_no_position() {
    for game in GameId::ALL {
        let out = cli_ok(&["puzzles", "check", &asset(game), "--quick"]);
        assert!(out.contains("all sound"), "{out}");
        assert!(embedded(game).problem.is_none());
        assert!(embedded(game).set_aside.is_empty());
    }
}

#[test]
fn a_damaged_file_is_refused_in_one_line_and_a_bad_puzzle_is_named() {
    let dir = tempfile::tempdir().expect("a folder");
    let damaged = dir.path().join("damaged.puzzles");
    let mut bytes = std::fs::read(asset(GameId::Wudao)).expect("the shipped file");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x5A;
    std::fs::write(&damaged, &bytes).expect("written");
    let path = damaged.to_string_lossy().into_owned();
    let err = cli_err(&["puzzles", "check", &path, "--quick"]);
    assert!(err.ends_with("the puzzle file is damaged"), "{err}");
    let err = cli_err(&["puzzles", "export", "wudao", "--file", &path]);
    assert!(err.ends_with("the puzzle file is damaged"), "{err}");

    // A sound file whose second puzzle's line breaks the rules.
    let mut c = Collection::new(GameId::Flying);
    let puzzle = |number: u32, line: &str| Puzzle {
        number,
        game: GameId::Flying,
        moves: parse_actions("a1-a3 b5-b3").expect("notation"),
        line: parse_actions(line).expect("notation"),
        free: 0,
        goal: Goal::Material,
        themes: Themes::default(),
        rating: Rating::default(),
    };
    c.puzzles.push(puzzle(1, "c1-c3"));
    c.puzzles.push(puzzle(2, "c1-c5"));
    let bad = dir.path().join("bad.puzzles");
    std::fs::write(&bad, c.to_bytes()).expect("written");
    let err = cli_err(&["puzzles", "check", &bad.to_string_lossy(), "--quick"]);
    assert!(err.starts_with("puzzle F0002: "), "{err}");
    assert!(err.contains("of the solution is illegal"), "{err}");
}

/// Records `games` games of `game` between the levels `black` and `white` (`sanqi match`) in
/// `dir`/records; returns that folder's path.
fn recorded_games(
    dir: &std::path::Path,
    game: &str,
    black: &str,
    white: &str,
    games: &str,
    extra: &[&str],
) -> String {
    let records = dir.join("records").to_string_lossy().into_owned();
    let mut args = vec![
        "match",
        game,
        "--black",
        black,
        "--white",
        white,
        "--games",
        games,
        "--records",
        &records,
        "--quiet",
    ];
    args.extend_from_slice(extra);
    cli_ok(&args);
    records
}

#[test]
fn a_small_build_is_the_same_on_two_threads_and_when_resumed() {
    let dir = tempfile::tempdir().expect("a folder");
    let records_text = recorded_games(dir.path(), "wudao", "easy", "hard", "6", &["--openings"]);
    let build = |name: &str, count: &str, extra: &[&str]| -> Vec<u8> {
        let out = dir.path().join(name);
        let out_text = out.to_string_lossy().into_owned();
        let mut args = vec![
            "puzzles",
            "build",
            "wudao",
            "--from",
            &records_text,
            "--out",
            &out_text,
            "--budgets",
            "300,1200,2400",
            "--count",
            count,
            "--quiet",
        ];
        args.extend_from_slice(extra);
        cli_ok(&args);
        std::fs::read(&out).expect("a puzzle file")
    };
    let one = build("one.puzzles", "3", &[]);
    let two = build("two.puzzles", "3", &["--threads", "2"]);
    assert_eq!(one, two);
    let read = Collection::read(Some(GameId::Wudao), &one).expect("a sound file");
    assert!(read.set_aside.is_empty());
    // A run stopped at one puzzle and resumed to three is the run made at once.
    let _ = build("resumed.puzzles", "1", &[]);
    assert_eq!(build("resumed.puzzles", "3", &["--resume"]), one);
    // Resuming a finished run changes nothing; resuming with other arguments is refused.
    assert_eq!(build("one.puzzles", "3", &["--resume"]), one);
    let out = dir
        .path()
        .join("one.puzzles")
        .to_string_lossy()
        .into_owned();
    let err = cli_err(&[
        "puzzles",
        "build",
        "wudao",
        "--from",
        &records_text,
        "--out",
        &out,
        "--resume",
        "--seed",
        "9",
    ]);
    assert!(err.contains("resume it with the same arguments"), "{err}");
    // A new run never replaces a file, and a rating never writes over the file it reads
    // under another name.
    let err = cli_err(&[
        "puzzles",
        "build",
        "wudao",
        "--from",
        &records_text,
        "--out",
        &out,
    ]);
    assert!(
        err.contains("exists already") && err.contains("--resume"),
        "{err}"
    );
    let linked = dir.path().join("linked.puzzles");
    std::fs::hard_link(dir.path().join("one.puzzles"), &linked).expect("a hard link");
    let linked = linked.to_string_lossy().into_owned();
    let err = cli_err(&["puzzles", "rate", &out, "--out", &linked]);
    assert!(err.contains("is the puzzle file it reads"), "{err}");
    assert_eq!(std::fs::read(&out).expect("kept"), one);
}

#[test]
fn a_flying_build_that_cannot_start_says_only_why() {
    // No table in the isolated data folder: its note would come before the real error.
    let dir = tempfile::tempdir().expect("a folder");
    let records = dir.path().join("records");
    std::fs::create_dir(&records).expect("a folder");
    std::fs::write(
        records.join("a.json"),
        r#"{"format":"sanqi-record","version":1,"game":"flying","actions":["c1-c3"]}"#,
    )
    .expect("written");
    let records = records.to_string_lossy().into_owned();
    let taken = dir.path().join("taken.puzzles");
    std::fs::write(&taken, "").expect("written");
    let taken = taken.to_string_lossy().into_owned();
    let err = cli_err(&[
        "puzzles", "build", "flying", "--from", &records, "--out", &taken,
    ]);
    assert!(err.contains("exists already"), "{err}");
    let missing = dir
        .path()
        .join("new.puzzles")
        .to_string_lossy()
        .into_owned();
    let args = [
        "puzzles", "build", "flying", "--from", &records, "--out", &missing,
    ];
    let err = cli_err(&[&args[..], &["--resume"]].concat());
    assert!(err.contains("nothing to resume"), "{err}");
}

/// A Wu Dao puzzle at the position reached by `moves`, solved by `line`.
fn wudao_puzzle(number: u32, moves: &str, line: &str) -> Puzzle {
    Puzzle {
        number,
        game: GameId::Wudao,
        moves: parse_actions(moves).expect("notation"),
        line: parse_actions(line).expect("notation"),
        free: 0,
        goal: Goal::Material,
        themes: Themes::default(),
        rating: Rating::default(),
    }
}

/// Writes `puzzles` as a file of `game` in `dir`; returns its path.
fn write_puzzles(dir: &std::path::Path, name: &str, game: GameId, puzzles: Vec<Puzzle>) -> String {
    let mut c = Collection::new(game);
    c.puzzles = puzzles;
    let path = dir.join(name);
    std::fs::write(&path, c.to_bytes()).expect("written");
    path.to_string_lossy().into_owned()
}

#[test]
fn check_refuses_a_coin_flip_and_a_line_that_ends_before_the_gain_stands() {
    let dir = tempfile::tempdir().expect("a folder");
    // Three empty points left: only three places to choose from.
    let mut game = Game::new(GameId::Wudao);
    let mut moves = Vec::new();
    while game.state().legal_vec().len() > 3 {
        let a = game.state().legal_vec()[0];
        game.apply(a).expect("legal");
        moves.push(a.to_string());
    }
    let right = game.state().legal_vec()[0].to_string();
    let few = wudao_puzzle(1, &moves.join(" "), &right);
    let path = write_puzzles(dir.path(), "few.puzzles", GameId::Wudao, vec![few]);
    let err = cli_err(&["puzzles", "check", &path, "--quick"]);
    assert!(
        err.starts_with("puzzle W0001: the first decision has only 3 legal actions"),
        "{err}"
    );

    // The board fills and White pulls: Black pulls back at once, nothing is won.
    let pulled = Puzzle {
        number: 1,
        game: GameId::Neihuang,
        moves: parse_actions("d3 e3 b1 b4 c3 c4 d4 d5 b3 a2 b2 b5 e4 d2 e5 a4 e2 a1 c1 a3 c2")
            .expect("notation"),
        line: parse_actions("c5 d1 e1 a5 xa5").expect("notation"),
        free: 0,
        goal: Goal::Material,
        themes: Themes::default(),
        rating: Rating::default(),
    };
    let path = write_puzzles(dir.path(), "pull.puzzles", GameId::Neihuang, vec![pulled]);
    let (code, out, err) = common::run_cli(&["puzzles", "check", &path, "--quick", "--list"]);
    assert_ne!(code, 0);
    assert!(
        out.contains("puzzle N0001: the line ends with 0 pieces won on the board"),
        "{out}"
    );
    assert!(
        out.contains("legal actions at the first decision: 4: 1"),
        "{out}"
    );
    assert!(err.contains("1 of 1 puzzles fail"), "{err}");
}

#[test]
fn export_and_rate_refuse_what_check_refuses_and_rate_reports_progress() {
    let dir = tempfile::tempdir().expect("a folder");
    // An illegal line: export refuses the file, as check and rate do.
    let legal = wudao_puzzle(1, "b4 d3 e1 d1", "d2");
    let illegal = wudao_puzzle(2, "b4 d3 e1 d1", "d3");
    let bad = write_puzzles(
        dir.path(),
        "bad.puzzles",
        GameId::Wudao,
        vec![legal.clone(), illegal],
    );
    for args in [
        vec!["puzzles", "export", "wudao", "--file", &bad],
        vec!["puzzles", "check", &bad, "--quick"],
        vec!["puzzles", "rate", &bad],
    ] {
        let err = cli_err(&args);
        assert!(err.starts_with("puzzle W0002: "), "{args:?}: {err}");
    }
    // The same position twice (up to symmetry) is refused before any rating.
    let mut mirrored = wudao_puzzle(2, "b2 d3 e5 d5", "d4");
    mirrored.number = 2;
    let repeated = write_puzzles(
        dir.path(),
        "repeated.puzzles",
        GameId::Wudao,
        vec![legal.clone(), mirrored],
    );
    let err = cli_err(&["puzzles", "rate", &repeated]);
    assert!(
        err.contains("puzzle W0002: the same position as puzzle W0001"),
        "{err}"
    );
    // A sound file is rated with a line of progress on the error output.
    let one = write_puzzles(dir.path(), "one.puzzles", GameId::Wudao, vec![legal]);
    let (code, out, err) = common::run_cli(&["puzzles", "rate", &one, "--tries", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("[1/1 puzzles] rated"), "{err}");
    assert!(out.contains("1 puzzles rated"), "{out}");
}

#[test]
fn help_names_a_subcommand() {
    let out = cli_ok(&["help", "puzzles", "build"]);
    assert!(out.contains("--from"), "{out}");
    assert!(out.contains("--base"), "{out}");
    let out = cli_ok(&["help", "puzzles"]);
    assert!(out.contains("build"), "{out}");
    let err = cli_err(&["help", "puzzles", "nonsense"]);
    assert!(err.contains("nonsense"), "{err}");
}

#[test]
fn a_build_keeps_the_base_puzzles_that_pass_and_takes_a_theme_of_its_game() {
    let dir = tempfile::tempdir().expect("a folder");
    let records_text = recorded_games(dir.path(), "neihuang", "beginner", "novice", "2", &[]);
    // A shipped puzzle (it passes the rules) and one whose line ends with the pull owed.
    let kept = embedded(GameId::Neihuang).puzzles[0].clone();
    let pulled = Puzzle {
        number: kept.number + 1,
        game: GameId::Neihuang,
        moves: parse_actions("d3 e3 b1 b4 c3 c4 d4 d5 b3 a2 b2 b5 e4 d2 e5 a4 e2 a1 c1 a3 c2")
            .expect("notation"),
        line: parse_actions("c5 d1 e1 a5 xa5").expect("notation"),
        free: 0,
        goal: Goal::Material,
        themes: Themes::default(),
        rating: Rating::default(),
    };
    let base = write_puzzles(
        dir.path(),
        "base.puzzles",
        GameId::Neihuang,
        vec![pulled, kept.clone()],
    );
    let out = dir.path().join("out.puzzles");
    let out_text = out.to_string_lossy().into_owned();
    let summary = cli_ok(&[
        "puzzles",
        "build",
        "neihuang",
        "--from",
        &records_text,
        "--out",
        &out_text,
        "--base",
        &base,
        "--count",
        "1",
        "--quiet",
    ]);
    assert!(summary.contains("(1 from --base)"), "{summary}");
    let read = Collection::read(
        Some(GameId::Neihuang),
        &std::fs::read(&out).expect("written"),
    )
    .expect("a sound file");
    assert_eq!(read.puzzles, vec![kept]);
    // A theme is one the position shows, of the game built.
    let err = cli_err(&[
        "puzzles",
        "build",
        "neihuang",
        "--from",
        &records_text,
        "--out",
        &dir.path().join("x.puzzles").to_string_lossy(),
        "--theme",
        "parity",
    ]);
    assert!(err.contains("--theme") && err.contains("pull"), "{err}");
}
