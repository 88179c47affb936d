//! Why the hint is what it is, in one line: what the suggested action does itself (read with
//! [`explain`]), else what it keeps the opponent from doing next, else the search's view.
//!
//! What it prevents is found by trying the opponent's replies: the gain the opponent has
//! after most of the other actions (the threat standing on the board) is compared with its
//! best gain after the hint.

use super::i18n::I18n;
use super::keys;
use super::text::{action_text, side_name};
use crate::rules::explain::{Event, Line, Shape, explain};
use crate::rules::{Action, Side, State};

/// What an action wins at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// Neihuang: a 2×2 block completed, the side then takes this many pieces.
    Block {
        /// The pieces the side then takes.
        captures: u8,
    },
    /// Neihuang: a row or column completed (with any blocks), and the pieces to take.
    Line {
        /// The row or column.
        line: Line,
        /// The pieces the side then takes.
        captures: u8,
    },
    /// Flying: pieces turned over.
    Flips(u8),
    /// Wu Dao: pieces taken.
    Takes(u8),
    /// Neihuang: a capture or pull made.
    Removes,
}

/// The kinds of gain, as the last part of their locale keys ([`Gain::kind`]).
pub const GAIN_KINDS: [&str; 5] = ["block", "line", "flips", "takes", "removes"];

impl Gain {
    /// Its kind, one of [`GAIN_KINDS`].
    pub fn kind(self) -> &'static str {
        match self {
            Gain::Block { .. } => "block",
            Gain::Line { .. } => "line",
            Gain::Flips(_) => "flips",
            Gain::Takes(_) => "takes",
            Gain::Removes => "removes",
        }
    }

    /// How much it weighs, in pieces moved from one side to the other.
    fn weight(self) -> u8 {
        match self {
            Gain::Block { captures } | Gain::Line { captures, .. } => captures,
            Gain::Flips(n) => 2 * n,
            Gain::Takes(n) => n,
            Gain::Removes => 1,
        }
    }

    /// What the event of one action gains, if anything.
    fn of(event: &Event) -> Option<Gain> {
        match event {
            Event::Shapes { shapes, captures } => Some(
                shapes
                    .iter()
                    .find_map(|s| match s {
                        Shape::Line(line) => Some(Gain::Line {
                            line: *line,
                            captures: *captures,
                        }),
                        Shape::Block(_) => None,
                    })
                    .unwrap_or(Gain::Block {
                        captures: *captures,
                    }),
            ),
            Event::Flipped {
                pincers,
                insertions,
            } => Some(Gain::Flips((pincers.len() + 2 * insertions.len()) as u8)),
            Event::Taken { flanks, counters } => {
                let flanked: u32 = flanks.iter().map(|f| f.taken.count_ones()).sum();
                Some(Gain::Takes((flanked + 2 * counters.len() as u32) as u8))
            }
            Event::Captured { .. } | Event::Pulled => Some(Gain::Removes),
            _ => None,
        }
    }
}

/// The reason given with a hint.
#[derive(Clone, Debug, PartialEq)]
pub struct HintReason {
    /// The action suggested.
    pub action: Action,
    /// What the action itself wins.
    pub gains: Option<Gain>,
    /// The opponent's gain it keeps from happening next, and whose it would be.
    pub stops: Option<(Side, Gain)>,
    /// The search's view of the position for the side to act (centipieces), if it gave one.
    pub score: Option<i32>,
}

/// The gain of `action` in `state`, if it is legal and gains something.
fn gain_of(state: &State, action: Action) -> Option<Gain> {
    let mut after = *state;
    let effects = after.apply(action).ok()?;
    Gain::of(&explain(state, &effects))
}

/// The opponent's best immediate gain after `action`, if the opponent acts next.
fn threat_after(state: &State, action: Action, side: Side) -> Option<Option<Gain>> {
    let mut after = *state;
    after.apply(action).ok()?;
    if after.to_act() != Some(side.other()) {
        return None;
    }
    Some(
        after
            .legal_vec()
            .into_iter()
            .filter_map(|reply| gain_of(&after, reply))
            .max_by_key(|g| g.weight()),
    )
}

/// Why `action`, suggested for the side to act in `state`, is a good idea.
pub fn reason(state: &State, action: Action, score: Option<i32>) -> HintReason {
    let gains = gain_of(state, action);
    let stops = state.to_act().and_then(|side| {
        let after_hint = threat_after(state, action, side)?;
        let mut others: Vec<Gain> = state
            .legal_vec()
            .into_iter()
            .filter(|&a| a != action)
            .filter_map(|a| threat_after(state, a, side).flatten())
            .collect();
        let alternatives = state.legal_vec().len().saturating_sub(1);
        // The threat stands if the opponent has it after most of the other actions.
        if alternatives == 0 || others.len() * 2 <= alternatives {
            return None;
        }
        others.sort_by_key(|g| g.weight());
        let standing = others[others.len() - alternatives.div_ceil(2)];
        let left = after_hint.map_or(0, Gain::weight);
        (standing.weight() > left).then_some((side.other(), standing))
    });
    HintReason {
        action,
        gains,
        stops,
        score,
    }
}

