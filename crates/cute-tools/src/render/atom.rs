//! Figures of tiled MMAs and tiled copies: CuTe's `print_latex(tiled_mma)` (the C, A and B
//! panels of `print_latex_mma`) and `print_latex(tiled_copy)` (the S and D panels of
//! `print_latex_copy`), byte for byte, and the same figures as SVG.
//!
//! A figure is data first ([`AtomFigure`]: per panel the tensor `(thr_idx, val_idx) ->
//! coordinate`, the first `(thread, value)` reaching each coordinate, and where CuTe puts the
//! panel); [`latex_atom`] and [`svg_atom`] draw it. Both use CuTe's picture coordinates:
//! `x` runs down, `y` right, one unit per cell.
//!
//! ```
//! use cute_layout::atom::{make_tiled_mma, mma_atom};
//! use cute_tools::render::atom::{latex_atom, mma_figure};
//! let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_1,_2,_1)".parse()?, &[])?;
//! let tex = latex_atom(&mma_figure(&mma)?);
//! assert!(tex.starts_with("% LayoutC: ArithTuple(_0,_0) o ((_4,_8,_2),((_2,_2),(_1,_1))):"));
//! assert!(tex.contains("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,-9) grid (16,-1);\n"));
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use super::latex::{label_node, rgb_style, tv_node, FOOTER, HEADER};
use super::options::check_highlight;
use super::{outline, paint_tv, Coloring, Highlight, Mark, Options};
use crate::render::color::WHITE;
use cute_layout::atom::{make_tiled_mma, TiledCopy, TiledMma};
use cute_layout::basis::{make_identity_tensor, IdentityTensor};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::limits::{
    self, MAX_ENUMERATED, MAX_FIGURE_CELLS, MAX_FIGURE_ELEMENTS, MAX_TEXT_CELLS,
};
use cute_layout::notation::atom::{smem_layout_text, value_type_name, AtomObject};
use cute_layout::tree::Tree;
use cute_layout::tuple::IntTuple;
use cute_layout::tv::TvCell;
use std::fmt::Write;

/// One panel of a figure: an operand's tile, who holds each of its elements, and where CuTe
/// draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomPanel {
    /// `C`, `A`, `B` (a tiled MMA) or `S`, `D` (a tiled copy).
    pub name: &'static str,
    /// The comment C++ heads the document with: `LayoutC`, `Layout S TV`, ...
    pub comment: &'static str,
    /// `(thr_idx, val_idx) -> (p, q)`: the identity tensor of the tile composed with the TV
    /// layout (what C++ prints in the comment).
    pub tensor: IdentityTensor,
    /// The tile `(P, Q)`: `(M, N)` for C, `(M, K)` for A, `(N, K)` for B, `(M, N)` for a copy.
    pub extent: (i64, i64),
    /// For each element of the tile some thread holds, the first `(thread, value)` reaching
    /// it (threads outer, values inner), in that order: `m`, `n` of a cell are `p`, `q`.
    pub cells: Vec<TvCell>,
    /// Where CuTe draws the tile's element `(0, 0)`.
    pub origin: (i64, i64),
    /// `true` when mode 0 of the tile runs right (B: `n` along the columns, `k` down).
    pub transposed: bool,
    /// Where the labels go: `q` of the labels of mode 0 and `p` of the labels of mode 1
    /// (`-1`: before the tile); `None` when CuTe draws none (C).
    pub labels: Option<(i64, i64)>,
}

impl AtomPanel {
    /// The picture coordinate `(x, y)` of the tile element `(p, q)`.
    fn at(&self, p: i64, q: i64) -> (i64, i64) {
        let (x0, y0) = self.origin;
        if self.transposed {
            (x0 + q, y0 + p)
        } else {
            (x0 + p, y0 + q)
        }
    }

    /// Rows and columns of the panel in the picture.
    fn rows_cols(&self) -> (i64, i64) {
        let (p, q) = self.extent;
        if self.transposed {
            (q, p)
        } else {
            (p, q)
        }
    }

