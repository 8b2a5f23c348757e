//! The one writer of the game: every seat's move comes in as a [`SeatMove`] and every other
//! change as a [`SessionChange`]; here alone they are checked against the engine, the seat to
//! move and a lesson's gate, applied, and announced ([`MovePlayed`]) or refused with a reason
//! ([`MoveRefused`]). A script's moves (a "show me" example's) are sent from here too, one
//! each time the board has shown the one before.

use super::{
    ChangeSession, Feedback, MovePlayed, MoveRefused, MoveSource, PositionJumped, Refusal, Seat,
    SeatMove, Session, SessionChange, Shown,
};
use bevy::prelude::*;

/// Applies the changes asked this frame, in the order they were sent.
pub(super) fn apply_changes(
    mut changes: MessageReader<ChangeSession>,
    mut session: ResMut<Session>,
    mut jumped: MessageWriter<PositionJumped>,
) {
    for asked in changes.read() {
        if asked.session != session.stamp {
            debug!("{:?} was asked of a session replaced since", asked.change);
            continue;
        }
        if apply_change(&mut session, asked.change.clone()) {
            jumped.write(PositionJumped);
        }
    }
}

/// One change; true when the position changed without a move being shown.
fn apply_change(session: &mut Session, change: SessionChange) -> bool {
    match change {
        SessionChange::Feedback(feedback) => session.feedback = feedback,
        SessionChange::Hint(hint) => session.hint = hint,
        SessionChange::Gate(gate) => session.gate = gate,
        SessionChange::StepBack => return session.game.undo().is_some(),
        SessionChange::TakeOver(seats) => take_over(session, seats),
    }
    false
}

/// Turns the position on the board into a normal game with these seats.
fn take_over(session: &mut Session, seats: [Seat; 2]) {
    session.seats = seats;
    session.activity = super::Activity::Play;
    session.redo.clear();
    session.hint = None;
    session.feedback = None;
}

/// The moves the seats sent: each played and announced, or refused with its reason.
pub(super) fn apply_moves(
    mut sent: MessageReader<SeatMove>,
    mut session: ResMut<Session>,
    mut played: MessageWriter<MovePlayed>,
    mut refused: MessageWriter<MoveRefused>,
) {
    for &seat_move in sent.read() {
        match play(&mut session, seat_move) {
            Ok(news) => {
                played.write(news);
            }
            Err(reason) => {
                debug!("move {} refused: {reason:?}", seat_move.mv);
                if seat_move.source == MoveSource::Board {
                    let waits_for_remote = !session.seat(seat_move.by).is_local()
                        || !session.seat(session.game.position().to_move()).is_local();
                    session.feedback = feedback_for(seat_move, reason, waits_for_remote);
                }
                refused.write(MoveRefused {
                    sent: seat_move,
                    reason,
                });
            }
        }
    }
}

/// Checks `sent` and plays it on the session's game: a new move forgets the moves kept for
/// redo and the hint of the position before it.
fn play(session: &mut Session, sent: SeatMove) -> Result<MovePlayed, Refusal> {
    check(session, sent)?;
    let before = *session.game.position();
    let trace = session
        .game
        .play_traced(sent.mv)
        .map_err(|e| Refusal::Illegal(e.kind))?;
    session.redo.clear();
    session.hint = None;
    Ok(MovePlayed {
        by: sent.by,
        ply: sent.ply,
        mv: sent.mv,
        source: sent.source,
        before,
        trace,
    })
}

/// Whether `sent` may be played now: the game goes on, it is for the next ply and the side to
/// move, its source plays that seat, and a lesson's gate takes it.
fn check(session: &Session, sent: SeatMove) -> Result<(), Refusal> {
    let game = &session.game;
    if sent.session != session.stamp {
        return Err(Refusal::WrongPly);
    }
    if game.outcome().is_over() {
        return Err(Refusal::GameOver);
    }
    if sent.ply != game.moves().len() {
        return Err(Refusal::WrongPly);
    }
    if sent.by != game.position().to_move() {
        return Err(Refusal::NotToMove);
    }
    if !source_plays(sent.source, session.seat(sent.by)) {
        return Err(Refusal::NotThisSeat);
    }
    let gated_out = session.gate.as_ref().is_some_and(|g| !g.contains(&sent.mv));
    if gated_out && game.legal_moves().contains(&sent.mv) {
        return Err(Refusal::NotThisLesson);
    }
    Ok(())
}

/// Whether moves from `source` are taken for `seat`: a person's clicks for a person's seat,
/// the computer's for its own, the network's for a remote one; a script (a guided session, a
/// replay, an example, the attract loop) plays whichever seat it was given.
fn source_plays(source: MoveSource, seat: Seat) -> bool {
    match source {
        MoveSource::Board => seat.is_person_here(),
        MoveSource::Computer => matches!(seat, Seat::Computer(_)),
        MoveSource::Remote => !seat.is_local(),
        MoveSource::Script => true,
    }
}

/// The gentle line the person at the board reads after a refused click; `remote`: the side to
/// move is a player on another computer.
fn feedback_for(sent: SeatMove, reason: Refusal, remote: bool) -> Option<Feedback> {
    Some(match reason {
        Refusal::GameOver => Feedback::GameOver,
        Refusal::WrongPly | Refusal::NotToMove | Refusal::NotThisSeat if remote => {
            Feedback::WaitForOpponent
        }
        Refusal::WrongPly | Refusal::NotToMove | Refusal::NotThisSeat => Feedback::WaitForComputer,
        Refusal::NotThisLesson => Feedback::NotThisLesson,
        Refusal::Illegal(kind) => Feedback::Refused(sent.mv, kind),
    })
}

/// Sends a script's next move once the board shows no move (its last one landed): the game
/// then goes on one move at a time, as the animation shows it.
pub(super) fn play_script(
    mut session: ResMut<Session>,
    shown: Res<Shown>,
    mut played: MessageWriter<MovePlayed>,
) {
    if shown.mid_move.is_some() {
        return;
    }
    let Some(mv) = session.script.pop_front() else {
        return;
    };
    let sent = SeatMove::next(&session, mv, MoveSource::Script);
    match play(&mut session, sent) {
        Ok(news) => {
            played.write(news);
        }
        Err(reason) => {
            error!("a script's move {mv} does not fit the game ({reason:?}); it stops");
            session.script.clear();
        }
    }
}
