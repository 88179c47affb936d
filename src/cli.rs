//! The command line: `perft`, `legal`, `replay`, `bestmove`, `match`, `solve`, `probe`,
//! `analyse`, the learning commands, `ladder`, `levels` and `sound`.
//!
//! The commands and their arguments are declared once, with clap's derive: [`Command`] has a
//! variant per command, holding the struct of its arguments, whose doc comments are the help
//! of `sanqi CMD --help`. Adding a command is a variant (with its arguments' struct, beside
//! the function that runs it) and its arm in [`dispatch`].
//!
//! Every error is a [`CliError`], printed by [`run`] as one line on stderr naming what is
//! wrong, with exit status 2; clap's own errors are put in the same words
//! ([`ArgumentError::from_clap`]). Help and the version go to stdout, with status 0.

mod analyse;
mod error;
mod ladder;
mod learn;
mod moves;
mod play;
mod puzzles;
mod table;

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::files::{MAX_FILE_SIZE, read_regular_file};
use crate::rules::perft::{Growth, divide, perft_state};
use crate::rules::records;
use crate::rules::{Game, GameId, Status};
use crate::sound::{self, Sound};

pub use error::{ArgumentError, CliError, FileTask};
pub use moves::{DrawRules, Replayed};

/// What the top-level help says after the list of commands.
const NOTES: &str = "\
GAME is neihuang, flying or wudao. Actions are written c3 (place), c2-c4 (move),
xc3 (remove) and timeout, separated by spaces. PLAYER is a level (beginner,
novice, easy, medium, hard, expert, master; `sanqi levels GAME` rates them), a
reference player (greedy, random) or mcts, optionally with settings, e.g.
master:contempt=0,nodes=200000.

Run `sanqi help COMMAND` or `sanqi COMMAND --help` for what a command does and
all its options.";

/// The greatest `DEPTH` that `perft` parses.
pub const MAX_PERFT_DEPTH: u32 = 64;
/// The most action sequences `perft` agrees to count: about an hour of a release build.
pub const PERFT_COUNT_LIMIT: f64 = 1e12;

/// The command line: one command and its arguments.
#[derive(Debug, Parser)]
#[command(
    name = "sanqi",
    version,
    about = "Three Chinese folk board games on a 5×5 grid. With no command, the window opens.",
    subcommand_required = true,
    disable_help_subcommand = true,
    help_template = "usage: {usage}\n\n{about}\n\ncommands:\n{subcommands}{after-help}",
    after_help = NOTES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands.
// One is parsed per run, and then carried out: the size of the largest arguments costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Count the action sequences of DEPTH actions from a position (perft)
    #[command(allow_negative_numbers = true)]
    Perft(PerftArgs),
    /// List the legal actions of a position, one per line
    Legal(LegalArgs),
    /// Replay a game and print its board, the side to act and the result
    Replay(ReplayArgs),
    /// The computer's turn in a position: a line of figures, then its first action
    Bestmove(play::BestmoveArgs),
    /// Play the computer against itself and sum up the result
    Match(play::MatchArgs),
    /// Build (or check) the table of exact Flying values
    Solve(table::SolveArgs),
    /// The exact value of a Flying position and of each of its moves, from the table
    Probe(table::ProbeArgs),
    /// Label every action of a game record by what it cost, with a summary per side
    Analyse(analyse::AnalyseArgs),
    /// Play the computer against itself and record every position, for training
    Selfplay(learn::SelfplayArgs),
    /// Fit the pattern evaluation's weights to self-play data
    Train(learn::TrainArgs),
    /// Build or read the opening book
    Book(learn::BookArgs),
    /// Measure the levels of a game against each other and fit their ratings
    Ladder(ladder::LadderArgs),
    /// The offered levels of a game with their ratings
    Levels(ladder::LevelsArgs),
    /// Play one of the app's sounds and wait until it has been heard
    Sound(SoundArgs),
    /// Build, rate, check or export puzzles
    Puzzles(puzzles::PuzzlesArgs),
    /// Run the game server for online play, and serve the web version
    #[cfg(not(target_arch = "wasm32"))]
    Serve(ServeArgs),
    /// Print the help, or a command's
    Help(HelpArgs),
}

/// `--moves "…"`, shared by the commands that start from a position.
#[derive(Debug, clap::Args)]
pub struct MovesArg {
    /// The actions played from the start, separated by spaces
    #[arg(long = "moves", value_name = "\"…\"", allow_hyphen_values = true)]
    pub moves: Option<OsString>,
}

