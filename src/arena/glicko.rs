//! Glicko-2 ratings, for a person (or a puzzle) rated on a game's Elo scale by results against
//! opponents of known rating: a rating, its deviation (how uncertain it is) and a volatility
//! (how much it is expected to move), updated after every result as one rating period.
//!
//! The computation follows Glickman's description of the system (the rating's scale divided by
//! 173.7178, the volatility found by the Illinois method). Only rating differences enter it, so
//! the scale's centre does not matter: the ratings here are those of the ladder, where the greedy
//! player is 1000.

use serde::{Deserialize, Serialize};

/// Elo points per unit of the system's inner scale.
const SCALE: f64 = 173.7178;
/// How much the volatility may change at each result (the system's τ).
const TAU: f64 = 0.5;
/// The deviation of someone never rated.
pub const NEW_DEVIATION: f64 = 350.0;
/// The volatility of someone never rated.
pub const NEW_VOLATILITY: f64 = 0.06;
/// The deviation never falls below this, so that a rating keeps following a player who
/// improves.
pub const MIN_DEVIATION: f64 = 45.0;
/// Where someone with no history starts on Glicko's own scale (solvers and puzzles).
pub const START_RATING: f64 = 1500.0;
/// A rating is provisional while its deviation is above this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    /// The rating, on the game's Elo scale.
    pub rating: f64,
    /// Its deviation: about a 95% chance that the true rating is within twice this.
    pub deviation: f64,
    /// How erratic the results have been.
    pub volatility: f64,
}

/// One result of a rating period: the opponent and the score against it (1 a win, 0.5 a
/// draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating.
    pub opponent: Glicko,
    /// The score against it.
    pub score: f64,
}

/// Someone never rated, at the centre of Glicko's own scale: how a solver and a puzzle of
/// no history start.
impl Default for Glicko {
    fn default() -> Glicko {
        Glicko::new(START_RATING)
    }
}

impl Glicko {
    /// Someone new, rated `rating` with the largest uncertainty.
    pub fn new(rating: f64) -> Glicko {
        Glicko::with_deviation(rating, NEW_DEVIATION)
    }

    /// A rating known to within `deviation`, at the volatility of someone new.
    pub fn with_deviation(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: NEW_VOLATILITY,
        }
    }

    /// Whether all its numbers are finite and within sense (a rating read from a file may
    /// not be).
    pub fn is_sound(&self) -> bool {
        self.rating.is_finite()
            && (-5_000.0..=10_000.0).contains(&self.rating)
            && self.deviation.is_finite()
            && (0.0..=NEW_DEVIATION * 1.5).contains(&self.deviation)
            && self.volatility.is_finite()
            && (0.0..=1.0).contains(&self.volatility)
    }

    /// Whether the rating is still provisional (too few results to trust).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The expected score against `opponent`, its uncertainty counted.
    pub fn expected(&self, opponent: &Glicko) -> f64 {
        let g = weight(opponent.deviation / SCALE);
        1.0 / (1.0 + (-g * (self.rating - opponent.rating) / SCALE).exp())
    }

    /// The rating after a result `score` (1 a win, 0.5 a draw, 0 a loss) against `opponent`,
    /// as a period of its own.
    pub fn after(&self, opponent: &Glicko, score: f64) -> Glicko {
        self.after_period(&[Game {
            opponent: *opponent,
            score,
        }])
    }

    /// The rating after a period of `games` (none: only the deviation grows). A result that
    /// would not be finite leaves the rating as it was.
    pub fn after_period(&self, games: &[Game]) -> Glicko {
        let mu = self.rating / SCALE;
        let phi = self.deviation / SCALE;
        if games.is_empty() {
            let grown = (phi * phi + self.volatility * self.volatility).sqrt();
            return self.with(mu, grown, self.volatility);
        }
        let (mut inverse_v, mut sum) = (0.0, 0.0);
        for game in games {
            let g = weight(game.opponent.deviation / SCALE);
            let e = 1.0 / (1.0 + (-g * (mu - game.opponent.rating / SCALE)).exp());
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (game.score - e);
        }
        let v = 1.0 / inverse_v.max(1e-12);
        let sigma = new_volatility(self.volatility, phi, v, v * sum);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        self.with(mu + phi_new * phi_new * sum, phi_new, sigma)
    }

    /// The rating of inner-scale `mu`, `phi` and volatility `sigma`, or this one where they
    /// are not finite.
    fn with(&self, mu: f64, phi: f64, sigma: f64) -> Glicko {
        let rating = mu * SCALE;
        if !rating.is_finite() || !phi.is_finite() || !sigma.is_finite() {
            return *self;
        }
        Glicko {
            rating,
            deviation: (phi * SCALE).clamp(MIN_DEVIATION, NEW_DEVIATION),
            volatility: sigma,
        }
    }
}

/// How much a result against an opponent of deviation `phi` (inner scale) tells.
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The volatility after a result, by the Illinois method on the system's equation.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
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
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= 1e-6 {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma = (big_a / 2.0).exp();
    if sigma.is_finite() {
        sigma.clamp(0.0, 1.0)
    } else {
        NEW_VOLATILITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_moves_the_rating_as_the_system_says() {
        // The first opponent of the example in Glickman's description of the system
        // (1500/200/0.06 beats 1400/30), as a period of its own. By hand: φ = 1.15129,
        // g = 0.99549, E = 0.63946, v = 4.37681, φ' = 1.00971, μ' = φ'²·g·(1 − E) = 0.36592,
        // that is 63.6 points up.
        let player = Glicko {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = Glicko {
            rating: 1400.0,
            deviation: 30.0,
            volatility: 0.06,
        };
        let after = player.after(&opponent, 1.0);
        assert!((after.rating - 1563.6).abs() < 0.5, "{after:?}");
        assert!(after.deviation < player.deviation);
        assert!((after.volatility - 0.06).abs() < 0.001, "{after:?}");
    }

    #[test]
    fn glickmans_example_comes_out_as_published() {
        // A 1500 (RD 200) player beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a
        // 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
        let player = Glicko::with_deviation(1500.0, 200.0);
        let games = [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ]
        .map(|(rating, deviation, score)| Game {
            opponent: Glicko::with_deviation(rating, deviation),
            score,
        });
        let after = player.after_period(&games);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 1e-4, "{after:?}");
        let settled = Glicko::with_deviation(1500.0, 60.0);
        assert!(settled.after_period(&[]).deviation > 60.0);
    }

    #[test]
    fn wins_raise_losses_lower_and_results_make_it_surer() {
        let level = Glicko {
            rating: 1200.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let me = Glicko::new(1000.0);
        assert!(me.is_provisional());
        let won = me.after(&level, 1.0);
        let lost = me.after(&level, 0.0);
        let drew = me.after(&level, 0.5);
        assert!(won.rating > drew.rating && drew.rating > lost.rating);
        assert!(
            drew.rating > me.rating,
            "a draw against a stronger level gains"
        );
        let mut steady = me;
        for _ in 0..30 {
            steady = steady.after(&level, 0.5);
        }
        assert!((steady.rating - 1200.0).abs() < 40.0, "{steady:?}");
        assert!(!steady.is_provisional(), "{steady:?}");
        assert!(steady.deviation >= MIN_DEVIATION);
        assert!(steady.is_sound());
        assert!(
            !Glicko {
                rating: f64::NAN,
                ..me
            }
            .is_sound()
        );
    }
}
