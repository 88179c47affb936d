//! The game on the screen: the rules' [`Game`] with who plays each side, the turn clock, the
//! selection, undo and redo, hints, the review position, the computer's pending turn and what
//! the user was last told. Nothing here draws; the screens read it through its methods and
//! the app changes it only through them, so its bookkeeping (the redo list, the clock, the
//! hint, the computer's plan) is kept in one place.
//!
//! Every change returns [`Changed`]: whether the game should be saved and whether a search of
//! the computer's must be stopped. The computer itself belongs to the app; the session only
//! says what to ask it ([`Session::wants_turn`], [`Session::search_input`]) and takes its
//! replies ([`Session::receive`]).

mod scene;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

pub use scene::Turn;

use super::board::{self, Animation};
use super::clock::{Clock, TimeSource};
use super::computer::is_cancelled;
use super::settings::{ClockSetting, Opponent, Outcome, SavedGame, Setup, SideChoice, Stats};
use super::text::TimeoutReport;
use crate::ai::{Level, Reply};
use crate::rules::records::Record;
use crate::rules::{
    Action, Decision, Effects, Game, GameId, IllegalAction, Point, Side, State, Status,
};

/// Something the side panel tells the user, kept structured so that it follows a language
/// switch.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A click that is not allowed, and why.
    Illegal(IllegalAction),
    /// A fixed message, by locale key.
    Message(&'static str),
    /// A turn clock ran out.
    Timeout(TimeoutReport),
    /// The computer could not choose (the text is the reason, in English).
    ComputerFailed(String),
}

impl Note {
    /// Whether the note warns about something the user did.
    pub fn is_warning(&self) -> bool {
        matches!(self, Note::Illegal(_) | Note::ComputerFailed(_))
            || matches!(self, Note::Message(key) if key.starts_with("msg.no_"))
    }
}

/// Why the computer was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play its turn.
    Turn,
    /// To suggest an action to the person.
    Hint,
}

/// A request to the computer that has not been answered yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    /// The request's number; replies with another number are stale.
    generation: u64,
    /// What the reply is for.
    purpose: Purpose,
}

/// What the app must do after a change to the session.
#[must_use]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    /// The game changed: save it.
    pub save: bool,
    /// A search of the computer's no longer applies: cancel it.
    pub stop_search: bool,
}

impl Changed {
    /// Nothing to do.
    pub const NOTHING: Changed = Changed {
        save: false,
        stop_search: false,
    };
    /// Save the game.
    pub const SAVE: Changed = Changed {
        save: true,
        stop_search: false,
    };
    /// Save the game and cancel the computer's search.
    pub const SAVE_AND_STOP: Changed = Changed {
        save: true,
        stop_search: true,
    };
}

/// When the actions played now are shown moving: the UI's clock and whether to animate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    /// The UI time in seconds (egui's `input.time`).
    pub ui_time: f64,
    /// Whether animations are on.
    pub animate: bool,
}

/// Who played an action, which decides what happens to the redo list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    /// A person at this computer: playing the next undone action keeps the rest for redo.
    Person,
    /// The computer's planned action.
    Computer,
    /// The turn clock ran out.
    Clock,
}

/// A game that has just ended, once: the app shows the result and counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// What goes into the statistics (the game, the opponent's key and the outcome), if the
    /// game counts and was not counted before.
    pub counted: Option<(GameId, &'static str, Outcome)>,
}

/// A game being played or reviewed.
pub struct Session {
    setup: Setup,
    /// The person's side against the computer.
    human_side: Option<Side>,
    game: Game,
    /// Actions undone, the next to redo last.
    redo: Vec<Action>,
    clock: Clock,
    /// Where the computer's pacing reads the time.
    time: TimeSource,
    /// The piece picked up to move.
    selected: Option<Point>,
    /// The number of actions shown in review mode.
    review: Option<usize>,
    /// The side that resigned.
    resigned: Option<Side>,
    /// Whether the result went into the statistics (or never will).
    counted: bool,
    /// Whether the end of the game has been reported ([`Session::take_ending`]).
    announced: bool,
    /// The latest message for the user.
    note: Option<Note>,
    /// The computer's suggestion for the person.
    hint: Option<Action>,
    /// Whether the user paused the game.
    paused: bool,
    /// The rest of the computer's turn, played one action at a time.
    plan: VecDeque<Action>,
    /// When the next action of the plan is due.
    plan_due: Option<Instant>,
    /// The request in flight.
    pending: Option<Pending>,
    /// Whether the game came from a record file (reviewed, not counted in statistics).
    from_record: bool,
    /// Animations on the board.
    animations: Vec<Animation>,
}

