//! The whitepaper's lattice of shapes (`common_refinement`, the join, and `common_coarsening`,
//! the meet, under `compatible`) and PyCuTe v2's `tiler_to_layout`: every post-condition
//! PyCuTe v2 states for them, over static and dynamic leaves, and the composition contract of
//! `tiler_to_layout` over negative, zero and coordinate strides. Expected values are in
//! `tests/data/whitepaper.tsv`.

use cute_layout::algebra::whitepaper::{common_coarsening, common_refinement};
use cute_layout::basis::{compose_basis, tiler_to_layout};
use cute_layout::{composition_tiler, Int, IntTuple, Layout, Tiler};
use cute_tools::eval::eval;
use proptest::prelude::*;

/// A nested shape of depth at most 3 and extents 1..=6, each leaf static or dynamic.
fn arb_nested() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..=6, any::<bool>()).prop_map(|(v, s)| IntTuple::int(Int::new(v, s)));
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(|m| IntTuple::tuple(m).expect("a tuple"))
    })
}

/// `t` with the subtrees where `pick` says so replaced by their sizes: a shape that coarsens
/// `t` (`compatible(coarsen(t), t)`).
fn coarsen(t: &IntTuple, pick: &mut impl Iterator<Item = bool>) -> IntTuple {
    if !t.is_leaf() && pick.next().unwrap_or(false) {
        return IntTuple::int(t.size().expect("a small size"));
    }
    match t.is_leaf() {
        true => t.clone(),
        false => IntTuple::tuple(t.modes().map(|m| coarsen(&m.to_tree(), pick))).expect("a tuple"),
    }
}

fn arb_coarsened() -> impl Strategy<Value = (IntTuple, IntTuple, IntTuple)> {
    (
        arb_nested(),
        prop::collection::vec(any::<bool>(), 16),
        prop::collection::vec(any::<bool>(), 16),
    )
        .prop_map(|(t, p, q)| {
            let a = coarsen(&t, &mut p.into_iter());
            let b = coarsen(&t, &mut q.into_iter());
            (t, a, b)
        })
}

#[test]
fn refusals_name_the_operation_and_the_parting() {
    let e = eval("common_refinement((2,(3,5)), ((3,2),5))")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("common_refinement")
            && e.contains("the integer 2 and the tuple (3,2) of size 6"),
        "{e}"
    );
    let e = eval("common_refinement((6), (2,3))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("ranks 1 and 2"), "{e}");
    let e = eval("common_refinement((2,15), (3,10))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("the leaves 2 and 3 differ"), "{e}");
    let e = eval("common_refinement((2,3), 7)").unwrap_err().to_string();
    assert!(
        e.contains("the integer 7 and the tuple (2,3) of size 6"),
        "{e}"
    );
    let e = eval("common_coarsening((2,3), (4,5))")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("common_coarsening") && e.contains("6 and 20"),
        "{e}"
    );
    let e = eval("tiler_to_layout((4,_))").unwrap_err().to_string();
    assert!(
        e.contains("tiler_to_layout") && e.contains("the mode [1] of the tiler <4,_> is `_`"),
        "{e}"
    );
}

#[test]
fn none_is_the_zero_of_layout_add() {
    let v = |s: &str| eval(s).map(|v| v.to_string());
    assert_eq!(
        v("layout_add(_, (4,3):(3,1))").as_deref(),
        Ok("(4,3):(3,1)")
    );
    assert_eq!(
        v("layout_add((4,3):(3,1), _)").as_deref(),
        Ok("(4,3):(3,1)")
    );
    assert_eq!(v("layout_add(_, _)").as_deref(), Ok("_"));
}

/// A tuple tiler of two or three modes, each an extent or a layout (strides -3..=4), each
/// integer static or dynamic; with the shape it has.
fn arb_tuple_tiler() -> impl Strategy<Value = Tiler> {
    let mode = (
        1i64..=4,
        -3i64..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(s, d, layout, ss, ds)| match layout {
            true => Tiler::Layout(Layout::leaf(Int::new(s, ss), Int::new(d, ds))),
            false => Tiler::Int(Int::new(s, ss)),
        });
    prop::collection::vec(mode, 2..=3).prop_map(Tiler::Tuple)
}

