//! What an action did, told the way a player sees it: which 2×2 block or line earned
//! captures, which pieces a pincer or an insertion flipped and with which partner, which Wu Dao
//! pieces were flanked or counter-captured, and what a timeout gave up. The board draws these
//! shapes, the side panel says them in a sentence and the move list abbreviates them.
//!
//! Everything here is derived again from the position before the action, independently of the
//! rules' fast tables, and the tests check that the two always agree.

use super::board::{self, BLOCKS, Bits, STEP};
use super::{Action, Decision, Effects, GameId, Point, RemovalKind, Side, State};

/// A whole row or column of five points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row 0–4 (row 1 to row 5).
    Row(u8),
    /// Column 0–4 (`a` to `e`).
    Column(u8),
}

impl Line {
    /// The five points of the line.
    pub fn points(self) -> Bits {
        match self {
            Line::Row(r) => board::ROW[r as usize * 5],
            Line::Column(c) => board::COLUMN[c as usize],
        }
    }

    /// The line's label as the board's coordinates show it: `1`–`5` or `a`–`e`.
    pub fn label(self) -> char {
        match self {
            Line::Row(r) => (b'1' + r) as char,
            Line::Column(c) => (b'a' + c) as char,
        }
    }
}

/// A Neihuang shape made entirely of the mover's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A 2×2 block (一方), named by its lower-left point: one capture.
    Block(Point),
    /// A full row or column (一走): three captures.
    Line(Line),
}

impl Shape {
    /// The points of the shape.
    pub fn points(self) -> Bits {
        match self {
            Shape::Block(corner) => (0b11 | 0b11 << 5) << corner.index(),
            Shape::Line(line) => line.points(),
        }
    }

    /// The captures the shape earns.
    pub fn captures(self) -> u8 {
        match self {
            Shape::Block(_) => 1,
            Shape::Line(_) => 3,
        }
    }
}

/// A Flying pincer (夹): the enemy piece next to the arrival point flipped because one of the
/// mover's pieces stood just beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pincer {
    /// The enemy piece turned over.
    pub flipped: Point,
    /// The mover's piece on the far side.
    pub partner: Point,
}

/// A Flying insertion (挑): the moved piece landed between two enemy pieces along a row or a
/// column, and both flipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Insertion {
    /// The two enemy pieces turned over.
    pub flipped: [Point; 2],
}

/// A Wu Dao flank (二打一 / 二打二): along a line, a run of two own pieces followed by one or
/// two enemy pieces, with nothing beyond either end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Flank {
    /// The two own pieces of the run (the placed piece is one of them).
    pub own: [Point; 2],
    /// The enemy pieces taken (one or two).
    pub taken: Bits,
}

/// A Wu Dao counter-capture (挑): the placed piece has an enemy piece on both sides along a
/// line, and both are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    /// The two enemy pieces taken.
    pub taken: [Point; 2],
}

/// What a timeout gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// No piece was placed (in Neihuang it stays in hand).
    Placement,
    /// The pull was not made.
    Pull,
    /// No move was made.
    Move,
    /// Neihuang: this many captures still owed were dropped.
    Captures(u8),
    /// Neihuang: the yield that was owed; the engine made it.
    Yield,
}

/// What one action did, beyond its notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Nothing was taken, flipped or earned.
    Quiet,
    /// Neihuang: a step completed these shapes, earning `captures` removals.
    Shapes {
        /// The shapes completed.
        shapes: Vec<Shape>,
        /// The removals they earn.
        captures: u8,
    },
    /// Neihuang: one enemy piece taken for a shape; `remaining` more are owed.
    Captured {
        /// The captures still owed.
        remaining: u8,
    },
    /// Neihuang: one enemy piece pulled after the board filled.
    Pulled,
    /// Neihuang: the actor removed one of its own pieces so that the blocked side can move.
    Yielded,
    /// Flying: enemy pieces flipped to the mover's colour.
    Flipped {
        /// The pincers that flipped.
        pincers: Vec<Pincer>,
        /// The insertions that flipped.
        insertions: Vec<Insertion>,
    },
    /// Wu Dao: enemy pieces sent back to their owner's hand.
    Taken {
        /// The flanks that took.
        flanks: Vec<Flank>,
        /// The counter-captures that took.
        counters: Vec<Counter>,
    },
    /// The turn clock ran out.
    TimedOut {
        /// What the side lost by it.
        forfeit: Forfeit,
        /// Neihuang: the piece the engine yielded for the side that timed out, if any.
        engine_yield: Option<Point>,
    },
}

