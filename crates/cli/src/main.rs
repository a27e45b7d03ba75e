//! The `boardshift` command-line tool.

fn main() {}
