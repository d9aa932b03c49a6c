//! GMMA shared-memory layout atoms: `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`.
//!
//! CuTe defines them in bits, `Sw<B,4,3> o smem_ptr_flag o (8, 128·2^B):(128·2^B, 1)` (K-major)
//! or `(128·2^B, 8):(1, 128·2^B)` (MN-major), and `upcast`s the layout to elements of `T`. The
//! swizzle stays in bytes: with `smem_ptr_flag` it acts on the shared-memory byte address
//! (C++ prints `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`). In element offsets the
//! same function is [`SmemLayout::element_layout`], `Sw<B, 4 − log2(bytes of T), 3>`.

use super::ValueType;
use crate::algebra::divide::logical_divide;
use crate::algebra::product::tile_to_shape;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::recast::{upcast, upcast_swizzle};
use crate::swizzle::{ComposedLayout, Swizzle};
use crate::tiler::Tiler;
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

/// What a GMMA shared-memory descriptor encodes about a canonical layout (CuTe's
/// `make_gmma_desc<Major>`), offsets in units of 16 bytes (`uint128_t`) as in the bitfields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmmaDescriptor {
    /// `layout_type_`: the swizzle mode.
    pub layout_type: GmmaSwizzle,
    /// `stride_byte_offset_` (SBO).
    pub stride_byte_offset: i64,
    /// `leading_byte_offset_` (LBO).
    pub leading_byte_offset: i64,
}

impl GmmaSwizzle {
    /// CuTe's `LayoutType` value: INTERLEAVE 0, B128 1, B64 2, B32 3.
    ///
    /// ```
    /// assert_eq!(cute_layout::atom::GmmaSwizzle::Sw128.layout_type(), 1);
    /// ```
    pub fn layout_type(self) -> u8 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::Sw128 => 1,
            GmmaSwizzle::Sw64 => 2,
            GmmaSwizzle::Sw32 => 3,
        }
    }
}

/// `make_gmma_desc<Major>(tensor)` on the host: checks that one MMA's block of shared memory,
/// `(MN, K)` in elements, is a canonical GMMA layout for `major` and returns what its
/// descriptor encodes. In units of 16 bytes the canonical forms are, for `W = 2^B` of
/// `Sw<B,4,3>`: K-major `((8,n),2):((W,SBO),1)` (INTERLEAVE: `((8,n),2):((1,SBO),LBO)`),
/// MN-major `((W,n),(8,k)):((1,LBO),(W,SBO))` (INTERLEAVE: `((1,n),(8,k)):((X,SBO),(1,LBO))`).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] with C++'s static-assertion message ("Not a canonical
/// GMMA_K Layout: ...") naming the failed condition and the numbers; a swizzle that is not
/// `Sw<B,4,3>`; a layout that is not rank 2.
///
/// # Examples
/// ```
/// use cute_layout::atom::{gmma_descriptor, gmma_layout_atom, GmmaSwizzle, Major, ValueType};
/// let atom = gmma_layout_atom(Major::K, GmmaSwizzle::Sw128, ValueType::Half)?;
/// // One MMA's K block (64 x 16 halves) of a (64, 64) tile.
/// let block = atom.tile_to_shape(&"(_64,_64)".parse()?, None)?;
/// let block = cute_layout::atom::SmemLayout {
///     layout: cute_layout::composition_tiler(&block.layout, &"(_64,_16)".parse()?)?,
///     ..block
/// };
/// let d = gmma_descriptor(&block, Major::K)?;
/// assert_eq!((d.layout_type, d.stride_byte_offset, d.leading_byte_offset), (GmmaSwizzle::Sw128, 64, 1));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn gmma_descriptor(smem: &SmemLayout, major: Major) -> Result<GmmaDescriptor> {
    let sw = smem.swizzle;
    let layout_type = match (sw.bits(), sw.base(), sw.shift()) {
        (0, 4, 3) => GmmaSwizzle::Inter,
        (1, 4, 3) => GmmaSwizzle::Sw32,
        (2, 4, 3) => GmmaSwizzle::Sw64,
        (3, 4, 3) => GmmaSwizzle::Sw128,
        _ => return Err(LayoutError::InvalidArgument {
            op: "make_gmma_desc",
            detail: format!("swizzle {sw} is not a GMMA swizzle"),
            hint: "GMMA layouts use Sw<0,4,3>, Sw<1,4,3>, Sw<2,4,3> or Sw<3,4,3> on byte addresses",
        }),
    };
    let u128 = crate::recast::recast_layout(&smem.layout, smem.value_bits, 128)?;
    if u128.rank() != 2 {
        return Err(not_canonical(
            major,
            "rank-2 tensors",
            format!("{} has rank {}", u128, u128.rank()),
        ));
    }
    let w = 1i64 << sw.bits();
    let size = |m: usize| -> Result<i64> { Ok(u128.mode(m)?.size()?.value()) };
    let inter = layout_type == GmmaSwizzle::Inter;
    let tiler = |a: i64, b: i64| {
        Tiler::Tuple(vec![
            Tiler::from_int(Int::fixed(a)),
            Tiler::from_int(Int::fixed(b)),
        ])
    };
    match major {
        Major::K => {
            if size(0)? % 8 != 0 {
                return Err(not_canonical(
                    major,
                    "Expected MN-size multiple of 8",
                    format!("MN-size {}", size(0)?),
                ));
            }
            if ![2, 4].contains(&size(1)?) {
                return Err(not_canonical(
                    major,
                    "Expected K-size 2 for dense or 4 for sparse (in units of uint128_t)",
                    format!("K-size {} in units of uint128_t", size(1)?),
                ));
            }
            let c = canonical(&u128, &tiler(8, 2), major)?;
            expect_stride(major, &c, [0, 0], w)?;
            if !inter {
                expect_stride(major, &c, [1, 0], 1)?;
            }
            Ok(GmmaDescriptor {
                layout_type,
                stride_byte_offset: stride_at(&c, [0, 1])?,
                leading_byte_offset: stride_at(&c, [1, 0])?,
            })
        }
        Major::MN => {
            let k = size(1)?;
            if ![256, 128, 512]
                .iter()
                .any(|b| b / smem.value_bits == k && b % smem.value_bits == 0)
            {
                return Err(not_canonical(
                    major,
                    "Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse",
                    format!("K-size {k} for {}-bit elements", smem.value_bits),
                ));
            }
            let c = canonical(&u128, &tiler(w, 8), major)?;
            if !inter {
                expect_stride(major, &c, [0, 0], 1)?;
            }
            expect_stride(major, &c, [1, 0], w)?;
            let (s01, s11) = (stride_at(&c, [0, 1])?, stride_at(&c, [1, 1])?);
            Ok(GmmaDescriptor {
                layout_type,
                stride_byte_offset: if inter { s01 } else { s11 },
                leading_byte_offset: if inter { s11 } else { s01 },
            })
        }
    }
}

