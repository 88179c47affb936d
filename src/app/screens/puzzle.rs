//! The puzzle screen: a bar with the games and the themes, the puzzle's board between the
//! two players' plates (turned for the side to act), and a side panel with the task, what
//! the last try did, the solution's steps, the idea once solved, and the solver's rating
//! with its history, the streak and the puzzles from the player's own games. Also the small
//! Puzzles card of the home screen.

use egui::{Align, Layout, RichText, Sense, Stroke};

use super::game::plate_ui;
use super::layout::{board_layout, panel_width, plate_sides, with_side_panel};
use super::lesson::{home_and_title_ui, section};
use crate::app::board::board_ui;
use crate::app::command::{Command, Open, RulesTab};
use crate::app::hint::followup_text;
use crate::app::i18n::I18n;
use crate::app::keys;
use crate::app::puzzles::{Phase, PuzzleRun, Solver};
use crate::app::story::{pieces, story_text};
use crate::app::text::{action_text, game_name, side_name};
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::{button_width, stone_icon, top_bar, wrapped_label};
use crate::learn::puzzles::miss::{Miss, RightDoes, Threat, line_ends_won, threat};
use crate::learn::puzzles::quality;
use crate::learn::puzzles::{Goal, Puzzle, Theme, embedded};
use crate::rules::{Decision, GameId, Side};

/// The puzzle screen.
#[derive(Default)]
pub struct PuzzleScreen;

impl PuzzleScreen {
    /// Draws the screen for `run`; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View, run: &PuzzleRun) -> Vec<Command> {
        let mut commands = Vec::new();
        top_bar_ui(ui, view, run, &mut commands);
        let width = panel_width(ui.available_width(), 0.34, 290.0, 800.0);
        with_side_panel(
            ui,
            "puzzle_panel",
            width,
            &mut commands,
            |ui, out| panel_ui(ui, view, run, out),
            |ui, out| board_area_ui(ui, view, run, out),
        );
        commands
    }
}

fn top_bar_ui(ui: &mut egui::Ui, view: &View, run: &PuzzleRun, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let own = run.puzzle().number >= crate::app::puzzles::progress::OWN_FIRST;
    top_bar(ui, "puzzle_bar", [12, 8], |ui| {
        ui.horizontal_wrapped(|ui| {
            home_and_title_ui(
                ui,
                i18n.t("puzzle.home_hint"),
                i18n.t("puzzle.title"),
                i18n,
                out,
            );
            for game in GameId::ALL {
                let chosen = !own && view.puzzles.game == game;
                if ui.selectable_label(chosen, game_name(i18n, game)).clicked() && !chosen {
                    out.push(Command::SetPuzzleGame(game));
                }
            }
            ui.add_space(6.0);
            let chosen = view.puzzles.theme();
            let any = i18n.t("puzzle.any_theme").to_string();
            let name = |t: Option<Theme>| {
                t.map_or_else(
                    || any.clone(),
                    |t| i18n.t(&keys::puzzle_theme(t)).to_string(),
                )
            };
            // As wide as the chosen theme's name and its arrow: the list's usual width would
            // let a long name run out of its box.
            let width = button_width(ui, name(chosen)) + ui.spacing().icon_width;
            egui::ComboBox::from_id_salt("puzzle_theme")
                .width(width)
                .selected_text(name(chosen))
                .show_ui(ui, |ui| {
                    let choices = std::iter::once(None)
                        .chain(Theme::of_game(view.puzzles.game).into_iter().map(Some));
                    for theme in choices {
                        if ui.selectable_label(chosen == theme, name(theme)).clicked()
                            && chosen != theme
                        {
                            out.push(Command::SetPuzzleTheme(theme));
                        }
                    }
                })
                .response
                .on_hover_text(i18n.t("puzzle.theme_hint"));
            // After the theme's list, in the row's flow (on the next row if need be): at the
            // far right it would run over the list in a small window.
            if ui
                .button(i18n.t("game.rules"))
                .on_hover_text("F1")
                .clicked()
            {
                out.push(Command::Open(Open::Rules(
                    run.puzzle().game,
                    RulesTab::KeyPoints,
                )));
            }
        });
    });
}

