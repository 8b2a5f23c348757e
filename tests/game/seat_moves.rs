//! One way in for a move: every seat sends a `SeatMove`; the core plays it and announces it
//! (`MovePlayed`, with the engine's trace), or refuses it with a reason (`MoveRefused`) and
//! changes nothing; a change asked of a session that another has replaced is dropped.

use crate::harness::{app, finish_animation, position, session};
use bao::core::{
    ChangeSession, Level, MovePlayed, MoveRefused, MoveSource, Refusal, Seat, SeatMove, Session,
    SessionChange, StartGame,
};
use bao_engine::{Move, PlayErrorKind, Variant};
use bevy::prelude::*;

/// Sends `sent`, runs a frame, and gives what the core answered: the moves it played and the
/// moves it refused.
fn send(app: &mut App, sent: SeatMove) -> (Vec<MovePlayed>, Vec<MoveRefused>) {
    app.world_mut().write_message(sent);
    app.update();
    let played = app
        .world_mut()
        .resource_mut::<Messages<MovePlayed>>()
        .drain()
        .collect();
    let refused = app
        .world_mut()
        .resource_mut::<Messages<MoveRefused>>()
        .drain()
        .collect();
    (played, refused)
}

/// The first legal move of the position on the board.
fn a_legal_move(app: &App) -> Move {
    session(app).game().legal_moves()[0]
}

/// A well-formed move that the position on the board does not allow.
fn not_legal_now(app: &App) -> Move {
    let legal = session(app).game().legal_moves();
    [
        "a1+", "a1-", "a2+", "a2-", "a3+", "a3-", "a4+", "a4-", "a5+", "a5-", "a6+", "a6-",
    ]
    .into_iter()
    .filter_map(|text| text.parse::<Move>().ok())
    .find(|m| !legal.contains(m))
    .expect("a pit that cannot start a move in some direction")
}

/// Sends `sent`, expects it refused for `reason`, and the game untouched.
fn refused_for(app: &mut App, sent: SeatMove, reason: Refusal) {
    let before = (position(app), session(app).game().moves().len());
    let (played, refused) = send(app, sent);
    assert!(played.is_empty(), "{sent:?} was played");
    assert_eq!(refused, vec![MoveRefused { sent, reason }]);
    assert_eq!(
        (position(app), session(app).game().moves().len()),
        before,
        "a refused move changes nothing"
    );
}

#[test]
fn a_move_not_for_this_seat_ply_or_side_is_refused_with_its_reason_and_changes_nothing() {
    let mut app = app(
        Variant::Kingulu,
        [Seat::Human, Seat::Computer(Level::Easy)],
        4.0,
    );
    let mv = a_legal_move(&app);
    let from_board = SeatMove::next(session(&app), mv, MoveSource::Board);
    // The computer does not play the person's seat.
    let from_computer = SeatMove {
        source: MoveSource::Computer,
        ..from_board
    };
    refused_for(&mut app, from_computer, Refusal::NotThisSeat);
    // Nor does the network play a seat of this screen.
    let from_network = SeatMove {
        source: MoveSource::Remote,
        ..from_board
    };
    refused_for(&mut app, from_network, Refusal::NotThisSeat);
    let for_north = SeatMove {
        by: from_board.by.opponent(),
        ..from_board
    };
    refused_for(&mut app, for_north, Refusal::NotToMove);
    let too_late = SeatMove {
        ply: 3,
        ..from_board
    };
    refused_for(&mut app, too_late, Refusal::WrongPly);
    // A move the engine refuses here.
    let illegal = not_legal_now(&app);
    let sent = SeatMove {
        mv: illegal,
        ..from_board
    };
    refused_for(&mut app, sent, Refusal::Illegal(PlayErrorKind::Illegal));
    // The person's own move from the board is played.
    let (played, refused) = send(&mut app, from_board);
    assert!(refused.is_empty());
    assert_eq!(played.len(), 1);
    assert_eq!(session(&app).game().moves(), &[mv]);
}

#[test]
fn a_played_move_is_announced_with_the_engines_trace_and_shown_to_its_end() {
    let mut app = app(Variant::Kigogo, [Seat::Human, Seat::Human], 4.0);
    let before = position(&app);
    let mv = a_legal_move(&app);
    let sent = SeatMove::next(session(&app), mv, MoveSource::Board);
    let (played, _) = send(&mut app, sent);
    let (_, trace) = before.play_traced(mv).expect("legal");
    assert_eq!(played.len(), 1);
    let news = &played[0];
    assert_eq!((news.ply, news.mv, news.before), (0, mv, before));
    assert_eq!(news.trace, trace);
    finish_animation(&mut app);
    assert_eq!(session(&app).game().moves(), &[mv]);
}

#[test]
fn a_remote_seat_takes_only_the_networks_moves() {
    let mut app = app(Variant::Kimasai, [Seat::Remote, Seat::Human], 4.0);
    let mv = a_legal_move(&app);
    let from_board = SeatMove::next(session(&app), mv, MoveSource::Board);
    refused_for(&mut app, from_board, Refusal::NotThisSeat);
    let from_network = SeatMove {
        source: MoveSource::Remote,
        ..from_board
    };
    let (played, refused) = send(&mut app, from_network);
    assert!(refused.is_empty());
    assert_eq!(played.len(), 1);
}

#[test]
fn a_move_or_a_change_meant_for_a_replaced_session_is_dropped() {
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    let old = session(&app).clone();
    let mv = a_legal_move(&app);
    // Both sent for the game on the board, which another replaces in the same frame.
    let change = ChangeSession {
        session: old.stamp(),
        change: SessionChange::Hint(Some(mv)),
    };
    app.world_mut().write_message(change);
    app.world_mut().write_message(StartGame {
        variant: Variant::Kingulu,
        seats: [Seat::Human, Seat::Human],
    });
    let stale = SeatMove::next(&old, mv, MoveSource::Board);
    let (played, refused) = send(&mut app, stale);
    assert!(played.is_empty());
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].reason, Refusal::WrongPly);
    let now: &Session = session(&app);
    assert_ne!(now.stamp(), old.stamp(), "another session is on the board");
    assert_eq!(
        now.hint(),
        None,
        "the old session's hint is not the new one's"
    );
    assert!(now.game().moves().is_empty());
}

#[test]
fn a_game_against_a_remote_seat_is_not_taken_back_and_a_click_on_its_turn_says_to_wait() {
    use bao::core::{Feedback, GameCommand};
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Remote], 4.0);
    let mv = a_legal_move(&app);
    let sent = SeatMove::next(session(&app), mv, MoveSource::Board);
    send(&mut app, sent);
    finish_animation(&mut app);
    crate::harness::command(&mut app, GameCommand::Undo);
    assert_eq!(
        session(&app).game().moves(),
        &[mv],
        "the server's game stays"
    );
    // North, the remote player, is to move: a click of this screen is refused.
    let theirs = a_legal_move(&app);
    let click = SeatMove::next(session(&app), theirs, MoveSource::Board);
    refused_for(&mut app, click, Refusal::NotThisSeat);
    assert_eq!(session(&app).feedback(), Some(Feedback::WaitForOpponent));
}
