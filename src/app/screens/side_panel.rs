//! The game screen's side panel: whose turn it is and what they must do, the turn clock, the
//! pieces on the board and in hand, the game's buttons (undo, redo, hint, pause, resign),
//! the computer's level, and the move list.

use egui::{Align, Layout, RichText, Vec2};

use super::analysis_panel::{analysis_ui, move_marks};
use super::layout::text_size;
use crate::ai::Level;
use crate::app::command::{Command, Open, Question};
use crate::app::flying_table::TableState;
use crate::app::hint;
use crate::app::i18n::{I18n, Language};
use crate::app::keys;
use crate::app::online::{LinkState, spoken_code};
use crate::app::session::{Hold, Note, OnlineRole, Session};
use crate::app::story::story_text;
use crate::app::text::{action_text, illegal, instruction, piece_counts, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    LevelPicker, PickerStyle, opponent_levels_ui, pace_slider_ui, stone_icon, text_width,
    thinking_mark, wrapped_galley, wrapped_label,
};
use crate::online::protocol::Presence;
use crate::rules::{Action, GameId, Side};

/// The side panel of the game screen for `s`.
pub fn side_panel_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    ui.spacing_mut().item_spacing.y = 8.0;
    ui.set_max_width(ui.available_width());
    status_ui(ui, view, s);
    clock_ui(ui, view, s);
    // The plates beside the board say the same: a short window leaves this out for the moves.
    if ui.ctx().content_rect().height() >= 640.0 {
        pieces_ui(ui, view, s);
    }
    if s.online().is_some() {
        online_ui(ui, view, s, out);
    } else {
        over_controls_ui(ui, view, s, out);
    }
    if !s.is_over() && s.online().is_none() {
        if s.is_watched() {
            watch_controls_ui(ui, view, s, out);
        } else {
            controls_ui(ui, view, s, out);
        }
    }
    hint_ui(ui, view, s);
    level_ui(ui, view, s, out);
    analysis_ui(ui, view, s, out);
    move_list_ui(ui, view, s, out);
}

fn section(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::new()
        .fill(theme::card())
        .stroke(egui::Stroke::new(1.0, theme::line()))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}

/// `m:ss`.
fn clock_text(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The text of a note in the interface language.
pub(super) fn note_text(i18n: &I18n, note: &Note) -> String {
    match note {
        Note::Illegal(e) => illegal(i18n, *e),
        Note::Message(key) => i18n.t(key).to_string(),
        Note::ComputerFailed(why) => i18n.format("msg.computer_failed", &[("reason", why)]),
        Note::Hint(reason) => hint::text(i18n, reason),
        Note::TimedOut { you: true, .. } => i18n.t("timeout.yours").to_string(),
        Note::TimedOut { side, you: false } => {
            i18n.format("timeout.passes", &[("side", &side_name(i18n, *side))])
        }
    }
}

/// Lays out `add` in an area at least `lines` lines of `size` points high, so that what is
/// around it does not move when its text comes, goes or changes length.
fn reserved(ui: &mut egui::Ui, lines: f32, size: f32, add: impl FnOnce(&mut egui::Ui)) {
    let height = lines * text_size(ui, size) * 1.3;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        Vec2::new(width, height),
        Layout::top_down(Align::Min),
        |ui| {
            ui.set_min_size(Vec2::new(width, height));
            add(ui);
        },
    );
}