/// "White to play and win material."
pub fn task_text(i18n: &I18n, run: &PuzzleRun) -> String {
    let side = side_name(i18n, run.solver());
    let key = match run.puzzle().goal {
        Goal::Material => "puzzle.goal.material",
        Goal::Win => "puzzle.goal.win",
        Goal::Draw => "puzzle.goal.draw",
    };
    i18n.format(key, &[("side", &side)])
}

fn panel_ui(ui: &mut egui::Ui, view: &View, run: &PuzzleRun, out: &mut Vec<Command>) {
    crate::app::widgets::scroll_vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            ui.set_max_width(ui.available_width());
            task_ui(ui, view, run);
            feedback_ui(ui, view, run, out);
            rating_ui(ui, view, run.puzzle().game);
            own_ui(ui, view, out);
        });
}

fn task_ui(ui: &mut egui::Ui, view: &View, run: &PuzzleRun) {
    let i18n = view.i18n;
    let puzzle = run.puzzle();
    section(
        ui,
        theme::card(),
        theme::accent().gamma_multiply(0.6),
        |ui| {
            ui.horizontal(|ui| {
                stone_icon(ui, run.solver(), 18.0);
                wrapped_label(
                    ui,
                    RichText::new(task_text(i18n, run))
                        .size(theme::text(17.0))
                        .strong()
                        .color(theme::accent_dark()),
                );
            });
            let rating = view.puzzles.rating_of(puzzle).rating.round();
            let about = if puzzle.number >= crate::app::puzzles::progress::OWN_FIRST {
                i18n.format(
                    "puzzle.own_about",
                    &[("game", &game_name(i18n, puzzle.game))],
                )
            } else {
                i18n.format("puzzle.about", &[("id", &puzzle.id()), ("rating", &rating)])
            };
            ui.label(RichText::new(about).small().color(theme::muted()));
            if run.accepts_input() {
                let state = run.session().game().state();
                let key = match state.decision() {
                    Some(Decision::Capture { .. }) => "puzzle.find_capture",
                    Some(Decision::Yield) => "puzzle.find_yield",
                    _ if run.played() == 0 => "puzzle.find_first",
                    _ => "puzzle.find_next",
                };
                wrapped_label(ui, RichText::new(i18n.t(key)));
            } else if run.phase() == Phase::Solving {
                ui.horizontal(|ui| {
                    crate::app::widgets::thinking_mark(ui, 14.0);
                    ui.label(
                        RichText::new(i18n.t("puzzle.opponent_replies"))
                            .italics()
                            .color(theme::muted()),
                    );
                });
            }
        },
    );
}

