//! `boardshift uci`: the Universal Chess Interface, for standard chess and Chess960
//! (`UCI_Chess960`) and, through `UCI_Variant`, for every Boardshift game with its options as
//! UCI options. Standard input is read on its own thread so that `stop` and `isready` are
//! answered while a search runs.
//!
//! Whatever a GUI sends, the session goes on and says what it refused (`info string …`): input
//! is read as bytes (bad UTF-8 becomes U+FFFD, an endless line is skipped), a refused
//! `position` leaves no position (`go` then answers `bestmove 0000`), and an option value out
//! of range changes nothing. Only a failing output ends it: nobody is listening any more.
//!
//! Also home of the per-variant plumbing the search tools share ([`ToolPosition`]): start
//! positions and position text for each game.

use crate::text::{clip, tidy_message};
use crate::CliResult;
use engine::score::{mate_in_moves, MATE_BOUND};
use engine::time::Clock;
use engine::{Level, Limits, SearchInfo, SearchPosition, Searcher, StdClock};
use rules::options::VariantOptions;
use rules::regroupment::{allowed_back_ranks, start_fen};
use rules::relative::RelativePosition;
use rules::sliding::{SlidingPosition, Tile};
use rules::{CastlingMode, ChessPosition, Color, GamePosition, VariantKind};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A variant's position type with what the tools need beyond the search: its start position
/// and reading its position text.
pub(crate) trait ToolPosition: SearchPosition {
    /// The start position under `options`; a random choice the options leave open (sliding's
    /// gap, a Chess484 start) is drawn from `seed`.
    fn start(options: &VariantOptions, seed: u64, chess960: bool) -> Result<Self, String>;

    fn from_text(text: &str, options: &VariantOptions, chess960: bool) -> Result<Self, String>;
}

fn castling_mode(options: &VariantOptions, chess960: bool) -> CastlingMode {
    if chess960 || options.variant() == VariantKind::Regroupment {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

impl ToolPosition for ChessPosition {
    fn start(options: &VariantOptions, seed: u64, chess960: bool) -> Result<Self, String> {
        let fen = match options {
            VariantOptions::Regroupment { rules, .. }
                if rules.start == rules::regroupment::StartRule::Random =>
            {
                let ranks = allowed_back_ranks(rules);
                let mut rng = engine::rng::Rng::new(seed);
                let white = &ranks[rng.below(ranks.len() as u64) as usize];
                let black = &ranks[rng.below(ranks.len() as u64) as usize];
                start_fen(rules, white, black)
            }
            _ => STANDARD_START.to_string(),
        };
        ChessPosition::from_fen_mode(&fen, castling_mode(options, chess960))
            .map_err(|e| e.to_string())
    }

    fn from_text(text: &str, options: &VariantOptions, chess960: bool) -> Result<Self, String> {
        ChessPosition::from_fen_mode(text, castling_mode(options, chess960))
            .map_err(|e| e.to_string())
    }
}

impl ToolPosition for SlidingPosition {
    fn start(options: &VariantOptions, seed: u64, _chess960: bool) -> Result<Self, String> {
        let chosen = match options {
            VariantOptions::Sliding(sliding) => sliding.gap,
            _ => None,
        };
        let gap = chosen.unwrap_or(Tile::MIDDLE[(engine::rng::Rng::new(seed).below(8)) as usize]);
        Ok(SlidingPosition::start(gap))
    }

    fn from_text(text: &str, _options: &VariantOptions, _chess960: bool) -> Result<Self, String> {
        SlidingPosition::from_text(text).map_err(|e| e.to_string())
    }
}

impl ToolPosition for RelativePosition {
    fn start(options: &VariantOptions, _seed: u64, _chess960: bool) -> Result<Self, String> {
        match options {
            VariantOptions::Relative { rules, .. } => Ok(RelativePosition::start(*rules)),
            _ => Ok(RelativePosition::start(Default::default())),
        }
    }

    fn from_text(text: &str, options: &VariantOptions, _chess960: bool) -> Result<Self, String> {
        let rules = match options {
            VariantOptions::Relative { rules, .. } => *rules,
            _ => Default::default(),
        };
        RelativePosition::from_text(text, rules).map_err(|e| e.to_string())
    }
}

/// UCI `score` text: `cp N` or `mate N` (moves; negative when being mated).
pub(crate) fn score_text(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) if score.abs() >= MATE_BOUND => format!("mate {moves}"),
        _ => format!("cp {score}"),
    }
}

