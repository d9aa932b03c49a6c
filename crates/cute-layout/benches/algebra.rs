//! Criterion benchmarks of every algebra operation on a fixed set of layouts.
//!
//! The set (also used by `bench/compare`, which times CuTe C++ and pycute on the same inputs):
//! - small documentation examples (`doc_*`): `(6,2):(8,2) ∘ (4,3):(3,1)`, complement of
//!   `(2,4):(1,6)` in 24 and of `(2,2):(1,6)` in 24, the 2-D divide of `(9,(4,8)):(59,(13,1))` by
//!   `<3:3,(2,4):(1,8)>`, the 1-D divide of `(2,2,3):(2,1,8)` by `4:2`, the blocked and raked
//!   products of `(2,5):(5,1)` by `(3,4):(1,3)`, coalesce of `(2,(1,6)):(1,(6,2))`;
//! - 4096-element hierarchical layouts (`big_*`): `((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))`
//!   and its tilings by `<(2,2):(1,8),(4,2):(2,16)>`;
//! - depth-3 tilers (`deep_*`): `((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32)))` divided by
//!   `<(2,(2,1)):(1,(2,4)),(2,2):(1,2)>`;
//! - evaluation: 64 one-dimensional evaluations of a 4-mode layout, evaluation at a natural
//!   coordinate, and iterating all offsets of a 4096-element layout against a hand-written loop.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use cute_layout::*;

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn t(s: &str) -> Tiler {
    s.parse().expect("a tiler")
}

