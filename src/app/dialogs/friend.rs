//! "Play a friend": invite a friend to an online game (the game, the person's colour and
//! the clock; the invitation then shows on the game screen as a link and a code to read
//! aloud), or join the game a friend made, by its code or its link. Both say the person's name
//! and the server (on the web, the page's own: nothing to type).

use egui::RichText;

use super::{Dialog, Stay};
use crate::app::command::{Command, FriendGame, Outcome};
use crate::app::error::AppError;
use crate::app::keys;
use crate::app::online::LinkState;
use crate::app::settings::{ClockSetting, SideChoice};
use crate::app::text::{game_name, shown, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    FootAlign, FootButton, clock_choice_ui, dialog_buttons, modal_ui, name_field_ui,
    name_the_field, section_label, wrapped_label,
};
use crate::rules::GameId;

/// Which half of the dialog is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Invite,
    Join,
}

/// The dialog's choices so far.
pub struct FriendDialog {
    mode: Mode,
    game: GameId,
    side: SideChoice,
    clock: ClockSetting,
    code: String,
    /// The name and the server, from the settings when the dialog first draws.
    typed: Option<(String, String)>,
    error: Option<AppError>,
    /// Whether the code's field was given the keyboard once.
    focused: bool,
}

impl FriendDialog {
    /// The dialog, inviting by default (joining when `join` is given, with that code).
    pub fn new(game: GameId, clock: ClockSetting, join: Option<String>) -> FriendDialog {
        FriendDialog {
            mode: if join.is_some() {
                Mode::Join
            } else {
                Mode::Invite
            },
            game,
            side: SideChoice::Random,
            clock,
            code: join.unwrap_or_default(),
            typed: None,
            error: None,
            focused: false,
        }
    }
}

impl Dialog for FriendDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let (name, server) = self.typed.get_or_insert_with(|| {
            (
                view.settings.names.you.clone(),
                view.settings.server.clone(),
            )
        });
        let width = (ctx.content_rect().width() - 180.0).clamp(420.0, 540.0);
        let primary = match self.mode {
            Mode::Invite => i18n.t("online.invite"),
            Mode::Join => i18n.t("online.join"),
        };
        let buttons = [
            FootButton::primary(primary),
            FootButton::new(i18n.t("dialog.cancel")),
        ];
        let mut clicked = None;
        let mode = &mut self.mode;
        let error = &mut self.error;
        let modal = modal_ui(
            ctx,
            "friend",
            width,
            |ui| {
                ui.heading(i18n.t("online.title"));
                ui.add_space(6.0);
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .selectable_value(mode, Mode::Invite, i18n.t("online.invite_tab"))
                        .changed()
                        || ui
                            .selectable_value(mode, Mode::Join, i18n.t("online.join_tab"))
                            .changed()
                    {
                        *error = None;
                    }
                });
                ui.add_space(4.0);
                match *mode {
                    Mode::Invite => {
                        section_label(ui, i18n.t("newgame.game"));
                        ui.horizontal_wrapped(|ui| {
                            for game in GameId::ALL {
                                ui.selectable_value(&mut self.game, game, game_name(i18n, game));
                            }
                        });
                        section_label(ui, i18n.t("online.your_colour"));
                        ui.horizontal_wrapped(|ui| {
                            for c in SideChoice::ALL {
                                let label = match c.side() {
                                    Some(s) => side_name(i18n, s),
                                    None => i18n.t("newgame.random_side"),
                                };
                                ui.selectable_value(&mut self.side, c, label);
                            }
                        });
                        clock_choice_ui(ui, i18n, &mut self.clock);
                    }
                    Mode::Join => {
                        section_label(ui, i18n.t("online.code"));
                        wrapped_label(
                            ui,
                            RichText::new(i18n.t("online.code_hint")).color(theme::muted()),
                        );
                        let label = i18n.t("online.code");
                        let field = ui.add(
                            egui::TextEdit::singleline(&mut self.code)
                                .hint_text("k3xq 9m2a")
                                .desired_width(f32::INFINITY),
                        );
                        name_the_field(ui, &field, label, &self.code);
                        // The code is what is typed first: the field has the keyboard.
                        if !self.focused {
                            self.focused = true;
                            field.request_focus();
                        }
                    }
                }
                section_label(ui, i18n.t("online.you"));
                ui.horizontal_wrapped(|ui| {
                    name_field_ui(ui, i18n.t("newgame.your_name"), i18n.t("player.you"), name);
                });
                // On the web the server is the page's own.
                if !cfg!(target_arch = "wasm32") {
                    section_label(ui, i18n.t("online.server"));
                    wrapped_label(
                        ui,
                        RichText::new(i18n.t("online.server_hint")).color(theme::muted()),
                    );
                    let field = ui.add(
                        egui::TextEdit::singleline(server)
                            .hint_text(crate::app::online::DEFAULT_SERVER)
                            .desired_width(f32::INFINITY),
                    );
                    name_the_field(ui, &field, i18n.t("online.server"), server);
                }
                // After the click: reaching the server (the game screen opens once the room
                // has answered), or why it cannot be reached yet.
                if let Some(play) = view.online.filter(|p| !p.client().is_welcomed()) {
                    ui.add_space(6.0);
                    let (line, color) = match play.state() {
                        LinkState::Reconnecting { why, .. } => (
                            i18n.format(
                                "online.unreachable",
                                &[("server", &play.base()), ("why", &shown(why))],
                            ),
                            theme::warn(),
                        ),
                        LinkState::Refused(e) => (
                            i18n.format(
                                "online.refused",
                                &[("why", &i18n.t(keys::protocol_error(*e)))],
                            ),
                            theme::warn(),
                        ),
                        _ => (
                            i18n.format("online.reaching", &[("server", &play.base())]),
                            theme::muted(),
                        ),
                    };
                    wrapped_label(ui, RichText::new(line).color(color));
                }
                if let Some(error) = error.as_ref() {
                    ui.add_space(6.0);
                    wrapped_label(ui, RichText::new(error.message(i18n)).color(theme::warn()));
                }
            },
            |ui| clicked = dialog_buttons(ui, FootAlign::Right, &buttons),
        );
        let reaching = view.online.is_some_and(|p| !p.client().is_welcomed());
        if clicked == Some(0) && !reaching {
            let name = name.trim().to_string();
            let server = server.trim().to_string();
            commands.push(match self.mode {
                Mode::Invite => Command::InviteFriend(FriendGame {
                    game: self.game,
                    side: self.side.side(),
                    clock: self.clock,
                    name,
                    server,
                }),
                Mode::Join => Command::JoinFriend {
                    code: self.code.clone(),
                    name,
                    server,
                },
            });
            // Stays open until the command is heard: an error is shown here.
            return Stay::Open;
        }
        if clicked == Some(1) || modal.should_close() {
            // Cancelled while reaching the server: the connection is dropped.
            if view.online.is_some_and(|p| !p.client().is_welcomed()) {
                commands.push(Command::LeaveOnline);
            }
            return Stay::Closed;
        }
        Stay::Open
    }

    fn hear(&mut self, command: &Command, outcome: &Outcome) -> bool {
        if !matches!(
            command,
            Command::InviteFriend(_) | Command::JoinFriend { .. }
        ) {
            return false;
        }
        match outcome {
            Ok(_) => false,
            Err(e) => {
                self.error = Some(e.clone());
                true
            }
        }
    }
}
