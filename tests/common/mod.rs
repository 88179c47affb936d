//! Helpers shared by the integration tests: points, boards drawn as text, action lists and a
//! small seeded random number generator (so the tests need nothing beyond std).

#![allow(dead_code)]

mod isolation;
pub use isolation::isolated_data_dir;

use sanqi::rules::notation::parse_actions;
use sanqi::rules::{Action, ActionList, Bits, Effects, Game, GameId, Point, Rules, State};

/// The point named `a1` … `e5`.
pub fn pt(name: &str) -> Point {
    Point::parse(name).unwrap_or_else(|| panic!("bad point {name:?}"))
}

/// The set of the points named, separated by spaces.
pub fn pts(names: &str) -> Bits {
    names
        .split_whitespace()
        .fold(0, |acc, name| acc | 1 << pt(name).index())
}

/// One action in the notation.
pub fn act(text: &str) -> Action {
    Action::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// A list of actions in the notation.
pub fn acts(text: &str) -> Vec<Action> {
    parse_actions(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Black's and White's pieces from a drawing of the board: five rows, row 5 first, each of
/// five characters `B`, `W` or `.` for columns a to e (spaces are ignored).
pub fn board(rows: [&str; 5]) -> [Bits; 2] {
    let mut boards = [0, 0];
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), 5, "row {row:?} must have five points");
        let r = 4 - i as u8;
        for (c, cell) in cells.iter().enumerate() {
            let bit = 1 << Point::at(c as u8, r).unwrap().index();
            match cell {
                'B' => boards[0] |= bit,
                'W' => boards[1] |= bit,
                '.' => {}
                other => panic!("unexpected {other:?} in {row:?}"),
            }
        }
    }
    boards
}

/// The points of a set, lowest index first, named.
pub fn names(set: Bits) -> String {
    Point::ALL
        .iter()
        .filter(|p| set & (1 << p.index()) != 0)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A game played from the start with these actions, every one of which must be legal.
pub fn game_after(id: GameId, moves: &str) -> Game {
    let mut game = Game::new(id);
    for action in acts(moves) {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action} rejected: {e}"));
    }
    game
}

/// A state reached from the start with these actions (draw rules ignored).
pub fn state_after(id: GameId, moves: &str) -> State {
    let mut state = State::start(id);
    for action in acts(moves) {
        state
            .apply(action)
            .unwrap_or_else(|e| panic!("{action} rejected: {e}"));
    }
    state
}

/// SplitMix64: a tiny, fast, seeded generator; good enough for picking actions.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// A random point.
    pub fn point(&mut self) -> Point {
        Point::ALL[self.below(25)]
    }

    /// A random action of any kind except `timeout`, legal or not.
    pub fn any_action(&mut self) -> Action {
        match self.below(3) {
            0 => Action::Place(self.point()),
            1 => Action::Remove(self.point()),
            _ => Action::Move(self.point(), self.point()),
        }
    }
}

/// The legal actions of one game's position in the notation, sorted; also checks that
/// `count_actions` agrees with the list.
pub fn legal<R: Rules>(state: &R) -> Vec<String> {
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    assert_eq!(state.count_actions(), list.len(), "count_actions agrees");
    let mut v: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

/// Plays one action in the notation, which must be legal.
pub fn play<R: Rules>(state: &mut R, text: &str) -> Effects {
    let action = act(text);
    state
        .apply(action)
        .unwrap_or_else(|e| panic!("{action} rejected: {e}"))
}

/// The names of the files in a folder, sorted.
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a readable folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Runs `f` on another thread and returns its result, failing the test if it has not
/// finished after a generous time: what it guards against is a hang, not slowness.
pub fn without_hanging<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("{what} hangs"))
}

/// Makes a FIFO (a named pipe) at `path`, with the system's `mkfifo`.
#[cfg(unix)]
pub fn make_fifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs the command line in this process, as `sanqi ARGS…` would; returns (exit status,
/// stdout, stderr).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = cli_in_process(args, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("UTF-8 output"),
        String::from_utf8(err).expect("UTF-8 errors"),
    )
}

/// A command that must succeed (stderr may hold a match's progress or a warning); returns
/// its stdout.
pub fn cli_ok(args: &[&str]) -> String {
    let (code, out, err) = run_cli(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// A command that must succeed with nothing on stderr; returns its stdout.
pub fn cli_quiet(args: &[&str]) -> String {
    let (code, out, err) = run_cli(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(err, "", "{args:?}");
    out
}

/// A command that must fail: exit status 2, nothing on stdout, one line on stderr. Returns
/// that line without the program's name.
pub fn cli_err(args: &[&str]) -> String {
    let (code, out, err) = run_cli(args);
    assert_eq!(code, 2, "{args:?} should fail; stdout {out:?}");
    assert_eq!(out, "", "{args:?}");
    assert!(err.ends_with('\n'), "{args:?}: {err:?}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    err.trim_end()
        .strip_prefix("sanqi: ")
        .unwrap_or_else(|| panic!("{args:?}: {err:?}"))
        .to_string()
}

/// Runs the `sanqi` program itself with these arguments and, if given, that data folder (else
/// an empty one of its own, see [`program`]); returns (exit status, stdout, stderr).
pub fn run_program<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    data_dir: Option<&std::path::Path>,
) -> (i32, String, String) {
    let (mut command, _home) = program();
    command.args(args);
    if let Some(dir) = data_dir {
        command.env(sanqi::data_dir::VARIABLE, dir);
    }
    let output = command.output().expect("the program runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `sanqi::cli::run` in this process, with the process's data folder isolated first.
pub fn cli_in_process<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> i32 {
    isolated_data_dir();
    sanqi::cli::run(args, out, err)
}

/// The `sanqi` program as a command that cannot reach the user's own data: its data folder
/// (`SANQI_DATA_DIR`), home and the other folders the per-user data folder derives from
/// (`HOME`, `XDG_DATA_HOME`, `APPDATA`, `LOCALAPPDATA`) all lie in a fresh temporary folder,
/// which lives as long as the second value. A test may name another data folder after this.
pub fn program() -> (std::process::Command, tempfile::TempDir) {
    isolated_data_dir();
    let home = tempfile::Builder::new()
        .prefix("sanqi-home-")
        .tempdir()
        .expect("a temporary folder");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_sanqi"));
    command
        .env(sanqi::data_dir::VARIABLE, home.path().join("data"))
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("share"))
        .env("APPDATA", home.path().join("roaming"))
        .env("LOCALAPPDATA", home.path().join("local"));
    (command, home)
}
