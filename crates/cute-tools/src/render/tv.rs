//! Rendering TV layouts: CuTe's `print_latex_tv` (TikZ), a text grid and an SVG, each cell
//! labelled `T<thread>` / `V<value>` and coloured by thread.
//!
//! ```
//! use cute_layout::tv::make_layout_tv;
//! use cute_tools::render::tv::latex_tv;
//! let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
//! let tex = latex_tv(&tv)?;
//! assert!(tex.starts_with("% Layout TV: "));
//! assert!(tex.contains("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};"));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::render::color::WHITE;
use crate::render::options::{check_highlight, check_tv_options};
use crate::render::{outline, paint_tv, Coloring, Mark, Options, Subject};
use cute_layout::error::Result;
use cute_layout::limits::MAX_PICTURE_CELLS;
use cute_layout::tv::TvLayout;
use std::fmt::Write;

/// The TikZ document CuTe's `print_latex_tv(layout_tv, tile_mn)` prints: a header comment with
/// the layout, one `\node` per cell (the first `(thread, value)` to reach it, threads outer),
/// the grid, row and column labels.
///
/// # Errors
/// As [`TvLayout::grid`].
pub fn latex_tv(tv: &TvLayout) -> Result<String> {
    crate::render::latex_tv(&tv.layout, &tv.tiler)
}

/// [`latex_tv`] with the pictures' [`Options`], as [`svg_tv_opts`] takes them: colored by
/// thread (CuTe's TV colors, also for `Offset`), value, warp or bank; highlighted cells drawn
/// with a thick outline (`draw=black,line width=2pt`), the others tinted light. The default
/// options give [`latex_tv`] byte for byte.
///
/// # Errors
/// As [`svg_tv_opts`], with the limit of [`latex_tv`].
///
/// ```
/// use cute_layout::tv::make_layout_tv;
/// use cute_tools::render::{tv::{latex_tv, latex_tv_opts}, Highlight, Options};
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// assert_eq!(latex_tv_opts(&tv, &Options::default())?, latex_tv(&tv)?);
/// let opts = Options { highlight: Some(Highlight::Thread(1)), ..Options::default() };
/// assert_eq!(latex_tv_opts(&tv, &opts)?.matches("line width=2pt").count(), 2);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn latex_tv_opts(tv: &TvLayout, options: &Options) -> Result<String> {
    crate::render::latex::latex_tv_with(&tv.layout, &tv.tiler, options)
}

/// A text grid in the style of `print_layout`, each cell `T<t>V<v>` (empty cells blank).
///
/// # Errors
/// As [`TvLayout::grid`].
///
/// ```
/// use cute_layout::tv::make_layout_tv;
/// use cute_tools::render::tv::grid_tv;
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let g = grid_tv(&tv)?;
/// assert_eq!(g.lines().next(), Some("(_2,_2):(_1,_2)"));
/// assert!(g.contains(" 0  | T0V0 | T0V1 |\n"));
/// assert!(g.contains(" 1  | T1V0 | T1V1 |\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn grid_tv(tv: &TvLayout) -> Result<String> {
    grid_tv_opts(tv, &Options::default())
}

/// [`grid_tv`] with the pictures' [`Options`]: with a highlight (`thread:T`, `value:V` or a
/// slice of the tile), the cells not highlighted show `.` (a text grid has no colors).
///
/// # Errors
/// As [`grid_tv`]; a `tile:K` highlight or tile coloring (a TV layout has no tiles); a slice
/// that does not match the rank-2 tile.
///
/// ```
/// use cute_layout::tv::make_layout_tv;
/// use cute_tools::render::{tv::grid_tv_opts, Highlight, Options};
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let opts = Options { highlight: Some(Highlight::Thread(1)), ..Options::default() };
/// let g = grid_tv_opts(&tv, &opts)?;
/// assert!(g.contains(" 0  |    . |    . |\n"));
/// assert!(g.contains(" 1  | T1V0 | T1V1 |\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn grid_tv_opts(tv: &TvLayout, options: &Options) -> Result<String> {
    check_tv_options(&tv.layout, options)?;
    let mn = tv.tiler.product_each()?;
    check_highlight(options, mn.as_ref())?;
    let g = tv.grid()?;
    let (m, _) = tv.tile_mn()?;
    let label = |c: &Option<cute_layout::tv::TvCell>| match c {
        Some(c) if paint_tv(options, c, m, &mn).1 == Mark::Dimmed => ".".to_string(),
        Some(c) => format!("T{}V{}", c.thread, c.value),
        None => String::new(),
    };
    let w = g
        .iter()
        .flatten()
        .map(|c| label(c).len())
        .max()
        .unwrap_or(1)
        .max(1);
    let n = g.first().map_or(0, Vec::len);
    let mut s = format!("{}\n    ", tv.layout);
    for j in 0..n {
        let _ = write!(s, "  {j:>w$} ");
    }
    s.push('\n');
    let sep = format!("    {}+\n", format!("+{}", "-".repeat(w + 2)).repeat(n));
    for (i, row) in g.iter().enumerate() {
        s.push_str(&sep);
        let _ = write!(s, "{i:>2}  ");
        for c in row {
            let _ = write!(s, "| {:>w$} ", label(c));
        }
        s.push_str("|\n");
    }
    s.push_str(&sep);
    Ok(s)
}

