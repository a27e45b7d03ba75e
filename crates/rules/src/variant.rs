//! One `Variant` trait with a marker type per variant, and [`dispatch`], the one place a
//! [`VariantKind`] becomes a type. Also one family for the errors of reading a start position,
//! whichever variant's position text it is.

use crate::chess::{CastlingMode, ChessPosition, FenError};
use crate::chess960::Chess960Options;
use crate::game::{DrawMode, DrawPolicy};
use crate::options::{OptionSpec, VariantOptions};
use crate::position::VariantKind;
use crate::regroupment::{
    RegroupmentOptions, SetupError, SetupPhase, StartRule, ORTHODOX_BACK_RANK,
};
use crate::relative::{RelativeOptions, RelativePosition, RelativePositionError};
use crate::rng::Rng;
use crate::sliding::{SlidingOptions, SlidingPosition, SlidingTextError};
use crate::view::ViewPosition;
use std::fmt::{self, Debug};

/// Why a start position could not be made: the variant's own position-text error, or (for
/// regroupment) a setup that does not give a start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionTextError {
    /// Standard, regroupment and Chess960: FEN / X-FEN / Shredder-FEN.
    Chess(FenError),
    Sliding(SlidingTextError),
    Relative(RelativePositionError),
    /// A regroupment setup (a random draw, or a complete phase) that gives no start position.
    Setup(SetupError),
}

impl fmt::Display for PositionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionTextError::Chess(error) => fmt::Display::fmt(error, f),
            PositionTextError::Sliding(error) => fmt::Display::fmt(error, f),
            PositionTextError::Relative(error) => fmt::Display::fmt(error, f),
            PositionTextError::Setup(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for PositionTextError {}

impl From<FenError> for PositionTextError {
    fn from(error: FenError) -> PositionTextError {
        PositionTextError::Chess(error)
    }
}

impl From<SlidingTextError> for PositionTextError {
    fn from(error: SlidingTextError) -> PositionTextError {
        PositionTextError::Sliding(error)
    }
}

impl From<RelativePositionError> for PositionTextError {
    fn from(error: RelativePositionError) -> PositionTextError {
        PositionTextError::Relative(error)
    }
}

impl From<SetupError> for PositionTextError {
    fn from(error: SetupError) -> PositionTextError {
        PositionTextError::Setup(error)
    }
}

/// Everything the rules know about one variant, on one marker type: its kind, position type,
/// typed rule options and their schema, how it starts (seeded randomness included), how its
/// position text is read, and which draw rules it plays. Tools handle every variant by
/// writing one generic function over `V: Variant` and calling it through [`dispatch`].
pub trait Variant: 'static {
    const KIND: VariantKind;
    type Position: ViewPosition;
    /// The rule options (without `draws`, which the game record applies).
    type Options: Copy + Debug + Default + PartialEq;
    /// Every option of the variant, `draws` included: see [`VariantOptions::schema`].
    const OPTIONS: &'static [OptionSpec];
    /// Threefold repetition and the 50-move rule draw by themselves whatever `draws` says.
    const ALWAYS_AUTOMATIC_DRAWS: bool = false;
    /// Dead positions by material are drawn and flag fall looks at mating material.
    const MATERIAL_RULES: bool;
    /// The deepest leaf count (`perft`) the tools accept from the start position: one ply more
    /// would run for months on one core.
    const DEEPEST_PERFT: u32 = 10;

    /// The rule options out of a game's options (`None` when they are another variant's).
    fn rules(options: &VariantOptions) -> Option<Self::Options>;

    /// The start position under `options`, drawing from `rng` what they leave open (sliding's
    /// gap, regroupment's back ranks with `start = random`). Regroupment otherwise starts from
    /// the orthodox back ranks (its setup phase is the game's business).
    fn start(options: &Self::Options, rng: &mut Rng) -> Result<Self::Position, PositionTextError>;

    /// Reads the variant's position text.
    fn from_text(text: &str, options: &Self::Options) -> Result<Self::Position, PositionTextError>;

    /// The options with every choice [`Variant::start`] would draw settled without chance, for
    /// counts that must repeat (`perft`): a fixed value where the variant has a natural one,
    /// else the option that must be chosen.
    fn without_chance(options: Self::Options) -> Result<Self::Options, &'static OptionSpec> {
        Ok(options)
    }

    /// Every start position `options` allow, as position text in the variant's own order;
    /// `None` when the variant has no such list (its starts are not a choice among setups).
    fn start_list(_options: &Self::Options) -> Option<Vec<String>> {
        None
    }

    /// The draw rules a game of this variant plays under the `draws` option `mode`.
    fn draw_policy(mode: DrawMode) -> DrawPolicy {
        DrawPolicy::new(mode, Self::ALWAYS_AUTOMATIC_DRAWS, Self::MATERIAL_RULES)
    }
}

