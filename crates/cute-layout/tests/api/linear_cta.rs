//! Layouts over several CTAs (issue 30): Triton's CGA layouts (the `block` input dimension)
//! in its named layouts, and their CuTe form (`CuteForm::Cga`: the CTA index as the top bits
//! of the thread index or of the shared-memory offset), checked both ways and element by
//! element.

use cute_layout::linear::convert::{
    cute_form_to_linear_layout, from_linear_layout, tv_to_linear_layout_cga, CuteForm,
};
use cute_layout::linear::triton::TritonLayout;
use cute_layout::linear::LinearLayout;
use proptest::prelude::*;

/// Triton's own unit tests (`unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp`,
/// `CTADuplication` and `CTABroadcast`), used as data: the older CTA fields, which Triton
/// 3.9.0's Python API no longer takes.
#[test]
fn older_cta_fields_give_tritons_unit_test_layouts() {
    let cases = [
        (
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [4], order = [0], CTAsPerCGA = [4], CTASplitNum = [2], CTAOrder = [0]}>",
            vec![32],
            "register=[] lane=[[1],[2]] warp=[[4],[8]] block=[[16],[0]] -> dim0=32",
        ),
        (
            "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>",
            vec![64, 128],
            "register=[[1,0],[2,0],[4,0],[0,16],[0,32]] lane=[[8,0],[16,0],[32,0],[0,1],[0,2]] warp=[[0,4],[0,8]] block=[[0,64]] -> dim0=64 dim1=128",
        ),
    ];
    for (text, shape, want) in &cases {
        let t: TritonLayout = text.parse().unwrap();
        assert_eq!(
            t.to_linear_layout(shape).unwrap().to_string(),
            *want,
            "{text}"
        );
    }
    // read as the bases Triton 3.9.0 prints
    let t: TritonLayout = cases[1].0.parse().unwrap();
    assert!(
        t.to_string()
            .ends_with("order = [0, 1], CGALayout = [[0, 1]]}>"),
        "{t}"
    );
}

/// A random distributed layout of `lanes` lane bits (5 when there are warps), some warps and
/// 1 to 3 CTA bits, onto a `2^a × 2^b` tile, bases drawn below the sizes.
fn distributed() -> impl Strategy<Value = LinearLayout> {
    (0usize..4, 0usize..3, 1usize..4, 0u32..5, 0u32..5).prop_flat_map(
        |(regs, warps, ctas, a, b)| {
            let lanes = if warps > 0 { 5 } else { 3 };
            let n = regs + lanes + warps + ctas;
            prop::collection::vec((any::<u64>(), any::<u64>()), n).prop_map(move |v| {
                let mut v = v.into_iter().map(|(x, y)| vec![x % (1 << a), y % (1 << b)]);
                let mut take = |k: usize| v.by_ref().take(k).collect::<Vec<_>>();
                LinearLayout::new(
                    vec![
                        ("register".into(), take(regs)),
                        ("lane".into(), take(lanes)),
                        ("warp".into(), take(warps)),
                        ("block".into(), take(ctas)),
                    ],
                    vec![("dim0".into(), 1 << a), ("dim1".into(), 1 << b)],
                )
                .unwrap()
            })
        },
    )
}

