//! Small controls that several screens and dialogs share: the level picker, section
//! headings, the row of buttons at the foot of a dialog, a painted piece inline with text,
//! and the frame of a bar across the window.

use std::sync::Arc;

use egui::{Align, Layout, RichText, Vec2};

use super::board;
use super::i18n::I18n;
use super::settings::{
    ClockSetting, MAX_NAME_CHARS, Opponent, PlayerNames, Settings, SideChoice, WATCH_PACE_MS,
};
use super::text::{clock_name, level_rated, side_name};
use super::theme;
use crate::ai::Level;
use crate::rules::{GameId, Side};

/// How a [`LevelPicker`] offers the levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickerStyle {
    /// Every level as a button, in as many rows as the width needs.
    Row,
    /// A drop-down list.
    DropDown,
}

/// Where a [`LevelPicker`]'s label goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LabelPlace {
    Before,
    After,
}

/// A choice of the computer's level among those a game offers, each with its rating there,
/// with an optional label that also names the control for screen readers.
pub struct LevelPicker<'a> {
    id: egui::IdSalt,
    label: Option<(&'a str, LabelPlace)>,
    style: PickerStyle,
    game: GameId,
}

impl<'a> LevelPicker<'a> {
    /// A picker of the levels of `game`; `id_salt` tells it from other pickers on the same
    /// screen.
    pub fn new(id_salt: impl egui::AsIdSalt, style: PickerStyle, game: GameId) -> LevelPicker<'a> {
        LevelPicker {
            id: egui::IdSalt::new(("level_picker", id_salt)),
            label: None,
            style,
            game,
        }
    }

    /// A label before the picker.
    pub fn label_before(mut self, label: &'a str) -> LevelPicker<'a> {
        self.label = Some((label, LabelPlace::Before));
        self
    }

    /// A label after the picker, as egui places a drop-down's own label.
    pub fn label_after(mut self, label: &'a str) -> LevelPicker<'a> {
        self.label = Some((label, LabelPlace::After));
        self
    }

    /// Draws the picker for `level`; returns the level chosen this frame, if it changed.
    pub fn show(self, ui: &mut egui::Ui, i18n: &I18n, level: Level) -> Option<Level> {
        let mut chosen = level;
        let lay_out = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| match self.style {
            // However many levels there are, they wrap rather than widen the dialog; a
            // drop-down goes under its label when the two do not fit side by side.
            PickerStyle::Row | PickerStyle::DropDown => ui.horizontal_wrapped(add),
        };
        lay_out(ui, &mut |ui| {
            let before = match self.label {
                // A label broken over two rows would leave a character alone: the whole
                // label goes on a row, the list under it if need be.
                Some((text, LabelPlace::Before)) => Some(ui.add(egui::Label::new(text).extend())),
                _ => None,
            };
            match self.style {
                PickerStyle::Row => {
                    for &l in Level::offered(self.game) {
                        ui.selectable_value(&mut chosen, l, level_rated(i18n, l, self.game));
                    }
                }
                PickerStyle::DropDown => {
                    let combo = match self.label {
                        Some((text, LabelPlace::After)) => egui::ComboBox::new(self.id, text),
                        _ => egui::ComboBox::from_id_salt(self.id),
                    };
                    let shown = combo
                        .selected_text(level_rated(i18n, level, self.game))
                        .show_ui(ui, |ui| {
                            for &l in Level::offered(self.game) {
                                ui.selectable_value(
                                    &mut chosen,
                                    l,
                                    level_rated(i18n, l, self.game),
                                );
                            }
                        });
                    if let Some(label) = before {
                        shown.response.labelled_by(label.id);
                    }
                }
            }
        });
        (chosen != level).then_some(chosen)
    }
}

/// The computer's levels in a game with this opponent: `single` against the computer, a
/// drop-down labelled with the side's name for each side when the computer plays both.
/// Returns the side (`None` for the single opponent) and the level chosen, if any.
pub fn opponent_levels_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    id_salt: &str,
    opponent: Opponent,
    single: LevelPicker,
) -> Option<(Option<Side>, Level)> {
    match opponent {
        Opponent::Human => None,
        Opponent::Computer { level, .. } => single.show(ui, i18n, level).map(|l| (None, l)),
        Opponent::Watch { black, white } => {
            let mut change = None;
            for (side, level) in [(Side::Black, black), (Side::White, white)] {
                let picked = LevelPicker::new((id_salt, side), PickerStyle::DropDown, single.game)
                    .label_after(side_name(i18n, side))
                    .show(ui, i18n, level);
                if let Some(l) = picked {
                    change = Some((Some(side), l));
                }
            }
            change
        }
    }
}

