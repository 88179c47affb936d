//! The app in a test window, and the scenarios the UI tests start from: a fresh store in a
//! folder of its own, the computer answering at once on the test's thread, a clock that only
//! moves when told, no system file chooser (the records dialog then offers the typed path,
//! whatever the machine running the tests has).

#![allow(dead_code)]

// A test that uses `common` too loads the same file twice, which is harmless here: each copy
// names the one folder of the process, and the second defers to the first.
#[allow(clippy::duplicate_mod)]
#[path = "isolation.rs"]
mod isolation;
pub use isolation::isolated_data_dir;

use std::path::Path;
use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use egui_kittest::{Harness, Node};
use sanqi::ai::Level;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::Language;
use sanqi::app::local_time::Zone;
use sanqi::app::settings::{ClockSetting, Opponent, Setup, SideChoice};
use sanqi::app::storage::Store;
use sanqi::app::{AiMode, AppOptions, Command, SanqiApp};
use sanqi::rules::{GameId, Point};
use sanqi::sound::Output;

/// The app in a test window.
pub type Window = Harness<'static, SanqiApp>;

/// How a test window is set up: English, 1100×760 and seed 7 unless told otherwise.
#[derive(Clone, Copy, Debug)]
pub struct WindowSpec {
    pub language: Language,
    pub size: [f32; 2],
    pub seed: u64,
}

impl Default for WindowSpec {
    fn default() -> WindowSpec {
        WindowSpec {
            language: Language::English,
            size: [1100.0, 760.0],
            seed: 7,
        }
    }
}

impl WindowSpec {
    /// In `language`.
    pub fn language(self, language: Language) -> WindowSpec {
        WindowSpec { language, ..self }
    }

    /// Of this size.
    pub fn size(self, width: f32, height: f32) -> WindowSpec {
        WindowSpec {
            size: [width, height],
            ..self
        }
    }

    /// With this seed for the computer's choices.
    pub fn seed(self, seed: u64) -> WindowSpec {
        WindowSpec { seed, ..self }
    }

    /// The window on a fresh data folder.
    pub fn open(self) -> Opened {
        self.open_after(|_| {})
    }

    /// The window on a fresh data folder with a game started as the new-game dialog starts
    /// it.
    pub fn game(self, game: GameId, opponent: Opponent, clock: ClockSetting) -> Opened {
        let (dir, time, mut h) = self.open();
        start(&mut h, game, opponent, clock);
        (dir, time, h)
    }

    /// The window on a fresh data folder in which `prepare` has first put files.
    pub fn open_after(self, prepare: impl FnOnce(&Path)) -> Opened {
        let dir = tempfile::tempdir().expect("a temporary folder");
        prepare(dir.path());
        let time = ManualTime::new();
        let h = self.window_at(dir.path(), &time);
        (dir, time, h)
    }

    /// The window on the data folder `dir`, with `time` as its clock.
    pub fn window_at(self, dir: &Path, time: &ManualTime) -> Window {
        window_with(dir, self.options(time), self.size)
    }

    /// The app's options for a test window with `time` as its clock, for a test to change.
    pub fn options(self, time: &ManualTime) -> AppOptions {
        AppOptions {
            time: time.source(),
            ai: AiMode::Inline,
            ai_step_delay: Duration::ZERO,
            seed: Some(self.seed),
            demo: None,
            language: Some(self.language),
            file_chooser: false,
            sound: Output::Off,
            theme: None,
            system_theme: false,
            // Dates read the same on every machine: Beijing's time, eight hours ahead of UTC.
            zone: Zone::Fixed(8 * 3600),
            touch: false,
        }
    }
}

/// The app with `options` in a window of `size` on the data folder `dir`, settled after its
/// first frames.
pub fn window_with(dir: &Path, options: AppOptions, size: [f32; 2]) -> Window {
    isolated_data_dir();
    let store = Store::at(dir);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(size[0], size[1]))
        .with_max_steps(400)
        // The harness sets its theme over the app's; light is the app's own default.
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| SanqiApp::new(&cc.egui_ctx, store, options));
    harness.run();
    harness
}

/// A test window with what it runs on: its data folder (removed with it) and its clock.
pub type Opened = (tempfile::TempDir, ManualTime, Window);

/// The home screen of a window as [`WindowSpec::default`] sets it up.
pub fn home() -> Opened {
    WindowSpec::default().open()
}

