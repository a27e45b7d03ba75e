//! (being written) options
