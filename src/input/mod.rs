//! Playing by clicking: a click on a pit starts a move, asks for the direction and the kichwa
//! where Kujifunza needs them, or explains gently why the pit cannot start a move.

mod pointer;

pub use pointer::Hovered;

use crate::CoreSet;
use crate::anim::{Animation, PlayChoosing, StepShown};
use crate::seeds::Resync;
use crate::session::{
    Feedback, GameCommand, PitClicked, Screen, Seat, Session, ShowExample, StashedGame,
};
use bao_engine::{Direction, Game, Kichwa, Move, Pit, Player, ReEntry, Step};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Shake>()
        .add_systems(
            Update,
            (
                handle_commands,
                handle_examples,
                ask_for_kichwa,
                tell_reentry,
                handle_clicks,
            )
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Input),
        )
        .add_systems(OnExit(Screen::Playing), clear_selection);
}

/// Picking observers and keyboard shortcuts (needs a window).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(pointer::plugin);
}

/// A move being put together by clicks.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub enum Selection {
    /// Nothing chosen yet.
    #[default]
    None,
    /// Kujifunza: the start pit is chosen; click the first pit to sow into (KU-2).
    Direction {
        /// The start pit.
        from: Pit,
        /// The pit each direction sows into first.
        targets: Vec<(Pit, Direction)>,
        /// The legal moves from the start pit.
        candidates: Vec<Move>,
    },
    /// Kujifunza: a capture from a middle pit lets the mover choose the kichwa (KU-8); the
    /// move's animation waits at that capture, the seeds in the hand.
    Kichwa {
        /// The start pit.
        from: Pit,
        /// The mover's left (`a1`) and right (`an`) kichwa.
        left: Pit,
        /// The right kichwa.
        right: Pit,
        /// Which choice of the move is asked.
        index: usize,
        /// The legal moves still possible.
        candidates: Vec<Move>,
    },
}

/// The pit that shakes after a click that is not a legal move, since when (real seconds).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct Shake {
    /// The pit, if one is shaking.
    pub pit: Option<Pit>,
    /// When the shake began, in [`Time<Real>`] seconds.
    pub since: f32,
}

#[allow(
    clippy::too_many_arguments,
    reason = "a click reads the session and the selection and may skip, play or shake"
)]
fn handle_clicks(
    mut clicks: MessageReader<PitClicked>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut shake: ResMut<Shake>,
    mut anim: ResMut<Animation>,
    time: Res<Time<Real>>,
    mut commands_out: MessageWriter<GameCommand>,
    mut play: MessageWriter<PlayChoosing>,
) {
    for &PitClicked(pit) in clicks.read() {
        debug!("pit {pit} clicked");
        if let Selection::Kichwa { left, right, .. } = *selection {
            let chosen = match pit {
                p if p == left => Some(Kichwa::Left),
                p if p == right => Some(Kichwa::Right),
                _ => None,
            };
            if chosen.is_some_and(|k| anim.choose(k)) {
                *selection = Selection::None;
                session.feedback = None;
            } else {
                session.feedback = Some(Feedback::ChooseKichwa);
                *shake = Shake {
                    pit: Some(pit),
                    since: time.elapsed_secs(),
                };
            }
            continue;
        }
        if session.animating || !anim.is_idle() {
            // A click on the board while seeds move finishes the move at once.
            commands_out.write(GameCommand::Skip);
            continue;
        }
        match click(&mut session, &mut selection, pit) {
            Ok(Some(moves)) => {
                session.redo.clear();
                session.hint = None;
                play.write(PlayChoosing(moves));
            }
            Ok(None) => {}
            Err(reason) => {
                session.feedback = Some(reason);
                *shake = Shake {
                    pit: Some(pit),
                    since: time.elapsed_secs(),
                };
            }
        }
    }
}

/// One click: the moves it starts (one move, or several that the player's kichwa choices will
/// tell apart during the animation), nothing yet (the direction is asked), or the reason the
/// pit cannot start a move.
fn click(
    session: &mut Session,
    selection: &mut Selection,
    pit: Pit,
) -> Result<Option<Vec<Move>>, Feedback> {
    let game = &session.game;
    let position = *game.position();
    if game.outcome().is_over() {
        *selection = Selection::None;
        return Err(Feedback::GameOver);
    }
    if session.seat(position.to_move()) != Seat::Human {
        return Err(Feedback::WaitForComputer);
    }
    session.feedback = None;
    match std::mem::take(selection) {
        Selection::Direction {
            from,
            targets,
            candidates,
        } => {
            if let Some(&(_, dir)) = targets.iter().find(|(p, _)| *p == pit) {
                let in_direction = candidates
                    .into_iter()
                    .filter(|m| m.direction() == Some(dir))
                    .collect();
                return Ok(Some(in_direction));
            }
            if pit == from {
                return Ok(None);
            }
        }
        // Kichwa clicks are taken by `handle_clicks` while the animation waits.
        Selection::Kichwa { .. } | Selection::None => {}
    }
    start_at(game, selection, pit)
}

