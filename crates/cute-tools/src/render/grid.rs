//! CuTe's `print_layout` text grid, extended to rank 1 (one row) and rank > 2 (slabs).

use super::options::check_highlight;
use super::{
    cell_infos, check_size, cosize, num_digits, parent, slabs, subject_tiles, Coloring, Mark,
    Options, Subject, MAX_TEXT_CELLS,
};
use cute_layout::basis::IdentityTensor;
use cute_layout::error::Result;
use cute_layout::layout::Layout;
use cute_layout::limits;
use cute_layout::swizzle::AnyLayout;
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
/// [`cute_layout::LayoutError::InvalidArgument`] for more than [`MAX_TEXT_CELLS`] cells; errors of
/// [`Layout::offsets`].
///
/// # Examples
/// ```
/// use cute_layout::Layout;
/// use cute_tools::render;
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
/// use cute_layout::AnyLayout;
/// use cute_tools::render;
/// let f: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse().unwrap();
/// assert!(render::grid_any(&f).unwrap().contains(" 0  | 0 | 1 |\n"));
/// ```
pub fn grid_any(function: &AnyLayout) -> Result<String> {
    grid_opts(&function.clone().into(), &Options::default())
}

/// [`grid_any`] of a [`Subject`] with [`Options`]: with a highlight, the cells not highlighted
/// show `.` instead of their offset (a text grid has no colors; [`Options::coloring`] is
/// ignored except that `--highlight tile:K` needs the subject's tiles, and that colored by
/// bank the grid is followed by a second one of each cell's bank, `b12`). Colored by tile, a
/// divide, product, complement or part of `A` (composition, `local_tile`, `local_partition`)
/// is printed after its input `A = ...`, whose cells show the offsets the result reaches (with
/// a highlight: that its highlighted cells reach) and `.` elsewhere; the result is then
/// headed `R = `. A TV layout ([`Subject::tv`]) is printed as [`crate::render::tv::grid_tv_opts`]
/// does.
///
/// # Errors
/// As [`grid`]; a highlight that does not fit the subject.
///
/// ```
/// use cute_tools::render::{self, Highlight, Options};
/// let s = render::subject("(2,3):(3,1)").unwrap();
/// let opts = Options { highlight: Some("(_,1)".parse().unwrap()), ..Options::default() };
/// let g = render::grid_opts(&s, &opts).unwrap();
/// assert!(g.contains(" 0  | . | 1 | . |\n"));
/// ```
pub fn grid_opts(subject: &Subject, options: &Options) -> Result<String> {
    if let Some(picture) = super::tv::dispatch(subject, options, super::tv::Format::Grid) {
        return picture;
    }
    let function = &subject.layout;
    let layout = function.inner();
    check_size("print_layout", layout, MAX_TEXT_CELLS)?;
    check_highlight(options, layout.shape().as_ref())?;
    let tiles = subject_tiles(subject, options)?;
    let infos = cell_infos(function, subject.offset, tiles.as_deref())?;
    let texts: Vec<String> = infos
        .iter()
        .map(|c| match options.highlighted(c, layout.shape().as_ref()) {
            Some(false) => ".".to_string(),
            _ => c.offset.to_string(),
        })
        .collect();
    let w = num_digits(cosize(function)?.value().saturating_add(subject.offset)) + 2;
    let mut out = String::new();
    if let Some((a, cells)) = parent(subject, options, &infos)? {
        check_size("print_layout", a, MAX_TEXT_CELLS)?;
        let texts: Vec<String> = cells
            .iter()
            .map(|p| match (p.tile, p.mark) {
                (Some(_), Mark::Plain | Mark::Highlighted) => p.info.offset.to_string(),
                _ => ".".to_string(),
            })
            .collect();
        let _ = writeln!(out, "A = {a}");
        tables(&mut out, a, &texts, num_digits(a.cosize()?.value()) + 2)?;
        out.push_str("R = ");
    }
    let _ = match subject.offset {
        0 => writeln!(out, "{function}"),
        o => writeln!(out, "{function}+{o}"),
    };
    tables(&mut out, layout, &texts, w)?;
    if options.coloring == Coloring::Bank {
        // a text grid has no colours: the bank of every cell, in a second grid
        let banks: Vec<String> = infos
            .iter()
            .map(|c| match options.highlighted(c, layout.shape().as_ref()) {
                Some(false) => ".".to_string(),
                _ => super::legend::bank_note(options.bank(c.offset)),
            })
            .collect();
        let _ = writeln!(out, "{}:", super::legend::bank_heading(options));
        tables(&mut out, layout, &banks, w.max(5))?;
    }
    Ok(out)
}

