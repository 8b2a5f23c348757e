//! Running the built binary and writing temporary position files.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run of the binary produced.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `bao-cli` with `args` and `stdin`; fails the test if it panicked.
pub fn run(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bao-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(mut input) = child.stdin.take() {
        // The command may exit without reading; a broken pipe here is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("the binary finishes");
    let run = Run {
        status: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked") && run.status != Some(101),
        "bao-cli {args:?} panicked: {}",
        run.stderr
    );
    run
}

/// Runs and expects success; returns stdout.
pub fn ok(args: &[&str]) -> String {
    let r = run(args, "");
    assert_eq!(r.status, Some(0), "bao-cli {args:?} failed: {}", r.stderr);
    r.stdout
}

/// Runs and expects exit status 2; returns stderr.
pub fn fails(args: &[&str], stdin: &str) -> String {
    let r = run(args, stdin);
    assert_eq!(
        r.status,
        Some(2),
        "bao-cli {args:?} should exit 2; stdout {} stderr {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.trim().is_empty(), "a message on stderr");
    r.stderr
}

/// A temporary file holding `text`, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(text: &str) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "bao-cli-test-{}-{n}-{:?}.json",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&path, text).expect("temp file written");
        TempFile(path)
    }

    pub fn arg(&self) -> &str {
        self.0.to_str().expect("temp paths are UTF-8 here")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Parses one line of JSON output.
pub fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}
