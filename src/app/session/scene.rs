//! What the game screen shows of a [`Session`]: the board scene (position, last turn, what
//! explains it, selection, what may be clicked), the turns of the move list and the story of
//! the last turn for the side panel.

use super::Session;
use crate::app::board::{BoardScene, Eligible};
use crate::app::overlay::overlays;
use crate::rules::explain::{Event, blocked_side, explain};
use crate::rules::{Action, Decision, Effects, Point, Side, State};
use crate::tablebase::Value;

/// One turn of the move list: the side and its actions with their indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// 1 for the first turn.
    pub number: usize,
    /// The side that played the turn.
    pub side: Side,
    /// Indices into the game's actions, in order.
    pub actions: Vec<(usize, Action)>,
    /// What each of the actions did, in the same order.
    pub events: Vec<Event>,
}

/// What the last turn shown did, for the side panel to tell in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Story {
    /// The side whose turn it was.
    pub side: Side,
    /// Its actions so far and what each did.
    pub steps: Vec<(Action, Event)>,
    /// Whether the turn is over (else captures or a yield are still to come).
    pub complete: bool,
    /// The side that has no move, when the side to act must give up a piece for it.
    pub blocked: Option<Side>,
}

impl Session {
    /// The turns of the game, for the move list.
    pub fn turns(&self) -> Vec<Turn> {
        let mut turns: Vec<Turn> = Vec::new();
        let mut starts_turn = true;
        for (i, (action, effects)) in self.game.actions().zip(self.game.effects()).enumerate() {
            if starts_turn {
                turns.push(Turn {
                    number: turns.len() + 1,
                    side: effects.actor,
                    actions: Vec::new(),
                    events: Vec::new(),
                });
            }
            if let Some(turn) = turns.last_mut() {
                turn.actions.push((i, action));
                turn.events.push(explain(self.game.state_after(i), effects));
            }
            starts_turn = effects.turn_over;
        }
        turns
    }

    /// The story of the last turn up to the shown position (the one under way, or the one
    /// just played), or `None` before the first action.
    pub fn story(&self) -> Option<Story> {
        let len = self.shown_len();
        let range = self.last_turn_range(len);
        let effects: Vec<&Effects> = self.game.effects().take(len).collect();
        let first = effects.get(range.start)?;
        let steps = range
            .clone()
            .map(|i| {
                (
                    effects[i].action,
                    explain(self.game.state_after(i), effects[i]),
                )
            })
            .collect();
        Some(Story {
            side: first.actor,
            steps,
            complete: effects[range.end - 1].turn_over,
            blocked: blocked_side(self.shown_state()),
        })
    }

    /// How strongly the board shows what the last turn did at UI time `now`: fully in review,
    /// and in play from the turn's first action until the next turn begins (fading in with
    /// animations on).
    fn spotlight_strength(&self, now: f64) -> Option<f32> {
        if self.review.is_some() {
            return Some(1.0);
        }
        match self.spotlight {
            Some(spotlight) => Some(spotlight.strength(now)),
            // A turn left unfinished (a demonstration, a resumed game) is shown as it is.
            None => (!self.game.at_turn_start() && !self.is_over()).then_some(1.0),
        }
    }

    /// The numbers of actions at which a turn is complete, from 0 (the start) to the whole
    /// game: the positions review steps through.
    pub fn turn_boundaries(&self) -> Vec<usize> {
        let mut boundaries = vec![0];
        boundaries.extend(self.game.turn_ends().map(|i| i + 1));
        if boundaries.last() != Some(&self.game.len()) {
            boundaries.push(self.game.len());
        }
        boundaries
    }

    /// In review mode: the number of turns shown and the number in the game, as the move
    /// list numbers them.
    pub fn review_turn(&self) -> Option<(usize, usize)> {
        let n = self.review?;
        let boundaries = self.turn_boundaries();
        let shown = boundaries.iter().filter(|&&b| b > 0 && b <= n).count();
        Some((shown, boundaries.len() - 1))
    }

