//! The one layout of [`Diagram`]s on a page, and its two writers: SVG ([`svg`], [`to_svg`]) and
//! a standalone TikZ document ([`tikz`]). `scene` places every box, tree line, arrow and text
//! once; the writers only translate the marks.

use super::diagram::{morphism_diagram, size_label, top_modes, Diagram};
use super::nested::NestedMorphism;
use super::Result;
use crate::int::Int;
use crate::tree::TreeRef;
use crate::tuple::IntTuple;
use std::fmt::Write;

const ROW: f64 = 36.0;
const MARGIN: f64 = 16.0;
const CHAR: f64 = 9.6; // advance of a 16px monospace glyph
const GAP: f64 = 150.0; // between two columns joined by arrows
const LEVEL: f64 = 44.0; // horizontal step of a tree level
const ROOT_W: f64 = 8.0 * CHAR;
const HEAD: f64 = 24.0; // a title or heading line

/// The fills of a diagram's boxes, RGB: entries (white) and tree roots (light blue); their
/// black text is checked against them with the other palettes
/// (`cute_tools::render::color::palettes`).
pub const FILLS: [[u8; 3]; 2] = [[0xff, 0xff, 0xff], [0xee, 0xf3, 0xfb]];

fn fill(k: usize) -> String {
    let [r, g, b] = FILLS[k];
    format!("#{r:02x}{g:02x}{b:02x}")
}
/// The color of arrows, and of tree lines and secondary text.
const BLUE: &str = "#1f4e9c";
const GREY: &str = "#444444";

/// One thing drawn, in page coordinates (y grows downwards).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Mark {
    /// A box centred at `(x, y)`, `w` wide, holding `text`: an entry (`class` `domain`,
    /// `codomain`, `middle` or `base`, `index` 1-based, 0 for `*`) or a tree root (`root`).
    Box {
        /// Centre.
        x: f64,
        /// Centre.
        y: f64,
        /// Width.
        w: f64,
        /// Label.
        text: String,
        /// What the box is.
        class: &'static str,
        /// The entry's 1-based index (0 for `*` and roots).
        index: usize,
    },
    /// A tree line.
    Line {
        /// Start.
        from: (f64, f64),
        /// End.
        to: (f64, f64),
    },
    /// A maps-to arrow `|->`; `base` for arrows into the base point (drawn dashed).
    Arrow {
        /// Tail.
        from: (f64, f64),
        /// Head.
        to: (f64, f64),
        /// Whether it goes to `*`.
        base: bool,
    },
    /// A line of text; `heading` texts are bold, others grey when `secondary`.
    Text {
        /// Anchor point (the middle of the baseline when `centred`, else its start).
        x: f64,
        /// Baseline.
        y: f64,
        /// The text.
        text: String,
        /// Font size in px.
        size: f64,
        /// Centred on `x`, or starting at it.
        centred: bool,
        /// Grey rather than black.
        secondary: bool,
    },
}

/// Diagrams laid out one under the other: the page size and the marks.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scene {
    /// Page width in px.
    pub width: f64,
    /// Page height in px.
    pub height: f64,
    /// The title of the picture (the first caption line).
    pub title: String,
    /// Everything drawn, in drawing order.
    pub marks: Vec<Mark>,
}

fn entry_width(entries: &[String]) -> f64 {
    entries
        .iter()
        .map(|e| e.chars().count())
        .max()
        .unwrap_or(1)
        .max(1) as f64
        * CHAR
        + 14.0
}

fn tree_levels(t: &IntTuple) -> usize {
    if t.is_leaf() {
        return 0;
    }
    t.as_ref().modes().map(|m| m.depth()).max().unwrap_or(0)
}

fn tree_width(t: &Option<IntTuple>) -> f64 {
    match t {
        Some(t) if tree_levels(t) > 0 => ROOT_W + LEVEL * tree_levels(t) as f64,
        _ => 0.0,
    }
}

struct Tree<'a> {
    marks: &'a mut Vec<Mark>,
    ys: &'a [f64],
    next_leaf: usize,
    leaf_edge: f64,
    root_x: f64,
    levels: usize,
}

