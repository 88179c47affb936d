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

mod computer_turn;
mod online;
mod play;
mod scene;
mod sounds;

use std::collections::VecDeque;
use std::time::Duration;
use web_time::Instant;

pub use scene::{Story, Turn};
pub use sounds::{TICK_FROM, sound_of};

use super::board::{self, Animation};
use super::clock::{Clock, TimeSource};
use super::computer::is_cancelled;
use super::hint::{self, HintReason};
use super::rating::Unrated;
use super::settings::{
    ClockSetting, DEFAULT_WATCH_PACE_MS, Opponent, Outcome, PlayerNames, SavedGame, SavedGameError,
    Setup, SideChoice, opponent_of,
};
use crate::ai::{Level, Reply};
use crate::rules::records::{Metadata, Player, Record};
use crate::rules::{
    Action, Decision, Effects, Game, GameId, IllegalAction, Point, Side, State, Status,
};
use crate::tablebase::Value;

/// Something the side panel tells the user, kept structured so that it follows a language
/// switch.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A click that is not allowed, and why.
    Illegal(IllegalAction),
    /// A fixed message, by locale key.
    Message(&'static str),
    /// The computer could not choose (the text is the reason, in English).
    ComputerFailed(String),
    /// A hint, with why it is suggested and what the position is worth.
    Hint(HintReason),
    /// The turn clock of `side` ran out and its turn passed; `you` when that side is the
    /// person's against the computer.
    TimedOut {
        /// The side whose time ran out.
        side: Side,
        /// Whether it is the person playing the computer.
        you: bool,
    },
}

impl Note {
    /// Whether the note warns about something the user did.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Note::Illegal(_) | Note::ComputerFailed(_) | Note::TimedOut { .. }
        ) || matches!(
            self,
            Note::Message("msg.no_moves_for_piece" | "msg.no_selection")
        )
    }
}

/// A suggestion on the board: the action, and the actions the engine expects after it, with
/// who plays each.
#[derive(Clone, Debug, PartialEq)]
struct Hint {
    action: Action,
    line: Vec<(Action, Side)>,
}

/// Why the game is held still for a while, without the user pausing it: the clock and the
/// computer's turn wait, and go on exactly where they stopped once the hold is lifted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// A dialog or the rules are open over the game.
    Dialog,
    /// The window is not focused (a setting, on by default).
    Background,
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
    /// How many times their usual length the animations last.
    pub pace: f64,
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
    /// An online game's server: the opponent's action, or its clock's.
    Server,
}

/// When the board's explanation of the turn being played (or just played) shows: from the UI
/// time its first action was played until the next turn begins, fading in with animations on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Spotlight {
    started: f64,
    animate: bool,
    /// How many times its usual length the fade lasts.
    pace: f64,
}

/// How long the explanation takes to fade in, with animations on, in seconds.
const SPOTLIGHT_FADE: f64 = 0.45;
/// How long after the action it starts to fade in: as the piece arrives.
const SPOTLIGHT_DELAY: f64 = 0.2;

/// How many of the person's turns in a row against the computer may end with their clock run
/// out before the game stops to ask whether they are still there (and is no longer rated). The
/// question and the reason on the result say "two" (`away.detail`, `unrated.away`).
pub const AWAY_AFTER: u32 = 2;

impl Spotlight {
    /// How strongly the explanation shows at UI time `now`, from 0 to 1.
    fn strength(&self, now: f64) -> f32 {
        if !self.animate {
            return 1.0;
        }
        let (delay, fade) = (SPOTLIGHT_DELAY * self.pace, SPOTLIGHT_FADE * self.pace);
        (((now - self.started - delay) / fade).clamp(0.0, 1.0)) as f32
    }

    /// Whether it is still fading in at `now` (then it stays as it is until the next turn).
    fn is_fading_in(&self, now: f64) -> bool {
        self.animate && now < self.started + (SPOTLIGHT_DELAY + SPOTLIGHT_FADE) * self.pace
    }
}

