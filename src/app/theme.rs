//! The app's look, in two palettes: light (paper background, wood board, ink text) and dark
//! (an ink-stone background, the same wood board a shade deeper, paper-coloured text), and
//! the egui styles built from them.
//!
//! Colours are read through functions ([`ink`], [`paper`] …) that answer for the theme of the
//! frame being drawn: [`begin_frame`] notes it from egui (which follows the user's choice, or
//! the system's preference), once a frame, on the thread that draws.

use std::cell::Cell;

use egui::{Color32, CornerRadius, FontFamily, FontId, Stroke, TextStyle, Theme, Visuals};

use super::settings::ThemeChoice;

/// Declares the palette once, each colour with its light and its dark value: the
/// [`Palette`] type, the [`LIGHT`] and [`DARK`] palettes, and a function per colour that
/// answers for the current theme.
macro_rules! palette {
    ($($(#[$doc:meta])* $name:ident: $light:expr, $dark:expr;)*) => {
        /// Every colour of the interface, for one theme.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Palette {
            $($(#[$doc])* pub $name: Color32,)*
        }

        /// The light theme's colours.
        pub const LIGHT: Palette = Palette { $($name: $light,)* };
        /// The dark theme's colours.
        pub const DARK: Palette = Palette { $($name: $dark,)* };

        $($(#[$doc])* pub fn $name() -> Color32 {
            current().$name
        })*
    };
}

const fn rgb(r: u8, g: u8, b: u8) -> Color32 {
    Color32::from_rgb(r, g, b)
}

palette! {
    /// The window background.
    paper: rgb(0xF4, 0xEF, 0xE6), rgb(0x1D, 0x1A, 0x17);
    /// Panels and cards.
    card: rgb(0xFB, 0xF8, 0xF2), rgb(0x28, 0x24, 0x20);
    /// A slightly darker panel, for the side panel and headers.
    panel: rgb(0xEC, 0xE4, 0xD6), rgb(0x30, 0x2B, 0x26);
    /// Main text.
    ink: rgb(0x2B, 0x25, 0x1E), rgb(0xEB, 0xE3, 0xD5);
    /// Secondary text.
    muted: rgb(0x74, 0x69, 0x5B), rgb(0xA9, 0x9D, 0x8B);
    /// Hairlines and card borders.
    line: rgb(0xD6, 0xCB, 0xB8), rgb(0x4A, 0x42, 0x39);
    /// The app's accent (buttons, selection): a lacquer red.
    accent: rgb(0xA8, 0x3A, 0x2C), rgb(0xB4, 0x46, 0x36);
    /// A darker accent for pressed states and headings (a lighter one on dark).
    accent_dark: rgb(0x86, 0x2A, 0x1F), rgb(0xE8, 0x8A, 0x72);
    /// Positive notes (a legal destination, a win).
    good: rgb(0x2E, 0x7D, 0x5B), rgb(0x62, 0xC0, 0x92);
    /// Warnings (the last seconds of the clock, an illegal click).
    warn: rgb(0xC2, 0x3B, 0x22), rgb(0xF2, 0x74, 0x5C);
    /// Information (a hint).
    info: rgb(0x2F, 0x63, 0xB8), rgb(0x78, 0xA6, 0xF0);
    /// A notice's band at the top of the window.
    notice: rgb(0xFB, 0xE9, 0xC8), rgb(0x47, 0x37, 0x1E);
    /// A small label's background (a house rule's badge).
    badge: rgb(0xF6, 0xE3, 0xC2), rgb(0x4A, 0x3B, 0x25);
    /// A card that stands out (the game in progress on Home, the plate of the side to play).
    highlight: rgb(0xFF, 0xF5, 0xE2), rgb(0x3A, 0x30, 0x24);
    /// The clock's bar while there is time.
    clock_bar: rgb(0x8C, 0x6B, 0x3F), rgb(0xC0, 0x9A, 0x62);
    /// An inaccuracy's mark in the analysis.
    inaccuracy: rgb(0xC0, 0x8A, 0x10), rgb(0xE2, 0xB4, 0x40);
    /// A mistake's mark.
    mistake: rgb(0xD0, 0x60, 0x20), rgb(0xF0, 0x8C, 0x4C);
    /// A blunder's mark.
    blunder: rgb(0xC0, 0x28, 0x28), rgb(0xF4, 0x64, 0x64);
    /// Text fields and other sunken areas.
    sunken: rgb(0xFF, 0xFD, 0xF9), rgb(0x16, 0x14, 0x12);
    /// Stripes and faint backgrounds (a table's every other row).
    faint: rgb(0xF1, 0xEA, 0xDE), rgb(0x25, 0x21, 0x1D);
    /// A button at rest.
    button: rgb(0xEA, 0xE1, 0xD2), rgb(0x3A, 0x34, 0x2E);
    /// A button's border at rest.
    button_line: rgb(0xD2, 0xC4, 0xAE), rgb(0x55, 0x4B, 0x41);
    /// A button under the pointer.
    button_hover: rgb(0xE2, 0xD4, 0xBE), rgb(0x47, 0x3F, 0x37);
    /// A button's border under the pointer.
    button_hover_line: rgb(0xB8, 0xA4, 0x86), rgb(0x7A, 0x6C, 0x5C);
    /// A button being pressed.
    button_active: rgb(0xD6, 0xC3, 0xA6), rgb(0x55, 0x4A, 0x3F);
    /// Selected text and selected items.
    selection: rgb(0xE9, 0xC7, 0xB8), rgb(0x6A, 0x34, 0x2A);

    /// The board's wood, the light end of its grain gradient.
    wood_light: rgb(0xE8, 0xC9, 0x93), rgb(0xCF, 0xAC, 0x76);
    /// The dark end of the wood's gradient.
    wood_dark: rgb(0xD3, 0xA7, 0x67), rgb(0xB5, 0x88, 0x4E);
    /// The board's edge.
    wood_edge: rgb(0x9C, 0x6F, 0x3A), rgb(0x6A, 0x48, 0x24);
    /// The lines of the board.
    board_line: rgb(0x4E, 0x35, 0x1C), rgb(0x42, 0x2C, 0x16);
    /// The letters and numbers beside the board's lines.
    board_label: rgb(0x5E, 0x40, 0x22), rgb(0x4E, 0x33, 0x1A);

    /// The selected piece's ring.
    select: rgb(0xF0, 0xB4, 0x1E), rgb(0xF0, 0xB4, 0x1E);
    /// Legal destinations.
    destination: rgb(0x1F, 0x7A, 0x62), rgb(0x1F, 0x7A, 0x62);
    /// Pieces that may be removed (pull, capture).
    removable: rgb(0xD2, 0x32, 0x1E), rgb(0xD2, 0x32, 0x1E);
    /// Own pieces that may be given up (yield).
    yieldable: rgb(0xE0, 0x7B, 0x10), rgb(0xE0, 0x7B, 0x10);
    /// What explains an action on the board: the shape that captured, a pincer, a flank.
    explain: rgb(0xE2, 0x86, 0x12), rgb(0xE2, 0x86, 0x12);
    /// The keyboard's cursor on the board.
    focus: rgb(0x1E, 0x5F, 0xD0), rgb(0x1E, 0x5F, 0xD0);
    /// The last move's marker.
    last_move: rgb(0xD8, 0x3A, 0x2A), rgb(0xD8, 0x3A, 0x2A);
    /// A hint's arrows and rings on the board.
    hint_mark: rgb(0x2F, 0x63, 0xB8), rgb(0x2F, 0x63, 0xB8);
}

thread_local! {
    /// Whether the frame being drawn on this thread is dark.
    static DARK_FRAME: Cell<bool> = const { Cell::new(false) };
}

/// The palette of the frame being drawn.
pub fn current() -> &'static Palette {
    if DARK_FRAME.with(Cell::get) {
        &DARK
    } else {
        &LIGHT
    }
}

/// Notes the theme of the frame about to be drawn, as egui resolved it (the user's choice,
/// or the system's preference).
pub fn begin_frame(ctx: &egui::Context) {
    DARK_FRAME.with(|d| d.set(ctx.theme() == Theme::Dark));
}

/// Makes egui follow `choice`: always light, always dark, or the system's preference.
pub fn follow(ctx: &egui::Context, choice: ThemeChoice) {
    ctx.set_theme(match choice {
        ThemeChoice::System => egui::ThemePreference::System,
        ThemeChoice::Light => egui::ThemePreference::Light,
        ThemeChoice::Dark => egui::ThemePreference::Dark,
    });
    begin_frame(ctx);
}

/// The size of the body text, in points.
pub const BODY_SIZE: f32 = 14.5;
/// The size of small text, in points.
pub const SMALL_SIZE: f32 = 12.0;

/// The height, in points (CSS pixels on a web page), that a finger needs to hit a control.
pub const TOUCH_TARGET: f32 = 40.0;

/// Makes every control at least [`TOUCH_TARGET`] high and wide, with more room between
/// them, for a screen touched by fingers.
pub fn apply_touch(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.spacing.interact_size = egui::vec2(TOUCH_TARGET, TOUCH_TARGET);
        style.spacing.button_padding = egui::vec2(14.0, 10.0);
        style.spacing.item_spacing = egui::vec2(10.0, 8.0);
        style.spacing.icon_width = 22.0;
        style.spacing.icon_width_inner = 12.0;
    });
}

