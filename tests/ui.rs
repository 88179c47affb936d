//! The desktop app driven through its accessibility tree with egui_kittest: games played by
//! clicking points, the turn clock expiring, undo and redo, the language switch, a corrupt
//! settings file, records, statistics, and the window staying responsive while the computer
//! thinks.

#[path = "common/window.rs"]
mod window;

use std::path::Path;
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sanqi::ai::Level;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::Language;
use sanqi::app::settings::{ClockSetting, Opponent, Setup, SideChoice, Tally};
use sanqi::app::storage::Store;
use sanqi::app::{AiMode, AppOptions, Command, Launch, SanqiApp, Screen};
use sanqi::rules::{Action, Decision, GameId, Point, Side};
use window::{
    Window, WindowSpec, actions, apply, click, click_button, click_points, computer, drag, game,
    has_text, home, point, rated, set_focus, start, window_with,
};

/// The default test window's options, for a test to change.
fn options(time: &ManualTime) -> AppOptions {
    WindowSpec::default().options(time)
}

/// The app with `options` on the data folder `dir`.
fn harness(dir: &Path, options: AppOptions) -> Window {
    window_with(dir, options, WindowSpec::default().size)
}

/// Starts a game through the home screen's card and the new-game dialog.
fn start_from_home(harness: &mut Harness<'static, SanqiApp>, game: &str, opponent: &str) {
    click(harness, &format!("Play {game}"));
    click(harness, opponent);
    click(harness, "Start game");
    assert_eq!(harness.state().screen(), Screen::Game);
}

#[test]
fn every_point_is_a_labelled_button() {
    let (_dir, _time, h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    for p in Point::ALL {
        let name = p.to_string();
        let node = h.get_by_label(&name);
        assert_eq!(node.accesskit_node().role(), egui::accesskit::Role::Button);
    }
}

#[test]
fn neihuang_placement_pulls_yield_and_a_capture_by_a_square() {
    let (_dir, _time, mut h) = home();
    start_from_home(&mut h, "Neihuang Ge Fang Qi", "A friend on this computer");
    assert!(has_text(&h, "Black: place a piece on an empty point"));

    // Placement: 13 Black and 12 White pieces fill the board.
    click_points(
        &mut h,
        "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1",
    );
    assert!(has_text(&h, "White: remove one Black piece"));
    // A White piece cannot be pulled by White.
    click(&mut h, "d4");
    assert!(has_text(
        &h,
        "Choose one of your opponent's pieces: d4 has none."
    ));
    // The pulls.
    click(&mut h, "b4");
    assert!(has_text(&h, "Black: remove one White piece"));
    click(&mut h, "a5");
    // White cannot move, so Black must make room.
    assert!(has_text(
        &h,
        "Black: remove one of your own pieces to make room"
    ));
    click(&mut h, "b5");
    assert!(has_text(&h, "b5 cannot be given up"));
    click(&mut h, "c4");
    // White steps into the room made.
    assert!(has_text(&h, "White: move a piece one step"));
    click(&mut h, "d4");
    assert_eq!(
        h.state().session().and_then(|s| s.selected()),
        Some(point("d4"))
    );
    click(&mut h, "c4");
    // Black completes the square a3 b3 a4 b4 and captures one piece.
    click(&mut h, "b5");
    click(&mut h, "b4");
    // Nothing is taken yet in this turn: one piece to take, not "one more".
    assert!(has_text(&h, "Black: capture 1 piece (any White piece)"));
    assert!(!has_text(&h, "more piece"));
    let decision = h
        .state()
        .session()
        .and_then(|s| s.game().state().decision());
    assert_eq!(decision, Some(Decision::Capture { owed: 1 }));
    click(&mut h, "d5");
    let s = h.state().session().expect("a game");
    assert_eq!(s.game().state().piece_at(point("d5")), None);
    assert_eq!(s.game().state().to_act(), Some(Side::White));
    assert_eq!(actions(&h)[25..].join(" "), "xb4 xa5 xc4 d4-c4 b5-b4 xd5");
    // The move list groups the move with its capture in one turn, and marks the square.
    assert!(has_text(&h, "b5-b4 ▦×1  xd5"));
    assert!(has_text(
        &h,
        "Black completed the square a3–b4 and took 1 white piece."
    ));
    // Review counts turns as the move list numbers its lines, not actions: the capture is
    // part of Black's turn.
    let turns = s.game().effects().filter(|e| e.turn_over).count();
    assert!(turns < actions(&h).len());
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    click(&mut h, "Review game");
    click(&mut h, "Last »");
    assert!(has_text(&h, &format!("Move {turns} of {turns}")));
}

#[test]
fn flying_move_turns_a_piece_over() {
    let (_dir, _time, mut h) = home();
    start_from_home(&mut h, "Square Flying Chess", "A friend on this computer");
    click_points(&mut h, "b1 b3");
    // A diagonal slide is refused, with the reason.
    click_points(&mut h, "a5 b4");
    assert!(has_text(&h, "Pieces slide along their row or column only."));
    click(&mut h, "a2");
    let s = h.state().session().expect("a game");
    assert_eq!(s.game().state().piece_at(point("a2")), Some(Side::White));
    // Black slides b3-a3 and pins a2 against a1: it turns Black.
    click_points(&mut h, "b3 a3");
    let s = h.state().session().expect("a game");
    assert_eq!(s.game().state().piece_at(point("a2")), Some(Side::Black));
    assert_eq!(
        s.game().last_effects().map(|e| e.flipped),
        Some(1 << point("a2").index())
    );
    assert!(has_text(&h, "White: slide a piece"));
}

#[test]
fn pieces_move_by_drag_and_drop() {
    let (_dir, _time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::Off);
    drag(&mut h, "b1", "b4");
    assert_eq!(actions(&h), ["b1-b4"]);
    // A drop where the piece cannot go is refused, with the reason, and the piece stays
    // picked up.
    drag(&mut h, "a5", "b3");
    assert_eq!(actions(&h), ["b1-b4"]);
    assert!(has_text(&h, "Pieces slide along their row or column only."));
    assert_eq!(
        h.state().session().and_then(|s| s.selected()),
        Some(point("a5"))
    );
    drag(&mut h, "a5", "a2");
    assert_eq!(actions(&h), ["b1-b4", "a5-a2"]);
}

#[test]
fn the_keyboard_plays_on_the_board() {
    let (_dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    // An arrow key gives the board the keyboard, with its cursor on the centre.
    h.key_press(Key::ArrowRight);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(actions(&h), ["c3"]);
    h.key_press(Key::ArrowLeft);
    h.key_press(Key::ArrowLeft);
    h.key_press(Key::ArrowUp);
    h.run();
    // Space places too while the board has the keyboard (it does not pause).
    h.key_press(Key::Space);
    h.run();
    assert_eq!(actions(&h), ["c3", "a4"]);
    assert!(!h.state().session().is_some_and(|s| s.is_paused()));
    // The cursor stops at the edge.
    for _ in 0..3 {
        h.key_press(Key::ArrowLeft);
    }
    h.key_press(Key::Enter);
    h.run();
    assert!(has_text(&h, "a4 is already taken."));
    // Escape gives the keyboard back: Space pauses again.
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Space);
    h.run();
    assert!(h.state().session().is_some_and(|s| s.is_paused()));
}

/// Presses `keys` one after another within one frame, as quick presses (12 ms apart) arrive
/// between two frames.
fn presses_in_one_frame(h: &mut Window, keys: &[Key]) {
    for &key in keys {
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Modifiers::NONE,
            });
        }
    }
    h.step();
    h.run();
}

