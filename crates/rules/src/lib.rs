//! The rules of the Boardshift games: positions, legal moves, notation, game records and
//! saved games. Knows nothing of screens or search.

pub mod attacks;
pub mod bitboard;
pub mod chess;
pub mod position;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use chess::{CastlingMode, ChessPosition, Move, MoveKind, PositionError, Setup};
pub use position::{GamePosition, MoveTextError, VariantKind};
pub use types::{Color, Piece, Role, Square};
