//! The settings window, in sections side by side when the window is wide enough: the
//! language, the look (light or dark, the text's size), the board (its style and the
//! pieces', each shown as a small picture, its orientation, its coordinates, the animations'
//! speed), the sound, the clock, the clock and the computer's level of the game being played,
//! the Flying table (its state, its build with progress, cancel and resume), and where the
//! app keeps its files.

use egui::{Align, Layout, RichText, Sense, Vec2, vec2};

use super::{Dialog, Stay};
use crate::app::board::{self, BoardScene, Look};
use crate::app::command::{BoardOption, Command, Open};
use crate::app::flying_table::{BuildState, TableState};
use crate::app::i18n::I18n;
use crate::app::i18n::Language;
use crate::app::settings::{
    AnimationSpeed, BoardStyle, ClockSetting, Opponent, PieceStyle, TextSize, ThemeChoice,
};
use crate::app::text::{clock_name, duration_text, shown_path};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{
    LevelPicker, PickerStyle, add_slider, opponent_levels_ui, section_label, wrapped_label,
};
use crate::rules::{Point, Side};
use crate::tablebase::Phase;

/// From this window width on, the settings stand in two columns.
const TWO_COLUMNS: f32 = 740.0;
/// The width of one column.
const COLUMN_WIDTH: f32 = 340.0;

/// The settings window (its state is the settings themselves).
pub struct SettingsDialog;

impl Dialog for SettingsDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let i18n = view.i18n;
        let mut open = true;
        let mut close = false;
        let screen = ctx.content_rect();
        let two_columns = screen.width() >= TWO_COLUMNS;
        // Both columns and the gap between them, within the window's width.
        let width = if two_columns {
            (2.0 * COLUMN_WIDTH + 24.0).min(screen.width() - 60.0)
        } else {
            COLUMN_WIDTH.min(screen.width() - 60.0)
        };
        egui::Window::new(i18n.t("settings.title"))
            .id(egui::Id::unique("settings_window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .min_width(width)
            .max_width(width)
            // Room for all of it: the window then takes the height of what it shows.
            .default_height(screen.height())
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                // As tall as the settings, up to what the window leaves: in a small window
                // they scroll, the Close button staying in sight under them.
                let room = (screen.height() - 130.0).max(160.0);
                crate::app::widgets::scroll_vertical()
                    .max_height(room)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if two_columns {
                            ui.columns(2, |cols| {
                                looks_ui(&mut cols[0], view, commands);
                                play_ui(&mut cols[1], view, commands);
                            });
                        } else {
                            looks_ui(ui, view, commands);
                            ui.separator();
                            play_ui(ui, view, commands);
                        }
                        ui.separator();
                        if let Some(dir) = view.data_dir {
                            ui.add(
                                egui::Label::new(
                                    RichText::new(i18n.format(
                                        "settings.data_folder",
                                        &[("path", &shown_path(dir))],
                                    ))
                                    .small()
                                    .color(theme::muted()),
                                )
                                .wrap(),
                            );
                        }
                    });
                ui.add_space(4.0);
                // A row of its own height: the window has room to spare in a tall screen.
                let row = vec2(ui.available_width(), ui.spacing().interact_size.y);
                ui.allocate_ui_with_layout(row, Layout::right_to_left(Align::Center), |ui| {
                    if ui.button(i18n.t("dialog.close")).clicked() {
                        close = true;
                    }
                });
            });
        if !open || close {
            return Stay::Closed;
        }
        Stay::Open
    }

    fn is_modal(&self) -> bool {
        false
    }

    fn reopen(&mut self, _request: Open) -> bool {
        true
    }
}

/// A row of choices, one of them selected; returns the one clicked, if it is another.
fn choice_row<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    current: T,
    choices: &[(T, &str)],
) -> Option<T> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for &(choice, name) in choices {
            if ui.selectable_label(current == choice, name).clicked() && current != choice {
                chosen = Some(choice);
            }
        }
    });
    chosen
}

