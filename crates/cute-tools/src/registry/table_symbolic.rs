//! Symbolic extents (see [`cute_layout::symbolic`]): the substitution `subs`, listed by
//! `cute ops` last. The symbolic forms of the algebra's operations are in
//! [`super::symbolic`].

use super::table::prelude::*;
use super::Args;
use cute_layout::error::Result;
use cute_layout::value::Value;

/// `subs(EXPR, M=256, ...)` of an ordinary value (a symbolic one is taken by
/// [`super::symbolic::apply`] before this): the value itself.
fn subs_plain(a: &Args) -> Result<Value> {
    super::symbolic::subs(a.items)
}

/// Everything `subs` takes as its expression.
const ANY_VALUE: &[K] = &[K::Symbolic, K::Layout, K::Int, K::IntTuple];

/// The symbolic operations, in the order `cute ops` lists them.
pub(super) static SYMBOLIC_OPERATIONS: &[Operation] = &[Operation::new(
    "subs",
    "subs(EXPR, M=256, ...)",
    "the ordinary value of a symbolic one (M, M/128, (M,N):(1,M)) with each symbol given a value, after checking the assumptions it was computed under",
    ("subs(logical_divide((M,N):(1,M), (128,64)), M=256, N=128)", "((128,2),(64,2)):((1,128),(256,16384))"),
    &[
        Param::required("EXPR", ANY_VALUE),
        Param::variadic("NAME=VALUE", &[K::Symbolic]),
    ],
    K::Layout,
    subs_plain,
)];
