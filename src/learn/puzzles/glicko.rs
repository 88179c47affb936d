//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"): a rating, its deviation
//! (how sure it is) and its volatility (how erratic the results are), updated after a period
//! of games. Puzzles and their solvers are rated alike, as lichess does: a solved puzzle is a
//! game the solver won against the puzzle.

/// The factor between the Glicko scale and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// How much the volatility may change in one period: small values keep it steady.
const TAU: f64 = 0.5;
/// When the iteration for the new volatility stops.
const EPSILON: f64 = 1e-6;

/// The rating a newcomer starts with.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a newcomer: nothing is known yet.
pub const START_DEVIATION: f64 = 350.0;
/// The volatility of a newcomer.
pub const START_VOLATILITY: f64 = 0.06;
/// The smallest deviation a rating keeps, so that it never stops moving.
pub const MIN_DEVIATION: f64 = 45.0;

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating on the usual scale (1500 for a newcomer).
    pub rating: f64,
    /// Its deviation: about 95% of the time the true rating is within twice this.
    pub deviation: f64,
    /// How erratic the results have been.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::new(START_RATING, START_DEVIATION)
    }
}

/// One game of a rating period: the opponent's rating and the score (1 a win, ½ a draw, 0
/// a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The result for the rated side.
    pub score: f64,
}

impl Rating {
    /// A rating with the newcomer's volatility.
    pub fn new(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    /// The rating after one period with `games` (the deviation only grows with none).
    pub fn after(self, games: &[Game]) -> Rating {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return self.with_phi(mu, phi, sigma);
        }
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let expected = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - START_RATING) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let e = expected(mu_j, phi_j);
            inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, v, delta, sigma);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        self.with_phi(mu, phi, sigma)
    }

    /// The rating after one game against `opponent` with `score`.
    pub fn after_game(self, opponent: Rating, score: f64) -> Rating {
        self.after(&[Game { opponent, score }])
    }

    fn with_phi(self, mu: f64, phi: f64, sigma: f64) -> Rating {
        let rating = mu * SCALE + START_RATING;
        let deviation = (phi * SCALE).clamp(MIN_DEVIATION, START_DEVIATION);
        // A rating is a number on the scale whatever the inputs: never NaN or infinite.
        if !rating.is_finite() || !sigma.is_finite() {
            return self;
        }
        Rating {
            rating,
            deviation,
            volatility: sigma,
        }
    }
}

/// The new volatility, by the Illinois algorithm (step 5 of Glickman's description).
fn new_volatility(phi: f64, v: f64, delta: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 100.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 100 {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
        rounds += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_example_comes_out_as_published() {
        // A 1500 (RD 200) player beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a
        // 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
        let player = Rating::new(1500.0, 200.0);
        let games = [
            Game {
                opponent: Rating::new(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: Rating::new(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: Rating::new(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player.after(&games);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 1e-4, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_nothing_widens() {
        let player = Rating::default();
        let puzzle = Rating::new(1500.0, 80.0);
        assert!(player.after_game(puzzle, 1.0).rating > 1500.0);
        assert!(player.after_game(puzzle, 0.0).rating < 1500.0);
        let settled = Rating::new(1500.0, 60.0);
        assert!(settled.after(&[]).deviation > 60.0);
        assert!(player.after_game(puzzle, 1.0).deviation < 350.0);
    }
}
