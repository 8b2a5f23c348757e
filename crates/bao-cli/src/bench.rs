//! `bench`: engine speed (random playouts and plies per second, one core) and AI search speed
//! (nodes per second, and the time and depth of an Expert move) per variant.

use crate::io::CliError;
use bao_ai::{Level, Searcher};
use bao_engine::{Game, Playout, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// Plies after which a benchmark playout is cut off, so one endless-looking game cannot eat the
/// whole measurement. Reported when it happens.
const MAX_PLIES: u32 = 100_000;

/// Speed of random playouts for one variant.
pub struct PlayoutSpeed {
    pub games: u64,
    pub plies: u64,
    pub cut_off: u64,
    pub elapsed: Duration,
}

impl PlayoutSpeed {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }
    pub fn plies_per_second(&self) -> f64 {
        self.plies as f64 / self.elapsed.as_secs_f64()
    }
}

/// Plays random games of `variant` for about `seconds`.
pub fn measure_playouts(variant: Variant, seconds: f64) -> PlayoutSpeed {
    let start = Position::new(variant);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut playout = Playout::new();
    let budget = Duration::from_secs_f64(seconds.max(0.01));
    let began = Instant::now();
    let mut speed = PlayoutSpeed {
        games: 0,
        plies: 0,
        cut_off: 0,
        elapsed: Duration::ZERO,
    };
    while began.elapsed() < budget {
        let result = playout.run(&start, |k| rng.random_range(0..k), MAX_PLIES);
        speed.games += 1;
        speed.plies += u64::from(result.plies);
        if !result.outcome.is_over() {
            speed.cut_off += 1;
        }
    }
    speed.elapsed = began.elapsed();
    speed
}

/// One Expert move: how long it took, how many nodes, how deep.
pub struct ExpertMove {
    pub elapsed: Duration,
    pub nodes: u64,
    pub depth: u32,
}

impl ExpertMove {
    fn measure(game: &Game) -> ExpertMove {
        let began = Instant::now();
        // The search itself is measured: a move from a proof or the endgame table costs nothing
        // and would hide it.
        let mut searcher = Searcher::new(game, Level::Expert, 1).without_perfect_play();
        searcher.think_to_end();
        ExpertMove {
            elapsed: began.elapsed(),
            nodes: searcher.nodes(),
            depth: searcher.depth(),
        }
    }
}

/// Speed of the Expert search for one variant.
pub struct SearchSpeed {
    /// The Expert move from the start position.
    pub start: ExpertMove,
    /// Expert moves from positions a few random plies into the game.
    pub middle: Vec<ExpertMove>,
}

impl SearchSpeed {
    pub fn nodes_per_second(&self) -> f64 {
        let nodes: u64 = self.middle.iter().map(|m| m.nodes).sum::<u64>() + self.start.nodes;
        let secs: f64 = self
            .middle
            .iter()
            .map(|m| m.elapsed.as_secs_f64())
            .sum::<f64>()
            + self.start.elapsed.as_secs_f64();
        nodes as f64 / secs.max(1e-9)
    }

    fn middle_average(&self, f: impl Fn(&ExpertMove) -> f64) -> f64 {
        self.middle.iter().map(f).sum::<f64>() / self.middle.len().max(1) as f64
    }
}

/// Expert moves of `variant`: from the start, then from positions 2 to 11 random plies into the
/// game (seeded, so every run measures the same positions) until about `seconds` have passed.
pub fn measure_search(variant: Variant, seconds: f64) -> SearchSpeed {
    let start = ExpertMove::measure(&Game::new(variant));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let budget = Duration::from_secs_f64(seconds.max(0.01));
    let began = Instant::now();
    let mut middle = Vec::new();
    // Kujifunza games are short: most random games are over after a dozen plies.
    while began.elapsed() < budget {
        let mut game = Game::new(variant);
        let plies = rng.random_range(2..12);
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            // A listed move is always legal; a refusal would only end this sample early.
            if game.play(legal[rng.random_range(0..legal.len())]).is_err() {
                break;
            }
        }
        if game.legal_moves().len() < 2 {
            continue;
        }
        middle.push(ExpertMove::measure(&game));
    }
    SearchSpeed { start, middle }
}

/// Prints the table of playout speeds for every variant.
pub fn run(seconds: f64) -> Result<(), CliError> {
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(CliError::Usage(format!(
            "--seconds must be a positive number, not {seconds}"
        )));
    }
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; run `cargo run --release -p bao-cli -- bench`");
    }
    println!(
        "{:<10} {:>12} {:>14} {:>14} {:>10}",
        "variant", "playouts/s", "plies/s", "plies/game", "cut off"
    );
    for variant in Variant::ALL {
        let s = measure_playouts(variant, seconds);
        println!(
            "{:<10} {:>12.0} {:>14.0} {:>14.1} {:>10}",
            variant.id(),
            s.games_per_second(),
            s.plies_per_second(),
            s.plies as f64 / s.games.max(1) as f64,
            s.cut_off
        );
    }
    println!();
    println!("Expert search (budget = about one second; a node is one position visited)");
    println!(
        "{:<10} {:>12} {:>8} {:>10} {:>6} {:>10} {:>10} {:>6}",
        "variant", "nodes/s", "budget", "start ms", "depth", "positions", "avg ms", "depth"
    );
    for variant in Variant::ALL {
        let s = measure_search(variant, seconds);
        println!(
            "{:<10} {:>12.0} {:>8} {:>10.0} {:>6} {:>10} {:>10.0} {:>6.1}",
            variant.id(),
            s.nodes_per_second(),
            Level::Expert.node_budget(variant),
            s.start.elapsed.as_secs_f64() * 1000.0,
            s.start.depth,
            s.middle.len(),
            s.middle_average(|m| m.elapsed.as_secs_f64() * 1000.0),
            s.middle_average(|m| f64::from(m.depth)),
        );
    }
    Ok(())
}
