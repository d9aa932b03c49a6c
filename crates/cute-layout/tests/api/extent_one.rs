//! Integer tilers (`make_layout(n)`: the compact stride of an extent-1 mode is 0) through the typed
//! API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/extent_one.rs`.

use cute_layout::Tiler;

#[test]
fn integer_tilers_print_and_parse_back() {
    let t: Tiler = "(4,_1)".parse().unwrap();
    assert_eq!(t.to_string(), "<4,_1>");
    assert_eq!(t.to_string().parse::<Tiler>().unwrap(), t);
}
