//! The statistics of one game: the player's results against the computer by level and by
//! colour, their rating after each rated game and their puzzle rating after each puzzle, as
//! graphs with axes whose values are read out under the pointer. The game is chosen at the
//! top; two columns in a wide window, one in a narrow one.

use egui::{
    Align, Align2, Color32, FontId, Layout, Pos2, Rect, RichText, Sense, Stroke, pos2, vec2,
};

use super::home::rating_line;
use super::layout::text_size;
use crate::ai::Level;
use crate::app::command::Command;
use crate::app::i18n::I18n;
use crate::app::rating::START;
use crate::app::settings::{Stats, Tally};
use crate::app::storage::UtcTime;
use crate::app::text::{game_name, level_rated, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{top_bar, wrapped_label};
use crate::learn::puzzles::glicko::START_RATING;
use crate::rules::{GameId, Side};

/// The widest the page grows.
const MAX_WIDTH: f32 = 1500.0;
/// From this width on, the results and the graphs stand side by side.
const TWO_COLUMNS: f32 = 900.0;

/// How much larger than in a small window the page is drawn at this width.
fn page_scale(width: f32) -> f32 {
    (width / 1100.0).clamp(1.0, 1.3)
}

/// The statistics screen: which game it shows.
pub struct StatsScreen {
    game: GameId,
}

impl Default for StatsScreen {
    fn default() -> Self {
        StatsScreen {
            game: GameId::ALL[0],
        }
    }
}

impl StatsScreen {
    /// Shows `game`'s statistics.
    pub fn show(&mut self, game: GameId) {
        self.game = game;
    }

    /// The game shown.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// Draws the screen; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View) -> Vec<Command> {
        let mut out = Vec::new();
        self.header_ui(ui, view, &mut out);
        let game = self.game;
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::paper())
                    .inner_margin(egui::Margin::symmetric(20, 14)),
            )
            .show(ui, |ui| {
                crate::app::widgets::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let width = ui.available_width().min(MAX_WIDTH);
                        // A wide window shows it larger, text and all.
                        let scale = page_scale(width);
                        let style = ui.style_mut();
                        for font in style.text_styles.values_mut() {
                            font.size *= scale;
                        }
                        style.spacing.interact_size.y *= scale;
                        ui.vertical_centered(|ui| {
                            ui.set_max_width(width);
                            ui.with_layout(Layout::top_down(Align::Min), |ui| {
                                if width >= TWO_COLUMNS {
                                    ui.columns(2, |cols| {
                                        results_ui(&mut cols[0], view, game);
                                        rating_ui(&mut cols[1], view, game);
                                        cols[1].add_space(12.0);
                                        puzzles_ui(&mut cols[1], view, game);
                                    });
                                } else {
                                    results_ui(ui, view, game);
                                    ui.add_space(12.0);
                                    rating_ui(ui, view, game);
                                    ui.add_space(12.0);
                                    puzzles_ui(ui, view, game);
                                }
                            });
                        });
                    });
            });
        out
    }

    /// The bar across the top: back home, the screen's name and the choice of game.
    fn header_ui(&mut self, ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
        let i18n = view.i18n;
        top_bar(ui, "stats_bar", [12, 8], |ui| {
            ui.horizontal_wrapped(|ui| {
                if ui.button(i18n.t("game.home")).clicked() {
                    out.push(Command::GoHome);
                }
                ui.add_space(6.0);
                ui.label(
                    RichText::new(i18n.t("stats.title"))
                        .size(theme::text(18.0))
                        .strong()
                        .color(theme::ink()),
                );
                ui.add_space(12.0);
                for game in GameId::ALL {
                    ui.selectable_value(&mut self.game, game, game_name(i18n, game));
                }
            });
        });
    }
}

/// A card with a heading.
fn card(ui: &mut egui::Ui, title: &str, add: impl FnOnce(&mut egui::Ui)) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(title)
                .size(text_size(ui, 18.0))
                .strong()
                .color(theme::ink()),
        );
        ui.add_space(4.0);
        add(ui);
    });
}

/// A share of the points as a percentage, or a dash before any game.
fn score_text(tally: Tally) -> String {
    tally
        .score()
        .map_or_else(|| "–".to_string(), |s| format!("{:.0}%", 100.0 * s))
}

