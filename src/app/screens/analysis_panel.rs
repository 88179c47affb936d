//! The analysis section of the side panel in review: a button to start it, its progress and
//! a way to cancel it while it runs, then the evaluation graph over the game (a click goes to
//! that position), each side's accuracy and labels, and what the engine says of the action
//! played from the position shown.

use egui::{Color32, RichText, Sense, Stroke, pos2, vec2};

use crate::ai::analysis::{
    ACCURACY_POWER, BEST_LOSS, DECIDED_PIECES, EXACT_GOOD_PLIES, Evaluation, GOOD_LOSS,
    INACCURACY_LOSS, Label, MISTAKE_LOSS, Report,
};
use crate::app::analysis::{GameAnalysis, Stage, label_mark};
use crate::app::command::Command;
use crate::app::i18n::I18n;
use crate::app::session::Session;
use crate::app::text::{action_text, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::rules::Side;

/// The graph's height, and its height in a window lower than [`LOW_WINDOW`].
const GRAPH_HEIGHT: f32 = 64.0;
const LOW_GRAPH_HEIGHT: f32 = 40.0;
const LOW_WINDOW: f32 = 700.0;
/// The evaluation, in pieces, at the graph's top and bottom edges (a decided game sits
/// there too).
const GRAPH_PIECES: f64 = 8.0;

/// The colour of a label's mark.
pub fn label_color(label: Label) -> Color32 {
    match label {
        Label::Best | Label::Good => theme::INK,
        Label::Inaccuracy => Color32::from_rgb(0xC0, 0x8A, 0x10),
        Label::Mistake => Color32::from_rgb(0xD0, 0x60, 0x20),
        Label::Blunder => Color32::from_rgb(0xC0, 0x28, 0x28),
    }
}

/// The colour of the better action's arrow on the board.
pub const BETTER_ARROW: Color32 = Color32::from_rgb(0x2E, 0x8B, 0x3E);

/// A label in the interface language.
pub fn label_name(i18n: &I18n, label: Label) -> String {
    i18n.t(&crate::app::keys::label(label)).to_string()
}

/// An evaluation from Black's side in words: "+1.25", "Black wins in 19", "Draw".
pub fn evaluation_text(i18n: &I18n, e: Evaluation) -> String {
    let winner = |side: Side, plies: u32| {
        let side = side_name(i18n, side);
        if plies == 0 {
            i18n.format("analysis.has_won", &[("side", &side)])
        } else {
            i18n.format("analysis.wins_in", &[("side", &side), ("n", &plies)])
        }
    };
    match e {
        Evaluation::Score(_) => e.to_string(),
        Evaluation::Win(n) => winner(Side::Black, n),
        Evaluation::Loss(n) => winner(Side::White, n),
        Evaluation::Draw => i18n.t("analysis.draw").to_string(),
    }
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
        .fill(theme::CARD)
        .stroke(Stroke::new(1.0, theme::LINE))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.spacing_mut().item_spacing.y = 3.0;
            ui.horizontal(|ui| {
                ui.label(RichText::new(i18n.t("analysis.title")).strong());
                ui.label(RichText::new("(?)").small().color(theme::MUTED))
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
                            .color(theme::WARN),
                    );
                }
                Some(Stage::Done(report)) => {
                    if let Some(a) = view.analysis {
                        done_ui(ui, i18n, a, report, shown, out);
                    }
                }
            }
        });
}

fn done_ui(
    ui: &mut egui::Ui,
    i18n: &I18n,
    analysis: &GameAnalysis,
    report: &Report,
    shown: usize,
    out: &mut Vec<Command>,
) {
    if let Some(n) = graph_ui(ui, report, shown) {
        out.push(Command::ReviewTo(n));
    }
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
    let value = report.positions.get(shown).copied();
    if let Some(value) = value {
        ui.label(
            RichText::new(
                i18n.format("analysis.here", &[("value", &evaluation_text(i18n, value))]),
            )
            .small(),
        );
    }
    if let Some(next) = analysis.action(shown) {
        let mut text = i18n.format(
            "analysis.played",
            &[
                ("action", &action_text(i18n, next.action)),
                ("label", &label_name(i18n, next.label)),
            ],
        );
        if let Some(better) = analysis.better_here(shown) {
            text.push(' ');
            text.push_str(
                &i18n.format("analysis.better", &[("action", &action_text(i18n, better))]),
            );
        }
        ui.add(egui::Label::new(RichText::new(text).small().color(label_color(next.label))).wrap());
    }
    if report.exact {
        ui.label(
            RichText::new(i18n.t("analysis.exact"))
                .small()
                .color(theme::MUTED),
        );
    } else if analysis.table_missing() {
        ui.add(
            egui::Label::new(
                RichText::new(i18n.t("analysis.no_table"))
                    .small()
                    .color(theme::MUTED),
            )
            .wrap(),
        );
    }
}

/// Where an evaluation sits on the graph, from -1 (White's best) to 1 (Black's).
fn height_of(e: Evaluation) -> f32 {
    (e.pieces().clamp(-GRAPH_PIECES, GRAPH_PIECES) / GRAPH_PIECES) as f32
}

/// The evaluation over the game, the position shown marked; returns the position clicked.
fn graph_ui(ui: &mut egui::Ui, report: &Report, shown: usize) -> Option<usize> {
    let width = ui.available_width();
    let height = if ui.ctx().content_rect().height() < LOW_WINDOW {
        LOW_GRAPH_HEIGHT
    } else {
        GRAPH_HEIGHT
    };
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, egui::CornerRadius::same(4), theme::PAPER);
    let count = report.positions.len().max(2);
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / (count - 1) as f32;
    let y_of = |h: f32| rect.center().y - h * (rect.height() / 2.0 - 3.0);
    painter.line_segment(
        [
            pos2(rect.left(), rect.center().y),
            pos2(rect.right(), rect.center().y),
        ],
        Stroke::new(1.0, theme::LINE),
    );
    let points: Vec<egui::Pos2> = report
        .positions
        .iter()
        .enumerate()
        .map(|(i, e)| pos2(x_of(i), y_of(height_of(*e))))
        .collect();
    painter.add(egui::Shape::line(
        points.clone(),
        Stroke::new(1.5, theme::ACCENT_DARK),
    ));
    for a in &report.actions {
        if matches!(a.label, Label::Mistake | Label::Blunder | Label::Inaccuracy)
            && let Some(p) = points.get(a.index + 1)
        {
            painter.circle_filled(*p, 3.0, label_color(a.label));
        }
    }
    let x = x_of(shown.min(count - 1));
    painter.line_segment(
        [pos2(x, rect.top()), pos2(x, rect.bottom())],
        Stroke::new(1.5, theme::SELECT),
    );
    let clicked = response.clicked() || response.dragged();
    let pointer = response.interact_pointer_pos()?;
    if !clicked {
        return None;
    }
    let fraction = ((pointer.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
    let n = (fraction * (count - 1) as f32).round() as usize;
    (n != shown).then_some(n)
}
