//! Post-conditions of the TMA algebra: `coalesce_256`, coalesce and composition of
//! scaled-basis layouts, `construct_tma_gbasis`, `make_tma_atom`'s errors, and the partitions
//! of `make_tma_copy` / `tma_partition`.

use cute_layout::atom::{
    construct_tma_gbasis, get_tma_tensor, make_tma_atom, make_tma_copy, tma_cta_v_map,
    tma_operation, tma_partition, CopyAtom, TmaOp, ValueType,
};
use cute_layout::basis::{compose_basis, BasisLayout, ScaledBasis};
use cute_layout::tree::Tree;
use cute_layout::value::Value;
use cute_layout::{coalesce_256, right_inverse, Int, IntTuple, Layout};
use cute_layout::{LayoutError, Tensor};
use cute_tools::eval::eval;
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

fn tma_atom(g: &str, s: &str, tile: &str, n: i64) -> Result<CopyAtom, LayoutError> {
    make_tma_atom(
        TmaOp::LoadMulticast,
        ValueType::Half,
        &g.parse()?,
        &s.parse()?,
        &tile.parse()?,
        Int::fixed(n),
    )
}

fn message(r: Result<CopyAtom, LayoutError>) -> String {
    r.expect_err("an error").to_string()
}

/// Where `make_tma_copy_desc` asserts on the host, `make_tma_atom` returns an error naming the
/// condition. (The box-above-256 case aborts C++'s host-only oracle with
/// `Assertion 'smem_box_shape[0] <= (uint32_t(1) << 8)' failed`, seen while building
/// bench/tma/cases.txt.)
#[test]
fn tma_descriptor_asserts_are_errors() {
    // K-major smem over an MN-major gmem: the box's first mode is not the contiguous one
    let e = message(tma_atom(
        "(_512,_512):(_1,_512)",
        "(_128,_64):(_64,_1)",
        "(_128,_64)",
        1,
    ));
    assert!(
        e.contains("Majorness of smem doesn't match majorness of gmem"),
        "{e}"
    );
    // a box of 512 elements along one mode
    let e = message(tma_atom(
        "(_1024,_1024):(_1,_1024)",
        "(_512,_8):(_1,_512)",
        "(_512,_8)",
        1,
    ));
    assert!(e.contains("boxDim[0] = 512 is outside [1, 256]"), "{e}");
    // a last box mode of 512 is split to 256 by a multicast to 2 CTAs (C++ 4.2 builds it on
    // the host: the case `tma_copy ... (_2,_512):(_1,_2) ... 2` of bench/tma/cases.txt), but its
    // inner box of 2 halves = 4 bytes is rejected by the H200's driver (bench/tma/driver-h200.tsv)
    let e = message(tma_atom(
        "(_1024,_1024):(_1,_1024)",
        "(_2,_512):(_1,_2)",
        "(_2,_512)",
        2,
    ));
    assert!(e.contains("a multiple of 16 bytes"), "{e}");
    let e = message(tma_atom(
        "(_1024,_1024):(_1,_1024)",
        "(_2,_512):(_1,_2)",
        "(_2,_512)",
        1,
    ));
    assert!(e.contains("boxDim[1] = 512 is outside [1, 256]"), "{e}");
    // 200-byte rows: not a multiple of 16 bytes
    let e = message(tma_atom(
        "(_100,_64):(_1,_100)",
        "(_64,_8):(_1,_64)",
        "(_64,_8)",
        1,
    ));
    assert!(e.contains("globalStrides[1] = 200 bytes"), "{e}");
    // multicast to 3 CTAs: 3 neither divides nor is divided by the box's last mode
    let e = message(tma_atom(
        "(_512,_512):(_512,_1)",
        "(_128,_64):(_64,_1)",
        "(_128,_64)",
        3,
    ));
    assert!(e.contains("smem_box_shape[i] % multicast == 0"), "{e}");
    // a swizzle TMA cannot apply
    let e = message(tma_atom(
        "(_512,_512):(_512,_1)",
        "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)",
        "(_128,_64)",
        1,
    ));
    assert!(e.contains("Unsupported layout swizzle"), "{e}");
}

#[test]
fn tma_tensor_and_partition_errors_are_values() {
    let atom = tma_atom(
        "(_512,_512):(_512,_1)",
        "(_128,_64):(_64,_1)",
        "(_128,_64)",
        2,
    )
    .unwrap();
    // the gmem shape must be congruent with the gmem's stride
    assert!(get_tma_tensor(&atom, &"(_512,(_64,_8))".parse().unwrap()).is_err());
    // an atom make_tma_atom did not build has no TMA tensor
    let plain = tma_operation(TmaOp::Load, ValueType::Half).unwrap();
    assert!(get_tma_tensor(&plain, &"(_512,_512)".parse().unwrap()).is_err());
    assert!(make_tma_copy(&plain).is_err());
    // size<0>(stensor) != size<0>(gtensor)
    let g = get_tma_tensor(&atom, &"(_512,_512)".parse().unwrap())
        .unwrap()
        .local_tile(&"(_128,_64)".parse().unwrap(), &"(_,_)".parse().unwrap())
        .unwrap()
        .map_layout(|l| l.group(0, 2))
        .unwrap();
    let s = Tensor::new((), "((_64,_64)):((_64,_1))".parse::<Layout>().unwrap());
    let e = tma_partition(&atom, Int::ZERO, &"_2:_1".parse().unwrap(), s, g).unwrap_err();
    assert!(
        e.to_string()
            .contains("size<0>(stensor) = _4096 but size<0>(gtensor) = _8192"),
        "{e}"
    );
}

