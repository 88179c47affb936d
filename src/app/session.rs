//! The game on the screen: the rules' [`Game`] with who plays each side, the turn clock, the
//! selection, undo and redo, the review position, the computer's pending turn and what the
//! user was last told. Nothing here draws; the screens read it and call its methods.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::board::{Animation, BoardScene, Eligible};
use super::clock::{Clock, TimeSource};
use super::settings::{Opponent, SavedGame, SavedGameError, Setup};
use super::text::TimeoutReport;
use crate::ai::Level;
use crate::rules::{Action, Decision, Effects, Game, IllegalAction, Point, Side, State, Status};

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
pub struct Pending {
    /// The request's number; replies with another number are stale.
    pub generation: u64,
    /// What the reply is for.
    pub purpose: Purpose,
}

/// One turn of the move list: the side and its actions with their indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// 1 for the first turn.
    pub number: usize,
    /// The side that played the turn.
    pub side: Side,
    /// Indices into the game's actions, in order.
    pub actions: Vec<(usize, Action)>,
}

/// What a click on the board led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// This action should be played.
    Play(Action),
    /// The selection changed.
    Selected,
    /// Nothing happened and the note says why.
    Rejected,
}

/// A game being played or reviewed.
pub struct Session {
    /// The game, the players and the clock chosen for it.
    pub setup: Setup,
    /// The person's side against the computer.
    pub human_side: Option<Side>,
    /// The game itself: its start, actions and positions.
    pub game: Game,
    /// Actions undone, the next to redo last.
    pub redo: Vec<Action>,
    /// The turn clock.
    pub clock: Clock,
    /// The piece picked up to move.
    pub selected: Option<Point>,
    /// The number of actions shown in review mode.
    pub review: Option<usize>,
    /// The side that resigned.
    pub resigned: Option<Side>,
    /// Whether the result went into the statistics.
    pub recorded: bool,
    /// The latest message for the user.
    pub note: Option<Note>,
    /// The computer's suggestion for the person.
    pub hint: Option<Action>,
    /// Whether the user paused the game.
    pub paused: bool,
    /// The rest of the computer's turn, played one action at a time.
    pub plan: VecDeque<Action>,
    /// When the next action of [`Session::plan`] is due.
    pub plan_due: Option<Instant>,
    /// The request in flight.
    pub pending: Option<Pending>,
    /// Whether the game came from a record file (reviewed, not counted in statistics).
    pub from_record: bool,
    /// Whether the result window was closed.
    pub result_dismissed: bool,
    /// Animations on the board.
    pub animations: Vec<Animation>,
}

impl Session {
    /// A new game with this setup; `human_side` is the person's side against the computer.
    pub fn new(setup: Setup, human_side: Option<Side>, game: Game, time: TimeSource) -> Session {
        let budget = setup.clock.seconds().map(|s| Duration::from_secs(s as u64));
        let mut session = Session {
            setup,
            human_side,
            game,
            redo: Vec::new(),
            clock: Clock::new(budget, time),
            selected: None,
            review: None,
            resigned: None,
            recorded: false,
            note: None,
            hint: None,
            paused: false,
            plan: VecDeque::new(),
            plan_due: None,
            pending: None,
            from_record: false,
            result_dismissed: false,
            animations: Vec::new(),
        };
        if session.is_over() {
            session.clock.stop();
            session.recorded = true;
        }
        session
    }

