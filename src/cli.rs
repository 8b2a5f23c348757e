//! What a run of the game is asked for: the desktop's command line (`bao --help` lists it; read
//! with clap in `cli/flags.rs`) and the web page's URL parameters, which mean what the flags of
//! the same names mean. Both end in one [`Options`], checked by the same rules.

#[cfg(not(target_arch = "wasm32"))]
mod flags;

use crate::core::{DEFAULT_SEATS, Level, Quality, Seat};
use crate::i18n::Language;
pub use crate::ui::{RulesTab, Show};
use bao_engine::Variant;
#[cfg(not(target_arch = "wasm32"))]
pub use flags::Parsed;
use std::fmt;
use std::path::PathBuf;

/// What `--version` prints after the program's name: the version and the commit built (set by
/// the workspace's `build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("BAO_COMMIT"),
    ")"
);

/// The configuration `--kiosk-report` reads without `--config`: where the kiosk package
/// installs it.
pub const DEFAULT_KIOSK_CONFIG: &str = "/etc/bao/kiosk.ron";

/// Options of a run of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Start this variant at once, skipping the title screen.
    pub variant: Option<Variant>,
    /// Open this variant's lessons at once (at the first not done).
    pub learn: Option<Variant>,
    /// Who plays South and North.
    pub seats: [Seat; 2],
    /// Save a screenshot of the start of the game here and exit.
    pub screenshot: Option<PathBuf>,
    /// Run this many frames, print frame-time figures and exit.
    pub frames: Option<u32>,
    /// Window size in pixels.
    pub window: (u32, u32),
    /// The language of every text; `None`: the system's.
    pub language: Option<Language>,
    /// What to open at the start.
    pub show: Show,
    /// The picture's quality for this run; `None`: the settings' or the renderer's.
    pub quality: Option<Quality>,
    /// Run as an exhibition kiosk.
    pub kiosk: bool,
    /// The kiosk's configuration file.
    pub config: Option<PathBuf>,
    /// With `--screenshot`: list every control smaller than a 44×44 px touch target, and fail.
    pub check_targets: bool,
    /// Write the overlay's layout report here, every frame (`--layout-report`).
    pub layout_report: Option<PathBuf>,
    /// Join this online game at once: an invitation's link or its code (`--join`, the page's
    /// `?join=`).
    pub join: Option<String>,
    /// The online games' server (`--server`); `None`: the default (on the web, the page's).
    pub server: Option<String>,
    /// Open the game this link holds, with its review (`--open`, the page's `#g=…`). A link
    /// that cannot be read leaves the title screen with a notice saying why.
    pub open: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: None,
            learn: None,
            seats: DEFAULT_SEATS,
            screenshot: None,
            frames: None,
            window: (1280, 720),
            language: None,
            show: Show::Default,
            quality: None,
            kiosk: false,
            config: None,
            check_targets: false,
            layout_report: None,
            join: None,
            server: None,
            open: None,
        }
    }
}

/// Options that cannot be put together, or a URL parameter that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    message: String,
}

impl CliError {
    fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl Options {
    /// Parses the query of the web build's URL (`?variant=kigogo&south=human&north=hard`): the
    /// parameters `variant`, `learn`, `south`, `north` and `language` mean what the flags of the
    /// same names mean; `kiosk=1` is the exhibition mode (`--kiosk`, with the default
    /// configuration).
    ///
    /// # Errors
    /// A [`CliError`] naming an unknown parameter, a bad value, or parameters that do not go
    /// together.
    pub fn from_url_query(query: &str) -> Result<Options, CliError> {
        let mut options = Options::default();
        for pair in query.trim_start_matches('?').split('&') {
            if pair.is_empty() {
                continue;
            }
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                // `kiosk=0` leaves the mode as it is: it only says "no kiosk asked for here".
                "kiosk" => options.kiosk |= url_value(key, value, read_switch)?,
                "variant" => options.variant = Some(url_value(key, value, read_variant)?),
                "learn" => options.learn = Some(url_value(key, value, read_variant)?),
                "south" => options.seats[0] = url_value(key, value, read_seat)?,
                "north" => options.seats[1] = url_value(key, value, read_seat)?,
                "language" => options.language = Some(url_value(key, value, read_language)?),
                // An invitation's link: the token, played on the page's own server.
                "join" => options.join = Some(value.to_owned()),
                _ => {
                    return Err(CliError::new(format!(
                        "unknown URL parameter '{key}' (known: variant, learn, south, \
                         north, language, kiosk, join)"
                    )));
                }
            }
        }
        options.settled()
    }

