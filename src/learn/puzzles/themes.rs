//! What a puzzle's solution does, as themes a player can choose: read from what each of the
//! solver's actions did under the rules (`rules::explain`) and from the shape of the line.

use crate::rules::explain::{Event, explain};
use crate::rules::{Action, Game, GameId, Side};

/// One theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Neihuang: a 2×2 square captures.
    Square,
    /// Neihuang: a line of five captures three.
    Line,
    /// Neihuang: the solution starts with the pull.
    Pull,
    /// Neihuang: a yield is part of the solution.
    Yield,
    /// Flying: a pincer turns a piece over.
    Pincer,
    /// Flying: an insertion turns two pieces over.
    Insertion,
    /// Wu Dao: a flank captures.
    Flank,
    /// Wu Dao: a counter-capture takes two.
    Counter,
    /// Wu Dao: the last placements, decided by who places last.
    Parity,
    /// The first move takes nothing: it meets a threat, or holds the draw.
    Defence,
    /// Three solver turns or more.
    Long,
}

impl Theme {
    /// Every theme, in the order of their bits in a file.
    pub const ALL: [Theme; 11] = [
        Theme::Square,
        Theme::Line,
        Theme::Pull,
        Theme::Yield,
        Theme::Pincer,
        Theme::Insertion,
        Theme::Flank,
        Theme::Counter,
        Theme::Parity,
        Theme::Defence,
        Theme::Long,
    ];

    /// The theme's id, on the command line, in exported files and in locale keys.
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Square => "square",
            Theme::Line => "line",
            Theme::Pull => "pull",
            Theme::Yield => "yield",
            Theme::Pincer => "pincer",
            Theme::Insertion => "insertion",
            Theme::Flank => "flank",
            Theme::Counter => "counter",
            Theme::Parity => "parity",
            Theme::Defence => "defence",
            Theme::Long => "long",
        }
    }

    /// Parses an id.
    pub fn parse(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == text)
    }

    /// The themes a puzzle of `game` can have.
    pub fn of_game(game: GameId) -> Vec<Theme> {
        let own: &[Theme] = match game {
            GameId::Neihuang => &[Theme::Square, Theme::Line, Theme::Pull, Theme::Yield],
            GameId::Flying => &[Theme::Pincer, Theme::Insertion],
            GameId::Wudao => &[Theme::Flank, Theme::Counter, Theme::Parity],
        };
        own.iter()
            .copied()
            .chain([Theme::Defence, Theme::Long])
            .collect()
    }

    /// Whether a puzzle of `game` can have this theme.
    pub fn of_game_is(self, game: GameId) -> bool {
        Theme::of_game(game).contains(&self)
    }

    fn bit(self) -> u16 {
        1 << Theme::ALL.iter().position(|&t| t == self).unwrap_or(0)
    }
}

/// A set of themes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Themes(u16);

impl Themes {
    /// The set with these bits (unknown bits are dropped).
    pub fn from_bits(bits: u16) -> Themes {
        Themes(bits & ((1 << Theme::ALL.len()) - 1))
    }

    /// Its bits.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Adds a theme.
    pub fn insert(&mut self, theme: Theme) {
        self.0 |= theme.bit();
    }

    /// Whether it holds a theme.
    pub fn contains(self, theme: Theme) -> bool {
        self.0 & theme.bit() != 0
    }

    /// Its themes, in order.
    pub fn iter(self) -> impl Iterator<Item = Theme> {
        Theme::ALL.into_iter().filter(move |&t| self.contains(t))
    }
}

