//! [`SanqiApp`]: the whole desktop app. It owns the store, the settings, the statistics, the
//! game on the screen and the computer opponent; each frame it first advances the game
//! (computer replies, the computer's planned actions, the turn clock) and then draws the
//! current screen and its dialogs.

use std::time::Duration;

use super::board::{self, Animation};
use super::clock::{TimeSource, system_time};
use super::computer::{AiMode, Computer, is_cancelled};
use super::demo::Demo;
use super::dialogs::Dialogs;
use super::i18n::{I18n, Language, system_language};
use super::session::{Click, Note, Pending, Purpose, Session};
use super::settings::{
    ClockSetting, Opponent, Outcome, SavedGame, Settings, Setup, SideChoice, Stats,
};
use super::storage::{Store, StoreError, StoreNotice, UtcTime, read_record_file};
use super::text::TimeoutReport;
use super::{fonts, theme};
use crate::ai::{Level, Request};
use crate::rules::records::Record;
use crate::rules::{Action, Effects, Game, GameId, IllegalAction, Point, Side, State};

/// The level the hint button asks for.
pub const HINT_LEVEL: Level = Level::Hard;

/// How the app is run: its time source, where the computer thinks, and what to show first.
#[derive(Clone)]
pub struct AppOptions {
    /// Where the turn clock and the computer's pacing read the time.
    pub time: TimeSource,
    /// Where the computer's searches run.
    pub ai: AiMode,
    /// The pause between the actions of one computer turn, so the user sees each capture.
    pub ai_step_delay: Duration,
    /// A fixed seed for the computer's choices (tests); otherwise each search gets a random
    /// one.
    pub seed: Option<u64>,
    /// A screen or position to open at start (screenshots and demonstrations).
    pub demo: Option<Demo>,
    /// A language to use whatever the settings say (screenshots).
    pub language: Option<Language>,
}

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions {
            time: system_time(),
            ai: AiMode::Thread,
            ai_step_delay: Duration::from_millis(320),
            seed: None,
            demo: None,
            language: None,
        }
    }
}

impl AppOptions {
    /// The defaults, with `SANQI_DEMO` (a screen to open, such as `flying`) and `SANQI_LANG`
    /// (`en` or `zh-CN`) read from the environment.
    pub fn from_env() -> AppOptions {
        let demo = std::env::var("SANQI_DEMO")
            .ok()
            .and_then(|d| Demo::parse(&d));
        let language = std::env::var("SANQI_LANG")
            .ok()
            .and_then(|l| Language::from_code(&l));
        AppOptions {
            demo,
            language,
            ..AppOptions::default()
        }
    }
}

/// Which screen fills the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Game,
}

/// A message shown at the top of the window until dismissed.
#[derive(Clone, Debug, PartialEq)]
pub enum Banner {
    /// From the store: a file set aside, or nothing can be saved.
    Store(StoreNotice),
    /// A save that failed (the text is the store's reason).
    SaveFailed(String),
}

/// The Sanqi desktop app.
pub struct SanqiApp {
    pub(super) ctx: egui::Context,
    pub(super) store: Store,
    pub(super) options: AppOptions,
    pub(super) i18n: I18n,
    /// The Chinese text, for the games' Chinese names in any language.
    pub(super) chinese: I18n,
    pub(super) settings: Settings,
    pub(super) stats: Stats,
    /// A game saved in an earlier run, offered on the home screen.
    pub(super) saved: Option<SavedGame>,
    pub(super) session: Option<Session>,
    pub(super) screen: Screen,
    pub(super) banners: Vec<Banner>,
    pub(super) computer: Computer,
    generation: u64,
    seeds: u64,
    pub(super) dialogs: Dialogs,
    frames: u64,
}

impl SanqiApp {
    /// The app on `ctx`, keeping its files in `store`.
    pub fn new(ctx: &egui::Context, store: Store, options: AppOptions) -> SanqiApp {
        fonts::install(ctx);
        theme::apply(ctx);
        let mut banners: Vec<Banner> = store
            .startup_notices()
            .into_iter()
            .map(Banner::Store)
            .collect();
        let settings = store.load_settings();
        banners.extend(settings.notices.into_iter().map(Banner::Store));
        let stats = store.load_stats();
        banners.extend(stats.notices.into_iter().map(Banner::Store));
        let saved = store.load_game();
        banners.extend(saved.notices.into_iter().map(Banner::Store));
        let settings = settings.value;
        let language = options
            .language
            .or(settings.language)
            .unwrap_or_else(system_language);
        let notify_ctx = ctx.clone();
        let computer = Computer::new(options.ai, move || notify_ctx.request_repaint());
        let seeds = options.seed.unwrap_or_else(rand::random::<u64>);
        let mut app = SanqiApp {
            ctx: ctx.clone(),
            store,
            i18n: I18n::new(language),
            chinese: I18n::new(Language::Chinese),
            settings,
            stats: stats.value,
            saved: saved.value,
            session: None,
            screen: Screen::Home,
            banners,
            computer,
            generation: 0,
            seeds,
            dialogs: Dialogs::default(),
            frames: 0,
            options,
        };
        if let Some(demo) = app.options.demo {
            demo.apply(&mut app);
        }
        app
    }