impl Event {
    /// The points the board should outline for this event: the shapes that captured, and the
    /// partners and the moved piece of a pincer, insertion, flank or counter-capture.
    pub fn outlined(&self, effects: &Effects) -> Bits {
        let arrival = match effects.action {
            Action::Move(_, to) | Action::Place(to) => board::bit(to),
            _ => 0,
        };
        match self {
            Event::Shapes { shapes, .. } => shapes.iter().fold(0, |acc, s| acc | s.points()),
            Event::Flipped {
                pincers,
                insertions,
            } => {
                let partners = pincers.iter().fold(0, |acc, p| {
                    acc | board::bit(p.partner) | board::bit(p.flipped)
                });
                let inserted = insertions.iter().fold(0, |acc, i| {
                    acc | board::bit(i.flipped[0]) | board::bit(i.flipped[1])
                });
                arrival | partners | inserted
            }
            Event::Taken { flanks, counters } => {
                let flanked = flanks.iter().fold(0, |acc, f| {
                    acc | board::bit(f.own[0]) | board::bit(f.own[1]) | f.taken
                });
                let countered = counters.iter().fold(0, |acc, c| {
                    acc | board::bit(c.taken[0]) | board::bit(c.taken[1])
                });
                arrival | flanked | countered
            }
            _ => 0,
        }
    }

    /// The mark of shapes whose captures stopped at `taken` (the game was won, or the clock
    /// ran out, before all were taken): the shapes, then the pieces actually taken. Any other
    /// event's mark is [`Event::mark`].
    pub fn mark_taken(&self, taken: u32) -> String {
        match self {
            Event::Shapes { shapes, captures } => {
                let mut mark: String = shapes
                    .iter()
                    .map(|s| match s {
                        Shape::Block(_) => '▦',
                        Shape::Line(_) => '═',
                    })
                    .collect();
                mark.push_str(&format!("×{}", taken.min(u32::from(*captures))));
                mark
            }
            _ => self.mark(),
        }
    }

    /// A short mark for the move list, independent of language: `▦×1` for a block, `═×3`
    /// for a line (`▦▦═×5` for both at once), `⇄2` for two flips, `×2` for two Wu Dao pieces
    /// sent back, `↺` for a yield. Empty when there is nothing to add.
    pub fn mark(&self) -> String {
        match self {
            Event::Shapes { captures, .. } => self.mark_taken(u32::from(*captures)),
            Event::Flipped {
                pincers,
                insertions,
            } => {
                let flipped = pincers
                    .iter()
                    .fold(0, |acc: Bits, p| acc | board::bit(p.flipped))
                    | insertions.iter().fold(0, |acc: Bits, i| {
                        acc | board::bit(i.flipped[0]) | board::bit(i.flipped[1])
                    });
                format!("⇄{}", flipped.count_ones())
            }
            Event::Taken { flanks, counters } => {
                let taken = flanks.iter().fold(0, |acc: Bits, f| acc | f.taken)
                    | counters.iter().fold(0, |acc: Bits, c| {
                        acc | board::bit(c.taken[0]) | board::bit(c.taken[1])
                    });
                format!("×{}", taken.count_ones())
            }
            Event::Yielded => "↺".to_string(),
            Event::TimedOut {
                engine_yield: Some(_),
                ..
            } => "↺".to_string(),
            _ => String::new(),
        }
    }
}

