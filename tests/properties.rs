//! Property tests: whatever bytes a file holds and whatever arguments the command line gets,
//! Sanqi answers with a value or a typed error, never a panic, and every message it prints
//! is one line.
//!
//! - record loading (`records::load`, `read_record_file`) and every data-file loader of the
//!   store (settings, statistics, the game in progress) get random bytes, valid files with
//!   random byte-level edits, and valid JSON with random field values;
//! - `cli::run` gets random argument vectors drawn from its own vocabulary and from junk,
//!   with the commands that could take long kept cheap (perft depths that are tiny or
//!   refused, the random and easy levels only, matches of at most two games);
//! - every binary format Sanqi writes (self-play data, weights, opening books, the Flying
//!   table) gets single-byte changes: each is refused, or reads back as exactly what the
//!   file held (a change that shows nowhere). Every header byte is changed in turn, and
//!   bytes elsewhere at random.

mod common;

use std::fs;
use std::sync::OnceLock;

use common::Rng;
use proptest::prelude::*;
use proptest::sample::Index;
use sanqi::ai::Level;
use sanqi::app::history::{CACHE_FILE, EntryState, History};
use sanqi::app::link::Link;
use sanqi::app::settings::{
    ClockSetting, Opponent, Outcome, SavedGame, Settings, Setup, SideChoice, Stats,
};
use sanqi::app::storage::{GAME_FILE, SETTINGS_FILE, STATS_FILE, Store, read_record_file};

use sanqi::rules::records::{self, Metadata, Record};
use sanqi::rules::{Action, Game, GameId};

// ----------------------------------------------------------------- inputs

/// Valid files to start mutations from: a record of each game (finished or not), the
/// settings, the statistics and a game in progress.
struct Bases {
    records: Vec<Vec<u8>>,
    settings: Vec<u8>,
    stats: Vec<u8>,
    game: Vec<u8>,
}

fn random_game(id: GameId, seed: u64, max_actions: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(id);
    while !game.status().is_over() && game.len() < max_actions {
        let legal = game.state().legal_vec();
        let action = if legal.is_empty() || rng.chance(3) {
            Action::Timeout
        } else {
            legal[rng.below(legal.len())]
        };
        game.apply(action).expect("a legal action");
    }
    game
}

fn bases() -> &'static Bases {
    static BASES: OnceLock<Bases> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut records = Vec::new();
        for (i, id) in GameId::ALL.into_iter().enumerate() {
            for max_actions in [12, 10_000] {
                let game = random_game(id, i as u64 * 7 + max_actions as u64, max_actions);
                records.push(Record::of_game(&game, Metadata::default()).to_json().into());
            }
        }
        let settings = Settings {
            flip_board: true,
            window_size: Some([900.0, 640.5]),
            last_setup: Setup {
                game: GameId::Wudao,
                opponent: Opponent::Watch {
                    black: Level::Easy,
                    white: Level::Hard,
                },
                clock: ClockSetting::S30,
            },
            ..Settings::default()
        };
        let mut stats = Stats::default();
        stats.record(GameId::Flying, "hard", Outcome::Win);
        stats.record(GameId::Neihuang, Stats::HUMAN, Outcome::Draw);
        let setup = Setup {
            game: GameId::Neihuang,
            opponent: Opponent::Computer {
                level: Level::Medium,
                side: SideChoice::White,
            },
            clock: ClockSetting::S60,
        };
        let in_progress = random_game(GameId::Neihuang, 3, 30);
        let saved = SavedGame::new(
            setup,
            Some(sanqi::rules::Side::White),
            &in_progress,
            Some(41_000),
            &[Action::Timeout],
        );
        Bases {
            records,
            settings: serde_json::to_vec_pretty(&settings).expect("encoded"),
            stats: serde_json::to_vec_pretty(&stats).expect("encoded"),
            game: serde_json::to_vec_pretty(&saved).expect("encoded"),
        }
    })
}