/// Sets the fonts' sizes and the colours of every widget, for both themes.
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
    });
    // Light unless the system is heard to prefer dark (egui's own fallback is dark).
    ctx.options_mut(|o| o.fallback_theme = Theme::Light);
    ctx.style_mut_of(Theme::Light, |style| style.visuals = visuals(Theme::Light));
    ctx.style_mut_of(Theme::Dark, |style| style.visuals = visuals(Theme::Dark));
}

fn visuals(theme: Theme) -> Visuals {
    let (mut v, p) = match theme {
        Theme::Light => (Visuals::light(), &LIGHT),
        Theme::Dark => (Visuals::dark(), &DARK),
    };
    v.override_text_color = Some(p.ink);
    v.panel_fill = p.paper;
    v.window_fill = p.card;
    v.extreme_bg_color = p.sunken;
    v.faint_bg_color = p.faint;
    v.window_stroke = Stroke::new(1.0, p.line);
    v.window_corner_radius = CornerRadius::same(10);
    v.menu_corner_radius = CornerRadius::same(8);
    v.hyperlink_color = p.accent_dark;
    v.selection.bg_fill = p.selection;
    v.selection.stroke = Stroke::new(1.0, p.accent_dark);
    let radius = CornerRadius::same(6);
    let w = &mut v.widgets;
    w.noninteractive.bg_stroke = Stroke::new(1.0, p.line);
    w.noninteractive.fg_stroke = Stroke::new(1.0, p.ink);
    w.inactive.weak_bg_fill = p.button;
    w.inactive.bg_fill = p.button;
    w.inactive.bg_stroke = Stroke::new(1.0, p.button_line);
    w.inactive.fg_stroke = Stroke::new(1.0, p.ink);
    w.inactive.corner_radius = radius;
    w.hovered.weak_bg_fill = p.button_hover;
    w.hovered.bg_fill = p.button_hover;
    w.hovered.bg_stroke = Stroke::new(1.0, p.button_hover_line);
    w.hovered.fg_stroke = Stroke::new(1.5, p.ink);
    w.hovered.corner_radius = radius;
    w.active.weak_bg_fill = p.button_active;
    w.active.bg_fill = p.button_active;
    w.active.bg_stroke = Stroke::new(1.0, p.accent_dark);
    w.active.fg_stroke = Stroke::new(1.5, p.ink);
    w.active.corner_radius = radius;
    w.open.weak_bg_fill = p.button_hover;
    w.open.corner_radius = radius;
    v
}