/// The results against the computer: all of them, then by level and by colour.
fn results_ui(ui: &mut egui::Ui, view: &View, game: GameId) {
    let i18n = view.i18n;
    let stats = view.stats;
    card(ui, i18n.t("stats.results"), |ui| {
        let total = stats.total(game);
        if total.games() == 0 {
            wrapped_label(
                ui,
                RichText::new(i18n.format("stats.no_results", &[("game", &game_name(i18n, game))]))
                    .color(theme::muted()),
            );
            return;
        }
        ui.label(
            RichText::new(i18n.format("stats.total", &[("tally", &tally_text(i18n, total))]))
                .strong(),
        );
        ui.add_space(6.0);
        let levels: Vec<(String, Tally)> = Level::PLAYABLE
            .into_iter()
            .map(|l| (level_rated(i18n, l, game), stats.tally(game, l.id())))
            .filter(|(_, t)| t.games() > 0)
            .collect();
        let sides: Vec<(String, Tally)> = Side::BOTH
            .into_iter()
            .map(|s| (side_name(i18n, s).to_string(), stats.side_tally(game, s)))
            .collect();
        tally_table(
            ui,
            i18n,
            game,
            &[("stats.by_level", &levels), ("stats.by_colour", &sides)],
        );
        let uncounted = uncounted_by_colour(stats, game);
        if uncounted > 0 {
            ui.add_space(4.0);
            wrapped_label(
                ui,
                RichText::new(i18n.format("stats.side_uncounted", &[("n", &uncounted)]))
                    .small()
                    .color(theme::muted()),
            );
        }
    });
}

/// How many of the games counted by level were finished before games were counted by colour.
pub fn uncounted_by_colour(stats: &Stats, game: GameId) -> u32 {
    let by_side = Side::BOTH
        .into_iter()
        .map(|s| stats.side_tally(game, s).games())
        .fold(0u32, u32::saturating_add);
    stats.total(game).games().saturating_sub(by_side)
}

/// "3 W · 1 L · 0 D".
fn tally_text(i18n: &I18n, t: Tally) -> String {
    i18n.format(
        "stats.tally",
        &[
            ("wins", &t.wins),
            ("losses", &t.losses),
            ("draws", &t.draws),
        ],
    )
}

/// A table of results in parts, their columns lined up: each part a heading over its rows,
/// a row a line of results with the games, wins, losses, draws and score.
fn tally_table(ui: &mut egui::Ui, i18n: &I18n, game: GameId, parts: &[(&str, &[(String, Tally)])]) {
    // Rows of a line of text each (not of a button's height).
    let line = text_size(ui, theme::BODY_SIZE) * 1.35;
    egui::Grid::new(("stats_table", game))
        .num_columns(6)
        .min_row_height(line)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (i, (heading, rows)) in parts.iter().enumerate() {
                if i > 0 {
                    // A gap between the parts.
                    ui.allocate_space(vec2(1.0, line * 0.5));
                    ui.end_row();
                }
                ui.label(
                    RichText::new(i18n.t(heading))
                        .strong()
                        .color(theme::muted()),
                );
                for key in [
                    "stats.col_games",
                    "stats.col_won",
                    "stats.col_lost",
                    "stats.col_drawn",
                    "stats.col_score",
                ] {
                    ui.label(RichText::new(i18n.t(key)).color(theme::muted()));
                }
                ui.end_row();
                for (name, tally) in rows.iter() {
                    ui.label(RichText::new(name).color(theme::ink()));
                    for n in [tally.games(), tally.wins, tally.losses, tally.draws] {
                        ui.label(n.to_string());
                    }
                    ui.label(RichText::new(score_text(*tally)).strong());
                    ui.end_row();
                }
            }
        });
}

