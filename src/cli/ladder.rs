//! `ladder` and `levels`: measuring the levels of a game against each other and the reference
//! players, and the ratings that came of it.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::play::open_table;
use super::{
    ArgumentError, CliError, game_argument, optional_text, parse_bounded, text, write_line,
};
use crate::ai::{Config, Level, Oracle};
use crate::arena::ladder::{self, Ladder, LadderPlayer, Pairing};
use crate::arena::{Flow, PlayerSpec};
use crate::echo::quoted_path;
use crate::files::output::{Input, Kind, Output, OutputError, Planned, plan};
use crate::files::{self, ReadError};
use crate::rules::GameId;

/// `ladder`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Plays the random and greedy players and every offered level, \
    each against the next (both colours of seeded openings) and the offered levels against \
    those two and three steps up, then fits all ratings at once (maximum likelihood, draws \
    as half a point, greedy at 1000) with 95% intervals. The file is written after every \
    pair of games, so that --resume goes on where a stopped run left off."
)]
pub struct LadderArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
    /// Games of each pairing of neighbours (even) [default: 200]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    games: Option<OsString>,
    /// Games of each pairing two or three steps apart (0: none) [default: half of --games]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    wide_games: Option<OsString>,
    /// The seed of the openings and of the players' choices [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: Option<OsString>,
    /// Games played at once, 1 to 64 [default: 1]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    threads: Option<OsString>,
    /// Master's budget in nodes of one thread [default: what matches its time in the app]
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    master_nodes: Option<OsString>,
    /// Master's pairings are played at F thousandths of both players' budgets [default: 125; Flying 1000]
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    top_scale: Option<OsString>,
    /// Measures CONFIG in place of level ID's own configuration (repeatable)
    #[arg(long, value_name = "ID=CONFIG", allow_hyphen_values = true)]
    player: Vec<OsString>,
    /// The ladder file [default: ladder-GAME.json]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: Option<OsString>,
    /// Go on with the pairings the file has not finished
    #[arg(long)]
    resume: bool,
    /// Master's Flying table [default: the one in the data folder]
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    table: Option<OsString>,
}

/// `levels`' arguments.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "One line per offered level, weakest first: its id (as --level \
    takes it), its rating on the game's scale (the greedy player at 1000) and its name."
)]
pub struct LevelsArgs {
    /// neihuang, flying or wudao
    #[arg(value_name = "GAME")]
    game: OsString,
}

/// Master's budget in the ladder, in nodes of one thread: about what its 2.5 s turn on two
/// threads searches in the app on a two-core machine (docs/LADDER.md, "Master's budget").
pub const MASTER_NODES: u64 = 8_000_000;

/// The scale of Master's pairings unless told, in thousandths: an eighth, except in Flying,
/// where Master plays from the table (when there is one) and spends nothing.
fn top_scale(game: GameId) -> u64 {
    match game {
        GameId::Flying => 1000,
        _ => 125,
    }
}

pub(super) fn levels_command(args: &LevelsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = game_argument(&args.game)?;
    for &level in Level::offered(game) {
        let rating =
            ladder::rating_of(game, level).map_or_else(|| "-".to_string(), |r| r.to_string());
        write_line(
            out,
            &format!("{} {rating} {}", level.id(), english_name(level)),
        )?;
    }
    Ok(())
}

/// The level's name in English, as the app shows it.
fn english_name(level: Level) -> &'static str {
    match level {
        Level::Random => "Random",
        Level::Greedy => "Greedy",
        Level::Beginner => "Beginner",
        Level::Novice => "Novice",
        Level::Casual => "Casual",
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
        Level::Advanced => "Advanced",
        Level::Expert => "Expert",
        Level::Elite => "Elite",
        Level::Master => "Master",
    }
}

