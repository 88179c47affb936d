//! The statistics of engine matches: Elo from a score, its error bars, and the generalized
//! sequential probability ratio test (GSPRT) on game pairs or single games.
//!
//! Results are counted by outcome: a *pentanomial* for pairs of games played from one opening
//! with both colours (the pair scores 0, ½, 1, 1½ or 2 points), a *trinomial* for single
//! games (loss, draw, win). The test compares H0 "the Elo difference is `elo0`" with H1 "it is
//! `elo1`" (logistic Elo, as in `elo_from_score`). Its log-likelihood ratio is computed from
//! the maximum-likelihood outcome distributions with the mean score each hypothesis fixes
//! (the method of Michel Van den Bergh's GSPRT), so that draws and colour-pair correlation are
//! taken as observed rather than modelled.

/// The expected score of a side `elo` points stronger (logistic Elo).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference that makes `score` (0 < score < 1) the expected score.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The log-likelihood ratio of H1 (mean score `s1`) against H0 (mean score `s0`) for outcomes
/// worth `values` (each in 0..=1) seen `counts` times. Empty outcomes are given a small count
/// so that the maximum-likelihood distributions exist.
pub fn llr(counts: &[f64], values: &[f64], s0: f64, s1: f64) -> f64 {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return 0.0;
    }
    let regular: Vec<f64> = counts
        .iter()
        .map(|&c| if c > 0.0 { c } else { 1e-3 })
        .collect();
    let total: f64 = regular.iter().sum();
    let p: Vec<f64> = regular.iter().map(|c| c / total).collect();
    let ln_likelihood = |s: f64| {
        let lambda = lagrange(&p, values, s);
        // The maximum-likelihood distribution with mean s is p_i / (1 + λ (v_i − s)); its
        // log-likelihood relative to p's is −Σ p_i ln(1 + λ (v_i − s)).
        -p.iter()
            .zip(values)
            .map(|(&pi, &v)| pi * (1.0 + lambda * (v - s)).ln())
            .sum::<f64>()
    };
    n * (ln_likelihood(s1) - ln_likelihood(s0))
}

/// λ with Σ p_i (v_i − s) / (1 + λ (v_i − s)) = 0 and every 1 + λ (v_i − s) positive.
fn lagrange(p: &[f64], values: &[f64], s: f64) -> f64 {
    let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if s <= lowest || s >= highest {
        return 0.0;
    }
    // The sum falls as λ grows; it has one root between the poles −1/(max − s) and
    // 1/(s − min).
    let f = |lambda: f64| {
        p.iter()
            .zip(values)
            .map(|(&pi, &v)| pi * (v - s) / (1.0 + lambda * (v - s)))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / (highest - s), 1.0 / (s - lowest));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The outcome values of a game pair (its points out of 2, halved).
pub const PAIR_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The outcome values of a single game: loss, draw, win.
pub const GAME_VALUES: [f64; 3] = [0.0, 0.5, 1.0];

/// A test's settings: the two hypotheses in Elo and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 is accepted: the change gains at least about `elo1`.
    Accepted,
    /// H0 is accepted: the change gains at most about `elo0`.
    Rejected,
    /// Not decided yet.
    Continue,
}

impl Sprt {
    /// Parses `ELO0,ELO1`; the error rates are 5% each.
    pub fn parse(text: &str) -> Option<Sprt> {
        let (a, b) = text.split_once(',')?;
        let (elo0, elo1) = (a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?);
        (elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo0 > -800.0 && elo1 < 800.0)
            .then_some(Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            })
    }

    /// The lower and upper LLR bounds: H0 is accepted below the first, H1 above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of outcome counts worth `values`.
    pub fn llr(&self, counts: &[f64], values: &[f64]) -> f64 {
        llr(
            counts,
            values,
            score_from_elo(self.elo0),
            score_from_elo(self.elo1),
        )
    }

    /// What a log-likelihood ratio of `llr` decides.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Accepted
        } else if llr <= lower {
            Verdict::Rejected
        } else {
            Verdict::Continue
        }
    }
}

/// A score with its 95% interval, and the same in Elo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Mean score per game, 0..=1.
    pub score: f64,
    /// Half-width of the 95% interval of the score.
    pub margin: f64,
    /// The Elo difference the score means.
    pub elo: f64,
    /// The Elo at the interval's ends.
    pub elo_low: f64,
    /// See [`Estimate::elo_low`].
    pub elo_high: f64,
}

