//! The app's commands that start, leave, open and export games, and change the settings of
//! the game on the screen and of the app.

use std::path::{Path, PathBuf};

use super::SanqiApp;
use crate::ai::Level;
use crate::app::banners::Banner;
use crate::app::command::{Done, Outcome};
use crate::app::error::AppError;
use crate::app::i18n::Language;
use crate::app::screens::Screen;
use crate::app::session::{Changed, Session};
use crate::app::settings::{ClockSetting, Opponent, SavedGame, Setup};
use crate::app::storage::{UtcTime, read_record_file, write_record_file};
use crate::rules::records::Metadata;
use crate::rules::{Game, Side};

impl SanqiApp {
    // ----- Starting and leaving games -----

    pub(super) fn start_game(&mut self, setup: Setup) -> Result<(), AppError> {
        self.start_in_place(setup, human_side_of(setup.opponent))
    }

    /// Starts a new game in place of the one on the screen, once the unfinished game it
    /// replaces (if any) is kept as a record.
    pub(super) fn start_in_place(
        &mut self,
        setup: Setup,
        human_side: Option<Side>,
    ) -> Result<(), AppError> {
        self.keep_unfinished(self.unfinished())?;
        self.start_with(setup, human_side);
        Ok(())
    }

    /// The game that is not over and would be lost if another took its place: the one being
    /// played (once it has an action), else the one set aside or saved in an earlier run.
    pub(super) fn unfinished(&self) -> Option<SavedGame> {
        match self.session.as_ref().filter(|s| s.is_live()) {
            Some(s) if !s.game().is_empty() => Some(s.saved()),
            Some(_) => None,
            None => self.saved.clone().filter(|g| !g.record.actions.is_empty()),
        }
    }

    /// Keeps `game`, about to be replaced, as a new record in the records folder and says
    /// where, so that it can be opened and played on. When the record cannot be written,
    /// nothing may replace the game: the error says why. (With a data folder that cannot be
    /// written, nothing is kept at all, as the notice at start said.)
    pub(super) fn keep_unfinished(&mut self, game: Option<SavedGame>) -> Result<(), AppError> {
        let Some(game) = game.filter(|_| self.keeps_files && self.store.is_writable()) else {
            return Ok(());
        };
        let mut record = game.record;
        record.metadata.date = Some(UtcTime::now().iso8601());
        let path = self
            .store
            .export_record(&record)
            .map_err(AppError::KeepGame)?;
        if let Ok(game) = record.replay() {
            self.history.add(&path, &record, &game);
        }
        self.add_banner(Banner::Kept(path));
        Ok(())
    }

    /// Keeps the game that has just ended as a new record in the records folder, for the
    /// game history. (Not when nothing can be written: the notice at start said so.)
    pub(super) fn keep_finished(&mut self) {
        if !self.keeps_files || !self.store.is_writable() {
            return;
        }
        let Some(s) = self.session.as_mut().filter(|s| !s.is_from_record()) else {
            return;
        };
        let record = s.record(UtcTime::now().iso8601());
        match self.store.export_record(&record) {
            Ok(path) => {
                self.history.add(&path, &record, s.game());
                s.set_kept(path);
            }
            Err(e) => self.add_banner(Banner::Error(AppError::KeepFinished(e))),
        }
    }

    pub(super) fn start_with(&mut self, mut setup: Setup, human_side: Option<Side>) {
        setup.opponent = setup.opponent.in_game(setup.game);
        self.computer.cancel();
        // A game here takes the online game's place: its connection closes.
        if self.online.take().is_some() {
            self.forget_online_seat();
        }
        self.after_game = None;
        self.remember_setup(setup);
        // A game the computer plays itself has no turn clock: nobody's time is up.
        if matches!(setup.opponent, Opponent::Watch { .. }) {
            setup.clock = ClockSetting::Off;
        }
        self.save_settings();
        let game = Game::new(setup.game);
        let mut session = Session::new(setup, human_side, game, self.options.time.clone());
        session.set_names(self.settings.names.clone());
        session.set_watch_pace(self.settings.watch_pace());
        self.session = Some(session);
        self.saved = None;
        self.screen = Screen::Game;
        self.dialogs.close_all();
        self.save_game();
    }

    pub(super) fn go_home(&mut self) {
        if let Some(s) = &mut self.session
            && !s.is_over()
            && s.review().is_none()
        {
            s.set_paused(true);
            self.save_game();
        }
        self.screen = Screen::Home;
    }

    pub(super) fn continue_game(&mut self) -> Result<(), AppError> {
        if !self.session.as_ref().is_some_and(Session::is_live) {
            let Some(saved) = self.saved.take() else {
                return Ok(());
            };
            let mut session =
                Session::restore(&saved, self.options.time.clone()).map_err(AppError::Resume)?;
            session.set_watch_pace(self.settings.watch_pace());
            self.session = Some(session);
        }
        if let Some(s) = &mut self.session {
            s.set_paused(false);
        }
        self.screen = Screen::Game;
        Ok(())
    }

    /// Stops the game in progress for good, once it is kept as a record (an unfinished one,
    /// in the history).
    pub(super) fn discard_game(&mut self) -> Result<(), AppError> {
        self.keep_unfinished(self.unfinished())?;
        if self.session.as_ref().is_some_and(Session::is_live) {
            self.computer.cancel();
            self.session = None;
        }
        // An online game set aside here is left: its connection closes.
        if self.online.take().is_some() {
            self.forget_online_seat();
        }
        self.saved = None;
        if self.keeps_files
            && let Err(e) = self.store.clear_game()
        {
            self.report_save_error(e);
        }
        Ok(())
    }

