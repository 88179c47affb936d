//! Sound on Windows through WASAPI, the system's audio interface, in shared mode (the system
//! mixes Sanqi with the other programs and converts the format for the device).
//!
//! A stream is opened on the default output while sounds play, and kept a little after the
//! last has ended, so that sounds close together share it. Every couple of milliseconds the
//! thread tops the device's buffer up to a short lead of mixed samples: a sound asked for
//! joins the mix at the next top-up and is heard after that lead, over whatever else plays.

use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::time::Duration;

use wasapi::{DeviceEnumerator, Direction, SampleType, StreamMode, WaveFormat, initialize_mta};

use super::{Message, Mixer, SAMPLE_RATE, Sound, SoundError};

/// The device buffer's length, in units of 100 ns: 60 ms, room for the lead and the
/// engine's own period.
const BUFFER_HNS: i64 = 600_000;
/// How much mixed sound is kept queued ahead of the device: the delay before a sound is
/// heard, less the engine's own.
const LEAD_MS: usize = 15;
/// How often the buffer is topped up.
const PERIOD: Duration = Duration::from_millis(2);
/// How long the stream stays open after the last sound has ended.
const IDLE_MS: usize = 1500;
/// Two channels of 32-bit floats.
const CHANNELS: usize = 2;

/// Plays every sound received until the sending side hangs up; a sound that cannot be
/// played (no device, a device that went away) is dropped, silently; a [`Message::Finish`]
/// hears why.
pub fn serve(receiver: Receiver<Message>) {
    // COM on this thread; if it cannot start, nothing can be played.
    let started = initialize_mta().is_ok();
    let mut mixer = Mixer::default();
    let mut failure: Option<String> = None;
    let mut waiting: Vec<Sender<Result<(), SoundError>>> = Vec::new();
    while let Ok(message) = receiver.recv() {
        match message {
            Message::Play(voice) => mixer.add(voice.sound.samples(), voice.gain),
            Message::Prepare => {
                let _ = Sound::Place.samples();
                continue;
            }
            Message::Finish(reply) => {
                let _ = reply.send(failure.take().map_or(Ok(()), |e| Err(SoundError(e))));
                continue;
            }
        }
        let played = if started {
            play(&mut mixer, &receiver, &mut waiting)
                .map_err(|e| format!("the sound device failed: {e}"))
        } else {
            Err("the sound system could not start".to_string())
        };
        match played {
            Ok(()) => {
                for reply in waiting.drain(..) {
                    let _ = reply.send(Ok(()));
                }
            }
            Err(message) => {
                mixer = Mixer::default();
                for reply in waiting.drain(..) {
                    let _ = reply.send(Err(SoundError(message.clone())));
                }
                failure = Some(message);
            }
        }
    }
}

/// Opens the default output and plays the mixer, adding each sound `receiver` brings as it
/// comes, until nothing has played for [`IDLE_MS`] (or the sender hangs up, or someone waits
/// for the end: then once the device has played everything); then closes the output.
fn play(
    mixer: &mut Mixer,
    receiver: &Receiver<Message>,
    waiting: &mut Vec<Sender<Result<(), SoundError>>>,
) -> Result<(), wasapi::WasapiError> {
    let device = DeviceEnumerator::new()?.get_default_device(&Direction::Render)?;
    let mut client = device.get_iaudioclient()?;
    let format = WaveFormat::new(
        32,
        32,
        &SampleType::Float,
        SAMPLE_RATE as usize,
        CHANNELS,
        None,
    );
    let mode = StreamMode::PollingShared {
        autoconvert: true,
        buffer_duration_hns: BUFFER_HNS,
    };
    client.initialize_client(&format, &Direction::Render, &mode)?;
    let render = client.get_audiorenderclient()?;
    let lead = SAMPLE_RATE as usize * LEAD_MS / 1000;
    let idle_limit = SAMPLE_RATE as usize * IDLE_MS / 1000;
    let mut mono = Vec::new();
    let mut bytes = Vec::new();
    let mut write = |mixer: &mut Mixer, frames: usize| {
        mono.resize(frames, 0.0);
        mixer.fill(&mut mono);
        bytes.clear();
        for sample in &mono {
            for _ in 0..CHANNELS {
                bytes.extend_from_slice(&sample.to_le_bytes());
            }
        }
        render.write_to_device(frames, &bytes, None)
    };
    write(mixer, lead)?;
    client.start_stream()?;
    let mut hung_up = false;
    let mut idle = 0usize;
    loop {
        std::thread::sleep(PERIOD);
        while !hung_up {
            match receiver.try_recv() {
                Ok(Message::Play(voice)) => mixer.add(voice.sound.samples(), voice.gain),
                Ok(Message::Finish(reply)) => waiting.push(reply),
                Ok(Message::Prepare) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => hung_up = true,
            }
        }
        let queued = client.get_current_padding()? as usize;
        if mixer.is_idle() && (hung_up || !waiting.is_empty()) {
            // Everything has been written: what the device holds plays out.
            if queued == 0 {
                break;
            }
            continue;
        }
        let frames = lead.saturating_sub(queued);
        if frames == 0 {
            continue;
        }
        let sounding = !mixer.is_idle();
        write(mixer, frames)?;
        idle = if sounding { 0 } else { idle + frames };
        if idle >= idle_limit {
            break;
        }
    }
    client.stop_stream()
}
