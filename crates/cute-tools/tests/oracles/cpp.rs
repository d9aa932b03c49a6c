//! Swizzle compositions, swizzled tensors, swizzled slices and negative-stride compositions,
//! each value printed by CuTe C++ (nvidia-cutlass 4.2.0.0 headers, compiled host-only with g++
//! -std=c++17: `print(composition(Swizzle<0,4,3>{}, _0{}, L))`, `print(local_tile(make_tensor(
//! ptr, CL), tile, coord).layout())` with the pointer difference as the offset, ...).

use cute_layout::error::LayoutError;
use cute_layout::Layout;
use cute_tools::eval::eval;

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

/// C++'s `get<I...>(t)` on an int-tuple is its element at the path `I...` (an integer is its
/// own mode 0: `get<0>(7)` is `7`), and `size<I...>(t)`, `rank<I...>`, `depth<I...>` and
/// `shape<I...>` are those of that element; static tags are kept, a dynamic element stays
/// dynamic. Each value is what `print(EXPR)` printed for the C++ expression in its comment,
/// with `s = make_tuple(_4{}, make_tuple(_8{}, _2{}))`, `d = make_tuple(4, make_tuple(8, 2))`,
/// `m = make_tuple(4, make_tuple(_8{}, 2))`,
/// `t3 = make_tuple(_2{}, make_tuple(_3{}, make_tuple(_4{}, 5)))`.
#[test]
fn get_and_mode_queries_of_int_tuples_as_in_cpp() {
    let (s, d, m, t3) = (
        "(_4,(_8,_2))",
        "(4,(8,2))",
        "(4,(_8,2))",
        "(_2,(_3,(_4,5)))",
    );
    for (expr, want) in [
        (format!("get<1>({s})"), "(_8,_2)"),       // get<1>(s)
        (format!("get<1,0>({s})"), "_8"),          // get<1,0>(s)
        (format!("get<0>({s})"), "_4"),            // get<0>(s)
        (format!("size<1>({s})"), "_16"),          // size<1>(s)
        (format!("rank<1>({s})"), "_2"),           // rank<1>(s)
        (format!("depth<1>({s})"), "_1"),          // depth<1>(s)
        (format!("shape<1>({s})"), "(_8,_2)"),     // shape<1>(s)
        (format!("shape({s})"), "(_4,(_8,_2))"),   // shape(s)
        (format!("depth<1,0>({s})"), "_0"),        // depth<1,0>(s)
        (format!("rank<1,1>({s})"), "_1"),         // rank<1,1>(s)
        (format!("size<0>({s})"), "_4"),           // size<0>(s)
        (format!("get<1>({d})"), "(8,2)"),         // get<1>(d)
        (format!("get<1,0>({d})"), "8"),           // get<1,0>(d)
        (format!("size<1>({d})"), "16"),           // size<1>(d)
        (format!("rank<1>({d})"), "_2"),           // rank<1>(d)
        (format!("depth<1>({d})"), "_1"),          // depth<1>(d)
        (format!("shape<1>({d})"), "(8,2)"),       // shape<1>(d)
        (format!("shape<1,1>({d})"), "2"),         // shape<1,1>(d)
        (format!("get<1>({m})"), "(_8,2)"),        // get<1>(m)
        (format!("size<1>({m})"), "16"),           // size<1>(m)
        (format!("get<1,0>({m})"), "_8"),          // get<1,0>(m)
        (format!("size<1,0>({m})"), "_8"),         // size<1,0>(m)
        (format!("rank<1,0>({m})"), "_1"),         // rank<1,0>(m)
        (format!("depth<1,0>({m})"), "_0"),        // depth<1,0>(m)
        (format!("get<1,1>({t3})"), "(_4,5)"),     // get<1,1>(t3)
        (format!("get<1,1,1>({t3})"), "5"),        // get<1,1,1>(t3)
        (format!("get<1,1,1,0>({t3})"), "5"),      // get<1,1,1,0>(t3)
        (format!("size<1,1>({t3})"), "20"),        // size<1,1>(t3)
        (format!("depth<1>({t3})"), "_2"),         // depth<1>(t3)
        (format!("shape<1,1>({t3})"), "(_4,5)"),   // shape<1,1>(t3)
        ("get<0>(7)".to_string(), "7"),            // get<0>(7)
        ("get<0>(_7)".to_string(), "_7"),          // get<0>(_7{})
        ("get<0,0>(7)".to_string(), "7"),          // get<0,0>(7)
        ("size<0>(7)".to_string(), "7"),           // size<0>(7)
        ("rank<0>(7)".to_string(), "_1"),          // rank<0>(7)
        ("depth<0>(7)".to_string(), "_0"),         // depth<0>(7)
        ("shape<0>(7)".to_string(), "7"),          // shape<0>(7)
        ("get((4,(8,2)), 1, 0)".to_string(), "8"), // get<1,0>(d), the call form
        // c = make_coord(_, make_coord(2, _))
        ("get<0>((_,(2,_)))".to_string(), "_"), // get<0>(c)
        ("get<1>((_,(2,_)))".to_string(), "(2,_)"), // get<1>(c)
        ("get<1,0>((_,(2,_)))".to_string(), "2"), // get<1,0>(c)
    ] {
        assert_eq!(ok(&expr), want, "{expr}");
    }
    // a layout keeps its sub-layout: L = make_layout(make_shape(4, make_shape(_8{}, 2)),
    // make_stride(_1{}, make_stride(4, 32)))
    let l = "(4,(_8,2)):(_1,(4,32))";
    for (expr, want) in [
        (format!("get<1>({l})"), "(_8,2):(4,32)"), // get<1>(L)
        (format!("get<1,0>({l})"), "_8:4"),        // get<1,0>(L)
        (format!("shape<1>({l})"), "(_8,2)"),      // shape<1>(L)
        (format!("stride<1>({l})"), "(4,32)"),     // stride<1>(L)
        (format!("size<1>({l})"), "16"),           // size<1>(L)
    ] {
        assert_eq!(ok(&expr), want, "{expr}");
    }
}