/// Pieces of JSON and of text that parsers find awkward, spliced into files.
const SNIPPETS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    "-1",
    "0",
    "4294967296",
    "18446744073709551616",
    "1e999",
    "-0.0",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "\"x\\ny\\u001b[2J\"",
    "\u{feff}",
    "\u{202e}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "\"version\": 2",
    "\"version\": 0",
    "\"format\": \"chess\"",
    "\"game\": \"flying\"",
    "\"actions\": [\"a1-a2\", \"xa1\", \"timeout\"]",
    "\"redo\": [\"q9\"]",
    "\"setup\": {\"game\": \"wudao\"}",
    "\"tallies\": {\"flying/hard\": {\"wins\": 4294967295}}",
    "\"language\": \"klingon\"",
];

/// One edit of a file's bytes.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace the byte at a position.
    Set(Index, u8),
    /// Insert a snippet at a position.
    Splice(Index, Index),
    /// Remove the bytes between two positions.
    Remove(Index, Index),
    /// Cut the file at a position.
    Truncate(Index),
    /// Repeat the bytes between two positions.
    Repeat(Index, Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<Index>(), any::<Index>()).prop_map(|(i, s)| Edit::Splice(i, s)),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Remove(a, b)),
        any::<Index>().prop_map(Edit::Truncate),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Repeat(a, b)),
    ]
}

fn apply_edits(base: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for edit in edits {
        // Positions may be one past the end.
        let at = |i: &Index, bytes: &Vec<u8>| i.index(bytes.len() + 1);
        match edit {
            Edit::Set(i, b) if !bytes.is_empty() => {
                let i = i.index(bytes.len());
                bytes[i] = *b;
            }
            Edit::Set(..) => {}
            Edit::Splice(i, s) => {
                let i = at(i, &bytes);
                let snippet = SNIPPETS[s.index(SNIPPETS.len())].as_bytes();
                bytes.splice(i..i, snippet.iter().copied());
            }
            Edit::Remove(a, b) => {
                let (a, b) = (at(a, &bytes), at(b, &bytes));
                bytes.drain(a.min(b)..a.max(b));
            }
            Edit::Truncate(i) => {
                let i = at(i, &bytes);
                bytes.truncate(i);
            }
            Edit::Repeat(a, b) => {
                let (a, b) = (at(a, &bytes), at(b, &bytes));
                let piece: Vec<u8> = bytes[a.min(b)..a.max(b)].to_vec();
                if bytes.len() + piece.len() < 1 << 20 {
                    bytes.splice(a.max(b)..a.max(b), piece);
                }
            }
        }
    }
    bytes
}

/// A file's bytes: random, or one of the valid `bases` with a few edits.
fn file_bytes(bases: fn() -> Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        (any::<Index>(), prop::collection::vec(edit(), 1..6)).prop_map(move |(which, edits)| {
            let bases = bases();
            apply_edits(&bases[which.index(bases.len())], &edits)
        }),
    ]
}

fn record_bases() -> Vec<Vec<u8>> {
    bases().records.clone()
}

/// Text that is sometimes an action, sometimes nearly one, sometimes junk.
fn action_text() -> impl Strategy<Value = String> {
    let point = (0u8..7, 0u8..7).prop_map(|(c, r)| format!("{}{}", (b'a' + c) as char, r));
    prop_oneof![
        point.clone(),
        point.clone().prop_map(|p| format!("x{p}")),
        (point.clone(), point).prop_map(|(a, b)| format!("{a}-{b}")),
        Just("timeout".to_string()),
        any::<String>(),
    ]
}

/// A record in JSON with random field values (often valid, often not).
fn record_json() -> impl Strategy<Value = Vec<u8>> {
    let game = prop_oneof![
        Just("neihuang".to_string()),
        Just("flying".to_string()),
        Just("wudao".to_string()),
        any::<String>(),
    ];
    let format = prop_oneof![4 => Just(records::FORMAT.to_string()), 1 => any::<String>()];
    let version = prop_oneof![4 => Just(records::VERSION as u64), 1 => any::<u64>()];
    (
        format,
        version,
        game,
        prop::collection::vec(action_text(), 0..40),
    )
        .prop_map(|(format, version, game, actions)| {
            serde_json::json!({
                "format": format,
                "version": version,
                "game": game,
                "actions": actions,
                "metadata": {"result": "x\n"},
            })
            .to_string()
            .into_bytes()
        })
}

fn assert_one_line(text: &str) {
    assert!(!text.is_empty(), "an empty message");
    assert!(
        !text.chars().any(|c| c.is_control()),
        "not one clean line: {text:?}"
    );
}

