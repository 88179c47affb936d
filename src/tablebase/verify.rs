//! Checks of a finished table: sampled consistency, and wins converted under the game's own
//! rules.
//!
//! - [`sample_consistency`] checks random classes: each stored value and flip distance must
//!   follow from the stored values of its successors (all of them, on small boards, in the
//!   tests).
//! - [`conversion_games`] plays random won positions out with [`crate::rules::Game`], which
//!   applies the repetition and 100-turn rules. Each game starts after a run of quiet moves
//!   that leads to the won position (found backwards with un-moves), so the 100-turn count is
//!   already high when the table player takes over (as high as still leaves the win, half the
//!   time); the defence plays at random or resists as the table says. The table player must win
//!   every game. Wins whose next flip is out of the rule's reach even from a count of zero are
//!   not tried: they are draws under the rule.

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::geometry::Pos;
use super::play::{self, Source};
use super::{Table, TableError, Value};
use crate::rules::{Action, Game, GameRules, Point, Side, Status, flying};

/// Checks `samples` random classes of a table (every class if there are no more than that);
/// returns how many were checked.
pub fn sample_consistency(source: &dyn Source, samples: u64, seed: u64) -> Result<u64, TableError> {
    let indexer = source.indexer();
    if samples >= indexer.entries() {
        let mut checked = 0;
        for index in 0..indexer.entries() {
            if indexer.orbit(index).is_some() {
                play::check_position(source, indexer.position(index))?;
                checked += 1;
            }
        }
        return Ok(checked);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    while checked < samples {
        let index = rng.random_range(0..indexer.entries());
        if indexer.orbit(index).is_none() {
            continue;
        }
        play::check_position(source, indexer.position(index))?;
        checked += 1;
    }
    Ok(checked)
}

/// What the conversion games showed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConversionReport {
    /// Games played.
    pub games: u64,
    /// Games the table player won.
    pub won: u64,
    /// Games that began with 50 or more quiet turns already played.
    pub tight: u64,
    /// The longest run of quiet turns seen in any game, the lead-in included.
    pub longest_quiet_run: u16,
    /// The longest game, in plies after the lead-in.
    pub longest_game: usize,
    /// A description of each game not won.
    pub failures: Vec<String>,
}

fn state_of(pos: Pos, side: Side) -> Option<flying::State> {
    let mut boards = [0; 2];
    boards[side.index()] = pos.own;
    boards[side.other().index()] = pos.enemy;
    flying::State::from_parts(boards, side)
}

fn action(from: u8, to: u8) -> Option<Action> {
    Some(Action::Move(
        Point::from_index(from)?,
        Point::from_index(to)?,
    ))
}

/// A run of `length` quiet moves ending in `target`, none of its positions repeated: the
/// first position and the moves from it. `None` if the random walk backwards gets stuck.
fn quiet_lead_in(
    table: &Table,
    target: Pos,
    length: usize,
    rng: &mut StdRng,
) -> Option<(Pos, Vec<(u8, u8)>)> {
    let g = table.inner.indexer().geometry();
    let mut path = vec![target];
    let mut moves = Vec::new();
    for _ in 0..length {
        let current = *path.last()?;
        let mut options = Vec::new();
        g.for_each_predecessor(current, true, |parent, _| options.push(parent));
        options.retain(|p| !path.contains(p));
        if options.is_empty() {
            return None;
        }
        let parent = options[rng.random_range(0..options.len())];
        // The move from the parent: the piece that left `from` arrived on `to`.
        let from = (parent.own & !current.occupied()).trailing_zeros() as u8;
        let to = (current.enemy & !parent.occupied()).trailing_zeros() as u8;
        moves.push((from, to));
        path.push(parent);
    }
    moves.reverse();
    Some((*path.last()?, moves))
}

/// Plays `games` won positions out under the game's rules (see the module notes).
pub fn conversion_games(
    table: &Table,
    games: u64,
    seed: u64,
) -> Result<ConversionReport, TableError> {
    let indexer = table.inner.indexer();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut report = ConversionReport::default();
    while report.games < games {
        let index = rng.random_range(0..indexer.entries());
        if indexer.orbit(index).is_none() {
            continue;
        }
        let target = indexer.position(index);
        // Only wins the rule leaves winnable: the next flip within reach.
        let (Value::Win(_), Some(dtz)) = table.inner.lookup(target)? else {
            continue;
        };
        if dtz > play::QUIET_LIMIT {
            continue;
        }
        // Start with as many quiet turns as still leave the win: often the most.
        let most = play::QUIET_LIMIT.saturating_sub(dtz) as usize;
        let lead = if rng.random_bool(0.5) {
            most
        } else {
            rng.random_range(0..=most)
        };
        let Some((first, lead_moves)) = quiet_lead_in(table, target, lead, &mut rng) else {
            continue;
        };
        // Whose turn it is at the target: the lead-in alternates from the first position.
        let winner = if rng.random_bool(0.5) {
            Side::Black
        } else {
            Side::White
        };
        let first_side = if lead % 2 == 0 {
            winner
        } else {
            winner.other()
        };
        let Some(start) = state_of(first, first_side) else {
            continue;
        };
        let mut game = Game::from_state(crate::rules::State::Flying(start));
        let replayed = lead_moves
            .iter()
            .all(|&(from, to)| action(from, to).is_some_and(|a| game.apply(a).is_ok()));
        let crate::rules::State::Flying(at_target) = *game.state() else {
            continue;
        };
        if !replayed || game.quiet_turns() as usize != lead || game.status().is_over() {
            report.failures.push(format!(
                "the lead-in to class {index} did not replay as {lead} quiet turns"
            ));
            report.games += 1;
            continue;
        }
        debug_assert_eq!(super::position_of(&at_target), target);
        let resist = rng.random_bool(0.5);
        let mut longest_quiet = game.quiet_turns();
        let plies_before = game.len();
        while !game.status().is_over() {
            let crate::rules::State::Flying(state) = *game.state() else {
                break;
            };
            let quiet = game.quiet_turns();
            let choice = if state.side_to_move() == winner || resist {
                table.best_move(&state, quiet)?
            } else {
                let legal = crate::rules::State::Flying(state).legal_vec();
                (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
            };
            let Some(choice) = choice else { break };
            if game.apply(choice).is_err() {
                report
                    .failures
                    .push(format!("an illegal move {choice} from class {index}"));
                break;
            }
            longest_quiet = longest_quiet.max(game.quiet_turns());
        }
        report.games += 1;
        if lead >= 50 {
            report.tight += 1;
        }
        report.longest_quiet_run = report.longest_quiet_run.max(longest_quiet);
        report.longest_game = report.longest_game.max(game.len() - plies_before);
        match game.status() {
            Status::Won { winner: w, .. } if w == winner => report.won += 1,
            status => report.failures.push(format!(
                "class {index} after {lead} quiet turns ({}): {}",
                if resist { "resisting" } else { "random" },
                status.summary()
            )),
        }
    }
    Ok(report)
}

/// The value of the start position and of each first move.
pub fn first_moves(table: &Table) -> Result<(Value, Vec<(Action, Value)>), TableError> {
    let start = flying::State::start();
    Ok((table.probe(&start)?, table.move_values(&start)?))
}
