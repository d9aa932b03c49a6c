//! `diff`: functional equality and the first difference of two layouts, checked against
//! offsets computed directly, and the printed report.

use cute_layout::AnyLayout;
use cute_tools::diff::{diff, diff_exprs};
use proptest::prelude::*;

/// A small layout in CuTe notation: two or three modes, extents 1..4, strides 0..6.
fn arb_layout() -> impl Strategy<Value = String> {
    prop::collection::vec((1..4i64, 0..6i64), 1..4).prop_map(|modes| {
        let (s, d): (Vec<String>, Vec<String>) = modes
            .into_iter()
            .map(|(s, d)| (s.to_string(), d.to_string()))
            .unzip();
        format!("({}):({})", s.join(","), d.join(","))
    })
}

proptest! {
    /// `equal` is exactly "same size and same offsets", and `first` is the first index where
    /// the offsets differ.
    #[test]
    fn diff_agrees_with_the_offsets(a in arb_layout(), b in arb_layout()) {
        let (la, lb): (AnyLayout, AnyLayout) = (a.parse().unwrap(), b.parse().unwrap());
        let (oa, ob) = (la.offsets().unwrap(), lb.offsets().unwrap());
        let d = diff(&la, &lb).unwrap();
        prop_assert_eq!(d.equal(), oa == ob);
        let first = oa.iter().zip(&ob).position(|(x, y)| x != y);
        prop_assert_eq!(d.first.as_ref().map(|m| m.index as usize), first);
        if let Some(m) = &d.first {
            prop_assert_eq!(m.offsets, (oa[m.index as usize], ob[m.index as usize]));
            prop_assert_eq!(la.call(&m.coords.0).unwrap().value(), m.offsets.0);
            prop_assert_eq!(lb.call(&m.coords.1).unwrap().value(), m.offsets.1);
        }
        // a layout equals itself and its coalesced form
        prop_assert!(diff(&la, &la).unwrap().equal());
        let c: AnyLayout = format!("{}", cute_tools::eval::eval(&format!("coalesce({a})")).unwrap()).parse().unwrap();
        prop_assert!(diff(&la, &c).unwrap().equal());
    }
}

#[test]
fn reports() {
    let cases = [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(1,4)", "(4,8):(8,1)"),
        ("(4,(2,4)):(1,(4,8))", "(4,2):(1,4)"),
        ("Sw<1,0,1> o _0 o _4:_1", "4:1"),
        ("logical_divide(16:1, 4:1)", "(4,4):(1,4)"),
    ];
    let mut text = String::new();
    for (a, b) in cases {
        text.push_str(&format!(
            "$ cute diff '{a}' '{b}'\n{}\n\n",
            diff_exprs(a, b).unwrap()
        ));
    }
    insta::assert_snapshot!(text);
}

#[test]
fn huge_and_wrong_inputs_are_errors() {
    let e = diff_exprs("(1000000,1000):(1,1000000)", "(1000000,1000):(1,1000001)").unwrap_err();
    assert!(e.to_string().contains("MAX_DIFFED"), "{e}");
    // identical layouts are equal at any size, without enumerating
    assert!(diff_exprs(
        "(1000000,1000000):(1,1000000)",
        "(1000000,1000000):(1,1000000)"
    )
    .unwrap()
    .equal());
    let e = diff_exprs("4:1", "(2,2)").unwrap_err();
    assert!(
        e.to_string()
            .contains("B = (2,2) is the tuple (2,2), not a layout"),
        "{e}"
    );
}
