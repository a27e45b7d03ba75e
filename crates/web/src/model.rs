//! Plain data the board is drawn from: pieces at absolute squares, blocked squares, the inner
//! board, the legal actions grouped for clicking. Filled from the rules crate by `session`.

use rules::{Color, Piece, Role};
use serde::ser::SerializeStruct;
use serde::Serialize;

/// An absolute square of the drawn board: x = file from White's left, y = rank from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Sq {
    pub x: i32,
    pub y: i32,
}

impl Sq {
    pub const fn new(x: i32, y: i32) -> Sq {
        Sq { x, y }
    }

    /// Square name in the variant's notation (`a1`, `k5`, `p16`).
    pub fn name(self) -> String {
        let file = (b'a' + self.x as u8) as char;
        format!("{file}{}", self.y + 1)
    }

    pub fn parse(text: &str) -> Option<Sq> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: i32 = chars.as_str().parse().ok()?;
        (rank >= 1).then(|| Sq::new(file as i32 - 'a' as i32, rank - 1))
    }
}

/// A drawn piece: the rules' colour and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceId {
    pub color: Color,
    pub role: Role,
}

impl PieceId {
    pub const fn new(color: Color, role: Role) -> PieceId {
        PieceId { color, role }
    }

    pub fn from_fen_char(c: char) -> Option<PieceId> {
        Piece::from_fen_char(c).map(|p| PieceId::new(p.color, p.role))
    }

    /// The image name under `pieces/` (e.g. `wN`).
    pub fn image_key(self) -> String {
        format!("{}{}", self.color.letter(), self.role.upper_char())
    }

    /// Material value for the balance shown beside the board.
    pub fn value(self) -> i32 {
        match self.role {
            Role::Queen => 9,
            Role::Rook => 5,
            Role::Bishop | Role::Knight => 3,
            Role::Pawn => 1,
            Role::King => 0,
        }
    }
}

/// Written for the test hook as `{"white":true,"role":"N"}`, the shape the browser tests read.
impl Serialize for PieceId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("PieceId", 2)?;
        out.serialize_field("white", &(self.color == Color::White))?;
        out.serialize_field("role", &self.role.upper_char())?;
        out.end()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedPiece {
    pub sq: Sq,
    pub piece: PieceId,
}

/// What the board looks like at one moment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardModel {
    pub files: i32,
    pub ranks: i32,
    pub pieces: Vec<PlacedPiece>,
    /// Squares no piece may stand on (the sliding gap).
    pub blocked: Vec<Sq>,
    /// Relative chess: the absolute square of the inner board's a1.
    pub inner_origin: Option<Sq>,
    /// Sliding chess: the board is cut into 2×2 tiles.
    pub tiled: bool,
    pub check: Option<Sq>,
    /// The squares the last move touched (a slide: both tiles).
    pub last_move: Vec<Sq>,
}

impl BoardModel {
    /// An empty 8×8 board, drawn before any game exists.
    pub fn empty() -> BoardModel {
        BoardModel {
            files: 8,
            ranks: 8,
            pieces: Vec::new(),
            blocked: Vec::new(),
            inner_origin: None,
            tiled: false,
            check: None,
            last_move: Vec::new(),
        }
    }

    pub fn piece_at(&self, sq: Sq) -> Option<PieceId> {
        self.pieces.iter().find(|p| p.sq == sq).map(|p| p.piece)
    }

    pub fn contains(&self, sq: Sq) -> bool {
        sq.x >= 0 && sq.y >= 0 && sq.x < self.files && sq.y < self.ranks
    }
}

/// During a regroupment setup phase: whose step it is and for which piece (king or queen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupStep {
    pub color: Color,
    pub role: Role,
}

/// What the player is doing that the board shows on top of the position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    pub selected: Option<Sq>,
    pub targets: Vec<(Sq, Mark)>,
    /// The piece being dragged and the pointer position in CSS pixels.
    pub drag: Option<(Sq, f64, f64)>,
    /// Sliding: the tiles (lower-left squares) that can slide now.
    pub glowing_tiles: Vec<Sq>,
    /// Regroupment setup: the pieces that can be picked or swapped with.
    pub setup_marks: Vec<Sq>,
    /// The queued premove's squares (from, to).
    pub premove: Vec<Sq>,
}

/// How a legal target is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mark {
    Normal,
    Capture,
    Castle,
}

/// One legal action of the position, in the shape the input handling needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A piece move; `promotion` is the piece chosen when the move promotes.
    Move {
        from: Sq,
        to: Sq,
        mark: Mark,
        promotion: Option<Role>,
        text: String,
    },
    /// A sliding-chess tile slide: the tile's lower-left square and the gap it moves into.
    Slide { tile: Sq, gap: Sq, text: String },
    /// A regroupment setup step of the king or the queen; `with` is the square swapped with,
    /// `None` for keeping the piece where it stands.
    Setup {
        role: Role,
        with: Option<Sq>,
        text: String,
    },
}