    /// Whether the side to act in the position shown has already captured in this turn (its
    /// last action took a piece it was owed), so that what it still owes is "more".
    pub fn captured_this_turn(&self) -> bool {
        let n = self.shown_len();
        n > 0
            && matches!(
                self.game.state_after(n - 1).decision(),
                Some(Decision::Capture { .. })
            )
    }

    /// In review mode: the number of actions at the end of the next turn (`forward`) or the
    /// previous one; where it is already at an end of the game, that end.
    pub fn review_step(&self, forward: bool) -> usize {
        self.review_step_from(self.shown_len(), forward)
    }

    /// The number of actions at the end of the turn after (`forward`) or before the position
    /// after `n` actions; where that is an end of the game, that end.
    pub fn review_step_from(&self, n: usize, forward: bool) -> usize {
        let boundaries = self.turn_boundaries();
        let found = if forward {
            boundaries.iter().copied().find(|&b| b > n)
        } else {
            boundaries.iter().copied().rfind(|&b| b < n)
        };
        found.unwrap_or(n)
    }

    /// The actions of the turn that ended last at `len` actions (or is under way), for the
    /// last-move markers.
    fn last_turn_range(&self, len: usize) -> std::ops::Range<usize> {
        let effects: Vec<&Effects> = self.game.effects().take(len).collect();
        if effects.is_empty() {
            return 0..0;
        }
        let mut start = len - 1;
        while start > 0 && !effects[start - 1].turn_over {
            start -= 1;
        }
        start..len
    }

    /// The actions of the line named after the hint that the board draws, each with whether
    /// it is the hint's side's own (see [`drawable_line`]).
    pub fn drawn_hint_line(&self) -> Vec<(Action, bool)> {
        match self.hint() {
            Some(hint) => drawable_line(self.shown_state(), hint, self.hint_line()),
            None => Vec::new(),
        }
    }

    /// The scene the board should draw now.
    pub fn scene(&self, now: f64, flipped: bool, coordinates: bool) -> BoardScene {
        let state = self.shown_state();
        let mut scene = BoardScene::of_state(state);
        scene.flipped = flipped;
        scene.coordinates = coordinates;
        scene.now = now;
        let len = self.shown_len();
        let actions = self.game.action_list();
        let range = self.last_turn_range(len);
        let effects: Vec<Effects> = self.game.effects().copied().collect();
        for i in range {
            match actions[i] {
                Action::Move(from, to) => {
                    scene.last_from = Some(from);
                    scene.last_to.push(to);
                }
                Action::Place(p) => scene.last_to.push(p),
                Action::Remove(_) | Action::Timeout => {}
            }
            for p in Point::ALL {
                if effects[i].removed & (1 << p.index()) != 0 {
                    scene.last_removed.push(p);
                }
            }
        }
        if let Some(strength) = self.spotlight_strength(now) {
            for i in self.last_turn_range(len) {
                let event = explain(self.game.state_after(i), &effects[i]);
                scene.overlays.extend(overlays(&event, &effects[i]));
            }
            scene.overlay_alpha = strength;
        }
        if self.review.is_none() {
            scene.animations = self.animations.clone();
        }
        if self.human_to_act() {
            let legal = state.legal_vec();
            match state.decision() {
                Some(Decision::Pull | Decision::Capture { .. }) => {
                    scene.eligible = removals(&legal);
                    scene.eligible_kind = Eligible::Enemy;
                    scene.clickable = scene.eligible.clone();
                }
                Some(Decision::Yield) => {
                    scene.eligible = removals(&legal);
                    scene.eligible_kind = Eligible::Own;
                    scene.clickable = scene.eligible.clone();
                }
                Some(Decision::Place) => {
                    scene.clickable = Point::ALL
                        .into_iter()
                        .filter(|p| state.piece_at(*p).is_none())
                        .collect();
                }
                Some(Decision::Move) => {
                    scene.moves = legal
                        .iter()
                        .filter_map(|a| match *a {
                            Action::Move(from, to) => Some((from, to)),
                            _ => None,
                        })
                        .collect();
                    scene.clickable = scene.moves.iter().map(|(from, _)| *from).collect();
                    scene.clickable.dedup();
                    if let Some(from) = self.selected {
                        scene.selected = Some(from);
                        scene.destinations = legal
                            .iter()
                            .filter_map(|a| match *a {
                                Action::Move(f, to) if f == from => Some(to),
                                _ => None,
                            })
                            .collect();
                        scene.clickable.extend(scene.destinations.iter().copied());
                    }
                }
                None => {}
            }
            scene.hint = self.hint();
            // The line expected after it: the person's own actions and the opponent's.
            scene.hint_line = self.drawn_hint_line();
            if let Some(values) = self.hint_values() {
                scene.values = value_labels(values, self.selected);
            }
        }
        scene
    }
}