/// The player's rating: where it stands, and the graph of it after each rated game.
fn rating_ui(ui: &mut egui::Ui, view: &View, game: GameId) {
    let i18n = view.i18n;
    card(ui, i18n.t("stats.rating_title"), |ui| {
        let Some(rating) = view.stats.rating(game) else {
            wrapped_label(
                ui,
                RichText::new(i18n.t("stats.no_rating")).color(theme::muted()),
            );
            return;
        };
        let now = &rating.now;
        let line = rating_line(i18n, rating);
        ui.label(RichText::new(line).strong().color(theme::ink()));
        // The rating before the first game kept, then after each one.
        let first = rating.history.len() as u32 == rating.games;
        let mut points = Vec::new();
        if first {
            points.push(Point {
                value: START,
                text: i18n.format("stats.rating_start", &[("rating", &(START as i64))]),
            });
        }
        let earlier = rating.games.saturating_sub(rating.history.len() as u32);
        for (i, p) in rating.history.iter().enumerate() {
            let t = UtcTime::from_unix_seconds(i64::try_from(p.time).unwrap_or(i64::MAX));
            let date = format!("{:04}-{:02}-{:02}", t.year, t.month, t.day);
            points.push(Point {
                value: p.rating,
                text: i18n.format(
                    "stats.rating_point",
                    &[
                        ("n", &(earlier as usize + i + 1)),
                        ("date", &date),
                        ("rating", &(p.rating.round() as i64)),
                        ("margin", &((2.0 * p.deviation).round() as i64)),
                    ],
                ),
            });
        }
        let marks: Vec<(f64, String)> = Level::offered(game)
            .iter()
            .filter_map(|&l| {
                crate::arena::ladder::rating_of(game, l)
                    .map(|r| (f64::from(r), crate::app::text::level_name(i18n, l)))
            })
            .collect();
        let said = i18n.format(
            "stats.rating_graph",
            &[
                ("games", &rating.history.len()),
                (
                    "from",
                    &(points.first().map_or(START, |p| p.value).round() as i64),
                ),
                ("to", &(now.rating.round() as i64)),
            ],
        );
        let chart = Chart {
            id: "rating",
            points: &points,
            first_x: if first { 0 } else { earlier as usize + 1 },
            axis: i18n.t("stats.rating_axis"),
            marks: &marks,
            said: &said,
            hint: i18n.t("stats.graph_hint"),
        };
        chart_ui(ui, &chart);
    });
}

/// The puzzle rating in `game`: the counts, and the graph of it after each puzzle.
fn puzzles_ui(ui: &mut egui::Ui, view: &View, game: GameId) {
    let i18n = view.i18n;
    card(ui, i18n.t("puzzle.title"), |ui| {
        let solver = view.puzzles.solver(game);
        if solver.history.is_empty() {
            wrapped_label(
                ui,
                RichText::new(i18n.format("stats.no_puzzles", &[("game", &game_name(i18n, game))]))
                    .color(theme::muted()),
            );
            return;
        }
        wrapped_label(
            ui,
            RichText::new(i18n.format(
                "stats.puzzle_line",
                &[
                    ("rating", &(solver.rating.rating.round() as i64)),
                    ("margin", &((2.0 * solver.rating.deviation).round() as i64)),
                    ("solved", &solver.solved),
                    ("failed", &solver.failed),
                    ("best", &solver.best_streak),
                ],
            ))
            .strong()
            .color(theme::ink()),
        );
        let points: Vec<Point> = std::iter::once(START_RATING)
            .chain(solver.history.iter().copied())
            .enumerate()
            .map(|(i, value)| Point {
                value,
                text: if i == 0 {
                    i18n.format("stats.rating_start", &[("rating", &(value.round() as i64))])
                } else {
                    i18n.format(
                        "stats.puzzle_point",
                        &[("n", &i), ("rating", &(value.round() as i64))],
                    )
                },
            })
            .collect();
        let key = if solver.history.len() == 1 {
            "stats.puzzle_graph_one"
        } else {
            "stats.puzzle_graph"
        };
        let said = i18n.format(
            key,
            &[
                ("n", &solver.history.len()),
                ("from", &(START_RATING.round() as i64)),
                ("to", &(solver.rating.rating.round() as i64)),
            ],
        );
        let chart = Chart {
            id: "puzzles",
            points: &points,
            first_x: 0,
            axis: i18n.t("stats.puzzle_axis"),
            marks: &[],
            said: &said,
            hint: i18n.t("stats.graph_hint"),
        };
        chart_ui(ui, &chart);
    });
}

/// One point of a graph: its value and what is read out for it.
struct Point {
    value: f64,
    text: String,
}

/// A graph of values one after another.
struct Chart<'a> {
    /// Its id among the screen's graphs.
    id: &'static str,
    /// The values, oldest first.
    points: &'a [Point],
    /// The number the horizontal axis gives the first point.
    first_x: usize,
    /// The name of the horizontal axis.
    axis: &'a str,
    /// Values drawn across the graph as faint lines, with their names (the levels).
    marks: &'a [(f64, String)],
    /// What the graph shows, for screen readers.
    said: &'a str,
    /// The line under the graph while the pointer is elsewhere.
    hint: &'a str,
}

/// The steps between ticks that a graph's axis uses: 1, 2 and 5 times a power of ten.
pub fn tick_step(span: f64, most: usize) -> f64 {
    let most = most.max(1) as f64;
    let rough = (span / most).max(1e-9);
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| span / step <= most)
        .unwrap_or(10.0 * power)
}