    /// The labels as `(x, y, number)`: mode 0's first, then mode 1's, as C++ prints them.
    fn label_positions(&self) -> Vec<(i64, i64, i64)> {
        let Some((q_lab, p_lab)) = self.labels else {
            return Vec::new();
        };
        let (np, nq) = self.extent;
        let mode0 = (0..np).map(|p| (self.at(p, q_lab), p));
        let mode1 = (0..nq).map(|q| (self.at(p_lab, q), q));
        mode0.chain(mode1).map(|((x, y), k)| (x, y, k)).collect()
    }
}

/// A figure: the panels of a tiled MMA (C, A, B) or a tiled copy (S, D).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomFigure {
    /// The panels, in the order C++ prints them.
    pub panels: Vec<AtomPanel>,
}

/// Where a panel goes and how it is labelled (see [`AtomPanel`]).
struct Placement {
    name: &'static str,
    comment: &'static str,
    origin: (i64, i64),
    transposed: bool,
    labels: Option<(i64, i64)>,
}

/// The figure of `print_latex(tiled_mma)`: C (`M x N`) at the origin, A (`M x K`) to its
/// left, B (`N x K`, drawn `K x N`) above it, for the tile `tile_size(mma)`; each panel is
/// `make_identity_tensor(tile) ∘ get_layout{C,A,B}_TV()`.
///
/// # Errors
/// The errors of the TV layouts; more than [`MAX_FIGURE_ELEMENTS`] cells and labels in all,
/// more than [`MAX_TEXT_CELLS`] cells or [`MAX_ENUMERATED`] `(thread, value)` pairs in a
/// panel; a TV layout reaching outside its tile.
///
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// use cute_tools::render::atom::mma_figure;
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let fig = mma_figure(&mma)?;
/// let names: Vec<_> = fig.panels.iter().map(|p| (p.name, p.extent)).collect();
/// assert_eq!(names, [("C", (32, 16)), ("A", (32, 16)), ("B", (16, 16))]);
/// let t5 = fig.panels[0].cells.iter().find(|c| c.thread == 5).unwrap();
/// assert_eq!((t5.m, t5.n, t5.value), (1, 2, 0));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn mma_figure(mma: &TiledMma) -> Result<AtomFigure> {
    let op = "print_latex(TiledMMA)";
    let [m, n, k] = [0, 1, 2].map(|i| mma.tile_size_mnk(i));
    let (m, n, k) = (m?, n?, k?);
    let k1 = k.value().saturating_add(1);
    let c = Placement {
        name: "C",
        comment: "LayoutC",
        origin: (0, 0),
        transposed: false,
        labels: None,
    };
    let a = Placement {
        name: "A",
        comment: "LayoutA",
        origin: (0, -k1),
        transposed: false,
        labels: Some((-1, -1)),
    };
    let b = Placement {
        name: "B",
        comment: "LayoutB",
        origin: (-k1, 0),
        transposed: true,
        labels: Some((-1, -1)),
    };
    check_elements(
        op,
        &[
            (m.value(), n.value()),
            (m.value(), k.value()),
            (n.value(), k.value()),
        ],
    )?;
    let panels = [
        (c, [m, n], mma.get_layout_c_tv()?),
        (a, [m, k], mma.get_layout_a_tv()?),
        (b, [n, k], mma.get_layout_b_tv()?),
    ];
    let panels = panels
        .into_iter()
        .map(|(place, tile, tv)| {
            let id = make_identity_tensor(&Tree::from_leaves(tile))?;
            let tensor =
                id.map_layout(|l| cute_layout::algebra::composition::composition(l, &tv))?;
            panel(place, tensor, (tile[0].value(), tile[1].value()))
        })
        .collect::<Result<Vec<_>>>()
        .map_err(|e| e.within(op))?;
    Ok(AtomFigure { panels })
}

