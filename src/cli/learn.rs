//! `selfplay` and `train`: playing games for data, and fitting the pattern evaluation to it;
//! and reading a weights file for the commands that take `--weights`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::play::parse_bounded;
use super::{Args, ArgumentError, CliError, FileTask, parse_game, write_line};
use crate::ai::{Config, Weights};
use crate::files::{MAX_FILE_SIZE, read_regular_file, write_atomic};
use crate::learn::data::{GameData, Header, Outcome, Writer};
use crate::learn::selfplay::{self, Progress, Spec};
use crate::learn::train::{self, Options};
use crate::rules::{GameId, Side};

/// Reads a weights file for `game` (for the lifetime of the process: a command reads one or
/// two).
pub(super) fn load_weights(path: &Path, game: GameId) -> Result<&'static Weights, CliError> {
    let bytes = read_regular_file(path, MAX_FILE_SIZE).map_err(|error| {
        CliError::Learn(format!(
            "cannot read weights file {}: {error}",
            crate::echo::quoted_path(path)
        ))
    })?;
    let weights = Weights::parse_for(game, &bytes)
        .map_err(|error| CliError::Learn(format!("{}: {error}", crate::echo::quoted_path(path))))?;
    Ok(Box::leak(Box::new(weights)))
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

pub(super) fn selfplay_command(
    args: &mut Args,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let games = parse_bounded(args.option("--games")?, "--games", 1, u64::from(u32::MAX))?.ok_or(
        ArgumentError::Required {
            name: "--games",
            expected: "a whole number of at least 1",
        },
    )? as u32;
    let path = PathBuf::from(args.option("--out")?.ok_or(ArgumentError::Required {
        name: "--out",
        expected: "the data file to write",
    })?);
    let nodes = parse_bounded(args.option("--nodes")?, "--nodes", 1, 1 << 40)?.unwrap_or(20_000);
    let seed = parse_bounded(args.option("--seed")?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = parse_bounded(args.option("--threads")?, "--threads", 1, 64)?.unwrap_or(1);
    let player_text = args.option("--player")?.unwrap_or("master");
    let weights_path = args.option("--weights")?.map(PathBuf::from);
    let resume = args.flag("--resume");
    let quiet = args.flag("--quiet");
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
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

pub(super) fn train_command(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let mut data_paths = Vec::new();
    while let Some(p) = args.option("--data")? {
        data_paths.push(PathBuf::from(p));
    }
    let out_path = PathBuf::from(args.option("--out")?.ok_or(ArgumentError::Required {
        name: "--out",
        expected: "the weights file to write",
    })?);
    let curve_path = args.option("--curve")?.map(PathBuf::from);
    let mut options = Options::default();
    if let Some(e) = parse_bounded(args.option("--epochs")?, "--epochs", 1, 1000)? {
        options.epochs = e as usize;
    }
    if let Some(s) = parse_bounded(args.option("--seed")?, "--seed", 0, u64::MAX)? {
        options.seed = s;
    }
    options.lambda =
        parse_fraction(args.option("--lambda")?, "--lambda", 0.0, 1.0)?.unwrap_or(options.lambda);
    options.l2 = parse_fraction(args.option("--l2")?, "--l2", 0.0, 1.0)?.unwrap_or(options.l2);
    options.rate =
        parse_fraction(args.option("--rate")?, "--rate", 1e-6, 10.0)?.unwrap_or(options.rate);
    let game = parse_game(args.positional("GAME")?)?;
    args.finish()?;
    if data_paths.is_empty() {
        return Err(ArgumentError::Required {
            name: "--data",
            expected: "one or more self-play files",
        }
        .into());
    }
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
             centipieces; {:.1} s; weights in {}, curve in {}",
            trained.games,
            trained.train_positions,
            trained.held_out_positions,
            trained.data_scale,
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
