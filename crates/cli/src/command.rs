//! The command line as clap definitions: every command, flag and value it accepts, with the
//! help text `boardshift help`, `boardshift COMMAND --help` and `--version` print. Values that
//! name something (variants, levels) are checked here, so a typo gets a suggestion.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use engine::Level;
use rules::VariantKind;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "boardshift",
    version,
    about = "Boardshift chess variants: perft, start positions, saved games, a UCI engine, benchmarks",
    after_help = "Errors go to standard error. Exit status: 0 success, 2 bad input, 1 internal failure.",
    arg_required_else_help = true,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal-move tree; the last line is `nodes N`
    Perft(PerftArgs),
    /// Print every Regroupment start position the options allow, one X-FEN per line
    Setups(SetupsArgs),
    /// Validate and replay a saved game; print its final position text and result
    CheckSave(CheckSaveArgs),
    /// Speak the Universal Chess Interface on standard input and output
    Uci,
    /// Search a fixed set of positions of every variant: total nodes and nodes per second
    Bench(BenchArgs),
    /// Play engine-against-engine games between two levels
    Match(MatchArgs),
    /// Serve the built app and the online rooms (WebSocket /ws, /api/…)
    Serve(ServeArgs),
}

impl Command {
    /// The name the user typed, for error messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Perft(_) => "perft",
            Command::Setups(_) => "setups",
            Command::CheckSave(_) => "check-save",
            Command::Uci => "uci",
            Command::Bench(_) => "bench",
            Command::Match(_) => "match",
            Command::Serve(_) => "serve",
        }
    }
}

/// Accepts exactly the variant names, suggesting the nearest one for a typo.
fn variant_parser() -> impl TypedValueParser<Value = VariantKind> {
    PossibleValuesParser::new(VariantKind::ALL.map(VariantKind::name)).try_map(|name| {
        VariantKind::from_name(&name).ok_or_else(|| format!("unknown variant '{name}'"))
    })
}

/// Accepts exactly the level names — `1` to `8`, with `easy`, `medium` and `hard` for 2, 4 and
/// 8 (their numbers work too) — suggesting the nearest one for a typo.
fn level_parser() -> impl TypedValueParser<Value = Level> {
    const NUMBERS: [&str; 9] = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];
    PossibleValuesParser::new(Level::ALL.map(|level| {
        let value = PossibleValue::new(level.name());
        match level.number() {
            Some(number) if level.name() != NUMBERS[number as usize] => {
                value.alias(NUMBERS[number as usize])
            }
            _ => value,
        }
    }))
    .try_map(|name| Level::from_name(&name).ok_or_else(|| format!("unknown level '{name}'")))
}

#[derive(Debug, Args)]
#[command(
    after_help = "Without --fen or --game the count starts from the variant's start \
(Regroupment: the orthodox back ranks; sliding chess needs --option gap=TILE)."
)]
pub struct PerftArgs {
    /// The game [default: standard, or the saved game's]
    #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
    pub variant: Option<VariantKind>,
    /// A rule option of the variant, repeatable (a saved game brings its own)
    #[arg(long = "option", value_name = "KEY=VALUE", conflicts_with = "game")]
    pub options: Vec<String>,
    /// Count from this position text instead of the start
    #[arg(long, value_name = "TEXT", conflicts_with = "game")]
    pub fen: Option<String>,
    /// Count from the final position of this saved game
    #[arg(long, value_name = "FILE")]
    pub game: Option<PathBuf>,
    /// Moves to play first, separated by spaces ("e2e4 e7e5")
    #[arg(
        long,
        value_name = "MOVES",
        default_value = "",
        hide_default_value = true
    )]
    pub moves: String,
    /// Plies to count
    #[arg(long, value_name = "N")]
    pub depth: u32,
    /// First print one line per legal action: `<move text> <count>`
    #[arg(long)]
    pub divide: bool,
}

