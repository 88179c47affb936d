//! The engine's settings, each declared once in [`settings!`] below: its name, its type and
//! range, its default for every level and game, and a one-line description.
//!
//! Everything else comes from that one table: [`Params`] (what a search reads), parsing and
//! printing a player such as `master:contempt=0,nodes=50000` ([`Config`]), the validation
//! of each value, the settings list in `sanqi match --help` ([`help`]) and the one in
//! docs/AI.md ([`markdown`]). Adding a setting is one entry in the table. A level is a
//! column of defaults, Master included: nothing elsewhere treats a level specially.

use std::fmt;
use std::time::Duration;

use super::level::Level;
use crate::echo::quoted;
use crate::rules::GameId;

/// Which algorithm decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Alpha-beta with iterative deepening.
    AlphaBeta,
    /// Monte Carlo tree search (UCT with light playouts).
    Mcts,
    /// Monte Carlo tree search while pieces are being placed, alpha-beta afterwards.
    MctsPlacement,
    /// One action of look-ahead: the most material gained at once, ties broken by the seed.
    Greedy,
}

/// Which evaluation judges a position at the search's horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The hand-written terms (material, shapes, threats, mobility).
    Hand,
    /// The pattern evaluation learned from self-play (where the game has one; the hand
    /// evaluation otherwise).
    Pattern,
}

