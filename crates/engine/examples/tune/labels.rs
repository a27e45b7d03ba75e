//! Labels from searches (`--rescore N`): each position of a data set searched again with N
//! nodes, by the engine itself or by another UCI program (`--teacher`), the scores kept beside
//! the data set and read back by the next fit.

use super::{data_path, in_order_on_threads, Sample, Settings, Tunable};
use engine::{FrozenClock, Level, Limits, SearchRequest, Searcher};
use rules::{Color, GamePosition};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The largest search score a label is taken from: mates and near-mates alike say "won".
const SEARCH_SCORE_CAP: i32 = 2_000;

/// Each sample's score from a search of `nodes` nodes, White's view, mates counted as
/// ±[`SEARCH_SCORE_CAP`]: read back from beside the data set or searched (and saved). Each
/// search starts from a cleared table, so the scores do not depend on the number of threads.
pub(crate) fn search_scores<V: Tunable>(
    samples: &[Sample<V::Position>],
    nodes: u64,
    settings: &Settings,
) -> Result<Vec<i32>, String> {
    let path = scores_path::<V>(settings, "search", nodes);
    if let Some(scores) = read_scores(&path, samples.len())? {
        return Ok(scores);
    }
    let scores = in_order_on_threads(
        samples.len(),
        settings.threads,
        || Searcher::<V::Position>::new(1),
        |searcher, index| {
            searcher.clear();
            let position = &samples[index].position;
            let request = SearchRequest::new(position, Level::Hard, &FrozenClock)
                .with_limits(Limits::nodes(nodes));
            let score = searcher
                .think(&request)
                .score
                .clamp(-SEARCH_SCORE_CAP, SEARCH_SCORE_CAP);
            report_progress(index, samples.len());
            white_view(position, score)
        },
    );
    write_scores(&path, &scores)?;
    Ok(scores)
}

/// Each sample's score from `program`'s search of `nodes` nodes (`go nodes`), White's view,
/// in the program's own centipawns, mates as ±[`SEARCH_SCORE_CAP`]; kept like
/// [`search_scores`]. Every search follows `ucinewgame`, so the scores do not depend on the
/// number of threads (one process each).
pub(crate) fn teacher_scores<V: Tunable>(
    samples: &[Sample<V::Position>],
    program: &str,
    nodes: u64,
    settings: &Settings,
) -> Result<Vec<i32>, String> {
    if !V::UCI_TEXT {
        return Err(format!(
            "--teacher: {} positions are not FEN for a UCI program",
            V::NAME
        ));
    }
    let name = Path::new(program)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or("teacher");
    let path = scores_path::<V>(settings, name, nodes);
    if let Some(scores) = read_scores(&path, samples.len())? {
        return Ok(scores);
    }
    // A program that does not start leaves each thread an error, which the first position
    // it is given returns: a message, not a failed thread.
    let scores: Vec<Result<i32, String>> = in_order_on_threads(
        samples.len(),
        settings.threads,
        || Teacher::start(program),
        |teacher, index| {
            let teacher = teacher.as_mut().map_err(|error| error.clone())?;
            let position = &samples[index].position;
            let score = teacher.score(&position.position_text(), nodes)?;
            report_progress(index, samples.len());
            Ok(white_view(position, score))
        },
    );
    let scores = scores.into_iter().collect::<Result<Vec<i32>, String>>()?;
    write_scores(&path, &scores)?;
    Ok(scores)
}

