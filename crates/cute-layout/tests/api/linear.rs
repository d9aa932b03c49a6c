//! Properties of the linear layouts (Triton's `LinearLayout`) and of the conversions between
//! CuTe layouts and linear layouts, each checked as functions, element by element.

use cute_layout::atom::{
    gmma_layout_atom, make_tiled_mma, mma_atom, GmmaSwizzle, Major, ValueType,
};
use cute_layout::linear::convert::{
    cute_form_to_linear_layout, f2_to_linear_layout, from_linear_layout, layout_function,
    tiled_mma_to_linear_layout, to_linear_layout, tv_to_linear_layout, CuteForm,
};
use cute_layout::linear::triton::TritonLayout;
use cute_layout::linear::LinearLayout;
use cute_layout::notation::linear::{json, mlir, parse_linear, triton_string};
use cute_layout::tv::TvLayout;
use cute_layout::{AnyLayout, Layout};
use proptest::prelude::*;

/// A random linear layout: up to three input dimensions of up to 4 bits, one to three output
/// dimensions of up to 4 bits, bases drawn below the output sizes.
fn layouts() -> impl Strategy<Value = LinearLayout> {
    let ins = prop::collection::vec(0usize..5, 1..4);
    let outs = prop::collection::vec(0u32..5, 1..4);
    (ins, outs).prop_flat_map(|(ins, outs)| {
        let n: usize = ins.iter().sum();
        let values = prop::collection::vec(prop::collection::vec(any::<u64>(), outs.len()), n);
        values.prop_map(move |v| {
            let mut v = v.into_iter();
            let in_dims = ins
                .iter()
                .enumerate()
                .map(|(i, &bits)| {
                    let bases = (0..bits)
                        .map(|_| {
                            v.next()
                                .unwrap()
                                .iter()
                                .zip(&outs)
                                .map(|(x, b)| x % (1 << b))
                                .collect()
                        })
                        .collect();
                    (["register", "lane", "warp"][i].to_string(), bases)
                })
                .collect();
            let out_dims = outs
                .iter()
                .enumerate()
                .map(|(i, b)| (format!("dim{i}"), 1u64 << b))
                .collect();
            LinearLayout::new(in_dims, out_dims).unwrap()
        })
    })
}

/// Every input of a layout, as named values.
fn inputs(l: &LinearLayout) -> Vec<Vec<(String, u64)>> {
    let mut all = vec![vec![]];
    for (name, bases) in l.in_dims() {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (0..1u64 << bases.len()).map(move |x| {
                    let mut p = prefix.clone();
                    p.push((name.clone(), x));
                    p
                })
            })
            .collect();
    }
    all
}

fn apply(l: &LinearLayout, ins: &[(String, u64)]) -> Vec<u64> {
    let named: Vec<(&str, u64)> = ins.iter().map(|(n, x)| (n.as_str(), *x)).collect();
    l.apply(&named).unwrap()
}

/// A random bijection `offset → (dim0, dim1)`: a product of random elementary row operations
/// on a permutation of the output bits.
fn bijections() -> impl Strategy<Value = LinearLayout> {
    (1u32..4, 1u32..4, any::<u64>()).prop_map(|(a, b, seed)| {
        let n = (a + b) as usize;
        let mut cols: Vec<u64> = (0..n).map(|i| 1u64 << i).collect();
        let mut s = seed | 1;
        for _ in 0..3 * n {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let (i, j) = ((s % n as u64) as usize, ((s >> 8) % n as u64) as usize);
            if i != j {
                cols[i] ^= cols[j];
            } else {
                cols.swap(i, (i + 1) % n);
            }
        }
        let split = |c: u64| vec![c & ((1 << a) - 1), c >> a];
        LinearLayout::new(
            vec![("offset".into(), cols.into_iter().map(split).collect())],
            vec![("dim0".into(), 1 << a), ("dim1".into(), 1 << b)],
        )
        .unwrap()
    })
}

