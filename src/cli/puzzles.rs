//! `puzzles`: build a game's puzzle file from recorded games, rate it again, check it, and
//! export puzzles as JSON.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use web_time::Instant;

use serde::{Deserialize, Serialize};

use super::{CliError, game_argument, optional_text, parse_bounded, wrap, write_line};
use crate::echo::quoted_path;
use crate::files::output::{Input, Kind, Output, OutputError, Planned, plan};
use crate::files::{MAX_FILE_SIZE, read_regular_file};
use crate::learn::puzzles::build::{self, Spec, State, Tally};
use crate::learn::puzzles::quality;
use crate::learn::puzzles::rate::{RATING_TRIES_DEFAULT, Rated, rate};
use crate::learn::puzzles::verify::{Budgets, Verifier};
use crate::learn::puzzles::{Collection, Puzzle, embedded};
use crate::rules::GameId;

/// `puzzles`'s arguments: what to do.
#[derive(Debug, clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    action: PuzzlesAction,
}

// Parsed once per run: the size of its largest variant (larger where paths are wider, as on
// Windows) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, clap::Subcommand)]
enum PuzzlesAction {
    /// Find puzzles in recorded games and write them to a puzzle file
    #[command(after_help = wrap(
        "Each position right after a mistake (by a small search, or the Flying table) is \
         checked: the solver's every decision must be clearly best, by the table, Wu Dao's \
         exact solver or a deep search confirmed by a larger one, and the line must end in a \
         clear gain within five turns. The file is written after each game, so a stopped run \
         goes on with --resume. The same arguments give the same file on any number of threads."
    ))]
    Build(BuildArgs),
    /// Give every puzzle of a file its starting rating again, from the rated levels
    #[command(after_help = wrap(
        "A file with a puzzle whose line is illegal, or whose position repeats another's up to \
         the board's symmetries, is refused before any work. A line on the error output tells \
         how far the rating has got every few seconds (--quiet: none)."
    ))]
    Rate(RateArgs),
    /// Check every puzzle of a file again, from its position
    Check(CheckArgs),
    /// Write a game's puzzles as JSON, one object a line
    Export(ExportArgs),
}

/// `puzzles build`'s arguments.
#[derive(Debug, clap::Args)]
pub struct BuildArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// The puzzle file to write
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: OsString,
    /// Recorded games (`sanqi match --records`): record files or folders of them
    #[arg(long, value_name = "RECORDS", required = true, num_args = 1..)]
    from: Vec<OsString>,
    /// Stop once this many puzzles are kept [default: 300]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    count: Option<OsString>,
    /// The seed of the order of the games and of the searches [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// Games checked at once, 1 to 64 [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// The searches' nodes per action: first pass, deep, confirmation [default: 4000,40000,160000]
    #[arg(long, value_name = "C,D,F", allow_hyphen_values = true)]
    budgets: Option<OsString>,
    /// The Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
    /// Tries each level gets at each puzzle when it is rated, 1 to 20 [default: 2]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    tries: Option<OsString>,
    /// Only positions that can start a puzzle of this theme: pull (Neihuang) or parity (Wu
    /// Dao's last placements)
    #[arg(long, value_name = "THEME", allow_hyphen_values = true)]
    theme: Option<OsString>,
    /// Start from the puzzles of this file that pass the rules (they keep their numbers and
    /// ratings; the new ones are numbered after them)
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    base: Option<OsString>,
    /// Go on with the run stopped in FILE
    #[arg(long)]
    resume: bool,
    /// No progress lines
    #[arg(long)]
    quiet: bool,
}

/// `puzzles rate`'s arguments.
#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// The puzzle file to rate
    #[arg(value_name = "FILE")]
    file: OsString,
    /// Where to write the rated file [default: FILE itself]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: Option<OsString>,
    /// Tries each level gets at each puzzle, 1 to 20 [default: 2]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    tries: Option<OsString>,
    /// The seed of the levels' choices [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// No progress lines
    #[arg(long)]
    quiet: bool,
}