#[test]
fn quick_presses_in_review_each_count() {
    let (dir, _time, mut h) = home();
    let record = r#"{"format":"sanqi-record","version":1,"game":"flying",
        "actions":["a1-a2","a5-a4","a2-a1","a4-a5","a1-a2","a5-a4","a2-a1"]}"#;
    window::open_record(&mut h, dir.path(), record);
    let review = |h: &Window| h.state().session().and_then(|s| s.review());
    assert_eq!(review(&h), Some(7));
    presses_in_one_frame(&mut h, &[Key::ArrowLeft; 3]);
    assert_eq!(review(&h), Some(4), "three presses, three steps back");
    presses_in_one_frame(&mut h, &[Key::ArrowRight, Key::ArrowRight, Key::ArrowLeft]);
    assert_eq!(review(&h), Some(5), "in the order they came");
    presses_in_one_frame(&mut h, &[Key::Home, Key::ArrowRight]);
    assert_eq!(review(&h), Some(1));
}

#[test]
fn quick_presses_move_the_boards_cursor_each() {
    let (_dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    // An arrow gives the board the keyboard, its cursor on the centre.
    h.key_press(Key::ArrowRight);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(actions(&h), ["c3"]);
    presses_in_one_frame(&mut h, &[Key::ArrowLeft, Key::ArrowLeft, Key::ArrowUp]);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(actions(&h), ["c3", "a4"]);
}

#[test]
fn quick_undos_each_take_back_an_action() {
    let (_dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3 b2 d4");
    for _ in 0..2 {
        h.input_mut().events.push(egui::Event::Key {
            key: Key::Z,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        });
    }
    h.step();
    h.run();
    assert_eq!(actions(&h), ["c3"]);
}

#[test]
fn moving_with_the_keyboard_picks_up_and_puts_down() {
    let (_dir, _time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::Off);
    // From the centre: down twice to c1, pick it up, up twice to c3, put it down.
    h.key_press(Key::ArrowDown);
    h.run();
    for key in [Key::ArrowDown, Key::ArrowDown, Key::Enter] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(
        h.state().session().and_then(|s| s.selected()),
        Some(point("c1"))
    );
    for key in [Key::ArrowUp, Key::ArrowUp, Key::Space] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(actions(&h), ["c1-c3"]);
}

#[test]
fn wudao_flank_capture_and_counter_capture() {
    let (_dir, _time, mut h) = home();
    start_from_home(&mut h, "Wu Dao Qi", "A friend on this computer");
    // Black a1 b1 flank White c1: it goes back to White's hand.
    click_points(&mut h, "a1 c1 b1");
    let s = h.state().session().expect("a game");
    assert_eq!(s.game().state().piece_at(point("c1")), None);
    assert_eq!(s.game().state().hands(), [23, 25]);
    // White places c1 between b1 and d1: both Black pieces are taken.
    click_points(&mut h, "e3 d1 c1");
    let s = h.state().session().expect("a game");
    assert_eq!(s.game().state().piece_at(point("b1")), None);
    assert_eq!(s.game().state().piece_at(point("d1")), None);
    assert_eq!(s.game().state().piece_at(point("c1")), Some(Side::White));
    assert_eq!(s.game().state().counts(), [1, 2]);
    // Placing on an occupied point is refused.
    click(&mut h, "a1");
    assert!(has_text(&h, "a1 is already taken."));
}

#[test]
fn clock_running_out_passes_the_turn() {
    let (_dir, time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::S30);
    assert!(has_text(&h, "0:30"));
    time.advance(Duration::from_secs(21));
    h.run();
    assert!(has_text(&h, "0:09"));
    assert!(has_text(&h, "hurry!"));
    time.advance(Duration::from_secs(10));
    h.run();
    assert_eq!(actions(&h), ["timeout"]);
    assert!(has_text(
        &h,
        "Black's time ran out: the turn passes. The piece stays in hand."
    ));
    assert!(has_text(&h, "White: place a piece"));
    // The clock restarted for White's turn.
    assert!(has_text(&h, "0:30"));
    // White's turn is told in its place once it is played: the timeout no longer applies.
    click(&mut h, "c3");
    assert!(has_text(&h, "White placed a piece on c3."));
    assert!(!has_text(&h, "time ran out"));
}

#[test]
fn clock_running_out_forfeits_neihuang_captures() {
    let (_dir, time, mut h) = game(GameId::Neihuang, Opponent::Human, ClockSetting::S60);
    let moves = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1 \
                 xb4 xa5 xc4 d4-c4 b5-b4";
    for a in moves.split_whitespace() {
        let action = Action::parse(a).expect("action");
        // Played through the board: a move is two clicks.
        match action {
            Action::Move(from, to) => {
                click(&mut h, &from.to_string());
                click(&mut h, &to.to_string());
            }
            Action::Place(p) | Action::Remove(p) => click(&mut h, &p.to_string()),
            Action::Timeout => {}
        }
    }
    assert!(has_text(&h, "Black: capture 1 piece"));
    assert!(has_text(
        &h,
        "Black completed the square a3–b4: take 1 white piece."
    ));
    time.advance(Duration::from_secs(61));
    h.run();
    assert!(has_text(
        &h,
        "Black's time ran out: the turn passes. 1 capture was forfeited."
    ));
    assert_eq!(
        h.state().session().and_then(|s| s.game().state().to_act()),
        Some(Side::White)
    );
}

#[test]
fn undo_and_redo_with_buttons_and_keys() {
    let (_dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3 b2 d4");
    click(&mut h, "Undo");
    assert_eq!(actions(&h), ["c3", "b2"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(actions(&h), ["c3"]);
    click(&mut h, "Redo");
    assert_eq!(actions(&h), ["c3", "b2"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(actions(&h), ["c3", "b2", "d4"]);
    // Ctrl+Shift+Z redoes too.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(actions(&h), ["c3", "b2", "d4"]);
    // A new action clears what could be redone.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    click(&mut h, "e5");
    assert!(h.get_by_label("Redo").accesskit_node().is_disabled());
}

#[test]
fn against_the_computer_it_answers_and_undo_goes_back_to_my_turn() {
    let (_dir, _time, mut h) = game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S60,
    );
    click(&mut h, "c3");
    // The computer (White) has answered.
    assert_eq!(actions(&h).len(), 2);
    assert!(has_text(&h, "Black to play"));
    // The level can be changed at any time.
    let changed = h.state_mut().apply(Command::SetLevel(None, Level::Hard));
    assert!(changed.is_ok());
    h.run();
    click(&mut h, "a1");
    assert_eq!(actions(&h).len(), 4);
    // Undo takes back the computer's answer and my move.
    click(&mut h, "Undo");
    assert_eq!(actions(&h).len(), 2);
    assert_eq!(
        h.state().session().and_then(|s| s.game().state().to_act()),
        Some(Side::Black)
    );
    // Redo brings both back.
    click(&mut h, "Redo");
    assert_eq!(actions(&h).len(), 4);
}

#[test]
fn hint_marks_a_legal_action() {
    let (_dir, _time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::Off);
    h.key_press(Key::H);
    h.run();
    let s = h.state().session().expect("a game");
    let hint = s.hint().expect("a hint");
    assert!(s.game().state().legal_vec().contains(&hint));
    // A sentence says why, and what the position is worth.
    assert!(has_text(&h, &format!("Hint: {hint}")));
    // Once a move is played the hint no longer applies, and its message goes with it.
    if let Action::Move(from, to) = hint {
        click_points(&mut h, &format!("{from} {to}"));
    }
    assert_eq!(actions(&h).len(), 1);
    assert!(!has_text(&h, &format!("Hint: {hint}")));
}

#[test]
fn pause_stops_the_clock_and_the_board() {
    let (_dir, time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::S30);
    h.key_press(Key::Space);
    h.run();
    time.advance(Duration::from_secs(300));
    h.run();
    assert!(actions(&h).is_empty(), "no timeout while paused");
    click(&mut h, "c3");
    assert!(actions(&h).is_empty());
    assert!(has_text(&h, "The game is paused."));
    click(&mut h, "Resume");
    click(&mut h, "c3");
    assert_eq!(actions(&h), ["c3"]);
}

#[test]
fn the_clock_waits_behind_every_dialog_and_goes_on_where_it_stopped() {
    let (_dir, time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::S30);
    time.advance(Duration::from_secs(5));
    h.run();
    assert!(has_text(&h, "0:25"));
    // The rules (a window beside the board), then the new-game dialog (modal).
    for (open, close) in [(Key::F1, Key::Escape), (Key::N, Key::Escape)] {
        if open == Key::N {
            h.key_press_modifiers(Modifiers::COMMAND, open);
        } else {
            h.key_press(open);
        }
        h.run();
        assert!(has_text(&h, "Clock waiting"));
        time.advance(Duration::from_secs(300));
        h.run();
        assert!(actions(&h).is_empty(), "no timeout behind a dialog");
        assert!(has_text(&h, "0:25"));
        h.key_press(close);
        h.run();
        assert!(has_text(&h, "Turn clock"));
    }
    // Settings and records too.
    for button in ["Settings", "Save / Open"] {
        click(&mut h, button);
        time.advance(Duration::from_secs(300));
        h.run();
        assert!(actions(&h).is_empty(), "no timeout behind {button}");
        h.key_press(Key::Escape);
        h.run();
    }
    assert!(has_text(&h, "0:25"));
    // Once they are closed, the clock runs on from where it stopped.
    time.advance(Duration::from_secs(10));
    h.run();
    assert!(has_text(&h, "0:15"));
    time.advance(Duration::from_secs(15));
    h.run();
    assert_eq!(actions(&h), ["timeout"]);
}

#[test]
fn the_computer_waits_behind_a_dialog() {
    let (_dir, time, mut h) = game(
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S60,
    );
    click(&mut h, "Settings");
    // A move played beside the settings window: the computer does not answer yet.
    let played = h.state_mut().apply(Command::Click(point("c3")));
    assert!(played.is_ok());
    h.run();
    time.advance(Duration::from_secs(120));
    h.run();
    assert_eq!(actions(&h), ["c3"]);
    // Escape closes the settings.
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(
        actions(&h).len(),
        2,
        "the computer answered once it was closed"
    );
}

#[test]
fn the_clock_waits_while_the_window_is_in_the_background_unless_told_not_to() {
    let (_dir, time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::S30);
    set_focus(&mut h, false);
    assert!(has_text(&h, "Clock waiting"));
    // Why, on the panel itself (the computer waits too).
    assert!(has_text(
        &h,
        "The clock and the computer wait while Sanqi is in the background."
    ));
    time.advance(Duration::from_secs(100));
    h.run();
    assert!(has_text(&h, "0:30"));
    set_focus(&mut h, true);
    time.advance(Duration::from_secs(4));
    h.run();
    assert!(has_text(&h, "0:26"));
    // The setting is on by default and can be turned off.
    assert!(h.state().settings().pause_in_background);
    click(&mut h, "Settings");
    click(
        &mut h,
        "Pause the clock and the computer while Sanqi is in the background",
    );
    // Escape closes the settings.
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().settings().pause_in_background);
    set_focus(&mut h, false);
    time.advance(Duration::from_secs(6));
    h.run();
    assert!(has_text(&h, "0:20"));
}

#[test]
fn switching_language_changes_the_text_at_once() {
    let (dir, _time, mut h) = home();
    assert!(has_text(&h, "Choose a game"));
    click(&mut h, "中文");
    assert!(has_text(&h, "选择棋种"));
    assert!(!has_text(&h, "Choose a game"));
    assert_eq!(h.state().language(), Language::Chinese);
    // In a game too, and the choice is remembered.
    start(&mut h, GameId::Neihuang, Opponent::Human, ClockSetting::Off);
    assert!(has_text(&h, "黑方：在空点上落一子"));
    click(&mut h, "c3");
    click(&mut h, "c3");
    assert!(has_text(&h, "c3 已有棋子。"));
    let saved = Store::at(dir.path()).load_settings().value;
    assert_eq!(saved.language, Some(Language::Chinese));
    click(&mut h, "设置");
    click(&mut h, "English");
    assert!(has_text(&h, "White: place a piece on an empty point"));
}

#[test]
fn corrupt_settings_file_gives_defaults_and_one_notice() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("settings.json"), b"{ this is not json").expect("write");
    let time = ManualTime::new();
    let mut h = harness(dir.path(), options(&time));
    assert!(has_text(&h, "settings.json could not be read"));
    assert_eq!(h.state().settings().last_setup, Setup::default());
    assert!(h.state().settings().animations);
    let set_aside = std::fs::read_dir(dir.path())
        .expect("read dir")
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("settings.corrupt-")
        });
    assert!(set_aside, "the bad file is kept aside");
    click(&mut h, "Dismiss");
    assert!(!has_text(&h, "settings.json could not be read"));
    drop(h);
    // The next start has nothing to report.
    let h = harness(dir.path(), options(&time));
    assert!(!has_text(&h, "could not be read"));
}

#[test]
fn settings_that_could_not_be_set_aside_are_never_written_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = dir.path().join("settings.json");
    std::fs::write(&settings, b"{ this is not json").expect("write");
    // Every name it could be set aside under, for the next minute, is taken.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    for second in now.saturating_sub(1)..now + 60 {
        for n in 1..=100 {
            let name = if n == 1 {
                format!("settings.corrupt-{second}.json")
            } else {
                format!("settings.corrupt-{second}-{n}.json")
            };
            std::fs::write(dir.path().join(name), b"taken").expect("write");
        }
    }
    let time = ManualTime::new();
    let mut h = harness(dir.path(), options(&time));
    assert!(has_text(&h, "settings.json could not be read"));
    assert!(
        has_text(&h, "It is left as it is, nothing is saved over it"),
        "the notice says what becomes of it"
    );
    // A change of setting is not saved over it, and not reported again.
    click(&mut h, "中文");
    assert_eq!(h.state().language(), Language::Chinese);
    assert!(!has_text(&h, "保存失败"));
    // Nor is anything written when the window closes.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    drop(h);
    assert_eq!(
        std::fs::read(&settings).expect("still there"),
        b"{ this is not json"
    );
}

