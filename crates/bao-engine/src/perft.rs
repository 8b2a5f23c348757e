//! Perft: counting move sequences, the standard check of a move generator against another
//! implementation.

use crate::game::Game;

/// The number of distinct move sequences of length `depth` from the game's current position,
/// choices included; a finished game (repetition included) is a leaf.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_over() {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        if game.play(mv).is_ok() {
            total += perft(game, depth - 1);
            game.undo();
        }
    }
    total
}
