//! Queries: size, rank, depth, shape, stride.

use super::table::prelude::*;

/// The queries of a layout or an int-tuple.
pub(super) const QUERIES: &[Operation] = &[
    Operation::new(
        "size",
        "size(L) or size(T)",
        "the number of elements (of a layout or an int-tuple)",
        ("size((2,(3,4)):(1,(2,6)))", "24"),
        &[Param::required("L", SIZED)],
        K::Int,
        atoms::size,
    )
    .forwards_composed()
    .identity(0, identity::size)
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "cosize",
        "cosize(L)",
        "one past the largest offset of a layout",
        ("cosize((2,3):(3,1))", "6"),
        &[Param::required("L", LAYOUT_F2)],
        K::Int,
        ordinary::cosize,
    )
    .forwards_composed()
    .f2(f2::cosize),
    Operation::new(
        "rank",
        "rank(L) or rank(T)",
        "the number of top-level modes",
        ("rank((2,(3,4)):(1,(2,6)))", "_2"),
        &[Param::required("L", QUERIED)],
        K::Int,
        ordinary::rank,
    )
    .forwards_composed()
    .identity(0, identity::rank)
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "depth",
        "depth(L) or depth(T)",
        "the nesting depth",
        ("depth((2,(3,4)):(1,(2,6)))", "_2"),
        &[Param::required("L", QUERIED)],
        K::Int,
        ordinary::depth,
    )
    .forwards_composed()
    .identity(0, identity::depth)
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "shape",
        "shape(L) or shape(T)",
        "the shape of a layout (an int-tuple is its own shape)",
        ("shape((2,(3,4)):(1,(2,6)))", "(2,(3,4))"),
        &[Param::required("L", QUERIED)],
        K::IntTuple,
        ordinary::shape,
    )
    .forwards_composed()
    .identity(0, identity::shape)
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
    Operation::new(
        "stride",
        "stride(L)",
        "the stride of a layout",
        ("stride((2,(3,4)):(1,(2,6)))", "(1,(2,6))"),
        &[Param::required(
            "L",
            &[K::Layout, K::Int, K::Tensor, K::Tv, K::F2],
        )],
        K::IntTuple,
        ordinary::stride,
    )
    .tensor(TensorForm::Query(0))
    .f2(f2::structural),
];
