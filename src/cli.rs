//! The command line: `bao [--variant V] [--south human|LEVEL] [--north human|LEVEL]
//! [--screenshot PATH] [--frames N] [--language L] [--show SCREEN] [--quality Q]
//! [--kiosk [--config FILE]] [--version]`, and `bao --kiosk-report [--since YYYY-MM-DD]
//! [--config FILE]`.

use crate::core::{DEFAULT_SEATS, Level, Quality, Seat};
use crate::i18n::Language;
pub use crate::ui::{RulesTab, Show};
use bao_engine::Variant;
use std::fmt;
use std::path::PathBuf;

/// The usage text printed with `--help` and after a bad flag.
pub const USAGE: &str = "usage: bao [--variant kujifunza|kujifunza-choice|kingulu|kigogo|kimasai]
           [--south human|LEVEL] [--north human|LEVEL]
           [--screenshot PATH [--check-targets]] [--frames N] [--window WxH]
           [--language en|de|nl|sw] [--show SCREEN] [--quality standard|high]
           [--learn GAME] [--kiosk [--config FILE]] [--version]
       bao --kiosk-report [--since YYYY-MM-DD] [--config FILE]

  --variant V        start a game of V at once (otherwise: the title screen);
                     kujifunza-choice: Kujifunza with the kichwa chosen after every
                     capture from a middle pit (the source text read literally)
  --learn GAME       open GAME's lessons at the first one not yet done (the same
                     variants as --variant); after the last, a real game of GAME
  --south, --north   who plays that side: human, or a computer level
                     (beginner, easy, medium, hard, expert); default human vs medium
  --screenshot PATH  render the start of the game, save a PNG to PATH and exit
  --frames N         run N frames, print the mean and 99th-percentile frame time, exit
  --window WxH       window size in pixels (default 1280x720)
  --language L       the language of every text: en, de, nl or sw
                     (default: the system's language, else English)
  --show SCREEN      what to open at the start (for --screenshot): title, game,
                     settings, example (the last \"show me\"), puzzles (the list),
                     puzzle (the first of several moves), kichwa (a kujifunza-choice
                     move stopped at the kichwa question), lesson (the third lesson),
                     exercise (its exercise after a wrong try), highlights (after a
                     move each: legal pits, last move, hint, focus), or a tab of the rules
                     panel: rules, show-me, words, history, house-rules, keys
                     (all but title open a game of --variant, else Kujifunza)
  --check-targets    with --screenshot: list every button or control on the screen
                     smaller than 44x44 px (WCAG 2.5.5) and exit with code 3 if any
  --quality Q        the picture's quality for this run: standard or high
                     (otherwise the settings', or what the renderer suits)
  --kiosk            exhibition mode: fullscreen, touch only, attract loop, idle reset;
                     the operator leaves with Ctrl+Alt+Shift+Q, or a 3-second press in
                     the top-left corner and the PIN of the configuration
  --config FILE      the kiosk's configuration (RON; see kiosk.example.ron)
  --kiosk-report     write the visits the kiosk's statistics file holds as CSV
                     (one row per visit) and exit; the configuration is --config,
                     else /etc/bao/kiosk.ron
  --since DATE       with --kiosk-report: only the visits from this local date on
  --version          print the version and the commit it was built from
  --help             show this text";

/// What `--version` prints after the program's name: the version and the commit built (set by
/// the workspace's `build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("BAO_COMMIT"),
    ")"
);

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// Run the game with these options.
    Run(Options),
    /// Print the usage text.
    Help,
    /// Print the version.
    Version,
    /// Write the kiosk's visitor statistics as CSV (desktop only: the web has no such file).
    #[cfg(not(target_arch = "wasm32"))]
    KioskReport {
        /// Only the visits that began on this local date or later.
        since: Option<jiff::civil::Date>,
        /// The kiosk's configuration, which names the statistics file.
        config: PathBuf,
    },
}

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
}

