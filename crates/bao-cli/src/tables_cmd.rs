//! `tables build`, `tables verify` and `tables probe`: Kingulu's endgame tables
//! (`bao_ai::tables`), built by retrograde analysis and checked against the rules.

use crate::io::{CliError, read_position};
use bao_ai::tables::{BuildEvent, EndgameTable, verify_sample};
use bao_ai::{Level, Searcher};
use bao_engine::{Game, Player, Variant};
use clap::Subcommand;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where the commands look when `--table` is left out: the table `scripts/build-tables.sh`
/// builds (the game builds its own in its data folder, `src/computer/endgame.rs`).
pub const DEFAULT_TABLE: &str = "assets/tables/kingulu.tbl";

/// The subcommands of `bao-cli tables`.
#[derive(Subcommand, Debug)]
pub enum TablesCommand {
    /// Build the table of every Kingulu position with at most N seeds in unreserved pits; show
    /// progress on stderr and a line per layer.
    Build {
        /// The most active seeds (seeds in unreserved pits), at most 15.
        #[arg(long)]
        max_seeds: u32,
        /// The file to write.
        #[arg(long, default_value = DEFAULT_TABLE)]
        out: PathBuf,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Check random positions of a table against the rules (their moves, an exhaustive search
    /// for small counts, and play to the end); print {checked, mismatches} as JSON. Exit status
    /// 2 on a mismatch.
    Verify {
        /// The table file.
        #[arg(long, default_value = DEFAULT_TABLE)]
        table: PathBuf,
        /// Positions to check.
        #[arg(long, default_value_t = 1000)]
        samples: u64,
        /// Random seed; the same seed checks the same positions.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Positions with at most this many active seeds are also solved from scratch.
        #[arg(long, default_value_t = 6)]
        exhaustive_seeds: u32,
    },
    /// Measure what the table adds to a level: in Kingulu games of random moves that reach the
    /// table, the level's own move (searched, without the table) judged by the table. Prints
    /// JSON: the positions, how many of the level's moves change the result (win, draw, loss)
    /// the table proves, how many lose seeds, and the seeds lost in all.
    Audit {
        /// The table file.
        #[arg(long, default_value = DEFAULT_TABLE)]
        table: PathBuf,
        /// The level whose moves are judged: beginner, easy, medium, hard or expert.
        #[arg(long, default_value = "expert", value_parser = parse_level)]
        level: Level,
        /// Positions to judge.
        #[arg(long, default_value_t = 500)]
        samples: u64,
        /// Random seed; the same seed judges the same positions.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Print a position's final score with perfect play and the moves that keep it, as JSON.
    Probe {
        /// The table file.
        #[arg(long, default_value = DEFAULT_TABLE)]
        table: PathBuf,
        /// Position file in the JSON format; '-' reads standard input.
        #[arg(long)]
        position: PathBuf,
    },
}

/// Runs a `tables` subcommand.
pub fn run(command: &TablesCommand) -> Result<(), CliError> {
    match command {
        TablesCommand::Build {
            max_seeds,
            out,
            threads,
        } => build(*max_seeds, out, *threads),
        TablesCommand::Verify {
            table,
            samples,
            seed,
            exhaustive_seeds,
        } => verify(table, *samples, *seed, *exhaustive_seeds),
        TablesCommand::Probe { table, position } => probe(table, position),
        TablesCommand::Audit {
            table,
            level,
            samples,
            seed,
        } => audit(table, *level, *samples, *seed),
    }
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse().map_err(|e: bao_ai::UnknownLevel| e.to_string())
}

fn open(path: &Path) -> Result<EndgameTable, CliError> {
    EndgameTable::open(path).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))
}

fn build(max_seeds: u32, out: &Path, threads: Option<usize>) -> Result<(), CliError> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = Instant::now();
    let mut layer_started = Instant::now();
    let mut last_draw = Instant::now();
    let mut stderr = std::io::stderr().lock();
    let mut failed_write = None;
    let mut on_event = |event: &BuildEvent| {
        let result = match event {
            BuildEvent::Progress {
                seeds,
                table_done,
                table,
                ..
            } => {
                if last_draw.elapsed().as_millis() < 200 && table_done < table {
                    return;
                }
                last_draw = Instant::now();
                let secs = started.elapsed().as_secs_f64();
                let rate = *table_done as f64 / secs.max(1e-9);
                let eta = (*table - *table_done) as f64 / rate.max(1e-9);
                write!(
                    stderr,
                    "\r{:5.1}%  {:>12} positions/s  ETA {:>6.0} s  (layer {seeds})   ",
                    100.0 * *table_done as f64 / (*table).max(1) as f64,
                    rate as u64,
                    eta
                )
            }
            BuildEvent::LayerDone(s) => {
                let secs = layer_started.elapsed().as_secs_f64();
                layer_started = Instant::now();
                writeln!(
                    stderr,
                    "\rlayer {:2}: {:>11} positions, {:>10} decided by repetition, {:>10} can \
                     repeat, max rank {:>4}, {:>6.1} s",
                    s.seeds, s.positions, s.by_repetition, s.cyclic, s.max_rank, secs
                )
            }
        };
        if let Err(e) = result {
            failed_write.get_or_insert(e);
        }
    };
    let table = EndgameTable::build_with_threads(max_seeds, threads, &mut on_event)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if let Some(e) = failed_write {
        return Err(CliError::Write(e));
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    table
        .write(out)
        .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", out.display())))?;
    eprintln!(
        "{}: {} positions, {} bytes, built in {:.1} s",
        out.display(),
        table.positions(),
        table.as_bytes().len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn verify(path: &Path, samples: u64, seed: u64, exhaustive_seeds: u32) -> Result<(), CliError> {
    let table = open(path)?;
    let report = verify_sample(&table, samples, seed, exhaustive_seeds);
    let out = json!({
        "checked": report.checked,
        "mismatches": report.mismatches,
        "exhaustive": report.exhaustive,
        "played": report.played,
    });
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{out}")?;
    stdout.flush()?;
    for failure in &report.failures {
        eprintln!("mismatch: {failure}");
    }
    if report.mismatches > 0 {
        return Err(CliError::Usage(format!(
            "{} of {} positions do not match the rules",
            report.mismatches, report.checked
        )));
    }
    Ok(())
}

fn probe(path: &Path, position_file: &Path) -> Result<(), CliError> {
    let table = open(path)?;
    let position = read_position(position_file)?;
    let (Some(value), Some(best)) = (table.probe(&position), table.best_moves(&position)) else {
        return Err(CliError::Usage(
            match EndgameTable::active_seeds(&position) {
                Some(k) => format!(
                    "position not in the table ({k} seeds on the board, the table holds at most {})",
                    table.max_seeds()
                ),
                None => "position not in the table (only Kingulu has endgame tables)".to_owned(),
            },
        ));
    };
    let best: Vec<String> = best.iter().map(ToString::to_string).collect();
    let out = json!({
        "south": value.south,
        "north": value.north,
        "best": best,
        "exact": value.exact,
    });
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{out}")?;
    stdout.flush()?;
    Ok(())
}

/// A Kingulu game of random moves, played until it reaches `table` with the game still going.
fn random_endgame(table: &EndgameTable, rng: &mut Xoshiro256PlusPlus) -> Game {
    loop {
        let mut game = Game::new(Variant::Kingulu);
        while !game.outcome().is_over() {
            if table.probe(game.position()).is_some() {
                return game;
            }
            let legal = game.legal_moves();
            if game.play(legal[rng.random_range(0..legal.len())]).is_err() {
                break;
            }
        }
    }
}

/// KN-8: win, draw or loss for the mover, from the mover's final score (of 48).
fn result_of(score: u32) -> std::cmp::Ordering {
    score.cmp(&24)
}

/// The mover's final score with perfect play after `game`'s last move.
fn mover_score(table: &EndgameTable, game: &Game, mover: Player) -> Option<u32> {
    if game.outcome().is_over() {
        return Some(game.position().kingulu_score(mover));
    }
    let value = table.probe(game.position())?;
    Some(match mover {
        Player::South => value.south,
        Player::North => value.north,
    })
}

fn audit(path: &Path, level: Level, samples: u64, seed: u64) -> Result<(), CliError> {
    let table = open(path)?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut judged, mut result_changed, mut losing, mut seeds_lost) = (0u64, 0u64, 0u64, 0u64);
    let mut nodes = 0u64;
    for i in 0..samples {
        let game = random_endgame(&table, &mut rng);
        let mover = game.position().to_move();
        let Some(best) = mover_score(&table, &game, mover) else {
            continue;
        };
        let mut searcher = Searcher::new(&game, level, seed ^ i).without_perfect_play();
        searcher.think_to_end();
        nodes += searcher.nodes();
        let mut after = game.clone();
        let Some(mv) = searcher.best_move() else {
            continue;
        };
        if after.play(mv).is_err() {
            return Err(CliError::Usage(format!(
                "{level} played an illegal move: {mv}"
            )));
        }
        let Some(got) = mover_score(&table, &after, mover) else {
            continue;
        };
        judged += 1;
        result_changed += u64::from(result_of(got) != result_of(best));
        losing += u64::from(got < best);
        seeds_lost += u64::from(best.saturating_sub(got));
    }
    let out = json!({
        "level": level.id(),
        "positions": judged,
        "result_changed": result_changed,
        "moves_losing_seeds": losing,
        "seeds_lost": seeds_lost,
        "nodes_per_move": nodes / judged.max(1),
    });
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{out}")?;
    stdout.flush()?;
    Ok(())
}
