//! One-line captions for the attract loop, built from the engine's move trace: who sowed from
//! where, what was captured, where the captured seeds went (the kichwa), a reserved hole and its
//! toll, and how the game ended. The engine says what happened; this only puts it in words.

use super::attract::Attract;
use crate::core::CoreSet;

use crate::content::captions::{end_caption, move_caption, sowing_caption};
use crate::core::{Screen, Session, Shown};
use crate::i18n::I18n;
use bao_engine::{MoveSummary, Outcome, Position, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Caption>().add_systems(
        Update,
        (
            follow_game
                .after(CoreSet::Animate)
                .run_if(in_state(Screen::Playing)),
            pace_for_reading,
        ),
    );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, show_caption);
}

/// The caption of the game on the board: its last move, or its end.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub enum Caption {
    /// Nothing to say yet.
    #[default]
    None,
    /// A move being sown: who sows how many seeds from where, and nothing yet of what the
    /// move will do (the board has not shown it).
    Sowing(MoveSummary),
    /// The move the board has just shown, whole: what it captured, where the seeds went.
    Move(MoveSummary),
    /// The game is over.
    End {
        /// The game played.
        variant: Variant,
        /// How it ended.
        outcome: Outcome,
    },
}

impl Caption {
    /// The caption in the current language.
    pub fn text(&self, i18n: &I18n) -> Option<String> {
        match *self {
            Caption::None => None,
            Caption::Sowing(summary) => Some(sowing_caption(i18n, &summary)),
            Caption::Move(summary) => Some(move_caption(i18n, &summary)),
            Caption::End { variant, outcome } => end_caption(i18n, variant, outcome),
        }
    }
}

/// Whether the attract loop's caption is the one line about moves on screen: while the loop
/// plays a game (a lesson being shown has its own captions). The overlay's step captions keep
/// quiet then (`UiPolicy::step_captions`, set by the kiosk's screen).
pub(crate) fn kiosk_caption_speaks(attract: &Attract) -> bool {
    attract.active && attract.lesson.is_none()
}

/// The move the board is showing (its ply) and whether its seeds have all landed: the move
/// being sown, or between moves the last one shown.
fn move_being_shown(session: &Session, shown: &Shown) -> Option<(usize, bool)> {
    let played = session.game().moves().len();
    match shown.mid_move {
        Some(mid) if mid.plies < played => Some((mid.plies, false)),
        // A move whose kichwa choices are still being made is not in the game yet.
        Some(mid) => mid.plies.checked_sub(1).map(|ply| (ply, true)),
        None => shown
            .moves(session)
            .len()
            .checked_sub(1)
            .map(|ply| (ply, true)),
    }
}

/// The caption of the move the board is showing: while it is sown, where it started; once its
/// seeds have landed, what it did, until the next move begins; once the last move has been
/// shown, the end.
fn follow_game(
    session: Res<Session>,
    shown: Res<Shown>,
    mut caption: ResMut<Caption>,
    mut seen: Local<Option<(Position, usize, bool)>>,
) {
    let game = session.game();
    let showing = move_being_shown(&session, &shown);
    let key = showing.map(|(ply, landed)| (*game.start(), ply, landed));
    if key != *seen {
        *seen = key;
        let summary = showing.and_then(|(ply, landed)| {
            let (before, &mv) = (game.positions().get(ply)?, game.moves().get(ply)?);
            let (_, steps) = before.play_traced(mv).ok()?;
            Some((MoveSummary::of(before, mv, &steps)?, landed))
        });
        caption.set_if_neq(match summary {
            Some((summary, true)) => Caption::Move(summary),
            Some((summary, false)) => Caption::Sowing(summary),
            None => Caption::None,
        });
    }
    let outcome = shown.outcome(&session);
    if outcome.is_over() {
        caption.set_if_neq(Caption::End {
            variant: session.variant(),
            outcome,
        });
    }
}

/// How long the computer waits at least before each move while the attract loop plays a game:
/// the caption of what a move did comes once its seeds have landed and goes when the next move
/// begins, so the pause between moves is the time there is to read it.
pub const ATTRACT_READING_PAUSE: f32 = 3.0;

