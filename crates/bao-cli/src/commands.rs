//! The rules commands: `new`, `legal`, `play`, `random-games`, `perft`.

use crate::io::{CliError, outcome_json, position_json, read_position, read_text};
use bao_engine::{Game, GameRecord, Move, Position, Variant};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::json;
use std::io::{BufWriter, Write};
use std::path::Path;

/// `new`: the initial position.
pub fn new(variant: Variant) -> Result<(), CliError> {
    println!("{}", Position::new(variant).to_json());
    Ok(())
}

/// `legal`: the legal moves of a position, one per line.
pub fn legal(path: &Path) -> Result<(), CliError> {
    let position = read_position(path)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for mv in position.legal_moves() {
        writeln!(out, "{mv}")?;
    }
    out.flush()?;
    Ok(())
}

/// `play`: the moves in order from the position, then the result and outcome.
pub fn play(path: &Path, moves: &[String]) -> Result<(), CliError> {
    let position = read_position(path)?;
    let mut game = Game::from_position(position);
    for text in moves {
        let refuse = |game: &Game, reason: String| CliError::Move {
            text: text.clone(),
            reason,
            legal: game.legal_moves().iter().map(Move::to_string).collect(),
        };
        let mv: Move = text
            .parse()
            .map_err(|e: bao_engine::ParseMoveError| refuse(&game, e.to_string()))?;
        if let Err(e) = game.play(mv) {
            return Err(refuse(&game, e.to_string()));
        }
    }
    let out = json!({
        "position": position_json(game.position()),
        "outcome": outcome_json(&game.outcome()),
    });
    println!("{out}");
    Ok(())
}

/// `random-games`: uniformly random legal moves, one JSON line per ply.
pub fn random_games(variant: Variant, games: u32, seed: u64) -> Result<(), CliError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for game_index in 0..games {
        let mut game = Game::new(variant);
        let mut ply = 0u32;
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            let before = *game.position();
            game.play(mv)
                .map_err(|e| CliError::Usage(format!("engine refused its own move: {e}")))?;
            let line = json!({
                "variant": variant.id(),
                "game": game_index,
                "ply": ply,
                "before": position_json(&before),
                "legal": legal.iter().map(Move::to_string).collect::<Vec<_>>(),
                "move": mv.to_string(),
                "after": position_json(game.position()),
                "outcome": outcome_json(&game.outcome()),
            });
            writeln!(out, "{line}")?;
            ply += 1;
        }
    }
    out.flush()?;
    Ok(())
}

/// `perft`: move sequences of length `depth` from the start.
pub fn perft(variant: Variant, depth: u32) -> Result<(), CliError> {
    let mut game = Game::new(variant);
    println!("{}", bao_engine::perft(&mut game, depth));
    Ok(())
}

/// `verify`: replays a game record; prints the final position, the outcome and the move count.
pub fn verify(path: &Path) -> Result<(), CliError> {
    let text = read_text(path)?;
    let record = GameRecord::from_json(&text).map_err(|e| CliError::Record(path.to_owned(), e))?;
    let game = record
        .replay()
        .map_err(|e| CliError::Record(path.to_owned(), e))?;
    let out = json!({
        "moves": game.moves().len(),
        "position": position_json(game.position()),
        "outcome": outcome_json(&game.outcome()),
    });
    println!("{out}");
    Ok(())
}