impl Session {
    /// A new game with this setup; `human_side` is the person's side against the computer.
    pub fn new(setup: Setup, human_side: Option<Side>, game: Game, time: TimeSource) -> Session {
        let mut session = Session {
            setup,
            human_side,
            game,
            redo: Vec::new(),
            clock: Clock::new(budget_of(setup.clock), time.clone()),
            time,
            selected: None,
            review: None,
            resigned: None,
            counted: false,
            announced: false,
            note: None,
            hint: None,
            paused: false,
            plan: VecDeque::new(),
            plan_due: None,
            pending: None,
            from_record: false,
            animations: Vec::new(),
        };
        if session.is_over() {
            session.clock.stop();
            session.counted = true;
        }
        session
    }

    /// A game from a record file, shown in review mode from its start: two people may play on
    /// from any position; it never counts in the statistics.
    pub fn of_record(game: Game, clock: ClockSetting, time: TimeSource) -> Session {
        let setup = Setup {
            game: game.id(),
            opponent: Opponent::Human,
            clock,
        };
        let mut session = Session::new(setup, None, game, time);
        session.from_record = true;
        session.counted = true;
        session.review = Some(0);
        session.clock.stop();
        session
    }

    /// A saved game, resumed.
    pub fn restore(saved: &SavedGame, time: TimeSource) -> Result<Session, String> {
        let (game, redo) = saved.restore()?;
        let mut session = Session::new(saved.setup, saved.human_side, game, time);
        session.redo = redo;
        if let Some(ms) = saved.clock_remaining_ms {
            session.clock.set_remaining(Duration::from_millis(ms));
        }
        Ok(session)
    }

    /// The saved form of this game.
    pub fn saved(&self) -> SavedGame {
        let remaining = self.clock.remaining().map(|r| r.as_millis() as u64);
        SavedGame::new(
            self.setup,
            self.human_side,
            &self.game,
            remaining,
            &self.redo,
        )
    }

    /// The game as a record, dated `date` (ISO 8601), naming the players and a resignation.
    pub fn record(&self, date: String) -> Record {
        let mut metadata = self.setup.players(self.human_side);
        metadata.date = Some(date);
        let mut record = Record::of_game(&self.game, metadata);
        if let Some(loser) = self.resigned {
            record.metadata.result = Some(format!("{} resigned", loser.name()));
        }
        record
    }

    // ----- What the screens read -----

    /// The game, the players and the clock chosen for it.
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The person's side against the computer.
    pub fn human_side(&self) -> Option<Side> {
        self.human_side
    }

    /// The game itself: its start, actions and positions.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The turn clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The piece picked up to move.
    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// The number of actions shown, in review mode.
    pub fn review(&self) -> Option<usize> {
        self.review
    }

    /// The side that resigned.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// The latest message for the user.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The computer's suggestion for the person.
    pub fn hint(&self) -> Option<Action> {
        self.hint
    }

    /// Whether the user paused the game.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the game came from a record file.
    pub fn is_from_record(&self) -> bool {
        self.from_record
    }

    /// Whether the game is being played: not finished, not a record under review.
    pub fn is_live(&self) -> bool {
        !self.is_over() && !self.from_record
    }

    /// The computer's level for a side, or `None` if a person plays it.
    pub fn computer_level(&self, side: Side) -> Option<Level> {
        self.setup.opponent.level_of(side, self.human_side)
    }