/// What kind of value a setting takes, with its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Number {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `1`/`on`/`yes` or `0`/`off`/`no`.
    Switch,
    /// One of these names (stored as its position in the list).
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max`, or `none` (the setting does not apply).
    Optional {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
}

/// The value of an `Optional` setting that is not set.
const NONE: i64 = i64::MIN;

/// How a field's type is stored in the table's common currency, an `i64`.
trait Value: Copy {
    fn encode(self) -> i64;
    fn decode(value: i64) -> Self;
}

macro_rules! number_value {
    ($($t:ty),*) => {$(
        impl Value for $t {
            fn encode(self) -> i64 {
                self as i64
            }
            fn decode(value: i64) -> Self {
                value as $t
            }
        }
    )*};
}
number_value!(i32, u8, u32, u64, usize);

impl Value for bool {
    fn encode(self) -> i64 {
        i64::from(self)
    }
    fn decode(value: i64) -> Self {
        value != 0
    }
}

impl Value for Option<i32> {
    fn encode(self) -> i64 {
        self.map_or(NONE, i64::from)
    }
    fn decode(value: i64) -> Self {
        (value != NONE).then_some(value as i32)
    }
}

impl Value for Algorithm {
    fn encode(self) -> i64 {
        self as i64
    }
    fn decode(value: i64) -> Self {
        match value {
            1 => Algorithm::Mcts,
            2 => Algorithm::MctsPlacement,
            3 => Algorithm::Greedy,
            _ => Algorithm::AlphaBeta,
        }
    }
}

impl Value for EvalKind {
    fn encode(self) -> i64 {
        self as i64
    }
    fn decode(value: i64) -> Self {
        match value {
            1 => EvalKind::Pattern,
            _ => EvalKind::Hand,
        }
    }
}

/// One row of the table.
pub struct Setting {
    /// The name in a player's text (`contempt`).
    pub name: &'static str,
    /// One line saying what it does.
    pub description: &'static str,
    /// The kind of value it takes.
    pub kind: Kind,
    /// The setting's value for a level in a game, before any override.
    default: fn(Level, GameId) -> i64,
    read: fn(&Params) -> i64,
    write: fn(&mut Params, i64),
}

impl Setting {
    /// The default for `level` in `game`, as a player's text writes it.
    pub fn default_text(&self, level: Level, game: GameId) -> String {
        self.text((self.default)(level, game))
    }

    /// `value` as a player's text writes it.
    fn text(&self, value: i64) -> String {
        match self.kind {
            Kind::Choice(names) => names
                .get(value as usize)
                .map_or_else(|| value.to_string(), |n| n.to_string()),
            Kind::Optional { .. } if value == NONE => "none".to_string(),
            _ => value.to_string(),
        }
    }

    /// Reads a value from a player's text, checking it against the setting's kind.
    fn parse(&self, text: &str) -> Result<i64, String> {
        let name = quoted(self.name);
        let number = |min: i64, max: i64| -> Result<i64, String> {
            match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "{name} must be a whole number from {min} to {max}, not {}",
                    quoted(text)
                )),
            }
        };
        match self.kind {
            Kind::Number { min, max } => number(min, max),
            Kind::Optional { min, max } => match text {
                "none" => Ok(NONE),
                _ => number(min, max),
            },
            Kind::Switch => match text {
                "1" | "on" | "yes" => Ok(1),
                "0" | "off" | "no" => Ok(0),
                _ => Err(format!("{name} must be 1 or 0, not {}", quoted(text))),
            },
            Kind::Choice(names) => names
                .iter()
                .position(|n| *n == text)
                .map(|i| i as i64)
                .ok_or_else(|| {
                    format!(
                        "{name} must be {}, not {}",
                        alternatives(names),
                        quoted(text)
                    )
                }),
        }
    }

    /// The values it accepts, as the help says them.
    pub fn range_text(&self) -> String {
        match self.kind {
            Kind::Number { min, max } => format!("{min}..{max}"),
            Kind::Optional { min, max } => format!("{min}..{max} or none"),
            Kind::Switch => "0 or 1".to_string(),
            Kind::Choice(names) => names.join(", "),
        }
    }
}

/// `a, b or c`.
fn alternatives(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Declares the settings: each entry is the field, its type, its name, its kind, its
/// description and its default as an expression of `level` and `game`.
macro_rules! settings {
    ($(
        $field:ident: $ty:ty, $name:literal, $kind:expr, $description:literal,
        |$level:ident, $game:ident| $default:expr;
    )+) => {
        /// The settings of one player in one game, as a search reads them: one field per
        /// row of [`SETTINGS`].
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Params {
            $(
                #[doc = $description]
                pub $field: $ty,
            )+
        }

        impl Params {
            /// `level`'s settings in `game`, without overrides.
            pub fn of(level: Level, game: GameId) -> Params {
                Params {
                    $($field: {
                        #[allow(unused_variables)]
                        let ($level, $game) = (level, game);
                        $default
                    },)+
                }
            }
        }

        /// Every setting, in the order players print them.
        pub static SETTINGS: &[Setting] = &[$(
            Setting {
                name: $name,
                description: $description,
                kind: $kind,
                default: |$level, $game| {
                    #[allow(unused_variables)]
                    let ($level, $game) = ($level, $game);
                    Value::encode({ let v: $ty = $default; v })
                },
                read: |p| Value::encode(p.$field),
                write: |p, v| p.$field = Value::decode(v),
            },
        )+];

        /// How many settings there are.
        const COUNT: usize = [$($name),+].len();
    };
}

use GameId::{Flying, Neihuang, Wudao};
use Level::{
    Advanced, Beginner, Casual, Easy, Elite, Expert, Greedy, Hard, Master, Medium, Novice, Random,
};

const ALGORITHMS: &[&str] = &["ab", "mcts", "mcts-placement", "greedy"];
const EVALUATIONS: &[&str] = &["hand", "pattern"];

/// What sets a level below Master apart: how far it reads, how many nodes it may spend, and
/// how it errs among the actions it has scored.
#[derive(Clone, Copy)]
struct Rung {
    /// Node budget of a turn's first decision.
    nodes: u64,
    /// The deepest iteration.
    depth: i32,
    /// Plies of capture-only search after it.
    quiescence: u8,
    /// The root actions it weighs against each other (`candidates`).
    candidates: u8,
    /// The error of its choice, in percent of the candidates' spread (`weakness`).
    weakness: u32,
}

/// One row of a game's ladder: depth, quiescence, candidates, nodes and weakness.
type Row = (i32, u8, u8, u64, u32);

/// The ladder below Master in Wu Dao, Beginner to Elite: each level reads one action further
/// every level or two and errs less.
const fn deepening(weakness: [u32; 9]) -> [Row; 9] {
    [
        (1, 0, 64, 2_000, weakness[0]),
        (1, 1, 64, 3_000, weakness[1]),
        (2, 1, 32, 5_000, weakness[2]),
        (2, 2, 16, 8_000, weakness[3]),
        (3, 2, 8, 15_000, weakness[4]),
        (4, 3, 6, 30_000, weakness[5]),
        (5, 4, 5, 60_000, weakness[6]),
        (7, 6, 4, 150_000, weakness[7]),
        (64, 6, 3, 400_000, weakness[8]),
    ]
}

/// Neihuang's ladder (docs/LADDER.md tells how each weakness was measured): its moves reward
/// reading far more than its placements do, so the upper levels read further than in Wu Dao
/// to stand close enough to each other and to Master.
const NEIHUANG: [Row; 9] = [
    (1, 0, 64, 2_000, 2_587),
    (1, 1, 64, 3_000, 943),
    (2, 1, 32, 5_000, 760),
    (2, 2, 16, 8_000, 254),
    (3, 2, 8, 15_000, 137),
    (4, 3, 6, 30_000, 58),
    (7, 4, 5, 40_000, 40),
    (64, 6, 4, 100_000, 30),
    (64, 6, 3, 400_000, 60),
];
/// Wu Dao's ladder (docs/LADDER.md tells how each weakness was measured).
const WUDAO: [Row; 9] = deepening([690, 482, 360, 238, 197, 167, 130, 125, 95]);
/// Flying's ladder: reading one action further is worth far more there than in the other
/// games (a pincer or an insertion seen or missed), so the levels deepen more slowly and
/// weigh more candidates, and the strongest stays short of the full search, which draws
/// against perfect play. Flying does not offer Casual and Advanced (`Level::offered`): their
/// rows lie between their neighbours'.
const FLYING: [Row; 9] = [
    (1, 0, 64, 2_000, 2_000),
    (1, 2, 64, 3_000, 2_675),
    (1, 2, 48, 4_000, 2_300),
    (2, 2, 32, 6_000, 2_213),
    (2, 3, 16, 10_000, 1_700),
    (3, 4, 8, 20_000, 2_000),
    (3, 4, 7, 40_000, 2_100),
    (4, 4, 6, 60_000, 1_800),
    (5, 6, 4, 200_000, 1_900),
];

/// The ladder below Master, per game: every rung evaluates as Master does where a game has a
/// learned evaluation; the lower ones read fewer actions ahead, so they overlook threats
/// further away, and weigh close choices less well, so they sometimes prefer a slightly worse
/// action; none ever plays a random one.
const fn rung(level: Level, game: GameId) -> Rung {
    let index = match level {
        Beginner => 0,
        Novice => 1,
        Casual => 2,
        Easy => 3,
        Medium => 4,
        Hard => 5,
        Advanced => 6,
        Expert => 7,
        Elite => 8,
        // Master and the reference players: the full search, no error.
        Master => {
            return Rung {
                nodes: 2_500_000,
                depth: 64,
                quiescence: 6,
                candidates: 1,
                weakness: 0,
            };
        }
        Random | Greedy => {
            return Rung {
                nodes: 10_000,
                depth: 1,
                quiescence: 0,
                candidates: 1,
                weakness: 0,
            };
        }
    };
    let (depth, quiescence, candidates, nodes, weakness) = match game {
        Neihuang => NEIHUANG[index],
        Flying => FLYING[index],
        Wudao => WUDAO[index],
    };
    Rung {
        nodes,
        depth,
        quiescence,
        candidates,
        weakness,
    }
}

// The levels: the two reference players (random, greedy), then Beginner to Expert as `rung`
// sets them, then Master: the full search with the refinements that won their tests, on time
// (docs/AI.md, "Measured").
settings! {
    nodes: u64, "nodes", Kind::Number { min: 1, max: 1 << 40 },
        "Node budget of a turn's first decision (its captures and yield get a tenth each).",
        |level, game| rung(level, game).nodes;
    movetime: u64, "movetime", Kind::Number { min: 0, max: 3_600_000 },
        "Milliseconds for a whole turn (0: none, the turn plays on nodes); a node budget given \
         without a time plays on nodes only.",
        |level, game| if level == Master { 2_500 } else { 0 };
    threads: usize, "threads", Kind::Number { min: 0, max: 256 },
        "Search threads (0: every thread the caller offers: the app offers every core, the \
         command line one unless told).",
        |level, game| if level == Master { 0 } else { 1 };
    algorithm: Algorithm, "search", Kind::Choice(ALGORITHMS),
        "The algorithm: alpha-beta, Monte Carlo tree search, MCTS while placing only, or \
         greedy (the most material at once).",
        |level, game| if level == Greedy { Algorithm::Greedy } else { Algorithm::AlphaBeta };
    contempt: i32, "contempt", Kind::Number { min: -1000, max: 1000 },
        "How much the searching side dislikes a draw (centipieces).",
        |level, game| match level {
            Random | Greedy => 0,
            _ => 25,
        };
    white_contempt: Option<i32>, "white-contempt", Kind::Optional { min: -1000, max: 1000 },
        "The contempt when the searching side is White (none: the same as `contempt`).",
        |level, game| None;
    scaled_contempt: bool, "scaled-contempt", Kind::Switch,
        "Lets the contempt follow the root's static value: a side that is behind likes draws.",
        |level, game| false;
    aspiration: i32, "aspiration", Kind::Number { min: 0, max: 10_000 },
        "Half-width of the root's first aspiration window in centipieces (0: the full window).",
        |level, game| 0;
    reductions: u8, "reductions", Kind::Number { min: 0, max: 2 },
        "Late-move reductions: 0 none, 1 one ply for late quiet actions, 2 growing with depth \
         and move number.",
        |level, game| if (level, game) == (Master, Neihuang) { 2 } else { 1 };
    keep_table: bool, "keep-table", Kind::Switch,
        "Keeps the transposition table from one decision of a game to the next.",
        |level, game| (level, game) == (Master, Neihuang);
    merge_removals: bool, "merge-removals", Kind::Switch,
        "Searches each set of captures once instead of in every order.",
        |level, game| false;
    table_bits: u32, "table-bits", Kind::Number { min: 10, max: 26 },
        "log2 of the transposition table's entries.",
        |level, game| match level {
            Master => 22,
            // A table a few times the nodes searched: a larger one costs more to allocate
            // than the search takes.
            _ => table_bits_for(rung(level, game).nodes),
        };
    knowledge: i32, "knowledge", Kind::Number { min: 0, max: 1000 },
        "Percent weight of the game's extra evaluation knowledge (Neihuang: the captures \
         waiting behind the pulls).",
        |level, game| if (level, game) == (Master, Neihuang) { 100 } else { 0 };
    parity: i32, "parity", Kind::Number { min: 0, max: 1000 },
        "Wu Dao: the weight of the empty points' parity (who places last), in centipieces.",
        |level, game| if (level, game) == (Master, Wudao) { 100 } else { 0 };
    solve: u8, "solve", Kind::Number { min: 0, max: 25 },
        "Wu Dao: solve the game exactly from this many empty points or fewer (0: never).",
        |level, game| 0;
    max_depth: i32, "depth", Kind::Number { min: 1, max: 64 },
        "The deepest iteration of the search.",
        |level, game| rung(level, game).depth;
    noise: i32, "noise", Kind::Number { min: 0, max: 10_000 },
        "Scores every root action exactly and adds a random error up to this size \
         (centipieces; 0: none).",
        |level, game| 0;
    candidates: u8, "candidates", Kind::Number { min: 1, max: 64 },
        "How many of the best root actions are scored exactly and weighed against each \
         other with the `weakness` (1: the best only).",
        |level, game| rung(level, game).candidates;
    weakness: u32, "weakness", Kind::Number { min: 0, max: 10_000 },
        "The error of the choice among the candidates: each is seen with a seeded error of up \
         to this percent of their spread (the best less the worst, at most one piece), so \
         close choices are misjudged and clear ones only by a large error (0: always the best).",
        |level, game| rung(level, game).weakness;
    blunder: u32, "blunder", Kind::Number { min: 0, max: 1000 },
        "Chance in a thousand of playing a random legal action instead.",
        |level, game| if level == Random { 1000 } else { 0 };
    quiescence: u8, "quiescence", Kind::Number { min: 0, max: 16 },
        "Plies of capture-only search after the main depth.",
        |level, game| rung(level, game).quiescence;
    move_share: u8, "move-share", Kind::Number { min: 10, max: 100 },
        "Percent of a timed turn that a Neihuang move may search when captures or a yield may \
         follow it (each of them gets a tenth of the turn, within what is left).",
        |level, game| 75;
    limit: u64, "limit", Kind::Number { min: 1, max: 3_600_000 },
        "Milliseconds a turn that plays on nodes may take at most, a safety net far above \
         what the nodes take.",
        |level, game| match level {
            Random | Greedy => 18,
            Master => 10_800,
            // About four times what the nodes take on a slow machine.
            _ => (rung(level, game).nodes / 150).clamp(300, 5_400),
        };
    oracle: bool, "oracle", Kind::Switch,
        "Plays from an exact oracle (the Flying table) wherever the caller gives one.",
        |level, game| level == Master;
    resist: i32, "resist", Kind::Number { min: 0, max: 10_000 },
        "When the search finds the side to act this many centipieces behind, plays the action \
         (losing at most half as much more) that leaves the opponent the most replies that let \
         the game back in (0: never; one search thread only).",
        |level, game| 0;
    book: bool, "book", Kind::Switch,
        "Plays the first placements from the opening book, where the game has one.",
        |level, game| false;
    book_margin: i32, "book-margin", Kind::Number { min: 0, max: 1000 },
        "Centipieces below the book's best action within which its actions are equally \
         good choices (the decision's seed picks one, so that games differ).",
        |level, game| 10;
    eval: EvalKind, "eval", Kind::Choice(EVALUATIONS),
        "The evaluation at the horizon: the hand-written terms, or the pattern evaluation \
         learned from self-play (Neihuang and Wu Dao; Flying has none).",
        |level, game| match (level, game) {
            // Neihuang: +222, +90 and +78 Elo over three generations; Wu Dao: +284 and +54
            // (docs/AI.md, "The learned evaluation"). The levels below Master share it.
            (Random | Greedy, _) | (_, Flying) => EvalKind::Hand,
            _ => EvalKind::Pattern,
        };
}

/// log2 of a table a few times `nodes` entries, from 2^12 to 2^21.
const fn table_bits_for(nodes: u64) -> u32 {
    let mut bits = 12;
    while bits < 21 && (1u64 << bits) < nodes * 2 {
        bits += 1;
    }
    bits
}

/// The names a player's level may take: the offered levels, `mcts`, and the reference
/// players.
fn level_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = Level::PLAYABLE.iter().map(|l| l.id()).collect();
    names.extend(["mcts", "greedy", "random"]);
    names
}

/// The row of the table named `name`.
fn setting(name: &str) -> Option<(usize, &'static Setting)> {
    SETTINGS.iter().enumerate().find(|(_, s)| s.name == name)
}

/// Index of a setting in [`SETTINGS`], by name; only for the table's own names.
fn index_of(name: &str) -> usize {
    match setting(name) {
        Some((i, _)) => i,
        None => unreachable!("{name} is a row of the table"),
    }
}

/// A computer player: a level, and the settings changed from the level's defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The level whose defaults it starts from.
    pub level: Level,
    /// For each row of [`SETTINGS`], the value that replaces the level's default.
    overrides: [Option<i64>; COUNT],
}

impl Config {
    /// A level as it plays by default.
    pub const fn new(level: Level) -> Config {
        Config {
            level,
            overrides: [None; COUNT],
        }
    }

    /// Parses `LEVEL[:KEY=VALUE,...]`; `mcts` stands for `master:search=mcts`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        let mut config = match name {
            "mcts" => Config::new(Level::Master).with("search", "mcts")?,
            _ => Config::new(Level::parse(name).ok_or_else(|| {
                format!(
                    "unknown level {} (expected {})",
                    quoted(name),
                    alternatives(&level_names())
                )
            })?),
        };
        for item in rest.into_iter().flat_map(|r| r.split(',')) {
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!(
                    "{} in {} is not KEY=VALUE",
                    quoted(item),
                    quoted(text)
                ));
            };
            config = config.with(key, value)?;
        }
        Ok(config)
    }

    /// The configuration with setting `name` set to `value` (text, as in a player).
    pub fn with(mut self, name: &str, value: &str) -> Result<Config, String> {
        let (i, row) = setting(name).ok_or_else(|| {
            let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
            format!(
                "unknown setting {} (expected {})",
                quoted(name),
                alternatives(&names)
            )
        })?;
        self.overrides[i] = Some(row.parse(value)?);
        Ok(self)
    }

    /// The configuration without any override of setting `name`.
    pub fn without(mut self, name: &str) -> Config {
        if let Some((i, _)) = setting(name) {
            self.overrides[i] = None;
        }
        self
    }

    fn set(&mut self, name: &str, value: i64) {
        self.overrides[index_of(name)] = Some(value);
    }

    fn overridden(&self, name: &str) -> Option<i64> {
        self.overrides[index_of(name)]
    }

    /// The node budget this configuration sets, if it sets one.
    pub fn nodes(&self) -> Option<u64> {
        self.overridden("nodes").map(|n| n as u64)
    }

    /// Sets the node budget.
    pub fn set_nodes(&mut self, nodes: u64) {
        self.set("nodes", nodes.clamp(1, 1 << 40) as i64);
    }

    /// The time for a turn this configuration sets, if it sets one (0 ms is none).
    pub fn movetime(&self) -> Option<Duration> {
        self.overridden("movetime")
            .filter(|&ms| ms > 0)
            .map(|ms| Duration::from_millis(ms as u64))
    }

    /// Sets the time for a turn.
    pub fn set_movetime(&mut self, movetime: Duration) {
        self.set("movetime", movetime.as_millis().min(3_600_000) as i64);
    }

    /// Sets the most a turn that plays on nodes may take (the safety net of `limit`).
    pub fn set_limit(&mut self, limit: Duration) {
        self.set("limit", limit.as_millis().clamp(1, 3_600_000) as i64);
    }

    /// The number of threads this configuration sets, if it sets one.
    pub fn threads(&self) -> Option<usize> {
        self.overridden("threads").map(|n| n as usize)
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.set("threads", threads.min(256) as i64);
    }

    /// The player a hint (and a puzzle's refutation) asks: Master's search and knowledge (and
    /// the Flying table, where there is one) without its clock, on a quarter of a million nodes
    /// of one thread, which answers in about a tenth of a second and never errs on purpose as
    /// the levels below do.
    pub fn hint() -> Config {
        let mut config = Config::new(Level::Master);
        config.set_nodes(250_000);
        config.set_threads(1);
        config.default_table_bits(19);
        config
    }

    /// Sets the transposition table's size unless the configuration sets it already.
    pub fn default_table_bits(&mut self, bits: u32) {
        if self.overridden("table-bits").is_none() {
            self.set("table-bits", i64::from(bits.clamp(10, 26)));
        }
    }

    /// The configuration without its budgets (nodes, time, threads): what another build
    /// is told as its level when the budgets go as options of their own.
    pub fn without_budgets(self) -> Config {
        self.without("nodes").without("movetime").without("threads")
    }

    /// The settings of this player in `game`: the level's defaults with the overrides. A
    /// node budget given without a time makes the turn play on nodes only.
    pub fn params(&self, game: GameId) -> Params {
        let mut p = Params::of(self.level, game);
        for (row, value) in SETTINGS.iter().zip(self.overrides) {
            if let Some(v) = value {
                (row.write)(&mut p, v);
            }
        }
        if self.nodes().is_some() && self.movetime().is_none() {
            p.movetime = 0;
        }
        p
    }
}

impl fmt::Display for Config {
    /// The text that [`Config::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> = SETTINGS
            .iter()
            .zip(self.overrides)
            .filter_map(|(row, value)| value.map(|v| format!("{}={}", row.name, row.text(v))))
            .collect();
        f.write_str(self.level.id())?;
        if !items.is_empty() {
            write!(f, ":{}", items.join(","))?;
        }
        Ok(())
    }
}

