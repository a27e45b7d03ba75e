//! Builds the animation between two drawn positions: a piece gliding to its square, a tile
//! sliding into the gap, or — in relative chess — the world shifting, recentering, and pieces
//! falling off the edge. Works on drawn positions only; no rule is decided here.

use crate::model::{Action, BoardModel, PieceId, PlacedPiece, Sq};
use rules::Role;

const MOVE_MS: f64 = 180.0;
const SHIFT_MS: f64 = 280.0;
const SLIDE_MS: f64 = 280.0;

/// A piece moving during an animation: its position (in square units) at each keyframe.
#[derive(Clone, Debug)]
pub struct Sprite {
    pub piece: PieceId,
    pub path: Vec<(f64, f64)>,
    /// The phase during which it fades out (captured or fallen off the edge); gone after it.
    pub vanish_phase: Option<usize>,
}

/// The frames between two positions: sprites and board parts move through the keyframes,
/// one phase per keyframe step, each `phase_ms` long.
#[derive(Clone, Debug)]
pub struct Animation {
    pub start_ms: f64,
    pub phase_ms: f64,
    pub sprites: Vec<Sprite>,
    /// Relative chess: the inner board's origin at each keyframe.
    pub origin_path: Option<Vec<(f64, f64)>>,
    /// Sliding chess: the tile moving from one lower-left square to another.
    pub tile_move: Option<(Sq, Sq)>,
    /// Squares drawn as holes for the whole animation (the old and the new gap).
    pub holes: Vec<Sq>,
    /// Played backwards (browsing back through the history).
    pub reversed: bool,
}

impl Animation {
    pub fn phases(&self) -> usize {
        self.sprites
            .iter()
            .map(|s| s.path.len())
            .chain(self.origin_path.iter().map(Vec::len))
            .max()
            .unwrap_or(1)
            .saturating_sub(1)
            .max(1)
    }

    /// The same animation `pace` times as long (the animation speed setting).
    pub fn paced(mut self, pace: f64) -> Animation {
        self.phase_ms *= pace;
        self
    }

    pub fn duration(&self) -> f64 {
        self.phase_ms * self.phases() as f64
    }

    /// Whether frames remain to be drawn at `now`.
    pub fn running_at(&self, now: f64) -> bool {
        now < self.start_ms + self.duration()
    }

    /// Phase index and eased progress within it at `now`.
    pub fn progress(&self, now: f64) -> (usize, f64) {
        let elapsed = (now - self.start_ms).clamp(0.0, self.duration());
        let elapsed = if self.reversed {
            self.duration() - elapsed
        } else {
            elapsed
        };
        let phases = self.phases();
        let phase = ((elapsed / self.phase_ms) as usize).min(phases - 1);
        let t = ((elapsed - phase as f64 * self.phase_ms) / self.phase_ms).clamp(0.0, 1.0);
        (phase, ease(t))
    }
}

fn ease(t: f64) -> f64 {
    if t < 0.5 {
        2.0 * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(2) / 2.0
    }
}

