//! The game screen's side panel: whose turn it is and what they must do, the turn clock, the
//! pieces on the board and in hand, the game's buttons (undo, redo, hint, pause, resign),
//! the computer's level, and the move list.

use egui::{Align, Color32, Layout, RichText, Vec2};

use super::board;
use super::dialogs::Confirm;
use super::sanqi::SanqiApp;
use super::session::{Note, Session};
use super::settings::Opponent;
use super::text::{
    action_text, illegal, instruction, level_name, result_headline, result_reason, side_name,
    timeout_note,
};
use super::theme;
use crate::ai::Level;
use crate::rules::Side;

/// A small painted piece inline with text.
fn stone_icon(ui: &mut egui::Ui, side: Side, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), egui::Sense::hover());
    board::paint_stone(
        ui.painter(),
        rect.center(),
        Vec2::splat(size * 0.42),
        side,
        1.0,
    );
}

fn section(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::new()
        .fill(theme::CARD)
        .stroke(egui::Stroke::new(1.0, theme::LINE))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}

/// `m:ss`.
fn clock_text(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

impl SanqiApp {
    /// The text of a note in the interface language.
    pub(super) fn note_text(&self, note: &Note) -> String {
        match note {
            Note::Illegal(e) => illegal(&self.i18n, *e),
            Note::Message(key) => self.i18n.t(key).to_string(),
            Note::Timeout(report) => timeout_note(&self.i18n, report),
            Note::ComputerFailed(why) => {
                self.i18n.format("msg.computer_failed", &[("reason", why)])
            }
        }
    }

    fn status_ui(&self, ui: &mut egui::Ui, s: &Session) {
        let i18n = &self.i18n;
        section(ui, |ui| {
            if s.is_over() {
                ui.label(
                    RichText::new(i18n.t("result.game_over"))
                        .small()
                        .color(theme::MUTED),
                );
                ui.label(
                    RichText::new(result_headline(i18n, s.status(), s.resigned, s.human_side))
                        .size(20.0)
                        .strong(),
                );
                ui.add(
                    egui::Label::new(RichText::new(result_reason(i18n, s.status(), s.resigned)))
                        .wrap(),
                );
                return;
            }
            let state = s.shown_state();
            let Some(side) = state.to_act() else {
                return;
            };
            if s.review.is_some() {
                ui.label(
                    RichText::new(i18n.t("panel.reviewing"))
                        .strong()
                        .color(theme::INFO),
                );
            }
            ui.horizontal(|ui| {
                stone_icon(ui, side, 22.0);
                let key = if s.computer_level(side).is_some() {
                    "panel.turn_of_computer"
                } else {
                    "panel.turn_of"
                };
                let who = i18n.format(key, &[("side", &side_name(i18n, side))]);
                ui.label(RichText::new(who).size(17.0).strong());
            });
            ui.add(
                egui::Label::new(
                    RichText::new(instruction(i18n, state))
                        .size(15.0)
                        .color(theme::ACCENT_DARK),
                )
                .wrap(),
            );
            if s.review.is_none() && s.computer_busy() {
                ui.horizontal(|ui| {
                    if !s.paused {
                        ui.add(egui::Spinner::new().size(14.0));
                    }
                    ui.label(
                        RichText::new(i18n.t("panel.thinking"))
                            .italics()
                            .color(theme::MUTED),
                    );
                });
            }
            if s.paused {
                ui.label(
                    RichText::new(i18n.t("panel.paused"))
                        .strong()
                        .color(theme::INFO),
                );
            }
        });
        if let Some(note) = &s.note
            && s.review.is_none()
        {
            let color = if note.is_warning() {
                theme::WARN
            } else {
                theme::INFO
            };
            egui::Frame::new()
                .fill(color.gamma_multiply(0.1))
                .stroke(egui::Stroke::new(1.0, color.gamma_multiply(0.5)))
                .corner_radius(egui::CornerRadius::same(6))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.add(
                        egui::Label::new(RichText::new(self.note_text(note)).color(color)).wrap(),
                    );
                });
        }
    }

    fn clock_ui(&self, ui: &mut egui::Ui, s: &Session) {
        if s.is_over() || s.review.is_some() {
            return;
        }
        let i18n = &self.i18n;
        section(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(i18n.t("panel.clock")).color(theme::MUTED));
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    match s.clock.shown_seconds() {
                        Some(secs) => {
                            let warning = secs <= 10;
                            let color = if warning { theme::WARN } else { theme::INK };
                            let text = RichText::new(clock_text(secs))
                                .size(26.0)
                                .strong()
                                .monospace()
                                .color(color);
                            ui.label(text);
                            if warning && !s.paused {
                                ui.label(
                                    RichText::new(i18n.t("panel.hurry"))
                                        .strong()
                                        .color(theme::WARN),
                                );
                            }
                        }
                        _ => {
                            ui.label(RichText::new(i18n.t("panel.clock_off")).color(theme::MUTED));
                        }
                    }
                });
            });
            if let Some(budget) = s.clock.budget() {
                let secs = s.clock.shown_seconds().unwrap_or(0);
                let color = if secs <= 10 {
                    theme::WARN
                } else {
                    Color32::from_rgb(0x8C, 0x6B, 0x3F)
                };
                let (rect, _) = ui.allocate_exact_size(
                    Vec2::new(ui.available_width(), 6.0),
                    egui::Sense::hover(),
                );
                ui.painter()
                    .rect_filled(rect, egui::CornerRadius::same(3), theme::LINE);
                let mut filled = rect;
                // Whole seconds, so that the bar moves with the numbers.
                let shown = secs as f32 / budget.as_secs_f32().max(1.0);
                filled.set_width(rect.width() * shown.clamp(0.0, 1.0));
                ui.painter()
                    .rect_filled(filled, egui::CornerRadius::same(3), color);
            }
        });
    }

    fn pieces_ui(&self, ui: &mut egui::Ui, s: &Session) {
        let i18n = &self.i18n;
        let state = s.shown_state();
        let counts = state.counts();
        let hands = state.hands();
        section(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 4.0;
            for side in Side::BOTH {
                ui.horizontal(|ui| {
                    stone_icon(ui, side, 16.0);
                    ui.label(RichText::new(side_name(i18n, side)).strong())
                        .on_hover_text(self.player_label(s, side));
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        ui.label(
                            RichText::new(i18n.format(
                                "panel.pieces",
                                &[
                                    ("board", &counts[side.index()]),
                                    ("hand", &hands[side.index()]),
                                ],
                            ))
                            .color(theme::MUTED),
                        );
                    });
                });
            }
        });
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = &self.session else {
            return;
        };
        let i18n = &self.i18n;
        let over = s.is_over();
        let can_undo = s.can_undo();
        let can_redo = s.can_redo();
        let can_hint = s.human_to_act() && s.pending.is_none();
        let can_pause = !over && s.review.is_none();
        let paused = s.paused;
        let can_resign = self.resigning_side().is_some();
        let mut clicked = None;
        let columns = 3.0;
        let width = (ui.available_width() - 8.0 * (columns - 1.0)) / columns;
        let size = Vec2::new(width, 28.0);
        let mut button = |ui: &mut egui::Ui, enabled: bool, key: &str, shortcut: &str, id: u8| {
            let response = ui
                .add_enabled(enabled, egui::Button::new(i18n.t(key)).min_size(size))
                .on_hover_text(i18n.t(shortcut));
            if response.clicked() {
                clicked = Some(id);
            }
        };
        ui.horizontal(|ui| {
            button(ui, can_undo, "panel.undo", "shortcut.undo", 0);
            button(ui, can_redo, "panel.redo", "shortcut.redo", 1);
            button(ui, can_hint, "panel.hint", "shortcut.hint", 2);
        });
        ui.horizontal(|ui| {
            let pause_key = if paused {
                "panel.resume"
            } else {
                "panel.pause"
            };
            button(ui, can_pause, pause_key, "shortcut.pause", 3);
            if !over {
                button(ui, can_resign, "panel.resign", "panel.resign_hint", 4);
            }
        });
        match clicked {
            Some(0) => self.undo(),
            Some(1) => self.redo(),
            Some(2) => self.hint(),
            Some(3) => self.toggle_pause(),
            Some(4) => self.dialogs.confirm = Some(Confirm::Resign),
            _ => {}
        }
    }

    fn over_controls_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = &self.session else {
            return;
        };
        if !s.is_over() || s.from_record || !(s.result_dismissed || s.review.is_some()) {
            return;
        }
        let reviewing = s.review.is_some();
        let mut action = None;
        ui.horizontal_wrapped(|ui| {
            if ui
                .add(theme::primary_button(self.i18n.t("result.rematch")))
                .clicked()
            {
                action = Some(0);
            }
            if !reviewing && ui.button(self.i18n.t("result.review")).clicked() {
                action = Some(1);
            }
        });
        match action {
            Some(0) => self.rematch(),
            Some(1) => self.review(),
            _ => {}
        }
    }

    fn level_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = &self.session else {
            return;
        };
        if s.is_over() || s.from_record {
            return;
        }
        let i18n = &self.i18n;
        let mut change: Option<(Option<Side>, Level)> = None;
        match s.setup.opponent {
            Opponent::Computer { level, .. } => {
                ui.horizontal(|ui| {
                    let label = ui.label(i18n.t("panel.level"));
                    let mut chosen = level;
                    let combo = egui::ComboBox::from_id_salt("panel_level")
                        .selected_text(level_name(i18n, level))
                        .show_ui(ui, |ui| {
                            for l in Level::PLAYABLE {
                                ui.selectable_value(&mut chosen, l, level_name(i18n, l));
                            }
                        });
                    combo.response.labelled_by(label.id);
                    if chosen != level {
                        change = Some((None, chosen));
                    }
                });
            }
            Opponent::Watch { black, white } => {
                for (side, level) in [(Side::Black, black), (Side::White, white)] {
                    let mut chosen = level;
                    egui::ComboBox::new(("panel_level", side), side_name(i18n, side))
                        .selected_text(level_name(i18n, level))
                        .show_ui(ui, |ui| {
                            for l in Level::PLAYABLE {
                                ui.selectable_value(&mut chosen, l, level_name(i18n, l));
                            }
                        });
                    if chosen != level {
                        change = Some((Some(side), chosen));
                    }
                }
            }
            Opponent::Human => {}
        }
        if let Some((side, level)) = change {
            self.set_level(side, level);
        }
    }

    fn move_list_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = &self.session else {
            return;
        };
        let i18n = &self.i18n;
        let turns = s.turns();
        let shown = s.shown_len();
        let reviewing = s.review.is_some();
        let mut jump = None;
        ui.label(
            RichText::new(i18n.t("panel.moves"))
                .strong()
                .color(theme::MUTED),
        );
        egui::Frame::new()
            .fill(theme::CARD)
            .stroke(egui::Stroke::new(1.0, theme::LINE))
            .corner_radius(egui::CornerRadius::same(8))
            .inner_margin(egui::Margin::symmetric(6, 6))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .stick_to_bottom(!reviewing)
                    .show(ui, |ui| {
                        if turns.is_empty() {
                            ui.label(
                                RichText::new(i18n.t("panel.no_moves"))
                                    .italics()
                                    .color(theme::MUTED),
                            );
                        }
                        for turn in &turns {
                            let last_index = turn.actions.last().map_or(0, |(i, _)| *i);
                            let first_index = turn.actions.first().map_or(0, |(i, _)| *i);
                            let actions: Vec<String> = turn
                                .actions
                                .iter()
                                .map(|(_, a)| action_text(i18n, *a))
                                .collect();
                            let text = format!("{}.  {}", turn.number, actions.join("  "));
                            let current = shown > first_index && shown <= last_index + 1;
                            ui.horizontal(|ui| {
                                stone_icon(ui, turn.side, 14.0);
                                if reviewing {
                                    let response = ui.selectable_label(
                                        current,
                                        RichText::new(&text).monospace(),
                                    );
                                    if current {
                                        response.scroll_to_me(None);
                                    }
                                    if response.clicked() {
                                        jump = Some(last_index + 1);
                                    }
                                } else {
                                    ui.label(RichText::new(&text).monospace());
                                }
                            });
                        }
                    });
            });
        if let Some(n) = jump {
            self.review_to(n);
        }
    }

    /// The side panel of the game screen.
    pub(super) fn side_panel_ui(&mut self, ui: &mut egui::Ui) {
        let Some(s) = self.session.take() else {
            return;
        };
        ui.spacing_mut().item_spacing.y = 8.0;
        ui.set_max_width(ui.available_width());
        self.status_ui(ui, &s);
        self.clock_ui(ui, &s);
        self.pieces_ui(ui, &s);
        self.session = Some(s);
        self.over_controls_ui(ui);
        if self.session.as_ref().is_some_and(|s| !s.is_over()) {
            self.controls_ui(ui);
        }
        self.level_ui(ui);
        self.move_list_ui(ui);
    }
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clock_text_has_minutes_and_seconds() {
        assert_eq!(clock_text(60), "1:00");
        assert_eq!(clock_text(9), "0:09");
        assert_eq!(clock_text(125), "2:05");
    }
}
