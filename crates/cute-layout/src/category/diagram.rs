//! Diagrams of tuple morphisms as SVG text, in the paper's convention: the domain column on
//! the left, the codomain column on the right, **entry 1 at the bottom**, a maps-to arrow
//! (`|->`) from each domain entry to its target, nothing for entries sent to `*`. A nested
//! domain (or codomain) is drawn as a tree whose roots carry the size of each top-level mode;
//! the caption is `S -> T over α` and the layout `L_f`.

use super::nested::NestedMorphism;
use super::Result;
use crate::int::Int;
use crate::tree::TreeRef;
use std::fmt::Write;

const ROW: f64 = 36.0;
const MARGIN: f64 = 16.0;
const CHAR: f64 = 9.6; // advance of a 16px monospace glyph
const GAP: f64 = 150.0; // between the two columns
const LEVEL: f64 = 44.0; // horizontal step of a tree level

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

struct Tree<'a> {
    svg: &'a mut String,
    ys: &'a [f64],
    next_leaf: usize,
    leaf_edge: f64,
    root_x: f64,
    levels: usize,
    dir: f64,
}

impl Tree<'_> {
    /// Draws the subtree `t` at `level` (0 = root); returns the anchor point of its node.
    fn node(&mut self, t: TreeRef<'_, Int>, level: usize) -> (f64, f64) {
        if t.is_leaf() {
            let y = self.ys[self.next_leaf];
            self.next_leaf += 1;
            return (self.leaf_edge, y);
        }
        let x = self.root_x
            + self.dir * (level as f64) * (self.leaf_edge - self.root_x).abs()
                / (self.levels as f64 + 1.0);
        let kids: Vec<(f64, f64)> = t.modes().map(|m| self.node(m, level + 1)).collect();
        let y = kids.iter().map(|k| k.1).sum::<f64>() / kids.len().max(1) as f64;
        for (kx, ky) in kids {
            let _ = writeln!(
                self.svg,
                r##"<line x1="{x:.1}" y1="{y:.1}" x2="{kx:.1}" y2="{ky:.1}" stroke="#666" stroke-width="1.2"/>"##
            );
        }
        (x, y)
    }

    /// Draws one tree per top-level mode of `x` that is a tuple, labelling roots with sizes.
    fn draw(&mut self, x: TreeRef<'_, Int>) {
        let modes: Vec<TreeRef<'_, Int>> = if x.is_leaf() {
            vec![x]
        } else {
            x.modes().collect()
        };
        for m in modes {
            if m.is_leaf() {
                self.next_leaf += 1;
                continue;
            }
            let (rx, ry) = self.node(m, 0);
            let size: i64 = m.leaves().map(Int::value).product();
            let label = size.to_string();
            let w = label.len() as f64 * CHAR + 8.0;
            let _ = writeln!(
                self.svg,
                r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="22" rx="4" fill="#eef3fb" stroke="#666"/><text x="{rx:.1}" y="{:.1}" text-anchor="middle">{label}</text>"##,
                rx - w / 2.0,
                ry - 11.0,
                ry + 5.5
            );
        }
    }
}

fn tree_levels(x: TreeRef<'_, Int>) -> usize {
    if x.is_leaf() {
        return 0;
    }
    x.modes().map(|m| m.depth()).max().unwrap_or(0)
}

