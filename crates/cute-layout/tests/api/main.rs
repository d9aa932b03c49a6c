//! The library's typed API, one module per subject: atoms, the categorical layer, F2 layouts,
//! the fast paths and linear layouts. `cargo test -p cute-layout --test api f2` runs one subject.

#[path = "../common/mod.rs"]
mod common;

mod atoms;
mod category;
mod f2;
mod fast;
mod linear;
