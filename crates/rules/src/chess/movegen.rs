//! Legal move generation for the 8×8 board: pins and check masks computed once per position,
//! pawns moved in bulk by shifts, and a sink trait so that perft can count whole target sets
//! without listing them.

use super::{back_rank, ChessPosition, Move, MoveList};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

/// Receives generated moves; `MoveList` stores them, `MoveCounter` only counts.
pub(crate) trait MoveSink {
    /// Ordinary moves of a non-pawn piece from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - offset`.
    fn pawn_moves(&mut self, targets: Bitboard, offset: i8, double_step: bool);
    /// Pawn moves onto the last rank: four promotions each.
    fn promotions(&mut self, targets: Bitboard, offset: i8);
    fn push(&mut self, mv: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, offset: i8, double_step: bool) {
        for to in targets {
            let from = Square::new((to.index() as i8 - offset) as u8);
            self.push(if double_step {
                Move::double_step(from, to)
            } else {
                Move::normal(from, to)
            });
        }
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, offset: i8) {
        for to in targets {
            let from = Square::new((to.index() as i8 - offset) as u8);
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(from, to, role));
            }
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
}

/// Counts moves without building them (perft's bulk counting).
#[derive(Default)]
pub(crate) struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    #[inline]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _offset: i8, _double_step: bool) {
        self.0 += targets.count() as usize;
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, _offset: i8) {
        self.0 += 4 * targets.count() as usize;
    }

    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

#[inline]
fn shift(b: Bitboard, offset: i8) -> Bitboard {
    if offset >= 0 {
        Bitboard(b.0 << offset)
    } else {
        Bitboard(b.0 >> -offset)
    }
}

const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);

