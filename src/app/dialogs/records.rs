//! The records dialog: save the game on the screen as a record file (into the records folder,
//! or to a typed path or wherever the system's file chooser says) and open one (through the
//! chooser or by its typed path) for review; or only open one; or export a copy of a record
//! of the game history. (The game history itself is a screen.) A typed path replaces a file
//! only once the user has said yes. The messages that come and go have space kept for them,
//! so that the buttons stay where they are, and are shown whole.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Done, Outcome};
use crate::app::error::AppError;
use crate::app::file_chooser::{
    Answer, Choosing, FileChooser, Request, typed_paths, with_json_extension,
};
use crate::app::link::Link;
use crate::app::text::shown_path;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    FootAlign, FootButton, button_width, dialog_buttons, modal_ui, section_label, wrapped_label,
};

/// What the dialog is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Saving the game on the screen, or opening a record.
    Game,
    /// Opening a record.
    OpenFile,
    /// Exporting a copy of this record file.
    ExportFile(PathBuf),
}

/// The records dialog's state.
pub struct RecordsDialog {
    /// What it is for.
    purpose: Purpose,
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
    /// The system's file chooser, while it is open.
    chooser: FileChooser,
    /// Whether the system has a file chooser.
    chooser_available: bool,
    /// What the user asked a file chooser for that the system does not have.
    no_chooser: Option<Choosing>,
}

