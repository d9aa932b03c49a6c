//! The `ops` target: see `fuzz_checks::ops` (its check, replayed on stable by `cargo test`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz_checks::ops::check(data) {
        panic!("{e}");
    }
});
