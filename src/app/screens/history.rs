//! The Records screen: the game history, newest first. Each record is a row with a small board
//! of its final position, the game and its date, who played, the result and its length, and
//! what can be done with it: review, analyse, export, delete (which can be undone while the
//! screen is open). Filters keep one game, one opponent or one result; a file that cannot be read is a
//! row of one line that says so. Only the rows in sight are drawn, so a long history scrolls
//! as quickly as a short one.

use egui::{Align, Layout, RichText, Sense, vec2};

use crate::app::board::{BoardScene, picture_ui};
use crate::app::command::{Command, Open};
use crate::app::error::store_error;
use crate::app::history::{Ending, Entry, EntryState, Opponents, Summary};
use crate::app::i18n::I18n;
use crate::app::storage::StoreError;
use crate::app::text::{game_name, side_name};
use crate::app::theme;
use crate::app::view::{View, recorded_player_label};
use crate::app::widgets::{accessible_name, top_bar, wrapped_label};
use crate::rules::records::Player;
use crate::rules::{GameId, Point, Side};

/// The height of a row of the list, in the smallest window.
const ROW_HEIGHT: f32 = 92.0;
/// The gap between rows.
const ROW_GAP: f32 = 6.0;
/// The side of the board drawn in a row, in the smallest window.
const BOARD_SIZE: f32 = 76.0;
/// The width of the buttons at the end of a row.
const BUTTON_WIDTH: f32 = 96.0;

/// The height of a row drawn `scale` times as large as in the smallest window, its lines of
/// text at the text size chosen.
fn row_height(scale: f32) -> f32 {
    ROW_HEIGHT * scale * theme::text(1.0)
}

/// The width of a row's buttons, at the text size chosen.
fn button_width() -> f32 {
    BUTTON_WIDTH * theme::text(1.0)
}

/// How much larger the rows (their board, their text) are drawn in a list this wide than in
/// the smallest window's.
fn row_scale(width: f32) -> f32 {
    (width / 900.0).clamp(1.0, 1.35)
}

/// Which results the history keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// Games the person won against the computer.
    Won,
    /// Games the person lost against the computer.
    Lost,
    /// Drawn games.
    Drawn,
    /// Games not finished.
    Unfinished,
}

impl ResultFilter {
    /// Every choice, in the order the filter offers them.
    pub const ALL: [ResultFilter; 4] = [
        ResultFilter::Won,
        ResultFilter::Lost,
        ResultFilter::Drawn,
        ResultFilter::Unfinished,
    ];

    /// Whether a record that `summary` sums up passes. Won and lost are the person's against
    /// the computer: a game between two people or watched has no side of the person's.
    pub fn keeps(self, summary: &Summary) -> bool {
        match (self, summary.ending) {
            (ResultFilter::Won, Ending::Won { winner, .. }) => {
                summary.person_side() == Some(winner)
            }
            (ResultFilter::Lost, Ending::Won { winner, .. }) => {
                summary.person_side() == Some(winner.other())
            }
            (ResultFilter::Drawn, Ending::Drawn)
            | (ResultFilter::Unfinished, Ending::Unfinished) => true,
            _ => false,
        }
    }

    /// Its name in the filter.
    fn name(self, i18n: &I18n) -> &str {
        i18n.t(match self {
            ResultFilter::Won => "history.result_won",
            ResultFilter::Lost => "history.result_lost",
            ResultFilter::Drawn => "history.result_drawn",
            ResultFilter::Unfinished => "history.result_unfinished",
        })
    }
}

/// The Records screen and its filters.
#[derive(Default)]
pub struct HistoryScreen {
    /// Only this game's records, if set.
    game: Option<GameId>,
    /// Only the records of games against these opponents, if set.
    opponents: Option<Opponents>,
    /// Only the records of games that ended so, if set.
    result: Option<ResultFilter>,
}

