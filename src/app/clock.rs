//! The turn clock: a budget per turn that counts down while the game runs, pauses on demand
//! and reads its time from an injectable source, so that tests can expire it without
//! sleeping.

use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

/// Where the app reads the current time from.
pub type TimeSource = Arc<dyn Fn() -> Instant + Send + Sync>;

/// The real monotonic clock.
pub fn system_time() -> TimeSource {
    Arc::new(Instant::now)
}

/// A time source that only moves when told to, for tests and demonstrations.
#[derive(Clone)]
pub struct ManualTime {
    base: Instant,
    offset: Arc<Mutex<Duration>>,
}

impl ManualTime {
    /// A manual time starting now.
    pub fn new() -> ManualTime {
        ManualTime {
            base: Instant::now(),
            offset: Arc::new(Mutex::new(Duration::ZERO)),
        }
    }

    /// Moves the time forward.
    pub fn advance(&self, by: Duration) {
        let mut offset = self.offset.lock().unwrap_or_else(|e| e.into_inner());
        *offset += by;
    }

    /// The current manual time.
    pub fn now(&self) -> Instant {
        self.base + *self.offset.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// This manual time as a [`TimeSource`].
    pub fn source(&self) -> TimeSource {
        let this = self.clone();
        Arc::new(move || this.now())
    }
}

impl Default for ManualTime {
    fn default() -> Self {
        ManualTime::new()
    }
}

/// A per-turn countdown. With no budget (the clock switched off) it never expires.
#[derive(Clone)]
pub struct Clock {
    budget: Option<Duration>,
    time: TimeSource,
    /// When the running stretch started, if the clock is running.
    running_since: Option<Instant>,
    /// Time used in this turn before the running stretch.
    used: Duration,
    paused: bool,
    stopped: bool,
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clock")
            .field("budget", &self.budget)
            .field("remaining", &self.remaining())
            .field("paused", &self.paused)
            .field("stopped", &self.stopped)
            .finish()
    }
}

impl Clock {
    /// A clock with `budget` per turn (`None`: off), started for the first turn.
    pub fn new(budget: Option<Duration>, time: TimeSource) -> Clock {
        let now = time();
        Clock {
            budget,
            time,
            running_since: Some(now),
            used: Duration::ZERO,
            paused: false,
            stopped: false,
        }
    }

    fn now(&self) -> Instant {
        (self.time)()
    }

    /// The budget of a turn, if the clock is on.
    pub fn budget(&self) -> Option<Duration> {
        self.budget
    }

    /// Changes the budget and starts the current turn afresh.
    pub fn set_budget(&mut self, budget: Option<Duration>) {
        self.budget = budget;
        self.restart();
    }

    /// Starts a new turn with the whole budget. A paused clock stays paused.
    pub fn restart(&mut self) {
        self.used = Duration::ZERO;
        self.stopped = false;
        self.running_since = if self.paused { None } else { Some(self.now()) };
    }

    /// Sets the time left in the current turn (when a saved game is resumed).
    pub fn set_remaining(&mut self, remaining: Duration) {
        if let Some(budget) = self.budget {
            self.used = budget.saturating_sub(remaining);
            if self.running_since.is_some() {
                self.running_since = Some(self.now());
            }
        }
    }

    /// Time used in the current turn.
    pub fn used(&self) -> Duration {
        let running = self.running_since.map_or(Duration::ZERO, |since| {
            self.now().saturating_duration_since(since)
        });
        self.used + running
    }

    /// Time left in the current turn, or `None` when the clock is off.
    pub fn remaining(&self) -> Option<Duration> {
        self.budget.map(|b| b.saturating_sub(self.used()))
    }

    /// Whether the turn's time is up.
    pub fn expired(&self) -> bool {
        !self.stopped && self.remaining() == Some(Duration::ZERO)
    }

    /// Whether the clock is counting down now.
    pub fn is_running(&self) -> bool {
        self.budget.is_some() && self.running_since.is_some() && !self.stopped
    }

    /// Stops the countdown, keeping the time left.
    pub fn pause(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.used += self.now().saturating_duration_since(since);
        }
        self.paused = true;
    }

    /// Continues the countdown after [`Clock::pause`].
    pub fn resume(&mut self) {
        self.paused = false;
        if self.running_since.is_none() && !self.stopped {
            self.running_since = Some(self.now());
        }
    }

    /// Stops the clock for good (the game is over); [`Clock::restart`] starts it again.
    pub fn stop(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.used += self.now().saturating_duration_since(since);
        }
        self.stopped = true;
    }

    /// Whole seconds to show: the time left rounded up, so that `0` appears only when the
    /// time is up.
    pub fn shown_seconds(&self) -> Option<u64> {
        self.remaining().map(|r| {
            let ms = r.as_millis() as u64;
            ms.div_ceil(1000)
        })
    }

    /// How long until what [`Clock::shown_seconds`] shows changes (or the time runs out),
    /// if the clock is running.
    pub fn until_next_tick(&self) -> Option<Duration> {
        if !self.is_running() {
            return None;
        }
        let remaining = self.remaining()?;
        let ms = remaining.as_millis() as u64;
        let into_second = ms % 1000;
        let wait = if into_second == 0 { 1000 } else { into_second };
        Some(Duration::from_millis(wait.min(ms.max(1))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_down_and_expires() {
        let time = ManualTime::new();
        let mut clock = Clock::new(Some(Duration::from_secs(30)), time.source());
        assert_eq!(clock.shown_seconds(), Some(30));
        time.advance(Duration::from_millis(10_500));
        assert_eq!(clock.shown_seconds(), Some(20));
        assert_eq!(clock.until_next_tick(), Some(Duration::from_millis(500)));
        assert!(!clock.expired());
        time.advance(Duration::from_secs(20));
        assert!(clock.expired());
        clock.restart();
        assert_eq!(clock.shown_seconds(), Some(30));
    }

    #[test]
    fn pause_keeps_the_time_left() {
        let time = ManualTime::new();
        let mut clock = Clock::new(Some(Duration::from_secs(60)), time.source());
        time.advance(Duration::from_secs(5));
        clock.pause();
        time.advance(Duration::from_secs(100));
        assert_eq!(clock.shown_seconds(), Some(55));
        assert_eq!(clock.until_next_tick(), None);
        clock.resume();
        time.advance(Duration::from_secs(5));
        assert_eq!(clock.shown_seconds(), Some(50));
    }

    #[test]
    fn an_off_clock_never_expires() {
        let time = ManualTime::new();
        let clock = Clock::new(None, time.source());
        time.advance(Duration::from_secs(10_000));
        assert!(!clock.expired());
        assert_eq!(clock.remaining(), None);
        assert_eq!(clock.until_next_tick(), None);
    }

    #[test]
    fn remaining_can_be_restored() {
        let time = ManualTime::new();
        let mut clock = Clock::new(Some(Duration::from_secs(60)), time.source());
        clock.set_remaining(Duration::from_secs(12));
        assert_eq!(clock.shown_seconds(), Some(12));
        clock.stop();
        time.advance(Duration::from_secs(30));
        assert!(!clock.expired());
    }
}
