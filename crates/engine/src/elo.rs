//! Match statistics for testing an engine change: the Elo difference with a 95% interval and
//! the log-likelihood ratio of a sequential probability ratio test (SPRT), from game-pair
//! (pentanomial) or single-game (trinomial) results.
//!
//! Both use the normal approximation on the logistic Elo scale: with per-unit scores x
//! (a pair scaled to 0, ¼, ½, ¾, 1; a game 0, ½, 1), mean μ and variance σ² over N units,
//! Elo = −400·log₁₀(1/μ − 1), the interval is μ ± 1.96·σ/√N mapped the same way, and
//! LLR(elo0, elo1) = N·(s₁ − s₀)·(2μ − s₀ − s₁) / (2σ²) with sᵢ the expected score at eloᵢ.
//! Pairs (each opening played once with each colour) are preferred: they cancel most of an
//! opening's bias, which a trinomial count treats as noise.

/// The z value of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// The expected score of a side `elo` points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference whose expected score is `score` (±infinity at 1 and 0).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Results of game pairs for the first engine, by the pair's total score: counts of
/// 0, ½, 1, 1½ and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

/// Single games for the first engine: losses, draws, wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub losses: u64,
    pub draws: u64,
    pub wins: u64,
}

impl Pentanomial {
    /// Records a pair worth `half_points` (0..=4) half points to the first engine.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    fn units(&self) -> Units {
        Units::from_counts(&self.0, &[0.0, 0.25, 0.5, 0.75, 1.0])
    }

    pub fn estimate(&self) -> Option<EloEstimate> {
        self.units().estimate()
    }

    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        self.units().llr(elo0, elo1)
    }
}

impl Trinomial {
    pub fn games(&self) -> u64 {
        self.losses + self.draws + self.wins
    }

    fn units(&self) -> Units {
        Units::from_counts(&[self.losses, self.draws, self.wins], &[0.0, 0.5, 1.0])
    }

    pub fn estimate(&self) -> Option<EloEstimate> {
        self.units().estimate()
    }

    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        self.units().llr(elo0, elo1)
    }
}

/// Mean and variance of the per-unit score over `count` units.
struct Units {
    count: f64,
    mean: f64,
    variance: f64,
}

impl Units {
    fn from_counts(counts: &[u64], values: &[f64]) -> Units {
        let count = counts.iter().sum::<u64>() as f64;
        if count == 0.0 {
            return Units {
                count,
                mean: 0.5,
                variance: 0.0,
            };
        }
        let mean = counts
            .iter()
            .zip(values)
            .map(|(&n, &x)| n as f64 * x)
            .sum::<f64>()
            / count;
        let variance = counts
            .iter()
            .zip(values)
            .map(|(&n, &x)| n as f64 * (x - mean).powi(2))
            .sum::<f64>()
            / count;
        Units {
            count,
            mean,
            variance,
        }
    }

    /// `None` without results.
    fn estimate(&self) -> Option<EloEstimate> {
        if self.count == 0.0 {
            return None;
        }
        let margin = Z_95 * (self.variance / self.count).sqrt();
        // An interval reaching past a score of 0 or 1 is unbounded on that side.
        Some(EloEstimate {
            score: self.mean,
            elo: elo_of_score(self.mean),
            low: elo_of_score((self.mean - margin).max(0.0)),
            high: elo_of_score((self.mean + margin).min(1.0)),
        })
    }

    /// 0 while the results have no spread (nothing to judge by yet).
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        self.count * (s1 - s0) * (2.0 * self.mean - s0 - s1) / (2.0 * self.variance)
    }
}

/// An Elo difference with its 95% interval, and the score it comes from (0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub score: f64,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The SPRT's stopping bounds for error rates α (accepting H1 when H0 holds) and β.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// What the SPRT says at `llr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The change is at least elo1 better (H1 accepted).
    Gain,
    /// The change is no better than elo0 (H0 accepted).
    NoGain,
    Continue,
}

