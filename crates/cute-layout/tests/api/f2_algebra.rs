//! Post-conditions of the ordinary algebra on F2 layouts (`cute_layout::f2`, `f2/algebra.rs`):
//! composition with integer tilers, the divides, coalesce by profile, the structure round trip
//! and the largest right inverse, checked against the definition of an F2 layout written here
//! (the colexicographic split of an index, XOR of carry-less products), over mixed static and
//! dynamic leaves, non-power-of-two extents and zero strides.

use cute_layout::algebra::divide::logical_divide;
use cute_layout::f2::{F2Layout, F2};
use cute_layout::{Int, IntTuple, Layout, Tiler, Tree};
use proptest::prelude::*;

/// The carry-less product, bit by bit.
fn clmul(c: i64, d: i64) -> i64 {
    (0..63)
        .filter(|b| c >> b & 1 == 1)
        .fold(0, |acc, b| acc ^ (d << b))
}

/// The definition: split `i` over the flat extents (the last takes the rest), XOR the
/// carry-less products.
fn eval(l: &F2Layout, i: i64) -> i64 {
    let modes: Vec<(i64, i64)> = l
        .leaves()
        .map(|(s, d)| (s.value(), d.bits().value()))
        .collect();
    let mut rest = i;
    let mut acc = 0;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { rest } else { rest % s };
        rest /= s;
        acc ^= clmul(c, d);
    }
    acc
}

/// An integer layout's offset, by its definition.
fn eval_int(l: &Layout, i: i64) -> i64 {
    let modes: Vec<(i64, i64)> = l.leaves().map(|(s, d)| (s.value(), d.value())).collect();
    let mut rest = i;
    let mut acc = 0;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { rest } else { rest % s };
        rest /= s;
        acc += c * d;
    }
    acc
}

fn size(l: &F2Layout) -> i64 {
    l.size().unwrap().value()
}

/// An F2 layout of two top-level modes, each of one or two flat modes, with the static tags
/// given leaf by leaf.
fn layout_of(modes: &[(i64, i64, bool)], split: usize) -> F2Layout {
    let leaf = |m: &(i64, i64, bool)| (Int::new(m.0, m.2), F2::new(Int::new(m.1, m.2)).unwrap());
    let group = |ms: &[(i64, i64, bool)]| -> (IntTuple, Tree<F2>) {
        match ms {
            [m] => (Tree::leaf(leaf(m).0), Tree::leaf(leaf(m).1)),
            _ => (
                Tree::from_leaves(ms.iter().map(|m| leaf(m).0)),
                Tree::from_leaves(ms.iter().map(|m| leaf(m).1)),
            ),
        }
    };
    let split = split.clamp(1, modes.len() - 1);
    let (a, b) = (group(&modes[..split]), group(&modes[split..]));
    F2Layout::new(
        Tree::tuple([a.0, b.0]).unwrap(),
        Tree::tuple([a.1, b.1]).unwrap(),
    )
    .unwrap()
}

/// Flat modes: extents 1..=8 (power-of-two ones more often), strides below 64 (zero included),
/// each leaf static or dynamic.
fn any_modes() -> impl Strategy<Value = Vec<(i64, i64, bool)>> {
    let extent = prop_oneof![(0u32..=3).prop_map(|e| 1i64 << e), 1i64..=8];
    prop::collection::vec((extent, 0i64..64, any::<bool>()), 2..=4)
}

/// An integer tiler layout: one or two modes, power-of-two and other strides, zero included.
fn any_tiler() -> impl Strategy<Value = Layout> {
    let stride = prop_oneof![(0u32..=4).prop_map(|e| 1i64 << e), 0i64..6];
    prop::collection::vec((1i64..=4, stride), 1..=2).prop_map(|ms| {
        Layout::new(
            IntTuple::from_leaves(ms.iter().map(|m| Int::fixed(m.0))),
            IntTuple::from_leaves(ms.iter().map(|m| Int::fixed(m.1))),
        )
        .unwrap()
    })
}