/// The actions of the line named after `hint` that the board draws, each with whether it is
/// the hint's side's own: as far as each reads plainly on the board as it is now. An arrow across a piece, one over an arrow already
/// drawn (a piece going back, or on along the same row), a ring on a ring, or a placement
/// on a point a piece stands on (to be taken before) would confuse,
/// so the line stops before it (the sentence still tells all of it).
pub fn drawable_line(state: &State, hint: Action, line: &[(Action, Side)]) -> Vec<(Action, bool)> {
    let me = state.to_act();
    let mut drawn = vec![hint];
    let mut shown = Vec::new();
    for &(action, side) in line {
        let plain = match action {
            Action::Move(from, to) => {
                let crosses = between(from, to).any(|p| state.piece_at(p).is_some());
                let over = drawn.iter().any(|d| match *d {
                    Action::Move(a, b) => shared_path(a, b, from, to) >= 2,
                    _ => false,
                });
                !crosses && !over
            }
            // A placement on a point a piece stands on now (one taken before it comes).
            Action::Place(p) if state.piece_at(p).is_some() => false,
            Action::Place(p) | Action::Remove(p) => !drawn.iter().any(|d| match *d {
                Action::Place(q) | Action::Remove(q) => q == p,
                _ => false,
            }),
            Action::Timeout => false,
        };
        if !plain {
            break;
        }
        drawn.push(action);
        shown.push((action, Some(side) == me));
    }
    shown
}

/// The points strictly between two points of one row or column (none for others).
fn between(from: Point, to: Point) -> impl Iterator<Item = Point> {
    path(from, to).filter(move |p| *p != from && *p != to)
}

/// The points from `from` to `to` along their row or column, both ends included (only the
/// ends for points on neither).
fn path(from: Point, to: Point) -> impl Iterator<Item = Point> {
    let (c0, r0, c1, r1) = (from.column(), from.row(), to.column(), to.row());
    Point::ALL.into_iter().filter(move |p| {
        let (c, r) = (p.column(), p.row());
        let within = |x: u8, a: u8, b: u8| a.min(b) <= x && x <= a.max(b);
        *p == from
            || *p == to
            || (r0 == r1 && r == r0 && within(c, c0, c1))
            || (c0 == c1 && c == c0 && within(r, r0, r1))
    })
}

/// How many points the paths of two moves share: two or more means they are drawn over
/// each other.
fn shared_path(a: Point, b: Point, c: Point, d: Point) -> usize {
    let first: Vec<Point> = path(a, b).collect();
    path(c, d).filter(|p| first.contains(p)).count()
}

/// A label on each point a move can reach: the best value among the moves there (of the
/// selected piece only, when one is selected).
fn value_labels(values: &[(Action, Value)], selected: Option<Point>) -> Vec<(Point, Value)> {
    let mut best: Vec<(Point, Value)> = Vec::new();
    for &(action, value) in values {
        let Action::Move(from, to) = action else {
            continue;
        };
        if selected.is_some_and(|s| s != from) {
            continue;
        }
        match best.iter_mut().find(|(p, _)| *p == to) {
            Some(entry) if better(value, entry.1) => entry.1 = value,
            Some(_) => {}
            None => best.push((to, value)),
        }
    }
    best
}

