//! Game records (loading, typed errors, no panics on bad input) and the command line
//! (`perft`, `legal`, `replay` and their errors).

mod common;

use std::io::Write;

use common::{
    Rng, act, acts, cli_err, cli_ok, cli_quiet, game_after, run_cli, run_program, state_after,
};
use sanqi::cli;
use sanqi::rules::records::{self, FORMAT, Metadata, Player, Record, RecordError, VERSION};
use sanqi::rules::{Action, Game, GameId, IllegalAction, Status};

const PLACEMENTS: &str = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 \
     c4 a5 c2";
/// The published Neihuang game up to its 30th action; Black is to move.
const NEIHUANG_30: &str = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 \
     c4 a5 c2 xc2 xa3 c3-c2 c4-c3 c5-c4";
const REPEAT_TWICE: &str = "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1 a4-a5";

fn record_json(game: &str, actions: &[&str]) -> String {
    serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "actions": actions,
    })
    .to_string()
}

fn load_err(bytes: &[u8]) -> RecordError {
    match records::load(bytes) {
        Ok((record, _)) => panic!("loaded {record:?}"),
        Err(e) => e,
    }
}

/// The three lines `replay` prints for a game.
fn replay_lines(game: &Game) -> Vec<String> {
    let to_act = match (game.status(), game.state().to_act()) {
        (Status::Ongoing, Some(side)) => side.name(),
        _ => "none",
    };
    vec![
        format!("board: {}", game.state().board_string()),
        format!("to-act: {to_act}"),
        format!("result: {}", game.status().summary()),
    ]
}

// ---------------------------------------------------------------- records

#[test]
fn a_record_round_trips_with_metadata() {
    let game = game_after(GameId::Wudao, "c3 b3 d3 timeout a3");
    let metadata = Metadata {
        black: Some(Player {
            name: Some("Player".into()),
            level: None,
            rating: None,
        }),
        white: Some(Player {
            name: Some("Computer".into()),
            level: Some("hard".into()),
            rating: Some(1520),
        }),
        date: Some("2025-01-01T12:00:00Z".into()),
        result: None,
        clock: Some("60".into()),
    };
    let record = Record::of_game(&game, metadata.clone());
    assert_eq!(record.format, "sanqi-record");
    assert_eq!(record.version, 1);
    assert_eq!(record.game, "wudao");
    assert_eq!(record.actions, vec!["c3", "b3", "d3", "timeout", "a3"]);
    assert_eq!(
        record.metadata, metadata,
        "no result while the game goes on"
    );
    let json = record.to_json();
    assert_eq!(Record::from_json(json.as_bytes()), Ok(record.clone()));
    let (loaded, replayed) = records::load(json.as_bytes()).unwrap();
    assert_eq!(loaded, record);
    assert_eq!(replayed, game);
    // A finished game's record carries the result.
    let over = game_after(GameId::Flying, REPEAT_TWICE);
    let record = Record::of_game(&over, Metadata::default());
    assert_eq!(record.metadata.result.as_deref(), Some("draw repetition"));
}

#[test]
fn a_minimal_record_loads() {
    let json = record_json("flying", &["a1-a3", "timeout"]);
    let (record, game) = records::load(json.as_bytes()).unwrap();
    assert_eq!(record.metadata, Metadata::default());
    assert_eq!(game.action_list(), acts("a1-a3 timeout"));
}

#[test]
fn malformed_bytes_are_typed_errors() {
    for bytes in [
        &b""[..],
        b"{",
        b"[]",
        b"null",
        b"{\"format\": \"sanqi-record\"}",
        b"{\"format\": \"sanqi-record\", \"version\": \"1\", \"game\": \"flying\", \"actions\": []}",
        b"{\"format\": \"sanqi-record\", \"version\": 1, \"game\": \"flying\", \"actions\": [1]}",
        b"{\"format\": \"sanqi-record\", \"version\": -1, \"game\": \"flying\", \"actions\": []}",
    ] {
        let e = load_err(bytes);
        assert!(matches!(e, RecordError::Malformed(_)), "{bytes:?}: {e:?}");
        assert!(e.to_string().starts_with("not a valid game record: "));
    }
    // Not UTF-8.
    let e = load_err(b"\xff\xfe\x00{\"format\": \"sanqi-record\"}");
    assert!(matches!(e, RecordError::Malformed(_)), "{e:?}");
    let mut valid = record_json("wudao", &["c3"]).into_bytes();
    valid.insert(40, 0xC3);
    assert!(matches!(load_err(&valid), RecordError::Malformed(_)));
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng::new(2024);
    let valid = Record::of_game(
        &game_after(GameId::Neihuang, NEIHUANG_30),
        Metadata::default(),
    )
    .to_json()
    .into_bytes();
    for i in 0..3000 {
        let bytes: Vec<u8> = if i % 2 == 0 {
            let len = rng.below(200);
            (0..len).map(|_| rng.next_u64() as u8).collect()
        } else {
            // A valid record with a few bytes changed.
            let mut b = valid.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(b.len());
                b[at] = rng.next_u64() as u8;
            }
            b
        };
        // Either a game or a typed error; displaying the error works too.
        if let Err(e) = records::load(&bytes) {
            assert!(!e.to_string().is_empty());
        }
    }
}

