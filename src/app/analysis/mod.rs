//! The analysis of the game on the screen, as the app keeps it: the background analysis
//! while it runs (with its progress), then its report, tied to the game it was made for so
//! that it is never shown beside another one.
//!
//! The searching and labelling are [`crate::ai::analysis`]'s; in Flying the exact values come
//! from the app's handle on the table ([`FlyingTable`]), waited for on the analysis thread
//! while the app is still opening it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::flying_table::{FlyingTable, TableState};

use crate::ai::AiError;
use crate::ai::analysis::{ActionReport, Analyser, Budget, ExactValues, Label, Progress, Report};
use crate::rules::{Action, Game, GameId};

/// Where the Flying table comes from: the app's one handle on it.
#[derive(Clone)]
pub enum TableSource {
    /// No table (not Flying, or no data folder).
    None,
    /// The app's handle, opened (or being opened) by the app.
    Shared(FlyingTable),
}

impl TableSource {
    /// The table once it is open; `None` when there is none or it cannot be used (the
    /// analysis then searches, and the panel says so). Waits while the app is still opening
    /// it, unless `cancel` is set.
    fn open(self, cancel: &AtomicBool) -> Option<Arc<dyn ExactValues>> {
        let handle = match self {
            TableSource::None => return None,
            TableSource::Shared(handle) => handle,
        };
        while matches!(handle.state(), TableState::Opening) {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        handle.table().map(|t| t as Arc<dyn ExactValues>)
    }
}

/// Where an analysis stands.
#[derive(Debug)]
pub enum Stage {
    /// Positions evaluated so far.
    Running(Progress),
    /// It finished: the report of every action.
    Done(Report),
    /// It stopped on an error (the message says why).
    Failed(String),
}

/// The analysis of one game.
pub struct GameAnalysis {
    /// The game it is for (a copy).
    game: Game,
    stage: Stage,
    analyser: Option<Analyser>,
}

impl GameAnalysis {
    /// Starts analysing `game` in the background; `wake` asks for a new frame.
    pub fn start(
        game: &Game,
        budget: Budget,
        table: TableSource,
        wake: impl Fn() + Send + 'static,
    ) -> GameAnalysis {
        let table = if game.id() == GameId::Flying {
            table
        } else {
            TableSource::None
        };
        let started = Analyser::start(
            game,
            budget,
            Box::new(move |cancel: &AtomicBool| table.open(cancel)),
            Box::new(wake),
        );
        let (stage, analyser) = match started {
            Ok(a) => (Stage::Running(a.progress()), Some(a)),
            Err(e) => (Stage::Failed(e.to_string()), None),
        };
        GameAnalysis {
            game: game.clone(),
            stage,
            analyser,
        }
    }

    /// Takes what the thread has done since the last frame.
    pub fn poll(&mut self) {
        let Some(analyser) = &self.analyser else {
            return;
        };
        match analyser.take_result() {
            Some(Ok(report)) => {
                self.stage = Stage::Done(report);
                self.analyser = None;
            }
            Some(Err(AiError::Cancelled)) => self.analyser = None,
            Some(Err(e)) => {
                self.stage = Stage::Failed(e.to_string());
                self.analyser = None;
            }
            None => self.stage = Stage::Running(analyser.progress()),
        }
    }

    /// Stops the analysis (the caller then drops it).
    pub fn cancel(&self) {
        if let Some(a) = &self.analyser {
            a.cancel();
        }
    }

    /// Whether it is about `game` as it stands.
    pub fn is_for(&self, game: &Game) -> bool {
        self.game == *game
    }

    /// Where the analysis stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The finished report.
    pub fn report(&self) -> Option<&Report> {
        match &self.stage {
            Stage::Done(r) => Some(r),
            _ => None,
        }
    }

    /// Whether a finished Flying analysis had no usable table (its values are the search's).
    pub fn table_missing(&self) -> bool {
        self.game.id() == GameId::Flying && self.report().is_some_and(|r| !r.exact)
    }

    /// The report of action `index` (from 0).
    pub fn action(&self, index: usize) -> Option<&ActionReport> {
        self.report()?.actions.iter().find(|a| a.index == index)
    }

    /// The label of action `index`, if analysed.
    pub fn label(&self, index: usize) -> Option<Label> {
        self.action(index).map(|a| a.label)
    }

    /// The engine's better choice for the action played from the position after `shown`
    /// actions, to draw on that position.
    pub fn better_here(&self, shown: usize) -> Option<Action> {
        self.action(shown)
            .filter(|a| a.label != Label::Best)
            .and_then(|a| a.preferred)
    }
}

/// The mark a label adds to the move list: the annotators' `?!`, `?` and `??`.
pub fn label_mark(label: Label) -> Option<&'static str> {
    match label {
        Label::Best | Label::Good => None,
        Label::Inaccuracy => Some("?!"),
        Label::Mistake => Some("?"),
        Label::Blunder => Some("??"),
    }
}
