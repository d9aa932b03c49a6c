//! Layout analysis: bank conflicts checked against an independent brute-force count.

use cute_layout::AnyLayout;
use cute_tools::analysis::{analyze, bank_conflicts, vector_width};
use cute_tools::analyze::analyze_expr;
use proptest::prelude::*;

/// The lane ranges `[p, q)` of the phases of one load of `bytes`-byte accesses by lanes
/// `warp..end` at `addr(t)`: phases of `128 / max(4, bytes)` lanes, except that a 64- or
/// 128-bit load in which every lane reads the address of lane `t ^ 1`, or every lane that of
/// lane `t ^ 2` (where that lane takes part), is served in phases of twice as many lanes (the
/// broadcast merge measured on an H200, bench/gpu/results/table-h200-2.md).
fn load_phases(warp: i64, end: i64, bytes: i64, addr: impl Fn(i64) -> i64) -> Vec<(i64, i64)> {
    let per_phase = 128 / bytes.max(4);
    let repeats = |d: i64| {
        (warp..end).all(|t| {
            let partner = warp + ((t - warp) ^ d);
            partner >= end || addr(partner) == addr(t)
        })
    };
    let merged = bytes >= 8 && end - warp > per_phase && (repeats(1) || repeats(2));
    let size = if merged { 2 * per_phase } else { per_phase };
    let mut out = Vec::new();
    let mut p = warp;
    while p < end {
        out.push((p, (p + size).min(end)));
        p += size;
    }
    out
}

/// Independent count: for every warp, value and phase, compare every pair of accessed words
/// and count, per bank, the distinct words; the phase costs the maximum.
fn brute_force(offsets: &[i64], threads: i64, elem_bytes: i64) -> (i64, i64) {
    let values = offsets.len() as i64 / threads;
    let (mut phases, mut wavefronts) = (0, 0);
    for v in 0..values {
        for warp in (0..threads).step_by(32) {
            let end = (warp + 32).min(threads);
            let addr = |t: i64| offsets[(t + threads * v) as usize];
            for (p, q) in load_phases(warp, end, elem_bytes, addr) {
                let mut words: Vec<i64> = Vec::new();
                for t in p..q {
                    let byte = offsets[(t + threads * v) as usize] * elem_bytes;
                    for k in 0..(elem_bytes + 3) / 4 {
                        let w = byte.div_euclid(4) + k;
                        if !words.contains(&w) {
                            words.push(w);
                        }
                    }
                }
                let worst = (0..32)
                    .map(|b| words.iter().filter(|w| w.rem_euclid(32) == b).count() as i64)
                    .max()
                    .unwrap_or(1)
                    .max(1);
                phases += 1;
                wavefronts += worst;
            }
        }
    }
    (phases, wavefronts)
}

#[test]
fn classic_examples() {
    let col: AnyLayout = "_32:_32".parse().unwrap();
    assert_eq!(bank_conflicts(&col, 4, false).unwrap().worst, 32);
    let sw: AnyLayout = "Sw<5,0,5> o _0 o _32:_32".parse().unwrap();
    assert_eq!(bank_conflicts(&sw, 4, false).unwrap().conflicts, 0);
    // 8 rows of 8 16-byte vectors, 8 threads reading down a column: conflict-free only swizzled
    let plain = analyze_expr("_8:_8", 16, false).unwrap();
    assert_eq!(plain.banks.worst, 8);
    let swz = analyze_expr("Sw<3,0,3> o _0 o _8:_8", 16, false).unwrap();
    assert_eq!(swz.banks.worst, 1);
    // same word twice is a broadcast
    assert_eq!(
        bank_conflicts(&"_32:_0".parse().unwrap(), 4, false)
            .unwrap()
            .conflicts,
        0
    );
}

#[test]
fn report_properties() {
    let r = analyze(&"(_4,_8):(_1,_4)".parse().unwrap(), 4, false).unwrap();
    assert!(r.contiguous && r.bijective());
    assert_eq!(
        (r.vector_elems.to_string(), r.vector_bytes),
        ("_32".to_string(), 16)
    );
    let r = analyze(&"(_4,_2):(_2,_0)".parse().unwrap(), 4, false).unwrap();
    assert!(!r.injective && !r.surjective);
    let r = analyze(&"(_4,_2):(_1,_8)".parse().unwrap(), 4, false).unwrap();
    assert!(r.injective && !r.surjective && !r.contiguous);
    // contiguity along the first mode, capped at 2^M for a swizzle
    let r = analyze(
        &"Sw<3,4,3> o _0 o (_64,_8):(_1,_64)".parse().unwrap(),
        2,
        false,
    )
    .unwrap();
    assert_eq!(r.vector_elems.to_string(), "_16");
    assert!(r.bijective());
    assert!(analyze_expr("size((4,2):(1,4))", 4, false).is_err());
    assert!(analyze(&"_8:_1".parse().unwrap(), 4, true).is_err());
}

proptest! {
    #[test]
    fn bank_conflicts_match_brute_force(
        s0 in 1i64..=8, s1 in 1i64..=16, d0 in 0i64..=40, d1 in 0i64..=70,
        bytes in prop::sample::select(vec![1i64, 2, 4, 8, 16]), tv in any::<bool>(),
    ) {
        let l: AnyLayout = format!("({s0},{s1}):({d0},{d1})").parse().unwrap();
        let r = bank_conflicts(&l, bytes, tv).unwrap();
        let offsets = l.offsets().unwrap();
        let threads = if tv { s0 } else { s0 * s1 };
        let (phases, wavefronts) = brute_force(&offsets, threads, bytes);
        prop_assert_eq!((r.phases, r.wavefronts), (phases, wavefronts));
    }
}

