//! Ready-made screens for screenshots and demonstrations, chosen with the `SANQI_DEMO`
//! environment variable: the home screen, each game in the middle of play, the rules window,
//! a finished game and the dialogs. A demonstration is only a starting point ([`Staging`]):
//! made-up statistics, a game with some actions played, and commands to apply. The app never
//! writes the user's files while it shows one, and reads only the Flying table, for the
//! demonstrations that show it.

use super::command::{Command, Open, Question, RulesTab};
use super::lessons::{Course, clicks};
use super::puzzles::{Current, PuzzleProgress, Solver};
use super::settings::{ClockSetting, Opponent, Outcome, Setup, SideChoice, Stats};
use crate::ai::Level;
use crate::learn::puzzles::embedded;
use crate::rules::notation::parse_actions;
use crate::rules::{Action, GameId, Point, Side};

/// A screen to open at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Demo {
    /// The home screen with a game in progress, results and a rating on every card, and
    /// puzzles under way.
    Home,
    /// A game in the middle of play.
    Game(GameId),
    /// The rules window of a game, on its diagrams.
    Rules(GameId),
    /// A finished game with its result.
    Result,
    /// A game the computer plays against itself, paused after its first action.
    Watch,
    /// A finished game against the computer that is not rated (a take-back), with its result.
    UnratedResult,
    /// A game against the computer stopped after the person's clock ran out on two turns in
    /// a row, asking whether they are still there.
    StillThere,
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
    /// A finished Flying game under review, analysed, on the position before a blunder.
    Analysis,
    /// A game with a hint, its reason and the value shown: a Neihuang movement position,
    /// Flying at move 7, a Wu Dao threat to stop.
    Hint(GameId),
    /// A game against the computer just after the computer's turn captured (or flipped),
    /// what it did drawn on the board.
    Captured(GameId),
    /// A game's last turn explained on the board and in the panel (under review, so that it
    /// stays): a Flying pincer and insertion, a Wu Dao flank, a Neihuang square.
    Explain(GameId),
    /// Neihuang: White is blocked after the pulls, and Black must give up a piece.
    Blocked,
    /// The choice of who plays on from a reviewed position.
    PlayOn,
    /// The question before a record replaces the game in progress.
    ReplaceRecord,
    /// A lesson step (by its index in its course), as it opens, after its wrong example, or
    /// after its example solution.
    Lesson(Course, usize, LessonMoment),
    /// A Flying game against Master with the settings open on the Flying table, as the data
    /// folder has it (not built, built or damaged).
    TableSettings,
    /// The same, with the table being built (into the demonstration's scratch folder).
    TableBuilding,
    /// The offer to build the Flying table.
    TableOffer,
    /// A Flying hint with every move's exact value, from the data folder's table.
    ExactHint,
    /// The first puzzle of a game a newcomer gets, as it opens, after a wrong try, or solved.
    Puzzle(GameId, PuzzleMoment),
    /// A game's statistics, after a few weeks of games and puzzles (the results by level and
    /// colour, the rating's graph, the puzzle rating's graph).
    Stats(GameId),
}

/// How far a puzzle demonstration goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleMoment {
    /// As it opens.
    Start,
    /// After a wrong try, refuted by the computer.
    Wrong,
    /// Solved.
    Solved,
}

/// How far a lesson demonstration goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonMoment {
    /// The step as it opens.
    Start,
    /// After the step's wrong example was tried.
    Wrong,
    /// After the step's example solution was played.
    Done,
}

/// The actions of each game's explained turn: its last action captures or flips.
pub const EXPLAINED: [(GameId, &str); 3] = [
    (
        GameId::Neihuang,
        "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2 xc2 xa3 \
         c3-c2 c4-c3 c5-c4 b3-a3 d5-c5 c3-b3",
    ),
    (GameId::Flying, "e1-e3 b5-b3 a1-a2 d5-d3 d1-d2 a5-a4 c1-c3"),
    (GameId::Wudao, "c3 c1 e5 d1 b1 e3 a1"),
];

