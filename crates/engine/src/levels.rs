//! Playing levels 1 to 8. Levels 1–6 search to a depth and node count of their own, score
//! every root move exactly and then choose with seeded noise, sometimes taking a plausible but
//! weaker move — the kind of mistake a beginner can exploit; the noise and the mistakes shrink
//! as the level rises. Level 7 searches at full depth within its time with a little noise;
//! level 8 (Hard) at full strength. Analysis has no limits of its own. Every choice is
//! reproducible from the seed.

use crate::rng::Rng;
use crate::score::MATE_BOUND;

/// How strongly the computer plays: levels 1 (weakest) to 8 (full strength within its
/// time), or [`Level::Analysis`]. Levels 2, 4 and 8 keep their old names `easy`, `medium` and
/// `hard`, which saved games, links and the command line use; the others are named by their
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level(u8);

#[allow(non_upper_case_globals)]
impl Level {
    pub const Easy: Level = Level(2);
    pub const Medium: Level = Level(4);
    /// Full strength within its time.
    pub const Hard: Level = Level(8);
    /// Full strength with no limits of its own: the caller's limits (or the stop flag) decide.
    pub const Analysis: Level = Level(0);

    pub const WEAKEST: u8 = 1;
    pub const STRONGEST: u8 = 8;

    pub const ALL: [Level; 9] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
        Level(0),
    ];

    /// Level `number` of 1 to 8.
    pub const fn new(number: u8) -> Option<Level> {
        if number >= Level::WEAKEST && number <= Level::STRONGEST {
            Some(Level(number))
        } else {
            None
        }
    }

    /// 1 to 8; `None` for analysis.
    pub const fn number(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0)
        }
    }

    pub const fn name(self) -> &'static str {
        match self.0 {
            1 => "1",
            2 => "easy",
            3 => "3",
            4 => "medium",
            5 => "5",
            6 => "6",
            7 => "7",
            8 => "hard",
            _ => "analysis",
        }
    }

    /// A level's name, or its number (`2` is `easy`), in any case.
    pub fn from_name(name: &str) -> Option<Level> {
        let name = name.trim();
        if let Ok(number) = name.parse::<u8>() {
            return Level::new(number);
        }
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
    }

    /// The level's own limits and imprecision. Each level searches deeper (or more exactly)
    /// and errs less than the one below; the low levels still leave a piece hanging now and
    /// then, as a beginner does.
    pub const fn settings(self) -> LevelSettings {
        match self.0 {
            1 => noisy(1, 5_000, 300, 100, 30, 500),
            // Wide enough to leave a minor piece hanging now and then.
            2 => noisy(2, 20_000, 500, 60, 20, 350),
            3 => noisy(3, 60_000, 700, 35, 12, 200),
            4 => noisy(4, 200_000, 1_000, 20, 8, 100),
            5 => noisy(5, 400_000, 1_200, 12, 4, 60),
            6 => noisy(6, 1_000_000, 1_500, 8, 2, 40),
            // Full depth within its time, choosing among exactly scored moves with a little
            // noise: a shade below level 8 at the same time.
            7 => LevelSettings {
                max_depth: None,
                max_nodes: None,
                default_move_time_ms: Some(2_000),
                exact_root_scores: true,
                noise_cp: 6,
                mistake_percent: 0,
                mistake_margin_cp: 0,
                contempt_cp: 50,
            },
            8 => LevelSettings {
                max_depth: None,
                max_nodes: None,
                default_move_time_ms: Some(2_000),
                exact_root_scores: false,
                noise_cp: 0,
                mistake_percent: 0,
                mistake_margin_cp: 0,
                contempt_cp: 50,
            },
            _ => LevelSettings {
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

/// The settings of a level limited by depth and nodes that chooses with noise.
const fn noisy(
    max_depth: u32,
    max_nodes: u64,
    default_move_time_ms: u64,
    noise_cp: i32,
    mistake_percent: u32,
    mistake_margin_cp: i32,
) -> LevelSettings {
    LevelSettings {
        max_depth: Some(max_depth),
        max_nodes: Some(max_nodes),
        default_move_time_ms: Some(default_move_time_ms),
        exact_root_scores: true,
        noise_cp,
        mistake_percent,
        mistake_margin_cp,
        contempt_cp: 0,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_names_and_numbers_name_the_same_levels() {
        assert_eq!(Level::from_name("easy"), Some(Level::new(2).unwrap()));
        assert_eq!(Level::from_name("Medium"), Level::new(4));
        assert_eq!(Level::from_name("hard"), Level::new(8));
        assert_eq!(Level::from_name("8"), Some(Level::Hard));
        assert_eq!(Level::from_name("analysis"), Some(Level::Analysis));
        assert_eq!(Level::from_name("0"), None);
        assert_eq!(Level::from_name("9"), None);
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
    }

    #[test]
    fn each_level_searches_at_least_as_much_and_errs_less_than_the_one_below() {
        let depth = |s: LevelSettings| s.max_depth.unwrap_or(u32::MAX);
        let nodes = |s: LevelSettings| s.max_nodes.unwrap_or(u64::MAX);
        for number in Level::WEAKEST..Level::STRONGEST {
            let below = Level::new(number).unwrap().settings();
            let above = Level::new(number + 1).unwrap().settings();
            assert!(depth(above) >= depth(below) && nodes(above) >= nodes(below));
            assert!(above.noise_cp < below.noise_cp || above.noise_cp == 0);
            assert!(above.mistake_percent <= below.mistake_percent);
        }
        assert_eq!(Level::Hard.settings().noise_cp, 0);
        assert!(!Level::Hard.settings().exact_root_scores);
    }
}
