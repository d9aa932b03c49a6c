//! The playground's answers (`cute_cli::page::evaluate`): one evaluation gives the same result,
//! error, derivation and picture as evaluating, explaining and drawing the expression apart.

use cute_cli::page::{evaluate, gallery, ops, playground_hint, standalone_answer, PictureOptions};
use cute_tools::eval::eval_with_warnings;
use cute_tools::explain::explain;
use cute_tools::render;

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
            "make_tiled_mma(SM80_NO_SUCH_ATOM)",
            "Copy_Atom<NO_SUCH_COPY,half_t>",
            "coalesce(1,2)",
            "composition(Sw<3,0,3> o _0 o (_8,_8):(_8,_1), (4,4):(1,4))",
            "local_tile((8,8):(1,8), (2,4), (1,1))",
            "make_layout_tv((_4,_8):(_8,_1),(_2,_4):(_1,_2))",
            "make_identity_tensor((4,8))",
            "local_tile(make_identity_tensor((_4,_8)),(_2,_4),(1,1))",
            "(4,8):(1@0,1@1)",
            "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))",
            "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>,(_4,_8):(_8,_1),(_1,_4))",
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
            Err(e) => {
                // the playground's hints name its own ways (its atom list, its completion),
                // `cute html`'s the library's (the CLI prints them)
                let cli = standalone_answer(&expr, &options).unwrap_err();
                assert_eq!(cli, e.to_string(), "{expr}");
                assert_eq!(
                    answer.unwrap_err(),
                    e.map_hints(&playground_hint).to_string(),
                    "{expr}"
                );
            }
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
                // the picture is `cute svg`'s, whatever its kind (a morphism's is its diagram)
                if let (Some(svg), Ok((p, _))) = (a["svg"].as_str(), render::picture(&expr)) {
                    assert_eq!(svg, p.svg(&render::Options::default()).unwrap(), "{expr}");
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

/// A tensor of coordinates is drawn as `cute svg` draws it, the grid of the coordinates it
/// holds, and its hover cells follow that grid's slabs, each with the coordinate it holds.
#[test]
fn tensors_of_coordinates_answer_their_grid_and_the_coordinates_held() {
    let options = PictureOptions::default();
    let expr = "local_tile(make_identity_tensor((_4,_8)),(_2,_4),(1,1))";
    let a = evaluate(expr, &options).unwrap();
    assert_eq!(a["kind"], "identity tensor");
    let (p, _) = render::picture(expr).unwrap();
    assert!(matches!(p, render::Picture::Coordinates(_)));
    assert_eq!(a["svg"], p.svg(&render::Options::default()).unwrap());
    assert!(a["picture_error"].is_null());
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 8);
    // row 1, column 2 of the 2x4 tile (1,1): index coordinate (1,2), holding (2+1, 4+2)
    let c = &cells[4 + 2];
    assert_eq!(
        (&c["row"], &c["col"], &c["coord"], &c["holds"]),
        (
            &serde_json::json!(1),
            &serde_json::json!(2),
            &serde_json::json!("(1,2)"),
            &serde_json::json!("(3,6)")
        )
    );
    assert!(a["svg"].as_str().unwrap().contains(">(3,6)</text>"));
    // rank 3: slab after slab, each row-major, as a layout's
    let a = evaluate("make_identity_tensor((2,3,2))", &options).unwrap();
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 12);
    let c = &cells[6 + 3 + 1];
    assert_eq!(
        (&c["coord"], &c["holds"], &c["slab"]),
        (
            &serde_json::json!("(1,1,1)"),
            &serde_json::json!("(1,1,1)"),
            &serde_json::json!("(_,_,1)")
        )
    );
    // a scaled-basis layout is the tensor over the zero coordinate
    let a = evaluate("(2,2):(1@1,1@0)", &options).unwrap();
    assert_eq!(a["cells"][1]["holds"], "(1,0)"); // row 0, column 1: 1@0
                                                 // the result and the derivation stay as they were
    let a = evaluate("make_identity_tensor((4,8))", &options).unwrap();
    assert_eq!(a["result"], "ArithTuple(_0,_0) o (4,8):(_1@0,_1@1)");
}

/// A tiled MMA, a tiled copy or an atom is drawn as `cute svg` draws it: CuTe's
/// `print_latex` figure, without hover cells.
#[test]
fn atoms_answer_their_figure() {
    let options = PictureOptions::default();
    for expr in [
        "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))",
        "SM80_16x8x8_F32F16F16F32_TN",
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>,(_4,_8):(_8,_1),(_1,_4))",
    ] {
        let a = evaluate(expr, &options).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let (p, _) = render::picture(expr).unwrap();
        assert!(matches!(p, render::Picture::Atom { .. }), "{expr}");
        assert_eq!(
            a["svg"],
            p.svg(&render::Options::default()).unwrap(),
            "{expr}"
        );
        assert!(a["svg"].as_str().unwrap().contains(">T0</text>"), "{expr}");
        assert_eq!(a["cells"], serde_json::json!([]), "{expr}");
        assert!(a["picture_error"].is_null(), "{expr}");
    }
    let a = evaluate(
        "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))",
        &options,
    )
    .unwrap();
    assert_eq!(a["kind"], "tiled MMA");
    assert!(a["svg"].as_str().unwrap().contains(">T63</text>"));
}

