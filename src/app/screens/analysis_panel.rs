//! The analysis section of the side panel in review: a button to start it, its progress and
//! a way to cancel it while it runs, then the graph of Black's winning chances over the game
//! (growing with the panel; the value and the move under the pointer are read out under it,
//! in the same words as the hint, and a click goes to that position), each side's accuracy and labels, and what the engine says of the
//! action played from the position shown.

use egui::{Color32, RichText, Sense, Stroke, pos2, vec2};

use crate::ai::analysis::{
    ACCURACY_POWER, BEST_LOSS, DECIDED_PIECES, EXACT_GOOD_PLIES, Evaluation, GOOD_LOSS,
    INACCURACY_LOSS, Label, MISTAKE_LOSS, Report,
};
use crate::app::analysis::{GameAnalysis, Stage, label_mark};
use crate::app::command::Command;
use crate::app::exact::value_words;
use crate::app::i18n::I18n;
use crate::app::session::Session;
use crate::app::text::{action_text, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{accessible_name, wrapped_label};
use crate::rules::GameId;
use crate::rules::{Action, Side};

/// The graph's least height, its most, its height for its width in between, and its height in
/// a window lower than [`LOW_WINDOW`].
const GRAPH_HEIGHT: f32 = 64.0;
const MAX_GRAPH_HEIGHT: f32 = 220.0;
const GRAPH_SHAPE: f32 = 0.3;
const LOW_GRAPH_HEIGHT: f32 = 40.0;
const LOW_WINDOW: f32 = 700.0;

/// The colour of a label's mark.
pub fn label_color(label: Label) -> Color32 {
    match label {
        Label::Best | Label::Good => theme::ink(),
        Label::Inaccuracy => theme::inaccuracy(),
        Label::Mistake => theme::mistake(),
        Label::Blunder => theme::blunder(),
    }
}

/// The colour of the better action's arrow on the board.
pub const BETTER_ARROW: Color32 = Color32::from_rgb(0x2E, 0x8B, 0x3E);

/// A label in the interface language.
pub fn label_name(i18n: &I18n, label: Label) -> String {
    i18n.t(&crate::app::keys::label(label)).to_string()
}

/// How the labels are given, with the thresholds the analysis uses.
pub fn help_text(i18n: &I18n) -> String {
    i18n.format(
        "analysis.help",
        &[
            ("best", &BEST_LOSS),
            ("good", &GOOD_LOSS),
            ("inaccuracy", &INACCURACY_LOSS),
            ("mistake", &MISTAKE_LOSS),
            ("decided", &DECIDED_PIECES),
            ("plies", &EXACT_GOOD_PLIES),
            ("power", &ACCURACY_POWER),
        ],
    )
}

/// The mark the analysis gives action `index` in the move list (`?!`, `?`, `??`), or nothing.
pub fn move_marks(view: &View, index: usize) -> &'static str {
    view.analysis
        .and_then(|a| a.label(index))
        .and_then(label_mark)
        .unwrap_or("")
}

/// The section, shown while a game is reviewed.
pub fn analysis_ui(ui: &mut egui::Ui, view: &View, s: &Session, out: &mut Vec<Command>) {
    let Some(shown) = s.review() else {
        return;
    };
    let i18n = view.i18n;
    egui::Frame::new()
        .fill(theme::card())
        .stroke(Stroke::new(1.0, theme::line()))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.spacing_mut().item_spacing.y = 3.0;
            ui.horizontal(|ui| {
                ui.label(RichText::new(i18n.t("analysis.title")).strong());
                ui.label(RichText::new("(?)").small().color(theme::muted()))
                    .on_hover_text(help_text(i18n));
            });
            match view.analysis.map(GameAnalysis::stage) {
                None => {
                    if ui
                        .button(i18n.t("analysis.start"))
                        .on_hover_text(i18n.t("analysis.start_hint"))
                        .clicked()
                    {
                        out.push(Command::Analyse);
                    }
                }
                Some(Stage::Running(p)) => {
                    let fraction = p.done as f32 / p.total.max(1) as f32;
                    let text = i18n.format(
                        "analysis.progress",
                        &[("done", &p.done), ("total", &p.total)],
                    );
                    ui.add(egui::ProgressBar::new(fraction).text(text));
                    if ui.button(i18n.t("analysis.cancel")).clicked() {
                        out.push(Command::CancelAnalysis);
                    }
                }
                Some(Stage::Failed(why)) => {
                    ui.label(
                        RichText::new(i18n.format("analysis.failed", &[("reason", why)]))
                            .color(theme::warn()),
                    );
                }
                Some(Stage::Done(report)) => {
                    if let Some(a) = view.analysis {
                        done_ui(ui, i18n, s, a, report, shown, out);
                    }
                    mistakes_ui(ui, view, report, out);
                }
            }
        });
}