/// The computer's pace: slow enough to read each move's caption while the caption speaks.
fn pace_for_reading(attract: Res<Attract>, mut pace: ResMut<crate::computer::ComputerPace>) {
    let wanted = if kiosk_caption_speaks(&attract) {
        crate::computer::ComputerPace {
            min_think: ATTRACT_READING_PAUSE,
        }
    } else {
        crate::computer::ComputerPace::default()
    };
    pace.set_if_neq(wanted);
}

/// The room the caption leaves at each side of the window.
const CAPTION_MARGIN: f32 = 40.0;

/// The caption, large, above the bottom bar, while the attract loop runs.
fn show_caption(
    mut contexts: EguiContexts,
    attract: Res<Attract>,
    caption: Res<Caption>,
    screen: Res<State<Screen>>,
    i18n: Res<I18n>,
) {
    if !kiosk_caption_speaks(&attract) || *screen.get() != Screen::Playing {
        return;
    }
    let Some(text) = caption.text(&i18n) else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    // As wide as the window less its margins, and the line centred in it: a centre-anchored
    // area is placed by its last frame's size, so each new caption (two a move) was drawn one
    // frame off to the side, running past the window's edge.
    let width = ctx.content_rect().width() - 2.0 * CAPTION_MARGIN;
    egui::Area::new(egui::Id::new("kiosk-caption"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .anchor(Align2::LEFT_BOTTOM, egui::vec2(CAPTION_MARGIN, -96.0))
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.vertical_centered(|ui| {
                super::dark_frame().show(ui, |ui| {
                    ui.add(
                        egui::Label::new(
                            RichText::new(text)
                                .size(26.0)
                                .color(Color32::from_rgb(250, 236, 210)),
                        )
                        .wrap(),
                    );
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use bao_engine::{EndReason, Game, Kichwa, Move, Pit, PitName, Player, ReEntry, Row, Step};

    /// Every reason a game can end.
    const REASONS: [EndReason; 5] = [
        EndReason::BaoHamna,
        EndReason::Blockade,
        EndReason::NoSeeds,
        EndReason::FinalScore,
        EndReason::Repetition,
    ];

    /// Plays seeded random games of `variant` until a move for which `wanted` holds comes up.
    fn find_move(
        variant: Variant,
        wanted: impl Fn(&MoveSummary) -> bool,
    ) -> (Position, Move, Vec<Step>, MoveSummary) {
        for seed in 0..200u64 {
            let mut game = Game::new(variant);
            let mut n = seed;
            for _ in 0..300 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = legal[(n >> 33) as usize % legal.len()];
                let before = *game.position();
                let Ok(steps) = game.play_traced(mv) else {
                    break;
                };
                let summary =
                    MoveSummary::of(&before, mv, &steps).expect("a move starts with a lift");
                if wanted(&summary) {
                    return (before, mv, steps, summary);
                }
            }
        }
        panic!("no such move in 200 random games of {variant}");
    }

    #[test]
    fn a_plain_sowing_is_counted_from_its_trace() {
        let (before, mv, steps, s) =
            find_move(Variant::Kigogo, |s| s.captured == 0 && s.relays == 0);
        assert_eq!(s.mover, before.to_move());
        assert_eq!(s.start, mv.pit());
        let sown = steps
            .iter()
            .filter(|st| matches!(st, Step::Sow { .. }))
            .count();
        assert_eq!(s.lifted as usize, sown, "every lifted seed is sown");
        let text = Caption::Move(s)
            .text(&I18n::new(Language::English))
            .unwrap_or_default();
        assert!(text.contains(&format!("from pit {}", mv.pit())), "{text}");
    }

    #[test]
    fn ku_7_a_kujifunza_capture_says_which_kichwa_the_seeds_are_sown_from() {
        let (_, _, steps, s) = find_move(Variant::Kujifunza, |s| s.captured > 0 && s.captures == 1);
        let last_reentry = steps.iter().rev().find_map(|st| match st {
            Step::ReEnter { kichwa, .. } => Some(*kichwa),
            _ => None,
        });
        assert_eq!(s.kichwa, last_reentry);
        let side = match s.kichwa {
            Some(Kichwa::Left) => "left",
            Some(Kichwa::Right) => "right",
            None => panic!("a Kujifunza capture is sown again from a kichwa"),
        };
        let text = Caption::Move(s)
            .text(&I18n::new(Language::English))
            .unwrap_or_default();
        assert!(
            text.contains(&format!("captures {} seed", s.captured)) && text.contains(side),
            "{text}"
        );
        assert!(text.contains("kichwa"), "{text}");
    }

    #[test]
    fn ku_8_a_caption_says_why_the_seeds_re_enter_where_they_do() {
        let english = I18n::new(Language::English);
        // KU-8: a single capture from a middle pit keeps the direction.
        let (_, _, _, kept) = find_move(Variant::Kujifunza, |s| {
            s.captures == 1 && s.reentry == Some(ReEntry::KeepsDirection)
        });
        let text = Caption::Move(kept).text(&english).unwrap_or_default();
        assert!(text.contains("keeps its direction"), "{text}");
        // KU-8c: a chosen kichwa is just named.
        let (_, _, _, chosen) = find_move(Variant::KujifunzaChoice, |s| {
            s.captures == 1 && s.reentry == Some(ReEntry::Chosen)
        });
        let text = Caption::Move(chosen).text(&english).unwrap_or_default();
        assert!(text.ends_with("kichwa."), "{text}");
    }

    #[test]
    fn kg_4_an_off_board_capture_counts_the_seeds_taken() {
        let (_, _, steps, s) = find_move(Variant::Kigogo, |s| s.captured > 0);
        let taken: u32 = steps
            .iter()
            .map(|st| match st {
                Step::Capture { count, .. } => u32::from(*count),
                _ => 0,
            })
            .sum();
        assert_eq!(s.captured, taken);
        assert_eq!(s.kichwa, None, "the seeds leave the board");
        let text = Caption::Move(s)
            .text(&I18n::new(Language::German))
            .unwrap_or_default();
        assert!(text.contains(&s.captured.to_string()), "{text}");
    }

    #[test]
    fn kn_5_kn_6_a_reservation_and_its_toll_are_told() {
        let (before, _, steps, s) = find_move(Variant::Kingulu, |s| s.reserved.is_some());
        let reserved = steps.iter().find_map(|st| match st {
            Step::Reserve { pit, .. } => Some(*pit),
            _ => None,
        });
        let name = reserved.and_then(|p| before.name_of(p)).map(|(_, n)| n);
        assert_eq!(s.reserved, name);
        assert!(matches!(
            s.reserved,
            Some(PitName {
                row: Row::Front,
                ..
            })
        ));
        let i18n = I18n::new(Language::English);
        let text = Caption::Move(s).text(&i18n).unwrap_or_default();
        assert!(text.contains("kuweka mtoto"), "{text}");
        let (_, _, _, toll) = find_move(Variant::Kingulu, |s| s.tolls.iter().sum::<u32>() > 0);
        let text = Caption::Move(toll).text(&i18n).unwrap_or_default();
        assert!(text.contains("toll"), "{text}");
    }

    #[test]
    fn kg_2_relays_are_counted() {
        let (_, _, steps, s) = find_move(Variant::Kigogo, |s| s.relays >= 2 && s.captured == 0);
        let relays = steps
            .iter()
            .filter(|st| matches!(st, Step::Relay { .. }))
            .count();
        assert_eq!(s.relays as usize, relays);
        let text = Caption::Move(s)
            .text(&I18n::new(Language::Dutch))
            .unwrap_or_default();
        assert!(text.contains(&relays.to_string()), "{text}");
    }

    #[test]
    fn every_end_has_a_caption_in_every_language() {
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for reason in REASONS {
                for outcome in [
                    Outcome::Win {
                        winner: Player::North,
                        reason,
                    },
                    Outcome::Draw { reason },
                ] {
                    let text = Caption::End {
                        variant: Variant::Kigogo,
                        outcome,
                    }
                    .text(&i18n)
                    .unwrap_or_default();
                    assert!(
                        text.contains("Bao Kigogo") && !text.contains("kiosk-"),
                        "{language:?} {outcome:?}: {text}"
                    );
                }
            }
        }
        let none = Caption::End {
            variant: Variant::Kigogo,
            outcome: Outcome::Ongoing,
        };
        assert_eq!(none.text(&I18n::default()), None);
    }

    #[test]
    fn a_trace_that_does_not_lift_first_has_no_summary() {
        let before = Position::new(Variant::Kigogo);
        let mv = before.legal_moves()[0];
        assert_eq!(
            MoveSummary::of(
                &before,
                mv,
                &[Step::Sow {
                    pit: Pit::new(2, 1)
                }]
            ),
            None
        );
    }
}
