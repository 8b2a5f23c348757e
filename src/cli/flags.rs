//! The desktop's command line, read with clap: the flags, what each means (the text of `--help`),
//! which go together, and what their values may be. A bad flag or value exits with status 2 and
//! clap's message, which names the flag.

use super::{
    CliError, DEFAULT_KIOSK_CONFIG, Options, VERSION, expected, read_language, read_seat,
    read_server, read_variant,
};
use crate::core::{Quality, Seat};
use crate::i18n::Language;
use crate::ui::{RulesTab, Show};
use bao_engine::Variant;
use clap::error::ErrorKind;
use clap::{ArgGroup, CommandFactory, Parser};
use std::ffi::OsString;
use std::path::PathBuf;

/// What the command line asks for. `--help` and `--version` are not here: clap answers them as
/// an error of kind [`ErrorKind::DisplayHelp`] or [`ErrorKind::DisplayVersion`], whose text goes
/// to standard output with exit status 0.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// Run the game with these options.
    Run(Options),
    /// Write the kiosk's visitor statistics as CSV.
    KioskReport {
        /// Only the visits that began on this local date or later.
        since: Option<jiff::civil::Date>,
        /// The kiosk's configuration, which names the statistics file.
        config: PathBuf,
    },
    /// Wait until a screen is connected (the kiosk's service, before it starts the compositor).
    KioskWaitForScreen,
}

impl Options {
    /// Parses the arguments after the program's name.
    ///
    /// # Errors
    /// clap's error, to print with [`clap::Error::print`] and exit with
    /// [`clap::Error::exit_code`]: the text of `--help` or `--version` (status 0), or what is
    /// wrong (status 2): an unknown flag, a missing or bad value (naming the flag and what it
    /// takes), or flags that do not go together.
    pub fn parse<I>(args: I) -> Result<Parsed, clap::Error>
    where
        I: IntoIterator,
        I::Item: Into<OsString>,
    {
        let program = std::iter::once(OsString::from("bao"));
        let flags = Flags::try_parse_from(program.chain(args.into_iter().map(Into::into)))?;
        flags
            .into_parsed()
            .map_err(|error| Flags::command().error(ErrorKind::ArgumentConflict, error))
    }
}

/// Four mancala games of East Africa on a carved 3D board; without options, the title screen.
//
// The help's texts are the fields' doc comments, verbatim: clap's feature that wraps them to the
// terminal would add a crate, so they are wrapped by hand (the first paragraph is the one line
// of `-h`).
#[derive(Parser, Debug)]
#[command(
    name = "bao",
    version = VERSION,
    verbatim_doc_comment,
    // The report and the wait for a screen are other forms of the command: they take none of
    // the game's flags. "or:" is how help2man (the man page, `scripts/package.sh`) knows
    // another form.
    override_usage = "bao [OPTIONS]\n   or: bao --kiosk-report [--since DATE] [--config FILE]\n   \
                      or: bao --kiosk-wait-for-screen",
    // A flag given twice counts once, with its last value, as it always has.
    args_override_self = true,
    group = ArgGroup::new("kiosk_mode").multiple(true).args(["kiosk", "kiosk_report"]),
)]
struct Flags {
    /// Start a game of this variant at once (otherwise: the title screen).
    ///
    /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai. kujifunza-choice is
    /// Bao la Kujifunza with the kichwa chosen after every capture from a middle
    /// pit (the source text read literally).
    #[arg(long, value_name = "V", value_parser = read_variant, verbatim_doc_comment)]
    variant: Option<Variant>,

    /// Open this game's lessons at the first one not yet done.
    ///
    /// The same variants as --variant. After the last lesson, a real game of it.
    /// It cannot be combined with --variant or --show.
    #[arg(long, value_name = "GAME", value_parser = read_variant, verbatim_doc_comment)]
    learn: Option<Variant>,

    /// Who plays South: human, or a computer level (default human).
    ///
    /// The levels: beginner, easy, medium, hard, expert.
    #[arg(long, value_name = "human|LEVEL", value_parser = read_seat, verbatim_doc_comment)]
    south: Option<Seat>,

    /// Who plays North: human, or a computer level (default medium).
    ///
    /// The levels: beginner, easy, medium, hard, expert.
    #[arg(long, value_name = "human|LEVEL", value_parser = read_seat, verbatim_doc_comment)]
    north: Option<Seat>,

    /// Render the start of the game, save a PNG to PATH and exit.
    #[arg(long, value_name = "PATH", verbatim_doc_comment)]
    screenshot: Option<PathBuf>,

