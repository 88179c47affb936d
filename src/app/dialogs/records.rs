//! The records dialog: export the game on the screen as a record file (into the records
//! folder, or to a typed path or wherever the system's file chooser says), and open one (from
//! the records folder's list, through the chooser or by its typed path) for review. A record
//! that would replace a game in progress is opened only once the user has said yes, and a
//! typed path replaces a file only once the user has said yes. The messages that come and go
//! have space kept for them, so that the buttons stay where they are.

use std::path::{Path, PathBuf};

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

/// How many rows of the records folder's list show at once.
const LIST_ROWS: f32 = 4.0;

/// The records dialog's state.
pub struct RecordsDialog {
    /// The path of a record to open, typed by the user.
    path: String,
    /// The path to save the record to, typed by the user.
    save_path: String,
    /// A typed path to save to where a file already is, waiting for the user's yes.
    overwrite: Option<PathBuf>,
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
    /// What the user asked a file chooser for that the system does not have.
    no_chooser: Option<Choosing>,
}

impl RecordsDialog {
    /// The dialog listing `files`, offering the system's file chooser when
    /// `chooser_available`.
    pub fn new(files: Vec<PathBuf>, chooser_available: bool) -> RecordsDialog {
        RecordsDialog {
            path: String::new(),
            save_path: String::new(),
            overwrite: None,
            error: None,
            exported: None,
            files,
            replacing: None,
            chooser: FileChooser::default(),
            chooser_available,
            no_chooser: None,
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
                    .color(theme::muted()),
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
        // What is said under the section is about this request now.
        if choosing == Choosing::Open {
            self.error = None;
        }
        if !self.chooser_available {
            // Said in the dialog: the typed paths and the records folder remain.
            self.no_chooser = Some(choosing);
            return;
        }
        self.no_chooser = None;
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

impl RecordsDialog {
    /// Saving the game on the screen: into the records folder, or to a file named by its
    /// typed path or through the system's chooser; then how it went, in a space kept for it.
    fn save_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        commands: &mut Vec<Command>,
        chosen: &mut Option<Choosing>,
    ) {
        let i18n = view.i18n;
        let choosing = self.chooser.is_open();
        section_label(ui, i18n.t("records.export_heading"));
        if ui.button(i18n.t("records.export")).clicked() {
            commands.push(Command::ExportRecord);
        }
        let (typed, browse) = path_row_ui(
            ui,
            view,
            &mut self.save_path,
            [
                "records.save_path",
                "records.save_hint",
                "records.save",
                "records.export_to",
            ],
            !choosing,
        );
        if browse {
            *chosen = Some(Choosing::Save);
        }
        if typed {
            let path = save_target(&view.records_dir, &self.save_path);
            if path.exists() {
                self.overwrite = Some(path);
            } else {
                commands.push(Command::ExportRecordTo(path));
            }
        }
        status_ui(ui, 1.0, |ui| {
            if let Some(path) = self.overwrite.clone() {
                let name = quoted_path(path.file_name().map_or(path.as_path(), Path::new));
                let question = i18n.format("records.overwrite", &[("name", &name)]);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(i18n.t("dialog.cancel")).clicked() {
                        self.overwrite = None;
                    }
                    if ui.button(i18n.t("records.overwrite_yes")).clicked() {
                        commands.push(Command::ExportRecordTo(path));
                        self.overwrite = None;
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        status_label(ui, question, theme::warn(), 1);
                    });
                });
                return;
            }
            let (text, color) = match &self.exported {
                _ if self.chooser.purpose() == Some(Choosing::Save) => (
                    i18n.t("records.chooser_waiting").to_string(),
                    theme::muted(),
                ),
                _ if self.no_chooser == Some(Choosing::Save) => {
                    (i18n.t("records.no_chooser_save").to_string(), theme::warn())
                }
                Some(Ok(path)) => (
                    i18n.format(
                        "records.exported",
                        &[("path", &crate::echo::quoted_path(path))],
                    ),
                    theme::good(),
                ),
                Some(Err(error)) => (error.message(i18n), theme::warn()),
                None => return,
            };
            status_label(ui, text, color, 1);
        });
    }

    /// Opening a record: the records folder's list, a typed path or the system's chooser;
    /// then what went wrong, if anything, in a space kept for it.
    fn open_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        commands: &mut Vec<Command>,
        chosen: &mut Option<Choosing>,
    ) {
        let i18n = view.i18n;
        let choosing = self.chooser.is_open();
        section_label(ui, i18n.t("records.open_heading"));
        ui.label(
            RichText::new(i18n.format("records.folder", &[("path", &view.records_dir.display())]))
                .small()
                .color(theme::muted()),
        );
        // The list keeps one height, empty or full, so that an export adding to it moves
        // nothing; a longer list scrolls.
        let height = LIST_ROWS * ui.spacing().interact_size.y;
        let width = ui.available_width();
        let list = egui::Frame::new()
            .fill(theme::paper())
            .corner_radius(egui::CornerRadius::same(6))
            .inner_margin(egui::Margin::symmetric(6, 4));
        list.show(ui, |ui| {
            ui.set_min_size(egui::vec2(width - 12.0, height));
            ui.set_max_height(height);
            if self.files.is_empty() {
                ui.label(
                    RichText::new(i18n.t("records.none"))
                        .italics()
                        .color(theme::muted()),
                );
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.spacing_mut().item_spacing.y = 2.0;
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
        });
        ui.add_space(4.0);
        let (typed, browse) = path_row_ui(
            ui,
            view,
            &mut self.path,
            [
                "records.path",
                "records.path_hint",
                "records.open",
                "records.choose",
            ],
            !choosing,
        );
        if typed {
            commands.push(Command::OpenRecord(PathBuf::from(self.path.trim())));
        }
        if browse {
            *chosen = Some(Choosing::Open);
        }
        status_ui(ui, 2.0, |ui| {
            let (text, color) = if self.chooser.purpose() == Some(Choosing::Open) {
                (
                    i18n.t("records.chooser_waiting").to_string(),
                    theme::muted(),
                )
            } else if let Some(error) = &self.error {
                (error.message(i18n), theme::warn())
            } else if self.no_chooser == Some(Choosing::Open) {
                (i18n.t("records.no_chooser").to_string(), theme::warn())
            } else {
                return;
            };
            status_label(ui, text, color, 2);
        });
    }
}