/// Reads `--show`'s value.
fn parse_show(value: &str) -> Result<Show, CliError> {
    Ok(match value {
        "title" => Show::Title,
        "game" => Show::Game,
        "settings" => Show::Settings,
        "example" => Show::Example,
        "puzzles" => Show::Puzzles,
        "puzzle" => Show::Puzzle,
        "kichwa" => Show::Kichwa,
        "lesson" => Show::Lesson,
        "exercise" => Show::Exercise,
        "highlights" => Show::Highlights,
        "rules" => Show::Rules(RulesTab::Rules),
        "show-me" => Show::Rules(RulesTab::ShowMe),
        "words" => Show::Rules(RulesTab::Words),
        "history" => Show::Rules(RulesTab::History),
        "house-rules" => Show::Rules(RulesTab::HouseRules),
        "keys" => Show::Rules(RulesTab::Keys),
        _ => {
            return Err(CliError::new(format!(
                "--show expects title, game, settings, example, puzzles, puzzle, kichwa, \
                 lesson, exercise, highlights, rules, show-me, words, history, house-rules or \
                 keys, not \
                 '{value}'"
            )));
        }
    })
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
        }
    }
}

/// A command line that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    message: String,
    /// Whether the usage text helps after the message (a flag of the game's); a report's error
    /// is one line, for the script that runs it.
    usage: bool,
}

