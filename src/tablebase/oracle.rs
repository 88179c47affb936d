//! The table as Master's oracle in Flying: the engine asks it before searching, and it
//! answers for every Flying position it covers, never for the other games.

use super::Table;
use crate::ai::Oracle;
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

impl Table {
    /// [`Oracle::best_move`] for any game's state: the table's move in a Flying position it
    /// covers, else `None`.
    pub fn best_move_for(&self, state: &State, quiet_turns: u16) -> Option<Action> {
        Oracle::best_move(self, state, quiet_turns)
    }
}