/// The mean score of outcomes worth `values` and its 95% interval (normal approximation over
/// the observed outcome distribution, so pairs count with their real correlation).
pub fn estimate(counts: &[f64], values: &[f64]) -> Option<Estimate> {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let mean = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let variance = counts
        .iter()
        .zip(values)
        .map(|(c, v)| c * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    let margin = 1.959_964 * (variance / n).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    Some(Estimate {
        score: mean,
        margin,
        elo: elo_from_score(clamp(mean)),
        elo_low: elo_from_score(clamp(mean - margin)),
        elo_high: elo_from_score(clamp(mean + margin)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse_and_anchored() {
        assert!(close(score_from_elo(0.0), 0.5, 1e-12));
        // 400 Elo is ten to one odds.
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        for elo in [-300.0, -5.0, 0.0, 2.5, 120.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }

    #[test]
    fn the_bounds_of_five_percent_errors() {
        let sprt = Sprt::parse("0,10").expect("valid");
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_438_979_166_44, 1e-12));
        assert!(close(upper, 2.944_438_979_166_44, 1e-12));
        assert_eq!(Sprt::parse("10,0"), None);
        assert_eq!(Sprt::parse("0"), None);
        assert_eq!(Sprt::parse("a,b"), None);
    }

    /// Reference values from an independent computation of the same definition (the
    /// maximum-likelihood distributions found by a separate root search in double precision).
    #[test]
    fn llr_matches_reference_values() {
        let s0 = score_from_elo(0.0);
        let s1 = score_from_elo(10.0);
        let pairs = [10.0, 60.0, 130.0, 80.0, 20.0];
        assert!(close(
            llr(&pairs, &PAIR_VALUES, s0, s1),
            2.101_249_784,
            1e-6
        ));
        let games = [120.0, 90.0, 150.0];
        assert!(close(
            llr(&games, &GAME_VALUES, s0, s1),
            0.952_946_322,
            1e-6
        ));
    }

    #[test]
    fn llr_is_antisymmetric_and_grows_with_the_sample() {
        let (s0, s1) = (score_from_elo(-5.0), score_from_elo(15.0));
        let counts = [7.0, 40.0, 90.0, 55.0, 12.0];
        let one = llr(&counts, &PAIR_VALUES, s0, s1);
        assert!(close(llr(&counts, &PAIR_VALUES, s1, s0), -one, 1e-9));
        let tripled: Vec<f64> = counts.iter().map(|c| c * 3.0).collect();
        assert!(close(llr(&tripled, &PAIR_VALUES, s0, s1), 3.0 * one, 1e-9));
    }

    #[test]
    fn llr_agrees_with_the_normal_approximation_for_small_differences() {
        // For close hypotheses LLR ≈ N (s1 − s0) (2 m − s0 − s1) / (2 σ²).
        let counts = [100.0, 600.0, 1300.0, 800.0, 200.0];
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(2.0));
        let n: f64 = counts.iter().sum();
        let m = counts
            .iter()
            .zip(PAIR_VALUES)
            .map(|(c, v)| c * v)
            .sum::<f64>()
            / n;
        let var = counts
            .iter()
            .zip(PAIR_VALUES)
            .map(|(c, v)| c * (v - m).powi(2))
            .sum::<f64>()
            / n;
        let approx = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
        let exact = llr(&counts, &PAIR_VALUES, s0, s1);
        assert!(
            close(exact, approx, 0.02 * approx.abs()),
            "{exact} vs {approx}"
        );
    }

    #[test]
    fn a_clear_result_is_decided_and_an_even_one_is_not() {
        let sprt = Sprt::parse("0,10").expect("valid");
        let strong = [1.0, 10.0, 60.0, 150.0, 80.0];
        assert_eq!(
            sprt.verdict(sprt.llr(&strong, &PAIR_VALUES)),
            Verdict::Accepted
        );
        let weak = [80.0, 150.0, 60.0, 10.0, 1.0];
        assert_eq!(
            sprt.verdict(sprt.llr(&weak, &PAIR_VALUES)),
            Verdict::Rejected
        );
        let even = [5.0, 20.0, 30.0, 20.0, 5.0];
        assert_eq!(
            sprt.verdict(sprt.llr(&even, &PAIR_VALUES)),
            Verdict::Continue
        );
    }

    #[test]
    fn estimates_give_the_score_and_a_symmetric_interval() {
        let e = estimate(&[10.0, 20.0, 10.0], &GAME_VALUES).expect("games");
        assert!(close(e.score, 0.5, 1e-12));
        assert!(close(e.elo, 0.0, 1e-9));
        // Variance 0.125 over 40 games.
        assert!(close(e.margin, 1.959_964 * (0.125f64 / 40.0).sqrt(), 1e-12));
        assert!(close(e.elo_low, -e.elo_high, 1e-9));
        assert_eq!(estimate(&[0.0, 0.0, 0.0], &GAME_VALUES), None);
    }
}
