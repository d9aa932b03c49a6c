//! The operation registry: every entry's example evaluates to its declared output, names are
//! unique, and the argument counts follow the declared parameters.

use cute_layout::value::Value;
use cute_tools::eval::eval;
use cute_tools::registry::{call, lookup, operations, Presence};

#[test]
fn every_example_gives_its_expected_output() {
    for op in operations() {
        let got = eval(op.example).map(|v| v.to_string());
        assert_eq!(
            got.as_deref(),
            Ok(op.expected),
            "{}: {}",
            op.name,
            op.example
        );
        assert!(
            op.example.starts_with(&format!("{}(", op.name)),
            "the example of {} calls it",
            op.name
        );
    }
}

#[test]
fn every_example_result_has_the_declared_kind_or_a_related_one() {
    for op in operations() {
        let v = eval(op.example).unwrap();
        // `Kind::Layout` results may be composed when given composed arguments; the examples
        // use ordinary ones, so the kind is the declared one
        assert_eq!(v.kind(), op.result, "{}", op.name);
    }
}

#[test]
fn names_and_aliases_are_unique_and_found() {
    let mut names: Vec<&str> = operations()
        .iter()
        .flat_map(|o| std::iter::once(o.name).chain(o.aliases.iter().copied()))
        .collect();
    let n = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), n, "a name is declared twice");
    for name in names {
        assert!(lookup(name).is_some(), "{name}");
    }
    assert_eq!(lookup("group_modes").map(|o| o.name), Some("group"));
}

#[test]
fn parameters_declare_the_arity() {
    for op in operations() {
        let (min, max) = op.arity();
        let required = op
            .params
            .iter()
            .take_while(|p| p.presence == Presence::Required)
            .count();
        assert_eq!(required, min, "{}: required parameters come first", op.name);
        assert!(max >= min, "{}", op.name);
        let too_many: Vec<Value> = vec![Value::Int(cute_layout::Int::dynamic(1)); max.min(8) + 1];
        if max < 8 {
            let e = call(op.name, too_many).unwrap_err().to_string();
            assert!(e.contains("argument"), "{}: {e}", op.name);
        }
    }
}

#[test]
fn call_applies_by_name_to_values() {
    let l: Value = "(4,8):(1,4)".parse().unwrap();
    assert_eq!(call("size", vec![l.clone()]).unwrap().to_string(), "32");
    let tv = eval("make_layout_tv((4,2):(2,1), (2,2):(1,2))").unwrap();
    assert_eq!(call("cosize", vec![tv]).unwrap().to_string(), "32");
    // a TV layout printed by `cute eval` reads back as one
    let tv = eval("make_layout_tv((4,2):(2,1), (2,2):(1,2))").unwrap();
    assert_eq!(eval(&format!("size({tv})")).unwrap().to_string(), "32");
    let e = call("sise", vec![l]).unwrap_err().to_string();
    assert!(e.contains("did you mean `size`?"), "{e}");
}

#[test]
fn a_literal_is_its_own_value() {
    for text in [
        "(4,8):(1,4)",
        "(_4,_8):(_1,_4)",
        "8",
        "(2,(3,_4))",
        "(2,_)",
        "<4:1,_>",
        "Sw<3,4,3>",
        "Sw<3,0,3> o _0 o (_8,_8):(_8,_1)",
        "(4,4) -> (4,8,4) over (1,3)",
        "((8,4),((2,4),(2,2)):((16,2),(1,8)))",
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM90::GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
        "Copy_Atom<SM75_U32x4_LDSM_N,half_t>",
        "Copy_Atom<UniversalCopy<uint128_t>,complex<double>>",
        "TiledMMA<SM80_16x8x8_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_32,(_2,_4,_2):(_1,_4,_2),_)>",
        "TiledCopy<Copy_Atom<UniversalCopy<uint128_t>,half_t>,((_4,_32),_8):((_256,_1),_32),(_32,_32)>",
    ] {
        assert_eq!(eval(text).unwrap().to_string(), text);
        assert_eq!(text.parse::<Value>().unwrap().to_string(), text);
    }
}

#[test]
fn the_guide_lists_the_registry() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/guide/operations.md"
    ))
    .expect("docs/guide/operations.md");
    let begin = readme
        .find("<!-- ops:begin -->\n")
        .expect("the ops:begin marker")
        + 19;
    let end = readme.find("<!-- ops:end -->").expect("the ops:end marker");
    assert_eq!(
        &readme[begin..end],
        cute_tools::registry::markdown(),
        "run `cute ops --markdown` and paste it between the markers of docs/guide/operations.md"
    );
}