/// The first column: the language, the look of the app and of the board.
fn looks_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    let settings = view.settings;
    section_label(ui, i18n.t("settings.language"));
    let languages: Vec<(Language, &str)> = Language::ALL
        .iter()
        .map(|&l| (l, l.native_name()))
        .collect();
    if let Some(l) = choice_row(ui, i18n.language(), &languages) {
        commands.push(Command::SetLanguage(l));
    }
    section_label(ui, i18n.t("settings.appearance"));
    let themes = ThemeChoice::ALL.map(|choice| {
        let key = match choice {
            ThemeChoice::System => "settings.theme_system",
            ThemeChoice::Light => "settings.theme_light",
            ThemeChoice::Dark => "settings.theme_dark",
        };
        (choice, i18n.t(key))
    });
    if let Some(choice) = choice_row(ui, settings.theme, &themes) {
        commands.push(Command::SetTheme(choice));
    }
    ui.label(i18n.t("settings.text_size"));
    let sizes = TextSize::ALL.map(|size| {
        let key = match size {
            TextSize::Normal => "settings.text_normal",
            TextSize::Large => "settings.text_large",
            TextSize::Largest => "settings.text_largest",
        };
        (size, i18n.t(key))
    });
    if let Some(size) = choice_row(ui, settings.text_size, &sizes) {
        commands.push(Command::SetTextSize(size));
    }
    section_label(ui, i18n.t("settings.board"));
    let look = Look {
        board: settings.board_style,
        pieces: settings.piece_style,
    };
    ui.horizontal(|ui| {
        for style in BoardStyle::ALL {
            let name = match style {
                BoardStyle::Wood => i18n.t("settings.board_wood"),
                BoardStyle::Plain => i18n.t("settings.board_plain"),
            };
            let preview = Look {
                board: style,
                ..look
            };
            if style_tile(ui, look.board == style, name, |painter, rect| {
                board::with_look(preview, || paint_board_preview(painter, rect, true));
            })
            .clicked()
                && look.board != style
            {
                commands.push(Command::SetBoardStyle(style));
            }
        }
    });
    ui.horizontal(|ui| {
        for style in PieceStyle::ALL {
            let name = match style {
                PieceStyle::Stones => i18n.t("settings.pieces_stones"),
                PieceStyle::Marked => i18n.t("settings.pieces_marked"),
            };
            let preview = Look {
                pieces: style,
                ..look
            };
            if style_tile(ui, look.pieces == style, name, |painter, rect| {
                board::with_look(preview, || paint_pieces_preview(painter, rect));
            })
            .clicked()
                && look.pieces != style
            {
                commands.push(Command::SetPieceStyle(style));
            }
        }
    });
    for (option, mut on, key) in [
        (BoardOption::Flip, settings.flip_board, "settings.flip"),
        (
            BoardOption::Coordinates,
            settings.show_coordinates,
            "settings.coordinates",
        ),
    ] {
        if ui.checkbox(&mut on, i18n.t(key)).changed() {
            commands.push(Command::SetBoardOption(option, on));
        }
    }
    ui.label(i18n.t("settings.animations"));
    let speeds = [
        (None, i18n.t("settings.animation_off")),
        (
            Some(AnimationSpeed::Fast),
            i18n.t("settings.animation_fast"),
        ),
        (
            Some(AnimationSpeed::Normal),
            i18n.t("settings.animation_normal"),
        ),
        (
            Some(AnimationSpeed::Slow),
            i18n.t("settings.animation_slow"),
        ),
    ];
    match choice_row(ui, settings.animation(), &speeds) {
        Some(None) => commands.push(Command::SetBoardOption(BoardOption::Animations, false)),
        Some(Some(speed)) => commands.push(Command::SetAnimationSpeed(speed)),
        None => {}
    }
}

/// A choice of style shown as a small picture with its name under it, framed in the accent
/// colour when it is the one chosen. Read out as a radio button.
fn style_tile(
    ui: &mut egui::Ui,
    selected: bool,
    name: &str,
    picture: impl FnOnce(&egui::Painter, egui::Rect),
) -> egui::Response {
    let spacing = ui.spacing().item_spacing.x;
    let width = ((ui.available_width() - spacing) / 2.0).clamp(110.0, 170.0);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let galley = ui
        .painter()
        .layout(name.to_string(), font, theme::ink(), width - 12.0);
    let picture_height = 58.0;
    let size = vec2(width, picture_height + galley.size().y + 18.0);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let response = response.on_hover_cursor(egui::CursorIcon::PointingHand);
    response
        .widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, name));
    if ui.is_rect_visible(rect) {
        let (fill, stroke) = if selected {
            (theme::highlight(), egui::Stroke::new(2.0, theme::accent()))
        } else if response.hovered() {
            (
                theme::card(),
                egui::Stroke::new(1.0, theme::button_hover_line()),
            )
        } else {
            (theme::card(), egui::Stroke::new(1.0, theme::line()))
        };
        let painter = ui.painter();
        painter.rect(
            rect,
            egui::CornerRadius::same(8),
            fill,
            stroke,
            egui::StrokeKind::Inside,
        );
        let picture_rect = egui::Rect::from_min_size(
            rect.min + vec2(6.0, 6.0),
            vec2(rect.width() - 12.0, picture_height),
        );
        picture(&painter.with_clip_rect(picture_rect), picture_rect);
        painter.galley(
            egui::pos2(
                rect.center().x - galley.size().x / 2.0,
                picture_rect.bottom() + 6.0,
            ),
            galley,
            theme::ink(),
        );
    }
    response
}

