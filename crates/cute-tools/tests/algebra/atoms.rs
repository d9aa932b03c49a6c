//! Atoms and tiled atoms as `cute eval` reads them: permutations, tiled copies, literals.

use crate::common::lay;
use cute_tools::eval::eval;

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `make_tiled_mma` pads the permutation with `_` (C++: `append<3>(permutations, _)`), so a
/// one-mode tuple `(P)` and a bare mode `P` (`notation::atom::parse_permutation`: "a bare mode
/// is read as a one-mode tuple") give the same tiled MMA as `(P,_,_)`, for an extent and for a
/// layout mode alike.
#[test]
fn permutation_of_one_mode_is_padded_with_underscores() {
    use cute_layout::atom::{make_tiled_mma, mma_atom, Permutation};
    use cute_layout::notation::atom::{parse_permutation, tiled_mma_text};
    let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let thr = lay("(_2,_2,_1)");
    let text = |perm: &str| {
        let p = parse_permutation(perm).unwrap_or_else(|e| panic!("{perm}: {e}"));
        tiled_mma_text(&make_tiled_mma(&atom, &thr, &p).unwrap())
    };
    for (padded, one_mode) in [
        ("(_32,_,_)", ["(_32)", "_32"]),
        (
            "((_4,_8):(_8,_1),_,_)",
            ["((_4,_8):(_8,_1))", "(_4,_8):(_8,_1)"],
        ),
        ("(_32:_1,_,_)", ["(_32:_1)", "_32:_1"]),
    ] {
        let expected = text(padded);
        for p in one_mode {
            assert_eq!(text(p), expected, "{p} against {padded}");
        }
    }
    // an extent stays an extent (printed as the integer), not the layout `(_32):(_1)`
    assert_eq!(
        parse_permutation("(_32)").unwrap(),
        vec![Permutation::Size(cute_layout::Int::fixed(32))]
    );
    assert!(text("(_32)").contains("PermutationMNK: (_32,_,_)"));
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `resolve_atom` builds a tiled copy when any of the thread layout, the value layout or a
/// query is given, each missing layout defaulting to `_1:_0` (its documented rule), not only
/// when the thread layout is.
#[test]
fn resolve_atom_tiles_a_copy_given_only_a_value_layout_or_a_query() {
    use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    use cute_layout::notation::atom::{atom_text, resolve_atom, AtomObject, AtomRequest};
    let name = "UniversalCopy<uint128_t>";
    let req = AtomRequest {
        name,
        value_type: Some("half_t"),
        ..Default::default()
    };
    let atom = make_copy_atom(&copy_op(name).unwrap(), ValueType::Half).unwrap();
    let unit = lay("_1:_0");
    let by_val = AtomRequest {
        val_layout: Some("(_1,_8)"),
        ..req
    };
    let expected = make_tiled_copy(&atom, &unit, &lay("(_1,_8)")).unwrap();
    assert_eq!(
        atom_text(&AtomRequest {
            query: Some("S"),
            ..by_val
        })
        .unwrap(),
        format!("{}\n", expected.get_layout_s_tv().unwrap())
    );
    assert_eq!(
        resolve_atom(&by_val).unwrap(),
        AtomObject::TiledCopy(expected)
    );
    // a query alone tiles with one thread and one value: too few for this 8-value atom
    // (C++ static_asserts `TiledNum % AtomNum == 0`)
    let by_query = AtomRequest {
        query: Some("S"),
        ..req
    };
    let e = atom_text(&by_query).unwrap_err().to_string();
    assert!(e.contains("TiledNum % AtomNum == 0"), "{e}");
    assert!(atom_text(&req).unwrap().starts_with("Copy_Atom\n"));
}

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