fn status_ui(ui: &mut egui::Ui, view: &View, s: &Session) {
    let i18n = view.i18n;
    let story = s.story().map(|story| story_text(i18n, &story));
    let story_ui = |ui: &mut egui::Ui| {
        if let Some(text) = &story {
            let size = text_size(ui, STORY_SIZE);
            wrapped_label(ui, RichText::new(text).size(size).color(theme::ink()));
        }
    };
    section(ui, |ui| {
        if s.is_over() {
            ui.label(
                RichText::new(i18n.t("result.game_over"))
                    .small()
                    .color(theme::muted()),
            );
            ui.label(
                RichText::new(s.ending_headline(i18n))
                    .size(text_size(ui, 20.0))
                    .strong(),
            );
            ui.add(egui::Label::new(RichText::new(s.ending_reason(i18n))).wrap());
            if s.review().is_some() {
                ui.separator();
                story_ui(ui);
            }
            return;
        }
        let state = s.shown_state();
        let Some(side) = state.to_act() else {
            return;
        };
        if s.review().is_some() {
            ui.label(
                RichText::new(i18n.t("panel.reviewing"))
                    .strong()
                    .color(theme::info()),
            );
        }
        let size = text_size(ui, 17.0);
        let turn = |side: Side| {
            let key = if s.computer_level(side).is_some() {
                "panel.turn_of_computer"
            } else {
                "panel.turn_of"
            };
            let who = i18n.format(key, &[("side", &side_name(i18n, side))]);
            RichText::new(who).size(size).strong()
        };
        let icon = text_size(ui, 22.0);
        // Paused or thinking, on the same line where it fits beside either side's turn, else
        // on a line kept for it under the turn, so that nothing moves when it changes or the
        // turn passes, and nothing overlaps.
        let gap = ui.spacing().item_spacing.x;
        let longest = Side::BOTH
            .map(|side| text_width(ui, turn(side)))
            .into_iter()
            .fold(0.0, f32::max);
        let beside = icon + longest + 3.0 * gap + turn_mark_width(ui, view) <= ui.available_width();
        let who = turn(side);
        let marked = s.review().is_none();
        ui.horizontal(|ui| {
            stone_icon(ui, side, icon);
            wrapped_label(ui, who);
            if marked && beside {
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    turn_mark_ui(ui, view, s);
                });
            }
        });
        if marked && !beside {
            ui.horizontal(|ui| {
                ui.set_min_height(text_size(ui, 20.0));
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    turn_mark_ui(ui, view, s);
                });
            });
        }
        reserved(ui, 2.0, 15.0, |ui| {
            let size = text_size(ui, 15.0);
            // Online, nobody acts until the friend has come.
            let said = if s.online_waiting() {
                i18n.t("online.waiting_friend").to_string()
            } else {
                instruction(i18n, state, s.captured_this_turn())
            };
            let text = RichText::new(said).size(size);
            wrapped_label(ui, text.color(theme::accent_dark()));
        });
        ui.separator();
        // The message about the user's last try takes the story's place until the next
        // action: both share one space kept for them.
        reserved(ui, 3.0, STORY_SIZE, |ui| match note_of(view, s) {
            Some(note) => note_ui(ui, note),
            None => story_ui(ui),
        });
    });
}

/// "Paused" while the game is, else the spinner and "Thinking…" while the computer thinks
/// on its turn, laid out right to left.
fn turn_mark_ui(ui: &mut egui::Ui, view: &View, s: &Session) {
    let i18n = view.i18n;
    if s.is_paused() {
        ui.label(paused_text(view))
            .on_hover_text(i18n.t("panel.paused"));
    } else if s.computer_thinking() && s.hold().is_none() {
        // Held behind a dialog, the computer is not thinking: no spinner.
        thinking_mark(ui, text_size(ui, 20.0)).on_hover_text(i18n.t("panel.thinking"));
        ui.label(thinking_text(ui, view));
    }
}

fn paused_text(view: &View) -> RichText {
    RichText::new(view.i18n.t("plate.paused"))
        .strong()
        .color(theme::info())
}

fn thinking_text(ui: &egui::Ui, view: &View) -> RichText {
    RichText::new(view.i18n.t("panel.thinking_short"))
        .size(text_size(ui, 15.0))
        .color(theme::info())
}

/// The widest [`turn_mark_ui`] draws.
fn turn_mark_width(ui: &egui::Ui, view: &View) -> f32 {
    let thinking = text_size(ui, 20.0) + ui.spacing().item_spacing.x;
    let thinking = thinking + text_width(ui, thinking_text(ui, view));
    text_width(ui, paused_text(view)).max(thinking)
}

