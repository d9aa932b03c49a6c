//! Post-conditions of the atom catalogue and the tiled MMA / tiled copy algebra.

use crate::common::lay;
use cute_layout::atom::{
    copy_op, copy_op_names, make_copy_atom, make_tiled_copy, make_tiled_mma, mma_atom,
    mma_atom_names, MmaAtom, ValueType,
};
use cute_layout::{Int, IntTuple, Layout, Tensor, Tree};
use proptest::prelude::*;

/// The sorted image of a layout.
fn image(l: &Layout) -> Vec<i64> {
    let mut v = l.offsets().unwrap();
    v.sort_unstable();
    v.dedup();
    v
}

fn extent(atom: &MmaAtom, i: usize) -> i64 {
    atom.extent(i).unwrap().value()
}

/// Every hand-listed atom, the GMMA rule at N = 8, 24, 64, 256 and the UMMA rule at N <= 64
/// (all N would only cost time; every listed atom is checked against C++ in bench/atoms).
#[test]
fn every_mma_atom_is_well_formed() {
    for name in mma_atom_names() {
        let atom = mma_atom(&name).unwrap();
        if name.starts_with("SM90") && ![8, 24, 64, 256].contains(&extent(&atom, 1)) {
            continue;
        }
        let umma = name.starts_with("SM100_MMA")
            || name.starts_with("SM103")
            || name.starts_with("MMA_Traits");
        if umma && extent(&atom, 1) > 64 {
            continue;
        }
        let (m, n, k) = (extent(&atom, 0), extent(&atom, 1), extent(&atom, 2));
        let threads = atom.thr_id.size().unwrap().value();
        // C: a bijection from (thr, val) onto M×N.
        let c = &atom.layout_c;
        assert_eq!(c.size().unwrap().value(), m * n, "{name}: size of C");
        assert_eq!(
            image(c),
            (0..m * n).collect::<Vec<_>>(),
            "{name}: C onto M×N"
        );
        // A and B: onto M×K and N×K (shared-memory GMMA operands broadcast over threads).
        assert_eq!(
            image(&atom.layout_a),
            (0..m * k).collect::<Vec<_>>(),
            "{name}: A onto M×K"
        );
        let b_image = if overlapping_b(&name) {
            // C++ wins: this BLayout of CUTLASS 4.2 (T stride 32, V stride 8) reaches only
            // the first 160 of the 256 coordinates of N×K, some twice.
            (0..160).collect::<Vec<_>>()
        } else {
            (0..n * k).collect::<Vec<_>>()
        };
        assert_eq!(image(&atom.layout_b), b_image, "{name}: B onto N×K");
        for l in [&atom.layout_a, &atom.layout_b, c] {
            assert_eq!(
                l.mode(0).unwrap().size().unwrap().value(),
                threads,
                "{name}: threads"
            );
        }
    }
}

/// `SM80_16x8x32_S32{S4,U4}{S4,U4}S32_TN[_SATURATE]`, whose `BLayout` in CUTLASS 4.2,
/// `((_4,_8),(_8)):((_32,_1),(_8))`, is not onto `N×K` (the catalogue keeps C++'s layout).
fn overlapping_b(name: &str) -> bool {
    name.starts_with("SM80_16x8x32_S32") && name.contains('4')
}

#[test]
fn copy_atom_rejects_a_recast_that_loses_threads() {
    let op = copy_op("SM75_U16x2_LDSM_T").unwrap();
    let err = make_copy_atom(&op, ValueType::Float).unwrap_err();
    assert!(
        err.to_string().contains("16 threads, ThrID has 32"),
        "{err}"
    );
}

#[test]
fn copy_atoms_recast_bits_to_elements() {
    for name in copy_op_names() {
        let op = copy_op(&name).unwrap();
        let bits = op.src.mode(1).unwrap().size().unwrap().value();
        for t in [ValueType::UInt8, ValueType::Half, ValueType::Float] {
            let atom = match make_copy_atom(&op, t) {
                Ok(atom) => atom,
                // C++ static_asserts where the recast leaves fewer threads (LDSM_T of U16 rows
                // read as 32-bit values).
                Err(e) => {
                    assert!(
                        name.contains("U16") && t.bits() > 16,
                        "{name} with {t:?}: {e}"
                    );
                    continue;
                }
            };
            let vals = atom.src.mode(1).unwrap().size().unwrap().value();
            if t.bits() <= bits {
                assert_eq!(
                    vals * t.bits(),
                    bits,
                    "{name} with {t:?}: values × width = bits"
                );
            } else {
                // As C++ (upcast rounds up): one value, though the thread moves fewer bits.
                assert_eq!(vals, 1, "{name} with {t:?}");
            }
            assert_eq!(atom.src.mode(0).unwrap().size(), op.thr_id.size(), "{name}");
        }
    }
}

