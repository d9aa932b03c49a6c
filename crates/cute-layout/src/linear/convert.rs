//! CuTe layouts as linear layouts and back.
//!
//! **Conventions** (Triton's): a shared-memory layout maps `offset → (dim0, dim1, ...)`, the
//! element that each offset holds; a distributed layout maps `(register, lane, warp, block) →
//! (dim0, dim1, ...)`, the element that each register of each thread holds. A CuTe layout maps
//! the other way for memory, `(dim0, dim1, ...) → offset`, so:
//!
//! - [`layout_function`] is a CuTe layout's own function over F2: inputs `dim0, dim1, ...`
//!   (one per top-level mode, its 1-D index), output `offset`;
//! - [`to_linear_layout`] of a layout or a swizzled layout `Sw<B,M,S> o 0 o L` is Triton's
//!   shared-memory form, the inverse of that function (`offset → dims`);
//! - [`tv_to_linear_layout`] of a TV layout is Triton's distributed form: the thread splits
//!   into `lane` (its low 5 bits) and `warp`, the value is the `register`, and the outputs are
//!   the tile's row `dim0` and column `dim1`;
//! - [`from_linear_layout`] reads any of these back in the simplest exact CuTe form.
//!
//! A CuTe layout is linear over F2 exactly when its extents are powers of two and the
//! contributions of its index bits (stride × 2^j) never share a bit, so that their sum is
//! their XOR. Anything else is refused with the mode and the reason: an extent that is not a
//! power of two, a negative stride, or the first coordinate where two contributions carry.
//!
//! ```
//! use cute_layout::linear::convert::{from_linear_layout, to_linear_layout, CuteForm};
//! use cute_layout::AnyLayout;
//! let sw: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse()?;
//! let ll = to_linear_layout(&sw)?;
//! assert_eq!(ll.to_string(), "offset=[[0,1],[1,1]] block=[] -> dim0=2 dim1=2");
//! assert!(matches!(from_linear_layout(&ll)?, CuteForm::Swizzled(_)));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::algebra::coalesce::coalesce;
use crate::error::{LayoutError, Result};
use crate::f2::{F2Layout, F2};
use crate::int::Int;
use crate::layout::Layout;
use crate::linear::{log2_exact, size_above, InDim, LinearLayout};
use crate::swizzle::{AnyLayout, ComposedLayout, Outer, Swizzle};
use crate::tree::Tree;
use crate::tuple::IntTuple;
use crate::tv::TvLayout;

const OP: &str = "to_linear_layout";

/// The contribution `stride · 2^j` of every index bit of each top-level mode, in colex order,
/// from each mode's flat `(extent, stride)` leaves (an F2 stride's contribution is the same
/// number: the carry-less `2^j · d` is `d << j`).
fn contributions(
    modes: Vec<Vec<(i64, i64)>>,
    layout: &dyn std::fmt::Display,
) -> Result<Vec<Vec<u64>>> {
    modes
        .into_iter()
        .enumerate()
        .map(|(k, mode)| {
            let mut bits = Vec::new();
            for (s, d) in mode {
                if s == 1 {
                    continue;
                }
                let Some(n) = u64::try_from(s).ok().and_then(log2_exact) else {
                    return Err(LayoutError::InvalidArgument {
                        op: OP,
                        detail: format!(
                            "mode {k} of {layout} has the extent {s}, not a power of two (a map over F2 has 2^k inputs)"
                        ),
                        hint: "give power-of-two extents",
                    });
                };
                if d < 0 {
                    return Err(LayoutError::InvalidArgument {
                        op: OP,
                        detail: format!(
                            "mode {k} of {layout} has the negative stride {d}: offsets over F2 are non-negative bit patterns"
                        ),
                        hint: "give non-negative strides",
                    });
                }
                for j in 0..n {
                    let c = d
                        .checked_mul(1i64 << j)
                        .filter(|c| (*c as u64) >> 62 == 0)
                        .ok_or_else(|| LayoutError::Overflow {
                            expr: format!("{d} * 2^{j} (a contribution of mode {k} of {layout})"),
                        })?;
                    bits.push(c as u64);
                }
            }
            Ok(bits)
        })
        .collect()
}

/// [`contributions`] of a layout's top-level modes.
fn mode_contributions(layout: &Layout) -> Result<Vec<Vec<u64>>> {
    let modes: Vec<Layout> = if layout.shape().is_leaf() {
        vec![layout.clone()]
    } else {
        layout.modes().collect()
    };
    let leaves = modes
        .iter()
        .map(|m| m.leaves().map(|(s, d)| (s.value(), d.value())).collect())
        .collect();
    contributions(leaves, layout)
}

/// [`contributions`] of an F2 layout's top-level modes.
fn f2_mode_contributions(layout: &F2Layout) -> Result<Vec<Vec<u64>>> {
    let leaves = if layout.shape().is_leaf() {
        vec![layout
            .leaves()
            .map(|(s, d)| (s.value(), d.bits().value()))
            .collect()]
    } else {
        layout
            .shape()
            .modes()
            .zip(layout.stride().modes())
            .map(|(s, d)| {
                s.leaves()
                    .zip(d.leaves())
                    .map(|(s, d)| (s.value(), d.bits().value()))
                    .collect()
            })
            .collect()
    };
    contributions(leaves, layout)
}