#[test]
fn game_in_progress_is_continued_after_a_restart() {
    let (dir, time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::S60);
    click_points(&mut h, "a1 a3 e5 e2");
    drop(h);
    let mut h = harness(dir.path(), options(&time));
    assert!(has_text(&h, "Game in progress"));
    click(&mut h, "Continue");
    assert_eq!(h.state().screen(), Screen::Game);
    assert_eq!(actions(&h), ["a1-a3", "e5-e2"]);
    // Home keeps it; Continue brings it back.
    click(&mut h, "← Home");
    assert_eq!(h.state().screen(), Screen::Home);
    click(&mut h, "Continue");
    assert_eq!(actions(&h), ["a1-a3", "e5-e2"]);
}

#[test]
fn resigning_ends_the_game_counts_it_and_offers_a_rematch() {
    let (dir, _time, mut h) = game(
        GameId::Flying,
        computer(Level::Easy, SideChoice::White),
        ClockSetting::Off,
    );
    // The computer plays Black and has moved first; the board is seen from White's side.
    assert_eq!(actions(&h).len(), 1);
    click(&mut h, "Resign");
    assert!(has_text(&h, "Resign this game as White?"));
    click(&mut h, "Yes, resign");
    assert!(has_text(&h, "The computer wins"));
    assert!(has_text(&h, "White resigned"));
    let tally = h.state().stats().tally(GameId::Flying, "easy");
    assert_eq!(tally.losses, 1);
    let stored = Store::at(dir.path()).load_stats().value;
    assert_eq!(stored.tally(GameId::Flying, "easy").losses, 1);
    // Rematch swaps the colours: now the person plays Black.
    click(&mut h, "Rematch");
    let s = h.state().session().expect("a game");
    assert_eq!(s.human_side(), Some(Side::Black));
    assert!(s.game().is_empty());
}