/// The size of the story's text.
const STORY_SIZE: f32 = 13.5;

/// The message about the user's last try and whether it warns, while the game is played. A
/// hint has a place of its own, under the buttons ([`hint_ui`]), so that it moves nothing
/// above them.
fn note_of(view: &View, s: &Session) -> Option<(String, bool)> {
    if s.review().is_some() {
        return None;
    }
    let i18n = view.i18n;
    s.note()
        .filter(|note| !matches!(note, Note::Hint(_)))
        .map(|note| (note_text(i18n, note), note.is_warning()))
}

/// The hint shown: why, what the position is worth and how to read its arrows.
fn hint_ui(ui: &mut egui::Ui, view: &View, s: &Session) {
    let (Some(note @ Note::Hint(_)), None) = (s.note(), s.review()) else {
        return;
    };
    let i18n = view.i18n;
    note_ui(ui, (note_text(i18n, note), false));
    // The numbers on the board are the sentence's; where the line stops being drawn before
    // the sentence does, the legend says from which number.
    let named = s.hint_line().len();
    if named > 0 {
        let drawn = s.drawn_hint_line().len();
        let mut legend = i18n.t("hint.legend").to_string();
        if drawn < named {
            let gap = if i18n.language() == Language::Chinese {
                ""
            } else {
                " "
            };
            legend.push_str(gap);
            legend.push_str(&i18n.format("hint.legend_rest", &[("n", &(drawn + 2))]));
        }
        wrapped_label(ui, RichText::new(legend).small().color(theme::muted()));
    }
}

/// A message in a box coloured by whether it warns.
fn note_ui(ui: &mut egui::Ui, (text, warning): (String, bool)) {
    let color = if warning {
        theme::warn()
    } else {
        theme::info()
    };
    egui::Frame::new()
        .fill(color.gamma_multiply(0.1))
        .stroke(egui::Stroke::new(1.0, color.gamma_multiply(0.5)))
        .corner_radius(egui::CornerRadius::same(6))
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            wrapped_label(ui, RichText::new(text).color(color));
        });
}

/// Why the clock waits.
fn held_why(i18n: &I18n, hold: Hold) -> &str {
    match hold {
        Hold::Dialog => i18n.t("panel.held_dialog"),
        Hold::Background => i18n.t("panel.held_background"),
    }
}

fn clock_ui(ui: &mut egui::Ui, view: &View, s: &Session) {
    if s.is_over() || s.review().is_some() {
        return;
    }
    let i18n = view.i18n;
    let clock = s.clock();
    section(ui, |ui| {
        ui.horizontal(|ui| {
            // While a dialog is open or the window is in the background the clock waits: the
            // heading says so, and the line under it why.
            let heading = match s.hold().filter(|_| !s.is_paused()) {
                Some(_) => RichText::new(i18n.t("panel.held")).color(theme::info()),
                None => RichText::new(i18n.t("panel.clock")).color(theme::muted()),
            };
            ui.label(heading);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                match clock.shown_seconds() {
                    Some(secs) => {
                        let warning = secs <= 10;
                        let color = if warning { theme::warn() } else { theme::ink() };
                        let text = RichText::new(clock_text(secs))
                            .size(text_size(ui, 26.0))
                            .strong()
                            .monospace()
                            .color(color);
                        ui.label(text);
                        if warning && !s.is_paused() {
                            ui.label(
                                RichText::new(i18n.t("panel.hurry"))
                                    .strong()
                                    .color(theme::warn()),
                            );
                        }
                    }
                    _ => {
                        ui.label(RichText::new(i18n.t("panel.clock_off")).color(theme::muted()));
                    }
                }
            });
        });
        if let Some(budget) = clock.budget() {
            let secs = clock.shown_seconds().unwrap_or(0);
            let color = if secs <= 10 {
                theme::warn()
            } else {
                theme::clock_bar()
            };
            let (rect, _) =
                ui.allocate_exact_size(Vec2::new(ui.available_width(), 6.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, egui::CornerRadius::same(3), theme::line());
            let mut filled = rect;
            // Whole seconds, so that the bar moves with the numbers.
            let shown = secs as f32 / budget.as_secs_f32().max(1.0);
            filled.set_width(rect.width() * shown.clamp(0.0, 1.0));
            ui.painter()
                .rect_filled(filled, egui::CornerRadius::same(3), color);
        }
        // Why it waits, said where it shows (the computer waits too). The line's room is kept
        // while the clock runs, as tall as the longer of the two reasons: the buttons under
        // the clock never move when it stops or starts.
        let reason = |ui: &egui::Ui, hold| {
            wrapped_galley(
                ui,
                RichText::new(held_why(i18n, hold))
                    .small()
                    .color(theme::info()),
            )
        };
        let room = [Hold::Dialog, Hold::Background]
            .map(|hold| reason(ui, hold).size().y)
            .into_iter()
            .fold(0.0, f32::max);
        let (rect, _) =
            ui.allocate_exact_size(Vec2::new(ui.available_width(), room), egui::Sense::hover());
        if let Some(hold) = s.hold().filter(|_| !s.is_paused()) {
            ui.put(rect, egui::Label::new(reason(ui, hold)));
        }
    });
}