/// The middle of a board with a piece of each side on it, in the look being drawn: the board
/// is drawn larger than the picture, which shows its middle.
fn paint_board_preview(painter: &egui::Painter, rect: egui::Rect, pieces: bool) {
    let mut scene = BoardScene::default();
    if pieces {
        for (name, side) in [
            ("c3", Side::Black),
            ("b3", Side::White),
            ("d3", Side::White),
        ] {
            if let Some(p) = Point::parse(name) {
                scene.pieces[p.index()] = Some(side);
            }
        }
    }
    let side = rect.width() * 1.6;
    let board = egui::Rect::from_center_size(rect.center(), Vec2::splat(side));
    board::paint(painter, board, &scene);
}

/// A piece of each side, large, on the board.
fn paint_pieces_preview(painter: &egui::Painter, rect: egui::Rect) {
    paint_board_preview(painter, rect, false);
    let radius = (rect.height() * 0.36).min(rect.width() * 0.2);
    let gap = radius * 1.25;
    for (side, dx) in [(Side::Black, -gap), (Side::White, gap)] {
        board::paint_stone(
            painter,
            rect.center() + vec2(dx, 0.0),
            Vec2::splat(radius),
            side,
            1.0,
        );
    }
}

/// The second column: the sound, the clock, the game being played and the Flying table.
fn play_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    sound_ui(ui, view, commands);
    section_label(ui, i18n.t("panel.clock"));
    let mut in_background = view.settings.pause_in_background;
    if ui
        .checkbox(&mut in_background, i18n.t("settings.pause_in_background"))
        .changed()
    {
        commands.push(Command::SetPauseInBackground(in_background));
    }
    if let Some(s) = view.live_session() {
        let setup = s.setup();
        section_label(ui, i18n.t("settings.this_game"));
        // A game the computer plays itself has no turn clock.
        if !s.is_watched() {
            ui.label(i18n.t("newgame.clock"));
            let clocks: Vec<(ClockSetting, String)> = ClockSetting::ALL
                .iter()
                .map(|&c| (c, clock_name(i18n, c)))
                .collect();
            let clocks: Vec<(ClockSetting, &str)> =
                clocks.iter().map(|(c, n)| (*c, n.as_str())).collect();
            if let Some(c) = choice_row(ui, setup.clock, &clocks) {
                commands.push(Command::SetClock(c));
            }
        }
        match setup.opponent {
            Opponent::Human => {}
            Opponent::Computer { .. } => {
                ui.label(i18n.t("newgame.level"));
            }
            Opponent::Watch { .. } => {
                ui.label(i18n.t("newgame.levels"));
            }
        }
        let single = LevelPicker::new("settings", PickerStyle::Row, setup.game);
        if let Some((side, level)) =
            opponent_levels_ui(ui, i18n, "settings", setup.opponent, single)
        {
            commands.push(Command::SetLevel(side, level));
        }
        // Said before either is changed: the game would no longer be rated.
        if s.is_rated() && !s.game().is_empty() {
            ui.add(
                egui::Label::new(
                    RichText::new(i18n.t("unrated.warn_settings"))
                        .small()
                        .color(theme::muted()),
                )
                .wrap(),
            );
        }
    }
    table_ui(ui, view, commands);
}

