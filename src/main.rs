//! The `bao` binary: parses the command line (on the web, the page's URL) and runs the game,
//! writes the kiosk's visitor report, or waits for the kiosk's screen.

// A release build on Windows is a GUI program: started from the Start menu or Explorer, it opens
// no console window beside the game. The price: started from cmd, what it prints (`--help`,
// `--version`, a command-line error, the kiosk's report, the log) is not shown there, since
// such a program has no console; redirect it to a file (`bao --help > help.txt`) to read it.
// Debug builds keep the console for the log. (`bao-cli`, a console program, is another crate.)
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::process::ExitCode;

/// The web build: the options come from the page's URL.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    bao::run(bao::web::options_from_page())
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    match bao::cli::Options::parse(std::env::args_os().skip(1)) {
        Ok(bao::cli::Parsed::Run(options)) => bao::run(options),
        Ok(bao::cli::Parsed::KioskWaitForScreen) => bao::kiosk::wait_for_screen(),
        Ok(bao::cli::Parsed::KioskReport { since, config }) => {
            let mut out = std::io::stdout().lock();
            match bao::kiosk::kiosk_report(&config, since, &mut out, &mut std::io::stderr()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("bao: {error}");
                    ExitCode::from(2)
                }
            }
        }
        // `--help` and `--version` (standard output, status 0), or what is wrong with the
        // command line (standard error, status 2).
        Err(error) => {
            // Nothing more to say if the terminal or pipe is gone.
            let _ = error.print();
            ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
        }
    }
}
