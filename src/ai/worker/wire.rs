//! Requests and replies as text, for a search that runs in another instance of this program
//! (the web build's Web Worker, which shares no memory with the page): a position by its game
//! and key, actions by their codes, the player by the text [`Config::parse`] reads.
//!
//! [`serve`] is what the other side does with a request: the same [`Engine::plan`] as the
//! search thread, so a search there is the same search.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Reply, Request};
use crate::ai::engine::{Context, Engine, Plan};
use crate::ai::error::AiError;
use crate::ai::settings::Config;
use crate::ai::strategy::SearchStats;
use crate::rules::{Action, GameId, State};

#[derive(Serialize, Deserialize)]
struct WireRequest {
    game: GameId,
    /// The position's key, in hexadecimal.
    key: String,
    history: Vec<String>,
    config: String,
    seed: u64,
    quiet_turns: u16,
    generation: u64,
}

#[derive(Serialize, Deserialize)]
struct WirePlan {
    actions: Vec<u16>,
    score: Option<i32>,
    line: Vec<u16>,
    from_oracle: bool,
    from_book: bool,
    nodes: u64,
    depth: u8,
    micros: u64,
}

#[derive(Serialize, Deserialize)]
enum WireResult {
    Plan(WirePlan),
    GameOver,
    Cancelled,
    Failed(String),
}

#[derive(Serialize, Deserialize)]
struct WireReply {
    generation: u64,
    result: WireResult,
}

/// A request as text.
pub fn encode_request(request: &Request) -> String {
    let wire = WireRequest {
        game: request.state.game(),
        key: format!("{:x}", request.state.key()),
        history: request.history.iter().map(|k| format!("{k:x}")).collect(),
        config: request.config.to_string(),
        seed: request.seed,
        quiet_turns: request.quiet_turns,
        generation: request.generation,
    };
    serde_json::to_string(&wire).unwrap_or_default()
}

/// The request in `text`, or why it is not one.
pub fn decode_request(text: &str) -> Result<Request, String> {
    let wire: WireRequest = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let key = |hex: &str| u128::from_str_radix(hex, 16).map_err(|e| e.to_string());
    let state = State::from_key(wire.game, key(&wire.key)?)
        .ok_or_else(|| format!("no {} position has the key {}", wire.game, wire.key))?;
    Ok(Request {
        state,
        history: wire
            .history
            .iter()
            .map(|k| key(k))
            .collect::<Result<_, _>>()?,
        config: Config::parse(&wire.config)?,
        seed: wire.seed,
        quiet_turns: wire.quiet_turns,
        generation: wire.generation,
    })
}

fn codes(actions: &[Action]) -> Vec<u16> {
    actions.iter().map(|a| a.code()).collect()
}

fn actions(codes: &[u16]) -> Result<Vec<Action>, String> {
    codes
        .iter()
        .map(|&c| Action::from_code(c).ok_or_else(|| format!("no action has the code {c}")))
        .collect()
}

/// A reply as text.
pub fn encode_reply(reply: &Reply) -> String {
    let result = match &reply.result {
        Ok(plan) => WireResult::Plan(WirePlan {
            actions: codes(&plan.actions),
            score: plan.score,
            line: codes(&plan.line),
            from_oracle: plan.from_oracle,
            from_book: plan.from_book,
            nodes: plan.stats.nodes,
            depth: plan.stats.depth,
            micros: u64::try_from(plan.stats.elapsed.as_micros()).unwrap_or(u64::MAX),
        }),
        Err(AiError::GameOver) => WireResult::GameOver,
        Err(AiError::Cancelled) => WireResult::Cancelled,
        Err(AiError::Failed(why)) => WireResult::Failed(why.clone()),
    };
    serde_json::to_string(&WireReply {
        generation: reply.generation,
        result,
    })
    .unwrap_or_default()
}

