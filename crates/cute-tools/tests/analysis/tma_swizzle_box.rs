//! Issue 28: a TMA box whose inner dimension is wider than its swizzle is refused with the
//! driver's rule (`cuTensorMapEncodeTiled`: `boxDim[0] · sizeof(T) ≤` the swizzle's bytes).
//! CuTe C++ 4.2 builds such an atom on the host and `assert(false)`s when the driver rejects
//! its descriptor; the CuTe DSL 4.8.1 limits the box to the swizzle's bytes.

use cute_tools::eval::eval;

fn tma(smem: &str, tile: &str) -> Result<String, String> {
    eval(&format!(
        "make_tma_atom(Copy_Atom<SM90_TMA_LOAD,half_t>,(_256,_128):(_128,_1),{smem},{tile})"
    ))
    .map(|v| v.to_string())
    .map_err(|e| e.to_string())
}

#[test]
fn the_issue_case_is_refused_with_the_driver_rule() {
    let e = tma("Sw<3,4,3> o (_1,_128):(_128,_1)", "(_1,_128)").unwrap_err();
    assert!(
        e.contains("128 elements = 256 bytes under the 128-byte swizzle Sw<3,4,3>"),
        "{e}"
    );
    assert!(e.contains("boxDim[0] * elementSize <= 128 bytes"), "{e}");
}

#[test]
fn boxes_within_the_swizzle_are_built() {
    // 64 halves = 128 bytes under the 128-byte swizzle: the limit itself
    assert!(tma("Sw<3,4,3> o (_1,_64):(_64,_1)", "(_1,_64)").is_ok());
    // 64-byte swizzle: 32 halves fit, 64 do not
    assert!(tma("Sw<2,4,3> o (_8,_32):(_32,_1)", "(_8,_32)").is_ok());
    let e = tma("Sw<2,4,3> o (_8,_64):(_64,_1)", "(_8,_64)").unwrap_err();
    assert!(e.contains("128 bytes under the 64-byte swizzle"), "{e}");
    // no swizzle: only the 256-element limit
    assert!(tma("(_1,_128):(_128,_1)", "(_1,_128)").is_ok());
}
