//! `composition` through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/composition.rs`.

use crate::common::lay;
use cute_layout::composition;
use cute_layout::limits::BRUTE_FORCE_LIMIT;

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn composition_verification_limit() {
    // a B that may carry is verified element by element up to BRUTE_FORCE_LIMIT elements ...
    let n = BRUTE_FORCE_LIMIT;
    let a = lay(&format!("(2,{}):(1,4)", 2 * n));
    let b = lay(&format!("(2,{}):(1,1)", n / 2));
    let e = composition(&a, &b).unwrap_err();
    assert!(e.to_string().contains("R(3) = 2 while A(B(3)) = 4"), "{e}");
    // ... and refused beyond it, naming the number
    let b = lay(&format!("(2,{}):(1,1)", n / 2 + 2));
    let e = composition(&a, &b).unwrap_err();
    let msg = e.to_string();
    for part in [
        format!("with {} elements", n + 4),
        format!("BRUTE_FORCE_LIMIT = {n}"),
        "cannot be verified".into(),
    ] {
        assert!(msg.contains(&part), "{part:?} is missing from {msg}");
    }
}