/// The reply in `text`, or why it is not one.
pub fn decode_reply(text: &str) -> Result<Reply, String> {
    let wire: WireReply = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let result = match wire.result {
        WireResult::Plan(plan) => Ok(Plan {
            actions: actions(&plan.actions)?,
            score: plan.score,
            line: actions(&plan.line)?,
            from_oracle: plan.from_oracle,
            from_book: plan.from_book,
            stats: SearchStats {
                nodes: plan.nodes,
                depth: plan.depth,
                elapsed: Duration::from_micros(plan.micros),
            },
        }),
        WireResult::GameOver => Err(AiError::GameOver),
        WireResult::Cancelled => Err(AiError::Cancelled),
        WireResult::Failed(why) => Err(AiError::Failed(why)),
    };
    Ok(Reply {
        generation: wire.generation,
        result,
    })
}

/// Runs the request in `text` on `engine` (offering the search `threads`) and answers as
/// text: what the other side of a worker does.
pub fn serve(engine: &mut Engine, text: &str, threads: usize) -> String {
    let reply = match decode_request(text) {
        Ok(request) => {
            let cancel = AtomicBool::new(false);
            let context = Context::new(&request.history, &cancel)
                .with_quiet_turns(request.quiet_turns)
                .offering_threads(threads);
            Reply {
                generation: request.generation,
                result: engine.plan(&request.state, &request.config, request.seed, context),
            }
        }
        Err(why) => Reply {
            generation: 0,
            result: Err(AiError::Failed(format!(
                "a request the worker cannot read: {why}"
            ))),
        },
    };
    encode_reply(&reply)
}

/// The job of [`bestmove`]: a game from its start, its actions in the notation, and the
/// player and seed, as `sanqi bestmove GAME --moves MOVES --level LEVEL --seed SEED` takes
/// them.
#[derive(Serialize, Deserialize)]
struct BestmoveJob {
    game: GameId,
    moves: String,
    level: String,
    seed: u64,
}

/// The job text [`bestmove`] reads.
pub fn bestmove_job(game: GameId, moves: &str, level: &str, seed: u64) -> String {
    let job = BestmoveJob {
        game,
        moves: moves.to_string(),
        level: level.to_string(),
        seed,
    };
    serde_json::to_string(&job).unwrap_or_default()
}

/// The turn a fresh engine plans after the moves of `text` ([`bestmove_job`]), as the
/// command line's `bestmove` plans it: `turn a1,b2 nodes N` (or `error …`). The web's tests
/// ask a Web Worker this and the command line the same, to show the searches are one.
pub fn bestmove(text: &str) -> String {
    let answer = || -> Result<String, String> {
        let job: BestmoveJob = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let config = Config::parse(&job.level)?;
        let mut game = crate::rules::Game::new(job.game);
        let moves = crate::rules::notation::parse_actions(&job.moves).map_err(|e| e.to_string())?;
        for action in moves {
            game.apply(action).map_err(|e| e.to_string())?;
        }
        let history: Vec<u128> = (0..game.len()).map(|i| game.state_after(i).key()).collect();
        let cancel = AtomicBool::new(false);
        let context = Context::new(&history, &cancel).with_quiet_turns(game.quiet_turns());
        let plan = Engine::new()
            .plan(game.state(), &config, job.seed, context)
            .map_err(|e| e.to_string())?;
        Ok(format!(
            "turn {} nodes {}",
            codes_text(&plan.actions),
            plan.stats.nodes
        ))
    };
    answer().unwrap_or_else(|why| format!("error {why}"))
}

