//! "Is anything moving?": one answer for everyone who must wait for the board or the computer.

use bevy::prelude::*;

/// What the game is busy with. The animation writes [`Busy::moving`], the computer
/// [`Busy::thinking`]; everyone else only reads it (a click during a move finishes the move, the
/// computer waits for the board, the kiosk does not count a moving board as idle).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Busy {
    /// A move is being shown on the board, or waits to be.
    pub moving: bool,
    /// The computer is thinking about its move.
    pub thinking: bool,
}

impl Busy {
    /// Whether anything at all is going on: seeds moving or the computer thinking.
    pub fn any(&self) -> bool {
        self.moving || self.thinking
    }
}
