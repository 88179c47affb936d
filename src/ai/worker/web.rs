//! The worker of the web build: a Web Worker running this same program, which searches with
//! [`wire::serve`] (its side is [`serve_in_worker`]) while the page keeps drawing its frames.
//! Cancelling ends the Web Worker, the only way to stop a search in WebAssembly at once, and
//! starts a fresh one for the next request (the page's compiled module is reused, so that
//! takes a moment only).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use super::{Reply, Request, wire};
use crate::ai::engine::Engine;
use crate::ai::error::AiError;
use crate::platform::web::{self as page, Message};

/// The kind of job the Web Worker is asked for: a search.
pub const JOB: &str = "plan";

/// A search in a Web Worker.
pub struct Worker {
    wake: Rc<dyn Fn()>,
    worker: RefCell<Option<page::Worker>>,
    /// The generation of the request being searched, if any.
    searching: Cell<Option<u64>>,
    /// Replies made here (a cancel, a worker that failed).
    ready: RefCell<VecDeque<Reply>>,
}

impl Worker {
    /// Starts the Web Worker. `notify` is called after each reply arrives (to wake the page).
    pub fn spawn(notify: impl Fn() + Send + 'static) -> Worker {
        let wake: Rc<dyn Fn()> = Rc::new(notify);
        let worker = page::Worker::start(Rc::clone(&wake)).ok();
        Worker {
            wake,
            worker: RefCell::new(worker),
            searching: Cell::new(None),
            ready: RefCell::new(VecDeque::new()),
        }
    }

    /// Starts the Web Worker; the engine stays on this side, as the worker makes its own
    /// (there is no table for an oracle on the web).
    pub fn spawn_with(_engine: Engine, notify: impl Fn() + Send + 'static) -> Worker {
        Worker::spawn(notify)
    }

    /// Asks for a decision, cancelling any search in progress.
    pub fn request(&self, request: Request) -> Result<(), AiError> {
        self.cancel();
        if self.worker.borrow().is_none() {
            let started = page::Worker::start(Rc::clone(&self.wake)).map_err(|why| {
                AiError::Failed(format!("the search worker could not start: {why}"))
            })?;
            *self.worker.borrow_mut() = Some(started);
        }
        let text = format!("{JOB}\n{}", wire::encode_request(&request));
        let posted = match &*self.worker.borrow() {
            Some(worker) => worker.post(&text),
            None => Err("no worker".to_string()),
        };
        posted.map_err(|why| AiError::Failed(format!("the search worker is gone: {why}")))?;
        self.searching.set(Some(request.generation));
        Ok(())
    }

    /// Stops the search in progress, if any, by ending its Web Worker; its reply says
    /// `Cancelled`. A fresh worker is started for the next request.
    pub fn cancel(&self) {
        let Some(generation) = self.searching.take() else {
            return;
        };
        self.worker.borrow_mut().take();
        self.ready.borrow_mut().push_back(Reply {
            generation,
            result: Err(AiError::Cancelled),
        });
        *self.worker.borrow_mut() = page::Worker::start(Rc::clone(&self.wake)).ok();
    }

    /// A reply, if one is ready.
    pub fn try_reply(&self) -> Option<Reply> {
        if let Some(reply) = self.ready.borrow_mut().pop_front() {
            return Some(reply);
        }
        let message = self.worker.borrow().as_ref()?.take()?;
        let reply = match message {
            Message::Text(text) => wire::decode_reply(&text).unwrap_or_else(|why| Reply {
                generation: self.searching.get().unwrap_or(0),
                result: Err(AiError::Failed(format!("an answer not understood: {why}"))),
            }),
            Message::Failed(why) => {
                // A worker that trapped is done for: the next request starts another.
                self.worker.borrow_mut().take();
                Reply {
                    generation: self.searching.get().unwrap_or(0),
                    result: Err(AiError::Failed(why)),
                }
            }
        };
        if self.searching.get() == Some(reply.generation) {
            self.searching.set(None);
        }
        Some(reply)
    }
}

thread_local! {
    /// The engine of the Web Worker, kept between its requests as the search thread keeps
    /// its own.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

/// The Web Worker's side: answers the search request `text` to the page.
pub fn serve_in_worker(text: &str) {
    let reply = ENGINE.with(|engine| wire::serve(&mut engine.borrow_mut(), text, 1));
    page::post_to_page(&reply);
}
