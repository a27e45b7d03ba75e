//! Texel tuning of an evaluation: standard chess's whole 8×8 evaluation
//! (`eval::chess::ChessWeights`: material, mobility, king safety, pawn structure and the
//! coefficients of the rule-built piece-square tables, played with in standard chess),
//! relative chess's edge and room terms (`eval::relative::RelativeWeights`), sliding chess's
//! tile terms (`eval::sliding::SlidingWeights`): plays the engine against itself from the
//! variant's book at a fixed node budget, keeps the quiet positions (side to move not in
//! check, the move chosen not noisy) labelled with the game's result, fits the scale K of the
//! logistic curve that maps the evaluation to an expected score, then lowers the mean squared
//! error. Relative and sliding chess (a handful of weights) move each weight by a step up or
//! down while that lowers the error, halving the steps until they reach 1; every weight stays
//! between 0 and four times its hand-set value plus 20 (a percentage at most 100). Standard
//! chess (1,019 weights, hundreds of thousands of positions) takes the evaluation as linear in
//! its weights near the current ones (exact but for the king attack's square and the drawish
//! scaling), runs Adam on that, rounds, and linearises again; each weight keeps its hand-set
//! sign within four times its size plus 20 (at least 80, so that a term the hand-set values
//! leave off can grow). Of those, the corrections — 768 per square (one per piece kind,
//! square and phase) and 132 mobility-by-count entries (one per kind of piece, number of
//! squares reached and phase) — may take either sign within ±60 and are pulled towards 0 by an L2
//! penalty (`--decay`, default 1e-7 per centipawn squared): a few thousand games cannot pin
//! down that many numbers, and with a penalty of 1e-9 the held-out error rose.
//!
//! `cargo run --release -p boardshift-engine --example tune -- [--variant relative|sliding|standard|chess960-starts]
//! [--games N] [--nodes M] [--seed S] [--openings O] [--threads T] [--keep FIELD,…] [--holdout H]
//! [--decay D] [--every E] [--rescore N [--teacher PROGRAM] [--lambda L]] [--write]` (`--keep`:
//! standard chess's weights of those `ChessWeights` fields stay as they are; `--every E`: only
//! every E-th position is fitted; `--rescore N`: each position is searched again with N nodes
//! (its scores kept beside the data set), by the engine itself or, with `--teacher`, by a UCI
//! chess program such as stockfish (standard and Chess960-style positions only; its scores are
//! put on a curve fitted to the results on their own), and `--lambda L` makes each label L
//! times the game's result plus 1 − L times that search's expected score (default 1, the
//! result alone); `--holdout H`: the last 1/H of the positions, from the last games played, are left
//! out of the fit and their error is printed before and after, a check that the fit
//! generalises; `--threads T`: games played, positions searched again and the gradient summed on T threads, with the
//! same result; defaults relative, 200 games, 3000 nodes a move, seed 1, the whole book, one thread). Game `g` starts
//! from opening `g mod O` of the book's first O lines with M + 100·⌊g / O⌋ nodes a move (so a
//! repeated opening is a new game). The games are deterministic for the arguments (whatever
//! the threads), so the data set is reproducible; it is kept in `target/tune/` (not in the
//! repository) and read back when it exists. `--write` rewrites the variant's
//! `src/eval/VARIANT_weights.rs` with the fitted weights.

use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::{Color, GamePosition};
use std::fmt::Write as _;
use std::path::PathBuf;

mod labels;
mod variants;
use labels::{search_scores, teacher_scores};
use variants::{Chess960Starts, Relative, Sliding, Standard};

/// Rounds of the descent at most (each tries every weight once).
const MAX_ROUNDS: usize = 300;
/// Games still going after this many plies are scored as draws.
const MAX_PLIES: usize = 300;