/// The sounds: on or off, and how loud (a knock at the new volume when the slider is let go).
fn sound_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    let settings = view.settings;
    section_label(ui, i18n.t("settings.sound"));
    let mut on = settings.sound;
    if ui.checkbox(&mut on, i18n.t("settings.sound_on")).changed() {
        commands.push(Command::SetSound(on));
    }
    ui.add_enabled_ui(settings.sound, |ui| {
        ui.horizontal(|ui| {
            let mut volume = settings.volume;
            let slider = add_slider(
                ui,
                egui::Slider::new(&mut volume, 0..=100)
                    .suffix(" %")
                    .text(i18n.t("settings.volume")),
            );
            if slider.changed() {
                commands.push(Command::SetVolume(volume));
            }
            if slider.drag_stopped() || (slider.changed() && !slider.dragged()) {
                commands.push(Command::PreviewSound);
            }
        });
    });
}

/// What a build is doing, in words.
fn phase_text(i18n: &I18n, phase: Phase) -> String {
    match phase {
        Phase::Preparing => i18n.t("table.phase_preparing").to_string(),
        Phase::Resuming => i18n.t("table.phase_resuming").to_string(),
        Phase::CountingMoves => i18n.t("table.phase_counting").to_string(),
        Phase::Distance(1) => i18n.t("table.phase_results_one").to_string(),
        Phase::Distance(n) => i18n.format("table.phase_results", &[("n", &n)]),
        Phase::FlipDistance(1) => i18n.t("table.phase_flips_one").to_string(),
        Phase::FlipDistance(n) => i18n.format("table.phase_flips", &[("n", &n)]),
        Phase::Checkpointing => i18n.t("table.phase_checkpoint").to_string(),
        Phase::Writing => i18n.t("table.phase_writing").to_string(),
    }
}

/// The Flying table: its state, and the build with its progress, cancel and resume.
fn table_ui(ui: &mut egui::Ui, view: &View, commands: &mut Vec<Command>) {
    let i18n = view.i18n;
    let table = view.table;
    section_label(ui, i18n.t("table.title"));
    let small = |ui: &mut egui::Ui, text: String| {
        wrapped_label(ui, RichText::new(text).small().color(theme::muted()));
    };
    if let Some(BuildState::Running(progress)) = table.build {
        ui.label(i18n.format(
            "table.building",
            &[
                ("percent", &format!("{:.0}", progress.fraction * 100.0)),
                ("phase", &phase_text(i18n, progress.phase)),
            ],
        ));
        ui.add(egui::ProgressBar::new(progress.fraction.clamp(0.0, 1.0)).desired_height(10.0));
        small(
            ui,
            i18n.format(
                "table.elapsed",
                &[("time", &duration_text(i18n, progress.elapsed))],
            ),
        );
        if ui.button(i18n.t("table.cancel")).clicked() {
            commands.push(Command::CancelTableBuild);
        }
        return;
    }
    let can_build = match &table.state {
        TableState::Ready(ready) => {
            let mb = (ready.bytes + 500_000) / 1_000_000;
            let when = ready
                .written
                .map(|w| view.zone.system_time_text(w))
                .unwrap_or_default();
            ui.label(i18n.format("table.built", &[("size", &mb), ("when", &when)]));
            small(
                ui,
                i18n.format(
                    "table.built_detail",
                    &[(
                        "time",
                        &duration_text(i18n, ready.table.figures().solve_time),
                    )],
                ),
            );
            false
        }
        TableState::Opening => {
            ui.label(i18n.t("table.opening"));
            false
        }
        TableState::Missing => {
            ui.label(i18n.t("table.missing"));
            small(ui, i18n.t("table.missing_detail").to_string());
            true
        }
        TableState::Damaged(_) => {
            ui.label(RichText::new(i18n.t("table.damaged")).color(theme::warn()));
            true
        }
        TableState::NoFolder => {
            ui.label(i18n.t("table.no_folder"));
            false
        }
        TableState::DesktopOnly => {
            ui.label(i18n.t("table.desktop_only"));
            small(ui, i18n.t("table.desktop_only_detail").to_string());
            false
        }
    };
    if table.build == Some(BuildState::Cancelled) || (table.resumable && can_build) {
        small(ui, i18n.t("table.resumable").to_string());
    }
    if let Some(why) = &table.build_error {
        small(
            ui,
            i18n.format(
                "table.notice_failed",
                &[("reason", &crate::echo::one_line(why, 200))],
            ),
        );
    }
    if can_build {
        let label = if table.resumable {
            i18n.t("table.resume")
        } else {
            i18n.t("table.build")
        };
        if ui.add(theme::primary_button(label)).clicked() {
            commands.push(Command::BuildTable);
        }
    }
}