/// The tables of the slabs of `layout`; `texts[i]` is the text of its cell `i` (domain order).
fn tables(out: &mut String, layout: &Layout, texts: &[String], w: usize) -> Result<()> {
    for slab in slabs(layout, true)? {
        if let Some(h) = &slab.heading {
            let _ = writeln!(out, "slab {h}:");
        }
        let cells = &texts[slab.start..slab.start + slab.rows * slab.cols];
        table(out, cells, slab.rows, slab.cols, w);
    }
    Ok(())
}

/// The rows of one rank-2 table; `cells[m + rows * n]` is the text of cell `(m, n)`.
fn table(out: &mut String, cells: &[String], rows: usize, cols: usize, w: usize) {
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
            let _ = write!(out, "| {:>1$} ", cells[m + rows * n], w - 2);
        }
        out.push_str("|\n");
    }
    out.push_str(&sep);
}

/// `print_tensor(T)` of a tensor of coordinates (an identity tensor, its slices and tiles, a
/// scaled-basis layout over the zero coordinate), byte for byte as CuTe prints it: the tensor
/// and `:` on the first line, then its coordinates, `  (m,n)` each (an integer: `%5d`), one
/// line per element for rank 1, rows of mode 0 by columns of mode 1 for rank 2; rank 3 is a
/// sequence of such tables, one per index of mode 2, separated by `5 * size<1>` dashes; rank
/// 4 a sequence of rank-3 ones separated by as many `=`. As in C++, other ranks print the
/// first line only, and a leaf no stride moves keeps its static tag (`(0,_0)`).
///
/// # Errors
/// [`cute_layout::LayoutError::InvalidArgument`] for more than [`MAX_TEXT_CELLS`] elements; the
/// errors of [`IdentityTensor::at`].
///
/// # Examples
/// ```
/// use cute_layout::make_identity_tensor;
/// use cute_tools::render;
/// let t = make_identity_tensor(&"(_2,_3)".parse()?)?;
/// assert_eq!(
///     render::print_tensor(&t)?,
///     "ArithTuple(_0,_0) o (_2,_3):(_1@0,_1@1):\n  (0,0)  (0,1)  (0,2)\n  (1,0)  (1,1)  (1,2)\n"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn print_tensor(tensor: &IdentityTensor) -> Result<String> {
    let shape = tensor.shape();
    let size = tensor.size()?.value();
    limits::check(
        "print_tensor",
        "elements",
        size,
        "MAX_TEXT_CELLS",
        MAX_TEXT_CELLS,
        "print a slice or a tile of the tensor (e.g. local_tile(T, TILE, COORD)) instead",
    )?;
    let fixed = tensor.static_leaves();
    let element = |i: i64| -> Result<String> {
        let c = held(tensor, &fixed, i)?;
        Ok(match c.as_leaf() {
            Some(x) if !x.is_static() => format!("{:>5}", x.value()),
            _ => format!("  {c}"),
        })
    };
    let extent = |k: usize| -> Result<i64> { Ok(shape.get(k)?.size()?.value()) };
    let mut out = format!("{tensor}:\n");
    let rank = if shape.is_leaf() { 1 } else { shape.rank() };
    if rank == 1 {
        for i in 0..size {
            out.push_str(&element(i)?);
            out.push('\n');
        }
        return Ok(out);
    }
    if !(2..=4).contains(&rank) {
        return Ok(out);
    }
    let (rows, cols) = (extent(0)?, extent(1)?);
    let slabs = if rank >= 3 { extent(2)? } else { 1 };
    let blocks = if rank == 4 { extent(3)? } else { 1 };
    for p in 0..blocks {
        for k in 0..slabs {
            let rule = match (p, k) {
                (0, 0) => None,
                (_, 0) => Some("="),
                _ => Some("-"),
            };
            if let Some(r) = rule {
                out.push_str(&r.repeat(5 * cols as usize));
                out.push('\n');
            }
            let first = rows * cols * (k + slabs * p);
            for m in 0..rows {
                for n in 0..cols {
                    out.push_str(&element(first + m + rows * n)?);
                }
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// The coordinate `tensor` holds at index `i`, each leaf static where C++ knows it at compile
/// time (`fixed`: [`IdentityTensor::static_leaves`]).
pub(crate) fn held(
    tensor: &IdentityTensor,
    fixed: &[bool],
    i: i64,
) -> Result<cute_layout::IntTuple> {
    let mut k = 0;
    Ok(tensor.at(i)?.map(|x| {
        let x = x.with_static(fixed.get(k).copied().unwrap_or(false));
        k += 1;
        x
    }))
}