/// What a dialog that sets up a game lets the user choose besides the opponent: the names
/// people play under, and the pace when the computer plays itself.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerChoice {
    /// The names people play under.
    pub names: PlayerNames,
    /// The pace of a game the computer plays itself.
    pub pace: std::time::Duration,
    /// The person's side when the computer is chosen as the opponent.
    pub side: SideChoice,
}

impl PlayerChoice {
    /// The names and the pace the settings remember.
    pub fn of(settings: &Settings) -> PlayerChoice {
        PlayerChoice {
            names: settings.names.clone(),
            pace: settings.watch_pace(),
            side: settings.side,
        }
    }

    /// What remembers the names chosen, if they are not the ones the settings hold.
    pub fn names_command(&self, settings: &Settings) -> Option<super::command::Command> {
        let names = self.names.cleaned();
        (names != settings.names).then_some(super::command::Command::SetPlayerNames(names))
    }
}

/// The choice of an opponent in a dialog: a friend on this computer (with both names), the
/// computer (with the person's side, name and the computer's level, and `advice` under the
/// levels) and, if `watch`, the computer against itself (with its pace and a level for each
/// side). `id_salt` tells its pickers from other ones on the screen; `usual_level` is the level
/// the computer starts at when it is chosen. A friend has no level to choose: the levels are
/// left out, and [`unused_room_ui`] keeps their room at the foot of the dialog.
#[allow(clippy::too_many_arguments)]
pub fn opponent_choice_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    id_salt: &str,
    game: GameId,
    opponent: &mut Opponent,
    choice: &mut PlayerChoice,
    watch: bool,
    usual_level: Level,
    advice: &str,
) {
    *opponent = opponent.in_game(game);
    let usual_level = usual_level.in_game(game);
    section_label(ui, i18n.t("newgame.opponent"));
    let last_level = opponent.level().unwrap_or(usual_level);
    let mut choices = vec![
        (Opponent::Human, "newgame.vs_human"),
        (
            Opponent::Computer {
                level: usual_level,
                side: choice.side,
            },
            "newgame.vs_computer",
        ),
    ];
    if watch {
        let both = Opponent::Watch {
            black: last_level,
            white: last_level,
        };
        choices.push((both, "newgame.watch"));
    }
    ui.vertical(|ui| {
        for (choice, key) in choices {
            let same_kind = std::mem::discriminant(&choice) == std::mem::discriminant(opponent);
            if ui.radio(same_kind, i18n.t(key)).clicked() && !same_kind {
                *opponent = choice;
            }
        }
    });
    // Each opponent has its own choices under one heading (the names, the person's side and
    // name, or the pace), in two parts: on one row, or on two in a narrow dialog (a phone).
    // The rows keep their height whatever the opponent, so that nothing below them moves.
    let heading = match opponent {
        Opponent::Human => "newgame.names",
        Opponent::Computer { .. } => "newgame.your_side",
        Opponent::Watch { .. } => "newgame.pace",
    };
    section_label(ui, i18n.t(heading));
    let rows = if ui.available_width() < NARROW_DIALOG {
        2
    } else {
        1
    };
    let names = &mut choice.names;
    let pace = &mut choice.pace;
    let human = matches!(opponent, Opponent::Human);
    let watch = matches!(opponent, Opponent::Watch { .. });
    let mut first = |ui: &mut egui::Ui| match opponent {
        Opponent::Human => {
            let label = i18n.format(
                "newgame.name_of",
                &[("side", &side_name(i18n, Side::Black))],
            );
            name_field_ui(ui, &label, side_name(i18n, Side::Black), &mut names.black);
        }
        Opponent::Computer { side, .. } => {
            for c in SideChoice::ALL {
                let label = match c.side() {
                    Some(s) => side_name(i18n, s),
                    None => i18n.t("newgame.random_side"),
                };
                ui.selectable_value(side, c, label);
            }
        }
        Opponent::Watch { .. } => {
            if let Some(ms) = pace_slider_ui(ui, i18n, *pace, false) {
                *pace = std::time::Duration::from_millis(u64::from(ms));
            }
        }
    };
    let mut second = |ui: &mut egui::Ui| {
        if human {
            let label = i18n.format(
                "newgame.name_of",
                &[("side", &side_name(i18n, Side::White))],
            );
            name_field_ui(ui, &label, side_name(i18n, Side::White), &mut names.white);
        } else if !watch {
            let (label, you) = (i18n.t("newgame.your_name"), i18n.t("player.you"));
            name_field_ui(ui, label, you, &mut names.you);
        }
    };
    if rows == 1 {
        fixed_row(ui, |ui| {
            first(ui);
            ui.add_space(10.0);
            second(ui);
        });
    } else {
        fixed_row(ui, &mut first);
        fixed_row(ui, &mut second);
    }
    if *opponent != Opponent::Human {
        levels_ui(ui, i18n, id_salt, game, opponent, advice);
    }
}

