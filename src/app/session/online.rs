//! An online game on the screen: the session shows the position the client holds (the
//! server's game and this player's actions on their way) and takes what comes from the
//! server: the opponent's actions, played as they come, or a whole new position.

use std::time::Duration;

use super::{Changed, Moment, Mover, OnlineRole, Session};
use crate::app::settings::{ClockSetting, Opponent, Setup};
use crate::rules::{Action, Game, GameId, Side};

/// The most actions arriving together that are still played one by one on the board.
const FOLLOW_AT_ONCE: usize = 8;

impl Session {
    /// A new online game of `game` with a turn of `clock` seconds (none: no clock), where this
    /// screen does `role`; the position comes with [`Session::follow_online`].
    pub fn online_game(
        game: GameId,
        clock: Option<u32>,
        role: OnlineRole,
        time: crate::app::clock::TimeSource,
    ) -> Session {
        let clock = ClockSetting::ALL
            .into_iter()
            .find(|c| c.seconds() == clock)
            .unwrap_or(ClockSetting::Off);
        let setup = Setup {
            game,
            opponent: Opponent::Human,
            clock,
        };
        let mut session = Session::new(setup, None, Game::new(game), time);
        session.online = Some(role);
        session.online_waiting = true;
        session.clock.stop();
        session
    }

    /// Shows `position`, the game as the client holds it: the actions it adds to the one
    /// shown are played as they come (animated, with their sounds); a position that does not
    /// follow the one shown replaces it. Until the game is `ready` (both seats taken) its
    /// clock stands and nobody acts. `turn_used` is how long the current turn has run by the
    /// server's clock, when it is known.
    pub fn follow_online(
        &mut self,
        position: &Game,
        ready: bool,
        resigned: Option<(Side, bool)>,
        turn_used: Option<Duration>,
        at: Moment,
    ) -> Changed {
        if self.online_waiting && ready {
            self.online_waiting = false;
            self.clock.restart();
        } else if !ready && !self.online_waiting {
            self.online_waiting = true;
            self.clock.stop();
        }
        let shown = self.game.action_list();
        let wanted = position.action_list();
        let mut changed = Changed::NOTHING;
        // A few actions at a time are played as they come; a whole game at once (coming
        // back to it) is set at once.
        if wanted.starts_with(&shown) && wanted.len() - shown.len() <= FOLLOW_AT_ONCE {
            for &action in &wanted[shown.len()..] {
                if self.play(action, Mover::Server, at).is_err() {
                    break;
                }
                changed = Changed::SAVE;
            }
        }
        if self.game.action_list() != wanted {
            self.game = position.clone();
            self.selected = None;
            self.animations.clear();
            self.spotlight = None;
            self.clock.restart();
            if self.game.status().is_over() || self.online_waiting {
                self.clock.stop();
            }
            changed = Changed::SAVE;
        }
        if let Some(used) = turn_used
            && let Some(budget) = self.clock.budget()
        {
            self.clock.set_remaining(budget.saturating_sub(used));
        }
        // A resignation the server told of (or a game claimed from the side that left) ends
        // the game here.
        if let Some((side, left)) = resigned
            && self.resigned.is_none()
        {
            self.resigned = Some(side);
            self.left = left;
            self.selected = None;
            self.clock.stop();
            self.announced = false;
            changed = Changed::SAVE;
        }
        changed
    }

    /// The actions of the person's own turn played on the screen that `position` does not
    /// have yet: what to send to the server.
    pub fn online_actions_after(&self, position: &Game) -> Vec<Action> {
        let shown = self.game.action_list();
        let known = position.action_list();
        if shown.len() > known.len() && shown.starts_with(&known) {
            shown[known.len()..].to_vec()
        } else {
            Vec::new()
        }
    }
}
