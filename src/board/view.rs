//! How the board looks: carved wood, the table, warm light with soft shadows, Kujifunza's
//! kichwa and kimbi marks, Kingulu's reserved holes in their owner's colour, and the rings that
//! show which pits can start a move.

use super::highlight::{DirectionArrows, MoveRings, Ring, TurnRings};
use super::ring_shapes::RingShape;
use super::{BoardSurface, Layout, PIT_RADIUS, PitSlot, cloth, mesh, room_light, wood, wood_maps};
use crate::core::{PitClicked, Screen, Session, Shown};
use bao_engine::{Pit, Player, Position, Variant};
use bevy::asset::RenderAssetUsages;
use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::light::EnvironmentMapLight;
use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};
use cloth::{BoardShadow, ClothMaterial};

pub(super) fn plugin(app: &mut App) {
    let [r, g, b] = cloth::ROOM;
    app.add_plugins(cloth::plugin)
        .insert_resource(ClearColor(Color::srgb(r, g, b)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.86, 0.7),
            brightness: AMBIENT_WITH_ROOM,
            ..default()
        })
        .init_resource::<WoodFiltering>()
        .init_resource::<Tops>()
        .init_resource::<Unpainted>()
        .add_systems(Startup, (make_look, spawn_lights))
        .add_systems(Update, (refilter_top, paint_when_drawn).chain())
        .add_observer(dress_board)
        .add_observer(dress_pit)
        .add_systems(
            Update,
            (update_rings, update_reserved, update_arrows)
                .run_if(in_state(Screen::Playing))
                .after(crate::core::CoreSet::Sync),
        );
}

/// The ambient light's brightness beside the room's environment map (the high picture).
pub(crate) const AMBIENT_WITH_ROOM: f32 = 60.0;
/// The ambient light's brightness without it (the standard picture): it fills the shadows as
/// the room's walls did.
pub(crate) const AMBIENT_WITHOUT_ROOM: f32 = 220.0;

/// South's colour: warm amber.
const SOUTH_COLOR: Color = Color::srgb(0.95, 0.66, 0.22);
/// North's colour: indigo blue.
const NORTH_COLOR: Color = Color::srgb(0.28, 0.52, 0.9);

/// Meshes and materials of the board, made once.
#[derive(Resource)]
struct Look {
    body: Handle<StandardMaterial>,
    /// The cloth's baked texture (its material, with the board's shadow, is made per board size).
    cloth: Handle<Image>,
    inlay: Handle<StandardMaterial>,
    groove: Handle<StandardMaterial>,
    players: [Handle<StandardMaterial>; 2],
    disc: Handle<Mesh>,
    /// The highlight outlines, by shape.
    shapes: HashMap<RingShape, Handle<Mesh>>,
    rim: Handle<Mesh>,
    dot: Handle<Mesh>,
    arrow: Handle<Mesh>,
    rings: Rings,
}

/// The highlight materials, by meaning.
struct Rings {
    legal: Handle<StandardMaterial>,
    hover: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    target: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    capture: Handle<StandardMaterial>,
    relay: Handle<StandardMaterial>,
    focus: Handle<StandardMaterial>,
    last_move: Handle<StandardMaterial>,
    blocked: Handle<StandardMaterial>,
}

/// The highlight ring of a pit.
#[derive(Component)]
struct PitRing(Pit);

/// An arrow at the chosen start pit pointing to the first pit of one direction (Kujifunza,
/// KU-2); a click on it picks that direction.
#[derive(Component)]
struct DirectionArrow;

/// The mark of a reserved hole (Kingulu, KN-5), shown in its owner's colour.
#[derive(Component)]
struct ReservedMark(Pit);

fn glow(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    strength: f32,
) -> Handle<StandardMaterial> {
    let linear = color.to_linear();
    materials.add(StandardMaterial {
        base_color: color.with_alpha(0.85),
        emissive: LinearRgba::rgb(linear.red, linear.green, linear.blue) * strength,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    })
}

