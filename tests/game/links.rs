//! Every relative link and picture in the repository's Markdown files leads somewhere: the file
//! exists inside the repository, and an `#anchor` into a Markdown file matches one of its
//! headings (GitHub's slugs). External `http(s):` and `mailto:` links are not checked.
//!
//! The check reads the files as text with the standard library alone: fenced code blocks and
//! code spans are skipped, then every `](target)` (links and pictures), every reference
//! definition `[label]: target` and every HTML `src="…"`/`href="…"` is resolved against the
//! file's folder. Folders that are not the project's own are left out: `.git`, `target`,
//! `dist`, `vendor`, `node_modules` and any other hidden folder.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// Folders whose Markdown is not ours: build output, downloaded tools, patched dependencies.
const SKIPPED_DIRS: &[&str] = &["target", "dist", "vendor", "node_modules"];

/// The Markdown files below `dir`, relative to `root`, sorted.
fn markdown_files(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !name.starts_with('.') && !SKIPPED_DIRS.contains(&name.as_str()) {
                markdown_files(root, &path, found);
            }
        } else if name.ends_with(".md")
            && let Ok(relative) = path.strip_prefix(root)
        {
            found.push(relative.to_path_buf());
        }
    }
}

/// A link's target as written, and the line it is on (from 1).
#[derive(Debug)]
struct Link {
    line: usize,
    target: String,
}

/// The lines of `text` outside fenced code blocks (``` or ~~~), with their numbers from 1.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => lines.push((index + 1, line)),
            _ => {}
        }
    }
    lines
}

/// `line` with the text of its code spans (`` `…` ``) replaced by spaces: a link written inside
/// one is an example, not a link.
fn blank_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if in_code {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The text of a target up to the `)` that closes it (nested parentheses allowed), without its
/// angle brackets or its title.
fn inline_target(rest: &str) -> String {
    let mut depth = 0usize;
    let mut end = rest.len();
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                end = i;
                break;
            }
            ')' => depth -= 1,
            _ => {}
        }
    }
    let raw = rest[..end].trim();
    if let Some(inner) = raw.strip_prefix('<') {
        return inner.split('>').next().unwrap_or_default().to_owned();
    }
    raw.split_whitespace().next().unwrap_or_default().to_owned()
}

/// Every link, picture, reference definition and HTML `src`/`href` of a Markdown text.
fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for (line, raw) in prose_lines(text) {
        let prose = blank_code_spans(raw);
        for (at, _) in prose.match_indices("](") {
            let target = inline_target(&prose[at + 2..]);
            found.push(Link { line, target });
        }
        // A reference definition: `[label]: target` at the start of a line.
        let trimmed = prose.trim_start();
        if trimmed.starts_with('[')
            && let Some(close) = trimmed.find("]:")
            && !trimmed[..close].contains("](")
        {
            let target = trimmed[close + 2..]
                .split_whitespace()
                .next()
                .unwrap_or_default();
            found.push(Link {
                line,
                target: target.trim_matches(['<', '>']).to_owned(),
            });
        }
        for attribute in ["src=\"", "href=\""] {
            for (at, _) in prose.match_indices(attribute) {
                let rest = &prose[at + attribute.len()..];
                let target = rest.split('"').next().unwrap_or_default().to_owned();
                found.push(Link { line, target });
            }
        }
    }
    found
}

/// Whether a target names a scheme (`https:`, `mailto:`, …): not a file of the repository.
fn is_external(target: &str) -> bool {
    let Some(colon) = target.find(':') else {
        return false;
    };
    let scheme = &target[..colon];
    !scheme.is_empty()
        && scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
}

/// `%20` and the like, as a browser reads a path.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| char::from(b).to_digit(16));
        if bytes[i] == b'%'
            && let (Some(high), Some(low)) = (hex(i + 1), hex(i + 2))
        {
            out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// GitHub's anchor for a heading: lowercase, spaces to `-`, every other character but letters,
/// digits, `-` and `_` removed. Markdown in the heading counts by its text (`[text](url)` by
/// its text, code spans without their backticks).
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // Links in a heading: keep their text, drop their target.
    while let Some(at) = rest.find("](") {
        text.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let close = after.find(')').map_or(after.len(), |c| c + 1);
        rest = &after[close..];
    }
    text.push_str(rest);
    let mut out = String::new();
    for c in text.trim().chars() {
        if c == ' ' {
            out.push('-');
        } else if c == '-' || c == '_' || c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// The anchors a Markdown text offers: its headings' slugs (the second heading of the same
/// slug gets `-1`, the third `-2`, as on GitHub) and explicit `id="…"`/`name="…"` anchors.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && trimmed[hashes..].starts_with(' ') {
            let heading = trimmed[hashes..].trim().trim_end_matches('#').trim();
            let base = slug(heading);
            let count = seen.entry(base.clone()).or_insert(0);
            found.insert(if *count == 0 {
                base.clone()
            } else {
                format!("{base}-{count}")
            });
            *count += 1;
        }
        for attribute in ["id=\"", "name=\""] {
            for (at, _) in line.match_indices(attribute) {
                let rest = &line[at + attribute.len()..];
                found.insert(rest.split('"').next().unwrap_or_default().to_owned());
            }
        }
    }
    found
}

