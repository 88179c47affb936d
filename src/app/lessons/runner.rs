//! [`Lesson`]: one step on the screen. Its game is a [`Session`], so the board, the clicks,
//! the animations and the clock behave as in a game; the lesson checks each action of the
//! learner's before it is played ([`judge`]), plays the scripted replies, and for a game
//! against the computer asks a computer of its own.

use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use super::Course;
use super::judge::{Why, judge};
use super::step::{Goal, Step, Task};
use crate::ai::Level;
use crate::app::clock::TimeSource;
use crate::app::computer::{AiMode, Computer};
use crate::app::session::{Moment, Note, Purpose, Session};
use crate::app::settings::{ClockSetting, Opponent, Setup, SideChoice};
use crate::rules::{Action, Decision, Point, Side, Status};

/// The level of the computer a step's game is played against.
pub const LESSON_LEVEL: Level = Level::Beginner;

/// What a lesson needs from the app: the time, where the computer thinks, and how long a
/// scripted reply waits so that the learner sees the move first.
#[derive(Clone)]
pub struct LessonEnv {
    /// The time the app runs on.
    pub time: TimeSource,
    /// Where the computer thinks.
    pub ai: AiMode,
    /// The seed of the computer's choices.
    pub seed: u64,
    /// The pause before a scripted reply, and between the computer's actions.
    pub reply_delay: Duration,
    /// Wakes the window when the computer's reply is ready.
    pub notify: Arc<dyn Fn() + Send + Sync>,
}

/// What the learner is told about the last try.
#[derive(Clone, Debug, PartialEq)]
pub enum Feedback {
    /// What the board said about a click (an action the rules refuse, a piece with no move).
    Note(Note),
    /// A legal action that does not do what the step asks.
    Refused(Why),
    /// The step is done.
    Done,
    /// The game against the computer ended without a win.
    Lost(Status),
}

/// What a change to the lesson asks of the app.
#[must_use]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepChanged {
    /// The step has just been completed: keep it in the progress.
    pub completed: bool,
}

/// A lesson step being done on the screen.
pub struct Lesson {
    course: Course,
    index: usize,
    step: &'static Step,
    session: Session,
    learner: Side,
    /// The task under way, an index into the step's tasks.
    task: usize,
    feedback: Option<Feedback>,
    /// When the scripted reply under way is due.
    reply_due: Option<Instant>,
    /// The action "show me" points at.
    shown: Option<Action>,
    /// The computer of a step played out against it.
    computer: Option<Computer>,
    /// The number of actions the prepared position's history already holds.
    prepared: usize,
    env: LessonEnv,
}

impl Lesson {
    /// Step `index` of `course` from its prepared position, or `None` if there is no such
    /// step or its position does not build.
    pub fn new(course: Course, index: usize, env: LessonEnv) -> Option<Lesson> {
        let step = course.steps().get(index)?;
        let game = step.position.build()?;
        let learner = game.state().to_act()?;
        let prepared = game.len();
        let opponent = if step.is_game() {
            Opponent::Computer {
                level: LESSON_LEVEL,
                side: match learner {
                    Side::Black => SideChoice::Black,
                    Side::White => SideChoice::White,
                },
            }
        } else {
            Opponent::Human
        };
        let setup = Setup {
            game: game.id(),
            opponent,
            clock: ClockSetting::Off,
        };
        let mut session = Session::new(setup, Some(learner), game, env.time.clone());
        if let Some(seconds) = step.clock {
            session.set_turn_budget(Some(Duration::from_secs(seconds)));
            // The learner starts the clock once the text is read.
            session.set_paused(true);
        }
        let computer = step
            .is_game()
            .then(|| Computer::new(env.ai, env.seed, notifier(&env)));
        let mut lesson = Lesson {
            course,
            index,
            step,
            session,
            learner,
            task: 0,
            feedback: None,
            reply_due: None,
            shown: None,
            computer,
            prepared,
            env,
        };
        // A step starts with an action of the learner's, never complete.
        let _ = lesson.enter_task();
        Some(lesson)
    }

    // ----- What the screen reads -----

    /// The course.
    pub fn course(&self) -> Course {
        self.course
    }

