//! The layers of the game's modules, and a check that every file of `src/` uses only modules of
//! its own layer and the layers below it.
//!
//! Lower layers must not know about higher ones: the core then runs headless without the views,
//! the input or the UI, each layer can be tested with only the layers beneath it, and a feature
//! on top (the kiosk, the screens) is added by composing what is below rather than by reaching
//! into it from underneath. The check reads the sources as text (no build, no extra crates):
//! comments and literals are blanked, then every path into the crate (`use` trees and paths in
//! code) is resolved to the top-level module it reaches and that module's layer is compared with
//! the file's own.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// What `resolve` gives for an item of `src/lib.rs` (the crate root) such as `crate::CoreSet`:
/// not an identifier, so no module can be named so.
const LIB_RS: &str = "lib.rs";

/// The binary, `src/main.rs` (or a file of `src/bin/`), which uses the library as `bao::…`.
const MAIN_RS: &str = "main.rs";

/// A layer: its number (lower is lower), its name, and the top-level modules of `src/` in it.
type Layer = (u8, &'static str, &'static [&'static str]);

/// The layers, lowest first. A file may use its own layer and the ones below; modules of one
/// layer may use each other. A new top-level module of `src/` must be added here.
const LAYERS: &[Layer] = &[
    // The rules engine and the computer player: the crates `bao_engine` and `bao_ai`, outside
    // `src/`. Their paths are other crates' and are always allowed.
    (1, "engine", &[]),
    (2, "base", &["i18n", "storage", "content"]),
    (3, "core", &["core"]),
    (4, "board", &["board"]),
    (5, "camera", &["camera"]),
    (6, "seeds", &["seeds"]),
    (7, "anim", &["anim"]),
    (8, "input", &["input"]),
    (
        9,
        "consumers",
        &[
            "audio", "computer", "records", "guide", "puzzles", "lessons", "online",
        ],
    ),
    (10, "ui", &["ui"]),
    (11, "kiosk", &["kiosk"]),
    (12, "shell", &[LIB_RS, MAIN_RS, "cli", "web", "screenshot"]),
];

/// The first segments of a path into this crate; `self` stays in the file's own module.
const PATH_ROOTS: &[&str] = &["crate", "super", "self"];

/// Where a file of `src/` belongs: a module of the library, or the binary.
#[derive(Debug, PartialEq)]
pub(crate) enum Unit {
    /// The module's path from the crate root: `["core", "session"]`; empty for `lib.rs`.
    Library(Vec<String>),
    /// `src/main.rs` or `src/bin/…`: the top layer, so it may use anything.
    Binary,
}

/// A path found in a file, with the inline modules (`mod tests { … }`) it sits in, since `super`
/// inside those is relative to them and not to the file's module.
pub(crate) struct Found {
    pub(crate) inline_modules: Vec<String>,
    pub(crate) path: String,
    /// The name that a `use` at its module's level (not in a function's body) brings in for the
    /// path; `None` for a path in code, a glob and `as _`.
    pub(crate) binds: Option<String>,
}

/// The number and name of the layer of a top-level module (or of `LIB_RS`/`MAIN_RS`).
fn layer_of(module: &str) -> Option<(u8, &'static str)> {
    LAYERS
        .iter()
        .find(|(_, _, modules)| modules.contains(&module))
        .map(|&(number, name, _)| (number, name))
}

/// The top-level module a crate-absolute path starts in: a module of the layer table, or else
/// an item of `lib.rs` (`crate::CoreSet`, `crate::core_plugin`, a glob of the root).
fn top_level_name(first_segment: Option<&str>) -> &'static str {
    LAYERS
        .iter()
        .flat_map(|(_, _, modules)| modules.iter())
        .find(|&&module| Some(module) == first_segment)
        .copied()
        .unwrap_or(LIB_RS)
}

/// Whether `c` can be part of an identifier or a number.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether a token is an identifier (or keyword), as opposed to punctuation or a number.
pub(crate) fn is_ident(token: &str) -> bool {
    token.starts_with(|c: char| c.is_alphabetic() || c == '_') && token.chars().all(is_word_char)
}

/// The length of a `//` comment (doc comments included), up to its line's end.
fn line_comment_len(rest: &[char]) -> usize {
    rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
}

/// The length of a `/* */` comment; Rust's block comments nest.
fn block_comment_len(rest: &[char]) -> usize {
    let mut depth = 0;
    let mut i = 0;
    while i < rest.len() {
        match rest[i..] {
            ['/', '*', ..] => {
                depth += 1;
                i += 2;
            }
            ['*', '/', ..] => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    rest.len()
}

/// The length of a `"…"` literal, whose `\"` and `\\` escapes do not end it.
fn string_len(rest: &[char]) -> usize {
    let mut i = 1;
    while i < rest.len() {
        match rest[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

/// The length of a raw string's `#…#"…"#…#` after its `r`, or `None` if no raw string starts.
fn raw_string_len(rest: &[char]) -> Option<usize> {
    let hashes = rest.iter().take_while(|&&c| c == '#').count();
    if rest.get(hashes) != Some(&'"') {
        return None; // a raw identifier such as `r#type`, or just a name
    }
    let body = hashes + 1;
    let end = (body..rest.len()).find(|&i| {
        rest[i] == '"' && rest[i + 1..].iter().take_while(|&&c| c == '#').count() >= hashes
    });
    Some(end.map_or(rest.len(), |i| i + 1 + hashes))
}

/// The length of a char literal (`'"'`, `'\''`, `'\u{1F600}'`), or 0 for a lifetime or label.
fn char_literal_len(rest: &[char]) -> usize {
    match rest {
        ['\'', '\\', ..] => (3..rest.len())
            .find(|&i| rest[i] == '\'')
            .map_or(rest.len(), |i| i + 1),
        ['\'', _, '\'', ..] => 3,
        _ => 0,
    }
}

/// The source with comments, string literals and char literals each replaced by a space, so
/// that what is left is code: a path in a doc comment or a message is not a use. The line breaks
/// inside them are kept, so that every line of code stays on its line.
pub(crate) fn strip_comments_and_literals(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut code = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let literal = match rest {
            ['/', '/', ..] => line_comment_len(rest),
            ['/', '*', ..] => block_comment_len(rest),
            ['"', ..] => string_len(rest),
            ['\'', ..] => char_literal_len(rest),
            _ => 0,
        };
        if literal > 0 {
            push_blank(&mut code, &rest[..literal]);
            i += literal;
            continue;
        }
        if !is_word_char(chars[i]) {
            code.push(chars[i]);
            i += 1;
            continue;
        }
        // A whole word at once, so that a raw string's `r`, `br` or `cr` is known to start one.
        let word_len = rest.iter().take_while(|&&c| is_word_char(c)).count();
        let word: String = rest[..word_len].iter().collect();
        let raw = matches!(word.as_str(), "r" | "br" | "cr")
            .then(|| raw_string_len(&rest[word_len..]))
            .flatten();
        if let Some(raw_len) = raw {
            push_blank(&mut code, &rest[..word_len + raw_len]);
            i += word_len + raw_len;
        } else {
            code.push_str(&word);
            i += word_len;
        }
    }
    code
}

/// A comment or literal blanked: one space, and the line breaks it spans.
fn push_blank(code: &mut String, literal: &[char]) {
    code.push(' ');
    code.extend(literal.iter().filter(|&&c| c == '\n'));
}

/// The tokens of blanked code: words, `::`, and single punctuation characters.
pub(crate) fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let len = match rest {
            [c, ..] if c.is_whitespace() => {
                i += 1;
                continue;
            }
            [':', ':', ..] => 2,
            [c, ..] if is_word_char(*c) => rest.iter().take_while(|&&c| is_word_char(c)).count(),
            _ => 1,
        };
        tokens.push(rest[..len].iter().collect());
        i += len;
    }
    tokens
}

/// The token at `pos`, or "" past the end.
fn token_at(tokens: &[String], pos: usize) -> &str {
    tokens.get(pos).map_or("", String::as_str)
}

/// A path a use tree names, and the name it brings into scope: its last segment, or what
/// follows `as`; `None` for a glob or `as _`.
type UseLeaf = (String, Option<String>);

/// Reads one use tree (`a::b`, `a::{…}`, `a::*`, `a as b`) at `pos`, prefixed by `path`, and
/// adds the full paths it names to `out`; returns the position after it.
fn use_tree(
    tokens: &[String],
    mut pos: usize,
    mut path: Vec<String>,
    out: &mut Vec<UseLeaf>,
) -> usize {
    loop {
        match token_at(tokens, pos) {
            "::" => pos += 1,
            "*" => {
                path.push("*".to_string());
                out.push((path.join("::"), None));
                return pos + 1;
            }
            "{" => return use_group(tokens, pos + 1, &path, out),
            word if is_ident(word) => {
                // `{self}` in a group names the group's prefix itself.
                if word != "self" || path.is_empty() {
                    path.push(word.to_string());
                }
                pos += 1;
                if token_at(tokens, pos) == "::" {
                    continue;
                }
                let mut name = path.last().cloned();
                if token_at(tokens, pos) == "as" {
                    name = Some(token_at(tokens, pos + 1).to_string()).filter(|alias| alias != "_");
                    pos += 2;
                }
                out.push((path.join("::"), name));
                return pos;
            }
            _ => return pos,
        }
    }
}

/// Reads the trees of a `{ … }` group after its `{`; returns the position after its `}`.
fn use_group(
    tokens: &[String],
    mut pos: usize,
    prefix: &[String],
    out: &mut Vec<UseLeaf>,
) -> usize {
    loop {
        match token_at(tokens, pos) {
            "" => return pos,
            "}" => return pos + 1,
            "," => pos += 1,
            _ => {
                let next = use_tree(tokens, pos, prefix.to_vec(), out);
                if next == pos {
                    return pos; // not a use tree: stop rather than loop
                }
                pos = next;
            }
        }
    }
}

/// Whether an inline path starts at `pos`: `crate::`, `super::` or `self::`, not in the middle
/// of a longer path, and not a visibility such as `pub(in crate::board)`.
fn inline_path_starts(tokens: &[String], pos: usize) -> bool {
    let before = |back: usize| pos.checked_sub(back).map_or("", |at| token_at(tokens, at));
    PATH_ROOTS.contains(&token_at(tokens, pos))
        && token_at(tokens, pos + 1) == "::"
        && before(1) != "::"
        && !(before(1) == "in" && before(2) == "(")
}

/// Reads the path starting at `pos` (`crate::seeds::Resync`), up to its first non-name such as
/// `{`, `(` or `::<`; returns it and the position after it.
fn inline_path(tokens: &[String], mut pos: usize) -> (String, usize) {
    let mut segments = vec![token_at(tokens, pos)];
    pos += 1;
    while token_at(tokens, pos) == "::" && is_ident(token_at(tokens, pos + 1)) {
        segments.push(token_at(tokens, pos + 1));
        pos += 2;
    }
    (segments.join("::"), pos)
}

/// Every path a source's `use` items name (into the crate or another crate) and every path into
/// the crate in its code, with the inline modules it is in and the name each `use` brings in.
pub(crate) fn paths_and_uses(source: &str) -> Vec<Found> {
    let tokens = tokens(&strip_comments_and_literals(source));
    let mut found = Vec::new();
    // The inline modules open here, each with the brace depth inside it.
    let mut modules: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut pos = 0;
    while pos < tokens.len() {
        let mut paths = Vec::new();
        match token_at(&tokens, pos) {
            "use" => {
                // A `use` in a function's body names nothing for other modules to reach.
                let at_module_level = depth == modules.last().map_or(0, |&(_, inside)| inside);
                pos = use_tree(&tokens, pos + 1, Vec::new(), &mut paths);
                for (_, binds) in &mut paths {
                    *binds = binds.take().filter(|_| at_module_level);
                }
            }
            "{" => {
                depth += 1;
                pos += 1;
            }
            "}" => {
                if modules.last().is_some_and(|&(_, inside)| inside == depth) {
                    modules.pop();
                }
                depth = depth.saturating_sub(1);
                pos += 1;
            }
            "mod" if is_ident(token_at(&tokens, pos + 1)) && token_at(&tokens, pos + 2) == "{" => {
                modules.push((token_at(&tokens, pos + 1).to_string(), depth + 1));
                pos += 2;
            }
            _ if inline_path_starts(&tokens, pos) => {
                let (path, next) = inline_path(&tokens, pos);
                paths.push((path, None));
                pos = next;
            }
            _ => pos += 1,
        }
        let inline_modules: Vec<String> = modules.iter().map(|(name, _)| name.clone()).collect();
        found.extend(paths.into_iter().map(|(path, binds)| Found {
            inline_modules: inline_modules.clone(),
            path,
            binds,
        }));
    }
    found
}

/// Whether a path starts into this crate: at `crate`, `super` or `self`.
fn is_crate_path(path: &str) -> bool {
    PATH_ROOTS.contains(&path.split("::").next().unwrap_or_default())
}

/// Every path into the crate in a source, with the inline modules it is in.
fn found_paths(source: &str) -> Vec<Found> {
    paths_and_uses(source)
        .into_iter()
        .filter(|found| is_crate_path(&found.path))
        .collect()
}

/// The paths into the crate that a source names outside comments and literals, with `use`
/// groups spelled out: `use crate::{a::B, c::{self, d}};` gives `crate::a::B`, `crate::c`,
/// `crate::c::d`.
fn crate_paths(source: &str) -> Vec<String> {
    found_paths(source)
        .into_iter()
        .map(|found| found.path)
        .collect()
}

/// A path made absolute from the crate root, `crate`, `self` and `super` resolved from
/// `module`; `None` for another crate's path or a `super` above the root.
pub(crate) fn absolute(module: &[&str], path: &str) -> Option<Vec<String>> {
    let mut segments = path.split("::").peekable();
    let mut reached: Vec<String> = match segments.peek() {
        Some(&"crate") => {
            segments.next();
            Vec::new()
        }
        Some(&"self" | &"super") => module.iter().copied().map(String::from).collect(),
        _ => return None,
    };
    while let Some(&keyword @ ("self" | "super")) = segments.peek() {
        if keyword == "super" {
            reached.pop()?;
        }
        segments.next();
    }
    reached.extend(segments.map(String::from));
    Some(reached)
}

/// The top-level module that `path`, written in `module`, reaches: a module of the layer table,
/// or `LIB_RS` for an item of the crate root. `None` when the path is not into this crate.
fn resolve(module: &[&str], path: &str) -> Option<String> {
    let reached = absolute(module, path)?;
    Some(top_level_name(reached.first().map(String::as_str)).to_string())
}

/// Every path into the crate in the source of `module`'s file, each with where it leads from the
/// crate root (a `super` inside an inline module counted from that module); not a `super` above
/// the root.
pub(crate) fn reached_paths(module: &[String], source: &str) -> Vec<(String, Vec<String>)> {
    found_paths(source)
        .into_iter()
        .filter_map(|found| {
            let scope: Vec<&str> = module
                .iter()
                .chain(&found.inline_modules)
                .map(String::as_str)
                .collect();
            let reached = absolute(&scope, &found.path)?;
            Some((found.path, reached))
        })
        .collect()
}

/// The unit a file of `src/` is, from its path relative to the repository: `src/core/session.rs`
/// is `core::session`, `src/board/mod.rs` is `board`, `src/lib.rs` the root.
pub(crate) fn unit_of_file(rel: &str) -> Option<Unit> {
    let inner = rel.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut segments: Vec<String> = inner.split('/').map(String::from).collect();
    if segments.last().is_some_and(|last| last == "mod") {
        segments.pop();
    }
    match segments.as_slice() {
        [only] if only == "lib" => Some(Unit::Library(Vec::new())),
        [only] if only == "main" => Some(Unit::Binary),
        [first, _, ..] if first == "bin" => Some(Unit::Binary),
        _ => Some(Unit::Library(segments)),
    }
}

/// The top-level module of a module of the library, whose layer it is in; `LIB_RS` for the root.
fn top_of(module: &[String]) -> &str {
    module.first().map_or(LIB_RS, String::as_str)
}

/// The top-level modules with files but without a layer, each with the file to name: the one
/// that is the module itself (`src/new.rs` or `src/new/mod.rs`) where there is one.
fn unlayered_modules(files: &[(String, String)]) -> BTreeMap<String, String> {
    let mut unlayered: BTreeMap<String, String> = BTreeMap::new();
    for (rel, _) in files {
        let Some(Unit::Library(module)) = unit_of_file(rel) else {
            continue;
        };
        let Some(top) = module.first().filter(|top| layer_of(top).is_none()) else {
            continue;
        };
        if module.len() == 1 || !unlayered.contains_key(top) {
            unlayered.insert(top.clone(), rel.clone());
        }
    }
    unlayered
}

/// The uses of a higher layer in one file, one line each, each named once.
fn file_offences(rel: &str, source: &str, unlayered: &BTreeSet<&String>) -> Vec<String> {
    let Some(Unit::Library(module)) = unit_of_file(rel) else {
        return Vec::new(); // the binary is the top layer, and other files are not Rust
    };
    let Some((own_number, own_name)) = layer_of(top_of(&module)) else {
        return Vec::new(); // reported as a module without a layer
    };
    let mut lines = Vec::new();
    for (path, reached) in reached_paths(&module, source) {
        if reached
            .first()
            .is_some_and(|first| unlayered.contains(first))
        {
            continue; // its layer is unknown until it is added to LAYERS, as reported
        }
        let target = top_level_name(reached.first().map(String::as_str));
        let Some((number, name)) = layer_of(target) else {
            continue;
        };
        let line = format!(
            "{rel}: uses {} (layer {number} {name}) from layer {own_number} {own_name}",
            path
        );
        if number > own_number && !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// Every offence in a set of files (path relative to the repository, source): modules without
/// a layer, then each file's uses of a higher layer.
fn offences(files: &[(String, String)]) -> Vec<String> {
    let unlayered = unlayered_modules(files);
    let mut lines: Vec<String> = unlayered
        .iter()
        .map(|(module, rel)| {
            format!(
                "{rel}: module `{module}` has no layer in tests/game/layers.rs — add it to LAYERS"
            )
        })
        .collect();
    let unlayered_names: BTreeSet<&String> = unlayered.keys().collect();
    for (rel, source) in files {
        lines.extend(file_offences(rel, source, &unlayered_names));
    }
    lines
}

/// Adds the `.rs` files under `dir` (whose path from the repository is `rel`) to `out`.
fn collect_rust_files(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()));
        let path = entry.path();
        let rel = format!("{rel}/{}", entry.file_name().to_string_lossy());
        if path.is_dir() {
            collect_rust_files(&path, &rel, out);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let source = fs::read_to_string(&path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
            out.push((rel, source));
        }
    }
}

/// The game's sources, `src/…` and its text, in path order so the report is stable.
pub(crate) fn src_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect_rust_files(&src, "src", &mut files);
    files.sort();
    files
}

/// Synthetic files for the tests: (path, source) pairs.
pub(crate) fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(rel, source)| (rel.to_string(), source.to_string()))
        .collect()
}

