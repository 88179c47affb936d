//! The commands that write files (`selfplay`, `train`, `book build`, `solve`, `match
//! --records`) never lose one: a damaged self-play file is never cut short, an output never
//! replaces a special file, an input or another output, a flaw in the data is named in one
//! line with what to do, and the outputs are checked before any work is done. (How a failing
//! engine is told in `match` is in `play_cli.rs`.)

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{cli_err, cli_ok, run_program};
use sanqi::ai::Weights;
use sanqi::learn::data;

/// A Wu Dao self-play file of 10 games (seed 1, 200 nodes a decision), made once.
fn ten_games() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("ten.sp");
        cli_ok(&[
            "selfplay",
            "wudao",
            "--games",
            "10",
            "--nodes",
            "200",
            "--out",
            s(&path),
            "--quiet",
        ]);
        fs::read(&path).expect("the data")
    })
}

/// A path as an argument.
fn s(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A fresh folder holding the ten games as `a.sp`.
fn folder_with_data() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("a.sp");
    fs::write(&path, ten_games()).expect("written");
    (dir, path)
}

/// Where each game's block starts in a self-play file, and where the file ends.
fn block_starts(bytes: &[u8]) -> Vec<usize> {
    let text = u16::from_le_bytes([bytes[20], bytes[21]]) as usize;
    let mut at = 22 + text + 4;
    let mut starts = Vec::new();
    while at < bytes.len() {
        starts.push(at);
        let count = u16::from_le_bytes([bytes[at + 8], bytes[at + 9]]) as usize;
        at += 16 + 20 * count;
    }
    starts
}

/// Trains Wu Dao weights on the ten games into `path`.
fn train_into(dir: &Path, path: &Path) {
    let data = dir.join("train.sp");
    fs::write(&data, ten_games()).expect("written");
    cli_ok(&["train", "wudao", "--data", s(&data), "--out", s(path)]);
}

#[test]
fn resuming_after_a_damaged_game_changes_nothing_and_repair_keeps_the_sound_games() {
    let (dir, path) = folder_with_data();
    let mut bytes = ten_games().to_vec();
    let game_3 = block_starts(&bytes)[3];
    bytes[game_3 + 30] ^= 1;
    fs::write(&path, &bytes).expect("written");
    for games in ["3", "12"] {
        let error = cli_err(&[
            "selfplay",
            "wudao",
            "--games",
            games,
            "--nodes",
            "200",
            "--out",
            s(&path),
            "--resume",
        ]);
        assert!(
            error.contains("the data of game 3 is damaged; 3 games before it and 6 games after it are sound; nothing was changed")
                && error.contains("--repair"),
            "{error}"
        );
        assert_eq!(fs::read(&path).expect("the data"), bytes, "--games {games}");
    }
    // --repair copies the nine sound games into a new file and leaves the damaged one.
    let repaired = dir.path().join("b.sp");
    let said = cli_ok(&[
        "selfplay",
        "wudao",
        "--repair",
        s(&path),
        "--out",
        s(&repaired),
        "--nodes",
        "200",
    ]);
    assert!(
        said.contains("9 sound games") && said.contains("left out: game 3"),
        "{said}"
    );
    assert_eq!(fs::read(&path).expect("the data"), bytes);
    let contents = data::read(&repaired).expect("a sound file");
    let numbers: Vec<u32> = contents.games.iter().map(|g| g.number).collect();
    assert_eq!(numbers, [0, 1, 2, 4, 5, 6, 7, 8, 9]);
    // It resumes after its last game.
    cli_ok(&[
        "selfplay",
        "wudao",
        "--games",
        "11",
        "--nodes",
        "200",
        "--out",
        s(&repaired),
        "--resume",
        "--quiet",
    ]);
    let numbers: Vec<u32> = data::read(&repaired)
        .expect("a sound file")
        .games
        .iter()
        .map(|g| g.number)
        .collect();
    assert_eq!(numbers, [0, 1, 2, 4, 5, 6, 7, 8, 9, 10]);
    // --repair never writes over a file.
    let error = cli_err(&["selfplay", "wudao", "--repair", s(&path), "--out", s(&path)]);
    assert!(error.contains("is the --repair file"), "{error}");
}