/// Which canonical GMMA layout one MMA's `(MN, K)` block of shared memory is: its majorness,
/// and the descriptor (swizzle mode, SBO, LBO) of [`gmma_descriptor`] for it. C++ is told
/// the majorness by the MMA's template argument (`make_gmma_desc<Major>`); this tries K-major
/// first, then MN-major, and returns the first that is canonical.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when neither is: the message gives C++'s condition for
/// each (`Not a canonical GMMA_K Layout: ...; Not a canonical GMMA_MN Layout: ...`).
///
/// ```
/// use cute_layout::atom::{gmma_canonical, gmma_layout_atom, GmmaSwizzle, Major, ValueType};
/// let atom = gmma_layout_atom(Major::MN, GmmaSwizzle::Sw64, ValueType::Half)?;
/// let block = atom.tile_to_shape(&"(_64,_16)".parse()?, None)?;
/// let (major, d) = gmma_canonical(&block)?;
/// assert_eq!((major, d.layout_type), (Major::MN, GmmaSwizzle::Sw64));
/// let plain = cute_layout::atom::SmemLayout { layout: "(_64,_16):(_1,_96)".parse()?, ..block };
/// let e = gmma_canonical(&plain).unwrap_err().to_string();
/// assert!(e.contains("Not a canonical GMMA_K Layout: Expected K-size 2") && e.contains("Not a canonical GMMA_MN Layout: Expected stride failure"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn gmma_canonical(smem: &SmemLayout) -> Result<(Major, GmmaDescriptor)> {
    let k = match gmma_descriptor(smem, Major::K) {
        Ok(d) => return Ok((Major::K, d)),
        Err(e) => e,
    };
    let mn = match gmma_descriptor(smem, Major::MN) {
        Ok(d) => return Ok((Major::MN, d)),
        Err(e) => e,
    };
    let detail = |e: &LayoutError| match e {
        LayoutError::InvalidArgument { detail, .. } => detail.clone(),
        other => other.to_string(),
    };
    Err(LayoutError::InvalidArgument {
        op: "make_gmma_desc",
        detail: format!("{}; {}", detail(&k), detail(&mn)),
        hint: "build the shared-memory layout with tile_to_shape of a GMMA::Layout_*_Atom<T> and take one MMA's (MN, K) block",
    })
}

/// `logical_divide(u128, tiler)`, which must be congruent to `((1,1),(1,1))`.
fn canonical(u128: &Layout, tiler: &Tiler, major: Major) -> Result<Layout> {
    let c = logical_divide(u128, tiler)?;
    let profile_ok = c.rank() == 2
        && c.modes()
            .all(|m| m.rank() == 2 && m.modes().all(|l| l.shape().is_leaf()));
    if !profile_ok {
        return Err(not_canonical(
            major,
            "Expected profile failure",
            format!("{c} (in units of uint128_t) is not ((X,X),(X,X))"),
        ));
    }
    Ok(c)
}

fn stride_at(c: &Layout, path: [usize; 2]) -> Result<i64> {
    let m = c.mode_path(&path)?;
    Ok(m.stride().as_leaf().map_or(0, |d| d.value()))
}

fn expect_stride(major: Major, c: &Layout, path: [usize; 2], want: i64) -> Result<()> {
    let got = stride_at(c, path)?;
    if got != want {
        return Err(not_canonical(
            major,
            "Expected stride failure",
            format!(
                "stride<{},{}> of {c} (in units of uint128_t) is {got}, expected {want}",
                path[0], path[1]
            ),
        ));
    }
    Ok(())
}

fn not_canonical(major: Major, condition: &str, detail: String) -> LayoutError {
    let which = match major {
        Major::K => "GMMA_K",
        Major::MN => "GMMA_MN",
    };
    LayoutError::InvalidArgument {
        op: "make_gmma_desc",
        detail: format!("Not a canonical {which} Layout: {condition}: {detail}"),
        hint: "build the shared-memory layout with tile_to_shape of a GMMA::Layout_*_Atom<T> of the same majorness and take one MMA's (MN, K) block",
    }
}