impl RecordsDialog {
    /// The dialog for `purpose`, offering the system's file chooser when
    /// `chooser_available`.
    pub fn new(purpose: Purpose, chooser_available: bool) -> RecordsDialog {
        RecordsDialog {
            purpose,
            path: String::new(),
            save_path: String::new(),
            overwrite: None,
            error: None,
            exported: None,
            chooser: FileChooser::default(),
            chooser_available,
            no_chooser: None,
        }
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
                let name = match &self.purpose {
                    Purpose::ExportFile(path) => file_name(path),
                    _ => {
                        let game = view.session.map_or("game", |s| s.setup().game.id());
                        format!("sanqi-{game}.json")
                    }
                };
                (i18n.t("records.chooser_save"), Some(name))
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
    /// The command that writes the record to `to`: the game on the screen, or a copy of the
    /// file exported.
    fn export_to(&self, to: PathBuf) -> Command {
        match &self.purpose {
            Purpose::ExportFile(from) => Command::ExportFileTo(from.clone(), to),
            Purpose::Game | Purpose::OpenFile => Command::ExportRecordTo(to),
        }
    }

    /// Saving the game on the screen (into the records folder, or to a file named by its
    /// typed path or through the system's chooser) or a copy of the file exported; then how
    /// it went, in a space kept for it.
    fn save_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        commands: &mut Vec<Command>,
        chosen: &mut Option<Choosing>,
    ) {
        let i18n = view.i18n;
        let choosing = self.chooser.is_open();
        match &self.purpose {
            Purpose::ExportFile(path) => {
                let name = file_name(path);
                section_label(ui, &i18n.format("records.export_file", &[("name", &name)]));
                let copy = ui.button(i18n.t("link.copy"));
                if copy
                    .on_hover_text(i18n.t(crate::app::link::copy_hint("link.copy_hint")))
                    .clicked()
                {
                    commands.push(Command::CopyLink(Some(path.clone())));
                }
            }
            Purpose::Game | Purpose::OpenFile => {
                section_label(ui, i18n.t("records.export_heading"));
                ui.horizontal_wrapped(|ui| {
                    if ui.button(i18n.t("records.export")).clicked() {
                        commands.push(Command::ExportRecord);
                    }
                    if view.session.is_some() {
                        let copy = ui.button(i18n.t("link.copy"));
                        if copy
                            .on_hover_text(i18n.t(crate::app::link::copy_hint("link.copy_hint")))
                            .clicked()
                        {
                            commands.push(Command::CopyLink(None));
                        }
                    }
                });
                // What Export does, under the buttons: beside them it read as Copy link's.
                let hint = RichText::new(i18n.t("records.export_hint")).color(theme::muted());
                wrapped_label(ui, hint);
            }
        }
        let (typed, browse) = if typed_paths() {
            path_row_ui(
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
            )
        } else {
            // In the browser a record leaves as a download.
            (false, ui.button(i18n.t("records.download")).clicked())
        };
        if browse {
            *chosen = Some(Choosing::Save);
        }
        if typed {
            let path = save_target(&view.records_dir, &self.save_path);
            if path.exists() {
                self.overwrite = Some(path);
            } else {
                commands.push(self.export_to(path));
            }
        }
        status_ui(ui, 2.0, |ui| {
            if let Some(path) = self.overwrite.clone() {
                let name = shown_path(path.file_name().map_or(path.as_path(), Path::new));
                let question = i18n.format("records.overwrite", &[("name", &name)]);
                status_label(ui, question, theme::warn());
                ui.horizontal(|ui| {
                    if ui.button(i18n.t("records.overwrite_yes")).clicked() {
                        commands.push(self.export_to(path));
                        self.overwrite = None;
                    }
                    if ui.button(i18n.t("dialog.cancel")).clicked() {
                        self.overwrite = None;
                    }
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
                Some(Ok(path)) if !typed_paths() => (
                    i18n.format("records.downloaded", &[("name", &file_name(path))]),
                    theme::good(),
                ),
                Some(Ok(path)) => (
                    i18n.format("records.exported", &[("path", &shown_path(path))]),
                    theme::good(),
                ),
                Some(Err(error)) => (error.message(i18n), theme::warn()),
                // Until something happens, how the row is used.
                None => (i18n.t("records.save_help").to_string(), theme::muted()),
            };
            status_label(ui, text, color);
        });
    }

    /// Opening a record: a typed path or the system's chooser; then what went wrong, if
    /// anything, in a space kept for it.
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
        // In the browser there are no paths: a shared game's link is typed instead, and a
        // file is uploaded (or dropped on the page).
        let keys = if typed_paths() {
            [
                "records.path",
                "records.path_hint",
                "records.open",
                "records.choose",
            ]
        } else {
            [
                "records.link",
                "records.link_hint",
                "records.open",
                "records.upload",
            ]
        };
        let (typed, browse) = path_row_ui(ui, view, &mut self.path, keys, !choosing);
        if !typed_paths() {
            ui.label(
                RichText::new(i18n.t("records.drop_hint"))
                    .small()
                    .color(theme::muted()),
            );
        }
        if typed {
            // A shared game's link opens too, with or without its `#` (in the browser, where
            // there are no paths, whatever is typed is a link); a file of that name comes first.
            let text = self.path.trim();
            let link = text.contains('#')
                || !typed_paths()
                || (Link::parse(text).is_ok() && !std::path::Path::new(text).exists());
            commands.push(if link {
                match Link::parse(text) {
                    Ok(link) => Command::OpenLink(link),
                    Err(e) => {
                        self.error = Some(AppError::OpenLink(e));
                        return;
                    }
                }
            } else {
                Command::OpenRecord(PathBuf::from(text))
            });
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
                (i18n.t("records.open_help").to_string(), theme::muted())
            };
            status_label(ui, text, color);
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
        // The field takes the row's width that the buttons leave.
        let gap = ui.spacing().item_spacing.x;
        let buttons = button_width(ui, i18n.t(button)) + button_width(ui, i18n.t(browse));
        let width = (ui.available_width() - buttons - 3.0 * gap).max(120.0);
        let edit = ui
            .add(
                egui::TextEdit::singleline(text)
                    .hint_text(i18n.t(hint))
                    .desired_width(width),
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

/// A message, whole, wrapped to the width of the dialog.
fn status_label(ui: &mut egui::Ui, text: String, color: egui::Color32) {
    wrapped_label(ui, RichText::new(text).color(color));
}

/// A file's name alone, as the dialog names it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().to_string(),
    )
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
                commands.push(self.export_to(with_json_extension(path)));
            }
            // The system seemed to have a chooser, but none came up.
            Some((choosing, Answer::Unavailable)) => {
                self.no_chooser = Some(choosing);
                self.chooser_available = false;
            }
            Some((_, Answer::Cancelled)) | None => {}
        }
        let mut chosen = None;
        let title = match self.purpose {
            Purpose::Game => "records.title",
            Purpose::OpenFile => "records.open_heading",
            Purpose::ExportFile(_) => "records.export_title",
        };
        let mut buttons = vec![FootButton::new(i18n.t("dialog.close"))];
        if self.purpose == Purpose::Game {
            buttons.push(
                FootButton::new(i18n.t("records.history")).hint(i18n.t("records.history_hint")),
            );
        }
        let mut clicked = None;
        let modal = modal_ui(
            ctx,
            "records",
            520.0,
            |ui| {
                ui.heading(i18n.t(title));
                ui.add_space(4.0);
                match self.purpose {
                    Purpose::Game => {
                        // Without a game on the screen there is nothing to save.
                        if view.session.is_some() {
                            self.save_ui(ui, view, commands, &mut chosen);
                            ui.separator();
                        }
                        self.open_ui(ui, view, commands, &mut chosen);
                    }
                    Purpose::OpenFile => self.open_ui(ui, view, commands, &mut chosen),
                    Purpose::ExportFile(_) => self.save_ui(ui, view, commands, &mut chosen),
                }
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Right, &buttons),
        );
        let close = clicked == Some(0);
        if clicked == Some(1) {
            commands.push(Command::OpenHistory);
        }
        if let Some(choosing) = chosen {
            self.choose(ctx, view, choosing);
        }
        if close || (modal.should_close() && !self.chooser.is_open()) {
            if self.overwrite.take().is_some() && !close {
                // Escape or a click outside answers the question, not the whole dialog.
                return Stay::Open;
            }
            return Stay::Closed;
        }
        Stay::Open
    }

    fn hear(&mut self, command: &Command, outcome: &Outcome) -> bool {
        let export = matches!(
            command,
            Command::ExportRecord | Command::ExportRecordTo(_) | Command::ExportFileTo(..)
        );
        let open = matches!(
            command,
            Command::OpenRecord(_)
                | Command::ReplaceWithRecord(_)
                | Command::AnalyseRecord(_)
                | Command::OpenLink(_)
        );
        match outcome {
            Ok(Done::Exported(path)) if export => {
                self.exported = Some(Ok(path.clone()));
                self.no_chooser = None;
                false
            }
            Err(error) if export => {
                self.exported = Some(Err(error.clone()));
                self.no_chooser = None;
                true
            }
            Err(error) if open => {
                self.error = Some(error.clone());
                self.no_chooser = None;
                true
            }
            _ => false,
        }
    }
}