// ----------------------------------------------------------------- files

fn check_record_bytes(bytes: &[u8]) {
    match records::load(bytes) {
        // A record that loads is one Sanqi could have written, and writes back the same.
        Ok((record, game)) => {
            let again = Record::of_game(&game, record.metadata.clone());
            assert_eq!(again.actions, record.actions);
            assert_eq!(again.game, record.game);
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
}

/// One data folder per case: (folder, the store in it).
fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::at(dir.path());
    (dir, store)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn records_load_or_give_a_typed_error(bytes in file_bytes(record_bases)) {
        check_record_bytes(&bytes);
    }

    #[test]
    fn records_with_random_fields_load_or_give_a_typed_error(bytes in record_json()) {
        check_record_bytes(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn record_files_read_or_give_a_typed_error(bytes in file_bytes(record_bases)) {
        let (dir, _) = store();
        let path = dir.path().join("record.json");
        fs::write(&path, &bytes).expect("written");
        match read_record_file(&path) {
            Ok((_, game)) => prop_assert_eq!(Ok(game), records::load(&bytes).map(|(_, g)| g)),
            Err(e) => assert_one_line(&e.to_string()),
        }
    }

    #[test]
    fn settings_load_or_are_set_aside(bytes in file_bytes(|| vec![bases().settings.clone()])) {
        let (dir, store) = store();
        fs::write(dir.path().join(SETTINGS_FILE), &bytes).expect("written");
        let loaded = store.load_settings();
        for notice in &loaded.notices {
            assert_one_line(&notice.to_string());
            prop_assert_eq!(&loaded.value, &Settings::default());
        }
        // Whatever happened, the next save and load work.
        store.save_settings(&loaded.value).expect("saved");
        prop_assert_eq!(store.load_settings().value, loaded.value);
    }

    #[test]
    fn stats_load_or_are_set_aside(bytes in file_bytes(|| vec![bases().stats.clone()])) {
        let (dir, store) = store();
        fs::write(dir.path().join(STATS_FILE), &bytes).expect("written");
        let loaded = store.load_stats();
        for notice in &loaded.notices {
            assert_one_line(&notice.to_string());
            prop_assert_eq!(&loaded.value, &Stats::default());
        }
        store.save_stats(&loaded.value).expect("saved");
        prop_assert_eq!(store.load_stats().value, loaded.value);
    }

    #[test]
    fn a_saved_game_loads_only_if_it_resumes(
        bytes in file_bytes(|| vec![bases().game.clone()])
    ) {
        let (dir, store) = store();
        fs::write(dir.path().join(GAME_FILE), &bytes).expect("written");
        let loaded = store.load_game();
        match &loaded.value {
            Some(saved) => {
                prop_assert!(loaded.notices.is_empty());
                let (game, _) = saved.restore().expect("a loaded game resumes");
                prop_assert!(!game.status().is_over());
            }
            None => {
                for notice in &loaded.notices {
                    assert_one_line(&notice.to_string());
                }
            }
        }
    }
}

/// A history cache file as the app writes it, describing one record `r.json`.
fn history_cache_base() -> Vec<Vec<u8>> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = dir.path().join("records");
    fs::create_dir_all(&folder).expect("folder");
    fs::write(folder.join("r.json"), &record_bases()[0]).expect("written");
    let cache = dir.path().join(CACHE_FILE);
    let mut history = History::new(folder, Some(cache.clone()));
    history.refresh();
    while history.read_some(std::time::Duration::from_millis(50)) {}
    vec![fs::read(&cache).expect("the cache was written")]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn the_history_lists_any_record_file_whatever_its_cache_holds(
        record in file_bytes(record_bases),
        cache in file_bytes(history_cache_base),
    ) {
        let (dir, _) = store();
        let folder = dir.path().join("records");
        fs::create_dir_all(&folder).expect("folder");
        let path = folder.join("r.json");
        fs::write(&path, &record).expect("written");
        let cache_path = dir.path().join(CACHE_FILE);
        fs::write(&cache_path, &cache).expect("written");
        let mut history = History::new(folder, Some(cache_path));
        history.refresh();
        while history.read_some(std::time::Duration::from_millis(50)) {}
        let [entry] = history.entries() else {
            panic!("one record, one row: {:?}", history.entries());
        };
        match (&entry.state, read_record_file(&path)) {
            (EntryState::Ready(summary), Ok((record, _))) => {
                prop_assert_eq!(summary.actions, record.actions.len());
            }
            (EntryState::Damaged(e), Err(_)) => assert_one_line(&e.to_string()),
            (state, read) => prop_assert!(false, "{:?} for {:?}", state, read.map(|r| r.0)),
        }
    }
}

// ----------------------------------------------------------------- command line

/// Junk: empty, very long, with control characters and escapes, or not ASCII.
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("x".repeat(100_000)),
        Just("a\nb\r\u{1b}[31m\u{7}".to_string()),
        Just("五道棋".to_string()),
        Just("-".to_string()),
        Just("--".to_string()),
        any::<String>(),
    ]
}

