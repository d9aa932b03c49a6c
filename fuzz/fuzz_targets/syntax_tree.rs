//! The `syntax_tree` target: see `fuzz_checks::syntax_tree` (its check, replayed on stable by `cargo test`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz_checks::syntax_tree::check(data) {
        panic!("{e}");
    }
});