/// What the last try did, the solution's steps, the idea once solved, and the buttons.
fn feedback_ui(ui: &mut egui::Ui, view: &View, run: &PuzzleRun, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let story = run.session().story().map(|s| story_text(i18n, &s));
    match run.phase() {
        Phase::Solving => {
            if run.played() > 0
                && let Some(story) = story
            {
                section(
                    ui,
                    theme::good().gamma_multiply(0.1),
                    theme::good().gamma_multiply(0.5),
                    |ui| {
                        ui.label(
                            RichText::new(i18n.t("puzzle.right"))
                                .strong()
                                .color(theme::good()),
                        );
                        wrapped_label(ui, RichText::new(story).color(theme::ink()));
                    },
                );
            }
        }
        Phase::Refuting { wrong } | Phase::Refuted { wrong } => {
            section(
                ui,
                theme::warn().gamma_multiply(0.1),
                theme::warn().gamma_multiply(0.5),
                |ui| {
                    ui.label(
                        RichText::new(i18n.t("puzzle.wrong"))
                            .strong()
                            .color(theme::warn()),
                    );
                    let mut text = i18n.format(
                        "puzzle.wrong_text",
                        &[("action", &action_text(i18n, wrong))],
                    );
                    if matches!(run.phase(), Phase::Refuted { .. })
                        && let Some(story) = story
                    {
                        text = i18n.format("explain.then", &[("a", &text), ("b", &story)]);
                    }
                    wrapped_label(ui, RichText::new(text).color(theme::ink()));
                    if let Some(miss) = run.miss() {
                        wrapped_label(
                            ui,
                            RichText::new(miss_text(i18n, run.puzzle().game, &miss))
                                .strong()
                                .color(theme::ink()),
                        );
                    }
                    if run.computer_busy() {
                        crate::app::widgets::thinking_mark(ui, 14.0);
                    } else {
                        ui.horizontal_wrapped(|ui| {
                            if run.can_retry()
                                && ui
                                    .add(theme::primary_button(i18n.t("puzzle.try_again")))
                                    .on_hover_text(i18n.t("puzzle.try_again_hint"))
                                    .clicked()
                            {
                                out.push(Command::RetryPuzzle);
                            }
                            if ui.button(i18n.t("puzzle.show_solution")).clicked() {
                                out.push(Command::ShowPuzzleSolution);
                            }
                        });
                    }
                },
            );
        }
        Phase::Solution => {
            section(
                ui,
                theme::info().gamma_multiply(0.1),
                theme::info().gamma_multiply(0.5),
                |ui| {
                    ui.label(
                        RichText::new(i18n.t("puzzle.solution"))
                            .strong()
                            .color(theme::info()),
                    );
                    if let Some(story) = story.filter(|_| run.played() > 0) {
                        wrapped_label(ui, RichText::new(story).color(theme::ink()));
                    }
                    if let Some(next) = run.next_step() {
                        let text = i18n.format(
                            "puzzle.next_step_is",
                            &[("action", &action_text(i18n, next))],
                        );
                        wrapped_label(ui, RichText::new(text));
                        if ui
                            .add(theme::primary_button(i18n.t("puzzle.next_step")))
                            .clicked()
                        {
                            out.push(Command::PuzzleSolutionStep);
                        }
                    }
                },
            );
        }
        Phase::Solved => {
            let (color, headline) = if run.failed() {
                (theme::info(), i18n.t("puzzle.solution_shown"))
            } else {
                (theme::good(), i18n.t("puzzle.solved"))
            };
            section(
                ui,
                color.gamma_multiply(0.1),
                color.gamma_multiply(0.5),
                |ui| {
                    ui.label(RichText::new(headline).strong().color(color));
                    wrapped_label(
                        ui,
                        RichText::new(idea_text(i18n, run.puzzle())).color(theme::ink()),
                    );
                    if let Some(story) = story {
                        wrapped_label(ui, RichText::new(story).color(theme::muted()));
                    }
                },
            );
        }
    }
    if matches!(run.phase(), Phase::Solved) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .add(theme::primary_button(i18n.t("puzzle.next")))
                .clicked()
            {
                out.push(Command::NextPuzzle);
            }
            if run.can_retry()
                && ui
                    .button(i18n.t("puzzle.try_again_start"))
                    .on_hover_text(i18n.t("puzzle.try_again_hint"))
                    .clicked()
            {
                out.push(Command::RetryPuzzle);
            }
        });
    }
    let copy = ui.button(i18n.t("link.copy"));
    if copy
        .on_hover_text(i18n.t(crate::app::link::copy_hint("link.copy_puzzle_hint")))
        .clicked()
    {
        out.push(Command::CopyPuzzleLink);
    }
    // Last, so that nothing above moves when it comes: what follows a solved pull, which
    // shows why that piece mattered.
    if let Some(text) = run
        .followup()
        .and_then(|f| followup_text(i18n, f, run.solver()))
    {
        section(ui, theme::card(), theme::line(), |ui| {
            wrapped_label(ui, RichText::new(text).color(theme::ink()));
        });
    }
}

/// The opponent's threat against `solver`, named with what it would gain: why a try fails
/// (`met` false: "It misses the move that meets White's threat: …"), or the idea of a solved
/// puzzle (`met`: "The first move met White's threat: …").
fn threat_text(i18n: &I18n, game: GameId, solver: Side, threat: Threat, met: bool) -> String {
    let key = match (met, game) {
        (true, GameId::Flying) => "puzzle.idea.defence_flip",
        (true, GameId::Neihuang) => "puzzle.idea.defence_captures",
        (true, GameId::Wudao) => "puzzle.idea.defence_take",
        (false, GameId::Flying) => "puzzle.miss.defence_flip",
        (false, GameId::Neihuang) => "puzzle.miss.defence_captures",
        (false, GameId::Wudao) => "puzzle.miss.defence_take",
    };
    let what = if game == GameId::Neihuang {
        captures_text(i18n, threat.pieces)
    } else {
        pieces(i18n, threat.pieces as usize, solver)
    };
    i18n.format(
        key,
        &[
            ("side", &side_name(i18n, solver.other())),
            ("action", &threat.action.to_string()),
            ("pieces", &what),
        ],
    )
}

