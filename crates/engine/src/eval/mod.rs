//! Evaluation, one module per variant, each implementing [`crate::SearchPosition`] for that
//! variant's position type. Standard chess and regroupment (the same `ChessPosition`, in
//! Chess960 castling mode) share [`chess`], each with weights of its own; sliding chess adds
//! its tile terms on top of it (with the hand-set weights); relative chess has its own board geometry and edge terms.

pub mod chess;
mod chess960_weights;
mod chess_contest;
mod chess_keys;
mod chess_pawns;
mod chess_pieces;
mod chess_terms;
pub mod relative;
mod relative_weights;
pub mod sliding;
mod sliding_weights;
mod standard_weights;
