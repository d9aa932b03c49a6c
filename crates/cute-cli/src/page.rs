//! The playground page: what one evaluation answers (result, kind, picture, derivation and
//! the picture's cells for hover), the operation list for completion, the gallery of the
//! documentation's figures, and the page itself (one HTML file with its CSS and JavaScript
//! compiled in, no network needed). `cute serve` serves it; `cute html` writes it with one
//! answer built in.

use cute_layout::explain::explain;
use cute_layout::registry::operations;
use cute_layout::render::{self, Coloring, Label};
use cute_layout::tv::TvLayout;
use cute_layout::tv_render::svg_tv;
use cute_layout::value::Value;
use cute_layout::{eval::eval, idx2crd, AnyLayout, Int, IntTuple};
use serde_json::{json, Map, Value as Json};

/// The page template; `{{STYLE}}`, `{{SCRIPT}}` and `{{DATA}}` are filled in by [`page`].
const TEMPLATE: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/app.css");
const SCRIPT: &str = include_str!("page/app.js");
/// The documentation's figures (`name<TAB>expression` lines), the page's gallery.
const FIGURES: &str = include_str!("page/figures.txt");

/// The longest expression evaluated, in bytes.
pub const MAX_EXPR_BYTES: usize = 4096;

/// How the picture is drawn: the options of `cute svg`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PictureOptions {
    /// Color by tile (divides, products, complement) instead of by offset.
    pub tile: bool,
    /// Show coordinates in the cells instead of offsets.
    pub coords: bool,
}

impl PictureOptions {
    /// Reads `color` (`offset` or `tile`) and `coords` (`1`/`true` or absent) as the URL
    /// spells them.
    ///
    /// # Errors
    /// An unknown color, named.
    ///
    /// ```
    /// use cute_cli::page::PictureOptions;
    /// let o = PictureOptions::parse(Some("tile"), Some("1")).unwrap();
    /// assert!(o.tile && o.coords);
    /// assert!(PictureOptions::parse(Some("rainbow"), None).unwrap_err().contains("rainbow"));
    /// ```
    pub fn parse(color: Option<&str>, coords: Option<&str>) -> Result<Self, String> {
        let tile = match color.unwrap_or("offset") {
            "offset" | "" => false,
            "tile" => true,
            other => {
                return Err(format!(
                    "unknown color `{other}`; hint: color is `offset` or `tile`"
                ))
            }
        };
        let coords = matches!(coords, Some("1" | "true" | "on"));
        Ok(PictureOptions { tile, coords })
    }

    fn render(self) -> render::Options {
        render::Options {
            label: if self.coords {
                Label::Coord
            } else {
                Label::Offset
            },
            coloring: if self.tile {
                Coloring::Tile
            } else {
                Coloring::Offset
            },
            ..render::Options::default()
        }
    }
}

/// Evaluates `expr` for the page: `{"result", "kind", "svg", "explain", "cells",
/// "picture_error"}`. `svg` is null when the value has no picture (an integer, a tuple) or the
/// picture failed (then `picture_error` says why, e.g. the picture-cell limit); `cells` lists
/// the picture's cells in row-major order (`row`, `col`, `coord`, `offset`, or for a TV layout
/// `thread` and `value`) for hover.
///
/// # Errors
/// The expression is too long, does not parse, or its operation fails: the full message.
///
/// ```
/// use cute_cli::page::{evaluate, PictureOptions};
/// let a = evaluate("(2,3):(3,1)", PictureOptions::default()).unwrap();
/// assert_eq!(a["result"], "(2,3):(3,1)");
/// assert_eq!(a["cells"].as_array().unwrap().len(), 6);
/// assert_eq!(a["cells"][1]["offset"], 1); // row 0, column 1
/// assert!(evaluate("nonsense(1)", PictureOptions::default()).is_err());
/// ```
pub fn evaluate(expr: &str, options: PictureOptions) -> Result<Json, String> {
    let expr = expr.trim();
    if expr.len() > MAX_EXPR_BYTES {
        return Err(format!(
            "expression too long: {} bytes, more than the limit of {MAX_EXPR_BYTES} bytes (expression length)",
            expr.len()
        ));
    }
    let value = eval(expr).map_err(|e| e.to_string())?;
    let mut out = Map::new();
    out.insert("expr".into(), json!(expr));
    out.insert("result".into(), json!(value.to_string()));
    out.insert("kind".into(), json!(value.kind().name()));
    out.insert(
        "explain".into(),
        explain(expr).map_or(Json::Null, |e| json!(e.to_string())),
    );
    let (svg, cells, picture_error) = match picture(expr, &value, options) {
        Ok(Some((svg, cells))) => (json!(svg), json!(cells), Json::Null),
        Ok(None) => (Json::Null, json!([]), Json::Null),
        Err(e) => (Json::Null, json!([]), json!(e)),
    };
    out.insert("svg".into(), svg);
    out.insert("cells".into(), cells);
    out.insert("picture_error".into(), picture_error);
    Ok(Json::Object(out))
}