/// Standard chess.
pub struct Standard;
/// Regroupment Chess (Chess484): a setup phase, then chess with Chess960 castling.
pub struct Regroupment;
/// Sliding chess: sixteen 2×2 tiles, one missing.
pub struct Sliding;
/// Relative chess: the inner board on a larger outer board.
pub struct Relative;
/// Chess960: chess from one of 960 back ranks, with Chess960 castling.
pub struct Chess960;

impl Variant for Standard {
    const KIND: VariantKind = VariantKind::Standard;
    type Position = ChessPosition;
    type Options = ();
    const OPTIONS: &'static [OptionSpec] = &crate::chess::OPTIONS;
    const MATERIAL_RULES: bool = true;

    fn rules(options: &VariantOptions) -> Option<()> {
        matches!(options, VariantOptions::Standard { .. }).then_some(())
    }

    fn start(_: &(), _: &mut Rng) -> Result<ChessPosition, PositionTextError> {
        Ok(ChessPosition::startpos())
    }

    fn from_text(text: &str, _: &()) -> Result<ChessPosition, PositionTextError> {
        Ok(ChessPosition::from_fen(text)?)
    }
}

impl Variant for Regroupment {
    const KIND: VariantKind = VariantKind::Regroupment;
    type Position = ChessPosition;
    type Options = RegroupmentOptions;
    const OPTIONS: &'static [OptionSpec] = &crate::regroupment::OPTIONS;
    const MATERIAL_RULES: bool = true;

    fn rules(options: &VariantOptions) -> Option<RegroupmentOptions> {
        match options {
            VariantOptions::Regroupment { rules, .. } => Some(*rules),
            _ => None,
        }
    }

    fn start(
        options: &RegroupmentOptions,
        rng: &mut Rng,
    ) -> Result<ChessPosition, PositionTextError> {
        let phase = match options.start {
            StartRule::Random => SetupPhase::random_with(*options, rng)?,
            StartRule::Choose => {
                SetupPhase::from_back_ranks(*options, &ORTHODOX_BACK_RANK, &ORTHODOX_BACK_RANK)?
            }
        };
        Ok(phase.into_position()?)
    }

    fn from_text(text: &str, _: &RegroupmentOptions) -> Result<ChessPosition, PositionTextError> {
        Ok(crate::regroupment::position_from_text(text)?)
    }

    /// A random setup becomes the orthodox back ranks.
    fn without_chance(
        options: RegroupmentOptions,
    ) -> Result<RegroupmentOptions, &'static OptionSpec> {
        Ok(RegroupmentOptions {
            start: StartRule::Choose,
            ..options
        })
    }

    /// Every pair of back ranks the options allow, as X-FEN.
    fn start_list(options: &RegroupmentOptions) -> Option<Vec<String>> {
        Some(crate::regroupment::start_positions(options))
    }
}

impl Variant for Sliding {
    const KIND: VariantKind = VariantKind::Sliding;
    type Position = SlidingPosition;
    type Options = SlidingOptions;
    const OPTIONS: &'static [OptionSpec] = &crate::sliding::OPTIONS;
    const ALWAYS_AUTOMATIC_DRAWS: bool = true;
    const MATERIAL_RULES: bool = false;

