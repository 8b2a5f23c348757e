//! The camera: a good default view of each board size, orbit and zoom with mouse and touch
//! (one finger turns, two pinch), a reset, and a slow circle in the kiosk's attract loop. The
//! player's turn and zoom are kept relative to the board's home view ([`CameraView`]), so they
//! carry over to other board sizes and between runs. The home view looks from South's side of
//! the table, or from North's when a layer above asks for it ([`SeenFrom`]).

use crate::board::{BuiltBoard, Layout, WoodFiltering};
use crate::core::{CoreSet, Quality, Screen, Settings};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::light::{DirectionalLightShadowMap, EnvironmentMapLight, ShadowFilteringMethod};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .init_resource::<CameraView>()
        .init_resource::<SeenFrom>()
        .init_resource::<CameraMode>()
        .init_resource::<OverlayCover>()
        .add_message::<ResetCamera>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                frame_board,
                mouse_orbit,
                touch_orbit,
                attract_circle,
                apply_orbit,
            )
                .chain(),
        )
        // Before the board is built, so that its wood is made for the renderer the first time.
        .add_systems(Update, apply_quality.before(CoreSet::Build));
}

/// How much of the window's height the overlay covers from the top, as a share (set by the
/// overlay each frame). The top cards take about [`TOP_CARDS`]; a card under them (a lesson's,
/// a puzzle's, an example's caption) takes more, and the home view then moves the board down
/// and back so that every pit stays in sight below it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct OverlayCover {
    /// The share of the height from the top edge down to the lowest card's bottom.
    pub(crate) top: f32,
}

/// The share of the height the top cards take, which the home view always leaves free
/// (half of what [`FREE_HEIGHT`] leaves).
const TOP_CARDS: f32 = (1.0 - FREE_HEIGHT) / 2.0;

/// How far beyond the top cards the overlay covers, in steps of 2 % of the height (so that a
/// card a few pixels taller does not move the board), at most a third of it.
fn extra_cover(cover: OverlayCover) -> f32 {
    let extra = (cover.top - TOP_CARDS).clamp(0.0, 0.32);
    (extra / 0.02).round() * 0.02
}

/// Put the camera back to the home view, forgetting the player's turn and zoom (the settings'
/// "reset view", the keyboard's Home).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ResetCamera;

/// What the camera does: follow the player's view, or circle the board slowly for nobody in
/// particular (set by the kiosk's attract loop; the camera never asks who set it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CameraMode {
    /// The player's view, turned and zoomed by the player.
    #[default]
    Player,
    /// A slow circle around the board.
    Circling,
}

/// The side of the table the home view looks from, as a player at a real board sees it from
/// their own side: South's unless a layer above asks for North's (online play, our seat North).
/// The camera never asks why. Face to face, the view from above is the same for both.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeenFrom {
    /// South's side, near the bottom of the window.
    #[default]
    South,
    /// North's side: the board turned half round.
    North,
}

impl SeenFrom {
    /// The side the home view really looks from: face to face both players look from above,
    /// each from their own side already, and the board is shown as from South's.
    pub fn shown(side: Option<&SeenFrom>, settings: &Settings) -> SeenFrom {
        match side {
            Some(side) if !settings.face_to_face => *side,
            _ => SeenFrom::South,
        }
    }
}

/// The camera that looks at the board.
#[derive(Component)]
pub(crate) struct MainCamera;

/// Vertical field of view.
const FOV: f32 = 0.62;
/// Lowest and highest view angle above the table.
const PITCH: (f32, f32) = (0.35, 1.5);
/// The home view's angle above the table.
const HOME_PITCH: f32 = 1.1;
/// Face to face ([`Settings::face_to_face`]): the camera looks (all but) straight down, so that
/// the players on either side of a table both see the board the right way up. (Exactly straight
/// down would leave the camera without an "up" to turn by.)
const FACE_TO_FACE_PITCH: f32 = PITCH.1;
/// The share of the window's height the board may take in the home view: the overlay's cards
/// lie over the rest.
const FREE_HEIGHT: f32 = 0.74;
/// Nearest and farthest zoom, as a share of the home view's distance.
const ZOOM: (f32, f32) = (0.4, 1.8);

/// The player's view relative to the board's home view: the turn away from it, the angle above
/// the table, and the distance as a share of the home distance. Changed only by the player's
/// orbit and zoom and by a reset (never by the kiosk's circling), so the settings keep it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraView {
    /// Radians turned from the home view, -π to π.
    pub yaw: f32,
    /// Radians above the table.
    pub pitch: f32,
    /// Distance over the home view's distance.
    pub zoom: f32,
}

impl Default for CameraView {
    fn default() -> Self {
        CameraView {
            yaw: 0.0,
            pitch: HOME_PITCH,
            zoom: 1.0,
        }
    }
}