fn algebra(c: &mut Criterion) {
    let a = l("(6,2):(8,2)");
    let b = l("(4,3):(3,1)");
    c.bench_function("composition/doc", |bn| {
        bn.iter(|| composition(black_box(&a), black_box(&b)).unwrap())
    });
    let a2 = l("(10,2):(16,4)");
    let b2 = l("(5,4):(1,5)");
    c.bench_function("composition/doc2", |bn| {
        bn.iter(|| composition(black_box(&a2), black_box(&b2)).unwrap())
    });
    let big = l("((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))");
    let bigt = l("(16,16):(16,1)");
    c.bench_function("composition/big", |bn| {
        bn.iter(|| composition(black_box(&big), black_box(&bigt)).unwrap())
    });

    let c24 = IntTuple::int(Int::dynamic(24));
    let comp1 = l("(2,4):(1,6)");
    let comp2 = l("(2,2):(1,6)");
    c.bench_function("complement/doc", |bn| {
        bn.iter(|| complement(black_box(&comp1), black_box(&c24)).unwrap())
    });
    c.bench_function("complement/doc2", |bn| {
        bn.iter(|| complement(black_box(&comp2), black_box(&c24)).unwrap())
    });

    let coal = l("(2,(1,6)):(1,(6,2))");
    c.bench_function("coalesce/doc", |bn| {
        bn.iter(|| coalesce(black_box(&coal)).unwrap())
    });
    c.bench_function("coalesce/big", |bn| {
        bn.iter(|| coalesce(black_box(&big)).unwrap())
    });
    c.bench_function("filter/big", |bn| {
        bn.iter(|| filter(black_box(&big)).unwrap())
    });

    let inv = l("(4,(2,8)):(16,(1,2))");
    c.bench_function("right_inverse/doc", |bn| {
        bn.iter(|| right_inverse(black_box(&inv)).unwrap())
    });
    c.bench_function("left_inverse/doc", |bn| {
        bn.iter(|| left_inverse(black_box(&inv)).unwrap())
    });

    let d2 = l("(9,(4,8)):(59,(13,1))");
    let d2t = t("<3:3,(2,4):(1,8)>");
    c.bench_function("logical_divide/doc2d", |bn| {
        bn.iter(|| logical_divide(black_box(&d2), black_box(&d2t)).unwrap())
    });
    c.bench_function("zipped_divide/doc2d", |bn| {
        bn.iter(|| zipped_divide(black_box(&d2), black_box(&d2t)).unwrap())
    });
    c.bench_function("tiled_divide/doc2d", |bn| {
        bn.iter(|| tiled_divide(black_box(&d2), black_box(&d2t)).unwrap())
    });
    c.bench_function("flat_divide/doc2d", |bn| {
        bn.iter(|| flat_divide(black_box(&d2), black_box(&d2t)).unwrap())
    });
    let d1 = l("(2,2,3):(2,1,8)");
    let d1t = t("4:2");
    c.bench_function("logical_divide/doc1d", |bn| {
        bn.iter(|| logical_divide(black_box(&d1), black_box(&d1t)).unwrap())
    });
    let bigtiler = t("<(2,2):(1,8),(4,2):(2,16)>");
    c.bench_function("zipped_divide/big", |bn| {
        bn.iter(|| zipped_divide(black_box(&big), black_box(&bigtiler)).unwrap())
    });
    let deep = l("((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32)))");
    let deept = t("<(2,(2,1)):(1,(2,4)),(2,2):(1,2)>");
    c.bench_function("logical_divide/deep", |bn| {
        bn.iter(|| logical_divide(black_box(&deep), black_box(&deept)).unwrap())
    });

    let pa = l("(2,5):(5,1)");
    let pb = l("(3,4):(1,3)");
    let pbt = Tiler::Layout(pb.clone());
    c.bench_function("logical_product/doc", |bn| {
        bn.iter(|| logical_product(black_box(&pa), black_box(&pbt)).unwrap())
    });
    c.bench_function("zipped_product/doc", |bn| {
        bn.iter(|| zipped_product(black_box(&pa), black_box(&t("<3:5,4:6>"))).unwrap())
    });
    c.bench_function("tiled_product/doc", |bn| {
        bn.iter(|| tiled_product(black_box(&pa), black_box(&t("<3:5,4:6>"))).unwrap())
    });
    c.bench_function("flat_product/doc", |bn| {
        bn.iter(|| flat_product(black_box(&pa), black_box(&t("<3:5,4:6>"))).unwrap())
    });
    c.bench_function("blocked_product/doc", |bn| {
        bn.iter(|| blocked_product(black_box(&pa), black_box(&pb)).unwrap())
    });
    c.bench_function("raked_product/doc", |bn| {
        bn.iter(|| raked_product(black_box(&pa), black_box(&pb)).unwrap())
    });
    let shape = "(6,9)".parse::<IntTuple>().unwrap();
    let block = l("(2,3):(1,2)");
    c.bench_function("tile_to_shape/doc", |bn| {
        bn.iter(|| tile_to_shape(black_box(&block), black_box(&shape), None).unwrap())
    });
    let nul = l("(7,5,16):(3,1,0)");
    c.bench_function("nullspace/doc", |bn| {
        bn.iter(|| nullspace(black_box(&nul)).unwrap())
    });
    let mc = l("(4,8):(8,1)");
    c.bench_function("max_common_vector/doc", |bn| {
        bn.iter(|| max_common_vector(black_box(&mc), black_box(&mc)).unwrap())
    });
}

fn evaluation(c: &mut Criterion) {
    let four = l("(4,8,2,4):(1,4,32,64)");
    c.bench_function("eval/1d_x64", |bn| {
        bn.iter(|| {
            let mut acc = 0i64;
            for i in 0..64 {
                acc += four.eval(black_box(i)).unwrap();
            }
            acc
        })
    });
    let nat = l("((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))");
    let coord: IntTuple = "((1,2),(3,0),(2,1))".parse().unwrap();
    c.bench_function("eval/natural", |bn| {
        bn.iter(|| nat.call(black_box(&coord)).unwrap())
    });
    c.bench_function("offsets/big", |bn| {
        bn.iter(|| black_box(&nat).offsets().unwrap())
    });
    c.bench_function("offsets/hand_loop", |bn| {
        bn.iter(|| {
            let mut out = Vec::with_capacity(4096);
            for k in 0..4 {
                for j in 0..4 {
                    for i in 0..4 {
                        for h in 0..4 {
                            for g in 0..4 {
                                for f in 0..4 {
                                    out.push(black_box(
                                        f + g * 64 + h * 4 + i * 256 + j * 16 + k * 1024,
                                    ));
                                }
                            }
                        }
                    }
                }
            }
            out
        })
    });
}

criterion_group!(benches, algebra, evaluation);
criterion_main!(benches);
