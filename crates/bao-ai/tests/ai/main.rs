//! Integration tests of the AI: legality, determinism, tactics per variant, repetition,
//! analysis, game review, puzzles, and no allocation in the search's hot path.

mod alloc;
mod analysis;
mod determinism;
mod exact;
mod legality;
mod live_proof;
mod proof;
mod puzzles;
mod repetition;
mod review;
mod tables;
mod tactics;

use bao_engine::{Game, Position, Variant};

/// A position from the text format of docs/rules.md, 'Position text format'.
pub fn position(json: &str) -> Position {
    Position::from_json(json).unwrap_or_else(|e| panic!("bad fixture: {e}\n{json}"))
}

/// Games `plies` uniformly random plies into each variant (seeded), not over.
pub fn sample_games(variant: Variant, count: usize) -> Vec<Game> {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(variant as u64 + 17);
    let mut games = vec![Game::new(variant)];
    while games.len() < count {
        let mut game = Game::new(variant);
        let plies = rng.random_range(1..30);
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[rng.random_range(0..legal.len())])
                .expect("listed moves are legal");
        }
        if !game.outcome().is_over() {
            games.push(game);
        }
    }
    games
}
