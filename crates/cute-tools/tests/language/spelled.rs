//! Behaviour of the C++ and CuTe DSL spellings (`notation/spelled.rs`, `scaled.rs`,
//! `python.rs`) that `cargo mutants` found no test pinning down: each test here fails under the
//! mutants its comment names (docs/dev/mutation-testing.md).

use cute_layout::limits::MAX_DEPTH;
use cute_layout::notation::{print_as, Parser, Syntax};
use cute_layout::value::{Kind, Value};
use cute_layout::LayoutError;
use cute_tools::eval::{eval, eval_in};

#[track_caller]
fn value(expr: &str, syntax: Syntax) -> Value {
    eval_in(expr, syntax).unwrap_or_else(|e| panic!("{expr} failed: {e}"))
}

/// The error of `expr`, which must be a parse error saying `why`.
#[track_caller]
fn parse_error(expr: &str, syntax: Syntax, why: &str) {
    match eval_in(expr, syntax) {
        Ok(v) => panic!("{expr} should fail, got {v}"),
        Err(e) => {
            assert!(
                matches!(e.root(), LayoutError::Parse { .. }),
                "{expr}: not a parse error: {e:?}"
            );
            assert!(
                e.to_string().contains(why),
                "{expr}: {why:?} is missing from {e}"
            );
        }
    }
}

/// `open` `n` times, `inner`, then `close` `n` times.
fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("{}{inner}{}", open.repeat(n), close.repeat(n))
}

/// `n` copies of `mode`, joined by `sep`.
fn copies(mode: &str, sep: &str, n: usize) -> String {
    vec![mode; n].join(sep)
}

// spelled.rs `cpp` and `dsl`: deleting the match arm `Value::Bool(b)` or `Value::Swizzle(sw)`
// (the value then has no form: an error)
#[test]
fn truth_values_and_swizzles_print_in_cpp_and_the_dsl() {
    let yes = value("congruent((2,3),(4,5))", Syntax::Cute);
    let no = value("congruent((2,3),4)", Syntax::Cute);
    assert_eq!((yes.kind(), no.kind()), (Kind::Bool, Kind::Bool));
    assert_eq!(print_as(&yes, Syntax::Cpp).unwrap(), "true");
    assert_eq!(print_as(&no, Syntax::Cpp).unwrap(), "false");
    assert_eq!(print_as(&yes, Syntax::Dsl).unwrap(), "True");
    assert_eq!(print_as(&no, Syntax::Dsl).unwrap(), "False");

    let sw = value("Sw<3,4,3>", Syntax::Cute);
    let cpp = print_as(&sw, Syntax::Cpp).unwrap();
    assert_eq!(cpp, "Swizzle<3,4,3>{}");
    assert_eq!(value(&cpp, Syntax::Cpp), sw);
    let dsl = print_as(&sw, Syntax::Dsl).unwrap();
    assert_eq!(dsl, "cute.make_swizzle(3, 4, 3)");
    assert_eq!(value(&dsl, Syntax::Dsl), sw);
}

// spelled.rs `is_atom_word`: each `||` -> `&&` (a capitalised word that starts an atom is then
// not read as one: "a literal: CuTe notation, ...")
#[test]
fn every_atom_word_is_read_as_an_atom() {
    let atoms = [
        ("SM80_16x8x16_F32F16F16F32_TN", Kind::MmaAtom),
        ("MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>", Kind::MmaAtom),
        ("Copy_Atom<SM75_U32x4_LDSM_N,half_t>", Kind::CopyAtom),
        (
            "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)>",
            Kind::TiledMma,
        ),
        (
            "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<64>,C<8>,\
             integral_constant<UMMA::Major,UMMA::Major::K>,\
             integral_constant<UMMA::Major,UMMA::Major::K>,\
             integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,\
             integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>>",
            Kind::MmaAtom,
        ),
        (
            "GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
            Kind::MmaAtom,
        ),
    ];
    for (text, kind) in atoms {
        assert_eq!(value(text, Syntax::Cute).kind(), kind, "{text}");
    }
    // a copy operation is an atom word too: refused for want of a type, not as no literal
    let e = eval("UniversalCopy<uint32_t>").unwrap_err().to_string();
    assert!(
        e.contains("is a copy operation: Copy_Atom<OP,T> needs the element type T"),
        "{e}"
    );
}

