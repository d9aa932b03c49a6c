//! The operation registry: every operation `cute eval` knows, declared once.
//!
//! An [`Operation`] holds CuTe's name (and aliases), its parameters with the kinds of values
//! each accepts, the result kind, a one-line description, an example with its expected output,
//! the function that applies it, what the renderer needs to color its result by tile, and its
//! [`TensorForm`]: what it does with a tensor `L+o` (keep the offset, add to it, answer for the
//! layout, take the tensor whole, or refuse it: never drop the offset).
//! `cute eval`, `cute ops`, `cute explain`, the renderer and the user guide's list
//! (`docs/guide/operations.md`) read this table; a test evaluates every example. Adding an
//! operation is one entry in `table.rs` plus its algebra function.
//!
//! ```
//! use cute_tools::registry::{call, lookup};
//! use cute_layout::value::Value;
//! let op = lookup("take").unwrap();
//! assert_eq!(op.signature, "take(L, begin, end)");
//! let l: Value = "(4,8):(1,4)".parse()?;
//! assert_eq!(call("size", vec![l])?.to_string(), "32");
//! let t: Value = "(4,(8,2))".parse()?;
//! assert_eq!(call("get", vec![t, "1".parse()?])?.to_string(), "(8,2)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

mod args;
mod atoms;
mod check;
mod f2;
mod identity;
mod linear;
mod ordinary;
mod solve;
mod swizzled;
mod symbolic;
mod table;
mod table_algebra;
mod table_analysis;
mod table_atoms;
mod table_category;
mod table_construction;
mod table_coordinates;
mod table_f2;
mod table_linear;
mod table_queries;
mod table_swizzles;
mod table_symbolic;
mod table_tensors;
mod table_tuples;
mod table_tv;
mod table_whitepaper;
mod tensor;

pub(crate) use args::Args;
pub use linear::triton_text;
pub(crate) use symbolic::{
    apply_traced as apply_symbolic_traced, has_form as has_symbolic_form, is_symbolic,
};
pub use tensor::TensorForm;

use cute_layout::basis::IdentityTensor;
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::value::{Arguments, Kind, Kinds, Value};
use fnv::FnvHashMap;
use std::sync::OnceLock;

impl Param {
    /// The parameter's name and the kinds it accepts, as errors say what an argument must be:
    /// `` `L`: layout or integer ``.
    pub(crate) fn accepted(&self) -> String {
        let mut names: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
        names.dedup();
        format!("`{}`: {}", self.name, names.join(" or "))
    }
}

/// How a parameter may be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// It must be given.
    Required,
    /// It may be left out (the operation's default applies).
    Optional,
    /// Any number of further arguments, each of these kinds.
    Variadic,
}

/// One parameter of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name in the signature (`L`, `tiler`, ...).
    pub name: &'static str,
    /// The kinds of values it accepts.
    pub kinds: &'static [Kind],
    /// Whether it must be given.
    pub presence: Presence,
    /// Whether C++ takes it as a template argument (`recast_layout<Old,New>(L)`), written last.
    pub template: bool,
}

/// Which modes of an operation's result count tiles, for `--color tile` pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tiles {
    /// The result has no tiles.
    None,
    /// `logical_divide` / `logical_product`: mode 1 of a layout tiler's result, or `(i, 1)` for
    /// each mode `i` of a tuple tiler that is not `_`.
    Logical,
    /// `zipped_*`: mode 1.
    Zipped,
    /// `tiled_*`: modes 1 and up.
    Tiled,
    /// `flat_*`: the modes after those of the tile.
    Flat,
    /// `blocked_product`: `(i, 1)` for each mode `i`.
    Blocked,
    /// `raked_product`: `(i, 0)` for each mode `i`.
    Raked,
    /// `complement(L, n)`: drawn as `(L, complement(L, n))`, tiled by mode 1.
    Complement,
    /// `composition(A, B)`, `local_tile`, `local_partition`: the result is a part of `A`, drawn
    /// inside it; a tile is a column of the result (modes 1 and up), or each element of a
    /// rank-1 result.
    Composition,
    /// `get_layoutA_TV` / `B` / `C` of a tiled MMA: the result is a (thread, value) layout
    /// over the MMA's tile of modes `(rows, cols)` of `(M, N, K)`, drawn as a TV picture.
    MmaTv {
        /// The mode of `(M, N, K)` along the tile's rows.
        rows: usize,
        /// The mode of `(M, N, K)` along the tile's columns.
        cols: usize,
    },
    /// `get_layoutS_TV` / `D` of a tiled copy: a (thread, value) layout over its `Tiler_MN`,
    /// drawn as a TV picture.
    CopyTv,
}

