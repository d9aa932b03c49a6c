//! `upcast`, `downcast` and `recast_layout`: re-typing a layout for a different element size.
//!
//! A layout over elements of `old` bits becomes a layout over elements of `new` bits:
//! `upcast<N>` gives fewer, wider elements (`N` old elements per new one), `downcast<N>` more,
//! narrower ones. CuTe divides **static** strides exactly and checks divisibility, but divides
//! dynamic strides blindly (`upcast<2>((4,8):(1,4))` is `(4,8):(0,2)` in C++); here every
//! stride follows the static rule, so the result never depends on the tag.
//!
//! ```
//! use cute_layout::{recast::{downcast, upcast}, Layout};
//! let l: Layout = "(_4,_8):(_1,_4)".parse()?;
//! assert_eq!(upcast(&l, 2)?.to_string(), "(_2,_8):(_1,_2)");
//! assert_eq!(downcast(&l, 2)?.to_string(), "(_8,_8):(_1,_8)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{AnyLayout, ComposedLayout, Outer, Swizzle};

fn check_factor(op: &'static str, n: i64) -> Result<Int> {
    if n <= 0 {
        return Err(LayoutError::InvalidArgument {
            op,
            detail: format!("the factor {n} is not positive"),
            hint: "give N >= 1",
        });
    }
    Ok(Int::fixed(n))
}

/// `upcast<N>(L)`: each leaf `s:d` becomes `ceil_div(s, ceil_div(N,|d|)) : signum(d)·ceil_div(|d|, N)`;
/// a zero stride is kept.
///
/// # Errors
/// [`LayoutError::Divisibility`] ("Divisibility condition") when neither `d` nor `N` divides the
/// other — for every stride, static or dynamic; [`LayoutError::InvalidArgument`] for `N ≤ 0`.
///
/// # Examples
/// ```
/// use cute_layout::{recast::upcast, Layout};
/// let l: Layout = "(_4,_8):(_1,_4)".parse()?;
/// assert_eq!(upcast(&l, 8)?.to_string(), "(_1,_4):(_1,_1)");
/// let d: Layout = "(4,8):(1,4)".parse()?;
/// assert_eq!(upcast(&d, 2)?.to_string(), "(2,8):(1,2)"); // C++ gives (4,8):(0,2)
/// assert!(upcast(&"_4:_6".parse()?, 4).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn upcast(layout: &Layout, n: i64) -> Result<Layout> {
    let big = check_factor("upcast", n)?;
    let mut strides = layout.stride().leaves();
    let shape = layout.shape().try_map(|s| {
        let d = strides.next().unwrap_or(Int::ZERO);
        if d.value() == 0 {
            return Ok(s);
        }
        let a = d.abs()?;
        if a.value() % n != 0 && n % a.value() != 0 {
            return Err(LayoutError::Divisibility {
                op: "upcast",
                mode: format!("the mode {s}:{d} of {layout}"),
                condition: "Divisibility condition",
                detail: format!("neither the stride {d} nor the factor {n} divides the other"),
                hint: "upcast by a factor that divides the strides (or that they divide)",
            });
        }
        Ok(s.ceil_div(big.ceil_div(a)?)?)
    })?;
    let stride = layout.stride().try_map(|d| {
        if d.value() == 0 {
            return Ok(d);
        }
        Ok(d.signum().mul(d.abs()?.ceil_div(big)?)?)
    })?;
    Layout::new(shape, stride)
}

/// `downcast<N>(L)`: leaves with stride `±1` get extent `×N`, the others stride `×N`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] "Downcast requires adjacent elements" when no stride is 1;
/// [`LayoutError::Overflow`]; `N ≤ 0`.
///
/// # Examples
/// ```
/// use cute_layout::{recast::downcast, Layout};
/// let l: Layout = "(_4,_8):(_1,_4)".parse()?;
/// assert_eq!(downcast(&l, 2)?.to_string(), "(_8,_8):(_1,_8)");
/// assert!(downcast(&"(_4,_8):(_2,_8)".parse()?, 2).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn downcast(layout: &Layout, n: i64) -> Result<Layout> {
    let big = check_factor("downcast", n)?;
    if !layout.stride().leaves().any(|d| d.value() == 1) {
        return Err(LayoutError::InvalidArgument {
            op: "downcast",
            detail: format!("{layout} has no stride 1: Downcast requires adjacent elements"),
            hint: "downcast needs a contiguous mode to split the elements along",
        });
    }
    let mut strides = layout.stride().leaves();
    let shape = layout.shape().try_map(|s| {
        let d = strides.next().unwrap_or(Int::ZERO);
        if d.value().unsigned_abs() == 1 {
            Ok(s.mul(big)?)
        } else {
            Ok(s)
        }
    })?;
    let stride = layout.stride().try_map(|d| {
        if d.value().unsigned_abs() == 1 {
            Ok(d)
        } else {
            Ok(d.mul(big)?)
        }
    })?;
    Layout::new(shape, stride)
}

fn log2_exact(op: &'static str, n: i64) -> Result<i64> {
    if n <= 0 || n & (n - 1) != 0 {
        return Err(LayoutError::InvalidArgument {
            op,
            detail: format!("{n} is not a power of two"),
            hint: "swizzles can only be re-typed by powers of two",
        });
    }
    Ok(i64::from(n.trailing_zeros()))
}