impl Tree<'_> {
    /// Draws the subtree `t` at `level` (0 = root); returns the anchor point of its node.
    fn node(&mut self, t: TreeRef<'_, Int>, level: usize) -> (f64, f64) {
        if t.is_leaf() {
            let y = self.ys.get(self.next_leaf).copied().unwrap_or(0.0);
            self.next_leaf += 1;
            return (self.leaf_edge, y);
        }
        let x = self.root_x
            + (self.leaf_edge - self.root_x) * (level as f64) / (self.levels as f64 + 1.0);
        let kids: Vec<(f64, f64)> = t.modes().map(|m| self.node(m, level + 1)).collect();
        let y = kids.iter().map(|k| k.1).sum::<f64>() / kids.len().max(1) as f64;
        for to in kids {
            self.marks.push(Mark::Line { from: (x, y), to });
        }
        (x, y)
    }

    /// Draws one tree per top-level mode of `x` that is a tuple, its root labelled with its size.
    fn draw(mut self, x: &IntTuple) {
        for m in top_modes(x) {
            if m.is_leaf() {
                self.next_leaf += 1;
                continue;
            }
            let (rx, ry) = self.node(m, 0);
            let text = size_label(&m.to_tree());
            self.marks.push(Mark::Box {
                x: rx,
                y: ry,
                w: text.len() as f64 * CHAR + 8.0,
                text,
                class: "root",
                index: 0,
            });
        }
    }
}

/// Lays out `d` but its caption with its top-left corner at `(0, top)`; returns the marks, the
/// width (the caption's included) and the height (the caption's excluded).
fn place(d: &Diagram, top: f64) -> (Vec<Mark>, f64, f64) {
    let mut marks = Vec::new();
    let base = usize::from(d.base_points);
    let rows = d.columns.iter().map(|c| c.entries.len()).max().unwrap_or(0) + base;
    let rows = rows.max(1);
    let title_h = if d.title.is_empty() { 0.0 } else { HEAD };
    let grid_top = top + MARGIN + title_h + HEAD;
    let y_of = |r: usize| grid_top + (rows - 1 - r) as f64 * ROW + ROW / 2.0;
    // x of each column's centre, and its box width
    let mut x = MARGIN;
    let mut centres = Vec::new();
    let mut widths = Vec::new();
    for (c, col) in d.columns.iter().enumerate() {
        if c > 0 {
            let joined = d.arrows.iter().any(|a| a.column == c - 1);
            x += if joined { GAP } else { 2.0 * MARGIN };
        }
        let w = entry_width(&col.entries);
        x += tree_width(&col.left_tree);
        centres.push(x + w / 2.0);
        widths.push(w);
        x += w + tree_width(&col.right_tree);
    }
    let body_w = x + MARGIN;
    for (c, col) in d.columns.iter().enumerate() {
        let (cx, w) = (centres[c], widths[c]);
        let ys: Vec<f64> = (0..col.entries.len()).map(|i| y_of(i + base)).collect();
        for (tree, right) in [(&col.left_tree, false), (&col.right_tree, true)] {
            let Some(t) = tree.as_ref().filter(|t| tree_levels(t) > 0) else {
                continue;
            };
            let edge = if right { cx + w / 2.0 } else { cx - w / 2.0 };
            let reach = tree_width(tree) - ROOT_W / 2.0;
            Tree {
                marks: &mut marks,
                ys: &ys,
                next_leaf: 0,
                leaf_edge: edge,
                root_x: if right { edge + reach } else { edge - reach },
                levels: tree_levels(t),
            }
            .draw(t);
        }
        let class = match (c, d.columns.len()) {
            (0, _) => "domain",
            (c, n) if c + 1 == n => "codomain",
            _ => "middle",
        };
        marks.push(Mark::Text {
            x: cx,
            y: grid_top - 8.0,
            text: col.heading.clone(),
            size: 14.0,
            centred: true,
            secondary: true,
        });
        if base == 1 {
            marks.push(Mark::Box {
                x: cx,
                y: y_of(0),
                w,
                text: "*".into(),
                class: "base",
                index: 0,
            });
        }
        for (i, e) in col.entries.iter().enumerate() {
            marks.push(Mark::Box {
                x: cx,
                y: ys[i],
                w,
                text: e.clone(),
                class,
                index: i + 1,
            });
        }
    }
    for a in &d.arrows {
        let (c, row) = (a.column, |i: Option<usize>| i.map_or(0, |i| i + base));
        if c + 1 >= d.columns.len() {
            continue;
        }
        marks.push(Mark::Arrow {
            from: (centres[c] + widths[c] / 2.0 + 3.0, y_of(row(a.from))),
            to: (centres[c + 1] - widths[c + 1] / 2.0 - 3.0, y_of(row(a.to))),
            base: a.to.is_none(),
        });
    }
    let mut width = body_w;
    for line in &d.caption {
        width = width.max(line.chars().count() as f64 * CHAR * 0.875 + 2.0 * MARGIN);
    }
    if !d.title.is_empty() {
        width = width.max(d.title.chars().count() as f64 * CHAR * 0.875 + 2.0 * MARGIN);
        marks.push(Mark::Text {
            x: MARGIN,
            y: top + MARGIN + 14.0,
            text: d.title.clone(),
            size: 14.0,
            centred: false,
            secondary: false,
        });
    }
    (marks, width, grid_top + rows as f64 * ROW + 20.0 - top)
}

