//! Behaviour that `cargo mutants` found no test pinning down: each test here fails under at
//! least one mutant of the algebra that changes what a user sees (docs/dev/mutation-testing.md).

mod common;
use common::{fails, lay, tup};
use cute_layout::limits::BRUTE_FORCE_LIMIT;
use cute_layout::{complement, composition, LayoutError};
use cute_tools::eval::eval;

#[track_caller]
fn check(expr: &str, expected: &str) {
    match eval(expr) {
        Ok(v) => assert_eq!(v.to_string(), expected, "{expr}"),
        Err(e) => panic!("{expr} failed: {e}"),
    }
}

#[track_caller]
fn refused(expr: &str, parts: &[&str]) {
    let msg = fails(expr).to_string();
    for p in parts {
        assert!(msg.contains(p), "{expr}: {p:?} is missing from {msg:?}");
    }
}

#[test]
fn complement_cosize_postcondition() {
    // C++ returns 3:3, and (3:1, 3:3) leaves offset 9 of the 10 uncovered
    refused(
        "complement(3:1,(2,5))",
        &[
            "C++ would return 3:3",
            "cosize((L, R)) = 9 < size(cotarget) = 10",
        ],
    );
    let e = complement(&lay("3:1"), &tup("(2,5)")).unwrap_err();
    assert!(matches!(e.root(), LayoutError::Postcondition { .. }), "{e}");
    // one more element and the cosize condition holds
    check("complement(3:1,(3,3))", "3:3");
}

#[test]
fn complement_size_postcondition() {
    refused(
        "complement((2,2):(2,6),220)",
        &["size(R) = 38 < size(cotarget) / size(filter(L)) = 220 / 4"],
    );
    // the divisible neighbour is exact
    check("complement((2,2):(1,6),24)", "(3,2):(2,12)");
}

#[test]
fn filter_zeros_checks_the_profile_rank() {
    refused(
        "filter_zeros((2,3):(1,2),(1,0,1))",
        &["filter_zeros", "profile (1,0,1) does not match shape (2,3)"],
    );
}

#[test]
fn filter_zeros_tags_mixed_inputs_dynamic() {
    // the replaced extent is static only when the profile's zero is static too
    check("filter_zeros((_2,_3):(_1,_2),(1,0))", "(_2,1):(_1,_2)");
    check("filter_zeros((_2,_3):(_1,_2),(_1,_0))", "(_2,_1):(_1,_2)");
    // ... and static when it is, whatever the extent's tag (C++: `(2,_1):(1,2)`)
    check("filter_zeros((2,3):(1,2),(_1,_0))", "(2,_1):(1,2)");
    check(
        "filter_zeros((2,(3,4)):(1,(2,6)),(1,_0))",
        "(2,(_1,_1)):(1,(2,6))",
    );
}

#[test]
fn composition_checks_negative_strides_of_b() {
    // C++ returns (2,2):(1,-4), which is not A o B
    refused(
        "composition((2,8):(1,4),(2,2):(1,-2))",
        &[
            "C++ would return (2,2):(1,-4)",
            "R(3) = -3 while A(B(3)) = -1",
        ],
    );
    check("composition(16:2,(2,2):(1,-2))", "(2,2):(2,-4)");
}

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

/// An extent-1 mode of B adds nothing to any offset, so its negative stride does not make
/// composition verify B element by element: a B beyond BRUTE_FORCE_LIMIT composes, and the
/// result is A ∘ B (checked on a sample of indices); an extent-2 mode with that stride is
/// still verified, so refused at that size.
#[test]
fn composition_does_not_verify_for_extent_one_negative_modes() {
    let n = 2 * BRUTE_FORCE_LIMIT;
    let a = lay("(4096,4096):(1,8192)");
    let b = lay(&format!("(1,{n}):(-3,1)"));
    let r = composition(&a, &b).unwrap();
    for i in (0..n).step_by(4099).chain([n - 1]) {
        assert_eq!(r.eval(i), a.eval(b.eval(i).unwrap()), "at {i}");
    }
    let b = lay(&format!("(2,{}):(-3,1)", n / 2));
    let e = composition(&a, &b).unwrap_err().to_string();
    assert!(e.contains("BRUTE_FORCE_LIMIT"), "{e}");
}

#[test]
fn left_inverse_checks_overlapping_layouts_up_to_its_limit() {
    use cute_layout::limits::QUASI_INVERSE_CHECK_LIMIT;
    // overlapping strides: C++'s result checked element by element, accepted or refused
    check("left_inverse((2,2):(1,1))", "2:2");
    check("left_inverse((3,2):(1,1))", "2:3");
    refused(
        "left_inverse((2,4):(2,1))",
        &[
            "C++ would return (2,2):(2,_1)",
            "L(5) = 4 while L(R(4)) = 1",
        ],
    );
    // beyond the limit, refused naming the number of elements
    let n = QUASI_INVERSE_CHECK_LIMIT;
    refused(
        &format!("left_inverse(({},2):(1,1))", n / 2 + 1),
        &[
            &format!("with {} elements", n + 2),
            &format!("QUASI_INVERSE_CHECK_LIMIT = {n}"),
            "cannot be verified",
        ],
    );
    // at the limit, checked
    check(
        &format!("left_inverse(({},2):(1,1))", n / 2),
        &format!("2:{}", n / 2),
    );
}

