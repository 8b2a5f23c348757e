//! The visitor statistics read back: the operator menu's summary (today's and this week's
//! visits, the median visit, the most played game, the take-home codes shown) and `bao --kiosk-report`, the visits as CSV
//! for a museum's reports to its funders. Desktop only, like the log ([`super::visits`]).

use super::KioskConfig;
use super::config::KioskConfigErrorKind;
use super::visits::{Visit, VisitLog, VisitLogError, local_now};
use jiff::civil::Date;
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What the operator menu shows of the visits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisitSummary {
    /// Visits that began today (the kiosk's local date).
    pub today: usize,
    /// Visits that began this ISO week (from Monday).
    pub this_week: usize,
    /// The median length of this week's visits, in seconds; `None` without any.
    pub median_s: Option<u64>,
    /// The variant id of the game played in most of this week's visits (of two as often, the
    /// one played last); `None` if no visit had a game.
    pub most_played: Option<String>,
    /// The take-home QR codes shown in this week's visits.
    pub codes_this_week: u32,
}

impl VisitSummary {
    /// The summary of `visits` on `today`.
    pub fn of(visits: &[Visit], today: Date) -> VisitSummary {
        let week = iso_week(today);
        let dated = || visits.iter().filter_map(|v| Some((v, v.date()?)));
        let this_week: Vec<&Visit> = dated()
            .filter(|&(_, date)| iso_week(date) == week)
            .map(|(v, _)| v)
            .collect();
        let mut lengths: Vec<u64> = this_week.iter().map(|v| v.duration_s).collect();
        VisitSummary {
            today: dated().filter(|&(_, date)| date == today).count(),
            this_week: this_week.len(),
            median_s: median(&mut lengths),
            most_played: most_played(&this_week),
            codes_this_week: this_week.iter().map(|v| v.codes_shown).sum(),
        }
    }

    /// The summary of the log at `path` today (the kiosk's clock). A log not written yet holds
    /// no visits; a broken line is skipped with a warning in the log.
    ///
    /// # Errors
    /// [`VisitLogError::Read`] if the file exists but cannot be read.
    pub fn of_log(path: &Path) -> Result<VisitSummary, VisitLogError> {
        let log = match VisitLog::read(path) {
            Ok(log) => log,
            Err(error) if error.is_missing() => VisitLog::default(),
            Err(error) => return Err(error),
        };
        for broken in &log.broken {
            bevy::log::warn!("{broken}");
        }
        Ok(VisitSummary::of(&log.visits, local_now().1))
    }
}

/// The ISO week a date is in: its week-numbering year and week (weeks begin on Monday).
fn iso_week(date: Date) -> (i16, i8) {
    let week = date.iso_week_date();
    (week.year(), week.week())
}

/// The median of `values` (of an even count, the mean of the middle two, rounded up); `None`
/// for none. Sorts `values`.
fn median(values: &mut [u64]) -> Option<u64> {
    values.sort_unstable();
    let middle = values.len() / 2;
    match values.len() {
        0 => None,
        n if n % 2 == 1 => Some(values[middle]),
        _ => Some((values[middle - 1] + values[middle]).div_ceil(2)),
    }
}

/// The game of most `visits` (of two as often, the one whose last visit came later).
fn most_played(visits: &[&Visit]) -> Option<String> {
    // (game, visits, the index of its last visit)
    let mut counts: Vec<(&str, usize, usize)> = Vec::new();
    for (index, game) in visits.iter().enumerate() {
        let Some(game) = game.game.as_deref() else {
            continue;
        };
        match counts.iter_mut().find(|(g, ..)| *g == game) {
            Some(entry) => *entry = (game, entry.1 + 1, index),
            None => counts.push((game, 1, index)),
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(_, count, last)| (count, last))
        .map(|(game, ..)| game.to_owned())
}

/// Why `bao --kiosk-report` wrote no report.
#[derive(Debug)]
pub enum ReportError {
    /// The kiosk's configuration cannot be read.
    Config {
        /// The configuration file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The configuration keeps no statistics (no `statistics` file).
    StatisticsOff {
        /// The configuration file.
        path: PathBuf,
    },
    /// The visit log cannot be read.
    Log(VisitLogError),
    /// The report cannot be written (standard output closed).
    Output(io::Error),
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::Config { path, reason } => write!(
                f,
                "cannot read the kiosk configuration {}: {reason}",
                path.display()
            ),
            ReportError::StatisticsOff { path } => write!(
                f,
                "the kiosk configuration {} keeps no visitor statistics (set statistics: \
                 \"/var/lib/bao-kiosk/visits.jsonl\" in it)",
                path.display()
            ),
            ReportError::Log(error) => error.fmt(f),
            ReportError::Output(error) => write!(f, "cannot write the report: {error}"),
        }
    }
}

impl std::error::Error for ReportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReportError::Log(error) => Some(error),
            ReportError::Output(error) => Some(error),
            ReportError::Config { .. } | ReportError::StatisticsOff { .. } => None,
        }
    }
}

