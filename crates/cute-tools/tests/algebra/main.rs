//! The operations of the layout algebra, one module per subject (coalesce, composition,
//! complement, inverses, divides, products, IntTuple operations, layouts, swizzles, tensors, TV
//! layouts, atoms, TMA, the whitepaper and categorical operations, properties), through the
//! expression language and the typed API. Where a test comes from (a seed document, the C++
//! reference, a cargo-mutants survivor) is a one-line comment above it.
//! `cargo test -p cute-tools --test algebra composition` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod atoms;
mod basis_zero;
mod category;
mod coalesce;
mod complement;
mod composition;
mod divides;
mod extent_one;
mod f2_ops;
mod int_tuple;
mod inverses;
mod layouts;
mod negative_extents;
mod products;
mod properties;
mod swizzle;
mod tensor;
mod tma;
mod tv;
mod weak_complement;
mod whitepaper;
mod whitepaper_lattice;
