//! `bestmove` and `match`: the computer's choice for a position, and AI-against-AI matches
//! with a score and per-level timings.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

use super::{
    ArgumentError, CliError, DrawRules, FileTask, MovesArg, Replayed, game_argument, optional_text,
    parse_bounded, text, wrap, write_line,
};
use crate::ai::{Config, Context, Engine, Oracle};
use crate::arena::sprt::{self, PAIR_VALUES, Sprt, Verdict};
use crate::arena::{self, Flow, MatchSpec, PlayerSpec, Tally, openings};
use crate::data_dir;
use crate::files::output::{Kind, Output};
use crate::files::{self, NewFileError};
use crate::rules::GameId;
use crate::tablebase::{self, Check, Table, TableError};

/// How a player is written, for the help of `bestmove` and `match`.
macro_rules! player_help {
    () => {
        "PLAYER is a level (beginner, novice, easy, medium, hard, expert, master), a reference \
         player (greedy, random) or mcts, optionally with settings, e.g. \
         master:contempt=0,nodes=200000."
    };
}

/// The help after a command's options that names players: `text`, then the engine's settings
/// as their table lists them.
fn player_help(text: &str) -> String {
    format!(
        "{}\n\n{}",
        wrap(text),
        crate::ai::settings::help().trim_end()
    )
}

/// `bestmove`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = player_help(player_help!()))]
pub struct BestmoveArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// Who chooses: a level or mcts, with any settings (see below)
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    level: OsString,
    #[command(flatten)]
    moves: MovesArg,
    /// The seed of the computer's random choices [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// The time to answer in, in milliseconds, counted from the process's start
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    movetime: Option<OsString>,
    /// The most positions to search (reproducible on any machine)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    nodes: Option<OsString>,
    /// Search threads, 1 to 256
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// Master's Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
    /// The pattern evaluation's weights, from `sanqi train`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    weights: Option<OsString>,
    /// The opening book, from `sanqi book build`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    book: Option<OsString>,
}

/// `match`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = player_help(concat!(
    "In a match, --black names player A and --white player B; --swap, --openings and --sprt \
     alternate their colours, and --threads plays that many games at once. Another build \
     (--black-engine, --white-engine) that takes more than ten times its time for a turn and \
     ten seconds more (on nodes alone: ten seconds and one for every 5,000 positions), or \
     prints more than 64 KiB, is stopped and the match ends. ",
    player_help!()
)))]
pub struct MatchArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// Player A, black in the first game
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    black: OsString,
    /// Player B, white in the first game
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    white: OsString,
    /// Player A is another build of sanqi, asked through its `bestmove`
    #[arg(long, value_name = "BIN", allow_hyphen_values = true)]
    black_engine: Option<OsString>,
    /// Player B is another build of sanqi, asked through its `bestmove`
    #[arg(long, value_name = "BIN", allow_hyphen_values = true)]
    white_engine: Option<OsString>,
    /// Player A's pattern evaluation weights, from `sanqi train`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    black_weights: Option<OsString>,
    /// Player B's pattern evaluation weights, from `sanqi train`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    white_weights: Option<OsString>,
    /// Player A's opening book, from `sanqi book build`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    black_book: Option<OsString>,
    /// Player B's opening book, from `sanqi book build`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    white_book: Option<OsString>,
    /// How many games to play (with openings, whole pairs)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    games: OsString,
    /// The seed of the openings and the players' random choices [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// Players take turns with Black from game to game
    #[arg(long)]
    swap: bool,
    /// Each game starts from a seeded random opening, played with both colours
    #[arg(long)]
    openings: bool,
    /// The length of the openings, in actions (0 to 40) [default: the game's own]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    opening_plies: Option<OsString>,
    /// Stop as soon as a sequential test decides between ELO0 and ELO1 (played in pairs)
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<OsString>,
    /// Time per turn for both sides, in milliseconds, unless a player sets its own
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    movetime: Option<OsString>,
    /// Positions per turn for both sides, unless a player sets its own
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    nodes: Option<OsString>,
    /// Games played at once, 1 to 64 [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// Every budget multiplied by F (above 0, at most 100)
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    budget_scale: Option<OsString>,
    /// A game longer than N actions is stopped as a draw [default: 20000]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_actions: Option<OsString>,
    /// Save each game's record in DIR, as GAME-NNNN.json (never replacing a file there)
    #[arg(long, value_name = "DIR", allow_hyphen_values = true)]
    records: Option<OsString>,
    /// Print only the summary: no line per game, no progress counter
    #[arg(long)]
    quiet: bool,
    /// Master's Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
}