    /// Whether the game has ended (by the rules or by resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.status().is_over()
    }

    /// The game's status, ignoring resignation.
    pub fn status(&self) -> Status {
        self.game.status()
    }

    /// The winner, counting a resignation.
    pub fn winner(&self) -> Option<Side> {
        match self.resigned {
            Some(loser) => Some(loser.other()),
            None => self.game.status().winner(),
        }
    }

    /// The side to act, if the game goes on.
    pub fn to_act(&self) -> Option<Side> {
        if self.is_over() {
            None
        } else {
            self.game.state().to_act()
        }
    }

    /// Whether a person is to act now on the live board.
    pub fn human_to_act(&self) -> bool {
        self.review.is_none()
            && !self.paused
            && self
                .to_act()
                .is_some_and(|side| self.computer_level(side).is_none())
    }

    /// The computer's level if it is to act now.
    pub fn computer_to_act(&self) -> Option<Level> {
        if self.review.is_some() {
            return None;
        }
        self.to_act().and_then(|side| self.computer_level(side))
    }

    /// Whether the computer is searching for its move right now.
    pub fn computer_thinking(&self) -> bool {
        self.pending.is_some_and(|p| p.purpose == Purpose::Turn)
    }

    /// Whether the computer is working on its turn (searching or playing out its plan).
    pub fn computer_busy(&self) -> bool {
        self.computer_thinking() || !self.plan.is_empty()
    }

    /// The side that would resign now: the person against the computer, else the side to act.
    pub fn resigning_side(&self) -> Option<Side> {
        if self.is_over() || self.review.is_some() {
            return None;
        }
        match self.setup.opponent {
            Opponent::Computer { .. } => self.human_side,
            Opponent::Human => self.to_act(),
            Opponent::Watch { .. } => None,
        }
    }

    /// Whether a hint can be asked for now.
    pub fn can_hint(&self) -> bool {
        self.human_to_act() && self.pending.is_none()
    }

    /// Whether the game can be paused or resumed now.
    pub fn can_pause(&self) -> bool {
        !self.is_over() && self.review.is_none()
    }

    /// Whether [`Session::undo`] would do anything.
    pub fn can_undo(&self) -> bool {
        if self.is_over() || self.review.is_some() || self.game.is_empty() {
            return false;
        }
        match self.setup.opponent {
            Opponent::Human => true,
            Opponent::Watch { .. } => false,
            Opponent::Computer { .. } => self
                .game
                .effects()
                .any(|e| Some(e.actor) == self.human_side),
        }
    }

    /// Whether [`Session::redo`] would do anything.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
            && !self.is_over()
            && self.review.is_none()
            && !matches!(self.setup.opponent, Opponent::Watch { .. })
    }

    /// The position on the board: the reviewed one or the current one.
    pub fn shown_state(&self) -> &State {
        match self.review {
            Some(n) => self.game.state_after(n),
            None => self.game.state(),
        }
    }

    /// The number of actions up to the shown position.
    pub fn shown_len(&self) -> usize {
        self.review.unwrap_or(self.game.len())
    }

    /// Whether an animation is still running at UI time `now`.
    pub fn is_animating(&self, now: f64) -> bool {
        self.animations.iter().any(|a| !a.is_done(now))
    }

    /// How long until the game changes by itself (the computer's next action or the clock's
    /// next second), if it is running.
    pub fn next_change(&self) -> Option<Duration> {
        if self.paused {
            return None;
        }
        let planned = self
            .plan_due
            .filter(|_| !self.plan.is_empty())
            .map(|due| due.saturating_duration_since((self.time)()));
        let tick = self
            .review
            .is_none()
            .then(|| self.clock.until_next_tick())
            .flatten();
        match (planned, tick) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The setup and the person's side of the same game again with the colours swapped.
    pub fn rematch_setup(&self) -> (Setup, Option<Side>) {
        let mut setup = self.setup;
        let mut human_side = self.human_side;
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
        (setup, human_side)
    }

    // ----- Playing -----

    /// Handles a click on a point of the live board: selects, plays or says why not.
    pub fn click(&mut self, p: Point, at: Moment) -> Changed {
        if self.review.is_some() {
            return Changed::NOTHING;
        }
        if self.paused {
            self.note = Some(Note::Message("msg.paused"));
            return Changed::NOTHING;
        }
        if self.is_over() {
            self.note = Some(Note::Illegal(IllegalAction::GameOver));
            return Changed::NOTHING;
        }
        if !self.human_to_act() {
            self.note = Some(Note::Message("msg.wait_computer"));
            return Changed::NOTHING;
        }
        match self.interpret_click(p) {
            Some(action) => {
                self.note = None;
                match self.play(action, Mover::Person, at) {
                    Ok(changed) => changed,
                    Err(e) => {
                        self.note = Some(Note::Illegal(e));
                        Changed::NOTHING
                    }
                }
            }
            None => Changed::NOTHING,
        }
    }

    /// The action a click by the person to act stands for, or `None` when it only changed
    /// the selection or was refused (the note says why).
    fn interpret_click(&mut self, p: Point) -> Option<Action> {
        let state = *self.game.state();
        let side = self.to_act()?;
        let action = match state.decision()? {
            Decision::Place => Action::Place(p),
            Decision::Pull | Decision::Capture { .. } | Decision::Yield => Action::Remove(p),
            Decision::Move => {
                let own = state.piece_at(p) == Some(side);
                match self.selected {
                    Some(from) if from == p => {
                        self.selected = None;
                        self.note = None;
                        return None;
                    }
                    _ if own => {
                        let movable = state
                            .legal_vec()
                            .iter()
                            .any(|a| matches!(*a, Action::Move(f, _) if f == p));
                        if movable {
                            self.selected = Some(p);
                            self.note = None;
                        } else {
                            self.selected = None;
                            self.note = Some(Note::Message("msg.no_moves_for_piece"));
                        }
                        return None;
                    }
                    Some(from) => Action::Move(from, p),
                    None => {
                        self.note = Some(match state.piece_at(p) {
                            Some(_) => Note::Illegal(IllegalAction::NotYourPiece(p)),
                            None => Note::Message("msg.no_selection"),
                        });
                        return None;
                    }
                }
            }
        };
        match state.check(action) {
            Ok(()) => Some(action),
            Err(error) => {
                self.note = Some(Note::Illegal(error));
                None
            }
        }
    }

    /// Plays an action on the live game. The one place where an action's bookkeeping is
    /// done: the selection and the hint go, a hint still being searched is dropped, the clock
    /// restarts when a turn ends and stops when the game does, the redo list follows, and the
    /// action is animated.
    fn play(&mut self, action: Action, mover: Mover, at: Moment) -> Result<Changed, IllegalAction> {
        let before = *self.game.state();
        let effects = self.game.apply(action)?;
        let mut changed = Changed::SAVE;
        if mover == Mover::Person && self.pending.is_some_and(|p| p.purpose == Purpose::Hint) {
            self.pending = None;
            changed.stop_search = true;
        }
        self.selected = None;
        self.hint = None;
        if self.game.status().is_over() {
            self.clock.stop();
        } else if effects.turn_over {
            self.clock.restart();
        }
        if mover == Mover::Person && self.redo.last() == Some(&action) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        if mover == Mover::Clock {
            self.note = Some(Note::Timeout(TimeoutReport::new(&before, &effects)));
        }
        self.animations.retain(|a| !a.is_done(at.ui_time));
        if at.animate {
            self.animations
                .extend(animation_of(&before, &effects, at.ui_time));
        }
        if self.is_over() {
            self.drop_computer_turn();
        }
        Ok(changed)
    }

    /// Takes back the last action (two people), or everything back to the person's previous
    /// turn (against the computer).
    pub fn undo(&mut self) -> Changed {
        if !self.can_undo() {
            return Changed::NOTHING;
        }
        self.drop_computer_turn();
        match self.human_side {
            Some(me) if !matches!(self.setup.opponent, Opponent::Human) => {
                let mut undone_mine = false;
                while let Some(last) = self.game.last_effects().copied() {
                    if last.actor == me {
                        undone_mine = true;
                    }
                    let Some(action) = self.game.undo() else {
                        break;
                    };
                    self.redo.push(action);
                    if undone_mine
                        && self.game.at_turn_start()
                        && self.game.state().to_act() == Some(me)
                    {
                        break;
                    }
                }
            }
            _ => {
                if let Some(action) = self.game.undo() {
                    self.redo.push(action);
                }
            }
        }
        self.after_history_change();
        Changed::SAVE_AND_STOP
    }

    /// Plays undone actions again: one (two people) or up to the person's next turn
    /// (against the computer); the last of them is animated.
    pub fn redo(&mut self, at: Moment) -> Changed {
        if !self.can_redo() {
            return Changed::NOTHING;
        }
        self.drop_computer_turn();
        let mut last = None;
        while let Some(action) = self.redo.pop() {
            let before = *self.game.state();
            match self.game.apply(action) {
                Ok(effects) => last = Some((before, effects)),
                Err(_) => {
                    // The redo list no longer fits this game: forget it.
                    self.redo.clear();
                    break;
                }
            }
            let mine = match (self.setup.opponent, self.human_side) {
                (Opponent::Computer { .. }, Some(me)) => {
                    self.game.at_turn_start() && self.game.state().to_act() == Some(me)
                }
                _ => true,
            };
            if mine || self.game.status().is_over() {
                break;
            }
        }
        self.after_history_change();
        let Some((before, effects)) = last else {
            return Changed::NOTHING;
        };
        if at.animate {
            self.animations = animation_of(&before, &effects, at.ui_time);
        }
        Changed::SAVE_AND_STOP
    }

    fn after_history_change(&mut self) {
        self.selected = None;
        self.hint = None;
        self.note = None;
        self.animations.clear();
        if self.game.status().is_over() {
            self.clock.stop();
        } else {
            self.clock.restart();
        }
    }

    /// Forgets the computer's turn in progress (its request and its unplayed actions).
    fn drop_computer_turn(&mut self) {
        self.pending = None;
        self.plan.clear();
        self.plan_due = None;
    }

    /// Drops the selection and the hint.
    pub fn deselect(&mut self) {
        self.selected = None;
        self.hint = None;
    }

    /// Pauses or resumes the game.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        if paused {
            self.clock.pause();
        } else {
            self.clock.resume();
        }
    }

    /// Pauses or resumes the clock and the computer, while the game is being played.
    pub fn toggle_pause(&mut self) -> Changed {
        if !self.can_pause() {
            return Changed::NOTHING;
        }
        self.set_paused(!self.paused);
        self.selected = None;
        Changed::SAVE
    }

    /// Ends the game by resignation of [`Session::resigning_side`].
    pub fn resign(&mut self) -> Changed {
        let Some(side) = self.resigning_side() else {
            return Changed::NOTHING;
        };
        self.drop_computer_turn();
        self.resigned = Some(side);
        self.selected = None;
        self.hint = None;
        self.clock.stop();
        self.announced = false;
        Changed::SAVE_AND_STOP
    }

    /// Changes the computer's level for `side` (`None`: the single computer opponent). A
    /// search for its turn starts again at the new level.
    pub fn set_level(&mut self, side: Option<Side>, level: Level) -> Changed {
        if !self.setup.opponent.set_level(side, level) {
            return Changed::NOTHING;
        }
        if self.computer_thinking() {
            self.pending = None;
            return Changed::SAVE_AND_STOP;
        }
        Changed::SAVE
    }

    /// Changes the turn clock; the current turn starts afresh.
    pub fn set_clock(&mut self, clock: ClockSetting) -> Changed {
        self.setup.clock = clock;
        self.clock.set_budget(budget_of(clock));
        if self.is_over() || self.from_record {
            self.clock.stop();
        }
        Changed::SAVE
    }

    // ----- Review -----

    /// Enters review mode at the start of the game.
    pub fn review_from_start(&mut self) {
        self.review = Some(0);
        self.selected = None;
    }

    /// Moves the reviewed position to `n` actions.
    pub fn review_to(&mut self, n: usize) {
        if self.review.is_some() {
            self.review = Some(n.min(self.game.len()));
        }
    }

    /// Leaves review mode, back to the end of the game.
    pub fn exit_review(&mut self) {
        self.review = None;
    }

    /// Cuts the game back to the reviewed position and plays on from there with two people.
    pub fn continue_from_review(&mut self) -> Changed {
        let n = self.shown_len();
        while self.game.len() > n {
            self.game.undo();
        }
        self.review = None;
        self.redo.clear();
        self.resigned = None;
        self.setup.opponent = Opponent::Human;
        self.human_side = None;
        self.from_record = false;
        self.counted = self.game.status().is_over();
        self.announced = false;
        self.after_history_change();
        Changed::SAVE
    }

    /// Once the game has ended, reports it once: what to count in the statistics, if
    /// anything. A record under review never reports.
    pub fn take_ending(&mut self) -> Option<Ending> {
        if !self.is_over() || self.from_record || self.announced {
            return None;
        }
        self.announced = true;
        self.clock.stop();
        if self.counted {
            return Some(Ending { counted: None });
        }
        self.counted = true;
        let winner = self.winner();
        let outcome_for = |me: Side| match winner {
            None => Outcome::Draw,
            Some(w) if w == me => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        let counted = match self.setup.opponent {
            Opponent::Human => Some((Stats::HUMAN, outcome_for(Side::Black))),
            Opponent::Computer { level, .. } => {
                self.human_side.map(|me| (level.id(), outcome_for(me)))
            }
            Opponent::Watch { .. } => None,
        };
        Some(Ending {
            counted: counted.map(|(opponent, outcome)| (self.game.id(), opponent, outcome)),
        })
    }

    // ----- The computer -----

    /// The level the computer should start searching for its turn at now, if it is to act
    /// and not busy.
    pub fn wants_turn(&self) -> Option<Level> {
        if self.pending.is_some() || !self.plan.is_empty() || self.paused {
            return None;
        }
        self.computer_to_act()
    }

    /// What a search needs: the position and the keys of the earlier ones.
    pub fn search_input(&self) -> (State, Vec<u128>) {
        let history = (0..self.game.len())
            .map(|i| self.game.state_after(i).key())
            .collect();
        (*self.game.state(), history)
    }

    /// Notes that the computer was asked (request `generation`) for `purpose`.
    pub fn searching(&mut self, generation: u64, purpose: Purpose) {
        self.pending = Some(Pending {
            generation,
            purpose,
        });
    }

    /// Takes the computer's reply: its turn to play out, or a hint to show. Stale replies
    /// are dropped; a failed turn plays the first legal action so the game never sticks.
    pub fn receive(&mut self, reply: Reply) {
        let now = (self.time)();
        let Some(pending) = self.pending.filter(|p| p.generation == reply.generation) else {
            return;
        };
        self.pending = None;
        match (pending.purpose, reply.result) {
            (Purpose::Turn, Ok(plan)) => {
                self.plan = plan.actions.into();
                self.plan_due = Some(now);
            }
            (Purpose::Hint, Ok(plan)) => {
                self.hint = plan.actions.first().copied();
                self.note = Some(Note::Message("msg.hint_shown"));
            }
            (_, Err(e)) if is_cancelled(&e) => {}
            (Purpose::Turn, Err(e)) => {
                self.note = Some(Note::ComputerFailed(e.to_string()));
                if let Some(action) = self.game.state().legal_vec().first() {
                    self.plan = [*action].into();
                    self.plan_due = Some(now);
                }
            }
            (Purpose::Hint, Err(_)) => self.note = Some(Note::Message("msg.hint_failed")),
        }
    }

    /// Plays the computer's next planned action if it is due; the one after it is due
    /// `delay` later.
    pub fn play_planned(&mut self, delay: Duration, at: Moment) -> Changed {
        let now = (self.time)();
        if self.plan.is_empty() || self.plan_due.is_some_and(|due| now < due) {
            return Changed::NOTHING;
        }
        if self.computer_to_act().is_none() {
            self.drop_computer_turn();
            return Changed::NOTHING;
        }
        let Some(action) = self.plan.pop_front() else {
            return Changed::NOTHING;
        };
        match self.play(action, Mover::Computer, at) {
            Ok(changed) => {
                self.plan_due = (!self.plan.is_empty()).then(|| now + delay);
                changed
            }
            Err(_) => {
                self.drop_computer_turn();
                Changed::NOTHING
            }
        }
    }

    /// Passes the turn when its time is up (stopping the computer if it was thinking).
    pub fn check_clock(&mut self, at: Moment) -> Changed {
        if self.review.is_some() || self.paused || self.is_over() || !self.clock.expired() {
            return Changed::NOTHING;
        }
        let busy = self.computer_busy();
        self.drop_computer_turn();
        match self.play(Action::Timeout, Mover::Clock, at) {
            Ok(changed) => Changed {
                stop_search: busy || changed.stop_search,
                ..changed
            },
            Err(_) => Changed {
                save: false,
                stop_search: busy,
            },
        }
    }

    /// Forgets the animations that are over at UI time `now`.
    pub fn prune_animations(&mut self, now: f64) {
        self.animations.retain(|a| !a.is_done(now));
    }

    /// Plays actions straight into the game, whoever plays them, without animations or
    /// clock (ready-made positions for demonstrations). Stops at the first illegal one.
    pub fn play_through(&mut self, actions: &[Action]) {
        for action in actions {
            if self.game.apply(*action).is_err() {
                break;
            }
        }
    }
}

