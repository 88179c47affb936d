//! The home screen: the games as cards (names, a line about each, their start position and
//! the player's results), the game in progress to continue, and the way to the language, the
//! settings, the rules and the game records.

use egui::{Align, Layout, RichText, TextStyle};

use crate::ai::Level;
use crate::app::board::{BoardScene, picture_ui};
use crate::app::command::{Command, Open, Question, RulesTab};
use crate::app::i18n::{I18n, Language};
use crate::app::lessons::Course;
use crate::app::rating::PlayerRating;
use crate::app::session::OnlineRole;
use crate::app::settings::{Opponent, Setup, Tally};
use crate::app::text::{game_name, level_name, level_rated, side_name};
use crate::app::theme;
use crate::app::view::{Resumable, View, moves_played};
use crate::app::widgets::{
    accessible_name, button_width, home_card_ui, text_and_buttons, text_width, text_width_in,
    top_bar, wrapped_label,
};
use crate::rules::{GameId, State};

/// The widest the home screen's content grows: a large window's width is used, but a line of
/// cards does not stretch across a very wide screen.
const MAX_WIDTH: f32 = 1720.0;

/// How many game cards a row holds at this width: three side by side from the smallest
/// window (760 points wide) up, so that none of them is below the fold.
fn columns_for(width: f32) -> usize {
    if width >= 680.0 {
        3
    } else if width >= 460.0 {
        2
    } else {
        1
    }
}

/// The side of a card's board: as wide as the card allows, and as tall as the window does
/// (half its height, less what the header and the card's text take), from 110 points up.
fn card_board_size(card_width: f32, window_height: f32) -> f32 {
    let by_height = (window_height * 0.5 - 130.0).max(110.0);
    (card_width - 8.0).min(by_height).max(110.0)
}

/// How much larger a card's text is drawn in a wide card than in the smallest window's.
fn card_text_scale(card_width: f32) -> f32 {
    (card_width / 300.0).clamp(1.0, 1.3)
}

/// The home screen and its layout from the last frame.
#[derive(Default)]
pub struct HomeScreen {
    /// The height of the tallest card's text last frame, to line the buttons up.
    card_height: f32,
    /// The tallest card's text so far this frame.
    measuring: f32,
    /// The height of the tallest card last frame, which every card is given, so that a row
    /// of cards ends on one line.
    card_full: f32,
    /// The tallest card so far this frame.
    measuring_full: f32,
}

