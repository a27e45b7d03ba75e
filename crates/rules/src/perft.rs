//! (being written) perft
