//! Playing by clicking: a click on a pit starts a move, asks for the direction and the kichwa
//! where Kujifunza needs them, or explains gently why the pit cannot start a move.

mod gamepad;
mod keyboard;
mod pointer;

pub use keyboard::Focus;
pub(crate) use keyboard::KeysTaken;
pub(crate) use pointer::Hovered;

use crate::anim::{Animation, PlayChoosing, SkipMove, StepShown};
use crate::board::{DirectionArrows, Ring, TurnRings};
use crate::core::{
    Busy, CoreSet, Feedback, GameCommand, MoveSource, PitClicked, PositionJumped, Screen, SeatMove,
    Session, SessionChange, SessionChanges, SessionReplaced,
};
use crate::seeds::Shake;
use bao_engine::{Direction, Kichwa, Move, Pit, Position, ReEntry, Step};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((keyboard::plugin, gamepad::plugin));
    app.init_resource::<Selection>()
        .add_systems(
            Update,
            (
                forget_selection,
                ask_for_kichwa,
                tell_reentry,
                handle_clicks,
                send_decided_move,
            )
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Input),
        )
        .add_systems(
            Update,
            ask_for_highlights
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Sync),
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

/// What a click sends: a move to the core, moves to choose between to the animation, a skip,
/// and the gentle line and the shake of a pit that cannot start a move.
#[derive(SystemParam)]
struct ClickAnswers<'w> {
    moves: MessageWriter<'w, SeatMove>,
    choosing: MessageWriter<'w, PlayChoosing>,
    skips: MessageWriter<'w, SkipMove>,
    changes: SessionChanges<'w>,
    shake: ResMut<'w, Shake>,
    time: Res<'w, Time<Real>>,
}

impl ClickAnswers<'_> {
    /// Tells the person why the click on `pit` did nothing, and shakes the pit.
    fn refuse(&mut self, pit: Pit, reason: Feedback) {
        self.changes.write(SessionChange::Feedback(Some(reason)));
        *self.shake = Shake {
            pit: Some(pit),
            since: self.time.elapsed_secs(),
        };
    }

    /// Sends the person's move to the core, or the moves their kichwa choices will tell apart
    /// to the animation; the hint is spent either way.
    fn play(&mut self, session: &Session, moves: Vec<Move>) {
        self.changes.write(SessionChange::Hint(None));
        match moves.as_slice() {
            [] => {}
            [mv] => {
                self.moves.write(person_move(session, *mv));
            }
            _ => {
                self.choosing.write(PlayChoosing(moves));
            }
        }
    }
}

/// The person's move `mv` on the position of `session`, for the core.
fn person_move(session: &Session, mv: Move) -> SeatMove {
    SeatMove::next(session, mv, MoveSource::Board)
}

fn handle_clicks(
    mut clicks: MessageReader<PitClicked>,
    session: Res<Session>,
    mut selection: ResMut<Selection>,
    mut anim: ResMut<Animation>,
    busy: Res<Busy>,
    mut answers: ClickAnswers,
) {
    for &PitClicked(pit) in clicks.read() {
        debug!("pit {pit} clicked");
        if let Selection::Kichwa { left, right, .. } = *selection {
            choose_kichwa(pit, (left, right), &mut selection, &mut anim, &mut answers);
            continue;
        }
        if busy.moving {
            // A click on the board while seeds move finishes the move at once.
            answers.skips.write(SkipMove);
            continue;
        }
        match click(&session, &mut selection, pit) {
            Ok(moves) => {
                answers.changes.write(SessionChange::Feedback(None));
                answers.play(&session, moves.unwrap_or_default());
            }
            Err(reason) => answers.refuse(pit, reason),
        }
    }
}

/// A click while the animation waits for the kichwa: one of the two glowing pits chooses it,
/// any other pit is told to choose.
fn choose_kichwa(
    pit: Pit,
    (left, right): (Pit, Pit),
    selection: &mut Selection,
    anim: &mut Animation,
    answers: &mut ClickAnswers,
) {
    let chosen = match pit {
        p if p == left => Some(Kichwa::Left),
        p if p == right => Some(Kichwa::Right),
        _ => None,
    };
    if chosen.is_some_and(|k| anim.choose(k)) {
        *selection = Selection::None;
        answers.changes.write(SessionChange::Feedback(None));
    } else {
        answers.refuse(pit, Feedback::ChooseKichwa);
    }
}

/// Sends the move the person's kichwa choices settled on to the core, which plays it while the
/// animation goes on showing it.
fn send_decided_move(
    anim: Res<Animation>,
    session: Res<Session>,
    mut moves: MessageWriter<SeatMove>,
) {
    if let Some(mv) = anim.decided() {
        moves.write(person_move(&session, mv));
    }
}

