//! [`PuzzleRun`]: one puzzle on the screen. Its game is a [`Session`], so the board, the
//! clicks, the drags, the keyboard and the animations behave as in a game (without a clock).
//! The solver's actions are checked against the puzzle's line; the opponent answers along
//! it after a short pause. A wrong action is played, the computer shows how the opponent
//! refutes it, and then it is taken back and the solution is shown a step at a time.

use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use super::progress::Current;
use crate::app::clock::TimeSource;
use crate::app::computer::{AiMode, Computer};
use crate::app::hint::{Followup, followup};
use crate::app::session::{Moment, Note, Session};
use crate::app::settings::{ClockSetting, Opponent, Setup};
use crate::learn::puzzles::Puzzle;
use crate::learn::puzzles::Theme;
use crate::learn::puzzles::miss::{Miss, miss};
use crate::rules::{Action, Game, Point, Side};

/// What a puzzle needs from the app: the time, where the computer thinks, and the pause
/// before the opponent's reply.
#[derive(Clone)]
pub struct PuzzleEnv {
    /// The time the app runs on.
    pub time: TimeSource,
    /// Where the computer thinks (for refutations).
    pub ai: AiMode,
    /// The seed of the computer's choices.
    pub seed: u64,
    /// The pause before a reply along the line.
    pub reply_delay: Duration,
    /// Wakes the window when the computer's reply is ready.
    pub notify: Arc<dyn Fn() + Send + Sync>,
}

/// Where the puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The solver is to find the next action (or the opponent's reply is on its way).
    Solving,
    /// A wrong action was played; the computer is showing how the opponent answers it.
    Refuting {
        /// The wrong action.
        wrong: Action,
    },
    /// The refutation is on the board.
    Refuted {
        /// The wrong action.
        wrong: Action,
    },
    /// The solution is being shown, a step at a time.
    Solution,
    /// The line is complete.
    Solved,
}

/// What a change asks of the app.
#[must_use]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleChanged {
    /// The puzzle's result, the first time it is known: solved at the first try, or not.
    pub result: Option<bool>,
    /// Where the puzzle stands changed: save it.
    pub save: bool,
}

/// A puzzle being solved on the screen.
pub struct PuzzleRun {
    puzzle: Puzzle,
    session: Session,
    solver: Side,
    /// The actions of the line played so far.
    next: usize,
    phase: Phase,
    /// Whether a wrong action was made.
    failed: bool,
    /// Whether the solver is trying again after a miss.
    retry: bool,
    /// When the opponent's next action along the line is due.
    reply_due: Option<Instant>,
    computer: Computer,
    /// The computer's request in flight: for the refutation, or (once solved) for what
    /// follows the line.
    pending: Option<u64>,
    /// What the computer expects after a solved pull: the actions gathered so far, the
    /// requests made for them, and the finished account once known.
    followup: Vec<Action>,
    followup_asks: u8,
    followup_done: Option<Followup>,
    env: PuzzleEnv,
}

/// How many times the computer is asked for what follows a pull (a forced reply is played
/// without a line, so the next position is asked again).
const FOLLOWUP_ASKS: u8 = 4;

impl PuzzleRun {
    /// `puzzle` with `played` actions of its line already played (after a restart), the
    /// solution being shown if `failed` (unless the solver is trying again, `retry`); `None`
    /// if its position does not build. A puzzle left solved comes back solved.
    pub fn new(
        puzzle: Puzzle,
        played: usize,
        failed: bool,
        retry: bool,
        env: PuzzleEnv,
    ) -> Option<PuzzleRun> {
        let start = puzzle.start().ok()?;
        let solver = start.state().to_act()?;
        let computer = Computer::new(env.ai, env.seed, notifier(&env));
        let mut run = PuzzleRun {
            session: session_at(&puzzle, start, solver, 0, &env)?,
            puzzle,
            solver,
            next: 0,
            phase: if failed && !retry {
                Phase::Solution
            } else {
                Phase::Solving
            },
            failed,
            retry,
            reply_due: None,
            computer,
            pending: None,
            followup: Vec::new(),
            followup_asks: 0,
            followup_done: None,
            env,
        };
        // Only whole turns of the line are replayed: a restart goes back to the solver's turn,
        // unless the whole line was played and the solver's last turn is over (solved).
        let mut played = played.min(run.puzzle.line.len());
        let solved = played == run.puzzle.line.len() && run.line_done_at(played);
        while !solved && played > 0 && !run.solver_turn_starts_at(played) {
            played -= 1;
        }
        if played > 0 {
            run.rebuild(played)?;
        }
        if run.next >= run.puzzle.line.len() {
            run.phase = Phase::Solved;
        }
        Some(run)
    }

