//! Action notation: `c3` (place), `c2-c4` (move), `xc3` (remove), `timeout`.

use std::fmt;

use super::{Action, Point};
use crate::echo::quoted;

/// Why a piece of text is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseActionError {
    /// The text that is not an action.
    pub text: String,
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not an action (expected a point like c3, a move like c2-c4, a removal like xc3, or timeout)",
            quoted(&self.text)
        )
    }
}

impl std::error::Error for ParseActionError {}

impl Action {
    /// Parses one action in the notation.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError {
            text: text.to_string(),
        };
        if text == "timeout" {
            return Ok(Action::Timeout);
        }
        if let Some(rest) = text.strip_prefix('x') {
            return Point::parse(rest).map(Action::Remove).ok_or_else(err);
        }
        if let Some((from, to)) = text.split_once('-') {
            return match (Point::parse(from), Point::parse(to)) {
                (Some(from), Some(to)) => Ok(Action::Move(from, to)),
                _ => Err(err()),
            };
        }
        Point::parse(text).map(Action::Place).ok_or_else(err)
    }
}

impl std::str::FromStr for Action {
    type Err = ParseActionError;
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        Action::parse(text)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(p) => write!(f, "{p}"),
            Action::Move(from, to) => write!(f, "{from}-{to}"),
            Action::Remove(p) => write!(f, "x{p}"),
            Action::Timeout => f.write_str("timeout"),
        }
    }
}

/// Parses a list of actions separated by white space or commas.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, ParseActionError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(Action::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for text in ["a1", "e5", "c2-c4", "xc3", "timeout"] {
            assert_eq!(Action::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn rejects_bad_text() {
        for text in [
            "", "f1", "a6", "a0", "xa", "c2-", "-c4", "c2-c9", "TIMEOUT", "c3 ", "xx3",
        ] {
            assert!(Action::parse(text).is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn lists_split_on_space_and_commas() {
        let list = parse_actions(" a1,b2  c3-c4\nxd5 ").unwrap();
        let expected: Vec<Action> = ["a1", "b2", "c3-c4", "xd5"]
            .into_iter()
            .map(|text| Action::parse(text).unwrap())
            .collect();
        assert_eq!(list, expected);
    }
}
