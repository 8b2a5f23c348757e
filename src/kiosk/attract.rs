//! The attract loop: on an untouched kiosk the computer plays the computer, each game a different
//! variant of those offered, with a caption for every move; any touch goes back to the title
//! screen. Before each game (unless the configuration says not to) one of that game's lessons
//! is shown being done: its position and card, its move played slowly with a caption for each
//! step, and what it showed — a passer-by sees how the game is learnt, not only played.

use super::{KioskConfig, KioskSet, Touched};
use crate::camera::CameraMode;
use crate::core::{
    Activity, Busy, GameCommand, Loads, MoveSource, Screen, Seat, SeatMove, Session, Settings,
};
use crate::i18n::{I18n, Language};
use crate::lessons::{LessonCommand, LessonRun, Stage};
use bao_engine::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Attract>()
        .add_message::<StartAttract>()
        .add_systems(
            Update,
            (
                leave_the_online_game,
                start_attract,
                leave_on_touch,
                show_lessons,
                run_games,
            )
                .chain()
                .in_set(KioskSet::Attract),
        );
}

/// A visitor's online game (where the configuration names a server) ends with their visit: the
/// next visitor does not inherit its seat, and its opponent sees them leave.
fn leave_the_online_game(
    mut starts: MessageReader<StartAttract>,
    online: Option<Res<crate::online::OnlineGame>>,
    // Absent in an app without online play (the kiosk's headless tests).
    commands: Option<MessageWriter<crate::online::OnlineCommand>>,
) {
    if starts.read().count() > 0
        && online.is_some()
        && let Some(mut commands) = commands
    {
        commands.write(crate::online::OnlineCommand::Leave);
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(Update, circle_the_camera)
        .add_systems(EguiPrimaryContextPass, overlay);
}

/// The camera circles the board while the attract loop runs.
fn circle_the_camera(attract: Res<Attract>, mut mode: ResMut<CameraMode>) {
    // A lesson is shown from the player's seat, where its card and rings read best.
    mode.set_if_neq(if attract.active && attract.lesson.is_none() {
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
    /// Lessons shown to their end.
    pub lessons_shown: u32,
    /// The lesson being shown before the next game, if one is.
    pub lesson: Option<ShownLesson>,
    /// Games the loop has begun (with their lessons): the next variant offered is this one
    /// modulo their number, and its round picks its lesson.
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
            lessons_shown: 0,
            lesson: None,
            next: 0,
            ended_at: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(0xBA0_A77A),
        }
    }
}

/// A lesson shown by the attract loop before a game of `variant`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShownLesson {
    /// The game the lesson is of, and whose game follows.
    pub variant: Variant,
    /// Where the showing stands.
    pub phase: LessonPhase,
}

/// Where a lesson the attract loop shows stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LessonPhase {
    /// Asked for; not on the board yet (since these real seconds).
    Opening(f32),
    /// On the board, its card read, its move not yet played (since these real seconds).
    Reading(f32),
    /// Its move is being played.
    Playing,
    /// Its move has been shown and the card says what it did (since these real seconds).
    Told(f32),
}

/// What starts the loop's next lesson or game, and the clock it starts by.
#[derive(SystemParam)]
struct Starter<'w> {
    lessons: MessageWriter<'w, LessonCommand>,
    loads: Loads<'w>,
    session: Res<'w, Session>,
    time: Res<'w, Time<Real>>,
}

/// Whether the loop may act now: the board up and no move shown or waiting.
#[derive(SystemParam)]
struct BoardReady<'w> {
    screen: Res<'w, State<Screen>>,
    busy: Res<'w, Busy>,
}

impl BoardReady<'_> {
    fn ready(&self) -> bool {
        *self.screen.get() == Screen::Playing && !self.busy.moving
    }
}

/// The loop's move `mv` on the board's game: the loop is the script of its sessions.
fn loop_move(session: &Session, mv: bao_engine::Move) -> SeatMove {
    SeatMove::next(session, mv, MoveSource::Script)
}

