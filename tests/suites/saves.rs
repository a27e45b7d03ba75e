//! Test suite: saves (filled in as the feature lands).
