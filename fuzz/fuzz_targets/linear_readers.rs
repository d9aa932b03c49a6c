//! The `linear_readers` target: see `fuzz_checks::linear_readers` (its check, replayed on stable by `cargo test`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz_checks::linear_readers::check(data) {
        panic!("{e}");
    }
});
