//! The game screen: a bar with the game's name and the global buttons, the board between the
//! two players' name plates, the review controls, and the side panel
//! ([`super::side_panel`]).

use std::sync::Arc;

use egui::{Align, Color32, Layout, RichText, Sense, pos2, vec2};

use super::analysis_panel::BETTER_ARROW;
use super::layout::{
    MIN_PANEL_WIDTH, PLATE_HEIGHT, board_layout, panel_width, plate_sides, with_side_panel,
};
use super::side_panel::side_panel_ui;
use crate::app::banners::banners_over;
use crate::app::board::{self, board_ui};
use crate::app::command::{Command, Open, RulesTab};
use crate::app::i18n::{I18n, Language};
use crate::app::session::Session;
use crate::app::text::{game_name, piece_counts, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{accessible_name, button_width, text_width, top_bar};
use crate::rules::{Decision, GameId, Side};

/// Height of the review controls.
const REVIEW_BAR_HEIGHT: f32 = 40.0;
/// The narrowest board area that has the review controls on one row (at the usual text size).
const ONE_ROW_REVIEW: f32 = 680.0;
/// The narrowest row that has the steps through the game in words (at the usual text size);
/// a narrower one has them as arrows, named for screen readers and under the pointer.
const STEPS_IN_WORDS: f32 = 420.0;

/// A row of the review controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReviewRow {
    /// Everything on one row.
    Both,
    /// The steps through the game.
    Steps,
    /// What to do from here.
    FromHere,
}

impl ReviewRow {
    fn index(self) -> usize {
        self as usize
    }
}

/// The game screen and its layout from the last frame.
#[derive(Default)]
pub struct GameScreen {
    /// The width each review row took last frame (by [`ReviewRow::index`]), to centre it.
    review_row_widths: [Option<f32>; 3],
}

impl GameScreen {
    /// Draws the game screen for `s`; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View, s: &Session) -> Vec<Command> {
        let mut commands = Vec::new();
        top_bar_ui(ui, view, s, &mut commands);
        let width = side_panel_width(ui.available_width());
        with_side_panel(
            ui,
            "side_panel",
            width,
            &mut commands,
            |ui, out| side_panel_ui(ui, view, s, out),
            |ui, out| self.board_area_ui(ui, view, s, out),
        );
        commands
    }

    fn board_area_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        s: &Session,
        out: &mut Vec<Command>,
    ) {
        let reviewing = s.review().is_some();
        let full = ui.available_rect_before_wrap();
        let text = theme::text(1.0);
        let bar = match (reviewing, full.width() >= ONE_ROW_REVIEW * text) {
            (false, _) => 0.0,
            (true, true) => REVIEW_BAR_HEIGHT * text,
            (true, false) => 2.0 * REVIEW_BAR_HEIGHT * text,
        };
        let layout = board_layout(full, bar);
        let (board_side, board_rect) = (layout.side, layout.board);
        let flipped = view.board_flipped(s);
        let (top_side, bottom_side) = plate_sides(flipped);
        plate_ui(ui, view, s, top_side, layout.top_plate);
        plate_ui(ui, view, s, bottom_side, layout.bottom_plate);
        let now = ui.input(|i| i.time);
        let mut scene = s.scene(now, flipped, view.settings.show_coordinates);
        if let (Some(n), Some(a)) = (s.review(), view.analysis) {
            scene.better = a.better_here(n).map(|action| (action, BETTER_ARROW));
        }
        let enabled = s.human_to_act();
        let preview = match (enabled, s.game().state().decision()) {
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
                egui::pos2(full.left(), layout.bottom()),
                vec2(full.width(), bar),
            );
            self.review_controls_ui(ui, view, s, bar_rect, out);
        }
        ui.allocate_rect(full, Sense::hover());
        out.extend(banners_over(ui.ctx(), view.i18n, view.banners, full));
        if let Some(p) = input.clicked {
            out.push(Command::Click(p));
        }
        if let Some((from, to)) = input.dropped {
            out.push(Command::DragMove(from, to));
        }
    }

    /// The review controls centred in `rect`, on one row or, when narrow, on two.
    fn review_controls_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        s: &Session,
        rect: egui::Rect,
        out: &mut Vec<Command>,
    ) {
        let text = theme::text(1.0);
        let words = rect.width() >= STEPS_IN_WORDS * text;
        let rows: &[ReviewRow] = if rect.width() >= ONE_ROW_REVIEW * text {
            &[ReviewRow::Both]
        } else {
            &[ReviewRow::Steps, ReviewRow::FromHere]
        };
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
            if let Some(w) = self.review_row_widths[row.index()] {
                row_ui.add_space(((row_rect.width() - w) / 2.0).max(0.0));
            }
            let start = row_ui.cursor().left();
            review_row_ui(&mut row_ui, view, s, row, words, out);
            self.review_row_widths[row.index()] = Some(row_ui.min_rect().right() - start);
        }
    }
}

