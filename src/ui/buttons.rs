//! The overlay's buttons as drawn in the last pass: their labels and centres in logical
//! pixels. The web build publishes them in the canvas's `data-bao-buttons` (src/web.rs), so
//! that the browser test presses "Your turn" or "Next lesson" where a person would, as it clicks
//! pits where the board draws them; egui draws into the canvas and has no DOM of its own.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

pub(super) fn plugin(app: &mut App) {
    // After the frame's pass, whichever system drew each button.
    app.init_resource::<DrawnButtons>()
        .add_systems(Last, keep_the_pass);
}

/// The enabled buttons of the last complete pass, in the order drawn: label and centre.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub(crate) struct DrawnButtons(pub(crate) Vec<(String, Vec2)>);

impl DrawnButtons {
    /// `label@x,y` for each button, joined by `|` (a label has neither `|` nor `@`).
    #[cfg(any(test, target_arch = "wasm32"))]
    pub(crate) fn published(&self) -> String {
        self.0
            .iter()
            .map(|(label, at)| {
                let label = label.replace(['|', '@'], " ");
                format!("{label}@{:.0},{:.0}", at.x, at.y)
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Where the pass's buttons gather, in the context's temporary data: this is egui's own memory
/// of one pass's layout, written by [`note`] from deep inside the drawing functions (which hold
/// only a `Ui`) and taken whole after the pass, so it stays with egui rather than in a resource.
fn pass_id() -> egui::Id {
    egui::Id::new("bao-drawn-buttons")
}

/// Notes a button just drawn with this label, if it can be pressed and is on the screen.
pub(super) fn note(ui: &egui::Ui, response: &egui::Response, label: &str) {
    if !response.enabled() || !ui.is_rect_visible(response.rect) {
        return;
    }
    let zoom = ui.ctx().zoom_factor();
    let centre = response.rect.center();
    let at = Vec2::new(centre.x * zoom, centre.y * zoom);
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<(String, Vec2)>>(pass_id())
            .push((label.to_owned(), at));
    });
}

/// Takes the buttons the frame's pass drew, so that the next pass starts with none.
fn keep_the_pass(mut contexts: EguiContexts, mut drawn: ResMut<DrawnButtons>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let now = ctx.data_mut(|d| {
        let now = d.get_temp::<Vec<(String, Vec2)>>(pass_id());
        d.remove::<Vec<(String, Vec2)>>(pass_id());
        now.unwrap_or_default()
    });
    drawn.set_if_neq(DrawnButtons(now));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_are_published_as_label_at_centre_with_separators_kept_out() {
        let drawn = DrawnButtons(vec![
            ("Your turn".to_owned(), Vec2::new(640.4, 151.6)),
            ("A|B@C".to_owned(), Vec2::new(10.0, 20.0)),
        ]);
        assert_eq!(drawn.published(), "Your turn@640,152|A B C@10,20");
        assert_eq!(DrawnButtons::default().published(), "");
    }
}
