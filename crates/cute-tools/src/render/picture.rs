//! What a picture command draws, by the kind of value an expression yields: a layout-like value
//! ([`Subject`]: a grid, TikZ or SVG), a tiled MMA or copy (CuTe's `print_latex` figure,
//! [`super::atom`]), or a tensor of coordinates (CuTe's `print_tensor`, [`print_tensor`], and
//! an SVG grid of the coordinates).

use super::atom::{figure, latex_atom, AtomFigure, PDFLATEX_NODES};
use super::svg::svg_panels;
use super::{
    coordinate_panels, grid_opts, latex_opts, print_tensor, subject_of, Coloring, Options, Subject,
};
use crate::eval::{prepare, Call, Prepared};
use crate::expr::parse;
use cute_layout::basis::IdentityTensor;
use cute_layout::error::{LayoutError, Result, Warning};
use cute_layout::notation::atom::AtomObject;
use cute_layout::notation::Syntax;
use cute_layout::value::Value;

/// What an expression draws (see [`picture`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // built once per picture and matched at once
pub enum Picture {
    /// A layout-like value: `show` prints its grid, `latex` and `svg` draw it.
    Layout(Subject),
    /// An MMA atom, a copy atom, a tiled MMA or a tiled copy: `latex` and `svg` draw the
    /// figure of CuTe's `print_latex` ([`super::atom::figure`]); it has no text grid.
    Atom {
        /// The expression and its value, as a [`Subject`]'s title reads.
        title: String,
        /// The atom or tiled object.
        object: AtomObject,
    },
    /// An identity tensor, or a scaled-basis layout read as the tensor over the zero
    /// coordinate: `show` prints CuTe's `print_tensor`, `svg` a grid of the coordinates; C++
    /// has no `print_latex` of it.
    Coordinates(IdentityTensor),
}

/// Evaluates what to draw, as [`super::subject`] does, but takes tiled MMAs and copies (and
/// their atoms) and tensors of coordinates too; the warnings of the evaluation come beside it.
///
/// # Errors
/// Parse and evaluation errors; the errors of [`subject_of`] for other values.
///
/// # Examples
/// ```
/// use cute_tools::render::{picture, Picture};
/// let (p, _) = picture("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))")?;
/// assert!(matches!(p, Picture::Atom { .. }));
/// let (p, _) = picture("(4,8):(1@0,1@1)")?;
/// assert!(matches!(p, Picture::Coordinates(_)));
/// let (p, warnings) = picture("logical_divide(10:1, 4)")?;
/// assert!(matches!(p, Picture::Layout(_)));
/// assert!(warnings[0].to_string().contains("needs predication"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn picture(expr: &str) -> Result<(Picture, Vec<Warning>)> {
    let expr = expr.trim();
    let (parsed, warnings) = prepare(parse(expr, Syntax::Cute))?;
    let p = match parsed {
        Prepared::Value(v) => picture_of(expr, None, &v)?,
        Prepared::Call(call) => picture_of(expr, Some(&call), &call.apply()?)?,
    };
    Ok((p, warnings))
}

/// [`picture`] of an expression already evaluated (see [`subject_of`]).
///
/// # Errors
/// The errors of [`subject_of`] for a value that is neither an atom nor a tensor of
/// coordinates.
///
/// ```
/// use cute_tools::{eval::eval, render::{picture_of, Picture}};
/// let v = eval("make_identity_tensor((4,8))")?;
/// assert!(matches!(picture_of("make_identity_tensor((4,8))", None, &v)?, Picture::Coordinates(_)));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn picture_of(expr: &str, call: Option<&Call>, value: &Value) -> Result<Picture> {
    let expr = expr.trim();
    if let Some(object) = AtomObject::of(value) {
        return Ok(Picture::Atom {
            title: titled(expr, value),
            object,
        });
    }
    Ok(match coordinates(value) {
        Some(t) => Picture::Coordinates(t),
        None => Picture::Layout(subject_of(expr, call, value)?),
    })
}

