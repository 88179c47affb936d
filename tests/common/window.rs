//! The app in a test window: a fresh store in `dir`, the computer answering at once on the
//! test's thread, a clock that only moves when told, no system file chooser.

use std::path::Path;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sanqi::app::clock::ManualTime;
use sanqi::app::i18n::Language;
use sanqi::app::storage::Store;
use sanqi::app::{AiMode, AppOptions, SanqiApp};

/// The window at 1100×760 in `language`, settled after its first frames.
pub fn window(dir: &Path, language: Language) -> Harness<'static, SanqiApp> {
    let time = ManualTime::new();
    let options = AppOptions {
        time: time.source(),
        ai: AiMode::Inline,
        ai_step_delay: Duration::ZERO,
        seed: Some(7),
        demo: None,
        language: Some(language),
        file_chooser: false,
    };
    let store = Store::at(dir);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1100.0, 760.0))
        .with_max_steps(400)
        .build_eframe(move |cc| SanqiApp::new(&cc.egui_ctx, store, options));
    harness.run();
    harness
}

/// Whether some widget's label contains `text`.
pub fn has_text(harness: &Harness<'static, SanqiApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}
