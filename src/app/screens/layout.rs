//! The frame shared by the screens that show a board (a game, a lesson): a side panel on the
//! right that grows with the window (its width and its text), and the board between the two
//! players' plates in the room left, sized to fit. On a screen held upright and narrower than
//! the smallest desktop window (a phone), the panel goes below the board instead, which then
//! takes the whole width ([`Arrangement`]).

use egui::{Rect, Vec2, pos2, vec2};

use crate::app::command::Command;
use crate::app::theme;
use crate::rules::Side;

/// Height of a player's plate above or below the board.
pub const PLATE_HEIGHT: f32 = 34.0;
/// The space between a plate and the board.
const GAP: f32 = 8.0;

/// The narrowest side panel, in the smallest window (760 points wide).
pub const MIN_PANEL_WIDTH: f32 = 270.0;
/// The side panel's width at which its text is drawn at the sizes of the rest of the app.
const PANEL_BASE_WIDTH: f32 = 300.0;
/// How much larger than elsewhere the panel's text grows in a large window.
const MAX_PANEL_SCALE: f32 = 1.3;

/// Narrower than this, a window taller than wide has its panel below the board.
pub const NARROW: f32 = 620.0;

/// Where a board screen puts its panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// On the right of the board.
    Beside,
    /// Under the board, which takes the window's width (a phone held upright).
    Below,
}

/// The arrangement for a window of `size` points.
pub fn arrangement(size: Vec2) -> Arrangement {
    if size.x < NARROW && size.y > size.x {
        Arrangement::Below
    } else {
        Arrangement::Beside
    }
}

/// The margin around the board in a window arranged [`Arrangement::Below`].
const BELOW_MARGIN: f32 = 8.0;

/// The height of a panel below the board in a window of `size`: what a board as wide as the
/// window, with its plates, leaves, and at least 30% of the height.
pub fn panel_height_below(size: Vec2) -> f32 {
    let board = size.x + 2.0 * (PLATE_HEIGHT + GAP);
    (size.y - board).max(size.y * 0.3)
}

/// The side panel's width for a window `window` points wide: `share` of it, at least `min`
/// and at most `max`, the share and the least grown with the text's size (larger text needs
/// a wider panel). The board, limited by the window's height in a wide window, keeps the
/// rest.
pub fn panel_width(window: f32, share: f32, min: f32, max: f32) -> f32 {
    let grow = theme::text(1.0);
    (window * share * grow).clamp(min * grow, max.max(min * grow))
}

/// How much larger than in the rest of the app the text of a side panel `width` points wide
/// is drawn: 1 in a small window, growing with the panel up to [`MAX_PANEL_SCALE`].
pub fn panel_scale(width: f32) -> f32 {
    (width / PANEL_BASE_WIDTH).clamp(1.0, MAX_PANEL_SCALE)
}

/// Scales the text styles and the widgets' sizes of `ui` by `scale`.
fn scale_style(ui: &mut egui::Ui, scale: f32) {
    let style = ui.style_mut();
    for font in style.text_styles.values_mut() {
        font.size *= scale;
    }
    style.spacing.interact_size *= scale;
    style.spacing.button_padding *= scale;
    style.spacing.item_spacing *= scale;
    style.spacing.icon_width *= scale;
    style.spacing.icon_width_inner *= scale;
}

/// `points`, a text size chosen for the app's body text, in the body text's size of `ui` (so
/// that it grows with a side panel's text).
pub fn text_size(ui: &egui::Ui, points: f32) -> f32 {
    let body = ui
        .style()
        .text_styles
        .get(&egui::TextStyle::Body)
        .map_or(theme::BODY_SIZE, |f| f.size);
    points * body / theme::BODY_SIZE
}

