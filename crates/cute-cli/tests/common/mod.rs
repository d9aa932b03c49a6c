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

/// Runs `cute` with the arguments and `input` on standard input, its standard output a pipe
/// whose reading end is already closed (as `cute ... | head -1` leaves it).
#[allow(dead_code)] // used by some of the test binaries that include this module
pub fn cute_into_closed_pipe(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(CUTE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // the child may stop reading once its output fails; its input is then allowed to fail too
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("cute ends")
}

/// Runs `command` with `input` on its standard input (written from a thread, so that a large
/// input cannot deadlock against a full output pipe), its output captured; the output and the
/// time it took.
#[allow(dead_code)] // used by some of the test binaries that include this module
pub fn timed_with_input(command: &mut Command, input: &[u8]) -> (Output, std::time::Duration) {
    use std::io::Write as _;
    let start = std::time::Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("the command finishes");
    writer.join().expect("the writer ends");
    (out, start.elapsed())
}