/// The report's columns, named as the log's fields.
const CSV_COLUMNS: [&str; 10] = [
    "started",
    "duration_s",
    "language",
    "game",
    "level",
    "moves",
    "lessons_done",
    "puzzles_solved",
    "ended",
    "codes_shown",
];

/// `bao --kiosk-report`: the visits in the log that the configuration at `config` names, as
/// CSV on `out` (a header, then one row per visit in the file's order), only those that began
/// on or after `since` (a local date) if given. Warnings (a bad field of the configuration, a
/// broken line of the log) go to `warnings`, each on a line of its own.
///
/// # Errors
/// A [`ReportError`]: the configuration cannot be read or keeps no statistics, the log cannot
/// be read, or `out` cannot be written.
pub fn kiosk_report(
    config: &Path,
    since: Option<Date>,
    out: &mut dyn Write,
    warnings: &mut dyn Write,
) -> Result<(), ReportError> {
    let log_path = statistics_file(config, warnings)?;
    let log = VisitLog::read(&log_path).map_err(ReportError::Log)?;
    for broken in &log.broken {
        // A warning that cannot be written is no reason to withhold the report.
        let _ = writeln!(warnings, "bao: warning: {broken}");
    }
    let chosen = log
        .visits
        .iter()
        .filter(|visit| since.is_none_or(|since| visit.date().is_some_and(|d| d >= since)));
    write_csv(chosen, out).map_err(ReportError::Output)
}

/// The statistics file of the configuration at `config`.
fn statistics_file(config: &Path, warnings: &mut dyn Write) -> Result<PathBuf, ReportError> {
    let (checked, errors) = KioskConfig::load(config);
    for error in errors {
        if let KioskConfigErrorKind::Read(reason) = error.kind {
            return Err(ReportError::Config {
                path: config.to_owned(),
                reason,
            });
        }
        let _ = writeln!(
            warnings,
            "bao: warning: kiosk configuration {}: {error}",
            config.display()
        );
    }
    checked
        .statistics
        .ok_or_else(|| ReportError::StatisticsOff {
            path: config.to_owned(),
        })
}

/// Writes the header and one row per visit.
fn write_csv<'a>(visits: impl Iterator<Item = &'a Visit>, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", CSV_COLUMNS.join(","))?;
    for visit in visits {
        writeln!(out, "{}", csv_row(visit))?;
    }
    out.flush()
}

/// A visit's row, in the order of [`CSV_COLUMNS`]; an absent game or level is an empty field.
fn csv_row(visit: &Visit) -> String {
    let fields = [
        visit.started.clone(),
        visit.duration_s.to_string(),
        visit.language.clone(),
        visit.game.clone().unwrap_or_default(),
        visit.level.clone().unwrap_or_default(),
        visit.moves.to_string(),
        visit.lessons_done.to_string(),
        visit.puzzles_solved.to_string(),
        visit.ended.id().to_owned(),
        visit.codes_shown.to_string(),
    ];
    fields
        .iter()
        .map(|field| csv_field(field))
        .collect::<Vec<_>>()
        .join(",")
}