/// The caption lines of `d` from baseline `y` down, 22 px apart: `(y, text, secondary)`.
fn caption_lines(d: &Diagram, y: f64) -> impl Iterator<Item = (f64, String, bool)> + '_ {
    d.caption
        .iter()
        .enumerate()
        .map(move |(k, line)| (y + 22.0 * k as f64, line.clone(), k > 0))
}

/// Lays out the diagrams one under the other, captions centred.
pub(crate) fn scene(diagrams: &[Diagram]) -> Scene {
    let mut marks = Vec::new();
    let mut width: f64 = 0.0;
    let mut top = 0.0;
    let mut captions = Vec::new();
    for d in diagrams {
        let (m, w, h) = place(d, top);
        width = width.max(w);
        marks.extend(m);
        // captions are centred on the page, once its width is known
        captions.extend(caption_lines(d, top + h));
        top += h + 22.0 * d.caption.len() as f64;
    }
    marks.extend(captions.into_iter().map(|(y, text, secondary)| Mark::Text {
        x: width / 2.0,
        y,
        text,
        size: 14.0,
        centred: true,
        secondary,
    }));
    let title = diagrams
        .iter()
        .find_map(|d| d.caption.first().cloned())
        .unwrap_or_default();
    Scene {
        width,
        height: top + 24.0,
        title,
        marks,
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The diagrams as one SVG picture, one under the other.
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::pointed_diagram, draw::svg, PointedMap};
/// let a = PointedMap::new(6, vec![Some(2), Some(1), None, Some(6)])?;
/// let s = svg(&[pointed_diagram(&a)]);
/// assert_eq!(s.matches("class=\"arrow\"").count(), 3);
/// assert_eq!(s.matches("class=\"arrow base\"").count(), 2); // 3 -> * and * -> *
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn svg(diagrams: &[Diagram]) -> String {
    let s = scene(diagrams);
    let (width, height) = (s.width, s.height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="16">"##
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&s.title));
    let _ = writeln!(
        out,
        r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M1,1 L9,5 L1,9" fill="none" stroke="{BLUE}" stroke-width="1.5"/></marker></defs>"##
    );
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="white"/>"##);
    for m in &s.marks {
        svg_mark(&mut out, m);
    }
    out.push_str("</svg>\n");
    out
}

