//! Cards turned half a turn toward North, for two people face to face at one screen
//! ([`crate::core::Settings::face_to_face`]): North's card, North's prompts and the game-over
//! text. egui turns no widget, so these cards are painted: the card, then each line laid out and
//! drawn rotated by π about the card's centre. They hold words only and take no clicks (the
//! buttons stay upright, within both players' reach).

use super::style::{self, Palette};
use bevy_egui::egui::{self, Align2, Color32, Pos2, Rect, Stroke, Vec2};
use std::f32::consts::PI;

/// One line of a turned card.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Line {
    pub(super) text: String,
    pub(super) size: f32,
    pub(super) color: Color32,
}

impl Line {
    /// A line of `text` in `size` and `color`.
    pub(super) fn new(text: impl Into<String>, size: f32, color: Color32) -> Line {
        Line {
            text: text.into(),
            size,
            color,
        }
    }
}

/// How a turned card looks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    pub(super) fill: Color32,
    pub(super) stroke: Stroke,
    /// The colour of text that has none of its own.
    pub(super) ink: Color32,
    /// The widest a line may be before it wraps, in points.
    pub(super) wrap: f32,
}

impl Look {
    /// The HUD's card: parchment with a thin ochre edge.
    pub(super) fn card(palette: &Palette) -> Look {
        Look {
            fill: palette.card,
            stroke: Stroke::new(style::THIN_EDGE_WIDTH, style::CARD_EDGE),
            ink: palette.ink,
            wrap: style::TURNED_WRAP,
        }
    }

    /// The card of the side to move: pale ochre with a bold edge.
    pub(super) fn to_move(palette: &Palette) -> Look {
        Look {
            fill: palette.ochre_pale,
            stroke: Stroke::new(style::CHOSEN_EDGE_WIDTH, palette.ochre),
            ..Look::card(palette)
        }
    }

    /// The feedback banner's look.
    pub(super) fn banner(palette: &Palette) -> Look {
        Look {
            fill: palette.banner,
            stroke: Stroke::NONE,
            ..Look::card(palette)
        }
    }
}

/// Paints `rows` on a card turned toward North, placed so that its `pivot` is at `at` (as South
/// sees the screen); returns the card's rectangle. Each row is one or more lines of text side by
/// side (a name, then a seat in a softer colour).
pub(super) fn show(
    ctx: &egui::Context,
    id: &str,
    at: Pos2,
    pivot: Align2,
    rows: &[Vec<Line>],
    look: Look,
) -> Rect {
    let galleys: Vec<_> = rows
        .iter()
        .map(|row| ctx.fonts_mut(|fonts| fonts.layout_job(row_job(row, look.wrap))))
        .collect();
    let sizes: Vec<Vec2> = galleys.iter().map(|g| g.size()).collect();
    let rect = pivot.anchor_size(at, card_size(&sizes));
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new(id),
    ));
    painter.rect(
        rect,
        egui::CornerRadius::same(style::CARD_CORNER),
        look.fill,
        look.stroke,
        egui::StrokeKind::Inside,
    );
    for (galley, pos) in galleys.into_iter().zip(turned_origins(rect, &sizes)) {
        painter.add(egui::epaint::TextShape::new(pos, galley, look.ink).with_angle(PI));
    }
    rect
}

/// One row's text: its lines side by side, a space apart, each in its size and colour.
fn row_job(row: &[Line], wrap: f32) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    job.wrap.max_width = wrap;
    for (i, line) in row.iter().enumerate() {
        let text = if i == 0 {
            line.text.clone()
        } else {
            format!("  {}", line.text)
        };
        job.append(
            &text,
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(line.size), line.color),
        );
    }
    job
}

/// The size of a card holding lines of these sizes.
fn card_size(sizes: &[Vec2]) -> Vec2 {
    let width = sizes.iter().map(|s| s.x).fold(0.0, f32::max);
    let height: f32 = sizes.iter().map(|s| s.y).sum::<f32>()
        + style::TURNED_LINE_SPACING * sizes.len().saturating_sub(1) as f32;
    Vec2::new(width, height) + 2.0 * style::TURNED_MARGIN
}

/// Where each line's galley is drawn from when turned by π about the card's centre: each line
/// is laid out centred, top to bottom, as on an upright card, and its top-left corner `p` is
/// turned to `2c − p`, from where the turned galley runs left and up. The first line ends up
/// nearest the screen's bottom: the far edge of the card for North, the top as North reads it.
fn turned_origins(rect: Rect, sizes: &[Vec2]) -> Vec<Pos2> {
    let inner = rect.shrink2(style::TURNED_MARGIN);
    let centre = rect.center().to_vec2();
    let mut y = inner.top();
    sizes
        .iter()
        .map(|size| {
            let upright = Pos2::new(inner.center().x - size.x / 2.0, y);
            y += size.y + style::TURNED_LINE_SPACING;
            (2.0 * centre - upright.to_vec2()).to_pos2()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turned_lines_fill_the_card_upside_down_first_line_at_the_bottom() {
        let sizes = [Vec2::new(200.0, 24.0), Vec2::new(120.0, 18.0)];
        let rect = Align2::CENTER_TOP.anchor_size(Pos2::new(640.0, 10.0), card_size(&sizes));
        assert_eq!(rect.size(), Vec2::new(228.0, 56.0));
        let origins = turned_origins(rect, &sizes);
        // A galley drawn turned by π from `o` covers o − size … o.
        let covered: Vec<Rect> = origins
            .iter()
            .zip(&sizes)
            .map(|(o, s)| Rect::from_min_max(*o - *s, *o))
            .collect();
        for r in &covered {
            assert!(
                rect.shrink2(style::TURNED_MARGIN)
                    .expand(0.01)
                    .contains_rect(*r),
                "{r:?} in {rect:?}"
            );
            assert!(
                (r.center().x - rect.center().x).abs() < 0.01,
                "centred: {r:?}"
            );
        }
        // The first line (what North reads first) is nearest the bottom of the screen, which is
        // the far edge of the card as North sits.
        assert!(covered[0].top() > covered[1].bottom(), "{covered:?}");
        assert!((covered[0].bottom() - (rect.bottom() - style::TURNED_MARGIN.y)).abs() < 0.01);
    }
}
