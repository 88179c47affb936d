//! How the window is laid out, driven with egui_kittest at the sizes people use: Home shows
//! every game in the smallest window, dialogs keep their buttons in place while their options
//! change, saving a record to a typed path, and the side panel growing with a large window
//! (its evaluation graph reading out the position under the pointer, the review's move list
//! opening at the first move).

#[path = "common/window.rs"]
mod window;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable};
use sanqi::ai::Level;
use sanqi::app::clock::ManualTime;
use sanqi::app::command::Open;
use sanqi::app::demo::Demo;
use sanqi::app::i18n::{I18n, Language};
use sanqi::app::settings::{ClockSetting, Opponent, SideChoice};
use sanqi::app::storage::{Store, read_record_file};
use sanqi::app::{Command, Screen};
use sanqi::rules::{Action, GameId};
use window::{
    Opened, Window, WindowSpec, actions, apply, button, button_rect, click_button, click_points,
    computer, has_text, open_record, type_into, wait_for_report, window_with,
};

const SMALL: [f32; 2] = [760.0, 560.0];
const MEDIUM: [f32; 2] = [1100.0, 760.0];
const LARGE: [f32; 2] = [1920.0, 1080.0];

/// A window of `size` on a fresh data folder.
fn sized(size: [f32; 2]) -> WindowSpec {
    WindowSpec::default().size(size[0], size[1])
}

/// A game of `game` against `opponent` with no clock, in the smallest window.
fn small_game(game: GameId, opponent: Opponent) -> Opened {
    sized(SMALL).game(game, opponent, ClockSetting::Off)
}

#[test]
fn home_in_the_smallest_window_shows_every_game_and_a_scroll_bar() {
    // With a game in progress, as after a restart: its card comes first.
    let (_dir, _time, mut h) = small_game(GameId::Flying, Opponent::Human);
    click_points(&mut h, "a1 a3");
    apply(&mut h, Command::GoHome);
    assert!(has_text(&h, "Game in progress"));
    for game in ["Neihuang Ge Fang Qi", "Square Flying Chess", "Wu Dao Qi"] {
        let play = h.get_by_label(&format!("Play {game}")).rect();
        assert!(
            play.bottom() <= SMALL[1],
            "{game}'s Play is below the fold: {play:?}"
        );
    }
    // What lies below the fold has a scroll bar that shows before any scrolling.
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        assert!(!h.ctx.style_of(theme).spacing.scroll.floating);
    }
}

#[test]
fn home_uses_a_large_window() {
    let (_dir, _time, h) = sized(LARGE).open();
    let plays: Vec<egui::Rect> = ["Neihuang Ge Fang Qi", "Square Flying Chess", "Wu Dao Qi"]
        .iter()
        .map(|game| h.get_by_label(&format!("Play {game}")).rect())
        .collect();
    assert_eq!(plays.len(), 3, "a card for each game");
    let left = plays.iter().map(|r| r.left()).fold(f32::MAX, f32::min);
    let right = plays.iter().map(|r| r.left()).fold(f32::MIN, f32::max);
    // The cards spread over most of the width (three small ones filled less than half).
    assert!(right - left >= 0.5 * LARGE[0], "{left}–{right}");
    // And grow down it: the buttons sit well below a small card's.
    assert!(plays[0].top() >= 0.45 * LARGE[1], "{:?}", plays[0]);
    assert!(plays[0].bottom() <= LARGE[1]);
}

/// What a widget says: a label's text (which AccessKit keeps as its value), a button's name.
fn words(node: &AccessKitNode<'_>) -> Option<String> {
    let words = if node.role() == egui::accesskit::Role::Label {
        node.value()
    } else {
        node.label()
    };
    words.filter(|w| !w.trim().is_empty())
}

/// Every widget that says something (a label, a button, a choice), with its rect; of a
/// widget inside another (the text of a drop-down list), only the outer one.
fn said(h: &Window) -> Vec<(String, egui::Rect)> {
    let nodes: Vec<_> = h.query_all_by(|n| words(n).is_some()).collect();
    let inner = |n: &AccessKitNode<'_>| {
        nodes
            .iter()
            .map(|o| o.accesskit_node())
            .any(|outer| outer.id() != n.id() && n.is_descendant_of(&outer))
    };
    nodes
        .iter()
        .filter(|n| !inner(&n.accesskit_node()))
        .map(|n| (words(&n.accesskit_node()).unwrap_or_default(), n.rect()))
        .collect()
}

