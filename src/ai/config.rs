//! A computer player's configuration: a level plus overrides, written as text for the
//! command line and matches, e.g. `master`, `expert`, `mcts`, `master:contempt=0,nodes=50000`.
//!
//! Overrides let a change be measured against the same build without it (an SPRT of
//! `master` against `master:aspiration=0`), and let a match give each side its own budget.

use std::fmt;
use std::time::Duration;

use super::Level;
use crate::echo::quoted;

/// Which search decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Alpha-beta with iterative deepening.
    AlphaBeta,
    /// Monte Carlo tree search (UCT with light playouts).
    Mcts,
    /// Monte Carlo tree search while pieces are being placed, alpha-beta afterwards.
    MctsPlacement,
}

impl Algorithm {
    fn id(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "ab",
            Algorithm::Mcts => "mcts",
            Algorithm::MctsPlacement => "mcts-placement",
        }
    }

    fn parse(text: &str) -> Option<Algorithm> {
        [
            Algorithm::AlphaBeta,
            Algorithm::Mcts,
            Algorithm::MctsPlacement,
        ]
        .into_iter()
        .find(|a| a.id() == text)
    }
}

/// Changes to a level's search, each `None` when the level's own setting stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tweaks {
    /// The search algorithm, if not the level's own.
    pub algorithm: Option<Algorithm>,
    /// How much the searching side dislikes a draw (centipieces).
    pub contempt: Option<i32>,
    /// Contempt that grows with the searching side's advantage and turns into a liking for
    /// draws when it is behind.
    pub scaled_contempt: Option<bool>,
    /// Half-width of the first aspiration window at the root (0: full window).
    pub aspiration: Option<i32>,
    /// Late-move reductions: 0 none, 1 one ply, 2 growing with depth and move number.
    pub reductions: Option<u8>,
    /// Keeps the transposition table between the decisions of one player.
    pub keep_table: Option<bool>,
    /// Searches the removal orders that reach the same position only once.
    pub merge_removals: Option<bool>,
    /// log2 of the transposition table's entries.
    pub table_bits: Option<u32>,
    /// Weight of the game's extra evaluation knowledge in percent (Neihuang: the pulls'
    /// waiting captures; 0 leaves it out).
    pub knowledge: Option<i32>,
    /// The contempt when the searching side is White (overrides `contempt` for White only).
    pub white_contempt: Option<i32>,
    /// Wu Dao: the weight of the empty points' parity (who places last) in the evaluation.
    pub parity: Option<i32>,
    /// Wu Dao: solve the game exactly from this many empty points or fewer (0: never).
    pub solve: Option<u8>,
    /// Deepest iteration of the search.
    pub depth: Option<i32>,
    /// Size of the random error added to each root action's score (0: plain alpha-beta).
    pub noise: Option<i32>,
    /// Chance in a thousand of playing a random legal action.
    pub blunder: Option<u32>,
    /// Plies of capture-only search after the main depth.
    pub quiescence: Option<u8>,
}

/// A computer player: a level, its budget and any overrides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The level whose search and imperfections it starts from.
    pub level: Level,
    /// Node budget of a turn's first decision (overrides the level's).
    pub nodes: Option<u64>,
    /// Time for a whole turn (overrides the level's; with `nodes` too, whichever ends first).
    pub movetime: Option<Duration>,
    /// Search threads (one unless told).
    pub threads: Option<usize>,
    /// Settings that override the level's.
    pub tweaks: Tweaks,
}

impl Config {
    /// A level as it plays by default.
    pub const fn new(level: Level) -> Config {
        Config {
            level,
            nodes: None,
            movetime: None,
            threads: None,
            tweaks: Tweaks {
                algorithm: None,
                contempt: None,
                scaled_contempt: None,
                aspiration: None,
                reductions: None,
                keep_table: None,
                merge_removals: None,
                table_bits: None,
                knowledge: None,
                white_contempt: None,
                parity: None,
                solve: None,
                depth: None,
                noise: None,
                blunder: None,
                quiescence: None,
            },
        }
    }