#[test]
fn layers_of_src_point_only_downward() {
    let found = offences(&src_files());
    assert!(
        found.is_empty(),
        "{} offences against the layers (LAYERS in tests/game/layers.rs; a file may use only its \
         own layer and the ones below):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn an_upward_import_is_reported_with_file_and_name() {
    let found = offences(&files(&[(
        "src/board/view.rs",
        "use crate::input::{Hovered, Selection};\n",
    )]));
    assert_eq!(
        found,
        [
            "src/board/view.rs: uses crate::input::Hovered (layer 8 input) from layer 4 board",
            "src/board/view.rs: uses crate::input::Selection (layer 8 input) from layer 4 board",
        ]
    );
}

#[test]
fn a_grouped_nested_use_is_spelled_out() {
    let source = "pub(crate) use crate::{a::B, c::{self, d, e as f}, g::*};\n\
                  pub use super::style::{self as s, button};\n\
                  use self::inner::X;\n\
                  use bevy::prelude::*;\n\
                  use std::{fs, path::Path};\n";
    assert_eq!(
        crate_paths(source),
        [
            "crate::a::B",
            "crate::c",
            "crate::c::d",
            "crate::c::e",
            "crate::g::*",
            "super::style",
            "super::style::button",
            "self::inner::X",
        ]
    );
}

#[test]
fn a_grouped_upward_use_is_reported() {
    let found = offences(&files(&[(
        "src/seeds/view.rs",
        "use crate::{board::BoardSurface, anim::{steps::{self, Step}, Animation}};",
    )]));
    assert_eq!(
        found,
        [
            "src/seeds/view.rs: uses crate::anim::steps (layer 7 anim) from layer 6 seeds",
            "src/seeds/view.rs: uses crate::anim::steps::Step (layer 7 anim) from layer 6 seeds",
            "src/seeds/view.rs: uses crate::anim::Animation (layer 7 anim) from layer 6 seeds",
        ]
    );
}

#[test]
fn super_resolves_from_the_files_module() {
    assert_eq!(
        resolve(&["board", "view"], "super::super::seeds::Pile").as_deref(),
        Some("seeds")
    );
    assert_eq!(
        resolve(&["board", "view"], "super::mesh::pit").as_deref(),
        Some("board")
    );
    assert_eq!(
        resolve(&["ui"], "super::kiosk::Attract").as_deref(),
        Some("kiosk")
    );
    assert_eq!(resolve(&["ui"], "super::CoreSet").as_deref(), Some(LIB_RS));
    assert_eq!(
        resolve(&["ui", "hud"], "self::inner::X").as_deref(),
        Some("ui")
    );
    assert_eq!(
        resolve(&["seeds"], "crate::CoreSet::Sync").as_deref(),
        Some(LIB_RS)
    );
    assert_eq!(resolve(&[], "super::x"), None);
    assert_eq!(resolve(&["ui"], "bevy::prelude::App"), None);
    let found = offences(&files(&[
        (
            "src/board/view.rs",
            "use super::super::seeds::Pile;\nuse super::mesh::pit;\n",
        ),
        ("src/ui/mod.rs", "use super::kiosk::Attract;\n"),
        ("src/ui/hud.rs", "use super::style::{self, button};\n"),
    ]));
    assert_eq!(
        found,
        [
            "src/board/view.rs: uses super::super::seeds::Pile (layer 6 seeds) from layer 4 board",
            "src/ui/mod.rs: uses super::kiosk::Attract (layer 11 kiosk) from layer 10 ui",
        ]
    );
}

#[test]
fn super_in_an_inline_module_is_relative_to_it() {
    let in_tests = "#[cfg(test)]\nmod tests {\n    use super::*;\n    fn f() { if true {} }\n}\n";
    assert!(offences(&files(&[("src/audio.rs", in_tests)])).is_empty());
    let after_tests = format!("{in_tests}use super::*;\n");
    assert_eq!(
        offences(&files(&[("src/audio.rs", &after_tests)])),
        ["src/audio.rs: uses super::* (layer 12 shell) from layer 9 consumers"]
    );
}

#[test]
fn an_inline_path_in_code_is_found() {
    let source = "fn f(mut commands: Commands) {\n\
                  commands.trigger(crate::seeds::Resync { glide: false });\n\
                  app.add_systems(Update, sync.in_set(crate::CoreSet::Input));\n\
                  let frame = super::style::dark_frame();\n\
                  let v = crate::storage::Storage::<u8>::new();\n\
                  self.value + self::LOCAL\n\
                  }\n\
                  pub(crate) fn g() {}\npub(super) fn h() {}\npub(in crate::board) fn k() {}\n";
    assert_eq!(
        crate_paths(source),
        [
            "crate::seeds::Resync",
            "crate::CoreSet::Input",
            "super::style::dark_frame",
            "crate::storage::Storage",
            "self::LOCAL",
        ]
    );
    // In `board::view`, `super::style` is `board::style`: the same layer.
    let found = offences(&files(&[("src/board/view.rs", source)]));
    assert_eq!(
        found,
        [
            "src/board/view.rs: uses crate::seeds::Resync (layer 6 seeds) from layer 4 board",
            "src/board/view.rs: uses crate::CoreSet::Input (layer 12 shell) from layer 4 board",
        ]
    );
    // In `board` itself, `super::style` is an item of the crate root.
    let found = offences(&files(&[("src/board/mod.rs", source)]));
    assert!(
        found.contains(
            &"src/board/mod.rs: uses super::style::dark_frame (layer 12 shell) from layer 4 board"
                .to_string()
        )
    );
}

#[test]
fn paths_in_comments_and_literals_are_not_found() {
    let source = r##"
        // use crate::kiosk::A;
        /// See [`crate::kiosk::B`].
        //! crate::kiosk::C
        /* crate::kiosk::D /* nested */ crate::kiosk::E */
        fn f<'a>(name: &'a str) -> &'a str {
            let quote = '"';
            let at = crate::seeds::Seen;
            let message = "\"crate::kiosk::F\" and \\";
            let raw = r#"crate::kiosk::G "quoted" {"#;
            let bytes = br"crate::kiosk::H";
            let tick = '\'';
            let brace = '{';
            crate::anim::Seen
        }
    "##;
    assert_eq!(
        crate_paths(source),
        ["crate::seeds::Seen", "crate::anim::Seen"]
    );
}