/// `path` with `.` and `..` worked out, without asking the file system (so that a link that
/// leaves the repository is seen as such, wherever the checkout is).
fn normalised(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(name) => out.push(name),
            Component::RootDir | Component::Prefix(_) => {}
        }
    }
    Some(out)
}

/// What is wrong with one link of `file` (relative to `root`), if anything.
fn problem(
    root: &Path,
    file: &Path,
    target: &str,
    texts: &mut BTreeMap<PathBuf, String>,
) -> Option<String> {
    if target.is_empty() {
        return Some("an empty target".to_owned());
    }
    if is_external(target) {
        return None;
    }
    let (path_part, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let path_part = percent_decoded(path_part.split('?').next().unwrap_or_default());
    let relative = if path_part.is_empty() {
        file.to_path_buf()
    } else if let Some(from_root) = path_part.strip_prefix('/') {
        PathBuf::from(from_root)
    } else {
        file.parent().unwrap_or(Path::new("")).join(&path_part)
    };
    let Some(relative) = normalised(&relative) else {
        return Some("leads out of the repository".to_owned());
    };
    let absolute = root.join(&relative);
    if !absolute.exists() {
        return Some(format!("no such file: {}", relative.display()));
    }
    let anchor = anchor?;
    if relative.extension().is_none_or(|e| e != "md") || anchor.is_empty() {
        return None;
    }
    let text = texts
        .entry(relative.clone())
        .or_insert_with(|| fs::read_to_string(&absolute).unwrap_or_default());
    let anchor = percent_decoded(anchor).to_lowercase();
    (!anchors(text).contains(&anchor)).then(|| {
        format!(
            "no heading in {} has the anchor #{anchor}",
            relative.display()
        )
    })
}

#[test]
fn every_relative_link_in_the_markdown_files_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(root, root, &mut files);
    files.sort();
    assert!(
        files.iter().any(|f| f == Path::new("README.md")),
        "the walk found no README.md under {}",
        root.display()
    );
    let mut texts = BTreeMap::new();
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let Ok(text) = fs::read_to_string(root.join(file)) else {
            broken.push(format!("{}: cannot be read", file.display()));
            continue;
        };
        for link in links(&text) {
            checked += 1;
            if let Some(why) = problem(root, file, &link.target, &mut texts) {
                broken.push(format!(
                    "{}:{}: ({}): {why}",
                    file.display(),
                    link.line,
                    link.target
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} of {checked} links in {} Markdown files are broken:\n{}",
        broken.len(),
        files.len(),
        broken.join("\n")
    );
}

#[test]
fn anchors_follow_githubs_slugs() {
    let text = "# The game\n## `bao-cli`\n### KU-1 — Board and start\n## The game\n\
                ```sh\n# not a heading\n```\n## What is where?\n";
    let found = anchors(text);
    let expected = [
        "the-game",
        "bao-cli",
        "ku-1--board-and-start",
        "the-game-1",
        "what-is-where",
    ];
    assert_eq!(
        found,
        expected
            .into_iter()
            .map(str::to_owned)
            .collect::<BTreeSet<_>>()
    );
}

#[test]
fn links_are_read_outside_code_only() {
    let text = "A [link](docs/a.md#x) and ![a picture](p.png \"title\").\n\
                `[not](a-link.md)`\n```\n[nor](this.md)\n```\n[ref]: docs/b.md\n\
                <img src=\"c.png\"> [nested (parens)](d_(e).md)\n";
    let targets: Vec<_> = links(text)
        .into_iter()
        .map(|l| (l.line, l.target))
        .collect();
    let expected = [
        (1, "docs/a.md#x"),
        (1, "p.png"),
        (6, "docs/b.md"),
        (7, "d_(e).md"),
        (7, "c.png"),
    ];
    assert_eq!(targets, expected.map(|(l, t)| (l, t.to_owned())));
}
