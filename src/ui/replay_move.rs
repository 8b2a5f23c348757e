//! A click on a move in the move list plays just that move again on the board, from the position
//! it was made in, with a caption for each step (whatever the "Explain moves" setting), and then
//! goes back to the game as it was. The replay is a "show me" example of one move
//! ([`ShowExample`]): the core keeps the interrupted game and gives it back on
//! [`GameCommand::ResumeGame`], so nothing of the game can be lost. A review's "show the better
//! move" ([`ShowBetterMove`]) is shown the same way, from the replay of the game reviewed.

use super::style;
use super::viewport::Insets;
use super::{Overlay, UiSet};
use crate::core::{Activity, Busy, GameCommand, Screen, Session, ShowExample, Shown};
use bao_engine::{Move, Position};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::RichText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveReplay>()
        .add_message::<ReplayMove>()
        .add_message::<ShowBetterMove>()
        .add_systems(
            Update,
            (start_replays, start_better_moves, go_back_after_the_move)
                .chain()
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            replay_banner
                .run_if(in_state(Screen::Playing))
                .in_set(UiSet::Banner),
        );
}

/// Seconds the replayed move's last caption stays before the game comes back (real time).
const LINGER: f32 = 2.5;

/// Play the game's move `0` again (sent by a click on the move list).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReplayMove(pub(crate) usize);

/// Play the best move instead of the game's move `number` (from 1), from the position it was
/// made in (sent by the review's card).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShowBetterMove {
    /// The number of the move it replaces, from 1.
    pub(crate) number: usize,
    /// The position the move was made in.
    pub(crate) position: Position,
    /// The better move.
    pub(crate) mv: Move,
}

/// The move being replayed, if one is.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub(crate) struct MoveReplay(pub(crate) Option<Replaying>);

/// A move being played again.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Replaying {
    /// Its number in the game's list, from 1.
    pub(crate) number: usize,
    /// Its notation.
    pub(crate) notation: String,
    /// When its seeds had all landed ([`Time<Real>`] seconds).
    pub(crate) shown_at: Option<f32>,
    /// It is the better move a review shows instead of the game's.
    pub(crate) better: bool,
}

impl MoveReplay {
    /// Whether a move is being replayed (its steps are captioned).
    pub(crate) fn active(&self) -> bool {
        self.0.is_some()
    }
}

/// The example that replays the game's move `ply`: its position before, and the move.
fn replay_of(session: &Session, ply: usize) -> Option<ShowExample> {
    let before = *session.game().positions().get(ply)?;
    let mv = *session.game().moves().get(ply)?;
    Some(ShowExample {
        position: before,
        moves: vec![mv],
    })
}

/// Whether the move list's moves can be replayed now: a game people play, nothing moving.
pub(super) fn can_replay(session: &Session, busy: &Busy) -> bool {
    session.activity() == Activity::Play && !busy.moving && !busy.thinking
}

fn start_replays(
    mut asked: MessageReader<ReplayMove>,
    session: Res<Session>,
    busy: Res<Busy>,
    mut replay: ResMut<MoveReplay>,
    mut examples: MessageWriter<ShowExample>,
) {
    let Some(&ReplayMove(ply)) = asked.read().last() else {
        return;
    };
    if !can_replay(&session, &busy) {
        return;
    }
    if let Some(example) = replay_of(&session, ply) {
        replay.0 = Some(Replaying {
            number: ply + 1,
            notation: example.moves[0].to_string(),
            shown_at: None,
            better: false,
        });
        examples.write(example);
    }
}

/// A review's better move, from the replay of its game at rest.
fn start_better_moves(
    mut asked: MessageReader<ShowBetterMove>,
    session: Res<Session>,
    busy: Res<Busy>,
    mut replay: ResMut<MoveReplay>,
    mut examples: MessageWriter<ShowExample>,
) {
    let Some(better) = asked.read().last() else {
        return;
    };
    if session.activity() != Activity::Replay || busy.moving {
        return;
    }
    replay.0 = Some(Replaying {
        number: better.number,
        notation: better.mv.to_string(),
        shown_at: None,
        better: true,
    });
    examples.write(ShowExample {
        position: better.position,
        moves: vec![better.mv],
    });
}

/// Once the replayed move has been shown and its caption read, the game comes back; another
/// game on the board (the person left) ends the replay.
fn go_back_after_the_move(
    session: Res<Session>,
    busy: Res<Busy>,
    shown: Res<Shown>,
    time: Res<Time<Real>>,
    mut replay: ResMut<MoveReplay>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    let Some(replaying) = replay.0.as_mut() else {
        return;
    };
    match session.activity() {
        Activity::Example => {}
        // The example is not on the board yet (the frame it was asked for).
        Activity::Play | Activity::Replay if replaying.shown_at.is_none() => return,
        _ => {
            replay.0 = None;
            return;
        }
    }
    let done = session.game().moves().len() == 1 && !busy.moving && shown.mid_move.is_none();
    let now = time.elapsed_secs();
    match replaying.shown_at {
        None if done => replaying.shown_at = Some(now),
        Some(at) if now - at >= LINGER => {
            replay.0 = None;
            commands_out.write(GameCommand::ResumeGame);
        }
        _ => {}
    }
}

/// A strip under the top cards: which move is being played again, and a way back at once.
fn replay_banner(
    mut overlay: Overlay,
    replay: Res<MoveReplay>,
    mut insets: ResMut<Insets>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    let Some(replaying) = &replay.0 else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let back = style::top_card(ctx, palette, "replay-move-banner", &mut insets, |ui| {
        ui.horizontal(|ui| {
            let key = if replaying.better {
                "review-better-banner"
            } else {
                "replay-move-again"
            };
            let text = i18n.tr_args(
                key,
                &[
                    ("number", replaying.number.into()),
                    ("move", replaying.notation.clone().into()),
                ],
            );
            ui.label(
                RichText::new(text)
                    .size(style::PARAGRAPH_TEXT)
                    .strong()
                    .color(palette.ochre_text),
            );
            style::button(ui, &i18n.tr("rules-back-to-game")).clicked()
        })
        .inner
    });
    if back {
        commands_out.write(GameCommand::ResumeGame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::DEFAULT_SEATS;
    use bao_engine::Variant;

    #[test]
    fn a_replay_is_the_move_from_the_position_it_was_made_in() {
        let mut session = Session::new(Variant::Kingulu, DEFAULT_SEATS);
        for _ in 0..3 {
            let mv = session.game().legal_moves()[0];
            session.play(mv).expect("legal");
        }
        let example = replay_of(&session, 1).expect("move 2 exists");
        assert_eq!(example.position, session.game().positions()[1]);
        assert_eq!(example.moves, vec![session.game().moves()[1]]);
        assert!(replay_of(&session, 3).is_none(), "no fourth move");
    }

    #[test]
    fn only_a_played_game_at_rest_replays_its_moves() {
        let session = Session::new(Variant::Kigogo, DEFAULT_SEATS);
        let still = Busy::default();
        assert!(can_replay(&session, &still));
        let moving = Busy {
            moving: true,
            ..Busy::default()
        };
        assert!(!can_replay(&session, &moving));
        let lesson = session.for_activity(Activity::Lesson);
        assert!(!can_replay(&lesson, &still));
    }
}