    fn rules(options: &VariantOptions) -> Option<SlidingOptions> {
        match options {
            VariantOptions::Sliding(sliding) => Some(*sliding),
            _ => None,
        }
    }

    fn start(
        options: &SlidingOptions,
        rng: &mut Rng,
    ) -> Result<SlidingPosition, PositionTextError> {
        let gap = options
            .gap
            .unwrap_or_else(|| SlidingPosition::random_gap_with(rng));
        Ok(SlidingPosition::start(gap))
    }

    fn from_text(text: &str, _: &SlidingOptions) -> Result<SlidingPosition, PositionTextError> {
        Ok(SlidingPosition::from_text(text)?)
    }

    /// The gap has no natural value: it must be chosen.
    fn without_chance(options: SlidingOptions) -> Result<SlidingOptions, &'static OptionSpec> {
        match options.gap {
            Some(_) => Ok(options),
            None => Err(&crate::sliding::OPTIONS[0]),
        }
    }
}

impl Variant for Relative {
    const KIND: VariantKind = VariantKind::Relative;
    type Position = RelativePosition;
    type Options = RelativeOptions;
    const OPTIONS: &'static [OptionSpec] = &crate::relative::OPTIONS;
    const MATERIAL_RULES: bool = false;
    /// 16×16 relative chess has about 67 moves a ply and a slower move generator.
    const DEEPEST_PERFT: u32 = 7;

    fn rules(options: &VariantOptions) -> Option<RelativeOptions> {
        match options {
            VariantOptions::Relative { rules, .. } => Some(*rules),
            _ => None,
        }
    }

    fn start(
        options: &RelativeOptions,
        _: &mut Rng,
    ) -> Result<RelativePosition, PositionTextError> {
        Ok(RelativePosition::start(*options))
    }

    fn from_text(
        text: &str,
        options: &RelativeOptions,
    ) -> Result<RelativePosition, PositionTextError> {
        Ok(RelativePosition::from_text(text, *options)?)
    }
}

impl Variant for Chess960 {
    const KIND: VariantKind = VariantKind::Chess960;
    type Position = ChessPosition;
    type Options = Chess960Options;
    const OPTIONS: &'static [OptionSpec] = &crate::chess960::OPTIONS;
    const MATERIAL_RULES: bool = true;

    fn rules(options: &VariantOptions) -> Option<Chess960Options> {
        match options {
            VariantOptions::Chess960 { rules, .. } => Some(*rules),
            _ => None,
        }
    }

    fn start(options: &Chess960Options, rng: &mut Rng) -> Result<ChessPosition, PositionTextError> {
        Ok(crate::chess960::start_for(options, rng)?.1)
    }

    fn from_text(text: &str, _: &Chess960Options) -> Result<ChessPosition, PositionTextError> {
        Ok(ChessPosition::from_fen_mode(text, CastlingMode::Chess960)?)
    }

    /// A random start becomes the orthodox one (number 518).
    fn without_chance(options: Chess960Options) -> Result<Chess960Options, &'static OptionSpec> {
        Ok(Chess960Options {
            start: Some(options.start.unwrap_or(crate::chess960::ORTHODOX_NUMBER)),
        })
    }

    /// The 960 starts in Scharnagl order, or the one chosen.
    fn start_list(options: &Chess960Options) -> Option<Vec<String>> {
        let numbers = match options.start {
            Some(number) => number..number + 1,
            None => 0..crate::chess960::START_COUNT,
        };
        Some(numbers.filter_map(crate::chess960::start_fen).collect())
    }
}

/// Code written once for every variant: [`dispatch`] calls `visit::<V>()` with the marker type
/// of the variant asked for.
pub trait VariantVisitor {
    type Output;
    fn visit<V: Variant>(self) -> Self::Output;
}

