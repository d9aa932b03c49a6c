//! The categorical layer through the expression language: `is_tractable`, `to_morphism` and
//! `from_morphism` as `cute eval` reads them (the typed API is tested in
//! `crates/cute-layout/tests/api/category.rs`).

#[test]
fn eval_operations() {
    use cute_tools::eval::eval;
    let e = |s: &str| {
        eval(s)
            .map(|v| v.to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    };
    assert_eq!(e("is_tractable((4,8):(3,3))"), "false");
    assert_eq!(e("is_tractable((2,2,2,2):(1,2048,16,64))"), "true");
    assert_eq!(
        e("to_morphism((2,2,2,4,4):(2,1,64,4,16))"),
        "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)"
    );
    assert_eq!(e("to_morphism(4:2)"), "4 -> (2,4) over (2)");
    assert_eq!(
        e("from_morphism((2,2,2) -> (2,2,4) over (1,*,2))"),
        "(2,2,2):(1,0,2)"
    );
    assert_eq!(
        e("from_morphism((32,(2,2)) -> (3,2,4,2,4,32) over (6,4,2))"),
        "(32,(2,2)):(192,(24,3))"
    );
    assert!(e("to_morphism((8,8):(3,7))").contains("not tractable: modes 0 (8:3) and 1 (8:7)"));
    assert!(e("from_morphism((2,2):(1,2))").starts_with("error"));
}
