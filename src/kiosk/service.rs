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
//! stops them too. A render error ends the game with an error code (Bevy's default
//! `RenderErrorHandler`), a crash ends it with a signal: the unit restarts it either way.

use super::{Attract, KioskConfig, TimeOfDay};
use crate::core::{Activity, Screen, Seat, Session};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use jiff::ZonedDateTime as Zoned;
use std::num::NonZeroU8;
use std::time::Duration;

/// The exit code of the nightly restart. The unit counts it as a clean exit and restarts on it
/// (`SuccessExitStatus=` and `RestartForceExitStatus=`); 75 is `EX_TEMPFAIL`, "try again".
pub const NIGHTLY_RESTART_EXIT: u8 = 75;

/// Frames after which the first frame has surely been drawn: with pipelined rendering frame N
/// is rendered while the main world runs frame N + 1.
const FRAMES_BEFORE_READY: u32 = 3;

/// Seconds between two looks at the clock for the nightly restart.
const RESTART_CHECK: f32 = 5.0;

pub(super) fn plugin(app: &mut App) {
    let watchdog = watchdog_interval(std::env::var("WATCHDOG_USEC").ok().as_deref());
    if let Some(every) = watchdog {
        info!(
            "systemd watchdog: a ping every {:.1} s",
            every.as_secs_f32()
        );
    }
    app.insert_resource(Notifier {
        watchdog,
        ..default()
    })
    // A kiosk never sleeps between frames: a reactive window mode could sleep past the
    // watchdog's interval while the screen is untouched.
    .insert_resource(continuous_winit())
    .add_systems(Startup, plan_nightly_restart)
    .add_systems(Last, (notify_systemd, nightly_restart));
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
    /// `READY=1` was sent.
    ready: bool,
    /// When the last ping was sent (real seconds).
    last_ping: f32,
    /// The last `STATUS=` sent.
    status: String,
}

/// The interval at which to ping a watchdog of `WATCHDOG_USEC` microseconds: half of it, as
/// `sd_watchdog_enabled(3)` advises. None without a (valid, non-zero) value.
fn watchdog_interval(usec: Option<&str>) -> Option<Duration> {
    let usec: u64 = usec?.trim().parse().ok()?;
    (usec > 0).then(|| Duration::from_micros(usec / 2))
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

/// Ready after the first frame, a ping every half interval, the status when it changes. A
/// failed send is logged once and changes nothing: without systemd there is nobody to tell.
fn notify_systemd(
    frames: Res<FrameCount>,
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    attract: Res<Attract>,
    session: Res<Session>,
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
    let ping_due = notifier
        .watchdog
        .is_some_and(|every| now - notifier.last_ping >= every.as_secs_f32());
    if ping_due || !notifier.ready {
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
        exit.write(AppExit::Error(
            NonZeroU8::new(NIGHTLY_RESTART_EXIT).unwrap_or(NonZeroU8::MIN),
        ));
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

    #[test]
    fn the_kiosk_never_sleeps_between_frames() {
        let settings = continuous_winit();
        assert_eq!(settings.focused_mode, UpdateMode::Continuous);
        assert_eq!(settings.unfocused_mode, UpdateMode::Continuous);
    }
}