/// `upcast<N>(Sw<B,M,S>)`: `M` drops by `log2 N`; if it would go negative, `B` shrinks by the
/// excess and `M = 0`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when `N` is not a power of two.
///
/// ```
/// use cute_layout::{recast::upcast_swizzle, Swizzle};
/// assert_eq!(upcast_swizzle(Swizzle::new(3, 4, 3)?, 32)?.to_string(), "Sw<2,0,3>");
/// assert_eq!(upcast_swizzle(Swizzle::new(3, 4, 3)?, 2)?.to_string(), "Sw<3,3,3>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn upcast_swizzle(sw: Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_exact("upcast", n)?;
    let m = i64::from(sw.base()) - k;
    let (b, s) = (i64::from(sw.bits()), i64::from(sw.shift()));
    if m >= 0 {
        Swizzle::new(b, m, s)
    } else {
        Swizzle::new((b + m).max(0), 0, s)
    }
}

/// `downcast<N>(Sw<B,M,S>)` = `Sw<B, M + log2 N, S>`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when `N` is not a power of two or the swizzle gets too wide.
///
/// ```
/// use cute_layout::{recast::downcast_swizzle, Swizzle};
/// assert_eq!(downcast_swizzle(Swizzle::new(3, 3, 3)?, 2)?.to_string(), "Sw<3,4,3>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn downcast_swizzle(sw: Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_exact("downcast", n)?;
    Swizzle::new(
        i64::from(sw.bits()),
        i64::from(sw.base()) + k,
        i64::from(sw.shift()),
    )
}

/// `upcast<N>` / `downcast<N>` of a composed layout: outer function (swizzle or layout), offset
/// and inner layout re-typed, as C++'s `upcast<N>(ComposedLayout)` (the offset must be a
/// multiple of `N` to upcast).
///
/// # Errors
/// As [`upcast`], [`downcast`] and [`upcast_swizzle`]; [`LayoutError::Divisibility`] for an
/// offset that `N` does not divide.
///
/// ```
/// use cute_layout::{recast::recast_any, AnyLayout};
/// let cl: AnyLayout = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".parse()?;
/// assert_eq!(recast_any(&cl, 16, 32)?.to_string(), "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn recast_any(layout: &AnyLayout, old_bits: i64, new_bits: i64) -> Result<AnyLayout> {
    let (num, den) = ratio(old_bits, new_bits)?;
    Ok(match layout {
        AnyLayout::Layout(l) => AnyLayout::Layout(recast_layout(l, old_bits, new_bits)?),
        AnyLayout::Composed(c) => {
            let mut outer = c.outer().clone();
            let mut off = c.offset();
            let mut inner = c.layout().clone();
            if num != 1 {
                outer = match outer {
                    Outer::Swizzle(sw) => Outer::Swizzle(upcast_swizzle(sw, num)?),
                    Outer::Layout(a) => Outer::from(upcast(&a, num)?),
                };
                if off.value() % num != 0 {
                    return Err(LayoutError::Divisibility {
                        op: "upcast",
                        mode: format!("the offset {off} of {c}"),
                        condition: "Divisibility condition",
                        detail: format!("{num} does not divide the offset {off}"),
                        hint: "upcast swizzled layouts whose offset is a multiple of the factor",
                    });
                }
                off = off.div(Int::fixed(num))?;
                inner = upcast(&inner, num)?;
            }
            if den != 1 {
                outer = match outer {
                    Outer::Swizzle(sw) => Outer::Swizzle(downcast_swizzle(sw, den)?),
                    Outer::Layout(a) => Outer::from(downcast(&a, den)?),
                };
                off = off.mul(Int::fixed(den))?;
                inner = downcast(&inner, den)?;
            }
            AnyLayout::Composed(ComposedLayout::with_outer(outer, off, inner))
        }
    })
}

/// `new/old` reduced: `(num, den)`.
fn ratio(old_bits: i64, new_bits: i64) -> Result<(i64, i64)> {
    if old_bits <= 0 || new_bits <= 0 {
        return Err(LayoutError::InvalidArgument {
            op: "recast_layout",
            detail: format!("element sizes {old_bits} and {new_bits} bits must be positive"),
            hint: "give the element sizes in bits, e.g. 16 and 32",
        });
    }
    let g = Int::dynamic(old_bits).gcd(Int::dynamic(new_bits))?.value();
    Ok((new_bits / g, old_bits / g))
}

/// `recast_layout<Old,New>(L)` with element sizes in bits: with `new/old = num/den` reduced,
/// the identity for 1/1, `downcast<den>` for `num = 1`, `upcast<num>` for `den = 1`, else
/// `downcast<den>(upcast<num>(L))`.
///
/// # Errors
/// As [`upcast`] and [`downcast`]; non-positive sizes.
///
/// # Examples
/// ```
/// use cute_layout::{recast::recast_layout, Layout};
/// let l: Layout = "(_8,_64):(_64,_1)".parse()?;
/// assert_eq!(recast_layout(&l, 16, 32)?.to_string(), "(_8,_32):(_32,_1)");
/// assert_eq!(recast_layout(&l, 16, 8)?.to_string(), "(_8,_128):(_128,_1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn recast_layout(layout: &Layout, old_bits: i64, new_bits: i64) -> Result<Layout> {
    match ratio(old_bits, new_bits)? {
        (1, 1) => Ok(layout.clone()),
        (1, den) => downcast(layout, den),
        (num, 1) => upcast(layout, num),
        (num, den) => downcast(&upcast(layout, num)?, den),
    }
}