fn codes_text(actions: &[Action]) -> String {
    let texts: Vec<String> = actions.iter().map(Action::to_string).collect();
    texts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::Game;

    fn request(game: &Game, config: Config, seed: u64, generation: u64) -> Request {
        Request {
            state: *game.state(),
            history: keys(game),
            config,
            seed,
            quiet_turns: game.quiet_turns(),
            generation,
        }
    }

    /// The keys of the positions before the current one, as the app gives them.
    fn keys(game: &Game) -> Vec<u128> {
        (0..game.len()).map(|i| game.state_after(i).key()).collect()
    }

    /// A game some turns in, with captures behind it.
    fn a_game(id: GameId, turns: u64) -> Game {
        let mut game = Game::new(id);
        let mut engine = Engine::new();
        for seed in 0..turns {
            let cancel = AtomicBool::new(false);
            let history = keys(&game);
            let context = Context::new(&history, &cancel);
            let plan = engine
                .plan(game.state(), &Config::new(Level::Easy), seed, context)
                .expect("a plan");
            for action in plan.actions {
                game.apply(action).expect("legal");
            }
        }
        game
    }

    #[test]
    fn requests_and_replies_survive_the_trip() {
        for id in GameId::ALL {
            let game = a_game(id, 7);
            let mut config = Config::new(Level::Master);
            config.set_nodes(3_000);
            config.set_threads(1);
            let sent = request(&game, config, 0xDEAD_BEEF_F00D, 42);
            let got = decode_request(&encode_request(&sent)).expect("a request");
            assert_eq!(got.state, sent.state);
            assert_eq!(got.history, sent.history);
            assert_eq!(got.config, sent.config);
            assert_eq!(
                (got.seed, got.quiet_turns, got.generation),
                (sent.seed, sent.quiet_turns, sent.generation)
            );
        }
        for result in [
            Err(AiError::GameOver),
            Err(AiError::Cancelled),
            Err(AiError::Failed("out of \"memory\"\n".into())),
        ] {
            let reply = Reply {
                generation: 9,
                result,
            };
            let back = decode_reply(&encode_reply(&reply)).expect("a reply");
            assert_eq!(
                (back.generation, back.result),
                (reply.generation, reply.result)
            );
        }
        assert!(decode_request("{}").is_err());
        assert!(decode_reply("not json").is_err());
    }

    /// The worker's side plays what the search thread plays: the same plan for the same
    /// request, whatever the game.
    #[test]
    fn a_served_request_is_the_same_search() {
        for id in GameId::ALL {
            let game = a_game(id, 5);
            let mut config = Config::new(Level::Master);
            config.set_nodes(4_000);
            config.set_threads(1);
            let sent = request(&game, config, 7, 3);
            let text = serve(&mut Engine::new(), &encode_request(&sent), 1);
            let served = decode_reply(&text).expect("a reply");
            let cancel = AtomicBool::new(false);
            let context = Context::new(&sent.history, &cancel).with_quiet_turns(sent.quiet_turns);
            let direct = Engine::new()
                .plan(&sent.state, &sent.config, sent.seed, context)
                .expect("a plan");
            let served = served.result.expect("a plan");
            assert_eq!(served.actions, direct.actions, "{id}");
            assert_eq!(served.score, direct.score, "{id}");
            assert_eq!(served.line, direct.line, "{id}");
            assert_eq!(served.stats.nodes, direct.stats.nodes, "{id}");
        }
    }

    #[test]
    fn bestmove_answers_the_turn_and_its_nodes() {
        let job = bestmove_job(GameId::Wudao, "c3 b2", "master:nodes=2000,threads=1", 5);
        let answer = bestmove(&job);
        assert!(
            answer.starts_with("turn ") && answer.contains(" nodes "),
            "{answer}"
        );
        assert_eq!(answer, bestmove(&job));
        assert!(bestmove(&bestmove_job(GameId::Wudao, "c3 c3", "master", 1)).starts_with("error "));
    }

    #[test]
    fn a_bad_request_is_an_error_reply() {
        let reply =
            decode_reply(&serve(&mut Engine::new(), "{\"game\":\"go\"}", 1)).expect("a reply");
        assert!(matches!(reply.result, Err(AiError::Failed(_))));
    }
}