#[derive(Debug, Args)]
pub struct SetupsArgs {
    /// The game: regroupment (its allowed starts) or chess960 (the 960 starts)
    #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
    pub variant: VariantKind,
    /// A rule option, repeatable (order, king_knight, castling, start, draws)
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CheckSaveArgs {
    /// The saved game (JSON)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BenchArgs {
    /// Search depth (relative chess is searched three plies shallower)
    #[arg(long, value_name = "N", default_value_t = 9,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    #[command(subcommand)]
    pub what: Option<BenchWhat>,
}

#[derive(Debug, Subcommand)]
pub enum BenchWhat {
    /// Perft speed of standard chess and of the variants beside it
    Perft(PerftBenchArgs),
}

#[derive(Debug, Args)]
pub struct PerftBenchArgs {
    /// Timed runs per count; the best one is reported
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub repeat: u32,
    /// One depth for every position instead of each one's own
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=8))]
    pub depth: Option<u32>,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Easy and medium play to their own depth; hard and analysis get --movetime \
per move. Regroupment games start from random Chess484 back ranks. Games longer than 400 plies \
are adjudicated drawn."
)]
pub struct MatchArgs {
    /// The game
    #[arg(long, value_name = "VARIANT", default_value = "standard", value_parser = variant_parser())]
    pub variant: VariantKind,
    /// Level of the first-named side (it plays White in odd-numbered games)
    #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
    pub white: Level,
    /// Level of the second-named side
    #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
    pub black: Level,
    /// Number of games
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// A rule option of the variant, repeatable
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Milliseconds per move for hard and analysis
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub movetime: u64,
    /// Seed for the openings and the engines' choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Print each game's start position and moves
    #[arg(long)]
    pub moves: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the first line printed is the URL)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// The built app's folder (with index.html)
    #[arg(long, value_name = "DIR", default_value = "dist")]
    pub dir: PathBuf,
    /// The SQLite database that keeps rooms and finished games
    #[arg(long, value_name = "PATH", default_value = "boardshift.db")]
    pub db: PathBuf,
    /// A database URL used instead of --db: postgres://USER@HOST/DB or sqlite://PATH
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Seconds a disconnected player keeps the seat
    #[arg(long = "grace-s", value_name = "SECONDS")]
    pub grace_s: Option<u64>,
    /// Address to listen on
    #[arg(long, value_name = "ADDR")]
    pub host: Option<String>,
    /// Most simultaneous connections
    #[arg(long = "max-connections", value_name = "N")]
    pub max_connections: Option<u64>,
    /// Messages per second per connection (the burst is four times it)
    #[arg(long = "message-rate", value_name = "N")]
    pub message_rate: Option<u64>,
    /// Multiplies the per-address limits (for load tests from one address)
    #[arg(long = "address-limit-scale", value_name = "N")]
    pub address_limit_scale: Option<u64>,
}

impl ServeArgs {
    /// The flags as the server reads them.
    pub fn to_arguments(&self) -> Vec<String> {
        let mut arguments = vec![
            "--port".to_string(),
            self.port.to_string(),
            "--dir".to_string(),
            self.dir.to_string_lossy().into_owned(),
            "--db".to_string(),
            self.db.to_string_lossy().into_owned(),
        ];
        let optional = [
            ("--database", self.database.clone()),
            ("--grace-s", self.grace_s.map(|v| v.to_string())),
            ("--host", self.host.clone()),
            (
                "--max-connections",
                self.max_connections.map(|v| v.to_string()),
            ),
            ("--message-rate", self.message_rate.map(|v| v.to_string())),
            (
                "--address-limit-scale",
                self.address_limit_scale.map(|v| v.to_string()),
            ),
        ];
        for (flag, value) in optional {
            if let Some(value) = value {
                arguments.push(flag.to_string());
                arguments.push(value);
            }
        }
        arguments
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn typos_get_suggestions() {
        let error = Cli::try_parse_from(["boardshift", "perft", "--variant", "standrad"])
            .expect_err("a typo");
        assert!(error.to_string().contains("'standard'"), "{error}");
        let error = Cli::try_parse_from(["boardshift", "pertf"]).expect_err("a typo");
        assert!(error.to_string().contains("'perft'"), "{error}");
    }
}
