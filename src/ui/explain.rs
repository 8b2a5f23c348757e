//! "Explain moves": while a move is sown, one caption for the step the board is showing, the
//! human's moves and the computer's alike (`content::steps` reads them from the engine's
//! trace). Once its seeds have landed, the whole move in one line (`content::captions`, from
//! the same trace), until the next move begins.
//!
//! A new player's first games explain themselves: "Explain moves" starts on, and after
//! [`FIRST_GAMES`] finished games it goes off by itself — unless the player has set it by hand,
//! which is then kept.

use super::{Overlay, UiSet, style};
use crate::content::captions;
use crate::content::steps::{NotedStep, StepNote, note_after, step_notes};
use crate::core::{Activity, CoreSet, Screen, Session, Settings, Shown};
use crate::i18n::I18n;
use bao_engine::{MoveSummary, Position, Variant};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, RichText};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Explained>()
        .init_resource::<super::UiPolicy>()
        .init_resource::<Caption>()
        .add_systems(
            Update,
            (count_finished_games, follow_steps, spell_the_caption)
                .chain()
                .after(CoreSet::Animate)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            show_explanation
                .in_set(UiSet::Banner)
                .run_if(in_state(Screen::Playing)),
        );
}

/// How many finished games a new player's moves are explained for before "Explain moves"
/// goes off by itself.
pub(super) const FIRST_GAMES: u32 = 3;

/// What is being explained now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Explanation {
    /// The step the board shows mid-move: the variant (for its wording) and the note.
    Step(Variant, StepNote),
    /// The whole move, once its seeds have landed.
    Move(MoveSummary),
}

impl Explanation {
    /// The words in the current language.
    fn text(&self, i18n: &I18n) -> String {
        match self {
            Explanation::Step(variant, note) => note.text(*variant, i18n),
            Explanation::Move(summary) => captions::move_caption(i18n, summary),
        }
    }
}

/// What is being explained now, if anything.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Explained(pub(crate) Option<Explanation>);

/// The caption's words in the player's language (empty without one), for the page around the
/// web build.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Caption(pub(crate) String);

/// The notes of one move of the game: which (game start, ply) they are of, and its summary.
#[derive(Default)]
struct MoveNotes {
    of: Option<(Position, usize)>,
    notes: Vec<NotedStep>,
    summary: Option<MoveSummary>,
}

impl MoveNotes {
    /// The notes of the game's move `ply`, read from its trace once.
    fn of_move(&mut self, session: &Session, ply: usize) -> &[NotedStep] {
        let key = (*session.game().start(), ply);
        if self.of != Some(key) {
            self.of = Some(key);
            let traced = match (
                session.game().positions().get(ply),
                session.game().moves().get(ply),
            ) {
                (Some(before), Some(&mv)) => before.play_traced(mv).ok().map(|(_, steps)| {
                    (
                        step_notes(before, &steps),
                        MoveSummary::of(before, mv, &steps),
                    )
                }),
                _ => None,
            };
            (self.notes, self.summary) = traced.unwrap_or_default();
        }
        &self.notes
    }

    /// The summary of the game's move `ply`.
    fn summary_of(&mut self, session: &Session, ply: usize) -> Option<MoveSummary> {
        self.of_move(session, ply);
        self.summary
    }
}

/// What the board shows explained: mid-move, the latest step begun; between moves, the whole
/// last move shown.
fn current_explanation(
    session: &Session,
    shown: &Shown,
    notes: &mut MoveNotes,
) -> Option<Explanation> {
    let variant = session.variant();
    match shown.mid_move {
        // A move whose kichwa choices are still being made is not in the game yet.
        Some(mid) if mid.plies < session.game().moves().len() => {
            note_after(notes.of_move(session, mid.plies), mid.steps)
                .map(|n| Explanation::Step(variant, n.note))
        }
        Some(_) => None,
        None => {
            let ply = shown.moves(session).len().checked_sub(1)?;
            notes.summary_of(session, ply).map(Explanation::Move)
        }
    }
}

