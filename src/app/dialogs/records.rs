//! The records dialog: export the game on the screen as a record file, and open one (from the
//! records folder's list or by its path) for review.

use std::path::PathBuf;

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Done, Outcome};
use crate::app::error::AppError;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{dialog_buttons, modal_ui, section_label};

/// The records dialog's state.
pub struct RecordsDialog {
    /// The path typed by the user.
    path: String,
    /// Why the last record could not be opened.
    error: Option<AppError>,
    /// The outcome of the last export.
    exported: Option<Result<PathBuf, AppError>>,
    /// The records in the records folder, newest first.
    files: Vec<PathBuf>,
}

impl RecordsDialog {
    /// The dialog listing `files`.
    pub fn new(files: Vec<PathBuf>) -> RecordsDialog {
        RecordsDialog {
            path: String::new(),
            error: None,
            exported: None,
            files,
        }
    }
}

impl Dialog for RecordsDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let can_export = view.session.is_some();
        let mut close = false;
        let modal = modal_ui(ctx, "records", 520.0, |ui| {
            ui.heading(i18n.t("records.title"));
            ui.add_space(4.0);
            section_label(ui, i18n.t("records.export_heading"));
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(can_export, egui::Button::new(i18n.t("records.export")))
                    .clicked()
                {
                    commands.push(Command::ExportRecord);
                }
                if !can_export {
                    ui.label(
                        RichText::new(i18n.t("records.nothing_to_export")).color(theme::MUTED),
                    );
                }
            });
            match &self.exported {
                Some(Ok(path)) => {
                    ui.label(
                        RichText::new(
                            i18n.format("records.exported", &[("path", &path.display())]),
                        )
                        .color(theme::GOOD),
                    );
                }
                Some(Err(error)) => {
                    ui.label(RichText::new(error.message(i18n)).color(theme::WARN));
                }
                None => {}
            }
            ui.separator();
            section_label(ui, i18n.t("records.open_heading"));
            ui.label(
                RichText::new(
                    i18n.format("records.folder", &[("path", &view.records_dir.display())]),
                )
                .small()
                .color(theme::MUTED),
            );
            if self.files.is_empty() {
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
                        for file in &self.files {
                            let name = file
                                .file_name()
                                .map(|n| n.to_string_lossy().to_string())
                                .unwrap_or_else(|| file.display().to_string());
                            if ui
                                .add(egui::Button::new(name).frame(false))
                                .on_hover_text(file.display().to_string())
                                .clicked()
                            {
                                commands.push(Command::OpenRecord(file.clone()));
                            }
                        }
                    });
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let label = ui.label(i18n.t("records.path"));
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.path)
                            .hint_text(i18n.t("records.path_hint"))
                            .desired_width(300.0),
                    )
                    .labelled_by(label.id);
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button(i18n.t("records.open")).clicked() || enter)
                    && !self.path.trim().is_empty()
                {
                    commands.push(Command::OpenRecord(PathBuf::from(self.path.trim())));
                }
            });
            if let Some(error) = &self.error {
                ui.label(RichText::new(error.message(i18n)).color(theme::WARN));
            }
            ui.add_space(6.0);
            dialog_buttons(ui, |ui| {
                if ui.button(i18n.t("dialog.close")).clicked() {
                    close = true;
                }
            });
        });
        if close || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }

    fn hear(&mut self, command: &Command, outcome: &Outcome) -> bool {
        match (command, outcome) {
            (Command::ExportRecord, Ok(Done::Exported(path))) => {
                if !self.files.contains(path) {
                    self.files.insert(0, path.clone());
                }
                self.exported = Some(Ok(path.clone()));
                false
            }
            (Command::ExportRecord, Err(error)) => {
                self.exported = Some(Err(error.clone()));
                true
            }
            (Command::OpenRecord(_), Err(error)) => {
                self.error = Some(error.clone());
                true
            }
            _ => false,
        }
    }
}
