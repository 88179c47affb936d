//! The sounds themselves, made by code when first needed: wood and stone are modelled as a few
//! decaying partials (the resonances of a board, a stone, a wooden bar) excited by a short
//! burst of filtered noise (the contact), which is how such knocks sound in life. The tunes
//! at the end of a game are struck wooden bars playing notes of the pentatonic scale.

use std::f32::consts::TAU;

use super::{SAMPLE_RATE, Sound};

/// One resonance: its frequency in hertz, its loudness, and how long it takes to fade to
/// about a third (its time constant), in seconds.
#[derive(Clone, Copy)]
struct Mode {
    freq: f32,
    amp: f32,
    decay: f32,
}

const fn mode(freq: f32, amp: f32, decay: f32) -> Mode {
    Mode { freq, amp, decay }
}

/// A stone put down on the wooden board: the board's low body, the stone's bright ring.
const STONE_ON_WOOD: &[Mode] = &[
    mode(190.0, 0.30, 0.050),
    mode(415.0, 0.26, 0.035),
    mode(1_150.0, 0.20, 0.018),
    mode(2_250.0, 0.22, 0.012),
    mode(3_480.0, 0.14, 0.008),
    mode(5_300.0, 0.08, 0.005),
];

/// Two stones knocking together: little body, high and short.
const STONE_ON_STONE: &[Mode] = &[
    mode(1_900.0, 0.20, 0.020),
    mode(2_870.0, 0.28, 0.016),
    mode(4_410.0, 0.22, 0.011),
    mode(6_350.0, 0.12, 0.007),
];

/// A hollow wooden block (a temple block), as the clock's tick.
const WOOD_BLOCK: &[Mode] = &[
    mode(880.0, 0.45, 0.045),
    mode(2_380.0, 0.16, 0.014),
    mode(3_960.0, 0.06, 0.006),
];

/// A buffer of silence `seconds` long.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * SAMPLE_RATE as f32) as usize]
}

/// A small deterministic noise source (xorshift), so that every run sounds the same.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// Adds the partials `modes`, `pitch` times their frequencies and `gain` times their loudness,
/// starting at `at` seconds, each beginning with a 1 ms rise so that nothing clicks.
fn strike(buf: &mut [f32], at: f32, modes: &[Mode], pitch: f32, gain: f32) {
    let start = (at * SAMPLE_RATE as f32) as usize;
    let rise = SAMPLE_RATE as f32 * 0.001;
    for m in modes {
        let length = ((m.decay * 7.0) * SAMPLE_RATE as f32) as usize;
        let step = TAU * m.freq * pitch / SAMPLE_RATE as f32;
        let fade = (-1.0 / (m.decay * SAMPLE_RATE as f32)).exp();
        let mut level = m.amp * gain;
        for (i, sample) in buf.iter_mut().skip(start).take(length).enumerate() {
            let attack = (i as f32 / rise).min(1.0);
            *sample += level * attack * (step * i as f32).sin();
            level *= fade;
        }
    }
}

/// Adds a burst of noise at `at` seconds, `length` seconds long with a quick rise and a fall
/// shaped by `shape` (0: a sharp click, 1: an even rub), through a simple low-pass filter
/// whose cutoff moves from `bright` to `dark` (0 to 1: how much of the noise's top passes).
fn rub(buf: &mut [f32], at: f32, length: f32, gain: f32, shape: f32, bright: f32, dark: f32) {
    let start = (at * SAMPLE_RATE as f32) as usize;
    let n = (length * SAMPLE_RATE as f32) as usize;
    let mut noise = Noise(0x9E37_79B9 ^ n as u32);
    let (mut low, mut lower) = (0.0f32, 0.0f32);
    for (i, sample) in buf.iter_mut().skip(start).take(n).enumerate() {
        let t = i as f32 / n as f32;
        let envelope = (t * 40.0).min(1.0) * (1.0 - t).powf(1.0 + 6.0 * (1.0 - shape));
        let cutoff = bright + (dark - bright) * t;
        low += cutoff * (noise.next() - low);
        lower += cutoff * (low - lower);
        *sample += gain * envelope * (low - 0.5 * lower);
    }
}

