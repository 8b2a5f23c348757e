//! No cycle between the modules of `src/`: no file uses, directly or through others, the items
//! of a file that uses its own. The layers (`layers.rs`) keep the top-level modules in order;
//! this keeps the files inside a layer and inside a folder in order too, so that each can be
//! read, tested and changed knowing only the files it uses.
//!
//! A module is a file (`src/kiosk/idle.rs` is `kiosk::idle`, `src/kiosk/mod.rs` is `kiosk`).
//! Its uses are the paths into the crate that the layering check reads (`crate::`, `super::`,
//! `self::`, in `use` items and in code), each followed to the file that defines the item: a
//! path to an item that a folder's `mod.rs` re-exports (`super::Attract`) uses the file the item
//! comes from (`kiosk::attract`). A folder's `mod.rs` declaring its files, re-exporting their
//! items and adding their plugins by their bare names (`pub use attract::Attract;`,
//! `attract::plugin`) is the module tree, not a use; what the files use of the `mod.rs` itself
//! (`super::KioskSet`) is.

use crate::layers::{
    Found, Unit, absolute, files, paths_and_uses, reached_paths, src_files, unit_of_file,
};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A module of the library: its path from the crate root (`["kiosk", "idle"]`; empty for
/// `lib.rs`).
type Module = Vec<String>;

/// Each module's names brought in by its `use` items, each with the absolute path it stands
/// for: `pub use attract::Attract;` in `kiosk` gives `Attract` → `kiosk::attract::Attract`.
type Imports = BTreeMap<Module, BTreeMap<String, Module>>;

/// Each module's uses of other modules: the module used, and the first path that uses it.
type Graph = BTreeMap<Module, BTreeMap<Module, String>>;

/// How many imports deep a path is followed to the file that defines its item (re-exports of
/// re-exports); deeper, it stays in the module it reached.
const MAX_IMPORTS: usize = 8;

/// A module as the report names it: `kiosk::idle`, or `crate` for `lib.rs`.
fn name_of(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The library's files as modules, each with its path and source (the binary uses the library
/// as another crate does, and nothing uses the binary).
fn library_modules(files: &[(String, String)]) -> BTreeMap<Module, (&str, &str)> {
    files
        .iter()
        .filter_map(|(rel, source)| match unit_of_file(rel)? {
            Unit::Library(module) => Some((module, (rel.as_str(), source.as_str()))),
            Unit::Binary => None,
        })
        .collect()
}

/// Where a `use` path written at the top of `module` leads: `crate::`, `super::` and `self::`
/// from the module, a bare path whose first segment is one of its files (`attract::Attract` in
/// `kiosk`) below it; `None` for another crate's path.
fn import_target(module: &[String], path: &str, modules: &BTreeSet<&Module>) -> Option<Module> {
    let scope: Vec<&str> = module.iter().map(String::as_str).collect();
    if let Some(reached) = absolute(&scope, path) {
        return Some(reached);
    }
    let mut below = module.to_vec();
    below.extend(path.split("::").map(String::from));
    modules
        .contains(&below[..=module.len()].to_vec())
        .then_some(below)
}

/// The names each module's top-level `use` items bring in (public or not: a module's children
/// see its private imports), each with the path it stands for.
fn imports(modules: &BTreeMap<Module, (&str, &str)>) -> Imports {
    let known: BTreeSet<&Module> = modules.keys().collect();
    modules
        .iter()
        .map(|(module, (_, source))| {
            let names = paths_and_uses(source)
                .into_iter()
                .filter(|found| found.inline_modules.is_empty())
                .filter_map(|Found { path, binds, .. }| {
                    Some((binds?, import_target(module, &path, &known)?))
                })
                .collect();
            (module.clone(), names)
        })
        .collect()
}

/// The module whose file defines what an absolute path reaches: the longest start of the path
/// that is a module with a file, followed through that file's imports to where the item comes
/// from.
fn defining_module(reached: &[String], imports: &Imports, depth: usize) -> Module {
    let Some(len) = (0..=reached.len())
        .rev()
        .find(|&len| imports.contains_key(&reached[..len]))
    else {
        return Vec::new(); // only without a `lib.rs`: the crate root
    };
    let module = &reached[..len];
    let imported = reached
        .get(len)
        .and_then(|name| imports.get(module)?.get(name));
    match imported {
        Some(target) if depth < MAX_IMPORTS => {
            let mut further = target.clone();
            further.extend_from_slice(&reached[len + 1..]);
            defining_module(&further, imports, depth + 1)
        }
        _ => module.to_vec(),
    }
}

/// The uses between the modules of a set of files (path relative to the repository, source).
fn graph(files: &[(String, String)]) -> Graph {
    let modules = library_modules(files);
    let imports = imports(&modules);
    let mut graph = Graph::new();
    for (module, (rel, source)) in &modules {
        let uses = graph.entry(module.clone()).or_default();
        for (path, reached) in reached_paths(module, source) {
            let used = defining_module(&reached, &imports, 0);
            if used != *module {
                uses.entry(used)
                    .or_insert_with(|| format!("{rel} uses {path}"));
            }
        }
    }
    graph
}

/// The shortest way from `from` back to itself, `from` first and last; `None` without one.
fn shortest_cycle(graph: &Graph, from: &Module) -> Option<Vec<Module>> {
    let mut came_from: BTreeMap<&Module, &Module> = BTreeMap::new();
    let mut queue: VecDeque<&Module> = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for next in graph.get(at).into_iter().flat_map(BTreeMap::keys) {
            if next == from {
                let mut cycle = vec![from.clone(), at.clone()];
                let mut step = at;
                while step != from {
                    step = came_from[step];
                    cycle.push(step.clone());
                }
                cycle.reverse();
                return Some(cycle);
            }
            if !came_from.contains_key(next) {
                came_from.insert(next, at);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Every cycle of the modules of a set of files, one line each: the modules around it, first
/// the least by name, and the path that makes each step.
fn cycles(files: &[(String, String)]) -> Vec<String> {
    let graph = graph(files);
    let mut seen: BTreeSet<BTreeSet<Module>> = BTreeSet::new();
    let mut lines = Vec::new();
    for module in graph.keys() {
        let Some(cycle) = shortest_cycle(&graph, module) else {
            continue;
        };
        // Each cycle once, named from its least module.
        let members: BTreeSet<Module> = cycle.iter().cloned().collect();
        if members.first() != Some(module) || !seen.insert(members) {
            continue;
        }
        let names: Vec<String> = cycle.iter().map(Vec::as_slice).map(name_of).collect();
        let steps: Vec<&str> = cycle
            .windows(2)
            .map(|step| graph[&step[0]][&step[1]].as_str())
            .collect();
        lines.push(format!("{} ({})", names.join(" -> "), steps.join("; ")));
    }
    lines
}

#[test]
fn modules_of_src_use_each_other_without_a_cycle() {
    let found = cycles(&src_files());
    assert!(
        found.is_empty(),
        "{} cycles between the modules of src/ (a module may not use, directly or through \
         others, a module that uses it: move what both need to a module below them, or send the \
         news up as a message):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The kiosk's folder as it was: the attract loop read the idle timers' touch, and the idle
/// timers the attract loop's state and its start.
const KIOSK_WITH_A_CYCLE: &[(&str, &str)] = &[
    (
        "src/kiosk/mod.rs",
        "mod attract;\nmod idle;\npub use attract::{Attract, StartAttract};\n\
         pub use idle::Idle;\nenum KioskSet { Timers }\n\
         fn plugin(app: &mut App) { app.add_plugins((idle::plugin, attract::plugin)); }\n",
    ),
    (
        "src/kiosk/attract.rs",
        "use super::idle::Idle;\nuse super::KioskSet;\n",
    ),
    (
        "src/kiosk/idle.rs",
        "use super::attract::{Attract, StartAttract};\nuse super::KioskSet;\n",
    ),
];

#[test]
fn a_cycle_of_two_files_is_named_with_its_uses() {
    assert_eq!(
        cycles(&files(KIOSK_WITH_A_CYCLE)),
        [
            "kiosk::attract -> kiosk::idle -> kiosk::attract (src/kiosk/attract.rs uses \
             super::idle::Idle; src/kiosk/idle.rs uses super::attract::Attract)"
        ]
    );
}

#[test]
fn a_cycle_through_re_exports_and_a_longer_chain_is_found() {
    let found = cycles(&files(&[
        (
            "src/records/mod.rs",
            "mod movelist;\nmod notice;\nmod prefs;\n\
             pub use movelist::PasteError;\npub use notice::Notice;\nuse prefs::ChosenSeats;\n",
        ),
        ("src/records/movelist.rs", "use super::Notice;\n"),
        (
            "src/records/notice.rs",
            "fn f() { let _ = crate::records::ChosenSeats; }\n",
        ),
        ("src/records/prefs.rs", "use super::{PasteError as P};\n"),
    ]));
    assert_eq!(
        found,
        [
            "records::movelist -> records::notice -> records::prefs -> records::movelist \
          (src/records/movelist.rs uses super::Notice; src/records/notice.rs uses \
          crate::records::ChosenSeats; src/records/prefs.rs uses super::PasteError)"
        ]
    );
}

#[test]
fn the_module_tree_and_uses_of_a_folders_own_items_are_no_cycle() {
    // `mod.rs` wires its files by their bare names; they use its own items, and each other's
    // one way only; a file's tests use the file.
    let found = cycles(&files(&[
        (
            "src/kiosk/mod.rs",
            "mod attract;\nmod idle;\nmod touch;\npub use attract::{Attract, StartAttract};\n\
             pub use idle::Idle;\npub use touch::Touched;\nenum KioskSet { Timers }\n\
             fn plugin(app: &mut App) { app.add_plugins((idle::plugin, attract::plugin)); }\n",
        ),
        (
            "src/kiosk/attract.rs",
            "use super::{KioskSet, Touched};\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::Attract;\n}\n",
        ),
        (
            "src/kiosk/idle.rs",
            "use super::attract::{Attract, StartAttract};\nuse super::{KioskSet, Touched};\n\
             fn f() { use crate::kiosk::Idle; }\n",
        ),
        ("src/kiosk/touch.rs", "pub struct Touched;\n"),
        ("src/lib.rs", "pub mod kiosk;\nuse crate::kiosk::Idle;\n"),
        ("src/main.rs", "use bao::kiosk::Idle;\nfn main() {}\n"),
    ]));
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn a_use_follows_re_exports_to_the_file_that_defines_the_item() {
    let sources = files(&[
        (
            "src/kiosk/mod.rs",
            "mod attract;\npub use attract::{Attract as Loop, StartAttract};\nuse crate::core::X;\n\
             enum KioskSet {}\n",
        ),
        ("src/kiosk/attract.rs", "pub struct Attract;\n"),
        ("src/core/mod.rs", "mod session;\npub use session::X;\n"),
        ("src/core/session.rs", "pub struct X;\n"),
        ("src/lib.rs", "mod core;\nmod kiosk;\n"),
    ]);
    let modules = library_modules(&sources);
    let imports = imports(&modules);
    let defined = |path: &str| {
        let reached: Vec<String> = path.split("::").map(String::from).collect();
        name_of(&defining_module(&reached, &imports, 0))
    };
    assert_eq!(defined("kiosk::Loop"), "kiosk::attract");
    assert_eq!(defined("kiosk::attract::Attract::new"), "kiosk::attract");
    assert_eq!(defined("kiosk::StartAttract"), "kiosk::attract");
    assert_eq!(defined("kiosk::X"), "core::session");
    assert_eq!(defined("kiosk::KioskSet"), "kiosk");
    assert_eq!(defined("CoreSet"), "crate");
}