impl CameraView {
    /// The view brought into range: the turn within -π..π, the angle and zoom within the
    /// camera's limits; a value that is not a number is the default's.
    pub fn clamped(self) -> CameraView {
        let default = CameraView::default();
        let finite = |v: f32, d: f32| if v.is_finite() { v } else { d };
        CameraView {
            yaw: wrap_angle(finite(self.yaw, default.yaw)),
            pitch: finite(self.pitch, default.pitch).clamp(PITCH.0, PITCH.1),
            zoom: finite(self.zoom, default.zoom).clamp(ZOOM.0, ZOOM.1),
        }
    }

    /// The absolute view this makes of a board's home view.
    fn on(self, home: View) -> View {
        let view = self.clamped();
        View {
            yaw: home.yaw + view.yaw,
            pitch: view.pitch,
            distance: home.distance * view.zoom,
            lift: home.lift,
        }
    }

    /// The view `view` relative to the home view `home`.
    fn between(view: View, home: View) -> CameraView {
        CameraView {
            yaw: view.yaw - home.yaw,
            pitch: view.pitch,
            zoom: view.distance / home.distance.max(f32::EPSILON),
        }
        .clamped()
    }
}

/// The same angle within -π..π (an angle already there is kept exactly).
fn wrap_angle(angle: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    if (-PI..=PI).contains(&angle) {
        return angle;
    }
    let wrapped = angle.rem_euclid(TAU);
    if wrapped > PI { wrapped - TAU } else { wrapped }
}

/// The camera's orbit around the board's centre; `goal` is where it glides to.
#[derive(Resource, Clone, Copy, Debug)]
struct Orbit {
    now: View,
    goal: View,
    home: View,
}

impl Default for Orbit {
    fn default() -> Self {
        let v = View {
            yaw: 0.0,
            pitch: HOME_PITCH,
            distance: 12.0,
            lift: 0.0,
        };
        Orbit {
            now: v,
            goal: v,
            home: v,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct View {
    yaw: f32,
    pitch: f32,
    distance: f32,
    /// How far the board is shown below the window's middle, as a share of its height (the
    /// camera is moved up its own "up" by as much).
    lift: f32,
}

impl View {
    fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        let target = Vec3::new(0.0, -0.1, 0.25 * self.pitch.cos());
        let looking =
            Transform::from_translation(target + dir * self.distance).looking_at(target, Vec3::Y);
        // The window's height spans 2·d·tan(FOV/2) at the target's distance.
        let shift = looking.up() * (self.lift * 2.0 * self.distance * (FOV / 2.0).tan());
        Transform {
            translation: looking.translation + shift,
            ..looking
        }
    }
}

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Name::new("camera"),
        MainCamera,
        Camera3d::default(),
        // One tonemapper everywhere, and one that needs no lookup table (not in the web build):
        // a filmic roll-off for the lamp's highlights on the oiled wood and the seeds.
        Tonemapping::AcesFitted,
        Projection::Perspective(PerspectiveProjection {
            fov: FOV,
            ..default()
        }),
        orbit.now.transform(),
    ));
}

/// The quality asked for on the command line (`--quality`), over the settings' and the
/// renderer's, for this run only.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AskedQuality(pub(crate) Quality);

/// The quality the picture is drawn at now (the player's choice or the renderer's), for the
/// settings window to show.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PictureQuality(pub(crate) Quality);

/// The window's other cameras (the overlay's).
type OtherCameras = (With<Camera>, Without<MainCamera>);

/// The picture's quality: the player's choice, or else what the renderer suits — a software
/// renderer (no GPU: llvmpipe, WARP) draws the standard picture, which keeps its frames several
/// times faster; a GPU the high one. Standard: no multisampling, a 1024-texel shadow map with
/// one hardware sample, the wood filtered trilinearly; high: 2048 texels with a Gaussian filter,
/// 16× anisotropic wood, the room's light, and on the desktop SSAO, TAA and bloom
/// ([`desktop_extras`]), on the web 4× multisampling.
fn apply_quality(
    mut commands: Commands,
    adapter: Option<Res<RenderAdapterInfo>>,
    choice: QualityChoice,
    mut light: QualityLight,
    cameras: WindowCameras,
    mut applied: Local<Option<Quality>>,
) {
    let Some(adapter) = adapter else { return };
    if cameras.main.is_empty() {
        return;
    }
    // wgpu's `DeviceType` is not re-exported by Bevy; its name is enough here.
    let software = format!("{:?}", adapter.device_type) == "Cpu";
    let quality = choice.quality(software);
    if *applied == Some(quality) {
        return;
    }
    *applied = Some(quality);
    commands.insert_resource(PictureQuality(quality));
    info!("picture quality: {} ({})", quality.id(), adapter.name);
    let (samples, shadows, filtering, wood) = match quality {
        Quality::Standard => (Msaa::Off, 1024, ShadowFilteringMethod::Hardware2x2, 1),
        Quality::High => (HIGH_MSAA, 2048, ShadowFilteringMethod::Gaussian, 16),
    };
    commands.insert_resource(DirectionalLightShadowMap { size: shadows });
    light.set(quality, WoodFiltering(wood));
    // Every camera of the window (the overlay's too): cameras that draw into one window with
    // different multisampling do not share its textures, and the overlay's would not be cleared.
    for camera in cameras.main.iter().chain(&cameras.others) {
        commands.entity(camera).insert(samples);
    }
    for camera in &cameras.main {
        let mut camera = commands.entity(camera);
        camera.insert(filtering);
        match quality {
            Quality::High => camera.insert(light.room()),
            Quality::Standard => camera.remove::<EnvironmentMapLight>(),
        };
        #[cfg(not(target_arch = "wasm32"))]
        desktop_extras::apply(&mut camera, quality);
    }
}

