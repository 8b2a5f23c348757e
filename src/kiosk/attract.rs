//! The attract loop: on an untouched kiosk the computer plays the computer, each game a different
//! variant of those offered, with a caption for every move; any touch goes back to the title
//! screen.

use super::idle::Idle;
use super::{KioskConfig, KioskSet};
use crate::anim::PlayMove;
use crate::camera::CameraMode;
use crate::core::{Busy, GameCommand, LoadSession, Origin, Screen, Seat, Session, Settings};
use crate::i18n::{I18n, Language};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Attract>()
        .add_message::<StartAttract>()
        .add_systems(
            Update,
            (start_attract, leave_on_touch, run_games)
                .chain()
                .in_set(KioskSet::Attract),
        );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(Update, circle_the_camera)
        .add_systems(EguiPrimaryContextPass, overlay);
}

/// The camera circles the board while the attract loop runs.
fn circle_the_camera(attract: Res<Attract>, mut mode: ResMut<CameraMode>) {
    mode.set_if_neq(if attract.active {
        CameraMode::Circling
    } else {
        CameraMode::Player
    });
}

/// Start the attract loop (sent by the idle timers).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct StartAttract;

/// The attract loop's state and its tally.
#[derive(Resource, Debug)]
pub struct Attract {
    /// The computer is playing itself for nobody in particular.
    pub active: bool,
    /// Games begun since the program started.
    pub games_started: u32,
    /// Games played to their end by the rules.
    pub games_finished: u32,
    /// Games that made way for the next after the configured number of moves.
    pub games_cut: u32,
    /// Which of the offered variants comes next.
    next: usize,
    /// When the current game ended, in real seconds (it stays on screen for the configured
    /// pause).
    ended_at: Option<f32>,
    /// Chooses the opening moves, so that no two games of a variant are alike.
    rng: Xoshiro256PlusPlus,
}

impl Default for Attract {
    fn default() -> Self {
        Attract {
            active: false,
            games_started: 0,
            games_finished: 0,
            games_cut: 0,
            next: 0,
            ended_at: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(0xBA0_A77A),
        }
    }
}

/// Moves at the start of each game chosen at random among the engine's legal moves (the
/// computer's own moves depend only on the position, so without these every game of a variant
/// would be the same).
const OPENING_PLIES: usize = 2;

/// The attract loop begins: the next visitor finds the kiosk's language and default settings.
fn start_attract(
    mut starts: MessageReader<StartAttract>,
    config: Res<KioskConfig>,
    mut attract: ResMut<Attract>,
    mut i18n: ResMut<I18n>,
    mut settings: ResMut<Settings>,
    sound: Option<ResMut<crate::audio::SoundSettings>>,
    mut loader: LoadSession,
) {
    if starts.read().count() == 0 {
        return;
    }
    if let Some(mut sound) = sound {
        *sound = super::kiosk_sound(&config);
    }
    if i18n.language() != config.language {
        i18n.set_language(config.language);
    }
    *settings = super::kiosk_settings(&config);
    attract.active = true;
    begin_next(&mut attract, &config, &mut loader);
}

/// The next game of the loop: the computer against itself, in the next variant offered.
fn begin_next(attract: &mut Attract, config: &KioskConfig, loader: &mut LoadSession) {
    let Some(&variant) = config
        .variants
        .get(attract.next % config.variants.len().max(1))
    else {
        return;
    };
    attract.next = (attract.next + 1) % config.variants.len();
    attract.games_started += 1;
    attract.ended_at = None;
    let [south, north] = config.attract_levels;
    let seats = [Seat::Computer(south), Seat::Computer(north)];
    loader.load(Session::new(variant, seats).with_origin(Origin::Attract));
}

/// Any touch: back to the title screen (the next frame shows it).
fn leave_on_touch(
    idle: Res<Idle>,
    mut attract: ResMut<Attract>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    if attract.active && idle.touched {
        attract.active = false;
        commands_out.write(GameCommand::NewGame);
    }
}

/// Plays the opening moves, and after each game's end (and a pause) starts the next variant.
#[allow(
    clippy::too_many_arguments,
    reason = "the loop reads the session, the animation, the clock and the configuration"
)]
fn run_games(
    screen: Res<State<Screen>>,
    config: Res<KioskConfig>,
    time: Res<Time<Real>>,
    busy: Res<Busy>,
    mut attract: ResMut<Attract>,
    mut play: MessageWriter<PlayMove>,
    mut loader: LoadSession,
) {
    if !attract.active || *screen.get() != Screen::Playing || busy.moving {
        return;
    }
    let game = &loader.session().game;
    let over = game.outcome().is_over();
    let plies = game.moves().len();
    if over || plies >= config.attract_max_plies as usize {
        let now = time.elapsed_secs();
        match attract.ended_at {
            None => {
                attract.ended_at = Some(now);
                if over {
                    attract.games_finished += 1;
                } else {
                    attract.games_cut += 1;
                }
            }
            Some(ended) if now - ended >= config.attract_pause => {
                begin_next(&mut attract, &config, &mut loader);
            }
            Some(_) => {}
        }
        return;
    }
    if plies < OPENING_PLIES {
        let legal = loader.session().game.legal_moves();
        if !legal.is_empty() {
            let pick = attract.rng.random_range(0..legal.len());
            play.write(PlayMove(legal[pick]));
        }
    }
}

/// Over the board: what is being played and an invitation to touch; the whole screen takes the
/// touch that ends the loop, so that no button or pit underneath acts on it.
fn overlay(
    mut contexts: EguiContexts,
    attract: Res<Attract>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    i18n: Res<I18n>,
    time: Res<Time<Real>>,
    mut others_i18n: Local<Option<I18n>>,
) {
    if !attract.active || *screen.get() != Screen::Playing {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let rect = ctx.content_rect();
    egui::Area::new(egui::Id::new("kiosk-attract-catch"))
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .show(ctx, |ui| {
            ui.allocate_rect(rect, egui::Sense::click());
        });
    // The invitation breathes slowly, so that it catches the eye.
    let pulse = 0.5 + 0.5 * (time.elapsed_secs() * 2.2).sin();
    let glow = Color32::from_rgb(
        255,
        (214.0 + 30.0 * pulse) as u8,
        (150.0 + 60.0 * pulse) as u8,
    );
    egui::Area::new(egui::Id::new("kiosk-attract-banner"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .anchor(Align2::CENTER_TOP, egui::vec2(0.0, 96.0))
        .show(ctx, |ui| {
            super::dark_frame().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(
                        RichText::new(i18n.tr_args(
                            "kiosk-attract-title",
                            &[("variant", session.variant().name().into())],
                        ))
                        .size(24.0)
                        .color(Color32::from_rgb(250, 236, 210)),
                    );
                    ui.label(
                        RichText::new(i18n.tr("kiosk-attract-touch"))
                            .size(34.0)
                            .strong()
                            .color(glow),
                    );
                    // Visitors read one of four languages: the invitation in the others too.
                    let texts = others_i18n.get_or_insert_with(|| I18n::new(Language::English));
                    let others: Vec<String> = Language::ALL
                        .into_iter()
                        .filter(|l| *l != i18n.language())
                        .map(|l| {
                            texts.set_language(l);
                            texts.tr("kiosk-attract-touch")
                        })
                        .collect();
                    ui.add(
                        egui::Label::new(
                            RichText::new(others.join("  ·  "))
                                .size(18.0)
                                .italics()
                                .color(Color32::from_rgb(230, 200, 150)),
                        )
                        .extend(),
                    );
                });
            });
        });
}
