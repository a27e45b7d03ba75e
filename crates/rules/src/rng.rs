//! The one random source of the rules: a small seeded generator (SplitMix64), so that every
//! random start (sliding's gap, regroupment's drawn back ranks) can be reproduced from a seed
//! in tests and tools, and seeded from the system when a real game starts.

/// A seeded pseudo-random generator. Not for secrets: it only draws start positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose draws are fixed by `seed`.
    pub const fn seeded(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator seeded from the system's random source, `None` if that source fails.
    pub fn from_entropy() -> Option<Rng> {
        getrandom::u64().ok().map(Rng::seeded)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniformly drawn number below `count`; 0 when `count` is 0.
    pub fn below(&mut self, count: usize) -> usize {
        if count == 0 {
            return 0;
        }
        let count = count as u64;
        // Rejection keeps the draw exactly uniform.
        let limit = u64::MAX - u64::MAX % count;
        loop {
            let value = self.next_u64();
            if value < limit {
                return (value % count) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn a_seed_fixes_the_draws_and_draws_stay_in_range() {
        let draws = |seed| {
            let mut rng = Rng::seeded(seed);
            (0..50).map(|_| rng.below(7)).collect::<Vec<_>>()
        };
        assert_eq!(draws(1), draws(1));
        assert_ne!(draws(1), draws(2));
        assert!(draws(3).iter().all(|&n| n < 7));
        let mut rng = Rng::seeded(4);
        let mut seen = [false; 7];
        for _ in 0..200 {
            seen[rng.below(7)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value comes up");
        assert_eq!(rng.below(0), 0);
    }
}