/// Options a tensor of coordinates or a figure has no use for: the value, no picture, and why
/// (named as the renderer names it); limits as for layouts.
#[test]
fn pictures_without_tiles_say_why_and_limits_hold() {
    let tiles = PictureOptions {
        color: render::Coloring::Tile,
        ..PictureOptions::default()
    };
    for expr in [
        "make_identity_tensor((4,8))",
        "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)",
    ] {
        let a = evaluate(expr, &tiles).unwrap();
        assert!(a["svg"].is_null(), "{expr}");
        assert!(a["result"].is_string(), "{expr}");
        assert!(
            a["picture_error"].as_str().unwrap().contains("hint"),
            "{expr}: {a}"
        );
    }
    let a = evaluate(
        "make_identity_tensor((256,256))",
        &PictureOptions::default(),
    )
    .unwrap();
    assert!(a["svg"].is_null());
    assert!(
        a["picture_error"]
            .as_str()
            .unwrap()
            .contains("MAX_PICTURE_CELLS"),
        "{a}"
    );
}

/// No playground error names a `cute` command where the page has its own way (its atom list,
/// its completion); `cute html` keeps the CLI's hints.
#[test]
fn playground_hints_name_the_page_not_the_cli() {
    let options = PictureOptions::default();
    for expr in [
        "make_tiled_mma(SM80_NO_SUCH_ATOM)",
        "Copy_Atom<NO_SUCH_COPY,half_t>",
        "make_tiled_copy(Copy_Atom<NO_SUCH_COPY,float>,(_4,_8):(_8,_1),(_1,_4))",
        "nonsense(1)",
    ] {
        let page = evaluate(expr, &options).unwrap_err();
        assert!(!page.contains("`cute "), "{expr}: {page}");
        assert!(page.contains("hint: the "), "{expr}: {page}");
        let cli = standalone_answer(expr, &options).unwrap_err();
        assert!(cli.contains("`cute "), "{expr}: {cli}");
    }
}

/// A Triton layout typed into the playground (as a linear layout over a shape) is drawn as
/// the TV layout it equals: a blocked layout's 4 values of thread 0 are cells 0..3 of row 0.
#[test]
fn linear_layouts_answer_their_tv_picture() {
    let a = evaluate(
        "to_linear_layout(#ttg.blocked<{sizePerThread=[1,4], threadsPerWarp=[8,4], \
         warpsPerCTA=[1,1], order=[1,0]}>, (8,16))",
        &PictureOptions::default(),
    )
    .unwrap();
    let cells = a["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 8 * 16);
    for (v, cell) in cells.iter().take(4).enumerate() {
        assert_eq!(
            (&cell["thread"], &cell["value"]),
            (&serde_json::json!(0), &serde_json::json!(v))
        );
    }
    assert!(a["svg"].as_str().unwrap().contains(">T0</text>"));
}

/// Symbolic and F2 values on the page (issue 27): the result and the derivation are `eval`'s
/// and `explain`'s; a symbolic layout's picture is the refusal that names its unknown extents,
/// a symbolic integer has none (as an integer), and an F2 layout is drawn.
#[test]
fn symbolic_and_f2_values_on_the_page() {
    let o = PictureOptions::default();
    let a = evaluate("logical_divide((M,N):(1,M), (128,64))", &o).unwrap();
    assert_eq!(
        a["result"],
        "((128,M/128),(64,N/64)):((1,128),(M,64*M)) assuming 128 | M, 64 | N"
    );
    let kinds: Vec<&str> = a["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"assumed") && kinds.contains(&"sym_fill_gap"),
        "{kinds:?}"
    );
    let refusal = a["picture_error"].as_str().unwrap();
    assert!(
        refusal.contains("unknown extents M, N") && refusal.contains("subs("),
        "{refusal}"
    );
    assert!(a["svg"].is_null());
    let n = evaluate("size(logical_divide((M,N):(1,M), (128,64)))", &o).unwrap();
    assert!(n["picture_error"].is_null(), "{n}");
    let r = evaluate("right_inverse((4,M):(M,1))", &o).unwrap();
    assert_eq!(r["result"], "(M,4):(4,_1) assuming M > 1");
    let f = evaluate("logical_divide((_8,_8):(_1^,_9^), (_2,_4))", &o).unwrap();
    assert_eq!(f["steps"][0]["kind"], "f2_domain");
    assert!(f["svg"].as_str().unwrap().starts_with("<svg"));
}
