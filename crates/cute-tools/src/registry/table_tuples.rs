//! Tuples: modes of layouts and tuples, int-tuple arithmetic.

use super::table::prelude::*;

/// The modes of layouts and tuples.
pub(super) const MODES: &[Operation] = &[
    Operation::new(
        "get",
        "get(x, i, j, ...)",
        "the mode at a path of mode indices: of an int-tuple its element (an integer is its own mode 0), of a layout its sub-layout",
        ("get((4,(8,2)), 1)", "(8,2)"),
        &[Param::required("x", &[K::IntTuple, K::Coord, K::Int, K::Layout, K::Tensor, K::ComposedTensor, K::Tv, K::F2]), Param::variadic("i", INT)],
        K::IntTuple,
        ordinary::get,
    )
    .forwards_composed()
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "layout",
        "layout(L, i, j, ...)",
        "the sub-layout at a path of mode indices",
        ("layout((2,(3,4)):(1,(2,6)), 1, 0)", "3:2"),
        &[Param::required("L", TENSOR_F2), Param::variadic("i", INT)],
        K::Layout,
        ordinary::layout,
    )
    .forwards_composed()
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "tensor",
        "tensor(T, i, j, ...)",
        "the sub-tensor at a path of mode indices: the mode's layout over the tensor's data, its offset kept (layout(T, i) drops it)",
        ("tensor((_4,(_3,_2)):(_1,(_8,_24))+28, 1)", "(_3,_2):(_8,_24)+28"),
        &[Param::required("T", &[K::Tensor, K::ComposedTensor]), Param::variadic("i", INT)],
        K::Tensor,
        tensor::sub_tensor,
    )
    .tensor(TensorForm::Takes(0)),
    Operation::new(
        "select",
        "select(L, i, j, ...)",
        "the layout of the selected modes",
        ("select((2,3,4):(1,2,6), 2, 0)", "(4,2):(6,1)"),
        &[Param::required("L", TENSOR_F2), Param::required("i", INT), Param::variadic("j", INT)],
        K::Layout,
        ordinary::select,
    )
    .forwards_composed()
    .tensor(TensorForm::KeepOffset)
    .f2(f2::structural),
    Operation::new(
        "take",
        "take(L, begin, end)",
        "the modes begin..end",
        ("take((2,3,4):(1,2,6), 1, 3)", "(3,4):(2,6)"),
        &[Param::required("L", TENSOR_F2), Param::required("begin", INT), Param::required("end", INT)],
        K::Layout,
        ordinary::take,
    )
    .forwards_composed()
    .tensor(TensorForm::KeepOffset)
    .f2(f2::structural),
    Operation::new(
        "group",
        "group(L, begin, end)",
        "the modes begin..end grouped into one mode",
        ("group((2,3,4):(1,2,6), 1, 3)", "(2,(3,4)):(1,(2,6))"),
        &[Param::required("L", TENSOR_F2), Param::required("begin", INT), Param::required("end", INT)],
        K::Layout,
        ordinary::group,
    )
    .aliases(&["group_modes"])
    .forwards_composed()
    .identity(0, identity::group)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::structural),
    Operation::new(
        "flatten",
        "flatten(L) or flatten(T)",
        "the layout (or int-tuple) with its nesting removed",
        ("flatten((2,(3,4)):(1,(2,6)))", "(2,3,4):(1,2,6)"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::IntTuple, K::Tv, K::F2])],
        K::Layout,
        ordinary::flatten,
    )
    .forwards_composed()
    .tensor(TensorForm::KeepOffset)
    .f2(f2::structural),
    Operation::new(
        "append",
        "append(L, X) or append(L) (adds _1:_0)",
        "the layout with a mode added last (default _1:_0)",
        ("append(4:1, 2:4)", "(4,2):(1,4)"),
        &[Param::required("L", LAYOUT_F2), Param::optional("X", LAYOUT_F2)],
        K::Layout,
        ordinary::append,
    )
    .forwards_composed()
    .f2(f2::structural),
    Operation::new(
        "prepend",
        "prepend(L, X) or prepend(L)",
        "the layout with a mode added first (default _1:_0)",
        ("prepend(4:1, 2:4)", "(2,4):(4,1)"),
        &[Param::required("L", LAYOUT_F2), Param::optional("X", LAYOUT_F2)],
        K::Layout,
        ordinary::prepend,
    )
    .forwards_composed()
    .f2(f2::structural),
    Operation::new(
        "replace",
        "replace(L, i, X)",
        "the layout with mode i replaced",
        ("replace((2,3):(1,2), 1, 5:4)", "(2,5):(1,4)"),
        &[Param::required("L", LAYOUT_F2), Param::required("i", INT), Param::required("X", LAYOUT_F2)],
        K::Layout,
        ordinary::replace,
    )
    .forwards_composed()
    .f2(f2::structural),
    Operation::new(
        "zip",
        "zip(L)",
        "the modes of the modes, transposed",
        ("zip(((2,3),(4,5)):((1,2),(6,24)))", "((2,4),(3,5)):((1,6),(2,24))"),
        &[Param::required("L", LAYOUT_F2)],
        K::Layout,
        ordinary::zip,
    )
    .forwards_composed()
    .f2(f2::structural),
];