/// The first words of a sentence of the locale, before its first placeholder.
fn opening(language: Language, key: &str) -> String {
    let text = I18n::new(language).t(key).to_string();
    text.split('{')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
fn home_with_results_on_every_card_fits_the_window_at_every_size() {
    // The demonstration's Home: a game to continue, results, a rating and its graph on every
    // card, and puzzles under way with a rating, a streak and puzzles from the player's games.
    for language in [Language::English, Language::Chinese] {
        for size in [SMALL, MEDIUM, LARGE] {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let time = ManualTime::new();
            let spec = WindowSpec::default()
                .language(language)
                .size(size[0], size[1]);
            let mut options = spec.options(&time);
            options.demo = Some(Demo::Home);
            let mut h = window_with(dir.path(), options, size);
            h.run();
            let at = format!("{language:?} at {}×{}", size[0], size[1]);
            let widgets = said(&h);
            for key in ["stats.rating", "stats.total", "stats.rating_graph"] {
                let opening = opening(language, key);
                let cards = widgets.iter().filter(|(l, _)| l.starts_with(&opening));
                assert_eq!(cards.count(), 3, "{key} on every card, {at}");
            }
            let puzzles = I18n::new(language).t("puzzle.continue").to_string();
            assert!(widgets.iter().any(|(l, _)| *l == puzzles), "{at}");
            // Nothing runs past the window's sides, nor over anything else.
            for (label, rect) in &widgets {
                assert!(
                    rect.left() >= 0.0 && rect.right() <= size[0],
                    "{label:?} at {rect:?} is cut, {at}"
                );
            }
            assert_no_overlap(&widgets, &at);
        }
    }
}

/// Fails if two of the widgets that say something overlap (`at` says where this was).
fn assert_no_overlap(widgets: &[(String, egui::Rect)], at: &str) {
    for (i, (a, ra)) in widgets.iter().enumerate() {
        for (b, rb) in &widgets[i + 1..] {
            // A labelled drop-down list is two nodes named alike, its button inside the
            // whole: one widget.
            if a == b && (ra.expand(1.0).contains_rect(*rb) || rb.expand(1.0).contains_rect(*ra)) {
                continue;
            }
            let overlap = ra.intersect(*rb);
            assert!(
                !overlap.is_positive() || overlap.area() < 1.0,
                "{a:?} {ra:?} overlaps {b:?} {rb:?}, {at}"
            );
        }
    }
}

/// What the game screen's side panel says (everything right of the board).
fn panel(h: &Window) -> Vec<(String, egui::Rect)> {
    let board = h.get_by_label("board").rect();
    let mut widgets = said(h);
    widgets.retain(|(_, r)| r.left() >= board.right());
    widgets
}

#[test]
fn the_panel_says_paused_and_thinking_beside_whose_turn_it_is_without_overlapping() {
    let watch = Opponent::Watch {
        black: Level::Easy,
        white: Level::Easy,
    };
    let easy = computer(Level::Easy, SideChoice::Black);
    for language in [Language::English, Language::Chinese] {
        for size in [SMALL, MEDIUM, LARGE] {
            let at = format!("{language:?} at {}×{}", size[0], size[1]);
            let spec = WindowSpec::default()
                .language(language)
                .size(size[0], size[1]);
            // A watched game, paused: "paused" beside "Black (computer) to play".
            let (_dir, _time, mut h) = spec.game(GameId::Flying, watch, ClockSetting::Off);
            apply(&mut h, Command::TogglePause);
            assert!(h.state().session().is_some_and(|s| s.is_paused()), "{at}");
            assert_no_overlap(&panel(&h), &format!("paused, {at}"));
            // The computer thinking on its turn: "Thinking…" beside "White (computer) to play".
            let (_dir, _time, mut h) = spec.game(GameId::Wudao, easy, ClockSetting::S60);
            h.get_by_label("c3").click();
            let mut thought = false;
            for _ in 0..4 {
                h.step();
                if h.state().session().is_some_and(|s| s.computer_thinking()) {
                    thought = true;
                    assert_no_overlap(&panel(&h), &format!("thinking, {at}"));
                }
            }
            assert!(thought, "the computer thought for a frame, {at}");
        }
    }
}

#[test]
fn the_new_game_dialog_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let (_dir, _time, mut h) = sized(SMALL).open();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let start = button_rect(&h, "Start game");
    for opponent in [
        "A friend on this computer",
        "Computer against computer (watch)",
        "The computer",
        "A friend on this computer",
    ] {
        click_button(&mut h, opponent);
        assert_eq!(button_rect(&h, "Start game"), start, "after {opponent}");
    }
}

