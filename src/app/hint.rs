//! Why the hint is what it is, in one sentence, and what the position is worth. The reason
//! is what the suggested action does itself (read with [`explain`]), else what it keeps the
//! opponent from doing next, else a gain it prepares along the line the engine expects (its
//! principal variation), else what it keeps safe that other actions would give away at once,
//! else the best defence against a gain along the line that cannot be stopped, else that the
//! line expected takes nothing (in Wu Dao, with the parity of the empty points: who places the
//! last piece). The value follows in words, with its side and winning chances: "Black is
//! better (74% winning chances)", "Black wins in 13".
//!
//! What it prevents is found by trying the opponent's replies: the gain the opponent has
//! after most of the other actions (the threat standing on the board) is compared with its
//! best gain after the hint.

use super::exact::value_words;
use super::i18n::{I18n, Language};
use super::keys;
use super::text::{action_text, side_name};
use crate::ai::analysis::Evaluation;
use crate::rules::explain::{Event, Line, Shape, explain};
use crate::rules::{Action, GameId, Side, State};

/// How far along the expected line (in actions after the hint's turn) a gain is looked for.
pub const LOOK_AHEAD: usize = 6;
/// How many actions of a line that takes nothing the sentence names.
const QUIET_LINE_SAID: usize = 4;
/// How many actions expected after the hint a sentence that names no line of its own adds.
const EXPECTED_SAID: usize = 3;

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

/// Whose gain a sentence names, and when: the middle part of its locale keys
/// ([`Whose::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    /// The side's own, made by the action now (`hint.gain.<kind>`).
    Own,
    /// The opponent's, which the action keeps from happening next (`hint.stop.<kind>`).
    Stopped,
    /// Either side's, further along the expected line (`hint.then.<kind>`).
    Later,
    /// The opponent's, which another action would allow (`hint.let.<kind>`).
    Allowed,
}

impl Whose {
    /// Every one, in the order the sentences try them.
    pub const ALL: [Whose; 4] = [Whose::Own, Whose::Stopped, Whose::Later, Whose::Allowed];

    /// Its part of the locale keys.
    pub fn id(self) -> &'static str {
        match self {
            Whose::Own => "gain",
            Whose::Stopped => "stop",
            Whose::Later => "then",
            Whose::Allowed => "let",
        }
    }
}

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

/// A gain further along the expected line.
#[derive(Clone, Debug, PartialEq)]
pub struct Ahead {
    /// Whose gain it is.
    pub side: Side,
    /// What it gains.
    pub gain: Gain,
    /// The actions after the hint up to the one that gains, included: the rest of the
    /// hint's turn, then the line (the start of [`HintReason::line`]).
    pub path: Vec<Action>,
}

/// The reason given with a hint, and the value of the position.
#[derive(Clone, Debug, PartialEq)]
pub struct HintReason {
    /// The game, whose evaluation the value is in.
    pub game: GameId,
    /// The side the hint is for.
    pub side: Side,
    /// The action suggested.
    pub action: Action,
    /// What the action itself wins.
    pub gains: Option<Gain>,
    /// The opponent's gain it keeps from happening next, and whose it would be.
    pub stops: Option<(Side, Gain)>,
    /// The first gain along the expected line, when the action itself neither gains nor
    /// stops anything.
    pub ahead: Option<Ahead>,
    /// What other actions would give the opponent at once, which this one does not, when it
    /// neither gains nor stops anything.
    pub avoids: Option<Avoided>,
    /// Wu Dao: the points left empty after the hint's turn, and the side that places the last
    /// of them if no more pieces are taken (the parity that decides a close game).
    pub parity: Option<(u8, Side)>,
    /// The actions the engine expects after the hint, with who plays each: the rest of the
    /// hint's turn, then the line (at most [`LOOK_AHEAD`] actions).
    pub line: Vec<(Action, Side)>,
    /// What the position is worth, from Black's side, if the engine said.
    pub value: Option<Evaluation>,
    /// Whether the value is exact (from the Flying table), and the board labels every move
    /// with its own.
    pub exact: bool,
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

/// What the opponent could take next, after the hint and after each other action.
struct Threats {
    /// The opponent.
    side: Side,
    /// Its best immediate gain after the hint.
    after_hint: Option<Gain>,
    /// Its best immediate gain after each of the other actions that give it one.
    others: Vec<Gain>,
    /// How many other actions there are.
    alternatives: usize,
}

impl Threats {
    /// The opponent's replies to the hint and to every other action, when the opponent acts
    /// next.
    fn of(state: &State, action: Action) -> Option<Threats> {
        let side = state.to_act()?;
        let after_hint = threat_after(state, action, side)?;
        let legal = state.legal_vec();
        let others = legal
            .iter()
            .filter(|&&a| a != action)
            .filter_map(|&a| threat_after(state, a, side).flatten())
            .collect();
        Some(Threats {
            side: side.other(),
            after_hint,
            others,
            alternatives: legal.len().saturating_sub(1),
        })
    }