impl MovesArg {
    /// The actions' text, if given.
    pub fn text(&self) -> Result<Option<&str>, ArgumentError> {
        optional_text(&self.moves)
    }
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// How many actions deep to count, from 0 to 64
    #[arg(value_name = "DEPTH")]
    depth: OsString,
    #[command(flatten)]
    moves: MovesArg,
    /// Each first action with its count, then the total
    #[arg(long)]
    divide: bool,
}

#[derive(Debug, clap::Args)]
struct LegalArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    #[command(flatten)]
    moves: MovesArg,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The draw rules apply: an action after a draw by repetition or by the \
                        100-turn rule is refused."
)]
struct ReplayArgs {
    /// A game (neihuang, flying or wudao) played with --moves, or a record file
    #[arg(value_name = "GAME|FILE.json")]
    target: OsString,
    /// With a game: the actions played from the start
    #[arg(long = "moves", value_name = "\"…\"", allow_hyphen_values = true)]
    moves: Option<OsString>,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "SOUND is place, step, slide, capture, flip, pull, yield, tick, last-tick, win, \
                  loss or draw. The sound goes to the system's sound server (PulseAudio or \
                  PipeWire on Linux, WASAPI on Windows); at volume 0 nothing is played."
)]
struct SoundArgs {
    /// The sounds, played one after the other
    #[arg(value_name = "SOUND", required = true)]
    sounds: Vec<OsString>,
    /// How loud, from 0 (silent) to 100
    #[arg(long, value_name = "N")]
    volume: Option<OsString>,
    /// The Unix socket of a PulseAudio server to play to instead of the system's
    #[arg(long, value_name = "PATH")]
    server: Option<PathBuf>,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The rooms are kept in online.sqlite3 in the data folder (or --data DIR): a \
                  restarted server goes on with every game. docs/SERVER.md describes the \
                  protocol and how to put the server behind a TLS proxy."
)]
struct ServeArgs {
    /// The address and port to listen on [default: 127.0.0.1:8080]
    #[arg(long, value_name = "ADDR")]
    listen: Option<OsString>,
    /// The folder to keep the rooms in [default: the data folder]
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The web build to serve [default: dist/web, if it is there]
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct HelpArgs {
    /// The command to explain, with its subcommand if it has them (`help puzzles build`)
    #[arg(value_name = "COMMAND", num_args = 0..)]
    command: Vec<OsString>,
}

/// Runs a command (the arguments after the program name, as `String`s or as the system's
/// `OsString`s), writing to `out` and `errors`. Returns the exit status.
pub fn run<A: AsRef<OsStr>>(args: &[A], out: &mut dyn Write, errors: &mut dyn Write) -> i32 {
    match parse(args).and_then(|command| dispatch(command, out, errors)) {
        Ok(()) => 0,
        // The reader went away (e.g. `| head`): stop quietly.
        Err(CliError::BrokenPipe) => 0,
        Err(CliError::Argument(ArgumentError::NotUnicode { lossy, .. })) => {
            // Named by its place in the arguments (from 1, the command being 1).
            let position = args
                .iter()
                .position(|a| {
                    let a = a.as_ref();
                    a.to_str().is_none() && a.to_string_lossy() == lossy
                })
                .map_or(0, |i| i + 1);
            let e = ArgumentError::NotUnicode { position, lossy };
            let _ = writeln!(errors, "sanqi: {e}");
            2
        }
        Err(e) => {
            let _ = writeln!(errors, "sanqi: {e}");
            2
        }
    }
}

/// What the command line asks for: a command to run, or text to print.
#[derive(Debug)]
enum Parsed {
    /// A command to run (boxed: its arguments are much larger than the text).
    Run(Box<Command>),
    /// Help or the version, as clap words it.
    Print(String),
}

/// The clap command, with the help's usage lines made from the commands' own arguments.
fn clap_command() -> clap::Command {
    let command = Cli::command();
    let usage = synopsis(&command);
    command.override_usage(usage)
}

fn parse<A: AsRef<OsStr>>(args: &[A]) -> Result<Parsed, CliError> {
    // A command that is not Unicode is no command at all.
    if let Some(first) = args.first().map(AsRef::as_ref)
        && first.to_str().is_none()
    {
        return Err(ArgumentError::NotUnicode {
            position: 1,
            lossy: first.to_string_lossy().into_owned(),
        }
        .into());
    }
    let mut command = clap_command();
    option_as_value(&command, args)?;
    let all = std::iter::once(OsStr::new("sanqi")).chain(args.iter().map(AsRef::as_ref));
    let matches = match command.try_get_matches_from_mut(all) {
        Ok(matches) => matches,
        Err(e) => {
            return match e.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    Ok(Parsed::Print(e.render().to_string()))
                }
                _ => Err(ArgumentError::from_clap(&e, args).into()),
            };
        }
    };
    let cli = Cli::from_arg_matches(&matches)
        .map_err(|e| CliError::Argument(ArgumentError::from_clap(&e, args)))?;
    match cli.command {
        Command::Help(help) => Ok(Parsed::Print(help_text(&help.command)?)),
        other => Ok(Parsed::Run(Box::new(other))),
    }
}

