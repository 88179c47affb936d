//! The game on the screen as a player meets it, driven through the window with egui_kittest:
//! an unfinished game is never lost when another takes its place, what a turn captures or
//! flips stays drawn on the board, and the side panel's messages.

#[path = "common/window.rs"]
mod window;

use std::path::Path;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sanqi::ai::Level;
use sanqi::app::i18n::Language;
use sanqi::app::overlay::Overlay;
use sanqi::app::settings::{ClockSetting, Opponent, Setup, SideChoice};
use sanqi::app::storage::{Store, read_record_file};
use sanqi::app::{Command, Screen};
use sanqi::rules::{Action, Effects, GameId, Point, RemovalKind};
use window::{Opened, Window, actions, apply, click_button, click_points, has_text, point, window};

/// A game of `game` against `opponent` with no clock, in a default window.
fn game_without_clock(game: GameId, opponent: Opponent) -> Opened {
    window::game(game, opponent, ClockSetting::Off)
}

/// Plays the first legal move of the person to act (the computer answers at once).
fn play_a_legal_move(h: &mut Window) {
    let legal = h
        .state()
        .session()
        .map(|s| s.game().state().legal_vec())
        .unwrap_or_default();
    match legal.first() {
        Some(Action::Move(from, to)) => apply(h, Command::DragMove(*from, *to)),
        other => panic!("no move to play: {other:?}"),
    }
}

/// The actions of every record in the records folder of `dir`, newest first.
fn kept_records(dir: &Path) -> Vec<Vec<String>> {
    Store::at(dir)
        .list_records()
        .iter()
        .map(|path| read_record_file(path).expect("a record").0.actions)
        .collect()
}

const EASY_AS_BLACK: Opponent = Opponent::Computer {
    level: Level::Easy,
    side: SideChoice::Black,
};

