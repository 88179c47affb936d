//! The desktop app: eframe/egui screens on top of the rules and the computer opponent.
//!
//! [`run`] opens the window. [`SanqiApp`] is the whole app and can be driven without a
//! window (the UI tests do): give it a [`Store`](storage::Store) in any folder and
//! [`AppOptions`] with a manual time source and the computer searching inline.
//!
//! How the parts fit (docs/ARCHITECTURE.md draws it):
//!
//! - [`SanqiApp`] (`sanqi.rs`) owns the state, runs the frame and carries out every
//!   [`Command`](command::Command) in one place, [`SanqiApp::apply`].
//! - The screens ([`screens`]) and the dialogs ([`dialogs`]) draw from a read-only
//!   [`View`](view::View) and return commands; they never see the app.
//! - [`Session`](session::Session) is the game on the screen and keeps its own bookkeeping.
//! - The rest are leaves: the board painter, the clock, the computer, the store, the text.

pub mod analysis;
mod banners;
pub mod board;
pub mod clock;
pub mod command;
pub mod computer;
pub mod demo;
pub mod dialogs;
pub mod error;
pub mod exact;
pub mod file_chooser;
pub mod flying_table;
pub mod fonts;
pub mod hint;
pub mod history;
pub mod i18n;
pub mod icon;
pub mod keys;
pub mod launch;
pub mod lessons;
pub mod link;
pub mod local_time;
pub mod online;
pub mod overlay;
pub mod puzzles;
pub mod rating;
mod sanqi;
pub mod screens;
pub mod session;
pub mod settings;
mod shortcuts;
pub mod startup;
pub mod storage;
pub mod story;
mod system_theme;
pub mod text;
pub mod theme;
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod widgets;

pub use banners::Banner;
pub use command::Command;
pub use computer::AiMode;
pub use launch::{AppOptions, DEFAULT_WINDOW_SIZE, Launch, MIN_WINDOW_SIZE};
pub use sanqi::{ANALYSIS_BUDGET, SanqiApp};
pub use screens::Screen;

/// The window's title.
pub const WINDOW_TITLE: &str = "Sanqi 三棋";
/// The environment variable that, when set to `WIDTHxHEIGHT`, sets the window's size at
/// start (screenshots), whatever the settings remember.
pub const WINDOW_SIZE_VARIABLE: &str = "SANQI_WINDOW_SIZE";

#[cfg(not(target_arch = "wasm32"))]
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
///
/// A demonstration (`SANQI_DEMO`) keeps its records in a scratch folder and never reads or
/// writes the user's files.
#[cfg(not(target_arch = "wasm32"))]
pub fn run() {
    let options = AppOptions::from_env();
    let store = if options.demo.is_some() {
        let scratch = format!("sanqi-demo-{}", std::process::id());
        storage::Store::at(std::env::temp_dir().join(scratch))
    } else {
        storage::Store::open_default()
    };
    // Everything is read once, here: the window's size and the notices come from one load.
    let launch = Launch::new(store, options);
    let size = std::env::var(WINDOW_SIZE_VARIABLE)
        .ok()
        .and_then(|text| launch::parse_window_size(&text))
        .unwrap_or_else(|| launch.window_size());
    let mut failures = Vec::new();
    for renderer in [eframe::Renderer::Glow, eframe::Renderer::Wgpu] {
        let launch = launch.clone();
        let result = eframe::run_native(
            WINDOW_TITLE,
            native_options(renderer, size),
            Box::new(move |cc| Ok(Box::new(SanqiApp::launch(&cc.egui_ctx, launch)))),
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

/// Runs the app on the web page's `canvas` (see [`web`]): the player's data in the page's
/// storage, the searches in Web Workers, the shared game of the page's address opened.
#[cfg(target_arch = "wasm32")]
pub async fn run_in_page(
    canvas: web_sys::HtmlCanvasElement,
) -> Result<eframe::WebRunner, wasm_bindgen::JsValue> {
    let options = AppOptions {
        touch: crate::platform::web::coarse_pointer(),
        ..AppOptions::default()
    };
    let launch = Launch::new(storage::Store::open_default(), options);
    let runner = eframe::WebRunner::new();
    runner
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |cc| {
                PAGE_CONTEXT.with(|c| *c.borrow_mut() = Some(cc.egui_ctx.clone()));
                Ok(Box::new(SanqiApp::launch(&cc.egui_ctx, launch)))
            }),
        )
        .await?;
    Ok(runner)
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// The egui context of the app on the page.
    static PAGE_CONTEXT: std::cell::RefCell<Option<egui::Context>> =
        const { std::cell::RefCell::new(None) };
}

/// The egui context of the app on the web page, once it runs.
#[cfg(target_arch = "wasm32")]
fn page_context() -> Option<egui::Context> {
    PAGE_CONTEXT.with(|c| c.borrow().clone())
}
