//! The seeds: one entity per seed of the variant, where each one lies (a pit, the hand or a
//! player's store), and the natural pile it rests in.

mod labels;
mod picture;
mod pile;
mod view;

use crate::board::{BuiltBoard, Layout};
use crate::core::CoreSet;
use crate::core::{PositionJumped, Screen, Session, SessionReplaced};
use bao_engine::{Pit, Player, Position};
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

pub(crate) use labels::{COUNT_LABELS, CountLabels};
pub(crate) use picture::position_picture;
use pile::rest_offset;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Piles>()
        .init_resource::<Hand>()
        .init_resource::<AnimClock>()
        .init_resource::<Shake>()
        .add_message::<Resync>()
        .add_systems(
            Update,
            // On the title screen too, where the session's board lies under the cards. After the
            // board: the seeds of another variant's board are replaced before they are sorted.
            spawn_seeds
                .after(crate::board::build_board)
                .in_set(CoreSet::Build),
        )
        .add_systems(
            Update,
            // In the frame another session comes (after the core took the loads), before the
            // animation starts its moves: a "show me" example's seeds are put at its start, not
            // where its moves, already in the game, will leave them.
            (follow_the_session, resync)
                .chain()
                .after(CoreSet::Load)
                .before(CoreSet::Input),
        )
        .add_systems(
            Update,
            (write_places, fly, rest).chain().in_set(CoreSet::Sync),
        )
        .add_systems(OnExit(Screen::Playing), forget_seeds);
}

/// Seed meshes and materials (needs the renderer).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// A seed, with its own small variety of shape, tint and size (seeded, the same every run).
#[derive(Component, Clone, Copy, Debug)]
pub struct Seed {
    /// Index among the variant's seeds.
    pub index: u16,
    /// Size along x, y, z (a flattened, slightly irregular bean).
    pub(crate) scale: Vec3,
    /// Which of the seed tints it has.
    pub(crate) tint: u8,
    /// Its turn about the vertical axis.
    pub(crate) yaw: f32,
    /// A small offset from its pile position, so piles look natural.
    pub(crate) jitter: Vec2,
}

impl Seed {
    /// The seed's transform when it lies at `at`.
    fn transform_at(&self, at: Vec3) -> Transform {
        let tilt = self.jitter.x * 6.0;
        Transform::from_translation(at)
            .with_rotation(Quat::from_rotation_y(self.yaw) * Quat::from_rotation_z(tilt))
            .with_scale(self.scale)
    }
}

/// Where a seed lies. Kept equal to [`Piles`] by the game core every frame.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In a pit of the board.
    Pit(Pit),
    /// In the hand of the player sowing.
    Hand,
    /// Captured, in the store of this player beside the board.
    Store(Player),
}

/// The seed's position within its place's pile: 0 at the bottom.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(pub u16);

/// A seed on its way from one place to another, timed on the [`AnimClock`].
#[derive(Component, Clone, Copy, Debug)]
pub struct Flight {
    /// Where it started.
    pub(crate) from: Vec3,
    /// Where it lands.
    pub(crate) to: Vec3,
    /// Clock time of take-off.
    pub(crate) start: f32,
    /// Seconds in the air.
    pub(crate) duration: f32,
    /// Height of the arc above the straight line.
    pub height: f32,
}

/// The seed stacks of every place: which seed entities lie where, bottom first. The animation
/// changes these; [`Place`] and [`Slot`] follow.
#[derive(Resource, Default, Debug)]
pub struct Piles {
    places: HashMap<Place, Vec<Entity>>,
}

impl Piles {
    /// The seeds in `place`, bottom first.
    pub(crate) fn seeds(&self, place: Place) -> &[Entity] {
        self.places.get(&place).map_or(&[], Vec::as_slice)
    }

    /// How many seeds lie in `place`.
    pub fn count(&self, place: Place) -> usize {
        self.seeds(place).len()
    }

    /// Takes the top `n` seeds of `place` (fewer if it holds fewer), topmost last.
    pub(crate) fn take(&mut self, place: Place, n: usize) -> Vec<Entity> {
        let Some(stack) = self.places.get_mut(&place) else {
            return Vec::new();
        };
        let keep = stack.len().saturating_sub(n);
        stack.split_off(keep)
    }

