//! (being written) relative chess