impl Params {
    /// The value of setting `name` (for tests and the help), in the table's currency.
    pub fn value(&self, name: &str) -> Option<i64> {
        setting(name).map(|(_, row)| (row.read)(self))
    }
}

/// The settings as `sanqi match --help` lists them: name, accepted values, description.
pub fn help() -> String {
    let width = SETTINGS.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let mut text =
        String::from("Settings (LEVEL:KEY=VALUE,...; defaults per level in docs/AI.md):\n");
    for s in SETTINGS {
        text.push_str(&format!(
            "  {:width$}  {}  [{}]\n",
            s.name,
            s.description,
            s.range_text()
        ));
    }
    text
}

/// The settings table of docs/AI.md: every setting with its values and its default for each
/// level (a default that differs between games names them).
pub fn markdown() -> String {
    let levels = Level::ALL;
    let mut text = String::from("| setting | values | what it does |");
    for level in levels {
        text.push_str(&format!(" {level} |"));
    }
    text.push_str("\n|---|---|---|");
    text.push_str(&"---|".repeat(levels.len()));
    text.push('\n');
    for s in SETTINGS {
        text.push_str(&format!(
            "| `{}` | {} | {} |",
            s.name,
            s.range_text(),
            s.description
        ));
        for level in levels {
            let per_game: Vec<(GameId, String)> = GameId::ALL
                .iter()
                .map(|&g| (g, s.default_text(level, g)))
                .collect();
            let cell = if per_game.iter().all(|(_, v)| *v == per_game[0].1) {
                per_game[0].1.clone()
            } else {
                per_game
                    .iter()
                    .map(|(g, v)| format!("{}: {v}", short_name(*g)))
                    .collect::<Vec<_>>()
                    .join("<br>")
            };
            text.push_str(&format!(" {cell} |"));
        }
        text.push('\n');
    }
    text
}

