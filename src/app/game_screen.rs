//! The game screen: a bar with the game's name and the global buttons, the board between
//! the two players' name plates, the review controls, and the result when the game ends.
//! The side panel is in [`super::side_panel`].

use egui::{Align, Align2, Color32, Layout, RichText, Sense, Vec2, vec2};

use super::board::{self, board_ui};
use super::sanqi::SanqiApp;
use super::session::Session;
use super::settings::Opponent;
use super::text::{game_name, level_name, result_headline, result_reason, side_name};
use super::theme;
use crate::rules::{Decision, Side};

/// Height of a player's name plate above or below the board.
const PLATE_HEIGHT: f32 = 34.0;
/// Height of the review controls.
const REVIEW_BAR_HEIGHT: f32 = 40.0;

impl SanqiApp {
    /// Whether the board is drawn from White's side.
    pub(super) fn board_flipped(&self, s: &Session) -> bool {
        let white_below = s.human_side == Some(Side::White);
        white_below != self.settings.flip_board
    }

    /// Who plays a side, as the name plates say it: "You", "Computer · Hard", "Black".
    pub(super) fn player_label(&self, s: &Session, side: Side) -> String {
        let i18n = &self.i18n;
        match (s.setup.opponent, s.computer_level(side)) {
            (_, Some(level)) => {
                i18n.format("player.computer", &[("level", &level_name(i18n, level))])
            }
            (Opponent::Computer { .. }, None) => i18n.t("player.you").to_string(),
            _ => side_name(i18n, side).to_string(),
        }
    }

