//! Triton's layouts over several CTAs (a CGA layout: `block` bases) and `dot_op` layouts of a
//! `wgmma` (NVMMA version 3) parent, against Triton 3.9.0's own linear layouts, recorded by
//! `bench/triton/cases_cga.py` in `tests/data/triton_layouts_cga.jsonl` (`TRITON_CGA_CASES`
//! names another file: `bench/triton/check.sh` runs this test on freshly drawn cases).

use crate::triton_cases;

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

/// Every linear layout Triton gave (over one CTA or several) has a CuTe form that converts
/// back to it, or is refused with a reason: distributed layouts of 32 lanes over a matrix are
/// all TV layouts (several CTAs: of the cluster's tile), shared ones layouts, swizzled or F2 layouts.
#[test]
fn tritons_answers_round_trip_through_their_cute_forms() {
    use cute_layout::linear::convert::{cute_form_to_linear_layout, from_linear_layout, CuteForm};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/triton_layouts_cga.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (mut forms, mut clusters) = (0, 0);
    for line in text.lines() {
        let Some(theirs) = triton_cases::field(line, "triton") else {
            continue;
        };
        let l = cute_layout::notation::linear::parse_linear(theirs).unwrap();
        if l.out_dims().len() > 2 {
            continue; // a rank-3 tensor: one mode per input dimension, not Triton's form
        }
        let form = from_linear_layout(&l).unwrap();
        if let CuteForm::Linear { reason, .. } = &form {
            // a shared layout that two CTAs repeat has no address of the cluster
            assert!(reason.contains("not invertible"), "{theirs}: {reason}");
            continue;
        }
        clusters += usize::from(matches!(form, CuteForm::Cga { .. }));
        let back = cute_form_to_linear_layout(&form).unwrap();
        assert_eq!(
            back.sublayout(&l.in_names(), &l.out_names()).unwrap(),
            l,
            "{theirs}: {form:?}"
        );
        forms += 1;
    }
    assert!(
        forms > 180 && clusters > 120,
        "{forms} forms, {clusters} clusters"
    );
}
