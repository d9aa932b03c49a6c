//! Every finding of the fuzzers, as a readable regression test (the input that found it is also
//! in `fuzz/corpus/<target>/finding-*`, replayed by `tests/corpus.rs`).

use cute_layout::category::via;
use cute_layout::{left_inverse, Layout, LayoutError};

fn lay(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// postconditions: `left_inverse(((_2,3)):((_19,-1)))` returned C++'s `(-1,-19,_2):(_0,_2,_1)`,
/// which maps `A(3) = 18` to -36, not 3, though `A` is injective (the check
/// `A(R(A(i))) == A(i)` passed because layouts are defined past their size); it is now a
/// post-condition error. C++'s results that are inverses stay, negative strides included, and
/// so do quasi-inverses of non-injective layouts.
#[test]
fn left_inverse_stays_in_the_domain() {
    for l in ["((_2,3)):((_19,-1))", "(4,2):(-1,4)", "(2,3):(3,-1)"] {
        let e = left_inverse(&lay(l)).expect_err(l);
        assert!(
            matches!(
                e.root(),
                LayoutError::Postcondition {
                    op: "left_inverse",
                    ..
                }
            ),
            "{l}: {e}"
        );
        assert!(e.to_string().contains("is injective"), "{l}: {e}");
    }
    for (l, r) in [
        ("_4:_-1", "(_-1,_4):(_0,_1)"),
        ("(4,2):(1,0)", "4:_1"),
        ("(_2,_2):(_1,_1)", "_2:_2"),
    ] {
        assert_eq!(left_inverse(&lay(l)).unwrap().to_string(), r);
    }
}

/// category: `via::complement` computed `⌈N / size T⌉` as `(N + size T - 1) / size T`, which
/// overflowed (a panic in debug builds, a wrong answer in release builds) for `N` near
/// `i64::MAX`; now it is computed without overflow, and a result that does not fit is an
/// overflow error, as in the core.
#[test]
fn via_complement_near_i64_max() {
    for (l, n) in [
        ("4:1", i64::MAX),
        ("4:1", i64::MAX - 3),
        ("3:1", i64::MAX / 2),
        ("_9223372036854775807:_19", i64::MAX),
    ] {
        let l = lay(l);
        let direct = cute_layout::complement(&l, &n.to_string().parse().unwrap());
        match (via::complement(&l, n), direct) {
            (Ok(v), Ok(d)) => assert_eq!(v.with_static(false), d.with_static(false), "{l}, {n}"),
            (Err(e), _) => assert!(
                matches!(
                    e.root(),
                    LayoutError::Overflow { .. } | LayoutError::InvalidArgument { .. }
                ),
                "{l}, {n}: {e}"
            ),
            (Ok(v), Err(e)) => panic!("{l}, {n}: via gives {v}, the core fails: {e}"),
        }
    }
}

/// ops: `downcast` tested `|stride| == 1` with `i64::abs`, which overflows for the stride
/// `i64::MIN` (a panic in debug builds).
#[test]
fn downcast_with_the_most_negative_stride() {
    let l = lay("((8,2147483648,3),(1,8)):((24,1,13),(-9223372036854775808,-4))");
    let e = cute_layout::recast::downcast(&l, 19).expect_err("the strides overflow when scaled");
    assert!(matches!(e.root(), LayoutError::Overflow { .. }), "{e}");
    let l = lay("(2,4):(1,-9223372036854775808)");
    let e = cute_layout::recast::downcast(&l, 2).expect_err("the stride overflows when scaled");
    assert!(matches!(e.root(), LayoutError::Overflow { .. }), "{e}");
}

/// ops: complement's post-condition check computed `cosize(L) + cosize(R) - 1` with the
/// subtraction unchecked, which overflowed for a huge layout divided by a negative-extent tiler
/// (a panic in debug builds). (The result was `(_-3,(_19,_-161813544506224135)):(_190,(_10,_-570))`,
/// with negative extents because the tiler has one; the divides now refuse negative extents.)
#[test]
fn divide_of_a_huge_layout_by_a_negative_tiler() {
    let a = lay("(_9223372036854775807):(_10)");
    let t: cute_layout::Tiler = "_-3:_19".parse().unwrap();
    let r = cute_layout::complement(
        &t.to_string().parse().unwrap(),
        &"_9223372036854775807".parse().unwrap(),
    );
    let _ = r; // no panic
    let e = cute_layout::logical_divide(&a, &t).expect_err("a negative extent");
    assert!(e.to_string().contains("has the negative extent _-3"), "{e}");
}

/// postconditions: `composition(4:s, (4,4,2):(-1,-1,1))` for `s = 2^62 + 1` is
/// `(4,4,2):(-s,-s,s)`, right, but evaluating it at index 18 (coordinate `(2,0,1)`, offset
/// `-2s + s = -s`) was an overflow error because the partial sum `-2s` leaves `i64`; so was
/// `composition(7:_2^31, ((5,5),5,5):((-1,3),2,2^31))` at index 251. Layouts now sum their terms
/// exactly (in 128 bits): only an offset that does not fit is an overflow.
#[test]
fn evaluation_sums_exactly() {
    let s = (1i64 << 62) + 1;
    for (a, b) in [
        (
            format!("((_4)):((_{s}))"),
            "((_4,_4,_2)):((_-1,_-1,_1))".to_string(),
        ),
        (
            "7:_2147483648".to_string(),
            "((5,5),5,5):((-1,3),2,2147483648)".to_string(),
        ),
    ] {
        let (a, b) = (lay(&a), lay(&b));
        let r = cute_layout::composition(&a, &b).unwrap();
        let offsets = r.offsets().ok();
        let mut fitting = 0;
        for i in 0..b.size().unwrap().value() {
            // Where `A(B(i))` fits in `i64`, `R(i)` must give it, however it is evaluated.
            let Ok(want) = a.eval(b.eval(i).unwrap()) else {
                assert!(r.eval(i).is_err(), "{r} at {i}");
                continue;
            };
            fitting += 1;
            assert_eq!(r.eval(i).unwrap(), want, "{r} at {i}");
            let crd = cute_layout::idx2crd(&i.to_string().parse().unwrap(), r.shape()).unwrap();
            assert_eq!(r.call(&crd).unwrap().value(), want, "{r} at {crd}");
            if let Some(o) = &offsets {
                assert_eq!(o[i as usize], want, "{r}: offsets()[{i}]");
            }
        }
        assert!(fitting > 0, "{r}");
    }
    // An offset that does not fit stays an overflow error.
    let big = lay(&format!("(4,2):({s},{s})"));
    assert!(matches!(big.eval(7), Err(LayoutError::Overflow { .. })));
    assert!(matches!(
        big.call(&"(3,1)".parse().unwrap()),
        Err(LayoutError::Overflow { .. })
    ));
}

/// ops (found by the brief fuzzing in CI): `logical_product(2147483648:0, T)` with a tiler `T`
/// that has a negative stride and an extent 0 checked the product's size (0) against
/// `BRUTE_FORCE_LIMIT`, then listed every offset of `A` to look for overlapping copies: a
/// 16 GiB allocation. An empty product has nothing to verify; otherwise the limit now bounds
/// the sizes of `A`, `B` and the product, each of which the check enumerates.
#[test]
fn product_check_is_bounded_by_every_layout_it_lists() {
    let a = lay("2147483648:0");
    let empty = lay("(_6,(_2,_4,_3),(_8,_0)):(_-4,(_7,_20,_-1),(_-4,_0))");
    let p = cute_layout::logical_product(&a, &cute_layout::Tiler::Layout(empty)).unwrap();
    assert_eq!(p.size().unwrap().value(), 0, "{p}");
    let e = cute_layout::logical_product(&lay("8388608:1"), &"2:-1".parse().unwrap())
        .expect_err("past the limit");
    assert!(e.to_string().contains("BRUTE_FORCE_LIMIT"), "{e}");
}

/// linear_readers: the readers took any text as a dimension's name (Triton's `toString()` form
/// `- \t!-´ is a size 1 dimension`, the compact form's quoted `-> ""=4`), which the compact
/// form they print back in cannot read; a name is now an identifier, as Triton's are.
#[test]
fn a_linear_layout_dimension_name_is_an_identifier() {
    use cute_layout::linear::LinearLayout;
    let err = "\t\t- \t!-´ is a size 1 dimension"
        .parse::<LinearLayout>()
        .unwrap_err();
    assert!(err.to_string().contains("not an identifier"), "{err}");
    let err = "->\"\"=4".parse::<LinearLayout>().unwrap_err();
    assert!(err.to_string().contains("not an identifier"), "{err}");
    let l: LinearLayout = " - register is a size 1 dimension\nwhere out dims are: [dim0 (size 1)]"
        .parse()
        .unwrap();
    assert_eq!(l.to_string().parse::<LinearLayout>().unwrap(), l);
}