/// The figure of `print_latex(tiled_copy)`: S at the origin and D three columns to the right
/// of it, over the tile `product_each(Tiler_MN)`; each panel is
/// `tidfrg_{S,D}(make_identity_tensor(tile))(_,_,_0)`.
///
/// # Errors
/// As [`mma_figure`].
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
/// use cute_tools::render::atom::copy_figure;
/// let atom = make_copy_atom(&copy_op("SM75_U32x4_LDSM_N")?, ValueType::Half)?;
/// let tc = make_tiled_copy(&atom, &"(_32,_1)".parse()?, &"(_1,_8)".parse()?)?;
/// let fig = copy_figure(&tc)?;
/// assert_eq!(fig.panels[1].origin, (0, 11));
/// assert_eq!(fig.panels[1].cells.len(), 32 * 8);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn copy_figure(copy: &TiledCopy) -> Result<AtomFigure> {
    let op = "print_latex(TiledCopy)";
    let tile = copy.tiler.product_each()?;
    if tile.is_leaf() || tile.rank() != 2 {
        return Err(LayoutError::RankMismatch {
            op,
            detail: format!("Tiler_MN {} has rank {}", copy.tiler, tile.rank()),
            hint: "CuTe draws tiled copies of rank-2 tiles",
        });
    }
    let (m, n) = (tile.get(0)?.size()?.value(), tile.get(1)?.size()?.value());
    check_elements(op, &[(m, n), (m, n)])?;
    let s = Placement {
        name: "S",
        comment: "Layout S TV",
        origin: (0, 0),
        transposed: false,
        labels: Some((-1, -1)),
    };
    let d = Placement {
        name: "D",
        comment: "Layout D TV",
        origin: (0, n + 3),
        transposed: false,
        labels: Some((n, -1)),
    };
    let id = make_identity_tensor(&tile)?;
    let panels = [(s, copy.tile_tv_s(id.clone())), (d, copy.tile_tv_d(id))];
    let panels = panels
        .into_iter()
        .map(|(place, tensor)| panel(place, tensor?, (m, n)))
        .collect::<Result<Vec<_>>>()
        .map_err(|e| e.within(op))?;
    Ok(AtomFigure { panels })
}

/// The figure CuTe's `print_latex` draws for an atom object: `print_latex(MMA_Atom)` is that
/// of `make_tiled_mma(atom)`, a tiled MMA's is [`mma_figure`], a tiled copy's [`copy_figure`].
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a copy atom (C++ draws only tiled copies) and a
/// shared-memory layout atom; the errors of [`mma_figure`] and [`copy_figure`].
///
/// ```
/// use cute_layout::notation::atom::{resolve_atom, AtomRequest};
/// use cute_tools::render::atom::figure;
/// let atom = resolve_atom(&AtomRequest { name: "SM80_16x8x8_F32F16F16F32_TN", ..Default::default() })?;
/// assert_eq!(figure(&atom)?.panels.len(), 3);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn figure(object: &AtomObject) -> Result<AtomFigure> {
    match object {
        AtomObject::Mma(atom) => mma_figure(&make_tiled_mma(atom, &Layout::leaf(Int::ONE, Int::ZERO), &[])?),
        AtomObject::TiledMma(mma) => mma_figure(mma),
        AtomObject::TiledCopy(tc) => copy_figure(tc),
        AtomObject::Copy(atom) => Err(LayoutError::InvalidArgument {
            op: "print_latex",
            detail: format!("Copy_Atom<{}, {}> is not a tiled copy", atom.op.name, value_type_name(atom.value_type)),
            hint: "CuTe draws tiled copies: make_tiled_copy(ATOM, THR_LAYOUT, VAL_LAYOUT), or cute atom NAME --type T --layout THR_LAYOUT --val-layout VAL_LAYOUT",
        }),
        AtomObject::Smem(l) => Err(LayoutError::InvalidArgument {
            op: "print_latex",
            detail: format!("{} is a shared-memory layout, not an MMA or a copy", smem_layout_text(l)),
            hint: "draw it as a layout: cute latex 'LAYOUT' or cute svg 'LAYOUT'",
        }),
    }
}

