//! Test suite: regroupment (filled in as the feature lands).
