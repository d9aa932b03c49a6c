//! Timing of the algebra operations for `bench/compare` (which compares them with CuTe C++ and
//! pycute): the same operations on the same layouts as `bench/cpp/bench.cpp` and
//! `bench/pycute_bench.py`, from the fixed set documented in `benches/algebra.rs`.
//!
//! Every input is parsed once, before timing; each timed call goes through
//! `std::hint::black_box` on its inputs and its result. The measurement is the same as the C++
//! program's: batches of at least ~10 ms, 11 batches, the least ns per call.
//!
//! Usage: `cargo run --release --example bench_ops [-- [--print | --count N] [NAME...]]` prints
//! `name<TAB>ns_per_op` lines (with `--print`, `name<TAB>result`; with `--count N`, nothing:
//! each operation runs exactly `N` times, for `valgrind --tool=callgrind` or `perf`). It also prints
//! `offsets/big` (`Layout::offsets` of a 4096-element layout) and `offsets/hand_loop` (a
//! hand-written nested loop producing the same offsets).

mod timing;

use cute_layout::*;
use std::hint::black_box;
use timing::Runner;

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn t(s: &str) -> Tiler {
    s.parse().expect("a tiler")
}

/// The offsets of `((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))`, written by hand (the
/// extents and strides are opaque to the optimizer, as they are to `Layout::offsets`).
fn hand_offsets(s: &[i64; 6], d: &[i64; 6]) -> Vec<i64> {
    let mut out = Vec::with_capacity((s[0] * s[1] * s[2] * s[3] * s[4] * s[5]) as usize);
    for i5 in 0..s[5] {
        let o5 = i5 * d[5];
        for i4 in 0..s[4] {
            let o4 = o5 + i4 * d[4];
            for i3 in 0..s[3] {
                let o3 = o4 + i3 * d[3];
                for i2 in 0..s[2] {
                    let o2 = o3 + i2 * d[2];
                    for i1 in 0..s[1] {
                        let o1 = o2 + i1 * d[1];
                        for i0 in 0..s[0] {
                            out.push(o1 + i0 * d[0]);
                        }
                    }
                }
            }
        }
    }
    out
}

fn main() {
    let r = Runner::from_args("bench_ops");

    let a = l("(6,2):(8,2)");
    let b = l("(4,3):(3,1)");
    r.run("composition/doc", || {
        composition(black_box(&a), black_box(&b)).unwrap()
    });
    let big = l("((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))");
    let bigt = l("(16,16):(16,1)");
    r.run("composition/big", || {
        composition(black_box(&big), black_box(&bigt)).unwrap()
    });

    let c24 = IntTuple::int(Int::dynamic(24));
    let comp1 = l("(2,4):(1,6)");
    let comp2 = l("(2,2):(1,6)");
    r.run("complement/doc", || {
        complement(black_box(&comp1), black_box(&c24)).unwrap()
    });
    r.run("complement/doc2", || {
        complement(black_box(&comp2), black_box(&c24)).unwrap()
    });

    let coal = l("(2,(1,6)):(1,(6,2))");
    r.run("coalesce/doc", || coalesce(black_box(&coal)).unwrap());

    let inv = l("(4,(2,8)):(16,(1,2))");
    r.run("right_inverse/doc", || {
        right_inverse(black_box(&inv)).unwrap()
    });
    r.run("left_inverse/doc", || {
        left_inverse(black_box(&inv)).unwrap()
    });

    let d2 = l("(9,(4,8)):(59,(13,1))");
    let d2t = t("<3:3,(2,4):(1,8)>");
    r.run("logical_divide/2d", || {
        logical_divide(black_box(&d2), black_box(&d2t)).unwrap()
    });
    r.run("zipped_divide/2d", || {
        zipped_divide(black_box(&d2), black_box(&d2t)).unwrap()
    });
    r.run("tiled_divide/2d", || {
        tiled_divide(black_box(&d2), black_box(&d2t)).unwrap()
    });
    r.run("flat_divide/2d", || {
        flat_divide(black_box(&d2), black_box(&d2t)).unwrap()
    });
    let d1 = l("(2,2,3):(2,1,8)");
    let d1t = t("4:2");
    r.run("logical_divide/1d", || {
        logical_divide(black_box(&d1), black_box(&d1t)).unwrap()
    });
    let deep = l("((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32)))");
    let deept = t("<(2,(2,1)):(1,(2,4)),(2,2):(1,2)>");
    r.run("logical_divide/deep", || {
        logical_divide(black_box(&deep), black_box(&deept)).unwrap()
    });
    let bigtiler = t("<(2,2):(1,8),(4,2):(2,16)>");
    r.run("zipped_divide/big", || {
        zipped_divide(black_box(&big), black_box(&bigtiler)).unwrap()
    });

    let pa = l("(2,5):(5,1)");
    let pb = l("(3,4):(1,3)");
    let pbt = Tiler::Layout(pb.clone());
    let pt = t("<3:5,4:6>");
    r.run("logical_product/doc", || {
        logical_product(black_box(&pa), black_box(&pbt)).unwrap()
    });
    r.run("zipped_product/doc", || {
        zipped_product(black_box(&pa), black_box(&pt)).unwrap()
    });
    r.run("tiled_product/doc", || {
        tiled_product(black_box(&pa), black_box(&pt)).unwrap()
    });
    r.run("flat_product/doc", || {
        flat_product(black_box(&pa), black_box(&pt)).unwrap()
    });
    r.run("blocked_product/doc", || {
        blocked_product(black_box(&pa), black_box(&pb)).unwrap()
    });
    r.run("raked_product/doc", || {
        raked_product(black_box(&pa), black_box(&pb)).unwrap()
    });

    let four = l("(4,8,2,4):(1,4,32,64)");
    r.run("crd2idx/1d", || {
        black_box(&four).eval(black_box(77)).unwrap()
    });
    r.run("crd2idx/1d_x64", || {
        let four = black_box(&four);
        let mut acc = 0i64;
        for i in 0..64 {
            acc += four.eval(black_box(i)).unwrap();
        }
        acc
    });

    // The same evaluations through `Layout::compile` (precomputed divisions), compiled once.
    let compiled = four.compile().unwrap();
    r.run("compiled/1d", || {
        black_box(&compiled).eval(black_box(77)).unwrap()
    });
    r.run("compiled/1d_x64", || {
        let compiled = black_box(&compiled);
        let mut acc = 0i64;
        for i in 0..64 {
            acc += compiled.eval(black_box(i)).unwrap();
        }
        acc
    });

    // Iterating all offsets: the library against a hand-written loop (checked equal first).
    let s = [4i64; 6];
    let d = [1i64, 64, 4, 256, 16, 1024];
    assert_eq!(
        big.offsets().unwrap(),
        hand_offsets(&s, &d),
        "offsets differ from the hand loop"
    );
    let len = |v: Vec<i64>| v.len();
    r.run("offsets/big", || len(black_box(&big).offsets().unwrap()));
    r.run("offsets/hand_loop", || {
        len(hand_offsets(black_box(&s), black_box(&d)))
    });
}
