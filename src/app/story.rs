//! The side panel's sentence about the last turn, in the interface language: what was placed
//! or moved, which shape earned captures and how many, which pieces flipped or were taken and
//! by which rule, what was pulled or given up, who is blocked, and what a timeout forfeited.
//! It is built from the rules' own account of each action ([`explain`](crate::rules::explain)).

use std::fmt::Display;

use super::i18n::I18n;
use super::session::Story;
use super::text::side_name;
use crate::rules::board::{self, Bits};
use crate::rules::explain::{Event, Forfeit, Line, Shape};
use crate::rules::{Action, Point, Side};

/// `black` or `white`, as an adjective ("3 black pieces").
fn colour(i18n: &I18n, side: Side) -> &str {
    match side {
        Side::Black => i18n.t("colour.black"),
        Side::White => i18n.t("colour.white"),
    }
}

/// "1 white piece", "3 black pieces".
pub fn pieces(i18n: &I18n, n: usize, side: Side) -> String {
    let key = if n == 1 {
        "explain.pieces_one"
    } else {
        "explain.pieces_many"
    };
    i18n.format(key, &[("n", &n), ("colour", &colour(i18n, side))])
}

/// Items joined the way the language lists them: "a", "a and b", "a, b and c".
fn list(i18n: &I18n, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => {
            let head = rest.join(i18n.t("explain.list_comma"));
            i18n.format("explain.pair", &[("a", &head), ("b", last)])
        }
    }
}

/// The points of a set, lowest first, as a list.
fn point_list(i18n: &I18n, set: Bits) -> String {
    let names: Vec<String> = board::points(set).map(|p| p.to_string()).collect();
    list(i18n, &names)
}

/// The set of two points.
fn both(points: [Point; 2]) -> Bits {
    board::bit(points[0]) | board::bit(points[1])
}

/// "the square b2–c3", "row 2", "column c".
fn shape_name(i18n: &I18n, shape: Shape) -> String {
    match shape {
        Shape::Block(corner) => {
            let far = board::points(shape.points()).last().unwrap_or(corner);
            i18n.format("explain.block", &[("from", &corner), ("to", &far)])
        }
        Shape::Line(line @ Line::Row(_)) => i18n.format("explain.row", &[("n", &line.label())]),
        Shape::Line(line @ Line::Column(_)) => {
            i18n.format("explain.column", &[("c", &line.label())])
        }
    }
}

/// The sentence for a story: its first action (with what the turn's captures came to), a
/// yield made in it, and who is blocked now.
pub fn story_text(i18n: &I18n, story: &Story) -> String {
    let side = story.side;
    let me = side_name(i18n, side);
    let enemy = side_name(i18n, side.other());
    let mut sentences = Vec::new();
    if let Some((action, event)) = story.steps.first() {
        sentences.push(opening(i18n, story, *action, event, me, enemy));
    }
    for (action, event) in story.steps.iter().skip(1) {
        match (event, action) {
            (Event::Yielded, Action::Remove(p)) => sentences.push(yielded(i18n, side, *p)),
            (
                Event::TimedOut {
                    forfeit,
                    engine_yield,
                },
                _,
            ) => sentences.push(timeout_text(i18n, side, *forfeit, *engine_yield)),
            _ => {}
        }
    }
    if let Some(blocked) = story.blocked {
        sentences.push(i18n.format(
            "explain.blocked",
            &[
                ("blocked", &side_name(i18n, blocked)),
                ("side", &side_name(i18n, blocked.other())),
                ("colour", &colour(i18n, blocked)),
            ],
        ));
    }
    sentences.retain(|s| !s.is_empty());
    join_sentences(i18n, sentences)
}

/// Sentences one after the other, as the language writes them (with a space in English).
fn join_sentences(i18n: &I18n, sentences: impl IntoIterator<Item = String>) -> String {
    sentences
        .into_iter()
        .reduce(|a, b| i18n.format("explain.then", &[("a", &a), ("b", &b)]))
        .unwrap_or_default()
}

fn yielded(i18n: &I18n, side: Side, p: Point) -> String {
    i18n.format(
        "explain.yielded",
        &[
            ("side", &side_name(i18n, side)),
            ("point", &p),
            ("enemy", &side_name(i18n, side.other())),
        ],
    )
}