/// The SVG picture of `value` and its cells, or `None` for an integer or a value that is not
/// layout-like.
fn picture(
    expr: &str,
    value: &Value,
    options: PictureOptions,
) -> Result<Option<(String, Vec<Json>)>, String> {
    if let Value::Tv(tv) = value {
        let svg = svg_tv(tv).map_err(|e| e.to_string())?;
        return Ok(Some((svg, tv_cells(tv).map_err(|e| e.to_string())?)));
    }
    // an integer `n` is drawable as `n:1`, but on the page it is just a number
    if matches!(value, Value::Int(_)) || value.as_any_layout().is_none() {
        return Ok(None);
    }
    let subject = render::subject(expr).map_err(|e| e.to_string())?;
    let svg = render::svg(&subject, &options.render()).map_err(|e| e.to_string())?;
    let cells = layout_cells(&subject.layout).map_err(|e| e.to_string())?;
    Ok(Some((svg, cells)))
}

/// The cells of a layout's table (rows index mode 0, columns the other modes; a rank-1
/// layout is one row), row-major, as the SVG picture draws them.
fn layout_cells(f: &AnyLayout) -> cute_layout::error::Result<Vec<Json>> {
    let layout = f.inner();
    let offsets = f.offsets()?;
    let rows = if layout.rank() == 1 {
        1
    } else {
        layout.mode(0)?.size()?.value().max(1) as usize
    };
    let cols = offsets.len() / rows;
    let mut cells = Vec::with_capacity(offsets.len());
    for m in 0..rows {
        for n in 0..cols {
            let i = m + rows * n;
            let coord = idx2crd(&IntTuple::int(Int::dynamic(i as i64)), layout.shape())?;
            cells.push(
                json!({"row": m, "col": n, "coord": coord.to_string(), "offset": offsets[i]}),
            );
        }
    }
    Ok(cells)
}

/// The cells of a TV layout's tile, row-major: who owns each (thread, value), or null.
fn tv_cells(tv: &TvLayout) -> cute_layout::error::Result<Vec<Json>> {
    let mut cells = Vec::new();
    for (m, row) in tv.grid()?.iter().enumerate() {
        for (n, c) in row.iter().enumerate() {
            cells.push(match c {
                Some(c) => json!({"row": m, "col": n, "thread": c.thread, "value": c.value}),
                None => json!({"row": m, "col": n}),
            });
        }
    }
    Ok(cells)
}

/// The registry's operations for completion: name, aliases, signature, summary, example.
///
/// ```
/// let ops = cute_cli::page::ops();
/// assert!(ops.as_array().unwrap().iter().any(|o| o["name"] == "logical_divide"));
/// ```
pub fn ops() -> Json {
    operations()
        .iter()
        .map(|op| {
            json!({
                "name": op.name,
                "aliases": op.aliases,
                "signature": op.signature,
                "summary": op.summary,
                "example": op.example,
                "expected": op.expected,
            })
        })
        .collect()
}

/// The documentation's figures: `{"name", "expr", "color": "tile"}`, as
/// `docs/figures/generate.sh` draws them.
///
/// ```
/// let g = cute_cli::page::gallery();
/// assert!(g.as_array().unwrap().iter().any(|f| f["name"] == "divide1"));
/// ```
pub fn gallery() -> Json {
    FIGURES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(name, expr)| json!({"name": name.trim(), "expr": expr.trim(), "color": "tile"}))
        .collect()
}

/// The page, with `data` built in: `null` for the server's page (it asks `/api/...`), or
/// `{"answer", "options"}` for a standalone file (`cute html`).
///
/// ```
/// let html = cute_cli::page::page(&serde_json::Value::Null);
/// assert!(html.starts_with("<!doctype html>") && !html.contains("{{"));
/// ```
pub fn page(data: &Json) -> String {
    // `</` inside a script would end it: JSON allows `<\/`.
    let data = data.to_string().replace("</", "<\\/");
    TEMPLATE
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{DATA}}", &data)
}

/// `cute html`: one self-contained page showing `expr` (picture with hover, result,
/// derivation).
///
/// # Errors
/// As [`evaluate`].
///
/// ```
/// use cute_cli::page::{standalone, PictureOptions};
/// let html = standalone("logical_divide(8:1, 4:1)", PictureOptions::default()).unwrap();
/// assert!(html.contains("(4,2):(1,4)") && html.contains("<\\/svg>"));
/// ```
pub fn standalone(expr: &str, options: PictureOptions) -> Result<String, String> {
    let answer = evaluate(expr, options)?;
    Ok(page(&json!({
        "answer": answer,
        "options": {"color": if options.tile { "tile" } else { "offset" }, "coords": options.coords},
    })))
}
