//! Coordinate (scaled-basis) strides through the operations: a zero stride keeps its basis
//! direction (`_0@1`) as C++ keeps it, merges only along it, and `coshape` gives the extent of
//! each coordinate mode of the codomain.

use cute_layout::basis::BasisLayout;
use cute_tools::eval::eval;
use proptest::prelude::*;

/// The recorded C++ results (`tests/data/basis_zero.tsv`, compiled with g++).
#[test]
fn zero_basis_strides_agree_with_cpp() {
    let text = include_str!("../data/basis_zero.tsv");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (expr, cpp) = line.split_once('\t').expect("expr<TAB>result");
        let ours = eval(expr).map(|v| v.to_string());
        assert_eq!(ours.as_deref(), Ok(cpp), "{expr}");
        checked += 1;
    }
    assert!(checked >= 15, "{checked} cases");
}

/// A flat scaled-basis layout of 1 to 4 modes over 2 directions, scales 0..=3 (zero often).
fn arb_basis() -> impl Strategy<Value = BasisLayout> {
    prop::collection::vec((1i64..=3, 0i64..=3, 0usize..2, any::<bool>()), 1..=4).prop_map(|ms| {
        let shape = ms
            .iter()
            .map(|m| format!("{}{}", if m.3 { "_" } else { "" }, m.0))
            .collect::<Vec<_>>();
        let stride = ms
            .iter()
            .map(|m| format!("{}{}@{}", if m.3 { "_" } else { "" }, m.1, m.2))
            .collect::<Vec<_>>();
        format!("({}):({})", shape.join(","), stride.join(","))
            .parse()
            .expect("a basis layout")
    })
}

proptest! {
    /// `coalesce(B)(i) == B(i)`, every stride of the result is a stride direction of `B` or the
    /// plain `_0` of an all-extent-1 layout, and two neighbours of one direction never remain
    /// mergeable.
    #[test]
    fn coalesce_keeps_directions(b in arb_basis()) {
        let c = b.coalesce().unwrap();
        let n = b.shape().size().unwrap().value();
        prop_assert_eq!(c.shape().size().unwrap().value(), n);
        for i in 0..n {
            prop_assert_eq!(c.eval(i).unwrap().with_static(false), b.eval(i).unwrap().with_static(false), "{} vs {} at {}", c, b, i);
        }
        let dirs: Vec<Vec<usize>> = b.stride().leaves().map(|d| d.path()).collect();
        for d in c.stride().leaves() {
            prop_assert!(dirs.contains(&d.path()) || (d.path().is_empty() && n == 1), "{} from {}", c, b);
        }
        let modes: Vec<_> = c.shape().leaves().zip(c.stride().leaves()).collect();
        for w in modes.windows(2) {
            let ((s0, d0), (_, d1)) = (w[0], w[1]);
            prop_assert!(
                !(d0.path() == d1.path() && d0.value().value() * s0.value() == d1.value().value()),
                "{}: left mergeable", c
            );
        }
    }

    /// The divides keep every zero stride's direction where the layout has it: each zero
    /// stride of `logical_divide(B, 2:1)` with a direction has one of `B`'s zero directions.
    #[test]
    fn divide_keeps_zero_directions(b in arb_basis()) {
        let zero_dirs: Vec<Vec<usize>> = b
            .stride()
            .leaves()
            .filter(|d| d.value().value() == 0)
            .map(|d| d.path())
            .collect();
        let Ok(r) = b.map_layout(|l| cute_layout::logical_divide(l, &"_2:_1".parse().unwrap())) else {
            return Ok(());
        };
        for d in r.stride().leaves().filter(|d| d.value().value() == 0 && !d.path().is_empty()) {
            prop_assert!(zero_dirs.contains(&d.path()), "{} from {}", r, b);
        }
        for i in 0..b.shape().size().unwrap().value() {
            prop_assert_eq!(r.eval(i).unwrap().with_static(false), b.eval(i).unwrap().with_static(false), "{} vs {} at {}", r, b, i);
        }
    }
}