/// The elements of a figure of panels of these extents, a box for each cell and a label for
/// each row and column, against [`MAX_FIGURE_ELEMENTS`]: the bound of its SVG and its LaTeX,
/// checked before any panel is enumerated.
fn check_elements(op: &'static str, extents: &[(i64, i64)]) -> Result<()> {
    let elements = extents.iter().fold(0i64, |n, &(p, q)| {
        let p = p.max(0); // a negative extent is refused by its panel, by name
        let q = q.max(0);
        n.saturating_add(p.saturating_mul(q).saturating_add(p).saturating_add(q))
    });
    limits::check(
        op,
        "elements (cells and labels) in the figure",
        elements,
        "MAX_FIGURE_ELEMENTS",
        MAX_FIGURE_ELEMENTS,
        "draw a smaller tiled MMA or copy",
    )
}

/// A panel: the first `(thread, value)` of `tensor` reaching each element of the tile.
fn panel(place: Placement, tensor: IdentityTensor, extent: (i64, i64)) -> Result<AtomPanel> {
    let (np, nq) = extent;
    let hint = "draw a smaller tiled MMA or copy";
    limits::check(
        "atom figure",
        "cells in a panel",
        np.saturating_mul(nq),
        "MAX_TEXT_CELLS",
        MAX_TEXT_CELLS,
        hint,
    )?;
    let shape = tensor.shape();
    if shape.rank() != 2 || shape.is_leaf() {
        return Err(LayoutError::RankMismatch {
            op: "atom figure",
            detail: format!("the TV tensor {tensor} must have rank 2 (thread, value)"),
            hint: "a TV layout maps (thr_idx, val_idx)",
        });
    }
    let threads = shape.get(0)?.size()?.value();
    let values = shape.get(1)?.size()?.value();
    limits::check(
        "atom figure",
        "(thread, value) pairs",
        threads.saturating_mul(values),
        "MAX_ENUMERATED",
        MAX_ENUMERATED,
        hint,
    )?;
    let mut filled = vec![false; (np * nq) as usize];
    let mut cells = Vec::new();
    for t in 0..threads {
        for v in 0..values {
            let c = tensor.at(t + threads * v)?;
            let pq: Vec<i64> = c.leaves().map(Int::value).collect();
            let (p, q) = match pq[..] {
                [p, q] if (0..np).contains(&p) && (0..nq).contains(&q) => (p, q),
                _ => return Err(outside(place.name, t, v, &c, extent)),
            };
            let seen = &mut filled[(p + np * q) as usize];
            if !*seen {
                *seen = true;
                cells.push(TvCell {
                    m: p,
                    n: q,
                    thread: t,
                    value: v,
                    // the TV layout's value: the column-major index of (p, q) in the tile
                    offset: p + np * q,
                });
            }
        }
    }
    Ok(AtomPanel {
        name: place.name,
        comment: place.comment,
        tensor,
        extent,
        cells,
        origin: place.origin,
        transposed: place.transposed,
        labels: place.labels,
    })
}

fn outside(name: &str, t: i64, v: i64, c: &IntTuple, (p, q): (i64, i64)) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "atom figure",
        detail: format!("{name}: thread {t}, value {v} holds {c}, outside the {p}x{q} tile"),
        hint: "the TV layout must map into the tile (C++ would write out of bounds)",
    }
}

/// CuTe's `print_latex` document of the figure, byte for byte: a comment line per panel
/// (`% LayoutC: ...` or `% Layout S TV: ...`), the standalone TikZ header, then per panel one
/// `\node` per element in the order of [`AtomPanel::cells`], the grid and the labels.
///
/// CuTe's document puts one TikZ node in every cell; large figures exceed `pdflatex`'s default
/// main memory (NVIDIA/cutlass PR #1733): TeX Live 2022's `pdflatex` stops after about 9,400
/// nodes with "TeX capacity exceeded, sorry [main memory size=5000000]", and a 128x128x32
/// tiled MMA has 24,576. The document stays byte-identical to C++'s; [`svg_atom`] draws any
/// real size, and `lualatex` (whose memory grows as needed) is the TeX engine to try.
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
/// use cute_tools::render::atom::{copy_figure, latex_atom};
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
/// let tc = make_tiled_copy(&atom, &"(_4,_2):(_2,_1)".parse()?, &"(_1,_8)".parse()?)?;
/// let tex = latex_atom(&copy_figure(&tc)?);
/// assert!(tex.contains("\\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,8) {\\shortstack{T1 \\\\ V0}};\n"));
/// assert!(tex.ends_with("\\node at (-1,34) {\\Large{\\texttt{15}}};\n\\end{tikzpicture}\n\\end{document}\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn latex_atom(figure: &AtomFigure) -> String {
    let mut out = String::new();
    for p in &figure.panels {
        let _ = writeln!(out, "% {}: {}", p.comment, p.tensor);
    }
    out.push_str(HEADER);
    for p in &figure.panels {
        for c in &p.cells {
            let (x, y) = p.at(c.m, c.n);
            let fill = super::color::TV_PALETTE[c.thread.rem_euclid(8) as usize];
            tv_node(
                &mut out,
                x,
                y,
                &rgb_style(fill, Mark::Plain),
                c.thread,
                c.value,
            );
        }
        let (x0, y0) = p.origin;
        let (rows, cols) = p.rows_cols();
        let _ = write!(
            out,
            "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({x0},{y0}) grid ({},{});\n\n",
            x0 + rows,
            y0 + cols
        );
        for (x, y, k) in p.label_positions() {
            label_node(&mut out, x, y, k);
        }
    }
    out.push_str(FOOTER);
    out
}

