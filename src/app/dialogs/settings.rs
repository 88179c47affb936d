//! The settings window: the language, light or dark, the board options, the sound, the clock and the computer's level
//! of the game being played, the Flying table (its state, its build with progress, cancel
//! and resume), and where the app keeps its files.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{BoardOption, Command, Open};
use crate::app::flying_table::{BuildState, TableState};
use crate::app::i18n::I18n;
use crate::app::i18n::Language;
use crate::app::settings::{ClockSetting, Opponent, ThemeChoice};
use crate::app::storage::date_text;
use crate::app::text::{clock_name, duration_text, shown_path};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    LevelPicker, PickerStyle, dialog_buttons, opponent_levels_ui, section_label,
};
use crate::tablebase::Phase;

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
            // In a small window the settings scroll instead of running off the screen.
            .vscroll(true)
            .max_height((ctx.content_rect().height() - 90.0).max(200.0))
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
                section_label(ui, i18n.t("settings.appearance"));
                ui.horizontal(|ui| {
                    for choice in ThemeChoice::ALL {
                        let name = match choice {
                            ThemeChoice::System => i18n.t("settings.theme_system"),
                            ThemeChoice::Light => i18n.t("settings.theme_light"),
                            ThemeChoice::Dark => i18n.t("settings.theme_dark"),
                        };
                        if ui
                            .selectable_label(settings.theme == choice, name)
                            .clicked()
                            && settings.theme != choice
                        {
                            commands.push(Command::SetTheme(choice));
                        }
                    }
                });
                sound_ui(ui, view, commands);
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
                    let single = LevelPicker::new("settings", PickerStyle::Row, setup.game);
                    if let Some((side, level)) =
                        opponent_levels_ui(ui, i18n, "settings", setup.opponent, single)
                    {
                        commands.push(Command::SetLevel(side, level));
                    }
                }
                ui.separator();
                table_ui(ui, view, commands);
                ui.separator();
                if let Some(dir) = view.data_dir {
                    ui.label(
                        RichText::new(
                            i18n.format("settings.data_folder", &[("path", &shown_path(dir))]),
                        )
                        .small()
                        .color(theme::muted()),
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

/// The sounds: on or off, and how loud (a knock at the new volume when the slider is let go).
fn sound_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    let settings = view.settings;
    section_label(ui, i18n.t("settings.sound"));
    let mut on = settings.sound;
    if ui.checkbox(&mut on, i18n.t("settings.sound_on")).changed() {
        commands.push(Command::SetSound(on));
    }
    ui.add_enabled_ui(settings.sound, |ui| {
        ui.horizontal(|ui| {
            let mut volume = settings.volume;
            let slider = ui.add(
                egui::Slider::new(&mut volume, 0..=100)
                    .suffix(" %")
                    .text(i18n.t("settings.volume")),
            );
            if slider.changed() {
                commands.push(Command::SetVolume(volume));
            }
            if slider.drag_stopped() || (slider.changed() && !slider.dragged()) {
                commands.push(Command::PreviewSound);
            }
        });
    });
}

/// What a build is doing, in words.
fn phase_text(i18n: &I18n, phase: Phase) -> String {
    match phase {
        Phase::Preparing => i18n.t("table.phase_preparing").to_string(),
        Phase::Resuming => i18n.t("table.phase_resuming").to_string(),
        Phase::CountingMoves => i18n.t("table.phase_counting").to_string(),
        Phase::Distance(n) => i18n.format("table.phase_results", &[("n", &n)]),
        Phase::FlipDistance(n) => i18n.format("table.phase_flips", &[("n", &n)]),
        Phase::Checkpointing => i18n.t("table.phase_checkpoint").to_string(),
        Phase::Writing => i18n.t("table.phase_writing").to_string(),
    }
}

/// The Flying table: its state, and the build with its progress, cancel and resume.
fn table_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    let table = view.table;
    section_label(ui, i18n.t("table.title"));
    let small = |ui: &mut egui::Ui, text: String| {
        ui.add(egui::Label::new(RichText::new(text).small().color(theme::muted())).wrap());
    };
    if let Some(BuildState::Running(progress)) = table.build {
        ui.label(i18n.format(
            "table.building",
            &[
                ("percent", &format!("{:.0}", progress.fraction * 100.0)),
                ("phase", &phase_text(i18n, progress.phase)),
            ],
        ));
        ui.add(egui::ProgressBar::new(progress.fraction.clamp(0.0, 1.0)).desired_height(10.0));
        small(
            ui,
            i18n.format(
                "table.elapsed",
                &[("time", &duration_text(i18n, progress.elapsed))],
            ),
        );
        if ui.button(i18n.t("table.cancel")).clicked() {
            commands.push(Command::CancelTableBuild);
        }
        return;
    }
    let can_build = match &table.state {
        TableState::Ready(ready) => {
            let mb = (ready.bytes + 500_000) / 1_000_000;
            let when = ready.written.map(date_text).unwrap_or_default();
            ui.label(i18n.format("table.built", &[("size", &mb), ("when", &when)]));
            small(
                ui,
                i18n.format(
                    "table.built_detail",
                    &[(
                        "time",
                        &duration_text(i18n, ready.table.figures().solve_time),
                    )],
                ),
            );
            false
        }
        TableState::Opening => {
            ui.label(i18n.t("table.opening"));
            false
        }
        TableState::Missing => {
            ui.label(i18n.t("table.missing"));
            small(ui, i18n.t("table.missing_detail").to_string());
            true
        }
        TableState::Damaged(_) => {
            ui.label(RichText::new(i18n.t("table.damaged")).color(theme::warn()));
            true
        }
        TableState::NoFolder => {
            ui.label(i18n.t("table.no_folder"));
            false
        }
        TableState::DesktopOnly => {
            ui.label(i18n.t("table.desktop_only"));
            small(ui, i18n.t("table.desktop_only_detail").to_string());
            false
        }
    };
    if table.build == Some(BuildState::Cancelled) || (table.resumable && can_build) {
        small(ui, i18n.t("table.resumable").to_string());
    }
    if let Some(why) = &table.build_error {
        small(
            ui,
            i18n.format(
                "table.notice_failed",
                &[("reason", &crate::echo::one_line(why, 200))],
            ),
        );
    }
    if can_build {
        let label = if table.resumable {
            i18n.t("table.resume")
        } else {
            i18n.t("table.build")
        };
        if ui.add(theme::primary_button(label)).clicked() {
            commands.push(Command::BuildTable);
        }
    }
}
