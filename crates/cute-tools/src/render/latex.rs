//! CuTe's `print_latex` and `print_latex_tv`: standalone TikZ documents.

use super::color::{Rgb, BWX8_PERCENT, WHITE};
use super::options::{check_highlight, check_tv_options, CellInfo};
use super::{
    cell_infos, check_size, paint, paint_tv, parent, slabs, subject_tiles, Mark, Options, Subject,
    MAX_TEXT_CELLS,
};
use cute_layout::error::{LayoutError, Result};
use cute_layout::layout::Layout;
use cute_layout::swizzle::AnyLayout;
use cute_layout::tuple::IntTuple;
use cute_layout::tv::TvCell;
use std::fmt::Write;

pub(crate) const HEADER: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
pub(crate) const FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

/// The grid and the row and column labels of an `M x N` picture.
fn grid_and_labels(out: &mut String, rows: usize, cols: usize) {
    slab_grid(out, rows, cols, 0);
    out.push_str(FOOTER);
}

/// The grid, row labels and column labels of one `M x N` slab whose column 0 is at `y0`.
fn slab_grid(out: &mut String, rows: usize, cols: usize, y0: usize) {
    let shift = if y0 == 0 {
        "-0.5".to_string()
    } else {
        format!("{}.5", y0 - 1)
    };
    let _ = write!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,{shift})}}] (0,0) grid ({rows},{cols});\n\n"
    );
    for m in 0..rows {
        label_node(out, m as i64, y0 as i64 - 1, m as i64);
    }
    for n in 0..cols {
        label_node(out, -1, (y0 + n) as i64, n as i64);
    }
}

/// CuTe's row or column label: `\node at (x,y) {\Large{\texttt{k}}};`.
pub(crate) fn label_node(out: &mut String, x: i64, y: i64, k: i64) {
    let _ = writeln!(out, "\\node at ({x},{y}) {{\\Large{{\\texttt{{{k}}}}}}};");
}

/// CuTe's cell of a TV picture: `\node[STYLE] at (x,y) {\shortstack{T<t> \\ V<v>}};`; CuTe's
/// style is `fill=COLOR`, colored by thread (`TikzColor_TV`, see [`rgb_style`]).
pub(crate) fn tv_node(out: &mut String, x: i64, y: i64, style: &str, thread: i64, value: i64) {
    let _ = writeln!(
        out,
        "\\node[{style}] at ({x},{y}) {{\\shortstack{{T{thread} \\\\ V{value}}}}};"
    );
}

/// The TikZ style of a cell filled with `fill` (CuTe's TV colors by thread, a tile's color):
/// `fill={rgb,255:...}`, see [`style`].
pub(crate) fn rgb_style(fill: Rgb, mark: Mark) -> String {
    style(format!("fill={}", tikz_rgb(fill)), fill, mark)
}

/// The TikZ style `fill_spec` (the TikZ spelling of `fill`), with white text on dark fills
/// (WCAG AA contrast) and a thick outline when highlighted.
fn style(fill_spec: String, fill: Rgb, mark: Mark) -> String {
    let mut style = fill_spec;
    if fill.ink() == WHITE {
        style.push_str(",text=white");
    }
    if mark == Mark::Highlighted {
        style.push_str(",draw=black,line width=2pt");
    }
    style
}

/// `print_latex(L)`: a standalone TikZ document drawing `L(m, n)` as CuTe does: the x axis
/// points down, one `\node[fill=COLOR] at (m,n) {L(m,n)};` per cell (m outer), a grid, row and
/// column labels; colors are CuTe's eight greys `black!00, black!40, ...` by `L(m,n) % 8`,
/// and the text on the two darkest greys is white (`text=white`, for WCAG AA contrast; CuTe
/// keeps it black).
///
/// A rank-1 layout is padded with `_1:_0` (one column), as in CuTe. A layout of rank > 2 (which
/// CuTe refuses) is drawn as its rank-2 slabs ([`super::slabs`]) side by side, each headed
/// `(_,_,k)`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for more than [`MAX_TEXT_CELLS`] cells.
///
/// # Examples
/// ```
/// use cute_layout::Layout;
/// use cute_tools::render;
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
/// use cute_layout::AnyLayout;
/// use cute_tools::render;
/// let f: AnyLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse().unwrap();
/// assert!(render::latex_any(&f).unwrap().contains("at (0,1) {1};"));
/// ```
pub fn latex_any(function: &AnyLayout) -> Result<String> {
    latex_opts(&function.clone().into(), &Options::default())
}