/// The move texts of a line played out from `position`.
pub(crate) fn line_text<P: GamePosition>(position: &P, line: &[P::Move]) -> Vec<String> {
    let mut pos = position.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        texts.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    texts
}

/// What the command loop needs from a variant's session, without its position type.
trait UciSession {
    fn set_position(&mut self, text: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn go(&mut self, limits: &Limits, level: Level, seed: u64, out: &Output) -> String;
    fn new_game(&mut self);
    fn side_to_move(&self) -> Color;
}

struct Session<P: ToolPosition> {
    searcher: Searcher<P>,
    options: VariantOptions,
    chess960: bool,
    position: P,
    /// Repetition keys of the positions before the current one.
    keys: Vec<u64>,
}

impl<P: ToolPosition> Session<P> {
    fn new(
        options: VariantOptions,
        chess960: bool,
        hash_mb: usize,
        stop: Arc<AtomicBool>,
    ) -> Result<Session<P>, String> {
        let mut searcher = Searcher::new(hash_mb);
        searcher.set_stop_flag(stop);
        Ok(Session {
            searcher,
            position: P::start(&options, 1, chess960)?,
            options,
            chess960,
            keys: Vec::new(),
        })
    }
}

impl<P: ToolPosition> UciSession for Session<P> {
    fn set_position(&mut self, text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut position = match text {
            Some(text) => P::from_text(text, &self.options, self.chess960)?,
            None => P::start(&self.options, 1, self.chess960)?,
        };
        let mut keys = Vec::new();
        for (index, text) in moves.iter().enumerate() {
            let mv = position
                .parse_move_text(text)
                .map_err(|e| format!("move {} ({}): {e}", index + 1, clip(text)))?;
            keys.push(position.repetition_key());
            position.play_unchecked(mv);
        }
        self.position = position;
        self.keys = keys;
        Ok(())
    }

    fn go(&mut self, limits: &Limits, level: Level, seed: u64, out: &Output) -> String {
        let position = self.position.clone();
        let clock = StdClock::new();
        let mut report = |info: &SearchInfo<P::Move>| {
            let nps = (info.nodes as f64 / info.elapsed_ms.max(1.0) * 1000.0) as u64;
            out.line(&format!(
                "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
                info.depth,
                info.seldepth,
                score_text(info.score),
                info.nodes,
                nps,
                info.elapsed_ms as u64,
                info.hashfull,
                line_text(&position, info.pv).join(" ")
            ));
        };
        let result = self.searcher.think(
            &position,
            &self.keys,
            limits,
            level,
            seed,
            &clock,
            &mut report,
        );
        match result.best_move {
            Some(mv) => format!("bestmove {}", position.move_text(mv)),
            None => "bestmove 0000".to_string(),
        }
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn side_to_move(&self) -> Color {
        self.position.turn()
    }
}

/// The output stream, shared by the command loop and the input thread; one line at a time.
/// The first write failure is kept, stops any search and ends the session: a closed pipe
/// means the GUI has gone.
#[derive(Clone)]
struct Output {
    state: Arc<Mutex<OutputState>>,
    stop: Arc<AtomicBool>,
}

struct OutputState {
    writer: Box<dyn Write + Send>,
    failure: Option<std::io::Error>,
}

impl Output {
    fn new(writer: Box<dyn Write + Send>, stop: Arc<AtomicBool>) -> Output {
        let state = OutputState {
            writer,
            failure: None,
        };
        Output {
            state: Arc::new(Mutex::new(state)),
            stop,
        }
    }