/// A struck wooden bar (a xylophone's), sounding `freq`: its fundamental and the higher
/// partials such a bar has, tuned about four and ten times higher.
fn bar(buf: &mut [f32], at: f32, freq: f32, gain: f32, ring: f32) {
    let modes = [
        mode(freq, 0.50, ring),
        mode(freq * 3.93, 0.16, ring * 0.22),
        mode(freq * 9.6, 0.05, ring * 0.08),
    ];
    strike(buf, at, &modes, 1.0, gain);
    rub(buf, at, 0.006, gain * 0.25, 0.0, 0.6, 0.3);
}

/// A stone slid along the board for `length` seconds (the rub of it, `loud` and `bright`),
/// then settling on its point with a light knock.
fn slide(length: f32, loud: f32, bright: f32) -> Vec<f32> {
    let mut b = silence(length + 0.25);
    rub(&mut b, 0.0, length, loud, 1.0, bright, bright * 0.4);
    rub(&mut b, length, 0.005, 0.35, 0.0, 0.9, 0.4);
    strike(&mut b, length, STONE_ON_WOOD, 1.08, 0.7);
    b
}

/// The frequency of a note `semitones` above (or below) A4.
fn note(semitones: f32) -> f32 {
    440.0 * 2f32.powf(semitones / 12.0)
}

/// Scales `buf` so that its loudest sample is `peak`, and fades its last 80 ms out, so that
/// a resonance still ringing at the end dies away instead of stopping with a click.
fn finish(mut buf: Vec<f32>, peak: f32) -> Vec<f32> {
    let top = buf.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if top > 0.0 {
        for s in &mut buf {
            *s *= peak / top;
        }
    }
    let fade = (SAMPLE_RATE as usize * 8 / 100).min(buf.len());
    let start = buf.len() - fade;
    for (i, s) in buf[start..].iter_mut().enumerate() {
        let t = i as f32 / fade as f32;
        *s *= 0.5 + 0.5 * (std::f32::consts::PI * t).cos();
    }
    buf
}