/// One click: the moves it starts (one move, or several that the player's kichwa choices will
/// tell apart during the animation), nothing yet (the direction is asked), or the reason the
/// pit cannot start a move.
fn click(
    session: &Session,
    selection: &mut Selection,
    pit: Pit,
) -> Result<Option<Vec<Move>>, Feedback> {
    let game = session.game();
    let position = *game.position();
    if game.outcome().is_over() {
        *selection = Selection::None;
        return Err(Feedback::GameOver);
    }
    // Only a seat of the person at this screen takes its moves from this screen's clicks.
    let seat = session.seat(position.to_move());
    if !seat.is_person_here() {
        return Err(if seat.is_local() {
            Feedback::WaitForComputer
        } else {
            Feedback::WaitForOpponent
        });
    }
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
    start_at(session, selection, pit)
}

/// A click on a pit with nothing chosen: the moves that start there, or (Kujifunza, both
/// directions possible) nothing yet while the direction is asked. In a lesson, a legal move
/// that its gate does not take gets a nudge toward the glowing pit.
fn start_at(
    session: &Session,
    selection: &mut Selection,
    pit: Pit,
) -> Result<Option<Vec<Move>>, Feedback> {
    let game = session.game();
    let position = game.position();
    let mover = position.to_move();
    let name = match position.name_of(pit) {
        Some((owner, name)) if owner == mover => Some(name),
        _ => None,
    };
    let starts_here = |m: &Move| Some(m.pit()) == name;
    let candidates: Vec<Move> = session
        .playable_moves()
        .into_iter()
        .filter(starts_here)
        .collect();
    if candidates.is_empty() {
        if game.legal_moves().iter().any(starts_here) {
            return Err(Feedback::NotThisLesson);
        }
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
    session: Res<Session>,
    mut changes: SessionChanges,
    anim: Res<Animation>,
    mut replaced: MessageReader<SessionReplaced>,
    mut selection: ResMut<Selection>,
) {
    if replaced.read().count() > 0 {
        // Another session this frame: the animation drops the old one's move later in the
        // frame, so what it asks is not the new session's question.
        return;
    }
    match (anim.asking(), &*selection) {
        (Some((index, candidates)), Selection::None) => {
            let position = session.game().position();
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
                changes.write(SessionChange::Feedback(Some(Feedback::KichwaAsked)));
            }
        }
        (None, Selection::Kichwa { .. }) => *selection = Selection::None,
        _ => {}
    }
}

/// Says why captured seeds re-enter where they do when the rules decide it (KU-8: the kimbi's
/// side, or the kichwa that keeps the move's direction), as the animation shows the re-entry; a
/// chosen kichwa (KU-8c) needs no explanation.
fn tell_reentry(mut shown: MessageReader<StepShown>, mut changes: SessionChanges) {
    for step in shown.read() {
        if let Step::ReEnter {
            kichwa,
            direction,
            why: why @ (ReEntry::Kimbi | ReEntry::KeepsDirection),
            ..
        } = step.step
        {
            changes.write(SessionChange::Feedback(Some(Feedback::ReEntered {
                kichwa,
                direction,
                why,
            })));
        }
    }
}

/// A half-made selection is forgotten when the game changes under it: an undo, a redo, leaving
/// for the title screen, another session on the board.
fn forget_selection(
    mut commands_in: MessageReader<GameCommand>,
    mut replaced: MessageReader<SessionReplaced>,
    mut jumped: MessageReader<PositionJumped>,
    mut selection: ResMut<Selection>,
) {
    let commanded = commands_in.read().any(|c| {
        matches!(
            c,
            GameCommand::Undo | GameCommand::Redo | GameCommand::NewGame
        )
    });
    let replaced = replaced.read().count() > 0;
    let jumped = jumped.read().count() > 0;
    if commanded || replaced || jumped {
        *selection = Selection::None;
    }
}

/// The pits that can start a move, for the position (by move count) and the lesson's gate they
/// were found with: a gate that closes after a lesson's move takes the rings away at once.
#[derive(Default)]
struct StartPits {
    key: Option<(usize, Position, Option<Vec<Move>>)>,
    pits: Vec<Pit>,
}

/// Where the person points: the pit under the pointer and the keyboard's focus.
#[derive(SystemParam)]
struct Pointing<'w> {
    hovered: Option<Res<'w, Hovered>>,
    focus: Res<'w, Focus>,
}

/// The board's rings and arrows of the player's turn, as asked of the board.
#[derive(SystemParam)]
struct TurnMarks<'w> {
    rings: ResMut<'w, TurnRings>,
    arrows: ResMut<'w, DirectionArrows>,
}

