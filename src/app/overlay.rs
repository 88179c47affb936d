//! What the board draws over a position to explain an action, from the rules' own account of
//! it ([`explain`](crate::rules::explain)): the 2×2 block or the line that captured, the pieces
//! of a pincer or a flank, the pieces an insertion or a counter-capture pried apart, and the
//! pieces taken off or turned over. The painter in [`board`](super::board) draws these, on the
//! live board and in review alike; a lesson can build them the same way.

use crate::rules::board::{self, Bits};
use crate::rules::explain::Event;
use crate::rules::{Action, Effects, Point};

/// Which pattern an outline shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Neihuang: a 2×2 block or a whole line of the mover's pieces, which earned captures.
    Shape,
    /// Flying: the arrived piece, the enemy piece it flipped and the partner beyond it (夹).
    Pincer,
    /// Wu Dao: two of the placer's pieces and the one or two enemy pieces they took.
    Flank,
}

/// One mark over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The points of a rectangle, from one corner point to the opposite one (a run along a
    /// row or a column, or a 2×2 block), outlined together.
    Outline {
        /// Two opposite corners.
        corners: [Point; 2],
        /// The shape it outlines.
        pattern: Pattern,
    },
    /// From the piece that arrived to one of the two enemy pieces beside it that it pried
    /// apart: a Flying insertion or a Wu Dao counter-capture (挑).
    Split {
        /// The piece that arrived.
        from: Point,
        /// The enemy piece pried apart.
        to: Point,
    },
    /// A piece the action took off the board: captured, pulled, given up or sent back to its
    /// owner's hand.
    Removed(Point),
    /// A piece the action turned over to the mover's colour.
    Flipped(Point),
}

/// The marks that explain `event`, what `effects` (its action's result) did.
pub fn overlays(event: &Event, effects: &Effects) -> Vec<Overlay> {
    let arrival = match effects.action {
        Action::Move(_, to) | Action::Place(to) => Some(to),
        Action::Remove(_) | Action::Timeout => None,
    };
    let mut out = Vec::new();
    match event {
        Event::Shapes { shapes, .. } => {
            for shape in shapes {
                out.extend(corners(shape.points()).map(|corners| Overlay::Outline {
                    corners,
                    pattern: Pattern::Shape,
                }));
            }
        }
        Event::Flipped {
            pincers,
            insertions,
        } => {
            let Some(arrival) = arrival else {
                return out;
            };
            for pincer in pincers {
                let run = board::bit(arrival) | board::bit(pincer.partner);
                out.extend(corners(run).map(|corners| Overlay::Outline {
                    corners,
                    pattern: Pattern::Pincer,
                }));
            }
            for insertion in insertions {
                for to in insertion.flipped {
                    out.push(Overlay::Split { from: arrival, to });
                }
            }
        }
        Event::Taken { flanks, counters } => {
            for flank in flanks {
                let run = board::bit(flank.own[0]) | board::bit(flank.own[1]) | flank.taken;
                out.extend(corners(run).map(|corners| Overlay::Outline {
                    corners,
                    pattern: Pattern::Flank,
                }));
            }
            if let Some(arrival) = arrival {
                for counter in counters {
                    for to in counter.taken {
                        out.push(Overlay::Split { from: arrival, to });
                    }
                }
            }
        }
        Event::Quiet
        | Event::Captured { .. }
        | Event::Pulled
        | Event::Yielded
        | Event::TimedOut { .. } => {}
    }
    out.extend(board::points(effects.removed).map(Overlay::Removed));
    out.extend(board::points(effects.flipped).map(Overlay::Flipped));
    out
}

/// The lower-left and upper-right points of the smallest rectangle holding `set`.
fn corners(set: Bits) -> Option<[Point; 2]> {
    let points: Vec<Point> = board::points(set).collect();
    let columns = points.iter().map(|p| p.column());
    let rows = points.iter().map(|p| p.row());
    let low = Point::at(columns.clone().min()?, rows.clone().min()?)?;
    let high = Point::at(columns.max()?, rows.max()?)?;
    Some([low, high])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::explain::explain;
    use crate::rules::notation::parse_actions;
    use crate::rules::{Game, GameId, State};

    fn pt(name: &str) -> Point {
        Point::parse(name).unwrap_or(Point::ALL[0])
    }

    /// The marks of the last of `moves`, played from the start of `game`.
    fn last_overlays(game: GameId, moves: &str) -> Vec<Overlay> {
        let mut g = Game::new(game);
        let actions = parse_actions(moves).unwrap_or_default();
        let mut last = None;
        for action in actions {
            let before: State = *g.state();
            if let Ok(effects) = g.apply(action) {
                last = Some((before, effects));
            }
        }
        let (before, effects) = last.expect("an action");
        overlays(&explain(&before, &effects), &effects)
    }

    #[test]
    fn a_neihuang_square_is_outlined_by_its_corners() {
        // Black closes a3 b3 a4 b4 with b5-b4 (the app's UI test position).
        let moves = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1 \
                     xb4 xa5 xc4 d4-c4 b5-b4";
        assert_eq!(
            last_overlays(GameId::Neihuang, moves),
            [Overlay::Outline {
                corners: [pt("a3"), pt("b4")],
                pattern: Pattern::Shape
            }]
        );
    }

    #[test]
    fn a_flying_pincer_spans_the_mover_and_its_partner() {
        // b3-a3 pins White's a2 against a1.
        let overlays = last_overlays(GameId::Flying, "b1-b3 a5-a2 b3-a3");
        assert_eq!(
            overlays,
            [
                Overlay::Outline {
                    corners: [pt("a1"), pt("a3")],
                    pattern: Pattern::Pincer
                },
                Overlay::Flipped(pt("a2"))
            ]
        );
    }

    #[test]
    fn wudao_flanks_and_counter_captures() {
        // Black a1 b1 flank White c1.
        assert_eq!(
            last_overlays(GameId::Wudao, "a1 c1 b1"),
            [
                Overlay::Outline {
                    corners: [pt("a1"), pt("c1")],
                    pattern: Pattern::Flank
                },
                Overlay::Removed(pt("c1"))
            ]
        );
        // White c1 between Black b1 and d1: both are pried apart and go back to Black's hand.
        let overlays = last_overlays(GameId::Wudao, "b1 e3 d1 c1");
        assert_eq!(overlays.len(), 4);
        assert!(overlays.contains(&Overlay::Removed(pt("b1"))));
        assert!(overlays.contains(&Overlay::Removed(pt("d1"))));
        assert!(overlays.contains(&Overlay::Split {
            from: pt("c1"),
            to: pt("b1")
        }));
        assert!(overlays.contains(&Overlay::Split {
            from: pt("c1"),
            to: pt("d1")
        }));
    }
}