/// A game that has just ended, once: the app shows the result and counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// What goes into the statistics (the game, the opponent's key and the outcome), if the
    /// game counts and was not counted before.
    pub counted: Option<(GameId, &'static str, Outcome)>,
    /// What goes into the person's rating (the game, the level played and the outcome): a
    /// counted game the person played without help (see [`crate::app::rating`]).
    pub rated: Option<(GameId, Level, Outcome)>,
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
    /// Why the game is not rated, if something made it so (a hint, a take-back, the level or
    /// the clock changed mid-game, the person away …): it then counts in the results but not
    /// in the rating. The first reason is kept.
    unrated: Option<Unrated>,
    /// How many of the person's turns in a row against the computer ended with their clock
    /// run out.
    timeouts_in_a_row: u32,
    /// Whether the person's absence has just stopped the game, for the app to ask whether
    /// they are still there (once).
    away: bool,
    /// The latest message for the user.
    note: Option<Note>,
    /// The computer's suggestion for the person, with the line it expects after it.
    hint: Option<Hint>,
    /// The exact value of every legal move, with the key of the position they are for (a
    /// hint from the Flying table). Shown only with the hint, in that position.
    hint_values: Option<(u128, Vec<(Action, Value)>)>,
    /// Whether the user paused the game.
    paused: bool,
    /// Why the game is held still now, if it is, and since when.
    hold: Option<(Hold, Instant)>,
    /// The rest of the computer's turn, played one action at a time.
    plan: VecDeque<Action>,
    /// When the next action of the plan is due.
    plan_due: Option<Instant>,
    /// The request in flight.
    pending: Option<Pending>,
    /// Whether the game came from a record file (reviewed, not counted in statistics).
    from_record: bool,
    /// Who played the game of a record, as it says (the opponent and the person's side), to
    /// play on with them.
    recorded_players: Option<(Opponent, Option<Side>)>,
    /// What the record of a record says of its game (players, date, result, clock), kept
    /// as it is when the game is exported again.
    recorded: Option<Metadata>,
    /// The names the people playing go by.
    names: PlayerNames,
    /// How long each action takes when the computer plays itself.
    watch_pace: Duration,
    /// When the last action was played, by the session's time.
    last_action_at: Option<Instant>,
    /// Whether the user asked for the next action of a paused game the computer plays itself.
    step: bool,
    /// The record the game was kept as once it ended.
    kept: Option<std::path::PathBuf>,
    /// Animations on the board.
    animations: Vec<Animation>,
    /// When the board explains the last turn.
    spotlight: Option<Spotlight>,
    /// The sounds made and not yet taken by the app.
    sounds: Vec<crate::sound::Sound>,
    /// The last of the clock's final seconds that ticked.
    last_tick: Option<u64>,
    /// In an online game, what this screen does there: the other side's actions (or both
    /// sides', watching), and every turn the clock passes, come from the server.
    online: Option<OnlineRole>,
    /// Whether an online game waits for its second player (no clock, nobody acts).
    online_waiting: bool,
    /// Whether the side that lost by [`Session::resigned`] left an online game (its
    /// opponent claimed it) rather than resigned.
    left: bool,
}