/// Int-tuple arithmetic and comparisons.
pub(super) const ARITHMETIC: &[Operation] = &[
    Operation::new(
        "product_each",
        "product_each(T)",
        "the size of each mode",
        ("product_each((2,(3,4)))", "(2,12)"),
        &[Param::required("T", TUPLE)],
        K::IntTuple,
        |a| ordinary::of_tuple(a, IntTuple::product_each),
    ),
    Operation::new(
        "shape_div",
        "shape_div(A, B)",
        "A divided by B, mode by mode (CuTe shape_div)",
        ("shape_div((12,8), 6)", "(2,8)"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::IntTuple,
        |a| ordinary::of_tuples(a, IntTuple::shape_div),
    ),
    Operation::new(
        "ceil_div",
        "ceil_div(A, B)",
        "A divided by B, rounded up, mode by mode",
        ("ceil_div((12,8), 5)", "(3,8)"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::IntTuple,
        ordinary::ceil_div,
    ),
    Operation::new(
        "inner_product",
        "inner_product(A, B)",
        "the sum of the products of the leaves",
        ("inner_product((2,3), (4,5))", "23"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::Int,
        ordinary::inner_product,
    ),
    Operation::new(
        "congruent",
        "congruent(A, B)",
        "whether A and B have the same profile",
        ("congruent((2,(3,4)), (1,(2,2)))", "true"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::Bool,
        |a| ordinary::test_tuples(a, |x, y| Ok(x.congruent(y))),
    ),
    Operation::new(
        "weakly_congruent",
        "weakly_congruent(A, B)",
        "whether A is coarser than or as B",
        ("weakly_congruent(2, (1,(2,2)))", "true"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::Bool,
        |a| ordinary::test_tuples(a, |x, y| Ok(x.weakly_congruent(y))),
    ),
    Operation::new(
        "compatible",
        "compatible(A, B)",
        "whether the coordinates of A are coordinates of B",
        ("compatible(24, (2,(3,4)))", "true"),
        &[Param::required("A", TUPLE), Param::required("B", TUPLE)],
        K::Bool,
        |a| ordinary::test_tuples(a, |x, y| Ok(x.compatible(y))),
    ),
    Operation::new(
        "evenly_divides",
        "evenly_divides(shape, tiler)",
        "whether the tiler divides the shape exactly",
        ("evenly_divides((8,8), (2,4))", "true"),
        &[
            Param::required("shape", TUPLE),
            Param::required("tiler", TUPLE),
        ],
        K::Bool,
        |a| ordinary::test_tuples(a, IntTuple::evenly_divides),
    ),
];
