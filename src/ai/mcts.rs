//! Monte Carlo tree search: UCT over the game tree, with light playouts (captures and flips
//! preferred half of the time, otherwise uniformly random actions) cut off after a few dozen
//! plies and scored by the static evaluation.
//!
//! Every node remembers the side that chose the action leading to it and accumulates results
//! from that side's point of view, so multi-action turns need no special care. With several
//! threads each builds its own tree from its own seed and the visit counts at the root are
//! added up (root parallelism).

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::error::AiError;
use super::eval::{Evaluate, Knowledge};
use super::solver::Solve;
use super::strategy::{Found, Strategy, Task};
use crate::rules::{Action, ActionList, Side, Status};

/// UCT's exploration constant (results are in 0..=1).
const EXPLORATION: f64 = 0.9;
/// Plies of a playout before the evaluation takes over.
const PLAYOUT_PLIES: usize = 24;
/// Centipieces of evaluation that make a 73% expectation (a logistic scale).
const EVAL_SCALE: f64 = 150.0;
/// Tree size at which the search stops expanding and only plays out from its leaves.
const MAX_NODES: usize = 1 << 21;

/// The MCTS strategy.
pub(crate) struct Mcts;

impl Mcts {
    pub fn new() -> Mcts {
        Mcts
    }
}

/// One tree's answer: the root's children (action, visits, total), the plies simulated
/// and the tree's depth.
type Grown = (Vec<(Action, u32, f32)>, u64, u8);

struct Node {
    action: Action,
    /// The side that chose `action` (results are counted for it).
    mover: Side,
    visits: u32,
    /// Sum of the results for `mover`, each in 0..=1.
    total: f32,
    first_child: u32,
    /// 0 until expanded.
    children: u8,
    expanded: bool,
}

impl<R: Evaluate + Solve> Strategy<R> for Mcts {
    fn decide(&mut self, state: &R, task: &Task<'_>) -> Result<(Action, Found), AiError> {
        let threads = task.threads.max(1);
        let nodes_each = task.nodes / threads as u64;
        let stop = AtomicBool::new(false);
        let trees: Vec<Grown> = if threads == 1 {
            vec![grow(state, task, task.seed, task.nodes, &stop)?]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let stop = &stop;
                        let root = *state;
                        let seed = task.seed.wrapping_add(t as u64 * 0x9E37_79B9_7F4A_7C15);
                        scope.spawn(move || grow(&root, task, seed, nodes_each, stop))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(AiError::Failed("a search thread failed".into()))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })?
        };
        let mut merged: Vec<(Action, u32, f32)> = Vec::new();
        let mut nodes = 0;
        let mut depth = 0;
        for (children, n, d) in trees {
            nodes += n;
            depth = depth.max(d);
            for (action, visits, total) in children {
                match merged.iter_mut().find(|m| m.0 == action) {
                    Some(m) => {
                        m.1 += visits;
                        m.2 += total;
                    }
                    None => merged.push((action, visits, total)),
                }
            }
        }
        let best = merged
            .iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
            .ok_or(AiError::GameOver)?;
        let q = (f64::from(best.2) / f64::from(best.1.max(1))).clamp(0.001, 0.999);
        let score = (EVAL_SCALE * (q / (1.0 - q)).ln()).round() as i32;
        Ok((
            best.0,
            Found {
                score: Some(score),
                nodes,
                depth,
                line: vec![best.0],
            },
        ))
    }
}