#[test]
fn playing_on_keeps_its_buttons_in_place_while_the_opponent_changes() {
    let easy = computer(Level::Easy, SideChoice::Black);
    let (_dir, _time, mut h) = small_game(GameId::Wudao, easy);
    click_points(&mut h, "c3");
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    click_button(&mut h, "Continue from here");
    let play_on = button_rect(&h, "Play on");
    click_button(&mut h, "A friend on this computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
    click_button(&mut h, "The computer");
    assert_eq!(button_rect(&h, "Play on"), play_on);
}

#[test]
fn the_records_dialog_keeps_its_place_when_a_message_comes() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Save / Open");
    let buttons = |h: &Window| ["Export game", "Open", "Close"].map(|label| button_rect(h, label));
    let before = buttons(&h);
    click_button(&mut h, "Export game");
    assert!(has_text(&h, "Saved to"));
    assert_eq!(buttons(&h), before, "after the export");
    type_into(&mut h, "File:", "/no/such/record.json");
    click_button(&mut h, "Open");
    assert!(has_text(&h, "Could not open the record"));
    assert_eq!(buttons(&h), before, "after an error");
    click_button(&mut h, "Browse…");
    assert!(has_text(&h, "No system file chooser is available here"));
    assert_eq!(buttons(&h), before, "after asking for a chooser");
}

#[test]
fn the_export_dialogs_are_compact_and_say_how_they_are_used() {
    let (dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    // The buttons at the foot come right after the space kept for a message (two rows):
    // the dialog takes the height it needs, not the window's.
    let row = h.ctx.style_of(egui::Theme::Light).spacing.interact_size.y;
    let most = 2.0 * row + 40.0;
    click_button(&mut h, "Save / Open");
    assert!(has_text(&h, "A name saves into the records folder"));
    assert!(has_text(&h, "it opens for review"));
    let gap = button_rect(&h, "Close").top() - button_rect(&h, "Browse…").bottom();
    assert!(gap <= most, "{gap} under the last row, at most {most}");
    click_button(&mut h, "Close");
    // Exporting a copy of a record of the history.
    let record = dir.path().join("old.json");
    std::fs::write(
        &record,
        br#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3"]}"#,
    )
    .expect("write");
    apply(&mut h, Command::Open(Open::ExportRecordFile(record)));
    assert!(has_text(&h, "Export a copy of old.json"));
    let gap = button_rect(&h, "Close").top() - button_rect(&h, "Save as…").bottom();
    assert!(gap <= most, "{gap} under the last row, at most {most}");
    // The field fills the row the buttons leave.
    let field = h.get_by_label("Save to:").rect();
    let save = button_rect(&h, "Save");
    assert!(save.left() - field.right() <= 20.0, "{field:?} {save:?}");
}

#[test]
fn the_records_dialog_says_its_messages_whole() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Save / Open");
    click_button(&mut h, "Save as…");
    let message = h.get_by_label_contains("No system file chooser is available here");
    // Longer than a line of the dialog: wrapped over two, not cut short.
    let line = 2.0 * egui::TextStyle::Body.resolve(&egui::Style::default()).size;
    assert!(message.rect().height() > line, "{:?}", message.rect());
}

#[test]
fn a_hint_moves_neither_the_clock_nor_the_buttons_and_says_how_to_read_its_arrows() {
    let (_dir, _time, mut h) = sized(SMALL).game(GameId::Wudao, Opponent::Human, ClockSetting::S60);
    click_points(&mut h, "e3 c2 c3 a3");
    let place = |h: &Window| ["Undo", "Hint", "Pause"].map(|label| button_rect(h, label));
    let clock = h.get_by_label("1:00").rect();
    let before = place(&h);
    h.key_press(egui::Key::H);
    h.run();
    let s = h.state().session().expect("a game");
    assert!(s.hint().is_some());
    assert!(!s.drawn_hint_line().is_empty(), "a line to read");
    assert!(has_text(&h, "1 is the hint (blue)"));
    assert_eq!(place(&h), before, "the buttons stay");
    assert_eq!(h.get_by_label("1:00").rect(), clock, "the clock stays");
}

