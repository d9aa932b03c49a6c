//! Swizzles and composed layouts through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/swizzle.rs`.

use cute_layout::LayoutError;

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
/// `Swizzle::compose`: masks that cancel give the identity (mutants `^` -> `|` on either mask
/// refuse it).
#[test]
fn swizzle_compose_cancels_and_checks_every_bit() {
    use cute_layout::Swizzle;
    let a = Swizzle::new(1, 4, 3).unwrap();
    assert_eq!(a.compose(a).unwrap().to_string(), "Sw<0,0,0>");
}

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
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

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
/// `ComposedLayout::rank` / `depth` are the inner layout's (mutants return 0 or 1).
#[test]
fn composed_layout_rank_and_depth() {
    use cute_layout::ComposedLayout;
    let cl: ComposedLayout = "Sw<1,0,1> o _0 o ((_2,_2),_2):((_1,_2),_4)"
        .parse()
        .unwrap();
    assert_eq!((cl.rank(), cl.depth()), (2, 2));
}

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
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
