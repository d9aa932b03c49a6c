//! Recorded property-test regressions of the layout algebra, through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/properties.rs`.

use cute_layout::{left_inverse, Layout};

// ------------------------------------------------------------------------------------------
// Minimal inputs of the library bugs these properties found
// ------------------------------------------------------------------------------------------

/// `Layout::offsets` stepped past the last element and overflowed (a panic in debug builds).
#[test]
fn regression_offsets_do_not_step_past_the_end() {
    let l: Layout = "2:-4611686018427387905".parse().unwrap();
    assert_eq!(l.offsets().unwrap(), [0, -4611686018427387905]);
    let l: Layout = "(2,2):(4611686018427387903,1)".parse().unwrap();
    assert_eq!(
        l.offsets().unwrap(),
        [0, 4611686018427387903, 1, 4611686018427387904]
    );
    let l: Layout = "(3,2):(4611686018427387904,1)".parse().unwrap();
    assert!(l.offsets().is_err()); // L(2) does not fit in i64
}

/// Found by the widened generators: C++'s construction gives `(_-5,_-6,_2):(_0,_2,_1)`, which
/// maps `L(3) = 25` to -10, not 3; the left-inverse post-condition refuses it.
#[test]
fn regression_left_inverse_with_a_negative_stride() {
    let l: Layout = "(_2,(_2)):(_30,(_-5))".parse().unwrap();
    let e = left_inverse(&l).unwrap_err().to_string();
    assert!(
        e.contains("is injective and R(L(3)) = R(25) = -10, not 3"),
        "{e}"
    );
}
