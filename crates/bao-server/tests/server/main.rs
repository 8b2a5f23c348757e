//! Tests of `bao-server` on loopback: the server started in process (or its binary, for
//! restarts and signals) on a temporary SQLite file or, when BAO_TEST_POSTGRES names one, a
//! PostgreSQL database shared by several servers; clients speaking the protocol with
//! tokio-tungstenite and plain HTTP/1.1.

mod common;
mod counters;
mod errors;
mod http;
mod internet;
mod lifecycle;
mod limits;
mod lobby;
mod persistence;
mod play;
mod postgres;
mod property;
