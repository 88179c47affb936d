//! `sanqi ladder` and `sanqi levels`: the levels' ratings, a measurement that is written as it
//! goes and resumed where it stopped, and the files it refuses.

mod common;

use common::{cli_err, cli_ok, program};
use sanqi::ai::Level;
use sanqi::arena::ladder::Ladder;
use sanqi::rules::GameId;

/// Small budgets for every player, so that a ladder is played in moments: the levels keep
/// their own ways of erring, on fewer nodes.
const CHEAP: [&str; 18] = [
    "--player",
    "novice=novice:nodes=500",
    "--player",
    "casual=casual:nodes=500,depth=2",
    "--player",
    "easy=easy:nodes=500,depth=2",
    "--player",
    "medium=medium:nodes=800,depth=2",
    "--player",
    "hard=hard:nodes=1000,depth=3",
    "--player",
    "advanced=advanced:nodes=1200,depth=3",
    "--player",
    "expert=expert:nodes=1500,depth=3",
    "--player",
    "elite=elite:nodes=1800,depth=3",
    "--master-nodes",
    "2000",
];

fn ladder_args<'a>(game: &'a str, out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "ladder",
        game,
        "--games",
        "2",
        "--wide-games",
        "0",
        "--out",
        out,
    ];
    args.extend_from_slice(&CHEAP);
    args.extend_from_slice(extra);
    args
}

#[test]
fn levels_lists_every_offered_level_with_a_rising_rating() {
    for game in GameId::ALL {
        let out = cli_ok(&["levels", game.id()]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), Level::offered(game).len(), "{out}");
        assert!(lines.len() >= 7, "{out}");
        let mut last = i32::MIN;
        for (line, level) in lines.iter().zip(Level::offered(game)) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words[0], level.id(), "{line}");
            let rating: i32 = words[1].parse().unwrap_or_else(|_| panic!("{line}"));
            assert!(rating > last, "{line} after {last}");
            last = rating;
            assert!(words.len() >= 3, "a name: {line}");
            // The id is accepted by --level.
            cli_ok(&[
                "bestmove",
                game.id(),
                "--level",
                &format!("{}:nodes=300", words[0]),
            ]);
        }
    }
    assert!(cli_err(&["levels", "chess"]).contains("chess"));
}

#[test]
fn the_old_level_names_still_play() {
    for old in ["easy", "medium", "hard", "expert", "master"] {
        let out = cli_ok(&["bestmove", "wudao", "--level", old, "--nodes", "300"]);
        assert!(out.starts_with(&format!("info level {old} ")), "{out}");
    }
    let message = cli_err(&["bestmove", "wudao", "--level", "grandmaster"]);
    assert!(
        message.contains("beginner") && message.contains("master"),
        "{message}"
    );
}