#[test]
fn wrong_format_version_and_game() {
    let json = serde_json::json!({
        "format": "chess-record", "version": 1, "game": "flying", "actions": []
    });
    let e = load_err(json.to_string().as_bytes());
    assert_eq!(e, RecordError::NotARecord("chess-record".into()));
    assert_eq!(
        e.to_string(),
        "not a Sanqi game record (format `chess-record`)"
    );

    let json = serde_json::json!({
        "format": FORMAT, "version": 2, "game": "flying", "actions": []
    });
    let e = load_err(json.to_string().as_bytes());
    assert_eq!(e, RecordError::UnsupportedVersion(2));
    assert_eq!(
        e.to_string(),
        "record version 2 is not supported (this version reads 1)"
    );

    let e = load_err(record_json("go", &[]).as_bytes());
    assert_eq!(e, RecordError::UnknownGame("go".into()));
    assert_eq!(
        e.to_string(),
        "unknown game `go` (expected neihuang, flying or wudao)"
    );
    // Game ids are exact.
    assert_eq!(
        load_err(record_json("Flying", &[]).as_bytes()),
        RecordError::UnknownGame("Flying".into())
    );
}

#[test]
fn unparsable_action() {
    let e = load_err(record_json("wudao", &["c3", "d4", "z9", "e5"]).as_bytes());
    assert_eq!(
        e,
        RecordError::Unparsable {
            index: 3,
            text: "z9".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "action 3 `z9`: not an action in the notation"
    );
    let e = load_err(record_json("wudao", &["c3 d4"]).as_bytes());
    assert!(
        matches!(e, RecordError::Unparsable { index: 1, .. }),
        "{e:?}"
    );
}

#[test]
fn illegal_action_names_its_index_and_reason() {
    // Action 31 of the published Neihuang game, replaced by a two-point jump.
    let mut actions: Vec<String> = acts(NEIHUANG_30).iter().map(|a| a.to_string()).collect();
    assert_eq!(actions.len(), 30);
    actions.push("b2-b4".into());
    let texts: Vec<&str> = actions.iter().map(String::as_str).collect();
    let e = load_err(record_json("neihuang", &texts).as_bytes());
    assert_eq!(
        e,
        RecordError::Illegal {
            index: 31,
            action: act("b2-b4"),
            reason: IllegalAction::NotAStep
        }
    );
    assert_eq!(
        e.to_string(),
        "action 31 `b2-b4`: not a step to an adjacent point"
    );

    let e = load_err(record_json("wudao", &["c3", "c3"]).as_bytes());
    assert_eq!(e.to_string(), "action 2 `c3`: c3 is occupied");
    let e = load_err(record_json("flying", &["a1-b2"]).as_bytes());
    assert_eq!(e.to_string(), "action 1 `a1-b2`: not along a row or column");
    let e = load_err(record_json("neihuang", &["xc3"]).as_bytes());
    assert_eq!(
        e.to_string(),
        "action 1 `xc3`: a placement is expected here"
    );
}

#[test]
fn action_after_the_end() {
    // The eighth action is the third occurrence of the start position: a draw.
    let mut actions: Vec<&str> = REPEAT_TWICE.split_whitespace().collect();
    actions.push("b1-b2");
    let e = load_err(record_json("flying", &actions).as_bytes());
    assert_eq!(
        e,
        RecordError::Illegal {
            index: 9,
            action: act("b1-b2"),
            reason: IllegalAction::GameOver
        }
    );
    assert_eq!(e.to_string(), "action 9 `b1-b2`: the game is over");
    // A timeout after the end is just as illegal.
    actions[8] = "timeout";
    let e = load_err(record_json("flying", &actions).as_bytes());
    assert_eq!(e.to_string(), "action 9 `timeout`: the game is over");
}

// ---------------------------------------------------------------- command line

#[test]
fn replay_prints_board_side_and_result() {
    let out = cli_quiet(&["replay", "flying"]);
    let lines: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(
        lines,
        vec![
            "board: bbbbb...............wwwww",
            "to-act: black",
            "result: ongoing"
        ]
    );
    let out = cli_quiet(&["replay", "wudao", "--moves", "a1 e5 b1 timeout"]);
    let lines: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(
        lines,
        vec![
            "board: bb......................w",
            "to-act: black",
            "result: ongoing"
        ]
    );
    // Commas separate actions too; the draw rules apply in `replay`.
    let moves = REPEAT_TWICE.replace(' ', ",");
    let out = cli_quiet(&["replay", "flying", "--moves", &moves]);
    let lines: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(
        lines,
        vec![
            "board: bbbbb...............wwwww",
            "to-act: none",
            "result: draw repetition"
        ]
    );
    // Every line has the documented shape.
    let game = game_after(GameId::Neihuang, NEIHUANG_30);
    let out = cli_quiet(&["replay", "neihuang", "--moves", NEIHUANG_30]);
    assert_eq!(out.lines().take(3).collect::<Vec<_>>(), replay_lines(&game));
    let board = out.lines().next().unwrap().strip_prefix("board: ").unwrap();
    assert_eq!(board.len(), 25);
    assert!(board.chars().all(|c| matches!(c, 'b' | 'w' | '.')));
}

#[test]
fn replay_of_record_files() {
    let dir = tempfile::tempdir().unwrap();
    // Random finished games of each kind, written as records and replayed from the file.
    for (i, id) in GameId::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(77 + i as u64);
        let mut game = Game::new(id);
        while !game.status().is_over() {
            let legal = game.state().legal_vec();
            let action = if rng.chance(5) {
                Action::Timeout
            } else {
                legal[rng.below(legal.len())]
            };
            game.apply(action).unwrap();
        }
        let path = dir.path().join(format!("{id}.json"));
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(
            Record::of_game(&game, Metadata::default())
                .to_json()
                .as_bytes(),
        )
        .unwrap();
        drop(file);
        let out = cli_quiet(&["replay", path.to_str().unwrap()]);
        let lines: Vec<String> = out.lines().take(3).map(String::from).collect();
        assert_eq!(lines, replay_lines(&game));
        assert_eq!(lines[1], "to-act: none");
        assert!(!lines[2].contains("ongoing"));
    }
    // An unfinished game.
    let path = dir.path().join("unfinished.json");
    std::fs::write(&path, record_json("neihuang", &["c3", "timeout"])).unwrap();
    let out = cli_quiet(&["replay", path.to_str().unwrap()]);
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        vec![
            "board: ............b............",
            "to-act: black",
            "result: ongoing"
        ]
    );
    // A broken record: one line naming the file and the record's error.
    let path = dir.path().join("broken.json");
    std::fs::write(&path, record_json("wudao", &["c3", "c3"])).unwrap();
    let p = path.to_str().unwrap();
    assert_eq!(
        cli_err(&["replay", p]),
        format!("`{p}`: action 2 `c3`: c3 is occupied")
    );
    std::fs::write(&path, b"\xff\x00 not json\n{").unwrap();
    assert!(cli_err(&["replay", p]).starts_with(&format!("`{p}`: not a valid game record: ")));
    // --moves goes with a game id only.
    std::fs::write(&path, record_json("wudao", &[])).unwrap();
    assert_eq!(
        cli_err(&["replay", p, "--moves", "c3"]),
        "--moves goes with a game id, not with a record file"
    );
    // A missing file.
    let missing = dir.path().join("missing.json");
    let m = missing.to_str().unwrap();
    assert!(cli_err(&["replay", m]).starts_with(&format!("cannot read record file `{m}`: ")));
}

