//! The keyboard shortcuts, as commands: Ctrl+N, F1 and Escape everywhere; undo, redo, hint,
//! pause and the review steps on the game screen when no dialog holds the keyboard. (The
//! board's own keys, its cursor, are the board widget's.)

use egui::{Key, Modifiers};

use super::command::{Command, Open, RulesTab};
use super::screens::Screen;
use super::view::View;
use crate::rules::GameId;

/// The commands of the keys pressed this frame (the keys are consumed).
///
/// `rules` is the page F1 opens: the rules of what is on the screen (a lesson's own, else the
/// game's).
pub fn shortcuts(
    ctx: &egui::Context,
    view: &View,
    screen: Screen,
    modal: bool,
    rules: Option<(GameId, RulesTab)>,
) -> Vec<Command> {
    let mut out = Vec::new();
    // Letters are free unless a text field has the keyboard; Space and the arrows belong to
    // whatever widget has it (a focused button, the board's cursor).
    let typing = ctx.text_edit_focused();
    let focused = ctx.egui_wants_keyboard_input();
    let command = |key| ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND, key));
    // Undo and redo count every press of the frame: quick presses are not lost.
    let command_presses = |key| ctx.input_mut(|i| i.count_and_consume_key(Modifiers::COMMAND, key));
    let shift_command_presses = |key| {
        ctx.input_mut(|i| i.count_and_consume_key(Modifiers::COMMAND | Modifiers::SHIFT, key))
    };
    let bare = |key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
    let plain = |key| !typing && bare(key);
    let unfocused = |key| !focused && bare(key);
    if command(Key::N) {
        out.push(Command::Open(Open::NewGame(None)));
    }
    if bare(Key::F1) {
        let game = view.session.map_or(GameId::ALL[0], |s| s.setup().game);
        let (game, tab) = rules.unwrap_or((game, RulesTab::KeyPoints));
        out.push(Command::Open(Open::Rules(game, tab)));
    }
    // Escape closes an open drop-down list or menu first (egui does, when it sees the key).
    if !egui::Popup::is_any_open(ctx) && bare(Key::Escape) {
        out.push(Command::Back);
    }
    let Some(s) = view.session else {
        return out;
    };
    if modal || screen != Screen::Game {
        return out;
    }
    let redo = shift_command_presses(Key::Z) + command_presses(Key::Y);
    out.extend(std::iter::repeat_n(Command::Redo, redo));
    let undo = command_presses(Key::Z);
    out.extend(std::iter::repeat_n(Command::Undo, undo));
    if plain(Key::H) {
        out.push(Command::Hint);
    }
    if unfocused(Key::Space) {
        out.push(Command::TogglePause);
    }
    if let Some(mut at) = s.review() {
        let len = s.game().len();
        // Every press of the frame, in the order they came: three quick presses of Left are
        // three steps back, however few frames they fell in.
        for step in review_presses(ctx, typing, focused) {
            at = match step {
                ReviewKey::Back => s.review_step_from(at, false),
                ReviewKey::Forward => s.review_step_from(at, true),
                ReviewKey::First => 0,
                ReviewKey::Last => len,
            };
            out.push(Command::ReviewTo(at));
        }
    }
    out
}

/// A key that steps through the game in review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReviewKey {
    /// Left: the turn before.
    Back,
    /// Right: the next turn.
    Forward,
    /// Home or Up: the start.
    First,
    /// End or Down: the end.
    Last,
}

/// Takes the review keys pressed this frame, each press (a held key's repeats too) in the
/// order it came. The arrows are left to a widget that has the keyboard (`focused`), Home and
/// End to a text field (`typing`).
fn review_presses(ctx: &egui::Context, typing: bool, focused: bool) -> Vec<ReviewKey> {
    ctx.input_mut(|i| {
        let mut presses = Vec::new();
        i.events.retain(|event| {
            let egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = event
            else {
                return true;
            };
            if !modifiers.matches_logically(Modifiers::NONE) {
                return true;
            }
            let step = match key {
                Key::ArrowLeft if !focused => ReviewKey::Back,
                Key::ArrowRight if !focused => ReviewKey::Forward,
                Key::ArrowUp if !focused => ReviewKey::First,
                Key::ArrowDown if !focused => ReviewKey::Last,
                Key::Home if !typing => ReviewKey::First,
                Key::End if !typing => ReviewKey::Last,
                _ => return true,
            };
            presses.push(step);
            false
        });
        presses
    })
}