/// The side panel's width for a window of this width: about a third of it.
fn side_panel_width(window: f32) -> f32 {
    panel_width(window, 0.32, MIN_PANEL_WIDTH, 760.0)
}

fn top_bar_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let game = s.setup().game;
    let title = RichText::new(game_name(i18n, game))
        .size(theme::text(18.0))
        .strong()
        .color(theme::ink());
    let subtitle = (i18n.language() != Language::Chinese).then(|| {
        RichText::new(game_name(view.chinese, game))
            .size(theme::text(15.0))
            .color(theme::accent_dark())
    });
    // New game, Rules, Save / Open, Settings, as they read from the left.
    let [new_game, rules, records, settings] = game_buttons(i18n, game);
    top_bar(ui, "game_bar", [12, 8], |ui| {
        let gap = ui.spacing().item_spacing.x;
        let width = |ui: &egui::Ui, buttons: &[&GameButton]| -> f32 {
            buttons.iter().map(|b| button_width(ui, b.0) + gap).sum()
        };
        let home = button_width(ui, i18n.t("game.home")) + gap + 6.0;
        let title_width = text_width(ui, title.clone()) + gap;
        let subtitle_width = subtitle
            .as_ref()
            .map_or(0.0, |t| text_width(ui, t.clone()) + gap);
        let room = ui.available_width();
        let all = [&new_game, &rules, &records, &settings];
        let buttons = home + title_width + width(ui, &all);
        // Where the name in Chinese does not fit beside the rest, it is left out before the
        // bar takes two rows (a phone held sideways keeps its height for the board).
        let one_row = buttons <= room;
        // A narrow window (a phone held upright): Home, the game's name and Settings on one
        // row, the game's own buttons on a row under it (wrapped only if even that is short).
        let (right, subtitle) = if one_row {
            (
                &all[..],
                subtitle.filter(|_| buttons + subtitle_width <= room),
            )
        } else {
            let fits = home + title_width + subtitle_width + width(ui, &[&settings]) <= room;
            (&all[3..], subtitle.filter(|_| fits))
        };
        ui.horizontal(|ui| {
            home_button_ui(ui, i18n, out);
            ui.label(title);
            if let Some(subtitle) = subtitle {
                ui.label(subtitle);
            }
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                for button in right.iter().rev() {
                    game_button_ui(ui, button, out);
                }
            });
        });
        if !one_row {
            ui.horizontal_wrapped(|ui| {
                for button in &all[..3] {
                    game_button_ui(ui, button, out);
                }
            });
        }
    });
}

/// A button of the game screen's bar: its text, what it says under the pointer, what it does.
type GameButton<'a> = (&'a str, Option<&'a str>, Command);

/// The game screen's buttons as they read from the left: New game, Rules, Save / Open,
/// Settings.
fn game_buttons(i18n: &I18n, game: GameId) -> [GameButton<'_>; 4] {
    [
        (
            i18n.t("game.new_game"),
            Some(i18n.t("shortcut.new_game")),
            Command::Open(Open::NewGame(Some(game))),
        ),
        (
            i18n.t("game.rules"),
            Some("F1"),
            Command::Open(Open::Rules(game, RulesTab::KeyPoints)),
        ),
        (i18n.t("game.records"), None, Command::Open(Open::Records)),
        (
            i18n.t("game.settings"),
            None,
            Command::Toggle(Open::Settings),
        ),
    ]
}

