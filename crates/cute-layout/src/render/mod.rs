//! Pictures of layouts: CuTe's `print_layout` grid ([`grid()`]), its `print_latex` TikZ
//! documents ([`latex()`], [`latex_tv()`]), SVG pictures ([`svg()`]) and, with the `png`
//! feature, PNG images (`png()`).
//!
//! Every picture shows a layout as a 2-D table: the row is the index into mode 0, the column the
//! index into the other modes (colexicographic, as CuTe splits a 1-D index), and a cell holds
//! `L(row, column)`. A rank-1 layout is one row. The text grid draws a layout of rank > 2 as a
//! sequence of rank-2 slabs instead.
//!
//! The SVG picture of a divide or a product can color its cells by tile rather than by offset:
//! [`subject`] evaluates an expression such as `logical_divide((4,2,3):(2,1,8), 4:2)` and
//! records which modes of the result count the tiles ([`TileModes`]), so that the pictures of
//! CuTe's documentation are one command each.
//!
//! The renderers return strings or bytes; they never write files.

pub mod grid;
pub mod latex;
#[cfg(feature = "png")]
#[cfg_attr(docsrs, doc(cfg(feature = "png")))]
pub mod png;
pub mod svg;

pub use grid::{grid, grid_any};
pub use latex::{latex, latex_any, latex_tv};
#[cfg(feature = "png")]
#[cfg_attr(docsrs, doc(cfg(feature = "png")))]
pub use png::png;
pub use svg::svg;

use crate::algebra::complement::complement;
use crate::algebra::divide::zipped_divide;
use crate::algebra::product::zipped_product;
use crate::coord::idx2crd;
use crate::error::{LayoutError, Result};
use crate::eval::{parse, Expr};
use crate::int::Int;
use crate::layout::Layout;
use crate::registry::{Args, Tiles};
use crate::swizzle::AnyLayout;
use crate::tiler::Tiler;
use crate::tree::TreeRef;
use crate::tuple::IntTuple;
use crate::value::Value;
use std::borrow::Cow;

pub use crate::limits::{MAX_PICTURE_CELLS, MAX_TEXT_CELLS};

/// Fails with the limit in the message when `layout` has more than `limit` elements.
pub(crate) fn check_size(op: &'static str, layout: &Layout, limit: i64) -> Result<usize> {
    let n = layout.size()?.value();
    if n < 0 || n > limit {
        return Err(LayoutError::InvalidArgument {
            op,
            detail: format!("{layout} has {n} cells, more than the {limit} this output can draw"),
            hint: "draw a slice or a tile of the layout (e.g. composition(L, tile)) instead",
        });
    }
    Ok(n as usize)
}

/// The number of decimal digits of `x` as CuTe's `num_digits` counts them (1 below 10, capped
/// at 10; non-positive numbers count 1).
pub(crate) fn num_digits(x: i64) -> usize {
    let mut d = 1;
    let mut bound = 10i64;
    while d < 10 && x >= bound {
        d += 1;
        bound = bound.saturating_mul(10);
    }
    d
}

/// The cosize of a layout, or of a composed layout's inner layout (as CuTe's `print_layout`
/// sizes its cells).
pub(crate) fn cosize(f: &AnyLayout) -> Result<Int> {
    match f {
        AnyLayout::Layout(l) => l.cosize(),
        AnyLayout::Composed(c) => c.cosize(),
    }
}

/// A layout seen as a table: `offsets[m + rows * n]` is `L(m, n)`.
pub(crate) struct Table {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) offsets: Vec<i64>,
}

/// The table of `function` (a layout, or a composed layout over its inner layout's shape): rows index mode 0 and columns the other modes; a rank-1 layout is
/// one row when `rank1_as_row`, else one column (as CuTe pads it with `_1:_0`).
pub(crate) fn table(
    op: &'static str,
    function: &AnyLayout,
    limit: i64,
    rank1_as_row: bool,
) -> Result<Table> {
    let layout = function.inner();
    let n = check_size(op, layout, limit)?;
    let offsets = function.offsets()?;
    let rows = if layout.rank() == 1 {
        if rank1_as_row {
            1
        } else {
            n
        }
    } else {
        layout.mode(0)?.size()?.value() as usize
    };
    let cols = n.checked_div(rows).unwrap_or(0);
    Ok(Table {
        rows,
        cols,
        offsets,
    })
}

