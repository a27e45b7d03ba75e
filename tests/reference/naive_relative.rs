//! A deliberately simple second implementation of relative chess for cross-checking: absolute
//! coordinates, the whole outer board physically shifted on every move, candidates found by
//! trying every target square, legality by asking every enemy piece whether it hits the king.
//! Clarity over speed; shares nothing with the fast generator but the piece types.

use rules::relative::{Leave, Recentering};
use rules::{Color, Piece, Role};

/// A relative chess position on absolute squares (`board[y][x]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaivePosition {
    pub size: i32,
    pub board: Vec<Vec<Option<Piece>>>,
    /// The absolute square of the inner board's a1.
    pub origin: (i32, i32),
    pub turn: Color,
    /// White short, White long, Black short, Black long.
    pub castling: [bool; 4],
    /// Absolute en-passant square.
    pub ep: Option<(i32, i32)>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    pub recentering: Recentering,
    pub leave: Leave,
}

/// A move in absolute squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveMove {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub promotion: Option<Role>,
}

fn square_name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_square(text: &str) -> (i32, i32) {
    let x = (text.as_bytes()[0] - b'a') as i32;
    let y: i32 = text[1..].parse().expect("rank number");
    (x, y - 1)
}

impl NaiveMove {
    pub fn text(&self) -> String {
        let mut text = format!("{}{}", square_name(self.from), square_name(self.to));
        if let Some(role) = self.promotion {
            text.push(role.char());
        }
        text
    }
}

fn home_rank(color: Color) -> i32 {
    if color == Color::White {
        0
    } else {
        7
    }
}

