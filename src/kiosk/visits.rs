//! Visitor statistics (`statistics` in the kiosk's configuration): one anonymous line per visit
//! appended to a JSON Lines file. A visit runs from the first touch after the attract loop to
//! the idle reset (ended `idle`), the end of the visitor's game (`finished`; a touch after it
//! begins the next visit) or the operator's pause or stop (`operator`). Nothing personal is
//! recorded and nothing leaves the machine. Desktop only: the web build has no file to keep them
//! in.
//!
//! Each line is written whole by one `write` and flushed to the disk, so a crash or a power cut
//! loses at most the visit under way; a line torn by one is skipped when the file is read.

use super::{Attract, KioskConfig, KioskSet, StartAttract, Touched};
use crate::core::{Activity, Seat, Session, SessionReplaced};
use crate::i18n::I18n;
use crate::lessons::LessonProgress;
use crate::puzzles::SolvedPuzzles;
use crate::ui::TakeHomeShown;
use bao_engine::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<VisitTracker>()
        .add_systems(
            Update,
            // After the idle timers (their touches and resets), before the attract loop starts
            // (which brings back the kiosk's language and a new session).
            track_visits
                .after(KioskSet::Timers)
                .before(KioskSet::Attract)
                .run_if(statistics_on),
        )
        // `Last`: the app leaves after the frame in which `AppExit` was sent.
        .add_systems(Last, record_operator_quit.run_if(statistics_on));
}

/// One visit, as written on its line of the log.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    /// When it began: RFC 3339, to the second, with the kiosk's local UTC offset
    /// (`2026-12-05T14:03:22+01:00`).
    pub started: String,
    /// How long it lasted, in whole seconds.
    pub duration_s: u64,
    /// The language shown at its end (`en`, `de`, `nl` or `sw`).
    pub language: String,
    /// The variant id of the last game the visitor made a move in; `None`: no game.
    pub game: Option<String>,
    /// The computer's level in that game, `human` for two visitors; `None`: no game.
    pub level: Option<String>,
    /// The visitor's own moves (plies from a person's seat) in games, puzzles and lessons.
    pub moves: u32,
    /// Lessons done during the visit.
    pub lessons_done: u32,
    /// Puzzles solved during the visit.
    pub puzzles_solved: u32,
    /// How it ended.
    pub ended: VisitEnd,
    /// The take-home QR codes shown (one per finished game, where the configuration names a
    /// `take_home_url`). A line written before there were codes has none.
    #[serde(default)]
    pub codes_shown: u32,
}

/// How a visit ended.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum VisitEnd {
    /// The visitor's game was played to its end.
    Finished,
    /// The visitor walked away: the idle reset started the attract loop.
    Idle,
    /// The program left (the operator's pause or stop) during the visit.
    Operator,
}

impl VisitEnd {
    /// The word written in the log and the report.
    pub fn id(self) -> &'static str {
        match self {
            VisitEnd::Finished => "finished",
            VisitEnd::Idle => "idle",
            VisitEnd::Operator => "operator",
        }
    }
}

impl Visit {
    /// The local date the visit began on (the kiosk's calendar then); `None` unless `started`
    /// is an RFC 3339 time with its offset.
    pub fn date(&self) -> Option<Date> {
        // The timestamp check insists on the offset, which the civil reading ignores.
        self.started.parse::<jiff::Timestamp>().ok()?;
        let local: jiff::civil::DateTime = self.started.parse().ok()?;
        Some(local.date())
    }
}

/// The kiosk's clock now: RFC 3339 to the second with the local UTC offset, and the local date.
pub(super) fn local_now() -> (String, Date) {
    let now = jiff::Timestamp::now();
    let offset = jiff::tz::TimeZone::system().to_offset(now);
    let second = jiff::Timestamp::from_second(now.as_second()).unwrap_or(now);
    let started = second.display_with_offset(offset).to_string();
    (started, offset.to_datetime(now).date())
}

