//! Changing the game on the screen: the person's clicks, the one place where an action's
//! bookkeeping is done, undo and redo, pausing, resigning, the game's level and clock, review,
//! and the report of the game's end.

use super::*;

impl Session {
    /// Whether the person may act on the board now; if not, the note says why.
    fn person_may_act(&mut self) -> bool {
        if self.review.is_some() {
            return false;
        }
        let why = if self.paused {
            Note::Message("msg.paused")
        } else if self.is_over() {
            Note::Illegal(IllegalAction::GameOver)
        } else if !self.human_to_act() {
            Note::Message("msg.wait_computer")
        } else {
            return true;
        };
        self.note = Some(why);
        false
    }

    /// Handles a click on a point of the live board: selects, plays or says why not.
    pub fn click(&mut self, p: Point, at: Moment) -> Changed {
        match self.clicked_action(p) {
            Some(action) => self.play_checked(action, at),
            None => Changed::NOTHING,
        }
    }

    /// The legal action a click on the live board stands for, without playing it (a lesson
    /// checks it first). `None` when the click only changed the selection or cannot be
    /// played; the note then says why.
    pub fn clicked_action(&mut self, p: Point) -> Option<Action> {
        if !self.person_may_act() {
            return None;
        }
        let action = self.interpret_click(p)?;
        self.note = None;
        Some(action)
    }

    /// Handles a piece dragged from `from` and dropped on `to`: plays the move, or says why
    /// not and leaves the piece picked up, showing where it can go.
    pub fn drag_move(&mut self, from: Point, to: Point, at: Moment) -> Changed {
        match self.dragged_action(from, to) {
            Some(action) => self.play_checked(action, at),
            None => Changed::NOTHING,
        }
    }

    /// The legal move a drag from `from` to `to` stands for, without playing it (a lesson
    /// checks it first). `None` when it cannot be played: the note then says why, and a
    /// piece that can move stays picked up, showing where it can go.
    pub fn dragged_action(&mut self, from: Point, to: Point) -> Option<Action> {
        if !self.person_may_act() || self.game.state().decision() != Some(Decision::Move) {
            return None;
        }
        let action = Action::Move(from, to);
        match self.game.state().check(action) {
            Ok(()) => {
                self.note = None;
                Some(action)
            }
            Err(error) => {
                let state = *self.game.state();
                let movable = state
                    .legal_vec()
                    .iter()
                    .any(|a| matches!(*a, Action::Move(f, _) if f == from));
                self.selected = movable.then_some(from);
                self.note = Some(Note::Illegal(error));
                None
            }
        }
    }

    /// Plays an action of the person's (one [`Session::clicked_action`] or
    /// [`Session::dragged_action`] gave, or a lesson's scripted reply) with all its
    /// bookkeeping; an illegal one only sets the note.
    pub fn play_checked(&mut self, action: Action, at: Moment) -> Changed {
        match self.play(action, Mover::Person, at) {
            Ok(changed) => changed,
            Err(e) => {
                self.note = Some(Note::Illegal(e));
                Changed::NOTHING
            }
        }
    }

    /// Gives each turn `budget` (`None`: no clock) whatever the setup says, from now on (a
    /// lesson about the clock uses a short one).
    pub fn set_turn_budget(&mut self, budget: Option<Duration>) {
        self.clock.set_budget(budget);
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
    pub(super) fn play(
        &mut self,
        action: Action,
        mover: Mover,
        at: Moment,
    ) -> Result<Changed, IllegalAction> {
        let before = *self.game.state();
        let starts_turn = self.game.at_turn_start();
        let effects = self.game.apply(action)?;
        self.last_action_at = Some((self.time)());
        self.sounds.extend(sound_of(&effects));
        let mut changed = Changed::SAVE;
        // The board explains the turn from its first action until the next turn begins.
        if starts_turn {
            self.spotlight = Some(Spotlight {
                started: at.ui_time,
                animate: at.animate,
                pace: at.pace,
            });
        }
        // What the last message said no longer applies, unless it tells why the computer
        // played the action it fell back on, or that a clock ran out: those stay until the
        // person acts.
        let lasting = matches!(
            self.note,
            Some(Note::ComputerFailed(_) | Note::TimedOut { .. })
        );
        if mover == Mover::Person || !lasting {
            self.note = None;
        }
        if mover == Mover::Person {
            self.timeouts_in_a_row = 0;
        }
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
        self.animations.retain(|a| !a.is_done(at.ui_time));
        if at.animate {
            self.animations.extend(animation_of(&before, &effects, at));
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
                // A take-back against the computer: the game is no longer rated.
                self.make_unrated(Unrated::TakeBack);
                self.timeouts_in_a_row = 0;
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
            self.animations = animation_of(&before, &effects, at);
        }
        Changed::SAVE_AND_STOP
    }

    fn after_history_change(&mut self) {
        self.selected = None;
        self.hint = None;
        self.note = None;
        self.animations.clear();
        // The turn now last on the board is told in the side panel: it is drawn there too.
        self.explain_last_turn();
        if self.game.status().is_over() {
            self.clock.stop();
        } else {
            self.clock.restart();
        }
    }

    /// Forgets the computer's turn in progress (its request and its unplayed actions).
    pub(super) fn drop_computer_turn(&mut self) {
        self.pending = None;
        self.plan.clear();
        self.plan_due = None;
    }

    /// Drops the selection, the hint and the message about the last try, so that the side
    /// panel tells the last turn again.
    pub fn deselect(&mut self) {
        self.selected = None;
        self.hint = None;
        self.note = None;
    }

    /// Pauses or resumes the game.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.run_clock();
    }