/// Who chooses the picture's quality: the command line, else the settings.
#[derive(SystemParam)]
struct QualityChoice<'w> {
    settings: Res<'w, Settings>,
    asked: Option<Res<'w, AskedQuality>>,
}

impl QualityChoice<'_> {
    /// The quality asked for, else the one that suits the renderer.
    fn quality(&self, software: bool) -> Quality {
        self.asked
            .as_ref()
            .map(|a| a.0)
            .or(self.settings.quality)
            .unwrap_or(if software {
                Quality::Standard
            } else {
                Quality::High
            })
    }
}

/// The light and wood that change with the picture's quality.
#[derive(SystemParam)]
struct QualityLight<'w, 's> {
    /// The dim room round the table as light (`board::room_environment`), made once, when the
    /// high picture first asks for it: the standard picture (a software renderer's) never does,
    /// and in the browser it took a twentieth of a second before the title could be drawn.
    room: Local<'s, Option<EnvironmentMapLight>>,
    images: ResMut<'w, Assets<Image>>,
    ambient: ResMut<'w, GlobalAmbientLight>,
    wood_filtering: Option<ResMut<'w, WoodFiltering>>,
}

impl QualityLight<'_, '_> {
    /// The room's light, made the first time it is asked for.
    fn room(&mut self) -> EnvironmentMapLight {
        let images = &mut self.images;
        self.room
            .get_or_insert_with(|| crate::board::room_environment(images))
            .clone()
    }

    /// The wood's filtering, and the ambient light for `quality`: the room's cubemaps cost a
    /// software renderer a fifteenth of its frame, so the standard picture lights the shadows
    /// with a brighter ambient light instead.
    fn set(&mut self, quality: Quality, wood: WoodFiltering) {
        if let Some(filtering) = &mut self.wood_filtering {
            filtering.set_if_neq(wood);
        }
        self.ambient.brightness = match quality {
            Quality::Standard => crate::board::AMBIENT_WITHOUT_ROOM,
            Quality::High => crate::board::AMBIENT_WITH_ROOM,
        };
    }
}

/// The window's cameras: the board's and the others (the overlay's).
#[derive(SystemParam)]
struct WindowCameras<'w, 's> {
    main: Query<'w, 's, Entity, With<MainCamera>>,
    others: Query<'w, 's, Entity, OtherCameras>,
}

/// The high picture's multisampling: 4× where nothing else smooths the edges (WebGL2); none on
/// the desktop, where temporal anti-aliasing does it (SSAO and TAA work only without it).
#[cfg(target_arch = "wasm32")]
const HIGH_MSAA: Msaa = Msaa::Sample4;
#[cfg(not(target_arch = "wasm32"))]
const HIGH_MSAA: Msaa = Msaa::Off;

/// What the high picture adds on the desktop, where the renderer has compute shaders and
/// prepasses (WebGL2 has neither, so the web's high picture keeps 4× multisampling instead):
/// ambient occlusion in screen space (the seeds' piles and the pits' walls darken each other
/// where the room's light cannot reach), temporal anti-aliasing, and a faint bloom round the
/// lamp's highlights on the oiled wood and the seeds' gloss.
#[cfg(not(target_arch = "wasm32"))]
mod desktop_extras {
    use super::Quality;
    use bevy::anti_alias::taa::TemporalAntiAliasing;
    use bevy::camera::Hdr;
    use bevy::core_pipeline::prepass::{DepthPrepass, MotionVectorPrepass, NormalPrepass};
    use bevy::ecs::system::EntityCommands;
    use bevy::pbr::{ScreenSpaceAmbientOcclusion, ScreenSpaceAmbientOcclusionQualityLevel};
    use bevy::post_process::bloom::Bloom;
    use bevy::render::camera::{MipBias, TemporalJitter};

    /// A bloom that only haloes what is brighter than the wood: the highlights.
    const BLOOM: Bloom = Bloom {
        intensity: 0.06,
        ..Bloom::NATURAL
    };

