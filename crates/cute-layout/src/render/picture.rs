//! What a picture command draws, by the kind of value an expression yields: a layout-like value
//! ([`Subject`]: a grid, TikZ or SVG), a tiled MMA or copy (CuTe's `print_latex` figure,
//! [`super::atom`]), or a tensor of coordinates (CuTe's `print_tensor`, [`print_tensor`], and
//! an SVG grid of the coordinates).

use super::atom::figure;
use super::svg::svg_panels;
use super::{coordinate_panels, grid_opts, print_tensor, subject_of, Coloring, Options, Subject};
use crate::basis::IdentityTensor;
use crate::error::{LayoutError, Result, Warning};
use crate::eval::{parse_with_warnings, Call, Expr};
use crate::notation::atom::AtomObject;
use crate::value::Value;

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
/// use cute_layout::render::{picture, Picture};
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
    let (parsed, warnings) = parse_with_warnings(expr)?;
    let p = match parsed {
        Expr::Value(v) => picture_of(expr, None, &v)?,
        Expr::Call(call) => picture_of(expr, Some(&call), &call.apply()?)?,
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
/// use cute_layout::{eval::eval, render::{picture_of, Picture}};
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
/// use cute_layout::{eval::eval, render::has_picture};
/// for drawn in ["(4,8):(1,4)", "make_identity_tensor((4,8))", "(4,8):(1@0,1@1)",
///               "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)"] {
///     assert!(has_picture(&eval(drawn)?), "{drawn}");
/// }
/// assert!(!has_picture(&eval("(4,8)")?));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn has_picture(value: &Value) -> bool {
    value.as_any_layout().is_some()
        || AtomObject::of(value).is_some()
        || coordinates(value).is_some()
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
    /// use cute_layout::render::{picture, Options};
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
                hint: "print it without --color tile or --highlight",
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
    /// use cute_layout::render::{picture, Options};
    /// let (p, _) = picture("make_identity_tensor((2,3))")?;
    /// let svg = p.svg(&Options::default())?;
    /// assert!(svg.contains(">(1,2)</text>"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn svg(&self, options: &Options) -> Result<String> {
        match self {
            Picture::Layout(s) => super::svg(s, options),
            Picture::Atom { object, .. } => super::atom::svg_atom(&figure(object)?, options),
            Picture::Coordinates(t)
                if options.coloring != Coloring::Offset || options.highlight.is_some() =>
            {
                Err(LayoutError::InvalidArgument {
                    op: "svg",
                    detail: format!("{t} is a tensor of coordinates, drawn in one color"),
                    hint: "draw it without --color or --highlight",
                })
            }
            Picture::Coordinates(t) => Ok(svg_panels(&t.to_string(), &coordinate_panels(t)?)),
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
    /// use cute_layout::render::picture;
    /// let (p, _) = picture("make_identity_tensor((4,8))")?;
    /// assert!(p.into_subject("print_latex").unwrap_err().to_string().contains("cute show"));
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn into_subject(self, op: &'static str) -> Result<Subject> {
        match self {
            Picture::Layout(s) => Ok(s),
            Picture::Atom { title, object } => Err(atom_refusal(op, &title, &object)),
            Picture::Coordinates(t) => Err(LayoutError::InvalidArgument {
                op,
                detail: format!("{t} is a tensor of coordinates, not a layout"),
                hint: COORDINATES_HINT,
            }),
        }
    }
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
pub(crate) const ATOM_HINT: &str = "draw CuTe's print_latex figure of it with `cute latex` or `cute svg`, print it with `cute atom` (`--get A|B|C|tile_size` of a tiled MMA, `--get S|D` of a tiled copy), or show one TV layout: cute show 'get_layoutC_TV(MMA)' (A, B; of a copy: get_layoutS_TV, get_layoutD_TV)";

/// What prints a tensor of coordinates.
pub(crate) const COORDINATES_HINT: &str =
    "print its coordinates with `cute show` (CuTe's print_tensor), or draw them with `cute svg`";

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
