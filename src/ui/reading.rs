//! The choice between Bao la Kujifunza's two readings of its kichwa rule (KU-8: the direction is
//! kept, as the written rules play it; KU-8c: the player chooses, as the source's sentence reads),
//! shown on the title screen's Kujifunza card and in its rules panel. No plugin: two widgets.

use super::style::{self, Palette};
use crate::content;
use crate::i18n::I18n;
use bao_engine::Variant;
use bevy_egui::egui::{self, RichText};

/// The Kujifunza rule sets among `offered` (both outside a kiosk, or what its configuration
/// lists), in their order.
pub(super) fn offered_readings(offered: &[Variant]) -> Vec<Variant> {
    offered
        .iter()
        .copied()
        .filter(|v| v.is_kujifunza())
        .collect()
}

/// The rule set a new Kujifunza game uses: the reading remembered in the settings when it is
/// offered, else the first one offered (a kiosk may offer only one).
pub(super) fn rules_to_play(chosen: Variant, offered: &[Variant]) -> Variant {
    let readings = offered_readings(offered);
    if readings.contains(&chosen) {
        chosen
    } else {
        readings.first().copied().unwrap_or(Variant::Kujifunza)
    }
}

/// How much a reading's button says: a few words (the title card) or with the source it
/// follows (the rules panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wording {
    /// "Kichwa: keeps the direction".
    Short,
    /// "Kichwa after a middle capture: keep the direction (written rules)".
    Full,
}

impl Wording {
    /// The key of the question before the readings' names.
    const fn question(self) -> &'static str {
        match self {
            Wording::Short => content::KICHWA_READING_QUESTION_SHORT,
            Wording::Full => content::KICHWA_READING_QUESTION,
        }
    }

    /// The key of `variant`'s reading in these words; `None` for the other games.
    const fn name(self, variant: Variant) -> Option<&'static str> {
        match self {
            Wording::Short => content::kichwa_reading_short(variant),
            Wording::Full => content::kichwa_reading(variant),
        }
    }
}

/// The question and a button per offered reading, in one row where they fit; a click changes
/// `chosen`. Shows nothing when fewer than two readings are offered.
pub(super) fn reading_choice(
    ui: &mut egui::Ui,
    palette: &Palette,
    chosen: &mut Variant,
    offered: &[Variant],
    wording: Wording,
    i18n: &I18n,
) {
    let readings = offered_readings(offered);
    if readings.len() < 2 {
        return;
    }
    let current = rules_to_play(*chosen, offered);
    ui.horizontal_wrapped(|ui| {
        // Closer than the overlay's usual spacing: on a narrow title card the question and both
        // readings keep to one row.
        ui.spacing_mut().item_spacing.x = style::READING_SPACING;
        let question = i18n.tr(wording.question());
        ui.label(
            RichText::new(question)
                .size(style::SMALL_TEXT)
                .color(palette.ink_soft),
        );
        for reading in readings {
            let Some(key) = wording.name(reading) else {
                continue;
            };
            if style::choice_compact(ui, palette, current == reading, &i18n.tr(key)).clicked() {
                *chosen = reading;
            }
        }
    });
}

/// One line naming the reading a Kujifunza game is played by, in `wording` ("Kichwa: keeps the
/// direction" for the HUD, with the source it follows in the rules panel); `None` for the other
/// games.
pub(super) fn reading_line(variant: Variant, wording: Wording, i18n: &I18n) -> Option<String> {
    let key = wording.name(variant)?;
    Some(format!("{} {}", i18n.tr(wording.question()), i18n.tr(key)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ku_8_ku_8c_the_remembered_reading_is_played_where_it_is_offered() {
        let both = Variant::ALL;
        assert_eq!(
            rules_to_play(Variant::KujifunzaChoice, &both),
            Variant::KujifunzaChoice
        );
        assert_eq!(rules_to_play(Variant::Kujifunza, &both), Variant::Kujifunza);
        // A kiosk offering the four games plays the written rules whatever was remembered.
        assert_eq!(
            rules_to_play(Variant::KujifunzaChoice, &Variant::GAMES),
            Variant::Kujifunza
        );
        // A kiosk offering only the literal reading plays it.
        assert_eq!(
            rules_to_play(
                Variant::Kujifunza,
                &[Variant::KujifunzaChoice, Variant::Kigogo]
            ),
            Variant::KujifunzaChoice
        );
    }

    #[test]
    fn ku_8_ku_8c_both_readings_are_named_in_every_language() {
        for language in crate::i18n::Language::ALL {
            let i18n = I18n::new(language);
            for wording in [Wording::Short, Wording::Full] {
                let kept = reading_line(Variant::Kujifunza, wording, &i18n).expect("a reading");
                let chosen =
                    reading_line(Variant::KujifunzaChoice, wording, &i18n).expect("a reading");
                assert_ne!(kept, chosen, "{language:?}");
                assert!(
                    !kept.contains('{') && !chosen.contains('{'),
                    "{kept} {chosen}"
                );
            }
        }
        let english = I18n::new(Default::default());
        assert_eq!(
            reading_line(Variant::Kigogo, Wording::Short, &english),
            None
        );
    }
}
