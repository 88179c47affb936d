//! The lesson screen: a bar with the courses, the step's board between the two players'
//! plates (the same board and plates as a game), and a side panel with the step's text, the
//! task, what the last try did, the buttons and the list of the course's steps.

use egui::{Align, Color32, Layout, RichText, Sense, Stroke, Vec2};

use super::game::plate_ui;
use super::layout::{board_layout, panel_width, plate_sides, with_side_panel};
use super::side_panel::note_text;
use crate::app::board::{Geometry, board_ui};
use crate::app::command::{Command, Open, RulesTab};
use crate::app::i18n::I18n;
use crate::app::lessons::{Course, Feedback, Lesson};
use crate::app::text::{result_reason, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{button_width, stone_icon, text_width, top_bar, wrapped_label};
use crate::rules::explain::{Event, explain};
use crate::rules::{Action, Bits, Decision, Effects, GameId, State, board};

/// The lesson screen.
#[derive(Default)]
pub struct LessonScreen;

impl LessonScreen {
    /// Draws the screen for `lesson`; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View, lesson: &Lesson) -> Vec<Command> {
        let mut commands = Vec::new();
        top_bar_ui(ui, view, lesson, &mut commands);
        let width = lesson_panel_width(ui.available_width());
        with_side_panel(
            ui,
            "lesson_panel",
            width,
            &mut commands,
            |ui, out| panel_ui(ui, view, lesson, out),
            |ui, out| board_area_ui(ui, view, lesson, out),
        );
        commands
    }
}

/// The side panel's width for a window of this width: a little wider than the game's, for
/// the text.
fn lesson_panel_width(window: f32) -> f32 {
    panel_width(window, 0.34, 290.0, 800.0)
}

fn course_name(i18n: &I18n, course: Course) -> String {
    i18n.t(&course.name_key()).to_string()
}

fn top_bar_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let courses: Vec<(Course, String, usize, usize)> = Course::ALL
        .into_iter()
        .map(|course| {
            let total = course.steps().len();
            let done = view.lessons.done_count(course);
            let name = course_name(i18n, course);
            let text = if done == total {
                format!("✓ {name}")
            } else {
                name
            };
            (course, text, done, total)
        })
        .collect();
    top_bar(ui, "lesson_bar", [12, 8], |ui| {
        let gap = ui.spacing().item_spacing.x;
        let title = i18n.t("lesson.title");
        let needed = button_width(ui, i18n.t("game.home"))
            + text_width(ui, RichText::new(title).size(theme::text(18.0)).strong())
            + courses
                .iter()
                .map(|(_, text, ..)| button_width(ui, text.as_str()) + gap)
                .sum::<f32>()
            + button_width(ui, i18n.t("game.rules"))
            + 4.0 * gap
            + 12.0;
        // A narrow window (a phone held upright): the courses on a row of their own.
        let one_row = needed <= ui.available_width();
        let courses_ui = |ui: &mut egui::Ui, out: &mut Vec<Command>| {
            for (course, text, done, total) in &courses {
                let course = *course;
                let response = ui
                    .selectable_label(lesson.course() == course, text.as_str())
                    .on_hover_text(
                        i18n.format("lesson.progress", &[("done", done), ("total", total)]),
                    );
                if response.clicked() && lesson.course() != course {
                    out.push(Command::OpenLessons(course));
                }
            }
        };
        ui.horizontal(|ui| {
            home_and_title_ui(ui, i18n.t("lesson.home_hint"), title, i18n, out);
            if one_row {
                courses_ui(ui, out);
            }
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let (game, tab) = rules_page(lesson);
                if ui
                    .button(i18n.t("game.rules"))
                    .on_hover_text("F1")
                    .clicked()
                {
                    out.push(Command::Open(Open::Rules(game, tab)));
                }
            });
        });
        if !one_row {
            ui.horizontal_wrapped(|ui| courses_ui(ui, out));
        }
    });
}

/// The start of a screen's bar: the way Home (with `hint` under the pointer) and the
/// screen's `title`.
pub(super) fn home_and_title_ui(
    ui: &mut egui::Ui,
    hint: &str,
    title: &str,
    i18n: &I18n,
    out: &mut Vec<Command>,
) {
    if ui.button(i18n.t("game.home")).on_hover_text(hint).clicked() {
        out.push(Command::GoHome);
    }
    ui.add_space(6.0);
    ui.label(
        RichText::new(title)
            .size(theme::text(18.0))
            .strong()
            .color(theme::ink()),
    );
    ui.add_space(10.0);
}