/// The actions of each game's demonstration of the computer's capture: White's last turn
/// takes or flips, and Black is to act.
pub const CAPTURED: [(GameId, &str); 3] = [
    (
        GameId::Neihuang,
        "d1 d2 d3 c2 d4 c3 c4 b2 e4 b3 b4 a2 e2 c5 b1 e3 d5 c1 a3 a1 a4 e1 b5 e5 a5 xe2 xd2 \
         c2-d2 xa1 b1-a1 e1-e2 d1-e1 c1-c2 xc4 xb4 xd4 xb5",
    ),
    (
        GameId::Flying,
        "a1-a3 c5-c3 e1-e3 a5-a4 b1-b3 d5-d3 c1-c2 e5-e4 d1-e1 b5-c5 e1-c1 c5-d5 b3-b5 a4-a5 \
         b5-b4 e4-c4 b4-a4 d5-e5 c2-d2 e5-e4 a3-b3 c4-d4 c1-e1 a5-e5 b3-b5 d4-b4 e1-b1 b4-c4 \
         d2-c2 d3-d1 c2-e2 c3-c1 a4-a1 e5-c5 a1-a2 d1-d3 b1-b4 c1-a1 a2-a4 c4-c2 a4-a3 d3-d2 \
         b4-d4 c5-d5 d4-c4 e4-e5 c4-b4 c2-c3 b5-c5 e5-e4 c5-b5 d2-b2 b5-c5 c3-c1 e2-d2 c1-e1 \
         e3-d3 a1-a2 d2-d1 b2-d2",
    ),
    (GameId::Wudao, "c3 b2 a1 a2 d2 e2 a4 d5 d1 d4 e4 e3"),
];

/// The actions before each game's hint demonstration, Black to act.
const HINTED: [(GameId, &str); 3] = [
    (
        GameId::Neihuang,
        "d1 d2 d3 c2 d4 c3 c4 b2 e4 b3 b4 a2 e2 c5 b1 e3 d5 c1 a3 a1 a4 e1 b5 e5 a5 xe2 xd2 \
         c2-d2 xa1 b1-a1 e1-e2 d1-e1 c1-c2 xc4 xb4 xd4 xb5",
    ),
    (GameId::Flying, "a1-a3 e5-e2 b1-b3 d5-d3 c1-c2 a5-a4"),
    (GameId::Wudao, "e3 c2 c3 a3"),
];

/// Neihuang: the board full and both pulls made; White has no move.
const BLOCKED: &str = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 \
                       e1 xb4 xa5";

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

/// The game the analysis demonstration reviews: White's tenth action, `c4-b4`, turns a draw
/// into a loss in 19.
const ANALYSED_GAME: &str = "c1-c3 e5-e2 d1-d3 e2-b2 a1-a2 a5-a3 c3-c2 c5-c4 c2-c3 c4-b4 \
     c3-c5 b4-a4 c5-c4 a3-b3 c4-b4 a4-a5 b4-a4";
/// The actions of a game's explained turn.
fn explained(game: GameId) -> &'static str {
    of_game(&EXPLAINED, game)
}

/// The actions of a game's demonstration position.
fn position(game: GameId) -> &'static str {
    of_game(&POSITIONS, game)
}