/// The board's meshes and materials, made once at start.
fn make_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    images: Res<Assets<Image>>,
    mut unpainted: ResMut<Unpainted>,
) {
    // The grain and the cloth are painted once the title is drawn (`paint_when_drawn`).
    let grain = images.reserve_handle();
    let cloth = images.reserve_handle();
    unpainted.0.push(Painting::Grain(grain.clone()));
    unpainted.0.push(Painting::Cloth(cloth.clone()));
    let body = materials.add(body_material(grain));
    let rings = Rings::new(&mut materials);
    let player = |c: Color, m: &mut Assets<StandardMaterial>| {
        m.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.4,
            ..default()
        })
    };
    commands.insert_resource(Look {
        body,
        // Its light is baked (`cloth`).
        cloth,
        inlay: materials.add(StandardMaterial {
            base_color: Color::srgb(0.93, 0.88, 0.76),
            perceptual_roughness: 0.35,
            ..default()
        }),
        groove: materials.add(groove_material()),
        players: [
            player(SOUTH_COLOR, &mut materials),
            player(NORTH_COLOR, &mut materials),
        ],
        disc: meshes.add(Circle::new(PIT_RADIUS)),
        shapes: RingShape::ALL
            .into_iter()
            .map(|shape| (shape, meshes.add(shape.mesh())))
            .collect(),
        rim: meshes.add(Torus::new(PIT_RADIUS + 0.005, PIT_RADIUS + 0.035)),
        dot: meshes.add(Sphere::new(0.075)),
        arrow: meshes.add(Cone {
            radius: 0.13,
            height: 0.3,
        }),
        rings,
    });
}

/// The slab's sides and the store trays: the tileable grain, darkened to the oiled top's
/// colour.
fn body_material(grain: Handle<Image>) -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.42, 0.3, 0.24),
        base_color_texture: Some(grain),
        perceptual_roughness: 0.5,
        ..default()
    }
}

/// A line cut into the wood, darker than the wood and dull: the kimbi's circle reads as
/// carving, where every mark the game lays on a pit is a light ring.
fn groove_material() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.07, 0.035, 0.02),
        perceptual_roughness: 0.9,
        ..default()
    }
}

impl Rings {
    fn new(materials: &mut Assets<StandardMaterial>) -> Self {
        Rings {
            legal: glow(materials, Color::srgb(1.0, 0.85, 0.5), 0.6),
            hover: glow(materials, Color::srgb(1.0, 0.93, 0.6), 2.5),
            selected: glow(materials, Color::srgb(1.0, 0.6, 0.2), 2.0),
            target: glow(materials, Color::srgb(0.5, 1.0, 0.6), 2.0),
            hint: glow(materials, Color::srgb(0.6, 0.9, 1.0), 2.0),
            capture: glow(materials, Color::srgb(1.0, 0.3, 0.2), 2.5),
            relay: glow(materials, Color::srgb(1.0, 0.95, 0.8), 1.5),
            // The keyboard's focus: white, brighter and larger than any other ring.
            focus: glow(materials, Color::srgb(1.0, 1.0, 1.0), 4.0),
            // Where the other player's move started: ochre, as the overlay marks the last move.
            last_move: glow(materials, Color::srgb(1.0, 0.7, 0.3), 3.0),
            // A pit that may not start: clay red, dimmer than the capture's red, and still.
            blocked: glow(materials, Color::srgb(0.95, 0.35, 0.28), 1.2),
        }
    }
}

/// The most samples the board top's wood takes where it is seen at a low angle (anisotropic
/// filtering; 1 is plain trilinear filtering). The camera sets it with the picture's quality: a
/// GPU takes 16 for next to nothing, a software renderer paid a fifth of its frame for them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WoodFiltering(pub(crate) u16);

impl Default for WoodFiltering {
    fn default() -> Self {
        WoodFiltering(16)
    }
}

