//! (being written) sliding