/// Which modes of a layout count its tiles: the paths (mode indices from the top) of the
/// sub-layouts whose coordinates, taken together colexicographically, number the tile of a cell.
///
/// For `logical_divide(A, B)` with a layout `B` the result is `(tile, rest)` and the tiles are
/// counted by mode 1, `[[1]]`; for a by-mode divide of a rank-2 `A` each mode is
/// `(tileᵢ, restᵢ)`, `[[0, 1], [1, 1]]`.
///
/// # Examples
/// ```
/// use cute_layout::render::TileModes;
/// let t = TileModes::new(vec![vec![0, 1], vec![1, 1]]);
/// assert_eq!(t.paths().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileModes {
    paths: Vec<Vec<usize>>,
}

impl TileModes {
    /// Tiles counted by the sub-layouts at `paths`.
    pub fn new(paths: Vec<Vec<usize>>) -> Self {
        TileModes { paths }
    }

    /// The paths of the tile-counting sub-layouts.
    pub fn paths(&self) -> &[Vec<usize>] {
        &self.paths
    }

    /// The weight of every leaf of `shape` in the tile number (0 for leaves that do not count
    /// tiles).
    fn weights(&self, shape: &IntTuple) -> Vec<i64> {
        let n = shape.leaf_count();
        let extents: Vec<i64> = shape.leaves().map(|s| s.value()).collect();
        let mut weights = vec![0i64; n];
        let mut w = 1i64;
        for path in &self.paths {
            if let Some((lo, hi)) = leaf_range(shape.as_ref(), path) {
                for k in lo..hi {
                    weights[k] = w;
                    w = w.saturating_mul(extents[k].max(1));
                }
            }
        }
        weights
    }
}

/// The leaves `lo..hi` (in flattened order) of the sub-tree at `path`.
fn leaf_range(shape: TreeRef<'_, Int>, path: &[usize]) -> Option<(usize, usize)> {
    let mut node = shape;
    let mut lo = 0;
    for &k in path {
        if node.is_leaf() || k >= node.rank() {
            return None;
        }
        lo += node
            .modes()
            .take(k)
            .map(|m| m.leaves().count())
            .sum::<usize>();
        node = node.get(k)?;
    }
    Some((lo, lo + node.leaves().count()))
}

/// The tile number of every element `0..size` of `layout` (its domain index order); the caller
/// checks the size against [`MAX_PICTURE_CELLS`] first.
pub(crate) fn tile_numbers(layout: &Layout, tiles: &TileModes) -> Vec<i64> {
    let weights = tiles.weights(layout.shape());
    let extents: Vec<i64> = layout.shape().leaves().map(|s| s.value().max(1)).collect();
    let n = layout.size().map_or(0, |s| s.value().max(0));
    (0..n)
        .map(|i| {
            let mut rest = i;
            let mut t = 0i64;
            for (k, &s) in extents.iter().enumerate() {
                let digit = if k + 1 == extents.len() {
                    rest
                } else {
                    rest % s
                };
                rest /= s;
                t = t.saturating_add(digit.saturating_mul(weights[k]));
            }
            t
        })
        .collect()
}

/// What a picture shows in its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Label {
    /// The offset `L(m, n)` (CuTe's pictures).
    #[default]
    Offset,
    /// The natural coordinate of the cell, e.g. `((1,0),2)`.
    Coord,
}

/// How a picture colors its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Coloring {
    /// By offset, CuTe's eight greys cycled by `offset % 8`.
    #[default]
    Offset,
    /// By tile (needs a [`Subject`] with [`TileModes`]): the first tile grey, the others in
    /// twelve light colors.
    Tile,
}