    /// Puts `seed` on top of `place`; returns its slot.
    pub(crate) fn put(&mut self, place: Place, seed: Entity) -> usize {
        let stack = self.places.entry(place).or_default();
        stack.push(seed);
        stack.len() - 1
    }

    /// Whether the piles hold exactly the seeds of `position`: each pit its count, each store
    /// the captured seeds, and nothing in the hand.
    pub(crate) fn matches(&self, position: &Position) -> bool {
        let layout = Layout::of(position.variant());
        layout
            .pits()
            .all(|pit| Some(self.count(Place::Pit(pit)) as u8) == position.seeds(pit))
            && Player::BOTH
                .iter()
                .all(|&p| self.count(Place::Store(p)) == usize::from(position.captured(p)))
            && self.count(Place::Hand) == 0
    }

    fn clear(&mut self) {
        self.places.clear();
    }
}

/// The hand that carries seeds between pits: moving from `from` to `to` over `duration`
/// seconds of the [`AnimClock`] from `start`.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(crate) struct Hand {
    /// Where the move began.
    pub(crate) from: Vec3,
    /// Where it goes.
    pub(crate) to: Vec3,
    /// Clock time the motion began.
    pub(crate) start: f32,
    /// Seconds it takes.
    pub(crate) duration: f32,
}

impl Hand {
    /// Where the hand is at clock time `t`.
    pub(crate) fn at(&self, t: f32) -> Vec3 {
        let k = if self.duration <= 0.0 {
            1.0
        } else {
            ((t - self.start) / self.duration).clamp(0.0, 1.0)
        };
        let eased = EasingCurve::new(0.0, 1.0, EaseFunction::SineInOut).sample_clamped(k);
        self.from.lerp(self.to, eased)
    }

    /// Starts moving to `to` at clock time `t`.
    pub(crate) fn move_to(&mut self, to: Vec3, t: f32, duration: f32) {
        self.from = self.at(t);
        self.to = to;
        self.start = t;
        self.duration = duration;
    }
}

/// Animation time: real time × the speed setting, stopped while paused. Seed flights and the
/// hand are timed on it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(crate) struct AnimClock {
    /// Seconds of animation so far.
    pub(crate) now: f32,
}

/// Put the seeds where the engine's position has them, at once (a new game, undo, redo, an
/// example), or with a short glide when `glide` is set.
#[derive(Message, Clone, Copy, Debug)]
pub struct Resync {
    /// Let the seeds glide to their new places instead of jumping.
    pub glide: bool,
}

/// The pit whose seeds shake after a click that is not a legal move, since when (real seconds):
/// asked for by the input.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub(crate) struct Shake {
    /// The pit, if one is shaking.
    pub(crate) pit: Option<Pit>,
    /// When the shake began, in [`Time<Real>`] seconds.
    pub(crate) since: f32,
}

/// The seeds follow the core's news: another session jumps into place, a position changed by
/// undo, redo or a replay's step glides there.
fn follow_the_session(
    mut replaced: MessageReader<SessionReplaced>,
    mut jumped: MessageReader<PositionJumped>,
    mut resync: MessageWriter<Resync>,
) {
    let replaced = replaced.read().count() > 0;
    let jumped = jumped.read().count() > 0;
    if replaced || jumped {
        resync.write(Resync { glide: !replaced });
    }
}

/// The world position a seed rests at in `place`, slot `slot`.
pub(crate) fn rest_position(
    layout: &Layout,
    hand: Vec3,
    seed: &Seed,
    place: Place,
    slot: usize,
) -> Vec3 {
    let base = match place {
        Place::Pit(pit) => layout.pit_center(pit),
        Place::Hand => hand,
        Place::Store(player) => layout.store_center(player),
    };
    base + rest_offset(layout, seed, place, slot)
}

/// The seeds of the variant, each with its own seeded variety.
fn seed_variety(count: u32, variant_index: u64) -> Vec<Seed> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xBA0_5EED ^ variant_index);
    (0..count)
        .map(|i| {
            let size = rng.random_range(0.9..1.1);
            Seed {
                index: i as u16,
                scale: Vec3::new(
                    0.108 * size * rng.random_range(0.92..1.08),
                    0.075 * size * rng.random_range(0.9..1.1),
                    0.094 * size * rng.random_range(0.92..1.08),
                ),
                tint: rng.random_range(0..view::TINTS as u8),
                yaw: rng.random_range(0.0..std::f32::consts::TAU),
                jitter: Vec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)) * 0.018,
            }
        })
        .collect()
}