/// A bijection `offset → outs` (`bits` offset bits, the outputs' total) from a seed: random
/// elementary column operations on the identity.
fn bijection_onto(bits: usize, outs: &[(&str, u64)], seed: u64) -> LinearLayout {
    let mut cols: Vec<u64> = (0..bits).map(|i| 1u64 << i).collect();
    let mut s = seed | 1;
    for _ in 0..3 * bits {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let (i, j) = (
            (s % bits as u64) as usize,
            ((s >> 8) % bits as u64) as usize,
        );
        if i != j {
            cols[i] ^= cols[j];
        }
    }
    let flat = LinearLayout::new(
        vec![("offset".into(), cols.into_iter().map(|c| vec![c]).collect())],
        vec![("flat".into(), 1u64 << bits)],
    )
    .unwrap();
    flat.reshape_outs(outs).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `apply` is the XOR of the bases of the set bits, so it is linear.
    #[test]
    fn apply_is_linear(l in layouts(), x in any::<u64>(), y in any::<u64>()) {
        let all = inputs(&l);
        let (a, b) = (&all[(x % all.len() as u64) as usize], &all[(y % all.len() as u64) as usize]);
        let sum: Vec<(String, u64)> = a.iter().zip(b).map(|((n, p), (_, q))| (n.clone(), p ^ q)).collect();
        let (fa, fb, fs) = (apply(&l, a), apply(&l, b), apply(&l, &sum));
        prop_assert_eq!(fs, fa.iter().zip(&fb).map(|(p, q)| p ^ q).collect::<Vec<_>>());
    }

    /// The rank is at most the input and output bits; surjective and injective as counted.
    #[test]
    fn rank_against_sizes(l in layouts()) {
        let r = l.rank();
        prop_assert!(r <= l.total_in_bits().min(l.total_out_bits()));
        let mut images: Vec<Vec<u64>> = inputs(&l).iter().map(|x| apply(&l, x)).collect();
        images.sort();
        images.dedup();
        prop_assert_eq!(images.len() as u64, 1u64 << r, "the image has 2^rank elements");
        prop_assert_eq!(l.is_surjective(), r == l.total_out_bits());
        prop_assert_eq!(l.is_injective(), r == l.total_in_bits());
    }

    /// `L.compose(O)` is `O ∘ L` as functions.
    #[test]
    fn compose_is_function_composition(l in layouts(), seed in any::<u64>()) {
        let l = l.reshape_outs(&[("offset", 1u64 << l.total_out_bits())]).unwrap();
        let bits = l.total_out_bits();
        let o = bijection_onto(bits, &[("dim0", 2u64.min(1 << bits)), ("dim1", 1u64 << bits.saturating_sub(1))], seed)
            .reshape_ins(&[("offset", 1u64 << l.total_out_bits())]).unwrap();
        let c = l.compose(&o).unwrap();
        for x in inputs(&l) {
            let mid = apply(&l, &x)[0];
            prop_assert_eq!(apply(&c, &x), o.apply(&[("offset", mid)]).unwrap());
        }
    }

    /// `invert` of a bijection is its inverse on both sides.
    #[test]
    fn invert_is_the_inverse(b in bijections()) {
        let inv = b.invert().unwrap();
        for o in 0..1u64 << b.total_in_bits() {
            let d = b.apply(&[("offset", o)]).unwrap();
            prop_assert_eq!(inv.apply(&[("dim0", d[0]), ("dim1", d[1])]).unwrap(), vec![o]);
        }
        prop_assert_eq!(inv.invert().unwrap(), b);
    }

    /// `A.invert_and_compose(B)` is a `C` with `A = B ∘ C`, for any `A` onto `B`'s outputs.
    #[test]
    fn invert_and_compose_factors(a in layouts(), seed in any::<u64>(), extra in 0u32..3) {
        // B: a surjection onto A's outputs with `extra` more offset bits (not injective)
        let outs: Vec<(&str, u64)> = a.out_dims().iter().map(|(n, s)| (n.as_str(), *s)).collect();
        let b = bijection_onto(a.total_out_bits(), &outs, seed);
        let b = b.product(&LinearLayout::zeros_1d(1 << extra, "offset", outs[0].0).unwrap()).unwrap();
        let c = a.invert_and_compose(&b).unwrap();
        for x in inputs(&a) {
            let y = apply(&c, &x)[0];
            prop_assert_eq!(apply(&a, &x), b.apply(&[("offset", y)]).unwrap());
        }
    }

    /// `reshape_ins` and `reshape_outs` keep the flattened function.
    #[test]
    fn reshape_keeps_the_flat_function(l in layouts()) {
        let flat = l.flatten_ins().unwrap().flatten_outs().unwrap();
        let n = 1u64 << l.total_in_bits();
        let back = flat.reshape_ins(&[("a", 2.min(n)), ("b", n / 2.min(n))]).unwrap().flatten_ins().unwrap();
        let back = back.flatten_outs().unwrap();
        prop_assert_eq!(&back.in_dims()[0].1, &flat.in_dims()[0].1);
        prop_assert_eq!(l.flat_bases(), flat.in_dims()[0].1.iter().map(|b| b[0]).collect::<Vec<_>>());
    }

    /// Every text form reads back as the same layout.
    #[test]
    fn text_forms_round_trip(l in layouts()) {
        prop_assert_eq!(&l.to_string().parse::<LinearLayout>().unwrap(), &l);
        prop_assert_eq!(&parse_linear(&json(&l)).unwrap(), &l);
        prop_assert_eq!(&parse_linear(&triton_string(&l)).unwrap(), &l);
        // MLIR's form implies the outputs from the bases: it needs one basis at least
        if l.is_surjective() && l.total_in_bits() > 0 {
            prop_assert_eq!(&parse_linear(&mlir(&l)).unwrap(), &l);
        }
    }

    /// A linear layout's CuTe form (when one exists) converts back to the same linear layout.
    #[test]
    fn cute_forms_round_trip(l in layouts()) {
        match from_linear_layout(&l).unwrap() {
            CuteForm::Tv(tv) => prop_assert_eq!(tv_to_linear_layout(&tv).unwrap().sublayout(&l.in_names(), &l.out_names()).unwrap(), l.clone()),
            CuteForm::Linear { reason, .. } => prop_assert!(reason.contains("basis") || reason.contains("lane"), "{}", reason),
            // F2 strides (bases that share bits) and several CTAs convert back exactly
            form @ (CuteForm::F2Tv { .. } | CuteForm::Cga { .. }) => prop_assert_eq!(cute_form_to_linear_layout(&form).unwrap().sublayout(&l.in_names(), &l.out_names()).unwrap(), l.clone()),
            form @ (CuteForm::Layout(_) | CuteForm::F2(_)) => {
                // more than two outputs: one mode per input onto the flattened outputs (F2
                // strides where bases share bits)
                prop_assert!(l.out_dims().len() > 2);
                let flat = l.flatten_ins().unwrap().flatten_outs().unwrap();
                for x in 0..1u64 << l.total_in_bits() {
                    let want = flat.in_dims().first().map_or(0, |_| apply(&flat, &[(flat.in_dims()[0].0.clone(), x)])[0]);
                    let got = match &form {
                        CuteForm::Layout(layout) => layout.eval(x as i64).unwrap(),
                        CuteForm::F2(f2) => f2.eval(x as i64).unwrap(),
                        _ => unreachable!(),
                    };
                    prop_assert_eq!(got as u64, want);
                }
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }

    /// A shared layout's CuTe form (a layout or a swizzled layout) is its inverse, element by
    /// element, and converts back to it.
    #[test]
    fn shared_forms_are_exact(b in bijections()) {
        let any = match from_linear_layout(&b).unwrap() {
            CuteForm::Layout(l) => AnyLayout::Layout(l),
            CuteForm::Swizzled(c) => AnyLayout::Composed(c),
            // no strides, no swizzle: F2 strides, the same inverse element by element
            CuteForm::F2(f2) => {
                let m = b.out_dim_size("dim0").unwrap();
                for o in 0..1u64 << b.total_in_bits() {
                    let d = b.apply(&[("offset", o)]).unwrap();
                    prop_assert_eq!(f2.eval((d[0] + m * d[1]) as i64).unwrap() as u64, o);
                }
                prop_assert_eq!(f2_to_linear_layout(&f2).unwrap().sublayout(&["offset"], &["dim0", "dim1"]).unwrap(), b);
                return Ok(());
            }
            other => { prop_assert!(false, "{:?}", other); return Ok(()); }
        };
        let m = b.out_dim_size("dim0").unwrap();
        for o in 0..1u64 << b.total_in_bits() {
            let d = b.apply(&[("offset", o)]).unwrap();
            prop_assert_eq!(any.eval((d[0] + m * d[1]) as i64).unwrap() as u64, o);
        }
        prop_assert_eq!(to_linear_layout(&any).unwrap().sublayout(&["offset"], &["dim0", "dim1"]).unwrap(), b);
    }

    /// A CuTe layout of power-of-two extents and disjoint power-of-two strides is linear, and
    /// its function is the layout.
    #[test]
    fn layout_function_is_the_layout(perm in Just((0..6u32).collect::<Vec<_>>()).prop_shuffle(), gap in 0u32..2, split in 1usize..6) {
        let strides: Vec<i64> = perm.iter().map(|&p| 1i64 << (p + gap * (p / 3))).collect();
        let fmt = |xs: &[i64]| xs.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let text = format!("(({}),({})):(({}),({}))", fmt(&[2; 6][..split]), fmt(&[2; 6][split..]), fmt(&strides[..split]), fmt(&strides[split..]));
        let text = text.replace("()", "1").replace(",)", ")");
        let layout: Layout = text.parse().unwrap();
        let f = layout_function(&layout).unwrap();
        let m = 1u64 << split;
        for i in 0..64u64 {
            prop_assert_eq!(f.apply(&[("dim0", i % m), ("dim1", i / m)]).unwrap()[0] as i64, layout.eval(i as i64).unwrap());
        }
    }
}

#[test]
fn carries_negative_strides_and_odd_extents_are_refused() {
    let carry = layout_function(&"(_4,_2):(_1,_3)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        carry.contains("carry at the coordinate (1,1)") && carry.contains("L = 4 but the XOR is 2"),
        "{carry}"
    );
    let neg = layout_function(&"(_4,_2):(_1,-4)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        neg.contains("mode 1") && neg.contains("negative stride -4"),
        "{neg}"
    );
    let odd = layout_function(&"(_4,_6):(_1,_4)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        odd.contains("mode 1") && odd.contains("extent 6, not a power of two"),
        "{odd}"
    );
    let gaps = to_linear_layout(&"(_4,_2):(_1,_8)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(gaps.contains("not a bijection"), "{gaps}");
    let offset = to_linear_layout(&"Sw<1,0,1> o 4 o _4:_1".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(offset.contains("affine"), "{offset}");
}

/// The SM80 `mma.sync` C layout of CuTe (`SM80_16x8x16_F32F16F16F32_TN`) and Triton's
/// `nvidia_mma` version 2 are the same map, element by element, for one warp and for 2x2
/// warps arranged row-major (Triton's warp order).
#[test]
fn sm80_mma_c_is_triton_nvidia_mma_v2() {
    for (atoms, warps, shape) in [
        ("(_1,_1,_1):(_0,_0,_0)", "[1, 1]", [16, 8]),
        ("(_2,_2,_1):(_2,_1,_0)", "[2, 2]", [32, 16]),
    ] {
        let mma = make_tiled_mma(
            &mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
            &atoms.parse().unwrap(),
            &[],
        )
        .unwrap();
        let ours = tiled_mma_to_linear_layout(&mma, 'C').unwrap();
        let text = format!("#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = {warps}, instrShape = [16, 8]}}>");
        let triton: TritonLayout = text.parse().unwrap();
        assert_eq!(ours, triton.to_linear_layout(&shape).unwrap());
        // element by element, against the CuTe TV layout
        let tv = TvLayout::new(
            format!("({},{})", shape[0], shape[1]).parse().unwrap(),
            mma.get_layout_c_tv().unwrap(),
        )
        .unwrap();
        for t in 0..tv.threads().unwrap() {
            for v in 0..tv.values().unwrap() {
                let (m, n) = tv.cell_of(t, v).unwrap();
                let got = ours
                    .apply(&[
                        ("register", v as u64),
                        ("lane", (t % 32) as u64),
                        ("warp", (t / 32) as u64),
                    ])
                    .unwrap();
                assert_eq!(got, vec![m as u64, n as u64]);
            }
        }
        let CuteForm::Tv(back) = from_linear_layout(&ours).unwrap() else {
            panic!()
        };
        assert_eq!(tv_to_linear_layout(&back).unwrap(), ours);
    }
}

/// CuTe's GMMA K-major 128-byte-swizzle atom of 16-bit elements, repeated by `tile_to_shape`,
/// is Triton's `nvmma_shared` 128-byte layout; its CuTe form is `Sw<3,3,3> o 0 o L` in elements.
#[test]
fn gmma_sw128_atom_is_triton_nvmma_shared() {
    let atom = gmma_layout_atom(Major::K, GmmaSwizzle::Sw128, ValueType::Half).unwrap();
    for shape in [[8u64, 64], [64, 64], [128, 64], [64, 128]] {
        let tiled = atom
            .tile_to_shape(
                &format!("({},{})", shape[0], shape[1]).parse().unwrap(),
                None,
            )
            .unwrap();
        let ours = to_linear_layout(&AnyLayout::Composed(tiled.element_layout().unwrap())).unwrap();
        let triton: TritonLayout = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>".parse().unwrap();
        assert_eq!(ours, triton.to_linear_layout(&shape).unwrap(), "{shape:?}");
        let CuteForm::Swizzled(c) = from_linear_layout(&ours).unwrap() else {
            panic!()
        };
        assert_eq!(c.swizzle().unwrap().to_string(), "Sw<3,3,3>");
    }
}

/// A blocked layout's CuTe TV layout gives every (thread, value) the element Triton gives it.
#[test]
fn blocked_layout_as_a_tv_layout() {
    let b: TritonLayout = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>".parse().unwrap();
    let l = b.to_linear_layout(&[16, 32]).unwrap();
    let CuteForm::Tv(tv) = from_linear_layout(&l).unwrap() else {
        panic!()
    };
    assert_eq!(tv.layout.to_string(), "((_8,_16),_4):((_64,_1),_16)");
    for t in 0..128i64 {
        for v in 0..4i64 {
            let (m, n) = tv.cell_of(t, v).unwrap();
            assert_eq!(
                l.apply(&[
                    ("register", v as u64),
                    ("lane", (t % 32) as u64),
                    ("warp", (t / 32) as u64)
                ])
                .unwrap(),
                vec![m as u64, n as u64]
            );
        }
    }
}

#[test]
fn refusals_name_the_basis() {
    // warps above fewer than 32 lanes: no CuTe thread index (lane + 32·warp)
    let l: LinearLayout = "lane=[[1]] warp=[[2]] -> dim0=4".parse().unwrap();
    let CuteForm::Linear { reason, .. } = from_linear_layout(&l).unwrap() else {
        panic!()
    };
    assert!(reason.contains("1 lane bits with warps"), "{reason}");
    // a broadcast shared layout has no inverse
    let s: LinearLayout = "offset=[[1],[0]] -> dim0=2".parse().unwrap();
    let CuteForm::Linear { reason, .. } = from_linear_layout(&s).unwrap() else {
        panic!()
    };
    assert!(reason.contains("not invertible"), "{reason}");
}