    /// A saved game, resumed.
    pub fn restore(saved: &SavedGame, time: TimeSource) -> Result<Session, SavedGameError> {
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

    /// Whether the computer is working on its turn (searching or playing out its plan).
    pub fn computer_busy(&self) -> bool {
        self.pending.is_some_and(|p| p.purpose == Purpose::Turn) || !self.plan.is_empty()
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

    /// The turns of the game, for the move list.
    pub fn turns(&self) -> Vec<Turn> {
        let mut turns: Vec<Turn> = Vec::new();
        let mut starts_turn = true;
        for (i, (action, effects)) in self.game.actions().zip(self.game.effects()).enumerate() {
            if starts_turn {
                turns.push(Turn {
                    number: turns.len() + 1,
                    side: effects.actor,
                    actions: Vec::new(),
                });
            }
            if let Some(turn) = turns.last_mut() {
                turn.actions.push((i, action));
            }
            starts_turn = effects.turn_over;
        }
        turns
    }

    /// The actions of the turn that ended last at `len` actions (or is under way), for the
    /// last-move markers.
    fn last_turn_range(&self, len: usize) -> std::ops::Range<usize> {
        let effects: Vec<&Effects> = self.game.effects().take(len).collect();
        if effects.is_empty() {
            return 0..0;
        }
        let mut start = len - 1;
        while start > 0 && !effects[start - 1].turn_over {
            start -= 1;
        }
        start..len
    }

    /// The scene the board should draw now.
    pub fn scene(&self, now: f64, flipped: bool, coordinates: bool) -> BoardScene {
        let state = self.shown_state();
        let mut scene = BoardScene::of_state(state);
        scene.flipped = flipped;
        scene.coordinates = coordinates;
        scene.now = now;
        let len = self.shown_len();
        let actions = self.game.action_list();
        let range = self.last_turn_range(len);
        let effects: Vec<Effects> = self.game.effects().copied().collect();
        for i in range {
            match actions[i] {
                Action::Move(from, to) => {
                    scene.last_from = Some(from);
                    scene.last_to.push(to);
                }
                Action::Place(p) => scene.last_to.push(p),
                Action::Remove(_) | Action::Timeout => {}
            }
            for p in Point::ALL {
                if effects[i].removed & (1 << p.index()) != 0 {
                    scene.last_removed.push(p);
                }
            }
        }
        if self.review.is_none() {
            scene.animations = self.animations.clone();
        }
        if self.human_to_act() {
            let legal = state.legal_vec();
            match state.decision() {
                Some(Decision::Pull | Decision::Capture { .. }) => {
                    scene.eligible = removals(&legal);
                    scene.eligible_kind = Eligible::Enemy;
                    scene.clickable = scene.eligible.clone();
                }
                Some(Decision::Yield) => {
                    scene.eligible = removals(&legal);
                    scene.eligible_kind = Eligible::Own;
                    scene.clickable = scene.eligible.clone();
                }
                Some(Decision::Place) => {
                    scene.clickable = Point::ALL
                        .into_iter()
                        .filter(|p| state.piece_at(*p).is_none())
                        .collect();
                }
                Some(Decision::Move) => {
                    scene.clickable = legal
                        .iter()
                        .filter_map(|a| match *a {
                            Action::Move(from, _) => Some(from),
                            _ => None,
                        })
                        .collect();
                    if let Some(from) = self.selected {
                        scene.selected = Some(from);
                        scene.destinations = legal
                            .iter()
                            .filter_map(|a| match *a {
                                Action::Move(f, to) if f == from => Some(to),
                                _ => None,
                            })
                            .collect();
                        scene.clickable.extend(scene.destinations.iter().copied());
                    }
                }
                None => {}
            }
            scene.hint = self.hint;
        }
        scene
    }

    /// Interprets a click on the live board by the person to act.
    pub fn click(&mut self, p: Point) -> Click {
        let state = *self.game.state();
        let Some(side) = self.to_act() else {
            self.note = Some(Note::Illegal(IllegalAction::GameOver));
            return Click::Rejected;
        };
        let Some(decision) = state.decision() else {
            return Click::Rejected;
        };
        let action = match decision {
            Decision::Place => Action::Place(p),
            Decision::Pull | Decision::Capture { .. } | Decision::Yield => Action::Remove(p),
            Decision::Move => {
                let legal = state.legal_vec();
                let own = state.piece_at(p) == Some(side);
                match self.selected {
                    Some(from) if from == p => {
                        self.selected = None;
                        self.note = None;
                        return Click::Selected;
                    }
                    _ if own => {
                        let movable = legal
                            .iter()
                            .any(|a| matches!(*a, Action::Move(f, _) if f == p));
                        if movable {
                            self.selected = Some(p);
                            self.note = None;
                            return Click::Selected;
                        }
                        self.selected = None;
                        self.note = Some(Note::Message("msg.no_moves_for_piece"));
                        return Click::Rejected;
                    }
                    Some(from) => Action::Move(from, p),
                    None => {
                        self.note = Some(match state.piece_at(p) {
                            Some(_) => Note::Illegal(IllegalAction::NotYourPiece(p)),
                            None => Note::Message("msg.no_selection"),
                        });
                        return Click::Rejected;
                    }
                }
            }
        };
        match state.check(action) {
            Ok(()) => Click::Play(action),
            Err(error) => {
                self.note = Some(Note::Illegal(error));
                Click::Rejected
            }
        }
    }

    /// Applies an action to the live game: the selection and hint go, the clock restarts
    /// when a turn ends and stops when the game does.
    pub fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        let effects = self.game.apply(action)?;
        self.selected = None;
        self.hint = None;
        if self.game.status().is_over() {
            self.clock.stop();
        } else if effects.turn_over {
            self.clock.restart();
        }
        Ok(effects)
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

    /// Takes back the last action (two people), or everything back to the person's previous
    /// turn (against the computer). Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
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
        true
    }

    /// Plays undone actions again: one (two people) or up to the person's next turn
    /// (against the computer). Returns the effects of the actions replayed.
    pub fn redo(&mut self) -> Vec<(State, Effects)> {
        let mut done = Vec::new();
        if !self.can_redo() {
            return done;
        }
        self.drop_computer_turn();
        while let Some(action) = self.redo.pop() {
            let before = *self.game.state();
            match self.game.apply(action) {
                Ok(effects) => done.push((before, effects)),
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
        done
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
    pub fn drop_computer_turn(&mut self) {
        self.pending = None;
        self.plan.clear();
        self.plan_due = None;
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

    /// Ends the game by resignation of `side`.
    pub fn resign(&mut self, side: Side) {
        self.drop_computer_turn();
        self.resigned = Some(side);
        self.selected = None;
        self.hint = None;
        self.clock.stop();
    }

    /// Cuts the game back to the reviewed position and plays on from there with two people.
    pub fn continue_from_review(&mut self) {
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
        self.recorded = self.game.status().is_over();
        self.result_dismissed = false;
        self.after_history_change();
    }
}

fn removals(legal: &[Action]) -> Vec<Point> {
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Remove(p) => Some(p),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clock::ManualTime;
    use crate::app::settings::{ClockSetting, SideChoice};
    use crate::rules::GameId;

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
        for a in ["c3", "b2", "d4", "a1"] {
            let action = Action::parse(a).unwrap_or(Action::Timeout);
            assert!(s.apply(action).is_ok());
        }
        assert!(s.undo());
        assert_eq!(s.game.len(), 2);
        assert_eq!(s.game.state().to_act(), Some(Side::Black));
        let replayed = s.redo();
        assert_eq!(replayed.len(), 2);
        assert_eq!(s.game.len(), 4);
    }

    #[test]
    fn moving_needs_a_selection_and_reselects_own_pieces() {
        let mut s = session(Opponent::Human, None, GameId::Flying);
        assert_eq!(s.click(pt("c3")), Click::Rejected);
        assert_eq!(s.click(pt("a1")), Click::Selected);
        assert_eq!(s.click(pt("b1")), Click::Selected);
        assert_eq!(s.selected, Some(pt("b1")));
        assert_eq!(
            s.click(pt("b4")),
            Click::Play(Action::Move(pt("b1"), pt("b4")))
        );
        assert_eq!(s.click(pt("c2")), Click::Rejected);
        assert!(matches!(
            s.note,
            Some(Note::Illegal(IllegalAction::NotStraight))
        ));
    }

    #[test]
    fn turns_group_a_move_with_its_captures() {
        let mut s = session(Opponent::Human, None, GameId::Neihuang);
        let moves = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1 \
                     xb4 xa5 xc4 d4-c4 b5-b4 xd5";
        for text in moves.split_whitespace() {
            let action = Action::parse(text).unwrap_or(Action::Timeout);
            assert!(s.apply(action).is_ok(), "{text}");
        }
        let turns = s.turns();
        let last = turns.last().map(|t| (t.side, t.actions.len()));
        assert_eq!(last, Some((Side::Black, 2)));
        // Black's pull and the yield that followed it are one turn too.
        let pull = &turns[turns.len() - 3];
        assert_eq!(pull.side, Side::Black);
        assert_eq!(pull.actions.len(), 2);
    }
}
