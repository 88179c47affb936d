//! `selfplay`, `train` and `book`: playing games for data, fitting the pattern evaluation to
//! it, and building the opening book; and reading the weights and book files that other
//! commands take.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use web_time::Instant;

use super::{
    ArgumentError, CliError, game_argument, optional_text, parse_bounded, wrap, write_line,
};
use crate::ai::book::Book;
use crate::ai::{Config, Weights};
use crate::echo::quoted_path;
use crate::files::output::{Input, Kind, Output, Planned, distinct_inputs, plan, with_extension};
use crate::files::{MAX_FILE_SIZE, read_regular_file};
use crate::learn::TrainError;
use crate::learn::book::{Spec as BookSpec, build as build_book};
use crate::learn::data::{self, DataError, GameData, Header, Outcome, Writer};
use crate::learn::selfplay::{self, Progress, Spec};
use crate::learn::train::{self, Options};
use crate::rules::{GameId, Side};

/// Reads a weights file for `game` (for the lifetime of the process: a command reads one or
/// two).
pub(super) fn load_weights(path: &Path, game: GameId) -> Result<&'static Weights, CliError> {
    load(path, "weights", |bytes| Weights::parse_for(game, bytes))
}

/// Reads a file of the kind named and parses it, kept for the lifetime of the process; an
/// error is one line that quotes the path.
fn load<T, E: std::fmt::Display>(
    path: &Path,
    kind: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<&'static T, CliError> {
    let quoted = quoted_path(path);
    let bytes = read_regular_file(path, MAX_FILE_SIZE)
        .map_err(|error| CliError::Learn(format!("cannot read {kind} file {quoted}: {error}")))?;
    let value = parse(&bytes).map_err(|error| CliError::Learn(format!("{quoted}: {error}")))?;
    Ok(Box::leak(Box::new(value)))
}

/// Prints a line for each finished game, at most about once a second, and the last one.
struct Report<'a> {
    errors: &'a mut dyn Write,
    quiet: bool,
    started: Instant,
    last: Option<Instant>,
    positions: usize,
    wins: [u32; 2],
    draws: u32,
    first: u32,
}

impl Progress for Report<'_> {
    fn game_done(&mut self, data: &GameData, done: u32, total: u32) {
        self.positions += data.samples.len();
        match data.outcome {
            Outcome::Won(side) => self.wins[side.index()] += 1,
            Outcome::Drawn => self.draws += 1,
        }
        let now = Instant::now();
        if self.quiet
            || (done < total
                && self
                    .last
                    .is_some_and(|t| now - t < std::time::Duration::from_secs(1)))
        {
            return;
        }
        self.last = Some(now);
        let played = done - self.first;
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = f64::from(total - done) * elapsed / f64::from(played.max(1));
        let _ = writeln!(
            self.errors,
            "[{done}/{total}] {} positions; Black {} White {} drawn {}; {:.0} s, about {:.0} s left",
            self.positions,
            self.wins[Side::Black.index()],
            self.wins[Side::White.index()],
            self.draws,
            elapsed,
            left
        );
    }
}

/// `selfplay`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = wrap(
    "Each game is recorded position by position, with the search's score and the result, for \
     `sanqi train`. A stopped run goes on with --resume, with the same seed and player; a file \
     that is damaged, or whose last game was cut short, is never changed: --repair FILE copies \
     its sound games into a new file (--out), to go on with or to train on."
))]
pub struct SelfplayArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// How many games to play
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        required_unless_present = "repair"
    )]
    games: Option<OsString>,
    /// The data file to write (a new one, unless --resume)
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: OsString,
    /// Positions searched per decision [default: 20000]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    nodes: Option<OsString>,
    /// The seed of the games [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// Who plays both sides [default: master]
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    player: Option<OsString>,
    /// The pattern evaluation's weights for the player, from `sanqi train`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    weights: Option<OsString>,
    /// Games played at once, 1 to 64 [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// Go on with the games a stopped run left in FILE
    #[arg(long, conflicts_with = "repair")]
    resume: bool,
    /// Copy the sound games of a damaged data file into the new file --out (a damaged
    /// header is replaced by the one this command's game, seed and player give)
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    repair: Option<OsString>,
    /// No progress lines
    #[arg(long)]
    quiet: bool,
}

