//! Helpers shared by the integration tests of the `cute` binary.

use std::process::{Command, Output, Stdio};

/// The `cute` binary under test.
pub const CUTE: &str = env!("CARGO_BIN_EXE_cute");

/// Runs `cute` with the arguments and no input.
pub fn cute(args: &[&str]) -> Output {
    Command::new(CUTE)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the cute binary runs")
}