#[test]
fn legal_lists_one_action_per_line() {
    let out = cli_quiet(&["legal", "wudao"]);
    let expected: Vec<String> = sanqi::rules::Point::ALL
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert!(out.ends_with('\n'));

    let out = cli_quiet(&["legal", "neihuang", "--moves", PLACEMENTS]);
    let state = state_after(GameId::Neihuang, PLACEMENTS);
    let expected: Vec<String> = state.legal_vec().iter().map(|a| a.to_string()).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert_eq!(
        expected.len(),
        13,
        "White may pull any of Black's 13 pieces"
    );
    assert!(expected.iter().all(|a| a.starts_with('x')));

    // After a1-a4, White's a5 is stuck and b5…e5 have three moves each.
    let out = cli_quiet(&["legal", "flying", "--moves", "a1-a4"]);
    assert_eq!(out.lines().count(), 12);
    assert!(out.lines().all(|l| Action::parse(l).is_ok()));
    // `legal` ignores the draw rules, as perft does.
    let out = cli_quiet(&["legal", "flying", "--moves", REPEAT_TWICE]);
    assert_eq!(out.lines().count(), 15);
}

#[test]
fn help_and_version() {
    let out = cli_quiet(&["help"]);
    assert!(out.starts_with("usage: sanqi"));
    assert!(out.contains("perft GAME DEPTH"));
    assert!(cli_quiet(&["--version"]).starts_with("sanqi "));
}

