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
//! [`picture`] sorts what an expression yields for the picture commands: a layout-like value
//! (a [`Subject`]), an atom or tiled MMA/copy (CuTe's `print_latex` figure, [`atom`]), or a
//! tensor of coordinates (an identity tensor: CuTe's `print_tensor`, [`print_tensor`]).
//!
//! The renderers return strings or bytes; they never write files.

pub mod atom;
pub mod color;
pub mod grid;
pub mod latex;
mod legend;
mod options;
mod picture;
#[cfg(feature = "png")]
#[cfg_attr(docsrs, doc(cfg(feature = "png")))]
pub mod png;
pub mod slab;
pub mod svg;
pub mod tv;

pub use grid::{grid, grid_any, grid_opts, print_tensor};
pub use latex::{latex, latex_any, latex_opts, latex_tv};
pub use options::{Coloring, Highlight, Label, Options};
pub use picture::{has_picture, picture, picture_of, Picture};
#[cfg(feature = "png")]
#[cfg_attr(docsrs, doc(cfg(feature = "png")))]
pub use png::png;
pub use slab::{slabs, Slab};
pub use svg::svg;

use crate::eval::{prepare, Call, Prepared};
use crate::expr::parse;
use crate::registry::{Args, Tiles};
use color::{offset_color, tile_color, Rgb, WHITE};
use cute_layout::algebra::complement::complement;
use cute_layout::algebra::divide::zipped_divide;
use cute_layout::algebra::product::zipped_product;
use cute_layout::basis::IdentityTensor;
use cute_layout::coord::idx2crd;
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::linear::convert::{from_linear_layout, CuteForm};
use cute_layout::notation::Syntax;
use cute_layout::swizzle::AnyLayout;
use cute_layout::tiler::Tiler;
use cute_layout::tree::TreeRef;
use cute_layout::tuple::IntTuple;
use cute_layout::tv::TvLayout;
use cute_layout::value::{Kind, Value};
use options::{check_highlight, CellInfo};
use std::borrow::Cow;

pub use cute_layout::limits::{MAX_PICTURE_CELLS, MAX_TEXT_CELLS};

/// Fails with the limit in the message when `layout` has more than `limit` elements; charges
/// its elements to the expression's budget.
pub(crate) fn check_size(op: &'static str, layout: &Layout, limit: i64) -> Result<usize> {
    check_extents(op, layout)?;
    let n = layout.size()?.value();
    if n < 0 || n > limit {
        return Err(LayoutError::InvalidArgument {
            op,
            detail: format!(
                "{} has {n} cells, more than the {limit} this output can draw",
                cute_layout::limits::echo(&layout.to_string())
            ),
            hint: "draw a slice or a tile of the layout (e.g. composition(L, tile)) instead",
        });
    }
    // the cells drawn are work of the expression (`cute_layout::budget`), as a limit's check charges
    cute_layout::budget::charge(n.unsigned_abs(), "cells")?;
    Ok(n as usize)
}

