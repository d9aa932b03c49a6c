//! The divides and `ceil_div` through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/divides.rs`.

use crate::common::{lay, tup};
use cute_layout::complement;

// From the C++ reference (cute-cpp-semantics.md) section 9, divides.
/// Ref §9: `ceil_div(target, T)` is the shape of `complement(T, shape(target))`:
/// `ceil_div(_100, _32:_1)` is `_4`, `ceil_div((100,50), _32:_1)` is `200`.
#[test]
fn ref9_ceil_div_by_a_layout() {
    let rest = |target: &str| {
        complement(&lay("_32:_1"), &tup(target))
            .unwrap()
            .shape()
            .to_string()
    };
    assert_eq!(rest("_100"), "_4");
    assert_eq!(rest("(100,50)"), "200");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn tiler_rank() {
    use cute_layout::Tiler;
    let rank = |s: &str| s.parse::<Tiler>().unwrap().rank();
    assert_eq!(rank("<2:1,3:1,_>"), 3);
    assert_eq!(rank("<>"), 0);
    assert_eq!(rank("(4,3)"), 2);
    assert_eq!(rank("4"), 1);
    assert_eq!(rank("_"), 1);
    assert_eq!(rank("(2,4):(1,2)"), 1);
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn tile_unzip_checks_the_tiler_rank() {
    use cute_layout::{tile_unzip, Tiler};
    let t = |s: &str| s.parse::<Tiler>().unwrap();
    let e = tile_unzip(&lay("4:1"), &t("<2>")).unwrap_err();
    assert!(
        e.to_string().contains("has fewer modes than the tiler"),
        "{e}"
    );
    let e = tile_unzip(&lay("((2,2),(2,2)):((1,2),(4,8))"), &t("<2,2,2>")).unwrap_err();
    assert!(
        e.to_string().contains("has fewer modes than the tiler"),
        "{e}"
    );
}
