//! Deliberately simple reference implementations of the variants, square by square, used only
//! to cross-check the fast move generators in the test suites.