#[test]
fn tiler_rank() {
    use cute_layout::Tiler;
    let rank = |s: &str| s.parse::<Tiler>().unwrap().rank();
    assert_eq!(rank("<2:1,3:1,_>"), 3);
    assert_eq!(rank("<>"), 0);
    assert_eq!(rank("(4,3)"), 2);
    assert_eq!(rank("4"), 1);
    assert_eq!(rank("_"), 1);
    assert_eq!(rank("(2,4):(1,2)"), 1);
}

#[test]
fn make_layout_tv_refuses_non_compact_layouts() {
    use cute_layout::tv::make_layout_tv;
    for (thr, val, at) in [
        ("2:2", "1:1", "thread 1, value 0"),
        ("2:3", "2:1", "thread 0, value 1"),
        ("4:2", "2:2", "thread 0, value 1"),
        ("(2,2):(1,4)", "1:1", "thread 2, value 0"),
        ("2:0", "2:1", "thread 0, value 1"),
        ("(2,2):(0,1)", "2:1", "thread 0, value 1"),
    ] {
        let e = make_layout_tv(&lay(thr), &lay(val)).unwrap_err();
        assert!(
            e.to_string().contains(&format!("not invertible at {at}")),
            "{thr}, {val}: {e}"
        );
    }
}

#[test]
fn tv_cell_of_checks_every_bound() {
    use cute_layout::tv::TvLayout;
    let tv = |tile: &str, l: &str| TvLayout::new(tup(tile), lay(l)).unwrap();
    // inside
    assert_eq!(tv("(4,2)", "(4,2):(1,4)").cell_of(3, 1).unwrap(), (3, 1));
    // past the end only
    let e = tv("(2,2)", "(4,2):(1,4)").cell_of(3, 1).unwrap_err();
    assert!(
        e.to_string().contains("index 7, outside the 2x2 tile"),
        "{e}"
    );
    // negative only
    let e = tv("(4,2)", "(4,2):(-1,4)").cell_of(1, 0).unwrap_err();
    assert!(
        e.to_string().contains("index -1, outside the 4x2 tile"),
        "{e}"
    );
    // an empty tile (refused as a tile since issue 26: its extents must be positive)
    let e = tv("(0,2)", "(4,2):(0,0)").cell_of(0, 0).unwrap_err();
    assert!(
        e.to_string().contains("the tile (0,2) has the extent 0"),
        "{e}"
    );
}

#[test]
fn left_inverse_of_negative_strides_is_cpps() {
    // C++ (reference §8): left_inverse(_4:_-1) = (_-1,_4):(_0,_1), a quasi-inverse
    check("left_inverse(_4:_-1)", "(_-1,_4):(_0,_1)");
    check("left_inverse((2,2):(1,2))", "4:_1");
}

#[test]
fn tv_partition_checks_the_thread() {
    let ok = "tv_partition((4,8):(8,1),(2,2):(2,1),(1,2):(2,1),3)";
    check(ok, "(2,2,2):(1,16,4)+10");
    refused(
        "tv_partition((4,8):(8,1),(2,2):(2,1),(1,2):(2,1),4)",
        &["thread 4 is outside [0, 4)"],
    );
    use cute_layout::tv::{make_layout_tv, tv_partition};
    let tv = make_layout_tv(&lay("(2,2):(2,1)"), &lay("(1,2):(2,1)")).unwrap();
    let t: cute_layout::AnyLayout = "(4,8):(8,1)".parse().unwrap();
    let e = tv_partition(&t, &tv, -1).unwrap_err();
    assert!(e.to_string().contains("thread -1 is outside [0, 4)"), "{e}");
}

#[test]
fn tile_unzip_checks_the_tiler_rank() {
    use cute_layout::{tile_unzip, Tiler};
    let t = |s: &str| s.parse::<Tiler>().unwrap();
    let e = tile_unzip(&lay("4:1"), &t("<2>")).unwrap_err();
    assert!(
        e.to_string().contains("has fewer modes than the tiler"),
        "{e}"
    );
    let e = tile_unzip(&lay("((2,2),(2,2)):((1,2),(4,8))"), &t("<2,2,2>")).unwrap_err();
    assert!(
        e.to_string().contains("has fewer modes than the tiler"),
        "{e}"
    );
}

