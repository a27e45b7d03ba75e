//! A match runner for testing an engine change: two UCI engines (two `boardshift uci` builds,
//! or one of them and another UCI engine such as stockfish) play game pairs from an opening
//! book (each opening once with each colour), node- or time-limited, and the runner prints
//! the pentanomial counts, the Elo difference with its 95% interval and the SPRT's
//! log-likelihood ratio after every pair, stopping when the SPRT decides.
//!
//! ```text
//! cargo run --release -p boardshift-engine --example sprt -- play \
//!     --new "target/release/boardshift uci" --old "/path/to/old/boardshift uci" \
//!     --variant standard --book crates/engine/books/standard.txt --nodes 5000 \
//!     [--movetime MS] [--pairs 500] [--elo0 0] [--elo1 10] [--alpha 0.05] [--beta 0.05] \
//!     [--new-option NAME=VALUE]… [--old-option NAME=VALUE]… [--option KEY=VALUE]… \
//!     [--stop no] [--repeat yes] [--first PAIR] [--concurrency N]
//! cargo run --release -p boardshift-engine --example sprt -- book \
//!     --variant relative --count 40 --seed 1 [--option KEY=VALUE]…
//! ```
//!
//! `--option` sets a rule option of the variant (as `boardshift match --option`); it is also
//! sent to engines that offer it as a UCI option, with `UCI_Variant`. Engine options go only
//! to the engine named. `--stop no` plays all the pairs whatever the SPRT says (a fixed-length
//! run, e.g. for a score against a reference engine). Each pair takes the next opening, and a
//! run may not go round the book again unless `--repeat yes`: node-limited engines that clear
//! their state between games would replay the same games. Games that reach 400 plies are adjudicated drawn; an illegal or
//! missing move loses. `--concurrency N` plays N pairs at once, each thread with its own two
//! engines; results are counted as pairs finish (so the printed order may differ from the
//! book's), and the SPRT may see a few more pairs than it needed. `book` writes openings, one position text a line, to standard
//! output: 2 to 4 random plies from the start (regroupment: a random Chess484 start; sliding:
//! each of the eight gaps in turn), kept when a depth-6 search scores them within ±60 cp.

use engine::elo::{sprt_bounds, sprt_verdict, Pentanomial, SprtVerdict, Trinomial};
use engine::rng::Rng;
use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest};
use rules::any::AnyGame;
use rules::game::Outcome;
use rules::options::VariantOptions;
use rules::regroupment::{allowed_back_ranks, start_fen};
use rules::relative::RelativePosition;
use rules::sliding::{SlidingPosition, Tile};
use rules::{CastlingMode, ChessPosition, Color, VariantKind};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

const MAX_PLIES: usize = 400;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("book") => book(&args[1..]),
        _ => Err("usage: sprt play … | sprt book … (see the file's header)".to_string()),
    };
    if let Err(message) = result {
        eprintln!("sprt: {message}");
        std::process::exit(1);
    }
}

/// `--name value` pairs; repeated names keep every value.
struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut rest = args.iter();
        while let Some(name) = rest.next() {
            let name = name
                .strip_prefix("--")
                .ok_or_else(|| format!("expected --NAME, got '{name}'"))?;
            let value = rest
                .next()
                .ok_or_else(|| format!("--{name} needs a value"))?;
            pairs.push((name.to_string(), value.clone()));
        }
        Ok(Flags(pairs))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name}: '{text}' is not a number")),
        }
    }

    fn required(&self, name: &str) -> Result<&str, String> {
        self.get(name)
            .ok_or_else(|| format!("--{name} is required"))
    }

    fn variant_options(&self) -> Result<VariantOptions, String> {
        let name = self.get("variant").unwrap_or("standard");
        let variant =
            VariantKind::from_name(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
        VariantOptions::from_pairs(variant, &self.all("option")).map_err(|error| error.to_string())
    }
}

fn split_pair(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))
}

/// One engine process spoken to over UCI.
struct UciEngine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    options: Vec<String>,
}

