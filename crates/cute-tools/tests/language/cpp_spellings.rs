//! The C++ that CUTLASS's examples and the CuTe docs write, as `cute eval` reads it: every row
//! of `tests/data/cpp_spellings.tsv` is read to its expected value, or refused with an error
//! that names the form to write instead (the values are checked against CuTe C++ by
//! `bench/spelling/cpp_spellings.sh`). Then one test per spelling of issue 29.

use cute_layout::value::Value;
use cute_tools::eval::eval;

const TABLE: &str = include_str!("../data/cpp_spellings.tsv");

/// The rows of the table: (line number, spelling, outcome, expected).
fn rows() -> Vec<(usize, &'static str, &'static str, &'static str)> {
    TABLE
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 5, "line {}: five tab-separated columns", i + 1);
            (i + 1, cols[0], cols[1], cols[2])
        })
        .collect()
}

#[test]
fn every_spelling_of_the_table_is_read_or_refused_with_its_hint() {
    let rows = rows();
    assert!(rows.len() >= 60, "the table has {} rows", rows.len());
    let mut failures = Vec::new();
    for (line, spelling, outcome, expected) in rows {
        let got = eval(spelling);
        match (outcome, &got) {
            ("read", Ok(v)) if v.to_string() == expected => {}
            ("refused", Err(e)) if e.to_string().contains(expected) => {
                // a refusal is never the bare parse error of a token
                assert!(!e.to_string().contains("found '{'"), "line {line}: {e}");
            }
            _ => failures.push(format!(
                "line {line}: {spelling}: expected {outcome} {expected}, got {got:?}"
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_table_reads_and_refuses() {
    let rows = rows();
    assert!(rows.iter().any(|r| r.2 == "read"));
    assert!(rows.iter().any(|r| r.2 == "refused"));
    assert!(rows.iter().all(|r| r.2 == "read" || r.2 == "refused"));
}

fn shows(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn refusal(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => panic!("{expr} is read as {v}, expected a refusal"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn atoms_are_values_with_braces() {
    // the same atom with and without C++'s `{}`
    for (with, without) in [
        (
            "SM80_16x8x16_F32F16F16F32_TN{}",
            "SM80_16x8x16_F32F16F16F32_TN",
        ),
        (
            "MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}",
            "SM80_16x8x16_F32F16F16F32_TN",
        ),
        (
            "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}",
            "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>,half_t>",
        ),
        (
            "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}",
            "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        (
            "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)>{}",
            "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)>",
        ),
    ] {
        assert_eq!(eval(with).unwrap(), eval(without).unwrap(), "{with}");
    }
    assert_eq!(
        shows("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{})"),
        shows("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (_2,_2))")
    );
}

#[test]
fn gmma_smem_atoms_are_values() {
    // C++: Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0)); the
    // same function on element offsets has the swizzle Sw<3,3,3>
    let v = eval(
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{}))",
    )
    .unwrap();
    assert_eq!(
        v.to_string(),
        "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"
    );
    // the element-offset function is the byte-address swizzle on 2-byte elements
    let Value::Composed(c) = &v else {
        panic!("{v}")
    };
    let bytes: cute_layout::ComposedLayout =
        "Sw<3,4,3> o _0 o ((_8,_16),(_128,_1)):((_128,_1024),(_1,_0))"
            .parse()
            .unwrap();
    for m in 0..128 {
        for k in 0..64 {
            let i = m + 128 * k;
            let (bi, elem) = (m + 128 * (2 * k), c.eval(i).unwrap());
            assert_eq!(bytes.eval(bi).unwrap(), 2 * elem, "({m},{k})");
        }
    }
    for prefix in ["", "cute::", "SM90::GMMA::", "cute::GMMA::"] {
        let name = if prefix.is_empty() || prefix.ends_with("GMMA::") {
            format!("{prefix}Layout_MN_SW64_Atom<float>{{}}")
        } else {
            format!("{prefix}GMMA::Layout_MN_SW64_Atom<float>{{}}")
        };
        assert_eq!(shows(&name), "Sw<2,2,3> o _0 o (_16,_8):(_1,_16)", "{name}");
    }
    assert!(refusal("GMMA::Layout_K_SW128_Atom<quarter_t>{}").contains("unknown type"));
    assert!(refusal("GMMA::Layout_K_SW16_Atom<half_t>{}")
        .contains("GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>"));
}

#[test]
fn the_unknown_atom_hint_names_the_forms_read() {
    let e = refusal("SM42_NOT_AN_MMA{}");
    assert!(e.contains("GMMA::Layout_K_SW128_Atom<T>{}"), "{e}");
    assert!(e.contains("Copy_Atom<OP,T>{}"), "{e}");
}

#[test]
fn local_tile_projects_with_step() {
    // C++ (g++, CuTe 4.2): local_tile(make_tensor(make_inttuple_iter(0),
    // make_layout(make_shape(128,64))), make_shape(_32{},_32{},_8{}), make_coord(1,2,_),
    // Step<_1,X,_1>{}) prints ArithTuple32 o (_32,_8,8):(_1,128,1024)
    let t = "make_layout(make_shape(128,64))";
    let tiler = "make_shape(_32{},_32{},_8{})";
    let projected = format!("local_tile({t}, {tiler}, make_coord(1,2,_), Step<_1,X,_1>{{}})");
    assert_eq!(shows(&projected), "(_32,_8,8):(_1,128,1024)+32");
    // Step<_1,X,_1> is dice: the same as selecting modes 0 and 2 of the tiler and coord
    assert_eq!(
        shows(&projected),
        shows(&format!(
            "local_tile({t}, make_shape(_32{{}},_8{{}}), make_coord(1,_))"
        ))
    );
    assert_eq!(shows("Step<_1, X,_1>{}"), "(_1,_,_1)");
    assert_eq!(shows("Step<_1,_2,_3>{}"), "(_1,_2,_3)");
    assert_eq!(shows("make_coord(X{}, 1, cute::X)"), "(_,1,_)");
}

#[test]
fn local_partition_projects_a_thread_of_the_whole_layout() {
    // the CuTe tutorial's local_partition(sB, tC, threadIdx.x, Step<X,_1>{}) with tC a 16x16
    // thread layout: thread 200 is at (8,12), so it takes row 12 of the tiles (C++: ArithTuple12)
    let sb = "make_layout(make_shape(Int<128>{},Int<8>{}))";
    let tc = "make_layout(make_shape(Int<16>{},Int<16>{}))";
    assert_eq!(
        shows(&format!(
            "local_partition({sb}, {tc}, 200, Step< X,_1>{{}})"
        )),
        "(_8,_8):(_16,_128)+12"
    );
    assert_eq!(
        shows(&format!(
            "local_partition({sb}, {tc}, 200, Step<_1, X>{{}})"
        )),
        "(_8,_8):(_16,_128)+8"
    );
    // a thread the whole layout does not have is refused
    assert!(refusal(&format!(
        "local_partition({sb}, {tc}, 256, Step< X,_1>{{}})"
    ))
    .contains("outside [0, 256)"));
}

#[test]
fn layout_major_tags() {
    for (tag, stride) in [
        ("LayoutRight{}", "(_64,_1)"),
        ("GenRowMajor{}", "(_64,_1)"),
        ("cute::LayoutRight{}", "(_64,_1)"),
        ("LayoutLeft{}", "(_1,_128)"),
        ("GenColMajor{}", "(_1,_128)"),
    ] {
        assert_eq!(
            shows(&format!("make_layout(make_shape(_128{{}},_64{{}}), {tag})")),
            format!("(_128,_64):{stride}"),
            "{tag}"
        );
    }
    // as make_layout_right: static iff the shape is
    assert_eq!(
        shows("make_layout(make_shape(2,3), LayoutRight{})"),
        shows("make_layout_right((2,3))")
    );
    // elsewhere, the error says where the tag belongs
    for wrong in [
        "size(LayoutRight{})",
        "make_layout(LayoutRight{})",
        "LayoutLeft{}",
        "tile_to_shape(4:1, (8), GenColMajor{})",
    ] {
        assert!(
            refusal(wrong).contains("make_layout's second argument"),
            "{wrong}"
        );
    }
}

#[test]
fn cute_and_cutlass_number_types() {
    assert_eq!(
        shows("Copy_Atom<UniversalCopy<cute::uint128_t>, cute::half_t>"),
        shows("Copy_Atom<UniversalCopy<uint128_t>, cutlass::half_t>")
    );
    assert_eq!(
        shows("Copy_Atom<UniversalCopy<uint128_t>, cute::half_t>"),
        "Copy_Atom<UniversalCopy<uint128_t>,half_t>"
    );
}

#[test]
fn gmma_without_majors_says_so() {
    for name in [
        "SM90_64x128x16_F32F16F16_SS",
        "SM90_64x128x16_F32F16F16_SS{}",
        "SM90_64x64x16_F16F16F16_RS<GMMA::Major::K>",
    ] {
        let e = refusal(name);
        assert!(e.contains("missing the major arguments"), "{name}: {e}");
        assert!(e.contains("<GMMA::Major::K,GMMA::Major::K>"), "{name}: {e}");
    }
}

#[test]
fn max_common_layout_of_a_swizzled_layout() {
    // C++ (g++, CuTe 4.2): _8:_8 either way, `common.compose(Int<1<<M>{})`
    let l = "Layout<Shape<_8,_64>,Stride<_64,_1>>{}";
    let sw = format!("composition(Swizzle<3,3,3>{{}}, {l})");
    assert_eq!(shows(&format!("max_common_layout({l}, {sw})")), "_8:_8");
    assert_eq!(shows(&format!("max_common_layout({sw}, {l})")), "_8:_8");
    // a common layout shorter than 2^M is kept whole (C++: _1:_0)
    assert_eq!(
        shows(&format!(
            "max_common_layout({sw}, Layout<Shape<_8,_64>,Stride<_1,_8>>{{}})"
        )),
        "_1:_0"
    );
    // the result is a common layout of the function the swizzled layout is
    let v = eval(&format!("max_common_layout({sw}, {l})")).unwrap();
    let (Value::Layout(r), Value::Composed(c), Value::Layout(b)) =
        (v, eval(&sw).unwrap(), eval(l).unwrap())
    else {
        panic!()
    };
    for i in 0..r.size().unwrap().value() {
        let ri = r.eval(i).unwrap();
        assert_eq!(c.eval(ri).unwrap(), i);
        assert_eq!(b.eval(ri).unwrap(), i);
    }
    assert!(refusal(&format!("max_common_layout({sw}, {sw})")).contains("overloads"));
}

#[test]
fn device_indices_are_refused_with_a_hint() {
    for expr in [
        "threadIdx.x",
        "local_partition(8:1, 4:1, threadIdx.x)",
        "make_coord(blockIdx.x, blockIdx.y, _)",
        "size(blockDim.z)",
    ] {
        let e = refusal(expr);
        assert!(e.contains("known only on the device"), "{expr}: {e}");
        assert!(
            e.contains("local_partition(T, THR_LAYOUT, 0)"),
            "{expr}: {e}"
        );
    }
}

#[test]
fn variables_are_refused_with_a_hint() {
    let e = refusal("make_layout(make_shape(bM, bK))");
    assert!(e.contains("variables are not read"), "{e}");
    assert!(e.contains("at byte 23"), "{e}");
}

#[test]
fn tile_literals_with_layouts_are_tilers() {
    assert_eq!(shows("Tile<_32,_32,_16>{}"), "(_32,_32,_16)");
    assert_eq!(
        shows("Tile<Layout<_8,_3>, Layout<_4,_2>>{}"),
        "<_8:_3,_4:_2>"
    );
    assert_eq!(shows("Tile<Layout<_8,_3>, X>{}"), "<_8:_3,_>");
    assert_eq!(
        shows("zipped_divide(make_layout(make_shape(Int<16>{},Int<8>{})), Tile<Layout<_8,_2>, Layout<_4,_2>>{})"),
        shows("zipped_divide((_16,_8):(_1,_16), <_8:_2,_4:_2>)")
    );
    assert!(refusal("Tile<Layout<_8,_3>, Foo>{}").contains("at byte 20"));
}

#[test]
fn universal_fma_and_typed_copies() {
    assert_eq!(
        shows("UniversalFMA<float,float,float>{}"),
        "UniversalFMA<float,float,float,float>"
    );
    assert_eq!(
        shows("UniversalFMA<half_t>"),
        "UniversalFMA<half_t,half_t,half_t,half_t>"
    );
    // C++: ThrLayoutVMNK (_1,_16,_16,_1):(_0,_1,_16,_0), size 256
    assert_eq!(
        shows(
            "size(make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{}))"
        ),
        "_256"
    );
    // a copy over float is the copy over uint32_t, under its own name
    let f = eval("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<float>, float>").unwrap();
    let u = eval("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, float>").unwrap();
    assert_eq!(
        f.to_string(),
        "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<float>,float>"
    );
    let (Value::CopyAtom(f), Value::CopyAtom(u)) = (f, u) else {
        panic!()
    };
    assert_eq!(
        (&f.src, &f.dst, &f.reference),
        (&u.src, &u.dst, &u.reference)
    );
    // and it reads back
    assert_eq!(
        shows(&Value::CopyAtom(f.clone()).to_string()),
        f.to_string()
    );
    // a width the operation does not take is refused
    assert!(eval("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<half_t>, half_t>").is_err());
}

#[test]
fn integer_sums() {
    assert_eq!(shows("Int<128>{}+Int<1>{}"), "_129");
    assert_eq!(shows("_128+1"), "129");
    assert_eq!(
        shows("make_stride(Int<1>{}, Int<128>{}+Int<1>{})"),
        "(_1,_129)"
    );
}

/// docs/guide/cpp-spellings.md shows every row of the table, as the table says.
#[test]
fn the_guide_shows_the_table() {
    let guide = include_str!("../../../../docs/guide/cpp-spellings.md");
    let shown: Vec<(&str, &str)> = guide
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| {
            let (spelling, rest) = l.split_once("` | ")?;
            let shown = match rest.strip_prefix('`') {
                Some(r) => r.split_once('`')?.0,
                None => rest.strip_prefix('"')?.split_once('"')?.0,
            };
            Some((spelling, shown))
        })
        .collect();
    let rows = rows();
    assert_eq!(shown.len(), rows.len(), "the guide shows every row once");
    for (_, spelling, _, expected) in rows {
        assert!(
            shown.contains(&(spelling, expected)),
            "the guide does not show `{spelling}` as `{expected}`"
        );
    }
}

#[test]
fn tiled_copy_literals_with_a_tiler_of_layouts() {
    // C++ (g++, CuTe 4.2): make_tiled_copy_impl(Copy_Atom<UniversalCopy<uint32_t>,float>{},
    // Layout<Shape<_32,_2>,Stride<_1,_32>>{}, make_tile(Layout<_4,_1>{}, Layout<_16,_2>{}))
    let printed =
        "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,(_32,_2):(_1,_32),(_4:_1,_16:_2)>";
    for spelling in [
        printed,
        "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,Layout<Shape<_32,_2>,Stride<_1,_32>>,Tile<Layout<_4,_1>,Layout<_16,_2>>>{}",
        "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,(_32,_2):(_1,_32),<_4:_1,_16:_2>>",
    ] {
        assert_eq!(shows(spelling), printed, "{spelling}");
    }
    // partition_S of thread 3 and partition_D of thread 5 of (8,64), as C++ gives them
    // (ArithTuple3 o ..., ArithTuple17 o ...), and the S layout
    let t = "(_8,_64):(_1,_8)";
    assert_eq!(
        shows(&format!("partition_S({printed}, {t}, 3)")),
        "((_1,_2),_2,(_2,_2)):((_0,_128),_4,(_8,_256))+3"
    );
    assert_eq!(
        shows(&format!("partition_D({printed}, {t}, 5)")),
        "((_1,_2),_2,(_2,_2)):((_0,_128),_4,(_8,_256))+17"
    );
    assert_eq!(
        shows(&format!("get_layoutS_TV({printed})")),
        "(_32,(_1,_2)):(_1,(_0,_32))"
    );
    // dividing by the layouts is not dividing by their shape
    let by_shape = "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,(_32,_2):(_1,_32),(_4,_16)>";
    assert_ne!(
        shows(&format!("partition_S({by_shape}, {t}, 3)")),
        shows(&format!("partition_S({printed}, {t}, 3)"))
    );
    // a shape tiler prints as before
    assert!(shows(by_shape).ends_with(",(_4,_16)>"));
    assert!(refusal(
        "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,(_32,_2):(_1,_32),<_4:_1,_>>"
    )
    .contains("has a `_` mode"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A static rank-2 layout in CuTe notation: `(_m,_n):(_1,_m)` or `(_m,_n):(_n,_1)`.
    fn compact() -> impl Strategy<Value = (i64, i64, bool)> {
        (1..=16i64, 1..=16i64, any::<bool>())
    }

    fn layout((m, n, row): (i64, i64, bool)) -> String {
        if row {
            format!("(_{m},_{n}):(_{n},_1)")
        } else {
            format!("(_{m},_{n}):(_1,_{m})")
        }
    }

    proptest! {
        /// max_common_layout(Sw<B,M,S> o L, L) keeps C++'s post-condition, both functions map
        /// R(i) to i, and has at most 2^M elements.
        #[test]
        fn max_common_layout_of_a_swizzle_is_common(
            shape in compact(), b in 0..3i64, m in 0..4i64, s in 3..6i64,
        ) {
            let l = layout(shape);
            let sw = format!("Sw<{b},{m},{s}> o _0 o {l}");
            let r = match eval(&format!("max_common_layout({sw}, {l})")) {
                Ok(Value::Layout(r)) => r,
                // cutting a common run of 15 to 2^M = 8: C++ static_asserts "Shape Divisibility
                // Condition" too (g++, Sw<1,3,4> o (_3,_5):(_5,_1))
                Err(e) => {
                    prop_assert!(e.to_string().contains("Divisibility"), "{}", e);
                    return Ok(());
                }
                Ok(v) => panic!("{v}"),
            };
            let (Value::Composed(c), Value::Layout(b)) = (eval(&sw).unwrap(), eval(&l).unwrap())
            else { panic!() };
            let n = r.size().unwrap().value();
            prop_assert!(n <= 1 << m, "{} elements, 2^M = {}", n, 1 << m);
            for i in 0..n {
                let ri = r.eval(i).unwrap();
                prop_assert_eq!(c.eval(ri).unwrap(), i);
                prop_assert_eq!(b.eval(ri).unwrap(), i);
            }
            // either order
            prop_assert_eq!(
                eval(&format!("max_common_layout({l}, {sw})")).unwrap(),
                Value::Layout(r)
            );
        }

        /// With a projection, the threads that share the kept coordinate get the same part
        /// (the dropped modes do not matter), and it is the part of the diced thread layout's
        /// thread at that coordinate.
        #[test]
        fn local_partition_projection_keeps_one_coordinate(
            shape in compact(), keep_m in any::<bool>(), idx in 0..256i64,
        ) {
            let (m, n, _) = shape;
            let idx = idx % (m * n);
            let thr = layout(shape);
            let t = "(_32,_48):(_1,_32)";
            let proj = if keep_m { "Step<_1,X>{}" } else { "Step<X,_1>{}" };
            let Ok(Value::Layout(thr_l)) = eval(&thr) else { panic!() };
            // the coordinate of thread idx in the whole thread layout
            let (i, j) = (0..m)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .find(|&(i, j)| thr_l.eval(i + m * j).unwrap() == idx)
                .unwrap();
            let kept = if keep_m { i } else { j };
            let part = eval(&format!("local_partition({t}, {thr}, {idx}, {proj})"));
            let diced = if keep_m { format!("_{m}:_1") } else { format!("_{n}:_1") };
            let expected = eval(&format!("local_partition({t}, {diced}, {kept})"));
            match (part, expected) {
                (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
                (Err(_), Err(_)) => {}
                (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
            }
        }
    }
}
