//! Timing of layouts expanded by `layout!` for `bench/compare`, against CuTe C++ with every
//! integer static (`static/1d`, `static/1d_x64` of `bench/cpp/bench.cpp`): the offset of the
//! 1-D index 77 of `(_4,_8,_2,_4):(_1,_4,_32,_64)`, and the sum of the offsets of 0..63. The
//! index goes through `black_box`, so no evaluation is folded away; the timing protocol is
//! `bench_ops`'s (`crates/cute-layout/examples/timing`).
//!
//! Usage: `cargo run --release -p cute-layout-macros --example bench_static [-- [--print |
//! --count N] [NAME...]]`.

#[path = "../../cute-layout/examples/timing/mod.rs"]
mod timing;

use cute_layout_macros::layout;
use std::hint::black_box;

fn main() {
    let r = timing::Runner::from_args("bench_static");
    let four = layout!("(_4,_8,_2,_4):(_1,_4,_32,_64)");
    r.run("static/1d", || four.eval(black_box(77)));
    r.run("static/1d_x64", || {
        let mut acc = 0i64;
        for i in 0..64 {
            acc += four.eval(black_box(i));
        }
        acc
    });
}