    /// The opponent's gain the hint keeps from happening next: one it has after most of the
    /// other actions, and more than it has after the hint.
    fn stopped(&self) -> Option<(Side, Gain)> {
        // The threat stands if the opponent has it after most of the other actions.
        if self.alternatives == 0 || self.others.len() * 2 <= self.alternatives {
            return None;
        }
        let mut others = self.others.clone();
        others.sort_by_key(|g| g.weight());
        let standing = others[others.len() - self.alternatives.div_ceil(2)];
        let left = self.after_hint.map_or(0, Gain::weight);
        (standing.weight() > left).then_some((self.side, standing))
    }

    /// When the hint leaves the opponent nothing to take at once but some other actions
    /// would not: the opponent, how many of them, and the most they would give.
    fn avoided(&self) -> Option<Avoided> {
        let most = self.others.iter().copied().max_by_key(|g| g.weight())?;
        self.after_hint.is_none().then_some(Avoided {
            side: self.side,
            count: self.others.len(),
            alternatives: self.alternatives,
            gain: most,
        })
    }
}

/// The other actions that would give the opponent something to take at once, which the hint
/// does not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Avoided {
    /// The opponent.
    pub side: Side,
    /// How many of the other actions would.
    pub count: usize,
    /// How many other actions there are.
    pub alternatives: usize,
    /// The most the opponent would take after one of them.
    pub gain: Gain,
}

/// Plays `turn` (the hint's turn: its first action and any captures that follow) then `line`
/// from `state`, as far as they are legal and at most [`LOOK_AHEAD`] actions of the line:
/// who plays each action after the first, and the first gain along the line.
fn walk(state: &State, turn: &[Action], line: &[Action]) -> (Vec<(Action, Side)>, Option<Ahead>) {
    let mut current = *state;
    let mut played = Vec::new();
    let mut ahead = None;
    let rest = turn.iter().skip(1).copied().map(|a| (a, false));
    let line = line.iter().take(LOOK_AHEAD).copied().map(|a| (a, true));
    let mut path = Vec::new();
    if turn
        .first()
        .is_none_or(|&first| current.apply(first).is_err())
    {
        return (played, ahead);
    }
    for (action, in_line) in rest.chain(line) {
        let before = current;
        let Ok(effects) = current.apply(action) else {
            break;
        };
        played.push((action, effects.actor));
        path.push(action);
        if !in_line {
            continue;
        }
        if ahead.is_none()
            && let Some(gain) = Gain::of(&explain(&before, &effects))
        {
            ahead = Some(Ahead {
                side: effects.actor,
                gain,
                path: path.clone(),
            });
        }
    }
    (played, ahead)
}

/// How many actions after a solved puzzle's line a gain of the solver's is looked for.
pub const FOLLOWUP_AHEAD: usize = 10;

