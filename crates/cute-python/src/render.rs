//! Pictures and text of layouts, as the `cute` CLI draws them.

use crate::convert::err;
use cute_layout::render::{self, Coloring, Label, Options, Subject};
use cute_layout::Layout;
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
    };
    render::svg(&Subject::from(l.clone()), &options).map_err(err)
}

/// The SVG picture of the expression `expr` (`cute svg EXPR`): divides, products and
/// complements drawn with their input, tiles colored with `tiles`.
pub fn svg_of_expr(expr: &str, coords: bool, tiles: bool) -> PyResult<String> {
    let options = Options {
        label: if coords { Label::Coord } else { Label::Offset },
        coloring: if tiles {
            Coloring::Tile
        } else {
            Coloring::Offset
        },
    };
    render::svg(&render::subject(expr).map_err(err)?, &options).map_err(err)
}

/// The PNG image of an SVG picture.
pub fn png_of<'py>(py: Python<'py>, svg: &str) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(py, &render::png(svg).map_err(err)?))
}

/// The HTML of a notebook cell: the picture and the text under it.
pub fn html_of(text: &str, svg: Option<String>) -> Option<String> {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    Some(format!(
        "<div>{}<pre>{escaped}</pre></div>",
        svg.unwrap_or_default()
    ))
}