    /// With --screenshot: list controls under 44x44 px, and exit 3 if any.
    ///
    /// Every button or control on the screen is checked against the touch-target
    /// size of WCAG 2.5.5.
    #[arg(long, requires = "screenshot", verbatim_doc_comment)]
    check_targets: bool,

    /// Write the overlay's layout to PATH as JSON, every frame.
    ///
    /// Every text on the screen with its rectangle, every pit's place, and the
    /// problems found: a text outside the window, cut off, on another text, or
    /// under another card (scripts/first-visit.sh reads it).
    #[arg(long, value_name = "PATH", verbatim_doc_comment)]
    layout_report: Option<PathBuf>,

    /// Run N frames, print the mean and 99th-percentile frame time, exit.
    #[arg(
        long,
        value_name = "N",
        value_parser = read_frames,
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    frames: Option<u32>,

    /// The window's size in pixels, 200 to 8192 a side (default 1280x720).
    #[arg(long, value_name = "WxH", value_parser = read_window, verbatim_doc_comment)]
    window: Option<(u32, u32)>,

    /// The language of every text (default: the system's, else English).
    #[arg(long, value_name = "en|de|nl|sw", value_parser = read_language, verbatim_doc_comment)]
    language: Option<Language>,

    /// What to open at the start, mainly for --screenshot.
    ///
    /// title; game; settings; example (the last "show me"); puzzles (the list);
    /// puzzle (the first of several moves); kichwa (a kujifunza-choice move stopped
    /// at the kichwa question); lesson (the third lesson); exercise (its exercise
    /// after a wrong try); highlights (after a move each: legal pits, last move,
    /// hint, focus); or a tab of the rules panel: rules, show-me, words, history,
    /// house-rules, keys; online (the title with the "Play online" window of
    /// --variant). All but title and online open a game of --variant, else of Bao
    /// la Kujifunza.
    #[arg(long, value_name = "SCREEN", value_parser = read_show, verbatim_doc_comment)]
    show: Option<Show>,

    /// This run's picture quality (else the settings' or the renderer's).
    #[arg(long, value_name = "standard|high", value_parser = read_quality, verbatim_doc_comment)]
    quality: Option<Quality>,

    /// Exhibition mode: fullscreen, touch only, attract loop, idle reset.
    ///
    /// The operator pauses the exhibit with Ctrl+Alt+Shift+Q (exit status 76;
    /// elsewhere than on Linux the chord stops it), or pauses or stops it from the
    /// menu that a 3-second press in the top-left corner and the configuration's
    /// PIN open.
    #[arg(long, verbatim_doc_comment)]
    kiosk: bool,

    /// Join an online game at once: an invitation's link, or its code.
    ///
    /// A link (http://HOST:PORT/?join=CODE) names its server; a code alone is
    /// played on --server. Not with --kiosk, --variant or --learn.
    #[arg(long, value_name = "LINK", verbatim_doc_comment)]
    join: Option<String>,

    /// Open the game a link holds, with its review.
    ///
    /// The link a kiosk's code, the web page or the saved games' "Copy link"
    /// gives (…#g=DIGITS), or its digits alone. A broken link shows the title
    /// screen with a message. Not with --kiosk, --variant, --learn, --join or
    /// --show.
    #[arg(long, value_name = "LINK", verbatim_doc_comment)]
    open: Option<String>,

    /// The online games' server (default http://127.0.0.1:8080).
    ///
    /// "Play online" creates its games there, and a code without its link is
    /// joined there.
    #[arg(long, value_name = "URL", value_parser = read_server, verbatim_doc_comment)]
    server: Option<String>,