/// Whether `a` is a better value than `b` for the side that plays it: a quicker win, then a
/// draw, then a slower loss.
fn better(a: Value, b: Value) -> bool {
    let rank = |v: Value| match v {
        Value::Win(d) => 2_000 - i64::from(d),
        Value::Draw => 0,
        Value::Loss(d) => -2_000 + i64::from(d),
    };
    rank(a) > rank(b)
}

fn removals(legal: &[Action]) -> Vec<Point> {
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Remove(p) => Some(p),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::app::clock::ManualTime;
    use crate::app::session::Session;
    use crate::app::settings::{ClockSetting, Opponent, Setup};
    use crate::rules::{Action, Game, GameId, Side};

    /// The Neihuang board filled, 13 Black and 12 White pieces.
    const FILL: &str = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 \
                        d1 e1";

    /// A hot-seat Neihuang game after `moves`.
    fn neihuang_after(moves: &str) -> Session {
        let setup = Setup {
            game: GameId::Neihuang,
            opponent: Opponent::Human,
            clock: ClockSetting::Off,
        };
        let mut s = Session::new(
            setup,
            None,
            Game::new(GameId::Neihuang),
            ManualTime::new().source(),
        );
        let actions: Vec<Action> = moves
            .split_whitespace()
            .map(|text| Action::parse(text).unwrap_or(Action::Timeout))
            .collect();
        s.play_through(&actions);
        s
    }

    #[test]
    fn the_pieces_still_owed_are_more_only_once_one_was_taken() {
        use crate::app::i18n::{I18n, Language};
        use crate::app::text::instruction;
        use crate::rules::neihuang::{self, Phase};
        use crate::rules::{Point, State, board};
        let bits = |points: &str| {
            points
                .split_whitespace()
                .filter_map(Point::parse)
                .fold(0, |acc, p| acc | board::bit(p))
        };
        // Black's c3-c2 completes two squares (b1–c2 and c1–d2): two captures owed.
        let start = neihuang::State::from_parts(
            [bits("c3 b2 d2 b1 c1 d1"), bits("a5 b5 e5 a4 b4 e4")],
            [0, 0],
            Phase::Movement,
            Side::Black,
        )
        .map(State::Neihuang)
        .expect("a position");
        let setup = Setup {
            game: GameId::Neihuang,
            opponent: Opponent::Human,
            clock: ClockSetting::Off,
        };
        let game = Game::from_state(start);
        let mut s = Session::new(setup, None, game, ManualTime::new().source());
        let en = I18n::new(Language::English);
        let said = |s: &Session| instruction(&en, s.shown_state(), s.captured_this_turn());
        assert!(!s.captured_this_turn());
        s.play_through(&[Action::parse("c3-c2").expect("an action")]);
        assert_eq!(said(&s), "Black: capture 2 pieces (any White pieces)");
        s.play_through(&[Action::parse("xa5").expect("an action")]);
        assert_eq!(said(&s), "Black: capture 1 more piece (any White piece)");
    }

    #[test]
    fn the_board_explains_a_turn_until_the_next_one_begins() {
        use crate::app::overlay::{Overlay, Pattern};
        use crate::app::session::Moment;
        use crate::rules::Point;
        let mut s = neihuang_after(&format!("{FILL} xb4 xa5 xc4 d4-c4"));
        let pt = |name| Point::parse(name).unwrap_or(Point::ALL[0]);
        let at = |ui_time| Moment {
            ui_time,
            animate: false,
            pace: 1.0,
        };
        // Black steps b5-b4 and closes a3–b4: the square shows while the capture is owed.
        let _ = s.click(pt("b5"), at(10.0));
        let _ = s.click(pt("b4"), at(10.0));
        let square = Overlay::Outline {
            corners: [pt("a3"), pt("b4")],
            pattern: Pattern::Shape,
        };
        assert_eq!(s.scene(100.0, false, true).overlays, [square]);
        // Once the capture is made, the square and the piece taken stay, however long the
        // next turn takes to begin.
        let _ = s.click(pt("d5"), at(200.0));
        let taken = [square, Overlay::Removed(pt("d5"))];
        for later in [201.0, 5000.0] {
            let scene = s.scene(later, false, true);
            assert_eq!(
                (scene.overlays.as_slice(), scene.overlay_alpha),
                (&taken[..], 1.0)
            );
        }
        assert!(!s.is_spotlight_fading(201.0));
        // In review it shows at the end of that turn, for as long as it is looked at.
        s.review_from_end();
        s.review_to(s.game().len());
        assert_eq!(s.scene(500.0, false, true).overlays, taken);
        // The next turn's first action takes its place.
        s.exit_review();
        let _ = s.click(pt("e5"), at(6000.0));
        let _ = s.click(pt("d5"), at(6000.0));
        assert!(!s.scene(6001.0, false, true).overlays.contains(&square));
    }

    #[test]
    fn the_hints_line_stops_before_an_arrow_that_would_read_wrongly() {
        use super::drawable_line;
        use crate::rules::State;
        let act = |t: &str| Action::parse(t).unwrap_or(Action::Timeout);
        let state = State::start(GameId::Flying);
        let line = |moves: &[(&str, Side)]| -> Vec<(Action, Side)> {
            moves.iter().map(|&(m, s)| (act(m), s)).collect()
        };
        // Black's a1-a3: White's e5-e2 and Black's a3-e3 read plainly.
        let plain = line(&[("e5-e2", Side::White), ("a3-e3", Side::Black)]);
        assert_eq!(
            drawable_line(&state, act("a1-a3"), &plain),
            [(act("e5-e2"), false), (act("a3-e3"), true)]
        );
        // The piece going back over its own arrow, and what follows it, are not drawn.
        let back = line(&[("a3-a1", Side::Black), ("e5-e2", Side::White)]);
        assert!(drawable_line(&state, act("a1-a3"), &back).is_empty());
        // An arrow across a piece on the board now (b1 stands between a1 and c1).
        let across = line(&[("e5-e2", Side::White), ("a1-c1", Side::Black)]);
        assert_eq!(
            drawable_line(&state, act("b1-b3"), &across),
            [(act("e5-e2"), false)]
        );
        // A placement where a piece stands now (in Wu Dao, once it is taken).
        let mut wudao = State::start(GameId::Wudao);
        let _ = wudao.apply(act("c3"));
        let again = line(&[("d4", Side::Black), ("c3", Side::White)]);
        assert_eq!(
            drawable_line(&wudao, act("b3"), &again),
            [(act("d4"), false)]
        );
    }

    #[test]
    fn turns_group_a_move_with_its_captures() {
        let mut s = neihuang_after(&format!("{FILL} xb4 xa5 xc4 d4-c4 b5-b4 xd5"));
        assert_eq!(s.game().len(), 31);
        let turns = s.turns();
        let last = turns.last().map(|t| (t.side, t.actions.len()));
        assert_eq!(last, Some((Side::Black, 2)));
        // Black's pull and the yield that followed it are one turn too.
        let pull = &turns[turns.len() - 3];
        assert_eq!(pull.side, Side::Black);
        assert_eq!(pull.actions.len(), 2);
        // Review steps through the same turns: 29 of them, the last two actions long.
        s.review_from_end();
        assert_eq!(s.review_turn(), Some((turns.len(), turns.len())));
        s.review_to(0);
        assert_eq!(s.review_turn(), Some((0, turns.len())));
        s.review_to(s.game().len() - 1);
        assert_eq!(
            s.shown_len(),
            s.game().len() - 2,
            "back to the turn's start"
        );
        assert_eq!(s.review_step(true), s.game().len());
        assert_eq!(s.review_step(false), s.game().len() - 3);
        assert_eq!(s.review_turn(), Some((turns.len() - 1, turns.len())));
    }
}
