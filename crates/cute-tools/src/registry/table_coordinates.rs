//! Coordinates: indices and coordinates, slicing.

use super::table::prelude::*;

/// Coordinates and indices.
pub(super) const INDEXING: &[Operation] = &[
    Operation::new(
        "crd2idx",
        "crd2idx(L, coord) or crd2idx(coord, shape[, stride])",
        "the offset (or index) of a coordinate",
        ("crd2idx((4,8):(1,4), (1,2))", "9"),
        &[
            Param::required(
                "L",
                &[
                    K::Layout,
                    K::Int,
                    K::IntTuple,
                    K::Tv,
                    K::F2,
                    K::Swizzle,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
            Param::required("coord", TUPLE),
            Param::optional("stride", TUPLE),
        ],
        K::Int,
        ordinary::crd2idx,
    )
    .swizzled(swizzled::crd2idx)
    .identity(0, identity::crd2idx)
    .f2(f2::crd2idx),
    Operation::new(
        "idx2crd",
        "idx2crd(index, shape)",
        "the natural coordinate of a 1-D index in a shape",
        ("idx2crd(5, (2,3))", "(1,2)"),
        &[
            Param::required("index", TUPLE),
            Param::required("shape", TUPLE),
        ],
        K::IntTuple,
        ordinary::idx2crd,
    ),
    Operation::new(
        "crd2crd",
        "crd2crd(coord, src_shape, dst_shape)",
        "a coordinate of one shape as a coordinate of another",
        ("crd2crd((1,2), (2,3), 6)", "5"),
        &[
            Param::required("coord", TUPLE),
            Param::required("src_shape", TUPLE),
            Param::required("dst_shape", TUPLE),
        ],
        K::IntTuple,
        ordinary::crd2crd,
    ),
];

/// Slicing by a coordinate.
pub(super) const SLICING: &[Operation] = &[
    Operation::new(
        "slice",
        "slice(coord, L)",
        "the layout of the `_` modes of a coordinate",
        ("slice((_,1), (4,8):(1,4))", "(4):(1)"),
        &[
            Param::required("coord", &[K::Int, K::IntTuple, K::Coord, K::Underscore]),
            Param::required(
                "L",
                &[
                    K::Layout,
                    K::Int,
                    K::Tv,
                    K::F2,
                    K::Swizzle,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
        ],
        K::Layout,
        ordinary::slice,
    )
    .swizzled(swizzled::slice)
    .identity(1, identity::slice)
    .f2(f2::structural),
    Operation::new(
        "dice",
        "dice(coord, L)",
        "the layout of the integer modes of a coordinate",
        ("dice((_,1), (4,8):(1,4))", "(8):(4)"),
        &[
            Param::required("coord", &[K::Int, K::IntTuple, K::Coord, K::Underscore]),
            Param::required("L", LAYOUT_F2),
        ],
        K::Layout,
        ordinary::dice,
    )
    .f2(f2::structural),
    Operation::new(
        "slice_and_offset",
        "slice_and_offset(coord, L)",
        "the slice and the offset of the fixed modes, printed L+OFFSET",
        ("slice_and_offset((_,1), (4,8):(1,4))", "(4):(1)+4"),
        &[
            Param::required("coord", &[K::Int, K::IntTuple, K::Coord, K::Underscore]),
            Param::required(
                "L",
                &[
                    K::Layout,
                    K::Int,
                    K::Tensor,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                    K::ComposedTensor,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
        ],
        K::Tensor,
        ordinary::slice_and_offset,
    )
    .swizzled(swizzled::slice_and_offset)
    .identity(1, identity::slice_and_offset)
    .tensor(TensorForm::AddOffset(1)),
];
