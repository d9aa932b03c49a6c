//! The C++ and CuTe DSL spellings: every value kind that has a form reads back as itself from
//! it (static and dynamic integers kept apart), and the printed forms of typical values.

use cute_layout::notation::{print_as, Syntax};
use cute_layout::value::Value;
use cute_tools::eval::{eval, eval_in};
use proptest::prelude::*;

/// An integer in CuTe notation: `_n` (static) or `n`.
fn arb_int(lo: i64, hi: i64) -> impl Strategy<Value = String> {
    (lo..=hi, any::<bool>()).prop_map(|(v, s)| if s { format!("_{v}") } else { v.to_string() })
}

/// A congruent shape and stride in CuTe notation.
fn arb_shape_stride() -> impl Strategy<Value = (String, String)> {
    let leaf = (arb_int(1, 9), arb_int(-5, 40));
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|modes| {
            let (s, d): (Vec<String>, Vec<String>) = modes.into_iter().unzip();
            (format!("({})", s.join(",")), format!("({})", d.join(",")))
        })
    })
}

/// A value of a kind that has C++ and Python forms, in CuTe notation.
fn arb_value() -> impl Strategy<Value = String> {
    let layout = || arb_shape_stride().prop_map(|(s, d)| format!("{s}:{d}"));
    let swizzle = (0..4i64, 0..5i64, 4..7i64).prop_map(|(b, m, s)| format!("Sw<{b},{m},{s}>"));
    prop_oneof![
        arb_int(-20, 20),
        arb_shape_stride().prop_map(|(s, _)| s),
        arb_shape_stride().prop_map(|(_, d)| d.replacen('(', "(_,", 1)),
        layout(),
        (swizzle.clone(), layout()).prop_map(|(sw, l)| format!("{sw} o _0 o {l}")),
        (swizzle, arb_int(0, 8), layout()).prop_map(|(sw, o, l)| format!("{sw} o {o} o {l}")),
        Just("_".to_string()),
    ]
}

/// A tiler in CuTe notation (tilers have a C++ form, `make_tile(...)`).
fn arb_tiler() -> impl Strategy<Value = String> {
    let mode = prop_oneof![
        arb_shape_stride().prop_map(|(s, d)| format!("{s}:{d}")),
        arb_int(1, 9),
        Just("_".to_string()),
    ];
    prop::collection::vec(mode, 1..4).prop_map(|m| format!("<{}>", m.join(",")))
}

proptest! {
    #[test]
    fn cpp_reads_back(text in prop_oneof![arb_value(), arb_tiler()]) {
        let v = eval(&text).unwrap();
        let cpp = print_as(&v, Syntax::Cpp).unwrap();
        prop_assert_eq!(eval(&cpp).unwrap(), v.clone(), "{}", cpp);
        prop_assert_eq!(eval_in(&cpp, Syntax::Cpp).unwrap(), v);
    }

    #[test]
    fn dsl_reads_back(text in arb_value()) {
        let v = eval(&text).unwrap();
        let dsl = print_as(&v, Syntax::Dsl).unwrap();
        prop_assert_eq!(eval_in(&dsl, Syntax::Dsl).unwrap(), v.clone(), "{}", dsl);
        if dsl.starts_with("cute.") {
            // a call spelled `cute.` is read as Python in any syntax
            prop_assert_eq!(eval(&dsl).unwrap(), v, "{}", dsl);
        }
    }

    #[test]
    fn cute_reads_back(text in prop_oneof![arb_value(), arb_tiler()]) {
        let v = eval(&text).unwrap();
        prop_assert_eq!(eval(&print_as(&v, Syntax::Cute).unwrap()).unwrap(), v);
    }
}

proptest! {
    /// Tilers print in the DSL as Python tuples: one that holds a layout reads back as the
    /// tiler, one of integers and `_` alone as the tuple that stands for it wherever a tiler is
    /// expected; a pair of an (M,N) tile and a rank-2 layout has no form (it would read back as
    /// a TV layout), which the error says.
    #[test]
    fn dsl_tilers_read_back(
        text in prop_oneof![
            arb_tiler(),
            (arb_shape_stride(), arb_int(1, 9), arb_int(1, 9))
                .prop_map(|((s, d), m, n)| format!("<({m},{n}),{s}:{d}>")),
        ],
    ) {
        let v = eval(&text).unwrap();
        match print_as(&v, Syntax::Dsl) {
            Err(e) => {
                let layout = &text[text.find("),").unwrap() + 2..text.len() - 1];
                prop_assert_eq!(eval(&format!("rank({layout})")).unwrap().to_string(), "_2");
                prop_assert!(e.to_string().contains("reads back as the TV layout"), "{}", e);
            }
            Ok(dsl) => {
                let back = eval_in(&dsl, Syntax::Dsl).unwrap();
                if back.kind() == v.kind() {
                    prop_assert_eq!(back, v, "{}", dsl);
                } else {
                    prop_assert!(!text.contains(':'), "{} read back as {}", dsl, back);
                    let tuple = v.to_string().replace('<', "(").replace('>', ")");
                    prop_assert_eq!(back.to_string(), tuple, "{}", dsl);
                }
            }
        }
    }

    /// A TV layout prints in the DSL as the pair `(tiler_mn, layout_tv)` that
    /// `cute.make_layout_tv` returns, which reads back as the TV layout.
    #[test]
    fn dsl_tv_layouts_read_back(
        thr in prop::sample::select(vec!["(_4,_8):(_1,_4)", "(4,8):(8,1)", "(_32,_4):(_1,_32)", "(_2,_2):(_2,_1)", "_4:_1"]),
        val in prop::sample::select(vec!["(_2,_2):(_1,_2)", "(_1,_8):(_8,_1)", "(2,2):(2,1)", "(_2,_1):(_1,_2)"]),
    ) {
        let v = eval(&format!("make_layout_tv({thr},{val})")).unwrap();
        let dsl = dsl_round_trip(&v)?;
        prop_assert!(dsl.starts_with("(("), "{}", dsl);
    }
}

