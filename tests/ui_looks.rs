//! How the app looks and reads, driven through the window with egui_kittest: the board and
//! piece styles chosen in the settings are what every board draws, in both themes; the
//! animations' speed sets how long a move takes; the text's size grows the whole interface
//! and the smallest window still holds it; the control that has the keyboard is ringed; the
//! settings show every section at once at 1100×760 and fit the smallest window; the review
//! keys are named.

#[path = "common/window.rs"]
mod window;

use std::collections::HashSet;

use egui::{Color32, Key, Rect, Shape};
use egui_kittest::kittest::Queryable;
use sanqi::ai::Level;
use sanqi::app::board::{ANIMATION_SECONDS, MARK_ON_DARK, MARK_ON_LIGHT};
use sanqi::app::settings::{
    AnimationSpeed, BoardStyle, ClockSetting, Opponent, PieceStyle, SideChoice, TextSize,
};
use sanqi::app::storage::Store;
use sanqi::app::theme::{DARK, LIGHT};
use sanqi::app::widgets::FOCUS_RING_WIDTH;
use sanqi::app::{Command, Screen};
use sanqi::rules::{GameId, Point};
use window::{
    Window, WindowSpec, apply, button_rect, click, click_button, click_points, computer, has_text,
};

const SMALL: [f32; 2] = [760.0, 560.0];

/// Every shape of the last frame, nested ones included.
fn shapes(h: &Window) -> Vec<Shape> {
    fn flatten(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| flatten(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        flatten(&clipped.shape, &mut out);
    }
    out
}

/// Every colour the last frame filled or stroked with.
fn colours(h: &Window) -> HashSet<Color32> {
    let mut out = HashSet::new();
    for shape in shapes(h) {
        match shape {
            Shape::Rect(r) => {
                out.insert(r.fill);
                out.insert(r.stroke.color);
            }
            Shape::Path(p) => {
                out.insert(p.fill);
                if let egui::epaint::ColorMode::Solid(c) = p.stroke.color {
                    out.insert(c);
                }
            }
            Shape::Ellipse(e) => {
                out.insert(e.fill);
                out.insert(e.stroke.color);
            }
            Shape::Circle(c) => {
                out.insert(c.fill);
                out.insert(c.stroke.color);
            }
            Shape::LineSegment { stroke, .. } => {
                out.insert(stroke.color);
            }
            Shape::Mesh(m) => out.extend(m.vertices.iter().map(|v| v.color)),
            _ => {}
        }
    }
    out
}

/// Opens the settings, as the buttons do on Home and in a game.
fn open_settings(h: &mut Window) {
    apply(h, Command::Open(sanqi::app::command::Open::Settings));
}

/// Closes whatever dialog is on top.
fn close_dialog(h: &mut Window) {
    h.key_press(Key::Escape);
    h.run();
}

#[test]
fn the_board_and_piece_styles_chosen_are_drawn_on_every_board_in_both_themes() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    // Home's pictures are wooden to begin with.
    let wood = colours(&h);
    assert!(wood.contains(&LIGHT.wood_edge));
    assert!(!wood.contains(&LIGHT.plain_board));
    open_settings(&mut h);
    click_button(&mut h, "Plain, high contrast");
    assert_eq!(h.state().settings().board_style, BoardStyle::Plain);
    close_dialog(&mut h);
    let plain = colours(&h);
    assert!(plain.contains(&LIGHT.plain_board), "Home's pictures");
    assert!(!plain.contains(&LIGHT.wood_edge));
    // A game's board, the pieces beside the plates too.
    window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3 d4");
    assert!(colours(&h).contains(&LIGHT.plain_board), "the game's board");
    open_settings(&mut h);
    click_button(&mut h, "Marked, colour-blind safe");
    assert_eq!(h.state().settings().piece_style, PieceStyle::Marked);
    close_dialog(&mut h);
    let marked = colours(&h);
    assert!(marked.contains(&MARK_ON_DARK) && marked.contains(&MARK_ON_LIGHT));
    // Under review, in a lesson and in a puzzle.
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    assert!(
        colours(&h).contains(&LIGHT.plain_board),
        "the review's board"
    );
    apply(
        &mut h,
        Command::OpenLessons(sanqi::app::lessons::Course::Wudao),
    );
    assert_eq!(h.state().screen(), Screen::Learn);
    let lesson = colours(&h);
    assert!(lesson.contains(&LIGHT.plain_board) && lesson.contains(&MARK_ON_DARK));
    apply(&mut h, Command::OpenPuzzles(Some(GameId::Wudao)));
    assert_eq!(h.state().screen(), Screen::Puzzles);
    let puzzle = colours(&h);
    assert!(puzzle.contains(&LIGHT.plain_board) && puzzle.contains(&MARK_ON_DARK));
    // In the dark theme the plain board keeps its own dark-theme face.
    apply(
        &mut h,
        Command::SetTheme(sanqi::app::settings::ThemeChoice::Dark),
    );
    apply(&mut h, Command::GoHome);
    let dark = colours(&h);
    assert!(
        dark.contains(&DARK.plain_board),
        "the dark theme's plain board"
    );
    // Kept for the next run.
    let saved = Store::at(dir.path()).load_settings().value;
    assert_eq!(saved.board_style, BoardStyle::Plain);
    assert_eq!(saved.piece_style, PieceStyle::Marked);
    // And back to the wood and the stones.
    open_settings(&mut h);
    click_button(&mut h, "Wood");
    click_button(&mut h, "Black and white stones");
    close_dialog(&mut h);
    let back = colours(&h);
    assert!(back.contains(&DARK.wood_edge) && !back.contains(&MARK_ON_DARK));
}