/// Fails for a layout with a negative extent, naming it: C++ multiplies it into `size` as
/// given, but a loop over it draws nothing (and two negative extents give a positive size).
pub(crate) fn check_extents(op: &'static str, layout: &Layout) -> Result<()> {
    match layout.leaves().map(|(s, _)| s.value()).find(|&s| s < 0) {
        Some(s) => Err(LayoutError::InvalidArgument {
            op,
            detail: format!(
                "{} has the negative extent {s}: there is no cell to draw",
                cute_layout::limits::echo(&layout.to_string())
            ),
            hint: "extents must be positive: C++ multiplies a negative extent into size() as given, but visits no element of it",
        }),
        None => Ok(()),
    }
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

/// Which modes of a layout count its tiles: the paths (mode indices from the top) of the
/// sub-layouts whose coordinates, taken together colexicographically, number the tile of a cell.
///
/// For `logical_divide(A, B)` with a layout `B` the result is `(tile, rest)` and the tiles are
/// counted by mode 1, `[[1]]`; for a by-mode divide of a rank-2 `A` each mode is
/// `(tileᵢ, restᵢ)`, `[[0, 1], [1, 1]]`.
///
/// # Examples
/// ```
/// use cute_tools::render::TileModes;
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

/// What to draw: a layout (or a composed layout, drawn as the grid of its function's values, as
/// CuTe's `print_layout` draws it), with what it was computed from when it is the result of an
/// operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    /// The heading: the expression and its result.
    pub title: String,
    /// The layout drawn.
    pub layout: AnyLayout,
    /// The offset of a tensor (`LAYOUT+OFFSET`, e.g. a `local_tile`), added to every cell; 0
    /// for a layout.
    pub offset: i64,
    /// The input layout of a divide, product or complement, drawn above the result.
    pub input: Option<Layout>,
    /// The modes of `layout` that count tiles, for [`Coloring::Tile`].
    pub tiles: Option<TileModes>,
    /// The warnings of evaluating the expression (see [`crate::eval::eval_with_warnings`]),
    /// which a front end prints beside the picture.
    pub warnings: Vec<cute_layout::error::Warning>,
    /// A thread-value layout over its tile (a `make_layout_tv` value, a tiled MMA's
    /// `get_layoutA_TV` / `get_layoutB_TV` / `get_layoutC_TV` or a tiled copy's
    /// `get_layoutS_TV` / `get_layoutD_TV`): every renderer draws it as
    /// CuTe's TV picture, each cell of the tile showing the thread and value that own it.
    pub tv: Option<TvLayout>,
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
            offset: 0,
            input: None,
            tiles: None,
            warnings: Vec::new(),
            tv: None,
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
/// use cute_tools::render::subject;
/// let s = subject("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap();
/// assert_eq!(s.layout.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// assert_eq!(s.tiles.unwrap().paths(), [vec![1]]);
/// let s = subject("(4,2):(2,1)").unwrap();
/// assert_eq!(s.title, "(4,2):(2,1)");
/// let s = subject("Sw<3,0,3> o _0 o (_8,_8):(_8,_1)").unwrap();
/// assert_eq!(s.layout.offsets().unwrap()[1], 9); // (1,0) -> 8 -> 8 ^ 1
/// let s = subject("logical_divide(10:1, 4)").unwrap();
/// assert!(s.warnings[0].to_string().contains("needs predication"));
/// ```
pub fn subject(expr: &str) -> Result<Subject> {
    let expr = expr.trim();
    let (parsed, warnings) = prepare(parse(expr, Syntax::Cute))?;
    let (call, value) = match parsed {
        Prepared::Value(v) => (None, v),
        Prepared::Call(call) => {
            let value = call.apply()?;
            (Some(call), value)
        }
    };
    Ok(Subject {
        warnings,
        ..subject_of(expr, call.as_ref(), &value)?
    })
}

/// [`subject`] of an expression already evaluated: `value` is what `expr` yields and `call`
/// its outermost call (`None` for a literal), so that a front end that also explains the
/// expression evaluates it once. The warnings are left empty (the front end has them from
/// its evaluation).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when `value` is not layout-like; the errors of the tiles'
/// computation.
///
/// # Examples
/// ```
/// use cute_tools::eval::{prepare, Prepared};
/// use cute_layout::notation::Syntax;
/// use cute_tools::expr::parse;
/// use cute_tools::render::subject_of;
/// let expr = "logical_divide((4,2,3):(2,1,8), 4:2)";
/// let (Prepared::Call(call), _) = prepare(parse(expr, Syntax::Cute)).unwrap() else { unreachable!() };
/// let value = call.apply().unwrap();
/// let s = subject_of(expr, Some(&call), &value).unwrap();
/// assert_eq!(s.tiles.unwrap().paths(), [vec![1]]);
/// assert_eq!(s.input.unwrap().to_string(), "(4,2,3):(2,1,8)");
/// ```
pub fn subject_of(expr: &str, call: Option<&Call>, value: &Value) -> Result<Subject> {
    let expr = expr.trim();
    let tv = tv_picture(call, value)?;
    let mut s = match call {
        None => {
            let mut s: Subject = drawable(expr, value)?.into();
            s.offset = tensor_offset(value);
            if s.offset != 0 {
                s.title = value.to_string();
            }
            s
        }
        Some(call) => call_subject(expr, call, value)?,
    };
    s.tv = tv;
    Ok(s)
}

/// The TV layout `value` is, with its tile: a `make_layout_tv` value, or the result of an
/// operation whose entry declares it a TV layout ([`Tiles::MmaTv`]: `get_layout{A,B,C}_TV` over
/// the MMA's `(M,K)`, `(N,K)` or `(M,N)` tile; [`Tiles::CopyTv`]: `get_layout{S,D}_TV` over the
/// copy's `Tiler_MN`).
fn tv_picture(call: Option<&Call>, value: &Value) -> Result<Option<TvLayout>> {
    let (call, layout) = match (call, value) {
        (_, Value::Tv(tv)) => return Ok(Some((**tv).clone())),
        // a linear layout of registers, lanes and warps draws as the TV layout it equals
        (_, Value::Linear(l)) => {
            return Ok(match from_linear_layout(l)? {
                CuteForm::Tv(tv) => Some(tv),
                CuteForm::Cga { form, .. } => match *form {
                    CuteForm::Tv(tv) => Some(tv),
                    _ => None,
                },
                _ => None,
            });
        }
        (Some(call), Value::Layout(l)) => (call, l),
        _ => return Ok(None),
    };
    let args = Args::new(call.op, &call.args);
    let tile = match call.op.tiles {
        Tiles::MmaTv { rows, cols } => {
            let mma = args.tiled_mma(0)?;
            IntTuple::tuple([
                IntTuple::int(mma.tile_size_mnk(rows)?),
                IntTuple::int(mma.tile_size_mnk(cols)?),
            ])?
        }
        Tiles::CopyTv => args.tiled_copy(0)?.tiler.clone(),
        _ => return Ok(None),
    };
    TvLayout::new(tile, (**layout).clone()).map(Some)
}

/// The picture of the call `call` (the outermost one of `expr`), whose value is `value`.
fn call_subject(expr: &str, call: &Call, value: &Value) -> Result<Subject> {
    let layout = drawable(expr, value)?;
    let args = Args::new(call.op, &call.args);
    let first = args.layout(0).ok().map(Cow::into_owned);
    if let (Tiles::Complement, Some(a)) = (call.op.tiles, &first) {
        return complement_subject(expr, &args, a);
    }
    let tiles = match &first {
        Some(a) => tile_modes(call.op.tiles, &args, a, layout.inner())?,
        None => None,
    };
    Ok(Subject {
        title: format!("{expr} = {value}"),
        input: if tiles.is_some() { first } else { None },
        layout,
        offset: tensor_offset(value),
        tiles,
        warnings: Vec::new(),
        tv: None,
    })
}

/// The offset of a tensor value (0 for others).
fn tensor_offset(v: &Value) -> i64 {
    match v {
        Value::LayoutOffset(_, o) | Value::ComposedOffset(_, o) => o.value(),
        _ => 0,
    }
}

/// The layout a CuTe form draws as (several CTAs: the form over the whole tensor), or an error
/// saying it has none.
fn form_drawable(expr: &str, form: CuteForm) -> Result<AnyLayout> {
    let none = |reason: String| LayoutError::InvalidArgument {
        op: "render",
        detail: format!("{expr} has no Shape:Stride form to draw: {reason}"),
        hint: "print it (`cute eval`) or draw a sublayout of it that has one",
    };
    match form {
        CuteForm::Layout(l) => Ok(AnyLayout::Layout(l)),
        CuteForm::Swizzled(c) => Ok(AnyLayout::Composed(c)),
        CuteForm::Tv(tv) => Ok(AnyLayout::Layout(tv.layout)),
        CuteForm::Cga { form, .. } => form_drawable(expr, *form),
        CuteForm::F2(f) | CuteForm::F2Tv { layout: f, .. } => Err(none(format!(
            "its exact form is the F2-stride layout {f}, whose offsets XOR"
        ))),
        CuteForm::Linear { reason, .. } => Err(none(reason)),
    }
}

/// The layout-like value `v` of `expr`, or an error saying it has no picture.
fn drawable(expr: &str, v: &Value) -> Result<AnyLayout> {
    if let Value::Linear(l) = v {
        // a linear layout draws as its simplest exact CuTe form (`from_linear_layout`)
        return form_drawable(expr, from_linear_layout(l).map_err(|e| e.within("render"))?);
    }
    if let Some(e) = crate::eval::unknown_extents("render", expr, v) {
        return Err(e);
    }
    v.as_any_layout().ok_or_else(|| {
        let hint = match v.kind() {
            Kind::MmaAtom | Kind::CopyAtom | Kind::TiledMma | Kind::TiledCopy => picture::ATOM_HINT,
            Kind::IdentityTensor | Kind::Basis => picture::COORDINATES_HINT,
            Kind::Triton => "a Triton layout is drawn over a shape: to_linear_layout(T, (M,N))",
            _ => "give a layout S:D or an expression that yields one",
        };
        LayoutError::InvalidArgument {
            op: "render",
            detail: format!("{expr} is {v}, not a layout"),
            hint,
        }
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
        Tiles::Composition if result.rank() <= 1 => Some(TileModes::new(vec![vec![]])),
        Tiles::Composition => Some(top(1)),
        Tiles::Complement | Tiles::None | Tiles::MmaTv { .. } | Tiles::CopyTv => None,
    })
}

/// The picture of `complement(a[, cotarget])`: `(a, complement)`, tiled by mode 1.
fn complement_subject(expr: &str, args: &Args, a: &Layout) -> Result<Subject> {
    let cotarget = match args.len() {
        1 => IntTuple::int(cute_layout::algebra::coalesce::filter(a)?.cosize()?),
        _ => args.int_tuple(1)?,
    };
    let joined = Layout::concat([a.clone(), complement(a, &cotarget)?])?;
    Ok(Subject {
        title: format!("({a}, {expr}) = {joined}"),
        layout: joined.into(),
        offset: 0,
        input: Some(a.clone()),
        tiles: Some(TileModes::new(vec![vec![1]])),
        warnings: Vec::new(),
        tv: None,
    })
}

/// How a cell stands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Nothing is highlighted.
    Plain,
    /// Highlighted: a thick outline.
    Highlighted,
    /// Not highlighted while others are: a light tint of its color.
    Dimmed,
}