proptest! {
    /// Composition: `(A ∘ B)(i) == A(B(i))` for `i < size(B)`, and `size(A ∘ B) == size(B)`.
    #[test]
    fn composition_is_a_after_b(modes in any_modes(), split in 1usize..4, b in any_tiler()) {
        let a = layout_of(&modes, split);
        if let Ok(r) = a.composition(&Tiler::Layout(b.clone())) {
            let n = b.size().unwrap().value();
            prop_assert_eq!(size(&r), n, "{} o {} = {}", a, b, r);
            // in A's domain (past it C++'s composition follows coalesce(A), whose last mode
            // may differ from A's: `(1,1):(0,1)` at 1)
            for i in (0..n).filter(|&i| eval_int(&b, i) < size(&a)) {
                prop_assert_eq!(eval(&r, i), eval(&a, eval_int(&b, i)), "{} o {} = {} at {}", a, b, r, i);
            }
        }
    }

    /// A power-of-two-strided injective tiler into a linear layout always composes.
    #[test]
    fn power_of_two_tilers_compose(e in prop::collection::vec(0u32..=2, 2..=3), d in prop::collection::vec(0i64..64, 3)) {
        let modes: Vec<(i64, i64, bool)> = e.iter().zip(&d).map(|(&e, &d)| (1i64 << e, d, true)).collect();
        let a = layout_of(&modes, 1);
        let n = size(&a);
        // the transpose-like tiler (n/2, 2):(2, 1) of an even size, or n:1
        let b: Layout = if n % 2 == 0 && n > 2 { format!("({},2):(2,1)", n / 2).parse().unwrap() } else { format!("{n}:1").parse().unwrap() };
        let r = a.composition(&Tiler::Layout(b.clone()));
        prop_assert!(r.is_ok(), "{} o {}: {:?}", a, b, r);
    }

    /// The divides are `A ∘ (T, T*)`: the same function as `A` after the integer divide of the
    /// compact layout of `A`'s shape (which maps each index in `A`'s domain to itself); the zipped, tiled and
    /// flat forms are the logical one regrouped.
    #[test]
    fn divides_are_compositions(modes in any_modes(), split in 1usize..4, t in any_tiler()) {
        let a = layout_of(&modes, split);
        let tiler = Tiler::Layout(t.clone());
        if let Ok(r) = a.logical_divide(&tiler) {
            // the prefix products as strides (also of extent-1 modes, which column_major sets to
            // 0): the identity on every index, past the size too
            let mut pp = 1i64;
            let strides = a.shape().map(|s| { let d = pp; pp *= s.value(); Int::fixed(d) });
            let compact = Layout::new(a.shape().clone(), strides).unwrap();
            // (the compact layout coalesces to one mode, so its divide may fail where A's does not)
            let Ok(index) = logical_divide(&compact, &tiler) else { return Ok(()) };
            prop_assert_eq!(r.size().unwrap().value(), index.size().unwrap().value());
            for i in (0..size(&r)).filter(|&i| eval_int(&index, i) < size(&a)) {
                prop_assert_eq!(eval(&r, i), eval(&a, eval_int(&index, i)), "{} / {} = {} at {}", a, t, r, i);
            }
            for f in [F2Layout::zipped_divide, F2Layout::tiled_divide, F2Layout::flat_divide] {
                let z = f(&a, &tiler).unwrap();
                prop_assert!(z.equal_as_functions(&r).unwrap(), "{} vs {}", z, r);
            }
        }
    }

    /// Coalesce by profile: the same function, no more modes, each profiled mode flat.
    #[test]
    fn coalesce_by_keeps_the_function(modes in any_modes(), split in 1usize..4, by_mode in any::<bool>()) {
        let a = layout_of(&modes, split);
        let profile: IntTuple = if by_mode { "(1,1)".parse().unwrap() } else { "1".parse().unwrap() };
        let r = a.coalesce_by(&profile).unwrap();
        prop_assert!(r.shape().leaf_count() <= a.shape().leaf_count());
        prop_assert_eq!(size(&r), size(&a));
        if by_mode {
            prop_assert_eq!(r.rank(), 2);
            prop_assert!(r.mode(0).unwrap().depth() <= 1 && r.mode(1).unwrap().depth() <= 1);
        }
        for i in 0..size(&a) {
            prop_assert_eq!(eval(&r, i), eval(&a, i));
        }
    }

    /// The structure round trip keeps the layout, tags included.
    #[test]
    fn structure_round_trips(modes in any_modes(), split in 1usize..4) {
        let a = layout_of(&modes, split);
        prop_assert_eq!(F2Layout::with_structure(&a.structure()).unwrap(), a);
    }

    /// PyCuTe v2's right inverse: `L(R(i)) == i` for `i < size(R)`; of a bijection on
    /// `[0, 2^n)`, a restriction of the inverse the Gauss–Jordan elimination finds.
    #[test]
    fn right_inverse_is_a_right_inverse(modes in any_modes(), split in 1usize..4) {
        let l = layout_of(&modes, split);
        let r = l.right_inverse_largest();
        prop_assert_eq!(r.is_ok(), l.is_linear(), "{}: {:?}", l, r);
        let Ok(r) = r else { return Ok(()) };
        for i in 0..size(&r) {
            prop_assert_eq!(eval(&l, eval(&r, i)), i, "{} with R = {} at {}", l, r, i);
        }
        if let Ok(g) = l.right_inverse() {
            // a restriction of the whole inverse
            prop_assert!(size(&r) <= size(&g));
            for i in 0..size(&r) {
                prop_assert_eq!(eval(&r, i), eval(&g, i), "{}: {} vs {}", l, g, r);
            }
        }
    }

    /// A result of an all-static layout and tiler is all static (rule 2).
    #[test]
    fn static_in_static_out(modes in any_modes(), split in 1usize..4, t in any_tiler()) {
        let modes: Vec<_> = modes.into_iter().map(|(s, d, _)| (s, d, true)).collect();
        let a = layout_of(&modes, split);
        if let Ok(r) = a.logical_divide(&Tiler::Layout(t)) {
            prop_assert!(r.is_static(), "{}", r);
        }
    }
}

