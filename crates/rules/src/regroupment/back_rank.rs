//! Back ranks and the pure rules of one setup step: what a king or queen step may swap with,
//! the bishops' colours, and the start position text a pair of back ranks gives. The setup
//! phase (`phase.rs`) and the start enumeration (`start.rs`) both build on this leaf.

use super::options::{CastlingRule, KingKnight, RegroupmentOptions, TurnOrder};
use super::step::{Relocator, SetupStep};
use crate::types::{Color, Role, Square};

/// A back rank from the a-file to the h-file.
pub type BackRank = [Role; 8];

/// `RNBQKBNR`, where both sides start the setup phase.
pub const ORTHODOX_BACK_RANK: BackRank = crate::types::ORTHODOX_BACK_RANK;

/// The back rank as FEN letters of `color` (`RKBQNBNR` / `rkbqnbnr`).
pub fn back_rank_text(rank: &BackRank, color: Color) -> String {
    rank.iter()
        .map(|&role| crate::types::Piece::new(color, role).fen_char())
        .collect()
}

/// The four steps in the order `order` takes them.
pub fn turn_order(order: TurnOrder) -> [(Color, Relocator); 4] {
    match order {
        TurnOrder::Sequential => [
            (Color::Black, Relocator::King),
            (Color::Black, Relocator::Queen),
            (Color::White, Relocator::King),
            (Color::White, Relocator::Queen),
        ],
        TurnOrder::Alternate => [
            (Color::Black, Relocator::King),
            (Color::White, Relocator::King),
            (Color::Black, Relocator::Queen),
            (Color::White, Relocator::Queen),
        ],
    }
}

fn file_of(rank: &BackRank, role: Role) -> usize {
    // Kings and queens are unique on a back rank during the setup phase.
    rank.iter().position(|&r| r == role).unwrap_or(0)
}

pub(crate) fn bishops_on_opposite_colours(rank: &BackRank) -> bool {
    let file_sum: usize = (0..8).filter(|&f| rank[f] == Role::Bishop).sum();
    // Two bishops on one rank stand on opposite colours exactly when their files differ in
    // parity, whichever rank it is.
    file_sum % 2 == 1
}

fn swapped(rank: &BackRank, a: usize, b: usize) -> BackRank {
    let mut result = *rank;
    result.swap(a, b);
    result
}

/// Why a step is illegal for one side's back rank, before it is put into words.
pub(super) enum Refusal {
    WrongRelocatee(Role),
    BishopsOnOneColour,
    DeclineLeavesBishopsOnOneColour,
    NoValidQueenStep,
}

/// The back rank after the queen step swapping with `target` (a file, or `None` to decline).
fn queen_step(rank: &BackRank, target: Option<usize>) -> Result<BackRank, Refusal> {
    let Some(target) = target else {
        return if bishops_on_opposite_colours(rank) {
            Ok(*rank)
        } else {
            Err(Refusal::DeclineLeavesBishopsOnOneColour)
        };
    };
    let role = rank[target];
    if !matches!(role, Role::Knight | Role::Bishop) {
        return Err(Refusal::WrongRelocatee(role));
    }
    let result = swapped(rank, file_of(rank, Role::Queen), target);
    if bishops_on_opposite_colours(&result) {
        Ok(result)
    } else {
        Err(Refusal::BishopsOnOneColour)
    }
}

fn legal_queen_targets(rank: &BackRank) -> Vec<Option<usize>> {
    std::iter::once(None)
        .chain((0..8).map(Some))
        .filter(|&target| queen_step(rank, target).is_ok())
        .collect()
}

/// The back rank after the king step swapping with `target` (a file, or `None` to decline).
fn king_step(
    rank: &BackRank,
    target: Option<usize>,
    king_knight: KingKnight,
) -> Result<BackRank, Refusal> {
    let result = match target {
        None => *rank,
        Some(target) => {
            let role = rank[target];
            let allowed = match role {
                Role::Bishop | Role::Queen => true,
                Role::Knight => king_knight == KingKnight::Allowed,
                _ => false,
            };
            if !allowed {
                return Err(Refusal::WrongRelocatee(role));
            }
            swapped(rank, file_of(rank, Role::King), target)
        }
    };
    // Validity is judged after the queen step, so a king step is only offered when some
    // queen step can follow it.
    if legal_queen_targets(&result).is_empty() {
        return Err(Refusal::NoValidQueenStep);
    }
    Ok(result)
}

pub(super) fn side_step(
    rank: &BackRank,
    relocator: Relocator,
    target: Option<usize>,
    king_knight: KingKnight,
) -> Result<BackRank, Refusal> {
    match relocator {
        Relocator::King => king_step(rank, target, king_knight),
        Relocator::Queen => queen_step(rank, target),
    }
}

/// Every legal step of one side's `relocator` from `rank`, as files (`None` = decline), with
/// the back rank each leads to.
pub(crate) fn side_step_options(
    rank: &BackRank,
    relocator: Relocator,
    king_knight: KingKnight,
) -> Vec<(Option<usize>, BackRank)> {
    std::iter::once(None)
        .chain((0..8).map(Some))
        .filter_map(|target| {
            side_step(rank, relocator, target, king_knight)
                .ok()
                .map(|result| (target, result))
        })
        .collect()
}

pub(crate) fn back_rank_index(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

pub(crate) fn step_for_file(color: Color, relocator: Relocator, file: Option<usize>) -> SetupStep {
    SetupStep {
        relocator,
        swap_with: file.map(|f| Square::from_coords(f as u8, back_rank_index(color))),
    }
}

/// Whether `options` take away both castling rights of a side whose king stands on `rank`.
fn loses_castling(options: &RegroupmentOptions, rank: &BackRank) -> bool {
    options.castling == CastlingRule::Curtailed && (rank[1] == Role::King || rank[6] == Role::King)
}

/// X-FEN of the start position with these back ranks (pawns on their home ranks, White to
/// move, castling rights `KQkq` minus those `castling = curtailed` removes).
pub fn start_fen(options: &RegroupmentOptions, white: &BackRank, black: &BackRank) -> String {
    let mut castling = String::new();
    if !loses_castling(options, white) {
        castling.push_str("KQ");
    }
    if !loses_castling(options, black) {
        castling.push_str("kq");
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {castling} - 0 1",
        back_rank_text(black, Color::Black),
        back_rank_text(white, Color::White)
    )
}
