//! GMMA shared-memory layout atoms: `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`.
//!
//! CuTe defines them in bits, `Sw<B,4,3> o smem_ptr_flag o (8, 128·2^B):(128·2^B, 1)` (K-major)
//! or `(128·2^B, 8):(1, 128·2^B)` (MN-major), and `upcast`s the layout to elements of `T`. The
//! swizzle stays in bytes: with `smem_ptr_flag` it acts on the shared-memory byte address
//! (C++ prints `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`). In element offsets the
//! same function is [`SmemLayout::element_layout`], `Sw<B, 4 − log2(bytes of T), 3>`.

use super::ValueType;
use crate::algebra::product::tile_to_shape;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::recast::{upcast, upcast_swizzle};
use crate::swizzle::{ComposedLayout, Swizzle};
use crate::tree::Tree;
use crate::tuple::IntTuple;

/// Which mode of the operand is contiguous in shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// K-major (`GMMA::Major::K`): rows of K contiguous.
    K,
    /// MN-major (`GMMA::Major::MN`).
    MN,
}

/// The GMMA swizzle modes: `INTER` (none), `SW32`, `SW64`, `SW128` (bytes per swizzled row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaSwizzle {
    /// Interleaved, no swizzle: `Sw<0,4,3>`.
    Inter,
    /// 32-byte swizzle: `Sw<1,4,3>`.
    Sw32,
    /// 64-byte swizzle: `Sw<2,4,3>`.
    Sw64,
    /// 128-byte swizzle: `Sw<3,4,3>`.
    Sw128,
}

impl GmmaSwizzle {
    /// `B` of `Sw<B,4,3>`.
    fn bits(self) -> i64 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::Sw32 => 1,
            GmmaSwizzle::Sw64 => 2,
            GmmaSwizzle::Sw128 => 3,
        }
    }
}

/// A shared-memory layout as CuTe keeps it: a swizzle of byte addresses
/// (`smem_ptr_flag`), the element width, and the layout in elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmemLayout {
    /// The swizzle, acting on byte addresses.
    pub swizzle: Swizzle,
    /// `sizeof_bits<T>` of the elements.
    pub value_bits: i64,
    /// The layout in elements.
    pub layout: Layout,
}

/// `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`.
///
/// # Errors
/// Errors of `upcast` (an element wider than the atom's contiguous run).
///
/// # Examples
/// ```
/// use cute_layout::atom::{gmma_layout_atom, GmmaSwizzle, Major, ValueType};
/// let a = gmma_layout_atom(Major::K, GmmaSwizzle::Sw128, ValueType::Half)?;
/// assert_eq!(a.layout.to_string(), "(_8,_64):(_64,_1)");
/// assert_eq!(a.element_layout()?.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn gmma_layout_atom(major: Major, sw: GmmaSwizzle, t: ValueType) -> Result<SmemLayout> {
    let row = 128 << sw.bits();
    let fixed = |xs: [i64; 2]| Tree::from_leaves(xs.map(Int::fixed));
    let bits = match major {
        Major::K => Layout::new(fixed([8, row]), fixed([row, 1]))?,
        Major::MN => Layout::new(fixed([row, 8]), fixed([1, row]))?,
    };
    Ok(SmemLayout {
        swizzle: Swizzle::new(sw.bits(), 4, 3)?,
        value_bits: t.bits(),
        layout: upcast(&bits, t.bits()).map_err(|e| e.within("GMMA layout atom"))?,
    })
}

impl SmemLayout {
    /// The same function on element offsets: the swizzle recast from bytes to elements.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for elements narrower than a byte; errors of
    /// `upcast_swizzle`.
    ///
    /// ```
    /// use cute_layout::atom::{gmma_layout_atom, GmmaSwizzle, Major, ValueType};
    /// let a = gmma_layout_atom(Major::MN, GmmaSwizzle::Sw64, ValueType::Float)?;
    /// assert_eq!(a.element_layout()?.to_string(), "Sw<2,2,3> o _0 o (_16,_8):(_1,_16)");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn element_layout(&self) -> Result<ComposedLayout> {
        if self.value_bits % 8 != 0 {
            return Err(LayoutError::InvalidArgument {
                op: "element_layout",
                detail: format!(
                    "{}-bit elements do not have byte addresses",
                    self.value_bits
                ),
                hint: "use elements of a whole number of bytes",
            });
        }
        let sw = upcast_swizzle(self.swizzle, self.value_bits / 8)?;
        Ok(ComposedLayout::new(sw, Int::ZERO, self.layout.clone()))
    }

    /// `tile_to_shape(atom, shape, order)`: the atom repeated to `shape` (column-major order of
    /// the repetitions unless `order` is given), keeping the swizzle.
    ///
    /// # Errors
    /// As [`tile_to_shape`].
    ///
    /// ```
    /// use cute_layout::atom::{gmma_layout_atom, GmmaSwizzle, Major, ValueType};
    /// let a = gmma_layout_atom(Major::K, GmmaSwizzle::Sw128, ValueType::Half)?;
    /// let t = a.tile_to_shape(&"(_128,_64)".parse()?, None)?;
    /// assert_eq!(t.layout.to_string(), "((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tile_to_shape(&self, shape: &IntTuple, order: Option<&IntTuple>) -> Result<SmemLayout> {
        Ok(SmemLayout {
            layout: tile_to_shape(&self.layout, shape, order)?,
            ..self.clone()
        })
    }
}
