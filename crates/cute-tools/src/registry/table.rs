//! The table of operations: one entry per operation (see [`super::Operation`]), by family, one
//! file each (`table_queries.rs`, ...), written with the builders of [`Operation::new`] and
//! [`Param::required`], which supply the defaults, and the named kind sets below.
//!
//! To add a family: write its `const` slice of operations in a file of its own and append it
//! to [`FAMILIES`] (the order of `FAMILIES`, and in each family the order of its entries, is
//! the order `cute ops` lists them).

/// What every family file uses.
pub(super) mod prelude {
    pub(in crate::registry) use super::{
        COPY_ATOM, INT, INT_OR_SWIZZLE, LAYOUT, LAYOUT_F2, LAYOUT_OR_COMPOSED, MMA, QUERIED, SIZED,
        SWIZZLABLE, SWIZZLABLE_F2, TENSOR, TENSOR_F2, TILER_F2, TUPLE,
    };
    pub(in crate::registry) use crate::registry::atoms::{self, Operand, Side};
    pub(in crate::registry) use crate::registry::{
        f2, identity, ordinary, solve, swizzled, tensor, Operation, Param, TensorForm, Tiles,
    };
    pub(in crate::registry) use cute_layout::algebra::divide::{
        flat_divide, logical_divide, tiled_divide, zipped_divide,
    };
    pub(in crate::registry) use cute_layout::algebra::inverse::nullspace;
    pub(in crate::registry) use cute_layout::algebra::product::{
        blocked_product, flat_product, logical_product, raked_product, tiled_product,
        zipped_product,
    };
    pub(in crate::registry) use cute_layout::tuple::IntTuple;
    pub(in crate::registry) use cute_layout::value::Kind as K;
}

use super::{IdentityForm, Operation, Param, Presence, TensorForm, Tiles};
use cute_layout::value::Kind as K;

/// An integer or an int-tuple.
pub(super) const TUPLE: &[K] = &[K::Int, K::IntTuple];
/// A layout (an integer `n` is `n:_1`, a TV layout its `LAYOUT_TV`).
pub(super) const LAYOUT: &[K] = &[K::Layout, K::Int, K::Tv];
/// An integer.
pub(super) const INT: &[K] = &[K::Int];
/// A layout, a swizzle or a composed layout.
pub(super) const SWIZZLABLE: &[K] = &[K::Layout, K::Int, K::Tv, K::Swizzle, K::Composed];
/// A tiled MMA or an MMA atom.
pub(super) const MMA: &[K] = &[K::TiledMma, K::MmaAtom];
/// A tiler (a layout, an integer, a tuple, `_`).
pub(super) const TILER: &[K] = &[
    K::Tiler,
    K::Layout,
    K::Int,
    K::IntTuple,
    K::Coord,
    K::Underscore,
    K::Tv,
];
/// An integer, a swizzle or a composed layout.
pub(super) const INT_OR_SWIZZLE: &[K] = &[K::Int, K::Swizzle, K::Composed];
/// A layout or a tensor `L+o`.
pub(super) const TENSOR: &[K] = &[K::Layout, K::Int, K::Tensor, K::ComposedTensor, K::Tv];
/// A copy atom.
pub(super) const COPY_ATOM: &[K] = &[K::CopyAtom];
/// What the queries of every value take: layouts, int-tuples, tensors, TV layouts, identity layouts and tensors, F2 layouts.
pub(super) const QUERIED: &[K] = &[
    K::Layout,
    K::Int,
    K::Tensor,
    K::ComposedTensor,
    K::IntTuple,
    K::Tv,
    K::Basis,
    K::IdentityTensor,
    K::F2,
];

/// What `size` takes: what the queries take, and tiled MMAs and copies (their thread counts,
/// as C++'s `size(TiledMMA)` in `dim3 dimBlock(size(mma))`).
pub(super) const SIZED: &[K] = &[
    K::Layout,
    K::Int,
    K::Tensor,
    K::ComposedTensor,
    K::IntTuple,
    K::Tv,
    K::Basis,
    K::IdentityTensor,
    K::TiledMma,
    K::TiledCopy,
    K::F2,
];
/// [`LAYOUT`] or an F2 layout (the operations with an F2 form, `.f2(..)`).
pub(super) const LAYOUT_F2: &[K] = &[K::Layout, K::Int, K::Tv, K::F2];
/// [`TENSOR`] or an F2 layout.
pub(super) const TENSOR_F2: &[K] = &[
    K::Layout,
    K::Int,
    K::Tensor,
    K::ComposedTensor,
    K::Tv,
    K::F2,
];
/// [`SWIZZLABLE`] or an F2 layout.
pub(super) const SWIZZLABLE_F2: &[K] = &[K::Layout, K::Int, K::Tv, K::Swizzle, K::Composed, K::F2];
/// [`TILER`] or an F2 layout (read as the integer layout it equals).
pub(super) const TILER_F2: &[K] = &[
    K::Tiler,
    K::Layout,
    K::Int,
    K::IntTuple,
    K::Coord,
    K::Underscore,
    K::Tv,
    K::F2,
];
/// A layout or a composed layout (C++'s overloads of `max_common_layout`).
pub(super) const LAYOUT_OR_COMPOSED: &[K] = &[K::Layout, K::Int, K::Tv, K::Composed];