/// Refuses an option that takes a value followed by another option (`--out --quiet`), which
/// would otherwise be taken as the value: a file named `--quiet` written, a flag lost. A value
/// that really starts with `--` is given as `--out=--quiet` (or `./--quiet`).
fn option_as_value<A: AsRef<OsStr>>(
    command: &clap::Command,
    args: &[A],
) -> Result<(), ArgumentError> {
    let mut current = command;
    let mut rest = args;
    // The command, and its subcommand if it has them (`puzzles build`).
    while let Some(sub) = rest
        .first()
        .and_then(|a| a.as_ref().to_str())
        .and_then(|name| current.find_subcommand(name))
    {
        current = sub;
        rest = &rest[1..];
    }
    for pair in rest.windows(2) {
        let (Some(option), Some(value)) = (pair[0].as_ref().to_str(), pair[1].as_ref().to_str())
        else {
            continue;
        };
        let Some(long) = option.strip_prefix("--").filter(|l| !l.contains('=')) else {
            continue;
        };
        let takes_value = current
            .get_arguments()
            .any(|a| a.get_long() == Some(long) && a.get_action().takes_values());
        if takes_value && value.starts_with("--") && value.len() > 2 {
            return Err(ArgumentError::OptionAsValue {
                option: option.to_string(),
                value: value.to_string(),
            });
        }
    }
    Ok(())
}

/// The help of `sanqi help [COMMAND [SUBCOMMAND…]]`: the whole command line's, one
/// command's, or one of its subcommands' (`sanqi help puzzles build`).
fn help_text(names: &[OsString]) -> Result<String, ArgumentError> {
    let mut command = clap_command();
    // Names each command `sanqi COMMAND` (and `sanqi COMMAND SUB`) in its usage line.
    command.build();
    let mut current = &mut command;
    for name in names {
        let name = text(name)?;
        current = match current
            .find_subcommand_mut(name)
            .filter(|c| c.get_name() != "help")
        {
            Some(sub) => sub,
            None => {
                return Err(ArgumentError::Unexpected {
                    argument: name.to_string(),
                    suggestion: None,
                });
            }
        };
    }
    Ok(current.render_help().to_string())
}

/// One usage line per command, from its arguments: `sanqi perft GAME DEPTH [--moves "…"]
/// [--divide]`, wrapped at 80 characters.
fn synopsis(command: &clap::Command) -> String {
    const INDENT: &str = "       ";
    let mut lines = vec![format!("sanqi{}open the window", " ".repeat(22))];
    for sub in command.get_subcommands() {
        let mut words = vec![format!("sanqi {}", sub.get_name())];
        for arg in sub.get_arguments() {
            if arg.is_hide_set() || matches!(arg.get_id().as_str(), "help" | "version") {
                continue;
            }
            let value = arg
                .get_value_names()
                .and_then(|names| names.first())
                .map(|name| name.to_string());
            let word = match (arg.get_long(), value) {
                (None, Some(value)) => value,
                (None, None) => arg.get_id().to_string(),
                (Some(long), Some(value)) if arg.get_action().takes_values() => {
                    format!("--{long} {value}")
                }
                (Some(long), _) => format!("--{long}"),
            };
            let positional = arg.get_long().is_none();
            words.push(
                if arg.is_required_set() || (positional && sub.get_name() != "help") {
                    word
                } else {
                    format!("[{word}]")
                },
            );
        }
        let mut line = String::new();
        let continued = " ".repeat(words[0].len() + 1);
        for word in words {
            if !line.is_empty()
                && INDENT.len() + line.chars().count() + 1 + word.chars().count() > 80
            {
                lines.push(std::mem::take(&mut line));
                line.push_str(&continued);
                line.push_str(&word);
            } else {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&word);
            }
        }
        lines.push(line);
    }
    lines.push("sanqi --version".to_string());
    lines.join(&format!("\n{INDENT}"))
}

