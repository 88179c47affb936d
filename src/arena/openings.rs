//! Seeded short random openings: a few random legal actions from the start, so that a match
//! covers varied positions and each opening can be played once with each colour.

use rand::{RngExt, SeedableRng, rngs::StdRng};

use crate::rules::{Action, Decision, GameId, State};

/// The usual opening length of each game, in actions: enough to vary the game, too few to
/// decide it.
pub fn default_plies(game: GameId) -> usize {
    match game {
        // Four placements each side of 12: the shape of the board is still open.
        GameId::Neihuang => 4,
        GameId::Flying => 4,
        GameId::Wudao => 4,
    }
}

/// The `index`-th opening of `game` for `seed`: `plies` random legal actions (never a
/// timeout), extended until the side that acted last has finished its turn. Falls back to a
/// shorter opening if the game would end.
pub fn opening(game: GameId, seed: u64, index: u64, plies: usize) -> Vec<Action> {
    let mut rng = StdRng::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03)),
    );
    let mut state = State::start(game);
    let mut actions = Vec::new();
    loop {
        let mid_turn = matches!(
            state.decision(),
            Some(Decision::Capture { .. } | Decision::Yield)
        ) && actions.len() >= plies;
        if actions.len() >= plies && !mid_turn {
            break;
        }
        let legal = state.legal_vec();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.random_range(0..legal.len())];
        let mut next = state;
        if next.apply(action).is_err() || next.to_act().is_none() {
            break;
        }
        state = next;
        actions.push(action);
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_legal_reproducible_and_varied() {
        for game in GameId::ALL {
            let plies = default_plies(game);
            let first = opening(game, 7, 0, plies);
            assert_eq!(first, opening(game, 7, 0, plies));
            assert!(first.len() >= plies, "{game}: {first:?}");
            let mut state = State::start(game);
            for &a in &first {
                state.apply(a).expect("legal");
            }
            assert!(
                state.to_act().is_some(),
                "{game}: the opening ends the game"
            );
            let distinct: std::collections::HashSet<Vec<Action>> =
                (0..20).map(|i| opening(game, 7, i, plies)).collect();
            assert!(
                distinct.len() >= 15,
                "{game}: only {} openings",
                distinct.len()
            );
        }
    }
}
