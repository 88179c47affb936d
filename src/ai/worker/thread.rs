//! The search thread: the worker of the desktop build. It offers the search every core: a
//! level whose settings take every thread offered (Master) uses them all.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use super::{Reply, Request};
use crate::ai::engine::{Context, Engine, Plan};
use crate::ai::error::AiError;

struct Job {
    request: Request,
    cancel: Arc<AtomicBool>,
}

/// A search thread.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Reply>,
    current: Arc<Mutex<Arc<AtomicBool>>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread. `notify` is called after each reply is sent (e.g. to wake a UI).
    pub fn spawn(notify: impl Fn() + Send + 'static) -> Worker {
        Worker::spawn_with(Engine::new(), notify)
    }

    /// Starts the thread with `engine` (e.g. one with an oracle for Master).
    pub fn spawn_with(mut engine: Engine, notify: impl Fn() + Send + 'static) -> Worker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, replies) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("sanqi-ai".into())
            .spawn(move || {
                for job in job_rx {
                    let result = if job.cancel.load(Ordering::Relaxed) {
                        Err(AiError::Cancelled)
                    } else {
                        run(&mut engine, &job.request, &job.cancel)
                    };
                    let reply = Reply {
                        generation: job.request.generation,
                        result,
                    };
                    if reply_tx.send(reply).is_err() {
                        break;
                    }
                    notify();
                }
            })
            .ok();
        Worker {
            jobs: Some(jobs),
            replies,
            current: Arc::new(Mutex::new(Arc::new(AtomicBool::new(false)))),
            thread,
        }
    }

    /// Asks for a decision, cancelling any search in progress.
    pub fn request(&self, request: Request) -> Result<(), AiError> {
        let cancel = Arc::new(AtomicBool::new(false));
        {
            let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
            current.store(true, Ordering::Relaxed);
            *current = cancel.clone();
        }
        let job = Job { request, cancel };
        match &self.jobs {
            Some(jobs) if self.thread.is_some() => jobs
                .send(job)
                .map_err(|_| AiError::Failed("the search thread has stopped".into())),
            _ => Err(AiError::Failed("the search thread could not start".into())),
        }
    }

    /// Stops the search in progress, if any; its reply will say `Cancelled`.
    pub fn cancel(&self) {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        current.store(true, Ordering::Relaxed);
    }

    /// A reply, if one is ready.
    pub fn try_reply(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// Waits for the next reply (for the command line and tests).
    pub fn wait_reply(&self) -> Option<Reply> {
        self.replies.recv().ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        self.jobs.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Runs one search, turning a panic into an error.
fn run(engine: &mut Engine, request: &Request, cancel: &AtomicBool) -> Result<Plan, AiError> {
    // The app offers every core: a level whose settings take every thread offered (Master)
    // searches on all of them.
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let context = Context::new(&request.history, cancel)
        .with_quiet_turns(request.quiet_turns)
        .offering_threads(cores);
    catch_unwind(AssertUnwindSafe(|| {
        engine.plan(&request.state, &request.config, request.seed, context)
    }))
    .unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        Err(AiError::Failed(why))
    })
}