    pub(super) fn apply(camera: &mut EntityCommands, quality: Quality) {
        match quality {
            Quality::High => {
                camera.insert((
                    ScreenSpaceAmbientOcclusion {
                        quality_level: ScreenSpaceAmbientOcclusionQualityLevel::Medium,
                        ..Default::default()
                    },
                    TemporalAntiAliasing::default(),
                    BLOOM,
                ));
            }
            // The prepasses and the HDR target the extras brought along (required components)
            // go too: the standard picture would pay for them every frame.
            Quality::Standard => {
                camera.remove::<(
                    ScreenSpaceAmbientOcclusion,
                    TemporalAntiAliasing,
                    Bloom,
                    Hdr,
                    DepthPrepass,
                    NormalPrepass,
                    MotionVectorPrepass,
                    TemporalJitter,
                    MipBias,
                )>();
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use bevy::prelude::*;

        fn apply_to(world: &mut World, camera: Entity, quality: Quality) {
            apply(&mut world.commands().entity(camera), quality);
            world.flush();
        }

        /// The high picture brings its extras and the prepasses they need; the standard one
        /// takes every one of them away again, so that it pays for none.
        #[test]
        fn the_high_picture_adds_ssao_taa_and_bloom_and_the_standard_one_removes_them_all() {
            let mut world = World::new();
            let camera = world.spawn_empty().id();
            apply_to(&mut world, camera, Quality::High);
            let high = world.entity(camera);
            assert!(high.contains::<ScreenSpaceAmbientOcclusion>());
            assert!(high.contains::<TemporalAntiAliasing>());
            assert!(high.contains::<Bloom>());
            assert!(high.contains::<Hdr>() && high.contains::<DepthPrepass>());
            apply_to(&mut world, camera, Quality::Standard);
            let standard = world.entity(camera);
            assert!(!standard.contains::<ScreenSpaceAmbientOcclusion>());
            assert!(!standard.contains::<TemporalAntiAliasing>());
            assert!(!standard.contains::<Bloom>());
            assert!(!standard.contains::<Hdr>());
            assert!(!standard.contains::<DepthPrepass>());
            assert!(!standard.contains::<NormalPrepass>());
            assert!(!standard.contains::<MotionVectorPrepass>());
            assert!(!standard.contains::<TemporalJitter>());
            assert!(!standard.contains::<MipBias>());
        }
    }
}

/// The view from `side` of the table that shows the whole board, stores included, for this
/// window's shape, with `extra` of the height covered from the top beyond the top cards
/// ([`extra_cover`]).
fn home_view_from(layout: &Layout, aspect: f32, pitch: f32, extra: f32, side: SeenFrom) -> View {
    let half = layout.slab_half_extents();
    let width = half.x + 0.05;
    let half_v = FOV / 2.0;
    let half_h = (half_v.tan() * aspect).atan();
    // Far enough that the width fits across the window and the (tilted) depth fits in the
    // middle of its height, where the overlay's cards leave the scene free.
    let for_width = width / half_h.tan() + half.y * pitch.cos();
    let free = FREE_HEIGHT - extra;
    let for_depth = (half.y * pitch.sin() + 0.3) / (half_v.tan() * free) + half.y * pitch.cos();
    let yaw = match side {
        SeenFrom::South => 0.0,
        SeenFrom::North => std::f32::consts::PI,
    };
    View {
        yaw,
        pitch,
        distance: for_width.max(for_depth),
        // The free band's middle lies half the extra cover below the window's.
        lift: extra / 2.0,
    }
}

/// A new board or a new window shape: glide to the player's view of its home view; a reset
/// forgets the player's view and glides home. Face to face, the view from above replaces the
/// player's (which is kept for when the setting is turned off).
fn frame_board(
    framing: FramingInputs,
    mut resets: MessageReader<ResetCamera>,
    mut orbit: ResMut<Orbit>,
    mut view: ResMut<CameraView>,
    mut framed: Local<Option<FramingKey>>,
) {
    let reset = resets.read().count() > 0;
    if reset {
        view.set_if_neq(CameraView::default());
    }
    let Some(framing) = framing.framing() else {
        return;
    };
    let key = framing.key();
    if *framed == Some(key) && !reset {
        return;
    }
    let home = framing.home_view();
    let first = framed.map(|(v, ..)| v) != Some(framing.variant);
    let mut goal = if framing.facing { home } else { view.on(home) };
    if first {
        orbit.now = goal;
    } else {
        // Turn the short way round from where the camera stands.
        goal.yaw = orbit.now.yaw + wrap_angle(goal.yaw - orbit.now.yaw);
    }
    orbit.home = home;
    orbit.goal = goal;
    *framed = Some(key);
}

/// What the board's home view depends on: the board built, the face-to-face setting, the
/// overlay's cover and the camera's viewport.
#[derive(SystemParam)]
struct FramingInputs<'w, 's> {
    built: Res<'w, BuiltBoard>,
    settings: Res<'w, Settings>,
    cover: Option<Res<'w, OverlayCover>>,
    side: Option<Res<'w, SeenFrom>>,
    cameras: Query<'w, 's, &'static Camera, With<MainCamera>>,
}

impl FramingInputs<'_, '_> {
    /// What the board on screen is framed for; none before a board is built.
    fn framing(&self) -> Option<Framing> {
        let variant = self.built.0?;
        // The camera's own viewport: the overlay may give the board less than the window.
        let aspect = self
            .cameras
            .iter()
            .next()
            .and_then(Camera::logical_viewport_size)
            .map_or(16.0 / 9.0, |s| s.x / s.y.max(1.0));
        let facing = self.settings.face_to_face;
        // Face to face, North's cards are turned at the top: the view from above stays centred.
        let extra = match &self.cover {
            Some(cover) if !facing => extra_cover(**cover),
            _ => 0.0,
        };
        let side = SeenFrom::shown(self.side.as_deref(), &self.settings);
        Some(Framing {
            variant,
            aspect,
            facing,
            extra,
            side,
        })
    }
}

/// What a board is framed for: its size, the viewport's shape, whether the players sit face to
/// face, and how far beyond the top cards the overlay covers.
struct Framing {
    variant: bao_engine::Variant,
    aspect: f32,
    facing: bool,
    extra: f32,
    side: SeenFrom,
}

/// A [`Framing`] rounded to what changes the view: the board is framed again when it changes.
type FramingKey = (bao_engine::Variant, u32, bool, u32, SeenFrom);

impl Framing {
    fn key(&self) -> FramingKey {
        (
            self.variant,
            (self.aspect * 100.0) as u32,
            self.facing,
            (self.extra * 100.0).round() as u32,
            self.side,
        )
    }

    fn home_view(&self) -> View {
        let pitch = if self.facing {
            FACE_TO_FACE_PITCH
        } else {
            HOME_PITCH
        };
        home_view_from(
            &Layout::of(self.variant),
            self.aspect,
            pitch,
            self.extra,
            self.side,
        )
    }
}

fn mouse_orbit(
    settings: Res<Settings>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    overlay: Option<Res<EguiWantsInput>>,
    mut orbit: ResMut<Orbit>,
    mut view: ResMut<CameraView>,
) {
    // The overlay's panels and windows keep their own scrolling and dragging.
    if settings.face_to_face
        || overlay.is_some_and(|o| o.wants_pointer_input() || o.is_pointer_over_area())
    {
        return;
    }
    if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
        turn(&mut orbit, &mut view, motion.delta);
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        zoom(&mut orbit, &mut view, 1.0 - lines * 0.1);
    }
}

/// One finger drags the view round; two fingers pinch to zoom. A touch that began on the
/// overlay (a button, a window) is the overlay's. Face to face the view stays put: one
/// visitor's drag would turn the board away from the other.
fn touch_orbit(
    settings: Res<Settings>,
    touches: Res<Touches>,
    overlay: Option<Res<EguiWantsInput>>,
    mut orbit: ResMut<Orbit>,
    mut view: ResMut<CameraView>,
    mut on_overlay: Local<bool>,
) {
    if touches.iter().next().is_none() {
        *on_overlay = false;
        return;
    }
    if settings.face_to_face {
        return;
    }
    if touches.any_just_pressed()
        && overlay.is_some_and(|o| o.wants_pointer_input() || o.is_pointer_over_area())
    {
        *on_overlay = true;
    }
    if *on_overlay {
        return;
    }
    let active: Vec<_> = touches.iter().collect();
    match active.as_slice() {
        [one] if one.distance().length() > 12.0 => turn(&mut orbit, &mut view, one.delta()),
        [a, b] => {
            let before = (a.previous_position() - b.previous_position()).length();
            let after = (a.position() - b.position()).length();
            if before > 1.0 && after > 1.0 {
                zoom(&mut orbit, &mut view, before / after);
            }
        }
        _ => {}
    }
}

/// Radians a second the camera circles the board in the kiosk's attract loop (a turn in about
/// 80 seconds).
const CIRCLE_SPEED: f32 = 0.08;
/// The view angle the camera circles at.
const CIRCLE_PITCH: f32 = 1.12;
/// The circling camera stands this much farther off than the home view, so that the turned
/// board stays in sight.
const CIRCLE_DISTANCE: f32 = 1.3;

/// [`CameraMode::Circling`] (the kiosk's attract loop) and the title screen, whose cards lie
/// over the board: the camera circles the board slowly, a little lower than usual; when the
/// circling ends it goes back to the home view, for the next visitor or game. The circle is not
/// the player's view: [`CameraView`] is left alone while it turns.
fn attract_circle(
    time: Res<Time<Real>>,
    mode: Res<CameraMode>,
    screen: Option<Res<State<Screen>>>,
    mut orbit: ResMut<Orbit>,
    mut view: ResMut<CameraView>,
    settings: Res<Settings>,
    mut circling: Local<bool>,
) {
    let on_title = screen.is_some_and(|s| *s.get() == Screen::Title);
    // Reduced motion: the board stays in its home view.
    let active = (*mode == CameraMode::Circling || on_title) && !settings.reduced_motion;
    if active {
        orbit.goal.yaw += CIRCLE_SPEED * time.delta_secs();
        orbit.goal.pitch = CIRCLE_PITCH;
        orbit.goal.distance = orbit.home.distance * CIRCLE_DISTANCE;
        // Keep the angles small over a day of circling; `now` follows by the same turn.
        if orbit.goal.yaw > std::f32::consts::TAU {
            orbit.goal.yaw -= std::f32::consts::TAU;
            orbit.now.yaw -= std::f32::consts::TAU;
        }
    } else if *circling {
        orbit.goal = orbit.home;
        view.set_if_neq(CameraView::default());
        orbit.now.yaw = orbit.now.yaw.rem_euclid(std::f32::consts::TAU);
        if orbit.now.yaw > std::f32::consts::PI {
            orbit.now.yaw -= std::f32::consts::TAU;
        }
    }
    *circling = active;
}

fn turn(orbit: &mut Orbit, view: &mut ResMut<CameraView>, delta: Vec2) {
    if delta == Vec2::ZERO {
        return;
    }
    orbit.goal.yaw -= delta.x * 0.006;
    orbit.goal.pitch = (orbit.goal.pitch + delta.y * 0.004).clamp(PITCH.0, PITCH.1);
    remember(orbit, view);
}

fn zoom(orbit: &mut Orbit, view: &mut ResMut<CameraView>, factor: f32) {
    if !factor.is_finite() || factor == 1.0 {
        return;
    }
    let home = orbit.home.distance;
    orbit.goal.distance = (orbit.goal.distance * factor).clamp(home * ZOOM.0, home * ZOOM.1);
    remember(orbit, view);
}

/// The player's view follows the orbit's goal; it is marked changed only when it differs.
fn remember(orbit: &Orbit, view: &mut ResMut<CameraView>) {
    view.set_if_neq(CameraView::between(orbit.goal, orbit.home));
}

fn apply_orbit(
    time: Res<Time<Real>>,
    mut orbit: ResMut<Orbit>,
    mut camera: Query<&mut Transform, With<MainCamera>>,
) {
    let k = 1.0 - (-time.delta_secs() * 10.0).exp();
    let goal = orbit.goal;
    let now = &mut orbit.now;
    now.yaw += (goal.yaw - now.yaw) * k;
    now.pitch += (goal.pitch - now.pitch) * k;
    now.distance += (goal.distance - now.distance) * k;
    now.lift += (goal.lift - now.lift) * k;
    let view = *now;
    if let Ok(mut transform) = camera.single_mut() {
        *transform = view.transform();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The home view from South's side.
    fn home_view(layout: &Layout, aspect: f32, pitch: f32, extra: f32) -> View {
        home_view_from(layout, aspect, pitch, extra, SeenFrom::South)
    }
    use bao_engine::Variant;
    use std::f32::consts::{PI, TAU};

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn the_players_view_is_applied_relative_to_each_home_view() {
        let view = CameraView {
            yaw: 0.5,
            pitch: 0.8,
            zoom: 0.7,
        };
        for variant in Variant::ALL {
            let home = home_view(&Layout::of(variant), 16.0 / 9.0, HOME_PITCH, 0.0);
            let on = view.on(home);
            assert!(close(on.yaw, home.yaw + 0.5), "{variant:?}");
            assert_eq!(on.pitch, 0.8, "{variant:?}");
            assert!(close(on.distance, home.distance * 0.7), "{variant:?}");
            let back = CameraView::between(on, home);
            assert!(close(back.yaw, view.yaw) && close(back.zoom, view.zoom));
            assert_eq!(back.pitch, view.pitch);
        }
        // A small board's home is nearer than a large one's; the zoom keeps the same share.
        let small = home_view(&Layout::of(Variant::Kingulu), 16.0 / 9.0, HOME_PITCH, 0.0);
        let large = home_view(&Layout::of(Variant::Kigogo), 16.0 / 9.0, HOME_PITCH, 0.0);
        assert!(small.distance < large.distance);
        assert!(close(
            view.on(small).distance / view.on(large).distance,
            small.distance / large.distance
        ));
        assert_eq!(CameraView::default().on(large), large);
    }

    /// The share of the window's height from the top edge to where `at` is drawn from `view`.
    fn from_top(view: &View, at: Vec3, aspect: f32) -> f32 {
        let eye = view.transform().compute_affine().inverse();
        let projection = Mat4::perspective_rh(FOV, aspect, 0.1, 100.0);
        let clip = projection * eye.transform_point3(at).extend(1.0);
        (1.0 - clip.y / clip.w) / 2.0
    }

    #[test]
    fn a_card_under_the_top_cards_moves_the_board_down_and_back_below_it() {
        let aspect = 16.0 / 9.0;
        assert_eq!(
            extra_cover(OverlayCover { top: 0.1 }),
            0.0,
            "the top cards alone"
        );
        assert_eq!(
            extra_cover(OverlayCover { top: 0.9 }),
            0.32,
            "at most a third"
        );
        for variant in Variant::GAMES {
            let layout = Layout::of(variant);
            let half = layout.slab_half_extents();
            // The far edge of the board's top, where North's back row is.
            let far = Vec3::new(0.0, 0.0, -half.y);
            let near = Vec3::new(0.0, 0.0, half.y);
            let plain = home_view(&layout, aspect, HOME_PITCH, 0.0);
            for cover in [0.25, 0.32, 0.4] {
                let extra = extra_cover(OverlayCover { top: cover });
                let framed = home_view(&layout, aspect, HOME_PITCH, extra);
                assert!(
                    framed.distance >= plain.distance,
                    "{variant:?}: never nearer"
                );
                let top = from_top(&framed, far, aspect);
                let bottom = from_top(&framed, near, aspect);
                assert!(
                    top >= cover - 0.02,
                    "{variant:?}: the far edge at {top:.3} of the height, under a card to {cover}"
                );
                assert!(
                    bottom <= 1.0 - TOP_CARDS + 0.02,
                    "{variant:?}: the near edge at {bottom:.3}, above the bottom cards"
                );
            }
        }
    }

    #[test]
    fn a_view_out_of_range_is_brought_into_range() {
        let wild = CameraView {
            yaw: 3.0 * PI,
            pitch: 4.0,
            zoom: 0.01,
        }
        .clamped();
        assert!(close(wild.yaw, PI) || close(wild.yaw, -PI), "{wild:?}");
        assert_eq!(wild.pitch, PITCH.1);
        assert_eq!(wild.zoom, ZOOM.0);
        let low = CameraView {
            yaw: -7.0,
            pitch: -1.0,
            zoom: 50.0,
        }
        .clamped();
        assert!(close(low.yaw, TAU - 7.0), "{low:?}");
        assert_eq!((low.pitch, low.zoom), (PITCH.0, ZOOM.1));
        let broken = CameraView {
            yaw: f32::NAN,
            pitch: f32::INFINITY,
            zoom: f32::NEG_INFINITY,
        };
        assert_eq!(broken.clamped(), CameraView::default());
        // A view in range is kept exactly, so loading and saving it changes nothing.
        let fine = CameraView {
            yaw: -2.9,
            pitch: 0.61,
            zoom: 1.37,
        };
        assert_eq!(fine.clamped(), fine);
    }

    /// Counts the frames in which the player's view was marked changed.
    #[derive(Resource, Default)]
    struct Changes(u32);

    fn count_changes(view: Res<CameraView>, mut changes: ResMut<Changes>) {
        if view.is_changed() {
            changes.0 += 1;
        }
    }

    fn camera_app(variant: Variant, view: CameraView) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<ResetCamera>()
            .init_resource::<CameraMode>()
            .init_resource::<Settings>()
            .insert_resource(BuiltBoard(Some(variant)))
            .init_resource::<Orbit>()
            .insert_resource(view)
            .init_resource::<Changes>()
            .init_resource::<ButtonInput<MouseButton>>()
            .insert_resource(AccumulatedMouseMotion { delta: Vec2::ZERO })
            .insert_resource(AccumulatedMouseScroll {
                unit: MouseScrollUnit::Line,
                delta: Vec2::ZERO,
            })
            .add_systems(Update, (frame_board, mouse_orbit, count_changes).chain());
        app.update();
        app
    }

    fn changes(app: &App) -> u32 {
        app.world().resource::<Changes>().0
    }

    /// Holds the right button and moves the mouse by `delta` this frame.
    fn drag(app: &mut App, delta: Vec2) {
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Right);
        app.world_mut()
            .resource_mut::<AccumulatedMouseMotion>()
            .delta = delta;
    }