/// `train`'s arguments.
#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// A self-play data file (one or more)
    #[arg(long, value_name = "FILE", required = true, allow_hyphen_values = true)]
    data: Vec<OsString>,
    /// The weights file to write
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: OsString,
    /// Passes over the data, 1 to 1000; the epoch with the least held-out loss is kept
    /// [default: 8]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    epochs: Option<OsString>,
    /// The weight of the result against the search's score in the target, 0 to 1
    /// [default: 0.5]
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    lambda: Option<OsString>,
    /// L2 regularisation per weight, 0 to 1 [default: 0.001]
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    l2: Option<OsString>,
    /// The initial step size [default: 0.02]
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    rate: Option<OsString>,
    /// The seed of the training [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// The learning curve's picture [default: the weights file's name, ending in .svg]
    #[arg(long, value_name = "FILE.svg", allow_hyphen_values = true)]
    curve: Option<OsString>,
}

pub(super) fn selfplay_command(
    args: &SelfplayArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let games = match optional_text(&args.games)? {
        Some(t) => parse_bounded(Some(t), "--games", 1, u64::from(u32::MAX))?.unwrap_or(1) as u32,
        None => 0,
    };
    let path = PathBuf::from(&args.out);
    let nodes =
        parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)?.unwrap_or(20_000);
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let player_text = optional_text(&args.player)?.unwrap_or("master");
    let weights_path = args.weights.as_ref().map(PathBuf::from);
    let repair_path = args.repair.as_ref().map(PathBuf::from);
    let resume = args.resume;
    let quiet = args.quiet;
    let game = game_argument(&args.game)?;
    let mut player = Config::parse(player_text).map_err(|reason| ArgumentError::BadPlayer {
        name: "--player",
        reason,
    })?;
    player.set_nodes(nodes);
    player.set_threads(1);
    let mut inputs = Vec::new();
    if let Some(p) = &weights_path {
        inputs.push(Input {
            role: "--weights",
            path: p,
        });
    }
    if let Some(p) = &repair_path {
        inputs.push(Input {
            role: "--repair",
            path: p,
        });
    }
    let kind = if resume { Kind::Continue } else { Kind::New };
    let planned = plan(&inputs, &[Output::new("--out", &path, kind)]).map_err(|e| match e {
        crate::files::output::OutputError::Exists { .. } => CliError::Learn(format!(
            "{e}: add --resume to go on with its games, or name a new file"
        )),
        e => e.into(),
    })?;
    let [output] = planned.as_slice() else {
        return Err(CliError::Learn("no output was planned".into()));
    };
    let weights = weights_path
        .as_deref()
        .map(|p| load_weights(p, game))
        .transpose()?;
    let mut spec = Spec::new(game, seed, player);
    spec.weights = weights;
    // The header names everything that decides the games, so that a resumed run is the run
    // that was stopped.
    let mut described = player.to_string();
    if let Some(w) = weights {
        described.push_str(&format!(" weights {:08x}", crc32fast::hash(&w.to_bytes())));
    }
    let header = Header {
        game,
        seed,
        player: described,
    };
    if let Some(damaged) = &repair_path {
        return repair(damaged, output, &header, out);
    }
    let exists = std::fs::metadata(output.destination()).is_ok();
    let mut writer = if resume && exists {
        Writer::resume(output.destination(), &header)
            .map_err(|e| data_error(&path, game, &e, "nothing was changed"))?
    } else {
        Writer::create(output, &header).map_err(|e| match e {
            data::CreateError::Write(e) => e.into(),
            data::CreateError::Data(e) => CliError::Learn(format!("{}: {e}", quoted_path(&path))),
        })?
    };
    let first = writer.next;
    let cancel = AtomicBool::new(false);
    let mut report = Report {
        errors,
        quiet,
        started: Instant::now(),
        last: None,
        positions: 0,
        wins: [0; 2],
        draws: 0,
        first,
    };
    let path_for_errors = path.clone();
    selfplay::run(
        &spec,
        first,
        games,
        threads as usize,
        &cancel,
        |g| {
            writer
                .append(g)
                .map_err(|e| format!("cannot write {}: {e}", quoted_path(&path_for_errors)))
        },
        &mut report,
    )
    .map_err(CliError::Learn)?;
    write_line(
        out,
        &format!(
            "{games} games of {game} in {}: {} positions played now (Black won {}, White {}, drawn {})",
            quoted_path(&path),
            report.positions,
            report.wins[0],
            report.wins[1],
            report.draws
        ),
    )
}

