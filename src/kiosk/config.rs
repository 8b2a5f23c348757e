//! The kiosk's configuration file (RON), checked field by field into a [`KioskConfig`]: a bad
//! field is reported with its line and replaced by its default, so the kiosk always starts.

use crate::core::Level;
use crate::i18n::{I18n, Language};
use bao_engine::Variant;
use bevy::prelude::*;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KioskConfig>().add_systems(
        Startup,
        (apply_language, apply_face_to_face, apply_online_server),
    );
}

/// How the kiosk behaves: what it offers, its timeouts, the attract loop's players and the
/// operator's PIN. Every value has been checked (see [`KioskConfig::from_ron`]).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct KioskConfig {
    /// The games offered on the title screen, in the order the attract loop plays them. The four
    /// games by default (Kujifunza as the written rules play it, KU-8); `kujifunza-choice` (KU-8c)
    /// may be listed too, and the Kujifunza card then offers both readings.
    pub variants: Vec<Variant>,
    /// The language of the title screen after every reset.
    pub language: Language,
    /// Seconds on an untouched title screen before the attract loop starts.
    pub attract_after: f32,
    /// Seconds a game may wait for a visitor's move before "Are you still playing?".
    pub idle_after: f32,
    /// Seconds the "Are you still playing?" countdown lasts.
    pub countdown: f32,
    /// Seconds a finished game stays on screen (untouched) before the title screen returns.
    pub game_over_after: f32,
    /// Seconds between two games of the attract loop.
    pub attract_pause: f32,
    /// An attract-loop game longer than this many moves makes way for the next one.
    pub attract_max_plies: u32,
    /// The computer levels a visitor may choose.
    pub levels: Vec<Level>,
    /// The levels of South and North in the attract loop.
    pub attract_levels: [Level; 2],
    /// Before each of its games the attract loop shows one of that game's lessons being done:
    /// the lesson's move played and captioned, and what it showed.
    pub attract_lessons: bool,
    /// Whether the game makes sounds.
    pub sound: bool,
    /// The digits that open the operator menu after a long press in the top-left corner; no
    /// PIN: only the key chord leaves the kiosk.
    pub operator_pin: Option<String>,
    /// Minutes the operator's pause (the menu's or the key chord's) lasts before the service
    /// starts the kiosk again, 1 to 1440.
    pub pause_minutes: u32,
    /// The overlay's size, times the size that fits the screen.
    pub ui_scale: f32,
    /// Face to face: a touch table with a visitor on each side (see
    /// [`crate::core::Settings::face_to_face`]); every visitor starts with it.
    pub face_to_face: bool,
    /// The file the visitor statistics are appended to (one anonymous line per visit, JSON
    /// Lines); `None`: no statistics are kept. Always an absolute path.
    pub statistics: Option<PathBuf>,
    /// The local time of day at which the kiosk restarts itself each night; `None`: never.
    pub nightly_restart: Option<TimeOfDay>,
    /// The `bao-server` whose online games the kiosk offers (`http://host:port`, no trailing
    /// slash); `None`: a kiosk never offers online play.
    pub online_server: Option<String>,
    /// The address of the museum's copy of the game's web build
    /// (`https://museum.example.org/bao/`): a visitor's finished game shows a QR code of a link
    /// there with the whole game in it, "Take this game home". `None`: no code.
    pub take_home_url: Option<String>,
}

/// A local time of day to the minute, `00:00` to `23:59` (written `HH:MM`, as in the
/// configuration file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay {
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
}

/// A time of day that is not `HH:MM` from `00:00` to `23:59`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeOfDayError(pub String);

impl fmt::Display for TimeOfDayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expects a time of day HH:MM from 00:00 to 23:59, not '{}'",
            self.0
        )
    }
}

impl std::error::Error for TimeOfDayError {}

impl FromStr for TimeOfDay {
    type Err = TimeOfDayError;