impl HomeScreen {
    /// Draws the home screen; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &View) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.measuring > 0.0 {
            self.card_height = self.measuring;
            self.card_full = self.measuring_full;
        }
        self.measuring = 0.0;
        self.measuring_full = 0.0;
        header_ui(ui, view, &mut commands);
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::paper())
                    .inner_margin(egui::Margin::symmetric(20, 16)),
            )
            .show(ui, |ui| {
                crate::app::widgets::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let width = ui.available_width().min(MAX_WIDTH);
                        ui.vertical_centered(|ui| {
                            ui.set_max_width(width);
                            ui.with_layout(Layout::top_down(Align::Min), |ui| {
                                self.cards_ui(ui, view, width, &mut commands);
                            });
                        });
                    });
            });
        commands
    }

    /// The game in progress, the game cards and the shortcuts line.
    fn cards_ui(&mut self, ui: &mut egui::Ui, view: &View, width: f32, out: &mut Vec<Command>) {
        let i18n = view.i18n;
        if let Some(resumable) = view.resumable {
            continue_card_ui(ui, view, resumable, out);
            ui.add_space(14.0);
        }
        ui.label(
            RichText::new(i18n.t("home.choose"))
                .size(theme::text(18.0))
                .strong()
                .color(theme::ink()),
        );
        ui.add_space(8.0);
        let columns = columns_for(width);
        for chunk in GameId::ALL.chunks(columns) {
            ui.columns(columns, |cols| {
                for (col, &game) in cols.iter_mut().zip(chunk) {
                    self.game_card_ui(col, view, game, out);
                }
            });
            ui.add_space(12.0);
        }
        super::puzzle::home_card_ui(ui, view, out);
        ui.add_space(12.0);
        friend_card_ui(ui, view, out);
        ui.add_space(12.0);
        ui.label(
            RichText::new(i18n.t("home.shortcuts"))
                .small()
                .color(theme::muted()),
        );
    }

    /// One game's card.
    fn game_card_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View,
        game: GameId,
        out: &mut Vec<Command>,
    ) {
        let i18n = view.i18n;
        let help = i18n.help(game);
        let name = help.name.as_str();
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let card_top = ui.cursor().top();
            ui.with_layout(Layout::top_down(Align::Min), |ui| {
                let top = ui.cursor().top();
                let card_width = ui.available_width();
                let scale = card_text_scale(card_width);
                ui.vertical_centered(|ui| {
                    let window = ui.ctx().content_rect().height();
                    let size = card_board_size(card_width, window);
                    let scene = BoardScene::of_state(&State::start(game));
                    picture_ui(ui, &scene, size);
                });
                ui.add_space(6.0);
                ui.label(
                    RichText::new(name)
                        .size(theme::text(19.0) * scale)
                        .strong()
                        .color(theme::ink()),
                );
                if i18n.language() != Language::Chinese {
                    ui.label(
                        RichText::new(game_name(view.chinese, game))
                            .size(theme::text(16.0) * scale)
                            .color(theme::accent_dark()),
                    );
                }
                let summary = RichText::new(&help.summary)
                    .size(theme::text(theme::BODY_SIZE) * scale)
                    .color(theme::muted());
                wrapped_label(ui, summary);
                ui.add_space(8.0);
                // Line the buttons up across the cards: pad to the tallest card of the last frame.
                let used = ui.cursor().top() - top;
                ui.add_space((self.card_height - used).max(0.0));
                self.measuring = self.measuring.max(used);
                // A narrow card takes its buttons over two lines rather than past its edge.
                ui.horizontal_wrapped(|ui| {
                    let response = ui.add(theme::primary_button(i18n.t("home.play")));
                    accessible_name(
                        &response,
                        &i18n.format("home.play_game", &[("game", &name)]),
                    );
                    if response.clicked() {
                        out.push(Command::Open(Open::NewGame(Some(game))));
                    }
                    // Once a game of it has been played, the same game again in one click.
                    if let Some(setup) = view.settings.again(view.stats, game) {
                        let said = setup_text(view, &setup);
                        let response = ui.button(i18n.t("home.play_again")).on_hover_text(&said);
                        accessible_name(
                            &response,
                            &i18n
                                .format("home.play_again_of", &[("game", &name), ("setup", &said)]),
                        );
                        if response.clicked() {
                            out.push(Command::StartGame(setup));
                        }
                    }
                    let response = ui.button(i18n.t("home.card_rules"));
                    accessible_name(&response, &i18n.format("home.rules_of", &[("game", &name)]));
                    if response.clicked() {
                        out.push(Command::Open(Open::Rules(game, RulesTab::KeyPoints)));
                    }
                    learn_button_ui(ui, view, game, name, out);
                });
                ui.add_space(8.0);
                // The results grow with the card's text.
                ui.scope(|ui| {
                    if let Some(small) = ui.style_mut().text_styles.get_mut(&TextStyle::Small) {
                        small.size *= scale;
                    }
                    stats_ui(ui, view, game, scale);
                });
            });
            let used = ui.min_rect().bottom() - card_top;
            self.measuring_full = self.measuring_full.max(used);
            ui.add_space((self.card_full - used).max(0.0));
        });
    }
}

/// What "Play again" starts, in words: "against the computer (Easy), you as Black, 60 s a
/// turn".
fn setup_text(view: &View, setup: &Setup) -> String {
    let i18n = view.i18n;
    let clock = match setup.clock.seconds() {
        Some(n) => i18n.format("home.again_clock", &[("n", &n)]),
        None => i18n.t("home.again_no_clock").to_string(),
    };
    match setup.opponent {
        Opponent::Human => i18n.format("home.again_friend", &[("clock", &clock)]),
        Opponent::Computer { level, side } => {
            let side = match side.side() {
                Some(side) => side_name(i18n, side).to_string(),
                None => i18n.t("home.again_random_side").to_string(),
            };
            i18n.format(
                "home.again_computer",
                &[
                    ("level", &level_rated(i18n, level, setup.game)),
                    ("side", &side),
                    ("clock", &clock),
                ],
            )
        }
        Opponent::Watch { black, white } => i18n.format(
            "home.again_watch",
            &[
                ("black", &level_name(i18n, black)),
                ("white", &level_name(i18n, white)),
            ],
        ),
    }
}