/// Spawns every seed of the variant once the board is there (into the store of nobody: the
/// [`Resync`] that follows puts them in their pits).
fn spawn_seeds(
    mut commands: Commands,
    built: Res<BuiltBoard>,
    seeds: Query<(Entity, &Seed)>,
    mut piles: ResMut<Piles>,
    mut resync: MessageWriter<Resync>,
) {
    let Some(variant) = built.0 else { return };
    let total = variant.total_seeds() as usize;
    if seeds.iter().count() == total {
        return;
    }
    for (entity, _) in &seeds {
        commands.entity(entity).despawn();
    }
    piles.clear();
    let variant_index = variant as u64;
    for seed in seed_variety(total as u32, variant_index) {
        let entity = commands
            .spawn((
                Name::new("seed"),
                seed,
                Place::Hand,
                Slot(0),
                seed.transform_at(Vec3::ZERO),
                Visibility::default(),
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        piles.put(Place::Hand, entity);
    }
    resync.write(Resync { glide: false });
}

/// Moves the seeds so that the piles equal the engine's position (the least seeds moved).
fn resync(
    mut commands: Commands,
    mut requests: MessageReader<Resync>,
    session: Res<Session>,
    built: Res<BuiltBoard>,
    mut seeds: SeedsToPlace,
    mut waiting: Local<Option<bool>>,
) {
    let asked = requests.read().last().map(|r| r.glide);
    let Some(glide) = asked.or(waiting.take()) else {
        return;
    };
    let position = session.game().position();
    let total = position.variant().total_seeds() as usize;
    if built.0 != Some(position.variant()) || seeds.seeds.iter().count() != total {
        // The board or its seeds are not those of this variant yet (they are being built, or
        // are another variant's): wait for them.
        *waiting = Some(glide);
        return;
    }
    let layout = Layout::of(position.variant());
    let wanted = wanted_piles(&layout, position);
    let mut pool = seeds.take_surplus(&wanted);
    seeds.fill(&mut commands, &layout, &wanted, &mut pool, glide);
    if !pool.is_empty() {
        error!(
            "{} seeds had no place in the position; they stay in the hand",
            pool.len()
        );
        for seed in pool {
            seeds.piles.put(Place::Hand, seed);
        }
    }
}

/// How many seeds each pit and store holds in `position`.
fn wanted_piles(layout: &Layout, position: &Position) -> Vec<(Place, usize)> {
    let mut wanted: Vec<(Place, usize)> = layout
        .pits()
        .map(|pit| {
            let n = position.seeds(pit).unwrap_or(0);
            (Place::Pit(pit), usize::from(n))
        })
        .collect();
    for p in Player::BOTH {
        wanted.push((Place::Store(p), usize::from(position.captured(p))));
    }
    wanted
}

/// The seeds, the piles they lie in, and the hand and clock they move by.
#[derive(SystemParam)]
struct SeedsToPlace<'w, 's> {
    piles: ResMut<'w, Piles>,
    clock: Res<'w, AnimClock>,
    hand: Res<'w, Hand>,
    seeds: Query<'w, 's, (&'static Seed, &'static Transform)>,
}

impl SeedsToPlace<'_, '_> {
    /// Takes the seeds in the hand and those over the count wanted in each place.
    fn take_surplus(&mut self, wanted: &[(Place, usize)]) -> Vec<Entity> {
        let mut pool = self.piles.take(Place::Hand, usize::MAX);
        for &(place, n) in wanted {
            let have = self.piles.count(place);
            if have > n {
                pool.extend(self.piles.take(place, have - n));
            }
        }
        pool
    }

    /// Puts seeds from `pool` where too few lie, gliding there or at once.
    fn fill(
        &mut self,
        commands: &mut Commands,
        layout: &Layout,
        wanted: &[(Place, usize)],
        pool: &mut Vec<Entity>,
        glide: bool,
    ) {
        let now = self.clock.now;
        let hand_pos = self.hand.at(now);
        for &(place, n) in wanted {
            while self.piles.count(place) < n {
                let Some(seed) = pool.pop() else { break };
                let slot = self.piles.put(place, seed);
                let Ok((info, transform)) = self.seeds.get(seed) else {
                    continue;
                };
                let to = rest_position(layout, hand_pos, info, place, slot);
                if glide {
                    commands.entity(seed).insert(Flight {
                        from: transform.translation,
                        to,
                        start: now,
                        duration: 0.35,
                        height: 0.3,
                    });
                } else {
                    commands
                        .entity(seed)
                        .remove::<Flight>()
                        .insert(info.transform_at(to));
                }
            }
        }
    }
}

/// Copies [`Piles`] into each seed's [`Place`] and [`Slot`].
fn write_places(piles: Res<Piles>, mut seeds: Query<(&mut Place, &mut Slot)>) {
    if !piles.is_changed() {
        return;
    }
    for (&place, stack) in &piles.places {
        for (i, &entity) in stack.iter().enumerate() {
            if let Ok((mut p, mut s)) = seeds.get_mut(entity) {
                if *p != place {
                    *p = place;
                }
                if s.0 != i as u16 {
                    s.0 = i as u16;
                }
            }
        }
    }
}

/// Seeds in flight follow their arc.
fn fly(
    mut commands: Commands,
    clock: Res<AnimClock>,
    mut seeds: Query<(Entity, &Flight, &mut Transform)>,
) {
    for (entity, flight, mut transform) in &mut seeds {
        let t = if flight.duration <= 0.0 {
            1.0
        } else {
            (clock.now - flight.start) / flight.duration
        };
        if t < 0.0 {
            transform.translation = flight.from;
            continue;
        }
        if t >= 1.0 {
            transform.translation = flight.to;
            commands.entity(entity).remove::<Flight>();
            continue;
        }
        let along = EasingCurve::new(0.0, 1.0, EaseFunction::SineInOut).sample_clamped(t);
        let lift = flight.height * 4.0 * t * (1.0 - t);
        transform.translation = flight.from.lerp(flight.to, along) + Vec3::Y * lift;
    }
}

/// Seeds at rest ease toward their pile position (piles shift when seeds leave or the hand
/// moves); the seeds of a pit clicked in vain shake for a moment.
fn rest(
    time: Res<Time>,
    real: Res<Time<Real>>,
    clock: Res<AnimClock>,
    hand: Res<Hand>,
    built: Res<BuiltBoard>,
    shake: Res<Shake>,
    mut seeds: Query<(&Seed, &Place, &Slot, &mut Transform), Without<Flight>>,
) {
    let Some(variant) = built.0 else { return };
    let layout = Layout::of(variant);
    let hand_pos = hand.at(clock.now);
    let k = 1.0 - (-time.delta_secs() * 14.0).exp();
    let age = real.elapsed_secs() - shake.since;
    let shaking = shake.pit.filter(|_| (0.0..SHAKE_SECONDS).contains(&age));
    for (seed, &place, slot, mut transform) in &mut seeds {
        let mut target = rest_position(&layout, hand_pos, seed, place, usize::from(slot.0));
        if shaking.is_some_and(|pit| place == Place::Pit(pit)) {
            // A quick side-to-side wobble that dies away: "not this one".
            let fade = 1.0 - age / SHAKE_SECONDS;
            target.x += (age * 48.0).sin() * 0.045 * fade;
            transform.translation = target;
            continue;
        }
        let d = target - transform.translation;
        if d.length_squared() > 1e-8 {
            transform.translation += d * k;
        }
    }
}

/// How long a pit shakes after a click that is not a legal move.
const SHAKE_SECONDS: f32 = 0.45;

fn forget_seeds(mut piles: ResMut<Piles>) {
    piles.clear();
}

/// Snaps every seed to its resting place at once (after a skip).
pub(crate) fn snap_all(
    commands: &mut Commands,
    layout: &Layout,
    hand: Vec3,
    piles: &Piles,
    seeds: &Query<&Seed>,
) {
    for (&place, stack) in &piles.places {
        for (slot, &entity) in stack.iter().enumerate() {
            if let Ok(seed) = seeds.get(entity) {
                let to = rest_position(layout, hand, seed, place, slot);
                commands
                    .entity(entity)
                    .remove::<Flight>()
                    .insert(seed.transform_at(to));
            }
        }
    }
}