    /// Opens a record for review. Unless `replace` says the user agreed, a record that would
    /// replace a game in progress is only read, and [`Done::WouldReplace`] asks for the
    /// question.
    pub(super) fn open_record(&mut self, path: &Path, replace: bool) -> Outcome {
        let (record, game) = read_record_file(path).map_err(AppError::OpenRecord)?;
        let in_progress = self
            .session
            .as_ref()
            .is_some_and(|s| s.is_live() && !s.game().is_empty());
        if in_progress && !replace {
            return Ok(Done::WouldReplace(path.to_path_buf()));
        }
        self.review_game(game, record.metadata);
        Ok(Done::Ok)
    }

    /// Shows `game` for review; the game being played stays on offer for "Continue".
    pub(super) fn review_game(&mut self, game: Game, metadata: Metadata) {
        if let Some(s) = self.session.as_ref().filter(|s| s.is_live()) {
            self.saved = Some(s.saved());
        }
        self.computer.cancel();
        let clock = self.settings.last_setup.clock;
        self.session = Some(Session::of_record(
            game,
            metadata,
            clock,
            self.options.time.clone(),
        ));
        self.screen = Screen::Game;
        self.dialogs.close_modal();
    }

    /// Plays on from the reviewed position with `opponent` and `clock`. The game set aside
    /// when a record was opened over it is replaced, once it is kept as a record.
    pub(super) fn continue_from_review(
        &mut self,
        opponent: Opponent,
        clock: ClockSetting,
    ) -> Result<(), AppError> {
        if self.session.as_ref().is_none_or(|s| s.review().is_none()) {
            return Ok(());
        }
        let set_aside = self.saved.clone().filter(|g| !g.record.actions.is_empty());
        self.keep_unfinished(set_aside)?;
        let human_side = human_side_of(opponent);
        let names = self.settings.names.clone();
        let pace = self.settings.watch_pace();
        self.change_session(|s, _| {
            s.set_names(names);
            s.set_watch_pace(pace);
            s.continue_from_review(opponent, human_side, clock)
        });
        self.saved = None;
        if let (Opponent::Computer { level, .. }, Some(s)) = (opponent, &self.session) {
            self.settings.remember_level(s.setup().game, level);
            self.save_settings();
        }
        Ok(())
    }

    /// Writes the game's record to `path`, or to a new file in the records folder.
    pub(super) fn export_record(&mut self, path: Option<&PathBuf>) -> Result<PathBuf, AppError> {
        let s = self.session.as_ref().ok_or(AppError::NothingToExport)?;
        let record = s.record(UtcTime::now().iso8601());
        match path {
            Some(path) => {
                // A name typed alone goes into the records folder, which may not be there yet.
                if path.parent() == Some(self.store.records_dir().as_path()) {
                    self.store.create_records_dir().map_err(AppError::Export)?;
                }
                write_record_file(path, &record)
                    .map(|()| path.clone())
                    .map_err(AppError::Export)
            }
            None => {
                let path = self
                    .store
                    .export_record(&record)
                    .map_err(AppError::Export)?;
                self.history.add(&path, &record, s.game());
                Ok(path)
            }
        }
    }

    /// Writes a copy of the record in `from` to `to` (a file the user chose), as its record
    /// says, once it is read and replays.
    pub(super) fn export_file(&mut self, from: &Path, to: &Path) -> Result<PathBuf, AppError> {
        let (record, _) = read_record_file(from).map_err(AppError::OpenRecord)?;
        if to.parent() == Some(self.store.records_dir().as_path()) {
            self.store.create_records_dir().map_err(AppError::Export)?;
        }
        write_record_file(to, &record).map_err(AppError::Export)?;
        Ok(to.to_path_buf())
    }

    /// Remembers `setup` for the next new game: the game, the opponent, the level against the
    /// computer in that game and, unless the computer plays itself (it has none), the clock.
    fn remember_setup(&mut self, setup: Setup) {
        let clock = match setup.opponent {
            Opponent::Watch { .. } => self.settings.last_setup.clock,
            _ => setup.clock,
        };
        self.settings.last_setup = Setup { clock, ..setup };
        if let Opponent::Computer { level, side } = setup.opponent {
            self.settings.remember_level(setup.game, level);
            self.settings.side = side;
        }
    }

    // ----- Settings of the game and of the app -----

    pub(super) fn set_level(&mut self, side: Option<Side>, level: Level) {
        let Some(s) = &mut self.session else {
            return;
        };
        let changed = s.set_level(side, level);
        if changed == Changed::NOTHING {
            return;
        }
        let setup = Setup {
            clock: self.settings.last_setup.clock,
            ..s.setup()
        };
        self.remember_setup(setup);
        self.change_session(|_, _| changed);
        self.save_settings();
    }

    pub(super) fn set_clock(&mut self, clock: ClockSetting) {
        if self.session.as_ref().is_some_and(Session::is_watched) {
            return;
        }
        self.change_session(|s, _| s.set_clock(clock));
        self.settings.last_setup.clock = clock;
        self.save_settings();
    }

    pub(super) fn set_language(&mut self, language: Language) {
        self.i18n.set_language(language);
        self.options.language = None;
        self.settings.language = Some(language);
        self.save_settings();
    }
}

/// The person's side against the computer: the one chosen, or drawn at random.
fn human_side_of(opponent: Opponent) -> Option<Side> {
    match opponent {
        Opponent::Computer { side, .. } => Some(side.side().unwrap_or_else(|| {
            if rand::random::<bool>() {
                Side::Black
            } else {
                Side::White
            }
        })),
        _ => None,
    }
}
