//! The categorical layer's pictures: tuple morphisms, bare pointed maps of `Fin_*`, and the
//! composition algorithm step by step, as text (snapshots), SVG (well-formed, the arrows that
//! the algebra says) and TikZ.

use crate::common::lay;
use cute_layout::category::diagram::{
    composition_diagrams, morphism_diagram, pointed_diagram, text, Diagram,
};
use cute_layout::category::draw::{svg, tikz};
use cute_layout::category::{to_morphism, via, NestedMorphism, PointedMap};
use cute_layout::composition;
use cute_tools::render::color::{palettes, Rgb};
use proptest::prelude::*;

fn nm(s: &str) -> NestedMorphism {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses `svg`; returns the classes of its groups (`arrow`, `arrow base`, `domain`, ...).
fn classes(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| n.attribute("class").map(str::to_string))
        .collect()
}

fn count(classes: &[String], class: &str) -> usize {
    classes.iter().filter(|c| *c == class).count()
}

/// The composition algorithm's examples of the reference (§2.3): `(A, B, A ∘ B)`.
const COMPOSITIONS: [(&str, &str, &str); 6] = [
    ("(12,3,6):(1,72,12)", "(6,6):(6,1)", "((2,3),6):((6,72),1)"),
    ("(16,16):(16,1)", "(8,8):(8,1)", "((2,4),8):((128,1),16)"),
    (
        "(8,8,8):(64,8,1)",
        "(16,16):(16,1)",
        "((4,4),(8,2)):((16,1),(64,8))",
    ),
    ("(10,360):(2,60)", "(6,6):(5,60)", "((2,3),6):((10,60),360)"),
    ("(5,2,5,2):(1,25,5,50)", "(2,2):(5,50)", "(2,2):(25,50)"),
    (
        "(8,64):(64,1)",
        "((4,4),4):((16,1),4)",
        "((4,4),(2,2)):((2,64),(256,1))",
    ),
];

#[test]
fn pointed_map_is_two_columns_of_points_with_base_points() {
    let a = PointedMap::new(6, vec![Some(2), Some(1), None, Some(6)]).unwrap();
    let d = pointed_diagram(&a);
    let s = svg(std::slice::from_ref(&d));
    let c = classes(&s);
    assert_eq!(count(&c, "arrow"), 3, "one arrow per point not sent to *");
    assert_eq!(count(&c, "arrow base"), 2, "3 -> * and * -> *");
    assert_eq!(count(&c, "base"), 2, "a base point in each column");
    assert_eq!((count(&c, "domain"), count(&c, "codomain")), (4, 6));
    insta::assert_snapshot!("pointed_text", text(&[d]));
}

#[test]
fn morphism_diagram_has_one_arrow_per_hit_entry() {
    for (f, hits) in [
        ("((4,8,4),(2,2,8)) -> (8,2,4,2,4,8) over (5,1,3,4,2,6)", 6),
        ("(64,64,3,8) -> (64,3) over (1,*,2,*)", 2),
        ("() -> () over ()", 0),
        ("(4) -> (2,4) over (2)", 1),
    ] {
        let s = svg(&[morphism_diagram(&nm(f)).unwrap()]);
        assert_eq!(count(&classes(&s), "arrow"), hits, "{f}");
    }
}

#[test]
fn composition_steps_compute_what_composition_computes() {
    for (a, b, ab) in COMPOSITIONS {
        let steps = via::composition_steps(&lay(a), &lay(b)).unwrap();
        assert_eq!(steps.result.to_string(), ab, "{a} o {b}");
        let direct = composition(&lay(a), &lay(b)).unwrap();
        assert_eq!(
            steps.result.with_static(false),
            direct.with_static(false),
            "{a} o {b}"
        );
        // the composite's layout is the weak composite, before the final coalesce
        let weak = steps.composite.to_layout().unwrap();
        assert_eq!(
            cute_layout::coalesce(&weak).unwrap().with_static(false),
            cute_layout::coalesce(&direct).unwrap().with_static(false)
        );
    }
}

/// The arrows of the pasted step are those of `f̃` and `g'`, and `f̃` lands in `T' ⊆ U'`.
fn check_pasted(d: &Diagram, steps: &via::CompositionSteps) {
    let hits = |f: &NestedMorphism| f.alpha().values().iter().flatten().count();
    let into_middle: Vec<_> = d.arrows.iter().filter(|a| a.column == 0).collect();
    assert_eq!(into_middle.len(), hits(&steps.pulled));
    assert_eq!(
        d.arrows.len() - into_middle.len(),
        hits(&steps.pushed),
        "g' arrows"
    );
    let t_len = steps.refinement.0.leaf_count();
    assert!(into_middle.iter().all(|a| a.to.is_some_and(|j| j < t_len)));
    assert_eq!(
        d.columns[1].entries.len(),
        steps.refinement.1.leaf_count(),
        "the middle column is U'"
    );
}

