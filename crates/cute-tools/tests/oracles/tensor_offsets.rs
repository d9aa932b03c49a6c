//! Operations on tensors `L+o` (a layout and an offset): every case of
//! `bench/tensor-ops/expected.txt` (what CuTe C++ prints for a tensor over `&mem[o]`, produced by
//! `bench/tensor-ops/check.sh`) evaluated as `cute eval` does and compared byte for byte; every
//! expression of `bench/tensor-ops/refused.txt` (which C++ does not compile) refused. The rule of
//! each operation is its table entry's `TensorForm` (crates/cute-tools/src/registry/tensor.rs).

use cute_layout::value::Kind;
use cute_tools::eval::eval;
use cute_tools::registry::{lookup, operations, TensorForm};

const EXPECTED: &str = include_str!("../../../../bench/tensor-ops/expected.txt");
const REFUSED: &str = include_str!("../../../../bench/tensor-ops/refused.txt");

/// The cases of expected.txt: (expression, what C++ printed).
fn cases() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut lines = EXPECTED.lines();
    while let Some(head) = lines.next() {
        let expr = head.strip_prefix("## ").expect("a `## EXPR` line");
        out.push((expr, lines.next().expect("C++'s output line")));
    }
    out
}

#[test]
fn every_case_matches_cpp() {
    let cases = cases();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|&(expr, want)| {
            let got = eval(expr).map_or_else(|e| format!("error: {e}"), |v| v.to_string());
            (got != want).then(|| format!("{expr}\n  C++:  {want}\n  cute: {got}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn what_cpp_refuses_is_refused() {
    let exprs: Vec<&str> = REFUSED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert!(exprs.len() >= 15);
    for expr in exprs {
        let e = eval(expr).expect_err(expr).to_string();
        assert!(e.contains("take layout(T) first"), "{expr}: {e}");
        assert!(e.contains("tensor"), "{expr}: {e}");
    }
}

/// The defect this fixes: nested `local_tile` added only the inner tile's offset (C++: +30+17).
#[test]
fn nested_local_tile_adds_offsets() {
    let inner = eval("local_tile((_4,_3):(_1,_8)+28,(_2,_3),(1,0))").unwrap();
    assert_eq!(inner.to_string(), "(_2,_3):(_1,_8)+30");
    let outer = eval("local_tile(local_tile((_4,_3):(_1,_8)+28,(_2,_3),(1,0)),(_1,_1),(1,2))");
    assert_eq!(outer.unwrap().to_string(), "(_1,_1):(_0,_0)+47");
}

/// Structural operations keep the offset, queries give the layout's answer.
#[test]
fn offsets_kept_and_queries() {
    for (expr, want) in [
        ("coalesce((_4,_2):(_1,_4)+28)", "_8:_1+28"),
        (
            "select((_4,_3,_2):(_1,_8,_24)+28,2,0)",
            "(_2,_4):(_24,_1)+28",
        ),
        (
            "select<2,0>((_4,_3,_2):(_1,_8,_24)+28)",
            "(_2,_4):(_24,_1)+28",
        ),
        ("get<1>((_4,_3):(_1,_8)+28)", "_3:_8"),
        ("take<0,2>((_4,_3,_2):(_1,_8,_24)+28)", "(_4,_3):(_1,_8)+28"),
        (
            "group<0,2>((_4,_3,_2):(_1,_8,_24)+28)",
            "((_4,_3),_2):((_1,_8),_24)+28",
        ),
        ("upcast<2>((_4,_3):(_1,_8))", "(_2,_3):(_1,_4)"),
        (
            "group_modes<1,3>((_4,_3,_2):(_1,_8,_24)+28)",
            "(_4,(_3,_2)):(_1,(_8,_24))+28",
        ),
        ("layout<0>((_4,_3):(_1,_8)+28)", "_4:_1"),
        (
            "recast_layout<uint16_t,uint32_t>((_4,_8):(_1,_4))",
            "(_2,_8):(_1,_2)",
        ),
        ("size((_4,_3):(_1,_8)+28)", "_12"),
        (
            "coalesce(Sw<3,4,3> o _0 o (_8,(_8,_8)):(_64,(_1,_8))+512)",
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+512",
        ),
    ] {
        assert_eq!(
            eval(expr).map(|v| v.to_string()),
            Ok(want.to_string()),
            "{expr}"
        );
    }
}

#[test]
fn template_arguments_are_integers_or_types() {
    for bad in [
        "take<0,(_2)>(4:1)",
        "take<0,2(4:1)",
        "recast_layout<quarter_t,half_t>(4:1)",
    ] {
        assert!(eval(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_tensor_where_a_layout_is_wanted_is_refused() {
    let e = eval("local_partition(16:1,(_2,_2):(_1,_2)+4,1)")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("only argument 1 of local_partition may be a tensor"),
        "{e}"
    );
    let e = eval("cosize((_4,_3):(_1,_8)+28)").unwrap_err().to_string();
    assert!(e.contains("cosize has no tensor form"), "{e}");
}

/// The table is consistent: a parameter accepts a tensor exactly at the position of the
/// operation's tensor form.
#[test]
fn tensor_kinds_follow_the_tensor_form() {
    for op in operations() {
        for (i, p) in op.params.iter().enumerate() {
            let takes = p.kinds.contains(&Kind::Tensor) || p.kinds.contains(&Kind::ComposedTensor);
            assert_eq!(
                takes,
                op.tensor.position() == Some(i),
                "{} parameter {} ({:?})",
                op.name,
                p.name,
                op.tensor
            );
        }
    }
    assert_eq!(lookup("group_modes").unwrap().name, "group");
    assert_eq!(
        lookup("local_tile").unwrap().tensor,
        TensorForm::AddOffset(0)
    );
}

/// The operations that take a tensor whole (`TensorForm::Takes`: the atom partitions and
/// `retile`) read its offset as a number: a `Tensor`'s offset is an `i64`, so the static tag
/// of `+_4` is not kept. Nor must it be: each is a partition, whose result C++ computes as the
/// run-time pointer `T.data() + o'`, printed dynamic like every `AddOffset` partition
/// (`local_tile`, `slice_and_offset`). So `+_4` and `+4` give the same, dynamic, offset.
#[test]
fn partitions_of_a_static_offset_are_dynamic() {
    let copy = "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>, (_4,_8):(_8,_1))";
    let mma = "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>)";
    for (call, offset) in [
        (format!("retile({copy}, (_1,_2,_2):(_0,_1,_2)+{{}})"), "+4"),
        (
            format!("partition_S({copy}, (_4,_8):(_8,_1)+{{}}, 1)"),
            "+5",
        ),
        (
            format!("partition_A({mma}, (_16,_16):(_16,_1)+{{}}, 1)"),
            "+6",
        ),
        (
            "local_tile((_4,_8):(_8,_1)+{}, (_2,_2), (1,0))".to_string(),
            "+20",
        ),
    ] {
        let of = |o: &str| eval(&call.replace("{}", o)).unwrap().to_string();
        let (fixed, dynamic) = (of("_4"), of("4"));
        assert_eq!(fixed, dynamic, "{call}");
        assert!(
            fixed.ends_with(offset) && !fixed.contains("+_"),
            "{call}: {fixed}"
        );
    }
}

/// The defect this fixes: a swizzled tile that decays to a plain layout had its decayed modes
/// merged where C++ keeps them apart (`((_2,_4),_8):((_64,144),_1)`): C++ merges two modes of
/// the decayed swizzle only where it knows statically that they merge, and a stride of it is
/// dynamic only where a dynamic coordinate reaches the offset bit it depends on. The strings
/// are what CuTe C++ prints (bench/tensor-ops/check.sh).
#[test]
fn swizzled_tiles_keep_cpp_structure() {
    for (expr, cpp) in [
        (
            "local_tile(Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+0,(_8,_8),(0,1))",
            "((_2,_2,_2),_8):((_64,144,288),_1)+8",
        ),
        (
            "local_tile(Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+0,(_8,_8),(_0,_1))",
            "((_2,_4),_8):((_64,_144),_1)+8",
        ),
        (
            "local_tile(Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+512,(_4,_8),(1,2))",
            "((_2,_2),_8):((_64,112),_1)+816",
        ),
        (
            "local_tile(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)+0,(_8,_8),(0,5))",
            "((_2,_2,_2),_8):((56,144,224),_1)+40",
        ),
        (
            "local_tile(Sw<1,4,3> o _0 o (_8,_32):(_32,_1)+0,(_8,_8),(0,2))",
            "((_4,_2),_8):((_32,112),_1)+16",
        ),
        (
            "slice_and_offset((1,_),Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+0)",
            "((_16,_2,_2)):((_1,16,32))+64",
        ),
        (
            "local_partition(Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+0,(_8,_1):(_1,_0),3)",
            "(_1,(_16,_2,_2)):(_0,(_1,-16,32))+208",
        ),
        (
            "outer_partition(Sw<3,4,3> o _0 o (_8,_64):(_64,_1)+0,(_8,_8),(0,2))",
            "(_1,(_2,_2,_2)):(_0,(_8,16,32))+2",
        ),
    ] {
        assert_eq!(
            eval(expr).map(|v| v.to_string()),
            Ok(cpp.to_string()),
            "{expr}"
        );
    }
}

/// `tensor(T, i...)` is C++'s `tensor<I...>(T)`: the mode's layout over the tensor's data, the
/// offset kept (C++'s output, bench/tensor-ops/check.sh), where `layout(T, i...)` drops it; like
/// C++, it takes only a tensor.
#[test]
fn sub_tensor_keeps_the_offset() {
    for (expr, cpp) in [
        ("tensor<1>((_4,_3):(_1,_8)+28)", "_3:_8+28"),
        ("layout<1>((_4,_3):(_1,_8)+28)", "_3:_8"),
        ("tensor((_4,(_3,_2)):(_1,(_8,_24))+28,1,0)", "_3:_8+28"),
        ("tensor((8,6):(1,8)+5)", "(8,6):(1,8)+5"),
        (
            "tensor(local_tile((8,6):(1,8)+5,(_4,_2),(1,1)),1)",
            "_2:8+25",
        ),
        (
            "tensor(Sw<3,4,3> o _0 o (_8,(_8,_8)):(_64,(_1,_8))+512,1,0)",
            "Sw<3,4,3> o _0 o _8:_1+512",
        ),
    ] {
        assert_eq!(
            eval(expr).map(|v| v.to_string()),
            Ok(cpp.to_string()),
            "{expr}"
        );
    }
    for plain in [
        "tensor((_4,_3):(_1,_8),1)",
        "tensor(Sw<3,4,3> o _0 o (_8,_64):(_64,_1),1)",
    ] {
        let e = eval(plain).unwrap_err().to_string();
        assert!(
            e.contains("must be `T`: tensor or swizzled tensor"),
            "{plain}: {e}"
        );
    }
    assert!(eval("tensor((_4,_3):(_1,_8)+28,2)").is_err());
}