/// [`latex`] of a [`Subject`] with [`Options`]: colored by offset (CuTe's greys), tile, thread,
/// value, bank or warp (`{rgb,255:...}` colors), highlighted cells outlined thick and the
/// others tinted light.
///
/// # Errors
/// As [`latex`]; tile coloring of a subject without tiles; a slice highlight that does not
/// match the shape.
///
/// ```
/// use cute_tools::render::{self, Highlight, Options};
/// let s = render::subject("(2,3,2):(1,2,6)").unwrap();
/// let opts = Options { highlight: Some(Highlight::Thread(1)), ..Options::default() };
/// let tex = render::latex_opts(&s, &opts).unwrap();
/// assert!(tex.contains("(\\_,\\_,1)"));
/// assert!(tex.contains("line width=2pt] at (1,0) {1};"));
/// ```
pub fn latex_opts(subject: &Subject, options: &Options) -> Result<String> {
    if let Some(picture) = super::tv::dispatch(subject, options, super::tv::Format::Latex) {
        return picture;
    }
    let function = &subject.layout;
    let layout = function.inner();
    check_size("print_latex", layout, MAX_TEXT_CELLS)?;
    check_highlight(options, layout.shape().as_ref())?;
    let tiles = subject_tiles(subject, options)?;
    let infos = cell_infos(function, subject.offset, tiles.as_deref())?;
    let shown = match layout.rank() {
        0..=2 => function.map_inner(|l| l.append_to_rank(2))?,
        _ => function.clone(),
    };
    let mut out = format!("% Layout: {shown}\n{HEADER}");
    let mut y0 = 0;
    let parent = parent(subject, options, &infos)?;
    if let Some((a, cells)) = &parent {
        check_size("print_latex", a, MAX_TEXT_CELLS)?;
        let node = |i: usize| {
            let p = &cells[i];
            (rgb_style(p.fill(), p.mark), p.info.offset)
        };
        y0 = draw_slabs(&mut out, a, "A", y0, node)?;
    }
    let node = |i: usize| {
        let c = &infos[i];
        (node_style(options, c, layout), c.offset)
    };
    let name = if parent.is_some() { "R" } else { "" };
    draw_slabs(&mut out, layout, name, y0, node)?;
    out.push_str(FOOTER);
    Ok(out)
}

/// Draws the rank-2 slabs of `layout` side by side from column `y0`, cell `i` (domain order)
/// as `node(i)` (its style and text), each slab headed by `name` and its slice (`(\_,\_,k)`);
/// returns the column after the last slab and its gap.
fn draw_slabs(
    out: &mut String,
    layout: &Layout,
    name: &str,
    mut y0: usize,
    node: impl Fn(usize) -> (String, i64),
) -> Result<usize> {
    for slab in &slabs(layout, false)? {
        for m in 0..slab.rows {
            for n in 0..slab.cols {
                let (style, text) = node(slab.start + m + slab.rows * n);
                let _ = writeln!(out, "\\node[{style}] at ({m},{}) {{{text}}};", y0 + n);
            }
        }
        let heading = match &slab.heading {
            Some(h) => format!("{name} {}", h.replace('_', "\\_")),
            None => name.to_string(),
        };
        if !heading.trim().is_empty() {
            let _ = writeln!(
                out,
                "\\node at (-2,{}) {{\\Large{{\\texttt{{{}}}}}}};",
                y0 as f64 + (slab.cols as f64 - 1.0) / 2.0,
                heading.trim()
            );
        }
        slab_grid(out, slab.rows, slab.cols, y0);
        y0 += slab.cols + 1;
    }
    Ok(y0)
}

