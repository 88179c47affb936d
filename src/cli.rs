//! The command line: `perft`, `legal`, `replay`, `bestmove`, `match`, `solve` and `probe`.
//!
//! Every error is one line on stderr naming what is wrong, with exit status 2.

mod play;
mod table;

use std::io::Write;

use crate::rules::notation::parse_actions;
use crate::rules::perft::{divide, perft_state};
use crate::rules::records::{self, RecordError};
use crate::rules::{Action, Game, GameId, State, Status};

/// The usage text printed by `sanqi help`.
pub const USAGE: &str = "\
usage: sanqi                      open the window
       sanqi perft GAME DEPTH [--moves \"…\"] [--divide]
       sanqi legal GAME [--moves \"…\"]
       sanqi replay GAME --moves \"…\"
       sanqi replay FILE.json
       sanqi bestmove GAME --level LEVEL [--moves \"…\"] [--seed N]
       sanqi match GAME --black LEVEL --white LEVEL --games N [--seed N] [--swap]
                        [--threads N] [--budget-scale F] [--records DIR] [--quiet]
       sanqi solve flying [--threads N] [--out FILE]
       sanqi solve flying --verify [--out FILE] [--samples N] [--games N]
       sanqi probe flying [--moves \"…\"] [--table FILE]
       sanqi help | --version

GAME is neihuang, flying or wudao. Actions are written c3 (place), c2-c4 (move),
xc3 (remove) and timeout, separated by spaces. LEVEL is easy, medium, hard,
expert or random. solve builds the table of exact Flying values (about 0.8 GB,
in the data folder unless --out says otherwise); probe reads it.";

/// A command-line error: printed as one line, exit status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<RecordError> for CliError {
    fn from(e: RecordError) -> CliError {
        CliError(e.to_string())
    }
}

pub(crate) fn err<T>(message: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(message.into()))
}

/// Runs a command (the arguments after the program name), writing to `out` and `errors`.
/// Returns the exit status.
pub fn run(args: &[String], out: &mut dyn Write, errors: &mut dyn Write) -> i32 {
    match dispatch(args, out, errors) {
        Ok(()) => 0,
        // The reader went away (e.g. `| head`): stop quietly.
        Err(e) if e.0.is_empty() => 0,
        Err(e) => {
            let _ = writeln!(errors, "sanqi: {e}");
            2
        }
    }
}

fn dispatch(args: &[String], out: &mut dyn Write, errors: &mut dyn Write) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return err("no command given (try `sanqi help`)");
    };
    let mut args = Args::new(rest);
    match command.as_str() {
        "perft" => perft_command(&mut args, out),
        "legal" => legal_command(&mut args, out),
        "replay" => replay_command(&mut args, out),
        "help" | "--help" | "-h" => {
            args.finish()?;
            write_line(out, USAGE)
        }
        "--version" | "-V" => {
            args.finish()?;
            write_line(out, &format!("sanqi {}", env!("CARGO_PKG_VERSION")))
        }
        "bestmove" => play::bestmove_command(&mut args, out),
        "match" => play::match_command(&mut args, out, errors),
        "solve" => table::solve_command(&mut args, out, errors),
        "probe" => table::probe_command(&mut args, out),
        other => err(format!("unknown command `{other}` (try `sanqi help`)")),
    }
}

/// Writes a line, turning a closed pipe into a quiet error.
pub(crate) fn write_line(out: &mut dyn Write, line: &str) -> Result<(), CliError> {
    writeln!(out, "{line}").map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError(String::new())
        } else {
            CliError(format!("cannot write output: {e}"))
        }
    })
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
    pub fn option(&mut self, name: &str) -> Result<Option<&'a str>, CliError> {
        let Some(i) = self.items.iter().position(|a| *a == Some(name)) else {
            return Ok(None);
        };
        self.items[i] = None;
        match self.items.get_mut(i + 1).and_then(Option::take) {
            Some(value) => Ok(Some(value)),
            None => err(format!("{name} needs a value")),
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
    pub fn positional(&mut self, what: &str) -> Result<&'a str, CliError> {
        let found = self
            .items
            .iter_mut()
            .find(|a| a.is_some_and(|s| !s.starts_with("--")))
            .and_then(Option::take);
        match found {
            Some(value) => Ok(value),
            None => err(format!("missing {what}")),
        }
    }

    /// Fails on anything left over; commands call it before they print anything.
    pub fn finish(&self) -> Result<(), CliError> {
        match self.items.iter().flatten().next() {
            Some(extra) => err(format!("unexpected argument `{extra}`")),
            None => Ok(()),
        }
    }
}

/// Parses a game id.
pub fn parse_game(text: &str) -> Result<GameId, CliError> {
    GameId::parse(text).ok_or_else(|| {
        CliError(format!(
            "unknown game `{text}` (expected neihuang, flying or wudao)"
        ))
    })
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
    CliError(
        RecordError::Illegal {
            index: i + 1,
            action,
            reason,
        }
        .to_string(),
    )
}

fn parse_moves(moves: Option<&str>) -> Result<Vec<Action>, CliError> {
    parse_actions(moves.unwrap_or("")).map_err(|e| CliError(e.to_string()))
}

fn perft_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = args.option("--moves")?;
    let show_divide = args.flag("--divide");
    let game = parse_game(args.positional("GAME")?)?;
    let depth_text = args.positional("DEPTH")?;
    let depth: u32 = match depth_text.parse() {
        Ok(d) if d <= 64 => d,
        _ => {
            return err(format!(
                "DEPTH must be a whole number from 0 to 64, not `{depth_text}`"
            ));
        }
    };
    args.finish()?;
    let state = replay_ignoring_draws(game, moves)?;
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
                return err("--moves goes with a game id, not with a record file");
            }
            let bytes = std::fs::read(target).map_err(|e| {
                let what = if target.ends_with(".json") {
                    "record file"
                } else {
                    "game or record file"
                };
                CliError(format!("cannot read {what} `{target}`: {e}"))
            })?;
            records::load(&bytes)
                .map_err(|e| CliError(format!("{target}: {e}")))?
                .1
        }
    };
    write_replay(&game, out)
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