fn static_shape(xs: &[i64]) -> IntTuple {
    Tree::from_leaves(xs.iter().map(|&x| Int::fixed(x)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A tiled MMA's A and B layouts cover their tiles; without threads along K, C is a
    /// bijection onto its tile; each thread's partition of the C tile is what
    /// get_layoutC_TV says the thread holds.
    #[test]
    fn tiled_mma_layouts_cover_their_tiles(
        pick in 0usize..40,
        tm in prop::sample::select(vec![1i64, 2, 4]),
        tn in prop::sample::select(vec![1i64, 2]),
        tk in prop::sample::select(vec![1i64, 2]),
    ) {
        // Every hand-listed family and GMMA up to N = 64 (larger tiles only cost time).
        let names: Vec<String> = mma_atom_names()
            .into_iter()
            .filter(|n| mma_atom(n).unwrap().extent(1).unwrap().value() <= 64)
            .collect();
        let name = &names[(pick * 37) % names.len()];
        prop_assume!(!overlapping_b(name));
        let atom = mma_atom(name).unwrap();
        // ThrID = N:1 (SM70's quad pairs number threads sparsely, and C++'s TV layouts then
        // span the whole warp; those are checked against C++ in bench/atoms).
        prop_assume!(atom.thr_id.stride().as_leaf() == Some(Int::fixed(1)));
        let thr = Layout::column_major(&static_shape(&[tm, tn, tk])).unwrap();
        let mma = make_tiled_mma(&atom, &thr, &[]).unwrap();
        let ts: Vec<i64> = (0..3).map(|i| mma.tile_size_mnk(i).unwrap().value()).collect();
        prop_assert_eq!(ts.clone(), vec![extent(&atom, 0) * tm, extent(&atom, 1) * tn, extent(&atom, 2) * tk]);
        let c = mma.get_layout_c_tv().unwrap();
        prop_assert_eq!(c.mode(0).unwrap().size().unwrap(), mma.size().unwrap());
        let a = mma.get_layout_a_tv().unwrap();
        prop_assert_eq!(image(&a), (0..ts[0] * ts[2]).collect::<Vec<_>>());
        let b = mma.get_layout_b_tv().unwrap();
        prop_assert_eq!(image(&b), (0..ts[1] * ts[2]).collect::<Vec<_>>());
        // C is tiled over M and N only: with threads along K, C++'s get_layoutC_TV maps
        // them past the tile (checked against C++ in bench/atoms), so check C for tk = 1.
        prop_assume!(tk == 1);
        prop_assert_eq!(image(&c), (0..ts[0] * ts[1]).collect::<Vec<_>>());
        prop_assert_eq!(c.size().unwrap().value(), ts[0] * ts[1]);
        // partition_C of the column-major tile: thread t holds exactly c(t, _).
        let tile = Layout::column_major(&static_shape(&[ts[0], ts[1]])).unwrap();
        let threads = mma.size().unwrap().value();
        for t in [0, threads / 2, threads - 1] {
            let p = mma.partition_c(Tensor::new((), tile.clone()), t).unwrap();
            let mut got: Vec<i64> = p.layout().inner().offsets().unwrap().iter().map(|x| x + p.offset()).collect();
            let vals = c.mode(1).unwrap().size().unwrap().value();
            let mut want: Vec<i64> = (0..vals).map(|v| c.eval(t + threads * v).unwrap()).collect();
            got.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(got, want);
        }
    }

    /// With one atom (thread layout `(1,1,1)`) and `ThrID = N:1`, the tiled layouts are the
    /// atom's own.
    #[test]
    fn a_single_atom_tiles_to_itself(pick in 0usize..2000) {
        let names = mma_atom_names();
        let atom = mma_atom(&names[pick % names.len()]).unwrap();
        prop_assume!(atom.thr_id.stride().as_leaf() == Some(Int::fixed(1)));
        let one = Layout::column_major(&static_shape(&[1, 1, 1])).unwrap();
        let mma = make_tiled_mma(&atom, &one, &[]).unwrap();
        for (tiled, own) in [
            (mma.get_layout_c_tv().unwrap(), &atom.layout_c),
            (mma.get_layout_a_tv().unwrap(), &atom.layout_a),
            (mma.get_layout_b_tv().unwrap(), &atom.layout_b),
        ] {
            prop_assert_eq!(tiled.offsets().unwrap(), own.offsets().unwrap());
        }
    }

    /// make_tiled_copy of compact thread and value layouts is a bijection from (thr, val)
    /// onto its tile, and get_layoutS_TV agrees with it for a one-thread atom.
    #[test]
    fn tiled_copy_is_a_bijection(
        tm in prop::sample::select(vec![1i64, 2, 4, 8, 32]),
        tn in prop::sample::select(vec![1i64, 2, 4]),
        vm in prop::sample::select(vec![1i64, 2]),
        vn in prop::sample::select(vec![1i64, 2, 4, 8]),
        row in any::<bool>(),
    ) {
        let thr_shape = static_shape(&[tm, tn]);
        let thr = if row { Layout::row_major(&thr_shape) } else { Layout::column_major(&thr_shape) }.unwrap();
        let val = Layout::column_major(&static_shape(&[vm, vn])).unwrap();
        let atom = make_copy_atom(&copy_op("UniversalCopy<uint32_t>").unwrap(), ValueType::Float).unwrap();
        let tc = make_tiled_copy(&atom, &thr, &val).unwrap();
        let n = tm * tn * vm * vn;
        prop_assert_eq!(tc.tiler.size().unwrap().value(), n);
        prop_assert_eq!(image(&tc.layout_tv), (0..n).collect::<Vec<_>>());
        prop_assert_eq!(tc.get_layout_s_tv().unwrap().offsets().unwrap(), tc.layout_tv.offsets().unwrap());
    }
}

/// Every GMMA shared-memory atom is a permutation of its elements: one 8-row swizzle pattern
/// of `8 × 2^B` 16-byte chunks, the swizzle recast to elements.
#[test]
fn gmma_layout_atoms_are_permutations() {
    use cute_layout::atom::{gmma_layout_atom, GmmaSwizzle, Major};
    for major in [Major::K, Major::MN] {
        for (sw, b) in [
            (GmmaSwizzle::Inter, 0),
            (GmmaSwizzle::Sw32, 1),
            (GmmaSwizzle::Sw64, 2),
            (GmmaSwizzle::Sw128, 3),
        ] {
            for t in [
                ValueType::UInt8,
                ValueType::Half,
                ValueType::Float,
                ValueType::Double,
            ] {
                let atom = gmma_layout_atom(major, sw, t).unwrap();
                let n = atom.layout.size().unwrap().value();
                assert_eq!(n * t.bits(), 8 * (128 << b), "{major:?} {sw:?} {t:?}: bits");
                let el = atom.element_layout().unwrap();
                let mut offs: Vec<i64> = (0..n).map(|i| el.eval(i).unwrap()).collect();
                offs.sort_unstable();
                assert_eq!(offs, (0..n).collect::<Vec<_>>(), "{major:?} {sw:?} {t:?}");
            }
        }
    }
}

/// Shared-memory blocks that are not canonical GMMA layouts are refused with C++'s message.
#[test]
fn gmma_descriptor_names_the_violated_condition() {
    use cute_layout::atom::{gmma_descriptor, gmma_layout_atom, GmmaSwizzle, Major, SmemLayout};
    let block = |major, sw, tile: &str, block: &str| {
        let atom = gmma_layout_atom(major, sw, ValueType::Half).unwrap();
        let tile = atom.tile_to_shape(&tile.parse().unwrap(), None).unwrap();
        SmemLayout {
            layout: cute_layout::composition_tiler(&tile.layout, &block.parse().unwrap()).unwrap(),
            ..tile
        }
    };
    // The whole K extent instead of one MMA's 16 halves.
    let wide = block(Major::K, GmmaSwizzle::Sw128, "(_64,_64)", "(_64,_64)");
    let err = gmma_descriptor(&wide, Major::K).unwrap_err().to_string();
    assert!(
        err.contains("Not a canonical GMMA_K Layout: Expected K-size 2"),
        "{err}"
    );
    // An MN-major layout read as K-major.
    let mn = block(Major::MN, GmmaSwizzle::Sw64, "(_64,_16)", "(_64,_16)");
    let err = gmma_descriptor(&mn, Major::K).unwrap_err().to_string();
    assert!(err.contains("Not a canonical GMMA_K Layout"), "{err}");
    // A K-major layout read as MN-major.
    let k = block(Major::K, GmmaSwizzle::Sw32, "(_64,_16)", "(_64,_16)");
    let err = gmma_descriptor(&k, Major::MN).unwrap_err().to_string();
    assert!(err.contains("Not a canonical GMMA_MN Layout"), "{err}");
    // The swizzle of the wrong atom: SW128 bits over a SW32 arrangement.
    let wrong = SmemLayout {
        swizzle: cute_layout::Swizzle::new(3, 4, 3).unwrap(),
        ..k.clone()
    };
    let err = gmma_descriptor(&wrong, Major::K).unwrap_err().to_string();
    assert!(err.contains("Expected stride failure"), "{err}");
    // Not a GMMA swizzle at all.
    let odd = SmemLayout {
        swizzle: cute_layout::Swizzle::new(2, 3, 3).unwrap(),
        ..k
    };
    let err = gmma_descriptor(&odd, Major::K).unwrap_err().to_string();
    assert!(err.contains("not a GMMA swizzle"), "{err}");
}

/// A thread index outside the tiled copy is refused by `partition_S` / `partition_D` as the MMA
/// partitions refuse one outside the tiled MMA (C++ computes either: a copy slice past the
/// tile, an MMA slice wrapped around); the last thread is accepted.
#[test]
fn partitions_refuse_a_thread_outside_the_copy_or_mma() {
    let atom = make_copy_atom(
        &copy_op("UniversalCopy<uint128_t>").unwrap(),
        ValueType::Half,
    )
    .unwrap();
    let tc = make_tiled_copy(
        &atom,
        &"(_32,_4):(_4,_1)".parse().unwrap(),
        &"(_1,_8)".parse().unwrap(),
    )
    .unwrap();
    let mma = make_tiled_mma(
        &mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
        &"(_2,_2,_1)".parse().unwrap(),
        &[],
    )
    .unwrap();
    let t = || Tensor::new((), "(_64,_64):(_64,_1)".parse::<Layout>().unwrap());
    for tid in [0, 127] {
        assert!(tc.partition_s(t(), tid).is_ok());
        assert!(tc.partition_d(t(), tid).is_ok());
        assert!(mma.partition_a(t(), tid).is_ok());
    }
    for tid in [-1, 128, 200] {
        let e = tc.partition_s(t(), tid).unwrap_err().to_string();
        assert!(
            e.contains("partition_S")
                && e.contains(&format!("thread index {tid} is outside [0, 128)")),
            "{e}"
        );
        let e = tc.partition_d(t(), tid).unwrap_err().to_string();
        assert!(e.contains("partition_D") && e.contains("hint:"), "{e}");
        assert!(mma.partition_a(t(), tid).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// An SM100 UMMA of any M and N: when C++'s static_asserts hold, its shape is
    /// (M, N, 256 bits of A) and C is a bijection onto M×N, A and B cover M×K and N×K;
    /// otherwise an error.
    #[test]
    fn umma_atoms_follow_their_template_arguments(
        family in prop::sample::select(vec![
            ("TF32", "tfloat32_t", "float", 8i64),
            ("F16BF16", "half_t", "float", 16),
            ("F16BF16", "bfloat16_t", "float", 16),
            ("S8", "int8_t", "int32_t", 32),
        ]),
        pair in any::<bool>(),
        tmem_a in any::<bool>(),
        m in prop::sample::select(vec![32i64, 64, 128, 256]),
        n in 0i64..300,
    ) {
        let (tag, ab, c, k) = family;
        let cta = if pair { "_2x1SM" } else { "" };
        let src = if tmem_a { "TS" } else { "SS" };
        let name = format!("SM100_MMA_{tag}{cta}_{src}<{ab},{ab},{c},{m},{n},UMMA::Major::K,UMMA::Major::K>");
        let m_ok = if pair { m == 128 || m == 256 } else { m == 64 || m == 128 };
        let step = match (pair, tag, tmem_a) {
            (true, "S8", _) | (true, _, true) => 32,
            (true, _, _) => 16,
            (false, "S8", _) if n == 8 => 8,
            (false, "S8", _) => 16,
            (false, _, true) if m == 128 => 16,
            _ => 8,
        };
        let n_ok = n % step == 0 && n >= step && n <= 256;
        match mma_atom(&name) {
            Ok(atom) => {
                prop_assert!(m_ok && n_ok, "{} accepted", name);
                prop_assert_eq!(atom.shape_mnk.to_string(), format!("(_{m},_{n},_{k})"));
                prop_assert_eq!(image(&atom.layout_c), (0..m * n).collect::<Vec<_>>());
                prop_assert_eq!(image(&atom.layout_a), (0..m * k).collect::<Vec<_>>());
                prop_assert_eq!(image(&atom.layout_b), (0..n * k).collect::<Vec<_>>());
                prop_assert_eq!(atom.layout_c.size().unwrap().value(), m * n);
            }
            Err(_) => prop_assert!(!(m_ok && n_ok), "{} refused", name),
        }
    }
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `make_tiled_mma` pads the permutation with `_` (C++: `append<3>(permutations, _)`), so a
/// one-mode tuple `(P)` and a bare mode `P` (`notation::atom::parse_permutation`: "a bare mode
/// is read as a one-mode tuple") give the same tiled MMA as `(P,_,_)`, for an extent and for a
/// layout mode alike.
#[test]
fn permutation_of_one_mode_is_padded_with_underscores() {
    use cute_layout::atom::{make_tiled_mma, mma_atom, Permutation};
    use cute_layout::notation::atom::{parse_permutation, tiled_mma_text};
    let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let thr = lay("(_2,_2,_1)");
    let text = |perm: &str| {
        let p = parse_permutation(perm).unwrap_or_else(|e| panic!("{perm}: {e}"));
        tiled_mma_text(&make_tiled_mma(&atom, &thr, &p).unwrap())
    };
    for (padded, one_mode) in [
        ("(_32,_,_)", ["(_32)", "_32"]),
        (
            "((_4,_8):(_8,_1),_,_)",
            ["((_4,_8):(_8,_1))", "(_4,_8):(_8,_1)"],
        ),
        ("(_32:_1,_,_)", ["(_32:_1)", "_32:_1"]),
    ] {
        let expected = text(padded);
        for p in one_mode {
            assert_eq!(text(p), expected, "{p} against {padded}");
        }
    }
    // an extent stays an extent (printed as the integer), not the layout `(_32):(_1)`
    assert_eq!(
        parse_permutation("(_32)").unwrap(),
        vec![Permutation::Size(cute_layout::Int::fixed(32))]
    );
    assert!(text("(_32)").contains("PermutationMNK: (_32,_,_)"));
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `resolve_atom` builds a tiled copy when any of the thread layout, the value layout or a
/// query is given, each missing layout defaulting to `_1:_0` (its documented rule), not only
/// when the thread layout is.
#[test]
fn resolve_atom_tiles_a_copy_given_only_a_value_layout_or_a_query() {
    use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
    use cute_layout::notation::atom::{atom_text, resolve_atom, AtomObject, AtomRequest};
    let name = "UniversalCopy<uint128_t>";
    let req = AtomRequest {
        name,
        value_type: Some("half_t"),
        ..Default::default()
    };
    let atom = make_copy_atom(&copy_op(name).unwrap(), ValueType::Half).unwrap();
    let unit = lay("_1:_0");
    let by_val = AtomRequest {
        val_layout: Some("(_1,_8)"),
        ..req
    };
    let expected = make_tiled_copy(&atom, &unit, &lay("(_1,_8)")).unwrap();
    assert_eq!(
        atom_text(&AtomRequest {
            query: Some("S"),
            ..by_val
        })
        .unwrap(),
        format!("{}\n", expected.get_layout_s_tv().unwrap())
    );
    assert_eq!(
        resolve_atom(&by_val).unwrap(),
        AtomObject::TiledCopy(expected)
    );
    // a query alone tiles with one thread and one value: too few for this 8-value atom
    // (C++ static_asserts `TiledNum % AtomNum == 0`)
    let by_query = AtomRequest {
        query: Some("S"),
        ..req
    };
    let e = atom_text(&by_query).unwrap_err().to_string();
    assert!(e.contains("TiledNum % AtomNum == 0"), "{e}");
    assert!(atom_text(&req).unwrap().starts_with("Copy_Atom\n"));
}
