//! The `bao` binary: parses the command line and runs the game.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match bao::cli::Options::parse(&args) {
        Ok(bao::cli::Parsed::Run(options)) => bao::run(options),
        Ok(bao::cli::Parsed::Help) => {
            println!("{}", bao::cli::USAGE);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("bao: {error}\n\n{}", bao::cli::USAGE);
            ExitCode::from(2)
        }
    }
}