// spelled.rs `cpp_tree`: `self.depth += 1` -> `-=`/`*=`, `self.depth > MAX_DEPTH` -> `>=`/`==`,
// `self.depth -= 1` -> `+=`/`/=`
#[test]
fn cpp_shapes_nest_up_to_the_depth_limit() {
    let deepest = nested("Shape<", "_2", ">", MAX_DEPTH);
    assert_eq!(
        value(&deepest, Syntax::Cpp).to_string(),
        nested("(", "_2", ")", MAX_DEPTH)
    );
    parse_error(
        &nested("Shape<", "_2", ">", MAX_DEPTH + 1),
        Syntax::Cpp,
        "levels of nesting",
    );
    // the depth of one mode is given back before the next
    let wide = format!("Shape<{}>", copies("Shape<_2>", ",", 2 * MAX_DEPTH));
    let v = value(&wide, Syntax::Cpp);
    assert_eq!(
        v.to_string(),
        format!("({})", copies("(_2)", ",", 2 * MAX_DEPTH))
    );
}

// scaled.rs `cpp_call_tree`: `self.depth += 1` -> `-=`/`*=`, `self.depth > MAX_DEPTH` ->
// `>=`/`==`, `self.depth -= 1` -> `+=`/`/=`
#[test]
fn cpp_basis_shapes_nest_up_to_the_depth_limit() {
    let layout = |n: usize| {
        format!(
            "make_layout({},{})",
            nested("make_shape(", "2", ")", n),
            nested("make_stride(", "E<0>{}", ")", n)
        )
    };
    let v = value(&layout(MAX_DEPTH), Syntax::Cpp);
    assert_eq!(v.kind(), Kind::Basis);
    parse_error(&layout(MAX_DEPTH + 1), Syntax::Cpp, "levels of nesting");
    let n = 2 * MAX_DEPTH;
    let wide = format!(
        "make_layout(make_shape({}),make_stride({}))",
        copies("make_shape(2)", ",", n),
        copies("make_stride(E<0>{})", ",", n)
    );
    let v = value(&wide, Syntax::Cpp);
    assert_eq!(
        v.to_string(),
        format!("({}):({})", copies("(2)", ",", n), copies("(_1@0)", ",", n))
    );
}

// python.rs `python_tiler`: `self.depth += 1` -> `-=`/`*=`, `self.depth > MAX_DEPTH` ->
// `>=`/`==`, `self.depth -= 1` -> `+=`/`/=`
#[test]
fn python_tilers_nest_up_to_the_depth_limit() {
    let tiler = |n: usize| nested("(", "cute.make_layout(4, stride=2),", ")", n);
    let v = value(&tiler(MAX_DEPTH), Syntax::Dsl);
    assert_eq!(v.kind(), Kind::Tiler);
    parse_error(&tiler(MAX_DEPTH + 1), Syntax::Dsl, "levels of nesting");
    let n = 2 * MAX_DEPTH;
    let wide = format!(
        "(cute.make_layout(4, stride=2), {})",
        copies("(2,)", ", ", n)
    );
    let v = value(&wide, Syntax::Dsl);
    assert_eq!(v.to_string(), format!("<_4:_2,{}>", copies("<_2>", ",", n)));
}

// python.rs `tuple_len`: deleting the match arm `b')'` (the bracketed text then runs to the end
// of the input), `end + 1` -> `end - 1` (it stops short of its last two characters)
#[test]
fn a_basis_call_is_the_bracketed_call_only() {
    assert!(!Parser::new("make_layout(4,2),E<0>{}").at_basis_call());
    assert!(!Parser::new("cute.make_layout(4, stride=2), cute.E(0)").at_basis_call());
    assert!(Parser::new("make_layout(4,E<)").at_basis_call());
}

// spelled.rs `spelled_leaf`: `w.starts_with('_') && w.len() < word.len()` -> `||` (a word
// `cute::X` is then read from `X`, and an unknown one is reported 6 bytes further on)
#[test]
fn an_unknown_cute_name_is_reported_where_it_starts() {
    assert_eq!(
        value("Shape<cute::_8,cute::Int<4>>", Syntax::Cpp).to_string(),
        "(_8,_4)"
    );
    parse_error(
        "Shape<cute::x>",
        Syntax::Cpp,
        "parse error at byte 6: expected an integer, found 'c'",
    );
}

// scaled.rs `arith_tuple`: the match guard `start.rank() == 1` -> `true`/`false`, `==` -> `!=`
// (C++ prints an integer start with no parentheses, `ArithTuple_0`; a one-integer start in
// parentheses is that integer, a longer one is not)
#[test]
fn only_a_one_integer_start_is_read_as_an_integer() {
    for text in ["ArithTuple(_0) o 4:_1", "ArithTuple_0 o 4:_1"] {
        let v = value(text, Syntax::Cute);
        assert_eq!(v.kind(), Kind::IdentityTensor, "{text}");
        assert_eq!(v.to_string(), "ArithTuple_0 o 4:_1", "{text}");
    }
    let e = eval("ArithTuple(_0,_0) o (2,3):(_1,_1)")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the stride _1 names a mode the start (_0,_0) does not have"),
        "{e}"
    );
}
