//! The tuner's variants: each one's book, position text, weights as a flat list, their
//! bounds and the file `--write` rewrites.

use super::{white_eval, LinearTerms, Sample, Tunable};
use engine::eval::chess::{
    self, ChessEval, ChessWeights, CORRECTIONS, MOBILITY_COUNTS, SQUARE_TABLE,
};
use engine::eval::relative::{self, RelativeWeights};
use engine::eval::sliding::{self, SlidingWeights};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::SlidingPosition;
use rules::{CastlingMode, ChessPosition, Color, Piece, Role};

pub(crate) struct Relative;

impl Tunable for Relative {
    type Position = RelativePosition;
    const NAME: &'static str = "relative";
    const BOOK: &'static str = include_str!("../../books/relative.txt");
    const WEIGHTS_FILE: &'static str = "relative";
    const WEIGHTS_TITLE: &'static str = "relative chess's own evaluation terms";

    fn parse(text: &str) -> Result<RelativePosition, String> {
        RelativePosition::from_text(text, RelativeOptions::default())
            .map_err(|error| format!("{error}: '{text}'"))
    }

    fn current_weights() -> Vec<i32> {
        relative::WEIGHTS.to_vec()
    }

    fn white_score(position: &RelativePosition, weights: &[i32]) -> i32 {
        let weights = RelativeWeights::from_slice(weights).expect("as many weights");
        relative::white_score_with(position, &weights)
    }

    fn weights_source(weights: &[i32]) -> String {
        let w = RelativeWeights::from_slice(weights).expect("as many weights");
        let [e0, e1, e2] = w.edge_risk_percent;
        let [k0, k1, k2] = w.king_edge_risk;
        format!(
            "use super::relative::RelativeWeights;\n\
             \n\
             pub const TUNED: RelativeWeights = RelativeWeights {{\n    \
             off_inner_board: {a},\n    \
             off_inner_board_percent: {b},\n    \
             king_off_inner_board: {c},\n    \
             edge_risk_percent: [{e0}, {e1}, {e2}],\n    \
             king_edge_risk: [{k0}, {k1}, {k2}],\n    \
             forward_room: {room},\n    \
             removed_escape: {escape},\n\
             }};\n",
            a = w.off_inner_board,
            b = w.off_inner_board_percent,
            c = w.king_off_inner_board,
            room = w.forward_room,
            escape = w.removed_escape,
        )
    }
}

pub(crate) struct Sliding;

impl Tunable for Sliding {
    type Position = SlidingPosition;
    const NAME: &'static str = "sliding";
    const BOOK: &'static str = include_str!("../../books/sliding.txt");
    const WEIGHTS_FILE: &'static str = "sliding";
    const WEIGHTS_TITLE: &'static str = "sliding chess's own evaluation terms";

    fn parse(text: &str) -> Result<SlidingPosition, String> {
        SlidingPosition::from_text(text).map_err(|error| format!("{error}: '{text}'"))
    }

    fn current_weights() -> Vec<i32> {
        sliding::WEIGHTS.to_vec()
    }

    fn upper_limits() -> Vec<i32> {
        let all = Self::current_weights();
        let mut limits: Vec<i32> = all.iter().map(|&w| 4 * w + 20).collect();
        // The king's piece-square share removed is a percentage.
        if let Some(last) = limits.last_mut() {
            *last = 100;
        }
        limits
    }

    fn white_score(position: &SlidingPosition, weights: &[i32]) -> i32 {
        let weights = SlidingWeights::from_slice(weights).expect("as many weights");
        sliding::white_score_with(position, &weights)
    }

    fn weights_source(weights: &[i32]) -> String {
        let w = SlidingWeights::from_slice(weights).expect("as many weights");
        let [gap_mg, gap_eg] = w.king_by_gap;
        let [pawn_mg, pawn_eg] = w.pawn_one_slide_from_queening;
        format!(
            "use super::sliding::SlidingWeights;\n\
             \n\
             pub const TUNED: SlidingWeights = SlidingWeights {{\n    \
             king_by_gap: [{gap_mg}, {gap_eg}],\n    \
             pawn_one_slide_from_queening: [{pawn_mg}, {pawn_eg}],\n    \
             king_square_removed_percent: {king},\n\
             }};\n",
            king = w.king_square_removed_percent,
        )
    }
}

/// Standard chess: every weight of the 8×8 evaluation (`eval::chess::ChessWeights`), which
/// Chess960 and regroupment share and sliding chess builds on.
pub(crate) struct Standard;

impl Standard {
    fn eval(weights: &[i32]) -> ChessEval {
        ChessEval::new(&ChessWeights::from_slice(weights).expect("as many weights"))
    }

    /// How far a correction (mobility by count, per square) may move its entry either way.
    const CORRECTION_LIMIT: i32 = 60;

