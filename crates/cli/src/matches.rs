//! `boardshift match --variant V --white LEVEL --black LEVEL --games N [--option K=V]…
//! [--movetime MS] [--seed S] [--moves]`: engine-against-engine games between two levels. Colours
//! alternate, and each pair of games starts from the same two random opening plies so that
//! both levels play both sides of it. Prints every result and the first-named level's score.
//!
//! Levels 1–6 (`easy` is 2, `medium` 4) use their own depth and node limits; 7, 8 (`hard`)
//! and Analysis get `--movetime` (default 100 ms) per move. Every option that can be left to chance is, unless given: a
//! `start` option is `random` (regroupment: random Chess484 back ranks, as the engine does not
//! play the setup phase; Chess960: a start drawn from the seed) and sliding's gap is drawn.
//! Games longer than 400 plies are adjudicated drawn.

use crate::command::MatchArgs;
use crate::text::clip;
use crate::tool_position;
use crate::{CliError, CliResult};
use engine::rng::Rng;
use engine::variants::{dispatch, history_keys, SearchVisitor};
use engine::{Level, Limits, SearchPosition, SearchRequest, Searcher, StdClock};
use rules::game::{Game, Outcome};
use rules::options::VariantOptions;
use rules::{Color, GamePosition, Variant};
use std::io::Write;

const MAX_PLIES: usize = 400;
const OPENING_PLIES: usize = 2;
/// The value that leaves an option to chance, where an option has it.
const RANDOM: &str = "random";

struct MatchSpec {
    options: VariantOptions,
    levels: [Level; 2],
    games: u32,
    move_time_ms: u64,
    seed: u64,
    /// Print each game's moves.
    show_moves: bool,
}

/// The score of one game for the first-named level: 1, ½ or 0.
fn play_game<V: Variant>(
    spec: &MatchSpec,
    index: u32,
    out: &mut dyn Write,
) -> Result<(f64, String), CliError>
where
    V::Position: SearchPosition,
{
    let pair_seed = spec.seed.wrapping_add((index / 2) as u64 * 7919);
    let mut start =
        tool_position::start::<V>(&spec.options, pair_seed).map_err(CliError::Internal)?;
    let mut rng = Rng::new(pair_seed);
    for _ in 0..OPENING_PLIES {
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        start.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
    }
    let first_is_white = index.is_multiple_of(2);
    let level_of = |color: Color| {
        let first = (color == Color::White) == first_is_white;
        spec.levels[if first { 0 } else { 1 }]
    };
    let mut game = Game::new(start, spec.options.draws());
    let mut searchers = [
        Searcher::<V::Position>::new(16),
        Searcher::<V::Position>::new(16),
    ];
    let mut move_seed = Rng::new(spec.seed ^ (index as u64).wrapping_mul(0x9e37_79b9));
    while game.result().is_none() && game.ply_count() < MAX_PLIES {
        let position = game.position().clone();
        let keys = history_keys(&game);
        let color = position.turn();
        let level = level_of(color);
        // Levels with a depth of their own play to it; the others get the move time.
        let limits = if level.settings().max_depth.is_some() {
            Limits::default()
        } else {
            Limits::move_time(spec.move_time_ms)
        };
        let result = searchers[color.index()].think(&SearchRequest {
            position: &position,
            history_keys: &keys,
            limits,
            level,
            seed: move_seed.next_u64(),
            time: &StdClock::new(),
        });
        let Some(mv) = result.best_move else {
            return Err(CliError::Internal(format!(
                "no move in an unfinished game: {}",
                position.position_text()
            )));
        };
        game.play(mv)
            .map_err(|e| CliError::Internal(format!("engine move rejected: {e}")))?;
    }
    if spec.show_moves {
        let texts: Vec<&str> = game.history().iter().map(|ply| ply.text.as_str()).collect();
        writeln!(
            out,
            "start {}\nmoves {}",
            game.start_position().position_text(),
            texts.join(" ")
        )?;
    }
    let (outcome, reason) = match game.result() {
        Some(end) => (end.outcome, end.to_string()),
        None => (
            Outcome::Draw,
            format!("adjudicated after {MAX_PLIES} plies"),
        ),
    };
    let first_color = if first_is_white {
        Color::White
    } else {
        Color::Black
    };
    let score = match outcome {
        Outcome::Win(winner) if winner == first_color => 1.0,
        Outcome::Win(_) => 0.0,
        _ => 0.5,
    };
    Ok((
        score,
        format!(
            "{} {} ({}, {} plies)",
            if first_is_white { "white" } else { "black" },
            outcome.result_text(),
            reason,
            game.ply_count()
        ),
    ))
}

/// A whole match, run for the variant's position type.
struct RunMatch<'a> {
    spec: &'a MatchSpec,
    out: &'a mut dyn Write,
}

impl SearchVisitor for RunMatch<'_> {
    type Output = CliResult;
    fn visit<V: Variant>(self) -> CliResult
    where
        V::Position: SearchPosition,
    {
        run_match::<V>(self.spec, self.out)
    }
}

fn run_match<V: Variant>(spec: &MatchSpec, out: &mut dyn Write) -> CliResult
where
    V::Position: SearchPosition,
{
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let names = [spec.levels[0].name(), spec.levels[1].name()];
    for index in 0..spec.games {
        let (score, description) = play_game::<V>(spec, index, out)?;
        match score {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        writeln!(
            out,
            "game {}: {} plays {description}; {} {wins}-{draws}-{losses}",
            index + 1,
            names[0],
            names[0]
        )?;
        // Games take a while: show each result as it comes.
        out.flush()?;
    }
    let played = (wins + draws + losses).max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / played;
    writeln!(
        out,
        "{} vs {} ({}): +{wins} ={draws} -{losses}, score {:.1}%",
        names[0],
        names[1],
        spec.options.variant().name(),
        score * 100.0
    )?;
    Ok(())
}

pub fn run(args: &MatchArgs, out: &mut dyn Write) -> CliResult {
    let variant = args.variant;
    let mut options = VariantOptions::default_for(variant);
    // Matches should not replay one start: whatever can be left to chance is.
    for spec in VariantOptions::schema(variant) {
        if spec.check(RANDOM).is_ok() {
            options
                .set(spec.key, RANDOM)
                .map_err(|e| CliError::Internal(e.to_string()))?;
        }
    }
    for pair in &args.options {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            CliError::Input(format!("--option expects KEY=VALUE, got '{}'", clip(pair)))
        })?;
        options
            .set(key, value)
            .map_err(|e| CliError::Input(format!("--option {}: {e}", clip(pair))))?;
    }
    let spec = MatchSpec {
        options,
        levels: [args.white, args.black],
        games: args.games,
        move_time_ms: args.movetime.max(1),
        seed: args.seed,
        show_moves: args.moves,
    };
    dispatch(variant, RunMatch { spec: &spec, out })
}
