// The same build script as the game's: `--version` names the commit (see the workspace's
// `build.rs`).
include!("../../build.rs");
