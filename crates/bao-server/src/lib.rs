//! The Bao game server: two players and any number of watchers per game, over WebSocket, with
//! every game kept in a database (an SQLite file, or PostgreSQL shared by several servers, which
//! tell each other about every change by LISTEN/NOTIFY). It speaks the protocol of
//! `bao_protocol` (version 1); docs/server.md says how to run it and where the protocol left
//! points open.
//!
//! Each game is a task (an actor, `actor.rs`) reached by a channel; sockets (`ws.rs`) forward
//! messages to it. The game's rules are a state machine (`table.rs`) that owns the engine's
//! `Game`: the actor feeds it what happens and carries out what it decides. A move is stored before its `moved` is
//! sent, and a game is rebuilt from its stored moves when it is first asked for, so games
//! survive a restart or a crash.
//!
//! Tests start it in process:
//!
//! ```no_run
//! # async fn example() -> Result<(), bao_server::StartError> {
//! use bao_server::{Config, DatabaseUrl, Limits, Server, Timing};
//!
//! let server = Server::start(Config {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     database: DatabaseUrl::Sqlite("games.sqlite".into()),
//!     web: None,
//!     timing: Timing::default(),
//!     limits: Limits::default(),
//! })
//! .await?;
//! println!("listening on http://{}", server.address());
//! server.shutdown().await;
//! # Ok(())
//! # }
//! ```

mod access;
mod actor;
mod client;
mod config;
mod games;
mod http;
mod ids;
mod listen;
mod lobby;
mod mailbox;
mod metrics;
mod postgres;
mod presence;
mod rate;
mod server;
mod sqlite;
mod state;
mod store;
mod table;
mod writer;
mod ws;

pub use client::{BadNetwork, TrustedProxies};
pub use config::{Config, KEEP_FINISHED, Limits, Timing};
pub use server::{Server, StartError};
pub use store::DatabaseUrl;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// The modules each module of `src/` imports (its `use crate::…` lines at the top level;
    /// a test module's imports are its own).
    fn imports() -> BTreeMap<String, Vec<String>> {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut graph = BTreeMap::new();
        for entry in std::fs::read_dir(&src).expect("src/ reads") {
            let path = entry.expect("an entry").path();
            let (Some(name), Some("rs")) = (
                path.file_stem().and_then(|s| s.to_str()),
                path.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            let mut used = Vec::new();
            for line in text.lines() {
                let Some(rest) = line.strip_prefix("use crate::") else {
                    continue;
                };
                let names = match rest.strip_prefix('{') {
                    Some(list) => list.split(',').map(str::trim).collect(),
                    None => vec![rest],
                };
                for name in names {
                    let module = name.split([':', ';', '}', ' ']).next().unwrap_or_default();
                    if !module.is_empty() && !used.iter().any(|u| u == module) {
                        used.push(module.to_owned());
                    }
                }
            }
            graph.insert(name.to_owned(), used);
        }
        graph
    }

    /// A path of imports from `from` back to `to`, if there is one.
    fn path_back(
        graph: &BTreeMap<String, Vec<String>>,
        from: &str,
        to: &str,
        seen: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        for next in graph.get(from).into_iter().flatten() {
            if next == to {
                return Some(vec![from.to_owned(), next.clone()]);
            }
            if !seen.contains(next) {
                seen.push(next.clone());
                if let Some(mut path) = path_back(graph, next, to, seen) {
                    path.insert(0, from.to_owned());
                    return Some(path);
                }
            }
        }
        None
    }

    /// Dependencies point one way: no module imports, through others, a module that imports
    /// it (the rules under the actor, the backends under the registry, the handlers above).
    #[test]
    fn no_module_imports_one_that_imports_it_back() {
        let graph = imports();
        assert!(graph["table"].contains(&"store".to_owned()), "{graph:?}");
        for module in graph.keys() {
            if let Some(cycle) = path_back(&graph, module, module, &mut Vec::new()) {
                panic!("an import cycle: {}", cycle.join(" -> "));
            }
        }
    }
}