/// What a screen does in an online game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineRole {
    /// Plays this side.
    Plays(Side),
    /// Watches.
    Watches,
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
            unrated: None,
            timeouts_in_a_row: 0,
            away: false,
            note: None,
            hint: None,
            hint_values: None,
            paused: false,
            hold: None,
            plan: VecDeque::new(),
            plan_due: None,
            pending: None,
            from_record: false,
            recorded_players: None,
            recorded: None,
            names: PlayerNames::default(),
            watch_pace: Duration::from_millis(u64::from(DEFAULT_WATCH_PACE_MS)),
            last_action_at: None,
            step: false,
            kept: None,
            animations: Vec::new(),
            spotlight: None,
            sounds: Vec::new(),
            last_tick: None,
            online: None,
            online_waiting: false,
            left: false,
        };
        if session.is_over() {
            session.clock.stop();
            session.counted = true;
        }
        session
    }

    /// A game from a record file, shown in review mode where it ends: anyone may play on from
    /// any position (by default the players the record names in `metadata`); it never counts
    /// in the statistics, and exported again it keeps what its record says.
    pub fn of_record(
        game: Game,
        metadata: Metadata,
        clock: ClockSetting,
        time: TimeSource,
    ) -> Session {
        let players = opponent_of(&metadata);
        let setup = Setup {
            game: game.id(),
            opponent: Opponent::Human,
            clock,
        };
        let mut session = Session::new(setup, None, game, time);
        session.from_record = true;
        session.recorded_players = players;
        if let Some((opponent, human_side)) = players {
            session.names = PlayerNames::of_record(&metadata, opponent, human_side);
        }
        session.recorded = Some(metadata);
        session.counted = true;
        session.review = Some(session.game.len());
        session.clock.stop();
        session
    }

    /// A saved game, resumed.
    pub fn restore(saved: &SavedGame, time: TimeSource) -> Result<Session, SavedGameError> {
        let (game, redo) = saved.restore()?;
        let mut session = Session::new(saved.setup, saved.human_side, game, time);
        session.redo = redo;
        session.names = saved.names();
        session.unrated = saved.unrated_reason();
        // What the last turn did stays drawn until the next action, as before the restart.
        session.explain_last_turn();
        if let Some(ms) = saved.clock_remaining_ms {
            session.clock.set_remaining(Duration::from_millis(ms));
        }
        Ok(session)
    }

    /// Shows on the board what the last turn played did, at once and until the next action.
    pub fn explain_last_turn(&mut self) {
        self.spotlight = (!self.game.is_empty()).then_some(Spotlight {
            started: f64::NEG_INFINITY,
            animate: false,
            pace: 1.0,
        });
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
        .with_names(&self.names)
        .unrated(self.unrated)
    }

    /// Why this game is not rated, if something made it so (see [`crate::app::rating`]).
    pub fn unrated(&self) -> Option<Unrated> {
        self.unrated
    }

    /// Whether this game is of the kind the person's rating counts: theirs alone against the
    /// computer, played here (not a record under review), whether or not something has since
    /// made it unrated.
    pub fn is_rateable(&self) -> bool {
        matches!(self.setup.opponent, Opponent::Computer { .. })
            && self.human_side.is_some()
            && !self.from_record
    }

    /// Whether the game is still rated: of the kind that is, and nothing made it unrated.
    pub fn is_rated(&self) -> bool {
        self.is_rateable() && self.unrated.is_none()
    }

    /// Notes that `why` makes this game unrated, unless something already did.
    fn make_unrated(&mut self, why: Unrated) {
        if self.unrated.is_none() {
            self.unrated = Some(why);
        }
    }

    /// Whether the person's absence has just stopped the game (two turns in a row ended with
    /// their clock run out): true once, for the app to ask whether they are still there.
    pub fn take_away(&mut self) -> bool {
        std::mem::take(&mut self.away)
    }

    /// The person is back after their absence stopped the game: it goes on.
    pub fn still_here(&mut self) -> Changed {
        self.away = false;
        self.timeouts_in_a_row = 0;
        if !self.paused || !self.can_pause() {
            return Changed::NOTHING;
        }
        self.set_paused(false);
        if self.note == Some(Note::Message("msg.paused")) {
            self.note = None;
        }
        Changed::SAVE
    }

    /// The game as a record, naming the players, the clock and a resignation, dated `date`
    /// (ISO 8601). A record under review keeps what its file said: its players and its date.
    pub fn record(&self, date: String) -> Record {
        let metadata = match self.recorded.as_ref().filter(|_| self.from_record) {
            Some(recorded) => {
                let mut metadata = recorded.clone();
                metadata.date = metadata.date.or(Some(date));
                metadata
            }
            None => {
                let mut metadata = self.setup.metadata(self.human_side, &self.names);
                metadata.date = Some(date);
                metadata
            }
        };
        let mut record = Record::of_game(&self.game, metadata);
        if let Some(loser) = self.resigned {
            let how = if self.left {
                "left the game"
            } else {
                "resigned"
            };
            record.metadata.result = Some(format!("{} {how}", loser.name()));
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

    /// The headline of the finished game: "You win!", "Draw", "Black wins", "The computer
    /// wins", and online, when the friend won, their name: "Ann wins".
    pub fn ending_headline(&self, i18n: &crate::app::i18n::I18n) -> String {
        if let (Some(OnlineRole::Plays(me)), Some(winner)) = (self.online, self.winner())
            && winner != me
        {
            let name = self.names.of(Opponent::Human, None, winner).map_or_else(
                || crate::app::text::side_name(i18n, winner).to_string(),
                str::to_string,
            );
            return i18n.format("result.side_wins", &[("side", &name)]);
        }
        crate::app::text::result_headline(
            i18n,
            self.game.status(),
            self.resigned,
            self.person_side(),
        )
    }

    /// Why the game ended, in a few words: "White resigned", "White left the game", "Board
    /// full: Black 15, White 10".
    pub fn ending_reason(&self, i18n: &crate::app::i18n::I18n) -> String {
        match self.resigned {
            Some(loser) if self.left => i18n.format(
                "reason.left",
                &[("side", &crate::app::text::side_name(i18n, loser))],
            ),
            _ => crate::app::text::result_reason(i18n, self.game.status(), self.resigned),
        }
    }

    /// The latest message for the user.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The computer's suggestion for the person.
    pub fn hint(&self) -> Option<Action> {
        self.hint.as_ref().map(|h| h.action)
    }

    /// The actions the engine expects after its suggestion, with who plays each.
    pub fn hint_line(&self) -> &[(Action, Side)] {
        self.hint.as_ref().map_or(&[], |h| &h.line)
    }

    /// Shows a suggestion and why. A game with a hint is the person's and the computer's: it
    /// is not rated.
    fn show_hint(&mut self, reason: HintReason) {
        self.make_unrated(Unrated::Hint);
        self.hint = Some(Hint {
            action: reason.action,
            line: reason.said_line().to_vec(),
        });
        self.note = Some(Note::Hint(reason));
    }

    /// The exact value of each legal move for the side to act, while a hint from the Flying
    /// table is shown.
    pub fn hint_values(&self) -> Option<&[(Action, Value)]> {
        match &self.hint_values {
            Some((key, values)) if self.hint.is_some() && *key == self.game.state().key() => {
                Some(values)
            }
            _ => None,
        }
    }

    /// Shows a hint from the Flying table, with every legal move's exact value.
    pub fn show_exact_hint(&mut self, reason: HintReason, values: Vec<(Action, Value)>) {
        self.show_hint(reason);
        self.hint_values = Some((self.game.state().key(), values));
    }

    /// Whether the user paused the game.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Why the game is held still now (a dialog, the window in the background), if it is.
    pub fn hold(&self) -> Option<Hold> {
        self.hold.map(|(why, _)| why)
    }

    /// Whether the clock and the computer's turn run now: neither paused nor held.
    pub fn is_running(&self) -> bool {
        !self.paused && self.hold.is_none()
    }

    /// Whether the computer plays both sides.
    pub fn is_watched(&self) -> bool {
        matches!(self.setup.opponent, Opponent::Watch { .. })
    }

    /// How long each action takes when the computer plays itself.
    pub fn watch_pace(&self) -> Duration {
        self.watch_pace
    }

    /// Whether the next action of a paused game the computer plays itself can be asked for.
    pub fn can_step(&self) -> bool {
        self.is_watched() && self.paused && self.can_pause() && !self.step
    }

    /// Whether the next action was asked for while the game is paused, and nothing else holds
    /// it.
    fn stepping(&self) -> bool {
        self.step && self.paused && self.hold.is_none()
    }

    /// Whether the game moves on by itself now: it runs, or a step was asked for.
    pub fn is_moving(&self) -> bool {
        self.is_running() || self.stepping()
    }

    /// Whether the game came from a record file.
    pub fn is_from_record(&self) -> bool {
        self.from_record
    }

    /// The names the people playing go by.
    pub fn names(&self) -> &PlayerNames {
        &self.names
    }

    /// Gives the people playing these names (from now on, and in the game's record).
    pub fn set_names(&mut self, names: PlayerNames) {
        self.names = names;
    }

    /// The record the game was kept as once it ended, in the game history.
    pub fn kept(&self) -> Option<&std::path::Path> {
        self.kept.as_deref()
    }

    /// Notes the record the game was kept as once it ended.
    pub fn set_kept(&mut self, path: std::path::PathBuf) {
        self.kept = Some(path);
    }

    /// Who played `side` in the game of a record under review, as its file says.
    pub fn recorded_player(&self, side: Side) -> Option<&Player> {
        let recorded = self.recorded.as_ref().filter(|_| self.from_record)?;
        match side {
            Side::Black => recorded.black.as_ref(),
            Side::White => recorded.white.as_ref(),
        }
    }

    /// Who played the game of a record, as it says: the opponent and the person's side
    /// against the computer.
    pub fn recorded_players(&self) -> Option<(Opponent, Option<Side>)> {
        self.recorded_players
    }

    /// The side of the person at this screen: theirs against the computer, or the one they
    /// play online.
    pub fn person_side(&self) -> Option<Side> {
        match self.online {
            Some(OnlineRole::Plays(side)) => Some(side),
            _ => self.human_side,
        }
    }

    /// What this screen does in an online game, if the game is one.
    pub fn online(&self) -> Option<OnlineRole> {
        self.online
    }

    /// Whether an online game waits for its second player.
    pub fn online_waiting(&self) -> bool {
        self.online_waiting
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
            && self.to_act().is_some_and(|side| {
                self.computer_level(side).is_none()
                    && !self.online_waiting
                    && self
                        .online
                        .is_none_or(|role| role == OnlineRole::Plays(side))
            })
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
        // Online, the side played here, once the game has begun (the server decides).
        if let Some(role) = self.online {
            return match role {
                OnlineRole::Plays(side) if !self.online_waiting => Some(side),
                _ => None,
            };
        }
        match self.setup.opponent {
            Opponent::Computer { .. } => self.human_side,
            Opponent::Human => self.to_act(),
            Opponent::Watch { .. } => None,
        }
    }

    /// Whether a hint can be asked for now.
    pub fn can_hint(&self) -> bool {
        self.human_to_act() && self.pending.is_none() && self.online.is_none()
    }

    /// Whether the game can be paused or resumed now (not an online game: the opponent's
    /// clock is not this screen's to stop).
    pub fn can_pause(&self) -> bool {
        !self.is_over() && self.review.is_none() && self.online.is_none()
    }

    /// Whether [`Session::undo`] would do anything.
    pub fn can_undo(&self) -> bool {
        if self.is_over() || self.review.is_some() || self.game.is_empty() || self.online.is_some()
        {
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
        self.online.is_none()
            && !self.redo.is_empty()
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

    /// Whether the board's explanation of the last turn is still fading in at UI time `now`.
    pub fn is_spotlight_fading(&self, now: f64) -> bool {
        self.review.is_none() && self.spotlight.is_some_and(|s| s.is_fading_in(now))
    }

    /// Whether an animation is still running at UI time `now`.
    pub fn is_animating(&self, now: f64) -> bool {
        self.animations.iter().any(|a| !a.is_done(now))
    }

    /// How long until the game changes by itself (the computer's next action or the clock's
    /// next second), if it is running.
    pub fn next_change(&self) -> Option<Duration> {
        if !self.is_running() {
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

    /// The setup of this game with the same sides: for the same game again at another level.
    pub fn same_sides_setup(&self) -> (Setup, Option<Side>) {
        (self.setup, self.human_side)
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
}

fn budget_of(clock: ClockSetting) -> Option<Duration> {
    clock.seconds().map(|s| Duration::from_secs(u64::from(s)))
}

/// The animations of one applied action, played at `at`'s pace.
fn animation_of(before: &State, effects: &Effects, at: Moment) -> Vec<Animation> {
    let change = board::Change {
        action: effects.action,
        removed: effects.removed,
        removed_owner: effects.removed_owner,
        flipped: effects.flipped,
        actor: effects.actor,
    };
    board::animations_for(before, change, at.ui_time, at.pace)
}