/// The sentence of a turn's first action.
fn opening(
    i18n: &I18n,
    story: &Story,
    action: Action,
    event: &Event,
    me: &str,
    enemy: &str,
) -> String {
    let side = story.side;
    let format = |key: &str, extra: &[(&str, &dyn Display)]| {
        let mut args: Vec<(&str, &dyn Display)> = vec![("side", &me), ("enemy", &enemy)];
        args.extend_from_slice(extra);
        i18n.format(key, &args)
    };
    match (event, action) {
        (Event::Quiet, Action::Place(p)) => format("explain.placed", &[("point", &p)]),
        (Event::Quiet, Action::Move(from, to)) => {
            format("explain.moved", &[("from", &from), ("to", &to)])
        }
        (Event::Shapes { shapes, captures }, _) => {
            let names: Vec<String> = shapes.iter().map(|s| shape_name(i18n, *s)).collect();
            let shapes = list(i18n, &names);
            let taken = story
                .steps
                .iter()
                .filter(|(_, e)| matches!(e, Event::Captured { .. }))
                .count();
            let owed = story.steps.last().map_or(0, |(_, e)| match e {
                Event::Captured { remaining } => *remaining,
                Event::Shapes { captures, .. } => *captures,
                _ => 0,
            });
            let timed_out = story
                .steps
                .iter()
                .any(|(_, e)| matches!(e, Event::TimedOut { .. }));
            if (!story.complete && owed > 0) || timed_out || taken == 0 {
                let earned = pieces(i18n, usize::from(*captures), side.other());
                format(
                    "explain.shapes_owed",
                    &[("shapes", &shapes), ("pieces", &earned)],
                )
            } else {
                let took = pieces(i18n, taken, side.other());
                format(
                    "explain.shapes_done",
                    &[("shapes", &shapes), ("pieces", &took)],
                )
            }
        }
        (
            Event::Flipped {
                pincers,
                insertions,
            },
            Action::Move(from, to),
        ) => {
            let flipped = pincers.iter().fold(0, |acc, p| acc | board::bit(p.flipped))
                | insertions.iter().fold(0, |acc, i| {
                    acc | board::bit(i.flipped[0]) | board::bit(i.flipped[1])
                });
            let mut how: Vec<String> = pincers
                .iter()
                .map(|p| {
                    i18n.format(
                        "explain.pincer",
                        &[("flipped", &p.flipped), ("partner", &p.partner)],
                    )
                })
                .collect();
            how.extend(insertions.iter().map(|i| {
                let pair = point_list(i18n, both(i.flipped));
                i18n.format("explain.insertion", &[("pair", &pair)])
            }));
            let n = pieces(i18n, flipped.count_ones() as usize, side.other());
            format(
                "explain.flipped",
                &[
                    ("from", &from),
                    ("to", &to),
                    ("pieces", &n),
                    ("how", &how.join(i18n.t("explain.clause_gap"))),
                ],
            )
        }
        (Event::Taken { flanks, counters }, Action::Place(p)) => {
            let taken = flanks.iter().fold(0, |acc, f| acc | f.taken)
                | counters.iter().fold(0, |acc, c| acc | both(c.taken));
            let mut how: Vec<String> = flanks
                .iter()
                .map(|f| {
                    let key = if f.taken.count_ones() == 1 {
                        "explain.flank_one"
                    } else {
                        "explain.flank_two"
                    };
                    let own = point_list(i18n, both(f.own));
                    let taken = point_list(i18n, f.taken);
                    i18n.format(key, &[("own", &own), ("taken", &taken)])
                })
                .collect();
            how.extend(counters.iter().map(|c| {
                let pair = point_list(i18n, both(c.taken));
                i18n.format("explain.counter", &[("pair", &pair)])
            }));
            let back = if taken.count_ones() == 1 {
                "explain.back_one"
            } else {
                "explain.back_many"
            };
            let back = i18n.format(back, &[("enemy", &enemy)]);
            format(
                "explain.taken",
                &[
                    ("point", &p),
                    ("how", &how.join(i18n.t("explain.clause_gap"))),
                    ("back", &back),
                ],
            )
        }
        (Event::Pulled, Action::Remove(p)) => format(
            "explain.pulled",
            &[("point", &p), ("colour", &colour(i18n, side.other()))],
        ),
        (Event::Yielded, Action::Remove(p)) => yielded(i18n, side, p),
        (
            Event::TimedOut {
                forfeit,
                engine_yield,
            },
            _,
        ) => timeout_text(i18n, side, *forfeit, *engine_yield),
        _ => String::new(),
    }
}