/// A side panel of `width` on the right (drawn by `panel`, its text scaled with its width),
/// and the rest of the window for the board (drawn by `board`), each on the app's colours.
pub fn with_side_panel(
    ui: &mut egui::Ui,
    id: &'static str,
    width: f32,
    out: &mut Vec<Command>,
    panel: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
    board: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
) {
    let size = ui.available_size();
    if arrangement(size) == Arrangement::Below {
        egui::Panel::bottom(id)
            .resizable(false)
            .exact_size(panel_height_below(size))
            .frame(
                egui::Frame::new()
                    .fill(theme::panel())
                    .inner_margin(egui::Margin::symmetric(12, 8)),
            )
            .show(ui, |ui| {
                crate::app::widgets::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| panel(ui, out));
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::paper())
                    .inner_margin(egui::Margin::same(BELOW_MARGIN as i8)),
            )
            .show(ui, |ui| board(ui, out));
        return;
    }
    egui::Panel::right(id)
        .resizable(false)
        .exact_size(width)
        .frame(
            egui::Frame::new()
                .fill(theme::panel())
                .inner_margin(egui::Margin::symmetric(14, 12)),
        )
        .show(ui, |ui| {
            // The text grows with the panel, beyond what the text's size grew it.
            scale_style(ui, panel_scale(width / theme::text(1.0)));
            if size.y < SHORT_WINDOW * theme::text(1.0) {
                // A phone held sideways, or large text in a small window: all of the panel
                // within reach of a swipe or the wheel.
                crate::app::widgets::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| panel(ui, out));
            } else {
                panel(ui, out);
            }
        });
    let margin = if size.y < SHORT_WINDOW { 8 } else { 16 };
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(theme::paper())
                .inner_margin(egui::Margin::same(margin)),
        )
        .show(ui, |ui| board(ui, out));
}

/// Lower than this (a phone held sideways), a board screen's side panel scrolls as a whole
/// and the board's margins narrow.
pub const SHORT_WINDOW: f32 = 480.0;

/// Where the board and the plates go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub top_plate: Rect,
    pub board: Rect,
    pub bottom_plate: Rect,
    /// The board's side.
    pub side: f32,
}

/// Below this side, a board with its plates above and below it is small (a phone held
/// sideways): the plates go beside it if that makes it larger.
const SHORT_BOARD: f32 = 320.0;
/// The narrowest and widest column of plates beside the board.
const SIDE_PLATES: [f32; 2] = [96.0, 200.0];
/// The height of a plate beside the board, where its name and counts wrap.
pub const SIDE_PLATE_HEIGHT: f32 = 112.0;

/// The largest board that fits in `full` with `below` more room under it (the review
/// controls), centred: with a plate above and below it, or, where that leaves the board
/// small and a column of plates on its left makes it larger (a phone held sideways), with
/// the plates at the top and the bottom of that column.
pub fn board_layout(full: Rect, below: f32) -> BoardLayout {
    let stacked = (full.height() - 2.0 * (PLATE_HEIGHT + GAP) - below).min(full.width());
    let column = (full.width() - full.height()).clamp(SIDE_PLATES[0], SIDE_PLATES[1]);
    let beside = (full.height() - below).min(full.width() - column - GAP);
    if stacked < SHORT_BOARD && beside > stacked + 16.0 {
        let side = beside;
        let left = full.center().x - (column + GAP + side) / 2.0;
        let top = full.top() + ((full.height() - below - side) / 2.0).max(0.0);
        let board = Rect::from_min_size(pos2(left + column + GAP, top), Vec2::splat(side));
        let plate = vec2(column, SIDE_PLATE_HEIGHT.min((side - GAP) / 2.0));
        return BoardLayout {
            top_plate: Rect::from_min_size(pos2(left, top), plate),
            board,
            bottom_plate: Rect::from_min_size(pos2(left, board.bottom() - plate.y), plate),
            side,
        };
    }
    let side = stacked.max(160.0);
    let left = full.center().x - side / 2.0;
    let top =
        full.top() + ((full.height() - below - side - 2.0 * (PLATE_HEIGHT + GAP)) / 2.0).max(0.0);
    let top_plate = Rect::from_min_size(pos2(left, top), vec2(side, PLATE_HEIGHT));
    let board = Rect::from_min_size(pos2(left, top_plate.bottom() + GAP), Vec2::splat(side));
    let bottom_plate =
        Rect::from_min_size(pos2(left, board.bottom() + GAP), vec2(side, PLATE_HEIGHT));
    BoardLayout {
        top_plate,
        board,
        bottom_plate,
        side,
    }
}

impl BoardLayout {
    /// The bottom of what the layout takes, plus the gap before anything under it.
    pub fn bottom(&self) -> f32 {
        self.bottom_plate.bottom().max(self.board.bottom()) + GAP
    }
}

