//! The computer opponent: legal plans in every phase of every game at every level and with
//! every searcher, determinism under node budgets, a seeded match against random play,
//! cancellation (directly and through the worker thread), kept tables and the oracle seam.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{Rng, state_after};
use sanqi::ai::{self, AiError, Config, Context, Engine, Level, Oracle, Request, Worker};
use sanqi::rules::{Decision, Game, GameId, Side, State};

/// Node budgets are scaled down so that the debug build stays quick; the search is the same.
fn context<'a>(history: &'a [u128], cancel: &'a AtomicBool) -> Context<'a> {
    Context {
        budget_scale: 0.02,
        ..Context::new(history, cancel)
    }
}

/// Every way the computer can play, with budgets small enough for the debug build: each level,
/// Master and MCTS on nodes and on time, on two threads, and with each refinement.
fn configurations() -> Vec<Config> {
    [
        "random",
        "easy",
        "medium",
        "hard",
        "expert",
        "master:nodes=4000",
        "master:movetime=15,threads=2",
        "master:nodes=4000,aspiration=20,reductions=2,merge-removals=1,scaled-contempt=1",
        "master:nodes=4000,keep-table=1,table-bits=12",
        "mcts:nodes=4000",
        "mcts:movetime=15,threads=2",
        "master:nodes=4000,search=mcts-placement",
    ]
    .iter()
    .map(|text| Config::parse(text).expect("a valid configuration"))
    .collect()
}

fn plan(state: &State, config: &Config, seed: u64, cancel: &AtomicBool) -> ai::Plan {
    Engine::new()
        .plan(state, config, seed, context(&[], cancel))
        .unwrap_or_else(|e| panic!("{config} in {state:?}: {e}"))
}

/// Positions of a game reached by seeded random play with occasional timeouts, covering every
/// kind of decision the game has.
fn sample_positions(game: GameId, seed: u64, wanted: usize) -> Vec<State> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < wanted {
        let mut state = State::start(game);
        while state.to_act().is_some() && found.len() < wanted {
            if rng.chance(15) {
                found.push(state);
            }
            let legal = state.legal_vec();
            let action = if rng.chance(4) || legal.is_empty() {
                sanqi::rules::Action::Timeout
            } else {
                legal[rng.below(legal.len())]
            };
            state.apply(action).expect("random play is legal");
        }
    }
    found
}

/// Checks that a plan is a legal sequence from `state` that ends the mover's turn.
fn assert_plan_legal(state: &State, plan: &ai::Plan, level: impl std::fmt::Display) {
    let side = state.to_act().expect("ongoing");
    let mut current = *state;
    assert!(!plan.actions.is_empty(), "{level} returned no action");
    for (i, &action) in plan.actions.iter().enumerate() {
        assert_eq!(
            current.to_act(),
            Some(side),
            "{level}: action {i} is not the mover's"
        );
        assert!(
            current.legal_vec().contains(&action),
            "{level} chose illegal {action} in {state:?}"
        );
        current.apply(action).expect("legal");
    }
    let finished = match current.decision() {
        Some(Decision::Capture { .. } | Decision::Yield) => current.to_act() != Some(side),
        _ => true,
    };
    assert!(finished, "{level}'s plan stops in the middle of its turn");
}

#[test]
fn every_level_plays_legal_whole_turns_in_every_phase() {
    let cancel = AtomicBool::new(false);
    for game in GameId::ALL {
        let positions = sample_positions(game, 11 + game as u64, 10);
        for (n, state) in positions.iter().enumerate() {
            for config in configurations() {
                let plan = plan(state, &config, n as u64, &cancel);
                assert_plan_legal(state, &plan, config);
            }
        }
    }
}

#[test]
fn neihuang_decisions_of_every_kind_are_covered() {
    // A pull, a move that owes captures, and a yield, each planned whole.
    let cancel = AtomicBool::new(false);
    let filled = "d4 a3 d2 b5 a2 a1 b3 e3 d3 d1 e2 a4 c1 c5 b4 d5 e5 b1 b2 e1 e4 c3 c4 a5 c2";
    let pull = state_after(GameId::Neihuang, filled);
    assert_eq!(pull.decision(), Some(Decision::Pull));
    let movement = state_after(GameId::Neihuang, &format!("{filled} xc2 xa3"));
    assert_eq!(movement.decision(), Some(Decision::Move));
    for state in [pull, movement] {
        for config in configurations() {
            let plan = plan(&state, &config, 3, &cancel);
            assert_plan_legal(&state, &plan, config);
        }
    }
    let mut with_captures = 0;
    for state in sample_positions(GameId::Neihuang, 99, 400) {
        if matches!(
            state.decision(),
            Some(Decision::Capture { .. } | Decision::Yield)
        ) {
            with_captures += 1;
            for config in [
                "hard",
                "master:nodes=2000,merge-removals=1",
                "mcts:nodes=2000",
            ] {
                let config = Config::parse(config).expect("valid");
                let plan = plan(&state, &config, 5, &cancel);
                assert_plan_legal(&state, &plan, config);
            }
        }
    }
    assert!(with_captures > 0, "the sample reached no capture or yield");
}

