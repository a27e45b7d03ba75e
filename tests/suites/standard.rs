//! Test suite: standard (filled in as the feature lands).
