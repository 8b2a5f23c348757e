//! The command line: `bao [--variant V] [--south human|LEVEL] [--north human|LEVEL]
//! [--screenshot PATH] [--frames N]`.

use crate::session::{DEFAULT_SEATS, Level, Seat};
use bao_engine::Variant;
use std::fmt;
use std::path::PathBuf;

/// The usage text printed with `--help` and after a bad flag.
pub const USAGE: &str = "usage: bao [--variant kujifunza|kingulu|kigogo|kimasai]
           [--south human|LEVEL] [--north human|LEVEL]
           [--screenshot PATH] [--frames N] [--window WxH]

  --variant V        start a game of V at once (otherwise: the title screen)
  --south, --north   who plays that side: human, or a computer level
                     (beginner, easy, medium, hard, expert); default human vs medium
  --screenshot PATH  render the start of the game, save a PNG to PATH and exit
  --frames N         run N frames, print the mean and 99th-percentile frame time, exit
  --window WxH       window size in pixels (default 1280x720)
  --help             show this text";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// Run the game with these options.
    Run(Options),
    /// Print the usage text.
    Help,
}

/// Options of a run of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Start this variant at once, skipping the title screen.
    pub variant: Option<Variant>,
    /// Who plays South and North.
    pub seats: [Seat; 2],
    /// Save a screenshot of the start of the game here and exit.
    pub screenshot: Option<PathBuf>,
    /// Run this many frames, print frame-time figures and exit.
    pub frames: Option<u32>,
    /// Window size in pixels.
    pub window: (u32, u32),
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: None,
            seats: DEFAULT_SEATS,
            screenshot: None,
            frames: None,
            window: (1280, 720),
        }
    }
}

/// A command line that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl Options {
    /// Parses the arguments after the program name.
    ///
    /// # Errors
    /// A [`CliError`] naming the unknown flag, the missing value or the bad value.
    pub fn parse(args: &[String]) -> Result<Parsed, CliError> {
        let mut options = Options::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let flag = flag.as_str();
            if flag == "--help" || flag == "-h" {
                return Ok(Parsed::Help);
            }
            let known = [
                "--variant",
                "--south",
                "--north",
                "--screenshot",
                "--frames",
                "--window",
            ];
            if !known.contains(&flag) {
                return Err(CliError(format!("unknown argument '{flag}'")));
            }
            let Some(value) = it.next() else {
                return Err(CliError(format!("{flag} needs a value")));
            };
            match flag {
                "--variant" => {
                    let v = value.parse().map_err(|e| CliError(format!("{e}")))?;
                    options.variant = Some(v);
                }
                "--south" => options.seats[0] = parse_seat(flag, value)?,
                "--north" => options.seats[1] = parse_seat(flag, value)?,
                "--screenshot" => options.screenshot = Some(PathBuf::from(value)),
                "--window" => options.window = parse_size(value)?,
                _ => {
                    let n = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| {
                            CliError(format!("--frames needs a positive number, not '{value}'"))
                        })?;
                    options.frames = Some(n);
                }
            }
        }
        Ok(Parsed::Run(options))
    }

    /// Parses the query of the web build's URL (`?variant=kigogo&south=human&north=hard`): the
    /// parameters `variant`, `south` and `north` mean what the flags of the same names mean.
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
            if !["variant", "south", "north"].contains(&key) {
                return Err(CliError(format!(
                    "unknown URL parameter '{key}' (known: variant, south, north)"
                )));
            }
            args.push(format!("--{key}"));
            args.push(value.to_owned());
        }
        match Options::parse(&args)? {
            Parsed::Run(options) => Ok(options),
            Parsed::Help => Ok(Options::default()),
        }
    }
}

fn parse_size(value: &str) -> Result<(u32, u32), CliError> {
    let bad = || {
        CliError(format!(
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
        CliError(format!(
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
                seats: [Seat::Computer(Level::Expert), Seat::Human],
                screenshot: Some(PathBuf::from("a.png")),
                frames: Some(30),
                window: (1920, 1080),
            }))
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
        assert_eq!(Options::from_url_query("?"), Ok(Options::default()));
        for bad in [
            "?variant=chess",
            "?speed=2",
            "?variant",
            "?frames=3",
            "?north=robot",
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
            "kigogo",
        ] {
            assert!(Options::parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
