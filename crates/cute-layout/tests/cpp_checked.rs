//! Swizzle compositions, swizzled tensors, swizzled slices and negative-stride compositions,
//! each value printed by CuTe C++ (nvidia-cutlass 4.2.0.0 headers, compiled host-only with g++
//! -std=c++17: `print(composition(Swizzle<0,4,3>{}, _0{}, L))`, `print(local_tile(make_tensor(
//! ptr, CL), tile, coord).layout())` with the pointer difference as the offset, ...).

use cute_layout::error::LayoutError;
use cute_layout::eval::eval;
use cute_layout::Layout;

fn ok(expr: &str) -> String {
    match eval(expr) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn err(expr: &str) -> LayoutError {
    match eval(expr) {
        Ok(v) => panic!("{expr} gave {v}, expected an error"),
        Err(e) => e,
    }
}

/// C++'s `composition(Swizzle<0,M,S>, Int<0>, L)` is `L`; every composition and structural
/// operation that builds a composed layout goes through it.
#[test]
fn identity_swizzle_collapses_as_in_cpp() {
    let cases = [
        // composition(Swizzle<0,4,3>{}, L)
        ("composition(Sw<0,4,3>, (_8,_8):(_8,_1))", "(_8,_8):(_8,_1)"),
        // composition(Swizzle<0,4,3>{}, _0{}, L)
        (
            "composition(Sw<0,4,3>, _0, (_8,_8):(_8,_1))",
            "(_8,_8):(_8,_1)",
        ),
        // a nonzero or dynamic offset keeps it
        (
            "composition(Sw<0,4,3>, _4, (_8,_8):(_8,_1))",
            "Sw<0,4,3> o _4 o (_8,_8):(_8,_1)",
        ),
        (
            "composition(Sw<0,4,3>, 0, (_8,_8):(_8,_1))",
            "Sw<0,4,3> o 0 o (_8,_8):(_8,_1)",
        ),
        (
            "composition(Sw<2,0,3>, _1, (_8,_8):(_8,_1))",
            "Sw<2,0,3> o _1 o (_8,_8):(_8,_1)",
        ),
        // composition(L, _0{}, make_layout(_4{})): a layout outer function is kept
        (
            "composition((_8,_8):(_8,_1), _0, _4)",
            "(_8,_8):(_8,_1) o _0 o _4:_1",
        ),
        // make_composed_layout builds it as given
        (
            "make_composed_layout(Sw<0,4,3>, _0, (_8,_8):(_8,_1))",
            "Sw<0,4,3> o _0 o (_8,_8):(_8,_1)",
        ),
        // structural operations: composition(A, offset, f(B))
        (
            "coalesce(Sw<0,4,3> o _0 o (_8,_8):(_8,_1))",
            "(_8,_8):(_8,_1)",
        ),
        (
            "logical_divide(Sw<0,4,3> o _0 o (_8,_8):(_8,_1), _8)",
            "(_8,_8):(_8,_1)",
        ),
        (
            "slice((_,_), Sw<0,4,3> o _0 o (_8,_8):(_8,_1))",
            "(_8,_8):(_8,_1)",
        ),
        // composition(L, Sw): the commuted swizzle, or L where it is the identity
        ("composition((_8,_8):(_8,_1), Sw<0,4,3>)", "(_8,_8):(_8,_1)"),
        (
            "composition((_8,_8):(_8,_1), Sw<1,0,1>)",
            "Sw<1,3,1> o _0 o (_8,_8):(_8,_1)",
        ),
        (
            "composition((_8,_8):(_8,_1), Sw<1,0,1> o _0 o _64:_1)",
            "Sw<1,3,1> o _0 o (_8,_8):(_8,_1)",
        ),
        (
            "composition(_8:_8, Sw<1,0,3> o _0 o _8:_1)",
            "Sw<1,3,3> o _0 o _8:_8",
        ),
        // right_inverse(Sw<1,0,1> o _0 o _2:_4) = composition(_1:_0, Sw<1,0,1>) = _1:_0
        ("right_inverse(Sw<1,0,1> o _0 o _2:_4)", "_1:_0"),
        // composition(Swizzle, Swizzle) stays a swizzle
        ("composition(Sw<1,0,2>, Sw<1,0,2>)", "Sw<0,0,0>"),
        // upcast<2>(Sw<1,0,1> o _0 o _8:_1): C++ keeps it
        (
            "upcast(Sw<1,0,1> o _0 o _8:_1, 2)",
            "Sw<0,0,1> o _0 o _4:_1",
        ),
    ];
    for (expr, cpp) in cases {
        assert_eq!(ok(expr), cpp, "{expr}");
    }
    // C++ has no composition(Swizzle, ComposedLayout); ours merges the swizzles and then follows
    // the three-argument composition, so an identity merge leaves the layout
    assert_eq!(
        ok("composition(Sw<1,0,2>, Sw<1,0,2> o _0 o _16:_1)"),
        "_16:_1"
    );
    assert_eq!(
        ok("composition(Sw<1,0,2>, Sw<1,1,2> o _0 o _16:_1)"),
        "Sw<2,0,2> o _0 o _16:_1"
    );
}

/// `size(make_tensor(ptr, CL))` is the size of its layout; so are rank, depth, shape; C++ has
/// no `cosize(T)` (the library refuses it too): `cosize(T.layout())` is `cosize(layout(T))`.
#[test]
fn swizzled_tensors_have_the_size_of_their_layout() {
    let t = "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)+3";
    // size(T), rank(T), depth(T), shape(T)
    let cases = [
        ("size", "_64"),
        ("rank", "_2"),
        ("depth", "_1"),
        ("shape", "(_8,_8)"),
    ];
    for (op, cpp) in cases {
        assert_eq!(ok(&format!("{op}({t})")), cpp, "{op}");
        // the same as of the composed layout and of the ordinary tensor
        assert_eq!(ok(&format!("{op}(Sw<3,4,3> o _0 o (_8,_8):(_8,_1))")), cpp);
        assert_eq!(ok(&format!("{op}((_8,_8):(_8,_1)+3)")), cpp);
    }
    assert_eq!(ok(&format!("cosize(layout({t}))")), "_64");
    assert_eq!(ok("cosize(layout((_8,_8):(_8,_1)+3))"), "_64");
    assert!(err(&format!("cosize({t})"))
        .to_string()
        .contains("take layout(T) first"));
}

/// `local_tile(make_tensor(ptr, CL), tile, coord)`: its layout and the pointer offset.
#[test]
fn local_tile_of_swizzled_layouts_as_in_cpp() {
    let cases = [
        // the swizzle has no effect within the tile: a plain tensor, in C++ too
        (
            "local_tile(Sw<3,4,3> o _0 o (_8,_8):(_8,_1), (_4,_4), (1,1))",
            "(_4,_4):(_8,_1)+36",
        ),
        (
            "local_tile(Sw<3,4,3> o _0 o (_8,_8):(_8,_1), (_4,_8), (1,0))",
            "(_4,_8):(_8,_1)+32",
        ),
        // C++ prints the offset `_0`: the dynamic coordinate reaches no bit of the swizzle
        (
            "local_tile(Sw<2,0,3> o _0 o (_8,_8):(_8,_1), (_4,_4), (1,1))",
            "Sw<2,0,3> o _0 o (_4,_4):(_8,_1)+36",
        ),
        (
            "local_tile(Sw<2,0,3> o _0 o (_8,_8):(_8,_1), (_4,_8), (1,0))",
            "Sw<2,0,3> o _0 o (_4,_8):(_8,_1)+32",
        ),
        // C++: Sw<2,0,3> o M_0|(16&16)=16 o (_2,_8):(_8,_1): a dynamic 16
        (
            "local_tile(Sw<2,0,3> o _0 o (_8,_8):(_8,_1), (_2,_8), (1,0))",
            "Sw<2,0,3> o 16 o (_2,_8):(_8,_1)+0",
        ),
        (
            "local_tile(Sw<2,0,3> o _0 o (_8,_8):(_8,_1), (_2,_8), (_1,_0))",
            "Sw<2,0,3> o _16 o (_2,_8):(_8,_1)+_0",
        ),
    ];
    for (expr, cpp) in cases {
        assert_eq!(ok(expr), cpp, "{expr}");
    }
}

/// C++ gives `local_tile(Sw<2,0,6> o _6 o (_8,_8):(_8,_1), (_4,_2), (1,1))` =
/// `(_4,_2):(_8,_1)` at offset 36, but element (0,0) is `CL(4,2)` = 40 in C++ too: its rule adds
/// the offset 6 to `L(c)` = 34 as if by XOR. Refused, naming that condition.
#[test]
fn swizzled_slice_with_overlapping_offset_is_refused() {
    let cases = [
        (
            "local_tile(Sw<2,0,6> o _6 o (_8,_8):(_8,_1), (_4,_2), (1,1))",
            "differs at 0: 36 ≠ 40",
            "L(c) = 34",
        ),
        // C++: (_2,_4):(_8,_1) at 54; its element (1,2) is at 64, CL(7,2) = 65
        (
            "local_tile(Sw<2,0,6> o _6 o (_8,_8):(_8,_1), (_2,_4), 3)",
            "differs at 5: 64 ≠ 65",
            "L(c) = 58",
        ),
    ];
    for (expr, numbers, at) in cases {
        let e = err(expr).to_string();
        assert!(e.contains(numbers), "{e}");
        assert!(e.contains(at), "{e}");
        assert!(e.contains("needs offset & L(c) == 0"), "{e}");
        assert!(e.contains("they share the bits 2"), "{e}");
    }
}

/// C++'s "Stride Divisibility Condition" `d % a == 0 or d < a` passes every negative stride:
/// `composition((_4,_6):(_1,_5), _2:_-5)` compiles and gives `_2:_-10`, but `A(-5)` = `-6`.
/// Refused, naming the condition; a negative stride for which the result is right is kept.
#[test]
fn negative_stride_divisibility_is_named() {
    let a: Layout = "(_4,_6):(_1,_5)".parse().unwrap();
    for (expr, stride, cpp, b1, a_b1) in [
        (
            "composition((_4,_6):(_1,_5), _2:_-5)",
            "_-5",
            "_2:_-10",
            -5,
            -6,
        ),
        (
            "composition((_4,_6):(_1,_5), _3:_-6)",
            "_-6",
            "_3:_-10",
            -6,
            -7,
        ),
    ] {
        let e = err(expr);
        assert!(
            matches!(
                e.root(),
                LayoutError::Divisibility {
                    condition: "Stride Divisibility Condition",
                    ..
                }
            ),
            "{e}"
        );
        let text = e.to_string();
        assert!(text.contains(&format!("the stride {stride}")), "{text}");
        assert!(text.contains("extent _4"), "{text}");
        // what C++ returns is not A ∘ B (C++ prints A(_-5) = _-6, A(_-6) = _-7)
        assert_eq!(a.eval(b1).unwrap(), a_b1);
        assert_ne!(cpp.parse::<Layout>().unwrap().eval(1).unwrap(), a_b1);
    }
    // C++: composition((_4,_6):(_1,_4), _2:_-6) = _2:_-6, and A(-6) = -6
    assert_eq!(ok("composition((_4,_6):(_1,_4), _2:_-6)"), "_2:_-6");
    // the positive stride is C++'s static_assert "Stride Divisibility Condition"
    let e = err("composition((_4,_6):(_1,_5), _2:_5)");
    assert!(
        e.to_string().contains("Stride Divisibility Condition"),
        "{e}"
    );
}

/// Values of scaled-basis layouts are not called identity layouts.
#[test]
fn scaled_basis_layouts_are_named_so() {
    let e = err("cosize((4,3):(_2@0,_1@1))").to_string();
    assert!(
        e.contains("the scaled-basis layout (4,3):(_2@0,_1@1)"),
        "{e}"
    );
    assert!(!e.contains("identity layout"), "{e}");
}

/// C++'s `size<I...>(L)`, `shape<I...>`, `stride<I...>`, `rank<I...>`, `depth<I...>` and
/// `cosize<I...>` take the mode at the path `I...` first; on a tensor they answer for its
/// layout (`size<1>(make_tensor(ptr + 5, L))` is `_12`).
#[test]
fn mode_template_queries_as_in_cpp() {
    let l = "(_2,(_3,_4)):(_1,(_3,_12))";
    for (q, want) in [
        ("size<1>", "_12"),
        ("stride<1,1>", "_12"),
        ("shape<1>", "(_3,_4)"),
        ("rank<1>", "_2"),
        ("depth<1>", "_1"),
        ("cosize<1>", "_43"),
        ("size<1,0>", "_3"),
        ("shape<0>", "_2"),
        ("cute::size<1>", "_12"),
    ] {
        assert_eq!(ok(&format!("{q}({l})")), want, "{q}");
    }
    assert_eq!(ok(&format!("size<1>({l}+5)")), "_12");
    assert_eq!(ok(&format!("shape<1>({l}+5)")), "(_3,_4)");
    // a path past the layout's modes is `get`'s error, named by the query
    let e = err(&format!("size<2>({l})")).to_string();
    assert!(e.contains("size"), "{e}");
}
