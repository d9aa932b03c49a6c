//! Diagrams of the categorical layer as data: columns of entries joined by maps-to arrows, in
//! the paper's convention (the domain column on the left, the codomain on the right, **entry 1
//! at the bottom**, an arrow `|->` from each entry to its target, none for entries sent to `*`;
//! a nested tuple is drawn as a tree beside its column, its roots carrying the sizes of the
//! top-level modes). One [`Diagram`] is drawn by every renderer: [`super::draw`] lays it out
//! once for SVG ([`super::draw::svg`]) and TikZ ([`super::draw::tikz`]), and [`text`] prints it.
//!
//! The diagrams: a tuple morphism ([`morphism_diagram`]), a bare pointed map of `Fin_*`
//! ([`pointed_diagram`], with the base points `*` drawn), and the composition algorithm step
//! by step ([`composition_diagrams`]): the two morphisms, their mutual refinement, the pulled
//! back and pushed forward morphisms pasted along `T' ⊆ U'`, and the composite.

use super::nested::NestedMorphism;
use super::pointed::PointedMap;
use super::via::CompositionSteps;
use super::Result;
use crate::int::Int;
use crate::tree::{Builder, TreeRef};
use crate::tuple::IntTuple;
use std::fmt::Write;

/// One column of a diagram: its entries from entry 1 (drawn at the bottom) upwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The column's heading (e.g. `S`, `T' = (6,(2,3))`).
    pub heading: String,
    /// The entries' labels, entry 1 first.
    pub entries: Vec<String>,
    /// A nested tuple whose leaves are the first entries, drawn as a tree on the left.
    pub left_tree: Option<IntTuple>,
    /// A nested tuple whose leaves are the first entries, drawn as a tree on the right.
    pub right_tree: Option<IntTuple>,
}

impl Column {
    /// A column of `entries` under `heading`, without trees.
    pub fn new(heading: impl Into<String>, entries: Vec<String>) -> Column {
        Column {
            heading: heading.into(),
            entries,
            left_tree: None,
            right_tree: None,
        }
    }
}

/// An arrow from entry `from` of column `column` to entry `to` of column `column + 1`
/// (0-based entries; `None` is the base point `*`, drawn only by pointed diagrams).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The source column.
    pub column: usize,
    /// The source entry (`None`: `*`).
    pub from: Option<usize>,
    /// The target entry (`None`: `*`).
    pub to: Option<usize>,
}

/// A diagram: a title, columns side by side, arrows between neighbouring columns, and caption
/// lines underneath.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The heading above the diagram (may be empty).
    pub title: String,
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// Whether every column has a base point `*` below entry 1 (diagrams of `Fin_*`).
    pub base_points: bool,
    /// The arrows.
    pub arrows: Vec<Arrow>,
    /// Lines under the diagram (the morphism, its layout).
    pub caption: Vec<String>,
}

fn labels(t: &IntTuple) -> Vec<String> {
    t.leaves().map(|x| x.value().to_string()).collect()
}

/// The tree of a tuple when it is nested (a flat tuple is its column alone).
fn nested(t: &IntTuple) -> Option<IntTuple> {
    (!t.is_leaf() && t.depth() > 1).then(|| t.clone())
}

/// The arrows of `α` from column `column`, entries sent to `*` left out.
fn arrows_of(alpha: &PointedMap, column: usize) -> impl Iterator<Item = Arrow> + '_ {
    alpha.values().iter().enumerate().filter_map(move |(i, v)| {
        v.map(|j| Arrow {
            column,
            from: Some(i),
            to: Some(j - 1),
        })
    })
}

/// The diagram of a tuple morphism `f: S → T` over `α`: the column `S` (its tree if nested),
/// the column `T`, one arrow per entry not sent to `*`, and the caption `S -> T over α` and
/// `L = L_f`.
///
/// # Errors
/// [`crate::LayoutError::Overflow`] while computing the layout `L_f`.
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::morphism_diagram, NestedMorphism};
/// let f: NestedMorphism = "(64,64,3,8) -> (64,3) over (1,*,2,*)".parse()?;
/// let d = morphism_diagram(&f)?;
/// assert_eq!(d.columns[0].entries, ["64", "64", "3", "8"]);
/// assert_eq!(d.arrows.len(), 2); // entries sent to * have no arrow
/// assert_eq!(d.caption[1], "L = (64,64,3,8):(1,0,64,0)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn morphism_diagram(f: &NestedMorphism) -> Result<Diagram> {
    let mut s = Column::new("S", labels(f.domain()));
    s.left_tree = nested(f.domain());
    let mut t = Column::new("T", labels(f.codomain()));
    t.right_tree = nested(f.codomain());
    Ok(Diagram {
        title: String::new(),
        columns: vec![s, t],
        base_points: false,
        arrows: arrows_of(f.alpha(), 0).collect(),
        caption: vec![f.to_string(), format!("L = {}", f.to_layout()?)],
    })
}

