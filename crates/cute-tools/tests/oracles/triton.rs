//! Triton's named layouts against Triton 3.9.0's own linear layouts, recorded by
//! `bench/triton/cases.py` in `tests/data/triton_layouts.jsonl` (`TRITON_CASES` names another
//! file: `bench/triton/check.sh` runs this test on freshly drawn cases).

use crate::triton_cases;

#[test]
fn triton_layouts_match_triton() {
    let path = std::env::var("TRITON_CASES").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/triton_layouts.jsonl"
        )
        .into()
    });
    let (checked, _) = triton_cases::check_triton_cases(&path);
    assert!(checked > 300, "only {checked} cases checked");
}
