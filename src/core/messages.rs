//! The game core's messages: what the layers above ask of it, and the news it sends up.

use super::Seat;
use bao_engine::{Move, Pit, Position, Variant};
use bevy::prelude::*;

/// Start a new game and show the board (from the title screen).
#[derive(Message, Clone, Copy, Debug)]
pub struct StartGame {
    /// The variant to play.
    pub variant: Variant,
    /// Who plays South and North.
    pub seats: [Seat; 2],
}

/// A pit on the board was clicked (sent by the picking observer, handled by the input).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitClicked(pub Pit);

/// What a player asks of the game (from the overlay or the keyboard). The animation's skip and
/// the camera's reset are their own layers' messages (`anim::SkipMove`, `camera::ResetCamera`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back the last move (against the computer: back to the person's turn).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the computer for a suggestion ([`super::Session::hint`]).
    Hint,
    /// Leave the game for the title screen.
    NewGame,
    /// Leave a "show me" example and go back to the game it interrupted
    /// ([`super::StashedGame`]).
    ResumeGame,
}

/// The rules panel's "show me": load `position` on the board and animate `moves` from it.
#[derive(Message, Clone, Debug)]
pub struct ShowExample {
    /// The position to show.
    pub position: Position,
    /// The moves to play and animate, in order.
    pub moves: Vec<Move>,
}

/// News: another session is on the board ([`super::LoadSession`]). Each layer above answers by
/// starting over: the animation drops its moves, the input its selection, the seeds jump into
/// place, the sounds stop.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SessionReplaced {
    /// Moves to animate from the new position, in order (a "show me" example's).
    pub play: Vec<Move>,
}

/// News: the position changed without a move being shown (an undo, a redo, a step back in the
/// replay viewer). The seeds glide to it; a half-made selection is forgotten.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionJumped;
