//! `bao --kiosk-wait-for-screen`: the kiosk's service waits for a screen before it starts the
//! compositor. A museum switches a DisplayPort monitor off at night; its connector then reads
//! `disconnected` and the compositor (cage) exits. The service's script runs this until a
//! connector reads `connected` again, so that the night counts as no failure; meanwhile systemd
//! hears that the service is up and alive. When it ends, the compositor and the game start:
//! it asks systemd for the looser watchdog of a start ([`START_WATCHDOG`], `warm_up.rs`), which
//! the game replaces with the unit's own once it is warm. No Bevy app runs.

use super::service::watchdog_interval;
use super::warm_up::START_WATCHDOG;
use sd_notify::NotifyState;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Where the kernel lists the DRM connectors: `card0-HDMI-A-1/status` and the like.
const DRM: &str = "/sys/class/drm";

/// How often the connectors are read while none is connected.
const POLL: Duration = Duration::from_secs(1);

/// What `systemctl status` shows while the kiosk waits.
const WAITING: &str = "waiting for a screen (no display connected)";

/// What `systemctl status` shows while the compositor and the game start.
const STARTING: &str = "starting the game";

/// How long the last message may take systemd to read before this process exits all the same.
const BARRIER_WAIT: Duration = Duration::from_secs(5);

/// What the screen connectors say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screens {
    /// At least one connector reads `connected`.
    Connected,
    /// Connectors were read and none is `connected` (`disconnected`, or `unknown`: the driver
    /// cannot tell).
    NoneConnected,
    /// No screen known: no DRM directory (not Linux, no graphics driver), an unreadable one, or
    /// no connector whose status can be read.
    Unknown,
}

/// `bao --kiosk-wait-for-screen`: exits 0 once a screen is connected, at once where one is or
/// where no screen connector is known (a machine without DRM must not hang). Never fails.
pub fn wait_for_screen() -> ExitCode {
    let watchdog = watchdog_interval(std::env::var("WATCHDOG_USEC").ok().as_deref());
    let mut told = false;
    let mut notify = |states: &[NotifyState]| {
        // Without systemd (no NOTIFY_SOCKET) this is no error and sends nothing.
        if let Err(error) = sd_notify::notify(states)
            && !told
        {
            eprintln!("bao: cannot notify systemd: {error}");
            told = true;
        }
    };
    wait(Path::new(DRM), POLL, watchdog, &mut notify);
    if watchdog.is_some() {
        notify(&starting());
        if let Err(error) = wait_for_systemd() {
            eprintln!("bao: cannot wait for systemd to read the start's watchdog: {error}");
        }
    }
    ExitCode::SUCCESS
}

/// What systemd hears when the compositor and the game are about to start: the looser watchdog
/// of a start, which also restarts its clock.
fn starting() -> [NotifyState<'static>; 2] {
    let usec = u32::try_from(START_WATCHDOG.as_micros()).unwrap_or(u32::MAX);
    [
        NotifyState::WatchdogUsec(usec),
        NotifyState::Status(STARTING),
    ]
}

/// Waits, at most [`BARRIER_WAIT`], until systemd has read every message sent before (its
/// `BARRIER=1`: it closes the pipe it was handed when it gets there). systemd finds the unit of
/// a message by its sender, so a message from a process that has already exited may be lost.
fn wait_for_systemd() -> io::Result<()> {
    let (mut reader, writer) = io::pipe()?;
    sd_notify::notify_with_fds(&[NotifyState::Custom("BARRIER=1")], &[writer.as_fd()])?;
    // Only systemd's copy of the writing end is left: the read ends when systemd closes it
    // (at once where nothing was sent: no NOTIFY_SOCKET).
    drop(writer);
    let (done, closed) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut byte = [0; 1];
        let _ = done.send(reader.read(&mut byte));
    });
    match closed.recv_timeout(BARRIER_WAIT) {
        Ok(read) => read.map(|_| ()),
        Err(_) => Err(io::Error::new(
            io::ErrorKind::TimedOut,
            format!("no answer in {} s", BARRIER_WAIT.as_secs()),
        )),
    }
}

/// The connectors under `drm`, the entries `card*-*` (`card0-DP-1`, `card1-Virtual-1`) with a
/// `status` file.
fn screens(drm: &Path) -> Screens {
    let Ok(entries) = std::fs::read_dir(drm) else {
        return Screens::Unknown;
    };
    let mut screens = Screens::Unknown;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let connector = name
            .to_str()
            .and_then(|name| name.strip_prefix("card"))
            .is_some_and(|rest| rest.contains('-'));
        if !connector {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        if status.trim() == "connected" {
            return Screens::Connected;
        }
        screens = Screens::NoneConnected;
    }
    screens
}