/// The function `(dim0, dim1, ...) → offset` whose input `dimk` has the bases `modes[k]`.
fn function_of(modes: Vec<Vec<u64>>) -> Result<LinearLayout> {
    let size = size_above(modes.iter().flatten().fold(0, |a, c| a | c));
    let ins: Vec<InDim> = modes
        .into_iter()
        .enumerate()
        .map(|(k, bits)| {
            (
                format!("dim{k}"),
                bits.into_iter().map(|c| vec![c]).collect(),
            )
        })
        .collect();
    LinearLayout::new(ins, vec![("offset".into(), size)])
}

/// The first pair of contributions (in the order of the flat index) that share a bit, as
/// `(a, b)` positions into the flattened list; `None` when the sum of every subset is its XOR.
/// Linear in the contributions: the first `b` sharing a bit with the union of those before
/// it, then the first `a` before it that has the bit (a search of all pairs was quadratic).
fn first_carry(flat: &[u64]) -> Option<(usize, usize)> {
    let mut before = 0u64;
    let b = flat.iter().position(|&x| {
        let shares = x & before != 0;
        before |= x;
        shares
    })?;
    let a = flat[..b].iter().position(|&x| x & flat[b] != 0)?;
    Some((a, b))
}

/// A CuTe layout's own function over F2: inputs `dim0, dim1, ...` (one per top-level mode,
/// the mode's 1-D index; a layout of one mode has `dim0` only), output `offset`. Exact: it is
/// the layout, bit for bit.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] naming the mode for an extent that is not a power of
/// two or a negative stride, and naming the first coordinate where two index bits carry into
/// each other (where the layout's sum is not the XOR of its bits); [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::layout_function;
/// let f = layout_function(&"(_4,_2):(_2,_1)".parse()?)?;
/// assert_eq!(f.to_string(), "dim0=[[2],[4]] dim1=[[1]] -> offset=8");
/// let e = layout_function(&"(_2,_2):(_1,_1)".parse()?).unwrap_err();
/// assert!(e.to_string().contains("carry"), "{e}");
/// assert!(layout_function(&"_3:_1".parse()?).unwrap_err().to_string().contains("not a power of two"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn layout_function(layout: &Layout) -> Result<LinearLayout> {
    let modes = mode_contributions(layout)?;
    let flat: Vec<u64> = modes.iter().flatten().copied().collect();
    if let Some((a, b)) = first_carry(&flat) {
        let mut coord = vec![0u64; modes.len()];
        let mut pos = 0;
        for (k, bits) in modes.iter().enumerate() {
            for j in 0..bits.len() {
                if pos == a || pos == b {
                    coord[k] |= 1 << j;
                }
                pos += 1;
            }
        }
        let coord = coord
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        return Err(LayoutError::InvalidArgument {
            op: OP,
            detail: format!(
                "{layout} is not linear over F2: the index bits {a} and {b} contribute {} and {}, which share bits, so they carry at the coordinate ({coord}) (per-mode indices): L = {} but the XOR is {}",
                flat[a],
                flat[b],
                flat[a] + flat[b],
                flat[a] ^ flat[b]
            ),
            hint: "only layouts whose strides never carry (power-of-two tiles, disjoint bits) are linear layouts",
        });
    }
    function_of(modes)
}

/// An F2-stride layout's own function over F2: inputs `dim0, dim1, ...` (one per top-level
/// mode, its 1-D index), output `offset`, each index bit's basis its contribution `d << j`.
/// Exact: an F2 layout of power-of-two extents is linear in its index bits, with no carries.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] naming the mode for an extent that is not a power of
/// two; [`LayoutError::Overflow`].
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::f2_layout_function;
/// let f = f2_layout_function(&"(_4,_2):(_1^,_3^)".parse()?)?;
/// assert_eq!(f.to_string(), "dim0=[[1],[2]] dim1=[[3]] -> offset=4");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn f2_layout_function(layout: &F2Layout) -> Result<LinearLayout> {
    function_of(f2_mode_contributions(layout)?)
}

/// Triton's shared-memory form `(offset, block) → (dim0, dim1, ...)` of an F2-stride layout:
/// the inverse of [`f2_layout_function`], which must be a bijection onto `[0, 2^k)`, and an
/// empty `block` (one CTA).
///
/// # Errors
/// As [`f2_layout_function`]; [`LayoutError::InvalidArgument`] when the layout is not a
/// bijection onto its power-of-two codomain.
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::f2_to_linear_layout;
/// let l = f2_to_linear_layout(&"(_2,_2):(_1^,_3^)".parse()?)?;
/// assert_eq!(l.to_string(), "offset=[[1,0],[1,1]] block=[] -> dim0=2 dim1=2");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn f2_to_linear_layout(layout: &F2Layout) -> Result<LinearLayout> {
    shared_form(&f2_layout_function(layout)?, layout)
}