/// The forms of typical values, side by side.
#[test]
fn printed_forms() {
    let values = [
        "(_4,_8):(_1,_4)",
        "(4,8):(1,4)",
        "((2,_2),4):((1,2),_4)",
        "(_,(1,_))",
        "(4)",
        "_-3",
        "Sw<3,4,3> o (_8,_8):(_8,_1)",
        "<4:2,_,(2,3)>",
        "make_layout_tv(4:1,2:1)",
        "make_layout_tv((_4,_8):(_1,_4),(_2,_2):(_1,_2))",
        "local_tile((_8,_8):(_1,_8), (_4,_4), (1,1))",
        "make_identity_tensor((2,_3))",
        "make_identity_layout((_4,(2,3)))",
        "local_tile(make_identity_tensor((8,6)), (_4,_3), (1,1))",
        "(4,3):(_2@0,_1@1)",
        "to_morphism((2,2):(1,2))",
    ];
    let mut text = String::new();
    for v in values {
        let value: Value = eval(v).unwrap();
        text.push_str(&format!("{v}\n"));
        for (name, syntax) in [
            ("cute", Syntax::Cute),
            ("cpp", Syntax::Cpp),
            ("dsl", Syntax::Dsl),
        ] {
            let printed = print_as(&value, syntax).unwrap_or_else(|e| format!("error: {e}"));
            text.push_str(&format!("  {name}: {printed}\n"));
        }
    }
    insta::assert_snapshot!(text);
}

