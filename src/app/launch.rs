//! How the app starts: its options ([`AppOptions`], with what the environment says), and
//! what it reads from its files before the window opens ([`Launch`]), read once so that a
//! notice about a bad file reaches the user.

use std::time::Duration;

use super::clock::{TimeSource, system_time};
use super::computer::AiMode;
use super::demo::Demo;
use super::file_chooser::system_chooser_available;
use super::i18n::Language;
use super::lessons::LessonProgress;
use super::local_time::Zone;
use super::puzzles::PuzzleProgress;
use super::settings::{SavedGame, Settings, Stats, ThemeChoice};
use super::storage::{Store, StoreNotice};
use crate::sound::Output;

/// The smallest window the layout is made for.
pub const MIN_WINDOW_SIZE: [f32; 2] = [720.0, 540.0];
/// The window's size on first launch.
pub const DEFAULT_WINDOW_SIZE: [f32; 2] = [1100.0, 760.0];

/// How the app is run: its time source, where the computer thinks, and what to show first.
#[derive(Clone)]
pub struct AppOptions {
    /// Where the turn clock and the computer's pacing read the time.
    pub time: TimeSource,
    /// Where the computer's searches run.
    pub ai: AiMode,
    /// The pause between the actions of one computer turn, so the user sees each capture.
    pub ai_step_delay: Duration,
    /// A fixed seed for the computer's choices (tests); otherwise each search gets a random
    /// one.
    pub seed: Option<u64>,
    /// A screen or position to open at start (screenshots and demonstrations). The app then
    /// neither reads nor writes the user's settings, game or statistics.
    pub demo: Option<Demo>,
    /// A language to use whatever the settings say (screenshots).
    pub language: Option<Language>,
    /// Whether records are opened and saved through the system's file chooser as well as
    /// by a typed path (by default, when the system seems to have one).
    pub file_chooser: bool,
    /// Where the sounds go (the system's output; nowhere in a demonstration).
    pub sound: Output,
    /// A theme to use whatever the settings say (screenshots).
    pub theme: Option<ThemeChoice>,
    /// Whether the system's light or dark preference is read where egui does not hear it
    /// (the desktop portal on Linux).
    pub system_theme: bool,
    /// The zone dates are shown in: the system's local time, or a fixed one (tests).
    pub zone: Zone,
    /// Whether the screen is touched by fingers (a web page on a phone or a tablet): every
    /// control is then large enough for one.
    pub touch: bool,
}

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions {
            time: system_time(),
            ai: AiMode::Thread,
            ai_step_delay: Duration::from_millis(320),
            seed: None,
            demo: None,
            language: None,
            file_chooser: system_chooser_available(),
            sound: Output::System,
            theme: None,
            system_theme: true,
            zone: Zone::Local,
            touch: false,
        }
    }
}

impl AppOptions {
    /// The defaults, with `SANQI_DEMO` (a screen to open, such as `flying`), `SANQI_LANG`
    /// (`en` or `zh-CN`) and `SANQI_THEME` (`light` or `dark`) read from the environment.
    pub fn from_env() -> AppOptions {
        let demo = std::env::var("SANQI_DEMO")
            .ok()
            .and_then(|d| Demo::parse(&d));
        let language = std::env::var("SANQI_LANG")
            .ok()
            .and_then(|l| Language::from_code(&l));
        let theme = match std::env::var("SANQI_THEME").ok().as_deref() {
            Some("light") => Some(ThemeChoice::Light),
            Some("dark") => Some(ThemeChoice::Dark),
            _ => None,
        };
        AppOptions {
            theme,
            // A demonstration is for looking at: it makes no sound.
            sound: if demo.is_some() {
                Output::Off
            } else {
                Output::System
            },
            demo,
            language,
            ..AppOptions::default()
        }
    }
}

/// What the app keeps between runs, as loaded at start, with what the user must be told
/// about the files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    /// The settings.
    pub settings: Settings,
    /// The statistics.
    pub stats: Stats,
    /// A game saved in an earlier run.
    pub saved: Option<SavedGame>,
    /// The lesson steps done.
    pub lessons: LessonProgress,
    /// The puzzles' progress.
    pub puzzles: PuzzleProgress,
    /// Files set aside, or a data folder that cannot be written.
    pub notices: Vec<StoreNotice>,
}

impl Stored {
    /// Loads everything from `store`, once.
    pub fn load(store: &Store) -> Stored {
        let mut notices = store.startup_notices();
        let settings = store.load_settings();
        notices.extend(settings.notices);
        let stats = store.load_stats();
        notices.extend(stats.notices);
        let saved = store.load_game();
        notices.extend(saved.notices);
        let lessons = store.load_lessons();
        notices.extend(lessons.notices);
        let puzzles = store.load_puzzles();
        notices.extend(puzzles.notices);
        Stored {
            settings: settings.value,
            stats: stats.value,
            saved: saved.value,
            lessons: lessons.value,
            puzzles: puzzles.value,
            notices,
        }
    }
}