#[test]
fn the_hints_sentence_numbers_the_actions_the_board_draws() {
    // Neihuang after a capture of White's, Flying at move 7, Wu Dao with a flank to stop;
    // two people at the board, Black to act.
    let positions = [
        (
            GameId::Neihuang,
            "d1 d2 d3 c2 d4 c3 c4 b2 e4 b3 b4 a2 e2 c5 b1 e3 d5 c1 a3 a1 a4 e1 b5 e5 a5 xe2 \
             xd2 c2-d2 xa1 b1-a1 e1-e2 d1-e1 c1-c2 xc4 xb4 xd4 xb5",
        ),
        (GameId::Flying, "a1-a3 e5-e2 b1-b3 d5-d3 c1-c2 a5-a4"),
        (GameId::Wudao, "e3 c2 c3 a3"),
    ];
    for language in [Language::English, Language::Chinese] {
        for (game, moves) in positions {
            let spec = WindowSpec::default().language(language);
            let (_dir, _time, mut h) = spec.game(game, Opponent::Human, ClockSetting::Off);
            for action in sanqi::rules::notation::parse_actions(moves).expect("notation") {
                let command = match action {
                    Action::Move(from, to) => Command::DragMove(from, to),
                    Action::Place(p) | Action::Remove(p) => Command::Click(p),
                    Action::Timeout => panic!("a timeout is not chosen"),
                };
                apply(&mut h, command);
            }
            h.key_press(egui::Key::H);
            h.run();
            let i18n = I18n::new(language);
            let opening = opening(language, "hint.line");
            let sentence = said(&h)
                .into_iter()
                .map(|(text, _)| text)
                .find(|text| text.starts_with(&opening))
                .expect("the hint's sentence");
            let s = h.state().session().expect("a game");
            let named = s.hint_line();
            let drawn = s.drawn_hint_line();
            assert!(!drawn.is_empty(), "{game}: a line drawn");
            // Every action the board numbers is in the sentence with its number, and the
            // sentence numbers no more than the line named.
            for (i, &(action, _)) in named.iter().enumerate() {
                let numbered = i18n.format(
                    "hint.numbered",
                    &[("n", &(i + 2)), ("action", &action.to_string())],
                );
                assert!(
                    sentence.contains(&numbered),
                    "{game}: {numbered} in {sentence}"
                );
            }
            let beyond = i18n.format(
                "hint.numbered",
                &[("n", &(named.len() + 2)), ("action", &"")],
            );
            assert!(!sentence.contains(&beyond), "{game}: {sentence}");
            for (i, (action, _)) in drawn.iter().enumerate() {
                assert_eq!(named[i].0, *action, "{game}: drawn as named");
            }
            // Where the drawing stops short of the sentence, the legend says from where.
            if drawn.len() < named.len() {
                let rest = i18n.format("hint.legend_rest", &[("n", &(drawn.len() + 2))]);
                assert!(has_text(&h, &rest), "{game}: {rest}");
            }
        }
    }
}

#[test]
fn without_a_file_chooser_a_record_is_saved_to_a_typed_path() {
    let (dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "Save / Open");
    click_button(&mut h, "Save as…");
    assert!(has_text(&h, "type where to save next to Save to"));
    // A bare name goes into the records folder, as a .json record.
    type_into(&mut h, "Save to:", "my game");
    click_button(&mut h, "Save");
    let saved = Store::at(dir.path()).records_dir().join("my game.json");
    let (record, _) = read_record_file(&saved).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4"]);
    // A path anywhere; a file already there is replaced only once the user says yes.
    let elsewhere = dir.path().join("elsewhere.json");
    std::fs::write(&elsewhere, b"keep me").expect("write");
    click_button(&mut h, "Close");
    click_points(&mut h, "b2");
    click_button(&mut h, "Save / Open");
    type_into(&mut h, "Save to:", &elsewhere.display().to_string());
    click_button(&mut h, "Save");
    assert!(has_text(&h, "is already there. Replace it?"));
    assert_eq!(std::fs::read(&elsewhere).expect("read"), b"keep me");
    click_button(&mut h, "Replace");
    let (record, _) = read_record_file(&elsewhere).expect("the record was written");
    assert_eq!(record.actions, ["c3", "d4", "b2"]);
}

/// Black's first move, then White's `d5-d3`, a blunder.
const BLUNDER: &str = r#"{"format":"sanqi-record","version":1,"game":"flying",
    "actions":["c1-c3","d5-d3","e1-e3"]}"#;

#[test]
fn in_a_large_window_the_panel_and_its_graph_grow_and_the_graph_reads_out_a_position() {
    let (dir, _time, mut h) = sized(LARGE).open();
    open_record(&mut h, dir.path(), BLUNDER);
    click_button(&mut h, "Analyse the game");
    wait_for_report(&mut h);
    let graph = h
        .get_by_label_contains("winning chances over the game")
        .rect();
    // About a third of the width, and a graph that is a graph.
    assert!(graph.width() >= 0.27 * LARGE[0], "{graph:?}");
    assert!(graph.height() >= 150.0, "{graph:?}");
    // The value and the move under the pointer: White's blunder, after two actions of three.
    let x = graph.left() + graph.width() * 2.0 / 3.0;
    h.hover_at(egui::pos2(x, graph.center().y));
    h.run();
    assert!(
        has_text(&h, "At 2. d5-d3??: Black is winning"),
        "the read-out"
    );
    h.remove_cursor();
    h.run();
    assert!(has_text(&h, "Here: "));
}

