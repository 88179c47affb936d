//! Ratings fitted to all pairings at once: the maximum-likelihood Bradley–Terry model on the
//! logistic Elo scale, with draws counted as half a point (as Ordo does), one player anchored
//! at a given rating, and 95% intervals from the curvature of the likelihood.
//!
//! A pairing's score alone can be 100%, whose maximum lies at an infinite distance; each
//! pairing therefore also counts one virtual drawn game (a prior as BayesElo's), which moves a
//! 200–0 result to about 1 000 Elo instead of infinity and a close result by a hair.

/// The result of one pairing: `a` against `b` (indices into the players).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    /// The first player.
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// Games played.
    pub games: u64,
    /// `a`'s points: wins plus half the draws.
    pub points: f64,
}

/// A fitted rating with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo.
    pub value: f64,
    /// Half the width of the 95% interval (0 for the anchor).
    pub margin: f64,
}

/// Virtual drawn games added to every pairing.
const PRIOR_DRAWS: f64 = 1.0;

/// Elo per natural unit of the logistic model.
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The expected score of a player rated `diff` Elo above its opponent.
pub fn expected_score(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// Elo difference that an expected score `score` (0 < score < 1) stands for.
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    400.0 * (s / (1.0 - s)).log10()
}

/// Fits the ratings of `players` players from `results`, with player `anchor` at `anchor_at`.
/// Returns `None` when some player is not connected to the anchor by the pairings (its rating
/// would be arbitrary).
pub fn fit(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    anchor_at: f64,
) -> Option<Vec<Rating>> {
    if anchor >= players || !connected(players, results, anchor) {
        return None;
    }
    // Natural units, the anchor at 0; the others solved for by Newton's method.
    let free: Vec<usize> = (0..players).filter(|&i| i != anchor).collect();
    let slot = |i: usize| free.iter().position(|&f| f == i);
    let mut beta: Vec<f64> = vec![0.0; players];
    let mut curvature = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..200 {
        let mut gradient = vec![0.0; free.len()];
        for row in curvature.iter_mut() {
            row.iter_mut().for_each(|c| *c = 0.0);
        }
        for r in results {
            if r.a == r.b || r.a >= players || r.b >= players {
                continue;
            }
            let n = r.games as f64 + PRIOR_DRAWS;
            let points = r.points + PRIOR_DRAWS / 2.0;
            let e = 1.0 / (1.0 + (beta[r.b] - beta[r.a]).exp());
            let w = n * e * (1.0 - e);
            let (sa, sb) = (slot(r.a), slot(r.b));
            if let Some(i) = sa {
                gradient[i] += points - n * e;
                curvature[i][i] += w;
            }
            if let Some(j) = sb {
                gradient[j] -= points - n * e;
                curvature[j][j] += w;
            }
            if let (Some(i), Some(j)) = (sa, sb) {
                curvature[i][j] -= w;
                curvature[j][i] -= w;
            }
        }
        let step = solve(&curvature, &gradient)?;
        let mut largest: f64 = 0.0;
        for (k, &i) in free.iter().enumerate() {
            // Damped so that a far start cannot overshoot.
            let s = step[k].clamp(-2.0, 2.0);
            beta[i] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let covariance = invert(&curvature)?;
    Some(
        (0..players)
            .map(|i| Rating {
                value: anchor_at + beta[i] * ELO_PER_UNIT,
                margin: slot(i).map_or(0.0, |k| {
                    1.959_964 * covariance[k][k].max(0.0).sqrt() * ELO_PER_UNIT
                }),
            })
            .collect(),
    )
}

/// Whether every player is linked to `anchor` through pairings that were played.
fn connected(players: usize, results: &[PairResult], anchor: usize) -> bool {
    let mut reached = vec![false; players];
    reached[anchor] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for r in results.iter().filter(|r| r.games > 0) {
            if r.a < players && r.b < players && reached[r.a] != reached[r.b] {
                reached[r.a] = true;
                reached[r.b] = true;
                changed = true;
            }
        }
    }
    reached.into_iter().all(|r| r)
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting; `None` if `m` is singular.
fn solve(m: &[Vec<f64>], v: &[f64]) -> Option<Vec<f64>> {
    let n = v.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(v)
        .map(|(row, &x)| {
            let mut r = row.clone();
            r.push(x);
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (row, values) in a.iter_mut().enumerate() {
            if row != col {
                let factor = values[col] / pivot_row[col];
                for (value, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *value -= factor * p;
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The inverse of `m`; `None` if it is singular.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut columns = Vec::with_capacity(n);
    for k in 0..n {
        let unit: Vec<f64> = (0..n).map(|i| if i == k { 1.0 } else { 0.0 }).collect();
        columns.push(solve(m, &unit)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| columns[j][i]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, games: u64, points: f64) -> PairResult {
        PairResult {
            a,
            b,
            games,
            points,
        }
    }

    #[test]
    fn one_pairing_gives_the_elo_of_its_score() {
        // 75% over 1 000 games (plus the prior's one draw): 750.5 of 1001.
        let r = fit(2, &[pair(0, 1, 1000, 750.0)], 1, 1000.0).expect("fitted");
        let expected = 1000.0 + elo_of_score(750.5 / 1001.0);
        assert!((r[0].value - expected).abs() < 1e-6, "{r:?}");
        assert_eq!(r[1], Rating { value: 1000.0, margin: 0.0 });
        // The interval of a score from n games: about 1.96 standard errors of the score.
        let s: f64 = 750.5 / 1001.0;
        let se = (s * (1.0 - s) / 1001.0).sqrt();
        let slope = ELO_PER_UNIT / (s * (1.0 - s));
        assert!((r[0].margin - 1.959_964 * se * slope).abs() < 0.01, "{r:?}");
    }

    #[test]
    fn a_chain_adds_up_and_a_consistent_wide_pairing_leaves_it_in_place() {
        // A beats B by 100 Elo's score, B beats C by 200: A is 300 above C.
        let s1 = expected_score(100.0) * 400.0;
        let s2 = expected_score(200.0) * 400.0;
        let chain = [pair(0, 1, 400, s1), pair(1, 2, 400, s2)];
        let r = fit(3, &chain, 2, 1000.0).expect("fitted");
        assert!((r[0].value - r[2].value - 300.0).abs() < 3.0, "{r:?}");
        let s3 = expected_score(300.0) * 400.0;
        let mut wide = chain.to_vec();
        wide.push(pair(0, 2, 400, s3));
        let w = fit(3, &wide, 2, 1000.0).expect("fitted");
        assert!((w[0].value - r[0].value).abs() < 3.0, "{w:?} against {r:?}");
        // More games narrow the interval.
        assert!(w[0].margin < r[0].margin);
        // The order of the players in a pairing does not matter.
        let turned = [pair(1, 0, 400, 400.0 - s1), pair(2, 1, 400, 400.0 - s2)];
        let t = fit(3, &turned, 2, 1000.0).expect("fitted");
        assert!((t[0].value - r[0].value).abs() < 1e-6);
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_an_unlinked_player_is_refused() {
        let r = fit(2, &[pair(0, 1, 200, 200.0)], 1, 1000.0).expect("fitted");
        assert!(r[0].value.is_finite() && r[0].value > 1800.0, "{r:?}");
        assert_eq!(fit(3, &[pair(0, 1, 10, 5.0)], 0, 1000.0), None);
        assert_eq!(fit(2, &[pair(0, 1, 0, 0.0)], 0, 1000.0), None);
    }
}