/// A random shared layout over several CTAs: a bijection `(offset, block) → (dim0, dim1)` of
/// the identity's columns permuted and mixed by XORs.
fn shared() -> impl Strategy<Value = LinearLayout> {
    (3usize..9, 1usize..3).prop_flat_map(|(bits, ctas)| {
        (
            Just((bits, ctas)),
            0..=bits,
            Just((0..bits).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec((0..bits, 0..bits), 0..8),
        )
            .prop_map(|((bits, ctas), split, perm, ops)| {
                let mut flat: Vec<u64> = perm.iter().map(|&p| 1u64 << p).collect();
                for (a, b) in ops {
                    if a != b {
                        flat[a] ^= flat[b];
                    }
                }
                let m = 1u64 << split;
                let bases: Vec<Vec<u64>> = flat.iter().map(|&x| vec![x % m, x / m]).collect();
                let own = bits - ctas;
                LinearLayout::new(
                    vec![
                        ("offset".into(), bases[..own].to_vec()),
                        ("block".into(), bases[own..].to_vec()),
                    ],
                    vec![("dim0".into(), m), ("dim1".into(), 1u64 << (bits - split))],
                )
                .unwrap()
            })
    })
}

proptest! {
    /// A distributed layout over several CTAs is a TV layout over the whole tile whose thread
    /// mode is (thread, cta): at every (register, lane, warp, block) it gives Triton's cell,
    /// and it converts back to the same linear layout.
    #[test]
    fn distributed_cga_layouts_are_cluster_tv_layouts(l in distributed()) {
        let form = from_linear_layout(&l).unwrap();
        let CuteForm::Cga { form: inner, ctas } = &form else {
            prop_assert!(false, "{:?}", form);
            return Ok(());
        };
        prop_assert_eq!(*ctas, 1u64 << l.in_dim_size_log2("block"));
        prop_assert_eq!(&cute_form_to_linear_layout(&form).unwrap(), &l);
        let m = l.out_dim_size("dim0").unwrap();
        let bits = |d: &str| l.in_dim_size_log2(d);
        let per_cta = bits("lane") + bits("warp");
        let threads = 1u64 << (per_cta + bits("block"));
        let values = 1u64 << bits("register");
        for t in 0..threads {
            for v in 0..values {
                let lane_warp = t & ((1 << per_cta) - 1);
                let (lane, warp) = (lane_warp & ((1 << bits("lane")) - 1), lane_warp >> bits("lane"));
                let cell = l.apply(&[("register", v), ("lane", lane), ("warp", warp), ("block", t >> per_cta)]).unwrap();
                let want = (cell[0] + m * cell[1]) as i64;
                let idx = (t + threads * v) as i64;
                let got = match &**inner {
                    CuteForm::Tv(tv) => tv.layout.eval(idx).unwrap(),
                    CuteForm::F2Tv { layout, .. } => layout.eval(idx).unwrap(),
                    other => { prop_assert!(false, "{:?}", other); 0 }
                };
                prop_assert_eq!(got, want);
            }
        }
    }

    /// A shared layout over several CTAs is a CuTe layout (or swizzled, or F2) onto the
    /// cluster's address `offset + S·cta`, element by element, and converts back.
    #[test]
    fn shared_cga_layouts_address_the_cluster(l in shared()) {
        let form = from_linear_layout(&l).unwrap();
        let CuteForm::Cga { form: inner, .. } = &form else {
            prop_assert!(false, "{:?}", form);
            return Ok(());
        };
        prop_assert_eq!(&cute_form_to_linear_layout(&form).unwrap(), &l);
        let m = l.out_dim_size("dim0").unwrap();
        let own = l.in_dim_size_log2("offset");
        for o in 0..1u64 << own {
            for c in 0..1u64 << l.in_dim_size_log2("block") {
                let d = l.apply(&[("offset", o), ("block", c)]).unwrap();
                let idx = (d[0] + m * d[1]) as i64;
                let got = match &**inner {
                    CuteForm::Layout(x) => x.eval(idx).unwrap(),
                    CuteForm::Swizzled(x) => x.eval(idx).unwrap(),
                    CuteForm::F2(x) => x.eval(idx).unwrap(),
                    other => { prop_assert!(false, "{:?}", other); 0 }
                };
                prop_assert_eq!(got as u64, o + (c << own));
            }
        }
    }
}

#[test]
fn a_blocked_layout_over_two_ctas_is_a_cluster_tv_layout() {
    let t: TritonLayout = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>".parse().unwrap();
    let l = t.to_linear_layout(&[32, 32]).unwrap();
    let CuteForm::Cga { form, ctas } = from_linear_layout(&l).unwrap() else {
        panic!()
    };
    let CuteForm::Tv(tv) = *form else { panic!() };
    assert_eq!(ctas, 2);
    // 128 threads per CTA, the second CTA 16 rows down: thread mode (128 threads, 2 CTAs)
    assert_eq!(
        tv.layout.to_string(),
        "(((_8,_16),_2),_4):(((_128,_1),_16),_32)"
    );
    assert_eq!(tv_to_linear_layout_cga(&tv, 2).unwrap(), l);
}

#[test]
fn broadcast_shared_layouts_are_refused_with_the_reason() {
    // two CTAs hold the same tile: no address of the cluster holds each element once
    let l: LinearLayout = "offset=[[1,0],[0,1]] block=[[0,0]] -> dim0=2 dim1=2"
        .parse()
        .unwrap();
    let CuteForm::Linear { reason, .. } = from_linear_layout(&l).unwrap() else {
        panic!()
    };
    assert!(
        reason.contains("CTA index above the offset") && reason.contains("not invertible"),
        "{reason}"
    );
}
