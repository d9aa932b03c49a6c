//! Evaluation speed, each figure against an anchor measured in the same run:
//! - `static/*`: a layout expanded by `layout!`/`cute!` against the hand-written formula for the
//!   same layout (the target: within 1.05x);
//! - `dynamic/*`: `Layout::compile()`d evaluation against `Layout::eval` (the anchor) on the
//!   layout that `bench/compare` times in CuTe C++ (`crd2idx/1d_x64`: the offsets of the 1-D
//!   indices 0..63 of `(4,8,2,4):(1,4,32,64)`).
//!
//! Every index goes through `black_box`, so no evaluation is folded away.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use cute_layout::Layout;
use cute_layout_macros::{cute, layout};

fn sum_x64(f: impl Fn(u32) -> i64) -> i64 {
    (0..64).map(|i| f(black_box(i))).sum()
}

fn static_layouts(c: &mut Criterion) {
    let four = layout!("(_4,_8,_2,_4):(_1,_4,_32,_64)");
    c.bench_function("static/1d_x64/macro", |b| {
        b.iter(|| sum_x64(|i| four.eval(i)))
    });
    c.bench_function("static/1d_x64/hand", |b| {
        b.iter(|| {
            sum_x64(|i| {
                (i % 4) as i64
                    + ((i / 4) % 8) as i64 * 4
                    + ((i / 32) % 2) as i64 * 32
                    + (i / 64) as i64 * 64
            })
        })
    });
    let rm = layout!("(_8,_8):(_8,_1)");
    c.bench_function("static/row_major_x64/macro", |b| {
        b.iter(|| sum_x64(|i| rm.eval(i)))
    });
    c.bench_function("static/row_major_x64/hand", |b| {
        b.iter(|| sum_x64(|i| (i % 8) as i64 * 8 + (i / 8) as i64))
    });
    let d = cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))");
    c.bench_function("static/divide_crd2idx_x64/macro", |b| {
        b.iter(|| sum_x64(|i| d.crd2idx(((i & 1, i >> 1 & 3), (i >> 3 & 3, i >> 5)))))
    });
    c.bench_function("static/divide_crd2idx_x64/hand", |b| {
        b.iter(|| {
            sum_x64(|i| {
                let ((a, b), (c, e)) = ((i & 1, i >> 1 & 3), (i >> 3 & 3, i >> 5));
                a as i64 * 8 + b as i64 * 16 + c as i64 + e as i64 * 4
            })
        })
    });
}

fn dynamic_layouts(c: &mut Criterion) {
    let l: Layout = "(4,8,2,4):(1,4,32,64)".parse().unwrap();
    let compiled = l.compile().unwrap();
    c.bench_function("dynamic/1d_x64/layout_eval", |b| {
        b.iter(|| {
            (0..64)
                .map(|i| black_box(&l).eval(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
    c.bench_function("dynamic/1d_x64/compiled", |b| {
        b.iter(|| {
            (0..64)
                .map(|i| black_box(&compiled).eval(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
    let odd: Layout = "((3,5),(7,6)):((1,105),(15,3))".parse().unwrap();
    let odd_compiled = odd.compile().unwrap();
    c.bench_function("dynamic/odd_x64/layout_eval", |b| {
        b.iter(|| {
            (0..64)
                .map(|i| black_box(&odd).eval(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
    c.bench_function("dynamic/odd_x64/compiled", |b| {
        b.iter(|| {
            (0..64)
                .map(|i| black_box(&odd_compiled).eval(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
}

criterion_group!(benches, static_layouts, dynamic_layouts);
criterion_main!(benches);