/// Grows one tree until the budget is spent: the root's children with their visits and
/// totals, the plies simulated and the tree's depth.
fn grow<R: Evaluate>(
    root: &R,
    task: &Task<'_>,
    seed: u64,
    node_budget: u64,
    stop: &AtomicBool,
) -> Result<Grown, AiError> {
    let root_side = root.to_act().ok_or(AiError::GameOver)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tree: Vec<Node> = Vec::with_capacity(1 << 16);
    tree.push(Node {
        action: Action::Timeout,
        mover: root_side.other(),
        visits: 0,
        total: 0.0,
        first_child: 0,
        children: 0,
        expanded: false,
    });
    let mut list = ActionList::new();
    let mut path: Vec<usize> = Vec::with_capacity(64);
    let mut nodes = 0u64;
    let mut max_depth = 0usize;
    let mut playouts = 0u64;
    while nodes < node_budget {
        playouts += 1;
        if playouts.is_multiple_of(64)
            && (task.cancel.load(Ordering::Relaxed)
                || stop.load(Ordering::Relaxed)
                || Instant::now() >= task.deadline)
        {
            break;
        }
        // Selection.
        path.clear();
        path.push(0);
        let mut state = *root;
        let mut current = 0;
        while tree[current].expanded && tree[current].children > 0 {
            current = select(&tree, current);
            state.apply_unchecked(tree[current].action);
            path.push(current);
            nodes += 1;
        }
        max_depth = max_depth.max(path.len() - 1);
        // Expansion, on a leaf's second visit so that one-visit leaves cost no memory.
        if !tree[current].expanded
            && (tree[current].visits > 0 || current == 0)
            && tree.len() < MAX_NODES
            && state.status() == Status::Ongoing
            && let Some(mover) = state.to_act()
        {
            state.legal_actions(&mut list);
            let first = tree.len() as u32;
            for &action in list.iter() {
                tree.push(Node {
                    action,
                    mover,
                    visits: 0,
                    total: 0.0,
                    first_child: 0,
                    children: 0,
                    expanded: false,
                });
            }
            let node = &mut tree[current];
            node.expanded = true;
            node.first_child = first;
            node.children = list.len() as u8;
            if !list.is_empty() {
                current = select(&tree, current);
                state.apply_unchecked(tree[current].action);
                path.push(current);
            }
        }
        // Simulation.
        let (black_result, plies) = playout(state, &mut rng, &mut list);
        nodes += plies + 1;
        // Back-propagation.
        for &i in &path {
            let node = &mut tree[i];
            node.visits += 1;
            node.total += if node.mover == Side::Black {
                black_result
            } else {
                1.0 - black_result
            };
        }
    }
    if task.cancel.load(Ordering::Relaxed) {
        return Err(AiError::Cancelled);
    }
    let root_node = &tree[0];
    let children = (root_node.first_child..root_node.first_child + u32::from(root_node.children))
        .map(|i| {
            let n = &tree[i as usize];
            (n.action, n.visits, n.total)
        })
        .collect();
    Ok((children, nodes, max_depth.min(255) as u8))
}

/// The child of `parent` with the best upper confidence bound (an unvisited one first).
fn select(tree: &[Node], parent: usize) -> usize {
    let p = &tree[parent];
    let log_n = f64::from(p.visits.max(1)).ln();
    let start = p.first_child as usize;
    let mut best = start;
    let mut best_value = f64::NEG_INFINITY;
    for (i, c) in tree[start..start + usize::from(p.children)]
        .iter()
        .enumerate()
        .map(|(k, c)| (start + k, c))
    {
        if c.visits == 0 {
            return i;
        }
        let n = f64::from(c.visits);
        let value = f64::from(c.total) / n + EXPLORATION * (log_n / n).sqrt();
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    best
}

/// Plays light random actions from `state`: Black's result (1 win, ½ draw, 0 loss, or the
/// evaluation's expectation when cut off) and the plies played.
fn playout<R: Evaluate>(mut state: R, rng: &mut StdRng, list: &mut ActionList) -> (f32, u64) {
    let mut noisy = ActionList::new();
    for ply in 0..PLAYOUT_PLIES {
        match state.status() {
            Status::Won { winner, .. } => {
                return (if winner == Side::Black { 1.0 } else { 0.0 }, ply as u64);
            }
            Status::Drawn(_) => return (0.5, ply as u64),
            Status::Ongoing => {}
        }
        state.legal_actions(list);
        if list.is_empty() {
            return (0.5, ply as u64);
        }
        let action = if rng.random_range(0..2) == 0 {
            state.noisy_actions(&mut noisy);
            if noisy.is_empty() {
                list[rng.random_range(0..list.len())]
            } else {
                noisy[rng.random_range(0..noisy.len())]
            }
        } else {
            list[rng.random_range(0..list.len())]
        };
        state.apply_unchecked(action);
    }
    let result = match (state.status(), state.to_act()) {
        (Status::Won { winner, .. }, _) => {
            if winner == Side::Black {
                1.0
            } else {
                0.0
            }
        }
        (Status::Ongoing, Some(side)) => {
            let p = 1.0
                / (1.0 + (-f64::from(state.evaluate(&Knowledge::PLAIN, None)) / EVAL_SCALE).exp());
            if side == Side::Black { p } else { 1.0 - p }
        }
        _ => 0.5,
    };
    (result as f32, PLAYOUT_PLIES as u64)
}
