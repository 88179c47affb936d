//! `bestmove` and `match`: the computer's choice for a position, and AI-against-AI matches
//! with a score and per-level timings.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Args, CliError, err, parse_game, replay_ignoring_draws, write_line};
use crate::ai::{self, Config, Context, Engine, Level};
use crate::rules::{Game, GameId, Side, State, Status};

fn parse_level(text: Option<&str>, what: &str) -> Result<Level, CliError> {
    let Some(text) = text else {
        return err(format!(
            "{what} is required (easy, medium, hard, expert, master or random)"
        ));
    };
    Level::parse(text).ok_or_else(|| {
        CliError(format!(
            "unknown level `{text}` (expected easy, medium, hard, expert, master or random)"
        ))
    })
}

/// A player's configuration: `LEVEL[:KEY=VALUE,...]` (see [`Config::parse`]).
fn parse_config(text: Option<&str>, what: &str) -> Result<Config, CliError> {
    let Some(text) = text else {
        return err(format!(
            "{what} is required (easy, medium, hard, expert, master, mcts or random)"
        ));
    };
    Config::parse(text).map_err(|e| CliError(format!("{what}: {e}")))
}

fn parse_number(text: Option<&str>, what: &str, default: u64) -> Result<u64, CliError> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse()
            .map_err(|_| CliError(format!("{what} must be a whole number, not `{t}`"))),
    }
}

/// A whole number from `min` to `max`, if given.
fn parse_bounded(
    text: Option<&str>,
    what: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, CliError> {
    match text {
        None => Ok(None),
        Some(t) => match t.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => err(format!(
                "{what} must be a whole number from {min} to {max}, not `{t}`"
            )),
        },
    }
}

/// Reads `--movetime`, `--nodes` and `--threads` into `config` (they win over the
/// configuration's own settings).
fn read_budget(args: &mut Args, config: &mut Config) -> Result<(), CliError> {
    if let Some(ms) = parse_bounded(args.option("--movetime")?, "--movetime", 1, 3_600_000)? {
        config.movetime = Some(Duration::from_millis(ms));
    }
    if let Some(n) = parse_bounded(args.option("--nodes")?, "--nodes", 1, 1 << 40)? {
        config.nodes = Some(n);
        if config.movetime.is_none() {
            // A node budget alone is reproducible: no clock.
            config.movetime = None;
        }
    }
    if let Some(n) = parse_bounded(args.option("--threads")?, "--threads", 1, 256)? {
        config.threads = Some(n as usize);
    }
    Ok(())
}

pub(super) fn bestmove_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let mut config = parse_config(args.option("--level")?, "--level")?;
    let moves = args.option("--moves")?;
    let seed = parse_number(args.option("--seed")?, "--seed", 1)?;
    read_budget(args, &mut config)?;
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
    let (state, history) = replay_with_history(game, moves)?;
    let cancel = AtomicBool::new(false);
    // Kept until the answer is out: freeing a large table takes a few milliseconds.
    let mut engine = Engine::new();
    let plan = engine
        .plan(&state, &config, seed, Context::new(&history, &cancel))
        .map_err(|e| CliError(e.to_string()))?;
    let turn: Vec<String> = plan.actions.iter().map(|a| a.to_string()).collect();
    write_line(
        out,
        &format!(
            "info level {} depth {} nodes {} score {} time {:.3}s turn {}",
            config.level,
            plan.stats.depth,
            plan.stats.nodes,
            plan.score.map_or("-".to_string(), |s| s.to_string()),
            plan.stats.elapsed.as_secs_f64(),
            turn.join(" ")
        ),
    )?;
    match plan.actions.first() {
        Some(action) => write_line(out, &action.to_string()),
        None => err("the computer found no action"),
    }
}

