//! Symbolic extents: substituting values and then operating gives what operating and then
//! substituting gives, wherever the symbolic operation succeeds, at random values that meet
//! the assumptions it recorded (the key property of `cute_layout::symbolic`); the integer
//! algebra, checked against CuTe C++ elsewhere, is the oracle.

use cute_layout::symbolic::{
    self as sym, Assumptions, SymInt, SymLayout, SymTiler, SymTuple, Symbolic,
};
use cute_layout::{Layout, LayoutError, Tiler};
use proptest::prelude::*;
use std::collections::BTreeMap;

type Values = BTreeMap<String, i64>;

/// A leaf extent: static, dynamic, a symbol, a multiple or a quotient of one.
fn arb_extent() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "M", "N", "K", "2", "4", "8", "_2", "_4", "3", "2*M", "M/2", "M*N", "64*N", "N/4",
    ])
}

/// A stride leaf written at random (often undecidable against the others).
fn arb_stride() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1", "_1", "M", "N", "2*M", "M*N", "0", "4", "16", "_8", "K",
    ])
}

/// A symbolic layout of 1 to 3 modes (a mode one leaf or a pair): compact column-major
/// strides half the time, random strides otherwise.
fn arb_layout() -> impl Strategy<Value = String> {
    let mode = prop::collection::vec(arb_extent(), 1..=2);
    (
        prop::collection::vec(mode, 1..=3),
        any::<bool>(),
        prop::collection::vec(arb_stride(), 6),
    )
        .prop_map(|(modes, compact, strides)| {
            let mut next = SymInt::from(cute_layout::Int::ONE);
            let mut k = 0;
            let mut shape = Vec::new();
            let mut stride = Vec::new();
            for m in &modes {
                let mut ss = Vec::new();
                let mut ds = Vec::new();
                for s in m {
                    ss.push(s.to_string());
                    if compact {
                        ds.push(next.to_string());
                        next = next.mul(&s.parse::<SymInt>().unwrap()).unwrap();
                    } else {
                        ds.push(strides[k].to_string());
                    }
                    k += 1;
                }
                let wrap = |v: Vec<String>| {
                    if v.len() == 1 {
                        v[0].clone()
                    } else {
                        format!("({})", v.join(","))
                    }
                };
                shape.push(wrap(ss));
                stride.push(wrap(ds));
            }
            format!("({}):({})", shape.join(","), stride.join(","))
        })
}

/// A tiler: a tuple of extents, or a small layout.
fn arb_tiler() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(
            prop::sample::select(vec!["2", "4", "8", "_2", "M", "N/4"]),
            1..=2
        )
        .prop_map(|v| format!("({})", v.join(","))),
        prop::sample::select(vec![
            "4:1",
            "2:2",
            "(2,2):(1,4)",
            "(2,M):(1,2)",
            "8:_1",
            "N:1"
        ])
        .prop_map(str::to_string),
    ]
}

/// Values for the symbols, at least `low` (1 or 2): multiples of powers of two (most
/// assumptions are divisibilities by them), and small values.
fn arb_values(low: i64) -> impl Strategy<Value = Values> {
    let v = prop_oneof![(1i64..=3, 0u32..=8).prop_map(|(a, b)| a << b), 1i64..=8]
        .prop_map(move |v| v.max(low));
    (v.clone(), v.clone(), v).prop_map(|(m, n, k)| {
        [
            ("M".to_string(), m),
            ("N".to_string(), n),
            ("K".to_string(), k),
        ]
        .into_iter()
        .collect()
    })
}

