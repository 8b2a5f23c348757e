//! What a lesson and a puzzle have in common: a guided activity on the board, one lifecycle for
//! both. The overlay's command opens one through the core's load path; once the board has shown
//! a move (its seeds landed) the guide follows it — a lesson moves on a step, a puzzle judges
//! the move — and asks the core for what changes; the hint button rings the guide's own move;
//! and the guide is forgotten when the board leaves its activity (`ActivityLeft`). `lessons.rs` and
//! `puzzles.rs` say only what is particular to each ([`Guide`]).

use crate::core::{
    Activity, ActivityLeft, Busy, CoreSet, GameCommand, Loads, Session, SessionChange,
    SessionChanges, Shown, StartGame, in_activity,
};
use crate::records::KeptIds;
use bao_engine::Move;
use bevy::ecs::component::Mutable;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::ops::DerefMut;

/// A guided activity: a lesson or a puzzle being done.
pub(crate) trait Guide: Clone + Send + Sync + 'static {
    /// What the overlay asks of it (open, retry, next, …).
    type Command: Message + Copy;
    /// The ids of those done, kept between runs.
    type Done: Resource + Component<Mutability = Mutable> + DerefMut<Target = KeptIds>;
    /// The activity it runs in.
    const ACTIVITY: Activity;

    /// Does what `command` asks, `current` being the guide on the board: the guide then on the
    /// board, or `None` where the command puts none there (or cannot).
    fn open(
        command: Self::Command,
        current: Option<&Self>,
        done: &Self::Done,
        board: &mut Opening,
    ) -> Option<Self>;

    /// Follows the board once it has shown the session's moves: what it judged is kept, what is
    /// done goes into `done`, and the changes it needs are asked of the core.
    fn follow(&mut self, session: &Session, done: &mut Self::Done, changes: &mut SessionChanges);

    /// The hint button, a person to move: the move to ring, or `None` when it gives no hint now
    /// (the ring stays as it is).
    fn hint(&mut self, session: &Session) -> Option<Option<Move>>;
}

/// The guide on the board, if the session is one.
#[derive(Resource, Debug)]
pub struct Run<G>(pub Option<G>);

impl<G> Default for Run<G> {
    fn default() -> Self {
        Run(None)
    }
}

/// What opening a guide may do: put its session on the board, or (after a game's last lesson)
/// start a real game.
#[derive(SystemParam)]
pub(crate) struct Opening<'w> {
    /// The core's load path.
    pub(crate) loads: Loads<'w>,
    /// A new game.
    pub(crate) starts: MessageWriter<'w, StartGame>,
}

/// The lifecycle's systems for guides of type `G`.
pub(crate) fn plugin<G: Guide>(app: &mut App) {
    app.init_resource::<Run<G>>()
        .add_message::<G::Command>()
        .add_systems(
            Update,
            (
                open::<G>.in_set(CoreSet::Session),
                // Before the core applies this frame's changes, so that what the guide asks
                // (a lesson's closed gate) holds in the frame its move is told; the board is
                // as the last frame left it.
                (give_hints::<G>, follow_the_board::<G>)
                    .in_set(CoreSet::Computer)
                    .run_if(in_activity(G::ACTIVITY)),
                leave::<G>.after(CoreSet::Apply).before(CoreSet::Animate),
            ),
        );
}

/// The overlay's last command of the frame.
fn open<G: Guide>(
    mut commands_in: MessageReader<G::Command>,
    mut run: ResMut<Run<G>>,
    done: Res<G::Done>,
    mut board: Opening,
) {
    let Some(&command) = commands_in.read().last() else {
        return;
    };
    if let Some(opened) = G::open(command, run.0.as_ref(), &done, &mut board) {
        run.0 = Some(opened);
    }
}

/// Once nothing moves on the board, the guide follows what it shows.
pub(crate) fn follow_the_board<G: Guide>(
    mut run: ResMut<Run<G>>,
    mut done: ResMut<G::Done>,
    session: Res<Session>,
    (shown, busy): (Res<Shown>, Res<Busy>),
    mut changes: SessionChanges,
) {
    let Some(active) = run.0.as_mut() else {
        return;
    };
    if busy.moving || shown.mid_move.is_some() {
        return;
    }
    active.follow(&session, &mut done, &mut changes);
}

/// The hint button in a guide: its own move, rung on the board.
fn give_hints<G: Guide>(
    mut commands_in: MessageReader<GameCommand>,
    mut run: ResMut<Run<G>>,
    session: Res<Session>,
    busy: Res<Busy>,
    mut changes: SessionChanges,
) {
    if !commands_in.read().any(|c| *c == GameCommand::Hint) {
        return;
    }
    let Some(active) = run.0.as_mut() else {
        return;
    };
    if !session.human_to_move(&busy) {
        return;
    }
    if let Some(hint) = active.hint(&session) {
        changes.write(SessionChange::Hint(hint));
    }
}

/// Another kind of game on the board (or the title screen) ends the guide.
fn leave<G: Guide>(mut left: MessageReader<ActivityLeft>, mut run: ResMut<Run<G>>) {
    if left.read().any(|left| left.0 == G::ACTIVITY) {
        run.0 = None;
    }
}