/// The position after `--moves` (as [`replay_ignoring_draws`] gives it) and the keys of the
/// positions before it, for the repetition rule.
fn replay_with_history(game: GameId, moves: Option<&str>) -> Result<(State, Vec<u128>), CliError> {
    let state = replay_ignoring_draws(game, moves)?;
    let mut history = Vec::new();
    let mut current = State::start(game);
    for action in crate::rules::notation::parse_actions(moves.unwrap_or(""))
        .map_err(|e| CliError(e.to_string()))?
    {
        history.push(current.key());
        current.apply(action).map_err(|e| CliError(e.to_string()))?;
    }
    Ok((state, history))
}

/// One finished game of a match.
struct Played {
    black: Level,
    white: Level,
    status: Status,
    actions: usize,
    /// The game's record, for `--records`.
    record: String,
    /// Time of each computer turn, by the side that played it.
    turn_times: [Vec<Duration>; 2],
}

fn play_one(
    game: GameId,
    black: Level,
    white: Level,
    seed: u64,
    max_actions: usize,
    budget_scale: f64,
) -> Result<Played, CliError> {
    let mut g = Game::new(game);
    let cancel = AtomicBool::new(false);
    let mut turn_times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut history = vec![g.state().key()];
    let mut turn = 0u64;
    while !g.status().is_over() && g.len() < max_actions {
        let Some(side) = g.state().to_act() else {
            break;
        };
        let level = if side == Side::Black { black } else { white };
        let plan = ai::choose(
            g.state(),
            level,
            seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(turn),
            Context {
                history: &history[..history.len() - 1],
                cancel: &cancel,
                budget_scale,
            },
        )
        .map_err(|e| CliError(format!("{level} failed: {e}")))?;
        turn_times[side.index()].push(plan.stats.elapsed);
        for action in plan.actions {
            if g.status().is_over() || g.state().to_act() != Some(side) {
                break;
            }
            g.apply(action).map_err(|e| {
                CliError(format!("{level} chose an illegal action `{action}`: {e}"))
            })?;
            history.push(g.state().key());
        }
        turn += 1;
    }
    let metadata = crate::rules::records::Metadata {
        black: Some(crate::rules::records::Player {
            name: Some("Computer".into()),
            level: Some(black.id().into()),
        }),
        white: Some(crate::rules::records::Player {
            name: Some("Computer".into()),
            level: Some(white.id().into()),
        }),
        ..Default::default()
    };
    Ok(Played {
        black,
        white,
        status: g.status(),
        actions: g.len(),
        record: crate::rules::records::Record::of_game(&g, metadata).to_json(),
        turn_times,
    })
}

fn median(times: &mut [Duration]) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort();
    times[times.len() / 2]
}