/// The computer's levels under their heading: a row of buttons against the computer, with
/// `advice` under it, or a drop-down for each side when it plays itself. The area keeps the
/// height of the buttons' rows and a line of advice, whichever is shown.
fn levels_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    id_salt: &str,
    game: GameId,
    opponent: &mut Opponent,
    advice: &str,
) {
    let watching = matches!(opponent, Opponent::Watch { .. });
    let heading = if watching {
        "newgame.levels"
    } else {
        "newgame.level"
    };
    section_label(ui, i18n.t(heading));
    // As high as the level buttons take (two rows, or more, when there are many levels),
    // whichever opponent is chosen: the two sides' drop-downs take one.
    let height_id = egui::Id::unique(("level_rows", id_salt));
    let row_height = ui.spacing().interact_size.y + 4.0;
    let height = ui
        .data(|d| d.get_temp::<f32>(height_id))
        .unwrap_or(row_height);
    let size = egui::vec2(ui.available_width(), height);
    let drawn = ui.allocate_ui_with_layout(size, Layout::top_down(Align::Min), |ui| {
        ui.set_min_size(size);
        let single = LevelPicker::new(id_salt, PickerStyle::Row, game);
        if let Some((side, level)) = opponent_levels_ui(ui, i18n, id_salt, *opponent, single) {
            opponent.set_level(side, level);
        }
    });
    // The buttons' rows, measured, keep their height for the drop-downs.
    if !watching {
        let measured = drawn.response.rect.height().max(row_height);
        ui.data_mut(|d| d.insert_temp(height_id, measured));
    }
    // A line for the advice, said or not (with room for its glyphs' full height).
    let lines = egui::vec2(
        ui.available_width(),
        (ui.text_style_height(&egui::TextStyle::Body) * 1.25).ceil(),
    );
    ui.allocate_ui_with_layout(lines, Layout::top_down(Align::Min), |ui| {
        ui.set_min_size(lines);
        if !watching && !advice.is_empty() {
            wrapped_label(ui, RichText::new(advice).color(theme::muted()));
        }
    });
}

/// Keeps the room of what does not apply to `opponent` at the foot of a dialog that sets up a
/// game, drawn invisibly (nothing shows, nothing can be clicked, screen readers skip it), so
/// that the dialog's buttons stay in place whatever the opponent: a friend's game has no
/// levels, a game the computer plays itself no turn clock (`clock`: whether the dialog offers
/// one at all).
pub fn unused_room_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    id_salt: &str,
    game: GameId,
    opponent: Opponent,
    clock: bool,
) {
    // Nothing at all when nothing is left out: even an empty scope would add its spacing.
    let left_out = match opponent {
        Opponent::Human => true,
        Opponent::Watch { .. } => clock,
        Opponent::Computer { .. } => false,
    };
    if !left_out {
        return;
    }
    ui.scope_builder(egui::UiBuilder::new().invisible(), |ui| {
        if opponent == Opponent::Human {
            let mut shown = Opponent::Computer {
                level: Level::offered(game)[0],
                side: SideChoice::Black,
            };
            levels_ui(ui, i18n, id_salt, game, &mut shown, "");
        } else {
            clock_choice_ui(ui, i18n, &mut ClockSetting::Off);
        }
    });
}

