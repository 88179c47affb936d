//! The app's fonts: egui's defaults with an embedded subset of Noto Sans SC behind them, so
//! that Chinese text has glyphs on every system. See `assets/fonts/README.md` for what the
//! subset holds and how to regenerate it.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

/// The name the Chinese font is registered under in [`FontDefinitions::font_data`].
pub const CHINESE_FONT_NAME: &str = "NotoSansSC-Subset";

/// The embedded Chinese font (OpenType, CFF outlines).
pub const CHINESE_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");

/// egui's default fonts followed by the Chinese font as the last fallback of both the
/// proportional and the monospace family: Latin text keeps egui's look, and any character
/// the defaults lack comes from the Chinese font.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        CHINESE_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(CHINESE_FONT)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CHINESE_FONT_NAME.to_owned());
    }
    fonts
}

/// Installs [`definitions`] in `ctx`.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}