#[test]
fn review_opens_where_the_game_ended_with_its_last_move_in_sight() {
    let (_dir, _time, mut h) = small_game(GameId::Wudao, Opponent::Human);
    // Enough placements to fill the list.
    click_points(
        &mut h,
        "a1 e5 a2 e4 a3 e3 b1 d5 b2 d4 b3 d3 c5 c1 b5 d1 a5 e1",
    );
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(18));
    assert!(has_text(&h, "Move 18 of 18"));
    let moves = h.get_by_label("Moves").rect();
    let last = h.get_by_label_contains("18.  e1").rect();
    assert!(
        last.top() >= moves.bottom() && last.bottom() <= SMALL[1],
        "the last move is out of sight: {last:?} under {moves:?}"
    );
    // Back at the start, the list follows to the first move.
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(0));
    let moves = h.get_by_label("Moves").rect();
    let first = h.get_by_label_contains("1.  a1").rect();
    assert!(
        first.top() >= moves.bottom() && first.bottom() <= SMALL[1],
        "the first move is out of sight: {first:?} under {moves:?}"
    );
}

#[test]
fn master_without_the_table_is_said_in_the_panel_not_across_every_screen() {
    let master = computer(Level::Master, SideChoice::Black);
    let (_dir, _time, mut h) = small_game(GameId::Flying, master);
    if has_text(&h, "Build it now?") {
        click_button(&mut h, "Not now");
    }
    let searching = "Master plays Flying by searching";
    assert!(has_text(&h, searching));
    assert!(h.state().banners().is_empty(), "{:?}", h.state().banners());
    apply(&mut h, Command::GoHome);
    assert_eq!(h.state().screen(), Screen::Home);
    assert!(!has_text(&h, searching));
}

/// A phone held upright and touched by fingers (360×740 and 390×844): the board takes the
/// screen's width with the panel under it, every control of the game screen is at least 40
/// points high, and a tap plays a point.
#[test]
fn on_a_phone_the_board_takes_the_width_and_every_control_fits_a_finger() {
    for size in [[360.0, 740.0], [390.0, 844.0]] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let time = sanqi::app::clock::ManualTime::new();
        let mut options = sized(size).options(&time);
        options.touch = true;
        let mut h = window::window_with(dir.path(), options, size);
        window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
        let board = h
            .get_by_label("a1")
            .rect()
            .union(h.get_by_label("e5").rect());
        assert!(
            board.width() >= 0.8 * size[0] && board.right() <= size[0],
            "{size:?}: the board is {board:?}"
        );
        let buttons: Vec<(String, egui::Rect)> = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
            .collect();
        let mut below = 0;
        for (label, rect) in &buttons {
            // The board's points are its own cells, a fifth of its width each.
            if sanqi::rules::Point::parse(label).is_some() {
                continue;
            }
            assert!(
                rect.height() >= 40.0 - 0.5,
                "{size:?}: {label} is {} high",
                rect.height()
            );
            below += usize::from(rect.top() >= board.bottom());
        }
        assert!(
            below > 0,
            "{size:?}: no control under the board: {buttons:?}"
        );
        click_points(&mut h, "c3");
        assert_eq!(h.state().session().map(|s| s.game().len()), Some(1));
    }
}

/// The phone screens the dialogs must fit, in points (the CSS pixels of a browser, whatever its
/// pixel ratio): upright and held sideways.
const PHONES: [[f32; 2]; 5] = [
    [360.0, 640.0],
    [360.0, 740.0],
    [390.0, 844.0],
    [844.0, 390.0],
    [640.0, 360.0],
];

/// Fails if a widget that says something runs past the screen's sides, or if one of `whole`
/// (the open dialog's buttons) is not wholly on the screen.
fn assert_on_screen(h: &Window, size: [f32; 2], whole: &[&str], at: &str) {
    let widgets = said(h);
    for (label, rect) in &widgets {
        assert!(
            rect.left() >= -0.5 && rect.right() <= size[0] + 0.5,
            "{label:?} at {rect:?} runs past the screen's side, {at}; all: {widgets:#?}"
        );
    }
    for label in whole {
        let rect = button_rect(h, label);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into()).expand(0.5);
        assert!(
            screen.contains_rect(rect),
            "{label:?} at {rect:?} is not wholly on the screen, {at}"
        );
    }
}

