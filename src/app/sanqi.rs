//! [`SanqiApp`]: the shell of the desktop app. It owns the state (the store, the settings,
//! the statistics, the game on the screen, the computer opponent, the screens and the open
//! dialogs), runs each frame (first the game advances by itself: the computer's replies and
//! planned actions, the turn clock; then the screen and its dialogs are drawn) and carries
//! out the commands they return in one place, [`SanqiApp::apply`].

use super::banners::{Banner, banners_ui};
use super::command::{BoardOption, Command, Done, Open, Outcome};
use super::computer::Computer;
use super::demo::{Demo, Staging};
use super::dialogs::{DialogStack, Opening};
use super::error::AppError;
use super::i18n::{I18n, Language, system_language};
use super::launch::{AppOptions, Launch};
use super::lessons::{Lesson, LessonProgress};
use super::screens::Screen;
use super::screens::game::GameScreen;
use super::screens::home::HomeScreen;
use super::screens::lesson::{LessonScreen, rules_page};
use super::session::{Changed, Hold, Moment, Purpose, Session};
use super::settings::{SavedGame, Settings, Stats};
use super::shortcuts::shortcuts;
use super::storage::{Store, StoreError};
use super::view::{Resumable, View};
use super::{fonts, theme};
use std::time::Duration;

use crate::ai::Level;
use crate::rules::Side;

mod games;
mod lessons;

/// The level the hint button asks for.
pub const HINT_LEVEL: Level = Level::Hard;

/// The Sanqi desktop app.
pub struct SanqiApp {
    ctx: egui::Context,
    store: Store,
    options: AppOptions,
    /// Whether the user's files are read and written (not while demonstrating).
    keeps_files: bool,
    i18n: I18n,
    /// The Chinese text, for the games' Chinese names in any language.
    chinese: I18n,
    settings: Settings,
    stats: Stats,
    /// A game saved in an earlier run, offered on the home screen.
    saved: Option<SavedGame>,
    session: Option<Session>,
    /// The lesson steps done.
    lessons: LessonProgress,
    /// The lesson step on the screen.
    lesson: Option<Lesson>,
    banners: Vec<Banner>,
    computer: Computer,
    screen: Screen,
    home: HomeScreen,
    game_screen: GameScreen,
    lesson_screen: LessonScreen,
    dialogs: DialogStack,
}

impl SanqiApp {
    /// The app on `ctx`, keeping its files in `store`.
    pub fn new(ctx: &egui::Context, store: Store, options: AppOptions) -> SanqiApp {
        SanqiApp::launch(ctx, Launch::new(store, options))
    }

    /// The app on `ctx`, from what was loaded before the window opened.
    pub fn launch(ctx: &egui::Context, launch: Launch) -> SanqiApp {
        fonts::install(ctx);
        theme::apply(ctx);
        let Launch {
            store,
            stored,
            options,
        } = launch;
        let language = options
            .language
            .or(stored.settings.language)
            .unwrap_or_else(system_language);
        let notify_ctx = ctx.clone();
        let seed = options.seed.unwrap_or_else(rand::random::<u64>);
        let computer = Computer::new(options.ai, seed, move || notify_ctx.request_repaint());
        let staging = options.demo.map(Demo::staging);
        let stats = match &staging {
            Some(staging) => staging.stats.clone(),
            None => stored.stats,
        };
        let mut app = SanqiApp {
            ctx: ctx.clone(),
            store,
            keeps_files: options.demo.is_none(),
            i18n: I18n::new(language),
            chinese: I18n::new(Language::Chinese),
            settings: stored.settings,
            stats,
            saved: stored.saved,
            session: None,
            lessons: stored.lessons,
            lesson: None,
            screen: Screen::Home,
            banners: stored.notices.into_iter().map(Banner::Store).collect(),
            computer,
            home: HomeScreen::default(),
            game_screen: GameScreen::default(),
            lesson_screen: LessonScreen,
            dialogs: DialogStack::default(),
            options,
        };
        if let Some(staging) = staging {
            app.stage(staging);
        }
        app
    }

    /// Sets up a demonstration: its game, then its commands.
    fn stage(&mut self, staging: Staging) {
        if let Some((setup, actions)) = staging.game {
            self.start_with(setup, Some(Side::Black));
            if let Some(s) = &mut self.session {
                s.play_through(&actions);
            }
        }
        let mut exported = None;
        for command in staging.commands {
            // A demonstration's commands are its own; an error would show as a banner.
            if let Ok(Done::Exported(path)) = self.apply(command) {
                exported = Some(path);
            }
            // A lesson's scripted replies come at once, so that the next click is taken.
            self.change_lesson(|l, at| l.advance(at));
        }
        if let Some(path) = exported.filter(|_| staging.open_export) {
            let _ = self.apply(Command::OpenRecord(path));
        }
    }