/// The actions listed for `game`.
fn of_game(list: &[(GameId, &'static str)], game: GameId) -> &'static str {
    list.iter()
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
    /// Whether the person's clock has just run out turn after turn: the game stops and asks
    /// whether they are still there.
    pub away: bool,
    /// Whether to open the record exported by the commands (in place of the game, so that
    /// the question is asked).
    pub open_export: bool,
    /// The puzzles' progress to show, in place of the data folder's.
    pub puzzles: Option<PuzzleProgress>,
}

impl Demo {
    /// Whether it shows the Flying table of the data folder (read, never written); the
    /// others, and the one that builds a table, keep to the scratch folder.
    pub fn reads_data_folder_table(self) -> bool {
        matches!(
            self,
            Demo::TableSettings | Demo::TableOffer | Demo::ExactHint | Demo::Analysis
        )
    }
}

impl Demo {
    /// Reads `home`, a game (`neihuang`, `flying`, `wudao`), `rules`, or `rules-`, `hint-`,
    /// `captured-` or `explain-` and a game, `result`, `result-unrated`, `still-there`,
    /// `new-game`, `watch`, `resign`, `settings`,
    /// `records`, `review`, `analysis`, `hint` (Wu Dao's),
    /// or `lesson-`, a course (`neihuang`, `flying`, `wudao`, `house`) and a step's number from 1, with
    /// `-wrong` or `-done` after it to show a wrong try or the step done.
    pub fn parse(text: &str) -> Option<Demo> {
        let text = text.trim().to_ascii_lowercase();
        if let Some(lesson) = text.strip_prefix("lesson-") {
            return parse_lesson(lesson);
        }
        if let Some(puzzle) = text.strip_prefix("puzzle-") {
            let (game, moment) = match puzzle.split_once('-') {
                Some((game, "wrong")) => (game, PuzzleMoment::Wrong),
                Some((game, "solved")) => (game, PuzzleMoment::Solved),
                _ => (puzzle, PuzzleMoment::Start),
            };
            return GameId::parse(game).map(|g| Demo::Puzzle(g, moment));
        }
        let text = text.strip_suffix("-mid").unwrap_or(&text);
        match text {
            "home" => Some(Demo::Home),
            "rules" => Some(Demo::Rules(GameId::ALL[0])),
            "result" => Some(Demo::Result),
            "result-unrated" => Some(Demo::UnratedResult),
            "still-there" => Some(Demo::StillThere),
            "new-game" => Some(Demo::NewGame),
            "watch" => Some(Demo::Watch),
            "resign" => Some(Demo::Resign),
            "settings" => Some(Demo::Settings),
            "records" => Some(Demo::Records),
            "review" => Some(Demo::Review),
            "analysis" => Some(Demo::Analysis),
            "hint" => Some(Demo::Hint(GameId::Wudao)),
            "table-settings" => Some(Demo::TableSettings),
            "table-building" => Some(Demo::TableBuilding),
            "table-offer" => Some(Demo::TableOffer),
            "flying-hint" => Some(Demo::ExactHint),
            "blocked" => Some(Demo::Blocked),
            "play-on" => Some(Demo::PlayOn),
            "replace-record" => Some(Demo::ReplaceRecord),
            "stats" => Some(Demo::Stats(GameId::Flying)),
            other => {
                if let Some(game) = other.strip_prefix("stats-").and_then(GameId::parse) {
                    Some(Demo::Stats(game))
                } else if let Some(game) = other.strip_prefix("rules-").and_then(GameId::parse) {
                    Some(Demo::Rules(game))
                } else if let Some(game) = other.strip_prefix("explain-").and_then(GameId::parse) {
                    Some(Demo::Explain(game))
                } else if let Some(game) = other.strip_prefix("hint-").and_then(GameId::parse) {
                    Some(Demo::Hint(game))
                } else if let Some(game) = other.strip_prefix("captured-").and_then(GameId::parse) {
                    Some(Demo::Captured(game))
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
            open_export: false,
            puzzles: None,
            away: false,
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
            Demo::UnratedResult => {
                let actions = "a1-a4 e5-e2 a4-a3 d5-d3 a3-a2 d3-d5";
                play(GameId::Flying, actions, Level::Easy);
                vec![Command::Undo, Command::Resign]
            }
            Demo::StillThere => {
                play(GameId::Wudao, "c3 b2 d4 e5 timeout a1 timeout", Level::Easy);
                staging.away = true;
                Vec::new()
            }
            Demo::NewGame => vec![Command::Open(Open::NewGame(Some(GameId::Wudao)))],
            Demo::Watch => {
                let setup = Setup {
                    game: GameId::Flying,
                    opponent: Opponent::Watch {
                        black: Level::Easy,
                        white: Level::Medium,
                    },
                    clock: ClockSetting::Off,
                };
                vec![Command::StartGame(setup), Command::TogglePause]
            }
            Demo::Review => {
                play(GameId::Neihuang, position(GameId::Neihuang), Level::Easy);
                vec![Command::Resign, Command::Review, Command::ReviewTo(29)]
            }
            Demo::Analysis => {
                play(GameId::Flying, ANALYSED_GAME, Level::Easy);
                vec![Command::Review, Command::Analyse, Command::ReviewTo(9)]
            }
            Demo::Hint(game) => {
                play(game, of_game(&HINTED, game), Level::Easy);
                vec![Command::Hint]
            }
            Demo::Captured(game) => {
                play(game, of_game(&CAPTURED, game), Level::Medium);
                Vec::new()
            }
            Demo::Settings => {
                play(GameId::Neihuang, position(GameId::Neihuang), Level::Hard);
                vec![Command::Open(Open::Settings)]
            }
            Demo::TableSettings => {
                play(GameId::Flying, position(GameId::Flying), Level::Master);
                vec![Command::Open(Open::Settings)]
            }
            Demo::TableBuilding => {
                play(GameId::Flying, position(GameId::Flying), Level::Master);
                vec![Command::Open(Open::Settings), Command::BuildTable]
            }
            Demo::TableOffer => {
                play(GameId::Flying, position(GameId::Flying), Level::Master);
                vec![Command::Open(Open::Confirm(Question::BuildTable))]
            }
            Demo::ExactHint => {
                play(GameId::Flying, position(GameId::Flying), Level::Master);
                vec![Command::Hint]
            }
            Demo::Records => {
                play(GameId::Wudao, position(GameId::Wudao), Level::Medium);
                vec![Command::Open(Open::Records), Command::ExportRecord]
            }
            Demo::Explain(game) => {
                play(game, explained(game), Level::Medium);
                let end = Command::ReviewTo(usize::MAX);
                vec![Command::Resign, Command::Review, end]
            }
            Demo::Blocked => {
                play(GameId::Neihuang, BLOCKED, Level::Medium);
                Vec::new()
            }
            Demo::PlayOn => {
                play(GameId::Neihuang, position(GameId::Neihuang), Level::Easy);
                let review = [Command::Resign, Command::Review, Command::ReviewTo(29)];
                review
                    .into_iter()
                    .chain([Command::Open(Open::PlayOn)])
                    .collect()
            }
            Demo::ReplaceRecord => {
                play(GameId::Flying, position(GameId::Flying), Level::Medium);
                staging.open_export = true;
                vec![Command::Open(Open::Records), Command::ExportRecord]
            }
            Demo::Resign => {
                play(GameId::Wudao, position(GameId::Wudao), Level::Hard);
                vec![Command::Open(Open::Confirm(Question::Resign))]
            }
            Demo::Lesson(course, index, moment) => lesson_commands(course, index, moment),
            Demo::Puzzle(game, moment) => puzzle_commands(game, moment),
            Demo::Stats(game) => {
                staging.puzzles = Some(demo_puzzles(game));
                vec![Command::OpenStats(Some(game))]
            }
        };
        staging.commands = commands;
        if let Demo::Stats(game) = self {
            for (key, side, outcome, times) in [
                ("novice", Side::Black, Outcome::Win, 2),
                ("novice", Side::White, Outcome::Win, 1),
                ("novice", Side::White, Outcome::Loss, 1),
                ("novice", Side::Black, Outcome::Draw, 1),
                ("easy", Side::Black, Outcome::Win, 5),
                ("easy", Side::White, Outcome::Win, 2),
                ("easy", Side::White, Outcome::Loss, 2),
                ("medium", Side::Black, Outcome::Loss, 2),
                ("medium", Side::White, Outcome::Draw, 1),
            ] {
                for _ in 0..times {
                    staging.stats.record(game, key, outcome);
                    staging.stats.record_side(game, side, outcome);
                }
            }
        }
        if self == Demo::Home {
            // Every card shows results, a rating and its graph; each game's results are its
            // rated games, on days of their own.
            for (game, rated) in HOME_RATED {
                for (day, &(level, outcome)) in (0u64..).zip(rated) {
                    staging.stats.record(game, level.id(), outcome);
                    let time = DEMO_START + day * 2 * 86_400;
                    staging.stats.rate(game, level, outcome, time);
                }
            }
            staging.puzzles = Some(home_puzzles());
        }
        // Before the result's game (lost to Easy), a run of rated losses to Easy, after which
        // the result offers the level below.
        let rated: &[(Level, Outcome)] = match self {
            Demo::Stats(_) => &[
                (Level::Novice, Outcome::Loss),
                (Level::Novice, Outcome::Win),
                (Level::Novice, Outcome::Win),
                (Level::Novice, Outcome::Draw),
                (Level::Novice, Outcome::Win),
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Win),
            ],
            Demo::Result => &[
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Win),
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Loss),
                (Level::Easy, Outcome::Draw),
                (Level::Easy, Outcome::Loss),
            ],
            _ => &[],
        };
        let rated_game = match self {
            Demo::Stats(game) => game,
            _ => GameId::Flying,
        };
        for (day, &(level, outcome)) in (0u64..).zip(rated) {
            let time = DEMO_START + day * 2 * 86_400;
            staging.stats.rate(rated_game, level, outcome, time);
        }
        staging
    }
}

/// Puzzles of `game` solved and missed over a few weeks, the rating after each.
fn demo_puzzles(game: GameId) -> PuzzleProgress {
    let mut rating = crate::learn::puzzles::glicko::START_RATING;
    let mut solver = Solver::default();
    let mut run = 0;
    for (i, solved) in [
        true, true, false, true, true, true, false, false, true, true, true, true, false, true,
        true, false, true, true, true, true, true, false, true, true,
    ]
    .into_iter()
    .enumerate()
    {
        // Large steps at first, smaller as the rating settles.
        let step = 90.0 / (1.0 + i as f64 * 0.25);
        rating += if solved { step } else { -step * 1.1 };
        solver.history.push(rating);
        if solved {
            solver.solved += 1;
            run += 1;
            solver.best_streak = solver.best_streak.max(run);
        } else {
            solver.failed += 1;
            run = 0;
        }
    }
    solver.streak = run;
    solver.rating.rating = rating;
    solver.rating.deviation = 95.0;
    let mut progress = PuzzleProgress {
        game,
        ..PuzzleProgress::default()
    };
    progress.solvers.insert(game.id().to_string(), solver);
    progress
}

/// When the demonstrations' rated games begin: 1 November 2026 (UTC).
const DEMO_START: u64 = 1_793_491_200;

/// The rated games of the home demonstration, oldest first: Neihuang from Easy up to a win
/// against Hard, Flying five weeks from Novice to beating Easy, Wu Dao from Novice to Medium.
const HOME_RATED: [(GameId, &[(Level, Outcome)]); 3] = [
    (
        GameId::Neihuang,
        &[
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
            (Level::Medium, Outcome::Loss),
            (Level::Medium, Outcome::Win),
            (Level::Medium, Outcome::Draw),
            (Level::Medium, Outcome::Win),
            (Level::Hard, Outcome::Loss),
            (Level::Hard, Outcome::Win),
        ],
    ),
    (
        GameId::Flying,
        &[
            (Level::Novice, Outcome::Loss),
            (Level::Novice, Outcome::Win),
            (Level::Novice, Outcome::Win),
            (Level::Novice, Outcome::Draw),
            (Level::Novice, Outcome::Win),
            (Level::Easy, Outcome::Loss),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Loss),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Win),
        ],
    ),
    (
        GameId::Wudao,
        &[
            (Level::Novice, Outcome::Win),
            (Level::Novice, Outcome::Win),
            (Level::Easy, Outcome::Loss),
            (Level::Easy, Outcome::Win),
            (Level::Easy, Outcome::Draw),
            (Level::Easy, Outcome::Win),
            (Level::Medium, Outcome::Loss),
        ],
    ),
];

