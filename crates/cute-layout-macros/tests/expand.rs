//! Every expansion agrees with the run-time library: `eval`, `idx2crd` and `crd2idx` at every
//! index of the layout (at sampled indices for the largest), and past the size.

use cute_layout::{idx2crd, Int, IntTuple, Layout};
use cute_layout_macros::{cute, layout};

/// Checks an expansion (its text, `eval`, `idx2crd` printed with `Debug`, and `crd2idx` of
/// `idx2crd`) against the library's layout of the same text, at the given indices.
fn verify(
    text: &str,
    eval: impl Fn(u32) -> i64,
    crd: impl Fn(u32) -> String,
    offset_of_crd: impl Fn(u32) -> i64,
    indices: impl Iterator<Item = u32>,
) -> usize {
    let l: Layout = text.parse().expect("the macro prints CuTe notation");
    let mut checked = 0;
    for i in indices {
        let index = i64::from(i);
        assert_eq!(eval(i), l.eval(index).unwrap(), "{text} eval at {i}");
        let want = idx2crd(&IntTuple::leaf(Int::dynamic(index)), l.shape()).unwrap();
        let got = crd(i).replace(' ', "").replace(",)", ")");
        assert_eq!(
            got,
            want.to_string().replace('_', ""),
            "{text} idx2crd at {i}"
        );
        assert_eq!(
            offset_of_crd(i),
            l.call(&want).unwrap().value(),
            "{text} crd2idx at {i}"
        );
        checked += 1;
    }
    checked
}

/// Every index of the layout and a few past it, up to `u32::MAX`.
fn all_and_past(text: &str) -> impl Iterator<Item = u32> + use<> {
    let size = text.parse::<Layout>().unwrap().size().unwrap().value() as u32;
    (0..size).chain([size, size + 1, size * 3 + 2, u32::MAX - 1, u32::MAX])
}

macro_rules! check {
    ($l:expr) => {{
        let l = $l;
        let text = l.to_string();
        let n = verify(
            &text,
            |i| l.eval(i),
            |i| format!("{:?}", l.idx2crd(i)),
            |i| l.crd2idx(l.idx2crd(i)),
            all_and_past(&text),
        );
        assert!(n > 5, "{text}: checked only {n} indices");
    }};
}

#[test]
fn literals_agree_with_the_library() {
    check!(layout!("(_8,_8):(_8,_1)"));
    check!(layout!((_8, _8):(_8, _1)));
    check!(layout!("(3,(4,5)):(20,(1,-4))"));
    check!(layout!("((_2,_3),(_5,_7)):((_0,_70),(_1,_14))"));
    check!(layout!("(1,(4,1)):(5,(1,7))"));
    check!(layout!("12:3"));
    check!(layout!("(7):(2)"));
    check!(layout!("((2,(3,2)),((5,1),3)):((-1,(2,100)),((0,9),-3))"));
}

#[test]
fn expressions_agree_with_the_library() {
    check!(cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))"));
    check!(cute!("composition((6,2):(8,2),(4,3):(3,1))"));
    check!(cute!("blocked_product((_2,_2):(_1,_2),(_3,_4):(_4,_1))"));
    check!(cute!(
        "zipped_divide((_12,(_4,_8)):(_59,(_13,_1)),<_3:_4,_8:_1>)"
    ));
    check!(cute!("complement((_4,_6):(_1,_4),_48)"));
}

#[test]
fn the_largest_layouts_agree_at_sampled_indices() {
    let l = layout!("(65536,65537):(1,65536)");
    let text = l.to_string();
    let sample = (0..u32::MAX).step_by(9_999_991).chain([u32::MAX]);
    let n = verify(
        &text,
        |i| l.eval(i),
        |i| format!("{:?}", l.idx2crd(i)),
        |i| l.crd2idx(l.idx2crd(i)),
        sample,
    );
    assert!(n > 400);
}

#[test]
fn constants_and_const_evaluation() {
    const L: i64 = layout!("(_4,_4):(_4,_1)").eval(6);
    assert_eq!(L, 9);
    let l = cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))");
    let runtime: Layout = l.to_string().parse().unwrap();
    assert_eq!(runtime.size().unwrap().value() as u64, 64);
    assert_eq!(format!("{l}"), runtime.to_string());
}

#[test]
fn compile_errors_carry_the_library_message() {
    // trybuild runs the compiler on each file under tests/ui and compares its messages
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