/// `check_quasi_inverse`'s fast path (`m.1 > 0` for every nonzero stride): taken for all-negative
/// strides (`>` to `<`), it would return C++'s `(_-1,_3):(_0,_2)` for `(_2,_2,_3):(_-1,_-1,_0)`
/// (checked with the headers), which maps `L(3) = -2` to 4, and `L(4) = 0`.
#[test]
fn left_inverse_checks_all_negative_strides() {
    refused(
        "left_inverse((_2,_2,_3):(_-1,_-1,_0))",
        &["left_inverse", "L(3) = -2 while L(R(-2)) = 0"],
    );
    // a single negative mode has a true left inverse (C++: (_-1,_4):(_0,_1))
    check("left_inverse(_4:_-1)", "(_-1,_4):(_0,_1)");
}

/// The divides' and products' extent check refuses negative extents only: a zero extent keeps
/// its own error (division by zero), and positive extents pass.
#[test]
fn divides_and_products_refuse_only_negative_extents() {
    refused("logical_divide(8:1,0:1)", &["division by zero"]);
    refused("logical_product(0:1,2:1)", &["division by zero"]);
    refused("logical_divide(8:1,-2:1)", &["negative extent -2"]);
}

/// `logical_product`'s disjoint-copies check runs only where copies can overlap (a negative
/// stride on a mode of extent above 1) and only for injective operands; elsewhere products
/// larger than its limit keep C++'s results (checked with the headers, all-static).
#[test]
fn logical_product_checks_copies_only_where_they_can_overlap() {
    check(
        "logical_product(_4194304:_1,_2:_1)",
        "(_4194304,_2):(_1,_4194304)",
    );
    check(
        "logical_product(_4194304:_1,_2:_0)",
        "(_4194304,_2):(_1,_0)",
    );
    check(
        "logical_product(_4194304:_1,(_2,_1):(_1,_-1))",
        "(_4194304,(_2,_1)):(_1,(_4194304,_-4194304))",
    );
    // a non-injective tiler: overlapping copies are expected, C++'s result stands
    check(
        "logical_product(_2:_1,(_2,_2):(_-1,_-1))",
        "(_2,(_2,_2)):(_1,(_-2,_-2))",
    );
    // beyond the limit a negative stride is refused, naming it (C++: (_4194304,_2):(_1,_-4194304))
    refused(
        "logical_product(_4194304:_1,_2:_-1)",
        &["BRUTE_FORCE_LIMIT", "8388608"],
    );
}

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

/// A tuple coordinate with fewer modes than the rest (or tile) mode is padded with `_`:
/// C++'s `append<R>(coord, _)`. Values from CuTe C++ (g++ against the CUTLASS headers):
/// `local_tile(T, (_4,_3), make_coord(1))` is `(_4,_3,2):(_1,8,24)` at offset 4, and
/// `outer_partition(T, (_4,_3), make_coord(1))` is `(_3,2,2):(8,_4,24)` at offset 1.
#[test]
fn partition_coordinates_with_fewer_modes_are_padded() {
    let t = "(8,6):(_1,8)";
    check(
        &format!("local_tile({t},(_4,_3),(1))"),
        "(_4,_3,2):(_1,8,24)+4",
    );
    check(
        &format!("outer_partition({t},(_4,_3),(1))"),
        "(_3,2,2):(8,_4,24)+1",
    );
    // more modes than there are to index: C++ static_asserts in `append`
    refused(
        &format!("local_tile({t},(_4,_3),(1,1,1))"),
        &["inner_partition", "(1,1,1)", "3 modes", "only 2"],
    );
}

/// `local_tile(T, tiler, coord, proj)` is `local_tile(T, dice(proj, tiler), dice(proj, coord))`,
/// and C++'s `dice(1, b)` is `b`, so an integer projection keeps everything (C++:
/// `local_tile(T, (_4,_3), (1,1), _1{})` is `(_4,_3):(_1,8)` at 28, as without `proj`). A
/// tuple projection must have the tiler's rank: C++ static_asserts "Mismatched Ranks" in
/// `dice` for `local_tile(T, (_4,_3,_2), (1,0), Step<_1,X>)`, even though the coordinate fits.
#[test]
fn local_tile_projection_dices_the_tiler() {
    let t = "(8,6):(_1,8)";
    check(
        &format!("local_tile({t},(_4,_3),(1,1),1)"),
        "(_4,_3):(_1,8)+28",
    );
    check(
        &format!("local_tile({t},(_4,_3),(1,1))"),
        "(_4,_3):(_1,8)+28",
    );
    refused(
        &format!("local_tile({t},(_4,_3,_2),(1,0),(1,_))"),
        &["dice", "mismatched ranks", "(1,_)", "_4,_3,_2"],
    );
}