#[test]
fn a_finished_game_has_nothing_to_decide() {
    let cancel = AtomicBool::new(false);
    // A full Wu Dao board: the game is over.
    let black = 0b1010101010101010101010101u32;
    let full = State::Wudao(
        sanqi::rules::wudao::State::from_parts([black, !black & ((1 << 25) - 1)], Side::White)
            .expect("a valid position"),
    );
    assert!(full.status().is_over());
    assert_eq!(
        ai::choose(&full, Level::Easy, 1, context(&[], &cancel)),
        Err(AiError::GameOver)
    );
}

#[test]
fn the_same_seed_gives_the_same_choice() {
    let cancel = AtomicBool::new(false);
    for game in GameId::ALL {
        for state in sample_positions(game, 7, 4) {
            // Everything that runs on nodes on one thread.
            for config in configurations()
                .into_iter()
                .filter(|c| c.movetime().is_none() && c.threads().is_none())
            {
                let a = plan(&state, &config, 42, &cancel);
                let b = plan(&state, &config, 42, &cancel);
                assert_eq!(a.actions, b.actions, "{game} {config} is not deterministic");
                assert_eq!(a.stats.nodes, b.stats.nodes, "{game} {config}");
            }
        }
    }
}

#[test]
fn easy_beats_random_in_a_seeded_match() {
    let cancel = AtomicBool::new(false);
    for game in [GameId::Flying, GameId::Wudao] {
        let mut easy_score = 0.0;
        let games = 10;
        for g in 0..games {
            let easy_side = if g % 2 == 0 { Side::Black } else { Side::White };
            let mut match_game = Game::new(game);
            let mut turn = 0;
            while !match_game.status().is_over() && match_game.len() < 2_000 {
                let side = match_game.state().to_act().expect("ongoing");
                let level = if side == easy_side {
                    Level::Easy
                } else {
                    Level::Random
                };
                let seed = g * 1_000 + turn;
                let plan = ai::choose(match_game.state(), level, seed, Context::new(&[], &cancel))
                    .expect("plan");
                for action in plan.actions {
                    if match_game.status().is_over() {
                        break;
                    }
                    match_game.apply(action).expect("legal");
                }
                turn += 1;
            }
            easy_score += match match_game.status().winner() {
                Some(w) if w == easy_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        assert!(
            easy_score >= 8.0,
            "{game}: easy scored only {easy_score} of {games} against random play"
        );
    }
}

#[test]
fn a_cancelled_context_stops_at_once() {
    let cancel = AtomicBool::new(true);
    let state = state_after(GameId::Flying, "a1-a4 e5-e2");
    assert_eq!(
        ai::choose(&state, Level::Expert, 1, Context::new(&[], &cancel)),
        Err(AiError::Cancelled)
    );
}

/// A request for `state` from the start of a game, at `level`.
fn request(state: State, level: Level, seed: u64, generation: u64) -> Request {
    Request {
        quiet_turns: 0,
        state,
        history: Vec::new(),
        config: Config::new(level),
        seed,
        generation,
    }
}

#[test]
fn the_worker_drops_a_search_when_a_new_request_comes() {
    let worker = Worker::spawn(|| {});
    let state = state_after(GameId::Wudao, "c3 b3 d3");
    // A full Expert search takes far longer than sending the next request.
    worker
        .request(request(state, Level::Expert, 1, 1))
        .expect("sent");
    worker
        .request(request(state, Level::Easy, 1, 2))
        .expect("sent");
    let first = worker.wait_reply().expect("a reply");
    assert_eq!(first.generation, 1);
    assert!(matches!(first.result, Err(AiError::Cancelled)));
    let second = worker.wait_reply().expect("a reply");
    assert_eq!(second.generation, 2);
    let plan = second.result.expect("easy answers");
    assert!(state.legal_vec().contains(&plan.actions[0]));

    // Cancelling without a new request also stops the search.
    worker
        .request(request(state, Level::Expert, 2, 3))
        .expect("sent");
    worker.cancel();
    let third = worker.wait_reply().expect("a reply");
    assert_eq!(third.generation, 3);
    assert!(matches!(third.result, Err(AiError::Cancelled)));
}

#[test]
fn master_on_time_is_cancelled_promptly_from_another_thread() {
    let cancel = AtomicBool::new(false);
    let state = state_after(GameId::Neihuang, "d4 a3 d2");
    // A minute of thinking, cancelled after a moment: the call must come back cancelled.
    let config = Config::parse("master:movetime=60000,threads=2").expect("valid");
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            cancel.store(true, Ordering::Relaxed);
        });
        Engine::new().plan(&state, &config, 1, Context::new(&[], &cancel))
    });
    assert_eq!(result, Err(AiError::Cancelled));
    for config in ["mcts:movetime=60000", "mcts:movetime=60000,threads=2"] {
        let cancel = AtomicBool::new(true);
        let config = Config::parse(config).expect("valid");
        assert_eq!(
            Engine::new().plan(&state, &config, 1, Context::new(&[], &cancel)),
            Err(AiError::Cancelled)
        );
    }
}