/// One argument: a word the command line knows (a command, an option, a value of the right
/// kind) or junk. Depths are tiny or refused, levels are cheap, matches are short.
fn argument() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        // Commands.
        "perft",
        "legal",
        "replay",
        "bestmove",
        "match",
        "help",
        "--help",
        "-h",
        "--version",
        "-V", // Games.
        "neihuang",
        "flying",
        "wudao", // Options and flags.
        "--moves",
        "--divide",
        "--level",
        "--seed",
        "--black",
        "--white",
        "--games",
        "--threads",
        "--budget-scale",
        "--max-actions",
        "--records",
        "--quiet",
        "--swap",
        // Values.
        "0",
        "1",
        "2",
        "3",
        "64",
        "65",
        "-1",
        "2.5",
        "1e3",
        "18446744073709551615",
        "99999999999999999999999",
        "random",
        "easy",
        "Easy",
        "c3",
        "a1-a2 e5-e4",
        "xa1",
        "timeout",
        "c3 c3",
        "0.5",
        "nan",
        "inf",
        "101",
        "/dev/null",
        "/dev/zero",
        "/nonexistent/record.json",
        "/tmp",
        "records",
    ]);
    prop_oneof![
        8 => words.prop_map(str::to_string),
        2 => action_text(),
        1 => junk(),
    ]
}

/// A command line close to a real one: a command, a game and some of its options with
/// values of the right kind (or not), in any order, so that the commands run far.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let command = prop::sample::select(vec!["perft", "legal", "replay", "bestmove", "match"]);
    let game = prop::sample::select(vec!["neihuang", "flying", "wudao"]);
    let moves = prop::collection::vec(action_text(), 0..12).prop_map(|v| v.join(" "));
    let option = prop_oneof![
        moves.prop_map(|m| vec!["--moves".to_string(), m]),
        Just(vec!["--divide".to_string()]),
        prop::sample::select(vec!["random", "easy", "expert\n"]).prop_flat_map(|level| {
            prop::sample::select(vec!["--level", "--black", "--white"])
                .prop_map(move |name| vec![name.to_string(), level.to_string()])
        }),
        (0u64..3).prop_map(|n| vec!["--games".to_string(), n.to_string()]),
        any::<u64>().prop_map(|n| vec!["--seed".to_string(), n.to_string()]),
        (0u64..60).prop_map(|n| vec!["--max-actions".to_string(), n.to_string()]),
        Just(vec!["--records".to_string(), "records".to_string()]),
        Just(vec!["--quiet".to_string()]),
        Just(vec!["--swap".to_string()]),
    ];
    (
        command,
        game,
        prop::sample::select(vec!["0", "1", "2", "3", "64"]),
        prop::collection::vec(option, 0..5),
    )
        .prop_map(|(command, game, depth, options)| {
            let mut args = vec![command.to_string(), game.to_string()];
            if command == "perft" {
                args.push(depth.to_string());
            }
            args.extend(options.into_iter().flatten());
            args
        })
}

/// Whether running `args` stays cheap, though each word is cheap alone: not a match of
/// many games (the match command's own limits are another matter) or with the computer's
/// budgets scaled up.
fn cheap(args: &[String]) -> bool {
    args.windows(2).all(|pair| match pair[0].as_str() {
        "--games" => pair[1].parse::<u64>().map_or(true, |n| n <= 2),
        "--budget-scale" => pair[1].parse::<f64>().map_or(true, |f| f <= 2.0),
        _ => true,
    })
}