fn swizzled(f: &LinearLayout, sw: Swizzle) -> Result<LinearLayout> {
    let ins: Vec<InDim> = f
        .in_dims()
        .iter()
        .map(|(n, b)| {
            (
                n.clone(),
                b.iter()
                    .map(|c| vec![sw.apply(c[0] as i64) as u64])
                    .collect(),
            )
        })
        .collect();
    let or = f
        .flat_bases()
        .iter()
        .fold(0u64, |a, c| a | sw.apply(*c as i64) as u64);
    LinearLayout::new(ins, vec![("offset".into(), size_above(or))])
}

/// The function of a layout or a swizzled layout `Sw<B,M,S> o 0 o L` over F2 (inputs `dim0,
/// ...`, output `offset`): a swizzle is linear over F2, so it acts on each basis.
///
/// # Errors
/// As [`layout_function`]; [`LayoutError::InvalidArgument`] for a non-zero offset (an affine
/// map, not a linear one) or an outer layout that is not a swizzle.
pub fn any_layout_function(layout: &AnyLayout) -> Result<LinearLayout> {
    match layout {
        AnyLayout::Layout(l) => layout_function(l),
        AnyLayout::Composed(c) => {
            if c.offset().value() != 0 {
                return Err(LayoutError::InvalidArgument {
                    op: OP,
                    detail: format!(
                        "{c} has the offset {}: an offset makes the map affine, not linear over F2",
                        c.offset()
                    ),
                    hint: "convert the layout without its offset (Triton's layouts start at 0)",
                });
            }
            let Outer::Swizzle(sw) = c.outer() else {
                return Err(LayoutError::InvalidArgument {
                    op: OP,
                    detail: format!("the outer function of {c} is a layout, not a swizzle"),
                    hint: "compose the layouts first (composition), or give Sw<B,M,S> o 0 o L",
                });
            };
            swizzled(&layout_function(c.layout())?, *sw)
        }
    }
}

/// Triton's shared-memory form `(offset, block) → (dim0, dim1, ...)` of a layout or a swizzled
/// layout: the inverse of [`any_layout_function`], which must be a bijection onto `[0, 2^k)`,
/// and an empty `block` (one CTA).
///
/// # Errors
/// As [`any_layout_function`]; [`LayoutError::InvalidArgument`] when the layout is not a
/// bijection onto its power-of-two codomain (Triton's shared layouts give every offset one
/// element: use [`layout_function`] for the function itself).
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::to_linear_layout;
/// // the 128-byte swizzle (Sw<3,4,3> on bytes, Sw<3,3,3> on 16-bit elements) of an 8x64 tile
/// let l = to_linear_layout(&"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?)?;
/// assert_eq!(l.bases("offset").unwrap()[6..9], [vec![1, 8], vec![2, 16], vec![4, 32]]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn to_linear_layout(layout: &AnyLayout) -> Result<LinearLayout> {
    shared_form(&any_layout_function(layout)?, layout)
}

/// The inverse of a layout's function `f` (`dims → offset`), with an empty `block`: Triton's
/// shared-memory form, or the error naming `layout` when `f` is no bijection.
fn shared_form(f: &LinearLayout, layout: &dyn std::fmt::Display) -> Result<LinearLayout> {
    let one_cta = LinearLayout::new(vec![("block".into(), vec![])], vec![])?;
    f.invert().and_then(|inv| inv.product(&one_cta)).map_err(|e| {
        LayoutError::InvalidArgument {
            op: OP,
            detail: format!(
                "{layout} is not a bijection onto [0, {}) (rank {} of {} index bits): Triton's shared layouts give every offset one element",
                f.out_dim_size("offset").unwrap_or(1),
                f.rank(),
                f.total_in_bits()
            ),
            hint: "give a compact layout, or use layout_function for the function itself",
        }
        .within(format!("{e}"))
    })
}

/// Triton's distributed form of a TV layout: `(register, lane, warp, block) → (dim0, dim1)`.
/// The thread index splits into `lane` (its low 5 bits) and `warp` (the rest), the value index
/// is `register`, `block` is empty (one CTA), and the output is the tile's row and column
/// (the TV layout's index `m + M·n` of the column-major `M×N` tile).
///
/// # Errors
/// As [`layout_function`] (the TV layout must be linear over F2);
/// [`LayoutError::InvalidArgument`] when the tile's extents are not powers of two or a
/// value lands outside the tile.
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::tv_to_linear_layout;
/// use cute_layout::tv::TvLayout;
/// // SM80 mma.sync 16x8 C layout: ((4,8),(2,2)):((32,1),(16,8)) on the 16x8 tile
/// let tv = TvLayout::new("(16,8)".parse()?, "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))".parse()?)?;
/// assert_eq!(
///     tv_to_linear_layout(&tv)?.to_string(),
///     "register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] warp=[] block=[] -> dim0=16 dim1=8"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tv_to_linear_layout(tv: &TvLayout) -> Result<LinearLayout> {
    tv_to_linear_layout_cga(tv, 1)
}