/// `get_flat_coord(idx)` is defined for `idx` in `[0, size)` only (its documented error); a
/// negative index must not slip through as a negative coordinate (in `6:1`, the leaf
/// coordinate `-1` maps back to `-1`, so only the range check refuses it).
#[test]
fn get_flat_coord_refuses_negative_indices() {
    use cute_layout::tensor::{get_flat_coord, local_partition, Tensor};
    for (thr, idx) in [("6:1", -1), ("(_2,_3):(_3,_1)", -1), ("6:1", 6)] {
        let e = get_flat_coord(&lay(thr), idx).unwrap_err();
        assert!(
            matches!(e, LayoutError::InvalidArgument { .. }),
            "{thr} {idx}: {e}"
        );
        let msg = e.to_string();
        assert!(
            msg.contains(&format!("index {idx} is outside [0, 6)")),
            "{msg}"
        );
        let t = lay("(8,6):(_1,8)").into();
        assert!(local_partition(&t, &lay(thr), idx).is_err(), "{thr} {idx}");
    }
    let data: Vec<i64> = (0..48).collect();
    let t = Tensor::new(&data[..], lay("(8,6):(_1,8)"));
    assert!(t.local_partition(&lay("6:1"), -1).is_err());
    // the first and last thread are fine
    assert_eq!(get_flat_coord(&lay("6:1"), 0).unwrap().to_string(), "0");
    assert_eq!(get_flat_coord(&lay("6:1"), 5).unwrap().to_string(), "5");
}

/// A nested projection dices the tiler the way it dices the coordinate: the kept elements of
/// the inner tuple join the outer one (C++'s `dice` concatenates with `tuple_cat`). CuTe C++
/// (all-static, g++ against the CUTLASS headers): `dice(Step<_1,Step<_1,X>>, (_4,(_3,_2)))` is
/// `(_4,_3)`, and the `local_tile` below is `(_4,_3):(_1,_8)` at offset 28, the same as
/// `local_tile(T, (_4,_3), (1,1))`.
#[test]
fn local_tile_nested_projection_flattens_like_cpp() {
    let t = "(_8,(_6,_4)):(_1,(_8,_48))";
    check(
        &format!("local_tile({t},(_4,(_3,_2)),(1,(1,0)),(1,(1,_)))"),
        "(_4,_3):(_1,_8)+28",
    );
    check(
        &format!("local_tile({t},(_4,_3),(1,1))"),
        "(_4,_3):(_1,_8)+28",
    );
    // a `_` projection keeps no mode: C++'s `local_tile(T, (_4,_3), (1,1), _)` does not compile
    refused(
        &format!("local_tile({t},(_4,_3),(1,1),_)"),
        &["dice", "projection _", "_4,_3"],
    );
    // a nested projection of the wrong rank is refused, as C++'s static_assert
    refused(
        &format!("local_tile({t},(_4,(_3,_2)),(1,(1,0)),(1,(1,_,_)))"),
        &["dice", "(1,_,_)"],
    );
}

// ---- swizzle.rs -------------------------------------------------------------------------------

/// `Swizzle::compose`: masks that cancel give the identity (mutants `^` -> `|` on either mask
/// refuse it).
#[test]
fn swizzle_compose_cancels_and_checks_every_bit() {
    use cute_layout::Swizzle;
    let a = Swizzle::new(1, 4, 3).unwrap();
    assert_eq!(a.compose(a).unwrap().to_string(), "Sw<0,0,0>");
}

/// `make_swizzle`: one negative mask is refused as negative (mutant `||` -> `&&` lets it through
/// to another error); a Z mask that is not a contiguous run is refused even when Y is (mutant
/// `||` -> `&&` in the mask check returns `Sw<2,0,3>`, whose Z mask is 0b11).
#[test]
fn make_swizzle_refuses_one_bad_mask() {
    use cute_layout::make_swizzle;
    let e = make_swizzle(i64::MIN, 1).unwrap_err().to_string();
    assert!(e.contains("negative mask"), "{e}");
    let e = make_swizzle(0b11000, 0b101).unwrap_err().to_string();
    assert!(e.contains("are not the masks of any Sw<B,M,S>"), "{e}");
}

/// `ComposedLayout::rank` / `depth` are the inner layout's (mutants return 0 or 1).
#[test]
fn composed_layout_rank_and_depth() {
    use cute_layout::ComposedLayout;
    let cl: ComposedLayout = "Sw<1,0,1> o _0 o ((_2,_2),_2):((_1,_2),_4)"
        .parse()
        .unwrap();
    assert_eq!((cl.rank(), cl.depth()), (2, 2));
}

/// Checks `slice_and_offset(coord, cl)` against the composed function itself, independently of
/// the library's own post-condition: element `i` of the slice plus the offset must be `cl` at
/// coordinate `i` of the one `_` mode.
#[track_caller]
fn slice_is_the_function(cl: &str, coord: &str, expected: &str) {
    use cute_layout::ComposedLayout;
    let c: ComposedLayout = cl.parse().unwrap();
    let coord_t: cute_layout::Coord = coord.parse().unwrap();
    let (r, o) = c.slice_and_offset(&coord_t).unwrap();
    assert_eq!(format!("{r}+{o}"), expected, "slice {coord} of {cl}");
    let ev = |e: String| eval(&e).unwrap().to_string();
    let n: i64 = ev(format!("size({r})"))
        .trim_start_matches('_')
        .parse()
        .unwrap();
    for i in 0..n {
        let got = r.eval(i).unwrap() + o.value();
        let want = ev(format!(
            "crd2idx({cl},{})",
            coord.replace('_', &i.to_string())
        ));
        assert_eq!(
            got.to_string(),
            want.trim_start_matches('_'),
            "{cl} at {coord}, element {i}"
        );
    }
}

