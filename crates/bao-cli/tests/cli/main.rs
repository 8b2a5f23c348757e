//! Tests of the `bao-cli` binary as a user runs it: the rules commands' output, puzzle files,
//! exit status 2 with a clear message for every kind of bad input, and never a panic.

mod common;
mod errors;
mod link;
mod puzzles;
mod random_games;
mod review;
mod rules_commands;
mod solve;
mod solve_kingulu;
mod tables;
