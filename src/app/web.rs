//! The web build's entry points, called from the page's script (`web/boot.js`) and from each
//! Web Worker's (`web/worker.js`): [`start`] runs the app on the page's canvas, and
//! [`worker_job`] does in a worker what the page asked of it (a search, an analysis, the
//! search for puzzles among a game's mistakes).
//!
//! [`widgets`] lists what is on the screen as a screen reader is told it (each control's
//! role, name and place), so that a script can find a control and click or tap it as a
//! person would: the browser tests of `scripts/test-web.sh` play through it.

use std::cell::RefCell;

use egui::accesskit;
use serde::Serialize;

use wasm_bindgen::prelude::*;

use super::puzzles::mistakes;
use crate::ai;
use crate::platform::web::post_to_page;

thread_local! {
    /// The app's runner, kept for the page's life.
    static RUNNER: RefCell<Option<eframe::WebRunner>> = const { RefCell::new(None) };
    /// The controls of the last frame, as JSON, once [`widgets`] was first asked.
    static WIDGETS: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// A control on the screen, in CSS pixels of the page.
#[derive(Serialize)]
struct Widget {
    role: String,
    label: String,
    value: String,
    disabled: bool,
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

/// Keeps the accessibility tree of each frame as the list [`widgets`] gives.
struct WidgetList;

impl egui::Plugin for WidgetList {
    fn debug_name(&self) -> &'static str {
        "the list of controls"
    }

    fn output_hook(&mut self, _ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        let list: Vec<Widget> = update
            .nodes
            .iter()
            .filter_map(|(_, node): &(accesskit::NodeId, accesskit::Node)| {
                let bounds = node.bounds()?;
                let label = node.label().unwrap_or_default().to_string();
                let value = node.value().unwrap_or_default().to_string();
                (!label.is_empty() || !value.is_empty()).then(|| Widget {
                    role: format!("{:?}", node.role()),
                    label,
                    value,
                    disabled: node.is_disabled(),
                    x: bounds.x0,
                    y: bounds.y0,
                    width: bounds.width(),
                    height: bounds.height(),
                })
            })
            .collect();
        WIDGETS.with(|w| *w.borrow_mut() = serde_json::to_string(&list).ok());
    }
}

/// Runs the app on `canvas`.
#[wasm_bindgen]
pub async fn start(canvas: web_sys::HtmlCanvasElement) -> Result<(), JsValue> {
    let runner = super::run_in_page(canvas).await?;
    RUNNER.with(|r| *r.borrow_mut() = Some(runner));
    Ok(())
}

/// The controls on the screen as JSON (`[{role, label, value, disabled, x, y, width,
/// height}]`), as of the last frame. The first call starts keeping them (and asks for a
/// frame), so it answers `[]`.
#[wasm_bindgen]
pub fn widgets() -> String {
    if let Some(list) = WIDGETS.with(|w| w.borrow().clone()) {
        return list;
    }
    if let Some(ctx) = super::page_context() {
        ctx.enable_accesskit();
        ctx.add_plugin(WidgetList);
        ctx.request_repaint();
    }
    WIDGETS.with(|w| *w.borrow_mut() = Some("[]".to_string()));
    "[]".to_string()
}

/// In a Web Worker: does the job `message` (its kind on the first line, then what it needs)
/// and posts its answers to the page.
#[wasm_bindgen]
pub fn worker_job(message: String) {
    let (kind, body) = message.split_once('\n').unwrap_or((message.as_str(), ""));
    match kind {
        ai::SEARCH_JOB => ai::serve_search(body),
        ai::analysis::JOB => ai::analysis::serve_in_worker(body),
        mistakes::JOB => post_to_page(&mistakes::serve(body)),
        // The browser tests' check that a search here is the command line's search.
        "bestmove" => post_to_page(&ai::wire::bestmove(body)),
        _ => post_to_page(""),
    }
}