impl UciEngine {
    fn start(command: &str) -> Result<UciEngine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start '{command}': {error}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        let mut engine = UciEngine {
            name: command.to_string(),
            child,
            input,
            output,
            options: Vec::new(),
        };
        engine.send("uci")?;
        loop {
            let line = engine.read_line()?;
            if let Some(rest) = line.strip_prefix("option name ") {
                if let Some((name, _)) = rest.split_once(" type ") {
                    engine.options.push(name.to_lowercase());
                }
            }
            if line == "uciok" {
                break;
            }
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|error| format!("{}: {error}", self.name))
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("{} closed its output", self.name)),
            Ok(_) => Ok(line.trim().to_string()),
            Err(error) => Err(format!("{}: {error}", self.name)),
        }
    }

    fn offers(&self, option: &str) -> bool {
        self.options
            .iter()
            .any(|name| name == &option.to_lowercase())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        while self.read_line()? != "readyok" {}
        Ok(())
    }

    /// The engine's move (its text, `None` for `bestmove 0000` or `(none)`).
    fn best_move(
        &mut self,
        start: &str,
        moves: &[String],
        go: &str,
    ) -> Result<Option<String>, String> {
        let mut position = format!("position fen {start}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(go)?;
        loop {
            let line = self.read_line()?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                let text = rest.split_whitespace().next().unwrap_or("0000");
                return Ok((text != "0000" && text != "(none)").then(|| text.to_string()));
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// Sets up an engine for the variant: `UCI_Variant` and the rule options where offered,
/// then the engine's own options.
fn configure(engine: &mut UciEngine, options: &VariantOptions, own: &[&str]) -> Result<(), String> {
    let variant = options.variant();
    if engine.offers("UCI_Variant") {
        engine.set_option("UCI_Variant", variant.name())?;
        for (key, value) in options.to_pairs() {
            if let Some(value) = value.filter(|_| engine.offers(key)) {
                engine.set_option(key, &value)?;
            }
        }
    } else if !matches!(variant, VariantKind::Standard | VariantKind::Chess960) {
        return Err(format!("{} does not play {}", engine.name, variant.name()));
    }
    if variant == VariantKind::Chess960 && engine.offers("UCI_Chess960") {
        engine.set_option("UCI_Chess960", "true")?;
    }
    for pair in own {
        let (name, value) = split_pair(pair)?;
        engine.set_option(&name, &value)?;
    }
    engine.ready()
}

fn as_strs(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// One opening's two games: White's half points and how each game ended.
struct PairResult {
    pair: usize,
    white: (usize, String),
    black: (usize, String),
}

/// Plays one game from `start`; the result for White: 2, 1 or 0 half points.
fn play_game(
    options: &VariantOptions,
    start: &str,
    engines: [&mut UciEngine; 2],
    go: &str,
) -> Result<(usize, String), String> {
    let mut game = AnyGame::with_start(*options, Some(start))
        .map_err(|error| format!("book line '{start}': {error}"))?;
    let first_mover = if start.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    };
    let [white, black] = engines;
    let mut engines = [white, black];
    for engine in engines.iter_mut() {
        engine.send("ucinewgame")?;
        engine.ready()?;
    }
    let mut moves: Vec<String> = Vec::new();
    let loser_half_points = |loser: Color| if loser == Color::White { 0 } else { 2 };
    while moves.len() < MAX_PLIES {
        if let Some(end) = game.result() {
            let half_points = match end.outcome {
                Outcome::Win(Color::White) => 2,
                Outcome::Win(Color::Black) => 0,
                _ => 1,
            };
            return Ok((half_points, format!("{:?}", end.reason)));
        }
        let mover = if moves.len().is_multiple_of(2) {
            first_mover
        } else {
            first_mover.other()
        };
        let engine = &mut engines[mover.index()];
        let Some(text) = engine.best_move(start, &moves, go)? else {
            return Ok((loser_half_points(mover), "no move".to_string()));
        };
        if game.play(&text).is_err() {
            return Ok((loser_half_points(mover), format!("illegal move {text}")));
        }
        moves.push(text);
    }
    Ok((1, "adjudicated at 400 plies".to_string()))
}

fn play(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    let options = flags.variant_options()?;
    let book_path = flags.required("book")?;
    let book: Vec<String> = std::fs::read_to_string(book_path)
        .map_err(|error| format!("{book_path}: {error}"))?
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect();
    if book.is_empty() {
        return Err(format!("{book_path} holds no openings"));
    }
    let go = match (flags.get("nodes"), flags.get("movetime")) {
        (Some(nodes), None) => format!("go nodes {nodes}"),
        (None, Some(ms)) => format!("go movetime {ms}"),
        _ => return Err("give exactly one of --nodes and --movetime".to_string()),
    };
    let pairs: usize = flags.number("pairs", book.len())?;
    let first_pair: usize = flags.number("first", 0)?;
    // Node-limited engines that clear their state for each game are deterministic: a second
    // round of the book would replay the same games and only inflate the evidence.
    if first_pair + pairs > book.len() && flags.get("repeat") != Some("yes") {
        return Err(format!(
            "{} pairs from pair {first_pair} need more than the book's {} openings; \
             write a longer book, or pass --repeat yes when the engines vary between games",
            pairs,
            book.len()
        ));
    }
    let elo0: f64 = flags.number("elo0", 0.0)?;
    let elo1: f64 = flags.number("elo1", 10.0)?;
    let alpha: f64 = flags.number("alpha", 0.05)?;
    let beta: f64 = flags.number("beta", 0.05)?;
    let stop_on_verdict = flags.get("stop") != Some("no");
    let concurrency: usize = flags.number("concurrency", 1)?;
    let new_command = flags.required("new")?.to_string();
    let old_command = flags.required("old")?.to_string();
    let new_options: Vec<String> = flags
        .all("new-option")
        .into_iter()
        .map(String::from)
        .collect();
    let old_options: Vec<String> = flags
        .all("old-option")
        .into_iter()
        .map(String::from)
        .collect();
    let (lower, upper) = sprt_bounds(alpha, beta);
    println!(
        "{} {go}, book {book_path} ({} openings), SPRT elo0 {elo0} elo1 {elo1} α {alpha} β {beta} (bounds {lower:.2}, {upper:.2})",
        options.variant().name(),
        book.len()
    );
    let next_pair = Arc::new(AtomicUsize::new(first_pair));
    let stop = Arc::new(AtomicBool::new(false));
    let book = Arc::new(book);
    let (results, finished) = mpsc::channel::<Result<PairResult, String>>();
    let mut workers = Vec::new();
    for _ in 0..concurrency.max(1) {
        let (next_pair, stop, book, results) = (
            next_pair.clone(),
            stop.clone(),
            book.clone(),
            results.clone(),
        );
        let (new_command, old_command, go) = (new_command.clone(), old_command.clone(), go.clone());
        let (new_options, old_options) = (new_options.clone(), old_options.clone());
        workers.push(std::thread::spawn(move || {
            let engines = UciEngine::start(&new_command).and_then(|mut new| {
                let mut old = UciEngine::start(&old_command)?;
                configure(&mut new, &options, &as_strs(&new_options))?;
                configure(&mut old, &options, &as_strs(&old_options))?;
                Ok((new, old))
            });
            let (mut new, mut old) = match engines {
                Ok(engines) => engines,
                Err(error) => {
                    let _ = results.send(Err(error));
                    return;
                }
            };
            while !stop.load(Ordering::Relaxed) {
                let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                if pair >= first_pair + pairs {
                    break;
                }
                let start = &book[pair % book.len()];
                let outcome =
                    play_game(&options, start, [&mut new, &mut old], &go).and_then(|white| {
                        let black = play_game(&options, start, [&mut old, &mut new], &go)?;
                        Ok(PairResult { pair, white, black })
                    });
                if results.send(outcome).is_err() {
                    break;
                }
            }
        }));
    }
    drop(results);
    let mut pentanomial = Pentanomial::default();
    let mut trinomial = Trinomial::default();
    for outcome in finished {
        let PairResult {
            pair,
            white: (as_white, why_white),
            black: (as_black, why_black),
        } = outcome?;
        let new_half_points = [as_white, 2 - as_black];
        for half_points in new_half_points {
            match half_points {
                0 => trinomial.losses += 1,
                1 => trinomial.draws += 1,
                _ => trinomial.wins += 1,
            }
        }
        pentanomial.add(new_half_points[0] + new_half_points[1]);
        let llr = pentanomial.llr(elo0, elo1);
        let estimate = pentanomial.estimate().ok_or("no results")?;
        println!(
            "pair {pair}: {}/2 ({why_white}), {}/2 ({why_black}) | games {} +{} ={} -{} score {:.3} penta {:?} elo {:+.1} [{:+.1}, {:+.1}] llr {llr:.2}",
            new_half_points[0],
            new_half_points[1],
            trinomial.games(),
            trinomial.wins,
            trinomial.draws,
            trinomial.losses,
            estimate.score,
            pentanomial.0,
            estimate.elo,
            estimate.low,
            estimate.high,
        );
        match sprt_verdict(llr, alpha, beta) {
            SprtVerdict::Continue => {}
            _ if !stop_on_verdict => {}
            verdict => {
                println!("SPRT: {verdict:?} (llr {llr:.2})");
                stop.store(true, Ordering::Relaxed);
                return Ok(());
            }
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    let llr = pentanomial.llr(elo0, elo1);
    println!(
        "after {} pairs: {:?} (llr {llr:.2})",
        pentanomial.pairs(),
        sprt_verdict(llr, alpha, beta)
    );
    Ok(())
}

fn book(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    let options = flags.variant_options()?;
    let count: usize = flags.number("count", 40)?;
    let seed: u64 = flags.number("seed", 1)?;
    let mut rng = Rng::new(seed);
    let mut lines: Vec<String> = Vec::new();
    let mut attempt = 0;
    while lines.len() < count && attempt < count * 50 {
        attempt += 1;
        let plies = 2 + rng.below(3) as usize;
        let line = match &options {
            VariantOptions::Sliding(_) => {
                let gap = Tile::MIDDLE[lines.len() % Tile::MIDDLE.len()];
                opening(SlidingPosition::start(gap), plies, &mut rng)
            }
            VariantOptions::Relative { rules, .. } => {
                opening(RelativePosition::start(*rules), plies, &mut rng)
            }
            VariantOptions::Regroupment { rules, .. } => {
                let ranks = allowed_back_ranks(rules);
                let white = &ranks[rng.below(ranks.len() as u64) as usize];
                let black = &ranks[rng.below(ranks.len() as u64) as usize];
                let fen = start_fen(rules, white, black);
                let start = ChessPosition::from_fen_mode(&fen, CastlingMode::Chess960)
                    .map_err(|error| error.to_string())?;
                opening(start, plies, &mut rng)
            }
            VariantOptions::Chess960 { rules, .. } => {
                let mut draw = rules::rng::Rng::seeded(rng.next_u64());
                let (_, start) = rules::chess960::start_for(rules, &mut draw)
                    .map_err(|error| error.to_string())?;
                opening(start, plies, &mut rng)
            }
            _ => opening(ChessPosition::startpos(), plies, &mut rng),
        };
        if let Some(line) = line.filter(|line| !lines.contains(line)) {
            println!("{line}");
            lines.push(line);
        }
    }
    Ok(())
}

/// The position text after `plies` random moves from `start`, when a depth-6 search finds
/// it balanced (within ±60 cp) and the game goes on.
fn opening<P: SearchPosition>(mut position: P, plies: usize, rng: &mut Rng) -> Option<String> {
    for _ in 0..plies {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() || position.lost_outright().is_some() {
            return None;
        }
        position.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
    }
    if position.count_legal_moves() == 0 || position.lost_outright().is_some() {
        return None;
    }
    let request = SearchRequest::new(&position, Level::Analysis, &FrozenClock)
        .with_limits(Limits::depth(6))
        .with_seed(1);
    let score = engine::think(&request).score;
    (score.abs() <= 60).then(|| position.position_text())
}
