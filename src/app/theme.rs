//! The app's look: a calm, warm palette (paper background, wood board, ink text) and the
//! egui style built from it.

use egui::{Color32, CornerRadius, FontFamily, FontId, Stroke, TextStyle, Visuals};

/// The window background.
pub const PAPER: Color32 = Color32::from_rgb(0xF4, 0xEF, 0xE6);
/// Panels and cards.
pub const CARD: Color32 = Color32::from_rgb(0xFB, 0xF8, 0xF2);
/// A slightly darker panel, for the side panel and headers.
pub const PANEL: Color32 = Color32::from_rgb(0xEC, 0xE4, 0xD6);
/// Main text.
pub const INK: Color32 = Color32::from_rgb(0x2B, 0x25, 0x1E);
/// Secondary text.
pub const MUTED: Color32 = Color32::from_rgb(0x74, 0x69, 0x5B);
/// Hairlines and card borders.
pub const LINE: Color32 = Color32::from_rgb(0xD6, 0xCB, 0xB8);
/// The app's accent (buttons, selection): a lacquer red.
pub const ACCENT: Color32 = Color32::from_rgb(0xA8, 0x3A, 0x2C);
/// A darker accent for pressed states and headings.
pub const ACCENT_DARK: Color32 = Color32::from_rgb(0x86, 0x2A, 0x1F);
/// Positive notes (a legal destination, a win).
pub const GOOD: Color32 = Color32::from_rgb(0x2E, 0x7D, 0x5B);
/// Warnings (the last seconds of the clock, an illegal click).
pub const WARN: Color32 = Color32::from_rgb(0xC2, 0x3B, 0x22);
/// Information (a hint).
pub const INFO: Color32 = Color32::from_rgb(0x2F, 0x63, 0xB8);

/// The board's wood, light and dark ends of its grain gradient.
pub const WOOD_LIGHT: Color32 = Color32::from_rgb(0xE8, 0xC9, 0x93);
/// See [`WOOD_LIGHT`].
pub const WOOD_DARK: Color32 = Color32::from_rgb(0xD3, 0xA7, 0x67);
/// The board's edge.
pub const WOOD_EDGE: Color32 = Color32::from_rgb(0x9C, 0x6F, 0x3A);
/// The lines of the board.
pub const BOARD_LINE: Color32 = Color32::from_rgb(0x4E, 0x35, 0x1C);

/// The selected piece's ring.
pub const SELECT: Color32 = Color32::from_rgb(0xF0, 0xB4, 0x1E);
/// Legal destinations.
pub const DESTINATION: Color32 = Color32::from_rgb(0x1F, 0x7A, 0x62);
/// Pieces that may be removed (pull, capture).
pub const REMOVABLE: Color32 = Color32::from_rgb(0xD2, 0x32, 0x1E);
/// Own pieces that may be given up (yield).
pub const YIELDABLE: Color32 = Color32::from_rgb(0xE0, 0x7B, 0x10);
/// What explains an action on the board: the shape that captured, a pincer, a flank.
pub const EXPLAIN: Color32 = Color32::from_rgb(0xE2, 0x86, 0x12);
/// The keyboard's cursor on the board.
pub const FOCUS: Color32 = Color32::from_rgb(0x1E, 0x5F, 0xD0);
/// The last move's marker.
pub const LAST_MOVE: Color32 = Color32::from_rgb(0xD8, 0x3A, 0x2A);

/// The size of the body text, in points.
pub const BODY_SIZE: f32 = 14.5;
/// The size of small text, in points.
pub const SMALL_SIZE: f32 = 12.0;

