//! Test suite: engine (filled in as the feature lands).
