//! The categorical layer: every worked example of the reference (`categorical.md` §2) and the
//! agreement theorems (B–F of the paper) as property tests over random tractable layouts and
//! random tuple morphisms.

use crate::common::{lay, tup};
use cute_layout::category::{
    from_morphism, is_tractable, mutual_refinement, to_morphism, to_svg, tractability, via,
    NestedMorphism, PointedMap, TupleMorphism,
};
use cute_layout::{coalesce, complement, composition, logical_divide, logical_product};
use cute_layout::{IntTuple, Layout, Tiler};
use proptest::prelude::*;

fn nm(s: &str) -> NestedMorphism {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
fn tm(s: &str) -> TupleMorphism {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
/// Values and structure, ignoring static tags (morphisms carry plain integers).
fn dynamic(l: &Layout) -> String {
    l.with_static(false).to_string()
}

// ---------------------------------------------------------------- §2.1 morphisms ↔ layouts

#[test]
fn morphism_to_layout_table() {
    for (f, l) in [
        (
            "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)",
            "(2,2,2,4,4):(2,1,64,4,16)",
        ),
        (
            "(2,2,4,4,2) -> (2,2,2,4,4) over (2,1,4,5,3)",
            "(2,2,4,4,2):(2,1,8,32,4)",
        ),
        (
            "(2,2,2,4,4) -> (2,2,2,4,4) over (1,2,3,4,5)",
            "(2,2,2,4,4):(1,2,4,8,32)",
        ),
        (
            "(64,64,3,8) -> (64,3) over (1,*,2,*)",
            "(64,64,3,8):(1,0,64,0)",
        ),
        (
            "(512,512) -> (2,512,4,512) over (2,4)",
            "(512,512):(2,4096)",
        ),
        ("(4,4) -> (4,4,8,8) over (1,2)", "(4,4):(1,4)"),
        (
            "(3,128,128) -> (3,2,128,2,128) over (1,3,5)",
            "(3,128,128):(1,6,1536)",
        ),
        (
            "(3,128,128) -> (128,128) over (*,2,1)",
            "(3,128,128):(0,128,1)",
        ),
        (
            "(16,16,16,1,32) -> (16,32,1,1) over (*,*,1,*,2)",
            "(16,16,16,1,32):(0,0,1,0,16)",
        ),
        ("(4,4) -> (4,4,4) over (1,3)", "(4,4):(1,16)"),
        (
            "(3,256,256,512) -> (3,256,256) over (*,3,2,*)",
            "(3,256,256,512):(0,768,3,0)",
        ),
        ("(8,1,1) -> (8) over (1,*,*)", "(8,1,1):(1,0,0)"),
        ("(8,1,1) -> (8,1,1) over (1,2,3)", "(8,1,1):(1,8,8)"),
    ] {
        assert_eq!(tm(f).to_layout().unwrap().to_string(), l, "{f}");
    }
}

#[test]
fn isomorphism_inverse_and_realization() {
    let f = tm("(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)");
    let g = tm("(2,2,4,4,2) -> (2,2,2,4,4) over (2,1,4,5,3)");
    assert_eq!(
        f.compose(&g).unwrap().to_layout().unwrap().to_string(),
        "(2,2,4,4,2):(1,2,4,16,64)"
    );
    assert_eq!(
        g.compose(&f).unwrap(),
        TupleMorphism::identity(vec![2, 2, 2, 4, 4]).unwrap()
    );
    assert_eq!(f.realization().unwrap()[..8], [0, 2, 1, 3, 64, 66, 65, 67]);
}

#[test]
fn sum_example() {
    let f = TupleMorphism::identity(vec![16, 32]).unwrap();
    let g = tm("(4) -> (2,4) over (2)");
    assert_eq!(f.to_layout().unwrap().to_string(), "(16,32):(1,16)");
    assert_eq!(g.to_layout().unwrap().to_string(), "(4):(2)");
    let h = f.sum(&g).unwrap();
    assert_eq!(h.to_string(), "(16,32,4) -> (16,32,2,4) over (1,2,4)");
    assert_eq!(h.to_layout().unwrap().to_string(), "(16,32,4):(1,16,1024)");
}

#[test]
fn standard_representations() {
    for (l, f) in [
        ("(2,2):(3,30)", "(2,2) -> (3,2,5,2) over (2,4)"),
        ("(128,128):(128,1)", "(128,128) -> (128,128) over (2,1)"),
        (
            "(2,2,2,2):(24,0,3,480)",
            "(2,2,2,2) -> (3,2,4,2,10,2) over (4,*,2,6)",
        ),
        (
            "(4,4,4):(14,56,5600)",
            "(4,4,4) -> (14,4,4,25,4) over (2,3,5)",
        ),
        ("(4,5):(1,64)", "(4,5) -> (4,16,5) over (1,3)"),
        ("(2,2,2):(1,2,4)", "(2,2,2) -> (2,2,2) over (1,2,3)"),
        ("(8,1,1):(1,0,0)", "(8,1,1) -> (8) over (1,*,*)"),
        ("(6,6):(6,1)", "(6,6) -> (6,6) over (2,1)"),
        ("(12,3,6):(1,72,12)", "(12,3,6) -> (12,6,3) over (1,3,2)"),
        ("(32,32):(10,320)", "(32,32) -> (10,32,32) over (2,3)"),
        ("(6,6):(5,60)", "(6,6) -> (5,6,2,6) over (2,4)"),
        ("(10,360):(2,60)", "(10,360) -> (2,10,3,360) over (2,4)"),
        ("(8,8,8):(64,8,1)", "(8,8,8) -> (8,8,8) over (3,2,1)"),
        (
            "(32,(2,2)):(192,(24,3))",
            "(32,(2,2)) -> (3,2,4,2,4,32) over (6,4,2)",
        ),
        (
            "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))",
            "((4,8,4),(2,2,8)) -> (8,2,4,2,4,8) over (5,1,3,4,2,6)",
        ),
    ] {
        let m = to_morphism(&lay(l)).unwrap();
        assert_eq!(m.to_string(), f, "{l}");
        assert!(m.is_standard_form(), "{l}");
        assert_eq!(from_morphism(&m).unwrap(), lay(l), "{l}");
    }
}

#[test]
fn standard_form_edge_cases() {
    assert!(!tm("(3) -> (5) over (*)").is_standard_form());
    assert!(tm("(3) -> () over (*)").is_standard_form());
    // Two non-standard encodings of tractable layouts.
    assert!(!tm("(4,5) -> (4,4,4,5) over (1,4)").is_standard_form());
    assert_eq!(
        tm("(4,5) -> (4,4,4,5) over (1,4)")
            .to_layout()
            .unwrap()
            .to_string(),
        "(4,5):(1,64)"
    );
    // The degenerate case where standard form is not unique (P 3.1.2.16).
    let a = tm("(8,1,1) -> (8) over (1,*,*)").to_layout().unwrap();
    let b = tm("(8,1,1) -> (8,1,1) over (1,2,3)").to_layout().unwrap();
    assert_eq!(coalesce(&a).unwrap(), coalesce(&b).unwrap());
}

#[test]
fn tractability_examples() {
    for (l, t) in [
        ("(2,2,2):(1,2,4)", true),
        ("(2,2,2):(1,7,4)", false),
        ("(4,8):(3,3)", false),
        ("(8,8):(3,7)", false),
        ("((8,8),(5,5)):((8,1),(10,2))", false),
        ("(3,3,1,3,3,1,3):(81,1,0,9,3,0,27)", true),
        ("(2,2,2,2):(1,2048,16,64)", true),
        ("(3,7,7):(0,15,0)", true),
        ("(12):(17)", true),
        ("4:-1", false),
    ] {
        assert_eq!(is_tractable(&lay(l)), t, "{l}");
    }
    let e = tractability(&lay("(8,8):(3,7)")).unwrap_err();
    assert_eq!((e.first.0, e.second.0), (0, 1));
    assert!(e.reason.contains("overlap"), "{e}");
    let e = tractability(&lay("(2,4):(1,3)")).unwrap_err();
    assert!(e.reason.contains("interleave"), "{e}");
    let e = tractability(&lay("((8,8),(5,5)):((8,1),(10,2))")).unwrap_err();
    assert!(e.to_string().starts_with("modes "), "{e}");
    let e = to_morphism(&lay("(2,2,2):(1,7,4)")).unwrap_err();
    assert!(
        e.to_string()
            .contains("not tractable: modes 2 (2:4) and 1 (2:7)"),
        "{e}"
    );
}

// ------------------------------------------------------ §2.2 complement, coalesce, sort, squeeze

#[test]
fn complement_examples() {
    let f = tm("(32,32) -> (10,32,32,16) over (2,3)");
    let c = f.complement().unwrap();
    assert_eq!(c.to_string(), "(10,16) -> (10,32,32,16) over (1,4)");
    assert_eq!(c.to_layout().unwrap().to_string(), "(10,16):(1,10240)");
    assert_eq!(
        dynamic(&complement(&f.to_layout().unwrap(), &tup("163840")).unwrap()),
        "(10,16):(1,10240)"
    );
    let f = tm("(2,2) -> (2,5,2,5) over (1,3)");
    assert_eq!(
        f.complement().unwrap().to_string(),
        "(5,5) -> (2,5,2,5) over (2,4)"
    );
    assert_eq!(
        f.complement().unwrap().to_layout().unwrap().to_string(),
        "(5,5):(2,20)"
    );
    let f = nm("((2,2),(5,5)) -> ((2,5,7),(2,5,7)) over (1,4,2,5)");
    assert_eq!(
        f.complement().unwrap().to_string(),
        "(7,7) -> ((2,5,7),(2,5,7)) over (3,6)"
    );
    assert!(tm("(3,4) -> (4) over (*,1)").complement().is_err());
    // complement of the complement is the sort
    let f = tm("(5,2) -> (2,3,5) over (3,1)");
    assert_eq!(
        f.complement().unwrap().complement().unwrap(),
        f.sort().unwrap()
    );
}

#[test]
fn coalesce_sort_squeeze_examples() {
    let f = nm("((2,2),(3,3),(5,5)) -> (5,5,3,3,2,2) over (5,6,3,4,1,2)");
    assert_eq!(
        f.coalesce().unwrap().to_string(),
        "(4,9,25) -> (25,9,4) over (3,2,1)"
    );
    assert_eq!(
        f.to_layout().unwrap().to_string(),
        "((2,2),(3,3),(5,5)):((225,450),(25,75),(1,5))"
    );
    assert_eq!(
        f.coalesce().unwrap().to_layout().unwrap().to_string(),
        "(4,9,25):(225,25,1)"
    );
    for (f, c) in [
        (
            "(2,2,10,10) -> (2,2,2,10,10) over (1,2,4,5)",
            "(4,100) -> (4,2,100) over (1,3)",
        ),
        ("(3,5) -> () over (*,*)", "(15) -> () over (*)"),
        ("(2,2) -> (2,1,2) over (1,3)", "(4) -> (4) over (1)"),
        ("(4) -> (2,4,3,5) over (2)", "(4) -> (2,4,3,5) over (2)"),
    ] {
        let g = tm(f).coalesce().unwrap();
        assert_eq!(g.to_string(), c, "{f}");
        assert!(g.is_coalesced(), "{f}");
    }
    assert_eq!(
        nm("(1,1) -> () over (*,*)").coalesce().unwrap().to_string(),
        "1 -> () over (*)"
    );
    assert_eq!(
        nm("(2,2) -> (2,2,2) over (2,3)")
            .coalesce()
            .unwrap()
            .to_string(),
        "4 -> (2,4) over (2)"
    );
    assert!(!tm("(3,5) -> () over (*,*)").is_coalesced());
    let f = tm("(5,3,2,7) -> (2,7,5) over (3,*,1,*)");
    assert_eq!(
        f.sort().unwrap().to_string(),
        "(3,7,2,5) -> (2,7,5) over (*,*,1,3)"
    );
    assert!(f.sort().unwrap().is_sorted() && !f.is_sorted());
    let f = tm("(1,4,1,8) -> (1,4,8,1) over (*,2,*,3)");
    assert_eq!(
        f.squeeze().unwrap().to_string(),
        "(4,8) -> (4,8) over (1,2)"
    );
}

#[test]
fn layout_level_coalesce_and_complement_examples() {
    for (l, c) in [
        ("(2,2,2,2,2):(8,16,1024,2048,4096)", "(4,8):(8,1024)"),
        ("(4,1,5):(8,3,32)", "20:8"),
        ("(2,2,5,5,5):(1,2,8,40,200)", "(4,125):(1,8)"),
        ("((2,2,2),(5,5)):((1,2,4),(10,50))", "(8,25):(1,10)"),
        ("(1,1):(2,4)", "1:0"),
        (
            "((2,2),(2,2),(5,5)):((1,2),(16,32),(64,640))",
            "(4,20,5):(1,16,640)",
        ),
    ] {
        if is_tractable(&lay(l)) {
            assert_eq!(dynamic(&via::coalesce(&lay(l)).unwrap()), c, "{l}");
        }
        assert_eq!(dynamic(&coalesce(&lay(l)).unwrap()), c, "{l}");
    }
    for (l, n, c) in [
        ("(3,10):(80,4)", 2400, "(4,2,10):(1,40,240)"),
        (
            "((4,2),(2,2)):((3,24),(192,96))",
            768,
            "(3,2,2,2):(1,12,48,384)",
        ),
        ("((16,4),64):((1,16),64)", 4096, "1:0"),
        ("((16,4),64):((1,16),64)", 8192, "2:4096"),
        ("((16,4),64):((8,1),128)", 16384, "(2,2):(4,8192)"),
        (
            "((2,2),(2,2)):((8,2),(64,256))",
            4096,
            "(2,2,4,2,8):(1,4,16,128,512)",
        ),
        ("(4,1,1,4,4):(64,0,0,1,8)", 256, "(2,2):(4,32)"),
        ("(10,2):(4,80)", 160, "(4,2):(1,40)"),
        ("(10,2):(80,4)", 800, "(4,10):(1,8)"),
    ] {
        assert_eq!(dynamic(&via::complement(&lay(l), n).unwrap()), c, "{l}");
        assert_eq!(
            dynamic(&complement(&lay(l), &tup(&n.to_string())).unwrap()),
            c,
            "{l}"
        );
    }
    // default cotarget: L_{f^c} = comp(L) for f in standard form (3.1.5.44)
    for (l, c) in [
        ("(2,2):(2,8)", "(2,2):(1,4)"),
        ("(3,3,8):(16,96,1)", "(2,2):(8,48)"),
        ("(2,2,2):(1,6,60)", "(3,5):(2,12)"),
    ] {
        let f = to_morphism(&lay(l)).unwrap();
        assert_eq!(
            f.complement().unwrap().to_layout().unwrap().to_string(),
            c,
            "{l}"
        );
    }
    for l in ["(4,4,4):(64,1,1)", "(2,2):(1,3)"] {
        assert!(via::complement(&lay(l), 1024).is_err(), "{l}");
    }
}

// ------------------------------------------------- §2.3 composition, concat, pullback/pushforward

#[test]
fn nested_morphism_examples() {
    let f = nm("((2,2),(2,2)) -> ((2,2,2),(2,2,2)) over (3,2,6,5)");
    let g = nm("((2,2,2),(2,2,2)) -> (2,2,2,2) over (1,*,2,*,3,4)");
    let h = g.compose(&f).unwrap();
    assert_eq!(h.to_string(), "((2,2),(2,2)) -> (2,2,2,2) over (2,*,4,3)");
    assert_eq!(
        h.to_layout().unwrap().to_string(),
        "((2,2),(2,2)):((2,0),(8,4))"
    );
    assert_eq!(
        dynamic(&composition(&g.to_layout().unwrap(), &f.to_layout().unwrap()).unwrap()),
        "((2,2),(2,2)):((2,0),(8,4))"
    );
    for (f, l) in [
        ("((5,5),8) -> (5,8,5) over (1,3,2)", "((5,5),8):((1,40),5)"),
        (
            "((8,8),(4,4)) -> (8,4,4,8) over (1,4,3,2)",
            "((8,8),(4,4)):((1,128),(32,8))",
        ),
        (
            "(128,(4,4,2)) -> ((4,4),128) over (3,1,2,*)",
            "(128,(4,4,2)):(16,(1,4,0))",
        ),
        (
            "((2,2),2) -> (10,2,2,(3,2,3)) over (*,5,2)",
            "((2,2),2):((0,120),10)",
        ),
        (
            "((2,2),(3,3)) -> (10,3,3,2,10,2) over (4,6,2,3)",
            "((2,2),(3,3)):((90,1800),(10,30))",
        ),
    ] {
        assert_eq!(nm(f).to_layout().unwrap().to_string(), l, "{f}");
    }
    assert!(nm("((2,2),(3,3)) -> (10,3,3,2,10,2) over (4,6,2,3)").is_standard_form());
    let a = nm("(3,(512,512)) -> (2,512,2,512) over (*,2,4)");
    let b = nm("(2,2) -> (2,512,2,512) over (1,3)");
    let c = NestedMorphism::concat(&[a.clone(), b]).unwrap();
    assert_eq!(
        c.to_string(),
        "((3,(512,512)),(2,2)) -> (2,512,2,512) over (*,2,4,1,3)"
    );
    assert!(NestedMorphism::concat(&[a.clone(), a]).is_err());
    let parts: Vec<NestedMorphism> = [
        "(2) -> (2,3,5,2,3,5) over (1)",
        "(2) -> (2,3,5,2,3,5) over (4)",
    ]
    .iter()
    .map(|s| nm(s))
    .collect();
    let _ = parts;
    let f1 = tm("(2,2) -> (2,3,5,2,3,5) over (1,4)");
    let f2 = tm("(3,3) -> (2,3,5,2,3,5) over (2,5)");
    let f3 = tm("(5,5) -> (2,3,5,2,3,5) over (3,6)");
    assert_eq!(
        f1.concat(&f2)
            .unwrap()
            .concat(&f3)
            .unwrap()
            .alpha()
            .to_string(),
        "(1,4,2,5,3,6)"
    );
}

#[test]
fn pullback_pushforward_and_mutual_refinement() {
    let f = nm("(64,32) -> (4,64,4,32) over (2,4)");
    let p = f
        .pullback_along(&tup("((2,2),(16,4),(2,2),(16,2))"))
        .unwrap();
    assert_eq!(
        p.to_string(),
        "((16,4),(16,2)) -> ((2,2),(16,4),(2,2),(16,2)) over (3,4,7,8)"
    );
    let q = f.pushforward_along(&tup("((16,4),(16,2))")).unwrap();
    assert_eq!(
        q.to_string(),
        "((16,4),(16,2)) -> (4,(16,4),4,(16,2)) over (2,3,5,6)"
    );
    for g in [&p, &q] {
        assert_eq!(
            g.flatten().realization().unwrap(),
            f.flatten().realization().unwrap()
        );
    }
    assert!(f.pullback_along(&tup("(4,64,4,(16,4))")).is_err());
    for (t, u, t2, u2) in [
        ("(6,6)", "(12,3,6)", "(6,(2,3))", "((6,2),3,6)"),
        ("(6,6)", "(2,6,3)", "((2,3),(2,3))", "(2,(3,2),3)"),
        (
            "(8,8,8)",
            "(2,8,8,8)",
            "((2,4),(2,4),(2,4))",
            "(2,(4,2),(4,2),(4,2))",
        ),
        (
            "(4,2,2,32)",
            "(32,32)",
            "(4,2,2,(2,16))",
            "((4,2,2,2),(16,2))",
        ),
    ] {
        let (a, b) = mutual_refinement(&tup(t), &tup(u)).unwrap();
        assert_eq!(
            (a.to_string(), b.to_string()),
            (t2.to_string(), u2.to_string()),
            "{t} {u}"
        );
    }
    assert!(mutual_refinement(&tup("(8,8)"), &tup("(3,8,8)")).is_none());
}

#[test]
fn composition_algorithm_examples() {
    for (a, b, c) in [
        ("(4):(1)", "(2,2):(2,1)", "((2,2)):((2,1))"),
        ("(6,6):(6,1)", "(12,3,6):(1,72,12)", "((2,3),6):((6,72),1)"),
        ("(8,8):(8,1)", "(16,16):(16,1)", "((2,4),8):((128,1),16)"),
        (
            "(16,16):(16,1)",
            "(8,8,8):(64,8,1)",
            "((4,4),(8,2)):((16,1),(64,8))",
        ),
        ("(6,6):(5,60)", "(10,360):(2,60)", "((2,3),6):((10,60),360)"),
        ("(2,2):(5,50)", "(5,2,5,2):(1,25,5,50)", "(2,2):(25,50)"),
        ("(4):(2)", "(2,2,6):(12,6,1)", "((2,2)):((6,1))"),
        (
            "((3,(2,2)),24):((3,(9,18)),72)",
            "(9,8,3,8):(24,3,1,384)",
            "((3,(2,2)),(3,8)):((72,(3,6)),(1,384))",
        ),
        (
            "((4,4),4):((16,1),4)",
            "(8,64):(64,1)",
            "((4,4),(2,2)):((2,64),(256,1))",
        ),
    ] {
        let (a, b) = (lay(a), lay(b));
        if is_tractable(&a) && is_tractable(&b) {
            assert_eq!(dynamic(&via::composition(&b, &a).unwrap()), c, "{b} o {a}");
        }
        assert_eq!(dynamic(&composition(&b, &a).unwrap()), c, "{b} o {a}");
    }
    // No mutual refinement of (2,5,3) and 100, although the core composes them (P 2.3.7.5);
    // and (3,4,1,5):(1,8,3,32) is not tractable, although it coalesces.
    assert_eq!(
        dynamic(&composition(&lay("(100):(7)"), &lay("(3,5):(10,2)")).unwrap()),
        "(3,5):(70,14)"
    );
    assert!(via::composition(&lay("(100):(7)"), &lay("(3,5):(10,2)")).is_err());
    assert_eq!(
        dynamic(&coalesce(&lay("(3,4,1,5):(1,8,3,32)")).unwrap()),
        "(3,20):(1,8)"
    );
    assert!(via::coalesce(&lay("(3,4,1,5):(1,8,3,32)")).is_err());
    // (2,3):(5,6) is not tractable: only the core computes it (P 2.1.7.3).
    assert_eq!(
        dynamic(&composition(&lay("(80):(10)"), &lay("(2,3):(5,6)")).unwrap()),
        "(2,3):(50,60)"
    );
    assert!(via::composition(&lay("(80):(10)"), &lay("(2,3):(5,6)")).is_err());
    // Non-tractable B is outside the morphism computation.
    assert!(via::composition(&lay("(8,8):(3,7)"), &lay("(4,4):(4,1)")).is_err());
}

// ---------------------------------------------------------------- §2.4 divide and product

#[test]
fn divide_and_product_examples() {
    let f = nm("(4,8,4,8) -> (4,8,4,8) over (1,2,3,4)");
    let g = nm("(4,4) -> (4,8,4,8) over (1,3)");
    let h = f.logical_divide(&g).unwrap();
    assert_eq!(h.to_string(), "((4,4),(8,8)) -> (4,8,4,8) over (1,3,2,4)");
    assert_eq!(
        h.to_layout().unwrap().to_string(),
        "((4,4),(8,8)):((1,32),(4,128))"
    );

    let f = nm("((2,2),2) -> ((4,2),(4,2)) over (2,4,*)");
    let g = nm("(2,2) -> ((2,2),2) over (1,3)");
    let h = f.logical_divide(&g).unwrap();
    assert_eq!(h.alpha().to_string(), "(2,*,4)");
    assert_eq!(
        h.to_layout().unwrap().to_string(),
        "((2,2),(2)):((4,0),(32))"
    );
    let direct = logical_divide(
        &f.to_layout().unwrap(),
        &Tiler::Layout(g.to_layout().unwrap()),
    )
    .unwrap();
    assert_eq!(dynamic(&direct), "((2,2),2):((4,0),32)");
    assert_eq!(
        dynamic(&coalesce(&h.to_layout().unwrap()).unwrap()),
        dynamic(&coalesce(&direct).unwrap())
    );

    let f = nm("(8,8,512,512,512) -> (512,512,512) over (*,*,1,2,3)");
    let g = nm("(8,512) -> (8,8,512,512,512) over (1,5)");
    let h = f.logical_divide(&g).unwrap();
    assert_eq!(
        h.to_string(),
        "((8,512),(8,512,512)) -> (512,512,512) over (*,3,*,1,2)"
    );
    assert_eq!(
        h.to_layout().unwrap().to_string(),
        "((8,512),(8,512,512)):((0,262144),(0,1,512))"
    );

    for (f, g, d, l) in [
        (
            "(2,2) -> (2,2,5,5) over (1,2)",
            "(5,5) -> (5,5) over (2,1)",
            "((2,2),(5,5)) -> (2,2,5,5) over (1,2,4,3)",
            "((2,2),(5,5)):((1,2),(20,4))",
        ),
        (
            "(8,8) -> (8,8,16,16) over (1,2)",
            "(16,16) -> (16,16) over (1,2)",
            "((8,8),(16,16)) -> (8,8,16,16) over (1,2,3,4)",
            "((8,8),(16,16)):((1,8),(64,1024))",
        ),
        (
            "(128,128) -> (32,32,128,128) over (3,4)",
            "(32) -> (32,32) over (2)",
            "((128,128),(32)) -> (32,32,128,128) over (3,4,2)",
            "((128,128),(32)):((1024,131072),(32))",
        ),
    ] {
        let h = nm(f).logical_product(&nm(g)).unwrap();
        assert_eq!(h.to_string(), d);
        assert_eq!(h.to_layout().unwrap().to_string(), l);
        let direct = logical_product(
            &nm(f).to_layout().unwrap(),
            &Tiler::Layout(nm(g).to_layout().unwrap()),
        )
        .unwrap();
        assert_eq!(dynamic(&direct), l);
    }
    // flat divide / product on morphisms
    let f = tm("(2,2,2) -> (2,2,2,2,2,2) over (1,2,3)");
    let g = tm("(2,2,2) -> (2,2,2) over (1,2,3)");
    assert_eq!(
        f.flat_product(&g).unwrap().to_layout().unwrap().to_string(),
        "(2,2,2,2,2,2):(1,2,4,8,16,32)"
    );
}

#[test]
fn layout_level_divide_and_product_examples() {
    for (a, b, r) in [
        ("(4,8):(1,4)", "(2,2):(1,4)", "((2,2),(2,4)):((1,4),(2,8))"),
        ("(4,8):(1,4)", "(2,2):(4,1)", "((2,2),(2,4)):((4,1),(2,8))"),
        ("(4,8):(1,4)", "(2,4):(2,4)", "((2,4),(2,2)):((2,4),(1,16))"),
        ("(4,6):(1,40)", "6:4", "(6,4):(40,1)"),
        (
            "(4,6,2,4,2,5):(36,1,18,0,0,144)",
            "(4,10):(1,192)",
            "((4,(2,5)),(6,2,4)):((36,(0,144)),(1,18,0))",
        ),
        (
            "(64,32):(32,1)",
            "(4,4):(1,64)",
            "((4,4),(16,8)):((32,1),(128,4))",
        ),
        (
            "(8,8):(8,1)",
            "(2,2):(1,4)",
            "((2,2),(2,8)):((8,32),(16,1))",
        ),
    ] {
        let (a, b) = (lay(a), lay(b));
        let direct = logical_divide(&a, &Tiler::Layout(b.clone())).unwrap();
        assert_eq!(dynamic(&direct), r, "{a} / {b}");
        let v = via::logical_divide(&a, &b).unwrap();
        assert_eq!(
            dynamic(&coalesce(&v).unwrap()),
            dynamic(&coalesce(&direct).unwrap()),
            "{a} / {b}"
        );
    }
    for (a, b, r) in [
        (
            "(2,2):(5,10)",
            "(3,5):(5,1)",
            "((2,2),(3,5)):((5,10),(20,1))",
        ),
        (
            "(3,3):(6,1)",
            "(10,12):(24,2)",
            "((3,3),(10,12)):((6,1),(216,18))",
        ),
        (
            "(2,10):(1680,4)",
            "(4,9):(2,56)",
            "((2,10),((2,2),(3,3))):((1680,4),((2,40),(560,3360)))",
        ),
        (
            "(3,10,10):(200,1,20)",
            "(2,2):(1,2)",
            "((3,10,10),(2,2)):((200,1,20),(10,600))",
        ),
    ] {
        let (a, b) = (lay(a), lay(b));
        assert_eq!(
            dynamic(&logical_product(&a, &Tiler::Layout(b.clone())).unwrap()),
            r
        );
        assert_eq!(dynamic(&via::logical_product(&a, &b).unwrap()), r);
    }
}

// ---------------------------------------------------------------- errors, text, diagrams

#[test]
fn validity_errors() {
    for (s, why) in [
        ("(2,2) -> (2,2,4) over (1,*,2)", "maps <3>_*"),
        ("(2,3) -> (2,2) over (1,2)", "entry 2 of the domain is 3"),
        ("(2,2) -> (2,2) over (1,1)", "both to 1"),
        ("(2,0) -> (2) over (1,*)", "domain entry 2 is 0"),
        ("(2) -> (2) over (3)", "outside <1>"),
    ] {
        let e = s.parse::<NestedMorphism>().unwrap_err().to_string();
        assert!(e.contains(why), "{s}: {e}");
    }
    for s in [
        "(2) -> (2) over 1",
        "(2) => (2) over (1)",
        "(2) -> (2) under (1)",
        "(2) -> (2) over (0)",
    ] {
        assert!(
            matches!(
                s.parse::<NestedMorphism>(),
                Err(cute_layout::LayoutError::Parse { .. })
            ),
            "{s}"
        );
    }
    assert!("((2,2)) -> (2,2) over (1,2)"
        .parse::<TupleMorphism>()
        .is_err());
    assert!(PointedMap::new(1, vec![Some(2)]).is_err());
    let f = tm("(2) -> (2) over (1)");
    assert!(f.compose(&tm("(3) -> (3) over (1)")).is_err());
    assert!(f.realize(2).is_err());
}

#[test]
fn svg_diagram() {
    let f = nm("((4,8,4),(2,2,8)) -> (8,2,4,2,4,8) over (5,1,3,4,2,6)");
    let svg = to_svg(&f).unwrap();
    assert_eq!(svg.matches("marker-end").count(), 6);
    assert!(
        svg.contains(">128</text>") && svg.contains(">32</text>"),
        "roots carry mode sizes"
    );
    let g = nm("(64,64,3,8) -> (64,3) over (1,*,2,*)");
    assert_eq!(to_svg(&g).unwrap().matches("marker-end").count(), 2);
    assert!(to_svg(&nm("() -> () over ()")).unwrap().contains("</svg>"));
}

// ---------------------------------------------------------------- property tests

/// A random tractable layout: a stride chain `d_{k+1} = s_k·d_k·gap`, some zero strides,
/// shuffled, optionally nested in pairs.
fn tractable_layout(max_modes: usize, pow2: bool) -> impl Strategy<Value = Layout> {
    // powers of two: extents >= 2 (non-degenerate, as the composition theorems require)
    let mode = if pow2 {
        (1u32..4, 0u32..3, prop::bool::weighted(0.15))
            .prop_map(|(a, b, z)| (1i64 << a, 1i64 << b, z))
            .boxed()
    } else {
        (1i64..6, 1i64..4, prop::bool::weighted(0.15)).boxed()
    };
    (
        prop::collection::vec(mode, 1..=max_modes),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(modes, seed, nest)| {
            let mut d = 1i64;
            let mut chain: Vec<(i64, i64)> = Vec::new();
            for (s, gap, zero) in modes {
                if zero {
                    chain.push((s, 0));
                } else {
                    d *= gap;
                    chain.push((s, d));
                    d *= s;
                }
            }
            // deterministic shuffle
            let mut x = seed | 1;
            for i in (1..chain.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                chain.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let leaf = |(s, d): (i64, i64)| format!("{s}:{d}");
            let text = if nest && chain.len() >= 3 {
                let a: Vec<String> = chain[..2].iter().map(|m| m.0.to_string()).collect();
                let b: Vec<String> = chain[..2].iter().map(|m| m.1.to_string()).collect();
                let ra: Vec<String> = chain[2..].iter().map(|m| m.0.to_string()).collect();
                let rb: Vec<String> = chain[2..].iter().map(|m| m.1.to_string()).collect();
                format!(
                    "(({}),{}):(({}),{})",
                    a.join(","),
                    ra.join(","),
                    b.join(","),
                    rb.join(",")
                )
            } else {
                let a: Vec<String> = chain.iter().map(|m| m.0.to_string()).collect();
                let b: Vec<String> = chain.iter().map(|m| m.1.to_string()).collect();
                let _ = leaf;
                format!("({}):({})", a.join(","), b.join(","))
            };
            text.parse::<Layout>().unwrap()
        })
}

/// A random non-degenerate tuple morphism into a random codomain of entries 2..=5.
fn morphism_into(codomain: Vec<i64>, seed: u64, n_star: usize) -> TupleMorphism {
    let mut x = seed | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let n = codomain.len();
    let mut targets: Vec<usize> = (1..=n).filter(|_| next() % 3 != 0).collect();
    for i in (1..targets.len()).rev() {
        targets.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut entries: Vec<(i64, Option<usize>)> = targets
        .iter()
        .map(|&j| (codomain[j - 1], Some(j)))
        .collect();
    for _ in 0..n_star {
        let pos = (next() % (entries.len() as u64 + 1)) as usize;
        entries.insert(pos, (2 + (next() % 3) as i64, None));
    }
    let s: Vec<i64> = entries.iter().map(|e| e.0).collect();
    let a: Vec<Option<usize>> = entries.iter().map(|e| e.1).collect();
    TupleMorphism::from_parts(&s, &codomain, &a).unwrap()
}

fn codomain() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(2i64..6, 0..6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `L_{f_L} = L` and `f_L` is in standard form; the realization is the layout function.
    #[test]
    fn encode_decode_roundtrip(l in tractable_layout(6, false)) {
        let f = to_morphism(&l).unwrap();
        prop_assert!(f.is_standard_form());
        prop_assert_eq!(&from_morphism(&f).unwrap(), &l);
        for x in 0..l.size().unwrap().value().min(64) {
            prop_assert_eq!(f.realize(x).unwrap(), l.eval(x).unwrap());
        }
    }

    /// `f_{L_f} = f` for non-degenerate morphisms in standard form (Thm 3.1.2.21).
    #[test]
    fn decode_encode_roundtrip(t in codomain(), seed in any::<u64>(), k in 0usize..3) {
        let f = morphism_into(t, seed, k);
        prop_assume!(f.is_standard_form());
        let g = to_morphism(&f.to_layout().unwrap()).unwrap();
        prop_assert_eq!(g.flatten(), &f);
    }

    /// The chain condition on `sort(L)` and the pairwise condition with `i ≠ j` agree.
    #[test]
    fn tractability_pairwise_form(s in prop::collection::vec(1i64..5, 1..5), d in prop::collection::vec(0i64..13, 1..5)) {
        let m = s.len().min(d.len());
        let modes: Vec<(i64, i64)> = s[..m].iter().copied().zip(d[..m].iter().copied()).collect();
        let text = format!(
            "({}):({})",
            modes.iter().map(|x| x.0.to_string()).collect::<Vec<_>>().join(","),
            modes.iter().map(|x| x.1.to_string()).collect::<Vec<_>>().join(",")
        );
        let pairwise = (0..m).all(|i| (0..m).all(|j| {
            let (a, b) = (modes[i], modes[j]);
            i == j || a.1 == 0 || b.1 == 0 || (a.1, a.0) > (b.1, b.0) || ((a.1, a.0) == (b.1, b.0) && i > j) || b.1 % (a.0 * a.1) == 0
        }));
        prop_assert_eq!(is_tractable(&lay(&text)), pairwise, "{}", text);
    }

    /// Theorem B: `L_{g∘f} = L_g ∘ L_f` for non-degenerate composable `f`, `g`.
    #[test]
    fn composition_agrees(t in codomain(), v in codomain(), s1 in any::<u64>(), s2 in any::<u64>(), k in 0usize..3) {
        let g = morphism_into(v, s2, 0);
        let f = morphism_into(g.domain().to_vec(), s1, k);
        let h = g.compose(&f).unwrap();
        let direct = composition(&g.to_layout().unwrap(), &f.to_layout().unwrap()).unwrap();
        prop_assert_eq!(h.to_layout().unwrap().to_string(), dynamic(&direct));
        let _ = t;
    }

    /// Theorem C: `L_{coal f} = coalesce(L_f)`, for every morphism and every tractable layout.
    #[test]
    fn coalesce_agrees(l in tractable_layout(6, false), t in codomain(), seed in any::<u64>(), k in 0usize..3) {
        prop_assert_eq!(dynamic(&via::coalesce(&l).unwrap()), dynamic(&coalesce(&l).unwrap()));
        let f = NestedMorphism::from_flat(morphism_into(t, seed, k));
        let c = f.coalesce().unwrap();
        prop_assert!(c.flatten().is_coalesced() || c.domain().to_string() == "1");
        prop_assert_eq!(dynamic(&c.to_layout().unwrap()), dynamic(&coalesce(&f.to_layout().unwrap()).unwrap()));
    }

    /// Theorem D: `coalesce(L_{f^c}) = complement(L_f, size T)`; and `via::complement` is
    /// `complement` for every cotarget.
    #[test]
    fn complement_agrees(l in tractable_layout(5, false), t in codomain(), seed in any::<u64>(), extra in 1i64..40) {
        let f = morphism_into(t, seed, 0);
        let n = f.codomain_size().unwrap();
        let c = NestedMorphism::from_flat(f.complement().unwrap()).coalesce().unwrap();
        let direct = complement(&f.to_layout().unwrap(), &IntTuple::int(cute_layout::Int::dynamic(n))).unwrap();
        prop_assert_eq!(c.to_layout().unwrap().to_string(), dynamic(&direct));
        prop_assert!(f.concat(&f.complement().unwrap()).unwrap().is_isomorphism());
        let cot = l.cosize().unwrap().value() + extra;
        match complement(&l, &IntTuple::int(cute_layout::Int::dynamic(cot))) {
            Ok(d) => prop_assert_eq!(dynamic(&via::complement(&l, cot).unwrap()), dynamic(&d)),
            Err(_) => prop_assert!(via::complement(&l, cot).is_err()),
        }
    }

    /// Theorem E: `coalesce(L_{f⊘g}) = coalesce(logical_divide(L_f, L_g))`.
    #[test]
    fn logical_divide_agrees(t in codomain(), u in codomain(), s1 in any::<u64>(), s2 in any::<u64>(), k in 0usize..2) {
        let f = morphism_into(t, s1, k);
        let g = morphism_into(f.domain().to_vec(), s2, 0);
        let (f, g) = (NestedMorphism::from_flat(f), NestedMorphism::from_flat(g));
        let h = f.logical_divide(&g).unwrap();
        let direct = logical_divide(&f.to_layout().unwrap(), &Tiler::Layout(g.to_layout().unwrap())).unwrap();
        prop_assert_eq!(dynamic(&coalesce(&h.to_layout().unwrap()).unwrap()), dynamic(&coalesce(&direct).unwrap()));
        let _ = u;
    }

    /// Theorem F: `L_{f⊗g} = logical_product(L_f, L_g)` exactly.
    #[test]
    fn logical_product_agrees(t in codomain(), s1 in any::<u64>(), s2 in any::<u64>()) {
        let f = morphism_into(t, s1, 0);
        let c = f.complement().unwrap();
        let g = morphism_into(c.domain().to_vec(), s2, 0);
        let (f, g) = (NestedMorphism::from_flat(f), NestedMorphism::from_flat(g));
        let h = f.logical_product(&g).unwrap();
        let direct = logical_product(&f.to_layout().unwrap(), &Tiler::Layout(g.to_layout().unwrap())).unwrap();
        prop_assert_eq!(h.to_layout().unwrap().to_string(), dynamic(&direct));
    }

    /// The composition algorithm on layouts equals `composition` whenever a mutual refinement
    /// exists (always, for powers of two with size(cod f_A) ≤ size(B)).
    #[test]
    fn composition_algorithm_agrees(a in tractable_layout(4, true), b in tractable_layout(5, true)) {
        if let Ok(v) = via::composition(&b, &a) {
            prop_assert_eq!(dynamic(&v), dynamic(&composition(&b, &a).unwrap()));
        } else {
            let t = to_morphism(&a).unwrap().flatten().codomain_size().unwrap();
            prop_assert!(t > b.size().unwrap().value() || !is_tractable(&b));
        }
    }

    /// Layout-level divide and product through morphisms agree with the core.
    #[test]
    fn layout_divide_product_agree(a in tractable_layout(4, true), b in tractable_layout(3, true)) {
        if let (Ok(v), Ok(d)) = (via::logical_product(&a, &b), logical_product(&a, &Tiler::Layout(b.clone()))) {
            prop_assert_eq!(dynamic(&v), dynamic(&d));
        }
        if let (Ok(v), Ok(d)) = (via::logical_divide(&a, &b), logical_divide(&a, &Tiler::Layout(b.clone()))) {
            prop_assert_eq!(dynamic(&coalesce(&v).unwrap()), dynamic(&coalesce(&d).unwrap()));
        }
    }
}

/// The figure of docs/guide/categorical.md is what `cute morphism --svg` draws today.
#[test]
fn readme_figure_is_current() {
    let f = to_morphism(&lay("((4,8,4),(2,2,8)):((128,1,16),(64,8,512))")).unwrap();
    let committed = include_str!("../../../../docs/figures/morphism.svg");
    assert_eq!(to_svg(&f).unwrap(), committed, "regenerate: cute morphism --svg docs/figures/morphism.svg '((4,8,4),(2,2,8)):((128,1,16),(64,8,512))'");
}

/// The morphism parser stops reading a codomain index at the end of the input (a mutant reading
/// one byte past it panicked): a text cut off after a digit is an error, not a panic.
#[test]
fn morphism_text_cut_off_after_an_index_is_an_error() {
    for text in ["(2,2) -> (2,2) over (1", "(2,2) -> (2,2) over (2,1"] {
        let e = text.parse::<NestedMorphism>().unwrap_err().to_string();
        assert!(e.contains("',' or ')'"), "{text}: {e}");
    }
    assert!("(2,2) -> (2,2) over (2,1)"
        .parse::<NestedMorphism>()
        .is_ok());
}
