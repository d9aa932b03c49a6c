//! How the algebra's cost grows with the rank (flat layouts of 1..60 modes) and the depth
//! (1..8, nine leaves throughout) of its input, for `bench/scaling`, which counts the
//! instructions of one call under `valgrind --tool=callgrind` (load-independent).
//!
//! Usage: `bench_scaling OP rank|depth N` runs operation `OP` [`REPS`] times on the input of
//! that family and size, inside [`measured`] (which `bench/scaling` passes to callgrind's
//! `--toggle-collect`, so that parsing and start-up are not counted); `bench_scaling --list`
//! prints the operations. The inputs:
//!
//! - `rank N`: `A = (2,...,2):(2,1,8,4,...)`, `N` modes of extent 2 whose strides are the
//!   powers of two swapped in pairs, so that no two neighbours merge and `coalesce(A)` keeps
//!   all `N` modes (a compact layout would coalesce to one mode and hide the growth). 60 is the
//!   largest such rank whose products still fit in 64 bits (`size(A) = 2^N`).
//! - `depth N`: the same nine leaves nested `N` deep, `((..((2,2,..),2)..),2)`.
//!
//! `B` is the compact (column-major) layout with the shape of `A`; `T` is the tuple tiler
//! `<2:1,...>` with one `2:1` per mode of `A`.

use cute_layout::*;
use std::hint::black_box;

/// Calls per measurement (the count is divided by it; one call would do, as the count does
/// not depend on the machine, but several make the per-call overhead of the loop negligible).
const REPS: usize = 10;

/// The operations measured, by name.
const OPS: &[&str] = &[
    "coalesce",
    "composition/leaf",
    "composition/shape",
    "complement",
    "logical_divide",
    "zipped_divide/tuple",
    "logical_product",
    "blocked_product",
    "left_inverse",
    "right_inverse",
    "crd2idx",
];

/// The shape and strides of a family's input: a shape string with `#` for each leaf, in order.
fn skeleton(family: &str, n: usize) -> (String, usize) {
    match family {
        "rank" => {
            let leaves = vec!["#"; n].join(",");
            (
                if n == 1 {
                    leaves
                } else {
                    format!("({leaves})")
                },
                n,
            )
        }
        "depth" => {
            // `10 - n` leaves innermost, then `n - 1` wrappings adding one leaf each: 9 leaves.
            let mut s = format!("({})", vec!["#"; 10 - n].join(","));
            for _ in 1..n {
                s = format!("({s},#)");
            }
            (s, 9)
        }
        _ => panic!("family is rank or depth"),
    }
}

/// `skeleton` with its leaves replaced by `values` in order.
fn fill(skeleton: &str, values: &[i64]) -> String {
    let mut it = values.iter();
    skeleton
        .chars()
        .map(|c| match c {
            '#' => it.next().expect("a value per leaf").to_string(),
            c => c.to_string(),
        })
        .collect()
}

fn layout(skeleton: &str, shape: &[i64], stride: &[i64]) -> Layout {
    format!("{}:{}", fill(skeleton, shape), fill(skeleton, stride))
        .parse()
        .expect("a layout")
}

/// The whole measured call: what callgrind counts (`--toggle-collect=*measured*`).
#[inline(never)]
fn measured(f: &dyn Fn() -> usize) -> usize {
    let mut acc = 0;
    for _ in 0..REPS {
        acc += black_box(f());
    }
    acc
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        println!("{}", OPS.join("\n"));
        return;
    }
    let [op, family, n] = args.as_slice() else {
        eprintln!("usage: bench_scaling OP rank|depth N   or   bench_scaling --list");
        std::process::exit(2);
    };
    let n: usize = n.parse().expect("N is a number");
    let (sk, leaves) = skeleton(family, n);
    let twos = vec![2i64; leaves];
    let swapped: Vec<i64> = (0..leaves)
        .map(|i| 1i64 << if (i ^ 1) < leaves { i ^ 1 } else { i })
        .collect();
    let compact: Vec<i64> = (0..leaves).map(|i| 1i64 << i).collect();
    let a = layout(&sk, &twos, &swapped);
    let b = layout(&sk, &twos, &compact);
    let size = a.size().expect("size fits");
    let tuple = Tiler::Tuple(vec![Tiler::Layout("2:1".parse().unwrap()); a.rank()]);
    let two: Tiler = "2:1".parse().unwrap();
    let twol: Layout = "2:1".parse().unwrap();
    let cotarget = IntTuple::int(Int::dynamic(size.value() * 2));
    let all = Layout::leaf(size, Int::dynamic(1));
    let leaves_of = |l: Layout| l.leaves().count();
    let f: Box<dyn Fn() -> usize> = match op.as_str() {
        "coalesce" => Box::new(|| leaves_of(coalesce(black_box(&a)).unwrap())),
        "composition/leaf" => Box::new(|| leaves_of(composition(black_box(&a), &all).unwrap())),
        "composition/shape" => Box::new(|| leaves_of(composition(black_box(&a), &b).unwrap())),
        "complement" => Box::new(|| leaves_of(complement(black_box(&a), &cotarget).unwrap())),
        "logical_divide" => Box::new(|| leaves_of(logical_divide(black_box(&a), &two).unwrap())),
        "zipped_divide/tuple" => {
            Box::new(|| leaves_of(zipped_divide(black_box(&a), &tuple).unwrap()))
        }
        "logical_product" => Box::new(|| leaves_of(logical_product(black_box(&a), &two).unwrap())),
        "blocked_product" => Box::new(|| leaves_of(blocked_product(&twol, black_box(&a)).unwrap())),
        "left_inverse" => Box::new(|| leaves_of(left_inverse(black_box(&a)).unwrap())),
        "right_inverse" => Box::new(|| leaves_of(right_inverse(black_box(&a)).unwrap())),
        "crd2idx" => Box::new(|| black_box(&a).eval(size.value() - 1).unwrap() as usize),
        _ => {
            eprintln!("bench_scaling: unknown operation {op} (see --list)");
            std::process::exit(2);
        }
    };
    println!("{}", measured(&*f));
}