#[test]
fn composition_is_drawn_step_by_step() {
    for (a, b, ab) in COMPOSITIONS {
        let steps = via::composition_steps(&lay(a), &lay(b)).unwrap();
        let d = composition_diagrams(&steps).unwrap();
        assert_eq!(d.len(), 5);
        check_pasted(&d[3], &steps);
        let s = svg(&d);
        let c = classes(&s);
        let arrows: usize = d.iter().map(|x| x.arrows.len()).sum();
        assert_eq!(count(&c, "arrow"), arrows, "{a} o {b}");
        assert!(s.contains(&format!("= {ab}</text>")), "{s}");
        let t = tikz(&d);
        assert_eq!(t.matches("|->").count(), arrows);
        assert_eq!(t.matches('{').count(), t.matches('}').count(), "{t}");
    }
    let steps = via::composition_steps(&lay("(12,3,6):(1,72,12)"), &lay("(6,6):(6,1)")).unwrap();
    insta::assert_snapshot!(
        "composition_steps_text",
        text(&composition_diagrams(&steps).unwrap())
    );
}

#[test]
fn no_mutual_refinement_is_an_error_naming_both_tuples() {
    let e = via::composition_steps(&lay("(3,8,8):(1,6,96)"), &lay("(8,8):(1,8)")).unwrap_err();
    assert!(e.to_string().contains("no mutual refinement"), "{e}");
}

/// Every text of a diagram is black or dark grey on white or on the diagram palette, at least
/// WCAG AA's 4.5:1.
#[test]
fn diagram_text_meets_wcag_aa() {
    let diagram = palettes()
        .into_iter()
        .find(|(n, _)| *n == "diagram")
        .unwrap()
        .1;
    let hex = |c: Rgb| c.hex();
    let steps =
        via::composition_steps(&lay("(8,64):(64,1)"), &lay("((4,4),4):((16,1),4)")).unwrap();
    let s = svg(&composition_diagrams(&steps).unwrap());
    let doc = roxmltree::Document::parse(&s).unwrap();
    for r in doc.descendants().filter(|n| n.has_tag_name("rect")) {
        let fill = r.attribute("fill").unwrap();
        assert!(
            fill == "white" || diagram.iter().any(|&c| hex(c) == fill),
            "{fill} is not in the diagram palette"
        );
    }
    let ink = |t: &str| match t {
        "#444444" => Rgb(0x44, 0x44, 0x44),
        _ => Rgb(0, 0, 0),
    };
    for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
        for &bg in &diagram {
            let ratio = ink(t.attribute("fill").unwrap_or("black")).contrast(bg);
            assert!(
                ratio >= 4.5,
                "{:?} on {bg:?}: {ratio:.2}",
                t.attribute("fill")
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random flat tractable layouts: the steps' result is composition's, and the pasted
    /// diagram has the arrows of f̃ and g'.
    #[test]
    fn steps_agree_with_composition(
        sa in prop::collection::vec(prop::sample::select(vec![2i64, 4, 8]), 1..4),
        sb in prop::collection::vec(prop::sample::select(vec![2i64, 4]), 1..3),
        rev in any::<bool>(),
    ) {
        // A column-major (or row-major) over sa, B column-major over sb with size(B) <= size(A)
        let a = col_major(&sa, rev);
        let b = col_major(&sb, false);
        prop_assume!(b.size().unwrap().value() <= a.size().unwrap().value());
        if let Ok(steps) = via::composition_steps(&a, &b) {
            let direct = composition(&a, &b).unwrap();
            prop_assert_eq!(steps.result.with_static(false), direct.with_static(false));
            let d = composition_diagrams(&steps).unwrap();
            check_pasted(&d[3], &steps);
            classes(&svg(&d));
        }
        prop_assert!(to_morphism(&b).is_ok());
    }
}

fn col_major(shape: &[i64], reversed: bool) -> cute_layout::Layout {
    let mut strides = Vec::new();
    let mut d = 1;
    let order: Vec<usize> = if reversed {
        (0..shape.len()).rev().collect()
    } else {
        (0..shape.len()).collect()
    };
    let mut st = vec![0; shape.len()];
    for &i in &order {
        st[i] = d;
        d *= shape[i];
    }
    strides.extend(st);
    let fmt = |xs: &[i64]| {
        let v: Vec<String> = xs.iter().map(i64::to_string).collect();
        format!("({})", v.join(","))
    };
    lay(&format!("{}:{}", fmt(shape), fmt(&strides)))
}

/// The figure of the composition algorithm (docs/guide/categorical.md) is what
/// `cute morphism --steps --svg` draws today.
#[test]
fn readme_steps_figure_is_current() {
    let steps =
        cute_tools::eval::composition_steps_of("composition((12,3,6):(1,72,12), (6,6):(6,1))")
            .unwrap();
    let committed = include_str!("../../../../docs/figures/composition-steps.svg");
    assert_eq!(
        svg(&composition_diagrams(&steps).unwrap()),
        committed,
        "regenerate: cute morphism --steps --svg docs/figures/composition-steps.svg 'composition((12,3,6):(1,72,12), (6,6):(6,1))'"
    );
}