#[test]
fn an_item_of_lib_rs_counts_as_the_shell() {
    let found = offences(&files(&[(
        "src/core/session.rs",
        "use crate::CoreSet;\nfn plugin(app: &mut App) { crate::core_plugin(app); }\n",
    )]));
    assert_eq!(
        found,
        [
            "src/core/session.rs: uses crate::CoreSet (layer 12 shell) from layer 3 core",
            "src/core/session.rs: uses crate::core_plugin (layer 12 shell) from layer 3 core",
        ]
    );
}

#[test]
fn a_module_without_a_layer_is_reported() {
    let found = offences(&files(&[
        ("src/board/mod.rs", "use crate::new::Thing;\n"),
        ("src/new/extra.rs", "use crate::kiosk::Attract;\n"),
        ("src/new/mod.rs", "mod extra;\n"),
    ]));
    assert_eq!(
        found,
        ["src/new/mod.rs: module `new` has no layer in tests/game/layers.rs — add it to LAYERS"]
    );
}

#[test]
fn cfg_gated_code_is_checked_too() {
    let source = "#[cfg(target_arch = \"wasm32\")]\nuse crate::web::CANVAS;\n";
    assert_eq!(
        offences(&files(&[("src/camera.rs", source)])),
        ["src/camera.rs: uses crate::web::CANVAS (layer 12 shell) from layer 5 camera"]
    );
}