/// Triton's distributed form of a TV layout over the tile of a cluster of `ctas` CTAs: as
/// [`tv_to_linear_layout`], with the thread index `thread + T·cta` (`T` threads per CTA): its
/// top `log2(ctas)` bits are the `block`, the rest split into `lane` and `warp`. This is the
/// inverse of [`from_linear_layout`]'s [`CuteForm::Cga`] of a TV layout.
///
/// # Errors
/// As [`tv_to_linear_layout`]; [`LayoutError::InvalidArgument`] when `ctas` is not a power of
/// two or exceeds the threads.
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::tv_to_linear_layout_cga;
/// use cute_layout::tv::TvLayout;
/// // 32 threads per CTA, 2 CTAs stacked along the rows of a 64x1 tile, one value each
/// let tv = TvLayout::new("(64,1)".parse()?, "((_32,_2),_1):((_1,_32),_0)".parse()?)?;
/// assert_eq!(
///     tv_to_linear_layout_cga(&tv, 2)?.to_string(),
///     "register=[] lane=[[1,0],[2,0],[4,0],[8,0],[16,0]] warp=[] block=[[32,0]] -> dim0=64 dim1=1"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tv_to_linear_layout_cga(tv: &TvLayout, ctas: u64) -> Result<LinearLayout> {
    let (m, n) = tv.tile_mn()?;
    let (m, n) = pow2_tile(m as u64, n as u64, &tv.tiler)?;
    distributed_of(&layout_function(&tv.layout)?, m, n, ctas, &tv.layout)
}

/// Triton's distributed form of an F2-stride TV layout (`(thread, value) → m + M·n` of the
/// column-major `M×N` tile `tiler`) over `ctas` CTAs, as [`tv_to_linear_layout_cga`]: the
/// inverse of [`CuteForm::F2Tv`].
///
/// # Errors
/// As [`tv_to_linear_layout_cga`], and [`f2_layout_function`].
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::f2_tv_to_linear_layout;
/// // thread 1 -> cell 2 (0,1), value 1 -> cell 3 (1,1): XOR, not a sum
/// let l = f2_tv_to_linear_layout(&"(2,2)".parse()?, &"(_2,_2):(_2^,_3^)".parse()?, 1)?;
/// assert_eq!(l.to_string(), "register=[[1,1]] lane=[[0,1]] warp=[] block=[] -> dim0=2 dim1=2");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn f2_tv_to_linear_layout(
    tiler: &IntTuple,
    layout: &F2Layout,
    ctas: u64,
) -> Result<LinearLayout> {
    let extents: Vec<i64> = tiler.leaves().map(|x| x.value()).collect();
    let [m, n] = extents[..] else {
        return Err(LayoutError::InvalidArgument {
            op: OP,
            detail: format!("the tile {tiler} is not (M,N)"),
            hint: "give a rank-2 tile",
        });
    };
    let (m, n) = pow2_tile(m.max(0) as u64, n.max(0) as u64, tiler)?;
    distributed_of(&f2_layout_function(layout)?, m, n, ctas, layout)
}

fn pow2_tile(m: u64, n: u64, tiler: &IntTuple) -> Result<(u64, u64)> {
    for (k, e) in [m, n].into_iter().enumerate() {
        if log2_exact(e).is_none() {
            return Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!(
                    "mode {k} of the tile {tiler} has the extent {e}, not a power of two"
                ),
                hint: "give a power-of-two tile",
            });
        }
    }
    Ok((m, n))
}

/// The distributed form of a TV function `f` (`dim0` the thread, `dim1` the value, `→ offset`
/// the index into the column-major `m×n` tile) over `ctas` CTAs.
fn distributed_of(
    f: &LinearLayout,
    m: u64,
    n: u64,
    ctas: u64,
    what: &dyn std::fmt::Display,
) -> Result<LinearLayout> {
    let cells = m * n;
    let split = |c: u64| -> Result<Vec<u64>> {
        if c >= cells {
            return Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!("{what} maps a value to the index {c}, outside the {m}x{n} tile"),
                hint: "give a TV layout into its tile",
            });
        }
        Ok(vec![c % m, c / m])
    };
    let cells_of = |dim: &str| -> Result<Vec<Vec<u64>>> {
        f.bases(dim)
            .unwrap_or(&[])
            .iter()
            .map(|c| split(c[0]))
            .collect()
    };
    let (thread, value) = (cells_of("dim0")?, cells_of("dim1")?);
    let block_bits = cta_bits(ctas, thread.len(), "threads", what)?;
    let per_cta = thread.len() - block_bits;
    let lanes = per_cta.min(5);
    LinearLayout::new(
        vec![
            ("register".into(), value),
            ("lane".into(), thread[..lanes].to_vec()),
            ("warp".into(), thread[lanes..per_cta].to_vec()),
            ("block".into(), thread[per_cta..].to_vec()),
        ],
        vec![("dim0".into(), m), ("dim1".into(), n)],
    )
}

