//! The overlay's fonts: egui's own Ubuntu Light for text and Hack for move lists, cut down to the
//! characters of the game's languages (`scripts/subset-fonts.sh`). egui's default set also carries
//! two emoji fonts the game never shows; together they were 0.69 MB of the web build's 6 MB
//! transfer, these two files are 0.1 MB. Desktop and web use the same files, so text looks the
//! same everywhere.

use bevy::prelude::*;
use bevy_egui::egui::{FontData, FontDefinitions, FontFamily};
use bevy_egui::{EguiContext, EguiPreUpdateSet};
use std::sync::Arc;

/// Ubuntu Light (Ubuntu Font Licence): Latin, Greek, punctuation and symbols.
const TEXT_FONT: &[u8] = include_bytes!("../../assets/fonts/ubuntu-light-latin.ttf");
/// Hack (MIT and Bitstream Vera licences): ASCII and Latin-1, punctuation, arrows.
const MONO_FONT: &[u8] = include_bytes!("../../assets/fonts/hack-latin.ttf");

pub(super) fn plugin(app: &mut App) {
    // Between creating a context and its first pass, so that not even the first frame is drawn
    // without fonts (egui's own defaults are off: the `default_fonts` feature is not enabled).
    app.add_systems(
        PreUpdate,
        install_fonts
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

fn install_fonts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut context in &mut contexts {
        context.get_mut().set_fonts(font_definitions());
    }
}

/// Text in Ubuntu Light; move lists in Hack, falling back to Ubuntu Light for what Hack lacks.
fn font_definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    fonts
        .font_data
        .insert("text".into(), Arc::new(FontData::from_static(TEXT_FONT)));
    fonts
        .font_data
        .insert("mono".into(), Arc::new(FontData::from_static(MONO_FONT)));
    fonts
        .families
        .insert(FontFamily::Proportional, vec!["text".into()]);
    fonts
        .families
        .insert(FontFamily::Monospace, vec!["mono".into(), "text".into()]);
    fonts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_glyph(font: &[u8], c: char) -> bool {
        let face = ttf_parser::Face::parse(font, 0).expect("the font parses");
        face.glyph_index(c).is_some()
    }

    fn lacking(font: &[u8], text: &str) -> Vec<char> {
        let mut missing: Vec<char> = text
            .chars()
            .filter(|c| !c.is_control() && !has_glyph(font, *c))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        missing
    }

    /// A translation that adds a character the subset lacks would show a box: rerun
    /// `scripts/subset-fonts.sh` with a wider range.
    #[test]
    fn every_character_of_every_translation_has_a_glyph() {
        let all: String = crate::i18n::every_translation_file().collect();
        assert!(
            all.contains('ß') && all.contains('„'),
            "the files were read"
        );
        assert_eq!(lacking(TEXT_FONT, &all), Vec::<char>::new());
    }

    #[test]
    fn move_lists_have_their_characters_in_the_monospace_font() {
        assert_eq!(
            lacking(MONO_FONT, "12. a1→ B16← 3×  0123456789 … · ◻"),
            Vec::<char>::new()
        );
    }

    /// Names typed by players: every Latin-script European language and Swahili.
    #[test]
    fn typed_names_in_european_languages_have_glyphs() {
        let names = "Łukasz Dvořák Øyvind Þóra Ğülşen Čapek Mwanaidi Ærø Ζωή";
        assert_eq!(lacking(TEXT_FONT, names), Vec::<char>::new());
        assert_eq!(
            lacking(TEXT_FONT, "漢"),
            vec!['漢'],
            "the subset is Latin and Greek"
        );
    }

    /// Both families are bound, so no text is ever laid out without a font.
    #[test]
    fn both_families_have_fonts() {
        let fonts = font_definitions();
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let names = &fonts.families[&family];
            assert!(!names.is_empty());
            assert!(names.iter().all(|name| fonts.font_data.contains_key(name)));
        }
    }
}