#[test]
fn command_line_errors_are_one_line_with_status_2() {
    assert_eq!(cli_err(&[]), "no command given (try `sanqi help`)");
    assert_eq!(
        cli_err(&["play-chess"]),
        "unknown command `play-chess` (try `sanqi help`)"
    );
    let unknown = "unknown game `chess` (expected neihuang, flying or wudao)";
    assert_eq!(cli_err(&["perft", "chess", "2"]), unknown);
    assert_eq!(cli_err(&["legal", "chess"]), unknown);
    assert!(cli_err(&["replay", "chess"]).starts_with("cannot read game or record file `chess`"));
    for depth in ["x", "-1", "65", "2.5", ""] {
        assert_eq!(
            cli_err(&["perft", "flying", depth]),
            format!("DEPTH must be a whole number from 0 to 64, not `{depth}`"),
        );
    }
    assert_eq!(cli_err(&["perft", "flying"]), "missing DEPTH");
    assert_eq!(cli_err(&["perft"]), "missing GAME");
    assert_eq!(cli_err(&["legal"]), "missing GAME");
    assert_eq!(cli_err(&["replay"]), "missing GAME or FILE.json");
    // Left-over arguments are noticed once the command has read its own, so what the
    // command printed may come first; the error itself is still one line with status 2.
    for (args, extra) in [
        (&["perft", "flying", "1", "extra"][..], "extra"),
        (&["legal", "wudao", "--divide"][..], "--divide"),
        (&["replay", "wudao", "b2"][..], "b2"),
    ] {
        let (code, _, err) = run_cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err, format!("sanqi: unexpected argument `{extra}`\n"));
    }
    assert_eq!(
        cli_err(&["legal", "wudao", "--moves"]),
        "--moves needs a value"
    );
    // Unparsable and illegal --moves, for every command that takes them.
    for command in ["perft", "legal", "replay"] {
        let mut args = vec![command, "wudao"];
        if command == "perft" {
            args.push("1");
        }
        let mut bad = args.clone();
        bad.extend(["--moves", "c3 z9"]);
        assert!(
            cli_err(&bad).starts_with("`z9` is not an action"),
            "{command}"
        );
        let mut illegal = args.clone();
        illegal.extend(["--moves", "c3 d4 c3"]);
        assert_eq!(
            cli_err(&illegal),
            "action 3 `c3`: c3 is occupied",
            "{command}"
        );
    }
    assert_eq!(
        cli_err(&[
            "replay",
            "neihuang",
            "--moves",
            &format!("{NEIHUANG_30} b2-b4")
        ]),
        "action 31 `b2-b4`: not a step to an adjacent point"
    );
    assert_eq!(
        cli_err(&[
            "replay",
            "flying",
            "--moves",
            &format!("{REPEAT_TWICE} b1-b2")
        ]),
        "action 9 `b1-b2`: the game is over"
    );
}

/// Output that fails every write with the given kind of error.
struct FailingOutput(std::io::ErrorKind);