/// A row with a path typed into `text`, the button that acts on it and the one that opens
/// the system's chooser instead, greyed out unless `chooser` (`keys`: the label, the hint and
/// the two buttons' texts). Returns whether the user asked for the typed path (the button or
/// Enter, with something typed) and whether for the chooser.
fn path_row_ui(
    ui: &mut egui::Ui,
    view: &View,
    text: &mut String,
    [label, hint, button, browse]: [&str; 4],
    chooser: bool,
) -> (bool, bool) {
    let i18n = view.i18n;
    ui.horizontal(|ui| {
        let label = ui.label(i18n.t(label));
        let edit = ui
            .add(
                egui::TextEdit::singleline(text)
                    .hint_text(i18n.t(hint))
                    .desired_width(250.0),
            )
            .labelled_by(label.id);
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let typed = (ui.button(i18n.t(button)).clicked() || enter) && !text.trim().is_empty();
        let browse = ui
            .add_enabled(chooser, egui::Button::new(i18n.t(browse)))
            .on_disabled_hover_text(i18n.t("records.chooser_waiting"))
            .clicked();
        (typed, browse)
    })
    .inner
}

/// A space `rows` rows high for a message that comes and goes, so that nothing under it
/// moves (nor the dialog, which is centred on its size).
fn status_ui(ui: &mut egui::Ui, rows: f32, add: impl FnOnce(&mut egui::Ui)) {
    let height = rows * ui.spacing().interact_size.y;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.set_max_height(height);
            add(ui);
        },
    );
}

/// A message in at most `rows` rows, cut short with "…" (the whole of it on hover).
fn status_label(ui: &mut egui::Ui, text: String, color: egui::Color32, rows: usize) {
    let mut job = egui::text::LayoutJob::simple(
        text.clone(),
        egui::TextStyle::Body.resolve(ui.style()),
        color,
        ui.available_width(),
    );
    job.wrap.max_rows = rows;
    ui.add(egui::Label::new(job)).on_hover_text(text);
}

/// Where a typed path saves the record: a relative one in the records folder, and with the
/// `.json` extension when it has none.
fn save_target(records_dir: &Path, typed: &str) -> PathBuf {
    let path = PathBuf::from(typed.trim());
    let path = if path.is_relative() {
        records_dir.join(path)
    } else {
        path
    };
    with_json_extension(path)
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
            Some((choosing, Answer::Unavailable)) => {
                self.no_chooser = Some(choosing);
                self.chooser_available = false;
            }
            Some((_, Answer::Cancelled)) | None => {}
        }
        let mut close = false;
        let mut chosen = None;
        let modal = modal_ui(ctx, "records", 520.0, |ui| {
            ui.heading(i18n.t("records.title"));
            if self.replacing.is_some() {
                self.replace_ui(ui, view, commands);
                return;
            }
            ui.add_space(4.0);
            // Without a game on the screen (from Home) there is nothing to save.
            if view.session.is_some() {
                self.save_ui(ui, view, commands, &mut chosen);
                ui.separator();
            }
            self.open_ui(ui, view, commands, &mut chosen);
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
            if self.overwrite.take().is_some() && !close {
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
                self.no_chooser = None;
                false
            }
            (Command::ExportRecord | Command::ExportRecordTo(_), Err(error)) => {
                self.exported = Some(Err(error.clone()));
                self.no_chooser = None;
                true
            }
            (Command::OpenRecord(_), Ok(Done::WouldReplace(path))) => {
                self.error = None;
                self.replacing = Some(path.clone());
                false
            }
            (Command::OpenRecord(_) | Command::ReplaceWithRecord(_), Err(error)) => {
                self.error = Some(error.clone());
                self.no_chooser = None;
                true
            }
            _ => false,
        }
    }
}