#[test]
fn after_a_restart_a_new_game_asks_and_keeps_the_unfinished_one_as_a_record() {
    let (dir, _time, mut h) = game_without_clock(GameId::Flying, EASY_AS_BLACK);
    play_a_legal_move(&mut h);
    play_a_legal_move(&mut h);
    let played = actions(&h);
    assert_eq!(played.len(), 4, "two moves each");
    drop(h);

    // Relaunched: Home offers the game; Ctrl+N says what becomes of it.
    let mut h = window(dir.path(), Language::English);
    assert!(has_text(&h, "Game in progress"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(has_text(
        &h,
        "The unfinished game (Square Flying Chess · 4 moves played) will be kept in your game history"
    ));
    click_button(&mut h, "Wu Dao Qi");
    click_button(&mut h, "A friend on this computer");
    click_button(&mut h, "Start game");
    assert_eq!(
        h.state().session().map(|s| s.setup().game),
        Some(GameId::Wudao)
    );
    assert_eq!(kept_records(dir.path()), vec![played.clone()]);
    assert!(has_text(
        &h,
        "The unfinished game was kept in your game history"
    ));

    // The yes is undone: the record opens, and plays on against the same opponent.
    click_button(&mut h, "Open it");
    let s = h.state().session().expect("the record");
    assert!(s.is_from_record());
    assert!(
        !has_text(&h, "The unfinished game was kept"),
        "the news is done with"
    );
    apply(&mut h, Command::ReviewTo(played.len()));
    click_button(&mut h, "Continue from here");
    click_button(&mut h, "Play on");
    let s = h.state().session().expect("the game");
    assert!(s.is_live());
    assert_eq!(s.setup().opponent, EASY_AS_BLACK);
    assert_eq!(actions(&h), played);
}

#[test]
fn a_new_game_from_the_game_screen_keeps_the_one_in_progress() {
    let (dir, _time, mut h) = game_without_clock(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3 d4");
    click_button(&mut h, "New game");
    assert!(has_text(
        &h,
        "The unfinished game (Wu Dao Qi · 2 moves played) will be kept"
    ));
    click_button(&mut h, "Start game");
    assert_eq!(kept_records(dir.path()), [["c3", "d4"]]);
    // An empty game is not worth a record, and nothing is said.
    click_button(&mut h, "New game");
    assert!(!has_text(&h, "will be kept as a record"));
}

#[test]
fn playing_on_from_a_record_keeps_the_game_set_aside() {
    let (dir, _time, mut h) = game_without_clock(GameId::Flying, Opponent::Human);
    click_points(&mut h, "a1 a3");
    let record = dir.path().join("other.json");
    std::fs::write(
        &record,
        br#"{"format":"sanqi-record","version":1,"game":"wudao","actions":["c3","d4"]}"#,
    )
    .expect("write");
    apply(&mut h, Command::ReplaceWithRecord(record));
    click_button(&mut h, "Continue from here");
    assert!(has_text(
        &h,
        "The game you set aside (Square Flying Chess · 1 move played) will be kept in your game history"
    ));
    click_button(&mut h, "Play on");
    assert_eq!(
        h.state().session().map(|s| s.setup().game),
        Some(GameId::Wudao)
    );
    assert_eq!(kept_records(dir.path()), [["a1-a3"]]);
}

#[test]
fn a_game_that_cannot_be_kept_is_not_replaced() {
    let (dir, _time, mut h) = game_without_clock(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3");
    // A file where the records folder should be: no record can be written there.
    std::fs::write(Store::at(dir.path()).records_dir(), b"in the way").expect("write");
    let setup = Setup {
        game: GameId::Flying,
        opponent: Opponent::Human,
        clock: ClockSetting::Off,
    };
    assert!(h.state_mut().apply(Command::StartGame(setup)).is_err());
    h.run();
    assert_eq!(actions(&h), ["c3"]);
    assert_eq!(h.state().screen(), Screen::Game);
    assert!(has_text(
        &h,
        "The unfinished game could not be kept in your game history"
    ));
}

#[test]
fn escape_takes_back_the_message_about_a_wrong_click_and_the_last_turn_shows_again() {
    let (_dir, _time, mut h) = game_without_clock(GameId::Wudao, Opponent::Human);
    // Black's b1 flanks White's c1 against a1.
    click_points(&mut h, "a1 c1 b1");
    let story = "Black placed on b1: two against one";
    assert!(has_text(&h, story));
    // White clicks an occupied point: the reason takes the story's place…
    click_button(&mut h, "a1");
    assert!(has_text(&h, "a1 is already taken."));
    // …until Escape.
    h.key_press(Key::Escape);
    h.run();
    assert!(!has_text(&h, "a1 is already taken."));
    assert!(has_text(&h, story));
}

#[test]
fn after_an_undo_the_turn_now_last_is_drawn_as_it_is_told() {
    let (_dir, _time, mut h) = game_without_clock(GameId::Wudao, Opponent::Human);
    // Black's b1 flanks White's c1 against a1; White answers e5, then takes it back.
    click_points(&mut h, "a1 c1 b1 e5");
    apply(&mut h, Command::Undo);
    assert_eq!(actions(&h), ["a1", "c1", "b1"]);
    let story = "Black placed on b1: two against one";
    assert!(has_text(&h, story));
    let s = h.state().session().expect("a game");
    let scene = s.scene(1000.0, false, true);
    assert_eq!(scene.overlay_alpha, 1.0);
    assert!(
        scene.overlays.contains(&Overlay::Removed(point("c1"))),
        "the flank's capture is drawn again: {:?}",
        scene.overlays
    );
}

#[test]
fn my_own_timeout_against_the_computer_is_said_until_i_act() {
    let (_dir, time, mut h) = window::game(GameId::Wudao, EASY_AS_BLACK, ClockSetting::S30);
    time.advance(std::time::Duration::from_secs(31));
    h.run();
    let played = actions(&h);
    assert_eq!(
        played.len(),
        2,
        "the timeout, and the computer's answer: {played:?}"
    );
    assert_eq!(played[0], "timeout");
    let said = "Your time ran out: the turn passed to the computer.";
    assert!(has_text(&h, said), "said after the computer's answer");
    let free = sanqi::rules::Point::ALL
        .into_iter()
        .find(|p| {
            h.state()
                .session()
                .is_some_and(|s| s.game().state().piece_at(*p).is_none())
        })
        .expect("a free point");
    apply(&mut h, Command::Click(free));
    assert!(!has_text(&h, said), "until I act");
}

#[test]
fn resigning_says_what_follows_and_a_notice_reads_before_its_buttons() {
    let (_dir, _time, mut h) = game_without_clock(GameId::Wudao, Opponent::Human);
    click_points(&mut h, "c3");
    click_button(&mut h, "Resign");
    assert!(has_text(&h, "Resign this game as White?"));
    assert!(has_text(&h, "The game ends at once and Black wins."));
    click_button(&mut h, "Cancel");
    // A new game keeps this one: the notice says so, its buttons after its text.
    apply(
        &mut h,
        Command::StartGame(Setup {
            game: GameId::Flying,
            opponent: Opponent::Human,
            clock: ClockSetting::Off,
        }),
    );
    let text = h
        .get_by_label_contains("The unfinished game was kept in your game history")
        .rect();
    let open = window::button_rect(&h, "Open it");
    let dismiss = window::button_rect(&h, "Dismiss");
    assert!(text.right() <= open.left(), "{text:?} before {open:?}");
    assert!(
        open.right() <= dismiss.left(),
        "{open:?} before {dismiss:?}"
    );
}

/// The command that plays `action` on the live board.
fn command_of(action: Action) -> Command {
    match action {
        Action::Move(from, to) => Command::DragMove(from, to),
        Action::Place(p) | Action::Remove(p) => Command::Click(p),
        Action::Timeout => panic!("a timeout is not chosen"),
    }
}

/// Plays the person's first legal action, turn after turn against the computer, until a turn
/// of the computer's captures or flips and the person is to act; returns the points that turn
/// took off the board and turned over.
fn until_the_computer_captures(h: &mut Window) -> (Vec<Point>, Vec<Point>) {
    for _ in 0..300 {
        let s = h.state().session().expect("a game");
        assert!(!s.is_over(), "the game ended before the computer captured");
        let game = s.game();
        // The last turn, once the person is to act after it.
        let effects: Vec<&Effects> = game.effects().collect();
        let last_turn = if game.at_turn_start() && s.human_to_act() && !effects.is_empty() {
            let mut start = effects.len() - 1;
            while start > 0 && !effects[start - 1].turn_over {
                start -= 1;
            }
            &effects[start..]
        } else {
            &[]
        };
        let captured = last_turn.iter().any(|e| {
            let taken = matches!(
                e.removal,
                Some(RemovalKind::Capture | RemovalKind::ReturnToHand)
            );
            s.human_side() != Some(e.actor) && (taken || e.flipped != 0)
        });
        if captured {
            let points = |bits: fn(&Effects) -> u32| {
                Point::ALL
                    .into_iter()
                    .filter(|p| last_turn.iter().any(|e| bits(e) & (1 << p.index()) != 0))
                    .collect()
            };
            return (points(|e| e.removed), points(|e| e.flipped));
        }
        let action = s.game().state().legal_vec()[0];
        apply(h, command_of(action));
    }
    panic!("the computer never captured");
}

/// After a capture of the computer's, whatever else happens before the person acts, the board
/// keeps drawing what it did: the shape that captured and the pieces taken or turned over.
fn the_computers_capture_stays_on_the_board(game: GameId) {
    let (_dir, _time, mut h) = game_without_clock(game, EASY_AS_BLACK);
    let (removed, flipped) = until_the_computer_captures(&mut h);
    // Long after: the person thinks for a quarter of an hour.
    let s = h.state().session().expect("a game");
    let scene = s.scene(1000.0, false, true);
    assert_eq!(scene.overlay_alpha, 1.0);
    let marks = &scene.overlays;
    for p in &removed {
        assert!(
            marks.contains(&Overlay::Removed(*p)),
            "{p} taken: {marks:?}"
        );
    }
    for p in &flipped {
        assert!(
            marks.contains(&Overlay::Flipped(*p)),
            "{p} flipped: {marks:?}"
        );
    }
    let shape = marks
        .iter()
        .any(|m| matches!(m, Overlay::Outline { .. } | Overlay::Split { .. }));
    assert!(shape, "what captured is outlined: {marks:?}");
    // The person's next action ends it.
    let action = s.game().state().legal_vec()[0];
    let before = h.state().session().map(|s| s.game().len());
    h.state_mut().apply(command_of(action)).expect("played");
    let s = h.state().session().expect("a game");
    assert_eq!(Some(s.game().len()), before.map(|n| n + 1));
    let after = s.scene(2000.0, false, true);
    assert!(
        removed
            .iter()
            .all(|p| !after.overlays.contains(&Overlay::Removed(*p)))
    );
}

#[test]
fn neihuang_the_computers_capture_stays_on_the_board() {
    the_computers_capture_stays_on_the_board(GameId::Neihuang);
}

#[test]
fn flying_the_computers_flip_stays_on_the_board() {
    the_computers_capture_stays_on_the_board(GameId::Flying);
}

#[test]
fn wudao_the_computers_capture_stays_on_the_board() {
    the_computers_capture_stays_on_the_board(GameId::Wudao);
}

/// The hint's sentence on the screen, once asked for with `H`.
fn hint_sentence(h: &mut Window) -> String {
    h.key_press(Key::H);
    h.run();
    // A label's text is its accessible value.
    let hint = |n: &egui_kittest::kittest::AccessKitNode<'_>| {
        n.value().filter(|t| t.starts_with("Hint: "))
    };
    let node = h.query_all_by(|n| hint(n).is_some()).next();
    node.and_then(|n| hint(&n.accesskit_node()))
        .unwrap_or_default()
}

#[test]
fn the_hint_says_why_and_what_the_position_is_worth_in_every_game() {
    // A Neihuang movement position after a capture of White's, Flying at move 7, and a Wu Dao
    // flank to stop: Black to act in each, two people at the board.
    let positions = [
        (
            GameId::Neihuang,
            "d1 d2 d3 c2 d4 c3 c4 b2 e4 b3 b4 a2 e2 c5 b1 e3 d5 c1 a3 a1 a4 e1 b5 e5 a5 xe2 \
             xd2 c2-d2 xa1 b1-a1 e1-e2 d1-e1 c1-c2 xc4 xb4 xd4 xb5",
        ),
        (GameId::Flying, "a1-a3 e5-e2 b1-b3 d5-d3 c1-c2 a5-a4"),
        (GameId::Wudao, "e3 c2 c3 a3"),
    ];
    for (game, moves) in positions {
        let (_dir, _time, mut h) = game_without_clock(game, Opponent::Human);
        for action in sanqi::rules::notation::parse_actions(moves).expect("notation") {
            apply(&mut h, command_of(action));
        }
        assert_eq!(
            actions(&h).join(" "),
            moves.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        let said = hint_sentence(&mut h);
        // The value in words, with its side and winning chances (or equal), never in pieces
        // nor as a bare number.
        let worth = ["% winning chances)", "About equal", "wins in", "Draw"];
        assert!(worth.iter().any(|w| said.contains(w)), "{game}: {said}");
        assert!(!said.contains("pieces ahead"), "{game}: {said}");
        assert!(!said.contains("evaluation"), "{game}: {said}");
        // A reason: what the move does, stops, prepares or keeps safe, or the line expected.
        let reasons = [
            " completes ",
            " takes ",
            " turns over ",
            " stops ",
            "so that ",
            "keeps your pieces safe",
            "the best defence",
            "the engine expects",
        ];
        assert!(reasons.iter().any(|r| said.contains(r)), "{game}: {said}");
        // The line it expects is drawn after it.
        let s = h.state().session().expect("a game");
        assert!(s.hint().is_some(), "{game}");
        assert!(!s.hint_line().is_empty(), "{game}: no line after the hint");
    }
}

#[test]
fn copy_link_without_a_web_page_copies_a_link_for_sanqi_and_offers_the_file() {
    // No web page is named for links in the tests' build: a link that pointed at one would
    // point at nothing a friend could open.
    assert_eq!(sanqi::app::link::desktop_address(None), None);
    let (dir, _time, mut h) = window::game(GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3 b2");
    click_button(&mut h, "Save / Open");
    window::button(&h, "Copy link").click();
    h.step();
    let copied: Vec<&String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(copied, ["wudao:c3,b2"], "the link itself, to the clipboard");
    h.run();
    assert!(has_text(
        &h,
        "Copied wudao:c3,b2. Paste it into Save / Open in Sanqi"
    ));
    assert!(has_text(&h, "send the game as a file instead"));
    // The notice's own button exports the game, to send it as a file.
    click_button(&mut h, "Close");
    let records = Store::at(dir.path()).records_dir();
    click_button(&mut h, "Export game");
    let files: Vec<_> = std::fs::read_dir(&records).expect("exported").collect();
    assert_eq!(files.len(), 1);
    // Pasted into Save / Open, the link opens the game.
    click_button(&mut h, "Save / Open");
    window::type_into(&mut h, "File:", "wudao:c3,b2");
    click_button(&mut h, "Open");
    let s = h.state().session().expect("the game");
    assert_eq!(s.game().len(), 2);
}
