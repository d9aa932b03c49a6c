//! The inverses on symbolic layouts: their post-conditions at values of the symbols that meet
//! the assumptions recorded (`L(R(i)) = i` for `i < size(R)` of the right inverse, `R(L(i)) = i`
//! of the left inverse of an injective `L`), over layouts of mixed static, dynamic and symbolic
//! leaves; the cases derived by hand from the definition (`symbolic::right_inverse`).
//! (That each equals the integer algebra's inverse at the values is checked with the other
//! operations in `symbolic.rs`.)

use cute_layout::symbolic::{self as sym, Assumptions, SymInt, SymLayout, Symbolic};
use proptest::prelude::*;
use std::collections::BTreeMap;

type Values = BTreeMap<String, i64>;

/// An injective layout: extents from a mix of static, dynamic and symbolic leaves, strides the
/// compact column-major strides of the extents taken in the order `perm` (a bijection onto
/// `[0, size)`, so both inverses exist), or spread by `gap` (injective with holes).
fn arb_injective() -> impl Strategy<Value = String> {
    let extent = prop::sample::select(vec!["M", "N", "2", "4", "_2", "_4", "3", "2*M", "8"]);
    (
        prop::collection::vec(extent, 1..=3),
        any::<prop::sample::Index>(),
        prop::sample::select(vec!["1", "_1", "2", "M"]),
    )
        .prop_map(|(extents, perm, gap)| {
            let n = extents.len();
            let mut order: Vec<usize> = (0..n).collect();
            // one of the n! orders
            let mut k = perm.index((1..=n).product());
            for i in (1..n).rev() {
                order.swap(i, k % (i + 1));
                k /= i + 1;
            }
            let mut strides = vec![String::new(); n];
            let mut next: SymInt = "1".parse().unwrap();
            for (j, &m) in order.iter().enumerate() {
                if j > 0 {
                    next = next.mul(&gap.parse().unwrap()).unwrap();
                }
                strides[m] = next.to_string();
                next = next.mul(&extents[m].parse().unwrap()).unwrap();
            }
            format!("({}):({})", extents.join(","), strides.join(","))
        })
}

fn arb_values() -> impl Strategy<Value = Values> {
    let v = prop_oneof![(1i64..=3, 0u32..=4).prop_map(|(a, b)| a << b), 1i64..=6];
    (v.clone(), v).prop_map(|(m, n)| {
        [("M".to_string(), m), ("N".to_string(), n)]
            .into_iter()
            .collect()
    })
}