fn pieces_ui(ui: &mut egui::Ui, view: &View, s: &Session) {
    let i18n = view.i18n;
    let state = s.shown_state();
    section(ui, |ui| {
        ui.spacing_mut().item_spacing.y = 4.0;
        for side in Side::BOTH {
            ui.horizontal(|ui| {
                stone_icon(ui, side, text_size(ui, 16.0));
                ui.label(RichText::new(side_name(i18n, side)).strong())
                    .on_hover_text(view.player_label(s, side));
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    let counts =
                        piece_counts(i18n, state, side, ["panel.pieces", "panel.on_board"]);
                    ui.label(RichText::new(counts).color(theme::muted()));
                });
            });
        }
    });
}

/// The game's buttons: undo, redo and hint, then pause and resign.
fn controls_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let columns = 3.0;
    let gap = ui.spacing().item_spacing.x;
    let width = (ui.available_width() - gap * (columns - 1.0)) / columns;
    let size = Vec2::new(width, text_size(ui, 28.0));
    // Before a take-back or a hint in a rated game: it would no longer be rated.
    let unrates = |hover: &str, unrates: bool| {
        let hover = i18n.t(hover);
        if unrates && s.is_rated() {
            format!("{hover}\n{}", i18n.t("unrated.warn"))
        } else {
            hover.to_string()
        }
    };
    let undo_hover = unrates("shortcut.undo", true);
    let hint_hover = unrates("shortcut.hint", true);
    let mut button = |ui: &mut egui::Ui, enabled: bool, key: &str, hover: &str, command| {
        let response = ui
            .add_enabled(enabled, egui::Button::new(i18n.t(key)).min_size(size))
            .on_hover_text(hover);
        if response.clicked() {
            out.push(command);
        }
    };
    ui.horizontal(|ui| {
        button(ui, s.can_undo(), "panel.undo", &undo_hover, Command::Undo);
        let redo_hover = i18n.t("shortcut.redo");
        button(ui, s.can_redo(), "panel.redo", redo_hover, Command::Redo);
        button(ui, s.can_hint(), "panel.hint", &hint_hover, Command::Hint);
    });
    ui.horizontal(|ui| {
        let pause_key = if s.is_paused() {
            "panel.resume"
        } else {
            "panel.pause"
        };
        let pause = Command::TogglePause;
        let pause_hover = i18n.t("shortcut.pause");
        button(ui, s.can_pause(), pause_key, pause_hover, pause);
        if !s.is_over() {
            let resign = Command::Open(Open::Confirm(Question::Resign));
            let can_resign = s.resigning_side().is_some();
            let resign_hover = i18n.t("panel.resign_hint");
            button(ui, can_resign, "panel.resign", resign_hover, resign);
        }
    });
}

