//! The dialogs: each is a type that keeps its own state, draws itself and reports commands
//! ([`Dialog`]); [`DialogStack`] holds the open ones in the order they opened, draws them,
//! closes the topmost on Escape and knows whether any of them is modal.
//!
//! A new dialog is one type implementing [`Dialog`], one variant of [`Open`] and one line in
//! [`DialogStack::open`].

mod confirm;
mod friend;
mod new_game;
mod play_on;
mod records;
mod result;
pub mod rules;
mod settings;

use std::mem::Discriminant;

use super::command::{Command, Open, Outcome};
use super::settings::Setup;
use super::view::View;

/// Whether a dialog stays open after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stay {
    /// It stays open.
    Open,
    /// It has closed.
    Closed,
}

/// A dialog: a window over the screen with a state of its own.
pub trait Dialog {
    /// Draws the dialog, adds what the user asked for to `commands`, and says whether it
    /// stays open.
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay;

    /// Whether the dialog takes the keyboard and blocks the screen behind it.
    fn is_modal(&self) -> bool {
        true
    }

    /// Hears how a command went, to show it; returns whether it showed an error, so that the
    /// app need not. Most dialogs show nothing.
    fn hear(&mut self, _command: &Command, _outcome: &Outcome) -> bool {
        false
    }

    /// The dialog is asked for again while it is open: adapts itself and returns `true`, or
    /// returns `false` to be replaced by a fresh one.
    fn reopen(&mut self, _request: Open) -> bool {
        false
    }
}

/// What the dialogs need to open: the last setup (for the new-game dialog) and whether the
/// system has a file chooser.
pub struct Opening {
    /// The setup of the last game started, the new-game dialog's default.
    pub last_setup: Setup,
    /// Whether the system has a file chooser.
    pub file_chooser: bool,
}

/// The open dialogs, oldest first.
#[derive(Default)]
pub struct DialogStack {
    open: Vec<(Discriminant<Open>, Box<dyn Dialog>)>,
}

impl DialogStack {
    /// Opens a dialog; one of the same kind that is already open adapts or is replaced.
    pub fn open(&mut self, request: Open, opening: &Opening) {
        let kind = std::mem::discriminant(&request);
        if let Some(index) = self.open.iter().position(|(k, _)| *k == kind) {
            if self.open[index].1.reopen(request.clone()) {
                return;
            }
            self.open.remove(index);
        }
        let dialog: Box<dyn Dialog> = match request {
            Open::NewGame(game) => Box::new(new_game::NewGameDialog::new(opening.last_setup, game)),
            Open::Settings => Box::new(settings::SettingsDialog),
            Open::Records => Box::new(records::RecordsDialog::new(
                records::Purpose::Game,
                opening.file_chooser,
            )),
            Open::OpenRecordFile => Box::new(records::RecordsDialog::new(
                records::Purpose::OpenFile,
                opening.file_chooser,
            )),
            Open::ExportRecordFile(path) => Box::new(records::RecordsDialog::new(
                records::Purpose::ExportFile(path),
                opening.file_chooser,
            )),
            Open::Rules(game, tab) => Box::new(rules::RulesDialog::new(game, tab)),
            Open::Confirm(question) => Box::new(confirm::ConfirmDialog::new(question)),
            Open::Result => Box::new(result::ResultDialog),
            Open::PlayOn => Box::new(play_on::PlayOnDialog::default()),
            Open::Friend { game, join } => Box::new(friend::FriendDialog::new(
                game.unwrap_or(opening.last_setup.game),
                opening.last_setup.clock,
                join,
            )),
        };
        self.open.push((kind, dialog));
    }

    /// Opens a dialog, or closes it if one of its kind is open.
    pub fn toggle(&mut self, request: Open, opening: &Opening) {
        if !self.close(&request) {
            self.open(request, opening);
        }
    }

    /// Closes the dialog of this kind; returns whether one was open.
    pub fn close(&mut self, request: &Open) -> bool {
        let kind = std::mem::discriminant(request);
        let before = self.open.len();
        self.open.retain(|(k, _)| *k != kind);
        self.open.len() != before
    }

    /// Whether a dialog of this kind is open.
    pub fn is_open(&self, request: &Open) -> bool {
        let kind = std::mem::discriminant(request);
        self.open.iter().any(|(k, _)| *k == kind)
    }

    /// Closes the topmost dialog; returns whether one was open.
    pub fn close_top(&mut self) -> bool {
        self.open.pop().is_some()
    }

    /// Closes every modal dialog.
    pub fn close_modal(&mut self) {
        self.open.retain(|(_, d)| !d.is_modal());
    }

    /// Closes every dialog.
    pub fn close_all(&mut self) {
        self.open.clear();
    }

    /// Whether no dialog is open.
    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// Whether a dialog that takes the keyboard is open.
    pub fn any_modal(&self) -> bool {
        self.open.iter().any(|(_, d)| d.is_modal())
    }

    /// Draws the open dialogs, oldest first, and returns what the user asked for.
    pub fn ui(&mut self, ctx: &egui::Context, view: &View) -> Vec<Command> {
        let mut commands = Vec::new();
        self.open
            .retain_mut(|(_, dialog)| dialog.ui(ctx, view, &mut commands) == Stay::Open);
        commands
    }

    /// Lets the dialogs hear how a command went, topmost first; returns whether one of them
    /// showed its error.
    pub fn hear(&mut self, command: &Command, outcome: &Outcome) -> bool {
        self.open
            .iter_mut()
            .rev()
            .any(|(_, dialog)| dialog.hear(command, outcome))
    }
}
