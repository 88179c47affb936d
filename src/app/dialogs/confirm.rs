//! The confirmations: resign the game, forget the saved game, build the Flying table.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Question};
use crate::app::text::side_name;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{dialog_buttons, modal_ui};

/// A question with a button that does it and one that does not.
pub struct ConfirmDialog {
    question: Question,
}

impl ConfirmDialog {
    /// The dialog asking `question`.
    pub fn new(question: Question) -> ConfirmDialog {
        ConfirmDialog { question }
    }
}

impl Dialog for ConfirmDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let (question, yes, command) = match self.question {
            Question::Resign => {
                let side = view
                    .session
                    .and_then(|s| s.resigning_side())
                    .map(|s| side_name(i18n, s).to_string())
                    .unwrap_or_default();
                (
                    i18n.format("confirm.resign", &[("side", &side)]),
                    i18n.t("confirm.resign_yes"),
                    Command::Resign,
                )
            }
            Question::Discard => (
                i18n.t("confirm.discard").to_string(),
                i18n.t("confirm.discard_yes"),
                Command::DiscardGame,
            ),
            Question::BuildTable => (
                i18n.t("table.offer").to_string(),
                i18n.t("table.offer_yes"),
                Command::BuildTable,
            ),
        };
        // Declining the build is remembered; the other questions are simply not asked on.
        let (no, declined) = match self.question {
            Question::BuildTable => (i18n.t("table.offer_no"), Some(Command::DeclineTableBuild)),
            _ => (i18n.t("dialog.cancel"), None),
        };
        let mut accepted = false;
        let mut cancel = false;
        let modal = modal_ui(ctx, "confirm", 360.0, |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(question).size(16.0));
            ui.add_space(12.0);
            dialog_buttons(ui, |ui| {
                if ui.add(theme::primary_button(yes)).clicked() {
                    accepted = true;
                }
                if ui.button(no).clicked() {
                    cancel = true;
                    commands.extend(declined.clone());
                }
            });
        });
        if accepted {
            commands.push(command);
            return Stay::Closed;
        }
        if cancel || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }
}