/// A vertical scroll area. On a touch screen a finger's swipe scrolls it from the very first
/// touch (egui otherwise waits to have seen a touch before it lets a drag scroll, and the
/// first swipe after the page opens does nothing).
pub fn scroll_vertical() -> egui::ScrollArea {
    let area = egui::ScrollArea::vertical();
    if theme::is_touch() {
        area.scroll_source(egui::containers::scroll_area::ScrollSource::ALL)
    } else {
        area
    }
}

/// Narrower than this, a dialog puts the parts of a row of choices on rows of their own.
const NARROW_DIALOG: f32 = 440.0;

/// A row as high as a row of buttons, whatever it holds.
fn fixed_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y + 4.0);
    ui.allocate_ui_with_layout(row, Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(row);
        add(ui);
    });
}

/// A person's name, typed after its label (which names the field for screen readers);
/// `unnamed`, what the interface calls them without a name, shows in it while it is empty.
pub fn name_field_ui(ui: &mut egui::Ui, label: &str, unnamed: &str, name: &mut String) {
    let shown = ui.label(label);
    let response = ui
        .add(
            egui::TextEdit::singleline(name)
                .char_limit(MAX_NAME_CHARS)
                .hint_text(unnamed)
                .desired_width(110.0),
        )
        .labelled_by(shown.id);
    name_the_field(ui, &response, label, name);
}

/// Gives a text field its name for screen readers (and scripts): `label`, with its text.
pub fn name_the_field(ui: &egui::Ui, response: &egui::Response, label: &str, text: &str) {
    let enabled = ui.is_enabled();
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::text_edit(enabled, text, text, "");
        info.label = Some(label.to_string());
        info
    });
}

/// The pace of a game the computer plays itself, as a slider from the quickest to the
/// slowest, after its label unless a heading above says it; returns the new pace in
/// milliseconds when it changed.
pub fn pace_slider_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    pace: std::time::Duration,
    labelled: bool,
) -> Option<u32> {
    let range = WATCH_PACE_MS;
    let mut seconds = pace.as_secs_f64();
    let label = labelled.then(|| ui.label(i18n.t("watch.pace")));
    // The pace is said after the slider, and names it for screen readers.
    let said = i18n.format("watch.seconds", &[("n", &seconds_text(seconds))]);
    let slider = egui::Slider::new(
        &mut seconds,
        f64::from(*range.start()) / 1000.0..=f64::from(*range.end()) / 1000.0,
    )
    .step_by(0.25)
    .show_value(false)
    .text(said);
    let mut response = add_slider(ui, slider);
    if let Some(label) = label {
        response = response.labelled_by(label.id);
    }
    let ms = (seconds * 1000.0).round() as u32;
    (response.changed() && u128::from(ms) != pace.as_millis()).then_some(ms)
}

/// Adds `slider` with a rail that stands out from the dialog in both themes (the buttons'
/// ring colour) and the part up to its handle filled in the accent's selection colour.
pub fn add_slider(ui: &mut egui::Ui, slider: egui::Slider) -> egui::Response {
    ui.scope(|ui| {
        let visuals = ui.visuals_mut();
        visuals.widgets.inactive.bg_fill = theme::button_line();
        visuals.slider_trailing_fill = true;
        ui.add(slider)
    })
    .inner
}