    /// The kiosk's configuration (RON; see kiosk.example.ron).
    ///
    /// With --kiosk, or with --kiosk-report (default /etc/bao/kiosk.ron).
    #[arg(
        long,
        value_name = "FILE",
        requires = "kiosk_mode",
        verbatim_doc_comment
    )]
    config: Option<PathBuf>,

    /// Write the kiosk's visits as CSV, one row per visit, and exit.
    ///
    /// The visits are those of the statistics file that the configuration names
    /// (--config, else /etc/bao/kiosk.ron). It takes none of the game's options.
    #[arg(
        long,
        conflicts_with_all = [
            "variant", "learn", "south", "north", "screenshot", "check_targets", "layout_report", "frames",
            "window", "language", "show", "quality", "kiosk", "join", "server", "open",
        ],
        verbatim_doc_comment
    )]
    kiosk_report: bool,

    /// The kiosk's service: wait until a screen is connected, then exit.
    ///
    /// For a monitor switched off at night: while none of the DRM connectors
    /// (/sys/class/drm/card*-*/status, Linux) reads "connected", it looks again
    /// every second and tells systemd READY=1, STATUS= and the watchdog's pings.
    /// Without DRM it exits 0 at once. It takes none of the other options.
    #[arg(
        long,
        conflicts_with_all = [
            "variant", "learn", "south", "north", "screenshot", "check_targets", "layout_report", "frames",
            "window", "language", "show", "quality", "kiosk", "join", "server", "open", "config",
            "kiosk_report", "since",
        ],
        verbatim_doc_comment
    )]
    kiosk_wait_for_screen: bool,

    /// With --kiosk-report: only the visits from this date on.
    ///
    /// A date of the kiosk's own time zone, YYYY-MM-DD, like 2026-12-01.
    #[arg(long, value_name = "DATE", value_parser = read_date, verbatim_doc_comment)]
    since: Option<jiff::civil::Date>,
}

impl Flags {
    /// The report, or the game's options with the defaults for what is not given, checked.
    fn into_parsed(self) -> Result<Parsed, CliError> {
        if self.kiosk_wait_for_screen {
            return Ok(Parsed::KioskWaitForScreen);
        }
        // Not clap's `requires`: clap lets a missing --kiosk-report pass when a game's flag is
        // given, since the two conflict.
        if self.since.is_some() && !self.kiosk_report {
            return Err(CliError::new(
                "--since chooses the visits of a report: add --kiosk-report",
            ));
        }
        if self.kiosk_report {
            return Ok(Parsed::KioskReport {
                since: self.since,
                config: self
                    .config
                    .unwrap_or_else(|| PathBuf::from(DEFAULT_KIOSK_CONFIG)),
            });
        }
        let defaults = Options::default();
        let options = Options {
            variant: self.variant,
            learn: self.learn,
            seats: [
                self.south.unwrap_or(defaults.seats[0]),
                self.north.unwrap_or(defaults.seats[1]),
            ],
            screenshot: self.screenshot,
            frames: self.frames,
            window: self.window.unwrap_or(defaults.window),
            language: self.language,
            show: self.show.unwrap_or(defaults.show),
            quality: self.quality,
            kiosk: self.kiosk,
            config: self.config,
            check_targets: self.check_targets,
            layout_report: self.layout_report,
            join: self.join,
            server: self.server,
            open: self.open,
        };
        options.settled().map(Parsed::Run)
    }
}

/// `--show`'s screens by their spelling.
const SHOWS: [(&str, Show); 17] = [
    ("title", Show::Title),
    ("game", Show::Game),
    ("settings", Show::Settings),
    ("example", Show::Example),
    ("puzzles", Show::Puzzles),
    ("puzzle", Show::Puzzle),
    ("kichwa", Show::Kichwa),
    ("lesson", Show::Lesson),
    ("exercise", Show::Exercise),
    ("highlights", Show::Highlights),
    ("rules", Show::Rules(RulesTab::Rules)),
    ("show-me", Show::Rules(RulesTab::ShowMe)),
    ("words", Show::Rules(RulesTab::Words)),
    ("history", Show::Rules(RulesTab::History)),
    ("house-rules", Show::Rules(RulesTab::HouseRules)),
    ("keys", Show::Rules(RulesTab::Keys)),
    ("online", Show::Online),
];

/// A screen of `--show` by its spelling.
fn read_show(value: &str) -> Result<Show, String> {
    SHOWS
        .into_iter()
        .find(|&(spelling, _)| spelling == value)
        .map(|(_, show)| show)
        .ok_or_else(|| expected(SHOWS.map(|(spelling, _)| spelling)))
}

/// `--quality`'s `standard` or `high`.
fn read_quality(value: &str) -> Result<Quality, String> {
    Quality::of_id(value)
        .ok_or_else(|| expected([Quality::Standard, Quality::High].map(Quality::id)))
}

/// `--frames`'s count: at least one frame.
fn read_frames(value: &str) -> Result<u32, String> {
    value
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| "expected a positive number of frames".to_owned())
}

