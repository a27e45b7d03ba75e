//! The engine's view of the rules' seeded generator (`rules::rng`, SplitMix64): the same bits,
//! plus the cheap draws a level's choices need, so every choice is reproducible from a seed.

#[derive(Clone, Debug)]
pub struct Rng {
    bits: rules::rng::Rng,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng {
            bits: rules::rng::Rng::seeded(seed),
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.bits.next_u64()
    }

    /// Uniform in `0..bound` (`bound` > 0); the tiny modulo bias is irrelevant here.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound.max(1)
    }

    /// Uniform in `-amplitude..=amplitude`.
    pub fn symmetric(&mut self, amplitude: i32) -> i32 {
        if amplitude <= 0 {
            return 0;
        }
        self.below(2 * amplitude as u64 + 1) as i32 - amplitude
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as u64
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_sequence_and_ranges_hold() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            let s = a.symmetric(30);
            b.symmetric(30);
            assert!((-30..=30).contains(&s));
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