/// "White's time ran out: the turn passes." and what it forfeited, and the piece the app gave
/// up for the side that timed out.
pub fn timeout_text(
    i18n: &I18n,
    side: Side,
    forfeit: Forfeit,
    engine_yield: Option<Point>,
) -> String {
    let passes = i18n.format("timeout.passes", &[("side", &side_name(i18n, side))]);
    let detail = match forfeit {
        Forfeit::Placement => Some(i18n.t("timeout.place").to_string()),
        Forfeit::Pull => Some(i18n.t("timeout.pull").to_string()),
        Forfeit::Move => Some(i18n.t("timeout.move").to_string()),
        Forfeit::Captures(0) | Forfeit::Yield => None,
        Forfeit::Captures(1) => Some(i18n.t("timeout.captures_one").to_string()),
        Forfeit::Captures(n) => Some(i18n.format("timeout.captures_many", &[("n", &n)])),
    };
    let yielded = engine_yield.map(|p| i18n.format("timeout.yielded", &[("point", &p)]));
    join_sentences(i18n, [Some(passes), detail, yielded].into_iter().flatten())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clock::ManualTime;
    use crate::app::i18n::Language;
    use crate::app::session::Session;
    use crate::app::settings::{ClockSetting, Opponent, Setup};
    use crate::rules::notation::parse_actions;
    use crate::rules::{Game, GameId};

    /// The story after `moves`, in both languages.
    fn told(game: GameId, moves: &str) -> [String; 2] {
        let setup = Setup {
            game,
            opponent: Opponent::Human,
            clock: ClockSetting::Off,
        };
        let mut s = Session::new(setup, None, Game::new(game), ManualTime::new().source());
        s.play_through(&parse_actions(moves).unwrap_or_default());
        let story = s.story().expect("a story");
        Language::ALL.map(|l| story_text(&I18n::new(l), &story))
    }

    const FILL: &str = "b5 a5 c5 d5 a4 e5 b4 d4 c4 e4 a3 c3 b3 d3 a2 e3 c2 b2 e2 d2 a1 b1 c1 \
                        d1 e1";

    #[test]
    fn neihuang_shapes_pulls_and_the_yield() {
        let [en, zh] = told(GameId::Neihuang, &format!("{FILL} xb4 xa5"));
        assert_eq!(
            en,
            "Black pulled the white piece on a5. White is blocked: Black must remove one of \
             its own pieces next to a white piece."
        );
        assert!(zh.contains("a5") && !zh.contains('{'), "{zh}");
        let [en, _] = told(GameId::Neihuang, &format!("{FILL} xb4 xa5 xc4"));
        assert_eq!(
            en,
            "Black pulled the white piece on a5. Black gave up c4 so that White can move."
        );
        let [en, zh] = told(GameId::Neihuang, &format!("{FILL} xb4 xa5 xc4 d4-c4 b5-b4"));
        assert_eq!(en, "Black completed the square a3–b4: take 1 white piece.");
        assert!(zh.contains("a3–b4"), "{zh}");
        let [en, _] = told(
            GameId::Neihuang,
            &format!("{FILL} xb4 xa5 xc4 d4-c4 b5-b4 xd5"),
        );
        assert_eq!(
            en,
            "Black completed the square a3–b4 and took 1 white piece."
        );
    }

    #[test]
    fn flying_flips_and_wudao_captures_name_the_rule() {
        let [en, _] = told(GameId::Flying, "b1-b3 a5-a2 b3-a3");
        assert_eq!(
            en,
            "Black moved b3–a3 and flipped 1 white piece: a2 in a pincer with a1."
        );
        let [en, zh] = told(GameId::Wudao, "a1 c1 b1");
        assert_eq!(
            en,
            "Black placed on b1: two against one, a1 and b1 take c1. It goes back to White's \
             hand."
        );
        assert!(zh.contains("二打一"), "{zh}");
        let [en, _] = told(GameId::Wudao, "b1 e3 d1 c1");
        assert_eq!(
            en,
            "White placed on c1: counter-capture of b1 and d1. They go back to Black's hand."
        );
        let [en, _] = told(GameId::Wudao, "c3");
        assert_eq!(en, "Black placed a piece on c3.");
    }

    #[test]
    fn a_line_and_two_shapes_at_once_are_named() {
        let i18n = I18n::new(Language::English);
        let line = Shape::Line(Line::Column(2));
        let story = |shapes: Vec<Shape>, captures| Story {
            side: Side::White,
            steps: vec![(Action::Timeout, Event::Shapes { shapes, captures })],
            complete: false,
            blocked: None,
        };
        assert_eq!(
            story_text(&i18n, &story(vec![line], 3)),
            "White completed column c: take 3 black pieces."
        );
        let square = Shape::Block(Point::ALL[6]);
        assert_eq!(
            story_text(&i18n, &story(vec![square, Shape::Line(Line::Row(1))], 4)),
            "White completed the square b2–c3 and row 2: take 4 black pieces."
        );
    }

    #[test]
    fn a_timeout_says_what_it_forfeited() {
        let [en, zh] = told(GameId::Flying, "timeout");
        assert_eq!(
            en,
            "Black's time ran out: the turn passes. No move is made."
        );
        assert!(!zh.contains('{'), "{zh}");
        let [en, _] = told(GameId::Neihuang, &format!("{FILL} timeout"));
        assert_eq!(
            en,
            "White's time ran out: the turn passes. The pull is forfeited."
        );
    }
}
