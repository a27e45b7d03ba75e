//! Texel tuning of a variant's own evaluation terms (relative chess's edge and room terms,
//! `eval::relative::RelativeWeights`; sliding chess's tile terms, `eval::sliding::SlidingWeights`):
//! plays the engine against itself from the variant's book at a fixed node budget, keeps the
//! quiet positions (side to move not in check, the move chosen not noisy) labelled with the
//! game's result, fits the scale K of the logistic curve that maps the evaluation to an
//! expected score, then moves each weight by a step up or down while that lowers the mean
//! squared error, halving the steps until they reach 1. Every weight stays between 0 and
//! four times its hand-set value plus 20 (the terms' signs come from what they mean; a
//! percentage stays at most 100).
//!
//! `cargo run --release -p boardshift-engine --example tune -- [--variant relative|sliding]
//! [--games N] [--nodes M] [--seed S] [--write]` (defaults relative, 200 games, 3000 nodes a
//! move, seed 1). The games are deterministic for the arguments, so the data set is
//! reproducible; it is kept in `target/tune/` (not in the repository) and read back when it
//! exists. `--write` rewrites the variant's `src/eval/VARIANT_weights.rs` with the fitted
//! weights.

use engine::eval::relative::{self, RelativeWeights};
use engine::eval::sliding::{self, SlidingWeights};
use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::SlidingPosition;
use rules::{Color, GamePosition};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Rounds of the descent at most (each tries every weight once).
const MAX_ROUNDS: usize = 300;
/// Games still going after this many plies are scored as draws.
const MAX_PLIES: usize = 300;

/// What the tuner needs of a variant: its book, its position text, and its own terms'
/// weights as a flat list (the order of the weights type's `to_vec`).
trait Tunable {
    type Position: SearchPosition + GamePosition + Clone;
    const NAME: &'static str;
    const BOOK: &'static str;
    fn parse(text: &str) -> Result<Self::Position, String>;
    fn current_weights() -> Vec<i32>;
    /// The highest value each weight may take (the lowest is 0).
    fn upper_limits() -> Vec<i32> {
        Self::current_weights()
            .iter()
            .map(|&w| 4 * w + 20)
            .collect()
    }
    /// White's score without the tempo, with `weights` in the `to_vec` order.
    fn white_score(position: &Self::Position, weights: &[i32]) -> i32;
    /// The body of the weights file, from its `use` line on.
    fn weights_source(weights: &[i32]) -> String;
}

struct Relative;

impl Tunable for Relative {
    type Position = RelativePosition;
    const NAME: &'static str = "relative";
    const BOOK: &'static str = include_str!("../books/relative.txt");

    fn parse(text: &str) -> Result<RelativePosition, String> {
        RelativePosition::from_text(text, RelativeOptions::default())
            .map_err(|error| format!("{error}: '{text}'"))
    }

    fn current_weights() -> Vec<i32> {
        relative::WEIGHTS.to_vec()
    }

    fn white_score(position: &RelativePosition, weights: &[i32]) -> i32 {
        let weights = RelativeWeights::from_slice(weights).expect("as many weights");
        relative::white_score_with(position, &weights)
    }

    fn weights_source(weights: &[i32]) -> String {
        let w = RelativeWeights::from_slice(weights).expect("as many weights");
        let [e0, e1, e2] = w.edge_risk_percent;
        let [k0, k1, k2] = w.king_edge_risk;
        format!(
            "use super::relative::RelativeWeights;\n\
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
            a = w.off_inner_board,
            b = w.off_inner_board_percent,
            c = w.king_off_inner_board,
            room = w.forward_room,
            escape = w.removed_escape,
        )
    }
}

struct Sliding;

impl Tunable for Sliding {
    type Position = SlidingPosition;
    const NAME: &'static str = "sliding";
    const BOOK: &'static str = include_str!("../books/sliding.txt");

    fn parse(text: &str) -> Result<SlidingPosition, String> {
        SlidingPosition::from_text(text).map_err(|error| format!("{error}: '{text}'"))
    }

    fn current_weights() -> Vec<i32> {
        sliding::WEIGHTS.to_vec()
    }

    fn upper_limits() -> Vec<i32> {
        let all = Self::current_weights();
        let mut limits: Vec<i32> = all.iter().map(|&w| 4 * w + 20).collect();
        // The king's piece-square share removed is a percentage.
        if let Some(last) = limits.last_mut() {
            *last = 100;
        }
        limits
    }

    fn white_score(position: &SlidingPosition, weights: &[i32]) -> i32 {
        let weights = SlidingWeights::from_slice(weights).expect("as many weights");
        sliding::white_score_with(position, &weights)
    }

    fn weights_source(weights: &[i32]) -> String {
        let w = SlidingWeights::from_slice(weights).expect("as many weights");
        let [gap_mg, gap_eg] = w.king_by_gap;
        let [pawn_mg, pawn_eg] = w.pawn_one_slide_from_queening;
        format!(
            "use super::sliding::SlidingWeights;\n\
             \n\
             pub const TUNED: SlidingWeights = SlidingWeights {{\n    \
             king_by_gap: [{gap_mg}, {gap_eg}],\n    \
             pawn_one_slide_from_queening: [{pawn_mg}, {pawn_eg}],\n    \
             king_square_removed_percent: {king},\n\
             }};\n",
            king = w.king_square_removed_percent,
        )
    }
}