/// Each board size's top and shadow, made once: the top for each filtering asked for so far
/// (a board is dressed before the camera knows the renderer only on a renderer that starts
/// late), the shadow on the cloth.
#[derive(Resource, Default)]
struct Tops {
    tops: HashMap<((u8, u8), u16), Handle<StandardMaterial>>,
    cloths: HashMap<(u8, u8), Handle<ClothMaterial>>,
}

impl Tops {
    /// `unpainted` is where its wood waits to be painted, if it may not be painted now.
    fn top(
        &mut self,
        layout: &Layout,
        filtering: WoodFiltering,
        images: &mut Assets<Image>,
        materials: &mut Assets<StandardMaterial>,
        unpainted: Option<&mut Unpainted>,
    ) -> Handle<StandardMaterial> {
        self.tops
            .entry((board_size(layout), filtering.0))
            .or_insert_with(|| {
                let top = TopImages::reserve(images);
                let material = materials.add(top.material());
                let painting = Painting::Top(*layout, filtering, top);
                match unpainted {
                    Some(unpainted) => unpainted.0.push(painting),
                    None => painting.paint(images),
                }
                material
            })
            .clone()
    }

    /// The cloth under `layout`'s board, with the board's shadow on it.
    fn cloth(
        &mut self,
        layout: &Layout,
        texture: &Handle<Image>,
        materials: &mut Assets<ClothMaterial>,
    ) -> Handle<ClothMaterial> {
        self.cloths
            .entry(board_size(layout))
            .or_insert_with(|| {
                materials.add(ClothMaterial {
                    shadow: BoardShadow::of_slab(
                        layout.slab_half_extents(),
                        super::lamp_direction(),
                    ),
                    texture: texture.clone(),
                })
            })
            .clone()
    }
}

/// The frame from which the pictures made in code (the board top's wood, the grain, the cloth)
/// are painted: the wood takes a quarter of a second in the browser, and the first frames show
/// no board yet — its pipelines are still being compiled — so the title is drawn first (frame 0
/// ran the start-up, frame 1 drew the title). Their handles are reserved at once, so the
/// materials and their pipelines are made as before, and what uses a picture is drawn once it
/// is painted.
const PAINT_FROM_FRAME: u32 = 2;

/// The pictures still to be painted (`PAINT_FROM_FRAME`).
#[derive(Resource, Default)]
struct Unpainted(Vec<Painting>);

/// A picture made in code, and the reserved handle it goes to.
enum Painting {
    /// The tileable grain of the slab's sides and the store trays.
    Grain(Handle<Image>),
    /// The cloth under the board, its light baked.
    Cloth(Handle<Image>),
    /// A board top's oiled hardwood for a board size and a filtering.
    Top(Layout, WoodFiltering, TopImages),
}

/// Whether the pictures may be painted in this frame (`PAINT_FROM_FRAME`).
fn may_paint(frames: Option<&FrameCount>) -> bool {
    frames.is_none_or(|f| f.0 >= PAINT_FROM_FRAME)
}

/// Paints the pictures that wait, once the title has been drawn.
fn paint_when_drawn(
    frames: Option<Res<FrameCount>>,
    mut unpainted: ResMut<Unpainted>,
    mut images: ResMut<Assets<Image>>,
) {
    if unpainted.0.is_empty() || !may_paint(frames.as_deref()) {
        return;
    }
    for painting in unpainted.0.drain(..) {
        painting.paint(&mut images);
    }
}

impl Painting {
    fn paint(self, images: &mut Assets<Image>) {
        let made = match self {
            Painting::Grain(handle) => images.insert(&handle, wood::wood_image()),
            Painting::Cloth(handle) => images.insert(&handle, cloth::cloth_image()),
            Painting::Top(layout, filtering, top) => top.paint(&layout, filtering, images),
        };
        // Only a handle whose asset was removed meanwhile fails, and then nothing shows it.
        if let Err(error) = made {
            warn!("a picture of the board was not painted: {error}");
        }
    }
}

/// Rows and columns: boards of one size share their wood.
fn board_size(layout: &Layout) -> (u8, u8) {
    (layout.variant.rows() as u8, layout.variant.cols() as u8)
}

