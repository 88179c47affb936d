//! `selfplay`, `train` and `book`: playing games for data, fitting the pattern evaluation to
//! it, and building the opening book; and reading the weights and book files that other
//! commands take.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{
    ArgumentError, CliError, FileTask, game_argument, optional_text, parse_bounded, text, wrap,
    write_line,
};
use crate::ai::book::Book;
use crate::ai::{Config, Weights};
use crate::files::{MAX_FILE_SIZE, read_regular_file, write_atomic};
use crate::learn::book::{Spec as BookSpec, build as build_book};
use crate::learn::data::{GameData, Header, Outcome, Writer};
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
    let quoted = crate::echo::quoted_path(path);
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
     `sanqi train`. A stopped run goes on with --resume, with the same seed and player."
))]
pub struct SelfplayArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// How many games to play
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    games: OsString,
    /// The data file to write
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
    #[arg(long)]
    resume: bool,
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
    let games = parse_bounded(Some(text(&args.games)?), "--games", 1, u64::from(u32::MAX))?
        .unwrap_or(1) as u32;
    let path = PathBuf::from(&args.out);
    let nodes =
        parse_bounded(optional_text(&args.nodes)?, "--nodes", 1, 1 << 40)?.unwrap_or(20_000);
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let player_text = optional_text(&args.player)?.unwrap_or("master");
    let weights_path = args.weights.as_ref().map(PathBuf::from);
    let resume = args.resume;
    let quiet = args.quiet;
    let game = game_argument(&args.game)?;
    let mut player = Config::parse(player_text).map_err(|reason| ArgumentError::BadPlayer {
        name: "--player",
        reason,
    })?;
    player.set_nodes(nodes);
    player.set_threads(1);
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
    let mut writer = Writer::open(&path, &header, resume)
        .map_err(|e| CliError::Learn(format!("{}: {e}", crate::echo::quoted_path(&path))))?;
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
                .map_err(|e| format!("{}: {e}", crate::echo::quoted_path(&path_for_errors)))
        },
        &mut report,
    )
    .map_err(CliError::Learn)?;
    write_line(
        out,
        &format!(
            "{games} games of {game} in {}: {} positions played now (Black won {}, White {}, drawn {})",
            crate::echo::quoted_path(&path),
            report.positions,
            report.wins[0],
            report.wins[1],
            report.draws
        ),
    )
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
    let started = Instant::now();
    let paths: Vec<&Path> = data_paths.iter().map(PathBuf::as_path).collect();
    let mut lines = Vec::new();
    let trained = crate::learn::train(game, &paths, &options, |e| {
        lines.push(format!(
            "epoch {}: training loss {:.5}, held out {:.5} (against the results alone {:.5}), {:.1} s",
            e.number,
            e.train,
            e.held_out,
            e.held_out_result,
            started.elapsed().as_secs_f64()
        ));
        // Printed as it goes: a long run shows its progress.
        let _ = writeln!(std::io::stderr(), "{}", lines.last().map_or("", String::as_str));
    })
    .map_err(|e| CliError::Learn(e.to_string()))?;
    write_atomic(&out_path, &trained.weights.to_bytes()).map_err(|error| CliError::File {
        task: FileTask::Write,
        path: out_path.clone(),
        error,
    })?;
    let curve = curve_path.unwrap_or_else(|| out_path.with_extension("svg"));
    let title = format!(
        "{game}: {} games, {} positions, λ {}",
        trained.games,
        trained.train_positions + trained.held_out_positions,
        options.lambda
    );
    write_atomic(&curve, train::curve_svg(&title, &trained.epochs).as_bytes()).map_err(
        |error| CliError::File {
            task: FileTask::Write,
            path: curve.clone(),
            error,
        },
    )?;
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
            crate::echo::quoted_path(&out_path),
            crate::echo::quoted_path(&curve)
        ),
    )
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
    let weights = args
        .weights
        .as_deref()
        .map(|p| load_weights(Path::new(p), game))
        .transpose()?;
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
    write_atomic(&out_path, &book.to_bytes()).map_err(|error| CliError::File {
        task: FileTask::Write,
        path: out_path.clone(),
        error,
    })?;
    write_line(
        out,
        &format!(
            "{} positions of {game} to {plies} plies, each action searched by {player}, in {:.0} s: {}",
            book.len(),
            started.elapsed().as_secs_f64(),
            crate::echo::quoted_path(&out_path)
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
