//! Ready-made screens for screenshots and demonstrations, chosen with the `SANQI_DEMO`
//! environment variable: the home screen, each game in the middle of play, the rules window,
//! a finished game and the dialogs. A demonstration is only a starting point ([`Staging`]):
//! made-up statistics, a game with some actions played, and commands to apply. The app never
//! reads or writes the user's files while it shows one.

use super::command::{Command, Open, Question, RulesTab};
use super::settings::{ClockSetting, Opponent, Outcome, Setup, SideChoice, Stats};
use crate::ai::Level;
use crate::rules::notation::parse_actions;
use crate::rules::{Action, GameId, Point};

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

/// The actions that lead to each game's demonstration position.
///
/// Neihuang: the board filled, the pulls made and a few moves played; Black has just closed
/// the square a2 b2 a3 b3 and must capture. Square Flying Chess: a few moves into the game;
/// the demonstration picks up the piece on b3 to show where it can go. Wu Dao Qi: the middle
/// of the game, after several captures; White's last placement took two Black pieces.
pub const POSITIONS: [(GameId, &str); 3] = [
    (
        GameId::Neihuang,
        "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2 xc2 xa3 \
         c3-c2 c4-c3 c5-c4 b3-a3 d5-c5 c3-b3",
    ),
    (GameId::Flying, "a1-a3 e5-e2 b1-b3 d5-d3 c1-c2 a5-a4"),
    (
        GameId::Wudao,
        "b3 d2 e4 b1 b2 b5 b4 d3 c2 d2 c3 e3 e5 e3 e2 a1 c1 d3 b1 c3 c4 d4",
    ),
];

/// The actions of a game's demonstration position.
fn position(game: GameId) -> &'static str {
    POSITIONS
        .iter()
        .find(|(g, _)| *g == game)
        .map_or("", |(_, actions)| actions)
}

/// What a demonstration starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct Staging {
    /// Results to show on the home screen.
    pub stats: Stats,
    /// A game against the computer (the person playing Black) and the actions played in it.
    pub game: Option<(Setup, Vec<Action>)>,
    /// What to do next, as the user would.
    pub commands: Vec<Command>,
}

impl Demo {
    /// Reads `home`, a game (`neihuang`, `flying`, `wudao`), `rules` or `rules-` and a game,
    /// `result`, `new-game`, `resign`, `settings`, `records` or `review`.
    pub fn parse(text: &str) -> Option<Demo> {
        let text = text.trim().to_ascii_lowercase();
        let text = text.strip_suffix("-mid").unwrap_or(&text);
        match text {
            "home" => Some(Demo::Home),
            "rules" => Some(Demo::Rules(GameId::ALL[0])),
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

    /// What this demonstration starts from.
    pub fn staging(self) -> Staging {
        let mut staging = Staging {
            stats: Stats::default(),
            game: None,
            commands: Vec::new(),
        };
        let mut play = |game: GameId, actions: &str, level: Level| {
            let setup = Setup {
                game,
                opponent: Opponent::Computer {
                    level,
                    side: SideChoice::Black,
                },
                clock: ClockSetting::S60,
            };
            staging.game = Some((setup, parse_actions(actions).unwrap_or_default()));
        };
        let commands = match self {
            Demo::Home => {
                play(GameId::Flying, position(GameId::Flying), Level::Medium);
                vec![Command::GoHome]
            }
            Demo::Game(game) => {
                play(game, position(game), Level::Medium);
                // Pick up a piece in Flying, to show where it can go.
                let select = Point::parse("b3").filter(|_| game == GameId::Flying);
                select.map(Command::Click).into_iter().collect()
            }
            Demo::Rules(game) => vec![Command::Open(Open::Rules(game, RulesTab::Diagrams))],
            Demo::Result => {
                let actions = "a1-a4 e5-e2 a4-a3 d5-d3 a3-a2 d3-d5";
                play(GameId::Flying, actions, Level::Easy);
                vec![Command::Resign]
            }
            Demo::NewGame => vec![Command::Open(Open::NewGame(Some(GameId::Wudao)))],
            Demo::Review => {
                play(GameId::Neihuang, position(GameId::Neihuang), Level::Easy);
                vec![Command::Resign, Command::Review, Command::ReviewTo(29)]
            }
            Demo::Settings => {
                play(GameId::Neihuang, position(GameId::Neihuang), Level::Hard);
                vec![Command::Open(Open::Settings)]
            }
            Demo::Records => {
                play(GameId::Wudao, position(GameId::Wudao), Level::Medium);
                vec![Command::Open(Open::Records), Command::ExportRecord]
            }
            Demo::Resign => {
                play(GameId::Wudao, position(GameId::Wudao), Level::Hard);
                vec![Command::Open(Open::Confirm(Question::Resign))]
            }
        };
        staging.commands = commands;
        if self == Demo::Home {
            for (game, key, outcome, times) in [
                (GameId::Neihuang, "medium", Outcome::Win, 3),
                (GameId::Neihuang, "medium", Outcome::Loss, 2),
                (GameId::Neihuang, "hard", Outcome::Loss, 1),
                (GameId::Flying, "easy", Outcome::Win, 4),
                (GameId::Flying, "medium", Outcome::Draw, 1),
            ] {
                for _ in 0..times {
                    staging.stats.record(game, key, outcome);
                }
            }
        }
        staging
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    #[test]
    fn every_demonstration_position_is_legal() {
        for game in GameId::ALL {
            let actions = parse_actions(position(game)).unwrap_or_default();
            assert!(!actions.is_empty(), "{game}");
            let mut played = Game::new(game);
            for action in actions {
                assert!(played.apply(action).is_ok(), "{game}: {action}");
            }
        }
    }

    #[test]
    fn names_parse() {
        assert_eq!(Demo::parse("flying-mid"), Some(Demo::Game(GameId::Flying)));
        assert_eq!(Demo::parse("rules-wudao"), Some(Demo::Rules(GameId::Wudao)));
        assert_eq!(Demo::parse(" Result "), Some(Demo::Result));
        assert_eq!(Demo::parse("nothing"), None);
    }
}