    fn line(&self, text: &str) {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if state.failure.is_some() {
            return;
        }
        let written = writeln!(state.writer, "{text}").and_then(|()| state.writer.flush());
        if let Err(error) = written {
            state.failure = Some(error);
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// `info string …` on one line, with echoed input clipped.
    fn info(&self, message: &str) {
        let message = tidy_message(message).replace(['\n', '\r'], " ");
        self.line(&format!("info string {message}"));
    }

    fn failed(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .failure
            .is_some()
    }

    fn take_failure(&self) -> Option<std::io::Error> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .failure
            .take()
    }
}

/// The engine's options as set with `setoption`.
struct Settings {
    variant: VariantKind,
    chess960: bool,
    hash_mb: usize,
    level: Level,
    seed: u64,
    /// Variant options by key, applied to whichever variant they belong to.
    variant_options: Vec<(String, String)>,
}

const MAX_HASH_MB: usize = 1024;
const MAX_SEED: u64 = 2_147_483_647;

/// Longest input line read; a longer one is skipped with a message (a game of a thousand
/// moves in any variant stays far below it).
const MAX_LINE_BYTES: usize = 1 << 20;

const VARIANT_OPTION_LINES: &[&str] = &[
    "option name gap type combo default random var random var a3 var c3 var e3 var g3 var a5 var c5 var e5 var g5",
    "option name size type spin default 16 min 10 max 26",
    "option name recentering type combo default aristotelian var aristotelian var leibnizian",
    "option name leave type combo default yes var yes var sides var no",
    "option name order type combo default sequential var sequential var alternate",
    "option name king_knight type combo default allowed var allowed var forbidden",
    "option name castling type combo default full var full var curtailed",
    "option name start type combo default choose var choose var random",
    "option name draws type combo default auto var auto var fide",
];

impl Settings {
    fn variant_options(&self) -> Result<VariantOptions, String> {
        let mut options = VariantOptions::default_for(self.variant);
        let keys = VariantOptions::keys(self.variant);
        for (key, value) in &self.variant_options {
            if !keys.contains(&key.as_str()) || (key == "gap" && value == "random") {
                continue;
            }
            options.set(key, value).map_err(|e| e.to_string())?;
        }
        Ok(options)
    }

    fn session(&self, stop: &Arc<AtomicBool>) -> Result<Box<dyn UciSession>, String> {
        let options = self.variant_options()?;
        let stop = Arc::clone(stop);
        Ok(match self.variant {
            VariantKind::Standard | VariantKind::Regroupment => Box::new(
                Session::<ChessPosition>::new(options, self.chess960, self.hash_mb, stop)?,
            ),
            VariantKind::Sliding => Box::new(Session::<SlidingPosition>::new(
                options,
                false,
                self.hash_mb,
                stop,
            )?),
            VariantKind::Relative => Box::new(Session::<RelativePosition>::new(
                options,
                false,
                self.hash_mb,
                stop,
            )?),
        })
    }

    /// Applies one `setoption`; a value outside the option's range changes nothing and says
    /// why, so a GUI's typo is never silently reinterpreted.
    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let shown = clip(value);
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = value
                    .parse()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .ok_or_else(|| {
                        format!("Hash must be 1 to {MAX_HASH_MB} megabytes, got '{shown}'")
                    })?;
            }
            "uci_chess960" => {
                self.chess960 = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("UCI_Chess960 must be true or false, got '{shown}'")),
                };
            }
            "uci_variant" => {
                // `chess` is what GUIs (and python-chess) call standard chess.
                let name = match value.to_ascii_lowercase().as_str() {
                    "chess" => "standard".to_string(),
                    other => other.to_string(),
                };
                self.variant = VariantKind::from_name(&name)
                    .ok_or_else(|| format!("unknown variant '{shown}'"))?;
            }
            "level" => {
                self.level =
                    Level::from_name(value).ok_or_else(|| format!("unknown level '{shown}'"))?;
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .ok()
                    .filter(|seed| *seed <= MAX_SEED)
                    .ok_or_else(|| format!("Seed must be 0 to {MAX_SEED}, got '{shown}'"))?;
            }
            key => {
                let variants: Vec<VariantKind> = VariantKind::ALL
                    .into_iter()
                    .filter(|&variant| VariantOptions::keys(variant).contains(&key))
                    .collect();
                if variants.is_empty() {
                    return Err(format!("unknown option '{}'", clip(name)));
                }
                // The value must suit at least one game that has the option (`gap` may also
                // be left to chance).
                if !(key == "gap" && value == "random") {
                    let mut first_error = None;
                    let accepted = variants.iter().any(|&variant| {
                        let result = VariantOptions::default_for(variant).set(key, value);
                        if let Err(error) = &result {
                            first_error.get_or_insert_with(|| error.to_string());
                        }
                        result.is_ok()
                    });
                    if !accepted {
                        return Err(first_error.unwrap_or_default());
                    }
                }
                self.variant_options.retain(|(k, _)| k != key);
                self.variant_options
                    .push((key.to_string(), value.to_string()));
            }
        }
        Ok(())
    }
}

