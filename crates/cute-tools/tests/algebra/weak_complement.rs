//! `logical_product(A, B)` where the complement `A* = complement(A, size(A)·cosize(B))` exists
//! only in the whitepaper's weak sense (ordered and disjoint from `A`, but `(A, A*)` does not
//! tile: some sorted stride of `A` is not a multiple of the previous stride times its extent).
//!
//! C++'s size bound on `A*` is a post-condition of `complement`, not of the product: the product
//! must give C++'s result wherever that result meets the product's own post-conditions
//! (`layout<0>(R) == A`, `compatible(B, layout<1>(R))`, injective when `A` and `B` are), and be
//! refused, naming the collision, exactly where it does not. C++'s result is computed here from
//! an independent transcription of its algorithm (the floor-division complement, coalesced,
//! composed with `B` by the library's composition).

use cute_layout::{
    blocked_product, coalesce, composition, logical_product, Int, IntTuple, Layout, LayoutError,
    Tiler,
};
use cute_tools::eval::eval;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;

type TestResult = Result<(), TestCaseError>;

fn injective(l: &Layout) -> Result<bool, TestCaseError> {
    let n = l.size()?.value();
    let mut seen = HashSet::new();
    for i in 0..n {
        if !seen.insert(l.eval(i)?) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// C++'s `complement(A, n)` of a flat layout with non-negative strides that do not overlap:
/// the modes of nonzero stride and extent above 1, by increasing stride, each emitting
/// `⌊d / cur⌋ : cur` (then `cur = d·s`), and the rest `⌈n / cur⌉ : cur`, coalesced.
fn cpp_complement(a: &Layout, n: Int) -> Result<Layout, TestCaseError> {
    let mut modes: Vec<(Int, Int)> = a
        .leaves()
        .filter(|(s, d)| d.value() != 0 && s.value() != 1)
        .collect();
    modes.sort_by_key(|m| m.1.value());
    let mut out = Vec::new();
    let mut cur = Int::new(1, true);
    for (s, d) in modes {
        out.push((d.div(cur)?, cur));
        cur = d.mul(s)?;
    }
    let rest = n.ceil_div(cur)?;
    out.push((rest, cur));
    let shape = IntTuple::from_leaves(out.iter().map(|m| m.0));
    let stride = IntTuple::from_leaves(out.iter().map(|m| m.1));
    Ok(coalesce(&Layout::new(shape, stride)?)?)
}

/// C++'s `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`.
fn cpp_product(a: &Layout, b: &Layout) -> Result<Result<Layout, LayoutError>, TestCaseError> {
    let n = a.size()?.mul(b.cosize()?)?;
    let rest = cpp_complement(a, n)?;
    Ok(composition(&rest, b).and_then(|r| Layout::concat([a.clone(), r])))
}

/// Whether the sorted nonzero strides of `a` fail to divide evenly somewhere (the weak case).
fn weak_only(a: &Layout) -> bool {
    let mut modes: Vec<(i64, i64)> = a
        .leaves()
        .map(|(s, d)| (s.value(), d.value()))
        .filter(|&(s, d)| d != 0 && s != 1)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut cur = 1;
    let mut weak = false;
    for (s, d) in modes {
        weak |= d % cur != 0;
        cur = d * s;
    }
    weak
}

/// A flat layout of 1 to 3 modes with non-overlapping sorted strides (each at least the
/// previous stride times its extent, often not a multiple of it), in any order, each integer
/// static or dynamic.
fn arb_block() -> impl Strategy<Value = Layout> {
    (
        prop::collection::vec((1i64..=4, 0i64..=6, any::<bool>(), any::<bool>()), 1..=3),
        Just(()).prop_perturb(|_, mut rng| rng.random::<u64>()),
    )
        .prop_map(|(ms, seed)| {
            let mut cur = 1;
            let mut leaves: Vec<(Int, Int)> = ms
                .iter()
                .map(|&(s, extra, ss, ds)| {
                    let d = cur + extra.min(cur + 2);
                    cur = d * s.max(1);
                    (Int::new(s, ss), Int::new(d, ds))
                })
                .collect();
            let n = leaves.len();
            leaves.rotate_left((seed as usize) % n);
            if seed & 8 != 0 {
                leaves.reverse();
            }
            Layout::new(
                IntTuple::from_leaves(leaves.iter().map(|m| m.0)),
                IntTuple::from_leaves(leaves.iter().map(|m| m.1)),
            )
            .expect("a flat layout")
        })
}

/// A flat tiler of 1 or 2 modes, extents 1..=4, non-negative strides 0..=5.
fn arb_tiler() -> impl Strategy<Value = Layout> {
    prop::collection::vec((1i64..=4, 0i64..=5, any::<bool>()), 1..=2).prop_map(|ms| {
        Layout::new(
            IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.0, m.2))),
            IntTuple::from_leaves(ms.iter().map(|m| Int::new(m.1, m.2))),
        )
        .expect("a flat layout")
    })
}

