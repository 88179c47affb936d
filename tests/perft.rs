//! Every perft figure published in RULES.md, through the library and through the command line.

mod common;

use common::cli_quiet;
use sanqi::cli;
use sanqi::rules::perft::{Growth, divide, perft_state};
use sanqi::rules::{Action, ActionList, GameId, GameRules, GameVisitor, Rules, State, Status};

const NEIHUANG_MID: &str = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 \
     c4 a5 c2 xc2 xa3 c3-c2 c4-c3 c5-c4 b3-a3 d5-c5 a3-b3 a4-a3 e5-d5 a5-a4 d5-e5 a4-a5 e5-d5 \
     a3-a4 d5-e5 c5-d5 a2-a3 a1-a2";
const FLYING_MID: &str = "a1-a4 e5-e2 a4-a3 d5-d3 a3-a2 d3-d5";
const WUDAO_MID: &str = "b3 d5 d4 a5 c4 e5 e1 a3 a1 e4 b4 c5 b2 b5 d2 e2 e3 d3 d1";

/// (game, moves from the start, depth, perft).
const FIGURES: &[(GameId, &str, u32, u64)] = &[
    (GameId::Neihuang, "", 1, 25),
    (GameId::Neihuang, "", 2, 600),
    (GameId::Neihuang, "", 3, 13_800),
    (GameId::Neihuang, "", 4, 303_600),
    (GameId::Neihuang, NEIHUANG_MID, 1, 10),
    (GameId::Neihuang, NEIHUANG_MID, 2, 22),
    (GameId::Neihuang, NEIHUANG_MID, 3, 156),
    (GameId::Neihuang, NEIHUANG_MID, 4, 864),
    (GameId::Neihuang, NEIHUANG_MID, 5, 5_154),
    (GameId::Neihuang, NEIHUANG_MID, 6, 30_157),
    (GameId::Flying, "", 1, 15),
    (GameId::Flying, "", 2, 195),
    (GameId::Flying, "", 3, 3_517),
    (GameId::Flying, "", 4, 60_028),
    (GameId::Flying, FLYING_MID, 1, 16),
    (GameId::Flying, FLYING_MID, 2, 263),
    (GameId::Flying, FLYING_MID, 3, 4_248),
    (GameId::Flying, FLYING_MID, 4, 73_500),
    (GameId::Wudao, "", 1, 25),
    (GameId::Wudao, "", 2, 600),
    (GameId::Wudao, "", 3, 13_800),
    (GameId::Wudao, "", 4, 303_720),
    (GameId::Wudao, WUDAO_MID, 1, 10),
    (GameId::Wudao, WUDAO_MID, 2, 95),
    (GameId::Wudao, WUDAO_MID, 3, 883),
    (GameId::Wudao, WUDAO_MID, 4, 7_869),
    (GameId::Wudao, WUDAO_MID, 5, 68_531),
];

fn position(game: GameId, moves: &str) -> State {
    *cli::Replayed::new(game, Some(moves), cli::DrawRules::Ignore)
        .unwrap_or_else(|e| panic!("{game} --moves {moves:?}: {e}"))
        .state()
}

fn check(game: GameId, moves: &str, depth: u32, expected: u64) {
    let state = position(game, moves);
    assert_eq!(
        perft_state(&state, depth),
        expected,
        "perft({depth}) of {game} after {moves:?}"
    );
}

#[test]
fn published_figures_up_to_depth_four() {
    for &(game, moves, depth, expected) in FIGURES {
        check(game, moves, depth, expected);
    }
}

#[test]
fn perft_zero_is_one_everywhere() {
    for game in GameId::ALL {
        assert_eq!(perft_state(&State::start(game), 0), 1);
    }
    assert_eq!(perft_state(&position(GameId::Neihuang, NEIHUANG_MID), 0), 1);
}

#[test]
fn flying_start_depth_5() {
    check(GameId::Flying, "", 5, 1_070_848);
}

#[test]
fn flying_midgame_depth_5() {
    check(GameId::Flying, FLYING_MID, 5, 1_238_539);
}

#[test]
fn neihuang_start_depth_5() {
    check(GameId::Neihuang, "", 5, 6_375_600);
}

#[test]
fn wudao_start_depth_5() {
    check(GameId::Wudao, "", 5, 6_388_640);
}

#[test]
fn perft_command_prints_the_published_figures() {
    for &(game, moves, depth, expected) in FIGURES.iter().filter(|f| f.3 < 100_000) {
        let depth = depth.to_string();
        let mut args = vec!["perft", game.id(), depth.as_str()];
        if !moves.is_empty() {
            args.extend(["--moves", moves]);
        }
        assert_eq!(cli_quiet(&args), format!("{expected}\n"), "{args:?}");
    }
    // Options may come before the positional arguments.
    assert_eq!(
        cli_quiet(&["perft", "--moves", FLYING_MID, "flying", "2"]),
        "263\n"
    );
}