/// Counts a game a person played to its end once the board has shown the end, and after the
/// first games turns "Explain moves" off unless the player set it by hand.
fn count_finished_games(
    session: Res<Session>,
    shown: Res<Shown>,
    mut settings: ResMut<Settings>,
    mut counted: Local<Option<u64>>,
) {
    let played =
        session.activity() == Activity::Play && session.seats().contains(&crate::core::Seat::Human);
    let stamp = session.stamp();
    if !played || *counted == Some(stamp) || !shown.outcome(&session).is_over() {
        return;
    }
    *counted = Some(stamp);
    one_more_game_finished(&mut settings);
}

/// A game finished: counted, and once the first games are over "Explain moves" goes off,
/// unless the player set it by hand.
fn one_more_game_finished(settings: &mut Settings) {
    settings.games_finished = settings.games_finished.saturating_add(1);
    if settings.games_finished >= FIRST_GAMES && !settings.explain_chosen && settings.explain_moves
    {
        settings.explain_moves = false;
    }
}

fn follow_steps(
    session: Res<Session>,
    shown: Res<Shown>,
    settings: Res<Settings>,
    replay: Res<super::replay_move::MoveReplay>,
    policy: Res<super::UiPolicy>,
    mut explained: ResMut<Explained>,
    mut notes: Local<MoveNotes>,
) {
    // On in lessons and for a move played again from the move list, whatever the setting.
    let told = session.activity() == Activity::Lesson || replay.active();
    let now = if policy.step_captions && (settings.explain_moves || told) {
        current_explanation(&session, &shown, &mut notes)
    } else {
        None
    };
    explained.set_if_neq(Explained(now));
}

fn spell_the_caption(explained: Res<Explained>, i18n: Res<I18n>, mut caption: ResMut<Caption>) {
    if !explained.is_changed() && !i18n.is_changed() {
        return;
    }
    let words = explained
        .0
        .map(|explanation| explanation.text(&i18n))
        .unwrap_or_default();
    caption.set_if_neq(Caption(words));
}

/// The egui area of the step caption.
const CAPTION_AREA: &str = "explain-caption";

/// The widest the step caption (and the feedback line over it) may be in a window of `width`.
pub(super) fn caption_width(width: f32) -> f32 {
    (width - style::CAPTION_SIDES).min(style::CAPTION_WIDTH)
}

/// The top of the step caption as it was drawn last frame, if it was: the feedback line goes
/// above it rather than over it.
pub(super) fn caption_top(ctx: &egui::Context) -> Option<f32> {
    let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new(CAPTION_AREA));
    ctx.memory(|memory| {
        let areas = memory.areas();
        areas
            .visible_last_frame(&layer)
            .then(|| memory.area_rect(egui::Id::new(CAPTION_AREA)))
            .flatten()
            .map(|rect| rect.top())
    })
}