/// How long the animations of the action just played last, from the UI time it was played.
fn animation_length(h: &Window) -> f64 {
    let s = h.state().session().expect("a game");
    let scene = s.scene(0.0, false, false);
    let start = scene
        .animations
        .iter()
        .map(|a| a.start)
        .fold(f64::MAX, f64::min);
    scene
        .animations
        .iter()
        .map(|a| a.start + a.duration - start)
        .fold(0.0, f64::max)
}

#[test]
fn the_animation_speed_sets_how_long_a_move_takes_and_off_shows_none() {
    let (dir, _time, mut h) = WindowSpec::default().open();
    window::start(&mut h, GameId::Flying, Opponent::Human, ClockSetting::Off);
    let mut lengths = Vec::new();
    for (i, speed) in [
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ]
    .into_iter()
    .enumerate()
    {
        apply(&mut h, Command::SetAnimationSpeed(speed));
        // A move played without running a frame, so that its animation is still there.
        let (from, to) = [("a1", "a3"), ("a5", "a4"), ("b1", "b3")][i];
        let at = |n: &str| Point::parse(n).expect("a point");
        let done = h.state_mut().apply(Command::DragMove(at(from), at(to)));
        assert!(done.is_ok());
        lengths.push(animation_length(&h));
        h.run();
    }
    assert!((lengths[1] - ANIMATION_SECONDS).abs() < 1e-6, "{lengths:?}");
    assert!(
        (lengths[0] - ANIMATION_SECONDS * 0.5).abs() < 1e-6,
        "{lengths:?}"
    );
    assert!(
        (lengths[2] - ANIMATION_SECONDS * 2.0).abs() < 1e-6,
        "{lengths:?}"
    );
    // Off, from the settings' own choice (the one under the animations' label: the clock
    // of the game has an Off too).
    open_settings(&mut h);
    let label = h
        .get_by_label("Animations of moves, captures and flips")
        .rect();
    let off = h
        .query_all_by_label("Off")
        .find(|n| n.rect().top() > label.top() && n.rect().left() < label.right())
        .expect("the animations' Off");
    off.click();
    h.run();
    close_dialog(&mut h);
    assert_eq!(h.state().settings().animation(), None);
    let at = |n: &str| Point::parse(n).expect("a point");
    let done = h.state_mut().apply(Command::DragMove(at("b5"), at("b4")));
    assert!(done.is_ok());
    assert_eq!(animation_length(&h), 0.0);
    h.run();
    // Slow again, chosen in the settings, and kept.
    open_settings(&mut h);
    click_button(&mut h, "Slow");
    close_dialog(&mut h);
    let saved = Store::at(dir.path()).load_settings().value;
    assert_eq!(saved.animation(), Some(AnimationSpeed::Slow));
}

