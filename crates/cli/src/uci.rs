//! `boardshift uci`: the Universal Chess Interface, for standard chess and Chess960
//! (`UCI_Chess960`) and, through `UCI_Variant`, for every Boardshift game with its options as
//! UCI options. Standard input is read on its own thread so that `stop` and `isready` are
//! answered while a search runs.
//!
//! Whatever a GUI sends, the session goes on and says what it refused (`info string …`): input
//! is read as bytes (bad UTF-8 becomes U+FFFD, an endless line is skipped), a refused
//! `position` leaves no position (`go` then answers `bestmove 0000`), and an option value out
//! of range changes nothing. Only a failing output ends it: nobody is listening any more.

mod io;
mod settings;

use crate::text::clip;
use crate::tool_position;
use crate::CliResult;
use engine::score::{mate_in_moves, MATE_BOUND};
use engine::time::Clock;
use engine::variants::{dispatch, SearchVisitor};
use engine::{Level, Limits, SearchInfo, SearchPosition, SearchRequest, Searcher, StdClock};
use io::{read_line, InputLine, Output, MAX_LINE_BYTES};
use rules::options::VariantOptions;
use rules::{Color, GamePosition, Variant};
use settings::{parse_setoption, print_identity, Settings};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

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

/// The seed a start left to chance is drawn from: `position startpos` always means the same
/// position within a session.
const START_SEED: u64 = 1;

struct Session<V: Variant>
where
    V::Position: SearchPosition,
{
    searcher: Searcher<V::Position>,
    options: VariantOptions,
    position: V::Position,
    /// Repetition keys of the positions before the current one.
    keys: Vec<u64>,
}

/// Makes the session of the variant asked for.
struct NewSession {
    options: VariantOptions,
    hash_mb: usize,
    stop: Arc<AtomicBool>,
}

impl SearchVisitor for NewSession {
    type Output = Result<Box<dyn UciSession>, String>;

    fn visit<V: Variant>(self) -> Self::Output
    where
        V::Position: SearchPosition,
    {
        let mut searcher = Searcher::new(self.hash_mb);
        searcher.set_stop_flag(self.stop);
        Ok(Box::new(Session::<V> {
            searcher,
            position: tool_position::start::<V>(&self.options, START_SEED)?,
            options: self.options,
            keys: Vec::new(),
        }))
    }
}

impl<V: Variant> UciSession for Session<V>
where
    V::Position: SearchPosition,
{
    fn set_position(&mut self, text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut position = match text {
            Some(text) => tool_position::from_text::<V>(text, &self.options)?,
            None => tool_position::start::<V>(&self.options, START_SEED)?,
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
        let mut report = |info: &SearchInfo<<V::Position as GamePosition>::Move>| {
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

impl Settings {
    fn session(&self, stop: &Arc<AtomicBool>) -> Result<Box<dyn UciSession>, String> {
        let options = self.variant_options()?;
        let new = NewSession {
            options,
            hash_mb: self.hash_mb,
            stop: Arc::clone(stop),
        };
        dispatch(options.variant(), new)
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

/// `boardshift uci` on standard input and output. Output errors end the session: a closed
/// pipe quietly, any other with a message.
pub fn run() -> CliResult {
    run_loop(
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    )?;
    Ok(())
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

    let mut settings = Settings::new();
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
    use rules::relative::RelativePosition;
    use rules::sliding::{SlidingPosition, Tile};
    use rules::ChessPosition;
    use std::sync::Mutex;

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
