//! The library's typed API, one module per subject: atoms, the categorical layer, composition,
//! the divides, integer tilers, F2 layouts, the fast paths, IntTuple operations, layouts, linear
//! layouts, property regressions, swizzles, tensors and TV layouts. `cargo test -p cute-layout --test api f2` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod atoms;
mod category;
mod composition;
mod divides;
mod extent_one;
mod f2;
mod f2_algebra;
mod fast;
mod int_tuple;
mod layouts;
mod linear;
mod linear_cta;
mod linear_f2;
mod properties;
mod swizzle;
mod symbolic;
mod symbolic_inverse;
mod tensor;
mod tv;