/// `log2(ctas)`, the CTA bits at the top of `bits` bits of `what`'s threads or offsets (`of`).
fn cta_bits(ctas: u64, bits: usize, of: &str, what: &dyn std::fmt::Display) -> Result<usize> {
    match log2_exact(ctas) {
        Some(b) if b as usize <= bits => Ok(b as usize),
        _ => Err(LayoutError::InvalidArgument {
            op: OP,
            detail: format!(
                "{ctas} CTAs for the {} {of} of {what}",
                1u64 << bits.min(62)
            ),
            hint: "give a power-of-two number of CTAs that divides the threads or the offsets",
        }),
    }
}

/// The CuTe form of a linear layout: the simplest exact one, or the linear layout itself with
/// the reason it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CuteForm {
    /// A layout `Shape:Stride`.
    Layout(Layout),
    /// A swizzled layout `Sw<B,M,S> o 0 o L`.
    Swizzled(ComposedLayout),
    /// A TV layout (a distributed layout of one CTA).
    Tv(TvLayout),
    /// An F2-stride layout `(dim0, ...) → offset` whose offsets combine by XOR: a shared layout
    /// (or one of other inputs) that no strides and no swizzle give.
    F2(F2Layout),
    /// An F2-stride TV layout: `(thread, value) → m + M·n`, the index into the column-major
    /// tile `tiler` (`(M,N)`), for a distributed layout that no integer strides give.
    F2Tv {
        /// The tile `(M,N)`.
        tiler: IntTuple,
        /// `(thread, value) → m + M·n`, with F2 strides.
        layout: F2Layout,
    },
    /// A layout of several CTAs (a cluster, Triton's non-zero `block`): `form` is the CuTe form
    /// over the whole tensor with the CTA index as the most significant part of its input. For
    /// a distributed layout, a TV layout ([`CuteForm::Tv`] or [`CuteForm::F2Tv`]) whose thread
    /// mode is `(thread, cta)`, the cluster's thread index `thread + T·cta`; for a shared
    /// layout, a layout, swizzled layout or F2 layout onto the cluster's address `offset +
    /// S·cta` (`S` offsets per CTA: distributed shared memory).
    Cga {
        /// The form over the whole tensor.
        form: Box<CuteForm>,
        /// The number of CTAs (a power of two).
        ctas: u64,
    },
    /// No CuTe form: the linear layout itself, with the basis that has none and why (a
    /// distributed layout whose lanes are not 32 with several warps, a shared layout that is
    /// not a bijection).
    Linear {
        /// The linear layout, unchanged.
        layout: LinearLayout,
        /// Why no layout, swizzled layout, F2 layout or TV layout gives it.
        reason: String,
    },
}

fn mode_of(bits: &[u64]) -> Result<Layout> {
    if bits.is_empty() {
        return Ok(Layout::leaf(Int::fixed(1), Int::fixed(0)));
    }
    let shape = IntTuple::from_leaves(bits.iter().map(|_| Int::fixed(2)));
    let stride = IntTuple::from_leaves(bits.iter().map(|&c| Int::fixed(c as i64)));
    coalesce(&Layout::new(shape, stride)?)
}

fn layout_of(modes: &[Vec<u64>]) -> Result<Layout> {
    match modes {
        [one] => mode_of(one),
        _ => Layout::concat(
            modes
                .iter()
                .map(|m| mode_of(m))
                .collect::<Result<Vec<_>>>()?,
        ),
    }
}

/// The F2 layout with one mode per entry of `modes` (each its index bits' contributions),
/// checked against `f`, the function it must be.
fn f2_layout_of(modes: &[Vec<u64>], f: &LinearLayout) -> Result<F2Layout> {
    let parts = modes.iter().map(|m| f2_mode_of(m)).collect::<Result<_>>()?;
    checked_f2(f2_concat(parts)?, f)
}

/// The F2-stride mode of extent `2^bits.len()` whose index bits contribute `bits`.
fn f2_mode_of(bits: &[u64]) -> Result<F2Layout> {
    let shape = IntTuple::from_leaves(bits.iter().map(|_| Int::fixed(2)));
    let stride = Tree::from_leaves(
        bits.iter()
            .map(|&c| F2::new(Int::fixed(c as i64)))
            .collect::<Result<Vec<_>>>()?,
    );
    Ok(F2Layout::new(shape, stride)?.coalesce())
}

/// The F2 layout whose modes are `parts` (a single part is itself).
fn f2_concat(parts: Vec<F2Layout>) -> Result<F2Layout> {
    if parts.len() == 1 {
        return Ok(parts.into_iter().next().expect("one part"));
    }
    F2Layout::new(
        Tree::tuple(parts.iter().map(|p| p.shape().clone()))?,
        Tree::tuple(parts.iter().map(|p| p.stride().clone()))?,
    )
}

/// `layout` (an F2 layout whose flat index bits are those of `f`'s inputs, in order), checked
/// against `f`, the function it must be (`dim0, ... → offset`): equal bases, so equal at
/// every index.
fn checked_f2(layout: F2Layout, f: &LinearLayout) -> Result<F2Layout> {
    let back = f2_layout_function(&layout)?;
    let same = back.flat_bases() == f.flat_bases();
    if !same {
        return Err(LayoutError::InvalidArgument {
            op: "from_linear_layout",
            detail: format!(
                "the F2 layout {layout} is not the function {f} (its bases are {back})"
            ),
            hint: "report this case: the F2 form must be exact",
        });
    }
    Ok(layout)
}

