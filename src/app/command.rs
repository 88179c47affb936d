//! What the user can ask for. Screens, dialogs and keyboard shortcuts only draw and report
//! [`Command`]s; [`SanqiApp::apply`](super::SanqiApp::apply) is the one place that carries
//! them out.

use std::path::PathBuf;

use super::error::AppError;
use super::i18n::Language;
use super::lessons::Course;
use super::link::Link;
use super::settings::{
    AnimationSpeed, BoardStyle, ClockSetting, Opponent, PieceStyle, PlayerNames, Setup, TextSize,
    ThemeChoice,
};
use crate::ai::Level;
use crate::learn::puzzles::Theme;
use crate::rules::{GameId, Point, Side};

/// A dialog to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Open {
    /// The new-game dialog, for a game if given (else the last one played).
    NewGame(Option<GameId>),
    /// The settings window.
    Settings,
    /// Save the game on the screen as a record, or open one.
    Records,
    /// Open a record file by its path or through the system's chooser.
    OpenRecordFile,
    /// Export a copy of this record file.
    ExportRecordFile(PathBuf),
    /// The rules window of a game, on a part of it.
    Rules(GameId, RulesTab),
    /// A question to confirm.
    Confirm(Question),
    /// The result of the game that just ended.
    Result,
    /// Who plays on from the reviewed position.
    PlayOn,
    /// Play a friend online: invite (for a game, if given), or join with a code or link.
    Friend {
        /// The game to invite to.
        game: Option<GameId>,
        /// The code or link to join with, to join.
        join: Option<String>,
    },
}

/// A part of the rules window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesTab {
    /// The rules in a few lines.
    KeyPoints,
    /// Steps for a first game.
    QuickStart,
    /// The full rules.
    FullRules,
    /// Where this app decides what the traditional rules leave open.
    HouseRules,
    /// The pages the three games share: draws, the clock, the notation.
    Common,
    /// Positions that show the rules at work.
    Diagrams,
}

impl RulesTab {
    /// Every part, in the order the window offers them.
    pub const ALL: [RulesTab; 6] = [
        RulesTab::KeyPoints,
        RulesTab::QuickStart,
        RulesTab::FullRules,
        RulesTab::HouseRules,
        RulesTab::Common,
        RulesTab::Diagrams,
    ];

    /// The locale key of the part's title.
    pub fn key(self) -> &'static str {
        match self {
            RulesTab::KeyPoints => "rules.tab_key_points",
            RulesTab::QuickStart => "rules.tab_quick_start",
            RulesTab::FullRules => "rules.tab_full",
            RulesTab::HouseRules => "rules.tab_house",
            RulesTab::Common => "rules.tab_common",
            RulesTab::Diagrams => "rules.tab_diagrams",
        }
    }
}

/// A question to confirm before acting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Resign the game on the screen.
    Resign,
    /// Forget the saved game.
    Discard,
    /// Build the Flying table now (offered the first time Master plays Flying without it).
    BuildTable,
    /// Whether the person is still there, once their clock has run out on two of their turns
    /// in a row against the computer (the game is stopped meanwhile): go on, or leave it.
    StillThere,
    /// Open this record in place of the game in progress (which is set aside for
    /// "Continue"), and analyse it if `analyse`.
    OpenRecord {
        /// The record file.
        path: PathBuf,
        /// Whether to analyse it once open.
        analyse: bool,
    },
}

/// A board option of the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardOption {
    /// Pieces move, flip and disappear with animations.
    Animations,
    /// White at the bottom.
    Flip,
    /// Letters and numbers around the board.
    Coordinates,
}