/// `puzzles check`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = wrap(
    "Reads the file (its checksum and every line's legality), refuses a position that repeats \
     another up to the board's symmetries, checks that every puzzle is worth solving (at least \
     4 legal actions at the first decision; a wrong one there that the greedy player, or the \
     level two steps below the puzzle's rating, would play; a material line that ends with \
     pieces won on the board), and checks every solver decision again as the build did (with \
     the same budgets, and the Flying table for Flying). The first bad puzzle is named by its \
     id; --list names them all."
))]
pub struct CheckArgs {
    /// The puzzle file to check
    #[arg(value_name = "FILE")]
    file: OsString,
    /// The searches' nodes per action, as the build had them [default: 4000,40000,160000]
    #[arg(long, value_name = "C,D,F", allow_hyphen_values = true)]
    budgets: Option<OsString>,
    /// The Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
    /// Only the file, the lines' legality, the repeats and the rules of a puzzle worth
    /// solving: the decisions are not searched again
    #[arg(long)]
    quick: bool,
    /// Name every puzzle that fails, not only the first
    #[arg(long)]
    list: bool,
    /// The seed the build had [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
}

/// `puzzles export`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// A puzzle file to export [default: the puzzles built into the program]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    file: Option<OsString>,
}

pub(super) fn puzzles_command(
    args: &PuzzlesArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    match &args.action {
        PuzzlesAction::Build(args) => build_command(args, out, errors),
        PuzzlesAction::Rate(args) => rate_command(args, out, errors),
        PuzzlesAction::Check(args) => check_command(args, out, errors),
        PuzzlesAction::Export(args) => export_command(args, out),
    }
}

/// What a run keeps beside its puzzle file, to resume it.
#[derive(Debug, Serialize, Deserialize)]
struct Progress {
    game: String,
    seed: u64,
    budgets: String,
    sources: usize,
    sources_done: usize,
    candidates: usize,
    not_unique: usize,
    no_gain: usize,
    other: usize,
    duplicates: usize,
    #[serde(default)]
    dull: usize,
    /// How many puzzles the run started with from `--base`.
    #[serde(default)]
    base: usize,
    /// The theme the run is limited to (`--theme`), if it is.
    #[serde(default)]
    theme: Option<String>,
}

fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

fn read_file(path: &Path, game: Option<GameId>) -> Result<Collection, CliError> {
    let bytes = read_regular_file(path, MAX_FILE_SIZE).map_err(|error| {
        CliError::Learn(format!(
            "cannot read the puzzle file {}: {error}",
            quoted_path(path)
        ))
    })?;
    Collection::read(game, &bytes)
        .map_err(|e| CliError::Learn(format!("{}: {e}", quoted_path(path))))
}

/// Plans the outputs (`kind` for the puzzle file, the progress file replaced beside it where
/// there is one) against the inputs, before any work: nothing but a regular file replaced,
/// never an input, a folder that can be written. Returns them as planned, in that order.
fn plan_outputs(
    inputs: &[Input],
    out: &Path,
    kind: Kind,
    progress: Option<&Path>,
) -> Result<Vec<Planned>, CliError> {
    let mut outputs = vec![Output::new("--out", out, kind)];
    if let Some(progress) = progress {
        outputs.push(Output::new("the progress file", progress, Kind::Replace));
    }
    plan(inputs, &outputs).map_err(|e| match e {
        OutputError::Exists { .. } => CliError::Learn(format!(
            "{e}: add --resume to go on with its run, or name a new file"
        )),
        e => e.into(),
    })
}

/// Writes a planned output whole, atomically.
fn write_file(output: &Planned, bytes: &[u8]) -> Result<(), CliError> {
    output.write(bytes)?;
    Ok(())
}

fn budgets_argument(text: Option<&str>) -> Result<Budgets, CliError> {
    match text {
        None => Ok(Budgets::DEFAULT),
        Some(t) => Budgets::parse(t).ok_or_else(|| {
            super::ArgumentError::Invalid {
                name: "--budgets",
                value: t.to_string(),
                expected: "three whole numbers of nodes, like 4000,40000,160000".to_string(),
            }
            .into()
        }),
    }
}