#[test]
fn own_lower_and_same_layer_uses_are_allowed() {
    let found = offences(&files(&[
        (
            "src/records/mod.rs",
            "use crate::audio::SoundSettings;\nuse crate::i18n::I18n;\n",
        ),
        (
            "src/ui/hud.rs",
            "use self::inner::X;\nuse crate::ui::style;\nuse crate::core::Screen;\n",
        ),
        (
            "src/lib.rs",
            "pub mod kiosk;\nuse crate::kiosk::plugin;\nfn f() { session::plugin; }\n",
        ),
        (
            "src/main.rs",
            "use bao::kiosk::Attract;\nfn main() { bao::run(crate::options()); }\n",
        ),
        (
            "src/kiosk/attract.rs",
            "use bao_engine::Game;\nuse bevy::prelude::*;\n",
        ),
    ]));
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn files_map_to_their_modules() {
    let library = |names: &[&str]| {
        Some(Unit::Library(
            names.iter().copied().map(String::from).collect(),
        ))
    };
    assert_eq!(
        unit_of_file("src/core/session.rs"),
        library(&["core", "session"])
    );
    assert_eq!(unit_of_file("src/board/mod.rs"), library(&["board"]));
    assert_eq!(unit_of_file("src/audio.rs"), library(&["audio"]));
    assert_eq!(unit_of_file("src/lib.rs"), library(&[]));
    assert_eq!(unit_of_file("src/main.rs"), Some(Unit::Binary));
    assert_eq!(unit_of_file("src/bin/tool.rs"), Some(Unit::Binary));
    assert_eq!(unit_of_file("src/README.md"), None);
}
