//! The home screen: the games as cards (names, a line about each, their start position and
//! the player's results), the game in progress to continue, and the way to the language, the
//! settings, the rules and the game records.

use egui::{Align, Layout, RichText};

use crate::ai::Level;
use crate::app::board::{BoardScene, picture_ui};
use crate::app::command::{Command, Open, Question, RulesTab};
use crate::app::i18n::Language;
use crate::app::lessons::Course;
use crate::app::settings::{Opponent, Tally};
use crate::app::text::{game_name, level_name, side_name};
use crate::app::theme;
use crate::app::view::{Resumable, View};
use crate::app::widgets::{accessible_name, top_bar};
use crate::rules::{GameId, State};

/// The home screen and its layout from the last frame.
#[derive(Default)]
pub struct HomeScreen {
    /// The height of the tallest card's text last frame, to line the buttons up.
    card_height: f32,
    /// The tallest card's text so far this frame.
    measuring: f32,
}

impl HomeScreen {
    /// Draws the home screen; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.measuring > 0.0 {
            self.card_height = self.measuring;
        }
        self.measuring = 0.0;
        header_ui(ui, view, &mut commands);
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
                                self.cards_ui(ui, view, width, &mut commands);
                            });
                        });
                    });
            });
        commands
    }

    /// The game in progress, the game cards and the shortcuts line.
    fn cards_ui(&mut self, ui: &mut egui::Ui, view: &View, width: f32, out: &mut Vec<Command>) {
        let i18n = view.i18n;
        if let Some(resumable) = view.resumable {
            continue_card_ui(ui, view, resumable, out);
            ui.add_space(14.0);
        }
        ui.label(
            RichText::new(i18n.t("home.choose"))
                .size(18.0)
                .strong()
                .color(theme::INK),
        );
        ui.add_space(8.0);
        // Three games side by side from the smallest window up (760 points wide), so that
        // none of them is below the fold.
        let columns = if width >= 680.0 {
            3
        } else if width >= 460.0 {
            2
        } else {
            1
        };
        for chunk in GameId::ALL.chunks(columns) {
            ui.columns(columns, |cols| {
                for (col, &game) in cols.iter_mut().zip(chunk) {
                    self.game_card_ui(col, view, game, out);
                }
            });
            ui.add_space(12.0);
        }
        super::puzzle::home_card_ui(ui, view, out);
        ui.add_space(12.0);
        ui.label(
            RichText::new(i18n.t("home.shortcuts"))
                .small()
                .color(theme::MUTED),
        );
    }

    /// One game's card.
    fn game_card_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        game: GameId,
        out: &mut Vec<Command>,
    ) {
        let i18n = view.i18n;
        let help = i18n.help(game);
        let name = help.name.as_str();
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
                ui.label(RichText::new(name).size(19.0).strong().color(theme::INK));
                if i18n.language() != Language::Chinese {
                    ui.label(
                        RichText::new(game_name(view.chinese, game))
                            .size(16.0)
                            .color(theme::ACCENT_DARK),
                    );
                }
                ui.add(egui::Label::new(RichText::new(&help.summary).color(theme::MUTED)).wrap());
                ui.add_space(8.0);
                // Line the buttons up across the cards: pad to the tallest card of the last frame.
                let used = ui.cursor().top() - top;
                ui.add_space((self.card_height - used).max(0.0));
                self.measuring = self.measuring.max(used);
                ui.horizontal(|ui| {
                    let response = ui.add(theme::primary_button(i18n.t("home.play")));
                    accessible_name(
                        &response,
                        &i18n.format("home.play_game", &[("game", &name)]),
                    );
                    if response.clicked() {
                        out.push(Command::Open(Open::NewGame(Some(game))));
                    }
                    let response = ui.button(i18n.t("home.card_rules"));
                    accessible_name(&response, &i18n.format("home.rules_of", &[("game", &name)]));
                    if response.clicked() {
                        out.push(Command::Open(Open::Rules(game, RulesTab::KeyPoints)));
                    }
                    learn_button_ui(ui, view, game, name, out);
                });
                ui.add_space(8.0);
                stats_ui(ui, view, game);
            });
        });
    }
}

