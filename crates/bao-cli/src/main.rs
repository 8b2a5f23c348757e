//! `bao-cli`: the rules engine and the AI from the command line.
//!
//! Every failure (a bad flag, an unreadable or invalid position file, an illegal move) prints a
//! message on stderr and exits with status 2; nothing panics on user input.

mod bench;
mod commands;
mod io;
mod link_cmd;
mod match_cmd;
mod puzzles;
mod review_cmd;
mod solve;
mod tables_cmd;

use bao_engine::Variant;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "bao-cli",
    // The version and the commit built (the workspace's `build.rs`), as `bao --version` says it.
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("BAO_COMMIT"), ")"),
    about = "Bao rules engine and AI on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the initial position of a variant (JSON).
    New {
        /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai.
        #[arg(long, value_parser = parse_variant)]
        variant: Variant,
    },
    /// Print the legal moves of a position, one per line.
    Legal {
        /// Position file in the JSON format; '-' reads standard input.
        #[arg(long)]
        position: PathBuf,
    },
    /// Play moves from a position and print the result with its outcome (JSON).
    Play {
        /// Position file in the JSON format; '-' reads standard input.
        #[arg(long)]
        position: PathBuf,
        /// Moves in notation (e.g. a3+, b5-/L in kujifunza-choice, or b7 for the one-direction games).
        #[arg(value_name = "MOVE", allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Play games of uniformly random legal moves; print one JSON line per ply.
    RandomGames {
        /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai.
        #[arg(long, value_parser = parse_variant)]
        variant: Variant,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// Random seed; the same seed gives the same games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Count the move sequences of a given length from the start (or from a position).
    Perft {
        /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai.
        #[arg(long, value_parser = parse_variant)]
        variant: Variant,
        /// Sequence length.
        #[arg(long)]
        depth: u32,
    },
    /// Check a saved game record: replay its moves and print the final position and outcome.
    Verify {
        /// Game record file (JSON); '-' reads standard input.
        file: PathBuf,
    },
    /// Play a match between two AI levels and report the score with a 95% interval.
    Match(match_cmd::MatchArgs),
    /// Game links: a record as a link (digits, or a URL with --base) and back, and link lengths.
    Link {
        #[command(subcommand)]
        command: link_cmd::LinkCommand,
    },
    /// Review a saved game: every move judged against the best, then each player's worst moves.
    Review(review_cmd::ReviewArgs),
    /// Puzzles as data: generate a set by self-play, or verify puzzle files.
    Puzzles {
        #[command(subcommand)]
        command: puzzles::PuzzlesCommand,
    },
    /// Prove who wins a position by force (df-pn), write or check a proof file.
    Solve(solve::SolveArgs),
    /// Kingulu endgame tables: build, verify and probe.
    Tables {
        #[command(subcommand)]
        command: tables_cmd::TablesCommand,
    },
    /// Measure random playouts, plies and search speed per second on one core.
    Bench {
        /// Seconds to measure each variant for.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse()
        .map_err(|e: bao_engine::UnknownVariant| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::New { variant } => commands::new(variant),
        Command::Legal { position } => commands::legal(&position),
        Command::Play { position, moves } => commands::play(&position, &moves),
        Command::RandomGames {
            variant,
            games,
            seed,
        } => commands::random_games(variant, games, seed),
        Command::Perft { variant, depth } => commands::perft(variant, depth),
        Command::Verify { file } => commands::verify(&file),
        Command::Bench { seconds } => bench::run(seconds),
        Command::Match(args) => match_cmd::run(&args),
        Command::Link { command } => link_cmd::run(&command),
        Command::Review(args) => review_cmd::run(&args),
        Command::Puzzles { command } => puzzles::run(&command),
        Command::Tables { command } => tables_cmd::run(&command),
        Command::Solve(args) => solve::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bao-cli: {e}");
            ExitCode::from(2)
        }
    }
}
