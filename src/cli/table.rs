//! `solve` and `probe`: building, checking and reading the Flying table.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

use super::{
    ArgumentError, CliError, DrawRules, MovesArg, Replayed, game_argument, optional_text, text,
    wrap, write_line,
};
use crate::data_dir;
use crate::echo::quoted_path;
use crate::rules::{GameId, State};
use crate::tablebase::{
    self, Board, BoardTable, BuildConfig, Check, Figures, Inconsistency, Progress, Table,
    TableError, verify,
};

/// `solve`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = wrap(
    "The table of exact Flying values takes about 0.8 GB. A solve that is stopped goes on from \
     its checkpoint when run again."
))]
pub struct SolveArgs {
    /// flying, the only game with a table
    #[arg(value_name = "GAME")]
    game: OsString,
    /// Solving threads, 1 to 256 [default: every core]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// The table file [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: Option<OsString>,
    /// A smaller board to solve, SIZE 3 to 5 with 1 to 12 PIECES [default: 5x10]
    #[arg(long, value_name = "SIZExPIECES", allow_hyphen_values = true)]
    board: Option<OsString>,
    /// Check the table instead of building it: its checksums, a sample of its values against
    /// their successors, and games won under the 100-turn rule
    #[arg(long)]
    verify: bool,
    /// With --verify: how many values to check against their successors [default: 100000]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    samples: Option<OsString>,
    /// With --verify: how many won positions to play out [default: 200]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    games: Option<OsString>,
    /// With --verify: the seed of the samples and games [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: Option<OsString>,
}

/// `probe`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ProbeArgs {
    /// flying, the only game with a table
    #[arg(value_name = "GAME")]
    game: OsString,
    #[command(flatten)]
    moves: MovesArg,
    /// The table file [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
}

/// A whole number option, or its default.
fn number(arg: &Option<OsString>, name: &'static str, default: u64) -> Result<u64, CliError> {
    match optional_text(arg)? {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| {
            ArgumentError::Invalid {
                name,
                value: text.to_string(),
                expected: "a whole number".to_string(),
            }
            .into()
        }),
    }
}

/// The game, which must be flying: the only game with a table.
fn flying_only(arg: &OsStr) -> Result<(), CliError> {
    match game_argument(arg)? {
        GameId::Flying => Ok(()),
        _ => Err(ArgumentError::Invalid {
            name: "GAME",
            value: text(arg)?.to_string(),
            expected: "flying, the only game with a table".to_string(),
        }
        .into()),
    }
}

/// `--board SIZExPIECES`, 5x10 by default.
fn board(text: Option<&str>) -> Result<Board, CliError> {
    let Some(text) = text else {
        return Ok(Board::FLYING);
    };
    text.split_once('x')
        .and_then(|(s, p)| Board::new(s.parse().ok()?, p.parse().ok()?))
        .ok_or_else(|| {
            ArgumentError::Invalid {
                name: "--board",
                value: text.to_string(),
                expected: "SIZExPIECES with a size of 3 to 5 and 1 to 12 pieces".to_string(),
            }
            .into()
        })
}

/// The table file: `--out`/`--table` if given, else in the data folder.
fn table_path(given: Option<&OsStr>, board: Board) -> Result<PathBuf, CliError> {
    if let Some(path) = given {
        return Ok(PathBuf::from(path));
    }
    let name = if board == Board::FLYING {
        tablebase::FILE_NAME.to_string()
    } else {
        format!("flying-{0}x{0}-{1}.sanqi-table", board.size, board.pieces)
    };
    data_dir::path()
        .map(|dir| dir.join(name))
        .ok_or(CliError::Table(TableError::NoDataFolder))
}

fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The figures of a solve, one per line.
fn write_figures(out: &mut dyn Write, board: Board, f: &Figures) -> Result<(), CliError> {
    write_line(out, &format!("board: {board}"))?;
    write_line(
        out,
        &format!("positions: {} in {} classes", f.positions, f.classes()),
    )?;
    for (name, tally) in [("wins", f.wins), ("losses", f.losses), ("draws", f.draws)] {
        write_line(
            out,
            &format!(
                "{name}: {} positions ({:.2}%), {} classes",
                tally.positions,
                percent(tally.positions, f.positions),
                tally.classes
            ),
        )?;
    }
    write_line(
        out,
        &format!(
            "longest: win in {}, loss in {}",
            f.longest_win, f.longest_loss
        ),
    )?;
    write_line(
        out,
        &format!(
            "plies to the next flip: at most {} when winning, {} when losing",
            f.max_dtz_win, f.max_dtz_loss
        ),
    )?;
    write_line(
        out,
        &format!(
            "past the 100-turn rule: {} won positions ({} classes) cannot be forced to a flip \
             in time, {} lost ones ({} classes) can hold out",
            f.wins_past_limit.positions,
            f.wins_past_limit.classes,
            f.losses_past_limit.positions,
            f.losses_past_limit.classes
        ),
    )?;
    write_line(
        out,
        &format!("solve time: {:.1} s", f.solve_time.as_secs_f64()),
    )
}