/// The spellings users paste, each read as CuTe notation would give it.
#[test]
fn pasted_spellings() {
    let cases = [
        ("Layout<Shape<_4,_8>,Stride<_1,_4>>", "(_4,_8):(_1,_4)"),
        ("Layout<Shape<Shape<_2,Int<2>>,C<8>>,Stride<Shape<_1,_2>,_4>>{}", "((_2,_2),_8):((_1,_2),_4)"),
        ("Layout<Shape<_4,_8>>", "(_4,_8):(_1,_4)"),
        ("make_layout(make_shape(4,8),make_stride(1,4))", "(4,8):(1,4)"),
        ("cute::make_layout(cute::make_shape(Int<4>{},8), make_stride(_1{},4))", "(_4,8):(_1,4)"),
        ("Int<8>{}", "_8"),
        ("C<8>{}", "_8"),
        ("Int<-2>", "_-2"),
        ("Swizzle<3,4,3>{}", "Sw<3,4,3>"),
        ("Swizzle<3,4,3>", "Sw<3,4,3>"),
        ("composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{})", "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)"),
        ("Sw<3,4,3> o (8,8):(8,1)", "Sw<3,4,3> o _0 o (8,8):(8,1)"),
        ("Swizzle<2,0,3>{} o _8:_1", "Sw<2,0,3> o _0 o _8:_1"),
        ("cute.make_layout((4,8), stride=(1,4))", "(_4,_8):(_1,_4)"),
        ("cute.make_layout((cutlass.Int32(4),8), stride=(1,4))", "(4,_8):(_1,_4)"),
        ("cute.make_layout((4,), stride=(1,))", "(_4):(_1)"),
        ("cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8,8), stride=(8,1)))", "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)"),
        ("make_coord(_,make_coord(1,_))", "(_,(1,_))"),
        ("make_tile(make_layout(4,2),_)", "<4:2,_>"),
        ("size(Layout<_8,_1>{})", "_8"),
        // `cute::` wherever a C++ name is read
        ("cute::Layout<cute::Shape<cute::Int<4>,cute::_8>,cute::Stride<cute::_1,cute::C<4>>>{}", "(_4,_8):(_1,_4)"),
        ("make_shape(cute::Int<4>{}, cute::_8{}, cute::_2)", "(_4,_8,_2)"),
        ("make_coord(cute::_, 2)", "(_,2)"),
        ("cute::_8{}", "_8"),
        ("cute::Swizzle<3,4,3>{}", "Sw<3,4,3>"),
        ("cute::make_tile(cute::make_layout(4,2),cute::_)", "<4:2,_>"),
        ("make_composed_layout(cute::Swizzle<3,4,3>{},cute::Int<0>{},cute::Layout<cute::Shape<cute::_8>>{})", "Sw<3,4,3> o _0 o (_8):(_1)"),
        ("cute::make_layout(cute::make_shape(4,8),cute::make_stride(cute::E<0>{},cute::E<1>{}*cute::Int<2>{}))", "(4,8):(_1@0,_2@1)"),
        ("make_layout(make_shape(4,8),make_stride(cute::Int<3>{}*cute::E<0>{},E<1>{}))", "(4,8):(_3@0,_1@1)"),
        ("cute::make_identity_layout(cute::make_shape(2,cute::Int<3>{}))", "(2,_3):(_1@0,_1@1)"),
        (
            "cute::make_tensor(cute::make_inttuple_iter(cute::make_coord(0,2)),\
             cute::make_layout(cute::make_shape(4,2),cute::make_stride(cute::E<0>{}*cute::Int<2>{},cute::E<1>{})))",
            "ArithTuple(0,2) o (4,2):(_2@0,_1@1)",
        ),
        // the DSL's scaled-basis strides, coordinate tensors, tilers and TV pairs
        ("cute.make_layout((4,3), stride=(2*cute.E(0), cute.E(1)))", "(_4,_3):(_2@0,_1@1)"),
        ("cute.make_layout((4,3), stride=(cutlass.Int32(2) * cute.E(0), cute.E([1,0])*3))", "(_4,_3):(2@0,_3@0@1)"),
        ("cute.make_layout((4,3), stride=(E(0), 0))", "(_4,_3):(_1@0,_0)"),
        ("cute.make_tensor((0,cutlass.Int32(2)), cute.make_layout((4,2), stride=(2*cute.E(0),3*cute.E(1))))", "ArithTuple(_0,2) o (_4,_2):(_2@0,_3@1)"),
        ("cute.make_tensor(36, cute.make_layout((4,4), stride=(1,8)))", "(_4,_4):(_1,_8)+_36"),
        ("(cute.make_layout(4, stride=2), None, (2, 3))", "<_4:_2,_,<_2,_3>>"),
        ("(cute.make_layout(8, stride=1),)", "<_8:_1>"),
        ("(cute.make_layout((4,2)), None)", "<(_4,_2):(_1,_4),_>"),
        ("((8, 16), cute.make_layout(((4,8),(2,2)), stride=((2,16),(1,8))))", "((_8,_16),((_4,_8),(_2,_2)):((_2,_16),(_1,_8)))"),
        ("size(((8, 16), cute.make_layout(((4,8),(2,2)), stride=((2,16),(1,8)))))", "_128"),
        ("logical_divide((8,8):(1,8), (cute.make_layout(4, stride=2), 4))", "((_4,_2),(_4,2)):((2,1),(8,32))"),
        // the DSL's names of parameters
        ("cute.make_composed_layout(inner=cute.make_swizzle(3,4,3), offset=0, outer=cute.make_layout(8, stride=1))", "Sw<3,4,3> o _0 o _8:_1"),
        ("cute.make_swizzle(b=3, m=4, s=3)", "Sw<3,4,3>"),
        ("cute.logical_divide(target=cute.make_layout(8, stride=1), tiler=4)", "(_4,_2):(_1,_4)"),
    ];
    for (text, want) in cases {
        assert_eq!(
            eval(text).map(|v| v.to_string()).as_deref(),
            Ok(want),
            "{text}"
        );
    }
}