/// On a phone, upright or sideways, in both languages, every screen lies within the screen's
/// sides: the statistics, the game history with a game in it, the puzzles, a lesson, and a
/// finished game under review.
#[test]
fn on_a_phone_every_screen_fits_the_screen_s_width() {
    use sanqi::app::lessons::Course;
    for language in [Language::English, Language::Chinese] {
        for size in PHONES {
            let at = format!("{language:?} at {}×{}", size[0], size[1]);
            let dir = tempfile::tempdir().expect("a temporary folder");
            let time = ManualTime::new();
            let mut options = sized(size).language(language).options(&time);
            options.touch = true;
            let mut h = window::window_with(dir.path(), options, size);
            window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
            click_points(&mut h, "c3 b2");
            apply(&mut h, Command::Resign);
            h.key_press(Key::Escape);
            h.run();
            apply(&mut h, Command::Review);
            assert_on_screen(&h, size, &[], &format!("review, {at}"));
            for (screen, command) in [
                ("statistics", Command::OpenStats(None)),
                ("history", Command::OpenHistory),
                ("puzzles", Command::OpenPuzzles(Some(GameId::Neihuang))),
                (
                    "lesson",
                    Command::OpenLessons(Course::of_game(GameId::Flying)),
                ),
            ] {
                apply(&mut h, command);
                assert_on_screen(&h, size, &[], &format!("{screen}, {at}"));
            }
        }
    }
}

/// Taps the button with this text as a person would: scrolled into sight first, then tapped
/// where it is drawn, which must be on the screen.
fn tap(h: &mut Window, size: [f32; 2], label: &str) {
    button(h, label).scroll_to_me();
    h.run();
    let rect = button_rect(h, label);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
    assert!(
        screen.contains(rect.center()),
        "{label:?} at {rect:?} is off the screen"
    );
    click_button(h, label);
}

/// On a phone, upright or sideways, in both languages, every dialog of a game lies within the
/// screen with its buttons in sight: a game is started from the new-game dialog with the
/// clock off (which then never runs out), resigned through the confirmation, and its result
/// closed; Settings, the records and the rules open within the screen.
#[test]
fn on_a_phone_every_dialog_fits_the_screen_and_a_game_can_be_started() {
    for language in [Language::English, Language::Chinese] {
        let t = |key: &str| I18n::new(language).t(key).to_string();
        for size in PHONES {
            let at = format!("{language:?} at {}×{}", size[0], size[1]);
            let dir = tempfile::tempdir().expect("a temporary folder");
            let time = ManualTime::new();
            let mut options = sized(size).language(language).options(&time);
            options.touch = true;
            let mut h = window::window_with(dir.path(), options, size);
            assert_on_screen(&h, size, &[], &format!("Home, {at}"));

            apply(&mut h, Command::Open(Open::NewGame(Some(GameId::Wudao))));
            let start = t("newgame.start");
            assert_on_screen(
                &h,
                size,
                &[&start, &t("dialog.cancel")],
                &format!("New game, {at}"),
            );
            tap(&mut h, size, &t("clock.off"));
            tap(&mut h, size, &start);
            let session = h.state().session().expect("a game started");
            assert_eq!(session.setup().clock, ClockSetting::Off, "{at}");
            click_points(&mut h, "c3");
            // With the clock off, the turn never runs out.
            time.advance(std::time::Duration::from_secs(300));
            h.run();
            let played = actions(&h);
            assert_eq!(played.first().map(String::as_str), Some("c3"), "{at}");
            assert!(!played.iter().any(|a| a == "timeout"), "{at}: {played:?}");

            apply(
                &mut h,
                Command::Open(Open::Confirm(sanqi::app::command::Question::Resign)),
            );
            let yes = t("confirm.resign_yes");
            assert_on_screen(
                &h,
                size,
                &[&yes, &t("dialog.cancel")],
                &format!("Resign, {at}"),
            );
            tap(&mut h, size, &yes);
            assert!(h.state().session().is_some_and(|s| s.is_over()), "{at}");
            let close = t("result.close");
            assert_on_screen(
                &h,
                size,
                &[&t("result.rematch"), &close],
                &format!("the result, {at}"),
            );
            tap(&mut h, size, &close);

            for (dialog, buttons) in [
                (Open::Records, vec![t("dialog.close")]),
                (Open::Settings, vec![]),
                (
                    Open::Rules(GameId::Wudao, sanqi::app::command::RulesTab::KeyPoints),
                    vec![],
                ),
                (
                    Open::Friend {
                        game: None,
                        join: None,
                    },
                    vec![t("online.invite"), t("dialog.cancel")],
                ),
                (
                    Open::Friend {
                        game: None,
                        join: Some("k3xq 9m2a".into()),
                    },
                    vec![t("online.join"), t("dialog.cancel")],
                ),
            ] {
                let name = format!("{dialog:?}, {at}");
                apply(&mut h, Command::Open(dialog));
                let buttons: Vec<&str> = buttons.iter().map(String::as_str).collect();
                assert_on_screen(&h, size, &buttons, &name);
                h.key_press(Key::Escape);
                h.run();
            }
        }
    }
}