/// A flat layout of three modes, extents 1..=8, strides -6..=9 (zero among them).
fn arb_rank3() -> impl Strategy<Value = Layout> {
    prop::collection::vec((1i64..=8, -6i64..=9, any::<bool>()), 3).prop_map(|ms| {
        Layout::new(
            IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.0, m.2))),
            IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.1, m.2))),
        )
        .expect("a flat layout")
    })
}

proptest! {
    /// The join: `compatible(a, R)`, `compatible(b, R)`, symmetric, reflexive, and least
    /// (below the known common refinement `t` that `a` and `b` were coarsened from).
    #[test]
    fn common_refinement_postconditions((t, a, b) in arb_coarsened()) {
        let r = common_refinement(&a, &b).expect("a and b both coarsen t");
        prop_assert!(a.compatible(&r) && b.compatible(&r), "{a} {b} -> {r}");
        prop_assert!(r.compatible(&t), "{a} {b} -> {r}, not least below {t}");
        prop_assert_eq!(common_refinement(&b, &a).unwrap(), r.clone());
        prop_assert_eq!(common_refinement(&a, &a).unwrap(), a.clone());
        // a leaf is static iff it is in both: the refinement of a shape with itself keeps tags
        prop_assert_eq!(common_refinement(&t, &t).unwrap().is_static(), t.is_static());
    }

    /// The meet: `compatible(R, a)`, `compatible(R, b)`, symmetric, reflexive, below the join,
    /// and greatest (above every coarsening of `a` that also coarsens `b`).
    #[test]
    fn common_coarsening_postconditions((t, a, b) in arb_coarsened(), p in prop::collection::vec(any::<bool>(), 16)) {
        let c = common_coarsening(&a, &b).expect("one size");
        prop_assert!(c.compatible(&a) && c.compatible(&b), "{a} {b} -> {c}");
        prop_assert_eq!(common_coarsening(&b, &a).unwrap(), c.clone());
        prop_assert_eq!(common_coarsening(&a, &a).unwrap(), a.clone());
        let r = common_refinement(&a, &b).unwrap();
        prop_assert!(c.compatible(&r), "meet {c} not below join {r}");
        let l = coarsen(&a, &mut p.into_iter());
        if l.compatible(&b) {
            prop_assert!(l.compatible(&c), "{l} is below {a} and {b} but not below {c}");
        }
        prop_assert!(c.compatible(&t));
    }

    /// Shapes of different sizes have no meet, and so no join.
    #[test]
    fn different_sizes_have_neither(a in arb_nested(), b in arb_nested()) {
        if a.size().unwrap().value() != b.size().unwrap().value() {
            prop_assert!(common_coarsening(&a, &b).is_err());
            prop_assert!(common_refinement(&a, &b).is_err());
        }
    }

    /// `composition(A, tiler_to_layout(T)) == composition(A, T)`: both defined and equal, or
    /// both refused; `shape(R)` is the tiler's shape.
    #[test]
    fn tiler_to_layout_composes_as_the_tiler(a in arb_rank3(), t in arb_tuple_tiler()) {
        let r = tiler_to_layout(&t).unwrap();
        let shape: Vec<Int> = match &t {
            Tiler::Tuple(ms) => ms.iter().map(|m| match m {
                Tiler::Int(n) => *n,
                Tiler::Layout(l) => l.shape().as_leaf().unwrap(),
                _ => unreachable!(),
            }).collect(),
            _ => unreachable!(),
        };
        prop_assert_eq!(r.shape(), &IntTuple::from_leaves(shape));
        let by_mode = composition_tiler(&a, &t);
        let via = compose_basis(&a, &r);
        match (by_mode, via) {
            (Ok(x), Ok(y)) => prop_assert_eq!(x, y),
            (Err(_), Err(_)) => {}
            (x, y) => prop_assert!(false, "{a} o {t}: {x:?} but through {r}: {y:?}"),
        }
    }
}