/// The controls of a game the computer plays itself: pause or resume, one action at a time
/// while paused, and the pace, which can change while it runs.
fn watch_controls_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let gap = ui.spacing().item_spacing.x;
    let size = Vec2::new((ui.available_width() - gap) / 2.0, text_size(ui, 28.0));
    ui.horizontal(|ui| {
        let pause_key = if s.is_paused() {
            "panel.resume"
        } else {
            "panel.pause"
        };
        let pause = ui
            .add_enabled(
                s.can_pause(),
                egui::Button::new(i18n.t(pause_key)).min_size(size),
            )
            .on_hover_text(i18n.t("shortcut.pause"));
        if pause.clicked() {
            out.push(Command::TogglePause);
        }
        let step = ui
            .add_enabled(
                s.can_step(),
                egui::Button::new(i18n.t("watch.step")).min_size(size),
            )
            .on_hover_text(i18n.t("watch.step_hint"))
            .on_disabled_hover_text(i18n.t("watch.step_hint"));
        if step.clicked() {
            out.push(Command::StepWatch);
        }
    });
    let pace = ui
        .horizontal(|ui| pace_slider_ui(ui, i18n, s.watch_pace(), true))
        .inner;
    if let Some(ms) = pace {
        out.push(Command::SetWatchPace(ms));
    }
}

/// An online game's card: how the connection stands, the friend's presence, the invitation
/// (its code to read aloud and its link) until the friend comes, and leaving the game.
fn online_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let Some(play) = view.online else {
        // The connection was left: the game stays on the screen as it stood.
        section(ui, |ui| {
            wrapped_label(
                ui,
                RichText::new(i18n.t("online.left")).color(theme::muted()),
            );
        });
        return;
    };
    let client = play.client();
    section(ui, |ui| {
        let (line, warn) = match play.state() {
            LinkState::Connecting => (i18n.t("online.connecting").to_string(), false),
            LinkState::Connected => (connected_line(view, s), false),
            LinkState::Reconnecting { attempt, .. } => {
                (i18n.format("online.reconnecting", &[("n", attempt)]), true)
            }
            LinkState::Refused(error) => (
                i18n.format(
                    "online.refused",
                    &[("why", &i18n.t(keys::protocol_error(*error)))],
                ),
                true,
            ),
        };
        let color = if warn { theme::warn() } else { theme::ink() };
        wrapped_label(ui, RichText::new(line).color(color));
        // The friend left (the line above says so): the game may be claimed, or waited for.
        if client.can_claim()
            && ui
                .add(theme::primary_button(i18n.t("online.claim")))
                .clicked()
        {
            out.push(Command::ClaimOnline);
        }
        if let Some(room) = client.room().filter(|_| !client.both_seated()) {
            ui.add_space(4.0);
            wrapped_label(
                ui,
                RichText::new(i18n.t("online.send_invitation")).color(theme::muted()),
            );
            ui.label(
                RichText::new(spoken_code(room))
                    .size(theme::text(24.0))
                    .strong()
                    .monospace()
                    .color(theme::accent_dark()),
            )
            .on_hover_text(i18n.t("online.code"));
            if let Some(link) = play.invitation() {
                wrapped_label(ui, RichText::new(link).small().color(theme::muted()));
            }
            if ui
                .add(theme::primary_button(i18n.t("online.copy_invitation")))
                .clicked()
            {
                out.push(Command::CopyInvitation);
            }
        }
        ui.horizontal_wrapped(|ui| {
            if matches!(play.state(), LinkState::Reconnecting { .. })
                && ui.button(i18n.t("online.try_now")).clicked()
            {
                out.push(Command::Reconnect);
            }
            if s.is_over() && ui.button(i18n.t("result.review")).clicked() {
                out.push(Command::Review);
            }
            if s.resigning_side().is_some()
                && ui
                    .add_enabled(
                        *play.state() == LinkState::Connected,
                        egui::Button::new(i18n.t("panel.resign")),
                    )
                    .on_hover_text(i18n.t("panel.resign_hint"))
                    .clicked()
            {
                out.push(Command::Open(Open::Confirm(Question::Resign)));
            }
            if ui
                .button(i18n.t("online.leave"))
                .on_hover_text(i18n.t("online.leave_hint"))
                .clicked()
            {
                out.push(Command::LeaveOnline);
                out.push(Command::GoHome);
            }
        });
    });
}