fn dispatch(parsed: Parsed, out: &mut dyn Write, errors: &mut dyn Write) -> Result<(), CliError> {
    let command = match parsed {
        Parsed::Print(text) => return write_line(out, text.trim_end()),
        Parsed::Run(command) => command,
    };
    match *command {
        Command::Perft(args) => perft_command(&args, out),
        Command::Legal(args) => legal_command(&args, out),
        Command::Replay(args) => replay_command(&args, out),
        Command::Bestmove(args) => play::bestmove_command(&args, out, errors),
        Command::Match(args) => play::match_command(&args, out, errors),
        Command::Solve(args) => table::solve_command(&args, out, errors),
        Command::Probe(args) => table::probe_command(&args, out),
        Command::Analyse(args) => analyse::analyse_command(&args, out, errors),
        Command::Selfplay(args) => learn::selfplay_command(&args, out, errors),
        Command::Train(args) => learn::train_command(&args, out),
        Command::Book(args) => learn::book_command(&args, out, errors),
        Command::Ladder(args) => ladder::ladder_command(&args, out, errors),
        Command::Levels(args) => ladder::levels_command(&args, out),
        Command::Sound(args) => sound_command(&args),
        Command::Puzzles(args) => puzzles::puzzles_command(&args, out, errors),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Serve(args) => serve_command(&args, out),
        // Answered while parsing.
        Command::Help(_) => Ok(()),
    }
}