/// Explains what `effects` (the result of applying `effects.action` to `before`) did.
pub fn explain(before: &State, effects: &Effects) -> Event {
    let actor = effects.actor;
    let [black, white] = before.boards();
    let (own, enemy) = match actor {
        Side::Black => (black, white),
        Side::White => (white, black),
    };
    match effects.action {
        Action::Timeout => {
            let forfeit = match before.decision() {
                Some(Decision::Place) | None => Forfeit::Placement,
                Some(Decision::Pull) => Forfeit::Pull,
                Some(Decision::Move) => Forfeit::Move,
                Some(Decision::Capture { owed }) => Forfeit::Captures(owed),
                Some(Decision::Yield) => Forfeit::Yield,
            };
            let engine_yield = (effects.removal == Some(RemovalKind::Yield))
                .then(|| board::points(effects.removed).next())
                .flatten();
            Event::TimedOut {
                forfeit,
                engine_yield,
            }
        }
        Action::Remove(_) => match effects.removal {
            Some(RemovalKind::Pull) => Event::Pulled,
            Some(RemovalKind::Yield) => Event::Yielded,
            Some(_) => Event::Captured {
                remaining: effects.owed,
            },
            None => Event::Quiet,
        },
        Action::Move(from, to) => {
            let after = own & !board::bit(from) | board::bit(to);
            match before.game() {
                GameId::Neihuang => shapes_event(after, to),
                GameId::Flying => flips_event(after, enemy, to),
                GameId::Wudao => Event::Quiet,
            }
        }
        Action::Place(p) => match before.game() {
            GameId::Wudao => wudao_event(own | board::bit(p), enemy, p),
            _ => Event::Quiet,
        },
    }
}

/// The Neihuang shapes through `to` made only of `own` (the mover's pieces after the step).
fn shapes_event(own: Bits, to: Point) -> Event {
    let mut shapes: Vec<Shape> = BLOCKS[to.index()]
        .iter()
        .filter(|&&block| block != 0 && own & block == block)
        .filter_map(|&block| Point::from_index(block.trailing_zeros() as u8).map(Shape::Block))
        .collect();
    for line in [Line::Row(to.row()), Line::Column(to.column())] {
        if own & line.points() == line.points() {
            shapes.push(Shape::Line(line));
        }
    }
    if shapes.is_empty() {
        return Event::Quiet;
    }
    let captures = shapes.iter().map(|s| s.captures()).sum();
    Event::Shapes { shapes, captures }
}

/// The neighbour of `p` in direction `d` (0 = +column, 1 = −column, 2 = +row, 3 = −row).
fn step(p: Point, d: usize) -> Option<Point> {
    let q = STEP[p.index()][d];
    if q == board::NONE {
        None
    } else {
        Point::from_index(q)
    }
}

fn holds(set: Bits, p: Point) -> bool {
    set & board::bit(p) != 0
}

/// The Flying flips of a piece arriving on `to`; `own` is the mover's pieces after the move.
fn flips_event(own: Bits, enemy: Bits, to: Point) -> Event {
    let mut pincers = Vec::new();
    for d in 0..4 {
        if let Some(next) = step(to, d).filter(|&n| holds(enemy, n))
            && let Some(beyond) = step(next, d).filter(|&b| holds(own, b))
        {
            pincers.push(Pincer {
                flipped: next,
                partner: beyond,
            });
        }
    }
    let mut insertions = Vec::new();
    for (a, b) in [(0, 1), (2, 3)] {
        if let (Some(x), Some(y)) = (step(to, a), step(to, b))
            && holds(enemy, x)
            && holds(enemy, y)
        {
            insertions.push(Insertion { flipped: [x, y] });
        }
    }
    if pincers.is_empty() && insertions.is_empty() {
        Event::Quiet
    } else {
        Event::Flipped {
            pincers,
            insertions,
        }
    }
}

