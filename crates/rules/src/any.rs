//! (being written) any