/// A gain in words: the side's `own`, or the opponent's (`side`) that the action stops.
fn gain_text(i18n: &I18n, own: bool, gain: Gain, side: &str) -> String {
    let line_name = |line: Line| match line {
        Line::Row(_) => i18n.format("hint.row", &[("n", &line.label())]),
        Line::Column(_) => i18n.format("hint.column", &[("c", &line.label())]),
    };
    let pieces = |n: u8| {
        if n == 1 {
            i18n.t("hint.one_piece").to_string()
        } else {
            i18n.format("hint.n_pieces", &[("n", &n)])
        }
    };
    let key = keys::gain(own, gain.kind());
    match gain {
        Gain::Block { captures } => {
            i18n.format(&key, &[("pieces", &pieces(captures)), ("side", &side)])
        }
        Gain::Line { line, captures } => i18n.format(
            &key,
            &[
                ("line", &line_name(line)),
                ("pieces", &pieces(captures)),
                ("side", &side),
            ],
        ),
        Gain::Flips(n) | Gain::Takes(n) => {
            i18n.format(&key, &[("pieces", &pieces(n)), ("side", &side)])
        }
        Gain::Removes => i18n.format(&key, &[("side", &side)]),
    }
}

/// The one line shown with a hint.
pub fn text(i18n: &I18n, r: &HintReason) -> String {
    let action = action_text(i18n, r.action);
    let mut parts = Vec::new();
    if let Some(gain) = r.gains {
        parts.push(gain_text(i18n, true, gain, ""));
    }
    if let Some((side, threat)) = r.stops {
        parts.push(gain_text(i18n, false, threat, side_name(i18n, side)));
    }
    if parts.is_empty() {
        let pieces = r.score.map(|s| format!("{:+.1}", f64::from(s) / 100.0));
        return match pieces {
            Some(p) => i18n.format("hint.quiet_score", &[("action", &action), ("score", &p)]),
            None => i18n.format("hint.quiet", &[("action", &action)]),
        };
    }
    i18n.format(
        "hint.line",
        &[
            ("action", &action),
            ("why", &parts.join(i18n.t("hint.and"))),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_actions;
    use crate::rules::{Game, GameId};

    fn after(game: GameId, moves: &str) -> State {
        let mut g = Game::new(game);
        for a in parse_actions(moves).expect("notation") {
            g.apply(a).expect("legal");
        }
        *g.state()
    }

    fn action(text: &str) -> Action {
        parse_actions(text).expect("notation")[0]
    }

    #[test]
    fn a_flip_is_what_the_move_wins() {
        // White's e2 sits between Black's e1 and the piece that arrives on e3.
        let state = after(GameId::Flying, "a1-a4 e5-e2 a4-a3");
        let r = reason(&state, action("e2-b2"), None);
        assert_eq!(r.gains, None);
        let state = after(GameId::Flying, "a1-a3 e5-e2");
        let r = reason(&state, action("a3-e3"), Some(150));
        assert_eq!(r.gains, Some(Gain::Flips(1)));
    }

    #[test]
    fn a_move_out_of_a_pincer_stops_the_opponent_flipping() {
        // White's d3 stands between Black's pieces of row 3: Black threatens to turn it over.
        let state = after(GameId::Flying, "b1-b3 d5-d3 e1-e3");
        let r = reason(&state, action("d3-d4"), None);
        assert_eq!(r.gains, None);
        assert_eq!(r.stops, Some((Side::Black, Gain::Flips(1))));
        // Staying put leaves the threat: a move elsewhere stops nothing.
        let r = reason(&state, action("a5-a4"), None);
        assert_eq!(r.stops, None);
    }

    #[test]
    fn a_placement_can_stop_a_wudao_flank() {
        let state = after(GameId::Wudao, "e3 c2 c3 a3");
        let r = reason(&state, action("d3"), None);
        assert_eq!(r.stops, Some((Side::White, Gain::Takes(2))));
        let en = I18n::new(crate::app::i18n::Language::English);
        assert_eq!(text(&en, &r), "Hint: d3 stops White taking 2 pieces.");
    }

    #[test]
    fn the_line_names_what_the_move_does_in_both_languages() {
        let r = HintReason {
            action: action("c3-c2"),
            gains: Some(Gain::Block { captures: 1 }),
            stops: None,
            score: None,
        };
        let en = I18n::new(crate::app::i18n::Language::English);
        assert_eq!(
            text(&en, &r),
            "Hint: c3-c2 completes a 2×2 block: take 1 piece."
        );
        let stop = HintReason {
            action: action("b4"),
            gains: None,
            stops: Some((Side::White, Gain::Takes(2))),
            score: None,
        };
        assert_eq!(text(&en, &stop), "Hint: b4 stops White taking 2 pieces.");
        let zh = I18n::new(crate::app::i18n::Language::Chinese);
        assert!(text(&zh, &r).contains("c3-c2"));
    }
}