    /// Reads `HH:MM` with two digits each (`03:30`), hours 00–23, minutes 00–59.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || TimeOfDayError(text.to_owned());
        let (hour, minute) = text.split_once(':').ok_or_else(bad)?;
        // Exactly two ASCII digits: `parse` alone would take "+3" or "3".
        let two_digits = |part: &str| -> Option<u8> {
            if part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit()) {
                part.parse().ok()
            } else {
                None
            }
        };
        match (two_digits(hour), two_digits(minute)) {
            (Some(hour), Some(minute)) if hour < 24 && minute < 60 => {
                Ok(TimeOfDay { hour, minute })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

impl Default for KioskConfig {
    fn default() -> Self {
        KioskConfig {
            variants: Variant::GAMES.to_vec(),
            language: Language::English,
            attract_after: 90.0,
            idle_after: 120.0,
            countdown: 20.0,
            game_over_after: 60.0,
            attract_pause: 8.0,
            attract_max_plies: 400,
            levels: Level::ALL.to_vec(),
            attract_levels: [Level::Medium, Level::Easy],
            attract_lessons: true,
            sound: true,
            operator_pin: None,
            pause_minutes: 30,
            ui_scale: 1.0,
            face_to_face: false,
            statistics: None,
            nightly_restart: None,
            online_server: None,
            take_home_url: None,
        }
    }
}

/// The file as written, before any check. Missing fields take the defaults.
#[derive(Deserialize, Debug)]
#[serde(default, deny_unknown_fields)]
struct RawConfig {
    variants: Vec<String>,
    language: String,
    attract_after_s: f32,
    idle_after_s: f32,
    countdown_s: f32,
    game_over_s: f32,
    attract_pause_s: f32,
    attract_max_plies: u32,
    levels: Vec<String>,
    attract_levels: (String, String),
    attract_lessons: bool,
    sound: bool,
    operator_pin: Option<String>,
    pause_minutes: u32,
    ui_scale: f32,
    face_to_face: bool,
    statistics: Option<String>,
    nightly_restart: Option<String>,
    online_server: Option<String>,
    take_home_url: Option<String>,
}

impl Default for RawConfig {
    fn default() -> Self {
        let d = KioskConfig::default();
        RawConfig {
            variants: d.variants.iter().map(|v| v.id().to_owned()).collect(),
            language: d.language.code().to_owned(),
            attract_after_s: d.attract_after,
            idle_after_s: d.idle_after,
            countdown_s: d.countdown,
            game_over_s: d.game_over_after,
            attract_pause_s: d.attract_pause,
            attract_max_plies: d.attract_max_plies,
            levels: d.levels.iter().map(|l| l.id().to_owned()).collect(),
            attract_levels: (
                d.attract_levels[0].id().to_owned(),
                d.attract_levels[1].id().to_owned(),
            ),
            attract_lessons: d.attract_lessons,
            sound: d.sound,
            operator_pin: d.operator_pin,
            pause_minutes: d.pause_minutes,
            ui_scale: d.ui_scale,
            face_to_face: d.face_to_face,
            statistics: None,
            nightly_restart: None,
            online_server: None,
            take_home_url: None,
        }
    }
}

/// What is wrong with a kiosk configuration file.
#[derive(Clone, Debug, PartialEq)]
pub struct KioskConfigError {
    /// The line (1-based) the problem is on, where known.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: KioskConfigErrorKind,
}

/// The kinds of [`KioskConfigError`].
#[derive(Clone, Debug, PartialEq)]
pub enum KioskConfigErrorKind {
    /// The file cannot be read.
    Read(String),
    /// The file is not RON of the expected shape: a syntax error, an unknown field, a value of
    /// the wrong type. Nothing in it is used.
    Syntax {
        /// The column on [`KioskConfigError::line`].
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// One field's value is out of range or unknown; that field takes its default.
    Field {
        /// The field's name as written in the file.
        field: &'static str,
        /// Why the value cannot be used.
        reason: String,
    },
}

impl fmt::Display for KioskConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}")?;
            if let KioskConfigErrorKind::Syntax { column, .. } = &self.kind {
                write!(f, ", column {column}")?;
            }
            f.write_str(": ")?;
        }
        match &self.kind {
            KioskConfigErrorKind::Read(reason) => write!(f, "cannot read the file: {reason}"),
            KioskConfigErrorKind::Syntax { message, .. } => {
                write!(f, "{message}; every setting takes its default")
            }
            KioskConfigErrorKind::Field { field, reason } => {
                write!(f, "{field}: {reason}; the default is used")
            }
        }
    }
}

impl std::error::Error for KioskConfigError {}