/// Why the contributions `flat` (named by `names`) are not a Shape:Stride layout, if not.
fn carry_reason(flat: &[u64], names: &[String]) -> Option<String> {
    first_carry(flat).map(|(a, b)| {
        format!(
            "{} (offset {}) and {} (offset {}) share bits: a stride adds, a linear layout XORs, and {} + {} ≠ {} XOR {}",
            names[a], flat[a], names[b], flat[b], flat[a], flat[b], flat[a], flat[b]
        )
    })
}

fn basis_names(l: &LinearLayout) -> Vec<String> {
    l.in_dims()
        .iter()
        .flat_map(|(n, b)| {
            b.iter()
                .enumerate()
                .map(move |(i, v)| format!("{n} basis {i} {v:?}"))
        })
        .collect()
}

fn linear(l: &LinearLayout, reason: String) -> CuteForm {
    CuteForm::Linear {
        layout: l.clone(),
        reason,
    }
}

/// The simplest exact CuTe form of a linear layout, the inverse of [`to_linear_layout`],
/// [`tv_to_linear_layout`] and the others ([`cute_form_to_linear_layout`] goes back):
///
/// - inputs among `register`, `lane`, `warp`, `block` onto `dim0` (and `dim1`): a TV layout
///   of the `size(dim0) × size(dim1)` tile, thread `lane + 32·warp`, value `register`; an
///   F2-stride TV layout ([`CuteForm::F2Tv`]) where bases share bits;
/// - inputs `offset` (and `block`): a layout `(dim0, ...) → offset` or, when no strides give
///   it, a swizzled layout `Sw<B,M,S> o 0 o L` (the smallest swizzle that works), or else an
///   F2-stride layout ([`CuteForm::F2`]);
/// - non-zero `block` bases (several CTAs): [`CuteForm::Cga`] of the above over the whole
///   tensor, the CTA index the top bits of the thread index or of the offset;
/// - any other inputs: the layout (or F2 layout) with one mode per input dimension onto the
///   flattened outputs (first output dimension minor).
///
/// Where none exists, [`CuteForm::Linear`] says which bases have no CuTe form and why.
///
/// # Errors
/// [`LayoutError::Overflow`] only (a refusal is the [`CuteForm::Linear`] value).
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::{from_linear_layout, CuteForm};
/// let mma_c = "register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] warp=[] -> dim0=16 dim1=8";
/// let CuteForm::Tv(tv) = from_linear_layout(&mma_c.parse()?)? else { panic!() };
/// assert_eq!(tv.layout.to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// // bases that share bits and no swizzle undoes: an F2-stride layout
/// let CuteForm::F2(f2) = from_linear_layout(&"offset=[[1,0],[0,1],[1,3]] -> dim0=2 dim1=4".parse()?)? else { panic!() };
/// assert_eq!(f2.to_string(), "(_2,(_2,_2)):(_1^,(_2^,_7^))");
/// let CuteForm::Linear { reason, .. } = from_linear_layout(&"offset=[[1],[1]] -> dim0=2".parse()?)? else { panic!() };
/// assert!(reason.contains("not invertible"), "{reason}");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn from_linear_layout(l: &LinearLayout) -> Result<CuteForm> {
    let ins = l.in_names();
    let outs = l.out_names();
    let is_dims = outs
        .iter()
        .enumerate()
        .all(|(i, n)| *n == format!("dim{i}"));
    let distributed = !ins.is_empty()
        && ins
            .iter()
            .all(|n| ["register", "lane", "warp", "block"].contains(n))
        && is_dims
        && (1..=2).contains(&outs.len());
    let shared =
        ins.contains(&"offset") && ins.iter().all(|n| ["offset", "block"].contains(n)) && is_dims;
    let block_bits = l.in_dim_size_log2("block");
    if distributed {
        return from_distributed(l);
    }
    if shared && block_bits == 0 {
        return from_shared(&l.sublayout(&["offset"], &outs)?);
    }
    if shared {
        // the CTA index above the offset: the address in the cluster's shared memory
        let mut bases = l.bases("offset").unwrap_or(&[]).to_vec();
        bases.extend_from_slice(l.bases("block").unwrap_or(&[]));
        let dims = l.out_dims().to_vec();
        let cluster = LinearLayout::new(vec![("offset".into(), bases)], dims)?;
        return Ok(match from_shared(&cluster)? {
            CuteForm::Linear { reason, .. } => linear(
                l,
                format!("with the CTA index above the offset (the cluster's address), {reason}"),
            ),
            form => CuteForm::Cga {
                form: Box::new(form),
                ctas: 1 << block_bits,
            },
        });
    }
    let flat = l.flat_bases();
    let mut it = flat.iter().copied();
    let modes: Vec<Vec<u64>> = l
        .in_dims()
        .iter()
        .map(|(_, b)| it.by_ref().take(b.len()).collect())
        .collect();
    if carry_reason(&flat, &basis_names(l)).is_some() {
        return Ok(CuteForm::F2(f2_layout_of(
            &modes,
            &function_of(modes.clone())?,
        )?));
    }
    Ok(CuteForm::Layout(layout_of(&modes)?))
}

