//! The home screen: the three games as cards (names, a line about each, their start position
//! and the player's results), the game in progress to continue, and the way to the
//! language, the settings, the rules and the game records.

use egui::{Align, Layout, RichText};

use super::board::{BoardScene, picture_ui};
use super::dialogs::Confirm;
use super::i18n::Language;
use super::sanqi::SanqiApp;
use super::settings::{Opponent, Stats};
use super::text::{game_name, level_name, side_name};
use super::theme;
use crate::ai::Level;
use crate::rules::{GameId, State};

/// The locale key of a game's one-line description.
fn description_key(game: GameId) -> &'static str {
    match game {
        GameId::Neihuang => "home.desc_neihuang",
        GameId::Flying => "home.desc_flying",
        GameId::Wudao => "home.desc_wudao",
    }
}

/// Gives a button a fuller accessible name than its visible text.
fn accessible_name(response: &egui::Response, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
}

impl SanqiApp {
    /// The header with the app's name and the global buttons.
    fn home_header_ui(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("home_header")
            .frame(
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .inner_margin(egui::Margin::symmetric(20, 12)),
            )
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.label(
                            RichText::new(self.i18n.t("app.name"))
                                .size(28.0)
                                .strong()
                                .color(theme::INK),
                        );
                        // The tagline needs room beside the buttons; small windows leave it out.
                        if ui.available_width() > 880.0 {
                            ui.label(
                                RichText::new(self.i18n.t("home.tagline")).color(theme::MUTED),
                            );
                        }
                    });
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button(self.i18n.t("home.settings")).clicked() {
                            self.dialogs.settings = true;
                        }
                        if ui.button(self.i18n.t("home.open_record")).clicked() {
                            self.open_records_dialog();
                        }
                        if ui.button(self.i18n.t("home.rules")).clicked() {
                            self.dialogs.open_rules(GameId::Neihuang);
                        }
                        ui.add_space(8.0);
                        let mut language = self.i18n.language();
                        for l in Language::ALL.into_iter().rev() {
                            ui.selectable_value(&mut language, l, l.native_name());
                        }
                        if language != self.i18n.language() {
                            self.set_language(language);
                        }
                    });
                });
            });
    }

    /// The card offering the game in progress.
    fn continue_card_ui(&mut self, ui: &mut egui::Ui) {
        let summary = if let Some(s) = self.live_session() {
            Some((s.setup, s.human_side, s.game.len()))
        } else {
            self.saved
                .as_ref()
                .map(|g| (g.setup, g.human_side, g.record.actions.len()))
        };
        let Some((setup, human_side, moves)) = summary else {
            return;
        };
        let opponent = match setup.opponent {
            Opponent::Human => self.i18n.t("home.vs_human").to_string(),
            Opponent::Computer { level, .. } => self.i18n.format(
                "home.vs_computer",
                &[
                    ("level", &level_name(&self.i18n, level)),
                    ("side", &human_side.map_or("", |s| side_name(&self.i18n, s))),
                ],
            ),
            Opponent::Watch { black, white } => self.i18n.format(
                "home.watching",
                &[
                    ("black", &level_name(&self.i18n, black)),
                    ("white", &level_name(&self.i18n, white)),
                ],
            ),
        };
        let mut resume = false;
        let mut discard = false;
        theme::card_frame()
            .fill(egui::Color32::from_rgb(0xFF, 0xF7, 0xE8))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.label(
                            RichText::new(self.i18n.t("home.in_progress"))
                                .strong()
                                .color(theme::ACCENT_DARK),
                        );
                        ui.label(
                            RichText::new(format!(
                                "{} · {} · {}",
                                game_name(&self.i18n, setup.game),
                                opponent,
                                self.i18n.format("home.actions_played", &[("n", &moves)])
                            ))
                            .color(theme::INK),
                        );
                    });
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button(self.i18n.t("home.discard")).clicked() {
                            discard = true;
                        }
                        if ui
                            .add(theme::primary_button(self.i18n.t("home.continue")))
                            .clicked()
                        {
                            resume = true;
                        }
                    });
                });
            });
        if resume {
            self.continue_game();
        }
        if discard {
            self.dialogs.confirm = Some(Confirm::Discard);
        }
    }

    /// One game's card.
    fn game_card_ui(&mut self, ui: &mut egui::Ui, game: GameId) {
        let name = game_name(&self.i18n, game).to_string();
        let chinese = game_name(&self.chinese, game).to_string();
        let mut play = false;
        let mut rules = false;
        let heights = egui::Id::unique("card_heights");
        let target = ui.ctx().data(|d| d.get_temp::<f32>(heights)).unwrap_or(0.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.with_layout(Layout::top_down(Align::Min), |ui| {
                let top = ui.cursor().top();
                ui.vertical_centered(|ui| {
                    let by_height = (ui.ctx().content_rect().height() * 0.24).max(110.0);
                    let size = (ui.available_width() - 8.0)
                        .min(by_height)
                        .clamp(110.0, 210.0);
                    let scene = BoardScene::of_state(&State::start(game));
                    picture_ui(ui, &scene, size);
                });
                ui.add_space(6.0);
                ui.label(RichText::new(&name).size(19.0).strong().color(theme::INK));
                if self.i18n.language() != Language::Chinese {
                    ui.label(RichText::new(&chinese).size(16.0).color(theme::ACCENT_DARK));
                }
                ui.add(
                    egui::Label::new(
                        RichText::new(self.i18n.t(description_key(game))).color(theme::MUTED),
                    )
                    .wrap(),
                );
                ui.add_space(8.0);
                // Line the buttons up across the cards: pad to the tallest card of the last frame.
                let used = ui.cursor().top() - top;
                ui.add_space((target - used).max(0.0));
                ui.ctx().data_mut(|d| {
                    let next = d.get_temp_mut_or_default::<f32>(heights.with("next"));
                    *next = next.max(used);
                });
                ui.horizontal(|ui| {
                    let response = ui.add(theme::primary_button(self.i18n.t("home.play")));
                    accessible_name(
                        &response,
                        &self.i18n.format("home.play_game", &[("game", &name)]),
                    );
                    if response.clicked() {
                        play = true;
                    }
                    let response = ui.button(self.i18n.t("home.card_rules"));
                    accessible_name(
                        &response,
                        &self.i18n.format("home.rules_of", &[("game", &name)]),
                    );
                    if response.clicked() {
                        rules = true;
                    }
                });
                ui.add_space(8.0);
                self.stats_ui(ui, game);
            });
        });
        if play {
            self.dialogs.open_new_game(&self.settings, Some(game));
        }
        if rules {
            self.dialogs.open_rules(game);
        }
    }

    /// The results of one game: the total, then one line per opponent played.
    fn stats_ui(&self, ui: &mut egui::Ui, game: GameId) {
        let i18n = &self.i18n;
        let total = self.stats.total(game);
        let tally_text = |t: super::settings::Tally| {
            i18n.format(
                "stats.tally",
                &[
                    ("wins", &t.wins),
                    ("losses", &t.losses),
                    ("draws", &t.draws),
                ],
            )
        };
        if total.games() == 0 {
            ui.label(
                RichText::new(i18n.t("stats.none"))
                    .small()
                    .color(theme::MUTED),
            );
            return;
        }
        ui.label(
            RichText::new(i18n.format("stats.total", &[("tally", &tally_text(total))]))
                .small()
                .strong(),
        );
        egui::Grid::new(("stats", game))
            .num_columns(2)
            .min_row_height(16.0)
            .spacing([12.0, 2.0])
            .show(ui, |ui| {
                let mut rows: Vec<(String, super::settings::Tally)> = Level::PLAYABLE
                    .into_iter()
                    .map(|l| {
                        let label =
                            i18n.format("stats.vs_level", &[("level", &level_name(i18n, l))]);
                        (label, self.stats.tally(game, l.id()))
                    })
                    .collect();
                rows.push((
                    i18n.t("stats.hot_seat").to_string(),
                    self.stats.tally(game, Stats::HUMAN),
                ));
                for (label, tally) in rows.into_iter().filter(|(_, t)| t.games() > 0) {
                    ui.label(RichText::new(label).small().color(theme::MUTED));
                    ui.label(RichText::new(tally_text(tally)).small());
                    ui.end_row();
                }
            });
    }

    /// The home screen.
    pub(super) fn home_ui(&mut self, ui: &mut egui::Ui) {
        let heights = egui::Id::unique("card_heights");
        ui.ctx().data_mut(|d| {
            let measured = d.get_temp::<f32>(heights.with("next")).unwrap_or(0.0);
            if measured > 0.0 {
                d.insert_temp(heights, measured);
            }
            d.insert_temp(heights.with("next"), 0.0f32);
        });
        self.home_header_ui(ui);
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .inner_margin(egui::Margin::symmetric(20, 16)),
            )
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let width = ui.available_width().min(1180.0);
                        ui.vertical_centered(|ui| {
                            ui.set_max_width(width);
                            ui.with_layout(Layout::top_down(Align::Min), |ui| {
                                if self.can_continue() {
                                    self.continue_card_ui(ui);
                                    ui.add_space(14.0);
                                }
                                ui.label(
                                    RichText::new(self.i18n.t("home.choose"))
                                        .size(18.0)
                                        .strong()
                                        .color(theme::INK),
                                );
                                ui.add_space(8.0);
                                let columns = if width >= 900.0 {
                                    3
                                } else if width >= 500.0 {
                                    2
                                } else {
                                    1
                                };
                                for chunk in GameId::ALL.chunks(columns) {
                                    ui.columns(columns, |cols| {
                                        for (col, &game) in cols.iter_mut().zip(chunk) {
                                            self.game_card_ui(col, game);
                                        }
                                    });
                                    ui.add_space(12.0);
                                }
                                ui.add_space(4.0);
                                ui.label(
                                    RichText::new(self.i18n.t("home.shortcuts"))
                                        .small()
                                        .color(theme::MUTED),
                                );
                            });
                        });
                    });
            });
    }
}