impl KioskConfig {
    /// Reads the configuration file at `path`: the checked configuration, and every problem
    /// found (each bad field keeps its default; an unreadable file gives all the defaults).
    pub fn load(path: &Path) -> (KioskConfig, Vec<KioskConfigError>) {
        match std::fs::read_to_string(path) {
            Ok(text) => KioskConfig::from_ron(&text),
            Err(error) => (
                KioskConfig::default(),
                vec![KioskConfigError {
                    line: None,
                    kind: KioskConfigErrorKind::Read(error.to_string()),
                }],
            ),
        }
    }

    /// Parses and checks a configuration written in RON, e.g.
    /// `(variants: ["kigogo"], language: "sw", operator_pin: "2580")`. Returns the configuration
    /// and the problems found: a field with a bad value is reported and keeps its default; a
    /// file that does not parse gives every default.
    pub fn from_ron(text: &str) -> (KioskConfig, Vec<KioskConfigError>) {
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        match options.from_str::<RawConfig>(text) {
            Ok(raw) => {
                let mut check = Check {
                    text,
                    errors: Vec::new(),
                };
                let config = check.config(raw);
                (config, check.errors)
            }
            Err(error) => (
                KioskConfig::default(),
                vec![KioskConfigError {
                    line: Some(error.span.start.line),
                    kind: KioskConfigErrorKind::Syntax {
                        column: error.span.start.col,
                        message: error.code.to_string(),
                    },
                }],
            ),
        }
    }
}

/// Checks the raw fields one by one, collecting the problems.
struct Check<'a> {
    text: &'a str,
    errors: Vec<KioskConfigError>,
}

impl Check<'_> {
    /// The configuration: each field of `raw` checked in turn, a bad one at its default.
    fn config(&mut self, raw: RawConfig) -> KioskConfig {
        let play = self.play_fields(&raw);
        self.operation_fields(raw, play)
    }

    /// What the visitors meet: the games, the language, the idle timers, the attract loop and
    /// the computer's levels, the sound; the other fields at their defaults.
    fn play_fields(&mut self, raw: &RawConfig) -> KioskConfig {
        let d = KioskConfig::default();
        KioskConfig {
            variants: self.field("variants", d.variants, variants(&raw.variants)),
            language: self.field("language", d.language, language(&raw.language)),
            attract_after: self.seconds(
                "attract_after_s",
                raw.attract_after_s,
                d.attract_after,
                (5.0, 3600.0),
            ),
            idle_after: self.seconds(
                "idle_after_s",
                raw.idle_after_s,
                d.idle_after,
                (10.0, 3600.0),
            ),
            countdown: self.seconds("countdown_s", raw.countdown_s, d.countdown, (5.0, 120.0)),
            game_over_after: self.seconds(
                "game_over_s",
                raw.game_over_s,
                d.game_over_after,
                (5.0, 3600.0),
            ),
            attract_pause: self.seconds(
                "attract_pause_s",
                raw.attract_pause_s,
                d.attract_pause,
                (1.0, 120.0),
            ),
            attract_max_plies: self.field(
                "attract_max_plies",
                d.attract_max_plies,
                in_range(raw.attract_max_plies, 20, 5000, ""),
            ),
            levels: self.field("levels", d.levels, levels(&raw.levels)),
            attract_levels: self.field(
                "attract_levels",
                d.attract_levels,
                level(&raw.attract_levels.0)
                    .and_then(|south| level(&raw.attract_levels.1).map(|north| [south, north])),
            ),
            attract_lessons: raw.attract_lessons,
            sound: raw.sound,
            ..d
        }
    }

    /// How the kiosk is run: the operator's PIN and pause, the overlay's scale, the table's
    /// seating, the statistics, the nightly restart, the online server and the take-home code's
    /// web build; the other fields as in `play`.
    fn operation_fields(&mut self, raw: RawConfig, play: KioskConfig) -> KioskConfig {
        let d = KioskConfig::default();
        KioskConfig {
            operator_pin: self.field("operator_pin", None, pin(raw.operator_pin)),
            pause_minutes: self.field(
                "pause_minutes",
                d.pause_minutes,
                in_range(raw.pause_minutes, 1, 1440, " minutes"),
            ),
            ui_scale: self.field("ui_scale", d.ui_scale, in_range(raw.ui_scale, 1.0, 2.0, "")),
            face_to_face: raw.face_to_face,
            statistics: self.field("statistics", None, statistics(raw.statistics)),
            nightly_restart: self.field(
                "nightly_restart",
                None,
                raw.nightly_restart
                    .map(|text| text.parse().map_err(|e: TimeOfDayError| e.to_string()))
                    .transpose(),
            ),
            online_server: self.field("online_server", None, server(raw.online_server)),
            take_home_url: self.field("take_home_url", None, web_build(raw.take_home_url)),
            ..play
        }
    }

    fn seconds(&mut self, field: &'static str, value: f32, default: f32, range: (f32, f32)) -> f32 {
        self.field(
            field,
            default,
            in_range(value, range.0, range.1, " seconds"),
        )
    }

    fn field<T>(&mut self, field: &'static str, default: T, checked: Result<T, String>) -> T {
        checked.unwrap_or_else(|reason| {
            self.errors.push(KioskConfigError {
                line: line_of(self.text, field),
                kind: KioskConfigErrorKind::Field { field, reason },
            });
            default
        })
    }
}