/// `ComposedLayout::slice_and_offset`: an all-integer coordinate (mutant `==` -> `!=` in the
/// all-`_` test takes the shortcut and loses the offset); a negative shift, whose decayed
/// swizzle layout has its Z bits above its Y bits (mutants of `swizzle_layout`: `m - s.min(0)`
/// -> `+`, `z > y` -> `==` / `>=`).
#[test]
fn swizzled_slices_are_the_function() {
    let neg = "Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)";
    let got = eval(&format!("slice_and_offset((1,_),{neg})"))
        .unwrap()
        .to_string();
    let (r, _) = got.split_once('+').unwrap();
    assert!(!r.contains(" o "), "{got}");
    slice_is_the_function(neg, "(1,_)", &got);
    slice_is_the_function(
        neg,
        "(_,5)",
        &eval(&format!("slice_and_offset((_,5),{neg})"))
            .unwrap()
            .to_string(),
    );
    let pos = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)";
    // a full coordinate leaves no swizzle and the whole value in the offset
    let e = eval(&format!("slice_and_offset((3,5),{pos})"))
        .unwrap()
        .to_string();
    let want = eval(&format!("crd2idx({pos},(3,5))")).unwrap().to_string();
    assert_eq!(e, format!("():()+{}", want.trim_start_matches('_')));
}

/// `slice_positions`: without the positions the post-condition checks nothing, and C++'s
/// wrong slice (offset and `L(c)` share a bit) would be returned.
#[test]
fn swizzled_slice_postcondition_runs() {
    refused(
        "local_tile(Sw<2,0,6> o _6 o (_8,_8):(_8,_1), (_4,_2), (1,1))",
        &["differs at 0: 36 ≠ 40", "needs offset & L(c) == 0"],
    );
}

/// `Swizzle::compose`'s post-check cannot fire: for equal `S` the XORed masks are runs only
/// when the Z runs are equal (identity), nested, or adjacent (`B' = 2B > |S|`, refused by
/// `make_swizzle`), and nested runs never put a Y bit of one on a Z bit of the other. This
/// exhausts small swizzles, which is why the mutant `1 << k` -> `1 >> k` (post-check on bit 0
/// only) survives: it is equivalent.
#[test]
fn swizzle_compose_postcheck_never_fires() {
    use cute_layout::Swizzle;
    let mut all = vec![];
    for s in -6i64..=6 {
        for b in 0..=s.abs() {
            for m in 0..=4 {
                all.push(Swizzle::new(b, m, s).unwrap());
            }
        }
    }
    let mut merged = 0;
    for &p in &all {
        for &q in &all {
            match p.compose(q) {
                Ok(r) => {
                    merged += 1;
                    for x in 0..1 << 12 {
                        assert_eq!(r.apply(x), p.apply(q.apply(x)), "{p} o {q} = {r} at {x}");
                    }
                }
                Err(e) => assert!(
                    !matches!(e.root(), LayoutError::Postcondition { .. }),
                    "{e}"
                ),
            }
        }
    }
    assert!(merged > all.len(), "{merged}");
}

// ---- notation/mod.rs --------------------------------------------------------------------------

/// `Parser::input`: an error names the text it was read from (mutants return `""` or `"xyzzy"`).
#[test]
fn parse_error_names_its_input() {
    match fails("9abc(2)") {
        LayoutError::Parse { input, pos, .. } => assert_eq!((input.as_str(), pos), ("9abc(2)", 0)),
        e => panic!("{e:?}"),
    }
}

/// `Parser::skip_unicode_ws`: non-ASCII white space (U+00A0, U+3000) between tokens is skipped
/// like ASCII space (mutants: return `false`, guard `false`, `+=` -> `-=` / `*=`).
#[test]
fn unicode_white_space_between_tokens() {
    check("size(\u{a0}(2,\u{3000}3)\u{a0})", "6");
    check("\u{3000}(2,3):(1,2)", "(2,3):(1,2)");
}

/// `Parser::tiler_tuple`: a tiler nested exactly `MAX_DEPTH` deep parses (mutants `>` -> `>=` /
/// `==` refuse it), and the depth goes back down after each sub-tiler, so more sibling
/// sub-tilers than `MAX_DEPTH` parse (mutants `-=` -> `+=` / `/=`).
#[test]
fn tiler_depth_counts_nesting_not_siblings() {
    use cute_layout::{Tiler, MAX_DEPTH};
    let deep = format!("{}2{}", "<".repeat(MAX_DEPTH), ">".repeat(MAX_DEPTH));
    assert!(deep.parse::<Tiler>().is_ok(), "{deep}");
    let deeper = format!("<{deep}>");
    assert!(deeper.parse::<Tiler>().is_err());
    let wide = format!("<{}>", vec!["<1>"; MAX_DEPTH + 2].join(","));
    let t: Tiler = wide.parse().unwrap();
    assert_eq!(t.to_string(), wide);
}