    /// Turns the mouse wheel by `lines` this frame.
    fn scroll(app: &mut App, lines: f32) {
        app.world_mut()
            .resource_mut::<AccumulatedMouseScroll>()
            .delta = Vec2::new(0.0, lines);
    }

    #[test]
    fn orbit_and_zoom_change_the_view_once_and_a_new_board_or_reset_applies_it() {
        let start = CameraView {
            yaw: 0.3,
            pitch: 0.9,
            zoom: 1.5,
        };
        let mut app = camera_app(Variant::Kingulu, start);
        let home = home_view(&Layout::of(Variant::Kingulu), 16.0 / 9.0, HOME_PITCH, 0.0);
        let orbit = *app.world().resource::<Orbit>();
        assert_eq!(orbit.goal, start.on(home));
        assert_eq!(orbit.now, orbit.goal, "a new board starts at the view");
        let idle = changes(&app);
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(changes(&app), idle, "no change while nothing moves");

        // A drag turns the view, and only the frames with motion change it.
        drag(&mut app, Vec2::new(50.0, 0.0));
        app.update();
        assert_eq!(changes(&app), idle + 1);
        let turned = *app.world().resource::<CameraView>();
        assert!(close(turned.yaw, 0.3 - 50.0 * 0.006), "{turned:?}");
        drag(&mut app, Vec2::ZERO);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(changes(&app), idle + 1, "a held button without motion");

        // Zooming in by one line of the wheel.
        scroll(&mut app, 1.0);
        app.update();
        scroll(&mut app, 0.0);
        app.update();
        assert_eq!(changes(&app), idle + 2);
        let zoomed = *app.world().resource::<CameraView>();
        assert!(close(zoomed.zoom, 1.5 * 0.9), "{zoomed:?}");

        // Another board size: the same turn, angle and zoom, about its own home view.
        app.world_mut().resource_mut::<BuiltBoard>().0 = Some(Variant::Kigogo);
        app.update();
        let large = home_view(&Layout::of(Variant::Kigogo), 16.0 / 9.0, HOME_PITCH, 0.0);
        let orbit = *app.world().resource::<Orbit>();
        assert_eq!(orbit.home, large);
        assert_eq!(orbit.goal, zoomed.on(large));
        assert_eq!(*app.world().resource::<CameraView>(), zoomed);

        // "Reset view" forgets the player's view.
        app.world_mut().write_message(ResetCamera);
        app.update();
        assert_eq!(*app.world().resource::<CameraView>(), CameraView::default());
        assert_eq!(app.world().resource::<Orbit>().goal, large);
    }