struct Settings {
    variant: String,
    games: usize,
    nodes: u64,
    seed: u64,
    write: bool,
}

fn settings() -> Result<Settings, String> {
    let mut settings = Settings {
        variant: Relative::NAME.to_string(),
        games: 200,
        nodes: 3000,
        seed: 1,
        write: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut text = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let mut number = |name: &str| -> Result<u64, String> {
            let text = text(name)?;
            text.parse()
                .map_err(|_| format!("{name}: '{text}' is not a whole number"))
        };
        match arg.as_str() {
            "--variant" => settings.variant = text("--variant")?,
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
struct Sample<P> {
    position: P,
    result: f64,
}

/// Plays one game from `start`, appending its quiet positions to `samples` once the result
/// is known.
fn play_game<V: Tunable>(
    start: &V::Position,
    nodes: u64,
    seed: u64,
    samples: &mut Vec<Sample<V::Position>>,
) {
    let mut searcher = Searcher::<V::Position>::new(16);
    let mut pos = start.clone();
    let mut keys: Vec<u64> = Vec::new();
    let mut quiet: Vec<V::Position> = Vec::new();
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

fn data_path<V: Tunable>(settings: &Settings) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("tune").join(format!(
        "{}-games{}-nodes{}-seed{}.txt",
        V::NAME,
        settings.games,
        settings.nodes,
        settings.seed
    ))
}

/// The data set for the settings: read back from `target/tune/` or generated (and saved).
fn samples<V: Tunable>(settings: &Settings) -> Result<Vec<Sample<V::Position>>, String> {
    let path = data_path::<V>(settings);
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
                    position: V::parse(position)?,
                })
            })
            .collect();
    }
    let openings: Vec<V::Position> = V::BOOK
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| V::parse(line.trim()))
        .collect::<Result<_, _>>()
        .map_err(|error| format!("the {} book: {error}", V::NAME))?;
    let mut samples = Vec::new();
    for game in 0..settings.games {
        let start = &openings[game % openings.len()];
        play_game::<V>(
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
        let _ = writeln!(
            text,
            "{} {}",
            sample.result,
            sample.position.position_text()
        );
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
fn white_eval<V: Tunable>(position: &V::Position, weights: &[i32]) -> f64 {
    let tempo = if position.turn() == Color::White {
        10
    } else {
        -10
    };
    (V::white_score(position, weights) + tempo) as f64
}

fn expected_score(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn mean_error<V: Tunable>(samples: &[Sample<V::Position>], weights: &[i32], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let error =
                sample.result - expected_score(white_eval::<V>(&sample.position, weights), k);
            error * error
        })
        .sum();
    total / samples.len() as f64
}

/// The K that best fits the current evaluation, to 0.01 (a scan, then a finer one).
fn fit_k<V: Tunable>(samples: &[Sample<V::Position>], weights: &[i32]) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|sample| (white_eval::<V>(&sample.position, weights), sample.result))
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
    let outcome = match settings.variant.as_str() {
        "relative" => tune::<Relative>(&settings),
        "sliding" => tune::<Sliding>(&settings),
        other => Err(format!(
            "no tunable terms for the variant '{other}' (relative, sliding)"
        )),
    };
    if let Err(message) = outcome {
        eprintln!("tune: {message}");
        std::process::exit(1);
    }
}

fn tune<V: Tunable>(settings: &Settings) -> Result<(), String> {
    let samples = samples::<V>(settings)?;
    if samples.is_empty() {
        return Err("the games gave no quiet positions".to_string());
    }
    let mut weights = V::current_weights();
    let k = fit_k::<V>(&samples, &weights);
    let start_error = mean_error::<V>(&samples, &weights, k);
    println!(
        "{} positions from {} games; K = {k:.3}; error {start_error:.6}",
        samples.len(),
        settings.games
    );
    let mut best_error = start_error;
    // Steps start near a tenth of each weight's size and halve when no step helps.
    let mut steps: Vec<i32> = weights.iter().map(|w| (w.abs() / 10).max(1)).collect();
    // Each term keeps the sign its meaning gives it and stays within a few times its
    // hand-set size, so that a small data set cannot turn a term around.
    let limits = V::upper_limits();
    let mut rounds = 0;
    while rounds < MAX_ROUNDS {
        rounds += 1;
        let mut improved = false;
        for index in 0..weights.len() {
            for direction in [1, -1] {
                let mut trial = weights.clone();
                trial[index] += direction * steps[index];
                if !(0..=limits[index]).contains(&trial[index]) {
                    continue;
                }
                let error = mean_error::<V>(&samples, &trial, k);
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
    println!("after {rounds} rounds: error {best_error:.6}\nweights {weights:?}");
    if settings.write {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("src/eval/{}_weights.rs", V::NAME));
        let file = format!(
            "//! The weights of {name} chess's own evaluation terms, written by the tuner:\n\
             //! `cargo run --release -p boardshift-engine --example tune -- --variant {name} \
             --games {games} --nodes {nodes} --seed {seed} --write`\n\
             //! ({positions} quiet positions, K = {k:.3}, mean squared error {start_error:.6} \
             before, {best_error:.6} after).\n\
             \n\
             {source}",
            name = V::NAME,
            games = settings.games,
            nodes = settings.nodes,
            seed = settings.seed,
            positions = samples.len(),
            source = V::weights_source(&weights),
        );
        std::fs::write(&path, file).map_err(|error| format!("{}: {error}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