/// A symbolic value read from text, with its read-time assumptions.
fn read(text: &str) -> Symbolic {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A layout as text with the strides of extent-1 modes written 0 and no static tags: where a symbolic extent is 1 at the values, the integer algebra writes `_0` for a
/// stride that is irrelevant (the mode has one coordinate) and the symbolic result keeps the
/// stride it computed. The static tags are left out: where an extent is 1 at the values, the
/// integer algebra drops a mode that the symbolic result keeps merged with a neighbour, whose
/// tag then differs, and a stride scaled by a `shape_div` of symbols is dynamic here where C++
/// finds it static (`_16` for `16`): rule 2 is checked by the all-static cases, which go
/// through the integer algebra itself.
fn shape_of(l: &Layout) -> String {
    fn walk(s: &SymTuple, d: &SymTuple, out: &mut String) {
        match (s, d) {
            (SymTuple::Leaf(s), SymTuple::Leaf(d)) => {
                let (s, d) = (s.as_int().unwrap(), d.as_int().unwrap());
                let (s, d) = (s.with_static(false), d.with_static(false));
                out.push_str(&format!(
                    "{s}:{}",
                    if s.value() == 1 {
                        "0".to_string()
                    } else {
                        d.to_string()
                    }
                ));
            }
            (SymTuple::Tuple(ss), SymTuple::Tuple(ds)) => {
                out.push('(');
                for (s, d) in ss.iter().zip(ds) {
                    walk(s, d, out);
                    out.push(',');
                }
                out.push(')');
            }
            _ => unreachable!("congruent"),
        }
    }
    let l = SymLayout::from_layout(l);
    let mut out = String::new();
    walk(&l.shape, &l.stride, &mut out);
    out
}

fn tiler_at(t: &SymTiler, at: &Values) -> Result<Tiler, LayoutError> {
    Ok(match t {
        SymTiler::Layout(l) => Tiler::Layout(l.eval(at)?),
        SymTiler::Underscore => Tiler::Underscore,
        SymTiler::Tuple(ts) => Tiler::Tuple(
            ts.iter()
                .map(|t| tiler_at(t, at))
                .collect::<Result<_, _>>()?,
        ),
    })
}

/// The tiler a text stands for: a tuple of extents or a layout.
fn tiler_of(s: &Symbolic) -> SymTiler {
    match &s.value {
        sym::SymValue::Layout(l) => SymTiler::Layout(l.clone()),
        sym::SymValue::Tuple(t) => SymTiler::from_tuple(t),
        sym::SymValue::Int(n) => SymTiler::from_tuple(&SymTuple::Leaf(n.clone())),
        sym::SymValue::Binding(..) => unreachable!(),
    }
}

fn layout_of(s: &Symbolic) -> SymLayout {
    match &s.value {
        sym::SymValue::Layout(l) => l.clone(),
        v => panic!("not a layout: {v}"),
    }
}

/// Checks the property for one operation: `symbolic` on the symbolic inputs, `integer` on
/// their values; where the first succeeds and the values meet every assumption, the second
/// succeeds with the first's value there.
fn commutes(
    inputs: &Assumptions,
    at: &Values,
    symbolic: impl FnOnce(&mut Assumptions) -> Result<SymLayout, LayoutError>,
    integer: impl FnOnce() -> Result<Layout, LayoutError>,
    what: &str,
) -> Result<(), TestCaseError> {
    let mut assumed = inputs.clone();
    let Ok(r) = symbolic(&mut assumed) else {
        return Ok(());
    };
    if !assumed.hold(at).unwrap_or(false) {
        return Ok(());
    }
    let expected = match integer() {
        Ok(x) => x,
        Err(e) => {
            // at values too large for i64, say; the symbolic result must not claim more
            prop_assert!(
                matches!(e, LayoutError::Overflow { .. }) || format!("{e}").contains("limit"),
                "{what} at {at:?}: symbolic {r} assuming {assumed}, integer algebra: {e}"
            );
            return Ok(());
        }
    };
    let got = r
        .eval(at)
        .map_err(|e| TestCaseError::fail(format!("{what}: {r} at {at:?}: {e}")))?;
    prop_assert_eq!(
        shape_of(&got),
        shape_of(&expected),
        "{} at {:?}: {} assuming {}",
        what,
        at,
        r,
        assumed
    );
    Ok(())
}

/// [`commutes`] for every layout operation on `l` and `t` (and a complement into
/// `cotarget`) at `at`.
fn layout_operations(l: &str, t: &str, at: &Values, cotarget: &str) -> Result<(), TestCaseError> {
    let (ls, ts, cs) = (read(l), read(t), read(cotarget));
    let mut inputs = ls.assumptions.clone();
    inputs.extend(&ts.assumptions);
    inputs.extend(&cs.assumptions);
    if !inputs.hold(at).unwrap_or(false) {
        return Ok(());
    }
    let sl = layout_of(&ls);
    let st = tiler_of(&ts);
    let Ok(il) = sl.eval(at) else { return Ok(()) };
    let Ok(it) = tiler_at(&st, at) else {
        return Ok(());
    };
    let n = match &cs.value {
        sym::SymValue::Int(n) => n.clone(),
        _ => unreachable!(),
    };
    let what = |op: &str| format!("{op}({l}, {t})");
    commutes(
        &inputs,
        at,
        |a| sym::coalesce(&sl, a),
        || cute_layout::coalesce(&il),
        &what("coalesce"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::composition(&sl, &st, a),
        || cute_layout::composition_tiler(&il, &it),
        &what("composition"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::logical_divide(&sl, &st, a),
        || cute_layout::logical_divide(&il, &it),
        &what("logical_divide"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::zipped_divide(&sl, &st, a),
        || cute_layout::zipped_divide(&il, &it),
        &what("zipped_divide"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::tiled_divide(&sl, &st, a),
        || cute_layout::tiled_divide(&il, &it),
        &what("tiled_divide"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::logical_product(&sl, &st, a),
        || cute_layout::logical_product(&il, &it),
        &what("logical_product"),
    )?;
    if let (SymTiler::Layout(sb), Tiler::Layout(ib)) = (&st, &it) {
        commutes(
            &inputs,
            at,
            |a| sym::blocked_product(&sl, sb, a),
            || cute_layout::blocked_product(&il, ib),
            &what("blocked_product"),
        )?;
        commutes(
            &inputs,
            at,
            |a| sym::complement(sb, &n, a),
            || cute_layout::complement(ib, &cute_layout::IntTuple::leaf(n.eval(at)?)),
            &format!("complement({t}, {cotarget})"),
        )?;
    }
    commutes(
        &inputs,
        at,
        |a| sym::complement(&sl, &n, a),
        || cute_layout::complement(&il, &cute_layout::IntTuple::leaf(n.eval(at)?)),
        &format!("complement({l}, {cotarget})"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::right_inverse(&sl, a),
        || cute_layout::right_inverse(&il),
        &format!("right_inverse({l})"),
    )?;
    commutes(
        &inputs,
        at,
        |a| sym::left_inverse(&sl, a),
        || cute_layout::left_inverse(&il),
        &format!("left_inverse({l})"),
    )?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The layout-to-layout operations, at symbols of at least 2.
    #[test]
    fn substituting_commutes_with_the_layout_operations(
        l in arb_layout(), t in arb_tiler(), at in arb_values(2), cotarget in arb_extent()
    ) {
        layout_operations(&l, &t, &at, cotarget)?;
    }

    /// The same at symbols of 1 too (where CuTe drops modes of extent 1).
    #[test]
    fn substituting_commutes_with_the_layout_operations_at_one(
        l in arb_layout(), t in arb_tiler(), at in arb_values(1), cotarget in arb_extent()
    ) {
        layout_operations(&l, &t, &at, cotarget)?;
    }

    /// The integer-valued operations and the tuple divisions.
    #[test]
    fn substituting_commutes_with_the_integer_operations(
        l in arb_layout(), at in arb_values(2), a in arb_extent(), b in arb_extent()
    ) {
        let ls = read(&l);
        let (xa, xb) = (read(a), read(b));
        let mut inputs = ls.assumptions.clone();
        inputs.extend(&xa.assumptions);
        inputs.extend(&xb.assumptions);
        if !inputs.hold(&at).unwrap_or(false) {
            return Ok(());
        }
        let sl = layout_of(&ls);
        let Ok(il) = sl.eval(&at) else { return Ok(()) };
        if let (Ok(n), Ok(i)) = (sym::size(&sl).and_then(|n| n.eval(&at)), il.size()) {
            prop_assert_eq!(n, i, "size({})", l);
        }
        if let (Ok(c), Ok(ic)) = (sym::cosize(&sl).and_then(|n| n.eval(&at)), il.cosize()) {
            prop_assert_eq!(c, ic, "cosize({})", l);
        }
        let int = |s: &Symbolic| match &s.value { sym::SymValue::Int(n) => n.clone(), _ => unreachable!() };
        let (sa, sb) = (int(&xa), int(&xb));
        let (ia, ib) = (sa.eval(&at).unwrap(), sb.eval(&at).unwrap());
        for (name, f, g) in [
            ("shape_div", sym::shape_div as fn(&SymInt, &SymInt, &mut Assumptions) -> _, cute_layout::IntTuple::shape_div as fn(&_, &_) -> _),
            ("ceil_div", sym::ceil_div, cute_layout::IntTuple::ceil_div),
        ] {
            let mut assumed = inputs.clone();
            if let Ok(q) = f(&sa, &sb, &mut assumed) {
                if assumed.hold(&at).unwrap() {
                    let expected = g(&cute_layout::IntTuple::leaf(ia), &cute_layout::IntTuple::leaf(ib)).unwrap();
                    prop_assert_eq!(q.eval(&at).unwrap().value(), expected.as_leaf().unwrap().value(), "{}({}, {}) at {:?}", name, a, b, at);
                }
            }
        }
    }
}

/// The done-means case of issue 27: a symbolic `logical_divide((M,N):(1,M), (128,64))` gives
/// its result with the assumptions it made, and the result at `M=256, N=128` is the integer
/// algebra's.
#[test]
fn logical_divide_by_a_tile_of_a_symbolic_matrix() {
    let mut a = Assumptions::default();
    let l: SymLayout = "(M,N):(1,M)".parse().unwrap();
    let d = sym::logical_divide(
        &l,
        &SymTiler::from_tuple(&"(128,64)".parse().unwrap()),
        &mut a,
    )
    .unwrap();
    assert_eq!(d.to_string(), "((128,M/128),(64,N/64)):((1,128),(M,64*M))");
    assert_eq!(a.to_string(), "128 | M, 64 | N");
    let at: Values = [("M".to_string(), 256), ("N".to_string(), 128)]
        .into_iter()
        .collect();
    let expected = cute_layout::logical_divide(
        &"(256,128):(1,256)".parse().unwrap(),
        &"(128,64)".parse::<Tiler>().unwrap(),
    )
    .unwrap();
    assert_eq!(d.eval(&at).unwrap().to_string(), expected.to_string());
}

/// A result that depends on an unknown comparison is refused, naming it.
#[test]
fn an_undecided_merge_is_refused() {
    let e =
        sym::coalesce(&"(M,2):(1,N)".parse().unwrap(), &mut Assumptions::default()).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("coalesce:") && text.contains("M*1 = N") && text.contains("hint"),
        "{text}"
    );
}

// From the fuzz target `symbolic` (fuzz/corpus/symbolic/finding-size-one-symbolic-stride): a
// tile that reads past a mode of extent 1 takes that mode's stride in the integer algebra
// (`logical_divide((2,1):(1,2), (2,4))` = `((2,1),(4,1)):((1,_0),(2,_0))`); where the stride is
// symbolic the result depends on it, so the symbolic form refuses instead of dropping it.
#[test]
fn a_tile_past_a_size_one_mode_of_symbolic_stride_is_refused() {
    let l: SymLayout = "(M,1):(1,N)".parse().unwrap();
    let t = SymTiler::from_tuple(&"(2,4)".parse::<SymTuple>().unwrap());
    let e = sym::logical_divide(&l, &t, &mut Assumptions::default()).unwrap_err();
    assert!(e.to_string().contains("symbolic stride"), "{e}");
}