/// The families, in the order `cute ops` lists them.
const FAMILIES: &[&[Operation]] = &[
    super::table_queries::QUERIES,
    super::table_coordinates::INDEXING,
    super::table_construction::CONSTRUCTION,
    super::table_tuples::MODES,
    super::table_coordinates::SLICING,
    super::table_algebra::ALGEBRA,
    super::table_tuples::ARITHMETIC,
    super::table_construction::COMPACT,
    super::table_swizzles::SWIZZLES,
    super::table_analysis::ANALYSIS,
    super::table_swizzles::RECAST,
    super::table_tensors::PARTITIONS,
    super::table_tv::TV,
    super::table_tensors::IDENTITY,
    super::table_category::CATEGORY,
    super::table_atoms::ATOMS,
    super::table_whitepaper::WHITEPAPER_OPERATIONS,
    super::table_f2::F2_OPERATIONS,
    super::table_linear::LINEAR_LAYOUTS,
    super::table_symbolic::SYMBOLIC_OPERATIONS,
];

/// How many operations there are.
const COUNT: usize = count(FAMILIES);

/// Every operation, in the order `cute ops` lists them: [`FAMILIES`] one after the other.
pub(super) static OPERATIONS: [Operation; COUNT] = concat(FAMILIES);

/// The number of operations of `families`.
const fn count(families: &[&[Operation]]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < families.len() {
        n += families[i].len();
        i += 1;
    }
    n
}

/// `families` one after the other (`N` is their [`count`]).
const fn concat<const N: usize>(families: &[&[Operation]]) -> [Operation; N] {
    let mut out = [families[0][0]; N];
    let (mut n, mut i) = (0, 0);
    while i < families.len() {
        let mut j = 0;
        while j < families[i].len() {
            out[n] = families[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

impl Operation {
    /// An entry with the defaults: no aliases, no swizzled form, no tiles to colour, not forwarded to a composed
    /// layout's inner layout, no identity-tensor form, and refused on a tensor `L+o`
    /// ([`TensorForm::Refuse`]); the builders below change them.
    #[allow(clippy::too_many_arguments)]
    pub(super) const fn new(
        name: &'static str,
        signature: &'static str,
        summary: &'static str,
        (example, expected): (&'static str, &'static str),
        params: &'static [Param],
        result: K,
        apply: fn(&super::Args) -> cute_layout::error::Result<cute_layout::value::Value>,
    ) -> Operation {
        Operation {
            name,
            aliases: &[],
            signature,
            summary,
            example,
            expected,
            params,
            result,
            apply,
            swizzled: None,
            tiles: Tiles::None,
            forwards_composed: false,
            identity: None,
            f2: None,
            tensor: TensorForm::Refuse,
        }
    }

    /// Other names of the operation.
    pub(super) const fn aliases(mut self, aliases: &'static [&'static str]) -> Operation {
        self.aliases = aliases;
        self
    }

    /// Its form where an argument is a swizzle or a composed layout (`apply` is then its
    /// ordinary form, which calls of ordinary layouts reach directly).
    pub(super) const fn swizzled(
        mut self,
        form: fn(&super::Args) -> cute_layout::error::Result<cute_layout::value::Value>,
    ) -> Operation {
        self.swizzled = Some(form);
        self
    }

    /// The tiles of its result, for the renderer to colour.
    pub(super) const fn tiles(mut self, tiles: Tiles) -> Operation {
        self.tiles = tiles;
        self
    }

    /// CuTe applies it to a composed layout's inner layout.
    pub(super) const fn forwards_composed(mut self) -> Operation {
        self.forwards_composed = true;
        self
    }

    /// Its form on identity tensors: `apply`, where argument `position` is one.
    pub(super) const fn identity(
        mut self,
        position: usize,
        apply: fn(
            &super::Args,
            cute_layout::basis::IdentityTensor,
            bool,
        ) -> cute_layout::error::Result<cute_layout::value::Value>,
    ) -> Operation {
        self.identity = Some(IdentityForm { position, apply });
        self
    }

    /// Its form where an argument is an F2 layout (see `registry/f2.rs`).
    pub(super) const fn f2(
        mut self,
        apply: fn(&super::Args) -> cute_layout::error::Result<cute_layout::value::Value>,
    ) -> Operation {
        self.f2 = Some(apply);
        self
    }

    /// What it does with a tensor `L+o`.
    pub(super) const fn tensor(mut self, tensor: TensorForm) -> Operation {
        self.tensor = tensor;
        self
    }
}

impl Param {
    /// A required parameter taking `kinds` (not a C++ template argument).
    pub(super) const fn required(name: &'static str, kinds: &'static [K]) -> Param {
        Param {
            name,
            kinds,
            presence: Presence::Required,
            template: false,
        }
    }

    /// An optional parameter.
    pub(super) const fn optional(name: &'static str, kinds: &'static [K]) -> Param {
        Param {
            presence: Presence::Optional,
            ..Param::required(name, kinds)
        }
    }

    /// The last parameter, taking any number of arguments.
    pub(super) const fn variadic(name: &'static str, kinds: &'static [K]) -> Param {
        Param {
            presence: Presence::Variadic,
            ..Param::required(name, kinds)
        }
    }

    /// A C++ template argument (`take<0,2>(L)`).
    pub(super) const fn template(mut self) -> Param {
        self.template = true;
        self
    }
}
