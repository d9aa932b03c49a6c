//! Replays every file of `fuzz/corpus/<target>/` through its target's check, on stable Rust:
//! the corpus and every finding of the fuzzers (named `finding-*`) are regression tests.

use std::path::PathBuf;

#[test]
fn corpus_replays_clean() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut failures = Vec::new();
    for &(name, check) in fuzz_checks::TARGETS {
        let dir = root.join(name);
        let files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("the corpus of {name} must be at {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        assert!(
            files.len() >= 10,
            "{name}: only {} corpus files",
            files.len()
        );
        for f in files {
            let data = std::fs::read(&f).expect("a corpus file");
            if let Err(e) = check(&data) {
                failures.push(format!("{}: {e}", f.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