/// Spellings that are not values are errors that say what was expected.
#[test]
fn bad_spellings_are_errors() {
    let cases = [
        ("Shape<int,int>", "a C++ type holds no dynamic value"),
        (
            "Layout<Shape<_4,_8>,Stride<_1>>",
            "a stride congruent to the shape",
        ),
        ("Int<x>", "an integer, then the closing bracket"),
        (
            "cute.make_layout((4,8), order=(1,0))",
            "argument 2 of make_layout is `stride`",
        ),
        ("Foo<3>", "a C++ type such as"),
        (
            "cute.make_composed_layout(cute.make_swizzle(3,4,3), 0, layout=cute.make_layout(8))",
            "argument 3 of make_composed_layout is `L` (in the CuTe DSL `outer`)",
        ),
        ("cute.make_layout(4, stride=cute.E(0)*)", "an integer"),
        ("cute.make_layout(4, stride=cute.E(0)", "expected ')'"),
        (
            "cute.make_layout(4, stride=cute.E([0,1)))",
            "`]` closing the list of modes",
        ),
        ("cute.make_layout(4, stride=cute.E())", "a basis index"),
        (
            "cute.make_layout((4,2), stride=(2*3, cute.E(0)))",
            "a basis vector after `*`",
        ),
        ("cute.make_layout(4, order=cute.E(0))", "`stride=`"),
        (
            "cute.make_tensor(1, cute.make_layout(4, stride=cute.E(1)))",
            "does not have",
        ),
        (
            "(cute.make_layout(4, stride=2), cute.make_layout(2, order=4))",
            "`stride=`",
        ),
    ];
    for (text, want) in cases {
        let e = eval(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// Scaled-basis layouts and identity tensors print as literals that read back as themselves.
#[test]
fn identity_tensors_and_basis_layouts_read_back() {
    let exprs = [
        "make_identity_layout((2,3))",
        "make_identity_layout((_4,(2,_3)))",
        "make_identity_tensor((2,3))",
        "make_identity_tensor(4)",
        "make_identity_tensor((4))",
        "make_identity_tensor((2,(3,4)))",
        "local_partition(make_identity_tensor((8,6)),(_2,_3):(_1,_2),4)",
        "local_tile(make_identity_tensor((8,6)), (_4,_3), (1,1))",
        "slice((_,1), make_identity_tensor((8,6)))",
        "logical_divide(make_identity_layout((8,6)), (_4,_3))",
    ];
    for expr in exprs {
        let v = eval(expr).unwrap();
        let text = v.to_string();
        assert_eq!(eval(&text).unwrap(), v, "{expr} printed {text}");
    }
    // evaluated as CuTe evaluates them
    assert_eq!(
        eval("local_tile(ArithTuple(0,2) o (4,2):(_2@0,_3@1), (_2,_1), (1,1))")
            .unwrap()
            .to_string(),
        "ArithTuple(4,5) o (_2,_1):(_2@0,_0)"
    );
    for (bad, why) in [
        ("(2,3):(_1@0,1)", "mixes plain integers with basis vectors"),
        (
            "ArithTuple(_0) o (2,3):(_1@0,_1@1)",
            "names a mode the start (_0) does not have",
        ),
        ("(2,3):(_1@0)", "not congruent"),
    ] {
        let e = eval(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

/// A shape of rank 2 or 3 in CuTe notation, each mode 1..5, and a coordinate of the same rank
/// with `_` or an index in each mode (at least one `_`).
fn arb_shape_and_slice() -> impl Strategy<Value = (String, String)> {
    prop::collection::vec((1i64..5, any::<bool>(), 0i64..5), 2..4).prop_map(|modes| {
        let shape: Vec<String> = modes.iter().map(|(n, ..)| n.to_string()).collect();
        let mut coord: Vec<String> = modes
            .iter()
            .map(|&(n, keep, i)| {
                if keep {
                    "_".to_string()
                } else {
                    (i % n).to_string()
                }
            })
            .collect();
        coord[0] = "_".to_string();
        (
            format!("({})", shape.join(",")),
            format!("({})", coord.join(",")),
        )
    })
}

proptest! {
    /// A slice of an identity layout (its codomain kept from where it came, wider than its
    /// strides name) prints as a literal that reads back equal to it, as C++ compares layouts
    /// (shape and stride); and its identity-tensor slice reads back too.
    #[test]
    fn sliced_basis_layouts_read_back((shape, coord) in arb_shape_and_slice()) {
        for expr in [
            format!("slice({coord}, make_identity_layout({shape}))"),
            format!("slice({coord}, make_identity_tensor({shape}))"),
        ] {
            let v = eval(&expr).unwrap();
            let text = v.to_string();
            prop_assert_eq!(eval(&text).unwrap(), v, "{} printed {}", expr, text);
        }
    }
}

/// A shape in CuTe notation (no strides).
fn arb_shape() -> impl Strategy<Value = String> {
    arb_shape_stride().prop_map(|(s, _)| s)
}

proptest! {
    /// Tensors `L+o` (C++: a counting tensor), identity tensors and identity layouts print in
    /// C++ and in the DSL as calls that read back as the same value.
    #[test]
    fn tensors_and_identities_read_back(
        (shape, stride) in arb_shape_stride(),
        offset in arb_int(-30, 30),
        id in arb_shape(),
    ) {
        let tensor = format!("make_tensor(make_inttuple_iter({offset}), {shape}:{stride})");
        let exprs = [
            tensor,
            format!("make_identity_tensor({id})"),
            format!("make_identity_layout({id})"),
        ];
        for expr in exprs {
            let (v, _) = cpp_round_trip(&expr)?;
            dsl_round_trip(&v)?;
        }
    }
}

/// Values with no form in a syntax are errors that say why.
#[test]
fn missing_forms_say_why() {
    let cases = [
        (
            "make_layout_tv(4:1,2:1)",
            Syntax::Cpp,
            "returns the pair (tiler, layout_tv)",
        ),
        (
            "local_tile(make_identity_tensor(_8), _4, 1)",
            Syntax::Cpp,
            "no stride names a basis vector",
        ),
        (
            "<(_8,_16),(_4,_2):(_2,_1)>",
            Syntax::Dsl,
            "`((8, 16), cute.make_layout((4,2), stride=(2,1)))`, and a pair of an (M,N) tile and \
             a rank-2 layout reads back as the TV layout",
        ),
        (
            "local_tile(make_identity_tensor(_8), _4, 1)",
            Syntax::Dsl,
            "no stride names a basis vector (cute.E(i) in the DSL)",
        ),
        (
            "Sw<1,0,1> o _0 o (_4):(_2)+_-3",
            Syntax::Dsl,
            "a swizzled tensor is a tensor over a pointer",
        ),
        ("to_morphism((2,2):(1,2))", Syntax::Dsl, "not of CuTe"),
        (
            "make_layout_tv(4:1,2:1)",
            Syntax::Dsl,
            "its tile (8) has rank 1, not 2, and the pair (tiler_mn, layout_tv) would read back \
             as a tiler",
        ),
    ];
    for (expr, syntax, why) in cases {
        let e = print_as(&eval(expr).unwrap(), syntax)
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{expr}: {e}");
    }
}

proptest! {
    /// A tensor prints in CuTe notation as `L+o` (a composed layout over an offset as
    /// `A o OFFSET o L+o`), which reads back as the same tensor, static and dynamic integers
    /// kept apart; so do the tensors `local_tile` cuts from a layout and a swizzled layout.
    #[test]
    fn tensors_read_back_in_cute_notation(
        (shape, stride) in arb_shape_stride(),
        offset in arb_int(-30, 30),
        inner in arb_int(0, 8),
        (b, m, s) in (0..4i64, 0..5i64, 3..7i64),
        (tm, tn) in (1..3i64, 1..3i64),
    ) {
        let l = format!("{shape}:{stride}");
        let swizzled = format!("Sw<{b},0,{s}> o {inner} o (_8,_8):(_8,_1)");
        let exprs = [
            format!("make_tensor(make_inttuple_iter({offset}), {l})"),
            format!("{l}+{offset}"),
            format!("{l} + {offset}"),
            format!("Sw<{b},{m},{s}> o {inner} o {l}+{offset}"),
            format!("local_tile((_8,_8):(_1,_8), (_4,_4), ({tm},{tn}))"),
            format!("local_tile({swizzled}, (_4,_4), ({tm},{tn}))"),
            format!("local_tile((_4,_2):(_2,_1) o {inner} o (_2,_4):(_1,_2), (_2,_2), (0,{}))", tn - 1),
        ];
        for expr in exprs {
            let Ok(v) = eval(&expr) else {
                // a swizzled tile that is no composed layout over an offset is an error
                prop_assert!(expr.starts_with("local_tile(Sw"), "{}", expr);
                continue;
            };
            let kind = v.kind().name();
            prop_assert!(kind.contains("tensor"), "{} is a {}", expr, kind);
            let text = v.to_string();
            prop_assert_eq!(eval(&text).unwrap(), v.clone(), "{} printed {}", expr, text);
            // and as an argument of a call (`size` takes no swizzled tensor)
            prop_assert!(kind != "tensor" || same_size(&text, &expr), "{}", text);
            // in the DSL, a tensor over a coordinate iterator `cute.make_tensor(o, L)`
            if kind == "tensor" {
                dsl_round_trip(&v)?;
            }
        }
    }
}

/// `+OFFSET` follows only a layout or a composed layout; elsewhere it is a parse error that
/// says so, at the `+`.
#[test]
fn offsets_follow_only_layouts() {
    fail_with(&[
        ("(4,2)+16", "follows a layout or a composed layout"),
        ("Sw<3,4,3>+1", "not the swizzle Sw<3,4,3>"),
        ("8:1+", "an integer"),
        ("8:1+_", "an integer"),
        ("8:1+1+2", "end of input"),
        ("size(8:1+(1,2))", "an integer"),
    ]);
    assert_eq!(eval("size(_8:_1+3)").unwrap().to_string(), "_8");
}

/// A scaled-basis stride in CuTe notation: `v@i`, or a plain `_0` (`v@i@j` strides are in
/// `bad_basis_spellings_are_errors`: one index path may not be a prefix of another).
fn arb_basis_stride() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (arb_int(-4, 9), 0..3usize).prop_map(|(v, i)| format!("{v}@{i}")),
        1 => Just("_0".to_string()),
    ]
}

/// A scaled-basis layout in CuTe notation with at least one basis stride.
fn arb_basis_layout() -> impl Strategy<Value = String> {
    let leaf = (arb_int(1, 6), arb_basis_stride());
    let tree = leaf.prop_recursive(2, 8, 3, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|modes| {
            let (s, d): (Vec<String>, Vec<String>) = modes.into_iter().unzip();
            (format!("({})", s.join(",")), format!("({})", d.join(",")))
        })
    });
    (tree, arb_int(1, 6), 0..3usize).prop_map(|((s, d), n, i)| format!("({s},{n}):({d},_1@{i})"))
}

proptest! {
    /// Scaled-basis layouts and identity tensors that are not the identities print in C++
    /// with `E<i>{}` strides and in the DSL with `cute.E(i)` strides, which read back as the
    /// same value.
    #[test]
    fn basis_values_read_back_from_cpp(
        basis in arb_basis_layout(),
        shape in prop::sample::select(vec!["(8,6)", "(_8,_6)", "(8,_6)"]),
        tile in prop::sample::select(vec!["(_4,_3)", "(_2,_2)", "(_2,_1)"]),
        (x, y) in (0..2i64, 0..2i64),
        thread in 0..6i64,
    ) {
        let exprs = [
            basis,
            format!("local_tile(make_identity_tensor({shape}), {tile}, ({x},{y}))"),
            format!("local_partition(make_identity_tensor({shape}), (_2,_3):(_1,_2), {thread})"),
            format!("logical_divide(make_identity_layout({shape}), {tile})"),
            format!("slice((_,{y}), make_identity_tensor({shape}))"),
        ];
        for expr in exprs {
            let (v, cpp) = cpp_round_trip(&expr)?;
            prop_assert!(same_size(&cpp, &expr), "{}", cpp);
            let dsl = dsl_round_trip(&v)?;
            prop_assert!(same_size(&dsl, &expr), "{}", dsl);
        }
    }
}

/// Misspelt `E<...>` strides are parse errors.
#[test]
fn bad_basis_spellings_are_errors() {
    fail_with(&[
        ("make_layout(4,E<>{})", "a basis index"),
        ("make_layout(4,E<0>)", "`>{}` closing"),
        ("make_layout(4,E<0>{}*)", "an integer"),
        (
            "make_layout((4,3),make_stride(Int<2>{}*3,E<1>{}))",
            "a basis vector after `*`",
        ),
        ("make_layout((4,3),make_stride(E<0>{}))", "not congruent"),
        (
            "make_tensor(make_inttuple_iter(0),make_layout(4,E<1>{}))",
            "does not have",
        ),
    ]);
    // the scale before the basis vector, as C++ accepts it too
    assert_eq!(
        eval("make_layout(make_shape(4, 3), make_stride(Int<2>{} * E<0>{}, 3*E<1>{}))")
            .unwrap()
            .to_string(),
        "(4,3):(_2@0,3@1)"
    );
    // nested basis indices: `E<1,0>{}` is `_1@0@1`, as C++ prints it
    for text in ["(_4,(3,2)):(_3@0@1,(_1@0@0,2@1@1))", "(4,3):(_-2@0,_0)"] {
        let v = eval(text).unwrap();
        let cpp = print_as(&v, Syntax::Cpp).unwrap();
        assert_eq!(eval(&cpp).unwrap(), v, "{text} printed {cpp}");
    }
    assert_eq!(
        print_as(
            &eval("(_4,(3,2)):(_3@0@1,(_1@0@0,2@1@1))").unwrap(),
            Syntax::Cpp
        )
        .unwrap(),
        "make_layout(make_shape(Int<4>{},make_shape(3,2)),\
         make_stride(E<1,0>{}*Int<3>{},make_stride(E<0,0>{},E<1,1>{}*2)))"
    );
}

proptest! {
    /// Every C++ form reads back as the same value with `cute::` before each of its names
    /// (`cute::make_layout(cute::make_shape(4,cute::Int<8>{}),...)`, `cute::E<0>{}`,
    /// `cute::_`), as C++ code that does not say `using namespace cute` writes it.
    #[test]
    fn cpp_reads_back_with_the_namespace(
        text in prop_oneof![arb_value(), arb_tiler(), arb_basis_layout()],
        id in arb_shape(),
        (x, y) in (0..2i64, 0..2i64),
    ) {
        for expr in [
            text,
            format!("make_identity_tensor({id})"),
            format!("local_tile(make_identity_tensor((8,6)), (_4,_3), ({x},{y}))"),
            format!("local_tile((_8,_8):(_1,_8), (_4,_4), ({x},{y}))"),
        ] {
            let (v, cpp) = cpp_round_trip(&expr)?;
            let scoped = with_namespace(&cpp);
            prop_assert_eq!(eval(&scoped).unwrap(), v, "{}", scoped);
        }
    }
}

/// `cpp` with `cute::` before each name.
fn with_namespace(cpp: &str) -> String {
    let mut out = String::new();
    let mut previous = ' ';
    for c in cpp.chars() {
        let starts_name = (c.is_ascii_alphabetic() || c == '_')
            && !(previous.is_ascii_alphanumeric() || previous == '_' || previous == ':');
        if starts_name {
            out.push_str("cute::");
        }
        out.push(c);
        previous = c;
    }
    out
}

/// Asserts that each text fails to evaluate with an error containing its message.
fn fail_with(cases: &[(&str, &str)]) {
    for (text, want) in cases {
        let e = eval(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// Whether `text`, as an argument of `size`, gives what `expr` gives.
fn same_size(text: &str, expr: &str) -> bool {
    eval(&format!("size({text})")).unwrap() == eval(&format!("size({expr})")).unwrap()
}

/// The value of `expr` and its C++ form, which reads back as that value (read as CuTe
/// notation or as C++).
fn cpp_round_trip(expr: &str) -> Result<(Value, String), TestCaseError> {
    let v = eval(expr).unwrap();
    let cpp = print_as(&v, Syntax::Cpp).unwrap();
    prop_assert_eq!(eval(&cpp).unwrap(), v.clone(), "{} printed {}", expr, cpp);
    prop_assert_eq!(eval_in(&cpp, Syntax::Cpp).unwrap(), v.clone());
    Ok((v, cpp))
}

/// The DSL form of `v`, which reads back as `v` (in the DSL's syntax, and, where it is a call
/// spelled `cute.`, in any).
fn dsl_round_trip(v: &Value) -> Result<String, TestCaseError> {
    let dsl = print_as(v, Syntax::Dsl).unwrap();
    prop_assert_eq!(&eval_in(&dsl, Syntax::Dsl).unwrap(), v, "{}", dsl);
    if dsl.starts_with("cute.") {
        prop_assert_eq!(&eval(&dsl).unwrap(), v, "{}", dsl);
    }
    Ok(dsl)
}

proptest! {
    /// Any text made of the pieces of C++ and DSL spellings is read to a value or an error,
    /// never a panic (unbalanced brackets, a multi-byte character where a bracket was looked
    /// for, `cute::` and `cute.` anywhere).
    #[test]
    fn spelling_fragments_never_panic(
        pieces in prop::collection::vec(prop::sample::select(vec![
            "cute.make_layout(", "cute.make_tensor(", "cute.E(", "E(", "[", "]", "(", ")", ",",
            "stride=", "2", "_3", "*", "None", "é", "cutlass.Int32(", "cute::", "E<", ">{}",
            "make_layout(", "make_tensor(", "make_inttuple_iter(", ":", "@0", " ", "<", ">",
        ]), 1..24),
    ) {
        let text: String = pieces.concat();
        for syntax in [Syntax::Cute, Syntax::Dsl] {
            let _ = eval_in(&text, syntax);
        }
    }
}

/// A call spelled `cute.op(...)` takes its arguments in the CuTe DSL's order and by its
/// names (`cute.dice(src, dicer)`, `cute.recast_layout(new_type_bits, old_type_bits,
/// src_layout)`: bench/dsl/check.sh compares them with the DSL); spelled without `cute.`, in
/// this tool's.
#[test]
fn dsl_calls_take_the_dsls_order() {
    let same = [
        ("cute.dice(cute.make_layout((4,8), stride=(1,4)), (1,None))", "dice((1,_), (_4,_8):(_1,_4))"),
        ("cute.dice(src=cute.make_layout((4,8), stride=(1,4)), dicer=(1,None))", "dice((1,_), (_4,_8):(_1,_4))"),
        ("cute.recast_layout(16, 32, cute.make_layout((4,8), stride=(1,4)))", "recast_layout((_4,_8):(_1,_4), _32, _16)"),
        (
            "cute.recast_layout(new_type_bits=16, old_type_bits=32, src_layout=cute.make_layout((4,8), stride=(1,4)))",
            "recast_layout((_4,_8):(_1,_4), _32, _16)",
        ),
    ];
    for (dsl, ours) in same {
        assert_eq!(eval(dsl).unwrap(), eval(ours).unwrap(), "{dsl}");
    }
    fail_with(&[
        (
            "cute.dice(coord=(1,None), L=cute.make_layout(4, stride=1))",
            "argument 1 of dice is `L` (in the CuTe DSL `src`)",
        ),
        ("cute.recast_layout(16, 32)", "recast_layout"),
    ]);
    // without `cute.`, this tool's order and names
    assert_eq!(
        eval_in("dice(coord=(1,None), L=(4,8):(1,4))", Syntax::Dsl)
            .unwrap()
            .to_string(),
        "(_4):(_1)"
    );
}

/// The CuTe DSL's `mode=` on plain Python tuples: what nvidia-cutlass-dsl 4.8.1 printed
/// (`cute.pretty_str`, traced in a `@cute.jit` function; plain integers are static there, so
/// `8` is `_8` here), and its `ValueError` ("elements in mode must be less than rank") for a
/// mode past the rank. `bench/dsl/check.sh` compares the values with the DSL (calls.txt).
#[test]
fn dsl_mode_of_plain_tuples() {
    for (dsl, want) in [
        ("cute.get((4,(8,2)), mode=[1])", "(_8,_2)"), // (8,2)
        ("cute.get((4,(8,2)), mode=[1,0])", "_8"),    // 8
        ("cute.get(7, mode=[0])", "_7"),              // 7
        ("cute.get((4,(8,2)), mode=[])", "(_4,(_8,_2))"), // (4,(8,2))
        ("cute.size((4,(8,2)), mode=[1])", "_16"),    // 16
        ("cute.rank((4,(8,2)), mode=[1])", "_2"),     // 2
        ("cute.shape((4,(8,2)), mode=[1])", "(_8,_2)"), // (8,2)
        ("cute.depth(cute.get((4,(8,2)), mode=[1]))", "_1"), // 1
    ] {
        assert_eq!(
            eval(dsl).map(|v| v.to_string()),
            Ok(want.to_string()),
            "{dsl}"
        );
    }
    fail_with(&[
        (
            "cute.get((4,(8,2)), mode=[2])",
            "index 2 out of range for rank 2",
        ),
        ("cute.get(7, mode=[1])", "index 1 out of range for rank 1"),
        (
            "cute.size((4,(8,2)), mode=[1,2])",
            "index 2 out of range for rank 2",
        ),
    ]);
}

/// The CuTe DSL's `mode=` of `size`, `cosize`, `rank`, `shape`, `get` and `select`: an index or
/// a Python list of them (its `ModeOpDecorator`: `op(x, mode=[0,1])` is `op` of `get(x,
/// mode=[0,1])`, the path C++ writes `size<0,1>(x)`; `select`'s list, the modes it selects).
/// The values are the docstrings' (`get(layout, mode=[0, 1])  # 8:4`) and C++'s.
#[test]
fn dsl_mode_lists_are_paths() {
    let l = "cute.make_layout(((4,8),(16,1),8), stride=((1,4),(32,0),512))";
    let cpp = "((_4,_8),(_16,_1),_8):((_1,_4),(_32,_0),_512)";
    for (dsl, same) in [
        (
            format!("cute.size({l}, mode=[1])"),
            format!("size<1>({cpp})"),
        ),
        (format!("cute.size({l}, mode=1)"), format!("size<1>({cpp})")),
        (format!("cute.size({l}, [1])"), format!("size<1>({cpp})")),
        (
            format!("cute.size({l}, mode=[0, 1])"),
            format!("size<0,1>({cpp})"),
        ),
        (
            format!("cute.size({l}, mode=[0,1,])"),
            format!("size<0,1>({cpp})"),
        ),
        (
            format!("cute.size({l}, mode=(0, 1))"),
            format!("size<0,1>({cpp})"),
        ),
        (format!("cute.size({l}, mode=[])"), format!("size({cpp})")),
        (
            format!("cute.cosize({l}, mode=[0])"),
            format!("cosize<0>({cpp})"),
        ),
        (
            format!("cute.rank({l}, mode=[0])"),
            format!("rank<0>({cpp})"),
        ),
        (
            format!("cute.shape({l}, mode=[0, 1])"),
            format!("shape<0,1>({cpp})"),
        ),
        (
            format!("cute.get({l}, mode=[0, 1])"),
            format!("get<0,1>({cpp})"),
        ),
        (
            format!("cute.select({l}, mode=[0, 2])"),
            format!("select<0,2>({cpp})"),
        ),
    ] {
        let (got, want) = (eval(&dsl), eval(&same));
        assert!(got.is_ok(), "{dsl}: {got:?}");
        assert_eq!(got, want, "{dsl}");
    }
    let value = |e: String| eval(&e).unwrap().to_string();
    assert_eq!(value(format!("cute.size({l}, mode=[1])")), "_16");
    assert_eq!(value(format!("cute.size({l}, mode=[0, 1])")), "_8");
    assert_eq!(value(format!("cute.get({l}, mode=[0, 1])")), "_8:_4");
    assert_eq!(
        value(format!("cute.get({l}, mode=[1])")),
        "(_16,_1):(_32,_0)"
    );
    let dsl = cute_tools::eval::eval_in(
        "size(cute.make_layout((4,(8,2)), stride=(1,(4,32))), mode=[1, 0])",
        cute_layout::notation::Syntax::Dsl,
    );
    assert_eq!(dsl.map(|v| v.to_string()), Ok("_8".to_string()));
    fail_with(&[
        (
            &format!("cute.size({l}, mode=[x])"),
            "a mode index (a non-negative integer) or `]`",
        ),
        (
            &format!("cute.size({l}, mode=[0,1)"),
            "',' or `]` closing the list of modes",
        ),
        (
            &format!("cute.size({l}, mode=((0,1),))"),
            "`mode` of size must be a mode index or a list of them",
        ),
        (&format!("cute.size({l}, mode=[5])"), "index 5 out of range"),
    ]);
}
