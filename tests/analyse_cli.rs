//! `sanqi analyse`: a line per action with its label, a summary per side, and typed
//! one-line errors. Run as the real program, with a data folder of its own (no table).

mod common;

use std::path::Path;

use common::run_program;

/// Black's first move, then White's `d5-d3`: a loss in 38 by the table, and about four pieces
/// by the search at any budget tried (500 to 100 000 nodes).
const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
    "actions":["c1-c3","d5-d3","e1-e3"]}"#;

/// `sanqi analyse ARGS…` with `data` as its data folder.
fn analyse(data: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    run_program(&all, Some(data))
}

#[test]
fn a_known_blunder_is_labelled_with_the_engine_choice_and_counted() {
    let dir = tempfile::tempdir().expect("a folder");
    let record = dir.path().join("blunder.json");
    std::fs::write(&record, BLUNDER).expect("written");
    let path = record.to_string_lossy().into_owned();
    let (code, out, err) = analyse(dir.path(), &[&path, "--nodes", "5000"]);
    assert_eq!(code, 0, "{err}");
    // No table in this data folder: the search's values, and a note saying so.
    assert!(err.contains("no Flying table"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("1. black c1-c3 +"), "{}", lines[0]);
    let blunder: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(&blunder[..3], ["2.", "white", "d5-d3"], "{}", lines[1]);
    let eval: f64 = blunder[3].parse().expect("a score");
    assert!(eval > 2.0, "Black is well ahead after it: {}", lines[1]);
    assert_eq!(blunder[4], "blunder", "{}", lines[1]);
    assert!(lines[1].contains("(engine: ") && !lines[1].contains("engine: d5-d3"));
    assert!(lines[2].starts_with("3. black e1-e3 "), "{}", lines[2]);
    assert!(lines[3].starts_with("black: "), "{}", lines[3]);
    assert!(lines[4].starts_with("white: ") && lines[4].contains(" 1 blunder;"));
    let accuracy: f64 = lines[4]
        .rsplit("accuracy ")
        .next()
        .and_then(|a| a.trim_end_matches('%').parse().ok())
        .expect("an accuracy");
    assert!(accuracy < 50.0, "{}", lines[4]);
    // Reproducible on nodes.
    assert_eq!(analyse(dir.path(), &[&path, "--nodes", "5000"]).1, out);
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let dir = tempfile::tempdir().expect("a folder");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{ not json").expect("written");
    let broken = broken.to_string_lossy().into_owned();
    let missing = dir
        .path()
        .join("missing.json")
        .to_string_lossy()
        .into_owned();
    let record = dir.path().join("ok.json");
    std::fs::write(&record, BLUNDER).expect("written");
    let record = record.to_string_lossy().into_owned();
    for (args, says) in [
        (vec![broken.as_str()], "broken.json"),
        (vec![missing.as_str()], "cannot read record file"),
        (vec![], "RECORD.json"),
        (vec![record.as_str(), "--nodes", "many"], "--nodes"),
        (
            vec![record.as_str(), "--nodes", "10", "--movetime", "10"],
            "--movetime",
        ),
        (
            vec![record.as_str(), "--table", missing.as_str()],
            "no Flying table",
        ),
    ] {
        let (code, out, err) = analyse(dir.path(), &args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("sanqi: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_unfinished_neihuang_record_is_analysed_to_its_last_action() {
    let dir = tempfile::tempdir().expect("a folder");
    let record = dir.path().join("nh.json");
    std::fs::write(
        &record,
        r#"{"format":"sanqi-record","version":1,"game":"neihuang","actions":["c3","b2"]}"#,
    )
    .expect("written");
    let (code, out, err) = analyse(dir.path(), &[&record.to_string_lossy(), "--nodes", "500"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "no table is looked for outside Flying");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("1. black c3 ") && lines[1].starts_with("2. white b2 "));
}
