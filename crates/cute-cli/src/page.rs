//! The playground page: what one evaluation answers (result, kind, picture, derivation and
//! the picture's cells for hover), the operation list for completion, the gallery of the
//! documentation's figures, and the page itself (one HTML file with its CSS and JavaScript
//! compiled in, no network needed). `cute serve` serves it; `cute html` writes it with one
//! answer built in.

pub mod triton;

use cute_layout::basis::IdentityTensor;
use cute_layout::notation::Syntax;
use cute_layout::tv::TvLayout;
use cute_layout::value::Value;
use cute_layout::{idx2crd, AnyLayout, Int, IntTuple, Layout, LayoutError};
use cute_tools::eval::{prepare, Call, Prepared};
use cute_tools::explain::explain_call;
use cute_tools::expr::parse;
use cute_tools::registry::operations;
use cute_tools::render::{self, Coloring, Highlight, Label, Picture};
use serde_json::{json, Map, Value as Json};

/// The page template; `{{STYLE}}`, `{{SCRIPT}}`, `{{COLORS}}` and `{{DATA}}` are filled in by
/// [`page`].
const TEMPLATE: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/app.css");
const SCRIPT: &str = include_str!("page/app.js");
/// The documentation's figures (`name<TAB>expression` lines), the page's gallery.
const FIGURES: &str = include_str!("page/figures.txt");

/// The longest expression evaluated, in bytes.
pub const MAX_EXPR_BYTES: usize = 4096;

/// How the picture is drawn: the options of `cute svg` (`--color`, `--coords`, `--highlight`,
/// `--elem-bytes`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PictureOptions {
    /// How the cells are colored.
    pub color: Coloring,
    /// Show coordinates in the cells instead of offsets.
    pub coords: bool,
    /// The cells to highlight.
    pub highlight: Option<Highlight>,
    /// The element size in bytes of a shared-memory view: the hover shows each cell's bank.
    /// `None`: not a shared-memory view (banks are still shown when coloring by bank, for
    /// 4-byte elements).
    pub elem_bytes: Option<i64>,
}

/// The largest element size accepted, in bytes.
const MAX_ELEM_BYTES: i64 = 1 << 20;

impl PictureOptions {
    /// Reads the options as the URL spells them: `color` (a [`Coloring::name`]), `coords`
    /// (`1`/`true`/`on`), `highlight` (`thread:T`, `value:V`, `tile:K` or a slice such as
    /// `(_,3)`) and `elem_bytes` (a positive integer); `get` looks a parameter up.
    ///
    /// # Errors
    /// An unknown color, a malformed highlight or element size, named.
    ///
    /// ```
    /// use cute_cli::page::PictureOptions;
    /// use cute_tools::render::Coloring;
    /// let q = |k: &str| match k { "color" => Some("bank"), "elem_bytes" => Some("2"), _ => None };
    /// let o = PictureOptions::parse(q).unwrap();
    /// assert_eq!((o.color, o.elem_bytes, o.coords), (Coloring::Bank, Some(2), false));
    /// assert!(PictureOptions::parse(|k| (k == "color").then_some("rainbow")).unwrap_err().contains("rainbow"));
    /// assert!(PictureOptions::parse(|k| (k == "highlight").then_some("warp:1")).is_err());
    /// ```
    pub fn parse<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<Self, String> {
        let present = |k: &str| get(k).map(str::trim).filter(|v| !v.is_empty());
        let color = match present("color") {
            None => Coloring::Offset,
            Some(c) => c.parse::<Coloring>().map_err(|e| e.to_string())?,
        };
        let highlight = present("highlight")
            .map(str::parse::<Highlight>)
            .transpose()
            .map_err(|e| e.to_string())?;
        let elem_bytes = match present("elem_bytes") {
            None => None,
            Some(b) => match b.parse::<i64>() {
                Ok(n) if (1..=MAX_ELEM_BYTES).contains(&n) => Some(n),
                _ => {
                    return Err(format!(
                        "elem_bytes `{}` is not an element size from 1 to {MAX_ELEM_BYTES} bytes; hint: 2 for half precision, 4 for float",
                        cute_layout::limits::echo(b)
                    ))
                }
            },
        };
        let coords = matches!(get("coords"), Some("1" | "true" | "on"));
        Ok(PictureOptions {
            color,
            coords,
            highlight,
            elem_bytes,
        })
    }

