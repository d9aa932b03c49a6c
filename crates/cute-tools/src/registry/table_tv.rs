//! Thread-value layouts.

use super::table::prelude::*;

/// Thread-value layouts.
pub(super) const TV: &[Operation] = &[
    Operation::new(
        "make_layout_tv",
        "make_layout_tv(thr_layout, val_layout)",
        "the (tiler_mn, layout_tv) of thread and value layouts",
        (
            "make_layout_tv((4,2):(2,1), (2,2):(1,2))",
            "((8,4),((2,4),(2,2)):((16,2),(1,8)))",
        ),
        &[
            Param::required("thr_layout", SWIZZLABLE),
            Param::required("val_layout", SWIZZLABLE),
        ],
        K::Tv,
        swizzled::make_layout_tv,
    ),
    Operation::new(
        "tv_partition",
        "tv_partition(T, thr_layout, val_layout, tid)",
        "the values of thread tid when a TV layout partitions the tensor",
        (
            "tv_partition((8,8):(1,8), (4,2):(2,1), (2,2):(1,2), 3)",
            "((2,2),1,2):((1,8),_0,32)+18",
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
            Param::required("val_layout", SWIZZLABLE),
            Param::required("tid", INT_OR_SWIZZLE),
        ],
        K::Tensor,
        swizzled::tv_partition,
    )
    .identity(0, identity::tv_partition)
    .tensor(TensorForm::AddOffset(0)),
];