/// The puzzles of the home demonstration: Wu Dao chosen, a rating and a streak from a run of
/// its puzzles, the next one under way, and two puzzles from the person's own games to solve.
fn home_puzzles() -> PuzzleProgress {
    let mut progress = PuzzleProgress {
        game: GameId::Wudao,
        ..PuzzleProgress::default()
    };
    for solved in [true, false, true, true, false, true, true, true] {
        if let Some(puzzle) = progress.next_puzzle() {
            progress.record(&puzzle, solved);
        }
    }
    progress.current = progress.next_puzzle().map(|p| Current {
        id: p.id(),
        played: 0,
        failed: false,
        retry: false,
    });
    let own: Vec<_> = embedded(GameId::Neihuang)
        .puzzles
        .iter()
        .take(2)
        .cloned()
        .collect();
    progress.add_own(&own);
    progress
}

/// `neihuang-3`, `house-2-done`: a course, a step's number from 1, and how far to go.
fn parse_lesson(text: &str) -> Option<Demo> {
    let (rest, moment) = if let Some(rest) = text.strip_suffix("-wrong") {
        (rest, LessonMoment::Wrong)
    } else if let Some(rest) = text.strip_suffix("-done") {
        (rest, LessonMoment::Done)
    } else {
        (text, LessonMoment::Start)
    };
    let (course, number) = rest.rsplit_once('-')?;
    let course = Course::ALL.into_iter().find(|c| c.id() == course)?;
    let index = number.parse::<usize>().ok()?.checked_sub(1)?;
    (index < course.steps().len()).then_some(Demo::Lesson(course, index, moment))
}