/// The TikZ style of a cell: its fill (CuTe's `black!P` when colored by offset), white text on
/// dark fills, a thick outline when highlighted.
fn node_style(options: &Options, c: &CellInfo, layout: &Layout) -> String {
    let (fill, mark) = paint(options, c, layout.shape());
    match (options.class(c), mark) {
        (None, Mark::Plain | Mark::Highlighted) => style(
            format!(
                "fill=black!{:02}",
                BWX8_PERCENT[c.offset.rem_euclid(8) as usize]
            ),
            fill,
            mark,
        ),
        _ => rgb_style(fill, mark),
    }
}

/// A TikZ color `{rgb,255:red,R;green,G;blue,B}`.
fn tikz_rgb(c: Rgb) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.0, c.1, c.2)
}

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
/// use cute_layout::{IntTuple, Layout};
/// use cute_tools::render;
/// let tv: Layout = "(2,2):(2,1)".parse().unwrap();
/// let tile: IntTuple = "(2,2)".parse().unwrap();
/// let tex = render::latex_tv(&tv, &tile).unwrap();
/// assert!(tex.starts_with("% Layout TV: (2,2):(2,1)\n"));
/// assert!(tex.contains("\\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,1) {\\shortstack{T1 \\\\ V0}};\n"));
/// ```
pub fn latex_tv(layout_tv: &Layout, tile_mn: &IntTuple) -> Result<String> {
    latex_tv_with(layout_tv, tile_mn, &Options::default())
}

/// [`latex_tv`] with the pictures' [`Options`] (colored by thread, value, warp or bank,
/// highlighted cells outlined thick and the others tinted light); the default options give
/// CuTe's document byte for byte.
pub(crate) fn latex_tv_with(
    layout_tv: &Layout,
    tile_mn: &IntTuple,
    options: &Options,
) -> Result<String> {
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
    check_tv_options(layout_tv, options)?;
    check_highlight(options, mn.as_ref())?;
    let mut dims = mn.leaves().map(|x| x.value().max(0) as usize);
    let (rows, cols) = (dims.next().unwrap_or(0), dims.next().unwrap_or(0));
    let tile = Layout::column_major(&mn)?;
    check_size("print_latex_tv", &tile, MAX_TEXT_CELLS)?;
    check_size("print_latex_tv", layout_tv, MAX_TEXT_CELLS)?;
    let offsets = layout_tv.offsets()?;
    let threads = match layout_tv.rank() {
        0 | 1 => offsets.len(),
        _ => layout_tv.mode(0)?.size()?.value().max(0) as usize,
    };
    let mut filled = vec![false; rows * cols];
    let mut out = format!("% Layout TV: {layout_tv}\n{HEADER}");
    let values = offsets.len().checked_div(threads).unwrap_or(0);
    for tid in 0..threads {
        for vid in 0..values {
            let idx = offsets[tid + threads * vid];
            if rows == 0 || cols == 0 {
                continue;
            }
            let m = idx.rem_euclid(rows as i64) as usize;
            let n = (idx.div_euclid(rows as i64)).rem_euclid(cols as i64) as usize;
            if !filled[m * cols + n] {
                filled[m * cols + n] = true;
                let cell = TvCell {
                    m: m as i64,
                    n: n as i64,
                    thread: tid as i64,
                    value: vid as i64,
                    offset: idx,
                };
                let (fill, mark) = paint_tv(options, &cell, rows as i64, &mn);
                let style = rgb_style(fill, mark);
                tv_node(&mut out, cell.m, cell.n, &style, cell.thread, cell.value);
            }
        }
    }
    grid_and_labels(&mut out, rows, cols);
    Ok(out)
}