pub fn sprt_verdict(llr: f64, alpha: f64, beta: f64) -> SprtVerdict {
    let (lower, upper) = sprt_bounds(alpha, beta);
    if llr >= upper {
        SprtVerdict::Gain
    } else if llr <= lower {
        SprtVerdict::NoGain
    } else {
        SprtVerdict::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not {expected} ± {tolerance}"
        );
    }

    #[test]
    fn score_and_elo_are_inverse() {
        close(expected_score(0.0), 0.5, 1e-12);
        close(elo_of_score(0.75), 190.848_501_887_865, 1e-9);
        close(elo_of_score(expected_score(-123.0)), -123.0, 1e-9);
    }

    #[test]
    fn trinomial_estimate_and_llr_match_hand_computation() {
        // 60 wins, 20 draws, 20 losses: mean 0.7, variance 0.16 per game.
        let results = Trinomial {
            losses: 20,
            draws: 20,
            wins: 60,
        };
        let estimate = results.estimate().unwrap();
        close(estimate.score, 0.7, 1e-12);
        close(estimate.elo, 147.190_714_117_838, 1e-6);
        close(estimate.low, 86.225_015_200_304, 1e-6);
        close(estimate.high, 218.251_777_641_075, 1e-6);
        close(results.llr(0.0, 10.0), 1.733_713_311_929, 1e-6);
    }

    #[test]
    fn pentanomial_estimate_and_llr_match_hand_computation() {
        // Pairs scoring 0, ½, 1, 1½, 2: 5, 20, 50, 20, 5 is even; shifted toward wins.
        let even = Pentanomial([5, 20, 50, 20, 5]);
        let estimate = even.estimate().unwrap();
        close(estimate.elo, 0.0, 1e-9);
        close(estimate.high, -estimate.low, 1e-9);
        // Pair variance 0.05 (per pair scaled to 0..1): margin 1.96·√(0.05/100).
        close(
            estimate.high,
            elo_of_score(0.5 + Z_95 * 0.022_360_679_775),
            1e-6,
        );
        assert!(even.llr(0.0, 10.0) < 0.0);

        let better = Pentanomial([2, 10, 50, 28, 10]);
        let estimate = better.estimate().unwrap();
        close(estimate.score, 0.585, 1e-12);
        close(estimate.elo, 59.643_107_748, 1e-6);
        // Mean 0.585, variance 0.046525: LLR = 100·Δs·(1.17 − s0 − s1)/(2·0.046525).
        close(better.llr(0.0, 10.0), 2.406_050_768, 1e-6);
        assert_eq!(
            sprt_verdict(better.llr(0.0, 10.0), 0.05, 0.05),
            SprtVerdict::Continue
        );
        // Twice the pairs in the same proportions: twice the evidence, past the bound.
        let twice = Pentanomial(better.0.map(|count| count * 2));
        close(twice.llr(0.0, 10.0), 4.812_101_537, 1e-6);
        assert_eq!(
            sprt_verdict(twice.llr(0.0, 10.0), 0.05, 0.05),
            SprtVerdict::Gain
        );
    }

    #[test]
    fn bounds_and_verdicts() {
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        close(lower, -2.944_438_979, 1e-8);
        close(upper, 2.944_438_979, 1e-8);
        assert_eq!(sprt_verdict(-3.0, 0.05, 0.05), SprtVerdict::NoGain);
        assert_eq!(sprt_verdict(0.0, 0.05, 0.05), SprtVerdict::Continue);
        assert_eq!(Pentanomial::default().estimate(), None);
        assert_eq!(Pentanomial([0, 0, 7, 0, 0]).llr(0.0, 10.0), 0.0);
        // Nearly all lost: the interval's lower end is unbounded, not undefined.
        let lost = Pentanomial([9, 0, 1, 0, 0]).estimate().unwrap();
        assert_eq!(lost.low, f64::NEG_INFINITY);
        assert!(lost.high.is_finite() && lost.elo < lost.high);
    }
}
