//! Analysis from review in the window: started from the side panel, it runs in the
//! background with its progress, can be cancelled, and labels a known blunder in the move list
//! and in the panel, with the better action on the board.

#[path = "common/window.rs"]
mod window;

use sanqi::ai::analysis::{Budget, Label};
use sanqi::app::ANALYSIS_BUDGET;
use sanqi::app::i18n::Language;
use window::{click_button, has_text, open_record, wait_for_report, window};

/// Black's first move, then White's `d5-d3`: a loss in 38 by the table, and about four pieces
/// by the search at any budget tried (500 to 100 000 nodes).
const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
    "actions":["c1-c3","d5-d3","e1-e3"]}"#;

/// Another game, to open in between.
const OTHER: &str = r#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3"]}"#;

#[test]
fn analysis_labels_a_known_blunder_and_shows_the_better_move() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(dir.path(), Language::English);
    open_record(&mut h, dir.path(), BLUNDER);
    assert!(!has_text(&h, "d5-d3??"));
    click_button(&mut h, "Analyse the game");
    assert!(h.state().analysis().is_some());
    wait_for_report(&mut h);
    let analysis = h.state().analysis().expect("an analysis");
    assert_eq!(analysis.label(1), Some(Label::Blunder));
    assert!(!matches!(analysis.label(0), Some(Label::Blunder)));
    // The move list marks it, and the panel counts it.
    assert!(has_text(&h, "d5-d3??"), "the move list marks the blunder");
    assert!(has_text(&h, "White: accuracy"));
    assert!(has_text(&h, "No Flying table was found"));
    // On the position it was played from, the panel names it and the better action.
    let better = analysis.better_here(1).expect("a better action");
    assert_ne!(better.to_string(), "d5-d3");
    // The review opened where the game ended: back to the start, then one move on.
    click_button(&mut h, "« First");
    click_button(&mut h, "Forward ›");
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(1));
    assert!(has_text(&h, "Played next: d5-d3, blunder."));
    assert!(has_text(&h, &format!("Better: {better}")));
}

#[test]
fn an_analysis_can_be_cancelled_and_the_window_keeps_answering() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(dir.path(), Language::Chinese);
    // A long game, so that the analysis is still running when it is cancelled.
    let mut actions = Vec::new();
    for _ in 0..20 {
        actions.extend(["\"a1-a2\"", "\"a5-a4\"", "\"a2-a1\"", "\"a4-a5\""]);
    }
    // Two repetitions of the same cycle end the game by the rule: keep to one and a half.
    actions.truncate(7);
    let json = format!(
        r#"{{"format":"sanqi-record","version":1,"game":"flying","actions":[{}]}}"#,
        actions.join(",")
    );
    open_record(&mut h, dir.path(), &json);
    click_button(&mut h, "分析本局");
    assert!(has_text(&h, "个局面"), "the progress shows");
    click_button(&mut h, "取消");
    assert!(h.state().analysis().is_none());
    assert!(has_text(&h, "分析本局"), "it can be started again");
    click_button(&mut h, "« 开局");
    click_button(&mut h, "前进 ›");
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(1));
}

#[test]
fn the_same_game_analysed_twice_gives_the_same_figures() {
    // A budget of nodes, which no clock cuts short however busy the machine is.
    assert!(
        matches!(ANALYSIS_BUDGET, Budget::Nodes(_)),
        "{ANALYSIS_BUDGET:?}"
    );
    let dir = tempfile::tempdir().expect("a folder");
    let mut h = window(dir.path(), Language::English);
    let mut reports = Vec::new();
    for _ in 0..2 {
        // Another game in between: its analysis is gone, and the game is analysed anew.
        open_record(&mut h, dir.path(), OTHER);
        assert!(h.state().analysis().is_none());
        open_record(&mut h, dir.path(), BLUNDER);
        click_button(&mut h, "Analyse the game");
        wait_for_report(&mut h);
        let report = h.state().analysis().and_then(|a| a.report()).cloned();
        reports.push(report.expect("a report"));
    }
    assert_eq!(reports[0], reports[1]);
}
