//! Layout analysis: bank conflicts checked against an independent brute-force count.

use cute_layout::analysis::{analyze, analyze_expr, bank_conflicts, vector_width};
use cute_layout::AnyLayout;
use proptest::prelude::*;

/// Independent count: for every warp, value and phase, compare every pair of accessed words
/// and count, per bank, the distinct words; the phase costs the maximum.
fn brute_force(offsets: &[i64], threads: i64, elem_bytes: i64) -> (i64, i64) {
    let values = offsets.len() as i64 / threads;
    let per_phase = 128 / elem_bytes.max(4);
    let (mut phases, mut wavefronts) = (0, 0);
    for v in 0..values {
        for warp in (0..threads).step_by(32) {
            let end = (warp + 32).min(threads);
            for p in (warp..end).step_by(per_phase as usize) {
                let q = (p + per_phase).min(end);
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