impl CliError {
    fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            usage: true,
        }
    }

    /// An error of `--kiosk-report`'s command line: its one line says it all.
    fn of_report(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            usage: false,
        }
    }

    /// Whether the usage text should follow the message.
    pub fn wants_usage(&self) -> bool {
        self.usage
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl Options {
    /// Parses the arguments after the program name.
    ///
    /// # Errors
    /// A [`CliError`] naming the unknown flag, the missing value or the bad value.
    pub fn parse(args: &[String]) -> Result<Parsed, CliError> {
        #[cfg(not(target_arch = "wasm32"))]
        if args.iter().any(|arg| arg == "--kiosk-report") {
            return parse_kiosk_report(args);
        }
        let mut options = Options::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let flag = flag.as_str();
            if flag == "--help" || flag == "-h" {
                return Ok(Parsed::Help);
            }
            if flag == "--version" || flag == "-V" {
                return Ok(Parsed::Version);
            }
            if flag == "--kiosk" {
                options.kiosk = true;
                continue;
            }
            if flag == "--check-targets" {
                options.check_targets = true;
                continue;
            }
            let known = [
                "--variant",
                "--learn",
                "--south",
                "--north",
                "--screenshot",
                "--frames",
                "--window",
                "--language",
                "--show",
                "--quality",
                "--config",
            ];
            if flag == "--since" {
                return Err(CliError::of_report(
                    "--since chooses the visits of a report: add --kiosk-report",
                ));
            }
            if !known.contains(&flag) {
                return Err(CliError::new(format!("unknown argument '{flag}'")));
            }
            let Some(value) = it.next() else {
                return Err(CliError::new(format!("{flag} needs a value")));
            };
            match flag {
                "--variant" => {
                    let v = value.parse().map_err(|e| CliError::new(format!("{e}")))?;
                    options.variant = Some(v);
                }
                "--learn" => {
                    let v = value
                        .parse()
                        .map_err(|e| CliError::new(format!("--learn: {e}")))?;
                    options.learn = Some(v);
                }
                "--south" => options.seats[0] = parse_seat(flag, value)?,
                "--north" => options.seats[1] = parse_seat(flag, value)?,
                "--screenshot" => options.screenshot = Some(PathBuf::from(value)),
                "--window" => options.window = parse_size(value)?,
                "--language" => {
                    let language = Language::ALL
                        .into_iter()
                        .find(|l| l.code() == value)
                        .ok_or_else(|| {
                            CliError::new(format!(
                                "--language expects en, de, nl or sw, not '{value}'"
                            ))
                        })?;
                    options.language = Some(language);
                }
                "--show" => options.show = parse_show(value)?,
                "--quality" => {
                    let quality = Quality::of_id(value).ok_or_else(|| {
                        CliError::new(format!("--quality expects standard or high, not '{value}'"))
                    })?;
                    options.quality = Some(quality);
                }
                "--config" => options.config = Some(PathBuf::from(value)),
                _ => {
                    let n = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| {
                            CliError::new(format!(
                                "--frames needs a positive number, not '{value}'"
                            ))
                        })?;
                    options.frames = Some(n);
                }
            }
        }
        if options.learn.is_some() && (options.variant.is_some() || options.show != Show::Default) {
            return Err(CliError::new(
                "--learn opens the lessons of its game: it cannot be combined with --variant \
                 or --show"
                    .to_owned(),
            ));
        }
        match options.show {
            Show::Title if options.variant.is_some() => {
                return Err(CliError::new(
                    "--show title cannot be combined with --variant".to_owned(),
                ));
            }
            Show::Kichwa => match options.variant {
                None | Some(Variant::KujifunzaChoice) => {
                    options.variant = Some(Variant::KujifunzaChoice);
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
                if options.variant.is_none() =>
            {
                options.variant = Some(Variant::Kujifunza);
            }
            _ => {}
        }
        if options.check_targets && options.screenshot.is_none() {
            return Err(CliError::new(
                "--check-targets checks the screen of a --screenshot: add --screenshot",
            ));
        }
        if options.config.is_some() && !options.kiosk {
            return Err(CliError::new(
                "--config is the kiosk's configuration: add --kiosk",
            ));
        }
        Ok(Parsed::Run(options))
    }

    /// Parses the query of the web build's URL (`?variant=kigogo&south=human&north=hard`): the
    /// parameters `variant`, `south`, `north` and `language` mean what the flags of the same
    /// names mean; `kiosk=1` is the exhibition mode (`--kiosk`, with the default configuration).
    ///
    /// # Errors
    /// A [`CliError`] naming an unknown parameter or a bad value.
    pub fn from_url_query(query: &str) -> Result<Options, CliError> {
        let mut args = Vec::new();
        for pair in query.trim_start_matches('?').split('&') {
            if pair.is_empty() {
                continue;
            }
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "kiosk" => match value {
                    "1" | "true" | "" => args.push("--kiosk".to_owned()),
                    "0" | "false" => {}
                    _ => {
                        return Err(CliError::new(format!(
                            "kiosk expects 1 or 0, not '{value}'"
                        )));
                    }
                },
                "variant" | "learn" | "south" | "north" | "language" => {
                    args.push(format!("--{key}"));
                    args.push(value.to_owned());
                }
                _ => {
                    return Err(CliError::new(format!(
                        "unknown URL parameter '{key}' (known: variant, learn, south, \
                         north, language, kiosk)"
                    )));
                }
            }
        }
        match Options::parse(&args)? {
            Parsed::Run(options) => Ok(options),
            // The page's URL asks for no help, version or report.
            _ => Ok(Options::default()),
        }
    }
}

/// Reads `bao --kiosk-report [--since YYYY-MM-DD] [--config FILE]` (or `--help`, `--version`).
#[cfg(not(target_arch = "wasm32"))]
fn parse_kiosk_report(args: &[String]) -> Result<Parsed, CliError> {
    let mut since = None;
    let mut config = PathBuf::from(DEFAULT_KIOSK_CONFIG);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--help" | "-h" => return Ok(Parsed::Help),
            "--version" | "-V" => return Ok(Parsed::Version),
            "--kiosk-report" => {}
            "--since" | "--config" => {
                let Some(value) = it.next() else {
                    return Err(CliError::of_report(format!("{flag} needs a value")));
                };
                if flag == "--since" {
                    since = Some(parse_date(value)?);
                } else {
                    config = PathBuf::from(value);
                }
            }
            _ => {
                return Err(CliError::of_report(format!(
                    "--kiosk-report takes only --since and --config, not '{flag}'"
                )));
            }
        }
    }
    Ok(Parsed::KioskReport { since, config })
}

