//! What a lesson step is made of: a prepared position, the tasks that make up the step, and
//! an example of a right and of a wrong try (which the tests play).

use crate::rules::neihuang::Phase;
use crate::rules::notation::parse_actions;
use crate::rules::{
    Action, Bits, Game, GameId, Point, Side, State, board, flying, neihuang, wudao,
};

/// How a step's position is prepared: through the rules' constructors or a game's start,
/// then a short sequence of actions.
#[derive(Clone, Copy, Debug)]
pub enum Position {
    /// Five rows of `B` (Black), `W` (White) and `.` (empty), the top row (row 5) first, with
    /// the side to act (and in Neihuang the phase), then the actions in `then`.
    Board {
        /// The game.
        game: GameId,
        /// The board, as the rows are drawn.
        rows: [&'static str; 5],
        /// The side to act.
        to_act: Side,
        /// Neihuang only: the phase. Hands are full in placement and empty afterwards.
        phase: Phase,
        /// Actions played from the drawn position, in the notation.
        then: &'static str,
    },
    /// A game's start position, then the actions in `then`.
    Start {
        /// The game.
        game: GameId,
        /// Actions played from the start, in the notation.
        then: &'static str,
    },
    /// Built by a function (a position reached by a long sequence that a function finds).
    Built(fn() -> Option<Game>),
}

impl Position {
    /// A Neihuang position.
    pub const fn neihuang(
        rows: [&'static str; 5],
        phase: Phase,
        to_act: Side,
        then: &'static str,
    ) -> Position {
        Position::Board {
            game: GameId::Neihuang,
            rows,
            to_act,
            phase,
            then,
        }
    }

    /// A Square Flying Chess position.
    pub const fn flying(rows: [&'static str; 5], to_act: Side, then: &'static str) -> Position {
        Position::Board {
            game: GameId::Flying,
            rows,
            to_act,
            phase: Phase::Movement,
            then,
        }
    }

    /// A Wu Dao Qi position (each side's hand holds the pieces not on the board).
    pub const fn wudao(rows: [&'static str; 5], to_act: Side, then: &'static str) -> Position {
        Position::Board {
            game: GameId::Wudao,
            rows,
            to_act,
            phase: Phase::Movement,
            then,
        }
    }

    /// The game at the step's start, or `None` if the position is impossible or an action
    /// of `then` is not legal (the tests rule both out).
    pub fn build(&self) -> Option<Game> {
        let (mut game, then) = match *self {
            Position::Board {
                game,
                rows,
                to_act,
                phase,
                then,
            } => (
                Game::from_state(state_of(game, &rows, to_act, phase)?),
                then,
            ),
            Position::Start { game, then } => (Game::new(game), then),
            Position::Built(build) => return build(),
        };
        for action in parse_actions(then).ok()? {
            game.apply(action).ok()?;
        }
        Some(game)
    }
}

/// The prepared position's board (without the actions that follow it) with `side` to
/// act, to check what the other side could do there.
pub fn with_side_to_act(position: &Position, side: Side) -> Option<State> {
    match *position {
        Position::Board {
            game, rows, phase, ..
        } => state_of(game, &rows, side, phase),
        Position::Start { .. } | Position::Built(_) => None,
    }
}

/// The black and white pieces of five rows of `B`, `W` and `.`, the top row first.
pub fn boards_of(rows: &[&str; 5]) -> Option<[Bits; 2]> {
    let mut boards = [0, 0];
    for (r, row) in rows.iter().enumerate() {
        if row.len() != 5 {
            return None;
        }
        for (c, ch) in row.chars().enumerate() {
            let p = Point::at(c as u8, 4 - r as u8)?;
            match ch {
                'B' => boards[0] |= board::bit(p),
                'W' => boards[1] |= board::bit(p),
                '.' => {}
                _ => return None,
            }
        }
    }
    Some(boards)
}

fn state_of(game: GameId, rows: &[&str; 5], to_act: Side, phase: Phase) -> Option<State> {
    let boards = boards_of(rows)?;
    match game {
        GameId::Neihuang => {
            let hands = match phase {
                Phase::Placement => [
                    13u8.checked_sub(boards[0].count_ones() as u8)?,
                    12u8.checked_sub(boards[1].count_ones() as u8)?,
                ],
                Phase::Pull | Phase::Movement => [0, 0],
            };
            neihuang::State::from_parts(boards, hands, phase, to_act).map(State::Neihuang)
        }
        GameId::Flying => flying::State::from_parts(boards, to_act).map(State::Flying),
        GameId::Wudao => wudao::State::from_parts(boards, to_act).map(State::Wudao),
    }
}

/// What an action of the learner's must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Any legal action: the step is about what may be done at all.
    Any,
    /// An action on one of these points (where a piece is placed, lands or is removed);
    /// a try elsewhere is answered with the step's own `miss` text.
    At(&'static [&'static str]),
    /// Neihuang: a placement that completes a 2×2 block of the learner's pieces.
    PlacesBlock,
    /// Neihuang: a step that completes a 2×2 block.
    Block,
    /// Neihuang: a step that completes a whole row or column.
    Line,
    /// Neihuang: a step that completes two shapes or more at once.
    Stacked,
    /// Flying: a slide of at least this many points.
    Slide(u8),
    /// Flying: a move that flips by a pincer.
    Pincer,
    /// Flying: a move that flips by an insertion.
    Insertion,
    /// Flying: a move that flips the piece on this point.
    Flips(&'static str),
    /// Wu Dao: a placement that captures at least this many pieces.
    Takes(u8),
    /// Wu Dao: a placement that counter-captures at least this many pieces.
    Counter(u8),
    /// An action after which (and after the scripted replies that follow it) the learner
    /// has won.
    Win,
    /// No action: the clock must run out.
    Timeout,
    /// A move that does not bring a position back for the third time.
    NoRepetition,
    /// A move that captures or flips (so the 100-turn limit does not end the game).
    Material,
}

/// A scripted action of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The first of these actions that is legal, else the first legal action.
    Prefer(&'static [&'static str]),
    /// The turn clock of the other side runs out.
    Timeout,
}

impl Reply {
    /// The action this reply plays in `state`, if there is one.
    pub fn action(&self, state: &State) -> Option<Action> {
        match self {
            Reply::Timeout => state.to_act().map(|_| Action::Timeout),
            Reply::Prefer(preferred) => {
                let legal = state.legal_vec();
                preferred
                    .iter()
                    .filter_map(|text| Action::parse(text).ok())
                    .find(|action| legal.contains(action))
                    .or_else(|| legal.first().copied())
            }
        }
    }
}

/// One part of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The learner acts; the action must meet the goal.
    Act(Goal),
    /// The learner takes the captures still owed, any enemy pieces.
    Captures,
    /// The other side answers (a "watch" moment).
    Reply(Reply),
    /// The learner plays the game out against the computer at Beginner and must win.
    PlayOut,
}