fn check(a: &Layout, b: &Layout) -> TestResult {
    let ours = logical_product(a, &Tiler::Layout(b.clone()));
    let cpp = cpp_product(a, b)?;
    let ctx = format!("logical_product({a}, {b})");
    match (&ours, &cpp) {
        (Ok(p), Ok(c)) => {
            if a.is_static() && b.is_static() {
                // rule 1: all-static inputs give C++'s result, static tags included
                prop_assert_eq!(p, c, "{}: C++ gives {}", ctx, c);
            } else {
                // mixed inputs: the same shape and strides; which of them are static follows the
                // library's rule 2 (a value that depends on how dynamic strides sort is dynamic:
                // `logical_product((2,_2,2):(9,_18,_4), _2:_4)`'s rest stride is `36`), which the
                // transcription of C++'s compile-time algorithm does not model
                let untagged = |l: &Layout| l.to_string().replace('_', "");
                prop_assert_eq!(untagged(p), untagged(c), "{}: C++ gives {}", ctx, c);
            }
            prop_assert_eq!(&p.mode(0)?, a, "{}: layout<0>(R) == A", ctx);
            prop_assert!(
                b.shape().compatible(p.mode(1)?.shape()),
                "{}: compatible(B, layout<1>(R))",
                ctx
            );
            if injective(a)? && injective(b)? {
                prop_assert!(injective(p)?, "{} = {}: not injective", ctx, p);
            }
        }
        (Err(e), Ok(c)) => {
            prop_assert!(
                matches!(
                    e.root(),
                    LayoutError::Postcondition {
                        op: "logical_product",
                        ..
                    }
                ),
                "{}: refused with {}, C++ gives {}",
                ctx,
                e,
                c
            );
            prop_assert!(
                injective(a)? && injective(b)? && !injective(c)?,
                "{}: refused ({}), yet C++'s {} keeps the copies apart",
                ctx,
                e,
                c
            );
            prop_assert!(e.to_string().contains(&c.to_string()), "{}: {}", ctx, e);
        }
        (Ok(p), Err(e)) => prop_assert!(false, "{} = {}, C++ refuses: {}", ctx, p, e),
        (Err(_), Err(_)) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    /// Products whose complement exists only in the weak sense: C++'s result wherever it meets
    /// the product's post-conditions, a refusal exactly where it does not.
    #[test]
    fn weak_complement_products(a in arb_block(), b in arb_tiler()) {
        prop_assume!(weak_only(&a));
        check(&a, &b)?;
    }

    /// The same rule on every block of non-overlapping strides (the strong case included).
    #[test]
    fn non_overlapping_products(a in arb_block(), b in arb_tiler()) {
        check(&a, &b)?;
    }
}

/// The issue's case, dynamic and static: C++ 4.2 and PyCuTe v2 give `((4,6),3):((1,6),36)`,
/// though `complement((4,6):(1,6), 72) = 2:36` misses C++'s bound `size ≥ 72 / 24`.
#[test]
fn the_refusal_of_issue_27_is_gone() {
    let ok = |e: &str| {
        eval(e)
            .map(|v| v.to_string())
            .unwrap_or_else(|e| e.to_string())
    };
    assert_eq!(
        ok("logical_product((4,6):(1,6), 3:1)"),
        "((4,6),3):((1,6),36)"
    );
    assert_eq!(
        ok("logical_product((_4,_6):(_1,_6), _3:_1)"),
        "((_4,_6),_3):((_1,_6),_36)"
    );
    // the complement itself still keeps C++'s documented post-condition
    assert!(ok("complement((4,6):(1,6), 72)").contains("size(R) = 2 < size(cotarget)"));
    // the products built on logical_product follow
    let bp = blocked_product(
        &"(_4,_6):(_1,_6)".parse().unwrap(),
        &"(_3,_2):(_1,_3)".parse().unwrap(),
    );
    assert_eq!(
        bp.unwrap().to_string(),
        "((_4,_3),(_6,_2)):((_1,_36),(_6,_108))"
    );
}

/// The recorded C++ results (`tests/data/weak_product.tsv`, compiled with g++): each result is
/// ours, or ours is a refusal where C++ static_asserts, or where C++'s result maps two
/// coordinates to one offset though `A` and `B` are injective (rule 3).
#[test]
fn weak_products_agree_with_cpp() {
    let text = include_str!("../data/weak_product.tsv");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (expr, cpp) = line.split_once('\t').expect("expr<TAB>result");
        let ours = eval(expr);
        if let Some(why) = cpp.strip_prefix("static_assert: ") {
            let e = ours.expect_err(expr);
            assert!(e.to_string().contains(why), "{expr}: {e}, C++: {why}");
        } else {
            match ours {
                Ok(v) => assert_eq!(v.to_string(), cpp, "{expr}"),
                Err(e) => {
                    let c: Layout = cpp.parse().expect("C++ prints a layout");
                    assert!(!injective(&c).unwrap(), "{expr}: refused ({e}), C++: {cpp}");
                    assert!(e.to_string().contains(cpp), "{expr}: {e}");
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 40, "{checked} cases");
}
