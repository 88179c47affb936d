//! Alpha-beta search shared by the three games: iterative deepening, a transposition table,
//! killer and history move ordering, with node budgets so that results depend only on the
//! seed. Multi-action turns keep the sign: a child with the same side to act is searched
//! with the same window.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::eval::Evaluate;
use super::{AiError, Level};
use crate::rules::{Action, ActionList, GameId, Side, Status};

/// A won game, scored from the winner's side (minus the distance in plies).
pub(crate) const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
const MAX_PLY: usize = 128;

/// What searching cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub nodes: u64,
    /// The deepest completed iteration of the turn's first decision.
    pub depth: u8,
    pub elapsed: Duration,
}

impl SearchStats {
    pub(crate) fn add(&mut self, found: &Found) {
        if self.nodes == 0 {
            self.depth = found.depth;
        }
        self.nodes += found.nodes;
    }
}

/// The result of one decision's search.
pub(crate) struct Found {
    pub score: Option<i32>,
    pub nodes: u64,
    pub depth: u8,
}

/// How each level searches.
struct Params {
    /// Deepest iteration.
    max_depth: i32,
    /// Node budget for a decision.
    nodes: u64,
    /// Scores every root action exactly and adds noise of this size (0: plain alpha-beta).
    noise: i32,
    /// Chance in a thousand of playing a random action instead.
    blunder: u32,
    /// Transposition table size (log2 of entries).
    table_bits: u32,
    /// How much the searching side dislikes a draw.
    contempt: i32,
    /// Plies of capture-only search after the main depth.
    quiescence: u8,
}

fn params(level: Level, game: GameId) -> Params {
    let long_game = game == GameId::Neihuang;
    match level {
        Level::Random | Level::Easy => Params {
            max_depth: 1,
            nodes: 10_000,
            // Neihuang is long and a single capture decides much of it: fewer slips there.
            noise: if long_game { 70 } else { 150 },
            blunder: if long_game { 60 } else { 100 },
            table_bits: 10,
            contempt: 0,
            quiescence: 0,
        },
        Level::Medium => Params {
            max_depth: 2,
            nodes: 60_000,
            noise: 30,
            blunder: 20,
            table_bits: 14,
            contempt: 0,
            quiescence: 2,
        },
        Level::Hard => Params {
            max_depth: 5,
            nodes: 150_000,
            noise: 12,
            blunder: 0,
            table_bits: 18,
            contempt: 10,
            quiescence: 4,
        },
        Level::Expert => Params {
            max_depth: 64,
            nodes: 2_500_000,
            noise: 0,
            blunder: 0,
            table_bits: 21,
            contempt: 25,
            quiescence: 6,
        },
    }
}

