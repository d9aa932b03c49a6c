//! The `symbolic` target: see `fuzz_checks::symbolic` (its check, replayed on stable by `cargo test`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz_checks::symbolic::check(data) {
        panic!("{e}");
    }
});