/// What follows a solved puzzle's line as the computer plays it: the actions, with who plays
/// each, up to the end of the solver's first turn that gains (or a few actions when none
/// does), and that gain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Followup {
    /// The actions, with who plays each.
    pub line: Vec<(Action, Side)>,
    /// The solver's first gain along them.
    pub gain: Option<Gain>,
}

/// Plays `actions` from `state` (as far as they are legal, at most [`FOLLOWUP_AHEAD`]) and
/// keeps them up to the end of `solver`'s first turn that gains.
pub fn followup(state: &State, solver: Side, actions: &[Action]) -> Followup {
    let mut current = *state;
    let mut line = Vec::new();
    let mut gain = None;
    for &action in actions.iter().take(FOLLOWUP_AHEAD) {
        let before = current;
        let Ok(effects) = current.apply(action) else {
            break;
        };
        // The gaining turn's own captures are kept with it; the line stops at its end.
        if gain.is_some() && effects.actor != solver {
            break;
        }
        line.push((action, effects.actor));
        if gain.is_none()
            && effects.actor == solver
            && let Some(g) = Gain::of(&explain(&before, &effects))
        {
            gain = Some(g);
        }
        if gain.is_some() && (effects.turn_over || current.to_act().is_none()) {
            break;
        }
    }
    if gain.is_none() {
        line.truncate(QUIET_LINE_SAID);
    }
    Followup { line, gain }
}

/// What follows a solved line, in one sentence: "What follows, as the computer plays it:
/// a2-b2, b4-b3, xd4, xb2, xc2: Black completes column b and takes 3 pieces."
pub fn followup_text(i18n: &I18n, f: &Followup, solver: Side) -> Option<String> {
    if f.line.is_empty() {
        return None;
    }
    let line = f
        .line
        .iter()
        .map(|&(a, _)| action_text(i18n, a))
        .collect::<Vec<_>>()
        // A space between the actions (in Chinese too, where "、" would let a long line
        // wrap inside an action, at its dash): the line wraps between them.
        .join(match i18n.language() {
            Language::English => ", ",
            Language::Chinese => " ",
        });
    Some(match f.gain {
        Some(gain) => {
            let what = gain_text(i18n, Whose::Later, gain, side_name(i18n, solver));
            i18n.format("puzzle.followup", &[("line", &line), ("what", &what)])
        }
        None => i18n.format("puzzle.followup_quiet", &[("line", &line)]),
    })
}

/// Why the turn `turn`, suggested for the side to act in `state`, is a good idea, given the
/// line the engine expects after it (`line`) and its value of the position from Black's side.
pub fn reason(
    state: &State,
    turn: &[Action],
    line: &[Action],
    value: Option<Evaluation>,
) -> Option<HintReason> {
    let action = *turn.first()?;
    let side = state.to_act()?;
    let gains = gain_of(state, action);
    let threats = Threats::of(state, action);
    let stops = threats.as_ref().and_then(Threats::stopped);
    let (line, ahead) = walk(state, turn, line);
    let nothing_yet = gains.is_none() && stops.is_none();
    Some(HintReason {
        game: state.game(),
        side,
        action,
        gains,
        stops,
        ahead: ahead.filter(|_| nothing_yet),
        avoids: threats.and_then(|t| t.avoided()).filter(|_| nothing_yet),
        parity: parity_after(state, turn),
        line,
        value,
        exact: false,
    })
}

/// Wu Dao: the empty points once `turn` is played and the side that places the last of them
/// if no more pieces are taken (the points are filled in turn from the side to act then, so
/// an odd number gives that side one more piece).
fn parity_after(state: &State, turn: &[Action]) -> Option<(u8, Side)> {
    let State::Wudao(_) = state else {
        return None;
    };
    let mut after = *state;
    for action in turn {
        after.apply(*action).ok()?;
    }
    let next = after.to_act()?;
    let empty = crate::rules::Point::ALL
        .into_iter()
        .filter(|p| after.piece_at(*p).is_none())
        .count();
    let last = if empty % 2 == 1 { next } else { next.other() };
    Some((u8::try_from(empty).ok()?, last))
}