#[test]
fn review_steps_through_a_finished_game() {
    let (dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "a1 c1 b1");
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert!(has_text(&h, "White resigned"));
    // A game between two people at one computer is not the person's record.
    assert_eq!(h.state().stats().total(GameId::Wudao), Tally::default());
    let stored = Store::at(dir.path()).load_stats().value;
    assert_eq!(stored.total(GameId::Wudao), Tally::default());
    click(&mut h, "Review game");
    // Review opens where the game ended.
    assert!(has_text(&h, "Move 3 of 3"));
    click(&mut h, "« First");
    assert!(has_text(&h, "Move 0 of 3"));
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(has_text(&h, "Move 1 of 3"));
    click(&mut h, "Forward ›");
    let s = h.state().session().expect("a game");
    assert_eq!(s.shown_state().piece_at(point("c1")), Some(Side::White));
    click(&mut h, "Last »");
    let s = h.state().session().expect("a game");
    assert_eq!(s.shown_state().piece_at(point("c1")), None);
    click(&mut h, "« First");
    assert!(has_text(&h, "Move 0 of 3"));
}

#[test]
fn export_and_open_a_record() {
    let (dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "a1 c1 b1 e3");
    click(&mut h, "Save / Open");
    click(&mut h, "Export game");
    let files = Store::at(dir.path()).list_records();
    assert_eq!(files.len(), 1);
    // The path is shown as every path in a message is: between quotation marks, on one
    // line.
    assert!(has_text(
        &h,
        &format!("Saved to \u{201c}{}\u{201d}", files[0].display())
    ));
    // A broken record names the bad action.
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        br#"{"format":"sanqi-record","version":1,"game":"flying","actions":["a1-a3","b5-b4","a3-b4"]}"#,
    )
    .expect("write");
    h.get_by_label("File:").click();
    h.run();
    h.get_by_label("File:")
        .type_text(&bad.display().to_string());
    h.run();
    click(&mut h, "Open");
    assert!(has_text(&h, "action 3 \u{201c}a3-b4\u{201d}"));
    assert!(!has_text(&h, "`"), "no backticks in what the app says");
    // The exported one is in the game history, and opens in review mode once the game in
    // progress may be set aside.
    let name = files[0]
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .expect("file name");
    click_button(&mut h, "Game history");
    click(&mut h, &format!("Review · {name}"));
    click(&mut h, "Open the record");
    let s = h.state().session().expect("a game");
    assert!(s.is_from_record());
    assert_eq!(s.review(), Some(4), "at its end");
    assert!(has_text(&h, "Move 4 of 4"));
    click(&mut h, "Continue from here");
    assert!(has_text(&h, "Who plays the rest of this game?"));
    click(&mut h, "Play on");
    let s = h.state().session().expect("a game");
    assert_eq!(s.review(), None);
    assert_eq!(s.setup().opponent, Opponent::Human);
    click(&mut h, "d1");
    assert_eq!(actions(&h).len(), 5);
}