/// "1 capture", "2 captures": what a Neihuang move earns.
fn captures_text(i18n: &I18n, n: u32) -> String {
    if n == 1 {
        i18n.t("puzzle.miss.captures_one").to_string()
    } else {
        i18n.format("puzzle.miss.captures", &[("n", &n)])
    }
}

/// Why a wrong try fails: the capture its answer allows, what the right action there does,
/// and what the whole line wins.
pub fn miss_text(i18n: &I18n, game: GameId, miss: &Miss) -> String {
    let solver = miss.opponent.other();
    let opponent = side_name(i18n, miss.opponent);
    let count = |n: i32| usize::try_from(n).unwrap_or(0);
    let mut sentences = Vec::new();
    if miss.allowed > 0 {
        let key = if game == GameId::Flying {
            "puzzle.miss.allows_flip"
        } else {
            "puzzle.miss.allows_take"
        };
        let pieces = pieces(i18n, count(miss.allowed), solver);
        sentences.push(i18n.format(key, &[("side", &opponent), ("pieces", &pieces)]));
    }
    let theirs = |n: u32| pieces(i18n, n as usize, miss.opponent);
    let as_much = i18n.t("puzzle.miss.as_much").to_string();
    sentences.push(match miss.right {
        // A different piece taken, pulled or given up: what tells them apart follows.
        RightDoes::Capture => i18n.t("puzzle.miss.capture").to_string(),
        RightDoes::Pull => i18n.t("puzzle.miss.pull").to_string(),
        RightDoes::Yield => i18n.t("puzzle.miss.yield").to_string(),
        // The threat met, named; without one at once, holding the draw is the reason.
        RightDoes::Quiet { defends: true } => match miss.threat {
            Some(threat) => threat_text(i18n, game, solver, threat, false),
            None if miss.goal == Goal::Draw => String::new(),
            None => i18n.t("puzzle.miss.quiet").to_string(),
        },
        RightDoes::Quiet { defends: false } if miss.goal == Goal::Draw => String::new(),
        RightDoes::Quiet { defends: false } => i18n.t("puzzle.miss.quiet").to_string(),
        // The try gains as much at once: the right action's gain is no reason.
        _ if miss.as_much_at_once => as_much,
        RightDoes::Shapes { line: true, .. } => i18n.t("puzzle.miss.line").to_string(),
        RightDoes::Shapes { line: false, .. } => i18n.t("puzzle.miss.square").to_string(),
        RightDoes::Flip { insertion, pieces } => {
            let key = if insertion {
                "puzzle.miss.insertion"
            } else {
                "puzzle.miss.pincer"
            };
            i18n.format(key, &[("pieces", &theirs(pieces))])
        }
        RightDoes::Take { counter, pieces } => {
            let key = if counter {
                "puzzle.miss.counter"
            } else {
                "puzzle.miss.flank"
            };
            i18n.format(key, &[("pieces", &theirs(pieces))])
        }
    });
    // What the line wins, unless the right action alone takes just that (said already).
    let said = match miss.right {
        RightDoes::Flip { pieces, .. } | RightDoes::Take { pieces, .. } => {
            !miss.as_much_at_once && i64::from(pieces) == i64::from(miss.line_wins)
        }
        _ => false,
    };
    sentences.push(match miss.goal {
        _ if miss.line_wins_game => i18n.t("puzzle.miss.line_wins_game").to_string(),
        Goal::Material if said || miss.line_wins < 1 => String::new(),
        Goal::Material => i18n.format(
            "puzzle.miss.line_wins",
            &[(
                "pieces",
                &pieces(i18n, count(miss.line_wins), miss.opponent),
            )],
        ),
        Goal::Win => i18n.t("puzzle.miss.line_wins_game").to_string(),
        Goal::Draw => i18n.t("puzzle.miss.only_draw").to_string(),
    });
    sentences
        .into_iter()
        .filter(|s| !s.is_empty())
        .reduce(|a, b| i18n.format("explain.then", &[("a", &a), ("b", &b)]))
        .unwrap_or_default()
}