/// Options of the SVG and PNG pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// What the cells show.
    pub label: Label,
    /// How the cells are colored.
    pub coloring: Coloring,
}

/// What to draw: a layout (or a composed layout, drawn as the grid of its function's values, as
/// CuTe's `print_layout` draws it), with what it was computed from when it is the result of an
/// operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    /// The heading: the expression and its result.
    pub title: String,
    /// The layout drawn.
    pub layout: AnyLayout,
    /// The input layout of a divide, product or complement, drawn above the result.
    pub input: Option<Layout>,
    /// The modes of `layout` that count tiles, for [`Coloring::Tile`].
    pub tiles: Option<TileModes>,
}

impl From<Layout> for Subject {
    fn from(layout: Layout) -> Self {
        AnyLayout::Layout(layout).into()
    }
}

impl From<AnyLayout> for Subject {
    fn from(layout: AnyLayout) -> Self {
        Subject {
            title: layout.to_string(),
            layout,
            input: None,
            tiles: None,
        }
    }
}

/// Evaluates what to draw: a literal or a `cute eval` expression yielding a layout-like value
/// (a layout, a composed layout, a tensor, a TV layout; see [`Value::as_any_layout`]).
/// Divides, products and `complement` also record their input and their tiles, as their
/// registry entries declare ([`Tiles`]); the picture of `complement(L, n)` is the
/// concatenation `(L, complement(L, n))`, tiled by its mode 1.
///
/// # Errors
/// Parse and evaluation errors; [`LayoutError::InvalidArgument`] when the expression does
/// not yield a layout.
///
/// # Examples
/// ```
/// use cute_layout::render::subject;
/// let s = subject("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap();
/// assert_eq!(s.layout.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// assert_eq!(s.tiles.unwrap().paths(), [vec![1]]);
/// let s = subject("(4,2):(2,1)").unwrap();
/// assert_eq!(s.title, "(4,2):(2,1)");
/// let s = subject("Sw<3,0,3> o _0 o (_8,_8):(_8,_1)").unwrap();
/// assert_eq!(s.layout.offsets().unwrap()[1], 9); // (1,0) -> 8 -> 8 ^ 1
/// ```
pub fn subject(expr: &str) -> Result<Subject> {
    let expr = expr.trim();
    let call = match parse(expr)? {
        Expr::Value(v) => return Ok(drawable(expr, &v)?.into()),
        Expr::Call(call) => call,
    };
    let value = call.apply()?;
    let layout = drawable(expr, &value)?;
    let args = Args::new(call.op, call.args);
    let first = args.layout(0).ok().map(Cow::into_owned);
    if let (Tiles::Complement, Some(a)) = (call.op.tiles, &first) {
        return complement_subject(expr, &args, a);
    }
    let tiles = match &first {
        Some(a) => tile_modes(call.op.tiles, &args, a, layout.inner())?,
        None => None,
    };
    Ok(Subject {
        title: format!("{expr} = {layout}"),
        input: if tiles.is_some() { first } else { None },
        layout,
        tiles,
    })
}

/// The layout-like value `v` of `expr`, or an error saying it has no picture.
fn drawable(expr: &str, v: &Value) -> Result<AnyLayout> {
    v.as_any_layout()
        .ok_or_else(|| LayoutError::InvalidArgument {
            op: "render",
            detail: format!("{expr} is {v}, not a layout"),
            hint: "give a layout S:D or an expression that yields one",
        })
}

