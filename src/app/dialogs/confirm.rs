//! The confirmations: resign the game, stop the game in progress, build the Flying table,
//! open a record in place of the game in progress, go on with a game stopped because the
//! person seemed away. Each says what it asks in a heading and
//! what follows from it under it.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Question};
use crate::app::text::{game_name, side_name};
use crate::app::theme;
use crate::app::view::{View, moves_played};
use crate::app::widgets::{FootAlign, FootButton, dialog_buttons, modal_ui, wrapped_label};

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

/// What a confirmation says and does.
struct Asked {
    question: String,
    detail: Option<String>,
    yes: String,
    commands: Vec<Command>,
}

impl ConfirmDialog {
    fn asked(&self, view: &View) -> Asked {
        let i18n = view.i18n;
        match &self.question {
            Question::Resign => {
                let side = view.session.and_then(|s| s.resigning_side());
                let name = |s| side_name(i18n, s).to_string();
                Asked {
                    question: i18n.format(
                        "confirm.resign",
                        &[("side", &side.map(name).unwrap_or_default())],
                    ),
                    detail: side.map(|s| {
                        i18n.format("confirm.resign_detail", &[("winner", &name(s.other()))])
                    }),
                    yes: i18n.t("confirm.resign_yes").to_string(),
                    commands: vec![Command::Resign],
                }
            }
            Question::Discard => Asked {
                question: i18n.t("confirm.discard").to_string(),
                detail: view
                    .unfinished_text()
                    .map(|game| i18n.format("confirm.discard_detail", &[("game", &game)])),
                yes: i18n.t("confirm.discard_yes").to_string(),
                commands: vec![Command::DiscardGame],
            },
            Question::StillThere => Asked {
                question: i18n.t("away.question").to_string(),
                detail: Some(i18n.t("away.detail").to_string()),
                yes: i18n.t("away.continue").to_string(),
                commands: vec![Command::StillHere],
            },
            Question::BuildTable => Asked {
                question: i18n.t("table.offer").to_string(),
                detail: None,
                yes: i18n.t("table.offer_yes").to_string(),
                commands: vec![Command::BuildTable],
            },
            Question::OpenRecord { path, analyse } => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().to_string(),
                );
                let game = view
                    .live_session()
                    .map(|s| {
                        let moves = moves_played(i18n, s.game().turns());
                        format!("{} · {moves}", game_name(i18n, s.setup().game))
                    })
                    .unwrap_or_default();
                let mut commands = vec![Command::ReplaceWithRecord(path.clone())];
                if *analyse {
                    commands.push(Command::Analyse);
                }
                Asked {
                    question: i18n.format("records.replace_question", &[("name", &name)]),
                    detail: Some(i18n.format("records.replace_detail", &[("game", &game)])),
                    yes: i18n.t("records.replace_yes").to_string(),
                    commands,
                }
            }
        }
    }
}

impl Dialog for ConfirmDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let asked = self.asked(view);
        // Declining the build is remembered, and someone who is not staying leaves the game
        // for Home (paused, to continue later); the other questions are simply not asked on.
        let (no, declined) = match self.question {
            Question::BuildTable => (i18n.t("table.offer_no"), Some(Command::DeclineTableBuild)),
            Question::StillThere => (i18n.t("away.leave"), Some(Command::GoHome)),
            _ => (i18n.t("dialog.cancel"), None),
        };
        let buttons = [FootButton::primary(&asked.yes), FootButton::new(no)];
        let mut clicked = None;
        let modal = modal_ui(
            ctx,
            "confirm",
            400.0,
            |ui| {
                ui.add_space(2.0);
                wrapped_label(
                    ui,
                    RichText::new(&asked.question)
                        .size(theme::text(17.0))
                        .strong(),
                );
                if let Some(detail) = &asked.detail {
                    ui.add_space(4.0);
                    wrapped_label(ui, RichText::new(detail).color(theme::muted()));
                }
                ui.add_space(4.0);
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Right, &buttons),
        );
        let accepted = clicked == Some(0);
        let cancel = clicked == Some(1);
        if cancel {
            commands.extend(declined);
        }
        if accepted {
            commands.extend(asked.commands);
            return Stay::Closed;
        }
        if cancel || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }
}