/// `engine`'s plan at `level` (seed 1, short budgets), which must come.
fn plan_at(engine: &mut Engine, state: &State, level: Level, cancel: &AtomicBool) -> ai::Plan {
    engine
        .plan(state, &Config::new(level), 1, context(&[], cancel))
        .unwrap_or_else(|e| panic!("{level} in {state:?}: {e}"))
}

/// Answers the last legal action of every position.
struct LastAction;

impl Oracle for LastAction {
    fn best_move(&self, state: &State, _quiet_turns: u16) -> Option<sanqi::rules::Action> {
        state.legal_vec().last().copied()
    }
}

#[test]
fn master_plays_the_oracle_move_and_other_levels_do_not_ask() {
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::with_oracle(Arc::new(LastAction));
    for game in GameId::ALL {
        for state in sample_positions(game, 5, 8) {
            let plan = plan_at(&mut engine, &state, Level::Master, &cancel);
            assert_eq!(plan.actions[0], *state.legal_vec().last().expect("legal"));
            assert_plan_legal(&state, &plan, Level::Master);
        }
    }
    // Expert searches as usual: from the start of Wu Dao it does not play the last point.
    let start = State::start(GameId::Wudao);
    let expert = plan_at(&mut engine, &start, Level::Expert, &cancel);
    assert_ne!(expert.actions[0], *start.legal_vec().last().expect("legal"));
}

#[test]
fn a_kept_table_carries_knowledge_to_the_next_decision() {
    // After a long search, a short one of the same position starts from what the long one
    // stored, so it reaches deeper than the same short search from an empty table.
    let cancel = AtomicBool::new(false);
    let state = state_after(GameId::Wudao, "c3 b3 d3");
    let long = Config::parse("master:nodes=20000,keep-table=1,table-bits=16").expect("valid");
    let short = Config::parse("master:nodes=600,keep-table=1,table-bits=16").expect("valid");
    let mut warm = Engine::new();
    warm.plan(&state, &long, 1, Context::new(&[], &cancel))
        .expect("plan");
    let kept = warm
        .plan(&state, &short, 1, Context::new(&[], &cancel))
        .expect("plan");
    let fresh = Engine::new()
        .plan(&state, &short, 1, Context::new(&[], &cancel))
        .expect("plan");
    assert!(
        kept.stats.depth > fresh.stats.depth,
        "depth {} with the kept table, {} without",
        kept.stats.depth,
        fresh.stats.depth
    );
    // Forgetting empties it again.
    warm.forget();
    let forgotten = warm
        .plan(&state, &short, 1, Context::new(&[], &cancel))
        .expect("plan");
    assert_eq!(forgotten.stats.depth, fresh.stats.depth);
}

#[test]
fn a_searched_plan_carries_the_line_it_expects_after_the_turn_at_every_level() {
    let cancel = AtomicBool::new(false);
    for level in ["easy", "medium", "hard", "expert", "master:nodes=4000"] {
        let config = Config::parse(level).expect("a valid configuration");
        for game in GameId::ALL {
            let mut lines = 0;
            for (i, state) in sample_positions(game, 11, 4).into_iter().enumerate() {
                let plan = plan(&state, &config, i as u64, &cancel);
                // The line goes on from where the turn ends, one legal action after another.
                let mut current = state;
                for action in plan.actions.iter().chain(&plan.line) {
                    assert!(current.apply(*action).is_ok(), "{level} {game}: {action}");
                }
                lines += usize::from(!plan.line.is_empty());
            }
            assert!(
                lines > 0,
                "{level} {game}: no plan expects anything after its turn"
            );
        }
    }
}
