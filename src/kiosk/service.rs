//! The kiosk as a systemd service (the `bao-kiosk` package's unit, `packaging/kiosk/`): the game
//! tells systemd when its first frame is drawn (`READY=1`), that its main loop is alive
//! (`WATCHDOG=1`, so that a hang is restarted), and what it shows (`STATUS=`, seen in
//! `systemctl status`). It also leaves for the configured nightly restart, while no visitor is
//! at the screen.
//!
//! The watchdog's interval is read from `WATCHDOG_USEC` itself. The `sd-notify` crate's own
//! check also compares `WATCHDOG_PID` with our process, and under cage that names cage, the
//! service's main process, not the game; the unit says `NotifyAccess=all` so that the game's
//! notifications count.
//!
//! The pings are sent from the main schedule's `Last`, so they stop when the main loop stops:
//! with Bevy's pipelined rendering the main loop waits for the render thread, so a hung driver
//! stops them too. A start runs under a looser watchdog that `bao --kiosk-wait-for-screen` asks
//! for; once the renderer's pipelines are compiled (`warm_up.rs`) the game sets the unit's own
//! again (`WATCHDOG_USEC=`, from the environment systemd started it with). A render error ends
//! the game with an error code (Bevy's default `RenderErrorHandler`), a crash ends it with a
//! signal: the unit restarts it either way.
//!
//! The operator's pause leaves with [`OPERATOR_PAUSE_EXIT`] after writing when it ends to the
//! service's state directory ([`PAUSED_UNTIL_FILE`]); the unit starts the kiosk again then.

use super::operator::Leave;
use super::warm_up::{PipelinesWaiting, WarmUp, WarmUpPlugin};
use super::{Attract, KioskConfig, TimeOfDay};
use crate::core::{Activity, Screen, Seat, Session};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use jiff::ZonedDateTime as Zoned;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The exit code of the nightly restart. The unit counts it as a clean exit and restarts on it
/// (`SuccessExitStatus=` and `RestartForceExitStatus=`); 75 is `EX_TEMPFAIL`, "try again".
pub const NIGHTLY_RESTART_EXIT: u8 = 75;

/// The exit code of the operator's pause ("Pause the exhibit for N minutes" in the operator
/// menu, or the key chord Ctrl+Alt+Shift+Q; N is the configuration's `pause_minutes`). The game
/// first writes when the pause ends to [`PAUSED_UNTIL_FILE`] in the service's state directory.
/// The unit counts it as a clean exit and does not restart on it (`SuccessExitStatus=`); its
/// `ExecStopPost` reads the file and arms a timer that starts the kiosk again then. The
/// operator's "Stop until restarted" exits with 0.
pub const OPERATOR_PAUSE_EXIT: u8 = 76;

/// The file, in the service's state directory (`$STATE_DIRECTORY`, which systemd sets from the
/// unit's `StateDirectory=`: `/var/lib/bao-kiosk`), that says when the operator's pause ends:
/// the UNIX time in whole seconds, in decimal, and a newline (`1796400000\n`). It is replaced
/// whole (written beside it, then renamed), so a reader never sees half of it.
pub const PAUSED_UNTIL_FILE: &str = "paused-until";

/// Frames after which the first frame has surely been drawn: with pipelined rendering frame N
/// is rendered while the main world runs frame N + 1.
const FRAMES_BEFORE_READY: u32 = 3;

/// Seconds between two looks at the clock for the nightly restart.
const RESTART_CHECK: f32 = 5.0;

pub(super) fn plugin(app: &mut App) {
    let unit_watchdog = std::env::var("WATCHDOG_USEC").ok();
    let watchdog = watchdog_interval(unit_watchdog.as_deref());
    if let Some(every) = watchdog {
        info!(
            "systemd watchdog: a ping every {:.1} s",
            every.as_secs_f32()
        );
    }
    app.add_plugins(WarmUpPlugin)
        .insert_resource(Notifier {
            watchdog,
            unit_watchdog: watchdog_usec(unit_watchdog.as_deref()),
            ..default()
        })
        .insert_resource(StateDirectory::from_env(std::env::var_os(
            "STATE_DIRECTORY",
        )))
        // A kiosk never sleeps between frames: a reactive window mode could sleep past the
        // watchdog's interval while the screen is untouched.
        .insert_resource(continuous_winit())
        .add_systems(Startup, plan_nightly_restart)
        .add_systems(Update, pause)
        .add_systems(Last, (notify_systemd, nightly_restart));
}

/// The service's state directory, where [`PAUSED_UNTIL_FILE`] is written; `None`: the game
/// does not run as the service (no `$STATE_DIRECTORY`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct StateDirectory(pub(super) Option<PathBuf>);

