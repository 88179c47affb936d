//! Sound in the browser: the same samples ([`super::synth`]) played through Web Audio, which
//! mixes them itself. Browsers let a page make sound only after the person has touched it,
//! so the audio context starts suspended until the first tap, click or key, and is resumed
//! then; sounds asked for before that are not heard.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::{SAMPLE_RATE, Sound};

/// The page's audio: its context and each sound's buffer, made once.
struct Audio {
    context: web_sys::AudioContext,
    buffers: HashMap<Sound, web_sys::AudioBuffer>,
}

thread_local! {
    static AUDIO: RefCell<Option<Audio>> = const { RefCell::new(None) };
}

/// Plays `sound` at `gain` (0 to 1), without waiting; a browser without Web Audio, or one
/// that refuses it, plays nothing.
pub(super) fn play(sound: Sound, gain: f32) {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = start();
        }
        if let Some(audio) = audio.as_mut() {
            let _ = audio.play(sound, gain);
        }
    });
}

/// Makes the audio context, and resumes it at every first gesture after it was suspended.
fn start() -> Option<Audio> {
    let context = web_sys::AudioContext::new().ok()?;
    let resume = {
        let context = context.clone();
        Closure::<dyn FnMut()>::new(move || {
            if context.state() == web_sys::AudioContextState::Suspended {
                let _ = context.resume();
            }
        })
    };
    if let Some(window) = web_sys::window() {
        for event in ["pointerdown", "touchend", "keydown"] {
            let _ = window.add_event_listener_with_callback(event, resume.as_ref().unchecked_ref());
        }
    }
    // The listeners stay for the page's life.
    resume.forget();
    Some(Audio {
        context,
        buffers: HashMap::new(),
    })
}

impl Audio {
    fn play(&mut self, sound: Sound, gain: f32) -> Result<(), JsValue> {
        if self.context.state() == web_sys::AudioContextState::Suspended {
            let _ = self.context.resume();
        }
        let buffer = match self.buffers.get(&sound) {
            Some(buffer) => buffer.clone(),
            None => {
                let samples = sound.samples();
                let buffer = self.context.create_buffer(
                    1,
                    u32::try_from(samples.len()).unwrap_or(u32::MAX).max(1),
                    SAMPLE_RATE as f32,
                )?;
                buffer.copy_to_channel(&samples, 0)?;
                self.buffers.insert(sound, buffer.clone());
                buffer
            }
        };
        let source = self.context.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        let volume = self.context.create_gain()?;
        volume.gain().set_value(gain);
        source.connect_with_audio_node(&volume)?;
        volume.connect_with_audio_node(&self.context.destination())?;
        source.start()?;
        Ok(())
    }
}