/// The value range a graph shows: its values' with a margin, at least `least` wide.
pub fn value_range(values: impl Iterator<Item = f64>, least: f64) -> (f64, f64) {
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    if low > high {
        return (START - least / 2.0, START + least / 2.0);
    }
    let middle = (low + high) / 2.0;
    let half = ((high - low) * 1.1).max(least) / 2.0;
    (middle - half, middle + half)
}

/// Draws a graph with its axes (values on the left, the points' numbers below), the marks
/// as faint named lines, and the point nearest the pointer picked out and read out under it.
fn chart_ui(ui: &mut egui::Ui, chart: &Chart) {
    let width = ui.available_width();
    let height = (width * 0.42).clamp(130.0, 340.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, chart.said));
    let small = FontId::proportional(text_size(ui, 11.0));
    let painter = ui.painter_at(rect);
    let label_width = ui
        .painter()
        .layout_no_wrap("0000".to_string(), small.clone(), theme::muted())
        .size()
        .x;
    let text_height = small.size * 1.3;
    // The marks' names stand to the right of the plot.
    let names_width = chart
        .marks
        .iter()
        .map(|(_, name)| {
            ui.painter()
                .layout_no_wrap(name.clone(), small.clone(), theme::muted())
                .size()
                .x
        })
        .fold(0.0f32, f32::max);
    let right_margin = if names_width > 0.0 {
        names_width + 12.0
    } else {
        8.0
    };
    let plot = Rect::from_min_max(
        pos2(rect.left() + label_width + 8.0, rect.top() + 6.0),
        pos2(
            rect.right() - right_margin,
            rect.bottom() - 2.0 * text_height - 6.0,
        ),
    );
    painter.rect_filled(plot, 4.0, theme::sunken());
    let values = chart.points.iter().map(|p| p.value);
    let (low, high) = value_range(values, 100.0);
    let y = |v: f64| plot.bottom() - ((v - low) / (high - low)) as f32 * plot.height();
    let n = chart.points.len();
    let x = |i: usize| {
        if n < 2 {
            plot.center().x
        } else {
            plot.left() + plot.width() * i as f32 / (n - 1) as f32
        }
    };
    // The value axis: lines and numbers at round values.
    let step = tick_step(high - low, (plot.height() / 40.0).max(2.0) as usize);
    let mut tick = (low / step).ceil() * step;
    while tick <= high {
        let at = y(tick);
        painter.hline(plot.x_range(), at, Stroke::new(1.0, theme::line()));
        painter.text(
            pos2(plot.left() - 6.0, at),
            Align2::RIGHT_CENTER,
            format!("{tick:.0}"),
            small.clone(),
            theme::muted(),
        );
        tick += step;
    }
    // The levels, named beside the plot at the height of their lines (a name that would
    // touch the one below it is left out: its line still shows).
    let mut last_name: Option<f32> = None;
    for (value, name) in chart.marks {
        if !(low..=high).contains(value) {
            continue;
        }
        let at = y(*value);
        dashed_hline(&painter, plot.left(), plot.right(), at, theme::muted());
        if last_name.is_some_and(|below| (below - at).abs() < text_height) {
            continue;
        }
        last_name = Some(at);
        painter.text(
            pos2(plot.right() + 6.0, at),
            Align2::LEFT_CENTER,
            name,
            small.clone(),
            theme::muted(),
        );
    }
    // The numbers axis: the points' numbers at round steps, and its name.
    let x_step = tick_step(
        n.saturating_sub(1).max(1) as f64,
        (plot.width() / 60.0) as usize,
    )
    .max(1.0) as usize;
    painter.hline(
        plot.x_range(),
        plot.bottom(),
        Stroke::new(1.0, theme::muted()),
    );
    // Every step's number, and the last point's when it stands clear of them.
    let last_clear = n > 1 && (n - 1) % x_step > x_step / 2;
    let ticks = (0..n)
        .step_by(x_step.max(1))
        .chain(last_clear.then_some(n - 1));
    for i in ticks {
        painter.vline(
            x(i),
            plot.bottom()..=plot.bottom() + 4.0,
            Stroke::new(1.0, theme::muted()),
        );
        painter.text(
            pos2(x(i), plot.bottom() + 5.0),
            Align2::CENTER_TOP,
            (chart.first_x + i).to_string(),
            small.clone(),
            theme::muted(),
        );
    }
    painter.text(
        pos2(plot.center().x, rect.bottom()),
        Align2::CENTER_BOTTOM,
        chart.axis,
        small.clone(),
        theme::muted(),
    );
    // The line, and a dot on each point when there are few.
    let line: Vec<Pos2> = (0..n)
        .map(|i| pos2(x(i), y(chart.points[i].value)))
        .collect();
    painter.add(egui::Shape::line(
        line.clone(),
        Stroke::new(2.0, theme::accent()),
    ));
    if n <= 40 {
        for p in &line {
            painter.circle_filled(*p, 2.5, theme::accent());
        }
    }
    // The point under the pointer.
    let hovered = response
        .hover_pos()
        .filter(|p| p.x >= plot.left() - 8.0 && p.x <= plot.right() + 8.0)
        .and_then(|p| (0..n).min_by(|&a, &b| (x(a) - p.x).abs().total_cmp(&(x(b) - p.x).abs())));
    if let Some(i) = hovered {
        let at = line[i];
        painter.vline(at.x, plot.y_range(), Stroke::new(1.0, theme::ink()));
        painter.circle(at, 5.0, theme::card(), Stroke::new(2.5, theme::accent()));
        readout_box(&painter, plot, at, &chart.points[i].text, &small);
    }
    let (text, color) = match hovered {
        Some(i) => (chart.points[i].text.as_str(), theme::ink()),
        None => (chart.hint, theme::muted()),
    };
    ui.push_id(chart.id, |ui| {
        ui.label(RichText::new(text).small().color(color));
    });
}