    // ----- What tests read -----

    /// The game on the screen, if any.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The settings as they are now.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The statistics as they are now.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The interface language.
    pub fn language(&self) -> Language {
        self.i18n.language()
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Whether the computer is searching for its move right now.
    pub fn computer_thinking(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(Session::computer_thinking)
    }

    /// The messages at the top of the window.
    pub fn banners(&self) -> &[Banner] {
        &self.banners
    }

    /// The lesson step on the screen, if any.
    pub fn lesson(&self) -> Option<&Lesson> {
        self.lesson.as_ref()
    }

    /// The lesson steps done.
    pub fn lesson_progress(&self) -> &LessonProgress {
        &self.lessons
    }

    // ----- The one place that carries out commands -----

    /// Carries out a command; then the dialogs hear how it went, an error no dialog showed
    /// becomes a banner, and a game that ended is counted and its result shown.
    pub fn apply(&mut self, command: Command) -> Outcome {
        let outcome = self.carry_out(&command);
        if self.screen != Screen::Learn {
            self.lesson = None;
        }
        let shown = self.dialogs.hear(&command, &outcome);
        self.hold_game();
        if let Err(error) = &outcome
            && !shown
        {
            self.add_banner(Banner::Error(error.clone()));
        }
        self.after_change();
        self.ctx.request_repaint();
        outcome
    }

    fn carry_out(&mut self, command: &Command) -> Outcome {
        match command {
            Command::Open(request) => self.open_dialog(*request),
            Command::Toggle(request) => {
                let list_records = || self.store.list_records();
                let opening = Opening {
                    last_setup: self.settings.last_setup,
                    list_records: &list_records,
                    file_chooser: self.options.file_chooser,
                };
                self.dialogs.toggle(*request, &opening);
            }
            Command::Back => {
                if !self.dialogs.close_top() {
                    match (self.screen, &mut self.lesson, &mut self.session) {
                        (Screen::Learn, Some(lesson), _) => lesson.deselect(),
                        (_, _, Some(s)) => s.deselect(),
                        _ => {}
                    }
                }
            }
            Command::GoHome => self.go_home(),
            Command::DismissBanner(i) => {
                if *i < self.banners.len() {
                    self.banners.remove(*i);
                }
            }
            Command::StartGame(setup) => self.start_game(*setup),
            Command::Rematch => {
                if let Some((setup, human_side)) = self.session.as_ref().map(Session::rematch_setup)
                {
                    self.start_with(setup, human_side);
                }
            }
            Command::ContinueGame => self.continue_game()?,
            Command::DiscardGame => self.discard_game(),
            Command::OpenRecord(path) => return self.open_record(path, false),
            Command::ReplaceWithRecord(path) => return self.open_record(path, true),
            Command::ExportRecord => return self.export_record(None).map(Done::Exported),
            Command::ExportRecordTo(path) => {
                return self.export_record(Some(path)).map(Done::Exported);
            }
            Command::Click(p) => self.change_session(|s, at| s.click(*p, at)),
            Command::DragMove(from, to) => self.change_session(|s, at| s.drag_move(*from, *to, at)),
            Command::Undo => self.change_session(|s, _| s.undo()),
            Command::Redo => self.change_session(|s, at| s.redo(at)),
            Command::Hint => {
                if self.session.as_ref().is_some_and(Session::can_hint) {
                    self.ask_computer(Purpose::Hint, HINT_LEVEL);
                }
            }
            Command::TogglePause => self.change_session(|s, _| s.toggle_pause()),
            Command::Resign => self.change_session(|s, _| s.resign()),
            Command::SetLevel(side, level) => self.set_level(*side, *level),
            Command::SetClock(clock) => self.set_clock(*clock),
            Command::Review => {
                if let Some(s) = &mut self.session {
                    s.review_from_start();
                }
                self.dialogs.close(Open::Result);
            }
            Command::ReviewTo(n) => {
                if let Some(s) = &mut self.session {
                    s.review_to(*n);
                }
            }
            Command::ExitReview => {
                if let Some(s) = &mut self.session {
                    s.exit_review();
                }
            }
            Command::ContinueFromReview(opponent, clock) => {
                self.continue_from_review(*opponent, *clock)
            }
            Command::SetLanguage(language) => self.set_language(*language),
            Command::SetPauseInBackground(on) => {
                self.settings.pause_in_background = *on;
                self.save_settings();
            }
            Command::SetBoardOption(option, on) => {
                let setting = match option {
                    BoardOption::Animations => &mut self.settings.animations,
                    BoardOption::Flip => &mut self.settings.flip_board,
                    BoardOption::Coordinates => &mut self.settings.show_coordinates,
                };
                *setting = *on;
                self.save_settings();
            }
            Command::OpenLessons(course) => {
                let index = self.lessons.next_step(*course);
                self.open_lesson(*course, index)?;
            }
            Command::OpenLessonStep(course, index) => self.open_lesson(*course, *index)?,
            Command::LessonClick(p) => self.change_lesson(|l, at| l.click(*p, at)),
            Command::LessonDrag(from, to) => {
                self.change_lesson(|l, at| l.drag(*from, *to, at));
            }
            Command::RestartLessonStep => {
                if let Some((course, index)) = self.lesson.as_ref().map(|l| (l.course(), l.index()))
                {
                    self.open_lesson(course, index)?;
                }
            }
            Command::ShowLessonMove => {
                if let Some(lesson) = &mut self.lesson {
                    lesson.show_me();
                }
            }
            Command::StartLessonClock => {
                if let Some(lesson) = &mut self.lesson {
                    lesson.start_clock();
                }
            }
        }
        Ok(Done::Ok)
    }

    /// Changes the game on the screen through one of its methods, then does what the change
    /// asks: stops the computer's search, saves the game.
    fn change_session(&mut self, change: impl FnOnce(&mut Session, Moment) -> Changed) {
        let at = Moment {
            ui_time: self.ctx.input(|i| i.time),
            animate: self.settings.animations,
        };
        let Some(s) = &mut self.session else {
            return;
        };
        let changed = change(s, at);
        if changed.stop_search {
            self.computer.cancel();
        }
        if changed.save {
            self.save_game();
        }
    }

    /// After every change: a game that has just ended is counted and its result shown.
    fn after_change(&mut self) {
        let Some(ending) = self.session.as_mut().and_then(Session::take_ending) else {
            return;
        };
        if let Some((game, opponent, outcome)) = ending.counted {
            self.stats.record(game, opponent, outcome);
            if self.keeps_files
                && let Err(e) = self.store.save_stats(&self.stats)
            {
                self.report_save_error(e);
            }
        }
        self.open_dialog(Open::Result);
    }

    fn open_dialog(&mut self, request: Open) {
        let list_records = || self.store.list_records();
        let opening = Opening {
            last_setup: self.settings.last_setup,
            list_records: &list_records,
            file_chooser: self.options.file_chooser,
        };
        self.dialogs.open(request, &opening);
    }

    // ----- Saving -----

    fn save_settings(&mut self) {
        if !self.keeps_files {
            return;
        }
        if let Err(e) = self.store.save_settings(&self.settings) {
            self.report_save_error(e);
        }
    }

    /// Saves the game in progress, or removes the saved game once it has ended.
    fn save_game(&mut self) {
        let Some(s) = self.session.as_ref().filter(|s| !s.is_from_record()) else {
            return;
        };
        if !self.keeps_files {
            return;
        }
        let result = if s.is_over() {
            self.store.clear_game()
        } else {
            self.store.save_game(&s.saved())
        };
        if let Err(e) = result {
            self.report_save_error(e);
        }
    }

    fn report_save_error(&mut self, error: StoreError) {
        // An unwritable folder is announced once at start; don't repeat it for every save.
        if self.store.is_writable() {
            self.add_banner(Banner::Error(AppError::Save(error)));
        }
    }

    fn add_banner(&mut self, banner: Banner) {
        if !self.banners.contains(&banner) {
            self.banners.push(banner);
        }
    }

    // ----- The computer -----

    fn ask_computer(&mut self, purpose: Purpose, level: Level) {
        let Some(s) = &mut self.session else {
            return;
        };
        let (state, history) = s.search_input();
        let generation = self.computer.ask(state, history, level);
        s.searching(generation, purpose);
    }

    /// Holds the game on the screen still while a dialog or the rules are open, and while the
    /// window is in the background if the settings say so; lifts the hold otherwise.
    fn hold_game(&mut self) {
        let focused = self.ctx.input(|i| i.viewport().focused).unwrap_or(true);
        let hold = if !self.dialogs.is_empty() {
            Some(Hold::Dialog)
        } else if !focused && self.settings.pause_in_background {
            Some(Hold::Background)
        } else {
            None
        };
        if let Some(s) = &mut self.session {
            s.set_hold(hold);
        }
    }

    /// Advances the game without drawing: replies, the computer's actions, the clock.
    fn advance(&mut self) {
        let Some(s) = &mut self.session else {
            return;
        };
        while let Some(reply) = self.computer.poll() {
            s.receive(reply);
        }
        if self.screen != Screen::Game || !s.is_running() {
            return;
        }
        let delay = self.options.ai_step_delay;
        self.change_session(|s, at| s.play_planned(delay, at));
        self.change_session(|s, at| s.check_clock(at));
        if let Some(level) = self.session.as_ref().and_then(Session::wants_turn) {
            self.ask_computer(Purpose::Turn, level);
        }
    }

    // ----- The frame -----

    /// One frame's work before drawing (what [`eframe::App::logic`] does).
    pub fn logic_frame(&mut self, ctx: &egui::Context) {
        self.watch_window(ctx);
        self.hold_game();
        self.advance();
        if self.screen == Screen::Learn {
            self.change_lesson(|l, at| l.advance(at));
        }
        self.after_change();
        let now = ctx.input(|i| i.time);
        if let Some(s) = &mut self.session {
            s.prune_animations(now);
        }
    }

    /// Draws the window (what [`eframe::App::ui`] does), then carries out what was asked.
    pub fn ui_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let modal = self.dialogs.any_modal();
        let view = View {
            i18n: &self.i18n,
            chinese: &self.chinese,
            settings: &self.settings,
            stats: &self.stats,
            lessons: &self.lessons,
            session: self.session.as_ref(),
            resumable: resumable(self.session.as_ref(), self.saved.as_ref()),
            data_dir: self.store.dir(),
            records_dir: self.store.records_dir(),
            result_open: self.dialogs.is_open(Open::Result),
        };
        let lesson_rules = match (self.screen, self.lesson.as_ref()) {
            (Screen::Learn, Some(lesson)) => Some(rules_page(lesson)),
            _ => None,
        };
        let mut commands = shortcuts(&ctx, &view, self.screen, modal, lesson_rules);
        commands.extend(banners_ui(ui, view.i18n, &self.banners));
        match (self.screen, view.session, self.lesson.as_ref()) {
            (Screen::Game, Some(s), _) => commands.extend(self.game_screen.ui(ui, &view, s)),
            (Screen::Learn, _, Some(lesson)) => {
                commands.extend(self.lesson_screen.ui(ui, &view, lesson));
            }
            _ => commands.extend(self.home.ui(ui, &view)),
        }
        commands.extend(self.dialogs.ui(&ctx, &view));
        for command in commands {
            // Errors were shown where they belong (a dialog or a banner).
            let _ = self.apply(command);
        }
        let shown = match self.screen {
            Screen::Home => true,
            Screen::Game => self.session.is_some(),
            Screen::Learn => self.lesson.is_some(),
        };
        if !shown {
            self.screen = Screen::Home;
        }
        // A dialog may have closed itself (its window's close button).
        self.hold_game();
        self.schedule_repaint();
    }