/// The rules the lesson is about (what F1 and the Rules button open): the house rules for
/// their course, else the key points of the step's game.
pub fn rules_page(lesson: &Lesson) -> (GameId, RulesTab) {
    let game = lesson.session().setup().game;
    let tab = match lesson.course() {
        Course::HouseRules => RulesTab::Common,
        _ => RulesTab::KeyPoints,
    };
    (game, tab)
}

/// A framed part of the side panel.
pub(super) fn section(
    ui: &mut egui::Ui,
    fill: Color32,
    stroke: Color32,
    add: impl FnOnce(&mut egui::Ui),
) {
    egui::Frame::new()
        .fill(fill)
        .stroke(Stroke::new(1.0, stroke))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}

fn wrapped(ui: &mut egui::Ui, text: RichText) {
    wrapped_label(ui, text);
}

fn panel_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let course = lesson.course();
    let step = lesson.step();
    let steps = course.steps();
    crate::app::widgets::scroll_vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            ui.set_max_width(ui.available_width());
            ui.horizontal(|ui| {
                let position = i18n.format(
                    "lesson.step_of",
                    &[("n", &(lesson.index() + 1)), ("total", &steps.len())],
                );
                ui.label(RichText::new(position).small().color(theme::muted()));
                if view.lessons.is_done(course, lesson.index()) {
                    ui.label(
                        RichText::new(i18n.t("lesson.step_done"))
                            .small()
                            .strong()
                            .color(theme::good()),
                    );
                }
            });
            wrapped(
                ui,
                RichText::new(i18n.t(&course.key(step, "title")))
                    .size(theme::text(20.0))
                    .strong()
                    .color(theme::ink()),
            );
            for paragraph in i18n.t(&course.key(step, "text")).split("\n\n") {
                wrapped(ui, RichText::new(paragraph).size(theme::text(15.0)));
            }
            task_ui(ui, view, lesson);
            feedback_ui(ui, view, lesson);
            buttons_ui(ui, view, lesson, out);
            ui.add_space(6.0);
            steps_ui(ui, view, lesson, out);
        });
}

/// The task, with who the learner plays and what the step shows besides the board.
fn task_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson) {
    let i18n = view.i18n;
    let course = lesson.course();
    let step = lesson.step();
    let s = lesson.session();
    section(
        ui,
        theme::card(),
        theme::accent().gamma_multiply(0.6),
        |ui| {
            ui.horizontal(|ui| {
                stone_icon(ui, lesson.learner(), 16.0);
                let side = side_name(i18n, lesson.learner());
                ui.label(
                    RichText::new(i18n.format("lesson.you_play", &[("side", &side)]))
                        .strong()
                        .color(theme::accent_dark()),
                );
            });
            wrapped(
                ui,
                RichText::new(i18n.t(&course.key(step, "task"))).size(theme::text(15.0)),
            );
            if let Some(seconds) = s.clock().shown_seconds() {
                let color = if seconds <= 3 {
                    theme::warn()
                } else {
                    theme::ink()
                };
                ui.horizontal(|ui| {
                    ui.label(RichText::new(i18n.t("panel.clock")).color(theme::muted()));
                    ui.label(
                        RichText::new(format!("0:{seconds:02}"))
                            .size(theme::text(22.0))
                            .strong()
                            .monospace()
                            .color(color),
                    );
                });
            }
            if course == Course::HouseRules && s.setup().game == GameId::Flying {
                let game = s.game();
                let quiet = i18n.format(
                    "lesson.quiet_turns",
                    &[("n", &game.quiet_turns()), ("limit", &100)],
                );
                ui.label(RichText::new(quiet).color(theme::muted()));
                let seen = i18n.format("lesson.repetitions", &[("n", &game.repetitions())]);
                ui.label(RichText::new(seen).color(theme::muted()));
            }
            if lesson.computer_busy() {
                ui.horizontal(|ui| {
                    crate::app::widgets::thinking_mark(ui, 14.0);
                    ui.label(
                        RichText::new(i18n.t("panel.thinking"))
                            .italics()
                            .color(theme::muted()),
                    );
                });
            }
        },
    );
}

