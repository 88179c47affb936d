//! `bestmove` and `match`: the computer's choice for a position, and AI-against-AI matches
//! with a score and per-level timings.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{
    Args, ArgumentError, CliError, FileTask, parse_game, replay_ignoring_draws, write_line,
};
use crate::ai::{Config, Context, Engine, Oracle};
use crate::app::storage;
use crate::arena::sprt::{self, PAIR_VALUES, Sprt, Verdict};
use crate::arena::{self, Flow, MatchSpec, PlayerSpec, Tally, openings};
use crate::rules::{Game, GameId, State};
use crate::tablebase::{self, Check, Table, TableError};

/// A player's configuration: `LEVEL[:KEY=VALUE,...]` (see [`Config::parse`]).
fn parse_config(text: Option<&str>, what: &'static str) -> Result<Config, ArgumentError> {
    let Some(text) = text else {
        return Err(ArgumentError::Required {
            name: what,
            expected: "easy, medium, hard, expert, master, mcts or random",
        });
    };
    Config::parse(text).map_err(|reason| ArgumentError::BadPlayer { name: what, reason })
}

fn parse_number(
    text: Option<&str>,
    what: &'static str,
    default: u64,
) -> Result<u64, ArgumentError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse().map_err(|_| ArgumentError::Invalid {
            name: what,
            value: t.to_string(),
            expected: "a whole number".to_string(),
        }),
    }
}

/// A whole number from `min` to `max`, if given.
pub(super) fn parse_bounded(
    text: Option<&str>,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, ArgumentError> {
    match text {
        None => Ok(None),
        Some(t) => match t.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ArgumentError::Invalid {
                name: what,
                value: t.to_string(),
                expected: format!("a whole number from {min} to {max}"),
            }),
        },
    }
}

/// Reads `--movetime`, `--nodes` and `--threads` into `config` (they win over the
/// configuration's own settings).
fn read_budget(args: &mut Args, config: &mut Config) -> Result<(), CliError> {
    if let Some(ms) = parse_bounded(args.option("--movetime")?, "--movetime", 1, 3_600_000)? {
        config.set_movetime(Duration::from_millis(ms));
    }
    if let Some(n) = parse_bounded(args.option("--nodes")?, "--nodes", 1, 1 << 40)? {
        config.set_nodes(n);
    }
    if let Some(n) = parse_bounded(args.option("--threads")?, "--threads", 1, 256)? {
        config.set_threads(n as usize);
    }
    Ok(())
}

/// What a `bestmove` process spends outside the time it measures itself: loading before
/// `main`, and writing the answer and exiting after the search.
const PROCESS_MARGIN: Duration = Duration::from_millis(15);

/// Transposition table size (log2 of entries) for one decision of `movetime` on `threads`:
/// a table that starts empty and is thrown away after one search needs about one entry per
/// node searched (a few hundred thousand a second), and a larger one only costs the
/// process the time to fault its pages in.
fn table_bits_for(movetime: Duration, threads: usize) -> u32 {
    let entries = movetime.as_millis() as u64 * 1_000 * threads.max(1) as u64;
    entries.next_power_of_two().trailing_zeros().clamp(16, 21)
}

/// Whether `config` in `game` plays from the Flying table: a player that consults an oracle,
/// in Flying.
fn uses_table(game: GameId, config: &Config) -> bool {
    game == GameId::Flying && config.params(game).oracle
}

/// The Flying table for Master: `--table FILE`, else the one in the data folder. It is
/// checked in full the first time only (a record beside it keeps the result), so that a
/// process per decision starts quickly. When it cannot be used, one line on `errors` says
/// why and Master searches.
fn open_table(given: Option<&Path>, errors: &mut dyn Write) -> Option<Arc<Table>> {
    let path = match given {
        Some(path) => Some(path.to_path_buf()),
        None => storage::data_dir().map(|dir| tablebase::path_in(&dir)),
    };
    let opened = match &path {
        Some(path) => Table::open_with(path, Check::Once),
        None => Err(TableError::NoDataFolder),
    };
    match opened {
        Ok(table) => Some(Arc::new(table)),
        Err(error) => {
            let _ = writeln!(errors, "sanqi: {error}; Master searches instead");
            None
        }
    }
}

