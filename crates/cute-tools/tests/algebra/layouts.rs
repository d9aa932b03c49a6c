//! Layout construction, printing, coordinates, size and cosize, slicing and mode
//! manipulation: the worked examples of the seed documents and the facts of the C++ reference.

use crate::common::{check, ev, lay, tup, values};
use cute_layout::crd2idx_shape;

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "1. Shape and Stride": LayoutLeft `(M,N,K)` has strides `(1, M, M*N)`, LayoutRight
/// `(N*K, K, 1)` (here M=2, N=3, K=4).
#[test]
fn seed003_layout_left_and_right() {
    check("make_layout((_2,_3,_4))", "(_2,_3,_4):(_1,_2,_6)");
    check("make_layout_right((_2,_3,_4))", "(_2,_3,_4):(_12,_4,_1)");
    check("make_layout((2,3,4))", "(2,3,4):(_1,2,6)");
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "1.1 Example Layout": the 4x2 row-major matrix `(4,2):(2,1)` maps `(m,n)` to `2m + n`;
/// `((2,2),2):((4,1),2)` maps `((m,n),k)` to `4m + n + 2k`.
#[test]
fn seed003_example_layouts() {
    let a = lay("(4,2):(2,1)");
    let b = lay("((2,2),2):((4,1),2)");
    for m in 0..4 {
        for n in 0..2 {
            let at = a.call(&tup(&format!("({m},{n})"))).unwrap().value();
            assert_eq!(at, m * 2 + n);
            // "A(m, n) = A(m + n * 4)": the 1-D coordinate
            assert_eq!(a.eval(m + n * 4).unwrap(), at);
        }
    }
    for m in 0..2 {
        for n in 0..2 {
            for k in 0..2 {
                let c = tup(&format!("(({m},{n}),{k})"));
                assert_eq!(b.call(&c).unwrap().value(), m * 4 + n + k * 2);
            }
        }
    }
    // "This can still represent a 4x2 matrix"
    assert_eq!(b.size().unwrap().value(), 8);
    assert_eq!(
        b.shape().product_each().unwrap().to_string(),
        "(4,2)",
        "a 4x2 matrix"
    );
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "1.1": natural coordinates have the shape's profile: `(M,(N,K,L))` has 4.
#[test]
fn seed003_natural_coordinates() {
    let c = ev("idx2crd(0,(2,(3,4,5)))");
    assert_eq!(c, "(0,(0,0,0))");
    assert_eq!(tup(&c).leaf_count(), 4);
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "2. Coordinate Conversion": `(m,n,k)` of shape `(M,N,K)` is the 1-D coordinate
/// `m + n*M + k*M*N`.
#[test]
fn seed003_coordinate_conversion() {
    for (m, n, k) in [(1, 2, 3), (0, 0, 0), (1, 0, 2), (0, 2, 1)] {
        let c = tup(&format!("({m},{n},{k})"));
        assert_eq!(
            crd2idx_shape(&c, &tup("(2,3,4)")).unwrap().value(),
            m + n * 2 + k * 6
        );
        assert_eq!(
            ev(&format!("idx2crd({},(2,3,4))", m + n * 2 + k * 6)),
            c.to_string()
        );
    }
}

// From seed 003, "CuTe Layout and Tensor" (Yifan Yang).
/// 003, "2.1 Size and Cosize": size counts the domain, cosize the codomain; `shape<I>`,
/// `size<I>` and `cosize<I>` of one mode.
#[test]
fn seed003_size_and_cosize() {
    let l = lay("(4,2):(2,1)");
    assert_eq!(l.size().unwrap().value(), 8);
    assert_eq!(l.cosize().unwrap().value(), 8);
    let l = lay("((2,2),2):((4,1),2)");
    assert_eq!(l.mode(0).unwrap().shape().to_string(), "(2,2)");
    assert_eq!(l.mode(0).unwrap().size().unwrap().value(), 4);
    assert_eq!(l.mode(0).unwrap().cosize().unwrap().value(), 6);
}

// From seed 004, the Chinese walkthrough of the layout algebra.
/// 004, "Layout / 应用示例": `make_layout(Layout<Shape<_8>>{}, Layout<Shape<_9>>{})` prints
/// `((_8),(_9)):((_1),(_1))`, size `_72`, cosize `_16`.
#[test]
fn seed004_make_layout_of_layouts() {
    check("make_layout((_8))", "(_8):(_1)");
    check(
        "make_layout((_8):(_1),(_9):(_1))",
        "((_8),(_9)):((_1),(_1))",
    );
    check("size(((_8),(_9)):((_1),(_1)))", "_72");
    check("cosize(((_8),(_9)):((_1),(_1)))", "_16");
}

// From seed 002, the categorical treatment (plain layout facts only).
/// 002, "Layout Encoding": `L = (2,2):(1,2)` maps 0, 1, 2, 3 to themselves (`|f|(x) = x`).
#[test]
fn seed002_identity_layout() {
    assert_eq!(values(&lay("(2,2):(1,2)")), [0, 1, 2, 3]);
    // "Identity Morphism": (2,2,2):(1,2,4) is column-major, (2,2,2):(4,2,1) row-major
    check("make_layout((2,2,2))", "(2,2,2):(_1,2,4)");
    check("make_layout_right((2,2,2))", "(2,2,2):(4,2,_1)");
    // "Degenerate": (8,1,1):(1,8,8) is the layout 8:1
    check("coalesce((_8,_1,_1):(_1,_8,_8))", "_8:_1");
}

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
/// Ref §2.1: `make_layout` printing. `make_layout(make_shape(2,4))` is `(2,4):(_1,2)` (the first
/// compact stride is always static `_1`), `(_2,4)` gives `(_2,4):(_1,_2)`, `(2,_4)` gives
/// `(2,_4):(_1,2)`, `_8` gives `_8:_1`, `make_layout(_4,_-1)` is `_4:_-1`.
#[test]
fn ref2_printing() {
    check("make_layout((_2,_4))", "(_2,_4):(_1,_2)");
    check("make_layout((2,4))", "(2,4):(_1,2)");
    check("make_layout((_2,4))", "(_2,4):(_1,_2)");
    check("make_layout((2,_4))", "(2,_4):(_1,2)");
    check("make_layout(_8)", "_8:_1");
    check("make_layout(_4,_-1)", "_4:_-1");
    // rank-1 tuples print with parentheses, integers without
    check("make_layout((_8))", "(_8):(_1)");
    check("make_layout(8)", "8:_1");
}

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
/// Ref §2.3 R1: compact strides. All-static `(_4,_8,_1,_2)` gives `(_1,_4,_0,_32)` and
/// `(_2,_1,_3)` gives `(_1,_0,_2)`. (C++ gives `(_1,4,32,32)` and `(_1,2,2)` for the dynamic
/// shapes `(4,8,1,2)` and `(2,1,3)`; we deliberately apply the all-static rule: `(_1,4,0,32)`.)
#[test]
fn ref2_r1_compact_strides() {
    check("compact_col_major((_4,_8,_1,_2))", "(_1,_4,_0,_32)");
    check("make_layout((_2,_1,_3))", "(_2,_1,_3):(_1,_0,_2)");
    check("compact_col_major((4,8,1,2))", "(_1,4,0,32)");
    check("make_layout((2,1,3))", "(2,1,3):(_1,0,2)");
}

// From the C++ reference (cute-cpp-semantics.md) section 2, printing and the static-ness rules (all-static forms).
/// Ref §2.3 R10: `idx2crd` with a static `_1` extent gives `_0` for that mode; a static `_0`
/// coordinate keeps sums static.
#[test]
fn ref2_r10_static_results() {
    check("idx2crd(_3,(_1,_4))", "(_0,_3)");
    check("crd2idx((_0,_2),(_3,_4),(_1,_3))", "_6");
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.1: constructors. LayoutRight `(2,3)` is `(2,3):(3,_1)`, `(_2,_3,_4)` is
/// `(_12,_4,_1)`; `make_layout(L0)` wraps (`_4:_2` → `(_4):(_2)`); concatenation
/// `(2:3, (4,5):(_1,4))`; `make_ordered_layout` header examples. For `(2,3,4,5)` with
/// `(_2,67,42,_50)` C++ ignores the dynamic priorities (`(_1,10,30,2)`); all-static priorities
/// give `(_1,_40,_2,_8)`.
#[test]
fn ref4_constructors() {
    check("make_layout_right((2,3))", "(2,3):(3,_1)");
    check("make_layout_right((_2,_3))", "(_2,_3):(_3,_1)");
    check("make_layout_right((_2,_3,_4))", "(_2,_3,_4):(_12,_4,_1)");
    check("make_layout(_4:_2)", "(_4):(_2)");
    check("make_layout(2:3,(4,5):(_1,4))", "(2,(4,5)):(3,(_1,4))");
    check(
        "make_ordered_layout((_2,_2,_2,_2),(_0,_2,_3,_1))",
        "(_2,_2,_2,_2):(_1,_4,_8,_2)",
    );
    check(
        "make_ordered_layout((_2,_3,_4,_5),(_2,_67,_42,_50))",
        "(_2,_3,_4,_5):(_1,_40,_2,_8)",
    );
    // §15: LayoutRight ignores the hierarchy; the col-major version of (2,(2,2))
    check("make_layout_right((2,(2,2)))", "(2,(2,2)):(4,(2,_1))");
    check("make_layout((2,(2,2)))", "(2,(2,2)):(_1,(2,4))");
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.2: `L.with_shape((_2,_6))` of `(_4,_3)` is `(_2,_6):(_1,_2)`; on
/// `(2,(3,4)):(12,(1,3))` index 5 has the hierarchical coordinate `(0,(2,1))` and the flat
/// coordinate `(0,5)`; on `(2,3):(3,1)` index 4 is `(1,1)`, whose 1-D coordinate is 3.
#[test]
fn ref4_member_functions() {
    // `with_shape(s)` is `composition(L, make_layout(s))`
    check(
        "composition((_4,_3):(_1,_4),(_2,_6):(_1,_2))",
        "(_2,_6):(_1,_2)",
    );
    // (a shape tiler is by-mode instead: <_2:_1,_6:_1> keeps A's strides)
    check("composition((_4,_3):(_1,_4),(_2,_6))", "(_2,_6):(_1,_4)");
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.2 (continued): coordinates of an index in compact layouts.
#[test]
fn ref4_coordinates_of_an_index() {
    let l = lay("(2,(3,4)):(12,(1,3))");
    assert_eq!(l.call(&tup("(0,(2,1))")).unwrap().value(), 5);
    assert_eq!(l.call(&tup("(0,5)")).unwrap().value(), 5);
    let l = lay("(2,3):(3,1)");
    assert_eq!(l.call(&tup("(1,1)")).unwrap().value(), 4);
    assert_eq!(
        crd2idx_shape(&tup("(1,1)"), &tup("(2,3)")).unwrap().value(),
        3
    );
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.3: `cosize(4:-1) = 4`, `cosize(0:1) = 0`.
#[test]
fn ref4_cosize() {
    check("cosize(_4:_-1)", "_4");
    check("cosize(_0:_1)", "_0");
    check("cosize((_4,(_3,_2)):(_2,(_8,_1)))", "_24");
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.4: slicing `(2,(3,4)):(12,(1,3))`: `L(_,1)` is `(2):(12)`, `L(1,_)` is
/// `((3,4)):((1,3))`, `L(_,(_,2))` is `(2,3):(12,1)`, `slice_and_offset((1,(_,2)), L)` is
/// `((3):(1), 18)`; full slices; the tensor examples on
/// `((_3,2),(2,_5,_2)):((4,1),(_2,13,100))`, here all-static.
#[test]
fn ref4_slicing() {
    let l = "(_2,(_3,_4)):(_12,(_1,_3))";
    check(&format!("slice((_,1),{l})"), "(_2):(_12)");
    check(&format!("slice((1,_),{l})"), "((_3,_4)):((_1,_3))");
    check(&format!("slice((_,(_,2)),{l})"), "(_2,_3):(_12,_1)");
    check(&format!("slice_and_offset((1,(_,2)),{l})"), "(_3):(_1)+18");
    check(&format!("dice((_,1),{l})"), "((_3,_4)):((_1,_3))");
    check("slice((_,_),(_2,_3):(_1,_2))", "(_2,_3):(_1,_2)");
    check("slice(_,_6:_1)", "_6:_1");
    let t = "((_3,_2),(_2,_5,_2)):((_4,_1),(_2,_13,_100))";
    check(&format!("slice((2,_),{t})"), "((_2,_5,_2)):((_2,_13,_100))");
    check(&format!("slice(((_,_),5),{t})"), "(_3,_2):(_4,_1)");
    check(&format!("slice(((_,1),(0,_,1)),{t})"), "(_3,_5):(_4,_13)");
}

// From the C++ reference (cute-cpp-semantics.md) section 4, layout construction and manipulation.
/// Ref §4.5 and §15: `take`, `select` (CuTe's transpose is `select<1,0>`), `group<0,2>` of
/// `(_2,_3,_5,_7):(_1,_2,_6,_30)`, `flatten`, `append(L)` adds `_1:_0`.
#[test]
fn ref4_mode_manipulation() {
    check("take((_2,_3,_4):(_1,_2,_6),1,3)", "(_3,_4):(_2,_6)");
    check("select((_2,_3):(_1,_2),1,0)", "(_3,_2):(_2,_1)");
    check(
        "group((_2,_3,_5,_7):(_1,_2,_6,_30),0,2)",
        "((_2,_3),_5,_7):((_1,_2),_6,_30)",
    );
    check(
        "flatten(((_2,_3),(_4,(_5,_6))):((_1,_2),(_6,(_24,_120))))",
        "(_2,_3,_4,_5,_6):(_1,_2,_6,_24,_120)",
    );
    check("append((_2,_3):(_1,_2))", "(_2,_3,_1):(_1,_2,_0)");
}
