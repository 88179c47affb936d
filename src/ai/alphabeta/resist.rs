//! Resisting in a bad position: when the search finds the side to act clearly behind, the
//! action to play is the one that leaves the opponent the most ways to go wrong, among the
//! actions that lose little more than the best one.
//!
//! Against a perfect opponent every such action loses about as much; against a fallible one,
//! an action after which most replies let the game back in is the better try. (A forced loss
//! is resisted longest already: a loss further away scores higher.) The main search gets
//! most of the budget first; only if it finds the position bad does the rest go to scoring
//! the candidates and their replies.

use web_time::Instant;

use super::bounds::{INFINITY, MATE, MAX_PLY};
use super::thread::SearchThread;
use crate::ai::error::AiError;
use crate::ai::eval::Evaluate;
use crate::ai::strategy::Found;
use crate::rules::{Action, ActionList};

/// The share of the budget the main search gets before resisting is considered.
const MAIN_SHARE: f64 = 0.7;

impl<R: Evaluate> SearchThread<'_, R> {
    /// The main search, then, if it scores the position at `-threshold` or worse (and no
    /// forced result), the candidate within `threshold / 2` of the best that leaves the
    /// opponent the most replies that do not keep its advantage.
    pub(super) fn resisting(
        &mut self,
        state: &R,
        list: &ActionList,
        max_depth: i32,
        threshold: i32,
    ) -> Result<(Action, Found), AiError> {
        let (full_nodes, full_deadline) = (self.node_limit, self.deadline);
        let now = Instant::now();
        self.node_limit = if full_nodes == u64::MAX {
            u64::MAX
        } else {
            (full_nodes as f64 * MAIN_SHARE) as u64
        };
        self.deadline = now
            + full_deadline
                .saturating_duration_since(now)
                .mul_f64(MAIN_SHARE);
        let path = self.path.len();
        let (action, found) = self.iterate(state, list, max_depth)?;
        self.path.truncate(path);
        self.node_limit = full_nodes;
        self.deadline = full_deadline;
        self.aborted = false;
        let decided = |s: i32| s.abs() >= MATE - MAX_PLY as i32;
        let behind = found.score.is_some_and(|s| s <= -threshold && !decided(s));
        if !behind {
            // Not behind: the rest of the budget goes to the main search as usual.
            return self.iterate(state, list, max_depth);
        }
        let depth = i32::from(found.depth).max(2);
        let chosen = self.least_resistible(state, list, depth, threshold / 2);
        self.path.truncate(path);
        Ok(match chosen {
            Some(resist) if resist != action => {
                (resist, self.found(found.score, depth, vec![resist]))
            }
            _ => (action, found),
        })
    }

    /// Among the actions scoring within `margin` of the best at `depth − 2`, the one whose
    /// position leaves the opponent the most replies after which it keeps less than it had;
    /// `None` if the budget runs out first.
    fn least_resistible(
        &mut self,
        state: &R,
        list: &ActionList,
        depth: i32,
        margin: i32,
    ) -> Option<Action> {
        let me = state.to_act()?;
        self.path.push(state.key());
        let d = (depth - 2).max(1);
        let mut scored = Vec::with_capacity(list.len());
        for &action in list.iter() {
            let mut child = *state;
            child.apply_unchecked(action);
            self.follow(state, &child, 1);
            self.note_removal(state, action, &child, 1);
            let value = self.child_value(&child, me, d - 1, -INFINITY, INFINITY, 1);
            if self.aborted {
                return None;
            }
            scored.push((action, child, value));
        }
        let best = scored.iter().map(|s| s.2).max()?;
        let mut choice: Option<(usize, i32, Action)> = None;
        for &(action, child, value) in scored.iter().filter(|s| s.2 >= best - margin) {
            // Only a position where the opponent acts next offers it a choice to count.
            if child.to_act().is_none_or(|side| side == me) {
                continue;
            }
            self.follow(state, &child, 1);
            self.note_removal(state, action, &child, 1);
            self.path.push(child.key());
            let mut replies = ActionList::new();
            child.legal_actions(&mut replies);
            let mut mistakes = 0;
            for &reply in replies.iter() {
                let mut after = child;
                after.apply_unchecked(reply);
                self.follow(&child, &after, 2);
                self.note_removal(&child, reply, &after, 2);
                let ours = self.child_value(&after, me, (d - 2).max(0), -INFINITY, INFINITY, 2);
                if self.aborted {
                    return None;
                }
                // A reply that leaves us better off than the opponent's best line would is a
                // way for it to go wrong.
                if ours > value + margin {
                    mistakes += 1;
                }
            }
            self.path.pop();
            let better = match choice {
                None => true,
                Some((m, v, _)) => mistakes > m || (mistakes == m && value > v),
            };
            if better {
                choice = Some((mistakes, value, action));
            }
        }
        choice.map(|(_, _, action)| action)
    }
}