/// The idea of a solved puzzle, from its themes and goal.
pub fn idea_text(i18n: &I18n, puzzle: &Puzzle) -> String {
    let start = puzzle.start().ok();
    let solver = start
        .as_ref()
        .and_then(|s| s.state().to_act())
        .unwrap_or(Side::Black);
    let ideas: Vec<String> = puzzle
        .themes
        .iter()
        .filter_map(|t| match t {
            // The threat the first move met, named; a draw held against a slower danger is
            // said by the goal's sentence.
            Theme::Defence => start
                .as_ref()
                .and_then(threat)
                .map(|threat| threat_text(i18n, puzzle.game, solver, threat, true)),
            _ => Some(i18n.t(&keys::puzzle_idea(t)).to_string()),
        })
        .collect();
    // A line that ends the game says so, whatever the goal it was built for.
    let won_game = start
        .as_ref()
        .is_some_and(|start| line_ends_won(start, &puzzle.line, solver));
    let goal = if won_game { Goal::Win } else { puzzle.goal };
    let key = keys::puzzle_goal_idea(goal);
    let goal = match start
        .as_ref()
        .and_then(|start| quality::material_won(start, &puzzle.line))
    {
        // What the line wins, counted on the board.
        Some(won) if goal == Goal::Material => {
            let n = usize::try_from(won).unwrap_or(0);
            let pieces = pieces(i18n, n, solver.other());
            i18n.format(&key, &[("pieces", &pieces)])
        }
        _ => i18n.t(&key).to_string(),
    };
    if ideas.is_empty() {
        goal
    } else {
        format!("{goal} {}", ideas.join(" "))
    }
}

/// The solver's rating in `game`, its history, the streak and the counts.
fn rating_ui(ui: &mut egui::Ui, view: &View, game: GameId) {
    let i18n = view.i18n;
    let solver = view.puzzles.solver(game);
    section(ui, theme::card(), theme::line(), |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(i18n.t("puzzle.your_rating")).color(theme::muted()));
            ui.label(
                RichText::new(format!("{:.0}", solver.rating.rating))
                    .size(theme::text(24.0))
                    .strong()
                    .color(theme::ink()),
            );
            if let [.., before, after] = solver.history[..] {
                let change = (after - before).round();
                let (text, color) = if change >= 0.0 {
                    (format!("+{change:.0}"), theme::good())
                } else {
                    (format!("{change:.0}"), theme::warn())
                };
                ui.label(RichText::new(text).strong().color(color));
            }
        });
        ui.label(
            RichText::new(i18n.format(
                "puzzle.counts",
                &[
                    ("streak", &solver.streak),
                    ("best", &solver.best_streak),
                    ("solved", &solver.solved),
                    ("failed", &solver.failed),
                ],
            ))
            .small()
            .color(theme::muted()),
        );
        history_ui(ui, i18n, &solver);
    });
}

