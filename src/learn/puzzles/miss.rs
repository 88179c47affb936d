//! Why a wrong try fails, in facts the puzzle screen puts into words: what the opponent's
//! answer took or turned over (the capture the try allows), and what the right action at
//! that decision does that the try does not (the square it completes, the pieces a pincer or
//! a flank takes, the pull, the move that meets a threat, named), with what the whole line
//! wins. Each fact is computed from the two actions themselves: where the try gains as much
//! at once as the right action (the same square, as many pieces), nothing is said of what
//! the right action does at once, only that the difference lies in what follows.

use super::quality::pieces_won;
use super::{Goal, Puzzle};
use crate::rules::explain::{Event, Shape, explain};
use crate::rules::{Action, Game, Side};

/// What the right action at a decision does at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RightDoes {
    /// Neihuang: completes 2×2 squares and lines, earning this many captures.
    Shapes {
        /// Whether a whole line of five is among them.
        line: bool,
        /// The captures earned.
        captures: u8,
    },
    /// Neihuang: takes this piece among those it may take.
    Capture,
    /// Neihuang: pulls the piece that matters.
    Pull,
    /// Neihuang: gives up the right piece to make room.
    Yield,
    /// Flying: turns this many pieces over, by pincer and/or insertion.
    Flip {
        /// Whether an insertion is among them.
        insertion: bool,
        /// The pieces turned over.
        pieces: u32,
    },
    /// Wu Dao: takes this many pieces, by flank and/or counter-capture.
    Take {
        /// Whether a counter-capture is among them.
        counter: bool,
        /// The pieces taken.
        pieces: u32,
    },
    /// Takes nothing at once: it meets a threat, or prepares the gain.
    Quiet {
        /// Whether the opponent threatened to take at once (the puzzle's defence theme).
        defends: bool,
    },
}

/// Why a wrong try fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Miss {
    /// The side that answered the try.
    pub opponent: Side,
    /// The pieces the answer took from the solver or turned over (0 when it took nothing).
    pub allowed: i32,
    /// What the right action does there.
    pub right: RightDoes,
    /// The puzzle's goal.
    pub goal: Goal,
    /// The pieces the whole line wins (material puzzles), counted as the check counts them.
    pub line_wins: i32,
    /// Whether the whole line ends the game, won by the solver.
    pub line_wins_game: bool,
    /// Whether the try gains at once as much as the right action (captures earned, pieces
    /// taken or turned over): then what the right action does at once is no reason.
    pub as_much_at_once: bool,
    /// The opponent's threat that the right action meets, when it is a quiet defence: what
    /// the opponent would play if the solver did nothing, and the pieces it would gain at
    /// once. `None` when doing nothing would lose nothing at once.
    pub threat: Option<Threat>,
}

/// An action the opponent threatens, and what it would gain at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The action.
    pub action: Action,
    /// The pieces it would take, turn over, or (Neihuang) the captures it would earn.
    pub pieces: u32,
}

/// What an action gains its side at once: the captures a Neihuang move earns, the pieces a
/// Wu Dao placement takes, the pieces a Flying move turns over (a pull, a capture or a
/// yield removes one piece).
pub fn gain_at_once(effects: &crate::rules::Effects) -> u32 {
    let taken = match effects.removed_owner {
        Some(owner) if owner != effects.actor => effects.removed.count_ones(),
        _ => 0,
    };
    u32::from(effects.owed) + taken + effects.flipped.count_ones()
}

/// The opponent's best immediate gain if the side to act in `game` did nothing (its turn
/// passed, as when its clock runs out): the threat a quiet defence meets.
pub fn threat(game: &Game) -> Option<Threat> {
    let mut passed = game.clone();
    passed.apply(Action::Timeout).ok()?;
    let mut best: Option<Threat> = None;
    for action in passed.state().legal_vec() {
        let mut probe = passed.clone();
        let Ok(effects) = probe.apply(action) else {
            continue;
        };
        let pieces = gain_at_once(&effects);
        if pieces > 0 && best.is_none_or(|b| pieces > b.pieces) {
            best = Some(Threat { action, pieces });
        }
    }
    best
}

