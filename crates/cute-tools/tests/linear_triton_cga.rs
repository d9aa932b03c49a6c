//! Triton's layouts over several CTAs (a CGA layout: `block` bases) and `dot_op` layouts of a
//! `wgmma` (NVMMA version 3) parent, against Triton 3.9.0's own linear layouts, recorded by
//! `bench/triton/cases_cga.py` in `tests/data/triton_layouts_cga.jsonl` (`TRITON_CGA_CASES`
//! names another file: `bench/triton/check.sh` runs this test on freshly drawn cases).

#[path = "common/triton_cases.rs"]
mod triton_cases;

#[test]
fn cga_and_wgmma_dot_layouts_match_triton() {
    let path = std::env::var("TRITON_CGA_CASES").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/triton_layouts_cga.jsonl"
        )
        .into()
    });
    let (checked, refused) = triton_cases::check_triton_cases(&path);
    assert!(checked > 200, "only {checked} cases checked");
    assert!(refused > 0, "no case refused by both");
}
