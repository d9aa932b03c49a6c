//! Rendering TV layouts: CuTe's `print_latex_tv` (TikZ), a text grid and an SVG, each cell
//! labelled `T<thread>` / `V<value>` and coloured by thread.
//!
//! ```
//! use cute_layout::{tv::make_layout_tv, tv_render::latex_tv};
//! let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
//! let tex = latex_tv(&tv)?;
//! assert!(tex.starts_with("% Layout TV: "));
//! assert!(tex.contains("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};"));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::error::Result;
use crate::tv::TvLayout;
use std::fmt::Write;

/// CuTe's `TikzColor_TV` palette (the one [`crate::render::latex_tv`] uses), by thread.
fn color(thread: i64) -> crate::render::color::Rgb {
    crate::render::color::TV_PALETTE[thread.rem_euclid(8) as usize]
}

/// The TikZ document CuTe's `print_latex_tv(layout_tv, tile_mn)` prints: a header comment with
/// the layout, one `\node` per cell (the first `(thread, value)` to reach it, threads outer),
/// the grid, row and column labels.
///
/// # Errors
/// As [`TvLayout::grid`].
pub fn latex_tv(tv: &TvLayout) -> Result<String> {
    crate::render::latex_tv(&tv.layout, &tv.tiler)
}

/// A text grid in the style of `print_layout`, each cell `T<t>V<v>` (empty cells blank).
///
/// # Errors
/// As [`TvLayout::grid`].
///
/// ```
/// use cute_layout::{tv::make_layout_tv, tv_render::grid_tv};
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let g = grid_tv(&tv)?;
/// assert_eq!(g.lines().next(), Some("(_2,_2):(_1,_2)"));
/// assert!(g.contains(" 0  | T0V0 | T0V1 |\n"));
/// assert!(g.contains(" 1  | T1V0 | T1V1 |\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn grid_tv(tv: &TvLayout) -> Result<String> {
    let g = tv.grid()?;
    let label = |c: &Option<crate::tv::TvCell>| match c {
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
/// As [`TvLayout::grid`].
///
/// ```
/// use cute_layout::{tv::make_layout_tv, tv_render::svg_tv};
/// let tv = make_layout_tv(&"(_2,_1)".parse()?, &"(_1,_2)".parse()?)?;
/// let svg = svg_tv(&tv)?;
/// assert!(svg.starts_with("<svg") && svg.contains(">T1</text>"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg_tv(tv: &TvLayout) -> Result<String> {
    const CELL: i64 = 40;
    let g = tv.grid()?;
    let (m, n) = tv.tile_mn()?;
    let (width, height) = ((n + 1) * CELL, (m + 1) * CELL);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"monospace\" font-size=\"11\" text-anchor=\"middle\">\n"
    );
    let _ = writeln!(s, "<!-- Layout TV: {} -->", tv.layout);
    for (i, row) in g.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let (x, y) = ((j as i64 + 1) * CELL, (i as i64 + 1) * CELL);
            let fill = c.map_or(crate::render::color::WHITE, |c| color(c.thread));
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"black\"/>",
                fill.hex()
            );
            if let Some(c) = c {
                let cx = x + CELL / 2;
                let ink = fill.ink().hex();
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
    }
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
    s.push_str("</svg>\n");
    Ok(s)
}
