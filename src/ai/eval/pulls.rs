//! Neihuang knowledge for the placement phase: what the two pulls will open.
//!
//! When the board is full, White pulls one Black piece, Black pulls one White piece, and White
//! moves first. A Black piece sitting in the one gap of a White 2×2 block or line of five,
//! with a White piece beside it to step in once it is pulled, is a capture waiting for White's
//! first move; the same holds for Black, one pull and one move later. The search reaches the
//! pulls only in the last few placements, so the evaluation of earlier placements counts these
//! waiting shapes here.

use crate::rules::board::{Bits, neighbours, points};
use crate::rules::neihuang::{Phase, State};
use crate::rules::{Rules, Side};

/// The captures `own` would earn by stepping onto `hole` (now an enemy piece that a pull
/// would remove) from a neighbouring own piece, at best.
fn step_in(own: Bits, hole: usize) -> u8 {
    points(own & neighbours(1 << hole))
        .map(|from| State::shapes_at(own & !(1 << from.index()) | 1 << hole, hole))
        .max()
        .unwrap_or(0)
}

/// The two largest step-in gains `own` has on distinct enemy pieces.
pub(super) fn waiting_captures(own: Bits, enemy: Bits) -> (i32, i32) {
    let (mut best, mut second) = (0, 0);
    for hole in points(enemy & neighbours(own)) {
        let gain = i32::from(step_in(own, hole.index()));
        if gain > best {
            second = best;
            best = gain;
        } else if gain > second {
            second = gain;
        }
    }
    (best, second)
}

/// The value of the captures each side has waiting behind a pull, for a side's point of view.
///
/// White pulls and moves first, so its best waiting capture is nearly sure; Black's pull can
/// spoil one White threat, so White's second one counts too. Black's own threats come a move
/// later, after White has had the chance to take the pieces that make them.
fn weight(side: Side, (best, second): (i32, i32)) -> i32 {
    match side {
        Side::White => best * 40 + second * 30,
        Side::Black => best * 20 + second * 10,
    }
}

/// The placement-phase term for the side to act (0 in the movement phase).
pub(crate) fn pull_outlook(state: &State) -> i32 {
    if state.phase() == Phase::Movement {
        return 0;
    }
    let Some(me) = state.to_act() else { return 0 };
    let boards = state.boards();
    let (own, enemy) = (boards[me.index()], boards[me.other().index()]);
    weight(me, waiting_captures(own, enemy)) - weight(me.other(), waiting_captures(enemy, own))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(points: &[usize]) -> Bits {
        points.iter().fold(0, |b, &p| b | 1 << p)
    }

    #[test]
    fn a_pulled_gap_in_a_block_with_a_piece_beside_it_waits_as_a_capture() {
        // White on a1 b1 a2 (a block with its gap b2 held by Black) and c2 beside the gap.
        let white = bits(&[0, 1, 5, 7]);
        let black = bits(&[6]);
        assert_eq!(waiting_captures(white, black), (1, 0));
        // Without the piece beside the gap, stepping in from inside the block breaks it.
        assert_eq!(waiting_captures(bits(&[0, 1, 5]), black), (0, 0));
    }

    #[test]
    fn a_line_of_four_with_an_enemy_gap_waits_as_three_captures() {
        // White on a1 b1 d1 e1 and c2; Black on c1.
        let white = bits(&[0, 1, 3, 4, 7]);
        let black = bits(&[2]);
        assert_eq!(waiting_captures(white, black), (3, 0));
    }

    #[test]
    fn the_term_favours_the_side_with_the_waiting_capture_from_both_sides() {
        let white = bits(&[0, 1, 5, 7]);
        let black = bits(&[6, 20, 21]);
        let state = |to_act| State::from_parts([black, white], [10, 8], Phase::Placement, to_act);
        let black_view = pull_outlook(&state(Side::Black).expect("valid"));
        let white_view = pull_outlook(&state(Side::White).expect("valid"));
        assert!(black_view < 0 && white_view > 0);
        assert_eq!(black_view, -white_view);
    }
}