impl HistoryScreen {
    /// Draws the screen; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View) -> Vec<Command> {
        let mut out = Vec::new();
        header_ui(ui, view, &mut out);
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::paper())
                    .inner_margin(egui::Margin::symmetric(20, 12)),
            )
            .show(ui, |ui| {
                let width = ui.available_width().min(1400.0);
                ui.vertical_centered(|ui| {
                    ui.set_max_width(width);
                    ui.with_layout(Layout::top_down(Align::Min), |ui| {
                        self.filters_ui(ui, view);
                        deleted_ui(ui, view, &mut out);
                        self.list_ui(ui, view, &mut out);
                    });
                });
            });
        out
    }

    /// Whether `entry` passes the filters. A record not read yet, or that cannot be, shows
    /// only while nothing is filtered: what it holds is not known.
    fn keeps(&self, entry: &Entry) -> bool {
        match entry.summary() {
            Some(summary) => {
                self.game.is_none_or(|g| g == summary.game)
                    && self
                        .opponents
                        .as_ref()
                        .is_none_or(|o| *o == summary.opponents())
                    && self.result.is_none_or(|r| r.keeps(summary))
            }
            None => self.game.is_none() && self.opponents.is_none() && self.result.is_none(),
        }
    }

    /// The game's, the opponent's and the result's filters, and how many records they keep.
    fn filters_ui(&mut self, ui: &mut egui::Ui, view: &View) {
        let i18n = view.i18n;
        let entries = view.history.entries();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(i18n.t("history.game")).color(theme::muted()));
            ui.selectable_value(&mut self.game, None, i18n.t("history.all"));
            for game in GameId::ALL {
                ui.selectable_value(&mut self.game, Some(game), game_name(i18n, game));
            }
            ui.add_space(12.0);
            let label = ui.label(RichText::new(i18n.t("history.opponent")).color(theme::muted()));
            let mut present: Vec<Opponents> = entries
                .iter()
                .filter_map(Entry::summary)
                .map(Summary::opponents)
                .collect();
            present.sort();
            present.dedup();
            let shown = self.opponents.as_ref().map_or_else(
                || i18n.t("history.all").to_string(),
                |o| opponents_name(i18n, o),
            );
            egui::ComboBox::from_id_salt("history_opponents")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.opponents, None, i18n.t("history.all"));
                    for o in present {
                        let name = opponents_name(i18n, &o);
                        ui.selectable_value(&mut self.opponents, Some(o), name);
                    }
                })
                .response
                .labelled_by(label.id);
            ui.add_space(12.0);
            let label = ui
                .label(RichText::new(i18n.t("history.result")).color(theme::muted()))
                .on_hover_text(i18n.t("history.result_hint"));
            let shown = self
                .result
                .map_or_else(|| i18n.t("history.all"), |r| r.name(i18n));
            egui::ComboBox::from_id_salt("history_result")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.result, None, i18n.t("history.all"));
                    for r in ResultFilter::ALL {
                        ui.selectable_value(&mut self.result, Some(r), r.name(i18n));
                    }
                })
                .response
                .labelled_by(label.id);
        });
        let kept = entries.iter().filter(|e| self.keeps(e)).count();
        let key = if kept == 1 {
            "history.count_one"
        } else {
            "history.count"
        };
        let mut line = i18n.format(key, &[("n", &kept)]);
        let unread = view.history.unread();
        if unread > 0 {
            line = format!(
                "{line} · {}",
                i18n.format("history.reading", &[("n", &unread)])
            );
        }
        let folder = i18n.format("records.folder", &[("path", &view.records_dir.display())]);
        ui.horizontal_wrapped(|ui| {
            // No count of a folder that could not be read: its records are not known.
            if view.history.unreadable().is_none() {
                ui.label(RichText::new(line).strong().color(theme::ink()));
            }
            ui.label(RichText::new(folder).small().color(theme::muted()));
        });
        ui.add_space(4.0);
    }

    /// The records that pass the filters, only those in sight drawn.
    fn list_ui(&self, ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
        let i18n = view.i18n;
        let kept: Vec<&Entry> = view
            .history
            .entries()
            .iter()
            .filter(|e| self.keeps(e))
            .collect();
        if let Some(failure) = view.history.unreadable() {
            let reason = store_error(i18n, &StoreError::Io(failure.clone()));
            let text = i18n.format("history.unreadable", &[("reason", &reason)]);
            ui.add_space(20.0);
            wrapped_label(ui, RichText::new(text).color(theme::warn()));
            return;
        }
        if kept.is_empty() {
            let key = if view.history.entries().is_empty() {
                "history.empty"
            } else {
                "history.none_match"
            };
            ui.add_space(20.0);
            ui.label(RichText::new(i18n.t(key)).italics().color(theme::muted()));
            return;
        }
        let scale = row_scale(ui.available_width());
        crate::app::widgets::scroll_vertical()
            .auto_shrink([false, false])
            .show_rows(ui, row_height(scale) + ROW_GAP, kept.len(), |ui, rows| {
                ui.spacing_mut().item_spacing.y = 0.0;
                for entry in &kept[rows] {
                    row_ui(ui, view, entry, scale, out);
                    ui.add_space(ROW_GAP);
                }
            });
    }
}