/// Fails when `diagrams` hold more than [`crate::limits::MAX_DIAGRAM_ELEMENTS`] entries,
/// arrows and caption lines together: what a front end checks before it draws them as SVG,
/// PNG or TikZ, whose size grows with that number.
///
/// # Errors
/// [`crate::LayoutError::InvalidArgument`] naming the limit.
///
/// ```
/// use cute_layout::category::{diagram::{check_elements, morphism_diagram}, to_morphism};
/// let d = morphism_diagram(&to_morphism(&"(2,2):(1,2)".parse()?)?)?;
/// assert!(check_elements(&[d]).is_ok());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn check_elements(diagrams: &[Diagram]) -> Result<()> {
    let n = diagrams
        .iter()
        .map(|d| {
            d.columns.iter().map(|c| c.entries.len() + 1).sum::<usize>()
                + d.arrows.len()
                + d.caption.len()
        })
        .fold(0usize, usize::saturating_add);
    crate::limits::check(
        "morphism diagram",
        "entries, arrows and captions",
        i64::try_from(n).unwrap_or(i64::MAX),
        "MAX_DIAGRAM_ELEMENTS",
        crate::limits::MAX_DIAGRAM_ELEMENTS,
        "draw a morphism of fewer modes (group or coalesce the layout first)",
    )
}

/// The diagram of a bare pointed map `α: <m>_* → <n>_*` of `Fin_*`: two columns of points
/// `1..m` and `1..n` with the base point `*` at the bottom of each, an arrow from every point
/// to its image (to `*` for the points `α` sends there, and `* ↦ *`).
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::pointed_diagram, PointedMap};
/// let a = PointedMap::new(6, vec![Some(2), Some(1), None, Some(6)])?;
/// let d = pointed_diagram(&a);
/// assert!(d.base_points);
/// assert_eq!((d.columns[0].entries.len(), d.columns[1].entries.len()), (4, 6));
/// assert_eq!(d.arrows.len(), 5); // four points and the base point
/// assert_eq!(d.caption[0], "α = (2,1,*,6): <4>_* -> <6>_*");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn pointed_diagram(alpha: &PointedMap) -> Diagram {
    let points = |n: usize| (1..=n).map(|k| k.to_string()).collect::<Vec<_>>();
    let mut arrows = vec![Arrow {
        column: 0,
        from: None,
        to: None,
    }];
    arrows.extend(alpha.values().iter().enumerate().map(|(i, v)| Arrow {
        column: 0,
        from: Some(i),
        to: v.map(|j| j - 1),
    }));
    let (m, n) = (alpha.domain_len(), alpha.codomain_len());
    Diagram {
        title: String::new(),
        columns: vec![
            Column::new(format!("<{m}>_*"), points(m)),
            Column::new(format!("<{n}>_*"), points(n)),
        ],
        base_points: true,
        arrows,
        caption: vec![format!("α = {alpha}: <{m}>_* -> <{n}>_*")],
    }
}

/// The diagram of a mutual refinement `(T', U')`: the common leaves (the flattening of `U'`,
/// whose first entries are the flattening of `T'`), grouped into the entries of `T` by the tree
/// on the left and into the entries of `U` by the tree on the right.
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::refinement_diagram, mutual_refinement};
/// let p = |s: &str| s.parse().unwrap();
/// let (t2, u2) = mutual_refinement(&p("(6,6)"), &p("(12,3,6)")).unwrap();
/// let d = refinement_diagram(&t2, &u2);
/// assert_eq!(d.columns[0].entries, ["6", "2", "3", "6"]); // U' = ((6,2),3,6)
/// assert!(d.arrows.is_empty());
/// ```
pub fn refinement_diagram(t: &IntTuple, u: &IntTuple) -> Diagram {
    let mut leaves = Column::new(format!("T' = {t}   U' = {u}"), labels(u));
    leaves.left_tree = Some(rooted(t));
    leaves.right_tree = Some(rooted(u));
    Diagram {
        title: String::new(),
        columns: vec![leaves],
        base_points: false,
        arrows: Vec::new(),
        caption: vec![format!("T' = {t} refines T, U' = {u} refines U")],
    }
}