/// `Parser::tiler_into` / `literal_tiler`: a spelled C++ literal, a layout, a tiler and a
/// coordinate inside a tiler (mutants delete each arm).
#[test]
fn tiler_modes_of_every_literal_kind() {
    use cute_layout::Tiler;
    for (text, want) in [
        ("<Shape<_4,_2>,_3>", "<<_4,_2>,_3>"),
        ("<Tile<_4,_2>,_3>", "<<_4,_2>,_3>"),
        ("<Layout<_4,_2>,_3>", "<_4:_2,_3>"),
        ("<3:2,(2,_)>", "<3:2,<2,_>>"),
        ("<<2,3>,4>", "<<2,3>,4>"),
    ] {
        let t: Tiler = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.to_string(), want, "{text}");
    }
}

/// `Parser::literal_into`: a DSL `cutlass.Int32(n)` literal and a `cute::`-scoped literal.
#[test]
fn scoped_literals() {
    check("size(cute::_4)", "_4");
    let v = cute_tools::eval::eval_in("cutlass.Int32(4)", cute_layout::notation::Syntax::Dsl);
    let v = v.unwrap();
    assert_eq!(v.to_string(), "4");
    assert!(matches!(v, cute_layout::value::Value::Int(_)), "{v:?}");
}

// ---- analysis/mod.rs, analysis/access.rs ------------------------------------------------------

/// `Analysis::bijective` needs both injective and surjective (mutants: `true`, `&&` -> `||`).
#[test]
fn analysis_bijective_needs_both() {
    use cute_tools::analysis::analyze;
    let not_injective = analyze(&"(_2,_2):(_1,_1)".parse().unwrap(), 4, false).unwrap();
    assert!(!not_injective.injective && not_injective.surjective);
    assert!(!not_injective.bijective());
    let not_surjective = analyze(&"_4:_2".parse().unwrap(), 4, false).unwrap();
    assert!(not_surjective.injective && !not_surjective.surjective);
    assert!(!not_surjective.bijective());
    assert!(analyze(&"(_2,_2):(_2,_1)".parse().unwrap(), 4, false)
        .unwrap()
        .bijective());
}

/// `Analysis::best_vector_mode`: of two modes of equal vector width the first wins
/// (mutant `>` -> `>=` picks the last).
#[test]
fn best_vector_mode_first_of_equals() {
    use cute_tools::analysis::analyze;
    let r = analyze(&"(_4,_4):(_8,_2)".parse().unwrap(), 4, false).unwrap();
    assert_eq!(
        r.vector_modes[0].elems.value(),
        r.vector_modes[1].elems.value()
    );
    assert_eq!(r.best_vector_mode().0, 0);
}

/// `Instruction::lanes`: 32 for a vector access, `8·count` rows for a matrix one (mutants
/// return 0, 1, -1, or `8 + count`, `8 / count`).
#[test]
fn instruction_lanes() {
    use cute_tools::analysis::Instruction;
    assert_eq!(Instruction::Vector { bytes: 4 }.lanes(), 32);
    for (count, lanes) in [(1, 8), (2, 16), (4, 32)] {
        assert_eq!(Instruction::Matrix { count }.lanes(), lanes);
    }
}

/// `Access::ptx` names each vector width (mutants delete the arms for 1, 4 and 8 bytes).
#[test]
fn access_ptx_every_width() {
    use cute_tools::analysis::{Access, Instruction};
    for (bytes, ptx) in [
        (1, "ld.shared.u8"),
        (2, "ld.shared.u16"),
        (4, "ld.shared.u32"),
        (8, "ld.shared.v2.u32"),
        (16, "ld.shared.v4.u32"),
    ] {
        let a = Access {
            instruction: Instruction::Vector { bytes },
            store: false,
            trans: false,
        };
        assert_eq!(a.ptx(), ptx);
    }
}