/// Parses `--divide` output: `action count` lines, then the total.
fn parse_divide(text: &str) -> (Vec<(String, u64)>, u64) {
    let lines: Vec<&str> = text.lines().collect();
    let (total, rows) = lines.split_last().expect("no output");
    let rows = rows
        .iter()
        .map(|line| {
            let (action, count) = line.split_once(' ').expect("`action count`");
            (action.to_string(), count.parse().expect("a count"))
        })
        .collect();
    (rows, total.parse().expect("a total"))
}

#[test]
fn divide_sums_to_the_total() {
    let cases: &[(GameId, &str, u32, u64)] = &[
        (GameId::Neihuang, "", 3, 13_800),
        (GameId::Neihuang, NEIHUANG_MID, 4, 864),
        (GameId::Flying, "", 3, 3_517),
        (GameId::Flying, FLYING_MID, 3, 4_248),
        (GameId::Wudao, "", 3, 13_800),
        (GameId::Wudao, WUDAO_MID, 4, 7_869),
    ];
    for &(game, moves, depth, expected) in cases {
        let depth_text = depth.to_string();
        let out = cli_quiet(&[
            "perft",
            game.id(),
            &depth_text,
            "--divide",
            "--moves",
            moves,
        ]);
        let (rows, total) = parse_divide(&out);
        assert_eq!(total, expected, "{game} {moves:?}");
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total);
        // One row per legal first action, in legal order, each its own perft.
        let state = position(game, moves);
        let legal: Vec<String> = state.legal_vec().iter().map(|a| a.to_string()).collect();
        let listed: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
        assert_eq!(listed, legal);
        let library: Vec<(String, u64)> = divide(&state, depth)
            .into_iter()
            .map(|(a, n)| (a.to_string(), n))
            .collect();
        assert_eq!(rows, library);
    }
}

#[test]
fn divide_at_depth_zero_and_one() {
    assert_eq!(cli_quiet(&["perft", "wudao", "0", "--divide"]), "1\n");
    let (rows, total) = parse_divide(&cli_quiet(&["perft", "flying", "1", "--divide"]));
    assert_eq!(total, 15);
    assert_eq!(rows.len(), 15);
    assert!(rows.iter().all(|r| r.1 == 1));
}

#[test]
fn finished_game_has_perft_zero() {
    use sanqi::rules::Side;
    use sanqi::rules::flying;
    // Black's five pieces fill row 1 and are walled in by White on row 2.
    let state = flying::State::from_parts([0b11111, 0b11111 << 5], Side::Black).unwrap();
    let state = State::Flying(state);
    assert!(state.status().is_over());
    assert_eq!(perft_state(&state, 0), 1);
    assert_eq!(perft_state(&state, 1), 0);
    assert_eq!(perft_state(&state, 3), 0);
}

/// A random game under any [`Rules`] type: the actions chosen and the final key.
fn random_game<R: Rules>(mut state: R, mut seed: u64) -> (Vec<Action>, u128, Status) {
    let mut list = ActionList::new();
    let mut actions = Vec::new();
    while state.to_act().is_some() && actions.len() < 400 {
        state.legal_actions(&mut list);
        assert_eq!(state.count_actions(), list.len());
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = if list.is_empty() || seed >> 60 == 0 {
            Action::Timeout
        } else {
            list[(seed >> 33) as usize % list.len()]
        };
        assert_eq!(state.check(action), Ok(()));
        state.apply(action).expect("legal");
        actions.push(action);
    }
    (actions, state.key(), state.status())
}

#[test]
fn state_plays_exactly_as_the_game_inside() {
    struct Playout(u64);
    impl GameVisitor for Playout {
        type Output = (GameId, (Vec<Action>, u128, Status));
        fn visit<R: GameRules>(self, state: &R) -> Self::Output {
            assert_eq!(state.game(), R::ID);
            (R::ID, random_game(R::start(), self.0))
        }
    }
    for game in GameId::ALL {
        for seed in 0..5 {
            let start = State::start(game);
            let (id, inner) = start.visit(Playout(seed));
            assert_eq!(id, game);
            assert_eq!(Rules::game(&start), game);
            assert_eq!(random_game(start, seed), inner, "{game} seed {seed}");
        }
    }
}

#[test]
fn growth_is_exact_where_measured_and_close_beyond() {
    for &(game, moves, depth, expected) in FIGURES {
        let state = position(game, moves);
        let measured = Growth::of(&state, depth);
        if expected < 100_000 {
            assert_eq!(measured.estimate(depth), expected as f64, "{game} {depth}");
        }
        // Extrapolation is used only beyond counts of 100 000, where it must be close.
        if expected >= 100_000 {
            let estimate = Growth::of(&state, depth - 1).estimate(depth);
            let ratio = estimate / expected as f64;
            assert!(
                (0.5..=2.0).contains(&ratio),
                "{game} after {moves:?}: perft({depth}) estimated {estimate}, is {expected}"
            );
        }
    }
    let growth = Growth::of(&State::start(GameId::Neihuang), 64);
    assert_eq!(growth.deepest_within(1e12, 64), 8);
    assert_eq!(growth.deepest_within(1e12, 5), 5);
}
