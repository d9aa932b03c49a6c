//! MMA and copy atoms, and the tiled MMAs and tiled copies built from them.
//!
//! An **MMA atom** is one hardware matrix-multiply instruction described as layouts: its
//! `Shape_MNK`, the thread IDs taking part (`ThrID`), and for each operand a thread-value
//! layout `(thr, val) -> coord` into the `M×K` (A), `N×K` (B) and `M×N` (C) tiles, the
//! coordinates numbered column-major. A **copy operation** describes its source and
//! destination as `(thr, bit) -> bit` layouts; a **copy atom** `Copy_Atom<OP, T>` recasts
//! them to elements of `T` (`recast_layout<uint1_t, T>`).
//!
//! [`TiledMma`] and [`TiledCopy`] repeat an atom over threads and values as CuTe's `TiledMMA`
//! and `TiledCopy` do, and partition tensors per thread.
//!
//! ```
//! use cute_layout::atom::{mma_atom, make_tiled_mma};
//! let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
//! assert_eq!(atom.layout_c.to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
//! let mma = make_tiled_mma(&atom, &"(_2,_2,_1)".parse()?, &[])?;
//! assert_eq!(
//!     mma.get_layout_c_tv()?.to_string(),
//!     "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
//! );
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

mod catalogue;
mod smem;
mod tiled_copy;
mod tiled_mma;
mod tma;
mod tma_copy;
mod tma_desc;
mod umma;

pub use catalogue::{copy_op, copy_op_names, is_mma_atom, mma_atom, mma_atom_names};
pub use smem::{
    gmma_canonical, gmma_descriptor, gmma_layout_atom, GmmaDescriptor, GmmaSwizzle, Major,
    SmemLayout,
};
pub use tiled_copy::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, make_tiled_copy_impl,
    make_tiled_copy_tiler, TiledCopy,
};
pub use tiled_mma::{make_tiled_mma, Permutation, TiledMma};
pub use tma::is_tma_without_box;
pub use tma::{construct_tma_gbasis, make_tma_atom, tma_cta_v_map, tma_operation, TmaAux, TmaOp};
pub use tma_copy::{get_tma_tensor, make_tma_copy, tma_partition, TmaPartition};
pub use tma_desc::TMA_MAX_RANK;

use crate::basis::IdentityTensor;
use crate::coord::Coord;
use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use crate::recast::recast_layout;
use crate::tensor::Tensor;
use crate::tuple::IntTuple;

/// An element type of CuTe (`half_t`, `float`, `uint128_t`, ...), known by its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// `half_t` (16 bits).
    Half,
    /// `bfloat16_t` (16 bits).
    BFloat16,
    /// `tfloat32_t` (32 bits of storage).
    TFloat32,
    /// `float` (32 bits).
    Float,
    /// `double` (64 bits).
    Double,
    /// `float_e4m3_t` (8 bits).
    E4M3,
    /// `float_e5m2_t` (8 bits).
    E5M2,
    /// `float_e2m3_t` (6 bits).
    E2M3,
    /// `float_e3m2_t` (6 bits).
    E3M2,
    /// `float_e2m1_t` (4 bits).
    E2M1,
    /// `float_ue8m0_t` (8 bits; a block-scaled MMA's scale factor).
    UE8M0,
    /// `float_ue4m3_t` (8 bits; a block-scaled MMA's scale factor).
    UE4M3,
    /// `int4b_t` (4 bits).
    Int4,
    /// `uint4b_t` (4 bits).
    UInt4,
    /// `uint1b_t` (1 bit; the binary MMAs' operands).
    UInt1,
    /// `int8_t`.
    Int8,
    /// `uint8_t`.
    UInt8,
    /// `int16_t`.
    Int16,
    /// `uint16_t`.
    UInt16,
    /// `int32_t`.
    Int32,
    /// `uint32_t`.
    UInt32,
    /// `int64_t`.
    Int64,
    /// `uint64_t`.
    UInt64,
    /// `uint128_t`.
    UInt128,
    /// `complex<double>` (128 bits).
    ComplexDouble,
    /// `SM80_8x8x4_GC64C64C64GC64_TN::GaussComplex`: three `double`s (192 bits), the
    /// accumulator of the Gaussian complex MMA.
    GaussComplex,
}

impl ValueType {
    /// Every element type, in the order `cute atoms` and the errors list them.
    pub const ALL: [ValueType; 26] = {
        use ValueType::*;
        [
            Half,
            BFloat16,
            TFloat32,
            Float,
            Double,
            E4M3,
            E5M2,
            E2M3,
            E3M2,
            E2M1,
            UE8M0,
            UE4M3,
            Int4,
            UInt4,
            UInt1,
            Int8,
            UInt8,
            Int16,
            UInt16,
            Int32,
            UInt32,
            Int64,
            UInt64,
            UInt128,
            ComplexDouble,
            GaussComplex,
        ]
    };