    /// Checks the options whose values rule each other out, and fills in the variant a screen of
    /// `--show` implies (a game, the settings or a rules tab without `--variant` open Bao la
    /// Kujifunza; the kichwa question is asked only in kujifunza-choice).
    ///
    /// # Errors
    /// A [`CliError`] naming the options that do not go together.
    fn settled(mut self) -> Result<Options, CliError> {
        self.check_online()?;
        self.check_open()?;
        if self.learn.is_some() && (self.variant.is_some() || self.show != Show::Default) {
            return Err(CliError::new(
                "--learn opens the lessons of its game: it cannot be combined with --variant \
                 or --show",
            ));
        }
        match self.show {
            Show::Title if self.variant.is_some() => {
                return Err(CliError::new(
                    "--show title cannot be combined with --variant",
                ));
            }
            Show::Kichwa => match self.variant {
                None | Some(Variant::KujifunzaChoice) => {
                    self.variant = Some(Variant::KujifunzaChoice);
                }
                Some(other) => {
                    return Err(CliError::new(format!(
                        "--show kichwa is a kujifunza-choice question; it cannot show {}",
                        other.id()
                    )));
                }
            },
            Show::Game
            | Show::Settings
            | Show::Example
            | Show::Puzzles
            | Show::Puzzle
            | Show::Lesson
            | Show::Exercise
            | Show::Highlights
            | Show::Rules(_)
                if self.variant.is_none() =>
            {
                self.variant = Some(Variant::Kujifunza);
            }
            _ => {}
        }
        Ok(self)
    }
}

impl Options {
    /// A game's link opens its own game and review: it goes with no other game to start. (The
    /// link itself is read once the game runs, which says what is wrong with a broken one.)
    ///
    /// # Errors
    /// A [`CliError`] naming what does not go with `--open`.
    fn check_open(&self) -> Result<(), CliError> {
        let asks_another_game = self.kiosk
            || self.variant.is_some()
            || self.learn.is_some()
            || self.join.is_some()
            || self.show != Show::Default;
        if self.open.is_some() && asks_another_game {
            return Err(CliError::new(
                "--open shows the link's game: it cannot be combined with --kiosk, --variant, \
                 --learn, --join or --show",
            ));
        }
        Ok(())
    }

    /// An online game is joined alone (its own game, not a kiosk's), from a link or a code.
    ///
    /// # Errors
    /// A [`CliError`] naming what does not go with `--join`, or a link that is not one.
    fn check_online(&self) -> Result<(), CliError> {
        let Some(join) = &self.join else {
            return Ok(());
        };
        if self.kiosk || self.variant.is_some() || self.learn.is_some() {
            return Err(CliError::new(
                "--join plays the invitation's game: it cannot be combined with --kiosk, \
                 --variant or --learn",
            ));
        }
        let server = self
            .server
            .as_deref()
            .unwrap_or(crate::online::DEFAULT_SERVER);
        crate::online::parse_join(join, server)
            .map(|_| ())
            .map_err(|bad| CliError::new(format!("--join: {bad}")))
    }
}

#[cfg(any(not(target_arch = "wasm32"), test))]
/// An online server's address, as `--server` takes it: `http://` or `https://` and a host.
fn read_server(value: &str) -> Result<String, String> {
    let host = value
        .strip_prefix("http://")
        .or_else(|| value.strip_prefix("https://"));
    match host {
        Some(host) if !host.is_empty() && !host.contains(['?', '#', ' ']) => {
            Ok(value.trim_end_matches('/').to_owned())
        }
        _ => Err("expected http://HOST:PORT or https://HOST".to_owned()),
    }
}

// What a flag's or a URL parameter's value may be. Each reader's error says what is accepted,
// without the flag or the value: clap's message (and the URL's) names both around it.

/// "expected a, b or c", from the accepted spellings.
fn expected<'a>(spellings: impl IntoIterator<Item = &'a str>) -> String {
    let spellings: Vec<&str> = spellings.into_iter().collect();
    match spellings.split_last() {
        Some((last, [])) => format!("expected {last}"),
        Some((last, others)) => format!("expected {} or {last}", others.join(", ")),
        None => "expected nothing".to_owned(),
    }
}

