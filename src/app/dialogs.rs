//! The dialogs: new game, settings, game records (export and open), and the confirmations
//! (resign, discard the saved game).

use std::path::PathBuf;

use egui::{Align, Layout, RichText};

use super::help::RulesView;
use super::sanqi::SanqiApp;
use super::settings::{ClockSetting, Opponent, Settings, Setup, SideChoice};
use super::text::{clock_name, game_name, level_name, side_name};
use super::theme;
use crate::ai::Level;
use crate::app::i18n::Language;
use crate::rules::{GameId, Side};

/// A question to confirm before acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Resign the game on the screen.
    Resign,
    /// Forget the saved game.
    Discard,
}

/// The state of the records dialog.
#[derive(Clone, Debug, Default)]
pub struct RecordsDialog {
    /// The path typed by the user.
    pub path: String,
    /// Why the last record could not be opened.
    pub error: Option<String>,
    /// The outcome of the last export.
    pub exported: Option<Result<PathBuf, String>>,
    /// The records found in the records folder when the dialog opened.
    pub files: Vec<PathBuf>,
}

/// Which dialogs are open, and what they hold.
#[derive(Default)]
pub struct Dialogs {
    /// The new-game dialog, with the choices so far.
    pub new_game: Option<Setup>,
    /// Whether the settings window is open.
    pub settings: bool,
    /// The rules window.
    pub rules: Option<RulesView>,
    /// The records dialog.
    pub records: Option<RecordsDialog>,
    /// A confirmation.
    pub confirm: Option<Confirm>,
}

impl Dialogs {
    /// Opens the new-game dialog with the last setup, for `game` if given.
    pub fn open_new_game(&mut self, settings: &Settings, game: Option<GameId>) {
        let mut setup = settings.last_setup;
        if let Some(game) = game {
            setup.game = game;
        }
        self.new_game = Some(setup);
    }

    /// Opens the rules window on a game.
    pub fn open_rules(&mut self, game: GameId) {
        match &mut self.rules {
            Some(view) => view.game = game,
            None => self.rules = Some(RulesView::new(game)),
        }
    }

    /// Closes the topmost dialog; returns whether one was open.
    pub fn close_top(&mut self) -> bool {
        if self.confirm.take().is_some() || self.new_game.take().is_some() {
            return true;
        }
        if self.records.take().is_some() {
            return true;
        }
        if std::mem::take(&mut self.settings) {
            return true;
        }
        self.rules.take().is_some()
    }

    /// Closes every dialog.
    pub fn close_all(&mut self) {
        *self = Dialogs::default();
    }

    /// Whether a dialog that takes the keyboard is open.
    pub fn any_modal(&self) -> bool {
        self.confirm.is_some() || self.new_game.is_some() || self.records.is_some()
    }
}

/// A drop-down list of the levels for one side, labelled with the side's name.
fn level_combo_ui(ui: &mut egui::Ui, i18n: &super::i18n::I18n, side: Side, level: &mut Level) {
    egui::ComboBox::new(("level_combo", side), side_name(i18n, side))
        .selected_text(level_name(i18n, *level))
        .show_ui(ui, |ui| {
            for l in Level::PLAYABLE {
                ui.selectable_value(level, l, level_name(i18n, l));
            }
        });
}

fn section_label(ui: &mut egui::Ui, text: &str) {
    ui.add_space(4.0);
    ui.label(RichText::new(text).strong().color(theme::MUTED));
}

impl SanqiApp {
    /// Draws whichever dialogs are open.
    pub(super) fn dialogs_ui(&mut self, ctx: &egui::Context) {
        self.rules_ui(ctx);
        self.settings_ui(ctx);
        self.new_game_ui(ctx);
        self.records_ui(ctx);
        self.confirm_ui(ctx);
    }

    /// Opens the records dialog, listing the records folder.
    pub(super) fn open_records_dialog(&mut self) {
        self.dialogs.records = Some(RecordsDialog {
            files: self.store.list_records(),
            ..RecordsDialog::default()
        });
    }

