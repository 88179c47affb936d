//! What the game screen shows of a [`Session`]: the board scene (position, last turn,
//! selection, what may be clicked) and the turns of the move list.

use super::Session;
use crate::app::board::{BoardScene, Eligible};
use crate::rules::{Action, Decision, Effects, Point, Side};
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
                });
            }
            if let Some(turn) = turns.last_mut() {
                turn.actions.push((i, action));
            }
            starts_turn = effects.turn_over;
        }
        turns
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
                    scene.clickable = legal
                        .iter()
                        .filter_map(|a| match *a {
                            Action::Move(from, _) => Some(from),
                            _ => None,
                        })
                        .collect();
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
            scene.hint = self.hint;
            if let Some(values) = self.hint_values() {
                scene.values = value_labels(values, self.selected);
            }
        }
        scene
    }
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

    #[test]
    fn turns_group_a_move_with_its_captures() {
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
        let moves = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1 \
                     xb4 xa5 xc4 d4-c4 b5-b4 xd5";
        let actions: Vec<Action> = moves
            .split_whitespace()
            .map(|text| Action::parse(text).unwrap_or(Action::Timeout))
            .collect();
        s.play_through(&actions);
        assert_eq!(s.game().len(), actions.len());
        let turns = s.turns();
        let last = turns.last().map(|t| (t.side, t.actions.len()));
        assert_eq!(last, Some((Side::Black, 2)));
        // Black's pull and the yield that followed it are one turn too.
        let pull = &turns[turns.len() - 3];
        assert_eq!(pull.side, Side::Black);
        assert_eq!(pull.actions.len(), 2);
    }
}
