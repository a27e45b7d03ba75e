//! The per-variant plumbing the search tools share (`uci`, `bench`, `match`): each game's
//! start position, drawn from a seed where its options leave a choice (sliding's gap, the
//! drawn Chess484 and Chess960 starts), and its position text.

use engine::SearchPosition;
use rules::options::VariantOptions;
use rules::regroupment::{allowed_back_ranks, start_fen};
use rules::relative::RelativePosition;
use rules::sliding::{SlidingPosition, Tile};
use rules::{CastlingMode, ChessPosition, VariantKind};

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A variant's position type with what the tools need beyond the search: its start position
/// and reading its position text.
pub(crate) trait ToolPosition: SearchPosition {
    /// The start position under `options`; a random choice the options leave open (sliding's
    /// gap, a Chess484 start) is drawn from `seed`.
    fn start(options: &VariantOptions, seed: u64, chess960: bool) -> Result<Self, String>;

    fn from_text(text: &str, options: &VariantOptions, chess960: bool) -> Result<Self, String>;
}

fn castling_mode(options: &VariantOptions, chess960: bool) -> CastlingMode {
    if chess960
        || matches!(
            options.variant(),
            VariantKind::Regroupment | VariantKind::Chess960
        )
    {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

impl ToolPosition for ChessPosition {
    fn start(options: &VariantOptions, seed: u64, chess960: bool) -> Result<Self, String> {
        let fen = match options {
            VariantOptions::Regroupment { rules, .. }
                if rules.start == rules::regroupment::StartRule::Random =>
            {
                let ranks = allowed_back_ranks(rules);
                let mut rng = engine::rng::Rng::new(seed);
                let white = &ranks[rng.below(ranks.len() as u64) as usize];
                let black = &ranks[rng.below(ranks.len() as u64) as usize];
                start_fen(rules, white, black)
            }
            VariantOptions::Chess960 { rules, .. } => {
                let mut rng = rules::rng::Rng::seeded(seed);
                let (_, position) =
                    rules::chess960::start_for(rules, &mut rng).map_err(|e| e.to_string())?;
                return Ok(position);
            }
            _ => STANDARD_START.to_string(),
        };
        ChessPosition::from_fen_mode(&fen, castling_mode(options, chess960))
            .map_err(|e| e.to_string())
    }

    fn from_text(text: &str, options: &VariantOptions, chess960: bool) -> Result<Self, String> {
        ChessPosition::from_fen_mode(text, castling_mode(options, chess960))
            .map_err(|e| e.to_string())
    }
}

impl ToolPosition for SlidingPosition {
    fn start(options: &VariantOptions, seed: u64, _chess960: bool) -> Result<Self, String> {
        let chosen = match options {
            VariantOptions::Sliding(sliding) => sliding.gap,
            _ => None,
        };
        let gap = chosen.unwrap_or(Tile::MIDDLE[(engine::rng::Rng::new(seed).below(8)) as usize]);
        Ok(SlidingPosition::start(gap))
    }

    fn from_text(text: &str, _options: &VariantOptions, _chess960: bool) -> Result<Self, String> {
        SlidingPosition::from_text(text).map_err(|e| e.to_string())
    }
}

impl ToolPosition for RelativePosition {
    fn start(options: &VariantOptions, _seed: u64, _chess960: bool) -> Result<Self, String> {
        match options {
            VariantOptions::Relative { rules, .. } => Ok(RelativePosition::start(*rules)),
            _ => Ok(RelativePosition::start(Default::default())),
        }
    }

    fn from_text(text: &str, options: &VariantOptions, _chess960: bool) -> Result<Self, String> {
        let rules = match options {
            VariantOptions::Relative { rules, .. } => *rules,
            _ => Default::default(),
        };
        RelativePosition::from_text(text, rules).map_err(|e| e.to_string())
    }
}