#[test]
fn without_a_system_file_chooser_the_typed_path_is_offered() {
    let (dir, _time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "a1 a3");
    click(&mut h, "Save / Open");
    let no_chooser = "No system file chooser is available here";
    assert!(!has_text(&h, no_chooser));
    click(&mut h, "Browse…");
    assert!(has_text(&h, no_chooser));
    assert!(!has_text(&h, "The file chooser is open"));
    // Saving still works into the records folder, and the typed path opens the record.
    click(&mut h, "Export game");
    let [file] = Store::at(dir.path())
        .list_records()
        .try_into()
        .expect("one record");
    h.get_by_label("File:").click();
    h.run();
    h.get_by_label("File:")
        .type_text(&file.display().to_string());
    h.run();
    click(&mut h, "Open");
    click(&mut h, "Open the record");
    assert!(h.state().session().expect("a game").is_from_record());
}

#[test]
fn opening_a_record_asks_before_it_replaces_the_game_in_progress() {
    let (dir, _time, mut h) = game(GameId::Flying, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "a1 a3");
    // A record of another game, in the records folder.
    let records = Store::at(dir.path()).records_dir();
    std::fs::create_dir_all(&records).expect("folder");
    std::fs::write(
        records.join("old.json"),
        br#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3","d4"]}"#,
    )
    .expect("write");
    click(&mut h, "Save / Open");
    click_button(&mut h, "Game history");
    click(&mut h, "Review · old.json");
    assert!(has_text(
        &h,
        "Open old.json in place of the game in progress?"
    ));
    assert!(has_text(&h, "Square Flying Chess · 1 move played"));
    // No: the game waits as it was.
    click(&mut h, "Cancel");
    assert_eq!(actions(&h), ["a1-a3"]);
    assert!(h.state().session().is_some_and(|s| s.is_live()));
    // Yes: the record is reviewed, and the game waits on the home screen.
    click(&mut h, "Review · old.json");
    click(&mut h, "Open the record");
    assert!(h.state().session().is_some_and(|s| s.is_from_record()));
    click(&mut h, "← Home");
    click(&mut h, "Continue");
    assert_eq!(actions(&h), ["a1-a3"]);
    // With no game in progress, nothing is asked.
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    click(&mut h, "Close");
    apply(&mut h, Command::OpenHistory);
    click(&mut h, "Review · old.json");
    assert!(h.state().session().is_some_and(|s| s.is_from_record()));
}

