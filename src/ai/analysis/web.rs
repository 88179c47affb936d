//! The analysis of the web build: it runs in a Web Worker of its own (this same program,
//! through [`wire`]), so that the page keeps drawing; cancelling ends the worker. There is no
//! Flying table on the web, so the analysis always searches.

use std::cell::RefCell;
use std::rc::Rc;

use super::wire::{self, Update};
use super::{Budget, ExactLoader, Progress, Report};
use crate::ai::error::AiError;
use crate::platform::web::{self as page, Message};
use crate::rules::Game;

/// The kind of job the Web Worker is asked for: an analysis.
pub const JOB: &str = "analyse";

/// An analysis running in a Web Worker. Dropping it cancels it.
pub struct Analyser {
    worker: RefCell<Option<page::Worker>>,
    progress: RefCell<Progress>,
    result: RefCell<Option<Result<Report, AiError>>>,
}

impl Analyser {
    /// Starts analysing a copy of `game` in a Web Worker; `wake` is called after each
    /// position (to ask for a frame). `_exact` is not called: the web has no table.
    pub fn start(
        game: &Game,
        budget: Budget,
        _exact: ExactLoader,
        wake: Box<dyn Fn() + Send>,
    ) -> Result<Analyser, AiError> {
        let wake: Rc<dyn Fn()> = Rc::new(wake);
        let worker = page::Worker::start(wake)
            .map_err(|why| AiError::Failed(format!("cannot start the analysis: {why}")))?;
        worker
            .post(&format!("{JOB}\n{}", wire::encode_job(game, budget)))
            .map_err(|why| AiError::Failed(format!("cannot start the analysis: {why}")))?;
        Ok(Analyser {
            worker: RefCell::new(Some(worker)),
            progress: RefCell::new(Progress {
                done: 0,
                total: game.len() + 1,
            }),
            result: RefCell::new(None),
        })
    }

    /// Reads what the worker said since the last look.
    fn read(&self) {
        loop {
            let Some(message) = self.worker.borrow().as_ref().and_then(page::Worker::take) else {
                return;
            };
            let update = match message {
                Message::Text(text) => wire::decode_update(&text).unwrap_or_else(|why| {
                    Update::Done(Err(AiError::Failed(format!(
                        "an answer not understood: {why}"
                    ))))
                }),
                Message::Failed(why) => Update::Done(Err(AiError::Failed(why))),
            };
            match update {
                Update::Progress(p) => *self.progress.borrow_mut() = p,
                Update::Done(result) => {
                    *self.result.borrow_mut() = Some(result);
                    // Its work is done: the worker ends.
                    self.worker.borrow_mut().take();
                    return;
                }
            }
        }
    }

    /// Positions done so far.
    pub fn progress(&self) -> Progress {
        self.read();
        *self.progress.borrow()
    }

    /// The result, once finished (taken: later calls give `None`).
    pub fn take_result(&self) -> Option<Result<Report, AiError>> {
        self.read();
        self.result.borrow_mut().take()
    }

    /// Stops the analysis at once: its worker ends.
    pub fn cancel(&self) {
        self.worker.borrow_mut().take();
    }
}

/// The Web Worker's side: runs the analysis asked for in `text`, posting its progress and
/// its report to the page.
pub fn serve_in_worker(text: &str) {
    wire::serve(text, &mut |message| page::post_to_page(&message));
}