/// `--window`'s `WIDTHxHEIGHT` (or `X`), each side from 200 to 8192 pixels.
fn read_window(value: &str) -> Result<(u32, u32), String> {
    let side = |text: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|n| (200..=8192).contains(n))
    };
    value
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((side(w)?, side(h)?)))
        .ok_or_else(|| {
            "expected WIDTHxHEIGHT with sides of 200 to 8192 pixels, like 1920x1080".to_owned()
        })
}

/// `--since`'s date: exactly `YYYY-MM-DD`, and a day of the calendar.
fn read_date(value: &str) -> Result<jiff::civil::Date, String> {
    let bad = || "expected a date YYYY-MM-DD, like 2026-12-01".to_owned();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    /// What a command line asks for; it must parse.
    fn parsed(line: &str) -> Parsed {
        Options::parse(args(line)).unwrap_or_else(|error| panic!("{line}: {error}"))
    }

    /// The options of a game's command line.
    fn run(line: &str) -> Options {
        match parsed(line) {
            Parsed::Run(options) => options,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// clap's answer to a command line that does not parse (or asks for help or the version).
    fn refused(line: &str) -> clap::Error {
        match Options::parse(args(line)) {
            Ok(parsed) => panic!("{line} parsed as {parsed:?}"),
            Err(error) => error,
        }
    }

    /// The error of a bad command line: exit status 2 and a message naming `flag`.
    fn refused_naming(line: &str, flag: &str) -> String {
        let error = refused(line);
        assert_eq!(error.exit_code(), 2, "{line}: {error}");
        let message = error.to_string();
        assert!(message.contains(flag), "{line}: {message}");
        message
    }

    #[test]
    fn parses_every_flag() {
        let parsed = parsed(
            "--variant kigogo --south expert --north human --screenshot a.png --frames 30 \
             --window 1920x1080",
        );
        assert_eq!(
            parsed,
            Parsed::Run(Options {
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
                layout_report: None,
                join: None,
                server: None,
                open: None,
            })
        );
    }

    #[test]
    fn opens_a_games_link_alone() {
        let options = run("--open https://museum.example.org/bao/#g=1234");
        assert_eq!(
            options.open.as_deref(),
            Some("https://museum.example.org/bao/#g=1234")
        );
        refused_naming("--open 1234 --kiosk", "--open");
        refused_naming("--open 1234 --variant kigogo", "--open");
        refused_naming("--open 1234 --show title", "--open");
    }

    #[test]
    fn parses_the_online_flags() {
        let token = "Zm9vYmFyYmF6cXV4MTIzNDU2";
        let options = run(&format!("--join http://10.0.0.2:8080/?join={token}"));
        assert_eq!(
            options.join,
            Some(format!("http://10.0.0.2:8080/?join={token}"))
        );
        let options = run(&format!("--server https://bao.example.org/ --join {token}"));
        assert_eq!(options.server.as_deref(), Some("https://bao.example.org"));
        refused_naming("--server bao.example.org", "--server");
        refused_naming("--join hello", "--join");
        refused_naming(&format!("--join {token} --kiosk"), "--join");
        refused_naming(&format!("--join {token} --variant kigogo"), "--join");
    }

    #[test]
    fn no_flags_is_the_default_game() {
        assert_eq!(run(""), Options::default());
        // human in any case, as before; a window's x in either case.
        assert_eq!(run("--north HUMAN").seats, [Seat::Human, Seat::Human]);
        assert_eq!(run("--window 800X600").window, (800, 600));
        assert!(run("--screenshot a.png --check-targets").check_targets);
    }

    #[test]
    fn a_flag_given_twice_takes_its_last_value() {
        let options = run("--variant kigogo --kiosk --variant kimasai --kiosk");
        assert_eq!(
            (options.variant, options.kiosk),
            (Some(Variant::Kimasai), true)
        );
    }

    #[test]
    fn version_names_the_version_and_the_commit() {
        for line in ["--version", "--kiosk -V"] {
            let error = refused(line);
            assert_eq!(error.kind(), ErrorKind::DisplayVersion, "{line}");
            assert_eq!(error.exit_code(), 0, "{line}");
            assert_eq!(error.to_string(), format!("bao {VERSION}\n"), "{line}");
        }
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
    fn help_explains_every_flag_and_exits_with_0() {
        for line in ["--help", "-h", "--variant kigogo --help"] {
            let error = refused(line);
            assert_eq!(error.kind(), ErrorKind::DisplayHelp, "{line}");
            assert_eq!(error.exit_code(), 0, "{line}");
        }
        let help = refused("--help").to_string();
        for arg in Flags::command().get_arguments() {
            let Some(long) = arg.get_long() else {
                panic!("--{} has no long name", arg.get_id());
            };
            assert!(help.contains(&format!("--{long}")), "--{long}:\n{help}");
        }
        assert!(
            help.contains("or: bao --kiosk-report [--since DATE]"),
            "{help}"
        );
        // Wrapped by hand (clap here does not wrap): no line runs past a wide terminal's edge.
        for line in help.lines().chain(refused("-h").to_string().lines()) {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }

    #[test]
    fn parses_the_kiosk_flags() {
        let parsed = parsed("--config museum.ron --kiosk --variant kimasai");
        assert_eq!(
            parsed,
            Parsed::Run(Options {
                variant: Some(Variant::Kimasai),
                kiosk: true,
                config: Some(PathBuf::from("museum.ron")),
                ..Options::default()
            })
        );
        let plain = self::parsed("--kiosk");
        assert_eq!(
            plain,
            Parsed::Run(Options {
                kiosk: true,
                ..Options::default()
            })
        );
    }

    #[test]
    fn parses_the_kiosk_report() {
        assert_eq!(
            parsed("--kiosk-report"),
            Parsed::KioskReport {
                since: None,
                config: PathBuf::from("/etc/bao/kiosk.ron"),
            }
        );
        assert_eq!(
            parsed("--since 2026-12-01 --kiosk-report --config museum.ron"),
            Parsed::KioskReport {
                since: Some(jiff::civil::date(2026, 12, 1)),
                config: PathBuf::from("museum.ron"),
            }
        );
        assert_eq!(
            refused("--kiosk-report --help").kind(),
            ErrorKind::DisplayHelp
        );
        assert_eq!(
            refused("--version --kiosk-report").kind(),
            ErrorKind::DisplayVersion
        );
    }

    #[test]
    fn a_wrong_kiosk_report_is_refused_in_a_few_lines() {
        // A bad date is refused before a later -V is read.
        let error = refused("--kiosk-report --since 2026-13-01 -V");
        assert_eq!(error.kind(), ErrorKind::ValueValidation);
        let message = refused_naming("--kiosk-report --since 2026-13-01 -V", "--since");
        assert!(
            message.contains(
                "invalid value '2026-13-01' for '--since <DATE>': expected a date YYYY-MM-DD, \
                 like 2026-12-01"
            ),
            "{message}"
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
            assert_eq!(refused(bad).exit_code(), 2, "{bad}");
        }
        for alone in ["--since 2026-12-01", "--kiosk --since 2026-12-01"] {
            refused_naming(alone, "add --kiosk-report");
        }
        // Every error is short, for a person or the script that runs the report: what is
        // wrong, the usage and where to read more, never the whole help.
        for bad in ["--kiosk --since 2026-12-01", "--frames many"] {
            let message = refused(bad).to_string();
            assert!(message.starts_with("error: "), "{message}");
            assert!(
                message.contains("For more information, try '--help'."),
                "{message}"
            );
            assert!(!message.contains("--quality"), "{message}");
        }
    }

    #[test]
    fn parses_the_wait_for_a_screen_alone() {
        assert_eq!(
            parsed("--kiosk-wait-for-screen"),
            Parsed::KioskWaitForScreen
        );
        for bad in [
            "--kiosk-wait-for-screen --kiosk",
            "--kiosk --kiosk-wait-for-screen",
            "--kiosk-wait-for-screen --kiosk-report",
            "--kiosk-wait-for-screen --since 2026-12-01",
            "--kiosk-wait-for-screen --variant kigogo",
            "--kiosk-wait-for-screen yes",
        ] {
            assert_eq!(refused(bad).exit_code(), 2, "{bad}");
        }
        refused_naming(
            "--kiosk --config museum.ron --kiosk-wait-for-screen",
            "--config",
        );
        let help = refused("--help").to_string();
        assert!(help.contains("or: bao --kiosk-wait-for-screen"), "{help}");
    }

    #[test]
    fn parses_language_and_show() {
        let options = run("--language sw --show history");
        assert_eq!(options.language, Some(Language::Swahili));
        assert_eq!(options.show, Show::Rules(RulesTab::History));
        // A rules tab, the settings or a game without --variant opens Bao la Kujifunza.
        assert_eq!(options.variant, Some(Variant::Kujifunza));
        let options = run("--show settings --variant kingulu --language de");
        assert_eq!(options.language, Some(Language::German));
        assert_eq!(options.show, Show::Settings);
        assert_eq!(options.variant, Some(Variant::Kingulu));
        let options = run("--show title");
        assert_eq!((options.show, options.variant), (Show::Title, None));
        // The kichwa question is asked only by the reading with the free choice (KU-8c).
        let options = run("--show kichwa");
        assert_eq!(options.variant, Some(Variant::KujifunzaChoice));
        for (spelling, show) in SHOWS {
            assert_eq!(run(&format!("--show {spelling}")).show, show, "{spelling}");
        }
    }

    #[test]
    fn parses_the_pictures_quality() {
        assert_eq!(run("--quality high").quality, Some(Quality::High));
        assert_eq!(run("--quality standard").quality, Some(Quality::Standard));
        assert_eq!(Options::default().quality, None);
    }

    #[test]
    fn learn_opens_a_games_lessons_and_stands_alone() {
        let options = run("--learn kingulu");
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
            refused_naming(bad, "--learn");
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
            assert_eq!(refused(bad).exit_code(), 2, "{bad}");
        }
    }

    #[test]
    fn an_unknown_flag_is_refused_with_status_2() {
        for (line, unknown) in [
            ("--speed 2", "--speed"),
            ("--variant kigogo --frame 3", "--frame"),
            ("kigogo", "kigogo"),
        ] {
            let error = refused(line);
            assert_eq!(error.kind(), ErrorKind::UnknownArgument, "{line}");
            refused_naming(line, unknown);
        }
    }

    #[test]
    fn a_forgotten_value_is_refused_naming_its_flag() {
        for flag in [
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
            "--since",
        ] {
            // Last on the line, or followed by another flag (not taken as the value).
            for line in [flag.to_owned(), format!("{flag} --kiosk")] {
                let message = refused_naming(&line, flag);
                assert!(message.contains("a value is required"), "{line}: {message}");
            }
        }
    }

    #[test]
    fn a_bad_value_names_its_flag_and_what_it_takes() {
        for (line, flag, takes) in [
            (
                "--variant chess",
                "--variant",
                "kujifunza, kujifunza-choice, kingulu",
            ),
            ("--learn chess", "--learn", "kigogo or kimasai"),
            ("--south robot", "--south", "human, beginner, easy, medium"),
            ("--north Expert", "--north", "hard or expert"),
            ("--frames 0", "--frames", "a positive number"),
            ("--frames many", "--frames", "a positive number"),
            ("--frames -3", "--frames", "a positive number"),
            ("--window 1920", "--window", "WIDTHxHEIGHT"),
            ("--window 10x10", "--window", "200 to 8192"),
            ("--window 1920x1080x2", "--window", "WIDTHxHEIGHT"),
            ("--language fr", "--language", "en, de, nl or sw"),
            ("--show menu", "--show", "title, game, settings"),
            ("--quality ultra", "--quality", "standard or high"),
            ("--kiosk-report --since 1.12.2026", "--since", "YYYY-MM-DD"),
        ] {
            let error = refused(line);
            assert_eq!(error.kind(), ErrorKind::ValueValidation, "{line}: {error}");
            let message = refused_naming(line, flag);
            assert!(message.contains(takes), "{line}: {message}");
        }
    }

    #[test]
    fn flags_that_do_not_go_together_are_refused_naming_them() {
        for (line, flag) in [
            ("--show title --variant kigogo", "--variant"),
            ("--show kichwa --variant kujifunza", "kujifunza-choice"),
            ("--check-targets", "--screenshot"),
            ("--config museum.ron", "--kiosk"),
            ("--kiosk-report --kiosk", "--kiosk-report"),
            ("--kiosk-report --frames 3", "--frames"),
        ] {
            refused_naming(line, flag);
        }
    }

    #[test]
    fn clap_accepts_the_definition_of_the_flags() {
        Flags::command().debug_assert();
    }

    #[test]
    fn every_flag_is_explained_in_the_help() {
        let command = Flags::command();
        for arg in command.get_arguments() {
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            assert!(help.len() > 20, "--{}: '{help}'", arg.get_id());
        }
    }

    #[test]
    fn every_screen_of_show_is_named_in_its_help() {
        let command = Flags::command();
        let Some(show) = command.get_arguments().find(|arg| arg.get_id() == "show") else {
            panic!("--show");
        };
        let help = show.get_long_help().map(ToString::to_string);
        let help = help.unwrap_or_default();
        for (spelling, _) in SHOWS {
            assert!(help.contains(spelling), "{spelling}");
        }
    }
}
