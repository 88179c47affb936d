//! The new-game dialog: the game, the opponent (a friend, the computer at a level and with a
//! side, or the computer against itself), and the turn clock.

use egui::RichText;

use super::{Dialog, Stay};
use crate::ai::Level;
use crate::app::command::Command;
use crate::app::settings::{ClockSetting, Opponent, Setup, SideChoice};
use crate::app::text::{clock_name, game_name, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    LevelPicker, PickerStyle, dialog_buttons, modal_ui, opponent_levels_ui, section_label,
};
use crate::rules::GameId;

/// The new-game dialog, with the choices so far.
pub struct NewGameDialog {
    setup: Setup,
}

impl NewGameDialog {
    /// The dialog on the last setup, for `game` if given.
    pub fn new(last_setup: Setup, game: Option<GameId>) -> NewGameDialog {
        let mut setup = last_setup;
        if let Some(game) = game {
            setup.game = game;
        }
        NewGameDialog { setup }
    }
}

impl Dialog for NewGameDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let setup = &mut self.setup;
        let in_progress = view.live_session().is_some_and(|s| !s.game().is_empty());
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
            section_label(ui, i18n.t("newgame.opponent"));
            let last_level = match setup.opponent {
                Opponent::Computer { level, .. } => level,
                Opponent::Watch { black, .. } => black,
                Opponent::Human => Level::Medium,
            };
            let choices = [
                (Opponent::Human, "newgame.vs_human"),
                (
                    Opponent::Computer {
                        level: last_level,
                        side: SideChoice::Black,
                    },
                    "newgame.vs_computer",
                ),
                (
                    Opponent::Watch {
                        black: last_level,
                        white: last_level,
                    },
                    "newgame.watch",
                ),
            ];
            ui.vertical(|ui| {
                for (opponent, key) in choices {
                    let same_kind = std::mem::discriminant(&opponent)
                        == std::mem::discriminant(&setup.opponent);
                    if ui.radio(same_kind, i18n.t(key)).clicked() && !same_kind {
                        setup.opponent = opponent;
                    }
                }
            });
            match &mut setup.opponent {
                Opponent::Human => {}
                Opponent::Computer { side, .. } => {
                    section_label(ui, i18n.t("newgame.your_side"));
                    ui.horizontal(|ui| {
                        for choice in SideChoice::ALL {
                            let label = match choice.side() {
                                Some(s) => side_name(i18n, s),
                                None => i18n.t("newgame.random_side"),
                            };
                            ui.selectable_value(side, choice, label);
                        }
                    });
                    section_label(ui, i18n.t("newgame.level"));
                }
                Opponent::Watch { .. } => section_label(ui, i18n.t("newgame.levels")),
            }
            let single = LevelPicker::new("new_game", PickerStyle::Row);
            if let Some((side, level)) =
                opponent_levels_ui(ui, i18n, "new_game", setup.opponent, single)
            {
                setup.opponent.set_level(side, level);
            }
            section_label(ui, i18n.t("newgame.clock"));
            ui.horizontal(|ui| {
                for c in ClockSetting::ALL {
                    ui.selectable_value(&mut setup.clock, c, clock_name(i18n, c));
                }
            });
            if in_progress {
                ui.add_space(6.0);
                ui.label(RichText::new(i18n.t("newgame.abandon_warning")).color(theme::WARN));
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
            commands.push(Command::StartGame(*setup));
            return Stay::Closed;
        }
        if cancel || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }
}
