//! The 8×8 evaluation's pawn-structure terms — the ones that depend on where the pawns stand
//! and on nothing else — and a small table, one per thread, that remembers them by the
//! placement of both sides' pawns. Pawns move rarely in a search tree, so most evaluations
//! find their structure there instead of walking every pawn again.
//!
//! The king's shelter and the pawns storming it depend on the pawns and the kings' squares
//! only, and are remembered with them.
//!
//! The passed-pawn terms that also look at kings and pieces (a blocker, the kings' distances,
//! a free path) stay in `chess.rs`, counted from the passed pawns found here.

use super::chess::{adjacent_files, ahead_of, pawn_attacks_of, sign, ChessEval, Tapered};
use super::chess_keys::pawns_key;
use super::chess_terms::ChessWeights;
use rules::{Bitboard, Color, Square};
use std::cell::RefCell;

/// The pawn-structure terms of one placement of pawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PawnStructure {
    /// Doubled, isolated, backward, weak unopposed and connected pawns, and each passed
    /// pawn's rank bonus and support, from White's side.
    pub score: Tapered,
    /// Each side's passed pawns on relative ranks 2..7, by colour.
    pub passed: [Bitboard; 2],
    /// The kings' pawn shelter, open files beside them and enemy pawns storming them, from
    /// White's side (middlegame only).
    pub shelter_mg: i32,
}

/// Counts the pawn-structure terms of the pawns `white_pawns` and `black_pawns`, with the
/// kings on `kings` (White's first), with the weights `w`.
pub(super) fn pawn_structure(
    white_pawns: Bitboard,
    black_pawns: Bitboard,
    kings: [Square; 2],
    w: &ChessWeights,
) -> PawnStructure {
    let mut structure = pawns_alone(white_pawns, black_pawns, w);
    structure.shelter_mg = shelter_mg(white_pawns, black_pawns, kings, w);
    structure
}

/// The terms of [`PawnStructure`] that depend on the pawns alone (the shelter left at 0).
fn pawns_alone(white_pawns: Bitboard, black_pawns: Bitboard, w: &ChessWeights) -> PawnStructure {
    let by_color = [white_pawns, black_pawns];
    let pawn_attacks = Color::ALL.map(|color| pawn_attacks_of(color, by_color[color.index()]));
    let mut structure = PawnStructure::default();
    for color in Color::ALL {
        let mut side = Tapered::default();
        let our_pawns = by_color[color.index()];
        let their_pawns = by_color[color.other().index()];
        let our_pawn_attacks = pawn_attacks[color.index()];
        let enemy_pawn_attacks = pawn_attacks[color.other().index()];
        for sq in our_pawns {
            let file = sq.file();
            let file_mask = Bitboard::file(file);
            if (ahead_of(sq, color, file_mask) & our_pawns).any() {
                side.add(-w.doubled_pawn[0], -w.doubled_pawn[1]);
            }
            let neighbours = adjacent_files(file) & our_pawns;
            let weak = if neighbours.is_empty() {
                side.add(-w.isolated_pawn[0], -w.isolated_pawn[1]);
                true
            } else if (neighbours & !ahead_of(sq, color, Bitboard(!0))).is_empty()
                && sq
                    .offset(0, color.forward())
                    .is_some_and(|next| enemy_pawn_attacks.contains(next))
            {
                side.add(-w.backward_pawn[0], -w.backward_pawn[1]);
                true
            } else {
                false
            };
            if weak && (ahead_of(sq, color, file_mask) & their_pawns).is_empty() {
                side.add(-w.weak_unopposed_pawn[0], -w.weak_unopposed_pawn[1]);
            }
            let rank = sq.relative_rank(color) as usize;
            let phalanx = (neighbours & Bitboard::rank(sq.rank())).any();
            if (phalanx || our_pawn_attacks.contains(sq)) && (1..=6).contains(&rank) {
                side.add(w.connected_pawn_mg[rank - 1], w.connected_pawn_eg[rank - 1]);
            }
            let front_span = ahead_of(sq, color, file_mask | adjacent_files(file));
            if (front_span & their_pawns).is_empty()
                && (ahead_of(sq, color, file_mask) & our_pawns).is_empty()
                && (1..=6).contains(&rank)
            {
                side.add(w.passed_pawn_mg[rank - 1], w.passed_pawn_eg[rank - 1]);
                structure.passed[color.index()] = structure.passed[color.index()].with(sq);
                if our_pawn_attacks.contains(sq) {
                    side.add(w.passed_supported[0], w.passed_supported[1]);
                }
            }
        }
        let s = sign(color);
        structure.score.add(s * side.mg, s * side.eg);
    }
    structure
}