#[cfg(unix)]
#[test]
fn outputs_that_are_special_files_are_refused_and_left_as_they_were() {
    use std::os::unix::fs::FileTypeExt;
    let (dir, data) = folder_with_data();
    let weights = dir.path().join("w.weights");
    train_into(dir.path(), &weights);
    let fifo = dir.path().join("fifo");
    common::make_fifo(&fifo);
    let looping = dir.path().join("loop");
    std::os::unix::fs::symlink(&looping, &looping).expect("a link");
    // A device of one's own where the system allows it (as root): a null device.
    let device = dir.path().join("mynull");
    let made_device = std::process::Command::new("mknod")
        .args([s(&device), "c", "1", "3"])
        .status()
        .is_ok_and(|st| st.success());
    let mut specials = vec![
        (fifo.clone(), "it is a FIFO, not a regular file"),
        (looping.clone(), "it is a link that leads round in a loop"),
    ];
    if made_device {
        specials.push((device.clone(), "it is a device, not a regular file"));
    } else {
        eprintln!("mknod is not allowed here: the device case is left out");
    }
    for (special, said) in &specials {
        let out = s(special);
        for command in [
            vec!["train", "wudao", "--data", s(&data), "--out", out],
            vec![
                "train",
                "wudao",
                "--data",
                s(&data),
                "--out",
                s(&weights),
                "--curve",
                out,
            ],
            vec![
                "book", "build", "wudao", "--plies", "1", "--nodes", "20", "--out", out,
            ],
            vec![
                "solve",
                "flying",
                "--board",
                "3x2",
                "--threads",
                "1",
                "--out",
                out,
            ],
            vec![
                "selfplay", "wudao", "--games", "1", "--nodes", "50", "--out", out,
            ],
        ] {
            let error = cli_err(&command);
            assert!(
                error.contains(said) && !error.contains("os error"),
                "{command:?}: {error}"
            );
        }
    }
    let kind = |p: &Path| fs::symlink_metadata(p).expect("still there").file_type();
    assert!(kind(&fifo).is_fifo());
    assert!(kind(&looping).is_symlink());
    if made_device {
        assert!(kind(&device).is_char_device());
    }
    // A link to a regular file: the file it leads to is written, the link stays.
    let real = dir.path().join("real.weights");
    fs::write(&real, b"mine").expect("written");
    let link = dir.path().join("link.weights");
    std::os::unix::fs::symlink(&real, &link).expect("a link");
    cli_ok(&["train", "wudao", "--data", s(&data), "--out", s(&link)]);
    assert!(kind(&link).is_symlink());
    assert!(Weights::parse(&fs::read(&real).expect("the weights")).is_ok());
}

