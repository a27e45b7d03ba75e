//! Attack tests and move legality for relative chess: whether a square is attacked (now, or
//! after a move with the fallen pieces left out), and which of the generated candidates leave
//! the mover's king safe — see `movegen` for the three paths a candidate takes.

use super::movegen::{ray_bit, Window, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use super::moves::{RelativeMove, RelativeMoveKind};
use super::options::Recentering;
use super::position::{code_color, piece_code, RelativePosition, MAX_PIECES};
use super::square::{offset, rel_coords, rel_index, NO_SQUARE, PAD};
use super::tables::*;
use crate::types::{Color, Role};

/// What the side to move's legality test needs, computed once per position.
pub(super) struct Legality {
    pub(super) king: usize,
    pub(super) king_x: i32,
    pub(super) king_y: i32,
    pub(super) checkers: u32,
    /// The single checker's square and, for a slider, its direction from the king and
    /// distance (so blocking squares can be recognised).
    pub(super) checker: usize,
    pub(super) check_line: Option<(i32, i32, i32)>,
    pub(super) pins: [(u16, i8, i8); 8],
    pub(super) pin_count: usize,
    /// Smallest shift on each axis the boundary rule allows.
    pub(super) shift_low: (i32, i32),
    /// Bit per shift value on each axis: set when no piece at all falls over the edge (for
    /// king moves, whose safety depends on lines from the target).
    pub(super) all_survive: (u32, u32),
    /// The same for the pieces that can matter to the king where it stands: those on its
    /// lines or a knight's jump away (for every other move).
    pub(super) near_survive: (u32, u32),
    /// The same for the opponent's pieces: a shift whose bit is clear on either axis pushes
    /// one of them over the edge (which counts as a capture).
    pub(super) enemy_survive: (u32, u32),
    /// Per shift value on each axis: the relative coordinates that survive both edge
    /// checks (a piece survives exactly when its relative square, the mover's new one
    /// included, lies in this range on both axes).
    pub(super) survive: &'static [(i8, i8); MAX_SHIFTS],
    /// The opponent's pieces on the king's lines or a knight's jump away: the only ones
    /// that can attack the king where it stands, whatever else moves or falls.
    pub(super) aligned: [u16; MAX_PIECES],
    pub(super) aligned_count: u8,
    /// Bit per slot of the opponent's piece list: pieces that could attack a square next
    /// to the king (the only squares a king step tests).
    pub(super) near_king: u32,
}

impl Legality {
    /// Whether `(x, y)` lies on the ray from the king in `(dx, dy)`, `1..=max` steps out.
    #[inline]
    pub(super) fn on_ray(&self, x: i32, y: i32, dx: i32, dy: i32, max: i32) -> bool {
        let (vx, vy) = (x - self.king_x, y - self.king_y);
        let steps = if dx != 0 { vx * dx } else { vy * dy };
        steps >= 1 && steps <= max && vx == dx * steps && vy == dy * steps
    }

    #[inline]
    pub(super) fn pin_direction(&self, from: usize) -> Option<(i32, i32)> {
        self.pins[..self.pin_count]
            .iter()
            .find(|pin| pin.0 as usize == from)
            .map(|pin| (pin.1 as i32, pin.2 as i32))
    }
}

/// The window of relative target squares a piece may move to, before the leave setting.
impl RelativePosition {
    /// Whether `by` attacks the relative square `target`, by geometry alone (boundary rule,
    /// outer-board limit and leave setting do not matter). `ignore` is read as empty.
    pub(crate) fn is_attacked(&self, target: usize, by: Color, ignore: usize) -> bool {
        let side = by.index();
        let board = &self.board;
        self.squares[side][..self.counts[side] as usize]
            .iter()
            .any(|&index| {
                // A piece on the target itself reads as no attack (no pattern covers a
                // difference of zero).
                self.hits(index as usize, target, |square| {
                    square != ignore && board[square] != 0
                })
            })
    }

    /// Whether the piece standing on `index` hits `target` by its movement pattern, with
    /// `occupied` deciding which squares in between block.
    #[inline(always)]
    pub(super) fn hits(
        &self,
        index: usize,
        target: usize,
        occupied: impl Fn(usize) -> bool,
    ) -> bool {
        Self::hits_as(self.board[index], index, target, occupied)
    }

    /// Whether a piece of mailbox code `code` standing on `index` hits `target`, with
    /// `occupied` deciding which squares in between block.
    #[inline(always)]
    fn hits_as(code: u8, index: usize, target: usize, occupied: impl Fn(usize) -> bool) -> bool {
        let entry = Self::pattern_entry(index, target);
        if entry & (1 << code) == 0 {
            return false;
        }
        if entry & FAR_LINE == 0 {
            return true;
        }
        let (px, py) = rel_coords(index);
        let (tx, ty) = rel_coords(target);
        let (dx, dy) = (tx - px, ty - py);
        let step = offset(dx.signum(), dy.signum());
        let mut square = index;
        for _ in 1..dx.abs().max(dy.abs()) {
            square = square.wrapping_add_signed(step);
            if occupied(square) {
                return false;
            }
        }
        true
    }

    /// The `ATTACKERS` entry of the step from `index` to `target`: a bit per piece code whose
    /// pattern covers it, and whether a line needs walking.
    #[inline(always)]
    fn pattern_entry(index: usize, target: usize) -> u16 {
        let slot = DIFFERENCE_BASE[target] as usize + difference_slot(0, 0)
            - DIFFERENCE_BASE[index] as usize;
        ATTACKERS[slot]
    }

    /// Whether the opponent attacks `target`, a square next to the king, with `ignore` read
    /// as empty; only the pieces marked in `info.near_king` can.
    pub(super) fn attacked_next_to_king(
        &self,
        info: &Legality,
        target: usize,
        ignore: usize,
    ) -> bool {
        let by = self.turn.other();
        let list = &self.squares[by.index()];
        let board = &self.board;
        let mut candidates = info.near_king;
        while candidates != 0 {
            let index = list[candidates.trailing_zeros() as usize] as usize;
            candidates &= candidates - 1;
            if index != target
                && self.hits(index, target, |square| {
                    square != ignore && board[square] != 0
                })
            {
                return true;
            }
        }
        false
    }

    /// Whether the side to move's king, on `king` after a move from `from` to `to` (capturing
    /// on `to`, or on `captured` en passant), is attacked once every piece outside
    /// `survivors` has gone over the edge. Pieces keep their relative squares, so the test
    /// reads the current board with those few squares overridden. (A blocker outside
    /// `survivors` needs no care: the window is convex, so it never lies between a surviving
    /// attacker and the king.)
    pub(super) fn is_attacked_after(
        &self,
        info: &Legality,
        king: usize,
        survivors: &Window,
        from: usize,
        to: usize,
        captured: usize,
    ) -> bool {
        let by = self.turn.other();
        let board = &self.board;
        let occupied = |square: usize| {
            square == to || (square != from && square != captured && board[square] != 0)
        };
        let attacks = |&index: &u16| {
            let index = index as usize;
            let (x, y) = rel_coords(index);
            index != to
                && index != captured
                && survivors.contains(x, y)
                && self.hits(index, king, occupied)
        };
        if king == info.king {
            info.aligned[..info.aligned_count as usize]
                .iter()
                .any(attacks)
        } else {
            // A king step: only the pieces that could reach a square next to the king matter.
            let list = &self.squares[by.index()];
            let mut candidates = info.near_king;
            while candidates != 0 {
                let slot = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if attacks(&list[slot]) {
                    return true;
                }
            }
            false
        }
    }

    /// Whether the legal move `mv` checks the opponent: what `is_check` says after it is
    /// played, worked out without playing it (so the search can prune a quiet move without
    /// building the position after it). Attacks depend on relative squares alone, which a
    /// move changes only for the mover (and the captured piece); of the pieces that fall over
    /// the edge none matters as a blocker, since a square between two survivors survives
    /// too. The side not to move is never in check (legal moves and position texts keep it
    /// so), so a check comes from the mover or from a line it opens. Castling and en
    /// passant, which move or take a second piece, are played on a copy.
    #[inline]
    pub fn gives_check(&self, mv: RelativeMove) -> bool {
        let king = self.kings[self.turn.other().index()];
        let plain = matches!(
            mv.kind(),
            RelativeMoveKind::Normal | RelativeMoveKind::DoubleStep
        );
        if plain && king != NO_SQUARE {
            // Most moves can check neither by their pattern from the target, nor by opening
            // a line from the king through their square: no need to look further (what falls
            // over the edge can only take a check away). This much is small enough to be
            // asked of every move where it is asked, the rest is not.
            let (ox, oy) = self.origin;
            let (from, to) = (mv.from(), mv.to());
            let (from_x, from_y) = (from.x as i32 - ox, from.y as i32 - oy);
            let (to_x, to_y) = (to.x as i32 - ox, to.y as i32 - oy);
            let (king_x, king_y) = rel_coords(king as usize);
            let (vx, vy) = (from_x - king_x, from_y - king_y);
            let on_a_line = vx == 0 || vy == 0 || vx.abs() == vy.abs();
            if !on_a_line && (to_x, to_y) != (king_x, king_y) {
                let mover = match mv.promotion() {
                    Some(role) => piece_code(self.turn, role),
                    None => self.board[rel_index(from_x, from_y)],
                };
                if ATTACKERS[difference_slot(king_x - to_x, king_y - to_y)] & (1 << mover) == 0 {
                    return false;
                }
            }
        }
        self.gives_check_by_lines(mv)
    }

    /// [`RelativePosition::gives_check`] for the moves its pattern test leaves open.
    #[inline(never)]
    fn gives_check_by_lines(&self, mv: RelativeMove) -> bool {
        let us = self.turn;
        let king = self.kings[us.other().index()];
        let kind = mv.kind();
        let from = self.index_of_abs(mv.from());
        let to = self.index_of_abs(mv.to());
        let survivors = self.survivors_after_shift(mv.shift());
        let (Some(survivors), false, false) = (
            survivors,
            matches!(kind, RelativeMoveKind::Castle | RelativeMoveKind::EnPassant),
            king == NO_SQUARE || to == king as usize,
        ) else {
            let mut next = self.clone();
            next.apply(mv, None);
            return next.in_check();
        };
        let king = king as usize;
        let (king_x, king_y) = rel_coords(king);
        if !survivors.contains(king_x, king_y) {
            // Its king falls over the edge: the game is over, no check.
            return false;
        }
        let board = &self.board;
        let occupied = |square: usize| square == to || (square != from && board[square] != 0);
        let (to_x, to_y) = rel_coords(to);
        let mover = match mv.promotion() {
            Some(role) => piece_code(us, role),
            None => board[from],
        };
        if survivors.contains(to_x, to_y) && Self::hits_as(mover, to, king, occupied) {
            return true;
        }
        // A line opened by leaving `from`: the first piece beyond it, seen from the king.
        let (from_x, from_y) = rel_coords(from);
        let (vx, vy) = (from_x - king_x, from_y - king_y);
        if vx != 0 && vy != 0 && vx.abs() != vy.abs() {
            return false;
        }
        let (dx, dy) = (vx.signum(), vy.signum());
        let n = self.options.size as i32;
        let (ox, oy) = self.origin;
        let outer = Window {
            x_low: -ox,
            x_high: n - 1 - ox,
            y_low: -oy,
            y_high: n - 1 - oy,
        };
        let step = offset(dx, dy);
        let mut index = from;
        for distance in 1..outer.reach(from_x, from_y, dx, dy) + 1 {
            index = index.wrapping_add_signed(step);
            if index == to {
                return false;
            }
            let code = board[index];
            if code == 0 {
                continue;
            }
            return code_color(code) == us
                && survivors.contains(from_x + distance * dx, from_y + distance * dy)
                && self.hits(index, king, occupied);
        }
        false
    }

    /// The relative squares that survive both edge checks of a move shifting by `shift`;
    /// `None` for a shift the boundary rule forbids.
    fn survivors_after_shift(&self, (dx, dy): (i32, i32)) -> Option<Window> {
        let n = self.options.size as i32;
        let (ox, oy) = self.origin;
        let survive =
            &SURVIVORS[(self.options.recentering == Recentering::Leibnizian) as usize][n as usize];
        let slot = |d: i32, o: i32| usize::try_from(d - (o - (n - 8))).ok();
        let &(x_low, x_high) = survive[..(n - 7) as usize].get(slot(dx, ox)?)?;
        let &(y_low, y_high) = survive[..(n - 7) as usize].get(slot(dy, oy)?)?;
        Some(Window {
            x_low: x_low as i32,
            x_high: x_high as i32,
            y_low: y_low as i32,
            y_high: y_high as i32,
        })
    }

    /// Whether the side to move's king is attacked.
    pub(crate) fn in_check(&self) -> bool {
        match self.kings[self.turn.index()] {
            NO_SQUARE => false,
            king => self.is_attacked(king as usize, self.turn.other(), usize::MAX),
        }
    }

    /// Checkers, pins and the per-shift edge safety of the side to move.
    pub(super) fn legality(&self, king: usize) -> Legality {
        let us = self.turn;
        let them = us.other();
        let (king_x, king_y) = rel_coords(king);
        let mut info = Legality {
            king,
            king_x,
            king_y,
            checkers: 0,
            checker: 0,
            check_line: None,
            pins: [(0, 0, 0); 8],
            pin_count: 0,
            shift_low: (0, 0),
            all_survive: (0, 0),
            near_survive: (0, 0),
            enemy_survive: (0, 0),
            aligned: [0; MAX_PIECES],
            aligned_count: 0,
            near_king: 0,
            survive: &SURVIVORS[(self.options.recentering == Recentering::Leibnizian) as usize]
                [self.options.size as usize],
        };
        // Bounding boxes (relative coordinates) of every piece, and of the pieces on the
        // king's lines or a knight's jump from it.
        // Both boxes start as the inner board: it never falls off, so adding it changes no
        // survival test, and pieces on it need no widening.
        let mut all = Window {
            x_low: 0,
            x_high: 7,
            y_low: 0,
            y_high: 7,
        };
        let mut near = all;
        let mut enemy = all;
        let widen = |window: &mut Window, x: i32, y: i32| {
            window.x_low = window.x_low.min(x);
            window.x_high = window.x_high.max(x);
            window.y_low = window.y_low.min(y);
            window.y_high = window.y_high.max(y);
        };
        let mut slider_rays = 0u32;
        // Own pieces on the inner board neither fall nor attack, so only the others.
        let mut slots = self.outside[us.index()];
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let (x, y) = rel_coords(self.squares[us.index()][slot] as usize);
            widen(&mut all, x, y);
            if NEAR[difference_slot(x - king_x, y - king_y)] & ALIGNED != 0 {
                widen(&mut near, x, y);
            }
        }
        let list = &self.squares[them.index()];
        let king_base = DIFFERENCE_BASE[king] as usize;
        let mut near_king = 0;
        let mut aligned_count = 0;
        for (slot, &index) in list[..self.counts[them.index()] as usize]
            .iter()
            .enumerate()
        {
            let difference =
                DIFFERENCE_BASE[index as usize] as usize + difference_slot(0, 0) - king_base;
            let code_bit = 1u32 << self.board[index as usize];
            let entry = NEAR[difference];
            // Could it attack a square next to the king? On a file or rank through the 3×3
            // block, a diagonal through it, or within a knight's jump.
            near_king |= ((entry & code_bit != 0) as u32) << slot;
            if entry >> KING_HITS & code_bit != 0 {
                if code_bit & SLIDER_CODES != 0 {
                    // A ray from the king worth walking: an enemy slider stands on it.
                    let (x, y) = rel_coords(index as usize);
                    slider_rays |= 1 << ray_bit((x - king_x).signum(), (y - king_y).signum());
                } else {
                    // A pawn or knight giving check.
                    info.checkers += 1;
                    info.checker = index as usize;
                }
            }
            if entry & ALIGNED != 0 {
                info.aligned[aligned_count] = index;
                aligned_count += 1;
            }
        }
        info.near_king = near_king;
        info.aligned_count = aligned_count as u8;
        // Only pieces off the inner board widen the boxes.
        let mut slots = self.outside[them.index()];
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let (x, y) = rel_coords(list[slot] as usize);
            widen(&mut all, x, y);
            widen(&mut enemy, x, y);
            if NEAR[difference_slot(x - king_x, y - king_y)] & ALIGNED != 0 {
                widen(&mut near, x, y);
            }
        }
        let board = &self.board;

        let queen = piece_code(them, Role::Queen);
        let window = all;
        for (directions, slider) in [
            (ROOK_DIRECTIONS, piece_code(them, Role::Rook)),
            (BISHOP_DIRECTIONS, piece_code(them, Role::Bishop)),
        ] {
            for (dx, dy) in directions {
                if slider_rays >> ray_bit(dx, dy) & 1 == 0 {
                    continue;
                }
                let step = offset(dx, dy);
                let mut index = king;
                let mut shield: Option<usize> = None;
                for distance in 1..window.reach(king_x, king_y, dx, dy) + 1 {
                    index = index.wrapping_add_signed(step);
                    let code = board[index];
                    if code == 0 {
                        continue;
                    }
                    let hostile_slider = code == slider || code == queen;
                    if code_color(code) == us {
                        if shield.is_some() {
                            break;
                        }
                        shield = Some(index);
                    } else {
                        if hostile_slider {
                            match shield {
                                None => {
                                    info.checkers += 1;
                                    info.checker = index;
                                    info.check_line = Some((dx, dy, distance));
                                }
                                Some(pinned) => {
                                    info.pins[info.pin_count] = (pinned as u16, dx as i8, dy as i8);
                                    info.pin_count += 1;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if info.checkers > 1 {
            info.check_line = None;
        }

        let n = self.options.size as i32;
        let (ox, oy) = self.origin;
        info.shift_low = (ox - (n - 8), oy - (n - 8));
        let limits = &SLOT_LIMITS[(self.options.recentering == Recentering::Leibnizian) as usize]
            [n as usize];
        let slots = |low: i32, high: i32| {
            let last = limits.last_starting[(low + PAD) as usize] as i32;
            let first = limits.first_reaching[(high + PAD) as usize] as i32;
            if last >= first {
                ((2u32 << last) - 1) & !((1u32 << first) - 1)
            } else {
                0
            }
        };
        info.all_survive = (slots(all.x_low, all.x_high), slots(all.y_low, all.y_high));
        info.near_survive = (
            slots(near.x_low, near.x_high),
            slots(near.y_low, near.y_high),
        );
        info.enemy_survive = (
            slots(enemy.x_low, enemy.x_high),
            slots(enemy.y_low, enemy.y_high),
        );
        info
    }

    /// Legality of a candidate (every kind but castling). `captured` is the square of a pawn
    /// taken en passant (`usize::MAX` otherwise; a capture on `to` needs no mention).
    #[inline]
    pub(super) fn is_legal_candidate(
        &self,
        info: &Legality,
        mv: RelativeMove,
        from: usize,
        to: usize,
        is_king: bool,
        captured: usize,
    ) -> bool {
        let (dx, dy) = mv.shift();
        let slot_x = (dx - info.shift_low.0) as usize;
        let slot_y = (dy - info.shift_low.1) as usize;
        let (x_low, x_high) = info.survive[slot_x];
        let (y_low, y_high) = info.survive[slot_y];
        let survivors = Window {
            x_low: x_low as i32,
            x_high: x_high as i32,
            y_low: y_low as i32,
            y_high: y_high as i32,
        };
        let (tx, ty) = rel_coords(to);
        let masks = if is_king {
            info.all_survive
        } else {
            info.near_survive
        };
        let no_matter_lost = masks.0 >> slot_x & masks.1 >> slot_y & 1 != 0;
        // The mover survives exactly when its new relative square does.
        if !no_matter_lost || !survivors.contains(tx, ty) || captured != usize::MAX {
            let king = if is_king { to } else { info.king };
            let (king_x, king_y) = rel_coords(king);
            return survivors.contains(king_x, king_y)
                && !self.is_attacked_after(info, king, &survivors, from, to, captured);
        }
        if is_king {
            return !self.attacked_next_to_king(info, to, info.king);
        }
        // Without edge losses a double check leaves only king moves (with them, a move may
        // push a checker over the edge, which the slow path above judges).
        if info.checkers > 1 {
            return false;
        }
        if info.checkers > 0 {
            let blocks = match info.check_line {
                Some((cdx, cdy, distance)) => info.on_ray(tx, ty, cdx, cdy, distance - 1),
                None => false,
            };
            if to != info.checker && !blocks {
                return false;
            }
        }
        match info.pin_direction(from) {
            Some((pdx, pdy)) => info.on_ray(tx, ty, pdx, pdy, i32::MAX),
            None => true,
        }
    }

    /// Legality by playing the move on a copy: the mover's king must still be on the board
    /// and not attacked.
    pub(crate) fn is_legal_by_playing(&self, mv: RelativeMove) -> bool {
        let us = self.turn;
        let mut next = self.clone();
        next.apply(mv, None);
        match next.kings[us.index()] {
            NO_SQUARE => false,
            king => !next.is_attacked(king as usize, us.other(), usize::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::position::GamePosition;
    use crate::relative::random_games::for_each_position;

    /// Random games on several boards and settings: for every legal move, `gives_check`
    /// says what `is_check` says after playing it.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let (mut moves_seen, mut checks, mut edge_cases) = (0, 0, 0);
        for_each_position(29, [16, 10, 12, 10, 26], |pos, all| {
            for &mv in all {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                assert_eq!(pos.gives_check(mv), next.is_check(), "{pos:?} {mv:?}");
                moves_seen += 1;
                checks += next.is_check() as usize;
                edge_cases += (next.lost_outright().is_some()
                    || next.piece_count(pos.turn().other()) < pos.piece_count(pos.turn().other()))
                    as usize;
            }
        });
        assert!(moves_seen > 10_000, "{moves_seen} moves");
        assert!(checks > 200, "{checks} checks");
        assert!(
            edge_cases > 200,
            "{edge_cases} captures or pushes over the edge"
        );
    }
}