/// Whether `value` has a picture, which [`picture_of`] draws: a layout-like value
/// ([`Value::as_any_layout`], an integer `n` as `n:1`), an atom, a tiled MMA or copy, or a
/// tensor of coordinates. Front ends that show any value (the playground) draw only these.
///
/// ```
/// use cute_tools::{eval::eval, render::has_picture};
/// for drawn in ["(4,8):(1,4)", "make_identity_tensor((4,8))", "(4,8):(1@0,1@1)",
///               "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)",
///               "to_linear_layout((_8,_16):(_16,_1))"] {
///     assert!(has_picture(&eval(drawn)?), "{drawn}");
/// }
/// assert!(!has_picture(&eval("(4,8)")?));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn has_picture(value: &Value) -> bool {
    value.as_any_layout().is_some()
        || AtomObject::of(value).is_some()
        || coordinates(value).is_some()
        || linear_with_cute_form(value)
}

/// A linear layout with a CuTe form to draw (`from_linear_layout`: a layout, a swizzled layout
/// or a TV layout).
fn linear_with_cute_form(value: &Value) -> bool {
    use cute_layout::linear::convert::from_linear_layout;
    match value {
        Value::Linear(l) => from_linear_layout(l).is_ok_and(|f| drawable_form(&f)),
        _ => false,
    }
}

/// Whether a CuTe form has integer strides to draw (several CTAs: its form over the tensor).
fn drawable_form(form: &cute_layout::linear::convert::CuteForm) -> bool {
    use cute_layout::linear::convert::CuteForm;
    match form {
        CuteForm::Layout(_) | CuteForm::Swizzled(_) | CuteForm::Tv(_) => true,
        CuteForm::Cga { form, .. } => drawable_form(form),
        CuteForm::F2(_) | CuteForm::F2Tv { .. } | CuteForm::Linear { .. } => false,
    }
}

/// The tensor of coordinates `value` is: an identity tensor, or a scaled-basis layout read as
/// the tensor over the zero coordinate.
fn coordinates(value: &Value) -> Option<IdentityTensor> {
    match value {
        Value::IdentityTensor(t) => Some((**t).clone()),
        Value::Basis(l) => Some(IdentityTensor::new((**l).clone())),
        _ => None,
    }
}

/// `expr = value`, or the value alone where `expr` is its text.
fn titled(expr: &str, value: &Value) -> String {
    let v = value.to_string();
    if v == expr {
        v
    } else {
        format!("{expr} = {v}")
    }
}

