//! `boardshift uci`: the Universal Chess Interface, for standard chess and Chess960
//! (`UCI_Chess960`) and, through `UCI_Variant`, for every Boardshift game with its options as
//! UCI options. Standard input is read on its own thread so that `stop` and `isready` are
//! answered while a search runs.
//!
//! Also home of the per-variant plumbing the search tools share ([`ToolPosition`]): start
//! positions and position text for each game.

use crate::{CliError, CliResult};
use engine::score::{mate_in_moves, MATE_BOUND};
use engine::time::Clock;
use engine::{Level, Limits, SearchInfo, SearchPosition, SearchRequest, Searcher, StdClock};
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
                .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
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
        let request = SearchRequest {
            position: &position,
            history_keys: &self.keys,
            limits: *limits,
            level,
            seed,
            time: &clock,
        };
        let result = self.searcher.think_with_progress(&request, &mut report);
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
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    fn line(&self, text: &str) {
        let mut writer = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A closed pipe means the GUI has gone; there is no one left to tell.
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
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

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb: usize = value
                    .parse()
                    .map_err(|_| format!("Hash expects a number of megabytes, got '{value}'"))?;
                self.hash_mb = mb.clamp(1, 1024);
            }
            "uci_chess960" => self.chess960 = value.eq_ignore_ascii_case("true"),
            "uci_variant" => {
                // `chess` is what GUIs (and python-chess) call standard chess.
                let name = match value.to_ascii_lowercase().as_str() {
                    "chess" => "standard".to_string(),
                    other => other.to_string(),
                };
                self.variant = VariantKind::from_name(&name)
                    .ok_or_else(|| format!("unknown variant '{value}'"))?;
            }
            "level" => {
                self.level =
                    Level::from_name(value).ok_or_else(|| format!("unknown level '{value}'"))?;
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| format!("Seed expects a number, got '{value}'"))?;
            }
            key => {
                let known = VariantKind::ALL
                    .iter()
                    .any(|&variant| VariantOptions::keys(variant).contains(&key));
                if !known {
                    return Err(format!("unknown option '{name}'"));
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
    out.line("option name Hash type spin default 16 min 1 max 1024");
    out.line("option name UCI_Chess960 type check default false");
    out.line("option name UCI_Variant type combo default standard var standard var chess var regroupment var sliding var relative");
    out.line("option name Level type combo default hard var easy var medium var hard var analysis");
    out.line("option name Seed type spin default 1 min 0 max 2147483647");
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

pub fn run(args: &[String]) -> CliResult {
    if let Some(extra) = args.first() {
        return Err(CliError::Input(format!(
            "uci takes no arguments (got '{extra}')"
        )));
    }
    serve(
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    );
    Ok(())
}

/// The UCI loop over any input and output (standard input and output for `run`).
fn serve<R: BufRead + Send + 'static>(input: R, output: Box<dyn Write + Send>) {
    let out = Output::new(output);
    let stop = Arc::new(AtomicBool::new(false));
    let searching = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<String>();
    {
        let (stop, searching, out) = (Arc::clone(&stop), Arc::clone(&searching), out.clone());
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
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
    let mut last_position: (Option<String>, Vec<String>) = (None, Vec::new());
    let mut go_count: u64 = 0;

    for line in receiver {
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
                Err(message) => out.line(&format!("info string error: {message}")),
            },
            "position" => {
                let moves_at = tokens.iter().position(|&t| t == "moves");
                let moves: Vec<String> = moves_at
                    .map(|i| tokens[i + 1..].iter().map(|s| s.to_string()).collect())
                    .unwrap_or_default();
                let head = &tokens[1..moves_at.unwrap_or(tokens.len())];
                let text = match head.first() {
                    Some(&"startpos") => None,
                    Some(&"fen") => Some(head[1..].join(" ")),
                    _ => {
                        out.line("info string error: position needs 'startpos' or 'fen'");
                        continue;
                    }
                };
                last_position = (text, moves);
                if let Some(session) = session.as_mut() {
                    let moves: Vec<&str> = last_position.1.iter().map(String::as_str).collect();
                    if let Err(message) = session.set_position(last_position.0.as_deref(), &moves) {
                        out.line(&format!("info string error: {message}"));
                    }
                }
            }
            "go" => {
                if session.is_none() {
                    match settings.session(&stop) {
                        Ok(mut fresh) => {
                            let moves: Vec<&str> =
                                last_position.1.iter().map(String::as_str).collect();
                            if let Err(message) =
                                fresh.set_position(last_position.0.as_deref(), &moves)
                            {
                                out.line(&format!("info string error: {message}"));
                            }
                            session = Some(fresh);
                        }
                        Err(message) => {
                            out.line(&format!("info string error: {message}"));
                            out.line("bestmove 0000");
                            continue;
                        }
                    }
                }
                let Some(active) = session.as_mut() else {
                    continue;
                };
                let limits = match parse_go(&tokens[1..], active.side_to_move()) {
                    Ok(limits) => limits,
                    Err(message) => {
                        out.line(&format!("info string error: {message}"));
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
            _ => out.line(&format!("info string unknown command '{command}'")),
        }
    }
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
    fn session_output(input: &str) -> String {
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
        serve(
            std::io::Cursor::new(input.to_string()),
            Box::new(buffer.clone()),
        );
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
}
