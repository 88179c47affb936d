//! "Continue from here": who plays the rest of a reviewed game (two people at this computer,
//! or the person against the computer with a side and a level) and with which clock.

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::Command;
use crate::app::settings::{ClockSetting, Opponent, SideChoice};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    FootAlign, FootButton, PlayerChoice, clock_choice_ui, dialog_buttons, modal_ui,
    opponent_choice_ui, unused_room_ui,
};
use crate::rules::Side;

/// The dialog, with the choices so far (made from the reviewed game when it first draws).
#[derive(Default)]
pub struct PlayOnDialog {
    choice: Option<(Opponent, ClockSetting, PlayerChoice)>,
}

/// The choices the dialog starts from: the reviewed game's own players (as its record names
/// them, for a record) if a person played in it, else two people; against the computer, the
/// person takes the side to act.
fn first_choice(view: &View) -> (Opponent, ClockSetting, PlayerChoice) {
    let mut choice = PlayerChoice::of(view.settings);
    let Some(s) = view.session else {
        return (Opponent::Human, view.settings.last_setup.clock, choice);
    };
    // The people who played go on under their names.
    let names = s.names();
    for (mine, theirs) in [
        (&mut choice.names.you, &names.you),
        (&mut choice.names.black, &names.black),
        (&mut choice.names.white, &names.white),
    ] {
        if !theirs.is_empty() {
            mine.clone_from(theirs);
        }
    }
    let setup = s.setup();
    let players = match s.recorded_players() {
        Some(players) if s.is_from_record() => players,
        _ => (setup.opponent, s.human_side()),
    };
    let opponent = match players {
        (Opponent::Computer { level, .. }, Some(side)) => Opponent::Computer {
            level,
            side: side_choice(side),
        },
        _ => Opponent::Human,
    };
    let clock = if s.is_from_record() {
        view.settings.last_setup.clock
    } else {
        setup.clock
    };
    (opponent, clock, choice)
}

fn side_choice(side: Side) -> SideChoice {
    match side {
        Side::Black => SideChoice::Black,
        Side::White => SideChoice::White,
    }
}

impl Dialog for PlayOnDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let Some(s) = view.session.filter(|s| s.review().is_some()) else {
            return Stay::Closed;
        };
        let i18n = view.i18n;
        let (opponent, clock, choice) = self.choice.get_or_insert_with(|| first_choice(view));
        let (usual_level, _) = view.settings.level_offered(view.stats, s.setup().game);
        // Against the computer, the person starts as the side to act in the reviewed position.
        let to_act = s.shown_state().to_act();
        // Playing on replaces the game set aside when a record was opened over it: it is kept
        // as a record.
        let replaces_saved = view.unfinished_text().filter(|_| !s.is_live());
        let buttons = [
            FootButton::primary(i18n.t("playon.start")),
            FootButton::new(i18n.t("dialog.cancel")),
        ];
        let mut clicked = None;
        let modal = modal_ui(
            ctx,
            "play_on",
            440.0,
            |ui| {
                ui.heading(i18n.t("playon.title"));
                ui.add_space(2.0);
                ui.label(RichText::new(i18n.t("playon.intro")).color(theme::muted()));
                let was_human = matches!(opponent, Opponent::Human);
                let game = s.setup().game;
                opponent_choice_ui(
                    ui,
                    i18n,
                    "play_on",
                    game,
                    opponent,
                    choice,
                    false,
                    usual_level,
                    "",
                );
                if let (true, Opponent::Computer { side, .. }, Some(to_act)) =
                    (was_human, &mut *opponent, to_act)
                {
                    *side = side_choice(to_act);
                }
                clock_choice_ui(ui, i18n, clock);
                unused_room_ui(ui, i18n, "play_on", game, *opponent, false);
                if let Some(game) = &replaces_saved {
                    ui.add_space(6.0);
                    ui.add(
                        egui::Label::new(
                            RichText::new(i18n.format("playon.replaces_saved", &[("game", game)]))
                                .color(theme::warn()),
                        )
                        .wrap(),
                    );
                }
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Right, &buttons),
        );
        let start = clicked == Some(0);
        let cancel = clicked == Some(1);
        if start {
            commands.extend(choice.names_command(view.settings));
            commands.push(Command::ContinueFromReview(*opponent, *clock));
            return Stay::Closed;
        }
        if cancel || modal.should_close() {
            return Stay::Closed;
        }
        Stay::Open
    }
}