#[test]
fn outputs_that_are_inputs_or_each_other_are_refused() {
    let (dir, data) = folder_with_data();
    let error = cli_err(&["train", "wudao", "--data", s(&data), "--out", s(&data)]);
    assert!(error.contains("is the --data file it reads"), "{error}");
    // The same file by another name.
    let other_name = dir.path().join(".").join("a.sp");
    let error = cli_err(&[
        "train",
        "wudao",
        "--data",
        s(&data),
        "--out",
        s(&other_name),
    ]);
    assert!(error.contains("is the --data file it reads"), "{error}");
    assert_eq!(fs::read(&data).expect("the data"), ten_games());
    let weights = dir.path().join("b.weights");
    train_into(dir.path(), &weights);
    let before = fs::read(&weights).expect("the weights");
    let error = cli_err(&[
        "book",
        "build",
        "wudao",
        "--weights",
        s(&weights),
        "--out",
        s(&weights),
        "--plies",
        "1",
    ]);
    assert!(error.contains("is the --weights file it reads"), "{error}");
    assert_eq!(fs::read(&weights).expect("the weights"), before);
    let error = cli_err(&[
        "train",
        "wudao",
        "--data",
        s(&data),
        "--out",
        s(&weights),
        "--curve",
        s(&weights),
    ]);
    assert!(
        error.contains("--out and --curve name the same file"),
        "{error}"
    );
    // Weights named .svg: the curve's default name is taken by them, so it is numbered.
    let svg = dir.path().join("w.svg");
    let said = cli_ok(&["train", "wudao", "--data", s(&data), "--out", s(&svg)]);
    assert!(Weights::parse(&fs::read(&svg).expect("the weights")).is_ok());
    let curve = dir.path().join("w-2.svg");
    assert!(
        fs::read_to_string(&curve)
            .expect("the curve")
            .contains("<svg")
    );
    assert!(
        said.contains(&format!("curve in `{}`", curve.display())),
        "{said}"
    );
    // An existing picture beside the weights is never replaced by the default curve.
    let mine = dir.path().join("my.svg");
    fs::write(&mine, b"my picture").expect("written");
    cli_ok(&[
        "train",
        "wudao",
        "--data",
        s(&data),
        "--out",
        s(&dir.path().join("my.weights")),
    ]);
    assert_eq!(fs::read(&mine).expect("mine"), b"my picture");
    assert!(dir.path().join("my-2.svg").exists());
}

#[test]
fn a_new_run_on_an_existing_file_changes_nothing_and_says_to_resume() {
    let (_dir, path) = folder_with_data();
    let error = cli_err(&[
        "selfplay",
        "wudao",
        "--games",
        "2",
        "--nodes",
        "50",
        "--out",
        s(&path),
    ]);
    assert!(
        error.ends_with("exists already: add --resume to go on with its games, or name a new file"),
        "{error}"
    );
    assert_eq!(fs::read(&path).expect("the data"), ten_games());
}

#[test]
fn train_refuses_cut_or_lengthened_data_and_a_file_given_twice() {
    let (dir, path) = folder_with_data();
    let out = dir.path().join("w.weights");
    let train = |data: &Path| cli_err(&["train", "wudao", "--data", s(data), "--out", s(&out)]);
    let bytes = ten_games();
    fs::write(&path, &bytes[..bytes.len() - 7]).expect("written");
    let error = train(&path);
    assert!(
        error.contains("game 9, the last, is cut short") && error.contains("--repair"),
        "{error}"
    );
    let mut longer = bytes.to_vec();
    longer.extend_from_slice(b"appended");
    fs::write(&path, &longer).expect("written");
    let error = train(&path);
    assert!(
        error.contains("the 8 bytes after game 9, the last, are not a game"),
        "{error}"
    );
    // A damaged header is named as such, without the file's bytes.
    let mut header = bytes.to_vec();
    header[14] ^= 0x20;
    fs::write(&path, &header).expect("written");
    let error = train(&path);
    assert!(
        error.contains("header") && error.contains("damaged") && !error.contains('\0'),
        "{error}"
    );
    let resumed = cli_err(&[
        "selfplay",
        "wudao",
        "--games",
        "11",
        "--nodes",
        "200",
        "--out",
        s(&path),
        "--resume",
    ]);
    assert!(
        resumed.contains("header") && !resumed.contains("other games"),
        "{resumed}"
    );
    assert!(!out.exists());
    fs::write(&path, bytes).expect("written");
    let error = cli_err(&[
        "train",
        "wudao",
        "--data",
        s(&path),
        "--data",
        s(&path),
        "--out",
        s(&out),
    ]);
    assert!(error.contains("is given twice"), "{error}");
}

