//! Post-conditions of the F2-stride layouts (`cute_layout::f2`), checked against definitions
//! written here independently of the library: the carry-less product as a bit loop, the
//! colexicographic split of an index, and the swizzle as CuTe's `x ^ ((x & yyy) >> S)`.
//!
//! Expected values of PyCuTe v2 (NVlabs/CuTe, `pycute/swizzle.py`, `pycute/algebra.py`,
//! `test/test_swizzle.py`) are the plain tests at the end.

use cute_layout::f2::{compose, F2Layout, F2};
use cute_layout::{ComposedLayout, Int, IntTuple, Layout, Swizzle, Tree};
use proptest::prelude::*;

/// The carry-less product, bit by bit.
fn clmul(c: i64, d: i64) -> i64 {
    (0..63)
        .filter(|b| c >> b & 1 == 1)
        .fold(0, |acc, b| acc ^ (d << b))
}

/// The definition: split `i` colexicographically over the extents (the last takes the rest),
/// then XOR the carry-less products.
fn by_definition(modes: &[(i64, i64)], i: i64) -> i64 {
    let mut rest = i;
    let mut acc = 0;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { rest } else { rest % s };
        rest /= s;
        acc ^= clmul(c, d);
    }
    acc
}

fn f2_layout(modes: &[(i64, i64)], tag: bool) -> F2Layout {
    let shape = IntTuple::from_leaves(modes.iter().map(|m| Int::new(m.0, tag)));
    let stride = Tree::from_leaves(modes.iter().map(|m| F2::new(Int::new(m.1, tag)).unwrap()));
    F2Layout::new(shape, stride).unwrap()
}

fn int_layout(modes: &[(i64, i64)]) -> Layout {
    Layout::new(
        IntTuple::from_leaves(modes.iter().map(|m| Int::fixed(m.0))),
        IntTuple::from_leaves(modes.iter().map(|m| Int::fixed(m.1))),
    )
    .unwrap()
}

fn size(modes: &[(i64, i64)]) -> i64 {
    modes.iter().map(|m| m.0).product()
}

/// Flat F2 modes: extents 1..=8, strides below 64.
fn any_modes() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec((1i64..=8, 0i64..64), 1..=3)
}

/// Modes with power-of-two extents (linear layouts).
fn linear_modes() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec(((0u32..=3).prop_map(|e| 1i64 << e), 0i64..64), 1..=3)
}

/// A layout that permutes the bits of `[0, 2^n)`: its modes take the index bits in groups
/// (extents `2^w`) and place each group at a distinct bit position (strides `2^p`).
fn bit_permutation() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec(1u32..=3, 1..=3)
        .prop_flat_map(|widths| {
            let order: Vec<usize> = (0..widths.len()).collect();
            (Just(widths), Just(order).prop_shuffle())
        })
        .prop_map(|(widths, order)| {
            // place group order[0] lowest, then order[1], ...
            let mut at = vec![0u32; widths.len()];
            let mut next = 0;
            for &g in &order {
                at[g] = next;
                next += widths[g];
            }
            widths
                .iter()
                .zip(&at)
                .map(|(&w, &p)| (1i64 << w, 1i64 << p))
                .collect()
        })
}

/// A swizzle whose bits fit below 2^12, either shift direction.
fn any_swizzle() -> impl Strategy<Value = Swizzle> {
    (0i64..=3, 0i64..=3, -4i64..=4).prop_filter_map("|S| >= B", |(b, m, s)| {
        Swizzle::new(b.min(s.abs()), m, s).ok()
    })
}

/// CuTe's swizzle, written out.
fn swizzle_of(sw: Swizzle, x: i64) -> i64 {
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift());
    let yyy = ((1i64 << b) - 1) << (m as i32 + s.max(0));
    let moved = if s >= 0 {
        (x & yyy) >> s
    } else {
        (x & yyy) << -s
    };
    x ^ moved
}