/// Seconds with no more decimals than they need: `1.5`, `2`, `0.75`.
fn seconds_text(seconds: f64) -> String {
    let text = format!("{seconds:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The choice of the turn clock in a dialog, under its heading.
pub fn clock_choice_ui(ui: &mut egui::Ui, i18n: &I18n, clock: &mut ClockSetting) {
    section_label(ui, i18n.t("newgame.clock"));
    ui.horizontal_wrapped(|ui| {
        for c in ClockSetting::ALL {
            ui.selectable_value(clock, c, clock_name(i18n, c));
        }
    });
}

/// A modal dialog of the given width (less, in a narrower window) in the dialogs' frame:
/// `body` over `foot` (its buttons, [`dialog_buttons`]); its response says whether the user
/// asked to close it (Escape or a click outside). A body taller than the window leaves (large
/// text, a small window, a phone held sideways) scrolls, and the foot stays in sight under it.
pub fn modal_ui<R>(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    body: impl FnOnce(&mut egui::Ui) -> R,
    foot: impl FnOnce(&mut egui::Ui),
) -> egui::ModalResponse<R> {
    let screen = ctx.content_rect();
    let frame = theme::dialog_frame(screen.width());
    let margins = frame.total_margin().sum();
    let width = dialog_width(width, screen.width(), margins.x);
    // The foot's height as it was last drawn (a row of buttons until then).
    let foot_id = egui::Id::unique(("sanqi_dialog_foot", id));
    let foot_height = ctx
        .data(|d| d.get_temp::<f32>(foot_id))
        .unwrap_or_else(|| ctx.global_style().spacing.interact_size.y + 12.0);
    // The window less the frame's margins, the foot and a little air.
    let room = (screen.height() - margins.y - foot_height - 16.0).max(80.0);
    egui::Modal::new(egui::Id::unique(id))
        .frame(frame)
        .show(ctx, |ui| {
            ui.set_width(width);
            let inner = scroll_vertical()
                .id_salt(("dialog_body", id))
                .max_height(room)
                // As tall as the window allows once it has to scroll, else its own height.
                .min_scrolled_height(room)
                .auto_shrink([false, true])
                .show(ui, body)
                .inner;
            let top = ui.cursor().top();
            ui.add_space(10.0);
            foot(ui);
            let height = ui.min_rect().bottom() - top;
            if (height - foot_height).abs() > 0.5 {
                ctx.data_mut(|d| d.insert_temp(foot_id, height));
                ctx.request_discard("a dialog's foot changed its height");
            }
            inner
        })
}

/// The width of a dialog's content that asks for `wanted` in a window `screen` wide, whose
/// frame's margins take `margins`: never wider than the window leaves, with a little air.
pub fn dialog_width(wanted: f32, screen: f32, margins: f32) -> f32 {
    wanted.min(screen - margins - 12.0).max(120.0)
}

/// A button at a dialog's foot.
pub struct FootButton {
    text: String,
    primary: bool,
    hint: Option<String>,
}

impl FootButton {
    /// A plain button.
    pub fn new(text: impl Into<String>) -> FootButton {
        FootButton {
            text: text.into(),
            primary: false,
            hint: None,
        }
    }

    /// The button of what the dialog is for, in the accent colour.
    pub fn primary(text: impl Into<String>) -> FootButton {
        FootButton {
            primary: true,
            ..FootButton::new(text)
        }
    }

    /// With a line shown when the pointer rests on it.
    pub fn hint(mut self, hint: impl Into<String>) -> FootButton {
        self.hint = Some(hint.into());
        self
    }

    fn text(&self) -> RichText {
        let text = RichText::new(&self.text);
        if self.primary {
            text.color(egui::Color32::WHITE).strong()
        } else {
            text
        }
    }
}

/// Where a dialog's buttons go when they fit on one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FootAlign {
    /// From the right: the first button is the rightmost.
    Right,
    /// Centred: the first button is the leftmost.
    Center,
}

/// The buttons at the foot of a dialog: on one row when they fit its width, else one over
/// the other, each as wide as the dialog, the first on top (never cut at a narrow window's
/// edge). Returns the index of the one clicked.
pub fn dialog_buttons(
    ui: &mut egui::Ui,
    align: FootAlign,
    buttons: &[FootButton],
) -> Option<usize> {
    let gap = ui.spacing().item_spacing.x;
    let height = ui.spacing().interact_size.y;
    let widths: Vec<f32> = buttons
        .iter()
        .map(|b| button_width(ui, b.text()).ceil())
        .collect();
    let total = widths.iter().sum::<f32>() + gap * buttons.len().saturating_sub(1) as f32;
    let available = ui.available_width();
    let add = |ui: &mut egui::Ui, button: &FootButton, width: f32| {
        let widget = if button.primary {
            theme::primary_button(button.text())
        } else {
            egui::Button::new(button.text())
        };
        let response = ui.add_sized([width, height], widget);
        let response = match &button.hint {
            Some(hint) => response.on_hover_text(hint),
            None => response,
        };
        response.clicked()
    };
    let mut clicked = None;
    if total <= available {
        let order: Vec<usize> = match align {
            FootAlign::Right => (0..buttons.len()).rev().collect(),
            FootAlign::Center => (0..buttons.len()).collect(),
        };
        let offset = match align {
            FootAlign::Right => available - total,
            FootAlign::Center => (available - total) / 2.0,
        };
        ui.horizontal(|ui| {
            ui.add_space(offset.max(0.0));
            for i in order {
                if add(ui, &buttons[i], widths[i]) {
                    clicked = Some(i);
                }
            }
        });
    } else {
        ui.vertical(|ui| {
            for (i, button) in buttons.iter().enumerate() {
                if add(ui, button, available) {
                    clicked = Some(i);
                }
            }
        });
    }
    clicked
}

/// A wrapped label that leaves no character or two alone on its last row (a widow such as
/// 「子。」, which wrapping Chinese anywhere would allow).
pub fn wrapped_label(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let galley = wrapped_galley(ui, text);
    ui.add(egui::Label::new(galley))
}

/// The text laid out as [`wrapped_label`] lays it out, in the room `ui` has.
pub fn wrapped_galley(
    ui: &egui::Ui,
    text: impl Into<egui::WidgetText>,
) -> std::sync::Arc<egui::Galley> {
    let text = text.into();
    let layout = |width: f32| {
        text.clone().into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            width,
            egui::TextStyle::Body,
        )
    };
    // About one Chinese character at a time.
    let step = ui.text_style_height(&egui::TextStyle::Body) * 0.9;
    without_widow(layout, ui.available_width(), step)
}