fn budget_of(clock: ClockSetting) -> Option<Duration> {
    clock.seconds().map(|s| Duration::from_secs(u64::from(s)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clock::ManualTime;
    use crate::app::settings::{ClockSetting, SideChoice};
    use crate::rules::GameId;

    const STILL: Moment = Moment {
        ui_time: 0.0,
        animate: false,
    };

    fn session(opponent: Opponent, human: Option<Side>, game: GameId) -> Session {
        let setup = Setup {
            game,
            opponent,
            clock: ClockSetting::Off,
        };
        Session::new(setup, human, Game::new(game), ManualTime::new().source())
    }

    fn pt(name: &str) -> Point {
        Point::parse(name).unwrap_or(Point::ALL[0])
    }

    fn act(text: &str) -> Action {
        Action::parse(text).unwrap_or(Action::Timeout)
    }

    #[test]
    fn undo_against_the_computer_goes_back_to_the_persons_turn() {
        let mut s = session(
            Opponent::Computer {
                level: Level::Easy,
                side: SideChoice::Black,
            },
            Some(Side::Black),
            GameId::Wudao,
        );
        s.play_through(&["c3", "b2", "d4", "a1"].map(act));
        assert_eq!(s.game.len(), 4);
        assert_eq!(s.undo(), Changed::SAVE_AND_STOP);
        assert_eq!(s.game.len(), 2);
        assert_eq!(s.game.state().to_act(), Some(Side::Black));
        assert_eq!(s.redo(STILL), Changed::SAVE_AND_STOP);
        assert_eq!(s.game.len(), 4);
    }

    #[test]
    fn playing_the_next_undone_action_keeps_the_rest_for_redo() {
        let mut s = session(Opponent::Human, None, GameId::Wudao);
        for p in ["c3", "b2", "d4"] {
            assert_eq!(s.click(pt(p), STILL), Changed::SAVE);
        }
        let _ = s.undo();
        let _ = s.undo();
        assert_eq!(s.redo, [act("d4"), act("b2")]);
        let _ = s.click(pt("b2"), STILL);
        assert_eq!(s.redo, [act("d4")]);
        let _ = s.click(pt("e5"), STILL);
        assert!(s.redo.is_empty());
        assert!(!s.can_redo());
    }

    #[test]
    fn moving_needs_a_selection_and_reselects_own_pieces() {
        let mut s = session(Opponent::Human, None, GameId::Flying);
        assert_eq!(s.click(pt("c3"), STILL), Changed::NOTHING);
        assert_eq!(s.note(), Some(&Note::Message("msg.no_selection")));
        let _ = s.click(pt("a1"), STILL);
        assert_eq!(s.selected(), Some(pt("a1")));
        let _ = s.click(pt("b1"), STILL);
        assert_eq!(s.selected(), Some(pt("b1")));
        assert_eq!(s.click(pt("b4"), STILL), Changed::SAVE);
        assert_eq!(s.game.action_list(), [Action::Move(pt("b1"), pt("b4"))]);
        let _ = s.click(pt("e5"), STILL);
        assert_eq!(s.click(pt("d4"), STILL), Changed::NOTHING);
        assert!(matches!(
            s.note(),
            Some(Note::Illegal(IllegalAction::NotStraight))
        ));
    }

    #[test]
    fn a_move_while_a_hint_is_searched_drops_the_hint() {
        let mut s = session(Opponent::Human, None, GameId::Wudao);
        assert!(s.can_hint());
        s.searching(7, Purpose::Hint);
        assert!(!s.can_hint());
        assert_eq!(s.click(pt("c3"), STILL), Changed::SAVE_AND_STOP);
        assert!(s.pending.is_none());
    }

    #[test]
    fn an_ending_is_reported_once_and_counted_once() {
        let mut s = session(
            Opponent::Computer {
                level: Level::Hard,
                side: SideChoice::White,
            },
            Some(Side::White),
            GameId::Flying,
        );
        assert_eq!(s.take_ending(), None);
        assert_eq!(s.resign(), Changed::SAVE_AND_STOP);
        assert_eq!(
            s.take_ending(),
            Some(Ending {
                counted: Some((GameId::Flying, "hard", Outcome::Loss))
            })
        );
        assert_eq!(s.take_ending(), None);
    }

    #[test]
    fn a_record_is_reviewed_and_never_counted() {
        let mut game = Game::new(GameId::Wudao);
        let _ = game.apply(act("c3"));
        let mut s = Session::of_record(game, ClockSetting::S60, ManualTime::new().source());
        assert_eq!(s.review(), Some(0));
        assert!(!s.is_live());
        assert_eq!(s.click(pt("d4"), STILL), Changed::NOTHING);
        assert_eq!(s.take_ending(), None);
    }
}
