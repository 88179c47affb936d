//! [`Game`]: a state with its history, the repetition and no-capture draws, undo, and the turn
//! boundaries the clock needs.

use std::collections::HashMap;

use super::{Action, DrawReason, Effects, GameId, IllegalAction, State, Status};

/// Turns in a row without a capture, pull, yield or flip that end the game in a draw.
pub const NO_CAPTURE_LIMIT: u16 = 100;

/// Everything needed to step back over one action exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    action: Action,
    effects: Effects,
    /// The state after the action.
    state: State,
    /// Completed turns without material change, after the action.
    quiet_turns: u16,
    /// Whether the turn in progress has changed material so far.
    turn_changed_material: bool,
    draw: Option<DrawReason>,
}

/// A game from its start: the states, the actions that led to them and the draw rules.
///
/// A game played from the notation, with its draw by repetition:
///
/// ```
/// use sanqi::rules::notation::parse_actions;
/// use sanqi::rules::{DrawReason, Game, GameId, IllegalAction, Status};
///
/// let mut game = Game::new(GameId::Flying);
/// // Both sides step out and back twice: the start position comes round a third time.
/// for action in parse_actions("a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1 a4-a5")? {
///     game.apply(action)?;
/// }
/// assert_eq!(game.len(), 8);
/// assert_eq!(game.status(), Status::Drawn(DrawReason::Repetition));
/// // Nothing more can be played, and the rules say why.
/// let next = parse_actions("b1-b2")?[0];
/// assert_eq!(game.apply(next), Err(IllegalAction::GameOver));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: State,
    steps: Vec<Step>,
    seen: HashMap<u128, u8>,
}

impl Game {
    /// A new game from the start position.
    pub fn new(game: GameId) -> Game {
        Game::from_state(State::start(game))
    }

    /// A game starting from any position.
    pub fn from_state(start: State) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.key(), 1);
        Game {
            start,
            steps: Vec::new(),
            seen,
        }
    }

    /// The game played.
    pub fn id(&self) -> GameId {
        self.start.game()
    }

    /// The current position.
    pub fn state(&self) -> &State {
        self.steps.last().map_or(&self.start, |s| &s.state)
    }

    /// The position before any action.
    pub fn start_state(&self) -> &State {
        &self.start
    }

    /// The position after the first `n` actions (the current one if there are fewer).
    pub fn state_after(&self, n: usize) -> &State {
        match n.min(self.steps.len()) {
            0 => &self.start,
            n => &self.steps[n - 1].state,
        }
    }

    /// The actions so far.
    pub fn actions(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.steps.iter().map(|s| s.action)
    }

    /// The actions so far, collected.
    pub fn action_list(&self) -> Vec<Action> {
        self.actions().collect()
    }

    /// What each action did.
    pub fn effects(&self) -> impl ExactSizeIterator<Item = &Effects> + '_ {
        self.steps.iter().map(|s| &s.effects)
    }

    /// What the last action did.
    pub fn last_effects(&self) -> Option<&Effects> {
        self.steps.last().map(|s| &s.effects)
    }

    /// The number of actions played.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no action has been played.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Completed turns in a row without a capture, pull, yield or flip.
    pub fn quiet_turns(&self) -> u16 {
        self.steps.last().map_or(0, |s| s.quiet_turns)
    }

    /// How often the current position has occurred.
    pub fn repetitions(&self) -> u8 {
        self.seen.get(&self.state().key()).copied().unwrap_or(0)
    }

    /// The result: the game's own, else a draw by rule, else ongoing.
    pub fn status(&self) -> Status {
        let own = self.state().status();
        if own.is_over() {
            return own;
        }
        match self.steps.last().and_then(|s| s.draw) {
            Some(reason) => Status::Drawn(reason),
            None => Status::Ongoing,
        }
    }

    /// Whether the last action ended a turn (true at the start): the clock restarts here.
    pub fn at_turn_start(&self) -> bool {
        self.steps.last().is_none_or(|s| s.effects.turn_over)
    }

    /// Checks and applies an action, with the draw rules.
    pub fn apply(&mut self, action: Action) -> Result<Effects, IllegalAction> {
        if self.status().is_over() {
            return Err(IllegalAction::GameOver);
        }
        let mut state = *self.state();
        let effects = state.apply(action)?;
        let (mut quiet_turns, mut changed) = self
            .steps
            .last()
            .map_or((0, false), |s| (s.quiet_turns, s.turn_changed_material));
        if effects.changed_material() {
            quiet_turns = 0;
            changed = true;
        }
        if effects.turn_over {
            if !changed {
                quiet_turns = quiet_turns.saturating_add(1);
            }
            changed = false;
        }
        let seen = self.seen.entry(state.key()).or_insert(0);
        *seen += 1;
        let draw = if *seen >= 3 {
            Some(DrawReason::Repetition)
        } else if effects.turn_over && quiet_turns >= NO_CAPTURE_LIMIT {
            Some(DrawReason::NoCaptureLimit)
        } else {
            None
        };
        self.steps.push(Step {
            action,
            effects,
            state,
            quiet_turns,
            turn_changed_material: changed,
            draw,
        });
        Ok(effects)
    }

    /// Takes back the last action, restoring everything exactly. Returns it.
    pub fn undo(&mut self) -> Option<Action> {
        let step = self.steps.pop()?;
        let key = step.state.key();
        if let Some(n) = self.seen.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&key);
            }
        }
        Some(step.action)
    }

    /// The number of turns begun, as a move list numbers them: the finished ones and the
    /// one under way, if an action of it was played.
    pub fn turns(&self) -> usize {
        self.turn_ends().count() + usize::from(!self.at_turn_start())
    }

    /// Indices (into the actions) where a turn ended: the clock's boundaries.
    pub fn turn_ends(&self) -> impl Iterator<Item = usize> + '_ {
        self.steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.effects.turn_over)
            .map(|(i, _)| i)
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start && self.steps == other.steps
    }
}
