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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clock::ManualTime;
    use crate::app::settings::{ClockSetting, SideChoice};

    const STILL: Moment = Moment {
        ui_time: 0.0,
        animate: false,
        pace: 1.0,
    };

    fn session(
        game: GameId,
        opponent: Opponent,
        human: Option<Side>,
        time: &ManualTime,
    ) -> Session {
        let setup = Setup {
            game,
            opponent,
            clock: ClockSetting::S30,
        };
        Session::new(setup, human, Game::new(game), time.source())
    }

    fn against_computer(game: GameId, time: &ManualTime) -> Session {
        let opponent = Opponent::Computer {
            level: Level::Easy,
            side: SideChoice::Black,
        };
        session(game, opponent, Some(Side::Black), time)
    }

    /// Plays a game of `id` (always the same one: the legal action at a turning index) until
    /// an action does what `wanted` looks for; the sound of that action.
    fn sound_when(id: GameId, wanted: impl Fn(&Effects) -> bool) -> Option<Sound> {
        let mut game = Game::new(id);
        for i in 0..5_000usize {
            let legal = game.state().legal_vec();
            if legal.is_empty() || game.status().is_over() {
                game = Game::new(id);
                continue;
            }
            let action = legal[(i * 7 + i / 3) % legal.len()];
            let effects = game.apply(action).ok()?;
            if wanted(&effects) {
                return sound_of(&effects);
            }
        }
        None
    }

    #[test]
    fn a_capture_sounds_as_one_in_every_game_that_has_them() {
        let captured = |e: &Effects| {
            e.removed != 0
                && matches!(
                    e.removal,
                    Some(RemovalKind::Capture | RemovalKind::ReturnToHand)
                )
        };
        assert_eq!(sound_when(GameId::Neihuang, captured), Some(Sound::Capture));
        assert_eq!(sound_when(GameId::Wudao, captured), Some(Sound::Capture));
    }

    #[test]
    fn flips_pulls_and_yields_have_their_own_sounds() {
        let flipped = |e: &Effects| e.flipped != 0;
        assert_eq!(sound_when(GameId::Flying, flipped), Some(Sound::Flip));
        let removal = |kind| move |e: &Effects| e.removed != 0 && e.removal == Some(kind);
        assert_eq!(
            sound_when(GameId::Neihuang, removal(RemovalKind::Pull)),
            Some(Sound::Pull)
        );
        assert_eq!(
            sound_when(GameId::Neihuang, removal(RemovalKind::Yield)),
            Some(Sound::Yield)
        );
    }

    #[test]
    fn placements_steps_and_slides() {
        let placed = |e: &Effects| matches!(e.action, Action::Place(_));
        assert_eq!(sound_when(GameId::Wudao, placed), Some(Sound::Place));
        let moved = |far: bool| {
            move |e: &Effects| match e.action {
                Action::Move(a, b) => {
                    let d = a.row().abs_diff(b.row()) + a.column().abs_diff(b.column());
                    e.removed == 0 && e.flipped == 0 && (d > 1) == far
                }
                _ => false,
            }
        };
        assert_eq!(sound_when(GameId::Flying, moved(false)), Some(Sound::Step));
        assert_eq!(sound_when(GameId::Flying, moved(true)), Some(Sound::Slide));
    }

    #[test]
    fn the_person_placing_a_piece_is_heard_once() {
        let time = ManualTime::new();
        let mut s = against_computer(GameId::Wudao, &time);
        let c3 = Point::parse("c3").unwrap_or(Point::ALL[0]);
        let _ = s.click(c3, STILL);
        assert_eq!(s.take_sounds(), [Sound::Place]);
        assert_eq!(s.take_sounds(), []);
    }

    #[test]
    fn the_clock_ticks_each_of_its_last_ten_seconds_once() {
        let time = ManualTime::new();
        let mut s = against_computer(GameId::Wudao, &time);
        let mut heard = Vec::new();
        // 30 seconds, looked at four times a second.
        for _ in 0..(29 * 4) {
            time.advance(Duration::from_millis(250));
            let _ = s.check_clock(STILL);
            heard.extend(s.take_sounds());
        }
        let mut expected = vec![Sound::Tick; 7];
        expected.extend([Sound::LastTick; 3]);
        assert_eq!(heard, expected);
    }

    #[test]
    fn the_clock_is_silent_while_paused() {
        let time = ManualTime::new();
        let mut s = against_computer(GameId::Wudao, &time);
        let _ = s.toggle_pause();
        time.advance(Duration::from_secs(25));
        let _ = s.check_clock(STILL);
        assert_eq!(s.take_sounds(), []);
    }

    #[test]
    fn the_end_of_a_game_sounds_as_the_person_sees_it() {
        let time = ManualTime::new();
        // The person resigns against the computer: a loss.
        let mut s = against_computer(GameId::Flying, &time);
        let _ = s.resign();
        assert!(s.take_ending().is_some());
        assert_eq!(s.take_sounds(), [Sound::Loss]);
        // Reported once only.
        assert_eq!(s.take_ending(), None);
        assert_eq!(s.take_sounds(), []);
        // Between two people, whoever won: a win.
        let mut s = session(GameId::Flying, Opponent::Human, None, &time);
        let _ = s.resign();
        let _ = s.take_ending();
        assert_eq!(s.take_sounds(), [Sound::Win]);
    }

    #[test]
    fn a_game_opened_already_over_plays_no_tune() {
        // A Wu Dao game played to its end, then opened as it stands.
        let mut game = Game::new(GameId::Wudao);
        for i in 0..5_000usize {
            let legal = game.state().legal_vec();
            if game.status().is_over() || legal.is_empty() {
                break;
            }
            let _ = game.apply(legal[(i * 7 + i / 3) % legal.len()]);
        }
        assert!(game.status().is_over());
        let time = ManualTime::new();
        let setup = Setup {
            game: GameId::Wudao,
            opponent: Opponent::Human,
            clock: ClockSetting::Off,
        };
        let mut s = Session::new(setup, None, game, time.source());
        assert!(s.take_ending().is_some());
        assert_eq!(s.take_sounds(), []);
    }
}
