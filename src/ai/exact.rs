//! Exact values: what a solved game's table knows of a position, in plies to the end with
//! best play. The analysis reads them through [`super::analysis::ExactValues`] and Master's
//! oracle through [`super::Oracle`]; whoever holds such a table implements those traits.

use std::fmt;

/// The exact value of a position for the side to move, or of a move for the side that plays
/// it, in plies to the end with best play (the repetition and 100-turn rules aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies (0 for a side without a move).
    Loss(u32),
    /// Best play goes on for ever.
    Draw,
}

impl Value {
    /// The plies to the end (0 for a draw).
    pub fn plies(self) -> u32 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Draw => 0,
        }
    }

    /// `win`, `loss` or `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }
}

impl fmt::Display for Value {
    /// `win in 19`, `loss in 22`, `draw` (and `loss in 0` for a side without a move).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Draw => f.write_str("draw"),
            v => write!(f, "{} in {}", v.word(), v.plies()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_the_command_line_prints_them() {
        assert_eq!(Value::Win(19).to_string(), "win in 19");
        assert_eq!(Value::Loss(0).to_string(), "loss in 0");
        assert_eq!(Value::Draw.to_string(), "draw");
        assert_eq!(Value::Loss(22).plies(), 22);
        assert_eq!(Value::Draw.plies(), 0);
    }
}
