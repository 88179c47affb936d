//! [`View`]: what the screens and dialogs may read of the app while they draw. They get it
//! by shared reference and answer with commands, so none of them needs the app itself.

use std::path::{Path, PathBuf};

use super::analysis::GameAnalysis;
use super::banners::Banner;
use super::flying_table::{BuildState, TableState};
use super::history::History;
use super::i18n::I18n;
use super::lessons::LessonProgress;
use super::local_time::Zone;
use super::online::OnlinePlay;
use super::puzzles::PuzzleProgress;
use super::rating::AfterGame;
use super::session::Session;
use super::settings::{
    COMPUTER_PLAYER, MAX_NAME_CHARS, Opponent, Settings, Setup, Stats, UNNAMED_PLAYER,
};
use super::text::{game_name, level_name, side_name};
use crate::rules::Side;
use crate::rules::records::Player;

/// The game the home screen offers to continue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resumable {
    /// How it was set up.
    pub setup: Setup,
    /// The person's side against the computer.
    pub human_side: Option<Side>,
    /// The number of moves played, as the move list numbers them.
    pub moves: usize,
}

/// The app's state as the screens and dialogs see it for one frame.
pub struct View<'a> {
    /// The interface's text.
    pub i18n: &'a I18n,
    /// The Chinese text, for the games' Chinese names in any language.
    pub chinese: &'a I18n,
    /// The settings.
    pub settings: &'a Settings,
    /// The statistics.
    pub stats: &'a Stats,
    /// The lesson steps done.
    pub lessons: &'a LessonProgress,
    /// The puzzles' progress.
    pub puzzles: &'a PuzzleProgress,
    /// Whether puzzles are being looked for among the analysed game's mistakes.
    pub looking_for_mistakes: bool,
    /// How many puzzles the last look among the analysed game's mistakes found.
    pub mistakes_found: Option<usize>,
    /// The game on the screen, if any.
    pub session: Option<&'a Session>,
    /// The game "Continue" resumes: the one in memory, else a saved one.
    pub resumable: Option<Resumable>,
    /// The data folder, if there is one.
    pub data_dir: Option<&'a Path>,
    /// Where exported records go.
    pub records_dir: PathBuf,
    /// Whether the result dialog is open.
    pub result_open: bool,
    /// What the last rated game did to the person's rating, until another game starts.
    pub after_game: Option<AfterGame>,
    /// The analysis of the game on the screen, if one was started for it as it stands.
    pub analysis: Option<&'a GameAnalysis>,
    /// The Flying table and its build, for the settings.
    pub table: &'a TableView,
    /// The game history.
    pub history: &'a History,
    /// The zone dates are shown in.
    pub zone: Zone,
    /// The notices at the top of the window (over the board while a game is on).
    pub banners: &'a [Banner],
    /// The online game's connection and client, while there is one.
    pub online: Option<&'a OnlinePlay>,
}

/// The Flying table as the settings show it.
#[derive(Clone)]
pub struct TableView {
    /// Whether there is a table, and whether it can be used.
    pub state: TableState,
    /// The build in progress or the last one of this run, if any.
    pub build: Option<BuildState>,
    /// Why the last build failed.
    pub build_error: Option<String>,
    /// Whether a cancelled build left a checkpoint to resume from.
    pub resumable: bool,
}

impl View<'_> {
    /// The game on the screen if it is being played (not finished, not a record).
    pub fn live_session(&self) -> Option<&Session> {
        self.session.filter(|s| s.is_live())
    }

    /// The game that would be kept as a record if a new one took its place: the one
    /// "Continue" resumes, once it has an action.
    pub fn unfinished(&self) -> Option<Resumable> {
        self.resumable.filter(|r| r.moves > 0)
    }

    /// The unfinished game in a few words: "Square Flying Chess · 3 moves played".
    pub fn unfinished_text(&self) -> Option<String> {
        let game = self.unfinished()?;
        let i18n = self.i18n;
        let moves = moves_played(i18n, game.moves);
        Some(format!("{} · {moves}", game_name(i18n, game.setup.game)))
    }

    /// Whether the board of `s` is drawn from White's side: the person's side below, in the
    /// review of a record too (as the game was played).
    pub fn board_flipped(&self, s: &Session) -> bool {
        let person = s
            .person_side()
            .or_else(|| s.recorded_players().and_then(|(_, side)| side));
        let white_below = person == Some(Side::White);
        white_below != self.settings.flip_board
    }

    /// Who plays a side, as the name plates say it: "You", "Mei", "Computer · Hard",
    /// "Black"; in a record under review, whoever its file names.
    pub fn player_label(&self, s: &Session, side: Side) -> String {
        let i18n = self.i18n;
        if s.is_from_record() {
            return match s.recorded_player(side) {
                Some(player) => recorded_player_label(i18n, player)
                    .unwrap_or_else(|| side_name(i18n, side).to_string()),
                None => side_name(i18n, side).to_string(),
            };
        }
        let opponent = s.setup().opponent;
        match (opponent, s.computer_level(side)) {
            (_, Some(level)) => {
                i18n.format("player.computer", &[("level", &level_name(i18n, level))])
            }
            _ => match s.names().of(opponent, s.human_side(), side) {
                Some(name) => name.to_string(),
                None if matches!(opponent, Opponent::Computer { .. }) => {
                    i18n.t("player.you").to_string()
                }
                None => side_name(i18n, side).to_string(),
            },
        }
    }
}

/// How many moves a game has had, as its move list numbers them: "1 move played", "4 moves
/// played".
pub fn moves_played(i18n: &I18n, moves: usize) -> String {
    let key = if moves == 1 {
        "home.actions_played_one"
    } else {
        "home.actions_played"
    };
    i18n.format(key, &[("n", &moves)])
}

/// A record's player as the interface names them: "Computer · Hard" (a level this build does
/// not know by its id), a person's name, or `None` for a person who gave none.
pub fn recorded_player_label(i18n: &I18n, player: &Player) -> Option<String> {
    match (&player.level, &player.name) {
        (Some(id), _) => {
            let level = match crate::ai::Level::parse(id) {
                Some(level) => level_name(i18n, level),
                None => crate::echo::one_line(id, 24),
            };
            Some(i18n.format("player.computer", &[("level", &level)]))
        }
        (None, Some(name)) if name != UNNAMED_PLAYER && name != COMPUTER_PLAYER => {
            Some(crate::echo::one_line(name, MAX_NAME_CHARS))
        }
        _ => None,
    }
}
