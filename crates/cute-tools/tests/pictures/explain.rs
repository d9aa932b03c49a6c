//! `explain`: every worked example of the seed documents ends with the right result, and
//! derivations read as expected (snapshots).

use cute_tools::explain::explain;

/// The worked examples of CuTe's layout-algebra documentation (shared/seeds/001; its complement
/// examples are all-static) and of the expositions (shared/seeds/004), with their results.
const WORKED: &[(&str, &str)] = &[
    ("coalesce((2,(1,6)):(1,(6,2)))", "12:1"),
    (
        "composition((6,2):(8,2), (4,3):(3,1))",
        "((2,2),3):((24,2),8)",
    ),
    (
        "composition((_10,_2):(_16,_4), (_5,_4):(_1,_5))",
        "(_5,(_2,_2)):(_16,(_80,_4))",
    ),
    (
        "composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)",
        "(3,(2,4)):(236,(26,1))",
    ),
    (
        "composition((12,(4,8)):(59,(13,1)), (3,8))",
        "(3,(4,2)):(59,(13,1))",
    ),
    ("complement(_4:_1, _24)", "_6:_4"),
    ("complement(_6:_4, _24)", "_4:_1"),
    ("complement((_4,_6):(_1,_4), _24)", "_1:_0"),
    ("complement(_4:_2, _24)", "(_2,_3):(_1,_8)"),
    ("complement((_2,_4):(_1,_6), _24)", "_3:_2"),
    ("complement((_2,_2):(_1,_6), _24)", "(_3,_2):(_2,_12)"),
    (
        "logical_divide((4,2,3):(2,1,8), 4:2)",
        "((2,2),(2,3)):((4,1),(2,8))",
    ),
    (
        "logical_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)",
        "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
    ),
    (
        "zipped_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)",
        "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
    ),
    (
        "logical_product((2,2):(4,1), 6:1)",
        "((2,2),(2,3)):((4,1),(2,8))",
    ),
    (
        "logical_product((2,5):(5,1), <3:5,4:6>)",
        "((2,3),(5,4)):((5,10),(1,30))",
    ),
    (
        "blocked_product((2,5):(5,1), (3,4):(1,3))",
        "((2,3),(5,4)):((5,10),(1,30))",
    ),
    (
        "raked_product((2,5):(5,1), (3,4):(1,3))",
        "((3,2),(4,5)):((10,5),(30,1))",
    ),
    (
        "tiled_product((_2,_5):(_5,_1), <_3:_5,_4:_6>)",
        "((_2,_5),_3,_4):((_5,_1),_10,_30)",
    ),
];

#[test]
fn worked_examples_end_with_their_result() {
    for (expr, want) in WORKED {
        let e = explain(expr).unwrap();
        let text = e.to_string();
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("= {want}"), "{expr}:\n{text}");
        assert!(e.steps.len() >= 2, "{expr} has no derivation:\n{text}");
    }
}

#[test]
fn derivation_snapshots() {
    insta::assert_snapshot!(
        "composition",
        explain("composition((6,2):(8,2), (4,3):(3,1))")
            .unwrap()
            .to_string()
    );
    insta::assert_snapshot!(
        "complement",
        explain("complement((2,2):(1,6), 24)").unwrap().to_string()
    );
    insta::assert_snapshot!(
        "logical_divide",
        explain("logical_divide((4,2,3):(2,1,8), 4:2)")
            .unwrap()
            .to_string()
    );
    insta::assert_snapshot!(
        "logical_product",
        explain("logical_product((2,2):(4,1), 6:1)")
            .unwrap()
            .to_string()
    );
    insta::assert_snapshot!(
        "blocked_product",
        explain("blocked_product((2,5):(5,1), (3,4):(1,3))")
            .unwrap()
            .to_string()
    );
    insta::assert_snapshot!(
        "coalesce",
        explain("coalesce(((2,2),(2,2)):((1,4),(8,32)))")
            .unwrap()
            .to_string()
    );
}