proptest! {
    /// `L(i) = ⊕ c_k·d_k` over the colexicographic coordinates of `i`, also past the size.
    #[test]
    fn evaluation_is_the_xor_of_carry_less_products(modes in any_modes(), tag in any::<bool>()) {
        let l = f2_layout(&modes, tag);
        for i in 0..size(&modes) + 4 {
            prop_assert_eq!(l.eval(i).unwrap(), by_definition(&modes, i), "{} at {}", l, i);
        }
        // a natural coordinate gives what its index gives
        let n = size(&modes);
        let idx = n - 1;
        let mut rest = idx;
        let coord: Vec<Int> = modes.iter().map(|&(s, _)| { let c = rest % s; rest /= s; Int::fixed(c) }).collect();
        let c = IntTuple::from_leaves(coord);
        if modes.len() > 1 {
            prop_assert_eq!(l.call(&c).unwrap().bits().value(), by_definition(&modes, idx));
        }
    }

    /// Printing and parsing round-trip, tags included.
    #[test]
    fn notation_round_trips(modes in any_modes(), tag in any::<bool>()) {
        let l = f2_layout(&modes, tag);
        let text = l.to_string();
        prop_assert_eq!(text.parse::<F2Layout>().unwrap(), l.clone());
        let v: cute_layout::value::Value = text.parse().unwrap();
        prop_assert_eq!(v.to_string(), text);
    }

    /// The cosize bounds every offset and is a power of two.
    #[test]
    fn cosize_bounds_the_image(modes in any_modes()) {
        let l = f2_layout(&modes, true);
        let c = l.cosize().value();
        prop_assert_eq!(c.count_ones(), 1);
        prop_assert!(l.offsets().unwrap().iter().all(|&o| o < c));
    }

    /// `coalesce`: same size, flat, same function on `[0, size)`.
    #[test]
    fn coalesce_keeps_the_function(modes in any_modes(), tag in any::<bool>()) {
        let l = f2_layout(&modes, tag);
        let r = l.coalesce();
        prop_assert_eq!(r.size().unwrap().value(), size(&modes));
        prop_assert!(r.depth() <= 1);
        prop_assert_eq!(r.offsets().unwrap(), l.offsets().unwrap(), "{} -> {}", l, r);
        prop_assert_eq!(r.coalesce(), r.clone());
    }

    /// `equal_as_functions` is offset-by-offset equality (its linear fast path included).
    #[test]
    fn equality_is_equality_of_offsets(a in linear_modes(), b in linear_modes()) {
        let (a, b) = (f2_layout(&a, true), f2_layout(&b, true));
        let same = a.size().unwrap() == b.size().unwrap() && a.offsets().unwrap() == b.offsets().unwrap();
        prop_assert_eq!(a.equal_as_functions(&b).unwrap(), same);
        prop_assert!(a.equal_as_functions(&a.coalesce()).unwrap());
    }

    /// Integer → F2 → integer: where the conversion is given, the offsets agree; a layout
    /// whose offsets occupy disjoint bits always converts.
    #[test]
    fn integer_and_f2_readings_agree(modes in prop::collection::vec((1i64..=8, 0i64..40), 1..=3)) {
        let l = int_layout(&modes);
        let ints = l.offsets().unwrap();
        let by_xor: Vec<i64> = (0..size(&modes)).map(|i| by_definition(&modes, i)).collect();
        match F2Layout::from_layout(&l) {
            Ok(f) => {
                prop_assert_eq!(f.offsets().unwrap(), ints.clone());
                prop_assert_eq!(f.to_layout().unwrap(), l.clone());
            }
            // the condition is exact: refused only where the readings differ
            Err(e) => prop_assert!(ints != by_xor, "{}", e),
        }
    }

    #[test]
    fn bit_permutations_convert(modes in bit_permutation()) {
        let l = int_layout(&modes);
        let f = F2Layout::from_layout(&l).unwrap();
        prop_assert_eq!(f.offsets().unwrap(), l.offsets().unwrap());
    }

    /// `Sw o _0 o L` → F2 → swizzled layout: equal as functions at every index, both ways.
    #[test]
    fn swizzled_layouts_convert_both_ways(modes in bit_permutation(), sw in any_swizzle()) {
        let l = int_layout(&modes);
        let cl = ComposedLayout::new(sw, Int::ZERO, l.clone());
        let f = F2Layout::from_composed(&cl).unwrap();
        let n = size(&modes);
        for i in 0..n {
            prop_assert_eq!(f.eval(i).unwrap(), swizzle_of(sw, l.eval(i).unwrap()), "{} vs {} at {}", f, cl, i);
        }
        let back = f.to_swizzled().unwrap();
        for i in 0..n {
            prop_assert_eq!(back.eval(i).unwrap(), f.eval(i).unwrap(), "{} vs {} at {}", back, f, i);
        }
    }

    /// Where `to_swizzled` answers, the answer is the same function.
    #[test]
    fn to_swizzled_is_the_same_function(modes in linear_modes()) {
        let f = f2_layout(&modes, true);
        if let Ok(back) = f.to_swizzled() {
            for i in 0..size(&modes) {
                prop_assert_eq!(back.eval(i).unwrap(), f.eval(i).unwrap(), "{} vs {}", back, f);
            }
        }
    }

    /// The inverse of a bijection on bits: `L(R(y)) = y` and `R(L(x)) = x` on `[0, 2^n)`.
    #[test]
    fn inverse_undoes_a_bijection(modes in bit_permutation(), sw in any_swizzle()) {
        let cl = ComposedLayout::new(sw, Int::ZERO, int_layout(&modes));
        let l = F2Layout::from_composed(&cl).unwrap();
        let n = size(&modes);
        // the swizzle may reach past the size: then it is no bijection of [0, n)
        let bijection = (0..n).all(|i| l.eval(i).unwrap() < n);
        match l.right_inverse() {
            Ok(r) => {
                prop_assert!(bijection);
                for x in 0..n {
                    prop_assert_eq!(r.eval(l.eval(x).unwrap()).unwrap(), x, "{} inverse {}", l, r);
                    prop_assert_eq!(l.eval(r.eval(x).unwrap()).unwrap(), x, "{} inverse {}", l, r);
                }
                prop_assert!(l.left_inverse().unwrap().equal_as_functions(&r).unwrap());
            }
            Err(e) => prop_assert!(!bijection, "{} refused: {}", l, e),
        }
    }

    /// Every linear F2 layout that permutes `[0, 2^n)` is inverted (random strides).
    #[test]
    fn inverse_where_the_columns_are_independent(modes in linear_modes()) {
        let l = f2_layout(&modes, true);
        let n = size(&modes);
        let mut offsets = l.offsets().unwrap();
        offsets.sort_unstable();
        let permutes = offsets == (0..n).collect::<Vec<_>>();
        prop_assert_eq!(l.right_inverse().is_ok(), permutes, "{}", l);
    }

    /// `A ∘ B` of a linear F2 layout after any F2 layout: `R(i) = A(B(i))`, size of `B`.
    #[test]
    fn composition_is_composition_of_functions(a in linear_modes(), b in any_modes()) {
        let (a, b) = (f2_layout(&a, true), f2_layout(&b, true));
        match a.compose(&b) {
            Ok(r) => {
                prop_assert_eq!(r.size().unwrap(), b.size().unwrap());
                for i in 0..b.size().unwrap().value() {
                    prop_assert_eq!(r.eval(i).unwrap(), a.eval(b.eval(i).unwrap()).unwrap(), "{} o {} = {}", a, b, r);
                }
            }
            // refused only for a mode of B whose extent is not a power of two
            Err(e) => prop_assert!(e.to_string().contains("not a power of two"), "{}", e),
        }
    }

    /// A swizzle after an F2 layout: `R(i) = Sw(B(i))`.
    #[test]
    fn swizzle_composition(b in linear_modes(), sw in any_swizzle()) {
        let b = f2_layout(&b, true);
        let r = compose(&sw, &b).unwrap();
        for i in 0..b.size().unwrap().value() {
            prop_assert_eq!(r.eval(i).unwrap(), swizzle_of(sw, b.eval(i).unwrap()));
        }
    }
}