/// A field as RFC 4180 writes it: in double quotes (doubled inside) if it holds a comma, a
/// double quote or a line break, else as it is.
fn csv_field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kiosk::visits::{VisitEnd, append_visit};
    use jiff::civil::date;

    fn visit(started: &str, duration_s: u64, game: Option<&str>) -> Visit {
        Visit {
            started: started.to_owned(),
            duration_s,
            language: "de".to_owned(),
            game: game.map(str::to_owned),
            level: game.map(|_| "medium".to_owned()),
            moves: 12,
            lessons_done: 1,
            puzzles_solved: 0,
            ended: VisitEnd::Finished,
            codes_shown: u32::from(game.is_some()),
        }
    }

    fn temp_file(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("bao-report-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn the_median_of_an_odd_and_an_even_count_and_of_none() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [90]), Some(90));
        assert_eq!(median(&mut [300, 30, 60]), Some(60));
        assert_eq!(median(&mut [40, 10, 30, 20]), Some(25));
        assert_eq!(median(&mut [10, 21]), Some(16), "rounded up");
    }

    #[test]
    fn today_and_this_week_are_local_dates_and_the_week_begins_on_monday() {
        // Wednesday 9 December 2026; its week runs from Monday the 7th to Sunday the 13th.
        let today = date(2026, 12, 9);
        let visits = [
            visit("2026-12-06T23:59:59+01:00", 100, Some("kigogo")), // Sunday before
            visit("2026-12-07T00:00:00+01:00", 200, Some("kingulu")), // Monday
            visit("2026-12-08T23:30:00-05:00", 300, Some("kingulu")), // 9 Dec in UTC, 8th there
            visit("2026-12-09T08:00:00+01:00", 400, None),
            visit("2026-12-09T18:00:00+01:00", 500, Some("kigogo")),
            visit("2026-12-14T09:00:00+01:00", 600, Some("kigogo")), // next Monday
        ];
        let summary = VisitSummary::of(&visits, today);
        assert_eq!(
            summary,
            VisitSummary {
                today: 2,
                this_week: 4,
                median_s: Some(350),
                most_played: Some("kingulu".to_owned()),
                codes_this_week: 3,
            }
        );
        // A year's first days may lie in the last year's week 53 (1 January 2027 is a Friday).
        let summary = VisitSummary::of(&visits, date(2027, 1, 1));
        assert_eq!((summary.today, summary.this_week), (0, 0));
        let new_year = [visit("2026-12-28T10:00:00+01:00", 60, None)];
        assert_eq!(VisitSummary::of(&new_year, date(2027, 1, 3)).this_week, 1);
    }

    #[test]
    fn the_most_played_game_of_two_as_often_is_the_one_played_last() {
        let visits = [
            visit("2026-12-07T10:00:00+01:00", 1, Some("kimasai")),
            visit("2026-12-07T11:00:00+01:00", 1, Some("kujifunza-choice")),
            visit("2026-12-07T12:00:00+01:00", 1, Some("kimasai")),
            visit("2026-12-07T13:00:00+01:00", 1, None),
            visit("2026-12-07T14:00:00+01:00", 1, Some("kujifunza-choice")),
        ];
        let week: Vec<&Visit> = visits.iter().collect();
        assert_eq!(most_played(&week).as_deref(), Some("kujifunza-choice"));
        assert_eq!(most_played(&week[..3]).as_deref(), Some("kimasai"));
        assert_eq!(most_played(&week[3..4]), None);
    }

    #[test]
    fn csv_fields_are_quoted_only_where_needed() {
        assert_eq!(csv_field("kigogo"), "kigogo");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        let mut odd = visit("2026-12-07T10:00:00+01:00", 61, None);
        odd.language = "x,\"y\"".to_owned();
        assert_eq!(
            csv_row(&odd),
            "2026-12-07T10:00:00+01:00,61,\"x,\"\"y\"\"\",,,12,1,0,finished,0"
        );
    }

    #[test]
    fn the_columns_are_the_logs_fields_in_its_order() {
        let line = serde_json::to_string(&visit("2026-12-07T10:00:00+01:00", 1, None)).unwrap();
        let positions: Vec<usize> = CSV_COLUMNS
            .iter()
            .map(|column| line.find(&format!("\"{column}\":")).expect(column))
            .collect();
        assert!(positions.is_sorted(), "{line}");
    }

    #[test]
    fn the_report_writes_the_visits_since_a_date_as_csv_and_warns_of_broken_lines() {
        let log = temp_file("since.jsonl");
        let config = temp_file("since.ron");
        let ron = format!(
            "(statistics: {:?}, sound: false)",
            log.display().to_string()
        );
        std::fs::write(&config, ron).unwrap();
        for (started, game) in [
            ("2026-11-30T17:00:00+01:00", Some("kigogo")),
            ("2026-12-01T00:10:00+01:00", Some("kingulu")),
            ("2026-12-02T10:00:00+01:00", None),
        ] {
            append_visit(&log, &visit(started, 75, game)).unwrap();
        }
        // A line torn by a crash at the end.
        let mut file = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
        file.write_all(b"{\"started\":\"2026-12-03").unwrap();
        drop(file);
        let (mut out, mut warnings) = (Vec::new(), Vec::new());
        kiosk_report(&config, Some(date(2026, 12, 1)), &mut out, &mut warnings).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "started,duration_s,language,game,level,moves,lessons_done,puzzles_solved,ended,\
             codes_shown\n\
             2026-12-01T00:10:00+01:00,75,de,kingulu,medium,12,1,0,finished,1\n\
             2026-12-02T10:00:00+01:00,75,de,,,12,1,0,finished,0\n"
        );
        let warnings = String::from_utf8(warnings).unwrap();
        assert!(
            warnings.starts_with("bao: warning: visit log ") && warnings.contains("line 4"),
            "{warnings}"
        );
        let mut all = Vec::new();
        kiosk_report(&config, None, &mut all, &mut io::sink()).unwrap();
        assert_eq!(String::from_utf8(all).unwrap().lines().count(), 4);
        let _ = std::fs::remove_file(&log);
        let _ = std::fs::remove_file(&config);
    }

    #[test]
    fn no_statistics_no_configuration_or_no_log_is_an_error() {
        let config = temp_file("errors.ron");
        let mut sink = io::sink();
        std::fs::write(&config, "(sound: false)").unwrap();
        let off = kiosk_report(&config, None, &mut sink, &mut io::sink()).unwrap_err();
        assert!(matches!(off, ReportError::StatisticsOff { .. }), "{off}");
        let log = temp_file("errors-missing.jsonl");
        std::fs::write(
            &config,
            format!("(statistics: {:?})", log.display().to_string()),
        )
        .unwrap();
        let missing = kiosk_report(&config, None, &mut sink, &mut io::sink()).unwrap_err();
        assert!(
            matches!(&missing, ReportError::Log(e) if e.is_missing()),
            "{missing}"
        );
        let _ = std::fs::remove_file(&config);
        let unreadable = kiosk_report(&config, None, &mut sink, &mut io::sink()).unwrap_err();
        assert!(
            unreadable
                .to_string()
                .starts_with("cannot read the kiosk configuration"),
            "{unreadable}"
        );
    }
}