    #[test]
    fn face_to_face_looks_down_on_the_board_ignores_drags_and_keeps_the_players_view() {
        let start = CameraView {
            yaw: 0.7,
            pitch: 0.6,
            zoom: 1.2,
        };
        let mut app = camera_app(Variant::Kigogo, start);
        app.world_mut().resource_mut::<Settings>().face_to_face = true;
        app.update();
        let top = home_view(
            &Layout::of(Variant::Kigogo),
            16.0 / 9.0,
            FACE_TO_FACE_PITCH,
            0.0,
        );
        let orbit = *app.world().resource::<Orbit>();
        assert_eq!(
            orbit.goal, top,
            "face to face: the view from above, not the player's"
        );
        // Looking down: the camera's forward is nearly straight down, and its up is along the
        // board toward North (-z), so that South's side is at the bottom of the screen.
        let camera = top.transform();
        assert!(camera.forward().y < -0.99, "{:?}", camera.forward());
        assert!(
            camera.up().z < -0.99 * FACE_TO_FACE_PITCH.sin(),
            "{:?}",
            camera.up()
        );

        // A drag does not turn it, and the player's own view is kept.
        drag(&mut app, Vec2::new(80.0, 30.0));
        app.update();
        assert_eq!(app.world().resource::<Orbit>().goal, top);
        assert_eq!(*app.world().resource::<CameraView>(), start);

        // Turned off: back to the player's view.
        app.world_mut().resource_mut::<Settings>().face_to_face = false;
        drag(&mut app, Vec2::ZERO);
        app.update();
        let home = home_view(&Layout::of(Variant::Kigogo), 16.0 / 9.0, HOME_PITCH, 0.0);
        assert_eq!(app.world().resource::<Orbit>().goal, start.on(home));
    }

    #[test]
    fn seen_from_north_the_home_view_turns_half_round_and_keeps_the_players_view() {
        let start = CameraView {
            yaw: 0.4,
            ..CameraView::default()
        };
        let mut app = camera_app(Variant::Kigogo, start);
        app.insert_resource(SeenFrom::North);
        app.update();
        let layout = Layout::of(Variant::Kigogo);
        let north = home_view_from(&layout, 16.0 / 9.0, HOME_PITCH, 0.0, SeenFrom::North);
        let south = home_view(&layout, 16.0 / 9.0, HOME_PITCH, 0.0);
        assert!(close(north.yaw, PI) && close(north.distance, south.distance));
        let orbit = *app.world().resource::<Orbit>();
        assert_eq!(orbit.home, north);
        assert!(close(wrap_angle(orbit.goal.yaw - start.on(north).yaw), 0.0));
        assert_eq!(*app.world().resource::<CameraView>(), start);
        // Face to face, both look from above as before.
        app.world_mut().resource_mut::<Settings>().face_to_face = true;
        app.update();
        assert!(close(
            wrap_angle(app.world().resource::<Orbit>().home.yaw),
            0.0
        ));
    }
}