/// The bar across the top: back home, the screen's name, and opening a file from elsewhere.
fn header_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    top_bar(ui, "history_bar", [12, 8], |ui| {
        ui.horizontal(|ui| {
            if ui.button(i18n.t("game.home")).clicked() {
                out.push(Command::GoHome);
            }
            ui.add_space(6.0);
            ui.label(
                RichText::new(i18n.t("history.title"))
                    .size(theme::text(18.0))
                    .strong()
                    .color(theme::ink()),
            );
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui
                    .button(i18n.t("history.open_file"))
                    .on_hover_text(i18n.t("history.open_file_hint"))
                    .clicked()
                {
                    out.push(Command::Open(Open::OpenRecordFile));
                }
            });
        });
    });
}

/// The record deleted last, with the way to bring it back.
fn deleted_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let Some(name) = view.history.deleted_name() else {
        return;
    };
    let i18n = view.i18n;
    egui::Frame::new()
        .fill(theme::card())
        .stroke(egui::Stroke::new(1.0, theme::line()))
        .corner_radius(egui::CornerRadius::same(6))
        .inner_margin(egui::Margin::symmetric(10, 4))
        .show(ui, |ui| {
            egui::Sides::new().shrink_left().wrap().show(
                ui,
                |ui| {
                    ui.label(i18n.format("history.deleted", &[("name", &name)]));
                },
                |ui| {
                    if ui.button(i18n.t("history.undo_delete")).clicked() {
                        out.push(Command::UndoDeleteRecord);
                    }
                },
            );
        });
    ui.add_space(6.0);
}

