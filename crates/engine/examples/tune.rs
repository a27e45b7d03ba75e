//! Texel tuning of relative chess's own evaluation terms (`eval::relative::RelativeWeights`):
//! plays the engine against itself from the relative book at a fixed node budget, keeps the
//! quiet positions (side to move not in check, the move chosen not noisy) labelled with the
//! game's result, fits the scale K of the logistic curve that maps the evaluation to an
//! expected score, then moves each weight by a step up or down while that lowers the mean
//! squared error, halving the steps until they reach 1. Every weight stays between 0 and
//! four times its hand-set value plus 20 (the terms' signs come from what they mean).
//!
//! `cargo run --release -p boardshift-engine --example tune -- [--games N] [--nodes M]
//! [--seed S] [--write]` (defaults 200 games, 3000 nodes a move, seed 1). The games are
//! deterministic for the arguments, so the data set is reproducible; it is kept in
//! `target/tune/` (not in the repository) and read back when it exists. `--write` rewrites
//! `src/eval/relative_weights.rs` with the fitted weights.

use engine::eval::relative::{white_score_with, RelativeWeights, WEIGHTS};
use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::{Color, GamePosition};
use std::fmt::Write as _;
use std::path::PathBuf;

const BOOK: &str = include_str!("../books/relative.txt");
/// Rounds of the descent at most (each tries every weight once).
const MAX_ROUNDS: usize = 300;
/// Games still going after this many plies are scored as draws.
const MAX_PLIES: usize = 300;

struct Settings {
    games: usize,
    nodes: u64,
    seed: u64,
    write: bool,
}

fn settings() -> Result<Settings, String> {
    let mut settings = Settings {
        games: 200,
        nodes: 3000,
        seed: 1,
        write: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let text = args.next().ok_or_else(|| format!("{name} needs a value"))?;
            text.parse()
                .map_err(|_| format!("{name}: '{text}' is not a whole number"))
        };
        match arg.as_str() {
            "--games" => settings.games = number("--games")? as usize,
            "--nodes" => settings.nodes = number("--nodes")?,
            "--seed" => settings.seed = number("--seed")?,
            "--write" => settings.write = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(settings)
}

/// One labelled position: White's score of the game (1, ½ or 0).
struct Sample {
    position: RelativePosition,
    result: f64,
}

/// Plays one game from `start`, appending its quiet positions to `samples` once the result
/// is known.
fn play_game(start: &RelativePosition, nodes: u64, seed: u64, samples: &mut Vec<Sample>) {
    let mut searcher = Searcher::<RelativePosition>::new(16);
    let mut pos = start.clone();
    let mut keys: Vec<u64> = Vec::new();
    let mut quiet: Vec<RelativePosition> = Vec::new();
    let white_score = |winner: Color| if winner == Color::White { 1.0 } else { 0.0 };
    let mut result = 0.5;
    for ply in 0..MAX_PLIES {
        if let Some(loser) = pos.lost_outright() {
            result = white_score(loser.other());
            break;
        }
        if pos.count_legal_moves() == 0 {
            if pos.is_check() {
                result = white_score(pos.turn().other());
            }
            break;
        }
        let key = pos.repetition_key();
        if pos.halfmove_clock() >= 100 || keys.iter().filter(|&&k| k == key).count() >= 2 {
            break;
        }
        let request = SearchRequest::new(&pos, Level::Hard, &FrozenClock)
            .with_history(&keys)
            .with_limits(Limits::nodes(nodes))
            .with_seed(seed + ply as u64);
        let Some(mv) = searcher.think(&request).best_move else {
            break;
        };
        if !pos.is_check() && !pos.is_noisy(mv) {
            quiet.push(pos.clone());
        }
        keys.push(key);
        pos.play_unchecked(mv);
    }
    samples.extend(
        quiet
            .into_iter()
            .map(|position| Sample { position, result }),
    );
}

fn data_path(settings: &Settings) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("tune").join(format!(
        "relative-games{}-nodes{}-seed{}.txt",
        settings.games, settings.nodes, settings.seed
    ))
}

/// The data set for the settings: read back from `target/tune/` or generated (and saved).
fn samples(settings: &Settings) -> Result<Vec<Sample>, String> {
    let options = RelativeOptions::default();
    let path = data_path(settings);
    if let Ok(text) = std::fs::read_to_string(&path) {
        eprintln!("reading {}", path.display());
        return text
            .lines()
            .map(|line| {
                let (result, position) = line
                    .split_once(' ')
                    .ok_or_else(|| format!("no result in '{line}'"))?;
                Ok(Sample {
                    result: result
                        .parse()
                        .map_err(|_| format!("bad result '{result}'"))?,
                    position: RelativePosition::from_text(position, options)
                        .map_err(|error| format!("{error}: '{position}'"))?,
                })
            })
            .collect();
    }
    let openings: Vec<RelativePosition> = BOOK
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| RelativePosition::from_text(line.trim(), options))
        .collect::<Result<_, _>>()
        .map_err(|error| format!("the relative book: {error}"))?;
    let mut samples = Vec::new();
    for game in 0..settings.games {
        let start = &openings[game % openings.len()];
        play_game(
            start,
            settings.nodes,
            settings.seed * 1_000_003 + game as u64 * 1000,
            &mut samples,
        );
        if game % 20 == 19 {
            eprintln!("{} games, {} positions", game + 1, samples.len());
        }
    }
    let mut text = String::new();
    for sample in &samples {
        let _ = writeln!(text, "{} {}", sample.result, sample.position.to_text());
    }
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("{}: {error}", folder.display()))?;
    }
    std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(samples)
}

