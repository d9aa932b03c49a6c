//! Post-conditions of the TMA algebra: `coalesce_256`, coalesce and composition of
//! scaled-basis layouts, `construct_tma_gbasis`.

use cute_layout::atom::{construct_tma_gbasis, tma_cta_v_map};
use cute_layout::basis::{compose_basis, BasisLayout, ScaledBasis};
use cute_layout::tree::Tree;
use cute_layout::{coalesce_256, right_inverse, Int, IntTuple, Layout};
use proptest::prelude::*;

fn values(t: &IntTuple) -> Vec<i64> {
    t.leaves().map(|x| x.value()).collect()
}

fn flat_layout(modes: &[(i64, i64)]) -> Layout {
    let s = IntTuple::tuple(modes.iter().map(|&(s, _)| IntTuple::int(Int::fixed(s)))).unwrap();
    let d = IntTuple::tuple(modes.iter().map(|&(_, d)| IntTuple::int(Int::fixed(d)))).unwrap();
    Layout::new(s, d).unwrap()
}

/// A flat basis layout over two directions; the first two leaves name both.
fn basis(modes: &[(i64, i64, usize)]) -> BasisLayout {
    let s = IntTuple::tuple(modes.iter().map(|&(s, _, _)| IntTuple::int(Int::fixed(s)))).unwrap();
    let d = Tree::from_leaves(modes.iter().enumerate().map(|(k, &(_, v, dir))| {
        let dir = if k < 2 { k } else { dir };
        ScaledBasis::new(Int::fixed(v), &[dir]).unwrap()
    }));
    BasisLayout::new(s, Tree::tuple(d.modes().map(|m| m.to_tree())).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// coalesce_256 keeps the size and the function; a mode it merged is at most 256.
    #[test]
    fn coalesce_256_keeps_the_function(modes in prop::collection::vec((1i64..=40, 0i64..=64), 1..4)) {
        let l = flat_layout(&modes);
        let r = coalesce_256(&l).unwrap();
        prop_assert_eq!(r.size().unwrap().value(), l.size().unwrap().value());
        for i in 0..l.size().unwrap().value() {
            prop_assert_eq!(r.eval(i).unwrap(), l.eval(i).unwrap(), "at {} of {} -> {}", i, l, r);
        }
        for s in r.shape().leaves() {
            prop_assert!(s.value() <= 256 || modes.iter().any(|m| m.0 == s.value()), "{} -> {}", l, r);
        }
    }

    /// coalesce of a basis layout keeps the size and every coordinate it maps to.
    #[test]
    fn coalesce_basis_keeps_the_function(
        modes in prop::collection::vec((1i64..=6, 1i64..=8, 0usize..2), 2..6),
    ) {
        let b = basis(&modes);
        let r = b.coalesce().unwrap();
        let n = b.shape().size().unwrap().value();
        prop_assert_eq!(r.shape().size().unwrap().value(), n);
        for i in 0..n {
            prop_assert_eq!(values(&r.eval(i).unwrap()), values(&b.eval(i).unwrap()), "{} -> {}", b, r);
        }
    }

    /// compose_basis(A, B)(i) == A(B(i)).
    #[test]
    fn compose_basis_is_composition(
        modes in prop::collection::vec((1i64..=6, 1i64..=4, 0usize..2), 2..5),
        a in prop::collection::vec((1i64..=16, 1i64..=100), 2..=2),
    ) {
        let (a, b) = (flat_layout(&a), basis(&modes));
        let r = compose_basis(&a, &b).unwrap();
        for i in 0..b.shape().size().unwrap().value() {
            prop_assert_eq!(r.eval(i).unwrap(), a.call(&b.eval(i).unwrap()).unwrap().value());
        }
    }

    /// The TMA box walks shared memory in index order: box(i) is the gmem coordinate of smem
    /// index i, for every i in the box.
    #[test]
    fn tma_box_walks_smem_in_order(
        (m, n, tm, tn) in (3u32..=9, 3u32..=9).prop_flat_map(|(m, n)| (Just(m), Just(n), 1..=m, 1..=n)),
        g_row in any::<bool>(),
        s_row in any::<bool>(),
    ) {
        let (m, n, tm, tn) = (1i64 << m, 1i64 << n, 1i64 << tm, 1i64 << tn);
        let gmem = if g_row { flat_layout(&[(m, n), (n, 1)]) } else { flat_layout(&[(m, 1), (n, m)]) };
        let smem = if s_row { flat_layout(&[(tm, tn), (tn, 1)]) } else { flat_layout(&[(tm, 1), (tn, tm)]) };
        let v = tma_cta_v_map(&gmem, &format!("(_{tm},_{tn})").parse().unwrap()).unwrap();
        let b = construct_tma_gbasis(&gmem, 16, &smem, &v, 16).unwrap();
        let inv = right_inverse(&smem).unwrap();
        let size = b.shape().size().unwrap().value();
        prop_assert!(size <= tm * tn && (tm * tn) % size == 0);
        for i in 0..size {
            let want = v.call(&IntTuple::int(Int::dynamic(inv.eval(i).unwrap()))).unwrap();
            prop_assert_eq!(values(&b.eval(i).unwrap()), values(&want), "{} at {}", b, i);
        }
    }
}

#[test]
fn tma_errors_are_values() {
    let gmem: Layout = "(_64,_32):(_1,_64)".parse().unwrap();
    let v = tma_cta_v_map(&gmem, &"(_16,_8)".parse().unwrap()).unwrap();
    let e = construct_tma_gbasis(&gmem, 16, &"(_16,_4):(_1,_16)".parse().unwrap(), &v, 16);
    assert!(e.unwrap_err().to_string().contains("size equivalence"));
    // a smem whose first step is a stride-2 step in gmem: no common vector
    let e = construct_tma_gbasis(&gmem, 16, &"(_2,_64):(_64,_1)".parse().unwrap(), &v, 16);
    assert!(e
        .unwrap_err()
        .to_string()
        .contains("Could not find a common tile-gmem vectorization"));
}