/// One cell of a panel; `None` cells are drawn empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) text: String,
    /// A second, smaller line under the text: the bank (`b12`) of a picture colored by bank.
    pub(crate) note: Option<String>,
    pub(crate) fill: Rgb,
    pub(crate) mark: Mark,
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

/// The tile number of every element of the subject's layout, when the options need them.
pub(crate) fn subject_tiles(s: &Subject, opts: &Options) -> Result<Option<Vec<i64>>> {
    let wants =
        opts.coloring == Coloring::Tile || matches!(opts.highlight, Some(Highlight::Tile(_)));
    match (&s.tiles, wants) {
        (Some(t), _) => Ok(Some(tile_numbers(s.layout.inner(), t))),
        (None, false) => Ok(None),
        (None, true) => Err(LayoutError::InvalidArgument {
            op: "render",
            detail: format!(
                "{} is not the result of a divide, a product, a complement or a composition, so it has no tiles",
                s.title
            ),
            hint: "color by offset, or draw an expression such as logical_divide(A, B)",
        }),
    }
}

/// The cells of `function` (a layout or a composed layout) at offset `base` (a tensor's), one
/// [`CellInfo`] per element.
pub(crate) fn cell_infos(
    function: &AnyLayout,
    base: i64,
    tiles: Option<&[i64]>,
) -> Result<Vec<CellInfo>> {
    let layout = function.inner();
    let offsets = function.offsets()?;
    let threads = match layout.rank() {
        0 | 1 => offsets.len().max(1) as i64,
        _ => layout.mode(0)?.size()?.value().max(1),
    };
    Ok(offsets
        .iter()
        .enumerate()
        .map(|(i, &offset)| CellInfo {
            index: i as i64,
            offset: offset.saturating_add(base),
            thread: i as i64 % threads,
            value: i as i64 / threads,
            tile: tiles.and_then(|t| t.get(i).copied()),
        })
        .collect())
}

