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
use crate::int::Int;
use crate::layout::Layout;
use crate::linear::{log2_exact, size_above, InDim, LinearLayout};
use crate::swizzle::{AnyLayout, ComposedLayout, Outer, Swizzle};
use crate::tuple::IntTuple;
use crate::tv::TvLayout;

const OP: &str = "to_linear_layout";

/// The contribution `stride · 2^j` of every index bit of each top-level mode, in colex order.
fn mode_contributions(layout: &Layout) -> Result<Vec<Vec<u64>>> {
    let modes: Vec<Layout> = if layout.shape().is_leaf() {
        vec![layout.clone()]
    } else {
        layout.modes().collect()
    };
    modes
        .iter()
        .enumerate()
        .map(|(k, mode)| {
            let mut bits = Vec::new();
            for (s, d) in mode.leaves() {
                let (s, d) = (s.value(), d.value());
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
    let size = size_above(flat.iter().fold(0, |a, c| a | c));
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
    let f = any_layout_function(layout)?;
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
    let (m, n) = tv.tile_mn()?;
    for (k, e) in [m, n].into_iter().enumerate() {
        if log2_exact(e as u64).is_none() {
            return Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!(
                    "mode {k} of the tile {} has the extent {e}, not a power of two",
                    tv.tiler
                ),
                hint: "give a power-of-two tile",
            });
        }
    }
    let f = layout_function(&tv.layout)?;
    let cells = (m * n) as u64;
    let split = |c: u64| -> Result<Vec<u64>> {
        if c >= cells {
            return Err(LayoutError::InvalidArgument {
                op: OP,
                detail: format!(
                    "{} maps a value to the index {c}, outside the {m}x{n} tile",
                    tv.layout
                ),
                hint: "give a TV layout into its tile",
            });
        }
        Ok(vec![c % m as u64, c / m as u64])
    };
    let thread: Vec<Vec<u64>> = f
        .bases("dim0")
        .unwrap_or(&[])
        .iter()
        .map(|c| split(c[0]))
        .collect::<Result<_>>()?;
    let value: Vec<Vec<u64>> = f
        .bases("dim1")
        .unwrap_or(&[])
        .iter()
        .map(|c| split(c[0]))
        .collect::<Result<_>>()?;
    let lanes = thread.len().min(5);
    LinearLayout::new(
        vec![
            ("register".into(), value),
            ("lane".into(), thread[..lanes].to_vec()),
            ("warp".into(), thread[lanes..].to_vec()),
            ("block".into(), vec![]),
        ],
        vec![("dim0".into(), m as u64), ("dim1".into(), n as u64)],
    )
}

/// The CuTe form of a linear layout: the simplest exact one, or the linear layout itself with
/// the reason it has no Shape:Stride form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CuteForm {
    /// A layout `Shape:Stride`.
    Layout(Layout),
    /// A swizzled layout `Sw<B,M,S> o 0 o L`.
    Swizzled(ComposedLayout),
    /// A TV layout (a distributed layout of one CTA).
    Tv(TvLayout),
    /// No Shape:Stride form: the linear layout itself, with the basis that has none and why.
    ///
    /// HOOK (F2-stride layouts): once the crate has layouts with F2 strides, this case is one
    /// of them (every linear layout is one: each basis is an F2 stride); until then the linear
    /// layout is returned as it is.
    Linear {
        /// The linear layout, unchanged.
        layout: LinearLayout,
        /// Why no layout, swizzled layout or TV layout gives it.
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

/// The simplest exact CuTe form of a linear layout, the inverse of [`to_linear_layout`] and
/// [`tv_to_linear_layout`]:
///
/// - inputs among `register`, `lane`, `warp`, `block` onto `dim0` (and `dim1`): a TV layout
///   of the `size(dim0) × size(dim1)` tile, thread `lane + 32·warp`, value `register`;
/// - inputs `offset` (and an empty `block`): a layout `(dim0, ...) → offset` or, when no
///   strides give it, a swizzled layout `Sw<B,M,S> o 0 o L` (the smallest swizzle that works);
/// - any other inputs: the layout with one mode per input dimension onto the flattened
///   outputs (first output dimension minor).
///
/// Where none exists, [`CuteForm::Linear`] says which bases have no Shape:Stride form and why.
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
/// let CuteForm::Linear { reason, .. } = from_linear_layout(&"register=[[1],[1]] -> dim0=2".parse()?)? else { panic!() };
/// assert!(reason.contains("register basis 0 [1] (offset 1) and register basis 1 [1]"), "{reason}");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn from_linear_layout(l: &LinearLayout) -> Result<CuteForm> {
    let ins = l.in_names();
    let outs = l.out_names();
    let is_dims = outs
        .iter()
        .enumerate()
        .all(|(i, n)| *n == format!("dim{i}"));
    let block_zero = l
        .bases("block")
        .is_none_or(|b| b.iter().all(|v| v.iter().all(|x| *x == 0)));
    let distributed = !ins.is_empty()
        && ins
            .iter()
            .all(|n| ["register", "lane", "warp", "block"].contains(n))
        && is_dims
        && (1..=2).contains(&outs.len());
    let shared =
        ins.contains(&"offset") && ins.iter().all(|n| ["offset", "block"].contains(n)) && is_dims;
    if (distributed || shared) && !block_zero {
        return Ok(linear(
            l,
            "the block bases are not zero: a CuTe layout describes one CTA".into(),
        ));
    }
    if distributed {
        return from_distributed(l);
    }
    if shared {
        return from_shared(&l.sublayout(&["offset"], &outs)?);
    }
    let flat = l.flat_bases();
    if let Some(r) = carry_reason(&flat, &basis_names(l)) {
        return Ok(linear(l, r));
    }
    let mut flat = flat.into_iter();
    let modes: Vec<Vec<u64>> = l
        .in_dims()
        .iter()
        .map(|(_, b)| flat.by_ref().take(b.len()).collect())
        .collect();
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
    let (value, vnames) = named(&["register"]);
    names.extend(vnames);
    let all: Vec<u64> = thread.iter().chain(&value).copied().collect();
    if let Some(r) = carry_reason(&all, &names) {
        return Ok(linear(l, r));
    }
    let layout = Layout::concat([mode_of(&thread)?, mode_of(&value)?])?;
    let tiler = IntTuple::from_leaves([Int::fixed(m as i64), Int::fixed(n as i64)]);
    Ok(CuteForm::Tv(TvLayout::new(tiler, layout)?))
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
    let Some(first) = carry_reason(&flat, &basis_names(&g)) else {
        return Ok(CuteForm::Layout(layout_of(&modes)?));
    };
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
    Ok(linear(
        l,
        format!("in the inverse (dims → offset), {first}, and no swizzle Sw<B,M,S> undoes it"),
    ))
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