#[test]
fn playing_on_from_a_record_against_the_computer() {
    let (dir, _time, mut h) = home();
    let record = dir.path().join("game.json");
    std::fs::write(
        &record,
        br#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3","d4","b2"]}"#,
    )
    .expect("write");
    let opened = h.state_mut().apply(Command::OpenRecord(record));
    assert!(opened.is_ok());
    h.run();
    // After two actions it is Black's turn: the person takes Black against the computer.
    let back = h.state_mut().apply(Command::ReviewTo(2));
    assert!(back.is_ok());
    h.run();
    click(&mut h, "Continue from here");
    click(&mut h, "The computer");
    click(&mut h, &rated("Hard", GameId::Wudao, Level::Hard));
    click(&mut h, "30 s");
    click(&mut h, "Play on");
    let s = h.state().session().expect("a game");
    assert_eq!(s.human_side(), Some(Side::Black));
    assert_eq!(s.setup().opponent, computer(Level::Hard, SideChoice::Black));
    assert_eq!(s.setup().clock, ClockSetting::S30);
    assert_eq!(actions(&h), ["c3", "d4"]);
    click(&mut h, "e5");
    assert_eq!(actions(&h).len(), 4, "the computer answered");
}

#[test]
fn rules_window_opens_with_f1_and_shows_each_part() {
    let (_dir, _time, mut h) = home();
    h.key_press(Key::F1);
    h.run();
    assert!(has_text(&h, "Key points"));
    for tab in [
        "Quick start",
        "Full rules",
        "House rules",
        "Draws, clock & notation",
        "Diagrams",
    ] {
        click(&mut h, tab);
    }
    assert!(has_text(&h, "House rule"));
    click_button(&mut h, "Square Flying Chess");
    click(&mut h, "House rules");
    assert!(has_text(&h, "House rule of this app"));
    h.key_press(Key::Escape);
    h.run();
    assert!(!has_text(&h, "Quick start"));
}