/// Fails unless every rect in `inner` lies within `outer`.
fn within(outer: Rect, inner: Rect, what: &str) {
    assert!(
        outer.expand(0.5).contains_rect(inner),
        "{what} runs off: {inner:?} not within {outer:?}"
    );
}

#[test]
fn the_largest_text_grows_the_whole_interface_and_the_smallest_window_holds_it() {
    let screen = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(SMALL[0], SMALL[1]));
    let (dir, _time, mut h) = WindowSpec::default().size(SMALL[0], SMALL[1]).open();
    let body = |h: &Window| h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let usual = body(&h);
    open_settings(&mut h);
    click_button(&mut h, "Largest");
    close_dialog(&mut h);
    assert_eq!(h.state().settings().text_size, TextSize::Largest);
    assert!((body(&h) - usual * TextSize::Largest.scale()).abs() < 0.01);
    // Home: the header's buttons stay in the window, clear of the app's name.
    let name = h.get_by_label("Sanqi 三棋").rect();
    for label in [
        "Settings",
        "Game history",
        "Statistics",
        "Rules",
        "Puzzles",
        "Learn",
        "English",
        "中文",
    ] {
        let rect = button_rect(&h, label);
        within(screen, rect, label);
        assert!(!rect.intersects(name), "{label} over the name");
    }
    // The settings fit, their Close in sight.
    open_settings(&mut h);
    within(screen, button_rect(&h, "Close"), "Close");
    close_dialog(&mut h);
    // A dialog taller than the window scrolls rather than runs off its top.
    apply(
        &mut h,
        Command::Open(sanqi::app::command::Open::NewGame(None)),
    );
    for node in h.query_all_by_label("New game") {
        within(screen, node.rect(), "the new game's title");
    }
    close_dialog(&mut h);
    // A game: the bar, the board and the panel's buttons in the window.
    window::start(
        &mut h,
        GameId::Neihuang,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::Off,
    );
    let title = h.get_by_label("Neihuang Ge Fang Qi").rect();
    for label in ["New game", "Rules", "Save / Open", "Settings"] {
        let rect = button_rect(&h, label);
        within(screen, rect, label);
        assert!(!rect.intersects(title), "{label} over the game's name");
    }
    for label in ["Undo", "Hint", "Resign", "a1", "e5"] {
        within(screen, h.get_by_label(label).rect(), label);
    }
    // Under review: every step in the window and clear of the others.
    click_points(&mut h, "c3");
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    let steps: Vec<Rect> = ["« First", "‹ Back", "Forward ›", "Last »"]
        .iter()
        .map(|label| button_rect(&h, label))
        .collect();
    let board_area = Rect::from_min_max(
        egui::pos2(0.0, 0.0),
        egui::pos2(button_rect(&h, "Rematch").left(), SMALL[1]),
    );
    for (i, rect) in steps.iter().enumerate() {
        within(board_area, *rect, "a review step");
        for other in &steps[i + 1..] {
            assert!(!rect.intersects(*other), "review steps overlap");
        }
    }
    // The game history and the statistics.
    apply(&mut h, Command::OpenHistory);
    within(screen, button_rect(&h, "Open a file…"), "Open a file…");
    apply(&mut h, Command::OpenStats(Some(GameId::Neihuang)));
    for game in ["Neihuang Ge Fang Qi", "Square Flying Chess", "Wu Dao Qi"] {
        within(screen, button_rect(&h, game), game);
    }
    drop(h);
    // The size is kept, and the next run starts with it.
    let h = WindowSpec::default()
        .size(SMALL[0], SMALL[1])
        .window_at(dir.path(), &sanqi::app::clock::ManualTime::new());
    assert!((body(&h) - usual * TextSize::Largest.scale()).abs() < 0.01);
}

