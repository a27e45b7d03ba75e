//! The 960 start positions of Chess960 with their Scharnagl numbers (0–959; number 518 is the
//! orthodox start), as back ranks, X-FEN and positions, and a uniform seeded draw among them.
//! Play is the chess core in Chess960 castling mode; this module holds what is particular to
//! the variant's start.

mod options;

pub use options::{Chess960Options, OPTIONS, RANDOM_START, START_OPTION};

use crate::chess::{CastlingMode, ChessPosition, FenError};
use crate::rng::Rng;
use crate::types::{Color, Piece, Role};

/// How many start positions there are.
pub const START_COUNT: u16 = 960;

/// The Scharnagl number of the orthodox start (`RNBQKBNR`).
pub const ORTHODOX_NUMBER: u16 = 518;

/// Where the two knights stand among the five squares the bishops and the queen leave free,
/// indexed by the knight digit of the number.
const KNIGHT_PLACES: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank (a-file to h-file) of start number `number`, `None` from 960 on.
///
/// The number is read in mixed radix: its remainder by 4 places the light-squared bishop on
/// b, d, f or h; the next digit (base 4) the dark-squared bishop on a, c, e or g; the next
/// (base 6) the queen on the n-th free square; the last (base 10) the two knights among the five
/// free squares; rook, king and rook fill the remaining three in that order.
pub fn back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= START_COUNT {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut rest = number as usize;
    rank[2 * (rest % 4) + 1] = Some(Role::Bishop);
    rest /= 4;
    rank[2 * (rest % 4)] = Some(Role::Bishop);
    rest /= 4;
    let queen = nth_free(&rank, rest % 6);
    rank[queen] = Some(Role::Queen);
    rest /= 6;
    let (first, second) = KNIGHT_PLACES[rest];
    let (first, second) = (nth_free(&rank, first), nth_free(&rank, second));
    rank[first] = Some(Role::Knight);
    rank[second] = Some(Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        let file = nth_free(&rank, 0);
        rank[file] = Some(role);
    }
    Some(rank.map(|role| role.unwrap_or(Role::Pawn)))
}

/// The file of the `n`-th square still free on `rank` (the caller knows there are enough).
fn nth_free(rank: &[Option<Role>; 8], n: usize) -> usize {
    (0..8)
        .filter(|&file| rank[file].is_none())
        .nth(n)
        .unwrap_or(7)
}

/// The Scharnagl number of a back rank, `None` when it is not a Chess960 start (bishops on one
/// colour, king not between the rooks, wrong pieces).
pub fn number_of(rank: &[Role; 8]) -> Option<u16> {
    let files_of = |role: Role| (0..8).filter(move |&file| rank[file] == role);
    let light_bishop = files_of(Role::Bishop).find(|file| file % 2 == 1)?;
    let dark_bishop = files_of(Role::Bishop).find(|file| file % 2 == 0)?;
    let without_bishops: Vec<usize> = (0..8)
        .filter(|&file| file != light_bishop && file != dark_bishop)
        .collect();
    let queen = without_bishops
        .iter()
        .position(|&file| rank[file] == Role::Queen)?;
    let free: Vec<usize> = without_bishops
        .into_iter()
        .filter(|&file| rank[file] != Role::Queen)
        .collect();
    let knights: Vec<usize> = (0..free.len())
        .filter(|&index| rank[free[index]] == Role::Knight)
        .collect();
    let [first, second] = knights[..] else {
        return None;
    };
    let knight_digit = KNIGHT_PLACES
        .iter()
        .position(|&place| place == (first, second))?;
    let number = ((knight_digit * 6 + queen) * 4 + dark_bishop / 2) * 4 + light_bishop / 2;
    let number = u16::try_from(number).ok()?;
    (back_rank(number)? == *rank).then_some(number)
}

/// The X-FEN of start number `number` (both sides' back ranks mirrored, White to move, all four
/// castling rights).
pub fn start_fen(number: u16) -> Option<String> {
    let rank = back_rank(number)?;
    let letters = |color: Color| -> String {
        rank.iter()
            .map(|&role| Piece::new(color, role).fen_char())
            .collect()
    };
    Some(format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        letters(Color::Black),
        letters(Color::White)
    ))
}

/// The start position of number `number`, in Chess960 castling mode.
pub fn start_position(number: u16) -> Option<ChessPosition> {
    ChessPosition::from_fen_mode(&start_fen(number)?, CastlingMode::Chess960).ok()
}

/// The start position `options` ask for, with its number: the chosen number, or one drawn
/// uniformly from `rng`. A number from 960 on (only possible by building the options by hand)
/// is a board error.
pub fn start_for(
    options: &Chess960Options,
    rng: &mut Rng,
) -> Result<(u16, ChessPosition), FenError> {
    let number = options.start.unwrap_or_else(|| random_number(rng));
    let fen = start_fen(number).ok_or_else(|| FenError::Board {
        reason: format!("there is no Chess960 start number {number} (0 to 959)"),
    })?;
    Ok((
        number,
        ChessPosition::from_fen_mode(&fen, CastlingMode::Chess960)?,
    ))
}

/// A start number drawn uniformly from `rng`.
pub fn random_number(rng: &mut Rng) -> u16 {
    // START_COUNT fits in a usize and the draw is below it.
    rng.below(START_COUNT as usize) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::GamePosition;
    use crate::types::ORTHODOX_BACK_RANK;
    use std::collections::HashSet;

    #[test]
    fn every_number_gives_a_distinct_legal_start_and_reads_back() {
        let mut seen = HashSet::new();
        for number in 0..START_COUNT {
            let rank = back_rank(number).expect("a back rank");
            assert!(seen.insert(rank), "{number} repeats a back rank");
            assert_eq!(number_of(&rank), Some(number));
            let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "{number}: bishops on one colour"
            );
            let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Rook).collect();
            let king = (0..8).position(|f| rank[f] == Role::King).expect("a king");
            assert!(
                rooks[0] < king && king < rooks[1],
                "{number}: king not between rooks"
            );
            let position = start_position(number).expect("a legal position");
            assert_eq!(position.castling_rooks().count(), 4, "{number}");
            assert_eq!(position.position_text(), start_fen(number).expect("text"));
        }
        assert_eq!(seen.len(), 960);
        assert_eq!(back_rank(START_COUNT), None);
    }

    #[test]
    fn known_numbers_match_the_scharnagl_table() {
        assert_eq!(back_rank(ORTHODOX_NUMBER), Some(ORTHODOX_BACK_RANK));
        assert_eq!(
            start_fen(ORTHODOX_NUMBER).as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        let letters = |number: u16| -> String {
            back_rank(number)
                .expect("a back rank")
                .iter()
                .map(|&role| Piece::new(Color::White, role).fen_char())
                .collect()
        };
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
        let mut swapped = ORTHODOX_BACK_RANK;
        swapped.swap(2, 3);
        assert_eq!(number_of(&swapped), None, "bishops on one colour");
    }

    #[test]
    fn seeded_draws_repeat_and_cover_the_range() {
        let draw = |seed| {
            let mut rng = Rng::seeded(seed);
            (0..20).map(|_| random_number(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(draw(5), draw(5));
        assert!(draw(6).iter().all(|&n| n < START_COUNT));
    }
}