/// The sides whose plates go above and below the board.
pub fn plate_sides(flipped: bool) -> (Side, Side) {
    if flipped {
        (Side::Black, Side::White)
    } else {
        (Side::White, Side::Black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_and_its_text_grow_with_the_window() {
        let game = |window| panel_width(window, 0.32, MIN_PANEL_WIDTH, 760.0);
        assert_eq!(game(760.0), MIN_PANEL_WIDTH);
        assert_eq!(panel_scale(game(760.0)), 1.0);
        // At 1920 points the panel has about a third of the width, and its smallest text
        // (12 points elsewhere) is at least 13.
        let wide = game(1920.0);
        assert!(wide > 560.0 && wide < 700.0, "{wide}");
        assert!(12.0 * panel_scale(wide) >= 13.0);
        // Never more than the limits.
        assert_eq!(game(5000.0), 760.0);
        assert_eq!(panel_scale(game(5000.0)), MAX_PANEL_SCALE);
        let mut last = 0.0;
        for window in (760..=2560).step_by(40) {
            let width = game(window as f32);
            assert!(width >= last);
            last = width;
        }
    }

    /// A phone held upright puts the panel under a board as wide as the screen; held
    /// sideways, and any desktop window, beside it.
    #[test]
    fn a_phone_upright_has_its_panel_below() {
        for (w, h) in [(360.0, 740.0), (390.0, 844.0)] {
            let size = vec2(w, h);
            assert_eq!(arrangement(size), Arrangement::Below);
            let panel = panel_height_below(size);
            let room = Rect::from_min_size(pos2(0.0, 0.0), vec2(w, h - panel)).shrink(BELOW_MARGIN);
            let layout = board_layout(room, 0.0);
            assert!(
                layout.side >= w - 2.0 * BELOW_MARGIN - 1.0,
                "{w}×{h}: {}",
                layout.side
            );
            assert!(panel >= h / 3.0, "{w}×{h}: {panel}");
        }
        for (w, h) in [
            (844.0, 390.0),
            (760.0, 560.0),
            (1920.0, 1080.0),
            (500.0, 400.0),
        ] {
            assert_eq!(arrangement(vec2(w, h)), Arrangement::Beside, "{w}×{h}");
        }
    }

    #[test]
    fn the_board_and_plates_fit_and_do_not_overlap() {
        for (w, h, below) in [
            (500.0, 400.0, 0.0),
            (900.0, 1000.0, 80.0),
            (300.0, 900.0, 40.0),
            (542.0, 302.0, 0.0),
            (338.0, 272.0, 0.0),
            (458.0, 472.0, 0.0),
        ] {
            let full = Rect::from_min_size(pos2(10.0, 20.0), vec2(w, h));
            let layout = board_layout(full, below);
            let at = format!("{w}×{h}");
            assert!(layout.side <= w && layout.side >= 160.0, "{at}");
            for plate in [layout.top_plate, layout.bottom_plate] {
                assert!(!plate.intersects(layout.board), "{at}");
                assert!(full.expand(0.01).contains_rect(plate), "{at}");
            }
            assert!(
                layout.top_plate.bottom() < layout.bottom_plate.top(),
                "{at}"
            );
            assert!(
                layout.bottom() - 8.0 + below <= full.bottom() + 0.01 || layout.side == 160.0,
                "{at}"
            );
            let group = layout.board.union(layout.top_plate);
            assert!((group.center().x - full.center().x).abs() < 0.01, "{at}");
        }
    }

    /// Held sideways, a phone's board has points of at least 40 points with the plates
    /// beside it, where above and below it they would be smaller; a desktop window keeps
    /// them above and below.
    #[test]
    fn held_sideways_the_plates_go_beside_the_board() {
        // The room a game screen leaves the board at 844×390 and 640×360.
        for (w, h) in [(542.0, 302.0), (338.0, 272.0)] {
            let layout = board_layout(Rect::from_min_size(pos2(0.0, 0.0), vec2(w, h)), 0.0);
            assert!(layout.top_plate.right() <= layout.board.left(), "{w}×{h}");
            assert!(layout.side / 5.0 >= 40.0, "{w}×{h}: {}", layout.side);
        }
        // The smallest desktop window's room.
        let layout = board_layout(Rect::from_min_size(pos2(0.0, 0.0), vec2(458.0, 472.0)), 0.0);
        assert!(layout.top_plate.bottom() <= layout.board.top());
    }
}