/// Asks the board for the rings and arrows of the player's turn: the pit chosen and the pits
/// to click next, the hint, and the pits that can start a move (the one under the pointer a
/// little brighter), and the keyboard's focus.
fn ask_for_highlights(
    session: Res<Session>,
    busy: Res<Busy>,
    selection: Res<Selection>,
    pointing: Pointing,
    mut starts: Local<StartPits>,
    mut marks: TurnMarks,
) {
    let position = *session.game().position();
    let key = (
        session.game().moves().len(),
        position,
        session.gate().map(<[Move]>::to_vec),
    );
    if starts.key.as_ref() != Some(&key) {
        *starts = StartPits {
            key: Some(key),
            pits: session.start_pits(),
        };
    }
    let human = session.human_to_move(&busy);
    let wanted = match &*selection {
        Selection::Direction { from, targets, .. } if human => {
            chosen_and_next(*from, targets.iter().map(|(p, _)| *p))
        }
        // Asked while the move's animation waits at the capture (not `human`: seeds are
        // moving, but it is still the person's choice).
        Selection::Kichwa {
            from, left, right, ..
        } => chosen_and_next(*from, [*left, *right]),
        _ if human => turn_rings(&session, &starts.pits, &pointing),
        _ => Vec::new(),
    };
    // The keyboard's focus comes first: it is drawn over any other ring of its pit.
    let wanted = match pointing.focus.0 {
        Some(pit) => std::iter::once((pit, Ring::Focus)).chain(wanted).collect(),
        None => wanted,
    };
    marks.rings.set_if_neq(TurnRings(wanted));
    let wanted_arrows = match &*selection {
        Selection::Direction { from, targets, .. } => {
            Some((*from, targets.iter().map(|(p, _)| *p).collect()))
        }
        _ => None,
    };
    marks.arrows.set_if_neq(DirectionArrows(wanted_arrows));
}

/// The rings of a person's turn with nothing chosen: the hint, the pits that can start a move
/// (the one under the pointer brighter), a lesson's marked pits and the last move's start.
fn turn_rings(session: &Session, start_pits: &[Pit], pointing: &Pointing) -> Vec<(Pit, Ring)> {
    let position = session.game().position();
    let hint = session
        .hint()
        .and_then(|m| position.pit_named(position.to_move(), m.pit()));
    let hovered = pointing.hovered.as_ref().and_then(|h| h.0);
    let legal = start_pits.iter().map(|&pit| {
        let ring = if hovered == Some(pit) {
            Ring::Hover
        } else {
            Ring::Legal
        };
        (pit, ring)
    });
    // The hint comes first: it is drawn over the pit's legal ring. A lesson's pits glow as
    // pits to look at.
    let marked = session.marked().iter().map(|&pit| (pit, Ring::Blocked));
    hint.map(|pit| (pit, Ring::Hint))
        .into_iter()
        .chain(legal)
        .chain(marked)
        .chain(last_move_start(session).map(|pit| (pit, Ring::LastMove)))
        .collect()
}

/// The pit the last move started from, in the position it was played in.
fn last_move_start(session: &Session) -> Option<Pit> {
    let (mv, before) = session.game().last_move()?;
    before.pit_named(before.to_move(), mv.pit())
}

/// The chosen start pit and the pits to click next.
fn chosen_and_next(from: Pit, next: impl IntoIterator<Item = Pit>) -> Vec<(Pit, Ring)> {
    std::iter::once((from, Ring::Selected))
        .chain(next.into_iter().map(|pit| (pit, Ring::Target)))
        .collect()
}

fn clear_selection(mut selection: ResMut<Selection>) {
    *selection = Selection::None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DEFAULT_SEATS, Seat};
    use bao_engine::Variant;

    fn world_with(session: Session) -> World {
        let mut world = World::new();
        world.insert_resource(session);
        world.insert_resource(Busy::default());
        world.insert_resource(Selection::None);
        world.insert_resource(Focus::default());
        world.insert_resource(TurnRings::default());
        world.insert_resource(DirectionArrows::default());
        world
    }

    #[test]
    fn the_last_move_is_marked_where_it_started_on_the_next_turn() {
        let mut session = Session::new(Variant::Kigogo, [Seat::Human, Seat::Human]);
        let first = session
            .game()
            .legal_moves()
            .into_iter()
            .next()
            .expect("a move");
        let start = session.game().position();
        let pit = start
            .pit_named(start.to_move(), first.pit())
            .expect("a pit");
        let mut world = world_with(session.clone());
        let highlights = world.register_system(ask_for_highlights);
        world.run_system(highlights).expect("runs");
        let last = |world: &World| {
            world
                .resource::<TurnRings>()
                .0
                .iter()
                .filter(|(_, ring)| *ring == Ring::LastMove)
                .map(|&(pit, _)| pit)
                .collect::<Vec<_>>()
        };
        assert!(last(&world).is_empty(), "no move yet");
        session.play(first).expect("legal");
        world.insert_resource(session);
        world.run_system(highlights).expect("runs");
        assert_eq!(last(&world), vec![pit]);
    }

    #[test]
    fn a_gate_that_closes_takes_the_legal_rings_away_in_the_same_position() {
        let mut world = world_with(Session::new(Variant::Kingulu, DEFAULT_SEATS));
        let highlights = world.register_system(ask_for_highlights);
        let legal_rings = |world: &World| {
            world
                .resource::<TurnRings>()
                .0
                .iter()
                .filter(|(_, ring)| *ring == Ring::Legal)
                .count()
        };
        world.run_system(highlights).expect("runs");
        assert!(legal_rings(&world) > 0);
        // A lesson's step is over: the board takes no move, though nothing was played.
        let closed = world
            .resource::<Session>()
            .clone()
            .with_gate(Some(Vec::new()));
        world.insert_resource(closed);
        world.run_system(highlights).expect("runs");
        assert_eq!(legal_rings(&world), 0);
    }
}