fn game_button_ui(ui: &mut egui::Ui, button: &GameButton, out: &mut Vec<Command>) {
    let (label, hover, command) = button;
    let mut response = ui.button(*label);
    if let Some(hover) = hover {
        response = response.on_hover_text(*hover);
    }
    if response.clicked() {
        out.push(command.clone());
    }
}

fn home_button_ui(ui: &mut egui::Ui, i18n: &I18n, out: &mut Vec<Command>) {
    if ui
        .button(i18n.t("game.home"))
        .on_hover_text(i18n.t("game.home_hint"))
        .clicked()
    {
        out.push(Command::GoHome);
    }
    ui.add_space(6.0);
}

/// A player's plate: a piece, who plays it, what is in hand, and whether it is their turn.
pub(super) fn plate_ui(ui: &mut egui::Ui, view: &View, s: &Session, side: Side, rect: egui::Rect) {
    let i18n = view.i18n;
    let state = s.shown_state();
    let active = s.review().is_none() && s.to_act() == Some(side);
    let painter = ui.painter_at(rect.expand(4.0));
    let fill = if active {
        theme::highlight()
    } else {
        theme::card()
    };
    let stroke = if active {
        egui::Stroke::new(1.5, theme::select())
    } else {
        egui::Stroke::new(1.0, theme::line())
    };
    painter.rect(
        rect,
        egui::CornerRadius::same(8),
        fill,
        stroke,
        egui::StrokeKind::Inside,
    );
    // The piece painted beside it says the side: the plate names the player, and only the
    // side when nobody is named.
    let name = view.player_label(s, side);
    let side_text = side_name(i18n, side);
    let info = piece_counts(i18n, state, side, ["plate.counts", "plate.on_board"]);
    // Painted, but read out as one label: the side, who plays it, and what they have.
    let said = if name == side_text {
        format!("{name}: {info}")
    } else {
        format!("{side_text} · {name}: {info}")
    };
    ui.interact(rect, ui.scope_id().with(("plate", side)), Sense::hover())
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
    let badge = active.then(|| {
        let text = if s.is_paused() {
            i18n.t("plate.paused")
        } else {
            i18n.t("plate.to_play")
        };
        painter.layout_no_wrap(
            text.to_string(),
            egui::FontId::proportional(theme::text(13.0)),
            Color32::WHITE,
        )
    });
    let paint_badge = |right: f32, center_y: f32, galley: Arc<egui::Galley>| {
        let height = (galley.size().y + 4.0).max(20.0);
        let badge_rect = egui::Rect::from_min_size(
            egui::pos2(right - galley.size().x - 14.0, center_y - height / 2.0),
            vec2(galley.size().x + 14.0, height),
        );
        painter.rect_filled(badge_rect, egui::CornerRadius::same(10), theme::accent());
        painter.galley(
            badge_rect.center() - galley.size() / 2.0,
            galley,
            Color32::WHITE,
        );
        badge_rect.left()
    };
    let name_job = |width: f32| {
        let mut job = egui::text::LayoutJob::simple_singleline(
            name.clone(),
            egui::FontId::proportional(theme::text(15.0)),
            theme::ink(),
        );
        job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(0.0));
        job
    };
    if rect.height() > PLATE_HEIGHT + 10.0 {
        // A plate beside the board (a phone held sideways), narrow and tall: the piece and
        // the name on the first row, what the player has under it (wrapped), and whose turn
        // it is at the foot.
        let inner = rect.shrink(8.0);
        let r = 8.0;
        let stone_center = egui::pos2(inner.left() + r, inner.top() + 10.0);
        board::paint_piece_icon(&painter, stone_center, r, side);
        let name_left = stone_center.x + r + 6.0;
        let mut job = name_job(inner.right() - name_left);
        job.wrap.max_rows = 2;
        job.wrap.break_anywhere = false;
        let name = painter.layout_job(job);
        let info_top = inner.top() + name.size().y.max(20.0) + 4.0;
        painter.galley(egui::pos2(name_left, inner.top()), name, theme::ink());
        let info = painter.layout(
            info,
            egui::FontId::proportional(theme::text(13.0)),
            theme::muted(),
            inner.width(),
        );
        painter.galley(pos2(inner.left(), info_top), info, theme::muted());
        if let Some(badge) = badge {
            let right = inner.left() + badge.size().x + 14.0;
            paint_badge(right, inner.bottom() - 10.0, badge);
        }
        return;
    }
    let r = rect.height() * 0.3;
    let stone_center = egui::pos2(rect.left() + 10.0 + r, rect.center().y);
    board::paint_piece_icon(&painter, stone_center, r, side);
    let mut right = rect.right() - 12.0;
    if let Some(badge) = badge {
        right = paint_badge(right, rect.center().y, badge) - 10.0;
    }
    let info = painter.layout_no_wrap(
        info,
        egui::FontId::proportional(theme::text(13.0)),
        theme::muted(),
    );
    let name_left = stone_center.x + r + 10.0;
    let name_width = painter.layout_job(name_job(f32::INFINITY)).size().x;
    // The name comes first: where it and the counts do not both fit (large text in a small
    // window), the counts are left to the side panel, which shows them too.
    let info_left = if name_left + name_width + 10.0 + info.size().x <= right {
        let info_left = right - info.size().x;
        painter.galley(
            egui::pos2(info_left, rect.center().y - info.size().y / 2.0),
            info,
            theme::muted(),
        );
        info_left
    } else {
        right + 10.0
    };
    // The name gets the room the counts leave, cut short with "…" only where even the whole
    // plate is too narrow for it.
    let name = painter.layout_job(name_job(info_left - 10.0 - name_left));
    painter.galley(
        egui::pos2(name_left, rect.center().y - name.size().y / 2.0),
        name,
        theme::ink(),
    );
}