/// `args` with every `--records` folder that would be created moved into `dir`: a relative
/// name would otherwise land in the current folder.
fn records_into(args: &[String], dir: &std::path::Path) -> Vec<String> {
    let mut out = args.to_vec();
    for i in 1..out.len() {
        if out[i - 1] == "--records" && !out[i].is_empty() && !out[i].starts_with("/dev/") {
            out[i] = dir.join("records").to_string_lossy().into_owned();
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_command_line_answers_every_argument_vector(
        args in prop_oneof![prop::collection::vec(argument(), 0..8), command_line()]
    ) {
        prop_assume!(cheap(&args));
        let dir = tempfile::tempdir().expect("a temporary folder");
        let args = records_into(&args, dir.path());
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let code = common::cli_in_process(&args, &mut out, &mut errors);
        let errors = String::from_utf8(errors).expect("UTF-8 errors");
        match code {
            0 => {}
            2 => {
                // The match command prints its progress on stderr before an error found at
                // the end; the error is the last line.
                let last = errors
                    .strip_suffix('\n')
                    .and_then(|e| e.rsplit('\n').next())
                    .unwrap_or_else(|| panic!("{args:?}: {errors:?}"));
                prop_assert!(last.starts_with("sanqi: "), "{:?}: {:?}", args, errors);
                assert_one_line(last);
                if args.first().is_none_or(|c| c != "match") {
                    prop_assert_eq!(errors.lines().count(), 1, "{:?}", args);
                }
            }
            other => prop_assert!(false, "{:?}: exit status {}", args, other),
        }
    }
}

// ----------------------------------------------------------------- binary formats

use sanqi::ai::Weights;
use sanqi::ai::book::Book;
use sanqi::learn::data::{self, GameData, Header, Sample};
use sanqi::tablebase::play::Source;
use sanqi::tablebase::{Board, BoardTable, BuildConfig, Check, Figures, Solution};

/// A sound self-play file: a few random Wu Dao games.
fn selfplay_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let header = Header {
            game: GameId::Wudao,
            seed: 42,
            player: "master:nodes=200".into(),
        };
        let games: Vec<GameData> = (0..4)
            .map(|n| {
                let game = random_game(GameId::Wudao, 100 + n, 30);
                let samples = (0..game.len())
                    .map(|i| Sample {
                        key: game.state_after(i).key(),
                        score: (i as i16 - 5) * 7,
                        ply: i as u16,
                    })
                    .collect();
                GameData {
                    number: n as u32,
                    outcome: data::Outcome::Drawn,
                    samples,
                }
            })
            .collect();
        data::file_bytes(&header, &games)
    })
}

/// The embedded assets' bytes, written again by this build (in its own format).
fn asset(path: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect("an asset")
}

fn weights_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        Weights::parse(&asset("assets/eval/wudao.weights"))
            .expect("the embedded weights")
            .to_bytes()
    })
}

fn book_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        Book::parse(GameId::Wudao, &asset("assets/book/wudao.book"))
            .expect("the embedded book")
            .to_bytes()
    })
}

/// A small Flying table (3×3 with 4 pieces) with its solution and the figures its file
/// holds, written once.
fn table() -> &'static (Vec<u8>, Solution, Figures) {
    static TABLE: OnceLock<(Vec<u8>, Solution, Figures)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let board = Board::new(3, 4).expect("a board");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("t.sanqi-table");
        let config = BuildConfig {
            board,
            ..BuildConfig::flying(path.clone())
        };
        sanqi::tablebase::build(
            &config,
            1,
            &mut |_| {},
            &std::sync::atomic::AtomicBool::new(false),
        )
        .expect("a build");
        let solution = sanqi::tablebase::solve(board, 1).expect("a solve");
        let figures = BoardTable::open_with(&path, Check::Full)
            .expect("a sound table")
            .figures()
            .clone();
        (fs::read(&path).expect("the table"), solution, figures)
    })
}

/// `base` with byte `at` changed by `xor` (never 0).
fn changed(base: &[u8], at: usize, xor: u8) -> Vec<u8> {
    let mut bytes = base.to_vec();
    bytes[at] ^= xor;
    bytes
}