/// The top-level modes of `t` (an integer is its own one mode).
pub(crate) fn top_modes(t: &IntTuple) -> Vec<TreeRef<'_, Int>> {
    if t.is_leaf() {
        vec![t.as_ref()]
    } else {
        t.as_ref().modes().collect()
    }
}

/// `t` with every top-level integer `x` made the tuple `(x)`, so that its tree has a root per
/// entry of the tuple it refines (a refinement's unsplit entries included).
fn rooted(t: &IntTuple) -> IntTuple {
    let mut b = Builder::new();
    b.open();
    for m in top_modes(t) {
        if m.is_leaf() {
            b.open();
            b.push(m);
            b.close();
        } else {
            b.push(m);
        }
    }
    b.close();
    IntTuple { nodes: b.nodes }
}

/// The composition algorithm for `A ∘ B` (CuTe's `composition(A, B)`) drawn step by step, as the
/// paper draws it: (1) `f = f_B: S → T`; (2) `g = f_coal(A): U → V`; (3) the mutual refinement
/// `(T', U')` of `T` and `U`; (4) `f̃: S' → T'` and `g': U' → V'` pasted along `T' ⊆ U'`, the
/// arrows to be followed through; (5) the composite `g' ∘ i ∘ f̃: S' → V'` and its layout
/// coalesced to the shape of `B`, the result.
///
/// # Errors
/// [`crate::LayoutError::Overflow`] while computing the layouts of the captions.
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::composition_diagrams, via};
/// let (a, b) = ("(12,3,6):(1,72,12)".parse()?, "(6,6):(6,1)".parse()?);
/// let d = composition_diagrams(&via::composition_steps(&a, &b)?)?;
/// assert_eq!(d.len(), 5);
/// assert_eq!(d[3].columns.len(), 3); // S' | T' ⊆ U' | V'
/// assert!(d[4].caption.last().unwrap().ends_with("((2,3),6):((6,72),1)"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition_diagrams(s: &CompositionSteps) -> Result<Vec<Diagram>> {
    let titled = |title: String, mut d: Diagram| {
        d.title = title;
        d
    };
    let (t2, u2) = &s.refinement;
    let f = titled(
        format!("1. B = {} as f = f_B: S -> T", s.inner),
        morphism_diagram(&s.f)?,
    );
    let g = titled(
        format!("2. coalesce(A) = {} as g: U -> V", s.outer),
        relabel(morphism_diagram(&s.g)?, "U", "V"),
    );
    let refine = titled(
        "3. mutual refinement of T and U: T' refines T, U' refines U, flat(T') begins flat(U')"
            .into(),
        refinement_diagram(t2, u2),
    );
    let composite = titled(
        "5. the composite g' ∘ i ∘ f~: S' -> V', coalesced to the shape of B".into(),
        relabel(morphism_diagram(&s.composite)?, "S'", "V'"),
    );
    let mut composite = composite;
    composite
        .caption
        .push(format!("A ∘ B = coalesce(L, shape(B)) = {}", s.result));
    Ok(vec![f, g, refine, pasted(s), composite])
}

fn relabel(mut d: Diagram, left: &str, right: &str) -> Diagram {
    d.columns[0].heading = left.into();
    d.columns[1].heading = right.into();
    d
}

/// Step 4: `S' | T' ⊆ U' | V'`, the arrows of `f̃` into `T'` and of `g'` out of `U'`.
fn pasted(s: &CompositionSteps) -> Diagram {
    let (f, g) = (&s.pulled, &s.pushed);
    let mut left = Column::new("S'", labels(f.domain()));
    left.left_tree = nested(f.domain());
    let middle = Column::new("T' ⊆ U'", labels(g.domain()));
    let mut right = Column::new("V'", labels(g.codomain()));
    right.right_tree = nested(g.codomain());
    Diagram {
        title:
            "4. f~ = f pulled back along T', g' = g pushed forward along U', pasted along T' ⊆ U'"
                .into(),
        columns: vec![left, middle, right],
        base_points: false,
        arrows: arrows_of(f.alpha(), 0)
            .chain(arrows_of(g.alpha(), 1))
            .collect(),
        caption: vec![format!("f~ = {f}"), format!("g' = {g}")],
    }
}

