//! Labels from searches (`--rescore N`): each position of a data set searched again with N
//! nodes, the scores kept beside the data set and read back by the next fit.

use super::{data_path, in_order_on_threads, Sample, Settings, Tunable};
use engine::{FrozenClock, Level, Limits, SearchRequest, Searcher};
use rules::{Color, GamePosition};

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
    let data = data_path::<V>(settings);
    let path = data.with_file_name(format!(
        "{}-search{nodes}.txt",
        data.file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("data")
    ));
    if let Ok(text) = std::fs::read_to_string(&path) {
        eprintln!("reading {}", path.display());
        let scores: Vec<i32> = text
            .lines()
            .map(|line| {
                line.trim()
                    .parse()
                    .map_err(|_| format!("bad score '{line}'"))
            })
            .collect::<Result<_, _>>()?;
        if scores.len() != samples.len() {
            return Err(format!(
                "{} has {} scores for {} positions",
                path.display(),
                scores.len(),
                samples.len()
            ));
        }
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
            if index % 100_000 == 0 {
                eprintln!("searched {index} of {}", samples.len());
            }
            if position.turn() == Color::White {
                score
            } else {
                -score
            }
        },
    );
    let text: String = scores.iter().map(|score| format!("{score}\n")).collect();
    std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(scores)
}