/// Reads `go` arguments into limits for the side to move.
fn parse_go(tokens: &[&str], side: Color) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut times = [None, None];
    let mut increments = [0u64, 0];
    let mut moves_to_go = None;
    let mut index = 0;
    let number = |index: usize, name: &str| -> Result<u64, String> {
        let text = tokens
            .get(index + 1)
            .ok_or_else(|| format!("go {name} needs a value"))?;
        // Some GUIs send negative remaining times once a clock has run out.
        text.parse::<i64>()
            .map(|v| v.max(0) as u64)
            .map_err(|_| format!("go {name} expects a number, got '{text}'"))
    };
    while index < tokens.len() {
        let token = tokens[index];
        let mut takes_value = true;
        match token {
            "depth" => limits.depth = Some(number(index, token)?.clamp(1, 100) as u32),
            "nodes" => limits.nodes = Some(number(index, token)?.max(1)),
            "movetime" => limits.move_time_ms = Some(number(index, token)?),
            "wtime" => times[0] = Some(number(index, token)?),
            "btime" => times[1] = Some(number(index, token)?),
            "winc" => increments[0] = number(index, token)?,
            "binc" => increments[1] = number(index, token)?,
            "movestogo" => moves_to_go = Some(number(index, token)?.min(1000) as u32),
            "infinite" => {
                limits.infinite = true;
                takes_value = false;
            }
            "ponder" => takes_value = false,
            // `mate N` and `searchmoves …` are accepted and ignored.
            _ => takes_value = false,
        }
        index += if takes_value { 2 } else { 1 };
    }
    if let Some(remaining_ms) = times[side.index()] {
        limits.clock = Some(Clock {
            remaining_ms,
            increment_ms: increments[side.index()],
            moves_to_go,
        });
    }
    Ok(limits)
}

fn print_identity(out: &Output) {
    out.line(&format!("id name Boardshift {}", env!("CARGO_PKG_VERSION")));
    out.line("id author the Boardshift authors");
    out.line(&format!(
        "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
        engine::DEFAULT_TABLE_MB
    ));
    out.line("option name UCI_Chess960 type check default false");
    out.line("option name UCI_Variant type combo default standard var standard var chess var regroupment var sliding var relative");
    out.line("option name Level type combo default hard var easy var medium var hard var analysis");
    out.line(&format!(
        "option name Seed type spin default 1 min 0 max {MAX_SEED}"
    ));
    for line in VARIANT_OPTION_LINES {
        out.line(line);
    }
    out.line("uciok");
}

/// Splits `setoption name N value V` into (N, V).
fn parse_setoption(line: &str) -> Result<(String, String), String> {
    let rest = line
        .strip_prefix("setoption")
        .map(str::trim)
        .and_then(|r| r.strip_prefix("name"))
        .ok_or_else(|| "setoption needs 'name'".to_string())?;
    let (name, value) = match rest.split_once(" value ") {
        Some((name, value)) => (name.trim(), value.trim()),
        None => (rest.trim(), ""),
    };
    if name.is_empty() {
        return Err("setoption needs an option name".to_string());
    }
    Ok((name.to_string(), value.to_string()))
}

/// `boardshift uci` on standard input and output. Output errors end the session: a closed
/// pipe quietly, any other with a message.
pub fn run() -> CliResult {
    run_loop(
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    )?;
    Ok(())
}

/// One input line: its text (bytes that are not UTF-8 read as U+FFFD), or the size of a line
/// too long to keep.
enum InputLine {
    Text(String),
    TooLong(usize),
}

/// Reads up to the next newline without ever holding more than [`MAX_LINE_BYTES`]; `None` at
/// the end of input (a read error ends it too: the GUI is gone).
fn read_line<R: BufRead>(input: &mut R) -> Option<InputLine> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => &[],
        };
        if available.is_empty() {
            return (total > 0).then(|| finish_line(kept, total));
        }
        let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if total + chunk.len() <= MAX_LINE_BYTES {
            kept.extend_from_slice(chunk);
        }
        total += chunk.len();
        let used = chunk.len() + usize::from(found_newline);
        input.consume(used);
        if found_newline {
            return Some(finish_line(kept, total));
        }
    }
}

