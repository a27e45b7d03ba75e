//! The computer's choices in regroupment's setup phase. The engine searches only the game
//! itself; the relocations are drawn from the legal steps with the seeded generator (every
//! reachable back rank is playable, and variety is what a player wants from an opponent).

use crate::rng::Rng;
use rules::regroupment::{SetupPhase, SetupStep};

/// A legal next step for the side whose setup turn it is, or `None` once the phase is over.
pub fn choose_setup_step(phase: &SetupPhase, seed: u64) -> Option<SetupStep> {
    let steps = phase.legal_steps();
    if steps.is_empty() {
        return None;
    }
    let mut rng = Rng::new(seed ^ phase.steps().len() as u64);
    Some(steps[rng.below(steps.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::regroupment::RegroupmentOptions;

    #[test]
    fn the_chosen_steps_complete_a_valid_setup() {
        for seed in 0..50 {
            let mut phase = SetupPhase::new(RegroupmentOptions::default());
            while let Some(step) = choose_setup_step(&phase, seed) {
                phase.apply(step).unwrap();
            }
            assert!(phase.is_complete());
            assert!(phase.start_position().is_ok());
        }
    }
}