/// The SVG diagram of a nested tuple morphism (flat morphisms via
/// [`NestedMorphism::from_flat`]).
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
    let s: Vec<i64> = f.domain().leaves().map(Int::value).collect();
    let t: Vec<i64> = f.codomain().leaves().map(Int::value).collect();
    let rows = s.len().max(t.len()).max(1);
    let width_of =
        |xs: &[i64]| xs.iter().map(|x| x.to_string().len()).max().unwrap_or(1) as f64 * CHAR + 14.0;
    let (wd, wc) = (width_of(&s), width_of(&t));
    let dom_levels = tree_levels(f.domain().as_ref());
    let cod_levels = tree_levels(f.codomain().as_ref());
    let root_w = 8.0 * CHAR;
    let left_tree = if dom_levels > 0 {
        root_w + LEVEL * dom_levels as f64
    } else {
        0.0
    };
    let right_tree = if cod_levels > 0 {
        root_w + LEVEL * cod_levels as f64
    } else {
        0.0
    };
    let xd = MARGIN + left_tree + wd / 2.0;
    let xc = xd + wd / 2.0 + GAP + wc / 2.0;
    let caption = esc(&f.to_string());
    let layout = esc(&format!("L = {}", f.to_layout()?));
    let body_w = xc + wc / 2.0 + right_tree + MARGIN;
    let cap_w = caption.len().max(layout.len()) as f64 * CHAR * 0.875 + 2.0 * MARGIN;
    let width = body_w.max(cap_w);
    let top = MARGIN + 8.0;
    let y_of = |i: usize| top + (rows as f64 - 1.0 - i as f64) * ROW + ROW / 2.0;
    let height = top + rows as f64 * ROW + 64.0;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="16">"##
    );
    let _ = writeln!(svg, "<title>{caption}</title>");
    let _ = writeln!(
        svg,
        r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M1,1 L9,5 L1,9" fill="none" stroke="#1f4e9c" stroke-width="1.5"/></marker></defs>"##
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="white"/>"##);
    let ys_s: Vec<f64> = (0..s.len()).map(y_of).collect();
    let ys_t: Vec<f64> = (0..t.len()).map(y_of).collect();
    // Trees first, so the labels sit on top.
    if dom_levels > 0 {
        Tree {
            svg: &mut svg,
            ys: &ys_s,
            next_leaf: 0,
            leaf_edge: xd - wd / 2.0,
            root_x: MARGIN + root_w / 2.0,
            levels: dom_levels,
            dir: 1.0,
        }
        .draw(f.domain().as_ref());
    }
    if cod_levels > 0 {
        Tree {
            svg: &mut svg,
            ys: &ys_t,
            next_leaf: 0,
            leaf_edge: xc + wc / 2.0,
            root_x: xc + wc / 2.0 + right_tree - root_w / 2.0,
            levels: cod_levels,
            dir: -1.0,
        }
        .draw(f.codomain().as_ref());
    }
    for (xs, ys, x, w, cls) in [
        (&s, &ys_s, xd, wd, "domain"),
        (&t, &ys_t, xc, wc, "codomain"),
    ] {
        for (k, (v, y)) in xs.iter().zip(ys.iter()).enumerate() {
            let _ = writeln!(
                svg,
                r##"<g class="{cls}" data-index="{}"><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="26" rx="4" fill="white" stroke="#999"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{v}</text></g>"##,
                k + 1,
                x - w / 2.0,
                y - 13.0,
                y + 5.5
            );
        }
    }
    for (i, v) in f.alpha().values().iter().enumerate() {
        if let Some(j) = v {
            let (x1, y1) = (xd + wd / 2.0 + 3.0, ys_s[i]);
            let (x2, y2) = (xc - wc / 2.0 - 3.0, ys_t[j - 1]);
            let _ = writeln!(
                svg,
                r##"<g class="arrow" data-from="{}" data-to="{j}"><line x1="{x1:.1}" y1="{:.1}" x2="{x1:.1}" y2="{:.1}" stroke="#1f4e9c" stroke-width="1.5"/><line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#1f4e9c" stroke-width="1.5" marker-end="url(#head)"/></g>"##,
                i + 1,
                y1 - 5.0,
                y1 + 5.0
            );
        }
    }
    let cy = top + rows as f64 * ROW + 26.0;
    let _ = writeln!(
        svg,
        r##"<text x="{:.1}" y="{cy:.1}" text-anchor="middle" font-size="14">{caption}</text><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="14" fill="#444">{layout}</text>"##,
        width / 2.0,
        width / 2.0,
        cy + 22.0
    );
    svg.push_str("</svg>\n");
    Ok(svg)
}