    fn top_bar_ui(&mut self, ui: &mut egui::Ui) {
        let Some(game) = self.session.as_ref().map(|s| s.setup.game) else {
            return;
        };
        egui::Panel::top("game_bar")
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(12, 8)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui
                        .button(self.i18n.t("game.home"))
                        .on_hover_text(self.i18n.t("game.home_hint"))
                        .clicked()
                    {
                        self.go_home();
                    }
                    ui.add_space(6.0);
                    ui.label(
                        RichText::new(game_name(&self.i18n, game))
                            .size(18.0)
                            .strong()
                            .color(theme::INK),
                    );
                    if self.i18n.language() != super::i18n::Language::Chinese {
                        ui.label(
                            RichText::new(game_name(&self.chinese, game))
                                .size(15.0)
                                .color(theme::ACCENT_DARK),
                        );
                    }
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button(self.i18n.t("game.settings")).clicked() {
                            self.dialogs.settings = !self.dialogs.settings;
                        }
                        if ui.button(self.i18n.t("game.records")).clicked() {
                            self.open_records_dialog();
                        }
                        if ui
                            .button(self.i18n.t("game.rules"))
                            .on_hover_text("F1")
                            .clicked()
                        {
                            self.dialogs.open_rules(game);
                        }
                        if ui
                            .button(self.i18n.t("game.new_game"))
                            .on_hover_text(self.i18n.t("shortcut.new_game"))
                            .clicked()
                        {
                            self.dialogs.open_new_game(&self.settings, Some(game));
                        }
                    });
                });
            });
    }

    /// A player's plate: a piece, who plays it, what is in hand, and whether it is their turn.
    fn plate_ui(&self, ui: &mut egui::Ui, s: &Session, side: Side, rect: egui::Rect) {
        let state = s.shown_state();
        let active = s.review.is_none() && s.to_act() == Some(side);
        let painter = ui.painter_at(rect.expand(4.0));
        let fill = if active {
            Color32::from_rgb(0xFF, 0xF4, 0xDF)
        } else {
            theme::CARD
        };
        let stroke = if active {
            egui::Stroke::new(1.5, theme::SELECT)
        } else {
            egui::Stroke::new(1.0, theme::LINE)
        };
        painter.rect(
            rect,
            egui::CornerRadius::same(8),
            fill,
            stroke,
            egui::StrokeKind::Inside,
        );
        let r = rect.height() * 0.3;
        let stone_center = egui::pos2(rect.left() + 10.0 + r, rect.center().y);
        board::paint_stone(&painter, stone_center, Vec2::splat(r), side, 1.0);
        let player = self.player_label(s, side);
        let side_text = side_name(&self.i18n, side);
        let name = if player == side_text {
            player
        } else {
            format!("{side_text} · {player}")
        };
        painter.text(
            egui::pos2(stone_center.x + r + 10.0, rect.center().y),
            Align2::LEFT_CENTER,
            name,
            egui::FontId::proportional(15.0),
            theme::INK,
        );
        let counts = state.counts();
        let hands = state.hands();
        let info = self.i18n.format(
            "plate.counts",
            &[
                ("board", &counts[side.index()]),
                ("hand", &hands[side.index()]),
            ],
        );
        let mut right = rect.right() - 12.0;
        if active {
            let badge = if s.paused {
                self.i18n.t("plate.paused").to_string()
            } else {
                self.i18n.t("plate.to_play").to_string()
            };
            let galley =
                painter.layout_no_wrap(badge, egui::FontId::proportional(13.0), Color32::WHITE);
            let badge_rect = egui::Rect::from_min_size(
                egui::pos2(right - galley.size().x - 14.0, rect.center().y - 10.0),
                vec2(galley.size().x + 14.0, 20.0),
            );
            painter.rect_filled(badge_rect, egui::CornerRadius::same(10), theme::ACCENT);
            painter.galley(
                badge_rect.center() - galley.size() / 2.0,
                galley,
                Color32::WHITE,
            );
            right = badge_rect.left() - 10.0;
        }
        painter.text(
            egui::pos2(right, rect.center().y),
            Align2::RIGHT_CENTER,
            info,
            egui::FontId::proportional(13.0),
            theme::MUTED,
        );
    }

    /// One row of the review controls: the steps through the game (`row` 0) or what to do
    /// from here (`row` 1); `both` puts everything on one row.
    fn review_bar_ui(&mut self, ui: &mut egui::Ui, row: u8, both: bool) {
        let Some(s) = &self.session else {
            return;
        };
        let Some(n) = s.review else {
            return;
        };
        let len = s.game.len();
        let from_record = s.from_record;
        let i18n = &self.i18n;
        let mut target = None;
        let mut continue_here = false;
        let mut exit = false;
        if row == 0 || both {
            if ui
                .add_enabled(n > 0, egui::Button::new(i18n.t("review.first")))
                .on_hover_text("Home")
                .clicked()
            {
                target = Some(0);
            }
            if ui
                .add_enabled(n > 0, egui::Button::new(i18n.t("review.previous")))
                .on_hover_text("←")
                .clicked()
            {
                target = Some(n.saturating_sub(1));
            }
            ui.label(
                RichText::new(i18n.format("review.position", &[("n", &n), ("total", &len)]))
                    .strong(),
            );
            if ui
                .add_enabled(n < len, egui::Button::new(i18n.t("review.next")))
                .on_hover_text("→")
                .clicked()
            {
                target = Some(n + 1);
            }
            if ui
                .add_enabled(n < len, egui::Button::new(i18n.t("review.last")))
                .on_hover_text("End")
                .clicked()
            {
                target = Some(len);
            }
        }
        if both {
            ui.add_space(10.0);
        }
        if row == 1 || both {
            if ui
                .add(theme::primary_button(i18n.t("review.continue_here")))
                .on_hover_text(i18n.t("review.continue_hint"))
                .clicked()
            {
                continue_here = true;
            }
            if !from_record && ui.button(i18n.t("review.exit")).clicked() {
                exit = true;
            }
        }
        if let Some(t) = target {
            self.review_to(t);
        }
        if continue_here {
            self.continue_from_review();
        }
        if exit && let Some(s) = &mut self.session {
            s.review = None;
        }
    }

    /// The review controls centred in `rect`, on one row or, when narrow, on two.
    fn review_controls_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect) {
        let both = rect.width() >= 680.0;
        let rows: &[u8] = if both { &[0] } else { &[0, 1] };
        let row_height = rect.height() / rows.len() as f32;
        for (i, &row) in rows.iter().enumerate() {
            let row_rect = egui::Rect::from_min_size(
                egui::pos2(rect.left(), rect.top() + i as f32 * row_height),
                vec2(rect.width(), row_height),
            );
            let mut row_ui = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(row_rect)
                    .layout(Layout::left_to_right(Align::Center)),
            );
            // Centre the row: pad by half the room its widgets left last frame.
            let key = egui::Id::unique(("review_row_width", row, both));
            let width = row_ui.ctx().data(|d| d.get_temp::<f32>(key));
            if let Some(w) = width {
                row_ui.add_space(((row_rect.width() - w) / 2.0).max(0.0));
            }
            let start = row_ui.cursor().left();
            self.review_bar_ui(&mut row_ui, row, both);
            let used = row_ui.min_rect().right() - start;
            row_ui.ctx().data_mut(|d| d.insert_temp(key, used));
        }
    }

    fn board_area_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = &self.session else {
            return;
        };
        let reviewing = s.review.is_some();
        let full = ui.available_rect_before_wrap();
        let bar = match (reviewing, full.width() >= 680.0) {
            (false, _) => 0.0,
            (true, true) => REVIEW_BAR_HEIGHT,
            (true, false) => 2.0 * REVIEW_BAR_HEIGHT,
        };
        let gap = 8.0;
        let board_side = (full.height() - 2.0 * (PLATE_HEIGHT + gap) - bar)
            .min(full.width())
            .max(160.0);
        let left = full.center().x - board_side / 2.0;
        let top = full.top()
            + ((full.height() - bar - board_side - 2.0 * (PLATE_HEIGHT + gap)) / 2.0).max(0.0);
        let top_plate =
            egui::Rect::from_min_size(egui::pos2(left, top), vec2(board_side, PLATE_HEIGHT));
        let board_rect = egui::Rect::from_min_size(
            egui::pos2(left, top_plate.bottom() + gap),
            Vec2::splat(board_side),
        );
        let bottom_plate = egui::Rect::from_min_size(
            egui::pos2(left, board_rect.bottom() + gap),
            vec2(board_side, PLATE_HEIGHT),
        );
        let flipped = self.board_flipped(s);
        let (top_side, bottom_side) = if flipped {
            (Side::Black, Side::White)
        } else {
            (Side::White, Side::Black)
        };
        self.plate_ui(ui, s, top_side, top_plate);
        self.plate_ui(ui, s, bottom_side, bottom_plate);
        let now = ui.input(|i| i.time);
        let mut scene = s.scene(now, flipped, self.settings.show_coordinates);
        let enabled = s.human_to_act();
        let preview = match (enabled, s.game.state().decision()) {
            (true, Some(Decision::Place)) => s.to_act(),
            _ => None,
        };
        let mut board_ui_area = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(board_rect)
                .layout(Layout::top_down(Align::Min)),
        );
        let input = board_ui(&mut board_ui_area, &mut scene, board_side, enabled, preview);
        if reviewing {
            let bar_rect = egui::Rect::from_min_size(
                egui::pos2(full.left(), bottom_plate.bottom() + gap),
                vec2(full.width(), bar),
            );
            self.review_controls_ui(ui, bar_rect);
        }
        ui.allocate_rect(full, Sense::hover());
        if let Some(p) = input.clicked {
            self.click_point(p);
        }
    }

    fn result_ui(&mut self, ctx: &egui::Context) {
        let Some(s) = &self.session else {
            return;
        };
        if !s.is_over() || s.result_dismissed || s.review.is_some() || s.from_record {
            return;
        }
        if !s.animations.is_empty() {
            // Let the last capture play out before covering the board.
            return;
        }
        let i18n = &self.i18n;
        let headline = result_headline(i18n, s.status(), s.resigned, s.human_side);
        let reason = result_reason(i18n, s.status(), s.resigned);
        let won = s.human_side.is_some() && s.winner() == s.human_side;
        let mut action = None;
        let modal = egui::Modal::new(egui::Id::unique("result"))
            .frame(theme::dialog_frame())
            .show(ctx, |ui| {
                ui.set_width(380.0);
                ui.vertical_centered(|ui| {
                    ui.add_space(4.0);
                    ui.label(
                        RichText::new(i18n.t("result.game_over"))
                            .small()
                            .color(theme::MUTED),
                    );
                    ui.label(RichText::new(&headline).size(26.0).strong().color(if won {
                        theme::GOOD
                    } else {
                        theme::INK
                    }));
                    ui.label(RichText::new(&reason).size(16.0).color(theme::INK));
                    ui.add_space(14.0);
                    ui.horizontal(|ui| {
                        if ui
                            .add(theme::primary_button(i18n.t("result.rematch")))
                            .clicked()
                        {
                            action = Some(0);
                        }
                        if ui.button(i18n.t("result.review")).clicked() {
                            action = Some(1);
                        }
                        if ui.button(i18n.t("result.new_game")).clicked() {
                            action = Some(2);
                        }
                        if ui.button(i18n.t("result.close")).clicked() {
                            action = Some(3);
                        }
                    });
                });
            });
        if modal.should_close() && action.is_none() {
            action = Some(3);
        }
        match action {
            Some(0) => self.rematch(),
            Some(1) => {
                if let Some(s) = &mut self.session {
                    s.result_dismissed = true;
                }
                self.review();
            }
            Some(2) => {
                if let Some(s) = &mut self.session {
                    s.result_dismissed = true;
                }
                let game = self.session.as_ref().map(|s| s.setup.game);
                self.dialogs.open_new_game(&self.settings, game);
            }
            Some(_) => {
                if let Some(s) = &mut self.session {
                    s.result_dismissed = true;
                }
            }
            None => {}
        }
    }

    /// The game screen.
    pub(super) fn game_ui(&mut self, ui: &mut egui::Ui) {
        if self.session.is_none() {
            self.screen = super::sanqi::Screen::Home;
            return;
        }
        self.top_bar_ui(ui);
        egui::Panel::right("side_panel")
            .resizable(false)
            .exact_size(side_panel_width(ui.available_width()))
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(14, 12)),
            )
            .show(ui, |ui| self.side_panel_ui(ui));
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .inner_margin(egui::Margin::same(16)),
            )
            .show(ui, |ui| self.board_area_ui(ui));
        let ctx = ui.ctx().clone();
        self.result_ui(&ctx);
    }
}

/// The side panel's width for a window of this width.
fn side_panel_width(window: f32) -> f32 {
    (window * 0.3).clamp(270.0, 340.0)
}
