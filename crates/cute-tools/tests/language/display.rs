//! `Display` of every value type honours width, fill and alignment (precision is ignored).

use cute_layout::{Coord, Int, IntTuple, Layout, Tiler};
use cute_tools::eval::eval;
use proptest::prelude::*;

#[test]
fn integers_pad_right_by_default_as_rust_numbers_do() {
    assert_eq!(format!("{:>5}", Int::fixed(8)), "   _8");
    assert_eq!(format!("{:5}", Int::dynamic(8)), "    8");
    assert_eq!(format!("{:<8}|", Int::dynamic(-12)), "-12     |");
    assert_eq!(format!("{:^9}", Int::fixed(42)), "   _42   ");
    assert_eq!(format!("{:*^6}", Int::dynamic(7)), "**7***");
    assert_eq!(format!("{:1}", Int::fixed(1000)), "_1000");
    assert_eq!(format!("{}", Int::fixed(8)), "_8");
}

#[test]
fn every_value_type_pads_left_by_default_as_strings_do() {
    let l: Layout = "(2,3):(3,1)".parse().unwrap();
    assert_eq!(format!("{l:<14}|"), "(2,3):(3,1)   |");
    assert_eq!(format!("{l:>14}"), "   (2,3):(3,1)");
    assert_eq!(format!("{l:-^15}"), "--(2,3):(3,1)--");
    let t: IntTuple = "(2,(3,_4))".parse().unwrap();
    assert_eq!(format!("{t:^14}"), "  (2,(3,_4))  ");
    let c: Coord = "(_,1)".parse().unwrap();
    assert_eq!(format!("{c:.>7}"), "..(_,1)");
    let tiler: Tiler = "<2:1,_>".parse().unwrap();
    assert_eq!(format!("{tiler:9}|"), "<2:1,_>  |");
    for text in [
        "Sw<3,4,3>",
        "Sw<1,0,1> o _0 o (2,2):(2,1)",
        "(2,2):(2,1)+3",
        "make_identity_tensor((2,3))",
        "make_identity_layout((2,3))",
        "make_layout_tv(4:1,2:1)",
        "to_morphism((4,5):(1,64))",
        "congruent(2,2)",
        "(4,8)",
        "SM80_16x8x16_F32F16F16F32_TN",
    ] {
        let v = eval(text).unwrap();
        let plain = v.to_string();
        let w = plain.chars().count() + 4;
        assert_eq!(format!("{v:w$}"), format!("{plain}    "), "{text}");
        assert_eq!(format!("{v:#>w$}"), format!("####{plain}"), "{text}");
        assert_eq!(format!("{v:^w$}"), format!("  {plain}  "), "{text}");
        assert_eq!(format!("{v}"), plain, "{text}");
    }
    assert_eq!(format!("{:>4}", eval("size((2,3))").unwrap()), "   6");
}

proptest! {
    /// Padded text is the plain text with `width - len` fill characters placed by the
    /// alignment, and never shorter than the plain text.
    #[test]
    fn padding_adds_only_fill(n in -5000i64..5000, s in proptest::bool::ANY, width in 0usize..20, align in 0u8..3) {
        let i = if s { Int::fixed(n) } else { Int::dynamic(n) };
        let plain = i.to_string();
        let got = match align {
            0 => format!("{i:~<width$}"),
            1 => format!("{i:~>width$}"),
            _ => format!("{i:~^width$}"),
        };
        prop_assert_eq!(got.chars().count(), width.max(plain.len()));
        prop_assert_eq!(got.trim_matches('~'), plain.as_str());
        let layout: Layout = format!("({plain},2):(1,{plain})").parse().unwrap();
        let l = layout.to_string();
        let got = format!("{layout:~>width$}");
        prop_assert_eq!(got.chars().count(), width.max(l.len()));
        prop_assert!(got.ends_with(&l));
    }
}