/// The TikZ nodes beyond which `pdflatex`'s default main memory may not hold CuTe's document
/// (see [`latex_atom`]).
pub const PDFLATEX_NODES: usize = 8192;

/// The side of a cell of an SVG figure, in pixels.
const CELL: i64 = 40;

/// The figure as a standalone SVG, laid out as CuTe's LaTeX (x down, y right): one 40-pixel
/// square per element, labelled `T<t>` over `V<v>`, colored by thread with CuTe's TV palette
/// (or by value, warp or bank with [`Options`]), empty elements white, row and column
/// numbers where CuTe puts them. Any tiled MMA or copy of up to [`MAX_FIGURE_CELLS`] cells
/// draws (a 128x128x32 tiled MMA has 24576).
///
/// # Errors
/// More than [`MAX_FIGURE_CELLS`] cells; [`Coloring::Tile`] or a `tile:K` highlight (a figure
/// has no tiles); a slice highlight whose rank is not 2.
///
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// use cute_tools::render::{atom::{mma_figure, svg_atom}, Options};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let svg = svg_atom(&mma_figure(&mma)?, &Options::default())?;
/// assert!(svg.starts_with("<svg") && svg.contains(">T127</text>"));
/// // the background, the legend's 8 swatches, the cells of C, A and B
/// assert_eq!(svg.matches("<rect").count(), 1 + 8 + 32 * 16 + 32 * 16 + 16 * 16);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg_atom(figure: &AtomFigure, options: &Options) -> Result<String> {
    svg_atom_titled(figure, "", options)
}