impl Write for FailingOutput {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(self.0, "refused"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_pipe_ends_quietly_and_other_write_errors_are_reported() {
    let args = vec!["legal".to_string(), "wudao".to_string()];
    let mut errors = Vec::new();
    let mut closed = FailingOutput(std::io::ErrorKind::BrokenPipe);
    assert_eq!(common::cli_in_process(&args, &mut closed, &mut errors), 0);
    assert!(errors.is_empty(), "{:?}", String::from_utf8_lossy(&errors));

    let mut full = FailingOutput(std::io::ErrorKind::StorageFull);
    assert_eq!(common::cli_in_process(&args, &mut full, &mut errors), 2);
    let message = String::from_utf8(errors).unwrap();
    assert!(
        message.starts_with("sanqi: cannot write output: ") && message.ends_with("refused\n"),
        "{message:?}"
    );
    assert_eq!(message.lines().count(), 1);
}

#[test]
fn errors_are_typed() {
    use sanqi::cli::{ArgumentError, CliError, DrawRules, Replayed};
    let illegal = Replayed::new(GameId::Wudao, Some("c3 c3"), DrawRules::Ignore);
    assert!(
        matches!(illegal, Err(CliError::IllegalMove { index: 2, .. })),
        "{illegal:?}"
    );
    let bad = Replayed::new(GameId::Wudao, Some("c3 q7"), DrawRules::Ignore);
    assert!(matches!(bad, Err(CliError::Notation(_))), "{bad:?}");
    assert_eq!(
        cli::parse_game("go"),
        Err(ArgumentError::UnknownGame("go".into()))
    );
}

#[test]
fn echoed_input_is_quoted_escaped_and_shortened() {
    // Control characters and ANSI escapes in arguments stay on one line, escaped.
    assert_eq!(
        cli_err(&["perft", "chess\n\u{1b}[2J", "2"]),
        "unknown game `chess\\n\\u{1b}[2J` (expected neihuang, flying or wudao)"
    );
    assert_eq!(
        cli_err(&["legal", "wudao", "--moves", "c3 \u{1b}[31mz9\u{7}"]),
        "`\\u{1b}[31mz9\\u{7}` is not an action (expected a point like c3, a move like c2-c4, \
         a removal like xc3, or timeout)"
    );
    assert_eq!(
        cli_err(&["help", "\u{2028}x"]),
        "unexpected argument `\\u{2028}x`"
    );
    assert_eq!(
        cli_err(&["bestmove", "wudao", "--level", "hard\nsanqi"]),
        "--level: unknown level `hard\\nsanqi` (expected beginner, novice, casual, easy, medium, \
         hard, advanced, expert, elite, master, mcts, greedy or random)"
    );
    assert_eq!(
        cli_err(&["perft", "flying", "1\n2"]),
        "DEPTH must be a whole number from 0 to 64, not `1\\n2`"
    );
    // A huge argument is not echoed whole.
    let huge = "n".repeat(1024 * 1024);
    for args in [
        vec!["legal", huge.as_str()],
        vec![huge.as_str()],
        vec!["legal", "flying", "--moves", huge.as_str()],
        vec!["help", huge.as_str()],
    ] {
        let message = cli_err(&args);
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(message.contains("nnnn…`"), "{message}");
    }
    // Fields of a record file, and the file's own name, are echoed the same way.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad\nname.json");
    for (json, expected) in [
        (
            record_json("go\r\nsanqi: fine", &[]),
            "unknown game `go\\r\\nsanqi: fine` (expected neihuang, flying or wudao)".to_string(),
        ),
        (
            record_json("wudao", &["c3", "\u{1b}]0;title\u{7}"]),
            "action 2 `\\u{1b}]0;title\\u{7}`: not an action in the notation".to_string(),
        ),
        (
            serde_json::json!({"format": "x\ny", "version": 1, "game": "", "actions": []})
                .to_string(),
            "not a Sanqi game record (format `x\\ny`)".to_string(),
        ),
        (
            record_json(&"g".repeat(1_000_000), &[]),
            format!(
                "unknown game `{}…` (expected neihuang, flying or wudao)",
                "g".repeat(60)
            ),
        ),
    ] {
        std::fs::write(&path, json).unwrap();
        let message = cli_err(&["replay", path.to_str().unwrap()]);
        let name = format!("`{}`", path.to_str().unwrap().replace('\n', "\\n"));
        assert_eq!(message, format!("{name}: {expected}"));
    }
    // serde's own messages quote the input too: they are escaped as well.
    std::fs::write(&path, "{\"format\": 7\n\n}").unwrap();
    let message = cli_err(&["replay", path.to_str().unwrap()]);
    assert!(message.contains("not a valid game record"), "{message}");
    std::fs::write(
        &path,
        format!(
            "{{\"format\": \"sanqi-record\", \"version\": {}}}",
            "9".repeat(5000)
        ),
    )
    .unwrap();
    assert!(cli_err(&["replay", path.to_str().unwrap()]).len() < 400);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_unicode_is_a_one_line_error() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"fl\xffing");
    let (code, stdout, stderr) = run_program(&[OsStr::new("legal"), bad], None);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert_eq!(
        stderr,
        "sanqi: argument 2 is not valid Unicode: `fl\u{fffd}ing`\n"
    );
}

#[cfg(unix)]
#[test]
fn fifos_devices_folders_and_huge_files_are_refused_unread() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.json");
    common::make_fifo(&fifo);
    let folder = dir.path().join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(16 * 1024 * 1024 + 1)
        .unwrap();
    let name = |p: &std::path::Path| p.to_str().unwrap().to_string();
    for (path, expected) in [
        (
            name(&fifo),
            format!(
                "cannot read record file `{}`: it is not a regular file",
                name(&fifo)
            ),
        ),
        (
            "/dev/zero".to_string(),
            "cannot read game or record file `/dev/zero`: it is not a regular file".to_string(),
        ),
        (
            name(&folder),
            format!(
                "cannot read record file `{}`: it is a folder, not a file",
                name(&folder)
            ),
        ),
        (
            name(&huge),
            format!(
                "cannot read record file `{}`: the file is larger than 16 MiB",
                name(&huge)
            ),
        ),
    ] {
        let shown = path.clone();
        let message = common::without_hanging(&shown, move || cli_err(&["replay", &path]));
        assert_eq!(message, expected);
    }
    // `match --records` neither writes into a FIFO in the way nor replaces it: the record
    // takes the next free name.
    let records = dir.path().join("records");
    std::fs::create_dir(&records).unwrap();
    let in_the_way = records.join("flying-0001.json");
    common::make_fifo(&in_the_way);
    let records_arg = name(&records);
    let (code, _, err) = common::without_hanging("match --records", move || {
        run_cli(&random_match(&[
            "--max-actions",
            "40",
            "--quiet",
            "--records",
            &records_arg,
        ]))
    });
    assert_eq!(code, 0, "{err}");
    assert!(
        std::fs::symlink_metadata(&in_the_way)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    let written = std::fs::read(records.join("flying-0001-2.json")).unwrap();
    assert!(records::load(&written).is_ok());
}

/// The records in a folder, by name, with their bytes.
fn records_in(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    common::file_names(dir)
        .into_iter()
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect()
}

#[test]
fn matches_into_one_folder_keep_every_record() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let folder = records.to_str().unwrap();
    let four = [
        "--games",
        "4",
        "--max-actions",
        "30",
        "--quiet",
        "--records",
        folder,
    ];
    let mut first = vec!["match", "wudao", "--black", "random", "--white", "random"];
    first.extend_from_slice(&four);
    cli_ok(&first);
    let before = records_in(&records);
    assert_eq!(
        before.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        [
            "wudao-0001.json",
            "wudao-0002.json",
            "wudao-0003.json",
            "wudao-0004.json"
        ]
    );
    // A second match keeps the first one's records and adds its own beside them.
    let mut second = first.clone();
    second.extend_from_slice(&["--seed", "2"]);
    cli_ok(&second);
    let after = records_in(&records);
    assert_eq!(after.len(), 8, "{:?}", common::file_names(&records));
    for record in &before {
        assert!(after.contains(record), "{} was replaced", record.0);
    }
    assert!(after.iter().any(|(n, _)| n == "wudao-0004-2.json"));