/// shape_div with a negative stride divides by its magnitude and keeps its sign: the text says
/// so (`4/|-2| = 2`, `-8/4 = -2`, `-ceil_div(|-6|, 4) = -2`), not `4/-2 = 2`.
#[test]
fn negative_strides_derive_truthfully() {
    let text = explain("composition((4,8):(8,1), 4:-2)")
        .unwrap()
        .to_string();
    assert!(
        text.contains("leaves 4/|-2| = 2 at stride -2*8 = -16"),
        "{text}"
    );
    insta::assert_snapshot!("composition_negative_stride", text);
    let text = explain("composition((4,8):(8,1), (2,2):(-8,1))")
        .unwrap()
        .to_string();
    assert!(
        text.contains("stride |-8| >= extent 4, skip the mode; stride left -8/4 = -2"),
        "{text}"
    );
    let text = explain("composition((4,8):(1,5), 2:-6)")
        .unwrap()
        .to_string();
    assert!(
        text.contains("stride left -ceil_div(|-6|, 4) = -2"),
        "{text}"
    );
}

#[test]
fn failures_stop_at_the_failing_step() {
    let e = explain("composition((_8,_8):(_8,_1), _4:_3)").unwrap();
    let text = e.to_string();
    assert!(e.result.is_err(), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("error: "),
        "{text}"
    );
    insta::assert_snapshot!("composition_error", text);
    let e = explain("logical_divide(24:1, (2,2):(2,3))").unwrap();
    assert!(e.result.is_err());
    assert!(e.to_string().contains("Non-injective"), "{e}");
}

#[test]
fn other_operations_show_their_result() {
    let e = explain("right_inverse((_8,_4):(_4,_1))").unwrap();
    assert!(e.to_string().ends_with("= (_4,_8):(_8,_1)\n"), "{e}");
    let e = explain("make_layout_right((2,3))").unwrap();
    assert!(e.to_string().contains("no step-by-step derivation"), "{e}");
    assert!(explain("nonsense(").is_err());
}

/// The derivations of issue 10: each has steps of its own and ends with what `eval` gives.
#[test]
fn the_hard_operations_have_derivations() {
    for expr in [
        "right_inverse((4,8):(8,1))",
        "right_inverse((_4,_2):(_1,_5))",
        "left_inverse((_4,_2):(_1,_5))",
        "left_inverse(_4:_2)",
        "tile_to_shape((2,2):(1,2), (4,6))",
        "tile_to_shape((2,2):(1,2), (4,6), (1,0))",
        "local_tile((8,8):(1,8), (_4,_2), (1,2))",
        "local_partition((8,8):(1,8), (_2,_4):(_4,_1), 5)",
        "blocked_product((2,2):(1,2), (3,4):(1,3))",
        "raked_product((2,2):(1,2), (3,4):(1,3))",
    ] {
        let e = explain(expr).unwrap();
        let text = e.to_string();
        assert!(!text.contains("no step-by-step derivation"), "{text}");
        assert!(e.steps.len() >= 2, "{text}");
        let want = cute_tools::eval::eval(expr).unwrap();
        assert_eq!(e.result.as_ref().ok(), Some(&want), "{text}");
    }
    insta::assert_snapshot!(
        "right_inverse",
        explain("right_inverse((4,8):(8,1))").unwrap().to_string()
    );
    insta::assert_snapshot!(
        "left_inverse",
        explain("left_inverse((_4,_2):(_1,_5))")
            .unwrap()
            .to_string()
    );
    for (name, expr) in [
        ("tile_to_shape", "tile_to_shape((2,2):(1,2), (4,6), (1,0))"),
        ("local_tile", "local_tile((8,8):(1,8), (_4,_2), (1,2))"),
        (
            "local_partition",
            "local_partition((8,8):(1,8), (_2,_4):(_4,_1), 5)",
        ),
        ("raked_product", "raked_product((2,2):(1,2), (3,4):(1,3))"),
    ] {
        insta::assert_snapshot!(name, explain(expr).unwrap().to_string());
    }
    // a failing left inverse stops with the error after the modes it emitted
    let e = explain("left_inverse((2,7):(2,1))").unwrap();
    assert!(e.result.is_err() && e.steps.len() >= 3, "{e}");
}

