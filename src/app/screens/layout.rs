//! The frame shared by the screens that show a board (a game, a lesson): a side panel on the
//! right, and the board between the two players' plates in the room left, sized to fit.

use egui::{Rect, Vec2, pos2, vec2};

use crate::app::command::Command;
use crate::app::theme;
use crate::rules::Side;

/// Height of a player's plate above or below the board.
pub const PLATE_HEIGHT: f32 = 34.0;
/// The space between a plate and the board.
const GAP: f32 = 8.0;

/// A side panel of `width` on the right (drawn by `panel`), and the rest of the window for
/// the board (drawn by `board`), each on the app's colours.
pub fn with_side_panel(
    ui: &mut egui::Ui,
    id: &'static str,
    width: f32,
    out: &mut Vec<Command>,
    panel: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
    board: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
) {
    egui::Panel::right(id)
        .resizable(false)
        .exact_size(width)
        .frame(
            egui::Frame::new()
                .fill(theme::PANEL)
                .inner_margin(egui::Margin::symmetric(14, 12)),
        )
        .show(ui, |ui| panel(ui, out));
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(theme::PAPER)
                .inner_margin(egui::Margin::same(16)),
        )
        .show(ui, |ui| board(ui, out));
}

/// Where the board and the plates go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub top_plate: Rect,
    pub board: Rect,
    pub bottom_plate: Rect,
    /// The board's side.
    pub side: f32,
}

/// The largest board that fits in `full` with a plate above and below it and `below` more
/// room under them (the review controls), centred.
pub fn board_layout(full: Rect, below: f32) -> BoardLayout {
    let side = (full.height() - 2.0 * (PLATE_HEIGHT + GAP) - below)
        .min(full.width())
        .max(160.0);
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
        self.bottom_plate.bottom() + GAP
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
    fn the_board_and_plates_fit_and_do_not_overlap() {
        for (w, h, below) in [
            (500.0, 400.0, 0.0),
            (900.0, 1000.0, 80.0),
            (300.0, 900.0, 40.0),
        ] {
            let full = Rect::from_min_size(pos2(10.0, 20.0), vec2(w, h));
            let layout = board_layout(full, below);
            assert!(layout.side <= w && layout.side >= 160.0);
            assert!(layout.top_plate.bottom() < layout.board.top());
            assert!(layout.board.bottom() < layout.bottom_plate.top());
            assert!(
                layout.bottom_plate.bottom() + below <= full.bottom() + 0.01
                    || layout.side == 160.0
            );
            assert!((layout.board.center().x - full.center().x).abs() < 0.01);
        }
    }
}