/// How an online game stands once connected: waiting for the friend, the friend away, whose
/// turn it is, or watching.
fn connected_line(view: &View, s: &Session) -> String {
    let i18n = view.i18n;
    let Some(play) = view.online else {
        return String::new();
    };
    let client = play.client();
    let seats = client.seats();
    let other = match s.online() {
        Some(OnlineRole::Plays(side)) => Some(side.other()),
        _ => None,
    };
    let name_of = |side: Side| {
        let name = &seats[side.index()].name;
        if name.is_empty() {
            side_name(i18n, side).to_string()
        } else {
            name.clone()
        }
    };
    if !client.both_seated() {
        return i18n.t("online.waiting_friend").to_string();
    }
    match other {
        // The friend's absence says nothing more once the game is over.
        Some(other) if s.is_over() => i18n.format("online.playing", &[("name", &name_of(other))]),
        // Gone long enough for the game to be claimed: the line says so.
        Some(other) if client.can_claim() => {
            i18n.format("online.claim_why", &[("name", &name_of(other))])
        }
        Some(other) if seats[other.index()].presence == Presence::Away => {
            i18n.format("online.friend_away", &[("name", &name_of(other))])
        }
        Some(other) => i18n.format("online.playing", &[("name", &name_of(other))]),
        None => i18n.t("online.watching").to_string(),
    }
}

/// Once the result is closed (or under review): a rematch, or a review of the game.
fn over_controls_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let reviewing = s.review().is_some();
    if !s.is_over() || s.is_from_record() || (view.result_open && !reviewing) {
        return;
    }
    let i18n = view.i18n;
    ui.horizontal_wrapped(|ui| {
        if ui
            .add(theme::primary_button(i18n.t("result.rematch")))
            .clicked()
        {
            out.push(Command::Rematch);
        }
        if !reviewing && ui.button(i18n.t("result.review")).clicked() {
            out.push(Command::Review);
        }
    });
}

/// The computer's level, changeable during the game, whether the game is rated (and what would
/// end that) or why not, and whether Master has the Flying table to play from.
fn level_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    if !s.is_live() {
        return;
    }
    let i18n = view.i18n;
    let single = LevelPicker::new("panel", PickerStyle::DropDown, s.setup().game)
        .label_before(i18n.t("panel.level"));
    if let Some((side, level)) = opponent_levels_ui(ui, i18n, "panel", s.setup().opponent, single) {
        out.push(Command::SetLevel(side, level));
    }
    // Whether the game counts, said before anything would change it, and why once it does not.
    if s.is_rateable() {
        let text = match s.unrated() {
            None => RichText::new(i18n.t("rated.this_game")).color(theme::muted()),
            Some(why) => {
                RichText::new(i18n.format("unrated.panel", &[("why", &i18n.t(why.key()))]))
                    .color(theme::warn())
            }
        };
        wrapped_label(ui, text.small());
    }
    if let Some(key) = master_without_table(view, s) {
        wrapped_label(ui, RichText::new(i18n.t(key)).small().color(theme::muted()));
    }
}

