//! Pictures and text of layouts, as the `cute` CLI draws them.

use crate::convert::err;
use cute_layout::value::Value;
use cute_layout::Layout;
use cute_tools::render::{self, Coloring, Label, Options, Subject};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `print_layout`'s grid (`cute show`).
pub fn grid(l: &Layout) -> PyResult<String> {
    render::grid(l).map_err(err)
}

/// The SVG picture of `cute svg` (`cute svg --coords` with `coords`).
pub fn svg_of(l: &Layout, coords: bool) -> PyResult<String> {
    let options = Options {
        label: if coords { Label::Coord } else { Label::Offset },
        coloring: Coloring::Offset,
        ..Options::default()
    };
    render::svg(&Subject::from(l.clone()), &options).map_err(err)
}

/// The SVG picture of the expression `expr` (`cute svg EXPR`, through [`render::picture`]):
/// divides, products and complements drawn with their input, tiles colored with `tiles`; a
/// tiled MMA, tiled copy or atom is CuTe's `print_latex` figure, a tensor of coordinates the
/// grid of its coordinates.
pub fn svg_of_expr(expr: &str, coords: bool, tiles: bool) -> PyResult<String> {
    let label = if coords { Label::Coord } else { Label::Offset };
    let (picture, _warnings) = render::picture(expr).map_err(err)?;
    picture.svg(&options(label, tiles)).map_err(err)
}

/// The LaTeX of the expression `expr` (`cute latex EXPR`, through [`render::Picture::latex`]):
/// a layout's `print_latex` (tiles colored with `tiles`), a tiled MMA's, tiled copy's or
/// atom's `print_latex` figure.
pub fn latex_of_expr(expr: &str, tiles: bool) -> PyResult<String> {
    let (picture, _warnings) = render::picture(expr).map_err(err)?;
    picture.latex(&options(Label::Offset, tiles)).map_err(err)
}

/// The drawing options of `svg` and `latex`: cells labelled with `label`, colored by tile
/// with `tiles` (else by offset, as CuTe).
fn options(label: Label, tiles: bool) -> Options {
    Options {
        label,
        coloring: if tiles {
            Coloring::Tile
        } else {
            Coloring::Offset
        },
        ..Options::default()
    }
}

/// The SVG picture of a value without a class of its own (`cute svg` of the expression that
/// made it, through [`render::picture_of`]): an atom's figure, a tensor of coordinates' grid.
pub fn svg_of_value(expr: &str, value: &Value) -> PyResult<String> {
    render::picture_of(expr, None, value)
        .and_then(|p| p.svg(&Options::default()))
        .map_err(err)
}

/// The text of `cute show EXPR` ([`render::Picture::text`]): a layout's grid, a tensor of
/// coordinates' `print_tensor`.
pub fn show_expr(expr: &str) -> PyResult<String> {
    let (picture, _warnings) = render::picture(expr).map_err(err)?;
    picture.text(&Options::default()).map_err(err)
}

/// The PNG image of an SVG picture.
pub fn png_of<'py>(py: Python<'py>, svg: &str) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(py, &render::png(svg).map_err(err)?))
}

/// The HTML of a notebook cell: the picture and the text under it.
pub fn html_of(text: &str, svg: Option<String>) -> Option<String> {
    Some(format!(
        "<div>{}<pre>{}</pre></div>",
        svg.unwrap_or_default(),
        escape(text)
    ))
}

/// The most cells an HTML table shows (larger layouts show their text only).
const MAX_HTML_CELLS: i64 = 4096;

/// An HTML table of the offsets of a rank-1 or rank-2 function `f(m, n)` (rows `m`, columns
/// `n`), shaded by offset like CuTe's pictures: how a swizzled layout shows itself in Jupyter
/// (the library's SVG renderer draws plain layouts only).
pub fn html_grid(
    title: &str,
    (rows, cols): (i64, i64),
    f: impl Fn(i64, i64) -> cute_layout::error::Result<i64>,
) -> PyResult<String> {
    if rows.saturating_mul(cols) > MAX_HTML_CELLS {
        return Ok(format!("<pre>{}</pre>", escape(title)));
    }
    const GREYS: [&str; 8] = [
        "#ffffff", "#e6e6e6", "#cccccc", "#b3b3b3", "#999999", "#808080", "#666666", "#4d4d4d",
    ];
    let mut out = format!(
        "<div><pre>{}</pre><table style=\"border-collapse:collapse\">",
        escape(title)
    );
    for m in 0..rows {
        out.push_str("<tr>");
        for n in 0..cols {
            let v = f(m, n).map_err(err)?;
            let grey = GREYS[v.rem_euclid(8) as usize];
            let ink = if v.rem_euclid(8) >= 4 {
                "#ffffff"
            } else {
                "#000000"
            };
            out.push_str(&format!(
                "<td style=\"border:1px solid #000;padding:2px 6px;text-align:center;background:{grey};color:{ink}\">{v}</td>"
            ));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table></div>");
    Ok(out)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