impl StateDirectory {
    /// The directory `$STATE_DIRECTORY` names: its first, should it name several (systemd joins
    /// them with `:`); none when it is unset or empty.
    fn from_env(value: Option<OsString>) -> StateDirectory {
        let first = value.and_then(|value| std::env::split_paths(&value).next());
        StateDirectory(first.filter(|dir| !dir.as_os_str().is_empty()))
    }
}

/// Writes [`PAUSED_UNTIL_FILE`] in `dir`: `until` (UNIX seconds) in decimal and a newline.
/// Written to a file of its own beside it first and then renamed over it, so that the unit's
/// `ExecStopPost` reads the old time or the new one, never part of it. Returns the file's path.
///
/// # Errors
/// The error of creating, writing, syncing or renaming the file (a missing or read-only
/// directory); a half-written temporary file is removed.
pub(super) fn write_paused_until(dir: &Path, until: u64) -> io::Result<PathBuf> {
    let path = dir.join(PAUSED_UNTIL_FILE);
    let temporary = dir.join(format!(".{PAUSED_UNTIL_FILE}.{}", std::process::id()));
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(format!("{until}\n").as_bytes())?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temporary, &path)) {
        Ok(()) => Ok(path),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(error)
        }
    }
}

/// The operator's pause: when it ends is written to the state directory (where there is one),
/// then the game leaves with [`OPERATOR_PAUSE_EXIT`]. A file that cannot be written is logged
/// and the game leaves all the same: the operator asked for the exhibit to go.
pub(super) fn pause(
    mut asked: MessageReader<Leave>,
    config: Res<KioskConfig>,
    state: Res<StateDirectory>,
    mut exit: MessageWriter<AppExit>,
) {
    if !asked.read().any(|leave| *leave == Leave::Pause) {
        return;
    }
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let until = now + u64::from(config.pause_minutes) * 60;
    let minutes = config.pause_minutes;
    match &state.0 {
        None => warn!(
            "operator: pausing the exhibit for {minutes} min; no state directory was given \
             (STATE_DIRECTORY is unset), so nothing starts the kiosk again when the pause ends"
        ),
        Some(dir) => match write_paused_until(dir, until) {
            Ok(file) => info!(
                "operator: pausing the exhibit for {minutes} min, until {until} (UNIX time, \
                 written to {})",
                file.display()
            ),
            Err(error) => warn!(
                "operator: pausing the exhibit for {minutes} min, but {} cannot be written \
                 ({error}): the service does not know when the pause ends",
                dir.join(PAUSED_UNTIL_FILE).display()
            ),
        },
    }
    exit.write(AppExit::from_code(OPERATOR_PAUSE_EXIT));
}

/// Winit settings that draw every frame, focused or not.
fn continuous_winit() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::Continuous,
        unfocused_mode: UpdateMode::Continuous,
    }
}

/// What has been told to systemd.
#[derive(Resource, Default, Debug)]
struct Notifier {
    /// Half the watchdog's timeout, if the service has one.
    watchdog: Option<Duration>,
    /// The unit's watchdog timeout in microseconds (`WatchdogSec=`), set again after the
    /// warm-up.
    unit_watchdog: Option<u32>,
    /// `READY=1` was sent.
    ready: bool,
    /// When the last ping was sent (real seconds).
    last_ping: f32,
    /// The last `STATUS=` sent.
    status: String,
}

/// The interval at which to ping a watchdog of `WATCHDOG_USEC` microseconds: half of it, as
/// `sd_watchdog_enabled(3)` advises. None without a (valid, non-zero) value.
pub(super) fn watchdog_interval(usec: Option<&str>) -> Option<Duration> {
    let usec: u64 = usec?.trim().parse().ok()?;
    (usec > 0).then(|| Duration::from_micros(usec / 2))
}

/// Whether this frame pings the watchdog, `since` seconds after the last ping, the frame before
/// having taken `frame` seconds: when the next ping, a frame like it later, would come after
/// `every` (half the timeout). So on a slow renderer the pings come every frame and the
/// watchdog fires only when one frame outlasts its timeout, not when two frames together do.
fn ping_due(since: f32, frame: f32, every: Duration) -> bool {
    since + frame >= every.as_secs_f32()
}

/// The watchdog's timeout of `WATCHDOG_USEC`, in microseconds, as `WATCHDOG_USEC=` gives it
/// back to systemd; none without a valid, non-zero value that fits (71 minutes at most).
fn watchdog_usec(usec: Option<&str>) -> Option<u32> {
    let usec: u32 = usec?.trim().parse().ok()?;
    (usec > 0).then_some(usec)
}