/// The locale key of the note that Master searches in this Flying game, the table being
/// missing or damaged; `None` when it plays from the table (or is not playing).
fn master_without_table(view: &View, s: &Session) -> Option<&'static str> {
    let master = Side::BOTH
        .into_iter()
        .any(|side| s.computer_level(side) == Some(Level::Master));
    if s.setup().game != GameId::Flying || !master {
        return None;
    }
    match view.table.state {
        TableState::Missing | TableState::NoFolder => Some("table.notice_missing"),
        TableState::Damaged(_) => Some("table.notice_damaged"),
        TableState::DesktopOnly => Some("table.notice_desktop_only"),
        TableState::Opening | TableState::Ready(_) => None,
    }
}

fn move_list_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let turns = s.turns();
    let shown = s.shown_len();
    let reviewing = s.review().is_some();
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(i18n.t("panel.moves"))
                .strong()
                .color(theme::muted()),
        );
        // Under review, the keys that step through the game.
        if reviewing {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                ui.label(
                    RichText::new(i18n.t("panel.review_keys"))
                        .small()
                        .color(theme::muted()),
                )
                .on_hover_text(i18n.t("panel.review_keys_hint"));
            });
        }
    });
    egui::Frame::new()
        .fill(theme::card())
        .stroke(egui::Stroke::new(1.0, theme::line()))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::symmetric(6, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            crate::app::widgets::scroll_vertical()
                .auto_shrink([false, false])
                .stick_to_bottom(!reviewing)
                .show(ui, |ui| {
                    if turns.is_empty() {
                        ui.label(
                            RichText::new(i18n.t("panel.no_moves"))
                                .italics()
                                .color(theme::muted()),
                        );
                    }
                    for (n, turn) in turns.iter().enumerate() {
                        let last_index = turn.actions.last().map_or(0, |(i, _)| *i);
                        let first_index = turn.actions.first().map_or(0, |(i, _)| *i);
                        // A turn whose captures are still being taken says how many are owed;
                        // a finished one, how many were taken (a win drops the rest).
                        let taking = n + 1 == turns.len() && !s.is_over();
                        let actions: Vec<String> = turn
                            .actions
                            .iter()
                            .zip(&turn.events)
                            .enumerate()
                            .map(|(j, ((i, a), event))| {
                                let taken = turn.actions[j + 1..]
                                    .iter()
                                    .filter(|(_, a)| matches!(a, Action::Remove(_)))
                                    .count() as u32;
                                let mark = if taking {
                                    event.mark()
                                } else {
                                    event.mark_taken(taken)
                                };
                                let text = action_text(i18n, *a);
                                let text = if mark.is_empty() {
                                    text
                                } else {
                                    format!("{text} {mark}")
                                };
                                text + move_marks(view, *i)
                            })
                            .collect();
                        let text = format!("{}.  {}", turn.number, actions.join("  "));
                        let current = shown > first_index && shown <= last_index + 1;
                        let in_view = current || (shown == 0 && turn.number == 1);
                        ui.horizontal(|ui| {
                            stone_icon(ui, turn.side, text_size(ui, 14.0));
                            // A long turn (a capture of four) wraps rather than widening
                            // the panel.
                            if reviewing {
                                let row = RichText::new(&text).monospace();
                                let response =
                                    ui.add(egui::Button::selectable(current, row).wrap());
                                // The list follows the position reviewed (at the start, its
                                // first move), when the row can be shown whole.
                                // (A point or two hidden under the edge does not count.)
                                let view = ui.clip_rect().expand(2.0);
                                let fits = view.height() >= response.rect.height();
                                if in_view && fits && !view.contains_rect(response.rect) {
                                    response.scroll_to_me(None);
                                }
                                if response.clicked() {
                                    out.push(Command::ReviewTo(last_index + 1));
                                }
                            } else {
                                ui.add(egui::Label::new(RichText::new(&text).monospace()).wrap());
                            }
                        });
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clock_text_has_minutes_and_seconds() {
        assert_eq!(clock_text(60), "1:00");
        assert_eq!(clock_text(9), "0:09");
        assert_eq!(clock_text(125), "2:05");
    }
}
