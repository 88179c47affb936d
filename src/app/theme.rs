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
use crate::rules::Side;

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
    /// A button's border at rest, and the ring of an empty radio button or checkbox (which
    /// must stand out from the dialog around it).
    button_line: rgb(0xD2, 0xC4, 0xAE), rgb(0x8C, 0x7D, 0x6B);
    /// A button under the pointer.
    button_hover: rgb(0xE2, 0xD4, 0xBE), rgb(0x47, 0x3F, 0x37);
    /// A button's border under the pointer.
    button_hover_line: rgb(0xB8, 0xA4, 0x86), rgb(0xA8, 0x9A, 0x86);
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
    /// The plain board (high contrast): its flat face, light in both themes so that both
    /// colours of pieces stand out on it.
    plain_board: rgb(0xFA, 0xFA, 0xF7), rgb(0xDC, 0xDB, 0xD6);
    /// The plain board's lines, letters and edge.
    plain_line: rgb(0x00, 0x00, 0x00), rgb(0x0A, 0x0A, 0x0A);
    /// The ring around the control that has the keyboard.
    focus_ring: rgb(0x1E, 0x5F, 0xD0), rgb(0x8C, 0xB8, 0xFF);

    /// The ring around a black piece drawn off the board (a player's plate, a piece beside
    /// text), so that it stands out from a dark background.
    black_edge: rgb(0x08, 0x08, 0x0A), rgb(0x9A, 0x90, 0x84);
    /// The same for a white piece, on a light background.
    white_edge: rgb(0x84, 0x7D, 0x72), rgb(0xA8, 0xA2, 0x96);

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
    /// How much larger than usual the frame being drawn on this thread sets its text.
    static TEXT_SCALE: Cell<f32> = const { Cell::new(1.0) };
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
    let body = ctx
        .global_style()
        .text_styles
        .get(&TextStyle::Body)
        .map_or(BODY_SIZE, |f| f.size);
    TEXT_SCALE.with(|s| s.set(body / BODY_SIZE));
}

/// A text size given in points at the usual text size, at the size the settings choose
/// (for text whose size is set by hand rather than by a text style).
pub fn text(points: f32) -> f32 {
    points * TEXT_SCALE.with(Cell::get)
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

/// The ring a piece drawn off the board gets in `palette`, so that it stands out from the
/// background around it (a black piece on a dark plate, a white one on a light card).
pub fn piece_edge(palette: &Palette, side: Side) -> Color32 {
    match side {
        Side::Black => palette.black_edge,
        Side::White => palette.white_edge,
    }
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
    TOUCH.with(|t| t.set(true));
    touch_sizes(ctx);
}

/// Whether the screen is touched by fingers ([`apply_touch`]).
pub fn is_touch() -> bool {
    TOUCH.with(Cell::get)
}

thread_local! {
    /// Whether the screen is touched by fingers ([`apply_touch`]): kept, so that a change of
    /// the text size keeps the controls large enough for one.
    static TOUCH: Cell<bool> = const { Cell::new(false) };
}

/// The controls' sizes for fingers, whatever the text size.
fn touch_sizes(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        let size = &mut style.spacing.interact_size;
        *size = egui::vec2(size.x.max(TOUCH_TARGET), size.y.max(TOUCH_TARGET));
        style.spacing.button_padding = egui::vec2(14.0, 10.0);
        style.spacing.item_spacing = egui::vec2(10.0, 8.0);
        style.spacing.icon_width = 22.0;
        style.spacing.icon_width_inner = 12.0;
    });
}

/// Sets the fonts' sizes (`text_scale` times the usual ones) and the colours of every
/// widget, for both themes.
pub fn apply(ctx: &egui::Context, text_scale: f32) {
    set_text_scale(ctx, text_scale);
    ctx.all_styles_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.window_margin = egui::Margin::same(14);
        // Scroll bars that show whenever there is more to see, not only once the pointer
        // comes near: what is below the fold must look reachable.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
    });
    // Light unless the system is heard to prefer dark (egui's own fallback is dark).
    ctx.options_mut(|o| o.fallback_theme = Theme::Light);
    ctx.style_mut_of(Theme::Light, |style| style.visuals = visuals(Theme::Light));
    ctx.style_mut_of(Theme::Dark, |style| style.visuals = visuals(Theme::Dark));
    begin_frame(ctx);
}