/// [`svg_atom`] headed by `title` (none if empty) and labelled: above the figure the title and
/// a legend of what the colours mean, and by each panel its role (`A`, `B`, `C` of an MMA
/// with their extents, `S` source and `D` destination of a copy). The LaTeX figure
/// ([`latex_atom`]) stays CuTe's, byte for byte.
///
/// # Errors
/// As [`svg_atom`].
///
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// use cute_tools::render::{atom::{mma_figure, svg_atom_titled}, Options};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F32F16F16F32_TN")?, &"(_1,_2,_1)".parse()?, &[])?;
/// let svg = svg_atom_titled(&mma_figure(&mma)?, "my MMA", &Options::default())?;
/// assert!(svg.contains(">my MMA</text>"));
/// assert!(svg.contains(">C: M×N = 16×16</text>"));
/// assert!(svg.contains(">A: M×K = 16×8</text>") && svg.contains(">B: N×K = 16×8</text>"));
/// assert!(svg.contains(">colour: the thread, T mod 8</text>"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg_atom_titled(figure: &AtomFigure, title: &str, options: &Options) -> Result<String> {
    check_svg_options(figure, options)?;
    let (x_min, y_min, x_max, y_max) = bounds(figure);
    // caption bands: a panel's caption goes below the figure, or above it where another
    // panel lies below the panel (B, above C)
    let above: Vec<bool> = figure
        .panels
        .iter()
        .map(|p| figure.panels.iter().any(|q| below(p, q)))
        .collect();
    const LINE: i64 = 22;
    let title_h = if title.is_empty() { 0 } else { LINE };
    let top_captions = if above.iter().any(|&a| a) { LINE } else { 0 };
    let top = 6 + title_h + LINE + top_captions;
    let grid_w = (y_max - y_min + 1) * CELL;
    let legend = legend(options);
    let text_w = |t: &str, size: i64| t.chars().count() as i64 * size * 6 / 10 + 20;
    let width = grid_w
        .max(text_w(title, 14))
        .max(text_w(&legend.0, 12) + legend.1.len() as i64 * 28);
    let height = top + (x_max - x_min + 1) * CELL + LINE + 6;
    let px = |x: i64, y: i64| ((y - y_min) * CELL, (x - x_min) * CELL + top);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{}\" font-size=\"11\" text-anchor=\"middle\">\n",
        super::svg::FONT_FAMILY
    );
    for p in &figure.panels {
        let _ = writeln!(s, "<!-- {}: {} -->", p.comment, p.tensor);
    }
    let _ = writeln!(
        s,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    // the title and the legend
    let mut y = 6;
    if !title.is_empty() {
        y += LINE;
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            width / 2,
            y - 6,
            super::svg::escape(title)
        );
    }
    y += LINE;
    let _ = write!(
        s,
        "<g class=\"legend\" font-size=\"12\" text-anchor=\"start\"><text x=\"8\" y=\"{}\">{}</text>",
        y - 7,
        super::svg::escape(&legend.0)
    );
    let mut x = 8 + text_w(&legend.0, 12) - 12;
    for (label, fill) in &legend.1 {
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"24\" height=\"16\" fill=\"{fill}\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{label}</text>",
            y - 19,
            x + 12,
            y - 7
        );
        x += 28;
    }
    s.push_str("</g>\n");
    let mut outlines = String::new();
    for p in &figure.panels {
        let _ = writeln!(s, "<g class=\"panel\" id=\"{}\" stroke=\"black\">", p.name);
        svg_cells(&mut s, &mut outlines, p, options, &px);
        s.push_str("</g>\n");
    }
    s.push_str(&outlines);
    s.push_str("<g font-size=\"14\" fill=\"#555555\">\n");
    for p in &figure.panels {
        for (x, y, k) in p.label_positions() {
            let (l, t) = px(x, y);
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\">{k}</text>",
                l + CELL / 2,
                t + CELL / 2 + 5
            );
        }
    }
    s.push_str("</g>\n<g class=\"roles\" font-size=\"13\" font-weight=\"bold\">\n");
    for (p, &up) in figure.panels.iter().zip(&above) {
        let (x0, y0) = p.origin;
        let (_, cols) = p.rows_cols();
        let (l, _) = px(x0, y0);
        let centre = l + cols * CELL / 2;
        let baseline = if up { top - 7 } else { height - 6 - 7 };
        let _ = writeln!(
            s,
            "<text class=\"role\" x=\"{centre}\" y=\"{baseline}\">{}</text>",
            role(p)
        );
    }
    s.push_str("</g>\n</svg>\n");
    Ok(s)
}

/// Whether panel `q` lies below panel `p`, in columns they share.
fn below(p: &AtomPanel, q: &AtomPanel) -> bool {
    let (px0, py0) = p.origin;
    let (pr, pc) = p.rows_cols();
    let (qx0, qy0) = q.origin;
    let (_, qc) = q.rows_cols();
    qx0 >= px0 + pr && qy0 < py0 + pc && py0 < qy0 + qc
}

/// A panel's role, as its caption reads: `C: M×N = 16×8` (the accumulator), `A: M×K = ..`,
/// `B: N×K = ..`; `S: source 8×8`, `D: destination 8×8` of a copy.
fn role(p: &AtomPanel) -> String {
    let (a, b) = p.extent;
    match p.name {
        "C" => format!("C: M×N = {a}×{b}"),
        "A" => format!("A: M×K = {a}×{b}"),
        "B" => format!("B: N×K = {a}×{b}"),
        "S" => format!("S: source {a}×{b}"),
        "D" => format!("D: destination {a}×{b}"),
        name => format!("{name}: {a}×{b}"),
    }
}