/// The line (1-based) where `field:` is written, if it is.
fn line_of(text: &str, field: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.match_indices(field).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + field.len()..].trim_start();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with(':')
            })
        })
        .map(|i| i + 1)
}

fn in_range<T: PartialOrd + fmt::Display + Copy>(
    value: T,
    min: T,
    max: T,
    unit: &str,
) -> Result<T, String> {
    if value >= min && value <= max {
        Ok(value)
    } else {
        Err(format!(
            "must be between {min} and {max}{unit}, not {value}"
        ))
    }
}

fn variants(names: &[String]) -> Result<Vec<Variant>, String> {
    if names.is_empty() {
        return Err("name at least one game".to_owned());
    }
    let mut out = Vec::new();
    for name in names {
        let variant: Variant = name.to_ascii_lowercase().parse().map_err(|_| {
            format!("unknown game '{name}' (kujifunza, kujifunza-choice, kingulu, kigogo, kimasai)")
        })?;
        if out.contains(&variant) {
            return Err(format!("'{name}' is named twice"));
        }
        out.push(variant);
    }
    Ok(out)
}

fn language(code: &str) -> Result<Language, String> {
    Language::from_locale(code)
        .ok_or_else(|| format!("unknown language '{code}' (en, de, nl or sw)"))
}

fn level(name: &str) -> Result<Level, String> {
    name.to_ascii_lowercase()
        .parse()
        .map_err(|_| format!("unknown level '{name}' (beginner, easy, medium, hard or expert)"))
}

fn levels(names: &[String]) -> Result<Vec<Level>, String> {
    if names.is_empty() {
        return Err("name at least one level".to_owned());
    }
    let mut out: Vec<Level> = names.iter().map(|n| level(n)).collect::<Result<_, _>>()?;
    out.sort();
    out.dedup();
    Ok(out)
}

fn pin(pin: Option<String>) -> Result<Option<String>, String> {
    match pin {
        None => Ok(None),
        Some(p) if (4..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()) => {
            Ok(Some(p))
        }
        Some(_) => Err("must be 4 to 8 digits".to_owned()),
    }
}

/// The statistics file, if one is named: an absolute path (the service's working folder is
/// nobody's choice).
fn statistics(path: Option<String>) -> Result<Option<PathBuf>, String> {
    match path.map(PathBuf::from) {
        Some(path) if !path.is_absolute() => Err(format!(
            "must be an absolute path (like /var/lib/bao-kiosk/visits.jsonl), not '{}'",
            path.display()
        )),
        path => Ok(path),
    }
}

/// The online server, if one is named: an `http://` or `https://` address with a host.
fn server(address: Option<String>) -> Result<Option<String>, String> {
    let Some(address) = address else {
        return Ok(None);
    };
    let trimmed = address.trim().trim_end_matches('/');
    let host = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"));
    match host {
        Some(host) if !host.is_empty() && !host.contains(['/', '?', '#', ' ']) => {
            Ok(Some(trimmed.to_owned()))
        }
        _ => Err(format!(
            "must be a server's address like http://192.168.1.5:8080, not '{address}'"
        )),
    }
}

