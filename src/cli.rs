//! The command line: `perft`, `legal`, `replay`, `bestmove`, `match`, `solve`, `probe` and
//! `analyse`.
//!
//! Every error is a [`CliError`], printed by [`run`] as one line on stderr naming what is
//! wrong, with exit status 2.

mod analyse;
mod error;
mod learn;
mod play;
mod table;

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;

use crate::files::{MAX_FILE_SIZE, read_regular_file};

use crate::rules::notation::parse_actions;
use crate::rules::perft::{Growth, divide, perft_state};
use crate::rules::records;
use crate::rules::{Action, Game, GameId, State, Status};

pub use error::{ArgumentError, CliError, FileTask};

/// The usage text printed by `sanqi help`.
pub const USAGE: &str = "\
usage: sanqi                      open the window
       sanqi perft GAME DEPTH [--moves \"…\"] [--divide]
       sanqi legal GAME [--moves \"…\"]
       sanqi replay GAME --moves \"…\"
       sanqi replay FILE.json
       sanqi bestmove GAME --level PLAYER [--moves \"…\"] [--seed N]
                           [--movetime MS] [--nodes N] [--threads N] [--weights FILE]
       sanqi match GAME --black PLAYER --white PLAYER --games N [--seed N] [--swap]
                        [--black-engine BIN] [--white-engine BIN]
                        [--black-weights FILE] [--white-weights FILE]
                        [--openings] [--opening-plies N] [--sprt ELO0,ELO1]
                        [--movetime MS] [--nodes N] [--threads N] [--budget-scale F]
                        [--max-actions N] [--records DIR] [--quiet]
       sanqi solve flying [--threads N] [--out FILE]
       sanqi solve flying --verify [--out FILE] [--samples N] [--games N]
       sanqi probe flying [--moves \"…\"] [--table FILE]
       sanqi analyse RECORD.json [--movetime MS | --nodes N] [--table FILE]
       sanqi selfplay GAME --games N --out FILE [--nodes N] [--seed S] [--resume]
                           [--player PLAYER] [--weights FILE] [--threads N] [--quiet]
       sanqi train GAME --data FILE [--data FILE ...] --out FILE [--epochs N]
                        [--lambda F] [--l2 F] [--rate F] [--seed S] [--curve FILE.svg]
       sanqi help | --version

GAME is neihuang, flying or wudao. Actions are written c3 (place), c2-c4 (move),
xc3 (remove) and timeout, separated by spaces. PLAYER is a level (easy, medium,
hard, expert, master, random) or mcts, optionally with settings, e.g.
master:contempt=0,nodes=200000. In a match, --black names player A and --white
player B; --swap, --openings and --sprt alternate their colours, and
--threads plays that many games at once. solve builds the table of exact
Flying values (about 0.8 GB, in the data folder unless --out says otherwise);
probe reads it. analyse labels every action of a record (see below).";

/// The greatest `DEPTH` that `perft` parses.
pub const MAX_PERFT_DEPTH: u32 = 64;
/// The most action sequences `perft` agrees to count: about an hour of a release build.
pub const PERFT_COUNT_LIMIT: f64 = 1e12;

/// Runs a command (the arguments after the program name, as `String`s or as the system's
/// `OsString`s), writing to `out` and `errors`. Returns the exit status.
pub fn run<A: AsRef<OsStr>>(args: &[A], out: &mut dyn Write, errors: &mut dyn Write) -> i32 {
    match unicode_arguments(args).and_then(|args| dispatch(&args, out, errors)) {
        Ok(()) => 0,
        // The reader went away (e.g. `| head`): stop quietly.
        Err(CliError::BrokenPipe) => 0,
        Err(e) => {
            let _ = writeln!(errors, "sanqi: {e}");
            2
        }
    }
}

/// The arguments as text; one that is not valid Unicode is an error naming its position
/// (from 1, the command being 1).
fn unicode_arguments<A: AsRef<OsStr>>(args: &[A]) -> Result<Vec<String>, CliError> {
    args.iter()
        .enumerate()
        .map(|(i, arg)| {
            let arg = arg.as_ref();
            arg.to_str().map(str::to_string).ok_or_else(|| {
                CliError::Argument(ArgumentError::NotUnicode {
                    position: i + 1,
                    lossy: arg.to_string_lossy().into_owned(),
                })
            })
        })
        .collect()
}

fn dispatch(args: &[String], out: &mut dyn Write, errors: &mut dyn Write) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(ArgumentError::NoCommand.into());
    };
    let mut args = Args::new(rest);
    match command.as_str() {
        "perft" => perft_command(&mut args, out),
        "legal" => legal_command(&mut args, out),
        "replay" => replay_command(&mut args, out),
        "help" | "--help" | "-h" => {
            args.finish()?;
            write_line(out, USAGE)?;
            write_line(out, "")?;
            write_line(out, &analyse::help())
        }
        "--version" | "-V" => {
            args.finish()?;
            write_line(out, &format!("sanqi {}", env!("CARGO_PKG_VERSION")))
        }
        "bestmove" => play::bestmove_command(&mut args, out, errors),
        "match" => play::match_command(&mut args, out, errors),
        "solve" => table::solve_command(&mut args, out, errors),
        "probe" => table::probe_command(&mut args, out),
        "analyse" => analyse::analyse_command(&mut args, out, errors),
        "selfplay" => learn::selfplay_command(&mut args, out, errors),
        "train" => learn::train_command(&mut args, out),
        other => Err(ArgumentError::UnknownCommand(other.to_string()).into()),
    }
}

/// Writes a line, turning a closed pipe into a quiet error.
pub(crate) fn write_line(out: &mut dyn Write, line: &str) -> Result<(), CliError> {
    writeln!(out, "{line}").map_err(CliError::output)
}

/// The remaining arguments of a command, taken as the command reads them.
pub struct Args<'a> {
    items: Vec<Option<&'a str>>,
}

impl<'a> Args<'a> {
    fn new(items: &'a [String]) -> Args<'a> {
        Args {
            items: items.iter().map(|s| Some(s.as_str())).collect(),
        }
    }

    /// The value of `--name VALUE`, if given.
    pub fn option(&mut self, name: &'static str) -> Result<Option<&'a str>, ArgumentError> {
        let Some(i) = self.items.iter().position(|a| *a == Some(name)) else {
            return Ok(None);
        };
        self.items[i] = None;
        match self.items.get_mut(i + 1).and_then(Option::take) {
            Some(value) => Ok(Some(value)),
            None => Err(ArgumentError::MissingValue(name)),
        }
    }

    /// Whether `--name` was given.
    pub fn flag(&mut self, name: &str) -> bool {
        match self.items.iter().position(|a| *a == Some(name)) {
            Some(i) => {
                self.items[i] = None;
                true
            }
            None => false,
        }
    }

    /// The next positional argument.
    pub fn positional(&mut self, what: &'static str) -> Result<&'a str, ArgumentError> {
        let found = self
            .items
            .iter_mut()
            .find(|a| a.is_some_and(|s| !s.starts_with("--")))
            .and_then(Option::take);
        match found {
            Some(value) => Ok(value),
            None => Err(ArgumentError::Missing(what)),
        }
    }

    /// Fails on anything left over; commands call it before they print anything.
    pub fn finish(&self) -> Result<(), ArgumentError> {
        match self.items.iter().flatten().next() {
            Some(extra) => Err(ArgumentError::Unexpected(extra.to_string())),
            None => Ok(()),
        }
    }
}

/// Parses a game id.
pub fn parse_game(text: &str) -> Result<GameId, ArgumentError> {
    GameId::parse(text).ok_or_else(|| ArgumentError::UnknownGame(text.to_string()))
}

/// Replays `--moves` from the start under the game's own rules only (no draw rules), as
/// perft, legal and bestmove do.
pub fn replay_ignoring_draws(game: GameId, moves: Option<&str>) -> Result<State, CliError> {
    let mut state = State::start(game);
    let actions = parse_moves(moves)?;
    for (i, action) in actions.into_iter().enumerate() {
        state
            .apply(action)
            .map_err(|reason| illegal_at(i, action, reason))?;
    }
    Ok(state)
}

/// The error for the `i`-th (from 0) of the `--moves` actions, named as records name it.
fn illegal_at(i: usize, action: Action, reason: crate::rules::IllegalAction) -> CliError {
    CliError::IllegalMove {
        index: i + 1,
        action,
        reason,
    }
}

fn parse_moves(moves: Option<&str>) -> Result<Vec<Action>, CliError> {
    Ok(parse_actions(moves.unwrap_or(""))?)
}

fn perft_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.option("--moves")?;
    let show_divide = args.flag("--divide");
    let game = parse_game(args.positional("GAME")?)?;
    let depth_text = args.positional("DEPTH")?;
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
    args.finish()?;
    let state = replay_ignoring_draws(game, moves)?;
    // Refuse, before counting anything, a count that would run for hours or years.
    let growth = Growth::of(&state, depth);
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
    if show_divide {
        let mut total = 0;
        for (action, count) in divide(&state, depth) {
            write_line(out, &format!("{action} {count}"))?;
            total += count;
        }
        if depth == 0 {
            total = 1;
        }
        write_line(out, &total.to_string())
    } else {
        write_line(out, &perft_state(&state, depth).to_string())
    }
}

fn legal_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.option("--moves")?;
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
    let state = replay_ignoring_draws(game, moves)?;
    for action in state.legal_vec() {
        write_line(out, &action.to_string())?;
    }
    Ok(())
}

fn replay_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.option("--moves")?;
    let target = args.positional("GAME or FILE.json")?;
    args.finish()?;
    let game = match GameId::parse(target) {
        Some(id) => {
            let mut game = Game::new(id);
            for (i, action) in parse_moves(moves)?.into_iter().enumerate() {
                game.apply(action)
                    .map_err(|reason| illegal_at(i, action, reason))?;
            }
            game
        }
        None => {
            if moves.is_some() {
                return Err(ArgumentError::MovesWithFile.into());
            }
            load_record(target)?
        }
    };
    write_replay(&game, out)
}

/// Reads and replays a record file.
pub(crate) fn load_record(path: &str) -> Result<Game, CliError> {
    let bytes = read_regular_file(Path::new(path), MAX_FILE_SIZE).map_err(|error| {
        CliError::ReadRecord {
            path: path.into(),
            error,
        }
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
