//! Special files where Sanqi expects a file it reads: a FIFO, a device, a link to one, or a
//! kernel file that calls itself regular. Each read goes through the one open of
//! `sanqi::files` and ends in one clear line, never a hang: the Flying table and the side file
//! of older builds, records, settings, self-play data, weights and books.

#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};

use common::{make_fifo, run_cli, without_hanging};
use sanqi::app::storage::{SETTINGS_FILE, Store, StoreNotice};

/// Runs the command line on a thread that must finish; returns (status, stdout, stderr).
fn run_without_hanging(args: Vec<String>) -> (i32, String, String) {
    let what = args.join(" ");
    without_hanging(&what, move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_cli(&args)
    })
}

fn text(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_fifo_at_the_tables_path_is_one_line_and_master_searches() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fifo = dir.path().join("flying-5x5.sanqi-table");
    make_fifo(&fifo);
    let table = text(&fifo);
    let (code, out, err) = run_without_hanging(args(&["probe", "flying", "--table", &table]));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sanqi: cannot read the Flying table ")
            && err.ends_with(": it is not a regular file\n"),
        "{err}"
    );
    let (code, out, err) = run_without_hanging(args(&[
        "bestmove", "flying", "--level", "master", "--nodes", "200", "--table", &table,
    ]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("not a regular file; Master searches instead"),
        "{err}"
    );
    assert!(out.contains(" source search "), "{out}");
}

#[test]
fn the_side_file_of_older_builds_is_never_read() {
    // Older builds kept a record beside the table; a link from it to /dev/zero or a FIFO
    // in its place must not hang the open.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let table = dir.path().join("small.sanqi-table");
    let config = sanqi::tablebase::BuildConfig {
        board: sanqi::tablebase::Board::new(3, 3).expect("a valid board"),
        ..sanqi::tablebase::BuildConfig::flying(table.clone())
    };
    sanqi::tablebase::build(
        &config,
        1,
        &mut |_| {},
        &std::sync::atomic::AtomicBool::new(false),
    )
    .expect("a build");
    let mut side = table.clone().into_os_string();
    side.push(".verified");
    let side = PathBuf::from(side);
    std::os::unix::fs::symlink("/dev/zero", &side).expect("a link");
    let path = table.clone();
    let opened = without_hanging("a table beside a link to /dev/zero", move || {
        sanqi::tablebase::BoardTable::open_with(&path, sanqi::tablebase::Check::Once).map(|_| ())
    });
    assert_eq!(opened, Ok(()));
    std::fs::remove_file(&side).expect("removed");
    make_fifo(&side);
    let opened = without_hanging("a table beside a FIFO", move || {
        sanqi::tablebase::BoardTable::open_with(&table, sanqi::tablebase::Check::Once).map(|_| ())
    });
    assert_eq!(opened, Ok(()));
}

#[cfg(target_os = "linux")]
#[test]
fn a_kernel_file_as_a_record_is_one_line() {
    for kernel in ["/proc/kmsg", "/proc/self/status"] {
        if !Path::new(kernel).exists() {
            eprintln!("no {kernel} here: skipped");
            continue;
        }
        let (code, out, err) = run_without_hanging(args(&["replay", kernel]));
        assert_eq!((code, out.as_str()), (2, ""), "{kernel}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // Without the right to read /proc/kmsg the system refuses it; with it, Sanqi does.
        assert!(
            err.contains("it is not a regular file") || err.contains("ermission denied"),
            "{err}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_link_to_a_kernel_file_as_the_settings_is_set_aside() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let settings = dir.path().join(SETTINGS_FILE);
    std::os::unix::fs::symlink("/proc/self/status", &settings).expect("a link");
    let path = dir.path().to_path_buf();
    let notices = without_hanging("settings linked to /proc", move || {
        Store::at(&path).load_settings().notices
    });
    let [StoreNotice::SetAside { reason, .. }] = notices.as_slice() else {
        panic!("expected one SetAside notice, got {notices:?}");
    };
    assert!(
        reason.to_string().contains("not a regular file"),
        "{reason}"
    );
}

#[test]
fn data_weights_and_book_files_that_are_fifos_are_one_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fifo = dir.path().join("fifo");
    make_fifo(&fifo);
    let fifo = text(&fifo);
    let out = text(&dir.path().join("out"));
    for command in [
        args(&["train", "wudao", "--data", &fifo, "--out", &out]),
        args(&[
            "selfplay", "wudao", "--games", "1", "--nodes", "50", "--out", &fifo, "--resume",
        ]),
        args(&["bestmove", "wudao", "--level", "easy", "--weights", &fifo]),
        args(&["bestmove", "wudao", "--level", "easy", "--book", &fifo]),
    ] {
        let (code, _, err) = run_without_hanging(command.clone());
        assert_eq!(code, 2, "{command:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{command:?}: {err}");
        // A file read says it is not a regular file; an output says what it is instead.
        assert!(
            err.contains("it is not a regular file")
                || err.contains("it is a FIFO, not a regular file"),
            "{command:?}: {err}"
        );
    }
}
