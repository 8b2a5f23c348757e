//! An invitation's link as a QR code (desktop), drawn square by square with egui's painter: no
//! image, no texture. A phone on the same network reads the link from the screen.

use bevy_egui::egui::{self, Color32, Vec2};
use qrcode::{Color, QrCode};

/// The side of one module (one square of the code), in points.
const MODULE: f32 = 4.0;

/// The white margin around the code, in modules (the standard asks for four).
const QUIET_ZONE: usize = 4;

/// Draws `link` as a QR code, dark on white (whatever the palette: readers need that contrast).
/// A link too long for a QR code draws nothing.
pub(super) fn qr_code(ui: &mut egui::Ui, link: &str) {
    let Ok(code) = QrCode::new(link.as_bytes()) else {
        return;
    };
    let width = code.width();
    let side = (width + 2 * QUIET_ZONE) as f32 * MODULE;
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    for (index, colour) in code.to_colors().into_iter().enumerate() {
        if colour != Color::Dark {
            continue;
        }
        let (x, y) = (index % width + QUIET_ZONE, index / width + QUIET_ZONE);
        let corner = rect.min + Vec2::new(x as f32, y as f32) * MODULE;
        let square = egui::Rect::from_min_size(corner, Vec2::splat(MODULE));
        painter.rect_filled(square, 0.0, Color32::BLACK);
    }
}