/// A player's configuration: `LEVEL[:KEY=VALUE,...]` (see [`Config::parse`]).
fn parse_config(arg: &std::ffi::OsStr, what: &'static str) -> Result<Config, ArgumentError> {
    Config::parse(text(arg)?).map_err(|reason| ArgumentError::BadPlayer { name: what, reason })
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

/// Reads `--movetime`, `--nodes` and `--threads` into `config` (they win over the
/// configuration's own settings).
fn read_budget(args: &BestmoveArgs, config: &mut Config) -> Result<(), CliError> {
    let movetime = optional_text(&args.movetime)?;
    if let Some(ms) = parse_bounded(movetime, "--movetime", 1, 3_600_000)? {
        config.set_movetime(Duration::from_millis(ms));
    }
    if let Some(n) = parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)? {
        config.set_nodes(n);
    }
    if let Some(n) = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 256)? {
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

/// The Flying table for Master: `--table FILE`, else the one in the data folder. Its header
/// is checked as it opens, and each block the first time a probe reads it, so that a
/// process per decision starts quickly. When it cannot be used, one line on `errors` says
/// why and Master searches; damage found later says so through [`tell_table_failure`].
pub(super) fn open_table(given: Option<&Path>, errors: &mut dyn Write) -> Option<Arc<Table>> {
    let path = match given {
        Some(path) => Some(path.to_path_buf()),
        None => data_dir::path().map(|dir| tablebase::path_in(&dir)),
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

/// Says once on `errors` that a probe found the table damaged (Master has searched since),
/// as a table that cannot be opened is told of. `told` remembers that it was said; `start`
/// comes before the line (to leave a progress counter's line).
fn tell_table_failure(table: Option<&Table>, told: &mut bool, start: &str, errors: &mut dyn Write) {
    if *told {
        return;
    }
    if let Some(error) = table.and_then(Table::failure) {
        *told = true;
        let _ = writeln!(errors, "{start}sanqi: {error}; Master searches instead");
    }
}

pub(super) fn bestmove_command(
    args: &BestmoveArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let mut config = parse_config(&args.level, "--level")?;
    let moves = args.moves.text()?;
    let seed = parse_number(optional_text(&args.seed)?, "--seed", 1)?;
    let table_path = args.table.as_ref().map(PathBuf::from);
    read_budget(args, &mut config)?;
    let game = game_argument(&args.game)?;
    let weights = args
        .weights
        .as_deref()
        .map(|p| super::learn::load_weights(Path::new(p), game))
        .transpose()?;
    let book = args
        .book
        .as_deref()
        .map(|p| super::learn::load_book(Path::new(p), game))
        .transpose()?;
    // The one replay of --moves: the position, the keys before it and the quiet turns.
    let replayed = Replayed::new(game, moves, DrawRules::Ignore)?;
    if let Some(movetime) = config.movetime() {
        // The answer is due within --movetime of the process's start: the replay, the start-up
        // and the exit come out of the search's time (never more than half of it).
        let spent = started.elapsed() + PROCESS_MARGIN;
        config.set_movetime(movetime.saturating_sub(spent).max(movetime / 2));
        if config.nodes().is_none() {
            config.default_table_bits(table_bits_for(movetime, config.threads().unwrap_or(1)));
        }
    }
    let cancel = AtomicBool::new(false);
    // Kept until the answer is out: freeing a large table takes a few milliseconds.
    let table = uses_table(game, &config)
        .then(|| open_table(table_path.as_deref(), errors))
        .flatten();
    let mut engine = match &table {
        Some(table) => Engine::with_oracle(table.clone()),
        None => Engine::new(),
    };
    if let Some(w) = weights {
        engine = engine.with_weights(w);
    }
    if let Some(b) = book {
        engine = engine.with_book(b);
    }
    let context =
        Context::new(replayed.history(), &cancel).with_quiet_turns(replayed.quiet_turns());
    let plan = engine
        .plan(replayed.state(), &config, seed, context)
        .map_err(|error| CliError::Computer { level: None, error })?;
    tell_table_failure(table.as_deref(), &mut false, "", errors);
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
            if plan.from_oracle {
                "table"
            } else if plan.from_book {
                "book"
            } else {
                "search"
            },
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

pub(super) fn match_command(
    args: &MatchArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let mut first = PlayerSpec {
        config: parse_config(&args.black, "--black")?,
        program: args.black_engine.as_ref().map(PathBuf::from),
        weights: None,
        book: None,
    };
    let mut second = PlayerSpec {
        config: parse_config(&args.white, "--white")?,
        program: args.white_engine.as_ref().map(PathBuf::from),
        weights: None,
        book: None,
    };
    let games = parse_bounded(Some(text(&args.games)?), "--games", 1, u64::MAX)?.unwrap_or(1);
    let seed = parse_number(optional_text(&args.seed)?, "--seed", 1)?;
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let max_actions = parse_bounded(
        optional_text(&args.max_actions)?,
        "--max-actions",
        1,
        1_000_000,
    )?
    .unwrap_or(20_000) as usize;
    let budget_scale = match optional_text(&args.budget_scale)? {
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
    let movetime = parse_bounded(optional_text(&args.movetime)?, "--movetime", 1, 3_600_000)?;
    let nodes = parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)?;
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
    let openings = args.openings;
    let opening_plies = parse_bounded(
        optional_text(&args.opening_plies)?,
        "--opening-plies",
        0,
        40,
    )?;
    let sprt = match optional_text(&args.sprt)? {
        None => None,
        Some(t) => Some(Sprt::parse(t).ok_or_else(|| ArgumentError::Invalid {
            name: "--sprt",
            value: t.to_string(),
            expected: "ELO0,ELO1 with ELO0 below ELO1".to_string(),
        })?),
    };
    let records_dir = match args.records.as_deref() {
        // An empty name would put the records in the current folder.
        Some(name) if name.is_empty() => {
            return Err(ArgumentError::Invalid {
                name: "--records",
                value: String::new(),
                expected: "a folder name".to_string(),
            }
            .into());
        }
        other => other.map(PathBuf::from),
    };
    let swap = args.swap;
    let quiet = args.quiet;
    let table_path = args.table.as_ref().map(PathBuf::from);
    let game = game_argument(&args.game)?;
    let weights_paths = [&args.black_weights, &args.white_weights];
    let book_paths = [&args.black_book, &args.white_book];
    for ((spec, weights), book) in [&mut first, &mut second]
        .into_iter()
        .zip(weights_paths)
        .zip(book_paths)
    {
        if let Some(path) = weights {
            spec.weights = Some(super::learn::load_weights(Path::new(path), game)?);
        }
        if let Some(path) = book {
            spec.book = Some(super::learn::load_book(Path::new(path), game)?);
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
        // Made if missing, and checked to take new files, before the first game.
        files::output::plan(&[], &[Output::new("--records", dir, Kind::Folder)])?;
    }
    // One table for every internal Master of the match.
    let internal_master = |p: &PlayerSpec| p.program.is_none() && uses_table(game, &p.config);
    let table = (internal_master(&first) || internal_master(&second))
        .then(|| open_table(table_path.as_deref(), errors))
        .flatten();
    let oracle = table.clone().map(|t| t as Arc<dyn Oracle>);
    let mut table_failure_told = false;
    let spec = MatchSpec {
        oracle,
        game,
        first: first.clone(),
        second: second.clone(),
        games,
        first_game: 0,
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
        // After the counter's line, if it is shown.
        let start = if quiet || tally.games() == 0 {
            ""
        } else {
            "\r"
        };
        tell_table_failure(table.as_deref(), &mut table_failure_told, start, errors);
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
        if let Some(dir) = &records_dir
            && let Err(failure) = write_record(dir, game, result.index, &result.record)
        {
            write_failure.get_or_insert(failure);
            return Flow::Stop;
        }
        if !quiet {
            let _ = write!(errors, "\r[{}/{games}]", tally.games());
            let _ = errors.flush();
        }
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
    if tally.games() > 0 && !quiet {
        // Ends the progress line.
        let _ = writeln!(errors);
    }
    tell_table_failure(table.as_deref(), &mut table_failure_told, "", errors);
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

/// Writes game `index`'s record into `dir` as `<game>-<NNNN>.json`, numbered from 1, or if
/// that name is taken (by an earlier match, or one running beside this one) under the first
/// free `<game>-<NNNN>-<n>.json`: a record already there is never replaced.
fn write_record(dir: &Path, game: GameId, index: u64, record: &str) -> Result<(), CliError> {
    let base = format!("{game}-{:04}", index + 1);
    files::write_new_numbered(dir, &base, "json", record.as_bytes())
        .map(drop)
        .map_err(|e| match e {
            NewFileError::Write { path, error } => CliError::File {
                task: FileTask::Write,
                path,
                error,
            },
            NewFileError::NoFreeName => CliError::File {
                task: FileTask::Write,
                path: dir.join(format!("{base}.json")),
                error: std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    format!(
                        "it and every name up to {base}-{}.json are taken",
                        files::MAX_NUMBERED_NAMES
                    ),
                ),
            },
        })
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
    write_line(out, &tally.colours_line())?;
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

    #[test]
    fn a_single_decision_gets_a_table_sized_by_its_time() {
        assert_eq!(table_bits_for(Duration::from_millis(500), 1), 19);
        assert_eq!(table_bits_for(Duration::from_millis(500), 2), 20);
        assert_eq!(table_bits_for(Duration::from_millis(1), 1), 16);
        assert_eq!(table_bits_for(Duration::from_secs(60), 4), 21);
    }
}
