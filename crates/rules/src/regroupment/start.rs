//! The start positions of Regroupment Chess: the back ranks the setup phase can reach, their
//! X-FEN, the step pair behind each back rank, and the random start (Chess484).

use super::back_rank::{
    back_rank_text, side_step_options, start_fen, step_for_file, turn_order, BackRank,
    ORTHODOX_BACK_RANK,
};
use super::options::{KingKnight, RegroupmentOptions};
use super::phase::{SetupError, SetupPhase};
use super::step::{Relocator, SetupStep};
use crate::rng::Rng;
use crate::types::Color;

/// Every (king file, queen file, result) reachable from the orthodox back rank, in step order.
fn step_pairs(king_knight: KingKnight) -> Vec<(Option<usize>, Option<usize>, BackRank)> {
    let mut pairs = Vec::new();
    for (king_file, after_king) in
        side_step_options(&ORTHODOX_BACK_RANK, Relocator::King, king_knight)
    {
        for (queen_file, after_queen) in
            side_step_options(&after_king, Relocator::Queen, king_knight)
        {
            pairs.push((king_file, queen_file, after_queen));
        }
    }
    pairs
}

/// Every back rank one side can reach under `options`, each once, in the order the setup
/// steps produce them (declining first, then swaps from the a-file on).
pub fn allowed_back_ranks(options: &RegroupmentOptions) -> Vec<BackRank> {
    let mut ranks: Vec<BackRank> = Vec::new();
    for (_, _, rank) in step_pairs(options.king_knight) {
        if !ranks.contains(&rank) {
            ranks.push(rank);
        }
    }
    ranks
}

/// The (king step, queen step) of `color` that produce `rank`, or `None` when no setup
/// sequence does (with the king allowed to take a knight). Each reachable rank has exactly one.
pub fn steps_for_back_rank(color: Color, rank: &BackRank) -> Option<(SetupStep, SetupStep)> {
    step_pairs(KingKnight::Allowed)
        .into_iter()
        .find(|(_, _, result)| result == rank)
        .map(|(king_file, queen_file, _)| {
            (
                step_for_file(color, Relocator::King, king_file),
                step_for_file(color, Relocator::Queen, queen_file),
            )
        })
}

/// X-FEN of every start position `options` allow: every allowed White back rank with every
/// allowed Black one (White's rank varying slowest).
pub fn start_positions(options: &RegroupmentOptions) -> Vec<String> {
    let ranks = allowed_back_ranks(options);
    ranks
        .iter()
        .flat_map(|white| {
            ranks
                .iter()
                .map(move |black| start_fen(options, white, black))
        })
        .collect()
}

/// A generator seeded from the system's random source.
fn system_rng() -> Result<Rng, SetupError> {
    Rng::from_entropy()
        .ok_or_else(|| SetupError::Random("the system's random source failed".to_string()))
}

/// One back rank drawn uniformly from those `options` allow, from the system's source.
pub fn random_back_rank(options: &RegroupmentOptions) -> Result<BackRank, SetupError> {
    random_back_rank_with(options, &mut system_rng()?)
}

/// One back rank drawn uniformly from those `options` allow, from `rng`.
pub fn random_back_rank_with(
    options: &RegroupmentOptions,
    rng: &mut Rng,
) -> Result<BackRank, SetupError> {
    let ranks = allowed_back_ranks(options);
    if ranks.is_empty() {
        return Err(SetupError::Random("no back rank to draw from".to_string()));
    }
    Ok(ranks[rng.below(ranks.len())])
}

impl SetupPhase {
    /// The completed phase that leads to these back ranks, its steps in turn order.
    pub fn from_back_ranks(
        options: RegroupmentOptions,
        white: &BackRank,
        black: &BackRank,
    ) -> Result<SetupPhase, SetupError> {
        let unreachable = |color: Color, rank: &BackRank| SetupError::UnreachableBackRank {
            color,
            rank: back_rank_text(rank, color),
        };
        let white_steps = steps_for_back_rank(Color::White, white)
            .ok_or_else(|| unreachable(Color::White, white))?;
        let black_steps = steps_for_back_rank(Color::Black, black)
            .ok_or_else(|| unreachable(Color::Black, black))?;
        let mut phase = SetupPhase::new(options);
        for (color, relocator) in turn_order(options.order) {
            let (king, queen) = match color {
                Color::White => white_steps,
                Color::Black => black_steps,
            };
            let step = match relocator {
                Relocator::King => king,
                Relocator::Queen => queen,
            };
            let rank = match color {
                Color::White => white,
                Color::Black => black,
            };
            phase.apply(step).map_err(|_| unreachable(color, rank))?;
        }
        Ok(phase)
    }

    /// Chess484: each side's back rank drawn independently and uniformly from those `options`
    /// allow. The phase comes back complete; its back ranks are the draw and its steps the
    /// equivalent setup sequence, so a saved game can record either.
    pub fn random(options: RegroupmentOptions) -> Result<SetupPhase, SetupError> {
        SetupPhase::random_with(options, &mut system_rng()?)
    }

    /// Like [`SetupPhase::random`], drawing from `rng`.
    pub fn random_with(
        options: RegroupmentOptions,
        rng: &mut Rng,
    ) -> Result<SetupPhase, SetupError> {
        let white = random_back_rank_with(&options, rng)?;
        let black = random_back_rank_with(&options, rng)?;
        SetupPhase::from_back_ranks(options, &white, &black)
    }
}