    fn new_game_ui(&mut self, ctx: &egui::Context) {
        let Some(mut setup) = self.dialogs.new_game else {
            return;
        };
        let i18n = &self.i18n;
        let in_progress = self.live_session().is_some_and(|s| !s.game.is_empty());
        let mut start = false;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::unique("new_game"))
            .frame(theme::dialog_frame())
            .show(ctx, |ui| {
                ui.set_width(470.0);
                ui.heading(i18n.t("newgame.title"));
                ui.add_space(6.0);
                section_label(ui, i18n.t("newgame.game"));
                ui.horizontal_wrapped(|ui| {
                    for game in GameId::ALL {
                        ui.selectable_value(&mut setup.game, game, game_name(i18n, game));
                    }
                });
                section_label(ui, i18n.t("newgame.opponent"));
                let kind = match setup.opponent {
                    Opponent::Human => 0,
                    Opponent::Computer { .. } => 1,
                    Opponent::Watch { .. } => 2,
                };
                let last_level = match setup.opponent {
                    Opponent::Computer { level, .. } => level,
                    Opponent::Watch { black, .. } => black,
                    Opponent::Human => Level::Medium,
                };
                ui.vertical(|ui| {
                    if ui.radio(kind == 0, i18n.t("newgame.vs_human")).clicked() {
                        setup.opponent = Opponent::Human;
                    }
                    if ui.radio(kind == 1, i18n.t("newgame.vs_computer")).clicked() && kind != 1 {
                        setup.opponent = Opponent::Computer {
                            level: last_level,
                            side: SideChoice::Black,
                        };
                    }
                    if ui.radio(kind == 2, i18n.t("newgame.watch")).clicked() && kind != 2 {
                        setup.opponent = Opponent::Watch {
                            black: last_level,
                            white: last_level,
                        };
                    }
                });
                match &mut setup.opponent {
                    Opponent::Human => {}
                    Opponent::Computer { level, side } => {
                        section_label(ui, i18n.t("newgame.your_side"));
                        ui.horizontal(|ui| {
                            for choice in SideChoice::ALL {
                                let label = match choice.side() {
                                    Some(s) => side_name(i18n, s),
                                    None => i18n.t("newgame.random_side"),
                                };
                                ui.selectable_value(side, choice, label);
                            }
                        });
                        section_label(ui, i18n.t("newgame.level"));
                        ui.horizontal(|ui| {
                            for l in Level::PLAYABLE {
                                ui.selectable_value(level, l, level_name(i18n, l));
                            }
                        });
                    }
                    Opponent::Watch { black, white } => {
                        section_label(ui, i18n.t("newgame.levels"));
                        for (side, level) in [(Side::Black, black), (Side::White, white)] {
                            level_combo_ui(ui, i18n, side, level);
                        }
                    }
                }
                section_label(ui, i18n.t("newgame.clock"));
                ui.horizontal(|ui| {
                    for c in ClockSetting::ALL {
                        ui.selectable_value(&mut setup.clock, c, clock_name(i18n, c));
                    }
                });
                if in_progress {
                    ui.add_space(6.0);
                    ui.label(RichText::new(i18n.t("newgame.abandon_warning")).color(theme::WARN));
                }
                ui.add_space(10.0);
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui
                        .add(theme::primary_button(i18n.t("newgame.start")))
                        .clicked()
                    {
                        start = true;
                    }
                    if ui.button(i18n.t("dialog.cancel")).clicked() {
                        cancel = true;
                    }
                });
            });
        if modal.should_close() {
            cancel = true;
        }
        if start {
            self.dialogs.new_game = None;
            self.start_game(setup);
        } else if cancel {
            self.dialogs.new_game = None;
        } else {
            self.dialogs.new_game = Some(setup);
        }
    }

    fn settings_ui(&mut self, ctx: &egui::Context) {
        if !self.dialogs.settings {
            return;
        }
        let mut open = true;
        let mut language = self.i18n.language();
        let mut settings = self.settings.clone();
        let session_info = self
            .session
            .as_ref()
            .filter(|s| !s.is_over() && !s.from_record)
            .map(|s| s.setup);
        let mut new_clock = None;
        let mut new_level = None;
        let mut close = false;
        let title = self.i18n.t("settings.title").to_string();
        let i18n = &self.i18n;
        let data_dir = self.store.dir().map(|d| d.display().to_string());
        egui::Window::new(title)
            .id(egui::Id::unique("settings_window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(380.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                section_label(ui, i18n.t("settings.language"));
                ui.horizontal(|ui| {
                    for l in Language::ALL {
                        ui.selectable_value(&mut language, l, l.native_name());
                    }
                });
                section_label(ui, i18n.t("settings.board"));
                ui.checkbox(&mut settings.animations, i18n.t("settings.animations"));
                ui.checkbox(&mut settings.flip_board, i18n.t("settings.flip"));
                ui.checkbox(
                    &mut settings.show_coordinates,
                    i18n.t("settings.coordinates"),
                );
                if let Some(setup) = session_info {
                    ui.separator();
                    section_label(ui, i18n.t("settings.this_game"));
                    ui.label(i18n.t("newgame.clock"));
                    ui.horizontal(|ui| {
                        for c in ClockSetting::ALL {
                            if ui
                                .selectable_label(setup.clock == c, clock_name(i18n, c))
                                .clicked()
                            {
                                new_clock = Some(c);
                            }
                        }
                    });
                    match setup.opponent {
                        Opponent::Human => {}
                        Opponent::Computer { level, .. } => {
                            ui.label(i18n.t("newgame.level"));
                            ui.horizontal(|ui| {
                                for l in Level::PLAYABLE {
                                    if ui
                                        .selectable_label(level == l, level_name(i18n, l))
                                        .clicked()
                                    {
                                        new_level = Some((None, l));
                                    }
                                }
                            });
                        }
                        Opponent::Watch { .. } => {
                            ui.label(i18n.t("newgame.levels"));
                            for side in Side::BOTH {
                                let Some(current) = setup.opponent.level_of(side, None) else {
                                    continue;
                                };
                                let mut level = current;
                                level_combo_ui(ui, i18n, side, &mut level);
                                if level != current {
                                    new_level = Some((Some(side), level));
                                }
                            }
                        }
                    }
                }
                ui.separator();
                if let Some(dir) = &data_dir {
                    ui.label(
                        RichText::new(i18n.format("settings.data_folder", &[("path", dir)]))
                            .small()
                            .color(theme::MUTED),
                    );
                }
                ui.add_space(4.0);
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui.button(i18n.t("dialog.close")).clicked() {
                        close = true;
                    }
                });
            });
        if language != self.i18n.language() {
            self.set_language(language);
        }
        if settings != self.settings {
            settings.language = self.settings.language;
            self.settings = settings;
            self.save_settings();
        }
        if let Some(c) = new_clock {
            self.set_clock(c);
        }
        if let Some((side, level)) = new_level {
            self.set_level(side, level);
        }
        if !open || close {
            self.dialogs.settings = false;
        }
    }

    fn records_ui(&mut self, ctx: &egui::Context) {
        let Some(mut dialog) = self.dialogs.records.take() else {
            return;
        };
        let can_export = self.session.is_some();
        let records_dir = self.store.records_dir();
        let mut export = false;
        let mut open_path: Option<PathBuf> = None;
        let mut close = false;
        let i18n = &self.i18n;
        let modal = egui::Modal::new(egui::Id::unique("records"))
            .frame(theme::dialog_frame())
            .show(ctx, |ui| {
                ui.set_width(520.0);
                ui.heading(i18n.t("records.title"));
                ui.add_space(4.0);
                section_label(ui, i18n.t("records.export_heading"));
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(can_export, egui::Button::new(i18n.t("records.export")))
                        .clicked()
                    {
                        export = true;
                    }
                    if !can_export {
                        ui.label(
                            RichText::new(i18n.t("records.nothing_to_export")).color(theme::MUTED),
                        );
                    }
                });
                match &dialog.exported {
                    Some(Ok(path)) => {
                        ui.label(
                            RichText::new(
                                i18n.format("records.exported", &[("path", &path.display())]),
                            )
                            .color(theme::GOOD),
                        );
                    }
                    Some(Err(why)) => {
                        ui.label(
                            RichText::new(i18n.format("records.export_failed", &[("reason", why)]))
                                .color(theme::WARN),
                        );
                    }
                    None => {}
                }
                ui.separator();
                section_label(ui, i18n.t("records.open_heading"));
                ui.label(
                    RichText::new(
                        i18n.format("records.folder", &[("path", &records_dir.display())]),
                    )
                    .small()
                    .color(theme::MUTED),
                );
                if dialog.files.is_empty() {
                    ui.label(
                        RichText::new(i18n.t("records.none"))
                            .italics()
                            .color(theme::MUTED),
                    );
                } else {
                    egui::ScrollArea::vertical()
                        .max_height(180.0)
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            for file in &dialog.files {
                                let name = file
                                    .file_name()
                                    .map(|n| n.to_string_lossy().to_string())
                                    .unwrap_or_else(|| file.display().to_string());
                                if ui
                                    .add(egui::Button::new(name).frame(false))
                                    .on_hover_text(file.display().to_string())
                                    .clicked()
                                {
                                    open_path = Some(file.clone());
                                }
                            }
                        });
                }
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    let label = ui.label(i18n.t("records.path"));
                    let edit = ui
                        .add(
                            egui::TextEdit::singleline(&mut dialog.path)
                                .hint_text(i18n.t("records.path_hint"))
                                .desired_width(300.0),
                        )
                        .labelled_by(label.id);
                    let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if (ui.button(i18n.t("records.open")).clicked() || enter)
                        && !dialog.path.trim().is_empty()
                    {
                        open_path = Some(PathBuf::from(dialog.path.trim()));
                    }
                });
                if let Some(error) = &dialog.error {
                    ui.label(RichText::new(error).color(theme::WARN));
                }
                ui.add_space(6.0);
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui.button(i18n.t("dialog.close")).clicked() {
                        close = true;
                    }
                });
            });
        if modal.should_close() {
            close = true;
        }
        if export {
            dialog.exported = Some(self.export_record());
            dialog.files = self.store.list_records();
        }
        if let Some(path) = open_path {
            match self.open_record(&path) {
                Ok(()) => return,
                Err(why) => {
                    dialog.error =
                        Some(self.i18n.format("records.open_failed", &[("reason", &why)]))
                }
            }
        }
        if !close {
            self.dialogs.records = Some(dialog);
        }
    }

    fn confirm_ui(&mut self, ctx: &egui::Context) {
        let Some(confirm) = self.dialogs.confirm else {
            return;
        };
        let i18n = &self.i18n;
        let (question, yes) = match confirm {
            Confirm::Resign => {
                let side = self
                    .resigning_side()
                    .map(|s| side_name(i18n, s).to_string())
                    .unwrap_or_default();
                (
                    i18n.format("confirm.resign", &[("side", &side)]),
                    i18n.t("confirm.resign_yes"),
                )
            }
            Confirm::Discard => (
                i18n.t("confirm.discard").to_string(),
                i18n.t("confirm.discard_yes"),
            ),
        };
        let mut accepted = false;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::unique("confirm"))
            .frame(theme::dialog_frame())
            .show(ctx, |ui| {
                ui.set_width(360.0);
                ui.add_space(4.0);
                ui.label(RichText::new(question).size(16.0));
                ui.add_space(12.0);
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui.add(theme::primary_button(yes)).clicked() {
                        accepted = true;
                    }
                    if ui.button(i18n.t("dialog.cancel")).clicked() {
                        cancel = true;
                    }
                });
            });
        if modal.should_close() {
            cancel = true;
        }
        if accepted {
            self.dialogs.confirm = None;
            match confirm {
                Confirm::Resign => self.resign(),
                Confirm::Discard => self.discard_game(),
            }
        } else if cancel {
            self.dialogs.confirm = None;
        }
    }
}
