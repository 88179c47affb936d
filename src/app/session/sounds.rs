//! What the game on the screen sounds like: the sound of each action from what it did, a tick
//! for each of the clock's last ten seconds, a tune at the end. The session only collects
//! them ([`Session::take_sounds`]); the app plays them, or not, as the settings say.

use super::*;
use crate::rules::RemovalKind;
use crate::sound::Sound;

/// The clock ticks from this many seconds left.
pub const TICK_FROM: u64 = 10;
/// The last ticks, from this many seconds left, are higher.
const LAST_TICKS_FROM: u64 = 3;

/// The sound of an applied action: what it took off or turned over if anything, else the
/// placement or the move (a step to the next point, or a slide further). A timeout that did
/// nothing makes none.
pub fn sound_of(effects: &Effects) -> Option<Sound> {
    if let Some(removal) = effects.removal.filter(|_| effects.removed != 0) {
        return Some(match removal {
            RemovalKind::Capture | RemovalKind::ReturnToHand => Sound::Capture,
            RemovalKind::Pull => Sound::Pull,
            RemovalKind::Yield => Sound::Yield,
        });
    }
    if effects.flipped != 0 {
        return Some(Sound::Flip);
    }
    match effects.action {
        Action::Place(_) => Some(Sound::Place),
        Action::Move(from, to) => {
            let distance = from.row().abs_diff(to.row()) + from.column().abs_diff(to.column());
            Some(if distance > 1 {
                Sound::Slide
            } else {
                Sound::Step
            })
        }
        Action::Remove(_) | Action::Timeout => None,
    }
}

impl Session {
    /// The sounds made since the last call, oldest first.
    pub fn take_sounds(&mut self) -> Vec<Sound> {
        std::mem::take(&mut self.sounds)
    }

    /// A tick when the clock shows a new one of its last ten seconds (once each, and not
    /// while the game is held, paused or over).
    pub(super) fn tick(&mut self) {
        let shown = self
            .clock
            .shown_seconds()
            .filter(|_| self.clock.is_running() && self.is_running() && !self.is_over());
        match shown {
            Some(s @ 1..=TICK_FROM) if self.last_tick != Some(s) => {
                self.last_tick = Some(s);
                self.sounds.push(if s <= LAST_TICKS_FROM {
                    Sound::LastTick
                } else {
                    Sound::Tick
                });
            }
            // A new turn's clock starts above the ticking range: the next ten seconds tick.
            Some(s) if s > TICK_FROM => self.last_tick = None,
            _ => {}
        }
    }

    /// The tune of a game that has just ended: a win or a loss for the person against the
    /// computer; between two people, or two computers, a win for whoever won.
    pub(super) fn end_sound(&self) -> Sound {
        match (self.winner(), self.human_side) {
            (None, _) => Sound::Draw,
            (Some(w), Some(me)) if w != me => Sound::Loss,
            (Some(_), _) => Sound::Win,
        }
    }
}