/// Everything the app starts from: its store, what was loaded from it and its options.
#[derive(Clone)]
pub struct Launch {
    /// The store the app keeps its files in.
    pub store: Store,
    /// What was loaded from it.
    pub stored: Stored,
    /// The app's options.
    pub options: AppOptions,
}

impl Launch {
    /// Loads what the app keeps from `store`; a demonstration loads nothing, starts from the
    /// defaults and exports records to a scratch folder.
    pub fn new(store: Store, options: AppOptions) -> Launch {
        let (store, stored) = if options.demo.is_some() {
            // Its exported records go to a scratch folder, not among the user's.
            let scratch = format!("sanqi-demo-{}", std::process::id());
            let records = std::env::temp_dir().join(scratch).join("records");
            let stored = Stored {
                settings: demo_settings(|name| std::env::var(name).ok()),
                ..Stored::default()
            };
            (store.with_records_dir(records), stored)
        } else {
            let stored = Stored::load(&store);
            (store, stored)
        };
        Launch {
            store,
            stored,
            options,
        }
    }

    /// The size the window opens at: the one remembered from the last run if it is
    /// sensible, else the default.
    pub fn window_size(&self) -> [f32; 2] {
        self.stored
            .settings
            .window_size
            .filter(|&size| sensible_window_size(size))
            .unwrap_or(DEFAULT_WINDOW_SIZE)
    }
}

/// The settings a demonstration starts from: the defaults, with the board's and the pieces'
/// style, the text's size and the animations' speed that `SANQI_BOARD` (`wood`, `plain`),
/// `SANQI_PIECES` (`stones`, `marked`), `SANQI_TEXT_SIZE` (`normal`, `large`, `largest`) and
/// `SANQI_ANIMATION` (`off`, `fast`, `normal`, `slow`) choose, as `var` reads them (to show
/// each look in screenshots; a demonstration never saves its settings).
pub fn demo_settings(var: impl Fn(&str) -> Option<String>) -> Settings {
    fn parse<T: serde::de::DeserializeOwned>(text: Option<String>) -> Option<T> {
        serde_json::from_value(serde_json::Value::String(text?.trim().to_ascii_lowercase())).ok()
    }
    let mut settings = Settings::default();
    if let Some(board) = parse(var("SANQI_BOARD")) {
        settings.board_style = board;
    }
    if let Some(pieces) = parse(var("SANQI_PIECES")) {
        settings.piece_style = pieces;
    }
    if let Some(size) = parse(var("SANQI_TEXT_SIZE")) {
        settings.text_size = size;
    }
    match var("SANQI_ANIMATION").as_deref().map(str::trim) {
        Some("off") => settings.animations = false,
        other => {
            if let Some(speed) = parse(other.map(str::to_string)) {
                settings.animation_speed = speed;
            }
        }
    }
    settings
}

/// Whether a window size fits the layout and any screen.
pub fn sensible_window_size([w, h]: [f32; 2]) -> bool {
    w >= MIN_WINDOW_SIZE[0] && h >= MIN_WINDOW_SIZE[1] && w < 10_000.0 && h < 10_000.0
}

/// A window size written `WIDTHxHEIGHT`, such as `760x560`.
pub fn parse_window_size(text: &str) -> Option<[f32; 2]> {
    let (w, h) = text.trim().split_once(['x', 'X', '×'])?;
    let size = [w.trim().parse().ok()?, h.trim().parse().ok()?];
    sensible_window_size(size).then_some(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demonstration_takes_its_look_from_the_environment() {
        use crate::app::settings::{AnimationSpeed, BoardStyle, PieceStyle, TextSize};
        let env = |name: &str| {
            match name {
                "SANQI_BOARD" => Some("Plain"),
                "SANQI_PIECES" => Some("marked"),
                "SANQI_TEXT_SIZE" => Some("largest"),
                "SANQI_ANIMATION" => Some("slow"),
                _ => None,
            }
            .map(str::to_string)
        };
        let settings = demo_settings(env);
        assert_eq!(settings.board_style, BoardStyle::Plain);
        assert_eq!(settings.piece_style, PieceStyle::Marked);
        assert_eq!(settings.text_size, TextSize::Largest);
        assert_eq!(settings.animation(), Some(AnimationSpeed::Slow));
        let off = demo_settings(|name| (name == "SANQI_ANIMATION").then(|| "off".to_string()));
        assert_eq!(off.animation(), None);
        assert_eq!(
            demo_settings(|_| Some("nonsense".into())),
            Settings::default()
        );
    }

    #[test]
    fn window_sizes_parse_and_stay_sensible() {
        assert_eq!(parse_window_size("760x560"), Some([760.0, 560.0]));
        assert_eq!(parse_window_size(" 1920 X 1080 "), Some([1920.0, 1080.0]));
        assert_eq!(parse_window_size("100x100"), None);
        assert_eq!(parse_window_size("760"), None);
        assert_eq!(parse_window_size("wide x tall"), None);
    }
}
