//! Warnings: a tiler that does not divide the layout is noted (the last tile reads past the
//! layout and needs predication), never refused; the result is the one CuTe gives.

use cute_tools::eval::{eval, eval_with_warnings};
use proptest::prelude::*;

#[test]
fn uneven_tilers_are_noted() {
    let cases = [
        (
            "logical_divide(10:1, 4)",
            "(4,3):(1,4)",
            "3 tiles of 4 cover 12 elements, the layout has 10; 2 of them",
        ),
        (
            "zipped_divide((8,6):(1,8), (4,4))",
            "((4,4),(2,2)):((1,8),(4,32))",
            "does not divide mode 1 (6:8)",
        ),
        (
            "local_tile((8,6):(1,8), (_4,_4), (1,1))",
            "(_4,_4):(1,8)+36",
            "local_tile: the tile _4 does not divide mode 1",
        ),
        (
            "size(logical_divide(6:1, 2:4))",
            "8",
            "4 tiles of 2 cover 8 elements, the layout has 6",
        ),
        (
            "logical_divide((8,(3,2)):(1,(8,24)), (_,(2,2)))",
            "(8,((2,2),(2,1))):(1,((8,16),(24,_0)))",
            "mode 1,0 (3:8)",
        ),
    ];
    for (expr, value, warning) in cases {
        let (v, w) = eval_with_warnings(expr).unwrap();
        assert_eq!(v.to_string(), value, "{expr}");
        assert_eq!(
            eval(expr).unwrap(),
            v,
            "{expr}: the warning changes nothing"
        );
        assert_eq!(w.len(), 1, "{expr}: {w:?}");
        let text = w[0].to_string();
        assert!(
            text.starts_with("warning: ") && text.contains(warning),
            "{expr}: {text}"
        );
        assert!(text.contains("needs predication"), "{text}");
    }
}

#[test]
fn even_tilers_and_other_operations_say_nothing() {
    for expr in [
        "logical_divide(16:1, 4)",
        "zipped_divide((8,8):(1,8), (2,4))",
        "logical_divide((4,6):(1,4), (_,5))",
        "logical_product(10:1, 4:1)",
        "composition(10:1, 4:1)",
        "logical_divide(Sw<1,0,1> o _0 o 10:1, 4)",
    ] {
        let (_, w) = eval_with_warnings(expr).unwrap();
        let expected = usize::from(expr.contains("(_,5)"));
        assert_eq!(w.len(), expected, "{expr}: {w:?}");
    }
}

/// The check computes the divide's size, `size(T) · size(T*)`, not the divide: one that fails
/// only in its composition is warned about where its call is not applied (`eval::warnings`,
/// `registry::warnings`), and the evaluators give its error, with no warning.
#[test]
fn a_divide_failing_in_its_composition_is_warned_about_and_refused() {
    let expr = "logical_divide((2,4):(3,1), 3:3)";
    let e = eval(expr).unwrap_err().to_string();
    assert!(e.contains("Stride Divisibility Condition"), "{e}");
    assert!(eval_with_warnings(expr).is_err());
    let args = ["(2,4):(3,1)".parse().unwrap(), "3:3".parse().unwrap()];
    for w in [
        cute_tools::eval::warnings(expr),
        cute_tools::registry::warnings("logical_divide", &args),
    ] {
        assert_eq!(w.len(), 1, "{w:?}");
        let text = w[0].to_string();
        assert!(
            text.contains("3 tiles of 3 cover 9 elements, the layout has 8"),
            "{text}"
        );
    }
    // inside another call, the failing divide is an error of that call: no warnings
    assert!(cute_tools::eval::warnings(&format!("size({expr})")).is_empty());
}

proptest! {
    /// A 1-D divide by an integer warns exactly when the integer does not divide the size.
    #[test]
    fn warns_iff_not_divisible(n in 1i64..64, t in 1i64..20) {
        let (v, w) = eval_with_warnings(&format!("logical_divide({n}:1, {t})")).unwrap();
        prop_assert_eq!(w.is_empty(), n % t == 0, "{}", v);
    }
}

/// A flat or nested layout of small extents (1 included) and strides (0 included), as text.
fn layout_text() -> impl Strategy<Value = String> {
    let mode = (1i64..7, 0i64..24);
    prop::collection::vec(prop::collection::vec(mode, 1..3), 1..4).prop_map(|modes| {
        let (mut shape, mut stride) = (Vec::new(), Vec::new());
        for m in &modes {
            let s: Vec<String> = m.iter().map(|(s, _)| s.to_string()).collect();
            let d: Vec<String> = m.iter().map(|(_, d)| d.to_string()).collect();
            if m.len() == 1 {
                shape.push(s[0].clone());
                stride.push(d[0].clone());
            } else {
                shape.push(format!("({})", s.join(",")));
                stride.push(format!("({})", d.join(",")));
            }
        }
        format!("({}):({})", shape.join(","), stride.join(","))
    })
}

/// A tiler: an integer, a layout `s:d`, or a tuple of those and `_`.
fn tiler_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (1i64..9).prop_map(|n| n.to_string()),
        (1i64..5, 1i64..5).prop_map(|(s, d)| format!("{s}:{d}")),
    ];
    prop_oneof![
        leaf.clone(),
        prop::collection::vec(prop_oneof![leaf, Just("_".to_string())], 1..4)
            .prop_map(|ms| format!("<{}>", ms.join(","))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    /// `eval` looks at a divide's tiles again only where its result is larger than its layout
    /// (`registry::PendingWarnings`): its warnings are those of looking before the call, which
    /// `warnings` (the call not applied) still does, on divides that succeed.
    #[test]
    fn warnings_after_a_divide_are_those_before_it(
        op in prop_oneof![
            Just("logical_divide"), Just("zipped_divide"), Just("tiled_divide"), Just("flat_divide")
        ],
        layout in layout_text(),
        tiler in tiler_text(),
    ) {
        let expr = format!("{op}({layout}, {tiler})");
        if let Ok((_, after)) = eval_with_warnings(&expr) {
            let before = cute_tools::eval::warnings(&expr);
            let text = |w: &[cute_layout::error::Warning]| -> Vec<String> {
                w.iter().map(ToString::to_string).collect()
            };
            prop_assert_eq!(text(&after), text(&before), "{}", expr);
            // nested, the divide's warnings come first, then the outer call's
            let nested = format!("size({expr})");
            let (_, inner) = eval_with_warnings(&nested).unwrap();
            prop_assert_eq!(text(&inner), text(&before), "{}", nested);
        }
    }
}
