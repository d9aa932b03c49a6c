//! The playground's answers (`cute_cli::page::evaluate`): one evaluation gives the same result,
//! error, derivation and picture as evaluating, explaining and drawing the expression apart.

use cute_cli::page::{evaluate, gallery, ops, PictureOptions};
use cute_layout::eval::eval_with_warnings;
use cute_layout::explain::explain;
use cute_layout::render;

/// Every registry example, every gallery figure, and bad input.
fn expressions() -> Vec<String> {
    let mut all: Vec<String> = ops()
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["example"].as_str().unwrap().to_string())
        .collect();
    all.extend(
        gallery()
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["expr"].as_str().unwrap().to_string()),
    );
    all.extend(
        [
            "(2,3,2):(1,2,6)",
            "complement((2,2):(2,3), 8)",
            "composition((6,2):(8,2), (4,3):(3,1))",
            "logical_divide(10:1, 4)",
            "nonsense(1)",
            "coalesce(1,2)",
            "composition(Sw<3,0,3> o _0 o (_8,_8):(_8,_1), (4,4):(1,4))",
            "local_tile((8,8):(1,8), (2,4), (1,1))",
            "make_layout_tv((_4,_8):(_8,_1),(_2,_4):(_1,_2))",
        ]
        .map(String::from),
    );
    all
}

#[test]
fn one_evaluation_gives_the_same_answers() {
    let options = PictureOptions::default();
    for expr in expressions() {
        let answer = evaluate(&expr, &options);
        match eval_with_warnings(&expr) {
            Err(e) => assert_eq!(answer.unwrap_err(), e.to_string(), "{expr}"),
            Ok((value, warnings)) => {
                let a = answer.unwrap_or_else(|e| panic!("{expr}: {e}"));
                assert_eq!(a["result"], value.to_string(), "{expr}");
                assert_eq!(a["kind"], value.kind().name(), "{expr}");
                let w: Vec<String> = warnings.iter().map(ToString::to_string).collect();
                assert_eq!(a["warnings"], serde_json::json!(w), "{expr}");
                let explained = explain(&expr).ok();
                let text = explained.as_ref().map(ToString::to_string);
                assert_eq!(a["explain"].as_str().map(String::from), text, "{expr}");
                let steps = explained.map_or(serde_json::Value::Null, |e| {
                    serde_json::from_str::<serde_json::Value>(&e.to_json()).unwrap()["steps"].take()
                });
                assert_eq!(a["steps"], steps, "{expr}");
                if let (Some(svg), Ok(s)) = (a["svg"].as_str(), render::subject(&expr)) {
                    assert_eq!(svg, render::svg(&s, &render::Options::default()).unwrap());
                }
            }
        }
    }
}

/// The hover cells of a layout of rank > 2 follow its slabs, as the picture draws them.
#[test]
fn hover_cells_follow_the_slabs() {
    let a = evaluate("(2,3,2):(1,2,6)", &PictureOptions::default()).unwrap();
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 12);
    // slab (_,_,1), row 1, column 1: the coordinate (1,1,1) -> 1 + 2 + 6
    let c = &cells[6 + 3 + 1];
    assert_eq!(
        (&c["coord"], &c["offset"], &c["slab"], &c["row"], &c["col"]),
        (
            &serde_json::json!("(1,1,1)"),
            &serde_json::json!(9),
            &serde_json::json!("(_,_,1)"),
            &serde_json::json!(1),
            &serde_json::json!(1)
        )
    );
    // a rank-2 layout's cells have no slab
    let a = evaluate("(2,3):(1,2)", &PictureOptions::default()).unwrap();
    assert!(a["cells"][0].get("slab").is_none());
}

/// A TV value's answer has a TV picture, with the thread and value of each cell.
#[test]
fn tv_values_answer_tv_cells() {
    let a = evaluate(
        "get_layoutC_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))",
        &PictureOptions::default(),
    )
    .unwrap();
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 32 * 16);
    assert_eq!(
        (&cells[1]["thread"], &cells[1]["value"]),
        (&serde_json::json!(0), &serde_json::json!(1))
    );
    assert!(a["svg"].as_str().unwrap().contains(">T0</text>"));
}