    // ----- What tests and the screens read -----

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

    /// How many frames have been drawn.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Whether the computer is searching for its move right now.
    pub fn computer_thinking(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.pending.is_some_and(|p| p.purpose == Purpose::Turn))
    }

    /// The messages at the top of the window.
    pub fn banners(&self) -> &[Banner] {
        &self.banners
    }

    // ----- Starting and leaving games -----

    /// Starts a new game with this setup.
    pub fn start_game(&mut self, setup: Setup) {
        let human_side = match setup.opponent {
            Opponent::Computer { side, .. } => Some(side.side().unwrap_or_else(|| {
                if rand::random::<bool>() {
                    Side::Black
                } else {
                    Side::White
                }
            })),
            _ => None,
        };
        self.start_with(setup, human_side);
    }

    fn start_with(&mut self, setup: Setup, human_side: Option<Side>) {
        self.computer.cancel();
        self.settings.last_setup = setup;
        self.save_settings();
        let session = Session::new(
            setup,
            human_side,
            Game::new(setup.game),
            self.options.time.clone(),
        );
        self.session = Some(session);
        self.saved = None;
        self.screen = Screen::Game;
        self.dialogs.close_all();
        self.save_game();
    }

    /// The same game again, with the colours swapped.
    pub fn rematch(&mut self) {
        let Some(s) = &self.session else {
            return;
        };
        let mut setup = s.setup;
        let mut human_side = s.human_side;
        match &mut setup.opponent {
            Opponent::Computer { side, .. } => {
                let swapped = human_side.unwrap_or(Side::Black).other();
                if *side != SideChoice::Random {
                    *side = match swapped {
                        Side::Black => SideChoice::Black,
                        Side::White => SideChoice::White,
                    };
                }
                human_side = Some(swapped);
            }
            Opponent::Watch { black, white } => std::mem::swap(black, white),
            Opponent::Human => {}
        }
        self.start_with(setup, human_side);
    }

    /// Goes back to the home screen; a game in progress is paused and kept.
    pub fn go_home(&mut self) {
        if let Some(s) = &mut self.session
            && !s.is_over()
            && s.review.is_none()
        {
            s.set_paused(true);
            self.save_game();
        }
        self.screen = Screen::Home;
    }

    /// The game the home screen's "Continue" resumes: the one in memory, else a saved one.
    pub fn can_continue(&self) -> bool {
        self.live_session().is_some() || self.saved.is_some()
    }

    /// The game in memory if it is being played (not finished, not a record under review).
    pub(super) fn live_session(&self) -> Option<&Session> {
        self.session
            .as_ref()
            .filter(|s| !s.is_over() && !s.from_record)
    }

    /// Resumes the game in progress.
    pub fn continue_game(&mut self) {
        if self.live_session().is_none() {
            let Some(saved) = self.saved.take() else {
                return;
            };
            match Session::restore(&saved, self.options.time.clone()) {
                Ok(session) => self.session = Some(session),
                Err(e) => {
                    let why = super::errors::store_error(&self.i18n, &StoreError::SavedGame(e));
                    self.banners.push(Banner::SaveFailed(why));
                    return;
                }
            }
        }
        if let Some(s) = &mut self.session {
            s.set_paused(false);
        }
        self.screen = Screen::Game;
    }

    /// Forgets the game in progress.
    pub fn discard_game(&mut self) {
        if self.live_session().is_some() {
            self.computer.cancel();
            self.session = None;
        }
        self.saved = None;
        if let Err(e) = self.store.clear_game() {
            self.report_save_error(super::errors::store_error(&self.i18n, &e));
        }
    }

    /// Opens a record file for review. On failure returns the message to show.
    pub fn open_record(&mut self, path: &std::path::Path) -> Result<(), String> {
        let (_, game) =
            read_record_file(path).map_err(|e| super::errors::store_error(&self.i18n, &e))?;
        self.keep_live_game();
        self.computer.cancel();
        let setup = Setup {
            game: game.id(),
            opponent: Opponent::Human,
            clock: self.settings.last_setup.clock,
        };
        let mut session = Session::new(setup, None, game, self.options.time.clone());
        session.from_record = true;
        session.recorded = true;
        session.review = Some(0);
        session.clock.stop();
        self.session = Some(session);
        self.screen = Screen::Game;
        Ok(())
    }

    /// Before the game on the screen is replaced by a record, remembers it for "Continue".
    fn keep_live_game(&mut self) {
        if let Some(s) = self.live_session() {
            self.saved = Some(s.saved());
        }
    }

    /// Writes the game on the screen to a record file.
    pub fn export_record(&mut self) -> Result<std::path::PathBuf, String> {
        let Some(s) = &self.session else {
            return Err(self.i18n.t("records.nothing_to_export").to_string());
        };
        let mut metadata = s.setup.players(s.human_side);
        metadata.date = Some(UtcTime::now().iso8601());
        let mut record = Record::of_game(&s.game, metadata);
        if let Some(loser) = s.resigned {
            record.metadata.result = Some(format!("{} resigned", loser.name()));
        }
        self.store
            .export_record(&record)
            .map_err(|e| super::errors::store_error(&self.i18n, &e))
    }

    // ----- Playing -----

    /// Handles a click on a point of the live board.
    pub(super) fn click_point(&mut self, p: Point) {
        let Some(s) = &mut self.session else {
            return;
        };
        if s.review.is_some() {
            return;
        }
        if s.paused {
            s.note = Some(Note::Message("msg.paused"));
            return;
        }
        if s.is_over() {
            s.note = Some(Note::Illegal(IllegalAction::GameOver));
            return;
        }
        if !s.human_to_act() {
            s.note = Some(Note::Message("msg.wait_computer"));
            return;
        }
        if let Click::Play(action) = s.click(p) {
            self.play_human(action);
        }
    }

    /// Plays a person's action on the live game.
    fn play_human(&mut self, action: Action) {
        let Some(s) = &mut self.session else {
            return;
        };
        // A hint that is still being searched no longer applies.
        if s.pending.is_some_and(|p| p.purpose == Purpose::Hint) {
            s.pending = None;
            self.computer.cancel();
        }
        s.note = None;
        let before = *s.game.state();
        match s.apply(action) {
            Ok(effects) => {
                if s.redo.last() == Some(&action) {
                    s.redo.pop();
                } else {
                    s.redo.clear();
                }
                self.after_action(before, effects);
            }
            Err(e) => s.note = Some(Note::Illegal(e)),
        }
    }

    /// What follows every action on the live game: animations, saving, the result.
    fn after_action(&mut self, before: State, effects: Effects) {
        let now = self.ctx.input(|i| i.time);
        let animate = self.settings.animations;
        if let Some(s) = &mut self.session {
            s.animations.retain(|a| !a.is_done(now));
            if animate {
                s.animations.extend(animation_of(&before, &effects, now));
            }
            if s.is_over() {
                s.drop_computer_turn();
                s.result_dismissed = false;
            }
        }
        self.finish_if_over();
        self.save_game();
    }

    /// Counts a finished game once, and forgets its saved copy.
    fn finish_if_over(&mut self) {
        let Some(s) = &mut self.session else {
            return;
        };
        if !s.is_over() || s.recorded {
            return;
        }
        s.recorded = true;
        s.clock.stop();
        let winner = s.winner();
        let outcome_for = |me: Side| match winner {
            None => Outcome::Draw,
            Some(w) if w == me => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        let entry = match s.setup.opponent {
            Opponent::Human => Some((Stats::HUMAN.to_string(), outcome_for(Side::Black))),
            Opponent::Computer { level, .. } => s
                .human_side
                .map(|me| (level.id().to_string(), outcome_for(me))),
            Opponent::Watch { .. } => None,
        };
        let game = s.game.id();
        if !s.from_record
            && let Some((key, outcome)) = entry
        {
            self.stats.record(game, &key, outcome);
            if let Err(e) = self.store.save_stats(&self.stats) {
                self.report_save_error(super::errors::store_error(&self.i18n, &e));
            }
        }
    }

    /// Takes back an action (or, against the computer, back to the person's last turn).
    pub fn undo(&mut self) {
        let Some(s) = &mut self.session else {
            return;
        };
        if s.undo() {
            self.computer.cancel();
            self.save_game();
        }
    }

    /// Plays an undone action again.
    pub fn redo(&mut self) {
        let Some(s) = &mut self.session else {
            return;
        };
        let replayed = s.redo();
        if replayed.is_empty() {
            return;
        }
        self.computer.cancel();
        let now = self.ctx.input(|i| i.time);
        if self.settings.animations
            && let Some((before, effects)) = replayed.last()
            && let Some(s) = &mut self.session
        {
            s.animations = animation_of(before, effects, now);
        }
        self.finish_if_over();
        self.save_game();
    }

    /// Asks the computer for a suggestion for the person to act.
    pub fn hint(&mut self) {
        let Some(s) = &self.session else {
            return;
        };
        if !s.human_to_act() || s.pending.is_some() {
            return;
        }
        self.send_request(Purpose::Hint, HINT_LEVEL);
    }

    /// Pauses or resumes the clock and the computer.
    pub fn toggle_pause(&mut self) {
        if let Some(s) = &mut self.session
            && !s.is_over()
            && s.review.is_none()
        {
            let paused = !s.paused;
            s.set_paused(paused);
            s.selected = None;
            self.save_game();
        }
    }

    /// The side that would resign now: the person against the computer, else the side to act.
    pub(super) fn resigning_side(&self) -> Option<Side> {
        let s = self.session.as_ref()?;
        if s.is_over() || s.review.is_some() {
            return None;
        }
        match s.setup.opponent {
            Opponent::Computer { .. } => s.human_side,
            Opponent::Human => s.to_act(),
            Opponent::Watch { .. } => None,
        }
    }

    /// Resigns the game for [`SanqiApp::resigning_side`].
    pub fn resign(&mut self) {
        let Some(side) = self.resigning_side() else {
            return;
        };
        self.computer.cancel();
        if let Some(s) = &mut self.session {
            s.resign(side);
            s.result_dismissed = false;
        }
        self.finish_if_over();
        self.save_game();
    }

    /// Changes the computer's level for `side` (`None`: the single computer opponent).
    /// A search in progress starts again at the new level.
    pub fn set_level(&mut self, side: Option<Side>, level: Level) {
        let Some(s) = &mut self.session else {
            return;
        };
        match &mut s.setup.opponent {
            Opponent::Computer { level: l, .. } => *l = level,
            Opponent::Watch { black, white } => match side {
                Some(Side::White) => *white = level,
                _ => *black = level,
            },
            Opponent::Human => return,
        }
        if s.pending.is_some_and(|p| p.purpose == Purpose::Turn) {
            s.pending = None;
            self.computer.cancel();
        }
        self.settings.last_setup.opponent = s.setup.opponent;
        self.settings.last_setup.game = s.setup.game;
        self.save_settings();
        self.save_game();
    }

    /// Changes the turn clock of the game on the screen; the current turn starts afresh.
    pub fn set_clock(&mut self, clock: ClockSetting) {
        if let Some(s) = &mut self.session {
            s.setup.clock = clock;
            let budget = clock.seconds().map(|s| Duration::from_secs(s as u64));
            s.clock.set_budget(budget);
            if s.is_over() || s.from_record {
                s.clock.stop();
            }
        }
        self.settings.last_setup.clock = clock;
        self.save_settings();
        self.save_game();
    }

    /// Switches the interface language and remembers the choice.
    pub fn set_language(&mut self, language: Language) {
        self.i18n.set_language(language);
        self.options.language = None;
        self.settings.language = Some(language);
        self.save_settings();
    }

    /// Enters review mode at the start of the game.
    pub fn review(&mut self) {
        if let Some(s) = &mut self.session {
            s.review = Some(0);
            s.selected = None;
        }
    }

    /// Moves the reviewed position to `n` actions.
    pub fn review_to(&mut self, n: usize) {
        if let Some(s) = &mut self.session
            && s.review.is_some()
        {
            s.review = Some(n.min(s.game.len()));
        }
    }

    /// Plays on from the reviewed position, two people at this computer.
    pub fn continue_from_review(&mut self) {
        if let Some(s) = &mut self.session {
            s.continue_from_review();
        }
        self.saved = None;
        self.save_game();
    }

    // ----- Saving -----

    pub(super) fn save_settings(&mut self) {
        if let Err(e) = self.store.save_settings(&self.settings) {
            self.report_save_error(super::errors::store_error(&self.i18n, &e));
        }
    }

    /// Saves the game in progress, or removes the saved game once it has ended.
    pub(super) fn save_game(&mut self) {
        let Some(s) = &self.session else {
            return;
        };
        if s.from_record {
            return;
        }
        let result = if s.is_over() {
            self.store.clear_game()
        } else {
            self.store.save_game(&s.saved())
        };
        if let Err(e) = result {
            self.report_save_error(super::errors::store_error(&self.i18n, &e));
        }
    }

    fn report_save_error(&mut self, why: String) {
        // An unwritable folder is announced once at start; don't repeat it for every save.
        if !self.store.is_writable() {
            return;
        }
        let banner = Banner::SaveFailed(why);
        if !self.banners.contains(&banner) {
            self.banners.push(banner);
        }
    }

    // ----- The computer -----

    fn send_request(&mut self, purpose: Purpose, level: Level) {
        let Some(s) = &mut self.session else {
            return;
        };
        self.generation += 1;
        self.seeds = self
            .seeds
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let history = (0..s.game.len())
            .map(|i| s.game.state_after(i).key())
            .collect();
        s.pending = Some(Pending {
            generation: self.generation,
            purpose,
        });
        self.computer.request(Request {
            state: *s.game.state(),
            history,
            level,
            seed: self.seeds >> 11,
            generation: self.generation,
        });
    }

    /// Advances the game without drawing: replies, the computer's actions, the clock.
    fn advance(&mut self) {
        let playing = self.screen == Screen::Game;
        let paused = self.session.as_ref().is_none_or(|s| s.paused);
        if !paused {
            while let Some(reply) = self.computer.poll() {
                self.handle_reply(reply);
            }
        }
        if !playing || paused {
            return;
        }
        self.play_planned_action();
        self.check_clock();
        let wanted = self.session.as_ref().and_then(|s| {
            (s.pending.is_none() && s.plan.is_empty() && !s.paused)
                .then(|| s.computer_to_act())
                .flatten()
        });
        if let Some(level) = wanted {
            self.send_request(Purpose::Turn, level);
        }
    }

    fn handle_reply(&mut self, reply: crate::ai::Reply) {
        let now = (self.options.time)();
        let Some(s) = &mut self.session else {
            return;
        };
        let Some(pending) = s.pending.filter(|p| p.generation == reply.generation) else {
            return;
        };
        s.pending = None;
        match (pending.purpose, reply.result) {
            (Purpose::Turn, Ok(plan)) => {
                s.plan = plan.actions.into();
                s.plan_due = Some(now);
            }
            (Purpose::Hint, Ok(plan)) => {
                s.hint = plan.actions.first().copied();
                s.note = Some(Note::Message("msg.hint_shown"));
            }
            (_, Err(e)) if is_cancelled(&e) => {}
            (Purpose::Turn, Err(e)) => {
                // Never leave the game stuck: play the first legal action instead.
                s.note = Some(Note::ComputerFailed(e.to_string()));
                if let Some(action) = s.game.state().legal_vec().first() {
                    s.plan = [*action].into();
                    s.plan_due = Some(now);
                }
            }
            (Purpose::Hint, Err(_)) => s.note = Some(Note::Message("msg.hint_failed")),
        }
    }

    fn play_planned_action(&mut self) {
        let now = (self.options.time)();
        let delay = self.options.ai_step_delay;
        let Some(s) = &mut self.session else {
            return;
        };
        if s.plan.is_empty() || s.plan_due.is_some_and(|due| now < due) {
            return;
        }
        if s.computer_to_act().is_none() {
            s.drop_computer_turn();
            return;
        }
        let Some(action) = s.plan.pop_front() else {
            return;
        };
        let before = *s.game.state();
        match s.apply(action) {
            Ok(effects) => {
                s.redo.clear();
                s.plan_due = if s.plan.is_empty() {
                    None
                } else {
                    Some(now + delay)
                };
                self.after_action(before, effects);
            }
            Err(_) => s.drop_computer_turn(),
        }
    }

    fn check_clock(&mut self) {
        let Some(s) = &mut self.session else {
            return;
        };
        if s.review.is_some() || s.paused || s.is_over() || !s.clock.expired() {
            return;
        }
        if s.computer_busy() {
            self.computer.cancel();
        }
        s.drop_computer_turn();
        let before = *s.game.state();
        if let Ok(effects) = s.apply(Action::Timeout) {
            s.redo.clear();
            s.note = Some(Note::Timeout(TimeoutReport::new(&before, &effects)));
            self.after_action(before, effects);
        }
    }

    /// Asks for the next frame when something will change: an animation, the computer's
    /// next action, the clock's next second. Otherwise the window sleeps.
    fn schedule_repaint(&self) {
        let Some(s) = &self.session else {
            return;
        };
        if self.computer.has_ready() {
            self.ctx.request_repaint();
        }
        let now = self.ctx.input(|i| i.time);
        if s.animations.iter().any(|a| !a.is_done(now)) {
            self.ctx.request_repaint();
        }
        if self.screen != Screen::Game || s.paused {
            return;
        }
        if let Some(due) = s.plan_due
            && !s.plan.is_empty()
        {
            let wait = due.saturating_duration_since((self.options.time)());
            self.ctx.request_repaint_after(wait);
        }
        if s.review.is_none()
            && let Some(wait) = s.clock.until_next_tick()
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

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, Modifiers};
        let typing = ctx.egui_wants_keyboard_input();
        let command = |key| ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND, key));
        let shift_command =
            |key| ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, key));
        let plain = |key| !typing && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        if command(Key::N) {
            self.dialogs.open_new_game(&self.settings, None);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F1)) {
            let game = self.session.as_ref().map(|s| s.setup.game);
            self.dialogs.open_rules(game.unwrap_or(GameId::Neihuang));
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape))
            && !self.dialogs.close_top()
            && let Some(s) = &mut self.session
        {
            s.selected = None;
            s.hint = None;
        }
        if self.dialogs.any_modal() || self.screen != Screen::Game {
            return;
        }
        if shift_command(Key::Z) || command(Key::Y) {
            self.redo();
        }
        if command(Key::Z) {
            self.undo();
        }
        if plain(Key::H) {
            self.hint();
        }
        if plain(Key::Space) {
            self.toggle_pause();
        }
        let reviewing = self.session.as_ref().and_then(|s| s.review);
        if let Some(n) = reviewing {
            let len = self.session.as_ref().map_or(0, |s| s.game.len());
            if plain(Key::ArrowLeft) {
                self.review_to(n.saturating_sub(1));
            }
            if plain(Key::ArrowRight) {
                self.review_to(n + 1);
            }
            if plain(Key::Home) || plain(Key::ArrowUp) {
                self.review_to(0);
            }
            if plain(Key::End) || plain(Key::ArrowDown) {
                self.review_to(len);
            }
        }
    }

    /// One frame's work before drawing (what [`eframe::App::logic`] does).
    pub fn logic_frame(&mut self, ctx: &egui::Context) {
        self.frames += 1;
        self.watch_window(ctx);
        self.advance();
        if let Some(s) = &mut self.session {
            let now = ctx.input(|i| i.time);
            s.animations.retain(|a: &Animation| !a.is_done(now));
        }
    }

    /// Draws the window (what [`eframe::App::ui`] does).
    pub fn ui_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.shortcuts(&ctx);
        self.banners_ui(ui);
        match self.screen {
            Screen::Home => self.home_ui(ui),
            Screen::Game => self.game_ui(ui),
        }
        self.dialogs_ui(&ctx);
        self.schedule_repaint();
    }

    fn banners_ui(&mut self, ui: &mut egui::Ui) {
        if self.banners.is_empty() {
            return;
        }
        let mut dismiss = None;
        egui::Panel::top("banners")
            .frame(
                egui::Frame::new()
                    .fill(egui::Color32::from_rgb(0xFB, 0xE9, 0xC8))
                    .inner_margin(egui::Margin::symmetric(14, 8)),
            )
            .show(ui, |ui| {
                for (i, banner) in self.banners.iter().enumerate() {
                    ui.horizontal(|ui| {
                        let text = match banner {
                            Banner::Store(notice) => super::text::store_notice(&self.i18n, notice),
                            Banner::SaveFailed(why) => {
                                self.i18n.format("notice.save_failed", &[("reason", why)])
                            }
                        };
                        if ui.button(self.i18n.t("notice.dismiss")).clicked() {
                            dismiss = Some(i);
                        }
                        ui.add(
                            egui::Label::new(egui::RichText::new(text).color(theme::INK)).wrap(),
                        );
                    });
                }
            });
        if let Some(i) = dismiss {
            self.banners.remove(i);
        }
    }
}

/// The animations of one applied action.
fn animation_of(before: &State, effects: &Effects, now: f64) -> Vec<Animation> {
    board::animations_for(
        before,
        effects.action,
        effects.removed,
        effects.removed_owner,
        effects.flipped,
        effects.actor,
        now,
    )
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