/// C++ refuses a mode index past the rank (`static_assert` "Index out of range", for
/// `get<2>(s)`, `size<1,2>(s)`, `get<1>(7)` and `get<0>(make_tuple())`), and has no `stride`,
/// `cosize` or `layout<I>` of an int-tuple (no matching function): each is an error naming the
/// operation, the index and the rank.
#[test]
fn mode_paths_past_an_int_tuple_are_refused_as_in_cpp() {
    for (expr, op, index, rank) in [
        ("get<2>((_4,(_8,_2)))", "get", 2, 2),
        ("size<1,2>((_4,(_8,_2)))", "size", 2, 2),
        ("get<1>(7)", "get", 1, 1),
        ("get<0>(())", "get", 0, 0),
        ("get((4,(8,2)), 1, 2)", "get", 2, 2),
    ] {
        let e = err(expr);
        assert!(
            matches!(e.root(), LayoutError::IndexOutOfRange { index: i, rank: r, .. } if (*i, *r) == (index, rank)),
            "{expr}: {e:?}"
        );
        let text = e.to_string();
        assert!(text.starts_with(&format!("{op}:")), "{expr}: {text}");
        assert!(
            text.contains(&format!("index {index} out of range for rank {rank}")),
            "{expr}: {text}"
        );
    }
    for (expr, op) in [
        ("stride<1>((_4,(_8,_2)))", "stride"),
        ("cosize<1>((_4,(_8,_2)))", "cosize"),
        ("layout<1>((_4,(_8,_2)))", "layout"),
        // (a mode the query would take: C++ has no `stride` of an int-tuple at all)
        ("stride<0>((_4,(_8,_2)))", "stride"),
        ("cosize<0>((_4,(_8,_2)))", "cosize"),
    ] {
        let text = err(expr).to_string();
        assert!(
            text.contains(&format!("of {op} must be `L`: layout or integer")),
            "{expr}: {text}"
        );
        // the argument as given, not the mode `get` took from it
        assert!(
            text.contains("got the tuple (_4,(_8,_2))"),
            "{expr}: {text}"
        );
    }
}

/// The inverses of layouts with a negative extent compute from shape and stride as C++ does
/// (docs/dev/reliability.md, "Negative extents"): each value printed by CuTe C++ 4.2 (g++,
/// host only), `print(left_inverse(make_layout(make_shape(Int<-4>{},Int<2>{}),
/// make_stride(Int<1>{},Int<4>{}))))` and so on; C++'s `left_inverse` needs static strides.
#[test]
fn inverses_of_negative_extents_are_cpps() {
    let cases = [
        ("left_inverse((_-4,_2):(_1,_4))", "(_4,_2):(_1,_-4)"),
        ("left_inverse((-4,2):(_1,_4))", "(_4,2):(_1,-4)"),
        ("right_inverse((_-4,_2):(_1,_4))", "_-4:_1"),
        ("left_inverse((_-4,_2):(_1,_-4))", "_-8:_1"),
    ];
    for (expr, cpp) in cases {
        assert_eq!(ok(expr), cpp, "{expr}");
    }
}