/// The ring drawn around the control that has the keyboard, if any.
fn focus_ring(h: &Window, colour: Color32) -> Option<Rect> {
    shapes(h).into_iter().find_map(|s| match s {
        Shape::Rect(r) if r.stroke.color == colour && r.stroke.width == FOCUS_RING_WIDTH => {
            Some(r.rect)
        }
        _ => None,
    })
}

#[test]
fn a_ring_marks_the_control_that_has_the_keyboard_in_both_themes() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    assert_eq!(focus_ring(&h, LIGHT.focus_ring), None);
    h.key_press(Key::Tab);
    h.run();
    let focused = h
        .ctx
        .memory(|m| m.focused())
        .and_then(|id| h.ctx.read_response(id))
        .expect("Tab gives a control the keyboard");
    let ring = focus_ring(&h, LIGHT.focus_ring).expect("a ring around it");
    assert!(
        ring.contains_rect(focused.rect),
        "{ring:?} around {:?}",
        focused.rect
    );
    // On to the next control: the ring follows.
    h.key_press(Key::Tab);
    h.run();
    let next = focus_ring(&h, LIGHT.focus_ring).expect("a ring");
    assert_ne!(next, ring);
    // A click puts the ring away, as a browser's focus ring goes.
    let blank = egui::pos2(700.0, 740.0);
    h.hover_at(blank);
    h.event(egui::Event::PointerButton {
        pos: blank,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: blank,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    assert_eq!(focus_ring(&h, LIGHT.focus_ring), None);
    // The dark theme has a ring of its own, lighter, in a dialog too.
    apply(
        &mut h,
        Command::SetTheme(sanqi::app::settings::ThemeChoice::Dark),
    );
    open_settings(&mut h);
    h.key_press(Key::Tab);
    h.run();
    assert!(focus_ring(&h, DARK.focus_ring).is_some());
    assert_ne!(DARK.focus_ring, LIGHT.focus_ring);
}

#[test]
fn the_settings_show_every_section_at_1100_by_760_and_fit_the_smallest_window() {
    let (_dir, _time, mut h) = WindowSpec::default().game(
        GameId::Flying,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S60,
    );
    click(&mut h, "Settings");
    let close = button_rect(&h, "Close");
    assert!(close.bottom() <= 760.0);
    // Every section, the last ones included, is in sight above the Close button: nothing
    // needs scrolling.
    for label in [
        "Language",
        "Text size",
        "Wood",
        "Animations of moves, captures and flips",
        "Play sounds",
        "This game",
        "Flying table",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(rect.bottom() <= close.top(), "{label} is below the fold");
        assert!(rect.top() >= 0.0, "{label}");
    }
    let folder = h.get_by_label_contains("Data folder").rect();
    assert!(folder.bottom() <= close.top() + 1.0, "{folder:?}");
    // In the smallest window the window fits, and its Close is in sight.
    let (_dir, _time, mut h) = WindowSpec::default().size(SMALL[0], SMALL[1]).game(
        GameId::Flying,
        computer(Level::Easy, SideChoice::Black),
        ClockSetting::S60,
    );
    click(&mut h, "Settings");
    let screen = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(SMALL[0], SMALL[1]));
    within(screen, button_rect(&h, "Close"), "Close");
    within(screen, h.get_by_label("Language").rect(), "Language");
}

#[test]
fn the_review_keys_are_named_on_home_and_while_reviewing() {
    let (_dir, _time, mut h) = WindowSpec::default().open();
    assert!(has_text(
        &h,
        "in review, ← → move by move and Home / End first and last"
    ));
    window::start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3 d4");
    assert!(!has_text(&h, "Keys: ← → · Home End"));
    apply(&mut h, Command::Resign);
    apply(&mut h, Command::Review);
    assert!(has_text(&h, "Keys: ← → · Home End"));
    // And the keys do what the line says.
    h.key_press(Key::Home);
    h.run();
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(0));
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(h.state().session().and_then(|s| s.review()), Some(1));
}