/// The rating after each puzzle, as a line.
fn history_ui(ui: &mut egui::Ui, i18n: &I18n, solver: &Solver) {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 70.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, theme::paper());
    let points: Vec<f64> = std::iter::once(crate::learn::puzzles::glicko::START_RATING)
        .chain(solver.history.iter().copied())
        .collect();
    let label = i18n.t("puzzle.history");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, label));
    if points.len() < 2 {
        // Wrapped inside the box: a narrow panel or large text keeps the whole sentence.
        let mut job = egui::text::LayoutJob::simple(
            i18n.t("puzzle.history_empty").to_string(),
            egui::FontId::proportional(theme::text(12.0)),
            theme::muted(),
            (rect.width() - 12.0).max(20.0),
        );
        job.halign = Align::Center;
        let galley = ui.fonts_mut(|f| f.layout_job(job));
        let top = rect.center().y - galley.size().y / 2.0;
        painter.galley(egui::pos2(rect.center().x, top), galley, theme::muted());
        return;
    }
    let (low, high) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), &p| (l.min(p), h.max(p)));
    let span = (high - low).max(50.0);
    let inner = rect.shrink(6.0);
    let at = |i: usize, r: f64| {
        egui::pos2(
            inner.left() + inner.width() * i as f32 / (points.len() - 1) as f32,
            inner.bottom() - inner.height() * ((r - low) / span) as f32,
        )
    };
    let line: Vec<egui::Pos2> = points.iter().enumerate().map(|(i, &r)| at(i, r)).collect();
    painter.add(egui::Shape::line(line, Stroke::new(2.0, theme::accent())));
    painter.text(
        inner.left_top(),
        egui::Align2::LEFT_TOP,
        format!("{high:.0}"),
        egui::FontId::proportional(theme::text(10.0)),
        theme::muted(),
    );
    painter.text(
        inner.left_bottom(),
        egui::Align2::LEFT_BOTTOM,
        format!("{low:.0}"),
        egui::FontId::proportional(theme::text(10.0)),
        theme::muted(),
    );
}

/// The puzzles from the player's own games still to try.
fn own_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let left = view.puzzles.own_left();
    if left == 0 {
        return;
    }
    let text = i18n.format("puzzle.own_left", &[("n", &left)]);
    if ui.button(text).clicked() {
        out.push(Command::OpenOwnPuzzles);
    }
}

fn board_area_ui(ui: &mut egui::Ui, view: &View, run: &PuzzleRun, out: &mut Vec<Command>) {
    let s = run.session();
    let full = ui.available_rect_before_wrap();
    let layout = board_layout(full, 0.0);
    let flipped = view.board_flipped(s);
    let (top_side, bottom_side) = plate_sides(flipped);
    plate_ui(ui, view, s, top_side, layout.top_plate);
    plate_ui(ui, view, s, bottom_side, layout.bottom_plate);
    let now = ui.input(|i| i.time);
    let mut scene = s.scene(now, flipped, view.settings.show_coordinates);
    let enabled = run.accepts_input();
    if !enabled {
        scene.clickable.clear();
        scene.eligible.clear();
        scene.destinations.clear();
        scene.selected = None;
    }
    if let Some(next) = run.next_step() {
        scene.better = Some((next, theme::good()));
    }
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
    ui.allocate_rect(full, Sense::hover());
    if let Some(p) = input.clicked {
        out.push(Command::PuzzleClick(p));
    }
    if let Some((from, to)) = input.dropped {
        out.push(Command::PuzzleDrag(from, to));
    }
}

/// The home screen's Puzzles card: the solver's rating in the game chosen, the streak, and
/// the way in.
pub fn home_card_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let game = view.puzzles.game;
    let solver = view.puzzles.solver(game);
    let count: usize = GameId::ALL.iter().map(|&g| embedded(g).puzzles.len()).sum();
    let solve = RichText::new(if view.puzzles.current.is_some() {
        i18n.t("puzzle.continue")
    } else {
        i18n.t("puzzle.solve")
    })
    .strong();
    let left = view.puzzles.own_left();
    let own = (left > 0).then(|| i18n.format("puzzle.own_left", &[("n", &left)]));
    let mut buttons = button_width(ui, solve.clone());
    if let Some(own) = &own {
        buttons += button_width(ui, own.as_str()) + ui.spacing().item_spacing.x;
    }
    let line = i18n.format(
        "puzzle.card",
        &[
            ("count", &count),
            ("game", &game_name(i18n, game)),
            ("rating", &format!("{:.0}", solver.rating.rating)),
            ("streak", &solver.streak),
        ],
    );
    crate::app::widgets::home_card_ui(ui, i18n.t("puzzle.title"), &line, buttons, |ui| {
        if ui.add(theme::primary_button(solve)).clicked() {
            out.push(Command::OpenPuzzles(None));
        }
        if let Some(own) = own
            && ui.button(own).clicked()
        {
            out.push(Command::OpenOwnPuzzles);
        }
    });
}