impl Picture {
    /// The text `cute show` prints: a layout's grid ([`grid_opts`]), a tensor of coordinates'
    /// `print_tensor` ([`print_tensor`]).
    ///
    /// # Errors
    /// The errors of [`grid_opts`] and [`print_tensor`]; [`LayoutError::InvalidArgument`]
    /// for an atom (which has no grid: the hint names what draws it) and for colors or a
    /// highlight of a tensor of coordinates.
    ///
    /// ```
    /// use cute_tools::render::{picture, Options};
    /// let (p, _) = picture("make_identity_tensor((2,2))")?;
    /// assert_eq!(p.text(&Options::default())?, "ArithTuple(_0,_0) o (2,2):(_1@0,_1@1):\n  (0,0)  (0,1)\n  (1,0)  (1,1)\n");
    /// let (p, _) = picture("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)")?;
    /// assert!(p.text(&Options::default()).unwrap_err().to_string().contains("cute latex"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn text(&self, options: &Options) -> Result<String> {
        let marked = options.highlight.is_some() || options.coloring == Coloring::Tile;
        match self {
            Picture::Layout(s) => grid_opts(s, options),
            Picture::Coordinates(t) if marked => Err(LayoutError::InvalidArgument {
                op: "print_tensor",
                detail: format!("{t} is a tensor of coordinates, which has no tiles to mark"),
                hint: "print it without a tile coloring or a highlight (cute show: --color tile, --highlight)",
            }),
            Picture::Coordinates(t) => print_tensor(t),
            Picture::Atom { title, object } => Err(atom_refusal("print_layout", title, object)),
        }
    }

    /// The SVG picture: a layout's ([`super::svg()`]), an atom's figure
    /// ([`super::atom::svg_atom`]), or the grid of a tensor of coordinates, each cell showing
    /// the coordinate it holds (slabs for rank > 2, as a layout's).
    ///
    /// # Errors
    /// The errors of those renderers; more than [`super::MAX_PICTURE_CELLS`] coordinates;
    /// [`LayoutError::InvalidArgument`] for colors or a highlight of a tensor of coordinates.
    ///
    /// ```
    /// use cute_tools::render::{picture, Options};
    /// let (p, _) = picture("make_identity_tensor((2,3))")?;
    /// let svg = p.svg(&Options::default())?;
    /// assert!(svg.contains(">(1,2)</text>"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn svg(&self, options: &Options) -> Result<String> {
        match self {
            Picture::Layout(s) => super::svg(s, options),
            Picture::Atom { title, object } => {
                super::atom::svg_atom_titled(&figure(object)?, title, options)
            }
            Picture::Coordinates(t)
                if options.coloring != Coloring::Offset || options.highlight.is_some() =>
            {
                Err(LayoutError::InvalidArgument {
                    op: "svg",
                    detail: format!("{t} is a tensor of coordinates, drawn in one color"),
                    hint: "draw it without a coloring or a highlight (cute: --color, --highlight; Python: tiles=True)",
                })
            }
            Picture::Coordinates(t) => Ok(svg_panels(&t.to_string(), &coordinate_panels(t)?, None)),
        }
    }

    /// The LaTeX picture, as `cute latex EXPR` writes it: a layout's CuTe `print_latex`
    /// document ([`latex_opts`]), an atom's figure (CuTe's `print_latex` of a tiled MMA or
    /// copy, byte for byte: [`latex_atom`]). [`Picture::latex_with_warnings`] says besides
    /// when the figure is too large for `pdflatex`.
    ///
    /// # Errors
    /// The errors of [`latex_opts`] and [`figure`]; [`LayoutError::InvalidArgument`] for
    /// colors or a highlight of an atom (C++'s figure has its own colors) and for a tensor of
    /// coordinates (C++ has no `print_latex` of it).
    ///
    /// ```
    /// use cute_tools::render::{picture, Coloring, Options};
    /// let (p, _) = picture("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))")?;
    /// let tex = p.latex(&Options::default())?;
    /// assert!(tex.starts_with("% LayoutC: ArithTuple(_0,_0) o ((_4,_8,_2),((_2,_2),(_1,_1))):"));
    /// let warp = Options { coloring: Coloring::Warp, ..Options::default() };
    /// assert!(p.latex(&warp).unwrap_err().to_string().contains("takes no coloring"));
    /// let (p, _) = picture("(2,2):(1,2)")?;
    /// assert!(p.latex(&Options::default())?.contains("\\node[fill=black!40] at (1,0) {1};\n"));
    /// let (p, _) = picture("make_identity_tensor((4,8))")?;
    /// assert!(p.latex(&Options::default()).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn latex(&self, options: &Options) -> Result<String> {
        self.latex_with_warnings(options).map(|(tex, _)| tex)
    }

    /// [`Picture::latex`], and a warning where an atom's figure has more TikZ nodes than
    /// `pdflatex`'s default main memory holds ([`PDFLATEX_NODES`]; the document stays
    /// C++'s).
    ///
    /// # Errors
    /// As [`Picture::latex`].
    ///
    /// ```
    /// use cute_tools::render::{picture, Options};
    /// let big = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_4,_2,_1),(_128,_128,_32))";
    /// let (_, warnings) = picture(big)?.0.latex_with_warnings(&Options::default())?;
    /// assert!(warnings[0].to_string().contains("24576 TikZ nodes"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn latex_with_warnings(&self, options: &Options) -> Result<(String, Vec<Warning>)> {
        match self {
            Picture::Layout(s) => Ok((latex_opts(s, options)?, Vec::new())),
            Picture::Atom { object, .. } => atom_latex(object, options),
            Picture::Coordinates(t) => Err(coordinates_refusal("print_latex", t)),
        }
    }

    /// The layout-like value to draw, for the front ends that draw only those (`op` names the
    /// drawing).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for an atom or a tensor of coordinates, with a hint
    /// naming what draws it.
    ///
    /// ```
    /// use cute_tools::render::picture;
    /// let (p, _) = picture("make_identity_tensor((4,8))")?;
    /// assert!(p.into_subject("print_latex").unwrap_err().to_string().contains("cute show"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn into_subject(self, op: &'static str) -> Result<Subject> {
        match self {
            Picture::Layout(s) => Ok(s),
            Picture::Atom { title, object } => Err(atom_refusal(op, &title, &object)),
            Picture::Coordinates(t) => Err(coordinates_refusal(op, &t)),
        }
    }
}