/// A game card's way to its lessons, with how far the learner got.
fn learn_button_ui(
    ui: &mut egui::Ui,
    view: &View,
    game: GameId,
    name: &str,
    out: &mut Vec<Command>,
) {
    let i18n = view.i18n;
    let course = Course::of_game(game);
    let total = course.steps().len();
    let done = view.lessons.done_count(course);
    let label = if done == 0 {
        i18n.t("lesson.card_button").to_string()
    } else {
        format!("{} {done}/{total}", i18n.t("lesson.card_button"))
    };
    let progress = i18n.format("lesson.progress", &[("done", &done), ("total", &total)]);
    let response = ui.button(label).on_hover_text(&progress);
    let mut accessible = i18n.format("lesson.learn_game", &[("game", &name)]);
    if done > 0 {
        accessible = format!("{accessible} ({progress})");
    }
    accessible_name(&response, &accessible);
    if response.clicked() {
        out.push(Command::OpenLessons(course));
    }
}

/// The header with the app's name and the global buttons.
fn header_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    // The buttons as they read from the left.
    let buttons: [(&str, Option<&str>, Command); 6] = [
        (
            i18n.t("lesson.home_button"),
            Some(i18n.t("lesson.home_button_hint")),
            Command::OpenLessons(view.lessons.next_course()),
        ),
        (i18n.t("puzzle.title"), None, Command::OpenPuzzles(None)),
        (
            i18n.t("home.rules"),
            None,
            Command::Open(Open::Rules(GameId::ALL[0], RulesTab::KeyPoints)),
        ),
        (
            i18n.t("stats.title"),
            Some(i18n.t("stats.open_hint")),
            Command::OpenStats(None),
        ),
        (i18n.t("home.history"), None, Command::OpenHistory),
        (i18n.t("home.settings"), None, Command::Open(Open::Settings)),
    ];
    let button_ui = |ui: &mut egui::Ui,
                     (label, hover, command): &(&str, Option<&str>, Command),
                     out: &mut Vec<Command>| {
        let mut response = ui.button(*label);
        if let Some(hover) = hover {
            response = response.on_hover_text(*hover);
        }
        if response.clicked() {
            out.push(command.clone());
        }
    };
    let languages_ui = |ui: &mut egui::Ui, out: &mut Vec<Command>| {
        for l in Language::ALL.into_iter().rev() {
            if ui
                .selectable_label(i18n.language() == l, l.native_name())
                .clicked()
                && i18n.language() != l
            {
                out.push(Command::SetLanguage(l));
            }
        }
    };
    let name = RichText::new(i18n.t("app.name"))
        .size(theme::text(28.0))
        .strong()
        .color(theme::ink());
    top_bar(ui, "home_header", [20, 12], |ui| {
        // A small window packs the buttons a little closer, to keep them on one row; a
        // narrower one (a phone) puts them on rows of their own under the name.
        let name_width = text_width(ui, name.clone()) + ui.spacing().item_spacing.x;
        let packed = ui.available_width() - name_width < 700.0;
        let (pad, gap) = if packed { (0.7, 0.75) } else { (1.0, 1.0) };
        let pad = 2.0 * ui.spacing().button_padding.x * pad;
        let gap = ui.spacing().item_spacing.x * gap;
        let width = |ui: &egui::Ui, text: &str| {
            text_width_in(ui, text, egui::TextStyle::Button) + pad + gap
        };
        let languages: f32 = Language::ALL
            .iter()
            .map(|l| width(ui, l.native_name()))
            .sum();
        let all: f32 = buttons.iter().map(|(label, _, _)| width(ui, label)).sum();
        // Each width above counts the gap after its item; the last one has none.
        let one_row = name_width + languages + 8.0 + all - gap <= ui.available_width();
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(name);
                // The tagline needs room beside the buttons; small windows leave it out.
                if ui.available_width() > 880.0 {
                    ui.label(RichText::new(i18n.t("home.tagline")).color(theme::muted()));
                }
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if packed {
                    ui.spacing_mut().button_padding.x *= 0.7;
                    ui.spacing_mut().item_spacing.x *= 0.75;
                }
                if one_row {
                    for button in buttons.iter().rev() {
                        button_ui(ui, button, out);
                    }
                    ui.add_space(8.0);
                }
                languages_ui(ui, out);
            });
        });
        if !one_row {
            ui.horizontal_wrapped(|ui| {
                for button in &buttons {
                    button_ui(ui, button, out);
                }
            });
        }
    });
}