/// Another filtering asked for: the board on screen gets its top made with it.
fn refilter_top(
    filtering: Res<WoodFiltering>,
    session: Res<Session>,
    mut tops: ResMut<Tops>,
    (mut images, mut materials): (ResMut<Assets<Image>>, ResMut<Assets<StandardMaterial>>),
    mut unpainted: ResMut<Unpainted>,
    frames: Option<Res<FrameCount>>,
    mut boards: Query<&mut MeshMaterial3d<StandardMaterial>, With<BoardSurface>>,
) {
    if !filtering.is_changed() || boards.is_empty() {
        return;
    }
    let layout = Layout::of(session.variant());
    let waiting = (!may_paint(frames.as_deref())).then_some(&mut *unpainted);
    let top = tops.top(&layout, *filtering, &mut images, &mut materials, waiting);
    for mut material in &mut boards {
        material.0 = top.clone();
    }
}

/// The images of a board top's oiled hardwood: colour, grain relief, and roughness with the
/// pits' occlusion.
struct TopImages {
    albedo: Handle<Image>,
    normal: Handle<Image>,
    orm: Handle<Image>,
}

impl TopImages {
    fn reserve(images: &Assets<Image>) -> Self {
        TopImages {
            albedo: images.reserve_handle(),
            normal: images.reserve_handle(),
            orm: images.reserve_handle(),
        }
    }

    fn material(&self) -> StandardMaterial {
        StandardMaterial {
            base_color_texture: Some(self.albedo.clone()),
            normal_map_texture: Some(self.normal.clone()),
            metallic_roughness_texture: Some(self.orm.clone()),
            occlusion_texture: Some(self.orm.clone()),
            // The map's roughness as it is; an oiled finish reflects a little more than bare
            // wood.
            perceptual_roughness: 1.0,
            metallic: 0.0,
            reflectance: 0.38,
            ..default()
        }
    }

    /// The wood generated for this board's size and pits (`wood_maps`), each map with its mip
    /// chain.
    fn paint(
        &self,
        layout: &Layout,
        filtering: WoodFiltering,
        images: &mut Assets<Image>,
    ) -> Result<(), bevy::asset::InvalidGenerationError> {
        let maps = wood_maps::generate(&layout.wood_spec(96.0));
        let mipped = |data: &[u8], kind, format| {
            mipped_image(data, (maps.width, maps.height), kind, format, filtering)
        };
        images.insert(
            &self.albedo,
            mipped(
                &maps.albedo,
                wood_maps::MapKind::Srgb,
                TextureFormat::Rgba8UnormSrgb,
            ),
        )?;
        images.insert(
            &self.normal,
            mipped(
                &maps.normal,
                wood_maps::MapKind::Normal,
                TextureFormat::Rgba8Unorm,
            ),
        )?;
        images.insert(
            &self.orm,
            mipped(
                &maps.orm,
                wood_maps::MapKind::Linear,
                TextureFormat::Rgba8Unorm,
            ),
        )
    }
}

/// An RGBA8 image with its mip chain made on the CPU (the web's renderer cannot make mips), sampled
/// with trilinear, anisotropic filtering so the grain stays crisp at a low angle.
fn mipped_image(
    data: &[u8],
    (width, height): (u32, u32),
    kind: wood_maps::MapKind,
    format: TextureFormat,
    filtering: WoodFiltering,
) -> Image {
    let (chain, levels) = wood_maps::mip_chain(data, width, height, kind);
    let size = Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(chain);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: filtering.0.max(1),
        ..default()
    });
    image
}

/// How bright the room's light is (Bevy's environment-map intensity, cd/m² per unit of the
/// generated map).
const ROOM_INTENSITY: f32 = 380.0;

