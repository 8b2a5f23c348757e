//! Count labels: the number of seeds in each pit (on by default), in the hand and in each store,
//! drawn over the board where the pit is on screen, on the overlay's lowest layer. With "Pit
//! names" on, each pit's label begins with its name in the notation of the move list, the hints
//! and the saved games (`a3`, the owner's row and number: docs/rules.md, 'Pit names').

use super::{AnimClock, Hand, Piles, Place};
use crate::board::{BuiltBoard, Layout, PIT_RADIUS};
use crate::camera::MainCamera;
use crate::core::{Screen, Settings};
use bao_engine::{Player, Position};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_labels
            .in_set(CountLabels)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The pass that paints the count labels: the overlay orders its own cards after it, so that
/// the labels lie under them (an egui area is drawn above those shown before it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CountLabels;

/// The egui id of the labels' area (the layout check leaves it out: it lies under every card).
pub(crate) const COUNT_LABELS: &str = "count-labels";

/// A label's pill, in the overlay's points (it grows with the interface size).
const SIZE: egui::Vec2 = egui::vec2(30.0, 20.0);
/// The count's text size.
const TEXT: f32 = 14.0;

/// Paints the count of each place where its pit (store, hand) is on screen: a dark pill with a
/// light number on the wood, on the egui overlay's lowest layer. (Bevy's UI text would bring its
/// own text engine into the web download, for these numbers only.)
fn draw_labels(
    mut contexts: EguiContexts,
    counts: Counts,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    let Some(variant) = counts.built.0 else {
        return;
    };
    let Ok((camera, camera_at)) = camera.single() else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let layout = Layout::of(variant);
    // `world_to_viewport` gives logical pixels from the window's corner; egui's points are
    // those divided by its zoom.
    let zoom = ctx.zoom_factor();
    let near = near_side(camera_at);
    // Pit names do not depend on the seeds: the start position names every pit.
    let naming = Position::new(variant);
    let labels: Vec<(egui::Pos2, String, bool)> = labelled_places(&layout)
        .into_iter()
        .filter_map(|place| {
            let label = counts.label(&layout, place, near);
            let at = camera.world_to_viewport(camera_at, label.anchor).ok()?;
            let text = label_text(&naming, place, &label, counts.settings.show_pit_names)?;
            Some((egui::pos2(at.x, at.y) / zoom, text, label.turned))
        })
        .collect();
    egui::Area::new(egui::Id::new(COUNT_LABELS))
        .order(egui::Order::Background)
        .fixed_pos(egui::Pos2::ZERO)
        .interactable(false)
        .show(ctx, |ui| {
            let painter = ui.painter().with_clip_rect(ui.ctx().content_rect());
            for (at, text, turned) in labels {
                paint_label(&painter, at, text, turned);
            }
        });
}

/// The places that may have a label: every pit, the hand, and the stores where the board has
/// them.
fn labelled_places(layout: &Layout) -> Vec<Place> {
    let mut places: Vec<Place> = layout.pits().map(Place::Pit).collect();
    places.push(Place::Hand);
    if layout.has_stores() {
        places.extend(Player::BOTH.map(Place::Store));
    }
    places
}

/// What the labels count and where they sit: the board, the seeds' piles, the hand and the
/// settings.
#[derive(SystemParam)]
struct Counts<'w> {
    built: Res<'w, BuiltBoard>,
    piles: Res<'w, Piles>,
    settings: Res<'w, Settings>,
    hand: Res<'w, Hand>,
    clock: Res<'w, AnimClock>,
}

/// A place's label before it is put on screen.
struct Label {
    /// The point on the table it is drawn over.
    anchor: Vec3,
    count: usize,
    /// Whether it is drawn at all.
    show: bool,
    /// Turned half a turn, to be read by North.
    turned: bool,
}

impl Counts<'_> {
    /// The label of `place`, `near` being the pits' side toward the camera.
    fn label(&self, layout: &Layout, place: Place, near: Vec3) -> Label {
        let count = self.piles.count(place);
        // Face to face, North's counts are turned toward North and sit on North's side of
        // their pit, as South's sit on South's.
        let turned = self.settings.face_to_face && on_norths_side(layout, place);
        let near = if turned { -near } else { near };
        let (anchor, show) = match place {
            // On the wood at the pit's near side as the camera sees it (below the pit in
            // South's view), so that each label stays with its pit from every angle.
            Place::Pit(pit) => (
                layout.pit_center(pit) + near * (PIT_RADIUS + 0.06),
                self.settings.show_counts && count > 0,
            ),
            Place::Hand => (self.hand.at(self.clock.now) + Vec3::Y * 0.35, count > 0),
            Place::Store(p) => (
                layout.store_center(p) + near * (layout.store_depth() / 2.0 + 0.2),
                count > 0,
            ),
        };
        Label {
            anchor,
            count,
            show,
            turned,
        }
    }
}

/// What a place's label says, if it shows: its count, after the pit's name where pit names are
/// on (a pit's name shows when it is empty too).
fn label_text(naming: &Position, place: Place, label: &Label, names: bool) -> Option<String> {
    let name = match place {
        Place::Pit(pit) if names => naming.name_of(pit).map(|(_, name)| name.to_string()),
        _ => None,
    };
    match (name, label.show) {
        (Some(name), true) => Some(format!("{name} · {}", label.count)),
        (Some(name), false) => Some(name),
        (None, true) => Some(label.count.to_string()),
        (None, false) => None,
    }
}

/// One label: the pill centred on `at`, its text in it, turned half a turn for North.
fn paint_label(painter: &egui::Painter, at: egui::Pos2, text: String, turned: bool) {
    let galley = painter.layout_no_wrap(
        text,
        egui::FontId::proportional(TEXT),
        egui::Color32::from_rgb(255, 242, 217),
    );
    let size = galley.size();
    // A count fits the standard pill; a pit's name and count widen it.
    let pill =
        egui::Rect::from_center_size(at, egui::vec2(SIZE.x.max(size.x + SIZE.y * 0.6), SIZE.y));
    painter.rect_filled(
        pill,
        SIZE.y / 2.0,
        egui::Color32::from_rgba_unmultiplied(26, 15, 8, 184),
    );
    let (origin, angle) = if turned {
        (at + size / 2.0, std::f32::consts::PI)
    } else {
        (at - size / 2.0, 0.0)
    };
    painter
        .add(egui::epaint::TextShape::new(origin, galley, egui::Color32::WHITE).with_angle(angle));
}

/// Whether a place lies on North's half of the table (South sits at +z).
fn on_norths_side(layout: &Layout, place: Place) -> bool {
    match place {
        Place::Pit(pit) => layout.pit_center(pit).z < 0.0,
        Place::Store(player) => player == Player::North,
        Place::Hand => false,
    }
}

/// The direction along the board toward the camera (+z in South's view): the near side of a
/// pit, where its label sits.
fn near_side(camera_at: &GlobalTransform) -> Vec3 {
    let back = -camera_at.forward().as_vec3();
    Vec3::new(back.x, 0.0, back.z)
        .try_normalize()
        .unwrap_or(Vec3::Z)
}