/// "Learn from your mistakes": the button that looks for puzzles among the game's mistakes,
/// while it looks, and what it found.
fn mistakes_ui(ui: &mut egui::Ui, view: &View, report: &Report, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let mistakes = report
        .actions
        .iter()
        .filter(|a| a.had_choice && a.label >= Label::Mistake)
        .count();
    if mistakes == 0 {
        return;
    }
    if view.looking_for_mistakes {
        ui.horizontal(|ui| {
            crate::app::widgets::thinking_mark(ui, 12.0);
            ui.label(RichText::new(i18n.t("analysis.learn_looking")).small());
        });
        return;
    }
    if ui
        .button(i18n.t("analysis.learn"))
        .on_hover_text(i18n.t("analysis.learn_hint"))
        .clicked()
    {
        out.push(Command::LearnFromMistakes);
    }
    if view.mistakes_found == Some(0) {
        wrapped_label(
            ui,
            RichText::new(i18n.t("analysis.learn_none"))
                .small()
                .color(theme::muted()),
        );
    }
}

fn done_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    s: &Session,
    analysis: &GameAnalysis,
    report: &Report,
    shown: usize,
    out: &mut Vec<Command>,
) {
    let game = s.setup().game;
    let graph = graph_ui(ui, i18n, report, shown, game);
    if let Some(n) = graph.clicked {
        out.push(Command::ReviewTo(n));
    }
    // Under the graph: the position under the pointer, else the one shown.
    let readout = match graph.hovered {
        Some(n) => report.positions.get(n).map(|&value| {
            i18n.format(
                "analysis.at",
                &[
                    ("position", &position_name(i18n, s, analysis, n)),
                    ("value", &value_words(i18n, value, game)),
                ],
            )
        }),
        None => report.positions.get(shown).map(|&value| {
            i18n.format(
                "analysis.here",
                &[("value", &value_words(i18n, value, game))],
            )
        }),
    };
    ui.label(RichText::new(readout.unwrap_or_default()).small().strong());
    // Each side on one line of text, its marks in their colours: rows of widgets would take
    // twice the height, which a small window does not have.
    for side in Side::BOTH {
        let summary = &report.summary[side.index()];
        let mut job = egui::text::LayoutJob::default();
        let style = ui.style().clone();
        let mut add = |text: RichText| {
            text.append_to(
                &mut job,
                &style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
        };
        add(RichText::new(i18n.format(
            "analysis.accuracy",
            &[
                ("side", &side_name(i18n, side)),
                ("n", &format!("{:.0}", summary.accuracy)),
            ],
        ))
        .small());
        for label in [Label::Inaccuracy, Label::Mistake, Label::Blunder] {
            let count = summary.counts[label as usize];
            let mark = label_mark(label).unwrap_or_default();
            add(RichText::new(format!("   {mark} {count}"))
                .small()
                .strong()
                .color(label_color(label)));
        }
        ui.label(job);
    }
    if let Some(next) = analysis.action(shown) {
        let played = i18n.format(
            "analysis.played",
            &[
                ("action", &action_text(i18n, next.action)),
                ("label", &label_name(i18n, next.label)),
            ],
        );
        let color = label_color(next.label);
        wrapped_label(ui, RichText::new(played).small().color(color));
        // The better action on a line of its own, so that it is never cut in two.
        if let Some(better) = analysis.better_here(shown) {
            wrapped_label(
                ui,
                RichText::new(better_text(i18n, better))
                    .small()
                    .color(color),
            );
        }
    }
    if report.exact {
        ui.label(
            RichText::new(i18n.t("analysis.exact"))
                .small()
                .color(theme::muted()),
        );
    } else if analysis.table_missing() {
        let text = RichText::new(i18n.t("analysis.no_table")).small();
        wrapped_label(ui, text.color(theme::muted()));
    }
}

/// The engine's better action, as the board marks it: a green arrow for a move, a green ring
/// for a placement or a removal.
pub fn better_text(i18n: &I18n, better: Action) -> String {
    let key = match better {
        Action::Move(..) => "analysis.better",
        Action::Place(_) | Action::Remove(_) | Action::Timeout => "analysis.better_ring",
    };
    i18n.format(key, &[("action", &action_text(i18n, better))])
}

/// Position `n` of the game (after `n` actions) as the move list names it: "2. d5-d3??", or
/// the start.
fn position_name(i18n: &I18n, s: &Session, analysis: &GameAnalysis, n: usize) -> String {
    let Some(index) = n.checked_sub(1) else {
        return i18n.t("analysis.start_position").to_string();
    };
    let number = s
        .turns()
        .iter()
        .find(|t| t.actions.iter().any(|(i, _)| *i == index))
        .map_or(0, |t| t.number);
    let action = s
        .game()
        .action_list()
        .get(index)
        .map(|a| action_text(i18n, *a))
        .unwrap_or_default();
    let mark = analysis
        .label(index)
        .and_then(label_mark)
        .unwrap_or_default();
    format!("{number}. {action}{mark}")
}

/// Where an evaluation sits on the graph, from -1 (White wins) to 1 (Black wins): Black's
/// winning chances, as the read-out says them, the middle line even.
fn height_of(e: Evaluation, game: GameId) -> f32 {
    (2.0 * e.winning_chances(game) - 1.0) as f32
}

/// What the pointer did on the graph: the position it is over, and the one clicked.
struct GraphInput {
    hovered: Option<usize>,
    clicked: Option<usize>,
}

/// The evaluation over the game, as wide as the panel and growing with it, the position shown
/// marked and the one under the pointer lined.
fn graph_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    report: &Report,
    shown: usize,
    game: GameId,
) -> GraphInput {
    let width = ui.available_width();
    let height = if ui.ctx().content_rect().height() < LOW_WINDOW {
        LOW_GRAPH_HEIGHT
    } else {
        (width * GRAPH_SHAPE).clamp(GRAPH_HEIGHT, MAX_GRAPH_HEIGHT)
    };
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click_and_drag());
    accessible_name(&response, i18n.t("analysis.graph"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, egui::CornerRadius::same(4), theme::paper());
    let count = report.positions.len().max(2);
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / (count - 1) as f32;
    let y_of = |h: f32| rect.center().y - h * (rect.height() / 2.0 - 3.0);
    painter.line_segment(
        [
            pos2(rect.left(), rect.center().y),
            pos2(rect.right(), rect.center().y),
        ],
        Stroke::new(1.0, theme::line()),
    );
    let points: Vec<egui::Pos2> = report
        .positions
        .iter()
        .enumerate()
        .map(|(i, e)| pos2(x_of(i), y_of(height_of(*e, game))))
        .collect();
    painter.add(egui::Shape::line(
        points.clone(),
        Stroke::new(1.5, theme::accent_dark()),
    ));
    let dot = (height / 24.0).clamp(3.0, 5.0);
    for a in &report.actions {
        if matches!(a.label, Label::Mistake | Label::Blunder | Label::Inaccuracy)
            && let Some(p) = points.get(a.index + 1)
        {
            painter.circle_filled(*p, dot, label_color(a.label));
        }
    }
    let x = x_of(shown.min(count - 1));
    painter.line_segment(
        [pos2(x, rect.top()), pos2(x, rect.bottom())],
        Stroke::new(1.5, theme::select()),
    );
    let position_at = |pointer: egui::Pos2| {
        let fraction = ((pointer.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
        ((fraction * (count - 1) as f32).round() as usize).min(report.positions.len() - 1)
    };
    let hovered = response
        .hover_pos()
        .filter(|_| !report.positions.is_empty())
        .map(position_at);
    if let Some(n) = hovered {
        let x = x_of(n);
        painter.line_segment(
            [pos2(x, rect.top()), pos2(x, rect.bottom())],
            Stroke::new(1.0, theme::muted()),
        );
        if let Some(p) = points.get(n) {
            painter.circle_stroke(*p, dot + 1.5, Stroke::new(1.5, theme::ink()));
        }
    }
    let clicked = (response.clicked() || response.dragged())
        .then(|| response.interact_pointer_pos())
        .flatten()
        .filter(|_| !report.positions.is_empty())
        .map(position_at)
        .filter(|&n| n != shown);
    GraphInput { hovered, clicked }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::Language;

    #[test]
    fn the_better_action_is_named_as_the_board_marks_it() {
        let en = I18n::new(Language::English);
        let action = |text| Action::parse(text).unwrap_or(Action::Timeout);
        assert_eq!(
            better_text(&en, action("d5-e5")),
            "Better: d5-e5 (green arrow)."
        );
        assert_eq!(better_text(&en, action("c3")), "Better: c3 (green ring).");
        assert_eq!(better_text(&en, action("xb4")), "Better: xb4 (green ring).");
        let zh = I18n::new(Language::Chinese);
        assert!(better_text(&zh, action("c3")).contains("绿圈"));
    }
}
