//! The tests never reach the user's own data folder: a Flying table, a record and settings
//! placed where the program looks by default change nothing the tests see, and are neither
//! read nor changed.

mod common;
#[path = "common/synthetic_table.rs"]
mod synthetic_table;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use common::{cli_ok, run_cli, run_program};
use sanqi::tablebase::{self, Board};

/// What the checks below run: the commands that read the data folder (a Flying table for
/// Master, the table's probe and analysis) in this process and as their own processes. Run
/// by [`the_default_data_folder_is_neither_read_nor_changed`] with the user's folder
/// holding a table; ignored otherwise.
#[test]
#[ignore = "run by the_default_data_folder_is_neither_read_nor_changed"]
fn commands_that_read_the_data_folder() {
    let moves = "a1-a2 a5-a4 a2-a1";
    let args = [
        "bestmove", "flying", "--level", "master", "--nodes", "3000", "--seed", "1", "--moves",
        moves,
    ];
    // Master plays from a table when it finds one: here it must search.
    let searched = |out: &str| {
        let info = out.lines().next().unwrap_or_default().to_string();
        assert!(!info.contains("source table"), "a table was read: {info}");
        assert!(!info.contains(" nodes 0 "), "nothing searched: {info}");
    };
    searched(&cli_ok(&args));
    let (code, out, err) = run_program(&args, None);
    assert_eq!(code, 0, "{err}");
    searched(&out);
    // Without a table, the probe says there is none, in this process and as a program.
    let (code, _, err) = run_cli(&["probe", "flying"]);
    assert_eq!(code, 2, "a table was found: {err}");
    let (code, _, err) = run_program(&["probe", "flying"], None);
    assert_eq!(code, 2, "a table was found: {err}");
}

/// Every file under `root` with its contents and its time of last change.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut files = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            let meta = std::fs::symlink_metadata(&path).expect("metadata");
            if meta.is_dir() {
                folders.push(path.clone());
            }
            let contents = if meta.is_file() {
                std::fs::read(&path).expect("readable")
            } else {
                Vec::new()
            };
            files.insert(path, (contents, meta.modified().expect("a time")));
        }
    }
    files
}

#[cfg(unix)]
#[test]
fn the_default_data_folder_is_neither_read_nor_changed() {
    let home = tempfile::tempdir().expect("a temporary folder");
    // Where the program looks when no folder is named (Linux: ~/.local/share/sanqi).
    let user = home.path().join(".local/share/sanqi");
    std::fs::create_dir_all(user.join("records")).expect("folders");
    // A table where every position is a draw: Master would play from it without searching.
    synthetic_table::write(&tablebase::path_in(&user), &Board::FLYING.indexer(), &[]);
    std::fs::write(
        user.join("settings.json"),
        br#"{"version":1,"language":"zh-CN","sentinel":"the user's own"}"#,
    )
    .expect("written");
    std::fs::write(
        user.join("records/wudao-0001.json"),
        br#"{"sentinel":"the user's own record"}"#,
    )
    .expect("written");
    let before = snapshot(home.path());

    let this_test = std::env::current_exe().expect("this test program");
    let output = std::process::Command::new(this_test)
        .args([
            "--ignored",
            "--exact",
            "commands_that_read_the_data_folder",
            "--test-threads",
            "1",
        ])
        .env("HOME", home.path())
        .env_remove("XDG_DATA_HOME")
        .env_remove(sanqi::data_dir::VARIABLE)
        .output()
        .expect("the test program runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && shown.contains("1 passed"),
        "with a table in the user's folder:\n{shown}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        before == snapshot(home.path()),
        "the user's folder was changed"
    );
}

/// The check above has teeth: a program started without the helpers' isolation, with the
/// same home, finds the table and plays from it.
#[cfg(unix)]
#[test]
fn a_program_started_without_isolation_finds_the_users_table() {
    let home = tempfile::tempdir().expect("a temporary folder");
    let user = home.path().join(".local/share/sanqi");
    std::fs::create_dir_all(&user).expect("folders");
    synthetic_table::write(&tablebase::path_in(&user), &Board::FLYING.indexer(), &[]);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sanqi"))
        .args(["probe", "flying", "--moves", "a1-a2"])
        .env("HOME", home.path())
        .env_remove("XDG_DATA_HOME")
        .env_remove(sanqi::data_dir::VARIABLE)
        .output()
        .expect("the program runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("value: draw"));
}
