//! Thousands of seeded random games with random timeouts, checking the engine's invariants
//! at every step: legality, checked and unchecked application, piece counts, exact undo,
//! record round trips, and that every game ends.

mod common;

use std::collections::HashMap;

use common::Rng;
use sanqi::rules::records::{self, Metadata, Record};
use sanqi::rules::{
    Action, DrawReason, Game, GameId, IllegalAction, Rules, Side, State, Status, WinReason, wudao,
};

/// Random games per game id.
const GAMES: u64 = 1000;
/// Every game must end (its own result or a draw rule) within this many actions.
const MAX_ACTIONS: usize = 10_000;
/// Percentage of actions that are timeouts.
const TIMEOUT_PERCENT: u64 = 5;

#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    state: State,
    status: Status,
    quiet_turns: u16,
    repetitions: u8,
    len: usize,
    at_turn_start: bool,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        state: *game.state(),
        status: game.status(),
        quiet_turns: game.quiet_turns(),
        repetitions: game.repetitions(),
        len: game.len(),
        at_turn_start: game.at_turn_start(),
    }
}

/// Checks one position: the legal list against `check` for every legal action and a sample of
/// random ones, and `apply` against `apply_unchecked`.
fn check_position(state: &State, rng: &mut Rng) {
    let legal = state.legal_vec();
    if state.status().is_over() {
        assert!(legal.is_empty());
        assert_eq!(state.to_act(), None);
        assert_eq!(state.decision(), None);
        assert_eq!(state.check(Action::Timeout), Err(IllegalAction::GameOver));
        return;
    }
    assert!(!legal.is_empty(), "an unfinished game has legal actions");
    assert_eq!(state.count_actions(), legal.len(), "the count of {state:?}");
    assert_eq!(
        State::from_key(state.game(), state.key()),
        Some(*state),
        "a position comes back from its key"
    );
    if let State::Wudao(s) = state {
        // The whole board's capture counts agree with the captures of each placement.
        let side = s.to_act().expect("ongoing").index();
        let [own, enemy] = [s.boards()[side], s.boards()[1 - side]];
        let counts = wudao::State::capture_counts(own, enemy);
        for (p, &count) in counts.iter().enumerate() {
            let expected = if (own | enemy) & 1 << p == 0 {
                wudao::State::captures(own | 1 << p, enemy, p).count_ones() as u8
            } else {
                0
            };
            assert_eq!(count, expected, "point {p} of {s:?}");
        }
    }
    assert!(!legal.contains(&Action::Timeout));
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "no duplicates");
    assert_eq!(state.check(Action::Timeout), Ok(()));
    for &action in &legal {
        assert_eq!(
            state.check(action),
            Ok(()),
            "{action} is listed but rejected"
        );
        let mut checked = *state;
        let effects = checked.apply(action).unwrap();
        let mut unchecked = *state;
        unchecked.apply_unchecked(action);
        assert_eq!(checked, unchecked, "{action}");
        assert_eq!(effects.action, action);
        assert_eq!(Some(effects.actor), state.to_act());
        assert_eq!(effects.to_act, checked.to_act());
        assert_eq!(effects.status, checked.status());
    }
    let mut timed_out = *state;
    let mut unchecked = *state;
    timed_out.apply(Action::Timeout).unwrap();
    unchecked.apply_unchecked(Action::Timeout);
    assert_eq!(timed_out, unchecked);
    // Random actions of every kind: exactly the listed ones pass `check`.
    for _ in 0..12 {
        let action = rng.any_action();
        let listed = legal.contains(&action);
        let mut copy = *state;
        match copy.apply(action) {
            Ok(_) => assert!(listed, "{action} accepted but not listed in {state:?}"),
            Err(e) => {
                assert!(!listed, "{action} listed but rejected: {e}");
                assert_eq!(copy, *state, "a rejected action changes nothing");
                assert_eq!(state.check(action), Err(e));
            }
        }
    }
}

