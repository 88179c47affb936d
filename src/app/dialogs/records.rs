//! The records dialog: export the game on the screen as a record file (into the records
//! folder, or wherever the system's file chooser says), and open one (from the records
//! folder's list, through the chooser or by its typed path) for review. A record that would
//! replace a game in progress is opened only once the user has said yes.

use std::path::PathBuf;

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Done, Outcome};
use crate::app::error::AppError;
use crate::app::file_chooser::{Answer, Choosing, FileChooser, Request, with_json_extension};
use crate::app::text::game_name;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{dialog_buttons, modal_ui, section_label};
use crate::echo::quoted_path;

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
    /// A record that would replace the game in progress, waiting for the user's yes.
    replacing: Option<PathBuf>,
    /// The system's file chooser, while it is open.
    chooser: FileChooser,
    /// Whether the system has a file chooser.
    chooser_available: bool,
    /// Whether the user asked for a file chooser the system does not have.
    no_chooser: bool,
}

impl RecordsDialog {
    /// The dialog listing `files`, offering the system's file chooser when
    /// `chooser_available`.
    pub fn new(files: Vec<PathBuf>, chooser_available: bool) -> RecordsDialog {
        RecordsDialog {
            path: String::new(),
            error: None,
            exported: None,
            files,
            replacing: None,
            chooser: FileChooser::default(),
            chooser_available,
            no_chooser: false,
        }
    }

    /// The question before a record replaces the game in progress.
    fn replace_ui(&mut self, ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
        let i18n = view.i18n;
        let Some(path) = self.replacing.clone() else {
            return;
        };
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        let game = view
            .live_session()
            .map(|s| {
                let actions = i18n.format("home.actions_played", &[("n", &s.game().len())]);
                format!("{} · {actions}", game_name(i18n, s.setup().game))
            })
            .unwrap_or_default();
        ui.add_space(4.0);
        ui.add(
            egui::Label::new(
                RichText::new(i18n.format("records.replace_question", &[("name", &name)]))
                    .size(16.0),
            )
            .wrap(),
        );
        ui.add_space(4.0);
        ui.add(
            egui::Label::new(
                RichText::new(i18n.format("records.replace_detail", &[("game", &game)]))
                    .color(theme::MUTED),
            )
            .wrap(),
        );
        ui.add_space(12.0);
        dialog_buttons(ui, |ui| {
            if ui
                .add(theme::primary_button(i18n.t("records.replace_yes")))
                .clicked()
            {
                commands.push(Command::ReplaceWithRecord(path.clone()));
                self.replacing = None;
            }
            if ui.button(i18n.t("dialog.cancel")).clicked() {
                self.replacing = None;
            }
        });
    }

    /// Opens the system's file chooser for `choosing`.
    fn choose(&mut self, ctx: &egui::Context, view: &View, choosing: Choosing) {
        if !self.chooser_available {
            // Said in the dialog: the typed path and the records folder remain.
            self.no_chooser = true;
            return;
        }
        let i18n = view.i18n;
        let (title, file_name) = match choosing {
            Choosing::Open => (i18n.t("records.chooser_open"), None),
            Choosing::Save => {
                let game = view.session.map_or("game", |s| s.setup().game.id());
                (
                    i18n.t("records.chooser_save"),
                    Some(format!("sanqi-{game}.json")),
                )
            }
        };
        let request = Request {
            title,
            folder: &view.records_dir,
            filter: i18n.t("records.filter"),
            file_name,
        };
        self.chooser.open(ctx, choosing, request);
    }
}

impl Dialog for RecordsDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        match self.chooser.answer() {
            Some((Choosing::Open, Answer::Chosen(path))) => {
                commands.push(Command::OpenRecord(path));
            }
            Some((Choosing::Save, Answer::Chosen(path))) => {
                commands.push(Command::ExportRecordTo(with_json_extension(path)));
            }
            // The system seemed to have a chooser, but none came up.
            Some((_, Answer::Unavailable)) => self.no_chooser = true,
            Some((_, Answer::Cancelled)) | None => {}
        }
        let can_export = view.session.is_some();
        let choosing = self.chooser.is_open();
        let mut close = false;
        let mut chosen = None;
        let modal = modal_ui(ctx, "records", 520.0, |ui| {
            ui.heading(i18n.t("records.title"));
            if self.replacing.is_some() {
                self.replace_ui(ui, view, commands);
                return;
            }
            ui.add_space(4.0);
            section_label(ui, i18n.t("records.export_heading"));
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(can_export, egui::Button::new(i18n.t("records.export")))
                    .clicked()
                {
                    commands.push(Command::ExportRecord);
                }
                let save_as = egui::Button::new(i18n.t("records.export_to"));
                if ui.add_enabled(can_export && !choosing, save_as).clicked() {
                    chosen = Some(Choosing::Save);
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
                            i18n.format("records.exported", &[("path", &quoted_path(path))]),
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
                RichText::new(i18n.format(
                    "records.folder",
                    &[("path", &quoted_path(&view.records_dir))],
                ))
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
                            let name = file.file_name().map_or_else(
                                || file.display().to_string(),
                                |n| n.to_string_lossy().to_string(),
                            );
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
                            .desired_width(260.0),
                    )
                    .labelled_by(label.id);
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button(i18n.t("records.open")).clicked() || enter)
                    && !self.path.trim().is_empty()
                {
                    commands.push(Command::OpenRecord(PathBuf::from(self.path.trim())));
                }
                let browse = egui::Button::new(i18n.t("records.choose"));
                if ui.add_enabled(!choosing, browse).clicked() {
                    chosen = Some(Choosing::Open);
                }
            });
            if choosing {
                ui.label(
                    RichText::new(i18n.t("records.chooser_waiting"))
                        .italics()
                        .color(theme::MUTED),
                );
            }
            if self.no_chooser {
                ui.add(
                    egui::Label::new(
                        RichText::new(i18n.t("records.no_chooser")).color(theme::WARN),
                    )
                    .wrap(),
                );
            }
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
        if let Some(choosing) = chosen {
            self.choose(ctx, view, choosing);
        }
        if close || (modal.should_close() && !self.chooser.is_open()) {
            if self.replacing.take().is_some() && !close {
                // Escape or a click outside answers the question, not the whole dialog.
                return Stay::Open;
            }
            return Stay::Closed;
        }
        Stay::Open
    }

    fn hear(&mut self, command: &Command, outcome: &Outcome) -> bool {
        match (command, outcome) {
            (Command::ExportRecord | Command::ExportRecordTo(_), Ok(Done::Exported(path))) => {
                if !self.files.contains(path) {
                    self.files.insert(0, path.clone());
                }
                self.exported = Some(Ok(path.clone()));
                false
            }
            (Command::ExportRecord | Command::ExportRecordTo(_), Err(error)) => {
                self.exported = Some(Err(error.clone()));
                true
            }
            (Command::OpenRecord(_), Ok(Done::WouldReplace(path))) => {
                self.error = None;
                self.replacing = Some(path.clone());
                false
            }
            (Command::OpenRecord(_) | Command::ReplaceWithRecord(_), Err(error)) => {
                self.error = Some(error.clone());
                true
            }
            _ => false,
        }
    }
}