/// Reads `--since`'s date, exactly `YYYY-MM-DD` and a day of the calendar.
#[cfg(not(target_arch = "wasm32"))]
fn parse_date(value: &str) -> Result<jiff::civil::Date, CliError> {
    let bad = || {
        CliError::of_report(format!(
            "--since expects a date YYYY-MM-DD, like 2026-12-01, not '{value}'"
        ))
    };
    let shape = value.len() == 10
        && value.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !shape {
        return Err(bad());
    }
    value.parse().map_err(|_| bad())
}

fn parse_size(value: &str) -> Result<(u32, u32), CliError> {
    let bad = || {
        CliError::new(format!(
            "--window expects WIDTHxHEIGHT, like 1920x1080, not '{value}'"
        ))
    };
    let (w, h) = value.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    if !(200..=8192).contains(&w) || !(200..=8192).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

fn parse_seat(flag: &str, value: &str) -> Result<Seat, CliError> {
    if value.eq_ignore_ascii_case("human") {
        return Ok(Seat::Human);
    }
    value.parse::<Level>().map(Seat::Computer).map_err(|_| {
        CliError::new(format!(
            "{flag} expects human, beginner, easy, medium, hard or expert, not '{value}'"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn parses_every_flag() {
        let parsed = Options::parse(&args(
            "--variant kigogo --south expert --north human --screenshot a.png --frames 30 \
             --window 1920x1080",
        ));
        assert_eq!(
            parsed,
            Ok(Parsed::Run(Options {
                variant: Some(Variant::Kigogo),
                learn: None,
                seats: [Seat::Computer(Level::Expert), Seat::Human],
                screenshot: Some(PathBuf::from("a.png")),
                frames: Some(30),
                window: (1920, 1080),
                language: None,
                show: Show::Default,
                quality: None,
                kiosk: false,
                config: None,
                check_targets: false,
            }))
        );
    }

    #[test]
    fn version_names_the_version_and_the_commit() {
        assert_eq!(Options::parse(&args("--version")), Ok(Parsed::Version));
        assert_eq!(Options::parse(&args("--kiosk -V")), Ok(Parsed::Version));
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")), "{VERSION}");
        let commit = VERSION
            .split_once("(commit ")
            .and_then(|(_, rest)| rest.strip_suffix(')'))
            .expect("the commit in brackets");
        assert!(
            commit == "unknown" || commit.chars().all(|c| c.is_ascii_hexdigit()),
            "{VERSION}"
        );
    }

    #[test]
    fn parses_the_kiosk_flags() {
        let parsed = Options::parse(&args("--config museum.ron --kiosk --variant kimasai"));
        assert_eq!(
            parsed,
            Ok(Parsed::Run(Options {
                variant: Some(Variant::Kimasai),
                kiosk: true,
                config: Some(PathBuf::from("museum.ron")),
                ..Options::default()
            }))
        );
        let plain = Options::parse(&args("--kiosk"));
        assert_eq!(
            plain,
            Ok(Parsed::Run(Options {
                kiosk: true,
                ..Options::default()
            }))
        );
    }

    #[test]
    fn parses_the_kiosk_report() {
        assert_eq!(
            Options::parse(&args("--kiosk-report")),
            Ok(Parsed::KioskReport {
                since: None,
                config: PathBuf::from("/etc/bao/kiosk.ron"),
            })
        );
        assert_eq!(
            Options::parse(&args(
                "--since 2026-12-01 --kiosk-report --config museum.ron"
            )),
            Ok(Parsed::KioskReport {
                since: Some(jiff::civil::date(2026, 12, 1)),
                config: PathBuf::from("museum.ron"),
            })
        );
        assert_eq!(
            Options::parse(&args("--kiosk-report --help")),
            Ok(Parsed::Help)
        );
        assert_eq!(
            Options::parse(&args("--kiosk-report --since 2026-13-01 -V")),
            Err(CliError::of_report(
                "--since expects a date YYYY-MM-DD, like 2026-12-01, not '2026-13-01'"
            ))
        );
        assert_eq!(
            Options::parse(&args("--version --kiosk-report")),
            Ok(Parsed::Version)
        );
        for bad in [
            "--kiosk-report --since",
            "--kiosk-report --since 2026-02-30",
            "--kiosk-report --since 2026-2-3",
            "--kiosk-report --since 2026-12-01T10:00",
            "--kiosk-report --since yesterday",
            "--kiosk-report --config",
            "--kiosk-report --kiosk",
            "--kiosk-report --variant kigogo",
            "--kiosk-report report.csv",
        ] {
            assert!(Options::parse(&args(bad)).is_err(), "{bad}");
        }
        let Err(error) = Options::parse(&args("--kiosk --since 2026-12-01")) else {
            panic!("--since alone");
        };
        assert!(error.to_string().contains("--kiosk-report"), "{error}");
        // A report's error is one line for the script that runs it; the game's flags' come
        // with the usage.
        assert!(!error.wants_usage());
        let Err(error) = Options::parse(&args("--frames many")) else {
            panic!("a bad frame count");
        };
        assert!(error.wants_usage());
    }

    #[test]
    fn parses_language_and_show() {
        let Ok(Parsed::Run(options)) = Options::parse(&args("--language sw --show history")) else {
            panic!("parses");
        };
        assert_eq!(options.language, Some(Language::Swahili));
        assert_eq!(options.show, Show::Rules(RulesTab::History));
        // A rules tab, the settings or a game without --variant opens Bao la Kujifunza.
        assert_eq!(options.variant, Some(Variant::Kujifunza));
        let Ok(Parsed::Run(options)) =
            Options::parse(&args("--show settings --variant kingulu --language de"))
        else {
            panic!("parses");
        };
        assert_eq!(options.language, Some(Language::German));
        assert_eq!(options.show, Show::Settings);
        assert_eq!(options.variant, Some(Variant::Kingulu));
        let Ok(Parsed::Run(options)) = Options::parse(&args("--show title")) else {
            panic!("parses");
        };
        assert_eq!((options.show, options.variant), (Show::Title, None));
        // The kichwa question is asked only by the reading with the free choice (KU-8c).
        let Ok(Parsed::Run(options)) = Options::parse(&args("--show kichwa")) else {
            panic!("parses");
        };
        assert_eq!(options.variant, Some(Variant::KujifunzaChoice));
    }

    #[test]
    fn parses_the_pictures_quality() {
        let Ok(Parsed::Run(options)) = Options::parse(&args("--quality high")) else {
            panic!("parses");
        };
        assert_eq!(options.quality, Some(Quality::High));
        let Ok(Parsed::Run(options)) = Options::parse(&args("--quality standard")) else {
            panic!("parses");
        };
        assert_eq!(options.quality, Some(Quality::Standard));
        assert_eq!(Options::default().quality, None);
    }

    #[test]
    fn learn_opens_a_games_lessons_and_stands_alone() {
        let Ok(Parsed::Run(options)) = Options::parse(&args("--learn kingulu")) else {
            panic!("parses");
        };
        assert_eq!(
            (options.learn, options.variant),
            (Some(Variant::Kingulu), None)
        );
        for bad in [
            "--learn chess",
            "--learn",
            "--learn kigogo --variant kigogo",
            "--learn kigogo --show lesson",
        ] {
            assert!(Options::parse(&args(bad)).is_err(), "{bad}");
        }
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
    fn rejects_unknown_and_malformed_flags() {
        for bad in [
            "--speed 2",
            "--variant",
            "--variant chess",
            "--south robot",
            "--frames 0",
            "--frames many",
            "--window 1920",
            "--window 10x10",
            "--language fr",
            "--language DE",
            "--language",
            "--show menu",
            "--quality ultra",
            "--quality",
            "--show title --variant kigogo",
            "--show kichwa --variant kujifunza",
            "--kiosk --config",
            "--config museum.ron",
            "--kiosk yes",
            "kigogo",
        ] {
            assert!(Options::parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