/// What the colours of a figure mean, as its legend says it: the text, and swatches (label,
/// fill) where a colour stands for a number.
fn legend(options: &Options) -> (String, Vec<(String, String)>) {
    match options.coloring {
        Coloring::Offset | Coloring::Thread | Coloring::Tile => (
            "colour: the thread, T mod 8".to_string(),
            (0..8)
                .map(|t| (t.to_string(), super::color::TV_PALETTE[t].hex()))
                .collect(),
        ),
        Coloring::Warp => ("colour: the warp, T / 32".to_string(), Vec::new()),
        c => (
            format!("colour: the {} (cells of one colour share it)", c.name()),
            Vec::new(),
        ),
    }
}

/// The rectangles and texts of one panel: every element of the tile, white where no thread
/// holds it; highlighted outlines go to `outlines` (drawn on top).
fn svg_cells(
    s: &mut String,
    outlines: &mut String,
    p: &AtomPanel,
    options: &Options,
    px: &impl Fn(i64, i64) -> (i64, i64),
) {
    let (np, nq) = p.extent;
    let mut held = vec![None; (np * nq) as usize];
    for c in &p.cells {
        held[(c.m + np * c.n) as usize] = Some(c);
    }
    let mn = IntTuple::from_leaves([Int::dynamic(np), Int::dynamic(nq)]);
    for (i, cell) in held.iter().enumerate() {
        let (m, n) = (i as i64 % np.max(1), i as i64 / np.max(1));
        let (l, t) = {
            let (x, y) = p.at(m, n);
            px(x, y)
        };
        let Some(c) = cell else {
            let _ = writeln!(
                s,
                "<rect x=\"{l}\" y=\"{t}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"white\"/>"
            );
            continue;
        };
        let (fill, mark) = paint_tv(options, c, np, &mn);
        let ink = if fill.ink() == WHITE {
            " fill=\"#ffffff\""
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "<rect x=\"{l}\" y=\"{t}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" stroke=\"none\"{ink}>T{}</text><text x=\"{}\" y=\"{}\" stroke=\"none\"{ink}>V{}</text>",
            fill.hex(),
            l + CELL / 2,
            t + 17,
            c.thread,
            l + CELL / 2,
            t + 31,
            c.value
        );
        if mark == Mark::Highlighted {
            outline(outlines, l, t, CELL, CELL);
        }
    }
}

/// The options a figure takes, and its size against [`MAX_FIGURE_CELLS`].
fn check_svg_options(figure: &AtomFigure, options: &Options) -> Result<()> {
    let cells = figure.panels.iter().fold(0i64, |n, p| {
        n.saturating_add(p.extent.0.saturating_mul(p.extent.1))
    });
    limits::check(
        "atom figure",
        "cells in the SVG figure",
        cells,
        "MAX_FIGURE_CELLS",
        MAX_FIGURE_CELLS,
        "draw a smaller tiled MMA or copy",
    )?;
    if options.coloring == Coloring::Tile || matches!(options.highlight, Some(Highlight::Tile(_))) {
        return Err(LayoutError::InvalidArgument {
            op: "atom figure",
            detail: "a tiled MMA or copy figure has no tiles".to_string(),
            hint: "color by thread, value, warp or bank",
        });
    }
    check_highlight(
        options,
        IntTuple::from_leaves([Int::ONE, Int::ONE]).as_ref(),
    )
}

/// The picture coordinates `(x_min, y_min, x_max, y_max)` the cells and labels cover.
fn bounds(figure: &AtomFigure) -> (i64, i64, i64, i64) {
    let mut b = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    let mut grow = |x: i64, y: i64| {
        b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
    };
    for p in &figure.panels {
        let (x0, y0) = p.origin;
        let (rows, cols) = p.rows_cols();
        grow(x0, y0);
        grow(x0 + rows - 1, y0 + cols - 1);
        for (x, y, _) in p.label_positions() {
            grow(x, y);
        }
    }
    if b.0 > b.2 {
        return (0, 0, 0, 0);
    }
    b
}
