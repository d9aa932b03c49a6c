//! The analysis of shared-memory accesses (the swizzle solver).

use super::table::prelude::*;

/// The analysis of shared-memory accesses.
pub(super) const ANALYSIS: &[Operation] = &[
    Operation::new(
        "solve_swizzle",
        "solve_swizzle(L | TV, E | Copy_Atom [, BITS])",
        "the smallest Sw<B,M,S> o _0 o L whose shared-memory accesses are conflict-free (cute analyze --solve)",
        ("solve_swizzle((_8,_64):(_64,_1), 2)", "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"),
        &[Param::required("L", &[K::Layout, K::Tv]), Param::required("E", &[K::Int, K::CopyAtom]), Param::optional("BITS", INT)],
        K::Composed,
        solve::solve,
    ),
];