/// The form of an operation on an identity tensor: the position of the tensor argument, and
/// the function applying it (the tensor, and whether it was given as a scaled-basis layout).
#[derive(Clone, Copy)]
pub struct IdentityForm {
    /// The position of the identity tensor among the arguments.
    pub position: usize,
    /// Applies the operation to the tensor.
    pub(crate) apply: fn(&Args, IdentityTensor, bool) -> Result<Value>,
}

/// One operation, declared once.
#[derive(Clone, Copy)]
pub struct Operation {
    /// CuTe's name.
    pub name: &'static str,
    /// Other names accepted for it (`group_modes` for `group`).
    pub aliases: &'static [&'static str],
    /// How it is called, e.g. `logical_divide(L, tiler)`.
    pub signature: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// An example expression.
    pub example: &'static str,
    /// What `example` evaluates to (a test checks it).
    pub expected: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
    /// The kind of its result (the most common one where it depends on the arguments).
    pub result: Kind,
    /// Applies it to arguments of the declared kinds (its ordinary form).
    pub(crate) apply: fn(&Args) -> Result<Value>,
    /// Its form where an argument is a swizzle or a composed layout, if it has one; `apply`
    /// never sees those unless a parameter declares them.
    pub(crate) swizzled: Option<fn(&Args) -> Result<Value>>,
    /// Which modes of the result count tiles.
    pub tiles: Tiles,
    /// Whether a composed layout as first argument is handled by applying the operation to its
    /// inner layout and wrapping the result again (CuTe's structural operations on
    /// `ComposedLayout`).
    pub forwards_composed: bool,
    /// The operation's form on identity tensors, if it has one.
    pub identity: Option<IdentityForm>,
    /// Its form where an argument is an F2 layout (`f2::...`), if it has one.
    pub(crate) f2: Option<fn(&Args) -> Result<Value>>,
    /// What it does with a tensor `L+o` (or a swizzled tensor `CL+o`) as argument: keep the
    /// offset, add to it, answer for the layout, take the tensor whole, or refuse it.
    pub tensor: TensorForm,
}

impl std::fmt::Debug for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Operation")
            .field("name", &self.name)
            .field("signature", &self.signature)
            .finish_non_exhaustive()
    }
}

impl Operation {
    /// The fewest and the most arguments it takes.
    ///
    /// ```
    /// let op = cute_tools::registry::lookup("complement").unwrap();
    /// assert_eq!(op.arity(), (1, 2));
    /// ```
    pub fn arity(&self) -> (usize, usize) {
        let min = self
            .params
            .iter()
            .filter(|p| p.presence == Presence::Required)
            .count();
        let variadic = self.params.iter().any(|p| p.presence == Presence::Variadic);
        (
            min,
            if variadic {
                usize::MAX
            } else {
                self.params.len()
            },
        )
    }

    /// Whether the operation takes a swizzle or a composed layout: it has a swizzled form, or
    /// some parameter declares one.
    fn has_swizzled_form(&self) -> bool {
        self.swizzled.is_some()
            || self
                .params
                .iter()
                .any(|p| p.kinds.iter().any(|k| k.is_swizzled()))
    }

    /// Applies the operation to `args`: its form on tensors, identity tensors or composed
    /// layouts when one is given, else its `apply`; every argument first checked against the
    /// declared parameters (`registry/check.rs`).
    ///
    /// # Errors
    /// Wrong arguments ([`LayoutError::InvalidArgument`]) and the operation's own errors.
    pub fn call(&'static self, args: impl Into<Arguments>) -> Result<Value> {
        let args = args.into();
        match args.iter().position(tensor::is_tensor) {
            Some(first) => tensor::apply(self, args, first),
            None => self.call_plain(&args),
        }
    }

    /// [`Operation::call`] of borrowed arguments (a tensor argument's form, which replaces the
    /// tensor by its layout, works on a copy).
    pub(crate) fn call_ref(&'static self, args: &[Value]) -> Result<Value> {
        if args.iter().any(tensor::is_tensor) {
            return self.call(args.iter().cloned().collect::<Arguments>());
        }
        self.call_plain(args)
    }