/// The commands that open a newcomer's first puzzle of `game` and play a wrong try or its
/// solution by clicking the board.
fn puzzle_commands(game: GameId, moment: PuzzleMoment) -> Vec<Command> {
    let mut commands = vec![Command::OpenPuzzles(Some(game))];
    let progress = PuzzleProgress {
        game,
        ..PuzzleProgress::default()
    };
    let Some(puzzle) = progress.next_puzzle() else {
        return commands;
    };
    let Some(solver) = puzzle.solver() else {
        return commands;
    };
    let actions: Vec<Action> = match moment {
        PuzzleMoment::Start => Vec::new(),
        PuzzleMoment::Wrong => puzzle
            .start()
            .ok()
            .and_then(|g| {
                g.state()
                    .legal_vec()
                    .into_iter()
                    .find(|&a| a != puzzle.line[0])
            })
            .into_iter()
            .collect(),
        PuzzleMoment::Solved => {
            let mut state = puzzle.start().map(|g| *g.state()).ok();
            let mut mine = Vec::new();
            for &a in &puzzle.line {
                if let Some(s) = &mut state {
                    if s.to_act() == Some(solver) {
                        mine.push(a);
                    }
                    s.apply_unchecked(a);
                }
            }
            mine
        }
    };
    commands.extend(
        actions
            .into_iter()
            .flat_map(clicks)
            .map(Command::PuzzleClick),
    );
    commands
}