/// The tiles of an operation's `result`, as its registry entry's hint `tiles` says; `a` is its
/// first argument.
fn tile_modes(tiles: Tiles, args: &Args, a: &Layout, result: &Layout) -> Result<Option<TileModes>> {
    let tiler = || args.tiler(1).ok();
    let by_mode = |t: &Tiler| -> Vec<Vec<usize>> {
        match t {
            Tiler::Tuple(ts) => ts
                .iter()
                .enumerate()
                .filter(|(_, t)| !matches!(t, Tiler::Underscore))
                .map(|(i, _)| vec![i, 1])
                .collect(),
            _ => vec![vec![1]],
        }
    };
    let top = |from: usize| TileModes::new((from..result.rank()).map(|k| vec![k]).collect());
    let each = |sub: usize| TileModes::new((0..result.rank()).map(|k| vec![k, sub]).collect());
    Ok(match tiles {
        Tiles::Logical => tiler().map(|t| TileModes::new(by_mode(&t))),
        Tiles::Zipped => Some(TileModes::new(vec![vec![1]])),
        Tiles::Tiled => Some(top(1)),
        Tiles::Flat => match tiler() {
            Some(t) => {
                let zipped = if args.op.name == "flat_divide" {
                    zipped_divide(a, &t)?
                } else {
                    zipped_product(a, &t)?
                };
                let m0 = zipped.mode(0)?;
                Some(top(if m0.shape().is_leaf() { 1 } else { m0.rank() }))
            }
            None => None,
        },
        Tiles::Blocked => Some(each(1)),
        Tiles::Raked => Some(each(0)),
        Tiles::Complement | Tiles::None => None,
    })
}

/// The picture of `complement(a[, cotarget])`: `(a, complement)`, tiled by mode 1.
fn complement_subject(expr: &str, args: &Args, a: &Layout) -> Result<Subject> {
    let cotarget = match args.len() {
        1 => IntTuple::int(crate::algebra::coalesce::filter(a)?.cosize()?),
        _ => args.int_tuple(1)?,
    };
    let joined = Layout::concat([a.clone(), complement(a, &cotarget)?])?;
    Ok(Subject {
        title: format!("({a}, {expr}) = {joined}"),
        layout: joined.into(),
        input: Some(a.clone()),
        tiles: Some(TileModes::new(vec![vec![1]])),
    })
}

/// An RGB color.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

impl Rgb {
    /// Whether black text reads well on this color.
    pub(crate) fn is_light(self) -> bool {
        299 * self.0 as u32 + 587 * self.1 as u32 + 114 * self.2 as u32 >= 128_000
    }
}

/// CuTe's `TikZ_Color_BWx8` greys, as percent black, cycled by `offset % 8`.
pub(crate) const BWX8_PERCENT: [u8; 8] = [0, 40, 20, 60, 10, 50, 30, 70];

/// The grey of an offset.
pub(crate) fn offset_color(offset: i64) -> Rgb {
    let p = BWX8_PERCENT[offset.rem_euclid(8) as usize] as u32;
    let v = ((100 - p) * 255 / 100) as u8;
    Rgb(v, v, v)
}

/// Tile 0 is grey, as in CuTe's pictures; the others cycle through light colors.
const TILE_PALETTE: [Rgb; 12] = [
    Rgb(0xc8, 0xc8, 0xc8),
    Rgb(0x8d, 0xd3, 0xc7),
    Rgb(0xff, 0xff, 0xb3),
    Rgb(0xbe, 0xba, 0xda),
    Rgb(0xfb, 0x80, 0x72),
    Rgb(0x80, 0xb1, 0xd3),
    Rgb(0xfd, 0xb4, 0x62),
    Rgb(0xb3, 0xde, 0x69),
    Rgb(0xfc, 0xcd, 0xe5),
    Rgb(0xbc, 0x80, 0xbd),
    Rgb(0xcc, 0xeb, 0xc5),
    Rgb(0xff, 0xed, 0x6f),
];

/// The color of a tile.
pub(crate) fn tile_color(tile: i64) -> Rgb {
    TILE_PALETTE[tile.rem_euclid(TILE_PALETTE.len() as i64) as usize]
}

/// One cell of a panel; `None` cells are drawn empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) fill: Rgb,
}

/// One titled table of a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Panel {
    pub(crate) title: String,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Row-major: `cells[m * cols + n]`.
    pub(crate) cells: Vec<Option<Cell>>,
}

