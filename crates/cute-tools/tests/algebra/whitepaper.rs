//! The whitepaper's operations (`coalesce_z`, `greatest_common_domain`, `layout_add`) and
//! C++'s `make_layout_like` and `coshape`: every post-condition the whitepaper states, over
//! static, dynamic, negative and zero strides, and the recorded expected values
//! (`tests/data/whitepaper.tsv`).

use cute_layout::algebra::whitepaper::{
    coalesce_z, coshape, greatest_common_domain, layout_add, make_layout_like,
};
use cute_layout::{coalesce, composition, Int, IntTuple, Layout};
use cute_tools::eval::eval;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A flat layout of 1 to 4 modes, extents 1..=6, strides -8..=12 (zero often), each integer
/// static or dynamic.
fn arb_layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec((1i64..=6, -8i64..=12, any::<bool>(), any::<bool>()), 1..=4).prop_map(
        |ms| {
            Layout::new(
                IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.0, m.2))),
                IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.1, m.3))),
            )
            .expect("a flat layout")
        },
    )
}

fn arb_shape() -> impl Strategy<Value = IntTuple> {
    prop::collection::vec((1i64..=12, any::<bool>()), 1..=4)
        .prop_map(|ms| IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.0, m.1))))
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn whitepaper_values() {
    let text = include_str!("../data/whitepaper.tsv");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (expr, want) = line.split_once('\t').expect("expr<TAB>result");
        let got = eval(expr).map(|v| v.to_string());
        assert_eq!(got.as_deref(), Ok(want), "{expr}");
        checked += 1;
    }
    assert!(checked >= 12, "{checked} cases");
}

#[test]
fn refusals_name_the_operation_and_numbers() {
    let e = eval("layout_add(4:1, 6:1)").unwrap_err().to_string();
    assert!(
        e.contains("layout_add") && e.contains("4") && e.contains("6"),
        "{e}"
    );
    let e = eval("layout_add((2,3):(1,10), (3,2):(1,10))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no common domain of size 6"), "{e}");
    let e = eval("greatest_common_domain((2,0), (4))")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("greatest_common_domain") && e.contains("extent 0"),
        "{e}"
    );
}