    // ----- What the screen reads -----

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Its game on the board.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The side that solves it.
    pub fn solver(&self) -> Side {
        self.solver
    }

    /// Where it stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether a wrong action was made.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The actions of the line played so far.
    pub fn played(&self) -> usize {
        self.next
    }

    /// What to keep of it across a restart.
    pub fn current(&self) -> Current {
        Current {
            id: self.puzzle.id(),
            played: self.next,
            failed: self.failed,
            retry: self.retry,
        }
    }

    /// Whether the board takes the solver's clicks now.
    pub fn accepts_input(&self) -> bool {
        self.phase == Phase::Solving
            && self.reply_due.is_none()
            && self.session.to_act() == Some(self.solver)
            && !self.session.is_over()
    }

    /// The next action of the line, while the solution is being shown.
    pub fn next_step(&self) -> Option<Action> {
        (self.phase == Phase::Solution)
            .then(|| self.puzzle.line.get(self.next).copied())
            .flatten()
    }

    /// What follows the solved line as the computer plays it, once known: given for the
    /// pull puzzles, whose line is the pull alone and whose point lies in what comes after.
    pub fn followup(&self) -> Option<&Followup> {
        self.followup_done
            .as_ref()
            .filter(|_| self.phase == Phase::Solved)
    }

    /// Whether the computer is working on the refutation, or on what follows the line.
    pub fn computer_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the computer has replies waiting to be read (computed on this thread).
    pub fn has_ready_reply(&self) -> bool {
        self.computer.has_ready()
    }

    /// How long until the puzzle changes by itself (a reply along the line), if it will.
    pub fn next_change(&self) -> Option<Duration> {
        let now = (self.env.time)();
        self.reply_due.map(|due| due.saturating_duration_since(now))
    }

    // ----- What the solver does -----

