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
    let shift_command =
        |key| ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, key));
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
    if bare(Key::Escape) {
        out.push(Command::Back);
    }
    let Some(s) = view.session else {
        return out;
    };
    if modal || screen != Screen::Game {
        return out;
    }
    if shift_command(Key::Z) || command(Key::Y) {
        out.push(Command::Redo);
    }
    if command(Key::Z) {
        out.push(Command::Undo);
    }
    if plain(Key::H) {
        out.push(Command::Hint);
    }
    if unfocused(Key::Space) {
        out.push(Command::TogglePause);
    }
    if s.review().is_some() {
        let len = s.game().len();
        if unfocused(Key::ArrowLeft) {
            out.push(Command::ReviewTo(s.review_step(false)));
        }
        if unfocused(Key::ArrowRight) {
            out.push(Command::ReviewTo(s.review_step(true)));
        }
        if plain(Key::Home) || unfocused(Key::ArrowUp) {
            out.push(Command::ReviewTo(0));
        }
        if plain(Key::End) || unfocused(Key::ArrowDown) {
            out.push(Command::ReviewTo(len));
        }
    }
    out
}