fn build_command(
    args: &BuildArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let game = game_argument(&args.game)?;
    let out_path = PathBuf::from(&args.out);
    let count = parse_bounded(optional_text(&args.count)?, "--count", 1, 100_000)?.unwrap_or(300);
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let budgets = budgets_argument(optional_text(&args.budgets)?)?;
    let tries = parse_bounded(optional_text(&args.tries)?, "--tries", 1, 20)?
        .unwrap_or(u64::from(RATING_TRIES_DEFAULT)) as u32;
    let only = match optional_text(&args.theme)? {
        None => None,
        Some(text) => Some(
            crate::learn::puzzles::Theme::parse(text)
                .filter(|t| build::ONLY_THEMES.contains(t) && t.of_game_is(game))
                .ok_or_else(|| super::ArgumentError::Invalid {
                    name: "--theme",
                    value: text.to_string(),
                    expected: match game {
                        GameId::Neihuang => "pull",
                        GameId::Wudao => "parity",
                        GameId::Flying => "nothing: Flying's runs take every position",
                    }
                    .to_string(),
                })?,
        ),
    };
    let from: Vec<PathBuf> = args.from.iter().map(PathBuf::from).collect();
    let sources = build::list_sources(&from).map_err(CliError::Learn)?;
    if sources.is_empty() {
        return Err(CliError::Learn(
            "no recorded games were found in --from".into(),
        ));
    }
    let progress_file = progress_path(&out_path);
    let table_input: Vec<Input> = args
        .table
        .as_deref()
        .map(|path| Input {
            role: "--table",
            path: Path::new(path),
        })
        .into_iter()
        .chain(args.base.as_deref().map(|path| Input {
            role: "--base",
            path: Path::new(path),
        }))
        .collect();
    let kind = if args.resume {
        Kind::Continue
    } else {
        Kind::New
    };
    plan_outputs(&table_input, &out_path, kind, Some(&progress_file))?;
    // Checked; from here on each save replaces the files whole.
    let planned = plan_outputs(&table_input, &out_path, Kind::Replace, Some(&progress_file))?;
    let [out_file, progress_out] = &planned[..] else {
        return Err(CliError::Learn("no output was planned".into()));
    };
    let mut state = State {
        puzzles: Collection::new(game),
        ..State::default()
    };
    let mut base_kept = 0;
    if let (Some(base), false) = (&args.base, args.resume) {
        let base = read_file(Path::new(base), Some(game))?;
        refuse_set_aside(&base)?;
        refuse_repeats(&base)?;
        state.puzzles.puzzles = base
            .puzzles
            .into_iter()
            .filter(|p| quality::assess(p, &Rated).is_ok())
            .collect();
        base_kept = state.puzzles.puzzles.len();
    }
    if args.resume {
        let bytes = read_regular_file(&progress_file, MAX_FILE_SIZE).map_err(|e| {
            CliError::Learn(format!(
                "nothing to resume at {}: {e}",
                quoted_path(&progress_file)
            ))
        })?;
        let saved: Progress = serde_json::from_slice(&bytes).map_err(|e| {
            CliError::Learn(format!("{} is damaged: {e}", quoted_path(&progress_file)))
        })?;
        if saved.game != game.id()
            || saved.seed != seed
            || saved.budgets != budgets.to_string()
            || saved.sources != sources.len()
            || saved.theme.as_deref() != only.map(|t| t.id())
        {
            return Err(CliError::Learn(format!(
                "the stopped run was {} with seed {}, budgets {} and {} games: resume it with the same arguments",
                saved.game, saved.seed, saved.budgets, saved.sources
            )));
        }
        state.puzzles = read_file(&out_path, Some(game))?;
        state.sources_done = saved.sources_done;
        base_kept = saved.base;
        state.tally = Tally {
            candidates: saved.candidates,
            kept: state.puzzles.puzzles.len() - base_kept.min(state.puzzles.puzzles.len()),
            not_unique: saved.not_unique,
            no_gain: saved.no_gain,
            other: saved.other,
            duplicates: saved.duplicates,
            dull: saved.dull,
        };
    }
    // Only once everything asked for is known to be usable: a note about the table before
    // an error that stops the command would make two lines of one failure.
    let table = if game == GameId::Flying {
        super::analyse::open_table(args.table.as_deref(), errors)?
    } else {
        None
    };
    let spec = Spec {
        game,
        sources,
        count: count as usize,
        seed,
        budgets,
        table: table
            .as_ref()
            .map(|t| t as &dyn crate::ai::analysis::ExactValues),
        ladder: &Rated,
        threads: threads as usize,
        tries,
        only,
    };
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let total_sources = spec.sources.len();
    let mut last = started;
    let quiet = args.quiet;
    let mut save = |state: &State| -> Result<(), String> {
        write_file(out_file, &state.puzzles.to_bytes()).map_err(|e| e.to_string())?;
        let t = state.tally;
        let progress = Progress {
            game: game.id().to_string(),
            seed,
            budgets: budgets.to_string(),
            sources: total_sources,
            sources_done: state.sources_done,
            candidates: t.candidates,
            not_unique: t.not_unique,
            no_gain: t.no_gain,
            other: t.other,
            duplicates: t.duplicates,
            dull: t.dull,
            base: base_kept,
            theme: only.map(|t| t.id().to_string()),
        };
        let json = serde_json::to_vec_pretty(&progress).map_err(|e| e.to_string())?;
        write_file(progress_out, &json).map_err(|e| e.to_string())
    };
    // Written at once: a run whose base already has the count checks no game.
    save(&state).map_err(CliError::Learn)?;
    build::run(
        &spec,
        &mut state,
        &cancel,
        &mut save,
        &mut |state, total| {
            let now = Instant::now();
            if quiet || now.duration_since(last).as_secs() < 5 {
                return;
            }
            last = now;
            let t = state.tally;
            let _ = writeln!(
                errors,
                "[{}/{total} games] {} puzzles; {t}; {:.0} s",
                state.sources_done,
                state.puzzles.puzzles.len(),
                started.elapsed().as_secs_f64()
            );
        },
    )
    .map_err(CliError::Learn)?;
    let t = state.tally;
    write_line(
        out,
        &format!(
            "{} puzzles of {game} in {} ({base_kept} from --base) from {} of {} games; {t}; {:.0} s",
            state.puzzles.puzzles.len(),
            quoted_path(&out_path),
            state.sources_done,
            total_sources,
            started.elapsed().as_secs_f64()
        ),
    )
}

