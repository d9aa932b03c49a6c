//! The `notation` target: see `fuzz_checks::notation` (its check, replayed on stable by `cargo test`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz_checks::notation::check(data) {
        panic!("{e}");
    }
});