    /// The options as the URL spells them (what [`PictureOptions::parse`] reads back), for
    /// `cute html`'s page.
    fn to_json(&self) -> Json {
        json!({
            "color": self.color.name(),
            "coords": self.coords,
            "highlight": self.highlight_text(),
            "elem_bytes": self.elem_bytes,
        })
    }

    fn highlight_text(&self) -> Option<String> {
        self.highlight.as_ref().map(|h| match h {
            Highlight::Thread(t) => format!("thread:{t}"),
            Highlight::Value(v) => format!("value:{v}"),
            Highlight::Tile(k) => format!("tile:{k}"),
            Highlight::Slice(c) => c.to_string(),
        })
    }

    /// Whether the hover shows banks: coloring by bank, or an element size given.
    fn banks(&self) -> bool {
        self.color == Coloring::Bank || self.elem_bytes.is_some()
    }

    fn render(&self) -> render::Options {
        render::Options {
            label: if self.coords {
                Label::Coord
            } else {
                Label::Offset
            },
            coloring: self.color,
            highlight: self.highlight.clone(),
            elem_bytes: self.elem_bytes.unwrap_or(4),
            ..render::Options::default()
        }
    }
}

/// Evaluates `expr` for the page: `{"result", "kind", "svg", "explain", "steps", "cells",
/// "picture_error", "warnings"}`. `steps` is the derivation's steps as data, as `cute explain
/// --json` gives them (null without a derivation); `warnings` the messages of
/// [`cute_tools::eval::eval_with_warnings`]. The expression is evaluated once: its derivation
/// gives the value, and the picture is drawn from it. `svg` is null when the value has no
/// picture (an integer, a tuple) or the picture failed (then `picture_error` says why, e.g.
/// the picture-cell limit); `cells` lists the picture's cells slab after slab, each row-major
/// (`row`, `col`, `coord`, `offset`, `slab` for a layout of rank > 2, and `bank` for a
/// shared-memory view, or for a TV layout `thread`, `value`, `offset` and `bank`) for hover.
/// The picture is `cute svg`'s ([`render::picture_of`]): a tensor of coordinates (an identity
/// tensor, its slices and tiles, a scaled-basis layout) is its grid of coordinates (cells with
/// `row`, `col`, `coord`, `slab` as a layout's, and the coordinate each `holds`); a tiled MMA,
/// tiled copy or atom is CuTe's `print_latex` figure, and a tuple morphism its diagram (no
/// cells).
///
/// # Errors
/// The expression is too long, does not parse, or its operation fails: the full message.
///
/// ```
/// use cute_cli::page::{evaluate, PictureOptions};
/// let a = evaluate("(2,3):(3,1)", &PictureOptions::default()).unwrap();
/// assert_eq!(a["result"], "(2,3):(3,1)");
/// assert_eq!(a["cells"].as_array().unwrap().len(), 6);
/// assert_eq!(a["cells"][1]["offset"], 1); // row 0, column 1
/// assert!(evaluate("nonsense(1)", &PictureOptions::default()).is_err());
/// let uneven = evaluate("logical_divide(10:1, 4)", &PictureOptions::default()).unwrap();
/// assert!(uneven["warnings"][0].as_str().unwrap().contains("needs predication"));
/// let smem = PictureOptions { elem_bytes: Some(2), ..PictureOptions::default() };
/// assert_eq!(evaluate("(2,8):(8,1)", &smem).unwrap()["cells"][3]["bank"], 1); // offset 3
/// // a TV layout's cell: the offset L(t, v) the layout gives it, and that offset's bank
/// let tv = evaluate("make_layout_tv((_4,_8):(_8,_1),(_2,_4):(_1,_2))", &smem).unwrap();
/// let cell = &tv["cells"][32 + 16]; // row 1, column 16 of the 8x32 tile (row-major cells)
/// assert_eq!((cell["offset"].as_i64(), cell["bank"].as_i64()), (Some(129), Some(0)));
/// // a tensor of coordinates: its grid, each cell the coordinate it holds
/// let id = evaluate("make_identity_tensor((2,3))", &PictureOptions::default()).unwrap();
/// assert_eq!((&id["cells"][1]["coord"], &id["cells"][1]["holds"]), (&"(0,1)".into(), &"(0,1)".into()));
/// // a tiled MMA: the figure of `cute svg`
/// let mma = evaluate("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)", &PictureOptions::default()).unwrap();
/// assert!(mma["svg"].as_str().unwrap().contains(">T31</text>"));
/// ```
pub fn evaluate(expr: &str, options: &PictureOptions) -> Result<Json, String> {
    evaluate_with(expr, options, &playground_hint)
}

