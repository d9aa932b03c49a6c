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

/// Runs `cute` with the arguments; its standard output, which must be a success.
#[allow(dead_code)] // not every test file uses it
pub fn stdout_of(args: &[&str]) -> String {
    let out = cute(args);
    assert!(
        out.status.success(),
        "cute {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
