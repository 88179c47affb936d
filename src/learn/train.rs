//! Training a pattern evaluation: logistic regression of the game's result, blended with
//! the search's score, on the positions of self-play games.
//!
//! A position's prediction is `σ(Σ weights of its features)`; the target is
//! `λ · result + (1 − λ) · σ(score / K)`, with the result 1, ½ or 0 for the side to act and
//! `K` the scale that best turns the data's scores into results (fitted first). The weights
//! are fitted by stochastic gradient descent with a step per weight that shrinks with the
//! gradients it has seen (AdaGrad), and L2 regularisation. Whole games, a tenth of them, are
//! held out to measure the loss on positions the fit never saw. One thread and a seeded
//! order make a run reproducible.

use rand::{RngExt, SeedableRng, rngs::StdRng};

/// How to train.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub epochs: usize,
    /// The weight of the result against the search's score in the target (0 to 1).
    pub lambda: f64,
    /// L2 regularisation per weight.
    pub l2: f64,
    /// The initial step size.
    pub rate: f64,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            epochs: 12,
            lambda: 0.5,
            l2: 1e-6,
            rate: 0.05,
            seed: 1,
        }
    }
}

/// What one sample contributes: its features (weight index and value), its result for the
/// side to act (1, ½, 0) and the search's score as a probability (or `None`).
pub trait Samples {
    /// Writes the features of sample `i` into `out` (cleared first).
    fn features(&self, i: usize, out: &mut Vec<(usize, f64)>);
    /// The result of sample `i` for the side to act.
    fn result(&self, i: usize) -> f64;
    /// The search's view of sample `i` as a probability of winning, if it has one.
    fn expectation(&self, i: usize) -> Option<f64>;
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    pub number: usize,
    /// Mean cross-entropy against the blended target, on the training samples.
    pub train: f64,
    /// The same on the held-out samples.
    pub held_out: f64,
    /// Mean cross-entropy against the results alone, held out.
    pub held_out_result: f64,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn cross_entropy(p: f64, target: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

fn target(samples: &dyn Samples, i: usize, lambda: f64) -> f64 {
    let result = samples.result(i);
    match samples.expectation(i) {
        Some(e) => lambda * result + (1.0 - lambda) * e,
        None => result,
    }
}

/// Fits weights (in logits) for `samples[train]`, measuring on `samples[held_out]` after each
/// epoch. `canonical` maps a weight index to the one it shares its value with. Returns the
/// weights (every index holding its canonical weight's value) and the epochs' losses.
pub fn fit(
    samples: &dyn Samples,
    train: &[usize],
    held_out: &[usize],
    len: usize,
    canonical: &dyn Fn(usize) -> usize,
    options: &Options,
    mut report: impl FnMut(&Epoch),
) -> (Vec<f64>, Vec<Epoch>) {
    let mut weights = vec![0.0f64; len];
    let mut squares = vec![0.0f64; len];
    let mut order: Vec<usize> = train.to_vec();
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut features = Vec::with_capacity(128);
    let mut epochs = Vec::new();
    for number in 1..=options.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut train_loss = 0.0;
        for &s in &order {
            samples.features(s, &mut features);
            for f in features.iter_mut() {
                f.0 = canonical(f.0);
            }
            let z: f64 = features.iter().map(|&(j, v)| weights[j] * v).sum();
            let p = sigmoid(z);
            let t = target(samples, s, options.lambda);
            train_loss += cross_entropy(p, t);
            let error = p - t;
            for &(j, v) in &features {
                let g = error * v + options.l2 * weights[j];
                squares[j] += g * g;
                weights[j] -= options.rate * g / (squares[j].sqrt() + 1e-8);
            }
        }
        let (held, held_result) = loss(samples, held_out, &weights, canonical, options.lambda);
        let epoch = Epoch {
            number,
            train: train_loss / order.len().max(1) as f64,
            held_out: held,
            held_out_result: held_result,
        };
        report(&epoch);
        epochs.push(epoch);
    }
    let full = (0..len).map(|j| weights[canonical(j)]).collect();
    (full, epochs)
}

/// The mean losses of `weights` on `which`: against the blended target and the result.
pub fn loss(
    samples: &dyn Samples,
    which: &[usize],
    weights: &[f64],
    canonical: &dyn Fn(usize) -> usize,
    lambda: f64,
) -> (f64, f64) {
    let mut features = Vec::with_capacity(128);
    let (mut blended, mut result) = (0.0, 0.0);
    for &s in which {
        samples.features(s, &mut features);
        let z: f64 = features
            .iter()
            .map(|&(j, v)| weights[canonical(j)] * v)
            .sum();
        let p = sigmoid(z);
        blended += cross_entropy(p, target(samples, s, lambda));
        result += cross_entropy(p, samples.result(s));
    }
    let n = which.len().max(1) as f64;
    (blended / n, result / n)
}

/// The scale `K` (centipieces) that makes `σ(score / K)` the best prediction of the results,
/// over `(score, result)` pairs.
pub fn fit_scale(pairs: &[(f64, f64)]) -> f64 {
    let loss_at = |k: f64| -> f64 {
        pairs
            .iter()
            .map(|&(score, result)| cross_entropy(sigmoid(score / k), result))
            .sum()
    };
    // The loss is smooth in log K: a coarse scan, then a finer one around the best.
    let mut best = (f64::INFINITY, 100.0);
    for step in 0..=40 {
        let k = 20.0 * 1.12f64.powi(step);
        let l = loss_at(k);
        if l < best.0 {
            best = (l, k);
        }
    }
    let centre = best.1;
    for step in -10..=10 {
        let k = centre * 1.012f64.powi(step);
        let l = loss_at(k);
        if l < best.0 {
            best = (l, k);
        }
    }
    best.1
}

/// An SVG picture of the losses by epoch.
pub fn curve_svg(title: &str, epochs: &[Epoch]) -> String {
    let (w, h, left, bottom, top, right) = (640.0, 360.0, 64.0, 40.0, 36.0, 150.0);
    type Series = (&'static str, &'static str, fn(&Epoch) -> f64);
    let series: [Series; 3] = [
        ("training", "#1f77b4", |e| e.train),
        ("held out", "#d62728", |e| e.held_out),
        ("held out, result only", "#2ca02c", |e| e.held_out_result),
    ];
    let values: Vec<f64> = epochs
        .iter()
        .flat_map(|e| series.iter().map(move |s| (s.2)(e)))
        .collect();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (0.0, 1.0)
    };
    let n = epochs.len().max(2) as f64;
    let x = |i: f64| left + (w - left - right) * (i - 1.0) / (n - 1.0);
    let y = |v: f64| top + (h - top - bottom) * (hi - v) / (hi - lo);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"20\" font-size=\"14\">{}</text>\n",
        escape(title)
    );
    svg.push_str(&format!(
        "<line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{}\" stroke=\"black\"/>\n",
        h - bottom,
        w - right,
        h - bottom,
        h - bottom
    ));
    for k in 0..=4 {
        let v = lo + (hi - lo) * f64::from(k) / 4.0;
        svg.push_str(&format!(
            "<text x=\"4\" y=\"{:.1}\">{v:.4}</text>\n",
            y(v) + 4.0
        ));
    }
    for e in epochs {
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            x(e.number as f64),
            h - bottom + 16.0,
            e.number
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">epoch</text>\n",
        (left + w - right) / 2.0,
        h - 4.0
    ));
    for (row, (name, colour, value)) in series.iter().enumerate() {
        let points: Vec<String> = epochs
            .iter()
            .map(|e| format!("{:.1},{:.1}", x(e.number as f64), y(value(e))))
            .collect();
        svg.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n",
            points.join(" ")
        ));
        let ly = top + 20.0 * row as f64;
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <text x=\"{}\" y=\"{}\">{name}</text>\n",
            w - right + 8.0,
            w - right + 28.0,
            w - right + 32.0,
            ly + 4.0
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples with three binary features and a known weight for each, results drawn from
    /// the logistic model.
    struct Synthetic {
        rows: Vec<([bool; 3], f64)>,
    }

    impl Samples for Synthetic {
        fn features(&self, i: usize, out: &mut Vec<(usize, f64)>) {
            out.clear();
            for (j, &on) in self.rows[i].0.iter().enumerate() {
                if on {
                    out.push((j, 1.0));
                }
            }
        }
        fn result(&self, i: usize) -> f64 {
            self.rows[i].1
        }
        fn expectation(&self, _: usize) -> Option<f64> {
            None
        }
    }

    #[test]
    fn training_recovers_a_known_weight() {
        let truth = [1.5, -0.8, 0.3];
        let mut rng = StdRng::seed_from_u64(3);
        let rows: Vec<([bool; 3], f64)> = (0..40_000)
            .map(|_| {
                let on = [
                    rng.random_bool(0.5),
                    rng.random_bool(0.5),
                    rng.random_bool(0.5),
                ];
                let z: f64 = (0..3).filter(|&j| on[j]).map(|j| truth[j]).sum();
                let won = rng.random_bool(sigmoid(z));
                (on, if won { 1.0 } else { 0.0 })
            })
            .collect();
        let samples = Synthetic { rows };
        let train: Vec<usize> = (0..36_000).collect();
        let held: Vec<usize> = (36_000..40_000).collect();
        let options = Options {
            epochs: 6,
            lambda: 1.0,
            l2: 0.0,
            rate: 0.05,
            seed: 1,
        };
        let (weights, epochs) = fit(&samples, &train, &held, 3, &|j| j, &options, |_| {});
        for j in 0..3 {
            assert!(
                (weights[j] - truth[j]).abs() < 0.12,
                "weight {j}: {} for {}",
                weights[j],
                truth[j]
            );
        }
        // The held-out loss fell from the first guess (ln 2 for all-zero weights).
        assert!(epochs.last().expect("epochs").held_out < 0.69);
        // The same seed gives the same fit.
        let again = fit(&samples, &train, &held, 3, &|j| j, &options, |_| {});
        assert_eq!(again.0, weights);
    }

    #[test]
    fn the_scale_fit_finds_the_scale_results_were_drawn_with() {
        let mut rng = StdRng::seed_from_u64(5);
        let pairs: Vec<(f64, f64)> = (0..20_000)
            .map(|_| {
                let score = rng.random_range(-600.0..600.0);
                let won = rng.random_bool(sigmoid(score / 180.0));
                (score, if won { 1.0 } else { 0.0 })
            })
            .collect();
        let k = fit_scale(&pairs);
        assert!((150.0..215.0).contains(&k), "{k}");
    }

    #[test]
    fn the_curve_is_an_svg_with_a_line_per_series() {
        let epochs: Vec<Epoch> = (1..=3)
            .map(|n| Epoch {
                number: n,
                train: 0.6 - n as f64 * 0.01,
                held_out: 0.62 - n as f64 * 0.01,
                held_out_result: 0.64,
            })
            .collect();
        let svg = curve_svg("Wu Dao <test>", &epochs);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 3);
        assert!(svg.contains("Wu Dao &lt;test&gt;"));
    }
}