/// [`PawnStructure::shelter_mg`] of the kings on `kings` (White's first).
fn shelter_mg(
    white_pawns: Bitboard,
    black_pawns: Bitboard,
    kings: [Square; 2],
    w: &ChessWeights,
) -> i32 {
    let by_color = [white_pawns, black_pawns];
    let mut total = 0;
    for color in Color::ALL {
        let our_pawns = by_color[color.index()];
        let their_pawns = by_color[color.other().index()];
        let our_king = kings[color.index()];
        let mut side = 0;
        for df in -1..=1 {
            let Some(file_sq) = our_king.offset(df, 0) else {
                continue;
            };
            let storm = ahead_of(our_king, color, Bitboard::file(file_sq.file())) & their_pawns;
            let nearest = storm
                .into_iter()
                .map(|pawn| (pawn.rank() as i32 - our_king.rank() as i32).abs())
                .min();
            if let Some(ranks @ 1..=3) = nearest {
                side -= w.pawn_storm_mg[ranks as usize - 1];
            }
        }
        if our_king.relative_rank(color) <= 1 {
            let forward = color.forward();
            for df in -1..=1 {
                let Some(file_sq) = our_king.offset(df, 0) else {
                    continue;
                };
                let file_pawns = our_pawns & Bitboard::file(file_sq.file());
                if file_pawns.is_empty() {
                    side -= w.open_file_near_king;
                    continue;
                }
                if let Some(one) = our_king.offset(df, forward) {
                    if file_pawns.contains(one) {
                        side += w.pawn_shield[0];
                        continue;
                    }
                }
                if let Some(two) = our_king.offset(df, 2 * forward) {
                    if file_pawns.contains(two) {
                        side += w.pawn_shield[1];
                    }
                }
            }
        }
        total += sign(color) * side;
    }
    total
}

/// How many placements the table holds (a power of two); 56 bytes each.
const TABLE_ENTRIES: usize = 1 << 13;

/// One remembered placement: the pawns, which evaluation's weights counted them, and the result.
#[derive(Clone, Copy)]
struct Entry {
    white_pawns: Bitboard,
    black_pawns: Bitboard,
    /// The address of the `'static` evaluation whose weights counted it; 0 for an empty slot.
    eval: usize,
    /// The kings' squares the shelter was counted for, by colour.
    kings: [Square; 2],
    structure: PawnStructure,
}

const EMPTY_ENTRY: Entry = Entry {
    white_pawns: Bitboard::EMPTY,
    black_pawns: Bitboard::EMPTY,
    eval: 0,
    kings: [Square::new(0); 2],
    structure: PawnStructure {
        score: Tapered { mg: 0, eg: 0 },
        passed: [Bitboard::EMPTY; 2],
        shelter_mg: 0,
    },
};

thread_local! {
    /// Each search runs on one thread, so each has its own table and none needs a lock. It is
    /// made on first use.
    static TABLE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The slot of a placement of pawns: the top bits of its hash.
fn slot(white_pawns: Bitboard, black_pawns: Bitboard) -> usize {
    (pawns_key(white_pawns, black_pawns) >> (64 - TABLE_ENTRIES.trailing_zeros())) as usize
}

/// [`pawn_structure`] with `eval`'s weights, from the table when it holds this placement (the
/// shelter counted again when the kings stand elsewhere). Only evaluations that live for the
/// whole program are remembered, so an entry's address can never come to mean other weights;
/// an entry matches on both sides' whole pawn sets and kings' squares, so the result is always
/// exactly what counting would give.
pub(super) fn cached_pawn_structure(
    white_pawns: Bitboard,
    black_pawns: Bitboard,
    kings: [Square; 2],
    eval: &'static ChessEval,
) -> PawnStructure {
    let address = eval as *const ChessEval as usize;
    let index = slot(white_pawns, black_pawns);
    TABLE.with(|table| {
        let mut table = table.borrow_mut();
        if table.is_empty() {
            table.resize(TABLE_ENTRIES, EMPTY_ENTRY);
        }
        let entry = &mut table[index];
        if entry.eval == address
            && entry.white_pawns == white_pawns
            && entry.black_pawns == black_pawns
        {
            if entry.kings != kings {
                entry.structure.shelter_mg =
                    shelter_mg(white_pawns, black_pawns, kings, &eval.weights);
                entry.kings = kings;
            }
            return entry.structure;
        }
        let structure = pawn_structure(white_pawns, black_pawns, kings, &eval.weights);
        *entry = Entry {
            white_pawns,
            black_pawns,
            eval: address,
            kings,
            structure,
        };
        structure
    })
}