/// The start position's value and each first move's.
fn write_first_moves(out: &mut dyn Write, table: &Table) -> Result<(), CliError> {
    let (start, moves) = verify::first_moves(table)?;
    write_line(out, &format!("start: {start}"))?;
    let moves: Vec<String> = moves.iter().map(|(a, v)| format!("{a} {v}")).collect();
    write_line(out, &format!("first moves: {}", moves.join(", ")))
}

/// A progress line on stderr when the phase changes, and every ten seconds within one.
struct ProgressLines<'a> {
    errors: &'a mut dyn Write,
    last_phase: Option<tablebase::Phase>,
    last_line: Instant,
}

impl ProgressLines<'_> {
    fn show(&mut self, p: &Progress) {
        if self.last_phase == Some(p.phase) && self.last_line.elapsed() < Duration::from_secs(10) {
            return;
        }
        self.last_phase = Some(p.phase);
        self.last_line = Instant::now();
        let _ = writeln!(
            self.errors,
            "[{:8.1} s] {:5.1}%  {}",
            p.elapsed.as_secs_f64(),
            100.0 * p.fraction,
            p.phase
        );
    }
}

pub(super) fn solve_command(
    args: &SolveArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let threads = match optional_text(&args.threads)? {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(text) => match text.parse::<usize>() {
            Ok(n) if (1..=256).contains(&n) => n,
            _ => {
                return Err(ArgumentError::Invalid {
                    name: "--threads",
                    value: text.to_string(),
                    expected: "a whole number from 1 to 256".to_string(),
                }
                .into());
            }
        },
    };
    let given = args.out.as_deref();
    let board = board(optional_text(&args.board)?)?;
    let check = args.verify;
    let samples = number(&args.samples, "--samples", 100_000)?;
    let games = number(&args.games, "--games", 200)?;
    let seed = number(&args.seed, "--seed", 1)?;
    flying_only(&args.game)?;
    let path = table_path(given, board)?;
    if check {
        return verify_command(&path, board, samples, games, seed, out);
    }
    let cancel = AtomicBool::new(false);
    let mut lines = ProgressLines {
        errors,
        last_phase: None,
        last_line: Instant::now(),
    };
    let config = BuildConfig {
        board,
        ..BuildConfig::flying(path.clone())
    };
    let report = tablebase::build(&config, threads, &mut |p| lines.show(p), &cancel)?;
    if let Some(reason) = &report.discarded_checkpoint {
        let _ = writeln!(
            lines.errors,
            "sanqi: an unusable checkpoint was removed ({reason}); the solve started afresh"
        );
    }
    write_figures(out, board, &report.figures)?;
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    write_line(
        out,
        &format!("table: {} ({size} bytes)", quoted_path(&path)),
    )?;
    if board == Board::FLYING {
        let table = Table::open_with(&path, Check::Once)?;
        write_first_moves(out, &table)?;
    }
    Ok(())
}

fn verify_command(
    path: &std::path::Path,
    board: Board,
    samples: u64,
    games: u64,
    seed: u64,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let file = BoardTable::open(path)?;
    if file.board() != board {
        return Err(CliError::Verify(format!(
            "{} is a table for {}, not {board}",
            quoted_path(path),
            file.board()
        )));
    }
    write_line(out, &format!("table: {} (checksums ok)", quoted_path(path)))?;
    write_figures(out, board, file.figures())?;
    let checked = verify::sample_consistency(&file, samples, seed)
        .map_err(|e| CliError::Verify(format!("inconsistent table: {e}")))?;
    write_line(
        out,
        &format!("consistency: {checked} classes follow from their successors"),
    )?;
    drop(file);
    if board != Board::FLYING {
        return Ok(());
    }
    let table = Table::open(path)?;
    write_first_moves(out, &table)?;
    let report = verify::conversion_games(&table, games, seed)?;
    write_line(
        out,
        &format!(
            "conversion: {} of {} won positions won under the game's rules ({} starting with 50+ \
             quiet turns; longest quiet run {}, longest game {} plies)",
            report.won, report.games, report.tight, report.longest_quiet_run, report.longest_game
        ),
    )?;
    if let Some(first) = report.failures.first() {
        return Err(CliError::Verify(format!(
            "{} conversion games were not won, the first: {first}",
            report.failures.len()
        )));
    }
    Ok(())
}

pub(super) fn probe_command(args: &ProbeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.moves.text()?;
    let given = args.table.as_deref();
    flying_only(&args.game)?;
    let replayed = Replayed::new(GameId::Flying, moves, DrawRules::Ignore)?;
    let State::Flying(state) = replayed.state() else {
        return Err(TableError::Inconsistent(Inconsistency::NotFlying).into());
    };
    let path = table_path(given, Board::FLYING)?;
    let table = Table::open_with(&path, Check::Once)?;
    // Everything is read before anything is printed: a damaged block found on the way
    // leaves no half answer.
    let value = table.probe(state)?;
    let moves = table.move_values(state)?;
    write_line(out, &format!("value: {value}"))?;
    for (action, value) in moves {
        write_line(out, &format!("{action} {value}"))?;
    }
    Ok(())
}
