//! The camera: a good default view of each board size, orbit and zoom with mouse and touch
//! (one finger turns, two pinch), a reset, and a slow circle in the kiosk's attract loop.

use crate::board::{BuiltBoard, Layout, STORE_WIDTH};
use crate::session::GameCommand;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::light::DirectionalLightShadowMap;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                frame_board,
                mouse_orbit,
                touch_orbit,
                attract_circle,
                apply_orbit,
                suit_software_renderer,
            )
                .chain(),
        );
}

/// The camera that looks at the board.
#[derive(Component)]
pub struct MainCamera;

/// Vertical field of view.
const FOV: f32 = 0.62;
/// Lowest and highest view angle above the table.
const PITCH: (f32, f32) = (0.35, 1.5);

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
            pitch: 1.1,
            distance: 12.0,
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
}

impl View {
    fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        let target = Vec3::new(0.0, -0.1, 0.25 * self.pitch.cos());
        Transform::from_translation(target + dir * self.distance).looking_at(target, Vec3::Y)
    }
}

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Name::new("camera"),
        MainCamera,
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection {
            fov: FOV,
            ..default()
        }),
        orbit.now.transform(),
    ));
}

/// On a software renderer (no GPU: llvmpipe, WARP) the picture is drawn without multisampling
/// and with a smaller shadow map, which keeps frames several times faster.
fn suit_software_renderer(
    mut commands: Commands,
    adapter: Option<Res<RenderAdapterInfo>>,
    cameras: Query<Entity, With<MainCamera>>,
    others: Query<Entity, (With<Camera>, Without<MainCamera>)>,
    mut done: Local<bool>,
) {
    let Some(adapter) = adapter else { return };
    if *done || cameras.is_empty() {
        return;
    }
    *done = true;
    // wgpu's `DeviceType` is not re-exported by Bevy; its name is enough here.
    let software = format!("{:?}", adapter.device_type) == "Cpu";
    if !software {
        return;
    }
    info!(
        "software renderer ({}): no MSAA, 1024² shadows",
        adapter.name
    );
    commands.insert_resource(DirectionalLightShadowMap { size: 1024 });
    // Every camera of the window (the overlay's too): cameras that draw into one window with
    // different multisampling do not share its textures, and the overlay's would not be cleared.
    for camera in cameras.iter().chain(&others) {
        commands.entity(camera).insert(Msaa::Off);
    }
}

/// The view that shows the whole board, stores included, for this window's shape.
fn home_view(layout: &Layout, aspect: f32) -> View {
    let half = layout.half_extents();
    let width = half.x
        + if layout.has_stores() {
            STORE_WIDTH + 0.3
        } else {
            0.0
        }
        + 0.2;
    let pitch: f32 = 1.1;
    let half_v = FOV / 2.0;
    let half_h = (half_v.tan() * aspect).atan();
    // Far enough that the width fits across and the (tilted) depth fits up and down.
    let for_width = width / half_h.tan() + half.y * pitch.cos();
    let for_depth = (half.y * pitch.sin() + 0.5) / half_v.tan() + half.y * pitch.cos();
    View {
        yaw: 0.0,
        pitch,
        distance: (for_width * 1.08).max(for_depth * 0.92),
    }
}

/// A new board (or a reset): glide to the home view of its size.
fn frame_board(
    built: Res<BuiltBoard>,
    cameras: Query<&Camera, With<MainCamera>>,
    mut commands_in: MessageReader<GameCommand>,
    mut orbit: ResMut<Orbit>,
    mut framed: Local<Option<(bao_engine::Variant, u32)>>,
) {
    let reset = commands_in.read().any(|c| *c == GameCommand::ResetCamera);
    let Some(variant) = built.0 else { return };
    // The camera's own viewport: the overlay may give the board less than the window.
    let aspect = cameras
        .iter()
        .next()
        .and_then(Camera::logical_viewport_size)
        .map_or(16.0 / 9.0, |s| s.x / s.y.max(1.0));
    let key = (variant, (aspect * 100.0) as u32);
    if *framed == Some(key) && !reset {
        return;
    }
    let home = home_view(&Layout::of(variant), aspect);
    let first = framed.map(|(v, _)| v) != Some(variant);
    orbit.home = home;
    orbit.goal = home;
    if first {
        orbit.now = home;
    }
    *framed = Some(key);
}

fn mouse_orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    overlay: Option<Res<EguiWantsInput>>,
    mut orbit: ResMut<Orbit>,
) {
    // The overlay's panels and windows keep their own scrolling and dragging.
    if overlay.is_some_and(|o| o.wants_pointer_input() || o.is_pointer_over_area()) {
        return;
    }
    if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
        turn(&mut orbit, motion.delta);
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        zoom(&mut orbit, 1.0 - lines * 0.1);
    }
}

/// One finger drags the view round; two fingers pinch to zoom. A touch that began on the
/// overlay (a button, a window) is the overlay's.
fn touch_orbit(
    touches: Res<Touches>,
    overlay: Option<Res<EguiWantsInput>>,
    mut orbit: ResMut<Orbit>,
    mut on_overlay: Local<bool>,
) {
    if touches.iter().next().is_none() {
        *on_overlay = false;
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
        [one] if one.distance().length() > 12.0 => turn(&mut orbit, one.delta()),
        [a, b] => {
            let before = (a.previous_position() - b.previous_position()).length();
            let after = (a.position() - b.position()).length();
            if before > 1.0 && after > 1.0 {
                zoom(&mut orbit, before / after);
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

/// The kiosk's attract loop: the camera circles the board slowly, a little lower than usual; when
/// the loop ends it goes back to the home view.
fn attract_circle(
    time: Res<Time<Real>>,
    attract: Option<Res<crate::kiosk::Attract>>,
    mut orbit: ResMut<Orbit>,
    mut circling: Local<bool>,
) {
    let active = attract.is_some_and(|a| a.active);
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
        orbit.now.yaw = orbit.now.yaw.rem_euclid(std::f32::consts::TAU);
        if orbit.now.yaw > std::f32::consts::PI {
            orbit.now.yaw -= std::f32::consts::TAU;
        }
    }
    *circling = active;
}

fn turn(orbit: &mut Orbit, delta: Vec2) {
    orbit.goal.yaw -= delta.x * 0.006;
    orbit.goal.pitch = (orbit.goal.pitch + delta.y * 0.004).clamp(PITCH.0, PITCH.1);
}

fn zoom(orbit: &mut Orbit, factor: f32) {
    let home = orbit.home.distance;
    orbit.goal.distance = (orbit.goal.distance * factor).clamp(home * 0.4, home * 1.8);
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
    let view = *now;
    if let Ok(mut transform) = camera.single_mut() {
        *transform = view.transform();
    }
}
