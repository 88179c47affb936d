//! How the app reaches the computer opponent: through the search thread ([`ai::Worker`]) in
//! the real app, or by searching at once on the caller's thread (tests and demonstrations),
//! behind one small interface.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;

use crate::ai::{self, AiError, Reply, Request, Worker};

/// Where the computer's searches run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AiMode {
    /// On the search thread; the window stays responsive while it thinks.
    #[default]
    Thread,
    /// On the UI thread, as soon as asked; the reply is read on the next frame. For tests.
    Inline,
}

/// The computer opponent as the app uses it.
pub struct Computer {
    worker: Option<Worker>,
    ready: VecDeque<Reply>,
}

impl Computer {
    /// A computer in `mode`; `notify` wakes the UI when a reply from the thread is ready.
    pub fn new(mode: AiMode, notify: impl Fn() + Send + 'static) -> Computer {
        let worker = match mode {
            AiMode::Thread => Some(Worker::spawn(notify)),
            AiMode::Inline => None,
        };
        Computer {
            worker,
            ready: VecDeque::new(),
        }
    }

    /// Asks for a decision, cancelling any search in progress.
    pub fn request(&mut self, request: Request) {
        match &self.worker {
            Some(worker) => {
                let generation = request.generation;
                if let Err(e) = worker.request(request) {
                    self.ready.push_back(Reply {
                        generation,
                        result: Err(e),
                    });
                }
            }
            None => {
                let cancel = AtomicBool::new(false);
                let context = ai::Context::new(&request.history, &cancel);
                let result = ai::choose(&request.state, request.level, request.seed, context);
                self.ready.push_back(Reply {
                    generation: request.generation,
                    result,
                });
            }
        }
    }

    /// Stops the search in progress, if any.
    pub fn cancel(&self) {
        if let Some(worker) = &self.worker {
            worker.cancel();
        }
    }

    /// A reply, if one is ready.
    pub fn poll(&mut self) -> Option<Reply> {
        if let Some(reply) = self.ready.pop_front() {
            return Some(reply);
        }
        self.worker.as_ref().and_then(Worker::try_reply)
    }

    /// Whether replies computed inline are waiting to be read.
    pub fn has_ready(&self) -> bool {
        !self.ready.is_empty()
    }

    /// Whether searches run on their own thread.
    pub fn is_threaded(&self) -> bool {
        self.worker.is_some()
    }
}

/// Whether an error is only the echo of a cancelled request.
pub fn is_cancelled(error: &AiError) -> bool {
    matches!(error, AiError::Cancelled)
}