/// The one line `systemctl status` shows for what the kiosk is doing.
fn status_line(screen: Screen, attract: &Attract, session: &Session) -> String {
    if attract.active {
        return match attract.lesson {
            Some(lesson) => format!("attract loop: a lesson of {}", lesson.variant.name()),
            None => format!("attract loop: {}", session.variant().name()),
        };
    }
    if screen != Screen::Playing {
        return "title screen".to_owned();
    }
    let game = session.variant().name();
    match session.activity() {
        Activity::Lesson => format!("a lesson of {game}"),
        Activity::Puzzle => format!("a puzzle of {game}"),
        Activity::Example | Activity::Replay => format!("{game}: the rules shown"),
        Activity::Play | Activity::Attract => match session.seats() {
            [Seat::Computer(level), Seat::Human] | [Seat::Human, Seat::Computer(level)] => {
                format!("{game} against {level:?}")
            }
            [Seat::Human, Seat::Human] => format!("{game}, two visitors"),
            [Seat::Computer(_), Seat::Computer(_)] => {
                format!("{game}, the computer against itself")
            }
            [Seat::Remote, _] | [_, Seat::Remote] => format!("{game} against a player elsewhere"),
        },
    }
}

/// Ready after the first frame, a ping every half interval, the unit's watchdog back after the
/// warm-up, the status when it changes. A failed send is logged once and changes nothing:
/// without systemd there is nobody to tell.
#[allow(clippy::too_many_arguments)] // Bevy system parameters, each read once.
fn notify_systemd(
    frames: Res<FrameCount>,
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    attract: Res<Attract>,
    session: Res<Session>,
    waiting: Res<PipelinesWaiting>,
    mut warm_up: ResMut<WarmUp>,
    mut notifier: ResMut<Notifier>,
) {
    if frames.0 < FRAMES_BEFORE_READY {
        return;
    }
    let now = time.elapsed_secs();
    let status = status_line(*screen.get(), &attract, &session);
    let mut states = Vec::new();
    if !notifier.ready {
        states.push(sd_notify::NotifyState::Ready);
    }
    let warmed_up = warm_up.frame(waiting.0, now);
    if let Some(usec) = notifier.unit_watchdog.filter(|_| warmed_up) {
        info!(
            "warm-up over after {:.0} s (frame {}): the unit's watchdog of {:.0} s again",
            warm_up.lasted(now),
            frames.0,
            f64::from(usec) / 1e6
        );
        states.push(sd_notify::NotifyState::WatchdogUsec(usec));
    }
    let ping = notifier
        .watchdog
        .is_some_and(|every| ping_due(now - notifier.last_ping, time.delta_secs(), every));
    if ping || !notifier.ready || warmed_up {
        states.push(sd_notify::NotifyState::Watchdog);
        notifier.last_ping = now;
    }
    if status != notifier.status {
        states.push(sd_notify::NotifyState::Status(&status));
    }
    if states.is_empty() {
        return;
    }
    if let Err(error) = sd_notify::notify(&states) {
        if notifier.ready {
            return;
        }
        warn!("cannot notify systemd: {error}");
    }
    notifier.ready = true;
    notifier.status = status;
}

/// When the game should next leave for its nightly restart.
#[derive(Resource, Debug)]
struct NightlyRestart {
    /// The restart's moment.
    at: Zoned,
    /// When the clock was last looked at (real seconds).
    checked: f32,
}

/// The next moment after `now` at the time of day `at`, in `now`'s time zone: today's if it is
/// still to come, else tomorrow's. A time that a clock change skips is taken as the same moment
/// after the change.
fn next_restart(now: &Zoned, at: TimeOfDay) -> Option<Zoned> {
    let time = jiff::civil::Time::new(at.hour as i8, at.minute as i8, 0, 0).ok()?;
    let today = now
        .date()
        .to_datetime(time)
        .to_zoned_datetime(now.time_zone().clone())
        .ok()?;
    if &today > now {
        return Some(today);
    }
    let tomorrow = now.date().tomorrow().ok()?.to_datetime(time);
    tomorrow.to_zoned_datetime(now.time_zone().clone()).ok()
}

fn plan_nightly_restart(config: Res<KioskConfig>, mut commands: Commands) {
    let Some(at) = config.nightly_restart else {
        return;
    };
    let Some(next) = next_restart(&Zoned::now(), at) else {
        warn!("the nightly restart at {at} has no next moment in this time zone");
        return;
    };
    info!("nightly restart planned for {next}");
    commands.insert_resource(NightlyRestart {
        at: next,
        checked: 0.0,
    });
}

