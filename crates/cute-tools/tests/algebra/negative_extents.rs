//! The negative-extent rule (docs/dev/reliability.md, "Negative extents: one rule"), as
//! properties over layouts with at least one negative extent:
//!
//! - where C++ computes a value from the shape alone, the library gives C++'s value: `size` is
//!   the product of the extents as given, `coalesce` keeps that size, `make_layout(shape)` the
//!   compact column-major strides (prefix products of the extents as given), `rank` and `shape`
//!   as written;
//! - where an operation visits elements or draws cells, it refuses, and its error names the
//!   operation and the negative extent: the algebra (divides, products, complement,
//!   composition's checks, inverses), the pictures (text grid, SVG, LaTeX) and the TV layouts
//!   (a tile, or a layout, of negative extent).
//!
//! Independent of the code under test: the expected values are products and prefix products
//! computed here; the refusals are checked by what they name.

use cute_layout::tv::TvLayout;
use cute_layout::{IntTuple, Layout};
use cute_tools::eval::eval;
use cute_tools::render::picture;
use cute_tools::render::Options;
use proptest::prelude::*;

/// Flat extents in -6..=6 without 0 and 1 (a mode of extent 1 has its own stride rules), at
/// least one negative.
fn extents() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop_oneof![-6i64..=-1, 2i64..=6], 1..=3)
        .prop_filter("a negative extent", |e| e.iter().any(|&x| x < 0))
}

fn strides(n: usize) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(-8i64..=8, n)
}

fn tuple(xs: &[i64]) -> String {
    match xs {
        [x] => x.to_string(),
        _ => format!(
            "({})",
            xs.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        ),
    }
}

fn layout_text(shape: &[i64], stride: &[i64]) -> String {
    format!("{}:{}", tuple(shape), tuple(stride))
}

fn layout_and_extents() -> impl Strategy<Value = (String, Vec<i64>)> {
    extents().prop_flat_map(|e| {
        let n = e.len();
        (Just(e), strides(n)).prop_map(|(e, s)| (layout_text(&e, &s), e))
    })
}

/// `msg` names `op` and one of the negative extents of `extents`.
fn names_op_and_extent(msg: &str, op: &str, extents: &[i64]) -> bool {
    msg.contains(op)
        && extents.iter().filter(|&&e| e < 0).any(|e| {
            msg.contains(&format!("negative extent {e}")) || msg.contains(&format!("extent {e}"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Queries and construction give C++'s value, computed from the shape as given.
    #[test]
    fn queries_and_construction_give_cpps_value((l, e) in layout_and_extents()) {
        let product: i64 = e.iter().product();
        prop_assert_eq!(eval(&format!("size({l})")).unwrap().to_string(), product.to_string());
        prop_assert_eq!(eval(&format!("rank({l})")).unwrap().to_string(), format!("_{}", e.len()));
        prop_assert_eq!(eval(&format!("shape({l})")).unwrap().to_string(), tuple(&e));
        let c: Layout = eval(&format!("coalesce({l})")).unwrap().to_string().parse().unwrap();
        prop_assert_eq!(c.size().unwrap().value(), product);
        // make_layout(shape): column-major prefix products of the extents as given
        let mut prefix = Vec::new();
        let mut p = 1i64;
        for &x in &e {
            prefix.push(p);
            p *= x;
        }
        // (the first stride is the static _1, as C++'s compact_major starts)
        prop_assert_eq!(
            eval(&format!("make_layout({})", tuple(&e))).unwrap().to_string().replace('_', ""),
            layout_text(&e, &prefix)
        );
    }

    /// The algebra that visits modes as sizes refuses, naming itself and the extent.
    #[test]
    fn the_algebra_refuses_by_name((l, e) in layout_and_extents()) {
        for op in [
            "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product",
            "blocked_product", "raked_product",
        ] {
            for expr in [format!("{op}({l}, 2:1)"), format!("{op}(8:1, {l})")] {
                let msg = eval(&expr).expect_err(&expr).to_string();
                prop_assert!(names_op_and_extent(&msg, op, &e), "{}: {}", expr, msg);
            }
        }
        for expr in [format!("complement({l}, 64)"), format!("complement(2:1, {})", tuple(&e))] {
            let msg = eval(&expr).expect_err(&expr).to_string();
            prop_assert!(names_op_and_extent(&msg, "complement", &e), "{}: {}", expr, msg);
        }
    }

    /// The pictures refuse, naming the drawing and the extent.
    #[test]
    fn the_pictures_refuse_by_name((l, e) in layout_and_extents()) {
        let (p, _) = picture(&l).unwrap();
        let o = Options::default();
        for (what, drawn) in [("text", p.text(&o)), ("svg", p.svg(&o)), ("latex", p.latex(&o))] {
            let msg = drawn.expect_err(what).to_string();
            prop_assert!(
                e.iter().filter(|&&x| x < 0).any(|x| msg.contains(&format!("negative extent {x}"))),
                "{} of {}: {}", what, l, msg
            );
        }
    }

    /// A TV layout refuses a tile of negative extent, naming the tile and the extent.
    #[test]
    fn a_tv_tile_of_negative_extent_is_refused(e in extents()) {
        let e2: Vec<i64> = e.iter().copied().chain([4, 4]).take(2).collect();
        prop_assume!(e2.iter().any(|&x| x < 0));
        let tile: IntTuple = tuple(&e2).parse().unwrap();
        let layout: Layout = "(32,4):(1,32)".parse().unwrap();
        let msg = TvLayout::new(tile, layout)
            .and_then(|tv| tv.tile_mn().map(|_| tv))
            .expect_err("a negative tile")
            .to_string();
        prop_assert!(names_op_and_extent(&msg, "tile", &e2), "{}", msg);
    }
}