/// The dim room around the table, as light for the camera (`room_light`): the lamp's soft box
/// and the windows glint on the oiled wood and the seeds, and the walls light the shadows.
pub(crate) fn room_environment(images: &mut Assets<Image>) -> EnvironmentMapLight {
    let room = room_light::room_light(128, 16);
    EnvironmentMapLight {
        diffuse_map: images.add(cube_image(room.diffuse)),
        specular_map: images.add(cube_image(room.specular)),
        intensity: ROOM_INTENSITY,
        ..default()
    }
}

fn cube_image(cube: room_light::CubeMap) -> Image {
    let size = Extent3d {
        width: cube.size,
        height: cube.size,
        depth_or_array_layers: 6,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(cube.data);
    image.texture_descriptor.mip_level_count = cube.mip_levels;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        Name::new("sun"),
        // The lamp over the table: warm, high and a little to the left, so that every seed
        // casts a short shadow into its pit.
        DirectionalLight {
            color: Color::srgb(1.0, 0.84, 0.64),
            illuminance: 8_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-3.0, 9.0, 3.0).looking_at(Vec3::ZERO, Vec3::Y),
        // One cascade fitted to the board seen from the camera (the board's far edge is under
        // 20 units away), so the shadow map's texels all fall on the board.
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 0.5,
            maximum_distance: 20.0,
            ..default()
        }
        .build(),
    ));
    // No fill light: the room's environment map and the ambient light fill the shadows (a
    // point light cost a software renderer a seventh of its frame).
}

/// What a board is dressed with: its meshes and, once per board size, its wood and cloth.
#[derive(SystemParam)]
struct BoardDressing<'w> {
    look: Option<Res<'w, Look>>,
    meshes: ResMut<'w, Assets<Mesh>>,
    images: ResMut<'w, Assets<Image>>,
    materials: ResMut<'w, Assets<StandardMaterial>>,
    cloths: ResMut<'w, Assets<ClothMaterial>>,
    filtering: Res<'w, WoodFiltering>,
    tops: ResMut<'w, Tops>,
    unpainted: ResMut<'w, Unpainted>,
    frames: Option<Res<'w, FrameCount>>,
}

/// Gives the board entity its carved top, body, table and (Kujifunza) kichwa
/// and kimbi marks.
fn dress_board(
    add: On<Add, BoardSurface>,
    mut commands: Commands,
    session: Res<Session>,
    mut dressing: BoardDressing,
) {
    let Some(look) = dressing.look.as_deref() else {
        return;
    };
    let layout = Layout::of(session.variant());
    // A board put on later (another game) gets its wood at once, so that it never shows without.
    let waiting = (!may_paint(dressing.frames.as_deref())).then_some(&mut *dressing.unpainted);
    let top = dressing.tops.top(
        &layout,
        *dressing.filtering,
        &mut dressing.images,
        &mut dressing.materials,
        waiting,
    );
    let cloth = dressing
        .tops
        .cloth(&layout, &look.cloth, &mut dressing.cloths);
    let meshes = &mut dressing.meshes;
    let (body_mesh, body_at) = mesh::board_body(&layout);
    let board = add.entity;
    commands.entity(board).insert((
        Mesh3d(meshes.add(mesh::board_top(&layout))),
        MeshMaterial3d(top),
    ));
    // The cloth and the body cast no shadow: nothing lit lies under them (the cloth is unlit,
    // the board's shadow on it worked out in its shader), and the shadow map would have them
    // drawn into it every frame for nothing.
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(44.0, 44.0))),
        MeshMaterial3d(cloth),
        Transform::from_xyz(0.0, -0.58, 0.0),
        NotShadowCaster,
        part_of(board),
    ));
    commands.spawn((
        Mesh3d(meshes.add(body_mesh)),
        MeshMaterial3d(look.body.clone()),
        body_at,
        NotShadowCaster,
        part_of(board),
    ));
    // Whose side is whose is told by the cards and by the incised line between the halves, as
    // on a real board: no coloured bars lying on the wood.
    if session.variant().is_kujifunza() {
        for part in kimbi_marks(look, &layout, session.game().start()) {
            commands.spawn((part, part_of(board)));
        }
    }
}