/// A TMA atom prints as `Copy_Atom<OP,T,GMEM,SMEM,CTA_TILER,N>`, which reads back to the same
/// atom; the operation alone, `Copy_Atom<OP,T>`, is refused by the tiled-copy operations.
#[test]
fn tma_atoms_read_back() {
    let atom = tma_atom(
        "(_512,_512):(_512,_1)",
        "Sw<3,4,3> o _0 o (_128,_64):(_64,_1)",
        "(_128,_64)",
        2,
    )
    .unwrap();
    let text = atom.to_string();
    assert_eq!(
        text,
        "Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t,(_512,_512):(_512,_1),Sw<3,4,3> o _0 o (_128,_64):(_64,_1),(_128,_64),_2>"
    );
    assert_eq!(eval(&text).unwrap(), Value::CopyAtom(Box::new(atom)));
    let e = eval("make_tiled_copy(Copy_Atom<SM90_TMA_LOAD,half_t>,(_32,_4),(_1,_8))").unwrap_err();
    assert!(e.to_string().contains("make_tma_atom"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The descriptor's box is the TMA box split among the multicast CTAs; the tiled copy's
    /// threads are the CTAs and its values the tile; and, the contract of `tma_partition`,
    /// every element of mode 0 of the two partitions is the same element: the smem offset is
    /// the smem layout at the gmem coordinate the TMA coordinate names.
    #[test]
    fn tma_partitions_address_the_same_elements(
        (tm, tk) in (3u32..=7, 3u32..=6),
        (am, ak) in (0u32..=2, 0u32..=2),
        k_major in any::<bool>(),
        (n, cta) in (0u32..=2).prop_flat_map(|n| (Just(1i64 << n), 0..(1i64 << n))),
    ) {
        let (tm, tk) = (1i64 << tm, 1i64 << tk);
        let (gm, gk) = (tm << am, tk << ak);
        // K-major: k contiguous in gmem and smem; MN-major: m contiguous in both
        let (g, s) = if k_major {
            (format!("(_{gm},_{gk}):(_{gk},_1)"), format!("(_{tm},_{tk}):(_{tk},_1)"))
        } else {
            (format!("(_{gm},_{gk}):(_1,_{gm})"), format!("(_{tm},_{tk}):(_1,_{tm})"))
        };
        let tile = format!("(_{tm},_{tk})");
        let atom = tma_atom(&g, &s, &tile, n).unwrap();
        let tma = atom.tma().unwrap();
        let box_size = tma.gbasis.shape().size().unwrap().value();
        prop_assert_eq!(tma.box_shape.iter().product::<i64>() * n, box_size);
        let tc = make_tma_copy(&atom).unwrap();
        prop_assert_eq!(tc.layout_tv.mode(0).unwrap().size().unwrap().value(), n);
        prop_assert_eq!(tc.layout_tv.mode(1).unwrap().size().unwrap().value(), tm * tk);

        let gmem: Layout = g.parse().unwrap();
        let smem: Layout = s.parse().unwrap();
        let gt = get_tma_tensor(&atom, gmem.shape()).unwrap()
            .local_tile(&tile.parse().unwrap(), &"(_,_)".parse().unwrap()).unwrap()
            .map_layout(|l| l.group(0, 2)).unwrap();
        let st = Tensor::new((), smem.clone()).map_layout(|l| l.group(0, 2)).unwrap();
        let cta_layout = Layout::from_extent(Int::fixed(n));
        let p = tma_partition(&atom, Int::fixed(cta), &cta_layout, st, gt).unwrap();
        // the TMA coordinate t addresses gmem at sum(t_j * globalStrides[j]) (bytes, half_t);
        // the smem offset holds the tile element (m, k) of tile (0, 0)
        let mut at_offset = std::collections::HashMap::new();
        for m in 0..tm {
            for k in 0..tk {
                let c: IntTuple = format!("({m},{k})").parse().unwrap();
                at_offset.insert(smem.call(&c).unwrap().value(), gmem.call(&c).unwrap().value());
            }
        }
        let share = box_size / n;
        for i in 0..(tm * tk - cta * share) {
            let t = values(&p.gmem.at(i).unwrap());
            let addr: i64 = t.iter().zip(&tma.gmem_prob_stride).map(|(c, d)| c * d / 2).sum();
            let offset = p.smem.layout().eval(i).unwrap() + p.smem.offset();
            prop_assert_eq!(Some(&addr), at_offset.get(&offset),
                "at {} of {} and {}", i, p.gmem, p.smem.layout());
        }
        // smem offsets of one box run in order from this CTA's share
        for i in 0..share {
            prop_assert_eq!(p.smem.layout().eval(i).unwrap() + p.smem.offset(), cta * share + i);
        }
    }
}
