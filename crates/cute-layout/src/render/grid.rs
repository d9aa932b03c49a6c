//! CuTe's `print_layout` text grid, extended to rank 1 (one row) and rank > 2 (slabs).

use super::{check_size, cosize, num_digits, MAX_TEXT_CELLS};
use crate::coord::idx2crd;
use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::AnyLayout;
use crate::tuple::IntTuple;
use std::fmt::Write;

/// `print_layout(L)`: the layout on the first line, then a table of `L(m, n)` with row `m`
/// indexing mode 0 and column `n` mode 1, byte for byte as CuTe prints it for rank 2.
///
/// The cells are `w = digits(cosize(L)) + 2` wide; the column-index line ends with a space.
/// Where CuTe refuses, a rank-1 layout is one row, and a layout of rank > 2 is a sequence of
/// rank-2 slabs over modes 0 and 1, one per coordinate of the other modes, each under a heading
/// `slab (_,_,k...):`.
///
/// # Errors
/// [`crate::LayoutError::InvalidArgument`] for more than [`MAX_TEXT_CELLS`] cells; errors of
/// [`Layout::offsets`].
///
/// # Examples
/// ```
/// use cute_layout::{render, Layout};
/// let l: Layout = "(_2,_3):(_3,_1)".parse().unwrap();
/// assert_eq!(
///     render::grid(&l).unwrap(),
///     "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n"
/// );
/// ```
pub fn grid(layout: &Layout) -> Result<String> {
    grid_any(&layout.clone().into())
}

/// [`grid`] of a layout or a composed layout: the grid of the function's values over the
/// inner layout's shape, as CuTe's `print_layout` draws a `ComposedLayout`.
///
/// # Errors
/// As [`grid`].
///
/// ```
/// use cute_layout::{render, AnyLayout};
/// let f: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse().unwrap();
/// assert!(render::grid_any(&f).unwrap().contains(" 0  | 0 | 1 |\n"));
/// ```
pub fn grid_any(function: &AnyLayout) -> Result<String> {
    let layout = function.inner();
    let n = check_size("print_layout", layout, MAX_TEXT_CELLS)?;
    let offsets = function.offsets()?;
    let w = num_digits(cosize(function)?.value()) + 2;
    let mut out = format!("{function}\n");
    let (rows, cols) = match layout.rank() {
        1 => (1, n),
        _ => (
            layout.mode(0)?.size()?.value() as usize,
            layout.mode(1)?.size()?.value() as usize,
        ),
    };
    let slab = rows * cols;
    if layout.rank() <= 2 || slab == 0 {
        table(&mut out, &offsets, rows, cols, w);
        return Ok(out);
    }
    let rest = Layout::concat(layout.modes().skip(2))?;
    let rest_shape = rest.shape().with_static(false);
    for k in 0..n / slab {
        let c = idx2crd(&IntTuple::int(Int::dynamic(k as i64)), &rest_shape)?;
        let c = c.to_string();
        let inner = if rest.rank() == 1 && !c.starts_with('(') {
            c
        } else {
            c[1..c.len() - 1].to_string()
        };
        let _ = writeln!(out, "slab (_,_,{inner}):");
        table(&mut out, &offsets[k * slab..(k + 1) * slab], rows, cols, w);
    }
    Ok(out)
}

/// The rows of one rank-2 table; `offsets[m + rows * n]` is the cell `(m, n)`.
fn table(out: &mut String, offsets: &[i64], rows: usize, cols: usize, w: usize) {
    let sep = format!("    {}+\n", format!("+{}", "-".repeat(w)).repeat(cols));
    out.push_str("    ");
    for n in 0..cols {
        let _ = write!(out, "  {n:>0$} ", w - 2);
    }
    out.push('\n');
    for m in 0..rows {
        out.push_str(&sep);
        let _ = write!(out, "{m:>2}  ");
        for n in 0..cols {
            let _ = write!(out, "| {:>1$} ", offsets[m + rows * n], w - 2);
        }
        out.push_str("|\n");
    }
    out.push_str(&sep);
}