/// One record, drawn `scale` times as large as in the smallest window: its final position,
/// what it was, and what can be done with it.
fn row_ui(ui: &mut egui::Ui, view: &View, entry: &Entry, scale: f32, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(vec2(width, row_height(scale)), Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    ui.painter().rect(
        rect,
        egui::CornerRadius::same(8),
        theme::card(),
        egui::Stroke::new(1.0, theme::line()),
        egui::StrokeKind::Inside,
    );
    let inner = rect.shrink2(vec2(8.0, 6.0));
    let board_size = BOARD_SIZE * scale;
    let board = egui::Rect::from_min_size(
        egui::pos2(inner.left(), inner.center().y - board_size / 2.0),
        vec2(board_size, board_size),
    );
    let buttons_width = 2.0 * button_width() + ui.spacing().item_spacing.x;
    let buttons = egui::Rect::from_min_max(
        egui::pos2(inner.right() - buttons_width, inner.top()),
        inner.right_bottom(),
    );
    let text = egui::Rect::from_min_max(
        egui::pos2(board.right() + 12.0, inner.top()),
        egui::pos2(buttons.left() - 10.0, inner.bottom()),
    );
    let mut board_ui = ui.new_child(egui::UiBuilder::new().max_rect(board));
    let mut text_ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(text)
            .layout(Layout::top_down(Align::Min)),
    );
    text_ui.spacing_mut().item_spacing.y = 3.0 * scale;
    for font in text_ui.style_mut().text_styles.values_mut() {
        font.size *= scale;
    }
    let mut buttons_ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(buttons.translate(vec2(0.0, (scale - 1.0) * 12.0)))
            .layout(Layout::top_down(Align::Min)),
    );
    let name = entry.name.as_str();
    match &entry.state {
        EntryState::Ready(summary) => {
            let mut scene = BoardScene::default();
            for p in Point::ALL {
                scene.pieces[p.index()] = summary.piece_at(p);
            }
            picture_ui(&mut board_ui, &scene, board_size);
            summary_ui(&mut text_ui, view, summary);
            actions_ui(&mut buttons_ui, i18n, entry, true, out);
        }
        EntryState::Damaged(error) => {
            one_line(
                &mut text_ui,
                RichText::new(name).strong().color(theme::ink()),
            );
            let why = i18n.format("history.damaged", &[("reason", &store_error(i18n, error))]);
            one_line(&mut text_ui, RichText::new(why).color(theme::warn()));
            actions_ui(&mut buttons_ui, i18n, entry, false, out);
        }
        EntryState::Unread => {
            one_line(
                &mut text_ui,
                RichText::new(name).strong().color(theme::ink()),
            );
            one_line(
                &mut text_ui,
                RichText::new(i18n.t("history.unread")).color(theme::muted()),
            );
        }
    }
}

/// A line of text cut short with "…" when the row is too narrow (egui shows the whole of it
/// on hover).
fn one_line(ui: &mut egui::Ui, text: RichText) {
    ui.add(egui::Label::new(text).truncate());
}

/// What a record was: the game and its date, who played, the result and its length.
fn summary_ui(ui: &mut egui::Ui, view: &View, summary: &Summary) {
    let i18n = view.i18n;
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(game_name(i18n, summary.game))
                .strong()
                .color(theme::ink()),
        );
        one_line(
            ui,
            RichText::new(view.zone.iso_text(&summary.date)).color(theme::muted()),
        );
    });
    one_line(
        ui,
        RichText::new(players_text(i18n, summary)).color(theme::ink()),
    );
    let (result, color) = result_text(i18n, summary);
    let key = if summary.turns == 1 {
        "history.length_one"
    } else {
        "history.length"
    };
    let length = i18n.format(key, &[("n", &summary.turns)]);
    ui.horizontal(|ui| {
        ui.label(RichText::new(result).strong().color(color));
        one_line(
            ui,
            RichText::new(format!("· {length}")).color(theme::muted()),
        );
    });
}

/// A row's buttons: review, analyse, export and delete (only delete for a file that cannot
/// be read). Each is named for screen readers with the record's file.
fn actions_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    entry: &Entry,
    readable: bool,
    out: &mut Vec<Command>,
) {
    let size = vec2(button_width(), ui.spacing().interact_size.y);
    let path = &entry.path;
    let mut button = |ui: &mut egui::Ui, key: &str, command: Command| {
        let response = ui.add(egui::Button::new(i18n.t(key)).min_size(size));
        accessible_name(&response, &format!("{} · {}", i18n.t(key), entry.name));
        if response.clicked() {
            out.push(command);
        }
    };
    let row = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| {
        let size = vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), |ui| {
            ui.set_min_size(size);
            add(ui);
        });
    };
    ui.add_space(4.0);
    row(ui, &mut |ui| {
        if readable {
            button(ui, "history.review", Command::OpenRecord(path.clone()));
            button(ui, "history.analyse", Command::AnalyseRecord(path.clone()));
        }
    });
    ui.add_space(2.0);
    row(ui, &mut |ui| {
        if readable {
            let export = Command::Open(Open::ExportRecordFile(path.clone()));
            button(ui, "history.export", export);
        } else {
            // Under the others' Export, so that every Delete lines up.
            ui.add_space(button_width() + ui.spacing().item_spacing.x);
        }
        button(ui, "history.delete", Command::DeleteRecord(path.clone()));
    });
}