/// A problem with the visit log. None of them stops the game.
#[derive(Debug)]
pub enum VisitLogError {
    /// The log cannot be read.
    Read {
        /// The log.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A visit cannot be appended to the log; it is not recorded.
    Write {
        /// The log.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A line that is not a visit (torn by a crash, or edited by hand); it is skipped.
    BrokenLine {
        /// The log.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for VisitLogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VisitLogError::Read { path, source } => {
                write!(f, "cannot read the visit log {}: {source}", path.display())
            }
            VisitLogError::Write { path, source } => write!(
                f,
                "cannot write to the visit log {}: {source}; this visit is not recorded",
                path.display()
            ),
            VisitLogError::BrokenLine { path, line, reason } => write!(
                f,
                "visit log {}, line {line}: {reason}; the line is skipped",
                path.display()
            ),
        }
    }
}

impl std::error::Error for VisitLogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VisitLogError::Read { source, .. } | VisitLogError::Write { source, .. } => {
                Some(source)
            }
            VisitLogError::BrokenLine { .. } => None,
        }
    }
}

impl VisitLogError {
    /// Whether the log does not exist (yet: it is made by the first visit).
    pub fn is_missing(&self) -> bool {
        matches!(self, VisitLogError::Read { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}

/// The visits read back from a log, in the file's order, and the lines skipped.
#[derive(Debug, Default)]
pub struct VisitLog {
    /// Every visit whose line could be read.
    pub visits: Vec<Visit>,
    /// A [`VisitLogError::BrokenLine`] for each line skipped.
    pub broken: Vec<VisitLogError>,
}

impl VisitLog {
    /// Reads the log at `path`.
    ///
    /// # Errors
    /// [`VisitLogError::Read`] if the file cannot be read; a broken line is not an error but is
    /// listed in [`VisitLog::broken`].
    pub fn read(path: &Path) -> Result<VisitLog, VisitLogError> {
        let bytes = std::fs::read(path).map_err(|source| VisitLogError::Read {
            path: path.to_owned(),
            source,
        })?;
        Ok(VisitLog::parse(path, &bytes))
    }

    /// The visits in `bytes`, the contents of the log at `path`. Read as bytes, line by line: a
    /// line torn in the middle of a character spoils only itself.
    pub fn parse(path: &Path, bytes: &[u8]) -> VisitLog {
        let mut log = VisitLog::default();
        for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if line.trim_ascii().is_empty() {
                continue;
            }
            match parse_line(line) {
                Ok(visit) => log.visits.push(visit),
                Err(reason) => log.broken.push(VisitLogError::BrokenLine {
                    path: path.to_owned(),
                    line: index + 1,
                    reason,
                }),
            }
        }
        log
    }
}

fn parse_line(line: &[u8]) -> Result<Visit, String> {
    let text = std::str::from_utf8(line).map_err(|_| "not UTF-8 text".to_owned())?;
    let visit: Visit = serde_json::from_str(text).map_err(|e| format!("not a visit ({e})"))?;
    if visit.date().is_none() {
        return Err(format!(
            "'{}' is not an RFC 3339 time with its UTC offset",
            visit.started
        ));
    }
    Ok(visit)
}

/// Appends `visit` to the log at `path` as one line, made (with its folders) if it does not
/// exist: the whole line in one `write`, then flushed to the disk. If the file ends in the
/// middle of a line (one torn by a crash), a line break goes first, so that the new line is not
/// glued to the broken one.
///
/// # Errors
/// [`VisitLogError::Write`] if the file cannot be made, read or written.
pub fn append_visit(path: &Path, visit: &Visit) -> Result<(), VisitLogError> {
    let write_error = |source| VisitLogError::Write {
        path: path.to_owned(),
        source,
    };
    let mut line = serde_json::to_string(visit).map_err(|e| write_error(io::Error::other(e)))?;
    line.push('\n');
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(write_error)?;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(write_error)?;
    if ends_mid_line(&mut file).map_err(write_error)? {
        line.insert(0, '\n');
    }
    file.write_all(line.as_bytes()).map_err(write_error)?;
    file.sync_data().map_err(write_error)
}

/// Whether the file's last byte is not a line break (an empty file ends no line).
fn ends_mid_line(file: &mut File) -> io::Result<bool> {
    let Some(last) = file.metadata()?.len().checked_sub(1) else {
        return Ok(false);
    };
    file.seek(SeekFrom::Start(last))?;
    let mut byte = [0];
    file.read_exact(&mut byte)?;
    Ok(byte[0] != b'\n')
}

/// Appends the visit to the configured log; a failure is a warning, never the game's end.
fn record(config: &KioskConfig, visit: &Visit) {
    let Some(path) = &config.statistics else {
        return;
    };
    match append_visit(path, visit) {
        Ok(()) => info!(
            "visit recorded: {} s, ended {}",
            visit.duration_s,
            visit.ended.id()
        ),
        Err(error) => warn!("{error}"),
    }
}

/// A visit under way.
#[derive(Clone, Debug, PartialEq)]
struct OpenVisit {
    /// When it began ([`Visit::started`]).
    started: String,
    /// When it began, in real seconds (for its length: the wall clock may be set meanwhile).
    since: f32,
    /// The last game the visitor made a move in, and who played it.
    game: Option<(Variant, [Seat; 2])>,
    moves: u32,
    lessons_done: u32,
    puzzles_solved: u32,
    codes_shown: u32,
}

/// What the statistics have seen of the kiosk so far, frame by frame, and the visit under way.
#[derive(Resource, Default, Debug)]
pub(super) struct VisitTracker {
    visit: Option<OpenVisit>,
    /// Plies of the session on the board already looked at.
    plies_seen: usize,
    /// Whether that session's game was over at the last look.
    over_seen: bool,
    /// The lessons done and puzzles solved at the last look.
    lessons_seen: BTreeSet<String>,
    puzzles_seen: BTreeSet<String>,
}

impl VisitTracker {
    /// Whether a visit is under way.
    fn in_visit(&self) -> bool {
        self.visit.is_some()
    }

    /// A visit begins (at `started` on the wall clock, `now` in real seconds).
    fn begin(&mut self, started: String, now: f32) {
        self.visit = Some(OpenVisit {
            started,
            since: now,
            game: None,
            moves: 0,
            lessons_done: 0,
            puzzles_solved: 0,
            codes_shown: 0,
        });
    }

    /// Another session is on the board: its moves so far, and its end if it is over, are not
    /// the visitor's doing.
    fn session_replaced(&mut self, session: &Session) {
        self.plies_seen = session.game().moves().len();
        self.over_seen = session.game().outcome().is_over();
    }

    /// Counts the plies played since the last look that a person played in a visitor's
    /// session (a game, a puzzle or a lesson, not the attract loop's). An undo only lowers the
    /// mark: a move played again after it is counted again.
    fn note_plies(&mut self, session: &Session, attract_active: bool) {
        let plies = session.game().moves().len();
        let new = self.plies_seen.min(plies)..plies;
        self.plies_seen = plies;
        let Some(visit) = self.visit.as_mut() else {
            return;
        };
        if attract_active || !visitors_play(session.activity()) {
            return;
        }
        let by_people = plies_by_people(session, new);
        visit.moves += by_people;
        if by_people > 0 && session.activity() == Activity::Play {
            visit.game = Some((session.variant(), session.seats()));
        }
    }

    /// Counts the lessons and puzzles completed since the last look.
    fn note_done(&mut self, lessons: &BTreeSet<String>, puzzles: &BTreeSet<String>) {
        let lessons_done = newly_added(&mut self.lessons_seen, lessons);
        let puzzles_solved = newly_added(&mut self.puzzles_seen, puzzles);
        if let Some(visit) = self.visit.as_mut() {
            visit.lessons_done += lessons_done;
            visit.puzzles_solved += puzzles_solved;
        }
    }

    /// Counts the take-home codes shown since the last look, during a visit.
    fn note_codes(&mut self, codes: usize) {
        if let Some(visit) = self.visit.as_mut() {
            visit.codes_shown += codes as u32;
        }
    }

    /// Whether a visitor's game has ended since the last look (a game played by at least one
    /// person, not the attract loop's), during a visit.
    fn game_just_ended(&mut self, session: &Session, attract_active: bool) -> bool {
        let over = session.game().outcome().is_over();
        let just_over = over && !self.over_seen;
        self.over_seen = over;
        just_over
            && self.in_visit()
            && !attract_active
            && session.activity() == Activity::Play
            && session.seats().contains(&Seat::Human)
    }

    /// The visit under way ends: its line, or `None` if no visit was under way.
    fn end(&mut self, now: f32, language: &str, ended: VisitEnd) -> Option<Visit> {
        let visit = self.visit.take()?;
        Some(Visit {
            started: visit.started,
            duration_s: (now - visit.since).max(0.0).round() as u64,
            language: language.to_owned(),
            game: visit.game.map(|(variant, _)| variant.id().to_owned()),
            level: visit.game.map(|(_, seats)| opponent(seats)),
            moves: visit.moves,
            lessons_done: visit.lessons_done,
            puzzles_solved: visit.puzzles_solved,
            ended,
            codes_shown: visit.codes_shown,
        })
    }
}

/// The ids in `now` that were not in `seen` (then `seen` becomes `now`). A set cleared for the
/// next visitor adds nothing.
fn newly_added(seen: &mut BTreeSet<String>, now: &BTreeSet<String>) -> u32 {
    if seen == now {
        return 0;
    }
    let added = now.difference(seen).count() as u32;
    seen.clone_from(now);
    added
}

/// Whether a session from `origin` is played by visitors: a game, a puzzle, a lesson (not a
/// "show me" example or a replay, whose moves the game plays).
fn visitors_play(origin: Activity) -> bool {
    matches!(origin, Activity::Play | Activity::Puzzle | Activity::Lesson)
}

/// How many of the `plies` of the session's game were played from a person's seat.
fn plies_by_people(session: &Session, plies: Range<usize>) -> u32 {
    let positions = session.game().positions();
    plies
        .filter_map(|ply| positions.get(ply))
        .filter(|before| session.seat(before.to_move()) == Seat::Human)
        .count() as u32
}

/// Who the visitor played against: the computer's level, or `human` for two visitors.
fn opponent(seats: [Seat; 2]) -> String {
    seats
        .into_iter()
        .find(|seat| *seat != Seat::Human)
        .unwrap_or(Seat::Human)
        .id()
}

fn statistics_on(config: Res<KioskConfig>) -> bool {
    config.statistics.is_some()
}

/// The kiosk's news this frame that begins or ends a visit.
#[derive(SystemParam)]
struct VisitNews<'w, 's> {
    touches: MessageReader<'w, 's, Touched>,
    resets: MessageReader<'w, 's, StartAttract>,
    replaced: MessageReader<'w, 's, SessionReplaced>,
    codes: MessageReader<'w, 's, TakeHomeShown>,
}

/// What the visitor does and sees.
#[derive(SystemParam)]
struct VisitorView<'w> {
    session: Res<'w, Session>,
    attract: Res<'w, Attract>,
    lessons: Res<'w, LessonProgress>,
    puzzles: Res<'w, SolvedPuzzles>,
    i18n: Res<'w, I18n>,
    time: Res<'w, Time<Real>>,
}

/// Follows the visitor: what they play, do and solve; begins a visit at a touch, ends it at the
/// idle reset or the end of their game, and records it.
fn track_visits(
    mut news: VisitNews,
    view: VisitorView,
    config: Res<KioskConfig>,
    mut tracker: ResMut<VisitTracker>,
) {
    if news.replaced.read().count() > 0 {
        tracker.session_replaced(&view.session);
    }
    // What happened since the last frame belongs to the visit as it stood then (not to one
    // this frame's touch begins).
    tracker.note_plies(&view.session, view.attract.active);
    tracker.note_done(&view.lessons.done, &view.puzzles.done);
    // A finished game's code appears in the frame it ends, which the visit hears of in the
    // next, with the end itself: the code is the ending visit's.
    tracker.note_codes(news.codes.read().count());
    let now = view.time.elapsed_secs();
    if news.touches.read().count() > 0 && !tracker.in_visit() {
        tracker.begin(local_now().0, now);
    }
    let finished = tracker.game_just_ended(&view.session, view.attract.active);
    let reset = news.resets.read().count() > 0;
    let ended = match (reset, finished) {
        (true, _) => VisitEnd::Idle,
        (false, true) => VisitEnd::Finished,
        (false, false) => return,
    };
    if let Some(visit) = tracker.end(now, view.i18n.language().code(), ended) {
        record(&config, &visit);
    }
}

/// The program leaves (the operator's pause or stop, from the key chord or the menu; any exit
/// status): the visit under way is recorded before it goes.
fn record_operator_quit(
    mut exits: MessageReader<AppExit>,
    config: Res<KioskConfig>,
    time: Res<Time<Real>>,
    i18n: Res<I18n>,
    mut tracker: ResMut<VisitTracker>,
) {
    if exits.read().count() == 0 {
        return;
    }
    let now = time.elapsed_secs();
    if let Some(visit) = tracker.end(now, i18n.language().code(), VisitEnd::Operator) {
        record(&config, &visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;

    /// A unique file in the system's temporary folder (removed first, should it exist).
    pub(crate) fn temp_log(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!(
            "bao-visits-{}-{name}-{:?}.jsonl",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn visit(started: &str, duration_s: u64, game: Option<&str>) -> Visit {
        Visit {
            started: started.to_owned(),
            duration_s,
            language: "en".to_owned(),
            game: game.map(str::to_owned),
            level: game.map(|_| "easy".to_owned()),
            moves: 3,
            lessons_done: 0,
            puzzles_solved: 1,
            ended: VisitEnd::Idle,
            codes_shown: 0,
        }
    }

    /// Plays the first legal move on the session's game.
    fn play_one(session: &mut Session) {
        let mv = session.game().legal_moves()[0];
        session.play(mv).expect("a listed move is legal");
    }

    #[test]
    fn a_visit_is_one_json_line_with_every_field() {
        let mut line = visit("2026-12-05T14:03:22+01:00", 184, Some("kigogo"));
        line.ended = VisitEnd::Finished;
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"started":"2026-12-05T14:03:22+01:00","duration_s":184,"language":"en","game":"kigogo","level":"easy","moves":3,"lessons_done":0,"puzzles_solved":1,"ended":"finished","codes_shown":0}"#
        );
        let none = serde_json::to_string(&visit("2026-12-05T14:03:22+01:00", 5, None)).unwrap();
        assert!(none.contains(r#""game":null,"level":null"#), "{none}");
    }

    #[test]
    fn the_start_is_the_local_time_with_its_offset_to_the_second() {
        let (started, today) = local_now();
        let line = visit(&started, 1, None);
        assert_eq!(line.date(), Some(today), "{started}");
        assert!(
            !started.contains('.') && !started.ends_with('Z'),
            "{started}"
        );
        // The date is the calendar's where the visit was, not UTC's.
        assert_eq!(
            visit("2026-12-06T00:30:00+01:00", 1, None).date(),
            Some(jiff::civil::date(2026, 12, 6))
        );
        assert_eq!(
            visit("2026-12-06T00:30:00", 1, None).date(),
            None,
            "no offset"
        );
        assert_eq!(visit("yesterday", 1, None).date(), None);
    }

    #[test]
    fn a_torn_last_line_is_skipped_and_the_next_visit_starts_a_fresh_line() {
        let path = temp_log("torn");
        let first = visit("2026-12-05T10:00:00+01:00", 60, Some("kigogo"));
        append_visit(&path, &first).unwrap();
        // A crash in the middle of the second line, even in the middle of a character.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        let torn = "{\"started\":\"2026-12-05T11:00:00+01:00\",\"language\":\"\u{e4}";
        let cut = torn.len() - 1;
        assert!(!torn.is_char_boundary(cut));
        file.write_all(&torn.as_bytes()[..cut]).unwrap();
        drop(file);
        let third = visit("2026-12-05T12:00:00+01:00", 90, None);
        append_visit(&path, &third).unwrap();
        let text = std::fs::read(&path).unwrap();
        assert!(text.ends_with(b"\n"));
        let log = VisitLog::read(&path).unwrap();
        assert_eq!(log.visits, [first, third]);
        let [broken] = &log.broken[..] else {
            panic!("{:?}", log.broken);
        };
        let warning = broken.to_string();
        assert!(
            warning.contains(&path.display().to_string()) && warning.contains("line 2"),
            "{warning}"
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_log_that_cannot_be_written_or_read_is_an_error_not_a_panic() {
        let folder = temp_log("folder");
        std::fs::create_dir_all(&folder).unwrap();
        // A folder where the file should be.
        let error = append_visit(&folder, &visit("2026-12-05T10:00:00+01:00", 1, None))
            .expect_err("a folder is not a file");
        assert!(matches!(error, VisitLogError::Write { .. }), "{error}");
        assert!(error.to_string().contains("not recorded"), "{error}");
        let missing = VisitLog::read(&folder.join("none.jsonl")).expect_err("no such file");
        assert!(missing.is_missing(), "{missing}");
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn blank_lines_are_not_visits_and_bad_ones_are_named() {
        let text = b"\n{\"started\":\"2026-12-05T10:00:00+01:00\",\"duration_s\":5,\"language\":\"de\",\"game\":null,\"level\":null,\"moves\":0,\"lessons_done\":1,\"puzzles_solved\":0,\"ended\":\"idle\"}\n\n[1,2]\n{\"started\":\"noon\",\"duration_s\":5,\"language\":\"de\",\"game\":null,\"level\":null,\"moves\":0,\"lessons_done\":1,\"puzzles_solved\":0,\"ended\":\"idle\"}\n";
        let log = VisitLog::parse(Path::new("v.jsonl"), text);
        assert_eq!(log.visits.len(), 1);
        assert_eq!(log.visits[0].lessons_done, 1);
        assert_eq!(log.visits[0].codes_shown, 0, "a line from before the codes");
        let lines: Vec<usize> = log
            .broken
            .iter()
            .map(|e| match e {
                VisitLogError::BrokenLine { line, .. } => *line,
                other => panic!("{other}"),
            })
            .collect();
        assert_eq!(lines, [4, 5]);
    }

    /// Plies of `plies` that South (the person's seat in these tests) played.
    fn souths(session: &Session, plies: std::ops::Range<usize>) -> u32 {
        plies
            .filter(|&ply| session.game().positions()[ply].to_move() == bao_engine::Player::South)
            .count() as u32
    }

    #[test]
    fn a_visit_counts_the_visitors_moves_and_names_their_last_game() {
        let mut tracker = VisitTracker::default();
        let mut session = Session::new(Variant::Kigogo, [Seat::Human, Seat::Computer(Level::Easy)]);
        // A move before the visit is not the visitor's.
        play_one(&mut session);
        tracker.note_plies(&session, false);
        tracker.begin("2026-12-05T10:00:00+01:00".to_owned(), 100.0);
        for _ in 0..3 {
            play_one(&mut session);
        }
        tracker.note_plies(&session, false);
        let mut expected = souths(&session, 1..4);
        // Two plies taken back and played again: played twice.
        session.undo_last();
        session.undo_last();
        tracker.note_plies(&session, false);
        play_one(&mut session);
        play_one(&mut session);
        tracker.note_plies(&session, false);
        expected += souths(&session, 2..4);
        let line = tracker.end(160.4, "sw", VisitEnd::Idle).expect("a visit");
        assert!(expected >= 2, "South moved in the visit");
        assert_eq!(line.moves, expected);
        assert_eq!(
            (line.game.as_deref(), line.level.as_deref()),
            (Some("kigogo"), Some("easy"))
        );
        assert_eq!((line.duration_s, line.language.as_str()), (60, "sw"));
        assert_eq!(line.ended, VisitEnd::Idle);
        assert!(
            tracker.end(170.0, "sw", VisitEnd::Idle).is_none(),
            "ended once"
        );
    }

    #[test]
    fn the_attract_loop_and_a_new_session_are_not_the_visitors_moves() {
        let mut tracker = VisitTracker::default();
        tracker.begin("2026-12-05T10:00:00+01:00".to_owned(), 0.0);
        let seats = [Seat::Computer(Level::Easy), Seat::Computer(Level::Beginner)];
        let mut attract = Session::new(Variant::Kimasai, seats).for_activity(Activity::Attract);
        play_one(&mut attract);
        tracker.note_plies(&attract, true);
        // A lesson the attract loop shows: both seats are people's, but nobody's at the screen.
        let mut lesson =
            Session::new(Variant::Kingulu, [Seat::Human; 2]).for_activity(Activity::Lesson);
        tracker.session_replaced(&lesson);
        play_one(&mut lesson);
        tracker.note_plies(&lesson, true);
        // A saved game of twelve moves loaded: none of them the visitor's.
        let mut loaded = Session::new(Variant::Kigogo, [Seat::Human; 2]);
        for _ in 0..12 {
            play_one(&mut loaded);
        }
        tracker.session_replaced(&loaded);
        tracker.note_plies(&loaded, false);
        let line = tracker.end(10.0, "en", VisitEnd::Idle).expect("a visit");
        assert_eq!((line.moves, line.game, line.level), (0, None, None));
    }

    #[test]
    fn two_visitors_play_human_against_human_and_a_puzzle_is_no_game() {
        let mut tracker = VisitTracker::default();
        tracker.begin("2026-12-05T10:00:00+01:00".to_owned(), 0.0);
        let mut game = Session::new(Variant::Kujifunza, [Seat::Human; 2]);
        play_one(&mut game);
        play_one(&mut game);
        tracker.note_plies(&game, false);
        let seats = [Seat::Human, Seat::Computer(Level::Expert)];
        let mut puzzle = Session::new(Variant::Kigogo, seats).for_activity(Activity::Puzzle);
        tracker.session_replaced(&puzzle);
        play_one(&mut puzzle);
        tracker.note_plies(&puzzle, false);
        let line = tracker.end(10.0, "en", VisitEnd::Idle).expect("a visit");
        assert_eq!(line.moves, 3, "both visitors' moves and the puzzle's");
        assert_eq!(
            (line.game.as_deref(), line.level.as_deref()),
            (Some("kujifunza"), Some("human"))
        );
    }

    #[test]
    fn lessons_and_puzzles_done_during_the_visit_are_counted_once() {
        let ids = |list: &[&str]| {
            list.iter()
                .map(|s| (*s).to_owned())
                .collect::<BTreeSet<_>>()
        };
        let mut tracker = VisitTracker::default();
        // Done before the visit (the visitor before, whose game ended).
        tracker.note_done(&ids(&["kigogo-1"]), &ids(&[]));
        tracker.begin("2026-12-05T10:00:00+01:00".to_owned(), 0.0);
        tracker.note_done(&ids(&["kigogo-1", "kigogo-2"]), &ids(&["kingulu-3"]));
        tracker.note_done(&ids(&["kigogo-1", "kigogo-2"]), &ids(&["kingulu-3"]));
        tracker.note_done(
            &ids(&["kigogo-1", "kigogo-2", "kimasai-1"]),
            &ids(&["kingulu-3"]),
        );
        let line = tracker.end(1.0, "en", VisitEnd::Idle).expect("a visit");
        assert_eq!((line.lessons_done, line.puzzles_solved), (2, 1));
        // The attract loop forgets them for the next visitor: nothing is added.
        tracker.note_done(&ids(&[]), &ids(&[]));
        tracker.begin("2026-12-05T10:05:00+01:00".to_owned(), 0.0);
        tracker.note_done(&ids(&["kigogo-1"]), &ids(&[]));
        let line = tracker.end(1.0, "en", VisitEnd::Idle).expect("a visit");
        assert_eq!((line.lessons_done, line.puzzles_solved), (1, 0));
    }

    #[test]
    fn a_visitors_game_ends_the_visit_once_and_not_before_it_began() {
        let mut tracker = VisitTracker::default();
        let mut game = Session::new(
            Variant::Kujifunza,
            [Seat::Human, Seat::Computer(Level::Easy)],
        );
        while !game.game().outcome().is_over() {
            play_one(&mut game);
        }
        // Over before any visit: a touch afterwards begins a visit the old end does not close.
        assert!(!tracker.game_just_ended(&game, false));
        tracker.begin("2026-12-05T10:00:00+01:00".to_owned(), 0.0);
        assert!(!tracker.game_just_ended(&game, false));
        // Taken back and played to the end again: finished.
        game.undo_last();
        assert!(!tracker.game_just_ended(&game, false));
        play_one(&mut game);
        assert!(game.game().outcome().is_over());
        assert!(tracker.game_just_ended(&game, false));
        // The attract loop's games end nobody's visit.
        let seats = [Seat::Computer(Level::Easy); 2];
        let mut attract = Session::new(Variant::Kujifunza, seats).for_activity(Activity::Attract);
        tracker.session_replaced(&attract);
        while !attract.game().outcome().is_over() {
            play_one(&mut attract);
        }
        assert!(!tracker.game_just_ended(&attract, false));
    }
}