    /// The step's index in its course.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The step.
    pub fn step(&self) -> &'static Step {
        self.step
    }

    /// The step's game on the board.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The sounds the step's board made since the last call.
    pub fn take_sounds(&mut self) -> Vec<crate::sound::Sound> {
        self.session.take_sounds()
    }

    /// The side the learner plays.
    pub fn learner(&self) -> Side {
        self.learner
    }

    /// What the learner was told last.
    pub fn feedback(&self) -> Option<&Feedback> {
        self.feedback.as_ref()
    }

    /// Whether every task of the step is done.
    pub fn is_done(&self) -> bool {
        self.task >= self.step.tasks.len()
    }

    /// The task under way.
    pub fn task(&self) -> Option<Task> {
        self.step.tasks.get(self.task).copied()
    }

    /// Whether the board takes the learner's clicks now.
    pub fn accepts_input(&self) -> bool {
        !self.session.is_over()
            && matches!(
                self.task(),
                Some(Task::Act(_) | Task::Captures | Task::PlayOut)
            )
            && self.session.human_to_act()
    }

    /// The action "show me" points at, if shown.
    pub fn shown(&self) -> Option<Action> {
        self.shown
    }

    /// Whether the step waits for the learner to start its clock.
    pub fn clock_waiting(&self) -> bool {
        self.step.clock.is_some() && self.session.is_paused() && !self.is_done()
    }

    /// Whether the computer is working on its turn.
    pub fn computer_busy(&self) -> bool {
        self.session.computer_busy()
    }

    /// How long until the lesson changes by itself (a reply, the clock's next second), if
    /// something is under way.
    pub fn next_change(&self) -> Option<Duration> {
        let now = (self.env.time)();
        let reply = self.reply_due.map(|due| due.saturating_duration_since(now));
        match (reply, self.session.next_change()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether "show me" can help in this step (not in a game, not while waiting for the
    /// clock).
    pub fn can_show(&self) -> bool {
        !self.step.is_game() && !self.step.waits_for_clock()
    }

    /// An action that does what the task under way asks: the example solution's if it
    /// fits, else the first legal one that does.
    pub fn suggestion(&self) -> Option<Action> {
        if !self.accepts_input() || !self.can_show() {
            return None;
        }
        let game = self.session.game();
        let fits = |action: &Action| judge(self.step, self.task, game, *action).is_ok();
        let played = self.learner_actions_so_far();
        self.step
            .solution_actions()
            .get(played)
            .copied()
            .filter(fits)
            .or_else(|| game.state().legal_vec().into_iter().find(fits))
    }

    /// The number of the learner's actions since the step began.
    fn learner_actions_so_far(&self) -> usize {
        self.session
            .game()
            .effects()
            .skip(self.prepared)
            .filter(|e| e.actor == self.learner)
            .count()
    }

    // ----- What the learner does -----

    /// A click on a point of the board: selects a piece, or tries the action it stands for.
    pub fn click(&mut self, p: Point, at: Moment) -> StepChanged {
        if !self.accepts_input() {
            if self.clock_waiting() {
                self.feedback = Some(Feedback::Note(Note::Message("lesson.start_clock_first")));
            }
            return StepChanged::default();
        }
        let Some(action) = self.session.clicked_action(p) else {
            let note = self.session.note().cloned();
            // After a try the rules refuse, the next one starts afresh, as after any refusal.
            if matches!(note, Some(Note::Illegal(_))) {
                self.session.deselect();
            }
            self.feedback = note.map(Feedback::Note);
            return StepChanged::default();
        };
        self.try_action(action, at)
    }

    /// A piece dragged from `from` and dropped on `to`: tries the move it stands for.
    pub fn drag(&mut self, from: Point, to: Point, at: Moment) -> StepChanged {
        if !self.accepts_input() {
            if self.clock_waiting() {
                self.feedback = Some(Feedback::Note(Note::Message("lesson.start_clock_first")));
            }
            return StepChanged::default();
        }
        let Some(action) = self.session.dragged_action(from, to) else {
            // The rules' reason; the piece stays picked up when it can move elsewhere.
            self.feedback = self.session.note().cloned().map(Feedback::Note);
            return StepChanged::default();
        };
        self.try_action(action, at)
    }

    /// Tries an action of the learner's: played if it does what the task asks, otherwise
    /// refused with the reason.
    pub fn try_action(&mut self, action: Action, at: Moment) -> StepChanged {
        if !self.accepts_input() {
            return StepChanged::default();
        }
        if let Err(why) = judge(self.step, self.task, self.session.game(), action) {
            self.session.deselect();
            self.feedback = Some(Feedback::Refused(why));
            return StepChanged::default();
        }
        self.shown = None;
        self.feedback = None;
        self.play(action, at);
        self.after_learner_action()
    }

    /// Starts the clock of a step about the clock.
    pub fn start_clock(&mut self) {
        if self.clock_waiting() {
            self.session.set_paused(false);
            self.feedback = None;
        }
    }

    /// Points at an action that does what is asked.
    pub fn show_me(&mut self) {
        self.shown = self.suggestion();
    }

    /// Drops the selection and what "show me" points at.
    pub fn deselect(&mut self) {
        self.session.deselect();
        self.shown = None;
    }

    // ----- The lesson going on by itself -----

    /// Plays what is due: a scripted reply, the clock running out, the computer's turn.
    pub fn advance(&mut self, at: Moment) -> StepChanged {
        self.session.prune_animations(at.ui_time);
        let now = (self.env.time)();
        match self.task() {
            Some(Task::Reply(reply)) if self.reply_due.is_some_and(|due| now >= due) => {
                self.reply_due = None;
                if let Some(action) = reply.action(self.session.game().state()) {
                    self.play(action, at);
                }
                // What the board says about the reply (a clock that ran out) is worth reading.
                self.feedback = self.session.note().cloned().map(Feedback::Note);
                self.task += 1;
                return self.enter_task();
            }
            Some(Task::Act(Goal::Timeout)) => {
                let before = self.session.game().len();
                let _ = self.session.check_clock(at);
                if self.session.game().len() > before {
                    self.feedback = None;
                    self.task += 1;
                    return self.enter_task();
                }
            }
            Some(Task::PlayOut) => return self.advance_game(at),
            _ => {}
        }
        StepChanged::default()
    }

    /// The computer's side of a game played out: its replies, its planned actions, its next
    /// request; and the end of the game.
    fn advance_game(&mut self, at: Moment) -> StepChanged {
        let Some(computer) = &mut self.computer else {
            return StepChanged::default();
        };
        while let Some(reply) = computer.poll() {
            self.session.receive(reply);
        }
        let changed = self.session.play_planned(self.env.reply_delay, at);
        if changed.stop_search {
            computer.cancel();
        }
        if let Some(level) = self.session.wants_turn() {
            let (state, history, quiet_turns) = self.session.search_input();
            let generation =
                computer.ask(state, history, quiet_turns, crate::ai::Config::new(level));
            self.session.searching(generation, Purpose::Turn);
        }
        self.check_game_over()
    }

    /// Whether the computer has replies waiting to be read (computed on this thread).
    pub fn has_ready_reply(&self) -> bool {
        self.computer.as_ref().is_some_and(Computer::has_ready)
    }

    // ----- Moving through the tasks -----

    fn play(&mut self, action: Action, at: Moment) {
        let changed = self.session.play_checked(action, at);
        if changed.stop_search
            && let Some(computer) = &self.computer
        {
            computer.cancel();
        }
    }

    /// After an accepted action of the learner's: the next task, unless captures are still
    /// owed or the game goes on.
    fn after_learner_action(&mut self) -> StepChanged {
        match self.task() {
            Some(Task::PlayOut) => self.check_game_over(),
            Some(Task::Captures) if self.owes_captures() => StepChanged::default(),
            _ => {
                self.task += 1;
                self.enter_task()
            }
        }
    }

    fn owes_captures(&self) -> bool {
        let state = self.session.game().state();
        state.to_act() == Some(self.learner)
            && matches!(state.decision(), Some(Decision::Capture { .. }))
    }

    /// Starts the task under way: schedules a reply, skips captures that are not owed, and
    /// reports the step's completion once, when its last task is done.
    fn enter_task(&mut self) -> StepChanged {
        loop {
            match self.task() {
                None => {
                    self.feedback = Some(Feedback::Done);
                    self.session.deselect();
                    return StepChanged { completed: true };
                }
                Some(Task::Reply(_)) => {
                    if self.session.is_over() {
                        self.task += 1;
                        continue;
                    }
                    self.reply_due = Some((self.env.time)() + self.env.reply_delay);
                    return StepChanged::default();
                }
                Some(Task::Captures) if !self.owes_captures() => self.task += 1,
                Some(_) => return StepChanged::default(),
            }
        }
    }

    /// A game played out has ended: done if the learner won, otherwise lost.
    fn check_game_over(&mut self) -> StepChanged {
        if !self.session.is_over() || self.task() != Some(Task::PlayOut) {
            return StepChanged::default();
        }
        let status = self.session.status();
        if status.winner() == Some(self.learner) {
            self.task += 1;
            self.enter_task()
        } else {
            self.feedback = Some(Feedback::Lost(status));
            StepChanged::default()
        }
    }
}

fn notifier(env: &LessonEnv) -> impl Fn() + Send + 'static {
    let notify = env.notify.clone();
    move || notify()
}