/// Why the try played at action `at` of the puzzle's line fails, given `after`: the game as
/// it stands after the try and the answer shown (its history starting with the puzzle's
/// moves and the line's first `at` actions). `None` if the puzzle or the game do not fit.
pub fn miss(puzzle: &Puzzle, at: usize, after: &Game) -> Option<Miss> {
    let start = puzzle.start().ok()?;
    let solver = start.state().to_act()?;
    let mut before = start.clone();
    for &a in puzzle.line.get(..at)? {
        before.apply(a).ok()?;
    }
    let right_action = *puzzle.line.get(at)?;
    let right = right_does(&before, right_action, puzzle)?;
    let from = puzzle.moves.len() + at;
    let tried = after.effects().nth(from)?;
    let mut probe = before.clone();
    let right_gain = gain_at_once(&probe.apply(right_action).ok()?);
    let as_much_at_once = gain_at_once(tried) >= right_gain;
    let threat = match right {
        RightDoes::Quiet { defends: true } => threat(&before),
        _ => None,
    };
    let allowed = after
        .effects()
        .skip(from)
        .filter(|e| e.actor != solver)
        .map(|e| -pieces_won(e, solver))
        .sum::<i32>()
        .max(0);
    let line_wins = super::quality::material_won(&start, &puzzle.line).unwrap_or(0);
    let line_wins_game = line_ends_won(&start, &puzzle.line, solver);
    Some(Miss {
        opponent: solver.other(),
        allowed,
        right,
        goal: puzzle.goal,
        line_wins,
        line_wins_game,
        as_much_at_once,
        threat,
    })
}

/// Whether playing `line` from `start` ends the game with `solver` the winner.
pub fn line_ends_won(start: &Game, line: &[Action], solver: Side) -> bool {
    let mut game = start.clone();
    line.iter().all(|&a| game.apply(a).is_ok()) && game.status().winner() == Some(solver)
}

/// What `action` does from `game`.
fn right_does(game: &Game, action: Action, puzzle: &Puzzle) -> Option<RightDoes> {
    let before = *game.state();
    let mut probe = game.clone();
    let effects = probe.apply(action).ok()?;
    Some(match explain(&before, &effects) {
        Event::Shapes { shapes, captures } => RightDoes::Shapes {
            line: shapes.iter().any(|s| matches!(s, Shape::Line(_))),
            captures,
        },
        Event::Captured { .. } => RightDoes::Capture,
        Event::Pulled => RightDoes::Pull,
        Event::Yielded => RightDoes::Yield,
        Event::Flipped { insertions, .. } => RightDoes::Flip {
            insertion: !insertions.is_empty(),
            pieces: effects.flipped.count_ones(),
        },
        Event::Taken { counters, .. } => RightDoes::Take {
            counter: !counters.is_empty(),
            pieces: effects.removed.count_ones(),
        },
        Event::Quiet | Event::TimedOut { .. } => RightDoes::Quiet {
            defends: puzzle.themes.contains(super::Theme::Defence),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::puzzles::{Rating, Themes};
    use crate::rules::GameId;
    use crate::rules::notation::parse_actions;

    fn wudao(moves: &str, line: &str) -> Puzzle {
        Puzzle {
            number: 2,
            game: GameId::Wudao,
            moves: parse_actions(moves).unwrap_or_default(),
            line: parse_actions(line).unwrap_or_default(),
            free: 0,
            goal: Goal::Material,
            themes: Themes::default(),
            rating: Rating::default(),
        }
    }

    #[test]
    fn a_missed_counter_capture_and_the_capture_allowed_are_named() {
        // Black to place: d2 takes d1 and d3 between them; c1 instead lets White flank.
        let puzzle = wudao("b4 d3 e1 d1", "d2");
        let mut after = puzzle.start().expect("the puzzle builds");
        for a in parse_actions("c1 d2").unwrap_or_default() {
            after.apply(a).expect("legal");
        }
        let miss = miss(&puzzle, 0, &after).expect("a miss");
        assert_eq!(
            miss.right,
            RightDoes::Take {
                counter: true,
                pieces: 2
            }
        );
        assert_eq!(miss.opponent, Side::White);
        assert_eq!(miss.line_wins, 2);
        // White's d2 took nothing of Black's here.
        assert_eq!(miss.allowed, 0);
    }
}