/// A UCI program answering one search at a time.
struct Teacher {
    process: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Teacher {
    fn start(program: &str) -> Result<Teacher, String> {
        let mut process = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("--teacher {program}: {error}"))?;
        let (Some(input), Some(output)) = (process.stdin.take(), process.stdout.take()) else {
            return Err(format!("--teacher {program}: no pipes"));
        };
        let mut teacher = Teacher {
            process,
            input,
            output: BufReader::new(output),
        };
        teacher.send("uci")?;
        teacher.read_until("uciok")?;
        // Chess960 mode reads both KQkq and file-letter castling rights.
        for option in ["Threads value 1", "Hash value 1", "UCI_Chess960 value true"] {
            teacher.send(&format!("setoption name {option}"))?;
        }
        teacher.send("isready")?;
        teacher.read_until("readyok")?;
        Ok(teacher)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|error| format!("the teacher stopped listening: {error}"))
    }

    /// The program's next line; `waiting_for` names what it owes, for the message if it ends.
    fn next_line(&mut self, waiting_for: &str) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("the teacher ended before {waiting_for}")),
            Ok(_) => Ok(line),
            Err(error) => Err(format!("reading the teacher: {error}")),
        }
    }

    /// Reads lines up to one starting with `word`.
    fn read_until(&mut self, word: &str) -> Result<(), String> {
        while !self.next_line(word)?.starts_with(word) {}
        Ok(())
    }

    /// The side to move's score of the last depth the search reported.
    fn score(&mut self, fen: &str, nodes: u64) -> Result<i32, String> {
        self.send("ucinewgame")?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go nodes {nodes}"))?;
        let mut score = None;
        loop {
            let line = self.next_line(&format!("its move for {fen}"))?;
            if line.starts_with("bestmove") {
                break;
            }
            score = uci_score(&line).or(score);
        }
        score.ok_or_else(|| format!("the teacher gave no score for {fen}"))
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.process.wait();
    }
}

/// The score of a UCI `info` line, mates as ±[`SEARCH_SCORE_CAP`]; bounds are skipped.
fn uci_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace().skip_while(|word| *word != "score");
    words.next()?;
    let (kind, value) = (words.next()?, words.next()?.parse::<i32>().ok()?);
    if matches!(words.next(), Some("lowerbound" | "upperbound")) {
        return None;
    }
    match kind {
        "cp" => Some(value.clamp(-SEARCH_SCORE_CAP, SEARCH_SCORE_CAP)),
        "mate" if value > 0 => Some(SEARCH_SCORE_CAP),
        "mate" => Some(-SEARCH_SCORE_CAP),
        _ => None,
    }
}

fn white_view<P: GamePosition>(position: &P, score: i32) -> i32 {
    if position.turn() == Color::White {
        score
    } else {
        -score
    }
}

fn report_progress(index: usize, count: usize) {
    if index.is_multiple_of(100_000) {
        eprintln!("searched {index} of {count}");
    }
}

/// `target/tune/<data set>[-every<E>]-<searcher><nodes>.txt`.
fn scores_path<V: Tunable>(settings: &Settings, searcher: &str, nodes: u64) -> PathBuf {
    let data = data_path::<V>(settings);
    let every = if settings.every > 1 {
        format!("-every{}", settings.every)
    } else {
        String::new()
    };
    data.with_file_name(format!(
        "{}{every}-{searcher}{nodes}.txt",
        data.file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("data")
    ))
}

fn read_scores(path: &Path, count: usize) -> Result<Option<Vec<i32>>, String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(None);
    };
    eprintln!("reading {}", path.display());
    let scores: Vec<i32> = text
        .lines()
        .map(|line| {
            line.trim()
                .parse()
                .map_err(|_| format!("bad score '{line}'"))
        })
        .collect::<Result<_, _>>()?;
    if scores.len() != count {
        return Err(format!(
            "{} has {} scores for {count} positions",
            path.display(),
            scores.len(),
        ));
    }
    Ok(Some(scores))
}

fn write_scores(path: &Path, scores: &[i32]) -> Result<(), String> {
    let text: String = scores.iter().map(|score| format!("{score}\n")).collect();
    std::fs::write(path, text).map_err(|error| format!("{}: {error}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::uci_score;

    #[test]
    fn uci_scores_are_read_and_bounds_skipped() {
        assert_eq!(
            uci_score("info depth 7 seldepth 9 score cp -31 nodes 900 pv e2e4"),
            Some(-31)
        );
        assert_eq!(uci_score("info depth 9 score mate 3 pv a1a8"), Some(2_000));
        assert_eq!(
            uci_score("info depth 9 score mate -2 pv a1a2"),
            Some(-2_000)
        );
        assert_eq!(
            uci_score("info depth 8 score cp 50 lowerbound nodes 1"),
            None
        );
        assert_eq!(uci_score("info string NNUE evaluation enabled"), None);
    }
}
