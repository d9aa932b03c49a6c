//! Swizzles, composed layouts and re-typing.

use super::table::prelude::*;

/// Swizzles, composed layouts and re-typing by a factor.
pub(super) const SWIZZLES: &[Operation] = &[
    Operation::new(
        "make_swizzle",
        "make_swizzle(Y, Z) or make_swizzle(B, M, S)",
        "the swizzle with masks Y and Z, or the CuTe DSL's `Sw<B,M,S>`",
        ("make_swizzle(7, 56)", "Sw<3,0,-3>"),
        &[
            Param::required("Y", INT_OR_SWIZZLE),
            Param::required("Z", INT_OR_SWIZZLE),
            Param::optional("S", INT),
        ],
        K::Swizzle,
        swizzled::make_swizzle,
    ),
    Operation::new(
        "make_composed_layout",
        "make_composed_layout(Sw<B,M,S> | A, offset, L)",
        "the composed layout A o OFFSET o L (A a swizzle or a layout)",
        (
            "make_composed_layout(Sw<2,0,3>, 0, (_4,_4):(_8,_1))",
            "Sw<2,0,3> o 0 o (_4,_4):(_8,_1)",
        ),
        &[
            Param::required("A", SWIZZLABLE),
            Param::required("offset", &[K::Int, K::IntTuple, K::Swizzle, K::Composed]),
            Param::required("L", SWIZZLABLE),
        ],
        K::Composed,
        swizzled::make_composed_layout,
    ),
    Operation::new(
        "upcast",
        "upcast(L | Sw | CL, N)",
        "the layout over elements N times larger",
        ("upcast((4,8):(8,1), 2)", "(4,4):(4,1)"),
        &[
            Param::required("L", SWIZZLABLE),
            Param::required("N", INT_OR_SWIZZLE),
        ],
        K::Layout,
        ordinary::upcast,
    )
    .swizzled(swizzled::upcast),
    Operation::new(
        "downcast",
        "downcast(L | Sw | CL, N)",
        "the layout over elements N times smaller",
        ("downcast((4,8):(8,1), 2)", "(4,16):(16,1)"),
        &[
            Param::required("L", SWIZZLABLE),
            Param::required("N", INT_OR_SWIZZLE),
        ],
        K::Layout,
        ordinary::downcast,
    )
    .swizzled(swizzled::downcast),
];

/// Re-typing by element widths.
pub(super) const RECAST: &[Operation] = &[Operation::new(
    "recast_layout",
    "recast_layout(L | CL, old_bits, new_bits)",
    "the layout re-typed from old_bits to new_bits elements (recast_layout<Old,New>)",
    ("recast_layout((4,8):(8,1), 16, 32)", "(4,4):(4,1)"),
    &[
        Param::required("L", SWIZZLABLE),
        Param::required("old_bits", INT_OR_SWIZZLE).template(),
        Param::required("new_bits", INT_OR_SWIZZLE).template(),
    ],
    K::Layout,
    swizzled::recast_layout,
)];