#[test]
fn vector_width_along_every_mode() {
    // row-major: nothing along mode 0, a full row along mode 1
    let r = analyze(&"(_8,_8):(_8,_1)".parse().unwrap(), 2, false).unwrap();
    let per: Vec<(String, i64)> = r
        .vector_modes
        .iter()
        .map(|v| (v.elems.to_string(), v.bytes))
        .collect();
    assert_eq!(per, [("_1".to_string(), 2), ("_8".to_string(), 16)]);
    assert_eq!(r.best_vector_mode().0, 1);
    assert!(r
        .to_string()
        .contains("vector by mode: mode 0: _1 (2-byte), mode 1: _8 (16-byte)"));
    // a TV layout vectorises along its value mode
    let r = analyze_expr("(_32,_4):(_4,_1)", 4, true).unwrap();
    assert_eq!(r.vector_modes[1].bytes, 16);
    // swizzled: capped at 2^M
    let sw: AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
    assert_eq!(vector_width(&sw, 1, 2).unwrap().elems.to_string(), "_8");
    // a hierarchical mode, a leaf shape, errors
    let l: AnyLayout = "((_2,_4),_3):((_1,_2),_8)".parse().unwrap();
    assert_eq!(vector_width(&l, 0, 4).unwrap().elems.to_string(), "_8");
    assert_eq!(vector_width(&l, 1, 4).unwrap().elems.to_string(), "_1");
    let leaf: AnyLayout = "_8:_1".parse().unwrap();
    assert_eq!(vector_width(&leaf, 0, 4).unwrap().elems.to_string(), "_8");
    assert!(vector_width(&leaf, 1, 4).is_err());
    assert!(vector_width(&l, 2, 4).is_err());
    assert!(vector_width(&l, 0, 0).is_err());
}

proptest! {
    /// The vector along a mode is the run of leading elements of that mode at consecutive
    /// offsets (from offset 0).
    #[test]
    fn vector_width_matches_brute_force(
        a in 1i64..=4, b in 1i64..=4, c in 1i64..=4,
        d0 in 0i64..=6, d1 in 0i64..=12, d2 in 0i64..=12, mode in 0usize..2,
    ) {
        let l: AnyLayout = format!("((_{a},_{b}),_{c}):((_{d0},_{d1}),_{d2})").parse().unwrap();
        let sub = l.inner().mode(mode).unwrap();
        let n = sub.size().unwrap().value();
        let mut run = 1;
        while run < n && sub.eval(run).unwrap() == run && sub.eval(0).unwrap() == 0 {
            run += 1;
        }
        let got = vector_width(&l, mode, 4).unwrap().elems.value();
        prop_assert_eq!(got, run, "{} mode {}", l, mode);
    }
}

mod hardware_accesses {
    use cute_layout::Int;
    use cute_layout::{AnyLayout, Layout, Swizzle};
    use cute_tools::analysis::{
        analyze_at, analyze_with, atom_access, count_conflicts, cuda_kernel, plan, plan_at,
        solve_swizzle, AccessSpec, Instruction, Width,
    };
    use cute_tools::analyze::{layout_of, tensor_of};
    use cute_tools::render::{Coloring, Options};
    use proptest::prelude::*;

    fn spec(elem_bytes: i64, tv: bool, width: Width) -> AccessSpec {
        AccessSpec {
            tv,
            width,
            ..AccessSpec::widest(elem_bytes)
        }
    }

    /// Independent count: the TV layout's vectors of `n` elements, warp by warp, phases of
    /// `128 / max(4, bytes)` lanes, each costing the most distinct words one bank delivers.
    fn brute_force(l: &AnyLayout, threads: i64, n: i64, e: i64) -> (i64, i64) {
        brute_force_at(l, 0, threads, n, e)
    }

    /// [`brute_force`] of the tensor `l + o`: every element offset moved by `o`.
    fn brute_force_at(l: &AnyLayout, o: i64, threads: i64, n: i64, e: i64) -> (i64, i64) {
        let offsets: Vec<i64> = l.offsets().unwrap().iter().map(|x| x + o).collect();
        let values = offsets.len() as i64 / threads;
        let bytes = n * e;
        let (mut phases, mut wavefronts) = (0, 0);
        for warp in (0..threads).step_by(32) {
            for k in 0..values / n {
                let end = (warp + 32).min(threads);
                let addr = |t: i64| offsets[(t + threads * k * n) as usize] * e;
                let lanes: Vec<i64> = (warp..end).map(addr).collect();
                for (p, q) in super::load_phases(warp, end, bytes, addr) {
                    let phase = &lanes[(p - warp) as usize..(q - warp) as usize];
                    let mut per_bank = vec![Vec::<i64>::new(); 32];
                    for a in phase {
                        for w in a / 4..=(a + bytes - 1) / 4 {
                            if !per_bank[(w % 32) as usize].contains(&w) {
                                per_bank[(w % 32) as usize].push(w);
                            }
                        }
                    }
                    phases += 1;
                    wavefronts += per_bank.iter().map(Vec::len).max().unwrap().max(1) as i64;
                }
            }
        }
        (phases, wavefronts)
    }