/// Codomains up to this many offsets get a strip of their own in tiled pictures.
const CODOMAIN_STRIP: i64 = 48;

/// The panels of a picture: the input (if any), the layout, and for tiled pictures of short
/// codomains the strip of offsets `0..cosize` colored by the tile that reaches them.
pub(crate) fn panels(s: &Subject, opts: &Options) -> Result<Vec<Panel>> {
    let mut total = s.layout.size()?.value();
    if let Some(a) = &s.input {
        total = total.saturating_add(a.size()?.value());
    }
    if total > MAX_PICTURE_CELLS {
        return Err(LayoutError::InvalidArgument {
            op: "render",
            detail: format!(
                "{} has {total} cells, more than the {MAX_PICTURE_CELLS} a picture can draw",
                s.title
            ),
            hint: "draw a slice or a tile of the layout (e.g. composition(L, tile)) instead",
        });
    }
    let tiles = match (opts.coloring, &s.tiles) {
        (Coloring::Offset, _) => None,
        (Coloring::Tile, Some(t)) => Some(tile_numbers(s.layout.inner(), t)),
        (Coloring::Tile, None) => {
            return Err(LayoutError::InvalidArgument {
                op: "render",
                detail: format!(
                "{} is not the result of a divide, a product or a complement, so it has no tiles",
                s.title
            ),
                hint: "color by offset, or draw an expression such as logical_divide(A, B)",
            })
        }
    };
    let main = table("render", &s.layout, MAX_PICTURE_CELLS, true)?;
    // The tile reaching each offset (first writer wins), for the input and the strip.
    let mut first_tile = std::collections::HashMap::new();
    if let Some(t) = &tiles {
        for (i, &o) in main.offsets.iter().enumerate() {
            first_tile.entry(o).or_insert(t[i]);
        }
    }
    let tile_of = |offset: i64| first_tile.get(&offset).copied();
    let color = |i: usize, offset: i64| match &tiles {
        Some(t) => tile_color(t[i]),
        None => offset_color(offset),
    };
    let mut out = Vec::new();
    if let (Some(a), Some(_)) = (&s.input, &tiles) {
        let t = table("render", &a.clone().into(), MAX_PICTURE_CELLS, true)?;
        out.push(panel(format!("A = {a}"), a, &t, opts.label, |_, o| {
            tile_of(o).map_or(Rgb(255, 255, 255), tile_color)
        })?);
    }
    out.push(panel(
        s.title.clone(),
        s.layout.inner(),
        &main,
        opts.label,
        color,
    )?);
    let cosize = cosize(&s.layout)?.value();
    if tiles.is_some()
        && (1..=CODOMAIN_STRIP).contains(&cosize)
        && main.offsets.iter().all(|&o| o >= 0)
    {
        let cells = (0..cosize)
            .map(|o| {
                tile_of(o).map(|t| Cell {
                    text: o.to_string(),
                    fill: tile_color(t),
                })
            })
            .collect();
        out.push(Panel {
            title: format!(
                "offsets 0 to {}, colored by the tile reaching them",
                cosize - 1
            ),
            rows: 1,
            cols: cosize as usize,
            cells,
        });
    }
    Ok(out)
}

fn panel(
    title: String,
    layout: &Layout,
    t: &Table,
    label: Label,
    color: impl Fn(usize, i64) -> Rgb,
) -> Result<Panel> {
    let mut cells = vec![None; t.rows * t.cols];
    for n in 0..t.cols {
        for m in 0..t.rows {
            let i = m + t.rows * n;
            let o = t.offsets[i];
            let text = match label {
                Label::Offset => o.to_string(),
                Label::Coord => idx2crd(
                    &IntTuple::int(Int::dynamic(i as i64)),
                    &layout.shape().with_static(false),
                )?
                .to_string(),
            };
            cells[m * t.cols + n] = Some(Cell {
                text,
                fill: color(i, o),
            });
        }
    }
    Ok(Panel {
        title,
        rows: t.rows,
        cols: t.cols,
        cells,
    })
}