/// Sets the fonts' sizes and the colours of every widget.
pub fn apply(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(SMALL_SIZE, FontFamily::Proportional),
            ),
            (
                TextStyle::Body,
                FontId::new(BODY_SIZE, FontFamily::Proportional),
            ),
            (
                TextStyle::Button,
                FontId::new(BODY_SIZE, FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(22.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(13.5, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.interact_size.y = 26.0;
        style.spacing.window_margin = egui::Margin::same(14);
        // Scroll bars that show whenever there is more to see, not only once the pointer
        // comes near: what is below the fold must look reachable.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
        style.visuals = visuals();
    });
}

fn visuals() -> Visuals {
    let mut v = Visuals::light();
    v.override_text_color = Some(INK);
    v.panel_fill = PAPER;
    v.window_fill = CARD;
    v.extreme_bg_color = Color32::from_rgb(0xFF, 0xFD, 0xF9);
    v.faint_bg_color = Color32::from_rgb(0xF1, 0xEA, 0xDE);
    v.window_stroke = Stroke::new(1.0, LINE);
    v.window_corner_radius = CornerRadius::same(10);
    v.menu_corner_radius = CornerRadius::same(8);
    v.hyperlink_color = ACCENT;
    v.selection.bg_fill = Color32::from_rgb(0xE9, 0xC7, 0xB8);
    v.selection.stroke = Stroke::new(1.0, ACCENT_DARK);
    let radius = CornerRadius::same(6);
    let w = &mut v.widgets;
    w.noninteractive.bg_stroke = Stroke::new(1.0, LINE);
    w.noninteractive.fg_stroke = Stroke::new(1.0, INK);
    w.inactive.weak_bg_fill = Color32::from_rgb(0xEA, 0xE1, 0xD2);
    w.inactive.bg_fill = Color32::from_rgb(0xEA, 0xE1, 0xD2);
    w.inactive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0xD2, 0xC4, 0xAE));
    w.inactive.fg_stroke = Stroke::new(1.0, INK);
    w.inactive.corner_radius = radius;
    w.hovered.weak_bg_fill = Color32::from_rgb(0xE2, 0xD4, 0xBE);
    w.hovered.bg_fill = Color32::from_rgb(0xE2, 0xD4, 0xBE);
    w.hovered.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0xB8, 0xA4, 0x86));
    w.hovered.fg_stroke = Stroke::new(1.5, INK);
    w.hovered.corner_radius = radius;
    w.active.weak_bg_fill = Color32::from_rgb(0xD6, 0xC3, 0xA6);
    w.active.bg_fill = Color32::from_rgb(0xD6, 0xC3, 0xA6);
    w.active.bg_stroke = Stroke::new(1.0, ACCENT_DARK);
    w.active.fg_stroke = Stroke::new(1.5, INK);
    w.active.corner_radius = radius;
    w.open.weak_bg_fill = Color32::from_rgb(0xE2, 0xD4, 0xBE);
    w.open.corner_radius = radius;
    v
}

/// The filled style of a main call-to-action button.
pub fn primary_button<'a>(text: impl Into<egui::WidgetText>) -> egui::Button<'a> {
    let text: egui::WidgetText = text.into();
    egui::Button::new(text.color(Color32::WHITE).strong())
        .fill(ACCENT)
        .stroke(Stroke::new(1.0, ACCENT_DARK))
        .corner_radius(CornerRadius::same(6))
}

/// A white card with a hairline border.
pub fn card_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(CARD)
        .stroke(Stroke::new(1.0, LINE))
        .corner_radius(CornerRadius::same(10))
        .inner_margin(egui::Margin::same(14))
        .shadow(egui::epaint::Shadow {
            offset: [0, 2],
            blur: 8,
            spread: 0,
            color: Color32::from_black_alpha(18),
        })
}

/// The frame of a dialog: a card with generous margins and a soft shadow.
pub fn dialog_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(CARD)
        .stroke(Stroke::new(1.0, LINE))
        .corner_radius(CornerRadius::same(12))
        .inner_margin(egui::Margin::same(22))
        .shadow(egui::epaint::Shadow {
            offset: [0, 6],
            blur: 24,
            spread: 0,
            color: Color32::from_black_alpha(60),
        })
}