/// A paragraph in lines of at most 80 characters (a longer word stands alone), for the help.
pub(crate) fn wrap(text: &str) -> String {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines
            .last_mut()
            .filter(|l| l.chars().count() + 1 + word.chars().count() <= 80);
        match line {
            Some(l) if !l.is_empty() => {
                l.push(' ');
                l.push_str(word);
            }
            Some(l) => l.push_str(word),
            None => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
}

/// Writes a line, turning a closed pipe into a quiet error.
pub(crate) fn write_line(out: &mut dyn Write, line: &str) -> Result<(), CliError> {
    writeln!(out, "{line}").map_err(CliError::output)
}

/// An argument's text. One that is not valid Unicode is an error; [`run`] names its place.
pub(crate) fn text(arg: &OsStr) -> Result<&str, ArgumentError> {
    arg.to_str().ok_or_else(|| ArgumentError::NotUnicode {
        position: 0,
        lossy: arg.to_string_lossy().into_owned(),
    })
}

/// An optional argument's text (see [`text`]).
pub(crate) fn optional_text(arg: &Option<OsString>) -> Result<Option<&str>, ArgumentError> {
    arg.as_deref().map(text).transpose()
}

/// A whole number from `min` to `max`, if given.
pub(crate) fn parse_bounded(
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

/// Parses a game id.
pub fn parse_game(text: &str) -> Result<GameId, ArgumentError> {
    GameId::parse(text).ok_or_else(|| ArgumentError::UnknownGame(text.to_string()))
}

/// Parses a game id given as an argument.
pub(crate) fn game_argument(arg: &OsStr) -> Result<GameId, ArgumentError> {
    parse_game(text(arg)?)
}

#[cfg(not(target_arch = "wasm32"))]
fn serve_command(args: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let listen = optional_text(&args.listen)?.unwrap_or("127.0.0.1:8080");
    let listen = listen.parse().map_err(|_| ArgumentError::Invalid {
        name: "--listen",
        value: listen.to_string(),
        expected: "an address and a port, such as 127.0.0.1:8080 or 0.0.0.0:80".to_string(),
    })?;
    let data = match &args.data {
        Some(dir) => dir.clone(),
        None => crate::data_dir::path().ok_or(ArgumentError::Missing("--data DIR".to_string()))?,
    };
    let web = match &args.web {
        Some(dir) if !dir.join("index.html").is_file() => {
            return Err(ArgumentError::Invalid {
                name: "--web",
                value: dir.display().to_string(),
                expected: "a folder with the web build's index.html".to_string(),
            }
            .into());
        }
        Some(dir) => Some(dir.clone()),
        None => Some(PathBuf::from("dist/web")).filter(|d| d.join("index.html").is_file()),
    };
    let options = crate::server::ServeOptions { listen, data, web };
    crate::server::serve(&options, out).map_err(|e| CliError::Serve(e.to_string()))
}

fn sound_command(args: &SoundArgs) -> Result<(), CliError> {
    let sounds = args
        .sounds
        .iter()
        .map(|arg| {
            let name = text(arg)?;
            Sound::from_id(name).ok_or_else(|| ArgumentError::Invalid {
                name: "SOUND",
                value: name.to_string(),
                expected: Sound::ALL.map(Sound::id).join(", "),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let volume = parse_bounded(optional_text(&args.volume)?, "--volume", 0, 100)?.unwrap_or(80);
    let volume = u8::try_from(volume).unwrap_or(100);
    sound::play_and_wait(&sounds, volume, args.server.clone()).map_err(CliError::Sound)
}

fn perft_command(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.moves.text()?;
    let game = game_argument(&args.game)?;
    let depth_text = text(&args.depth)?;
    let depth: u32 = match depth_text.parse() {
        Ok(d) if d <= MAX_PERFT_DEPTH => d,
        _ => {
            return Err(ArgumentError::Invalid {
                name: "DEPTH",
                value: depth_text.to_string(),
                expected: format!("a whole number from 0 to {MAX_PERFT_DEPTH}"),
            }
            .into());
        }
    };
    let replayed = Replayed::new(game, moves, DrawRules::Ignore)?;
    let state = replayed.state();
    // Refuse, before counting anything, a count that would run for hours or years.
    let growth = Growth::of(state, depth);
    let estimate = growth.estimate(depth);
    if estimate > PERFT_COUNT_LIMIT {
        return Err(ArgumentError::TooDeep {
            game,
            depth,
            estimate,
            deepest: growth.deepest_within(PERFT_COUNT_LIMIT, depth),
        }
        .into());
    }
    if args.divide {
        let mut total = 0;
        for (action, count) in divide(state, depth) {
            write_line(out, &format!("{action} {count}"))?;
            total += count;
        }
        if depth == 0 {
            total = 1;
        }
        write_line(out, &total.to_string())
    } else {
        write_line(out, &perft_state(state, depth).to_string())
    }
}

fn legal_command(args: &LegalArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.moves.text()?;
    let game = game_argument(&args.game)?;
    let replayed = Replayed::new(game, moves, DrawRules::Ignore)?;
    for action in replayed.state().legal_vec() {
        write_line(out, &action.to_string())?;
    }
    Ok(())
}

fn replay_command(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = optional_text(&args.moves)?;
    let game = match args.target.to_str().and_then(GameId::parse) {
        Some(id) => Replayed::new(id, moves, DrawRules::Apply)?.into_game(),
        None => {
            if moves.is_some() {
                return Err(ArgumentError::MovesWithFile.into());
            }
            load_record(Path::new(&args.target))?
        }
    };
    write_replay(&game, out)
}

/// Reads and replays a record file.
pub(crate) fn load_record(path: &Path) -> Result<Game, CliError> {
    let bytes = read_regular_file(path, MAX_FILE_SIZE).map_err(|error| CliError::ReadRecord {
        path: path.into(),
        error,
    })?;
    Ok(records::load(&bytes)
        .map_err(|error| CliError::Record {
            path: path.into(),
            error,
        })?
        .1)
}

/// The three lines `replay` prints.
pub fn write_replay(game: &Game, out: &mut dyn Write) -> Result<(), CliError> {
    let status = game.status();
    let to_act = match (status, game.state().to_act()) {
        (Status::Ongoing, Some(side)) => side.name(),
        _ => "none",
    };
    write_line(out, &format!("board: {}", game.state().board_string()))?;
    write_line(out, &format!("to-act: {to_act}"))?;
    write_line(out, &format!("result: {}", status.summary()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_are_declared_consistently() {
        clap_command().debug_assert();
    }

    #[test]
    fn the_usage_lines_come_from_the_arguments() {
        let usage = synopsis(&Cli::command());
        assert!(usage.starts_with("sanqi                      open the window\n"));
        assert!(
            usage.contains("\n       sanqi perft GAME DEPTH [--moves \"…\"] [--divide]\n"),
            "{usage}"
        );
        assert!(usage.lines().all(|l| l.chars().count() <= 80), "{usage}");
    }
}
