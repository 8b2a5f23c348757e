//! The `bao` binary: parses the command line (on the web, the page's URL) and runs the game, or
//! writes the kiosk's visitor report.

use std::process::ExitCode;

/// The web build: the options come from the page's URL.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    bao::run(bao::web::options_from_page())
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match bao::cli::Options::parse(&args) {
        Ok(bao::cli::Parsed::Run(options)) => bao::run(options),
        Ok(bao::cli::Parsed::Help) => {
            println!("{}", bao::cli::USAGE);
            ExitCode::SUCCESS
        }
        Ok(bao::cli::Parsed::Version) => {
            println!("bao {}", bao::cli::VERSION);
            ExitCode::SUCCESS
        }
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
        Err(error) if error.wants_usage() => {
            eprintln!("bao: {error}\n\n{}", bao::cli::USAGE);
            ExitCode::from(2)
        }
        Err(error) => {
            eprintln!("bao: {error}");
            ExitCode::from(2)
        }
    }
}
