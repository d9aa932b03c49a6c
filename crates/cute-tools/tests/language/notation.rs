//! The literal notation (`notation/mod.rs`): parse errors, white space, tiler depth and modes,
//! scoped literals.

use crate::common::{check, fails};
use cute_layout::LayoutError;

// From cargo mutants, a survivor in notation/mod.rs (docs/dev/mutation-testing.md).
/// `Parser::input`: an error names the text it was read from (mutants return `""` or `"xyzzy"`).
#[test]
fn parse_error_names_its_input() {
    match fails("9abc(2)") {
        LayoutError::Parse { input, pos, .. } => assert_eq!((input.as_str(), pos), ("9abc(2)", 0)),
        e => panic!("{e:?}"),
    }
}

// From cargo mutants, a survivor in notation/mod.rs (docs/dev/mutation-testing.md).
/// `Parser::skip_unicode_ws`: non-ASCII white space (U+00A0, U+3000) between tokens is skipped
/// like ASCII space (mutants: return `false`, guard `false`, `+=` -> `-=` / `*=`).
#[test]
fn unicode_white_space_between_tokens() {
    check("size(\u{a0}(2,\u{3000}3)\u{a0})", "6");
    check("\u{3000}(2,3):(1,2)", "(2,3):(1,2)");
}

// From cargo mutants, a survivor in notation/mod.rs (docs/dev/mutation-testing.md).
/// `Parser::tiler_tuple`: a tiler nested exactly `MAX_DEPTH` deep parses (mutants `>` -> `>=` /
/// `==` refuse it), and the depth goes back down after each sub-tiler, so more sibling
/// sub-tilers than `MAX_DEPTH` parse (mutants `-=` -> `+=` / `/=`).
#[test]
fn tiler_depth_counts_nesting_not_siblings() {
    use cute_layout::{Tiler, MAX_DEPTH};
    let deep = format!("{}2{}", "<".repeat(MAX_DEPTH), ">".repeat(MAX_DEPTH));
    assert!(deep.parse::<Tiler>().is_ok(), "{deep}");
    let deeper = format!("<{deep}>");
    assert!(deeper.parse::<Tiler>().is_err());
    let wide = format!("<{}>", vec!["<1>"; MAX_DEPTH + 2].join(","));
    let t: Tiler = wide.parse().unwrap();
    assert_eq!(t.to_string(), wide);
}

// From cargo mutants, a survivor in notation/mod.rs (docs/dev/mutation-testing.md).
/// `Parser::tiler_into` / `literal_tiler`: a spelled C++ literal, a layout, a tiler and a
/// coordinate inside a tiler (mutants delete each arm).
#[test]
fn tiler_modes_of_every_literal_kind() {
    use cute_layout::Tiler;
    for (text, want) in [
        ("<Shape<_4,_2>,_3>", "<<_4,_2>,_3>"),
        ("<Tile<_4,_2>,_3>", "<<_4,_2>,_3>"),
        ("<Layout<_4,_2>,_3>", "<_4:_2,_3>"),
        ("<3:2,(2,_)>", "<3:2,<2,_>>"),
        ("<<2,3>,4>", "<<2,3>,4>"),
    ] {
        let t: Tiler = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.to_string(), want, "{text}");
    }
}

// From cargo mutants, a survivor in notation/mod.rs (docs/dev/mutation-testing.md).
/// `Parser::literal_into`: a DSL `cutlass.Int32(n)` literal and a `cute::`-scoped literal.
#[test]
fn scoped_literals() {
    check("size(cute::_4)", "_4");
    let v = cute_tools::eval::eval_in("cutlass.Int32(4)", cute_layout::notation::Syntax::Dsl);
    let v = v.unwrap();
    assert_eq!(v.to_string(), "4");
    assert!(matches!(v, cute_layout::value::Value::Int(_)), "{v:?}");
}
