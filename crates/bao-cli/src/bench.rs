//! `bench`: engine speed (random playouts and plies per second, one core) per variant.

use crate::io::CliError;
use bao_engine::{Playout, Position, Variant};
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
    Ok(())
}