/// Kujifunza's kimbi, each a ring carved around its pit, and its kichwa, a bone dot beside it.
fn kimbi_marks(
    look: &Look,
    layout: &Layout,
    position: &Position,
) -> Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform)> {
    let mut parts = Vec::new();
    for p in Player::BOTH {
        for (pit, kichwa) in position.kimbi(p) {
            let at = layout.pit_center(pit);
            parts.push((
                Mesh3d(look.rim.clone()),
                MeshMaterial3d(look.groove.clone()),
                Transform::from_translation(at + Vec3::Y * 0.002)
                    .with_scale(Vec3::new(1.0, 0.25, 1.0)),
            ));
            if kichwa {
                // The kichwa: a bone dot on the side of the gap between the halves.
                let toward_gap = if at.z > 0.0 { -1.0 } else { 1.0 };
                parts.push((
                    Mesh3d(look.dot.clone()),
                    MeshMaterial3d(look.inlay.clone()),
                    Transform::from_translation(
                        at + Vec3::new(0.0, -0.025, toward_gap * (PIT_RADIUS + 0.12)),
                    )
                    .with_scale(Vec3::new(1.0, 0.5, 1.0)),
                ));
            }
        }
    }
    parts
}

/// What every part of the board shares: it hangs from the board, ignores the pointer (the
/// pits' own targets take the clicks) and goes with the game screen.
fn part_of(board: Entity) -> impl Bundle {
    (
        Pickable::IGNORE,
        DespawnOnExit(Screen::Playing),
        ChildOf(board),
    )
}

/// Gives a pit its (invisible) click target, its highlight ring and its reserved mark.
fn dress_pit(
    add: On<Add, PitSlot>,
    mut commands: Commands,
    look: Option<Res<Look>>,
    mut pits: Query<(&PitSlot, &mut Transform)>,
) {
    let Some(look) = look else { return };
    let Ok((&PitSlot(pit), mut transform)) = pits.get_mut(add.entity) else {
        return;
    };
    // The pit entity stands at the pit's centre; its disc (the click target) lies flat there.
    let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    transform.rotation = flat;
    // The click target is never drawn: an invisible disc blended over every pit cost a software
    // renderer a sixth of its frame. Picking casts rays at hidden meshes too (`lib.rs`), and its
    // clicks and hovers bubble up to the pit.
    commands.spawn((
        Mesh3d(look.disc.clone()),
        Visibility::Hidden,
        NotShadowCaster,
        ChildOf(add.entity),
    ));
    commands.spawn((
        PitRing(pit),
        Mesh3d(look.shape(RingShape::Plain)),
        MeshMaterial3d(look.rings.legal.clone()),
        Transform::from_xyz(0.0, 0.0, 0.012),
        Visibility::Hidden,
        NotShadowCaster,
        Pickable::IGNORE,
        ChildOf(add.entity),
    ));
    commands.spawn((
        ReservedMark(pit),
        Mesh3d(look.rim.clone()),
        MeshMaterial3d(look.players[0].clone()),
        Transform::from_xyz(0.0, 0.0, 0.0)
            .with_rotation(flat.inverse())
            .with_scale(Vec3::new(1.0, 0.6, 1.0)),
        Visibility::Hidden,
        Pickable::IGNORE,
        ChildOf(add.entity),
    ));
}