    /// Where the corrections are in the flat list: they end it, the mobility-by-count
    /// tables first (see [`CORRECTIONS`]).
    fn correction_indices() -> std::ops::Range<usize> {
        ChessWeights::COUNT - CORRECTIONS..ChessWeights::COUNT
    }

    /// Where the field `name` starts in the flat list.
    fn field_start(name: &str) -> usize {
        Self::field_ranges()
            .into_iter()
            .find(|(field, _)| *field == name)
            .map(|(_, range)| range.start)
            .expect("a field of ChessWeights")
    }

    /// Where the mobility-by-count corrections start: `mobility_count_mg`, then
    /// `mobility_count_eg`, each [`MOBILITY_COUNTS`] long.
    fn mobility_count_start() -> usize {
        Self::field_start("mobility_count_mg")
    }

    /// Where the per-square corrections start in the flat list: `square_mg`, then
    /// `square_eg`, each [`SQUARE_TABLE`] long.
    fn square_start() -> usize {
        Self::field_start("square_mg")
    }

    fn square_indices() -> std::ops::Range<usize> {
        let start = Self::square_start();
        start..start + 2 * SQUARE_TABLE
    }

    fn tempo_index() -> usize {
        let mut marked = ChessWeights::from_slice(&vec![0; ChessWeights::COUNT]).expect("count");
        marked.tempo = 1;
        marked
            .to_vec()
            .iter()
            .position(|&w| w == 1)
            .expect("a tempo weight")
    }
}

impl Tunable for Standard {
    type Position = ChessPosition;
    const NAME: &'static str = "standard";
    const UCI_TEXT: bool = true;
    const BOOK: &'static str = include_str!("../../books/standard.txt");
    const WEIGHTS_FILE: &'static str = "standard";
    const WEIGHTS_TITLE: &'static str =
        "the 8×8 evaluation in standard chess (Chess960-style starts have `chess960_weights.rs`)";

    fn parse(text: &str) -> Result<ChessPosition, String> {
        ChessPosition::from_fen(text).map_err(|error| format!("{error}: '{text}'"))
    }

    /// The hand-set values, not the file's: the command in the file's header then
    /// reproduces it.
    fn current_weights() -> Vec<i32> {
        chess::HAND_SET.to_vec()
    }

    fn field_ranges() -> Vec<(&'static str, std::ops::Range<usize>)> {
        let mut weights = chess::HAND_SET;
        let mut start = 0;
        weights
            .fields_mut()
            .into_iter()
            .map(|field| {
                let range = start..start + field.values.len();
                start = range.end;
                (field.name, range)
            })
            .collect()
    }

    /// Each weight keeps the sign it has (a penalty stays a penalty) and stays within four
    /// times its hand-set size plus 20, and at least within 80: a term the hand-set values
    /// leave off (0) may still grow to a real size. A per-square correction may take either
    /// sign, as may a mobility-by-count entry, within [`Self::CORRECTION_LIMIT`].
    fn upper_limits() -> Vec<i32> {
        let mut limits: Vec<i32> = chess::HAND_SET
            .to_vec()
            .iter()
            .map(|&w| if w >= 0 { (4 * w + 20).max(80) } else { 0 })
            .collect();
        for index in Self::correction_indices() {
            limits[index] = Self::CORRECTION_LIMIT;
        }
        limits
    }

    fn lower_limits() -> Vec<i32> {
        let mut limits: Vec<i32> = chess::HAND_SET
            .to_vec()
            .iter()
            .map(|&w| if w >= 0 { 0 } else { 4 * w - 20 })
            .collect();
        for index in Self::correction_indices() {
            limits[index] = -Self::CORRECTION_LIMIT;
        }
        limits
    }

    fn decayed() -> std::ops::Range<usize> {
        Self::correction_indices()
    }

    fn white_score(position: &ChessPosition, weights: &[i32]) -> i32 {
        chess::white_score_with(position, &Self::eval(weights))
    }

    fn tempo(weights: &[i32]) -> i32 {
        weights[Self::tempo_index()]
    }

    fn weights_source(weights: &[i32]) -> String {
        ChessWeights::from_slice(weights)
            .expect("as many weights")
            .source()
    }