impl ChessPosition {
    /// Every legal move, appended to `moves`.
    pub fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    pub fn pinned(&self, us: Color) -> Bitboard {
        let king = self.king(us);
        let them = self.by_color[us.other().index()];
        let queens = self.by_role[Role::Queen.index()];
        let snipers = (attacks::rook_attacks(king, self.blocked)
            & (self.by_role[Role::Rook.index()] | queens)
            & them)
            | (attacks::bishop_attacks(king, self.blocked)
                & (self.by_role[Role::Bishop.index()] | queens)
                & them);
        let occ = self.occupied() | self.blocked;
        let own = self.by_color[us.index()];
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occ;
            if !between.more_than_one() {
                pinned |= between & own;
            }
        }
        pinned
    }

    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        let blockers = occ | self.blocked;
        let free = !own & !self.blocked;

        let king_bit = Bitboard::from_square(king);
        let mut king_targets = Bitboard::EMPTY;
        for to in attacks::king_attacks(king) & free {
            if self.attackers_to(to, them, occ ^ king_bit).is_empty() {
                king_targets |= Bitboard::from_square(to);
            }
        }
        sink.piece_moves(king, king_targets);

        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king, checker) | checkers,
            None => Bitboard::FULL,
        };
        let pinned = self.pinned(us);
        let target_mask = free & check_mask;

        for from in self.by_role[Role::Knight.index()] & own & !pinned {
            sink.piece_moves(from, attacks::knight_attacks(from) & target_mask);
        }
        let queens = self.by_role[Role::Queen.index()];
        for from in (self.by_role[Role::Bishop.index()] | queens) & own {
            let mut targets = attacks::bishop_attacks(from, blockers) & target_mask;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            sink.piece_moves(from, targets);
        }
        for from in (self.by_role[Role::Rook.index()] | queens) & own {
            let mut targets = attacks::rook_attacks(from, blockers) & target_mask;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            sink.piece_moves(from, targets);
        }

        self.generate_pawns(sink, king, pinned, check_mask);

        if checkers.is_empty() {
            self.generate_castling(sink, king);
        }
    }

    fn generate_pawns<S: MoveSink>(
        &self,
        sink: &mut S,
        king: Square,
        pinned: Bitboard,
        check_mask: Bitboard,
    ) {
        let us = self.turn;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[us.other().index()];
        let empty = !(own | enemy | self.blocked);
        let pawns = self.by_role[Role::Pawn.index()] & own;
        let (up, last_rank, home_rank) = match us {
            Color::White => (8i8, Bitboard::rank(7), Bitboard::rank(1)),
            Color::Black => (-8i8, Bitboard::rank(0), Bitboard::rank(6)),
        };

        let emit = |sink: &mut S, movers: Bitboard, allowed: Bitboard| {
            let single = shift(movers, up) & empty;
            let double = shift(
                single & shift(movers & home_rank & self.double_step, up),
                up,
            ) & empty
                & allowed;
            let single = single & allowed;
            let left = shift(movers & NOT_A_FILE, up - 1) & enemy & allowed;
            let right = shift(movers & NOT_H_FILE, up + 1) & enemy & allowed;
            sink.pawn_moves(single & !last_rank, up, false);
            sink.pawn_moves(double, 2 * up, true);
            sink.pawn_moves(left & !last_rank, up - 1, false);
            sink.pawn_moves(right & !last_rank, up + 1, false);
            sink.promotions(single & last_rank, up);
            sink.promotions(left & last_rank, up - 1);
            sink.promotions(right & last_rank, up + 1);
        };
        emit(sink, pawns & !pinned, check_mask);
        for from in pawns & pinned {
            emit(
                sink,
                Bitboard::from_square(from),
                check_mask & attacks::line(king, from),
            );
        }

        if let Some(ep) = self.ep_square {
            for from in attacks::pawn_attacks(us.other(), ep) & pawns {
                let victim = Square::from_coords(ep.file(), from.rank());
                if self.en_passant_is_safe(king, from, ep, victim) {
                    sink.push(Move::en_passant(from, ep));
                }
            }
        }
    }

    fn en_passant_is_safe(&self, king: Square, from: Square, ep: Square, victim: Square) -> bool {
        let victim_bit = Bitboard::from_square(victim);
        let occ = (self.occupied() ^ Bitboard::from_square(from) ^ victim_bit)
            | Bitboard::from_square(ep);
        (self.attackers_to(king, self.turn.other(), occ) & !victim_bit).is_empty()
    }

    fn generate_castling<S: MoveSink>(&self, sink: &mut S, king: Square) {
        let us = self.turn;
        let rank = back_rank(us);
        if king.rank() != rank {
            return;
        }
        let own_rooks = self.castling_rooks
            & self.by_color[us.index()]
            & self.by_role[Role::Rook.index()]
            & Bitboard::rank(rank);
        for rook in own_rooks {
            if self.castling_is_legal(king, rook) {
                sink.push(Move::castle(king, rook));
            }
        }
    }

    /// Chess960 castling conditions (orthodox castling is the special case king on e1):
    /// every square either piece crosses or lands on is empty or holds one of the two, none
    /// of it blocked, and no square from the king's start to its destination attacked.
    fn castling_is_legal(&self, king: Square, rook: Square) -> bool {
        let (king_to, rook_to) = ChessPosition::castling_destinations(king, rook);
        let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let king_path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
        let rook_path = attacks::between(rook, rook_to) | Bitboard::from_square(rook_to);
        let must_be_clear = (king_path | rook_path | attacks::between(king, rook)) & !movers;
        if (must_be_clear & (self.occupied() | self.blocked)).any()
            || ((king_path | rook_path) & self.blocked).any()
        {
            return false;
        }
        let them = self.turn.other();
        let occ_without = self.occupied() ^ movers;
        for sq in attacks::between(king, king_to) {
            if self.attackers_to(sq, them, occ_without).any() {
                return false;
            }
        }
        self.attackers_to(king_to, them, occ_without | Bitboard::from_square(rook_to))
            .is_empty()
    }
}