/// Chooses one action for the side to act.
pub(crate) fn decide<R: Evaluate>(
    state: &R,
    level: Level,
    seed: u64,
    share: f64,
    deadline: Instant,
    history: &[u128],
    cancel: &AtomicBool,
) -> Result<(Action, Found), AiError> {
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    if list.is_empty() || state.to_act().is_none() {
        return Err(AiError::GameOver);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let found = |score, nodes, depth| Found {
        score,
        nodes,
        depth,
    };
    if list.len() == 1 {
        return Ok((list[0], found(None, 0, 0)));
    }
    let p = params(level, R::ID);
    if level == Level::Random || rng.random_range(0..1000) < p.blunder {
        return Ok((list[rng.random_range(0..list.len())], found(None, 0, 0)));
    }
    // Shuffle so that equal scores are broken by the seed, not by generation order.
    let actions = list.as_mut_slice();
    for i in (1..actions.len()).rev() {
        actions.swap(i, rng.random_range(0..=i));
    }
    let budget = ((p.nodes as f64 * share) as u64).max(1_000);
    let side = state.to_act().ok_or(AiError::GameOver)?;
    let mut searcher = Searcher::<R>::new(&p, side, budget, deadline, history, cancel);
    if p.noise > 0 {
        searcher.noisy_root(state, &list, p.max_depth, p.noise, &mut rng)
    } else {
        searcher.iterate(state, &list, p.max_depth)
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    check: u64,
    score: i32,
    best: u16,
    depth: i8,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

fn hash(key: u128) -> u64 {
    let mut x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A compact number for an action, for the tables.
fn code(action: Action) -> u16 {
    match action {
        Action::Place(p) => p.index() as u16,
        Action::Move(from, to) => 25 + (from.index() * 25 + to.index()) as u16,
        Action::Remove(p) => 650 + p.index() as u16,
        Action::Timeout => 675,
    }
}
const CODES: usize = 676;
const NO_MOVE: u16 = u16::MAX;

struct Searcher<'a, R: Evaluate> {
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    cancel: &'a AtomicBool,
    aborted: bool,
    table: Vec<Entry>,
    mask: usize,
    killers: [[u16; 2]; MAX_PLY],
    history_scores: Vec<i32>,
    earlier: HashSet<u128>,
    path: Vec<u128>,
    root_side: Side,
    contempt: i32,
    quiescence: u8,
    _game: std::marker::PhantomData<R>,
}

impl<'a, R: Evaluate> Searcher<'a, R> {
    fn new(
        p: &Params,
        root_side: Side,
        node_limit: u64,
        deadline: Instant,
        history: &[u128],
        cancel: &'a AtomicBool,
    ) -> Self {
        Searcher {
            nodes: 0,
            node_limit,
            deadline,
            cancel,
            aborted: false,
            table: vec![Entry::default(); 1 << p.table_bits],
            mask: (1 << p.table_bits) - 1,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history_scores: vec![0; CODES],
            earlier: history.iter().copied().collect(),
            path: Vec::with_capacity(MAX_PLY),
            root_side,
            contempt: p.contempt,
            quiescence: p.quiescence,
            _game: std::marker::PhantomData,
        }
    }

    /// A draw as `pov` sees it: the searching side slightly dislikes it.
    #[inline]
    fn draw_score(&self, pov: Side) -> i32 {
        if pov == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    fn cancelled(&self) -> Result<(), AiError> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(AiError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Scores every root action exactly, deepening up to `depth` while the budget lasts,
    /// adds a fixed random amount to each, and plays the best: a player who sees well but
    /// misjudges close choices.
    fn noisy_root(
        &mut self,
        state: &R,
        list: &ActionList,
        depth: i32,
        noise: i32,
        rng: &mut StdRng,
    ) -> Result<(Action, Found), AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        self.path.push(state.key());
        let jitter: Vec<i32> = list
            .iter()
            .map(|_| rng.random_range(-noise..=noise))
            .collect();
        let mut scores: Vec<i32> = list.iter().map(|&a| state.order_hint(a)).collect();
        let mut completed = 0;
        for d in 1..=depth {
            let mut current = Vec::with_capacity(list.len());
            for &action in list.iter() {
                let mut child = *state;
                child.apply_unchecked(action);
                let score = self.child_value(&child, me, d - 1, -INFINITY, INFINITY, 1);
                if self.aborted {
                    break;
                }
                current.push(score);
            }
            self.cancelled()?;
            if self.aborted {
                break;
            }
            scores = current;
            completed = d;
        }
        let (best, _) = scores
            .iter()
            .zip(&jitter)
            .enumerate()
            .max_by_key(|&(_, (score, jitter))| score.saturating_add(*jitter))
            .map_or((0, 0), |(i, (score, _))| (i, *score));
        let score = (completed > 0).then_some(scores[best]);
        Ok((list[best], self.found(score, completed)))
    }

    fn found(&self, score: Option<i32>, depth: i32) -> Found {
        Found {
            score,
            nodes: self.nodes,
            depth: depth.clamp(0, 255) as u8,
        }
    }

    /// Iterative deepening with alpha-beta until the node budget runs out.
    fn iterate(
        &mut self,
        state: &R,
        list: &ActionList,
        max_depth: i32,
    ) -> Result<(Action, Found), AiError> {
        let me = state.to_act().ok_or(AiError::GameOver)?;
        self.path.push(state.key());
        let mut order: Vec<(Action, i32)> =
            list.iter().map(|&a| (a, state.order_hint(a))).collect();
        order.sort_by_key(|&(_, hint)| std::cmp::Reverse(hint));
        let mut best = (order[0].0, None);
        let mut completed = 0;
        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let mut iteration_best = None;
            for (i, entry) in order.iter_mut().enumerate() {
                let mut child = *state;
                child.apply_unchecked(entry.0);
                let score = if i == 0 {
                    self.child_value(&child, me, depth - 1, alpha, INFINITY, 1)
                } else {
                    // Null window first: most actions only need to be shown no better.
                    let probe = self.child_value(&child, me, depth - 1, alpha, alpha + 1, 1);
                    if probe > alpha && !self.aborted {
                        self.child_value(&child, me, depth - 1, alpha, INFINITY, 1)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                entry.1 = score;
                if score > alpha {
                    alpha = score;
                    iteration_best = Some((entry.0, score));
                }
            }
            self.cancelled()?;
            if let Some((action, score)) = iteration_best {
                // A partial iteration still counts when it finished its first action (the
                // previous best) and found something better.
                best = (action, Some(score));
                if !self.aborted {
                    completed = depth;
                }
            }
            if self.aborted {
                break;
            }
            // The best first next time; the others by their scores in this iteration.
            order.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            if alpha.abs() >= MATE - MAX_PLY as i32 {
                break;
            }
        }
        Ok((best.0, self.found(best.1, completed)))
    }

    /// The value of `child` for `me`, searching it with the right window.
    fn child_value(
        &mut self,
        child: &R,
        me: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        match child.to_act() {
            Some(side) if side != me => -self.search(child, depth, -beta, -alpha, ply, side),
            _ => self.search(child, depth, alpha, beta, ply, me),
        }
    }

    fn search(
        &mut self,
        state: &R,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pov: Side,
    ) -> i32 {
        match state.status() {
            Status::Ongoing => {}
            Status::Won { winner, .. } => {
                let score = MATE - ply as i32;
                return if winner == pov { score } else { -score };
            }
            Status::Drawn(_) => return self.draw_score(pov),
        }
        let key = state.key();
        if self.earlier.contains(&key) || self.path.contains(&key) {
            return self.draw_score(pov);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(state, alpha, beta, ply, pov, self.quiescence);
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }

        let h = hash(key);
        let slot = h as usize & self.mask;
        let entry = self.table[slot];
        let mut tt_move = NO_MOVE;
        if entry.check == h {
            tt_move = entry.best;
            if entry.depth as i32 >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        let mut scored = [(Action::Timeout, 0i32, false); crate::rules::MAX_ACTIONS];
        let n = list.len();
        for (slot, &action) in scored.iter_mut().zip(list.iter()) {
            let c = code(action);
            let hint = state.order_hint(action);
            let order = if c == tt_move {
                1 << 30
            } else if self.killers[ply].contains(&c) {
                1 << 20
            } else {
                0
            };
            let quiet = order == 0 && hint <= 0;
            *slot = (
                action,
                order + hint * 64 + self.history_scores[c as usize] / 8,
                quiet,
            );
        }
        let scored = &mut scored[..n];
        scored.sort_unstable_by_key(|&(_, s, _)| std::cmp::Reverse(s));

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = NO_MOVE;
        self.path.push(key);
        for (i, &(action, _, quiet)) in scored.iter().enumerate() {
            let mut child = *state;
            child.apply_unchecked(action);
            let score = if i == 0 {
                self.child_value(&child, pov, depth - 1, alpha, beta, ply + 1)
            } else {
                // Late quiet actions are first searched a ply shallower.
                let reduction = i32::from(quiet && depth >= 3 && i >= 4);
                let mut probe = self.child_value(
                    &child,
                    pov,
                    depth - 1 - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                );
                if probe > alpha && reduction > 0 && !self.aborted {
                    probe = self.child_value(&child, pov, depth - 1, alpha, alpha + 1, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    self.child_value(&child, pov, depth - 1, alpha, beta, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = code(action);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let c = code(action) as usize;
                        self.history_scores[c] += depth * depth;
                        if self.killers[ply][0] != code(action) {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = code(action);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        let bound = if best_score >= beta {
            LOWER
        } else if best_score > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.table[slot] = Entry {
            check: h,
            score: to_table(best_score, ply),
            best: best_move,
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        };
        best_score
    }
}

impl<R: Evaluate> Searcher<'_, R> {
    /// Capture-only search: the side to act may stand on the static value or play an
    /// action that captures or flips, for `left` more plies.
    fn quiesce(
        &mut self,
        state: &R,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pov: Side,
        left: u8,
    ) -> i32 {
        self.nodes += 1;
        let stand = state.evaluate();
        if left == 0 || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = ActionList::new();
        state.noisy_actions(&mut list);
        let mut best = stand;
        for &action in list.iter() {
            let mut child = *state;
            child.apply_unchecked(action);
            let score = match child.status() {
                Status::Won { winner, .. } => {
                    let s = MATE - ply as i32 - 1;
                    if winner == pov { s } else { -s }
                }
                Status::Drawn(_) => self.draw_score(pov),
                Status::Ongoing => match child.to_act() {
                    Some(side) if side != pov => {
                        -self.quiesce(&child, -beta, -alpha, ply + 1, side, left - 1)
                    }
                    _ => self.quiesce(&child, alpha, beta, ply + 1, pov, left - 1),
                },
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}