/// A tap that comes as a dialog first shows (before egui has drawn it once: the result, or
/// "Are you still there?", popping up under a finger) never reaches the board under it.
#[test]
fn a_tap_as_a_dialog_opens_never_reaches_the_board_under_it() {
    let size = [390.0, 844.0];
    let dir = tempfile::tempdir().expect("a temporary folder");
    let time = ManualTime::new();
    let mut options = sized(size).options(&time);
    options.touch = true;
    let mut h = window::window_with(dir.path(), options, size);
    window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3");
    assert_eq!(actions(&h), ["c3"]);
    // The dialog opens between two frames, and the tap on b2 comes in the next.
    let asked = h.state_mut().apply(Command::Open(Open::Confirm(
        sanqi::app::command::Question::Resign,
    )));
    assert!(asked.is_ok());
    click_points(&mut h, "b2");
    assert_eq!(actions(&h), ["c3"], "the tap went through the dialog");
    assert!(has_text(&h, "Yes, resign"));
    // Once the dialog is closed, the board answers again.
    h.key_press(Key::Escape);
    h.run();
    click_points(&mut h, "b2");
    assert_eq!(actions(&h), ["c3", "b2"]);
}

/// A phone held sideways (844×390, 640×360), by touch: the board's points are at least 40
/// points wide, with the plates beside it, and the side panel scrolls to Resign, which a tap
/// then reaches.
#[test]
fn held_sideways_the_points_fit_a_finger_and_resign_is_in_reach() {
    for size in [[844.0, 390.0], [640.0, 360.0]] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let time = ManualTime::new();
        let mut options = sized(size).options(&time);
        options.touch = true;
        let mut h = window::window_with(dir.path(), options, size);
        let easy = computer(Level::Beginner, SideChoice::Black);
        window::start(&mut h, GameId::Wudao, easy, ClockSetting::Off);
        let point = h.get_by_label("a1").rect();
        let board = h.get_by_label("board").rect();
        let plates: Vec<egui::Rect> = h
            .query_all_by_label_contains(" in hand ")
            .map(|n| n.rect())
            .collect();
        assert!(
            point.width() >= 40.0,
            "{size:?}: a point is {point:?}, the board {board:?}, the plates {plates:?}"
        );
        for plate in h.query_all_by_label_contains(" in hand ") {
            let plate = plate.rect();
            assert!(
                plate.right() <= board.left(),
                "{size:?}: {plate:?} beside {board:?}"
            );
            assert!(plate.width() >= 90.0, "{size:?}: {plate:?}");
        }
        tap(&mut h, size, "Resign");
        assert!(has_text(&h, "Yes, resign"), "{size:?}");
    }
}

/// On a touch screen the very first swipe scrolls (egui by itself lets a drag scroll only
/// once it has seen a touch event, and the first swipe after the page opened did nothing),
/// and a tap right after it lands.
#[test]
fn on_a_touch_screen_the_first_swipe_scrolls_and_the_next_tap_lands() {
    let size = [360.0, 740.0];
    let dir = tempfile::tempdir().expect("a temporary folder");
    let time = ManualTime::new();
    let mut options = sized(size).options(&time);
    options.touch = true;
    let mut h = window::window_with(dir.path(), options, size);
    let play = "Play Wu Dao Qi";
    let before = button_rect(&h, play).top();
    let (from, to) = (egui::pos2(180.0, 600.0), egui::pos2(180.0, 200.0));
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for t in [0.25, 0.5, 0.75, 1.0] {
        h.hover_at(from + (to - from) * t);
        h.step();
    }
    h.drop_at(to);
    h.run();
    let after = button_rect(&h, play).top();
    assert!(
        before - after > 300.0,
        "the swipe scrolled from {before} to {after}"
    );
    tap(&mut h, size, play);
    assert!(
        has_text(&h, "Start game"),
        "the tap after the swipe was lost"
    );
}