    /// A click on a point of the board: selects a piece, or tries the action it stands for.
    pub fn click(&mut self, p: Point, at: Moment) -> PuzzleChanged {
        if !self.accepts_input() {
            return PuzzleChanged::default();
        }
        match self.session.clicked_action(p) {
            Some(action) => self.try_action(action, at),
            None => {
                if matches!(self.session.note(), Some(Note::Illegal(_))) {
                    self.session.deselect();
                }
                PuzzleChanged::default()
            }
        }
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drag(&mut self, from: Point, to: Point, at: Moment) -> PuzzleChanged {
        if !self.accepts_input() {
            return PuzzleChanged::default();
        }
        match self.session.dragged_action(from, to) {
            Some(action) => self.try_action(action, at),
            None => PuzzleChanged::default(),
        }
    }

    /// Tries an action of the solver's: the line's (or any, where the line is free) goes on;
    /// any other is a wrong try, refuted on the board.
    pub fn try_action(&mut self, action: Action, at: Moment) -> PuzzleChanged {
        if !self.accepts_input() || self.session.game().state().check(action).is_err() {
            return PuzzleChanged::default();
        }
        let expected = self.puzzle.line.get(self.next).copied();
        let right = expected == Some(action) || self.puzzle.is_free(self.next);
        let _ = self.session.play_checked(action, at);
        if right {
            self.next += 1;
            return self.after_solver_action();
        }
        let first = !self.failed;
        self.failed = true;
        self.phase = Phase::Refuting { wrong: action };
        self.ask_refutation();
        PuzzleChanged {
            result: first.then_some(false),
            save: true,
        }
    }

    /// Why the wrong try on the board fails, once its refutation is there.
    pub fn miss(&self) -> Option<Miss> {
        match self.phase {
            Phase::Refuted { .. } => miss(&self.puzzle, self.next, self.session.game()),
            _ => None,
        }
    }

    /// Whether the solver may try again: after a wrong try is refuted, or once the solution
    /// of a missed puzzle has been shown.
    pub fn can_retry(&self) -> bool {
        matches!(self.phase, Phase::Refuted { .. }) || (self.phase == Phase::Solved && self.failed)
    }

    /// Tries again: after a refuted try, takes it back to the same decision; after the
    /// solution of a missed puzzle, goes back to the puzzle's start. The puzzle stays missed
    /// (its result was counted at the first wrong try).
    pub fn retry(&mut self) -> PuzzleChanged {
        if !self.can_retry() {
            return PuzzleChanged::default();
        }
        self.computer.cancel();
        self.pending = None;
        let from = if self.phase == Phase::Solved {
            0
        } else {
            self.next
        };
        if self.rebuild(from).is_none() {
            return PuzzleChanged::default();
        }
        self.retry = true;
        self.phase = Phase::Solving;
        PuzzleChanged {
            result: None,
            save: true,
        }
    }

    /// Takes the wrong action and its refutation back and shows the solution from there.
    pub fn show_solution(&mut self) -> PuzzleChanged {
        if !matches!(self.phase, Phase::Refuting { .. } | Phase::Refuted { .. }) {
            return PuzzleChanged::default();
        }
        self.computer.cancel();
        self.pending = None;
        self.phase = Phase::Solution;
        self.retry = false;
        let _ = self.rebuild(self.next);
        PuzzleChanged {
            result: None,
            save: true,
        }
    }

    /// Plays the next action of the solution (while it is being shown).
    pub fn step_solution(&mut self, at: Moment) -> PuzzleChanged {
        let Some(action) = self.next_step() else {
            return PuzzleChanged::default();
        };
        let _ = self.session.play_checked(action, at);
        self.next += 1;
        if self.next >= self.puzzle.line.len() {
            self.phase = Phase::Solved;
        }
        PuzzleChanged {
            result: None,
            save: true,
        }
    }

    /// Drops the selection.
    pub fn deselect(&mut self) {
        self.session.deselect();
    }

    // ----- The puzzle going on by itself -----

    /// Plays what is due: the opponent's reply along the line, the refutation's actions.
    pub fn advance(&mut self, at: Moment) -> PuzzleChanged {
        self.session.prune_animations(at.ui_time);
        let now = (self.env.time)();
        if self.phase == Phase::Solving
            && let Some(due) = self.reply_due
            && now >= due
        {
            self.reply_due = None;
            if let Some(&action) = self.puzzle.line.get(self.next) {
                let _ = self.session.play_checked(action, at);
                self.next += 1;
            }
            if self.session.to_act() != Some(self.solver) && self.next < self.puzzle.line.len() {
                self.reply_due = Some(now + self.env.reply_delay);
            }
            return PuzzleChanged {
                result: None,
                save: true,
            };
        }
        if self.phase == Phase::Solved && self.wants_followup() {
            self.advance_followup();
        }
        if let Phase::Refuting { wrong } = self.phase {
            while let Some(reply) = self.computer.poll() {
                if Some(reply.generation) != self.pending {
                    continue;
                }
                self.pending = None;
                let side = self.session.to_act();
                match reply.result {
                    Ok(plan) => {
                        for action in plan.actions {
                            if self.session.to_act() != side {
                                break;
                            }
                            let _ = self.session.play_checked(action, at);
                        }
                    }
                    // Without a refutation, the wrong action alone stays on the board.
                    Err(_) => self.phase = Phase::Refuted { wrong },
                }
            }
            if self.phase == (Phase::Refuting { wrong }) {
                if self.refutation_done() {
                    self.phase = Phase::Refuted { wrong };
                } else if self.pending.is_none() {
                    self.ask_refutation();
                }
            }
        }
        PuzzleChanged::default()
    }

    // ----- Inside -----

    /// Whether what follows the line is still to be worked out: a pull puzzle whose game
    /// goes on after it.
    fn wants_followup(&self) -> bool {
        self.followup_done.is_none()
            && self.puzzle.themes.contains(Theme::Pull)
            && !self.session.is_over()
    }

    /// Reads the computer's replies for what follows the line, asks again after a forced
    /// reply, and sums up once the line is long enough (or the computer has no more to say).
    fn advance_followup(&mut self) {
        while let Some(reply) = self.computer.poll() {
            if Some(reply.generation) != self.pending {
                continue;
            }
            self.pending = None;
            match reply.result {
                Ok(plan) if !plan.actions.is_empty() => {
                    let forced = plan.line.is_empty();
                    self.followup.extend(plan.actions);
                    self.followup.extend(plan.line);
                    if !forced || self.followup_asks >= FOLLOWUP_ASKS {
                        self.finish_followup();
                        return;
                    }
                }
                _ => {
                    self.finish_followup();
                    return;
                }
            }
        }
        if self.pending.is_some() {
            return;
        }
        // Asked again from where the actions gathered so far lead.
        let mut game = self.session.game().clone();
        if self.followup.iter().any(|&a| game.apply(a).is_err())
            || game.status().is_over()
            || self.followup_asks >= FOLLOWUP_ASKS
        {
            self.finish_followup();
            return;
        }
        let history = (0..game.len()).map(|i| game.state_after(i).key()).collect();
        self.followup_asks += 1;
        self.pending = Some(self.computer.ask(
            *game.state(),
            history,
            game.quiet_turns(),
            crate::ai::Config::hint(),
        ));
    }

    fn finish_followup(&mut self) {
        let state = *self.session.game().state();
        self.followup_done = Some(followup(&state, self.solver, &self.followup));
    }

    /// After a right action of the solver's: the opponent's reply is due, or the puzzle is
    /// solved.
    fn after_solver_action(&mut self) -> PuzzleChanged {
        let turn_over = self.session.to_act() != Some(self.solver);
        if self.next >= self.puzzle.line.len() && (turn_over || self.session.is_over()) {
            self.phase = Phase::Solved;
            return PuzzleChanged {
                result: (!self.failed).then_some(true),
                save: true,
            };
        }
        if self.next >= self.puzzle.line.len() {
            // The line is done but the turn is not: its free captures are still to come.
            return PuzzleChanged {
                result: None,
                save: true,
            };
        }
        if turn_over {
            self.reply_due = Some((self.env.time)() + self.env.reply_delay);
        }
        PuzzleChanged {
            result: None,
            save: true,
        }
    }

    /// Whether the opponent has answered the wrong action with a whole turn (or the game
    /// ended).
    fn refutation_done(&self) -> bool {
        let game = self.session.game();
        game.status().is_over()
            || game
                .last_effects()
                .is_some_and(|e| e.actor != self.solver && e.turn_over)
    }

    fn ask_refutation(&mut self) {
        if self.refutation_done() {
            if let Phase::Refuting { wrong } = self.phase {
                self.phase = Phase::Refuted { wrong };
            }
            return;
        }
        let (state, history, quiet_turns) = self.session.search_input();
        self.pending =
            Some(
                self.computer
                    .ask(state, history, quiet_turns, crate::ai::Config::hint()),
            );
    }

    /// Whether the solver's last turn is over (or the game) after `played` actions of the
    /// line: the puzzle is solved there.
    fn line_done_at(&self, played: usize) -> bool {
        let Ok(mut game) = self.puzzle.start() else {
            return false;
        };
        for &a in &self.puzzle.line[..played] {
            if game.apply(a).is_err() {
                return false;
            }
        }
        game.status().is_over() || game.state().to_act() != Some(self.solver)
    }

    /// Whether a turn of the solver's starts after `played` actions of the line.
    fn solver_turn_starts_at(&self, played: usize) -> bool {
        let Ok(mut game) = self.puzzle.start() else {
            return false;
        };
        for &a in &self.puzzle.line[..played] {
            if game.apply(a).is_err() {
                return false;
            }
        }
        game.at_turn_start() && game.state().to_act() == Some(self.solver)
    }

    /// The board again at the puzzle's position with `played` actions of the line.
    fn rebuild(&mut self, played: usize) -> Option<()> {
        let start = self.puzzle.start().ok()?;
        self.session = session_at(&self.puzzle, start, self.solver, played, &self.env)?;
        self.next = played;
        self.reply_due = None;
        Some(())
    }
}

/// The puzzle's game with `played` actions of its line, for the solver, without a clock;
/// its last turn is drawn as played.
fn session_at(
    puzzle: &Puzzle,
    mut game: Game,
    solver: Side,
    played: usize,
    env: &PuzzleEnv,
) -> Option<Session> {
    for &a in puzzle.line.get(..played)? {
        game.apply(a).ok()?;
    }
    let setup = Setup {
        game: puzzle.game,
        opponent: Opponent::Human,
        clock: ClockSetting::Off,
    };
    let mut session = Session::new(setup, Some(solver), game, env.time.clone());
    session.explain_last_turn();
    Some(session)
}

fn notifier(env: &PuzzleEnv) -> impl Fn() + Send + 'static {
    let notify = env.notify.clone();
    move || notify()
}