#[test]
fn the_reserved_header_byte_of_weights_and_books_is_checked() {
    let dir = tempfile::tempdir().expect("a folder");
    let weights = dir.path().join("w.weights");
    train_into(dir.path(), &weights);
    let book = dir.path().join("w.book");
    cli_ok(&[
        "book",
        "build",
        "wudao",
        "--plies",
        "1",
        "--nodes",
        "20",
        "--out",
        s(&book),
        "--quiet",
    ]);
    for (path, args) in [
        (
            &weights,
            vec!["bestmove", "wudao", "--level", "easy", "--weights"],
        ),
        (&book, vec!["book", "show", "wudao", "--book"]),
    ] {
        let mut bytes = fs::read(path).expect("the file");
        bytes[11] = 1;
        fs::write(path, &bytes).expect("written");
        let mut args = args.clone();
        args.push(s(path));
        let error = cli_err(&args);
        assert!(error.contains("damaged"), "{error}");
    }
}

#[test]
fn messages_name_what_the_user_gave() {
    let (dir, data) = folder_with_data();
    // A name with dots and no extension: the weights and their curve, nothing else.
    let odd = dir.path().join("..9");
    let said = cli_ok(&["train", "wudao", "--data", s(&data), "--out", s(&odd)]);
    assert!(dir.path().join("..9.svg").exists(), "{said}");
    assert!(Weights::parse(&fs::read(&odd).expect("the weights")).is_ok());
    // Too few positions: the figures that decide it.
    let one = dir.path().join("one.sp");
    cli_ok(&[
        "selfplay",
        "wudao",
        "--games",
        "1",
        "--nodes",
        "50",
        "--out",
        s(&one),
        "--quiet",
    ]);
    let error = cli_err(&[
        "train",
        "wudao",
        "--data",
        s(&one),
        "--out",
        s(&dir.path().join("x.weights")),
    ]);
    assert!(
        error.starts_with("too little data to train on: ")
            && error.contains("from 1 game;")
            && error.contains("at least 100"),
        "{error}"
    );
    // A records folder that is a file: refused before the first game.
    let error = cli_err(&[
        "match",
        "wudao",
        "--black",
        "random",
        "--white",
        "random",
        "--games",
        "1",
        "--records",
        s(&data),
    ]);
    assert!(error.ends_with("it is not a folder"), "{error}");
}

#[test]
fn training_says_nothing_on_stderr_unless_something_goes_wrong() {
    // Not a terminal: no progress lines that would come before an error (on a full disk,
    // say), which is then the one line on stderr. The epochs are on stdout.
    let (dir, data) = folder_with_data();
    let weights = dir.path().join("w.weights");
    let (code, out, err) = run_program(
        &["train", "wudao", "--data", s(&data), "--out", s(&weights)],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    assert!(out.starts_with("epoch 1: "), "{out}");
}

#[test]
fn outputs_are_checked_before_any_work() {
    let (dir, data) = folder_with_data();
    // The program itself, so that its progress lines would show on its stderr.
    let missing = dir.path().join("missing").join("w.weights");
    let (code, out, err) = run_program(
        &["train", "wudao", "--data", s(&data), "--out", s(&missing)],
        None,
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("there is no folder"), "{err}");
    #[cfg(unix)]
    {
        let fifo = dir.path().join("table");
        common::make_fifo(&fifo);
        let (code, out, err) = run_program(
            &[
                "solve",
                "flying",
                "--board",
                "3x3",
                "--threads",
                "1",
                "--out",
                s(&fifo),
            ],
            None,
        );
        assert_eq!((code, out.as_str()), (2, ""));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("it is a FIFO"), "{err}");
    }
    // A folder that cannot be written, whoever runs the test: the kernel's own.
    #[cfg(target_os = "linux")]
    if Path::new("/proc/self").is_dir() {
        let error = cli_err(&[
            "train",
            "wudao",
            "--data",
            s(&data),
            "--out",
            "/proc/self/w.weights",
        ]);
        assert!(
            error.starts_with("cannot write into `/proc/self`"),
            "{error}"
        );
    }
}