/// `count_conflicts` / `phase_wavefronts` on a hand-made plan of 16-byte loads (8 lanes a
/// phase), checked against the bank model by hand: two instructions of 4 phases; in
/// instruction 1, phases 1 and 3 put two lanes on words 0 and 32 (then 1 and 33, ..., banks 0
/// to 3 each deliver two words), every other phase reaches 32 distinct banks once. So 8 phases,
/// 10 wavefronts, 2 conflicts, worst 2 at the first such phase (instruction 1, phase 1), first
/// bank 0, lanes 8 and 9. Mutants: the lane number `p * per_phase` -> `+` / `/`; `wf > worst`
/// -> `>=` (last phase wins); the deleted `instruction` / `phase` fields (0); the last word
/// `a + bytes - 1` -> `a * bytes - 1` / `a - bytes - 1`; `run > best` -> `>=` (last bank
/// wins); the `PhaseConflict` display.
#[test]
fn bank_conflicts_of_a_hand_made_plan() {
    use cute_tools::analysis::{count_conflicts, Access, AccessPlan, Instruction, PhaseConflict};
    let plain: Vec<i64> = (0..32).map(|l| 16 * (l % 8)).collect();
    let mut clash = plain.clone();
    for phase in [1, 3] {
        clash[8 * phase] = 0;
        clash[8 * phase + 1] = 128;
    }
    // stores: their phases never merge repeated addresses (loads would merge these
    // half-warps of 8 distinct addresses into one phase each)
    let plan = AccessPlan {
        access: Access {
            instruction: Instruction::Vector { bytes: 16 },
            store: true,
            trans: false,
        },
        elem_bytes: 16,
        vector_elems: 1,
        threads: 32,
        values: 2,
        vector_mode: None,
        thread_value: None,
        instructions: vec![plain, clash],
    };
    let r = count_conflicts(&plan);
    assert_eq!(
        (r.phases, r.wavefronts, r.conflicts, r.worst),
        (8, 10, 2, 2)
    );
    let want = PhaseConflict {
        instruction: 1,
        phase: 1,
        bank: 0,
        lanes: vec![(8, 0), (9, 128)],
    };
    assert_eq!(r.worst_phase.as_ref(), Some(&want));
    assert_eq!(
        want.to_string(),
        "instruction 1, phase 1: bank 0 delivers 2 words (lane 8 @ byte 0, lane 9 @ byte 128)"
    );
}

/// `tv_view`: a TV layout of rank 3 is refused (mutant `||` -> `&&` refuses only a leaf).
#[test]
fn tv_analysis_needs_rank_two() {
    use cute_tools::analysis::analyze;
    let e = analyze(&"(_4,_2,_2):(_1,_4,_8)".parse().unwrap(), 4, true).unwrap_err();
    assert!(
        e.to_string().contains("must have rank 2 (thread, value)"),
        "{e}"
    );
}

/// `requested`: an access narrower than one element is refused (mutant `elem_bytes * 8` ->
/// `elem_bytes / 8` accepts 8-bit accesses of 4-byte elements).
#[test]
fn access_narrower_than_an_element_is_refused() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(8),
        ..AccessSpec::widest(4)
    };
    let e = plan(&"_32:_1".parse().unwrap(), &spec).unwrap_err();
    assert!(
        e.to_string().contains("8-bit accesses of 4-byte elements"),
        "{e}"
    );
    let spec = AccessSpec {
        width: Width::Bits(32),
        ..AccessSpec::widest(4)
    };
    assert!(plan(&"_32:_1".parse().unwrap(), &spec).is_ok());
}

/// `view_for`: when no mode can be vectorised, the error names the first mode that had enough
/// elements (mutants: guard `true` and `m == 0` -> `m != 0` name the last mode; `||` -> `&&`
/// keeps "no mode has ..." when mode 0 is too short but mode 1 is not).
#[test]
fn vector_refusal_names_the_first_candidate_mode() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(64),
        ..AccessSpec::widest(4)
    };
    for (layout, mode) in [
        ("(_4,_4):(_2,_8)", "mode 0: "),
        ("(_3,_4):(_8,_2)", "mode 1: "),
    ] {
        let e = plan(&layout.parse().unwrap(), &spec)
            .unwrap_err()
            .to_string();
        assert!(e.contains(mode), "{layout}: {e}");
    }
}

/// `View::check_vectors` names the failing values: thread 0's value pairs start at offsets 0,
/// 2, 33 and 35, so values 4..5 (the third pair, from an odd offset) are the first that fail
/// (mutants of `k * n + n - 1`: `k * n * n - 1` says 4..7, `k / n + n - 1` says 4..2).
#[test]
fn tv_vector_refusal_names_the_values() {
    use cute_tools::analysis::{plan, AccessSpec, Width};
    let spec = AccessSpec {
        width: Width::Bits(64),
        tv: true,
        ..AccessSpec::widest(4)
    };
    let tv = "(_32,(_2,(_2,_2))):(_64,(_1,(_2,_33)))";
    let e = plan(&tv.parse().unwrap(), &spec).unwrap_err().to_string();
    assert!(
        e.contains("thread 0's values 4..5 are at offsets [33,34]"),
        "{e}"
    );
}

/// The `Analysis` display names the vector mode of a plain layout (mutant deletes that arm and
/// prints it as a TV layout).
#[test]
fn analysis_display_names_the_vector_mode() {
    use cute_tools::analysis::analyze;
    let r = analyze(&"(_8,_64):(_64,_1)".parse().unwrap(), 2, false).unwrap();
    let text = r.to_string();
    assert!(
        text.contains("threads, each a vector along mode 1: (thread, value) -> index"),
        "{text}"
    );
    assert!(!text.contains("TV layout"), "{text}");
}

/// `Parser::at_keyword`: an argument that starts with `=` is no keyword argument with an empty
/// name; the error is about the argument (mutant `n > 0` -> `n >= 0` asks for a name).
#[test]
fn lone_equals_is_not_a_keyword() {
    use cute_layout::notation::Syntax;
    use cute_tools::eval::eval_in;
    let e = eval_in("cute.make_layout(4, =2)", Syntax::Dsl)
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected an integer, found '='"), "{e}");
}

// analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19)

/// Guards `layout_of`'s match guard (expr.rs 39: `true`/`false`/`delete !`/`&&`->`||`): a
/// malformed call (`foo(`) reports the expression evaluator's error, an input without a call
/// (`4:2+`) the layout parser's. (`foo(` kills `false` and `delete !`; `4:2+` kills `true` and
/// `&&`->`||`.)
#[test]
fn layout_of_picks_the_error_that_names_the_mistake() {
    use cute_layout::swizzle::AnyLayout;
    for (expr, from_eval) in [("foo(", true), ("x(", true), ("4:2+", false)] {
        let got = cute_tools::analyze::layout_of(expr)
            .unwrap_err()
            .to_string();
        let by_eval = eval(expr).unwrap_err().to_string();
        let by_parse = expr.parse::<AnyLayout>().unwrap_err().to_string();
        assert_ne!(
            by_eval, by_parse,
            "{expr}: the two errors must differ for the test to bite"
        );
        assert_eq!(got, if from_eval { by_eval } else { by_parse }, "{expr}");
    }
}

/// Guards json.rs `string`'s control-character guard (13: `true`, `<`->`<=`): a space (0x20)
/// and ordinary characters are written as themselves, not as `\u00XX` (serde_json would decode
/// either spelling, so the raw text is compared).
#[test]
fn json_strings_keep_spaces_literal() {
    let r = cute_tools::analyze::analyze_expr("Sw<3,0,3> o _0 o _8:_8", 16, false).unwrap();
    let json = r.to_json();
    assert!(json.contains("\"Sw<3,0,3> o _0 o _8:_8\""), "{json}");
    assert!(!json.contains("\\u00"), "{json}");
}

/// Guards cuda.rs `cuda_kernel`'s identifier check (33: `c == '_'`->`!=`): a kernel name may
/// start with `_` but not with a digit.
#[test]
fn cuda_kernel_names_are_c_identifiers() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    let p = plan(
        &"_32:_1".parse().unwrap(),
        &AccessSpec {
            elem_bytes: 4,
            tv: false,
            width: Width::Bits(32),
            store: false,
        },
    )
    .unwrap();
    assert!(cuda_kernel(&p, "_k", "").is_ok());
    assert!(cuda_kernel(&p, "1k", "").is_err());
    assert!(cuda_kernel(&p, "k1", "").is_ok());
}

/// Guards `cuda_kernel`'s shared-memory size (76-77: `+`/`-`/`*`/`/`/`%` swaps): the highest
/// address plus the access width, rounded up to a multiple of 128 bytes. `_32:_1` of 4-byte
/// words ends at exactly 128 bytes, `_33:_1` at 132 (rounded to 256). Also guards 67
/// (`n == 0`->`!=`): a non-empty table has no `0` filler row.
#[test]
fn cuda_kernel_shared_memory_is_the_rounded_extent() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    for (layout, smem) in [("_32:_1", 128), ("_33:_1", 256), ("_64:_1", 256)] {
        let spec = AccessSpec {
            elem_bytes: 4,
            tv: false,
            width: Width::Bits(32),
            store: false,
        };
        let p = plan(&layout.parse().unwrap(), &spec).unwrap();
        let last = p.instructions.iter().flatten().max().unwrap() + 4;
        assert_eq!(
            (last + 127) / 128 * 128,
            smem,
            "{layout}: the expected size"
        );
        let cu = cuda_kernel(&p, "k", "").unwrap();
        assert!(cu.contains(&format!("smem[{smem}]")), "{layout}: {cu}");
        assert!(!cu.contains("\n    0\n"), "{layout}: {cu}");
    }
}

/// Guards `access_asm` (116 `String::new()`/`"xyzzy"`, 118 `/`->`%`/`*`, 122 `==`->`!=`,
/// 131 `==`/`&&`/`!`): a 128-bit load names four registers in braces, a 32-bit load one
/// register without braces, a 16-bit load uses `"h"` and `unsigned short`.
#[test]
fn cuda_kernel_inline_ptx_names_the_registers() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    for (elem_bytes, bits, want, absent) in [
        (4, 128, "{%0, %1, %2, %3}, [%4]", "unsigned short"),
        (4, 32, " %0, [%1]", "{%0}"),
        (2, 16, "\"=h\"(r0)", "\"=r\""),
    ] {
        let spec = AccessSpec {
            elem_bytes,
            tv: false,
            width: Width::Bits(bits),
            store: false,
        };
        let p = plan(&"_128:_1".parse().unwrap(), &spec).unwrap();
        let cu = cuda_kernel(&p, "k", "").unwrap();
        assert!(cu.contains(want), "{bits}: {cu}");
        assert!(!cu.contains(absent), "{bits}: {cu}");
    }
}