/// The card offering the game in progress.
fn continue_card_ui(ui: &mut egui::Ui, view: &View, game: Resumable, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    // An online game names the friend it is played with.
    let friend = view
        .session
        .and_then(|s| match s.online() {
            Some(OnlineRole::Plays(side)) => Some(side.other()),
            _ => None,
        })
        .map(|side| plate_name(view, side));
    let opponent = match game.setup.opponent {
        Opponent::Human if friend.is_some() => {
            i18n.format("home.online_with", &[("name", &friend.unwrap_or_default())])
        }
        Opponent::Human => i18n.t("home.vs_human").to_string(),
        Opponent::Computer { level, .. } => i18n.format(
            "home.vs_computer",
            &[
                ("level", &level_name(i18n, level)),
                ("side", &game.human_side.map_or("", |s| side_name(i18n, s))),
            ],
        ),
        Opponent::Watch { black, white } => i18n.format(
            "home.watching",
            &[
                ("black", &level_name(i18n, black)),
                ("white", &level_name(i18n, white)),
            ],
        ),
    };
    let continue_text = RichText::new(i18n.t("home.continue")).strong();
    let discard_text = i18n.t("home.discard");
    let buttons = button_width(ui, continue_text.clone())
        + button_width(ui, discard_text)
        + ui.spacing().item_spacing.x;
    theme::card_frame().fill(theme::highlight()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        text_and_buttons(
            ui,
            buttons,
            |ui| {
                ui.label(
                    RichText::new(i18n.t("home.in_progress"))
                        .strong()
                        .color(theme::accent_dark()),
                );
                let what = format!(
                    "{} · {} · {}",
                    game_name(i18n, game.setup.game),
                    opponent,
                    moves_played(i18n, game.moves)
                );
                wrapped_label(ui, RichText::new(what).color(theme::ink()));
            },
            |ui| {
                if ui.button(discard_text).clicked() {
                    out.push(Command::Open(Open::Confirm(Question::Discard)));
                }
                if ui.add(theme::primary_button(continue_text)).clicked() {
                    out.push(Command::ContinueGame);
                }
            },
        );
    });
}

/// What the plates call `side` in the game on the screen.
fn plate_name(view: &View, side: crate::rules::Side) -> String {
    view.session
        .map(|s| view.player_label(s, side))
        .unwrap_or_default()
}

/// Play a friend online: invite one, or join a friend's game with its code.
fn friend_card_ui(ui: &mut egui::Ui, view: &View, out: &mut Vec<Command>) {
    let i18n = view.i18n;
    let invite = RichText::new(i18n.t("online.invite_friend")).strong();
    let join = i18n.t("online.join_with_code");
    let buttons =
        button_width(ui, invite.clone()) + button_width(ui, join) + ui.spacing().item_spacing.x;
    home_card_ui(
        ui,
        i18n.t("online.title"),
        i18n.t("online.card"),
        buttons,
        |ui| {
            if ui.add(theme::primary_button(invite)).clicked() {
                out.push(Command::Open(Open::Friend {
                    game: None,
                    join: None,
                }));
            }
            if ui.button(join).clicked() {
                out.push(Command::Open(Open::Friend {
                    game: None,
                    join: Some(String::new()),
                }));
            }
        },
    );
}

/// The results of one game: the total, then one line per opponent played.
fn stats_ui(ui: &mut egui::Ui, view: &View, game: GameId, scale: f32) {
    let i18n = view.i18n;
    let stats = view.stats;
    let total = stats.total(game);
    let tally_text = |t: Tally| {
        i18n.format(
            "stats.tally",
            &[
                ("wins", &t.wins),
                ("losses", &t.losses),
                ("draws", &t.draws),
            ],
        )
    };
    if let Some(rating) = stats.rating(game) {
        rating_ui(ui, view, game, rating, scale);
    }
    if total.games() == 0 {
        ui.label(
            RichText::new(i18n.t("stats.none"))
                .small()
                .color(theme::muted()),
        );
        return;
    }
    ui.label(
        RichText::new(i18n.format("stats.total", &[("tally", &tally_text(total))]))
            .small()
            .strong(),
    );
    let rows: Vec<(RichText, RichText)> = Level::PLAYABLE
        .into_iter()
        .map(|l| (l, stats.tally(game, l.id())))
        .filter(|(_, tally)| tally.games() > 0)
        .map(|(l, tally)| {
            let label = i18n.format("stats.vs_level", &[("level", &level_rated(i18n, l, game))]);
            (
                RichText::new(label).small().color(theme::muted()),
                RichText::new(tally_text(tally)).small(),
            )
        })
        .collect();
    tally_rows_ui(ui, game, rows);
}

