//! Deliberately simple reference implementations of the variants, square by square, used only
//! to cross-check the fast move generators in the test suites.
pub mod cozy;
pub mod naive_relative;
pub mod naive_sliding;
pub mod perft_file;
pub mod rng;