/// A click on a pit with nothing chosen: the moves that start there, or (Kujifunza, both
/// directions possible) nothing yet while the direction is asked.
fn start_at(
    game: &Game,
    selection: &mut Selection,
    pit: Pit,
) -> Result<Option<Vec<Move>>, Feedback> {
    let position = game.position();
    let mover = position.to_move();
    let name = match position.name_of(pit) {
        Some((owner, name)) if owner == mover => Some(name),
        _ => None,
    };
    let candidates: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| Some(m.pit()) == name)
        .collect();
    if candidates.is_empty() {
        return Err(Feedback::CannotStart(position.why_not_start(pit)));
    }
    let mut dirs: Vec<Direction> = candidates.iter().filter_map(Move::direction).collect();
    dirs.dedup();
    if dirs.len() > 1 {
        let targets = dirs
            .into_iter()
            .filter_map(|d| position.next_pit(mover, pit, d).map(|p| (p, d)))
            .collect();
        *selection = Selection::Direction {
            from: pit,
            targets,
            candidates,
        };
        return Ok(None);
    }
    Ok(Some(candidates))
}

/// Shows the kichwa choice when the animation stops at a capture that gives one (KU-8), and
/// forgets it when the animation no longer waits (the choice was made, or the move undone).
fn ask_for_kichwa(
    mut session: ResMut<Session>,
    anim: Res<Animation>,
    mut selection: ResMut<Selection>,
) {
    match (anim.asking(), &*selection) {
        (Some((index, candidates)), Selection::None) => {
            let position = session.game.position();
            let mover = position.to_move();
            let kichwa = |k| position.kichwa(mover, k);
            let from = candidates
                .first()
                .and_then(|m| position.pit_named(mover, m.pit()));
            if let (Some(from), Some(left), Some(right)) =
                (from, kichwa(Kichwa::Left), kichwa(Kichwa::Right))
            {
                *selection = Selection::Kichwa {
                    from,
                    left,
                    right,
                    index,
                    candidates: candidates.to_vec(),
                };
                session.feedback = Some(Feedback::KichwaAsked);
            }
        }
        (None, Selection::Kichwa { .. }) => *selection = Selection::None,
        _ => {}
    }
}

/// Says why captured seeds re-enter where they do when the rules decide it (KU-8: the kimbi's
/// side, or the kichwa that keeps the move's direction), as the animation shows the re-entry; a
/// chosen kichwa (KU-8c) needs no explanation.
fn tell_reentry(mut shown: MessageReader<StepShown>, mut session: ResMut<Session>) {
    for step in shown.read() {
        if let Step::ReEnter {
            kichwa,
            direction,
            why: why @ (ReEntry::Kimbi | ReEntry::KeepsDirection),
            ..
        } = step.step
        {
            session.feedback = Some(Feedback::ReEntered {
                kichwa,
                direction,
                why,
            });
        }
    }
}

fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    mut stash: ResMut<StashedGame>,
    mut selection: ResMut<Selection>,
    mut anim: ResMut<Animation>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut resync: MessageWriter<Resync>,
) {
    for command in commands_in.read() {
        match command {
            GameCommand::Undo => {
                *selection = Selection::None;
                anim.clear_pending();
                if anim.cancel_choosing() {
                    // The move whose kichwa was being chosen was never played: show the
                    // position before it again.
                    session.animating = false;
                    resync.write(Resync { glide: true });
                    continue;
                }
                if session.animating {
                    // Let the skip (sent by whoever undoes during a move) land first.
                    continue;
                }
                if undo(&mut session) {
                    resync.write(Resync { glide: true });
                }
            }
            GameCommand::Redo => {
                *selection = Selection::None;
                if session.animating || !anim.is_idle() {
                    continue;
                }
                if redo(&mut session) {
                    resync.write(Resync { glide: true });
                }
            }
            GameCommand::NewGame => {
                *selection = Selection::None;
                stash.0 = None;
                next_screen.set(Screen::Title);
            }
            GameCommand::ResumeGame => {
                let Some(mut game) = stash.0.take() else {
                    continue;
                };
                *selection = Selection::None;
                *anim = Animation::default();
                game.animating = false;
                game.thinking = false;
                *session = game;
                resync.write(Resync { glide: false });
            }
            GameCommand::Hint | GameCommand::Skip | GameCommand::ResetCamera => {}
        }
    }
}

/// Takes back the last move; against the computer, back to a person's turn.
fn undo(session: &mut Session) -> bool {
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
fn redo(session: &mut Session) -> bool {
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

/// The rules panel's "show me": the example position on the board, its moves animated. Both
/// sides become human so that the computer does not answer the example.
fn handle_examples(
    mut examples: MessageReader<ShowExample>,
    mut session: ResMut<Session>,
    mut stash: ResMut<StashedGame>,
    mut selection: ResMut<Selection>,
    mut anim: ResMut<Animation>,
    mut commands_out: MessageWriter<GameCommand>,
    mut resync: MessageWriter<Resync>,
) {
    let Some(example) = examples.read().last() else {
        return;
    };
    if session.animating {
        commands_out.write(GameCommand::Skip);
    }
    *anim = Animation::default();
    *selection = Selection::None;
    // Keep the game the example interrupts (but not an earlier example) to go back to.
    let interrupted = std::mem::replace(
        &mut *session,
        Session::from_position(example.position, [Seat::Human, Seat::Human]),
    );
    if stash.0.is_none() && !interrupted.game.moves().is_empty() {
        stash.0 = Some(interrupted);
    }
    anim.enqueue(example.moves.iter().copied());
    resync.write(Resync { glide: false });
}

fn clear_selection(mut selection: ResMut<Selection>) {
    *selection = Selection::None;
}
