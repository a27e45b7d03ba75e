//! Test suite: standard_diff (filled in as the feature lands).