/// At the nightly restart's hour, once the attract loop shows that no visitor is playing, the
/// game ends with [`NIGHTLY_RESTART_EXIT`] and systemd starts it afresh.
fn nightly_restart(
    time: Res<Time<Real>>,
    attract: Res<Attract>,
    restart: Option<ResMut<NightlyRestart>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(mut restart) = restart else {
        return;
    };
    let now = time.elapsed_secs();
    if now - restart.checked < RESTART_CHECK {
        return;
    }
    restart.checked = now;
    if attract.active && Zoned::now() >= restart.at {
        info!("nightly restart: leaving so that systemd starts the kiosk afresh");
        exit.write(AppExit::from_code(NIGHTLY_RESTART_EXIT));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Variant;

    #[test]
    fn the_watchdog_is_pinged_at_half_its_timeout() {
        assert_eq!(
            watchdog_interval(Some("10000000")),
            Some(Duration::from_secs(5))
        );
        for none in [None, Some(""), Some("0"), Some("ten"), Some("-5")] {
            assert_eq!(watchdog_interval(none), None, "{none:?}");
        }
    }

    #[test]
    fn a_slow_frame_pings_every_frame_a_fast_one_every_half_timeout() {
        let every = Duration::from_secs(10);
        // 60 frames a second: a ping once 10 s have (nearly) passed, not every frame.
        assert!(!ping_due(5.0, 1.0 / 60.0, every));
        assert!(!ping_due(9.9, 1.0 / 60.0, every));
        assert!(ping_due(9.99, 1.0 / 60.0, every));
        // A frame of 9.6 s (the emulated kiosk): the next frame would be 19.2 s after the last
        // ping, so this one pings.
        assert!(ping_due(9.6, 9.6, every));
        assert!(!ping_due(0.2, 0.2, every));
    }

    #[test]
    fn the_units_watchdog_is_given_back_as_systemd_gave_it() {
        assert_eq!(watchdog_usec(Some("20000000")), Some(20_000_000));
        assert_eq!(watchdog_usec(Some(" 20000000\n")), Some(20_000_000));
        // Longer than WATCHDOG_USEC= can say, zero, or no number: not given back.
        for none in [
            None,
            Some("0"),
            Some("99999999999"),
            Some("twenty"),
            Some("-1"),
        ] {
            assert_eq!(watchdog_usec(none), None, "{none:?}");
        }
    }

    #[test]
    fn the_status_says_what_the_screen_shows() {
        let mut attract = Attract::default();
        let session = Session::new(
            Variant::Kigogo,
            [Seat::Human, Seat::Computer(crate::core::Level::Medium)],
        );
        assert_eq!(
            status_line(Screen::Playing, &attract, &session),
            "Bao Kigogo against Medium"
        );
        assert_eq!(
            status_line(Screen::Title, &attract, &session),
            "title screen"
        );
        attract.active = true;
        assert_eq!(
            status_line(Screen::Playing, &attract, &session),
            "attract loop: Bao Kigogo"
        );
        attract.active = false;
        let lesson = session.clone().for_activity(Activity::Lesson);
        assert_eq!(
            status_line(Screen::Playing, &attract, &lesson),
            "a lesson of Bao Kigogo"
        );
    }

    #[test]
    fn the_restart_is_todays_if_still_to_come_else_tomorrows() {
        let at = TimeOfDay {
            hour: 3,
            minute: 30,
        };
        let now: Zoned = "2026-12-05T02:00:00+01:00[Europe/Berlin]".parse().unwrap();
        assert_eq!(
            next_restart(&now, at).unwrap().to_string(),
            "2026-12-05T03:30:00+01:00[Europe/Berlin]"
        );
        let now: Zoned = "2026-12-05T03:30:00+01:00[Europe/Berlin]".parse().unwrap();
        assert_eq!(
            next_restart(&now, at).unwrap().to_string(),
            "2026-12-06T03:30:00+01:00[Europe/Berlin]"
        );
        // 02:30 does not exist on the night the clocks go forward: it is the moment after.
        let now: Zoned = "2027-03-27T12:00:00+01:00[Europe/Berlin]".parse().unwrap();
        let at = TimeOfDay {
            hour: 2,
            minute: 30,
        };
        assert_eq!(
            next_restart(&now, at).unwrap().to_string(),
            "2027-03-28T03:30:00+02:00[Europe/Berlin]"
        );
    }

    /// A new, empty folder of the system's temporary folder, unique to this test run.
    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bao-service-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    #[test]
    fn the_pause_is_written_to_paused_until_in_the_state_directory_whole() {
        let dir = temp_dir("paused-until");
        let file = write_paused_until(&dir, 1_796_400_000).expect("written");
        assert_eq!(file, dir.join("paused-until"));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "1796400000\n");
        // A second pause replaces the first, and leaves nothing else in the folder.
        write_paused_until(&dir, 1_796_401_800).expect("written again");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "1796401800\n");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["paused-until"]);
        // A missing folder is an error, not a panic.
        assert!(write_paused_until(&dir.join("missing"), 1).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_state_directory_is_the_first_that_systemd_names() {
        let of = |value: Option<&str>| StateDirectory::from_env(value.map(OsString::from)).0;
        assert_eq!(
            of(Some("/var/lib/bao-kiosk")),
            Some(PathBuf::from("/var/lib/bao-kiosk"))
        );
        assert_eq!(
            of(Some("/var/lib/bao-kiosk:/var/lib/other")),
            Some(PathBuf::from("/var/lib/bao-kiosk"))
        );
        assert_eq!(of(Some("")), None);
        assert_eq!(of(None), None);
    }

    /// A headless app with the operator's ways out and the pause, paused for `pause_minutes`
    /// with the state directory `state`.
    fn leaving_app(pause_minutes: u32, state: Option<PathBuf>) -> App {
        let mut app = App::new();
        app.add_message::<Leave>()
            .insert_resource(KioskConfig {
                pause_minutes,
                ..KioskConfig::default()
            })
            .insert_resource(StateDirectory(state))
            .init_resource::<ButtonInput<KeyCode>>()
            .add_systems(
                Update,
                (
                    super::super::operator::key_chord,
                    super::super::operator::stop,
                    pause,
                )
                    .chain(),
            );
        app
    }

    /// The exits asked for in the last frame.
    fn exits(app: &mut App) -> Vec<AppExit> {
        app.world_mut()
            .resource_mut::<Messages<AppExit>>()
            .drain()
            .collect()
    }

    fn unix_now() -> u64 {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_secs()
    }

    #[test]
    fn the_key_chord_pauses_with_76_and_writes_when_the_pause_ends() {
        let dir = temp_dir("chord");
        let mut app = leaving_app(5, Some(dir.clone()));
        app.update();
        assert_eq!(exits(&mut app), []);
        let before = unix_now();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for key in [
            KeyCode::ControlLeft,
            KeyCode::AltLeft,
            KeyCode::ShiftRight,
            KeyCode::KeyQ,
        ] {
            keys.press(key);
        }
        app.update();
        let after = unix_now();
        assert_eq!(exits(&mut app), [AppExit::from_code(76)]);
        assert_eq!(OPERATOR_PAUSE_EXIT, 76);
        let written = std::fs::read_to_string(dir.join(PAUSED_UNTIL_FILE)).expect("the file");
        let until: u64 = written
            .strip_suffix('\n')
            .and_then(|line| line.parse().ok())
            .unwrap_or_else(|| panic!("{written:?}"));
        assert!(
            (before + 300..=after + 300).contains(&until),
            "{until}: 5 minutes after {before}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_menus_pause_leaves_with_76_and_its_stop_with_0() {
        let dir = temp_dir("menu");
        let mut app = leaving_app(30, Some(dir.clone()));
        app.world_mut().write_message(Leave::Stop);
        app.update();
        assert_eq!(exits(&mut app), [AppExit::Success]);
        assert!(
            !dir.join(PAUSED_UNTIL_FILE).exists(),
            "a stop says nothing of a pause"
        );
        app.world_mut().write_message(Leave::Pause);
        app.update();
        assert_eq!(exits(&mut app), [AppExit::from_code(76)]);
        assert!(dir.join(PAUSED_UNTIL_FILE).exists());
        // Without a state directory (not the service) the pause leaves all the same.
        let mut app = leaving_app(30, None);
        app.world_mut().write_message(Leave::Pause);
        app.update();
        assert_eq!(exits(&mut app), [AppExit::from_code(76)]);
        // A state directory that cannot be written to is no reason to stay.
        let mut app = leaving_app(30, Some(dir.join("missing")));
        app.world_mut().write_message(Leave::Pause);
        app.update();
        assert_eq!(exits(&mut app), [AppExit::from_code(76)]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_kiosk_never_sleeps_between_frames() {
        let settings = continuous_winit();
        assert_eq!(settings.focused_mode, UpdateMode::Continuous);
        assert_eq!(settings.unfocused_mode, UpdateMode::Continuous);
    }
}