/// The Wu Dao captures of a piece placed on `at`; `own` includes it.
fn wudao_event(own: Bits, enemy: Bits, at: Point) -> Event {
    let mut flanks = Vec::new();
    let mut counters = Vec::new();
    // Directions come in pairs along the row (0, 1) and the column (2, 3).
    for (forward, backward) in [(0, 1), (2, 3)] {
        if let (Some(x), Some(y)) = (step(at, forward), step(at, backward))
            && holds(enemy, x)
            && holds(enemy, y)
        {
            counters.push(Counter { taken: [y, x] });
            continue;
        }
        // The run of occupied points through `at`, from one end to the other.
        let occupied = own | enemy;
        let mut start = at;
        while let Some(p) = step(start, backward).filter(|&p| holds(occupied, p)) {
            start = p;
        }
        let mut run = vec![start];
        while let Some(p) = step(run[run.len() - 1], forward).filter(|&p| holds(occupied, p)) {
            run.push(p);
        }
        if run.len() != 3 && run.len() != 4 {
            continue;
        }
        // Read from either end: own, own, then only enemy pieces.
        for reading in [run.clone(), run.iter().rev().copied().collect::<Vec<_>>()] {
            if holds(own, reading[0])
                && holds(own, reading[1])
                && reading[2..].iter().all(|&p| holds(enemy, p))
            {
                flanks.push(Flank {
                    own: [reading[0], reading[1]],
                    taken: reading[2..].iter().fold(0, |acc, &p| acc | board::bit(p)),
                });
                break;
            }
        }
    }
    if flanks.is_empty() && counters.is_empty() {
        Event::Quiet
    } else {
        Event::Taken { flanks, counters }
    }
}

