//! Ready-made screens for screenshots and demonstrations, chosen with the `SANQI_DEMO`
//! environment variable: the home screen, each game in the middle of play, the rules window
//! and a finished game.

use super::dialogs::Confirm;
use super::help::{RulesTab, RulesView};
use super::sanqi::SanqiApp;
use super::settings::{ClockSetting, Opponent, Outcome, Setup, SideChoice};
use crate::ai::Level;
use crate::rules::notation::parse_actions;
use crate::rules::{GameId, Point};

/// A screen to open at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Demo {
    /// The home screen with a game in progress and some results.
    Home,
    /// A game in the middle of play.
    Game(GameId),
    /// The rules window of a game, on its diagrams.
    Rules(GameId),
    /// A finished game with its result.
    Result,
    /// The new-game dialog.
    NewGame,
    /// The resign confirmation.
    Resign,
    /// A game with the settings window open.
    Settings,
    /// The records dialog after an export.
    Records,
    /// A finished game under review.
    Review,
}

/// Neihuang: the board filled, the pulls made and a few moves played; Black has just closed
/// the square a2 b2 a3 b3 and must capture.
pub const NEIHUANG_MOVES: &str = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 \
     e4 c3 c4 a5 c2 xc2 xa3 c3-c2 c4-c3 c5-c4 b3-a3 d5-c5 c3-b3";
/// Square Flying Chess: a few moves into the game; the demonstration picks up the piece on b3
/// to show where it can go.
pub const FLYING_MOVES: &str = "a1-a3 e5-e2 b1-b3 d5-d3 c1-c2 a5-a4";
/// Wu Dao Qi: the middle of the game, after several captures; White's last placement took
/// two Black pieces.
pub const WUDAO_MOVES: &str = "b3 d2 e4 b1 b2 b5 b4 d3 c2 d2 c3 e3 e5 e3 e2 a1 c1 d3 b1 c3 \
     c4 d4";

impl Demo {
    /// Reads `home`, `neihuang`, `flying`, `wudao`, `rules`, `rules-flying`, `result`,
    /// `new-game`, `resign`, `settings`, `records` or `review`.
    pub fn parse(text: &str) -> Option<Demo> {
        let text = text.trim().to_ascii_lowercase();
        let text = text.strip_suffix("-mid").unwrap_or(&text);
        match text {
            "home" => Some(Demo::Home),
            "rules" => Some(Demo::Rules(GameId::Neihuang)),
            "result" => Some(Demo::Result),
            "new-game" => Some(Demo::NewGame),
            "resign" => Some(Demo::Resign),
            "settings" => Some(Demo::Settings),
            "records" => Some(Demo::Records),
            "review" => Some(Demo::Review),
            other => {
                if let Some(game) = other.strip_prefix("rules-").and_then(GameId::parse) {
                    Some(Demo::Rules(game))
                } else {
                    GameId::parse(other).map(Demo::Game)
                }
            }
        }
    }

    /// Sets the app up to show this screen.
    pub fn apply(self, app: &mut SanqiApp) {
        match self {
            Demo::Home => {
                let stats = &mut app.stats;
                for (game, key, outcome, times) in [
                    (GameId::Neihuang, "medium", Outcome::Win, 3),
                    (GameId::Neihuang, "medium", Outcome::Loss, 2),
                    (GameId::Neihuang, "hard", Outcome::Loss, 1),
                    (GameId::Flying, "easy", Outcome::Win, 4),
                    (GameId::Flying, "human", Outcome::Draw, 1),
                ] {
                    for _ in 0..times {
                        stats.record(game, key, outcome);
                    }
                }
                play_demo(app, GameId::Flying, FLYING_MOVES, Level::Medium);
                app.go_home();
            }
            Demo::Game(game) => {
                let moves = match game {
                    GameId::Neihuang => NEIHUANG_MOVES,
                    GameId::Flying => FLYING_MOVES,
                    GameId::Wudao => WUDAO_MOVES,
                };
                play_demo(app, game, moves, Level::Medium);
                if game == GameId::Flying
                    && let Some(s) = &mut app.session
                {
                    s.selected = Point::parse("b3");
                }
            }
            Demo::Rules(game) => {
                app.dialogs.open_rules(game);
                if let Some(view) = &mut app.dialogs.rules {
                    *view = RulesView {
                        game,
                        tab: RulesTab::Diagrams,
                    };
                }
            }
            Demo::Result => {
                let moves = "a1-a4 e5-e2 a4-a3 d5-d3 a3-a2 d3-d5";
                play_demo(app, GameId::Flying, moves, Level::Easy);
                app.resign();
            }
            Demo::NewGame => app
                .dialogs
                .open_new_game(&app.settings, Some(GameId::Wudao)),
            Demo::Review => {
                play_demo(app, GameId::Neihuang, NEIHUANG_MOVES, Level::Easy);
                app.resign();
                app.review();
                app.review_to(29);
            }
            Demo::Settings => {
                play_demo(app, GameId::Neihuang, NEIHUANG_MOVES, Level::Hard);
                app.dialogs.settings = true;
            }
            Demo::Records => {
                play_demo(app, GameId::Wudao, WUDAO_MOVES, Level::Medium);
                app.open_records_dialog();
                let exported = app.export_record();
                if let Some(dialog) = &mut app.dialogs.records {
                    dialog.exported = Some(exported);
                    dialog.files = app.store.list_records();
                }
            }
            Demo::Resign => {
                play_demo(app, GameId::Wudao, WUDAO_MOVES, Level::Hard);
                app.dialogs.confirm = Some(Confirm::Resign);
            }
        }
    }
}

/// Starts a game against the computer (the person playing Black) and plays `moves` into it.
fn play_demo(app: &mut SanqiApp, game: GameId, moves: &str, level: Level) {
    let setup = Setup {
        game,
        opponent: Opponent::Computer {
            level,
            side: SideChoice::Black,
        },
        clock: ClockSetting::S60,
    };
    app.start_game(setup);
    let Ok(actions) = parse_actions(moves) else {
        return;
    };
    if let Some(s) = &mut app.session {
        for action in actions {
            if s.apply(action).is_err() {
                break;
            }
        }
    }
    app.save_game();
}
