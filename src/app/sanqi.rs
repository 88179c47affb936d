//! [`SanqiApp`]: the shell of the desktop app. It owns the state (the store, the settings,
//! the statistics, the game on the screen, the computer opponent, the screens and the open
//! dialogs), runs each frame (first the game advances by itself: the computer's replies and
//! planned actions, the turn clock; then the screen and its dialogs are drawn) and carries
//! out the commands they return in one place, [`SanqiApp::apply`].

use std::time::Duration;

use super::analysis::{GameAnalysis, TableSource};
use super::banners::{Banner, TableNotice, banners_ui};
use super::command::{BoardOption, Command, Done, Open, Outcome, Question};
use super::computer::{AiMode, Computer};
use super::demo::{Demo, Staging};
use super::dialogs::{DialogStack, Opening};
use super::error::AppError;
use super::file_chooser::dropped_record;
use super::flying_table::{BuildState, FlyingTable, TableBuild, TableState};
use super::history::{self, History};
use super::i18n::{I18n, Language, system_language};
use super::launch::{AppOptions, Launch};
use super::lessons::{Lesson, LessonProgress};
use super::online::OnlinePlay;
use super::puzzles::mistakes::MistakeSearch;
use super::puzzles::{PuzzleProgress, PuzzleRun};
use super::rating::{AfterGame, unix_seconds};
use super::screens::Screen;
use super::screens::game::GameScreen;
use super::screens::history::HistoryScreen;
use super::screens::home::HomeScreen;
use super::screens::lesson::{LessonScreen, rules_page};
use super::screens::puzzle::PuzzleScreen;
use super::screens::stats::StatsScreen;
use super::session::{Changed, Hold, Moment, Purpose, Session};
use super::settings::{AnimationSpeed, SavedGame, Settings, Stats};
use super::shortcuts::shortcuts;
use super::storage::{Store, StoreError};
use super::system_theme::SystemTheme;
use super::view::{Resumable, TableView, View};
use super::{board, fonts, hint, theme, widgets};

use crate::ai::analysis::{Budget, Evaluation};
use crate::ai::{self, Level};
use crate::rules::{GameId, Side};
use crate::sound::{Player, Sound};
use crate::tablebase::{self, BuildConfig};

mod games;
mod lessons;
mod links;
mod online;
mod puzzles;

/// What the analysis of a game spends on each position: a node budget, so that the same
/// game always gives the same figures (a game of a hundred actions takes about half a minute).
pub const ANALYSIS_BUDGET: Budget = Budget::DEFAULT;

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
    /// The puzzles' progress.
    puzzles: PuzzleProgress,
    /// The puzzle on the screen.
    puzzle: Option<PuzzleRun>,
    /// The search for puzzles among the analysed game's mistakes, while it runs.
    mistakes: Option<MistakeSearch>,
    /// How many puzzles the last search among mistakes found.
    mistakes_found: Option<usize>,
    banners: Vec<Banner>,
    computer: Computer,
    /// The Flying table, shared with the computer (Master's oracle) and the hints.
    flying_table: FlyingTable,
    /// The table's build while it runs.
    table_build: Option<TableBuild>,
    /// How the last build of this run ended (and why, if it failed).
    table_build_end: Option<(BuildState, Option<String>)>,
    /// Whether a cancelled build left a checkpoint to resume from.
    table_resumable: bool,
    /// Whether a build may write the table's folder (not when a demonstration shows the
    /// user's table).
    table_writable: bool,
    /// Whether Master has been told this run that it searches in Flying (no table).
    table_notice_given: bool,
    screen: Screen,
    home: HomeScreen,
    game_screen: GameScreen,
    lesson_screen: LessonScreen,
    puzzle_screen: PuzzleScreen,
    stats_screen: StatsScreen,
    dialogs: DialogStack,
    /// The analysis of the reviewed game, while it runs and after.
    analysis: Option<GameAnalysis>,
    /// The records of the records folder, as the game history lists them.
    history: History,
    history_screen: HistoryScreen,
    /// Plays the game's sounds.
    player: Player,
    /// Reads the system's light or dark preference, if the app is to.
    system_theme: Option<SystemTheme>,
    /// Whether the window had the focus last frame.
    focused: bool,
    /// What the last rated game did to the person's rating, until another game starts.
    after_game: Option<AfterGame>,
    /// The online game's connection and client, while there is one.
    online: Option<OnlinePlay>,
}

/// How long a frame may spend reading records for the game history.
const HISTORY_READ_BUDGET: Duration = Duration::from_millis(12);

impl SanqiApp {
    /// The app on `ctx`, keeping its files in `store`.
    pub fn new(ctx: &egui::Context, store: Store, options: AppOptions) -> SanqiApp {
        SanqiApp::launch(ctx, Launch::new(store, options))
    }

