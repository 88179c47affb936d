//! The result of a game that has just ended: who won and why, what it did to the person's
//! rating (or why it was not rated), with a rematch, a review, a new game or just closing. It
//! waits for the last animation before it covers the board.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, Open};
use crate::app::rating::{AfterGame, Suggestion};
use crate::app::text::{level_name, level_rated, rating_shown};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{FootAlign, FootButton, dialog_buttons, modal_ui, wrapped_label};

/// The result dialog.
pub struct ResultDialog;

/// The result dialog's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    PlayLevel(crate::ai::Level),
    Rematch,
    InviteAgain,
    Review,
    NewGame,
    Close,
}

impl Dialog for ResultDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let Some(s) = view
            .session
            .filter(|s| s.is_over() && s.review().is_none() && !s.is_from_record())
        else {
            return Stay::Closed;
        };
        if s.is_animating(ctx.input(|i| i.time)) {
            // Let the last capture play out before covering the board.
            return Stay::Open;
        }
        let i18n = view.i18n;
        let person = s.person_side();
        let headline = s.ending_headline(i18n);
        let reason = s.ending_reason(i18n);
        let won = person.is_some() && s.winner() == person;
        let mut choice = None;
        let online = s.online().is_some();
        // Online, another game with the friend is a new invitation.
        let (buttons, choices) = if online {
            (
                vec![
                    FootButton::primary(i18n.t("result.review")),
                    FootButton::new(i18n.t("online.invite_again")),
                    FootButton::new(i18n.t("result.close")),
                ],
                vec![Choice::Review, Choice::InviteAgain, Choice::Close],
            )
        } else {
            (
                vec![
                    FootButton::primary(i18n.t("result.rematch")),
                    FootButton::new(i18n.t("result.review")),
                    FootButton::new(i18n.t("result.new_game")),
                    FootButton::new(i18n.t("result.close")),
                ],
                vec![
                    Choice::Rematch,
                    Choice::Review,
                    Choice::NewGame,
                    Choice::Close,
                ],
            )
        };
        let mut clicked = None;
        let modal = modal_ui(
            ctx,
            "result",
            380.0,
            |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(4.0);
                    ui.label(
                        RichText::new(i18n.t("result.game_over"))
                            .small()
                            .color(theme::muted()),
                    );
                    ui.label(
                        RichText::new(&headline)
                            .size(theme::text(26.0))
                            .strong()
                            .color(if won { theme::good() } else { theme::ink() }),
                    );
                    ui.label(
                        RichText::new(&reason)
                            .size(theme::text(16.0))
                            .color(theme::ink()),
                    );
                    if s.kept().is_some() {
                        ui.add_space(4.0);
                        ui.label(
                            RichText::new(i18n.t("history.kept_note"))
                                .small()
                                .color(theme::muted()),
                        );
                    }
                    let after = view
                        .after_game
                        .filter(|a| a.game == s.setup().game && s.human_side().is_some());
                    if let Some(after) = after {
                        ui.add_space(6.0);
                        if let Some(level) = rating_ui(ui, view, &after) {
                            choice = Some(Choice::PlayLevel(level));
                        }
                    } else if let Some(why) = s.unrated().filter(|_| s.is_rateable()) {
                        // A game against the computer that does not count: say why.
                        ui.add_space(6.0);
                        let line = i18n.format("unrated.result", &[("why", &i18n.t(why.key()))]);
                        wrapped_label(ui, RichText::new(line).color(theme::muted()));
                    }
                });
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Center, &buttons),
        );
        if let Some(i) = clicked {
            choice = Some(choices[i]);
        }
        if modal.should_close() && choice.is_none() {
            choice = Some(Choice::Close);
        }
        match choice {
            None => return Stay::Open,
            Some(Choice::PlayLevel(level)) => commands.push(Command::PlayLevel(level)),
            Some(Choice::Rematch) => commands.push(Command::Rematch),
            Some(Choice::Review) => commands.push(Command::Review),
            Some(Choice::NewGame) => {
                commands.push(Command::Open(Open::NewGame(Some(s.setup().game))));
            }
            Some(Choice::InviteAgain) => commands.push(Command::Open(Open::Friend {
                game: Some(s.setup().game),
                join: None,
            })),
            Some(Choice::Close) => {}
        }
        Stay::Closed
    }
}

/// The person's rating after the game and, when the results say the level was clearly too
/// easy or too hard, one line offering the next level with a button; returns the level if
/// its button was clicked.
fn rating_ui(ui: &mut egui::Ui, view: &View, after: &AfterGame) -> Option<crate::ai::Level> {
    let i18n = view.i18n;
    let line = match after.before {
        Some(before) => {
            let change = (after.after.rating - before.rating).round() as i64;
            i18n.format(
                "result.rating",
                &[
                    ("rating", &rating_shown(&after.after)),
                    ("change", &format!("{change:+}")),
                ],
            )
        }
        None => i18n.format(
            "result.rating_first",
            &[("rating", &rating_shown(&after.after))],
        ),
    };
    ui.label(RichText::new(line).color(theme::ink()));
    let suggestion = after.suggestion?;
    let next = suggestion.level();
    let key = match suggestion {
        Suggestion::Up(l) if after.level.stronger(after.game) == Some(l) => "result.suggest_up",
        Suggestion::Up(_) => "result.suggest_jump",
        Suggestion::Down(_) => "result.suggest_down",
    };
    let rating = crate::arena::ladder::rating_of(after.game, next)
        .map_or_else(String::new, |r| r.to_string());
    ui.add_space(4.0);
    ui.add(
        egui::Label::new(
            RichText::new(i18n.format(
                key,
                &[
                    ("level", &level_name(i18n, after.level)),
                    ("next", &level_name(i18n, next)),
                    ("rating", &rating),
                ],
            ))
            .color(theme::muted()),
        )
        .wrap(),
    );
    let button = i18n.format(
        "result.play_level",
        &[("level", &level_rated(i18n, next, after.game))],
    );
    ui.button(button).clicked().then_some(next)
}