/// The filled style of a main call-to-action button.
pub fn primary_button<'a>(text: impl Into<egui::WidgetText>) -> egui::Button<'a> {
    let text: egui::WidgetText = text.into();
    egui::Button::new(text.color(Color32::WHITE).strong())
        .fill(accent())
        .stroke(Stroke::new(1.0, current().accent.gamma_multiply(0.8)))
        .corner_radius(CornerRadius::same(6))
}

/// A white card with a hairline border.
pub fn card_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(card())
        .stroke(Stroke::new(1.0, line()))
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
        .fill(card())
        .stroke(Stroke::new(1.0, line()))
        .corner_radius(CornerRadius::same(12))
        .inner_margin(egui::Margin::same(22))
        .shadow(egui::epaint::Shadow {
            offset: [0, 6],
            blur: 24,
            spread: 0,
            color: Color32::from_black_alpha(60),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contrast ratio of two colours, as the web's accessibility guidelines define it.
    fn contrast(a: Color32, b: Color32) -> f32 {
        let luminance = |c: Color32| {
            let [r, g, b, _] = egui::Rgba::from(c).to_array();
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (x, y) = (luminance(a) + 0.05, luminance(b) + 0.05);
        x.max(y) / x.min(y)
    }

    #[test]
    fn text_is_readable_on_every_background_in_both_themes() {
        for p in [LIGHT, DARK] {
            for background in [p.paper, p.card, p.panel, p.highlight, p.notice] {
                assert!(contrast(p.ink, background) >= 7.0, "{p:?}");
                assert!(contrast(p.muted, background) >= 3.5, "{p:?}");
                for colour in [p.accent_dark, p.warn, p.good, p.info] {
                    assert!(contrast(colour, background) >= 3.0, "{colour:?} in {p:?}");
                }
            }
            assert!(contrast(Color32::WHITE, p.accent) >= 4.5, "{p:?}");
        }
    }

    #[test]
    fn the_frame_is_drawn_in_the_theme_egui_chose() {
        let ctx = egui::Context::default();
        follow(&ctx, ThemeChoice::Dark);
        assert_eq!(paper(), DARK.paper);
        follow(&ctx, ThemeChoice::Light);
        assert_eq!(paper(), LIGHT.paper);
    }
}
