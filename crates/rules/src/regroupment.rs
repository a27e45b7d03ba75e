//! (being written) regroupment
