//! Test suite: perft (filled in as the feature lands).
