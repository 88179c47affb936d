//! The settings window: the language, the board options, the clock and the computer's level
//! of the game being played, and where the app keeps its files.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{BoardOption, Command, Open};
use crate::app::i18n::Language;
use crate::app::settings::{ClockSetting, Opponent};
use crate::app::text::clock_name;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    LevelPicker, PickerStyle, dialog_buttons, opponent_levels_ui, section_label,
};

/// The settings window (its state is the settings themselves).
pub struct SettingsDialog;

impl Dialog for SettingsDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let settings = view.settings;
        let mut open = true;
        let mut close = false;
        egui::Window::new(i18n.t("settings.title"))
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
                        if ui
                            .selectable_label(i18n.language() == l, l.native_name())
                            .clicked()
                            && i18n.language() != l
                        {
                            commands.push(Command::SetLanguage(l));
                        }
                    }
                });
                section_label(ui, i18n.t("settings.board"));
                for (option, mut on, key) in [
                    (
                        BoardOption::Animations,
                        settings.animations,
                        "settings.animations",
                    ),
                    (BoardOption::Flip, settings.flip_board, "settings.flip"),
                    (
                        BoardOption::Coordinates,
                        settings.show_coordinates,
                        "settings.coordinates",
                    ),
                ] {
                    if ui.checkbox(&mut on, i18n.t(key)).changed() {
                        commands.push(Command::SetBoardOption(option, on));
                    }
                }
                section_label(ui, i18n.t("panel.clock"));
                let mut in_background = settings.pause_in_background;
                if ui
                    .checkbox(&mut in_background, i18n.t("settings.pause_in_background"))
                    .changed()
                {
                    commands.push(Command::SetPauseInBackground(in_background));
                }
                if let Some(s) = view.live_session() {
                    let setup = s.setup();
                    ui.separator();
                    section_label(ui, i18n.t("settings.this_game"));
                    ui.label(i18n.t("newgame.clock"));
                    ui.horizontal(|ui| {
                        for c in ClockSetting::ALL {
                            if ui
                                .selectable_label(setup.clock == c, clock_name(i18n, c))
                                .clicked()
                            {
                                commands.push(Command::SetClock(c));
                            }
                        }
                    });
                    match setup.opponent {
                        Opponent::Human => {}
                        Opponent::Computer { .. } => {
                            ui.label(i18n.t("newgame.level"));
                        }
                        Opponent::Watch { .. } => {
                            ui.label(i18n.t("newgame.levels"));
                        }
                    }
                    let single = LevelPicker::new("settings", PickerStyle::Row);
                    if let Some((side, level)) =
                        opponent_levels_ui(ui, i18n, "settings", setup.opponent, single)
                    {
                        commands.push(Command::SetLevel(side, level));
                    }
                }
                ui.separator();
                if let Some(dir) = view.data_dir {
                    ui.label(
                        RichText::new(
                            i18n.format("settings.data_folder", &[("path", &dir.display())]),
                        )
                        .small()
                        .color(theme::MUTED),
                    );
                }
                ui.add_space(4.0);
                dialog_buttons(ui, |ui| {
                    if ui.button(i18n.t("dialog.close")).clicked() {
                        close = true;
                    }
                });
            });
        if !open || close {
            return Stay::Closed;
        }
        Stay::Open
    }

    fn is_modal(&self) -> bool {
        false
    }

    fn reopen(&mut self, _request: Open) -> bool {
        true
    }
}