/// Something the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // ----- Screens and dialogs -----
    /// Opens a dialog (one of its kind already open adapts, or is replaced).
    Open(Open),
    /// Opens a dialog, or closes it if it is open.
    Toggle(Open),
    /// Escape: closes the topmost dialog, or else drops the selection, the hint and the message
    /// about the last try.
    Back,
    /// Goes back to the home screen; a game in progress is paused and kept.
    GoHome,
    /// Shows the game history (the records folder), read again; a game in progress is
    /// paused and kept.
    OpenHistory,
    /// Removes a message from the top of the window.
    DismissBanner(usize),
    /// Shows the statistics of a game (of the last one played, if none is given).
    OpenStats(Option<GameId>),

    // ----- Games -----
    /// Starts a new game.
    StartGame(Setup),
    /// Makes an online game for a friend to join.
    InviteFriend(FriendGame),
    /// Joins a friend's online game by its code or its invitation's link.
    JoinFriend {
        /// The code, or the link.
        code: String,
        /// The person's name.
        name: String,
        /// The server typed (empty: the usual one).
        server: String,
    },
    /// Copies the online game's invitation link.
    CopyInvitation,
    /// Tries to reach the online game's server again now.
    Reconnect,
    /// Leaves the online game (its connection closes; the seat stays on the server).
    LeaveOnline,
    /// Claims the online game from a friend who left (away, two turns passed by the clock).
    ClaimOnline,
    /// The same game again, with the colours swapped.
    Rematch,
    /// The same game again against the computer at another level (the level a result
    /// suggests), the person keeping their side.
    PlayLevel(Level),
    /// Resumes the game in progress (in memory or saved).
    ContinueGame,
    /// Forgets the game in progress.
    DiscardGame,
    /// Opens a record file for review; if it would replace a game in progress, only reads it
    /// and answers [`Done::WouldReplace`] so that the user can be asked first.
    OpenRecord(PathBuf),
    /// Opens a record file for review in place of the game in progress, which is set aside
    /// for "Continue" (the user said yes).
    ReplaceWithRecord(PathBuf),
    /// Writes the game on the screen to a new record file in the records folder.
    ExportRecord,
    /// Writes the game on the screen to this record file, chosen by the user.
    ExportRecordTo(PathBuf),
    /// Writes a copy of the record file `.0` to the file `.1`, chosen by the user.
    ExportFileTo(PathBuf, PathBuf),
    /// Opens a record file for review, as [`Command::OpenRecord`] does, and analyses it.
    AnalyseRecord(PathBuf),
    /// Deletes a record of the game history (the deletion can be undone for a while).
    DeleteRecord(PathBuf),
    /// Brings back the record deleted last.
    UndoDeleteRecord,
    /// Opens what a shared link holds: a game for review at its last position (the game in
    /// progress is set aside for "Continue"), or a shipped puzzle.
    OpenLink(Link),
    /// Copies the link of the game on the screen (`None`) or of a record file.
    CopyLink(Option<PathBuf>),
    /// Copies the link of the puzzle on the screen.
    CopyPuzzleLink,

    // ----- Playing -----
    /// A click on a point of the live board (or Enter or Space on the board's cursor).
    Click(Point),
    /// A piece of the live board dragged from one point and dropped on another.
    DragMove(Point, Point),
    /// Takes back an action (against the computer, back to the person's last turn).
    Undo,
    /// Plays an undone action again.
    Redo,
    /// Asks the computer for a suggestion.
    Hint,
    /// Pauses or resumes the clock and the computer.
    TogglePause,
    /// The person is back after their absence stopped the game (the answer to
    /// [`Question::StillThere`]): it goes on.
    StillHere,
    /// Resigns the game on the screen (after [`Question::Resign`]).
    Resign,
    /// Changes the computer's level for a side (`None`: the single computer opponent).
    SetLevel(Option<Side>, Level),
    /// Changes the turn clock of the game on the screen and of the next games.
    SetClock(ClockSetting),
    /// Remembers the names people play under (for the next game, and its record).
    SetPlayerNames(PlayerNames),
    /// Changes how long each action takes when the computer plays itself, in milliseconds
    /// (the game on the screen and the next ones).
    SetWatchPace(u32),
    /// While a game the computer plays itself is paused: plays its next action.
    StepWatch,

    // ----- Review -----
    /// Enters review mode where the game ended.
    Review,
    /// Shows the position after this many actions.
    ReviewTo(usize),
    /// Leaves review mode.
    ExitReview,
    /// Plays on from the reviewed position with this opponent (the person's side against
    /// the computer is drawn if it is [`SideChoice::Random`](super::settings::SideChoice))
    /// and this clock.
    ContinueFromReview(Opponent, ClockSetting),
    /// Analyses the reviewed game in the background.
    Analyse,
    /// Stops the analysis under way.
    CancelAnalysis,

    // ----- Settings -----
    /// Switches the interface language and remembers the choice.
    SetLanguage(Language),
    /// Turns a board option on or off.
    SetBoardOption(BoardOption, bool),
    /// Starts building the Flying table, or resumes a build that was cancelled.
    BuildTable,
    /// Stops the build of the Flying table; its checkpoint is kept for a resume.
    CancelTableBuild,
    /// "Not now" to the offer to build the table: it is not offered again.
    DeclineTableBuild,
    /// Whether the clock and the computer wait while the window is in the background.
    SetPauseInBackground(bool),
    /// Turns the sounds on or off.
    SetSound(bool),
    /// Sets how loud the sounds are, from 0 to 100.
    SetVolume(u8),
    /// Plays a sound at the volume set, to hear it.
    PreviewSound,
    /// Light, dark, or as the system prefers.
    SetTheme(ThemeChoice),
    /// How the board is drawn, everywhere a board is.
    SetBoardStyle(BoardStyle),
    /// How the pieces are drawn, everywhere they are.
    SetPieceStyle(PieceStyle),
    /// Turns the animations on at this speed.
    SetAnimationSpeed(AnimationSpeed),
    /// How large the interface's text is.
    SetTextSize(TextSize),

    // ----- Lessons -----
    /// Opens the lessons of a course, at its first step not done yet.
    OpenLessons(Course),
    /// Opens one step of a course (by its index).
    OpenLessonStep(Course, usize),
    /// A click on a point of the lesson's board.
    LessonClick(Point),
    /// A piece dragged on the lesson's board, from the first point to the second.
    LessonDrag(Point, Point),
    /// Starts the step again from its prepared position.
    RestartLessonStep,
    /// Points at an action that does what the step asks.
    ShowLessonMove,
    /// Starts the turn clock of the step about the clock.
    StartLessonClock,

    // ----- Puzzles -----
    /// Opens the puzzles: the one under way, else the next of the game chosen (of `game`,
    /// if given).
    OpenPuzzles(Option<GameId>),
    /// Opens the next puzzle made from the player's own games.
    OpenOwnPuzzles,
    /// Chooses the game of the puzzles, and opens its next puzzle.
    SetPuzzleGame(GameId),
    /// Chooses a theme (or any), and opens its next puzzle.
    SetPuzzleTheme(Option<Theme>),
    /// Opens the next puzzle.
    NextPuzzle,
    /// A click on a point of the puzzle's board.
    PuzzleClick(Point),
    /// A piece dragged on the puzzle's board, from the first point to the second.
    PuzzleDrag(Point, Point),
    /// Takes a refuted try back and shows the solution.
    ShowPuzzleSolution,
    /// Takes a refuted try back to try again (or, once a missed puzzle's solution was shown,
    /// starts it again).
    RetryPuzzle,
    /// Plays the next action of the solution being shown.
    PuzzleSolutionStep,
    /// Looks for puzzles among the mistakes of the analysed game, and opens the first.
    LearnFromMistakes,
}

/// An online game a person makes for a friend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendGame {
    /// The game.
    pub game: GameId,
    /// The person's side; none for one drawn by the server.
    pub side: Option<Side>,
    /// The turn clock.
    pub clock: ClockSetting,
    /// The person's name.
    pub name: String,
    /// The server typed (empty: the usual one).
    pub server: String,
}

/// What a command that can fail gave back.
#[derive(Clone, Debug, PartialEq)]
pub enum Done {
    /// The command was carried out (or had nothing to do).
    Ok,
    /// The record was written to this file.
    Exported(PathBuf),
    /// The record can be opened, but it would replace the game in progress: nothing was
    /// done yet.
    WouldReplace(PathBuf),
}

/// The outcome of [`SanqiApp::apply`](super::SanqiApp::apply).
pub type Outcome = Result<Done, AppError>;