#[test]
fn a_ladder_is_written_fitted_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.json");
    let out = path.to_str().unwrap();
    let shown = cli_ok(&ladder_args("wudao", out, &[]));
    assert!(shown.contains("rating greedy 1000"), "{shown}");
    let ladder = Ladder::from_bytes(&std::fs::read(&path).unwrap()).expect("a ladder");
    assert_eq!(ladder.game, "wudao");
    assert!(ladder.pairings.iter().all(|p| p.done() && p.games() == 2));
    assert_eq!(ladder.ratings.len(), ladder.players.len());
    let greedy = ladder.rating(Level::Greedy).expect("the anchor");
    assert_eq!(greedy.rating, 1000.0);
    // The file says how it was made.
    assert!(
        ladder.command.starts_with("sanqi ladder wudao --games 2"),
        "{}",
        ladder.command
    );

    // An existing file is not replaced without --resume.
    let bytes = std::fs::read(&path).unwrap();
    let message = cli_err(&ladder_args("wudao", out, &[]));
    assert!(message.contains("--resume"), "{message}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);

    // A stopped measurement goes on: a pairing cut back to nothing is played again, alike.
    let mut cut = ladder.clone();
    let last = cut.pairings.len() - 1;
    let before = cut.pairings[last].clone();
    cut.pairings[last].wins = 0;
    cut.pairings[last].draws = 0;
    cut.pairings[last].losses = 0;
    std::fs::write(&path, cut.to_bytes()).unwrap();
    cli_ok(&ladder_args("wudao", out, &["--resume"]));
    let resumed = Ladder::from_bytes(&std::fs::read(&path).unwrap()).expect("a ladder");
    assert_eq!(resumed.pairings[last], before, "the same games again");
    assert_eq!(resumed, ladder);

    // Resuming with another plan, another game or a damaged file is refused; nothing changes.
    let bytes = std::fs::read(&path).unwrap();
    let message = cli_err(&ladder_args("wudao", out, &["--resume", "--seed", "9"]));
    assert!(
        message.contains("other players, pairings or seed"),
        "{message}"
    );
    let message = cli_err(&ladder_args("neihuang", out, &["--resume"]));
    assert!(message.contains("another game"), "{message}");
    // Counts whose sum would overflow (and read as a few games) are damage too.
    let mut huge = ladder.clone();
    (
        huge.pairings[0].wins,
        huge.pairings[0].draws,
        huge.pairings[0].losses,
    ) = (1 << 63, 1 << 63, 2);
    std::fs::write(&path, huge.to_bytes()).unwrap();
    let message = cli_err(&ladder_args("wudao", out, &["--resume"]));
    assert!(message.contains("damaged"), "{message}");
    let mut damaged = bytes.clone();
    let at = damaged.len() / 2;
    damaged[at] ^= 0x01;
    std::fs::write(&path, &damaged).unwrap();
    let message = cli_err(&ladder_args("wudao", out, &["--resume"]));
    assert!(
        message.contains("damaged") || message.contains("not a Sanqi ladder"),
        "{message}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), damaged);
    std::fs::write(&path, b"{\"records\": []}").unwrap();
    let message = cli_err(&ladder_args("wudao", out, &["--resume"]));
    assert!(message.contains("not a Sanqi ladder file"), "{message}");
    let missing = dir.path().join("none.json");
    let message = cli_err(&ladder_args(
        "wudao",
        missing.to_str().unwrap(),
        &["--resume"],
    ));
    assert!(message.contains("nothing to resume"), "{message}");
}

#[test]
fn a_ladder_never_replaces_a_folder_or_the_table_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let message = cli_err(&ladder_args("wudao", folder, &[]));
    assert!(message.contains("not a regular file"), "{message}");
    assert!(dir.path().is_dir());
    let table = dir.path().join("t.sanqi-table");
    std::fs::write(&table, b"a table").unwrap();
    let table = table.to_str().unwrap();
    let message = cli_err(&ladder_args("wudao", table, &["--table", table]));
    assert!(message.contains("--table file it reads"), "{message}");
    assert_eq!(std::fs::read(table).unwrap(), b"a table");
}

#[test]
fn bad_ladder_arguments_are_refused_in_one_line() {
    for (args, expected) in [
        (&["ladder", "wudao", "--games", "0"][..], "--games"),
        (&["ladder", "wudao", "--player", "hard"], "ID=CONFIG"),
        (
            &["ladder", "wudao", "--player", "king=hard"],
            "not a level of the ladder",
        ),
        (
            &["ladder", "wudao", "--player", "hard=hard:depth=0"],
            "depth",
        ),
        (&["ladder", "wudao", "--top-scale", "0"], "--top-scale"),
        (&["ladder", "wudao", "--out", ""], "--out"),
    ] {
        let message = cli_err(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

#[test]
fn a_ladder_whose_file_could_pass_the_limit_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    // Settings long enough that the file, which holds them twice, passes 1 MiB.
    let long = format!("novice=novice:{}", vec!["nodes=500"; 60_000].join(","));
    let args = ladder_args("wudao", path.to_str().unwrap(), &["--player", &long]);
    let message = cli_err(&args);
    assert!(message.contains("could grow past 1 MiB"), "{message}");
    assert!(!path.exists());
}

#[cfg(unix)]
#[test]
fn a_ladder_interrupted_leaves_its_file_whole_and_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.json");
    let (mut command, _home) = program();
    let mut args = ladder_args("wudao", path.to_str().unwrap(), &[]);
    args[3] = "40";
    let mut child = command
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the program runs");
    // Interrupted as it writes its file after a pair of games.
    let started = std::time::Instant::now();
    while !path.exists() {
        assert!(started.elapsed().as_secs() < 60, "no file was written");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    std::thread::sleep(std::time::Duration::from_millis(30));
    let pid = libc::pid_t::try_from(child.id()).expect("a process id");
    // SAFETY: sends SIGTERM to the process this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = child.wait().expect("it ends");
    assert!(
        status.signal() == Some(libc::SIGTERM) || status.success(),
        "{status:?}"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["w.json"], "nothing left beside it");
    Ladder::from_bytes(&std::fs::read(&path).unwrap()).expect("a whole ladder");
}
