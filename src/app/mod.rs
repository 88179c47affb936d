//! The desktop app: eframe/egui screens on top of the rules and the computer opponent.
//!
//! [`run`] opens the window. [`SanqiApp`] is the whole app and can be driven without a
//! window (the UI tests do): give it a [`Store`](storage::Store) in any folder and
//! [`AppOptions`] with a manual time source and the computer searching inline.

pub mod board;
pub mod clock;
pub mod computer;
pub mod demo;
mod dialogs;
pub mod errors;
pub mod fonts;
mod game_screen;
pub mod help;
mod home;
pub mod i18n;
pub mod icon;
mod sanqi;
pub mod session;
pub mod settings;
mod side_panel;
pub mod startup;
pub mod storage;
pub mod text;
pub mod theme;

pub use computer::AiMode;
pub use sanqi::{AppOptions, Banner, HINT_LEVEL, SanqiApp, Screen};

/// The window's title.
pub const WINDOW_TITLE: &str = "Sanqi 三棋";
/// The smallest window the layout is made for.
pub const MIN_WINDOW_SIZE: [f32; 2] = [720.0, 540.0];
/// The window's size on first launch.
pub const DEFAULT_WINDOW_SIZE: [f32; 2] = [1100.0, 760.0];

fn native_options(renderer: eframe::Renderer, size: [f32; 2]) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(WINDOW_TITLE)
            .with_app_id("org.sanqi.Sanqi")
            .with_inner_size(size)
            .with_min_inner_size(MIN_WINDOW_SIZE)
            .with_icon(icon::icon_data()),
        renderer,
        ..eframe::NativeOptions::default()
    }
}

/// Opens the window and runs until it is closed. Tries OpenGL first, then wgpu (which also
/// covers Vulkan and software adapters); if neither can draw, prints one line on stderr and
/// exits with status 1.
pub fn run() {
    let store = storage::Store::open_default();
    let size = store
        .load_settings()
        .value
        .window_size
        .filter(|[w, h]| {
            *w >= MIN_WINDOW_SIZE[0] && *h >= MIN_WINDOW_SIZE[1] && *w < 10_000.0 && *h < 10_000.0
        })
        .unwrap_or(DEFAULT_WINDOW_SIZE);
    let mut failures = Vec::new();
    for renderer in [eframe::Renderer::Glow, eframe::Renderer::Wgpu] {
        let store = store.clone();
        let result = eframe::run_native(
            WINDOW_TITLE,
            native_options(renderer, size),
            Box::new(move |cc| {
                Ok(Box::new(SanqiApp::new(
                    &cc.egui_ctx,
                    store,
                    AppOptions::from_env(),
                )))
            }),
        );
        match result {
            Ok(()) => return,
            // Without a display no renderer can start: stop at the first attempt.
            Err(e @ eframe::Error::WinitEventLoop(_)) => {
                failures.push(format!("{renderer}: {e}"));
                break;
            }
            Err(e) => failures.push(format!("{renderer}: {e}")),
        }
    }
    crate::platform::report_fatal_error(&format!(
        "sanqi: cannot open the window: no graphics renderer works ({})",
        failures.join("; ")
    ));
    std::process::exit(1);
}