    // Two matches at once, as two processes: all their records are kept.
    let together = dir.path().join("together");
    let folder = together.to_str().unwrap().to_string();
    let (mut homes, mut players) = (Vec::new(), Vec::new());
    for seed in ["1", "2"] {
        let (mut command, home) = common::program();
        homes.push(home);
        players.push(
            command
                .args(["match", "wudao", "--black", "random", "--white", "random"])
                .args([
                    "--games",
                    "30",
                    "--max-actions",
                    "20",
                    "--quiet",
                    "--seed",
                    seed,
                ])
                .args(["--records", &folder])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap(),
        );
    }
    for mut player in players {
        assert!(player.wait().unwrap().success());
    }
    let kept = records_in(&together);
    assert_eq!(kept.len(), 60, "{:?}", common::file_names(&together));
    for (name, bytes) in &kept {
        assert!(records::load(bytes).is_ok(), "{name}");
    }
}

#[cfg(unix)]
#[test]
fn a_match_sweeps_the_temporary_files_a_killed_one_left() {
    let dir = tempfile::tempdir().unwrap();
    // What a writer killed mid-write leaves: a hidden temporary file of a process now gone.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    let mut left = Vec::new();
    for n in 0..23 {
        let path = dir.path().join(format!(".wudao-{n:04}.json.{pid}-{n}.tmp"));
        let file = std::fs::File::create(&path).unwrap();
        file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(30))
            .unwrap();
        left.push(path);
    }
    // Something else's hidden file stays.
    std::fs::write(dir.path().join(".keep.tmp"), b"not ours").unwrap();
    let folder = dir.path().to_str().unwrap();
    cli_ok(&[
        "match",
        "wudao",
        "--black",
        "random",
        "--white",
        "random",
        "--games",
        "1",
        "--max-actions",
        "10",
        "--quiet",
        "--records",
        folder,
    ]);
    assert_eq!(
        common::file_names(dir.path()),
        [".keep.tmp", "wudao-0001.json"]
    );
}

