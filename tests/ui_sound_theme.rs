//! Sound and the theme as a player meets them, driven through the window with egui_kittest:
//! the game's sounds follow the switch and the volume in Settings, and each theme (light,
//! dark, or the system's) is chosen there, drawn, and remembered.

#[path = "common/window.rs"]
mod window;

use std::sync::{Arc, Mutex};

use egui::Theme;
use sanqi::app::Command;
use sanqi::app::clock::ManualTime;
use sanqi::app::command::{Open, RulesTab};
use sanqi::app::settings::{ClockSetting, Opponent, ThemeChoice};
use sanqi::app::theme;
use sanqi::rules::GameId;
use sanqi::sound::{Output, Sound};
use window::{Window, WindowSpec, apply, click, click_points, start, window_with};

type Log = Arc<Mutex<Vec<(Sound, u8)>>>;

/// A window whose sounds are written down in the returned log, on the data folder `dir`.
fn window_hearing(dir: &std::path::Path) -> (Window, Log) {
    let log: Log = Arc::default();
    let mut options = WindowSpec::default().options(&ManualTime::new());
    options.sound = Output::Log(Arc::clone(&log));
    (window_with(dir, options, WindowSpec::default().size), log)
}

fn heard(log: &Log) -> Vec<(Sound, u8)> {
    log.lock().map(|l| l.clone()).unwrap_or_default()
}

fn settings_file(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("settings.json")).unwrap_or_default()
}

#[test]
fn sounds_follow_the_switch_and_the_volume() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (mut h, log) = window_hearing(dir.path());
    start(&mut h, GameId::Wudao, Opponent::Human, ClockSetting::Off);
    click_points(&mut h, "c3");
    assert_eq!(heard(&log), [(Sound::Place, 70)]);
    // Off in Settings: a placement is silent, and the choice is kept.
    apply(&mut h, Command::Open(Open::Settings));
    click(&mut h, "Play sounds");
    assert!(!h.state().settings().sound);
    assert!(settings_file(dir.path()).contains("\"sound\": false"));
    apply(&mut h, Command::Back);
    click_points(&mut h, "d4");
    assert_eq!(heard(&log).len(), 1);
    // On again: a knock says so, at the volume set; volume 0 is silent.
    apply(&mut h, Command::SetSound(true));
    apply(&mut h, Command::SetVolume(35));
    click_points(&mut h, "b2");
    assert_eq!(heard(&log)[1..], [(Sound::Place, 70), (Sound::Place, 35)]);
    apply(&mut h, Command::SetVolume(0));
    click_points(&mut h, "e5");
    assert_eq!(heard(&log).len(), 3);
    assert!(settings_file(dir.path()).contains("\"volume\": 0"));
}

/// The theme the window was last drawn in: egui's choice, and the palette the app drew with.
fn drawn_theme(h: &Window) -> (Theme, egui::Color32) {
    (h.ctx.theme(), theme::current().paper)
}

/// Goes through the screens and dialogs a player sees, checking each frame is in `expected`.
fn every_screen_in(h: &mut Window, expected: Theme) {
    let paper = match expected {
        Theme::Light => theme::LIGHT.paper,
        Theme::Dark => theme::DARK.paper,
    };
    assert_eq!(drawn_theme(h), (expected, paper), "home");
    start(h, GameId::Neihuang, Opponent::Human, ClockSetting::S60);
    click_points(h, "c3 b2");
    assert_eq!(drawn_theme(h), (expected, paper), "game");
    for dialog in [
        Open::Settings,
        Open::Rules(GameId::Neihuang, RulesTab::KeyPoints),
        Open::Records,
        Open::NewGame(None),
    ] {
        apply(h, Command::Open(dialog.clone()));
        assert_eq!(drawn_theme(h), (expected, paper), "{dialog:?}");
        apply(h, Command::Back);
    }
    assert_eq!(h.ctx.global_style().visuals.panel_fill, paper);
}

#[test]
fn the_dark_theme_is_chosen_in_settings_and_remembered() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (mut h, _) = window_hearing(dir.path());
    assert_eq!(h.state().settings().theme, ThemeChoice::System);
    apply(&mut h, Command::Open(Open::Settings));
    click(&mut h, "Dark");
    apply(&mut h, Command::Back);
    assert!(settings_file(dir.path()).contains("\"theme\": \"dark\""));
    every_screen_in(&mut h, Theme::Dark);
    drop(h);
    // Opened again, the choice is there.
    let (h, _) = window_hearing(dir.path());
    assert_eq!(h.state().settings().theme, ThemeChoice::Dark);
}

#[test]
fn the_light_theme_stays_light_whatever_the_system_prefers() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (mut h, _) = window_hearing(dir.path());
    apply(&mut h, Command::SetTheme(ThemeChoice::Light));
    h.ctx.options_mut(|o| o.fallback_theme = Theme::Dark);
    h.run();
    every_screen_in(&mut h, Theme::Light);
}

#[test]
fn following_the_system_takes_its_preference() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (mut h, _) = window_hearing(dir.path());
    apply(&mut h, Command::SetTheme(ThemeChoice::System));
    assert_eq!(drawn_theme(&h).0, Theme::Light);
    // What the desktop portal's answer does: the system prefers dark.
    h.ctx.options_mut(|o| o.fallback_theme = Theme::Dark);
    h.run();
    every_screen_in(&mut h, Theme::Dark);
}