impl Action {
    pub fn text(&self) -> &str {
        match self {
            Action::Move { text, .. } | Action::Slide { text, .. } | Action::Setup { text, .. } => {
                text
            }
        }
    }
}

/// The legal actions from one square, merged per target (promotions give one target).
pub fn targets_from(actions: &[Action], from: Sq) -> Vec<(Sq, Mark)> {
    let mut out: Vec<(Sq, Mark)> = Vec::new();
    for action in actions {
        if let Action::Move {
            from: f, to, mark, ..
        } = action
        {
            if *f == from && !out.iter().any(|(t, _)| t == to) {
                out.push((*to, *mark));
            }
        }
    }
    out
}

/// The move actions from `from` to `to` (several when the move promotes).
pub fn moves_between(actions: &[Action], from: Sq, to: Sq) -> Vec<&Action> {
    actions
        .iter()
        .filter(|a| matches!(a, Action::Move { from: f, to: t, .. } if *f == from && *t == to))
        .collect()
}

/// The slide that moves the tile containing `sq`, if that tile can slide.
pub fn slide_of_square(actions: &[Action], sq: Sq) -> Option<&Action> {
    actions.iter().find(|a| match a {
        Action::Slide { tile, .. } => {
            sq.x >= tile.x && sq.x < tile.x + 2 && sq.y >= tile.y && sq.y < tile.y + 2
        }
        _ => false,
    })
}

/// The action a recorded ply's machine text stands for, as far as drawing needs it (which
/// squares a move joins, which tile slid where). Marks are not known from text alone.
pub fn action_from_text(text: &str) -> Option<Action> {
    if let Some(slide) = text.strip_prefix("S:") {
        let (tile, gap) = slide.split_once('>')?;
        return Some(Action::Slide {
            tile: Sq::parse(tile)?,
            gap: Sq::parse(gap)?,
            text: text.to_string(),
        });
    }
    let setup_role = match text.chars().next() {
        Some('K') => Some(Role::King),
        Some('Q') => Some(Role::Queen),
        _ => None,
    };
    if let Some(role) = setup_role {
        let with = Sq::parse(&text[1..]);
        return Some(Action::Setup {
            role,
            with,
            text: text.to_string(),
        });
    }
    let bytes = text.as_bytes();
    let split = |start: usize| -> Option<usize> {
        let digits = bytes
            .get(start + 1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        (digits > 0).then_some(start + 1 + digits)
    };
    let first_end = split(0)?;
    let second_end = split(first_end)?;
    let from = Sq::parse(&text[..first_end])?;
    let to = Sq::parse(&text[first_end..second_end])?;
    let promotion = text[second_end..].chars().next().and_then(Role::from_char);
    Some(Action::Move {
        from,
        to,
        mark: Mark::Normal,
        promotion,
        text: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_large_boards() {
        assert_eq!(Sq::new(10, 4).name(), "k5");
        assert_eq!(Sq::new(3, 15).name(), "d16");
        assert_eq!(Sq::parse("d16"), Some(Sq::new(3, 15)));
        assert_eq!(Sq::parse("A1"), None);
        assert_eq!(Sq::parse("a0"), None);
    }

    #[test]
    fn recorded_texts_map_back_to_squares() {
        let relative = action_from_text("i12i13q").unwrap();
        assert!(
            matches!(relative, Action::Move { from, to, promotion: Some(Role::Queen), .. }
            if from == Sq::new(8, 11) && to == Sq::new(8, 12))
        );
        let slide = action_from_text("S:c1>c3").unwrap();
        assert!(
            matches!(slide, Action::Slide { tile, gap, .. } if tile == Sq::new(2, 0) && gap == Sq::new(2, 2))
        );
        assert!(matches!(
            action_from_text("K-"),
            Some(Action::Setup {
                role: Role::King,
                with: None,
                ..
            })
        ));
        assert!(matches!(
            action_from_text("Qc1"),
            Some(Action::Setup {
                role: Role::Queen,
                with: Some(_),
                ..
            })
        ));
        assert_eq!(action_from_text("e2"), None);
    }

    #[test]
    fn promotions_merge_into_one_target_and_slides_cover_their_tile() {
        let mv = |promo: Role| Action::Move {
            from: Sq::new(4, 6),
            to: Sq::new(4, 7),
            mark: Mark::Normal,
            promotion: Some(promo),
            text: format!("e7e8{}", promo.char()),
        };
        let actions = vec![
            mv(Role::Queen),
            mv(Role::Knight),
            Action::Slide {
                tile: Sq::new(2, 0),
                gap: Sq::new(2, 2),
                text: "S:c1>c3".into(),
            },
        ];
        assert_eq!(
            targets_from(&actions, Sq::new(4, 6)),
            vec![(Sq::new(4, 7), Mark::Normal)]
        );
        assert_eq!(
            moves_between(&actions, Sq::new(4, 6), Sq::new(4, 7)).len(),
            2
        );
        assert_eq!(
            slide_of_square(&actions, Sq::new(3, 1)).map(Action::text),
            Some("S:c1>c3")
        );
        assert!(slide_of_square(&actions, Sq::new(4, 1)).is_none());
    }
}