/// A game started as the new-game dialog starts it, in a default window.
pub fn game(game: GameId, opponent: Opponent, clock: ClockSetting) -> Opened {
    WindowSpec::default().game(game, opponent, clock)
}

/// The window at 1100×760 in `language` on the data folder `dir`, settled after its first
/// frames.
pub fn window(dir: &Path, language: Language) -> Window {
    WindowSpec::default()
        .language(language)
        .window_at(dir, &ManualTime::new())
}

/// Starts a game as the new-game dialog does.
pub fn start(h: &mut Window, game: GameId, opponent: Opponent, clock: ClockSetting) {
    apply(
        h,
        Command::StartGame(Setup {
            game,
            opponent,
            clock,
        }),
    );
}

/// The computer at `level`, the human playing `side`.
pub fn computer(level: Level, side: SideChoice) -> Opponent {
    Opponent::Computer { level, side }
}

/// The label of `level`'s choice in `game`'s dialogs: its English name (`name`) and its rating.
pub fn rated(name: &str, game: GameId, level: Level) -> String {
    match sanqi::arena::ladder::rating_of(game, level) {
        Some(rating) => format!("{name} · {rating}"),
        None => name.to_string(),
    }
}

/// Carries out a command, which must be accepted, and runs the frames that follow.
pub fn apply(h: &mut Window, command: Command) {
    let done = h.state_mut().apply(command);
    assert!(done.is_ok(), "{done:?}");
    h.run();
}

/// Tells the window it has the keyboard's focus (`true`) or is in the background, and runs
/// its frames.
pub fn set_focus(harness: &mut Window, focused: bool) {
    harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .focused = Some(focused);
    harness.run();
}

/// Whether some widget's label contains `text`.
pub fn has_text(harness: &Window, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// Clicks the widget labelled `label`.
pub fn click(harness: &mut Window, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Clicks the points named, separated by spaces.
pub fn click_points(harness: &mut Window, points: &str) {
    for p in points.split_whitespace() {
        click(harness, p);
    }
}

/// The button (or selectable label) with this text, not a plain label that says the same.
pub fn button<'h>(harness: &'h Window, label: &'h str) -> Node<'h> {
    harness
        .get_by(|n| n.label().as_deref() == Some(label) && n.role() != egui::accesskit::Role::Label)
}

/// Where the button (or selectable label) with this text is.
pub fn button_rect(harness: &Window, label: &str) -> egui::Rect {
    button(harness, label).rect()
}

/// Clicks the button (or selectable label) with this text, not a plain label that says the
/// same.
pub fn click_button(harness: &mut Window, label: &str) {
    button(harness, label).click();
    harness.run();
}

/// Types `text` into the text field labelled `label`.
pub fn type_into(harness: &mut Window, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Writes `json` as `game.json` in `dir` and opens it as a record for review.
pub fn open_record(harness: &mut Window, dir: &Path, json: &str) {
    let path = dir.join("game.json");
    std::fs::write(&path, json).expect("written");
    apply(harness, Command::OpenRecord(path));
}

/// Runs frames until the analysis of the game on the screen has finished (the window keeps
/// answering meanwhile).
pub fn wait_for_report(harness: &mut Window) {
    let started = Instant::now();
    while harness
        .state()
        .analysis()
        .and_then(|a| a.report())
        .is_none()
    {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the analysis did not finish"
        );
        std::thread::sleep(Duration::from_millis(20));
        harness.step();
    }
    harness.run();
}

/// Drags the piece on the point labelled `from` to `to` with the pointer.
pub fn drag(h: &mut Window, from: &str, to: &str) {
    let a = h.get_by_label(from).rect().center();
    let b = h.get_by_label(to).rect().center();
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    for t in [0.25, 0.5, 0.75, 1.0] {
        h.hover_at(a + (b - a) * t);
        h.run();
    }
    h.drop_at(b);
    h.run();
}

/// The actions of the game on the screen, in the notation.
pub fn actions(harness: &Window) -> Vec<String> {
    harness
        .state()
        .session()
        .map(|s| s.game().actions().map(|a| a.to_string()).collect())
        .unwrap_or_default()
}

/// The point named `a1` … `e5`.
pub fn point(name: &str) -> Point {
    Point::parse(name).unwrap_or_else(|| panic!("bad point {name}"))
}