/// Every entry's declared argument kinds are enforced: the entry's example with one argument
/// replaced by a value of a kind its parameter does not declare is refused, with an error
/// naming the argument's position and the operation. (Identity tensors and swizzled layouts
/// go to an operation's identity and composed forms, which the entry declares apart.)
#[test]
fn undeclared_argument_kinds_are_refused() {
    use cute_layout::notation::Syntax;
    use cute_layout::value::Kind;
    use cute_tools::eval::{prepare, Prepared};
    use cute_tools::expr::parse;
    let samples: Vec<Value> = [
        "3",
        "congruent(2,2)",
        "_",
        "(2,3)",
        "(_,1)",
        "(2,3):(1,2)",
        "<2:1,_>",
        "slice_and_offset((_,1),(4,8):(1,4))",
        "(4) -> (2,4) over (2)",
        "Sw<1,0,1>",
        "Sw<1,0,1> o _0 o (2,2):(2,1)",
        "make_layout_tv(4:1,2:1)",
        "make_identity_layout((2,3))",
        "make_identity_tensor((2,3))",
    ]
    .iter()
    .map(|s| eval(s).unwrap())
    .collect();
    for op in operations() {
        let Ok((Prepared::Call(c), _)) = prepare(parse(op.example, Syntax::Cute)) else {
            panic!("{}: the example is a call", op.name)
        };
        for i in 0..c.args.len() {
            let param = op.params.get(i).or(op.params.last()).unwrap();
            for v in &samples {
                let k = v.kind();
                let special = matches!(
                    k,
                    Kind::Basis | Kind::IdentityTensor | Kind::Swizzle | Kind::Composed
                );
                if param.kinds.contains(&k) || special {
                    continue;
                }
                let mut args = c.args.clone();
                args[i] = v.clone();
                let r = call(op.name, args);
                assert!(
                    r.is_err(),
                    "{}: argument {} = {v} ({k:?}) gave {:?}",
                    op.name,
                    i + 1,
                    r
                );
                let e = r.unwrap_err().to_string();
                assert!(
                    e.contains(op.name) || e.contains(&format!("argument {}", i + 1)),
                    "{}: {e}",
                    op.name
                );
            }
        }
    }
}

#[test]
fn atoms_and_tiled_values_print_as_literals_that_read_back() {
    use cute_layout::value::Kind;
    let atomic = [
        Kind::MmaAtom,
        Kind::CopyAtom,
        Kind::TiledMma,
        Kind::TiledCopy,
    ];
    let mut seen = Vec::new();
    for op in operations() {
        let v = eval(op.example).unwrap();
        if atomic.contains(&v.kind()) {
            let text = v.to_string();
            assert_eq!(
                text.parse::<Value>().as_ref(),
                Ok(&v),
                "{}: {text}",
                op.name
            );
            seen.push(v.kind());
        }
    }
    assert!(seen.contains(&Kind::TiledMma) && seen.contains(&Kind::TiledCopy));
}

#[test]
fn atom_arguments_are_checked() {
    let err = |e: &str| eval(e).unwrap_err().to_string();
    // a copy operation is no atom without its element type
    let e =
        err("make_tiled_copy_A(SM75_U32x4_LDSM_N,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))");
    assert!(e.contains("Copy_Atom<OP,T> needs the element type"), "{e}");
    assert!(err("make_tiled_mma(SM80_16x8x16_F32F16F16F32_XX)").contains("unknown atom"));
    let e = err("get_layoutC_TV((4,8):(1,4))");
    assert!(
        e.contains("must be `mma`: tiled MMA or MMA atom (make_tiled_mma)"),
        "{e}"
    );
    // too few values for the atom: C++ static_asserts
    let e = err("make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,(_32,_1),(_1,_4))");
    assert!(e.contains("too few thrs or vals"), "{e}");
    // an MMA atom stands for make_tiled_mma(atom); aliases and `cute::` are accepted
    assert_eq!(
        eval("tile_size(cute::SM90_64x128x16_F32F16F16_SS<K,MN>)")
            .unwrap()
            .to_string(),
        "(_64,_128,_16)"
    );
}

mod tiled_values {
    use cute_layout::value::Value;
    use cute_tools::eval::eval;
    use proptest::prelude::*;

    /// Atoms whose `ThrID` is compact (`_32:_1`, `_128:_1`): with SM70's quad-pairs
    /// (`(_4,_2):(_1,_16)`) thread indices outside the quad-pairs alias, as in C++.
    const ATOMS: [&str; 5] = [
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "SM80_16x8x32_S32S8S8S32_TN",
        "SM89_16x8x32_F32E4M3E4M3F32_TN",
        "SM90_64x64x16_F32F16F16_SS<K,MN>",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// With no threads along K, `get_layoutC_TV` is a bijection from (thr_idx, val) onto
        /// the `tile_size` M×N tile, and the tiled MMA prints as a literal that reads back.
        #[test]
        fn layout_c_tv_covers_the_tile_once(atom in 0..ATOMS.len(), m in 1i64..4, n in 1i64..4) {
            let mma = format!("make_tiled_mma({},(_{m},_{n},_1))", ATOMS[atom]);
            let value = eval(&mma).unwrap();
            prop_assert_eq!(value.to_string().parse::<Value>().unwrap(), value);
            let Value::Layout(c) = eval(&format!("get_layoutC_TV({mma})")).unwrap() else {
                panic!("a layout")
            };
            let Value::IntTuple(tile) = eval(&format!("tile_size({mma})")).unwrap() else {
                panic!("a tuple")
            };
            let (tm, tn) = (tile.get(0).unwrap().size().unwrap().value(), tile.get(1).unwrap().size().unwrap().value());
            let mut offsets = c.offsets().unwrap();
            offsets.sort_unstable();
            prop_assert_eq!(offsets, (0..tm * tn).collect::<Vec<i64>>());
        }
    }
}

/// `cute ops` prints [`cute_tools::registry::listing`]; its text is pinned by a snapshot, so
/// moving or reshaping the listing code cannot change a byte of it unnoticed.
#[test]
fn the_plain_listing_is_stable() {
    insta::assert_snapshot!("ops_listing", cute_tools::registry::listing());
}