/// The one-line error for a self-play file that cannot be used, with what to do when its
/// sound games can be saved: `done` says what became of the file.
fn data_error(path: &Path, game: GameId, error: &DataError, done: &str) -> CliError {
    let mut line = format!("{}: {error}", quoted_path(path));
    if error.repairable() {
        line.push_str(&format!(
            "; {done}: `sanqi selfplay {game} --repair FILE --out NEW` copies its sound games \
             into a new file"
        ));
    }
    CliError::Learn(line)
}

/// `selfplay --repair`: the sound games of `damaged` into the new file `output`.
fn repair(
    damaged: &Path,
    output: &Planned,
    header: &Header,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let salvaged = data::salvage(damaged, header)
        .map_err(|e| CliError::Learn(format!("{}: {e}", quoted_path(damaged))))?;
    if salvaged.games.is_empty() {
        return Err(CliError::Learn(format!(
            "{}: no sound game was found; nothing was written",
            quoted_path(damaged)
        )));
    }
    let written = output.write(&data::file_bytes(&salvaged.header, &salvaged.games))?;
    let numbers: Vec<u32> = salvaged.games.iter().map(|g| g.number).collect();
    let mut left_out: Vec<String> = Vec::new();
    let mut expected = 0u32;
    for &n in &numbers {
        if n > expected {
            left_out.push(if n - expected == 1 {
                format!("game {expected}")
            } else {
                format!("games {expected} to {}", n - 1)
            });
        }
        expected = n.saturating_add(1);
    }
    if salvaged.end_dropped {
        left_out.push("what followed the last sound game".to_string());
    }
    let mut line = format!(
        "{} sound games of {} in {}",
        salvaged.games.len(),
        quoted_path(damaged),
        quoted_path(&written)
    );
    if left_out.is_empty() {
        line.push_str(" (nothing was left out)");
    } else {
        let shown: Vec<&str> = left_out.iter().take(5).map(String::as_str).collect();
        let more = left_out.len().saturating_sub(shown.len());
        line.push_str(&format!(" (left out: {}", shown.join(", ")));
        if more > 0 {
            line.push_str(&format!(" and {more} more gaps"));
        }
        line.push(')');
    }
    if salvaged.header_damaged {
        line.push_str(", with the game, seed and player of this command (its header was damaged)");
    }
    line.push_str(&format!("; {} is as it was", quoted_path(damaged)));
    write_line(out, &line)
}