    /// Exact for every term but the king attack (squared units, capped) and the drawish
    /// scaling, which are taken as they are at `weights`.
    fn linear_terms(
        samples: &[Sample<ChessPosition>],
        weights: &[i32],
    ) -> Option<Vec<LinearTerms>> {
        let base = Self::eval(weights);
        let tempo_index = Self::tempo_index();
        let squares = Self::square_indices();
        let mobility_counts = Self::mobility_count_start();
        // The corrections enter the evaluation exactly once per piece, so their slopes are
        // read off the board below instead of by nudging each of them.
        let corrections = Self::correction_indices();
        let nudged: Vec<(usize, ChessEval)> = (0..weights.len())
            .filter(|index| *index != tempo_index && !corrections.contains(index))
            .map(|index| {
                let mut changed = weights.to_vec();
                changed[index] += 1;
                (index, Self::eval(&changed))
            })
            .collect();
        let terms = samples
            .iter()
            .map(|sample| {
                let position = &sample.position;
                let phase = chess::phase(position) as f64;
                let at_base = chess::white_terms_with(position, &base);
                let blended = at_base.blend(chess::phase(position));
                let scale = if blended != 0 && chess::drawish_scale(position, blended) != blended {
                    0.125
                } else {
                    1.0
                };
                let tempo_sign = if position.turn() == Color::White {
                    1.0
                } else {
                    -1.0
                };
                let mut slopes = vec![(tempo_index as u16, tempo_sign as f32)];
                for (index, eval) in &nudged {
                    let terms = chess::white_terms_with(position, eval);
                    let (mg, eg) = (terms.mg - at_base.mg, terms.eg - at_base.eg);
                    if mg != 0 || eg != 0 {
                        let slope = (mg as f64 * phase + eg as f64 * (24.0 - phase)) / 24.0;
                        slopes.push((*index as u16, (slope * scale) as f32));
                    }
                }
                // A white and a black piece on mirrored squares share an entry: their slopes
                // add up in the descent.
                for color in Color::ALL {
                    let sign = if color == Color::White { 1.0 } else { -1.0 };
                    for role in Role::ALL {
                        for sq in position.by_piece(Piece::new(color, role)) {
                            let square = match color {
                                Color::White => sq.index(),
                                Color::Black => sq.flip_rank().index(),
                            };
                            let entry = squares.start + role.index() * 64 + square;
                            let mg = sign * phase / 24.0 * scale;
                            let eg = sign * (24.0 - phase) / 24.0 * scale;
                            slopes.push((entry as u16, mg as f32));
                            slopes.push(((entry + SQUARE_TABLE) as u16, eg as f32));
                        }
                    }
                }
                for (color, entry) in chess::mobility_count_entries(position) {
                    let sign = if color == Color::White { 1.0 } else { -1.0 };
                    let entry = mobility_counts + entry;
                    let mg = sign * phase / 24.0 * scale;
                    let eg = sign * (24.0 - phase) / 24.0 * scale;
                    slopes.push((entry as u16, mg as f32));
                    slopes.push(((entry + MOBILITY_COUNTS) as u16, eg as f32));
                }
                LinearTerms {
                    eval: white_eval::<Standard>(position, weights),
                    slopes,
                }
            })
            .collect();
        Some(terms)
    }
}

/// Chess960-style starts (regroupment and Chess960): the same 8×8 weights as standard chess,
/// fitted on games from those starts, with Chess960 castling. The openings alternate between
/// the regroupment and Chess960 books and skip each book's first [`Self::HELD_OUT`] lines,
/// which matches keep for testing the result.
pub(crate) struct Chess960Starts;

impl Chess960Starts {
    const HELD_OUT: usize = 100;
}

impl Tunable for Chess960Starts {
    type Position = ChessPosition;
    const NAME: &'static str = "chess960-starts";
    const UCI_TEXT: bool = true;
    const BOOK: &'static str = include_str!("../../books/regroupment.txt");
    const WEIGHTS_FILE: &'static str = "chess960";
    const WEIGHTS_TITLE: &'static str =
        "the 8×8 evaluation in Chess960-style starts (Chess960 and regroupment)";

    fn book_lines() -> Vec<&'static str> {
        let regroupment = Self::BOOK.lines().skip(Self::HELD_OUT);
        let chess960 = include_str!("../../books/chess960.txt")
            .lines()
            .skip(Self::HELD_OUT);
        regroupment
            .zip(chess960)
            .flat_map(|(first, second)| [first, second])
            .collect()
    }

    fn parse(text: &str) -> Result<ChessPosition, String> {
        ChessPosition::from_fen_mode(text, CastlingMode::Chess960)
            .map_err(|error| format!("{error}: '{text}'"))
    }

    fn current_weights() -> Vec<i32> {
        Standard::current_weights()
    }

    fn field_ranges() -> Vec<(&'static str, std::ops::Range<usize>)> {
        Standard::field_ranges()
    }

    fn upper_limits() -> Vec<i32> {
        Standard::upper_limits()
    }

    fn lower_limits() -> Vec<i32> {
        Standard::lower_limits()
    }

    fn decayed() -> std::ops::Range<usize> {
        Standard::decayed()
    }

    fn white_score(position: &ChessPosition, weights: &[i32]) -> i32 {
        Standard::white_score(position, weights)
    }

    fn tempo(weights: &[i32]) -> i32 {
        Standard::tempo(weights)
    }

    fn weights_source(weights: &[i32]) -> String {
        Standard::weights_source(weights)
    }

    fn linear_terms(
        samples: &[Sample<ChessPosition>],
        weights: &[i32],
    ) -> Option<Vec<LinearTerms>> {
        Standard::linear_terms(samples, weights)
    }
}
