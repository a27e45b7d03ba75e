//! `boardshift bench perft` with shakmaty and cozy-chess measured in the same run, on the same
//! positions, all bulk-counting the last ply: the ratios in the README come from here.
//! `cargo run --release -p boardshift-tests --bin perft-compare [-- --repeat N --depth N]`.

use boardshift_cli::bench::{PerftCounter, PerftRival};
use boardshift_cli::command::PerftBenchArgs;
use clap::Parser;
use reference::cozy::cozy_perft;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "perft-compare",
    about = "Perft speed beside shakmaty and cozy-chess"
)]
struct Cli {
    #[command(flatten)]
    args: PerftBenchArgs,
}

struct Shakmaty;

impl PerftRival for Shakmaty {
    fn label(&self) -> &str {
        "shakmaty 0.30.1"
    }

    fn prepare(&self, fen: &str) -> Result<PerftCounter, String> {
        let position: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .map_err(|e| e.to_string())?
            .into_position(shakmaty::CastlingMode::Standard)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(move |depth| shakmaty::perft(&position, depth)))
    }
}

struct Cozy;

impl PerftRival for Cozy {
    fn label(&self) -> &str {
        "cozy-chess"
    }

    fn prepare(&self, fen: &str) -> Result<PerftCounter, String> {
        let board: cozy_chess::Board = fen.parse().map_err(|e| format!("{e:?}"))?;
        Ok(Box::new(move |depth| cozy_perft(&board, depth)))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = boardshift_cli::bench::run(&cli.args, &[&Shakmaty, &Cozy], &mut out)
        .and_then(|()| Ok(out.flush()?));
    boardshift_cli::exit_status("perft-compare", result)
}
