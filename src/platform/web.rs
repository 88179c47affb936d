//! What the web build needs from the browser beyond the canvas eframe draws on: Web Workers
//! that run this same WebAssembly module (the searches, which would stop the page's frames
//! on its own thread), a file handed to the person as a download, a file the person picks to
//! upload, and the page's address.
//!
//! A worker is `worker.js` beside the page (made by `scripts/build-web.sh`): it receives the
//! compiled module from the page ([`wasm_bindgen::module`], so that nothing is fetched or
//! compiled again), instantiates it, and hands every later message to the module's
//! `worker_job`, whose answers come back through [`post_to_page`]. Stopping a job is ending
//! its worker: a search in WebAssembly cannot be interrupted otherwise.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The script every worker runs, beside the page.
const WORKER_SCRIPT: &str = "./worker.js";

/// What came back from a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A message the job posted.
    Text(String),
    /// The worker failed (the module trapped, or could not start): what the browser said.
    Failed(String),
}

/// A Web Worker running this module. Dropping it ends the worker and whatever it was doing.
pub struct Worker {
    worker: web_sys::Worker,
    inbox: Rc<RefCell<VecDeque<Message>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Worker {
    /// Starts a worker; `wake` is called whenever a message arrives (to ask for a frame).
    pub fn start(wake: Rc<dyn Fn()>) -> Result<Worker, String> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker =
            web_sys::Worker::new_with_options(WORKER_SCRIPT, &options).map_err(|e| text_of(&e))?;
        let inbox = Rc::new(RefCell::new(VecDeque::new()));
        let on_message = {
            let inbox = Rc::clone(&inbox);
            let wake = Rc::clone(&wake);
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let message = match event.data().as_string() {
                    Some(text) => Message::Text(text),
                    None => Message::Failed("an answer that is not text".into()),
                };
                inbox.borrow_mut().push_back(message);
                wake();
            })
        };
        let on_error = {
            let inbox = Rc::clone(&inbox);
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
                event.prevent_default();
                let said = event.message();
                let said = if said.is_empty() {
                    "the worker stopped".to_string()
                } else {
                    said
                };
                inbox.borrow_mut().push_back(Message::Failed(said));
                wake();
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let hello = js_sys::Object::new();
        js_sys::Reflect::set(&hello, &"module".into(), &wasm_bindgen::module())
            .map_err(|e| text_of(&e))?;
        worker.post_message(&hello).map_err(|e| text_of(&e))?;
        Ok(Worker {
            worker,
            inbox,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends the worker a job.
    pub fn post(&self, text: &str) -> Result<(), String> {
        self.worker
            .post_message(&JsValue::from_str(text))
            .map_err(|e| text_of(&e))
    }

    /// The oldest message not taken yet.
    pub fn take(&self) -> Option<Message> {
        self.inbox.borrow_mut().pop_front()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// Inside a worker: sends `text` to the page.
pub fn post_to_page(text: &str) {
    if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
        let _ = scope.post_message(&JsValue::from_str(text));
    }
}

/// What a JavaScript error says.
pub fn text_of(value: &JsValue) -> String {
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

/// Hands `bytes` to the person as a file named `name`, as the browser downloads files.
pub fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    let document = document()?;
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    let properties = web_sys::BlobPropertyBag::new();
    properties.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &properties)
        .map_err(|e| text_of(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| text_of(&e))?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| text_of(&e))?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The browser has taken the file by the time the click returns.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Asks the person for a file (`accept`: the types offered, such as `.json`); `chosen` is
/// called with its name and bytes once it is read, or with `None` if the person closes the
/// browser's chooser without choosing (or the file cannot be read).
pub fn pick_file(
    accept: &str,
    chosen: impl FnOnce(Option<(String, Vec<u8>)>) + 'static,
) -> Result<(), String> {
    let document = document()?;
    let input: web_sys::HtmlInputElement = document
        .create_element("input")
        .map_err(|e| text_of(&e))?
        .unchecked_into();
    input.set_type("file");
    input.set_accept(accept);
    type Chosen = Box<dyn FnOnce(Option<(String, Vec<u8>)>)>;
    let chosen: Rc<RefCell<Option<Chosen>>> = Rc::new(RefCell::new(Some(Box::new(chosen))));
    let on_change = {
        let input = input.clone();
        let chosen = Rc::clone(&chosen);
        Closure::<dyn FnMut()>::new(move || {
            let Some(answer) = chosen.borrow_mut().take() else {
                return;
            };
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                answer(None);
                return;
            };
            let name = file.name();
            let read = wasm_bindgen_futures::JsFuture::from(file.array_buffer());
            wasm_bindgen_futures::spawn_local(async move {
                let bytes = read
                    .await
                    .ok()
                    .map(|b| js_sys::Uint8Array::new(&b).to_vec());
                answer(bytes.map(|bytes| (name, bytes)));
            });
        })
    };
    let on_cancel = Closure::<dyn FnMut()>::new(move || {
        if let Some(answer) = chosen.borrow_mut().take() {
            answer(None);
        }
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    let _ = input.add_event_listener_with_callback("cancel", on_cancel.as_ref().unchecked_ref());
    // The input lives as long as the page may still answer through it.
    on_change.forget();
    on_cancel.forget();
    input.click();
    Ok(())
}

thread_local! {
    /// A fragment the page's address brought and the app has not taken yet.
    static ARRIVED: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether the page's address is listened to.
    static LISTENING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The fragment the page was opened with, then each new one the address takes, once each;
/// the address is left without it, so that a reload does not bring it again.
pub fn take_fragment() -> Option<String> {
    if !LISTENING.with(|l| l.replace(true)) {
        ARRIVED.with(|a| *a.borrow_mut() = Some(fragment()));
        let on_change = Closure::<dyn FnMut()>::new(move || {
            ARRIVED.with(|a| *a.borrow_mut() = Some(fragment()));
        });
        if let Some(window) = web_sys::window() {
            let _ = window
                .add_event_listener_with_callback("hashchange", on_change.as_ref().unchecked_ref());
        }
        // Listened to for the page's life.
        on_change.forget();
    }
    let taken = ARRIVED
        .with(|a| a.borrow_mut().take())
        .filter(|f| !f.is_empty());
    if taken.is_some() {
        clear_fragment();
    }
    taken
}

/// Whether the page is pointed at by fingers rather than a mouse (a phone, a tablet).
pub fn coarse_pointer() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// The fragment of the page's address, without its `#` (empty if there is none).
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|hash| hash.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// Sets the page's address to its own without a fragment, keeping it in the history.
pub fn clear_fragment() {
    if let Some(window) = web_sys::window()
        && let Ok(history) = window.history()
    {
        let address = page_address();
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&address));
    }
}

/// The page's address without its fragment.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|href| href.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

fn document() -> Result<web_sys::Document, String> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| "no document".to_string())
}
