//! The layout algebra.

use super::table::prelude::*;

/// The layout algebra: coalesce, composition, complement, inverses, divides, products.
pub(super) const ALGEBRA: &[Operation] = &[
    Operation::new(
        "coalesce",
        "coalesce(L[, profile])",
        "the same function with the fewest modes (by mode with a profile)",
        ("coalesce((2,(1,6)):(1,(6,2)))", "12:1"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv, K::Basis, K::IdentityTensor, K::F2]), Param::optional("profile", TUPLE)],
        K::Layout,
        ordinary::coalesce_op,
    )
    .forwards_composed()
    .identity(0, identity::coalesce)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::coalesce),
    Operation::new(
        "coalesce_256",
        "coalesce_256(L)",
        "coalesce front to back while a merged mode stays at most 256 (the TMA box limit); the profile is not kept",
        ("coalesce_256((_16,_8,_4):(_1,_16,_128))", "(_128,_4):(_1,_128)"),
        &[Param::required("L", &[K::Layout, K::Int])],
        K::Layout,
        |a| Ok(cute_layout::algebra::coalesce::coalesce_256(&*a.layout(0)?)?.into()),
    ),
    Operation::new(
        "filter",
        "filter(L[, profile])",
        "coalesce after removing modes of stride 0 and size 1",
        ("filter((2,3,4):(1,0,2))", "8:1"),
        &[Param::required("L", TENSOR), Param::optional("profile", TUPLE)],
        K::Layout,
        ordinary::filter_op,
    )
    .forwards_composed()
    .tensor(TensorForm::KeepOffset),
    Operation::new(
        "filter_zeros",
        "filter_zeros(L[, profile])",
        "the modes of stride 0 replaced by size 1",
        ("filter_zeros((2,3,4):(1,0,2))", "(2,1,4):(1,0,2)"),
        &[Param::required("L", TENSOR_F2), Param::optional("profile", TUPLE)],
        K::Layout,
        ordinary::filter_zeros_op,
    )
    .forwards_composed()
    .tensor(TensorForm::KeepOffset)
    .f2(f2::structural),
    Operation::new(
        "composition",
        "composition(L, tiler) or composition(A, offset, B)",
        "the layout L o B: first B, then L (B a layout or a tiler; swizzles too); with an offset, A o OFFSET o B (an identity swizzle with offset _0 gives B)",
        ("composition((6,2):(8,2), (4,3):(3,1))", "((2,2),3):((24,2),8)"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Swizzle, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor, K::F2]), Param::required("tiler", &[K::Tiler, K::Layout, K::Int, K::IntTuple, K::Coord, K::Underscore, K::Tv, K::Swizzle, K::Composed, K::Basis, K::F2]), Param::optional("B", LAYOUT_F2)],
        K::Layout,
        ordinary::composition,
    )
    .swizzled(swizzled::composition)
    .tiles(Tiles::Composition)
    .identity(0, identity::composition)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::composition),
    Operation::new(
        "complement",
        "complement(L[, cotarget])",
        "the layout that fills the codomain 0..cotarget around L",
        ("complement(4:2, 24)", "(2,3):(_1,8)"),
        &[Param::required("L", SWIZZLABLE_F2), Param::optional("cotarget", &[K::Int, K::IntTuple, K::Swizzle, K::Composed])],
        K::Layout,
        ordinary::complement,
    )
    .swizzled(swizzled::complement)
    .tiles(Tiles::Complement)
    .f2(f2::complement),
    Operation::new(
        "right_inverse",
        "right_inverse(L)",
        "the layout R with L(R(i)) = i on the largest contiguous range",
        ("right_inverse((4,8):(8,1))", "(8,4):(4,_1)"),
        &[Param::required("L", SWIZZLABLE_F2)],
        K::Layout,
        |a| ordinary::of_layout(a, cute_layout::algebra::inverse::right_inverse),
    )
    .swizzled(swizzled::right_inverse)
    .f2(f2::right_inverse),
    Operation::new(
        "left_inverse",
        "left_inverse(L)",
        "the layout R with R(L(i)) = i",
        ("left_inverse((4,8):(8,1))", "(8,4):(4,_1)"),
        &[Param::required("L", SWIZZLABLE_F2)],
        K::Layout,
        |a| ordinary::of_layout(a, cute_layout::algebra::inverse::left_inverse),
    )
    .swizzled(swizzled::left_inverse)
    .f2(f2::left_inverse),
    Operation::new(
        "max_common_layout",
        "max_common_layout(A, B)",
        "the largest layout both A and B map identically",
        ("max_common_layout((4,8):(1,4), (4,8):(1,4))", "32:1"),
        &[
            Param::required("A", LAYOUT_OR_COMPOSED),
            Param::required("B", LAYOUT_OR_COMPOSED),
        ],
        K::Layout,
        |a| ordinary::of_layouts(a, cute_layout::algebra::inverse::max_common_layout),
    )
    .swizzled(swizzled::max_common_layout),
    Operation::new(
        "max_common_vector",
        "max_common_vector(A, B)",
        "the length of the largest contiguous vector A and B share",
        ("max_common_vector((4,8):(1,4), (4,8):(1,4))", "32"),
        &[Param::required("A", SWIZZLABLE), Param::required("B", SWIZZLABLE)],
        K::Int,
        |a| ordinary::of_layouts(a, cute_layout::algebra::inverse::max_common_vector),
    )
    .swizzled(swizzled::max_common_vector),
    Operation::new(
        "nullspace",
        "nullspace(L)",
        "the layout of the indices L maps to 0",
        ("nullspace((2,4):(0,1))", "2:_1"),
        &[Param::required("L", LAYOUT)],
        K::Layout,
        |a| ordinary::of_layout(a, nullspace),
    ),
    Operation::new(
        "logical_divide",
        "logical_divide(L, tiler)",
        "L split into (tile, rest) by the tiler: composition(L, (T, complement(T)))",
        ("logical_divide((4,2,3):(2,1,8), 4:2)", "((2,2),(2,3)):((4,1),(2,8))"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv, K::Basis, K::IdentityTensor, K::F2]), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, logical_divide),
    )
    .tiles(Tiles::Logical)
    .forwards_composed()
    .identity(0, identity::logical_divide_form)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::logical_divide),
    Operation::new(
        "zipped_divide",
        "zipped_divide(L, tiler)",
        "the logical divide with the tiles gathered into mode 0 and the rests into mode 1",
        ("zipped_divide((8,8):(1,8), (2,4))", "((2,4),(4,2)):((1,8),(2,32))"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv, K::Basis, K::IdentityTensor, K::F2]), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, zipped_divide),
    )
    .tiles(Tiles::Zipped)
    .forwards_composed()
    .identity(0, identity::zipped_divide_form)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::zipped_divide),
    Operation::new(
        "tiled_divide",
        "tiled_divide(L, tiler)",
        "the zipped divide with the rests unpacked: ((tile), rest0, rest1, ...)",
        ("tiled_divide((8,8):(1,8), (2,4))", "((2,4),4,2):((1,8),2,32)"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv, K::Basis, K::IdentityTensor, K::F2]), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, tiled_divide),
    )
    .tiles(Tiles::Tiled)
    .forwards_composed()
    .identity(0, identity::tiled_divide_form)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::tiled_divide),
    Operation::new(
        "flat_divide",
        "flat_divide(L, tiler)",
        "the zipped divide with tiles and rests unpacked: (tile0, tile1, ..., rest0, ...)",
        ("flat_divide((8,8):(1,8), (2,4))", "(2,4,4,2):(1,8,2,32)"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv, K::Basis, K::IdentityTensor, K::F2]), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, flat_divide),
    )
    .tiles(Tiles::Flat)
    .forwards_composed()
    .identity(0, identity::flat_divide_form)
    .tensor(TensorForm::KeepOffset)
    .f2(f2::flat_divide),
    Operation::new(
        "logical_product",
        "logical_product(A, tiler)",
        "A repeated by the tiler: (A, composition(complement(A), B))",
        ("logical_product((2,2):(4,1), 6:1)", "((2,2),(2,3)):((4,1),(2,8))"),
        &[Param::required("A", LAYOUT_F2), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, logical_product),
    )
    .tiles(Tiles::Logical)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "zipped_product",
        "zipped_product(A, tiler)",
        "the logical product by mode, gathered into (tiles, rests)",
        ("zipped_product((2,2):(1,2), (3,4))", "((2,2),(3,(2,2))):((1,2),(2,(_1,4)))"),
        &[Param::required("A", LAYOUT_F2), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, zipped_product),
    )
    .tiles(Tiles::Zipped)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "tiled_product",
        "tiled_product(A, tiler)",
        "the zipped product with the rests unpacked",
        ("tiled_product((2,2):(1,2), (3,4))", "((2,2),3,(2,2)):((1,2),2,(_1,4))"),
        &[Param::required("A", LAYOUT_F2), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, tiled_product),
    )
    .tiles(Tiles::Tiled)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "flat_product",
        "flat_product(A, tiler)",
        "the zipped product with tiles and rests unpacked",
        ("flat_product((2,2):(1,2), (3,4))", "(2,2,3,(2,2)):(1,2,2,(_1,4))"),
        &[Param::required("A", LAYOUT_F2), Param::required("tiler", TILER_F2)],
        K::Layout,
        |a| ordinary::by_tiler(a, flat_product),
    )
    .tiles(Tiles::Flat)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "blocked_product",
        "blocked_product(A, B)",
        "A repeated as blocks in the pattern of B, mode by mode",
        ("blocked_product((2,2):(1,2), (3,4):(1,3))", "((2,3),(2,4)):((1,4),(2,12))"),
        &[Param::required("A", LAYOUT_F2), Param::required("B", LAYOUT_F2)],
        K::Layout,
        |a| ordinary::of_layouts(a, blocked_product),
    )
    .tiles(Tiles::Blocked)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "raked_product",
        "raked_product(A, B)",
        "A interleaved (raked) across the pattern of B, mode by mode",
        ("raked_product((2,2):(1,2), (3,4):(1,3))", "((3,2),(4,2)):((4,1),(12,2))"),
        &[Param::required("A", LAYOUT_F2), Param::required("B", LAYOUT_F2)],
        K::Layout,
        |a| ordinary::of_layouts(a, raked_product),
    )
    .tiles(Tiles::Raked)
    .forwards_composed()
    .f2(f2::product),
    Operation::new(
        "tile_to_shape",
        "tile_to_shape(L, shape[, order])",
        "L repeated to fill a shape (in an order)",
        ("tile_to_shape((2,2):(1,2), (4,6))", "((2,2),(2,3)):((1,4),(2,8))"),
        &[Param::required("L", LAYOUT), Param::required("shape", TUPLE), Param::optional("order", TUPLE)],
        K::Layout,
        ordinary::tile_to_shape,
    )
    .forwards_composed(),
];