/// A standalone SVG: one 40-pixel square per cell, filled by thread, labelled `T<t>` over
/// `V<v>`, with row and column indices.
///
/// # Errors
/// As [`TvLayout::grid`], with [`MAX_PICTURE_CELLS`] for the tile.
///
/// ```
/// use cute_layout::tv::make_layout_tv;
/// use cute_tools::render::tv::svg_tv;
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let svg = svg_tv(&tv)?;
/// assert!(svg.starts_with("<svg") && svg.contains(">T1</text>"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg_tv(tv: &TvLayout) -> Result<String> {
    svg_tv_opts(tv, &Options::default())
}

/// [`svg_tv`] with the pictures' [`Options`]: colored by thread (CuTe's TV colors, also for
/// `Offset`), value, warp (thread / 32) or bank (of the offset `L(t, v)` with `elem_bytes`); highlight
/// `thread:T`, `value:V` or a slice `(m,n)` of the tile (outlined thick, the others dimmed).
///
/// # Errors
/// As [`TvLayout::grid`]; [`Coloring::Tile`] or a `tile:K` highlight (a TV layout has no
/// tiles); a slice that does not match the rank-2 tile.
///
/// ```
/// use cute_layout::tv::make_layout_tv;
/// use cute_tools::render::{tv::svg_tv_opts, Highlight, Options};
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let opts = Options { highlight: Some(Highlight::Thread(1)), ..Options::default() };
/// assert_eq!(svg_tv_opts(&tv, &opts)?.matches("class=\"highlight\"").count(), 2);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg_tv_opts(tv: &TvLayout, options: &Options) -> Result<String> {
    const CELL: i64 = 40;
    const LEGEND_MARGIN: usize = 8;
    check_tv_options(&tv.layout, options)?;
    let mn = tv.tiler.product_each()?;
    check_highlight(options, mn.as_ref())?;
    let g = tv.grid_within(MAX_PICTURE_CELLS, "MAX_PICTURE_CELLS")?;
    let (m, n) = tv.tile_mn()?;
    let legend = super::legend::legend(
        options,
        super::legend::Kind::Tv,
        g.iter()
            .flatten()
            .flatten()
            .map(|c| super::tv_class(options, c)),
    );
    let width = ((n + 1) * CELL).max(
        legend
            .as_ref()
            .map_or(0, |l| super::legend::width(l, LEGEND_MARGIN) as i64),
    );
    let legend_height = legend.as_ref().map_or(0, |l| {
        super::legend::height(l, width as usize, LEGEND_MARGIN) as i64
    });
    let height = (m + 1) * CELL + legend_height;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"monospace\" font-size=\"11\" text-anchor=\"middle\">\n"
    );
    let _ = writeln!(s, "<!-- Layout TV: {} -->", tv.layout);
    let mut outlines = String::new();
    for (i, row) in g.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let (x, y) = ((j as i64 + 1) * CELL, (i as i64 + 1) * CELL);
            let (fill, mark) = match c {
                Some(c) => paint_tv(options, c, m, &mn),
                None => (WHITE, Mark::Plain),
            };
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"black\"/>",
                fill.hex()
            );
            if let Some(c) = c {
                let cx = x + CELL / 2;
                let ink = fill.ink().hex();
                if options.coloring == Coloring::Bank {
                    // three lines: thread, value and, small, the bank of the cell's offset
                    let _ = writeln!(
                        s,
                        "<text x=\"{cx}\" y=\"{}\" fill=\"{ink}\">T{}</text><text x=\"{cx}\" y=\"{}\" fill=\"{ink}\">V{}</text><text x=\"{cx}\" y=\"{}\" font-size=\"8\" fill=\"{ink}\">{}</text>",
                        y + 13,
                        c.thread,
                        y + 25,
                        c.value,
                        y + 36,
                        super::legend::bank_note(options.bank(c.offset))
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "<text x=\"{cx}\" y=\"{}\" fill=\"{ink}\">T{}</text><text x=\"{cx}\" y=\"{}\" fill=\"{ink}\">V{}</text>",
                        y + 17,
                        c.thread,
                        y + 31,
                        c.value
                    );
                }
            }
            if mark == Mark::Highlighted {
                outline(&mut outlines, x, y, CELL, CELL);
            }
        }
    }
    s.push_str(&outlines);
    for i in 0..m {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{i}</text>",
            CELL / 2,
            (i + 1) * CELL + 25
        );
    }
    for j in 0..n {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{j}</text>",
            (j + 1) * CELL + CELL / 2,
            25
        );
    }
    if let Some(l) = &legend {
        super::legend::draw(
            &mut s,
            l,
            LEGEND_MARGIN,
            ((m + 1) * CELL) as usize + 4,
            width as usize,
            LEGEND_MARGIN,
        );
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// The pictures of a [`Subject`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Format {
    /// [`super::grid_opts`].
    Grid,
    /// [`super::svg`].
    Svg,
    /// [`super::latex_opts`].
    Latex,
}

/// The one dispatch of TV pictures: a subject that is a TV layout ([`Subject::tv`]: a
/// `make_layout_tv` value, or a result its operation's `tiles` says is one) drawn as its TV
/// picture in `format`; `None` for any other subject (the caller draws it as a layout).
pub(crate) fn dispatch(
    subject: &Subject,
    options: &Options,
    format: Format,
) -> Option<Result<String>> {
    let tv = subject.tv.as_ref()?;
    Some(match format {
        Format::Grid => grid_tv_opts(tv, options),
        Format::Svg => svg_tv_opts(tv, options),
        Format::Latex => latex_tv_opts(tv, options),
    })
}
