//! Swizzles, composed layouts and re-typing: every observed fact of the reference (§1.5, §11)
//! and property tests.

use crate::common::refused;
use cute_layout::recast::{downcast, recast_layout, upcast, upcast_swizzle};
use cute_layout::{make_swizzle, AnyLayout, ComposedLayout, Layout, LayoutError, Swizzle};
use cute_tools::eval::eval;
use proptest::prelude::*;

fn ev(e: &str) -> String {
    match eval(e) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error: {err}"),
    }
}

#[test]
fn observed_swizzle_facts() {
    assert_eq!(ev("crd2idx(Sw<2,0,3>,42)"), "43");
    assert_eq!(ev("crd2idx(Sw<3,3,3>,_448)"), "_504");
    assert_eq!(ev("make_swizzle(8,4)"), "Sw<1,2,1>");
    assert_eq!(ev("make_swizzle(192,6)"), "Sw<2,1,5>");
    assert_eq!(ev("composition(Sw<1,0,2>,Sw<1,1,2>)"), "Sw<2,0,2>");
    assert!(ev("make_swizzle(12,1)").contains("Number of bits in Y and Z don't match"));
    assert!(ev("composition(Sw<1,0,2>,Sw<1,0,3>)")
        .contains("Can only merge swizzles of the same shift."));
    let e = "Sw<3,0,2>".parse::<Swizzle>().unwrap_err();
    assert!(e
        .to_string()
        .contains("abs(SShift) must be more than BBits."));
    assert!(Swizzle::new(-1, 0, 2)
        .unwrap_err()
        .to_string()
        .contains("BBits must be positive."));
    assert!(Swizzle::new(1, -1, 2)
        .unwrap_err()
        .to_string()
        .contains("MBase must be positive."));
}