    /// Asks for the next frame when something will change: an animation, the computer's
    /// next action, the clock's next second. Otherwise the window sleeps.
    fn schedule_repaint(&self) {
        if self.screen == Screen::Learn {
            self.schedule_lesson_repaint();
            return;
        }
        let Some(s) = &self.session else {
            return;
        };
        let now = self.ctx.input(|i| i.time);
        if self.computer.has_ready() || s.is_animating(now) {
            self.ctx.request_repaint();
        }
        // The board's explanation of the last turn fades, or goes after a while.
        match s.spotlight_change(now) {
            Some(Duration::ZERO) => self.ctx.request_repaint(),
            Some(wait) if self.screen == Screen::Game => self.ctx.request_repaint_after(wait),
            _ => {}
        }
        if self.screen == Screen::Game
            && let Some(wait) = s.next_change()
        {
            self.ctx.request_repaint_after(wait);
        }
    }

    /// Remembers the window's size, and saves everything when the window closes.
    fn watch_window(&mut self, ctx: &egui::Context) {
        let (rect, closing) =
            ctx.input(|i| (i.viewport().inner_rect, i.viewport().close_requested()));
        if let Some(rect) = rect {
            let size = [rect.width().round(), rect.height().round()];
            if size[0] >= 100.0 && size[1] >= 100.0 {
                self.settings.window_size = Some(size);
            }
        }
        if closing {
            self.save_settings();
            self.save_game();
        }
    }
}

/// The game the home screen's "Continue" resumes: the one in memory, else a saved one.
fn resumable(session: Option<&Session>, saved: Option<&SavedGame>) -> Option<Resumable> {
    match session.filter(|s| s.is_live()) {
        Some(s) => Some(Resumable {
            setup: s.setup(),
            human_side: s.human_side(),
            actions: s.game().len(),
        }),
        None => saved.map(|g| Resumable {
            setup: g.setup,
            human_side: g.human_side,
            actions: g.record.actions.len(),
        }),
    }
}

impl eframe::App for SanqiApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_frame(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_frame(ui);
        super::startup::first_frame_drawn();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_settings();
        self.save_game();
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        theme::PAPER.to_normalized_gamma_f32()
    }
}
