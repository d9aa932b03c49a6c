//! Atoms and tiled atoms as `cute eval` reads them: permutations, tiled copies, literals.

use cute_tools::eval::eval;

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// A `)` with no `(` before it in a `TiledMMA<...>` argument is a parse error, never a panic
/// (an unchecked depth would underflow there).
#[test]
fn tiled_mma_literal_with_an_unopened_parenthesis_is_an_error() {
    for expr in [
        "TiledMMA<SM80_16x8x8_F32F16F16F32_TN,(_2,_2,_1),_32)>",
        "TiledMMA<SM80_16x8x8_F32F16F16F32_TN,(_2,_2,_1),)>",
        // no permutation mode contains `<` (docs/dev/mutation-testing.md: why the `>` arm of
        // the argument scan is equivalent)
        "TiledMMA<SM80_16x8x8_F32F16F16F32_TN,(_2,_2,_1),(<_32>,_,_)>",
    ] {
        assert!(eval(expr).is_err(), "{expr}");
    }
    // the same literal, well formed, reads
    assert!(eval("TiledMMA<SM80_16x8x8_F32F16F16F32_TN,(_2,_2,_1),(_32)>").is_ok());
}