/// Per-game material invariants between two consecutive states.
fn check_material(id: GameId, before: &State, after: &State) {
    let [b, w] = after.counts();
    let [hb, hw] = after.hands();
    match id {
        GameId::Flying => {
            assert_eq!(b + w, 10, "Flying always has ten pieces");
            assert_eq!(after.hands(), [0, 0]);
        }
        GameId::Wudao => {
            assert_eq!(b + hb, 25, "Black's hand and board make 25");
            assert_eq!(w + hw, 25, "White's hand and board make 25");
        }
        GameId::Neihuang => {
            let [b0, w0] = before.counts();
            let [hb0, hw0] = before.hands();
            assert!(b + hb <= b0 + hb0, "Black's pieces never grow");
            assert!(w + hw <= w0 + hw0, "White's pieces never grow");
            assert!(b + hb <= 13 && w + hw <= 12);
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    wins: usize,
    repetitions: usize,
    no_capture: usize,
    other_draws: usize,
    longest: usize,
    reasons: HashMap<&'static str, usize>,
}

fn play_random_game(id: GameId, seed: u64, tally: &mut Tally) {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(id);
    let mut history = vec![snapshot(&game)];
    let mut clones: Vec<(usize, Game)> = Vec::new();
    while !game.status().is_over() {
        assert!(
            game.len() < MAX_ACTIONS,
            "{id} seed {seed}: no end after {MAX_ACTIONS} actions"
        );
        let state = *game.state();
        check_position(&state, &mut rng);
        let legal = state.legal_vec();
        let action = if rng.chance(TIMEOUT_PERCENT) {
            Action::Timeout
        } else {
            legal[rng.below(legal.len())]
        };
        let effects = game.apply(action).unwrap();
        let mut direct = state;
        assert_eq!(direct.apply(action).unwrap(), effects);
        assert_eq!(*game.state(), direct, "Game applies the same rules");
        check_material(id, &state, game.state());
        if rng.chance(2) {
            clones.push((game.len(), game.clone()));
        }
        history.push(snapshot(&game));
    }
    // A finished game takes nothing more.
    check_position(game.state(), &mut rng);
    assert_eq!(game.apply(Action::Timeout), Err(IllegalAction::GameOver));

    tally.longest = tally.longest.max(game.len());
    match game.status() {
        Status::Won { reason, .. } => {
            tally.wins += 1;
            let name = match reason {
                WinReason::Reduced { .. } => "reduced",
                WinReason::NoPieces => "no pieces",
                WinReason::NoMoves => "no moves",
                WinReason::BoardFull { .. } => "board full",
            };
            *tally.reasons.entry(name).or_default() += 1;
        }
        Status::Drawn(DrawReason::Repetition) => tally.repetitions += 1,
        Status::Drawn(DrawReason::NoCaptureLimit) => tally.no_capture += 1,
        Status::Drawn(DrawReason::BoardFullEqual) => tally.other_draws += 1,
        Status::Ongoing => unreachable!(),
    }

    // The record replays to the same game.
    let json = Record::of_game(&game, Metadata::default()).to_json();
    let (record, replayed) = records::load(json.as_bytes())
        .unwrap_or_else(|e| panic!("{id} seed {seed}: record does not load: {e}"));
    assert_eq!(record.game, id.id());
    assert_eq!(record.metadata.result, Some(game.status().summary()));
    assert_eq!(replayed, game);
    assert_eq!(replayed.state(), game.state());
    assert_eq!(replayed.status(), game.status());

    // Undo back to every earlier point, exactly.
    let mut expected = history.iter().rev();
    loop {
        assert_eq!(Some(&snapshot(&game)), expected.next(), "{id} seed {seed}");
        if let Some((len, clone)) = clones.last()
            && *len == game.len()
        {
            assert_eq!(&game, clone);
            clones.pop();
        }
        if game.undo().is_none() {
            break;
        }
    }
    assert_eq!(expected.next(), None);
    assert!(clones.is_empty());
    assert_eq!(game, Game::new(id));
}

fn run(id: GameId, seed_base: u64) -> Tally {
    let mut tally = Tally::default();
    for i in 0..GAMES {
        play_random_game(id, seed_base + i, &mut tally);
    }
    assert!(tally.longest < MAX_ACTIONS);
    tally
}

#[test]
fn random_neihuang_games() {
    let t = run(GameId::Neihuang, 1_000_000);
    // The random games reach every way this game can end.
    assert!(t.reasons.get("reduced").copied().unwrap_or(0) > 0, "{t:?}");
    assert!(t.repetitions + t.no_capture > 0, "{t:?}");
    assert_eq!(t.other_draws, 0);
}

#[test]
fn random_flying_games() {
    let t = run(GameId::Flying, 2_000_000);
    assert!(t.reasons.get("no moves").copied().unwrap_or(0) > 0, "{t:?}");
    assert!(t.repetitions + t.no_capture > 0, "{t:?}");
    assert_eq!(t.other_draws, 0);
}

#[test]
fn random_wudao_games() {
    let t = run(GameId::Wudao, 3_000_000);
    assert!(
        t.reasons.get("board full").copied().unwrap_or(0) > 0,
        "{t:?}"
    );
    assert_eq!(t.other_draws, 0, "25 points cannot be split evenly");
}

#[test]
fn sides_alternate_in_flying_and_wudao() {
    // In the placement-only and move-only games, every turn is one action by alternating
    // sides (Wu Dao's hands never run dry while the board has room).
    for id in [GameId::Flying, GameId::Wudao] {
        let mut rng = Rng::new(99);
        for _ in 0..50 {
            let mut state = State::start(id);
            let mut side = Side::Black;
            // Without the draw rules a Flying game need not end: stop after 300 actions.
            for _ in 0..300 {
                let Some(to_act) = state.to_act() else { break };
                assert_eq!(to_act, side);
                let legal = state.legal_vec();
                let action = if rng.chance(10) {
                    Action::Timeout
                } else {
                    legal[rng.below(legal.len())]
                };
                let effects = state.apply(action).unwrap();
                assert!(effects.turn_over);
                side = side.other();
            }
        }
    }
}
