//! Headless tests of the game core: `MinimalPlugins`, no renderer, deterministic time. Moves are
//! played by sending the messages the board's picking observers send, and after every animated
//! move the seed entities, pit by pit, must equal the engine's position.

mod commands;
// The desktop builds Kingulu's endgame table into its data folder.
#[cfg(not(target_arch = "wasm32"))]
mod endgame;
// Not the game: no cycle between the modules of src/.
mod cycles;
// Not the game: no function of src/ over 60 lines.
mod functions;
mod harness;
mod keyboard;
mod kiosk;
#[cfg(not(target_arch = "wasm32"))]
mod lan;
mod layers;
mod lessons;
// Not the game: every relative link of the repository's Markdown files resolves.
mod links;
mod load;
mod online;
#[cfg(not(target_arch = "wasm32"))]
mod online_server;
mod play;
mod puzzles;
mod records;
mod review;
mod seat_moves;
mod shown;
mod writers;