/// The fill and mark of a cell under `opts`.
pub(crate) fn paint(opts: &Options, c: &CellInfo, shape: &IntTuple) -> (Rgb, Mark) {
    let fill = match opts.class(c) {
        None => offset_color(c.offset),
        Some(k) => legend::class_color(opts.coloring, legend::Kind::Layout, k),
    };
    match opts.highlighted(c, shape.as_ref()) {
        None => (fill, Mark::Plain),
        Some(true) => (fill, Mark::Highlighted),
        Some(false) => (fill.tint(color::DIM), Mark::Dimmed),
    }
}

/// The fill and mark of a TV cell: CuTe's TV colors by thread, or the pictures' palette by
/// value, warp or bank (of the offset the layout gives the cell, with `elem_bytes`); `m` is
/// the tile's row count, `mn` its shape.
pub(crate) fn paint_tv(
    options: &Options,
    c: &cute_layout::tv::TvCell,
    m: i64,
    mn: &IntTuple,
) -> (Rgb, Mark) {
    let info = CellInfo {
        index: c.m + m * c.n,
        offset: c.offset,
        thread: c.thread,
        value: c.value,
        tile: None,
    };
    let fill = legend::class_color(options.coloring, legend::Kind::Tv, tv_class(options, c));
    match options.highlighted(&info, mn.as_ref()) {
        None => (fill, Mark::Plain),
        Some(true) => (fill, Mark::Highlighted),
        Some(false) => (fill.tint(color::DIM), Mark::Dimmed),
    }
}