/// Turns played in a row without a capture or a flip after `moves`, as the 100-turn rule
/// counts them (what the table player needs to win in time). `bestmove` plays on past a
/// draw by the rules, and the count goes on with it: a turn that changes no side's number of
/// pieces adds one, any other starts it again.
fn quiet_turns_after(game: GameId, moves: Option<&str>) -> Result<u16, CliError> {
    let mut played = Game::new(game);
    let mut past_end: Option<(State, u16, bool)> = None;
    for (i, action) in crate::rules::notation::parse_actions(moves.unwrap_or(""))?
        .into_iter()
        .enumerate()
    {
        let illegal = |reason| CliError::IllegalMove {
            index: i + 1,
            action,
            reason,
        };
        if past_end.is_none() && played.status().is_over() {
            past_end = Some((*played.state(), played.quiet_turns(), false));
        }
        match &mut past_end {
            None => {
                played.apply(action).map_err(illegal)?;
            }
            Some((state, quiet, changed)) => {
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
    Ok(past_end.map_or_else(|| played.quiet_turns(), |(_, quiet, _)| quiet))
}

pub(super) fn bestmove_command(
    args: &mut Args,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let mut config = parse_config(args.option("--level")?, "--level")?;
    let moves = args.option("--moves")?;
    let seed = parse_number(args.option("--seed")?, "--seed", 1)?;
    let table_path = args.option("--table")?.map(PathBuf::from);
    let weights_path = args.option("--weights")?.map(PathBuf::from);
    read_budget(args, &mut config)?;
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
    let weights = weights_path
        .as_deref()
        .map(|p| super::learn::load_weights(p, game))
        .transpose()?;
    let (state, history) = replay_with_history(game, moves)?;
    if let Some(movetime) = config.movetime() {
        // The answer is due within --movetime of the process's start: the replay, the start-up
        // and the exit come out of the search's time (never more than half of it).
        let spent = started.elapsed() + PROCESS_MARGIN;
        config.set_movetime(movetime.saturating_sub(spent).max(movetime / 2));
        if config.nodes().is_none() {
            config.default_table_bits(table_bits_for(movetime, config.threads().unwrap_or(1)));
        }
    }
    let quiet_turns = quiet_turns_after(game, moves)?;
    let cancel = AtomicBool::new(false);
    // Kept until the answer is out: freeing a large table takes a few milliseconds.
    let mut engine = match uses_table(game, &config)
        .then(|| open_table(table_path.as_deref(), errors))
        .flatten()
    {
        Some(table) => Engine::with_oracle(table),
        None => Engine::new(),
    };
    if let Some(w) = weights {
        engine = engine.with_weights(w);
    }
    let context = Context::new(&history, &cancel).with_quiet_turns(quiet_turns);
    let plan = engine
        .plan(&state, &config, seed, context)
        .map_err(|error| CliError::Computer { level: None, error })?;
    let turn: Vec<String> = plan.actions.iter().map(|a| a.to_string()).collect();
    write_line(
        out,
        &format!(
            "info level {} depth {} nodes {} score {} time {:.3}s source {} turn {}",
            config.level,
            plan.stats.depth,
            plan.stats.nodes,
            plan.score.map_or("-".to_string(), |s| s.to_string()),
            plan.stats.elapsed.as_secs_f64(),
            if plan.from_oracle { "table" } else { "search" },
            turn.join(" ")
        ),
    )?;
    match plan.actions.first() {
        Some(action) => write_line(out, &action.to_string()),
        None => Err(CliError::NoAction {
            level: config.level,
        }),
    }
}

/// The position after `--moves` (as [`replay_ignoring_draws`] gives it) and the keys of the
/// positions before it, for the repetition rule.
fn replay_with_history(game: GameId, moves: Option<&str>) -> Result<(State, Vec<u128>), CliError> {
    let state = replay_ignoring_draws(game, moves)?;
    let mut history = Vec::new();
    let mut current = State::start(game);
    for (i, action) in crate::rules::notation::parse_actions(moves.unwrap_or(""))?
        .into_iter()
        .enumerate()
    {
        history.push(current.key());
        current
            .apply(action)
            .map_err(|reason| CliError::IllegalMove {
                index: i + 1,
                action,
                reason,
            })?;
    }
    Ok((state, history))
}

pub(super) fn match_command(
    args: &mut Args,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let mut first = PlayerSpec {
        config: parse_config(args.option("--black")?, "--black")?,
        program: args.option("--black-engine")?.map(PathBuf::from),
        weights: None,
    };
    let mut second = PlayerSpec {
        config: parse_config(args.option("--white")?, "--white")?,
        program: args.option("--white-engine")?.map(PathBuf::from),
        weights: None,
    };
    let weights_paths = [
        args.option("--black-weights")?.map(PathBuf::from),
        args.option("--white-weights")?.map(PathBuf::from),
    ];
    let games = parse_bounded(args.option("--games")?, "--games", 1, u64::MAX)?.ok_or(
        ArgumentError::Required {
            name: "--games",
            expected: "a whole number of at least 1",
        },
    )?;
    let seed = parse_number(args.option("--seed")?, "--seed", 1)?;
    let threads = parse_bounded(args.option("--threads")?, "--threads", 1, 64)?.unwrap_or(1);
    let max_actions = parse_bounded(args.option("--max-actions")?, "--max-actions", 1, 1_000_000)?
        .unwrap_or(20_000) as usize;
    let budget_scale = match args.option("--budget-scale")? {
        None => 1.0,
        Some(t) => match t.parse::<f64>() {
            Ok(f) if f > 0.0 && f <= 100.0 => f,
            _ => {
                return Err(ArgumentError::Invalid {
                    name: "--budget-scale",
                    value: t.to_string(),
                    expected: "a number above 0 and at most 100".to_string(),
                }
                .into());
            }
        },
    };
    // Budgets for both sides, unless a side's configuration sets its own.
    let movetime = parse_bounded(args.option("--movetime")?, "--movetime", 1, 3_600_000)?;
    let nodes = parse_bounded(args.option("--nodes")?, "--nodes", 1, 1 << 40)?;
    for side in [&mut first, &mut second] {
        if side.config.movetime().is_none() && side.config.nodes().is_none() {
            if let Some(ms) = movetime {
                side.config.set_movetime(Duration::from_millis(ms));
            }
            if let Some(n) = nodes {
                side.config.set_nodes(n);
            }
        }
    }
    let openings = args.flag("--openings");
    let opening_plies = parse_bounded(args.option("--opening-plies")?, "--opening-plies", 0, 40)?;
    let sprt = match args.option("--sprt")? {
        None => None,
        Some(t) => Some(Sprt::parse(t).ok_or_else(|| ArgumentError::Invalid {
            name: "--sprt",
            value: t.to_string(),
            expected: "ELO0,ELO1 with ELO0 below ELO1".to_string(),
        })?),
    };
    let records_dir = match args.option("--records")? {
        // An empty name would put the records in the current folder.
        Some("") => {
            return Err(ArgumentError::Invalid {
                name: "--records",
                value: String::new(),
                expected: "a folder name".to_string(),
            }
            .into());
        }
        other => other.map(PathBuf::from),
    };
    let swap = args.flag("--swap");
    let quiet = args.flag("--quiet");
    let table_path = args.option("--table")?.map(PathBuf::from);
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
    for (spec, path) in [&mut first, &mut second].into_iter().zip(&weights_paths) {
        if let Some(path) = path {
            spec.weights = Some(super::learn::load_weights(path, game)?);
        }
    }
    if budget_scale != 1.0 && (first.program.is_some() || second.program.is_some()) {
        return Err(ArgumentError::NotWith {
            name: "--budget-scale",
            other: "another build (give its budget in its configuration)",
        }
        .into());
    }
    let paired = openings || opening_plies.is_some() || sprt.is_some();
    // Each opening is played with both colours: whole pairs only.
    let games = if paired { games - games % 2 } else { games };
    if games == 0 {
        return Err(ArgumentError::Invalid {
            name: "--games",
            value: games.to_string(),
            expected: "at least 2 with openings (each is played with both colours)".to_string(),
        }
        .into());
    }
    if let Some(dir) = &records_dir {
        std::fs::create_dir_all(dir).map_err(|error| CliError::File {
            task: FileTask::CreateFolder,
            path: dir.clone(),
            error,
        })?;
    }
    // One table for every internal Master of the match.
    let internal_master = |p: &PlayerSpec| p.program.is_none() && uses_table(game, &p.config);
    let oracle: Option<Arc<dyn Oracle>> = if internal_master(&first) || internal_master(&second) {
        open_table(table_path.as_deref(), errors).map(|t| t as Arc<dyn Oracle>)
    } else {
        None
    };
    let spec = MatchSpec {
        oracle,
        game,
        first: first.clone(),
        second: second.clone(),
        games,
        seed,
        swap,
        opening_plies: paired
            .then(|| opening_plies.map_or(openings::default_plies(game), |p| p as usize)),
        max_actions,
        budget_scale,
        threads: threads as usize,
    };
    let (name_a, name_b) = (first.name(), second.name());
    let mut tally = Tally::default();
    let mut verdict = Verdict::Continue;
    let mut llr = 0.0;
    let mut write_failure = None;
    let outcome = arena::run(&spec, |result| {
        tally.add(&result, paired);
        let (black, white) = if result.first_is_black {
            (("A", &name_a), ("B", &name_b))
        } else {
            (("B", &name_b), ("A", &name_a))
        };
        let points = match result.first_points() {
            p if p > 0.75 => "1-0",
            p if p < 0.25 => "0-1",
            _ => "½-½",
        };
        if !quiet {
            let line = format!(
                "game {:>4}: black {} {} white {} {} {points} result: {} ({} actions)",
                result.index + 1,
                black.0,
                black.1,
                white.0,
                white.1,
                result.status.summary(),
                result.actions
            );
            if let Err(e) = write_line(out, &line) {
                write_failure.get_or_insert(e);
                return Flow::Stop;
            }
        }
        if let Some(dir) = &records_dir {
            let path = dir.join(format!("{game}-{:04}.json", result.index + 1));
            if let Err(error) = crate::files::write_atomic(&path, result.record.as_bytes()) {
                write_failure.get_or_insert(CliError::File {
                    task: FileTask::Write,
                    path,
                    error,
                });
                return Flow::Stop;
            }
        }
        let _ = write!(errors, "\r[{}/{games}]", tally.games());
        let _ = errors.flush();
        if let Some(test) = &sprt
            && result.index % 2 == 1
        {
            llr = test.llr(&tally.pair_counts(), &PAIR_VALUES);
            verdict = test.verdict(llr);
            // A line every 20 pairs, so that a long test's log shows where it stands.
            if (result.index + 1) % 40 == 0
                && let Some(e) = sprt::estimate(&tally.pair_counts(), &PAIR_VALUES)
            {
                let line = format!(
                    "sprt after {} games: LLR {llr:.2}, elo {:+.1} ± {:.1}",
                    tally.games(),
                    e.elo,
                    (e.elo_high - e.elo_low) / 2.0
                );
                if let Err(e) = write_line(out, &line) {
                    write_failure.get_or_insert(e);
                    return Flow::Stop;
                }
            }
            if verdict != Verdict::Continue {
                return Flow::Stop;
            }
        }
        Flow::Continue
    });
    if tally.games() > 0 {
        // Ends the progress line.
        let _ = writeln!(errors);
    }
    if let Some(e) = write_failure {
        return Err(e);
    }
    outcome.map_err(CliError::Match)?;
    summarize(game, &name_a, &name_b, &tally, out)?;
    if paired {
        write_line(
            out,
            &format!(
                "pairs (A's points 0, ½, 1, 1½, 2): {}",
                tally.pairs.map(|n| n.to_string()).join(" ")
            ),
        )?;
    }
    if let Some(test) = sprt {
        let (lower, upper) = test.bounds();
        let decision = match verdict {
            Verdict::Accepted => "H1 accepted",
            Verdict::Rejected => "H0 accepted",
            Verdict::Continue => "undecided",
        };
        write_line(
            out,
            &format!(
                "sprt elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}), {decision} after {} games",
                test.elo0,
                test.elo1,
                test.alpha,
                test.beta,
                tally.games()
            ),
        )?;
    }
    Ok(())
}

fn summarize(
    game: GameId,
    name_a: &str,
    name_b: &str,
    tally: &Tally,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    write_line(
        out,
        &format!(
            "summary {game}: A {name_a} vs B {name_b}, {} games",
            tally.games()
        ),
    )?;
    write_line(
        out,
        &format!(
            "A {name_a}: {} wins, {} draws, {} losses, score {:.1}%",
            tally.wins,
            tally.draws,
            tally.losses,
            tally.score() * 100.0
        ),
    )?;
    let estimate = if tally.pairs.iter().sum::<u64>() > 0 {
        sprt::estimate(&tally.pair_counts(), &PAIR_VALUES)
    } else {
        sprt::estimate(&tally.game_counts(), &sprt::GAME_VALUES)
    };
    if let Some(e) = estimate {
        write_line(
            out,
            &format!(
                "elo {:+.1} (95%: {:+.1} to {:+.1}), score {:.1}% ± {:.1}",
                e.elo,
                e.elo_low,
                e.elo_high,
                e.score * 100.0,
                e.margin * 100.0
            ),
        )?;
    }
    let ends: Vec<String> = tally
        .endings
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    write_line(out, &format!("endings: {}", ends.join(", ")))?;
    for (label, name, t) in [
        ("A", name_a, &tally.times[0]),
        ("B", name_b, &tally.times[1]),
    ] {
        write_line(
            out,
            &format!(
                "time {label} {name}: median {:.1} ms max {:.1} ms over {} turns",
                t.median().as_secs_f64() * 1e3,
                t.max().as_secs_f64() * 1e3,
                t.count()
            ),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Action;

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
    fn a_single_decision_gets_a_table_sized_by_its_time() {
        assert_eq!(table_bits_for(Duration::from_millis(500), 1), 19);
        assert_eq!(table_bits_for(Duration::from_millis(500), 2), 20);
        assert_eq!(table_bits_for(Duration::from_millis(1), 1), 16);
        assert_eq!(table_bits_for(Duration::from_secs(60), 4), 21);
    }

    #[test]
    fn quiet_turns_count_from_the_last_flip() {
        assert_eq!(quiet_turns_after(GameId::Flying, None).ok(), Some(0));
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
            let before = state.counts();
            state.apply(action).expect("legal");
            flips += usize::from(state.counts() != before);
            moves.push(action);
            let text: Vec<String> = moves.iter().map(|a| a.to_string()).collect();
            let found = quiet_turns_after(GameId::Flying, Some(&text.join(" "))).ok();
            assert_eq!(found, Some(counted(&moves)), "after {}", text.join(" "));
            if game.status().is_over() {
                past_end += 1;
            } else {
                game.apply(action).expect("legal");
                assert_eq!(found, Some(game.quiet_turns()));
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
}