pub(super) fn ladder_command(
    args: &LadderArgs,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<(), CliError> {
    let game = game_argument(&args.game)?;
    let games = parse_bounded(
        optional_text(&args.games)?,
        "--games",
        2,
        ladder::MAX_PLANNED,
    )?
    .unwrap_or(200);
    let wide_games = parse_bounded(
        optional_text(&args.wide_games)?,
        "--wide-games",
        0,
        ladder::MAX_PLANNED,
    )?
    .unwrap_or(games / 2);
    let seed = parse_bounded(optional_text(&args.seed)?, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = parse_bounded(optional_text(&args.threads)?, "--threads", 1, 64)?.unwrap_or(1);
    let master = parse_bounded(
        optional_text(&args.master_nodes)?,
        "--master-nodes",
        1,
        1 << 40,
    )?
    .unwrap_or(MASTER_NODES);
    let top_scale = parse_bounded(optional_text(&args.top_scale)?, "--top-scale", 1, 1000)?
        .unwrap_or_else(|| top_scale(game));
    // Master's own budget is set in its configuration, which no scale changes: it is scaled
    // here.
    let scaled_master = (master * top_scale / 1000).max(1);
    let mut players = ladder::default_players(game, scaled_master);
    for given in &args.player {
        let given = text(given)?;
        let bad = |reason: String| ArgumentError::BadPlayer {
            name: "--player",
            reason,
        };
        let (id, config) = given
            .split_once('=')
            .ok_or_else(|| bad(format!("{} is not ID=CONFIG", crate::echo::quoted(given))))?;
        Config::parse(config).map_err(bad)?;
        let player = players.iter_mut().find(|p| p.id == id).ok_or_else(|| {
            bad(format!(
                "{} is not a level of the ladder",
                crate::echo::quoted(id)
            ))
        })?;
        player.config = config.to_string();
    }
    let path = match optional_text(&args.out)? {
        Some("") => {
            return Err(ArgumentError::Invalid {
                name: "--out",
                value: String::new(),
                expected: "a file name".to_string(),
            }
            .into());
        }
        Some(name) => PathBuf::from(name),
        None => PathBuf::from(format!("ladder-{}.json", game.id())),
    };
    let pairings = ladder::default_pairings(&players, games, wide_games, top_scale as u32);
    let command = command_line(args);
    let fresh = Ladder::new(game, seed, command, players, &pairings);
    // Never a file that --resume would refuse: one that could grow past the limit (a long
    // command or long settings of the players) is refused before any game.
    if fresh.largest_file_size() > ladder::MAX_FILE_SIZE {
        return Err(CliError::Ladder(format!(
            "the ladder's file could grow past {}, which --resume does not read: give shorter \
             --player settings",
            files::size_text(ladder::MAX_FILE_SIZE)
        )));
    }
    // The one check of every output: nothing but a regular file (or nothing) at --out, not
    // the table it reads, in a folder that can be written; then each save replaces it whole.
    let table = args.table.as_deref().map(Path::new);
    let inputs: Vec<Input> = table
        .map(|path| Input {
            role: "--table",
            path,
        })
        .into_iter()
        .collect();
    let kind = if args.resume {
        Kind::Continue
    } else {
        Kind::New
    };
    plan(&inputs, &[Output::new("--out", &path, kind)]).map_err(|e| match e {
        OutputError::Exists { .. } => CliError::Ladder(format!(
            "{} exists: give --resume to go on with it, or another --out",
            quoted_path(&path)
        )),
        e => e.into(),
    })?;
    let [output] = &plan(&inputs, &[Output::new("--out", &path, Kind::Replace)])?[..] else {
        return Err(CliError::Ladder("no output was planned".into()));
    };
    let mut ladder = if args.resume {
        resumed(&path, &fresh, game)?
    } else {
        fresh
    };
    // Master consults the Flying table where there is one, as in the app.
    let oracle: Option<Arc<dyn Oracle>> = (game == GameId::Flying)
        .then(|| open_table(table, errors))
        .flatten()
        .map(|t| t as Arc<dyn Oracle>);
    save(output, &mut ladder)?;
    for index in 0..ladder.pairings.len() {
        if ladder.pairings[index].done() {
            continue;
        }
        let specs = {
            let pairing = &ladder.pairings[index];
            (
                spec_of(&ladder.players, &pairing.a)?,
                spec_of(&ladder.players, &pairing.b)?,
            )
        };
        let mut pairing = ladder.pairings[index].clone();
        let mut failed = None;
        let played = ladder::play(
            game,
            (&specs.0, &specs.1),
            seed,
            threads as usize,
            oracle.clone(),
            &mut pairing,
            |progress| {
                let mut kept = ladder.clone();
                kept.pairings[index] = progress.clone();
                match save(output, &mut kept) {
                    Ok(()) => Flow::Continue,
                    Err(e) => {
                        failed = Some(e);
                        Flow::Stop
                    }
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        played.map_err(CliError::Match)?;
        ladder.pairings[index] = pairing;
        save(output, &mut ladder)?;
        write_line(out, &pairing_line(&ladder, &ladder.pairings[index]))?;
    }
    write_summary(&ladder, out)
}

/// The ladder in `path` to go on with: it must be a ladder of the same plan.
fn resumed(path: &Path, fresh: &Ladder, game: GameId) -> Result<Ladder, CliError> {
    let bytes =
        files::read_regular_file(path, ladder::MAX_FILE_SIZE).map_err(|error| match error {
            ReadError::NotFound => CliError::Ladder(format!(
                "{} does not exist: there is nothing to resume",
                quoted_path(path)
            )),
            other => CliError::Ladder(format!("cannot read {}: {other}", quoted_path(path))),
        })?;
    let kept = Ladder::from_bytes(&bytes)
        .map_err(|e| CliError::Ladder(format!("{}: {e}", quoted_path(path))))?;
    if kept.game_id() != Some(game) {
        return Err(CliError::Ladder(format!(
            "{}: {}",
            quoted_path(path),
            ladder::LadderError::OtherGame(kept.game.clone())
        )));
    }
    if !kept.same_plan(fresh) {
        return Err(CliError::Ladder(format!(
            "{} measures other players, pairings or seed: run it with the options that made it",
            quoted_path(path)
        )));
    }
    Ok(kept)
}

/// Refits and writes the ladder atomically; never a file that --resume would refuse.
fn save(output: &Planned, ladder: &mut Ladder) -> Result<(), CliError> {
    ladder.refit();
    let bytes = ladder.to_bytes();
    if bytes.len() as u64 > ladder::MAX_FILE_SIZE {
        return Err(CliError::Ladder(format!(
            "{} would grow past {}, which --resume does not read",
            quoted_path(output.given()),
            files::size_text(ladder::MAX_FILE_SIZE)
        )));
    }
    output.write(&bytes)?;
    Ok(())
}

/// The match player of ladder player `id`.
fn spec_of(players: &[LadderPlayer], id: &str) -> Result<PlayerSpec, CliError> {
    let player = players
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| CliError::Ladder(format!("no player {id}")))?;
    let config = Config::parse(&player.config).map_err(CliError::Ladder)?;
    Ok(PlayerSpec {
        config,
        program: None,
        weights: None,
        book: None,
    })
}

/// `a b: W-D-L score% (predicted p%)`.
fn pairing_line(ladder: &Ladder, p: &Pairing) -> String {
    let predicted = ladder.predicted(p).map_or_else(String::new, |s| {
        format!(" (ratings predict {:.1}%)", 100.0 * s)
    });
    format!(
        "{} vs {}: {} W {} D {} L of {}, score {:.1}%{predicted}",
        p.a,
        p.b,
        p.wins,
        p.draws,
        p.losses,
        p.games(),
        100.0 * p.score()
    )
}

fn write_summary(ladder: &Ladder, out: &mut dyn Write) -> Result<(), CliError> {
    write_line(
        out,
        &format!("ladder {} (seed {})", ladder.game, ladder.seed),
    )?;
    for r in &ladder.ratings {
        write_line(
            out,
            &format!(
                "rating {} {:.0} (95%: {:.0} to {:.0})",
                r.id, r.rating, r.low, r.high
            ),
        )?;
    }
    for p in &ladder.pairings {
        write_line(out, &format!("pairing {}", pairing_line(ladder, p)))?;
    }
    Ok(())
}

/// The command as it was given, for the file's record of how it was made.
fn command_line(args: &LadderArgs) -> String {
    let mut words = vec![
        "sanqi ladder".to_string(),
        args.game.to_string_lossy().into_owned(),
    ];
    let mut option = |name: &str, value: &Option<OsString>| {
        if let Some(v) = value {
            words.push(format!("--{name} {}", v.to_string_lossy()));
        }
    };
    option("games", &args.games);
    option("wide-games", &args.wide_games);
    option("seed", &args.seed);
    option("master-nodes", &args.master_nodes);
    option("top-scale", &args.top_scale);
    for p in &args.player {
        words.push(format!("--player {}", p.to_string_lossy()));
    }
    words.join(" ")
}
