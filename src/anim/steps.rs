//! How each kind of step of a move trace is shown: which seeds move where, along which arc,
//! for how long.

use super::{Flash, FlashKind};
use crate::board::Layout;
use crate::seeds::{Flight, Hand, Piles, Place, Seed, rest_position};
use bao_engine::{CaptureTo, Pit, Player, Position, Step};
use bevy::prelude::*;

/// What showing a step needs.
pub(super) struct Ctx<'a, 'w, 's> {
    pub(crate) commands: &'a mut Commands<'w, 's>,
    pub(crate) piles: &'a mut Piles,
    pub(crate) hand: &'a mut Hand,
    pub(crate) flashes: &'a mut Vec<Flash>,
    pub(crate) layout: &'a Layout,
    /// The variety of a seed entity.
    pub(crate) seed_of: &'a dyn Fn(Entity) -> Option<Seed>,
    pub(crate) mover: Player,
    /// The board after the step.
    pub(crate) board: &'a Position,
    /// Skipping: no flights, no highlights.
    pub(crate) instant: bool,
    /// Reduced motion: seeds glide along the board, no arcs.
    pub(crate) glide: bool,
    /// When the last seed the step moves lands (clock time): the step's start until a seed
    /// flies.
    pub(crate) landing: f32,
}

impl Ctx<'_, '_, '_> {
    /// Moves the top `n` seeds of `from` to `to`, each along an arc of `height`, taking off
    /// `stagger` seconds apart from `start`.
    fn carry(
        &mut self,
        from: Place,
        to: Place,
        n: usize,
        start: f32,
        flight: (f32, f32),
        stagger: f32,
    ) {
        let (duration, arc) = flight;
        let height = if self.glide { 0.0 } else { arc };
        let base = self.piles.count(from).saturating_sub(n);
        let moving = self.piles.take(from, n);
        for (i, seed) in moving.into_iter().enumerate() {
            let slot = self.piles.put(to, seed);
            if self.instant {
                continue;
            }
            let Some(info) = (self.seed_of)(seed) else {
                continue;
            };
            let t0 = start + i as f32 * stagger;
            self.landing = self.landing.max(t0 + duration);
            let from_pos = rest_position(self.layout, self.hand.at(t0), &info, from, base + i);
            let to_pos = rest_position(self.layout, self.hand.at(t0 + duration), &info, to, slot);
            self.commands.entity(seed).insert(Flight {
                from: from_pos,
                to: to_pos,
                start: t0,
                duration,
                height,
            });
        }
    }

    fn flash(&mut self, pit: bao_engine::Pit, kind: FlashKind, start: f32, duration: f32) {
        if !self.instant {
            self.flashes.push(Flash {
                pit,
                kind,
                start,
                duration,
            });
        }
    }
}

/// Shows `step` from clock time `start`; returns how long the step takes.
pub(super) fn show(ctx: &mut Ctx, step: &Step, start: f32) -> f32 {
    match *step {
        Step::Lift { pit, count } => lift(ctx, pit, usize::from(count), start),
        Step::Relay { pit, count } => relay(ctx, pit, usize::from(count), start),
        Step::Sow { pit } => {
            // The hand moves over the pit while one seed arcs down into it.
            ctx.hand.move_to(ctx.layout.hand_above(pit), start, 0.22);
            ctx.carry(Place::Hand, Place::Pit(pit), 1, start, (0.28, 0.18), 0.0);
            0.3
        }
        Step::Capture { pit, count, by, to } => {
            capture(ctx, pit, usize::from(count), (by, to), start)
        }
        Step::Choice { kichwa } => {
            if let Some(pit) = ctx.board.kichwa(ctx.mover, kichwa) {
                ctx.flash(pit, FlashKind::Kichwa, start, 0.7);
            }
            0.5
        }
        Step::ReEnter { pit, .. } => {
            // The hand carries the captured seeds to the kichwa, where sowing starts again.
            ctx.hand
                .move_to(ctx.layout.hand_above(pit) + Vec3::Y * 0.2, start, 0.45);
            ctx.flash(pit, FlashKind::Kichwa, start, 0.8);
            0.55
        }
        Step::Reserve { pit, owner } => {
            ctx.flash(pit, FlashKind::Reserve(owner), start, 1.0);
            0.7
        }
        Step::MoveToReserved { from, to } => {
            ctx.carry(Place::Pit(from), Place::Pit(to), 1, start, (0.45, 0.4), 0.0);
            0.55
        }
        Step::Toll { pit, owner } => {
            ctx.flash(pit, FlashKind::Toll, start, 0.7);
            let store = Place::Store(owner);
            ctx.carry(Place::Pit(pit), store, 1, start + 0.1, (0.6, 0.9), 0.0);
            0.75
        }
    }
}

/// The hand comes to the pit, and its `n` seeds rise into it.
fn lift(ctx: &mut Ctx, pit: Pit, n: usize, start: f32) -> f32 {
    let above = ctx.layout.hand_above(pit);
    *ctx.hand = Hand {
        from: above,
        to: above,
        start,
        duration: 0.0,
    };
    ctx.flash(pit, FlashKind::Lift, start, 0.5);
    ctx.carry(Place::Pit(pit), Place::Hand, n, start, (0.35, 0.12), 0.02);
    0.45 + stagger_total(n, 0.02)
}

/// A lap ended in an occupied pit: the whole pile of `n` goes up into the hand again.
fn relay(ctx: &mut Ctx, pit: Pit, n: usize, start: f32) -> f32 {
    ctx.flash(pit, FlashKind::Relay, start, 0.6);
    let lift_at = start + 0.1;
    ctx.carry(Place::Pit(pit), Place::Hand, n, lift_at, (0.35, 0.12), 0.02);
    0.55 + stagger_total(n, 0.02)
}

/// `n` seeds captured from `pit` by `by`: into the hand (Kujifunza, for re-entry at a kichwa)
/// or off the board into the capturer's store (the others).
fn capture(ctx: &mut Ctx, pit: Pit, n: usize, (by, to): (Player, CaptureTo), start: f32) -> f32 {
    ctx.flash(pit, FlashKind::Capture, start, 0.8);
    let from = Place::Pit(pit);
    match to {
        CaptureTo::Hand => ctx.carry(from, Place::Hand, n, start + 0.15, (0.5, 0.5), 0.03),
        CaptureTo::OffBoard => {
            let store = Place::Store(by);
            ctx.carry(from, store, n, start + 0.15, (0.7, 1.2), 0.04);
        }
    }
    0.9 + stagger_total(n, 0.04)
}

fn stagger_total(n: usize, stagger: f32) -> f32 {
    n.saturating_sub(1) as f32 * stagger
}