proptest! {
    /// `size(R) == size(L)`, `depth(R) ≤ 1`, `R(i) == L(i)` on the extended domain (ten past
    /// the size), idempotence; and on `[0, size)` it agrees with `coalesce`.
    #[test]
    fn coalesce_z_postconditions(l in arb_layout()) {
        let r = coalesce_z(&l).unwrap();
        let n = l.size().unwrap().value();
        prop_assert_eq!(r.size().unwrap().value(), n);
        prop_assert!(r.depth() <= 1, "{}", r);
        for i in 0..n + 10 {
            prop_assert_eq!(r.eval(i).unwrap(), l.eval(i).unwrap(), "{} vs {} at {}", r, l, i);
        }
        prop_assert_eq!(&coalesce_z(&r).unwrap(), &r);
        let c = coalesce(&l).unwrap();
        for i in 0..n {
            prop_assert_eq!(c.eval(i).unwrap(), r.eval(i).unwrap());
        }
    }

    /// Symmetric, depth 1, `size(G)` divides `gcd(size(A), size(B))`, and each mode of `G`
    /// lies inside one leaf of each shape (composition with `G` is defined).
    #[test]
    fn greatest_common_domain_postconditions(a in arb_shape(), b in arb_shape()) {
        let g = greatest_common_domain(&a, &b).unwrap();
        prop_assert_eq!(&g, &greatest_common_domain(&b, &a).unwrap());
        prop_assert!(g.depth() <= 1);
        let (sa, sb) = (a.size().unwrap().value(), b.size().unwrap().value());
        prop_assert_eq!(gcd(sa, sb) % g.size().unwrap().value(), 0, "{}", g);
        let la = Layout::column_major(&a).unwrap();
        let lb = Layout::column_major(&b).unwrap();
        prop_assert!(composition(&la, &g).is_ok(), "{} o {}", la, g);
        prop_assert!(composition(&lb, &g).is_ok(), "{} o {}", lb, g);
    }

    /// `R(i) == A(i) + B(i)` and symmetry, for `B` a layout of `A`'s size built to share a
    /// domain with it (a reordering of `A`'s modes with other strides), and for any `B` of the
    /// same size where the sum exists.
    #[test]
    fn layout_add_postconditions(a in arb_layout(), strides in prop::collection::vec(-6i64..=9, 4), flip in any::<bool>()) {
        let mut leaves: Vec<(Int, Int)> = a.leaves().collect();
        for (m, d) in leaves.iter_mut().zip(&strides) {
            m.1 = Int::dynamic(*d);
        }
        if flip {
            leaves.reverse();
        }
        let b = Layout::new(
            IntTuple::from_leaves(leaves.iter().map(|m| m.0)),
            IntTuple::from_leaves(leaves.iter().map(|m| m.1)),
        ).unwrap();
        match layout_add(&a, &b) {
            Ok(r) => {
                let n = a.size().unwrap().value();
                prop_assert_eq!(r.size().unwrap().value(), n);
                for i in 0..n {
                    prop_assert_eq!(r.eval(i).unwrap(), a.eval(i).unwrap() + b.eval(i).unwrap(), "{} + {} = {} at {}", a, b, r, i);
                }
                prop_assert_eq!(&layout_add(&b, &a).unwrap(), &r);
            }
            Err(e) => {
                prop_assert!(e.to_string().contains("no common domain"), "{}", e);
                prop_assert!(layout_add(&b, &a).is_err());
            }
        }
        // a layout plus itself doubles every offset, always
        let r = layout_add(&a, &a).unwrap();
        for i in 0..a.size().unwrap().value() {
            prop_assert_eq!(r.eval(i).unwrap(), 2 * a.eval(i).unwrap());
        }
    }

    /// The shape is kept, zero strides stay zero (of modes of extent above 1), the other strides are compact (the image is
    /// `[0, size(filter_zeros(L)))`) and ordered as `L`'s.
    #[test]
    fn make_layout_like_postconditions(l in arb_layout()) {
        let Ok(r) = make_layout_like(&l) else { return Ok(()) };
        prop_assert_eq!(r.shape(), l.shape());
        let nonzero: i64 = l.leaves().filter(|m| m.1.value() != 0).map(|m| m.0.value()).product();
        // (equal strides are one rank of the order: C++ gives them one stride, as here)
        let ranks: Vec<i64> = l.leaves().filter(|m| m.1.value() != 0 && m.0.value() > 1).map(|m| m.1.value()).collect();
        if ranks.iter().collect::<BTreeSet<_>>().len() == ranks.len() {
            let image: BTreeSet<i64> = (0..r.size().unwrap().value()).map(|i| r.eval(i).unwrap()).collect();
            prop_assert_eq!(image, (0..nonzero).collect::<BTreeSet<i64>>(), "{} from {}", r, l);
        }
        // (an extent-1 mode has the compact stride 0, as `make_layout((1,1))` has in C++)
        for ((s, d), (_, e)) in l.leaves().zip(r.leaves()).filter(|m| m.0 .0.value() > 1) {
            prop_assert_eq!(d.value() == 0, e.value() == 0, "{} from {} ({})", r, l, s);
        }
    }

    /// `coshape(L)` is one past the largest offset of the layout with absolute strides, static
    /// iff `L` is; it is `cosize(L)` for non-negative strides.
    #[test]
    fn coshape_is_the_last_image(l in arb_layout()) {
        let c = coshape(&l).unwrap();
        let abs = Layout::new(l.shape().clone(), l.stride().try_map(|d| Ok(Int::new(d.value().abs(), d.is_static()))).unwrap()).unwrap();
        let n = l.size().unwrap().value();
        let top = (0..n).map(|i| abs.eval(i).unwrap()).max().unwrap();
        prop_assert_eq!(c.value(), top + 1);
        prop_assert_eq!(c.is_static(), l.is_static());
        if l.leaves().all(|m| m.1.value() >= 0) {
            prop_assert_eq!(c.value(), l.cosize().unwrap().value());
        }
    }
}
