//! A `#![no_std]` crate without `alloc` that uses [`cute_layout_macros::layout!`] and
//! [`cute_layout_macros::cute!`]: it builds iff their expansion needs neither `std` nor
//! `alloc`, as GPU Rust (rust-gpu, CubeCL, cuda-oxide) requires. CI builds it.
#![no_std]
#![forbid(unsafe_code)]

use cute_layout_macros::{cute, layout};

/// The offset of element `i` of an 8x8 row-major tile.
pub fn row_major_offset(i: u32) -> i64 {
    layout!("(_8,_8):(_8,_1)").eval(i)
}

/// The offset of the natural coordinate `c` in a 2x4 tiling of that tile.
pub fn divided_offset(c: ((u32, u32), (u32, u32))) -> i64 {
    cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))").crd2idx(c)
}

/// The coordinate of element `i` of the tiled tile, computed at compile time where `i` is a
/// constant.
pub const TENTH: ((u32, u32), (u32, u32)) =
    cute!("logical_divide((_8,_8):(_8,_1),(_2,_4))").idx2crd(10);