    /// [`Operation::call`] once a tensor argument is dealt with by its [`TensorForm`]: the
    /// arguments checked, then the special form where an argument is of a
    /// [`Kinds::SPECIAL`] kind, else straight to `apply`.
    fn call_plain(&'static self, args: &[Value]) -> Result<Value> {
        cute_layout::budget::charge(cute_layout::budget::CALL_COST, self.name)?;
        // symbolic extents have their own forms, which check their arguments themselves
        if symbolic::is_symbolic(args) {
            return symbolic::apply(self, args);
        }
        let a = Args::new(self, args);
        self.check_arguments(&a)?;
        if Kinds::of_values(args).meets(Kinds::SPECIAL) {
            self.special_form(&a)
        } else {
            (self.apply)(&a)
        }
    }

    /// The parameter argument `i` is given for (the variadic one past the end).
    fn param(&self, i: usize) -> Option<&Param> {
        self.params.get(i).or(self
            .params
            .last()
            .filter(|p| p.presence == Presence::Variadic))
    }

    /// The call of checked arguments of which one is of a [`Kinds::SPECIAL`] kind: the
    /// F2 form where an argument is an F2 layout, the identity-tensor form where one is at its
    /// position, the inner layout where the operation
    /// forwards a composed layout, the swizzled form where an argument is swizzled, else
    /// `apply` (which takes the special kinds its parameters declare).
    fn special_form(&'static self, a: &Args) -> Result<Value> {
        if let (Some(form), true) = (self.f2, a.items.iter().any(|v| v.kind() == Kind::F2)) {
            return form(a);
        }
        if let Some(form) = self.identity {
            match a.items.get(form.position) {
                Some(Value::IdentityTensor(t)) => return (form.apply)(a, (**t).clone(), false),
                Some(Value::Basis(b)) => {
                    return (form.apply)(a, IdentityTensor::new((**b).clone()), true)
                }
                _ => {}
            }
        }
        if let (Some(Value::Composed(cl)), true) = (a.items.first(), self.forwards_composed) {
            return swizzled::forward(a, cl);
        }
        match self.swizzled {
            Some(form) if a.items.iter().any(|v| v.kind().is_swizzled()) => form(a),
            _ => (self.apply)(a),
        }
    }
}

/// Every operation, in the order `cute ops` lists them.
///
/// ```
/// let ops = cute_tools::registry::operations();
/// assert!(ops.iter().any(|o| o.name == "logical_divide"));
/// ```
pub fn operations() -> &'static [Operation] {
    &table::OPERATIONS
}

/// The operation called `name` or one of its aliases.
///
/// ```
/// use cute_tools::registry::lookup;
/// assert_eq!(lookup("logical_divide").unwrap().signature, "logical_divide(L, tiler)");
/// assert!(lookup("logical_divid").is_none());
/// ```
pub fn lookup(name: &str) -> Option<&'static Operation> {
    by_name().get(name).copied()
}

/// Every name and alias with its operation: [`operations`] indexed for [`lookup`], built once
/// from it (the table stays the one list of operations).
/// Hashed with FNV-1a (the `fnv` crate): names are a few bytes long, and one hash and one
/// comparison cost less than the eight comparisons of a binary search (or SipHash).
fn by_name() -> &'static FnvHashMap<&'static str, &'static Operation> {
    static INDEX: OnceLock<FnvHashMap<&'static str, &'static Operation>> = OnceLock::new();
    INDEX.get_or_init(|| {
        operations()
            .iter()
            .flat_map(|o| {
                std::iter::once(o.name)
                    .chain(o.aliases.iter().copied())
                    .map(move |n| (n, o))
            })
            .collect()
    })
}

/// Applies the operation called `name` to `args`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an unknown name (with the nearest known one) or wrong
/// arguments; the operation's own errors.
///
/// ```
/// use cute_tools::registry::call;
/// let args = vec!["(4,2,3):(2,1,8)".parse()?, "4:2".parse()?];
/// assert_eq!(call("logical_divide", args)?.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// assert!(call("logical_divid", vec![]).unwrap_err().to_string().contains("did you mean `logical_divide`?"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn call(name: &str, args: impl Into<Arguments>) -> Result<Value> {
    lookup(name).ok_or_else(|| unknown(name))?.call(args)
}