/// Every control a player may click (a button, a point of the board, a choice, a drop-down
/// list) with where it is.
fn clickable(h: &Window) -> Vec<(String, egui::Rect)> {
    use egui::accesskit::Role;
    h.query_all_by(|n| {
        matches!(
            n.role(),
            Role::Button | Role::CheckBox | Role::RadioButton | Role::ComboBox | Role::Slider
        )
    })
    .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
    .collect()
}

#[test]
fn nothing_a_player_may_click_moves_when_a_notice_comes_or_the_clock_waits() {
    for language in [Language::English, Language::Chinese] {
        for size in [SMALL, LARGE] {
            let at = format!("{language:?} at {}×{}", size[0], size[1]);
            let (_dir, _time, mut h) = sized(size).language(language).game(
                GameId::Wudao,
                Opponent::Human,
                ClockSetting::S60,
            );
            click_points(&mut h, "c3 b2");
            let before = clickable(&h);
            assert!(before.len() > 25, "the points and the buttons, {at}");
            // The clock waits while the window is in the background, and says why.
            window::set_focus(&mut h, false);
            let why = I18n::new(language).t("panel.held_background").to_string();
            assert!(has_text(&h, &why), "{at}");
            assert_eq!(clickable(&h), before, "the clock waiting moved them, {at}");
            window::set_focus(&mut h, true);
            assert!(!has_text(&h, &why), "{at}");
            // A notice comes in the middle of the game: it lies over the board's top and
            // moves nothing; its own buttons are the only controls added.
            apply(&mut h, Command::CopyLink(None));
            let dismiss = I18n::new(language).t("notice.dismiss").to_string();
            let export = I18n::new(language).t("records.export").to_string();
            let now = clickable(&h);
            let (added, kept): (Vec<_>, Vec<_>) = now
                .into_iter()
                .partition(|(l, _)| *l == dismiss || *l == export);
            assert_eq!(added.len(), 2, "its two buttons, {at}");
            assert_eq!(kept, before, "the notice moved them, {at}");
            // A click on the notice's button is the button's, whatever lies under it (a
            // point of the board, at some sizes).
            let button = added
                .iter()
                .find(|(l, _)| *l == dismiss)
                .expect("Dismiss")
                .1;
            let played = actions(&h).len();
            for pressed in [true, false] {
                h.event(egui::Event::PointerMoved(button.center()));
                h.event(egui::Event::PointerButton {
                    pos: button.center(),
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: Modifiers::NONE,
                });
                h.step();
            }
            h.run();
            assert_eq!(actions(&h).len(), played, "nothing placed under it, {at}");
            assert!(h.state().banners().is_empty(), "{at}");
            assert_eq!(clickable(&h), before, "{at}");
        }
    }
}

#[test]
fn escape_closes_a_drop_down_list_and_a_click_outside_it_only_closes_it() {
    let (_dir, _time, mut h) = sized(SMALL).game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::Off,
    );
    let combo = |n: &AccessKitNode<'_>| n.role() == egui::accesskit::Role::ComboBox;
    // The computer's level, a list in the side panel.
    let open = |h: &mut Window| {
        h.get_by(combo).click();
        h.run();
        assert!(egui::Popup::is_any_open(&h.ctx), "the list opened");
    };
    open(&mut h);
    h.key_press(Key::Escape);
    h.run();
    assert!(!egui::Popup::is_any_open(&h.ctx), "Escape closed the list");
    assert_eq!(h.state().screen(), Screen::Game, "and only the list");
    // A click on the board while the list is open closes the list and does nothing else.
    open(&mut h);
    let c3 = h.get_by_label("c3").rect().center();
    let opponent = h.state().session().expect("a game").setup().opponent;
    let press = |pressed| egui::Event::PointerButton {
        pos: c3,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    let mut raw = h.input_mut().clone();
    raw.events
        .extend([egui::Event::PointerMoved(c3), press(true), press(false)]);
    let ctx = h.ctx.clone();
    eframe::App::raw_input_hook(h.state_mut(), &ctx, &mut raw);
    *h.input_mut() = raw;
    h.run();
    assert!(
        !egui::Popup::is_any_open(&h.ctx),
        "the click closed the list"
    );
    let s = h.state().session().expect("a game");
    assert_eq!(s.setup().opponent, opponent, "no level chosen");
    assert!(actions(&h).is_empty(), "no piece placed");
    // The next click on the board is a click on the board.
    click_points(&mut h, "c3");
    assert_eq!(actions(&h).first().map(String::as_str), Some("c3"));
}