/// Real seconds the lesson's card is read before its move is played.
const LESSON_READING: f32 = 4.0;
/// Real seconds a lesson may take to be put on the board before the loop goes on without it.
const LESSON_OPENING: f32 = 5.0;

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
    mut starter: Starter,
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
    let now = starter.time.elapsed_secs();
    begin_next(&mut attract, &config, now, &mut starter);
}

/// The next game of the loop, in the next variant offered: one of its lessons first where the
/// configuration asks for them, else at once the computer against itself.
fn begin_next(attract: &mut Attract, config: &KioskConfig, now: f32, starter: &mut Starter) {
    let Some(&variant) = config
        .variants
        .get(attract.next % config.variants.len().max(1))
    else {
        return;
    };
    let round = attract.next / config.variants.len().max(1);
    attract.next += 1;
    attract.ended_at = None;
    let count = crate::content::lessons::lessons(variant).len();
    if config.attract_lessons && count > 0 {
        // Each time the game comes round, its next lesson.
        starter.lessons.write(LessonCommand::Open {
            variant,
            index: round % count,
        });
        attract.lesson = Some(ShownLesson {
            variant,
            phase: LessonPhase::Opening(now),
        });
    } else {
        begin_game(attract, config, variant, &mut starter.loads);
    }
}

/// The computer against itself in `variant`.
fn begin_game(attract: &mut Attract, config: &KioskConfig, variant: Variant, loads: &mut Loads) {
    attract.lesson = None;
    attract.games_started += 1;
    attract.ended_at = None;
    let [south, north] = config.attract_levels;
    let seats = [Seat::Computer(south), Seat::Computer(north)];
    loads.load(Session::new(variant, seats).for_activity(Activity::Attract));
}

/// Any touch: back to the title screen (the next frame shows it).
fn leave_on_touch(
    mut touches: MessageReader<Touched>,
    mut attract: ResMut<Attract>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    let touched = touches.read().count() > 0;
    if attract.active && touched {
        attract.active = false;
        attract.lesson = None;
        commands_out.write(GameCommand::NewGame);
    }
}

/// Shows the lesson before a game: once it is on the board and its card has been read, plays
/// its move as the learner would; once the card says what the move did, and a pause, the game.
fn show_lessons(
    board: BoardReady,
    (config, time): (Res<KioskConfig>, Res<Time<Real>>),
    run: Res<LessonRun>,
    mut attract: ResMut<Attract>,
    mut play: MessageWriter<SeatMove>,
    (session, mut loads): (Res<Session>, Loads),
) {
    let Some(shown) = attract.lesson else {
        return;
    };
    if !attract.active || !board.ready() {
        return;
    }
    let now = time.elapsed_secs();
    let on_board = run
        .0
        .as_ref()
        .filter(|_| session.activity() == Activity::Lesson)
        .map(|active| active.stage);
    let phase = match (shown.phase, on_board) {
        (LessonPhase::Opening(_), Some(Stage::Try)) => LessonPhase::Reading(now),
        (LessonPhase::Opening(since), None) if now - since >= LESSON_OPENING => {
            warn!(
                "the attract loop's lesson of {} did not open",
                shown.variant
            );
            begin_game(&mut attract, &config, shown.variant, &mut loads);
            return;
        }
        (LessonPhase::Reading(since), Some(Stage::Try)) if now - since >= LESSON_READING => {
            let Some(&mv) = session.playable_moves().first() else {
                begin_game(&mut attract, &config, shown.variant, &mut loads);
                return;
            };
            play.write(loop_move(&session, mv));
            LessonPhase::Playing
        }
        (LessonPhase::Playing, Some(Stage::Told)) => LessonPhase::Told(now),
        (LessonPhase::Told(since), _) if now - since >= config.attract_pause => {
            attract.lessons_shown += 1;
            begin_game(&mut attract, &config, shown.variant, &mut loads);
            return;
        }
        (phase, _) => phase,
    };
    attract.lesson = Some(ShownLesson { phase, ..shown });
}