/// A single-byte change of a self-play file is refused or shows nowhere.
fn check_selfplay(bytes: &[u8]) -> Result<(), String> {
    match data::parse(bytes) {
        Err(_) => Ok(()),
        Ok(read) if Ok(&read) == data::parse(selfplay_bytes()).as_ref() => Ok(()),
        Ok(read) => Err(format!(
            "accepted as {:?} with the games {:?}",
            read.header,
            read.games
                .iter()
                .map(|g| (g.number, g.outcome, g.samples.len()))
                .collect::<Vec<_>>()
        )),
    }
}

fn check_weights(bytes: &[u8]) -> Result<(), String> {
    match Weights::parse(bytes) {
        Err(_) => Ok(()),
        Ok(read) if Ok(&read) == Weights::parse(weights_bytes()).as_ref() => Ok(()),
        Ok(_) => Err("accepted with other weights".to_string()),
    }
}

fn check_book(bytes: &[u8]) -> Result<(), String> {
    match Book::parse(GameId::Wudao, bytes) {
        Err(_) => Ok(()),
        Ok(read) if Ok(&read) == Book::parse(GameId::Wudao, book_bytes()).as_ref() => Ok(()),
        Ok(_) => Err("accepted as another book".to_string()),
    }
}

/// A table is opened with every block checked; if it opens, its figures and every class's
/// value must be the solution's.
fn check_table(bytes: &[u8]) -> Result<(), String> {
    let (_, solution, figures) = table();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("t.sanqi-table");
    fs::write(&path, bytes).expect("written");
    let Ok(file) = BoardTable::open_with(&path, Check::Full) else {
        return Ok(());
    };
    if file.figures() != figures {
        return Err("accepted with other figures".to_string());
    }
    let indexer = solution.indexer();
    for i in (0..indexer.entries()).filter(|&i| indexer.orbit(i).is_some()) {
        let pos = indexer.position(i);
        match file.lookup(pos) {
            Err(_) => return Ok(()),
            Ok(found) if found == solution.lookup(pos) => {}
            Ok(found) => return Err(format!("class {i} reads {found:?}")),
        }
    }
    Ok(())
}

/// Every byte of the first `count` changed by each of a few amounts.
fn every_header_byte(base: &[u8], count: usize, check: fn(&[u8]) -> Result<(), String>) {
    for at in 0..count.min(base.len()) {
        for xor in [0x01, 0x02, 0x10, 0x80, 0xff] {
            if let Err(e) = check(&changed(base, at, xor)) {
                panic!("byte {at} changed by {xor:#04x}: {e}");
            }
        }
    }
}

#[test]
fn every_header_byte_of_every_format_is_checked() {
    // Self-play: the header (22 bytes, the player's text, the checksum) and the first game's.
    let text = u16::from_le_bytes([selfplay_bytes()[20], selfplay_bytes()[21]]) as usize;
    every_header_byte(selfplay_bytes(), 22 + text + 4 + 16 + 40, check_selfplay);
    every_header_byte(weights_bytes(), 24 + 8, check_weights);
    every_header_byte(book_bytes(), 20 + 40, check_book);
    every_header_byte(&table().0, 256 + 8, check_table);
    // The embedded files are format 1, whose header fields are each checked.
    every_header_byte(&asset("assets/eval/wudao.weights"), 24 + 8, check_weights);
    every_header_byte(&asset("assets/book/wudao.book"), 20 + 40, check_book);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_changed_byte_of_a_selfplay_file_is_refused_or_shows_nowhere(
        at in any::<Index>(), xor in 1u8..=255
    ) {
        let base = selfplay_bytes();
        let result = check_selfplay(&changed(base, at.index(base.len()), xor));
        prop_assert!(result.is_ok(), "{:?}", result);
    }

    #[test]
    fn a_changed_byte_of_a_weights_file_is_refused_or_shows_nowhere(
        at in any::<Index>(), xor in 1u8..=255
    ) {
        let base = weights_bytes();
        let result = check_weights(&changed(base, at.index(base.len()), xor));
        prop_assert!(result.is_ok(), "{:?}", result);
    }

    #[test]
    fn a_changed_byte_of_a_book_is_refused_or_shows_nowhere(
        at in any::<Index>(), xor in 1u8..=255
    ) {
        let base = book_bytes();
        let result = check_book(&changed(base, at.index(base.len()), xor));
        prop_assert!(result.is_ok(), "{:?}", result);
    }

    #[test]
    fn a_changed_byte_of_a_table_is_refused_or_shows_nowhere(
        at in any::<Index>(), xor in 1u8..=255
    ) {
        let base = &table().0;
        let result = check_table(&changed(base, at.index(base.len()), xor));
        prop_assert!(result.is_ok(), "{:?}", result);
    }
}