/// What the tuner needs of a variant: its book, its position text, and its own terms'
/// weights as a flat list (the order of the weights type's `to_vec`).
trait Tunable {
    type Position: SearchPosition + GamePosition + Clone + Send + Sync;
    const NAME: &'static str;
    const BOOK: &'static str;
    /// Whether the position text is a FEN that a UCI chess program reads (`--teacher`).
    const UCI_TEXT: bool = false;
    /// The openings games are played from, in order (default: the book's lines).
    fn book_lines() -> Vec<&'static str> {
        Self::BOOK.lines().collect()
    }
    fn parse(text: &str) -> Result<Self::Position, String>;
    fn current_weights() -> Vec<i32>;
    /// The highest value each weight may take (the lowest is 0).
    fn upper_limits() -> Vec<i32> {
        Self::current_weights()
            .iter()
            .map(|&w| 4 * w + 20)
            .collect()
    }
    /// The weights' names and places in the `to_vec` order, for `--keep`.
    fn field_ranges() -> Vec<(&'static str, std::ops::Range<usize>)> {
        Vec::new()
    }
    /// The lowest value each weight may take.
    fn lower_limits() -> Vec<i32> {
        vec![0; Self::current_weights().len()]
    }
    /// Weights the descent pulls towards 0 ([`DECAY`]): many of them, each seen in few
    /// positions, which would otherwise follow those positions' noise.
    fn decayed() -> std::ops::Range<usize> {
        0..0
    }
    /// White's score without the tempo, with `weights` in the `to_vec` order.
    fn white_score(position: &Self::Position, weights: &[i32]) -> i32;
    /// The bonus of the side to move.
    fn tempo(_weights: &[i32]) -> i32 {
        10
    }
    /// The body of the weights file, from its `use` line on.
    fn weights_source(weights: &[i32]) -> String;
    /// The file `--write` rewrites, `src/eval/FILE_weights.rs`.
    const WEIGHTS_FILE: &'static str;
    /// What the weights file holds, for its first line.
    const WEIGHTS_TITLE: &'static str;
    /// For a fast descent: each sample's evaluation (White's, tempo included) and how much
    /// it changes per unit of each weight near `weights`, nonzero entries only. `None`: the
    /// variant is tuned by coordinate descent on the evaluation itself.
    fn linear_terms(
        _samples: &[Sample<Self::Position>],
        _weights: &[i32],
    ) -> Option<Vec<LinearTerms>> {
        None
    }
}

/// One sample's evaluation near the weights it was taken at, as a linear function of them.
struct LinearTerms {
    eval: f64,
    slopes: Vec<(u16, f32)>,
}

struct Settings {
    variant: String,
    games: usize,
    nodes: u64,
    seed: u64,
    write: bool,
    /// Games are played from the book's first `openings` lines only (all when `None`), so
    /// that a match from the rest tests on openings the tuning never saw.
    openings: Option<usize>,
    /// Threads playing the games and summing the fit's gradient (neither the data set nor
    /// the fitted weights depend on it).
    threads: usize,
    /// Weights (by field name) held at their starting values.
    keep: Vec<String>,
    /// The last 1/`holdout` of the samples (the last games' positions) are left out of the
    /// fit and only measured, before and after.
    holdout: Option<usize>,
    /// The L2 penalty on the [`Tunable::decayed`] weights, per centipawn squared, added to
    /// the mean squared error.
    decay: f64,
    /// Each position is searched again with this many nodes, for [`Settings::lambda`].
    rescore: Option<u64>,
    /// A label's share of the game's result; the rest is the expected score of the
    /// position's own search (`--rescore`).
    lambda: f64,
    /// A UCI program that searches the positions instead of the engine itself (`--teacher`).
    teacher: Option<String>,
    /// Only every `every`-th position of the data set is fitted (and searched again).
    every: usize,
}

