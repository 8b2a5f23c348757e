//! The player's commands on the game: undo, redo, and leaving for the title screen. They wait
//! for the board: an undo or a redo while seeds move is dropped (the animation answers an undo
//! itself by dropping the moves still to come).

use super::{Busy, GameCommand, PositionJumped, Screen, Seat, Session, StashedGame};
use bao_engine::Player;
use bevy::prelude::*;

pub(super) fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    mut stash: ResMut<StashedGame>,
    busy: Res<Busy>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut jumped: MessageWriter<PositionJumped>,
) {
    for command in commands_in.read() {
        // A game against a player on another computer is the server's: it is not taken back.
        let takes_back = !session.has_remote_seat();
        match command {
            GameCommand::Undo if takes_back && !busy.moving && undo(&mut session) => {
                jumped.write(PositionJumped);
            }
            GameCommand::Undo if session.scripted() => {
                // An undo stops a "show me" example's moves still to come, as it drops the
                // animation's.
                session.script.clear();
                jumped.write(PositionJumped);
            }
            GameCommand::Redo if takes_back && !busy.moving && redo(&mut session) => {
                jumped.write(PositionJumped);
            }
            GameCommand::NewGame => {
                stash.0 = None;
                next_screen.set(Screen::Title);
            }
            _ => {}
        }
    }
}

/// Takes back the last move; against the computer, back to a person's turn.
pub(crate) fn undo(session: &mut Session) -> bool {
    let mut undone = false;
    while let Some(mv) = session.game.undo() {
        session.redo.push(mv);
        undone = true;
        let to_move = session.game.position().to_move();
        if session.seat(to_move) == Seat::Human || session.game.moves().is_empty() {
            break;
        }
    }
    if undone {
        session.hint = None;
        session.feedback = None;
    }
    undone
}

/// Plays again the moves taken back, up to the next person's turn.
pub(crate) fn redo(session: &mut Session) -> bool {
    let mut redone = false;
    while let Some(mv) = session.redo.pop() {
        if session.game.play(mv).is_err() {
            session.redo.clear();
            break;
        }
        redone = true;
        let to_move: Player = session.game.position().to_move();
        if session.seat(to_move) == Seat::Human {
            break;
        }
    }
    if redone {
        session.hint = None;
        session.feedback = None;
    }
    redone
}