/// A variant by its id, as `--variant` and `--learn` take it.
fn read_variant(value: &str) -> Result<Variant, String> {
    value
        .parse()
        .map_err(|_| expected(Variant::ALL.map(Variant::id)))
}

/// `human` (in any case) or a computer level, as `--south` and `--north` take it.
fn read_seat(value: &str) -> Result<Seat, String> {
    if value.eq_ignore_ascii_case("human") {
        return Ok(Seat::Human);
    }
    value
        .parse::<Level>()
        .map(Seat::Computer)
        .map_err(|_| expected(std::iter::once("human").chain(Level::ALL.map(Level::id))))
}

/// A language by its ISO 639-1 code, in lower case, as `--language` takes it.
fn read_language(value: &str) -> Result<Language, String> {
    Language::ALL
        .into_iter()
        .find(|language| language.code() == value)
        .ok_or_else(|| expected(Language::ALL.map(Language::code)))
}

/// A URL parameter's value, read by `read`; its error names the parameter and the value as clap
/// names a flag's.
fn url_value<T>(
    key: &str,
    value: &str,
    read: fn(&str) -> Result<T, String>,
) -> Result<T, CliError> {
    read(value)
        .map_err(|reason| CliError::new(format!("invalid value '{value}' for '{key}': {reason}")))
}

/// The URL's `kiosk` parameter: `1`, `true` or nothing turn the mode on, `0` and `false` do not.
fn read_switch(value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" | "" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(expected(["1", "0"])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learn_stands_alone_in_the_url_too() {
        assert_eq!(
            Options::from_url_query("?learn=kimasai&language=de"),
            Ok(Options {
                learn: Some(Variant::Kimasai),
                language: Some(Language::German),
                ..Options::default()
            })
        );
    }

    #[test]
    fn reads_the_web_url_query() {
        let options = Options::from_url_query("?variant=kigogo&south=human&north=expert");
        assert_eq!(
            options,
            Ok(Options {
                variant: Some(Variant::Kigogo),
                seats: [Seat::Human, Seat::Computer(Level::Expert)],
                ..Options::default()
            })
        );
        assert_eq!(Options::from_url_query(""), Ok(Options::default()));
        let kiosk = Options::from_url_query("?kiosk=1&language=sw");
        assert_eq!(
            kiosk,
            Ok(Options {
                kiosk: true,
                language: Some(Language::Swahili),
                ..Options::default()
            })
        );
        assert_eq!(Options::from_url_query("?kiosk=0"), Ok(Options::default()));
        assert_eq!(Options::from_url_query("?"), Ok(Options::default()));
        for bad in [
            "?variant=chess",
            "?speed=2",
            "?variant",
            "?frames=3",
            "?north=robot",
            "?kiosk=yes",
            "?language=fr",
            "?show=title",
            "?learn=kingulu&variant=kingulu",
        ] {
            assert!(Options::from_url_query(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_page_joins_an_invitation_of_its_own_server() {
        let options = Options::from_url_query("?join=Zm9vYmFyYmF6cXV4MTIzNDU2&language=nl");
        assert_eq!(
            options,
            Ok(Options {
                join: Some("Zm9vYmFyYmF6cXV4MTIzNDU2".into()),
                language: Some(Language::Dutch),
                ..Options::default()
            })
        );
        for bad in [
            "?join=short",
            "?join=Zm9vYmFyYmF6cXV4MTIzNDU2&kiosk=1",
            "?join=Zm9vYmFyYmF6cXV4MTIzNDU2&variant=kigogo",
        ] {
            assert!(Options::from_url_query(bad).is_err(), "{bad}");
        }
        assert_eq!(
            read_server("https://bao.example.org/"),
            Ok("https://bao.example.org".to_owned())
        );
        assert!(read_server("bao.example.org").is_err());
    }

    #[test]
    fn a_bad_url_value_names_the_parameter_and_what_it_takes() {
        let Err(error) = Options::from_url_query("?north=robot") else {
            panic!("a robot is no level");
        };
        assert_eq!(
            error.to_string(),
            "invalid value 'robot' for 'north': expected human, beginner, easy, medium, hard or \
             expert"
        );
    }
}
