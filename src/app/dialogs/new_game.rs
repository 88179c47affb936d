//! The new-game dialog: the game, the opponent (a friend, with both names; the computer at a
//! level, with the person's side and name; or the computer against itself, at a pace), and
//! the turn clock.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::Command;
use crate::app::settings::{Opponent, Setup};
use crate::app::text::game_name;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    PlayerChoice, clock_choice_ui, dialog_buttons, modal_ui, opponent_choice_ui, section_label,
};
use crate::rules::GameId;

/// The new-game dialog, with the choices so far.
pub struct NewGameDialog {
    setup: Setup,
    /// The names and the pace, from the settings when the dialog first draws.
    choice: Option<PlayerChoice>,
}

impl NewGameDialog {
    /// The dialog on the last setup, for `game` if given.
    pub fn new(last_setup: Setup, game: Option<GameId>) -> NewGameDialog {
        let mut setup = last_setup;
        if let Some(game) = game {
            setup.game = game;
        }
        NewGameDialog {
            setup,
            choice: None,
        }
    }
}

impl Dialog for NewGameDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let setup = &mut self.setup;
        let choice = self
            .choice
            .get_or_insert_with(|| PlayerChoice::of(view.settings));
        let usual_level = view.settings.usual_level();
        // Starting replaces the unfinished game (the one on the screen, or the one Home
        // offers to continue after a restart): it is kept as a record, and the dialog says so.
        let unfinished = view.unfinished_text();
        let mut start = false;
        let mut cancel = false;
        let modal = modal_ui(ctx, "new_game", 470.0, |ui| {
            ui.heading(i18n.t("newgame.title"));
            ui.add_space(6.0);
            section_label(ui, i18n.t("newgame.game"));
            ui.horizontal_wrapped(|ui| {
                for game in GameId::ALL {
                    ui.selectable_value(&mut setup.game, game, game_name(i18n, game));
                }
            });
            opponent_choice_ui(
                ui,
                i18n,
                "new_game",
                setup.game,
                &mut setup.opponent,
                choice,
                true,
                usual_level,
            );
            clock_choice_ui(ui, i18n, &mut setup.clock);
            if let Some(game) = &unfinished {
                ui.add_space(6.0);
                ui.add(
                    egui::Label::new(
                        RichText::new(i18n.format("newgame.keep_warning", &[("game", game)]))
                            .color(theme::warn()),
                    )
                    .wrap(),
                );
            }
            ui.add_space(10.0);
            dialog_buttons(ui, |ui| {
                if ui
                    .add(theme::primary_button(i18n.t("newgame.start")))
                    .clicked()
                {
                    start = true;
                }
                if ui.button(i18n.t("dialog.cancel")).clicked() {
                    cancel = true;
                }
            });
        });
        if start {
            commands.extend(choice.names_command(view.settings));
            let pace = choice.pace.as_millis() as u32;
            if matches!(setup.opponent, Opponent::Watch { .. })
                && pace != view.settings.watch_pace_ms
            {
                commands.push(Command::SetWatchPace(pace));
            }
            commands.push(Command::StartGame(*setup));
            return Stay::Closed;
        }
        if cancel || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }
}