/// The results against each level: in two columns where the widest line fits the card,
/// else each result on a line of its own under its level, so that none is cut.
fn tally_rows_ui(ui: &mut egui::Ui, game: GameId, rows: Vec<(RichText, RichText)>) {
    const GAP: f32 = 12.0;
    let widest = |column: fn(&(RichText, RichText)) -> &RichText| {
        rows.iter()
            .map(|row| text_width(ui, column(row).clone()))
            .fold(0.0, f32::max)
    };
    let needed = widest(|r| &r.0) + GAP + widest(|r| &r.1);
    if needed <= ui.available_width() {
        egui::Grid::new(("stats", game))
            .num_columns(2)
            .min_row_height(16.0)
            .spacing([GAP, 2.0])
            .show(ui, |ui| {
                for (label, tally) in rows {
                    ui.label(label);
                    ui.label(tally);
                    ui.end_row();
                }
            });
        return;
    }
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        for (label, tally) in rows {
            wrapped_label(ui, label);
            ui.horizontal(|ui| {
                ui.add_space(GAP);
                wrapped_label(ui, tally);
            });
            ui.add_space(3.0);
        }
    });
}

/// "Your rating: 1500 ± 120 (3 rated games)", a word more while it is provisional, "1 rated
/// game" after the first.
pub(super) fn rating_line(i18n: &I18n, rating: &PlayerRating) -> String {
    let now = &rating.now;
    let key = match (now.is_provisional(), rating.games == 1) {
        (true, true) => "stats.rating_provisional_one",
        (true, false) => "stats.rating_provisional",
        (false, true) => "stats.rating_one",
        (false, false) => "stats.rating",
    };
    i18n.format(
        key,
        &[
            ("rating", &(now.rating.round() as i64)),
            ("margin", &((2.0 * now.deviation).round() as i64)),
            ("games", &rating.games),
        ],
    )
}

/// The person's rating in `game`: the number with its 95% margin (and a word while it is
/// provisional), then its history as a small graph (`scale` times its smallest size).
fn rating_ui(ui: &mut egui::Ui, view: &View, game: GameId, rating: &PlayerRating, scale: f32) {
    let i18n = view.i18n;
    let now = &rating.now;
    let line = rating_line(i18n, rating);
    ui.label(RichText::new(line).small().strong().color(theme::ink()));
    if rating.history.len() >= 2 {
        let first = rating.history[0].rating.round() as i64;
        let last = now.rating.round() as i64;
        let said = i18n.format(
            "stats.rating_graph",
            &[
                ("from", &first),
                ("to", &last),
                ("games", &rating.history.len()),
            ],
        );
        rating_graph_ui(ui, game, rating, &said, scale);
    }
}

/// The rating after each rated game as a line, the levels' ratings it passed as faint marks.
fn rating_graph_ui(ui: &mut egui::Ui, game: GameId, rating: &PlayerRating, said: &str, scale: f32) {
    let width = ui.available_width().min(260.0 * scale);
    let size = egui::vec2(width, 34.0 * scale);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    accessible_name(&response, said);
    response.on_hover_text(said);
    let points: Vec<f64> = rating.history.iter().map(|p| p.rating).collect();
    let (low, high) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let (low, high) = (low - 25.0, high + 25.0);
    let y = |r: f64| rect.bottom() - ((r - low) / (high - low)) as f32 * rect.height();
    let painter = ui.painter_at(rect);
    for &level in Level::offered(game) {
        if let Some(r) = crate::arena::ladder::rating_of(game, level).map(f64::from)
            && (low..=high).contains(&r)
        {
            painter.hline(rect.x_range(), y(r), egui::Stroke::new(1.0, theme::faint()));
        }
    }
    let step = rect.width() / (points.len().max(2) - 1) as f32;
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, &r)| egui::pos2(rect.left() + i as f32 * step, y(r)))
        .collect();
    painter.add(egui::Shape::line(
        line,
        egui::Stroke::new(1.5, theme::accent()),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_grow_with_the_window() {
        assert_eq!(columns_for(720.0), 3);
        assert_eq!(columns_for(500.0), 2);
        assert_eq!(columns_for(300.0), 1);
        // The smallest window keeps its boards small enough for the buttons to show.
        assert!(card_board_size(230.0, 560.0) <= 150.0);
        // A large one has boards nearly twice as large as the old largest (210).
        assert!(card_board_size(560.0, 1080.0) >= 400.0);
        assert!(card_text_scale(560.0) > 1.2);
    }
}
