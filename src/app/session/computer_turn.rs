//! The computer's side of the game on the screen: when to ask it, what to ask, its replies,
//! its planned actions played one by one, and the turn clock running out.

use super::*;
use crate::ai::analysis::Evaluation;

impl Session {
    /// The level the computer should start searching for its turn at now, if it is to act
    /// and not busy.
    pub fn wants_turn(&self) -> Option<Level> {
        if self.pending.is_some() || !self.plan.is_empty() || !self.is_moving() {
            return None;
        }
        self.computer_to_act()
    }

    /// What a search needs: the position, the keys of the earlier ones and the turns since
    /// the last capture or flip.
    pub fn search_input(&self) -> (State, Vec<u128>, u16) {
        let history = (0..self.game.len())
            .map(|i| self.game.state_after(i).key())
            .collect();
        (*self.game.state(), history, self.game.quiet_turns())
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
        // While the game is held, its time stands at the moment the hold began.
        let now = self.hold.map_or_else(|| (self.time)(), |(_, since)| since);
        let Some(pending) = self.pending.filter(|p| p.generation == reply.generation) else {
            return;
        };
        self.pending = None;
        match (pending.purpose, reply.result) {
            (Purpose::Turn, Ok(plan)) => {
                self.plan = plan.actions.into();
                self.plan_due = Some(self.paced(now));
            }
            (Purpose::Hint, Ok(plan)) => {
                let state = self.game.state();
                // The search's score is the mover's; the hint says it from Black's side.
                let value = plan
                    .score
                    .zip(state.to_act())
                    .map(|(score, side)| Evaluation::of_score(score).for_side(side, Side::Black));
                match hint::reason(state, &plan.actions, &plan.line, value) {
                    Some(reason) => self.show_hint(reason),
                    None => self.note = Some(Note::Message("msg.hint_failed")),
                }
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

    /// When the computer's next action may come, the earliest being `now`: when it plays
    /// itself, a pace after the last action.
    fn paced(&self, now: Instant) -> Instant {
        match self.last_action_at.filter(|_| self.is_watched()) {
            Some(last) => now.max(last + self.watch_pace),
            None => now,
        }
    }

    /// Plays the computer's next planned action if it is due (or a step was asked for); the
    /// one after it is due `delay` later, or a pace later when the computer plays itself.
    pub fn play_planned(&mut self, delay: Duration, at: Moment) -> Changed {
        let now = (self.time)();
        let stepping = self.stepping();
        let due = self.plan_due.is_none_or(|due| now >= due);
        if !(self.is_running() && due || stepping) || self.plan.is_empty() {
            return Changed::NOTHING;
        }
        if self.computer_to_act().is_none() {
            self.drop_computer_turn();
            return Changed::NOTHING;
        }
        let Some(action) = self.plan.pop_front() else {
            return Changed::NOTHING;
        };
        self.step = false;
        match self.play(action, Mover::Computer, at) {
            Ok(changed) => {
                let delay = if self.is_watched() {
                    self.watch_pace
                } else {
                    delay
                };
                self.plan_due = (!self.plan.is_empty()).then(|| now + delay);
                changed
            }
            Err(_) => {
                self.drop_computer_turn();
                Changed::NOTHING
            }
        }
    }

    /// Changes how long each action takes when the computer plays itself; an action waiting
    /// for its turn comes at the new pace.
    pub fn set_watch_pace(&mut self, pace: Duration) {
        self.watch_pace = pace;
        let watched = self.is_watched();
        if let (Some(last), Some(due), true) = (self.last_action_at, &mut self.plan_due, watched) {
            *due = last + pace;
        }
    }

    /// Asks for the next action of a paused game the computer plays itself.
    pub fn step_watch(&mut self) {
        if self.can_step() {
            self.step = true;
        }
    }

    /// Passes the turn when its time is up (stopping the computer if it was thinking).
    pub fn check_clock(&mut self, at: Moment) -> Changed {
        self.tick();
        // Online, the server passes the turn: its timeout comes like any other action.
        if self.review.is_some()
            || !self.is_running()
            || self.is_over()
            || !self.clock.expired()
            || self.online.is_some()
        {
            return Changed::NOTHING;
        }
        let busy = self.computer_busy();
        let side = self.to_act();
        self.drop_computer_turn();
        match self.play(Action::Timeout, Mover::Clock, at) {
            Ok(changed) => {
                // The person's own timeout against the computer is said until they act: the
                // computer's reply, which may come at once, takes the story's place. (Between
                // two people, the story of the timeout says it.)
                let against_computer = matches!(self.setup.opponent, Opponent::Computer { .. });
                if let Some(side) = side.filter(|s| against_computer && self.human_side == Some(*s))
                {
                    self.note = Some(Note::TimedOut { side, you: true });
                    self.person_timed_out();
                }
                Changed {
                    stop_search: busy || changed.stop_search,
                    ..changed
                }
            }
            Err(_) => Changed {
                save: false,
                stop_search: busy,
            },
        }
    }

    /// Counts a turn of the person's that ended with their clock run out. The second in a row
    /// says that they are not playing: the computer does not play on alone, the game stops
    /// (paused) for the app to ask whether they are still there, and it is not rated (the
    /// person did not play it).
    fn person_timed_out(&mut self) {
        self.timeouts_in_a_row = self.timeouts_in_a_row.saturating_add(1);
        if self.timeouts_in_a_row >= AWAY_AFTER && !self.is_over() {
            self.stop_for_absence();
        }
    }

    /// Stops the game because the person seems away (their clock has run out turn after
    /// turn): it is paused and no longer rated, and [`Session::take_away`] says so once.
    pub fn stop_for_absence(&mut self) {
        self.make_unrated(Unrated::Away);
        self.drop_computer_turn();
        self.set_paused(true);
        self.away = true;
    }

    /// Forgets the animations that are over at UI time `now`.
    pub fn prune_animations(&mut self, now: f64) {
        self.animations.retain(|a| !a.is_done(now));
    }

    /// Plays actions straight into the game, whoever plays them, without animations or
    /// clock (ready-made positions for demonstrations). Stops at the first illegal one. The
    /// board explains the last turn played, as after any turn.
    pub fn play_through(&mut self, actions: &[Action]) {
        for action in actions {
            if self.game.apply(*action).is_err() {
                break;
            }
        }
        self.explain_last_turn();
    }
}