/// PyCuTe v2's `test_swizzle.py::TestF2Layout::test_f2_layout_evaluation`.
#[test]
fn pycute_f2_layout_evaluation() {
    let l: F2Layout = "(4,8):(_1^,_8^)".parse().unwrap();
    for c0 in 0..4 {
        for c1 in 0..8 {
            let c: IntTuple = format!("({c0},{c1})").parse().unwrap();
            assert_eq!(l.call(&c).unwrap().bits().value(), c0 ^ (8 * c1));
        }
    }
}

/// PyCuTe v2's `right_inverse` docstring: `(8,8):(F1,F9)` is its own right inverse, and
/// `(8,8):(F9,F1)` has `(8,8):(F8,F9)`.
#[test]
fn pycute_right_inverse_examples() {
    let p = |s: &str| s.parse::<F2Layout>().unwrap();
    let l = p("(8,8):(1^,9^)");
    assert_eq!(l.right_inverse().unwrap().to_string(), "(8,8):(1^,9^)");
    let l = p("(8,8):(9^,1^)");
    assert_eq!(l.right_inverse().unwrap().to_string(), "(8,8):(8^,9^)");
}

/// PyCuTe v2's `F2` docstrings: `F2(0b1010) + F2(0b1100) == F6`, `F2(0b1010) * 2 == F20`,
/// `3 * F2(0b1010) == F30`, and the `_coshape_bound` example `Layout(4, F2(3))` reaching 6.
#[test]
fn pycute_f2_arithmetic() {
    let f = |v| F2::new(Int::fixed(v)).unwrap();
    assert_eq!(f(0b1010).xor(f(0b1100)), f(6));
    assert_eq!(f(0b1010).scale(Int::fixed(2)).unwrap(), f(20));
    assert_eq!(f(0b1010).scale(Int::fixed(3)).unwrap(), f(30));
    let l: F2Layout = "4:3^".parse().unwrap();
    assert_eq!(l.offsets().unwrap().into_iter().max(), Some(6));
    assert_eq!(l.cosize().value(), 8);
    assert!(F2::new(Int::fixed(5))
        .unwrap()
        .scale(Int::fixed(-1))
        .is_err());
}

/// The refusals name the mode, the extent and the carry.
#[test]
fn refusals_name_the_mode() {
    let e = F2Layout::from_layout(&"(_4,_4):(_1,_3)".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("mode 1 (4:3)"), "{e}");
    let a: F2Layout = "(_3,_4):(_1^,_4^)".parse().unwrap();
    let e = a.compose(&"_8:_1^".parse().unwrap()).unwrap_err();
    assert!(
        e.to_string().contains("flat mode 0 has the extent _3"),
        "{e}"
    );
    let cl: ComposedLayout = "Sw<2,0,2> o _1 o _16:_1".parse().unwrap();
    let e = F2Layout::from_composed(&cl).unwrap_err();
    assert!(e.to_string().contains("maps the index 0 to 1"), "{e}");
}
