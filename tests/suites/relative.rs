//! Test suite: relative (filled in as the feature lands).
