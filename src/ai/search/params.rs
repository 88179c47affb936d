//! How each level searches: depth, node budget, deliberate imperfection, table size,
//! contempt, quiescence depth and the refinements it uses.

use crate::ai::Level;
use crate::ai::config::Tweaks;
use crate::rules::GameId;

/// The settings of one level's alpha-beta search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Deepest iteration.
    pub max_depth: i32,
    /// Node budget for a decision.
    pub nodes: u64,
    /// Scores every root action exactly and adds noise of this size (0: plain alpha-beta).
    pub noise: i32,
    /// Chance in a thousand of playing a random action instead.
    pub blunder: u32,
    /// Transposition table size (log2 of entries).
    pub table_bits: u32,
    /// How much the searching side dislikes a draw.
    pub contempt: i32,
    /// The contempt when the searching side is White (in Wu Dao, where Black has the
    /// natural edge of the last placement, White may want to like draws); `None`: `contempt`.
    pub white_contempt: Option<i32>,
    /// Whether the contempt follows the root's static value (see `scaled_contempt`).
    pub scaled_contempt: bool,
    /// Plies of capture-only search after the main depth.
    pub quiescence: u8,
    /// Half-width of the root's first aspiration window (0: always the full window).
    pub aspiration: i32,
    /// Late-move reductions: 0 none, 1 one ply for late quiet actions, 2 growing with depth
    /// and move number.
    pub reductions: u8,
    /// Searches each set of captures once instead of in every order.
    pub merge_removals: bool,
    /// Keeps the table between the decisions of one player.
    pub keep_table: bool,
    /// Weight in percent of the game's extra knowledge in the evaluation (Neihuang: the
    /// captures waiting behind the pulls, see `eval/pulls.rs`; 0 leaves it out).
    pub knowledge: i32,
    /// Wu Dao: weight of the parity of the empty points in the evaluation (0: not counted).
    pub parity: i32,
    /// Wu Dao: from how many empty points the game is solved exactly first (0: never).
    pub solve: u8,
}

/// The parameters of `level` in `game`.
pub(crate) fn params(level: Level, game: GameId) -> Params {
    let long_game = game == GameId::Neihuang;
    let flying = game == GameId::Flying;
    let base = Params {
        max_depth: 64,
        nodes: 1_000_000,
        noise: 0,
        blunder: 0,
        table_bits: 21,
        contempt: 25,
        white_contempt: None,
        scaled_contempt: false,
        quiescence: 6,
        aspiration: 0,
        reductions: 1,
        merge_removals: false,
        keep_table: false,
        knowledge: 0,
        parity: 0,
        solve: 0,
    };
    match level {
        Level::Random => Params {
            max_depth: 1,
            nodes: 10_000,
            table_bits: 10,
            contempt: 0,
            quiescence: 0,
            ..base
        },
        // In Neihuang and Wu Dao the levels below Expert are its search on a quarter, a
        // sixteenth and (in Neihuang) a sixty-fourth of its nodes: each reads less far ahead
        // than the next. In Neihuang each scored 72–80% against the one below it; in Wu Dao
        // the steps above Medium measured flatter (docs/AI.md, "Ladder"). Flying is drawn
        // between good players and more nodes hardly change a game there, so its lower
        // levels see a set number of actions ahead and misjudge close choices by a random
        // error instead.
        Level::Easy if flying => Params {
            max_depth: 3,
            nodes: 60_000,
            noise: 30,
            blunder: 20,
            table_bits: 14,
            contempt: 0,
            quiescence: 2,
            ..base
        },
        // Wu Dao is short and the colour decides much of it: Easy needs a larger step down.
        Level::Easy => Params {
            nodes: if game == GameId::Wudao { 4_000 } else { 15_000 },
            // A table a few times the nodes searched: allocating a larger one would cost
            // more than the search.
            table_bits: 16,
            ..base
        },
        Level::Medium if flying => Params {
            max_depth: 5,
            nodes: 150_000,
            noise: 12,
            table_bits: 18,
            contempt: 10,
            quiescence: 4,
            ..base
        },
        Level::Medium => Params {
            nodes: 60_000,
            table_bits: 18,
            ..base
        },
        Level::Hard => Params {
            nodes: 250_000,
            noise: if flying { 12 } else { 0 },
            ..base
        },
        // Expert was budgeted at 2.5 million nodes until the ladder was measured: Hard could
        // not get near it, nor it near Master.
        Level::Expert => base,
        // Expert's search with the refinements that won their tests (docs/AI.md).
        Level::Master => Params {
            nodes: 2_500_000,
            table_bits: 22,
            // Neihuang: +86 Elo (95%: +45 to +130) over 144 games at 25 000 nodes.
            keep_table: long_game,
            // Neihuang: +39 Elo (95%: +12 to +67) over 382 games at 10 000 nodes.
            reductions: if long_game { 2 } else { 1 },
            // Neihuang: +180 Elo (95%: +119 to +254) over 86 games at 10 000 nodes.
            knowledge: if long_game { 100 } else { 0 },
            // Wu Dao: +51 Elo (95%: +17 to +86) over 276 games at 10 000 nodes.
            parity: if game == GameId::Wudao { 100 } else { 0 },
            ..base
        },
    }
}

/// `params` with a configuration's overrides applied.
pub(crate) fn tuned(level: Level, game: GameId, tweaks: &Tweaks) -> Params {
    let mut p = params(level, game);
    if let Some(c) = tweaks.contempt {
        p.contempt = c;
    }
    if let Some(c) = tweaks.white_contempt {
        p.white_contempt = Some(c);
    }
    if let Some(b) = tweaks.scaled_contempt {
        p.scaled_contempt = b;
    }
    if let Some(a) = tweaks.aspiration {
        p.aspiration = a;
    }
    if let Some(r) = tweaks.reductions {
        p.reductions = r;
    }
    if let Some(b) = tweaks.merge_removals {
        p.merge_removals = b;
    }
    if let Some(b) = tweaks.keep_table {
        p.keep_table = b;
    }
    if let Some(b) = tweaks.table_bits {
        p.table_bits = b;
    }
    if let Some(k) = tweaks.knowledge {
        p.knowledge = k;
    }
    if let Some(w) = tweaks.parity {
        p.parity = w;
    }
    if let Some(n) = tweaks.solve {
        p.solve = n;
    }
    if let Some(d) = tweaks.depth {
        p.max_depth = d;
    }
    if let Some(n) = tweaks.noise {
        p.noise = n;
    }
    if let Some(b) = tweaks.blunder {
        p.blunder = b;
    }
    if let Some(q) = tweaks.quiescence {
        p.quiescence = q;
    }
    p
}