    /// CuTe's name of the type, as `print` and the catalogue spell it (`half_t`,
    /// `float_e2m1_t`, `uint128_t`).
    ///
    /// ```
    /// # use cute_layout::atom::ValueType;
    /// assert_eq!(ValueType::E2M1.name(), "float_e2m1_t");
    /// ```
    pub fn name(self) -> &'static str {
        use ValueType::*;
        match self {
            Half => "half_t",
            BFloat16 => "bfloat16_t",
            TFloat32 => "tfloat32_t",
            Float => "float",
            Double => "double",
            E4M3 => "float_e4m3_t",
            E5M2 => "float_e5m2_t",
            E2M3 => "float_e2m3_t",
            E3M2 => "float_e3m2_t",
            E2M1 => "float_e2m1_t",
            UE8M0 => "float_ue8m0_t",
            UE4M3 => "float_ue4m3_t",
            Int4 => "int4b_t",
            UInt4 => "uint4b_t",
            UInt1 => "uint1b_t",
            Int8 => "int8_t",
            UInt8 => "uint8_t",
            Int16 => "int16_t",
            UInt16 => "uint16_t",
            Int32 => "int32_t",
            UInt32 => "uint32_t",
            Int64 => "int64_t",
            UInt64 => "uint64_t",
            UInt128 => "uint128_t",
            ComplexDouble => "complex<double>",
            GaussComplex => "SM80_8x8x4_GC64C64C64GC64_TN::GaussComplex",
        }
    }

    /// The type CuTe names `name` (its [`ValueType::name`] exactly; other spellings are read
    /// by `notation::atom::parse_value_type`).
    ///
    /// ```
    /// # use cute_layout::atom::ValueType;
    /// assert_eq!(ValueType::from_name("float_ue8m0_t"), Some(ValueType::UE8M0));
    /// assert_eq!(ValueType::from_name("cutlass::half_t"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<ValueType> {
        ValueType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// `sizeof_bits<T>`.
    ///
    /// ```
    /// # use cute_layout::atom::ValueType;
    /// assert_eq!(ValueType::Half.bits(), 16);
    /// assert_eq!(ValueType::UInt128.bits(), 128);
    /// ```
    pub fn bits(self) -> i64 {
        use ValueType::*;
        match self {
            UInt1 => 1,
            Int4 | UInt4 | E2M1 => 4,
            E2M3 | E3M2 => 6,
            E4M3 | E5M2 | UE8M0 | UE4M3 | Int8 | UInt8 => 8,
            Half | BFloat16 | Int16 | UInt16 => 16,
            TFloat32 | Float | Int32 | UInt32 => 32,
            Double | Int64 | UInt64 => 64,
            UInt128 | ComplexDouble => 128,
            GaussComplex => 192,
        }
    }
}

/// The element types of an MMA: `D = A * B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MmaTypes {
    /// `ValTypeD`.
    pub d: ValueType,
    /// `ValTypeA`.
    pub a: ValueType,
    /// `ValTypeB`.
    pub b: ValueType,
    /// `ValTypeC`.
    pub c: ValueType,
}

/// `MMA_Atom<OP>`: one MMA instruction as layouts (CuTe's `MMA_Traits<OP>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The operation's name as C++ spells it, e.g. `SM80_16x8x16_F32F16F16F32_TN`.
    pub name: String,
    /// `ValTypeD`, `ValTypeA`, `ValTypeB`, `ValTypeC`.
    pub types: MmaTypes,
    /// `Shape_MNK`, e.g. `(_16,_8,_16)`.
    pub shape_mnk: IntTuple,
    /// `ThrID`: atom thread index -> thread index.
    pub thr_id: Layout,
    /// `ALayout` (`LayoutA_TV`): `(thr, val) -> (m, k)`, column-major in `M×K`.
    pub layout_a: Layout,
    /// `BLayout` (`LayoutB_TV`): `(thr, val) -> (n, k)`, column-major in `N×K`.
    pub layout_b: Layout,
    /// `CLayout` (`LayoutC_TV`): `(thr, val) -> (m, n)`, column-major in `M×N`.
    pub layout_c: Layout,
}

impl MmaAtom {
    /// `size<I>(Shape_MNK)` for `I` in 0..3.
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`] for `i > 2`.
    ///
    /// ```
    /// let atom = cute_layout::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN")?;
    /// assert_eq!(atom.extent(1)?.value(), 8);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn extent(&self, i: usize) -> Result<crate::int::Int> {
        self.shape_mnk.get(i)?.size()
    }
}