/// The text `layout` wraps at `width`, wrapped `step` narrower, a few times at most, while
/// its last row holds only one or two characters, until three or more come down together,
/// as long as that takes no more rows.
pub fn without_widow(
    layout: impl Fn(f32) -> Arc<egui::Galley>,
    width: f32,
    step: f32,
) -> Arc<egui::Galley> {
    let widowed =
        |g: &egui::Galley| g.rows.len() >= 2 && g.rows.last().is_some_and(|r| r.glyphs.len() <= 2);
    let mut galley = layout(width);
    let mut narrower_width = width;
    for _ in 0..4 {
        narrower_width -= step;
        if !widowed(&galley) || narrower_width < width / 2.0 {
            break;
        }
        let narrower = layout(narrower_width);
        if narrower.rows.len() > galley.rows.len() {
            break;
        }
        galley = narrower;
    }
    galley
}

/// A card of Home under the games: its title and a line on the left, its buttons on the right
/// (`buttons` wide; under the text when the row is too narrow).
pub fn home_card_ui(
    ui: &mut egui::Ui,
    title: &str,
    line: &str,
    buttons: f32,
    add_buttons: impl FnOnce(&mut egui::Ui),
) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        text_and_buttons(
            ui,
            buttons,
            |ui| {
                ui.label(
                    RichText::new(title)
                        .size(theme::text(18.0))
                        .strong()
                        .color(theme::ink()),
                );
                wrapped_label(ui, RichText::new(line).color(theme::muted()));
            },
            add_buttons,
        );
    });
}

/// A muted heading over a group of controls.
pub fn section_label(ui: &mut egui::Ui, text: &str) {
    ui.add_space(4.0);
    ui.label(RichText::new(text).strong().color(theme::muted()));
}

/// A small painted piece inline with text.
pub fn stone_icon(ui: &mut egui::Ui, side: Side, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), egui::Sense::hover());
    board::paint_piece_icon(ui.painter(), rect.center(), size * 0.42, side);
}

/// A bar across the top of the window (the home header, the game bar).
pub fn top_bar(ui: &mut egui::Ui, id: &str, margin: [i8; 2], add: impl FnOnce(&mut egui::Ui)) {
    egui::Panel::top(id.to_string())
        .frame(
            egui::Frame::new()
                .fill(theme::panel())
                .inner_margin(egui::Margin::symmetric(margin[0], margin[1])),
        )
        .show(ui, add);
}

