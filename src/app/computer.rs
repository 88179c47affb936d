//! How the app reaches the computer opponent: through the search thread ([`ai::Worker`]) in
//! the real app, or by searching at once on the caller's thread (tests and demonstrations),
//! behind one small interface that also numbers the requests and draws their seeds.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::ai::{self, AiError, Engine, Oracle, Reply, Request, Worker};
use crate::rules::State;

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
    /// The engine of the inline mode (the worker keeps its own).
    inline: Engine,
    ready: VecDeque<Reply>,
    /// The number of the last request; replies to older ones are stale.
    generation: u64,
    /// The state of the generator of the searches' seeds.
    seeds: u64,
}

impl Computer {
    /// A computer in `mode`; `notify` wakes the UI when a reply from the thread is ready.
    /// `seed` starts the seeds of its searches (a fixed one makes them repeatable).
    pub fn new(mode: AiMode, seed: u64, notify: impl Fn() + Send + 'static) -> Computer {
        Computer::with_oracle(mode, seed, None, notify)
    }

    /// A computer whose Master consults `oracle` first (the Flying table).
    pub fn with_oracle(
        mode: AiMode,
        seed: u64,
        oracle: Option<Arc<dyn Oracle>>,
        notify: impl Fn() + Send + 'static,
    ) -> Computer {
        let engine = || match &oracle {
            Some(oracle) => Engine::with_oracle(oracle.clone()),
            None => Engine::new(),
        };
        let worker = match mode {
            AiMode::Thread => Some(Worker::spawn_with(engine(), notify)),
            AiMode::Inline => None,
        };
        Computer {
            worker,
            inline: engine(),
            ready: VecDeque::new(),
            generation: 0,
            seeds: seed,
        }
    }

    /// Asks for a decision on `state` by the player `config` (`history` holds the keys of
    /// the earlier positions, `quiet_turns` the turns since the last capture or flip),
    /// cancelling any search in progress. Returns the request's number, which its reply
    /// carries.
    pub fn ask(
        &mut self,
        state: State,
        history: Vec<u128>,
        quiet_turns: u16,
        config: ai::Config,
    ) -> u64 {
        self.generation += 1;
        // A linear congruential step: cheap, and repeatable from a fixed seed.
        self.seeds = self
            .seeds
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let request = Request {
            state,
            history,
            config,
            seed: self.seeds >> 11,
            quiet_turns,
            generation: self.generation,
        };
        match &self.worker {
            Some(worker) => {
                if let Err(e) = worker.request(request) {
                    self.ready.push_back(Reply {
                        generation: self.generation,
                        result: Err(e),
                    });
                }
            }
            None => {
                let cancel = AtomicBool::new(false);
                let context = ai::Context::new(&request.history, &cancel)
                    .with_quiet_turns(request.quiet_turns);
                let result =
                    self.inline
                        .plan(&request.state, &request.config, request.seed, context);
                self.ready.push_back(Reply {
                    generation: request.generation,
                    result,
                });
            }
        }
        self.generation
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
}

/// Whether an error is only the echo of a cancelled request.
pub fn is_cancelled(error: &AiError) -> bool {
    matches!(error, AiError::Cancelled)
}
