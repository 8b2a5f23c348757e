// Build script shared by `bao` and `bao-cli` (the CLI's `build.rs` includes this file): hands
// the commit the programs are built from to `--version` as `BAO_COMMIT`.
//
// The commit comes from the environment: `scripts/package.sh` sets `BAO_COMMIT` to the commit it
// packages. Without it the programs say "unknown" rather than read git here: a build script that
// watched git's HEAD would rerun at every commit and recompile the whole game (twenty minutes for
// a release build on a 2-core machine), and one that did not would name an old commit.

fn main() {
    println!("cargo:rerun-if-env-changed=BAO_COMMIT");
    let commit = std::env::var("BAO_COMMIT")
        .ok()
        .filter(|c| !c.is_empty() && c.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=BAO_COMMIT={commit}");
}