/// One step of a course: one rule, on one prepared position.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The step's id in its course (stable: the progress file keeps it).
    pub id: &'static str,
    /// The position it starts from.
    pub position: Position,
    /// What the learner does, in order.
    pub tasks: &'static [Task],
    /// A turn clock for this step, in seconds (the step about the clock), started by the
    /// learner.
    pub clock: Option<u64>,
    /// The learner's actions of one right way through the step, in the notation (for the
    /// "show me" button and the tests). For a game played out, only its first action.
    pub solution: &'static str,
    /// An action at the first task that the step refuses (legal but not what is asked, or
    /// illegal), for the tests.
    pub wrong: &'static str,
}

impl Step {
    /// A step without a clock.
    pub const fn new(
        id: &'static str,
        position: Position,
        tasks: &'static [Task],
        solution: &'static str,
        wrong: &'static str,
    ) -> Step {
        Step {
            id,
            position,
            tasks,
            clock: None,
            solution,
            wrong,
        }
    }

    /// The same step with a turn clock of `seconds`.
    pub const fn with_clock(mut self, seconds: u64) -> Step {
        self.clock = Some(seconds);
        self
    }

    /// The example solution, parsed.
    pub fn solution_actions(&self) -> Vec<Action> {
        parse_actions(self.solution).unwrap_or_default()
    }

    /// The wrong example, parsed.
    pub fn wrong_action(&self) -> Option<Action> {
        Action::parse(self.wrong).ok()
    }

    /// Whether the step ends in a game against the computer.
    pub fn is_game(&self) -> bool {
        self.tasks.contains(&Task::PlayOut)
    }

    /// Whether the step is about the turn clock (the learner waits instead of acting).
    pub fn waits_for_clock(&self) -> bool {
        self.tasks.contains(&Task::Act(Goal::Timeout))
    }
}

/// The points to click, in order, to play an action on the board.
pub fn clicks(action: Action) -> Vec<Point> {
    match action {
        Action::Place(p) | Action::Remove(p) => vec![p],
        Action::Move(from, to) => vec![from, to],
        Action::Timeout => Vec::new(),
    }
}