/// The rings the layers above ask for: the step being shown over the player's turn.
fn update_rings(
    move_rings: Res<MoveRings>,
    turn_rings: Res<TurnRings>,
    time: Res<Time<Real>>,
    look: Option<Res<Look>>,
    mut rings: Query<(
        &PitRing,
        &mut Mesh3d,
        &mut MeshMaterial3d<StandardMaterial>,
        &mut Visibility,
        &mut Transform,
    )>,
) {
    let Some(look) = look else { return };
    let pulse = 1.0 + 0.06 * (time.elapsed_secs() * 5.0).sin();
    for (ring, mut mesh, mut material, mut visibility, mut transform) in &mut rings {
        let asked = move_rings.at(ring.0).or_else(|| turn_rings.at(ring.0));
        match asked {
            Some(kind) => {
                let m = look.rings.material(kind);
                if material.0 != *m {
                    material.0 = m.clone();
                }
                let shape = look.shape(RingShape::of(kind));
                if mesh.0 != shape {
                    mesh.0 = shape;
                }
                *visibility = Visibility::Inherited;
                transform.scale = Vec3::splat(ring_scale(kind, pulse));
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// A ring's size: pulsing, a little larger under the pointer, or still.
fn ring_scale(kind: Ring, pulse: f32) -> f32 {
    match kind {
        _ if kind.pulses() => pulse,
        Ring::Hover => 1.04,
        _ => 1.0,
    }
}

impl Rings {
    /// The material of a ring of this kind.
    fn material(&self, kind: Ring) -> &Handle<StandardMaterial> {
        match kind {
            Ring::Selected | Ring::Reserved => &self.selected,
            Ring::Target => &self.target,
            Ring::Hint => &self.hint,
            Ring::Legal => &self.legal,
            Ring::Hover => &self.hover,
            Ring::Focus => &self.focus,
            Ring::Capture => &self.capture,
            Ring::Relay => &self.relay,
            Ring::LastMove => &self.last_move,
            Ring::Blocked => &self.blocked,
        }
    }
}

impl Look {
    /// The mesh of a highlight's outline.
    fn shape(&self, shape: RingShape) -> Handle<Mesh> {
        self.shapes.get(&shape).cloned().unwrap_or_default()
    }
}

/// Kingulu's reserved holes, as the board shows them (mid-move too), in their owner's colour.
fn update_reserved(
    session: Res<Session>,
    shown: Res<Shown>,
    look: Option<Res<Look>>,
    mut marks: Query<(
        &ReservedMark,
        &mut MeshMaterial3d<StandardMaterial>,
        &mut Visibility,
    )>,
) {
    let Some(look) = look else { return };
    let shown = shown.position(&session);
    // Only Kingulu has reserved holes (KN-5); the engine's reserved bits cover 16 cells.
    let kingulu = shown.variant() == Variant::Kingulu;
    for (mark, mut material, mut visibility) in &mut marks {
        let owner = if kingulu {
            shown.reserved_by(mark.0)
        } else {
            None
        };
        match owner {
            Some(owner) => {
                let m = &look.players[owner.index()];
                if material.0 != *m {
                    material.0 = m.clone();
                }
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

/// Kujifunza: while the direction is asked, two arrows at the start pit point to the first pit
/// of each direction; clicking an arrow is the same as clicking that pit.
fn update_arrows(
    mut commands: Commands,
    asked: Res<DirectionArrows>,
    session: Res<Session>,
    look: Option<Res<Look>>,
    arrows: Query<Entity, With<DirectionArrow>>,
) {
    if !asked.is_changed() {
        return;
    }
    for arrow in &arrows {
        commands.entity(arrow).despawn();
    }
    let Some(look) = look else { return };
    let Some((from, targets)) = &asked.0 else {
        return;
    };
    let layout = Layout::of(session.variant());
    let start = layout.pit_center(*from);
    for &target in targets {
        let toward = (layout.pit_center(target) - start).normalize_or_zero();
        commands
            .spawn((
                DirectionArrow,
                Mesh3d(look.arrow.clone()),
                MeshMaterial3d(look.rings.target.clone()),
                Transform::from_translation(start + toward * 0.5 + Vec3::Y * 0.32)
                    .with_rotation(Quat::from_rotation_arc(Vec3::Y, toward)),
                NotShadowCaster,
                DespawnOnExit(Screen::Playing),
            ))
            .observe(
                move |click: On<Pointer<Click>>, mut clicked: MessageWriter<PitClicked>| {
                    if click.button == PointerButton::Primary {
                        clicked.write(PitClicked(target));
                    }
                },
            );
    }
}
