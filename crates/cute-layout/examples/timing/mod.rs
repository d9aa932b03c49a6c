//! The timing protocol shared by the benchmark examples that `bench/compare` runs
//! (`bench_ops` here, `bench_static` of `cute-layout-macros`, which includes this file by path):
//! the same measurement as `bench/cpp/bench.cpp` and `bench/pycute_bench.py`.
//!
//! Command line: `[--print | --count N] [NAME...]` prints `name<TAB>ns_per_op` lines (with
//! `--print`, `name<TAB>result`; with `--count N`, nothing: each operation runs exactly `N`
//! times, for `valgrind --tool=callgrind` or `perf`); names restrict the operations run.

use std::fmt::Display;
use std::hint::black_box;
use std::time::Instant;

/// The least ns per call of `f` over 11 batches of at least ~10 ms each (the minimum: load from
/// other processes only ever adds time).
fn measure<R>(mut f: impl FnMut() -> R) -> f64 {
    let mut n: u64 = 1;
    loop {
        let t0 = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        if t0.elapsed().as_secs_f64() > 0.01 || n > 1 << 40 {
            break;
        }
        n *= 2;
    }
    (0..11)
        .map(|_| {
            let t0 = Instant::now();
            for _ in 0..n {
                black_box(f());
            }
            t0.elapsed().as_secs_f64() / n as f64 * 1e9
        })
        .fold(f64::INFINITY, f64::min)
}

/// Runs, times or prints the named operations, as the command line asks.
pub struct Runner {
    print: bool,
    /// `--count N`: call each operation exactly `N` times, untimed (for callgrind or perf).
    count: Option<u64>,
    only: Vec<String>,
}

impl Runner {
    pub fn run<R: Display>(&self, name: &str, mut op: impl FnMut() -> R) {
        if !self.only.is_empty() && !self.only.iter().any(|o| o == name) {
            return;
        }
        if self.print {
            println!("{name}\t{}", op());
        } else if let Some(n) = self.count {
            for _ in 0..n {
                black_box(op());
            }
        } else {
            println!("{name}\t{:.3}", measure(op));
        }
    }

    /// The runner the command line asks for; `program` names it in the usage error.
    pub fn from_args(program: &str) -> Runner {
        let mut r = Runner {
            print: false,
            count: None,
            only: Vec::new(),
        };
        let mut args = std::env::args().skip(1);
        while let Some(a) = args.next() {
            if a == "--print" {
                r.print = true;
            } else if a == "--count" {
                match args.next().and_then(|n| n.parse().ok()) {
                    Some(n) => r.count = Some(n),
                    None => {
                        eprintln!("{program}: --count needs a non-negative integer");
                        std::process::exit(2);
                    }
                }
            } else {
                r.only.push(a);
            }
        }
        r
    }
}