/// The colour class of a TV cell: its thread (CuTe's TV colors, also for `Offset` and
/// `Tile`), its warp, or [`Options::class`] (value, bank, phase).
pub(crate) fn tv_class(options: &Options, c: &cute_layout::tv::TvCell) -> i64 {
    let info = CellInfo {
        index: c.thread, // read by no class but the warp's, taken from the thread below
        offset: c.offset,
        thread: c.thread,
        value: c.value,
        tile: None,
    };
    match options.coloring {
        Coloring::Offset | Coloring::Thread | Coloring::Tile => c.thread,
        Coloring::Warp => c.thread.div_euclid(32),
        Coloring::Bank | Coloring::Value | Coloring::Phase => options.class(&info).unwrap_or(0),
    }
}

/// The legend of a layout picture under `opts` (`None` for CuTe's greys by offset): the
/// classes of its cells (see [`legend::legend`]).
pub(crate) fn subject_legend(s: &Subject, opts: &Options) -> Result<Option<legend::Legend>> {
    if opts.coloring == Coloring::Offset {
        return Ok(None);
    }
    let tiles = subject_tiles(s, opts)?;
    let infos = cell_infos(&s.layout, s.offset, tiles.as_deref())?;
    Ok(legend::legend(
        opts,
        legend::Kind::Layout,
        infos.iter().filter_map(|c| opts.class(c)),
    ))
}

/// The thick outline of a highlighted `width x height` cell at `(x, y)`.
pub(crate) fn outline(out: &mut String, x: i64, y: i64, width: i64, height: i64) {
    use std::fmt::Write;
    let _ = writeln!(
        out,
        "<rect class=\"highlight\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>",
        x + 1,
        y + 1,
        width - 2,
        height - 2
    );
}