    /// Holds the game still for a reason other than the user's pause (`None` lifts the hold).
    /// The computer's next planned action is put off by as long as the hold lasted, so that
    /// its turn goes on exactly as it would have.
    pub fn set_hold(&mut self, hold: Option<Hold>) {
        // An online game's clock is the server's: nothing here holds it.
        if self.online.is_some() {
            return;
        }
        match (self.hold, hold) {
            (None, Some(why)) => self.hold = Some((why, (self.time)())),
            (Some((_, since)), Some(why)) => self.hold = Some((why, since)),
            (Some((_, since)), None) => {
                let held = (self.time)().saturating_duration_since(since);
                if let Some(due) = &mut self.plan_due {
                    *due += held;
                }
                self.hold = None;
            }
            (None, None) => return,
        }
        self.run_clock();
    }

    /// Runs the clock while the game runs, and stops it (keeping the time left) otherwise.
    fn run_clock(&mut self) {
        if self.is_running() {
            self.clock.resume();
        } else {
            self.clock.pause();
        }
    }

    /// Pauses or resumes the clock and the computer, while the game is being played.
    pub fn toggle_pause(&mut self) -> Changed {
        if !self.can_pause() {
            return Changed::NOTHING;
        }
        self.set_paused(!self.paused);
        self.selected = None;
        if !self.paused && self.note == Some(Note::Message("msg.paused")) {
            self.note = None;
        }
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
        // A game played against more than one level is not rated against either.
        if !self.game.is_empty() {
            self.make_unrated(Unrated::LevelChanged);
        }
        if self.computer_thinking() {
            self.pending = None;
            return Changed::SAVE_AND_STOP;
        }
        Changed::SAVE
    }

    /// Changes the turn clock; the current turn starts afresh. A game played on more than one
    /// clock is not rated.
    pub fn set_clock(&mut self, clock: ClockSetting) -> Changed {
        if clock != self.setup.clock && !self.game.is_empty() && self.is_live() {
            self.make_unrated(Unrated::ClockChanged);
        }
        self.setup.clock = clock;
        self.clock.set_budget(budget_of(clock));
        if self.is_over() || self.from_record {
            self.clock.stop();
        }
        Changed::SAVE
    }

    /// Enters review mode where the game ended (or stands), as the move list shows it last.
    pub fn review_from_end(&mut self) {
        self.review = Some(self.game.len());
        self.selected = None;
    }

    /// Moves the reviewed position to the end of the turn at or before `n` actions: review
    /// steps through whole turns, as the move list numbers them.
    pub fn review_to(&mut self, n: usize) {
        if self.review.is_some() {
            let at = self
                .turn_boundaries()
                .into_iter()
                .rfind(|&b| b <= n)
                .unwrap_or(0);
            self.review = Some(at);
        }
    }

    /// Leaves review mode, back to the end of the game.
    pub fn exit_review(&mut self) {
        self.review = None;
    }