/// The caption at the bottom of the board, over the scene.
/// It stands above the bottom cards however tall they are (a narrow window wraps their lines).
fn show_explanation(
    mut overlay: Overlay,
    explained: Res<Explained>,
    insets: Res<super::viewport::Insets>,
    game_over: Option<Res<super::game_over::GameOverShown>>,
) {
    let Some(explanation) = explained.0 else {
        return;
    };
    // The game-over panel says how the game ended; the last move's caption would peek out
    // under it.
    if game_over.is_some_and(|shown| shown.0) {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let palette = &*overlay.palette;
    let width = caption_width(ctx.content_rect().width());
    let above = style::CAPTION_ABOVE_BOTTOM.max(insets.bottom + style::BAR_GAP);
    egui::Area::new(egui::Id::new(CAPTION_AREA))
        .order(egui::Order::Middle)
        .interactable(false)
        .anchor(Align2::CENTER_BOTTOM, egui::vec2(0.0, -above))
        .show(ctx, |ui| {
            ui.set_max_width(width);
            egui::Frame::new()
                .fill(palette.banner)
                .corner_radius(egui::CornerRadius::same(style::CAPTION_CORNER))
                .inner_margin(style::CAPTION_MARGIN)
                .show(ui, |ui| {
                    ui.label(
                        RichText::new(explanation.text(&overlay.i18n))
                            .size(style::BODY_TEXT)
                            .color(palette.banner_text),
                    );
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_captions_top_is_known_once_it_was_drawn_and_not_after_it_went() {
        let ctx = egui::Context::default();
        let frame = |draw: bool| {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(1280.0, 720.0),
                )),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                if draw {
                    egui::Area::new(egui::Id::new(CAPTION_AREA))
                        .order(egui::Order::Middle)
                        .anchor(Align2::CENTER_BOTTOM, egui::vec2(0.0, -110.0))
                        .show(ui.ctx(), |ui| ui.allocate_space(egui::vec2(400.0, 40.0)));
                }
            });
            // No renderer takes the font atlas here.
            output.textures_delta.clear();
        };
        assert_eq!(caption_top(&ctx), None, "nothing drawn yet");
        frame(true);
        frame(true);
        let top = caption_top(&ctx).expect("drawn last frame");
        assert!(
            top <= 720.0 - 110.0 - 40.0,
            "its top, above its anchor: {top}"
        );
        frame(false);
        frame(false);
        assert_eq!(caption_top(&ctx), None, "gone again");
    }
    use crate::core::{DEFAULT_SEATS, MidMove};
    use bao_engine::Variant;

    #[test]
    fn the_caption_follows_the_move_being_sown_and_stays_after_it() {
        let mut session = Session::new(Variant::Kigogo, DEFAULT_SEATS);
        let before = *session.game().position();
        let mv = session.game().legal_moves()[0];
        let (_, steps) = before.play_traced(mv).expect("legal");
        session.play(mv).expect("legal");
        let mut notes = MoveNotes::default();
        let mid = |steps: usize| Shown {
            mid_move: Some(MidMove {
                board: before,
                plies: 0,
                steps,
            }),
        };
        // Nothing shown yet; then the lift; at the end the last step's note; once the seeds
        // have landed, the whole move.
        assert_eq!(current_explanation(&session, &mid(0), &mut notes), None);
        assert!(matches!(
            current_explanation(&session, &mid(1), &mut notes),
            Some(Explanation::Step(_, StepNote::Lift { .. }))
        ));
        let last = current_explanation(&session, &mid(steps.len()), &mut notes);
        assert!(matches!(last, Some(Explanation::Step(..))));
        let summary = MoveSummary::of(&before, mv, &steps).expect("a summary");
        assert_eq!(
            current_explanation(&session, &Shown::default(), &mut notes),
            Some(Explanation::Move(summary))
        );
    }

    #[test]
    fn a_new_players_first_games_explain_themselves_and_a_choice_by_hand_is_kept() {
        let mut settings = Settings::default();
        assert!(
            settings.explain_moves,
            "a new player's games explain their moves"
        );
        for _ in 1..FIRST_GAMES {
            one_more_game_finished(&mut settings);
            assert!(settings.explain_moves);
        }
        one_more_game_finished(&mut settings);
        assert!(!settings.explain_moves, "off after the first games");
        // Set by hand, on or off, it stays as set.
        for wanted in [true, false] {
            let mut settings = Settings {
                explain_moves: wanted,
                explain_chosen: true,
                ..Settings::default()
            };
            for _ in 0..FIRST_GAMES + 2 {
                one_more_game_finished(&mut settings);
            }
            assert_eq!(settings.explain_moves, wanted);
        }
    }

    #[test]
    fn no_caption_before_the_first_move() {
        let session = Session::new(Variant::Kingulu, DEFAULT_SEATS);
        assert_eq!(
            current_explanation(&session, &Shown::default(), &mut MoveNotes::default()),
            None
        );
    }
}