fn finish_line(kept: Vec<u8>, total: usize) -> InputLine {
    if total > MAX_LINE_BYTES {
        InputLine::TooLong(total)
    } else {
        InputLine::Text(String::from_utf8_lossy(&kept).into_owned())
    }
}

/// What a `position` command asks for: a position text (`None`: the start) and moves.
type PositionRequest = (Option<String>, Vec<String>);

/// Reads `position startpos|fen TEXT [moves M…]`; anything else is refused whole.
fn parse_position(tokens: &[&str]) -> Result<PositionRequest, String> {
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let moves: Vec<String> = moves_at
        .map(|i| tokens[i + 1..].iter().map(|s| s.to_string()).collect())
        .unwrap_or_default();
    let head = &tokens[1.min(tokens.len())..moves_at.unwrap_or(tokens.len())];
    match head {
        ["startpos"] => Ok((None, moves)),
        ["startpos", extra, ..] => Err(format!(
            "unexpected '{}' after 'startpos' (moves follow the word 'moves')",
            clip(extra)
        )),
        ["fen"] => Err("position fen needs a position text".to_string()),
        ["fen", text @ ..] => Ok((Some(text.join(" ")), moves)),
        _ => Err("position needs 'startpos' or 'fen'".to_string()),
    }
}

/// The UCI loop over any input and output (standard input and output for [`run`]). Returns
/// the first output error, after which nothing more was read or searched.
pub fn run_loop<R: BufRead + Send + 'static>(
    input: R,
    output: Box<dyn Write + Send>,
) -> std::io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let out = Output::new(output, Arc::clone(&stop));
    let searching = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<String>();
    {
        let (stop, searching, out) = (Arc::clone(&stop), Arc::clone(&searching), out.clone());
        std::thread::spawn(move || {
            let mut input = input;
            while let Some(line) = read_line(&mut input) {
                if out.failed() {
                    return;
                }
                let line = match line {
                    InputLine::Text(line) => line,
                    InputLine::TooLong(bytes) => {
                        out.info(&format!(
                            "error: an input line of {bytes} bytes was ignored (the limit is {MAX_LINE_BYTES})"
                        ));
                        continue;
                    }
                };
                let command = line.split_whitespace().next().unwrap_or("");
                match command {
                    "stop" => stop.store(true, Ordering::Relaxed),
                    "isready" if searching.load(Ordering::Relaxed) => out.line("readyok"),
                    "quit" => {
                        stop.store(true, Ordering::Relaxed);
                        let _ = sender.send(line);
                        return;
                    }
                    _ => {
                        if sender.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
            stop.store(true, Ordering::Relaxed);
            let _ = sender.send("quit".to_string());
        });
    }

    let mut settings = Settings {
        variant: VariantKind::Standard,
        chess960: false,
        hash_mb: engine::DEFAULT_TABLE_MB,
        level: Level::Hard,
        seed: 1,
        variant_options: Vec::new(),
    };
    let mut session: Option<Box<dyn UciSession>> = None;
    // The last `position` asked for (or why it was refused), and whether the current session
    // could set it up: `go` searches only a position that was accepted.
    let mut request: Result<PositionRequest, String> = Ok((None, Vec::new()));
    let mut position_set: Result<(), String> = Ok(());
    let mut go_count: u64 = 0;

    for line in receiver {
        if out.failed() {
            break;
        }
        let line = line.trim();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = tokens.first() else {
            continue;
        };
        match command {
            "uci" => print_identity(&out),
            "isready" => out.line("readyok"),
            "quit" => break,
            "ucinewgame" => {
                if let Some(session) = session.as_mut() {
                    session.new_game();
                }
            }
            "setoption" => match parse_setoption(line).and_then(|(n, v)| settings.set(&n, &v)) {
                Ok(()) => session = None,
                Err(message) => out.info(&format!("error: {message}")),
            },
            "position" => {
                request = parse_position(&tokens);
                // Set it up now, so that a bad move is reported when it is sent.
                if session.is_none() && request.is_ok() {
                    match settings.session(&stop) {
                        Ok(fresh) => session = Some(fresh),
                        Err(message) => out.info(&format!("error: {message}")),
                    }
                }
                position_set = match (&request, session.as_mut()) {
                    (Err(message), _) => Err(message.clone()),
                    (Ok(asked), Some(session)) => apply_position(session.as_mut(), asked),
                    (Ok(_), None) => Ok(()),
                };
                if let Err(message) = &position_set {
                    out.info(&format!("error: {message}; no position is set"));
                }
            }
            "go" => {
                if session.is_none() {
                    match settings.session(&stop) {
                        Ok(mut fresh) => {
                            position_set = match &request {
                                Err(message) => Err(message.clone()),
                                Ok(asked) => apply_position(fresh.as_mut(), asked),
                            };
                            session = Some(fresh);
                        }
                        Err(message) => {
                            out.info(&format!("error: {message}"));
                            out.line("bestmove 0000");
                            continue;
                        }
                    }
                }
                let Some(active) = session.as_mut() else {
                    continue;
                };
                if let Err(message) = &position_set {
                    out.info(&format!("error: no position to search ({message})"));
                    out.line("bestmove 0000");
                    continue;
                }
                let limits = match parse_go(&tokens[1..], active.side_to_move()) {
                    Ok(limits) => limits,
                    Err(message) => {
                        out.info(&format!("error: {message}"));
                        out.line("bestmove 0000");
                        continue;
                    }
                };
                stop.store(false, Ordering::Relaxed);
                searching.store(true, Ordering::Relaxed);
                go_count += 1;
                let seed = settings.seed.wrapping_add(go_count);
                let best = active.go(&limits, settings.level, seed, &out);
                // `go infinite` must not answer before `stop`, even if the search ended.
                while limits.infinite && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                searching.store(false, Ordering::Relaxed);
                out.line(&best);
            }
            "stop" | "ponderhit" | "debug" | "register" => {}
            _ => out.info(&format!("unknown command '{}'", clip(command))),
        }
    }
    out.take_failure().map_or(Ok(()), Err)
}

/// Sets up a requested position in `session`.
fn apply_position(
    session: &mut dyn UciSession,
    (text, moves): &PositionRequest,
) -> Result<(), String> {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    session.set_position(text.as_deref(), &moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_movers_clock() {
        let limits = parse_go(
            &["wtime", "1000", "btime", "2000", "winc", "10", "binc", "20"],
            Color::Black,
        )
        .unwrap();
        let clock = limits.clock.unwrap();
        assert_eq!((clock.remaining_ms, clock.increment_ms), (2000, 20));
        assert!(parse_go(&["depth", "x"], Color::White).is_err());
        assert_eq!(
            parse_go(&["depth", "7"], Color::White).unwrap().depth,
            Some(7)
        );
    }

    /// Runs a UCI session over `input` and returns everything it wrote.
    fn session_output(input: impl Into<Vec<u8>>) -> String {
        #[derive(Clone)]
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Shared(Arc::new(Mutex::new(Vec::new())));
        run_loop(std::io::Cursor::new(input.into()), Box::new(buffer.clone())).unwrap();
        let bytes = buffer.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    fn best_moves(output: &str) -> Vec<&str> {
        output
            .lines()
            .filter_map(|line| line.strip_prefix("bestmove "))
            .collect()
    }

    #[test]
    fn a_session_answers_and_plays_legal_moves_in_every_variant() {
        let output = session_output(
            "uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 4\n\
             setoption name UCI_Variant value sliding\nsetoption name gap value e5\n\
             position startpos\ngo depth 3\n\
             setoption name UCI_Variant value relative\nposition startpos moves k5j7\ngo depth 2\n\
             setoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value true\n\
             position fen 6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1\ngo depth 3\nquit\n",
        );
        assert!(output.contains("uciok") && output.contains("readyok"));
        assert!(output.contains("option name UCI_Variant"));
        let moves = best_moves(&output);
        assert_eq!(moves.len(), 4, "{output}");
        let standard = ChessPosition::startpos();
        let mut after = standard;
        for text in ["e2e4", "e7e5"] {
            let mv = after.parse_move_text(text).unwrap();
            after.play_unchecked(mv);
        }
        assert!(after.parse_move_text(moves[0]).is_ok(), "{}", moves[0]);
        let sliding = SlidingPosition::start(Tile::parse("e5").unwrap());
        assert!(sliding.parse_move_text(moves[1]).is_ok(), "{}", moves[1]);
        let mut relative = RelativePosition::start(Default::default());
        let opening = relative.parse_move_text("k5j7").unwrap();
        relative.play_unchecked(opening);
        assert!(relative.parse_move_text(moves[2]).is_ok(), "{}", moves[2]);
        assert!(
            output.contains("score mate"),
            "Ra8 mate must be reported as mate: {output}"
        );
    }

    #[test]
    fn bad_input_is_reported_and_the_session_goes_on() {
        let output = session_output(
            "position fen not a fen\ngo depth 1\nsetoption name Nonsense value 1\n\
             position startpos moves e2e5\nfoo\ngo depth x\nisready\n",
        );
        assert!(output.contains("info string error"));
        assert!(output.contains("unknown command 'foo'"));
        assert!(output.contains("readyok"), "{output}");
        for mv in best_moves(&output) {
            assert!(ChessPosition::startpos().parse_move_text(mv).is_ok() || mv == "0000");
        }
    }

    #[test]
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("setoption name UCI_Variant value sliding").unwrap(),
            ("UCI_Variant".to_string(), "sliding".to_string())
        );
        assert!(parse_setoption("setoption value x").is_err());
    }

    #[test]
    fn position_lines_are_read_whole_or_refused() {
        assert_eq!(
            parse_position(&["position", "startpos", "moves", "e2e4"]),
            Ok((None, vec!["e2e4".to_string()]))
        );
        assert_eq!(
            parse_position(&["position", "fen", "8/8", "w", "moves"]),
            Ok((Some("8/8 w".to_string()), vec![]))
        );
        for bad in [
            &["position"][..],
            &["position", "startpos", "e2e4"],
            &["position", "fen"],
            &["position", "moves", "e2e4"],
            &["position", "fen", "moves", "e2e4"],
        ] {
            assert!(parse_position(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
        let output = session_output(&b"\xff\nisready\n"[..]);
        assert!(output.contains("info string unknown command"), "{output}");
        assert!(output.ends_with("readyok\n"), "{output}");
    }

    #[test]
    fn an_overlong_line_is_skipped_with_a_message() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        let output = session_output(input);
        assert!(output.contains("was ignored"), "{output}");
        assert!(
            output.len() < 500 && output.ends_with("readyok\n"),
            "{output}"
        );
    }

    #[test]
    fn out_of_range_option_values_are_refused_and_change_nothing() {
        let mut settings = Settings {
            variant: VariantKind::Standard,
            chess960: false,
            hash_mb: 16,
            level: Level::Hard,
            seed: 1,
            variant_options: Vec::new(),
        };
        assert!(settings.set("UCI_Chess960", "maybe").is_err());
        assert!(settings.set("Hash", "0").is_err());
        assert!(settings.set("Hash", "4096").is_err());
        assert!(settings.set("Seed", "99999999999").is_err());
        assert!(settings.set("size", "9").is_err());
        assert!(settings.set("gap", "e4").is_err());
        assert!(!settings.chess960 && settings.hash_mb == 16 && settings.seed == 1);
        assert!(settings.variant_options.is_empty());
        settings.set("UCI_Chess960", "TRUE").unwrap();
        settings.set("Hash", "1").unwrap();
        settings.set("gap", "random").unwrap();
        settings.set("size", "20").unwrap();
        assert!(settings.chess960 && settings.hash_mb == 1);
    }

    #[test]
    fn a_refused_position_leaves_no_position_to_search() {
        let output = session_output(
            "position startpos moves e2e4 e2e4\ngo depth 3\n\
             position startpos e2e4\ngo depth 1\n\
             position startpos moves e2e4\ngo depth 1\nquit\n",
        );
        let moves = best_moves(&output);
        assert_eq!(moves[..2], ["0000", "0000"], "{output}");
        assert_ne!(moves[2], "0000");
        assert!(output.contains("no position is set"), "{output}");
        assert!(output.contains("after 'startpos'"), "{output}");
    }
}