/// The queries whose C++ template arguments are a path to a mode, as `get`'s are:
/// `size<1,0>(L)` is `size(get<1,0>(L))` (`cute eval` reads them so), of a layout or of an
/// int-tuple.
///
/// ```
/// use cute_tools::eval::eval;
/// assert_eq!(eval("size<1>((2,(3,4)):(1,(3,12)))").unwrap().to_string(), "12");
/// assert_eq!(eval("stride<1,1>((2,(3,4)):(1,(3,12)))").unwrap().to_string(), "12");
/// assert_eq!(eval("size<1>((_4,(_8,_2)))").unwrap().to_string(), "_16");
/// assert_eq!(eval("depth<1>((_4,(_8,_2)))").unwrap().to_string(), "_1");
/// ```
pub const MODE_TEMPLATE_QUERIES: &[&str] = &["size", "cosize", "shape", "stride", "rank", "depth"];

/// The operations whose tiler may not divide the layout: (position of the layout, position of
/// the tiler, whether the result has the layout's size exactly when every tile divides its
/// mode). Their results are valid, but the last tile reads past the layout.
///
/// The divides' results have size `∏ size(Tᵢ)·size(Tᵢ*)` over the tiled modes (times the
/// untouched ones), and each factor is at least its mode's size `nᵢ` (the tiles cover the mode,
/// or the divide fails): for a layout of positive size, the sizes are equal exactly when no
/// tile reads past its mode, so that a call that ran needs no second look at its tiles
/// ([`PendingWarnings::after`]).
const TILED_BY: &[(&str, usize, usize, bool)] = &[
    ("logical_divide", 0, 1, true),
    ("zipped_divide", 0, 1, true),
    ("tiled_divide", 0, 1, true),
    ("flat_divide", 0, 1, true),
    ("local_tile", 0, 1, false),
    ("inner_partition", 0, 1, false),
    ("outer_partition", 0, 1, false),
];

/// The warnings of a call that is about to run, as far as they are known before it runs
/// ([`pending_warnings`]); [`PendingWarnings::after`] completes them with its result.
pub(crate) enum PendingWarnings {
    /// Known before the call.
    Known(Vec<cute_layout::error::Warning>),
    /// A divide of a layout of `size` elements: its tiles are looked at only where its result
    /// is larger.
    BySize { op: &'static Operation, size: i64 },
}

/// The warnings of calling `op` with `args`: those of [`warnings_of`], for a divide of a layout
/// deferred to its result ([`PendingWarnings::after`]), which in the common case (every tile
/// divides its mode) spares looking at the tiles a second time.
pub(crate) fn pending_warnings(op: &'static Operation, args: &[Value]) -> PendingWarnings {
    let Some(&(_, l, t, sized)) = TILED_BY.iter().find(|(n, ..)| *n == op.name) else {
        return PendingWarnings::Known(Vec::new());
    };
    let size = match args.get(l) {
        Some(Value::Layout(x) | Value::LayoutOffset(x, _)) if sized && t < args.len() => {
            x.size().ok().map(Int::value)
        }
        _ => None,
    };
    match size {
        Some(size) if size > 0 => PendingWarnings::BySize { op, size },
        _ => PendingWarnings::Known(warnings_of(op, args)),
    }
}

impl PendingWarnings {
    /// The warnings of the call of `args`, given its result.
    pub(crate) fn after(self, args: &[Value], result: &Value) -> Vec<cute_layout::error::Warning> {
        match self {
            PendingWarnings::Known(w) => w,
            PendingWarnings::BySize { op, size } => {
                let result_size = match result {
                    Value::Layout(r) | Value::LayoutOffset(r, _) => r.size().ok(),
                    _ => None,
                };
                if result_size.is_some_and(|n| n.value() == size) {
                    return Vec::new();
                }
                warnings_of(op, args)
            }
        }
    }
}

/// The warnings of calling the operation `name` with `args` (before it runs): for the divides
/// and tilings, a tiler that does not divide the layout
/// ([`cute_layout::algebra::divide::uneven_tiles`]). Empty for wrong arguments, which the call
/// itself reports.
///
/// ```
/// use cute_tools::registry::warnings;
/// let w = warnings("zipped_divide", &["10:1".parse()?, "4".parse()?]);
/// assert!(w[0].message.contains("needs predication"));
/// assert!(warnings("logical_divide", &["12:1".parse()?, "4".parse()?]).is_empty());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn warnings(name: &str, args: &[Value]) -> Vec<cute_layout::error::Warning> {
    lookup(name).map_or_else(Vec::new, |op| warnings_of(op, args))
}

