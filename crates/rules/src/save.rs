//! (being written) save