/// A game card's way to its lessons, with how far the learner got.
fn learn_button_ui(
    ui: &mut egui::Ui,
    view: &View,
    game: GameId,
    name: &str,
    out: &mut Vec<Command>,
) {
    let i18n = view.i18n;
    let course = Course::of_game(game);
    let total = course.steps().len();
    let done = view.lessons.done_count(course);
    let label = if done == 0 {
        i18n.t("lesson.card_button").to_string()
    } else {
        format!("{} {done}/{total}", i18n.t("lesson.card_button"))
    };
    let progress = i18n.format("lesson.progress", &[("done", &done), ("total", &total)]);
    let response = ui.button(label).on_hover_text(&progress);
    let mut accessible = i18n.format("lesson.learn_game", &[("game", &name)]);
    if done > 0 {
        accessible = format!("{accessible} ({progress})");
    }
    accessible_name(&response, &accessible);
    if response.clicked() {
        out.push(Command::OpenLessons(course));
    }
}

/// The header with the app's name and the global buttons.
fn header_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    top_bar(ui, "home_header", [20, 12], |ui| {
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(i18n.t("app.name"))
                        .size(28.0)
                        .strong()
                        .color(theme::INK),
                );
                // The tagline needs room beside the buttons; small windows leave it out.
                if ui.available_width() > 880.0 {
                    ui.label(RichText::new(i18n.t("home.tagline")).color(theme::MUTED));
                }
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui.button(i18n.t("home.settings")).clicked() {
                    out.push(Command::Open(Open::Settings));
                }
                if ui.button(i18n.t("home.open_record")).clicked() {
                    out.push(Command::Open(Open::Records));
                }
                if ui.button(i18n.t("home.rules")).clicked() {
                    out.push(Command::Open(Open::Rules(
                        GameId::ALL[0],
                        RulesTab::KeyPoints,
                    )));
                }
                if ui.button(i18n.t("puzzle.title")).clicked() {
                    out.push(Command::OpenPuzzles(None));
                }
                if ui
                    .button(i18n.t("lesson.home_button"))
                    .on_hover_text(i18n.t("lesson.home_button_hint"))
                    .clicked()
                {
                    out.push(Command::OpenLessons(view.lessons.next_course()));
                }
                ui.add_space(8.0);
                for l in Language::ALL.into_iter().rev() {
                    if ui
                        .selectable_label(i18n.language() == l, l.native_name())
                        .clicked()
                        && i18n.language() != l
                    {
                        out.push(Command::SetLanguage(l));
                    }
                }
            });
        });
    });
}

/// The card offering the game in progress.
fn continue_card_ui(ui: &mut egui::Ui, view: &View, game: Resumable, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let opponent = match game.setup.opponent {
        Opponent::Human => i18n.t("home.vs_human").to_string(),
        Opponent::Computer { level, .. } => i18n.format(
            "home.vs_computer",
            &[
                ("level", &level_name(i18n, level)),
                ("side", &game.human_side.map_or("", |s| side_name(i18n, s))),
            ],
        ),
        Opponent::Watch { black, white } => i18n.format(
            "home.watching",
            &[
                ("black", &level_name(i18n, black)),
                ("white", &level_name(i18n, white)),
            ],
        ),
    };
    theme::card_frame()
        .fill(egui::Color32::from_rgb(0xFF, 0xF7, 0xE8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.label(
                        RichText::new(i18n.t("home.in_progress"))
                            .strong()
                            .color(theme::ACCENT_DARK),
                    );
                    ui.label(
                        RichText::new(format!(
                            "{} · {} · {}",
                            game_name(i18n, game.setup.game),
                            opponent,
                            i18n.format("home.actions_played", &[("n", &game.actions)])
                        ))
                        .color(theme::INK),
                    );
                });
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui.button(i18n.t("home.discard")).clicked() {
                        out.push(Command::Open(Open::Confirm(Question::Discard)));
                    }
                    if ui
                        .add(theme::primary_button(i18n.t("home.continue")))
                        .clicked()
                    {
                        out.push(Command::ContinueGame);
                    }
                });
            });
        });
}

/// The results of one game: the total, then one line per opponent played.
fn stats_ui(ui: &mut egui::Ui, view: &View, game: GameId) {
    let i18n = view.i18n;
    let stats = view.stats;
    let total = stats.total(game);
    let tally_text = |t: Tally| {
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
            let rows: Vec<(String, Tally)> = Level::PLAYABLE
                .into_iter()
                .map(|l| {
                    let label = i18n.format("stats.vs_level", &[("level", &level_name(i18n, l))]);
                    (label, stats.tally(game, l.id()))
                })
                .collect();
            for (label, tally) in rows.into_iter().filter(|(_, t)| t.games() > 0) {
                ui.label(RichText::new(label).small().color(theme::MUTED));
                ui.label(RichText::new(tally_text(tally)).small());
                ui.end_row();
            }
        });
}