pub fn along(path: &[(f64, f64)], phase: usize, t: f64) -> (f64, f64) {
    if path.len() < 2 {
        return path.first().copied().unwrap_or((0.0, 0.0));
    }
    let from = path[phase.min(path.len() - 1)];
    let to = path[(phase + 1).min(path.len() - 1)];
    (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
}

fn point(sq: Sq) -> (f64, f64) {
    (sq.x as f64, sq.y as f64)
}

/// The animation from `before` to `after` caused by `action`; `None` when nothing moves.
pub fn build(
    before: &BoardModel,
    after: &BoardModel,
    action: &Action,
    now: f64,
) -> Option<Animation> {
    match action {
        Action::Move { from, to, .. } if before.inner_origin.is_some() => {
            relative_shift(before, after, *from, *to, now)
        }
        Action::Slide { tile, gap, .. } => Some(slide(before, *tile, *gap, now)),
        Action::Move { from, to, .. } => {
            Some(diff(before, after, Some((*from, *to)), now, MOVE_MS))
        }
        Action::Setup { .. } => Some(diff(before, after, None, now, MOVE_MS)),
    }
}

/// The animation of one recorded ply between the board before it (`earlier`) and after it
/// (`later`); `backwards` plays it in reverse (undo, browsing back).
pub fn step(
    earlier: &BoardModel,
    later: &BoardModel,
    action: &Action,
    backwards: bool,
    now: f64,
) -> Option<Animation> {
    build(earlier, later, action, now).map(|mut animation| {
        animation.reversed = backwards;
        animation
    })
}

/// Pieces that stayed put stand still, pieces that moved glide to the nearest new square of
/// the same piece, pieces that vanished fade out; new pieces (promotions) appear at the end.
pub fn diff(
    before: &BoardModel,
    after: &BoardModel,
    hint: Option<(Sq, Sq)>,
    now: f64,
    phase_ms: f64,
) -> Animation {
    let mut unmatched: Vec<PlacedPiece> = after
        .pieces
        .iter()
        .filter(|p| !before.pieces.contains(p))
        .copied()
        .collect();
    let mut sprites = Vec::new();
    for placed in &before.pieces {
        let start = point(placed.sq);
        if after.pieces.contains(placed) {
            sprites.push(Sprite {
                piece: placed.piece,
                path: vec![start, start],
                vanish_phase: None,
            });
            continue;
        }
        let nearest = unmatched
            .iter()
            .enumerate()
            .filter(|(_, p)| p.piece == placed.piece)
            .min_by_key(|(_, p)| (p.sq.x - placed.sq.x).pow(2) + (p.sq.y - placed.sq.y).pow(2))
            .map(|(index, p)| (index, p.sq));
        match (nearest, hint) {
            (Some((index, sq)), _) => {
                unmatched.remove(index);
                sprites.push(Sprite {
                    piece: placed.piece,
                    path: vec![start, point(sq)],
                    vanish_phase: None,
                });
            }
            (None, Some((from, to))) if from == placed.sq => {
                // A promoting pawn glides to its square; the new piece replaces it at the end.
                sprites.push(Sprite {
                    piece: placed.piece,
                    path: vec![start, point(to)],
                    vanish_phase: None,
                });
            }
            (None, _) => sprites.push(Sprite {
                piece: placed.piece,
                path: vec![start, start],
                vanish_phase: Some(0),
            }),
        }
    }
    Animation {
        start_ms: now,
        phase_ms,
        sprites,
        origin_path: None,
        tile_move: None,
        // Sliding chess: an ordinary move leaves the gap where it is, so it stays drawn.
        holes: before.blocked.clone(),
        reversed: false,
    }
}

fn slide(before: &BoardModel, tile: Sq, gap: Sq, now: f64) -> Animation {
    let (dx, dy) = (gap.x - tile.x, gap.y - tile.y);
    let on_tile =
        |sq: Sq| sq.x >= tile.x && sq.x < tile.x + 2 && sq.y >= tile.y && sq.y < tile.y + 2;
    let sprites = before
        .pieces
        .iter()
        .map(|placed| {
            let start = point(placed.sq);
            let end = if on_tile(placed.sq) {
                point(Sq::new(placed.sq.x + dx, placed.sq.y + dy))
            } else {
                start
            };
            Sprite {
                piece: placed.piece,
                path: vec![start, end],
                vanish_phase: None,
            }
        })
        .collect();
    Animation {
        start_ms: now,
        phase_ms: SLIDE_MS,
        sprites,
        origin_path: None,
        tile_move: Some((tile, gap)),
        holes: vec![tile, gap],
        reversed: false,
    }
}

/// Relative chess: phase one shifts everything but the mover by −(to − from); phase two, when
/// the board recentred, moves everything (mover included) by the recentering step.
fn relative_shift(
    before: &BoardModel,
    after: &BoardModel,
    from: Sq,
    to: Sq,
    now: f64,
) -> Option<Animation> {
    let o0 = before.inner_origin?;
    let o2 = after.inner_origin?;
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let o1 = Sq::new(o0.x - dx, o0.y - dy);
    let (rx, ry) = (o2.x - o1.x, o2.y - o1.y);
    let recentred = (rx, ry) != (0, 0);
    let mover = before.piece_at(from);
    let mut sprites = Vec::new();
    for placed in &before.pieces {
        let start = point(placed.sq);
        if placed.sq == to && Some(placed.piece) != mover {
            let path = if recentred {
                vec![start, start, start]
            } else {
                vec![start, start]
            };
            sprites.push(Sprite {
                piece: placed.piece,
                path,
                vanish_phase: Some(0),
            });
            continue;
        }
        let p1 = if placed.sq == from {
            from
        } else {
            Sq::new(placed.sq.x - dx, placed.sq.y - dy)
        };
        let p2 = Sq::new(p1.x + rx, p1.y + ry);
        let mut path = vec![start, point(p1)];
        let mut vanish_phase = None;
        if !after.contains(p1) {
            vanish_phase = Some(0);
        }
        if recentred {
            path.push(point(p2));
            if vanish_phase.is_none() && !after.contains(p2) {
                vanish_phase = Some(1);
            }
        }
        let end = if recentred { p2 } else { p1 };
        if vanish_phase.is_none() && after.piece_at(end) != Some(placed.piece) {
            match castling_rook_square(mover, placed.piece, from, (dx, dy), (rx, ry)) {
                // The castling rook ends beside the king, on the square the king crossed.
                Some(rook_end) if after.piece_at(rook_end) == Some(placed.piece) => {
                    if let Some(last) = path.last_mut() {
                        *last = point(rook_end);
                    }
                }
                // A promoted pawn: it fades while the new piece takes over.
                _ => vanish_phase = Some(path.len() - 2),
            }
        }
        sprites.push(Sprite {
            piece: placed.piece,
            path,
            vanish_phase,
        });
    }
    let mut origin_path = vec![point(o0), point(o1)];
    if recentred {
        origin_path.push(point(o2));
    }
    Some(Animation {
        start_ms: now,
        phase_ms: SHIFT_MS,
        sprites,
        origin_path: Some(origin_path),
        tile_move: None,
        holes: Vec::new(),
        reversed: false,
    })
}

/// Where a rook of `piece` would stand after the king on `from` castled by `shift` (a king
/// step of two files) and the board recentred by `recenter`; `None` for any other move.
fn castling_rook_square(
    mover: Option<PieceId>,
    piece: PieceId,
    from: Sq,
    shift: (i32, i32),
    recenter: (i32, i32),
) -> Option<Sq> {
    let king = mover.filter(|m| m.role == Role::King)?;
    if shift.0.abs() != 2 || shift.1 != 0 || piece.role != Role::Rook || piece.color != king.color {
        return None;
    }
    Some(Sq::new(
        from.x - shift.0.signum() + recenter.0,
        from.y + recenter.1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mark;

    fn piece(c: char) -> PieceId {
        PieceId::from_fen_char(c).unwrap()
    }

    fn board(size: i32, origin: Option<Sq>, pieces: &[(i32, i32, char)]) -> BoardModel {
        BoardModel {
            files: size,
            ranks: size,
            pieces: pieces
                .iter()
                .map(|&(x, y, c)| PlacedPiece {
                    sq: Sq::new(x, y),
                    piece: piece(c),
                })
                .collect(),
            blocked: Vec::new(),
            inner_origin: origin,
            tiled: false,
            check: None,
            last_move: Vec::new(),
        }
    }

    fn mv(from: Sq, to: Sq) -> Action {
        Action::Move {
            from,
            to,
            mark: Mark::Normal,
            promotion: None,
            text: String::new(),
        }
    }

    #[test]
    fn relative_knight_move_shifts_the_world_and_then_recentres() {
        // Worked example 1 of docs/rules-relative.md: 1.Nf3 (k5j7) on 16×16, Aristotelian.
        let before = board(
            16,
            Some(Sq::new(4, 4)),
            &[(10, 4, 'N'), (8, 4, 'K'), (8, 11, 'k')],
        );
        let after = board(
            16,
            Some(Sq::new(4, 3)),
            &[(9, 5, 'N'), (8, 3, 'K'), (8, 10, 'k')],
        );
        let anim = build(&before, &after, &mv(Sq::new(10, 4), Sq::new(9, 6)), 0.0).unwrap();
        let knight = &anim.sprites[0];
        assert_eq!(knight.path, vec![(10.0, 4.0), (10.0, 4.0), (9.0, 5.0)]);
        let king = &anim.sprites[1];
        assert_eq!(king.path, vec![(8.0, 4.0), (9.0, 2.0), (8.0, 3.0)]);
        assert_eq!(
            anim.origin_path,
            Some(vec![(4.0, 4.0), (5.0, 2.0), (4.0, 3.0)])
        );
        assert!(anim.sprites.iter().all(|s| s.vanish_phase.is_none()));
        assert_eq!(anim.phases(), 2);
    }

    #[test]
    fn relative_pieces_pushed_off_the_edge_fade_in_the_shift() {
        // Worked example 3 (Leibnizian): the rook's move pushes the knight at (1,9) off.
        let before = board(
            16,
            Some(Sq::new(4, 4)),
            &[(4, 7, 'R'), (8, 4, 'K'), (8, 11, 'k'), (1, 9, 'n')],
        );
        let after = board(
            16,
            Some(Sq::new(1, 4)),
            &[(4, 7, 'R'), (5, 4, 'K'), (5, 11, 'k')],
        );
        let anim = build(&before, &after, &mv(Sq::new(4, 7), Sq::new(7, 7)), 0.0).unwrap();
        let knight = anim.sprites.iter().find(|s| s.piece == piece('n')).unwrap();
        assert_eq!(knight.vanish_phase, Some(0));
        assert_eq!(knight.path, vec![(1.0, 9.0), (-2.0, 9.0)]);
        assert_eq!(anim.phases(), 1);
    }

    #[test]
    fn castling_moves_king_and_rook_and_captures_fade() {
        let before = board(
            8,
            None,
            &[
                (4, 0, 'K'),
                (7, 0, 'R'),
                (0, 0, 'R'),
                (3, 3, 'p'),
                (2, 2, 'B'),
            ],
        );
        let after = board(
            8,
            None,
            &[(6, 0, 'K'), (5, 0, 'R'), (0, 0, 'R'), (3, 3, 'B')],
        );
        let anim = build(&before, &after, &mv(Sq::new(4, 0), Sq::new(6, 0)), 0.0).unwrap();
        let path_of = |x: i32, y: i32| {
            anim.sprites
                .iter()
                .find(|s| s.path[0] == (x as f64, y as f64))
                .unwrap()
        };
        assert_eq!(path_of(4, 0).path[1], (6.0, 0.0));
        assert_eq!(path_of(7, 0).path[1], (5.0, 0.0));
        assert_eq!(path_of(0, 0).path[1], (0.0, 0.0));
        assert_eq!(path_of(3, 3).vanish_phase, Some(0));
        assert_eq!(path_of(2, 2).path[1], (3.0, 3.0));
    }

    #[test]
    fn relative_castling_rook_glides_beside_the_king() {
        // 16×16, inner board at (4,4); White king on relative e1 (8,4), rook on h1 (11,4).
        // Short castling: the king stays at (8,4), the world shifts two files left, and the
        // rook lands on relative f1, now absolute (7,4); Leibnizian (no recentering).
        let before = board(
            16,
            Some(Sq::new(4, 4)),
            &[(8, 4, 'K'), (11, 4, 'R'), (8, 11, 'k')],
        );
        let after = board(
            16,
            Some(Sq::new(2, 4)),
            &[(8, 4, 'K'), (7, 4, 'R'), (6, 11, 'k')],
        );
        let anim = build(&before, &after, &mv(Sq::new(8, 4), Sq::new(10, 4)), 0.0).unwrap();
        let rook = anim
            .sprites
            .iter()
            .find(|s| s.path[0] == (11.0, 4.0))
            .unwrap();
        assert_eq!(rook.vanish_phase, None);
        assert_eq!(rook.path.last(), Some(&(7.0, 4.0)));
    }

    #[test]
    fn an_ordinary_move_on_a_tiled_board_keeps_the_gap_drawn() {
        let mut before = board(8, None, &[(4, 1, 'P'), (4, 6, 'p')]);
        before.tiled = true;
        before.blocked = vec![Sq::new(2, 4)];
        let mut after = board(8, None, &[(4, 3, 'P'), (4, 6, 'p')]);
        after.tiled = true;
        after.blocked = before.blocked.clone();
        let anim = build(&before, &after, &mv(Sq::new(4, 1), Sq::new(4, 3)), 0.0).unwrap();
        assert_eq!(anim.holes, vec![Sq::new(2, 4)]);
        assert_eq!(anim.tile_move, None);
        let back = step(
            &before,
            &after,
            &mv(Sq::new(4, 1), Sq::new(4, 3)),
            true,
            0.0,
        )
        .unwrap();
        assert_eq!(back.holes, vec![Sq::new(2, 4)]);
    }

    #[test]
    fn a_slide_carries_every_piece_on_the_tile() {
        let before = board(8, None, &[(2, 0, 'K'), (3, 1, 'p'), (4, 0, 'Q')]);
        let anim = slide(&before, Sq::new(2, 0), Sq::new(2, 2), 0.0);
        assert_eq!(anim.sprites[0].path[1], (2.0, 2.0));
        assert_eq!(anim.sprites[1].path[1], (3.0, 3.0));
        assert_eq!(anim.sprites[2].path[1], (4.0, 0.0));
        assert_eq!(anim.tile_move, Some((Sq::new(2, 0), Sq::new(2, 2))));
    }
}