/// One row of the review controls, the steps in `words` or as arrows.
fn review_row_ui(
    ui: &mut egui::Ui,
    view: &View,
    s: &Session,
    row: ReviewRow,
    words: bool,
    out: &mut Vec<Command>,
) {
    let (Some(n), Some((turn, turns))) = (s.review(), s.review_turn()) else {
        return;
    };
    let i18n = view.i18n;
    let len = s.game().len();
    if row != ReviewRow::FromHere {
        let back = [
            (n > 0, "review.first", "Home", "«", 0),
            (n > 0, "review.previous", "←", "‹", s.review_step(false)),
        ];
        let forward = [
            (n < len, "review.next", "→", "›", s.review_step(true)),
            (n < len, "review.last", "End", "»", len),
        ];
        for (i, steps) in [back, forward].into_iter().enumerate() {
            if i == 1 {
                let position = i18n.format("review.position", &[("n", &turn), ("total", &turns)]);
                ui.label(RichText::new(position).strong());
            }
            for (enabled, key, keyboard, arrow, target) in steps {
                let name = i18n.t(key);
                let (shown, hover) = if words {
                    (name, keyboard.to_string())
                } else {
                    (arrow, format!("{name} ({keyboard})"))
                };
                let response = ui
                    .add_enabled(enabled, egui::Button::new(shown))
                    .on_hover_text(hover);
                accessible_name(&response, name);
                if response.clicked() {
                    out.push(Command::ReviewTo(target));
                }
            }
        }
    }
    if row == ReviewRow::Both {
        ui.add_space(10.0);
    }
    if row != ReviewRow::Steps {
        if ui
            .add(theme::primary_button(i18n.t("review.continue_here")))
            .on_hover_text(i18n.t("review.continue_hint"))
            .clicked()
        {
            out.push(Command::Open(Open::PlayOn));
        }
        if !s.is_from_record() && ui.button(i18n.t("review.exit")).clicked() {
            out.push(Command::ExitReview);
        }
    }
}