#[test]
fn observed_composed_layout_facts() {
    let cl = "Sw<2,0,3> o _0 o (_8,_8):(_8,_1)";
    assert_eq!(ev(&format!("crd2idx({cl},(1,5))")), "12");
    assert_eq!(ev("cosize(Sw<2,0,3> o _0 o (_4,_4):(_8,_1))"), "_28");
    assert_eq!(
        ev(&format!("right_inverse({cl})")),
        "Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)"
    );
    // C++: the dynamic coordinate makes the strides -1 and 2 dynamic, and C++ merges the
    // decayed swizzle's modes only where it knows statically that they merge: 2:2 stays apart
    // from 2:_4.
    assert_eq!(
        ev(&format!("slice_and_offset((1,_),{cl})")),
        "((_2,_2,_2)):((-1,2,_4))+9"
    );
    assert_eq!(
        ev(&format!("slice_and_offset((_,1),{cl})")),
        "((_2,_2,_2)):((7,18,_32))+1"
    );
    let parsed: ComposedLayout = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    assert_eq!(parsed.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!(
        ev("recast_layout(Sw<3,4,3> o _0 o (_8,_64):(_64,_1),16,32)"),
        "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"
    );
    assert_eq!(ev("upcast(Sw<3,4,3>,32)"), "Sw<2,0,3>");
    assert!(
        ev("composition((_8,_8):(_8,_1),Sw<1,0,1> o 4 o _8:_1)").contains("Require offset == 0.")
    );
    // structural operations forward to the inner layout
    assert_eq!(
        ev("logical_divide(Sw<3,4,3> o _0 o (_8,_64):(_64,_1),(_8,_8))"),
        "Sw<3,4,3> o _0 o ((_8,_1),(_8,_8)):((_64,_0),(_1,_8))"
    );
    assert_eq!(ev("size(Sw<3,4,3> o _0 o (_8,_64):(_64,_1))"), "_512");
    assert_eq!(
        ev("max_common_vector(Sw<3,4,3> o _0 o (_8,_64):(_64,_1),(_8,_64):(_64,_1))"),
        "_16"
    );
}

#[test]
fn observed_recast_facts() {
    let l: Layout = "(_4,_8):(_1,_4)".parse().unwrap();
    assert_eq!(upcast(&l, 2).unwrap().to_string(), "(_2,_8):(_1,_2)");
    assert_eq!(upcast(&l, 8).unwrap().to_string(), "(_1,_4):(_1,_1)");
    assert_eq!(downcast(&l, 2).unwrap().to_string(), "(_8,_8):(_1,_8)");
    assert_eq!(ev("upcast((_4,_8):(_1,_4),2)"), "(_2,_8):(_1,_2)");
    // one rule: a dynamic stride is divided exactly like a static one
    assert_eq!(ev("upcast((4,8):(1,4),2)"), "(2,8):(1,2)");
    assert!(ev("upcast(_4:_6,4)").contains("Divisibility condition"));
    assert!(ev("downcast((_4,_8):(_2,_8),2)").contains("Downcast requires adjacent elements"));
    assert_eq!(recast_layout(&l, 8, 8).unwrap(), l);
    // 16 -> 24 bits is upcast<3> then downcast<2>; stride 4 and 3 do not divide each other
    assert!(recast_layout(&l, 16, 24).is_err());
    assert_eq!(
        recast_layout(&"(_6,_8):(_1,_6)".parse().unwrap(), 16, 24)
            .unwrap()
            .to_string(),
        "(_4,_8):(_1,_4)"
    );
}

#[test]
fn observed_basis_facts() {
    assert_eq!(
        ev("make_identity_layout((_2,(_3,_4)))"),
        "(_2,(_3,_4)):(_1@0,(_1@0@1,_1@1@1))"
    );
}

fn swizzles() -> impl Strategy<Value = Swizzle> {
    (0i64..4, 0i64..4, 0i64..6, any::<bool>()).prop_filter_map("valid", |(b, m, s, neg)| {
        let s = if neg { -s } else { s };
        Swizzle::new(b, m, s).ok()
    })
}

proptest! {
    #[test]
    fn swizzle_is_an_involution_and_a_bijection(sw in swizzles()) {
        let bits = sw.bits() as i64 + sw.base() as i64 + sw.shift().unsigned_abs() as i64;
        let n = 1i64 << bits;
        let mut seen = vec![false; n as usize];
        for x in 0..n {
            let y = sw.apply(x);
            prop_assert_eq!(sw.apply(y), x);
            prop_assert!((0..n).contains(&y));
            prop_assert!(!seen[y as usize]);
            seen[y as usize] = true;
        }
    }

    #[test]
    fn make_swizzle_round_trips(sw in swizzles()) {
        prop_assume!(sw.bits() > 0);
        prop_assert_eq!(make_swizzle(sw.yyy_mask(), sw.zzz_mask()).unwrap(), sw);
    }

    #[test]
    fn slices_of_swizzled_layouts_agree_with_evaluation(r in 0i64..8, c in 0i64..8, s in 1i64..4) {
        let cl: ComposedLayout = format!("Sw<2,0,{}> o _0 o (_8,_8):(_8,_1)", s + 1).parse().unwrap();
        for coord in [format!("({r},_)"), format!("(_,{c})")] {
            let (l, off) = cl.slice_and_offset(&coord.parse().unwrap()).unwrap();
            for i in 0..8 {
                let full = coord.replace('_', &i.to_string());
                prop_assert_eq!(l.eval(i).unwrap() + off.value(), cl.call(&full.parse().unwrap()).unwrap().value());
            }
        }
    }

    #[test]
    fn composed_right_inverse_is_a_right_inverse(s in 1i64..4, m in 0i64..2) {
        let cl: ComposedLayout = format!("Sw<1,{m},{s}> o _0 o (_8,_8):(_8,_1)").parse().unwrap();
        let inv = cl.right_inverse().unwrap();
        for i in 0..64 {
            prop_assert_eq!(cl.eval(inv.eval(i).unwrap()).unwrap(), i);
        }
    }
}

#[test]
fn upcast_then_swizzle_values_match() {
    // a swizzled 16-bit layout seen as 32-bit elements: pairs of neighbours stay together
    let cl: AnyLayout = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    let wide = cute_layout::recast::recast_any(&cl, 16, 32).unwrap();
    for r in 0..8 {
        for c in 0..32 {
            let w = wide
                .call(&format!("({r},{c})").parse().unwrap())
                .unwrap()
                .value();
            let n = cl
                .call(&format!("({r},{})", 2 * c).parse().unwrap())
                .unwrap()
                .value();
            assert_eq!(w * 2, n);
        }
    }
    assert_eq!(
        upcast_swizzle(Swizzle::new(3, 4, 3).unwrap(), 2)
            .unwrap()
            .to_string(),
        "Sw<3,3,3>"
    );
    assert!(matches!(
        upcast_swizzle(Swizzle::new(3, 4, 3).unwrap(), 3).unwrap_err(),
        LayoutError::InvalidArgument { .. }
    ));
}

// ---- composed layouts whose outer function is a layout ----------------------------------

#[test]
fn layout_outer_composed_facts() {
    let cases = [
        (
            "make_composed_layout((_4,_2):(_2,_1),_0,_8:_1)",
            "(_4,_2):(_2,_1) o _0 o _8:_1",
        ),
        ("crd2idx((_4,_2):(_2,_1) o _0 o _8:_1,5)", "3"),
        ("crd2idx((_4,_2):(_2,_1) o _2 o _8:_1,_1)", "_6"),
        // composition(L, CL) = composition(composition(L, A), B)
        (
            "composition(_8:_3,(_4,_2):(_2,_1) o _0 o _8:_1)",
            "(_4,_2):(_6,_3)",
        ),
        // structural operations act on B and keep A and the offset
        ("size((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2))", "_8"),
        ("cosize((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2))", "_8"),
        ("rank((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2))", "_2"),
        (
            "coalesce((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2))",
            "(_4,_2):(_2,_1) o _0 o _8:_1",
        ),
        (
            "logical_divide((_4,_2):(_2,_1) o _0 o _8:_1,_2)",
            "(_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2)",
        ),
        (
            "composition((_4,_2):(_2,_1) o _0 o _8:_1,_4:_2)",
            "(_4,_2):(_2,_1) o _0 o _4:_2",
        ),
        (
            "layout((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2),1)",
            "(_4,_2):(_2,_1) o _0 o _4:_2",
        ),
        // C++'s generic slice: the offset moves inside
        (
            "slice_and_offset((1,_),(_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2))",
            "(_4,_2):(_2,_1) o 1 o (_4):(_2)+_0",
        ),
        (
            "local_tile((_4,_2):(_2,_1) o _0 o (_2,_4):(_1,_2),(_2,_2),(0,1))",
            "(_4,_2):(_2,_1) o 4 o (_2,_2):(_1,_2)+_0",
        ),
        // inverses: C++'s generic rule inv(B) o -offset o inv(A)
        (
            "right_inverse((_4,_2):(_2,_1) o _0 o _8:_1)",
            "_8:_1 o _0 o (_2,_4):(_4,_1)",
        ),
        (
            "left_inverse((_4,_2):(_2,_1) o _2 o _8:_1)",
            "_8:_1 o _-2 o (_2,_4):(_4,_1)",
        ),
        // a swizzled layout over a layout-composed one
        (
            "composition(Sw<1,0,1> o _0 o _8:_1,(_4,_2):(_2,_1) o _0 o _8:_1)",
            "Sw<1,0,1> o _0 o (_4,_2):(_2,_1)",
        ),
        (
            "upcast((_4,_2):(_2,_1) o _0 o _8:_1,2)",
            "(_4,_1):(_1,_1) o _0 o _4:_1",
        ),
    ];
    for (e, want) in cases {
        assert_eq!(ev(e), want, "{e}");
    }
    assert!(ev("composition(_8:_3,(_4,_2):(_2,_1) o 1 o _8:_1)").contains("Require offset == 0."));
    for bad in [
        "size((_4,_2):(_2,_1) o _0 o)",
        "size((_4,_2):(_2,_1) o _0 _8:_1)",
        "size((_4,_2):(_2,_1) over _0 o _8:_1)",
        "composition(Sw<1,0,1>,(_4,_2):(_2,_1) o _0 o _8:_1)",
        "composition((_4,_2):(_2,_1) o _0 o _8:_1,Sw<1,0,1> o _0 o _8:_1)",
        "make_composed_layout((2,3),0,_8:_1)",
    ] {
        assert!(eval(bad).is_err(), "{bad}");
    }
}

#[test]
fn layout_outer_composed_parses_and_prints() {
    let cl: ComposedLayout = "(_4,_2):(_2,_1) o 3 o (_2,_4):(_1,_2)".parse().unwrap();
    assert_eq!(cl.to_string(), "(_4,_2):(_2,_1) o 3 o (_2,_4):(_1,_2)");
    assert!(cl.swizzle().is_none());
    assert_eq!(cl.to_string().parse::<ComposedLayout>().unwrap(), cl);
    let any: AnyLayout = "(_4,_2):(_2,_1) o 3 o (_2,_4):(_1,_2)".parse().unwrap();
    assert_eq!(any, AnyLayout::Composed(cl));
    assert!("(_4,_2):(_2,_1)".parse::<ComposedLayout>().is_err());
    // the inverses of a bijective A o 0 o B invert it
    let cl: ComposedLayout = "(_4,_2):(_2,_1) o _0 o (_2,_4):(_4,_1)".parse().unwrap();
    let (r, l) = (cl.right_inverse().unwrap(), cl.left_inverse().unwrap());
    for i in 0..8 {
        assert_eq!(cl.eval(r.eval(i).unwrap()).unwrap(), i);
        assert_eq!(l.eval(cl.eval(i).unwrap()).unwrap(), i);
    }
    assert!(matches!(
        "(_4,_2):(_2,_1)".parse::<AnyLayout>().unwrap(),
        AnyLayout::Layout(_)
    ));
}

fn small_layout() -> impl Strategy<Value = Layout> {
    (1i64..=4, 1i64..=4, 0i64..=5, 0i64..=5)
        .prop_map(|(a, b, d0, d1)| format!("(_{a},_{b}):(_{d0},_{d1})").parse().unwrap())
}

proptest! {
    /// `A o off o B` evaluates to `A(off + B(c))`; its slices, composition with a layout and
    /// structural operations agree with direct evaluation.
    #[test]
    fn layout_outer_composed_matches_direct_evaluation(a in small_layout(), b in small_layout(), off in 0i64..4, l in small_layout()) {
        let cl = ComposedLayout::with_outer(
            cute_layout::swizzle::Outer::from(a.clone()),
            cute_layout::Int::dynamic(off),
            b.clone(),
        );
        let n = b.size().unwrap().value();
        for i in 0..n {
            prop_assert_eq!(cl.eval(i).unwrap(), a.eval(off + b.eval(i).unwrap()).unwrap());
        }
        // slicing mode 1 at each coordinate
        for j in 0..b.shape().get(1).unwrap().size().unwrap().value() {
            let (r, o) = cl.slice_and_offset(&format!("(_,{j})").parse().unwrap()).unwrap();
            for i in 0..r.size().unwrap().value() {
                let want = cl.call(&format!("({i},{j})").parse().unwrap()).unwrap().value();
                prop_assert_eq!(r.eval(i).unwrap() + o.value(), want);
            }
        }
        // coalesce keeps the function
        let c = cute_layout::swizzle::coalesce_any(&cl.clone().into()).unwrap();
        for i in 0..n {
            prop_assert_eq!(c.eval(i).unwrap(), cl.eval(i).unwrap());
        }
        // composition(L, A o 0 o B) is L ∘ A ∘ B wherever it is defined (B inside the domain
        // of A, A inside the domain of L)
        let inside = |x: &Layout, y: &Layout| x.cosize().unwrap().value() <= y.size().unwrap().value();
        let defined = inside(&b, &a) && inside(&a, &l);
        let cl0 = ComposedLayout::with_outer(
            cute_layout::swizzle::Outer::from(a.clone()),
            cute_layout::Int::ZERO,
            b.clone(),
        );
        if let (true, Ok(r)) = (defined, ComposedLayout::compose_after(&l, &cl0)) {
            for i in 0..n {
                prop_assert_eq!(r.eval(i).unwrap(), l.eval(cl0.eval(i).unwrap()).unwrap());
            }
        }
    }
}

/// C++'s `composition(Swizzle<0,M,S>, _0, L)` returns `L` (the 2-argument form passes `_0`),
/// also when a layout composed with a swizzle commutes to an identity swizzle;
/// `make_composed_layout` keeps the swizzle. (bench/atoms/cases.txt checks these against C++.)
#[test]
fn composition_with_an_identity_swizzle_is_the_layout() {
    assert_eq!(
        ev("composition(Sw<0,4,3>,(_8,_8):(_8,_1))"),
        "(_8,_8):(_8,_1)"
    );
    assert_eq!(ev("composition(Sw<0,0,0>,(8,8):(8,1))"), "(8,8):(8,1)");
    assert_eq!(ev("composition(_64:_0,Sw<3,0,3>)"), "_64:_0");
    assert_eq!(ev("composition(_64:_1,Sw<0,4,3>)"), "_64:_1");
    assert_eq!(
        ev("composition(Sw<3,4,3>,(_8,_8):(_8,_1))"),
        "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)"
    );
    assert_eq!(
        ev("make_composed_layout(Sw<0,4,3>,_0,(_8,_8):(_8,_1))"),
        "Sw<0,4,3> o _0 o (_8,_8):(_8,_1)"
    );
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

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
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

// From cargo mutants, a survivor in swizzle.rs (docs/dev/mutation-testing.md).
/// `slice_positions`: without the positions the post-condition checks nothing, and C++'s
/// wrong slice (offset and `L(c)` share a bit) would be returned.
#[test]
fn swizzled_slice_postcondition_runs() {
    refused(
        "local_tile(Sw<2,0,6> o _6 o (_8,_8):(_8,_1), (_4,_2), (1,1))",
        &["differs at 0: 36 ≠ 40", "needs offset & L(c) == 0"],
    );
}