fn settings() -> Result<Settings, String> {
    let mut settings = Settings {
        variant: Relative::NAME.to_string(),
        games: 200,
        nodes: 3000,
        seed: 1,
        write: false,
        openings: None,
        threads: 1,
        keep: Vec::new(),
        holdout: None,
        decay: DECAY,
        rescore: None,
        lambda: 1.0,
        teacher: None,
        every: 1,
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
            "--openings" => settings.openings = Some(number("--openings")? as usize),
            "--threads" => settings.threads = number("--threads")?.max(1) as usize,
            "--holdout" => settings.holdout = Some(number("--holdout")?.max(2) as usize),
            "--decay" => {
                let value = text("--decay")?;
                settings.decay = value
                    .parse()
                    .map_err(|_| format!("--decay: '{value}' is not a number"))?;
            }
            "--rescore" => settings.rescore = Some(number("--rescore")?.max(1)),
            "--lambda" => {
                let value = text("--lambda")?;
                settings.lambda = value
                    .parse()
                    .ok()
                    .filter(|lambda: &f64| (0.0..=1.0).contains(lambda))
                    .ok_or_else(|| format!("--lambda: '{value}' is not a share from 0 to 1"))?;
            }
            "--teacher" => settings.teacher = Some(text("--teacher")?),
            "--every" => settings.every = number("--every")?.max(1) as usize,
            "--keep" => {
                settings.keep = text("--keep")?.split(',').map(str::to_string).collect();
            }
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
    let openings = settings
        .openings
        .map_or(String::new(), |count| format!("-openings{count}"));
    target.join("tune").join(format!(
        "{}-games{}-nodes{}-seed{}{openings}.txt",
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
    let mut openings: Vec<V::Position> = V::book_lines()
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| V::parse(line.trim()))
        .collect::<Result<_, _>>()
        .map_err(|error| format!("the {} book: {error}", V::NAME))?;
    if let Some(count) = settings.openings {
        openings.truncate(count.max(1));
    }
    let openings = &openings;
    let samples: Vec<Sample<V::Position>> = in_order_on_threads(
        settings.games,
        settings.threads,
        || (),
        |_, game| {
            let start = &openings[game % openings.len()];
            // A game repeating an opening gets a slightly larger budget, so that it is not
            // the same game again.
            let nodes = settings.nodes + (game / openings.len()) as u64 * 100;
            let mut samples = Vec::new();
            play_game::<V>(
                start,
                nodes,
                settings.seed * 1_000_003 + game as u64 * 1000,
                &mut samples,
            );
            if game % 100 == 99 {
                eprintln!("game {}", game + 1);
            }
            samples
        },
    )
    .into_iter()
    .flatten()
    .collect();
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
        V::tempo(weights)
    } else {
        -V::tempo(weights)
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
    best_k(&evals)
}

/// The K whose curve best fits these (White's score, White's result) pairs, to 0.005.
fn best_k(evals: &[(f64, f64)]) -> f64 {
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
        "standard" => tune::<Standard>(&settings),
        "chess960-starts" => tune::<Chess960Starts>(&settings),
        other => Err(format!(
            "no tunable terms for the variant '{other}' \
             (relative, sliding, standard, chess960-starts)"
        )),
    };
    if let Err(message) = outcome {
        eprintln!("tune: {message}");
        std::process::exit(1);
    }
}

fn tune<V: Tunable>(settings: &Settings) -> Result<(), String> {
    let mut samples = samples::<V>(settings)?;
    if settings.every > 1 {
        samples = samples.into_iter().step_by(settings.every).collect();
    }
    if settings.lambda < 1.0 && settings.rescore.is_none() {
        return Err("--lambda below 1 needs --rescore NODES".to_string());
    }
    if settings.teacher.is_some() && settings.rescore.is_none() {
        return Err("--teacher needs --rescore NODES".to_string());
    }
    let searched = match (settings.rescore, &settings.teacher) {
        (Some(nodes), None) => Some(search_scores::<V>(&samples, nodes, settings)?),
        (Some(nodes), Some(program)) => {
            Some(teacher_scores::<V>(&samples, program, nodes, settings)?)
        }
        (None, _) => None,
    };
    // The last games' positions, not every n-th one: positions of one game are alike, so a
    // game must be on one side of the split for the held-out error to mean anything.
    let held_out: Vec<Sample<V::Position>> = match settings.holdout {
        Some(share) => samples.split_off(samples.len() - samples.len() / share),
        None => Vec::new(),
    };
    if samples.is_empty() {
        return Err("the games gave no quiet positions".to_string());
    }
    let weights = V::current_weights();
    let k = fit_k::<V>(&samples, &weights);
    if let Some(scores) = &searched {
        // The search's score counts on the curve that fits the results, so that both parts
        // of a label are on one scale; the result's share keeps what no search sees. Another
        // program's centipawns are on its own scale, so its curve is fitted to the results
        // on its own.
        let search_k = if settings.teacher.is_some() {
            let pairs: Vec<(f64, f64)> = scores
                .iter()
                .zip(&samples)
                .map(|(&score, sample)| (f64::from(score), sample.result))
                .collect();
            let search_k = best_k(&pairs);
            println!("the teacher's K = {search_k:.3}");
            search_k
        } else {
            k
        };
        for (sample, &score) in samples.iter_mut().zip(scores) {
            let search = expected_score(f64::from(score), search_k);
            sample.result = settings.lambda * sample.result + (1.0 - settings.lambda) * search;
        }
        println!(
            "labels: {:.2} of the result, {:.2} of a {}-node search",
            settings.lambda,
            1.0 - settings.lambda,
            settings.rescore.unwrap_or(0)
        );
    }
    let start_error = mean_error::<V>(&samples, &weights, k);
    println!(
        "{} positions from {} games; K = {k:.3}; error {start_error:.6}",
        samples.len(),
        settings.games
    );
    let held_out_error =
        |weights: &[i32]| (!held_out.is_empty()).then(|| mean_error::<V>(&held_out, weights, k));
    let held_out_before = held_out_error(&weights);
    let mut lower = V::lower_limits();
    let mut limits = V::upper_limits();
    let fields = V::field_ranges();
    for name in &settings.keep {
        let Some((_, range)) = fields.iter().find(|(field, _)| field == name) else {
            let names: Vec<&str> = fields.iter().map(|(field, _)| *field).collect();
            return Err(format!(
                "--keep: no weight '{name}' (the {} weights: {})",
                V::NAME,
                names.join(", ")
            ));
        };
        for index in range.clone() {
            lower[index] = weights[index];
            limits[index] = weights[index];
        }
    }
    let (weights, best_error, rounds) = if V::linear_terms(&samples[..1], &weights).is_some() {
        gradient_descent::<V>(&samples, weights, k, start_error, &lower, &limits, settings)
    } else {
        coordinate_descent::<V>(&samples, weights, k, start_error, &lower, &limits)
    };
    println!("after {rounds} rounds: error {best_error:.6}\nweights {weights:?}");
    if let (Some(before), Some(after)) = (held_out_before, held_out_error(&weights)) {
        println!(
            "held out ({} positions): error {before:.6} before, {after:.6} after",
            held_out.len()
        );
    }
    if settings.write {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("src/eval/{}_weights.rs", V::WEIGHTS_FILE));
        let mut openings = settings
            .openings
            .map_or(String::new(), |count| format!(" --openings {count}"));
        if let Some(every) = settings.holdout {
            openings.push_str(&format!(" --holdout {every}"));
        }
        if settings.decay != DECAY {
            openings.push_str(&format!(" --decay {}", settings.decay));
        }
        if !settings.keep.is_empty() {
            openings.push_str(&format!(" --keep {}", settings.keep.join(",")));
        }
        if settings.every > 1 {
            openings.push_str(&format!(" --every {}", settings.every));
        }
        if let Some(program) = &settings.teacher {
            openings.push_str(&format!(" --teacher {program}"));
        }
        if let Some(nodes) = settings.rescore {
            openings.push_str(&format!(" --rescore {nodes} --lambda {}", settings.lambda));
        }
        let file = format!(
            "//! The weights of {title}, written by the tuner:\n\
             //! `cargo run --release -p boardshift-engine --example tune -- --variant {name} \
             --games {games} --nodes {nodes} --seed {seed}{openings} --write`\n\
             //! ({positions} quiet positions, K = {k:.3}, mean squared error {start_error:.6} \
             before, {best_error:.6} after).\n\
             \n\
             {source}",
            title = V::WEIGHTS_TITLE,
            name = V::NAME,
            games = settings.games,
            nodes = settings.nodes,
            seed = settings.seed,
            positions = samples.len(),
            source = V::weights_source(&weights),
        );
        std::fs::write(&path, file).map_err(|error| format!("{}: {error}", path.display()))?;
        println!("wrote {}", path.display());
        // The long arrays come out on one line each; the repository keeps `cargo fmt`'s layout.
        let formatted = std::process::Command::new("rustfmt")
            .args(["--edition", "2021"])
            .arg(&path)
            .status();
        if !formatted.is_ok_and(|status| status.success()) {
            println!("rustfmt did not format it: run `cargo fmt`");
        }
    }
    Ok(())
}