/// CuTe's `print_latex` figure of an atom ([`latex_atom`]), which takes no colors or
/// highlight, and the warning of a figure too large for `pdflatex`.
fn atom_latex(object: &AtomObject, options: &Options) -> Result<(String, Vec<Warning>)> {
    let fig = figure(object)?;
    if options.coloring != Coloring::Offset || options.highlight.is_some() {
        return Err(LayoutError::InvalidArgument {
            op: "print_latex",
            detail: format!(
                "the LaTeX of {} is CuTe's figure, which takes no coloring or highlight",
                object_kind(object)
            ),
            hint: "draw it without them (cute: --color, --highlight; Python: tiles=True), or as SVG, which takes them",
        });
    }
    let warning = pdflatex_warning(&fig);
    Ok((latex_atom(&fig), warning.into_iter().collect()))
}

/// Why `op` does not draw a tensor of coordinates, and what does.
fn coordinates_refusal(op: &'static str, t: &IdentityTensor) -> LayoutError {
    LayoutError::InvalidArgument {
        op,
        detail: format!("{t} is a tensor of coordinates, not a layout"),
        hint: COORDINATES_HINT,
    }
}

/// The warning that `figure`'s LaTeX has more TikZ nodes (one per cell) than `pdflatex`'s
/// default main memory holds (NVIDIA/cutlass PR #1733).
fn pdflatex_warning(figure: &AtomFigure) -> Option<Warning> {
    let nodes: usize = figure.panels.iter().map(|p| p.cells.len()).sum();
    (nodes > PDFLATEX_NODES).then(|| Warning {
        op: "print_latex",
        message: format!(
            "{nodes} TikZ nodes, more than pdflatex's default memory holds (NVIDIA/cutlass PR #1733); \
             draw it as SVG (cute svg, cute atom --svg; Python: svg(expr)), or try lualatex"
        ),
    })
}

/// Why `op` does not draw an atom, and what does.
fn atom_refusal(op: &'static str, title: &str, object: &AtomObject) -> LayoutError {
    LayoutError::InvalidArgument {
        op,
        detail: format!("{title} is {}, not a layout", object_kind(object)),
        hint: ATOM_HINT,
    }
}

/// What draws an atom, a tiled MMA or a tiled copy.
pub(crate) const ATOM_HINT: &str = "draw CuTe's print_latex figure of it with latex or svg (`cute latex EXPR`, `cute svg EXPR`; Python: latex(expr), svg(expr)), print it with `cute atom` (`--get A|B|C|tile_size` of a tiled MMA, `--get S|D` of a tiled copy), or show one of its TV layouts with show (`cute show 'get_layoutC_TV(MMA)'`; A, B; of a copy: get_layoutS_TV, get_layoutD_TV; Python: show(expr))";

/// What prints a tensor of coordinates.
pub(crate) const COORDINATES_HINT: &str = "print its coordinates with show (CuTe's print_tensor: `cute show`, Python's show(expr)), or draw them with svg (`cute svg`, Python's svg(expr))";

/// `an MMA atom`, `a tiled copy`, ...
fn object_kind(object: &AtomObject) -> &'static str {
    match object {
        AtomObject::Mma(_) => "an MMA atom",
        AtomObject::Copy(_) => "a copy atom",
        AtomObject::TiledMma(_) => "a tiled MMA",
        AtomObject::TiledCopy(_) => "a tiled copy",
        AtomObject::Smem(_) => "a shared-memory layout atom",
    }
}
