//! CuTe's `print_latex` and `print_latex_tv`: standalone TikZ documents.

use super::{check_size, table, BWX8_PERCENT, MAX_TEXT_CELLS};
use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use crate::swizzle::AnyLayout;
use crate::tuple::IntTuple;
use std::fmt::Write;

const HEADER: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
const FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

/// The grid and the row and column labels of an `M x N` picture.
fn grid_and_labels(out: &mut String, rows: usize, cols: usize) {
    let _ = write!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({rows},{cols});\n\n"
    );
    for m in 0..rows {
        let _ = writeln!(out, "\\node at ({m},-1) {{\\Large{{\\texttt{{{m}}}}}}};");
    }
    for n in 0..cols {
        let _ = writeln!(out, "\\node at (-1,{n}) {{\\Large{{\\texttt{{{n}}}}}}};");
    }
    out.push_str(FOOTER);
}

/// `print_latex(L)`: a standalone TikZ document drawing `L(m, n)` as CuTe does: the x axis
/// points down, one `\node[fill=COLOR] at (m,n) {L(m,n)};` per cell (m outer), a grid, row and
/// column labels; colors are CuTe's eight greys `black!00, black!40, ...` by `L(m,n) % 8`.
///
/// A rank-1 layout is padded with `_1:_0` (one column), as in CuTe.
///
/// # Errors
/// [`LayoutError::RankMismatch`] for rank > 2 (as CuTe); [`LayoutError::InvalidArgument`] for
/// more than [`MAX_TEXT_CELLS`] cells.
///
/// # Examples
/// ```
/// use cute_layout::{render, Layout};
/// let l: Layout = "(2,2):(1,2)".parse().unwrap();
/// let tex = render::latex(&l).unwrap();
/// assert!(tex.starts_with("% Layout: (2,2):(1,2)\n\\documentclass[convert]{standalone}\n"));
/// assert!(tex.contains("\\node[fill=black!40] at (1,0) {1};\n"));
/// assert!(tex.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
/// ```
pub fn latex(layout: &Layout) -> Result<String> {
    latex_any(&layout.clone().into())
}

/// [`latex`] of a layout or a composed layout (the function's values over the inner layout's
/// shape).
///
/// # Errors
/// As [`latex`].
///
/// ```
/// use cute_layout::{render, AnyLayout};
/// let f: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse().unwrap();
/// assert!(render::latex_any(&f).unwrap().contains("at (0,1) {1};"));
/// ```
pub fn latex_any(function: &AnyLayout) -> Result<String> {
    let layout = function.inner();
    if layout.rank() > 2 {
        return Err(LayoutError::RankMismatch {
            op: "print_latex",
            detail: format!("{layout} has rank {} > 2", layout.rank()),
            hint: "group the modes to rank 2 first, e.g. group(L, 1, rank)",
        });
    }
    let padded = function.map_inner(|l| l.append_to_rank(2))?;
    let t = table("print_latex", &padded, MAX_TEXT_CELLS, false)?;
    let mut out = format!("% Layout: {padded}\n{HEADER}");
    for m in 0..t.rows {
        for n in 0..t.cols {
            let idx = t.offsets[m + t.rows * n];
            let grey = BWX8_PERCENT[idx.rem_euclid(8) as usize];
            let _ = writeln!(out, "\\node[fill=black!{grey:02}] at ({m},{n}) {{{idx}}};");
        }
    }
    grid_and_labels(&mut out, t.rows, t.cols);
    Ok(out)
}

/// CuTe's `TikZ_Color_TV`: eight pastel colors cycled by thread.
const TV_COLORS: [&str; 8] = [
    "{rgb,255:red,175;green,175;blue,255}",
    "{rgb,255:red,175;green,255;blue,175}",
    "{rgb,255:red,255;green,255;blue,175}",
    "{rgb,255:red,255;green,175;blue,175}",
    "{rgb,255:red,210;green,210;blue,255}",
    "{rgb,255:red,210;green,255;blue,210}",
    "{rgb,255:red,255;green,255;blue,210}",
    "{rgb,255:red,255;green,210;blue,210}",
];

/// `print_latex_tv(layout_tv, tile_mn)`: the thread-value layout `(thread, value) -> index`
/// drawn over an `M x N` tile: the index `i` is the cell `(i % M, (i / M) % N)` of the
/// column-major tile; each cell shows `T<t> \\ V<v>` of the first `(t, v)` reaching it (threads
/// outer) and is colored by thread with CuTe's eight pastel colors.
///
/// # Errors
/// [`LayoutError::RankMismatch`] unless `layout_tv` has rank 2 and `tile_mn` rank 2;
/// [`LayoutError::InvalidArgument`] for more than [`MAX_TEXT_CELLS`] cells.
///
/// # Examples
/// ```
/// use cute_layout::{render, IntTuple, Layout};
/// let tv: Layout = "(2,2):(2,1)".parse().unwrap();
/// let tile: IntTuple = "(2,2)".parse().unwrap();
/// let tex = render::latex_tv(&tv, &tile).unwrap();
/// assert!(tex.starts_with("% Layout TV: (2,2):(2,1)\n"));
/// assert!(tex.contains("\\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,1) {\\shortstack{T1 \\\\ V0}};\n"));
/// ```
pub fn latex_tv(layout_tv: &Layout, tile_mn: &IntTuple) -> Result<String> {
    if layout_tv.rank() != 2 || tile_mn.rank() != 2 {
        return Err(LayoutError::RankMismatch {
            op: "print_latex_tv",
            detail: format!(
                "the TV layout {layout_tv} and the tile {tile_mn} must both have rank 2"
            ),
            hint: "give a (thread, value) layout and an (M, N) tile",
        });
    }
    let mn = tile_mn.product_each()?;
    let mut dims = mn.leaves().map(|x| x.value().max(0) as usize);
    let (rows, cols) = (dims.next().unwrap_or(0), dims.next().unwrap_or(0));
    let tile = Layout::column_major(&mn)?;
    check_size("print_latex_tv", &tile, MAX_TEXT_CELLS)?;
    let t = table(
        "print_latex_tv",
        &layout_tv.clone().into(),
        MAX_TEXT_CELLS,
        false,
    )?;
    let mut filled = vec![false; rows * cols];
    let mut out = format!("% Layout TV: {layout_tv}\n{HEADER}");
    for tid in 0..t.rows {
        for vid in 0..t.cols {
            let idx = t.offsets[tid + t.rows * vid];
            if rows == 0 || cols == 0 {
                continue;
            }
            let m = idx.rem_euclid(rows as i64) as usize;
            let n = (idx.div_euclid(rows as i64)).rem_euclid(cols as i64) as usize;
            if !filled[m * cols + n] {
                filled[m * cols + n] = true;
                let _ = writeln!(
                    out,
                    "\\node[fill={}] at ({m},{n}) {{\\shortstack{{T{tid} \\\\ V{vid}}}}};",
                    TV_COLORS[tid % 8]
                );
            }
        }
    }
    grid_and_labels(&mut out, rows, cols);
    Ok(out)
}