/// A copy operation as CuTe's `Copy_Traits<OP>` gives it: layouts in bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyOp {
    /// The operation's name as C++ spells it, e.g. `SM75_U32x4_LDSM_N`.
    pub name: String,
    /// `ThrID`.
    pub thr_id: Layout,
    /// `SrcLayout`: `(thr, bit) -> bit` of the source.
    pub src: Layout,
    /// `DstLayout`: `(thr, bit) -> bit` of the destination.
    pub dst: Layout,
    /// `RefLayout`: the reference the tiled copy is laid out by.
    pub reference: Layout,
}

/// `Copy_Atom<OP, T>`: a copy operation with its layouts recast to elements of `T`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyAtom {
    /// The operation.
    pub op: CopyOp,
    /// `ValType` (`T`).
    pub value_type: ValueType,
    /// `ValLayoutSrc = recast_layout<uint1_t, T>(SrcLayout)`.
    pub src: Layout,
    /// `ValLayoutDst`.
    pub dst: Layout,
    /// `ValLayoutRef`.
    pub reference: Layout,
    /// The TMA's parameters of a TMA atom ([`make_tma_atom`]); `None` for other atoms.
    pub tma: Option<Box<TmaAux>>,
}

impl CopyAtom {
    /// The TMA's parameters of a TMA atom.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for an atom `make_tma_atom` did not build.
    ///
    /// ```
    /// use cute_layout::atom::{copy_op, make_copy_atom, ValueType};
    /// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
    /// assert!(atom.tma().is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn tma(&self) -> Result<&TmaAux> {
        self.tma.as_deref().ok_or_else(|| LayoutError::InvalidArgument {
            op: "TMA atom",
            detail: format!("{self} is no TMA atom with a box (make_tma_atom builds one)"),
            hint: "build the atom with make_tma_atom (Copy_Atom<SM90_TMA_LOAD,T,GMEM,SMEM,CTA_TILER>)",
        })
    }
}

/// `Copy_Atom<OP, T>{}`: recasts the bit layouts of `op` to elements of `value_type`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] where C++ static_asserts "CopyOperation is not valid for
/// Src of ValType": a recast layout whose thread mode no longer has `size(ThrID)` threads.
///
/// # Examples
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, ValueType};
/// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
/// assert_eq!(atom.src.to_string(), "(_32,_8):(_8,_1)");
/// assert_eq!(atom.dst.to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn make_copy_atom(op: &CopyOp, value_type: ValueType) -> Result<CopyAtom> {
    let bits = value_type.bits();
    let threads = op.thr_id.size()?;
    let recast = |which: &'static str, l: &Layout| -> Result<Layout> {
        let r = recast_layout(l, 1, bits).map_err(|e| e.within("Copy_Atom"))?;
        let t = r.mode(0)?.size()?;
        if t.value() != threads.value() {
            return Err(LayoutError::InvalidArgument {
                op: "Copy_Atom",
                detail: format!(
                    "{} of {} recast to {}-bit values has {} threads, ThrID has {}",
                    which,
                    op.name,
                    bits,
                    t.value(),
                    threads.value()
                ),
                hint: "CopyOperation is not valid for this ValType; pick a type the operation moves whole",
            });
        }
        Ok(r)
    };
    Ok(CopyAtom {
        op: op.clone(),
        value_type,
        src: recast("Src", &op.src)?,
        dst: recast("Dst", &op.dst)?,
        reference: recast("Ref", &op.reference)?,
        tma: None,
    })
}

/// What a thread's partition (`partition_A`, `partition_S`, ...) can be taken of: a
/// [`Tensor`] (over data, or over `()` to follow a bare layout and its offset) or an
/// [`IdentityTensor`] (the coordinates a thread touches, for predication).
pub trait Partitionable: Sized {
    /// The rank of the layout (CuTe's `rank(tensor)`).
    fn partition_rank(&self) -> usize;

    /// Reshapes the layout's domain with `f`, then slices with `coord`.
    ///
    /// # Errors
    /// The errors of `f` and of the slice.
    fn reshape_and_slice(
        self,
        f: impl Fn(&Layout) -> Result<Layout>,
        coord: &Coord,
    ) -> Result<Self>;
}

impl<D> Partitionable for Tensor<D> {
    fn partition_rank(&self) -> usize {
        self.layout().inner().rank()
    }

    fn reshape_and_slice(
        self,
        f: impl Fn(&Layout) -> Result<Layout>,
        coord: &Coord,
    ) -> Result<Self> {
        self.map_layout(f)?.slice(coord)
    }
}

impl Partitionable for IdentityTensor {
    fn partition_rank(&self) -> usize {
        self.shape().rank()
    }

    fn reshape_and_slice(
        self,
        f: impl Fn(&Layout) -> Result<Layout>,
        coord: &Coord,
    ) -> Result<Self> {
        self.map_layout(f)?.slice(coord)
    }
}
