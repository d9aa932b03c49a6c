//! Tensors: tiles, partitions, identity and coordinate tensors.

use super::table::prelude::*;

/// Tensor tiles and partitions.
pub(super) const PARTITIONS: &[Operation] = &[
    Operation::new(
        "local_tile",
        "local_tile(T, tiler, coord[, proj])",
        "the tile at coord of a tensor cut by the tiler, printed L+OFFSET",
        (
            "local_tile((8,8):(1,8), (_4,_2), (1,2))",
            "(_4,_2):(1,8)+36",
        ),
        &[
            Param::required(
                "T",
                &[
                    K::Layout,
                    K::Int,
                    K::Tensor,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                    K::ComposedTensor,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
            Param::required(
                "tiler",
                &[
                    K::Tiler,
                    K::Layout,
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
            Param::required(
                "coord",
                &[
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
            Param::optional(
                "proj",
                &[
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
        ],
        K::Tensor,
        swizzled::local_tile,
    )
    .tiles(Tiles::Composition)
    .identity(0, identity::local_tile)
    .tensor(TensorForm::AddOffset(0)),
    Operation::new(
        "inner_partition",
        "inner_partition(T, tiler, coord)",
        "the tile at coord (the inner modes of a zipped divide)",
        (
            "inner_partition((8,8):(1,8), (_4,_2), (1,2))",
            "(_4,_2):(1,8)+36",
        ),
        &[
            Param::required(
                "T",
                &[
                    K::Layout,
                    K::Int,
                    K::Tensor,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                    K::ComposedTensor,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
            Param::required(
                "tiler",
                &[
                    K::Tiler,
                    K::Layout,
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
            Param::required(
                "coord",
                &[
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
        ],
        K::Tensor,
        swizzled::inner_partition,
    )
    .identity(0, identity::inner_partition)
    .tensor(TensorForm::AddOffset(0)),
    Operation::new(
        "outer_partition",
        "outer_partition(T, tiler, coord)",
        "the elements at coord of every tile (the outer modes)",
        (
            "outer_partition((8,8):(1,8), (_4,_2), (1,2))",
            "(2,4):(4,16)+17",
        ),
        &[
            Param::required(
                "T",
                &[
                    K::Layout,
                    K::Int,
                    K::Tensor,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                    K::ComposedTensor,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
            Param::required(
                "tiler",
                &[
                    K::Tiler,
                    K::Layout,
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
            Param::required(
                "coord",
                &[
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
        ],
        K::Tensor,
        swizzled::outer_partition,
    )
    .identity(0, identity::outer_partition)
    .tensor(TensorForm::AddOffset(0)),
    Operation::new(
        "local_partition",
        "local_partition(T, thr_layout, idx[, proj])",
        "the elements of thread idx when thr_layout threads tile the tensor",
        (
            "local_partition((8,8):(1,8), (_2,_4):(_4,_1), 5)",
            "(4,2):(2,32)+9",
        ),
        &[
            Param::required(
                "T",
                &[
                    K::Layout,
                    K::Int,
                    K::Tensor,
                    K::Tv,
                    K::Swizzle,
                    K::Composed,
                    K::ComposedTensor,
                    K::Composed,
                    K::Basis,
                    K::IdentityTensor,
                ],
            ),
            Param::required("thr_layout", SWIZZLABLE),
            Param::required("idx", INT_OR_SWIZZLE),
            Param::optional(
                "proj",
                &[
                    K::Int,
                    K::IntTuple,
                    K::Coord,
                    K::Underscore,
                    K::Swizzle,
                    K::Composed,
                ],
            ),
        ],
        K::Tensor,
        swizzled::local_partition,
    )
    .tiles(Tiles::Composition)
    .identity(0, identity::local_partition)
    .tensor(TensorForm::AddOffset(0)),
];

/// Identity layouts and tensors, coordinate tensors.
pub(super) const IDENTITY: &[Operation] = &[
    Operation::new(
        "make_identity_layout",
        "make_identity_layout(shape)",
        "the layout whose strides are the basis vectors _1@i",
        ("make_identity_layout((4,3))", "(4,3):(_1@0,_1@1)"),
        &[Param::required("shape", &[K::Int, K::IntTuple, K::Swizzle, K::Composed])],
        K::Basis,
        swizzled::make_identity_layout,
    ),
    Operation::new(
        "make_identity_tensor",
        "make_identity_tensor(shape)",
        "the tensor whose element c is c, printed ArithTuple(_0,..) o LAYOUT",
        ("make_identity_tensor((2,3))", "ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)"),
        &[Param::required("shape", TUPLE)],
        K::IdentityTensor,
        swizzled::make_identity_tensor,
    ),
    Operation::new(
        "make_inttuple_iter",
        "make_inttuple_iter(x, ...)",
        "the counting iterator starting at the arguments, which stands for its start (pass it to make_tensor)",
        ("make_inttuple_iter(36)", "36"),
        &[Param::variadic("x", TUPLE)],
        K::Int,
        ordinary::make_inttuple_iter,
    ),
    Operation::new(
        "make_tensor",
        "make_tensor(iter, L)",
        "the tensor whose element c is iter + L(c): of a counting iterator, printed L+OFFSET",
        ("make_tensor(make_inttuple_iter(36), (_4,_4):(1,8))", "(_4,_4):(1,8)+36"),
        &[Param::required("iter", INT), Param::required("L", &[K::Layout])],
        K::Tensor,
        ordinary::make_tensor,
    ),
];