    /// The app on `ctx`, from what was loaded before the window opened.
    pub fn launch(ctx: &egui::Context, launch: Launch) -> SanqiApp {
        fonts::install(ctx);
        let Launch {
            store,
            stored,
            options,
        } = launch;
        theme::apply(ctx, stored.settings.text_size.scale());
        if options.touch {
            theme::apply_touch(ctx);
        }
        let language = options
            .language
            .or(stored.settings.language)
            .unwrap_or_else(system_language);
        let notify_ctx = ctx.clone();
        let seed = options.seed.unwrap_or_else(rand::random::<u64>);
        let demo_reads_table = options.demo.is_some_and(Demo::reads_data_folder_table);
        let flying_table = if demo_reads_table {
            FlyingTable::in_folder(crate::data_dir::path().as_deref())
        } else {
            FlyingTable::in_folder(store.dir())
        };
        // Opening builds the numbering of the positions (a moment, longer on a slow disk):
        // never on the UI thread (but a demonstration needs the table before its first frame).
        match options.ai {
            AiMode::Thread if !demo_reads_table => {
                let notify_ctx = ctx.clone();
                flying_table.open_in_background(move || notify_ctx.request_repaint());
            }
            AiMode::Thread | AiMode::Inline => flying_table.open_now(),
        }
        let table_resumable = flying_table
            .path()
            .is_some_and(|p| tablebase::checkpoint_path(p).exists());
        let oracle = std::sync::Arc::new(flying_table.clone());
        let computer = Computer::with_oracle(options.ai, seed, Some(oracle), move || {
            notify_ctx.request_repaint()
        });
        let staging = options.demo.map(Demo::staging);
        // What the history shows of each record is kept between runs, beside the settings.
        let history_cache = store
            .dir()
            .filter(|_| store.is_writable() && options.demo.is_none())
            .map(|dir| dir.join(history::CACHE_FILE));
        let history = History::new(store.records_dir(), history_cache);
        let stats = match &staging {
            Some(staging) => staging.stats.clone(),
            None => stored.stats,
        };
        let puzzles = staging
            .as_ref()
            .and_then(|s| s.puzzles.clone())
            .unwrap_or(stored.puzzles);
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
            puzzles,
            puzzle: None,
            mistakes: None,
            mistakes_found: None,
            screen: Screen::Home,
            banners: stored.notices.into_iter().map(Banner::Store).collect(),
            computer,
            flying_table,
            table_build: None,
            table_build_end: None,
            table_resumable,
            table_writable: !demo_reads_table,
            table_notice_given: false,
            home: HomeScreen::default(),
            game_screen: GameScreen::default(),
            lesson_screen: LessonScreen,
            puzzle_screen: PuzzleScreen,
            stats_screen: StatsScreen::default(),
            dialogs: DialogStack::default(),
            analysis: None,
            history,
            history_screen: HistoryScreen::default(),
            player: Player::new(options.sound.clone()),
            system_theme: options.system_theme.then(SystemTheme::default),
            focused: true,
            after_game: None,
            online: None,
            options,
        };
        app.follow_theme();
        if app.settings.sound {
            // The sounds are made and the output reached now, so that the first one is as
            // quick as the others.
            app.player.prepare();
        }
        if let Some(system) = &app.system_theme {
            system.refresh(ctx);
        }
        if let Some(staging) = staging {
            app.stage(staging);
        } else if app.keeps_files {
            // An online game under way when the app last closed goes on by itself.
            app.resume_online();
        }
        app
    }

    /// Sets up a demonstration: its game, then its commands.
    fn stage(&mut self, staging: Staging) {
        if let Some((setup, actions)) = staging.game {
            self.start_with(setup, Some(Side::Black));
            if let Some(s) = &mut self.session {
                s.play_through(&actions);
                if staging.away {
                    s.stop_for_absence();
                }
            }
            if self.session.as_mut().is_some_and(Session::take_away) {
                self.open_dialog(Open::Confirm(Question::StillThere));
            }
        }
        let mut exported = None;
        for command in staging.commands {
            // A demonstration's commands are its own; an error would show as a banner.
            if let Ok(Done::Exported(path)) = self.apply(command) {
                exported = Some(path);
            }
            // A lesson's scripted replies come at once, so that the next click is taken; so
            // do a puzzle's.
            self.change_lesson(|l, at| l.advance(at));
            // An opponent's turn along a puzzle's line can take several actions.
            for _ in 0..8 {
                self.change_puzzle(|r, at| r.advance(at));
            }
        }
        if let Some(path) = exported.filter(|_| staging.open_export) {
            let _ = self.apply(Command::OpenRecord(path));
        }
    }

    /// Starts analysing the game on the screen (again, if it changed since).
    fn start_analysis(&mut self) {
        let Some(s) = &self.session else {
            return;
        };
        if let Some(old) = self.analysis.take() {
            old.cancel();
        }
        let table = TableSource::Shared(self.flying_table.clone());
        let ctx = self.ctx.clone();
        self.analysis = Some(GameAnalysis::start(
            s.game(),
            ANALYSIS_BUDGET,
            table,
            move || ctx.request_repaint(),
        ));
    }

    /// Takes the analysis thread's news; an analysis of a game that is no longer on the
    /// screen (or has changed) stops.
    fn poll_analysis(&mut self) {
        let Some(a) = &mut self.analysis else {
            return;
        };
        if !self.session.as_ref().is_some_and(|s| a.is_for(s.game())) {
            a.cancel();
            self.analysis = None;
            return;
        }
        a.poll();
    }

    /// The analysis of the game on the screen, if one was started.
    pub fn analysis(&self) -> Option<&GameAnalysis> {
        self.analysis.as_ref()
    }

    // ----- What tests read -----

    /// The online game's connection and client, while there is one.
    pub fn online(&self) -> Option<&OnlinePlay> {
        self.online.as_ref()
    }

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

    /// The game history, as the Records screen lists it.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The puzzle on the screen, if any.
    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        self.puzzle.as_ref()
    }

    /// The puzzles' progress.
    pub fn puzzle_progress(&self) -> &PuzzleProgress {
        &self.puzzles
    }

    /// Whether puzzles are being looked for among the analysed game's mistakes.
    pub fn looking_for_mistakes(&self) -> bool {
        self.mistakes.is_some()
    }

    // ----- The one place that carries out commands -----

    /// Carries out a command; then the dialogs hear how it went, an error no dialog showed
    /// becomes a banner, and a game that ended is counted and its result shown.
    pub fn apply(&mut self, command: Command) -> Outcome {
        let outcome = self.carry_out(&command);
        if self.screen != Screen::Learn {
            self.lesson = None;
        }
        if self.screen != Screen::Puzzles {
            self.puzzle = None;
        }
        let shown = self.dialogs.hear(&command, &outcome);
        // A record that would replace the game in progress waits for the user's yes.
        if let Ok(Done::WouldReplace(path)) = &outcome {
            let analyse = matches!(command, Command::AnalyseRecord(_));
            self.open_dialog(Open::Confirm(Question::OpenRecord {
                path: path.clone(),
                analyse,
            }));
        }
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
        // The news of a game kept as a record is for the screen it was given on: it goes once
        // the user moves on to another game, a lesson or Home (a game kept anew says so again).
        if matches!(
            command,
            Command::GoHome
                | Command::OpenHistory
                | Command::OpenStats(_)
                | Command::StartGame(_)
                | Command::Rematch
                | Command::ContinueGame
                | Command::OpenRecord(_)
                | Command::ReplaceWithRecord(_)
                | Command::ContinueFromReview(..)
                | Command::OpenLessons(_)
                | Command::OpenLessonStep(..)
                | Command::OpenPuzzles(_)
                | Command::OpenOwnPuzzles
        ) {
            self.banners.retain(|b| !matches!(b, Banner::Kept(_)));
        }
        match command {
            Command::Open(request) => self.open_dialog(request.clone()),
            Command::Toggle(request) => {
                let opening = Opening {
                    last_setup: self.settings.last_setup,
                    file_chooser: self.options.file_chooser,
                };
                self.dialogs.toggle(request.clone(), &opening);
            }
            Command::Back => {
                if !self.dialogs.close_top() {
                    match (self.screen, &mut self.lesson, &mut self.session) {
                        (Screen::Learn, Some(lesson), _) => lesson.deselect(),
                        (Screen::Puzzles, ..) => {
                            if let Some(run) = &mut self.puzzle {
                                run.deselect();
                            }
                        }
                        (_, _, Some(s)) => s.deselect(),
                        _ => {}
                    }
                }
            }
            Command::GoHome => self.go_home(),
            Command::OpenHistory => {
                self.go_home();
                self.dialogs.close_modal();
                self.screen = Screen::Records;
                self.history.refresh();
            }
            Command::OpenStats(game) => {
                self.go_home();
                self.dialogs.close_modal();
                let game = game.unwrap_or(self.settings.last_setup.game);
                self.stats_screen.show(game);
                self.screen = Screen::Stats;
            }
            Command::DismissBanner(i) => {
                if *i < self.banners.len() {
                    self.banners.remove(*i);
                }
            }
            Command::StartGame(setup) => self.start_game(*setup)?,
            Command::PlayLevel(level) => {
                if let Some((mut setup, human_side)) =
                    self.session.as_ref().map(Session::same_sides_setup)
                {
                    setup.opponent.set_level(None, *level);
                    self.start_in_place(setup, human_side)?;
                }
            }
            Command::Rematch => {
                if let Some((setup, human_side)) = self.session.as_ref().map(Session::rematch_setup)
                {
                    self.start_in_place(setup, human_side)?;
                }
            }
            Command::ContinueGame => self.continue_game()?,
            Command::DiscardGame => self.discard_game()?,
            Command::OpenRecord(path) => return self.open_record(path, false),
            Command::ReplaceWithRecord(path) => return self.open_record(path, true),
            Command::ExportRecord => return self.export_record(None).map(Done::Exported),
            Command::ExportRecordTo(path) => {
                return self.export_record(Some(path)).map(Done::Exported);
            }
            Command::ExportFileTo(from, to) => {
                return self.export_file(from, to).map(Done::Exported);
            }
            Command::AnalyseRecord(path) => {
                let done = self.open_record(path, false)?;
                if done == Done::Ok {
                    self.start_analysis();
                }
                return Ok(done);
            }
            Command::DeleteRecord(path) => {
                self.history.delete(path).map_err(AppError::DeleteRecord)?;
            }
            Command::OpenLink(link) => return self.open_link(link),
            Command::CopyLink(from) => self.copy_link(from.as_deref())?,
            Command::CopyPuzzleLink => self.copy_puzzle_link()?,
            Command::InviteFriend(friend) => return self.invite_friend(friend),
            Command::JoinFriend { code, name, server } => {
                return self.join_friend(code, name, server);
            }
            Command::CopyInvitation => return self.copy_invitation(),
            Command::Reconnect => {
                if let Some(play) = &mut self.online {
                    play.retry_now();
                }
            }
            Command::LeaveOnline => self.leave_online(),
            Command::ClaimOnline => self.claim_online(),
            Command::UndoDeleteRecord => {
                self.history
                    .undo_delete()
                    .map_err(AppError::RestoreRecord)?;
            }
            Command::Click(p) => self.change_session(|s, at| s.click(*p, at)),
            Command::DragMove(from, to) => self.change_session(|s, at| s.drag_move(*from, *to, at)),
            Command::Undo => self.change_session(|s, _| s.undo()),
            Command::Redo => self.change_session(|s, at| s.redo(at)),
            Command::Hint => {
                if self.session.as_ref().is_some_and(Session::can_hint) && !self.exact_hint() {
                    self.ask_computer(Purpose::Hint, ai::Config::hint());
                }
            }
            Command::TogglePause => self.change_session(|s, _| s.toggle_pause()),
            Command::StillHere => self.change_session(|s, _| s.still_here()),
            Command::Resign => {
                if self.session.as_ref().is_some_and(|s| s.online().is_some()) {
                    self.resign_online();
                } else {
                    self.change_session(|s, _| s.resign());
                }
            }
            Command::SetLevel(side, level) => self.set_level(*side, *level),
            Command::SetClock(clock) => self.set_clock(*clock),
            Command::SetPlayerNames(names) => {
                self.settings.names = names.cleaned();
                self.save_settings();
            }
            Command::SetWatchPace(ms) => {
                self.settings.watch_pace_ms = *ms;
                let pace = self.settings.watch_pace();
                if let Some(s) = &mut self.session {
                    s.set_watch_pace(pace);
                }
                self.save_settings();
            }
            Command::StepWatch => {
                if let Some(s) = &mut self.session {
                    s.step_watch();
                }
            }
            Command::Review => {
                if let Some(s) = &mut self.session {
                    s.review_from_end();
                }
                self.dialogs.close(&Open::Result);
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
                self.continue_from_review(*opponent, *clock)?
            }
            Command::Analyse => self.start_analysis(),
            Command::CancelAnalysis => {
                if let Some(a) = self.analysis.take() {
                    a.cancel();
                }
            }
            Command::SetLanguage(language) => self.set_language(*language),
            Command::SetPauseInBackground(on) => {
                self.settings.pause_in_background = *on;
                self.save_settings();
            }
            Command::SetSound(on) => {
                self.settings.sound = *on;
                self.save_settings();
                if *on {
                    self.player.prepare();
                    self.player.play(Sound::Place, self.settings.volume);
                }
            }
            Command::SetVolume(volume) => {
                self.settings.volume = (*volume).min(100);
                self.save_settings();
            }
            Command::PreviewSound => {
                if self.settings.sound {
                    self.player.play(Sound::Place, self.settings.volume);
                }
            }
            Command::SetTheme(choice) => {
                self.settings.theme = *choice;
                self.options.theme = None;
                self.follow_theme();
                self.save_settings();
            }
            Command::SetBoardStyle(style) => {
                self.settings.board_style = *style;
                self.save_settings();
            }
            Command::SetPieceStyle(style) => {
                self.settings.piece_style = *style;
                self.save_settings();
            }
            Command::SetAnimationSpeed(speed) => {
                self.settings.animations = true;
                self.settings.animation_speed = *speed;
                self.save_settings();
            }
            Command::SetTextSize(size) => {
                self.settings.text_size = *size;
                theme::set_text_scale(&self.ctx, size.scale());
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
            Command::BuildTable => self.build_table(),
            Command::CancelTableBuild => {
                if let Some(build) = &self.table_build {
                    build.cancel();
                }
            }
            Command::DeclineTableBuild => {
                self.settings.table_offer_declined = true;
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
            Command::OpenPuzzles(game) => self.open_puzzles(*game)?,
            Command::OpenOwnPuzzles => self.open_own_puzzle()?,
            Command::SetPuzzleGame(game) => self.set_puzzle_game(*game)?,
            Command::SetPuzzleTheme(theme) => self.set_puzzle_theme(*theme)?,
            Command::NextPuzzle => self.next_puzzle()?,
            Command::PuzzleClick(p) => self.change_puzzle(|r, at| r.click(*p, at)),
            Command::PuzzleDrag(from, to) => self.change_puzzle(|r, at| r.drag(*from, *to, at)),
            Command::ShowPuzzleSolution => self.change_puzzle(|r, _| r.show_solution()),
            Command::RetryPuzzle => self.change_puzzle(|r, _| r.retry()),
            Command::PuzzleSolutionStep => self.change_puzzle(|r, at| r.step_solution(at)),
            Command::LearnFromMistakes => self.learn_from_mistakes(),
        }
        Ok(Done::Ok)
    }

    /// Now, as the actions played now are shown: the UI's clock, whether to animate and at
    /// what pace.
    fn moment(&self) -> Moment {
        let speed = self.settings.animation();
        Moment {
            ui_time: self.ctx.input(|i| i.time),
            animate: speed.is_some(),
            pace: speed.map_or(1.0, AnimationSpeed::pace),
        }
    }

    /// The pause between the computer's actions of one turn, at the animations' pace (the
    /// quick one when they are off: there is no movement to wait for, only the capture to
    /// see).
    fn step_delay(&self) -> Duration {
        let pace = self
            .settings
            .animation()
            .unwrap_or(AnimationSpeed::Fast)
            .pace();
        self.options.ai_step_delay.mul_f64(pace)
    }

    /// Changes the game on the screen through one of its methods, then does what the change
    /// asks: stops the computer's search, saves the game.
    fn change_session(&mut self, change: impl FnOnce(&mut Session, Moment) -> Changed) {
        let at = self.moment();
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

    /// How the settings have boards and pieces drawn.
    fn look(&self) -> board::Look {
        board::Look {
            board: self.settings.board_style,
            pieces: self.settings.piece_style,
        }
    }

    /// Wears the theme the options or the settings choose.
    fn follow_theme(&self) {
        theme::follow(&self.ctx, self.options.theme.unwrap_or(self.settings.theme));
    }

    /// Plays the sounds the game on the screen made (and the lesson's), if sound is on.
    fn play_sounds(&mut self) {
        let mut sounds = self
            .session
            .as_mut()
            .map(Session::take_sounds)
            .unwrap_or_default();
        if let Some(lesson) = &mut self.lesson {
            sounds.extend(lesson.take_sounds());
        }
        if !self.settings.sound {
            return;
        }
        for sound in sounds {
            self.player.play(sound, self.settings.volume);
        }
    }

    /// After every change: a game that has just ended is kept in the history, counted and
    /// its result shown.
    fn after_change(&mut self) {
        let Some(ending) = self.session.as_mut().and_then(Session::take_ending) else {
            return;
        };
        self.keep_finished();
        if let Some((game, opponent, outcome)) = ending.counted {
            self.stats.record(game, opponent, outcome);
            if let Some(side) = self.session.as_ref().and_then(Session::human_side) {
                self.stats.record_side(game, side, outcome);
            }
            if let Some((game, level, outcome)) = ending.rated {
                let before = self.stats.rating(game).map(|r| r.now);
                let after = self.stats.rate(game, level, outcome, unix_seconds());
                self.after_game = Some(AfterGame {
                    game,
                    level,
                    before,
                    after: after.now,
                    suggestion: after.suggestion(game, level, outcome.score()),
                });
            }
            if self.keeps_files
                && let Err(e) = self.store.save_stats(&self.stats)
            {
                self.report_save_error(e);
            }
        }
        self.open_dialog(Open::Result);
    }

    fn open_dialog(&mut self, request: Open) {
        let opening = Opening {
            last_setup: self.settings.last_setup,
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
        // An online game is the server's to keep: nothing to resume here.
        let Some(s) = self
            .session
            .as_ref()
            .filter(|s| !s.is_from_record() && s.online().is_none())
        else {
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
        // An unwritable folder is announced once at start, and so is a file left as it is
        // (its notice says that nothing is saved over it): don't repeat them for every save.
        if self.store.is_writable() && !matches!(error, StoreError::LeftAsItIs { .. }) {
            self.add_banner(Banner::Error(AppError::Save(error)));
        }
    }

    fn add_banner(&mut self, banner: Banner) {
        if !self.banners.contains(&banner) {
            self.banners.push(banner);
        }
    }

    // ----- The Flying table -----

    /// Starts (or resumes) the table's build on a thread of its own, one core left free.
    fn build_table(&mut self) {
        if !self.table_writable
            || self
                .table_build
                .as_ref()
                .is_some_and(TableBuild::is_running)
        {
            return;
        }
        let Some(path) = self.flying_table.path().map(|p| p.to_path_buf()) else {
            return;
        };
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .saturating_sub(1)
            .max(1);
        let notify_ctx = self.ctx.clone();
        self.table_build = Some(TableBuild::start(
            BuildConfig::flying(path),
            threads,
            move || notify_ctx.request_repaint(),
        ));
    }

    /// Follows the build: once it ends, the new table is opened (off the UI thread) and the
    /// user is told.
    fn watch_table_build(&mut self) {
        let Some((state, why)) = self.table_build.as_ref().map(TableBuild::state) else {
            return;
        };
        match state {
            BuildState::Running(_) => return,
            BuildState::Finished(time) => {
                self.table_resumable = false;
                let notify_ctx = self.ctx.clone();
                self.flying_table
                    .open_in_background(move || notify_ctx.request_repaint());
                self.banners.retain(|b| !matches!(b, Banner::Table(_)));
                self.add_banner(Banner::Table(TableNotice::Built(time)));
            }
            BuildState::Cancelled => self.table_resumable = true,
            BuildState::Failed => {
                self.table_resumable = self
                    .flying_table
                    .path()
                    .is_some_and(|p| tablebase::checkpoint_path(p).exists());
                self.add_banner(Banner::Table(TableNotice::BuildFailed(
                    why.unwrap_or_default(),
                )));
            }
        }
        // The thread has ended: keep only what the settings show of it.
        if let Some(build) = self.table_build.take() {
            self.table_build_end = Some(build.state());
        }
    }

    /// Damage a probe found in the open table (Master's move, a hint, the analysis): the
    /// table is closed and everyone searches instead; the game's side panel says so from the
    /// table's state, as it does for a missing table.
    fn watch_table_damage(&mut self) {
        if self.flying_table.found_damage() {
            self.table_notice_given = true;
        }
    }

    /// The first time Master plays Flying in a run without a usable table: (unless declined
    /// before) the offer to build the table. The side panel says that Master searches, for as
    /// long as that game is on the screen.
    fn tell_master_searches(&mut self) {
        if self.table_notice_given {
            return;
        }
        match self.flying_table.state() {
            TableState::Missing | TableState::NoFolder | TableState::Damaged(_) => {}
            // Still being checked (Master searches meanwhile), or ready; or in the browser,
            // where the side panel says there is no table to build.
            TableState::Opening | TableState::Ready(_) | TableState::DesktopOnly => return,
        }
        self.table_notice_given = true;
        let building = self
            .table_build
            .as_ref()
            .is_some_and(TableBuild::is_running);
        if !self.settings.table_offer_declined
            && !building
            && self.keeps_files
            && self.flying_table.path().is_some()
        {
            self.open_dialog(Open::Confirm(Question::BuildTable));
        }
    }

    /// A hint from the table in Flying: its move, the line of best moves after it, and every
    /// move's exact value. Returns whether it gave one (else the computer is asked).
    fn exact_hint(&mut self) -> bool {
        let Some(s) = &mut self.session else {
            return false;
        };
        let (state, _, quiet_turns) = s.search_input();
        let crate::rules::State::Flying(position) = state else {
            return false;
        };
        let Some(table) = self.flying_table.table() else {
            return false;
        };
        let (Ok(Some(best)), Ok(values)) = (
            table.best_move(&position, quiet_turns),
            table.move_values(&position),
        ) else {
            return false;
        };
        let Some(&(_, value)) = values.iter().find(|(a, _)| *a == best) else {
            return false;
        };
        // The line: the table's best move in each position after the hint, as far as the
        // hint looks ahead (the quiet turns count on, and start again at a flip).
        let mut after = state;
        let Ok(effects) = after.apply(best) else {
            return false;
        };
        let next_quiet = |effects: crate::rules::Effects, quiet: u16| {
            if effects.flipped != 0 { 0 } else { quiet + 1 }
        };
        let mut quiet = next_quiet(effects, quiet_turns);
        let mut line = Vec::new();
        while line.len() < hint::LOOK_AHEAD {
            let crate::rules::State::Flying(p) = after else {
                break;
            };
            let Some(action) = table.best_move(&p, quiet).ok().flatten() else {
                break;
            };
            let Ok(effects) = after.apply(action) else {
                break;
            };
            line.push(action);
            quiet = next_quiet(effects, quiet);
        }
        let mover = state.to_act().unwrap_or(Side::Black);
        let exact = Evaluation::of_value(value).for_side(mover, Side::Black);
        let Some(mut reason) = hint::reason(&state, &[best], &line, Some(exact)) else {
            return false;
        };
        reason.exact = true;
        s.show_exact_hint(reason, values);
        true
    }

    /// What the settings show of the table.
    fn table_view(&self) -> TableView {
        TableView {
            state: self.flying_table.state(),
            build: self
                .table_build
                .as_ref()
                .map(TableBuild::state)
                .or_else(|| self.table_build_end.clone())
                .map(|(state, _)| state),
            build_error: self
                .table_build_end
                .as_ref()
                .and_then(|(_, why)| why.clone()),
            resumable: self.table_resumable,
        }
    }

    // ----- The computer -----

    fn ask_computer(&mut self, purpose: Purpose, config: ai::Config) {
        if purpose == Purpose::Turn
            && config.level == Level::Master
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.setup().game == GameId::Flying)
        {
            self.tell_master_searches();
        }
        let Some(s) = &mut self.session else {
            return;
        };
        let (state, history, quiet_turns) = s.search_input();
        let generation = self.computer.ask(state, history, quiet_turns, config);
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
        self.advance_online();
        let Some(s) = &mut self.session else {
            return;
        };
        while let Some(reply) = self.computer.poll() {
            s.receive(reply);
        }
        if self.screen != Screen::Game || !s.is_moving() {
            return;
        }
        let delay = self.step_delay();
        self.change_session(|s, at| s.play_planned(delay, at));
        self.change_session(|s, at| s.check_clock(at));
        // The person's clock has run out turn after turn: the game has stopped for them.
        if self.session.as_mut().is_some_and(Session::take_away) {
            self.open_dialog(Open::Confirm(Question::StillThere));
        }
        if let Some(level) = self.session.as_ref().and_then(Session::wants_turn) {
            self.ask_computer(Purpose::Turn, ai::Config::new(level));
        }
    }

    // ----- The frame -----

    /// One frame's work before drawing (what [`eframe::App::logic`] does).
    pub fn logic_frame(&mut self, ctx: &egui::Context) {
        theme::begin_frame(ctx);
        board::set_look(self.look());
        self.open_arrived_link();
        self.watch_window(ctx);
        self.watch_table_build();
        self.watch_table_damage();
        self.hold_game();
        self.advance();
        self.poll_analysis();
        if self.screen == Screen::Learn {
            self.change_lesson(|l, at| l.advance(at));
        }
        if self.screen == Screen::Records
            && self.history.unread() > 0
            && self.history.read_some(HISTORY_READ_BUDGET)
        {
            ctx.request_repaint();
        }
        if self.screen == Screen::Puzzles {
            self.change_puzzle(|r, at| r.advance(at));
        }
        self.watch_mistakes();
        self.after_change();
        self.play_sounds();
        let now = ctx.input(|i| i.time);
        if let Some(s) = &mut self.session {
            s.prune_animations(now);
        }
    }

    /// Draws the window (what [`eframe::App::ui`] does), then carries out what was asked.
    pub fn ui_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        theme::begin_frame(&ctx);
        board::set_look(self.look());
        let modal = self.dialogs.any_modal();
        let table = self.table_view();
        let view = View {
            i18n: &self.i18n,
            chinese: &self.chinese,
            settings: &self.settings,
            stats: &self.stats,
            lessons: &self.lessons,
            puzzles: &self.puzzles,
            looking_for_mistakes: self.mistakes.is_some(),
            mistakes_found: self.mistakes_found,
            session: self.session.as_ref(),
            resumable: resumable(self.session.as_ref(), self.saved.as_ref()),
            data_dir: self.store.dir(),
            records_dir: self.store.records_dir(),
            result_open: self.dialogs.is_open(&Open::Result),
            after_game: self.after_game,
            analysis: self
                .analysis
                .as_ref()
                .filter(|a| self.session.as_ref().is_some_and(|s| a.is_for(s.game()))),
            table: &table,
            history: &self.history,
            zone: self.options.zone,
            banners: &self.banners,
            online: self.online.as_ref(),
        };
        let lesson_rules = match (self.screen, self.lesson.as_ref(), self.puzzle.as_ref()) {
            (Screen::Learn, Some(lesson), _) => Some(rules_page(lesson)),
            (Screen::Puzzles, _, Some(run)) => {
                Some((run.puzzle().game, super::command::RulesTab::KeyPoints))
            }
            _ => None,
        };
        let mut commands = shortcuts(&ctx, &view, self.screen, modal, lesson_rules);
        // Over a game the notices lie over the board, where they move nothing (the game
        // screen draws them).
        if !(self.screen == Screen::Game && view.session.is_some()) {
            commands.extend(banners_ui(ui, view.i18n, view.banners));
        }
        match (
            self.screen,
            view.session,
            self.lesson.as_ref(),
            self.puzzle.as_ref(),
        ) {
            (Screen::Game, Some(s), ..) => commands.extend(self.game_screen.ui(ui, &view, s)),
            (Screen::Learn, _, Some(lesson), _) => {
                commands.extend(self.lesson_screen.ui(ui, &view, lesson));
            }
            (Screen::Records, ..) => commands.extend(self.history_screen.ui(ui, &view)),
            (Screen::Stats, ..) => commands.extend(self.stats_screen.ui(ui, &view)),
            (Screen::Puzzles, .., Some(run)) => {
                commands.extend(self.puzzle_screen.ui(ui, &view, run));
            }
            _ => commands.extend(self.home.ui(ui, &view)),
        }
        commands.extend(self.dialogs.ui(&ctx, &view));
        widgets::focus_ring(&ctx);
        // A record dropped on the window (or the page) opens for review.
        if !modal && let Some(path) = dropped_record(&ctx) {
            commands.push(Command::OpenRecord(path));
        }
        for command in commands {
            // Errors were shown where they belong (a dialog or a banner).
            let _ = self.apply(command);
        }
        // A deletion can be undone while the history is on the screen.
        if self.screen != Screen::Records {
            self.history.purge_deleted();
        }
        let shown = match self.screen {
            Screen::Home | Screen::Records | Screen::Stats => true,
            Screen::Game => self.session.is_some(),
            Screen::Learn => self.lesson.is_some(),
            Screen::Puzzles => self.puzzle.is_some(),
        };
        if !shown {
            self.screen = Screen::Home;
        }
        // A dialog may have closed itself (its window's close button).
        self.hold_game();
        self.play_sounds();
        self.schedule_repaint();
    }

    /// Asks for the next frame when something will change: an animation, the computer's
    /// next action, the clock's next second. Otherwise the window sleeps.
    fn schedule_repaint(&self) {
        if self.screen == Screen::Learn {
            self.schedule_lesson_repaint();
            return;
        }
        if self.screen == Screen::Puzzles {
            self.schedule_puzzle_repaint();
            return;
        }
        let Some(s) = &self.session else {
            return;
        };
        let now = self.ctx.input(|i| i.time);
        if self.computer.has_ready() || s.is_animating(now) {
            self.ctx.request_repaint();
        }
        // The board's explanation of the last turn fades in.
        if s.is_spotlight_fading(now) {
            self.ctx.request_repaint();
        }
        if self.screen == Screen::Game
            && let Some(wait) = s.next_change()
        {
            self.ctx.request_repaint_after(wait);
        }
    }

    /// Remembers the window's size, and saves everything when the window closes.
    fn watch_window(&mut self, ctx: &egui::Context) {
        let (rect, closing, focused) = ctx.input(|i| {
            let viewport = i.viewport();
            (
                viewport.inner_rect,
                viewport.close_requested(),
                viewport.focused.unwrap_or(true),
            )
        });
        // Back at the front: the system's theme may have changed meanwhile.
        if focused
            && !self.focused
            && let Some(system) = &self.system_theme
        {
            system.refresh(ctx);
        }
        self.focused = focused;
        if let Some(rect) = rect {
            let size = [rect.width().round(), rect.height().round()];
            if size[0] >= 100.0 && size[1] >= 100.0 {
                self.settings.window_size = Some(size);
            }
        }
        if closing {
            self.save_settings();
            self.save_game();
            self.history.purge_deleted();
            self.save_puzzles();
            // A build in progress stops and keeps its checkpoint for the next run.
            self.table_build.take();
        }
    }
}

/// The game the home screen's "Continue" resumes: the one in memory, else a saved one.
fn resumable(session: Option<&Session>, saved: Option<&SavedGame>) -> Option<Resumable> {
    match session.filter(|s| s.is_live()) {
        Some(s) => Some(Resumable {
            setup: s.setup(),
            human_side: s.human_side(),
            moves: s.game().turns(),
        }),
        None => saved.map(|g| Resumable {
            setup: g.setup,
            human_side: g.human_side,
            // Counted as the move list counts them (its actions, should the record not
            // replay).
            moves: g
                .record
                .replay()
                .map_or(g.record.actions.len(), |game| game.turns()),
        }),
    }
}

impl eframe::App for SanqiApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_frame(ctx);
    }

    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        widgets::press_outside_popup_only_closes_it(ctx, raw_input);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_frame(ui);
        super::startup::first_frame_drawn();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_settings();
        self.save_game();
        self.history.purge_deleted();
        self.save_puzzles();
        self.table_build.take();
    }

    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }
}
