//! Tests of the `bao-cli` binary as a user runs it: the rules commands' output, exit status 2 with
//! a clear message for every kind of bad input, and never a panic.

mod common;
mod errors;
mod random_games;
mod rules_commands;