/// Who played, from the person's point of view against the computer.
fn players_text(i18n: &I18n, summary: &Summary) -> String {
    let name = |player: &Option<Player>, side: Side| {
        player
            .as_ref()
            .and_then(|p| recorded_player_label(i18n, p))
            .unwrap_or_else(|| side_name(i18n, side).to_string())
    };
    match summary.opponents() {
        Opponents::Computer(_) => {
            let person = summary.person_side().unwrap_or(Side::Black);
            let (me, computer) = match person {
                Side::Black => (&summary.black, &summary.white),
                Side::White => (&summary.white, &summary.black),
            };
            let you = me
                .as_ref()
                .and_then(|p| recorded_player_label(i18n, p))
                .unwrap_or_else(|| i18n.t("player.you").to_string());
            i18n.format(
                "history.against_computer",
                &[
                    ("you", &you),
                    ("side", &side_name(i18n, person)),
                    ("computer", &name(computer, person.other())),
                ],
            )
        }
        Opponents::Friends | Opponents::Watch => {
            // "Ann (Black)", but a side with no name is just "Black".
            let named = |player: &Option<Player>, side: Side| {
                let side_name = side_name(i18n, side);
                match player.as_ref().and_then(|p| recorded_player_label(i18n, p)) {
                    Some(name) if name != side_name => i18n.format(
                        "history.named_side",
                        &[("name", &name), ("side", &side_name)],
                    ),
                    _ => side_name.to_string(),
                }
            };
            i18n.format(
                "history.versus",
                &[
                    ("black", &named(&summary.black, Side::Black)),
                    ("white", &named(&summary.white, Side::White)),
                ],
            )
        }
        Opponents::Unknown => i18n.t("history.players_unknown").to_string(),
    }
}

/// The result, from the person's point of view against the computer, and its colour.
fn result_text(i18n: &I18n, summary: &Summary) -> (String, egui::Color32) {
    let person = summary.person_side();
    match summary.ending {
        Ending::Won { winner, resigned } => match person {
            Some(me) if me == winner => {
                let key = if resigned {
                    "history.you_won_resigned"
                } else {
                    "history.you_won"
                };
                (i18n.t(key).to_string(), theme::good())
            }
            Some(_) => {
                let key = if resigned {
                    "history.you_resigned"
                } else {
                    "history.you_lost"
                };
                (i18n.t(key).to_string(), theme::warn())
            }
            None => {
                let (key, side) = if resigned {
                    ("history.resigned", winner.other())
                } else {
                    ("history.won", winner)
                };
                let text = i18n.format(key, &[("side", &side_name(i18n, side))]);
                (text, theme::ink())
            }
        },
        Ending::Drawn => (i18n.t("history.draw").to_string(), theme::ink()),
        Ending::Unfinished => (i18n.t("history.unfinished").to_string(), theme::muted()),
    }
}

/// An opponent of the filter, as it offers it.
fn opponents_name(i18n: &I18n, opponents: &Opponents) -> String {
    match opponents {
        Opponents::Friends => i18n.t("history.friends").to_string(),
        Opponents::Computer(level) => {
            let player = Player {
                name: None,
                level: Some(level.clone()),
                rating: None,
            };
            recorded_player_label(i18n, &player).unwrap_or_default()
        }
        Opponents::Watch => i18n.t("history.watched").to_string(),
        Opponents::Unknown => i18n.t("history.players_unknown").to_string(),
    }
}
