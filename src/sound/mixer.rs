//! The sounds playing at once, added together into the samples an output asks for: a
//! capture that follows a move, or the tune at the end over the last piece's knock, overlap
//! instead of waiting for each other.

use std::sync::Arc;

/// The sounds being played and how far each has got.
#[derive(Default)]
pub struct Mixer {
    voices: Vec<(Arc<[f32]>, f32, usize)>,
}

impl Mixer {
    /// Starts `samples` at `gain` with the next sample asked for.
    pub fn add(&mut self, samples: Arc<[f32]>, gain: f32) {
        self.voices.push((samples, gain, 0));
    }

    /// Whether nothing is left to play.
    pub fn is_idle(&self) -> bool {
        self.voices.is_empty()
    }

    /// Fills `out` with the next samples of every sound (silence where none plays), mono,
    /// as floats between −1 and 1.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        for (samples, gain, at) in &mut self.voices {
            let rest = samples.get(*at..).unwrap_or_default();
            for (o, s) in out.iter_mut().zip(rest) {
                *o += s * *gain;
            }
            *at += out.len().min(rest.len());
        }
        self.voices.retain(|(samples, _, at)| *at < samples.len());
        // Sounds that overlap can add up past full scale: keep them within it.
        for o in out {
            *o = o.clamp(-1.0, 1.0);
        }
    }

    /// Fills `out` as [`Mixer::fill`] does, as signed 16-bit little-endian bytes.
    pub fn fill_s16le(&mut self, out: &mut [u8]) {
        let mut floats = vec![0.0f32; out.len() / 2];
        self.fill(&mut floats);
        for (pair, f) in out.chunks_exact_mut(2).zip(floats) {
            pair.copy_from_slice(&((f * f32::from(i16::MAX)) as i16).to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_sounds_add_up_and_end() {
        let mut mixer = Mixer::default();
        mixer.add(Arc::from(vec![0.25f32; 3]), 1.0);
        mixer.add(Arc::from(vec![0.5f32; 5]), 0.5);
        let mut out = [0.0f32; 4];
        mixer.fill(&mut out);
        assert_eq!(out, [0.5, 0.5, 0.5, 0.25]);
        assert!(!mixer.is_idle());
        mixer.fill(&mut out);
        assert_eq!(out, [0.25, 0.0, 0.0, 0.0]);
        assert!(mixer.is_idle());
    }

    #[test]
    fn loud_overlaps_stay_within_full_scale() {
        let mut mixer = Mixer::default();
        mixer.add(Arc::from(vec![0.9f32; 2]), 1.0);
        mixer.add(Arc::from(vec![0.9f32; 2]), 1.0);
        let mut bytes = [0u8; 4];
        mixer.fill_s16le(&mut bytes);
        assert_eq!(i16::from_le_bytes([bytes[0], bytes[1]]), i16::MAX);
    }
}