fn rate_command(
    args: &RateArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let path = PathBuf::from(&args.file);
    let out_path = args
        .out
        .as_ref()
        .map_or_else(|| path.clone(), PathBuf::from);
    let tries = parse_bounded(optional_text(&args.tries)?, "--tries", 1, 20)?
        .unwrap_or(u64::from(RATING_TRIES_DEFAULT)) as u32;
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    // Rated in place unless --out names another file, which must not be the one read.
    let inputs = match args.out {
        Some(_) => vec![Input {
            role: "puzzle",
            path: &path,
        }],
        None => Vec::new(),
    };
    let planned = plan_outputs(&inputs, &out_path, Kind::Replace, None)?;
    let [output] = &planned[..] else {
        return Err(CliError::Learn("no output was planned".into()));
    };
    let mut collection = read_file(&path, None)?;
    refuse_set_aside(&collection)?;
    refuse_repeats(&collection)?;
    let started = Instant::now();
    let mut last = started;
    let total = collection.puzzles.len();
    for (i, puzzle) in collection.puzzles.iter_mut().enumerate() {
        puzzle.rating = rate(puzzle, &Rated, tries, seed ^ u64::from(puzzle.number));
        let now = Instant::now();
        // The first puzzle's line says the work has started; then one every 5 s.
        if !args.quiet && (i == 0 || now.duration_since(last).as_secs() >= 5) {
            last = now;
            let _ = writeln!(
                errors,
                "[{}/{total} puzzles] rated; {:.0} s",
                i + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    write_file(output, &collection.to_bytes())?;
    let mean = collection
        .puzzles
        .iter()
        .map(|p| p.rating.rating)
        .sum::<f64>()
        / collection.puzzles.len().max(1) as f64;
    write_line(
        out,
        &format!(
            "{} puzzles rated (mean {:.0}) in {}",
            collection.puzzles.len(),
            mean,
            quoted_path(&out_path)
        ),
    )
}

fn check_command(
    args: &CheckArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let path = PathBuf::from(&args.file);
    let budgets = budgets_argument(optional_text(&args.budgets)?)?;
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let collection = read_file(&path, None)?;
    refuse_set_aside(&collection)?;
    let game = collection.game.unwrap_or(GameId::Neihuang);
    refuse_repeats(&collection)?;
    let table = if game == GameId::Flying && !args.quick {
        super::analyse::open_table(args.table.as_deref(), errors)?
    } else {
        None
    };
    let exact = table
        .as_ref()
        .map(|t| t as &dyn crate::ai::analysis::ExactValues);
    let cancel = AtomicBool::new(false);
    let mut failures: Vec<String> = Vec::new();
    for p in &collection.puzzles {
        // The rules of a puzzle worth solving first (cheap), then the line's every decision.
        let mut why = quality::assess(p, &Rated).err().map(|f| f.to_string());
        if why.is_none() && !args.quick {
            let start = p
                .start()
                .map_err(|_| CliError::Learn(format!("puzzle {}", p.id())))?;
            let mut verifier = Verifier::new(budgets, exact, seed ^ u64::from(p.number), &cancel);
            why = verifier
                .recheck(&start, &p.line, p.free)
                .err()
                .map(|r| rejection_text(r).to_string());
        }
        let Some(why) = why else { continue };
        let line = format!("puzzle {}: {why}", p.id());
        if !args.list {
            return Err(CliError::Learn(line));
        }
        write_line(out, &line)?;
        failures.push(line);
    }
    write_line(
        out,
        &format!(
            "legal actions at the first decision: {}",
            choices_summary(&collection.puzzles)
        ),
    )?;
    if let Some(first) = failures.first() {
        return Err(CliError::Learn(format!(
            "{} of {} puzzles fail; the first: {first}",
            failures.len(),
            collection.puzzles.len()
        )));
    }
    write_line(
        out,
        &format!(
            "{} puzzles of {game} in {}: all sound{}",
            collection.puzzles.len(),
            quoted_path(&path),
            if args.quick {
                " (the rules and the lines; the decisions were not searched again)"
            } else {
                ""
            }
        ),
    )
}

/// Refuses a file with a puzzle whose position repeats another's up to the board's
/// symmetries (naming both), or whose moves do not build.
fn refuse_repeats(collection: &Collection) -> Result<(), CliError> {
    let mut seen = std::collections::HashMap::new();
    for p in &collection.puzzles {
        let start = p.start().map_err(|(i, e)| {
            CliError::Learn(format!("puzzle {}: move {} is illegal: {e}", p.id(), i + 1))
        })?;
        if let Some(other) = seen.insert(build::canonical_key(&start), p.id()) {
            return Err(CliError::Learn(format!(
                "puzzle {}: the same position as puzzle {other}",
                p.id()
            )));
        }
    }
    Ok(())
}

/// Refuses a file with a puzzle set aside for an illegal line, naming it.
fn refuse_set_aside(collection: &Collection) -> Result<(), CliError> {
    match collection.set_aside.first() {
        Some((id, why)) => Err(CliError::Learn(format!("puzzle {id}: {why}"))),
        None => Ok(()),
    }
}

/// How many puzzles offer each number of legal actions at the first decision: `2: 5, 3: 12,
/// 4: 40, …`.
fn choices_summary(puzzles: &[Puzzle]) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for p in puzzles {
        if let Ok(start) = p.start() {
            *counts.entry(quality::choices(&start)).or_insert(0usize) += 1;
        }
    }
    counts
        .iter()
        .map(|(n, k)| format!("{n}: {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn rejection_text(why: crate::learn::puzzles::verify::Rejection) -> &'static str {
    use crate::learn::puzzles::verify::Rejection;
    match why {
        Rejection::NoChoice => "the solver has no choice to make",
        Rejection::NotUnique => "a solver decision is not clearly best, or not the one stored",
        Rejection::NoGain => "the line ends without a clear gain",
        Rejection::Escapes => "the opponent escapes along the line",
        Rejection::Cancelled => "the check was stopped",
    }
}

/// One puzzle as `export` writes it.
#[derive(Serialize)]
struct Exported {
    id: String,
    game: &'static str,
    moves: Vec<String>,
    solution: Vec<String>,
    #[serde(skip_serializing_if = "is_zero")]
    free: u8,
    goal: &'static str,
    themes: Vec<&'static str>,
    rating: i64,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn export_command(args: &ExportArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = game_argument(&args.game)?;
    let owned;
    let collection = match &args.file {
        Some(file) => {
            owned = read_file(Path::new(file), Some(game))?;
            // As check and rate do: a file with an illegal puzzle is refused, not trimmed.
            refuse_set_aside(&owned)?;
            &owned
        }
        None => embedded(game),
    };
    if let Some(problem) = &collection.problem {
        return Err(CliError::Learn(format!(
            "the built-in {game} puzzles: {problem}"
        )));
    }
    write_line(out, "[")?;
    let n = collection.puzzles.len();
    for (i, p) in collection.puzzles.iter().enumerate() {
        let line =
            serde_json::to_string(&exported(p)).map_err(|e| CliError::Learn(e.to_string()))?;
        write_line(out, &format!("{line}{}", if i + 1 < n { "," } else { "" }))?;
    }
    write_line(out, "]")
}

fn exported(p: &Puzzle) -> Exported {
    Exported {
        id: p.id(),
        game: p.game.id(),
        moves: p.moves.iter().map(|a| a.to_string()).collect(),
        solution: p.line.iter().map(|a| a.to_string()).collect(),
        free: p.free,
        goal: p.goal.id(),
        themes: p.themes.iter().map(|t| t.id()).collect(),
        rating: p.rating.rating.round() as i64,
    }
}