impl NaivePosition {
    /// Reads position text that is known to be valid.
    pub fn from_text(text: &str, recentering: Recentering, leave: Leave) -> NaivePosition {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        let size = ranks.len() as i32;
        let mut board = vec![vec![None; size as usize]; size as usize];
        for (row, rank) in ranks.iter().enumerate() {
            let y = size as usize - 1 - row;
            let mut x = 0;
            let mut number = String::new();
            for c in rank.chars() {
                if c.is_ascii_digit() {
                    number.push(c);
                } else {
                    if !number.is_empty() {
                        x += number.parse::<usize>().unwrap();
                        number.clear();
                    }
                    board[y][x] = Piece::from_fen_char(c);
                    x += 1;
                }
            }
        }
        NaivePosition {
            size,
            board,
            turn: if fields[1] == "w" {
                Color::White
            } else {
                Color::Black
            },
            castling: ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c)),
            ep: (fields[3] != "-").then(|| parse_square(fields[3])),
            halfmoves: fields[4].parse().unwrap(),
            fullmoves: fields[5].parse().unwrap(),
            origin: parse_square(fields[6]),
            recentering,
            leave,
        }
    }

    pub fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for y in (0..self.size as usize).rev() {
            let mut rank = String::new();
            let mut empty = 0;
            for x in 0..self.size as usize {
                match self.board[y][x] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            rank += &empty.to_string();
                        }
                        empty = 0;
                        rank.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            ranks.push(rank);
        }
        let mut castling: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castling)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        if castling.is_empty() {
            castling = "-".to_string();
        }
        format!(
            "{} {} {} {} {} {} {}",
            ranks.join("/"),
            if self.turn == Color::White { "w" } else { "b" },
            castling,
            self.ep.map_or("-".to_string(), square_name),
            self.halfmoves,
            self.fullmoves,
            square_name(self.origin)
        )
    }

    fn on_board(&self, (x, y): (i32, i32)) -> bool {
        x >= 0 && y >= 0 && x < self.size && y < self.size
    }

    fn at(&self, (x, y): (i32, i32)) -> Option<Piece> {
        if self.on_board((x, y)) {
            self.board[y as usize][x as usize]
        } else {
            None
        }
    }

    fn relative(&self, (x, y): (i32, i32)) -> (i32, i32) {
        (x - self.origin.0, y - self.origin.1)
    }

    fn king_of(&self, color: Color) -> Option<(i32, i32)> {
        self.squares()
            .find(|&sq| self.at(sq) == Some(Piece::new(color, Role::King)))
    }

    fn squares(&self) -> impl Iterator<Item = (i32, i32)> {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| (x, y)))
    }

    /// Every square strictly between two squares on a line must be empty.
    fn path_clear(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let steps = dx.abs().max(dy.abs());
        (1..steps).all(|k| {
            self.at((from.0 + dx / steps * k, from.1 + dy / steps * k))
                .is_none()
        })
    }

    /// Whether the piece on `from` could capture on `to` by its movement pattern.
    fn hits(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        let Some(piece) = self.at(from) else {
            return false;
        };
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let straight = (dx == 0) != (dy == 0);
        let diagonal = dx != 0 && dx.abs() == dy.abs();
        match piece.role {
            Role::Pawn => dx.abs() == 1 && dy == piece.color.forward(),
            Role::Knight => dx.abs() * dy.abs() == 2,
            Role::King => (dx, dy) != (0, 0) && dx.abs() <= 1 && dy.abs() <= 1,
            Role::Rook => straight && self.path_clear(from, to),
            Role::Bishop => diagonal && self.path_clear(from, to),
            Role::Queen => (straight || diagonal) && self.path_clear(from, to),
        }
    }

    fn attacked_by(&self, target: (i32, i32), color: Color) -> bool {
        self.squares()
            .into_iter()
            .any(|sq| self.at(sq).is_some_and(|p| p.color == color) && self.hits(sq, target))
    }

    pub fn in_check(&self) -> bool {
        self.king_of(self.turn)
            .is_some_and(|k| self.attacked_by(k, self.turn.other()))
    }

    /// The side whose king has gone over the edge.
    pub fn lost_outright(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.king_of(c).is_none())
    }

    /// Whether moving the piece on `from` to `to` is an ordinary chess move, read in relative
    /// terms (which, at the moment of the move, is the same geometry).
    fn is_candidate(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        let piece = self.at(from).unwrap();
        if self.at(to).is_some_and(|p| p.color == piece.color) {
            return false;
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if piece.role != Role::Pawn {
            return self.hits(from, to);
        }
        let forward = piece.color.forward();
        let start_rank = home_rank(piece.color) + forward;
        if dx == 0 && dy == forward {
            return self.at(to).is_none();
        }
        if dx == 0 && dy == 2 * forward {
            return self.relative(from).1 == start_rank
                && self.at(to).is_none()
                && self.at((from.0, from.1 + forward)).is_none();
        }
        if dx.abs() == 1 && dy == forward {
            return self.at(to).is_some() || self.ep == Some(to);
        }
        false
    }

    /// Castling targets of the side to move (king's absolute target squares).
    fn castling_targets(&self) -> Vec<(i32, i32)> {
        let us = self.turn;
        let rank = home_rank(us);
        let abs = |x: i32| (self.origin.0 + x, self.origin.1 + rank);
        let mut targets = Vec::new();
        if self.at(abs(4)) != Some(Piece::new(us, Role::King)) {
            return targets;
        }
        let rights = if us == Color::White {
            [self.castling[0], self.castling[1]]
        } else {
            [self.castling[2], self.castling[3]]
        };
        let sides = [
            (rights[0], 7, vec![5, 6], vec![4, 5, 6], 6),
            (rights[1], 0, vec![1, 2, 3], vec![4, 3, 2], 2),
        ];
        for (right, rook_x, empty, safe, king_x) in sides {
            if right
                && self.at(abs(rook_x)) == Some(Piece::new(us, Role::Rook))
                && empty.iter().all(|&x| self.at(abs(x)).is_none())
                && safe.iter().all(|&x| !self.attacked_by(abs(x), us.other()))
            {
                targets.push(abs(king_x));
            }
        }
        targets
    }

    /// Every legal move with the position it leads to.
    pub fn legal_moves(&self) -> Vec<(NaiveMove, NaivePosition)> {
        let mut result = Vec::new();
        if self.lost_outright().is_some() {
            return result;
        }
        let us = self.turn;
        for from in self.squares() {
            if self.at(from).is_none_or(|p| p.color != us) {
                continue;
            }
            let mut targets: Vec<(i32, i32)> = self
                .squares()
                .filter(|&to| to != from && self.is_candidate(from, to))
                .collect();
            let castling = self.at(from).unwrap().role == Role::King;
            let castle_targets = if castling {
                self.castling_targets()
            } else {
                vec![]
            };
            targets.extend(castle_targets.iter().copied());
            for to in targets {
                let is_castle = castle_targets.contains(&to);
                for promotion in self.promotion_choices(from, to) {
                    let mv = NaiveMove {
                        from,
                        to,
                        promotion,
                    };
                    if let Some(next) = self.try_move(mv, is_castle) {
                        result.push((mv, next));
                    }
                }
            }
        }
        result
    }

    fn promotion_choices(&self, from: (i32, i32), to: (i32, i32)) -> Vec<Option<Role>> {
        let piece = self.at(from).unwrap();
        let far_rank = home_rank(piece.color.other());
        if piece.role == Role::Pawn && self.relative(to).1 == far_rank {
            [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None]
        }
    }

    /// Steps 1–10 of `docs/rules-relative.md` for one candidate; `None` when it is illegal.
    fn try_move(&self, mv: NaiveMove, is_castle: bool) -> Option<NaivePosition> {
        let us = self.turn;
        let n = self.size;
        let (from, to) = (mv.from, mv.to);
        let d = (to.0 - from.0, to.1 - from.1);
        let mover = self.at(from).unwrap();
        // 1. The target is on the outer board by construction. 2. Boundary rule.
        let shifted = (self.origin.0 - d.0, self.origin.1 - d.1);
        if shifted.0 < 0 || shifted.1 < 0 || shifted.0 > n - 8 || shifted.1 > n - 8 {
            return None;
        }
        // 3. Leave setting.
        let new_rel = self.relative(to);
        let inside = |v: i32| (0..8).contains(&v);
        let allowed = match self.leave {
            Leave::Yes => true,
            Leave::Sides => inside(new_rel.1),
            Leave::No => inside(new_rel.0) && inside(new_rel.1),
        };
        if !allowed {
            return None;
        }
        // 4. Shift everything but the mover by −d; remove what is captured.
        let en_passant = mover.role == Role::Pawn && d.0 != 0 && self.at(to).is_none();
        let captured_square = if en_passant {
            Some((to.0, from.1))
        } else if self.at(to).is_some() {
            Some(to)
        } else {
            None
        };
        let mut next = self.clone();
        next.board = vec![vec![None; n as usize]; n as usize];
        next.origin = shifted;
        let mut lost_any = false;
        for sq in self.squares() {
            let Some(piece) = self.at(sq) else { continue };
            if sq == from || Some(sq) == captured_square {
                continue;
            }
            let mut dest = (sq.0 - d.0, sq.1 - d.1);
            if is_castle && piece.role == Role::Rook && self.relative(sq).1 == home_rank(us) {
                let rel = self.relative(sq);
                let rook_goes = (d.0 > 0 && rel.0 == 7) || (d.0 < 0 && rel.0 == 0);
                if rook_goes {
                    let rel_target = if d.0 > 0 { 5 } else { 3 };
                    dest = (shifted.0 + rel_target, shifted.1 + rel.1);
                }
            }
            // 5. Death by edge, first check.
            if next.on_board(dest) {
                next.board[dest.1 as usize][dest.0 as usize] = Some(piece);
            } else {
                lost_any = true;
            }
        }
        // 6. Promotion.
        let placed = match mv.promotion {
            Some(role) => Piece::new(us, role),
            None => mover,
        };
        next.board[from.1 as usize][from.0 as usize] = Some(placed);
        // En passant square: the relative square passed over, in absolute terms after the shift.
        let double_step = mover.role == Role::Pawn && d.1.abs() == 2;
        next.ep = double_step.then(|| (from.0, from.1 - us.forward()));
        // 7. Recentering.
        if self.recentering == Recentering::Aristotelian {
            let c = (n - 8) / 2;
            let step = ((c - shifted.0).signum(), (c - shifted.1).signum());
            if step != (0, 0) {
                let before = next.clone();
                next.board = vec![vec![None; n as usize]; n as usize];
                next.origin = (shifted.0 + step.0, shifted.1 + step.1);
                for sq in before.squares() {
                    let Some(piece) = before.at(sq) else { continue };
                    let dest = (sq.0 + step.0, sq.1 + step.1);
                    // 8. Death by edge, second check.
                    if next.on_board(dest) {
                        next.board[dest.1 as usize][dest.0 as usize] = Some(piece);
                    } else {
                        lost_any = true;
                        if sq == from {
                            next.ep = None;
                        }
                    }
                }
                next.ep = next.ep.map(|e| (e.0 + step.0, e.1 + step.1));
            }
        }
        // 9. Legality.
        let king = next.king_of(us)?;
        if next.attacked_by(king, us.other()) {
            return None;
        }
        // Bookkeeping.
        let rank = home_rank(us);
        let from_rel = self.relative(from);
        let to_rel = self.relative(to);
        if mover.role == Role::King {
            next.castling[if us == Color::White { 0 } else { 2 }] = false;
            next.castling[if us == Color::White { 1 } else { 3 }] = false;
        }
        for (slot, color, corner) in [
            (0, Color::White, 7),
            (1, Color::White, 0),
            (2, Color::Black, 7),
            (3, Color::Black, 0),
        ] {
            let corner_sq = (corner, home_rank(color));
            let rook_moved = mover.role == Role::Rook && color == us && from_rel == corner_sq;
            let rook_taken = color != us && to_rel == corner_sq;
            if rook_moved || rook_taken {
                next.castling[slot] = false;
            }
        }
        let _ = rank;
        let capture = captured_square.is_some();
        next.halfmoves = if capture || lost_any || mover.role == Role::Pawn {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            next.fullmoves += 1;
        }
        next.turn = us.other();
        Some(next)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}