/// Sets the text `scale` times its usual size, in both themes, with the controls around it
/// (a button's height and padding, a check box) grown to match.
pub fn set_text_scale(ctx: &egui::Context, scale: f32) {
    let scale = scale.clamp(0.5, 2.0);
    ctx.all_styles_mut(|style| {
        let size = |points: f32| points * scale;
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(size(SMALL_SIZE), FontFamily::Proportional),
            ),
            (
                TextStyle::Body,
                FontId::new(size(BODY_SIZE), FontFamily::Proportional),
            ),
            (
                TextStyle::Button,
                FontId::new(size(BODY_SIZE), FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(size(22.0), FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(size(13.5), FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.button_padding = egui::vec2(10.0, 5.0) * scale.sqrt();
        style.spacing.interact_size.y = 26.0 * scale;
        style.spacing.icon_width = 14.0 * scale;
        style.spacing.icon_width_inner = 8.0 * scale;
    });
    if TOUCH.with(Cell::get) {
        touch_sizes(ctx);
    }
    begin_frame(ctx);
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

/// The frame of a dialog in a window `width` points wide: a card with a soft shadow and
/// generous margins, narrower on a phone.
pub fn dialog_frame(width: f32) -> egui::Frame {
    let margin = if width < 520.0 { 14 } else { 22 };
    egui::Frame::new()
        .fill(card())
        .stroke(Stroke::new(1.0, line()))
        .corner_radius(CornerRadius::same(12))
        .inner_margin(egui::Margin::same(margin))
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
    fn the_plain_board_and_the_focus_ring_stand_out_in_both_themes() {
        for p in [LIGHT, DARK] {
            // The plain board's lines against its face: as much contrast as there is.
            assert!(contrast(p.plain_line, p.plain_board) >= 12.0, "{p:?}");
            // Both colours of stones show on it: the white ones by their dark rim.
            assert!(contrast(Color32::from_rgb(0x22, 0x22, 0x26), p.plain_board) >= 10.0);
            // The focus ring against the window's background and a button's.
            for background in [p.paper, p.card, p.button] {
                assert!(contrast(p.focus_ring, background) >= 3.0, "{p:?}");
            }
        }
    }

    #[test]
    fn the_text_scale_grows_every_text_style_and_the_controls_with_it() {
        let ctx = egui::Context::default();
        apply(&ctx, 1.0);
        let body = |ctx: &egui::Context| ctx.global_style().text_styles[&TextStyle::Body].size;
        assert_eq!(body(&ctx), BODY_SIZE);
        assert_eq!(text(18.0), 18.0);
        set_text_scale(&ctx, 1.32);
        for theme in [Theme::Light, Theme::Dark] {
            let style = ctx.style_of(theme);
            assert!((style.text_styles[&TextStyle::Small].size - SMALL_SIZE * 1.32).abs() < 0.01);
            assert!((style.text_styles[&TextStyle::Button].size - BODY_SIZE * 1.32).abs() < 0.01);
            assert!(style.spacing.interact_size.y > 26.0 * 1.3);
        }
        assert!((text(18.0) - 18.0 * 1.32).abs() < 0.01);
        set_text_scale(&ctx, 1.0);
        assert_eq!(body(&ctx), BODY_SIZE);
    }

    #[test]
    fn pieces_and_controls_off_the_board_stand_out_from_their_backgrounds() {
        for (theme, p) in [("light", LIGHT), ("dark", DARK)] {
            for background in [p.paper, p.card, p.panel, p.highlight] {
                // A piece beside text or on a plate: its outer ring, as the icon draws it.
                for side in Side::BOTH {
                    let edge = piece_edge(&p, side);
                    let c = contrast(edge, background);
                    assert!(
                        c >= 3.0,
                        "{side:?}'s edge {c:.2} on {background:?}, {theme}"
                    );
                }
            }
        }
        // An empty radio button or checkbox in a dark dialog, panel or window.
        for background in [DARK.paper, DARK.card, DARK.panel] {
            let c = contrast(DARK.button_line, background);
            assert!(c >= 3.0, "a control's ring {c:.2} on {background:?}");
        }
        let c = contrast(DARK.button_line, DARK.button);
        assert!(c >= 3.0, "a control's ring {c:.2} around its fill");
        // And the tooltips of the dark theme are dark, their text readable.
        let ctx = egui::Context::default();
        apply(&ctx, 1.0);
        let dark = ctx.style_of(Theme::Dark);
        let popup = egui::Frame::popup(&dark);
        assert_eq!(popup.fill, DARK.card);
        assert!(contrast(dark.visuals.text_color(), popup.fill) >= 7.0);
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