    proptest! {
        /// Vector accesses of a TV layout whose values are `n`-element vectors: the count
        /// agrees with an independent brute force, and the default takes the widest width.
        #[test]
        fn vector_accesses_match_brute_force(
            t in 1i64..=64, v in 1i64..=4, dt in 0i64..=40, dv in 0i64..=40,
            n in prop::sample::select(vec![1i64, 2, 4, 8]),
            e in prop::sample::select(vec![1i64, 2, 4, 8, 16]),
        ) {
            prop_assume!(n * e <= 16);
            let l: AnyLayout = format!("({t},({n},{v})):({},(1,{}))", dt * n, dv * n).parse().unwrap();
            let p = plan(&l, &spec(e, true, Width::Bits(n * e * 8))).unwrap();
            let r = count_conflicts(&p);
            prop_assert_eq!((r.phases, r.wavefronts), brute_force(&l, t, n, e));
            let widest = plan(&l, &spec(e, true, Width::Widest)).unwrap();
            prop_assert!(widest.vector_elems * e >= n * e);
        }

        /// The same at an element offset `o` (the tensor `L+o`): the addresses move by `o`
        /// elements, and vectors of `n` elements are allowed only at a multiple of `n`.
        #[test]
        fn vector_accesses_at_an_offset_match_brute_force(
            t in 1i64..=64, v in 1i64..=4, dt in 0i64..=40, dv in 0i64..=40, o in 0i64..=70,
            n in prop::sample::select(vec![1i64, 2, 4, 8]),
            e in prop::sample::select(vec![1i64, 2, 4, 8, 16]),
        ) {
            prop_assume!(n * e <= 16);
            let l: AnyLayout = format!("({t},({n},{v})):({},(1,{}))", dt * n, dv * n).parse().unwrap();
            let s = spec(e, true, Width::Bits(n * e * 8));
            match plan_at(&l, Int::fixed(o), &s) {
                Ok(p) => {
                    prop_assert_eq!(o % n, 0);
                    let r = count_conflicts(&p);
                    prop_assert_eq!((r.phases, r.wavefronts), brute_force_at(&l, o, t, n, e));
                    let at0 = plan(&l, &s).unwrap();
                    let moved: Vec<Vec<i64>> = at0.instructions.iter()
                        .map(|lanes| lanes.iter().map(|a| a + o * e).collect()).collect();
                    prop_assert_eq!(p.instructions, moved);
                }
                Err(err) => {
                    prop_assert!(o % n != 0, "{}", err);
                    prop_assert!(err.to_string().contains(&format!("from a multiple of {n}")), "{}", err);
                }
            }
        }

    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// The solver's swizzle makes the accesses conflict-free at the same width, and no
        /// swizzle with fewer bits (in the range it searches) does.
        #[test]
        fn solved_swizzles_are_conflict_free_and_minimal(
            rows in 2u32..=5, cols in 2u32..=7, e in prop::sample::select(vec![2i64, 4]),
            padded in any::<bool>(),
        ) {
            let (r, c) = (1i64 << rows, 1i64 << cols);
            let l: Layout = format!("(_{r},_{c}):(_{c},_1)").parse().unwrap();
            let s = spec(e, false, Width::Widest);
            let before = plan(&l.clone().into(), &s).unwrap();
            let sol = solve_swizzle(&l, &s);
            prop_assume!(sol.is_ok() || padded);
            let sol = sol.unwrap();
            let fixed = spec(e, false, Width::Bits(before.access.instruction.bytes() * 8));
            let after = analyze_with(&sol.swizzled(), &fixed).unwrap();
            prop_assert_eq!(after.banks.conflicts, 0);
            prop_assert_eq!(after.plan.vector_elems, before.vector_elems);
            if let Some(sw) = sol.swizzle {
                prop_assert!(sol.before.conflicts > 0);
                let m0 = sol.plan.vector_elems.trailing_zeros() as i64;
                for b in 1..sw.bits() as i64 {
                    for m in m0..=m0 + 3 {
                        for sh in b..=(rows + cols) as i64 - m - b {
                            let Ok(cand) = Swizzle::new(b, m, sh) else { continue };
                            let any: AnyLayout = format!("{cand} o _0 o {l}").parse().unwrap();
                            if let Ok(a) = analyze_with(&any, &fixed) {
                                if a.plan.vector_elems == before.vector_elems {
                                    prop_assert!(a.banks.conflicts > 0, "{} beats {}", cand, sw);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_issue_example_counts_128_bit_loads() {
        // issue 13: an 8x64 fp16 tile read through a TV layout: 128-bit loads, no conflict
        let l: AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
        let r = analyze_with(&l, &spec(2, true, Width::Widest)).unwrap();
        assert_eq!(r.plan.access.instruction, Instruction::Vector { bytes: 16 });
        assert_eq!((r.banks.phases, r.banks.conflicts), (8, 0));
        // one access per element only when asked for
        let r = analyze_with(&l, &spec(2, true, Width::Bits(16))).unwrap();
        assert_eq!(r.banks.instructions, 64);
        assert!(r.to_string().contains("16-bit loads (ld.shared.u16)"));
    }

    #[test]
    fn atoms_give_the_instruction() {
        let l: AnyLayout = "(_8,_64):(_64,_1)".parse().unwrap();
        for (atom, count, instructions, store) in [
            ("SM75_U32x1_LDSM_N", 1, 8, false),
            ("SM75_U32x2_LDSM_N", 2, 4, false),
            ("SM75_U32x4_LDSM_N", 4, 2, false),
            ("SM75_U16x8_LDSM_T", 4, 2, false),
            ("SM90_U32x4_STSM_N", 4, 2, true),
        ] {
            let p = plan(&l, &spec(2, false, Width::Atom(atom.into()))).unwrap();
            assert_eq!(
                p.access.instruction,
                Instruction::Matrix { count },
                "{atom}"
            );
            assert_eq!(
                (p.instructions.len(), p.access.store),
                (instructions, store)
            );
            // each phase is one 8x8 matrix: 8 rows 128 bytes apart, all in the same banks
            assert_eq!(count_conflicts(&p).worst, 8);
        }
        let a = atom_access("UniversalCopy<uint32_t>", false).unwrap();
        assert_eq!(a.instruction, Instruction::Vector { bytes: 4 });
        assert!(atom_access("SM75_U32x3_LDSM_N", false).is_err());
        // a matrix instruction needs whole groups of 8·count rows
        let e = plan(
            &"(_4,_8):(_8,_1)".parse().unwrap(),
            &spec(2, false, Width::Atom("SM75_U32x4_LDSM_N".into())),
        )
        .unwrap_err();
        assert!(e.to_string().contains("do not fill whole .x4"), "{e}");
    }

    #[test]
    fn widths_the_layout_does_not_allow_are_refused() {
        let e = plan(&"_32:_2".parse().unwrap(), &spec(4, false, Width::Bits(64))).unwrap_err();
        assert!(e.to_string().contains("thread 0's values 0..1"), "{e}");
        // misaligned: 2 contiguous elements starting at an odd offset
        let l: AnyLayout = "(_4,_2):(_2,_1)".parse().unwrap();
        assert!(plan(
            &l.map_inner(|x| Ok(x.clone())).unwrap(),
            &spec(4, true, Width::Bits(64))
        )
        .is_ok());
        let odd: AnyLayout = "(_4,_2):(_3,_1)".parse().unwrap();
        let e = plan(&odd, &spec(4, true, Width::Bits(64))).unwrap_err();
        assert!(e.to_string().contains("from a multiple of 2"), "{e}");
        assert!(plan(&odd, &spec(3, true, Width::Widest)).is_err());
        assert!(plan(&odd, &spec(4, true, Width::Bits(96))).is_err());
        assert!(plan(&odd, &spec(8, true, Width::Bits(32))).is_err());
    }

    #[test]
    fn json_and_cuda_outputs() {
        let l: AnyLayout = "(_8,_64):(_64,_1)".parse().unwrap();
        let r = analyze_with(&l, &spec(2, false, Width::Widest)).unwrap();
        let j: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(j["banks"]["conflicts"], 56);
        assert_eq!(j["access"]["bits"], 128);
        assert_eq!(j["access"]["addresses"][0][1], 128);
        assert_eq!(
            j["banks"]["worst_phase"]["lanes"].as_array().unwrap().len(),
            8
        );
        let s = solve_swizzle(
            &"(_8,_64):(_64,_1)".parse().unwrap(),
            &spec(2, false, Width::Widest),
        )
        .unwrap();
        let j: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
        assert_eq!(j["swizzled"], "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assert_eq!(j["rejected"].as_array().unwrap().len(), 2);
        assert!(j["explanation"].as_str().unwrap().contains("why B = 3"));
        assert!(cuda_kernel(&r.plan, "bad name", "").is_err());
        let cu = cuda_kernel(&r.plan, "k", "").unwrap();
        assert_eq!(cu.matches("0xffffffffu,").count(), 0);
        // a partial warp leaves lanes idle
        let p = plan(&"_8:_1".parse().unwrap(), &spec(4, false, Width::Bits(32))).unwrap();
        assert_eq!(
            cuda_kernel(&p, "k", "")
                .unwrap()
                .matches("0xffffffffu")
                .count(),
            24 + 1
        );
    }

    #[test]
    fn conflict_free_layouts_need_no_swizzle_and_broadcasts_are_free() {
        let s = solve_swizzle(
            &"(_8,_16):(_36,_1)".parse().unwrap(),
            &spec(4, false, Width::Widest),
        )
        .unwrap();
        assert!(s.swizzle.is_none() && s.to_string().contains("none needed"));
        // every thread reading the same two words of one bank pair, with different words
        let e = solve_swizzle(
            &"(_2,_16):(_1,_0)".parse().unwrap(),
            &spec(4, false, Width::Bits(32)),
        );
        assert!(e.is_ok());
    }

    /// `solve_swizzle` in `cute eval` is the solver's swizzled layout, for each way of giving
    /// the accesses; its argument errors are values.
    #[test]
    fn the_solve_swizzle_operation_is_the_solver() {
        let eval = |e: &str| cute_tools::eval::eval(e).map(|v| v.to_string());
        let solved = |l: &str, s: AccessSpec| {
            solve_swizzle(&l.parse().unwrap(), &s)
                .unwrap()
                .swizzled()
                .to_string()
        };
        let l = "(_8,_64):(_64,_1)";
        let ldsm = Width::Atom("SM75_U32x4_LDSM_N".into());
        for (expr, want) in [
            (
                format!("solve_swizzle({l},2)"),
                solved(l, spec(2, false, Width::Widest)),
            ),
            (
                format!("solve_swizzle({l},2,32)"),
                solved(l, spec(2, false, Width::Bits(32))),
            ),
            (
                format!("solve_swizzle({l},Copy_Atom<SM75_U32x4_LDSM_N,half_t>)"),
                solved(l, spec(2, false, ldsm)),
            ),
            (
                "solve_swizzle((_8,_16):(_36,_1),4)".into(),
                "(_8,_16):(_36,_1)".into(),
            ),
        ] {
            assert_eq!(eval(&expr).unwrap(), want, "{expr}");
        }
        let tv = "((_8,_64),(_32,_8):(_64,_1))";
        assert_eq!(
            eval(&format!("solve_swizzle({tv},2)")).unwrap(),
            solved("(_32,_8):(_64,_1)", spec(2, true, Width::Widest))
        );
        for bad in [
            format!("solve_swizzle({l},Copy_Atom<SM75_U32x4_LDSM_N,half_t>,32)"),
            format!("solve_swizzle({l},3)"),
            format!("solve_swizzle({l},2,24)"),
        ] {
            assert!(eval(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn phase_coloring_follows_the_access_width() {
        // 32 threads: 4 phases of 128-bit accesses, 2 of 64-bit, 1 of 32-bit
        let distinct = |bytes: i64| {
            let o = Options {
                coloring: Coloring::Phase,
                access_bytes: bytes,
                ..Options::default()
            };
            let s = cute_tools::render::subject("(_32,_1):(_1,_0)").unwrap();
            let svg = cute_tools::render::svg(&s, &o).unwrap();
            let mut fills: Vec<&str> = svg.split("fill=\"#").skip(1).map(|x| &x[..6]).collect();
            fills.sort_unstable();
            fills.dedup();
            fills.len()
        };
        let (p16, p8, p4) = (distinct(16), distinct(8), distinct(4));
        assert_eq!((p16 - p4, p8 - p4), (3, 1), "{p16} {p8} {p4}");
    }

    /// A tensor `L+o` is analysed at its real addresses `o + L(c)` (hand-computed reports):
    /// offset 0 is the layout's report; offset 4 (a multiple of the 4-float vector) keeps the
    /// 128-bit loads and their 2-way conflicts but moves every bank by 4; offset 1 allows no
    /// vector at all: 32-bit loads, 64 threads down the columns, banks `8i+j+1` colliding for
    /// rows `i` and `i+4`.
    #[test]
    fn a_tensor_is_analysed_at_its_offset() {
        let report = |expr: &str| {
            let (l, o) = tensor_of(expr).unwrap();
            analyze_at(&l, o, &AccessSpec::widest(4))
                .unwrap()
                .to_string()
        };
        let tail = "coalesced:     (_8,_8):(_8,_1)
contiguous:    false (offset(i) = i for every 1-D index i; a bijection need not be)
cosize:        _64
injective:     true
surjective:    true
bijective:     true";
        let vectors = "threads:       16 threads, each a vector along mode 1: (thread, value) -> index ((_8,_2),_4):((_1,_32),_8)
instructions:  1 (1 per warp, 1 warp), addresses from lanes 0..15 of each
bank conflicts: 1 instructions, 2 phases of 8 lanes, 4 wavefronts, 2 conflicts, worst 2-way
wavefronts per phase: instruction 0: 2+2";
        let at0 = format!(
            "layout:        (_8,_8):(_8,_1)
access:        128-bit loads (ld.shared.v4.u32), 4 4-byte elements per access
{vectors}
worst phase:   instruction 0, phase 0: bank 0 delivers 2 words (lane 0 @ byte 0, lane 4 @ byte 128)
from index 0:  _1 element contiguous in 1-D index order (4-byte vectors; the accesses above follow the threads)
vector by mode: mode 0: _1 (4-byte), mode 1: _8 (16-byte)
{tail}"
        );
        assert_eq!(report("(_8,_8):(_8,_1)"), at0);
        assert_eq!(report("(_8,_8):(_8,_1)+_0"), at0);
        assert_eq!(
            report("(_8,_8):(_8,_1)+4"),
            format!(
                "layout:        (_8,_8):(_8,_1)+4
access:        128-bit loads (ld.shared.v4.u32), 4 4-byte elements per access
{vectors}
worst phase:   instruction 0, phase 0: bank 4 delivers 2 words (lane 0 @ byte 16, lane 4 @ byte 144)
from index 0:  _1 element contiguous in 1-D index order (4-byte vectors; the accesses above follow the threads)
vector by mode: mode 0: _1 (4-byte), mode 1: _8 (16-byte)
offset:        4 elements = 16 bytes, aligned for accesses of up to 16 bytes
{tail}"
            )
        );
        assert_eq!(
            report("(_8,_8):(_8,_1)+1"),
            format!(
                "layout:        (_8,_8):(_8,_1)+1
access:        32-bit loads (ld.shared.u32), 1 4-byte element per access
threads:       64 threads, each a vector along mode 0: (thread, value) -> index ((_8,_8),_1):((_1,_8),_1)
instructions:  2 (1 per warp, 2 warps), addresses from lanes 0..31 of each
bank conflicts: 2 instructions, 2 phases of 32 lanes, 4 wavefronts, 2 conflicts, worst 2-way
wavefronts per phase: instructions 0..1: 2
worst phase:   instruction 0, phase 0: bank 1 delivers 2 words (lane 0 @ byte 4, lane 4 @ byte 132)
from index 0:  _1 element contiguous in 1-D index order (4-byte vectors; the accesses above follow the threads)
vector by mode: mode 0: _1 (4-byte), mode 1: _8 (4-byte)
offset:        1 element = 4 bytes, aligned for accesses of up to 4 bytes
{tail}"
            )
        );
    }

    /// TV layouts, swizzled tensors, copy atoms and the JSON report at an offset.
    #[test]
    fn tv_swizzled_atoms_and_json_at_an_offset() {
        let tv = spec(4, true, Width::Widest);
        let l: AnyLayout = "(_32,_4):(_4,_1)".parse().unwrap(); // 4 consecutive floats a thread
        let at = |o: i64| analyze_at(&l, Int::fixed(o), &tv).unwrap();
        // 0 and 4: 128-bit, each phase of 8 lanes on 32 distinct banks
        for o in [0, 4] {
            let b = at(o).banks;
            assert_eq!(
                (b.access_bytes, b.wavefronts, b.conflicts),
                (16, 4, 0),
                "+{o}"
            );
        }
        // 2: 64-bit only; lane t at bytes 16t+8, lanes t and t+8 of a 16-lane phase collide
        let r = at(2);
        let b = &r.banks;
        assert_eq!(
            (b.access_bytes, b.phases, b.wavefronts, b.conflicts),
            (8, 4, 8, 4)
        );
        let w = b.worst_phase.as_ref().unwrap();
        assert_eq!((w.bank, w.lanes.clone()), (2, vec![(0, 8), (8, 136)]));
        assert_eq!(r.vector_modes[1].bytes, 8);
        // a swizzled tensor: o + Sw(L(c)), the swizzle applied before the tensor's offset
        let sw: AnyLayout = "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)".parse().unwrap();
        let p0 = plan(&sw, &spec(4, false, Width::Widest)).unwrap();
        let p4 = plan_at(&sw, Int::fixed(4), &spec(4, false, Width::Widest)).unwrap();
        assert_eq!(p4.access.instruction, Instruction::Vector { bytes: 16 });
        let moved: Vec<Vec<i64>> = p0
            .instructions
            .iter()
            .map(|lanes| lanes.iter().map(|a| a + 16).collect())
            .collect();
        assert_eq!(p4.instructions, moved);
        let p2 = plan_at(&sw, Int::fixed(2), &spec(4, false, Width::Widest)).unwrap();
        assert_eq!(p2.access.instruction, Instruction::Vector { bytes: 8 });
        // ldmatrix rows must be 16-byte aligned: 8 halves yes, 4 halves no
        let rows: AnyLayout = "(_32,_8):(_8,_1)".parse().unwrap();
        let ldsm = spec(2, true, Width::Atom("SM75_U32x4_LDSM_N".into()));
        let r = analyze_at(&rows, Int::fixed(8), &ldsm).unwrap();
        assert_eq!((r.plan.instructions[0][0], r.banks.conflicts), (16, 0));
        let e = analyze_at(&rows, Int::fixed(4), &ldsm)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("(_32,_8):(_8,_1)+_4 does not allow")
                && e.contains("offsets [4,5,6,7,8,9,10,11]"),
            "{e}"
        );
        // the JSON report carries the offset
        let j: serde_json::Value = serde_json::from_str(&at(2).to_json()).unwrap();
        assert_eq!(
            (j["layout"].as_str(), j["offset"].as_i64()),
            (Some("(_32,_4):(_4,_1)"), Some(2))
        );
        assert_eq!(j["access"]["addresses"][0][1], 24);
    }

    /// Expressions: a tensor keeps its offset (`tensor_of`), `layout_of` refuses one rather
    /// than drop it, and a negative offset is refused.
    #[test]
    fn tensors_from_expressions() {
        let (l, o) = tensor_of("Sw<3,2,3> o _0 o (_8,_32):(_32,_1)+_4").unwrap();
        assert_eq!(
            (l.to_string().as_str(), o),
            ("Sw<3,2,3> o _0 o (_8,_32):(_32,_1)", Int::fixed(4))
        );
        let (_, o) = tensor_of("local_tile((_8,_8):(_8,_1), (_4,_4), (1,1))").unwrap();
        assert_eq!(o.value(), 36);
        assert_eq!(tensor_of("(_8,_8):(_8,_1)").unwrap().1, Int::ZERO);
        let e = layout_of("(_8,_8):(_8,_1)+4").unwrap_err().to_string();
        assert!(
            e.contains("the tensor (_8,_8):(_8,_1)+4, not a layout"),
            "{e}"
        );
        let r = cute_tools::analyze::analyze_expr("_32:_1+1", 4, false).unwrap();
        assert_eq!(
            (r.offset, r.banks.access_bytes, r.vector_bytes),
            (Int::dynamic(1), 4, 4)
        );
        let r = cute_tools::analyze::analyze_expr("(_32,_4):(_4,_1)+2", 4, true).unwrap();
        assert_eq!(
            (r.tv, r.plan.vector_mode, r.banks.conflicts),
            (true, None, 4)
        );
        let e = analyze_at(&l, Int::dynamic(-1), &spec(4, false, Width::Widest)).unwrap_err();
        assert!(e.to_string().contains("negative element offset"), "{e}");
    }
}

/// Issue 28: the broadcast of wide loads, `ldmatrix` `.x1` / `.x2` per warp, `--cuda` with
/// negative strides, `.trans`.
mod issue_28 {
    use cute_layout::AnyLayout;
    use cute_tools::analysis::{
        analyze_with, count_conflicts, cuda_kernel, plan, AccessSpec, Width,
    };
    use cute_tools::analyze::{analyze_expr, elem_bytes_of};

    fn spec(e: i64, tv: bool, width: Width, store: bool) -> AccessSpec {
        AccessSpec {
            tv,
            width,
            store,
            ..AccessSpec::widest(e)
        }
    }

    fn counts(l: &str, s: &AccessSpec) -> (i64, i64, i64, i64) {
        let r = count_conflicts(&plan(&l.parse().unwrap(), s).unwrap());
        (r.instructions, r.phases, r.wavefronts, r.conflicts)
    }

    #[test]
    fn repeated_addresses_of_wide_loads_merge_stores_do_not() {
        let ld = spec(4, true, Width::Widest, false);
        let st = spec(4, true, Width::Widest, true);
        // 128-bit, all lanes the same 16 bytes: one phase per half-warp
        assert_eq!(counts("(_32,_4):(_0,_1)", &ld), (1, 2, 2, 0));
        assert_eq!(counts("(_32,_4):(_0,_1)", &st), (1, 4, 4, 0));
        // each half-warp / quarter-warp one address
        assert_eq!(counts("((_16,_2),_4):((_0,_4),_1)", &ld), (1, 2, 2, 0));
        assert_eq!(counts("((_8,_4),_4):((_0,_4),_1)", &ld), (1, 2, 2, 0));
        // 64-bit, all lanes the same 8 bytes: one phase for the warp
        assert_eq!(counts("(_32,_2):(_0,_1)", &ld), (1, 1, 1, 0));
        assert_eq!(counts("(_32,_2):(_0,_1)", &st), (1, 2, 2, 0));
        // distinct addresses keep their phases: 4 / 2 wavefronts
        assert_eq!(counts("(_32,_4):(_4,_1)", &ld), (1, 4, 4, 0));
        assert_eq!(counts("(_32,_2):(_2,_1)", &ld), (1, 2, 2, 0));
        // quarter 1 repeating quarter 0 (lanes 8 apart): no merge, as measured on the H200
        let mut p = plan(&"(_32,_4):(_4,_1)".parse().unwrap(), &ld).unwrap();
        p.instructions = vec![(0..32).map(|l| 16 * (l % 8)).collect()];
        let r = count_conflicts(&p);
        assert_eq!((r.merged_phases, r.phases, r.wavefronts), (0, 4, 4));
        // neighbouring lanes repeating: both half-warps merge; one pair broken: neither does
        // (the whole instruction decides: ld128_pairs_groups17 on the H200, 2026-12-02)
        let mut lanes: Vec<i64> = (0..32).map(|l| 16 * (l / 2)).collect();
        p.instructions = vec![lanes.clone()];
        let r = count_conflicts(&p);
        assert_eq!((r.merged_phases, r.phases, r.wavefronts), (2, 2, 2));
        lanes[15] = 16 * 9;
        p.instructions = vec![lanes];
        let r = count_conflicts(&p);
        assert_eq!((r.merged_phases, r.phases), (0, 4));
        // lanes two apart repeating merge too (ld128_lanes2apart, ld64_lanes2apart), lanes
        // four apart do not (ld128_partial_repeat, ld64_lanes4apart)
        assert_eq!(counts("((_2,_2,_8),_4):((_4,_0,_8),_1)", &ld), (1, 2, 2, 0));
        assert_eq!(
            counts("((_4,_2,_4),_4):((_4,_0,_16),_1)", &ld),
            (1, 4, 4, 0)
        );
        let ld64 = spec(4, true, Width::Bits(64), false);
        assert_eq!(
            counts("((_2,_2,_8),_2):((_2,_0,_4),_1)", &ld64),
            (1, 1, 1, 0)
        );
        assert_eq!(
            counts("((_4,_2,_4),_2):((_2,_0,_8),_1)", &ld64),
            (1, 2, 2, 0)
        );
        // a merged half-warp whose two addresses share banks costs two wavefronts in one phase
        assert_eq!(
            counts("((_8,_2,_2),_4):((_0,_32,_4),_1)", &ld),
            (1, 2, 4, 2)
        );
        // narrower accesses are one phase anyway: unchanged
        assert_eq!(
            counts("_32:_0", &spec(4, false, Width::Bits(32), false)),
            (1, 1, 1, 0)
        );
        let text = analyze_with(&"(_32,_4):(_0,_1)".parse().unwrap(), &ld)
            .unwrap()
            .to_string();
        assert!(
            text.contains("broadcast:     2 phases serve 16 lanes at once"),
            "{text}"
        );
        assert!(
            text.contains("wavefronts per phase: instruction 0: 1+1"),
            "{text}"
        );
    }

    /// CuTe's `.x2` TV layout of an SM80 B operand read N-major (`SM75_U16x4_LDSM_T`): lanes
    /// 16..31 repeat lanes 0..15, the hardware issues one instruction per warp (measured on an
    /// H200: 4 instructions, 64 wavefronts, 56 conflicts; the model said 8, 128, 112).
    #[test]
    fn ldmatrix_x2_is_one_instruction_per_warp() {
        let e = "composition((_16,_16):(_1,_64),get_layoutS_TV(make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))))";
        let (l, _) = cute_tools::analyze::tensor_of(e).unwrap();
        let s = spec(2, true, Width::Atom("SM75_U16x4_LDSM_T".into()), false);
        let r = analyze_with(&l, &s).unwrap();
        let b = &r.banks;
        assert_eq!((b.instructions, b.wavefronts, b.conflicts), (4, 64, 56));
        assert_eq!(
            (r.plan.warps(), r.plan.instructions_per_warp()),
            (4, Some(1))
        );
        assert!(r.plan.instructions.iter().all(|i| i.len() == 16));
        assert!(r.plan.access.trans);
        let text = r.to_string();
        assert!(
            text.contains(
                "instructions:  4 (1 per warp, 4 warps), addresses from lanes 0..15 of each"
            ),
            "{text}"
        );
        // .x1 and .x4 TV layouts: lanes 0..7 / 0..31
        for (atom, lanes) in [
            ("SM75_U32x1_LDSM_N", 8),
            ("SM75_U32x4_LDSM_N", 32),
            ("SM90_U32x1_STSM_N", 8),
        ] {
            let s = spec(2, true, Width::Atom(atom.into()), false);
            let p = plan(&"(_32,_8):(_8,_1)".parse().unwrap(), &s).unwrap();
            assert_eq!(p.instructions.len(), 1, "{atom}");
            assert_eq!(p.instructions[0].len(), lanes, "{atom}");
            assert_eq!(p.instructions[0][..2], [0, 16]);
        }
        // a TV layout of fewer threads than the form reads is refused
        let s = spec(2, true, Width::Atom("SM75_U32x4_LDSM_N".into()), false);
        let err = plan(&"(_8,_64):(_64,_1)".parse().unwrap(), &s)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("lanes 0..31, but warp 0 of the TV layout has 8 threads"),
            "{err}"
        );
        // a plain layout is still read row by row: 64 rows are 8 .x1 instructions
        let s = spec(2, false, Width::Atom("SM75_U32x1_LDSM_N".into()), false);
        assert_eq!(counts("(_8,_64):(_64,_1)", &s), (8, 8, 64, 56));
    }

    #[test]
    fn cuda_of_negative_strides_uses_a_signed_table_inside_the_array() {
        let p = plan(
            &"(_32,_8):(_-8,_1)".parse().unwrap(),
            &spec(4, false, Width::Widest, false),
        )
        .unwrap();
        let lowest = *p.instructions.iter().flatten().min().unwrap();
        assert!(lowest < 0);
        let cu = cuda_kernel(&p, "neg", "").unwrap();
        assert!(cu.contains("__device__ const int neg_addr["), "{cu}");
        assert!(!cu.contains("unsigned neg_addr"), "{cu}");
        // every shifted address lies in the array
        let size: i64 = cu
            .split("smem[")
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let shift: i64 = cu
            .split("s + ")
            .nth(1)
            .unwrap()
            .split(')')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(shift % 1024, 0);
        for a in p.instructions.iter().flatten() {
            assert!(
                a + shift >= 0 && a + shift + 16 <= size,
                "{a} + {shift} in {size}"
            );
        }
        // non-negative tables keep the unsigned form
        let q = plan(
            &"(_32,_8):(_8,_1)".parse().unwrap(),
            &spec(4, false, Width::Widest, false),
        )
        .unwrap();
        assert!(cuda_kernel(&q, "pos", "")
            .unwrap()
            .contains("__device__ const unsigned pos_addr["));
    }

    #[test]
    fn transposing_atoms_are_emitted_with_trans() {
        for (atom, ptx) in [
            (
                "SM75_U16x4_LDSM_T",
                "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
            ),
            (
                "SM75_U16x8_LDSM_T",
                "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
            ),
            (
                "SM90_U16x8_STSM_T",
                "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
            ),
            (
                "SM75_U32x2_LDSM_N",
                "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
            ),
        ] {
            let s = spec(2, false, Width::Atom(atom.into()), false);
            let p = plan(&"(_8,_64):(_72,_1)".parse().unwrap(), &s).unwrap();
            let cu = cuda_kernel(&p, "k", "").unwrap();
            assert!(
                cu.contains(&format!("asm volatile(\"{ptx} ")),
                "{atom}: {cu}"
            );
        }
    }

    #[test]
    fn the_element_size_comes_from_the_type_named() {
        assert_eq!(
            elem_bytes_of("Copy_Atom<SM75_U32x4_LDSM_N,half_t>").unwrap(),
            Some(2)
        );
        assert_eq!(
            elem_bytes_of("GMMA::Layout_MN_SW128_Atom<float>").unwrap(),
            Some(4)
        );
        assert_eq!(
            elem_bytes_of("Copy_Atom<UniversalCopy<uint128_t>,double>").unwrap(),
            Some(8)
        );
        assert_eq!(elem_bytes_of("(_8,_8):(_8,_1)").unwrap(), None);
        let e =
            elem_bytes_of("f(GMMA::Layout_K_SW128_Atom<half_t>,GMMA::Layout_K_SW128_Atom<float>)")
                .unwrap_err();
        assert!(
            e.to_string().contains("half_t (2 bytes), float (4 bytes)"),
            "{e}"
        );
        // the analysis wording cannot be read as a contradiction
        let r = analyze_expr("(_8,_64):(_64,_1)", 2, false)
            .unwrap()
            .to_string();
        assert!(
            r.contains("from index 0:  _1 element contiguous in 1-D index order"),
            "{r}"
        );
        assert!(
            r.contains("contiguous:    false (offset(i) = i for every 1-D index i"),
            "{r}"
        );
        let _: AnyLayout = "_1:_1".parse().unwrap();
    }
}

/// Issue 28: `--color bank` has one colour per bank, all different, all with black text.
#[test]
fn bank_colours_are_32_distinct_light_colours() {
    use cute_tools::render::color::{bank_color, BLACK};
    let colours: Vec<_> = (0..32).map(bank_color).collect();
    for (i, a) in colours.iter().enumerate() {
        assert_eq!(a.ink(), BLACK, "bank {i}: {}", a.hex());
        for (j, b) in colours.iter().enumerate().skip(i + 1) {
            let d = [(a.0, b.0), (a.1, b.1), (a.2, b.2)]
                .iter()
                .map(|&(x, y)| (x as i64 - y as i64).pow(2))
                .sum::<i64>();
            assert!(
                d >= 20 * 20,
                "banks {i} and {j}: {} and {}",
                a.hex(),
                b.hex()
            );
        }
    }
    assert_eq!(bank_color(32), bank_color(0));
}