pub(super) fn train_command(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let data_paths: Vec<PathBuf> = args.data.iter().map(PathBuf::from).collect();
    let out_path = PathBuf::from(&args.out);
    let curve_path = args.curve.as_ref().map(PathBuf::from);
    let mut options = Options::default();
    if let Some(e) = parse_bounded(optional_text(&args.epochs)?, "--epochs", 1, 1000)? {
        options.epochs = e as usize;
    }
    if let Some(s) = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)? {
        options.seed = s;
    }
    options.lambda = parse_fraction(optional_text(&args.lambda)?, "--lambda", 0.0, 1.0)?
        .unwrap_or(options.lambda);
    options.l2 = parse_fraction(optional_text(&args.l2)?, "--l2", 0.0, 1.0)?.unwrap_or(options.l2);
    options.rate =
        parse_fraction(optional_text(&args.rate)?, "--rate", 1e-6, 10.0)?.unwrap_or(options.rate);
    let game = game_argument(&args.game)?;
    let inputs: Vec<Input> = data_paths
        .iter()
        .map(|p| Input {
            role: "--data",
            path: p,
        })
        .collect();
    distinct_inputs(&inputs)?;
    // The curve's default name never replaces a file: it is numbered if taken.
    let default_curve = with_extension(&out_path, "svg");
    let curve = match &curve_path {
        Some(p) => Output::new("--curve", p, Kind::Replace),
        None => Output::new("the curve", &default_curve, Kind::Numbered),
    };
    let planned = plan(
        &inputs,
        &[Output::new("--out", &out_path, Kind::Replace), curve],
    )?;
    let [weights_out, curve_out] = planned.as_slice() else {
        return Err(CliError::Learn("no output was planned".into()));
    };
    let started = Instant::now();
    let paths: Vec<&Path> = data_paths.iter().map(PathBuf::as_path).collect();
    let mut lines = Vec::new();
    // A long run shows its progress on a terminal, on one line rewritten as it goes and
    // cleared before anything else is said, so that an error stays one line. The epochs are
    // printed on stdout once the weights are written.
    let mut progress = ProgressLine::on_terminal();
    let trained = crate::learn::train(game, &paths, &options, |e| {
        lines.push(format!(
            "epoch {}: training loss {:.5}, held out {:.5} (against the results alone {:.5}), {:.1} s",
            e.number,
            e.train,
            e.held_out,
            e.held_out_result,
            started.elapsed().as_secs_f64()
        ));
        progress.show(lines.last().map_or("", String::as_str));
    });
    progress.clear();
    let trained = trained.map_err(|e| match e {
        TrainError::Data { path, error } => data_error(&path, game, &error, "nothing was trained"),
        e => CliError::Learn(e.to_string()),
    })?;
    let weights_written = weights_out.write(&trained.weights.to_bytes())?;
    let title = format!(
        "{game}: {} games, {} positions, λ {}",
        trained.games,
        trained.train_positions + trained.held_out_positions,
        options.lambda
    );
    let curve_written = curve_out.write(train::curve_svg(&title, &trained.epochs).as_bytes())?;
    for line in &lines {
        write_line(out, line)?;
    }
    write_line(
        out,
        &format!(
            "{} games: {} positions trained on, {} held out; the data's scores fit a scale of {:.0} \
             centipieces and predict the held-out results with a loss of {:.5}, the hand-written \
             evaluation with {:.5}; {:.1} s; weights in {}, curve in {}",
            trained.games,
            trained.train_positions,
            trained.held_out_positions,
            trained.data_scale,
            trained.search_loss,
            trained.hand_loss,
            started.elapsed().as_secs_f64(),
            quoted_path(&weights_written),
            quoted_path(&curve_written)
        ),
    )
}

/// A line of progress on a terminal's standard error, rewritten in place; nothing where
/// standard error is not a terminal (a log, a pipe), which then holds only what went wrong.
struct ProgressLine {
    terminal: bool,
    /// The width of the line shown, in characters (0: none).
    shown: usize,
}

impl ProgressLine {
    fn on_terminal() -> ProgressLine {
        ProgressLine {
            terminal: std::io::stderr().is_terminal(),
            shown: 0,
        }
    }

    /// Shows `text` in place of the line shown before.
    fn show(&mut self, text: &str) {
        if !self.terminal {
            return;
        }
        let width = text.chars().count();
        let pad = self.shown.saturating_sub(width);
        let _ = write!(std::io::stderr(), "\r{text}{:pad$}", "");
        let _ = std::io::stderr().flush();
        self.shown = width;
    }

    /// Clears the line shown, if any.
    fn clear(&mut self) {
        if self.terminal && self.shown > 0 {
            let _ = write!(std::io::stderr(), "\r{:width$}\r", "", width = self.shown);
            let _ = std::io::stderr().flush();
            self.shown = 0;
        }
    }
}

/// A decimal number from `min` to `max`, if given.
fn parse_fraction(
    text: Option<&str>,
    name: &'static str,
    min: f64,
    max: f64,
) -> Result<Option<f64>, ArgumentError> {
    match text {
        None => Ok(None),
        Some(t) => match t.parse::<f64>() {
            Ok(v) if v.is_finite() && (min..=max).contains(&v) => Ok(Some(v)),
            _ => Err(ArgumentError::Invalid {
                name,
                value: t.to_string(),
                expected: format!("a number from {min} to {max}"),
            }),
        },
    }
}

/// Reads a book file for `game` (for the lifetime of the process).
pub(super) fn load_book(path: &Path, game: GameId) -> Result<&'static Book, CliError> {
    load(path, "book", |bytes| Book::parse(game, bytes))
}

/// `book`'s arguments: what to do with a book.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    #[command(subcommand)]
    action: BookAction,
}