/// The value of the point under the pointer, in a box beside it inside the plot.
fn readout_box(painter: &egui::Painter, plot: Rect, at: Pos2, text: &str, font: &FontId) {
    let galley = painter.layout_no_wrap(text.to_string(), font.clone(), theme::ink());
    let size = galley.size() + vec2(12.0, 8.0);
    let mut min = at + vec2(10.0, -size.y - 8.0);
    if min.x + size.x > plot.right() {
        min.x = at.x - 10.0 - size.x;
    }
    min.x = min.x.max(plot.left());
    if min.y < plot.top() {
        min.y = at.y + 10.0;
    }
    let rect = Rect::from_min_size(min, size);
    painter.rect(
        rect,
        4.0,
        theme::card(),
        Stroke::new(1.0, theme::line()),
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + vec2(6.0, 4.0), galley, theme::ink());
}

/// A dashed line across the graph at height `y`.
fn dashed_hline(painter: &egui::Painter, left: f32, right: f32, y: f32, color: Color32) {
    let stroke = Stroke::new(1.0, color.gamma_multiply(0.7));
    let mut x = left;
    while x < right {
        let end = (x + 6.0).min(right);
        painter.line_segment([pos2(x, y), pos2(end, y)], stroke);
        x += 10.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_ticks_are_round_and_few() {
        assert_eq!(tick_step(400.0, 5), 100.0);
        assert_eq!(tick_step(130.0, 4), 50.0);
        assert_eq!(tick_step(13.0, 10), 2.0);
        assert_eq!(tick_step(1.0, 6), 0.2);
        for span in [7.0, 90.0, 1234.0, 5.5] {
            for most in 2..8 {
                let step = tick_step(span, most);
                assert!(span / step <= most as f64, "{span} {most}: {step}");
            }
        }
    }

    #[test]
    fn the_value_range_holds_every_value_and_is_never_flat() {
        let (low, high) = value_range([1200.0, 1210.0].into_iter(), 100.0);
        assert!(low <= 1200.0 && high >= 1210.0 && high - low >= 100.0);
        let (low, high) = value_range([900.0, 1500.0].into_iter(), 100.0);
        assert!(low < 900.0 && high > 1500.0);
        let (low, high) = value_range(std::iter::empty(), 100.0);
        assert!(high > low);
    }

    #[test]
    fn games_before_colours_were_counted_are_told() {
        use crate::app::settings::Outcome;
        let mut stats = Stats::default();
        stats.record(GameId::Wudao, "easy", Outcome::Win);
        stats.record(GameId::Wudao, "easy", Outcome::Loss);
        stats.record_side(GameId::Wudao, Side::White, Outcome::Loss);
        assert_eq!(uncounted_by_colour(&stats, GameId::Wudao), 1);
        assert_eq!(uncounted_by_colour(&stats, GameId::Flying), 0);
    }
}
