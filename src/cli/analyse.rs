//! `analyse`: every action of a record labelled by what it cost, with a summary per side.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{ArgumentError, CliError, load_record, optional_text, parse_bounded, wrap, write_line};
use crate::ai::analysis::{
    self, ACCURACY_POWER, ACCURACY_SCALE_PIECES, BEST_LOSS, Budget, DECIDED_PIECES,
    EXACT_GOOD_PLIES, Evaluation, GOOD_LOSS, INACCURACY_LOSS, Label, MISTAKE_LOSS, Report,
};
use crate::data_dir;
use crate::rules::{GameId, Side};
use crate::tablebase::{self, Check, Table, TableError};

/// `analyse`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = help())]
pub struct AnalyseArgs {
    /// The game record to analyse
    #[arg(value_name = "RECORD.json")]
    record: OsString,
    /// The search's time per position, in milliseconds (1 to 3600000), instead of nodes
    /// (the figures then vary from run to run)
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    movetime: Option<OsString>,
    /// The search's positions per position [default: 500000]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    nodes: Option<OsString>,
    /// The Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
}

/// The help of `analyse`, with the thresholds the analysis uses, in lines of at most 80
/// characters.
pub(super) fn help() -> String {
    let text = format!(
        "analyse: the engine (Master, one thread) searches each position for --nodes N \
         ({default} unless told), so that the same record always gives the same figures, or \
         for --movetime MS, which gives what the machine manages in that time. Each action is \
         labelled by the evaluation its side lost against the engine's choice, in pieces: best up to \
         {BEST_LOSS}, good up to {GOOD_LOSS}, inaccuracy up to {INACCURACY_LOSS}, mistake up to \
         {MISTAKE_LOSS}, blunder beyond; a forced win counts as {DECIDED_PIECES} pieces. In \
         Flying, with the table (in the data folder, or --table FILE), values are exact: a move \
         that turns a win into a draw or a loss, or a draw into a loss, is a blunder; a slower \
         win (or a quicker loss) is good within {EXACT_GOOD_PLIES} plies of the best and an \
         inaccuracy beyond. Evaluations are from Black's side. A side's accuracy is the average, over \
         its actions with a choice, of (1 - L)^{ACCURACY_POWER}, where L is the share of the \
         expected result the action lost (the evaluation read through a logistic curve of \
         {ACCURACY_SCALE_PIECES} pieces; exact values count as 1, 1/2 and 0).",
        default = default_nodes(),
    );
    wrap(&text)
}

fn default_nodes() -> u64 {
    match Budget::DEFAULT {
        Budget::Nodes(n) => n,
        Budget::Time(_) => 0,
    }
}

/// An evaluation from Black's side as the command prints it: `+1.25`, `black wins in 9`,
/// `white won`, `draw`.
pub fn black_view(e: Evaluation) -> String {
    match e {
        Evaluation::Score(_) | Evaluation::Draw => e.to_string(),
        Evaluation::Win(0) => "black won".to_string(),
        Evaluation::Loss(0) => "white won".to_string(),
        Evaluation::Win(n) => format!("black wins in {n}"),
        Evaluation::Loss(n) => format!("white wins in {n}"),
    }
}

pub(super) fn analyse_command(
    args: &AnalyseArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let movetime = parse_bounded(optional_text(&args.movetime)?, "--movetime", 1, 3_600_000)?;
    let nodes = parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)?;
    let given_table = args.table.as_deref();
    let path = Path::new(&args.record);
    let budget = match (movetime, nodes) {
        (Some(_), Some(_)) => {
            return Err(ArgumentError::NotWith {
                name: "--nodes",
                other: "--movetime",
            }
            .into());
        }
        (Some(ms), None) => Budget::Time(Duration::from_millis(ms)),
        (None, Some(n)) => Budget::Nodes(n),
        (None, None) => Budget::DEFAULT,
    };
    let game = load_record(path)?;
    let table = if game.id() == GameId::Flying {
        open_table(given_table, errors)?
    } else {
        None
    };
    let cancel = AtomicBool::new(false);
    let exact = table.as_ref().map(|t| t as &dyn analysis::ExactValues);
    let report = analysis::analyse(&game, budget, exact, &cancel, &mut |_| {})
        .map_err(|error| CliError::Computer { level: None, error })?;
    if let Some(error) = table.as_ref().and_then(Table::failure) {
        let _ = writeln!(
            errors,
            "sanqi: {error}; from there on the values are the search's"
        );
    }
    write_report(&report, out)
}

/// The Flying table: the one named, which must open, or the data folder's, if it opens
/// (otherwise the analysis searches, and says why on `errors`). Either has its header checked
/// as it opens and each block when first read, as `bestmove` does; a block found damaged
/// stops it, and the analysis searches from there on.
pub(super) fn open_table(
    given: Option<&OsStr>,
    errors: &mut dyn Write,
) -> Result<Option<Table>, CliError> {
    if let Some(path) = given {
        return Ok(Some(Table::open_with(Path::new(path), Check::Once)?));
    }
    let opened = data_dir::path()
        .ok_or(TableError::NoDataFolder)
        .and_then(|dir| Table::open_with(&tablebase::path_in(&dir), Check::Once));
    match opened {
        Ok(table) => Ok(Some(table)),
        Err(why) => {
            let _ = writeln!(errors, "sanqi: {why}; the values are the search's");
            Ok(None)
        }
    }
}

fn write_report(report: &Report, out: &mut dyn Write) -> Result<(), CliError> {
    for a in &report.actions {
        let mut line = format!(
            "{}. {} {} {} {}",
            a.turn,
            a.side.name(),
            a.action,
            black_view(a.after),
            a.label
        );
        if let Some(better) = a.preferred {
            line.push_str(&format!(" (engine: {better})"));
        }
        write_line(out, &line)?;
    }
    for side in Side::BOTH {
        let summary = &report.summary[side.index()];
        let counts: Vec<String> = Label::ALL
            .iter()
            .map(|l| format!("{} {}", summary.counts[*l as usize], l))
            .collect();
        write_line(
            out,
            &format!(
                "{}: {}; accuracy {:.1}%",
                side.name(),
                counts.join(", "),
                summary.accuracy
            ),
        )?;
    }
    Ok(())
}
