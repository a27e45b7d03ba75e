//! (being written) game
