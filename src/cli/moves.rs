//! `--moves`: the action list of a command, parsed and replayed once into a [`Replayed`]
//! game, from which every command reads what it needs (the position, the keys of the
//! positions before it, the count of quiet turns, or the game with its draws).

use crate::rules::notation::parse_actions;
use crate::rules::{Action, Game, GameId, IllegalAction, State};

use super::CliError;

/// Whether a replay stops where the draw rules end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRules {
    /// The game ends at a draw by repetition or by the 100-turn rule, as `replay` plays it:
    /// an action after it is refused.
    Apply,
    /// The game's own rules only, as perft, `legal`, `probe` and `bestmove` play it: a game
    /// may be played on past a draw by the rules.
    Ignore,
}

/// A move list replayed from the start: the position it leads to, with what the draw rules
/// and the computer need to know of the way there.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game under all its rules, as far as the draw rules let it go.
    game: Game,
    /// The position after every action.
    state: State,
    /// The keys of the positions before `state`, one per action, for the repetition rule.
    history: Vec<u128>,
    /// Turns in a row without a capture or a flip, up to `state`.
    quiet_turns: u16,
}

impl Replayed {
    /// Parses `moves` (none is the start position) and plays them from the start of `game`.
    /// The first action that is not in the notation, or that the rules refuse, is the error,
    /// named by its place in the list.
    pub fn new(game: GameId, moves: Option<&str>, rules: DrawRules) -> Result<Replayed, CliError> {
        let actions = parse_actions(moves.unwrap_or(""))?;
        let mut played = Game::new(game);
        let mut state = *played.state();
        let mut history = Vec::with_capacity(actions.len());
        // Once the draw rules have ended the game, the quiet turns are counted here: a turn
        // that changes no side's number of pieces adds one, any other starts again.
        let mut past_end: Option<(u16, bool)> = None;
        for (i, &action) in actions.iter().enumerate() {
            let illegal = |reason| illegal_at(i, action, reason);
            history.push(state.key());
            if past_end.is_none() && played.status().is_over() && rules == DrawRules::Ignore {
                past_end = Some((played.quiet_turns(), false));
            }
            match &mut past_end {
                None => {
                    played.apply(action).map_err(illegal)?;
                    state = *played.state();
                }
                Some((quiet, changed)) => {
                    let (side, counts) = (state.to_act(), state.counts());
                    state.apply(action).map_err(illegal)?;
                    *changed |= state.counts() != counts;
                    if state.to_act() != side {
                        *quiet = if *changed { 0 } else { quiet.saturating_add(1) };
                        *changed = false;
                    }
                }
            }
        }
        let quiet_turns = past_end.map_or_else(|| played.quiet_turns(), |(quiet, _)| quiet);
        Ok(Replayed {
            game: played,
            state,
            history,
            quiet_turns,
        })
    }

    /// The position after every action.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The game under all its rules. With [`DrawRules::Apply`] it holds every action; with
    /// [`DrawRules::Ignore`] it stops where the draw rules ended it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Takes the game (see [`Replayed::game`]).
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The keys of the positions before the current one, one per action.
    pub fn history(&self) -> &[u128] {
        &self.history
    }

    /// Turns played in a row without a capture or a flip, as the 100-turn rule counts them,
    /// going on past a draw by the rules.
    pub fn quiet_turns(&self) -> u16 {
        self.quiet_turns
    }
}

/// The error for the `i`-th (from 0) of the `--moves` actions.
fn illegal_at(i: usize, action: Action, reason: IllegalAction) -> CliError {
    CliError::IllegalMove {
        index: i + 1,
        action,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the turns since the last flip by replaying with the pieces counted (each Flying
    /// action is a turn).
    fn counted(moves: &[Action]) -> u16 {
        let mut state = State::start(GameId::Flying);
        let mut quiet = 0;
        for &action in moves {
            let before = state.counts();
            state.apply(action).expect("legal");
            quiet = if state.counts() == before {
                quiet + 1
            } else {
                0
            };
        }
        quiet
    }

    #[test]
    fn quiet_turns_count_from_the_last_flip() {
        let replayed =
            |moves: Option<&str>| Replayed::new(GameId::Flying, moves, DrawRules::Ignore);
        assert_eq!(replayed(None).ok().map(|r| r.quiet_turns()), Some(0));
        // A game of chosen moves: some flip, most do not, and it repeats a position.
        let mut state = State::start(GameId::Flying);
        let mut game = Game::new(GameId::Flying);
        let mut moves = Vec::new();
        let mut flips = 0;
        let mut past_end = 0;
        for i in 0..60 {
            let legal = state.legal_vec();
            let Some(&action) = legal.get(i * 7 % legal.len().max(1)) else {
                break;
            };
            let keys_before: Vec<u128> = moves
                .iter()
                .scan(State::start(GameId::Flying), |s, &a| {
                    let key = s.key();
                    s.apply(a).expect("legal");
                    Some(key)
                })
                .chain([state.key()])
                .collect();
            let before = state.counts();
            state.apply(action).expect("legal");
            flips += usize::from(state.counts() != before);
            moves.push(action);
            let text: Vec<String> = moves.iter().map(|a| a.to_string()).collect();
            let found = replayed(Some(&text.join(" "))).expect("legal moves");
            assert_eq!(
                found.quiet_turns(),
                counted(&moves),
                "after {}",
                text.join(" ")
            );
            assert_eq!(found.state(), &state);
            assert_eq!(found.history(), keys_before);
            if game.status().is_over() {
                past_end += 1;
                // `replay` refuses what comes after the draw.
                let refused =
                    Replayed::new(GameId::Flying, Some(&text.join(" ")), DrawRules::Apply);
                assert!(
                    matches!(
                        refused,
                        Err(CliError::IllegalMove {
                            reason: IllegalAction::GameOver,
                            ..
                        })
                    ),
                    "{refused:?}"
                );
            } else {
                game.apply(action).expect("legal");
                assert_eq!(found.quiet_turns(), game.quiet_turns());
                assert_eq!(found.game(), &game);
            }
            if state.status().is_over() {
                break;
            }
        }
        assert!(
            flips > 0 && moves.len() > flips,
            "{flips} flips in {}",
            moves.len()
        );
        assert!(past_end > 0, "the draw rules never ended the game");
    }

    #[test]
    fn the_first_bad_action_is_the_error() {
        let bad = Replayed::new(GameId::Wudao, Some("c3 q7 c3"), DrawRules::Ignore);
        assert!(matches!(bad, Err(CliError::Notation(_))), "{bad:?}");
        let illegal = Replayed::new(GameId::Wudao, Some("c3 d4 c3"), DrawRules::Apply);
        assert!(
            matches!(illegal, Err(CliError::IllegalMove { index: 3, .. })),
            "{illegal:?}"
        );
    }
}
