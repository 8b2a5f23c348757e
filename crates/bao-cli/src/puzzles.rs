//! `puzzles generate` and `puzzles verify`: puzzle files (`assets/puzzles/<variant>.json`, the
//! game's puzzles) made by self-play and checked exactly.

use crate::io::{CliError, read_text};
use bao_ai::puzzle::{self, Goal, Puzzle};
use bao_engine::Variant;
use clap::Subcommand;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The subcommands of `bao-cli puzzles`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Find puzzles by self-play and print them as a JSON array (the same seed gives the same
    /// puzzles).
    Generate {
        /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai.
        #[arg(long, value_parser = crate::parse_variant)]
        variant: Variant,
        /// Number of puzzles.
        #[arg(long, default_value_t = 24)]
        count: usize,
        /// Random seed of the self-play games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write the array to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check every puzzle of each file; print a summary line per file. Exit status 2 if any
    /// puzzle is wrong, with a line on stderr per fault naming the file and the puzzle.
    Verify {
        /// Puzzle files (JSON arrays); '-' reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Runs a `puzzles` subcommand.
pub fn run(command: &PuzzlesCommand) -> Result<(), CliError> {
    match command {
        PuzzlesCommand::Generate {
            variant,
            count,
            seed,
            out,
        } => generate(*variant, *count, *seed, out.as_deref()),
        PuzzlesCommand::Verify { files } => verify(files),
    }
}

fn generate(variant: Variant, count: usize, seed: u64, out: Option<&Path>) -> Result<(), CliError> {
    let puzzles = puzzle::generate(variant, count, seed);
    if puzzles.len() < count {
        return Err(CliError::Usage(format!(
            "found only {} of {count} {variant} puzzles with seed {seed} before the self-play \
             budget ran out; try another seed or a smaller count",
            puzzles.len()
        )));
    }
    let json = puzzle::to_json_pretty(&puzzles);
    match out {
        Some(path) => {
            std::fs::write(path, json)
                .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", path.display())))?;
            println!("{}: {}", path.display(), summary(&puzzles));
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(json.as_bytes())?;
            stdout.flush()?;
        }
    }
    Ok(())
}

fn verify(files: &[PathBuf]) -> Result<(), CliError> {
    let mut failed = 0;
    for file in files {
        match check_file(file) {
            Ok(puzzles) => println!("{}: {}", file.display(), summary(&puzzles)),
            Err(faults) => {
                failed += 1;
                for fault in faults {
                    eprintln!("bao-cli: {}: {fault}", file.display());
                }
            }
        }
    }
    if failed == 0 {
        Ok(())
    } else {
        Err(CliError::Usage(format!(
            "{failed} of {} puzzle files failed verification",
            files.len()
        )))
    }
}

/// The puzzles of a file if every one verifies, else a line per fault.
fn check_file(path: &Path) -> Result<Vec<Puzzle>, Vec<String>> {
    let text = read_text(path).map_err(|e| vec![e.to_string()])?;
    let puzzles = puzzle::parse_puzzles(&text).map_err(|e| vec![e.to_string()])?;
    puzzle::verify_set(&puzzles)
        .map_err(|faults| faults.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    Ok(puzzles)
}

/// "24 puzzles verified: capture 12 (depth 1×4, 2×4, 3×4), win 12 (plies 1×4, 3×4, 5×4)".
fn summary(puzzles: &[Puzzle]) -> String {
    let mut kinds: BTreeMap<&str, BTreeMap<u32, usize>> = BTreeMap::new();
    for p in puzzles {
        let grade = match p.goal {
            Goal::Win { plies } => plies,
            _ => p.depth.unwrap_or(0),
        };
        *kinds
            .entry(p.goal.kind())
            .or_default()
            .entry(grade)
            .or_default() += 1;
    }
    let parts: Vec<String> = kinds
        .iter()
        .map(|(kind, grades)| {
            let total: usize = grades.values().sum();
            let label = if *kind == "win" { "plies" } else { "depth" };
            let spread: Vec<String> = grades.iter().map(|(g, n)| format!("{g}×{n}")).collect();
            format!("{kind} {total} ({label} {})", spread.join(", "))
        })
        .collect();
    format!(
        "{} puzzles verified: {}",
        puzzles.len(),
        if parts.is_empty() {
            "none".to_owned()
        } else {
            parts.join(", ")
        }
    )
}
