//! The game on the board is saved after every move (and after an undo), so that after a restart
//! or a crash the title screen can offer to resume it.

use super::{RecordsCommand, SessionLoader, load_record, record_of};
use crate::core::{Activity, CoreSet, Session, StartGame, in_activity};
use crate::storage::Storage;
use bao_engine::{Move, Position, Variant};
use bevy::prelude::*;

/// The storage key of the autosave.
pub const AUTOSAVE_KEY: &str = "autosave";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResumeOffer>()
        .init_resource::<Autosave>()
        // A kiosk offers no one else's game to resume.
        .add_systems(Startup, offer_resume.run_if(super::remembers))
        .add_systems(
            Update,
            (
                forget_offer.in_set(CoreSet::Session),
                resume.in_set(CoreSet::Session),
                autosave
                    .in_set(CoreSet::Sync)
                    .run_if(in_activity(Activity::Play))
                    .run_if(super::remembers),
            ),
        );
}

/// An unfinished game found in the autosave at start, offered on the title screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer(pub Option<Offer>);

/// What the offer shows, and the game it resumes.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The game's variant.
    pub variant: Variant,
    /// When it was last saved (ISO 8601).
    pub date: String,
    /// Moves played so far.
    pub moves: usize,
    /// The game, replayed by the engine, with its players.
    pub session: Session,
}

/// What the autosave last wrote, and whether a "show me" example is on the board (not saved).
#[derive(Resource, Default, Debug)]
struct Autosave {
    last: Option<(Position, Vec<Move>)>,
    warned: bool,
}

fn offer_resume(storage: Res<Storage>, mut offer: ResMut<ResumeOffer>) {
    match load_record(&storage, AUTOSAVE_KEY) {
        Ok((record, game)) => {
            if game.outcome().is_over() || game.moves().is_empty() {
                return;
            }
            let session = super::session_of(&record, game);
            offer.0 = Some(Offer {
                variant: session.variant(),
                date: record.date.clone(),
                moves: session.game().moves().len(),
                session,
            });
        }
        Err(super::LoadError::Missing) => {}
        // The autosave is only ever written by the game: a bad one is logged, not offered.
        Err(error) => warn!("the autosaved game cannot be resumed: {error}"),
    }
}

/// A new game ends the offer to resume the autosaved one (its autosave is replaced after the
/// first move).
fn forget_offer(mut starts: MessageReader<StartGame>, mut offer: ResMut<ResumeOffer>) {
    if starts.read().count() > 0 {
        offer.0 = None;
    }
}

fn resume(
    mut records: MessageReader<RecordsCommand>,
    mut offer: ResMut<ResumeOffer>,
    mut loader: SessionLoader,
    mut state: ResMut<Autosave>,
) {
    for command in records.read() {
        match command {
            RecordsCommand::Resume => {
                let Some(found) = offer.0.take() else {
                    continue;
                };
                state.last = Some((
                    *found.session.game().start(),
                    found.session.game().moves().to_vec(),
                ));
                loader.load(found.session);
            }
            RecordsCommand::DeclineResume => offer.0 = None,
            _ => {}
        }
    }
}

/// Writes the game whenever its moves change: only a game people play here, not a "show me"
/// example, a replay, the kiosk's attract loop, or an online game (the server keeps that one,
/// and read back here it would be a game for two people at this screen).
fn autosave(session: Res<Session>, storage: Res<Storage>, mut state: ResMut<Autosave>) {
    if session.has_remote_seat() {
        return;
    }
    let start = *session.game().start();
    let moves = session.game().moves();
    let unchanged = state
        .last
        .as_ref()
        .is_some_and(|(s, m)| *s == start && m.as_slice() == moves);
    // A new game is saved from its first move on, so that an unfinished game stays on offer.
    if unchanged || (moves.is_empty() && state.last.is_none()) {
        return;
    }
    match storage.write(AUTOSAVE_KEY, &record_of(&session).to_json()) {
        Ok(()) => state.warned = false,
        Err(error) => {
            if !state.warned {
                warn!("the game could not be autosaved: {error}");
                state.warned = true;
            }
        }
    }
    state.last = Some((start, moves.to_vec()));
}