/// Moves each weight by a step up or down while that lowers the error, halving the steps
/// down to 1. Returns the weights, their error and the rounds taken.
fn coordinate_descent<V: Tunable>(
    samples: &[Sample<V::Position>],
    mut weights: Vec<i32>,
    k: f64,
    start_error: f64,
    lower: &[i32],
    limits: &[i32],
) -> (Vec<i32>, f64, usize) {
    let mut best_error = start_error;
    // Steps start near a tenth of each weight's size and halve when no step helps.
    let mut steps: Vec<i32> = weights.iter().map(|w| (w.abs() / 10).max(1)).collect();
    let mut rounds = 0;
    while rounds < MAX_ROUNDS {
        rounds += 1;
        let mut improved = false;
        for index in 0..weights.len() {
            for direction in [1, -1] {
                let mut trial = weights.clone();
                trial[index] += direction * steps[index];
                if !(lower[index]..=limits[index]).contains(&trial[index]) {
                    continue;
                }
                let error = mean_error::<V>(samples, &trial, k);
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
    (weights, best_error, rounds)
}

/// Re-linearisations of the evaluation in the gradient descent.
const PASSES: usize = 3;
/// Adam steps on each linearisation.
const STEPS_PER_PASS: usize = 1500;
/// Adam's step size, in centipawns.
const LEARNING_RATE: f64 = 1.0;
/// The default L2 penalty on [`Tunable::decayed`] weights (`--decay`). Adam moves a weight at
/// full speed however few positions it has, so without it a square seen a handful of
/// times would take whatever value fits them; and a game's positions share its result, so
/// hundreds of weights overfit a few thousand games.
const DECAY: f64 = 1e-7;

/// Adam on the mean squared error of the evaluation taken as linear in the weights
/// ([`Tunable::linear_terms`]) near the current ones, each weight kept within its limits;
/// the weights are rounded and the evaluation linearised again [`PASSES`] times. A pass
/// that does not lower the true error ends the descent. Returns the weights, their error
/// and the Adam steps taken.
fn gradient_descent<V: Tunable>(
    samples: &[Sample<V::Position>],
    mut weights: Vec<i32>,
    k: f64,
    start_error: f64,
    lower: &[i32],
    limits: &[i32],
    settings: &Settings,
) -> (Vec<i32>, f64, usize) {
    let (decay, threads) = (settings.decay, settings.threads);
    let mut best_error = start_error;
    let mut steps_taken = 0;
    let decayed = V::decayed();
    for pass in 1..=PASSES {
        let Some(terms) = V::linear_terms(samples, &weights) else {
            break;
        };
        let start: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
        let mut current = start.clone();
        let mut first_moment = vec![0.0; current.len()];
        let mut second_moment = vec![0.0; current.len()];
        for step in 1..=STEPS_PER_PASS {
            let gradient = gradient::<V>(&terms, samples, &current, &start, k, threads);
            let (beta1, beta2) = (0.9f64, 0.999f64);
            for index in 0..current.len() {
                let mut g = gradient[index] / samples.len() as f64;
                if decayed.contains(&index) {
                    g += 2.0 * decay * current[index];
                }
                first_moment[index] = beta1 * first_moment[index] + (1.0 - beta1) * g;
                second_moment[index] = beta2 * second_moment[index] + (1.0 - beta2) * g * g;
                let m = first_moment[index] / (1.0 - beta1.powi(step as i32));
                let v = second_moment[index] / (1.0 - beta2.powi(step as i32));
                current[index] = (current[index] - LEARNING_RATE * m / (v.sqrt() + 1e-12))
                    .clamp(lower[index] as f64, limits[index] as f64);
            }
        }
        steps_taken += STEPS_PER_PASS;
        let rounded: Vec<i32> = current.iter().map(|w| w.round() as i32).collect();
        let error = mean_error::<V>(samples, &rounded, k);
        println!("pass {pass}: error {error:.6}");
        if error >= best_error {
            break;
        }
        best_error = error;
        weights = rounded;
    }
    (weights, best_error, steps_taken)
}

/// The samples' share of the gradient is summed in this many chunks, added in order, so
/// that the fitted weights do not depend on the number of threads.
const GRADIENT_CHUNKS: usize = 64;

/// Consecutive samples with their linear terms.
type Chunk<'a, P> = (&'a [LinearTerms], &'a [Sample<P>]);

/// The gradient of the linearised mean squared error (without the penalty) at `current`,
/// the chunks of samples shared out among `threads` threads.
fn gradient<V: Tunable>(
    terms: &[LinearTerms],
    samples: &[Sample<V::Position>],
    current: &[f64],
    start: &[f64],
    k: f64,
    threads: usize,
) -> Vec<f64> {
    // d(expected score)/d(eval) is s(1 - s) times this.
    let slope_scale = k * std::f64::consts::LN_10 / 400.0;
    let chunk_len = samples.len().div_ceil(GRADIENT_CHUNKS).max(1);
    let chunks: Vec<Chunk<V::Position>> = terms
        .chunks(chunk_len)
        .zip(samples.chunks(chunk_len))
        .collect();
    let chunk_gradient = |(terms, samples): Chunk<V::Position>| {
        let mut gradient = vec![0.0; current.len()];
        for (term, sample) in terms.iter().zip(samples) {
            let eval = term.eval
                + term
                    .slopes
                    .iter()
                    .map(|&(index, slope)| {
                        slope as f64 * (current[index as usize] - start[index as usize])
                    })
                    .sum::<f64>();
            let expected = expected_score(eval, k);
            let factor =
                2.0 * (expected - sample.result) * expected * (1.0 - expected) * slope_scale;
            for &(index, slope) in &term.slopes {
                gradient[index as usize] += factor * slope as f64;
            }
        }
        gradient
    };
    let partial = in_order_on_threads(
        chunks.len(),
        threads,
        || (),
        |_, index| chunk_gradient(chunks[index]),
    );
    let mut total = vec![0.0; current.len()];
    for gradient in &partial {
        for (sum, part) in total.iter_mut().zip(gradient) {
            *sum += part;
        }
    }
    total
}

/// `work(0)`, …, `work(count - 1)` in that order, thread `t` of `threads` doing every
/// `threads`-th item from `t` (so the results do not depend on the number of threads), each
/// thread with its own state from `new_state` (a search's table, say).
pub(crate) fn in_order_on_threads<S, T: Send>(
    count: usize,
    threads: usize,
    new_state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads.max(1);
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let (new_state, work) = (&new_state, &work);
                scope.spawn(move || {
                    let mut state = new_state();
                    (thread..count)
                        .step_by(threads)
                        .map(|index| (index, work(&mut state, index)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            for (index, result) in worker.join().expect("a tuning thread panicked") {
                results[index] = Some(result);
            }
        }
    });
    results.into_iter().flatten().collect()
}