fn layout(text: &str) -> (SymLayout, Assumptions) {
    let s: Symbolic = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    match s.value {
        sym::SymValue::Layout(l) => (l, s.assumptions),
        v => panic!("not a layout: {v}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// `L(R(i)) = i` for `i < size(R)`, and `R` covers all of a bijection's domain.
    #[test]
    fn right_inverse_undoes_the_layout(l in arb_injective(), at in arb_values()) {
        let (sl, mut assumed) = layout(&l);
        let Ok(r) = sym::right_inverse(&sl, &mut assumed) else { return Ok(()) };
        if !assumed.hold(&at).unwrap_or(false) {
            return Ok(());
        }
        let (il, ir) = (sl.eval(&at).unwrap(), r.eval(&at).unwrap());
        let n = ir.size().unwrap().value();
        for i in 0..n {
            let back = il.eval(ir.eval(i).unwrap()).unwrap();
            prop_assert_eq!(back, i, "{} at {:?}: R = {} assuming {}", l, at, r, assumed);
        }
        if il.cosize().unwrap().value() == il.size().unwrap().value() {
            prop_assert_eq!(n, il.size().unwrap().value(), "{} at {:?}: R = {}", l, at, r);
        }
    }

    /// `R(L(i)) = i` for `i < size(L)`.
    #[test]
    fn left_inverse_undoes_the_layout(l in arb_injective(), at in arb_values()) {
        let (sl, mut assumed) = layout(&l);
        let Ok(r) = sym::left_inverse(&sl, &mut assumed) else { return Ok(()) };
        if !assumed.hold(&at).unwrap_or(false) {
            return Ok(());
        }
        let (il, ir) = (sl.eval(&at).unwrap(), r.eval(&at).unwrap());
        for i in 0..il.size().unwrap().value() {
            let back = ir.eval(il.eval(i).unwrap()).unwrap();
            prop_assert_eq!(back, i, "{} at {:?}: R = {} assuming {}", l, at, r, assumed);
        }
    }
}

/// Hand derivations: `coalesce((M,N):(1,M)) = M*N:1` (`M*1 = M`), whose one mode, of stride
/// `1 = cur`, is taken at position `_1`: `M*N:_1`, as `right_inverse((4,8):(1,4)) = 32:_1` in
/// C++ (and PyCuTe v2's `right_inverse(Layout((4,8),(1,4))) == Layout(32,1)`). `(4,M):(M,1)`:
/// sorted by stride, `M:1` at position 4 then `4:M` at `_1`; `1 = cur` takes `M:4`, then
/// `cur = M` takes `4:_1`: `(M,4):(4,_1)`, kept apart since `M*4 != 1` (were `M = 1` they would
/// merge, hence `M > 1`), as `right_inverse((4,8):(8,1)) = (8,4):(4,_1)`.
#[test]
fn right_inverses_derived_by_hand() {
    let ri = |t: &str| {
        let (l, mut a) = layout(t);
        sym::right_inverse(&l, &mut a).map(|r| (r.to_string(), a.to_string()))
    };
    assert_eq!(ri("(M,N):(1,M)").unwrap(), ("M*N:_1".into(), "".into()));
    assert_eq!(
        ri("(4,M):(M,1)").unwrap(),
        ("(M,4):(4,_1)".into(), "M > 1".into())
    );
    // a stride that is not the chain's next one: 4:1 is taken, cur = 4, and 2*M:8 is skipped
    // (8 != 4 for every M): 4:_1
    assert_eq!(ri("(4,2*M):(1,8)").unwrap().0, "4:_1");
    // whether M:1 and N:K merge depends on K = M: refused, naming both
    let e = ri("(M,N):(1,K)").unwrap_err().to_string();
    assert!(e.contains("M*1 = K"), "{e}");
    // whether N:M continues the chain after 2:1 needs M = 2
    let e = ri("(2,N):(1,M)").unwrap_err().to_string();
    assert!(e.contains("right_inverse") || e.contains("coalesce"), "{e}");
}

/// `left_inverse((4,M):(M,1))`: `M:1` emits `1/1 = 1` at `_0`, `4:M` emits `M/1 = M` at the
/// position 4 of `M:1`, and the last extent 4 closes at `_1`: `(1,M,4):(_0,4,_1)` coalesced,
/// `(M,4):(4,_1)`. `(M,N):(1,2*M)` has a hole: `M:1` emits `1/1 = 1` at `_0` (span 1),
/// `N:2*M` emits `2*M/1 = 2*M` at the position `_1` of `M:1`, and `N` closes at the position
/// `M` of `N:2*M`: `(2*M,N):(_1,M)` (`R(i + 2M·j) = i + M·j`), as `left_inverse((4,8):(1,8))
/// = (8,8):(_1,4)` at `M = 4`.
#[test]
fn left_inverses_derived_by_hand() {
    let li = |t: &str| {
        let (l, mut a) = layout(t);
        sym::left_inverse(&l, &mut a).map(|r| r.to_string())
    };
    assert_eq!(li("(M,N):(1,M)").unwrap(), "M*N:_1");
    assert_eq!(li("(4,M):(M,1)").unwrap(), "(M,4):(4,_1)");
    assert_eq!(li("(M,N):(1,2*M)").unwrap(), "(2*M,N):(_1,M)");
    // overlapping strides (M*1 <= 2 undecided) need values
    assert!(li("(M,N):(1,2)").is_err());
}
