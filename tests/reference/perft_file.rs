//! Reader for the data-driven perft files in `tests/perft/`: blank-line separated entries of
//! `id NAME`, `epd POSITION`, optional `options KEY=VALUE …`, and `perft DEPTH NODES` lines.

/// One position and its expected leaf counts.
#[derive(Clone, Debug)]
pub struct PerftEntry {
    pub id: String,
    pub position: String,
    pub options: Vec<(String, String)>,
    pub counts: Vec<(u32, u64)>,
}

/// Parses a perft file; panics with the line number on a malformed line (test data only).
pub fn parse_perft_file(text: &str) -> Vec<PerftEntry> {
    let mut entries = Vec::new();
    let mut current: Option<PerftEntry> = None;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            entries.extend(current.take());
            continue;
        }
        let entry = current.get_or_insert_with(|| PerftEntry {
            id: String::new(),
            position: String::new(),
            options: Vec::new(),
            counts: Vec::new(),
        });
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => entry.id = value.to_string(),
            "epd" => entry.position = value.to_string(),
            "options" => {
                for pair in value.split_whitespace() {
                    let (k, v) = pair.split_once('=').expect("options are KEY=VALUE");
                    entry.options.push((k.to_string(), v.to_string()));
                }
            }
            "perft" => {
                let (depth, nodes) = value
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("line {}: perft DEPTH NODES", number + 1));
                entry
                    .counts
                    .push((depth.parse().expect("depth"), nodes.parse().expect("nodes")));
            }
            other => panic!("line {}: unknown key '{other}'", number + 1),
        }
    }
    entries.extend(current);
    entries
}
