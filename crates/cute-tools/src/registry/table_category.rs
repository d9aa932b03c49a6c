//! Tuple morphisms.

use super::table::prelude::*;

/// Tuple morphisms (the categorical layer).
pub(super) const CATEGORY: &[Operation] = &[
    Operation::new(
        "is_tractable",
        "is_tractable(L)",
        "whether L is the layout of a tuple morphism",
        ("is_tractable((2,2,2,4,4):(2,1,64,4,16))", "true"),
        &[Param::required("L", LAYOUT)],
        K::Bool,
        ordinary::is_tractable,
    ),
    Operation::new(
        "to_morphism",
        "to_morphism(L)",
        "the standard-form tuple morphism of a tractable L, `S -> T over α`",
        ("to_morphism((4,4):(1,32))", "(4,4) -> (4,8,4) over (1,3)"),
        &[Param::required("L", LAYOUT)],
        K::Morphism,
        ordinary::to_morphism,
    ),
    Operation::new(
        "from_morphism",
        "from_morphism(S -> T over α)",
        "the layout of a tuple morphism (`*` = base point)",
        ("from_morphism((4,4) -> (4,8,4) over (1,3))", "(4,4):(1,32)"),
        &[Param::required("f", &[K::Morphism])],
        K::Layout,
        ordinary::from_morphism,
    ),
];
