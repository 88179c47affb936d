//! An analysis asked for and answered as text, for one that runs in another instance of this
//! program (the web build's Web Worker): the game by its start and its actions' codes, the
//! progress and the report as JSON. [`serve`] is what that side does: the same [`analyse`].

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::{ActionReport, Budget, Evaluation, Label, Progress, Report, SideSummary, analyse};
use crate::ai::error::AiError;
use crate::rules::{Action, Game, GameId, Side, State};

#[derive(Serialize, Deserialize)]
struct WireJob {
    game: GameId,
    /// The key of the position the game started from, in hexadecimal.
    start: String,
    actions: Vec<u16>,
    budget: Budget,
}

#[derive(Serialize, Deserialize)]
struct WireAction {
    index: usize,
    turn: usize,
    side: Side,
    action: u16,
    after: Evaluation,
    before: Evaluation,
    /// The loss's bits: JSON's decimal text would not bring every `f64` back exactly.
    loss: u64,
    label: Label,
    preferred: Option<u16>,
    had_choice: bool,
}

#[derive(Serialize, Deserialize)]
struct WireReport {
    positions: Vec<Evaluation>,
    actions: Vec<WireAction>,
    /// Each side's counts, and its accuracy's bits.
    summary: [(Vec<usize>, u64); 2],
    exact: bool,
}

/// One message of the analysis.
#[derive(Serialize, Deserialize)]
enum WireUpdate {
    Progress(Progress),
    Report(WireReport),
    Failed(String),
}

/// What the analysis says as it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// Positions done so far.
    Progress(Progress),
    /// It ended: the report, or why there is none.
    Done(Result<Report, AiError>),
}

/// The analysis of `game` on `budget`, asked as text.
pub fn encode_job(game: &Game, budget: Budget) -> String {
    let job = WireJob {
        game: game.id(),
        start: format!("{:x}", game.start_state().key()),
        actions: game.actions().map(Action::code).collect(),
        budget,
    };
    serde_json::to_string(&job).unwrap_or_default()
}

/// The game and budget of the job in `text`, or why it is not one.
pub fn decode_job(text: &str) -> Result<(Game, Budget), String> {
    let job: WireJob = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let key = u128::from_str_radix(&job.start, 16).map_err(|e| e.to_string())?;
    let start = State::from_key(job.game, key)
        .ok_or_else(|| format!("no {} position has the key {}", job.game, job.start))?;
    let mut game = Game::from_state(start);
    for (i, &code) in job.actions.iter().enumerate() {
        let action =
            Action::from_code(code).ok_or_else(|| format!("no action has the code {code}"))?;
        game.apply(action)
            .map_err(|e| format!("action {}: {e}", i + 1))?;
    }
    Ok((game, job.budget))
}

fn encode(update: &WireUpdate) -> String {
    serde_json::to_string(update).unwrap_or_default()
}

/// An update as text.
pub fn encode_update(update: &Update) -> String {
    encode(&match update {
        Update::Progress(p) => WireUpdate::Progress(*p),
        Update::Done(Ok(report)) => WireUpdate::Report(WireReport {
            positions: report.positions.clone(),
            actions: report
                .actions
                .iter()
                .map(|a| WireAction {
                    index: a.index,
                    turn: a.turn,
                    side: a.side,
                    action: a.action.code(),
                    after: a.after,
                    before: a.before,
                    loss: a.loss.to_bits(),
                    label: a.label,
                    preferred: a.preferred.map(Action::code),
                    had_choice: a.had_choice,
                })
                .collect(),
            summary: report
                .summary
                .clone()
                .map(|s| (s.counts.to_vec(), s.accuracy.to_bits())),
            exact: report.exact,
        }),
        Update::Done(Err(e)) => WireUpdate::Failed(e.to_string()),
    })
}

/// The update in `text`, or why it is not one.
pub fn decode_update(text: &str) -> Result<Update, String> {
    let action = |code: u16| Action::from_code(code).ok_or_else(|| format!("no action {code}"));
    Ok(
        match serde_json::from_str(text).map_err(|e| e.to_string())? {
            WireUpdate::Progress(p) => Update::Progress(p),
            WireUpdate::Failed(why) => Update::Done(Err(AiError::Failed(why))),
            WireUpdate::Report(report) => Update::Done(Ok(Report {
                positions: report.positions,
                actions: report
                    .actions
                    .into_iter()
                    .map(|a| {
                        Ok(ActionReport {
                            index: a.index,
                            turn: a.turn,
                            side: a.side,
                            action: action(a.action)?,
                            after: a.after,
                            before: a.before,
                            loss: f64::from_bits(a.loss),
                            label: a.label,
                            preferred: a.preferred.map(action).transpose()?,
                            had_choice: a.had_choice,
                        })
                    })
                    .collect::<Result<_, String>>()?,
                summary: report
                    .summary
                    .map(|(counts, accuracy)| {
                        let counts: [usize; 5] = counts
                            .try_into()
                            .map_err(|_| "a summary of the wrong size".to_string())?;
                        Ok(SideSummary {
                            counts,
                            accuracy: f64::from_bits(accuracy),
                        })
                    })
                    .into_iter()
                    .collect::<Result<Vec<_>, String>>()?
                    .try_into()
                    .map_err(|_| "two sides' summaries".to_string())?,
                exact: report.exact,
            })),
        },
    )
}

/// Runs the analysis asked for in `text`, telling `post` its progress and then its report:
/// what the other side of a worker does.
pub fn serve(text: &str, post: &mut dyn FnMut(String)) {
    let result = match decode_job(text) {
        Ok((game, budget)) => {
            let cancel = AtomicBool::new(false);
            analyse(&game, budget, None, &cancel, &mut |p| {
                post(encode_update(&Update::Progress(p)));
            })
        }
        Err(why) => Err(AiError::Failed(format!(
            "a request the worker cannot read: {why}"
        ))),
    };
    post(encode_update(&Update::Done(result)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The analysis served through text is the analysis done here.
    #[test]
    fn a_served_analysis_is_the_same_analysis() {
        let mut game = Game::new(GameId::Wudao);
        let mut engine = crate::ai::Engine::new();
        for seed in 0..6 {
            let cancel = AtomicBool::new(false);
            let keys: Vec<u128> = (0..game.len()).map(|i| game.state_after(i).key()).collect();
            let context = crate::ai::Context::new(&keys, &cancel);
            let config = crate::ai::Config::new(crate::ai::Level::Easy);
            let plan = engine
                .plan(game.state(), &config, seed, context)
                .expect("a plan");
            for action in plan.actions {
                game.apply(action).expect("legal");
            }
        }
        let budget = Budget::Nodes(2_000);
        let (back, back_budget) = decode_job(&encode_job(&game, budget)).expect("a job");
        assert_eq!(back.action_list(), game.action_list());
        assert_eq!(back_budget, budget);
        let mut messages = Vec::new();
        serve(&encode_job(&game, budget), &mut |m| messages.push(m));
        let updates: Vec<Update> = messages
            .iter()
            .map(|m| decode_update(m).expect("an update"))
            .collect();
        let cancel = AtomicBool::new(false);
        let direct = analyse(&game, budget, None, &cancel, &mut |_| {});
        assert_eq!(updates.last(), Some(&Update::Done(direct)));
        assert_eq!(
            updates[updates.len() - 2],
            Update::Progress(Progress {
                done: game.len() + 1,
                total: game.len() + 1
            })
        );
        assert!(decode_job("{\"game\":\"chess\"}").is_err());
    }
}