#[test]
fn the_window_answers_while_the_computer_thinks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = ManualTime::new();
    let mut opts = options(&time);
    opts.ai = AiMode::Thread;
    let mut h = harness(dir.path(), opts);
    start(
        &mut h,
        GameId::Neihuang,
        computer(Level::Expert, SideChoice::Black),
        ClockSetting::Off,
    );
    h.get_by_label("c3").click();
    h.step();
    // The computer searches on its own thread: frames keep coming and clicks are answered.
    let mut frames_while_thinking = 0;
    let mut said_thinking = false;
    let mut rules_opened_while_thinking = false;
    let mut clicked_rules = false;
    let mut guard = 0;
    loop {
        h.step();
        let thinking = h.state().computer_thinking();
        if thinking {
            frames_while_thinking += 1;
            said_thinking |= has_text(&h, "Thinking…");
            if !clicked_rules {
                h.get_by_label("Rules").click();
                clicked_rules = true;
            } else if has_text(&h, "Key points") {
                rules_opened_while_thinking = true;
            }
        } else if actions(&h).len() >= 2 {
            break;
        } else if rules_opened_while_thinking && has_text(&h, "Key points") {
            // The answer is in, but the computer waits while the rules are open.
            assert_eq!(actions(&h).len(), 1, "no move behind the rules");
            h.key_press(Key::Escape);
        }
        std::thread::sleep(Duration::from_millis(5));
        guard += 1;
        assert!(guard < 20_000, "the computer never answered");
    }
    assert!(
        frames_while_thinking >= 2,
        "frames ran while the computer thought"
    );
    assert!(
        said_thinking,
        "the panel says that the computer is thinking"
    );
    assert!(
        rules_opened_while_thinking,
        "a click opened the rules while it thought"
    );
    h.run();
    assert_eq!(actions(&h).len(), 2, "the computer placed its piece");
    assert!(has_text(&h, "Black to play"));
}

#[test]
fn new_game_dialog_offers_every_choice() {
    let (_dir, time, mut h) = home();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    click_button(&mut h, "Wu Dao Qi");
    click(&mut h, "The computer");
    click(&mut h, "White");
    click(&mut h, &rated("Expert", GameId::Wudao, Level::Expert));
    click(&mut h, "120 s");
    click(&mut h, "Start game");
    let s = h.state().session().expect("a game");
    assert_eq!(s.setup().game, GameId::Wudao);
    assert_eq!(s.setup().clock, ClockSetting::S120);
    assert_eq!(s.human_side(), Some(Side::White));
    assert_eq!(
        s.setup().opponent,
        computer(Level::Expert, SideChoice::White)
    );
    // The computer (Black) has opened the game.
    assert_eq!(actions(&h).len(), 1);
    // Watching two computers: no side of one's own to choose, but a pace. (Without the
    // animations, the frames between actions are few.)
    apply(
        &mut h,
        Command::SetBoardOption(sanqi::app::command::BoardOption::Animations, false),
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    click(&mut h, "Computer against computer (watch)");
    assert!(
        !has_text(&h, "Your side"),
        "the watch has no side of one's own"
    );
    assert!(has_text(&h, "1.5 s a move"), "the pace, at its usual 1.5 s");
    click(&mut h, "Cancel");
    let watch = Opponent::Watch {
        black: Level::Easy,
        white: Level::Easy,
    };
    start(&mut h, GameId::Flying, watch, ClockSetting::Off);
    assert_eq!(actions(&h).len(), 1, "the first action comes at once");
    // Then one action a pace, however many frames go by meanwhile.
    for _ in 0..5 {
        time.advance(Duration::from_millis(290));
        h.run();
        assert_eq!(actions(&h).len(), 1);
    }
    time.advance(Duration::from_millis(60));
    h.run();
    assert_eq!(actions(&h).len(), 2, "1.5 s later, the next");
    // Paused, nothing moves until the next one is asked for, then one comes.
    click_button(&mut h, "Pause");
    time.advance(Duration::from_secs(10));
    h.run();
    assert_eq!(actions(&h).len(), 2, "paused");
    click_button(&mut h, "Next move ›");
    assert_eq!(actions(&h).len(), 3, "one step");
    time.advance(Duration::from_secs(10));
    h.run();
    assert_eq!(actions(&h).len(), 3, "still paused");
    // A quicker pace, changed while it runs.
    click_button(&mut h, "Resume");
    time.advance(Duration::from_secs(2));
    h.run();
    let before = actions(&h).len();
    apply(&mut h, Command::SetWatchPace(500));
    assert_eq!(h.state().settings().watch_pace_ms, 500);
    time.advance(Duration::from_millis(500));
    h.run();
    assert_eq!(actions(&h).len(), before + 1, "at the new pace");
}

#[test]
fn names_typed_for_a_game_are_remembered_shown_and_written_into_its_record() {
    let (dir, _time, mut h) = home();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    click_button(&mut h, "Wu Dao Qi");
    click(&mut h, "A friend on this computer");
    window::type_into(&mut h, "Black:", "Ann");
    window::type_into(&mut h, "White:", "Bo");
    click(&mut h, "Start game");
    assert!(has_text(&h, "Black · Ann"), "the plates name the players");
    assert!(has_text(&h, "White · Bo"));
    click(&mut h, "a1");
    apply(&mut h, Command::Resign);
    let [kept] = Store::at(dir.path())
        .list_records()
        .try_into()
        .expect("the finished game, kept");
    let (record, _) = sanqi::app::storage::read_record_file(&kept).expect("a record");
    let name = |p: Option<sanqi::rules::records::Player>| p.and_then(|p| p.name);
    assert_eq!(name(record.metadata.black).as_deref(), Some("Ann"));
    assert_eq!(name(record.metadata.white).as_deref(), Some("Bo"));
    drop(h);
    // Remembered: the next game's dialog offers them again.
    let mut h = window::window(dir.path(), Language::English);
    assert_eq!(h.state().settings().names.black, "Ann");
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let typed = h.get_by(|n| {
        n.label().as_deref() == Some("White:") && n.role() == egui::accesskit::Role::TextInput
    });
    assert_eq!(typed.value().as_deref(), Some("Bo"));
    // Against the computer, the person's own name.
    click(&mut h, "The computer");
    window::type_into(&mut h, "Your name:", "Mei");
    click(&mut h, "Start game");
    assert!(has_text(&h, "Black · Mei"));
    assert_eq!(h.state().settings().names.you, "Mei");
}

#[test]
fn playing_on_with_a_friend_shows_no_level_and_the_computer_the_last_one_played() {
    let (dir, _time, mut h) = home();
    start(
        &mut h,
        GameId::Wudao,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::Off,
    );
    let record = dir.path().join("friends.json");
    std::fs::write(
        &record,
        br#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3","d4"],
            "metadata":{"black":{"name":"Player"},"white":{"name":"Player"}}}"#,
    )
    .expect("write");
    apply(&mut h, Command::OpenRecord(record));
    click(&mut h, "Continue from here");
    let label = rated("Easy", GameId::Wudao, Level::Easy);
    let easy = |h: &Window| {
        h.query_by(|n| {
            n.label().as_deref() == Some(label.as_str()) && n.role() != egui::accesskit::Role::Label
        })
        .map(|n| n.accesskit_node().toggled())
    };
    assert_eq!(easy(&h), None, "a friend's game has no level to show");
    click_button(&mut h, "The computer");
    assert_eq!(
        easy(&h),
        Some(Some(egui::accesskit::Toggled::True)),
        "the level last played in this game"
    );
}