/// [`warnings`] of the operation `op` (the evaluator's path, which has looked `op` up already).
pub(crate) fn warnings_of(
    op: &'static Operation,
    args: &[Value],
) -> Vec<cute_layout::error::Warning> {
    let Some(&(_, l, t, _)) = TILED_BY.iter().find(|(n, ..)| *n == op.name) else {
        return Vec::new();
    };
    if args.len() <= l.max(t) || args.iter().any(|a| a.kind().is_identity()) {
        return Vec::new();
    }
    let a = Args::new(op, args);
    let uneven = || -> Result<Vec<cute_layout::error::Warning>> {
        let layout = match &a.items[l] {
            Value::LayoutOffset(tensor, _) => std::borrow::Cow::Borrowed(&**tensor),
            _ => a.layout(l)?,
        };
        cute_layout::algebra::divide::uneven_tiles(op.name, &layout, &*a.tiler(t)?)
    };
    uneven().unwrap_or_default()
}

/// The operations as a Markdown table (name, signature, description, example): the user guide's
/// list of operations (`docs/guide/operations.md`), which a test keeps equal to this.
///
/// ```
/// let md = cute_tools::registry::markdown();
/// assert!(md.contains("| `logical_divide(L, tiler)` |"));
/// ```
pub fn markdown() -> String {
    let mut out = String::from("| operation | what it gives | example |\n|---|---|---|\n");
    for op in operations() {
        let cell = |s: &str| s.replace('|', "\\|");
        out.push_str(&format!(
            "| `{}`{} | {} | `{}` = `{}` |\n",
            cell(op.signature),
            also(op),
            cell(op.summary),
            cell(op.example),
            cell(op.expected)
        ));
    }
    out
}

/// The operations as plain text (`cute ops`): each signature with its aliases, then its
/// description and example, indented.
///
/// ```
/// let text = cute_tools::registry::listing();
/// assert!(text.contains("logical_divide(L, tiler)\n    "));
/// ```
pub fn listing() -> String {
    let mut out = String::new();
    for op in operations() {
        out.push_str(&format!(
            "{}{}\n    {}\n    e.g. {} = {}\n",
            op.signature,
            also(op),
            op.summary,
            op.example,
            op.expected
        ));
    }
    out
}

/// An operation's other names, as the listings show them: `` (also `NAME`)`` each.
fn also(op: &Operation) -> String {
    op.aliases
        .iter()
        .map(|a| format!(" (also `{a}`)"))
        .collect()
}

/// The error of an unknown operation name, suggesting the nearest known one.
#[cold]
pub(crate) fn unknown(name: &str) -> LayoutError {
    if let Some(e) = cute_layout::notation::cpp_only_call(name) {
        return e;
    }
    let shown = cute_layout::limits::echo(name);
    LayoutError::InvalidArgument {
        op: "eval",
        detail: match nearest(name) {
            Some(near) => format!("unknown operation `{shown}`; did you mean `{near}`?"),
            None => format!("unknown operation `{shown}`"),
        },
        hint: "run `cute ops` for the list of operations",
    }
}

/// The known name closest to `name` in edit distance, if it is close (at most a third of its
/// letters differ). The distance is at least the difference of the lengths, so only names of
/// about `name`'s length are compared: the search costs `O(len(name))` per known name, and
/// nothing for a name far longer than any known one.
fn nearest(name: &str) -> Option<&'static str> {
    let near_in_length = |known: &str| name.len().abs_diff(known.len()) * 3 <= known.len().max(3);
    operations()
        .iter()
        .flat_map(|o| std::iter::once(o.name).chain(o.aliases.iter().copied()))
        .filter(|known| near_in_length(known))
        .map(|known| (edit_distance(name, known), known))
        .filter(|&(d, known)| d * 3 <= known.len().max(3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, known)| known)
}

/// Levenshtein distance, over bytes.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (diag + usize::from(x != y)).min(up + 1).min(row[j] + 1);
            diag = up;
        }
    }
    row[b.len()]
}