/// White's evaluation in centipawns, as the search sees it (the side to move's tempo
/// included).
fn white_eval(position: &RelativePosition, weights: &RelativeWeights) -> f64 {
    let tempo = if position.turn() == Color::White {
        10
    } else {
        -10
    };
    (white_score_with(position, weights) + tempo) as f64
}

fn expected_score(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn mean_error(samples: &[Sample], weights: &RelativeWeights, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let error = sample.result - expected_score(white_eval(&sample.position, weights), k);
            error * error
        })
        .sum();
    total / samples.len() as f64
}

/// The K that best fits the current evaluation, to 0.01 (a scan, then a finer one).
fn fit_k(samples: &[Sample], weights: &RelativeWeights) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|sample| (white_eval(&sample.position, weights), sample.result))
        .collect();
    let error = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(eval, result)| (result - expected_score(eval, k)).powi(2))
            .sum::<f64>()
    };
    let best_of = |candidates: &mut dyn Iterator<Item = f64>| {
        candidates
            .map(|k| (k, error(k)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(1.0, |(k, _)| k)
    };
    let coarse = best_of(&mut (1..=60).map(|step| step as f64 * 0.05));
    best_of(&mut (-10..=10).map(|step| coarse + step as f64 * 0.005))
}

fn main() {
    let settings = match settings() {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("tune: {message}");
            std::process::exit(2);
        }
    };
    let samples = match samples(&settings) {
        Ok(samples) if !samples.is_empty() => samples,
        Ok(_) => {
            eprintln!("tune: the games gave no quiet positions");
            std::process::exit(1);
        }
        Err(message) => {
            eprintln!("tune: {message}");
            std::process::exit(1);
        }
    };
    let k = fit_k(&samples, &WEIGHTS);
    let start_error = mean_error(&samples, &WEIGHTS, k);
    println!(
        "{} positions from {} games; K = {k:.3}; error {start_error:.6}",
        samples.len(),
        settings.games
    );
    let mut weights = WEIGHTS.to_vec();
    let mut best_error = start_error;
    // Steps start near a tenth of each weight's size and halve when no step helps.
    let mut steps: Vec<i32> = weights.iter().map(|w| (w.abs() / 10).max(1)).collect();
    // Each term keeps the sign its meaning gives it and stays within a few times its
    // hand-set size, so that a small data set cannot turn a term around.
    let limits: Vec<(i32, i32)> = weights.iter().map(|&w| (0, 4 * w + 20)).collect();
    let mut rounds = 0;
    while rounds < MAX_ROUNDS {
        rounds += 1;
        let mut improved = false;
        for index in 0..weights.len() {
            for direction in [1, -1] {
                let mut trial = weights.clone();
                trial[index] += direction * steps[index];
                let (low, high) = limits[index];
                if !(low..=high).contains(&trial[index]) {
                    continue;
                }
                let candidate = RelativeWeights::from_slice(&trial).expect("as many weights");
                let error = mean_error(&samples, &candidate, k);
                if error < best_error {
                    best_error = error;
                    weights = trial;
                    improved = true;
                    break;
                }
            }
        }
        if !improved {
            if steps.iter().all(|&step| step == 1) {
                break;
            }
            steps.iter_mut().for_each(|step| *step = (*step / 2).max(1));
        }
    }
    let tuned = RelativeWeights::from_slice(&weights).expect("as many weights");
    println!("after {rounds} rounds: error {best_error:.6}\n{tuned:#?}");
    if settings.write {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/eval/relative_weights.rs");
        let file = weights_file(&tuned, &settings, samples.len(), k, start_error, best_error);
        if let Err(error) = std::fs::write(&path, file) {
            eprintln!("tune: {}: {error}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", path.display());
    }
}

fn weights_file(
    weights: &RelativeWeights,
    settings: &Settings,
    positions: usize,
    k: f64,
    start_error: f64,
    error: f64,
) -> String {
    let [e0, e1, e2] = weights.edge_risk_percent;
    let [k0, k1, k2] = weights.king_edge_risk;
    format!(
        "//! The weights of relative chess's own evaluation terms, written by the tuner:\n\
         //! `cargo run --release -p boardshift-engine --example tune -- --games {games} \
         --nodes {nodes} --seed {seed} --write`\n\
         //! ({positions} quiet positions, K = {k:.3}, mean squared error {start_error:.6} \
         before, {error:.6} after).\n\
         \n\
         use super::relative::RelativeWeights;\n\
         \n\
         pub const TUNED: RelativeWeights = RelativeWeights {{\n    \
         off_inner_board: {a},\n    \
         off_inner_board_percent: {b},\n    \
         king_off_inner_board: {c},\n    \
         edge_risk_percent: [{e0}, {e1}, {e2}],\n    \
         king_edge_risk: [{k0}, {k1}, {k2}],\n    \
         forward_room: {room},\n    \
         removed_escape: {escape},\n\
         }};\n",
        games = settings.games,
        nodes = settings.nodes,
        seed = settings.seed,
        a = weights.off_inner_board,
        b = weights.off_inner_board_percent,
        c = weights.king_off_inner_board,
        room = weights.forward_room,
        escape = weights.removed_escape,
    )
}