/// What the playground offers where a library hint names a `cute` command: its atom list (and
/// the box's completion of atom names) for `cute atoms`, the box's completion of operation
/// names for `cute ops`. Other hints are the library's.
///
/// ```
/// use cute_cli::page::{evaluate, PictureOptions};
/// let e = evaluate("make_tiled_mma(SM80_NO_SUCH_ATOM)", &PictureOptions::default()).unwrap_err();
/// assert!(e.contains("unknown atom") && e.contains("the Atoms list") && !e.contains("cute atoms"));
/// let e = evaluate("nosuch(1)", &PictureOptions::default()).unwrap_err();
/// assert!(e.contains("completes operation names") && !e.contains("cute ops"));
/// ```
pub fn playground_hint(hint: &'static str) -> &'static str {
    if hint.contains("`cute atoms`") {
        "the Atoms list under the expression names every MMA and copy operation (click one to \
         insert it), and the box completes them: type SM80_, SM90_, ..."
    } else if hint.contains("`cute ops`") {
        "the box completes operation names with their signatures: type a few letters"
    } else {
        hint
    }
}

/// [`evaluate`] with the errors' hints mapped by `hint` ([`LayoutError::map_hints`]).
///
/// [`LayoutError::map_hints`]: cute_layout::LayoutError::map_hints
fn evaluate_with(
    expr: &str,
    options: &PictureOptions,
    hint: &impl Fn(&'static str) -> &'static str,
) -> Result<Json, String> {
    let shown = |e: LayoutError| e.map_hints(hint).to_string();
    let expr = expr.trim();
    if expr.len() > MAX_EXPR_BYTES {
        return Err(format!(
            "expression too long: {} bytes, more than the limit of {MAX_EXPR_BYTES} bytes (expression length)",
            expr.len()
        ));
    }
    // One evaluation: the outermost call is applied once, by its derivation (or, where its
    // arguments have none, by the operation itself); the picture is drawn from that value.
    let (parsed, warnings) = prepare(parse(expr, Syntax::Cute)).map_err(shown)?;
    let (call, value, explanation) = match parsed {
        Prepared::Value(v) => (None, v, None),
        Prepared::Call(call) => {
            let (value, explanation) = match explain_call(expr, &call) {
                Ok(e) => (e.result.clone(), Some(e)),
                Err(_) => (call.apply(), None),
            };
            let value = value.map_err(|e| shown(call.attribute(e)))?;
            (Some(call), value, explanation)
        }
    };
    let mut out = Map::new();
    out.insert("expr".into(), json!(expr));
    let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    out.insert("warnings".into(), json!(warnings));
    out.insert("result".into(), json!(value.to_string()));
    out.insert("kind".into(), json!(value.kind().name()));
    out.insert(
        "explain".into(),
        json!(explanation.as_ref().map(ToString::to_string)),
    );
    let steps = explanation
        .and_then(|e| serde_json::from_str::<Json>(&e.to_json()).ok())
        .map_or(Json::Null, |mut e| e["steps"].take());
    out.insert("steps".into(), steps);
    let (svg, cells, picture_error) =
        match picture(expr, call.as_ref(), &value, options).map_err(shown) {
            Ok(Some((svg, cells))) => (json!(svg), json!(cells), Json::Null),
            Ok(None) => (Json::Null, json!([]), Json::Null),
            Err(e) => (Json::Null, json!([]), json!(e)),
        };
    out.insert("svg".into(), svg);
    out.insert("cells".into(), cells);
    out.insert("picture_error".into(), picture_error);
    Ok(Json::Object(out))
}

/// The SVG picture of `value` (what `expr`, whose outermost call is `call`, yields, sorted by
/// [`render::picture_of`] as `cute svg` sorts it) and its cells, or `None` for an integer or a
/// value without a picture ([`render::has_picture`]).
fn picture(
    expr: &str,
    call: Option<&Call>,
    value: &Value,
    options: &PictureOptions,
) -> Result<Option<(String, Vec<Json>)>, LayoutError> {
    if let Value::Morphism(f) = value {
        let svg = cute_layout::category::to_svg(f)?;
        return Ok(Some((svg, Vec::new())));
    }
    // a symbolic layout is drawn at values of its symbols: the refusal says so
    if let Value::Symbolic(s) = value {
        if let cute_layout::symbolic::SymValue::Layout(_) = s.value {
            if let Some(e) = cute_tools::eval::unknown_extents("render", expr, value) {
                return Err(e);
            }
        }
    }
    // an integer `n` is drawable as `n:1`, but on the page it is just a number
    if matches!(value, Value::Int(_)) || !render::has_picture(value) {
        return Ok(None);
    }
    let picture = render::picture_of(expr, call, value)?;
    let svg = picture.svg(&options.render())?;
    let banks = options.banks().then(|| options.render());
    let cells = match &picture {
        Picture::Layout(subject) => match &subject.tv {
            Some(tv) => tv_cells(tv, banks.as_ref()),
            None => layout_cells(&subject.layout, subject.offset, banks.as_ref()),
        },
        Picture::Coordinates(t) => coordinate_cells(t),
        // the figure's panels are CuTe's, with their thread and value in each cell
        Picture::Atom { .. } => Ok(Vec::new()),
    }?;
    Ok(Some((svg, cells)))
}

/// The cells of a layout's tables as the SVG picture draws them ([`slab_cells`]), each with the
/// offset it maps to; `base` is a tensor's offset, and `banks` the options that give each
/// cell's bank, for a shared-memory view.
fn layout_cells(
    f: &AnyLayout,
    base: i64,
    banks: Option<&render::Options>,
) -> cute_layout::error::Result<Vec<Json>> {
    let offsets = f.offsets()?;
    slab_cells(f.inner(), |i, cell| {
        let offset = offsets[i].saturating_add(base);
        cell["offset"] = json!(offset);
        if let Some(o) = banks {
            cell["bank"] = json!(o.bank(offset));
        }
    })
}

/// The cells of a tensor of coordinates' grid ([`slab_cells`] of its shape), each with the
/// coordinate it holds (`holds`), as the picture shows it.
fn coordinate_cells(t: &IdentityTensor) -> cute_layout::error::Result<Vec<Json>> {
    let held = render::held_coordinates(t)?;
    slab_cells(&Layout::column_major(t.shape())?, |i, cell| {
        cell["holds"] = json!(held[i].to_string());
    })
}

/// The cells of the tables of a picture over `layout`'s domain, as the SVG picture draws
/// them: slab after slab (one for a layout of rank <= 2; rows index mode 0, columns mode 1,
/// or the other modes of a rank-2 layout; a rank-1 layout is one row), each row-major, with
/// `row`, `col`, `coord` and, for a layout of rank > 2, its slab's heading (`slab`:
/// `(_,_,k)`); `fill` adds what the cell of index `i` shows.
fn slab_cells(
    layout: &Layout,
    mut fill: impl FnMut(usize, &mut Json),
) -> cute_layout::error::Result<Vec<Json>> {
    let mut cells = Vec::new();
    for slab in render::slabs(layout, true)? {
        for m in 0..slab.rows {
            for n in 0..slab.cols {
                let i = slab.start + m + slab.rows * n;
                let coord = idx2crd(&IntTuple::int(Int::dynamic(i as i64)), layout.shape())?;
                let mut cell = json!({"row": m, "col": n, "coord": coord.to_string()});
                if let Some(h) = &slab.heading {
                    cell["slab"] = json!(h);
                }
                fill(i, &mut cell);
                cells.push(cell);
            }
        }
    }
    Ok(cells)
}

/// The cells of a TV layout's tile, row-major: who owns each (thread, value) and the offset
/// the layout gives it (with its bank under `banks`, as the picture colors it), or null.
fn tv_cells(
    tv: &TvLayout,
    banks: Option<&render::Options>,
) -> cute_layout::error::Result<Vec<Json>> {
    let mut cells = Vec::new();
    for (m, row) in tv.grid()?.iter().enumerate() {
        for (n, c) in row.iter().enumerate() {
            cells.push(match c {
                Some(c) => {
                    let mut cell = json!({"row": m, "col": n, "thread": c.thread,
                        "value": c.value, "offset": c.offset});
                    if let Some(o) = banks {
                        cell["bank"] = json!(o.bank(c.offset));
                    }
                    cell
                }
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
        .replace("{{COLORS}}", &color_options())
        .replace("{{ATOMS}}", &atoms().to_string().replace("</", "<\\/"))
        .replace("{{DATA}}", &data)
}

/// The atom list of the page (and its completion): `{"name", "kind"}` for every MMA operation
/// (`kind` `"mma"`) and copy operation (`"copy"`), as `cute atoms` lists them.
///
/// ```
/// let atoms = cute_cli::page::atoms();
/// let atoms = atoms.as_array().unwrap();
/// assert!(atoms.iter().any(|a| a["name"] == "SM80_16x8x16_F32F16F16F32_TN" && a["kind"] == "mma"));
/// assert!(atoms.iter().any(|a| a["name"] == "SM75_U32x4_LDSM_N" && a["kind"] == "copy"));
/// ```
pub fn atoms() -> Json {
    let mma = cute_layout::atom::mma_atom_names()
        .into_iter()
        .map(|n| json!({"name": n, "kind": "mma"}));
    let copy = cute_layout::atom::copy_op_names()
        .into_iter()
        .map(|n| json!({"name": n, "kind": "copy"}));
    mma.chain(copy).collect()
}

/// The `<option>`s of the page's color menu: every coloring the renderer has.
fn color_options() -> String {
    Coloring::ALL
        .iter()
        .map(|c| format!(r#"<option value="{0}">{0}</option>"#, c.name()))
        .collect()
}

/// `cute html`: one self-contained page showing `expr` (picture with hover, result,
/// derivation).
///
/// # Errors
/// As [`evaluate`].
///
/// ```
/// use cute_cli::page::{standalone, PictureOptions};
/// let html = standalone("logical_divide(8:1, 4:1)", &PictureOptions::default()).unwrap();
/// assert!(html.contains("(4,2):(1,4)") && html.contains("<\\/svg>"));
/// ```
pub fn standalone(expr: &str, options: &PictureOptions) -> Result<String, String> {
    Ok(standalone_page(&standalone_answer(expr, options)?, options))
}

/// The answer of `cute html`: [`evaluate`]'s, with the library's hints (an error is printed by
/// the CLI, whose commands they name).
///
/// # Errors
/// As [`evaluate`].
///
/// ```
/// use cute_cli::page::{standalone_answer, PictureOptions};
/// let e = standalone_answer("make_tiled_mma(SM80_NO_SUCH_ATOM)", &PictureOptions::default()).unwrap_err();
/// assert!(e.contains("`cute atoms`"));
/// ```
pub fn standalone_answer(expr: &str, options: &PictureOptions) -> Result<Json, String> {
    evaluate_with(expr, options, &|h| h)
}

/// The page of [`standalone`] for an answer of [`evaluate`] (so that a front end that prints
/// the answer's warnings evaluates once).
pub fn standalone_page(answer: &Json, options: &PictureOptions) -> String {
    page(&json!({
        "answer": answer,
        "options": options.to_json(),
    }))
}