fn from_distributed(l: &LinearLayout) -> Result<CuteForm> {
    let m = l.out_dims()[0].1;
    let n = l.out_dims().get(1).map_or(1, |o| o.1);
    let (lane, warp) = (l.in_dim_size_log2("lane"), l.in_dim_size_log2("warp"));
    if warp > 0 && lane != 5 {
        return Ok(linear(
            l,
            format!("{lane} lane bits with warps: a CuTe thread index is lane + 32·warp"),
        ));
    }
    let index = |b: &Vec<u64>| b[0] + m * b.get(1).copied().unwrap_or(0);
    let named = |dims: &[&str]| -> (Vec<u64>, Vec<String>) {
        dims.iter()
            .flat_map(|d| {
                l.bases(d)
                    .unwrap_or(&[])
                    .iter()
                    .enumerate()
                    .map(move |(i, b)| (index(b), format!("{d} basis {i} {b:?}")))
            })
            .unzip()
    };
    let (thread, mut names) = named(&["lane", "warp"]);
    let (cta, cnames) = named(&["block"]);
    let (value, vnames) = named(&["register"]);
    names.extend(cnames);
    names.extend(vnames);
    let tiler = IntTuple::from_leaves([Int::fixed(m as i64), Int::fixed(n as i64)]);
    let all: Vec<u64> = thread.iter().chain(&cta).chain(&value).copied().collect();
    let form = if first_carry(&all).is_some() {
        // bases that share bits: F2 strides, the thread mode (thread, cta) as below
        let threads = if cta.is_empty() {
            f2_mode_of(&thread)?
        } else {
            f2_concat(vec![f2_mode_of(&thread)?, f2_mode_of(&cta)?])?
        };
        let layout = f2_concat(vec![threads, f2_mode_of(&value)?])?;
        let flat: Vec<u64> = thread.iter().chain(&cta).copied().collect();
        let layout = checked_f2(layout, &function_of(vec![flat, value.clone()])?)?;
        CuteForm::F2Tv { tiler, layout }
    } else {
        let threads = if cta.is_empty() {
            mode_of(&thread)?
        } else {
            Layout::concat([mode_of(&thread)?, mode_of(&cta)?])?
        };
        let layout = Layout::concat([threads, mode_of(&value)?])?;
        CuteForm::Tv(TvLayout::new(tiler, layout)?)
    };
    Ok(if cta.is_empty() {
        form
    } else {
        CuteForm::Cga {
            form: Box::new(form),
            ctas: 1 << cta.len(),
        }
    })
}

fn from_shared(l: &LinearLayout) -> Result<CuteForm> {
    if !l.is_invertible() {
        return Ok(linear(
            l,
            format!(
                "not invertible (rank {}, {} offset bits, {} element bits): no CuTe layout maps elements to offsets one to one",
                l.rank(),
                l.total_in_bits(),
                l.total_out_bits()
            ),
        ));
    }
    let g = l.invert()?;
    let modes: Vec<Vec<u64>> = g
        .in_dims()
        .iter()
        .map(|(_, b)| b.iter().map(|v| v[0]).collect())
        .collect();
    let flat: Vec<u64> = modes.iter().flatten().copied().collect();
    if first_carry(&flat).is_none() {
        return Ok(CuteForm::Layout(layout_of(&modes)?));
    }
    let bits = g.total_out_bits() as i64;
    for b in 1..=bits {
        for base in 0..bits {
            for s in b..=bits {
                if b + base + s > bits {
                    break;
                }
                // a swizzle wider than the library's limit is no candidate
                let Ok(sw) = Swizzle::new(b, base, s) else {
                    continue;
                };
                let un: Vec<Vec<u64>> = modes
                    .iter()
                    .map(|m| m.iter().map(|&c| sw.apply(c as i64) as u64).collect())
                    .collect();
                let flat_un: Vec<u64> = un.iter().flatten().copied().collect();
                if first_carry(&flat_un).is_none() {
                    return Ok(CuteForm::Swizzled(ComposedLayout::new(
                        sw,
                        Int::ZERO,
                        layout_of(&un)?,
                    )));
                }
            }
        }
    }
    // no strides and no swizzle: F2 strides hold it exactly
    Ok(CuteForm::F2(f2_layout_of(&modes, &g)?))
}

