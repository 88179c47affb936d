//! Sound on Windows through WASAPI, the system's audio interface, in shared mode (the system
//! mixes Sanqi with the other programs and converts the format for the device).
//!
//! A stream is opened on the default output while sounds play and closed once they have
//! ended; between, the thread tops the device's buffer up every few milliseconds.

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use wasapi::{DeviceEnumerator, Direction, SampleType, StreamMode, WaveFormat, initialize_mta};

use super::{Mixer, SAMPLE_RATE, SoundError, Voice};

/// The device buffer's length, in units of 100 ns: 80 ms.
const BUFFER_HNS: i64 = 800_000;
/// How often the buffer is topped up.
const PERIOD: Duration = Duration::from_millis(10);
/// Two channels of 32-bit floats.
const CHANNELS: usize = 2;

/// Plays every sound received until the sending side hangs up; a sound that cannot be
/// played (no device, a device that went away) is dropped, silently.
pub fn serve(receiver: Receiver<Voice>) {
    // COM on this thread; if it cannot start, nothing can be played.
    if initialize_mta().is_err() {
        while receiver.recv().is_ok() {}
        return;
    }
    let mut mixer = Mixer::default();
    while let Ok(voice) = receiver.recv() {
        mixer.add(voice.sound.samples(), voice.gain);
        let more = || match receiver.try_recv() {
            Ok(voice) => Some(Some(voice)),
            Err(TryRecvError::Empty) => Some(None),
            Err(TryRecvError::Disconnected) => None,
        };
        if play(&mut mixer, more).is_err() {
            mixer = Mixer::default();
        }
    }
}

/// Plays what each mixer holds to its end, one after the other, and waits until they have
/// been heard.
pub fn play_through(mixers: Vec<Mixer>) -> Result<(), SoundError> {
    if initialize_mta().is_err() {
        return Err(SoundError("the sound system could not start".into()));
    }
    for mut mixer in mixers {
        play(&mut mixer, || Some(None))
            .map_err(|e| SoundError(format!("the sound device failed: {e}")))?;
    }
    Ok(())
}

/// Opens the default output, plays the mixer to its end (with what `more` adds meanwhile:
/// `Some(None)` for nothing new, `None` when no more will come) and closes the output.
fn play(
    mixer: &mut Mixer,
    mut more: impl FnMut() -> Option<Option<Voice>>,
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
    write(mixer, client.get_available_space_in_frames()? as usize)?;
    client.start_stream()?;
    let mut hung_up = false;
    loop {
        std::thread::sleep(PERIOD);
        while !hung_up {
            match more() {
                Some(Some(voice)) => mixer.add(voice.sound.samples(), voice.gain),
                Some(None) => break,
                None => hung_up = true,
            }
        }
        // Once every sound has been written, what the device holds plays out.
        if mixer.is_idle() {
            if client.get_current_padding()? == 0 {
                break;
            }
            continue;
        }
        write(mixer, client.get_available_space_in_frames()? as usize)?;
    }
    client.stop_stream()
}