/// Rings the control that has the keyboard, once the keyboard brought it there (Tab, Shift+Tab
/// or an arrow key), in both themes: egui shows focus only as the look of a pressed control,
/// too faint to follow. A click puts the ring away until the keyboard moves again, as a
/// browser's focus ring does.
pub fn focus_ring(ctx: &egui::Context) {
    let by_keyboard_id = egui::Id::unique("sanqi_focus_by_keyboard");
    let (keyed, pointed) = ctx.input(|i| {
        let keyed = i.events.iter().any(|e| {
            matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::Tab
                        | egui::Key::ArrowUp
                        | egui::Key::ArrowDown
                        | egui::Key::ArrowLeft
                        | egui::Key::ArrowRight,
                    pressed: true,
                    ..
                }
            )
        });
        (keyed, i.pointer.any_pressed())
    });
    let mut by_keyboard = ctx
        .data(|d| d.get_temp::<bool>(by_keyboard_id))
        .unwrap_or(false);
    if keyed {
        by_keyboard = true;
    } else if pointed {
        by_keyboard = false;
    }
    ctx.data_mut(|d| d.insert_temp(by_keyboard_id, by_keyboard));
    if let Some(rect) = focus_ring_rect(ctx).filter(|_| by_keyboard) {
        let layer = ctx
            .memory(|m| m.focused())
            .and_then(|id| ctx.read_response(id))
            .map_or(egui::LayerId::background(), |r| r.layer_id);
        let painter = ctx.layer_painter(layer);
        let radius = egui::CornerRadius::same(7);
        // A halo in the background's colour keeps the ring apart from what it surrounds.
        painter.rect_stroke(
            rect.expand(1.0),
            radius,
            egui::Stroke::new(5.0, theme::paper()),
            egui::StrokeKind::Outside,
        );
        painter.rect_stroke(
            rect,
            radius,
            egui::Stroke::new(FOCUS_RING_WIDTH, theme::focus_ring()),
            egui::StrokeKind::Outside,
        );
    }
}

/// The width of the ring around the control that has the keyboard.
pub const FOCUS_RING_WIDTH: f32 = 2.5;

/// Where the ring around the control that has the keyboard goes: around the part of it in
/// sight, a little apart from it.
pub fn focus_ring_rect(ctx: &egui::Context) -> Option<egui::Rect> {
    let id = ctx.memory(|m| m.focused())?;
    let response = ctx.read_response(id)?;
    let rect = response.rect.intersect(response.interact_rect.expand(2.0));
    rect.is_positive().then(|| rect.expand(2.0))
}

/// How wide `text` is on one line, drawn in `style` unless it says its own size.
pub fn text_width_in(
    ui: &egui::Ui,
    text: impl Into<egui::WidgetText>,
    style: egui::TextStyle,
) -> f32 {
    let galley =
        text.into()
            .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style);
    galley.size().x
}

/// How wide a label with `text` is on one line.
pub fn text_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>) -> f32 {
    text_width_in(ui, text, egui::TextStyle::Body)
}