/// The web build a take-home code links to, if one is named: an `http://` or `https://`
/// address with a host, as written (the game's link goes after it), without spaces or a `#`
/// (the link's own part).
fn web_build(address: Option<String>) -> Result<Option<String>, String> {
    let Some(address) = address else {
        return Ok(None);
    };
    let trimmed = address.trim();
    let rest = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"));
    let host = rest.map(|rest| rest.split(['/', '?']).next().unwrap_or_default());
    match host {
        Some(host) if !host.is_empty() && !trimmed.contains(['#', ' ', '\t']) => {
            Ok(Some(trimmed.to_owned()))
        }
        _ => Err(format!(
            "must be the address of the game's web build like https://museum.example.org/bao/, \
             not '{address}'"
        )),
    }
}

/// The kiosk's online games are on the configured server.
fn apply_online_server(config: Res<KioskConfig>, mut commands: Commands) {
    if let Some(server) = &config.online_server {
        commands.insert_resource(crate::online::OnlineServer(server.clone()));
    }
}

/// The kiosk starts in the configured language.
fn apply_language(config: Res<KioskConfig>, mut i18n: ResMut<I18n>) {
    i18n.set_language(config.language);
}

/// The kiosk starts as the configuration sets the table: face to face or not.
fn apply_face_to_face(config: Res<KioskConfig>, mut settings: ResMut<crate::core::Settings>) {
    settings.face_to_face = config.face_to_face;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_gives_the_defaults() {
        assert_eq!(
            KioskConfig::from_ron("()"),
            (KioskConfig::default(), vec![])
        );
    }

    #[test]
    fn the_example_file_is_valid_and_read_as_written() {
        let text = include_str!("../../kiosk.example.ron");
        let (config, errors) = KioskConfig::from_ron(text);
        assert!(errors.is_empty(), "{errors:?}");
        // As the guide says: English, and every value its field's default.
        assert_eq!(config, KioskConfig::default());
        assert_eq!(config.language, Language::English);
        assert_eq!(config.attract_levels, [Level::Medium, Level::Easy]);
        assert!(config.variants.len() == 4 && config.sound);
        assert_eq!(config.pause_minutes, 30);
        // No PIN is shipped (each exhibit's package writes its own), nor statistics or the
        // nightly restart; the lines that set them are valid as written.
        assert_eq!(config.operator_pin, None);
        assert_eq!((config.statistics, config.nightly_restart), (None, None));
        let on = text
            .replace("// operator_pin:", "operator_pin:")
            .replace("// statistics:", "statistics:")
            .replace("// nightly_restart:", "nightly_restart:")
            .replace("// online_server:", "online_server:");
        let (config, errors) = KioskConfig::from_ron(&on);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(config.operator_pin.as_deref(), Some("2580"));
        assert_eq!(
            config.statistics.as_deref(),
            Some(Path::new("/var/lib/bao-kiosk/visits.jsonl"))
        );
        assert_eq!(
            config.nightly_restart,
            Some(TimeOfDay {
                hour: 3,
                minute: 30
            })
        );
        assert_eq!(
            config.online_server.as_deref(),
            Some("http://192.168.1.5:8080")
        );
    }

    #[test]
    fn every_field_is_read() {
        let text = r#"(
            variants: ["Kigogo", "kimasai", "kujifunza-choice"],
            language: "sw",
            attract_after_s: 30,
            idle_after_s: 60.5,
            countdown_s: 10,
            game_over_s: 20,
            attract_pause_s: 3,
            attract_max_plies: 100,
            levels: ["easy", "beginner", "easy"],
            attract_levels: ("beginner", "hard"),
            attract_lessons: false,
            sound: false,
            operator_pin: "012345",
            pause_minutes: 90,
            ui_scale: 1.5,
            face_to_face: true,
            statistics: "/srv/museum/visits.jsonl",
            nightly_restart: "23:59",
            online_server: "http://192.168.1.5:8080/",
            take_home_url: " https://museum.example.org/bao/ ",
        )"#;
        let (config, errors) = KioskConfig::from_ron(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            config,
            KioskConfig {
                variants: vec![Variant::Kigogo, Variant::Kimasai, Variant::KujifunzaChoice],
                language: Language::Swahili,
                attract_after: 30.0,
                idle_after: 60.5,
                countdown: 10.0,
                game_over_after: 20.0,
                attract_pause: 3.0,
                attract_max_plies: 100,
                levels: vec![Level::Beginner, Level::Easy],
                attract_levels: [Level::Beginner, Level::Hard],
                attract_lessons: false,
                sound: false,
                operator_pin: Some("012345".to_owned()),
                pause_minutes: 90,
                ui_scale: 1.5,
                face_to_face: true,
                statistics: Some(PathBuf::from("/srv/museum/visits.jsonl")),
                nightly_restart: Some(TimeOfDay {
                    hour: 23,
                    minute: 59
                }),
                online_server: Some("http://192.168.1.5:8080".to_owned()),
                take_home_url: Some("https://museum.example.org/bao/".to_owned()),
            }
        );
    }

    #[test]
    fn a_bad_value_names_its_field_and_line_and_keeps_the_default() {
        let text = "(\n  language: \"fr\",\n  idle_after_s: 2,\n  operator_pin: \"12a4\",\n  countdown_s: 15,\n)";
        let (config, errors) = KioskConfig::from_ron(text);
        let fields: Vec<_> = errors
            .iter()
            .map(|e| match &e.kind {
                KioskConfigErrorKind::Field { field, .. } => (*field, e.line),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            fields,
            [
                ("language", Some(2)),
                ("idle_after_s", Some(3)),
                ("operator_pin", Some(4))
            ]
        );
        assert_eq!(config.language, Language::English);
        assert_eq!(config.idle_after, 120.0);
        assert_eq!(config.operator_pin, None);
        // The good field next to them is kept.
        assert_eq!(config.countdown, 15.0);
        let text = errors[1].to_string();
        assert!(
            text.contains("line 3") && text.contains("idle_after_s"),
            "{text}"
        );
    }

    #[test]
    fn unknown_games_levels_and_empty_lists_are_refused() {
        for (text, field) in [
            (r#"(variants: [])"#, "variants"),
            (r#"(variants: ["chess"])"#, "variants"),
            (r#"(variants: ["kigogo", "kigogo"])"#, "variants"),
            (r#"(levels: ["grandmaster"])"#, "levels"),
            (r#"(attract_levels: ("easy", "best"))"#, "attract_levels"),
            (r#"(ui_scale: 0.5)"#, "ui_scale"),
            (r#"(attract_max_plies: 3)"#, "attract_max_plies"),
            (r#"(pause_minutes: 0)"#, "pause_minutes"),
            (r#"(pause_minutes: 1441)"#, "pause_minutes"),
            (r#"(statistics: "visits.jsonl")"#, "statistics"),
            (r#"(statistics: "")"#, "statistics"),
            (r#"(nightly_restart: "24:00")"#, "nightly_restart"),
            (r#"(nightly_restart: "3:30")"#, "nightly_restart"),
            (r#"(nightly_restart: "03:60")"#, "nightly_restart"),
            (r#"(nightly_restart: "03.30")"#, "nightly_restart"),
            (r#"(nightly_restart: "+3:30")"#, "nightly_restart"),
        ] {
            let (config, errors) = KioskConfig::from_ron(text);
            assert_eq!(config, KioskConfig::default(), "{text}");
            assert!(
                matches!(&errors[..], [KioskConfigError {
                    kind: KioskConfigErrorKind::Field { field: f, .. },
                    line: Some(1),
                }] if *f == field),
                "{text}: {errors:?}"
            );
        }
    }

    #[test]
    fn the_pause_lasts_1_to_1440_minutes_else_30() {
        assert_eq!(KioskConfig::default().pause_minutes, 30);
        for minutes in [1, 45, 1440] {
            let (config, errors) = KioskConfig::from_ron(&format!("(pause_minutes: {minutes})"));
            assert!(errors.is_empty(), "{minutes}: {errors:?}");
            assert_eq!(config.pause_minutes, minutes);
        }
        let (config, errors) =
            KioskConfig::from_ron("(\n  sound: false,\n  pause_minutes: 2000,\n)");
        let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            reports,
            [
                "line 3: pause_minutes: must be between 1 and 1440 minutes, not 2000; the default is used"
            ]
        );
        assert_eq!(config.pause_minutes, 30);
        assert!(!config.sound, "the good field next to it is kept");
    }

    #[test]
    fn a_time_of_day_is_read_and_written_as_hh_mm() {
        for (text, hour, minute) in [("00:00", 0, 0), ("03:30", 3, 30), ("23:59", 23, 59)] {
            let time: TimeOfDay = text.parse().expect(text);
            assert_eq!((time.hour, time.minute), (hour, minute));
            assert_eq!(time.to_string(), text);
        }
        for bad in [
            "",
            "3",
            "03:3",
            "003:30",
            "03:30:00",
            "ab:cd",
            "-1:30",
            "12:-5",
            "٠٣:٣٠",
        ] {
            let error = bad.parse::<TimeOfDay>().expect_err(bad);
            assert!(error.to_string().contains("HH:MM"), "{error}");
        }
    }

    #[test]
    fn a_bad_statistics_file_or_restart_time_is_reported_on_its_line() {
        let text =
            "(\n  sound: false,\n  statistics: \"stats.jsonl\",\n  nightly_restart: \"25:00\",\n)";
        let (config, errors) = KioskConfig::from_ron(text);
        let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(reports.len(), 2, "{reports:?}");
        assert!(
            reports[0].starts_with("line 3: statistics: must be an absolute path"),
            "{}",
            reports[0]
        );
        assert!(
            reports[1].starts_with("line 4: nightly_restart: expects a time of day HH:MM"),
            "{}",
            reports[1]
        );
        assert_eq!((config.statistics, config.nightly_restart), (None, None));
        assert!(!config.sound, "the good field next to them is kept");
    }

    #[test]
    fn an_online_server_that_is_not_an_address_is_reported_and_online_play_stays_off() {
        for bad in [
            "192.168.1.5:8080",
            "ftp://host",
            "http://",
            "http://host/games?x",
        ] {
            let text = format!("(\n  sound: false,\n  online_server: \"{bad}\",\n)");
            let (config, errors) = KioskConfig::from_ron(&text);
            let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert_eq!(reports.len(), 1, "{bad}: {reports:?}");
            assert!(
                reports[0].starts_with("line 3: online_server: must be a server's address"),
                "{}",
                reports[0]
            );
            assert_eq!(config.online_server, None);
        }
    }

    #[test]
    fn a_take_home_url_that_is_not_a_web_address_is_reported_and_no_code_is_shown() {
        for good in [
            "http://192.168.1.5/bao",
            "https://museum.example.org/bao/",
            "https://museum.example.org/bao/?lang=sw",
        ] {
            let (config, errors) = KioskConfig::from_ron(&format!("(take_home_url: \"{good}\")"));
            assert!(errors.is_empty(), "{good}: {errors:?}");
            assert_eq!(config.take_home_url.as_deref(), Some(good));
        }
        for bad in [
            "museum.example.org/bao/",
            "ftp://museum.example.org/bao/",
            "https://",
            "https:///bao/",
            "https://museum.example.org/bao/#g=",
            "https://museum example.org/",
            "",
        ] {
            let text = format!("(\n  sound: false,\n  take_home_url: \"{bad}\",\n)");
            let (config, errors) = KioskConfig::from_ron(&text);
            let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert_eq!(reports.len(), 1, "{bad}: {reports:?}");
            assert!(
                reports[0].starts_with("line 3: take_home_url: must be the address of the game's"),
                "{}",
                reports[0]
            );
            assert_eq!(config.take_home_url, None);
        }
    }

    #[test]
    fn a_syntax_error_or_unknown_field_gives_all_defaults_with_the_line() {
        for (text, line) in [
            ("(\n  language: \"de\",\n  sound: maybe,\n)", 3),
            ("(\n  language: \"de\",\n  colour: \"red\",\n)", 3),
            ("(\n  countdown_s: \"ten\",\n)", 2),
            ("(language: \"de\"", 1),
        ] {
            let (config, errors) = KioskConfig::from_ron(text);
            assert_eq!(config, KioskConfig::default(), "{text}");
            assert!(
                matches!(
                    &errors[..],
                    [KioskConfigError {
                        kind: KioskConfigErrorKind::Syntax { .. },
                        line: Some(l),
                    }] if *l == line
                ),
                "{text}: {errors:?}"
            );
        }
    }

    #[test]
    fn a_missing_file_is_reported_and_gives_the_defaults() {
        let (config, errors) = KioskConfig::load(Path::new("/no/such/kiosk.ron"));
        assert_eq!(config, KioskConfig::default());
        assert!(matches!(
            &errors[..],
            [KioskConfigError {
                kind: KioskConfigErrorKind::Read(_),
                ..
            }]
        ));
    }
}