/// The panels of a picture: the input (if any), the layout (one panel per rank-2 slab), and
/// for tiled pictures of short codomains the strip of offsets `0..cosize` colored by the tile
/// that reaches them.
pub(crate) fn panels(s: &Subject, opts: &Options) -> Result<Vec<Panel>> {
    check_extents("render", s.layout.inner())?;
    let mut total = s.layout.size()?.value();
    if let Some(a) = &s.input {
        check_extents("render", a)?;
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
    cute_layout::budget::charge(total.unsigned_abs(), "cells to draw")?;
    check_highlight(opts, s.layout.inner().shape().as_ref())?;
    let tiles = subject_tiles(s, opts)?;
    let infos = cell_infos(&s.layout, s.offset, tiles.as_deref())?;
    let first_tile = first_tiles(&infos);
    let tile_of = |offset: i64| first_tile.get(&offset).copied();
    let tiled = opts.coloring == Coloring::Tile;
    let mut out = Vec::new();
    if let Some((a, parent)) = parent(s, opts, &infos)? {
        let cells: Vec<Option<Cell>> = parent
            .iter()
            .map(|p| {
                Ok(Some(Cell {
                    text: label(opts.label, a, &p.info)?,
                    note: None,
                    fill: p.fill(),
                    mark: p.mark,
                }))
            })
            .collect::<Result<_>>()?;
        push_slabs(&mut out, format!("A = {a}"), a, cells)?;
    }
    let shape = s.layout.inner().shape();
    let cells: Vec<Option<Cell>> = infos
        .iter()
        .map(|c| {
            let (fill, mark) = paint(opts, c, shape);
            Ok(Some(Cell {
                text: label(opts.label, s.layout.inner(), c)?,
                note: (opts.coloring == Coloring::Bank)
                    .then(|| legend::bank_note(opts.bank(c.offset))),
                fill,
                mark,
            }))
        })
        .collect::<Result<_>>()?;
    push_slabs(&mut out, s.title.clone(), s.layout.inner(), cells)?;
    // the codomain drawn: offsets up to the largest reached (a tensor's start included)
    let cosize = infos
        .iter()
        .map(|c| c.offset.saturating_add(1))
        .max()
        .unwrap_or(0);
    if tiled && (1..=CODOMAIN_STRIP).contains(&cosize) && infos.iter().all(|c| c.offset >= 0) {
        let cells = (0..cosize)
            .map(|o| {
                tile_of(o).map(|t| Cell {
                    text: o.to_string(),
                    note: None,
                    fill: tile_color(t),
                    mark: Mark::Plain,
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

/// The coordinate a tensor of coordinates (an identity tensor, a slice or tile of one, a
/// scaled-basis layout over the zero coordinate) holds at each index, in index order, as
/// `print_tensor` prints it and its SVG grid shows it (a leaf C++ knows at compile time is
/// static: `(0,_0)`): what the playground's hover reads beside [`Picture::svg`].
///
/// # Errors
/// More than [`MAX_PICTURE_CELLS`] coordinates (the hint names a slice or a tile); the
/// errors of evaluating the tensor.
///
/// ```
/// use cute_layout::value::Value;
/// use cute_tools::{eval::eval, render::held_coordinates};
/// let Value::IdentityTensor(t) = eval("slice((_,1), make_identity_tensor((2,3)))")? else { panic!() };
/// let held: Vec<String> = held_coordinates(&t)?.iter().map(ToString::to_string).collect();
/// assert_eq!(held, ["(0,1)", "(1,1)"]);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn held_coordinates(t: &IdentityTensor) -> Result<Vec<IntTuple>> {
    let size = t.size()?.value();
    cute_layout::limits::check(
        "svg",
        "cells",
        size,
        "MAX_PICTURE_CELLS",
        MAX_PICTURE_CELLS,
        "draw a slice or a tile of the tensor (e.g. local_tile(T, TILE, COORD)) instead",
    )?;
    let fixed = t.static_leaves();
    (0..size).map(|i| grid::held(t, &fixed, i)).collect()
}

/// The panels of a tensor of coordinates: its slabs, cut as a layout's, each cell the
/// coordinate it holds ([`held_coordinates`]), on white.
pub(crate) fn coordinate_panels(t: &IdentityTensor) -> Result<Vec<Panel>> {
    let cells = held_coordinates(t)?
        .into_iter()
        .map(|c| {
            Some(Cell {
                text: c.to_string(),
                note: None,
                fill: WHITE,
                mark: Mark::Plain,
            })
        })
        .collect();
    let mut out = Vec::new();
    push_slabs(
        &mut out,
        t.to_string(),
        &Layout::column_major(t.shape())?,
        cells,
    )?;
    Ok(out)
}

/// The tile reaching each offset of the result's cells (the first cell, in domain order, wins).
fn first_tiles(infos: &[CellInfo]) -> std::collections::HashMap<i64, i64> {
    let mut first = std::collections::HashMap::new();
    for c in infos {
        if let Some(k) = c.tile {
            first.entry(c.offset).or_insert(k);
        }
    }
    first
}

/// A cell of the parent `A` drawn above a tile-colored picture (see [`parent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParentCell {
    /// The cell of `A` (its offset `A(index)`).
    pub(crate) info: CellInfo,
    /// The tile of the first cell of the result reaching the same offset, if any.
    pub(crate) tile: Option<i64>,
    /// Outlined when a highlighted cell of the result reaches it, dimmed when others are.
    pub(crate) mark: Mark,
}

impl ParentCell {
    /// Its fill: the color of the tile reaching it (white when none does), tinted when
    /// dimmed.
    pub(crate) fn fill(&self) -> Rgb {
        let fill = self.tile.map_or(WHITE, tile_color);
        match self.mark {
            Mark::Dimmed => fill.tint(color::DIM),
            _ => fill,
        }
    }
}

/// The parent `A` of a tile-colored picture of a divide, product, complement or part of `A`
/// (composition, `local_tile`, `local_partition`): the selected region inside `A`. Each cell
/// of `A` (domain order) takes the tile of the first cell of the result (`infos`) reaching its
/// offset; with a highlight, the cells reached by highlighted cells of the result are
/// outlined and the others dimmed. `None` unless the subject has an input and `opts` colors
/// by tile (what `svg`, `latex` and `show` draw alike).
pub(crate) fn parent<'s>(
    s: &'s Subject,
    opts: &Options,
    infos: &[CellInfo],
) -> Result<Option<(&'s Layout, Vec<ParentCell>)>> {
    let Some(a) = s.input.as_ref().filter(|_| opts.coloring == Coloring::Tile) else {
        return Ok(None);
    };
    let shape = s.layout.inner().shape().as_ref();
    let first_tile = first_tiles(infos);
    let highlighted: std::collections::HashSet<i64> = infos
        .iter()
        .filter(|c| opts.highlighted(c, shape) == Some(true))
        .map(|c| c.offset)
        .collect();
    let cells = cell_infos(&a.clone().into(), 0, None)?
        .into_iter()
        .map(|info| ParentCell {
            info,
            tile: first_tile.get(&info.offset).copied(),
            mark: match (&opts.highlight, highlighted.contains(&info.offset)) {
                (None, _) => Mark::Plain,
                (Some(_), true) => Mark::Highlighted,
                (Some(_), false) => Mark::Dimmed,
            },
        })
        .collect();
    Ok(Some((a, cells)))
}

/// The text of a cell of `layout`.
fn label(label: Label, layout: &Layout, c: &CellInfo) -> Result<String> {
    Ok(match label {
        Label::Offset => c.offset.to_string(),
        Label::Coord => idx2crd(
            &IntTuple::int(Int::dynamic(c.index)),
            &layout.shape().with_static(false),
        )?
        .to_string(),
    })
}

/// One panel per slab of `layout`, from its cells in domain order.
fn push_slabs(
    out: &mut Vec<Panel>,
    title: String,
    layout: &Layout,
    cells: Vec<Option<Cell>>,
) -> Result<()> {
    for (k, slab) in slabs(layout, true)?.into_iter().enumerate() {
        let title = match (&slab.heading, k) {
            (None, _) => title.clone(),
            (Some(h), 0) => format!("{title}, slab {h}"),
            (Some(h), _) => format!("slab {h}"),
        };
        let mut grid = vec![None; slab.rows * slab.cols];
        for n in 0..slab.cols {
            for m in 0..slab.rows {
                grid[m * slab.cols + n] = cells[slab.start + m + slab.rows * n].clone();
            }
        }
        out.push(Panel {
            title,
            rows: slab.rows,
            cols: slab.cols,
            cells: grid,
        });
    }
    Ok(())
}
