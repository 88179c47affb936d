//! The table behind the engine's seams: Master's oracle in Flying (the engine asks it before
//! searching) and the exact values of the analysis. It answers for every Flying position it
//! covers, never for the other games.

use super::{Table, Value};
use crate::ai::Oracle;
use crate::ai::analysis::ExactValues;
use crate::rules::{Action, State};

impl Oracle for Table {
    fn best_move(&self, state: &State, quiet_turns: u16) -> Option<Action> {
        match state {
            State::Flying(s) => {
                // A read that fails (the file went away) leaves the decision to the search.
                self.best_move(s, quiet_turns).ok().flatten()
            }
            _ => None,
        }
    }
}

impl ExactValues for Table {
    fn value(&self, state: &State) -> Option<Value> {
        match state {
            State::Flying(s) => self.probe(s).ok(),
            _ => None,
        }
    }

    fn move_values(&self, state: &State) -> Option<Vec<(Action, Value)>> {
        match state {
            State::Flying(s) => Table::move_values(self, s).ok(),
            _ => None,
        }
    }
}

impl Table {
    /// [`Oracle::best_move`] for any game's state: the table's move in a Flying position it
    /// covers, else `None`.
    pub fn best_move_for(&self, state: &State, quiet_turns: u16) -> Option<Action> {
        Oracle::best_move(self, state, quiet_turns)
    }
}
