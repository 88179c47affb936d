//! Short sounds of wood and stone for what happens on the board, made by code
//! ([`synth`]) and played off the caller's thread: through the PulseAudio protocol on Linux
//! (which PipeWire serves too), through WASAPI on Windows, through Web Audio in the browser
//! (`web.rs`, which mixes them itself). Where there is no sound server, no
//! device, or the server goes away, nothing is heard and nothing is said: sound is never worth
//! an error message.
//!
//! This module knows nothing of the games: the app decides which [`Sound`] an event makes.

use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::Receiver;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, OnceLock};

mod mixer;
pub mod synth;

#[cfg(all(unix, not(target_os = "macos")))]
mod pulse;
#[cfg(windows)]
mod wasapi;
#[cfg(target_arch = "wasm32")]
mod web;

pub use mixer::Mixer;

/// The sample rate of every sound, in hertz.
pub const SAMPLE_RATE: u32 = 44_100;

/// A sound the app can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A piece put on the board.
    Place,
    /// A piece moved to the next point.
    Step,
    /// A piece moved further along a line.
    Slide,
    /// A piece captured.
    Capture,
    /// Pieces turned over.
    Flip,
    /// Neihuang: an enemy piece pulled off after the board filled.
    Pull,
    /// Neihuang: an own piece given up to make room.
    Yield,
    /// One of the last ten seconds of the turn clock.
    Tick,
    /// One of the last three seconds of the turn clock.
    LastTick,
    /// The person won (or, between two people or two computers, somebody did).
    Win,
    /// The person lost.
    Loss,
    /// The game was drawn.
    Draw,
}

impl Sound {
    /// Every sound.
    pub const ALL: [Sound; 12] = [
        Sound::Place,
        Sound::Step,
        Sound::Slide,
        Sound::Capture,
        Sound::Flip,
        Sound::Pull,
        Sound::Yield,
        Sound::Tick,
        Sound::LastTick,
        Sound::Win,
        Sound::Loss,
        Sound::Draw,
    ];

    /// The sound's name on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Sound::Place => "place",
            Sound::Step => "step",
            Sound::Slide => "slide",
            Sound::Capture => "capture",
            Sound::Flip => "flip",
            Sound::Pull => "pull",
            Sound::Yield => "yield",
            Sound::Tick => "tick",
            Sound::LastTick => "last-tick",
            Sound::Win => "win",
            Sound::Loss => "loss",
            Sound::Draw => "draw",
        }
    }

    /// The sound named `id` ([`Sound::id`]).
    pub fn from_id(id: &str) -> Option<Sound> {
        Sound::ALL.into_iter().find(|s| s.id() == id)
    }

    /// How long it sounds.
    pub fn duration(self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.samples().len() as f64 / f64::from(SAMPLE_RATE))
    }

    /// Its samples, made once for the whole program.
    fn samples(self) -> Arc<[f32]> {
        static MADE: OnceLock<Vec<Arc<[f32]>>> = OnceLock::new();
        let made = MADE.get_or_init(|| {
            Sound::ALL
                .iter()
                .map(|&s| Arc::from(synth::samples(s)))
                .collect()
        });
        let index = Sound::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Arc::clone(&made[index])
    }
}

/// How loud a volume setting (0 to 100) plays: the square of its share, which the ear hears
/// as an even step from one setting to the next.
pub fn gain(volume: u8) -> f32 {
    let share = f32::from(volume.min(100)) / 100.0;
    share * share
}

/// Where the sounds go.
#[derive(Clone, Debug, Default)]
pub enum Output {
    /// The system's sound server or device.
    #[default]
    System,
    /// The PulseAudio server listening on this Unix socket (tests and checks).
    Server(PathBuf),
    /// Nowhere: each sound asked for is written down here instead, with its volume (tests).
    Log(Arc<Mutex<Vec<(Sound, u8)>>>),
    /// Nowhere at all.
    Off,
}

/// A sound to mix in, with its gain. Its samples are made (the first time) on the player's
/// thread, not the caller's.
struct Voice {
    sound: Sound,
    gain: f32,
}

/// What the player's thread is asked to do.
enum Message {
    /// Mix this sound in as soon as the output allows.
    Play(Voice),
    /// Make the sounds and reach the output now, so that the first sound is as quick as the
    /// others.
    Prepare,
    /// Say, once every sound asked for has been heard, whether they could all be played.
    Finish(Sender<Result<(), SoundError>>),
}

/// Plays sounds on a thread of its own, started with the first sound. [`Player::play`] never
/// waits: each sound starts within a few tens of milliseconds, mixed over any still
/// sounding, and a sound that cannot be played is dropped.
pub struct Player {
    output: Output,
    // The browser's player needs no thread.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    sender: Option<Sender<Message>>,
}

impl Player {
    /// A player for `output`; nothing starts until the first sound.
    pub fn new(output: Output) -> Player {
        Player {
            output,
            sender: None,
        }
    }

    /// Plays `sound` at `volume` (0 to 100; 0 plays nothing), without waiting.
    pub fn play(&mut self, sound: Sound, volume: u8) {
        if volume == 0 {
            return;
        }
        if let Output::Log(log) = &self.output {
            if let Ok(mut log) = log.lock() {
                log.push((sound, volume));
            }
            return;
        }
        let voice = Voice {
            sound,
            gain: gain(volume),
        };
        self.send(Message::Play(voice));
    }

