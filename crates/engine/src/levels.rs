//! Playing levels. Easy and Medium search shallowly, score every root move exactly and then
//! choose with seeded noise, sometimes taking a plausible but weaker move — the kind of
//! mistake a beginner can exploit. Hard searches at full strength within its time; Analysis
//! has no limits of its own. Every choice is reproducible from the seed.

use crate::rng::Rng;
use crate::score::MATE_BOUND;

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    /// Full strength with no limits of its own: the caller's limits (or the stop flag) decide.
    Analysis,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Analysis];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Analysis => "analysis",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
    }

    /// The level's own limits and imprecision.
    pub const fn settings(self) -> LevelSettings {
        match self {
            Level::Easy => LevelSettings {
                max_depth: Some(2),
                max_nodes: Some(20_000),
                default_move_time_ms: Some(500),
                exact_root_scores: true,
                noise_cp: 60,
                mistake_percent: 20,
                // Wide enough to leave a minor piece hanging now and then.
                mistake_margin_cp: 350,
                contempt_cp: 0,
            },
            Level::Medium => LevelSettings {
                max_depth: Some(4),
                max_nodes: Some(200_000),
                default_move_time_ms: Some(1_000),
                exact_root_scores: true,
                noise_cp: 20,
                mistake_percent: 8,
                mistake_margin_cp: 100,
                contempt_cp: 0,
            },
            Level::Hard => LevelSettings {
                max_depth: None,
                max_nodes: None,
                default_move_time_ms: Some(2_000),
                exact_root_scores: false,
                noise_cp: 0,
                mistake_percent: 0,
                mistake_margin_cp: 0,
                contempt_cp: 50,
            },
            Level::Analysis => LevelSettings {
                max_depth: None,
                max_nodes: None,
                default_move_time_ms: None,
                exact_root_scores: false,
                noise_cp: 0,
                mistake_percent: 0,
                mistake_margin_cp: 0,
                contempt_cp: 0,
            },
        }
    }
}

/// What a level does differently from a plain full-strength search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// Used when the caller gives no limit at all.
    pub default_move_time_ms: Option<u64>,
    /// Search every root move with a full window so the choice below sees exact scores.
    pub exact_root_scores: bool,
    /// Each root move's score is shifted by a seeded amount in ±this before picking the best.
    pub noise_cp: i32,
    /// The chance of deliberately playing a weaker move…
    pub mistake_percent: u32,
    /// …chosen among those at most this much worse than the best.
    pub mistake_margin_cp: i32,
    /// A draw counts as this much worse than equal for the searching side, so that it plays
    /// on in balanced positions instead of repeating (analysis reports true scores: 0).
    pub contempt_cp: i32,
}

/// A root move with the score its last search gave it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove<M> {
    pub mv: M,
    pub score: i32,
    /// Whether `score` is exact (searched with a full window at the last completed depth).
    pub exact: bool,
}

/// Lets the level pick a move other than the best among the exactly scored root moves.
pub(crate) fn choose_with_level<M: Copy>(
    root_moves: &[RootMove<M>],
    settings: &LevelSettings,
    seed: u64,
) -> Option<RootMove<M>> {
    if !settings.exact_root_scores || root_moves.len() < 2 {
        return None;
    }
    let scored: Vec<RootMove<M>> = root_moves.iter().copied().filter(|m| m.exact).collect();
    let best = scored.iter().map(|m| m.score).max()?;
    let mut rng = Rng::new(seed ^ 0x5eed_1e7e1);
    if rng.chance(settings.mistake_percent) && best < MATE_BOUND {
        let plausible: Vec<RootMove<M>> = scored
            .iter()
            .copied()
            .filter(|m| m.score < best && m.score >= best - settings.mistake_margin_cp)
            .collect();
        if !plausible.is_empty() {
            return Some(plausible[rng.below(plausible.len() as u64) as usize]);
        }
    }
    scored
        .iter()
        .map(|m| (m.score.saturating_add(rng.symmetric(settings.noise_cp)), *m))
        .max_by_key(|(noisy, _)| *noisy)
        .map(|(_, m)| m)
}