    /// Cuts the game back to the reviewed position and plays on from there with `opponent`
    /// (`human_side` is the person's side against the computer) and `clock`.
    pub fn continue_from_review(
        &mut self,
        opponent: Opponent,
        human_side: Option<Side>,
        clock: ClockSetting,
    ) -> Changed {
        let n = self.shown_len();
        while self.game.len() > n {
            self.game.undo();
        }
        self.review = None;
        self.redo.clear();
        self.resigned = None;
        self.setup.opponent = opponent;
        self.setup.clock = clock;
        self.clock.set_budget(budget_of(clock));
        self.human_side = human_side.filter(|_| matches!(opponent, Opponent::Computer { .. }));
        self.from_record = false;
        // The actions before the reviewed position were not all the person's against this
        // level on this clock.
        if !self.game.is_empty() {
            self.make_unrated(Unrated::PlayedOn);
        }
        self.timeouts_in_a_row = 0;
        self.away = false;
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
            return Some(Ending {
                counted: None,
                rated: None,
            });
        }
        self.counted = true;
        // A game that ends now, not one that had ended before it was opened.
        self.sounds.push(self.end_sound());
        let winner = self.winner();
        let outcome_for = |me: Side| match winner {
            None => Outcome::Draw,
            Some(w) if w == me => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        // Only games against the computer are the person's own results: a hot-seat game is
        // two people's, and a watched one nobody's.
        let counted = match self.setup.opponent {
            Opponent::Computer { level, .. } => {
                self.human_side.map(|me| (level.id(), outcome_for(me)))
            }
            Opponent::Human | Opponent::Watch { .. } => None,
        };
        let rated = match self.setup.opponent {
            Opponent::Computer { level, .. } if self.unrated.is_none() => self
                .human_side
                .map(|me| (self.game.id(), level, outcome_for(me))),
            _ => None,
        };
        Some(Ending {
            counted: counted.map(|(opponent, outcome)| (self.game.id(), opponent, outcome)),
            rated,
        })
    }
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
        pace: 1.0,
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
                counted: Some((GameId::Flying, "hard", Outcome::Loss)),
                rated: Some((GameId::Flying, Level::Hard, Outcome::Loss)),
            })
        );
        assert_eq!(s.take_ending(), None);
    }

    #[test]
    fn a_game_with_help_counts_but_is_not_rated_and_keeps_why() {
        let computer = Opponent::Computer {
            level: Level::Easy,
            side: SideChoice::Black,
        };
        let rated = |s: &mut Session| {
            assert_eq!(s.resign(), Changed::SAVE_AND_STOP);
            let ending = s.take_ending().expect("an ending");
            assert!(ending.counted.is_some());
            ending.rated.is_some()
        };
        // Unhelped: rated.
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let _ = s.click(pt("c3"), STILL);
        assert!(s.is_rated());
        assert!(rated(&mut s));
        // A take-back.
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let _ = s.click(pt("c3"), STILL);
        assert_eq!(s.undo(), Changed::SAVE_AND_STOP);
        assert_eq!(s.unrated(), Some(Unrated::TakeBack));
        assert!(!rated(&mut s));
        // The level changed once the game was under way (before it, it is still rated).
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let _ = s.set_level(None, Level::Hard);
        assert_eq!(s.unrated(), None);
        let _ = s.click(pt("c3"), STILL);
        let _ = s.set_level(None, Level::Medium);
        assert_eq!(s.unrated(), Some(Unrated::LevelChanged));
        assert!(!rated(&mut s));
        // The clock, likewise; the first reason is the one kept.
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let _ = s.set_clock(ClockSetting::S30);
        assert_eq!(s.unrated(), None);
        let _ = s.click(pt("c3"), STILL);
        let _ = s.set_clock(ClockSetting::S30);
        assert_eq!(s.unrated(), None, "the same clock again changes nothing");
        let _ = s.set_clock(ClockSetting::S120);
        assert_eq!(s.unrated(), Some(Unrated::ClockChanged));
        let _ = s.set_level(None, Level::Hard);
        assert_eq!(s.unrated(), Some(Unrated::ClockChanged));
        assert!(!rated(&mut s));
        // A hint.
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let reason = hint::reason(s.game.state(), &[act("c3")], &[], None).expect("a reason");
        s.show_hint(reason);
        assert_eq!(s.unrated(), Some(Unrated::Hint));
        assert!(!rated(&mut s));
        // Why is remembered across a restart; an earlier version's file says only "help".
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        let _ = s.click(pt("c3"), STILL);
        let _ = s.undo();
        let saved = s.saved();
        assert!(saved.assisted);
        let back = Session::restore(&saved, ManualTime::new().source()).expect("restored");
        assert_eq!(back.unrated(), Some(Unrated::TakeBack));
        let older = SavedGame {
            unrated: None,
            ..saved
        };
        let mut back = Session::restore(&older, ManualTime::new().source()).expect("restored");
        assert_eq!(back.unrated(), Some(Unrated::Help));
        assert!(!rated(&mut back));
    }

    #[test]
    fn two_timeouts_in_a_row_stop_the_game_ask_for_the_person_and_unrate_it() {
        let time = ManualTime::new();
        let setup = Setup {
            game: GameId::Wudao,
            opponent: Opponent::Computer {
                level: Level::Easy,
                side: SideChoice::Black,
            },
            clock: ClockSetting::S30,
        };
        let mut s = Session::new(
            setup,
            Some(Side::Black),
            Game::new(GameId::Wudao),
            time.source(),
        );
        let time_out = |s: &mut Session| {
            time.advance(Duration::from_secs(31));
            let _ = s.check_clock(STILL);
        };
        let computer_plays = |s: &mut Session, a: &str| {
            assert_eq!(s.wants_turn(), Some(Level::Easy));
            assert!(s.play(act(a), Mover::Computer, STILL).is_ok());
        };
        // One timeout, then the person plays: the count starts again.
        time_out(&mut s);
        assert_eq!(s.game.action_list(), [Action::Timeout]);
        computer_plays(&mut s, "c3");
        let _ = s.click(pt("b2"), STILL);
        computer_plays(&mut s, "d4");
        time_out(&mut s);
        assert!(!s.take_away());
        assert!(s.is_rated());
        computer_plays(&mut s, "a1");
        // The second in a row: the game stops, once, and the computer does not play on.
        time_out(&mut s);
        assert!(s.is_paused());
        assert!(s.take_away());
        assert!(!s.take_away(), "asked once");
        assert_eq!(s.unrated(), Some(Unrated::Away));
        assert_eq!(s.wants_turn(), None);
        time.advance(Duration::from_secs(600));
        let _ = s.check_clock(STILL);
        assert_eq!(s.game.len(), 7, "nothing happens while nobody is there");
        // Back: the computer plays its turn, and the person's clock starts afresh.
        assert_eq!(s.still_here(), Changed::SAVE);
        assert!(!s.is_paused());
        computer_plays(&mut s, "e5");
        assert_eq!(s.clock().shown_seconds(), Some(30));
        time_out(&mut s);
        assert!(!s.take_away(), "one timeout after coming back is not two");
        assert_eq!(s.unrated(), Some(Unrated::Away), "still not rated");
    }

    #[test]
    fn between_two_people_a_timeout_asks_nobody() {
        let time = ManualTime::new();
        let setup = Setup {
            game: GameId::Wudao,
            opponent: Opponent::Human,
            clock: ClockSetting::S30,
        };
        let mut s = Session::new(setup, None, Game::new(GameId::Wudao), time.source());
        for _ in 0..4 {
            time.advance(Duration::from_secs(31));
            let _ = s.check_clock(STILL);
        }
        assert_eq!(s.game.len(), 4);
        assert!(!s.take_away());
        assert!(!s.is_paused());
    }

    #[test]
    fn playing_on_from_a_review_after_some_actions_is_not_rated() {
        let computer = Opponent::Computer {
            level: Level::Easy,
            side: SideChoice::Black,
        };
        let mut s = session(computer, Some(Side::Black), GameId::Wudao);
        s.play_through(&["c3", "b2"].map(act));
        let _ = s.resign();
        let _ = s.take_ending();
        s.review_from_end();
        s.review_to(0);
        let _ = s.continue_from_review(computer, Some(Side::Black), ClockSetting::Off);
        assert!(s.is_rated(), "from the start, a game of its own");
        let _ = s.click(pt("c3"), STILL);
        let _ = s.resign();
        let _ = s.take_ending();
        s.review_from_end();
        let _ = s.continue_from_review(computer, Some(Side::Black), ClockSetting::Off);
        assert_eq!(s.unrated(), Some(Unrated::PlayedOn));
    }

    #[test]
    fn a_hold_stops_the_clock_and_puts_off_the_computers_next_action() {
        let time = ManualTime::new();
        let setup = Setup {
            game: GameId::Wudao,
            opponent: Opponent::Human,
            clock: ClockSetting::S30,
        };
        let mut s = Session::new(setup, None, Game::new(GameId::Wudao), time.source());
        s.plan = [act("c3")].into();
        s.plan_due = Some(time.now() + Duration::from_secs(1));
        s.set_hold(Some(Hold::Dialog));
        assert!(!s.is_running());
        time.advance(Duration::from_secs(20));
        assert_eq!(s.clock().shown_seconds(), Some(30));
        assert_eq!(s.check_clock(STILL), Changed::NOTHING);
        s.set_hold(None);
        // The action is still a second away, and the clock runs again.
        assert_eq!(s.next_change(), Some(Duration::from_secs(1)));
        time.advance(Duration::from_secs(5));
        assert_eq!(s.clock().shown_seconds(), Some(25));
    }

    #[test]
    fn hot_seat_games_are_not_counted() {
        let mut s = session(Opponent::Human, None, GameId::Flying);
        assert_eq!(s.resign(), Changed::SAVE_AND_STOP);
        assert_eq!(
            s.take_ending(),
            Some(Ending {
                counted: None,
                rated: None
            })
        );
    }

    #[test]
    fn a_record_is_reviewed_and_never_counted() {
        let mut game = Game::new(GameId::Wudao);
        let _ = game.apply(act("c3"));
        let metadata = crate::rules::records::Metadata::default();
        let mut s = Session::of_record(
            game,
            metadata,
            ClockSetting::S60,
            ManualTime::new().source(),
        );
        assert_eq!(s.review(), Some(1), "where the record ends");
        assert!(!s.is_live());
        assert_eq!(s.click(pt("d4"), STILL), Changed::NOTHING);
        assert_eq!(s.take_ending(), None);
    }
}