/// What `book` does.
#[derive(Debug, clap::Subcommand)]
enum BookAction {
    /// Score every action of the first placements with a search, and write the book
    #[command(after_help = wrap(
        "Every position up to --plies actions from the start (up to the board's symmetries) \
         gets each of its actions scored by the player's search of the position it leads to. \
         The same arguments give the same book on any number of threads."
    ))]
    Build(BookBuildArgs),
    /// The book's actions for a position, best first, with their scores
    Show(BookShowArgs),
}

/// `book build`'s arguments.
#[derive(Debug, clap::Args)]
pub struct BookBuildArgs {
    /// neihuang or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// The book file to write
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: OsString,
    /// Actions from the start whose positions are in the book, 1 to 6 [default: 2]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    plies: Option<OsString>,
    /// Positions searched for each action [default: 200000]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    nodes: Option<OsString>,
    /// Whose search scores the actions [default: master]
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    player: Option<OsString>,
    /// The pattern evaluation's weights for the player, from `sanqi train`
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    weights: Option<OsString>,
    /// Searches at once, 1 to 64 [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// The seed of the searches [default: 1]
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// No progress lines
    #[arg(long)]
    quiet: bool,
}

/// `book show`'s arguments.
#[derive(Debug, clap::Args)]
pub struct BookShowArgs {
    /// neihuang or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    #[command(flatten)]
    moves: super::MovesArg,
    /// The book to read [default: the one built into the program]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    book: Option<OsString>,
}

pub(super) fn book_command(
    args: &BookArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    match &args.action {
        BookAction::Build(args) => book_build(args, out, errors),
        BookAction::Show(args) => book_show(args, out),
    }
}

fn book_build(
    args: &BookBuildArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let plies = parse_bounded(optional_text(&args.plies)?, "--plies", 1, 6)?.unwrap_or(2) as usize;
    let out_path = PathBuf::from(&args.out);
    let nodes =
        parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)?.unwrap_or(200_000);
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let player_text = optional_text(&args.player)?.unwrap_or("master");
    let game = game_argument(&args.game)?;
    if game == GameId::Flying {
        return Err(CliError::Learn(
            "flying has no opening book: it starts with moves, and the table plays it".into(),
        ));
    }
    let mut player = Config::parse(player_text).map_err(|reason| ArgumentError::BadPlayer {
        name: "--player",
        reason,
    })?;
    player.set_nodes(nodes);
    let weights_path = args.weights.as_deref().map(Path::new);
    let inputs: Vec<Input> = weights_path
        .iter()
        .map(|p| Input {
            role: "--weights",
            path: p,
        })
        .collect();
    let planned = plan(&inputs, &[Output::new("--out", &out_path, Kind::Replace)])?;
    let [book_out] = planned.as_slice() else {
        return Err(CliError::Learn("no output was planned".into()));
    };
    let weights = weights_path.map(|p| load_weights(p, game)).transpose()?;
    let spec = BookSpec {
        game,
        plies,
        player,
        weights,
        threads: threads as usize,
        seed,
    };
    let started = Instant::now();
    let mut last: Option<Instant> = None;
    let book = build_book(&spec, |done, total, ply| {
        let now = Instant::now();
        if args.quiet
            || (done < total && last.is_some_and(|t| now - t < std::time::Duration::from_secs(2)))
        {
            return;
        }
        last = Some(now);
        let _ = writeln!(
            errors,
            "ply {ply}: {done}/{total} searches, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    })
    .map_err(CliError::Learn)?;
    book_out.write(&book.to_bytes())?;
    write_line(
        out,
        &format!(
            "{} positions of {game} to {plies} plies, each action searched by {player}, in {:.0} s: {}",
            book.len(),
            started.elapsed().as_secs_f64(),
            quoted_path(&out_path)
        ),
    )
}

fn book_show(args: &BookShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = game_argument(&args.game)?;
    let book = match &args.book {
        Some(path) => load_book(Path::new(path), game)?,
        None => crate::ai::book::embedded(game),
    };
    let replayed = super::Replayed::new(game, args.moves.text()?, super::DrawRules::Ignore)?;
    match book.actions(replayed.state()) {
        Some(actions) => {
            for (action, score) in actions {
                write_line(out, &format!("{action} {score}"))?;
            }
            Ok(())
        }
        None => write_line(out, "not in the book"),
    }
}