/// The refusals name the mode and the carry.
#[test]
fn carrying_steps_are_refused() {
    let a: F2Layout = "_64:_1^".parse().unwrap();
    let e = a
        .composition(&"4:3".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("flat mode 0") && e.contains("carries"), "{e}");
    let e = a
        .composition(&"(2,2):(1,1)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("overlapping bits"), "{e}");
}

/// PyCuTe v2's `test/test_inverse_right.py` (NVlabs/CuTe, commit 13af37e389dc): the F2 cases,
/// with the sizes that file asserts (`test_right_inverse_f2_is_largest`,
/// `test_right_inverse_f2_residue_must_not_leak`, `test_right_inverse_f2_involution`).
#[test]
fn pycute_v2_right_inverse_cases() {
    let inv = |s: &str| {
        s.parse::<F2Layout>()
            .unwrap()
            .right_inverse_largest()
            .unwrap()
    };
    for l in [
        "(8,8):(1^,9^)",
        "(8,8):(9^,1^)",
        "(4,4):(1^,5^)",
        "(4,(4,3)):(1^,(5^,16^))",
    ] {
        let f: F2Layout = l.parse().unwrap();
        let r = inv(l);
        assert_eq!(size(&r), size(&f), "{l}: {r}");
        assert!(
            (0..size(&f)).all(|i| eval(&f, eval(&r, i)) == i),
            "{l}: {r}"
        );
    }
    assert_eq!(size(&inv("(8,8):(1^,13^)")), 8);
    assert_eq!(inv("(8,8):(1^,9^)").to_string(), "(8,8):(1^,9^)");
    assert_eq!(inv("(4,4):(1^,5^)").to_string(), "(4,4):(1^,5^)");
    assert_eq!(inv("(8,8):(9^,1^)").to_string(), "(8,8):(8^,9^)");
}