/// The JSON rendering carries the same steps as the text, with each event's kind and fields,
/// and parses as JSON.
#[test]
fn json_carries_the_events_as_data() {
    let e = explain("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap();
    let json: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
    assert_eq!(json["expr"], "logical_divide((4,2,3):(2,1,8), 4:2)");
    assert_eq!(json["result"], "((2,2),(2,3)):((4,1),(2,8))");
    assert!(json["error"].is_null());
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(steps.len(), e.steps.len());
    let text = e.to_string();
    for (s, j) in e.steps.iter().zip(steps) {
        assert_eq!(j["depth"], s.depth);
        assert_eq!(j["kind"], s.event.kind());
        assert!(text.contains(j["text"].as_str().unwrap()), "{j}");
        assert_eq!(
            j["fields"].as_object().unwrap().len(),
            s.event.fields().len()
        );
    }
    let divided = steps.iter().find(|s| s["kind"] == "divided").unwrap();
    assert_eq!(divided["fields"]["tiler"], "4:2");
    assert_eq!(divided["fields"]["result"], "((2,2),(2,3)):((4,1),(2,8))");
    let sorted = steps
        .iter()
        .find(|s| s["kind"] == "sorted_by_stride")
        .unwrap();
    assert_eq!(sorted["fields"]["modes"], serde_json::json!(["4:2"]));
    // static integers keep their tag; an error is reported as such
    let e = explain("left_inverse((_4,_2):(_1,_5))").unwrap();
    let json: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
    let emit = &json["steps"][1];
    assert_eq!(emit["kind"], "inverse_emit");
    assert_eq!(emit["fields"]["mode"], "_4:_1");
    let sorted = &json["steps"][0]["fields"]["modes"][1];
    assert_eq!(
        *sorted,
        serde_json::json!({"mode": "_2:_5", "position": "_4"})
    );
    let e = explain("complement((2,2):(2,3), 8)").unwrap();
    let json: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
    assert!(json["result"].is_null());
    assert!(json["error"].as_str().unwrap().starts_with("complement"));
}

/// Every kind of event the algebra reports appears in some derivation, with a kind name of its
/// own, and renders as a line of text.
#[test]
fn every_event_kind_is_reported_somewhere() {
    let exprs = [
        "coalesce((_1,_4,_1,_2):(_3,_1,_7,_4))",
        "coalesce((2,3,4):(1,5,100))",
        "coalesce((4,1):(1,0))",
        "composition((4,4):(1,5), 2:4)",
        "composition((12,(4,8)):(59,(13,1)), (3,_))",
        "composition(8:2, (2,2):(0,1))",
        "composition((4,4):(1,4), (2,8):(8,1))",
        "composition((6,2):(8,2), ((2,2),3):((1,2),4))",
        "complement(4:0, 12)",
        "complement((2,2):(1,6), 24)",
        "logical_divide((8,8):(1,8), (_2,_))",
        "tiled_divide((8,8):(1,8), (_2,_4))",
        "flat_product((2,5):(5,1), <3:1,4:1>)",
        "raked_product((2,2):(1,2), 3:1)",
        "tile_to_shape((2,2):(1,2), (4,6), (1,0))",
        "right_inverse((_4,_2):(_1,_5))",
        "left_inverse((4,2):(0,1))",
        "local_tile((8,8):(1,8), (_4,_2), (1,2))",
        "local_partition((8,8):(1,8), (_2,_4):(_4,_1), 5)",
        "make_layout_right((2,3))",
        "composition((4,4):(1,5), (2,2):(1,-2))",
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for expr in exprs {
        for s in explain(expr).unwrap().steps {
            assert!(!cute_tools::explain::Line(&s.event).to_string().is_empty());
            kinds.insert(s.event.kind());
        }
    }
    // (a new kind of event needs an expression above that reports it)
    assert_eq!(kinds.len(), 55, "{kinds:?}");
}
