//! A deliberately simple sliding-chess implementation (square by square, no bitboards) used
//! only to cross-check the fast generator in `rules::sliding`. Clarity over speed: every
//! action is tried on a copy of the position and kept when the mover's king is safe.

use std::fmt::Write;

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Part of the missing tile: nothing stands here and no ray passes.
    Gap,
    Empty,
    Piece(NaivePiece),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaivePiece {
    pub white: bool,
    /// Upper-case letter: P N B R Q K.
    pub kind: u8,
    /// Only meaningful for pawns: may still make its double step.
    pub can_double: bool,
}

/// What an action does, kept next to its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Step {
        from: (i32, i32),
        to: (i32, i32),
        promotion: Option<u8>,
    },
    /// The tile whose lower-left square is `tile` moves into the gap at `gap`.
    Slide { tile: (i32, i32), gap: (i32, i32) },
}

/// A sliding-chess position. Squares are `(file, rank)`, both 0..8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveSliding {
    /// `cells[rank][file]`.
    cells: [[Cell; 8]; 8],
    white_to_move: bool,
    /// K, Q, k, q.
    castling: [bool; 4],
    en_passant: Option<(i32, i32)>,
    halfmoves: u32,
    fullmoves: u32,
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(square: (i32, i32)) -> bool {
    (0..8).contains(&square.0) && (0..8).contains(&square.1)
}

fn square_name(square: (i32, i32)) -> String {
    format!(
        "{}{}",
        (b'a' + square.0 as u8) as char,
        (b'1' + square.1 as u8) as char
    )
}

fn parse_square(text: &str) -> Option<(i32, i32)> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let square = (bytes[0] as i32 - 'a' as i32, bytes[1] as i32 - '1' as i32);
    on_board(square).then_some(square)
}

impl NaiveSliding {
    /// The orthodox start position with the gap at the tile whose lower-left square is
    /// `gap` (e.g. `"e5"`).
    pub fn start(gap: &str) -> NaiveSliding {
        let mut board_rows: Vec<String> = vec![
            "rnbqkbnr".into(),
            "pppppppp".into(),
            "8".into(),
            "8".into(),
            "8".into(),
            "8".into(),
            "PPPPPPPP".into(),
            "RNBQKBNR".into(),
        ];
        let (gap_file, gap_rank) = parse_square(gap).expect("gap tile name");
        for rank in [gap_rank, gap_rank + 1] {
            let row_index = (7 - rank) as usize;
            let mut row = String::new();
            for file in 0..8 {
                row.push(if file == gap_file || file == gap_file + 1 {
                    'x'
                } else {
                    '1'
                });
            }
            board_rows[row_index] = row;
        }
        let text = format!("{} w KQkq - 0 1", board_rows.join("/"));
        NaiveSliding::from_text(&text).expect("start position")
    }