/// The size of a nested tuple (saturating), the label of a tree's root.
pub(crate) fn size_label(t: &IntTuple) -> String {
    t.leaves()
        .map(Int::value)
        .fold(1i64, i64::saturating_mul)
        .to_string()
}

/// The number (1-based) of the top-level mode of `t` that holds each leaf.
fn leaf_modes(t: &IntTuple) -> Vec<usize> {
    top_modes(t)
        .iter()
        .enumerate()
        .flat_map(|(k, m)| std::iter::repeat_n(k + 1, m.leaves().count()))
        .collect()
}

/// The text of row `r` (0 at the bottom) of column `c`: the entry, `[k]` before it for the mode
/// `k` of the left tree that holds it and after it for the right tree's, and `↦ j` for its
/// arrow.
fn cell_text(d: &Diagram, c: usize, r: usize) -> String {
    let col = &d.columns[c];
    let base = usize::from(d.base_points);
    let entry = match r.checked_sub(base) {
        None => None, // the base point
        Some(i) if i < col.entries.len() => Some(i),
        Some(_) => return String::new(),
    };
    let mut text = entry.map_or("*".to_string(), |i| col.entries[i].clone());
    let mode = |t: &Option<IntTuple>| {
        let i = entry?;
        t.as_ref().and_then(|t| leaf_modes(t).get(i).copied())
    };
    if let Some(k) = mode(&col.left_tree) {
        text = format!("[{k}] {text}");
    }
    if let Some(k) = mode(&col.right_tree) {
        text = format!("{text} [{k}]");
    }
    let arrow = d.arrows.iter().find(|a| a.column == c && a.from == entry);
    if let Some(a) = arrow {
        let to = a.to.map_or("*".to_string(), |j| (j + 1).to_string());
        text = format!("{text} ↦ {to}");
    }
    text
}

/// A diagram as text: the title, then one line per row from the top row down, each column's
/// entry followed by its arrow `↦ k` (the target's 1-based row in the next column, `*` for the
/// base point), then the caption. A tree is shown as the number `[k]` of its top-level mode
/// that holds the entry, on its side.
///
/// # Examples
/// ```
/// use cute_layout::category::{diagram::{morphism_diagram, text}, NestedMorphism};
/// let f: NestedMorphism = "(6,6) -> (6,6) over (2,1)".parse()?;
/// let t = text(&[morphism_diagram(&f)?]);
/// assert_eq!(t.lines().next().unwrap(), "   S       T");
/// assert_eq!(t.lines().nth(1).unwrap(), "2  6 ↦ 1   6");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn text(diagrams: &[Diagram]) -> String {
    let mut out = String::new();
    for (k, d) in diagrams.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        text_one(&mut out, d);
    }
    out
}

fn text_one(out: &mut String, d: &Diagram) {
    if !d.title.is_empty() {
        let _ = writeln!(out, "{}", d.title);
    }
    let base = usize::from(d.base_points);
    let rows = d.columns.iter().map(|c| c.entries.len()).max().unwrap_or(0) + base;
    // per column: the cell texts of each row, and the width of the column
    let cells: Vec<Vec<String>> = (0..d.columns.len())
        .map(|c| (0..rows).map(|r| cell_text(d, c, r)).collect())
        .collect();
    let widths: Vec<usize> = d
        .columns
        .iter()
        .zip(&cells)
        .map(|(col, cs)| {
            cs.iter()
                .chain(std::iter::once(&col.heading))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row_w = rows.to_string().len();
    let mut line = format!("{:row_w$}  ", "");
    for (col, w) in d.columns.iter().zip(&widths) {
        let _ = write!(line, "{:<w$}   ", col.heading);
    }
    let _ = writeln!(out, "{}", line.trim_end());
    for r in (0..rows).rev() {
        let name = if base == 1 && r == 0 {
            "*".to_string()
        } else {
            (r + 1 - base).to_string()
        };
        let mut line = format!("{name:>row_w$}  ");
        for (cs, w) in cells.iter().zip(&widths) {
            let _ = write!(line, "{:<w$}   ", cs[r]);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for c in &d.caption {
        let _ = writeln!(out, "{c}");
    }
}
