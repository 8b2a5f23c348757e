// Build script shared by `bao` and `bao-cli` (the CLI's `build.rs` includes this file): hands
// the commit the programs are built from to `--version` as `BAO_COMMIT`.
//
// The packages are built from a checkout, where `git` knows the commit; a build from a source
// tree without `.git` (or with `BAO_COMMIT` set by whoever builds it) says so instead of
// guessing.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=BAO_COMMIT");
    let commit = std::env::var("BAO_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(commit_from_git)
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=BAO_COMMIT={commit}");
}

/// The checkout's commit (12 hex digits).
fn commit_from_git() -> Option<String> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    // A commit or a checkout moves HEAD and appends to its log: then the answer changes. (Not
    // the index: every `git add` would rebuild the game.)
    let git_dir = git(&manifest, &["rev-parse", "--absolute-git-dir"])?;
    for watched in ["HEAD", "logs/HEAD"] {
        let path = Path::new(&git_dir).join(watched);
        println!("cargo:rerun-if-changed={}", path.display());
    }
    git(&manifest, &["rev-parse", "--short=12", "HEAD"])
}

fn git(dir: &str, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .filter(|s| !s.is_empty())
}
