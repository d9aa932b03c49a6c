//! Construction: layouts, shapes, strides, tuples, compact layouts.

use super::table::prelude::*;

/// Building layouts, shapes, strides and tuples.
pub(super) const CONSTRUCTION: &[Operation] = &[
    Operation::new(
        "make_layout",
        "make_layout(shape[, stride]) or make_layout(L0, L1, ...)",
        "a layout from a shape (column-major) and a stride, or the concatenation of layouts",
        ("make_layout((2,3), (3,1))", "(2,3):(3,1)"),
        &[
            Param::required("shape", &[K::Layout, K::Int, K::IntTuple, K::Tv]),
            Param::variadic("stride", &[K::Layout, K::Int, K::IntTuple, K::Tv]),
        ],
        K::Layout,
        ordinary::make_layout,
    ),
    Operation::new(
        "make_shape",
        "make_shape(x, ...)",
        "the int-tuple of the arguments (C++'s `make_shape`; `make_stride`, `make_tuple` alike)",
        ("make_shape(make_shape(2,Int<2>{}),4)", "((2,_2),4)"),
        &[Param::variadic("x", TUPLE)],
        K::IntTuple,
        ordinary::make_tuple,
    ),
    Operation::new(
        "make_stride",
        "make_stride(x, ...)",
        "the int-tuple of the arguments (C++'s `make_stride`)",
        ("make_stride(1,make_stride(Int<2>{},4))", "(1,(_2,4))"),
        &[Param::variadic("x", TUPLE)],
        K::IntTuple,
        ordinary::make_tuple,
    ),
    Operation::new(
        "make_tuple",
        "make_tuple(x, ...)",
        "the int-tuple of the arguments (C++'s `make_tuple`)",
        ("make_tuple(_4,(2,3))", "(_4,(2,3))"),
        &[Param::variadic("x", TUPLE)],
        K::IntTuple,
        ordinary::make_tuple,
    ),
    Operation::new(
        "make_coord",
        "make_coord(x, ...)",
        "the coordinate of the arguments, `_` allowed (C++'s `make_coord`)",
        ("make_coord(_,make_coord(1,_))", "(_,(1,_))"),
        &[Param::variadic(
            "x",
            &[K::Int, K::IntTuple, K::Underscore, K::Coord],
        )],
        K::Coord,
        ordinary::make_coord,
    ),
    Operation::new(
        "make_tile",
        "make_tile(x, ...)",
        "the tiler of the arguments, applied mode by mode (C++'s `make_tile`)",
        ("make_tile(2:2, _, 4)", "<2:2,_,4>"),
        &[Param::variadic(
            "x",
            &[
                K::Layout,
                K::Int,
                K::IntTuple,
                K::Underscore,
                K::Coord,
                K::Tiler,
            ],
        )],
        K::Tiler,
        ordinary::make_tile,
    ),
    Operation::new(
        "make_layout_right",
        "make_layout_right(shape)",
        "the row-major (LayoutRight) layout of a shape",
        ("make_layout_right((2,3))", "(2,3):(3,_1)"),
        &[Param::required("shape", TUPLE)],
        K::Layout,
        ordinary::make_layout_right,
    ),
    Operation::new(
        "make_ordered_layout",
        "make_ordered_layout(shape, order)",
        "the compact layout whose modes grow in the given order",
        ("make_ordered_layout((2,3,4), (1,2,0))", "(2,3,4):(4,8,_1)"),
        &[
            Param::required("shape", TUPLE),
            Param::required("order", TUPLE),
        ],
        K::Layout,
        ordinary::make_ordered_layout,
    ),
];

/// Compact layouts of a shape.
pub(super) const COMPACT: &[Operation] = &[
    Operation::new(
        "compact_col_major",
        "compact_col_major(shape)",
        "the column-major strides of a shape",
        ("compact_col_major((2,(3,4)))", "(_1,(2,6))"),
        &[Param::required("shape", TUPLE)],
        K::IntTuple,
        |a| ordinary::of_tuple(a, IntTuple::compact_col_major),
    ),
    Operation::new(
        "compact_row_major",
        "compact_row_major(shape)",
        "the row-major strides of a shape",
        ("compact_row_major((2,(3,4)))", "(12,(4,_1))"),
        &[Param::required("shape", TUPLE)],
        K::IntTuple,
        |a| ordinary::of_tuple(a, IntTuple::compact_row_major),
    ),
];