/// A gain in words, `whose` it is and when, with `side` (the side that gains, unless it is
/// the hint's own gain).
fn gain_text(i18n: &I18n, whose: Whose, gain: Gain, side: &str) -> String {
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
    let key = keys::gain(whose.id(), gain.kind());
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

/// Actions in the notation, in a list: "d4-d3, c2-b2".
/// The actions after the hint, numbered as the board numbers them (the hint is 1).
fn numbered_text(i18n: &I18n, line: &[(Action, Side)]) -> String {
    line.iter()
        .enumerate()
        .map(|(i, &(a, _))| {
            let action = action_text(i18n, a);
            i18n.format("hint.numbered", &[("n", &(i + 2)), ("action", &action)])
        })
        .collect::<Vec<_>>()
        .join(i18n.t("hint.list_comma"))
}

/// Which sentence a hint is said in.
enum Form<'a> {
    /// What the action gains or stops at once.
    Now,
    /// A gain of the side's own further along the line.
    Prepares(&'a Ahead),
    /// What the other actions would give away.
    Safe(&'a Avoided),
    /// The best defence against the opponent's gain further along the line.
    Defends(&'a Ahead),
    /// The engine's choice, with no line to tell.
    Choice,
    /// The line expected, which takes nothing.
    Quiet,
}

impl HintReason {
    /// The sentence this reason is said in.
    fn form(&self) -> Form<'_> {
        if self.gains.is_some() || self.stops.is_some() {
            Form::Now
        } else if let Some(ahead) = self.ahead.as_ref().filter(|a| a.side == self.side) {
            Form::Prepares(ahead)
        } else if let Some(avoids) = &self.avoids {
            Form::Safe(avoids)
        } else if let Some(ahead) = &self.ahead {
            Form::Defends(ahead)
        } else if self.line.is_empty() {
            Form::Choice
        } else {
            Form::Quiet
        }
    }

    /// The actions after the hint that its sentence names, numbered from 2 in it: those the
    /// board draws (as far as they read plainly), so that the two always agree.
    pub fn said_line(&self) -> &[(Action, Side)] {
        let said = match self.form() {
            Form::Prepares(ahead) | Form::Defends(ahead) => ahead.path.len(),
            Form::Quiet => QUIET_LINE_SAID,
            Form::Now | Form::Safe(_) | Form::Choice => EXPECTED_SAID,
        };
        &self.line[..said.min(self.line.len())]
    }
}

/// What is shown with a hint: the sentence with its reason, then the value (and, with exact
/// values, how to read the labels on the board).
pub fn text(i18n: &I18n, r: &HintReason) -> String {
    let action = action_text(i18n, r.action);
    let mut parts = Vec::new();
    if let Some(gain) = r.gains {
        parts.push(gain_text(i18n, Whose::Own, gain, ""));
    }
    if let Some((side, threat)) = r.stops {
        parts.push(gain_text(
            i18n,
            Whose::Stopped,
            threat,
            side_name(i18n, side),
        ));
    }
    let said = numbered_text(i18n, r.said_line());
    let why = match r.form() {
        Form::Now => i18n.format(
            "hint.line",
            &[
                ("action", &action),
                ("why", &parts.join(i18n.t("hint.and"))),
            ],
        ),
        Form::Prepares(ahead) => {
            // The hint's side prepares a gain of its own.
            let what = gain_text(i18n, Whose::Later, ahead.gain, side_name(i18n, ahead.side));
            i18n.format(
                "hint.prepare",
                &[("action", &action), ("what", &what), ("path", &said)],
            )
        }
        Form::Safe(avoids) => {
            let opponent = side_name(i18n, avoids.side);
            let what = gain_text(i18n, Whose::Allowed, avoids.gain, opponent);
            let key = if avoids.alternatives == 1 {
                "hint.safe_only_other"
            } else {
                "hint.safe"
            };
            i18n.format(
                key,
                &[
                    ("action", &action),
                    ("side", &opponent),
                    ("n", &avoids.count),
                    ("total", &avoids.alternatives),
                    ("what", &what),
                ],
            )
        }
        Form::Defends(ahead) => {
            // The opponent's gain along the line: the hint defends as well as it can.
            let what = gain_text(i18n, Whose::Later, ahead.gain, side_name(i18n, ahead.side));
            i18n.format(
                "hint.defend",
                &[("action", &action), ("what", &what), ("path", &said)],
            )
        }
        Form::Choice => i18n.format("hint.choice", &[("action", &action)]),
        Form::Quiet => i18n.format("hint.quiet_line", &[("action", &action), ("line", &said)]),
    };
    // A sentence that names no line of its own is followed by the actions the board draws
    // after the hint.
    let expected = matches!(r.form(), Form::Now | Form::Safe(_)) && !said.is_empty();
    let expected = expected.then(|| i18n.format("hint.expected", &[("line", &said)]));
    // In Wu Dao, when nothing is taken, the parity of the empty points decides who places the
    // last piece: said after a quiet reason.
    let quiet = r.gains.is_none() && r.stops.is_none() && r.ahead.is_none();
    let parity = r
        .parity
        .filter(|&(empty, _)| quiet && empty > 0)
        .map(|(empty, last)| {
            let key = if empty == 1 {
                "hint.parity_one"
            } else {
                "hint.parity"
            };
            i18n.format(key, &[("n", &empty), ("side", &side_name(i18n, last))])
        });
    // Chinese sentences follow each other without a space.
    let gap = match i18n.language() {
        Language::Chinese => "",
        Language::English => " ",
    };
    let mut sentences = why;
    if let Some(expected) = expected {
        sentences.push_str(gap);
        sentences.push_str(&expected);
    }
    if let Some(parity) = parity {
        sentences.push_str(gap);
        sentences.push_str(&parity);
    }
    if let Some(value) = r.value {
        sentences.push_str(gap);
        sentences.push_str(&i18n.format(
            "hint.value",
            &[("value", &value_words(i18n, value, r.game))],
        ));
    }
    if r.exact {
        sentences.push_str(gap);
        sentences.push_str(i18n.t("hint.exact_labels"));
    }
    sentences
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

    fn actions(text: &str) -> Vec<Action> {
        parse_actions(text).expect("notation")
    }

    /// The reason for the turn `turn` with the line `line` after it, and no value.
    fn why(state: &State, turn: &str, line: &str) -> HintReason {
        reason(state, &actions(turn), &actions(line), None).expect("a reason")
    }

    fn english() -> I18n {
        I18n::new(crate::app::i18n::Language::English)
    }

    /// Neihuang puzzle N0027 once Black has pulled b3.
    const AFTER_PULL: &str = "b2 c1 b4 d4 c3 c2 d2 e2 d3 d1 c4 b3 e3 e1 e4 e5 b1 d5 a3 a2 \
                              a1 b5 a4 a5 c5 xb2 xb3";

    #[test]
    fn what_follows_a_line_stops_at_the_end_of_the_solvers_turn_that_gains() {
        let state = after(GameId::Neihuang, AFTER_PULL);
        // White steps, Black completes a block and takes; what comes after is left out.
        let f = followup(&state, Side::Black, &actions("c2-b2 a3-b3 xa2 d5-d4 e4-d4"));
        assert_eq!(
            f.line,
            vec![
                (actions("c2-b2")[0], Side::White),
                (actions("a3-b3")[0], Side::Black),
                (actions("xa2")[0], Side::Black),
            ]
        );
        assert_eq!(f.gain, Some(Gain::Block { captures: 1 }));
        let text = followup_text(&english(), &f, Side::Black).expect("a sentence");
        assert_eq!(
            text,
            "What follows, as the computer plays it: c2-b2, a3-b3, xa2: Black completes a 2×2 \
             block and takes 1 piece."
        );
        // A gain of White's is not the solver's: the line goes on to Black's.
        let state = after(
            GameId::Neihuang,
            "b2 c1 b4 d4 c3 c2 d2 e2 d3 d1 c4 b3 e3 e1 e4 e5 b1 \
                                              d5 a3 a2 a1 b5 a4 a5 c5 xb2",
        );
        let f = followup(&state, Side::White, &actions("xb3 c2-b2 a3-b3 xa2"));
        assert_eq!(f.gain, None, "{f:?}");
        // Without a gain of the solver's, only the first actions are named.
        let f = followup(
            &after(GameId::Neihuang, AFTER_PULL),
            Side::White,
            &actions("c2-b2 a3-b3 xa2 b2-a2 a4-a3 a2-b2"),
        );
        assert_eq!(f.gain, None);
        assert_eq!(f.line.len(), QUIET_LINE_SAID);
        assert_eq!(
            followup_text(&english(), &Followup::default(), Side::Black),
            None
        );
    }

    #[test]
    fn a_flip_is_what_the_move_wins() {
        // White's e2 sits between Black's e1 and the piece that arrives on e3.
        let state = after(GameId::Flying, "a1-a4 e5-e2 a4-a3");
        assert_eq!(why(&state, "e2-b2", "").gains, None);
        let state = after(GameId::Flying, "a1-a3 e5-e2");
        assert_eq!(why(&state, "a3-e3", "").gains, Some(Gain::Flips(1)));
    }

    #[test]
    fn a_move_out_of_a_pincer_stops_the_opponent_flipping() {
        // White's d3 stands between Black's pieces of row 3: Black threatens to turn it over.
        let state = after(GameId::Flying, "b1-b3 d5-d3 e1-e3");
        let r = why(&state, "d3-d4", "");
        assert_eq!(r.gains, None);
        assert_eq!(r.stops, Some((Side::Black, Gain::Flips(1))));
        // Staying put leaves the threat: a move elsewhere stops nothing.
        assert_eq!(why(&state, "a5-a4", "").stops, None);
    }

    #[test]
    fn a_placement_can_stop_a_wudao_flank() {
        let state = after(GameId::Wudao, "e3 c2 c3 a3");
        let r = why(&state, "d3", "");
        assert_eq!(r.stops, Some((Side::White, Gain::Takes(2))));
        assert_eq!(
            text(&english(), &r),
            "Hint: d3 stops White taking 2 pieces."
        );
    }

    #[test]
    fn a_gain_further_along_the_line_is_what_a_quiet_move_prepares() {
        // Black's a1-a3 takes nothing, but after White's e5-e2 the engine expects a3-e3,
        // which pins e2 against e1.
        let state = State::start(GameId::Flying);
        let r = why(&state, "a1-a3", "e5-e2 a3-e3 b5-b4");
        assert_eq!(r.gains, None);
        let ahead = r.ahead.clone().expect("a gain ahead");
        assert_eq!(
            (ahead.side, ahead.gain, ahead.path),
            (Side::Black, Gain::Flips(1), actions("e5-e2 a3-e3"))
        );
        assert_eq!(r.line.len(), 3, "the line as far as it goes");
        // The sentence names the line up to the gain, and that is the line drawn.
        assert_eq!(r.said_line(), &r.line[..2]);
        assert_eq!(r.line[0], (actions("e5-e2")[0], Side::White));
        let with_value = HintReason {
            value: Some(Evaluation::Score(180)),
            ..r
        };
        assert_eq!(
            text(&english(), &with_value),
            "Hint: a1-a3, so that Black turns over 1 piece after (2) e5-e2, (3) a3-e3. \
             Black is better (74% winning chances)."
        );
    }

    #[test]
    fn against_a_gain_that_cannot_be_stopped_the_hint_is_the_best_defence() {
        let state = State::start(GameId::Flying);
        // White to act after a1-a3: the line expected has Black flip e2 anyway.
        let state = {
            let mut s = state;
            let _ = s.apply(actions("a1-a3")[0]);
            s
        };
        let r = why(&state, "e5-e2", "a3-e3");
        let ahead = r.ahead.clone().expect("a gain ahead");
        assert_eq!(ahead.side, Side::Black);
        let said = text(&english(), &r);
        assert!(said.starts_with("Hint: e5-e2, the best defence"), "{said}");
    }

    #[test]
    fn a_quiet_line_says_what_the_engine_expects_and_the_value_has_its_side() {
        let state = State::start(GameId::Wudao);
        let r = reason(
            &state,
            &actions("c3"),
            &actions("d4 b2"),
            Some(Evaluation::Score(-120)),
        )
        .expect("a reason");
        assert_eq!(r.ahead, None);
        // 24 points stay empty and White places next: Black places the last of them.
        assert_eq!(r.parity, Some((24, Side::Black)));
        assert_eq!(
            text(&english(), &r),
            "Hint: c3: the engine expects (2) d4, (3) b2, and neither side takes anything. \
             24 points stay empty: if nothing more is taken, Black places the last piece. \
             White is winning (90% winning chances)."
        );
        let exact = HintReason {
            value: Some(Evaluation::Win(13)),
            exact: true,
            ..r
        };
        let said = text(&english(), &exact);
        assert!(said.contains("Black wins in 13."), "{said}");
    }

    #[test]
    fn a_move_that_gives_nothing_away_says_what_others_would_give() {
        // After a1-a3, White's e5-e4 gives Black nothing to turn over; a few of White's
        // moves would put a piece where Black's next move pins it.
        let state = after(GameId::Flying, "a1-a3");
        let r = why(&state, "e5-e4", "");
        let avoids = r.avoids.expect("other moves give something away");
        assert_eq!(avoids.side, Side::Black);
        assert!(avoids.count >= 1 && avoids.count < avoids.alternatives);
        let said = text(&english(), &r);
        let safe = "Hint: e5-e4 keeps your pieces safe, where ";
        assert!(said.starts_with(safe), "{said}");
        assert!(
            said.contains("(the worst would let Black turn over"),
            "{said}"
        );
    }

    #[test]
    fn the_line_names_what_the_move_does_in_both_languages() {
        let block = HintReason {
            game: GameId::Neihuang,
            side: Side::Black,
            action: actions("c3-c2")[0],
            gains: Some(Gain::Block { captures: 1 }),
            stops: None,
            ahead: None,
            avoids: None,
            parity: None,
            line: Vec::new(),
            value: None,
            exact: false,
        };
        assert_eq!(
            text(&english(), &block),
            "Hint: c3-c2 completes a 2×2 block: take 1 piece."
        );
        let stop = HintReason {
            action: actions("b4")[0],
            gains: None,
            stops: Some((Side::White, Gain::Takes(2))),
            ..block.clone()
        };
        assert_eq!(
            text(&english(), &stop),
            "Hint: b4 stops White taking 2 pieces."
        );
        let zh = I18n::new(crate::app::i18n::Language::Chinese);
        assert!(text(&zh, &block).contains("c3-c2"));
    }

    #[test]
    fn a_sentence_without_a_line_of_its_own_names_the_actions_drawn_after_the_hint() {
        // Wu Dao: d3 stops White's flank; the engine expects five more placements.
        let state = after(GameId::Wudao, "e3 c2 c3 a3");
        let r = why(&state, "d3", "b3 d4 b2 d2 e4");
        assert_eq!(r.said_line().len(), EXPECTED_SAID);
        assert_eq!(
            text(&english(), &r),
            "Hint: d3 stops White taking 2 pieces. Expected next: (2) b3, (3) d4, (4) b2."
        );
        let zh = I18n::new(crate::app::i18n::Language::Chinese);
        assert!(
            text(&zh, &r).contains("（2）b3、（3）d4、（4）b2"),
            "{}",
            text(&zh, &r)
        );
    }
}