/// Triton's form of a CuTe form, the inverse of [`from_linear_layout`] for shared and
/// distributed layouts: [`to_linear_layout`] of a layout or a swizzled layout,
/// [`f2_to_linear_layout`] of an F2 layout, [`tv_to_linear_layout`] of a TV layout,
/// [`f2_tv_to_linear_layout`] of an F2 TV layout, over several CTAs for [`CuteForm::Cga`] (the
/// top bits of the thread index or of the offset become the `block`), and a
/// [`CuteForm::Linear`]'s layout as it is.
///
/// # Errors
/// Those of the conversions.
///
/// # Examples
/// ```
/// use cute_layout::linear::convert::{cute_form_to_linear_layout, from_linear_layout};
/// use cute_layout::linear::LinearLayout;
/// let l: LinearLayout = "offset=[[0,1],[1,0]] block=[[2,0]] -> dim0=4 dim1=2".parse()?;
/// assert_eq!(cute_form_to_linear_layout(&from_linear_layout(&l)?)?, l);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn cute_form_to_linear_layout(form: &CuteForm) -> Result<LinearLayout> {
    cga_form_to_linear_layout(form, 1)
}

fn cga_form_to_linear_layout(form: &CuteForm, ctas: u64) -> Result<LinearLayout> {
    let shared = match form {
        CuteForm::Layout(l) => to_linear_layout(&AnyLayout::Layout(l.clone()))?,
        CuteForm::Swizzled(c) => to_linear_layout(&AnyLayout::Composed(c.clone()))?,
        CuteForm::F2(f) => f2_to_linear_layout(f)?,
        CuteForm::Tv(tv) => return tv_to_linear_layout_cga(tv, ctas),
        CuteForm::F2Tv { tiler, layout } => return f2_tv_to_linear_layout(tiler, layout, ctas),
        CuteForm::Cga { form, ctas } => return cga_form_to_linear_layout(form, *ctas),
        CuteForm::Linear { layout, .. } => return Ok(layout.clone()),
    };
    // the top log2(ctas) offset bits are the CTA index
    let offsets = shared.bases("offset").unwrap_or(&[]);
    let block_bits = cta_bits(ctas, offsets.len(), "offsets", &shared)?;
    let own = offsets.len() - block_bits;
    LinearLayout::new(
        vec![
            ("offset".into(), offsets[..own].to_vec()),
            ("block".into(), offsets[own..].to_vec()),
        ],
        shared.out_dims().to_vec(),
    )
}

/// A tiled MMA's A (`'A'`, `(thr, val) → (m, k)`), B (`'B'`, `→ (n, k)`) or C (`'C'`, `→
/// (m, n)`) TV layout in Triton's distributed form, over the tile one pass of the MMA covers.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for another operand letter; as [`tv_to_linear_layout`].
///
/// # Examples
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// use cute_layout::linear::convert::tiled_mma_to_linear_layout;
/// use cute_layout::linear::triton::TritonLayout;
/// // four SM80 16x8 atoms, warps row-major: Triton's nvidia_mma with warpsPerCTA = [2, 2]
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1):(_2,_1,_0)".parse()?, &[])?;
/// let triton: TritonLayout = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>".parse()?;
/// assert_eq!(tiled_mma_to_linear_layout(&mma, 'C')?, triton.to_linear_layout(&[32, 16])?);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiled_mma_to_linear_layout(
    mma: &crate::atom::TiledMma,
    operand: char,
) -> Result<LinearLayout> {
    let (layout, modes) = match operand {
        'A' => (mma.get_layout_a_tv()?, [0, 2]),
        'B' => (mma.get_layout_b_tv()?, [1, 2]),
        'C' => (mma.get_layout_c_tv()?, [0, 1]),
        _ => {
            return Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!("the operand '{operand}' of a tiled MMA"),
                hint: "give 'A', 'B' or 'C'",
            })
        }
    };
    let tile = IntTuple::from_leaves([mma.tile_size_mnk(modes[0])?, mma.tile_size_mnk(modes[1])?]);
    tv_to_linear_layout(&TvLayout::new(tile, layout)?)
}

/// A tiled copy's source (`source = true`) or destination TV layout in Triton's distributed
/// form, over its `Tiler_MN` tile.
///
/// # Errors
/// As [`tv_to_linear_layout`].
///
/// # Examples
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
/// use cute_layout::linear::convert::tiled_copy_to_linear_layout;
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
/// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
/// let l = tiled_copy_to_linear_layout(&tc, true)?;
/// assert_eq!(l.out_dims(), &[("dim0".to_string(), 32), ("dim1".to_string(), 32)]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiled_copy_to_linear_layout(
    copy: &crate::atom::TiledCopy,
    source: bool,
) -> Result<LinearLayout> {
    let layout = if source {
        copy.get_layout_s_tv()?
    } else {
        copy.get_layout_d_tv()?
    };
    let size = |t: &crate::tiler::Tiler| -> Result<Int> {
        match t {
            crate::tiler::Tiler::Int(n) => Ok(*n),
            crate::tiler::Tiler::Layout(l) => l.size(),
            other => Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!("the tiler mode {other} has no size"),
                hint: "give Tiler_MN as a shape or a layout per mode",
            }),
        }
    };
    let tile = match &copy.tiler_mn {
        crate::tiler::Tiler::Tuple(ts) => {
            IntTuple::from_leaves(ts.iter().map(size).collect::<Result<Vec<_>>>()?)
        }
        t => IntTuple::from_leaves([size(t)?, Int::fixed(1)]),
    };
    tv_to_linear_layout(&TvLayout::new(tile, layout)?)
}