/// The themes of the line `line` played from `start` by `solver`; `exact_end` says that the
/// last placements were decided exactly (Wu Dao's solver), `saves` that the goal is to hold.
pub fn of_line(start: &Game, line: &[Action], exact_end: bool, saves: bool) -> Themes {
    let mut themes = Themes::default();
    let mut game = start.clone();
    let Some(solver) = game.state().to_act() else {
        return themes;
    };
    let mut solver_turns = 0;
    let mut first_takes = None;
    for (i, &action) in line.iter().enumerate() {
        let before = *game.state();
        let starts_turn = game.at_turn_start();
        let Ok(effects) = game.apply(action) else {
            break;
        };
        if effects.actor != solver {
            continue;
        }
        if starts_turn {
            solver_turns += 1;
        }
        let event = explain(&before, &effects);
        if i == 0 && matches!(event, Event::Pulled) {
            themes.insert(Theme::Pull);
        }
        match &event {
            Event::Shapes { shapes, .. } => {
                for shape in shapes {
                    themes.insert(match shape {
                        crate::rules::explain::Shape::Block(_) => Theme::Square,
                        crate::rules::explain::Shape::Line(_) => Theme::Line,
                    });
                }
            }
            Event::Yielded => themes.insert(Theme::Yield),
            Event::Flipped {
                pincers,
                insertions,
            } => {
                if !pincers.is_empty() {
                    themes.insert(Theme::Pincer);
                }
                if !insertions.is_empty() {
                    themes.insert(Theme::Insertion);
                }
            }
            Event::Taken { flanks, counters } => {
                if !flanks.is_empty() {
                    themes.insert(Theme::Flank);
                }
                if !counters.is_empty() {
                    themes.insert(Theme::Counter);
                }
            }
            _ => {}
        }
        if first_takes.is_none() {
            first_takes = Some(effects.changed_material() || !matches!(event, Event::Quiet));
        }
    }
    if exact_end {
        themes.insert(Theme::Parity);
    }
    if solver_turns >= 3 {
        themes.insert(Theme::Long);
    }
    if saves || (first_takes == Some(false) && threatened(start, solver)) {
        themes.insert(Theme::Defence);
    }
    themes
}

/// Whether the opponent could take or turn a piece of `solver`'s at once if `solver` passed
/// (its turn timed out).
fn threatened(start: &Game, solver: Side) -> bool {
    let mut game = start.clone();
    if game.apply(Action::Timeout).is_err() || game.state().to_act() != Some(solver.other()) {
        return false;
    }
    let before = *game.state();
    before.legal_vec().into_iter().any(|a| {
        let mut after = before;
        after.apply(a).is_ok_and(|e| {
            e.flipped != 0 || (e.removed != 0 && e.removed_owner == Some(solver)) || e.owed > 0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_actions;

    fn game(id: GameId, moves: &str) -> Game {
        let mut g = Game::new(id);
        for a in parse_actions(moves).expect("notation") {
            g.apply(a).expect("legal");
        }
        g
    }

    #[test]
    fn a_flank_and_a_pincer_are_named() {
        // Wu Dao: Black places b1 next to a1 with White on c1: a flank takes c1.
        let start = game(GameId::Wudao, "a1 c1 e5");
        let line = parse_actions("b1").expect("notation");
        let themes = of_line(&start, &line, false, false);
        assert!(themes.contains(Theme::Flank), "{themes:?}");
        assert!(!themes.contains(Theme::Counter));
        // Flying: a3 Black, b3 White; c1-c3 lands beside b3 with a3 beyond it: a pincer.
        let start = game(GameId::Flying, "a1-a3 b5-b3");
        let themes = of_line(
            &start,
            &parse_actions("c1-c3").expect("notation"),
            false,
            false,
        );
        assert!(themes.contains(Theme::Pincer), "{themes:?}");
        assert!(!themes.contains(Theme::Insertion));
    }

    #[test]
    fn themes_round_trip_through_bits() {
        let mut t = Themes::default();
        t.insert(Theme::Long);
        t.insert(Theme::Square);
        assert_eq!(Themes::from_bits(t.bits()), t);
        assert_eq!(t.iter().collect::<Vec<_>>(), [Theme::Square, Theme::Long]);
        assert_eq!(Theme::parse("counter"), Some(Theme::Counter));
    }
}