    /// Reads position text (six or seven fields). Checks only what the simple model needs.
    pub fn from_text(text: &str) -> Result<NaiveSliding, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return Err(format!("expected 6 or 7 fields, found {}", fields.len()));
        }
        let mut cells = [[Cell::Empty; 8]; 8];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err("board needs 8 rows".into());
        }
        for (row_index, row) in rows.iter().enumerate() {
            let rank = 7 - row_index;
            let mut file = 0usize;
            for c in row.chars() {
                if let Some(run) = c.to_digit(10) {
                    file += run as usize;
                    continue;
                }
                if file >= 8 {
                    return Err(format!("row {row} too long"));
                }
                cells[rank][file] = match c {
                    'x' => Cell::Gap,
                    _ if "PNBRQKpnbrqk".contains(c) => Cell::Piece(NaivePiece {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase() as u8,
                        can_double: false,
                    }),
                    _ => return Err(format!("bad board character {c}")),
                };
                file += 1;
            }
            if file != 8 {
                return Err(format!("row {row} has {file} squares"));
            }
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => return Err(format!("bad side {other}")),
        };
        let mut castling = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let index = "KQkq".find(c).ok_or(format!("bad castling {c}"))?;
                castling[index] = true;
            }
        }
        let en_passant = match fields[3] {
            "-" => None,
            name => Some(parse_square(name).ok_or(format!("bad ep {name}"))?),
        };
        let halfmoves = fields[4].parse().map_err(|_| "bad halfmoves")?;
        let fullmoves = fields[5].parse().map_err(|_| "bad fullmoves")?;
        // Every home-rank pawn may double-step unless the seventh field says otherwise.
        for (rank, white) in [(1usize, true), (6usize, false)] {
            for cell in cells[rank].iter_mut() {
                if let Cell::Piece(piece) = cell {
                    if piece.kind == b'P' && piece.white == white {
                        piece.can_double = true;
                    }
                }
            }
        }
        if fields.len() == 7 && fields[6] != "-" {
            let listed = fields[6].as_bytes();
            if !listed.len().is_multiple_of(2) {
                return Err("bad seventh field".into());
            }
            for pair in listed.chunks(2) {
                let name = std::str::from_utf8(pair).map_err(|_| "bad seventh field")?;
                let (file, rank) = parse_square(name).ok_or("bad seventh field")?;
                match &mut cells[rank as usize][file as usize] {
                    Cell::Piece(piece)
                        if piece.kind == b'P'
                            && ((piece.white && rank == 1) || (!piece.white && rank == 6)) =>
                    {
                        piece.can_double = false;
                    }
                    _ => return Err(format!("{name} holds no home-rank pawn")),
                }
            }
        }
        Ok(NaiveSliding {
            cells,
            white_to_move,
            castling,
            en_passant,
            halfmoves,
            fullmoves,
        })
    }

    pub fn position_text(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            let mut empty_run = 0;
            for file in 0..8 {
                match self.cells[rank][file] {
                    Cell::Empty => empty_run += 1,
                    other => {
                        if empty_run > 0 {
                            write!(text, "{empty_run}").unwrap();
                            empty_run = 0;
                        }
                        text.push(match other {
                            Cell::Gap => 'x',
                            Cell::Piece(piece) if piece.white => piece.kind as char,
                            Cell::Piece(piece) => piece.kind.to_ascii_lowercase() as char,
                            Cell::Empty => unreachable!(),
                        });
                    }
                }
            }
            if empty_run > 0 {
                write!(text, "{empty_run}").unwrap();
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push_str(if self.white_to_move { " w " } else { " b " });
        let mut rights = String::new();
        for (index, letter) in "KQkq".chars().enumerate() {
            if self.castling[index] {
                rights.push(letter);
            }
        }
        text.push_str(if rights.is_empty() { "-" } else { &rights });
        text.push(' ');
        match self.en_passant {
            Some(square) => text.push_str(&square_name(square)),
            None => text.push('-'),
        }
        write!(text, " {} {} ", self.halfmoves, self.fullmoves).unwrap();
        let mut lost_double = String::new();
        for (rank, white) in [(1usize, true), (6usize, false)] {
            for file in 0..8 {
                if let Cell::Piece(piece) = self.cells[rank][file] {
                    if piece.kind == b'P' && piece.white == white && !piece.can_double {
                        lost_double.push_str(&square_name((file as i32, rank as i32)));
                    }
                }
            }
        }
        text.push_str(if lost_double.is_empty() {
            "-"
        } else {
            &lost_double
        });
        text
    }

    fn cell(&self, square: (i32, i32)) -> Cell {
        self.cells[square.1 as usize][square.0 as usize]
    }

    fn set_cell(&mut self, square: (i32, i32), cell: Cell) {
        self.cells[square.1 as usize][square.0 as usize] = cell;
    }

    fn own_piece_at(&self, square: (i32, i32), white: bool) -> bool {
        matches!(self.cell(square), Cell::Piece(piece) if piece.white == white)
    }

    fn enemy_piece_at(&self, square: (i32, i32), white: bool) -> bool {
        matches!(self.cell(square), Cell::Piece(piece) if piece.white != white)
    }

    fn piece_is(&self, square: (i32, i32), white: bool, kind: u8) -> bool {
        matches!(self.cell(square), Cell::Piece(piece) if piece.white == white && piece.kind == kind)
    }

    /// The lower-left square of the missing tile.
    pub fn gap(&self) -> (i32, i32) {
        for rank in (0..8).step_by(2) {
            for file in (0..8).step_by(2) {
                if self.cell((file, rank)) == Cell::Gap {
                    return (file, rank);
                }
            }
        }
        panic!("position without a gap")
    }

    fn king_square(&self, white: bool) -> Option<(i32, i32)> {
        (0..64)
            .map(|i| (i % 8, i / 8))
            .find(|&square| self.piece_is(square, white, b'K'))
    }

    /// Whether a piece of the given side attacks `target` (the gap stops every ray; knights
    /// jump).
    pub fn is_attacked(&self, target: (i32, i32), by_white: bool) -> bool {
        for (df, dr) in KNIGHT_STEPS {
            let from = (target.0 + df, target.1 + dr);
            if on_board(from) && self.piece_is(from, by_white, b'N') {
                return true;
            }
        }
        for (df, dr) in KING_STEPS {
            let from = (target.0 + df, target.1 + dr);
            if on_board(from) && self.piece_is(from, by_white, b'K') {
                return true;
            }
        }
        // A white pawn attacks diagonally upwards, so it stands one rank below its target.
        let pawn_rank = if by_white { target.1 - 1 } else { target.1 + 1 };
        for df in [-1, 1] {
            let from = (target.0 + df, pawn_rank);
            if on_board(from) && self.piece_is(from, by_white, b'P') {
                return true;
            }
        }
        for (directions, kinds) in [
            (ROOK_DIRECTIONS, [b'R', b'Q']),
            (BISHOP_DIRECTIONS, [b'B', b'Q']),
        ] {
            for (df, dr) in directions {
                let mut square = (target.0 + df, target.1 + dr);
                while on_board(square) {
                    match self.cell(square) {
                        Cell::Empty => {}
                        Cell::Gap => break,
                        Cell::Piece(piece) => {
                            if piece.white == by_white && kinds.contains(&piece.kind) {
                                return true;
                            }
                            break;
                        }
                    }
                    square = (square.0 + df, square.1 + dr);
                }
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let white = self.white_to_move;
        match self.king_square(white) {
            Some(king) => self.is_attacked(king, !white),
            None => false,
        }
    }

    /// Every chess move of the side to move, before the king-safety test.
    fn candidate_steps(&self, actions: &mut Vec<Action>) {
        let white = self.white_to_move;
        for rank in 0..8 {
            for file in 0..8 {
                let from = (file, rank);
                let Cell::Piece(piece) = self.cell(from) else {
                    continue;
                };
                if piece.white != white {
                    continue;
                }
                match piece.kind {
                    b'P' => self.pawn_steps(from, piece, actions),
                    b'N' => self.jumps(from, &KNIGHT_STEPS, actions),
                    b'K' => {
                        self.jumps(from, &KING_STEPS, actions);
                        self.castlings(from, actions);
                    }
                    b'B' => self.rays(from, &BISHOP_DIRECTIONS, actions),
                    b'R' => self.rays(from, &ROOK_DIRECTIONS, actions),
                    b'Q' => {
                        self.rays(from, &BISHOP_DIRECTIONS, actions);
                        self.rays(from, &ROOK_DIRECTIONS, actions);
                    }
                    _ => unreachable!(),
                }
            }
        }
    }

    fn pawn_steps(&self, from: (i32, i32), piece: NaivePiece, actions: &mut Vec<Action>) {
        let forward = if piece.white { 1 } else { -1 };
        let far_rank = if piece.white { 7 } else { 0 };
        let mut add = |to: (i32, i32)| {
            if to.1 == far_rank {
                for promotion in [b'q', b'r', b'b', b'n'] {
                    actions.push(Action::Step {
                        from,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                actions.push(Action::Step {
                    from,
                    to,
                    promotion: None,
                });
            }
        };
        let one = (from.0, from.1 + forward);
        if on_board(one) && self.cell(one) == Cell::Empty {
            add(one);
            let two = (from.0, from.1 + 2 * forward);
            if piece.can_double && on_board(two) && self.cell(two) == Cell::Empty {
                add(two);
            }
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + forward);
            if !on_board(to) {
                continue;
            }
            if self.enemy_piece_at(to, piece.white) || self.en_passant == Some(to) {
                add(to);
            }
        }
    }

    fn jumps(&self, from: (i32, i32), steps: &[(i32, i32)], actions: &mut Vec<Action>) {
        let white = self.white_to_move;
        for (df, dr) in steps {
            let to = (from.0 + df, from.1 + dr);
            if on_board(to) && self.cell(to) != Cell::Gap && !self.own_piece_at(to, white) {
                actions.push(Action::Step {
                    from,
                    to,
                    promotion: None,
                });
            }
        }
    }

    fn rays(&self, from: (i32, i32), directions: &[(i32, i32)], actions: &mut Vec<Action>) {
        let white = self.white_to_move;
        for (df, dr) in directions {
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                match self.cell(to) {
                    Cell::Gap => break,
                    Cell::Empty => actions.push(Action::Step {
                        from,
                        to,
                        promotion: None,
                    }),
                    Cell::Piece(other) => {
                        if other.white != white {
                            actions.push(Action::Step {
                                from,
                                to,
                                promotion: None,
                            });
                        }
                        break;
                    }
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
    }

    /// Orthodox castling: king on e1/e8, rook in its corner, every square between them
    /// present and empty, and the king neither in check nor crossing an attacked square.
    fn castlings(&self, from: (i32, i32), actions: &mut Vec<Action>) {
        let white = self.white_to_move;
        let rank = if white { 0 } else { 7 };
        if from != (4, rank) {
            return;
        }
        let (king_right, queen_right) = if white { (0, 1) } else { (2, 3) };
        let enemy = !white;
        if self.castling[king_right]
            && self.piece_is((7, rank), white, b'R')
            && [5, 6].iter().all(|&f| self.cell((f, rank)) == Cell::Empty)
            && [4, 5, 6]
                .iter()
                .all(|&f| !self.is_attacked((f, rank), enemy))
        {
            actions.push(Action::Step {
                from,
                to: (6, rank),
                promotion: None,
            });
        }
        if self.castling[queen_right]
            && self.piece_is((0, rank), white, b'R')
            && [1, 2, 3]
                .iter()
                .all(|&f| self.cell((f, rank)) == Cell::Empty)
            && [4, 3, 2]
                .iter()
                .all(|&f| !self.is_attacked((f, rank), enemy))
        {
            actions.push(Action::Step {
                from,
                to: (2, rank),
                promotion: None,
            });
        }
    }

    fn candidate_slides(&self, actions: &mut Vec<Action>) {
        let gap = self.gap();
        for (df, dr) in ROOK_DIRECTIONS {
            let tile = (gap.0 + 2 * df, gap.1 + 2 * dr);
            if on_board(tile) {
                actions.push(Action::Slide { tile, gap });
            }
        }
    }

    fn apply(&self, action: Action) -> NaiveSliding {
        let mut next = self.clone();
        let white = self.white_to_move;
        next.en_passant = None;
        match action {
            Action::Step {
                from,
                to,
                promotion,
            } => {
                let Cell::Piece(mut piece) = self.cell(from) else {
                    panic!("no piece to move");
                };
                let captured = matches!(self.cell(to), Cell::Piece(_));
                let mut zeroing = captured || piece.kind == b'P';
                if piece.kind == b'P' && from.0 != to.0 && !captured {
                    // En passant: the captured pawn stands beside the mover.
                    next.set_cell((to.0, from.1), Cell::Empty);
                    zeroing = true;
                }
                if piece.kind == b'P' && (to.1 - from.1).abs() == 2 {
                    next.en_passant = Some((from.0, (from.1 + to.1) / 2));
                }
                if piece.kind == b'K' && (to.0 - from.0).abs() == 2 {
                    let (rook_from, rook_to) = if to.0 == 6 { (7, 5) } else { (0, 3) };
                    let rook = next.cell((rook_from, from.1));
                    next.set_cell((rook_from, from.1), Cell::Empty);
                    next.set_cell((rook_to, from.1), rook);
                }
                if piece.kind == b'K' {
                    let (k, q) = if white { (0, 1) } else { (2, 3) };
                    next.castling[k] = false;
                    next.castling[q] = false;
                }
                for (corner, right) in [((7, 0), 0), ((0, 0), 1), ((7, 7), 2), ((0, 7), 3)] {
                    if from == corner || to == corner {
                        next.castling[right] = false;
                    }
                }
                piece.can_double = false;
                if let Some(letter) = promotion {
                    piece.kind = letter.to_ascii_uppercase();
                }
                next.set_cell(from, Cell::Empty);
                next.set_cell(to, Cell::Piece(piece));
                next.halfmoves = if zeroing { 0 } else { self.halfmoves + 1 };
            }
            Action::Slide { tile, gap } => {
                for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let source = (tile.0 + df, tile.1 + dr);
                    let target = (gap.0 + df, gap.1 + dr);
                    let mut cell = self.cell(source);
                    if let Cell::Piece(piece) = &mut cell {
                        piece.can_double = false;
                        let rights: &[(usize, (i32, i32))] = match (piece.white, piece.kind) {
                            (true, b'K') => &[(0, (4, 0)), (1, (4, 0))],
                            (false, b'K') => &[(2, (4, 7)), (3, (4, 7))],
                            (true, b'R') => &[(0, (7, 0)), (1, (0, 0))],
                            (false, b'R') => &[(2, (7, 7)), (3, (0, 7))],
                            _ => &[],
                        };
                        for &(right, home) in rights {
                            if source == home {
                                next.castling[right] = false;
                            }
                        }
                    }
                    next.set_cell(target, cell);
                    next.set_cell(source, Cell::Gap);
                }
                let mut promoted = false;
                for file in 0..8 {
                    for (rank, pawn_white) in [(7, true), (0, false)] {
                        if let Cell::Piece(piece) = &mut next.cells[rank][file] {
                            if piece.kind == b'P' && piece.white == pawn_white {
                                piece.kind = b'Q';
                                promoted = true;
                            }
                        }
                    }
                }
                next.halfmoves = if promoted { 0 } else { self.halfmoves + 1 };
            }
        }
        next.white_to_move = !white;
        if !white {
            next.fullmoves += 1;
        }
        next
    }

    fn action_text(action: Action) -> String {
        match action {
            Action::Step {
                from,
                to,
                promotion,
            } => {
                let mut text = square_name(from) + &square_name(to);
                if let Some(letter) = promotion {
                    text.push(letter as char);
                }
                text
            }
            Action::Slide { tile, gap } => {
                format!("S:{}>{}", square_name(tile), square_name(gap))
            }
        }
    }

    /// Every legal action with its move text and the position it leads to.
    pub fn legal_actions(&self) -> Vec<(String, NaiveSliding)> {
        let mut candidates = Vec::new();
        self.candidate_steps(&mut candidates);
        self.candidate_slides(&mut candidates);
        let mover = self.white_to_move;
        candidates
            .into_iter()
            .filter_map(|action| {
                let next = self.apply(action);
                let safe = match next.king_square(mover) {
                    Some(king) => !next.is_attacked(king, !mover),
                    None => true,
                };
                safe.then(|| (NaiveSliding::action_text(action), next))
            })
            .collect()
    }

    /// The move texts of every legal action, sorted.
    pub fn legal_action_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_actions()
            .into_iter()
            .map(|(text, _)| text)
            .collect();
        texts.sort();
        texts
    }

    /// Plays the action with this move text, when it is legal.
    pub fn play(&self, text: &str) -> Option<NaiveSliding> {
        self.legal_actions()
            .into_iter()
            .find(|(candidate, _)| candidate == text)
            .map(|(_, next)| next)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}