// ----------------------------------------------------------------- shared links

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any game, finished or not, goes into a link and comes back the same: its game, its
    /// actions, and the position they reach.
    #[test]
    fn a_game_link_round_trips(
        game in 0usize..3,
        seed in any::<u64>(),
        length in 0usize..160,
        address in prop::sample::select(vec![
            "http://127.0.0.1:8000/",
            "https://example.org/sanqi/index.html",
            "https://example.org/play#wudao:a1",
        ]),
    ) {
        let game = random_game(GameId::ALL[game], seed, length);
        let link = Link::of_game(&game);
        let url = link.url(address);
        prop_assert_eq!(url.matches('#').count(), 1);
        let back = Link::parse(&url).expect("a link reads back");
        prop_assert_eq!(&back, &link);
        let from_fragment = Link::parse(&link.fragment());
        prop_assert_eq!(from_fragment, Ok(link.clone()));
        let replayed = back.replay().expect("a game link").expect("it replays");
        prop_assert_eq!(replayed.action_list(), game.action_list());
        prop_assert_eq!(replayed.state(), game.state());
    }

    /// Every link the app makes reads back the same after a browser's encoding (as
    /// `encodeURI` or `encodeURIComponent` would write it, or every byte as a percent-code)
    /// and after a person retypes it in upper case with spaces after the commas.
    #[test]
    fn a_link_survives_the_browsers_encoding_and_retyping(
        game in 0usize..3,
        seed in any::<u64>(),
        length in 0usize..120,
        puzzle in any::<bool>(),
        encoding in 0usize..4,
    ) {
        let link = if puzzle {
            Link::Puzzle(format!("{}{:04}", ["N", "F", "W"][game], seed % 10_000))
        } else {
            Link::of_game(&random_game(GameId::ALL[game], seed, length))
        };
        let fragment = link.fragment();
        let sent = match encoding {
            0 => encode(&fragment, ENCODE_URI_KEEPS),
            1 => encode(&fragment, ""),
            2 => encode(&fragment, "\u{0}"),
            _ => fragment.to_uppercase().replace(',', ", "),
        };
        prop_assert_eq!(Link::parse(&sent), Ok(link.clone()), "{}", sent);
        let url = format!("http://127.0.0.1:8000/#{sent}");
        prop_assert_eq!(Link::parse(&url), Ok(link), "{}", url);
    }

    /// Whatever a link says, reading it gives a link or a typed error, never a panic, and a
    /// game link's replay does the same.
    #[test]
    fn any_link_reads_or_says_why(text in "(#|https?://x/#)?[a-z:]{0,10}[a-e0-9x,:\\- ]{0,60}") {
        if let Ok(link) = Link::parse(&text)
            && let Some(Err(error)) = link.replay()
        {
            assert_one_line(&error.to_string());
        }
    }
}

/// The characters besides letters, digits and `-_.!~*'()` that `encodeURI` leaves as they are.
const ENCODE_URI_KEEPS: &str = ";,/?:@&=+$#";

/// `text` percent-encoded as a browser's `encodeURIComponent` does, also keeping `keeps`; with
/// `keeps` holding only NUL, every byte is encoded.
fn encode(text: &str, keeps: &str) -> String {
    let every_byte = keeps == "\u{0}";
    let mut out = String::new();
    for c in text.chars() {
        let unreserved = c.is_ascii_alphanumeric() || "-_.!~*'()".contains(c) || keeps.contains(c);
        if unreserved && !every_byte {
            out.push(c);
        } else {
            let mut bytes = [0u8; 4];
            for b in c.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}