/// Waits while connectors under `drm` are known and none is connected, reading them every
/// `poll`. A service manager is told through `notify`, only if the wait begins: `READY=1` and
/// the status once (a service started without a screen must not time out), a ping every
/// `watchdog`, and a status again when the wait ends. Returns what ended it (or what made it
/// unneeded).
fn wait(
    drm: &Path,
    poll: Duration,
    watchdog: Option<Duration>,
    notify: &mut dyn FnMut(&[NotifyState]),
) -> Screens {
    match screens(drm) {
        Screens::Connected => return Screens::Connected,
        Screens::Unknown => {
            eprintln!(
                "bao: no screen connector is known ({}/card*-*/status cannot be read): \
                 not waiting for a screen",
                drm.display()
            );
            return Screens::Unknown;
        }
        Screens::NoneConnected => {}
    }
    eprintln!(
        "bao: no screen is connected ({}/card*-*/status): waiting for one",
        drm.display()
    );
    let mut states = vec![NotifyState::Ready, NotifyState::Status(WAITING)];
    states.extend(watchdog.map(|_| NotifyState::Watchdog));
    notify(&states);
    let mut pinged = Instant::now();
    let nap = watchdog.map_or(poll, |every| every.min(poll));
    let end = loop {
        std::thread::sleep(nap);
        if watchdog.is_some_and(|every| pinged.elapsed() >= every) {
            notify(&[NotifyState::Watchdog]);
            pinged = Instant::now();
        }
        match screens(drm) {
            Screens::NoneConnected => {}
            end => break end,
        }
    };
    let said = match end {
        Screens::Connected => "a screen is connected",
        _ => "the screen connectors cannot be read any more: not waiting longer",
    };
    eprintln!("bao: {said}");
    notify(&[NotifyState::Status(said)]);
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::PathBuf;

    /// A fresh folder standing for /sys/class/drm, with these connectors (name, status; no
    /// status: no file).
    fn drm(name: &str, connectors: &[(&str, Option<&str>)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bao-drm-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary folder");
        for (connector, status) in connectors {
            fs::create_dir_all(dir.join(connector)).expect("a connector");
            if let Some(status) = status {
                fs::write(dir.join(connector).join("status"), format!("{status}\n"))
                    .expect("its status");
            }
        }
        dir
    }

    #[test]
    fn a_connected_connector_is_a_screen() {
        let dir = drm(
            "connected",
            &[
                ("card0", None),
                ("card0-DP-1", Some("disconnected")),
                ("card1-Virtual-1", Some("connected")),
                ("renderD128", None),
                ("version", None),
            ],
        );
        assert_eq!(screens(&dir), Screens::Connected);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn disconnected_or_unknown_connectors_are_no_screen() {
        let dir = drm(
            "disconnected",
            &[
                ("card0-DP-1", Some("disconnected")),
                ("card0-HDMI-A-1", Some("unknown")),
            ],
        );
        assert_eq!(screens(&dir), Screens::NoneConnected);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn no_connector_or_no_directory_is_no_screen_known() {
        // A card without connectors, a connector without a status, files that are no card's.
        let dir = drm(
            "none",
            &[("card0", None), ("card0-DP-1", None), ("renderD128", None)],
        );
        assert_eq!(screens(&dir), Screens::Unknown);
        let _ = fs::remove_dir_all(&dir);
        let empty = drm("empty", &[]);
        assert_eq!(screens(&empty), Screens::Unknown);
        let _ = fs::remove_dir_all(&empty);
        assert_eq!(screens(&empty.join("no-such-dir")), Screens::Unknown);
    }

    /// Runs [`wait`] on `dir`, polling every 5 ms with a watchdog of 10 ms; after `pings` pings
    /// the connector `card0-DP-1` reads `connected`. Returns what ended the wait and every
    /// notification, each as the lines systemd receives.
    fn waited(dir: &Path, pings: usize) -> (Screens, Vec<Vec<String>>) {
        let mut told = Vec::new();
        let status = dir.join("card0-DP-1").join("status");
        let poll = Duration::from_millis(5);
        let watchdog = Some(Duration::from_millis(10));
        let end = wait(dir, poll, watchdog, &mut |states| {
            told.push(states.iter().map(ToString::to_string).collect::<Vec<_>>());
            let pinged = told
                .iter()
                .filter(|t| t.as_slice() == ["WATCHDOG=1"])
                .count();
            if pinged == pings {
                fs::write(&status, "connected\n").expect("the screen comes back");
            }
        });
        (end, told)
    }

    #[test]
    fn without_a_screen_it_waits_tells_systemd_and_pings_the_watchdog() {
        let dir = drm("wait", &[("card0-DP-1", Some("disconnected"))]);
        let (end, told) = waited(&dir, 3);
        assert_eq!(end, Screens::Connected);
        assert_eq!(
            told,
            [
                vec![
                    "READY=1",
                    "STATUS=waiting for a screen (no display connected)",
                    "WATCHDOG=1"
                ],
                vec!["WATCHDOG=1"],
                vec!["WATCHDOG=1"],
                vec!["WATCHDOG=1"],
                vec!["STATUS=a screen is connected"],
            ]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_start_asks_for_the_looser_watchdog_of_a_start() {
        let told: Vec<String> = starting().iter().map(ToString::to_string).collect();
        assert_eq!(
            told,
            ["WATCHDOG_USEC=300000000", "STATUS=starting the game"]
        );
    }

    #[test]
    fn without_systemd_there_is_nothing_to_wait_for() {
        // The test runs with no NOTIFY_SOCKET unless a service manager started it.
        if std::env::var_os("NOTIFY_SOCKET").is_none() {
            assert!(wait_for_systemd().is_ok());
        }
    }

    #[test]
    fn with_a_screen_or_none_known_it_returns_at_once_and_tells_nothing() {
        let dir = drm("at-once", &[("card0-DP-1", Some("connected"))]);
        assert_eq!(waited(&dir, 0), (Screens::Connected, vec![]));
        let _ = fs::remove_dir_all(&dir);
        let gone = dir.join("no-such-dir");
        assert_eq!(waited(&gone, 0), (Screens::Unknown, vec![]));
    }
}