/// The samples of `sound`, mono at [`SAMPLE_RATE`], between −1 and 1.
pub fn samples(sound: Sound) -> Vec<f32> {
    // The notes of the end-of-game tunes (C, D, E, G and A: the pentatonic scale).
    let (c5, d5, e5, g5, a5) = (note(3.0), note(5.0), note(7.0), note(10.0), note(12.0));
    let (g4, a4, c6) = (note(-2.0), note(0.0), note(15.0));
    let (buf, peak) = match sound {
        Sound::Place => {
            let mut b = silence(0.30);
            rub(&mut b, 0.0, 0.006, 0.5, 0.0, 0.9, 0.4);
            strike(&mut b, 0.0, STONE_ON_WOOD, 1.0, 1.0);
            (b, 0.80)
        }
        Sound::Step => (slide(0.07, 0.22, 0.25), 0.65),
        Sound::Slide => (slide(0.17, 0.26, 0.30), 0.65),
        Sound::Capture => {
            // The stone lifted off the board, then dropped onto the captured ones: two
            // clacks, the second a little lower and softer.
            let mut b = silence(0.38);
            rub(&mut b, 0.0, 0.004, 0.4, 0.0, 0.95, 0.5);
            strike(&mut b, 0.0, STONE_ON_STONE, 1.0, 1.0);
            rub(&mut b, 0.085, 0.004, 0.3, 0.0, 0.95, 0.5);
            strike(&mut b, 0.085, STONE_ON_STONE, 0.89, 0.75);
            strike(&mut b, 0.085, &STONE_ON_WOOD[..2], 1.0, 0.4);
            (b, 0.85)
        }
        Sound::Flip => {
            // A piece turned over: a light tap as it tips, a fuller one as it lands.
            let mut b = silence(0.30);
            strike(&mut b, 0.0, STONE_ON_WOOD, 1.45, 0.45);
            rub(&mut b, 0.0, 0.05, 0.12, 1.0, 0.35, 0.15);
            strike(&mut b, 0.055, STONE_ON_WOOD, 1.0, 0.9);
            (b, 0.70)
        }
        Sound::Pull => {
            // A piece drawn off the board towards the player: a rub, then a low knock.
            let mut b = silence(0.36);
            rub(&mut b, 0.0, 0.12, 0.25, 0.7, 0.35, 0.06);
            strike(&mut b, 0.11, &STONE_ON_WOOD[..3], 0.8, 0.9);
            (b, 0.70)
        }
        Sound::Yield => {
            // A piece given up: two soft, falling knocks.
            let mut b = silence(0.40);
            strike(&mut b, 0.0, &STONE_ON_WOOD[..4], 0.95, 0.7);
            strike(&mut b, 0.11, &STONE_ON_WOOD[..3], 0.75, 0.6);
            (b, 0.60)
        }
        Sound::Tick | Sound::LastTick => {
            // The last three seconds knock a major third higher, and louder.
            let (pitch, peak) = if sound == Sound::Tick {
                (1.0, 0.45)
            } else {
                (1.26, 0.60)
            };
            let mut b = silence(0.30);
            rub(&mut b, 0.0, 0.004, 0.25, 0.0, 0.9, 0.5);
            strike(&mut b, 0.0, WOOD_BLOCK, pitch, 1.0);
            (b, peak)
        }
        Sound::Win => {
            let mut b = silence(1.6);
            for (i, f) in [c5, e5, g5, a5].into_iter().enumerate() {
                bar(&mut b, 0.25 + i as f32 * 0.11, f, 0.7, 0.25);
            }
            bar(&mut b, 0.25 + 4.0 * 0.11, c6, 1.0, 0.45);
            (b, 0.60)
        }
        Sound::Loss => {
            let mut b = silence(1.7);
            for (i, f) in [e5, d5, a4].into_iter().enumerate() {
                bar(&mut b, 0.25 + i as f32 * 0.2, f, 0.8, 0.3);
            }
            bar(&mut b, 0.25 + 3.0 * 0.2, g4, 0.9, 0.5);
            (b, 0.50)
        }
        Sound::Draw => {
            let mut b = silence(1.5);
            bar(&mut b, 0.25, g4, 0.8, 0.3);
            bar(&mut b, 0.43, d5, 0.8, 0.3);
            bar(&mut b, 0.61, c5, 1.0, 0.45);
            (b, 0.50)
        }
    };
    finish(buf, peak)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rms(samples: &[f32]) -> f32 {
        (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
    }

    #[test]
    fn every_sound_is_short_bounded_and_ends_quietly() {
        for sound in Sound::ALL {
            let s = samples(sound);
            let seconds = s.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.2..=1.8).contains(&seconds), "{sound:?}: {seconds} s");
            assert!(
                s.iter().all(|x| x.is_finite() && x.abs() <= 1.0),
                "{sound:?}"
            );
            assert!(rms(&s) > 0.01, "{sound:?} is silent");
            // The last 10 ms are near silence: the sound has died away, not been cut off.
            let tail = &s[s.len() - SAMPLE_RATE as usize / 100..];
            assert!(tail.iter().all(|x| x.abs() < 0.02), "{sound:?} is cut off");
        }
    }

    #[test]
    fn the_sounds_differ_from_each_other() {
        let all: Vec<_> = Sound::ALL.iter().map(|&s| samples(s)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn the_end_of_a_game_waits_for_the_last_piece_to_land() {
        for sound in [Sound::Win, Sound::Loss, Sound::Draw] {
            let s = samples(sound);
            let lead = &s[..SAMPLE_RATE as usize / 5];
            assert!(lead.iter().all(|x| *x == 0.0), "{sound:?}");
        }
    }
}