pub(super) fn match_command(
    args: &mut Args,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let first = parse_level(args.option("--black")?, "--black")?;
    let second = parse_level(args.option("--white")?, "--white")?;
    let games = parse_number(args.option("--games")?, "--games", 0)?;
    if games == 0 {
        return err("--games must be given and at least 1");
    }
    let seed = parse_number(args.option("--seed")?, "--seed", 1)?;
    let threads = parse_number(args.option("--threads")?, "--threads", 1)?.clamp(1, 64) as usize;
    let max_actions =
        parse_number(args.option("--max-actions")?, "--max-actions", 20_000)? as usize;
    let budget_scale = match args.option("--budget-scale")? {
        None => 1.0,
        Some(t) => match t.parse::<f64>() {
            Ok(f) if f > 0.0 && f <= 100.0 => f,
            _ => {
                return err(format!(
                    "--budget-scale must be a number above 0, not `{t}`"
                ));
            }
        },
    };
    let records_dir = args.option("--records")?.map(std::path::PathBuf::from);
    let swap = args.flag("--swap");
    let quiet = args.flag("--quiet");
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;

    let pairing = |i: u64| {
        if swap && i % 2 == 1 {
            (second, first)
        } else {
            (first, second)
        }
    };
    // Games are independent and searches are budgeted in nodes, so running them on several
    // threads changes the timings but not the results.
    let next = std::sync::atomic::AtomicU64::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    let mut results: Vec<Option<Played>> = (0..games).map(|_| None).collect();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games as usize) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let (black, white) = pairing(i);
                    let played = play_one(
                        game,
                        black,
                        white,
                        seed.wrapping_add(i),
                        max_actions,
                        budget_scale,
                    );
                    let failed = played.is_err();
                    if tx.send((i, played)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        let mut printed = 0;
        for (i, played) in rx {
            match played {
                Ok(p) => results[i as usize] = Some(p),
                Err(e) => {
                    failure = Some(e);
                    next.store(games, std::sync::atomic::Ordering::Relaxed);
                    continue;
                }
            }
            done += 1;
            // Print finished games in order.
            while let Some(Some(p)) = results.get(printed) {
                if !quiet {
                    let line = format!(
                        "game {:>4}: black {:<6} white {:<6} {:<5} result: {} ({} actions)",
                        printed + 1,
                        p.black,
                        p.white,
                        match p.status.winner() {
                            Some(Side::Black) if p.black == first => "1-0",
                            Some(Side::White) if p.white == first => "1-0",
                            Some(_) => "0-1",
                            None => "½-½",
                        },
                        p.status.summary(),
                        p.actions
                    );
                    let _ = write_line(out, &line);
                }
                printed += 1;
            }
            let _ = write!(errors, "\r[{done}/{games}]");
            let _ = errors.flush();
        }
    });
    let _ = writeln!(errors);
    if let Some(e) = failure {
        return Err(e);
    }
    let played: Vec<Played> = results.into_iter().flatten().collect();
    if let Some(dir) = records_dir {
        std::fs::create_dir_all(&dir)
            .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))?;
        for (i, p) in played.iter().enumerate() {
            let path = dir.join(format!("{game}-{:04}.json", i + 1));
            std::fs::write(&path, &p.record)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    summarize(game, first, second, &played, out)
}

fn summarize(
    game: GameId,
    first: Level,
    second: Level,
    played: &[Played],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut decided_by: std::collections::BTreeMap<String, u32> = Default::default();
    for p in played {
        let first_side = if p.black == first {
            Side::Black
        } else {
            Side::White
        };
        match p.status.winner() {
            Some(w) if w == first_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        let reason = match p.status {
            Status::Won { reason, .. } => format!("{reason:?}")
                .split([' ', '{'])
                .next()
                .unwrap_or_default()
                .to_string(),
            Status::Drawn(reason) => format!("{reason:?}"),
            Status::Ongoing => "Unfinished".to_string(),
        };
        *decided_by.entry(reason).or_default() += 1;
        let (first_times, second_times) = match first_side {
            Side::Black => (&p.turn_times[0], &p.turn_times[1]),
            Side::White => (&p.turn_times[1], &p.turn_times[0]),
        };
        times[0].extend_from_slice(first_times);
        times[1].extend_from_slice(second_times);
    }
    let n = played.len().max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n * 100.0;
    write_line(
        out,
        &format!(
            "summary {game}: {first} vs {second}, {} games",
            played.len()
        ),
    )?;
    write_line(
        out,
        &format!("{first}: {wins} wins, {draws} draws, {losses} losses, score {score:.1}%"),
    )?;
    let ends: Vec<String> = decided_by.iter().map(|(k, v)| format!("{k} {v}")).collect();
    write_line(out, &format!("endings: {}", ends.join(", ")))?;
    let [first_times, second_times] = &mut times;
    for (level, t) in [(first, first_times), (second, second_times)] {
        let max = t.iter().max().copied().unwrap_or_default();
        let turns = t.len();
        let med = median(t);
        write_line(
            out,
            &format!(
                "time {level}: median {:.1} ms max {:.1} ms over {turns} turns",
                med.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3
            ),
        )?;
    }
    Ok(())
}