/// The side that has no move and must be given one, when the side to act owes a yield.
pub fn blocked_side(state: &State) -> Option<Side> {
    match (state.decision(), state.to_act()) {
        (Some(Decision::Yield), Some(side)) => Some(side.other()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, notation::parse_actions};

    fn pt(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    fn last_event(game: GameId, moves: &str) -> (Event, Effects) {
        let mut g = Game::new(game);
        let actions = parse_actions(moves).unwrap();
        let (last, rest) = actions.split_last().unwrap();
        for &a in rest {
            g.apply(a).unwrap();
        }
        let before = *g.state();
        let effects = g.apply(*last).unwrap();
        (explain(&before, &effects), effects)
    }

    fn bits(points: &[&str]) -> Bits {
        points.iter().fold(0, |acc, p| acc | board::bit(pt(p)))
    }

    #[test]
    fn flying_pincer_and_insertion_from_the_rules_example() {
        // Row 3 is `. W . W B` and Black moves c1-c3 (RULES.md's example): d3 flips by
        // pincer with e3, and b3 and d3 by insertion.
        let boards = [
            bits(&["a1", "b1", "c1", "d1", "e3"]),
            bits(&["b3", "d3", "a5", "b5", "c5"]),
        ];
        let state =
            State::Flying(crate::rules::flying::State::from_parts(boards, Side::Black).unwrap());
        let mut after = state;
        let effects = after.apply(Action::Move(pt("c1"), pt("c3"))).unwrap();
        let event = explain(&state, &effects);
        let Event::Flipped {
            pincers,
            insertions,
        } = &event
        else {
            panic!("expected flips, got {event:?}");
        };
        assert_eq!(
            pincers,
            &[Pincer {
                flipped: pt("d3"),
                partner: pt("e3")
            }]
        );
        assert_eq!(
            insertions,
            &[Insertion {
                flipped: [pt("d3"), pt("b3")]
            }]
        );
        assert_eq!(event.mark(), "⇄2");
        assert_eq!(event.outlined(&effects), bits(&["c3", "d3", "e3", "b3"]));
    }

    #[test]
    fn wudao_flank_and_counter_capture() {
        // . B B W . with the new Black piece on b3: the W on d3 is flanked.
        let (event, _) = last_event(GameId::Wudao, "c3 d3 a1 e1 b3");
        assert_eq!(
            event,
            Event::Taken {
                flanks: vec![Flank {
                    own: [pt("b3"), pt("c3")],
                    taken: board::bit(pt("d3"))
                }],
                counters: vec![]
            }
        );
        assert_eq!(event.mark(), "×1");
        // . W B W . with Black on c3: b3 and d3 are counter-captured.
        let (event, _) = last_event(GameId::Wudao, "a1 b3 a2 d3 c3");
        assert_eq!(
            event,
            Event::Taken {
                flanks: vec![],
                counters: vec![Counter {
                    taken: [pt("b3"), pt("d3")]
                }]
            }
        );
    }

    #[test]
    fn neihuang_pull_and_timeout() {
        let fill = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2";
        let (event, _) = last_event(GameId::Neihuang, &format!("{fill} xc2 xa3"));
        assert_eq!(event, Event::Pulled);
        let (event, effects) = last_event(GameId::Neihuang, &format!("{fill} timeout"));
        assert_eq!(
            event,
            Event::TimedOut {
                forfeit: Forfeit::Pull,
                engine_yield: None
            }
        );
        assert!(event.outlined(&effects) == 0 && event.mark().is_empty());
    }

    #[test]
    fn marks_name_each_shape_and_the_captures() {
        let event = Event::Shapes {
            shapes: vec![
                Shape::Block(pt("a1")),
                Shape::Block(pt("b1")),
                Shape::Line(Line::Row(0)),
            ],
            captures: 5,
        };
        assert_eq!(event.mark(), "▦▦═×5");
        // The game won after two of them: the two taken.
        assert_eq!(event.mark_taken(2), "▦▦═×2");
        assert_eq!(event.mark_taken(7), "▦▦═×5");
        assert_eq!(
            Shape::Block(pt("b2")).points(),
            bits(&["b2", "c2", "b3", "c3"])
        );
        assert_eq!(Line::Column(2).label(), 'c');
        assert_eq!(Line::Row(4).points(), bits(&["a5", "b5", "c5", "d5", "e5"]));
    }

    /// Plays random games and checks every explanation against what the rules did.
    #[test]
    fn explanations_agree_with_the_rules_in_random_games() {
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(7);
        let mut seen_shapes = 0;
        let mut seen_lines = 0;
        let mut seen_yields = 0;
        for game in GameId::ALL {
            for _ in 0..60 {
                let mut state = State::start(game);
                for _ in 0..400 {
                    let legal = state.legal_vec();
                    if legal.is_empty() {
                        break;
                    }
                    let action = if rng.random_range(0..50) == 0 {
                        Action::Timeout
                    } else {
                        legal[rng.random_range(0..legal.len())]
                    };
                    let before = state;
                    let effects = state.apply(action).unwrap();
                    if let Some(blocked) = blocked_side(&state) {
                        seen_yields += 1;
                        let [b, w] = state.boards();
                        let (mine, empty) = match blocked {
                            Side::Black => (b, board::FULL & !(b | w)),
                            Side::White => (w, board::FULL & !(b | w)),
                        };
                        assert_eq!(board::neighbours(mine) & empty, 0, "{state:?}");
                    }
                    let event = explain(&before, &effects);
                    match &event {
                        Event::Shapes { shapes, captures } => {
                            seen_shapes += 1;
                            seen_lines += shapes
                                .iter()
                                .filter(|s| matches!(s, Shape::Line(_)))
                                .count();
                            let [b, w] = state.boards();
                            let own = if effects.actor == Side::Black { b } else { w };
                            assert!(shapes.iter().all(|s| own & s.points() == s.points()));
                            // A win on the spot drops what is still owed.
                            assert!(effects.owed == *captures || state.status().is_over());
                        }
                        Event::Flipped { .. } | Event::Taken { .. } => {
                            let taken = effects.flipped | effects.removed;
                            let explained = event.outlined(&effects) & taken;
                            assert_eq!(explained, taken, "{before:?} {action}");
                            let n: u32 =
                                event.mark().trim_start_matches(['⇄', '×']).parse().unwrap();
                            assert_eq!(n, taken.count_ones());
                        }
                        Event::Quiet => {
                            assert!(!effects.changed_material(), "{before:?} {action}");
                            assert!(effects.owed == 0 || action == Action::Timeout);
                        }
                        Event::Captured { remaining } => assert_eq!(*remaining, effects.owed),
                        Event::Pulled | Event::Yielded => {
                            assert_eq!(effects.removed.count_ones(), 1)
                        }
                        Event::TimedOut { engine_yield, .. } => {
                            assert_eq!(engine_yield.is_some(), effects.removed != 0)
                        }
                    }
                }
            }
        }
        assert!(
            seen_shapes > 50 && seen_lines > 0 && seen_yields > 0,
            "{seen_shapes} {seen_lines} {seen_yields}"
        );
    }
}