/// What the last try did: refused and why, or done.
fn feedback_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson) {
    let i18n = view.i18n;
    let course = lesson.course();
    let step = lesson.step();
    let (color, headline, text) = match lesson.feedback() {
        None => return,
        Some(Feedback::Note(note)) => {
            let (color, headline) = if note.is_warning() {
                (theme::warn(), Some(i18n.t("lesson.not_quite")))
            } else {
                (theme::info(), None)
            };
            (color, headline, note_text(i18n, note))
        }
        Some(Feedback::Refused(why)) => (
            theme::warn(),
            Some(i18n.t("lesson.not_quite")),
            why.message(i18n, lesson.learner(), course, step),
        ),
        Some(Feedback::Done) => (
            theme::good(),
            Some(i18n.t("lesson.well_done")),
            i18n.t(&course.key(step, "done")).to_string(),
        ),
        Some(Feedback::Lost(status)) => (
            theme::warn(),
            Some(i18n.t("lesson.game_lost")),
            format!(
                "{} {}",
                result_reason(i18n, *status, None),
                i18n.t("lesson.try_again")
            ),
        ),
    };
    section(
        ui,
        color.gamma_multiply(0.1),
        color.gamma_multiply(0.5),
        |ui| {
            if let Some(headline) = headline {
                ui.label(RichText::new(headline).strong().color(color));
            }
            wrapped(ui, RichText::new(text).color(theme::ink()));
        },
    );
}

fn buttons_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let course = lesson.course();
    let index = lesson.index();
    ui.horizontal_wrapped(|ui| {
        if lesson.is_done() {
            let next_step = index + 1 < course.steps().len();
            if next_step {
                if ui
                    .add(theme::primary_button(i18n.t("lesson.next")))
                    .clicked()
                {
                    out.push(Command::OpenLessonStep(course, index + 1));
                }
            } else if let Some(next) = Course::ALL.iter().skip_while(|&&c| c != course).nth(1) {
                let text = i18n.format(
                    "lesson.next_course",
                    &[("course", &course_name(i18n, *next))],
                );
                if ui.add(theme::primary_button(text)).clicked() {
                    out.push(Command::OpenLessons(*next));
                }
            }
            if !next_step
                && let Some(game) = course.game()
                && ui.button(i18n.t("lesson.play_game")).clicked()
            {
                out.push(Command::Open(Open::NewGame(Some(game))));
            }
        }
        if lesson.clock_waiting()
            && ui
                .add(theme::primary_button(i18n.t("lesson.start_clock")))
                .clicked()
        {
            out.push(Command::StartLessonClock);
        }
        let can_show = lesson.suggestion().is_some();
        if !lesson.is_done()
            && lesson.can_show()
            && ui
                .add_enabled(can_show, egui::Button::new(i18n.t("lesson.show_me")))
                .on_hover_text(i18n.t("lesson.show_me_hint"))
                .clicked()
        {
            out.push(Command::ShowLessonMove);
        }
        if ui
            .button(i18n.t("lesson.restart"))
            .on_hover_text(i18n.t("lesson.restart_hint"))
            .clicked()
        {
            out.push(Command::RestartLessonStep);
        }
    });
}

/// The course's steps, each a button to open it, ticked when done.
fn steps_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let course = lesson.course();
    ui.label(
        RichText::new(i18n.t("lesson.steps"))
            .strong()
            .color(theme::muted()),
    );
    section(ui, theme::card(), theme::line(), |ui| {
        ui.spacing_mut().item_spacing.y = 2.0;
        for (i, step) in course.steps().iter().enumerate() {
            let mark = if view.lessons.is_done(course, i) {
                "✓"
            } else {
                "○"
            };
            let text = format!("{mark}  {}. {}", i + 1, i18n.t(&course.key(step, "title")));
            let current = i == lesson.index();
            let response = ui.selectable_label(current, RichText::new(text));
            if response.clicked() && !current {
                out.push(Command::OpenLessonStep(course, i));
            }
        }
    });
}