#[test]
fn closing_the_window_keeps_its_size_and_the_game() {
    let (dir, _time, mut h) = game(GameId::Wudao, Opponent::Human, ClockSetting::S60);
    click(&mut h, "c3");
    let viewport = h
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default();
    viewport.inner_rect = Some(egui::Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(900.0, 640.0),
    ));
    viewport.events.push(egui::ViewportEvent::Close);
    h.step();
    let store = Store::at(dir.path());
    assert_eq!(
        store.load_settings().value.window_size,
        Some([900.0, 640.0])
    );
    let saved = store.load_game().value.expect("the game is saved");
    assert_eq!(saved.record.actions, ["c3"]);
    assert!(saved.clock_remaining_ms.is_some());
}

/// The start-up sequence of the real window: what it reads first, then the app.
fn launched(dir: &Path, options: AppOptions) -> Harness<'static, SanqiApp> {
    window::isolated_data_dir();
    let launch = Launch::new(Store::at(dir), options);
    let [width, height] = launch.window_size();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(400)
        .build_eframe(move |cc| SanqiApp::launch(&cc.egui_ctx, launch));
    harness.run();
    harness
}

#[test]
fn a_corrupt_settings_file_is_announced_when_the_window_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("settings.json"),
        b"{\"window_size\": [800, ",
    )
    .expect("write");
    let time = ManualTime::new();
    let h = launched(dir.path(), options(&time));
    assert!(has_text(&h, "settings.json could not be read"));
    let notices = h
        .state()
        .banners()
        .iter()
        .filter(|b| matches!(b, sanqi::app::Banner::Store(_)))
        .count();
    assert_eq!(notices, 1, "told once: {:?}", h.state().banners());
}

/// Every file below a folder (its path from the folder) and its bytes, sorted by path.
fn folder_contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)
            .expect("read dir")
            .filter_map(Result::ok)
        {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string();
                files.push((name, std::fs::read(&path).expect("read")));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn demonstrations_never_touch_the_users_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The user's own settings, statistics and game in progress.
    let store = Store::at(dir.path());
    let mut settings = store.load_settings().value;
    settings.flip_board = true;
    settings.window_size = Some([900.0, 700.0]);
    store.save_settings(&settings).expect("saved");
    let mut stats = store.load_stats().value;
    stats.record(GameId::Wudao, "hard", sanqi::app::settings::Outcome::Win);
    store.save_stats(&stats).expect("saved");
    let mut game = sanqi::rules::Game::new(GameId::Wudao);
    game.apply(Action::Place(point("c3"))).expect("legal");
    let setup = Setup {
        game: GameId::Wudao,
        opponent: Opponent::Human,
        clock: ClockSetting::S60,
    };
    let saved = sanqi::app::settings::SavedGame::new(setup, None, &game, Some(42_000), &[]);
    store.save_game(&saved).expect("saved");
    let before = folder_contents(dir.path());

    let time = ManualTime::new();
    for demo in [
        "home", "neihuang", "flying", "wudao", "result", "review", "settings", "resign",
    ] {
        let mut opts = options(&time);
        opts.demo = sanqi::app::demo::Demo::parse(demo);
        assert!(opts.demo.is_some(), "{demo}");
        let mut h = launched(dir.path(), opts);
        // Play on a little, then close the window.
        time.advance(Duration::from_secs(120));
        h.run();
        h.input_mut()
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .events
            .push(egui::ViewportEvent::Close);
        h.step();
        drop(h);
        let after = folder_contents(dir.path());
        let names = |files: &[(String, Vec<u8>)]| -> Vec<String> {
            files.iter().map(|(name, _)| name.clone()).collect()
        };
        assert!(
            after == before,
            "SANQI_DEMO={demo} changed the files: {:?} became {:?}",
            names(&before),
            names(&after)
        );
    }
}