fn short_name(game: GameId) -> &'static str {
    match game {
        Neihuang => "N",
        Flying => "F",
        Wudao => "W",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_overrides_parse_and_print_back() {
        assert_eq!(Config::parse("expert"), Ok(Config::new(Level::Expert)));
        let c = Config::parse(
            "master:contempt=0,nodes=50000,aspiration=30,knowledge=150,parity=90,solve=14,white-contempt=-60",
        )
        .expect("valid");
        assert_eq!(c.level, Level::Master);
        assert_eq!(c.nodes(), Some(50_000));
        let p = c.params(GameId::Wudao);
        assert_eq!(p.contempt, 0);
        assert_eq!(p.aspiration, 30);
        assert_eq!(p.knowledge, 150);
        assert_eq!(p.parity, 90);
        assert_eq!(p.solve, 14);
        assert_eq!(p.white_contempt, Some(-60));
        // Nodes without a time: Master plays on nodes.
        assert_eq!(p.movetime, 0);
        assert_eq!(Config::parse(&c.to_string()), Ok(c));
        let d = Config::parse("master:depth=4,noise=20").expect("valid");
        assert_eq!(d.params(GameId::Flying).max_depth, 4);
        assert_eq!(d.params(GameId::Flying).noise, 20);
        assert_eq!(d.params(GameId::Flying).movetime, 2_500);
        let h = Config::parse("hard:blunder=5,quiescence=3").expect("valid");
        assert_eq!(
            (
                h.params(GameId::Neihuang).blunder,
                h.params(GameId::Neihuang).quiescence
            ),
            (5, 3)
        );
        assert_eq!(Config::parse(&h.to_string()), Ok(h));
        let m = Config::parse("mcts").expect("valid");
        assert_eq!(m.params(GameId::Wudao).algorithm, Algorithm::Mcts);
        assert_eq!(m.to_string(), "master:search=mcts");
        assert_eq!(Config::parse(&m.to_string()), Ok(m));
        let w = Config::parse("master:white-contempt=none,eval=pattern").expect("valid");
        assert_eq!(w.params(GameId::Wudao).white_contempt, None);
        assert_eq!(w.params(GameId::Wudao).eval, EvalKind::Pattern);
        assert_eq!(Config::parse(&w.to_string()), Ok(w));
    }

    #[test]
    fn bad_overrides_are_refused_with_a_reason() {
        for bad in [
            "grandmaster",
            "master:contempt",
            "master:width=3",
            "hard:blunder=1001",
            "master:nodes=-1",
            "master:nodes=0",
            "master:keep-table=maybe",
            "master:search=minimax",
            "master:knowledge=1001",
            "master:solve=26",
            "master:eval=neural",
        ] {
            let error = Config::parse(bad).expect_err(bad);
            assert!(!error.contains('\n'), "{error}");
        }
        let unknown = Config::parse("master:width=3").expect_err("unknown");
        assert!(
            unknown.contains("`width`") && unknown.contains("quiescence"),
            "{unknown}"
        );
    }

    #[test]
    fn every_default_is_within_its_own_range() {
        for row in SETTINGS {
            for level in Level::ALL {
                for game in GameId::ALL {
                    let text = row.default_text(level, game);
                    assert!(
                        row.parse(&text).is_ok(),
                        "{} = {text} for {level} in {game}",
                        row.name
                    );
                }
            }
        }
    }

    #[test]
    fn every_setting_reads_back_what_was_written_and_names_are_unique() {
        let mut names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), SETTINGS.len());
        for row in SETTINGS {
            let mut p = Params::of(Level::Expert, GameId::Wudao);
            let value = match row.kind {
                Kind::Number { max, .. } | Kind::Optional { max, .. } => max,
                Kind::Switch => 1,
                Kind::Choice(names) => names.len() as i64 - 1,
            };
            (row.write)(&mut p, value);
            assert_eq!((row.read)(&p), value, "{}", row.name);
        }
    }

    #[test]
    fn the_settings_table_in_the_docs_is_the_one_declared_here() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/AI.md");
        let docs = std::fs::read_to_string(&path).expect("docs/AI.md");
        let (start, end) = (
            "<!-- settings table -->\n",
            "<!-- end of settings table -->",
        );
        let from = docs.find(start).expect("the table's start") + start.len();
        let to = docs.find(end).expect("the table's end");
        let table = markdown();
        if std::env::var_os("SANQI_BLESS").is_some() {
            let updated = format!("{}{table}{}", &docs[..from], &docs[to..]);
            std::fs::write(&path, updated).expect("docs/AI.md written");
        } else {
            assert!(
                docs[from..to] == table,
                "docs/AI.md's settings table is out of date: SANQI_BLESS=1 cargo test --lib settings"
            );
        }
    }

    #[test]
    fn the_help_and_the_docs_list_every_setting() {
        let help = help();
        let docs = markdown();
        for row in SETTINGS {
            assert!(help.contains(row.name), "{}", row.name);
            assert!(docs.contains(&format!("`{}`", row.name)), "{}", row.name);
        }
    }
}