/// The commands that open a lesson step and play its wrong example or its solution by
/// clicking, as the learner would.
fn lesson_commands(course: Course, index: usize, moment: LessonMoment) -> Vec<Command> {
    let mut commands = vec![Command::OpenLessonStep(course, index)];
    let Some(step) = course.steps().get(index) else {
        return commands;
    };
    let actions = match moment {
        LessonMoment::Start => Vec::new(),
        LessonMoment::Wrong => step.wrong_action().into_iter().collect(),
        LessonMoment::Done => step.solution_actions(),
    };
    commands.extend(
        actions
            .into_iter()
            .flat_map(clicks)
            .map(Command::LessonClick),
    );
    commands
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
    fn the_analysed_game_is_legal_and_finished() {
        let mut played = Game::new(GameId::Flying);
        for action in parse_actions(ANALYSED_GAME).unwrap_or_default() {
            assert!(played.apply(action).is_ok(), "{action}");
        }
        assert!(played.status().is_over());
    }

    #[test]
    fn every_explained_turn_is_legal_and_takes_or_flips() {
        use crate::rules::explain::{Event, explain};
        for game in GameId::ALL {
            let actions = parse_actions(explained(game)).unwrap_or_default();
            let (last, rest) = actions.split_last().expect("actions");
            let mut played = Game::new(game);
            for action in rest {
                assert!(played.apply(*action).is_ok(), "{game}: {action}");
            }
            let before = *played.state();
            let effects = played.apply(*last).expect("legal");
            let event = explain(&before, &effects);
            assert!(!matches!(event, Event::Quiet), "{game}: {event:?}");
        }
        let mut blocked = Game::new(GameId::Neihuang);
        for action in parse_actions(BLOCKED).unwrap_or_default() {
            assert!(blocked.apply(action).is_ok(), "{action}");
        }
        assert!(crate::rules::explain::blocked_side(blocked.state()).is_some());
    }

    #[test]
    fn every_captured_turn_is_whites_and_leaves_black_to_act() {
        use crate::rules::{RemovalKind, Side};
        for game in GameId::ALL {
            let mut played = Game::new(game);
            let mut last_white_turn = Vec::new();
            for action in parse_actions(of_game(&CAPTURED, game)).unwrap_or_default() {
                let effects = played.apply(action).expect("legal");
                if effects.actor == Side::White {
                    last_white_turn.push(effects);
                } else {
                    last_white_turn.clear();
                }
            }
            assert_eq!(played.state().to_act(), Some(Side::Black), "{game}");
            let took = last_white_turn.iter().any(|e| {
                e.flipped != 0
                    || matches!(
                        e.removal,
                        Some(RemovalKind::Capture | RemovalKind::ReturnToHand)
                    )
            });
            assert!(took, "{game}");
        }
        for game in GameId::ALL {
            let mut played = Game::new(game);
            for action in parse_actions(of_game(&HINTED, game)).unwrap_or_default() {
                assert!(played.apply(action).is_ok(), "{game}: {action}");
            }
            assert_eq!(played.state().to_act(), Some(Side::Black), "{game}");
        }
    }

    #[test]
    fn names_parse() {
        assert_eq!(Demo::parse("flying-mid"), Some(Demo::Game(GameId::Flying)));
        assert_eq!(Demo::parse("rules-wudao"), Some(Demo::Rules(GameId::Wudao)));
        assert_eq!(Demo::parse(" Result "), Some(Demo::Result));
        assert_eq!(
            Demo::parse("explain-flying"),
            Some(Demo::Explain(GameId::Flying))
        );
        assert_eq!(Demo::parse("play-on"), Some(Demo::PlayOn));
        assert_eq!(Demo::parse("stats"), Some(Demo::Stats(GameId::Flying)));
        assert_eq!(Demo::parse("stats-wudao"), Some(Demo::Stats(GameId::Wudao)));
        assert_eq!(Demo::parse("watch"), Some(Demo::Watch));
        assert_eq!(Demo::parse("hint"), Some(Demo::Hint(GameId::Wudao)));
        assert_eq!(
            Demo::parse("hint-neihuang"),
            Some(Demo::Hint(GameId::Neihuang))
        );
        assert_eq!(
            Demo::parse("captured-flying"),
            Some(Demo::Captured(GameId::Flying))
        );
        assert_eq!(Demo::parse("nothing"), None);
        assert_eq!(
            Demo::parse("puzzle-wudao-wrong"),
            Some(Demo::Puzzle(GameId::Wudao, PuzzleMoment::Wrong))
        );
        assert_eq!(
            Demo::parse("puzzle-flying"),
            Some(Demo::Puzzle(GameId::Flying, PuzzleMoment::Start))
        );
        assert_eq!(
            Demo::parse("lesson-house-2-done"),
            Some(Demo::Lesson(Course::HouseRules, 1, LessonMoment::Done))
        );
        assert_eq!(
            Demo::parse("lesson-flying-1"),
            Some(Demo::Lesson(Course::Flying, 0, LessonMoment::Start))
        );
        assert_eq!(Demo::parse("lesson-flying-0"), None);
        assert_eq!(Demo::parse("lesson-flying-99"), None);
        assert_eq!(Demo::parse("lesson-chess-1"), None);
    }
}