#[test]
fn a_byte_order_mark_before_a_record_is_allowed() {
    let json = record_json("wudao", &["c3", "d4"]);
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(json.as_bytes());
    let (record, game) = records::load(&bytes).expect("loads");
    assert_eq!(record.game, "wudao");
    assert_eq!(game.action_list(), acts("c3 d4"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.json");
    std::fs::write(&path, &bytes).unwrap();
    assert!(cli_quiet(&["replay", path.to_str().unwrap()]).starts_with("board: "));
    // Only one mark, and only at the start.
    let mut twice = b"\xEF\xBB\xBF".to_vec();
    twice.extend_from_slice(&bytes);
    assert!(matches!(load_err(&twice), RecordError::Malformed(_)));
}

#[test]
fn perft_refuses_a_depth_it_could_not_finish() {
    // Before anything is counted: one line saying why and how deep it may go.
    for (game, depth, moves) in [
        ("neihuang", "64", ""),
        ("flying", "20", ""),
        ("wudao", "9", "c3"),
    ] {
        let message = cli_err(&["perft", game, depth, "--moves", moves]);
        assert!(
            message.starts_with(&format!("perft {game} {depth} would count about ")),
            "{message}"
        );
        assert!(message.contains("choose a DEPTH of at most "), "{message}");
        let largest: u32 = message
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{message}"));
        assert!(
            largest >= 5 && largest < depth.parse::<u32>().unwrap(),
            "{message}"
        );
        let (code, _, err) = run_cli(&["perft", game, depth, "--divide", "--moves", moves]);
        assert_eq!(code, 2, "{err}");
    }
    // From a finished game, any depth is quick (perft ignores the draw rules).
    let mut state = sanqi::rules::State::start(GameId::Neihuang);
    let mut moves = Vec::new();
    let mut rng = Rng::new(5);
    while !state.status().is_over() {
        let legal = state.legal_vec();
        let action = legal[rng.below(legal.len())];
        state.apply(action).unwrap();
        moves.push(action.to_string());
    }
    assert_eq!(
        cli_quiet(&["perft", "neihuang", "64", "--moves", &moves.join(" ")]),
        "0\n"
    );
    assert_eq!(cli_quiet(&["perft", "flying", "5"]), "1070848\n");
}

/// A one-game Flying match of the random player against itself, with more arguments.
fn random_match<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match", "flying", "--black", "random", "--white", "random", "--games", "1",
    ];
    args.extend_from_slice(more);
    args
}

#[test]
fn an_empty_records_folder_is_refused() {
    assert_eq!(
        cli_err(&random_match(&["--records", ""])),
        "--records must be a folder name, not ``"
    );
}

#[test]
fn the_binary_prints_through_a_pipe() {
    // The binary attaches to a console before printing (on Windows); output that goes to a
    // pipe must still arrive there.
    let (code, stdout, stderr) = run_program(&["legal", "wudao"], None);
    assert_eq!(code, 0);
    assert!(stderr.is_empty());
    assert_eq!(stdout.lines().count(), 25);
    assert!(stdout.starts_with("a1\nb1\n"), "{stdout}");
}
