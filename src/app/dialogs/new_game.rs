//! The new-game dialog: the game, the opponent (a friend, with both names; the computer at a
//! level, with the person's side and name; or the computer against itself, at a pace), and
//! the turn clock (not for a game the computer plays itself). Against the computer it starts
//! at the level last played in the game chosen, or, for someone new to it, at Beginner with a
//! line that says why.

use egui::RichText;

use super::{Dialog, Stay};
use crate::ai::Level;
use crate::app::command::Command;
use crate::app::settings::{LevelOffered, Opponent, Setup};
use crate::app::text::{game_name, level_name, rating_shown};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    FootAlign, FootButton, PlayerChoice, clock_choice_ui, dialog_buttons, modal_ui,
    opponent_choice_ui, section_label, unused_room_ui,
};
use crate::rules::GameId;

/// The new-game dialog, with the choices so far.
pub struct NewGameDialog {
    setup: Setup,
    /// The names and the pace, from the settings when the dialog first draws.
    choice: Option<PlayerChoice>,
    /// The game whose level against the computer was last offered: another game chosen gets
    /// its own.
    offered_for: Option<GameId>,
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
            offered_for: None,
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
        let (usual_level, why) = view.settings.level_offered(view.stats, setup.game);
        if self.offered_for != Some(setup.game) {
            self.offered_for = Some(setup.game);
            if let Opponent::Computer { level, .. } = &mut setup.opponent {
                *level = usual_level;
            }
        }
        let advice = advice(view, setup.game, why);
        // Starting replaces the unfinished game (the one on the screen, or the one Home
        // offers to continue after a restart): it is kept as a record, and the dialog says so.
        let unfinished = view.unfinished_text();
        // As wide as the window allows, up to a point: the levels then take fewer rows, and the
        // dialog fits a small window's height.
        let width = (ctx.content_rect().width() - 180.0).clamp(470.0, 580.0);
        let buttons = [
            FootButton::primary(i18n.t("newgame.start")),
            FootButton::new(i18n.t("dialog.cancel")),
        ];
        let mut clicked = None;
        let modal = modal_ui(
            ctx,
            "new_game",
            width,
            |ui| {
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
                    &advice,
                );
                // A game the computer plays itself has no turn clock.
                if !matches!(setup.opponent, Opponent::Watch { .. }) {
                    clock_choice_ui(ui, i18n, &mut setup.clock);
                }
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
                unused_room_ui(ui, i18n, "new_game", setup.game, setup.opponent, true);
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Right, &buttons),
        );
        let start = clicked == Some(0);
        let cancel = clicked == Some(1);
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

/// The line under the levels against the computer: for someone new to `game`, why the dialog
/// starts at Beginner; else their rating in it, if they have one, and the level nearest it.
fn advice(view: &View, game: GameId, why: LevelOffered) -> String {
    let i18n = view.i18n;
    if why == LevelOffered::Newcomer {
        let first = level_name(i18n, Level::offered(game)[0]);
        return i18n.format("newgame.newcomer", &[("level", &first)]);
    }
    let name = game_name(i18n, game);
    let Some(rating) = view.stats.rating(game) else {
        return String::new();
    };
    let nearest = crate::app::rating::nearest_level(game, rating.now.rating)
        .map(|l| level_name(i18n, l))
        .unwrap_or_default();
    i18n.format(
        "newgame.your_rating",
        &[
            ("game", &name),
            ("rating", &rating_shown(&rating.now)),
            ("level", &nearest),
        ],
    )
}