fn board_area_ui(ui: &mut egui::Ui, view: &View, lesson: &Lesson, out: &mut Vec<Command>) {
    let s = lesson.session();
    let full = ui.available_rect_before_wrap();
    let layout = board_layout(full, 0.0);
    let flipped = view.board_flipped(s);
    let (top_side, bottom_side) = plate_sides(flipped);
    plate_ui(ui, view, s, top_side, layout.top_plate);
    plate_ui(ui, view, s, bottom_side, layout.bottom_plate);
    let now = ui.input(|i| i.time);
    let coordinates = view.settings.show_coordinates;
    let mut scene = s.scene(now, flipped, coordinates);
    let enabled = lesson.accepts_input();
    if !enabled {
        scene.clickable.clear();
        scene.eligible.clear();
        scene.destinations.clear();
        scene.selected = None;
    }
    scene.hint = lesson.shown();
    // The lesson outlines what the latest move did itself, and keeps it there while the
    // learner reads (`paint_event`); the game's fading marks of the same event would double it.
    scene.overlays.clear();
    let preview = match (enabled, s.game().state().decision()) {
        (true, Some(Decision::Place)) => s.to_act(),
        _ => None,
    };
    let mut board_area = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(layout.board)
            .layout(Layout::top_down(Align::Min)),
    );
    let input = board_ui(&mut board_area, &mut scene, layout.side, enabled, preview);
    let geometry = Geometry::new(layout.board, flipped, coordinates);
    paint_event(ui.painter(), &geometry, lesson);
    ui.allocate_rect(full, Sense::hover());
    if let Some(p) = input.clicked {
        out.push(Command::LessonClick(p));
    }
    if let Some((from, to)) = input.dropped {
        out.push(Command::LessonDrag(from, to));
    }
}

/// Outlines what one of the two latest moves or placements did (the latest that did
/// something): the shapes that earned captures (or, while placing, a shape that earns
/// nothing), the pieces that flipped or were taken, and the pieces that took part.
fn paint_event(painter: &egui::Painter, geo: &Geometry, lesson: &Lesson) {
    let game = lesson.session().game();
    let mut latest: Vec<(usize, &Effects)> = game
        .effects()
        .enumerate()
        .filter(|(_, e)| matches!(e.action, Action::Move(..) | Action::Place(_)))
        .collect();
    latest.reverse();
    for (index, effects) in latest.into_iter().take(2) {
        let before = game.state_after(index);
        if paint_one(painter, geo, before, effects) {
            return;
        }
    }
}

/// Outlines what one action did; returns whether there was anything to outline.
fn paint_one(painter: &egui::Painter, geo: &Geometry, before: &State, effects: &Effects) -> bool {
    match explain(before, effects) {
        Event::Shapes { shapes, .. } => {
            for shape in shapes {
                outline(painter, geo, shape.points(), theme::good());
            }
            true
        }
        event @ (Event::Flipped { .. } | Event::Taken { .. }) => {
            let taken = effects.flipped | effects.removed;
            let taken_color = if effects.flipped != 0 {
                theme::good()
            } else {
                theme::removable()
            };
            ring_points(
                painter,
                geo,
                event.outlined(effects) & !taken,
                theme::info(),
            );
            ring_points(painter, geo, taken, taken_color);
            true
        }
        _ => {
            let shapes = placed_shapes(before, effects);
            for &shape in &shapes {
                outline(painter, geo, shape, theme::muted());
            }
            !shapes.is_empty()
        }
    }
}

/// Neihuang: the 2×2 blocks and lines a placement completed (they capture nothing).
fn placed_shapes(before: &State, effects: &Effects) -> Vec<Bits> {
    let Action::Place(p) = effects.action else {
        return Vec::new();
    };
    if before.game() != GameId::Neihuang {
        return Vec::new();
    }
    let own = before.boards()[effects.actor.index()] | board::bit(p);
    let i = p.index();
    board::BLOCKS[i]
        .into_iter()
        .chain([board::ROW[i], board::COLUMN[i]])
        .filter(|&shape| shape != 0 && own & shape == shape)
        .collect()
}

/// A rounded frame around a set of points (a block or a line).
fn outline(painter: &egui::Painter, geo: &Geometry, points: Bits, color: Color32) {
    let radius = geo.stone_radius();
    let mut centres = board::points(points).map(|p| geo.position(p));
    let Some(first) = centres.next() else {
        return;
    };
    let area = centres
        .fold(egui::Rect::from_center_size(first, Vec2::ZERO), |r, c| {
            r.union(egui::Rect::from_center_size(c, Vec2::ZERO))
        })
        .expand(radius * 1.28);
    painter.rect(
        area,
        egui::CornerRadius::same((radius * 0.9).min(60.0) as u8),
        color.gamma_multiply(0.07),
        Stroke::new(geo.step * 0.045, color),
        egui::StrokeKind::Middle,
    );
}

fn ring_points(painter: &egui::Painter, geo: &Geometry, points: Bits, color: Color32) {
    for p in board::points(points) {
        painter.circle_stroke(
            geo.position(p),
            geo.stone_radius() * 1.22,
            Stroke::new(geo.step * 0.04, color),
        );
    }
}