/// Plays the opening moves, and after each game's end (and a pause) starts the next variant.
fn run_games(
    board: BoardReady,
    config: Res<KioskConfig>,
    mut attract: ResMut<Attract>,
    mut play: MessageWriter<SeatMove>,
    mut starter: Starter,
) {
    if !attract.active || attract.lesson.is_some() || !board.ready() {
        return;
    }
    let game = starter.session.game();
    let over = game.outcome().is_over();
    let plies = game.moves().len();
    if over || plies >= config.attract_max_plies as usize {
        let now = starter.time.elapsed_secs();
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
                begin_next(&mut attract, &config, now, &mut starter);
            }
            Some(_) => {}
        }
        return;
    }
    if plies < OPENING_PLIES {
        let legal = starter.session.game().legal_moves();
        if !legal.is_empty() {
            let pick = attract.rng.random_range(0..legal.len());
            play.write(loop_move(&starter.session, legal[pick]));
        }
    }
}

/// Over the board: what is being played and an invitation to touch; the whole screen takes the
/// touch that ends the loop, so that no button or pit underneath acts on it.
fn overlay(
    mut contexts: EguiContexts,
    attract: Res<Attract>,
    session: Res<Session>,
    (screen, time): (Res<State<Screen>>, Res<Time<Real>>),
    i18n: Res<I18n>,
    mut others_i18n: Local<Option<I18n>>,
) {
    if !attract.active || *screen.get() != Screen::Playing {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    catch_every_touch(ctx);
    // During a lesson its card is at the top and the game's cards are away: the invitation
    // goes to the bottom edge, under the step's caption, without the line that names the game
    // (the lesson's card does).
    let lesson = attract.lesson.is_some();
    let (anchor, offset, size) = if lesson {
        (Align2::CENTER_BOTTOM, egui::vec2(0.0, -6.0), 30.0)
    } else {
        (Align2::CENTER_TOP, egui::vec2(0.0, 96.0), 34.0)
    };
    let others = invitation_in_other_languages(&i18n, &mut others_i18n);
    let glow = invitation_glow(time.elapsed_secs());
    egui::Area::new(egui::Id::new("kiosk-attract-banner"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            super::dark_frame().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    if !lesson {
                        game_line(ui, &i18n, session.variant());
                    }
                    invitation(ui, &i18n, size, glow, &others);
                });
            });
        });
}

/// The whole screen takes a touch, so that no button or pit underneath acts on the touch that
/// ends the loop.
fn catch_every_touch(ctx: &egui::Context) {
    let rect = ctx.content_rect();
    egui::Area::new(egui::Id::new("kiosk-attract-catch"))
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .show(ctx, |ui| {
            ui.allocate_rect(rect, egui::Sense::click());
        });
}

/// The invitation's colour at `seconds`: it breathes slowly, so that it catches the eye.
fn invitation_glow(seconds: f32) -> Color32 {
    let pulse = 0.5 + 0.5 * (seconds * 2.2).sin();
    Color32::from_rgb(
        255,
        (214.0 + 30.0 * pulse) as u8,
        (150.0 + 60.0 * pulse) as u8,
    )
}

/// The line that names the game being played.
fn game_line(ui: &mut egui::Ui, i18n: &I18n, variant: Variant) {
    ui.label(
        RichText::new(i18n.tr_args("kiosk-attract-title", &[("variant", variant.name().into())]))
            .size(24.0)
            .color(Color32::from_rgb(250, 236, 210)),
    );
}

/// "Touch to play" in the kiosk's language, large and glowing, and under it in the others.
fn invitation(ui: &mut egui::Ui, i18n: &I18n, size: f32, glow: Color32, others: &[String]) {
    ui.label(
        RichText::new(i18n.tr("kiosk-attract-touch"))
            .size(size)
            .strong()
            .color(glow),
    );
    ui.add(
        egui::Label::new(
            RichText::new(others.join("  ·  "))
                .size(18.0)
                .italics()
                .color(Color32::from_rgb(230, 200, 150)),
        )
        .extend(),
    );
}

/// Visitors read one of four languages: the invitation in the three besides the kiosk's.
fn invitation_in_other_languages(i18n: &I18n, texts: &mut Option<I18n>) -> Vec<String> {
    let texts = texts.get_or_insert_with(|| I18n::new(Language::English));
    Language::ALL
        .into_iter()
        .filter(|l| *l != i18n.language())
        .map(|l| {
            texts.set_language(l);
            texts.tr("kiosk-attract-touch")
        })
        .collect()
}
