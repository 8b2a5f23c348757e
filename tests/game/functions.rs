//! No function of `src/` is longer than [`MAX_LINES`] lines, from its `fn` line to its closing
//! brace: a longer one does several things, and each deserves a name that says what it is. The
//! check reads the sources as text, comments and literals blanked (as the layering test does),
//! and matches the braces of each function's body.

use crate::layers::{is_ident, src_files, strip_comments_and_literals, tokens};

/// The most lines a function may take, its `fn` line and its closing brace included.
const MAX_LINES: usize = 60;

/// A function with a body found in a source: its name and the lines of its `fn` and of its
/// closing brace (1-based).
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    first: usize,
    last: usize,
}

impl Function {
    fn lines(&self) -> usize {
        self.last - self.first + 1
    }
}

/// The tokens of a source's code, each with its line (1-based).
fn tokens_by_line(source: &str) -> Vec<(usize, String)> {
    strip_comments_and_literals(source)
        .lines()
        .enumerate()
        .flat_map(|(index, line)| tokens(line).into_iter().map(move |t| (index + 1, t)))
        .collect()
}

/// The position of the `}` that closes the `{` at `open`, if the source has one.
fn closing_brace(tokens: &[(usize, String)], open: usize) -> Option<usize> {
    let mut depth = 0_usize;
    for (pos, (_, token)) in tokens.iter().enumerate().skip(open) {
        match token.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(pos);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every function with a body in a source, nested ones too (a function pointer type `fn(…)`
/// and a declaration without a body, ending in `;`, are not functions here).
fn functions(source: &str) -> Vec<Function> {
    let tokens = tokens_by_line(source);
    let mut found = Vec::new();
    for (pos, (line, token)) in tokens.iter().enumerate() {
        let Some((_, name)) = tokens.get(pos + 1) else {
            break;
        };
        if token != "fn" || !is_ident(name) {
            continue;
        }
        let Some(open) =
            (pos + 2..tokens.len()).find(|&at| matches!(tokens[at].1.as_str(), "{" | ";"))
        else {
            continue;
        };
        if tokens[open].1 != "{" {
            continue;
        }
        if let Some(close) = closing_brace(&tokens, open) {
            found.push(Function {
                name: name.clone(),
                first: *line,
                last: tokens[close].0,
            });
        }
    }
    found
}

/// The functions longer than [`MAX_LINES`] in a set of files (path, source), one line each.
fn long_functions(files: &[(String, String)]) -> Vec<String> {
    let mut lines = Vec::new();
    for (rel, source) in files {
        for function in functions(source) {
            if function.lines() > MAX_LINES {
                lines.push(format!(
                    "{rel}:{}: {} is {} lines",
                    function.first,
                    function.name,
                    function.lines()
                ));
            }
        }
    }
    lines
}

#[test]
fn no_function_of_src_is_longer_than_sixty_lines() {
    let found = long_functions(&src_files());
    assert!(
        found.is_empty(),
        "{} functions longer than {MAX_LINES} lines (split each into functions whose names say \
         what the parts do):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// A function `name` whose body has `body_lines` lines between its `fn` line and its `}`.
fn function_of(name: &str, body_lines: usize) -> String {
    let body: String = (0..body_lines)
        .map(|i| format!("    let x{i} = {i};\n"))
        .collect();
    format!("fn {name}() {{\n{body}}}\n")
}

#[test]
fn a_function_over_the_limit_is_named_with_its_file_line_and_length() {
    let source = format!(
        "//! A file.\n\n{}\n{}",
        function_of("short", MAX_LINES - 2),
        function_of("long", MAX_LINES - 1)
    );
    // After the doc line, a blank line, the short one (its whole length) and a blank line.
    let at = 2 + MAX_LINES + 1 + 1;
    assert_eq!(
        long_functions(&[("src/a.rs".to_string(), source)]),
        [format!("src/a.rs:{at}: long is {} lines", MAX_LINES + 1)]
    );
}

#[test]
fn a_functions_lines_run_from_its_fn_to_its_closing_brace() {
    let source = r##"
trait Named {
    fn name(&self) -> String;
}

pub(crate) fn outer<'a>(
    names: &'a [&str],
) -> impl Fn(usize) -> &'a str {
    let brace = '{';
    let text = "}}} fn fake() {";
    /* } fn commented() { */
    fn inner(x: fn(u8) -> u8) -> u8 {
        x(1)
    }
    move |i| names[i]
}

impl Named for () {
    fn name(&self) -> String {
        r#"{"#.to_string()
    }
}
"##;
    let found: Vec<(String, usize, usize)> = functions(source)
        .into_iter()
        .map(|f| (f.name, f.first, f.last))
        .collect();
    assert_eq!(
        found,
        [
            ("outer".to_string(), 6, 16),
            ("inner".to_string(), 12, 14),
            ("name".to_string(), 19, 21),
        ]
    );
}