fn svg_mark(out: &mut String, m: &Mark) {
    let _ = match m {
        Mark::Line { from, to } => writeln!(
            out,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#666" stroke-width="1.2"/>"##,
            from.0, from.1, to.0, to.1
        ),
        Mark::Box {
            x,
            y,
            w,
            text,
            class: "root",
            ..
        } => writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="22" rx="4" fill="{}" stroke="#666"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            x - w / 2.0,
            y - 11.0,
            fill(1),
            y + 5.5,
            esc(text)
        ),
        Mark::Box {
            x,
            y,
            w,
            text,
            class,
            index,
        } => writeln!(
            out,
            r##"<g class="{class}" data-index="{index}"><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="26" rx="4" fill="{}" stroke="#999"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text></g>"##,
            x - w / 2.0,
            y - 13.0,
            fill(0),
            y + 5.5,
            esc(text)
        ),
        Mark::Arrow { from, to, base } => {
            let (class, dash) = if *base {
                ("arrow base", r##" stroke-dasharray="5,4""##)
            } else {
                ("arrow", "")
            };
            writeln!(
                out,
                r##"<g class="{class}"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{BLUE}" stroke-width="1.5"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{BLUE}" stroke-width="1.5"{dash} marker-end="url(#head)"/></g>"##,
                from.0,
                from.1 - 5.0,
                from.0,
                from.1 + 5.0,
                from.0,
                from.1,
                to.0,
                to.1
            )
        }
        Mark::Text {
            x,
            y,
            text,
            size,
            centred,
            secondary,
        } => writeln!(
            out,
            r##"<text x="{x:.1}" y="{y:.1}"{} font-size="{size:.0}"{}>{}</text>"##,
            if *centred {
                r#" text-anchor="middle""#
            } else {
                ""
            },
            if *secondary {
                format!(r#" fill="{GREY}""#)
            } else {
                String::new()
            },
            esc(text)
        ),
    };
}

/// The SVG diagram of a nested tuple morphism (flat morphisms via
/// [`NestedMorphism::from_flat`]): [`svg`] of [`morphism_diagram`].
///
/// # Errors
/// [`crate::LayoutError::Overflow`] while computing the caption's layout.
///
/// # Examples
/// ```
/// use cute_layout::category::{to_svg, NestedMorphism};
/// let f: NestedMorphism = "(64,64,3,8) -> (64,3) over (1,*,2,*)".parse()?;
/// let svg = to_svg(&f)?;
/// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
/// assert_eq!(svg.matches("marker-end").count(), 2); // one arrow per hit entry
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn to_svg(f: &NestedMorphism) -> Result<String> {
    Ok(svg(&[morphism_diagram(f)?]))
}

/// TeX for a label: special characters escaped, the symbols of the captions in math mode.
fn tex(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '_' | '#' | '$' | '%' | '&' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '*' => out.push_str("$*$"),
            'α' => out.push_str("$\\alpha$"),
            '∘' => out.push_str("$\\circ$"),
            '⊆' => out.push_str("$\\subseteq$"),
            '↦' => out.push_str("$\\mapsto$"),
            c => out.push(c),
        }
    }
    out
}

/// The diagrams as a standalone TikZ document (the same layout as [`svg`]; 1 px = 0.75 pt).
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::morphism_diagram, draw::tikz, NestedMorphism};
/// let f: NestedMorphism = "(4,4) -> (4,8,4) over (1,3)".parse()?;
/// let t = tikz(&[morphism_diagram(&f)?]);
/// assert!(t.starts_with("\\documentclass[convert]{standalone}"));
/// assert_eq!(t.matches("|->").count(), 2);
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tikz(diagrams: &[Diagram]) -> String {
    let s = scene(diagrams);
    let mut out = String::from(
        "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x=0.75pt,y=-0.75pt,font=\\ttfamily]\n",
    );
    let _ = writeln!(
        out,
        "\\path (0,0) rectangle ({:.1},{:.1});",
        s.width, s.height
    );
    for m in &s.marks {
        let _ = match m {
            Mark::Line { from, to } => writeln!(
                out,
                "\\draw[gray] ({:.1},{:.1}) -- ({:.1},{:.1});",
                from.0, from.1, to.0, to.1
            ),
            Mark::Box { x, y, w, text, class, .. } => writeln!(
                out,
                "\\node[draw=gray,rounded corners=2pt,fill={},minimum width={:.1}pt,minimum height={}pt,inner sep=1pt] at ({x:.1},{y:.1}) {{{}}};",
                if *class == "root" { "blue!6" } else { "white" },
                w * 0.75,
                if *class == "root" { 16.5 } else { 19.5 },
                tex(text)
            ),
            Mark::Arrow { from, to, base } => writeln!(
                out,
                "\\draw[|->,blue!60!black{}] ({:.1},{:.1}) -- ({:.1},{:.1});",
                if *base { ",dashed" } else { "" },
                from.0,
                from.1,
                to.0,
                to.1
            ),
            Mark::Text { x, y, text, centred, secondary, .. } => writeln!(
                out,
                "\\node[anchor={}{}] at ({x:.1},{y:.1}) {{{}}};",
                if *centred { "base" } else { "base west" },
                if *secondary { ",text=black!75" } else { "" },
                tex(text)
            ),
        };
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::{scene, Mark};
    use crate::category::{diagram::morphism_diagram, NestedMorphism};

    #[test]
    fn a_scene_draws_one_arrow_per_hit_entry() -> crate::error::Result<()> {
        let f: NestedMorphism = "(4,4) -> (4,8,4) over (1,3)".parse()?;
        let s = scene(&[morphism_diagram(&f)?]);
        let arrows = s.marks.iter().filter(|m| matches!(m, Mark::Arrow { .. }));
        assert_eq!(arrows.count(), 2);
        Ok(())
    }
}