/// Expands to a `match` on a [`VariantKind`] with one arm per variant, in which `$marker`
/// names that variant's marker type: `for_each_variant!(kind, V => visitor.visit::<V>())`.
/// The list of variants lives here only; [`dispatch`] and the engine's dispatch (whose visitors
/// need more of the position than [`Variant`] promises) both expand it.
#[macro_export]
macro_rules! for_each_variant {
    ($kind:expr, $marker:ident => $body:expr) => {
        match $kind {
            $crate::VariantKind::Standard => {
                type $marker = $crate::variant::Standard;
                $body
            }
            $crate::VariantKind::Regroupment => {
                type $marker = $crate::variant::Regroupment;
                $body
            }
            $crate::VariantKind::Sliding => {
                type $marker = $crate::variant::Sliding;
                $body
            }
            $crate::VariantKind::Relative => {
                type $marker = $crate::variant::Relative;
                $body
            }
            $crate::VariantKind::Chess960 => {
                type $marker = $crate::variant::Chess960;
                $body
            }
        }
    };
}

/// The one place a variant kind becomes a type.
pub fn dispatch<F: VariantVisitor>(kind: VariantKind, visitor: F) -> F::Output {
    crate::for_each_variant!(kind, V => visitor.visit::<V>())
}

impl DrawPolicy {
    /// The draw rules a game of `variant` plays under the `draws` option `mode`.
    pub fn for_variant(variant: VariantKind, mode: DrawMode) -> DrawPolicy {
        struct PolicyOf(DrawMode);
        impl VariantVisitor for PolicyOf {
            type Output = DrawPolicy;
            fn visit<V: Variant>(self) -> DrawPolicy {
                V::draw_policy(self.0)
            }
        }
        dispatch(variant, PolicyOf(mode))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::GamePosition;

    /// Starts every variant from its defaults with a fixed seed, reads back its own position
    /// text, and checks the kind and schema agree with the rest of the crate.
    struct RoundTrip;

    impl VariantVisitor for RoundTrip {
        type Output = (VariantKind, String);

        fn visit<V: Variant>(self) -> Self::Output {
            let options = V::Options::default();
            let start = V::start(&options, &mut Rng::seeded(7)).expect("a start position");
            let text = start.position_text();
            let again = V::from_text(&text, &options).expect("own text reads back");
            assert_eq!(again.position_text(), text);
            assert_eq!(V::OPTIONS, VariantOptions::schema(V::KIND));
            let defaults = VariantOptions::default_for(V::KIND);
            assert_eq!(V::rules(&defaults), Some(options));
            (V::KIND, text)
        }
    }

    #[test]
    fn dispatch_reaches_every_variant_and_starts_read_back() {
        for kind in VariantKind::ALL {
            let (seen, text) = dispatch(kind, RoundTrip);
            assert_eq!(seen, kind);
            assert!(!text.is_empty());
        }
        let (_, regroupment) = dispatch(VariantKind::Regroupment, RoundTrip);
        assert!(regroupment.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
    }

    #[test]
    fn seeded_starts_repeat_and_draw_policies_follow_the_variant() {
        let mut first = Rng::seeded(11);
        let mut second = Rng::seeded(11);
        let options = SlidingOptions::default();
        for _ in 0..8 {
            let a = Sliding::start(&options, &mut first).expect("start");
            let b = Sliding::start(&options, &mut second).expect("start");
            assert_eq!(a.gap(), b.gap());
        }
        let fide = DrawPolicy::for_variant(VariantKind::Sliding, DrawMode::Fide);
        assert!(fide.automatic_threefold_and_fifty && !fide.material_rules);
        let fide = DrawPolicy::for_variant(VariantKind::Standard, DrawMode::Fide);
        assert!(!fide.automatic_threefold_and_fifty && fide.material_rules);
        let auto = DrawPolicy::for_variant(VariantKind::Relative, DrawMode::Auto);
        assert!(auto.automatic_threefold_and_fifty && !auto.material_rules);
    }
}