    /// Starts the player's thread, makes the sounds and reaches the output (without
    /// playing anything or keeping the sound card busy), so that the first sound starts as
    /// quickly as the ones after it.
    pub fn prepare(&mut self) {
        self.send(Message::Prepare);
    }

    /// In the browser, Web Audio mixes and plays the sounds off the page's thread already.
    #[cfg(target_arch = "wasm32")]
    fn send(&mut self, message: Message) {
        if matches!(self.output, Output::Off | Output::Log(_)) {
            return;
        }
        match message {
            Message::Play(voice) => web::play(voice.sound, voice.gain),
            Message::Prepare => {}
            Message::Finish(reply) => {
                let _ = reply.send(Ok(()));
            }
        }
    }

    /// Hands `message` to the player's thread, started if need be.
    #[cfg(not(target_arch = "wasm32"))]
    fn send(&mut self, message: Message) {
        let server = match &self.output {
            Output::Off | Output::Log(_) => return,
            Output::System => None,
            Output::Server(path) => Some(path.clone()),
        };
        let sender = self.sender.get_or_insert_with(|| {
            let (sender, receiver) = mpsc::channel();
            // A thread that cannot start only means silence.
            let _ = std::thread::Builder::new()
                .name("sound".into())
                .spawn(move || serve(server, receiver));
            sender
        });
        // The thread ended (it could not start): stay silent.
        if sender.send(message).is_err() {
            self.output = Output::Off;
        }
    }

    /// Waits until every sound asked for has been heard; why one could not be played, if
    /// one could not.
    pub fn finish(&mut self) -> Result<(), SoundError> {
        let Some(sender) = &self.sender else {
            return Ok(());
        };
        let (reply, answer) = mpsc::channel();
        if sender.send(Message::Finish(reply)).is_err() {
            return Err(SoundError("the sound output could not start".into()));
        }
        answer
            .recv()
            .unwrap_or_else(|_| Err(SoundError("the sound output stopped".into())))
    }
}

/// Why a sound could not be played (for the command line; the app says nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoundError(pub String);

impl std::fmt::Display for SoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SoundError {}

/// Plays `sounds` one after the other at `volume`, each as the one before ends, through a
/// [`Player`] as the app plays them, and returns once they have been heard: the command
/// line's check of the sound output. `server` is a PulseAudio socket to use instead of the
/// system's sound output.
pub fn play_and_wait(
    sounds: &[Sound],
    volume: u8,
    server: Option<PathBuf>,
) -> Result<(), SoundError> {
    if volume == 0 || sounds.is_empty() {
        return Ok(());
    }
    let mut player = Player::new(server.map_or(Output::System, Output::Server));
    // The output is reached and running before the first sound, as the app's is by the time
    // a game makes one.
    player.prepare();
    player.finish()?;
    for &sound in sounds {
        player.play(sound, volume);
        std::thread::sleep(sound.duration());
    }
    player.finish()
}

#[cfg(all(unix, not(target_os = "macos")))]
fn serve(server: Option<PathBuf>, receiver: Receiver<Message>) {
    pulse::serve(server, receiver);
}

#[cfg(windows)]
fn serve(_server: Option<PathBuf>, receiver: Receiver<Message>) {
    wasapi::serve(receiver);
}

/// No sound output on this system: the sounds asked for are dropped, and whoever waits for
/// them is told why.
#[cfg(not(any(windows, all(unix, not(target_os = "macos")), target_arch = "wasm32")))]
fn serve(_server: Option<PathBuf>, receiver: Receiver<Message>) {
    while let Ok(message) = receiver.recv() {
        if let Message::Finish(reply) = message {
            let _ = reply.send(Err(SoundError(
                "this system has no sound output Sanqi can use".into(),
            )));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sound in Sound::ALL {
            assert_eq!(Sound::from_id(sound.id()), Some(sound));
        }
        assert_eq!(Sound::from_id("bell"), None);
    }

    #[test]
    fn volume_zero_plays_nothing() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut player = Player::new(Output::Log(Arc::clone(&log)));
        player.play(Sound::Capture, 0);
        player.play(Sound::Place, 40);
        assert_eq!(*log.lock().unwrap(), [(Sound::Place, 40)]);
        assert_eq!(gain(0), 0.0);
        assert_eq!(gain(100), 1.0);
        assert!(gain(50) < 0.5 && gain(50) > 0.0);
    }

    /// (A server socket is only heeded where sound goes through PulseAudio.)
    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn finishing_without_a_server_says_why_and_never_waits_for_ever() {
        let nowhere = std::env::temp_dir().join("sanqi-no-such-sound-server");
        let mut player = Player::new(Output::Server(nowhere));
        // Nothing asked for: nothing to wait for.
        assert_eq!(player.finish(), Ok(()));
        player.play(Sound::Place, 50);
        let finished = player.finish();
        assert!(
            finished.as_ref().is_err_and(|e| e.0.contains("sound")),
            "{finished:?}"
        );
        // The failure is told once; the player goes on trying with the next sound.
        player.play(Sound::Tick, 50);
        assert!(player.finish().is_err());
    }

    #[test]
    fn volume_zero_does_not_reach_the_output() {
        // Even the command line's check plays nothing at volume 0: no server is asked.
        let nowhere = std::env::temp_dir().join("sanqi-no-such-sound-server");
        assert_eq!(play_and_wait(&[Sound::Win], 0, Some(nowhere)), Ok(()));
    }
}
