//! The app's commands that open puzzles, and what a change to a puzzle asks of the app: its
//! result rated and kept, where it stands saved (so that a restart goes on from there); and
//! the search for puzzles among the mistakes of an analysed game.

use std::sync::Arc;
use std::time::Duration;

use super::SanqiApp;
use crate::app::error::AppError;
use crate::app::puzzles::mistakes::{self, MistakeSearch};
use crate::app::puzzles::{PuzzleChanged, PuzzleEnv, PuzzleRun};
use crate::app::screens::Screen;
use crate::app::session::Moment;
use crate::learn::puzzles::{Puzzle, Theme};
use crate::rules::{GameId, Side};

impl SanqiApp {
    fn puzzle_env(&self) -> PuzzleEnv {
        let ctx = self.ctx.clone();
        PuzzleEnv {
            time: self.options.time.clone(),
            ai: self.options.ai,
            seed: self.options.seed.unwrap_or_else(rand::random::<u64>),
            reply_delay: if self.options.demo.is_some() {
                Duration::ZERO
            } else {
                self.step_delay() * 2
            },
            notify: Arc::new(move || ctx.request_repaint()),
        }
    }

    /// Shows `puzzle` with `played` actions of its line done; a game being played is paused
    /// and kept, as on the home screen.
    pub(super) fn show_puzzle(
        &mut self,
        puzzle: Puzzle,
        played: usize,
        failed: bool,
        retry: bool,
    ) -> Result<(), AppError> {
        let run = PuzzleRun::new(puzzle, played, failed, retry, self.puzzle_env())
            .ok_or(AppError::PuzzleUnavailable)?;
        self.go_home();
        self.puzzles.current = Some(run.current());
        self.puzzle = Some(run);
        self.screen = Screen::Puzzles;
        self.dialogs.close_modal();
        self.save_puzzles();
        Ok(())
    }

    /// Opens the puzzle under way, else the next one (of `game`, if given).
    pub(super) fn open_puzzles(&mut self, game: Option<GameId>) -> Result<(), AppError> {
        if let Some(game) = game {
            self.puzzles.game = game;
        }
        let current = self
            .puzzles
            .current
            .clone()
            .and_then(|c| Some((self.puzzles.find(&c.id)?, c)))
            .filter(|(p, _)| game.is_none_or(|g| p.game == g));
        match current {
            Some((puzzle, c)) => self.show_puzzle(puzzle, c.played, c.failed, c.retry),
            None => self.next_puzzle(),
        }
    }

    /// Opens the next puzzle of the game and theme chosen.
    pub(super) fn next_puzzle(&mut self) -> Result<(), AppError> {
        let puzzle = self
            .puzzles
            .next_puzzle()
            .ok_or(AppError::PuzzleUnavailable)?;
        self.show_puzzle(puzzle, 0, false, false)
    }

    /// Opens the next puzzle from the player's own games.
    pub(super) fn open_own_puzzle(&mut self) -> Result<(), AppError> {
        let puzzle = self.puzzles.next_own().ok_or(AppError::PuzzleUnavailable)?;
        self.show_puzzle(puzzle, 0, false, false)
    }

    pub(super) fn set_puzzle_game(&mut self, game: GameId) -> Result<(), AppError> {
        self.puzzles.game = game;
        if self
            .puzzles
            .theme()
            .is_some_and(|t| !Theme::of_game(game).contains(&t))
        {
            self.puzzles.theme = None;
        }
        self.next_puzzle()
    }

    pub(super) fn set_puzzle_theme(&mut self, theme: Option<Theme>) -> Result<(), AppError> {
        self.puzzles.theme = theme.map(|t| t.id().to_string());
        self.next_puzzle()
    }

    /// Changes the puzzle on the screen; a first result is rated and kept, and where the
    /// puzzle stands is saved.
    pub(super) fn change_puzzle(
        &mut self,
        change: impl FnOnce(&mut PuzzleRun, Moment) -> PuzzleChanged,
    ) {
        let at = self.moment();
        let Some(run) = &mut self.puzzle else {
            return;
        };
        let changed = change(run, at);
        if let Some(solved) = changed.result {
            self.puzzles.record(run.puzzle(), solved);
        }
        if changed.save || changed.result.is_some() {
            self.puzzles.current = Some(run.current());
            self.save_puzzles();
        }
    }

    pub(super) fn save_puzzles(&mut self) {
        if !self.keeps_files {
            return;
        }
        if let Err(e) = self.store.save_puzzles(&self.puzzles) {
            self.report_save_error(e);
        }
    }

    /// Asks for the next frame when the puzzle will change: an animation, a reply along the
    /// line, the computer's refutation.
    pub(super) fn schedule_puzzle_repaint(&self) {
        let Some(run) = &self.puzzle else {
            return;
        };
        let now = self.ctx.input(|i| i.time);
        if run.has_ready_reply() || run.session().is_animating(now) || run.computer_busy() {
            self.ctx.request_repaint();
        }
        if let Some(wait) = run.next_change() {
            self.ctx.request_repaint_after(wait);
        }
    }

    /// Starts looking for puzzles among the mistakes of the analysed game: the person's (both
    /// sides' when two people played or the record does not say).
    pub(super) fn learn_from_mistakes(&mut self) {
        let (Some(s), Some(report)) = (
            &self.session,
            self.analysis.as_ref().and_then(|a| a.report()),
        ) else {
            return;
        };
        let sides: Vec<Side> = match s
            .human_side()
            .or_else(|| s.recorded_players().and_then(|p| p.1))
        {
            Some(side) => vec![side],
            None => Side::BOTH.to_vec(),
        };
        let starts = mistakes::candidates(s.game(), report, &sides);
        let table = (s.setup().game == GameId::Flying)
            .then(|| self.flying_table.table())
            .flatten()
            .map(|t| t as Arc<dyn crate::ai::analysis::ExactValues>);
        let ctx = self.ctx.clone();
        self.mistakes_found = None;
        self.mistakes = Some(MistakeSearch::start(
            starts,
            table,
            self.options.ai,
            move || ctx.request_repaint(),
        ));
    }

    /// Takes the search's puzzles once it is done: they are kept, and the first opens.
    pub(super) fn watch_mistakes(&mut self) {
        let Some(found) = self.mistakes.as_ref().and_then(MistakeSearch::take) else {
            return;
        };
        self.mistakes = None;
        self.mistakes_found = Some(found.len());
        if found.is_empty() {
            return;
        }
        self.puzzles.add_own(&found);
        self.save_puzzles();
        let _ = self.open_own_puzzle();
    }
}
