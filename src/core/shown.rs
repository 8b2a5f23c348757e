//! What the board shows, which lags behind the game while a move is being sown: the engine plays
//! a move at once, the seeds take seconds to get there. Whoever tells a person about the game
//! (the overlay's cards, turn and move list, the kiosk's captions) reads it through [`Shown`], so
//! that no number gives the move's result away before the seeds land.

use super::Session;
use bao_engine::{Move, Outcome, Position};
use bevy::prelude::*;

/// The board as shown (written by the animation).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// A move is being shown: the board as its landed seeds make it. `None`: the board shows
    /// the session's position.
    pub mid_move: Option<MidMove>,
}

/// The board part-way through a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MidMove {
    /// The board after the steps whose seeds have landed (the side to move is still the
    /// mover's: the turn passes when the move is over).
    pub board: Position,
    /// How many of the game's moves the board has finished showing (the move being shown is
    /// not among them).
    pub plies: usize,
    /// How many steps of the move's trace the board has begun to show (the captions of
    /// "Explain moves" follow them).
    pub steps: usize,
}

impl Shown {
    /// The position the board shows.
    pub fn position<'a>(&'a self, session: &'a Session) -> &'a Position {
        self.mid_move
            .as_ref()
            .map_or(session.game.position(), |m| &m.board)
    }

    /// The moves the board has finished showing.
    pub fn moves<'a>(&self, session: &'a Session) -> &'a [Move] {
        let moves = session.game.moves();
        let plies = self.mid_move.map_or(moves.len(), |m| m.plies);
        &moves[..plies.min(moves.len())]
    }

    /// The game's outcome once the board shows the end: still going while the last move is sown.
    pub fn outcome(&self, session: &Session) -> Outcome {
        match self.mid_move {
            Some(_) => Outcome::Ongoing,
            None => session.game.outcome(),
        }
    }
}
