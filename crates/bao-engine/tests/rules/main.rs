//! Independent tests of the rules engine against docs/rules.md: one module per variant with a test
//! per rule id (hand-built positions in the JSON text format, results worked out by hand from the
//! rules), the common conventions, position validation, notation, move traces, perft, property
//! tests, game links, and a differential test against a plain model of the rules written from
//! docs/rules.md.

mod common;
mod differential;
mod general;
mod kigogo;
mod kimasai;
mod kingulu;
mod kujifunza;
mod link;
mod model;
mod notation;
mod perft;
mod props;
mod trace;
mod validation;
