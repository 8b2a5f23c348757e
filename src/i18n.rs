//! The game in four languages: every string a person sees comes from Project Fluent files under
//! `assets/i18n/<language>/<area>.ftl`, looked up by key through the [`I18n`] resource.
//!
//! The files are compiled into the program (`include_str!`): the game has no loading step for
//! them, the web build needs no extra requests, and a missing file is a build error rather than
//! a blank screen. A test (`tests` below) fails if any language lacks a key that English has, has
//! one English lacks, or uses other placeholders.
//!
//! Each area of the game has its own file, so that the texts of one feature stay together:
//! `ui` (screens, buttons, messages), `content` (variant histories, rules, terms, examples),
//! `kiosk` (exhibition mode and attract-loop captions), `records` (saved games, replays, sound).

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The languages the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English, the fallback.
    #[default]
    English,
    /// German.
    German,
    /// Dutch.
    Dutch,
    /// Swahili, the language of the games' own words.
    Swahili,
}

impl Language {
    /// Every language, in the order the picker shows them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::German,
        Language::Dutch,
        Language::Swahili,
    ];

    /// The ISO 639-1 code, which is also the folder of the language's files.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::Dutch => "nl",
            Language::Swahili => "sw",
        }
    }

    /// The language's name in the language itself, as a picker shows it (not a flag: a flag
    /// names a country, and each of these languages is spoken in many).
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
            Language::Dutch => "Nederlands",
            Language::Swahili => "Kiswahili",
        }
    }

    /// The language of a locale tag such as `de-AT`, `nl_NL.UTF-8` or `sw`; `None` for a
    /// language the game does not speak.
    pub fn from_locale(tag: &str) -> Option<Language> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|language| language.code() == primary)
    }

    /// The first of the system's (or browser's) preferred languages that the game speaks,
    /// else English.
    pub fn from_system() -> Language {
        sys_locale::get_locales()
            .find_map(|tag| Language::from_locale(&tag))
            .unwrap_or_default()
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One area's file in every language, in the order of [`Language::ALL`].
type AreaFiles = [&'static str; 4];

macro_rules! area {
    ($name:literal) => {
        [
            include_str!(concat!("../assets/i18n/en/", $name, ".ftl")),
            include_str!(concat!("../assets/i18n/de/", $name, ".ftl")),
            include_str!(concat!("../assets/i18n/nl/", $name, ".ftl")),
            include_str!(concat!("../assets/i18n/sw/", $name, ".ftl")),
        ]
    };
}

/// Every translation file, by area.
const AREAS: [(&str, AreaFiles); 8] = [
    ("ui", area!("ui")),
    ("content", area!("content")),
    ("kiosk", area!("kiosk")),
    ("records", area!("records")),
    ("explain", area!("explain")),
    ("puzzles", area!("puzzles")),
    ("lessons", area!("lessons")),
    ("review", area!("review")),
];

/// The text of every translation file, for checks that look at all of them (the fonts must have
/// a glyph for every character).
#[cfg(test)]
pub(crate) fn every_translation_file() -> impl Iterator<Item = &'static str> {
    AREAS.iter().flat_map(|(_, files)| files.iter().copied())
}

/// The translations of every language and the language now shown.
#[derive(Resource)]
pub struct I18n {
    language: Language,
    /// The language was asked for when the game was started (`--language`, `?language=`): the
    /// one remembered in the settings does not replace it.
    asked_for: bool,
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Default for I18n {
    fn default() -> Self {
        I18n::new(Language::English)
    }
}

impl I18n {
    /// All four languages loaded, showing `language`.
    pub fn new(language: Language) -> Self {
        let bundles = Language::ALL.into_iter().map(load_bundle).collect();
        I18n {
            language,
            asked_for: false,
            bundles,
        }
    }

    /// All four languages loaded, showing `language` because the person starting the game asked
    /// for it: [`I18n::restore_language`] leaves it alone.
    pub fn asked_for(language: Language) -> Self {
        I18n {
            asked_for: true,
            ..I18n::new(language)
        }
    }

    /// The language now shown.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Shows every text in another language from the next frame on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// Shows the language remembered from an earlier visit, unless another was asked for at the
    /// start.
    pub fn restore_language(&mut self, language: Language) {
        if !self.asked_for {
            self.language = language;
        }
    }

    /// The text of `key` in the current language.
    pub fn tr(&self, key: &str) -> String {
        self.format(key, None)
    }

    /// The text of `key` with its placeholders filled: `args` pairs each placeholder's name
    /// (without `$`) with its value, e.g. `[("count", 5.into())]`.
    pub fn tr_args(&self, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(key, Some(&fluent_args))
    }

    /// Whether the current language (or English) has `key`: lets callers list numbered
    /// paragraphs (`…-1`, `…-2`, …) without a separate count.
    pub fn has(&self, key: &str) -> bool {
        self.search_order()
            .any(|bundle| bundle.get_message(key).is_some_and(|m| m.value().is_some()))
    }

    /// The key's text in the current language, else in English (a test keeps every language
    /// complete, so this only matters while a translation is being written), else the key
    /// itself, so that a missing text is visible rather than silent.
    fn format(&self, key: &str, args: Option<&FluentArgs>) -> String {
        for bundle in self.search_order() {
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
            if !errors.is_empty() {
                warn!("translation {key:?}: {errors:?}");
            }
            return text;
        }
        warn!("no translation for {key:?}");
        key.to_string()
    }

    /// The current language's bundle, then English's.
    fn search_order(&self) -> impl Iterator<Item = &FluentBundle<FluentResource>> {
        [self.language, Language::English]
            .into_iter()
            .filter_map(|language| self.bundles.get(language.index()))
    }
}

/// One language's bundle with every area's file. A file that does not parse is logged and its
/// readable messages kept (the test below makes sure none ships that way).
fn load_bundle(language: Language) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = language.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around placeholders show as boxes in egui's fonts.
    bundle.set_use_isolating(false);
    for (area, files) in AREAS {
        let source = files[language.index()].to_string();
        let resource = FluentResource::try_new(source).unwrap_or_else(|(partial, errors)| {
            error!("{}/{area}.ftl: {errors:?}", language.code());
            partial
        });
        if let Err(errors) = bundle.add_resource(resource) {
            error!("{}/{area}.ftl: {errors:?}", language.code());
        }
    }
    bundle
}

/// Registers [`I18n`] in the system's language.
pub fn plugin(app: &mut App) {
    app.insert_resource(I18n::new(Language::from_system()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::BTreeSet;

    /// Every message and attribute id of a file, each with its placeholders.
    fn keys_and_placeholders(source: &str) -> BTreeSet<(String, BTreeSet<String>)> {
        let resource = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, errors)| panic!("does not parse: {errors:?}"));
        let mut keys = BTreeSet::new();
        for entry in resource.body {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name.to_string();
            if let Some(value) = &message.value {
                keys.insert((id.clone(), placeholders(value)));
            }
            for attribute in &message.attributes {
                let key = format!("{id}.{}", attribute.id.name);
                keys.insert((key, placeholders(&attribute.value)));
            }
        }
        keys
    }

    fn placeholders(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                collect_variables(expression, &mut names);
            }
        }
        names
    }

    fn collect_variables(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
        let inline = match expression {
            ast::Expression::Inline(inline) => inline,
            ast::Expression::Select { selector, variants } => {
                for variant in variants {
                    names.extend(placeholders(&variant.value));
                }
                selector
            }
        };
        if let ast::InlineExpression::VariableReference { id } = inline {
            names.insert(id.name.to_string());
        }
    }

    #[test]
    fn every_language_has_exactly_the_english_keys_and_placeholders() {
        for (area, files) in AREAS {
            let english = keys_and_placeholders(files[0]);
            for language in &Language::ALL[1..] {
                let other = keys_and_placeholders(files[language.index()]);
                let missing: Vec<_> = english.difference(&other).collect();
                let extra: Vec<_> = other.difference(&english).collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{}/{area}.ftl differs from English: missing or different {missing:?}, extra \
                     or different {extra:?}",
                    language.code()
                );
            }
        }
    }

    #[test]
    fn every_file_parses_into_its_bundle() {
        for (area, files) in AREAS {
            for language in Language::ALL {
                let source = files[language.index()].to_string();
                assert!(
                    FluentResource::try_new(source).is_ok(),
                    "{}/{area}.ftl does not parse",
                    language.code()
                );
            }
        }
    }

    #[test]
    fn locale_tags_pick_the_language() {
        assert_eq!(Language::from_locale("de-AT"), Some(Language::German));
        assert_eq!(Language::from_locale("nl_NL.UTF-8"), Some(Language::Dutch));
        assert_eq!(Language::from_locale("sw"), Some(Language::Swahili));
        assert_eq!(Language::from_locale("EN-gb"), Some(Language::English));
        assert_eq!(Language::from_locale("fr-FR"), None);
        assert_eq!(Language::from_locale(""), None);
    }

    #[test]
    fn placeholders_and_plurals_are_filled_in_each_language() {
        let mut i18n = I18n::new(Language::English);
        assert_eq!(i18n.tr_args("seed-count", &[("count", 1.into())]), "1 seed");
        assert_eq!(
            i18n.tr_args("seed-count", &[("count", 7.into())]),
            "7 seeds"
        );
        i18n.set_language(Language::German);
        assert_eq!(
            i18n.tr_args("seed-count", &[("count", 7.into())]),
            "7 Samen"
        );
        i18n.set_language(Language::Swahili);
        assert_eq!(i18n.tr_args("seed-count", &[("count", 1.into())]), "kete 1");
    }

    #[test]
    fn a_missing_key_shows_itself_and_english_fills_a_gap() {
        let i18n = I18n::new(Language::German);
        assert_eq!(i18n.tr("no-such-key"), "no-such-key");
        assert!(!i18n.has("no-such-key"));
    }
}
