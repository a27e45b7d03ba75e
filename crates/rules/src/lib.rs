//! The rules of the Boardshift games: positions, legal moves, notation, game records and
//! saved games. Knows nothing of screens or search.

#[macro_use]
mod macros;

pub mod any;
pub mod attacks;
pub mod bitboard;
pub mod chess;
pub mod chess960;
pub mod game;
// The multiplier search is used by build.rs; the library needs only the ray walks.
#[allow(dead_code)]
mod magic_search;
pub mod options;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod regroupment;
pub mod relative;
pub mod rng;
pub mod save;
pub mod sliding;
pub mod typed_move;
pub mod types;
pub mod variant;
pub mod view;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use chess::{CastlingMode, ChessPosition, Move, MoveKind, MoveList, PositionError, Setup};
pub use position::{GamePosition, MoveTextError, VariantKind};
pub use types::{Color, Piece, Role, Square};
pub use variant::{dispatch, PositionTextError, Variant, VariantVisitor};