    /// Parses `LEVEL[:KEY=VALUE,...]`; `mcts` stands for `master:search=mcts`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        let mut config = match name {
            "mcts" => {
                let mut c = Config::new(Level::Master);
                c.tweaks.algorithm = Some(Algorithm::Mcts);
                c
            }
            _ => Config::new(Level::parse(name).ok_or_else(|| {
                format!(
                    "unknown level {} (expected easy, medium, hard, expert, master, mcts or random)",
                    quoted(name)
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
            config.set(key, value)?;
        }
        Ok(config)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = |max: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(format!(
                    "{} must be a whole number from 0 to {max}, not {}",
                    quoted(key),
                    quoted(value)
                )),
            }
        };
        let switch = || -> Result<bool, String> {
            match value {
                "1" | "on" | "yes" => Ok(true),
                "0" | "off" | "no" => Ok(false),
                _ => Err(format!(
                    "{} must be 1 or 0, not {}",
                    quoted(key),
                    quoted(value)
                )),
            }
        };
        let t = &mut self.tweaks;
        match key {
            "nodes" => self.nodes = Some(number(1 << 40)?.max(1)),
            "movetime" => self.movetime = Some(Duration::from_millis(number(3_600_000)?.max(1))),
            "threads" => self.threads = Some(number(256)?.max(1) as usize),
            "search" => {
                t.algorithm = Some(Algorithm::parse(value).ok_or_else(|| {
                    format!(
                        "`search` must be ab, mcts or mcts-placement, not {}",
                        quoted(value)
                    )
                })?)
            }
            "contempt" | "white-contempt" => {
                let c = value
                    .parse::<i32>()
                    .ok()
                    .filter(|c| c.abs() <= 1000)
                    .ok_or_else(|| {
                        format!(
                            "{} must be a whole number from -1000 to 1000, not {}",
                            quoted(key),
                            quoted(value)
                        )
                    })?;
                if key == "contempt" {
                    t.contempt = Some(c);
                } else {
                    t.white_contempt = Some(c);
                }
            }
            "scaled-contempt" => t.scaled_contempt = Some(switch()?),
            "aspiration" => t.aspiration = Some(number(10_000)? as i32),
            "reductions" => t.reductions = Some(number(2)? as u8),
            "keep-table" => t.keep_table = Some(switch()?),
            "merge-removals" => t.merge_removals = Some(switch()?),
            "table-bits" => t.table_bits = Some(number(26)?.max(10) as u32),
            "knowledge" => t.knowledge = Some(number(1_000)? as i32),
            "parity" => t.parity = Some(number(1000)? as i32),
            "solve" => t.solve = Some(number(25)? as u8),
            "depth" => t.depth = Some(number(64)?.max(1) as i32),
            "noise" => t.noise = Some(number(10_000)? as i32),
            "blunder" => t.blunder = Some(number(1000)? as u32),
            "quiescence" => t.quiescence = Some(number(16)? as u8),
            _ => {
                return Err(format!(
                    "unknown setting {} (expected nodes, movetime, threads, search, contempt, \
                     white-contempt, scaled-contempt, aspiration, reductions, keep-table, merge-removals, table-bits, \
                     knowledge, parity, solve, depth, noise, blunder or quiescence)",
                    quoted(key)
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Config {
    /// The text that [`Config::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = Vec::new();
        if let Some(n) = self.nodes {
            items.push(format!("nodes={n}"));
        }
        if let Some(t) = self.movetime {
            items.push(format!("movetime={}", t.as_millis()));
        }
        if let Some(n) = self.threads {
            items.push(format!("threads={n}"));
        }
        let t = &self.tweaks;
        let on = |b: bool| if b { 1 } else { 0 };
        if let Some(a) = t.algorithm {
            items.push(format!("search={}", a.id()));
        }
        if let Some(c) = t.contempt {
            items.push(format!("contempt={c}"));
        }
        if let Some(c) = t.white_contempt {
            items.push(format!("white-contempt={c}"));
        }
        if let Some(b) = t.scaled_contempt {
            items.push(format!("scaled-contempt={}", on(b)));
        }
        if let Some(a) = t.aspiration {
            items.push(format!("aspiration={a}"));
        }
        if let Some(r) = t.reductions {
            items.push(format!("reductions={r}"));
        }
        if let Some(b) = t.keep_table {
            items.push(format!("keep-table={}", on(b)));
        }
        if let Some(b) = t.merge_removals {
            items.push(format!("merge-removals={}", on(b)));
        }
        if let Some(b) = t.table_bits {
            items.push(format!("table-bits={b}"));
        }
        if let Some(k) = t.knowledge {
            items.push(format!("knowledge={k}"));
        }
        if let Some(w) = t.parity {
            items.push(format!("parity={w}"));
        }
        if let Some(n) = t.solve {
            items.push(format!("solve={n}"));
        }
        if let Some(d) = t.depth {
            items.push(format!("depth={d}"));
        }
        if let Some(n) = t.noise {
            items.push(format!("noise={n}"));
        }
        if let Some(b) = t.blunder {
            items.push(format!("blunder={b}"));
        }
        if let Some(q) = t.quiescence {
            items.push(format!("quiescence={q}"));
        }
        f.write_str(self.level.id())?;
        if !items.is_empty() {
            write!(f, ":{}", items.join(","))?;
        }
        Ok(())
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
        let d = Config::parse("master:depth=4,noise=20").expect("valid");
        assert_eq!(c.level, Level::Master);
        assert_eq!(c.tweaks.contempt, Some(0));
        assert_eq!(c.nodes, Some(50_000));
        assert_eq!(c.tweaks.aspiration, Some(30));
        assert_eq!(c.tweaks.knowledge, Some(150));
        assert_eq!(c.tweaks.parity, Some(90));
        assert_eq!(c.tweaks.solve, Some(14));
        assert_eq!(c.tweaks.white_contempt, Some(-60));
        assert_eq!(d.tweaks.depth, Some(4));
        assert_eq!(d.tweaks.noise, Some(20));
        let h = Config::parse("hard:blunder=5,quiescence=3").expect("valid");
        assert_eq!((h.tweaks.blunder, h.tweaks.quiescence), (Some(5), Some(3)));
        assert_eq!(Config::parse(&h.to_string()), Ok(h));
        assert_eq!(Config::parse(&c.to_string()), Ok(c));
        let m = Config::parse("mcts").expect("valid");
        assert_eq!(m.tweaks.algorithm, Some(Algorithm::Mcts));
        assert_eq!(Config::parse(&m.to_string()), Ok(m));
    }

    #[test]
    fn bad_overrides_are_refused_with_a_reason() {
        assert!(Config::parse("grandmaster").is_err());
        assert!(Config::parse("master:contempt").is_err());
        assert!(Config::parse("master:width=3").is_err());
        assert!(Config::parse("hard:blunder=1001").is_err());
        assert!(Config::parse("master:nodes=-1").is_err());
        assert!(Config::parse("master:keep-table=maybe").is_err());
        assert!(Config::parse("master:search=minimax").is_err());
        assert!(Config::parse("master:knowledge=1001").is_err());
        assert!(Config::parse("master:solve=26").is_err());
    }
}