/// How wide a button with `text` is drawn (its text on one line and the padding around it).
pub fn button_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>) -> f32 {
    text_width_in(ui, text, egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.x
}

/// The least room a card's text keeps beside its buttons before they go under it.
const MIN_TEXT_BESIDE_BUTTONS: f32 = 260.0;

/// A card's line of text with its buttons: the text on the left, wrapped in the room the
/// buttons leave, and the buttons on the right (added right to left), centred on the text.
/// Where that would leave the text less than [`MIN_TEXT_BESIDE_BUTTONS`], the buttons go on
/// a line of their own under it, still at the right, so that neither is ever cut.
/// `buttons_width` is what the buttons take, from [`button_width`].
pub fn text_and_buttons(
    ui: &mut egui::Ui,
    buttons_width: f32,
    text_ui: impl FnOnce(&mut egui::Ui),
    buttons_ui: impl FnOnce(&mut egui::Ui),
) {
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width() - buttons_width - 2.0 * gap;
    if room >= MIN_TEXT_BESIDE_BUTTONS {
        ui.horizontal(|ui| {
            ui.allocate_ui_with_layout(Vec2::new(room, 0.0), Layout::top_down(Align::Min), |ui| {
                ui.set_width(room);
                text_ui(ui);
            });
            ui.with_layout(Layout::right_to_left(Align::Center), buttons_ui);
        });
    } else {
        ui.with_layout(Layout::top_down(Align::Min), text_ui);
        ui.horizontal(|ui| {
            ui.with_layout(Layout::right_to_left(Align::Center), buttons_ui);
        });
    }
}

/// Gives a button a fuller accessible name than its visible text.
pub fn accessible_name(response: &egui::Response, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
}

/// How many times a second [`thinking_mark`] moves on.
const THINKING_STEPS_PER_SECOND: f64 = 8.0;

/// A sign that the computer is working, `size` points across: a ring of dots, one of them
/// lit, moving on a step at a time. Unlike egui's spinner, which asks for every frame the
/// screen can show, it asks for a few a second, so that a long search leaves the computer
/// (a phone's, a browser's drawn in software) free for the search.
pub fn thinking_mark(ui: &mut egui::Ui, size: f32) -> egui::Response {
    const DOTS: usize = 8;
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        let time = ui.input(|i| i.time);
        let lit = ((time * THINKING_STEPS_PER_SECOND) as usize) % DOTS;
        let radius = size * 0.5 - size * 0.1;
        let colour = ui.visuals().strong_text_color();
        for dot in 0..DOTS {
            let angle = std::f32::consts::TAU * dot as f32 / DOTS as f32;
            let at = rect.center() + radius * Vec2::angled(angle);
            // The lit dot and the two before it, fading behind it.
            let behind = (lit + DOTS - dot) % DOTS;
            let strength = match behind {
                0 => 1.0,
                1 => 0.55,
                2 => 0.35,
                _ => 0.18,
            };
            ui.painter()
                .circle_filled(at, size * 0.09, colour.gamma_multiply(strength));
        }
        let next = (1.0 - (time * THINKING_STEPS_PER_SECOND).fract()) / THINKING_STEPS_PER_SECOND;
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(next.max(0.01)));
    }
    response
}

/// Makes a press outside an open drop-down list or menu only close it: the press (and its
/// release in the same input) is taken out before anything under it could act on it, as a
/// list that covered a button would otherwise let a click meant to close it land on what lies
/// beneath. Runs on the raw input, before the frame reads it.
pub fn press_outside_popup_only_closes_it(ctx: &egui::Context, raw: &mut egui::RawInput) {
    if !egui::Popup::is_any_open(ctx) {
        return;
    }
    // The open list is the topmost layer above the windows and dialogs.
    let popup = ctx.memory(|m| {
        let layers: Vec<egui::LayerId> = m.layer_ids().collect();
        layers
            .into_iter()
            .rev()
            .find(|l| l.order == egui::Order::Foreground && m.areas().is_visible(l))
    });
    let mut swallowed = None;
    raw.events.retain(|event| match *event {
        egui::Event::PointerButton {
            pos,
            button,
            pressed: true,
            ..
        } if swallowed.is_none() && ctx.layer_id_at(pos) != popup => {
            swallowed = Some(button);
            false
        }
        egui::Event::PointerButton {
            button,
            pressed: false,
            ..
        } if swallowed == Some(button) => false,
        _ => true,
    });
    if swallowed.is_some() {
        egui::Popup::close_all(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_character_or_two_is_left_alone_on_the_last_row() {
        let ctx = egui::Context::default();
        crate::app::fonts::install(&ctx);
        // A first frame loads the fonts; what it would upload is not wanted here.
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let text = "提示：e4-d4 让己方棋子保持安全；其余 6 步中有 1 步做不到（最坏会让白方组成 \
                    2×2 方块并吃 1 子）。白方 11 步内必胜。";
        let font = egui::FontId::proportional(14.5);
        let layout = |width: f32| {
            ctx.fonts_mut(|f| f.layout(text.to_string(), font.clone(), egui::Color32::BLACK, width))
        };
        let last_row = |g: &egui::Galley| g.rows.last().map_or(0, |r| r.glyphs.len());
        // Widths where plain wrapping leaves a widow, and what becomes of them.
        let mut widowed = 0;
        for width in 150..400 {
            let width = width as f32;
            let plain = layout(width);
            if plain.rows.len() < 2 || last_row(&plain) > 2 {
                continue;
            }
            widowed += 1;
            let mended = without_widow(layout, width, 13.0);
            assert!(last_row(&mended) >= 3, "at {width}: {:?}", mended.text());
            assert_eq!(mended.rows.len(), plain.rows.len(), "at {width}");
        }
        assert!(widowed > 0, "no width tried leaves a widow");
    }
}
