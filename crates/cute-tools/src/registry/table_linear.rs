//! Triton's linear layouts: conversions and the F2 algebra.

use super::linear;
use super::table::prelude::*;

/// A value with a linear layout: layouts, swizzled layouts, F2 layouts, TV layouts, tiled MMAs and copies,
/// Triton's layouts and linear layouts.
const CONVERTIBLE: &[K] = &[
    K::Layout,
    K::Int,
    K::Composed,
    K::F2,
    K::Tv,
    K::TiledMma,
    K::TiledCopy,
    K::Triton,
    K::Linear,
];

/// A linear layout.
const LINEAR: &[K] = &[K::Linear];

/// Conversions between CuTe values and Triton's linear layouts, and their algebra.
pub(super) const LINEAR_LAYOUTS: &[Operation] = &[
    Operation::new(
        "to_linear_layout",
        "to_linear_layout(L | CL | F | TV | TiledMMA | TiledCopy | TritonLayout [, shape])",
        "the linear layout over F2: offset -> dims of a layout (or F2 layout), (register, lane, warp) -> dims of a TV layout (a tiled MMA's C, a tiled copy's S), a Triton layout over shape",
        (
            "to_linear_layout(Sw<1,0,1> o _0 o (_2,_2):(_2,_1))",
            "offset=[[0,1],[1,1]] block=[] -> dim0=2 dim1=2",
        ),
        &[
            Param::required("X", CONVERTIBLE),
            Param::optional("shape", TUPLE),
        ],
        K::Linear,
        linear::to_linear_layout,
    ),
    Operation::new(
        "from_linear_layout",
        "from_linear_layout(LL)",
        "the simplest exact CuTe form of a linear layout: a layout, a swizzled layout, a TV layout or an F2 layout",
        (
            "from_linear_layout(#ttg.linear<{offset = [[0, 1], [1, 1]]}>)",
            "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)",
        ),
        &[Param::required("LL", LINEAR)],
        K::Composed,
        linear::from_linear_layout,
    ),
    Operation::new(
        "layout_function",
        "layout_function(L | CL)",
        "a layout's own function over F2: (dim0, dim1, ...) -> offset",
        ("layout_function((_4,_2):(_2,_1))", "dim0=[[2],[4]] dim1=[[1]] -> offset=8"),
        &[Param::required("L", SWIZZLABLE)],
        K::Linear,
        linear::layout_function,
    ),
    Operation::new(
        "compose",
        "compose(A, B)",
        "B o A of linear layouts (Triton's A.compose(B)): A's outputs are B's inputs",
        (
            "compose(#ttg.linear<{lane = [[1], [2]]}>, layout_function(_4:_2))",
            "lane=[[2],[4]] -> offset=8",
        ),
        &[Param::required("A", LINEAR), Param::required("B", LINEAR)],
        K::Linear,
        linear::compose,
    ),
    Operation::new(
        "invert",
        "invert(LL)",
        "the inverse of a bijective linear layout",
        (
            "invert(#ttg.linear<{offset = [[0, 1], [1, 1]]}>)",
            "dim0=[[3]] dim1=[[1]] -> offset=4",
        ),
        &[Param::required("LL", LINEAR)],
        K::Linear,
        linear::invert,
    ),
    Operation::new(
        "invert_and_compose",
        "invert_and_compose(A, B)",
        "C with A = B o C (Triton's A.invertAndCompose(B)): registers to shared-memory offsets",
        (
            "invert_and_compose(#ttg.linear<{register = [[1, 0], [0, 1]]}>, #ttg.linear<{offset = [[0, 1], [1, 0]]}>)",
            "register=[[2],[1]] -> offset=4",
        ),
        &[Param::required("A", LINEAR), Param::required("B", LINEAR)],
        K::Linear,
        linear::invert_and_compose,
    ),
    Operation::new(
        "matrix_rank",
        "matrix_rank(LL)",
        "the rank over F2 of a linear layout's matrix",
        ("matrix_rank(#ttg.linear<{register = [[1], [2], [3]]}>)", "2"),
        &[Param::required("LL", LINEAR)],
        K::Int,
        linear::matrix_rank,
    ),
];
